/*
 * test_mcts_tree.c - unit tests of the search tree's bookkeeping (src/ai/mcts.c), through games
 * wrapped to watch every apply the search makes: in every game, with trees kept from one
 * decision to the next and with guesses of hidden information, every action the search applies
 * is legal in the state it applies it to (a deterministic visit trusts the children and the
 * kept order it made in that decision without asking the game); and a ranking is kept, so that
 * a node is ranked once for its next MCTS_KEEP children instead of at every new child.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai/mcts.h"
#include "quiver/match.h"

/* The game being wrapped, and what the wrapper saw. */
static const qv_game *inner;
static long applies, illegal;
static char illegal_text[128];

/* The wrapped game's apply: counts, and notes an action that is not legal where it is applied
 * (a decision the game's check refuses, an outcome that chance does not list, or any action
 * once the game is over). */
static void strict_apply(void *st, qv_action a, qv_events *ev)
{
	int tm = inner->to_move(st);
	bool ok;
	if (tm == QV_CHANCE) {
		qv_action outs[512];
		double probs[512];
		int n = inner->chance(st, outs, probs);
		ok = false;
		for (int i = 0; i < n && !ok; i++)
			ok = outs[i] == a;
	} else {
		ok = tm != QV_OVER && inner->check(st, a, NULL) == QV_OK;
	}
	applies++;
	if (!ok && illegal++ == 0)
		snprintf(illegal_text, sizeof illegal_text,
		         "%s: action %d applied where p%d is to move", inner->name, (int)a, tm + 1);
	inner->apply(st, a, ev);
}

static qv_agent *new_agent(const qv_game *g, const char *spec, uint64_t seed)
{
	qv_agent *a = NULL;
	qv_err err;
	if (qv_agent_new(&a, spec, g, seed, &err))
		fail_msg("agent '%s': %s", spec, err.msg);
	return a;
}

/* In every game, two search agents that keep their trees (told every action, chance included)
 * play a whole game; one searches its one determinization (mcts: deterministic visits until a
 * chance outcome), the other guesses afresh every iteration (ismcts). Every action applied in
 * the searches, the rankings and the game itself is legal where it is applied. */
static void test_search_applies_legal_actions(void **state)
{
	(void)state;
	for (int i = 0; qv_games[i]; i++) {
		inner = qv_games[i];
		assert_true(inner->max_chance <= 512);
		qv_game g = *inner;
		g.apply = strict_apply;
		applies = illegal = 0;
		qv_err err;
		qv_match *m;
		assert_int_equal(qv_match_new(&m, inner, NULL, 11, &err), QV_OK);
		void *st = malloc(g.state_size);
		memcpy(st, m->state, g.state_size);
		qv_agent *agents[2] = {new_agent(&g, "mcts:iterations=300", 3),
		                       new_agent(&g, "ismcts:iterations=300", 4)};
		qv_rng rng;
		qv_rng_seed(&rng, 5);
		qv_action outs[512];
		double probs[512];
		for (int step = 0; step < 400 && g.to_move(st) != QV_OVER; step++) {
			int tm = g.to_move(st);
			qv_action x;
			if (tm == QV_CHANCE)
				x = qv_sample_chance(&g, st, &rng, outs, probs);
			else
				assert_int_equal(qv_agent_choose(agents[tm % 2], st, &x, &err),
				                 QV_OK);
			for (int k = 0; k < 2; k++)
				qv_agent_observe(agents[k], st, x);
			g.apply(st, x, NULL);
		}
		if (illegal)
			fail_msg("%ld of %ld applies illegal; the first: %s", illegal, applies,
			         illegal_text);
		assert_true(applies > 1000);
		for (int k = 0; k < 2; k++)
			qv_agent_free(agents[k]);
		free(st);
		qv_match_free(m);
	}
}

/* The search's root below: the state of its first apply (the first iteration's step down from
 * a copy of the root), and how many applies were made on a copy of it. */
static unsigned char root_state[1 << 16];
static bool have_root;
static long root_applies;

static void counting_apply(void *st, qv_action a, qv_events *ev)
{
	if (!have_root) {
		memcpy(root_state, st, inner->state_size);
		have_root = true;
	}
	if (memcmp(st, root_state, inner->state_size) == 0)
		root_applies++;
	inner->apply(st, a, ev);
}

/* A ranking values every untried action once (an apply each) and keeps the best 16: the new
 * child and the next 15, in order. At the root of a deterministic search (tactical THREE
 * ARROWS has no die; mcts guesses nothing afresh), the first child is random (a node's first
 * visit) and the second starts a ranking of the n - 1 others; ranking j gives child 2 + 16j
 * from n - 1 - 16j candidates. So every apply on a copy of the root is the agent's look at each
 * of the n actions before the search (qv__agent_unstranded), an iteration's step down, or one
 * of those rankings: no more rankings are made than the children need. (prior=0: the search
 * plays every action it ranks, where it would take the game's values_after of placements.) */
static void test_root_ranked_once_per_keep(void **state)
{
	(void)state;
	inner = qv_game_find("three-arrows", &(qv_err){0});
	assert_non_null(inner);
	assert_true(inner->state_size <= sizeof root_state);
	qv_game g = *inner;
	g.apply = counting_apply;
	qv_params params = {0};
	qv_err err;
	assert_int_equal(qv_params_set(&params, "mode", "tactical", &err), QV_OK);
	qv_match *m;
	assert_int_equal(qv_match_new(&m, inner, &params, 2, &err), QV_OK);
	qv_action *acts = malloc(sizeof *acts * (size_t)inner->max_actions);
	int n = inner->legal(m->state, acts);
	free(acts);
	assert_true(n > 200);
	const long iterations = 2000;
	qv_agent *a = new_agent(&g, "mcts:iterations=2000,prior=0", 9);
	have_root = false;
	root_applies = 0;
	qv_action x;
	assert_int_equal(qv_agent_choose(a, m->state, &x, &err), QV_OK);
	qv__mcts_edge edges[512];
	int kids = qv__mcts_root(a, edges, 512);
	assert_true(kids > 20 && kids < 512);
	long ranked = 0;
	for (int j = 0; 2 + 16 * j <= kids; j++)
		ranked += n - 1 - 16 * j;
	assert_int_equal(root_applies, n + iterations + ranked);
	qv_agent_free(a);
	qv_match_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_search_applies_legal_actions),
	    cmocka_unit_test(test_root_ranked_once_per_keep),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
