/*
 * postgres.c - the store's second backend, PostgreSQL through libpq: its opening (the
 * connection, the schema made or checked, the statements prepared), its closing, and its table
 * of operations, qv__store_pg_ops (its steps in postgres_conn.c; the operations of accounts,
 * ratings, tables, a change of the game among them, and their reading back are written once,
 * accounts.c, ratings.c, tables.c, change.c and load.c, over its driver, postgres_driver.c).
 *
 * Durability: each change is one transaction, committed (PostgreSQL's synchronous_commit, on by
 * default, has it on disk) before the call returns, as SQLite's. The schema is SQLite's version
 * 7 in PostgreSQL's types, and its version is kept in the table quiver_schema(version): a
 * database of a newer quiver is refused, naming both versions. A PostgreSQL store begins at
 * version 7 (quiver knew no PostgreSQL before); version 9 added accounts' addr and skeleton
 * (an identity never gives an id twice, so ids needed nothing); version 8 added the tables'
 * fencing epoch and
 * the players' news between processes, in both backends alike; version 10 the operator's
 * tables (admin_schema.c); version 11 the index of rating_history by table; version 12 the
 * table blocks (admin_schema.c's schema, run again for a database of version 11); version 13 the
 * tables follows, presence and challenges (community_schema.c); version 14 the tables secrets
 * and ties (admin_schema.c's schema, run again for a database of version 13); version 15 made
 * every account's key of likeness again (skeleton NULL, then qv__skeleton_fill); version 16 the
 * tournaments (community_schema.c's, run again for a database of version 15).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/store/postgres_impl.h"

/* The key of the advisory lock that makes two processes opening one new database at once make
 * its schema one after the other (the bytes "qvdb"). */
#define SCHEMA_LOCK "1903124578" /* 0x71766462 */

/* Replaces the n bytes at p of out (a string) by "***". */
static void hide(char *out, size_t cap, char *p, size_t n)
{
	size_t tail = strlen(p + n);
	if ((size_t)(p - out) + 3 + tail + 1 > cap)
		return;
	memmove(p + 3, p + n, tail + 1);
	memcpy(p, "***", 3);
}

void qv__store_pg_redact(const char *conninfo, char *out, size_t len)
{
	qv_copy(out, len, conninfo);
	char *scheme = strstr(out, "://");
	if (scheme) {
		char *auth = scheme + 3;
		size_t alen = strcspn(auth, "/?");
		char *at = NULL;
		for (size_t i = 0; i < alen; i++)
			if (auth[i] == '@')
				at = auth + i;
		char *colon = at ? memchr(auth, ':', (size_t)(at - auth)) : NULL;
		if (colon)
			hide(out, len, colon + 1, (size_t)(at - colon - 1));
	}
	for (char *p = strstr(out, "password"); p; p = strstr(p + 1, "password")) {
		char *v = p + 8;
		while (*v == ' ')
			v++;
		if (*v != '=')
			continue;
		v++;
		while (*v == ' ')
			v++;
		size_t n = 0;
		if (*v == '\'') {
			n = 1;
			while (v[n] && v[n] != '\'')
				n += v[n] == '\\' && v[n + 1] ? 2 : 1;
			n += v[n] == '\'';
		} else {
			n = strcspn(v, scheme ? "&" : " \t\n");
		}
		hide(out, len, v, n);
	}
}

/* Runs a text of SQL without parameters, one or more statements. */
static qv_status exec(qv__store *s, const char *text, PGresult **rows, qv_err *err)
{
	struct qv__pg *pg = qv__pg_of(s);
	PGresult *r = PQexec(pg->own.conn, text);
	ExecStatusType st = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
		char line[400];
		qv__pg_message(r ? PQresultErrorMessage(r) : PQerrorMessage(pg->own.conn), line,
		               sizeof line);
		PQclear(r);
		return qv_fail(err, QV_EIO, "%s", line);
	}
	if (rows)
		*rows = r;
	else
		PQclear(r);
	return QV_OK;
}

/* Inside the schema's transaction: makes the schema of a new database, or checks the version
 * of one made before. */
static qv_status schema_in(qv__store *s, qv_err *err)
{
	PGresult *r = NULL;
	qv_status rc = exec(s,
	                    "CREATE TABLE IF NOT EXISTS quiver_schema (version bigint NOT NULL);"
	                    "SELECT max(version) FROM quiver_schema",
	                    &r, err);
	if (rc)
		return rc;
	long long version = PQntuples(r) == 1 ? qv__pg_ll(r, 0, 0) : 0;
	PQclear(r);
	if (version > QV__PG_SCHEMA_VERSION)
		return qv_fail(err, QV_EIO,
		               "it was made by a newer quiver (schema %lld; this one knows %d)",
		               version, QV__PG_SCHEMA_VERSION);
	if (version != 0 && version < 7)
		return qv_fail(err, QV_EIO,
		               "its table quiver_schema says schema %lld, which no quiver made in "
		               "PostgreSQL (its first is 7)",
		               version);
	rc = version >= 7 && version <= 8 ? exec(s, qv__pg_upgrade_8_to_9, NULL, err) : QV_OK;
	/* The schema's statements (CREATE ... IF NOT EXISTS) lock the tables they name even when
	 * there is nothing to make, and a process starting on a site in play would wait for
	 * every other's writes and hold them up: they run only for a database not yet at this
	 * version. */
	if (!rc && version != QV__PG_SCHEMA_VERSION)
		rc = exec(s, qv__pg_schema, NULL, err);
	if (!rc && version != QV__PG_SCHEMA_VERSION)
		rc = exec(s, qv__pg_admin_schema, NULL, err);
	if (!rc && version != QV__PG_SCHEMA_VERSION)
		rc = exec(s, qv__pg_community_schema, NULL, err);
	if (!rc && version == 7)
		rc = exec(s, qv__pg_upgrade_7_to_8, NULL, err);
	if (!rc && version >= 9 && version <= 14)
		rc = exec(s, "UPDATE accounts SET skeleton = NULL", NULL, err);
	if (!rc && version != QV__PG_SCHEMA_VERSION) {
		char write[120];
		snprintf(
		    write, sizeof write,
		    "DELETE FROM quiver_schema; INSERT INTO quiver_schema (version) VALUES (%d)",
		    QV__PG_SCHEMA_VERSION);
		rc = exec(s, write, NULL, err);
	}
	return rc;
}

/* The schema made or checked in one transaction, under an advisory lock so that two processes
 * opening one new database do not both make it. */
static qv_status schema_ready(qv__store *s, qv_err *err)
{
	/* A process starting waits as long as it must for another making the schema: it serves
	 * nobody yet, so the connection's lock and statement timeouts are lifted here. */
	qv_status rc = exec(s,
	                    "BEGIN; SET LOCAL lock_timeout = 0; SET LOCAL statement_timeout = 0; "
	                    "SELECT pg_advisory_xact_lock(" SCHEMA_LOCK ")",
	                    NULL, err);
	if (rc)
		return rc;
	rc = schema_in(s, err);
	if (!rc)
		rc = exec(s, "COMMIT", NULL, err);
	else
		exec(s, "ROLLBACK", NULL, NULL);
	return rc;
}

static void pg_close(qv__store *s)
{
	if (!s)
		return;
	struct qv__pg *pg = qv__pg_of(s);
	qv__pg_listen_stop(s);
	qv__pg_watch_stop(pg);
	PQfinish(pg->own.conn);
	for (int k = 0; k < pg->npool; k++)
		PQfinish(pg->pool[k].conn);
	free(pg->pool);
	free(pg->free);
	pthread_mutex_destroy(&pg->pool_lock);
	pthread_cond_destroy(&pg->pool_free);
	free(pg->conninfo);
	free(pg->held);
	free(pg->lost);
	pthread_mutex_destroy(&pg->mem);
	pthread_mutex_destroy(&pg->lock);
	free(pg);
}

/* Makes connection c of the store (the owner's or one of the pool's). */
static qv_status connect_one(qv__store *s, qv__pg_conn *c, bool owner, qv_err *err)
{
	struct qv__pg *pg = qv__pg_of(s);
	c->base.s = s;
	c->owner = owner;
	c->conn = qv__pg_connect(pg->conninfo, pg->timeout_ms);
	if (!c->conn)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	if (PQstatus(c->conn) != CONNECTION_OK) {
		char line[400];
		qv__pg_message(PQerrorMessage(c->conn), line, sizeof line);
		return qv_fail(err, QV_EIO, "%s", line);
	}
	return QV_OK;
}

/* The owner's connection, the schema made or checked on it, then the pool's connections, each
 * with its statements prepared. */
static qv_status connect_all(qv__store *s, int conns, qv_err *err)
{
	struct qv__pg *pg = qv__pg_of(s);
	pg->pool = calloc((size_t)conns, sizeof *pg->pool);
	pg->free = calloc((size_t)conns, sizeof *pg->free);
	if (!pg->pool || !pg->free)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	qv_status rc = connect_one(s, &pg->own, true, err);
	if (!rc) {
		atomic_store(&pg->self, PQbackendPID(pg->own.conn));
		rc = schema_ready(s, err);
	}
	if (!rc)
		rc = qv__pg_prepare(&pg->own, err);
	for (int k = 0; !rc && k < conns; k++) {
		pg->npool = k + 1; /* closed with the others, even when it fails */
		rc = connect_one(s, &pg->pool[k], false, err);
		if (!rc)
			rc = qv__pg_prepare(&pg->pool[k], err);
		pg->free[k] = true;
	}
	return rc;
}

qv_status qv__store_pg_open(qv__store **out, const char *conninfo, int timeout_ms, int conns,
                            qv_err *err)
{
	*out = NULL;
	if (conns < 1)
		return qv_fail(err, QV_EINVAL, "the database's connections: %d (at least 1)",
		               conns);
	struct qv__pg *pg = calloc(1, sizeof *pg);
	if (!pg)
		return qv_fail(err, QV_ENOMEM, "out of memory opening the database");
	qv__store *s = &pg->base;
	s->ops = &qv__store_pg_ops;
	s->drv = &qv__store_pg_driver;
	pthread_mutex_init(&pg->lock, NULL);
	pthread_mutex_init(&pg->pool_lock, NULL);
	pthread_mutex_init(&pg->mem, NULL);
	pthread_cond_init(&pg->pool_free, NULL);
	qv__store_pg_redact(conninfo, pg->name, sizeof pg->name);
	pg->conninfo = strdup(conninfo);
	pg->timeout_ms = timeout_ms;
	s->timeout_ms = timeout_ms;
	qv_status rc =
	    pg->conninfo ? connect_all(s, conns, err) : qv_fail(err, QV_ENOMEM, "out of memory");
	/* From here on, every statement under a deadline quiver keeps (the opening's lift the
	 * database's timeouts: a process starting waits for another making the schema). */
	if (!rc)
		rc = qv__pg_watch_start(pg, err);
	if (rc) {
		/* Only the operator sees this message (the server does not start). */
		qv_err why = *err;
		qv_fail(err, rc, "cannot open the database %s: %s", pg->name, why.msg);
		pg_close(s);
		return rc;
	}
	*out = s;
	return QV_OK;
}

const qv__store_ops qv__store_pg_ops = {
    .close = pg_close,
    .rows = qv__pg_rows,
    .run = qv__pg_run_text,
    .probe = qv__pg_probe,
    .owners = &qv__store_pg_owners,
};

const qv__store_owners_ops qv__store_pg_owners = {
    .own = qv__pg_own,
    .held = qv__pg_nheld,
    .holds = qv__pg_holds,
    .disown = qv__pg_disown,
    .lost = qv__pg_lost,
    .orphans = qv__pg_orphans,
    .elect = qv__pg_elect,
    .lease = qv__pg_lease,
    .open_by = qv__pg_open_by,
    .notify = qv__pg_notify,
    .listen = qv__pg_listen,
    .listen_stop = qv__pg_listen_stop,
    .news_add = qv__pg_news_add,
    .news_since = qv__pg_news_since,
    .live_sync = qv__pg_live_sync,
    .live_list = qv__pg_live_list,
    .live_info = qv__pg_live_info,
};
