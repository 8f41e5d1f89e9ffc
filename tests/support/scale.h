/*
 * scale.h - how many random games a unit test plays. QV_PROPERTY_SCALE (a positive real: the
 * Makefile sets 0.25 for `make test`'s release run and 0.02 for its sanitizer run) multiplies
 * the count, as it does for the property tests, with a floor so that a scaled run still checks
 * something.
 */
#ifndef QV_TEST_SCALE_H
#define QV_TEST_SCALE_H

#include <stdlib.h>

/* n scaled by QV_PROPERTY_SCALE, at least min (and n when the variable is unset or bad). */
static inline int qv_test_games(int n, int min)
{
	const char *s = getenv("QV_PROPERTY_SCALE");
	char *end;
	double f = s ? strtod(s, &end) : 1.0;
	if (!s || end == s || *end || !(f > 0))
		return n;
	int k = (int)(n * f);
	return k < min ? min : k > n ? n : k;
}

#endif
