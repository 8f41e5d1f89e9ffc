/*
 * admin_bans.h - `quiver admin ban` and `unban` on a site of several processes (PostgreSQL):
 * the answer waits until every running `quiver serve` on the database has the ban in force, or
 * names those that did not within the wait (admin_bans.c).
 */
#ifndef QUIVER_CLI_ADMIN_BANS_H
#define QUIVER_CLI_ADMIN_BANS_H

#include "server/store/store.h"

typedef struct admin_bans admin_bans;

/* Starts hearing what the running servers say (before the act is written, so that no answer is
 * missed); NULL after a message when it cannot. */
admin_bans *admin_bans_hear(qv__store *s, double wait);

/* Waits up to `wait` seconds (from when it began to hear) until every running server says that
 * line `id` of the audit is in force there; prints what happened, stops hearing, frees b, and
 * returns the command's exit code (1 when a running server did not answer, naming it). action
 * and target name the act, ok what it does ("refused from now on"). */
int admin_bans_wait(admin_bans *b, long long id, const char *action, const char *target,
                    const char *ok);
/* Stops hearing and frees b (an act that could not be written). */
void admin_bans_stop(admin_bans *b);

#endif
