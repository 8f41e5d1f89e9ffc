/*
 * postgres_tables.c - the PostgreSQL driver's holding of the tables it writes (driver.h): a new
 * table's lock taken on the owner's connection before its row exists and the table held once
 * written (tables.c's new table), and the version a held table's next change must find, kept
 * once a change committed (change.c). The writes themselves are written once for both backends
 * (tables.c, change.c), each fenced by the epoch this process holds the table at
 * (postgres_own.c).
 */
#include <string.h>

#include "server/store/driver.h"
#include "server/store/postgres_impl.h"
#include "server/store/store.h"

/* Runs PG_LOCK or PG_UNLOCK on table id's key, on the owner's connection (the caller holds
 * pg->lock): whether it answered true into *yes; the status of a statement that did not answer
 * (err says why: the site is slow, the database failed; not that the id is taken). */
static qv_status lock_table(qv__store *s, int which, const char *id, bool *yes, qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_int(&a, qv__pg_key(id));
	PGresult *r = NULL;
	*yes = false;
	qv_status rc =
	    qv__pg_run(&qv__pg_of(s)->own, which, &a, &r, NULL, "locking a new table", err);
	if (rc)
		return rc;
	*yes = PQntuples(r) == 1 && strcmp(qv__pg_str(r, 0, 0), "t") == 0;
	PQclear(r);
	return QV_OK;
}

/* The new table's lock, on the owner's connection; its backend's pid into *pid. */
qv_status qv__pg_lock_new(qv__store *s, const char *id, int *pid, qv_err *err)
{
	struct qv__pg *pg = qv__pg_of(s);
	*pid = 0;
	if (!qv__pg_own_lock(s))
		return qv__store_slow(err, s->timeout_ms, "no connection to the database was free");
	qv_status rc = qv__pg_ready(&pg->own, err);
	bool locked = false;
	if (!rc)
		rc = lock_table(s, PG_LOCK, id, &locked, err);
	if (!rc && !locked)
		rc = qv_fail(err, QV_ESTATE, "the database: table id %s is taken", id);
	*pid = PQbackendPID(pg->own.conn);
	pthread_mutex_unlock(&pg->lock);
	return rc;
}

/* After the new table's rows were written (rc): held, or its lock let go. A session of the
 * owner's connection other than the one that locked it (PostgreSQL went away meanwhile) has
 * no lock of it: it is then to be taken again, as every held table's (qv__pg_relock). */
qv_status qv__pg_hold_new(qv__store *s, const qv__stored_table *t, int pid, qv_status rc,
                          qv_err *err)
{
	struct qv__pg *pg = qv__pg_of(s);
	if (!rc) {
		/* in memory alone (pg->mem), never behind a statement of the owner's connection;
		 * the session that locked it is told by its pid (pg->self) */
		pthread_mutex_lock(&pg->mem);
		if (!qv__pg_held_find(s, t->id) && !qv__pg_held_add(s, t->id, 1, t->v))
			rc = qv_fail(err, QV_ENOMEM, "out of memory saving a new table");
		qv__pg_held *held = rc ? NULL : qv__pg_held_find(s, t->id);
		if (held && atomic_load(&pg->self) != pid)
			held->relock = pg->relock = true;
		pthread_mutex_unlock(&pg->mem);
	}
	if (rc && qv__pg_own_lock(s)) {
		qv_err why;
		if (PQstatus(pg->own.conn) == CONNECTION_OK && PQbackendPID(pg->own.conn) == pid)
			(void)lock_table(s, PG_UNLOCK, t->id, &(bool){false}, &why);
		pthread_mutex_unlock(&qv__pg_of(s)->lock);
	}
	return rc;
}

void qv__pg_saved(qv__store *s, const char *id, long long epoch, long long v)
{
	struct qv__pg *pg = qv__pg_of(s);
	pthread_mutex_lock(&pg->mem);
	qv__pg_held *held = qv__pg_held_find(s, id);
	if (held && held->epoch == epoch)
		held->v = v;
	pthread_mutex_unlock(&pg->mem);
}
