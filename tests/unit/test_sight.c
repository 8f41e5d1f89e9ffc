/*
 * test_sight.c - each game's sight (qv_game.sight: which words of an action another player
 * cannot know, told from the game's hidden information) against the definition it stands for:
 * the comparison of views of src/games/sight.c (qv__action_seen_views). Over seeded random
 * games of every game and the parameters that change what is hidden, for every action and every
 * viewer who is not the mover (the public too), qv_action_seen's line, return value and
 * exactness must be the comparison's with many worlds (WORLDS determinizations of the state
 * before the action, and MORE_WORLDS where those two differ: a comparison of a few worlds can
 * miss the one world where another card fits, as the comparison of 4 did for an Evons cover,
 * telling the opponent the card). And the sight must answer for every action but the few a
 * game leaves to the comparison (Arrow Party's gives and takes).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/sight.h"
#include "quiver/game.h"

/* Worlds of the comparison, and of the second one where qv_action_seen differs from it. */
#define WORLDS      32
#define MORE_WORLDS 512
/* The sanitizer build plays a third of the games (but every game of the Evons case below). */
#ifdef QV_CHECKS
#define SCALE 3
#else
#define SCALE 1
#endif

/* One configuration: a game, its parameters, how many seeded games. */
typedef struct config {
	const char *game, *params;
	int games;
	bool every; /* every game in the sanitizer build too */
} config;

/* What qv_action_seen or the comparison says of an action for a viewer. */
typedef struct told {
	char text[QV_ACTION_TEXT + 16];
	int shown;
	bool exact;
} told;

static bool same(const told *a, const told *b)
{
	return a->shown == b->shown && a->exact == b->exact && strcmp(a->text, b->text) == 0;
}

/* Checks every viewer but the mover of action a at st; counts the sight's answers. */
static void check_action(const qv_game *g, const void *st, qv_action a, int mover, long *asked)
{
	char full[QV_ACTION_TEXT];
	g->action_to_text(st, a, full, sizeof full);
	for (int v = QV_VIEW_PUBLIC; v < g->num_players(st); v++) {
		if (v == QV_VIEW_ALL || v == mover)
			continue;
		qv_sight s;
		*asked += g->sight(st, a, v, &s);
		told got, want;
		got.shown = qv_action_seen(g, st, a, v, got.text, QV_ACTION_TEXT, &got.exact);
		want.shown = qv__action_seen_views(g, st, a, v, want.text, QV_ACTION_TEXT,
		                                   &want.exact, WORLDS);
		if (same(&got, &want))
			continue;
		want.shown = qv__action_seen_views(g, st, a, v, want.text, QV_ACTION_TEXT,
		                                   &want.exact, MORE_WORLDS);
		if (!same(&got, &want))
			fail_msg(
			    "%s: '%s' (p%d) for viewer %d: told '%s' (shown %d, exact %d), the "
			    "views say '%s' (shown %d, exact %d)",
			    g->name, full, mover + 1, v, got.text, got.shown, got.exact, want.text,
			    want.shown, want.exact);
	}
}

static void check_config(const config *c)
{
	qv_err err;
	const qv_game *g = qv_game_find(c->game, &err);
	assert_non_null(g);
	assert_non_null(g->sight);
	qv_params params = {0};
	assert_int_equal(qv_params_parse_list(&params, c->params, &err), QV_OK);
	void *st = malloc(g->state_size);
	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	qv_action *acts = malloc(sizeof *acts * (size_t)most);
	double *prob = malloc(sizeof *prob * (size_t)(g->max_chance > 0 ? g->max_chance : 1));
	long checked = 0, asked = 0;
	int games = c->every ? c->games : (c->games + SCALE - 1) / SCALE;
	for (int i = 0; i < games; i++) {
		assert_int_equal(g->init(st, &params, (uint64_t)i + 1, &err), QV_OK);
		qv_rng rng;
		qv_rng_seed(&rng, (uint64_t)i + 100);
		for (int step = 0; step < 4000; step++) {
			int mover = g->to_move(st);
			if (mover == QV_OVER)
				break;
			qv_action a;
			if (mover == QV_CHANCE) {
				a = qv_sample_chance(g, st, &rng, acts, prob);
			} else {
				int n = g->legal(st, acts);
				a = acts[qv_rng_below(&rng, (uint32_t)n)];
			}
			check_action(g, st, a, mover, &asked);
			checked += g->num_players(st) + (mover < 0); /* the public, the others */
			g->apply(st, a, NULL);
		}
	}
	/* Arrow Party leaves its gives and takes to the comparison: about 1 in 100 checks. */
	print_message("%s %s: %ld checks, %ld answered by the game's sight\n", c->game, c->params,
	              checked, asked);
	assert_true(checked > 0);
	assert_true(asked * 100 >= checked * 95);
	free(prob);
	free(acts);
	free(st);
}

static void test_three_arrows(void **unused)
{
	(void)unused;
	static const config cs[] = {{"three-arrows", "", 12, false},
	                            {"three-arrows", "players=3", 6, false},
	                            {"three-arrows", "players=4,size=8", 4, false},
	                            {"three-arrows", "mode=tactical", 6, false}};
	for (size_t i = 0; i < sizeof cs / sizeof *cs; i++)
		check_config(&cs[i]);
}

static void test_concardia(void **unused)
{
	(void)unused;
	static const config c = {"concardia", "", 12, false};
	check_config(&c);
}

/* Evons without shuffle, seed 10: the comparison of 4 worlds told p1 the card of p2's
 * `cover assassin d6`, which p1 cannot know. */
static void test_evons(void **unused)
{
	(void)unused;
	static const config cs[] = {{"evons", "", 8, false}, {"evons", "shuffle=false", 10, true}};
	for (size_t i = 0; i < sizeof cs / sizeof *cs; i++)
		check_config(&cs[i]);
}

static void test_arrow_party(void **unused)
{
	(void)unused;
	static const config cs[] = {{"arrow-party", "", 6, false},
	                            {"arrow-party", "players=5", 3, false}};
	for (size_t i = 0; i < sizeof cs / sizeof *cs; i++)
		check_config(&cs[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_three_arrows),
	    cmocka_unit_test(test_concardia),
	    cmocka_unit_test(test_evons),
	    cmocka_unit_test(test_arrow_party),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
