/*
 * postgres_driver.c - PostgreSQL's driver (driver.h): a connection of the pool for each
 * operation (never the owner's, whose session holds the advisory locks), made ready again after
 * PostgreSQL went away; a transaction begun and finished by postgres_conn.c's steps; the
 * operations' statements (statements.c, prepared on every connection after the backend's own:
 * qv__pg_prepare) run with their parameters as text, and their rows read from the result; a
 * table's writes fenced by the epoch this process holds it at (postgres_own.c); a connection
 * found gone after a failed COMMIT, and the version a held table's next change must find.
 */
#include <string.h>

#include "server/store/postgres_impl.h"

static qv__store_conn *pg_take(qv__store *s) { return &qv__pg_take(s)->base; }

/* The pool's connection whose driver's part is c (its first member). */
static qv__pg_conn *conn_of(qv__store_conn *c) { return (qv__pg_conn *)c; }

static void pg_give(qv__store_conn *c) { qv__pg_give(conn_of(c)); }

static qv_status pg_ready(qv__store_conn *c, qv_err *err) { return qv__pg_ready(conn_of(c), err); }

static qv_status pg_begin(qv__store_conn *c, qv_err *err) { return qv__pg_begin(conn_of(c), err); }

static qv_status pg_finish(qv__store_conn *c, qv_status rc, qv_err *err)
{
	return qv__pg_finish(conn_of(c), rc, err);
}

static qv_status pg_exec(qv__store_conn *base, int which, const qv__store_args *a,
                         qv__drv_row_fn fn, void *ctx, long long *changes, const char *doing,
                         qv_err *err)
{
	qv__pg_conn *c = conn_of(base);
	qv__pg_args p = {0};
	for (int i = 0; a && i < a->n; i++) {
		switch (a->v[i].kind) {
		case 'i': qv__pg_int(&p, a->v[i].i); break;
		case 'r': qv__pg_real(&p, a->v[i].r); break;
		default: qv__pg_text(&p, a->v[i].t);
		}
	}
	PGresult *r = NULL;
	qv_status rc = qv__pg_run(c, PG_COUNT + which, &p, fn ? &r : NULL, changes, doing, err);
	base->taken = rc && strcmp(c->state, "23505") == 0;
	for (int i = 0; !rc && fn && i < PQntuples(r); i++) {
		qv__drv_row row = {.drv = &qv__store_pg_driver, .impl = r, .i = i};
		fn(ctx, &row);
	}
	PQclear(r);
	return rc;
}

static const char *pg_text(const qv__drv_row *r, int col) { return qv__pg_str(r->impl, r->i, col); }

static long long pg_integer(const qv__drv_row *r, int col) { return qv__pg_ll(r->impl, r->i, col); }

static bool pg_null(const qv__drv_row *r, int col) { return PQgetisnull(r->impl, r->i, col); }

static double pg_real(const qv__drv_row *r, int col) { return qv__pg_double(r->impl, r->i, col); }

/* After a failed finish: whether the connection went (a COMMIT's answer lost with it). */
static bool pg_gone(qv__store_conn *c) { return PQstatus(conn_of(c)->conn) != CONNECTION_OK; }

const qv__store_driver qv__store_pg_driver = {
    .take = pg_take,
    .give = pg_give,
    .ready = pg_ready,
    .begin = pg_begin,
    .finish = pg_finish,
    .exec = pg_exec,
    .text = pg_text,
    .integer = pg_integer,
    .real = pg_real,
    .null = pg_null,
    .hold = qv__pg_epoch,
    .lose = qv__pg_lose,
    .lock_new = qv__pg_lock_new,
    .hold_new = qv__pg_hold_new,
    .gone = pg_gone,
    .saved = qv__pg_saved,
    .dialect = &qv__store_pg_dialect,
};
