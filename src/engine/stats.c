/*
 * stats.c - means with Student's t intervals, Wilson intervals and Elo differences for the
 * arena, and for the lab the differences of proportions and means, p-values and
 * Benjamini-Hochberg (see stats.h).
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

double qv_normal_cdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }

/* erfc keeps its precision in the tail, where 1 - erf would cancel to 0. */
double qv_p_two_sided(double z)
{
	if (isnan(z))
		return NAN;
	return erfc(fabs(z) / sqrt(2.0));
}

/* The continued fraction of the regularized incomplete beta function I_x(a, b), evaluated by
 * the modified Lentz method; converges fast for x < (a + 1) / (a + b + 2). */
static double beta_fraction(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1);
	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	double h = d;
	for (int m = 1; m <= 500; m++) {
		double aa = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 + aa * d;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
		d = 1 + aa * d;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		double step = d * c;
		h *= step;
		if (fabs(step - 1) < 1e-16)
			break;
	}
	return h;
}

/* I_x(a, b), from the fraction on the side where it converges. */
static double incomplete_beta(double a, double b, double x)
{
	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_fraction(a, b, x) / a;
	return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double qv_t_p_two_sided(double t, double df)
{
	if (isnan(t) || !(df > 0))
		return NAN;
	if (isinf(t))
		return 0;
	return incomplete_beta(df / 2, 0.5, df / (df + t * t));
}

/* Newcombe's method 10: the distance from the difference to each end is the root of the sum
 * of squares of the two Wilson intervals' half-widths on the side that moves the difference
 * that way (p1 down and p2 up for the lower end). The Wilson intervals bring their good
 * coverage near 0 and 1 along; a plain Wald interval collapses there. */
qv_interval qv_newcombe(double x1, double n1, double x2, double n2, double z)
{
	if (!(n1 > 0) || !(n2 > 0))
		return (qv_interval){-1, 1};
	double p1 = x1 / n1, p2 = x2 / n2, d = p1 - p2;
	qv_interval w1 = qv_wilson(x1, n1, z), w2 = qv_wilson(x2, n2, z);
	double lo = d - sqrt((p1 - w1.lo) * (p1 - w1.lo) + (w2.hi - p2) * (w2.hi - p2));
	double hi = d + sqrt((w1.hi - p1) * (w1.hi - p1) + (p2 - w2.lo) * (p2 - w2.lo));
	return (qv_interval){lo < -1 ? -1 : lo, hi > 1 ? 1 : hi};
}

/* Each variance is divided by its own n, so neither sample's spread is assumed to be the
 * other's; the Satterthwaite degrees of freedom then lie between min(n_a, n_b) - 1 and
 * n_a + n_b - 2. */
qv_welch_result qv_welch(const qv_moments *a, const qv_moments *b)
{
	qv_welch_result r;
	r.d = a->n > 0 && b->n > 0 ? a->mean - b->mean : NAN;
	if (a->n < 2 || b->n < 2) {
		r.se = INFINITY;
		r.df = NAN;
		r.ci = (qv_interval){-INFINITY, INFINITY};
		return r;
	}
	double sa = qv_moments_sd(a), sb = qv_moments_sd(b);
	double va = sa * sa / (double)a->n, vb = sb * sb / (double)b->n;
	r.se = sqrt(va + vb);
	if (!(r.se > 0)) {
		r.df = NAN;
		r.ci = (qv_interval){r.d, r.d};
		return r;
	}
	r.df =
	    (va + vb) * (va + vb) / (va * va / (double)(a->n - 1) + vb * vb / (double)(b->n - 1));
	double half = qv_t975((long)floor(r.df)) * r.se;
	r.ci = (qv_interval){r.d - half, r.d + half};
	return r;
}

/* The step-up rule without sorting: the largest p-value whose rank (the number of tests at or
 * below it, so that tied values share the highest rank, as in a sorted list) passes its
 * threshold is the cut, and everything at or below the cut is a discovery. */
int qv_benjamini_hochberg(const double *p, int n, double q, bool *flagged)
{
	int m = 0;
	for (int i = 0; i < n; i++)
		m += !isnan(p[i]);
	double cut = -1;
	for (int i = 0; i < n; i++) {
		if (isnan(p[i]) || p[i] <= cut)
			continue;
		int rank = 0;
		for (int j = 0; j < n; j++)
			rank += !isnan(p[j]) && p[j] <= p[i];
		if (p[i] * m <= rank * q)
			cut = p[i];
	}
	int found = 0;
	for (int i = 0; i < n; i++) {
		flagged[i] = !isnan(p[i]) && p[i] <= cut;
		found += flagged[i];
	}
	return found;
}
