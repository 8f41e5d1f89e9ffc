/*
 * test_mcts.c - unit tests of the search agents (mcts, ismcts and the levels) on small
 * THREE ARROWS positions: a winning capture is found, a capture that loses two plies later is
 * refused, a lucky die is valued at its expectation, a seed makes a decision reproducible,
 * hidden information cannot change a decision, specs are checked, and the kept tree follows
 * what the agent may observe, blunder= plays at random without searching, and the levels take
 * a game's own budgets, a decision's value is the chosen edge's mean for the mover, and a
 * restricted search (qv_agent_forbid) keeps the forbidden component out of its root and of its
 * own later decisions. Iteration counts are small so that the sanitizer build stays fast.
 */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "ai/mcts.h"
#include "quiver/match.h"
#include "quiver/protocol.h"
#include "quiver/variant.h"
#include "testgame.h"

/* A 2-player 6x6 position: p1 to move at the start of a turn, the given board (a JSON list of
 * pieces) and players (NULL: homes S and N, everything else by default). */
static qv_match *load_position(const char *board, const char *players)
{
	char text[4096];
	snprintf(text, sizeof text,
	         "{\"game\": \"three-arrows\", \"params\": {\"players\": 2}, \"seed\": 1,"
	         " \"state\": {\"board\": [%s], \"players\": [%s],"
	         " \"turn\": \"p1\", \"phase\": \"start\", \"turns\": 6}}",
	         board, players ? players : "{\"home\": \"S\"}, {\"home\": \"N\"}");
	qv_match *m = NULL;
	qv_err err;
	if (qv_match_load_text(&m, text, &err))
		fail_msg("loading the test position: %s", err.msg);
	return m;
}

static qv_agent *new_agent(const qv_game *g, const char *spec, uint64_t seed)
{
	qv_agent *a = NULL;
	qv_err err;
	if (qv_agent_new(&a, spec, g, seed, &err))
		fail_msg("agent '%s': %s", spec, err.msg);
	return a;
}

/* The agent's choice in m's position, as notation. */
static void choose_text(qv_agent *a, const qv_match *m, char *text, size_t len)
{
	qv_action c;
	qv_err err;
	if (qv_agent_choose(a, m->state, &c, &err))
		fail_msg("choose: %s", err.msg);
	assert_true(m->game->action_to_text(m->state, c, text, len) > 0);
}

static qv_action parse(const qv_match *m, const char *text)
{
	qv_action a;
	qv_err err;
	if (m->game->action_from_text(m->state, text, &a, &err))
		fail_msg("parse '%s': %s", text, err.msg);
	return a;
}

/* The root edge of a's last decision for `text`, or NULL when it was not searched. */
static const qv__mcts_edge *edge_of(const qv_agent *a, const qv_match *m, const char *text,
                                    qv__mcts_edge *buf, int max)
{
	qv_action act = parse(m, text);
	int n = qv__mcts_root(a, buf, max);
	assert_true(n > 0);
	for (int i = 0; i < n; i++)
		if (buf[i].action == act)
			return &buf[i];
	return NULL;
}

/* ---- tactics ---- */

/* p1's Double on c1 attacks p2's last piece, an Angle on c2 that has no arrow back: attack 2
 * and any die beat defence 0, so the capture eliminates p2 and wins. p1's Cross on e1 offers
 * dozens of quiet placements instead. */
static const char *winning_capture =
    "{\"sq\": \"c1\", \"owner\": \"p1\", \"piece\": \"D\", \"facing\": \"N\"},"
    "{\"sq\": \"e1\", \"owner\": \"p1\", \"piece\": \"X\", \"facing\": \"N\"},"
    "{\"sq\": \"c2\", \"owner\": \"p2\", \"piece\": \"A\", \"facing\": \"N\"}";

static void test_finds_winning_capture(void **state)
{
	(void)state;
	qv_match *m = load_position(winning_capture, NULL);
	const char *specs[] = {"mcts:iterations=300", "ismcts:iterations=300", "easy"};
	for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++)
		for (uint64_t seed = 1; seed <= 3; seed++) {
			qv_agent *a = new_agent(m->game, specs[k], seed);
			char text[64];
			choose_text(a, m, text, sizeof text);
			assert_string_equal(text, "attack c1 c2");
			qv_agent_free(a);
		}
	qv_match_free(m);
}

/* p1's only piece, a Tee on c3 facing N, can capture p2's Angle on c4 (attack 1 + die against
 * defence 0: two chances in three). A one-ply judge takes it. But however it ends, p1's Tee is
 * then its only piece and p2 captures it for sure (the Double on c2 points at c3 with 2
 * arrows; the Ys on b5 and a6 point at c4 with 2), which eliminates p1. Placing a second piece
 * first (b3 or d3) survives. */
static const char *poisoned_capture =
    "{\"sq\": \"c3\", \"owner\": \"p1\", \"piece\": \"T\", \"facing\": \"N\"},"
    "{\"sq\": \"c2\", \"owner\": \"p2\", \"piece\": \"D\", \"facing\": \"N\"},"
    "{\"sq\": \"c4\", \"owner\": \"p2\", \"piece\": \"A\", \"facing\": \"N\"},"
    "{\"sq\": \"b5\", \"owner\": \"p2\", \"piece\": \"Y\", \"facing\": \"S\"},"
    "{\"sq\": \"a6\", \"owner\": \"p2\", \"piece\": \"Y\", \"facing\": \"S\"}";

static void test_refuses_poisoned_capture(void **state)
{
	(void)state;
	qv_match *m = load_position(poisoned_capture, NULL);
	/* The one-ply agent falls for it. */
	qv_agent *greedy = new_agent(m->game, "greedy", 1);
	char text[64];
	choose_text(greedy, m, text, sizeof text);
	assert_string_equal(text, "attack c3 c4");
	qv_agent_free(greedy);
	const char *specs[] = {"mcts:iterations=1200", "ismcts:iterations=1200"};
	for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++)
		for (uint64_t seed = 1; seed <= 2; seed++) {
			qv_agent *a = new_agent(m->game, specs[k], seed);
			choose_text(a, m, text, sizeof text);
			if (strcmp(text, "attack c3 c4") == 0)
				fail_msg("%s seed %d took the poisoned capture", specs[k],
				         (int)seed);
			qv_agent_free(a);
		}
	qv_match_free(m);
}

/* ---- chance ---- */

/* p1's only piece, a Tee on a3 facing N, can attack p2's Angle on a4 facing S, 1 against 1:
 * die +1 captures (p1 leads), die 0 does nothing (and p2 may then gamble the same way), die -1
 * loses the Tee and with it the game. Worth about (lead + 0 - 1) / 3 < 0, whereas an agent
 * that took the lucky die for certain would value it as a capture (about +0.4). p1 has no
 * covers or shields, so the only other actions are the 21 placements on b3, which are safe. */
static const char *lucky_die =
    "{\"sq\": \"a3\", \"owner\": \"p1\", \"piece\": \"T\", \"facing\": \"N\"},"
    "{\"sq\": \"a4\", \"owner\": \"p2\", \"piece\": \"A\", \"facing\": \"S\"},"
    "{\"sq\": \"e5\", \"owner\": \"p2\", \"piece\": \"X\", \"facing\": \"N\"}";
static const char *lucky_players =
    "{\"home\": \"W\", \"covers\": 0, \"shields\": 0}, {\"home\": \"N\"}";

static void test_lucky_die_is_not_certain(void **state)
{
	(void)state;
	qv_match *m = load_position(lucky_die, lucky_players);
	char text[64];
	const char *specs[] = {"mcts:iterations=600", "ismcts:iterations=600"};
	for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++)
		for (uint64_t seed = 1; seed <= 2; seed++) {
			qv_agent *a = new_agent(m->game, specs[k], seed);
			choose_text(a, m, text, sizeof text);
			if (strcmp(text, "attack a3 a4") == 0)
				fail_msg("%s seed %d gambled on the die", specs[k], (int)seed);
			qv_agent_free(a);
		}
	/* With much exploration every action is searched often: the attack's value is an
	 * expectation over the die, far below a sure capture and above a sure loss. */
	const char *explore[] = {"mcts:iterations=2000,c=4", "ismcts:iterations=2000,c=4,seed=2"};
	for (size_t k = 0; k < sizeof explore / sizeof explore[0]; k++) {
		qv_agent *a = new_agent(m->game, explore[k], 1);
		choose_text(a, m, text, sizeof text);
		qv__mcts_edge edges[64];
		const qv__mcts_edge *e = edge_of(a, m, "attack a3 a4", edges, 64);
		assert_non_null(e);
		assert_true(e->visits >= 50);
		if (e->mean[0] > 0.0 || e->mean[0] < -0.7)
			fail_msg("%s: the lucky attack is valued %.3f after %u visits", explore[k],
			         e->mean[0], e->visits);
		assert_true(edges[0].mean[0] > e->mean[0]);
		qv_agent_free(a);
	}
	qv_match_free(m);
}

/* ---- determinism and hidden information ---- */

/* Same seed and an iteration budget: the same action and the same visit counts at the root
 * (with several threads too: their trees are independent and merged in a fixed order). */
static void test_same_seed_same_search(void **state)
{
	(void)state;
	qv_err err;
	const qv_game *g = qv_game_find("three-arrows", &err);
	qv_match *m;
	assert_int_equal(qv_match_new(&m, g, NULL, 9, &err), QV_OK);
	/* A few random moves into the game, so the position is not the bare opening. */
	qv_agent *r = new_agent(g, "random", 4);
	for (int i = 0; i < 6 && !qv_match_over(m); i++) {
		qv_action x;
		if (qv_match_to_move(m) == QV_CHANCE) {
			assert_int_equal(qv_match_chance(m, NULL, &err), QV_OK);
			continue;
		}
		assert_int_equal(qv_agent_choose(r, m->state, &x, &err), QV_OK);
		assert_int_equal(qv_match_play(m, x, &err), QV_OK);
	}
	qv_agent_free(r);
	qv_match_settle(m, NULL, 0);
	const char *specs[] = {"mcts:iterations=400,seed=5", "ismcts:iterations=400,seed=5",
	                       "mcts:iterations=400,seed=5,playout=4",
	                       "ismcts:iterations=400,seed=5,threads=2"};
	for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
		qv_agent *a = new_agent(g, specs[k], 1), *b = new_agent(g, specs[k], 2);
		qv_action x, y;
		assert_int_equal(qv_agent_choose(a, m->state, &x, &err), QV_OK);
		assert_int_equal(qv_agent_choose(b, m->state, &y, &err), QV_OK);
		assert_int_equal(x, y);
		qv__mcts_edge ea[256], eb[256];
		int na = qv__mcts_root(a, ea, 256), nb = qv__mcts_root(b, eb, 256);
		assert_true(na > 1);
		assert_int_equal(na, nb);
		for (int i = 0; i < na; i++) {
			assert_int_equal(ea[i].action, eb[i].action);
			assert_int_equal(ea[i].visits, eb[i].visits);
		}
		qv_agent_stats st;
		qv_agent_last_stats(a, &st);
		assert_int_equal(st.iterations, 400);
		qv_agent_free(a);
		qv_agent_free(b);
	}
	qv_match_free(m);
}

/* p2's covered piece on d5 is a Triple facing S in one state and an Angle facing E in the
 * other: p1 cannot know which, so with the same seed every search decides the same, with the
 * same statistics (the true state is never read, by mcts or ismcts). */
static const char *hidden_board =
    "{\"sq\": \"c2\", \"owner\": \"p1\", \"piece\": \"X\", \"facing\": \"N\"},"
    "{\"sq\": \"c3\", \"owner\": \"p1\", \"piece\": \"D\", \"facing\": \"N\"},"
    "{\"sq\": \"c5\", \"owner\": \"p2\", \"piece\": \"T\", \"facing\": \"S\"},"
    "{\"sq\": \"d5\", \"owner\": \"p2\", \"piece\": \"%s\", \"facing\": \"%s\", \"covered\": true},"
    "{\"sq\": \"c6\", \"owner\": \"p2\", \"piece\": \"X\", \"facing\": \"N\"}";
static const char *hidden_players = "{\"home\": \"S\"}, {\"home\": \"N\", \"covers\": 2}";

static void test_hidden_information_does_not_matter(void **state)
{
	(void)state;
	char b1[1024], b2[1024];
	snprintf(b1, sizeof b1, hidden_board, "R", "S");
	snprintf(b2, sizeof b2, hidden_board, "A", "E");
	qv_match *m1 = load_position(b1, hidden_players), *m2 = load_position(b2, hidden_players);
	assert_memory_not_equal(m1->state, m2->state, m1->game->state_size);
	const char *specs[] = {"ismcts:iterations=300,seed=3", "mcts:iterations=300,seed=3",
	                       "ismcts:iterations=300,seed=8,playout=6", "easy:seed=2"};
	for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
		qv_agent *a = new_agent(m1->game, specs[k], 1),
		         *b = new_agent(m1->game, specs[k], 1);
		char t1[64], t2[64];
		choose_text(a, m1, t1, sizeof t1);
		choose_text(b, m2, t2, sizeof t2);
		assert_string_equal(t1, t2);
		qv__mcts_edge ea[256], eb[256];
		int na = qv__mcts_root(a, ea, 256), nb = qv__mcts_root(b, eb, 256);
		assert_int_equal(na, nb);
		for (int i = 0; i < na; i++) {
			assert_int_equal(ea[i].action, eb[i].action);
			assert_int_equal(ea[i].visits, eb[i].visits);
			assert_true(ea[i].mean[0] == eb[i].mean[0]);
		}
		qv_agent_free(a);
		qv_agent_free(b);
	}
	/* random draws on the true state itself (agent.h): the covered piece changes no draw */
	for (int seed = 1; seed <= 20; seed++) {
		char spec[32], t1[64], t2[64];
		snprintf(spec, sizeof spec, "random:seed=%d", seed);
		qv_agent *a = new_agent(m1->game, spec, 1), *b = new_agent(m1->game, spec, 1);
		choose_text(a, m1, t1, sizeof t1);
		choose_text(b, m2, t2, sizeof t2);
		assert_string_equal(t1, t2);
		qv_agent_free(a);
		qv_agent_free(b);
	}
	qv_match_free(m1);
	qv_match_free(m2);
}

/* ---- specs ---- */

/* A bad spec fails with QV_EINVAL and a message holding want1 and want2. */
static void expect_bad(const char *spec, const char *want1, const char *want2)
{
	qv_err err;
	const qv_game *g = qv_game_find("three-arrows", &err);
	qv_agent *a = (qv_agent *)1;
	assert_int_equal(qv_agent_new(&a, spec, g, 1, &err), QV_EINVAL);
	assert_null(a);
	if (want1 && !strstr(err.msg, want1))
		fail_msg("spec '%s': message '%s' lacks '%s'", spec, err.msg, want1);
	if (want2 && !strstr(err.msg, want2))
		fail_msg("spec '%s': message '%s' lacks '%s'", spec, err.msg, want2);
}

static void test_specs(void **state)
{
	(void)state;
	qv_err err;
	const qv_game *g = qv_game_find("three-arrows", &err);
	const char *good[] = {
	    "mcts",
	    "ismcts",
	    "easy",
	    "medium",
	    "hard",
	    "hard:seed=4",
	    "mcts:iterations=10,c=0,threads=3,playout=5,widen=2,nodes=5000,seed=1",
	    "ismcts:time=0.5",
	    "mcts:time=0.2,iterations=50",
	    "ismcts:blunder=0.25"};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
		qv_agent_free(new_agent(g, good[i], 1));
	expect_bad("mcts2", "unknown agent 'mcts2'", "name[:key=value");
	expect_bad("expert", "unknown agent", "hard");
	expect_bad("mcts:depth=3", "unknown parameter 'depth'", "iterations");
	expect_bad("ismcts:iterations=0", "iterations", "a whole number from 1 to 100000000");
	expect_bad("mcts:iterations=many", "iterations", "a whole number from 1 to 100000000");
	expect_bad("mcts:c=-1", "bad value '-1' for c", "a number from 0 to 100");
	expect_bad("mcts:threads=0", "threads", "a whole number from 1 to 64");
	expect_bad("mcts:threads=65", "threads", "from 1 to 64");
	expect_bad("mcts:time=abc", "bad value 'abc' for time", "seconds per decision");
	expect_bad("mcts:time=-1", "time", "a number 0-300");
	/* A decision searches at most 300 s: a day is refused. */
	expect_bad("mcts:time=86400", "bad value '86400' for time", "a number 0-300");
	expect_bad("mcts:time=300.5", "time", "0-300");
	/* Tree memory within half the machine's: the largest arena on 64 threads would reserve
	 * 395 GB in THREE ARROWS (returns for 4 players per node, and a node's share of the kept
	 * orders); the refusal names the key, the value and the most allowed (this holds on any
	 * machine with less than 790 GB). */
	expect_bad("mcts:nodes=67108864,threads=64", "bad value '67108864' for nodes",
	           "with threads=64 the trees would reserve 395.1 GB");
	expect_bad("ismcts:nodes=67108864,threads=64,time=300", "more than half of this machine's",
	           "at most nodes=");
	expect_bad("mcts:widen=0", "widen", "from 0.01 to 1000");
	expect_bad("mcts:nodes=10", "nodes", "1024");
	expect_bad("mcts:playout=x", "playout", "from 0 to 10000");
	expect_bad("ismcts:blunder=1.5", "blunder", "a number from 0 to 1");
	expect_bad("mcts:iterations=5,", "trailing", NULL);
	expect_bad("mcts:seed=x", "seed", "whole number");
	/* The error names the accepted form of the search agents. */
	expect_bad("mcts:c=x", "mcts[:key=value,...]", "threads");
	/* Levels take seed= only. */
	expect_bad("hard:iterations=5", "unknown parameter 'iterations'", "seed");
	expect_bad("easy:threads=2", "known: seed", NULL);
}

/* ---- following the game ---- */

/* A kind that records what qv_agent_observe tells it. */
static int seen_who;
static qv_action seen_action;
static void record_observe(qv_agent *a, int who, qv_action action)
{
	(void)a;
	seen_who = who;
	seen_action = action;
}
static const qv_agent_kind recorder = {.name = "recorder", .observe = record_observe};

/* What qv_agent_observe passes on: own decisions, visible decisions of others and chance
 * outcomes as they are; a covered placement of another player as -1 (the seat cannot tell its
 * kind or facing); nothing before the agent's first decision. */
static void test_observe_filters_what_the_seat_sees(void **state)
{
	(void)state;
	qv_match *m = load_position(winning_capture, NULL);
	const qv_game *g = m->game;
	qv_agent a = {.kind = &recorder, .game = g, .seat = -1};
	a.abuf = malloc(sizeof *a.abuf * (size_t)g->max_actions);
	seen_action = 12345;
	qv_agent_observe(&a, m->state, parse(m, "place A d1 N covered"));
	assert_int_equal(seen_action, 12345); /* no seat yet: nothing */
	a.seat = 1;                           /* p2 watches p1 */
	qv_agent_observe(&a, m->state, parse(m, "place A d1 N covered"));
	assert_int_equal(seen_who, 0);
	assert_int_equal(seen_action, -1);
	qv_agent_observe(&a, m->state, parse(m, "place A d1 N"));
	assert_int_equal(seen_action, parse(m, "place A d1 N"));
	/* Shielded is visible: a covered and shielded piece is told apart from a covered one,
	 * but not its kind. */
	qv_agent_observe(&a, m->state, parse(m, "place T d1 E covered shielded"));
	assert_int_equal(seen_action, -1);
	a.seat = 0; /* p1 knows its own covered placement */
	qv_agent_observe(&a, m->state, parse(m, "place A d1 N covered"));
	assert_int_equal(seen_action, parse(m, "place A d1 N covered"));
	/* The die is public. */
	qv_err err;
	assert_int_equal(qv_match_play_text(m, "attack c1 c2", &err), QV_OK);
	a.seat = 1;
	qv_agent_observe(&a, m->state, parse(m, "die -1"));
	assert_int_equal(seen_who, QV_CHANCE);
	assert_int_equal(seen_action, parse(m, "die -1"));
	free(a.abuf);
	qv_match_free(m);
}

/* The kept tree follows the moves the agent sees and is dropped when it cannot follow: an
 * unseen move, a move it never searched, or a reset. Chance outcomes keep it (open loop). */
static void test_observe_keeps_and_drops_the_tree(void **state)
{
	(void)state;
	qv_err err;
	const qv_game *g = qv_game_find("three-arrows", &err);
	qv_match *m;
	assert_int_equal(qv_match_new(&m, g, NULL, 3, &err), QV_OK);
	qv_agent *a = new_agent(g, "mcts:iterations=600", 1);
	void *before = malloc(g->state_size);
	qv_action x, kids[64];
	assert_false(qv__mcts_has_tree(a));
	assert_int_equal(qv_agent_choose(a, m->state, &x, &err), QV_OK);
	assert_true(qv__mcts_has_tree(a));
	/* Its own move: the root moves to the chosen child, which holds p2's answers. */
	memcpy(before, m->state, g->state_size);
	assert_int_equal(qv_match_play(m, x, &err), QV_OK);
	qv_agent_observe(a, before, x);
	assert_true(qv__mcts_has_tree(a));
	int nk = qv__mcts_children(a, kids, 64);
	assert_true(nk > 0);
	/* p2 plays a visible answer the tree holds: followed. */
	qv_action answer = -1;
	for (int i = 0; i < nk && answer < 0; i++) {
		char t[64];
		g->action_to_text(m->state, kids[i], t, sizeof t);
		if (!strstr(t, "covered"))
			answer = kids[i];
	}
	assert_true(answer >= 0);
	memcpy(before, m->state, g->state_size);
	assert_int_equal(qv_match_play(m, answer, &err), QV_OK);
	qv_agent_observe(a, before, answer);
	assert_true(qv__mcts_has_tree(a));
	/* The next decision reuses it. */
	assert_int_equal(qv_agent_choose(a, m->state, &x, &err), QV_OK);
	assert_true(qv__mcts_has_tree(a));
	memcpy(before, m->state, g->state_size);
	assert_int_equal(qv_match_play(m, x, &err), QV_OK);
	qv_agent_observe(a, before, x);
	assert_true(qv__mcts_has_tree(a));
	/* p2 places a covered piece: p1 cannot tell which, so the tree is dropped. */
	qv_action *acts = malloc(sizeof *acts * (size_t)g->max_actions);
	int n = g->legal(m->state, acts);
	qv_action hidden = -1;
	for (int i = 0; i < n && hidden < 0; i++) {
		char t[64];
		g->action_to_text(m->state, acts[i], t, sizeof t);
		if (strstr(t, "covered"))
			hidden = acts[i];
	}
	assert_true(hidden >= 0);
	qv_agent_observe(a, m->state, hidden);
	assert_false(qv__mcts_has_tree(a));
	/* A fresh decision in the same position; a visible move it never searched drops it. */
	assert_int_equal(qv_agent_choose(a, m->state, &x, &err), QV_OK);
	nk = qv__mcts_children(a, kids, 64);
	qv_action unsearched = -1;
	for (int i = n - 1; i >= 0 && unsearched < 0; i--) {
		bool kid = false;
		for (int k = 0; k < nk; k++)
			kid |= kids[k] == acts[i];
		if (!kid)
			unsearched = acts[i];
	}
	qv_agent_observe(a, m->state, unsearched);
	assert_false(qv__mcts_has_tree(a));
	/* reset drops a tree too. */
	assert_int_equal(qv_agent_choose(a, m->state, &x, &err), QV_OK);
	assert_true(qv__mcts_has_tree(a));
	qv_agent_reset(a);
	assert_false(qv__mcts_has_tree(a));
	free(acts);
	free(before);
	qv_agent_free(a);
	qv_match_free(m);
}

/* Chance outcomes keep the tree (open loop): p1 attacks, the die is seen, and p1's stay or
 * advance is answered from the kept tree, whose root is the attack's node. */
static void test_observe_follows_chance(void **state)
{
	(void)state;
	qv_match *m = load_position(
	    "{\"sq\": \"c1\", \"owner\": \"p1\", \"piece\": \"D\", \"facing\": \"N\"},"
	    "{\"sq\": \"e1\", \"owner\": \"p1\", \"piece\": \"X\", \"facing\": \"N\"},"
	    "{\"sq\": \"c2\", \"owner\": \"p2\", \"piece\": \"A\", \"facing\": \"N\"},"
	    "{\"sq\": \"d6\", \"owner\": \"p2\", \"piece\": \"D\", \"facing\": \"S\"}",
	    NULL);
	const qv_game *g = m->game;
	qv_err err;
	qv_agent *a = new_agent(g, "mcts:iterations=1000", 1);
	void *before = malloc(g->state_size);
	qv_action x;
	assert_int_equal(qv_agent_choose(a, m->state, &x, &err), QV_OK);
	char text[64];
	g->action_to_text(m->state, x, text, sizeof text);
	assert_string_equal(text, "attack c1 c2");
	memcpy(before, m->state, g->state_size);
	assert_int_equal(qv_match_play(m, x, &err), QV_OK);
	qv_agent_observe(a, before, x);
	assert_int_equal(qv_match_to_move(m), QV_CHANCE);
	memcpy(before, m->state, g->state_size);
	qv_action die = parse(m, "die 0");
	assert_int_equal(qv_match_play(m, die, &err), QV_OK);
	qv_agent_observe(a, before, die);
	assert_true(qv__mcts_has_tree(a));
	/* The kept root already has statistics for stay and advance. */
	assert_int_equal(qv_match_to_move(m), 0);
	qv_action kids[16];
	int nk = qv__mcts_children(a, kids, 16);
	int legal_kids = 0;
	for (int i = 0; i < nk; i++)
		legal_kids += qv_apply_checked(g, memcpy(before, m->state, g->state_size), kids[i],
		                               NULL, NULL) == QV_OK;
	assert_true(legal_kids >= 2);
	assert_int_equal(qv_agent_choose(a, m->state, &x, &err), QV_OK);
	qv_agent_stats st;
	qv_agent_last_stats(a, &st);
	assert_int_equal(st.iterations, 1000);
	free(before);
	qv_agent_free(a);
	qv_match_free(m);
}

/* Through the protocol: agents follow the game between genmoves, undo resets them, and two
 * search agents finish a game legally. */
static void test_protocol_game(void **state)
{
	(void)state;
	qv_protocol *p = qv_protocol_new(5);
	qv_buf out = {0};
	qv_protocol_handle(p, "new three-arrows max_turns=60", &out);
	assert_string_equal(qv_buf_str(&out), "=\n\n");
	qv_buf_clear(&out);
	qv_protocol_handle(p, "genmove mcts:bogus=1", &out);
	assert_non_null(strstr(qv_buf_str(&out), "unknown parameter 'bogus'"));
	int moves = 0;
	for (int guard = 0; guard < 400; guard++) {
		qv_buf_clear(&out);
		qv_protocol_handle(p, "to_move", &out);
		char tm[64];
		snprintf(tm, sizeof tm, "%s", qv_buf_str(&out));
		if (strstr(tm, "over"))
			break;
		qv_buf_clear(&out);
		if (strstr(tm, "chance"))
			qv_protocol_handle(p, "settle", &out);
		else if (strstr(tm, "p1"))
			qv_protocol_handle(p, "genmove ismcts:iterations=60", &out);
		else
			qv_protocol_handle(p, "genmove mcts:iterations=60,seed=3", &out);
		if (qv_buf_str(&out)[0] != '=')
			fail_msg("reply: %s", qv_buf_str(&out));
		moves++;
		if (moves == 8) {
			qv_buf_clear(&out);
			qv_protocol_handle(p, "undo", &out);
			assert_true(qv_buf_str(&out)[0] == '=');
		}
	}
	qv_buf_clear(&out);
	qv_protocol_handle(p, "result", &out);
	assert_null(strstr(qv_buf_str(&out), "not over"));
	qv_buf_free(&out);
	qv_protocol_free(p);
}

/* Several threads: a legal choice, iterations summed over the threads. */
static void test_threads(void **state)
{
	(void)state;
	qv_match *m = load_position(winning_capture, NULL);
	qv_agent *a = new_agent(m->game, "ismcts:iterations=600,threads=3", 1);
	char text[64];
	choose_text(a, m, text, sizeof text);
	assert_string_equal(text, "attack c1 c2");
	qv_agent_stats st;
	qv_agent_last_stats(a, &st);
	assert_int_equal(st.iterations, 600);
	assert_true(st.nodes > 3);
	qv_agent_free(a);
	/* A time budget stops the search (without it, nothing would before the 300 s cap: the
	 * bound is generous, for a busy machine, and still far from that). */
	a = new_agent(m->game, "mcts:time=0.05,threads=2", 1);
	choose_text(a, m, text, sizeof text);
	qv_agent_last_stats(a, &st);
	assert_true(st.iterations > 0);
	assert_true(st.seconds < 60);
	qv_agent_free(a);
	qv_match_free(m);
}

/* An agent that keeps no trees (the server's, qv_agent_set_keep) holds none of its search
 * between decisions, only the root statistics of its last one, and plays exactly as one that
 * keeps them but is told nothing (each decision then starts a fresh tree). The one that keeps
 * them holds the trees, and reports what the search used. */
static void test_keep_and_release(void **state)
{
	(void)state;
	qv_match *m = load_position(winning_capture, NULL);
	const char *spec = "ismcts:iterations=3000,threads=2";
	qv_agent *kept = new_agent(m->game, spec, 5), *freed = new_agent(m->game, spec, 5);
	qv_agent_set_keep(freed, false);
	assert_int_equal(qv_agent_memory(freed), 0);
	size_t before = qv_agent_memory(kept);
	assert_true(before > 1000000); /* two arenas of 4,026 nodes and their scratch */
	for (int k = 0; k < 3; k++) {
		char t1[64], t2[64];
		choose_text(kept, m, t1, sizeof t1);
		choose_text(freed, m, t2, sizeof t2);
		assert_string_equal(t1, t2);
		qv_agent_stats s1, s2;
		qv_agent_last_stats(kept, &s1);
		qv_agent_last_stats(freed, &s2);
		assert_int_equal(s1.iterations, s2.iterations);
		assert_int_equal(s1.nodes, s2.nodes);
		assert_int_equal(s1.bytes, s2.bytes);
		assert_true(s2.bytes >= before);
		qv__mcts_edge edges[64];
		int n = qv__mcts_root(freed, edges, 64);
		assert_true(n > 0 && n < 64);
		assert_int_equal(qv_agent_memory(freed), sizeof(qv__mcts_edge) * (size_t)n);
		assert_int_equal(qv_agent_memory(kept), before);
	}
	/* Keeping again: the next decision maps the trees, which then stay. */
	qv_agent_set_keep(freed, true);
	char text[64];
	choose_text(freed, m, text, sizeof text);
	assert_int_equal(qv_agent_memory(freed), before);
	qv_agent_free(kept);
	qv_agent_free(freed);
	qv_match_free(m);
}

/* What the interrupting thread of test_interrupt needs. */
typedef struct interrupter {
	qv_agent *a;
	double cpu0;  /* the process's CPU seconds before the search */
	double after; /* CPU seconds of search before the interrupt */
} interrupter;

static double clock_seconds(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Interrupts once the search has worked `after` CPU seconds: only a running search uses that
 * much, so the interrupt comes during the search however busy the machine is (a pause on the
 * clock could end before the search began). Bounded: 120 s. */
static void *interrupt_later(void *arg)
{
	const interrupter *it = arg;
	double end = clock_seconds(CLOCK_MONOTONIC) + 120;
	while (clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - it->cpu0 < it->after &&
	       clock_seconds(CLOCK_MONOTONIC) < end)
		nanosleep(&(struct timespec){0, 5000000}, NULL);
	qv_agent_interrupt(it->a);
	return NULL;
}

/* qv_agent_interrupt stops a long search from another thread with a legal answer; one given
 * before a decision stops it at once; the next decision searches normally. A huge iterations=
 * budget alone cannot search for ever either (the 300 s cap is not waited for here). */
static void test_interrupt(void **state)
{
	(void)state;
	qv_match *m = load_position(winning_capture, NULL);
	qv_agent *a = new_agent(m->game, "ismcts:time=60,threads=2", 1);
	interrupter it = {a, clock_seconds(CLOCK_PROCESS_CPUTIME_ID), 0.2};
	pthread_t tid;
	assert_int_equal(pthread_create(&tid, NULL, interrupt_later, &it), 0);
	char text[64];
	choose_text(a, m, text, sizeof text);
	pthread_join(tid, NULL);
	qv_agent_stats st;
	qv_agent_last_stats(a, &st);
	/* It searched (0.2 CPU seconds on 2 threads: at least 0.1 s), and stopped long before
	 * its 60 s. */
	assert_true(st.seconds >= 0.1 && st.seconds < 50);
	assert_true(st.iterations > 0);
	assert_string_equal(text, "attack c1 c2"); /* the best move so far is still found */
	/* Before a decision: it stops at once, with a legal action. */
	qv_agent_interrupt(a);
	choose_text(a, m, text, sizeof text);
	qv_agent_last_stats(a, &st);
	assert_int_equal(st.iterations, 0);
	assert_true(st.seconds < 30); /* no search: milliseconds, on any machine */
	qv_agent_free(a);
	/* The request ended with that decision: the next one searches its whole budget. */
	a = new_agent(m->game, "mcts:iterations=300", 1);
	qv_agent_interrupt(a);
	choose_text(a, m, text, sizeof text);
	choose_text(a, m, text, sizeof text);
	qv_agent_last_stats(a, &st);
	assert_int_equal(st.iterations, 300);
	qv_agent_free(a);
	/* Agents that do not search take it too. */
	a = new_agent(m->game, "greedy", 1);
	qv_agent_interrupt(a);
	choose_text(a, m, text, sizeof text);
	qv_agent_free(a);
	qv_match_free(m);
}

/* blunder=P: with P = 1 every decision is a random legal action, with no search; with P = 0.5
 * some decisions search and some do not, and a seed repeats them. */
static void test_blunder(void **state)
{
	(void)state;
	qv_match *m = load_position(winning_capture, NULL);
	char text[64];
	qv_agent_stats st;
	int captures = 0;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		qv_agent *a = new_agent(m->game, "ismcts:iterations=200,blunder=1", seed);
		choose_text(a, m, text, sizeof text);
		captures += strcmp(text, "attack c1 c2") == 0;
		qv_agent_last_stats(a, &st);
		assert_int_equal(st.iterations, 0);
		qv_agent_free(a);
	}
	assert_true(captures < 20);
	int searched = 0, blundered = 0;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		char again[64];
		for (int k = 0; k < 2; k++) {
			qv_agent *a = new_agent(m->game, "ismcts:iterations=200,blunder=0.5", seed);
			choose_text(a, m, k ? again : text, sizeof text);
			qv_agent_last_stats(a, &st);
			qv_agent_free(a);
		}
		assert_string_equal(text, again);
		if (st.iterations == 200) {
			searched++;
			assert_string_equal(text, "attack c1 c2");
		} else {
			assert_int_equal(st.iterations, 0);
			blundered++;
		}
	}
	assert_true(searched > 0 && blundered > 0);
	qv_match_free(m);
}

/* The levels take the game's own options when it sets them (Arrow Party), else the shared
 * ones, and an agent built from a level searches with them. */
static void test_levels_per_game(void **state)
{
	(void)state;
	qv_err err;
	const qv_game *ta = qv_game_find("three-arrows", &err);
	const qv_game *ap = qv_game_find("arrow-party", &err);
	assert_non_null(ap);
	assert_string_equal(qv_agent_level_options(ta, "easy"), "iterations=100");
	assert_string_equal(qv_agent_level_options(NULL, "medium"), "iterations=1000");
	assert_string_equal(qv_agent_level_options(ta, "hard"),
	                    "iterations=30000,threads=2,time=1.6");
	for (int k = 0; k < 3; k++) {
		static const char *const names[] = {"easy", "medium", "hard"};
		assert_non_null(ap->levels[k]);
		assert_string_equal(qv_agent_level_options(ap, names[k]), ap->levels[k]);
	}
	assert_null(qv_agent_level_options(ta, "expert"));
	/* Arrow Party's hard: one search of its own iteration budget (2000 in rules.c). */
	qv_params params = {0};
	assert_int_equal(qv_params_parse_list(&params, "players=3", &err), QV_OK);
	qv_match *m;
	assert_int_equal(qv_match_new(&m, ap, &params, 7, &err), QV_OK);
	qv_agent *a = new_agent(ap, "hard", 1);
	qv_action c;
	assert_int_equal(qv_agent_choose(a, m->state, &c, &err), QV_OK);
	qv_agent_stats st;
	qv_agent_last_stats(a, &st);
	assert_true(strstr(ap->levels[2], "iterations=2000") != NULL);
	assert_int_equal(st.iterations, 2000);
	qv_agent_free(a);
	qv_match_free(m);
}

/* ---- values ---- */

/* The value of a decision: NAN for the kinds that do not search, for a decision not searched
 * (blunder=, a forced one answered by qv_agent_decide); else the chosen root edge's mean for
 * the mover, which for the winning capture is +1 (every iteration through it wins). */
static void test_value(void **state)
{
	(void)state;
	qv_match *m = load_position(winning_capture, NULL);
	char text[64];
	qv_agent_stats st;
	const char *plain[] = {"random", "greedy", "beginner"};
	for (size_t k = 0; k < sizeof plain / sizeof plain[0]; k++) {
		qv_agent *a = new_agent(m->game, plain[k], 1);
		choose_text(a, m, text, sizeof text);
		qv_agent_last_stats(a, &st);
		assert_true(isnan(st.value));
		qv_agent_free(a);
	}
	const char *search[] = {"mcts:iterations=300", "ismcts:iterations=300",
	                        "ismcts:iterations=600,threads=2", "easy"};
	for (size_t k = 0; k < sizeof search / sizeof search[0]; k++) {
		qv_agent *a = new_agent(m->game, search[k], 1);
		choose_text(a, m, text, sizeof text);
		assert_string_equal(text, "attack c1 c2");
		qv_agent_last_stats(a, &st);
		if (!(st.value > 0.95 && st.value <= 1.0))
			fail_msg("%s: the winning capture is valued %f", search[k], st.value);
		qv__mcts_edge edges[64];
		const qv__mcts_edge *e = edge_of(a, m, "attack c1 c2", edges, 64);
		assert_non_null(e);
		assert_true(e->mean[0] == st.value);
		qv_agent_free(a);
	}
	qv_agent *a = new_agent(m->game, "ismcts:iterations=300,blunder=1", 1);
	choose_text(a, m, text, sizeof text);
	qv_agent_last_stats(a, &st);
	assert_true(isnan(st.value));
	qv_agent_free(a);
	qv_match_free(m);

	/* HIGH CARD: p1's step is searched; p2's pass is forced and answered without the agent,
	 * which then reports no search. */
	qv_err err;
	qv_match *h;
	assert_int_equal(qv_match_new(&h, &qv_test_game, NULL, 4, &err), QV_OK);
	qv_match_hold_forced(h, 3u);
	a = new_agent(&qv_test_game, "ismcts:iterations=200", 1);
	qv_action x;
	int n;
	bool forced;
	assert_int_equal(qv_agent_decide(a, h->state, &x, &n, &forced, &err), QV_OK);
	assert_false(forced);
	qv_agent_last_stats(a, &st);
	assert_int_equal(st.iterations, 200);
	assert_true(st.value >= -1 && st.value <= 1);
	assert_int_equal(qv_match_play_checked(h, x, false, &err), QV_OK);
	assert_int_equal(qv_agent_decide(a, h->state, &x, &n, &forced, &err), QV_OK);
	assert_true(forced);
	qv_agent_last_stats(a, &st);
	assert_int_equal(st.iterations, 0);
	assert_true(isnan(st.value));
	qv_agent_free(a);
	qv_match_free(h);
}

/* In positions of every game reached by random play, a searched decision's value lies in
 * [-1, 1]. */
static void test_value_in_every_game(void **state)
{
	(void)state;
	for (int i = 0; qv_games[i]; i++) {
		const qv_game *g = qv_games[i];
		qv_err err;
		qv_match *m;
		assert_int_equal(qv_match_new(&m, g, NULL, 3, &err), QV_OK);
		qv_agent *r = new_agent(g, "random", 2),
		         *a = new_agent(g, "ismcts:iterations=80", 5);
		int searched = 0;
		for (int step = 0; step < 400 && searched < 6 && !qv_match_over(m); step++) {
			if (qv_match_to_move(m) == QV_CHANCE) {
				assert_int_equal(qv_match_chance(m, NULL, &err), QV_OK);
				continue;
			}
			qv_action x;
			if (step % 7 == 3) {
				int n;
				bool forced;
				assert_int_equal(
				    qv_agent_decide(a, m->state, &x, &n, &forced, &err), QV_OK);
				qv_agent_stats st;
				qv_agent_last_stats(a, &st);
				if (n > 1) {
					searched++;
					if (!(st.value >= -1 && st.value <= 1))
						fail_msg("%s: value %f", g->name, st.value);
				}
			} else {
				assert_int_equal(qv_agent_choose(r, m->state, &x, &err), QV_OK);
			}
			assert_int_equal(qv_match_play(m, x, &err), QV_OK);
		}
		assert_true(searched > 0);
		qv_agent_free(a);
		qv_agent_free(r);
		qv_match_free(m);
	}
}

/* ---- restricted play ---- */

/* THREE ARROWS with a stand-in component_of that splits the actions by their number (the
 * search only asks which component an action is of; test_agent.c runs the games' own). */
static int stand_in_component(const void *st, qv_action a)
{
	(void)st;
	int c = (int)(((uint32_t)a * 2654435761u) >> 30); /* 0-3, by the action's number */
	return c == 3 ? -1 : c;
}

typedef struct wrapped {
	qv_game game;
	qv_components comps;
} wrapped;

static const qv_game *wrap(wrapped *w, const qv_game *g)
{
	w->game = *g;
	w->comps = *g->components;
	w->comps.component_of = stand_in_component;
	w->game.components = &w->comps;
	return &w->game;
}

/* A quiet position without covers (so that p1 sees every action of p2, and its tree follows
 * them): many placements for both. */
static const char *open_board =
    "{\"sq\": \"c2\", \"owner\": \"p1\", \"piece\": \"X\", \"facing\": \"N\"},"
    "{\"sq\": \"d5\", \"owner\": \"p2\", \"piece\": \"T\", \"facing\": \"S\"}";
static const char *open_players =
    "{\"home\": \"S\", \"covers\": 0}, {\"home\": \"N\", \"covers\": 0}";

/* A restricted search: its root edges are all allowed; and once the game has come back to it
 * through its kept tree, the children that tree holds for its own decision, grown while it
 * searched the decision before, are all allowed too (its model of itself keeps the rule). */
static void test_forbid_narrows_the_tree(void **state)
{
	(void)state;
	qv_match *m = load_position(open_board, open_players);
	wrapped w;
	const qv_game *g = wrap(&w, m->game);
	const char *specs[] = {"ismcts:iterations=3000", "mcts:iterations=3000",
	                       "ismcts:iterations=3000,threads=2"};
	for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
		void *st = malloc(g->state_size);
		memcpy(st, m->state, g->state_size);
		qv_agent *a = new_agent(g, specs[k], 7);
		qv_agent_forbid(a, 1ull << 0);
		qv_err err;
		qv_action x, kids[512];
		assert_int_equal(qv_agent_choose(a, st, &x, &err), QV_OK);
		assert_int_not_equal(stand_in_component(st, x), 0);
		qv__mcts_edge edges[512];
		int ne = qv__mcts_root(a, edges, 512);
		assert_true(ne > 4);
		for (int i = 0; i < ne; i++)
			assert_int_not_equal(stand_in_component(st, edges[i].action), 0);
		qv_agent_observe(a, st, x);
		g->apply(st, x, NULL);
		/* p2 plays an action the tree holds, chance what it draws. */
		qv_rng rng;
		qv_rng_seed(&rng, 3);
		qv_action outs[64];
		double probs[64];
		while (g->to_move(st) != 0) {
			assert_int_not_equal(g->to_move(st), QV_OVER);
			qv_action y;
			if (g->to_move(st) == QV_CHANCE) {
				y = qv_sample_chance(g, st, &rng, outs, probs);
			} else {
				int nk = qv__mcts_children(a, kids, 512);
				assert_true(nk > 0);
				y = kids[0];
				for (int i = nk - 1; i >= 0; i--)
					if (g->check(st, kids[i], NULL) == QV_OK)
						y = kids[i];
			}
			qv_agent_observe(a, st, y);
			g->apply(st, y, NULL);
		}
		assert_true(qv__mcts_has_tree(a));
		int nk = qv__mcts_children(a, kids, 512);
		if (nk < 2)
			fail_msg("%s: the kept tree holds %d children for p1", specs[k], nk);
		for (int i = 0; i < nk; i++)
			assert_int_not_equal(stand_in_component(st, kids[i]), 0);
		/* And the next decision, from that tree, is allowed too. */
		assert_int_equal(qv_agent_choose(a, st, &x, &err), QV_OK);
		assert_int_not_equal(stand_in_component(st, x), 0);
		qv_agent_free(a);
		free(st);
	}
	qv_match_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_finds_winning_capture),
	    cmocka_unit_test(test_refuses_poisoned_capture),
	    cmocka_unit_test(test_lucky_die_is_not_certain),
	    cmocka_unit_test(test_same_seed_same_search),
	    cmocka_unit_test(test_hidden_information_does_not_matter),
	    cmocka_unit_test(test_specs),
	    cmocka_unit_test(test_observe_filters_what_the_seat_sees),
	    cmocka_unit_test(test_observe_keeps_and_drops_the_tree),
	    cmocka_unit_test(test_observe_follows_chance),
	    cmocka_unit_test(test_protocol_game),
	    cmocka_unit_test(test_threads),
	    cmocka_unit_test(test_keep_and_release),
	    cmocka_unit_test(test_interrupt),
	    cmocka_unit_test(test_blunder),
	    cmocka_unit_test(test_levels_per_game),
	    cmocka_unit_test(test_value),
	    cmocka_unit_test(test_value_in_every_game),
	    cmocka_unit_test(test_forbid_narrows_the_tree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
