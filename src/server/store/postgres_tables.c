/*
 * postgres_tables.c - the PostgreSQL store's change of the game (store.h: its actions kept,
 * taken back and appended, and a finished game's record and ratings), and the driver's holding
 * of a new table (its lock taken before its row exists, and the table held once written); (a
 * new table, a seat claimed, the AI-search mark, a stop, the people, deletions and expiry, a
 * finished table's info and the players' keys are written once for both backends: tables.c). Each
 * change is one transaction on a connection of the pool (postgres_impl.h), and each write of a
 * table is fenced (postgres_own.c): made only where the row has the epoch this process took the
 * table at (and, for a change of the game, the version the change was built on), or it changes
 * nothing and fails. So two tables' acts are written side by side, each in its own transaction: one
 * refused never touches another, and PostgreSQL flushes the commits that come together to disk
 * together (its group commit).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "server/base/oplog.h"
#include "server/store/postgres_impl.h"
#include "server/store/ratings.h"
#include "server/store/store.h"

/* Runs PG_LOCK or PG_UNLOCK on table id's key, on the owner's connection (the caller holds
 * s->lock): whether it answered true. */
static bool lock_table(qv__store *s, int which, const char *id, qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_int(&a, qv__pg_key(id));
	PGresult *r = NULL;
	if (qv__pg_run(&s->pg->own, which, &a, &r, NULL, "locking a new table", err))
		return false;
	bool yes = PQntuples(r) == 1 && strcmp(qv__pg_str(r, 0, 0), "t") == 0;
	PQclear(r);
	return yes;
}

/* The new table's lock, on the owner's connection; its backend's pid into *pid. */
qv_status qv__pg_lock_new(qv__store *s, const char *id, int *pid, qv_err *err)
{
	pthread_mutex_lock(&s->lock);
	qv_status rc = qv__pg_ready(&s->pg->own, err);
	if (!rc && !lock_table(s, PG_LOCK, id, err))
		rc = qv_fail(err, QV_ESTATE, "the database: table id %s is taken", id);
	*pid = PQbackendPID(s->pg->own.conn);
	pthread_mutex_unlock(&s->lock);
	return rc;
}

/* After the new table's rows were written (rc): held, or its lock let go. A session of the
 * owner's connection other than the one that locked it (PostgreSQL went away meanwhile) has
 * no lock of it: it is then to be taken again, as every held table's (qv__pg_relock). */
qv_status qv__pg_hold_new(qv__store *s, const qv__stored_table *t, int pid, qv_status rc,
                          qv_err *err)
{
	pthread_mutex_lock(&s->lock);
	if (!rc && !qv__pg_held_find(s, t->id) && !qv__pg_held_add(s, t->id, 1, t->v))
		rc = qv_fail(err, QV_ENOMEM, "out of memory saving a new table");
	qv__pg_held *held = rc ? NULL : qv__pg_held_find(s, t->id);
	if (held && PQbackendPID(s->pg->own.conn) != pid)
		held->relock = s->pg->relock = true;
	if (rc) {
		qv_err why;
		if (PQstatus(s->pg->own.conn) == CONNECTION_OK &&
		    PQbackendPID(s->pg->own.conn) == pid)
			lock_table(s, PG_UNLOCK, t->id, &why);
	}
	pthread_mutex_unlock(&s->lock);
	return rc;
}

/* A transaction of held table id's writes on a connection of the pool, at the epoch this
 * process holds it at (read first, under s->lock; none is held while the transaction is
 * open): body's writes. A body that finds another epoch in the row sets *fenced, and the table
 * is then lost (qv__pg_lose). When the COMMIT fails after the body did all it had to, recheck
 * (unless NULL) reads back whether it was kept anyway. */
typedef struct held_tx {
	const char *id;
	qv_status (*body)(qv__pg_conn *c, long long epoch, void *ctx, bool *fenced, qv_err *err);
	qv_status (*recheck)(qv__pg_conn *c, long long epoch, void *ctx, qv_status rc);
	void *ctx;
	long long epoch; /* set: the epoch it was written at */
} held_tx;

static qv_status in_held(qv__store *s, held_tx *tx, qv_err *err)
{
	tx->epoch = qv__pg_epoch(s, tx->id, err);
	if (!tx->epoch)
		return QV_ESTATE;
	bool fenced = false;
	qv__pg_conn *c = qv__pg_take(s);
	qv_status rc = qv__pg_begin(c, err);
	if (!rc) {
		rc = tx->body(c, tx->epoch, tx->ctx, &fenced, err);
		bool built = rc == QV_OK;
		rc = qv__pg_finish(c, rc, err);
		if (rc && built && tx->recheck)
			rc = tx->recheck(c, tx->epoch, tx->ctx, rc);
	}
	qv__pg_give(c);
	return fenced ? qv__pg_lose(s, tx->id, err) : rc;
}

/* The table's epoch, version and count of actions as the database holds them now, into
 * got[3]; false when they cannot be read (no such table, or the database away). */
static bool read_back(qv__pg_conn *c, const char *id, long long got[3])
{
	qv__pg_args a = {0};
	qv__pg_text(&a, id);
	PGresult *r = NULL;
	qv_err ignored;
	if (qv__pg_ready(c, &ignored) ||
	    qv__pg_run(c, PG_HELD, &a, &r, NULL, "reading a table's version", &ignored))
		return false;
	bool found = PQntuples(r) == 1;
	for (int k = 0; found && k < 3; k++)
		got[k] = qv__pg_ll(r, 0, k);
	PQclear(r);
	return found;
}

/* Inside a transaction: the table's row updated (with its record and info when over), only
 * where it has the epoch the process holds it at and the version and count of actions the
 * change was built on. Otherwise another process took the table (*fenced), or the table in
 * memory does not match what was saved (refused and logged, never written). */
static qv_status update_row(qv__pg_conn *c, long long epoch, const qv__store_update *up,
                            bool *fenced, qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_int(&a, up->v);
	qv__pg_text(&a, up->status);
	qv__pg_int(&a, up->ai_done);
	qv__pg_text(&a, up->people);
	qv__pg_text(&a, up->id);
	qv__pg_int(&a, epoch);
	qv__pg_int(&a, up->from_v);
	qv__pg_int(&a, up->had);
	if (up->record) {
		qv__pg_text(&a, up->record);
		qv__pg_text(&a, up->info);
	}
	long long changed = 0, got[3];
	qv_status rc = qv__pg_run(c, up->record ? PG_UPDATE_OVER : PG_UPDATE, &a, NULL, &changed,
	                          "saving the table", err);
	if (rc || changed == 1)
		return rc;
	if (!read_back(c, up->id, got) || got[0] != epoch) {
		*fenced = true;
		return QV_ESTATE;
	}
	qv__oplog(QV__ERROR,
	          "table %s: refused a change built on version %lld with %d actions: "
	          "the database holds version %lld with %lld",
	          up->id, up->from_v, up->had, got[1], got[2]);
	return qv_fail(err, QV_ESTATE,
	               "the database holds version %lld with %lld actions, not the table's %lld "
	               "with %d: the change was not saved",
	               got[1], got[2], up->from_v, up->had);
}

/* A COMMIT whose answer was lost (the connection went during it) is resolved by reading the
 * table back, never by guessing: the change's version and count of actions at the epoch the
 * process holds it at mean it was kept; anything else, that it was not. */
static qv_status commit_lost(qv__pg_conn *c, long long epoch, void *ctx, qv_status rc)
{
	const qv__store_update *up = ctx;
	long long got[3];
	if (PQstatus(c->conn) == CONNECTION_OK || !read_back(c, up->id, got))
		return rc;
	if (got[0] == epoch && got[1] == up->v && got[2] == up->keep + up->nmoves) {
		qv__oplog(QV__WARN,
		          "table %s: the answer to a COMMIT was lost; read back: "
		          "version %lld was kept",
		          up->id, up->v);
		return QV_OK;
	}
	return rc;
}

/* The change's writes, inside its transaction on c. */
static qv_status change_in(qv__pg_conn *c, long long epoch, void *ctx, bool *fenced, qv_err *err)
{
	const qv__store_update *up = ctx;
	qv_status rc = update_row(c, epoch, up, fenced, err);
	if (!rc) {
		qv__pg_args a = {0};
		qv__pg_text(&a, up->id);
		qv__pg_int(&a, up->keep);
		rc = qv__pg_run(c, PG_DELETE_ACTIONS, &a, NULL, NULL, "taking actions back", err);
	}
	if (!rc)
		rc = qv__store_insert_moves(&c->base, up->id, up->keep, up->moves, up->nmoves, err);
	if (!rc && up->record && up->rated)
		rc = qv__store_ratings_apply(&c->base, up->id, up->rated, err);
	return rc;
}

qv_status qv__pg_change(qv__store *s, const qv__store_update *up, qv_err *err)
{
	held_tx tx = {.id = up->id, .body = change_in, .recheck = commit_lost, .ctx = (void *)up};
	qv_status rc = in_held(s, &tx, err);
	if (!rc) { /* the version the next change must find */
		pthread_mutex_lock(&s->lock);
		qv__pg_held *held = qv__pg_held_find(s, up->id);
		if (held && held->epoch == tx.epoch)
			held->v = up->v;
		pthread_mutex_unlock(&s->lock);
	}
	return rc;
}
