/*
 * postgres_load.c - the PostgreSQL store's tables read back (store.h): every table not over at
 * start-up, or one table, with its seats and actions, read on a connection of the pool and
 * visited with it given back (a visit may write, and a replay holds up no other table's
 * commit), as SQLite's sqlite.c reads them.
 */
#include <stdlib.h>
#include <string.h>

#include "server/store/postgres_impl.h"
#include "server/store/store.h"

/* A table read from the database, owning its strings. */
typedef struct loaded {
	qv__stored_table t;
	char *text[8]; /* id, game, params, status, stopped, creator, people, variant */
	char **moves;
} loaded;

static void loaded_free(loaded *l)
{
	for (int i = 0; i < 8; i++)
		free(l->text[i]);
	for (int i = 0; i < l->t.nmoves; i++)
		free(l->moves[i]);
	free(l->moves);
}

/* Copies column col of row i into l->text[k]; NULL stays NULL when `null_ok`. */
static const char *keep_text(loaded *l, int k, const PGresult *r, int i, int col, bool null_ok,
                             bool *failed)
{
	if (PQgetisnull(r, i, col) && null_ok)
		return NULL;
	l->text[k] = strdup(qv__pg_str(r, i, col));
	*failed |= !l->text[k];
	return l->text[k];
}

/* Reads the seats of table t (its id read) into t. */
static qv_status read_seats(qv__pg_conn *c, qv__stored_table *t, qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_text(&a, t->id);
	PGresult *r = NULL;
	qv_status rc = qv__pg_run(c, PG_SELECT_SEATS, &a, &r, NULL, "reading seats", err);
	for (int i = 0; !rc && i < PQntuples(r); i++) {
		long long seat = qv__pg_ll(r, i, 0);
		if (seat != t->nseats || seat >= QV_MAX_PLAYERS) {
			rc = qv_fail(err, QV_EIO, "the database: table %s has a bad seat %lld",
			             t->id, seat);
			break;
		}
		qv__store_seat *st = &t->seats[t->nseats++];
		qv_copy(st->kind, sizeof st->kind, qv__pg_str(r, i, 1));
		qv_copy(st->hash, sizeof st->hash, qv__pg_str(r, i, 2));
		qv_copy(st->player, sizeof st->player, qv__pg_str(r, i, 3));
	}
	PQclear(r);
	return rc;
}

/* Reads the actions of the table in l (its id read) into l->moves. */
static qv_status read_actions(qv__pg_conn *c, loaded *l, qv_err *err)
{
	qv__stored_table *t = &l->t;
	qv__pg_args a = {0};
	qv__pg_text(&a, t->id);
	PGresult *r = NULL;
	qv_status rc = qv__pg_run(c, PG_SELECT_ACTIONS, &a, &r, NULL, "reading actions", err);
	int n = rc ? 0 : PQntuples(r);
	if (n > 0 && !(l->moves = calloc((size_t)n, sizeof *l->moves)))
		rc = qv_fail(err, QV_ENOMEM, "out of memory reading table %s", t->id);
	for (int i = 0; !rc && i < n; i++) {
		if (qv__pg_ll(r, i, 0) != t->nmoves) {
			rc = qv_fail(err, QV_EIO, "the database: table %s misses action %d", t->id,
			             t->nmoves + 1);
			break;
		}
		l->moves[t->nmoves] = strdup(qv__pg_str(r, i, 1));
		if (!l->moves[t->nmoves]) {
			rc = qv_fail(err, QV_ENOMEM, "out of memory reading table %s", t->id);
			break;
		}
		t->nmoves++;
	}
	PQclear(r);
	t->moves = (const char **)l->moves;
	return rc;
}

/* Reads the table in row i of r, with its seats and actions, into l. */
static qv_status read_row(qv__pg_conn *c, const PGresult *r, int i, loaded *l, qv_err *err)
{
	memset(l, 0, sizeof *l);
	qv__stored_table *t = &l->t;
	bool failed = false;
	t->id = keep_text(l, 0, r, i, 0, false, &failed);
	t->game = keep_text(l, 1, r, i, 1, false, &failed);
	t->params = keep_text(l, 2, r, i, 2, false, &failed);
	t->seed = (uint64_t)qv__pg_ll(r, i, 3);
	t->private_ = qv__pg_ll(r, i, 4) != 0;
	t->v = qv__pg_ll(r, i, 5);
	t->status = keep_text(l, 3, r, i, 6, false, &failed);
	t->created = qv__pg_double(r, i, 7);
	t->ai_starts = (int)qv__pg_ll(r, i, 8);
	t->stopped = keep_text(l, 4, r, i, 9, true, &failed);
	t->creator = keep_text(l, 5, r, i, 10, true, &failed);
	t->people = keep_text(l, 6, r, i, 11, true, &failed);
	t->variant = keep_text(l, 7, r, i, 12, true, &failed);
	if (failed)
		return qv_fail(err, QV_ENOMEM, "out of memory reading a table");
	qv_status rc = read_seats(c, t, err);
	return rc ? rc : read_actions(c, l, err);
}

/* Reads the tables statement `which` (with a) lists, each whole, into *all (*n of them). */
static qv_status read_all(qv__pg_conn *c, int which, const qv__pg_args *a, loaded **all, int *n,
                          qv_err *err)
{
	*all = NULL;
	*n = 0;
	PGresult *r = NULL;
	qv_status rc = qv__pg_ready(c, err);
	if (!rc)
		rc = qv__pg_run(c, which, a, &r, NULL, "reading tables", err);
	int rows = rc ? 0 : PQntuples(r);
	if (rows > 0 && !(*all = calloc((size_t)rows, sizeof **all)))
		rc = qv_fail(err, QV_ENOMEM, "out of memory reading tables");
	for (int i = 0; !rc && i < rows; i++) {
		rc = read_row(c, r, i, &(*all)[i], err);
		(*n)++;
	}
	PQclear(r);
	return rc;
}

/* Reads on a connection of the pool, then visits with it given back (a visit may call the
 * store). */
static qv_status load(qv__store *s, int which, const qv__pg_args *a, bool one,
                      qv__store_visit_fn visit, void *ctx, qv_err *err)
{
	loaded *all = NULL;
	int n = 0;
	qv__pg_conn *c = qv__pg_take(s);
	qv_status rc = read_all(c, which, a, &all, &n, err);
	qv__pg_give(c);
	if (!rc && one && n == 0)
		rc = qv_fail(err, QV_ESTATE, "no table '%s'", a->v[0]);
	for (int i = 0; i < n; i++) {
		if (!rc)
			rc = visit(ctx, &all[i].t, err);
		loaded_free(&all[i]);
	}
	free(all);
	return rc;
}

qv_status qv__pg_load_open(qv__store *s, qv__store_visit_fn visit, void *ctx, qv_err *err)
{
	return load(s, PG_SELECT_OPEN, NULL, false, visit, ctx, err);
}

qv_status qv__pg_load_one(qv__store *s, const char *id, qv__store_visit_fn visit, void *ctx,
                          qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_text(&a, id);
	return load(s, PG_SELECT_ONE, &a, true, visit, ctx, err);
}
