/*
 * sight.c - what another player may know of an Evons action (the descriptor's sight), from
 * the game's secrets: a hand, the decks' order and covered cards, which only their owner sees
 * (json.c). An action names a hidden card when it takes one from the mover's hand to a place
 * the viewer cannot see into: a cover, a Growth (a covered card from hand) and a mulligan
 * (cards returned to the deck). Everything else it names is on the board or public: cells,
 * directions, a card played or revealed face up, a block, a card of the graveyard, the coin.
 * The hidden words are those sight.c's comparison of views would find: a word is unknown when
 * another card could stand there for all the viewer knows, that is, when the mover's unseen
 * cards (ev_unseen_kinds: its deck, hand and covered cards) hold another fitting kind.
 */
#include "evons.h"

/* The word naming a covered card (word 1 of cover, word 2 of ability) is unknown when the
 * mover's unseen cards hold another monster than k. */
static uint32_t covered_word(const ev_state *s, int p, int viewer, int k, int word)
{
	int unseen[EV_MAX_KINDS];
	ev_unseen_kinds(s, p, viewer, unseen);
	for (int x = 0; x < ev_T(s)->nmonsters; x++)
		if (x != k && unseen[x] > 0)
			return 1u << word;
	return 0;
}

/* The words of a mulligan of the cards arg names (its fields: kind + 1, up to five) that the
 * viewer cannot know. With shuffle the cards are written in card-table order, so word 1 + i
 * is the i-th smallest of n cards of the mover's hand, any n of its unseen cards for all the
 * viewer knows: it may be anything from the i-th smallest of them to the i-th of the n
 * largest. Without, the cards are in the order named, and each may be any unseen kind. */
static uint32_t mulligan_words(const ev_state *s, int p, int viewer, int arg)
{
	int unseen[EV_MAX_KINDS], nk = ev_T(s)->nkinds, n = 0, total = 0;
	ev_unseen_kinds(s, p, viewer, unseen);
	uint8_t pool[EV_DECK_MAX];
	for (int k = 0; k < nk; k++)
		for (int i = 0; i < unseen[k] && total < EV_DECK_MAX; i++)
			pool[total++] = (uint8_t)k;
	while (n < 5 && (arg >> (5 * n) & 31))
		n++;
	if (total < n)
		return ~0u << 1; /* a state no game reaches: every card hidden */
	uint32_t hidden = 0;
	for (int i = 0; i < n; i++) {
		int k = (arg >> (5 * i) & 31) - 1;
		if (s->shuffle ? pool[i] != pool[total - n + i]
		               : pool[0] != k || pool[total - 1] != k)
			hidden |= 1u << (1 + i);
	}
	return hidden;
}

bool ev_sight(const void *st, qv_action a, int viewer, qv_sight *out)
{
	const ev_state *s = st;
	int p = ev_to_move(s), arg = EV_ARG(a);
	*out = (qv_sight){0};
	if (p < 0)
		return true; /* the coin */
	switch (EV_TYPE(a)) {
	case EV_ACT_COVER: out->hidden = covered_word(s, p, viewer, arg & 31, 1); break;
	case EV_ACT_MULLIGAN: out->hidden = mulligan_words(s, p, viewer, arg); break;
	case EV_ACT_ABILITY: {
		const ev_entry *e = &s->stack[s->nstack - 1];
		int c = ev_entry_cell(s, e), d = arg & 7;
		if (c >= 0 && (arg >> 3 & 3) == EV_ARG_CARD &&
		    ev_board_ability(s, c, d) == EV_AB_GROWTH)
			out->hidden = covered_word(s, p, viewer, arg >> 5, 2);
		break;
	}
	default: break;
	}
	return true;
}
