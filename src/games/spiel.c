/*
 * spiel.c - what the games' parts of the spiel API (spiel.h) share: a sparse observation
 * sorted, a deal's segment added, cards counted, a pile sorted and a hand dealt, the two card
 * games' (ConCardia's and Evons') hands and decks dealt, sorted and arranged and the head of
 * their scalars observed and named, a parameter set. Each game's part is found by
 * qv__spiel_game_of (spiel_parts.c), kept apart so that no file both calls the games' parts
 * and is called by them.
 */
#include <stdio.h>
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

const char *const qv__spiel_two[2] = {"me", "opp"};
const char *const qv__spiel_to_move_names[4] = {"me", "opp", "chance", "over"};

qv_status qv__spiel_setup_decks(const qv_params *given, qv_params *game, unsigned *flags,
                                qv_err *err)
{
	const char *v = qv_params_get(given, "shuffle");
	bool shuffle = !v || qv_streq_nocase(v, "true");
	*flags = shuffle ? QV__DEAL_PILES : 0;
	return qv__spiel_param(given, game, "shuffle", v && !shuffle ? v : "false", err);
}

int qv__spiel_deal_cards(const void *before, const void *after, qv__deck_cards_fn cards,
                         const uint16_t (*back)[QV__DEAL_IDS], unsigned flags, qv__deal *d)
{
	d->nseg = 0;
	if (!(flags & QV__DEAL_PILES))
		return 0;
	for (int p = 0; p < 2; p++) {
		qv__deck_cards now = cards(after, p);
		if (!before) {
			/* the opening hand, from the whole decklist */
			qv__deal_seg *g = qv__deal_add(d, p, QV__DEAL_SORTED, p, *now.nhand);
			for (int c = 0; c < now.nids; c++)
				g->pool[c] = now.hand[c];
			qv__deal_count(now.deck, *now.ndeck, g->pool);
			continue;
		}
		qv__deck_cards was = cards(before, p);
		int nb = 0;
		for (int c = 0; back && c < now.nids; c++)
			nb += back[p][c];
		int drawn = *was.ndeck + nb - *now.ndeck;
		if (drawn <= 0)
			continue;
		qv__deal_seg *g =
		    qv__deal_add(d, p, drawn > 1 ? QV__DEAL_SORTED : QV__DEAL_ORDERED, p, drawn);
		qv__deal_count(was.deck, *was.ndeck, g->pool);
		for (int c = 0; back && c < now.nids; c++)
			g->pool[c] = (uint16_t)(g->pool[c] + back[p][c]);
	}
	return d->nseg;
}

void qv__spiel_canon_decks(void *st, qv__deck_cards_fn cards, unsigned flags)
{
	for (int p = 0; flags & QV__DEAL_PILES && p < 2; p++) {
		qv__deck_cards h = cards(st, p);
		qv__deal_sort_pile(h.deck, *h.ndeck);
	}
}

void qv__spiel_arrange_cards(void *st, const qv__deal *d, qv__deck_cards_fn cards)
{
	for (int k = 0, at = 0; k < d->nseg; at += d->seg[k++].n) {
		const qv__deal_seg *g = &d->seg[k];
		qv__deck_cards h = cards(st, g->pile);
		*h.ndeck = (uint8_t)qv__deal_to_hand(g, d->card + at, h.hand, h.nids, h.deck,
		                                     *h.ndeck, h.cap);
	}
}

void qv__spiel_card_name(const char *name, int id, char *buf, size_t len)
{
	if (name)
		snprintf(buf, len, "%s", name);
	else
		snprintf(buf, len, "card%d", id);
}

void qv__spiel_put_head(qv__obs *o, int at, int nphases, int viewer, int phase, int active,
                        bool first_known, int first, int turns)
{
	qv__obs_put(o, at + phase, 1);
	qv__obs_put(o, at + nphases + (active != viewer), 1);
	if (first_known)
		qv__obs_put(o, at + nphases + 2 + (first != viewer), 1);
	qv__obs_put(o, at + nphases + 4, turns);
}

void qv__spiel_head_name(int f, const char *const *phases, int nphases, char *buf, size_t len)
{
	if (f < nphases)
		snprintf(buf, len, "phase.%s", phases[f]);
	else if (f < nphases + 2)
		snprintf(buf, len, "active.%s", qv__spiel_two[f - nphases]);
	else if (f < nphases + 4)
		snprintf(buf, len, "first.%s", qv__spiel_two[f - nphases - 2]);
	else
		snprintf(buf, len, "turns");
}
