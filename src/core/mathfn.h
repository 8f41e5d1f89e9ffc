/*
 * mathfn.h - the logarithm and the exponential that the search and the games' heuristics
 * decide with, computed here with the four operations of IEEE 754 alone, in a fixed order, so
 * that they give the same bits on every machine and C library: the C library's exp and log
 * are not rounded the same way everywhere (glibc's and the ones a browser's WebAssembly uses
 * differ in the last bit for some arguments), and a search that compares two values that close
 * would then choose differently in a browser than in `quiver` (tests/app/parity.mjs). Accurate
 * to a few units in the last place, as fast as the C library's where the search calls them.
 */
#ifndef QUIVER_CORE_MATHFN_H
#define QUIVER_CORE_MATHFN_H

#include <stdint.h>

/* ln(x) for a finite x > 0. */
double qv__log(double x);

/* e^x for a finite x (0 below -745, infinity above 709). */
double qv__exp(double x);

#endif
