/*
 * rng.h - the generator's step and its draw below n (core.c's qv_rng_next and qv_rng_below) as
 * inline functions, for the games' samplers, which draw once at every decision of a random
 * playout and would otherwise pay a call for a dozen instructions. Internal to quiver: not a
 * public header. The same numbers as the public functions, which are built from these.
 */
#ifndef QUIVER_CORE_RNG_H
#define QUIVER_CORE_RNG_H

#include "quiver/core.h"

/* xoshiro256** (Blackman and Vigna): the next 64 bits. */
static inline uint64_t qv__rng_next(qv_rng *r)
{
	uint64_t *s = r->s;
	uint64_t x = s[1] * 5, result = ((x << 7) | (x >> 57)) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return result;
}

/* Uniform in [0, n) for n >= 1, by Lemire's multiply-and-reject: unbiased and nearly always a
 * single multiplication. */
static inline uint32_t qv__rng_below(qv_rng *r, uint32_t n)
{
	uint64_t m = (uint64_t)(uint32_t)(qv__rng_next(r) >> 32) * n;
	uint32_t low = (uint32_t)m;
	if (low < n) {
		uint32_t threshold = (uint32_t)(-n) % n;
		while (low < threshold) {
			m = (uint64_t)(uint32_t)(qv__rng_next(r) >> 32) * n;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

#endif
