/*
 * deck.c - the card games' decks and hands: set-up from a decklist, the draw, and the pool a
 * determinization deals from (see deck.h).
 */
#include <string.h>

#include "games/deck.h"

void qv__deck_setup(uint8_t *list, int n, uint8_t *owned, uint8_t *deck, uint8_t *ndeck,
                    qv_rng *rng)
{
	for (int i = 0; i < n; i++)
		owned[list[i]]++;
	if (rng)
		qv_shuffle_bytes(list, n, rng);
	for (int i = 0; i < n; i++)
		deck[i] = list[n - 1 - i];
	*ndeck = (uint8_t)n;
}

int qv__deck_draw(uint8_t *deck, uint8_t *ndeck, uint8_t *hand, uint8_t *nhand)
{
	if (*ndeck == 0)
		return -1;
	int id = deck[--*ndeck];
	deck[*ndeck] = 0;
	hand[id]++;
	++*nhand;
	return id;
}

int qv__deck_pool(const int *count, int nids, uint8_t *pool, int max)
{
	int n = 0;
	for (int id = 0; id < nids; id++)
		for (int i = 0; i < count[id] && n < max; i++)
			pool[n++] = (uint8_t)id;
	return n;
}

void qv__deck_deal_hand(const uint8_t *pool, int n, int *at, uint8_t *hand, int nids, int nhand)
{
	memset(hand, 0, (size_t)nids);
	for (int i = 0; i < nhand && *at < n; i++)
		hand[pool[(*at)++]]++;
}

void qv__deck_deal_deck(const uint8_t *pool, int n, int *at, uint8_t *deck, int cap, int ndeck)
{
	memset(deck, 0, (size_t)cap);
	for (int i = 0; i < ndeck && *at < n; i++)
		deck[i] = pool[(*at)++];
}
