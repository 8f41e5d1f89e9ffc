/*
 * puzzles.c - the puzzles of a reviewed game looked for on the AI's background workers (after
 * its review, in the background lane of the address that asked it: below every table being
 * played, state/pool.h), and their list (puzzles.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/clock.h"
#include "quiver/puzzle.h"
#include "server/api/puzzles.h"
#include "server/base/oplog.h"
#include "server/base/rating.h"
#include "server/net/reply.h"
#include "server/players/community.h"
#include "server/players/puzzles.h"
#include "server/table/replay.h"

/* A game's puzzles being looked for: its review, and how far. */
typedef struct look {
	qv__server *srv;
	char table[QV__ROUTE_CAP_MAX];
	char addr[48];
	qv_review *r;
	json_t *catalogue;
	int next, looked, candidates, made;
} look;

static void look_free(look *l)
{
	qv_review_free(l->r);
	json_decref(l->catalogue);
	free(l);
}

/* Whether decision i's move made lost enough to be looked at. */
static bool candidate(const qv_review *r, int i)
{
	return qv_review_decision_at(r, i)->loss >= QV_PUZZLE_MARGIN - 1e-9;
}

/* Keeps how far l is (done: looked at every candidate); a failure is logged. */
static void progress(const look *l, bool done)
{
	qv__num looked = qv__num_int(l->looked), cand = qv__num_int(l->candidates),
	        made = qv__num_int(l->made), fin = qv__num_int(done), at = qv__num_real(qv_wall());
	const char *row[] = {l->table,    qv_review_match(l->r)->game->name,
	                     looked.text, cand.text,
	                     made.text,   fin.text,
	                     at.text};
	qv_err err;
	if (qv__store_run(
	        l->srv->store,
	        "INSERT INTO puzzle_sources (table_id, game, looked, candidates, made, "
	        "done, at) VALUES ($1, $2, CAST($3 AS BIGINT), CAST($4 AS BIGINT), CAST($5 "
	        "AS BIGINT), CAST($6 AS BIGINT), CAST($7 AS DOUBLE PRECISION)) ON "
	        "CONFLICT (table_id) DO UPDATE SET looked = CAST($3 AS BIGINT), "
	        "candidates = CAST($4 AS BIGINT), made = CAST($5 AS BIGINT), done = "
	        "CAST($6 AS BIGINT), at = CAST($7 AS DOUBLE PRECISION)",
	        7, row, &err))
		qv__oplog(QV__WARN, "table %s: its puzzles' progress is not kept: %s", l->table,
		          err.msg);
}

/* The themes of puzzle p as the store keeps them, words apart ("capture advantage"). */
static void themes_text(const qv_puzzle *p, char *out, size_t len)
{
	out[0] = '\0';
	for (unsigned t = 1; t <= QV_PUZZLE_ADVANTAGE; t <<= 1)
		if (p->themes & t) {
			size_t at = strlen(out);
			snprintf(out + at, len - at, "%s%s", at ? " " : "",
			         qv_puzzle_theme_name(t));
		}
}

/* Keeps puzzle p of l's game, a new player's rating for a start (once per decision: a game
 * reviewed again makes the same puzzle, which is kept once). */
static void keep(look *l, const qv_puzzle *p)
{
	json_t *body = qv_puzzle_json(p, l->r);
	if (body) {
		json_object_set_new(body, "table", json_string(l->table));
		json_object_set(body, "catalogue", l->catalogue ? l->catalogue : json_null());
	}
	char *text = body ? json_dumps(body, JSON_COMPACT) : NULL;
	json_decref(body);
	char id[QV__ID_LEN + 1], themes[80];
	qv__table_id_new(id);
	themes_text(p, themes, sizeof themes);
	qv__glicko2 g = qv__glicko2_new();
	qv__num step = qv__num_int(p->entry + 1), rating = qv__num_real(g.rating),
	        dev = qv__num_real(g.deviation), vol = qv__num_real(g.volatility),
	        at = qv__num_real(qv_wall());
	const char *row[] = {id,       l->table, step.text,   qv_review_match(l->r)->game->name,
	                     text,     themes,   rating.text, dev.text,
	                     vol.text, at.text};
	qv_err err;
	if (!text || qv__store_run(l->srv->store,
	                           "INSERT INTO puzzles (id, table_id, step, game, body, themes, "
	                           "rating, deviation, volatility, plays, solved, created) VALUES "
	                           "($1, $2, CAST($3 AS BIGINT), $4, $5, $6, CAST($7 AS DOUBLE "
	                           "PRECISION), CAST($8 AS DOUBLE PRECISION), CAST($9 AS DOUBLE "
	                           "PRECISION), 0, 0, CAST($10 AS DOUBLE PRECISION)) ON CONFLICT "
	                           "(table_id, step) DO NOTHING",
	                           10, row, &err))
		qv__oplog(QV__WARN, "table %s: a puzzle is not kept: %s", l->table,
		          text ? err.msg : "out of memory");
	else
		l->made++;
	free(text);
}

static void run_look(void *ctx, void *item);

/* A look still queued when the pool stops. */
static void drop_look(void *ctx, void *item)
{
	(void)ctx;
	look_free(item);
}

/* One candidate decision of l's game looked at (on a background worker), then the next in turn. */
static void run_look(void *ctx, void *item)
{
	qv__server *srv = ctx;
	look *l = item;
	int total = qv_review_total(l->r);
	while (l->next < total && !candidate(l->r, l->next))
		l->next++;
	if (l->next < total) {
		qv_puzzle_verdict v;
		qv_puzzle *p = NULL;
		qv_err err;
		if (qv_puzzle_find(l->r, l->next++, &v, &p, &err))
			qv__oplog(QV__WARN, "table %s: a puzzle was not looked for: %s", l->table,
			          err.msg);
		else if (p)
			keep(l, p);
		qv_puzzle_free(p);
		l->looked++;
	}
	while (l->next < total && !candidate(l->r, l->next))
		l->next++;
	bool more = l->next < total;
	progress(l, !more);
	if (more)
		qv__pool_push_background(srv->pool, l, l->addr, run_look, drop_look);
	else
		look_free(l);
}

/* A flag's row into *(int *)ctx: 0 or 1, and 1 when it is null. */
static qv_status flag_row(void *ctx, int n, const char *const *v)
{
	*(int *)ctx = n > 0 && v[0] ? atoi(v[0]) != 0 : 1;
	return QV_OK;
}

/* Whether table id is a public table of the store: 1, or 0 when it is private, unknown or
 * unread (a private table's id is its key: a puzzle shows its table's id to anyone). */
static bool source_public(qv__server *srv, const char *id)
{
	int priv = 1;
	const char *args[] = {id};
	qv_err err;
	if (qv__store_query(srv->store, "SELECT private FROM tables WHERE id = $1", 1, args,
	                    flag_row, &priv, &err))
		qv__oplog(QV__WARN, "table %s: its puzzles are not looked for: %s", id, err.msg);
	return priv == 0;
}

void qv__puzzles_look(qv__server *srv, const char *table, const char *addr, qv_review *r)
{
	look *l = source_public(srv, table) ? calloc(1, sizeof *l) : NULL;
	if (!l) {
		qv_review_free(r);
		return;
	}
	l->srv = srv;
	l->r = r;
	qv_copy(l->table, sizeof l->table, table);
	qv_copy(l->addr, sizeof l->addr, addr);
	l->catalogue = qv__catalogue_json(qv_review_match(r));
	for (int i = 0; i < qv_review_total(r); i++)
		l->candidates += candidate(r, i);
	progress(l, l->candidates == 0);
	if (l->candidates == 0)
		look_free(l);
	else
		qv__pool_push_background(srv->pool, l, addr, run_look, drop_look);
}

/* ---- the list ---- */

static qv_status source_row(void *ctx, int n, const char *const *v)
{
	json_t *body = ctx;
	if (n < 4)
		return QV_OK;
	json_object_set_new(body, "status", json_string(v[3] && atoll(v[3]) ? "done" : "looking"));
	json_object_set_new(body, "looked", json_integer(v[0] ? atoll(v[0]) : 0));
	json_object_set_new(body, "candidates", json_integer(v[1] ? atoll(v[1]) : 0));
	json_object_set_new(body, "made", json_integer(v[2] ? atoll(v[2]) : 0));
	return QV_OK;
}

static qv_status puzzle_row(void *ctx, int n, const char *const *v)
{
	json_t *list = ctx;
	if (n < 4 || !v[0] || !v[1])
		return QV_OK;
	json_t *themes = json_array();
	for (const char *t = v[2] ? v[2] : ""; *t;) {
		size_t len = strcspn(t, " ");
		json_array_append_new(themes, json_stringn(t, len));
		t += len + (t[len] == ' ');
	}
	json_array_append_new(list, json_pack("{s:s, s:I, s:o, s:I}", "id", v[0], "step",
	                                      (json_int_t)atoll(v[1]), "themes", themes, "rating",
	                                      (json_int_t)(v[3] ? atof(v[3]) + 0.5 : 1500)));
	return QV_OK;
}

int qv__puzzles_of_table(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	const char *id = qv__route_cap_of(m, "table")->text;
	json_t *list = json_array();
	json_t *body = json_pack("{s:s, s:s, s:i, s:i, s:i}", "table", id, "status", "none",
	                         "looked", 0, "candidates", 0, "made", 0);
	const char *args[] = {id};
	qv_err err;
	if (!list || !body ||
	    qv__store_query(srv->store,
	                    "SELECT looked, candidates, made, done FROM puzzle_sources WHERE "
	                    "table_id = $1",
	                    1, args, source_row, body, &err) ||
	    qv__store_query(srv->store,
	                    "SELECT id, step, themes, rating FROM puzzles p WHERE table_id = $1 "
	                    "AND " QV__PUZZLE_SHOWN " ORDER BY step",
	                    1, args, puzzle_row, list, &err)) {
		json_decref(list);
		json_decref(body);
		qv__reply_error(c, 503,
		                "the database failed reading the game's puzzles; try again");
		return 503;
	}
	json_object_set_new(body, "puzzles", list);
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}
