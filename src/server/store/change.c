/*
 * change.c - a table's change of the game (store.h's qv__store_change) written once over the
 * backend's driver (driver.h): one transaction of a held table (tables.c's qv__store_in_held)
 * that updates the table's row, deletes the actions taken back, appends the new ones and, once
 * the game is over, saves its record and rates it (ratings.c). The row is updated only where
 * the store holds the version and count of actions the change was built on and, where the
 * driver fences (PostgreSQL's processes share the tables), the epoch this process holds the
 * table at: otherwise nothing is written, and the row read back says why (another process took
 * the table, which this one then loses; or the table in memory does not match what was saved,
 * which is logged, as it should never happen).
 *
 * A COMMIT whose answer was lost with its connection (the driver's gone: PostgreSQL's, never
 * SQLite's, whose file is in the process) is resolved by reading the table back, never by
 * guessing. Timed for GET /metrics as every change of a table is (ops.c's qv__store_timed).
 */
#include "core/clock.h"
#include "server/base/oplog.h"
#include "server/store/backend.h"
#include "server/store/driver.h"
#include "server/store/store.h"

/* Where read_back's row goes (the table's id is the key: one row at most). */
typedef struct held_row {
	long long got[3];
	bool found;
} held_row;

static void held_read(void *ctx, const qv__drv_row *r)
{
	held_row *h = ctx;
	for (int k = 0; k < 3; k++)
		h->got[k] = qv__row_int(r, k);
	h->found = true;
}

/* The table's epoch, version and count of actions as the database holds them now, into got[3]
 * (the connection made ready first: after a lost COMMIT it is made again); false when they
 * cannot be read (no such table, or the database away). */
static bool read_back(qv__store_conn *c, const char *id, long long got[3])
{
	const qv__store_driver *d = c->s->drv;
	qv__store_args a = {0};
	qv__store_arg_text(&a, id);
	held_row h = {.found = false};
	qv_err ignored;
	if (d->ready(c, &ignored) || d->exec(c, QS_CH_READ_BACK, &a, held_read, &h, NULL,
	                                     "reading a table's version", &ignored))
		return false;
	for (int k = 0; h.found && k < 3; k++)
		got[k] = h.got[k];
	return h.found;
}

/* Inside the transaction on c: the table's row updated (with its record and info when over),
 * only where it has the version and count of actions the change was built on and, where the
 * driver fences, `epoch`. Otherwise another process took the table (*fenced: its row has
 * another epoch, or cannot be read back), there is no such table (where nothing fences), or
 * the table in memory does not match what was saved (refused and logged, never written). */
static qv_status update_row(qv__store_conn *c, const qv__store_update *up, long long epoch,
                            bool *fenced, qv_err *err)
{
	const qv__store_driver *d = c->s->drv;
	qv__store_args a = {0};
	qv__store_arg_int(&a, up->v);
	qv__store_arg_text(&a, up->status);
	qv__store_arg_int(&a, up->ai_done);
	qv__store_arg_text(&a, up->people);
	qv__store_arg_text(&a, up->id);
	qv__store_arg_int(&a, up->from_v);
	qv__store_arg_int(&a, up->had);
	if (up->record) {
		qv__store_arg_text(&a, up->record);
		qv__store_arg_text(&a, up->info);
	}
	if (d->hold)
		qv__store_arg_int(&a, epoch);
	long long changed = 0, got[3];
	int which = up->record        ? QS_CH_UPDATE_OVER
	            : up->same_status ? QS_CH_UPDATE_KEEP
	                              : QS_CH_UPDATE;
	qv_status rc = d->exec(c, which, &a, NULL, NULL, &changed, "saving the table", err);
	if (rc || changed == 1)
		return rc;
	bool found = read_back(c, up->id, got);
	if (d->hold && (!found || got[0] != epoch)) {
		*fenced = true;
		return QV_ESTATE;
	}
	if (!found)
		return qv_fail(err, QV_ESTATE, "the database: no table %s", up->id);
	qv__oplog(QV__ERROR,
	          "table %s: refused a change built on version %lld with %d actions: "
	          "the database holds version %lld with %lld",
	          up->id, up->from_v, up->had, got[1], got[2]);
	return qv_fail(err, QV_ESTATE,
	               "the database holds version %lld with %lld actions, not the table's %lld "
	               "with %d: the change was not saved",
	               got[1], got[2], up->from_v, up->had);
}

/* The change's writes (ctx: the change), inside its transaction on c. */
static qv_status change_in(qv__store_conn *c, long long epoch, void *ctx, bool *fenced, qv_err *err)
{
	const qv__store_update *up = ctx;
	qv_status rc = update_row(c, up, epoch, fenced, err);
	if (!rc) {
		qv__store_args a = {0};
		qv__store_arg_text(&a, up->id);
		qv__store_arg_int(&a, up->keep);
		rc = c->s->drv->exec(c, QS_CH_TAKE_BACK, &a, NULL, NULL, NULL,
		                     "taking actions back", err);
	}
	if (!rc)
		rc = qv__store_insert_moves(c, up->id, up->keep, up->moves, up->nmoves, err);
	if (!rc && up->record && up->rated)
		rc = qv__store_ratings_apply(c, up->id, up->rated, err);
	return rc;
}

/* A COMMIT of the change (ctx) that failed on a connection the driver says is gone: its answer
 * may have been lost with it. The table read back at the epoch the process holds it at with the
 * change's version and count of actions means it was kept; anything else read, that it was not
 * (rc). Nothing read (the database does not answer: a COMMIT cut by the store's deadline may
 * still be carried out when it wakes) means nobody knows yet: the table is let go (lost), and
 * read again from the database, as it holds it, once it answers. */
static qv_status commit_lost(qv__store_conn *c, long long epoch, void *ctx, qv_status rc,
                             qv_err *err)
{
	const qv__store_update *up = ctx;
	long long got[3];
	if (!read_back(c, up->id, got)) {
		qv__oplog(QV__WARN,
		          "table %s: the answer to a COMMIT was lost and the table cannot be read "
		          "back: let go, to be read again from the database",
		          up->id);
		qv_err why;
		c->s->drv->lose(c->s, up->id, &why);
		return qv_fail(
		    err, QV_ESTATE,
		    "the site is slow: the database did not say whether this was saved; "
		    "the table is read again from it: connect again to see what it holds");
	}
	if (got[0] == epoch && got[1] == up->v && got[2] == up->keep + up->nmoves) {
		qv__oplog(QV__WARN,
		          "table %s: the answer to a COMMIT was lost; read back: "
		          "version %lld was kept",
		          up->id, up->v);
		return QV_OK;
	}
	return rc;
}

/* One transaction of a held table (qv__store_in_held); once saved, the driver told the version
 * the table's next change must find. Timed as every change of a table is. */
qv_status qv__store_change(qv__store *s, const qv__store_update *up, qv_err *err)
{
	double t0 = qv_mono();
	qv__store_held_tx tx = {
	    .id = up->id, .body = change_in, .lost = commit_lost, .ctx = (void *)up};
	qv_status rc = qv__store_in_held(s, &tx, err);
	if (!rc && s->drv->saved)
		s->drv->saved(s, up->id, tx.epoch, up->v);
	return qv__store_timed(s, t0, rc);
}
