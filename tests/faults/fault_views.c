/*
 * fault_views.c - every game's views and state JSON, and their text, with every allocation
 * refused in turn: a view is written whole or not at all. For each game, a few positions of
 * a random game with a fixed seed (the opening, the middle, late), and at each the view of
 * every seat, of the public and the whole state, each built (view_json, state_json) and then
 * written out as the server writes a frame (qv__json_dumps). A refused allocation must make
 * the call fail (NULL, so QV_ENOMEM here) or leave its answer exactly the reference run's: a
 * view with a field dropped, or a text cut short, differs from it (fault.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fault.h"
#include "games/json_util.h"
#include "quiver/game.h"

/* The positions of a game looked at: the opening and after these many more actions (or the
 * end, when the game ends sooner). */
static const int stops[] = {0, 30};
#define NSTOPS (int)(sizeof stops / sizeof stops[0])

typedef struct scene {
	const qv_game *g;
	unsigned char *pos[NSTOPS]; /* the states, made before the loop */
	int npos;
	const void *st; /* the state of the step */
	int viewer;     /* a player, QV_VIEW_PUBLIC, or QV_VIEW_ALL for the state JSON */
} scene;

static scene sc;

/* Nothing a view changes: the scenario's states are made before the loop and only read. */
static void print(void *ctx, qv_buf *out)
{
	(void)ctx;
	qv_buf_puts(out, "states unchanged");
}

/* The JSON of the step's viewer: view_json, or state_json for QV_VIEW_ALL. */
static json_t *build(const scene *s)
{
	return s->viewer == QV_VIEW_ALL ? s->g->state_json(s->st)
	                                : s->g->view_json(s->st, s->viewer);
}

/* The view built under test, its text written with counting paused (sorted keys, so the
 * answer is compared field by field). */
static qv_status do_view(void *ctx, qv_buf *out, qv_err *err)
{
	json_t *j = build(ctx);
	if (!j)
		return qv_fail(err, QV_ENOMEM, "out of memory building a view");
	fault_pause();
	char *t = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	qv_buf_puts(out, t ? t : "(dump failed)");
	free(t);
	json_decref(j);
	fault_resume();
	return QV_OK;
}

/* The view built with counting paused, its text written under test as a frame's is. */
static qv_status do_text(void *ctx, qv_buf *out, qv_err *err)
{
	fault_pause();
	json_t *j = build(ctx);
	fault_resume();
	char *t = qv__json_dumps(j, JSON_COMPACT);
	fault_pause();
	json_decref(j);
	fault_resume();
	if (!t)
		return qv_fail(err, QV_ENOMEM, "out of memory writing a view");
	qv_buf_puts(out, t);
	free(t);
	return QV_OK;
}

static void scenario(void)
{
	for (int i = 0; i < sc.npos; i++) {
		sc.st = sc.pos[i];
		int n = sc.g->num_players(sc.st);
		for (int v = QV_VIEW_PUBLIC; v < n; v++) {
			sc.viewer = v;
			fault_step(v == QV_VIEW_ALL ? "state" : "view", do_view, print, &sc);
			fault_step("text", do_text, print, &sc);
		}
	}
}

/* Plays a random game of g (default parameters, fixed seed) and keeps the positions of
 * `stops`; returns false when out of memory or the game refuses to start. */
static bool positions(const qv_game *g)
{
	qv_params params = {0};
	qv_err err;
	unsigned char *st = malloc(g->state_size);
	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	qv_action *opts = malloc(sizeof *opts * (size_t)(most > 0 ? most : 1));
	double *prob = malloc(sizeof *prob * (size_t)(g->max_chance > 0 ? g->max_chance : 1));
	if (!st || !opts || !prob || g->init(st, &params, 37, &err)) {
		free(st);
		free(opts);
		free(prob);
		return false;
	}
	qv_rng rng;
	qv_rng_seed(&rng, 37);
	int played = 0;
	sc = (scene){.g = g};
	for (int i = 0; i < NSTOPS; i++) {
		while (played < stops[i] && g->to_move(st) != QV_OVER) {
			int n = g->to_move(st) == QV_CHANCE ? g->chance(st, opts, prob)
			                                    : g->legal(st, opts);
			if (n <= 0)
				break;
			g->apply(st, opts[qv_rng_below(&rng, (uint32_t)n)], NULL);
			played++;
		}
		sc.pos[sc.npos] = malloc(g->state_size);
		if (!sc.pos[sc.npos])
			break;
		memcpy(sc.pos[sc.npos++], st, g->state_size);
	}
	free(st);
	free(opts);
	free(prob);
	return sc.npos == NSTOPS;
}

int main(void)
{
	fault_init();
	int bad = 0;
	for (int i = 0; qv_games[i]; i++) {
		if (!positions(qv_games[i])) {
			fprintf(stderr, "fault_views: cannot play %s\n", qv_games[i]->name);
			return 1;
		}
		bad |= fault_loop(qv_games[i]->name, scenario, 200000, 300);
		for (int k = 0; k < sc.npos; k++)
			free(sc.pos[k]);
	}
	return bad;
}
