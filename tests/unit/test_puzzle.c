/*
 * test_puzzle.c - puzzles from reviewed decisions (puzzle.h), on HIGH CARD
 * (tests/support/testgame.c): p1's planted blunder with a card of 1, `step 1` where `step 3`
 * scores two points more, is a puzzle whose one answer is `step 3` (by hand: `step 3` wins on
 * tails and loses on heads, 0; `step 2` ties on tails at best, -0.5; `step 1` loses, -1: the
 * answer beats the others by the margin; with a card of 4 the fold makes `step 2` nearly as
 * good, and no puzzle is made),
 * shown as p1's view before the step (p1's own card, not p2's), with the answer's preview and
 * the advantage theme; a decision whose move made lost little is none; two games that differ
 * only in p2's card (which p1 could not see) give the same puzzle, byte for byte; and a game of
 * THREE ARROWS reviewed to its end has each puzzle's answer among its view's legal moves, ahead
 * of every other move by the margin.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "quiver/puzzle.h"
#include "testgame.h"

/* HIGH CARD's decisions are searched whole at these. */
static const qv_review_config small = {
    .iterations = 400, .reply_iterations = 60, .samples = 32, .seed = 7};

/* A game of HIGH CARD of one round with folding, seed `seed`, where p1 steps `step`, the coin
 * falls heads and both hold. */
static qv_match *high_card(uint64_t seed, int step)
{
	qv_params p = {0};
	qv_err err;
	qv_match *m = NULL;
	if (qv_params_parse_list(&p, "rounds=1,folding=true", &err) ||
	    qv_match_new(&m, &qv_test_game, &p, seed, &err))
		fail_msg("new: %s", err.msg);
	const qv_action acts[] = {QV_TG_STEP1 + step - 1, QV_TG_HEADS, QV_TG_HOLD, QV_TG_HOLD};
	for (size_t i = 0; i < sizeof acts / sizeof acts[0]; i++)
		if (qv_match_play(m, acts[i], &err))
			fail_msg("play %d: %s", (int)acts[i], err.msg);
	return m;
}

/* Player p's card at the start of m's game. */
static int card(const qv_match *m, int p)
{
	json_t *st = m->game->state_json(m->base);
	int c = (int)json_integer_value(json_array_get(json_object_get(st, "cards"), (size_t)p));
	json_decref(st);
	return c;
}

/* A seed dealing p1 `c1` and p2 `c2`. */
static uint64_t seed_with(int c1, int c2)
{
	for (uint64_t seed = 1; seed < 100000; seed++) {
		qv_match *m = high_card(seed, 3);
		bool fits = card(m, 0) == c1 && card(m, 1) == c2;
		qv_match_free(m);
		if (fits)
			return seed;
	}
	fail_msg("no seed deals %d and %d", c1, c2);
	return 0;
}

/* The whole review of m (taken). */
static qv_review *reviewed(qv_match *m, const qv_review_config *cfg)
{
	qv_review *r = NULL;
	qv_err err;
	if (qv_review_new(&r, m, cfg, &err))
		fail_msg("review: %s", err.msg);
	while (qv_review_done(r) < qv_review_total(r))
		if (qv_review_step(r, &err))
			fail_msg("step: %s", err.msg);
	return r;
}

/* The puzzle of decision i of r, which must be found; its JSON text into *text. */
static qv_puzzle *found(qv_review *r, int i, char **text)
{
	qv_puzzle_verdict v;
	qv_puzzle *p = NULL;
	qv_err err;
	assert_int_equal(qv_puzzle_find(r, i, &v, &p, &err), QV_OK);
	assert_int_equal(v, QV_PUZZLE_FOUND);
	assert_non_null(p);
	json_t *j = qv_puzzle_json(p, r);
	assert_non_null(j);
	*text = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(j);
	return p;
}

static void test_planted_blunder(void **state)
{
	(void)state;
	qv_review *r = reviewed(high_card(seed_with(1, 6), 1), &small);
	char *text;
	qv_puzzle *p = found(r, 0, &text);
	assert_string_equal(p->answer, "step 3");
	assert_string_equal(p->played, "step 1");
	assert_int_equal(p->seat, 0);
	assert_int_equal(p->moves, 3);
	assert_true(p->value - p->second >= QV_PUZZLE_MARGIN);
	assert_true(p->value - p->played_value >= QV_PUZZLE_MARGIN);
	assert_string_equal(p->note, "3 points now");
	assert_int_equal(p->themes, QV_PUZZLE_ADVANTAGE);
	/* p1's view: its own card, p2's hidden, and the three steps to choose from */
	json_t *view = json_object_get(p->view, "view");
	json_t *cards = json_object_get(view, "cards");
	assert_int_equal(json_integer_value(json_array_get(cards, 0)), 1);
	assert_true(json_is_null(json_array_get(cards, 1)));
	assert_int_equal(json_array_size(json_object_get(p->view, "legal")), 3);
	assert_non_null(strstr(text, "\"answer\":\"step 3\""));
	assert_non_null(strstr(text, "\"themes\":[\"advantage\"]"));
	free(text);
	qv_puzzle_free(p);
	/* with a card of 4, folding makes step 2 nearly as good: another move comes within the
	 * margin, and no puzzle is made */
	qv_review *near = reviewed(high_card(seed_with(4, 6), 1), &small);
	qv_puzzle_verdict v;
	qv_err err;
	assert_int_equal(qv_puzzle_find(near, 0, &v, &p, &err), QV_OK);
	assert_int_equal(v, QV_PUZZLE_NOT_ONE);
	assert_null(p);
	qv_review_free(near);
	/* a decision whose move made lost nothing is none */
	qv_review *best = reviewed(high_card(seed_with(1, 6), 3), &small);
	assert_int_equal(qv_puzzle_find(best, 0, &v, &p, &err), QV_OK);
	assert_int_equal(v, QV_PUZZLE_NOT_LOST);
	assert_null(p);
	qv_review_free(best);
	qv_review_free(r);
}

/* Two games that differ only in p2's card: the same puzzle, byte for byte. */
static void test_only_the_movers_information(void **state)
{
	(void)state;
	qv_review *a = reviewed(high_card(seed_with(1, 6), 1), &small);
	qv_review *b = reviewed(high_card(seed_with(1, 3), 1), &small);
	char *ta, *tb;
	qv_puzzle *pa = found(a, 0, &ta), *pb = found(b, 0, &tb);
	assert_string_equal(ta, tb);
	free(ta);
	free(tb);
	qv_puzzle_free(pa);
	qv_puzzle_free(pb);
	qv_review_free(a);
	qv_review_free(b);
}

/* A game of THREE ARROWS between greedy and random, reviewed at small budgets: every puzzle's
 * answer is a legal move of its view, ahead of the others by the margin. */
static void test_three_arrows(void **state)
{
	(void)state;
	const qv_game *g = qv_game_find("three-arrows", NULL);
	qv_match *m = NULL;
	qv_err err;
	assert_int_equal(qv_match_new(&m, g, NULL, 5, &err), QV_OK);
	qv_rng rng;
	qv_rng_seed(&rng, 3);
	qv_action buf[4096];
	for (int i = 0; i < 30 && !qv_match_over(m); i++) {
		if (qv_match_to_move(m) == QV_CHANCE) {
			assert_int_equal(qv_match_chance(m, NULL, &err), QV_OK);
			continue;
		}
		int k;
		assert_int_equal(
		    qv_match_play(m, qv_sample_legal(g, m->state, &rng, buf, &k), &err), QV_OK);
	}
	qv_review_config cfg = {.iterations = 120, .reply_iterations = 30, .samples = 2, .seed = 1};
	qv_review *r = reviewed(m, &cfg);
	int looked = 0;
	for (int i = 0; i < qv_review_total(r); i++) {
		qv_puzzle_verdict v;
		qv_puzzle *p = NULL;
		assert_int_equal(qv_puzzle_find(r, i, &v, &p, &err), QV_OK);
		looked += v != QV_PUZZLE_NOT_LOST;
		if (v != QV_PUZZLE_FOUND)
			continue;
		bool legal = false;
		size_t k;
		json_t *a;
		json_array_foreach(json_object_get(p->view, "legal"), k, a) legal |=
		    strcmp(json_string_value(a), p->answer) == 0;
		assert_true(legal);
		assert_true(p->value - p->second >= QV_PUZZLE_MARGIN - 1e-9);
		qv_puzzle_free(p);
	}
	assert_true(looked > 0);
	qv_review_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_planted_blunder),
	    cmocka_unit_test(test_only_the_movers_information),
	    cmocka_unit_test(test_three_arrows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
