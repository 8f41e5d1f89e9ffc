/*
 * sqlite_impl.h - what the files of the SQLite store share (sqlite*.c): the backend's state, a
 * qv__sqlite that begins with the store's shared struct (backend.h), and the steps its files
 * take on it: the store's lock taken by a deadline, a failure worded with SQLite's message,
 * text bound and read, the driver's statements prepared, the copy's rows and statements, the
 * health check's probe, and the checkpointer. Internal to the store, as backend.h.
 */
#ifndef QUIVER_SERVER_STORE_SQLITE_IMPL_H
#define QUIVER_SERVER_STORE_SQLITE_IMPL_H

#include <pthread.h>
#include <stdbool.h>

#include <sqlite3.h>

#include "server/store/backend.h"

/* SQLite's store: the shared struct first (a qv__store * of SQLite's points to it), then the
 * one connection, its lock and statements, and the checkpointer's connection and thread. */
typedef struct qv__sqlite {
	qv__store base;
	sqlite3 *db;
	pthread_mutex_t lock;
	qv__store_conn conn; /* the driver's connection for an operation: the store's own */
	sqlite3_stmt **body; /* the driver's statements (NULL until prepared) */
	char path[256];
	/* The checkpointer: its own connection and thread, stopped through ck_stop. */
	sqlite3 *ck_db;
	pthread_t ck_thread;
	bool ck_running, ck_stop, ck_now;
	pthread_mutex_t ck_lock;
	pthread_cond_t ck_cond;
} qv__sqlite;

/* SQLite's state of a store SQLite opened (qv__store_sqlite_open). */
static inline qv__sqlite *qv__sqlite_of(qv__store *s) { return (qv__sqlite *)s; }

/* SQLite's rows and statements for copying (sqlite_rows.c), which sqlite.c's table names. */
qv_status qv__sqlite_rows(qv__store *s, const char *select, int nargs, const char *const *args,
                          qv_status (*fn)(void *ctx, int n, const char *const *values), void *ctx,
                          qv_err *err);
qv_status qv__sqlite_run(qv__store *s, const char *sql, int n, const char *const *values,
                         qv_err *err);
/* SQLite's probe (sqlite_driver.c). */
qv_status qv__sqlite_probe(qv__store *s, double until, qv_err *err);

/* SQLite's checkpointer (sqlite_wal.c): started once the database is open (not in memory),
 * stopped and its connection closed by qv__store_wal_stop (nothing when never started). */
qv_status qv__store_wal_start(qv__store *s, qv_err *err);
void qv__store_wal_stop(qv__store *s);

/* The steps of sqlite_rows.c (sqlite_driver.c; sqlite.c keeps its own): a failure with
 * SQLite's message (QV_ENOMEM or QV_EIO); text bound in place (NULL: SQL NULL; every text
 * outlives its step) and read ("" for NULL). */
qv_status qv__store_fail(struct qv__store *s, qv_err *err, const char *doing);
/* The store's lock taken within its timeout, the operation's deadline (its conn.until) set for
 * the busy handler; false when the time ran out (the lock held by operations waiting for
 * another program's write lock). */
bool qv__sqlite_take_by(struct qv__store *s);
/* The same by the moment `until` (qv_mono). */
bool qv__sqlite_take_until(struct qv__store *s, double until);
/* SQLite's busy handler (sqlite3_busy_handler): another program's write lock waited for until
 * the deadline of the operation that holds the store's lock, no longer. */
int qv__sqlite_busy(void *arg, int tries);
void qv__store_bind_text(sqlite3_stmt *st, int i, const char *text);
/* Text parameters $1..$n of a statement the code wrote for both backends (qv__store_rows,
 * qv__store_run, qv__store_query): values[i] bound to the parameter named $<i+1> wherever it
 * first comes in the text (SQLite numbers a $N by its place, not by N), or to the i+1-th when
 * that one has no name (a `?`); a $N the text does not use is skipped. */
void qv__sqlite_bind_args(sqlite3_stmt *st, int n, const char *const *values);
const char *qv__store_text(sqlite3_stmt *st, int i);

/* SQLite's driver (sqlite_driver.c) set up for s: the operations' statements (driver.h) prepared
 * into its body; and finalized (nothing when never prepared). */
qv_status qv__store_sqlite_prepare(struct qv__store *s, qv_err *err);
void qv__store_sqlite_unprepare(struct qv__store *s);

#endif
