/*
 * tables.c - the store's operations of tables (store.h) written once over the backend's driver
 * (driver.h): the AI-search mark (and a death forgiven), a stop, what a table keeps of its
 * people, a new table and a seat claimed, deletions and expiry, a finished table's info, the
 * name and seats of a player's key. Each is one statement on the driver's connection, committed
 * by itself (a new table, a claim, a deletion and expiry: one transaction): SQLite's under the
 * store's lock, PostgreSQL's one of the pool. A write of a table is fenced where the driver fences
 * (PostgreSQL's processes share the tables): made only where the row has the epoch this process
 * holds the table at; a row at another epoch means another process took the table, which this one
 * then loses. The transaction of a held table's writes (qv__store_in_held) is the deletion's, the
 * claim's and a change of the game's (change.c).
 */
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "server/store/backend.h"
#include "server/store/driver.h"
#include "server/store/owners.h"
#include "server/store/store.h"

/* One write of table id on its own, with a's parameters and then, where the driver fences, the
 * epoch this process holds the table at (the statement's {epoch}): a row at another epoch is
 * not written, and the table is lost. */
static qv_status held_write(qv__store *s, int which, qv__store_args *a, const char *id,
                            const char *doing, qv_err *err)
{
	const qv__store_driver *d = s->drv;
	if (d->hold) {
		long long epoch = d->hold(s, id, err);
		if (!epoch)
			return QV_ESTATE;
		qv__store_arg_int(a, epoch);
	}
	long long changed = 0;
	qv_status rc = qv__store_one(s, which, a, NULL, NULL, &changed, doing, err);
	return !rc && d->hold && changed != 1 ? d->lose(s, id, err) : rc;
}

/* A write of table id binding only its id, fenced. */
static qv_status by_id(qv__store *s, int which, const char *id, const char *doing, qv_err *err)
{
	qv__store_args a = {0};
	qv__store_arg_text(&a, id);
	return held_write(s, which, &a, id, doing, err);
}

qv_status qv__store_ai_start(qv__store *s, const char *id, qv_err *err)
{
	return by_id(s, QS_TB_AI_START, id, "marking an AI move as begun", err);
}

qv_status qv__store_ai_end(qv__store *s, const char *id, qv_err *err)
{
	return by_id(s, QS_TB_AI_END, id, "marking an AI move as ended", err);
}

/* Not fenced: it runs before the process takes any table (id NULL: every table's mark). */
qv_status qv__store_ai_forgive(qv__store *s, const char *id, qv_err *err)
{
	qv__store_args a = {0};
	qv__store_arg_text(&a, id);
	return qv__store_one(s, QS_TB_AI_FORGIVE, &a, NULL, NULL, NULL, "forgiving an AI move",
	                     err);
}

qv_status qv__store_stop(qv__store *s, const char *id, const char *why, qv_err *err)
{
	qv__store_args a = {0};
	qv__store_arg_text(&a, why);
	qv__store_arg_text(&a, id);
	return held_write(s, QS_TB_STOP, &a, id, "saving why a table stopped", err);
}

/* A change of the people is timed as the changes of the game are (GET /metrics). */
qv_status qv__store_people(qv__store *s, const char *id, const char *people, qv_err *err)
{
	double t0 = qv_mono();
	qv__store_args a = {0};
	qv__store_arg_text(&a, people);
	qv__store_arg_text(&a, id);
	return qv__store_timed(
	    s, t0, held_write(s, QS_TB_PEOPLE, &a, id, "saving the table's people", err));
}

qv_status qv__store_people_over(qv__store *s, const char *id, const char *people, const char *info,
                                qv_err *err)
{
	double t0 = qv_mono();
	qv__store_args a = {0};
	qv__store_arg_text(&a, people);
	qv__store_arg_text(&a, info);
	qv__store_arg_text(&a, id);
	return qv__store_timed(
	    s, t0, held_write(s, QS_TB_PEOPLE_OVER, &a, id, "saving the table's people", err));
}

qv_status qv__store_delete_waiting(qv__store *s, double before, int *count, qv_err *err)
{
	static const int steps[] = {QS_TB_EXPIRE_ACTIONS, QS_TB_EXPIRE_SEATS, QS_TB_EXPIRE_TABLES};
	const qv__store_driver *d = s->drv;
	qv__store_args a = {0};
	qv__store_arg_real(&a, before);
	long long changed = 0;
	*count = 0;
	qv__store_conn *c = d->take(s);
	qv_status rc = d->begin(c, err);
	if (!rc) {
		for (int k = 0; !rc && k < 3; k++)
			rc = d->exec(c, steps[k], &a, NULL, NULL, k == 2 ? &changed : NULL,
			             "removing expired tables", err);
		rc = d->finish(c, rc, err);
	}
	d->give(c);
	if (!rc)
		*count = (int)changed;
	return rc;
}

/* A row's being there counted into ctx (an int). */
static void count_row(void *ctx, const qv__drv_row *r)
{
	(void)r;
	(*(int *)ctx)++;
}

qv_status qv__store_in_held(qv__store *s, qv__store_held_tx *tx, qv_err *err)
{
	const qv__store_driver *d = s->drv;
	tx->epoch = d->hold ? d->hold(s, tx->id, err) : 0;
	if (d->hold && !tx->epoch)
		return QV_ESTATE;
	bool fenced = false;
	qv__store_conn *c = d->take(s);
	qv_status rc = d->begin(c, err);
	if (!rc) {
		rc = tx->body(c, tx->epoch, tx->ctx, &fenced, err);
		bool built = rc == QV_OK;
		rc = d->finish(c, rc, err);
		if (rc && built && tx->lost && d->gone && d->gone(c))
			rc = tx->lost(c, tx->epoch, tx->ctx, rc, err);
	}
	d->give(c);
	return fenced ? d->lose(s, tx->id, err) : rc;
}

/* Inside a transaction on c: table ctx (its id) removed, with its seats and actions. Where the
 * driver fences, its row is locked first at the epoch this process holds it at (`epoch`), so
 * that no other process takes it meanwhile; *fenced when the row has another (or is gone). */
static qv_status remove_in(qv__store_conn *c, long long epoch, void *ctx, bool *fenced, qv_err *err)
{
	static const int steps[] = {QS_TB_DELETE_ACTIONS, QS_TB_DELETE_SEATS, QS_TB_DELETE};
	const qv__store_driver *d = c->s->drv;
	qv__store_args a = {0};
	qv__store_arg_text(&a, ctx);
	qv_status rc = QV_OK;
	if (d->hold) {
		qv__store_args f = a;
		qv__store_arg_int(&f, epoch);
		int rows = 0;
		rc = d->exec(c, QS_TB_FENCE, &f, count_row, &rows, NULL, "locking a table's row",
		             err);
		*fenced = !rc && rows != 1;
		if (*fenced)
			rc = QV_ESTATE;
	}
	for (int k = 0; !rc && k < 3; k++)
		rc = d->exec(c, steps[k], &a, NULL, NULL, NULL, "removing a table", err);
	return rc;
}

/* A table removed is let go (qv__store_disown: nothing on SQLite). */
qv_status qv__store_delete(qv__store *s, const char *id, qv_err *err)
{
	qv__store_held_tx tx = {.id = id, .body = remove_in, .ctx = (void *)id};
	qv_status rc = qv__store_in_held(s, &tx, err);
	if (!rc)
		qv__store_disown(s, id);
	return rc;
}

/* A seat claimed: table id's seat, by the token of that hash, for the player key's hash
 * (NULL or "": none) under its name, the table's status and people then. */
typedef struct claim {
	const char *id;
	int seat;
	const char *hash, *player, *name, *status, *people;
} claim;

/* Inside a transaction on c: the seat claimed (only while free), the table's status and people
 * saved (where the driver fences, only at the epoch this process holds it at: *fenced when the
 * row has another), and the player kept with its name. */
/* Inside a transaction on c: the player key `player` seen now, under name (NULL: none). */
static qv_status player_seen(qv__store_conn *c, const char *player, const char *name, qv_err *err)
{
	qv__store_args p = {0};
	qv__store_arg_text(&p, player);
	qv__store_arg_text(&p, name && name[0] ? name : NULL);
	qv__store_arg_real(&p, qv_wall());
	return c->s->drv->exec(c, QS_TB_PLAYER_SEEN, &p, NULL, NULL, NULL, "saving a player", err);
}

static qv_status claim_in(qv__store_conn *c, long long epoch, void *ctx, bool *fenced, qv_err *err)
{
	const claim *k = ctx;
	const qv__store_driver *d = c->s->drv;
	bool named = k->player && k->player[0];
	qv__store_args a = {0};
	qv__store_arg_text(&a, k->hash);
	qv__store_arg_text(&a, named ? k->player : NULL);
	qv__store_arg_text(&a, k->id);
	qv__store_arg_int(&a, k->seat);
	long long changed = 0;
	qv_status rc = d->exec(c, QS_TB_CLAIM, &a, NULL, NULL, &changed, "claiming a seat", err);
	if (!rc && changed != 1)
		return qv_fail(err, QV_ESTATE, "the database: seat %d of table %s is not free",
		               k->seat + 1, k->id);
	qv__store_args b = {0};
	qv__store_arg_text(&b, k->status);
	qv__store_arg_text(&b, k->people);
	qv__store_arg_text(&b, k->id);
	if (d->hold)
		qv__store_arg_int(&b, epoch);
	if (!rc)
		rc = d->exec(c, QS_TB_STATUS, &b, NULL, NULL, &changed, "saving the table's status",
		             err);
	if (!rc && d->hold && changed != 1) {
		*fenced = true;
		return QV_ESTATE;
	}
	if (rc || !named)
		return rc;
	return player_seen(c, k->player, k->name, err);
}

/* Timed as the changes of the game are (GET /metrics). */
qv_status qv__store_claim(qv__store *s, const char *id, int seat, const char *hash,
                          const char *player, const char *name, const char *status,
                          const char *people, qv_err *err)
{
	double t0 = qv_mono();
	claim k = {id, seat, hash, player, name, status, people};
	qv__store_held_tx tx = {.id = id, .body = claim_in, .ctx = &k};
	return qv__store_timed(s, t0, qv__store_in_held(s, &tx, err));
}

/* Inside a transaction on c: the new table's row (at epoch 1 where the driver fences: its
 * maker holds it so; else at 0, the column's default), its seats (the player keys of those
 * claimed with it seen), and its first actions. */
static qv_status insert_in(qv__store_conn *c, const qv__stored_table *t,
                           const qv__store_move *moves, qv_err *err)
{
	const qv__store_driver *d = c->s->drv;
	qv__store_args a = {0};
	qv__store_arg_text(&a, t->id);
	qv__store_arg_text(&a, t->game);
	qv__store_arg_text(&a, t->params);
	qv__store_arg_int(&a, (long long)t->seed);
	qv__store_arg_int(&a, t->private_);
	qv__store_arg_int(&a, t->v);
	qv__store_arg_text(&a, t->status);
	qv__store_arg_real(&a, t->created);
	qv__store_arg_text(&a, t->creator);
	qv__store_arg_text(&a, t->people);
	qv__store_arg_text(&a, t->variant);
	qv__store_arg_int(&a, d->lock_new ? 1 : 0);
	qv_status rc = d->exec(c, QS_TB_INSERT, &a, NULL, NULL, NULL, "saving a new table", err);
	for (int i = 0; !rc && i < t->nseats; i++) {
		qv__store_args b = {0};
		qv__store_arg_text(&b, t->id);
		qv__store_arg_int(&b, i);
		qv__store_arg_text(&b, t->seats[i].kind);
		qv__store_arg_text(&b, t->seats[i].hash[0] ? t->seats[i].hash : NULL);
		qv__store_arg_text(&b, t->seats[i].player[0] ? t->seats[i].player : NULL);
		rc = d->exec(c, QS_TB_INSERT_SEAT, &b, NULL, NULL, NULL, "saving a seat", err);
		if (!rc && t->seats[i].player[0])
			rc = player_seen(c, t->seats[i].player, t->seats[i].name, err);
	}
	return rc ? rc : qv__store_insert_moves(c, t->id, 0, moves, t->nmoves, err);
}

/* One transaction; where the driver fences, the table is held by the process that makes it:
 * locked before its row exists (its id is new) and held once the row is written. Timed as the
 * changes of the game are (GET /metrics). */
qv_status qv__store_insert_table(qv__store *s, const qv__stored_table *t,
                                 const qv__store_move *moves, qv_err *err)
{
	double t0 = qv_mono();
	const qv__store_driver *d = s->drv;
	int session = 0;
	qv_status rc = d->lock_new ? d->lock_new(s, t->id, &session, err) : QV_OK;
	if (rc)
		return qv__store_timed(s, t0, rc);
	qv__store_conn *c = d->take(s);
	rc = d->begin(c, err);
	if (!rc) {
		rc = insert_in(c, t, moves, err);
		rc = d->finish(c, rc, err);
	}
	d->give(c);
	if (d->hold_new)
		rc = d->hold_new(s, t, session, rc, err);
	return qv__store_timed(s, t0, rc);
}

/* A rematch's one transaction: the finished table `id`'s people and info (which record the
 * rematch), fenced as a held table's write, and the new table `made` with its seats. */
typedef struct rematch_tx {
	const char *id, *people, *info;
	const qv__stored_table *made;
	const qv__store_move *moves;
} rematch_tx;

static qv_status rematch_in(qv__store_conn *c, long long epoch, void *ctx, bool *fenced,
                            qv_err *err)
{
	const rematch_tx *r = ctx;
	const qv__store_driver *d = c->s->drv;
	qv__store_args a = {0};
	qv__store_arg_text(&a, r->people);
	qv__store_arg_text(&a, r->info);
	qv__store_arg_text(&a, r->id);
	if (d->hold)
		qv__store_arg_int(&a, epoch);
	long long changed = 0;
	qv_status rc = d->exec(c, QS_TB_PEOPLE_OVER, &a, NULL, NULL, &changed,
	                       "saving the table's people", err);
	if (!rc && d->hold && changed != 1) {
		*fenced = true;
		return QV_ESTATE;
	}
	return rc ? rc : insert_in(c, r->made, r->moves, err);
}

qv_status qv__store_rematch(qv__store *s, const char *id, const char *people, const char *info,
                            const qv__stored_table *made, const qv__store_move *moves, qv_err *err)
{
	double t0 = qv_mono();
	const qv__store_driver *d = s->drv;
	int session = 0;
	qv_status rc = d->lock_new ? d->lock_new(s, made->id, &session, err) : QV_OK;
	if (rc)
		return qv__store_timed(s, t0, rc);
	rematch_tx r = {id, people, info, made, moves};
	qv__store_held_tx tx = {.id = id, .body = rematch_in, .ctx = &r};
	rc = qv__store_in_held(s, &tx, err);
	if (d->hold_new)
		rc = d->hold_new(s, made, session, rc, err);
	return qv__store_timed(s, t0, rc);
}

/* Where get_over's row goes: the first (the table's id is the key: there is one at most). */
typedef struct over {
	char **info, **record;
	int found; /* 1: copied; -1: out of memory */
} over;

static void over_row(void *ctx, const qv__drv_row *r)
{
	over *o = ctx;
	if (o->found)
		return;
	*o->info = strdup(qv__row_text(r, 0));
	if (o->record)
		*o->record = strdup(qv__row_text(r, 1));
	o->found = *o->info && (!o->record || *o->record) ? 1 : -1;
}

int qv__store_get_over(qv__store *s, const char *id, char **info, char **record)
{
	*info = NULL;
	if (record)
		*record = NULL;
	qv__store_args a = {0};
	qv__store_arg_text(&a, id);
	over o = {.info = info, .record = record};
	qv_status rc =
	    qv__store_one(s, QS_TB_OVER, &a, over_row, &o, NULL, "reading a finished table", NULL);
	int found = rc ? -1 : o.found;
	if (found != 1) {
		free(*info);
		*info = NULL;
		if (record) {
			free(*record);
			*record = NULL;
		}
	}
	return found;
}

/* Where player_name's row goes (the key is the hash: one row at most). */
typedef struct naming {
	char *name;
	size_t len;
	int found;
} naming;

static void name_row(void *ctx, const qv__drv_row *r)
{
	naming *n = ctx;
	if (!n->found)
		qv_copy(n->name, n->len, qv__row_text(r, 0));
	n->found = 1;
}

int qv__store_player_name(qv__store *s, const char *player, char *name, size_t len)
{
	qv__store_args a = {0};
	qv__store_arg_text(&a, player);
	naming n = {.name = name, .len = len};
	qv_status rc =
	    qv__store_one(s, QS_TB_PLAYER_NAME, &a, name_row, &n, NULL, "reading a player", NULL);
	return rc ? -1 : n.found;
}

/* Where player_tables's rows go: at most max seats. */
typedef struct seating {
	qv__player_seat *out;
	int *n, max;
} seating;

static void seat_row(void *ctx, const qv__drv_row *r)
{
	seating *g = ctx;
	if (*g->n >= g->max)
		return;
	qv__player_seat *row = &g->out[(*g->n)++];
	qv_copy(row->id, sizeof row->id, qv__row_text(r, 0));
	row->seat = (int)qv__row_int(r, 1);
	row->over = qv__row_int(r, 2) != 0;
	row->finished = qv__row_real(r, 3);
}

qv_status qv__store_player_tables(qv__store *s, const char *player, long long account, int max,
                                  qv__player_seat *out, int *n, qv_err *err)
{
	*n = 0;
	qv__store_args a = {0};
	qv__store_arg_text(&a, player);
	qv__store_arg_int(&a, account);
	qv__store_arg_int(&a, max);
	seating g = {.out = out, .n = n, .max = max};
	return qv__store_one(s, QS_TB_PLAYER_TABLES, &a, seat_row, &g, NULL,
	                     "reading a player's tables", err);
}
