/*
 * stats.h - the statistics of the arena: running means with Student's t confidence intervals,
 * Wilson score intervals for proportions, and Elo differences from score fractions.
 *
 * Pure functions over plain values: no allocation, no global state, safe from any thread.
 * Every interval is a 95% interval (two-sided), the level the arena reports.
 */
#ifndef QUIVER_STATS_H
#define QUIVER_STATS_H

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

#endif
