/*
 * replay.c - a finished game step by step, for the browser's replay page: the View JSON seen by
 * the referee ("all") before the first action and after each one, with the action and who made
 * it. The browser knows no rule, so it cannot replay a record itself; the server replays it
 * once from the match's base state, as `quiver replay` does. Only what a record already holds
 * is shown (a record is given once the game is over, or uploaded by someone who has it).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "server/replay.h"

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

json_t *qv__replay_json(const qv_match *m, qv_err *err)
{
	return qv__replay_json_within(m, 0, NULL, err);
}

/* The size of j as compact JSON text. */
static size_t json_size(const json_t *j) { return json_dumpb(j, NULL, 0, JSON_COMPACT); }

json_t *qv__replay_json_within(const qv_match *m, size_t max_bytes, bool *too_big, qv_err *err)
{
	if (too_big)
		*too_big = false;
	const qv_game *g = m->game;
	json_t *rec = qv_match_record_json(m);
	void *st = malloc(g->state_size);
	json_t *steps = json_array();
	if (!rec || !st || !steps) {
		json_decref(rec);
		json_decref(steps);
		free(st);
		qv_fail(err, QV_ENOMEM, "out of memory");
		return NULL;
	}
	json_t *game = json_object_get(rec, "game");
	json_t *params = json_object_get(rec, "params");
	memcpy(st, m->base, g->state_size);
	json_array_append_new(steps, json_pack("{s:n, s:n, s:b, s:o}", "who", "action", "automatic",
	                                       0, "view", step_view(g, st, game, params)));
	/* The work and the answer stop as soon as the answer would be too large: the record's
	 * size bounds the answer's parts outside the steps. */
	size_t bytes = json_size(rec);
	for (int i = 0; i <= m->nhist; i++) {
		if (max_bytes)
			bytes += json_size(json_array_get(steps, json_array_size(steps) - 1)) + 1;
		if (max_bytes && bytes > max_bytes) {
			json_decref(rec);
			json_decref(steps);
			free(st);
			if (too_big)
				*too_big = true;
			qv_fail(
			    err, QV_EINVAL,
			    "the replay of this record would be over %zu MiB (the server's limit) "
			    "by action %d of %d; replay it with `quiver replay` instead",
			    max_bytes >> 20, i, m->nhist);
			return NULL;
		}
		if (i == m->nhist)
			break;
		const qv_move *mv = &m->hist[i];
		char text[QV_ACTION_TEXT];
		if (g->action_to_text(st, mv->action, text, sizeof text) < 0)
			text[0] = '\0';
		qv_err aerr = {0};
		if (qv_apply_checked(g, st, mv->action, NULL, &aerr)) {
			json_decref(rec);
			json_decref(steps);
			free(st);
			qv_fail(err, QV_EINVAL, "action %d ('%s') does not apply: %s", i + 1, text,
			        aerr.msg);
			return NULL;
		}
		json_array_append_new(steps,
		                      json_pack("{s:o, s:s, s:b, s:o}", "who", who_json(mv->who),
		                                "action", text, "automatic", mv->automatic, "view",
		                                step_view(g, st, game, params)));
	}
	free(st);
	json_t *out = json_pack("{s:O, s:O, s:O, s:O, s:o}", "game", game, "params", params,
	                        "players", json_object_get(rec, "players"), "result",
	                        json_object_get(rec, "result"), "steps", steps);
	json_decref(rec);
	if (!out)
		qv_fail(err, QV_ENOMEM, "out of memory");
	return out;
}
