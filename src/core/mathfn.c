/*
 * mathfn.c - ln and exp with the same bits everywhere (mathfn.h). Both reduce their argument
 * exactly (frexp and ldexp change the exponent only) and evaluate a series with constants
 * written out in full, by multiplications and additions in a fixed order: IEEE 754 rounds each
 * of those the same on every machine, as long as none is fused (quiver is compiled without
 * -ffast-math, and C11 mode does not contract a*b+c into a fused multiply-add).
 */
#include <math.h>

#include "core/mathfn.h"

/* ln 2 split for the exact reduction of exp (Cody and Waite): the high part has trailing
 * zeros, so that k * LN2_HI is exact for |k| < 2^11. */
#define LN2_HI 6.93147180369123816490e-01
#define LN2_LO 1.90821492927058770002e-10
#define LN2    0.69314718055994530942

/* 2 / (2j + 1) for j = 0..15: the coefficients of 2 atanh(s) = ln((1 + s) / (1 - s)). */
static const double atanh_c[16] = {
    2.0,      2.0 / 3,  2.0 / 5,  2.0 / 7,  2.0 / 9,  2.0 / 11, 2.0 / 13, 2.0 / 15,
    2.0 / 17, 2.0 / 19, 2.0 / 21, 2.0 / 23, 2.0 / 25, 2.0 / 27, 2.0 / 29, 2.0 / 31,
};

/* x = m 2^e with m in [1/sqrt 2, sqrt 2), ln m = 2 atanh(s) with s = (m - 1) / (m + 1), |s| <
 * 0.172: sixteen terms of the series leave an error below 1e-25. */
double qv__log(double x)
{
	int e;
	double m = frexp(x, &e);
	if (m < 0.70710678118654752440) {
		m *= 2;
		e--;
	}
	double s = (m - 1) / (m + 1), s2 = s * s, sum = atanh_c[15];
	for (int j = 14; j >= 0; j--)
		sum = sum * s2 + atanh_c[j];
	return sum * s + e * LN2;
}

/* 1 / j! for j = 0..20: e^r = sum r^j / j!, |r| <= ln 2 / 2 after the reduction, 21 terms
 * leaving an error below 1e-26. */
static const double fact_inv[21] = {
    1.0,
    1.0,
    1.0 / 2,
    1.0 / 6,
    1.0 / 24,
    1.0 / 120,
    1.0 / 720,
    1.0 / 5040,
    1.0 / 40320,
    1.0 / 362880,
    1.0 / 3628800,
    1.0 / 39916800,
    1.0 / 479001600,
    1.0 / 6227020800,
    1.0 / 87178291200,
    1.0 / 1307674368000,
    1.0 / 20922789888000,
    1.0 / 355687428096000,
    1.0 / 6402373705728000,
    1.0 / 121645100408832000,
    1.0 / 2432902008176640000,
};

/* x = k ln 2 + r, e^x = 2^k e^r. */
double qv__exp(double x)
{
	if (x > 709)
		return INFINITY;
	if (x < -745)
		return 0;
	double k = floor(x / LN2 + 0.5);
	double r = (x - k * LN2_HI) - k * LN2_LO, sum = fact_inv[20];
	for (int j = 19; j >= 0; j--)
		sum = sum * r + fact_inv[j];
	return ldexp(sum, (int)k);
}
