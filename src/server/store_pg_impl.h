/*
 * store_pg_impl.h - what the files of the PostgreSQL store share (store_pg*.c): the backend's
 * state, its statements (named, their text in store_pg_sql.c), and the steps every operation
 * takes with them (store_pg_conn.c): the connection made ready again after PostgreSQL went
 * away, a transaction begun and finished, a prepared statement run with its parameters as text,
 * and a result's values read. Internal to the store: store_impl.h is the rest of the server's
 * way in, through the table qv__store_pg_ops.
 *
 * Locking: as in SQLite's backend, the one connection is behind the store's mutex (s->lock),
 * which every operation holds from its first statement to its last.
 */
#ifndef QUIVER_SERVER_STORE_PG_IMPL_H
#define QUIVER_SERVER_STORE_PG_IMPL_H

#include <stdbool.h>

#include <libpq-fe.h>

#include "server/store_impl.h"

/* The schema's version this quiver knows (SQLite's SCHEMA_VERSION: the same tables and
 * columns), kept in the table quiver_schema. */
#define QV__PG_SCHEMA_VERSION 7

/* The backend's state (qv__store's pg). */
struct qv__pg {
	PGconn *conn;
	bool prepared;  /* the statements are prepared on this connection */
	char name[512]; /* the connection string without its password, for the operator */
	char state[6];  /* the SQLSTATE of the last failed statement ("": none) */
};

/* Every statement of the backend, prepared on each connection as "qvN" (N its number). */
enum {
	/* tables, seats, actions, players (store_pg_tables.c, store_pg_load.c) */
	PG_INSERT_TABLE,
	PG_INSERT_SEAT,
	PG_INSERT_ACTION,
	PG_CLAIM,
	PG_STATUS,
	PG_DELETE_ACTIONS,
	PG_UPDATE,
	PG_UPDATE_OVER,
	PG_SELECT_OPEN,
	PG_SELECT_ONE,
	PG_SELECT_SEATS,
	PG_SELECT_ACTIONS,
	PG_AI_START,
	PG_AI_END,
	PG_AI_FORGIVE,
	PG_STOP,
	PG_DELETE_TABLE_ACTIONS,
	PG_DELETE_SEATS,
	PG_DELETE_TABLE,
	PG_EXPIRE_ACTIONS,
	PG_EXPIRE_SEATS,
	PG_EXPIRE_TABLES,
	PG_SELECT_OVER,
	PG_PEOPLE,
	PG_PEOPLE_OVER,
	PG_PLAYER_SEEN,
	PG_PLAYER_NAME,
	PG_PLAYER_TABLES,
	/* accounts (store_pg_accounts.c) */
	PG_AC_INSERT,
	PG_AC_FIND,
	PG_AC_CODE,
	PG_AC_SESSION,
	PG_AC_LINK,
	PG_AC_SESSION_FIND,
	PG_AC_SESSION_SEEN,
	PG_AC_SESSION_END,
	PG_AC_SESSIONS_END,
	PG_AC_SESSIONS_EXPIRED,
	PG_AC_USE_CODE,
	PG_AC_PASSWORD,
	PG_AC_DELETE,
	PG_AC_CODES_DELETE,
	PG_AC_UNLINK,
	PG_AC_PLAYER_ACCOUNT,
	/* ratings (store_pg_ratings.c) */
	PG_RT_DONE,
	PG_RT_SEATS,
	PG_RT_GET,
	PG_RT_PUT,
	PG_RT_HISTORY_ADD,
	PG_RT_CURRENT,
	PG_RT_HISTORY,
	PG_RT_RECENT,
	PG_RT_BOARD,
	PG_RT_FORGET,
	PG_RT_FORGET_HISTORY,
	PG_COUNT
};

/* The statements' texts (store_pg_sql.c), and the schema of version QV__PG_SCHEMA_VERSION: the
 * tables of SQLite's schema 7 with their types mapped (REAL to double precision, INTEGER to
 * bigint, TEXT to text; an account's id an identity column). */
extern const char *const qv__pg_sql[PG_COUNT];
extern const char *const qv__pg_schema;

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

/* The connection made ready for an operation: when PostgreSQL went away since the last one,
 * libpq's PQreset connects again and the statements are prepared again. QV_EIO with libpq's
 * reason when it cannot. The caller holds s->lock. */
qv_status qv__pg_ready(qv__store *s, qv_err *err);

/* Prepares every statement on the connection (after it is made, and after each reset). */
qv_status qv__pg_prepare(qv__store *s, qv_err *err);

/* Runs statement `which` with a's parameters (NULL: none). *rows, unless rows is NULL, gets the
 * result of a statement that returns rows (the caller PQclear's it); *changes, unless NULL, the
 * count of rows it changed. QV_EIO with libpq's message, prefixed by `doing`, when it fails
 * (its SQLSTATE in s->pg->state: "23505" a unique key refused it). */
qv_status qv__pg_run(qv__store *s, int which, const qv__pg_args *a, PGresult **rows,
                     long long *changes, const char *doing, qv_err *err);

/* BEGIN (after qv__pg_ready; a connection found dead at BEGIN is reset and BEGIN tried once
 * more, as nothing was done on it yet), and COMMIT when rc is QV_OK, else ROLLBACK and rc. */
qv_status qv__pg_begin(qv__store *s, qv_err *err);
qv_status qv__pg_finish(qv__store *s, qv_status rc, qv_err *err);

/* libpq's message (PQerrorMessage's, of several lines, each ended by a newline) on one line
 * into out (len bytes). */
void qv__pg_message(const char *msg, char *out, size_t len);

/* A value of a result: "" (text) or 0 for NULL. */
const char *qv__pg_str(const PGresult *r, int row, int col);
long long qv__pg_ll(const PGresult *r, int row, int col);
double qv__pg_double(const PGresult *r, int row, int col);

/* The operations of store_pg_tables.c, store_pg_load.c, store_pg_accounts.c and
 * store_pg_ratings.c, which store_pg.c's table names (the contracts of store.h,
 * store_accounts.h and store_ratings.h). */
qv_status qv__pg_insert_table(qv__store *s, const struct qv__stored_table *t,
                              const struct qv__store_move *moves, qv_err *err);
qv_status qv__pg_claim(qv__store *s, const char *id, int seat, const char *hash, const char *player,
                       const char *name, const char *status, const char *people, qv_err *err);
int qv__pg_player_name(qv__store *s, const char *player, char *name, size_t len);
qv_status qv__pg_player_tables(qv__store *s, const char *player, long long account, int max,
                               struct qv__player_seat *out, int *n, qv_err *err);
qv_status qv__pg_change(qv__store *s, const char *id, long long v, const char *status, int keep,
                        const struct qv__store_move *moves, int nmoves, bool ai_done,
                        const char *people, const char *record, const char *info,
                        const struct qv__store_result *rated, qv_err *err);
qv_status qv__pg_people(qv__store *s, const char *id, const char *people, qv_err *err);
qv_status qv__pg_people_over(qv__store *s, const char *id, const char *people, const char *info,
                             qv_err *err);
qv_status qv__pg_ai_start(qv__store *s, const char *id, qv_err *err);
qv_status qv__pg_ai_end(qv__store *s, const char *id, qv_err *err);
qv_status qv__pg_ai_forgive(qv__store *s, const char *id, qv_err *err);
qv_status qv__pg_stop(qv__store *s, const char *id, const char *why, qv_err *err);
qv_status qv__pg_delete_table(qv__store *s, const char *id, qv_err *err);
qv_status qv__pg_delete_waiting(qv__store *s, double before, int *count, qv_err *err);
int qv__pg_get_over(qv__store *s, const char *id, char **info, char **record);
qv_status qv__pg_load_open(qv__store *s,
                           qv_status (*visit)(void *ctx, const struct qv__stored_table *t,
                                              qv_err *err),
                           void *ctx, qv_err *err);
qv_status qv__pg_load_one(qv__store *s, const char *id,
                          qv_status (*visit)(void *ctx, const struct qv__stored_table *t,
                                             qv_err *err),
                          void *ctx, qv_err *err);
qv_status qv__pg_account_create(qv__store *s, const char *username, const char *lower,
                                const char *hash, const char *const *codes, int ncodes,
                                const struct qv__store_session *sess, qv_err *err);
int qv__pg_account_find(qv__store *s, const char *lower, struct qv__store_account *out);
qv_status qv__pg_session_start(qv__store *s, long long account,
                               const struct qv__store_session *sess, qv_err *err);
int qv__pg_session_find(qv__store *s, const char *hash, double since, struct qv__store_account *out,
                        double *seen);
qv_status qv__pg_session_seen(qv__store *s, const char *hash, double now, qv_err *err);
qv_status qv__pg_session_end(qv__store *s, const char *hash, qv_err *err);
qv_status qv__pg_account_password(qv__store *s, long long account, const char *hash,
                                  const char *code, const struct qv__store_session *sess,
                                  qv_err *err);
qv_status qv__pg_account_rehash(qv__store *s, long long account, const char *hash, qv_err *err);
qv_status qv__pg_account_delete(qv__store *s, long long account, qv_err *err);
long long qv__pg_player_account(qv__store *s, const char *player);
int qv__pg_ratings_list(qv__store *s, long long account, int which,
                        void (*fn)(void *ctx, const struct qv__store_rating_row *row), void *ctx);
int qv__pg_leaderboard(qv__store *s, const char *game, int players, double settled, double since,
                       int max, void (*fn)(void *ctx, const struct qv__store_rating_row *row),
                       void *ctx);

/* The rows of a SELECT text and a statement of text parameters, for copying (store_impl.h's
 * rows and run; store_pg_conn.c). */
qv_status qv__pg_rows(qv__store *s, const char *select,
                      qv_status (*fn)(void *ctx, int n, const char *const *values), void *ctx,
                      qv_err *err);
qv_status qv__pg_run_text(qv__store *s, const char *sql, int n, const char *const *values,
                          qv_err *err);

/* Inside a transaction: a rated table's ratings applied once (store_ratings.h), and an
 * account's ratings and their history deleted. */
qv_status qv__pg_ratings_apply(qv__store *s, const char *id, const struct qv__store_result *r,
                               qv_err *err);
qv_status qv__pg_ratings_forget(qv__store *s, long long account, qv_err *err);

#endif
