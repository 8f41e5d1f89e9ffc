/*
 * admin_list.h - the lists of `quiver admin` (admin_list.c: tables, a table's chat, the audit)
 * and what the command (admin.c) hands them.
 */
#ifndef QUIVER_CLI_ADMIN_LIST_H
#define QUIVER_CLI_ADMIN_LIST_H

#include <stdbool.h>
#include <stddef.h>

#include "server/store/store.h"

/* An option of a subcommand, as the command read them. */
typedef struct admin_args {
	const char *db;
	const char *reason; /* NULL: none given */
	const char *status; /* tables: NULL, or waiting, playing, over */
	const char *game;   /* tables: NULL, or a game's name */
	long limit;         /* tables, audit: how many at most */
	double wait;        /* seconds to wait for a running server */
	const char *pos[2]; /* the positional arguments */
	int npos;
	const char *as; /* --as: the moderator's name for the audit (NULL: none given) */
} admin_args;

/* Epoch seconds as "2026-11-27 03:40:01Z" into out (len bytes); "-" for 0. */
void admin_time(double at, char *out, size_t len);

/* The subcommands that list: each returns the command's exit code. */
int admin_tables(qv__store *s, const admin_args *a);
int admin_chat(qv__store *s, const admin_args *a);
int admin_audit(qv__store *s, const admin_args *a);
int admin_reports(qv__store *s, const admin_args *a);

/* Whether the store has table id (1), has not (0, with a message naming it), or failed (-1,
 * with a message): the message printed. */
int admin_table_known(qv__store *s, const char *id, bool *over);

#endif
