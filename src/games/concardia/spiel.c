/*
 * spiel.c - what the spiel API (games/spiel.h) reads off ConCardia: the deal, the observation
 * planes and the bounds of a game.
 *
 * The deal: with shuffle=true (the default) the API sets the game up without its shuffle and
 * deals each opening hand (seven cards) by chance as a multiset of the player's decklist; a
 * deck's order is then undetermined (kept sorted, canon), and each card a turn draws is dealt
 * by chance from the cards left in the deck when it is drawn. A draw only moves the top card
 * into the hand (rules.c, draw): the identity of the card decides nothing else in the action
 * that draws it, so the card dealt afterwards replaces the one the canonical order put on top.
 *
 * The planes (6 x 6, a1 at column 0, row 0) hold what a seat's view (json.c) holds: per square
 * the card's owner (the viewer, the opponent), its card id, counters, boost, current Strength
 * and Defense; during a capture's reactions the cards that would be captured and those saved;
 * the squares of the cost being paid. The scalars: per seat (the viewer first) its hand by card
 * (the viewer's own), hand and deck sizes, whether it chose its starting card and which (its
 * own), its discard pile and victory pile by card, its Persistent Area slot by slot, its turns,
 * loss and points; then the phase, the active and first players, the counters of turns and
 * passes, how the game ended, the cost being paid, the capture step's offer and the player to
 * move. The discard and victory piles are counted by card: their order is in the information
 * state's lines, as the cards came.
 */
#include <stdio.h>
#include <string.h>

#include "concardia.h"
#include "core/fmt.h"
#include "games/spiel.h"

/* ---- the deal ---- */

/* Where p's cards are, for json.c and the shared deal (concardia.h, games/deck.h). */
qv__deck_cards cc_cards(const void *st, int p)
{
	cc_player *pl = &((cc_state *)st)->pl[p];
	return QV__DECK_CARDS(pl, CC_MAX_CARDS, CC_DECK_MAX,
	                      {"discard", pl->discard, &pl->ndiscard},
	                      {"victory", pl->victory, &pl->nvictory});
}

static int cc_deal(const void *before, qv_action a, const void *after, unsigned flags, qv__deal *d)
{
	(void)a;
	return qv__spiel_deal_cards(before, after, cc_cards, NULL, flags, d);
}

static void cc_canon(void *st, unsigned flags) { qv__spiel_canon_decks(st, cc_cards, flags); }

/* The dealt cards in the hands (games/spiel.h), then what the hands decide. */
static void cc_arrange(void *st, const qv__deal *d, unsigned flags)
{
	qv__spiel_arrange_cards(st, d, cc_cards);
	cc_hands_held(st);
	cc_canon(st, flags);
}

static void cc_deal_name(const void *st, int id, char *buf, size_t len)
{
	const cc_tables *T = cc_T(st);
	qv__spiel_card_name(id >= 0 && id < T->ncards ? T->cards[id].id : NULL, id, buf, len);
}

/* ---- the observation ---- */

enum {
	PL_ME,
	PL_OPP,
	PL_COUNTERS,
	PL_BOOST,
	PL_STRENGTH,
	PL_DEFENSE,
	PL_WOULD,
	PL_SAVED,
	PL_FROM,
	PL_TO,
	PL_CARD
}; /* PL_CARD: a plane per card id */

/* A seat's scalars, of nc cards: hand, start, discard and victory by card, then these. */
enum {
	SS_HAND_COUNT,
	SS_DECK_COUNT,
	SS_START_CHOSEN,
	SS_PERSIST, /* 4 x (card + 1, counters) */
	SS_TURNS = SS_PERSIST + 2 * CC_MAX_PERSIST,
	SS_LOST,
	SS_POINTS,
	SS_N
};
#define SEAT(nc) (4 * (nc) + SS_N)
/* The game's, after the two seats: the head (qv__spiel_put_head), then these. */
enum {
	SG_PASSES = QV__SPIEL_HEAD(CC_NPHASES),
	SG_ENDED,
	SG_PEND = SG_ENDED + 5,
	SG_PEND_CARD = SG_PEND + 5,
	SG_PEND_FROM,
	SG_PEND_LEFT,
	SG_PEND_PAID,
	SG_NEXT,
	SG_REACTED,
	SG_TO_MOVE,
	SG_N = SG_TO_MOVE + 4
};

static void cc_layout(const void *st, qv__spiel_layout *out)
{
	int nc = cc_T(st)->ncards;
	*out =
	    (qv__spiel_layout){.c = PL_CARD + nc, .h = 6, .w = 6, .nscalars = 2 * SEAT(nc) + SG_N};
}

static void cc_slot_name(const void *st, bool scalar, int i, char *buf, size_t len)
{
	const cc_tables *T = cc_T(st);
	int nc = T->ncards;
	static const char *const planes[] = {"owner.me",     "owner.opp", "counters", "boost",
	                                     "strength",     "defense",   "would",    "saved",
	                                     "pending.from", "pending.to"};
	if (!scalar) {
		if (i < PL_CARD)
			qv_fmt(buf, len, "%s", planes[i]);
		else
			qv_fmt(buf, len, "card.%s", T->cards[i - PL_CARD].id);
		return;
	}
	if (i < 2 * SEAT(nc)) {
		const char *who = i < SEAT(nc) ? "me" : "opp";
		int f = i % SEAT(nc);
		static const char *const lists[] = {"hand", "start", "discard", "victory"};
		static const char *const rest[] = {"hand_count", "deck_count", "start_chosen"};
		if (f < 4 * nc)
			qv_fmt(buf, len, "%s.%s.%s", lists[f / nc], T->cards[f % nc].id, who);
		else if ((f -= 4 * nc) < SS_PERSIST)
			qv_fmt(buf, len, "%s.%s", rest[f], who);
		else if (f < SS_TURNS)
			qv_fmt(buf, len, "persist%d.%s.%s", (f - SS_PERSIST) / 2,
			       (f - SS_PERSIST) % 2 ? "counters" : "card", who);
		else
			qv_fmt(buf, len, "%s.%s",
			       (const char *[]){"turns", "lost", "points"}[f - SS_TURNS], who);
		return;
	}
	int f = i - 2 * SEAT(nc);
	if (f < SG_PASSES)
		qv__spiel_head_name(f, cc_phase_names, CC_NPHASES, buf, len);
	else if (f < SG_ENDED)
		qv_fmt(buf, len, "passes");
	else if (f < SG_PEND)
		qv_fmt(buf, len, "ended.%s", cc_end_names[f - SG_ENDED]);
	else if (f < SG_PEND_CARD)
		qv_fmt(buf, len, "pending.%s", cc_pend_names[f - SG_PEND]);
	else if (f < SG_TO_MOVE)
		qv_fmt(buf, len, "%s",
		       (const char *[]){"pending.card", "pending.from_card", "pending.left",
		                        "pending.paid", "capture.next",
		                        "capture.reacted"}[f - SG_PEND_CARD]);
	else
		qv_fmt(buf, len, "to_move.%s", qv__spiel_to_move_names[f - SG_TO_MOVE]);
}

/* The grid's planes: those of a card's square worked out once per card, put plane by plane
 * over the squares that hold one (the slots in order), the marks of a reaction and of a
 * pending payment on their squares, and the card planes with one pass, the squares put in
 * buckets by card id. Every seat is observed at every step once information states are kept,
 * and a pass over every square of every plane was most of that. */
static void put_grid(const cc_state *s, int viewer, const qv__spiel_layout *l, qv__obs *o)
{
	int held[CC_NSQ], n = 0, v[PL_WOULD][CC_NSQ];
	for (int sq = 0; sq < CC_NSQ; sq++)
		if (s->grid[sq].card)
			held[n++] = sq;
	for (int i = 0; i < n; i++) {
		const cc_cell *c = &s->grid[held[i]];
		v[PL_ME][i] = c->owner == viewer;
		v[PL_OPP][i] = c->owner != viewer;
		v[PL_COUNTERS][i] = c->counters;
		v[PL_BOOST][i] = c->boost;
		v[PL_STRENGTH][i] = cc_strength(s, held[i]);
		v[PL_DEFENSE][i] = cc_defense(s, held[i]);
	}
	for (int ch = 0; ch < PL_WOULD; ch++)
		for (int i = 0; i < n; i++)
			qv__obs_put(o, qv__obs_slot(l, ch, held[i] % 6, held[i] / 6), v[ch][i]);
	if (s->phase == CC_PH_REACT)
		for (int ch = PL_WOULD; ch <= PL_SAVED; ch++)
			for (uint64_t m = ch == PL_WOULD ? s->would : s->saved; m; m &= m - 1) {
				int sq = __builtin_ctzll(m);
				if (sq < CC_NSQ)
					qv__obs_put(o, qv__obs_slot(l, ch, sq % 6, sq / 6), 1);
			}
	bool from_sq = s->pend_kind == CC_PEND_SHOVE || s->pend_kind == CC_PEND_BOOST;
	bool to_sq = s->pend_kind == CC_PEND_SHOVE || s->pend_kind == CC_PEND_SABOTAGE;
	if (from_sq && s->pend_from < CC_NSQ)
		qv__obs_put(o, qv__obs_slot(l, PL_FROM, s->pend_from % 6, s->pend_from / 6), 1);
	if (to_sq && s->pend_to < CC_NSQ)
		qv__obs_put(o, qv__obs_slot(l, PL_TO, s->pend_to % 6, s->pend_to / 6), 1);
	uint8_t by[CC_MAX_CARDS][CC_NSQ];
	int count[CC_MAX_CARDS] = {0};
	for (int i = 0; i < n; i++) {
		int id = s->grid[held[i]].card - 1;
		if (id < l->c - PL_CARD)
			by[id][count[id]++] = (uint8_t)held[i];
	}
	for (int id = 0; id < l->c - PL_CARD; id++)
		for (int i = 0; i < count[id]; i++)
			qv__obs_put(o, qv__obs_slot(l, PL_CARD + id, by[id][i] % 6, by[id][i] / 6),
			            1);
}

static void put_seat(const cc_state *s, int p, bool own, int nc, int at, qv__obs *o)
{
	const cc_player *pl = &s->pl[p];
	uint16_t discard[CC_MAX_CARDS] = {0}, victory[CC_MAX_CARDS] = {0};
	qv__deal_count(pl->discard, pl->ndiscard, discard);
	qv__deal_count(pl->victory, pl->nvictory, victory);
	for (int c = 0; own && c < nc; c++)
		qv__obs_put(o, at + c, pl->hand[c]);
	if (own && pl->start)
		qv__obs_put(o, at + nc + pl->start - 1, 1);
	for (int c = 0; c < nc; c++)
		qv__obs_put(o, at + 2 * nc + c, discard[c]);
	for (int c = 0; c < nc; c++)
		qv__obs_put(o, at + 3 * nc + c, victory[c]);
	at += 4 * nc;
	qv__obs_put(o, at + SS_HAND_COUNT, pl->nhand);
	qv__obs_put(o, at + SS_DECK_COUNT, pl->ndeck);
	qv__obs_put(o, at + SS_START_CHOSEN, pl->start != 0);
	for (int i = 0; i < pl->npersist; i++) {
		qv__obs_put(o, at + SS_PERSIST + 2 * i, pl->persist[i]);
		qv__obs_put(o, at + SS_PERSIST + 2 * i + 1, pl->pcounters[i]);
	}
	qv__obs_put(o, at + SS_TURNS, pl->turns);
	qv__obs_put(o, at + SS_LOST, pl->lost);
	qv__obs_put(o, at + SS_POINTS, pl->nvictory);
}

static void cc_observe(const void *st, int viewer, qv__obs *o)
{
	const cc_state *s = st;
	qv__spiel_layout l;
	cc_layout(st, &l);
	int nc = cc_T(s)->ncards;
	put_grid(s, viewer, &l, o);
	for (int r = 0; r < 2; r++)
		put_seat(s, (viewer + r) % 2, r == 0, nc, qv__obs_scalar(&l, r * SEAT(nc)), o);
	int at = qv__obs_scalar(&l, 2 * SEAT(nc));
	bool known = s->phase != CC_PH_START && s->phase != CC_PH_COIN;
	qv__spiel_put_head(o, at, CC_NPHASES, viewer, s->phase, s->active, known, s->first,
	                   s->turn_no);
	qv__obs_put(o, at + SG_PASSES, s->passes);
	qv__obs_put(o, at + SG_ENDED + s->ended, 1);
	if (s->pend_kind || s->pend_card) {
		qv__obs_put(o, at + SG_PEND + s->pend_kind, 1);
		qv__obs_put(o, at + SG_PEND_CARD, s->pend_card);
		if (s->pend_kind == CC_PEND_PBOOST)
			qv__obs_put(o, at + SG_PEND_FROM, s->pend_from + 1);
		qv__obs_put(o, at + SG_PEND_LEFT, s->pend_left);
		qv__obs_put(o, at + SG_PEND_PAID, s->pend_paid);
	}
	if (s->phase == CC_PH_REACT) {
		qv__obs_put(o, at + SG_NEXT, s->react_next + 1);
		qv__obs_put(o, at + SG_REACTED, s->reacted);
	}
	qv__obs_put(o, at + SG_TO_MOVE + qv__spiel_to_move_slot(cc_to_move(s), viewer), 1);
}

/* The most a cost is: a shove's, a boost's or a saboteur's (the target's Defense, less one,
 * with a banner on each of its eight sides). */
static int max_cost(const cc_tables *T)
{
	int cost = 0, def = 0, bonus = 0;
	for (int c = 1; c <= T->ncards; c++) {
		cost = T->cost[c] > cost ? T->cost[c] : cost;
		def = T->defense[c] > def ? T->defense[c] : def;
		bonus = T->bonus[c] > bonus ? T->bonus[c] : bonus;
	}
	int x = def + 8 * bonus - 1;
	return x > cost ? x : cost;
}

/* The starting choices (two), then a turn per turn up to max_turns, each with one action, at
 * most the most a cost is in payments (a unit each) and an offer of a reaction per card that
 * would be captured (36 at most). Chance: the coin, the opening hands and a draw per turn,
 * never more cards than the decks hold. */
static void cc_bounds(const void *st, unsigned flags, long *decisions, long *chance)
{
	const cc_state *s = st;
	*decisions = 2 + (long)s->max_turns * (1 + max_cost(cc_T(s)) + CC_NSQ);
	long cards = s->pl[0].decklen + s->pl[1].decklen;
	long dealt =
	    (flags & QV__DEAL_PILES)
	        ? (cards < 2L * CC_HAND + s->max_turns ? cards : 2L * CC_HAND + s->max_turns)
	        : 0;
	*chance = 1 + dealt;
}

const qv__spiel_game qv__cc_spiel = {
    .name = "concardia",
    .setup = qv__spiel_setup_decks,
    .deal = cc_deal,
    .arrange = cc_arrange,
    .canon = cc_canon,
    .deal_name = cc_deal_name,
    .layout = cc_layout,
    .slot_name = cc_slot_name,
    .observe = cc_observe,
    .bounds = cc_bounds,
};
