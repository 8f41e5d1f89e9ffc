/*
 * games.c - the games and their reference as a page reads them (games.h).
 */
#include <stdio.h>
#include <string.h>

#include "engine/feed/games.h"
#include "quiver/agent.h"

/* One parameter as GET /api/games describes it: key, default, allowed and meaning, then its
 * kind with its bounds (integer, real) and named values (docs/server.md). */
static json_t *param_info(const qv_param_def *d)
{
	char allowed[256];
	json_t *p = json_pack("{s:s, s:s, s:s, s:s, s:s}", "key", d->key, "default", d->def,
	                      "allowed", qv_param_allowed(d, allowed, sizeof allowed), "meaning",
	                      d->help, "kind", qv_param_kind_name(d->kind));
	if (d->kind == QV_PARAM_INT) {
		json_object_set_new(p, "min", json_integer((json_int_t)d->lo));
		json_object_set_new(p, "max", json_integer((json_int_t)d->hi));
		json_object_set_new(p, "step", json_integer(d->step > 1 ? d->step : 1));
	} else if (d->kind == QV_PARAM_REAL) {
		json_object_set_new(p, "min", json_real(d->lo));
		json_object_set_new(p, "max", json_real(d->hi));
	}
	if (d->choices) {
		json_t *choices = json_array();
		for (int i = 0; d->choices[i]; i++)
			json_array_append_new(choices, json_string(d->choices[i]));
		json_object_set_new(p, "choices", choices);
	}
	return p;
}

/* A game's levels' measured strength (qv_game.ladder): {level: {"elo", "ci": [lo, hi],
 * "settled"}}, what the lobby shows beside the levels' names ("?" where not settled:
 * qv_agent_level_settled). */
static json_t *ladder_info(const qv_game *g)
{
	json_t *ladder = json_object();
	for (const qv_level_elo *e = g->ladder; e && e->level; e++)
		json_object_set_new(ladder, e->level,
		                    json_pack("{s:i, s:[i, i], s:b}", "elo", e->elo, "ci", e->lo,
		                              e->hi, "settled", qv_agent_level_settled(e)));
	return ladder;
}

json_t *qv__games_json(void)
{
	json_t *games = json_array();
	for (int i = 0; qv_games[i]; i++) {
		const qv_game *g = qv_games[i];
		json_t *params = json_array();
		for (int k = 0; k < g->nparams; k++)
			json_array_append_new(params, param_info(&g->params[k]));
		json_t *levels = json_array();
		for (int k = 0; qv_agent_offered[k]; k++)
			json_array_append_new(levels, json_string(qv_agent_offered[k]));
		json_array_append_new(games, json_pack("{s:s, s:s, s:i, s:i, s:o, s:o, s:o}",
		                                       "name", g->name, "title", g->title,
		                                       "min_players", g->min_players, "max_players",
		                                       g->max_players, "params", params, "levels",
		                                       levels, "ladder", ladder_info(g)));
	}
	return json_pack("{s:o}", "games", games);
}

json_t *qv__reference_json(const qv_game *g, const void *state)
{
	qv_buf names = {0}, text = {0};
	qv_reference_names(g, state, &names);
	json_t *entries = json_array();
	for (const char *s = qv_buf_str(&names); *s;) {
		size_t len = strcspn(s, "\n");
		char name[64];
		snprintf(name, sizeof name, "%.*s", (int)len, s);
		qv_err err;
		qv_buf_clear(&text);
		if (qv_lookup(g, state, name, &text, &err) == QV_OK)
			json_array_append_new(entries, json_pack("{s:s, s:s}", "name", name, "text",
			                                         qv_buf_str(&text)));
		s += len + (s[len] == '\n');
	}
	qv_buf_free(&names);
	qv_buf_free(&text);
	return json_pack("{s:s, s:o}", "game", g->name, "entries", entries);
}
