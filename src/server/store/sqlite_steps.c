/*
 * sqlite_steps.c - the steps the store's files for accounts and ratings share (backend.h):
 * a failure with SQLite's message, a statement run, text bound and read.
 */
#include "server/store/backend.h"

qv_status qv__store_fail(struct qv__store *s, qv_err *err, const char *doing)
{
	int code = sqlite3_errcode(s->db) & 0xff;
	return qv_fail(err, code == SQLITE_NOMEM ? QV_ENOMEM : QV_EIO,
	               "the database: %s failed: %s", doing, sqlite3_errmsg(s->db));
}

qv_status qv__store_step(struct qv__store *s, sqlite3_stmt *st, qv_err *err, const char *doing)
{
	int rc = sqlite3_step(st);
	qv_status out = rc == SQLITE_DONE ? QV_OK : qv__store_fail(s, err, doing);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return out;
}

void qv__store_bind_text(sqlite3_stmt *st, int i, const char *text)
{
	if (text)
		sqlite3_bind_text(st, i, text, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

const char *qv__store_text(sqlite3_stmt *st, int i)
{
	const char *t = (const char *)sqlite3_column_text(st, i);
	return t ? t : "";
}
