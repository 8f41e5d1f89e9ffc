/*
 * deck.h - the card games' decks and hands (ConCardia, Evons; internal: not a public header).
 *
 * A card is a byte id (a card id or a kind). A deck is an array of ids with its top at
 * deck[ndeck - 1] and zeros above it; a hand and the decklist are counts by id (hand[id],
 * owned[id]). A determinization deals a pool of the ids a viewer cannot place, shuffled, into
 * the hands and decks that viewer cannot see.
 */
#ifndef QUIVER_GAMES_DECK_H
#define QUIVER_GAMES_DECK_H

#include <stdint.h>

#include "quiver/core.h"

/* A player's deck from a decklist of n ids: owned[id] counts them (owned starts at zero), and
 * the deck is the list, shuffled with rng first unless rng is NULL, with list[0] on top. */
void qv__deck_setup(uint8_t *list, int n, uint8_t *owned, uint8_t *deck, uint8_t *ndeck,
                    qv_rng *rng);

/* Moves the top card of the deck into the hand; returns its id, or -1 when the deck is empty. */
int qv__deck_draw(uint8_t *deck, uint8_t *ndeck, uint8_t *hand, uint8_t *nhand);

/* Writes count[id] copies of each id < nids to pool, in id order, at most max in all; returns
 * how many. */
int qv__deck_pool(const int *count, int nids, uint8_t *pool, int max);

/* Deals pool[*at ...] (n ids in all): a hand of nhand cards, counted by id into hand (cleared
 * first), or a deck of ndeck cards (its unused slots cleared). Stops early when the pool runs
 * out. */
void qv__deck_deal_hand(const uint8_t *pool, int n, int *at, uint8_t *hand, int nids, int nhand);
void qv__deck_deal_deck(const uint8_t *pool, int n, int *at, uint8_t *deck, int cap, int ndeck);

#endif
