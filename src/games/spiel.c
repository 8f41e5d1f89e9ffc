/*
 * spiel.c - what the games' parts of the spiel API (spiel.h) share: a sparse observation
 * sorted, a deal's segment added, cards counted, a pile sorted and a hand dealt (the card
 * games'), a parameter set. Each game's part is found by
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

void qv__deal_count(const uint8_t *cards, int n, uint16_t *pool)
{
	for (int i = 0; i < n; i++)
		pool[cards[i]]++;
}

void qv__deal_sort_pile(uint8_t *pile, int n)
{
	uint16_t count[QV__DEAL_IDS] = {0};
	qv__deal_count(pile, n, count);
	int at = 0;
	for (int c = 0; c < QV__DEAL_IDS; c++)
		for (int i = 0; i < count[c]; i++)
			pile[at++] = (uint8_t)c;
}

int qv__deal_to_hand(const qv__deal_seg *g, const uint8_t *dealt, uint8_t *hand, int nids,
                     uint8_t *pile, int npile, int cap)
{
	int rest[QV__DEAL_IDS];
	for (int c = 0; c < nids; c++)
		rest[c] = g->pool[c];
	for (int i = 0; i < npile; i++)
		rest[pile[i]]--; /* rest: the cards the game drew */
	for (int c = 0; c < nids; c++)
		hand[c] = (uint8_t)(hand[c] - rest[c]);
	for (int c = 0; c < nids; c++)
		rest[c] = g->pool[c];
	for (int i = 0; i < g->n; i++) {
		hand[dealt[i]]++;
		rest[dealt[i]]--;
	}
	int n = 0;
	for (int c = 0; c < nids; c++)
		for (int i = 0; i < rest[c]; i++)
			pile[n++] = (uint8_t)c;
	memset(pile + n, 0, (size_t)(cap - n));
	return n;
}

qv_status qv__spiel_param(const qv_params *given, qv_params *out, const char *key,
                          const char *value, qv_err *err)
{
	*out = *given;
	return qv_params_set(out, key, value, err);
}
