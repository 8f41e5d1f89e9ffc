/*
 * narration_sample.c - the narration of seeded random games of every game, as each viewer is
 * told it, for narration.test.mjs: one JSON object a line, {"game", "params", "viewer",
 * "text", "msg"} (msg: the line's message, its format then each argument, as a log frame
 * carries it). The viewers are every seat and the public.
 *
 * Usage: narration_sample [GAMES]   (GAMES random games of each setting, 12 by default)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "quiver/game.h"
#include "quiver/match.h"

/* The settings played: each game, and the players and modes that narrate otherwise. */
static const char *const SETTINGS[][2] = {
    {"three-arrows", ""},
    {"three-arrows", "players=3,mode=tactical"},
    {"three-arrows", "players=4"},
    {"concardia", ""},
    {"evons", ""},
    {"arrow-party", "players=3"},
    {"arrow-party", "players=5"},
};

typedef struct sample {
	const char *game, *params;
	int viewer;
} sample;

static void put_line(void *ctx, const qv_log_line *l)
{
	const sample *s = ctx;
	if (!l->consequence)
		return;
	json_t *o = qv_log_line_json(l);
	json_object_set_new(o, "game", json_string(s->game));
	json_object_set_new(o, "params", json_string(s->params));
	json_object_set_new(o, "viewer", json_integer(s->viewer));
	char *text = json_dumps(o, JSON_COMPACT);
	puts(text);
	free(text);
	json_decref(o);
}

/* Plays one random game of the setting from seed and prints its narration per viewer. */
static int play(const char *game, const char *params, uint64_t seed)
{
	qv_err err;
	const qv_game *g = qv_game_find(game, &err);
	qv_params p = {0};
	qv_match *m = NULL;
	if (!g || (*params && qv_params_parse_list(&p, params, &err) != QV_OK) ||
	    qv_match_new(&m, g, &p, seed, &err) != QV_OK) {
		fprintf(stderr, "narration_sample: %s %s: %s\n", game, params, err.msg);
		return 1;
	}
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	qv_action *buf = malloc(sizeof *buf * (size_t)(g->max_actions > 1 ? g->max_actions : 1));
	for (int steps = 0; !qv_match_over(m) && steps < 5000; steps++) {
		qv_match_settle(m, NULL, 0);
		if (qv_match_over(m))
			break;
		int n;
		qv_action a = qv_sample_legal(g, m->state, &rng, buf, &n);
		if (a < 0 || qv_match_play(m, a, &err) != QV_OK)
			break;
	}
	int players = g->num_players(m->state);
	for (int v = QV_VIEW_PUBLIC; v < players; v++) {
		if (v != QV_VIEW_PUBLIC && v < 0)
			continue;
		sample s = {game, params, v};
		qv_match_log(m, v, 0, put_line, &s);
	}
	free(buf);
	qv_match_free(m);
	return 0;
}

int main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 12;
	for (size_t i = 0; i < sizeof SETTINGS / sizeof *SETTINGS; i++)
		for (int k = 0; k < games; k++)
			if (play(SETTINGS[i][0], SETTINGS[i][1], 1000u * i + (uint64_t)k + 1))
				return 1;
	return 0;
}
