/*
 * postgres_impl.h - what the files of the PostgreSQL store share (postgres*.c): the backend's
 * state, its statements (named, their text in postgres_sql.c), and the steps every operation
 * takes with them (postgres_conn.c): the connection made ready again after PostgreSQL went
 * away, a transaction begun and finished, a prepared statement run with its parameters as text,
 * and a result's values read. Internal to the store: backend.h is the rest of the server's
 * way in, through the table qv__store_pg_ops.
 *
 * Connections: a process has two kinds. The owner's connection (pg->own) holds the process's
 * advisory locks (its tables and the sweeper's), so it alone takes and lets go of tables, keeps
 * the lease, tells the other processes (NOTIFY) and runs `quiver db copy`'s and the operator's
 * statements; it is behind the store's mutex (pg->lock). Every other operation takes a connection
 * of the pool (qv__pg_take), runs its one transaction on it, and gives it back: the tables of a
 * process are written side by side, and a table whose row another session holds delays only its own
 * act. An operation on a pool connection never holds pg->lock while its transaction is open
 * (it reads the epoch it holds a table at first, and records what it learnt after), so the
 * owner's connection, which may wait on a row a pool transaction holds, never waits for pg->lock
 * in turn.
 *
 * Two locks: pg->lock is the owner's connection's (held while a statement runs on it), pg->mem
 * the memory of ownership (pg->held, pg->lost, the sweeper and the relock marks), taken for a
 * moment, after pg->lock when both are. A write's epoch is read under pg->mem alone, so that a
 * statement of the owner's connection that waits for the database never holds up the acts of
 * the tables already held.
 *
 * Deadlines: every operation has until its connection's `until` (the store's timeout after it
 * asked for the connection, or for pg->lock), and quiver keeps it itself: a wait for the pool or
 * for pg->lock ends then (the operation fails as slow), and a statement still unanswered then
 * has its connection cut by the watch (postgres_watch.c), whatever the database does (a
 * PostgreSQL stopped by SIGSTOP, or a disk that hangs, answers nothing: neither its statement
 * timeout nor TCP's keepalives, which its kernel answers, would end the wait).
 */
#ifndef QUIVER_SERVER_STORE_POSTGRES_IMPL_H
#define QUIVER_SERVER_STORE_POSTGRES_IMPL_H

#include <stdatomic.h>
#include <stdbool.h>

#include <libpq-fe.h>

#include "server/store/backend.h"

/* The schema's version this quiver knows (SQLite's SCHEMA_VERSION: the same tables and
 * columns), kept in the table quiver_schema. */
#define QV__PG_SCHEMA_VERSION 16

/* A table this process holds (postgres_own.c): its advisory lock taken on the connection, and
 * the fencing epoch and version its next write must find in the table's row. */
typedef struct qv__pg_held {
	char id[17];
	long long epoch, v;
	bool relock; /* its lock not taken yet in this session (qv__pg_relock); a session's
	              * advisory locks stack, so none is taken twice */
} qv__pg_held;

/* One connection of the store, its statements prepared once per session. */
typedef struct qv__pg_conn {
	qv__store_conn base; /* the driver's (driver.h): its store */
	PGconn *conn;
	bool prepared; /* the statements are prepared on this connection */
	bool owner;    /* the owner's connection (its session holds the advisory locks) */
	char state[6]; /* the SQLSTATE of its last failed statement ("": none) */
	/* The watch (postgres_watch.c), under its lock: a statement under way until base.until
	 * on socket fd; cut, when the watch shut the socket because the time ran out. */
	bool armed, cut;
	int fd;
	/* The session of a statement the watch cut: its backend, still alive in a PostgreSQL
	 * that hangs (its advisory locks and rows too), is ended when the connection is made
	 * again (qv__pg_ready); 0: none. */
	int stale;
} qv__pg_conn;

struct qv__pg_watch;

/* The backend's state: the store's shared struct first (a qv__store * of PostgreSQL's points to
 * it, qv__pg_of), then PostgreSQL's own. */
struct qv__pg {
	qv__store base;
	pthread_mutex_t lock; /* the owner's connection's */
	qv__pg_conn own;      /* the owner's connection, under lock */
	/* The pool: npool connections, free[k] whether pool[k] is free, under pool_lock;
	 * pool_free is signalled when one is given back. */
	qv__pg_conn *pool;
	bool *free;
	int npool;
	pthread_mutex_t pool_lock;
	pthread_cond_t pool_free;
	char name[512];      /* the connection string without its password, for the operator */
	char *conninfo;      /* the connection string itself, for the listener's own connection */
	int timeout_ms;      /* the statement timeout of every connection (qv__pg_connect) */
	pthread_mutex_t mem; /* what follows, to relock: ownership's memory (above) */
	/* Ownership (postgres_own.c), under mem: the tables held, sorted by id; the
	 * ids of those lost to another process since the server last asked (qv__store_lost); and
	 * whether this process holds the sweeper's lock. */
	qv__pg_held *held;
	int nheld, capheld;
	char (*lost)[17];
	int nlost, caplost;
	bool sweeper;
	bool relock; /* the owner's connection was made again: its advisory locks are to be
	              * taken again (postgres_conn.c sets it, qv__pg_relock clears it) */

	struct qv__pg_listener *listener; /* postgres_listen.c; NULL: not listening */
	struct qv__pg_watch *watch;       /* postgres_watch.c: the statements' deadlines */
	/* The owner's connection's backend pid (set at each connection): PostgreSQL tells a NOTIFY
	 * to every session listening, this process's listener among them, which skips the "release"
	 * requests this process sent itself. */
	atomic_int self;
};

/* PostgreSQL's state of a store PostgreSQL opened (qv__store_pg_open). */
static inline struct qv__pg *qv__pg_of(qv__store *s) { return (struct qv__pg *)s; }

/* Every statement of the backend, prepared on each connection as "qvN" (N its number). */
enum {
	/* ownership and news between processes (postgres_own.c, postgres_listen.c) */
	PG_LOCK,
	PG_UNLOCK,
	PG_TAKE,
	PG_NOTIFY,
	PG_ORPHANS,
	PG_LEASE,
	PG_NEWS_ADD,
	PG_NEWS_SINCE,
	PG_NEWS_LAST,
	PG_NEWS_EXPIRE,
	PG_LIVE_PUT,
	PG_LIVE_DROP,
	PG_LIVE_LIST,
	PG_LIVE_INFO,
	PG_LIVE_EXPIRE,
	PG_OPEN_BY,
	PG_COUNT
};

/* The statements' texts (postgres_sql.c), and the schema of version QV__PG_SCHEMA_VERSION: the
 * tables of SQLite's schema 7 with their types mapped (REAL to double precision, INTEGER to
 * bigint, TEXT to text; an account's id an identity column). */
extern const char *const qv__pg_sql[PG_COUNT];
extern const char *const qv__pg_schema;
/* What a database of schema 7 lacks: the fencing epoch of each table (the table news is made
 * by the schema itself). */
extern const char *const qv__pg_upgrade_7_to_8;
extern const char *const qv__pg_upgrade_8_to_9;
/* Version 10's tables of the operator's tools (admin_schema.c). */
extern const char *const qv__pg_admin_schema;
/* Version 13's tables of follows, presence and challenges (community_schema.c). */
extern const char *const qv__pg_community_schema;

/* The parameters of one statement, as text (libpq's text format: a number printed so that it
 * reads back exactly). */
#define QV__PG_ARGS 12
typedef struct qv__pg_args {
	int n;
	const char *v[QV__PG_ARGS];
	char num[QV__PG_ARGS][32];
} qv__pg_args;

void qv__pg_text(qv__pg_args *a, const char *text); /* NULL: SQL NULL */
void qv__pg_int(qv__pg_args *a, long long x);
void qv__pg_real(qv__pg_args *a, double x);

/* A new connection to conninfo with the limits of a store whose statement timeout is
 * timeout_ms (postgres_conn.c); PQstatus tells whether it was made. */
PGconn *qv__pg_connect(const char *conninfo, int timeout_ms);
/* The lock timeout of a store whose statement timeout is timeout_ms: half, at least 100. */
int qv__pg_lock_ms(int timeout_ms);

/* A connection of the pool for one operation, waited for within the store's timeout while
 * every one is busy (else a late one: driver.h), its deadline set; and the connection given
 * back. The owner's connection is pg->own, taken with qv__pg_own_lock. */
qv__pg_conn *qv__pg_take(qv__store *s);
void qv__pg_give(qv__pg_conn *c);
/* qv__pg_take by the moment `until` (qv_mono), the operation's deadline. */
qv__pg_conn *qv__pg_take_until(qv__store *s, double until);
/* pg->lock taken within the store's timeout, the owner's connection's deadline set; false when
 * the time ran out (pg->lock is then not held). */
bool qv__pg_own_lock(qv__store *s);

/* The watch (postgres_watch.c): a thread that cuts the socket of a connection whose statement
 * has not been answered by its deadline. start: for the owner's connection and the pool's
 * (every connection it will be asked to watch); stop: joined, freed (NULL: nothing). arm: c's
 * statement begins (false, nothing armed, when its deadline has passed already); disarm: it
 * ended, and whether the watch cut its socket meanwhile (c is then lost: libpq saw its socket
 * closed). */
qv_status qv__pg_watch_start(struct qv__pg *pg, qv_err *err);
void qv__pg_watch_stop(struct qv__pg *pg);
bool qv__pg_watch_arm(qv__pg_conn *c);
bool qv__pg_watch_disarm(qv__pg_conn *c);

/* The health check's probe (backend.h): "SELECT 1" on a connection of the pool. */
qv_status qv__pg_probe(qv__store *s, double until, qv_err *err);

/* The connection made ready for an operation: when PostgreSQL went away since the last one,
 * libpq's PQreset connects again and the statements are prepared again (the owner's: its
 * advisory locks are to be taken again, qv__pg_relock). QV_EIO with libpq's reason when it
 * cannot. The caller has the connection (taken, or pg->lock for the owner's). */
qv_status qv__pg_ready(qv__pg_conn *c, qv_err *err);

/* Prepares every statement on the connection (after it is made, and after each reset). */
qv_status qv__pg_prepare(qv__pg_conn *c, qv_err *err);

/* Runs statement `which` with a's parameters (NULL: none). *rows, unless rows is NULL, gets the
 * result of a statement that returns rows (the caller PQclear's it); *changes, unless NULL, the
 * count of rows it changed. QV_EIO with libpq's message, prefixed by `doing`, when it fails
 * (its SQLSTATE in c->state: "23505" a unique key refused it). */
qv_status qv__pg_run(qv__pg_conn *c, int which, const qv__pg_args *a, PGresult **rows,
                     long long *changes, const char *doing, qv_err *err);

/* BEGIN (after qv__pg_ready; a connection found dead at BEGIN is reset and BEGIN tried once
 * more, as nothing was done on it yet), and COMMIT when rc is QV_OK, else ROLLBACK and rc. */
qv_status qv__pg_begin(qv__pg_conn *c, qv_err *err);
qv_status qv__pg_finish(qv__pg_conn *c, qv_status rc, qv_err *err);

/* libpq's message (PQerrorMessage's, of several lines, each ended by a newline) on one line
 * into out (len bytes). */
void qv__pg_message(const char *msg, char *out, size_t len);

/* A value of a result: "" (text) or 0 for NULL. */
const char *qv__pg_str(const PGresult *r, int row, int col);
long long qv__pg_ll(const PGresult *r, int row, int col);
double qv__pg_double(const PGresult *r, int row, int col);

/* The epoch this process holds table id at, read under pg->mem, for a write on a pool
 * connection; 0 when it does not hold it (the table is then among the lost, and *err says
 * what qv__pg_not_held says). */
long long qv__pg_epoch(qv__store *s, const char *id, qv_err *err);
/* Under pg->mem: qv__pg_fenced (a write on a pool connection found another epoch). */
qv_status qv__pg_lose(qv__store *s, const char *id, qv_err *err);
/* A new table's lock taken on the owner's connection before its row exists (its session's pid
 * into *pid), and the table held at epoch 1 once its rows were written (rc), or its lock let go
 * (postgres_tables.c): the driver's lock_new and hold_new. */
qv_status qv__pg_lock_new(qv__store *s, const char *id, int *pid, qv_err *err);
qv_status qv__pg_hold_new(qv__store *s, const struct qv__stored_table *t, int pid, qv_status rc,
                          qv_err *err);
/* After a change of table id written at `epoch` committed: the version v its next change must
 * find, kept where the process still holds it at that epoch (postgres_tables.c): the driver's
 * saved. */
void qv__pg_saved(qv__store *s, const char *id, long long epoch, long long v);

/* Ownership (postgres_own.c), the caller holding pg->mem. The table id's held entry, or NULL
 * when this process does not hold it (a write then fails: qv__pg_not_held's message, and the
 * table is among the lost, for the server to let it go). */
qv__pg_held *qv__pg_held_find(qv__store *s, const char *id);
/* Adds id to the held tables (its lock taken); false when out of memory. */
bool qv__pg_held_add(qv__store *s, const char *id, long long epoch, long long v);
/* Removes id from the held tables (taking pg->mem) and lets its lock go (a table deleted, or
 * disowned); the caller holds pg->lock, not pg->mem. */
void qv__pg_let_go(qv__store *s, const char *id);
qv_status qv__pg_not_held(qv__store *s, const char *id, qv_err *err);
/* A write to a held table changed no row: another process took it (its epoch grew) or its
 * version is not the one this process knows. The table is let go (qv__store_lost tells the
 * server) and QV_ESTATE says so. */
qv_status qv__pg_fenced(qv__store *s, const char *id, qv_err *err);
/* The advisory lock's key of a table id: its 16 hex digits as 64 bits. */
long long qv__pg_key(const char *id);
/* After the owner's connection was made again (qv__pg_ready set relock: its session's locks
 * are gone), or found dead and made again here, at the next ownership call (the server's
 * listener asks for lost tables every second): each
 * held table's lock taken again, those another process took meanwhile lost; the sweeper's
 * lock forgotten. A lock statement that fails (the database away again, or slow) is no answer:
 * the table is kept, and the relock goes on from it at the next call. Until then a write is
 * still fenced by the epoch. */
void qv__pg_relock(qv__store *s);
/* The operations of ownership and news (backend.h's own.. news_since). */
int qv__pg_own(qv__store *s, const char *id, qv_err *err);
int qv__pg_nheld(qv__store *s);
void qv__pg_disown(qv__store *s, const char *id);
int qv__pg_lost(qv__store *s, char (*ids)[17], int max);
int qv__pg_orphans(qv__store *s, char (*ids)[17], int max);
bool qv__pg_elect(qv__store *s);
int qv__pg_lease(qv__store *s, double lapse);
bool qv__pg_holds(qv__store *s, const char *id);
int qv__pg_open_by(qv__store *s, const char *creator, int *searching);
qv_status qv__pg_notify(qv__store *s, const char *payload, qv_err *err);
qv_status qv__pg_listen(qv__store *s, void (*fn)(void *ctx, const char *payload), void *ctx,
                        qv_err *err);
void qv__pg_listen_stop(qv__store *s);
long long qv__pg_news_add(qv__store *s, const char *player, const char *frame, const char *origin);
long long qv__pg_news_since(qv__store *s, long long after, const char *origin,
                            void (*fn)(void *ctx, const char *player, const char *frame),
                            void *ctx);
struct qv__live_row;
qv_status qv__pg_live_sync(qv__store *s, const char *origin, const struct qv__live_row *put,
                           int nput, const char (*drop)[17], int ndrop, qv_err *err);
int qv__pg_live_list(qv__store *s, void (*fn)(void *ctx, const struct qv__live_row *row),
                     void *ctx);
char *qv__pg_live_info(qv__store *s, const char *id);

/* The rows of a SELECT text and a statement of text parameters, for copying (backend.h's
 * rows and run; postgres_conn.c). */
qv_status qv__pg_rows(qv__store *s, const char *select, int nargs, const char *const *args,
                      qv_status (*fn)(void *ctx, int n, const char *const *values), void *ctx,
                      qv_err *err);
qv_status qv__pg_run_text(qv__store *s, const char *sql, int n, const char *const *values,
                          qv_err *err);

#endif
