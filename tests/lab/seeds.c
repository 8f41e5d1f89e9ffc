/*
 * seeds.c - a study's games are independent draws whatever their index: the blocks of a
 * study's main games differ by chance only (docs/lab/report.md, "A study's seeds").
 *
 * A designer read ConCardia's deck effect in blocks of 200 main games (seed 2, greedy) and saw
 * none in the first two (the first deck's score 0.468 and 0.517), then one in every later block
 * (0.36 to 0.42). Chance, or a flaw of the seeds (each game's seed is derived from the study's
 * seed and the game's index: a derivation that made neighbouring indices alike would make
 * blocks differ by more than chance)? Over SEEDS studies of BLOCKS blocks of BLOCK games:
 *
 * - the homogeneity test of each study's blocks (the first deck's score, a one-way analysis of
 *   variance: the blocks' means against the games' spread, chi-square with BLOCKS - 1 degrees
 *   of freedom) says p < 0.05 at a rate whose Wilson interval holds 5%: a test whose calibration
 *   is itself tested, as every statistical test of the suite;
 * - the first two blocks are not different from the rest on average: their mean difference over
 *   the studies within 3.29 standard errors of 0 (the family's z, as calibration.c's);
 * - the deck effect itself is there (the first deck below half), so the test looks at games
 *   that do differ by their decks.
 *
 * The seeds are fixed, so the test gives the same answer every run.
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

#include "lab/lab.h"
#include "quiver/stats.h"
#include "quiver/variant.h"
#include "study.h"

#define SEEDS  100
#define BLOCKS 5
#define BLOCK  200

/* P(X > x) for X chi-square with k degrees of freedom, by Wilson and Hilferty's cube root
 * (within 0.002 of the exact tail for k >= 4 at the tails a test reads). */
static double chi2_tail(double x, int k)
{
	if (!(x > 0))
		return 1;
	double v = 2.0 / (9.0 * k), z = (cbrt(x / k) - (1 - v)) / sqrt(v);
	return 1 - qv_normal_cdf(z);
}

/* The first deck's score in each of the main games of one study of ConCardia (greedy, seed
 * `seed`): score[i] for game i, in [0, 1]. */
static void study_scores(uint64_t seed, double *score)
{
	const qv_game *g = qv_game_find("concardia", NULL);
	assert_non_null(g);
	qv_lab_config c =
	    study_config(g, qv_variant_base(g, NULL), 2, "greedy", BLOCKS * BLOCK, 0, seed);
	qv_lab_plan p;
	qv_err err;
	if (qv_lab_plan_make(&c, &p, &err) != QV_OK)
		fail_msg("plan: %s", err.msg);
	assert_int_equal(p.total, BLOCKS * BLOCK);
	qv_lab_game *games = calloc((size_t)p.total, sizeof *games);
	assert_non_null(games);
	if (qv_lab_play(&p, 0, p.total, 2, games, &err) != QV_OK)
		fail_msg("play: %s", err.msg);
	for (int i = 0; i < p.total; i++) {
		/* the first deck is seat 0's, seat 1's in a game of swapped sides */
		double u = games[i].utility[qv_lab_swapped(&p, i) ? 1 : 0];
		score[i] = (u + 1) / 2;
		qv_lab_game_free(&games[i]);
	}
	free(games);
	qv_lab_plan_free(&p);
}

/* The homogeneity test of the blocks of score[]: its p. */
static double blocks_p(const double *score, double *mean)
{
	double within = 0, grand = 0;
	for (int b = 0; b < BLOCKS; b++) {
		qv_moments m = {0};
		for (int i = 0; i < BLOCK; i++)
			qv_moments_add(&m, score[b * BLOCK + i]);
		mean[b] = m.mean;
		grand += m.mean / BLOCKS;
		within += qv_moments_sd(&m) * qv_moments_sd(&m) / BLOCKS;
	}
	double between = 0;
	for (int b = 0; b < BLOCKS; b++)
		between += (mean[b] - grand) * (mean[b] - grand);
	return within > 0 ? chi2_tail(BLOCK * between / within, BLOCKS - 1) : 1;
}

static void test_blocks_differ_by_chance(void **state)
{
	(void)state;
	static double score[BLOCKS * BLOCK];
	int low = 0;
	qv_moments early = {0}, deck = {0};
	for (int s = 1; s <= SEEDS; s++) {
		study_scores((uint64_t)s, score);
		double mean[BLOCKS];
		double p = blocks_p(score, mean);
		low += p < 0.05;
		double rest = 0;
		for (int b = 2; b < BLOCKS; b++)
			rest += mean[b] / (BLOCKS - 2);
		qv_moments_add(&early, (mean[0] + mean[1]) / 2 - rest);
		double all = 0;
		for (int b = 0; b < BLOCKS; b++)
			all += mean[b] / BLOCKS;
		qv_moments_add(&deck, all);
		if (s == 2)
			printf("seed 2: the first deck's score by block %.3f %.3f %.3f %.3f %.3f, "
			       "p = %.3f\n",
			       mean[0], mean[1], mean[2], mean[3], mean[4], p);
	}
	qv_interval ci = qv_wilson(low, SEEDS, Z_FAMILY);
	double se = qv_moments_sd(&early) / sqrt(SEEDS);
	printf("%d of %d studies' blocks differ at p < 0.05 (interval %.3f to %.3f); the first two "
	       "blocks less the rest: %+.4f, standard error %.4f; the first deck's score %.3f\n",
	       low, SEEDS, ci.lo, ci.hi, early.mean, se, deck.mean);
	if (!(ci.lo <= 0.05 && 0.05 <= ci.hi))
		fail_msg("the blocks' test says p < 0.05 in %d of %d studies: its interval %.3f to "
		         "%.3f does not hold 5%%",
		         low, SEEDS, ci.lo, ci.hi);
	if (fabs(early.mean) > Z_FAMILY * se)
		fail_msg("the first two blocks differ from the rest by %+.4f on average, past %.1f "
		         "standard errors (%.4f)",
		         early.mean, Z_FAMILY, se);
	if (!(deck.mean < 0.47))
		fail_msg("no deck effect to see: the first deck scores %.3f", deck.mean);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_blocks_differ_by_chance),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
