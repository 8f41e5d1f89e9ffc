/*
 * spiel.c - what the games' parts of the spiel API (spiel.h) share: a sparse observation
 * sorted, a deal's segment added, a parameter set. Each game's part is found by
 * qv__spiel_game_of (spiel_parts.c), kept apart so that no file both calls the games' parts
 * and is called by them.
 */
#include <stdlib.h>
#include <string.h>

#include "games/spiel.h"

static int cmp_slot(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;
	return (*x > *y) - (*x < *y);
}

void qv__obs_finish(qv__obs *o)
{
	if (o->dense || !o->unsorted || o->n < 2)
		return;
	/* slot and value side by side, sorted by slot */
	int64_t *pair = malloc(sizeof *pair * (size_t)o->n);
	if (!pair) {
		o->failed = true;
		return;
	}
	for (int i = 0; i < o->n; i++) {
		uint32_t bits;
		memcpy(&bits, &o->val[i], sizeof bits);
		pair[i] = (int64_t)o->idx[i] << 32 | bits;
	}
	qsort(pair, (size_t)o->n, sizeof *pair, cmp_slot);
	for (int i = 0; i < o->n; i++) {
		uint32_t bits = (uint32_t)pair[i];
		o->idx[i] = (int32_t)(pair[i] >> 32);
		memcpy(&o->val[i], &bits, sizeof bits);
	}
	free(pair);
	o->unsorted = false;
}

qv__deal_seg *qv__deal_add(qv__deal *d, int seat, int mode, int pile, int n)
{
	qv__deal_seg *g = &d->seg[d->nseg++];
	memset(g, 0, sizeof *g);
	g->seat = (int8_t)seat;
	g->mode = (uint8_t)mode;
	g->pile = (uint8_t)pile;
	g->n = (uint16_t)n;
	return g;
}

qv_status qv__spiel_param(const qv_params *given, qv_params *out, const char *key,
                          const char *value, qv_err *err)
{
	*out = *given;
	return qv_params_set(out, key, value, err);
}
