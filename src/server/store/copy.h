/*
 * copy.h - a whole store copied into an empty one of either backend (`quiver db copy`):
 * SQLite into PostgreSQL and back, or between two of one kind. Internal to the server's
 * library; the command is src/cli/db.c.
 */
#ifndef QUIVER_SERVER_STORE_COPY_H
#define QUIVER_SERVER_STORE_COPY_H

#include <stdio.h>

#include "quiver/core.h"

/* Copies every row of every table of the store (tables, seats, actions, players, accounts,
 * recovery, sessions, ratings, rating_history, rated, and the operator's bans, suspensions,
 * audit and the players' reports, mutes and blocks) from the database `from` names into the
 * one `to` names
 * (each as `quiver serve --db` reads it: a path or a connection string), in one transaction on
 * `to`, which must be empty (a new file or database gets the schema as it opens); then reads
 * every table back from both and compares them row by row (each row's values alike, reals as
 * doubles), as a multiset. Tells its progress to `progress` (NULL: silent), a line per table.
 * The message names the table and the first row that differs, or the store's reason. Neither
 * database is changed on a failure but `to`'s schema made as it opened. */
qv_status qv__store_copy(const char *from, const char *to, FILE *progress, qv_err *err);

#endif
