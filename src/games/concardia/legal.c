/*
 * legal.c - which ConCardia actions are legal now: the list (legal), its length (count), one
 * of them drawn uniformly (sample), the coin (chance), and check, which says why an action is
 * refused.
 *
 * Legality has one source of truth, gather, which writes the legal actions down as families in
 * their documented order (play, persist, the Actions of the cards on the grid in square order,
 * persistent boosts, immediates, pass; discard, counter, persistent counter; react, decline).
 * A family is a set of cards or squares (a bitmask), or a product of two, so its size is a
 * popcount: legal lists the families, count adds their sizes, and sample finds the k-th action
 * without listing anything, and check finds an action's family. They cannot disagree, and sample
 * draws exactly the action legal's list holds at the same index (the same random games with or
 * without the sampler).
 */
#include <stdio.h>
#include <string.h>

#include "concardia.h"
#include "core/fmt.h"
#include "core/rng.h"

/* ---- the legal actions, family by family ---- */

/* Squares of files a and f, the whole grid, and its ranks 1 to 3. */
#define FILE_A   0x041041041ull
#define FILE_F   0x820820820ull
#define ALL_SQ   0xfffffffffull
#define LOW_HALF 0x3ffffull

/* The most families a decision has: play, persist, two for each of the player's cards on the
 * grid with an Action (a move; at most the 60 cards of a deck), four persistent boosts,
 * immediates, pass. */
#define MAX_FAMILIES (4 + 2 * CC_DECK_MAX + CC_MAX_PERSIST)

/* CC_MAKE(type, base | i << shift) for each i of mask, in ascending order; or, for a pair
 * family (squares not 0), CC_MAKE(type, card | sq << 6) for each card of mask and each sq of
 * squares, card by card. */
typedef struct family {
	int type, base, shift, size;
	uint64_t mask, squares;
} family;

/* How the families are gathered, a constant wherever it is given (each way is compiled on its
 * own): written down (legal, check); counted only (but for the action step's plays, the first
 * family, written as f[0]); or passed over, counted down, until the one holding the k-th
 * action, which is decoded (the sampler, which counts first). */
enum { WRITE, COUNT, FIND };

typedef struct families {
	int n, total;    /* families written (WRITE); actions (WRITE and COUNT) */
	int k;           /* FIND: the index sought, less the sizes of the families passed */
	qv_action found; /* FIND: the action */
	family f[MAX_FAMILIES];
} families;

static inline int lowest(uint64_t m) { return __builtin_ctzll(m); }
static inline int popcount(uint64_t m) { return __builtin_popcountll(m); }

/* The index of the i-th lowest set bit of m (m has more than i). */
static inline int nth_bit(uint64_t m, int i)
{
	for (; i > 0; i--)
		m &= m - 1;
	return lowest(m);
}

/* nth_bit for a set of squares, which a random play's square is drawn from (a dozen or more):
 * the low half of the grid (ranks 1 to 3) is passed over at once, with one popcount, when i
 * lies beyond it. */
static inline int nth_square(uint64_t m, int i)
{
	int low = popcount(m & LOW_HALF);
	if (i >= low) {
		i -= low;
		m &= ~LOW_HALF;
	}
	return nth_bit(m, i);
}

/* The squares of m and every square next to one of them. */
static inline uint64_t grow(uint64_t m)
{
	uint64_t row = m | (m & ~FILE_F) << 1 | (m & ~FILE_A) >> 1;
	return (row | row << 6 | row >> 6) & ALL_SQ;
}

/* The i-th action of family f. */
static inline qv_action family_action(const family *f, int i)
{
	if (!f->squares)
		return CC_MAKE(f->type, f->base | nth_bit(f->mask, i) << f->shift);
	int nsq = popcount(f->squares);
	return CC_MAKE(f->type, nth_bit(f->mask, i / nsq) | nth_square(f->squares, i % nsq) << 6);
}

/* Family f (none when empty), gathered as `how` says. True when it holds the action sought
 * (FIND), which is then in fs->found. */
static inline __attribute__((always_inline)) bool add_family(families *fs, int how, family f)
{
	if (!f.size)
		return false;
	switch (how) {
	case WRITE:
		QV_ASSERT(fs->n < MAX_FAMILIES);
		fs->f[fs->n++] = f;
		fs->total += f.size;
		return false;
	case COUNT: fs->total += f.size; return false;
	default:
		if (fs->k >= f.size) {
			fs->k -= f.size;
			return false;
		}
		fs->found = family_action(&f, fs->k);
		return true;
	}
}

static inline __attribute__((always_inline)) bool add_bits(families *fs, int how, int type,
                                                           int base, uint64_t mask, int shift)
{
	return add_family(fs, how, (family){type, base, shift, popcount(mask), mask, 0});
}

static inline __attribute__((always_inline)) bool add_one(families *fs, int how, int type, int arg)
{
	return add_bits(fs, how, type, arg, 1, 0);
}

static inline __attribute__((always_inline)) bool add_pairs(families *fs, int how, int type,
                                                            uint64_t cards, uint64_t squares)
{
	return add_family(
	    fs, how, (family){type, 0, 6, popcount(cards) * popcount(squares), cards, squares});
}

/* Whether a is one of f's actions. */
static bool in_family(const family *f, qv_action a)
{
	if (a < 0 || CC_TYPE(a) != f->type)
		return false;
	int arg = CC_ARG(a);
	if (f->squares)
		return arg >> 12 == 0 && (f->mask >> (arg & 63) & 1) &&
		       (f->squares >> (arg >> 6) & 1);
	if (f->size == 1)
		return a == family_action(f, 0);
	/* base | i << shift: base has no bits where i goes */
	int i = arg >> f->shift & 63;
	return (arg & ~(63 << f->shift)) == f->base && (f->mask >> i & 1);
}

/* Writes the actions of f to out; returns how many. */
static int list_family(const family *f, qv_action *out)
{
	int n = 0;
	if (!f->squares) {
		for (uint64_t m = f->mask; m; m &= m - 1)
			out[n++] = CC_MAKE(f->type, f->base | lowest(m) << f->shift);
		return n;
	}
	for (uint64_t m = f->mask; m; m &= m - 1) {
		qv_action card = CC_MAKE(f->type, lowest(m));
		for (uint64_t q = f->squares; q; q &= q - 1)
			out[n++] = card | lowest(q) << 6;
	}
	return n;
}

/* The cards a shover on sq can push (each with an empty square beyond it, in line). Only the
 * occupied neighbours with a square beyond are looked at, and the square beyond one is
 * 2 * over - sq. */
static uint64_t pushes(int sq, uint64_t occ)
{
	uint64_t m = 0;
	for (uint64_t o = cc_over[sq] & occ; o; o &= o - 1) {
		int over = lowest(o);
		if (!(occ >> (2 * over - sq) & 1))
			m |= o & -o;
	}
	return m;
}

/* Where a courier on sq can jump: over an adjacent card to the empty square beyond. The
 * occupied neighbours with a square beyond (sq + d for d in -7..7) are laid out as the bits
 * d + 7 of a word, whose bits are spread to the even places (bit j to bit 2j, as a Morton
 * code does): bit 2d + 14 is then the square sq + 2d beyond, shifted back in place without a
 * loop. The pushes are as many (pushes), so a count of them comes from here too. */
static inline uint64_t jumps(int sq, uint64_t occ)
{
	uint64_t w = ((cc_over[sq] & occ) << 7) >> sq;
	w = (w | w << 8) & 0x00ff00ffull;
	w = (w | w << 4) & 0x0f0f0f0full;
	w = (w | w << 2) & 0x33333333ull;
	w = (w | w << 1) & 0x55555555ull;
	return (w << sq) >> 14 & ~occ;
}

/* The opponent cards a saboteur could remove with `units` cost units: X = Defense - 1, paid
 * from the units other than the saboteur itself. Every one of them when the units pay the
 * highest printed Defense and none of them stands next to a support of its owner's (nearly
 * always, in random games). */
static uint64_t sabotage_targets(const cc_state *s, int p, int units)
{
	uint64_t foes = s->occ[1 - p], m = 0;
	if (units >= 1 && units >= cc_T(s)->max_defense && !(s->banners & foes))
		return foes;
	for (uint64_t t = foes; t; t &= t - 1)
		if (units - 1 >= cc_sabotage_cost(s, lowest(t)))
			m |= t & -t;
	return m;
}

/* The action step being gathered: what its parts share. units and targets are worked out at
 * the first part that asks (-1 and 0 with `targets_known` false before). */
typedef struct step {
	const cc_state *s;
	const cc_tables *T;
	int p, units;
	bool targets_known;
	uint64_t hand, occ, targets;
} step;

/* Where the count of the action step saw each card's Actions begin, for the search past the
 * plays: the cards' squares in order, the index of each one's first action, start[n] where
 * the persistent boosts, Immediates and pass begin, and start[0] past the plays and persists;
 * and the units and targets the count worked out. */
typedef struct step_marks {
	int n, units;
	bool targets_known;
	uint64_t targets;
	int8_t sq[CC_NSQ];
	int start[CC_NSQ + 1];
} step_marks;

/* cc_units(s, p), counted at the first call. */
static inline int units_of(step *st)
{
	if (st->units < 0)
		st->units = cc_units(st->s, st->p);
	return st->units;
}

/* Step 3, the turn's action, in three parts, each gathered as `how` says and true when the
 * action sought is found (FIND). First the plays and the persists. */
static inline __attribute__((always_inline)) bool step_head(const step *st, families *fs, int how)
{
	const cc_player *pl = &st->s->pl[st->p];
	uint64_t near = grow(st->occ) & ~st->occ;
	family play = {CC_ACT_PLAY, 0, 6, popcount(st->hand) * popcount(near), st->hand, near};
	if (how == COUNT)
		fs->f[0] = play; /* the sampler's: most of its draws are plays */
	if (add_family(fs, how, play))
		return true;
	uint64_t persistent = st->hand & st->T->of_kind[CC_AB_CHARGE];
	if (!persistent || pl->npersist >= CC_MAX_PERSIST)
		return false;
	for (int i = 0; i < pl->npersist; i++) /* one card of a name there */
		persistent &= ~st->T->cards[pl->persist[i] - 1].same_name;
	return add_bits(fs, how, CC_ACT_PERSIST, 0, persistent, 0);
}

/* Then the Actions of the active player's card on sq: a courier's slides and jumps, a
 * shover's shoves, a charger's boost; a shove or a boost needs its cost in units (1 and 2 in
 * the built-in set). */
static inline __attribute__((always_inline)) bool step_card(step *st, int sq, families *fs, int how)
{
	const cc_tables *T = st->T;
	int cell = st->s->grid[sq].card, k = T->kind[cell];
	if (k == CC_AB_MOVE)
		return add_bits(fs, how, CC_ACT_SLIDE, sq, cc_adj[sq] & ~st->occ, 6) ||
		       add_bits(fs, how, CC_ACT_JUMP, sq, jumps(sq, st->occ), 6);
	if (k == CC_AB_SHOVE) /* counted as the jumps are: as many */
		return units_of(st) >= T->cost[cell] &&
		       add_bits(fs, how, CC_ACT_SHOVE, sq,
		                how == COUNT ? jumps(sq, st->occ) : pushes(sq, st->occ), 6);
	QV_ASSERT(k == CC_AB_CHARGE);
	return units_of(st) >= T->cost[cell] && add_one(fs, how, CC_ACT_BOOST, sq);
}

/* Last the persistent boosts, a saboteur's Immediates (one pair family: each card id held,
 * each target) and pass. */
static inline __attribute__((always_inline)) bool step_tail(step *st, families *fs, int how)
{
	const cc_tables *T = st->T;
	const cc_player *pl = &st->s->pl[st->p];
	for (int i = 0; i < pl->npersist; i++)
		if (T->kind[pl->persist[i]] == CC_AB_CHARGE &&
		    units_of(st) >= T->cost[pl->persist[i]] &&
		    add_one(fs, how, CC_ACT_PBOOST, pl->persist[i] - 1))
			return true;
	uint64_t saboteurs = st->hand & T->of_kind[CC_AB_SABOTAGE];
	if (saboteurs) {
		if (!st->targets_known) {
			st->targets = sabotage_targets(st->s, st->p, units_of(st));
			st->targets_known = true;
		}
		if (add_pairs(fs, how, CC_ACT_IMMEDIATE, saboteurs, st->targets))
			return true;
	}
	return add_one(fs, how, CC_ACT_PASS, 0);
}

/* The action step of the player to move at s with the cards hand, whole: written (WRITE) or
 * counted (COUNT; with marks, where each part begins is kept there). */
static inline __attribute__((always_inline)) void
action_step(const cc_state *s, uint64_t hand, families *fs, int how, step_marks *marks)
{
	int p = s->active;
	step st = {s, cc_T(s), p, -1, false, hand, s->occ[0] | s->occ[1], 0};
	step_head(&st, fs, how);
	int n = 0;
	for (uint64_t m = (s->movers | s->dynamos) & s->occ[p]; m; m &= m - 1) {
		if (marks) {
			marks->sq[n] = (int8_t)lowest(m);
			marks->start[n++] = fs->total;
		}
		step_card(&st, lowest(m), fs, how);
	}
	if (marks) {
		marks->n = n;
		marks->start[n] = fs->total;
	}
	step_tail(&st, fs, how);
	if (marks) {
		marks->units = st.units;
		marks->targets_known = st.targets_known;
		marks->targets = st.targets;
	}
}

/* A unit of a cost: a card from the hand, a Charge Counter on the grid (only chargers carry
 * them) or in the Persistent Area; gathered as `how` says, true when found (FIND). */
static inline __attribute__((always_inline)) bool payment(const cc_state *s, uint64_t hand,
                                                          families *fs, int how)
{
	int p = s->active;
	const cc_player *pl = &s->pl[p];
	if (add_bits(fs, how, CC_ACT_DISCARD, 0, hand, 0))
		return true;
	uint64_t charged = 0;
	for (uint64_t m = s->dynamos & s->occ[p]; m; m &= m - 1)
		if (s->grid[lowest(m)].counters)
			charged |= m & -m;
	if (add_bits(fs, how, CC_ACT_COUNTER, 0, charged, 0))
		return true;
	for (int i = 0; i < pl->npersist; i++)
		if (pl->pcounters[i] && add_one(fs, how, CC_ACT_PCOUNTER, pl->persist[i] - 1))
			return true;
	return false;
}

/* The decisions other than the action step (the start, a cost, a reaction), gathered as `how`
 * says; true when found (FIND). */
static inline __attribute__((always_inline)) bool other_step(const cc_state *s, uint64_t hand,
                                                             families *fs, int how)
{
	switch (s->phase) {
	case CC_PH_START: return add_bits(fs, how, CC_ACT_START, 0, hand, 0);
	case CC_PH_PAY: return payment(s, hand, fs, how);
	case CC_PH_REACT:
		/* the offer for the card on react_next's square: each aegis held, or decline */
		return add_bits(fs, how, CC_ACT_REACT, (s->react_next % CC_NSQ) << 6,
		                hand & cc_T(s)->of_kind[CC_AB_SAVE], 0) ||
		       add_one(fs, how, CC_ACT_DECLINE, 0);
	default: return false;
	}
}

/* The legal actions now, gathered as `how` says (WRITE or COUNT): as families in the
 * documented order. */
static inline __attribute__((always_inline)) void gather_as(const cc_state *s, families *fs,
                                                            int how)
{
	fs->n = fs->total = 0;
	int who = cc_to_move(s);
	if (who < 0)
		return;
	if (s->phase == CC_PH_ACTION)
		action_step(s, s->held[who], fs, how, NULL);
	else
		other_step(s, s->held[who], fs, how);
}

static void gather(const cc_state *s, families *fs) { gather_as(s, fs, WRITE); }

int cc_legal(const void *st, qv_action *out)
{
	families fs;
	gather(st, &fs);
	int n = 0;
	for (int i = 0; i < fs.n; i++)
		n += list_family(&fs.f[i], out + n);
	return n;
}

int cc_count(const void *st)
{
	families fs;
	gather_as(st, &fs, COUNT);
	return fs.total;
}

/* The draw outside the action step: the decision's actions counted, then gone through again
 * as far as the one drawn, with nothing written down. */
static __attribute__((noinline)) qv_action sample_other(const cc_state *s, qv_rng *rng,
                                                        int *restrict n)
{
	families fs;
	int who = cc_to_move(s);
	*n = 0;
	if (who < 0)
		return -1;
	fs.total = 0;
	other_step(s, s->held[who], &fs, COUNT);
	*n = fs.total;
	if (fs.total == 0)
		return -1;
	fs.k = (int)qv__rng_below(rng, (uint32_t)fs.total);
	fs.found = -1;
	bool found = other_step(s, s->held[who], &fs, FIND);
	QV_ASSERT(found);
	(void)found;
	return fs.found;
}

/* The k-th action of the action step, k past its plays: found in the part that marks say
 * holds it, gone through again alone, with nothing written down. */
static __attribute__((noinline)) qv_action find_in_step(const cc_state *s, const step_marks *marks,
                                                        int k)
{
	step st = {s,
	           cc_T(s),
	           s->active,
	           marks->units,
	           marks->targets_known,
	           s->held[s->active],
	           s->occ[0] | s->occ[1],
	           marks->targets};
	families fs;
	fs.found = -1;
	int i = marks->n;
	while (i >= 0 && marks->start[i] > k)
		i--;
	bool found;
	if (i < 0) {
		fs.k = k;
		found = step_head(&st, &fs, FIND);
	} else if (i < marks->n) {
		fs.k = k - marks->start[i];
		found = step_card(&st, marks->sq[i], &fs, FIND);
	} else {
		fs.k = k - marks->start[i];
		found = step_tail(&st, &fs, FIND);
	}
	QV_ASSERT(found);
	(void)found;
	return fs.found;
}

/* The same draw as legal's list at qv_rng_below(count): random games are the same with or
 * without the sampler. The action step is counted, a play (most draws) decoded at once, and
 * another action found in the part of the step that holds it. */
qv_action cc_sample(const void *st, qv_rng *rng, int *restrict n)
{
	const cc_state *s = st;
	if (s->phase != CC_PH_ACTION)
		return sample_other(s, rng, n);
	families fs;
	step_marks marks;
	fs.total = 0;
	action_step(s, s->held[s->active], &fs, COUNT, &marks);
	*n = fs.total; /* never 0: passing is always legal */
	int k = (int)qv__rng_below(rng, (uint32_t)fs.total);
	if (k < fs.f[0].size)
		return family_action(&fs.f[0], k);
	return find_in_step(s, &marks, k);
}

int cc_chance(const void *st, qv_action *out, double *prob)
{
	const cc_state *s = st;
	if (s->phase != CC_PH_COIN)
		return 0;
	for (int p = 0; p < 2; p++) {
		out[p] = CC_MAKE(CC_ACT_COIN, p);
		prob[p] = 0.5;
	}
	return 2;
}

/* ---- why an action is refused ---- */

static const char *card_name(const cc_state *s, int card, char *buf)
{
	cc_card_name(cc_T(s), card, buf);
	return buf;
}

static const char *sq_name(int sq, char *buf)
{
	qv_sq_name(sq % 6, sq / 6, buf);
	return buf;
}

/* What the player to move is asked now, for messages. */
static void pending_text(const cc_state *s, char *buf, size_t len)
{
	char b[4];
	switch (s->phase) {
	case CC_PH_START:
		qv_fmt(buf, len, "p%d must choose a starting card: start <card>", s->active + 1);
		break;
	case CC_PH_COIN:
		qv_fmt(buf, len, "the coin decides who plays first: coin p1 or coin p2");
		break;
	case CC_PH_ACTION:
		qv_fmt(buf, len,
		       "p%d chooses the turn's action: play, persist, act, immediate or pass",
		       s->active + 1);
		break;
	case CC_PH_PAY:
		qv_fmt(
		    buf, len,
		    "p%d is paying a cost (%d left): discard <card>, counter <sq> or counter persistent <card>",
		    s->active + 1, s->pend_left);
		break;
	case CC_PH_REACT:
		qv_fmt(buf, len, "p%d may react to %s being captured: react <card> %s or decline",
		       cc_to_move(s) + 1, sq_name(s->react_next % CC_NSQ, b), b);
		break;
	default: qv_fmt(buf, len, "the game is over"); break;
	}
}

static bool valid_card(const cc_state *s, int c) { return c >= 0 && c < cc_T(s)->ncards; }
static bool valid_sq(int sq) { return sq >= 0 && sq < CC_NSQ; }

static qv_status refuse_play(const cc_state *s, int sq, qv_err *err)
{
	char b[16];
	if (!valid_sq(sq))
		return qv_fail(err, QV_EILLEGAL, "not a square of the 6 x 6 grid");
	if (s->grid[sq].card)
		return qv_fail(err, QV_EILLEGAL, "%s is not an empty square", sq_name(sq, b));
	return qv_fail(
	    err, QV_EILLEGAL,
	    "%s is not adjacent to a card on the grid (a card is played next to one already there)",
	    sq_name(sq, b));
}

static qv_status refuse_persist(const cc_state *s, int p, int card, qv_err *err)
{
	char b[CC_ID_MAX + 1];
	if (!cc_is_persistent(cc_T(s), card))
		return qv_fail(err, QV_EILLEGAL, "%s is not a Persistent card",
		               card_name(s, card, b));
	if (s->pl[p].npersist >= CC_MAX_PERSIST)
		return qv_fail(err, QV_EILLEGAL,
		               "p%d's Persistent Area is full: it holds at most %d cards", p + 1,
		               CC_MAX_PERSIST);
	return qv_fail(err, QV_EILLEGAL, "p%d's Persistent Area already holds a card of that name",
	               p + 1);
}

/* A slide, jump, shove or boost of the card on sq. */
static qv_status refuse_card_action(const cc_state *s, int p, int type, int sq, qv_err *err)
{
	static const int need[] = {[CC_ACT_SLIDE] = CC_AB_MOVE,
	                           [CC_ACT_JUMP] = CC_AB_MOVE,
	                           [CC_ACT_SHOVE] = CC_AB_SHOVE,
	                           [CC_ACT_BOOST] = CC_AB_CHARGE};
	const cc_tables *T = cc_T(s);
	char b[16];
	if (!s->grid[sq].card || s->grid[sq].owner != p)
		return qv_fail(err, QV_EILLEGAL, "%s holds no card of p%d", sq_name(sq, b), p + 1);
	if (T->kind[s->grid[sq].card] != need[type])
		return qv_fail(err, QV_EILLEGAL,
		               "the card on %s has no such Action (it takes a %s)", sq_name(sq, b),
		               cc_kind_card(T, need[type]));
	if (type == CC_ACT_BOOST || type == CC_ACT_SHOVE)
		if (cc_units(s, p) < T->cost[s->grid[sq].card])
			return qv_fail(
			    err, QV_EILLEGAL,
			    "p%d cannot pay the cost (cards in hand and Charge Counters: %d)",
			    p + 1, cc_units(s, p));
	if (type == CC_ACT_SLIDE)
		return qv_fail(err, QV_EILLEGAL, "a slide goes to an empty adjacent square");
	if (type == CC_ACT_JUMP)
		return qv_fail(
		    err, QV_EILLEGAL,
		    "a jump goes over an adjacent card to the empty square directly beyond it");
	return qv_fail(
	    err, QV_EILLEGAL,
	    "a shove pushes an adjacent card one square directly away, onto an empty square");
}

static qv_status refuse_persistent_boost(const cc_state *s, const cc_player *pl, int p, int card,
                                         qv_err *err)
{
	char b[CC_ID_MAX + 1];
	if (!valid_card(s, card))
		return qv_fail(err, QV_EILLEGAL, "p%d's Persistent Area holds no such card", p + 1);
	if (cc_persist_slot(pl, card) < 0)
		return qv_fail(err, QV_EILLEGAL, "p%d's Persistent Area holds no %s", p + 1,
		               card_name(s, card, b));
	return qv_fail(err, QV_EILLEGAL, "p%d cannot pay the cost %d", p + 1,
	               cc_T(s)->cost[card + 1]);
}

static qv_status refuse_immediate(const cc_state *s, int p, int card, int sq, qv_err *err)
{
	char b[CC_ID_MAX + 1];
	if (cc_T(s)->cards[card].kind != CC_AB_SABOTAGE)
		return qv_fail(err, QV_EILLEGAL, "%s has no Immediate ability",
		               card_name(s, card, b));
	if (!valid_sq(sq) || !s->grid[sq].card || s->grid[sq].owner == p)
		return qv_fail(err, QV_EILLEGAL,
		               "the target must be an opponent card in the Play Area");
	return qv_fail(err, QV_EILLEGAL, "p%d cannot pay X = %d", p + 1, cc_sabotage_cost(s, sq));
}

/* The phase in which each type of action is taken. */
static const int phase_of[] = {
    [CC_ACT_START] = CC_PH_START,      [CC_ACT_PLAY] = CC_PH_ACTION,
    [CC_ACT_PERSIST] = CC_PH_ACTION,   [CC_ACT_SLIDE] = CC_PH_ACTION,
    [CC_ACT_JUMP] = CC_PH_ACTION,      [CC_ACT_SHOVE] = CC_PH_ACTION,
    [CC_ACT_BOOST] = CC_PH_ACTION,     [CC_ACT_PBOOST] = CC_PH_ACTION,
    [CC_ACT_IMMEDIATE] = CC_PH_ACTION, [CC_ACT_DISCARD] = CC_PH_PAY,
    [CC_ACT_COUNTER] = CC_PH_PAY,      [CC_ACT_PCOUNTER] = CC_PH_PAY,
    [CC_ACT_REACT] = CC_PH_REACT,      [CC_ACT_DECLINE] = CC_PH_REACT,
    [CC_ACT_PASS] = CC_PH_ACTION,      [CC_ACT_COIN] = CC_PH_COIN,
};

/* The reason a well-formed action of this game is not legal now: first what holds for every
 * kind (the phase, a card held, a square of the grid), then the kind's own reasons. */
static qv_status explain(const cc_state *s, qv_action a, qv_err *err)
{
	int type = CC_TYPE(a), arg = CC_ARG(a), x = CC_A(arg), y = CC_B(arg);
	int p = cc_to_move(s);
	char b[CC_ID_MAX + 1], what[160];
	pending_text(s, what, sizeof what);
	if (type < CC_ACT_START || type > CC_ACT_COIN)
		return qv_fail(err, QV_EINVAL, "not an action of this game");
	if (s->phase == CC_PH_OVER)
		return qv_fail(err, QV_EILLEGAL, "the game is over");
	if (phase_of[type] != s->phase)
		return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
	const cc_player *pl = &s->pl[p >= 0 ? p : 0];
	bool card_arg = type == CC_ACT_START || type == CC_ACT_PLAY || type == CC_ACT_PERSIST ||
	                type == CC_ACT_IMMEDIATE || type == CC_ACT_DISCARD || type == CC_ACT_REACT;
	if (card_arg && !valid_card(s, x))
		return qv_fail(err, QV_EILLEGAL, "p%d does not hold that card", p + 1);
	if (card_arg && !pl->hand[x])
		return qv_fail(err, QV_EILLEGAL, "p%d does not hold %s", p + 1, card_name(s, x, b));
	if (!valid_sq(x) && !card_arg && type != CC_ACT_PBOOST && type != CC_ACT_PCOUNTER &&
	    type != CC_ACT_DECLINE && type != CC_ACT_PASS && type != CC_ACT_COIN)
		return qv_fail(err, QV_EINVAL, "not a square of the 6 x 6 grid");
	switch (type) {
	case CC_ACT_PLAY: return refuse_play(s, y, err);
	case CC_ACT_PERSIST: return refuse_persist(s, p, x, err);
	case CC_ACT_SLIDE:
	case CC_ACT_JUMP:
	case CC_ACT_SHOVE:
	case CC_ACT_BOOST: return refuse_card_action(s, p, type, x, err);
	case CC_ACT_PBOOST: return refuse_persistent_boost(s, pl, p, x, err);
	case CC_ACT_IMMEDIATE: return refuse_immediate(s, p, x, y, err);
	case CC_ACT_COUNTER:
		return qv_fail(err, QV_EILLEGAL, "%s holds no card of p%d with a Charge Counter",
		               sq_name(x, b), p + 1);
	case CC_ACT_PCOUNTER:
		if (!valid_card(s, x))
			return qv_fail(err, QV_EILLEGAL, "p%d's Persistent Area holds no such card",
			               p + 1);
		return qv_fail(err, QV_EILLEGAL,
		               "no card %s with a Charge Counter in p%d's Persistent Area",
		               card_name(s, x, b), p + 1);
	case CC_ACT_REACT:
		if (cc_T(s)->cards[x].kind != CC_AB_SAVE)
			return qv_fail(err, QV_EILLEGAL,
			               "%s has no reaction to a card being captured",
			               card_name(s, x, b));
		return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
	default: return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
	}
}

/* Legal when it is the coin's outcome during the toss, or one of the legal actions (the
 * boundary for actions from outside: a person, a record, the protocol). */
qv_status cc_check(const void *st, qv_action a, qv_err *err)
{
	const cc_state *s = st;
	if (s->phase == CC_PH_COIN)
		return CC_TYPE(a) == CC_ACT_COIN && (CC_ARG(a) == 0 || CC_ARG(a) == 1)
		           ? QV_OK
		           : explain(s, a, err);
	families fs;
	gather(s, &fs);
	for (int i = 0; i < fs.n; i++)
		if (in_family(&fs.f[i], a))
			return QV_OK;
	return explain(s, a, err);
}
