/*
 * replay.c - a finished game step by step, for the browser's replay page: the View JSON seen by
 * the referee ("all") before the first action and after each one, with the action and who made
 * it. The browser knows no rule, so it cannot replay a record itself; the server walks the
 * match's history once (qv_match_walk), as `quiver replay` does, with each action's notation
 * as the match kept it. Only what a record already holds
 * is shown (a record is given once the game is over, or uploaded by someone who has it).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "games/json_util.h"
#include "quiver/variant.h"
#include "server/replay.h"

json_t *qv__catalogue_json(const qv_match *m)
{
	const qv_variant *v =
	    m->game->components ? qv_variant_of_params(m->game, &m->params) : NULL;
	return v ? qv_variant_json(v) : json_null();
}

/* "p1", "chance" or "over", as the View JSON's to_move. */
static json_t *who_json(int who)
{
	char buf[16];
	if (who == QV_CHANCE)
		return json_string("chance");
	if (who == QV_OVER)
		return json_string("over");
	return json_string(qv_player_name(who, buf));
}

/* The View JSON of `st` for the referee, with the record's game and params. */
static json_t *step_view(const qv_game *g, const void *st, json_t *game, json_t *params)
{
	json_t *view = g->view_json(st, QV_VIEW_ALL);
	return json_pack("{s:O, s:O, s:s, s:o, s:o}", "game", game, "params", params, "viewer",
	                 "all", "to_move", who_json(g->to_move(st)), "view",
	                 view ? view : json_null());
}

json_t *qv__replay_json(qv_match *m, qv_err *err)
{
	return qv__replay_json_within(m, 0, NULL, err);
}

/* The size of j as compact JSON text. */
static size_t json_size(const json_t *j) { return json_dumpb(j, NULL, 0, JSON_COMPACT); }

/* What the walk of a replay carries: the steps so far and their size. */
typedef struct replay_walk {
	const qv_match *m;
	json_t *game, *params, *steps;
	size_t bytes, max_bytes; /* the answer's size so far, and its bound (0: none) */
	bool too_big, failed;
} replay_walk;

/* Appends step k: the view of st after entry k - 1 (the start for k 0), unless the answer
 * would pass its bound. Returns false when the replay stops there. */
static bool add_step(replay_walk *w, int k, const void *st)
{
	const qv_game *g = w->m->game;
	json_t *step;
	if (k == 0) {
		step = json_pack("{s:n, s:n, s:b, s:o}", "who", "action", "automatic", 0, "view",
		                 step_view(g, st, w->game, w->params));
	} else {
		const qv_move *mv = &w->m->hist[k - 1];
		step = json_pack("{s:o, s:s, s:b, s:o}", "who", who_json(mv->who), "action",
		                 qv_match_notation(w->m, k - 1), "automatic", mv->automatic, "view",
		                 step_view(g, st, w->game, w->params));
	}
	if (!step || json_array_append_new(w->steps, step)) {
		w->failed = true;
		return false;
	}
	if (w->max_bytes)
		w->bytes += json_size(step) + 1;
	if (w->max_bytes && w->bytes > w->max_bytes) {
		w->too_big = true;
		return false;
	}
	return true;
}

/* The walk hands the state before entry i, which is the position after entry i - 1. */
static bool replay_step(void *ctx, int i, const void *before) { return add_step(ctx, i, before); }

/* One walk of the history: the start and the position after each entry but the last from the
 * states the walk hands, the last from the match's current state. */
json_t *qv__replay_json_within(qv_match *m, size_t max_bytes, bool *too_big, qv_err *err)
{
	if (too_big)
		*too_big = false;
	json_t *rec = qv_match_record_json(m);
	replay_walk w = {.m = m, .steps = json_array(), .max_bytes = max_bytes};
	if (!rec || !w.steps) {
		json_decref(rec);
		json_decref(w.steps);
		qv_fail(err, QV_ENOMEM, "out of memory");
		return NULL;
	}
	w.game = json_object_get(rec, "game");
	w.params = json_object_get(rec, "params");
	/* The work and the answer stop as soon as the answer would be too large: the record's
	 * size bounds the answer's parts outside the steps. */
	w.bytes = max_bytes ? json_size(rec) : 0;
	if (qv_match_walk(m, 0, replay_step, &w) != QV_OK)
		w.failed = true;
	if (!w.failed && !w.too_big) /* the last step (the start, with no history) */
		add_step(&w, m->nhist, m->state);
	if (w.failed || w.too_big) {
		json_decref(rec);
		json_decref(w.steps);
		if (w.failed)
			qv_fail(err, QV_ENOMEM, "out of memory");
		else
			qv_fail(
			    err, QV_EINVAL,
			    "the replay of this record would be over %zu MiB (the server's limit) "
			    "by action %d of %d; replay it with `quiver replay` instead",
			    max_bytes >> 20, (int)json_array_size(w.steps) - 1, m->nhist);
		if (too_big)
			*too_big = w.too_big;
		return NULL;
	}
	json_t *out = json_pack("{s:O, s:O, s:O, s:O, s:o}", "game", w.game, "params", w.params,
	                        "players", json_object_get(rec, "players"), "result",
	                        json_object_get(rec, "result"), "steps", w.steps);
	out = qv__json_put(out, "catalogue", qv__catalogue_json(m));
	json_decref(rec);
	if (!out)
		qv_fail(err, QV_ENOMEM, "out of memory");
	return out;
}
