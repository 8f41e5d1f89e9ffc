/*
 * stats.h - the statistics of the arena and the lab: running means with Student's t confidence
 * intervals, Wilson score intervals for proportions, Elo differences from score fractions,
 * and for the lab's comparisons of two arms the differences of two proportions (Newcombe) and
 * of two means (Welch), two-sided p-values and the Benjamini-Hochberg procedure.
 *
 * Pure functions over plain values: no allocation, no global state, safe from any thread.
 * Every interval is a 95% interval (two-sided), the level the arena reports.
 */
#ifndef QUIVER_STATS_H
#define QUIVER_STATS_H

#include <stdbool.h>

/* The 0.975 quantile of the standard normal distribution: the z of a 95% interval. */
#define QV_Z95 1.959963984540054

/* Elo differences are reported within +-QV_ELO_LIMIT: a score fraction of 0 or 1 (or close
 * to it) says only that the difference is at least that large. 800 points is a score of
 * 99.0%. */
#define QV_ELO_LIMIT 800.0

/* A closed interval [lo, hi]. */
typedef struct qv_interval {
	double lo, hi;
} qv_interval;

/* A running mean and variance (Welford's method, stable for long runs). Zero-initialise it
 * (`qv_moments m = {0};`) and add values one at a time. */
typedef struct qv_moments {
	long n;
	double mean;
	double m2; /* sum of squared deviations from the mean */
} qv_moments;

void qv_moments_add(qv_moments *m, double x);
/* The sample standard deviation (divisor n - 1); 0 for fewer than two values. */
double qv_moments_sd(const qv_moments *m);
/* The 95% confidence interval of the mean, mean +- t(0.975, n - 1) * sd / sqrt(n) (Student's
 * t). With fewer than two values nothing is known: [-inf, +inf]. */
qv_interval qv_moments_ci95(const qv_moments *m);

/* The 0.975 quantile of Student's t distribution with df degrees of freedom (df >= 1): exact
 * to 9 digits up to 30, then the Cornish-Fisher expansion (error below 1e-7). */
double qv_t975(long df);

/* The Wilson score interval of a proportion with `successes` out of n trials at normal
 * quantile z (QV_Z95 for 95%). successes may be fractional (a draw counting half). n <= 0
 * gives [0, 1]. Unlike p +- z*se it stays inside [0, 1] and is not empty at 0 or n. */
qv_interval qv_wilson(double successes, double n, double z);

/* The Elo difference of a player who scores the fraction s (wins plus half the draws, over
 * games) against an opponent: 400 * log10(s / (1 - s)). Returns -INFINITY for s <= 0 and
 * +INFINITY for s >= 1. */
double qv_elo(double s);
/* x limited to [-QV_ELO_LIMIT, QV_ELO_LIMIT] (infinities included). */
double qv_elo_clamp(double x);
/* The Elo interval of a score interval (Elo is increasing in s), limited by qv_elo_clamp. */
qv_interval qv_elo_interval(qv_interval s);

/* The standard normal distribution function, P(Z <= x). */
double qv_normal_cdf(double x);
/* The two-sided p-value of a standard normal statistic z: P(|Z| >= |z|). 0 for an infinite z,
 * NAN for NAN. */
double qv_p_two_sided(double z);
/* The two-sided p-value of Student's t statistic t with df degrees of freedom (df > 0, not
 * necessarily whole): P(|T| >= |t|), from the regularized incomplete beta function
 * I_{df/(df+t^2)}(df/2, 1/2). 0 for an infinite t, NAN for NAN or df <= 0. */
double qv_t_p_two_sided(double t, double df);

/* The interval of the difference p1 - p2 of two independent proportions (x1 successes out of
 * n1 trials against x2 out of n2; fractional successes allowed) by Newcombe's hybrid score
 * method (method 10 of Newcombe 1998), built from the two Wilson intervals at z: it keeps to
 * [-1, 1], is not empty when a proportion is 0 or 1, and covers well for small samples.
 * [-1, 1] when n1 or n2 is not positive. */
qv_interval qv_newcombe(double x1, double n1, double x2, double n2, double z);

/* The difference of the means of two samples, a minus b, with Welch's 95% interval. */
typedef struct qv_welch_result {
	double d;       /* a's mean minus b's */
	double se;      /* sqrt(var_a / n_a + var_b / n_b) */
	double df;      /* the Welch-Satterthwaite degrees of freedom (NAN when se is 0) */
	qv_interval ci; /* d +- qv_t975(floor(df)) * se */
} qv_welch_result;

/* Welch's interval for unequal variances. The degrees of freedom are rounded down for
 * qv_t975, which widens the interval a little (at most the step between two table rows). A
 * sample of fewer than two values leaves the variance unknown: se and the interval are
 * infinite (d is NAN when a sample is empty). When both variances are 0 the interval is the
 * point d. */
qv_welch_result qv_welch(const qv_moments *a, const qv_moments *b);

/* The Benjamini-Hochberg procedure at false discovery rate q over p[0 .. n): flagged[i] is
 * set when p[i] is among the discoveries, that is p[i] <= p(k) for the largest k with
 * p(k) <= k * q / m, where p(1) <= ... <= p(m) are the m values that are not NAN. A NAN
 * p-value is no test: never flagged and not counted in m. Returns how many are flagged. No
 * allocation: quadratic in n, meant for the few hundred tests of a study. */
int qv_benjamini_hochberg(const double *p, int n, double q, bool *flagged);

#endif
