/*
 * store_impl.h - what the files of the store share: its struct, and the part of schema 6 that
 * store_accounts.c keeps (its tables and statements), and of schema 7 that store_ratings.c keeps,
 * which store.c runs and prepares when the store opens and finalizes when it closes. Internal to
 * the store: the rest of the server sees only store.h, store_accounts.h and store_ratings.h.
 */
#ifndef QUIVER_SERVER_STORE_IMPL_H
#define QUIVER_SERVER_STORE_IMPL_H

#include <pthread.h>
#include <stdbool.h>

#include <sqlite3.h>

#include "quiver/core.h"

/* Room for store.c's statements (it checks that it has enough). */
#define QV__STORE_ST_MAX 40

struct qv__store {
	sqlite3 *db;
	pthread_mutex_t lock;
	sqlite3_stmt *st[QV__STORE_ST_MAX];
	sqlite3_stmt **acct; /* store_accounts.c's statements (NULL until prepared) */
	sqlite3_stmt **rate; /* store_ratings.c's */
	char path[256];
	/* The checkpointer: its own connection and thread, stopped through ck_stop. */
	sqlite3 *ck_db;
	pthread_t ck_thread;
	bool ck_running, ck_stop, ck_now;
	pthread_mutex_t ck_lock;
	pthread_cond_t ck_cond;
};

/* The steps of store_accounts.c and store_ratings.c (store_steps.c; store.c keeps its own):
 * a failure with SQLite's message (QV_ENOMEM or QV_EIO); a statement without rows run, reset
 * and unbound; text bound in place (NULL: SQL NULL; every text outlives its step) and read
 * ("" for NULL). */
qv_status qv__store_fail(struct qv__store *s, qv_err *err, const char *doing);
qv_status qv__store_step(struct qv__store *s, sqlite3_stmt *st, qv_err *err, const char *doing);
void qv__store_bind_text(sqlite3_stmt *st, int i, const char *text);
const char *qv__store_text(sqlite3_stmt *st, int i);

/* Schema 6's tables of accounts (accounts, recovery, sessions, with their indexes), made at
 * every open, after the upgrades; and what a version-5 database lacks besides (the column
 * account of players, which store.c's own schema gives a new database). */
extern const char *const qv__store_accounts_schema;
extern const char *const qv__store_accounts_upgrade_5_to_6;

/* Prepares store_accounts.c's statements into s->acct; the message names the failure. */
qv_status qv__store_accounts_prepare(struct qv__store *s, qv_err *err);

/* Finalizes them (nothing when they were never prepared). */
void qv__store_accounts_close(struct qv__store *s);

/* Schema 7's tables of ratings (ratings, rating_history, rated), made at every open (a
 * version-6 database lacks only them). */
extern const char *const qv__store_ratings_schema;

/* Prepares store_ratings.c's statements into s->rate; finalizes them (nothing when never
 * prepared). */
qv_status qv__store_ratings_prepare(struct qv__store *s, qv_err *err);
void qv__store_ratings_close(struct qv__store *s);

struct qv__store_result;

/* Inside the transaction that saves the end of rated table id: applies its result's ratings
 * (store_ratings.c says who is rated and how), once: a table rated already changes nothing. */
qv_status qv__store_ratings_apply(struct qv__store *s, const char *id,
                                  const struct qv__store_result *r, qv_err *err);

/* Inside a transaction: deletes an account's ratings and their history. */
qv_status qv__store_ratings_forget(struct qv__store *s, long long account, qv_err *err);

#endif
