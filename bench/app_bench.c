/*
 * app_bench.c - the app's speed figures (docs/history/benchmarks-8.md, "The app"), the same C
 * compiled natively and to WebAssembly (cmake/app.cmake: app-bench.js), so that bench/app_speed.mjs
 * can run both side by side, the WebAssembly one in headless chromium as the app runs it. One call,
 * qv_app_bench, takes a request as JSON text and answers JSON text:
 *
 *   {"game", "seconds"}: random playouts (whole games from init with the games' samplers on
 *   one state, as `quiver bench` plays them) for that long: {"actions", "seconds"}; then MCTS
 *   iterations per second at the opening and at a mid-game position (20 random decisions in),
 *   each one decision of mcts:iterations=N (a fixed work, 20,000 by default: "iterations"):
 *   {"opening", "midgame"}; then the time of one decision of the level `hard` at each of the
 *   two positions ("hard": seconds), which must stay within its budget.
 *
 * The native build reads one request a line on standard input and writes one answer a line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "games/json_util.h"
#include "quiver/agent.h"
#include "quiver/game.h"

/* Random decisions played from init to reach the mid-game position (as `quiver bench`). */
#define MIDGAME_DECISIONS 20

const char *qv_app_bench(const char *request);

/* Plays whole random games on st for `seconds`; the actions played and the time taken. */
static void playouts(const qv_game *g, void *st, qv_action *abuf, double *pbuf, double seconds,
                     double *actions, double *took)
{
	qv_rng rng;
	qv_rng_seed(&rng, 1);
	uint64_t n = 0, games = 0;
	double t0 = qv_mono();
	while (qv_mono() - t0 < seconds || !games) {
		qv_params none = {0};
		if (g->init(st, &none, qv_seed_mix(1, games), NULL))
			break;
		int tm, options;
		while ((tm = g->to_move(st)) != QV_OVER) {
			qv_action a = tm == QV_CHANCE
			                  ? qv_sample_chance(g, st, &rng, abuf, pbuf)
			                  : qv_sample_legal(g, st, &rng, abuf, &options);
			if (a < 0)
				break;
			g->apply(st, a, NULL);
			n++;
		}
		games++;
	}
	*actions = (double)n;
	*took = qv_mono() - t0;
}

/* The opening (decisions 0) or the first position after that many random decisions where a
 * player with a choice is to move. */
static bool position(const qv_game *g, void *st, qv_action *abuf, double *pbuf, int decisions)
{
	for (uint64_t attempt = 0; attempt < 100; attempt++) {
		qv_rng rng;
		qv_rng_seed(&rng, qv_seed_mix(7, attempt));
		qv_params none = {0};
		if (g->init(st, &none, qv_seed_mix(7, attempt), NULL))
			return false;
		int made = 0, tm, options;
		while ((tm = g->to_move(st)) != QV_OVER) {
			if (tm >= 0 && made >= decisions && g->legal(st, abuf) > 1)
				return true;
			qv_action a = tm == QV_CHANCE
			                  ? qv_sample_chance(g, st, &rng, abuf, pbuf)
			                  : qv_sample_legal(g, st, &rng, abuf, &options);
			if (a < 0)
				return false;
			g->apply(st, a, NULL);
			made += tm >= 0;
		}
	}
	return false;
}

/* One decision of agent `spec` at st: its iterations per second, and the seconds it took. */
static double decide(const qv_game *g, const void *st, const char *spec, double *took)
{
	qv_agent *a;
	qv_err err;
	*took = 0;
	if (qv_agent_new(&a, spec, g, 1, &err))
		return 0;
	qv_action act;
	double t0 = qv_mono();
	qv_status rc = qv_agent_choose(a, st, &act, &err);
	*took = qv_mono() - t0;
	qv_agent_stats stats;
	qv_agent_last_stats(a, &stats);
	qv_agent_free(a);
	return !rc && stats.seconds > 0 ? (double)stats.iterations / stats.seconds : 0;
}

/* The figures of one game; NULL on a game that does not play. */
static json_t *bench(const qv_game *g, double seconds, long iterations)
{
	void *st = malloc(g->state_size);
	qv_action *abuf = malloc(g->max_actions * sizeof *abuf);
	double *pbuf = malloc(g->max_actions * sizeof *pbuf);
	json_t *out = NULL;
	double actions, took, hard[2], ips[2];
	char spec[64];
	snprintf(spec, sizeof spec, "mcts:iterations=%ld,time=300", iterations);
	if (st && abuf && pbuf) {
		playouts(g, st, abuf, pbuf, seconds, &actions, &took);
		bool ok = true;
		for (int k = 0; ok && k < 2; k++) {
			ok = position(g, st, abuf, pbuf, k ? MIDGAME_DECISIONS : 0);
			double t;
			ips[k] = ok ? decide(g, st, spec, &t) : 0;
			ok = ok && (decide(g, st, "hard", &hard[k]), true);
		}
		out = ok ? json_pack("{s:s, s:f, s:f, s:f, s:f, s:[f, f]}", "game", g->name,
		                     "playouts", actions / took, "opening", ips[0], "midgame",
		                     ips[1], "seconds", took, "hard", hard[0], hard[1])
		         : NULL;
	}
	free(st);
	free(abuf);
	free(pbuf);
	return out;
}

const char *qv_app_bench(const char *request)
{
	static char *answer;
	free(answer);
	json_object_seed(1); /* a module without files: jansson would read /dev/urandom */
	json_t *req;
	json_error_t jerr;
	json_t *out = NULL;
	if (qv__json_parse(request, strlen(request), 0, &req, &jerr) == QV_OK) {
		const char *name = json_string_value(json_object_get(req, "game"));
		const qv_game *g = name ? qv_game_find(name, NULL) : NULL;
		double seconds = json_number_value(json_object_get(req, "seconds"));
		json_int_t it = json_integer_value(json_object_get(req, "iterations"));
		if (g)
			out = bench(g, seconds > 0 ? seconds : 1, it > 0 ? (long)it : 20000);
		json_decref(req);
	}
	answer = out ? qv__json_dumps(out, JSON_COMPACT) : NULL;
	json_decref(out);
	return answer ? answer : "{\"error\":\"expected {\\\"game\\\", \\\"seconds\\\"}\"}";
}

#ifndef __EMSCRIPTEN__
/* The native build: one request a line on standard input, one answer a line. */
int main(void)
{
	char line[4096];
	while (fgets(line, sizeof line, stdin)) {
		puts(qv_app_bench(line));
		fflush(stdout);
	}
	return 0;
}
#endif
