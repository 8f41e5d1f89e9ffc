/*
 * admin.h - the running server's side of the operator's tools (`quiver admin`, src/cli/admin.c):
 * what an operator did from another process on the server's database reaches the server here.
 * Internal to the server.
 *
 * `quiver admin` writes each act in the store's table audit (store/admin_schema.c), with what it
 * can change itself in the same transaction (a ban, a suspension and the end of its sessions); what
 * only the process holding a table can do (end it, hide one of its chat lines) and what each
 * process keeps in memory (the banned addresses; the players' channels of a suspended account)
 * is left to the servers: each reads the audit's new lines about twice a second (POLL_MS,
 * admin.c) on a thread of its own, the same way on SQLite and on PostgreSQL, does what the line
 * asks, and marks it done with what it did (`done`, `outcome`), which `quiver admin` waits for.
 * A line not done when the server starts is done then.
 */
#ifndef QUIVER_SERVER_STATE_ADMIN_H
#define QUIVER_SERVER_STATE_ADMIN_H

#include <stdbool.h>
#include <stddef.h>

#include "quiver/core.h"

struct qv__server;
struct qv__store;
typedef struct qv__admin qv__admin;

/* The most characters of an operator's reason, and its bytes with the NUL (table.h's
 * QV__ENDED_WHY: a table's end keeps it). */
#define QV__ADMIN_WHY_CHARS 200
#define QV__ADMIN_WHY       (QV__ADMIN_WHY_CHARS * 4 + 1)
/* The most characters of a moderator's name in the audit (`quiver admin --as NAME`), and its
 * bytes with the NUL. */
#define QV__ADMIN_WHO_CHARS 64
#define QV__ADMIN_WHO       (QV__ADMIN_WHO_CHARS * 4 + 1)

/* How often a server reads the audit's new lines, in milliseconds. */
#define QV__ADMIN_POLL_MS 500

/* Reads the banned addresses, does the lines not done yet, and starts the thread that reads
 * the new ones; the caller stores *out in srv->admin. The message names what failed. */
qv_status qv__admin_start(struct qv__server *srv, qv__admin **out, qv_err *err);
/* Stops the thread (waits for it) and frees a; NULL: nothing. */
void qv__admin_stop(qv__admin *a);

/* Whether client address addr (as addr.h counts it: IPv4, or an IPv6 /64) is banned, with the
 * ban's reason into why (len bytes; "" when none was given). Any thread; a NULL a bans
 * nobody. */
bool qv__admin_banned(qv__admin *a, const char *addr, char *why, size_t len);

/* Whether account id `account` is suspended, with the reason into why (len bytes; "" when none
 * was given): 1 suspended, 0 not, -1 the database failed. */
int qv__admin_suspended(struct qv__store *s, long long account, char *why, size_t len);

#endif
