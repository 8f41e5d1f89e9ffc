/*
 * sqlite_rows.c - SQLite's rows and statements for copying a whole database (backend.h's
 * rows and run, for `quiver db copy`): each value as text, a real printed in the fewest digits
 * that read back as the same double (SQLite's own text of a real keeps 15, which would change
 * it), and statements of text parameters, which SQLite's column affinity turns back into
 * integers and reals.
 */
#include <stdio.h>
#include <stdlib.h>

#include "server/store/driver.h"
#include "server/store/sqlite_impl.h"

/* The most columns a row for copying has (the table `tables` has 16). */
#define ROW_MAX 32

/* d in the fewest significant digits (15 to 17) that read back as d. */
static void real_text(double d, char *out, size_t len)
{
	for (int digits = 15; digits <= 17; digits++) {
		snprintf(out, len, "%.*g", digits, d);
		if (strtod(out, NULL) == d)
			return;
	}
}

/* Row st's values as text into v (num holds the numbers'). */
static void row_text(sqlite3_stmt *st, int n, const char **v, char (*num)[32])
{
	for (int k = 0; k < n; k++) {
		switch (sqlite3_column_type(st, k)) {
		case SQLITE_NULL: v[k] = NULL; break;
		case SQLITE_INTEGER:
			snprintf(num[k], sizeof num[k], "%lld",
			         (long long)sqlite3_column_int64(st, k));
			v[k] = num[k];
			break;
		case SQLITE_FLOAT:
			real_text(sqlite3_column_double(st, k), num[k], sizeof num[k]);
			v[k] = num[k];
			break;
		default: v[k] = qv__store_text(st, k);
		}
	}
}

qv_status qv__sqlite_rows(qv__store *s, const char *select, int nargs, const char *const *args,
                          qv_status (*fn)(void *ctx, int n, const char *const *values), void *ctx,
                          qv_err *err)
{
	qv__sqlite *q = qv__sqlite_of(s);
	if (!qv__sqlite_take_by(s))
		return qv__store_slow(err, s->timeout_ms, "no connection to the database was free");
	sqlite3_stmt *st = NULL;
	qv_status rc = QV_OK;
	if (sqlite3_prepare_v2(q->db, select, -1, &st, NULL) != SQLITE_OK)
		rc = qv__store_fail(s, err, "reading rows");
	if (!rc)
		qv__sqlite_bind_args(st, nargs, args);
	int n = rc ? 0 : sqlite3_column_count(st), step = SQLITE_DONE;
	if (n > ROW_MAX)
		rc = qv_fail(err, QV_EINVAL, "the database: a row of %d columns (at most %d)", n,
		             ROW_MAX);
	while (!rc && (step = sqlite3_step(st)) == SQLITE_ROW) {
		const char *v[ROW_MAX];
		char num[ROW_MAX][32];
		row_text(st, n, v, num);
		rc = fn(ctx, n, v);
	}
	if (!rc && step != SQLITE_DONE)
		rc = qv__store_fail(s, err, "reading rows");
	sqlite3_finalize(st);
	pthread_mutex_unlock(&q->lock);
	return rc;
}

qv_status qv__sqlite_run(qv__store *s, const char *sql, int n, const char *const *values,
                         qv_err *err)
{
	qv__sqlite *q = qv__sqlite_of(s);
	if (!qv__sqlite_take_by(s))
		return qv__store_slow(err, s->timeout_ms, "no connection to the database was free");
	sqlite3_stmt *st = NULL;
	qv_status rc = QV_OK;
	if (sqlite3_prepare_v2(q->db, sql, -1, &st, NULL) != SQLITE_OK) {
		rc = qv__store_fail(s, err, sql);
	} else {
		qv__sqlite_bind_args(st, n, values);
		int step;
		while ((step = sqlite3_step(st)) == SQLITE_ROW)
			;
		if (step != SQLITE_DONE)
			rc = qv__store_fail(s, err, sql);
	}
	sqlite3_finalize(st);
	pthread_mutex_unlock(&q->lock);
	return rc;
}
