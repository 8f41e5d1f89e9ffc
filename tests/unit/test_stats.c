/*
 * test_stats.c - unit tests of the arena's statistics against published or independently
 * computed values: Student's t quantiles, means with t intervals, Wilson intervals and Elo.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
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

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_t_quantiles),
	    cmocka_unit_test(test_mean_ci),
	    cmocka_unit_test(test_wilson),
	    cmocka_unit_test(test_elo),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
