/*
 * ops.c - the store's public functions (store.h, accounts.h, ratings.h) not written once over
 * the driver (accounts.c, ratings.c, tables.c, change.c, load.c): the opening, which picks the
 * backend by the text of --db, and the rest, each a call through the backend's table of
 * operations (backend.h), those among several processes excepted (owners.c). Only the opening
 * decides anything here; the timing of the changes of tables (change.c's, and tables.c's new
 * tables, claims and changes of their people) for GET /metrics is here too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "server/base/metrics.h"
#include "server/store/accounts.h"
#include "server/store/backend.h"
#include "server/store/ratings.h"
#include "server/store/store.h"

bool qv__store_is_pg(const char *db)
{
	return strncmp(db, "postgresql://", 13) == 0 || strncmp(db, "postgres://", 11) == 0 ||
	       strchr(db, '=') != NULL;
}

void qv__store_name(const char *db, char *out, size_t len)
{
	if (qv__store_is_pg(db))
		qv__store_pg_redact(db, out, len);
	else
		snprintf(out, len, "%s", db);
}

void qv__store_flight_base(const char *db, char *out, size_t len)
{
	if (!qv__store_is_pg(db)) {
		snprintf(out, len, "%s", db);
		return;
	}
	uint64_t h = 0xcbf29ce484222325u; /* FNV-1a */
	for (const unsigned char *p = (const unsigned char *)db; *p; p++)
		h = (h ^ *p) * 0x100000001b3u;
	snprintf(out, len, "quiver-pg-%016llx", (unsigned long long)h);
}

void qv__store_time(qv__store *s, struct qv__histogram *h) { s->timer = h; }

/* Notes whether the database answered an operation (qv__store_down). */
static qv_status noted(qv__store *s, qv_status rc)
{
	if (rc == QV_OK || rc == QV_EIO)
		atomic_store(&s->down, rc == QV_EIO);
	return rc;
}

bool qv__store_down(qv__store *s) { return atomic_load(&s->down); }

qv_status qv__store_timed(qv__store *s, double t0, qv_status rc)
{
	noted(s, rc);
	if (rc)
		atomic_fetch_add(&s->failures, 1);
	if (s->timer)
		qv__histogram_add(s->timer, qv_mono() - t0);
	return rc;
}

qv_status qv__store_open(qv__store **out, const char *db, qv_err *err)
{
	return qv__store_open_limits(out, db, QV__STORE_TIMEOUT_MS, QV__STORE_CONNECTIONS, err);
}

qv_status qv__store_open_limits(qv__store **out, const char *db, int timeout_ms, int conns,
                                qv_err *err)
{
	if (qv__store_is_pg(db))
		return qv__store_pg_open(out, db, timeout_ms, conns, err);
	return qv__store_sqlite_open(out, db, timeout_ms, err);
}

long long qv__store_failures(qv__store *s) { return atomic_load(&s->failures); }

qv_status qv__store_ping(qv__store *s, double *seconds, qv_err *err)
{
	double t0 = qv_mono();
	int ms = s->timeout_ms < QV__HEALTH_MS ? s->timeout_ms : QV__HEALTH_MS;
	qv_status rc = noted(s, s->ops->probe(s, t0 + ms / 1000.0, err));
	if (rc == QV_EIO && err && !strncmp(err->msg, QV__STORE_SLOW, strlen(QV__STORE_SLOW)))
		qv_fail(err, rc, "%s: the database did not answer the health check within %d ms",
		        QV__STORE_SLOW, ms);
	*seconds = qv_mono() - t0;
	return rc;
}

void qv__store_close(qv__store *s)
{
	if (s)
		s->ops->close(s);
}

qv_status qv__store_rows(qv__store *s, const char *select, qv__store_row_fn fn, void *ctx,
                         qv_err *err)
{
	return s->ops->rows(s, select, 0, NULL, fn, ctx, err);
}

qv_status qv__store_count_row(void *ctx, int n, const char *const *values)
{
	*(long long *)ctx = n > 0 && values[0] ? atoll(values[0]) : 0;
	return QV_OK;
}

qv_status qv__store_query(qv__store *s, const char *select, int nargs, const char *const *args,
                          qv__store_row_fn fn, void *ctx, qv_err *err)
{
	return s->ops->rows(s, select, nargs, args, fn, ctx, err);
}

qv_status qv__store_run(qv__store *s, const char *sql, int n, const char *const *values,
                        qv_err *err)
{
	return s->ops->run(s, sql, n, values, err);
}
