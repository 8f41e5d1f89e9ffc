/*
 * prior.c - the search's one-ply values of THREE ARROWS placements without playing them (the
 * descriptor's values_after). A search ranks a node's untried actions by the heuristic after
 * each (ai/mcts_rank.c), and in mid-game nine in ten of them are placements: each was a copy of
 * the state, an apply and a heuristic of about a thousand instructions, most of a long
 * search. A placement changes little of what the heuristic counts (a player's worth,
 * three_arrows.h): the mover's pieces, every player's empty squares within reach, the attacks the
 * new piece makes or meets, and the attacks whose lines it lengthens. So the position's attacks are
 * listed once, each with the empty square at the end of each of its lines and what the line gains
 * beyond it, and every placement is tallied from them: the same counts as the heuristic of
 * the state after it, so the same value to the last bit (tests/unit/test_three_arrows.c holds
 * them equal at every placement of random games).
 *
 * A placement is left to an apply (ok false) where the game may end after it (the turn limit,
 * nobody left who can act) and in a position of more attacks than ATTACKS.
 */
#include <string.h>

#include "three_arrows.h"

/* Attacks listed at most; a position with more (a full 8x8 board) is left to applies. */
#define ATTACKS 512

/* An attack of the position: its owners, direction and margin (attack less defence), the empty
 * square where the attacker's line (behind it) ends and the strength the line gains past that
 * square, and the same for the defender's line (beyond the target); -1: the line ends at the
 * board's edge or at another player's piece, which no placement changes. */
typedef struct attack {
	int8_t qa, qb, d, ea, eb;
	int16_t margin, ca, cb;
} attack;

/* What every placement of one position starts from. */
typedef struct position {
	const ta_state *s;
	const ta_tables *T;
	uint64_t board, empty;
	long worth[TA_MAX_PLAYERS]; /* each player's, its targets left out */
	attack att[ATTACKS];
	int natt;
} position;

static inline int bit_sq(uint64_t b) { return __builtin_ctzll(b); }

/* Where owner's line from bit b ends walking `walk`: the empty square past its last piece
 * (into *end, -1 when the square past it is off the board or taken) and the strength in
 * direction dir of owner's pieces after that square (the line a piece placed there joins). */
static void line_end(const position *P, uint64_t b, int owner, int dir, int walk, int8_t *end,
                     int16_t *gain)
{
	const ta_state *s = P->s;
	while (b & s->occ[owner])
		b = ta_shift(b, walk);
	b &= P->empty;
	*end = (int8_t)(b ? bit_sq(b) : -1);
	*gain = (int16_t)(b ? ta_line_sum(s, ta_shift(b, walk), owner, dir, walk) : 0);
}

/* Lists player q's attacks and counts them into its worth; false when there are too many. */
static bool list_attacks(position *P, int q)
{
	const ta_state *s = P->s;
	const ta_tables *T = P->T;
	uint64_t opp = ta_opp_occ(s, q) & ~s->shielded;
	for (uint64_t m = s->occ[q] & ~s->covered; m; m &= m - 1) {
		uint64_t a = m & -m;
		int kf = TA_KF(s->cell[bit_sq(a)]);
		for (unsigned ds = T->dirbits[kf]; ds; ds &= ds - 1) {
			int d = __builtin_ctz(ds), o = qv_dir_opp((qv_dir)d);
			uint64_t b = ta_shift(a, d) & opp;
			if (!b)
				continue;
			if (P->natt == ATTACKS)
				return false;
			attack *x = &P->att[P->natt++];
			int qb = TA_OWNER(s->cell[bit_sq(b)]);
			x->qa = (int8_t)q;
			x->qb = (int8_t)qb;
			x->d = (int8_t)d;
			x->margin =
			    (int16_t)(ta_line_sum(s, a, q, d, o) - ta_line_sum(s, b, qb, o, d));
			line_end(P, a, q, d, o, &x->ea, &x->ca);
			line_end(P, b, qb, o, d, &x->eb, &x->cb);
			P->worth[q] += ta_attack_worth(x->margin);
		}
	}
	return true;
}

/* The position's worths and attacks; false when placements are left to applies. */
static bool position_of(position *P, const ta_state *s)
{
	P->s = s;
	P->T = ta_T(s);
	P->board = ta_board_mask(s->size);
	P->empty = P->board & ~ta_all_occ(s);
	P->natt = 0;
	if (s->phase != TA_PH_START && s->phase != TA_PH_MAIN)
		return false;
	for (int q = 0; q < s->nplayers; q++) {
		const ta_player *pl = &s->pl[q];
		P->worth[q] = TA_W_ONBOARD * pl->onboard + TA_W_BONUS * pl->bonus;
		if (!pl->eliminated && !list_attacks(P, q))
			return false;
	}
	return true;
}

/* What every placement on one square shares: the empty squares after it, the others' worths
 * with their targets, the position's attacks whose lines end there, and by direction the attacks a
 * piece there would make (the target's owner, -1 for none, the strength of p's line behind the
 * square and the target's defence) and meet (the attacker's owner, its strength, and the
 * defence of p's line beyond the square). */
typedef struct square {
	int sq;
	uint64_t bit, empty;
	long worth[TA_MAX_PLAYERS];
	bool goes; /* another player can act after it: the game goes on */
	int naff;
	int16_t aff[ATTACKS];
	int8_t tq[QV_NDIRS], aq[QV_NDIRS];
	int16_t behind[QV_NDIRS], tdef[QV_NDIRS], astr[QV_NDIRS], beyond[QV_NDIRS];
} square;

/* The attacks a piece on the square would make and meet, by direction (square's tq to beyond). */
static void square_lines(const position *P, square *S, int p)
{
	const ta_state *s = P->s;
	uint64_t opp = ta_opp_occ(s, p) & ~s->shielded;
	for (int d = 0; d < QV_NDIRS; d++) {
		int o = qv_dir_opp((qv_dir)d);
		uint64_t b = ta_shift(S->bit, d) & opp, a = ta_shift(S->bit, o) & ~s->covered;
		S->tq[d] = (int8_t)(b ? TA_OWNER(s->cell[bit_sq(b)]) : -1);
		if (b) {
			S->behind[d] = (int16_t)ta_line_sum(s, ta_shift(S->bit, o), p, d, o);
			S->tdef[d] = (int16_t)ta_line_sum(s, b, S->tq[d], o, d);
		}
		/* an attacker on the square's other side whose arrow points at it */
		int qa = a ? TA_OWNER(s->cell[bit_sq(a)]) : -1;
		S->aq[d] = -1;
		if (qa >= 0 && qa != p && P->T->arrows[TA_KF(s->cell[bit_sq(a)])][d]) {
			S->aq[d] = (int8_t)qa;
			S->astr[d] = (int16_t)ta_line_sum(s, a, qa, d, o);
			S->beyond[d] = (int16_t)ta_line_sum(s, ta_shift(S->bit, d), p, o, d);
		}
	}
}

/* The square sq's shared part for a placement of p. Before its first piece a player may place
 * on a side nobody has taken, and p's takes one; the game goes on after it when another
 * player still in can act (p's own holder changes: when none can, the placement is left to an
 * apply, which asks everyone). */
static void square_of(const position *P, square *S, int p, int sq)
{
	const ta_state *s = P->s;
	S->sq = sq;
	S->bit = 1ull << sq;
	S->empty = P->empty & ~S->bit;
	uint64_t taken =
	    s->pl[p].home < 0 ? ta_side_squares(s->size, ta_edge_side(sq, s->size)) : 0;
	S->goes = false;
	for (int q = 0; q < s->nplayers; q++) {
		if (q == p)
			continue;
		uint64_t r = s->pl[q].home < 0 ? ta_place_targets(s, q) & ~taken : s->reach[q];
		int targets = __builtin_popcountll(r & S->empty);
		S->worth[q] = P->worth[q] + TA_W_TARGET * targets;
		S->goes |= !s->pl[q].eliminated && ((s->occ[q] & s->covered) ||
		                                    (s->reach[q] & (ta_opp_occ(s, q) | S->bit)) ||
		                                    (ta_can_place_some(s, q) && targets));
	}
	S->worth[p] = P->worth[p] + TA_W_ONBOARD;
	S->naff = 0;
	for (int i = 0; i < P->natt; i++) {
		const attack *x = &P->att[i];
		if ((x->qa == p && x->ea == sq) || (x->qb == p && x->eb == sq))
			S->aff[S->naff++] = (int16_t)i;
	}
	square_lines(P, S, p);
}

/* The worths after p places a piece (arrows row kf, covered, shielded) on the square. */
static void worth_after(const position *P, const square *S, long *w, int p, int kf, bool cov,
                        bool sh)
{
	const ta_state *s = P->s;
	const ta_tables *T = P->T;
	memcpy(w, S->worth, sizeof S->worth);
	w[p] += TA_W_TARGET *
	        __builtin_popcountll((s->reach[p] | (cov ? 0 : T->reach[kf][S->sq])) & S->empty);
	for (int i = 0; i < S->naff; i++) {
		const attack *x = &P->att[S->aff[i]];
		int gain = x->qa == p
		               ? (cov ? 0 : T->arrows[kf][x->d]) + x->ca
		               : -((cov ? 0 : T->arrows[kf][qv_dir_opp((qv_dir)x->d)]) + x->cb);
		w[x->qa] += ta_attack_worth(x->margin + gain) - ta_attack_worth(x->margin);
	}
	for (unsigned ds = cov ? 0 : T->dirbits[kf]; ds; ds &= ds - 1) {
		int d = __builtin_ctz(ds);
		if (S->tq[d] >= 0)
			w[p] += ta_attack_worth(T->arrows[kf][d] + S->behind[d] - S->tdef[d]);
	}
	for (int d = 0; d < QV_NDIRS && !sh; d++)
		if (S->aq[d] >= 0) {
			int def = (cov ? 0 : T->arrows[kf][qv_dir_opp((qv_dir)d)]) + S->beyond[d];
			w[S->aq[d]] += ta_attack_worth(S->astr[d] - def);
		}
}

void ta_values_after(const void *st, const qv_action *acts, int n, int player, double *heur,
                     int *score, bool *ok)
{
	const ta_state *s = st;
	position P;
	square S; /* made at the first placement (aff not cleared: a kilobyte a call) */
	S.sq = -1;
	S.goes = false;
	S.empty = S.bit = 0;
	S.naff = 0;
	int now[QV_MAX_PLAYERS] = {0}; /* a placement captures nothing */
	for (int q = 0; q < s->nplayers; q++)
		now[q] = s->pl[q].captured;
	bool any = position_of(&P, s) && s->turns + 1 < s->max_turns;
	int p = s->turn;
	for (int i = 0; i < n; i++) {
		int arg = TA_ARG(acts[i]), sq = arg & 63;
		ok[i] = any && TA_TYPE(acts[i]) == TA_ACT_PLACE;
		if (!ok[i])
			continue;
		if (sq != S.sq) /* legal lists a square's placements together */
			square_of(&P, &S, p, sq);
		ok[i] = S.goes;
		long w[TA_MAX_PLAYERS];
		worth_after(&P, &S, w, p, TA_KF_OF(arg >> 8 & 7, arg >> 6 & 3), arg >> 11 & 1,
		            arg >> 12 & 1);
		heur[i] = ta_heuristic_of(s, w, player, 0);
		memcpy(&score[i * QV_MAX_PLAYERS], now, sizeof now);
	}
}
