/*
 * deck.h - the card games' decks and hands (ConCardia, Evons; internal: not a public header).
 *
 * A card is a byte id (a card id or a kind). A deck is an array of ids with its top at
 * deck[ndeck - 1] and zeros above it; a hand and the decklist are counts by id (hand[id],
 * owned[id]). A determinization deals a pool of the ids a viewer cannot place, shuffled, into
 * the hands and decks that viewer cannot see. A state JSON gives a player's hand and deck as
 * lists of ids, the deck top first, and may leave the deck out: it is then the decklist's
 * cards found nowhere else.
 */
#ifndef QUIVER_GAMES_DECK_H
#define QUIVER_GAMES_DECK_H

#include <stdint.h>

#include "games/json_util.h"
#include "quiver/core.h"

/* A player's deck from a decklist of n ids: owned[id] counts them (owned starts at zero), and
 * the deck is the list, shuffled with rng first unless rng is NULL, with list[0] on top. */
void qv__deck_setup(uint8_t *list, int n, uint8_t *owned, uint8_t *deck, uint8_t *ndeck,
                    qv_rng *rng);

/* Moves the top card of the deck into the hand; returns its id, or -1 when the deck is empty.
 * Inline: a turn of either game starts with it. */
static inline int qv__deck_draw(uint8_t *deck, uint8_t *ndeck, uint8_t *hand, uint8_t *nhand)
{
	if (*ndeck == 0)
		return -1;
	int id = deck[--*ndeck];
	deck[*ndeck] = 0;
	hand[id]++;
	++*nhand;
	return id;
}

/* Writes count[id] copies of each id < nids to pool, in id order, at most max in all; returns
 * how many. */
int qv__deck_pool(const int *count, int nids, uint8_t *pool, int max);

/* Deals pool[*at ...] (n ids in all): a hand of nhand cards, counted by id into hand (cleared
 * first), or a deck of ndeck cards (its unused slots cleared). Stops early when the pool runs
 * out. */
void qv__deck_deal_hand(const uint8_t *pool, int n, int *at, uint8_t *hand, int nids, int nhand);
void qv__deck_deal_deck(const uint8_t *pool, int n, int *at, uint8_t *deck, int cap, int ndeck);

/* Where a card game's state keeps a player's cards: the hand counted by id (room for nids
 * ids) and how many cards it holds, the deck (deck[*ndeck - 1] the top, room for cap cards),
 * the decklist counted by id (owned, nids ids), and two piles (ConCardia's discard and victory,
 * Evons' graveyard and removed: their key in the state JSON, their cards in order and their count).
 * Each card game describes them once, in a function of its own (qv__deck_cards_fn), and its JSON
 * and its deal (spiel.h) read and write a player's cards through it. */
typedef struct qv__deck_cards {
	uint8_t *hand, *nhand, *deck, *ndeck, *owned;
	int nids, cap;
	struct {
		const char *key;
		uint8_t *cards, *n;
	} piles[2];
} qv__deck_cards;
typedef qv__deck_cards (*qv__deck_cards_fn)(const void *st, int player);

/* The qv__deck_cards of a card game's player pl, whose fields hand, nhand, deck, ndeck and
 * owned are named as here: room for nids ids and a deck of cap cards, its two piles given as
 * {key, cards, &count} each after them. What each game's function returns (qv__deck_cards_fn). */
#define QV__DECK_CARDS(pl, nids_, cap_, ...)                                                       \
	((qv__deck_cards){.hand = (pl)->hand,                                                      \
	                  .nhand = &(pl)->nhand,                                                   \
	                  .deck = (pl)->deck,                                                      \
	                  .ndeck = &(pl)->ndeck,                                                   \
	                  .owned = (pl)->owned,                                                    \
	                  .nids = (nids_),                                                         \
	                  .cap = (cap_),                                                           \
	                  .piles = {__VA_ARGS__}})

/* Reads player p's object o of a card game's state into its cards z (the hand, which starts
 * at zero, the deck, top first in the text, and the piles), each an array of at most z->cap
 * card ids read by get over ctx (a qv__json_id_fn, which names the failing entry:
 * "players[0].hand[2]"); o is an object with no keys but keys (a NULL-terminated list). what
 * gets o's name ("players[0]") for the caller's messages on the rest, and *deck_given says
 * whether o gave a deck. */
qv_status qv__deck_read_player(const json_t *o, int p, const char *const *keys,
                               const qv__deck_cards *z, qv__json_id_fn get, const void *ctx,
                               char what[32], bool *deck_given, qv_err *err);
/* Reads state j's "players", when given: an array of two objects, player p's read by
 * load(s, p, o, &given[p], err) (qv__deck_read_player and the game's other fields); given[p]
 * says whether p's object gave a deck (false for both without "players"). */
typedef qv_status (*qv__deck_player_fn)(void *s, int p, const json_t *o, bool *deck_given,
                                        qv_err *err);
qv_status qv__deck_read_players(const json_t *j, qv__deck_player_fn load, void *s, bool given[2],
                                qv_err *err);

/* Puts into o a player's cards that a view may hide, as a state JSON gives them: "hand" when
 * show_hand (each id of hand[0..nids), counts by id, as often as counted, lowest id first),
 * then "deck" when show_deck (deck[0..ndeck), the top first); name(ctx, id) names a card.
 * Returns o, or NULL when memory ran out (as qv__json_put). */
json_t *qv__deck_put_cards(json_t *o, const uint8_t *hand, int nids, bool show_hand,
                           const uint8_t *deck, int ndeck, bool show_deck,
                           const char *(*name)(const void *ctx, int id), const void *ctx);
/* The same written as text, byte for byte (a view_text's). */
void qv__deck_text_cards(qv__jw *w, const uint8_t *hand, int nids, bool show_hand,
                         const uint8_t *deck, int ndeck, bool show_deck,
                         const char *(*name)(const void *ctx, int id), const void *ctx);

/* Both players' cards against their decklists, once the whole state is read: player p's
 * (0-based; its decklist is the parameter deck<p + 1>) are cards(s, p), its decklist counted
 * by id in owned, and placed(s, p, placed) counts the cards of each of the nids ids that s puts
 * anywhere but p's deck (`where` says where in words: "on the board, in hand, ..."); given[p]
 * says whether the state gave p's deck, id_name(ctx, id) names a card. No card may be placed
 * more often than the decklist holds; with the deck given, the deck holds exactly the rest, and
 * without it the deck is made of the rest, lowest id on top. A refusal names the player, the
 * card, the counts and what to do. */
typedef void (*qv__deck_placed_fn)(const void *s, int p, int *placed);
qv_status qv__deck_settle(void *s, const bool given[2], qv__deck_cards_fn cards,
                          qv__deck_placed_fn placed, int nids, const char *where,
                          const char *(*id_name)(const void *ctx, int id), const void *ctx,
                          qv_err *err);

/* Player p's decklist and hand, counted by id in rooms of `room` ids (a state's invariant,
 * qv_game.state_ok): no id more often in the decklist than most(ctx, id) allows (0 for an id
 * past the set's), none more often in the hand than in the decklist, the decklist decklen
 * cards in all, from lo to hi, and the hand nhand. */
qv_status qv__deck_check_counts(int p, const uint8_t *owned, const uint8_t *hand, int room,
                                int (*most)(const void *ctx, int id), const void *ctx, int decklen,
                                int lo, int hi, int nhand, qv_err *why);

/* Player p's pile `name` ("deck", "graveyard"): its n card ids in a room of cap bytes are ids
 * below nids, and the slots beyond them zero (a state's invariant, qv_game.state_ok). */
qv_status qv__deck_check_pile(int p, const char *name, const uint8_t *pile, int n, int cap,
                              int nids, qv_err *why);

#endif
