/*
 * spiel.c - what the spiel API (games/spiel.h) reads off Evons: the deal, the observation
 * planes and the bounds of a game.
 *
 * The deal: with shuffle=true (the default) the API sets the game up without its shuffle and
 * deals each opening hand (five cards) by chance as a multiset of the player's decklist; a
 * deck's order is then undetermined (kept sorted, canon). A mulligan puts its cards back and
 * draws as many: they are dealt by chance from the deck and the cards put back together, as a
 * multiset (the game shuffles them together); a turn's draw is dealt from the deck when it is
 * drawn. A draw only moves the top card into the hand (rules.c, draw and mulligan), so the
 * card dealt afterwards replaces the one the canonical order put on top.
 *
 * The planes (7 x 7, cell x0 at column 0, row 0) hold what a seat's view (json.c) holds: per
 * cell the card's owner and controller (the viewer, the opponent), its kind when the seat may
 * see it, covered, growth, damage, the ATK and current DEF of a monster it may see, moved,
 * reactivated and the card's instance number; the chain stack by the cells of its cards (the
 * place of a card's first and second entry, their steps, used directions and spent points),
 * the conflicts of an entry and a Firestorm's centre with its points left. The scalars: per
 * seat (the viewer first) its hand by kind (the viewer's own), hand and deck sizes, score,
 * graveyard and removed cards by kind, credits, mulligan and turns; then the phase, the
 * active and first players, the counters, how the game ended and the player to move.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/fmt.h"
#include "evons.h"
#include "games/spiel.h"

/* ---- the deal ---- */

/* Where p's cards are, for json.c and the shared deal (evons.h, games/deck.h). */
qv__deck_cards ev_cards(const void *st, int p)
{
	ev_player *pl = &((ev_state *)st)->pl[p];
	return QV__DECK_CARDS(pl, EV_MAX_KINDS, EV_DECK_MAX, {"graveyard", pl->grave, &pl->ngrave},
	                      {"removed", pl->removed, &pl->nremoved});
}

/* The shared deal, a mulligan's cards going back into the pool its draws come from. */
static int ev_deal(const void *before, qv_action a, const void *after, unsigned flags, qv__deal *d)
{
	const ev_state *s0 = before;
	uint16_t back[2][QV__DEAL_IDS] = {{0}};
	if (s0 && EV_TYPE(a) == EV_ACT_MULLIGAN && s0->phase == EV_PH_MULLIGAN)
		for (int f = 0; f < 5; f++) {
			int k = (EV_ARG(a) >> (5 * f)) & 31;
			if (k)
				back[s0->active][k - 1]++;
		}
	return qv__spiel_deal_cards(before, after, ev_cards, (const uint16_t(*)[QV__DEAL_IDS])back,
	                            flags, d);
}

static void ev_canon(void *st, unsigned flags) { qv__spiel_canon_decks(st, ev_cards, flags); }

/* The dealt cards in the hands (games/spiel.h); a mulligan's pool holds the cards put back. */
static void ev_arrange(void *st, const qv__deal *d, unsigned flags)
{
	qv__spiel_arrange_cards(st, d, ev_cards);
	ev_canon(st, flags);
}

static void ev_deal_name(const void *st, int id, char *buf, size_t len)
{
	const ev_tables *T = ev_T(st);
	qv__spiel_card_name(id >= 0 && id < T->nkinds ? T->kind[id].id : NULL, id, buf, len);
}

/* ---- the observation ---- */

enum {
	PL_OWNER_ME,
	PL_OWNER_OPP,
	PL_CTRL_ME,
	PL_CTRL_OPP,
	PL_COVERED,
	PL_GROWTH,
	PL_DAMAGE,
	PL_ATK,
	PL_DEF,
	PL_MOVED,
	PL_REACTIVATED,
	PL_INST,
	PL_ENTRY,                   /* 2: the place (from 1) of the card's first and second entry */
	PL_STEP = PL_ENTRY + 2,     /* 2: the entry's step (from 1) */
	PL_USED = PL_STEP + 2,      /* 2 x 8: the board directions used */
	PL_SPENT = PL_USED + 16,    /* 2 */
	PL_CONFLICT = PL_SPENT + 2, /* the place of the entry whose conflicts hold the cell */
	PL_BURN,                    /* a Firestorm's centre: the place of its entry */
	PL_BURN_LEFT,               /* and its points left */
	PL_KIND                     /* a plane per kind */
};

/* A seat's scalars, of nk kinds: hand, graveyard and removed by kind, then these. */
enum { SS_HAND_COUNT, SS_DECK_COUNT, SS_SCORE, SS_CREDITS, SS_MULL, SS_TURNS, SS_N };
#define SEAT(nk) (3 * (nk) + SS_N)
/* The game's, after the two seats: the head (qv__spiel_put_head), then these. */
enum {
	SG_IDLE = QV__SPIEL_HEAD(EV_NPHASES),
	SG_PLAYED,
	SG_NEXT_INST,
	SG_NSTACK,
	SG_ENDED,
	SG_TO_MOVE = SG_ENDED + EV_NENDS,
	SG_N = SG_TO_MOVE + 4
};

static void ev_layout(const void *st, qv__spiel_layout *out)
{
	int nk = ev_T(st)->nkinds;
	*out = (qv__spiel_layout){
	    .c = PL_KIND + nk, .h = EV_SIDE, .w = EV_SIDE, .nscalars = 2 * SEAT(nk) + SG_N};
}

static void ev_cell_name_xy(const void *st, int x, int y, char *buf)
{
	(void)st;
	ev_cell_name(y * EV_SIDE + x, buf);
}

static void ev_slot_name(const void *st, bool scalar, int i, char *buf, size_t len)
{
	const ev_tables *T = ev_T(st);
	int nk = T->nkinds;
	static const char *const planes[] = {
	    "owner.me", "owner.opp", "controller.me", "controller.opp", "covered",     "growth",
	    "damage",   "atk",       "def",           "moved",          "reactivated", "inst",
	    "entry1",   "entry2",    "step1",         "step2"};
	if (!scalar) {
		if (i < PL_USED)
			qv_fmt(buf, len, "%s", planes[i]);
		else if (i < PL_SPENT)
			qv_fmt(buf, len, "used%d.%s", (i - PL_USED) / 8 + 1,
			       qv_dir_names[(i - PL_USED) % 8]);
		else if (i < PL_KIND)
			qv_fmt(buf, len, "%s",
			       (const char *[]){"spent1", "spent2", "conflict", "burn",
			                        "burn.left"}[i - PL_SPENT]);
		else
			qv_fmt(buf, len, "kind.%s", T->kind[i - PL_KIND].id);
		return;
	}
	if (i < 2 * SEAT(nk)) {
		const char *who = i < SEAT(nk) ? "me" : "opp";
		int f = i % SEAT(nk);
		static const char *const lists[] = {"hand", "graveyard", "removed"};
		if (f < 3 * nk)
			qv_fmt(buf, len, "%s.%s.%s", lists[f / nk], T->kind[f % nk].id, who);
		else
			qv_fmt(buf, len, "%s.%s",
			       (const char *[]){"hand_count", "deck_count", "score", "credits",
			                        "mulligan", "turns"}[f - 3 * nk],
			       who);
		return;
	}
	int f = i - 2 * SEAT(nk);
	if (f < SG_IDLE)
		qv__spiel_head_name(f, ev_phase_names, EV_NPHASES, buf, len);
	else if (f < SG_ENDED)
		qv_fmt(buf, len, "%s",
		       (const char *[]){"idle", "played", "next_inst", "stack_size"}[f - SG_IDLE]);
	else if (f < SG_TO_MOVE)
		qv_fmt(buf, len, "ended.%s", ev_end_names[f - SG_ENDED]);
	else
		qv_fmt(buf, len, "to_move.%s", qv__spiel_to_move_names[f - SG_TO_MOVE]);
}

/* What the chain stack puts on the cells: per cell its card's first and second entry
 * (place + 1), their steps, used directions and spent points; the conflicts and the burns. */
typedef struct chain {
	uint8_t entry[2][EV_NCELLS], step[2][EV_NCELLS], used[2][EV_NCELLS], spent[2][EV_NCELLS];
	uint8_t conflict[EV_NCELLS], burn[EV_NCELLS], left[EV_NCELLS];
} chain;

static void read_chain(const ev_state *s, chain *k)
{
	memset(k, 0, sizeof *k);
	for (int i = 0; i < s->nstack; i++) {
		const ev_entry *e = &s->stack[i];
		int c = ev_find_cell_of(s, e->inst);
		if (c < 0)
			continue;
		int j = k->entry[0][c] ? 1 : 0;
		k->entry[j][c] = (uint8_t)(i + 1);
		k->step[j][c] = (uint8_t)(e->step % EV_NSTEPS + 1);
		for (int printed = 0; printed < QV_NDIRS; printed++)
			if (e->used >> printed & 1)
				k->used[j][c] |= (uint8_t)(1u << ev_board_dir(s->active, printed));
		k->spent[j][c] = e->spent;
		for (int x = 0; x < EV_NCELLS; x++)
			if (e->conflicts >> x & 1)
				k->conflict[x] = (uint8_t)(i + 1);
		if (e->burn_left) {
			k->burn[e->burn_center] = (uint8_t)(i + 1);
			k->left[e->burn_center] = e->burn_left;
		}
	}
}

/* Plane ch's value at cell c for viewer. */
static int cell_value(const ev_state *s, const chain *k, int viewer, int ch, int c)
{
	const ev_tables *T = ev_T(s);
	const ev_cell *x = &s->cell[c];
	if (ch == PL_CONFLICT)
		return k->conflict[c];
	if (ch == PL_BURN)
		return k->burn[c];
	if (ch == PL_BURN_LEFT)
		return k->left[c];
	if (!x->kind)
		return 0;
	bool cov = x->flags & EV_F_COVERED, seen = !cov || x->owner == viewer;
	bool monster = seen && !ev_is_block(T, x->kind - 1);
	switch (ch) {
	case PL_OWNER_ME: return x->owner == viewer;
	case PL_OWNER_OPP: return x->owner != viewer;
	case PL_CTRL_ME: return x->ctrl == viewer;
	case PL_CTRL_OPP: return x->ctrl != viewer;
	case PL_COVERED: return cov;
	case PL_GROWTH: return (x->flags & EV_F_GROWTH) != 0;
	case PL_DAMAGE: return x->dmg;
	case PL_ATK: return monster ? T->kind[x->kind - 1].atk : 0;
	case PL_DEF: return monster ? ev_cur_def(s, c) : 0;
	case PL_MOVED: return (x->flags & EV_F_MOVED) != 0;
	case PL_REACTIVATED: return (x->flags & EV_F_REACTIVATED) != 0;
	case PL_INST: return x->inst;
	case PL_ENTRY:
	case PL_ENTRY + 1: return k->entry[ch - PL_ENTRY][c];
	case PL_STEP:
	case PL_STEP + 1: return k->step[ch - PL_STEP][c];
	case PL_SPENT:
	case PL_SPENT + 1: return k->spent[ch - PL_SPENT][c];
	default: break;
	}
	if (ch >= PL_USED && ch < PL_SPENT)
		return k->used[(ch - PL_USED) / 8][c] >> ((ch - PL_USED) % 8) & 1;
	return seen && x->kind - 1 == ch - PL_KIND;
}

/* The planes before the chain's (PL_OWNER_ME to PL_INST) on the nheld cells that hold a card
 * (held[]), as cell_value gives them: each cell's values worked out once, then put plane by
 * plane so that the slots come out in order. */
static void put_cards(const ev_state *s, int viewer, const int *held, int nheld,
                      const qv__spiel_layout *l, qv__obs *o)
{
	const ev_tables *T = ev_T(s);
	int v[PL_ENTRY][EV_NCELLS];
	for (int i = 0; i < nheld; i++) {
		const ev_cell *x = &s->cell[held[i]];
		bool cov = x->flags & EV_F_COVERED, seen = !cov || x->owner == viewer;
		bool monster = seen && !ev_is_block(T, x->kind - 1);
		v[PL_OWNER_ME][i] = x->owner == viewer;
		v[PL_OWNER_OPP][i] = x->owner != viewer;
		v[PL_CTRL_ME][i] = x->ctrl == viewer;
		v[PL_CTRL_OPP][i] = x->ctrl != viewer;
		v[PL_COVERED][i] = cov;
		v[PL_GROWTH][i] = (x->flags & EV_F_GROWTH) != 0;
		v[PL_DAMAGE][i] = x->dmg;
		v[PL_ATK][i] = monster ? T->kind[x->kind - 1].atk : 0;
		v[PL_DEF][i] = monster ? ev_cur_def(s, held[i]) : 0;
		v[PL_MOVED][i] = (x->flags & EV_F_MOVED) != 0;
		v[PL_REACTIVATED][i] = (x->flags & EV_F_REACTIVATED) != 0;
		v[PL_INST][i] = x->inst;
	}
	for (int ch = 0; ch < PL_ENTRY; ch++)
		for (int i = 0; i < nheld; i++)
			qv__obs_put(o, qv__obs_slot(l, ch, held[i] % EV_SIDE, held[i] / EV_SIDE),
			            v[ch][i]);
}

/* The observation's parts (games/spiel.h): the planes of the cards (PL_OWNER_ME to PL_INST),
 * of the chain and of the kinds, each seat's scalars (the viewer's first), then the game's. */
enum { P_CARDS, P_CHAIN, P_KINDS, P_SEAT, P_GAME = P_SEAT + 2, NPARTS };

/* The planes of part `part` (P_CARDS to P_KINDS): the chain's marks on the cells it marks (k
 * NULL: the chain stack is empty, and every plane of the chain is 0), the others on the cells
 * that hold a card (an empty cell is 0 there), and the kind planes with one pass, the cells put
 * in buckets by kind so that the slots come out in order. Once information states are kept
 * every seat is observed at every step, and a cell_value for each of 63 planes by 49 cells was
 * most of that. The cards' and the kinds' planes read nothing but the cells. */
static void put_planes(const ev_state *s, const chain *k, int viewer, const qv__spiel_layout *l,
                       int part, qv__obs *o)
{
	const ev_tables *T = ev_T(s);
	int held[EV_NCELLS], nheld = 0;
	for (int c = 0; part != P_CHAIN && c < EV_NCELLS; c++)
		if (s->cell[c].kind)
			held[nheld++] = c;
	if (part == P_CARDS)
		put_cards(s, viewer, held, nheld, l, o);
	if (part == P_CHAIN) {
		/* the chain's planes are 0 but on the cells of its entries, conflicts and burns */
		int marked[EV_NCELLS], nmarked = 0;
		for (int c = 0; k && c < EV_NCELLS; c++)
			if (k->entry[0][c] || k->conflict[c] || k->burn[c])
				marked[nmarked++] = c;
		for (int ch = PL_ENTRY; ch < PL_KIND; ch++)
			for (int i = 0; i < nmarked; i++)
				qv__obs_put(
				    o,
				    qv__obs_slot(l, ch, marked[i] % EV_SIDE, marked[i] / EV_SIDE),
				    cell_value(s, k, viewer, ch, marked[i]));
	}
	if (part != P_KINDS)
		return;
	uint8_t by[EV_MAX_KINDS][EV_NCELLS];
	int count[EV_MAX_KINDS] = {0};
	for (int i = 0; i < nheld; i++) {
		const ev_cell *x = &s->cell[held[i]];
		if (!(x->flags & EV_F_COVERED) || x->owner == viewer)
			by[x->kind - 1][count[x->kind - 1]++] = (uint8_t)held[i];
	}
	for (int kind = 0; kind < T->nkinds; kind++)
		for (int i = 0; i < count[kind]; i++)
			qv__obs_put(o,
			            qv__obs_slot(l, PL_KIND + kind, by[kind][i] % EV_SIDE,
			                         by[kind][i] / EV_SIDE),
			            1);
}

static int ev_parts(const void *st, int32_t *from)
{
	qv__spiel_layout l;
	ev_layout(st, &l);
	int nk = ev_T(st)->nkinds;
	from[P_CARDS] = 0;
	from[P_CHAIN] = qv__obs_slot(&l, PL_ENTRY, 0, 0);
	from[P_KINDS] = qv__obs_slot(&l, PL_KIND, 0, 0);
	for (int r = 0; r < 2; r++)
		from[P_SEAT + r] = qv__obs_scalar(&l, r * SEAT(nk));
	from[P_GAME] = qv__obs_scalar(&l, 2 * SEAT(nk));
	return NPARTS;
}

static void ev_observe_part(const void *st, int viewer, int i, qv__obs *o)
{
	const ev_state *s = st;
	qv__spiel_layout l;
	ev_layout(st, &l);
	if (i == P_CHAIN) {
		chain k;
		if (s->nstack)
			read_chain(s, &k);
		put_planes(s, s->nstack ? &k : NULL, viewer, &l, i, o);
		return;
	}
	if (i < P_SEAT) {
		put_planes(s, NULL, viewer, &l, i, o);
		return;
	}
	int nk = ev_T(s)->nkinds;
	if (i < P_GAME) {
		int r = i - P_SEAT, p = (viewer + r) % 2, at = qv__obs_scalar(&l, r * SEAT(nk)),
		    sc[2];
		ev_scores(s, sc);
		const ev_player *pl = &s->pl[p];
		uint16_t grave[EV_MAX_KINDS] = {0}, removed[EV_MAX_KINDS] = {0};
		qv__deal_count(pl->grave, pl->ngrave, grave);
		qv__deal_count(pl->removed, pl->nremoved, removed);
		for (int c = 0; r == 0 && c < nk; c++)
			qv__obs_put(o, at + c, pl->hand[c]);
		for (int c = 0; c < nk; c++)
			qv__obs_put(o, at + nk + c, grave[c]);
		for (int c = 0; c < nk; c++)
			qv__obs_put(o, at + 2 * nk + c, removed[c]);
		at += 3 * nk;
		qv__obs_put(o, at + SS_HAND_COUNT, pl->nhand);
		qv__obs_put(o, at + SS_DECK_COUNT, pl->ndeck);
		qv__obs_put(o, at + SS_SCORE, sc[p]);
		qv__obs_put(o, at + SS_CREDITS, pl->credits);
		qv__obs_put(o, at + SS_MULL, pl->mull + 1);
		qv__obs_put(o, at + SS_TURNS, pl->turns);
		return;
	}
	int at = qv__obs_scalar(&l, 2 * SEAT(nk));
	bool known = s->phase != EV_PH_MULLIGAN && s->phase != EV_PH_COIN;
	qv__spiel_put_head(o, at, EV_NPHASES, viewer, s->phase, s->active, known, s->first,
	                   s->turn_no);
	qv__obs_put(o, at + SG_IDLE, s->idle);
	qv__obs_put(o, at + SG_PLAYED, s->played);
	qv__obs_put(o, at + SG_NEXT_INST, s->next_inst);
	qv__obs_put(o, at + SG_NSTACK, s->nstack);
	qv__obs_put(o, at + SG_ENDED + s->ended % EV_NENDS, 1);
	qv__obs_put(o, at + SG_TO_MOVE + qv__spiel_to_move_slot(ev_to_move(s), viewer), 1);
}

static void ev_observe(const void *st, int viewer, qv__obs *o)
{
	for (int i = 0; i < NPARTS; i++)
		ev_observe_part(st, viewer, i, o);
}

/* The parts that may differ from before to after: the cards' and kinds' planes read the
 * cells, the chain's the cells and the chain (everything after the players, to be safe), a
 * seat's scalars its
 * ev_player and the scores, and the game's scalars are observed again at every step. */
static void ev_changed(const void *before, const void *after, uint32_t *mask,
                       int8_t (*share)[QV__OBS_PARTS])
{
	(void)share; /* each seat's planes and scalars counted from itself: none alike */
	const ev_state *b = before, *a = after;
	uint32_t all = 1u << P_GAME;
	if (memcmp(b->cell, a->cell, sizeof a->cell))
		all |= 1u << P_CARDS | 1u << P_CHAIN | 1u << P_KINDS;
	else if (memcmp(b->stack, a->stack, sizeof *a - offsetof(ev_state, stack)))
		all |= 1u << P_CHAIN;
	int sb[2], sa[2];
	ev_scores(b, sb);
	ev_scores(a, sa);
	bool seat[2];
	for (int p = 0; p < 2; p++)
		seat[p] = sb[p] != sa[p] || memcmp(&b->pl[p], &a->pl[p], sizeof a->pl[p]);
	for (int v = 0; v < 2; v++)
		mask[v] = all | (uint32_t)seat[v] << P_SEAT | (uint32_t)seat[1 - v] << (P_SEAT + 1);
}

/* The mulligans (two), then per turn up to max_turns a hand play and its end (the main phase
 * has one play), and the chain's decisions: per entry (a card's activation; at most two per
 * card on the board, EV_MAX_STACK at once) its ability uses (one per arrow, eight), its
 * conflicts (eight), the ends of its two ability phases and the Firestorm points it
 * distributes one by one (at most EV_MAX_POINTS per Firestorm arrow). Chance: the coin, the
 * opening hands, the mulligans' draws and a draw per turn, never more cards than the decks
 * hold. */
static void ev_bounds(const void *st, unsigned flags, long *decisions, long *chance)
{
	const ev_state *s = st;
	long per_entry = 8 + 8 + 2 + 8L * EV_MAX_POINTS;
	*decisions = 2 + (long)s->max_turns * (2 + EV_MAX_STACK * per_entry);
	long cards = s->pl[0].decklen + s->pl[1].decklen;
	long draws = s->max_turns < cards ? s->max_turns : cards;
	*chance = 1 + ((flags & QV__DEAL_PILES) ? 4L * EV_HAND_START + draws : 0);
}

const qv__spiel_game qv__ev_spiel = {
    .name = "evons",
    .setup = qv__spiel_setup_decks,
    .deal = ev_deal,
    .arrange = ev_arrange,
    .canon = ev_canon,
    .deal_name = ev_deal_name,
    .layout = ev_layout,
    .slot_name = ev_slot_name,
    .cell_name = ev_cell_name_xy,
    .observe = ev_observe,
    .parts = ev_parts,
    .observe_part = ev_observe_part,
    .changed = ev_changed,
    .bounds = ev_bounds,
};
