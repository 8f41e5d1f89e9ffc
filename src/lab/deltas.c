/*
 * deltas.c - the tests the rows of a report share (metrics.h): no test, two proportions with
 * Newcombe's interval and the pooled z test, and the paired test of a mean of differences.
 * Below every row's file, so that the rows call them without calling each other.
 */
#include <math.h>

#include "lab/metrics.h"

const qv_lab_delta qv__lab_no_test = {NAN, {NAN, NAN}, NAN, false, 0};

/* z = d / sqrt(p(1-p)(1/n1 + 1/n2)) with p = (x1 + x2) / (n1 + n2) pooled, the spread under
 * the null hypothesis that both are equal. (The unpooled spread of each sample is 0 when both
 * are all wins or all losses, and would make 2 games lost against 2 won a certainty.) The
 * pooled spread is 0 only when both proportions are 0 or both 1: d = 0, p = 1. No test (NAN)
 * when an arm is empty. */
qv_lab_delta qv__lab_prop_delta(double x1, double n1, double x2, double n2, double *z)
{
	*z = NAN;
	if (!(n1 > 0) || !(n2 > 0))
		return qv__lab_no_test;
	double p1 = x1 / n1, p2 = x2 / n2, p = (x1 + x2) / (n1 + n2);
	qv_lab_delta r = {p1 - p2, qv_newcombe(x1, n1, x2, n2, QV_Z95), NAN, false,
	                  (long)(n1 + n2)};
	double se = sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
	*z = se > 0 ? r.d / se : 0;
	r.p = qv_p_two_sided(*z);
	return r;
}

/* A paired test: the mean of per-game differences d (m), with Student's t interval
 * mean +- t(0.975, n - 1) * sd / sqrt(n) and the two-sided p of t = mean / (sd / sqrt(n))
 * against Student's t with n - 1 degrees of freedom (p < 0.05 exactly when the interval leaves
 * 0 out); *t is that t, for the ranking. The games are the units: each difference comes from
 * one game, so what two seats of a game share (at two players their scores sum to 1) is in
 * the differences' spread, not counted twice. With sd 0 (every game gave the same difference)
 * t is not defined: p is 1 for a mean of 0, else the exact sign test's 2 / 2^n (n games all
 * one way: two such games are no certainty), and *t the normal z of that p. No test with
 * fewer than two games. */
qv_lab_delta qv__lab_paired_delta(const qv_moments *d, double *t)
{
	*t = NAN;
	if (d->n < 2)
		return qv__lab_no_test;
	double se = qv_moments_sd(d) / sqrt((double)d->n);
	qv_lab_delta r = {d->mean, qv_moments_ci95(d), NAN, false, d->n};
	if (se > 0) {
		*t = d->mean / se;
		r.p = qv_t_p_two_sided(*t, (double)(d->n - 1));
	} else if (d->mean == 0) {
		*t = 0;
		r.p = 1;
	} else {
		r.p = fmin(1, ldexp(2, -(int)(d->n < 1000 ? d->n : 1000)));
		double lo = 0, hi = 40; /* qv_p_two_sided(z) = p, by bisection */
		for (int i = 0; i < 100; i++) {
			double mid = (lo + hi) / 2;
			if (qv_p_two_sided(mid) > r.p)
				lo = mid;
			else
				hi = mid;
		}
		*t = copysign(lo, d->mean);
	}
	return r;
}
