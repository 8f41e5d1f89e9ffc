/*
 * sqlite_driver.c - SQLite's driver (driver.h): the store's one connection under its lock, the
 * operations' statements (statements.c, with ?N parameters) prepared when the store opens, a
 * transaction BEGIN IMMEDIATE (the busy timeout waits for another writer), each parameter bound
 * in its own type, and no fence (one process holds every table); and the steps sqlite_rows.c
 * shares (backend.h): a failure with SQLite's message, text bound and read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "core/clock.h"
#include "server/store/driver.h"
#include "server/store/sqlite_impl.h"
#include "server/store/store.h"

qv_status qv__store_fail(struct qv__store *s, qv_err *err, const char *doing)
{
	qv__sqlite *q = qv__sqlite_of(s);
	int code = sqlite3_errcode(q->db) & 0xff;
	/* another program's write lock held past the operation's deadline (qv__sqlite_busy) */
	if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
		return qv__store_slow(err, s->timeout_ms,
		                      "the database's write lock, held by another program, was not "
		                      "free");
	return qv_fail(err, code == SQLITE_NOMEM ? QV_ENOMEM : QV_EIO,
	               "the database: %s failed: %s", doing, sqlite3_errmsg(q->db));
}

int qv__sqlite_busy(void *arg, int tries)
{
	qv__store *s = arg;
	qv__sqlite *q = qv__sqlite_of(s);
	double left = q->conn.until - qv_mono();
	if (left <= 0)
		return 0;
	/* SQLite's own handler's steps: a millisecond first, then longer, up to 25 ms */
	double nap = tries < 5 ? 0.001 * (double)(1 << tries) : 0.025;
	if (nap > left)
		nap = left;
	struct timespec ts = {0, (long)(nap * 1e9)};
	nanosleep(&ts, NULL);
	return 1;
}

bool qv__sqlite_take_until(qv__store *s, double until)
{
	qv__sqlite *q = qv__sqlite_of(s);
	if (!qv__store_lock_by(&q->lock, until))
		return false;
	q->conn.until = until;
	return true;
}

bool qv__sqlite_take_by(qv__store *s) { return qv__sqlite_take_until(s, qv__store_until(s)); }

void qv__store_bind_text(sqlite3_stmt *st, int i, const char *text)
{
	if (text)
		sqlite3_bind_text(st, i, text, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

void qv__sqlite_bind_args(sqlite3_stmt *st, int n, const char *const *values)
{
	int count = sqlite3_bind_parameter_count(st);
	for (int i = 0; i < n; i++) {
		char name[16];
		snprintf(name, sizeof name, "$%d", i + 1);
		int at = sqlite3_bind_parameter_index(st, name);
		if (!at && i < count && !sqlite3_bind_parameter_name(st, i + 1))
			at = i + 1;
		if (at)
			qv__store_bind_text(st, at, values[i]);
	}
}

const char *qv__store_text(sqlite3_stmt *st, int i)
{
	const char *t = (const char *)sqlite3_column_text(st, i);
	return t ? t : "";
}

/* The transaction's statements, after the operations' in q->body. */
enum { SQ_BEGIN = QS_COUNT, SQ_COMMIT, SQ_ROLLBACK, SQ_COUNT };

static const char *const tx_sql[] = {"BEGIN IMMEDIATE", "COMMIT", "ROLLBACK"};

qv_status qv__store_sqlite_prepare(qv__store *s, qv_err *err)
{
	qv__sqlite *q = qv__sqlite_of(s);
	q->body = calloc(SQ_COUNT, sizeof *q->body);
	if (!q->body)
		return qv_fail(err, QV_ENOMEM, "out of memory opening the database");
	for (int i = 0; i < SQ_COUNT; i++) {
		char text[2048];
		if (i < QS_COUNT &&
		    !qv__store_sql_render(qv__store_sqlite_driver.dialect, i, text, sizeof text))
			return qv_fail(err, QV_EINVAL, "statement %d: longer than %zu bytes", i,
			               sizeof text);
		if (sqlite3_prepare_v3(q->db, i < QS_COUNT ? text : tx_sql[i - QS_COUNT], -1,
		                       SQLITE_PREPARE_PERSISTENT, &q->body[i], NULL) != SQLITE_OK)
			return qv__store_fail(s, err, "preparing a statement");
	}
	return QV_OK;
}

void qv__store_sqlite_unprepare(qv__store *s)
{
	qv__sqlite *q = qv__sqlite_of(s);
	if (!q->body)
		return;
	for (int i = 0; i < SQ_COUNT; i++)
		sqlite3_finalize(q->body[i]);
	free(q->body);
	q->body = NULL;
}

/* The connection of an operation that did not get the store's lock within its timeout (the
 * lock held by operations waiting for another program's write lock): one per thread. */
static _Thread_local qv__store_conn late_conn;

/* The store's connection by `until`, else a late one. */
static qv__store_conn *take_until(qv__store *s, double until)
{
	qv__sqlite *q = qv__sqlite_of(s);
	if (qv__sqlite_take_until(s, until))
		return &q->conn;
	late_conn = (qv__store_conn){.s = s, .late = true};
	return &late_conn;
}

static qv__store_conn *sq_take(qv__store *s) { return take_until(s, qv__store_until(s)); }

static void sq_give(qv__store_conn *c)
{
	if (!c->late)
		pthread_mutex_unlock(&qv__sqlite_of(c->s)->lock);
}

/* An operation's step on a late connection. */
static qv_status late(const qv__store_conn *c, qv_err *err)
{
	return qv__store_slow(err, c->s->timeout_ms, "no connection to the database was free");
}

static qv_status sq_ready(qv__store_conn *c, qv_err *err) { return c->late ? late(c, err) : QV_OK; }

/* Runs statement st without rows, reset and unbound. */
static qv_status step(qv__store *s, sqlite3_stmt *st, qv_err *err, const char *doing)
{
	int rc = sqlite3_step(st);
	qv_status out = rc == SQLITE_DONE ? QV_OK : qv__store_fail(s, err, doing);
	sqlite3_reset(st);
	return out;
}

static qv_status sq_begin(qv__store_conn *c, qv_err *err)
{
	return c->late ? late(c, err)
	               : step(c->s, qv__sqlite_of(c->s)->body[SQ_BEGIN], err, "BEGIN");
}

static qv_status sq_finish(qv__store_conn *c, qv_status rc, qv_err *err)
{
	if (c->late)
		return rc;
	if (rc == QV_OK)
		rc = step(c->s, qv__sqlite_of(c->s)->body[SQ_COMMIT], err, "COMMIT");
	if (rc != QV_OK)
		step(c->s, qv__sqlite_of(c->s)->body[SQ_ROLLBACK], NULL, "ROLLBACK");
	return rc;
}

static qv_status sq_exec(qv__store_conn *c, int which, const qv__store_args *a, qv__drv_row_fn fn,
                         void *ctx, long long *changes, const char *doing, qv_err *err)
{
	qv__store *s = c->s;
	qv__sqlite *q = qv__sqlite_of(s);
	if (c->late)
		return late(c, err);
	sqlite3_stmt *st = q->body[which];
	for (int i = 0; a && i < a->n; i++) {
		switch (a->v[i].kind) {
		case 'i': sqlite3_bind_int64(st, i + 1, a->v[i].i); break;
		case 'r': sqlite3_bind_double(st, i + 1, a->v[i].r); break;
		default: qv__store_bind_text(st, i + 1, a->v[i].t);
		}
	}
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		qv__drv_row row = {.drv = &qv__store_sqlite_driver, .impl = st};
		if (fn)
			fn(ctx, &row);
	}
	c->taken = rc == SQLITE_CONSTRAINT;
	qv_status out = rc == SQLITE_DONE ? QV_OK : qv__store_fail(s, err, doing);
	if (!out && changes)
		*changes = sqlite3_changes(q->db);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return out;
}

qv_status qv__sqlite_probe(qv__store *s, double until, qv_err *err)
{
	qv__sqlite *q = qv__sqlite_of(s);
	qv__store_conn *c = take_until(s, until);
	qv_status rc = sq_begin(c, err);
	if (!rc)
		step(s, q->body[SQ_ROLLBACK], NULL, "ROLLBACK");
	sq_give(c);
	return rc;
}

static bool sq_null(const qv__drv_row *r, int col)
{
	return sqlite3_column_type((sqlite3_stmt *)r->impl, col) == SQLITE_NULL;
}

static const char *sq_text(const qv__drv_row *r, int col)
{
	return qv__store_text((sqlite3_stmt *)r->impl, col);
}

static long long sq_integer(const qv__drv_row *r, int col)
{
	return sqlite3_column_int64((sqlite3_stmt *)r->impl, col);
}

static double sq_real(const qv__drv_row *r, int col)
{
	return sqlite3_column_double((sqlite3_stmt *)r->impl, col);
}

const qv__store_driver qv__store_sqlite_driver = {
    .take = sq_take,
    .give = sq_give,
    .ready = sq_ready,
    .begin = sq_begin,
    .finish = sq_finish,
    .exec = sq_exec,
    .text = sq_text,
    .integer = sq_integer,
    .real = sq_real,
    .null = sq_null,
    .dialect = &qv__store_sqlite_dialect,
};
