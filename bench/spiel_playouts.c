/*
 * spiel_playouts.c - random playouts through the spiel API in C, linked with libquiver.so, the
 * figure the Python package's bench/spiel_playouts.py is set against (docs/benchmarks.md,
 * "The spiel API from C and from Python"): at each step the legal ids listed (sorted), one
 * drawn uniformly, or a chance outcome drawn by its probability, and applied checked.
 *
 *   spiel_playouts [SECONDS [GAME [PARAMS]]]
 *
 * prints, per game (every game with its defaults unless GAME is given), the steps per second
 * over SECONDS (1 by default) and the mean steps per game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "quiver/spiel.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int run(const char *name, const char *params, double seconds)
{
	qv_spiel_game *g;
	qv_err err = {{0}};
	if (qv_spiel_game_new(&g, name, params, &err) != QV_OK) {
		fprintf(stderr, "spiel_playouts: %s\n", err.msg);
		return 1;
	}
	int cap = qv_spiel_max_legal_actions(g);
	int32_t *ids = malloc(sizeof *ids * (size_t)cap);
	double *probs = malloc(sizeof *probs * (size_t)cap);
	qv_rng rng;
	qv_rng_seed(&rng, 1);
	long steps = 0, games = 0, longest = 0;
	double start = now(), end = start + seconds;
	while (now() < end) {
		long first = steps;
		qv_spiel_state *s;
		if (qv_spiel_new_initial_state(g, (uint64_t)games, &s, &err) != QV_OK)
			return 1;
		while (qv_spiel_current_player(s) != QV_SPIEL_TERMINAL) {
			int32_t id;
			if (qv_spiel_current_player(s) == QV_SPIEL_CHANCE) {
				int n = qv_spiel_chance_outcomes(s, ids, probs, cap);
				double x = (double)(qv_rng_next(&rng) >> 11) / 9007199254740992.0;
				id = ids[n - 1];
				for (int i = 0; i < n; i++)
					if ((x -= probs[i]) < 0) {
						id = ids[i];
						break;
					}
			} else {
				int n = qv_spiel_legal_actions(s, ids, cap, &err);
				if (n <= 0) {
					fprintf(stderr, "spiel_playouts: %s: no legal id: %s\n",
					        name, err.msg);
					return 1;
				}
				id = ids[qv_rng_below(&rng, (uint32_t)n)];
			}
			if (qv_spiel_apply(s, id, &err) != QV_OK) {
				fprintf(stderr, "spiel_playouts: %s\n", err.msg);
				return 1;
			}
			steps++;
		}
		qv_spiel_state_free(s);
		games++;
		if (steps - first > longest)
			longest = steps - first;
	}
	double t = now() - start;
	printf("%s%s%s: %.0f steps/s, %.1f steps per game, the longest %ld (%ld games in %.2f s)\n",
	       name, *params ? " " : "", params, (double)steps / t, (double)steps / (double)games,
	       longest, games, t);
	free(ids);
	free(probs);
	qv_spiel_game_free(g);
	return 0;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 1;
	if (seconds <= 0) {
		fprintf(stderr, "usage: spiel_playouts [SECONDS [GAME [PARAMS]]]\n");
		return 2;
	}
	if (argc > 2)
		return run(argv[2], argc > 3 ? argv[3] : "", seconds);
	int rc = 0;
	for (int i = 0; qv_spiel_game_name_at(i); i++)
		rc |= run(qv_spiel_game_name_at(i), "", seconds);
	return rc;
}
