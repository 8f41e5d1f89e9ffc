/*
 * store.h - the server's storage: tables, seats and every action in SQLite (WAL mode) or in
 * PostgreSQL, the two backends of one interface (backend.h). Internal to the server.
 *
 * The table logic (table.c) calls the store inside its own lock and tells clients of a change
 * only after the store has committed it, so a crash (even kill -9) loses nothing a client was
 * told. The database holds each table (game, parameters, seed, version, status), its seats
 * (the kind and, once claimed, the SHA-256 of the token, never the token), every action of its
 * history in notation with the time it was made, and, once the game is over, the record
 * (the same JSON `quiver replay` reads). A table that is not over is rebuilt at start-up by
 * replaying its stored actions.
 *
 * Thread-safe: one connection behind a mutex; every function is one transaction.
 */
#ifndef QUIVER_SERVER_STORE_STORE_H
#define QUIVER_SERVER_STORE_STORE_H

#include <stdbool.h>
#include <stdint.h>

#include "quiver/game.h"

typedef struct qv__store qv__store;

/* A seat as stored: its kind ("human" or a level), the token hash ("" while unclaimed) and
 * the hash of the player key that claimed it ("": none, or claimed without a key); name: the
 * name of a seat claimed as its table is saved (a rematch: the player key is seen under it),
 * NULL otherwise and when read back. */
typedef struct qv__store_seat {
	char kind[16];
	char hash[65];
	char player[65];
	const char *name;
} qv__store_seat;

/* One history entry as stored. */
typedef struct qv__store_move {
	const char *who;  /* "p1".. or "chance" */
	const char *text; /* notation */
	bool automatic;   /* applied by the match as the only option */
	double at;        /* seconds since the epoch */
} qv__store_move;

/* A table read back from the database. The strings belong to the store for the duration of
 * the visit. */
typedef struct qv__stored_table {
	const char *id;
	const char *game;
	const char *params; /* JSON object text */
	uint64_t seed;
	bool private_;
	long long v;
	const char *status; /* "waiting", "playing" or "over" */
	double created;
	int ai_starts;       /* AI searches begun and not ended (the process died during them) */
	const char *stopped; /* why the table stopped playing itself, or NULL */
	const char *creator; /* the client address that created it, or NULL */
	const char *people;  /* what the table keeps of its people (JSON object text), or NULL */
	const char *variant; /* the resolved document of the variant played (JSON object text),
	                      * NULL for a built-in set or a game without components */
	int nseats;
	qv__store_seat seats[QV_MAX_PLAYERS];
	int nmoves;
	const char **moves; /* notation of each history entry, in order */
} qv__stored_table;

/* Whether the --db text db names a PostgreSQL database: a URI postgresql://... or
 * postgres://..., or libpq's key=value form (it holds a '='); anything else is an SQLite
 * file's path. */
bool qv__store_is_pg(const char *db);

/* The database db names as the operator's log and messages name it, into out (len bytes): its
 * path, or its connection string with the password hidden. */
void qv__store_name(const char *db, char *out, size_t len);

/* What the files beside the database (the flight recorder's DB-flight, flight.h) are named
 * after, into out (len bytes): an SQLite database's path; for PostgreSQL, which has no file
 * here, quiver-pg-HASH in the working folder, HASH the connection string's (so that a server
 * started again on the same database with the same string finds its flight record). */
void qv__store_flight_base(const char *db, char *out, size_t len);

/* Opens the database db names (qv__store_is_pg): a PostgreSQL database through libpq, its
 * schema made when it has none; or SQLite's file at the path db (creating it if needed) in
 * WAL mode. The message names the database (a connection string without its password) and
 * the reason when it cannot (not a database, read-only, made by a newer quiver, no server
 * there, a password refused). */
qv_status qv__store_open(qv__store **out, const char *db, qv_err *err);

/* The default of `quiver serve --db-timeout`: how long one operation of the store may take,
 * its wait for a connection included, on either backend; quiver keeps it itself (store.h's
 * operations fail as slow past it, whatever the database does). */
#define QV__STORE_TIMEOUT_MS 5000

/* The default of `quiver serve --db-connections`: the connections of a process's pool to
 * PostgreSQL, besides the one that holds its tables' locks (postgres_impl.h). */
#define QV__STORE_CONNECTIONS     4
#define QV__STORE_CONNECTIONS_MAX 32

/* The beginning of the message of a store that did not answer within its timeout (a
 * statement cancelled, a lock not granted): what the players read is that the site is slow
 * and their act was not done. */
#define QV__STORE_SLOW "the site is slow"

/* qv__store_open with the operations' timeout timeout_ms (kept by quiver: a wait for the
 * store's lock or a connection, SQLite's wait for another program's write lock, and every
 * PostgreSQL statement, whose connection is cut when it has not answered by then, as well as
 * PostgreSQL's own statement and lock timeouts: postgres_conn.c) and, on PostgreSQL, a pool of
 * conns connections (1 to 32); SQLite has one connection. */
qv_status qv__store_open_limits(qv__store **out, const char *db, int timeout_ms, int conns,
                                qv_err *err);
void qv__store_close(qv__store *s);

/* The calling thread's operations on s from now on share one deadline, the store's timeout from
 * since (when the request came: qv__jobs_since; 0 or later than now: now), until
 * qv__store_request_end: a request (api/http.c) or a WebSocket message (ws/channel.c) answers
 * within the timeout of its coming however many operations it makes, where each of them waited
 * its own whole timeout before (a table's creation took two on a frozen PostgreSQL, 10 s), and
 * however long it waited for a worker: while every worker waits on a frozen database, the
 * requests queued behind them are answered "the site is slow" as soon as a worker takes them,
 * not a whole timeout after it (creates had no answer within 20 s in the audit's pgfreeze). A
 * request that waited for a worker past the timeout is late on a healthy store too, and is
 * refused so at its first operation (on SQLite, its first that would wait), as HAProxy's
 * `timeout queue` refuses a request queued too long. */
void qv__store_request_begin(const qv__store *s, double since);
void qv__store_request_end(void);
/* The deadline of an operation of the calling thread beginning now: the store's timeout from
 * now, or the request's deadline when that comes first (the drivers, when they take a
 * connection). */
double qv__store_until(const qv__store *s);

/* The changes of tables (made, a seat claimed, a move, their people) the store refused since
 * it was opened, for /metrics. */
long long qv__store_failures(qv__store *s);

/* The name this process gives itself in the database (PostgreSQL's application_name: "quiver
 * serve 1234@host", as pg_stat_activity lists it), set once before the store is opened (the
 * default: "quiver"); and the name as set. A site's running servers are the names beginning
 * with QV__STORE_SERVE_NAME (`quiver admin` waits for each of them). */
#define QV__STORE_SERVE_NAME "quiver serve "
void qv__store_application(const char *name);
const char *qv__store_application_name(void);

/* The longest GET /api/health waits for the database: a proxy's check (docs/deploy/: 3 s)
 * hears the 503 of a database that hangs in time, and keeps the process serving what it can. */
#define QV__HEALTH_MS 2000

/* Asks the store whether a move could be saved now, and times the answer, for GET /api/health:
 * SQLite begins a write transaction and rolls it back (a write lock another program holds
 * answers as slow), PostgreSQL answers "SELECT 1" on a connection of the pool; QV_EIO with the
 * reason when the database does not answer within the store's timeout or QV__HEALTH_MS,
 * whichever is shorter. */
qv_status qv__store_ping(qv__store *s, double *seconds, qv_err *err);

/* Whether the database failed the last change of a table or health check (QV_EIO: it did not
 * answer, or refused, as a database that is down or hangs does), until one succeeds: the
 * server then says so with every answer (docs/server/storage.md, "When the database is down"). */
bool qv__store_down(qv__store *s);

struct qv__histogram;
/* Times every change of a table (made, a seat claimed, a move, its people) in h (metrics.h)
 * from now on; NULL stops. */
void qv__store_time(qv__store *s, struct qv__histogram *h);

/* A new table with its seats and the history it starts with (forced opening moves). */
qv_status qv__store_insert_table(qv__store *s, const qv__stored_table *t,
                                 const qv__store_move *moves, qv_err *err);

/* Records the hash of a claimed seat, the table's new status and, unless it is NULL, what
 * the table keeps of its people. player, unless NULL or "", is the hash of the player key
 * that claimed it: the seat is linked to it, and the player is kept (with name, unless NULL
 * or "", as the name it last took a seat under). */
qv_status qv__store_claim(qv__store *s, const char *id, int seat, const char *hash,
                          const char *player, const char *name, const char *status,
                          const char *people, qv_err *err);

/* The name a player key last took a seat under into name (len bytes; "" when none):
 * 1 when the key is kept, 0 when it is not, -1 when the database failed. */
int qv__store_player_name(qv__store *s, const char *player, char *name, size_t len);

/* A seat claimed with a player key, as qv__store_player_tables lists it. */
typedef struct qv__player_seat {
	char id[17]; /* the table's */
	int seat;    /* 0-based */
	bool over;
	double finished; /* epoch s when the game ended; 0: not over */
} qv__player_seat;

/* The seats claimed with player key hash `player` or with any key linked to account id
 * `account` (0: none), at most max of them into out (*n): those of tables not over first, then
 * those of finished tables; each group newest first. */
qv_status qv__store_player_tables(qv__store *s, const char *player, long long account, int max,
                                  qv__player_seat *out, int *n, qv_err *err);

/* One change of a table's game (qv__store_change). */
struct qv__store_result;
typedef struct qv__store_update {
	const char *id;
	/* What the store must hold for the change to apply, the table's version and count of
	 * actions as they were saved: a change built on anything else is refused (QV_ESTATE, the
	 * message naming both), never written. */
	long long from_v;
	int had;
	long long v;        /* the new version */
	const char *status; /* the new status */
	bool same_status;   /* it is the status saved: the row's is left as it is */
	int keep;           /* the first `keep` actions stay; `moves` follow as keep, keep+1... */
	const qv__store_move *moves;
	int nmoves;
	bool ai_done;       /* clears the mark of qv__store_ai_start */
	const char *people; /* JSON text replacing what the table keeps of its people; NULL: kept */
	/* The record and info (JSON texts) once the game is over (record NULL: not over), and
	 * then, with rated (NULL: none), the result of a rated table's game, rated in the same
	 * transaction (ratings.h; once per table). */
	const char *record, *info;
	const struct qv__store_result *rated;
} qv__store_update;

/* Applies one change of a table's game in one transaction, or nothing. */
qv_status qv__store_change(qv__store *s, const qv__store_update *up, qv_err *err);

/* Replaces what the table keeps of its people (names, invites, clocks, offers, chat: a JSON
 * object text), for a change that is not a move. */
qv_status qv__store_people(qv__store *s, const char *id, const char *people, qv_err *err);

/* The same at a finished table, with its info (JSON text) replaced too. */
qv_status qv__store_people_over(qv__store *s, const char *id, const char *people, const char *info,
                                qv_err *err);

/* Records, before an AI search begins, that one is under way (a counter, cleared by the
 * qv__store_change with ai_done that follows the search): a table found with a count at
 * start-up was searching when the process died. */
qv_status qv__store_ai_start(qv__store *s, const char *id, qv_err *err);
/* Clears that mark when the search ended without a change to save (the table moved on). */
qv_status qv__store_ai_end(qv__store *s, const char *id, qv_err *err);

/* Takes back the count qv__store_ai_start made on table id (or on every table, id NULL) when
 * the process that made it died: that death is not counted against the table's search (see
 * the crash-loop guard in server.c). */
qv_status qv__store_ai_forgive(qv__store *s, const char *id, qv_err *err);

/* A rematch, in one transaction: finished table id's people and info (as
 * qv__store_people_over, which record the rematch) and the new table made with its seats (as
 * qv__store_insert_table); either both are kept or neither. */
qv_status qv__store_rematch(qv__store *s, const char *id, const char *people, const char *info,
                            const qv__stored_table *made, const qv__store_move *moves, qv_err *err);

/* Records why the table stopped playing itself (and clears the AI mark). */
qv_status qv__store_stop(qv__store *s, const char *id, const char *why, qv_err *err);

/* Removes a table with its seats and actions. */
qv_status qv__store_delete(qv__store *s, const char *id, qv_err *err);

/* Removes every waiting table created before `before` (seconds since the epoch); *count says
 * how many. */
qv_status qv__store_delete_waiting(qv__store *s, double before, int *count, qv_err *err);

/* The info and (when record is not NULL) the record of a finished table, as stored when its
 * game ended, in malloc'ed strings: 1 when found, 0 when the table is not over or has none
 * stored (a database of an older quiver), -1 on an error. */
int qv__store_get_over(qv__store *s, const char *id, char **info, char **record);

/* Calls visit for every table that is not over, in order of creation, without holding the
 * store's lock (a visit may call the store). A non-zero status from visit stops the walk and
 * is returned. */
typedef qv_status (*qv__store_visit_fn)(void *ctx, const qv__stored_table *t, qv_err *err);
qv_status qv__store_load_open(qv__store *s, qv__store_visit_fn visit, void *ctx, qv_err *err);

/* The ids of the tables not over, in order of creation, into *ids (malloc'ed, NULL when there
 * is none), *n of them. A process starting on a store several processes share takes and reads
 * those it can one by one (server.c), each read under a deadline of its own, where
 * qv__store_load_open would read every table of the site, with its actions, under one. */
qv_status qv__store_open_ids(qv__store *s, char (**ids)[17], int *n, qv_err *err);

/* Calls visit for table id, whatever its status, without holding the store's lock; QV_ESTATE
 * when there is no such table. */
qv_status qv__store_load_one(qv__store *s, const char *id, qv__store_visit_fn visit, void *ctx,
                             qv_err *err);

/* Several processes on one database (PostgreSQL): the tables each holds, the lease, the
 * sweeper's election, the notifications, the news and the published rows are the part of
 * owners.h, over this store. */

/* For copying a whole database (copy.h): every row of `select` (a SELECT without
 * parameters) to fn, each value as text (NULL for SQL NULL; a real in digits that read back as
 * the same double), until fn returns non-zero, which is returned; and one statement with text
 * parameters $1..$n run (values[i] NULL: SQL NULL), BEGIN and COMMIT among them. */
typedef qv_status (*qv__store_row_fn)(void *ctx, int n, const char *const *values);
qv_status qv__store_rows(qv__store *s, const char *select, qv__store_row_fn fn, void *ctx,
                         qv_err *err);
qv_status qv__store_run(qv__store *s, const char *sql, int n, const char *const *values,
                        qv_err *err);
/* qv__store_rows of a SELECT with text parameters $1..$nargs (args[i] NULL: SQL NULL), in SQL
 * both backends read alike (`quiver admin`, admin.h). Each $N is args[N-1] on both backends,
 * in any order in the text (SQLite's numbering by place is undone by binding each by its name,
 * qv__sqlite_bind_args); the same holds for qv__store_run. */
qv_status qv__store_query(qv__store *s, const char *select, int nargs, const char *const *args,
                          qv__store_row_fn fn, void *ctx, qv_err *err);
/* A qv__store_row_fn for a SELECT of one count: its first value into ctx (a long long; 0 for
 * none or NULL). */
qv_status qv__store_count_row(void *ctx, int n, const char *const *values);

#endif
