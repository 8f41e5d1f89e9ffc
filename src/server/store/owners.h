/*
 * owners.h - the store among several processes on one database (PostgreSQL; docs/deploy.md), a
 * part of its own over the store (owners.c): which process holds which table (taken, let go,
 * lost, orphaned, its lease kept, the sweeper elected), the notifications between processes,
 * the players' news and what each process publishes of its tables. A backend whose database
 * other processes share fills its table of these operations (backend.h's
 * qv__store_owners_ops, reached from its table of operations); a backend of one process
 * (SQLite) has none, and each function below then answers as one process's store does.
 * Internal to the server.
 *
 * On PostgreSQL a table is played by one process at a time: the one that holds it, by an
 * advisory lock on its session (which PostgreSQL lets go when the process dies) and by the
 * table's fencing epoch, which grows each time a process takes the table. Every write of a
 * table (a change, a claim, its people, the AI's mark, a stop, its deletion) is made only where
 * the row still has the epoch this process took it at and, for a change of the game, the
 * version this process last wrote: a compare-and-set, so that two processes can never both
 * apply a change at one version, even while one of them wrongly believes it holds the table. A
 * write refused so fails with QV_ESTATE, and the table is among qv__store_lost's. SQLite's file
 * is one process's: there every table is held, and nothing here does anything.
 */
#ifndef QUIVER_SERVER_STORE_OWNERS_H
#define QUIVER_SERVER_STORE_OWNERS_H

#include <stdbool.h>

#include "server/store/store.h"

/* The tables this process holds among several (PostgreSQL), or -1 alone (SQLite). */
int qv__store_held(qv__store *s);
/* Whether this process holds table id: taken and not lost (always, alone). */
bool qv__store_holds(qv__store *s, const char *id);

/* Whether other processes may share the database: PostgreSQL. */
bool qv__store_shared(const qv__store *s);

/* Takes table id for this process: 1 when it holds it (already, or taken now), 0 when another
 * process holds it, -2 when there is no such table, -1 when the database failed (why). */
int qv__store_own(qv__store *s, const char *id, qv_err *err);
/* Lets table id go (its lock; its next write would fail). */
void qv__store_disown(qv__store *s, const char *id);
/* The ids of the tables lost to another process since the last call (a write refused), at
 * most max of them into ids; how many. */
int qv__store_lost(qv__store *s, char (*ids)[17], int max);
/* The ids of tables not over that no process holds (their process died), oldest first, at
 * most max into ids; how many (0 as well when the database failed). Also forgets the news and
 * the published rows (qv__store_live_sync) that are out of date. */
int qv__store_orphans(qv__store *s, char (*ids)[17], int max);
/* Whether this process is the one that takes the orphans and sweeps: the first process to ask
 * is, until it dies (a lock of its session). */
bool qv__store_elect(qv__store *s);
/* This process's lease on its tables, kept (call it about every second): its session says it
 * is alive, and the sessions of processes that have said nothing for `lapse` seconds while
 * holding tables (a process stopped, SIGSTOP, keeps its session and its locks) are ended, so
 * that their tables become orphans for the elected process to take. How many were ended; -1
 * when the database failed; 0 on one process's database. */
int qv__store_lease(qv__store *s, double lapse);
/* The tables not over that client address `creator` made on every process of the site (the
 * per-address limits, room.c): how many, and into *searching how many of them (not stopped)
 * have a seat a search plays (easy, medium, hard); -1 on one process's database (SQLite: the
 * server counts its own), or when the database failed. */
int qv__store_open_by(qv__store *s, const char *creator, int *searching);

/* Tells every process listening on the database (this one too) payload, a short text of ids,
 * never of data: a listener that missed some reads what changed again. */
qv_status qv__store_notify(qv__store *s, const char *payload, qv_err *err);
/* Starts listening, on a thread and a connection of its own: fn(ctx, payload) for each
 * notification, fn(ctx, "") each time the listener has (re)connected (what was said while it
 * was away is lost: read again), and fn(ctx, NULL) about every second. The calls are on the
 * listener's thread, one at a time. */
qv_status qv__store_listen(qv__store *s, void (*fn)(void *ctx, const char *payload), void *ctx,
                           qv_err *err);
/* Stops the listener (waits for its thread); before qv__store_close. */
void qv__store_listen_stop(qv__store *s);

/* A player's news (a frame of ws/channel.h) for the channels of other processes: kept a few minutes
 * with the process it came from (origin); its id, 0 when it could not be kept. */
long long qv__store_news_add(qv__store *s, const char *player, const char *frame,
                             const char *origin);
/* Calls fn for each piece of news after id `after` not from origin, in order; the last id
 * read (after when none), or -1 when the database failed. With after < 0: the last id there
 * is, without calling fn. */
long long qv__store_news_since(qv__store *s, long long after, const char *origin,
                               void (*fn)(void *ctx, const char *player, const char *frame),
                               void *ctx);

/* What a process publishes of a table it holds that is not over, for the lobby and the players'
 * lists of the other processes (cluster.c). */
typedef struct qv__live_row {
	char id[17];
	bool listed;      /* the lobby lists it (qv__table_listed_locked) */
	double created;   /* epoch s */
	long long iv;     /* everything a client hears of it (the lobby's ETag) */
	const char *info; /* its info (JSON text, with names) */
	char origin[17];  /* read back: the process that published it (qv__store_live_sync's) */
} qv__live_row;

/* Publishes put (npub rows, upserted) and withdraws drop (ndrop ids: tables this process let
 * go, or that ended), as process origin, in one transaction. QV_OK doing nothing on SQLite. */
qv_status qv__store_live_sync(qv__store *s, const char *origin, const qv__live_row *put, int nput,
                              const char (*drop)[17], int ndrop, qv_err *err);
/* Calls fn for each listed table that some process holds now, in no order; how many, or -1
 * when the database failed (or on SQLite, which has no processes to hear of). */
int qv__store_live_list(qv__store *s, void (*fn)(void *ctx, const qv__live_row *row), void *ctx);
/* The info (malloc'ed JSON text) another process published of table id, or NULL. */
char *qv__store_live_info(qv__store *s, const char *id);

#endif
