/*
 * find32.h - where a 32-bit value stands in an unsorted array, eight compared at a time (the
 * compiler's vectors, SSE2 on x86-64): the search looks for each child of a node among the
 * legal actions it listed (src/ai/mcts_select.c), too often to index them first (internal: not a
 * public header).
 */
#ifndef QUIVER_CORE_FIND32_H
#define QUIVER_CORE_FIND32_H

#include <stdint.h>
#include <string.h>

/* The position of x in a[0..n), or -1. */
static inline int qv__find32(const int32_t *a, int n, int32_t x)
{
	typedef int32_t v4 __attribute__((vector_size(16)));
	int i = 0;
	for (v4 key = {x, x, x, x}; i + 8 <= n; i += 8) {
		v4 p, q;
		memcpy(&p, a + i, sizeof p);
		memcpy(&q, a + i + 4, sizeof q);
		v4 hit = (p == key) | (q == key);
		if (hit[0] | hit[1] | hit[2] | hit[3])
			break;
	}
	for (; i < n; i++)
		if (a[i] == x)
			return i;
	return -1;
}

#endif
