/*
 * load.c - the store's tables read back (store.h), written once over the backend's driver
 * (driver.h): every table not over at start-up, in the order they were made, or one table, each
 * with its seats and actions (or only the ids of those not over), read on the driver's connection
 * (SQLite's under the store's lock, PostgreSQL's one of the pool) and visited with it given back: a
 * visit may write (a table found stopped is saved so), and a replay of a whole game holds up no
 * other table's commit.
 */
#include <stdlib.h>
#include <string.h>

#include "server/store/backend.h"
#include "server/store/driver.h"
#include "server/store/store.h"

/* A table read from the database, owning its strings. */
typedef struct loaded {
	qv__stored_table t;
	char *text[8]; /* id, game, params, status, stopped, creator, people, variant */
	char **moves;
	int cap; /* room in moves */
} loaded;

static void loaded_free(loaded *l)
{
	for (int i = 0; i < 8; i++)
		free(l->text[i]);
	for (int i = 0; i < l->t.nmoves; i++)
		free(l->moves[i]);
	free(l->moves);
}

/* What a statement's rows are read into, and the first failure of a row, which ends the
 * reading (the rows after it are passed over). */
typedef struct reading {
	loaded *all; /* the tables read (the statement of tables) */
	int n, cap;
	loaded *l; /* the table whose seats or actions are read */
	qv_status rc;
	qv_err err;
} reading;

/* Copies column col of row into l->text[k]; NULL stays NULL when `null_ok`. */
static const char *keep_text(loaded *l, int k, const qv__drv_row *row, int col, bool null_ok,
                             bool *failed)
{
	if (null_ok && qv__row_null(row, col))
		return NULL;
	l->text[k] = strdup(qv__row_text(row, col));
	*failed |= !l->text[k];
	return l->text[k];
}

/* A row of the statement of tables read into the next of rd->all (its seats and actions
 * later). */
static void keep_table(void *ctx, const qv__drv_row *row)
{
	reading *rd = ctx;
	if (rd->rc)
		return;
	if (rd->n == rd->cap) {
		int cap = rd->cap ? 2 * rd->cap : 64;
		loaded *grown = realloc(rd->all, (size_t)cap * sizeof *grown);
		if (!grown) {
			rd->rc = qv_fail(&rd->err, QV_ENOMEM, "out of memory reading tables");
			return;
		}
		rd->all = grown;
		rd->cap = cap;
	}
	loaded *l = &rd->all[rd->n++];
	memset(l, 0, sizeof *l);
	qv__stored_table *t = &l->t;
	bool failed = false;
	t->id = keep_text(l, 0, row, 0, false, &failed);
	t->game = keep_text(l, 1, row, 1, false, &failed);
	t->params = keep_text(l, 2, row, 2, false, &failed);
	t->seed = (uint64_t)qv__row_int(row, 3);
	t->private_ = qv__row_int(row, 4) != 0;
	t->v = qv__row_int(row, 5);
	t->status = keep_text(l, 3, row, 6, false, &failed);
	t->created = qv__row_real(row, 7);
	t->ai_starts = (int)qv__row_int(row, 8);
	t->stopped = keep_text(l, 4, row, 9, true, &failed);
	t->creator = keep_text(l, 5, row, 10, true, &failed);
	t->people = keep_text(l, 6, row, 11, true, &failed);
	t->variant = keep_text(l, 7, row, 12, true, &failed);
	if (failed)
		rd->rc = qv_fail(&rd->err, QV_ENOMEM, "out of memory reading a table");
}

/* A seat's row into rd->l's table: the seats numbered from 0 without a gap. */
static void keep_seat(void *ctx, const qv__drv_row *row)
{
	reading *rd = ctx;
	qv__stored_table *t = &rd->l->t;
	if (rd->rc)
		return;
	long long seat = qv__row_int(row, 0);
	if (seat != t->nseats || seat >= QV_MAX_PLAYERS) {
		rd->rc = qv_fail(&rd->err, QV_EIO, "the database: table %s has a bad seat %lld",
		                 t->id, seat);
		return;
	}
	qv__store_seat *st = &t->seats[t->nseats++];
	qv_copy(st->kind, sizeof st->kind, qv__row_text(row, 1));
	qv_copy(st->hash, sizeof st->hash, qv__row_text(row, 2));
	qv_copy(st->player, sizeof st->player, qv__row_text(row, 3));
}

/* An action's row into rd->l's moves: the actions numbered from 0 without a gap. */
static void keep_action(void *ctx, const qv__drv_row *row)
{
	reading *rd = ctx;
	loaded *l = rd->l;
	qv__stored_table *t = &l->t;
	if (rd->rc)
		return;
	if (qv__row_int(row, 0) != t->nmoves) {
		rd->rc = qv_fail(&rd->err, QV_EIO, "the database: table %s misses action %d", t->id,
		                 t->nmoves + 1);
		return;
	}
	if (t->nmoves == l->cap) {
		int cap = l->cap ? 2 * l->cap : 64;
		char **grown = realloc(l->moves, (size_t)cap * sizeof *grown);
		if (!grown) {
			rd->rc =
			    qv_fail(&rd->err, QV_ENOMEM, "out of memory reading table %s", t->id);
			return;
		}
		l->moves = grown;
		l->cap = cap;
	}
	l->moves[t->nmoves] = strdup(qv__row_text(row, 1));
	if (!l->moves[t->nmoves]) {
		rd->rc = qv_fail(&rd->err, QV_ENOMEM, "out of memory reading table %s", t->id);
		return;
	}
	t->nmoves++;
}

/* Runs statement `which` on c, its rows to fn with rd: a row's failure is the statement's
 * (its rows after it were passed over, as a failure of their reading would have been). */
static qv_status read_rows(qv__store_conn *c, int which, const qv__store_args *a, qv__drv_row_fn fn,
                           reading *rd, const char *doing, qv_err *err)
{
	qv_status rc = c->s->drv->exec(c, which, a, fn, rd, NULL, doing, err);
	if (rd->rc) {
		if (err)
			*err = rd->err;
		return rd->rc;
	}
	return rc;
}

/* Reads the tables statement `which` (with a) lists, each with its seats and actions, into
 * rd->all (rd->n of them, each to be freed). */
static qv_status read_all(qv__store_conn *c, int which, const qv__store_args *a, reading *rd,
                          const char *doing, qv_err *err)
{
	qv_status rc = c->s->drv->ready(c, err);
	if (!rc)
		rc = read_rows(c, which, a, keep_table, rd, doing, err);
	for (int i = 0; !rc && i < rd->n; i++) {
		rd->l = &rd->all[i];
		qv__store_args by = {0};
		qv__store_arg_text(&by, rd->l->t.id);
		rc = read_rows(c, QS_LD_SEATS, &by, keep_seat, rd, "reading seats", err);
		if (!rc)
			rc = read_rows(c, QS_LD_ACTIONS, &by, keep_action, rd, "reading actions",
			               err);
		rd->l->t.moves = (const char **)rd->l->moves;
	}
	return rc;
}

/* Reads on the driver's connection, then visits with it given back (a visit may call the
 * store); id: the one table read (NULL: every table not over). */
static qv_status load(qv__store *s, const char *id, qv__store_visit_fn visit, void *ctx,
                      qv_err *err)
{
	const qv__store_driver *d = s->drv;
	reading rd = {0};
	qv__store_args a = {0};
	if (id)
		qv__store_arg_text(&a, id);
	qv__store_conn *c = d->take(s);
	qv_status rc = id ? read_all(c, QS_LD_ONE, &a, &rd, "reading a table", err)
	                  : read_all(c, QS_LD_OPEN, NULL, &rd, "reading tables", err);
	d->give(c);
	if (!rc && id && rd.n == 0)
		rc = qv_fail(err, QV_ESTATE, "no table '%s'", id);
	for (int i = 0; i < rd.n; i++) {
		if (!rc)
			rc = visit(ctx, &rd.all[i].t, err);
		loaded_free(&rd.all[i]);
	}
	free(rd.all);
	return rc;
}

qv_status qv__store_load_open(qv__store *s, qv__store_visit_fn visit, void *ctx, qv_err *err)
{
	return load(s, NULL, visit, ctx, err);
}

qv_status qv__store_load_one(qv__store *s, const char *id, qv__store_visit_fn visit, void *ctx,
                             qv_err *err)
{
	return load(s, id, visit, ctx, err);
}

/* The ids read (qv__store_open_ids), and the first failure of a row. */
typedef struct ids_reading {
	char (*ids)[17];
	int n, cap;
	qv_status rc;
	qv_err err;
} ids_reading;

static void keep_id(void *ctx, const qv__drv_row *row)
{
	ids_reading *rd = ctx;
	if (rd->rc)
		return;
	if (rd->n == rd->cap) {
		int cap = rd->cap ? 2 * rd->cap : 64;
		char(*grown)[17] = realloc(rd->ids, (size_t)cap * sizeof *grown);
		if (!grown) {
			rd->rc = qv_fail(&rd->err, QV_ENOMEM, "out of memory reading tables");
			return;
		}
		rd->ids = grown;
		rd->cap = cap;
	}
	qv_copy(rd->ids[rd->n++], sizeof *rd->ids, qv__row_text(row, 0));
}

qv_status qv__store_open_ids(qv__store *s, char (**ids)[17], int *n, qv_err *err)
{
	const qv__store_driver *d = s->drv;
	ids_reading rd = {0};
	qv__store_conn *c = d->take(s);
	qv_status rc = d->ready(c, err);
	if (!rc)
		rc = d->exec(c, QS_LD_OPEN_IDS, NULL, keep_id, &rd, NULL, "reading tables", err);
	d->give(c);
	if (!rc && rd.rc) {
		rc = rd.rc;
		if (err)
			*err = rd.err;
	}
	if (rc) {
		free(rd.ids);
		rd.ids = NULL;
		rd.n = 0;
	}
	*ids = rd.ids;
	*n = rd.n;
	return rc;
}
