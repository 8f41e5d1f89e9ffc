/*
 * test_agent.c - unit tests of the agents: spec parsing and its messages, legality of every
 * choice over whole games, determinism with a seed, and greedy's one-ply judgement (it takes
 * a capture when one is there), how qv_agent_decide tells forced decisions, and restricted
 * play (qv_agent_forbid) for every kind in every game with components. Uses THREE ARROWS and
 * the other games of the registry, and the test game HIGH CARD.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "quiver/agent.h"
#include "quiver/match.h"
#include "quiver/variant.h"
#include "testgame.h"

static const qv_game *three_arrows(void)
{
	qv_err err;
	const qv_game *g = qv_game_find("three-arrows", &err);
	assert_non_null(g);
	return g;
}

/* ---- specs ---- */

static void test_spec_good(void **state)
{
	(void)state;
	const qv_game *g = three_arrows();
	const char *good[] = {"random", "greedy", "random:seed=7",
	                      "greedy:seed=18446744073709551615"};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		qv_agent *a = NULL;
		qv_err err;
		assert_int_equal(qv_agent_new(&a, good[i], g, 1, &err), QV_OK);
		assert_non_null(a);
		assert_string_equal(a->spec, good[i]);
		assert_true(a->game == g);
		qv_agent_free(a);
	}
	qv_agent_free(NULL);
	/* Every kind is listed and has help and a seed key. */
	int n = 0;
	for (int i = 0; qv_agent_kinds[i]; i++, n++) {
		assert_non_null(qv_agent_kinds[i]->help);
		bool seed = false;
		for (int k = 0; k < qv_agent_kinds[i]->nkeys; k++)
			seed |= strcmp(qv_agent_kinds[i]->keys[k].key, "seed") == 0;
		assert_true(seed);
	}
	assert_true(n >= 2);
}

/* A bad spec fails with QV_EINVAL, *out stays NULL, and the message has every `want`. */
static void expect_bad(const char *spec, const char *want1, const char *want2)
{
	qv_agent *a = (qv_agent *)1;
	qv_err err;
	assert_int_equal(qv_agent_new(&a, spec, three_arrows(), 1, &err), QV_EINVAL);
	assert_null(a);
	if (want1 && !strstr(err.msg, want1))
		fail_msg("spec '%s': message '%s' lacks '%s'", spec, err.msg, want1);
	if (want2 && !strstr(err.msg, want2))
		fail_msg("spec '%s': message '%s' lacks '%s'", spec, err.msg, want2);
}

static void test_spec_errors(void **state)
{
	(void)state;
	/* Unknown agents name the accepted form and every agent. */
	expect_bad("mcts9", "name[:key=value", "random");
	expect_bad("mcts9", "greedy", "mcts9");
	/* A key given twice is refused, naming it (the last one used to win silently). */
	expect_bad("greedy:seed=1,seed=2", "'seed' is given twice", "seed=1 and seed=2");
	expect_bad("mcts:iterations=10,c=1,iterations=20", "'iterations' is given twice", NULL);
	expect_bad("", "name[:key=value", "greedy");
	expect_bad("Random", "random", NULL);
	/* Unknown keys name the key and the known ones. */
	expect_bad("greedy:depth=2", "depth", "seed");
	expect_bad("random:time=1", "time", "random");
	/* Bad values and malformed option lists. */
	expect_bad("greedy:seed=x", "seed", "whole number");
	expect_bad("greedy:seed=-1", "seed", NULL);
	expect_bad("greedy:seed=99999999999999999999999", "seed", NULL);
	expect_bad("greedy:", "greedy", "key=value");
	expect_bad("greedy:seed", "key=value", NULL);
	expect_bad("greedy:seed=1,", "trailing", NULL);
	char longspec[400];
	memset(longspec, 'x', sizeof longspec - 1);
	longspec[sizeof longspec - 1] = '\0';
	expect_bad(longspec, "too long", NULL);
}

/* ---- choices over whole games ---- */

/* True when a is among the legal actions of st. */
static bool is_legal(const qv_game *g, const void *st, qv_action a)
{
	qv_action *buf = malloc(sizeof *buf * (size_t)g->max_actions);
	int n = g->legal(st, buf);
	bool found = false;
	for (int i = 0; i < n; i++)
		found |= buf[i] == a;
	free(buf);
	return found;
}

/* Plays one game of seat specs p1, p2 from seed, checking every choice; copies the history's
 * actions into hist (room for max) and returns its length. */
static int play_game(const char *spec1, const char *spec2, const qv_params *params, uint64_t seed,
                     qv_action *hist, int max)
{
	const qv_game *g = three_arrows();
	qv_match *m;
	qv_err err;
	assert_int_equal(qv_match_new(&m, g, params, seed, &err), QV_OK);
	qv_agent *agents[2];
	assert_int_equal(qv_agent_new(&agents[0], spec1, g, qv_seed_mix(seed, 1), &err), QV_OK);
	assert_int_equal(qv_agent_new(&agents[1], spec2, g, qv_seed_mix(seed, 2), &err), QV_OK);
	void *copy = malloc(g->state_size);
	int decisions = 0;
	while (!qv_match_over(m) && decisions < 2000) {
		int tm = qv_match_to_move(m);
		if (tm == QV_CHANCE) {
			qv_action o;
			assert_int_equal(qv_match_chance(m, &o, &err), QV_OK);
			continue;
		}
		qv_action a;
		memcpy(copy, m->state, g->state_size);
		if (qv_agent_choose(agents[tm], m->state, &a, &err))
			fail_msg("agent %s: %s", agents[tm]->spec, err.msg);
		/* The true state is untouched and the choice is legal in it. */
		assert_memory_equal(copy, m->state, g->state_size);
		assert_true(is_legal(g, m->state, a));
		assert_int_equal(qv_match_play(m, a, &err), QV_OK);
		decisions++;
	}
	assert_true(qv_match_over(m));
	int n = m->nhist < max ? m->nhist : max;
	for (int i = 0; i < n; i++)
		hist[i] = m->hist[i].action;
	free(copy);
	qv_agent_free(agents[0]);
	qv_agent_free(agents[1]);
	qv_match_free(m);
	return n;
}

/* One splitter for --players and --agents: options continue the spec before them in the same
 * list, and every refusal names the list. */
static void test_split_specs(void **state)
{
	(void)state;
	char specs[QV_MAX_PLAYERS][QV_NAME_MAX];
	int n = 0;
	qv_err err;
	assert_int_equal(qv_agent_split_specs("human,mcts:iterations=9,threads=2,greedy", specs, &n,
	                                      QV_MAX_PLAYERS, &err),
	                 QV_OK);
	assert_int_equal(n, 3);
	assert_string_equal(specs[0], "human");
	assert_string_equal(specs[1], "mcts:iterations=9,threads=2");
	assert_string_equal(specs[2], "greedy");
	/* A second list adds after the first; its first piece starts a spec of its own. */
	assert_int_equal(
	    qv_agent_split_specs("threads=2,ismcts:c=1", specs, &n, QV_MAX_PLAYERS, &err), QV_OK);
	assert_int_equal(n, 5);
	assert_string_equal(specs[3], "threads=2");
	assert_string_equal(specs[4], "ismcts:c=1");
	/* Full: one more is refused, naming the list and the most. */
	assert_int_equal(qv_agent_split_specs("random", specs, &n, QV_MAX_PLAYERS, &err),
	                 QV_EINVAL);
	assert_int_equal(n, 5);
	assert_string_equal(err.msg, "more than 5 agent specs in 'random': one a seat");

	n = 0;
	assert_int_equal(qv_agent_split_specs("greedy,,random", specs, &n, 4, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "empty agent spec in 'greedy,,random'"));
	n = 0;
	assert_int_equal(qv_agent_split_specs("", specs, &n, 4, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "empty agent spec"));
	n = 0;
	assert_int_equal(qv_agent_split_specs("greedy,", specs, &n, 4, &err), QV_EINVAL);
	/* A spec that would not fit, alone or grown by its options. */
	char list[2 * QV_NAME_MAX];
	memset(list, 'x', QV_NAME_MAX);
	list[QV_NAME_MAX] = '\0';
	n = 0;
	assert_int_equal(qv_agent_split_specs(list, specs, &n, 4, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "too long (at most 159 characters)"));
	snprintf(list, sizeof list, "mcts:c=1,%0*d", QV_NAME_MAX - 5, 0);
	list[9] = 'a';
	list[10] = '=';
	n = 0;
	assert_int_equal(qv_agent_split_specs(list, specs, &n, 4, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "'mcts:c=1...' is too long"));
}

/* The levels a person picks by name: the three searches first, then beginner, random and
 * greedy, each a kind qv_agent_new knows and takes without options; the levels offered to
 * people, weakest first. */
static void test_levels(void **state)
{
	(void)state;
	static const char *const want[] = {"easy",     "medium", "hard",
	                                   "beginner", "random", "greedy"};
	int n = 0;
	for (; qv_agent_levels[n]; n++) {
		assert_true(n < 6);
		assert_string_equal(qv_agent_levels[n], want[n]);
		qv_agent *a = NULL;
		qv_err err;
		assert_int_equal(qv_agent_new(&a, qv_agent_levels[n], &qv_test_game, 1, &err),
		                 QV_OK);
		qv_agent_free(a);
		assert_int_equal(qv_agent_level_searches(qv_agent_levels[n]),
		                 n < QV_AGENT_SEARCH_LEVELS);
	}
	assert_int_equal(n, 6);
	assert_false(qv_agent_level_searches("mcts"));
	assert_false(qv_agent_level_searches("human"));
	static const char *const offered[] = {"beginner", "easy", "medium", "hard"};
	for (n = 0; qv_agent_offered[n]; n++) {
		assert_true(n < 4);
		assert_string_equal(qv_agent_offered[n], offered[n]);
	}
	assert_int_equal(n, 4);
}

/* The beginner plays whole legal games, with its own mistakes or more; its mistakes are options
 * with bounds, and a game's own settings (Arrow Party's) are taken unless the spec says more. */
static void test_beginner(void **state)
{
	(void)state;
	enum { MAX = 20000 };
	qv_action *hist = malloc(sizeof *hist * MAX);
	assert_true(play_game("beginner", "random", NULL, 5, hist, MAX) > 0);
	assert_true(play_game("greedy", "beginner:mistakes=1,wild=0.5", NULL, 6, hist, MAX) > 0);
	qv_agent *a = NULL;
	qv_err err;
	assert_int_equal(qv_agent_new(&a, "beginner:mistakes=2", three_arrows(), 1, &err),
	                 QV_EINVAL);
	assert_non_null(strstr(err.msg, "mistakes"));
	assert_int_equal(qv_agent_new(&a, "beginner:wild=x", three_arrows(), 1, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "wild"));
	assert_string_equal(qv_agent_beginner_options(three_arrows()), "mistakes=0.7,wild=0.2");
	const qv_game *ap = qv_game_find("arrow-party", NULL);
	assert_non_null(ap);
	assert_string_equal(qv_agent_beginner_options(ap), ap->beginner);
	assert_int_equal(qv_agent_new(&a, "beginner", ap, 1, &err), QV_OK);
	qv_agent_free(a);
	free(hist);
}

static void test_random_and_greedy_play_legal_games(void **state)
{
	(void)state;
	enum { MAX = 20000 };
	qv_action *hist = malloc(sizeof *hist * MAX);
	qv_params tactical = {0};
	qv_params_set(&tactical, "mode", "tactical", NULL);
	qv_params three = {0};
	qv_params_set(&three, "size", "7", NULL);
	assert_true(play_game("random", "random", NULL, 1, hist, MAX) > 0);
	assert_true(play_game("greedy", "random", NULL, 2, hist, MAX) > 0);
	assert_true(play_game("random", "greedy", &tactical, 3, hist, MAX) > 0);
	assert_true(play_game("greedy", "greedy", &three, 4, hist, MAX) > 0);
	free(hist);
}

/* The same seeds give the same game, move for move; the agents' own seed= matters. */
static void test_determinism(void **state)
{
	(void)state;
	enum { MAX = 20000 };
	qv_action *a = malloc(sizeof *a * MAX), *b = malloc(sizeof *b * MAX);
	int na = play_game("greedy", "random", NULL, 11, a, MAX);
	int nb = play_game("greedy", "random", NULL, 11, b, MAX);
	assert_int_equal(na, nb);
	assert_memory_equal(a, b, sizeof *a * (size_t)na);

	/* Two random agents with different seed= choose differently from the same position. */
	const qv_game *g = three_arrows();
	qv_match *m;
	qv_err err;
	assert_int_equal(qv_match_new(&m, g, NULL, 5, &err), QV_OK);
	qv_agent *r1, *r2, *r3;
	assert_int_equal(qv_agent_new(&r1, "random:seed=1", g, 99, &err), QV_OK);
	assert_int_equal(qv_agent_new(&r2, "random:seed=1", g, 42, &err), QV_OK);
	assert_int_equal(qv_agent_new(&r3, "random:seed=2", g, 99, &err), QV_OK);
	int differ = 0;
	for (int i = 0; i < 20; i++) {
		qv_action x, y, z;
		assert_int_equal(qv_agent_choose(r1, m->state, &x, &err), QV_OK);
		assert_int_equal(qv_agent_choose(r2, m->state, &y, &err), QV_OK);
		assert_int_equal(qv_agent_choose(r3, m->state, &z, &err), QV_OK);
		assert_int_equal(x, y); /* seed= overrides the default seed */
		differ += x != z;
	}
	assert_true(differ > 10);
	qv_agent_free(r1);
	qv_agent_free(r2);
	qv_agent_free(r3);
	qv_match_free(m);
	free(a);
	free(b);
}

/* ---- greedy's judgement ---- */

/* p1's Double on c1 points at p2's Angle on c2, which has no arrow pointing back: attack 2
 * plus the die (-1..+1) always beats defence 0, so the attack captures whatever the die says.
 * p1's Cross on e1 offers many quiet placements besides. */
static const char *capture_position =
    "{\"game\": \"three-arrows\", \"params\": {\"players\": 2, \"mode\": \"%s\"}, \"seed\": 1,"
    " \"state\": {\"board\": ["
    "  {\"sq\": \"c1\", \"owner\": \"p1\", \"piece\": \"D\", \"facing\": \"N\"},"
    "  {\"sq\": \"e1\", \"owner\": \"p1\", \"piece\": \"X\", \"facing\": \"N\"},"
    "  {\"sq\": \"c2\", \"owner\": \"p2\", \"piece\": \"A\", \"facing\": \"N\"},"
    "  {\"sq\": \"c6\", \"owner\": \"p2\", \"piece\": \"T\", \"facing\": \"S\"}],"
    " \"players\": [{\"home\": \"S\"}, {\"home\": \"N\"}],"
    " \"turn\": \"p1\", \"phase\": \"start\", \"turns\": 4}}";

static qv_match *load_capture_position(const char *mode)
{
	char text[2048];
	snprintf(text, sizeof text, capture_position, mode);
	qv_match *m = NULL;
	qv_err err;
	if (qv_match_load_text(&m, text, &err))
		fail_msg("loading the test position: %s", err.msg);
	return m;
}

static void test_greedy_takes_capture(void **state)
{
	(void)state;
	const char *modes[] = {"standard", "tactical"};
	for (int k = 0; k < 2; k++) {
		qv_match *m = load_capture_position(modes[k]);
		const qv_game *g = m->game;
		assert_int_equal(qv_match_to_move(m), 0);
		qv_action *buf = malloc(sizeof *buf * (size_t)g->max_actions);
		assert_true(g->legal(m->state, buf) > 10);
		free(buf);
		for (uint64_t seed = 1; seed <= 5; seed++) {
			qv_agent *a;
			qv_err err;
			assert_int_equal(qv_agent_new(&a, "greedy", g, seed, &err), QV_OK);
			qv_action choice;
			assert_int_equal(qv_agent_choose(a, m->state, &choice, &err), QV_OK);
			char text[64];
			assert_true(g->action_to_text(m->state, choice, text, sizeof text) > 0);
			assert_string_equal(text, "attack c1 c2");
			qv_agent_free(a);
		}
		qv_match_free(m);
	}
}

/* Without a capture in reach, greedy's choices among equal actions vary with its seed. */
static void test_greedy_breaks_ties_at_random(void **state)
{
	(void)state;
	const qv_game *g = three_arrows();
	qv_match *m;
	qv_err err;
	assert_int_equal(qv_match_new(&m, g, NULL, 3, &err), QV_OK);
	qv_action first = -1;
	int differ = 0;
	for (uint64_t seed = 1; seed <= 12; seed++) {
		qv_agent *a;
		assert_int_equal(qv_agent_new(&a, "greedy", g, seed, &err), QV_OK);
		qv_action c;
		assert_int_equal(qv_agent_choose(a, m->state, &c, &err), QV_OK);
		if (first < 0)
			first = c;
		differ += c != first;
		qv_agent_free(a);
	}
	assert_true(differ > 0);
	qv_match_free(m);
}

/* Agents choose only for a player: with chance (or nobody) to move they refuse. */
static void test_choose_needs_a_player(void **state)
{
	(void)state;
	qv_match *m = load_capture_position("standard");
	const qv_game *g = m->game;
	qv_err err;
	assert_int_equal(qv_match_play_text(m, "attack c1 c2", &err), QV_OK);
	assert_int_equal(qv_match_to_move(m), QV_CHANCE);
	qv_agent *a;
	assert_int_equal(qv_agent_new(&a, "greedy", g, 1, &err), QV_OK);
	qv_action c = 123;
	assert_int_equal(qv_agent_choose(a, m->state, &c, &err), QV_ESTATE);
	assert_int_equal(c, 123);
	assert_non_null(strstr(err.msg, "chance"));
	qv_agent_free(a);
	qv_match_free(m);
}

/* qv_agent_decide on HIGH CARD (tests/support/testgame.c), with p2's forced pass, p1's real
 * choice of step and a secret commitment with one option, which is asked even so: the count,
 * whether the decision is forced, and the answer, for a uniform kind and a choosing one. A
 * forced decision leaves the agent untouched (its RNG and its seat), so it meets the same
 * decisions with the same RNG as under a match that applies forced moves itself. */
static void test_decide(void **state)
{
	(void)state;
	const char *specs[] = {"random", "greedy"};
	for (int k = 0; k < 2; k++) {
		qv_err err;
		qv_params p = {0};
		assert_int_equal(qv_params_set(&p, "folding", "false", &err), QV_OK);
		qv_match *m = NULL;
		assert_int_equal(qv_match_new(&m, &qv_test_game, &p, 4, &err), QV_OK);
		qv_match_hold_forced(m, 3u);
		qv_agent *a, *same;
		assert_int_equal(qv_agent_new(&a, specs[k], &qv_test_game, 7, &err), QV_OK);
		assert_int_equal(qv_agent_new(&same, specs[k], &qv_test_game, 7, &err), QV_OK);
		qv_action x = -1, y = -1;
		int n = -1;
		bool forced = true;
		/* p1's step: a real choice of 3, answered as qv_agent_choose answers it. */
		assert_int_equal(qv_agent_decide(a, m->state, &x, &n, &forced, &err), QV_OK);
		assert_int_equal(qv_agent_choose(same, m->state, &y, &err), QV_OK);
		assert_int_equal(n, 3);
		assert_false(forced);
		assert_int_equal(x, y);
		assert_memory_equal(&a->rng, &same->rng, sizeof a->rng);
		assert_int_equal(qv_match_play_checked(m, x, false, &err), QV_OK);
		/* p2's pass: forced; the agent is not asked and keeps its RNG and seat. */
		qv_rng rng = a->rng;
		int seat = a->seat;
		assert_int_equal(qv_agent_decide(a, m->state, &x, &n, &forced, &err), QV_OK);
		assert_int_equal(n, 1);
		assert_true(forced);
		assert_int_equal(x, QV_TG_PASS);
		assert_memory_equal(&a->rng, &rng, sizeof rng);
		assert_int_equal(a->seat, seat);
		assert_int_equal(qv_match_play_checked(m, x, true, &err), QV_OK);
		/* The coin: no player to decide. */
		assert_int_equal(qv_match_to_move(m), QV_CHANCE);
		x = 123;
		assert_int_equal(qv_agent_decide(a, m->state, &x, &n, &forced, &err), QV_ESTATE);
		assert_int_equal(x, 123);
		assert_int_equal(qv_match_chance(m, NULL, &err), QV_OK);
		/* p1's commitment, hold its one option (no folding): secret, so not forced. */
		assert_int_equal(qv_match_to_move(m), 0);
		assert_int_equal(qv_agent_decide(a, m->state, &x, &n, &forced, &err), QV_OK);
		assert_int_equal(n, 1);
		assert_false(forced);
		assert_int_equal(x, QV_TG_HOLD);
		qv_agent_free(a);
		qv_agent_free(same);
		qv_match_free(m);
	}
}

/* ---- restricted play ---- */

/* The games the restriction is tried on: a copy of a game whose components' component_of is
 * a stand-in that splits the actions by their number into three components and actions of
 * none (a game that declares no component_of of its own is tried this way; one that declares
 * one is tried with its own too). The stand-in is arbitrary, which the restriction must not
 * care about: it only asks which component an action is of. */
typedef struct wrapped {
	qv_game game;
	qv_components comps;
} wrapped;

static int stand_in_component(const void *st, qv_action a)
{
	(void)st;
	int c = (int)(((uint32_t)a * 2654435761u) >> 30); /* 0-3, by the action's number */
	return c == 3 ? -1 : c;
}

/* HIGH CARD's steps: 1 and 2 are component 0, 3 is component 1, the rest none. */
static int steps_component(const void *st, qv_action a)
{
	(void)st;
	return a == QV_TG_STEP1 || a == QV_TG_STEP2 ? 0 : a == QV_TG_STEP3 ? 1 : -1;
}

static const qv_game *wrap(wrapped *w, const qv_game *g,
                           int (*component_of)(const void *, qv_action))
{
	w->game = *g;
	w->comps = g->components ? *g->components : (qv_components){0};
	w->comps.component_of = component_of;
	w->game.components = &w->comps;
	return &w->game;
}

/* The kinds and how long each plays in restricted play's games: every kind, the levels that
 * search included, each with a budget small enough for the sanitizer build. */
typedef struct kind_run {
	const char *spec;
	int seeds;    /* games per game and kind */
	int narrowed; /* decisions per game that the restriction narrows, at most */
} kind_run;

static const kind_run kind_runs[] = {
    {"random", 4, 100},
    {"greedy", 4, 30},
    {"beginner", 4, 30},
    {"mcts:iterations=60", 2, 8},
    {"ismcts:iterations=60,threads=2", 2, 8},
    {"easy", 2, 6},
    {"medium", 2, 1},
    {"hard", 1, 1},
};

/* What one game of restricted play saw. */
typedef struct forbid_tally {
	int narrowed; /* decisions with both allowed and forbidden actions */
	int whole;    /* decisions where every legal action was forbidden */
} forbid_tally;

/* The component of the first legal action at st that is of one while another legal action is
 * not of it, or -1. acts: max_actions entries. */
static int offered_component(const qv_game *g, const void *st, qv_action *acts)
{
	int n = g->legal(st, acts);
	for (int i = 0; i < n; i++) {
		int c = g->components->component_of(st, acts[i]);
		for (int j = 0; c >= 0 && j < n; j++)
			if (g->components->component_of(st, acts[j]) != c)
				return c;
	}
	return -1;
}

/* Plays one game of g from seed: p1 is an agent of `spec`, the other seats draw at random. The
 * agent decides with qv_agent_decide (as the lab does) and is told every action
 * (qv_agent_observe), so a search keeps its trees from before the restriction. Once it has
 * chosen an action of some component, it forbids that component; or, when `early`, it forbids
 * before its first decision that offers an action of some component and another action not of
 * it, that component (a component played once and gone, as an Arrow Party item, would leave
 * nothing to narrow after its first choice). From then on its choices are checked against the
 * restriction, and its counts against the game's. Stops once `most` of
 * its decisions were narrowed by the restriction (or after 4 * most + 10 under it, whatever
 * they were: a level's search takes its time even where nothing is narrowed). */
static void restricted_game(const qv_game *g, const char *spec, uint64_t seed, bool early, int most,
                            forbid_tally *tally)
{
	qv_err err;
	void *st = malloc(g->state_size);
	qv_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
	qv_action *outs = malloc(sizeof *outs * (size_t)(g->max_chance > 0 ? g->max_chance : 1));
	double *probs = malloc(sizeof *probs * (size_t)(g->max_chance > 0 ? g->max_chance : 1));
	if (g->init(st, NULL, seed, &err))
		fail_msg("%s: %s", g->name, err.msg);
	qv_agent *a;
	if (qv_agent_new(&a, spec, g, qv_seed_mix(seed, 9), &err))
		fail_msg("%s: %s", spec, err.msg);
	int (*component_of)(const void *, qv_action) = g->components->component_of;
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	int forbidden = -1, decisions = 0, narrowed = 0;
	for (int step = 0; step < 5000 && narrowed < most && decisions < 4 * most + 10; step++) {
		int tm = g->to_move(st);
		if (tm == QV_OVER)
			break;
		qv_action act;
		if (tm == QV_CHANCE) {
			act = qv_sample_chance(g, st, &rng, outs, probs);
		} else if (tm != 0) {
			int options;
			act = qv_sample_legal(g, st, &rng, acts, &options);
		} else {
			int n, options = -1;
			bool forced;
			if (early && forbidden < 0)
				forbidden = offered_component(g, st, acts);
			if (forbidden >= 0)
				qv_agent_forbid(a, 1ull << forbidden);
			if (qv_agent_decide(a, st, &act, &options, &forced, &err))
				fail_msg("%s in %s: %s", spec, g->name, err.msg);
			n = g->legal(st, acts);
			assert_int_equal(options, n);
			assert_int_equal(forced, qv_decision_forced(g, st, n));
			int banned = 0;
			for (int i = 0; i < n; i++)
				banned += forbidden >= 0 && component_of(st, acts[i]) == forbidden;
			if (banned == n && n > 0)
				tally->whole++;
			else if (banned > 0) {
				tally->narrowed++;
				narrowed++;
				if (component_of(st, act) == forbidden) {
					char text[128];
					g->action_to_text(st, act, text, sizeof text);
					fail_msg("%s in %s (seed %d) chose '%s', of the forbidden "
					         "component %d, among %d allowed actions",
					         spec, g->name, (int)seed, text, forbidden,
					         n - banned);
				}
			}
			if (!forced && forbidden >= 0)
				decisions++;
			int c = component_of(st, act);
			if (!early && forbidden < 0 && !forced && c >= 0)
				forbidden = c;
		}
		qv_agent_observe(a, st, act);
		g->apply(st, act, NULL);
	}
	qv_agent_free(a);
	free(st);
	free(acts);
	free(outs);
	free(probs);
}

/* Every kind, in every game with components, never chooses an action of the component it
 * forbids while it has another choice; and the restriction was really put to the test. */
static void test_forbid_every_kind_every_game(void **state)
{
	(void)state;
	for (int i = 0; qv_games[i]; i++) {
		const qv_game *base = qv_games[i];
		if (!base->components)
			continue;
		wrapped w;
		const qv_game *games[2] = {wrap(&w, base, stand_in_component),
		                           base->components->component_of ? base : NULL};
		for (int k = 0; k < 2 && games[k]; k++)
			for (size_t r = 0; r < sizeof kind_runs / sizeof kind_runs[0]; r++) {
				const kind_run *run = &kind_runs[r];
				forbid_tally tally = {0, 0};
				for (int seed = 1; seed <= run->seeds; seed++)
					restricted_game(games[k], run->spec, (uint64_t)seed,
					                seed % 2 == 1, run->narrowed, &tally);
				if (tally.narrowed == 0)
					fail_msg("%s in %s%s: no decision had both allowed and "
					         "forbidden actions",
					         run->spec, base->name, k ? "" : " (stand-in)");
			}
	}
}

/* HIGH CARD's step, narrowed to one action: qv_agent_decide still counts three options and
 * calls it unforced; every kind answers the one allowed step, and a search does not search.
 * Forbidding the other component leaves two; forbidding one no step is of changes nothing. */
static void test_forbid_one_allowed(void **state)
{
	(void)state;
	wrapped w;
	const qv_game *g = wrap(&w, &qv_test_game, steps_component);
	const char *specs[] = {"random", "greedy", "beginner", "ismcts:iterations=50", "easy"};
	for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
		qv_err err;
		void *st = malloc(g->state_size);
		assert_int_equal(g->init(st, NULL, 3, &err), QV_OK);
		for (uint64_t seed = 1; seed <= 6; seed++) {
			qv_agent *a;
			assert_int_equal(qv_agent_new(&a, specs[k], g, seed, &err), QV_OK);
			qv_agent_forbid(a, 1ull << 0);
			qv_action x = -1;
			int n = 0;
			bool forced = true;
			assert_int_equal(qv_agent_decide(a, st, &x, &n, &forced, &err), QV_OK);
			assert_int_equal(n, 3);
			assert_false(forced);
			assert_int_equal(x, QV_TG_STEP3);
			qv_agent_stats s;
			qv_agent_last_stats(a, &s);
			assert_int_equal(s.iterations, 0);
			assert_true(isnan(s.value));
			assert_int_equal(qv_agent_choose(a, st, &x, &err), QV_OK);
			assert_int_equal(x, QV_TG_STEP3);
			qv_agent_forbid(a, 1ull << 1);
			assert_int_equal(qv_agent_choose(a, st, &x, &err), QV_OK);
			assert_true(x == QV_TG_STEP1 || x == QV_TG_STEP2);
			/* no action is of component 7; every action is of 0 or 1 */
			const uint64_t whole[] = {1ull << 7, 1ull << 0 | 1ull << 1};
			for (int f = 0; f < 2; f++) {
				qv_agent_forbid(a, whole[f]);
				bool seen[3] = {false, false, false};
				for (int t = 0; t < 40; t++) {
					assert_int_equal(qv_agent_choose(a, st, &x, &err), QV_OK);
					assert_true(x >= QV_TG_STEP1 && x <= QV_TG_STEP3);
					seen[x] = true;
				}
				/* the uniform kind still draws among all three */
				if (k == 0)
					assert_true(seen[0] && seen[1] && seen[2]);
			}
			qv_agent_free(a);
		}
		free(st);
	}
}

/* One game of p1 `spec` (after `setup`) against p2 random from seed, every action applied
 * recorded in hist (room for max); returns how many. p1 decides with qv_agent_decide and is
 * told every action. */
static int decide_game(const qv_game *g, const char *spec, void (*setup)(qv_agent *), uint64_t seed,
                       qv_action *hist, int max)
{
	qv_err err;
	void *st = malloc(g->state_size);
	qv_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
	qv_action outs[64];
	double probs[64];
	assert_true(g->max_chance <= 64);
	assert_int_equal(g->init(st, NULL, seed, &err), QV_OK);
	qv_agent *a;
	assert_int_equal(qv_agent_new(&a, spec, g, qv_seed_mix(seed, 1), &err), QV_OK);
	if (setup)
		setup(a);
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	int n = 0;
	while (n < max && g->to_move(st) != QV_OVER) {
		int tm = g->to_move(st), options;
		bool forced;
		qv_action act;
		if (tm == QV_CHANCE)
			act = qv_sample_chance(g, st, &rng, outs, probs);
		else if (tm != 0)
			act = qv_sample_legal(g, st, &rng, acts, &options);
		else if (qv_agent_decide(a, st, &act, &options, &forced, &err))
			fail_msg("%s: %s", spec, err.msg);
		qv_agent_observe(a, st, act);
		g->apply(st, act, NULL);
		hist[n++] = act;
	}
	qv_agent_free(a);
	free(st);
	free(acts);
	return n;
}

static void forbid_then_lift(qv_agent *a)
{
	qv_agent_forbid(a, 1ull << 1);
	qv_agent_forbid(a, 0);
}

static void forbid_one(qv_agent *a) { qv_agent_forbid(a, 1ull << 1); }

/* Forbidding nothing (never, or lifted with 0) gives the same game, action for action, for
 * every kind; so does forbidding in a game without component_of, where it has no effect. */
static void test_forbid_nothing_changes_nothing(void **state)
{
	(void)state;
	enum { MAX = 400 };
	qv_action *x = malloc(sizeof *x * MAX), *y = malloc(sizeof *y * MAX);
	wrapped w;
	const qv_game *ta = three_arrows();
	const qv_game *stand_in = wrap(&w, ta, stand_in_component);
	const char *specs[] = {"random", "greedy", "beginner", "mcts:iterations=40",
	                       "ismcts:iterations=40"};
	for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++)
		for (uint64_t seed = 1; seed <= 2; seed++) {
			int nx = decide_game(stand_in, specs[k], NULL, seed, x, MAX);
			int ny = decide_game(stand_in, specs[k], forbid_then_lift, seed, y, MAX);
			assert_int_equal(nx, ny);
			assert_memory_equal(x, y, sizeof *x * (size_t)nx);
			/* HIGH CARD has no components: a restriction is nothing. */
			nx = decide_game(&qv_test_game, specs[k], NULL, seed, x, MAX);
			ny = decide_game(&qv_test_game, specs[k], forbid_one, seed, y, MAX);
			assert_int_equal(nx, ny);
			assert_memory_equal(x, y, sizeof *x * (size_t)nx);
		}
	free(x);
	free(y);
}

/* The uniform kind under a restriction draws as it would without one until the draw would be
 * forbidden (so that the lab's restricted game follows its twin), and uniformly among the
 * allowed: in every game with component_of, from each seed, a restricted and an unrestricted
 * `random` answer alike at every decision until the unrestricted one draws the forbidden
 * component; at THREE ARROWS' first decision, the allowed placements are drawn alike often. */
static void test_forbid_follows_the_unrestricted_draws(void **state)
{
	(void)state;
	int followed = 0, parted = 0;
	for (int i = 0; qv_games[i]; i++) {
		const qv_game *g = qv_games[i];
		if (!g->components || !g->components->component_of)
			continue;
		qv_err err;
		void *st = malloc(g->state_size);
		qv_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
		qv_action *outs = malloc(sizeof *outs * (size_t)g->max_chance);
		double *probs = malloc(sizeof *probs * (size_t)g->max_chance);
		for (uint64_t seed = 1; seed <= 4; seed++) {
			qv_agent *free_a, *held;
			assert_int_equal(g->init(st, NULL, seed, &err), QV_OK);
			assert_int_equal(qv_agent_new(&free_a, "random", g, seed, &err), QV_OK);
			assert_int_equal(qv_agent_new(&held, "random", g, seed, &err), QV_OK);
			qv_agent_forbid(held, 1ull << 0);
			qv_rng chance;
			qv_rng_seed(&chance, seed);
			for (int d = 0; d < 400 && g->to_move(st) != QV_OVER; d++) {
				qv_action x;
				if (g->to_move(st) == QV_CHANCE) {
					x = qv_sample_chance(g, st, &chance, outs, probs);
				} else {
					qv_action y;
					int n, m;
					bool fx, fy;
					assert_int_equal(
					    qv_agent_decide(free_a, st, &x, &n, &fx, &err), QV_OK);
					assert_int_equal(
					    qv_agent_decide(held, st, &y, &m, &fy, &err), QV_OK);
					assert_int_equal(n, m);
					if (g->components->component_of(st, x) == 0) {
						parted++; /* from here the two draw apart */
						qv_agent_free(held);
						held = NULL;
						break;
					}
					if (x != y)
						fail_msg(
						    "%s (seed %d), decision %d: restricted random drew %d, "
						    "unrestricted %d, of no forbidden component",
						    g->name, (int)seed, d, (int)y, (int)x);
					followed++;
				}
				g->apply(st, x, NULL);
			}
			qv_agent_free(free_a);
			qv_agent_free(held);
		}
		free(st);
		free(acts);
		free(outs);
		free(probs);
	}
	assert_true(followed > 100);
	assert_true(parted > 0);
	/* uniform among the allowed: THREE ARROWS' first placements, kind 0 forbidden */
	const qv_game *ta = three_arrows();
	qv_err err;
	void *st = malloc(ta->state_size);
	qv_action *acts = malloc(sizeof *acts * (size_t)ta->max_actions);
	assert_int_equal(ta->init(st, NULL, 7, &err), QV_OK);
	int n = ta->legal(st, acts), k = 0;
	enum { DRAWS = 40000 };
	int *hits = calloc((size_t)n, sizeof *hits);
	qv_agent *a;
	assert_int_equal(qv_agent_new(&a, "random", ta, 11, &err), QV_OK);
	qv_agent_forbid(a, 1ull << 0);
	for (int t = 0; t < DRAWS; t++) {
		qv_action x;
		assert_int_equal(qv_agent_choose(a, st, &x, &err), QV_OK);
		for (int j = 0; j < n; j++)
			hits[j] += acts[j] == x;
	}
	for (int j = 0; j < n; j++)
		k += ta->components->component_of(st, acts[j]) != 0;
	assert_true(k > 1 && k < n);
	double want = (double)DRAWS / k, sd = sqrt(want * (1 - 1.0 / k));
	for (int j = 0; j < n; j++) {
		bool forbidden = ta->components->component_of(st, acts[j]) == 0;
		if (forbidden)
			assert_int_equal(hits[j], 0);
		else if (fabs(hits[j] - want) > 5 * sd)
			fail_msg("allowed action %d drawn %d times of %d, about %.0f expected", j,
			         hits[j], DRAWS, want);
	}
	qv_agent_free(a);
	free(hits);
	free(st);
	free(acts);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_spec_good),
	    cmocka_unit_test(test_spec_errors),
	    cmocka_unit_test(test_split_specs),
	    cmocka_unit_test(test_levels),
	    cmocka_unit_test(test_beginner),
	    cmocka_unit_test(test_random_and_greedy_play_legal_games),
	    cmocka_unit_test(test_determinism),
	    cmocka_unit_test(test_greedy_takes_capture),
	    cmocka_unit_test(test_greedy_breaks_ties_at_random),
	    cmocka_unit_test(test_choose_needs_a_player),
	    cmocka_unit_test(test_decide),
	    cmocka_unit_test(test_forbid_every_kind_every_game),
	    cmocka_unit_test(test_forbid_one_allowed),
	    cmocka_unit_test(test_forbid_nothing_changes_nothing),
	    cmocka_unit_test(test_forbid_follows_the_unrestricted_draws),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
