/*
 * deep.c - deep searches in every game: the agents `easy`, `medium` and `hard` and the search
 * kinds at full budgets (20,000 iterations and more), at the opening and at mid-game positions
 * reached by seeded random play. The property tests play random games and never search, and
 * the unit tests search small THREE ARROWS positions, so a search that outgrows a buffer after
 * thousands of iterations in one game (the Evons mulligan's node outgrew the children's
 * scratch, issue 20) went unseen; here every game and parameter set of the property tests gets
 * such searches, under the sanitizers too.
 *
 *   deep <game> [--param key=value ...] [--seed S] [--opening SPEC] [--mid SPEC] [--mids N]
 *
 * At every position, easy and medium choose, and one deep agent: --opening's at the opening,
 * --mid's at the mid-game positions (a spec, or `hard-full`: the game's hard level without its
 * time cap, so that the whole iteration budget is searched whatever the machine's speed).
 * --mids positions (default 3), scaled by QV_PROPERTY_SCALE with a floor of 1. Every choice
 * must be legal (qv_agent_choose checks it against the true state), and a deep agent must have
 * searched its whole iteration budget. Exit status 0 when all passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quiver/agent.h"
#include "support/scale.h"

#define MAX_PARAMS 8
#define MID_MOST   60 /* a mid-game position is 1..MID_MOST random decisions in */

static int failures;

/* The game's hard level as an ismcts spec without its time cap, into buf. */
static const char *hard_full(const qv_game *g, char *buf, size_t len)
{
	const char *opts = qv_agent_level_options(g, "hard");
	size_t used = (size_t)snprintf(buf, len, "ismcts:");
	const char *p = opts;
	bool first = true;
	while (*p) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (strncmp(p, "time=", 5) != 0 && used + n + 2 < len) {
			used += (size_t)snprintf(buf + used, len - used, "%s%.*s", first ? "" : ",",
			                         (int)n, p);
			first = false;
		}
		p += n + (end != NULL);
	}
	return buf;
}

/* The iterations= of a spec, or of the level it names in game g; 0 when it has none. */
static long budget_of(const qv_game *g, const char *spec)
{
	const char *level = qv_agent_level_options(g, spec);
	const char *p = strstr(level ? level : spec, "iterations=");
	return p ? strtol(p + 11, NULL, 10) : 0;
}

/* Draws chance outcomes until a player is to move or the game is over. */
static void settle(const qv_game *g, void *st, qv_rng *rng, qv_action *buf, double *prob)
{
	while (g->to_move(st) == QV_CHANCE)
		g->apply(st, qv_sample_chance(g, st, rng, buf, prob), NULL);
}

/* One agent's decision at st; counts a failure with a message when it goes wrong. buf holds
 * max_actions entries. */
static void decide(const qv_game *g, const void *st, const char *spec, bool full, const char *where,
                   qv_action *buf)
{
	qv_agent *a = NULL;
	qv_err err;
	if (qv_agent_new(&a, spec, g, 7, &err)) {
		printf("FAIL %s: agent %s: %s\n", where, spec, err.msg);
		failures++;
		return;
	}
	qv_action c;
	if (qv_agent_choose(a, st, &c, &err)) {
		printf("FAIL %s: %s\n", where, err.msg);
		failures++;
	} else {
		qv_agent_stats s;
		qv_agent_last_stats(a, &s);
		char text[QV_ACTION_TEXT] = "?";
		g->action_to_text(st, c, text, sizeof text);
		printf("%s: %s chose %s (%llu iterations, %.2f s, %.1f MB)\n", where, spec, text,
		       (unsigned long long)s.iterations, s.seconds, (double)s.bytes / 1e6);
		/* A decision with one option is answered without search. */
		if (full && qv_count_legal(g, st, buf) > 1 &&
		    (long)s.iterations != budget_of(g, spec)) {
			printf("FAIL %s: %s searched %llu iterations, not its whole budget\n",
			       where, spec, (unsigned long long)s.iterations);
			failures++;
		}
	}
	qv_agent_free(a);
}

/* The agents of one position: easy, medium and the deep one. */
static void search_position(const qv_game *g, const void *st, const char *deep, const char *where,
                            qv_action *buf)
{
	decide(g, st, "easy", false, where, buf);
	decide(g, st, "medium", false, where, buf);
	char spec[QV_NAME_MAX];
	if (strcmp(deep, "hard-full") == 0)
		deep = hard_full(g, spec, sizeof spec);
	decide(g, st, deep, true, where, buf);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr,
		        "usage: deep <game> [--param key=value ...] [--seed S] [--opening SPEC] "
		        "[--mid SPEC] [--mids N]\n");
		return 2;
	}
	qv_err err;
	const qv_game *g = qv_game_find(argv[1], &err);
	if (!g) {
		fprintf(stderr, "deep: %s\n", err.msg);
		return 2;
	}
	qv_params params = {0};
	uint64_t seed = 1;
	const char *opening = "ismcts:iterations=20000", *mid = "mcts:iterations=20000";
	int mids = 3;
	for (int i = 2; i < argc; i += 2) {
		const char *next = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(argv[i], "--param") == 0 && next) {
			if (qv_params_parse_list(&params, next, &err)) {
				fprintf(stderr, "deep: %s\n", err.msg);
				return 2;
			}
		} else if (strcmp(argv[i], "--seed") == 0 && next) {
			seed = strtoull(next, NULL, 10);
		} else if (strcmp(argv[i], "--opening") == 0 && next) {
			opening = next;
		} else if (strcmp(argv[i], "--mid") == 0 && next) {
			mid = next;
		} else if (strcmp(argv[i], "--mids") == 0 && next) {
			mids = atoi(next);
		} else {
			fprintf(stderr, "deep: unknown or incomplete option '%s'\n", argv[i]);
			return 2;
		}
	}
	mids = qv_test_games(mids, 1);
	unsigned char *st = malloc(g->state_size), *last = malloc(g->state_size);
	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	qv_action *buf = malloc(sizeof *buf * (size_t)most);
	double *prob = malloc(sizeof *prob * (size_t)(g->max_chance > 0 ? g->max_chance : 1));
	if (!st || !last || !buf || !prob) {
		fprintf(stderr, "deep: out of memory\n");
		return 2;
	}
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	char where[96];
	for (int pos = 0; pos <= mids; pos++) {
		if (g->init(st, &params, qv_seed_mix(seed, (uint64_t)pos), &err)) {
			fprintf(stderr, "deep: %s\n", err.msg);
			return 2;
		}
		settle(g, st, &rng, buf, prob);
		/* Random decisions to a mid-game position with a real choice (two options or more,
		 * played on for up to MID_MOST more decisions); if the game ends first, the last
		 * such position. */
		int want = pos == 0 ? 0 : 1 + (int)qv_rng_below(&rng, MID_MOST), done = 0;
		bool have = false;
		for (; g->to_move(st) >= 0 && done < want + MID_MOST; done++) {
			bool choice = qv_count_legal(g, st, buf) > 1;
			if (choice) {
				memcpy(last, st, g->state_size);
				have = true;
				if (done >= want)
					break;
			}
			int options;
			g->apply(st, qv_sample_legal(g, st, &rng, buf, &options), NULL);
			settle(g, st, &rng, buf, prob);
		}
		if (have)
			memcpy(st, last, g->state_size);
		snprintf(where, sizeof where, "%s %s (%d decisions in)", g->name,
		         pos == 0 ? "opening" : "mid-game", done);
		search_position(g, st, pos == 0 ? opening : mid, where, buf);
	}
	free(st);
	free(last);
	free(buf);
	free(prob);
	printf("%s\n", failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
