/*
 * spiel.c - what the spiel API (games/spiel.h) reads off Arrow Party: the deal, the
 * observation planes and the bounds of a game.
 *
 * The deal. With shuffle=true (the default) the API sets the game up without its shuffle
 * and deals by chance: from each arrow stack one card to each player in seat order, each
 * player's three items as a multiset of the item deck, and, with ground=random (the default),
 * what lies on each free cell (nothing, a star, a skull or an item of the rest of the deck),
 * cell by cell. A stack's order is then undetermined (kept sorted, canon): a card drawn from
 * it (an item's draw after chance named the stack, the second half's deal) is dealt by chance
 * from the stack's cards when it is drawn, and a stack refilled from its returned cards takes
 * them in an undetermined order too. A card drawn or dealt goes to the hand and nothing else
 * in the action reads it (rules.c: the draw, redistribute), so the card dealt afterwards
 * replaces the one the canonical order gave. Deal ids: the cards (arrows 0..29, items 30..39),
 * then 40 for an empty cell, 41 a star, 42 a skull.
 *
 * The planes (size x size, a1 at column 0, row 0) hold what a seat's view (json.c) holds: the
 * tokens (seats counted from the viewer) and the ground (stars, skulls, face-down items and the
 * items everyone knows, by kind). The scalars: per seat (the viewer first) its die, stars,
 * skulls and hand size; the viewer's own hand card by card with who knows each (every other
 * seat, or everyone), the others' hands as the viewer knows them (arrow values, known items,
 * unknown items); whether it committed in the current secret phase, its uses, throw, landing,
 * roll, direction, steps, skip and draws as the view shows them, and the viewer's own score;
 * then the round, the phase, the active player, the stacks' sizes, the discard piles and used
 * items by card, the items out of the game, the walk's tick, bumps and pending gives, and the
 * player to move. The discard piles are counted by card: their order is in the information
 * state's lines.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"
#include "core/fmt.h"
#include "games/spiel.h"

enum { ID_EMPTY = AP_NCARDS, ID_STAR, ID_SKULL };

/* ---- the deal ---- */

static qv_status ap_setup(const qv_params *given, qv_params *game, unsigned *flags, qv_err *err)
{
	const char *v = qv_params_get(given, "shuffle"), *ground = qv_params_get(given, "ground");
	bool shuffle = !v || qv_streq_nocase(v, "true");
	*flags = (shuffle ? QV__DEAL_PILES : 0) |
	         (!ground || !*ground || qv_streq_nocase(ground, "random") ? QV__DEAL_GROUND : 0);
	return qv__spiel_param(given, game, "shuffle", v && !shuffle ? v : "false", err);
}

/* The cards of value v (stack v) that player p holds in s and did not hold in s0. */
static int new_arrows(const ap_state *s0, const ap_state *s, int p, int v, int *out)
{
	const ap_tables *T = ap_T(s);
	int n = 0;
	for (int i = 0; i < s->pl[p].nhand; i++) {
		int c = s->pl[p].hand[i].card;
		if (!ap_is_item(c) && T->value[c] == v + 1 &&
		    (!s0 || !ap_hand_count(&s0->pl[p], c)))
			out[n++] = c;
	}
	return n;
}

/* The root's piles: each stack's card to each player, then the items. */
static void deal_root(const ap_state *s, unsigned flags, qv__deal *d)
{
	const ap_tables *T = ap_T(s);
	int n = s->nplayers;
	for (int v = 0; flags & QV__DEAL_PILES && v < AP_NVALUES; v++)
		for (int p = 0; p < n; p++) {
			int got[AP_STACK_MAX];
			if (new_arrows(NULL, s, p, v, got) != 1)
				continue;
			qv__deal_seg *g = qv__deal_add(d, p, QV__DEAL_ORDERED, v, 1);
			g->aux = (int16_t)got[0];
			g->chain = p > 0;
			for (int i = 0; p == 0 && i < T->nvalue[v]; i++)
				g->pool[T->first[v] + i] = 1;
		}
	for (int p = 0; flags & QV__DEAL_PILES && p < n; p++) {
		int items = 0;
		for (int i = 0; i < s->pl[p].nhand; i++)
			items += ap_is_item(s->pl[p].hand[i].card);
		qv__deal_seg *g = qv__deal_add(d, p, QV__DEAL_SORTED, AP_NVALUES, items);
		g->chain = p > 0;
		for (int k = 0; p == 0 && k < T->nkinds; k++)
			g->pool[AP_NARROWS + k] = (uint16_t)T->count[k];
		/* the first takes from every item that is not on an explicit ground */
		for (int c = 0; p == 0 && !(flags & QV__DEAL_GROUND) && c < s->size * s->size; c++)
			if (s->ground[c] & AP_G_KNOWN)
				g->pool[AP_NARROWS + (s->ground[c] & ~AP_G_KNOWN) - AP_G_ITEM]--;
	}
	if (!(flags & QV__DEAL_GROUND))
		return;
	int free = 0;
	uint16_t on[QV__DEAL_IDS] = {0};
	for (int c = 0; c < s->size * s->size; c++) {
		bool start = false;
		for (int p = 0; p < n; p++)
			start |= ap_start_cell(s->size, p) == c;
		if (start)
			continue;
		free++;
		int gr = s->ground[c];
		on[gr == AP_G_STAR    ? ID_STAR
		   : gr == AP_G_SKULL ? ID_SKULL
		   : gr               ? AP_NARROWS + gr - AP_G_ITEM
		                      : ID_EMPTY]++;
	}
	qv__deal_seg *g = qv__deal_add(d, -1, QV__DEAL_ORDERED, AP_NVALUES + 1, free);
	g->chain = (flags & QV__DEAL_PILES) != 0;
	for (int id = 0; id < QV__DEAL_IDS; id++)
		if (!g->chain || id >= AP_NCARDS)
			g->pool[id] = on[id];
}

/* The cards a round's redistribution dealt from each stack: first from the stack as it was,
 * then from the stack refilled with its returned cards (its pool: what it holds now and what
 * it gave). */
static void deal_redistribution(const ap_state *s0, const ap_state *s, qv__deal *d)
{
	for (int v = 0; v < AP_NVALUES; v++) {
		int m = s0->nstack[v], k = 0;
		int got[QV_MAX_PLAYERS], who[QV_MAX_PLAYERS];
		for (int p = 0; p < s->nplayers; p++) {
			int c[AP_STACK_MAX];
			if (new_arrows(s0, s, p, v, c) == 1)
				got[k] = c[0], who[k++] = p;
		}
		int refill = -1;
		for (int i = 0; i < k; i++) {
			bool old = i < m;
			qv__deal_seg *g = qv__deal_add(d, who[i], QV__DEAL_ORDERED, v, 1);
			g->aux = (int16_t)got[i];
			g->chain = i > 0 && (old || refill >= 0);
			if (i == 0 && old)
				for (int j = 0; j < m; j++)
					g->pool[s0->stack[v][j]]++;
			if (!old && refill < 0) {
				refill = i;
				for (int j = 0; j < s->nstack[v]; j++)
					g->pool[s->stack[v][j]]++;
				for (int j = i; j < k; j++)
					g->pool[got[j]]++;
			}
		}
	}
}

static int ap_deal(const void *before, qv_action a, const void *after, unsigned flags, qv__deal *d)
{
	const ap_state *s0 = before, *s = after;
	d->nseg = 0;
	if (!s0) {
		deal_root(s, flags, d);
		return d->nseg;
	}
	if (!(flags & QV__DEAL_PILES))
		return 0;
	if (AP_TYPE(a) == AP_ACT_STACK) {
		int p = s0->active, v = AP_ARG(a) - 1, got[AP_STACK_MAX];
		if (new_arrows(s0, s, p, v, got) == 1) {
			qv__deal_seg *g = qv__deal_add(d, p, QV__DEAL_ORDERED, v, 1);
			g->aux = (int16_t)got[0];
			for (int j = 0; j < s0->nstack[v]; j++)
				g->pool[s0->stack[v][j]]++;
		}
	} else if (s->round != s0->round && s->round == s->rounds / 2 + 1) {
		deal_redistribution(s0, s, d);
	}
	return d->nseg;
}

static void sort_stack(ap_state *s, int v)
{
	uint8_t *st = s->stack[v];
	for (int i = 1; i < s->nstack[v]; i++)
		for (int j = i; j > 0 && st[j - 1] > st[j]; j--) {
			uint8_t t = st[j];
			st[j] = st[j - 1];
			st[j - 1] = t;
		}
}

static void ap_canon(void *st, unsigned flags)
{
	for (int v = 0; flags & QV__DEAL_PILES && v < AP_NVALUES; v++)
		sort_stack(st, v);
}

/* Player p's card `old` becomes `card` (both known to p alone). */
static void replace_card(ap_player *pl, int old, int card)
{
	for (int i = 0; i < pl->nhand; i++)
		if (pl->hand[i].card == old) {
			pl->hand[i].card = (uint8_t)card;
			break;
		}
	ap_sort_hand(pl);
}

/* The ground's cells from the deal, and the items out of an explicit ground's game. */
static void arrange_rest(ap_state *s, const qv__deal_seg *g, const uint8_t *cards, const int *rest)
{
	if (g->pile == AP_NVALUES) { /* the last item segment: the rest is out of the game */
		for (int k = 0; k < AP_NKINDS; k++)
			s->out[k] = (uint8_t)rest[AP_NARROWS + k];
		return;
	}
	int i = 0;
	for (int c = 0; c < s->size * s->size; c++) {
		bool start = false;
		for (int p = 0; p < s->nplayers; p++)
			start |= ap_start_cell(s->size, p) == c;
		if (start)
			continue;
		int id = cards[i++];
		s->ground[c] = (uint8_t)(id == ID_STAR    ? AP_G_STAR
		                         : id == ID_SKULL ? AP_G_SKULL
		                         : id == ID_EMPTY ? AP_G_EMPTY
		                                          : AP_G_ITEM + id - AP_NARROWS);
	}
	memset(s->out, 0, sizeof s->out);
}

static void ap_arrange(void *st, const qv__deal *d, unsigned flags)
{
	ap_state *s = st;
	int rest[QV__DEAL_IDS] = {0}, at = 0;
	for (int k = 0; k < d->nseg; k++) {
		const qv__deal_seg *g = &d->seg[k];
		for (int c = 0; c < QV__DEAL_IDS; c++)
			rest[c] = (g->chain ? rest[c] : 0) + g->pool[c];
		for (int i = 0; i < g->n; i++)
			rest[d->card[at + i]]--;
		if (g->pile < AP_NVALUES) {
			replace_card(&s->pl[g->seat], g->aux, d->card[at]);
			/* after a stack's last segment, the stack is what is left */
			if (k + 1 == d->nseg || d->seg[k + 1].pile != g->pile) {
				int n = 0;
				for (int c = 0; c < AP_NARROWS; c++)
					for (int j = 0; j < rest[c]; j++)
						s->stack[g->pile][n++] = (uint8_t)c;
				memset(s->stack[g->pile] + n, 0, (size_t)(AP_STACK_MAX - n));
				s->nstack[g->pile] = (uint8_t)n;
			}
		} else if (g->pile == AP_NVALUES) {
			ap_player *pl = &s->pl[g->seat];
			int keep = 0;
			for (int i = 0; i < pl->nhand; i++)
				if (!ap_is_item(pl->hand[i].card))
					pl->hand[keep++] = pl->hand[i];
			for (int i = 0; i < g->n; i++)
				pl->hand[keep++] =
				    (ap_entry){d->card[at + i], (uint8_t)(1u << g->seat)};
			for (int i = keep; i < pl->nhand; i++)
				pl->hand[i] = (ap_entry){0, 0};
			pl->nhand = (uint8_t)keep;
			ap_sort_hand(pl);
			bool last = k + 1 == d->nseg || d->seg[k + 1].pile != AP_NVALUES;
			if (last && !(flags & QV__DEAL_GROUND))
				arrange_rest(s, g, NULL, rest);
		} else {
			arrange_rest(s, g, d->card + at, rest);
		}
		at += g->n;
	}
	ap_canon(s, flags);
}

static void ap_deal_name(const void *st, int id, char *buf, size_t len)
{
	char b[16];
	if (id < AP_NCARDS) {
		ap_card_name(ap_T(st), id, b);
		qv_fmt(buf, len, "%s", b);
	} else {
		qv_fmt(buf, len, "%s", id == ID_STAR ? "star" : id == ID_SKULL ? "skull" : "empty");
	}
}

/* ---- the observation ---- */

enum { PL_TOKEN = 0, PL_STAR = 5, PL_SKULL, PL_ITEM, PL_KNOWN }; /* PL_KNOWN: a plane per kind */
#define NPLANES (PL_KNOWN + AP_NKINDS)

/* Masks of who knows a card of the viewer's own: the public, or a set of the other seats
 * (counted from the viewer, bit r - 1 for seat r). */
#define NMASKS 17

/* A seat's scalars. */
enum {
	SS_DIE, /* 6, one per die */
	SS_STARS = SS_DIE + AP_NDICE,
	SS_SKULLS,
	SS_HAND_COUNT,
	SS_ARROW_KNOWN, /* the viewer's own arrow cards: 30 x 6 (held, known by r, public) */
	SS_ITEM_MASK = SS_ARROW_KNOWN + AP_NARROWS * 6, /* the viewer's own items: 10 x 17 */
	SS_ARROWS = SS_ITEM_MASK + AP_NKINDS * NMASKS,  /* another's arrows by value: 5 */
	SS_ITEMS_KNOWN = SS_ARROWS + AP_NVALUES,        /* another's known items: 10 */
	SS_ITEMS_UNKNOWN = SS_ITEMS_KNOWN + AP_NKINDS,
	SS_COMMITTED,
	SS_USES, /* 10: the kinds used */
	SS_DICE_TO = SS_USES + AP_NKINDS,
	SS_SWAP_TARGET,
	SS_SWAP_ITEM,
	SS_EXCH_TARGET,
	SS_THROW,
	SS_LAND,
	SS_ROLL,
	SS_GO,
	SS_STEPS,
	SS_SKIP,
	SS_DRAWN,
	SS_SCORE,
	SS_N
};
enum {
	SG_ROUND,
	SG_PHASE,
	SG_STACK = SG_PHASE + AP_NPHASES,   /* 5 */
	SG_DISCARD = SG_STACK + AP_NVALUES, /* 30 */
	SG_IDISC = SG_DISCARD + AP_NARROWS, /* 10 */
	SG_OUT = SG_IDISC + AP_NKINDS,
	SG_ACTIVE, /* 5 */
	SG_TICK = SG_ACTIVE + 5,
	SG_BUMPED, /* 10 pairs of seats counted from the viewer */
	SG_PENDING = SG_BUMPED + AP_NPAIRS,
	SG_TO_MOVE = SG_PENDING + AP_NPAIRS, /* 7: seats, chance, over */
	SG_N = SG_TO_MOVE + 7
};

static void ap_layout(const void *st, qv__spiel_layout *out)
{
	const ap_state *s = st;
	*out = (qv__spiel_layout){
	    .c = NPLANES, .h = s->size, .w = s->size, .nscalars = QV_MAX_PLAYERS * SS_N + SG_N};
}

static void ap_cell_name_xy(const void *st, int x, int y, char *buf)
{
	const ap_state *s = st;
	ap_cell_name(s, y * s->size + x, buf);
}

static const char *const seat_names[QV_MAX_PLAYERS] = {"me", "next", "next2", "next3", "next4"};

static void seat_slot_name(const ap_tables *T, int f, const char *who, char *buf, size_t len)
{
	char c[16];
	if (f < SS_STARS) {
		qv_fmt(buf, len, "die.%s.%s", T->die_id[f - SS_DIE], who);
	} else if (f < SS_ARROW_KNOWN) {
		qv_fmt(buf, len, "%s.%s",
		       (const char *[]){"stars", "skulls", "hand_count"}[f - SS_STARS], who);
	} else if (f < SS_ITEM_MASK) {
		int i = f - SS_ARROW_KNOWN;
		ap_card_name(T, i / 6, c);
		if (i % 6 == 0)
			qv_fmt(buf, len, "hand.%s.%s", c, who);
		else if (i % 6 == 5)
			qv_fmt(buf, len, "hand.%s.public.%s", c, who);
		else
			qv_fmt(buf, len, "hand.%s.known_by.%s.%s", c, seat_names[i % 6], who);
	} else if (f < SS_ARROWS) {
		int i = f - SS_ITEM_MASK, m = i % NMASKS;
		if (m == NMASKS - 1)
			qv_fmt(buf, len, "hand.%s.public.%s", T->item_id[i / NMASKS], who);
		else
			qv_fmt(buf, len, "hand.%s.known_by_mask%d.%s", T->item_id[i / NMASKS], m,
			       who);
	} else if (f < SS_ITEMS_KNOWN) {
		qv_fmt(buf, len, "arrows.value%d.%s", f - SS_ARROWS + 1, who);
	} else if (f < SS_ITEMS_UNKNOWN) {
		qv_fmt(buf, len, "items_known.%s.%s", T->item_id[f - SS_ITEMS_KNOWN], who);
	} else if (f < SS_USES || f >= SS_DICE_TO) {
		static const char *const names[] = {
		    "items_unknown",   "committed", "dice_to", "swap_target", "swap_item",
		    "exchange_target", "throw",     "land",    "roll",        "go",
		    "steps",           "skip",      "drawn",   "score"};
		qv_fmt(buf, len, "%s.%s",
		       names[f < SS_USES ? f - SS_ITEMS_UNKNOWN : f - SS_DICE_TO + 2], who);
	} else {
		qv_fmt(buf, len, "uses.%s.%s", T->item_id[f - SS_USES], who);
	}
}

static void ap_slot_name(const void *st, bool scalar, int i, char *buf, size_t len)
{
	const ap_tables *T = ap_T(st);
	if (!scalar) {
		if (i < PL_STAR)
			qv_fmt(buf, len, "token.%s", seat_names[i]);
		else if (i < PL_KNOWN)
			qv_fmt(buf, len, "%s",
			       (const char *[]){"star", "skull", "item"}[i - PL_STAR]);
		else
			qv_fmt(buf, len, "item.%s", T->item_id[i - PL_KNOWN]);
		return;
	}
	if (i < QV_MAX_PLAYERS * SS_N) {
		seat_slot_name(T, i % SS_N, seat_names[i / SS_N], buf, len);
		return;
	}
	int f = i - QV_MAX_PLAYERS * SS_N;
	char c[16];
	if (f == SG_ROUND)
		qv_fmt(buf, len, "round");
	else if (f < SG_STACK)
		qv_fmt(buf, len, "phase.%s", ap_phase_names[f - SG_PHASE]);
	else if (f < SG_DISCARD)
		qv_fmt(buf, len, "stack%d", f - SG_STACK + 1);
	else if (f < SG_IDISC)
		ap_card_name(T, f - SG_DISCARD, c), qv_fmt(buf, len, "discard.%s", c);
	else if (f < SG_OUT)
		qv_fmt(buf, len, "item_discard.%s", T->item_id[f - SG_IDISC]);
	else if (f == SG_OUT)
		qv_fmt(buf, len, "out_count");
	else if (f < SG_TICK)
		qv_fmt(buf, len, "active.%s", seat_names[f - SG_ACTIVE]);
	else if (f == SG_TICK)
		qv_fmt(buf, len, "tick");
	else if (f < SG_PENDING)
		qv_fmt(buf, len, "bumped.pair%d", f - SG_BUMPED);
	else if (f < SG_TO_MOVE)
		qv_fmt(buf, len, "pending.pair%d", f - SG_PENDING);
	else
		qv_fmt(buf, len, "to_move.%s",
		       f - SG_TO_MOVE < QV_MAX_PLAYERS    ? seat_names[f - SG_TO_MOVE]
		       : f - SG_TO_MOVE == QV_MAX_PLAYERS ? "chance"
		                                          : "over");
}

/* The plane of ground cell value g, or -1 for an empty cell. */
static int ground_plane(int g)
{
	if (g == AP_G_STAR)
		return PL_STAR;
	if (g == AP_G_SKULL)
		return PL_SKULL;
	if (g >= AP_G_ITEM && !(g & AP_G_KNOWN))
		return PL_ITEM;
	int k = (g & ~AP_G_KNOWN) - AP_G_ITEM;
	return (g & AP_G_KNOWN) && k >= 0 && k < AP_NKINDS ? PL_KNOWN + k : -1;
}

/* The tokens' planes: a seat's token on its cell, the seats counted from the viewer. */
static void put_tokens(const ap_state *s, int viewer, const qv__spiel_layout *l, qv__obs *o)
{
	int n = s->nplayers, size = s->size, cells = size * size;
	for (int ch = 0; ch < n && ch < PL_STAR; ch++) {
		int c = s->pl[(viewer + ch) % n].pos;
		if (c < cells)
			qv__obs_put(o, qv__obs_slot(l, ch, c % size, c / size), 1);
	}
}

/* The ground's planes with one pass over the cells, which are put in buckets by plane so that
 * the slots come out in order (a pass per plane over every cell was most of an observation). */
static void put_ground(const ap_state *s, const qv__spiel_layout *l, qv__obs *o)
{
	int size = s->size, cells = size * size;
	uint16_t by[NPLANES][AP_NCELLS];
	int count[NPLANES] = {0};
	/* most cells are empty (0): eight at a time, and cell by cell where one of them is not */
	for (int at = 0; at < cells; at += 8) {
		int end = cells - at < 8 ? cells : at + 8;
		uint64_t word = 0;
		memcpy(&word, s->ground + at, (size_t)(end - at));
		for (int c = at; word && c < end; c++) {
			int ch = ground_plane(s->ground[c]);
			if (ch >= 0)
				by[ch][count[ch]++] = (uint16_t)c;
		}
	}
	for (int ch = PL_STAR; ch < NPLANES; ch++)
		for (int i = 0; i < count[ch]; i++)
			qv__obs_put(o, qv__obs_slot(l, ch, by[ch][i] % size, by[ch][i] / size), 1);
}

/* The mask of a card of the viewer's own: NMASKS - 1 for public, else the other seats that know
 * it, counted from the viewer. */
static int own_mask(int know, int viewer, int n)
{
	if (know & AP_PUBLIC)
		return NMASKS - 1;
	int m = 0;
	for (int r = 1; r < n; r++)
		m |= (know >> ((viewer + r) % n) & 1) << (r - 1);
	return m;
}

static void put_hand(const ap_state *s, int p, int viewer, int at, qv__obs *o)
{
	const ap_player *pl = &s->pl[p];
	int n = s->nplayers;
	if (p == viewer) {
		int items[AP_NKINDS][NMASKS] = {{0}}, held[AP_NKINDS] = {0};
		for (int i = 0; i < pl->nhand; i++) {
			int c = pl->hand[i].card, m = own_mask(pl->hand[i].know, viewer, n);
			if (ap_is_item(c)) {
				items[ap_kind(c)][m]++;
				held[ap_kind(c)] = 1;
				continue;
			}
			qv__obs_put(o, at + SS_ARROW_KNOWN + 6 * c, 1);
			for (int r = 1; r < 5; r++)
				qv__obs_put(o, at + SS_ARROW_KNOWN + 6 * c + r,
				            m != NMASKS - 1 && (m >> (r - 1) & 1));
			qv__obs_put(o, at + SS_ARROW_KNOWN + 6 * c + 5, m == NMASKS - 1);
		}
		for (int k = 0; k < AP_NKINDS; k++)
			for (int m = 0; held[k] && m < NMASKS; m++)
				qv__obs_put(o, at + SS_ITEM_MASK + k * NMASKS + m, items[k][m]);
		return;
	}
	int arrows[AP_NVALUES] = {0}, known[AP_NKINDS] = {0}, unknown = 0;
	for (int i = 0; i < pl->nhand; i++) {
		int c = pl->hand[i].card;
		if (!ap_is_item(c))
			arrows[ap_value(ap_T(s), c) - 1]++;
		else if (ap_knows(pl->hand[i].know, viewer))
			known[ap_kind(c)]++;
		else
			unknown++;
	}
	for (int v = 0; v < AP_NVALUES; v++)
		qv__obs_put(o, at + SS_ARROWS + v, arrows[v]);
	for (int k = 0; k < AP_NKINDS; k++)
		qv__obs_put(o, at + SS_ITEMS_KNOWN + k, known[k]);
	qv__obs_put(o, at + SS_ITEMS_UNKNOWN, unknown);
}

/* A seat's slots up to its hand's (the part P_SEAT + 2r): they read nothing of the state but
 * the seat's hand, die, stars and skulls (hand_differs). */
static void put_seat_hand(const ap_state *s, int p, int viewer, int at, qv__obs *o)
{
	const ap_player *pl = &s->pl[p];
	qv__obs_put(o, at + SS_DIE + pl->die, 1);
	qv__obs_put(o, at + SS_STARS, pl->stars);
	qv__obs_put(o, at + SS_SKULLS, pl->skulls);
	qv__obs_put(o, at + SS_HAND_COUNT, pl->nhand);
	put_hand(s, p, viewer, at, o);
}

/* The rest of a seat's slots (the part P_SEAT + 2r + 1): they read the seat's ap_player and
 * play_key. */
static void put_seat_play(const ap_state *s, int p, int viewer, int at, qv__obs *o)
{
	const ap_player *pl = &s->pl[p];
	int n = s->nplayers;
	bool hide = ap_hidden_commit(s, p, viewer);
	if (ap_secret_phase(s->phase))
		qv__obs_put(o, at + SS_COMMITTED, ap_committed(s, p));
	if (!(hide && s->phase == AP_PH_ITEMS) && pl->uses) {
		const ap_tables *T = ap_T(s);
		/* the kinds used, by ascending kind */
		for (unsigned u = pl->uses & ((1u << AP_NKINDS) - 1); u; u &= u - 1)
			qv__obs_put(o, at + SS_USES + __builtin_ctz(u), 1);
		if (ap_used_effect(T, pl, AP_E_DICE))
			qv__obs_put(o, at + SS_DICE_TO, pl->dice_to + 1);
		if (ap_used_effect(T, pl, AP_E_SWAP)) {
			qv__obs_put(o, at + SS_SWAP_TARGET, (pl->swap_target - viewer + n) % n + 1);
			qv__obs_put(o, at + SS_SWAP_ITEM, pl->swap_item + 1);
		}
		if (ap_used_effect(T, pl, AP_E_EXCHANGE))
			qv__obs_put(o, at + SS_EXCH_TARGET, (pl->exch_target - viewer + n) % n + 1);
	}
	if (!(hide && s->phase == AP_PH_THROW))
		qv__obs_put(o, at + SS_THROW, pl->throw_card);
	qv__obs_put(o, at + SS_LAND, pl->land);
	qv__obs_put(o, at + SS_ROLL, pl->roll);
	if (!(hide && s->phase == AP_PH_GO))
		qv__obs_put(o, at + SS_GO, pl->go);
	qv__obs_put(o, at + SS_STEPS, pl->steps);
	qv__obs_put(o, at + SS_SKIP, pl->skip);
	qv__obs_put(o, at + SS_DRAWN, pl->drawn);
	if (p == viewer)
		qv__obs_put(o, at + SS_SCORE, ap_score_of(s, p));
}

/* The pairs of m (bit i: seats ap_pair_a[i], ap_pair_b[i]) as pairs of seats counted from
 * the viewer. */
static void put_pairs(const ap_state *s, uint16_t m, int viewer, int at, qv__obs *o)
{
	if (!m)
		return; /* every slot 0 */
	int n = s->nplayers, rel[AP_NPAIRS] = {0};
	for (int i = 0; i < AP_NPAIRS; i++)
		if (m >> i & 1) {
			int a = (ap_pair_a[i] - viewer + n) % n,
			    b = (ap_pair_b[i] - viewer + n) % n;
			rel[ap_pair_index(a < b ? a : b, a < b ? b : a)] = 1;
		}
	for (int i = 0; i < AP_NPAIRS; i++)
		qv__obs_put(o, at + i, rel[i]);
}

/* The observation's parts (games/spiel.h): the tokens' planes, the ground's, two per seat
 * counted from the viewer (its hand, the rest), then the round (the round and the phase, which
 * every seat sees alike), the piles (stacks, discards, used and out items) and the walk (the
 * active seat, the walk's tick, bumps and pending gives, and the player to move: seats counted
 * from the viewer, which change at almost every step). */
enum { P_TOKENS, P_GROUND, P_SEAT, P_ROUND = P_SEAT + 2 * QV_MAX_PLAYERS, P_PILES, P_WALK, NPARTS };

/* Whether what put_seat_hand reads of a seat differs from x to y: its hand, die, stars and
 * skulls (the entries of the hand it holds only). */
static bool hand_differs(const ap_player *x, const ap_player *y)
{
	return x->nhand != y->nhand || x->die != y->die || x->stars != y->stars ||
	       x->skulls != y->skulls || memcmp(x->hand, y->hand, sizeof *x->hand * x->nhand);
}

static int ap_parts(const void *st, int32_t *from)
{
	qv__spiel_layout l;
	ap_layout(st, &l);
	int g = qv__obs_scalar(&l, QV_MAX_PLAYERS * SS_N);
	from[P_TOKENS] = 0;
	from[P_GROUND] = qv__obs_slot(&l, PL_STAR, 0, 0);
	for (int r = 0; r < QV_MAX_PLAYERS; r++) {
		from[P_SEAT + 2 * r] = qv__obs_scalar(&l, r * SS_N);
		from[P_SEAT + 2 * r + 1] = qv__obs_scalar(&l, r * SS_N + SS_COMMITTED);
	}
	from[P_ROUND] = g + SG_ROUND;
	from[P_PILES] = g + SG_STACK;
	from[P_WALK] = g + SG_ACTIVE;
	return NPARTS;
}

static void ap_observe_part(const void *st, int viewer, int i, qv__obs *o)
{
	const ap_state *s = st;
	qv__spiel_layout l;
	ap_layout(st, &l);
	int n = s->nplayers, at = qv__obs_scalar(&l, QV_MAX_PLAYERS * SS_N);
	switch (i) {
	case P_TOKENS: put_tokens(s, viewer, &l, o); return;
	case P_GROUND: put_ground(s, &l, o); return;
	case P_ROUND:
		qv__obs_put(o, at + SG_ROUND, s->round);
		qv__obs_put(o, at + SG_PHASE + s->phase, 1);
		return;
	case P_PILES: {
		for (int v = 0; v < AP_NVALUES; v++)
			qv__obs_put(o, at + SG_STACK + v, s->nstack[v]);
		int disc[AP_NARROWS] = {0}, out = 0;
		for (int v = 0; v < AP_NVALUES; v++)
			for (int k = 0; k < s->ndisc[v]; k++)
				disc[s->disc[v][k]]++;
		for (int c = 0; c < AP_NARROWS; c++)
			qv__obs_put(o, at + SG_DISCARD + c, disc[c]);
		for (int k = 0; k < AP_NKINDS; k++) {
			qv__obs_put(o, at + SG_IDISC + k, s->idisc[k]);
			out += s->out[k];
		}
		qv__obs_put(o, at + SG_OUT, out);
		return;
	}
	case P_WALK: {
		qv__obs_put(o, at + SG_ACTIVE + ((s->active < n ? s->active : 0) - viewer + n) % n,
		            1);
		if (s->phase == AP_PH_WALK) {
			qv__obs_put(o, at + SG_TICK, s->tick);
			put_pairs(s, s->bumped, viewer, at + SG_BUMPED, o);
			put_pairs(s, s->pending, viewer, at + SG_PENDING, o);
		}
		int who = ap_to_move(s);
		qv__obs_put(o,
		            at + SG_TO_MOVE +
		                (who >= 0           ? (who - viewer + n) % n
		                 : who == QV_CHANCE ? QV_MAX_PLAYERS
		                                    : QV_MAX_PLAYERS + 1),
		            1);
		return;
	}
	default: {
		int r = (i - P_SEAT) / 2, p = (viewer + r) % n;
		if (r >= n)
			return;
		if ((i - P_SEAT) % 2 == 0)
			put_seat_hand(s, p, viewer, qv__obs_scalar(&l, r * SS_N), o);
		else
			put_seat_play(s, p, viewer, qv__obs_scalar(&l, r * SS_N), o);
	}
	}
}

static void ap_observe(const void *st, int viewer, qv__obs *o)
{
	for (int i = 0; i < NPARTS; i++)
		ap_observe_part(st, viewer, i, o);
}

/* What put_seat_play reads of the state beyond the seat's ap_player: whether the phase is a
 * secret one and which (what the seat's commitment hides), and whether the seat committed. */
static int play_key(const ap_state *s, int p)
{
	return (ap_secret_phase(s->phase) ? s->phase + 1 : 0) << 1 | ap_committed(s, p);
}

/* The bytes of an ap_player that put_seat_play reads beyond those hand_differs compares (which
 * the viewer's own score reads): from its uses on. */
#define PLAY_FROM offsetof(ap_player, uses)

/* The keys of the parts several seats observe alike (games/spiel.h): the ground's, the
 * round's and the piles' for every seat, then seat q's hand and its play for each other seat. */
enum { K_GROUND, K_ROUND, K_PILES, K_SEAT };
_Static_assert(K_SEAT + 2 * QV_MAX_PLAYERS <= 64, "a key is 0 to 63 (games/spiel.h)");

/* Whether the seats other than q see q's hand alike: each item of it known to all of them or
 * to none (its arrows they all see by value). */
static bool hand_alike(const ap_state *s, int q)
{
	const ap_player *pl = &s->pl[q];
	int others = ((1 << s->nplayers) - 1) & ~(1 << q);
	for (int i = 0; i < pl->nhand; i++) {
		int k = pl->hand[i].know & others;
		if (ap_is_item(pl->hand[i].card) && k && k != others)
			return false;
	}
	return true;
}

/* Whether the seats other than q see q's play alike: all but the targets of a swap or an
 * exchange, which each seat sees counted from itself. */
static bool play_alike(const ap_state *s, int q)
{
	const ap_tables *T = ap_T(s);
	return !ap_used_effect(T, &s->pl[q], AP_E_SWAP) &&
	       !ap_used_effect(T, &s->pl[q], AP_E_EXCHANGE);
}

/* The parts each part's function above reads something of that differs from before to
 * after, and the keys of those several seats see alike. */
static void ap_changed(const void *before, const void *after, uint32_t *mask,
                       int8_t (*share)[QV__OBS_PARTS])
{
	const ap_state *b = before, *a = after;
	int n = a->nplayers, cells = a->size * a->size;
	uint32_t all = 0, hand = 0, play = 0;
	/* play_key reads the phase, the active seat and the seat's skip */
	bool keys = b->phase != a->phase || b->active != a->active;
	for (int q = 0; q < n; q++) {
		const ap_player *x = &b->pl[q], *y = &a->pl[q];
		if (x->pos != y->pos)
			all |= 1u << P_TOKENS;
		if (hand_differs(x, y))
			hand |= 1u << q;
		if (memcmp((const char *)x + PLAY_FROM, (const char *)y + PLAY_FROM,
		           sizeof *x - PLAY_FROM) ||
		    (keys && play_key(b, q) != play_key(a, q)))
			play |= 1u << q;
	}
	if (memcmp(b->ground, a->ground, (size_t)cells))
		all |= 1u << P_GROUND;
	if (b->round != a->round || b->phase != a->phase)
		all |= 1u << P_ROUND;
	/* the piles' part reads nstack, ndisc, disc, idisc and out, which lie together */
	if (memcmp(b->disc, a->disc,
	           offsetof(ap_state, out) + sizeof a->out - offsetof(ap_state, disc)))
		all |= 1u << P_PILES;
	/* the walk's part: the active seat, the tick, bumps and gives in the walk, and the
	 * player to move */
	bool walk = b->phase == AP_PH_WALK || a->phase == AP_PH_WALK;
	if ((walk && (b->phase != a->phase || b->tick != a->tick || b->bumped != a->bumped ||
	              b->pending != a->pending)) ||
	    b->active != a->active || ap_to_move(b) != ap_to_move(a))
		all |= 1u << P_WALK;
	for (int v = 0; v < n; v++) {
		mask[v] = all;
		share[v][P_GROUND] = K_GROUND;
		share[v][P_ROUND] = K_ROUND;
		share[v][P_PILES] = K_PILES;
	}
	/* seat q, r seats on from viewer v: its hand part, and its play part, which for the
	 * viewer's own seat reads its hand too (the score) */
	for (uint32_t seats = hand | play; seats; seats &= seats - 1) {
		int q = __builtin_ctz(seats);
		int8_t kh = hand >> q & 1 && hand_alike(a, q) ? (int8_t)(K_SEAT + 2 * q) : -1,
		       kp = play >> q & 1 && play_alike(a, q) ? (int8_t)(K_SEAT + 2 * q + 1) : -1;
		for (int v = 0, r = q; v < n; v++, r = r ? r - 1 : n - 1) {
			mask[v] |= (uint32_t)(hand >> q & 1) << (P_SEAT + 2 * r) |
			           (uint32_t)((play | (r ? 0 : hand)) >> q & 1)
			               << (P_SEAT + 2 * r + 1);
			if (r) {
				share[v][P_SEAT + 2 * r] = kh;
				share[v][P_SEAT + 2 * r + 1] = kp;
			}
		}
	}
}

/* Per round, each player's decisions: a use per item kind at most (each kind once) and
 * `ready`, a throw and a direction. Chance per round: a take per swap, two outcomes per card an
 * item draws (the stack, then the card), a landing and a roll per player and a give per pair
 * of players (a pair bumps once a round); the deal: a card of each stack per player at the
 * start and at the redistribution, three items each, a cell of the ground each. */
static void ap_bounds(const void *st, unsigned flags, long *decisions, long *chance)
{
	const ap_state *s = st;
	const ap_tables *T = ap_T(s);
	long n = s->nplayers, draw = 0;
	for (int k = 0; k < T->nkinds; k++)
		if (T->effect[k] == AP_E_DRAW && T->param[k] > draw)
			draw = T->param[k];
	*decisions = (long)s->rounds * n * (T->nkinds + 3);
	long deal = 0;
	if (flags & QV__DEAL_PILES)
		deal = 2 * AP_NVALUES * n + AP_DEAL_ITEMS * n + (long)s->rounds * n * draw;
	if (flags & QV__DEAL_GROUND)
		deal += (long)s->size * s->size - n;
	*chance = (long)s->rounds * (n + n * draw + 2 * n + AP_NPAIRS) + deal;
}

const qv__spiel_game qv__ap_spiel = {
    .name = "arrow-party",
    .setup = ap_setup,
    .deal = ap_deal,
    .arrange = ap_arrange,
    .canon = ap_canon,
    .deal_name = ap_deal_name,
    .layout = ap_layout,
    .slot_name = ap_slot_name,
    .cell_name = ap_cell_name_xy,
    .observe = ap_observe,
    .parts = ap_parts,
    .observe_part = ap_observe_part,
    .changed = ap_changed,
    .bounds = ap_bounds,
};
