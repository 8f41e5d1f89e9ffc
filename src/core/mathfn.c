/*
 * mathfn.c - ln and exp with the same bits everywhere (mathfn.h). Both reduce their argument
 * exactly (frexp, ldexp and a product by a power of two change the exponent only) and evaluate
 * a series with constants written out in full, by multiplications and additions in a fixed order:
 * IEEE 754 rounds each of those the same on every machine, as long as none is fused (quiver is
 * compiled without -ffast-math, and C11 mode does not contract a*b+c into a fused multiply-add).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/mathfn.h"

#define LN2 0.69314718055994530942

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

/* 2^(j/32) for j = 0..31, each the double nearest to it, and ln 2 / 32 split for the exact
 * reduction (Cody and Waite): the high part's 38 bits times any k of the range are exact. */
static const double exp2_32[32] = {
    0x1.0000000000000p+0, 0x1.059b0d3158574p+0, 0x1.0b5586cf9890fp+0, 0x1.11301d0125b51p+0,
    0x1.172b83c7d517bp+0, 0x1.1d4873168b9aap+0, 0x1.2387a6e756238p+0, 0x1.29e9df51fdee1p+0,
    0x1.306fe0a31b715p+0, 0x1.371a7373aa9cbp+0, 0x1.3dea64c123422p+0, 0x1.44e086061892dp+0,
    0x1.4bfdad5362a27p+0, 0x1.5342b569d4f82p+0, 0x1.5ab07dd485429p+0, 0x1.6247eb03a5585p+0,
    0x1.6a09e667f3bcdp+0, 0x1.71f75e8ec5f74p+0, 0x1.7a11473eb0187p+0, 0x1.82589994cce13p+0,
    0x1.8ace5422aa0dbp+0, 0x1.93737b0cdc5e5p+0, 0x1.9c49182a3f090p+0, 0x1.a5503b23e255dp+0,
    0x1.ae89f995ad3adp+0, 0x1.b7f76f2fb5e47p+0, 0x1.c199bdd85529cp+0, 0x1.cb720dcef9069p+0,
    0x1.d5818dcfba487p+0, 0x1.dfc97337b9b5fp+0, 0x1.ea4afa2a490dap+0, 0x1.f50765b6e4540p+0,
};
#define LN2_32_HI  0x1.62e42fefa0000p-6
#define LN2_32_LO  0x1.cf79abc9e3b3ap-45
#define INV_LN2_32 0x1.71547652b82fep+5

/* x = (32k + j) ln 2 / 32 + r with |r| <= ln 2 / 64, e^x = 2^k 2^(j/32) e^r, e^r by six terms
 * of its series (an error below 1e-17): as fast as the C library's exp, which the search's
 * evaluations call. */
double qv__exp(double x)
{
	if (x > 709)
		return INFINITY;
	if (x < -745)
		return 0;
	double n = floor(x * INV_LN2_32 + 0.5);
	double r = (x - n * LN2_32_HI) - n * LN2_32_LO;
	long long kj = (long long)n, j = kj & 31, k = (kj - j) / 32;
	double p =
	    1 + r * (1 + r * (0.5 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120 + r / 720)))));
	double y = exp2_32[j] * p;
	if (k < -1021) /* below the normal range: ldexp rounds once */
		return ldexp(y, (int)k);
	uint64_t bits = (uint64_t)(k + 1023) << 52;
	double scale;
	memcpy(&scale, &bits, sizeof scale);
	return y * scale;
}
