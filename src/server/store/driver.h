/*
 * driver.h - the store's interface below its logic: what an operation written once (accounts.c,
 * ratings.c, tables.c, change.c, load.c) asks of a backend's driver (SQLite's sqlite_driver.c,
 * PostgreSQL's postgres_driver.c): a connection for the operation, a transaction begun and
 * finished on it, a statement run with its parameters and its rows read, the fence of a table's
 * writes where several processes share the tables, and a connection lost with a COMMIT's answer;
 * and the few differences of the two SQL dialects, as data, which turn the statements' one text
 * (statements.c) into each backend's. Internal to the store, as backend.h.
 */
#ifndef QUIVER_SERVER_STORE_DRIVER_H
#define QUIVER_SERVER_STORE_DRIVER_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "quiver/core.h"

typedef struct qv__store qv__store;
struct qv__stored_table;

/* A connection of a backend for one operation: SQLite's the store's own one, under the store's
 * lock; PostgreSQL's one of the pool (a qv__pg_conn, which begins with it); or, when none came
 * within the store's timeout, a late one (below). */
typedef struct qv__store_conn {
	qv__store *s;
	bool taken;   /* its last failed statement was refused by a unique key */
	bool late;    /* none came in time: every step on it fails as slow, give does nothing */
	double until; /* the moment (qv_mono) by which its operation must be done: taken at
	               * take, the store's timeout later */
} qv__store_conn;

/* A driver's take gives, when none came within the store's timeout (its lock, or every
 * connection of its pool, held by operations that wait for the database), a late connection of
 * its own (one per thread, `late` set): the caller's steps on it fail as slow
 * (qv__store_slow) and its give does nothing, so that every operation answers within the
 * timeout and no caller needs a path of its own for it. */

/* The store's answer to an operation that did not end within its timeout: QV_EIO, its message
 * beginning with QV__STORE_SLOW (store.h) and saying what was not done in how long. */
qv_status qv__store_slow(qv_err *err, int timeout_ms, const char *what);

/* Locks m, waiting no later than `until` (qv_mono); false when the time ran out. */
bool qv__store_lock_by(pthread_mutex_t *m, double until);

/* Every statement of the operations written once, in statements.c, which each driver prepares
 * when it opens (SQLite) or connects (PostgreSQL). */
enum {
	/* accounts (accounts.c) */
	QS_AC_INSERT,
	QS_AC_FIND,
	QS_AC_LIKE,
	QS_AC_SET_SKELETON,
	QS_AC_CODE,
	QS_AC_SESSION,
	QS_AC_LINK,
	QS_AC_TIE,
	QS_AC_SESSION_FIND,
	QS_AC_SESSION_SEEN,
	QS_AC_SESSION_END,
	QS_AC_SESSIONS_END,
	QS_AC_SESSIONS_EXPIRED,
	QS_AC_USE_CODE,
	QS_AC_PASSWORD,
	QS_AC_DELETE,
	QS_AC_CODES_DELETE,
	QS_AC_UNLINK,
	QS_AC_UNTIE,
	QS_AC_PLAYER_ACCOUNT,
	/* ratings (ratings.c) */
	QS_RT_DONE,
	QS_RT_SEATS,
	QS_RT_FARM_ADDR,
	QS_RT_FARM_PAIR,
	QS_RT_FARM_TIES,
	QS_RT_NEW,
	QS_RT_GET,
	QS_RT_PUT,
	QS_RT_HISTORY_ADD,
	QS_RT_CURRENT,
	QS_RT_HISTORY,
	QS_RT_RECENT,
	QS_RT_BOARD,
	QS_RT_FORGET,
	QS_RT_FORGET_HISTORY,
	QS_RT_TABLE,
	/* a puzzle attempt and its ratings (ratings.c) */
	QS_PZ_LOCK,
	QS_PZ_ATTEMPT,
	QS_PZ_PLAYER,
	QS_PZ_PLAYER_PUT,
	QS_PZ_GET,
	QS_PZ_PUT,
	/* tables (tables.c) */
	QS_TB_AI_START,
	QS_TB_AI_END,
	QS_TB_AI_FORGIVE,
	QS_TB_STOP,
	QS_TB_PEOPLE,
	QS_TB_PEOPLE_OVER,
	QS_TB_FENCE,
	QS_TB_DELETE_ACTIONS,
	QS_TB_DELETE_SEATS,
	QS_TB_DELETE,
	QS_TB_EXPIRE_ACTIONS,
	QS_TB_EXPIRE_SEATS,
	QS_TB_EXPIRE_TABLES,
	QS_TB_OVER,
	QS_TB_PLAYER_NAME,
	QS_TB_PLAYER_TABLES,
	QS_TB_CLAIM,
	QS_TB_STATUS,
	QS_TB_PLAYER_SEEN,
	QS_TB_INSERT,
	QS_TB_INSERT_SEAT,
	QS_TB_INSERT_ACTION,
	/* a table's change of the game (change.c) */
	QS_CH_UPDATE,
	QS_CH_UPDATE_KEEP,
	QS_CH_UPDATE_OVER,
	QS_CH_TAKE_BACK,
	QS_CH_READ_BACK,
	/* tables read back (load.c) */
	QS_LD_OPEN,
	QS_LD_OPEN_IDS,
	QS_LD_ONE,
	QS_LD_SEATS,
	QS_LD_ACTIONS,
	QS_COUNT
};

/* The statements' one text: parameters $1.., and {binary} (text compared byte by byte),
 * {rowid} (a row's order of insertion), {epoch} (the fence of a table's write: its epoch
 * compared with the parameter after the statement's last), {lock} (the rows read locked
 * until the transaction ends) and {now} (the time now, in seconds since the Unix epoch, as a
 * real) where the dialects differ. */
extern const char *const qv__store_sql[QS_COUNT];

/* What differs between the dialects, as data. */
typedef struct qv__store_dialect {
	char param;         /* the sign of a numbered parameter: '?' (SQLite), '$' (PostgreSQL) */
	const char *binary; /* the collation clause of byte order */
	const char *rowid;  /* the column of a row's order of insertion */
	const char *epoch;  /* the fence's clause, before its parameter; NULL: none (a backend
	                     * that fences nothing, whose driver's hold is NULL) */
	const char *lock;   /* the clause locking the rows read ("": a write transaction holds
	                     * the whole database) */
	const char *now;    /* the expression of the time now, in seconds since the Unix epoch */
} qv__store_dialect;

/* The two dialects (statements.c). */
extern const qv__store_dialect qv__store_sqlite_dialect;
extern const qv__store_dialect qv__store_pg_dialect;

/* Statement `which` in dialect d into out (len bytes); false when it does not fit. */
bool qv__store_sql_render(const qv__store_dialect *d, int which, char *out, size_t len);

/* The parameters of one statement, each of its type (text NULL: SQL NULL). */
#define QV__STORE_ARGS 12
typedef struct qv__store_args {
	int n;
	struct {
		char kind; /* 'i' integer, 'r' real, 't' text */
		long long i;
		double r;
		const char *t;
	} v[QV__STORE_ARGS];
} qv__store_args;

void qv__store_arg_int(qv__store_args *a, long long x);
void qv__store_arg_real(qv__store_args *a, double x);
void qv__store_arg_text(qv__store_args *a, const char *text);

/* A row of a statement's result, read through its driver (a value NULL in SQL reads as "" or
 * 0). */
typedef struct qv__store_driver qv__store_driver;
typedef struct qv__drv_row {
	const qv__store_driver *drv;
	void *impl; /* SQLite's statement; PostgreSQL's result */
	int i;      /* the row's index in PostgreSQL's result */
} qv__drv_row;
typedef void (*qv__drv_row_fn)(void *ctx, const qv__drv_row *row);

struct qv__store_driver {
	/* A connection for one operation, waited for within the store's timeout (else a late one:
	 * qv__store_conn), and given back. */
	qv__store_conn *(*take)(qv__store *s);
	void (*give)(qv__store_conn *c);
	/* Made ready for statements outside a transaction (PostgreSQL: connected again after
	 * the database went away). */
	qv_status (*ready)(qv__store_conn *c, qv_err *err);
	/* A transaction begun (made ready first), and finished: COMMIT when rc is QV_OK, else
	 * ROLLBACK and rc. */
	qv_status (*begin)(qv__store_conn *c, qv_err *err);
	qv_status (*finish)(qv__store_conn *c, qv_status rc, qv_err *err);
	/* Runs statement `which` with a's parameters (NULL: none), each row to fn (NULL: none),
	 * the count of rows it changed into *changes (unless NULL). A failure names `doing` with
	 * the database's message (c->taken: a unique key refused it). */
	qv_status (*exec)(qv__store_conn *c, int which, const qv__store_args *a, qv__drv_row_fn fn,
	                  void *ctx, long long *changes, const char *doing, qv_err *err);
	const char *(*text)(const qv__drv_row *r, int col);
	long long (*integer)(const qv__drv_row *r, int col);
	double (*real)(const qv__drv_row *r, int col);
	bool (*null)(const qv__drv_row *r, int col); /* whether the value is NULL in SQL */
	/* The fence of a table's writes (owners.h: PostgreSQL's processes share the tables, each
	 * writing only those it holds); NULL in a backend of one process (SQLite's), which holds
	 * every table and fences nothing. hold: the epoch this process holds table id at, read
	 * before the write's connection is taken, for the write's {epoch} (its last parameter);
	 * 0 when it does not hold it (the table is then among the lost, and *err says so).
	 * lose: a fenced write found another epoch in the row: the table is lost to the process
	 * that took it (let go, among the lost), and QV_ESTATE says so. */
	long long (*hold)(qv__store *s, const char *id, qv_err *err);
	qv_status (*lose)(qv__store *s, const char *id, qv_err *err);
	/* A new table held by the process that makes it, where the driver fences (NULL in
	 * SQLite's, whose new tables are at the column's default epoch 0): lock_new takes it
	 * before its row exists (PostgreSQL: its lock on the owner's connection, so that no
	 * sweeper takes it for an orphan in between), the session that took it into *session;
	 * hold_new, once its rows were written (rc), holds it at epoch 1, or lets the lock go when
	 * rc failed, and passes rc on. */
	qv_status (*lock_new)(qv__store *s, const char *id, int *session, qv_err *err);
	qv_status (*hold_new)(qv__store *s, const struct qv__stored_table *t, int session,
	                      qv_status rc, qv_err *err);
	/* A change of the game (change.c), where the driver's connections can be lost with an
	 * answer on its way (NULL in SQLite's, whose file is in the process): gone, after a failed
	 * finish, whether c's connection went (the COMMIT's answer may have gone with it, and the
	 * change is then read back on c made ready); saved, once a change of table id written at
	 * `epoch` committed, the version v its next change must find (where the table is still
	 * held at that epoch). */
	bool (*gone)(qv__store_conn *c);
	void (*saved)(qv__store *s, const char *id, long long epoch, long long v);
	const qv__store_dialect *dialect; /* what the statements are prepared in */
};

extern const qv__store_driver qv__store_sqlite_driver;
extern const qv__store_driver qv__store_pg_driver;

/* A row's values through its driver. */
static inline const char *qv__row_text(const qv__drv_row *r, int col)
{
	return r->drv->text(r, col);
}
static inline long long qv__row_int(const qv__drv_row *r, int col)
{
	return r->drv->integer(r, col);
}
static inline double qv__row_real(const qv__drv_row *r, int col) { return r->drv->real(r, col); }
static inline bool qv__row_null(const qv__drv_row *r, int col) { return r->drv->null(r, col); }

/* A row's first value, an integer, into ctx (a long long): a row function of exec. */
void qv__store_first_int(void *ctx, const qv__drv_row *row);

/* Runs statement `which` as exec does, on a connection of its own made ready, outside a
 * transaction (a write commits by itself). */
qv_status qv__store_one(qv__store *s, int which, const qv__store_args *a, qv__drv_row_fn fn,
                        void *ctx, long long *changes, const char *doing, qv_err *err);

/* A transaction of held table id's writes (tables.c), its epoch read first where the driver
 * fences (0 elsewhere; none is held while the transaction is open): body's writes on c at that
 * epoch. A body that finds another epoch in the row sets *fenced, and the table is then lost
 * (the driver's lose says so). When the finish fails after the body did all it had to, on a
 * connection the driver says is gone, lost (unless NULL) reads back on c whether the COMMIT
 * was kept anyway, and its status (and message) replaces rc's. */
typedef struct qv__store_held_tx {
	const char *id;
	qv_status (*body)(qv__store_conn *c, long long epoch, void *ctx, bool *fenced, qv_err *err);
	qv_status (*lost)(qv__store_conn *c, long long epoch, void *ctx, qv_status rc, qv_err *err);
	void *ctx;
	long long epoch; /* set: the epoch it was written at */
} qv__store_held_tx;

qv_status qv__store_in_held(qv__store *s, qv__store_held_tx *tx, qv_err *err);

/* Inside a transaction on c: a rated table's ratings applied once (ratings.h says whom and
 * how; a table rated already changes nothing), and an account's ratings and their history
 * deleted (ratings.c). */
struct qv__store_result;
struct qv__store_move;
qv_status qv__store_ratings_apply(qv__store_conn *c, const char *id,
                                  const struct qv__store_result *r, qv_err *err);
qv_status qv__store_ratings_forget(qv__store_conn *c, long long account, qv_err *err);

/* Inside a transaction on c: table id's n moves saved as its actions from..from+n-1
 * (statements.c; a new table's, and a change of the game's: change.c). */
qv_status qv__store_insert_moves(qv__store_conn *c, const char *id, int from,
                                 const struct qv__store_move *moves, int n, qv_err *err);

#endif
