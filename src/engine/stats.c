/*
 * stats.c - means with Student's t intervals, Wilson intervals and Elo differences for the
 * arena (see stats.h).
 */
#include <math.h>

#include "quiver/stats.h"

/* Welford's update: the mean and the sum of squared deviations without cancellation. */
void qv_moments_add(qv_moments *m, double x)
{
	m->n++;
	double d = x - m->mean;
	m->mean += d / (double)m->n;
	m->m2 += d * (x - m->mean);
}

double qv_moments_sd(const qv_moments *m)
{
	if (m->n < 2)
		return 0;
	double var = m->m2 / (double)(m->n - 1);
	return var > 0 ? sqrt(var) : 0;
}

qv_interval qv_moments_ci95(const qv_moments *m)
{
	if (m->n < 2)
		return (qv_interval){-INFINITY, INFINITY};
	double half = qv_t975(m->n - 1) * qv_moments_sd(m) / sqrt((double)m->n);
	return (qv_interval){m->mean - half, m->mean + half};
}

/* Small samples use a table (the expansion below is poor for a few degrees of freedom);
 * larger ones the Cornish-Fisher expansion of t around the normal quantile, whose terms up
 * to 1/df^4 are accurate to 3e-8 from df = 31 on. */
double qv_t975(long df)
{
	static const double table[30] = {
	    12.706204736, 4.302652730, 3.182446305, 2.776445105, 2.570581836, 2.446911851,
	    2.364624252,  2.306004135, 2.262157163, 2.228138852, 2.200985160, 2.178812830,
	    2.160368656,  2.144786688, 2.131449546, 2.119905299, 2.109815578, 2.100922040,
	    2.093024054,  2.085963447, 2.079613845, 2.073873068, 2.068657610, 2.063898562,
	    2.059538553,  2.055529439, 2.051830516, 2.048407142, 2.045229642, 2.042272456,
	};
	if (df < 1)
		return INFINITY;
	if (df <= 30)
		return table[df - 1];
	double z = QV_Z95, v = (double)df;
	double z2 = z * z, z3 = z2 * z, z5 = z3 * z2, z7 = z5 * z2, z9 = z7 * z2;
	return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v) +
	       (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v) +
	       (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * v * v * v * v);
}

/* The centre moves towards 1/2 and the width never collapses at 0 or n successes, which is
 * what makes the interval trustworthy for small samples and lopsided results. */
qv_interval qv_wilson(double successes, double n, double z)
{
	if (n <= 0)
		return (qv_interval){0, 1};
	double p = successes / n;
	double z2 = z * z;
	double denom = 1 + z2 / n;
	double centre = (p + z2 / (2 * n)) / denom;
	double rad = p * (1 - p) / n + z2 / (4 * n * n);
	double half = z / denom * sqrt(rad > 0 ? rad : 0);
	double lo = centre - half, hi = centre + half;
	return (qv_interval){lo < 0 ? 0 : lo, hi > 1 ? 1 : hi};
}

double qv_elo(double s)
{
	if (!(s > 0))
		return -INFINITY;
	if (s >= 1)
		return INFINITY;
	return 400 * log10(s / (1 - s));
}

double qv_elo_clamp(double x)
{
	if (x < -QV_ELO_LIMIT)
		return -QV_ELO_LIMIT;
	if (x > QV_ELO_LIMIT)
		return QV_ELO_LIMIT;
	return x;
}

qv_interval qv_elo_interval(qv_interval s)
{
	return (qv_interval){qv_elo_clamp(qv_elo(s.lo)), qv_elo_clamp(qv_elo(s.hi))};
}
