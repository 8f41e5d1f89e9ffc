/*
 * test_stats.c - unit tests of the arena's and the lab's statistics against published or
 * independently computed values: Student's t quantiles, means with t intervals, Wilson
 * intervals, Elo, the normal distribution's p-values, Newcombe's and Welch's intervals of a
 * difference, and Benjamini-Hochberg.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "quiver/stats.h"

/* |got - want| <= tol, with both numbers in the message otherwise. */
static void near(double got, double want, double tol)
{
	if (!(fabs(got - want) <= tol))
		fail_msg("got %.9f, expected %.9f (tolerance %g)", got, want, tol);
}

static void test_t_quantiles(void **state)
{
	(void)state;
	/* Tables of Student's t (two-sided 95%). */
	near(qv_t975(1), 12.7062, 1e-4);
	near(qv_t975(2), 4.3027, 1e-4);
	near(qv_t975(4), 2.7764, 1e-4);
	near(qv_t975(10), 2.2281, 1e-4);
	near(qv_t975(30), 2.0423, 1e-4);
	/* The expansion beyond the table. */
	near(qv_t975(31), 2.039513446, 1e-7);
	near(qv_t975(39), 2.022690920, 1e-7);
	near(qv_t975(100), 1.983971519, 1e-7);
	near(qv_t975(1000), 1.962339081, 1e-7);
	near(qv_t975(100000000), QV_Z95, 1e-7);
	assert_true(isinf(qv_t975(0)));
}

static void test_mean_ci(void **state)
{
	(void)state;
	/* 1..5: mean 3, sd sqrt(2.5); R's t.test gives [1.036757, 4.963243]. */
	qv_moments m = {0};
	for (int i = 1; i <= 5; i++)
		qv_moments_add(&m, i);
	assert_int_equal(m.n, 5);
	near(m.mean, 3, 1e-12);
	near(qv_moments_sd(&m), 1.5811388301, 1e-9);
	qv_interval ci = qv_moments_ci95(&m);
	near(ci.lo, 1.036757, 1e-6);
	near(ci.hi, 4.963243, 1e-6);

	/* 40 utilities: mean 0.14, sd 0.76988178, t(39) = 2.02269. */
	static const double u[10] = {0.3, -1, 1, 0.5, 0.25, -0.75, 1, 1, -1, 0.1};
	qv_moments w = {0};
	for (int i = 0; i < 40; i++)
		qv_moments_add(&w, u[i % 10]);
	near(w.mean, 0.14, 1e-12);
	near(qv_moments_sd(&w), 0.7698817758, 1e-9);
	ci = qv_moments_ci95(&w);
	near(ci.lo, -0.1062201370, 1e-7);
	near(ci.hi, 0.3862201370, 1e-7);

	/* Welford stays exact far from zero (the textbook case 1e9 + 4, 7, 13, 16). */
	qv_moments big = {0};
	static const double far[4] = {1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16};
	for (int i = 0; i < 4; i++)
		qv_moments_add(&big, far[i]);
	near(big.mean, 1e9 + 10, 1e-6);
	near(qv_moments_sd(&big), sqrt(30), 1e-6);

	/* A constant sample has a point interval; one value says nothing. */
	qv_moments c = {0};
	for (int i = 0; i < 7; i++)
		qv_moments_add(&c, -1);
	near(qv_moments_sd(&c), 0, 0);
	ci = qv_moments_ci95(&c);
	near(ci.lo, -1, 0);
	near(ci.hi, -1, 0);
	qv_moments one = {0};
	qv_moments_add(&one, 0.5);
	near(qv_moments_sd(&one), 0, 0);
	ci = qv_moments_ci95(&one);
	assert_true(isinf(ci.lo) && ci.lo < 0);
	assert_true(isinf(ci.hi) && ci.hi > 0);
	qv_moments none = {0};
	ci = qv_moments_ci95(&none);
	assert_true(isinf(ci.lo) && isinf(ci.hi));
}

static void test_wilson(void **state)
{
	(void)state;
	qv_interval ci = qv_wilson(8, 10, QV_Z95);
	near(ci.lo, 0.4902, 1e-4);
	near(ci.hi, 0.9433, 1e-4);
	/* All or nothing: the interval stays inside [0, 1] and is not empty. */
	ci = qv_wilson(0, 10, QV_Z95);
	near(ci.lo, 0, 1e-12);
	near(ci.hi, 0.2775328, 1e-7);
	ci = qv_wilson(10, 10, QV_Z95);
	near(ci.lo, 0.7224672, 1e-7);
	near(ci.hi, 1, 1e-12);
	assert_true(ci.hi <= 1);
	/* 150 of 200, and a fractional count (draws counting half). */
	ci = qv_wilson(150, 200, QV_Z95);
	near(ci.lo, 0.6856590, 1e-7);
	near(ci.hi, 0.8049183, 1e-7);
	ci = qv_wilson(7.5, 10, QV_Z95);
	near(ci.lo, 0.4421814, 1e-7);
	near(ci.hi, 0.9190522, 1e-7);
	/* No trials: nothing is known. */
	ci = qv_wilson(0, 0, QV_Z95);
	near(ci.lo, 0, 0);
	near(ci.hi, 1, 0);
}

static void test_elo(void **state)
{
	(void)state;
	near(qv_elo(0.75), 190.8485, 1e-4);
	near(qv_elo(0.25), -190.8485, 1e-4);
	near(qv_elo(0.5), 0, 1e-12);
	near(qv_elo(10.0 / 11), 400, 1e-9); /* odds 10:1 are 400 points */
	assert_true(isinf(qv_elo(1)) && qv_elo(1) > 0);
	assert_true(isinf(qv_elo(0)) && qv_elo(0) < 0);
	assert_true(isinf(qv_elo(-0.1)) && isinf(qv_elo(1.5)));
	/* The limit: 800 points is a score of 100/101. */
	near(qv_elo(100.0 / 101), QV_ELO_LIMIT, 1e-9);
	near(qv_elo_clamp(INFINITY), QV_ELO_LIMIT, 0);
	near(qv_elo_clamp(-INFINITY), -QV_ELO_LIMIT, 0);
	near(qv_elo_clamp(-2000), -QV_ELO_LIMIT, 0);
	near(qv_elo_clamp(123.5), 123.5, 0);
	/* The interval of a score interval, e.g. the Wilson interval of 7.5 / 10. */
	qv_interval e = qv_elo_interval(qv_wilson(7.5, 10, QV_Z95));
	near(e.lo, -40.35699, 1e-4);
	assert_true(e.hi > 190.85 && e.hi < QV_ELO_LIMIT);
	e = qv_elo_interval((qv_interval){0, 1});
	near(e.lo, -QV_ELO_LIMIT, 0);
	near(e.hi, QV_ELO_LIMIT, 0);
}

static void test_normal(void **state)
{
	(void)state;
	/* Tables of the standard normal distribution. */
	near(qv_normal_cdf(0), 0.5, 1e-15);
	near(qv_normal_cdf(1.6448536269514722), 0.95, 1e-12);
	near(qv_normal_cdf(-1), 0.158655253931457, 1e-12);
	near(qv_normal_cdf(QV_Z95), 0.975, 1e-12);
	near(qv_p_two_sided(QV_Z95), 0.05, 1e-12);
	near(qv_p_two_sided(-QV_Z95), 0.05, 1e-12);
	near(qv_p_two_sided(2.5758293035489), 0.01, 1e-12);
	near(qv_p_two_sided(0), 1, 1e-15);
	/* Far in the tail the p-value keeps its digits (1 - cdf would give 0). */
	near(qv_p_two_sided(6) / 1.973175290075e-9, 1, 1e-9);
	near(qv_p_two_sided(INFINITY), 0, 0);
	assert_true(isnan(qv_p_two_sided(NAN)));
}

/* Student's t two-sided p-values, 2 * pt(-|t|, df) as R computes it (checked against
 * mpmath's regularized incomplete beta to 15 digits), whole and fractional df, both tails. */
static void test_student_p(void **state)
{
	(void)state;
	near(qv_t_p_two_sided(2, 3), 0.139325968558843, 1e-13);
	near(qv_t_p_two_sided(2.5, 10), 0.0314468442366088, 1e-13);
	/* lgamma of 500,000 keeps 9 digits of the front factor */
	near(qv_t_p_two_sided(1.96, 1e6), 0.0499960675828294, 1e-9);
	near(qv_t_p_two_sided(0.5, 1), 0.704832764699133, 1e-13);
	near(qv_t_p_two_sided(10, 2), 0.00985245702332569, 1e-13);
	near(qv_t_p_two_sided(3, 7.5), 0.0183909386082045, 1e-13);
	near(qv_t_p_two_sided(-4, 30), 0.000381845636083757, 1e-14);
	near(qv_t_p_two_sided(0.001, 5), 0.999240786772126, 1e-13);
	/* at the 0.975 quantile, p is 0.05 */
	near(qv_t_p_two_sided(qv_t975(4), 4), 0.05, 1e-8);
	near(qv_t_p_two_sided(0, 9), 1, 1e-15);
	near(qv_t_p_two_sided(INFINITY, 3), 0, 0);
	assert_true(isnan(qv_t_p_two_sided(NAN, 3)));
	assert_true(isnan(qv_t_p_two_sided(1, 0)));
}

/* Newcombe (1998), "Interval estimation for the difference between independent proportions:
 * comparison of eleven methods", Statistics in Medicine 17, table II, method 10 (the hybrid
 * score interval), its eight worked examples to the four decimals printed. */
static void test_newcombe(void **state)
{
	(void)state;
	static const struct {
		double x1, n1, x2, n2, lo, hi;
	} ex[] = {
	    {56, 70, 48, 80, 0.0524, 0.3339}, {9, 10, 3, 10, 0.1705, 0.8090},
	    {6, 7, 2, 7, 0.0582, 0.8062},     {5, 56, 0, 29, -0.0381, 0.1926},
	    {0, 10, 0, 20, -0.1611, 0.2775},  {0, 10, 0, 10, -0.2775, 0.2775},
	    {10, 10, 0, 20, 0.6791, 1.0000},  {10, 10, 0, 10, 0.6075, 1.0000},
	};
	for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
		qv_interval ci = qv_newcombe(ex[i].x1, ex[i].n1, ex[i].x2, ex[i].n2, QV_Z95);
		near(ci.lo, ex[i].lo, 5e-5);
		near(ci.hi, ex[i].hi, 5e-5);
	}
	/* The other way round the interval turns over; fractional successes (draws) are fine. */
	qv_interval ci = qv_newcombe(48, 80, 56, 70, QV_Z95);
	near(ci.lo, -0.3339, 5e-5);
	near(ci.hi, -0.0524, 5e-5);
	ci = qv_newcombe(7.5, 10, 7.5, 10, QV_Z95);
	assert_true(ci.lo < 0 && ci.hi > 0);
	near(ci.lo, -ci.hi, 1e-12);
	/* Within [-1, 1] always; no trials on a side: nothing is known. */
	ci = qv_newcombe(1, 1, 0, 1, QV_Z95);
	assert_true(ci.hi <= 1 && ci.lo > -1);
	ci = qv_newcombe(3, 4, 0, 0, QV_Z95);
	near(ci.lo, -1, 0);
	near(ci.hi, 1, 0);
}

/* Student's sleep data (R's `sleep`, extra hours of sleep under two drugs): R's
 * t.test(extra ~ group) gives Welch's t = -1.8608 with df = 17.776. qv_welch rounds df down to
 * 17, so its interval is d +- t(17) se, a little wider than R's [-3.3654832, 0.2054832]. */
static void test_welch(void **state)
{
	(void)state;
	static const double a[10] = {0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};
	static const double b[10] = {1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};
	qv_moments ma = {0}, mb = {0};
	for (int i = 0; i < 10; i++) {
		qv_moments_add(&ma, a[i]);
		qv_moments_add(&mb, b[i]);
	}
	qv_welch_result w = qv_welch(&ma, &mb);
	near(w.d, -1.58, 1e-12);
	near(w.d / w.se, -1.8608, 1e-4);
	near(w.df, 17.776, 1e-3);
	near(w.ci.lo, -1.58 - 2.109815578 * 0.849091017, 1e-8);
	near(w.ci.hi, -1.58 + 2.109815578 * 0.849091017, 1e-8);
	assert_true(w.ci.lo < -3.3654832 && w.ci.hi > 0.2054832);
	/* Its p-value, R's 0.07939 from t with df = 17.776; the normal approximation's is
	 * smaller (0.0628), which with few games is too small. */
	near(qv_t_p_two_sided(w.d / w.se, w.df), 0.07939, 1e-5);
	near(qv_p_two_sided(w.d / w.se), 0.0627705, 1e-6);

	/* One spread 0: df is the other sample's n - 1 (here 9, t = 2.262157163). */
	qv_moments c = {0};
	for (int i = 0; i < 5; i++)
		qv_moments_add(&c, 2);
	w = qv_welch(&mb, &c);
	near(w.df, 9, 1e-9);
	near(w.se, qv_moments_sd(&mb) / sqrt(10), 1e-12);
	near(w.ci.hi - w.d, 2.262157163 * w.se, 1e-9);
	/* Both spreads 0: the interval is the point d. */
	qv_moments e = {0};
	qv_moments_add(&e, 5);
	qv_moments_add(&e, 5);
	w = qv_welch(&e, &c);
	near(w.d, 3, 0);
	near(w.se, 0, 0);
	near(w.ci.lo, 3, 0);
	near(w.ci.hi, 3, 0);
	/* One value on a side: its spread is unknown, so is the difference's. */
	qv_moments one = {0};
	qv_moments_add(&one, 1);
	w = qv_welch(&one, &ma);
	near(w.d, 1 - 0.75, 1e-12);
	assert_true(isinf(w.se) && isinf(w.ci.lo) && isinf(w.ci.hi));
	qv_moments none = {0};
	assert_true(isnan(qv_welch(&none, &ma).d));
}

/* Benjamini and Hochberg (1995), section 3.2: fifteen p-values of a trial; at q = 0.05 the
 * procedure rejects the four smallest (0.0095 <= 4/15 * 0.05, while 0.0201 > 5/15 * 0.05 and
 * no later one passes its threshold). */
static void test_benjamini_hochberg(void **state)
{
	(void)state;
	static const double bh[15] = {0.0001, 0.0004, 0.0019, 0.0095, 0.0201,
	                              0.0278, 0.0298, 0.0344, 0.0459, 0.3240,
	                              0.4262, 0.5719, 0.6528, 0.7590, 1.0000};
	bool f[20];
	assert_int_equal(qv_benjamini_hochberg(bh, 15, 0.05, f), 4);
	for (int i = 0; i < 15; i++)
		assert_int_equal(f[i], i < 4);
	/* In any order, with tests that are no tests (NAN) among them: m stays 15. */
	double mixed[20];
	int order[15] = {7, 14, 3, 0, 12, 9, 1, 5, 13, 2, 10, 4, 11, 8, 6};
	for (int i = 0, j = 0; i < 20; i++)
		mixed[i] = i % 4 == 1 ? NAN : bh[order[j++]];
	assert_int_equal(qv_benjamini_hochberg(mixed, 20, 0.05, f), 4);
	for (int i = 0; i < 20; i++)
		assert_int_equal(f[i], !isnan(mixed[i]) && mixed[i] <= 0.0095);
	/* Step-up: a p-value above its own threshold is rejected when a larger one passes. */
	static const double up[4] = {0.03, 0.04, 0.045, 0.05};
	assert_int_equal(qv_benjamini_hochberg(up, 4, 0.05, f), 4);
	/* Ties share the highest rank: two at 0.05 of two pass at q = 0.05. */
	static const double tie[3] = {0.05, 0.05, 0.9};
	assert_int_equal(qv_benjamini_hochberg(tie, 3, 0.05, f), 0);
	assert_int_equal(qv_benjamini_hochberg(tie, 2, 0.05, f), 2);
	/* Nothing to test. */
	static const double nan2[2] = {NAN, NAN};
	assert_int_equal(qv_benjamini_hochberg(nan2, 2, 0.05, f), 0);
	assert_false(f[0] || f[1]);
	assert_int_equal(qv_benjamini_hochberg(NULL, 0, 0.05, f), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_t_quantiles),
	    cmocka_unit_test(test_mean_ci),
	    cmocka_unit_test(test_wilson),
	    cmocka_unit_test(test_elo),
	    cmocka_unit_test(test_student_p),
	    cmocka_unit_test(test_normal),
	    cmocka_unit_test(test_newcombe),
	    cmocka_unit_test(test_welch),
	    cmocka_unit_test(test_benjamini_hochberg),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
