/*
 * test_review.c - the computer's review of a game (review.h), on HIGH CARD
 * (tests/support/testgame.c), whose values can be worked out by hand: a planted blunder, p1's
 * `step 1` where `step 3` scores two points more (its expected result falls by about 0.67 of
 * the scale of 2), is marked a blunder with `step 3` as the best alternative and a low accuracy,
 * while `step 3` itself is not marked; a decision's review is the same in two games that differ
 * only in what its mover could not see (the other player's card), so the searches never read
 * the hidden truth; only real choices are reviewed (not the forced pass, nor a single hold);
 * each move's own preview and the best move's line explain the verdict, the same in both games;
 * the JSON carries the verdicts and each player's accuracy; a bad configuration is refused
 * naming the field; and a game of THREE ARROWS is reviewed to its end.
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

#include "quiver/review.h"
#include "testgame.h"

/* Small budgets: HIGH CARD's decisions are searched whole at these. */
static const qv_review_config small = {
    .iterations = 400, .reply_iterations = 60, .samples = 16, .seed = 7};

/* A game of HIGH CARD of one round with folding, seed `seed`, in which p1 steps `step` (1 to
 * 3), the coin falls heads, and both hold. */
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
	assert_true(qv_match_over(m));
	return m;
}

/* The hidden card of player p at the start of m's game. */
static int card(const qv_match *m, int p)
{
	json_t *st = m->game->state_json(m->base);
	int c = (int)json_integer_value(json_array_get(json_object_get(st, "cards"), (size_t)p));
	json_decref(st);
	return c;
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
	assert_int_equal(qv_review_step(r, &err), QV_OK); /* nothing left: nothing done */
	return r;
}

/* The decision of entry `entry`, or NULL. */
static const qv_review_decision *at_entry(const qv_review *r, int entry)
{
	for (int i = 0; i < qv_review_total(r); i++)
		if (qv_review_decision_at(r, i)->entry == entry)
			return qv_review_decision_at(r, i);
	return NULL;
}

/* A seed whose p1 card is `c1` and p2 card is `c2` (0: any other than c1's partner). */
static uint64_t seed_with(int c1, int c2)
{
	for (uint64_t seed = 1; seed < 100000; seed++) {
		qv_match *m = high_card(seed, 3);
		bool fits = card(m, 0) == c1 && (c2 ? card(m, 1) == c2 : true);
		qv_match_free(m);
		if (fits)
			return seed;
	}
	fail_msg("no seed deals %d and %d", c1, c2);
	return 0;
}

static void test_planted_blunder(void **state)
{
	(void)state;
	uint64_t seed = seed_with(4, 0);
	qv_review *r = reviewed(high_card(seed, 1), &small);
	const qv_review_decision *d = at_entry(r, 0);
	assert_non_null(d);
	assert_int_equal(d->seat, 0);
	assert_string_equal(d->played, "step 1");
	assert_string_equal(d->best, "step 3");
	assert_int_equal(d->mark, QV_REVIEW_MARK_BLUNDER);
	/* by hand, with a 4: 0.583 with step 3, -0.083 with step 1 (the samples' guesses vary) */
	assert_true(d->loss >= QV_REVIEW_BLUNDER && d->loss <= 1.0);
	assert_true(d->before > d->after);
	assert_true(d->accuracy < 40);
	/* why: each move's own preview; the line after step 3 stops at the coin, which p1 does
	 * not foresee (p2's pass, forced, is played and not listed) */
	assert_string_equal(d->played_note, "1 point now");
	assert_string_equal(d->best_note, "3 points now");
	assert_int_equal(d->nline, 0);
	int marks[4];
	double acc = qv_review_accuracy(r, 0, marks);
	assert_true(acc < 100);
	assert_int_equal(marks[QV_REVIEW_MARK_BLUNDER], 1);
	qv_review_free(r);

	/* the best move itself is no mistake, and its best alternative is itself */
	r = reviewed(high_card(seed, 3), &small);
	d = at_entry(r, 0);
	assert_string_equal(d->best, "step 3");
	assert_int_equal(d->mark, QV_REVIEW_GOOD);
	assert_true(d->loss == 0 && d->accuracy > 99);
	assert_null(d->best_note); /* nothing better to explain */
	assert_string_equal(d->played_note, "3 points now");
	qv_review_free(r);
}

/* The same game but for p2's card (6 or 4): every decision of p1 is valued the same, to the
 * last bit, so the searches saw only what p1 saw. p2's cards of 4 and more let both hold or
 * fold: p2's decision is reviewed in both, on its own information (its card). */
static void test_only_the_movers_information(void **state)
{
	(void)state;
	uint64_t a = seed_with(5, 6), b = seed_with(5, 4);
	qv_review *ra = reviewed(high_card(a, 2), &small);
	qv_review *rb = reviewed(high_card(b, 2), &small);
	/* the decisions: p1's step (entry 0), p1's hold and p2's hold; the forced pass and the
	 * chance events are not decisions */
	assert_int_equal(qv_review_total(ra), 3);
	assert_int_equal(qv_review_total(rb), 3);
	for (int i = 0; i < 3; i++) {
		const qv_review_decision *x = qv_review_decision_at(ra, i);
		const qv_review_decision *y = qv_review_decision_at(rb, i);
		assert_int_equal(x->entry, y->entry);
		if (x->seat != 0)
			continue;
		assert_string_equal(x->best, y->best);
		assert_true(x->before == y->before && x->after == y->after && x->loss == y->loss);
		assert_memory_equal(x->expected, y->expected, sizeof x->expected);
		/* and so is what the review says of why */
		assert_true((x->best_note == NULL) == (y->best_note == NULL));
		if (x->best_note)
			assert_string_equal(x->best_note, y->best_note);
		assert_int_equal(x->nline, y->nline);
		for (int k = 0; k < x->nline; k++) {
			assert_int_equal(x->line[k].seat, y->line[k].seat);
			assert_string_equal(x->line[k].action, y->line[k].action);
		}
	}
	qv_review_free(ra);
	qv_review_free(rb);
}

static void test_json(void **state)
{
	(void)state;
	qv_review *r = reviewed(high_card(seed_with(4, 0), 1), &small);
	json_t *j = qv_review_json(r);
	assert_non_null(j);
	assert_string_equal(json_string_value(json_object_get(j, "game")), qv_test_game.name);
	assert_int_equal(json_integer_value(json_object_get(j, "total")), qv_review_total(r));
	json_t *ds = json_object_get(j, "decisions");
	assert_int_equal(json_array_size(ds), (size_t)qv_review_total(r));
	json_t *d = json_array_get(ds, 0);
	assert_int_equal(json_integer_value(json_object_get(d, "step")), 1); /* after entry 0 */
	assert_string_equal(json_string_value(json_object_get(d, "seat")), "p1");
	assert_string_equal(json_string_value(json_object_get(d, "played")), "step 1");
	assert_string_equal(json_string_value(json_object_get(d, "best")), "step 3");
	assert_string_equal(json_string_value(json_object_get(d, "mark")), "blunder");
	assert_int_equal(json_array_size(json_object_get(d, "expected")), 2);
	assert_string_equal(json_string_value(json_object_get(d, "best_note")), "3 points now");
	assert_string_equal(json_string_value(json_object_get(d, "played_note")), "1 point now");
	assert_true(json_is_array(json_object_get(d, "line")));
	json_t *seats = json_object_get(j, "seats");
	assert_int_equal(json_array_size(seats), 2);
	json_t *p1 = json_array_get(seats, 0);
	assert_int_equal(json_integer_value(json_object_get(p1, "blunders")), 1);
	assert_true(json_real_value(json_object_get(p1, "accuracy")) < 100);
	json_t *th = json_object_get(j, "thresholds");
	assert_true(json_real_value(json_object_get(th, "blunder")) == QV_REVIEW_BLUNDER);
	assert_int_equal(
	    json_integer_value(json_object_get(json_object_get(j, "config"), "samples")),
	    small.samples);
	json_decref(j);
	qv_review_free(r);
}

static void test_bad_config(void **state)
{
	(void)state;
	qv_review *r = NULL;
	qv_err err;
	qv_review_config cfg = {.samples = -1};
	assert_int_equal(qv_review_new(&r, high_card(1, 3), &cfg, &err), QV_EINVAL);
	assert_null(r);
	assert_string_equal(err.msg, "samples: expected a whole number from 1 to 256, not -1");
	cfg = (qv_review_config){.iterations = QV_REVIEW_ITERATIONS_MAX + 1};
	assert_int_equal(qv_review_new(&r, high_card(1, 3), &cfg, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "iterations: expected a whole number from 1 to"));
}

/* A game of THREE ARROWS between two random players, reviewed to its end at a small budget:
 * every decision reviewed, with values and accuracies in their ranges. */
static void test_three_arrows(void **state)
{
	(void)state;
	qv_match *m = NULL;
	qv_err err;
	assert_int_equal(qv_match_new(&m, qv_game_find("three-arrows", NULL), NULL, 5, &err),
	                 QV_OK);
	qv_rng rng;
	qv_rng_seed(&rng, 3);
	qv_action buf[4096];
	for (int i = 0; i < 24 && !qv_match_over(m); i++) {
		if (qv_match_to_move(m) == QV_CHANCE) {
			assert_int_equal(qv_match_chance(m, NULL, &err), QV_OK);
			continue;
		}
		int k;
		assert_int_equal(
		    qv_match_play(m, qv_sample_legal(m->game, m->state, &rng, buf, &k), &err),
		    QV_OK);
	}
	qv_review_config cfg = {.iterations = 60, .reply_iterations = 20, .samples = 2, .seed = 1};
	qv_review *r = reviewed(m, &cfg);
	assert_true(qv_review_total(r) > 10);
	int lines = 0;
	for (int i = 0; i < qv_review_total(r); i++) {
		const qv_review_decision *d = qv_review_decision_at(r, i);
		assert_true(d->reviewed);
		/* a best move that is not the one made is explained: its preview, its line */
		if (strcmp(d->best, d->played) != 0 && d->before > d->after) {
			assert_non_null(d->best_note);
			assert_true(d->nline >= 0 && d->nline <= QV_REVIEW_LINE);
			for (int k = 0; k < d->nline; k++)
				assert_true(d->line[k].action[0] && d->line[k].seat >= 0 &&
				            d->line[k].seat < 2);
			lines += d->nline > 0;
		} else {
			assert_int_equal(d->nline, 0);
		}
		assert_true(d->before >= -1 && d->before <= 1 && d->after >= -1 && d->after <= 1);
		assert_true(d->loss >= 0 && d->accuracy >= 0 && d->accuracy <= 100);
		assert_true(d->played[0] && d->best[0]);
	}
	assert_true(lines > 0);
	qv_review_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_planted_blunder),
	    cmocka_unit_test(test_only_the_movers_information),
	    cmocka_unit_test(test_json),
	    cmocka_unit_test(test_bad_config),
	    cmocka_unit_test(test_three_arrows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
