/*
 * postgres_live.c - what each process publishes on PostgreSQL of the tables it holds that are
 * not over (store.h, qv__store_live_sync): the lobby of every process reads the listed ones
 * that some process holds now (by their advisory locks, so that a dead process's rows vanish
 * with it), and a player's list reads a table's info there when another process plays it.
 * Also the count of a client address's tables on the whole site, for its limits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quiver/agent.h"
#include "server/store/owners.h"
#include "server/store/postgres_impl.h"
#include "server/store/store.h"

qv_status qv__pg_live_sync(qv__store *s, const char *origin, const qv__live_row *put, int nput,
                           const char (*drop)[17], int ndrop, qv_err *err)
{
	if (nput == 0 && ndrop == 0)
		return QV_OK;
	qv__pg_conn *c = qv__pg_take(s);
	qv_status rc = qv__pg_begin(c, err);
	for (int i = 0; !rc && i < nput; i++) {
		qv__pg_args a = {0};
		qv__pg_text(&a, put[i].id);
		qv__pg_text(&a, origin);
		qv__pg_int(&a, put[i].listed);
		qv__pg_real(&a, put[i].created);
		qv__pg_int(&a, put[i].iv);
		qv__pg_text(&a, put[i].info);
		rc = qv__pg_run(c, PG_LIVE_PUT, &a, NULL, NULL, "publishing a table", err);
	}
	for (int i = 0; !rc && i < ndrop; i++) {
		qv__pg_args a = {0};
		qv__pg_text(&a, drop[i]);
		qv__pg_text(&a, origin);
		rc = qv__pg_run(c, PG_LIVE_DROP, &a, NULL, NULL, "withdrawing a table", err);
	}
	if (!rc || PQstatus(c->conn) == CONNECTION_OK)
		rc = qv__pg_finish(c, rc, err);
	qv__pg_give(c);
	return rc;
}

int qv__pg_live_list(qv__store *s, void (*fn)(void *ctx, const qv__live_row *row), void *ctx)
{
	qv_err err;
	PGresult *r = NULL;
	qv__pg_conn *c = qv__pg_take(s);
	if (qv__pg_ready(c, &err) ||
	    qv__pg_run(c, PG_LIVE_LIST, NULL, &r, NULL, "reading the lobby", &err))
		r = NULL;
	qv__pg_give(c);
	if (!r)
		return -1;
	int n = PQntuples(r);
	for (int i = 0; i < n; i++) {
		qv__live_row row = {.listed = true,
		                    .created = qv__pg_double(r, i, 1),
		                    .iv = qv__pg_ll(r, i, 2),
		                    .info = qv__pg_str(r, i, 3)};
		qv_copy(row.id, sizeof row.id, qv__pg_str(r, i, 0));
		qv_copy(row.origin, sizeof row.origin, qv__pg_str(r, i, 4));
		fn(ctx, &row);
	}
	PQclear(r);
	return n;
}

char *qv__pg_live_info(qv__store *s, const char *id)
{
	qv_err err;
	qv__pg_args a = {0};
	qv__pg_text(&a, id);
	PGresult *r = NULL;
	qv__pg_conn *c = qv__pg_take(s);
	if (qv__pg_ready(c, &err) ||
	    qv__pg_run(c, PG_LIVE_INFO, &a, &r, NULL, "reading a table's info", &err))
		r = NULL;
	qv__pg_give(c);
	char *info = r && PQntuples(r) == 1 ? strdup(qv__pg_str(r, 0, 0)) : NULL;
	PQclear(r);
	return info;
}

int qv__pg_open_by(qv__store *s, const char *creator, int *searching)
{
	/* the levels that search, as a PostgreSQL array: {easy,medium,hard} */
	char levels[128] = "{";
	for (int k = 0; k < QV_AGENT_SEARCH_LEVELS; k++) {
		size_t n = strlen(levels);
		snprintf(levels + n, sizeof levels - n, "%s%s", k ? "," : "", qv_agent_levels[k]);
	}
	size_t n = strlen(levels);
	snprintf(levels + n, sizeof levels - n, "}");
	qv__pg_args a = {0};
	qv__pg_text(&a, creator);
	qv__pg_text(&a, levels);
	qv_err err;
	PGresult *r = NULL;
	qv__pg_conn *c = qv__pg_take(s);
	if (qv__pg_ready(c, &err) ||
	    qv__pg_run(c, PG_OPEN_BY, &a, &r, NULL, "counting an address's tables", &err))
		r = NULL;
	qv__pg_give(c);
	if (!r)
		return -1;
	int open = (int)qv__pg_ll(r, 0, 0);
	*searching = (int)qv__pg_ll(r, 0, 1);
	PQclear(r);
	return open;
}
