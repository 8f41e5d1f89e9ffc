/*
 * deck.c - the card games' decks and hands: set-up from a decklist, the draw, the pool a
 * determinization deals from, and a hand and deck read from state JSON (the players' array)
 * and checked against the decklist, and written to it as a view shows them (see deck.h).
 */
#include <stdio.h>
#include <string.h>

#include "games/check.h"
#include "games/deck.h"

void qv__deck_setup(uint8_t *list, int n, uint8_t *owned, uint8_t *deck, uint8_t *ndeck,
                    qv_rng *rng)
{
	if (rng)
		qv_shuffle_bytes(list, n, rng);
	for (int i = 0; i < n; i++) { /* one pass: the list counted and turned over */
		uint8_t id = list[n - 1 - i];
		owned[id]++;
		deck[i] = id;
	}
	*ndeck = (uint8_t)n;
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

qv_status qv__deck_read_player(const json_t *o, int p, const char *const *keys,
                               const qv__deck_cards *z, qv__json_id_fn get, const void *ctx,
                               char what[32], bool *deck_given, qv_err *err)
{
	uint8_t list[UINT8_MAX];
	int n, max = z->cap > UINT8_MAX ? UINT8_MAX : z->cap;
	qv_status rc;
	snprintf(what, 32, "players[%d]", p);
	if (!json_is_object(o))
		return qv_fail(err, QV_EINVAL, "%s must be an object", what);
	if ((rc = qv__json_check_keys(o, what, keys, err)) ||
	    (rc = qv__json_get_ids(o, "hand", what, max, get, ctx, list, &n, err)))
		return rc;
	for (int i = 0; i < n; i++)
		z->hand[list[i]]++;
	*z->nhand = (uint8_t)n;
	*deck_given = json_object_get(o, "deck") != NULL;
	if ((rc = qv__json_get_ids(o, "deck", what, max, get, ctx, list, &n, err)))
		return rc;
	for (int i = 0; i < n; i++)
		z->deck[i] = list[n - 1 - i];
	*z->ndeck = (uint8_t)n;
	for (int k = 0; k < 2; k++) {
		if ((rc = qv__json_get_ids(o, z->piles[k].key, what, max, get, ctx,
		                           z->piles[k].cards, &n, err)))
			return rc;
		*z->piles[k].n = (uint8_t)n;
	}
	return QV_OK;
}

qv_status qv__deck_read_players(const json_t *j, qv__deck_player_fn load, void *s, bool given[2],
                                qv_err *err)
{
	json_t *players = json_object_get(j, "players");
	qv_status rc;
	given[0] = given[1] = false;
	if (players && (!json_is_array(players) || json_array_size(players) != 2))
		return qv_fail(err, QV_EINVAL, "state.players must be an array of 2 players");
	for (int p = 0; players && p < 2; p++)
		if ((rc = load(s, p, json_array_get(players, (size_t)p), &given[p], err)))
			return rc;
	return QV_OK;
}

json_t *qv__deck_put_cards(json_t *o, const uint8_t *hand, int nids, bool show_hand,
                           const uint8_t *deck, int ndeck, bool show_deck,
                           const char *(*name)(const void *ctx, int id), const void *ctx)
{
	if (show_hand) {
		json_t *a = json_array();
		for (int id = 0; id < nids; id++)
			for (int i = 0; i < hand[id]; i++)
				a = qv__json_push(a, json_string(name(ctx, id)));
		o = qv__json_put(o, "hand", a);
	}
	if (show_deck) {
		json_t *a = json_array();
		for (int i = ndeck - 1; i >= 0; i--)
			a = qv__json_push(a, json_string(name(ctx, deck[i])));
		o = qv__json_put(o, "deck", a);
	}
	return o;
}

void qv__deck_text_cards(qv__jw *w, const uint8_t *hand, int nids, bool show_hand,
                         const uint8_t *deck, int ndeck, bool show_deck,
                         const char *(*name)(const void *ctx, int id), const void *ctx)
{
	if (show_hand) {
		qv__jw_open(w, "hand", '[');
		for (int id = 0; id < nids; id++)
			for (int i = 0; i < hand[id]; i++)
				qv__jw_str(w, NULL, name(ctx, id));
		qv__jw_close(w, ']');
	}
	if (show_deck) {
		qv__jw_open(w, "deck", '[');
		for (int i = ndeck - 1; i >= 0; i--)
			qv__jw_str(w, NULL, name(ctx, deck[i]));
		qv__jw_close(w, ']');
	}
}

/* Player p's part of qv__deck_settle. */
static qv_status settle(int p, const int *placed, const uint8_t *owned, int nids, bool deck_given,
                        uint8_t *deck, uint8_t *ndeck, const char *where,
                        const char *(*id_name)(const void *ctx, int id), const void *ctx,
                        qv_err *err)
{
	int in_deck[UINT8_MAX + 1] = {0};
	for (int i = 0; deck_given && i < *ndeck; i++)
		in_deck[deck[i]]++;
	/* first a card placed too often, anywhere: the worse mistake, said whatever its id */
	for (int id = 0; id < nids; id++)
		if (placed[id] + in_deck[id] > owned[id])
			return qv_fail(err, QV_EINVAL,
			               "p%d has %d x %s %s%s, but its decklist (deck%d) holds %d",
			               p + 1, placed[id] + in_deck[id], id_name(ctx, id), where,
			               deck_given ? ", deck included" : "", p + 1, owned[id]);
	for (int id = 0; deck_given && id < nids; id++)
		if (placed[id] + in_deck[id] < owned[id])
			return qv_fail(
			    err, QV_EINVAL,
			    "players[%d].deck: p%d's decklist (deck%d) holds %d x %s but "
			    "the state places only %d (leave out players[%d].deck to put "
			    "the rest there)",
			    p, p + 1, p + 1, owned[id], id_name(ctx, id), placed[id] + in_deck[id],
			    p);
	if (!deck_given) {
		int n = 0;
		for (int id = nids - 1; id >= 0; id--)
			for (int i = placed[id]; i < owned[id]; i++)
				deck[n++] = (uint8_t)id;
		*ndeck = (uint8_t)n;
	}
	return QV_OK;
}

qv_status qv__deck_settle(void *s, const bool given[2], qv__deck_cards_fn cards,
                          qv__deck_placed_fn placed, int nids, const char *where,
                          const char *(*id_name)(const void *ctx, int id), const void *ctx,
                          qv_err *err)
{
	for (int p = 0; p < 2; p++) {
		int count[UINT8_MAX + 1];
		qv__deck_cards z = cards(s, p);
		placed(s, p, count);
		qv_status rc = settle(p, count, z.owned, nids, given[p], z.deck, z.ndeck, where,
		                      id_name, ctx, err);
		if (rc)
			return rc;
	}
	return QV_OK;
}

qv_status qv__deck_check_pile(int p, const char *name, const uint8_t *pile, int n, int cap,
                              int nids, qv_err *why)
{
	if (n > cap || !qv__all_zero(pile + n, (size_t)(cap - n)))
		return qv_fail(why, QV_EINVAL,
		               "p%d's %s holds %d cards, its slots beyond are not zero", p + 1,
		               name, n);
	for (int i = 0; i < n; i++)
		if (pile[i] >= nids)
			return qv_fail(why, QV_EINVAL, "p%d's %s[%d] is card %d of %d", p + 1, name,
			               i, pile[i], nids);
	return QV_OK;
}

qv_status qv__deck_check_counts(int p, const uint8_t *owned, const uint8_t *hand, int room,
                                int (*most)(const void *ctx, int id), const void *ctx, int decklen,
                                int lo, int hi, int nhand, qv_err *why)
{
	int listed = 0, held = 0;
	for (int id = 0; id < room; id++) {
		int at_most = most(ctx, id);
		if (owned[id] > at_most || hand[id] > owned[id])
			return qv_fail(
			    why, QV_EINVAL,
			    "p%d's decklist holds %d of card %d (at most %d) and the hand "
			    "%d",
			    p + 1, owned[id], id, at_most, hand[id]);
		listed += owned[id];
		held += hand[id];
	}
	if (listed != decklen || listed < lo || listed > hi)
		return qv_fail(why, QV_EINVAL,
		               "p%d's decklist holds %d cards, decklen says %d (%d-%d)", p + 1,
		               listed, decklen, lo, hi);
	if (held != nhand)
		return qv_fail(why, QV_EINVAL, "p%d's hand holds %d cards, nhand says %d", p + 1,
		               held, nhand);
	return QV_OK;
}
