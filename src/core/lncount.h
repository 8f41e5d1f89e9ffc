/*
 * lncount.h - the natural logarithm of a whole count, for a hot loop: the search's UCB takes
 * one per legal child at every visit (src/ai/mcts_select.c), where the C library's log was a tenth
 * of an iteration. Below QV__LN_TABLE it is a table of core's own logarithm (mathfn.h: the
 * same bits in every build, WebAssembly's included); past it, n = m * 2^e + r with m in the
 * table's top half, so ln n = e ln 2 + ln m + ln(1 + x) with x = r / (m * 2^e) < 2^-11, whose
 * series to x^4 is within a unit in the last place (internal: not a public header).
 */
#ifndef QUIVER_CORE_LNCOUNT_H
#define QUIVER_CORE_LNCOUNT_H

#include <math.h>
#include <stdint.h>

#define QV__LN_TABLE 4096

extern double qv__ln_table[QV__LN_TABLE];

/* Fills the table, once whatever the threads that call it: before the first qv__ln_count. */
void qv__ln_init(void);

/* ln(n) for n >= 1. */
static inline double qv__ln_count(uint32_t n)
{
	if (n < QV__LN_TABLE)
		return qv__ln_table[n];
	int e = 20 - __builtin_clz(n); /* 31 - clz - 11: m = n >> e has 12 bits */
	uint32_t m = n >> e;
	double x = (double)(n - (m << e)) / (double)(m << e);
	return e * 0.693147180559945309417 + qv__ln_table[m] +
	       x * (1 - x * (0.5 - x * (1.0 / 3 - x * 0.25)));
}

#endif
