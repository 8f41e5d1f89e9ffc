/*
 * spiel_playouts.c - random playouts through the spiel API in C, linked with libquiver.so, the
 * figure the Python package's bench/spiel_playouts.py is set against (docs/benchmarks.md,
 * "The spiel API from C and from Python"): at each step whose turn it is, then the legal ids
 * listed (sorted) and one drawn uniformly and applied checked, or a chance outcome drawn by its
 * probability and applied (qv_spiel_apply_chance); with --info, the seat to move's information
 * state string asked at every decision as well, as a CFR or an IS-MCTS asks for its key; with
 * --tensor, its information state tensor, as a learner asks for its input; with --once, the
 * string at the first decision of each game only (what asking costs the steps after it).
 *
 *   spiel_playouts [--info | --tensor | --once] [SECONDS | --games N] [GAME [PARAMS]]
 *
 * prints, per game (every game with its defaults unless GAME is given), the steps per second
 * over SECONDS (1 by default) or N games, and the mean steps per game. --games N does a fixed
 * work, for timing the whole process beside the Python loop's.
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

/* What is asked at a decision. */
enum { ASK_NOTHING, ASK_STRING, ASK_TENSOR, ASK_ONCE };
static const char *const ask_flag[] = {"", " (--info)", " (--tensor)", " (--once)"};

/* The seat to move's information state, as mode asks (tensor: room for it); false when it
 * failed. */
static bool ask(const qv_spiel_state *s, int who, int mode, float *tensor)
{
	if (mode == ASK_TENSOR) {
		qv_err err = {{0}};
		return qv_spiel_information_state_tensor(s, who, tensor, &err) == QV_OK;
	}
	char *text = qv_spiel_information_state_string(s, who);
	qv_spiel_free(text);
	return text != NULL;
}

/* One step at s (not over): a chance outcome drawn by its probability (qv_spiel_apply_chance,
 * which lists the outcomes), or a legal id drawn uniformly, applied checked; with mode, the
 * seat to move's information state asked first. */
static int step(qv_spiel_state *s, int who, int32_t *ids, int cap, qv_rng *rng, int mode,
                float *tensor)
{
	qv_err err = {{0}};
	double u = (double)(qv_rng_next(rng) >> 11) / 9007199254740992.0;
	if (who == QV_SPIEL_CHANCE) {
		if (qv_spiel_apply_chance(s, u, &err) < 0) {
			fprintf(stderr, "spiel_playouts: %s\n", err.msg);
			return 1;
		}
		return 0;
	}
	int n = qv_spiel_legal_actions(s, ids, cap, &err);
	if (n <= 0) {
		fprintf(stderr, "spiel_playouts: no legal id: %s\n", err.msg);
		return 1;
	}
	if (mode && !ask(s, who, mode, tensor))
		return 1;
	if (qv_spiel_apply(s, ids[(int)(u * n)], &err) != QV_OK) {
		fprintf(stderr, "spiel_playouts: %s\n", err.msg);
		return 1;
	}
	return 0;
}

static int run(const char *name, const char *params, double seconds, long ngames, int mode)
{
	qv_spiel_game *g;
	qv_err err = {{0}};
	if (qv_spiel_game_new(&g, name, params, &err) != QV_OK) {
		fprintf(stderr, "spiel_playouts: %s\n", err.msg);
		return 1;
	}
	int cap = qv_spiel_max_legal_actions(g);
	int32_t *ids = malloc(sizeof *ids * (size_t)cap);
	float *tensor = malloc(sizeof *tensor * (size_t)qv_spiel_information_state_tensor_size(g));
	qv_rng rng;
	qv_rng_seed(&rng, 1);
	long steps = 0, games = 0, longest = 0;
	double start = now(), end = start + seconds;
	while (ngames ? games < ngames : now() < end) {
		long first = steps;
		qv_spiel_state *s;
		if (qv_spiel_new_initial_state(g, &s, &err) != QV_OK)
			return 1;
		for (int who, asked = 0; (who = qv_spiel_current_player(s)) != QV_SPIEL_TERMINAL;
		     steps++) {
			int m = mode == ASK_ONCE ? (who >= 0 && !asked++ ? ASK_STRING : 0) : mode;
			if (step(s, who, ids, cap, &rng, m, tensor))
				return 1;
		}
		qv_spiel_state_free(s);
		games++;
		if (steps - first > longest)
			longest = steps - first;
	}
	double t = now() - start;
	printf("%s%s%s%s: %.0f steps/s, %.1f steps per game, the longest %ld (%ld games in %.2f "
	       "s)\n",
	       name, *params ? " " : "", params, ask_flag[mode], (double)steps / t,
	       (double)steps / (double)games, longest, games, t);
	free(ids);
	free(tensor);
	qv_spiel_game_free(g);
	return 0;
}

int main(int argc, char **argv)
{
	int mode = ASK_NOTHING;
	long ngames = 0;
	double seconds = 1;
	int i = 1;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "--info") == 0)
			mode = ASK_STRING;
		else if (strcmp(argv[i], "--tensor") == 0)
			mode = ASK_TENSOR;
		else if (strcmp(argv[i], "--once") == 0)
			mode = ASK_ONCE;
		else if (strcmp(argv[i], "--games") == 0 && i + 1 < argc)
			ngames = atol(argv[++i]);
		else
			break;
	}
	if (i < argc && !ngames)
		seconds = atof(argv[i++]);
	if (seconds <= 0 || ngames < 0) {
		fprintf(stderr,
		        "usage: spiel_playouts [--info | --tensor | --once] [SECONDS | --games N] "
		        "[GAME [PARAMS]]\n");
		return 2;
	}
	if (i < argc)
		return run(argv[i], i + 1 < argc ? argv[i + 1] : "", seconds, ngames, mode);
	int rc = 0;
	for (int k = 0; qv_spiel_game_name_at(k); k++)
		rc |= run(qv_spiel_game_name_at(k), "", seconds, ngames, mode);
	return rc;
}
