/*
 * legal.c - which Evons actions are legal: legal() lists them (the mulligans, the main
 * phase's hand plays and end, the chain's abilities, burns, conflicts and next), the sampler
 * and count decode an index of the main phase's list instead of listing it, the coin is the
 * only chance event, and check accepts exactly the listed actions, with explain() wording a
 * refusal. One source of truth: check and the sampler follow legal()'s conditions and order,
 * so they cannot disagree with it. Nothing here changes a state.
 */
#include <stdio.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "core/fmt.h"
#include "core/rng.h"
#include "evons.h"

/* ---- legal actions ---- */

/* Appends the mulligans that start with the `depth` cards in seq, then go on with cards
 * left in `left`: with shuffle, each multiset once in card-table order (the deck is shuffled,
 * so the order cannot matter); without, every distinct order (the cards go under the deck in
 * the order named). Depth-first, so the list reads in lexicographic order. */
static int mulligan_tree(const ev_state *s, uint8_t *left, int *seq, int depth, qv_action *out,
                         int n)
{
	const ev_tables *T = ev_T(s);
	if (depth == EV_HAND_START)
		return n;
	int from = s->shuffle && depth > 0 ? seq[depth - 1] : 0;
	for (int k = from; k < T->nkinds; k++) {
		if (!left[k])
			continue;
		seq[depth] = k;
		left[k]--;
		uint32_t arg = 0;
		for (int i = 0; i <= depth; i++)
			arg |= (uint32_t)(seq[i] + 1) << (5 * i);
		out[n++] = EV_MAKE(EV_ACT_MULLIGAN, arg);
		n = mulligan_tree(s, left, seq, depth + 1, out, n);
		left[k]++;
	}
	return n;
}

static int legal_mulligan(const ev_state *s, qv_action *out)
{
	uint8_t left[EV_MAX_KINDS];
	int seq[EV_HAND_START];
	memcpy(left, s->pl[s->active].hand, sizeof left);
	out[0] = EV_MAKE(EV_ACT_KEEP, 0);
	return mulligan_tree(s, left, seq, 0, out, 1);
}

static int legal_main(const ev_state *s, qv_action *out)
{
	const ev_tables *T = ev_T(s);
	int p = s->active, n = 0;
	const ev_player *pl = &s->pl[p];
	if (!s->played) {
		for (int k = 0; k < T->nmonsters; k++)
			if (pl->hand[k] && T->kind[k].cost <= pl->credits)
				for (int c = 0; c < EV_NCELLS; c++)
					if (!ev_occupied(s, c))
						out[n++] = EV_MAKE(EV_ACT_PLAY, k | c << 5);
		for (int k = 0; k < T->nmonsters; k++)
			if (pl->hand[k])
				for (int c = 0; c < EV_NCELLS; c++)
					if (!ev_occupied(s, c))
						out[n++] = EV_MAKE(EV_ACT_COVER, k | c << 5);
		for (int c = 0; c < EV_NCELLS; c++)
			if (ev_occupied(s, c) && ev_covered(s, c) && s->cell[c].ctrl == p &&
			    ((s->cell[c].flags & EV_F_GROWTH) ||
			     T->kind[ev_kind_at(s, c)].cost <= pl->credits))
				out[n++] = EV_MAKE(EV_ACT_REVEAL, c);
	}
	out[n++] = EV_MAKE(EV_ACT_END, 0);
	return n;
}

/* Magnetism of the card on c in board direction d towards the empty cell t: one action per
 * monster orthogonally next to t but the active card, in cell order so the list reads
 * naturally. */
static inline int legal_magnetism(const ev_state *s, int c, int d, int t, qv_action *out)
{
	static const int orth[4] = {QV_N, QV_E, QV_S, QV_W};
	int src[4], ns = 0;
	for (int i = 0; i < 4; i++) {
		int x = ev_step(t, orth[i]);
		if (x >= 0 && ev_monster_at(s, x) && x != c)
			src[ns++] = x;
	}
	for (int i = 1; i < ns; i++)
		for (int j = i; j > 0 && src[j - 1] > src[j]; j--) {
			int tmp = src[j];
			src[j] = src[j - 1];
			src[j - 1] = tmp;
		}
	for (int i = 0; i < ns; i++)
		out[i] = EV_ABIL(d, EV_ARG_CELL, src[i]);
	return ns;
}

/* Resurrection by the card on c in board direction d (entry e) onto an empty target: one action
 * per monster kind in the active player's graveyard whose cost fits the budget left. */
static inline int legal_resurrection(const ev_state *s, const ev_entry *e, int c, int d,
                                     qv_action *out)
{
	const ev_tables *T = ev_T(s);
	const ev_player *pl = &s->pl[s->active];
	int budget = ev_board_param(s, c, d) - e->spent, n = 0;
	bool seen[EV_MAX_KINDS] = {false};
	for (int i = 0; i < pl->ngrave; i++) {
		int k = pl->grave[i];
		if (!ev_is_block(T, k))
			seen[k] = true;
	}
	for (int k = 0; k < T->nmonsters; k++)
		if (seen[k] && T->kind[k].cost <= budget)
			out[n++] = EV_ABIL(d, EV_ARG_CARD, k);
	return n;
}

/* The ability actions of the arrow of the active card (on c) in board direction d. */
static int legal_ability(const ev_state *s, const ev_entry *e, int c, int d, qv_action *out)
{
	const ev_tables *T = ev_T(s);
	int p = s->active, n = 0, t = ev_step(c, d);
	const ev_player *pl = &s->pl[p];
	if (t < 0)
		return 0;
	switch (ev_board_ability(s, c, d)) {
	case EV_AB_REMOVE:
		if (ev_monster_at(s, t))
			out[n++] = EV_ABIL(d, EV_ARG_NONE, 0);
		break;
	case EV_AB_BLOCK:
		if (!ev_occupied(s, t)) {
			for (int k = T->nmonsters; k < T->nkinds; k++)
				if (pl->hand[k])
					out[n++] = EV_ABIL(d, EV_ARG_CARD, k);
		} else if (ev_block_at(s, t)) {
			out[n++] = EV_ABIL(d, EV_ARG_NONE, 0);
		}
		break;
	case EV_AB_FIRESTORM: {
		int tg[5];
		if (ev_burn_targets(s, t, p, tg) > 0)
			out[n++] = EV_ABIL(d, EV_ARG_NONE, 0);
		break;
	}
	case EV_AB_SWAP:
		if (ev_monster_at(s, t))
			out[n++] = EV_ABIL(d, EV_ARG_NONE, 0);
		break;
	case EV_AB_SHOCKWAVE:
		if (ev_occupied(s, t))
			out[n++] = EV_ABIL(d, EV_ARG_NONE, 0);
		break;
	case EV_AB_MAGNETISM:
		if (!ev_occupied(s, t))
			n = legal_magnetism(s, c, d, t, out);
		break;
	case EV_AB_GROWTH:
		if (!ev_occupied(s, t))
			for (int k = 0; k < T->nmonsters; k++)
				if (pl->hand[k])
					out[n++] = EV_ABIL(d, EV_ARG_CARD, k);
		break;
	case EV_AB_RESURRECTION:
		if (!ev_occupied(s, t))
			n = legal_resurrection(s, e, c, d, out);
		break;
	default: break;
	}
	return n;
}

static int legal_chain(const ev_state *s, qv_action *out)
{
	const ev_tables *T = ev_T(s);
	const ev_entry *e = &s->stack[s->nstack - 1];
	int c = ev_entry_cell(s, e), n = 0;
	if (c < 0)
		return 0;
	if (e->burn_left) {
		int t[5];
		int k = ev_burn_targets(s, e->burn_center, s->active, t);
		for (int i = 1; i < k; i++) /* cell order */
			for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
				int tmp = t[j];
				t[j] = t[j - 1];
				t[j - 1] = tmp;
			}
		for (int i = 0; i < k; i++)
			out[n++] = EV_MAKE(EV_ACT_BURN, t[i]);
		return n;
	}
	if (e->step == EV_ST_CONFLICTS) {
		for (int x = 0; x < EV_NCELLS; x++)
			if (e->conflicts >> x & 1)
				out[n++] = EV_MAKE(EV_ACT_CONFLICT, x);
		return n;
	}
	unsigned arrows = T->kind[ev_kind_at(s, c)].arrows, used = e->used;
	int ctrl = s->cell[c].ctrl;
	for (int d = 0; d < QV_NDIRS; d++) {
		int printed = ev_board_dir(ctrl, d);
		if ((arrows >> printed & 1) && !(used >> printed & 1))
			n += legal_ability(s, e, c, d, out + n);
	}
	out[n++] = EV_MAKE(EV_ACT_NEXT, 0);
	return n;
}

int ev_legal(const void *st, qv_action *out)
{
	const ev_state *s = st;
	switch (s->phase) {
	case EV_PH_MULLIGAN: return legal_mulligan(s, out);
	case EV_PH_MAIN: return legal_main(s, out);
	case EV_PH_CHAIN: return legal_chain(s, out);
	default: return 0;
	}
}

/* ---- sampling and counting without the list ----
 *
 * The main phase's list is up to 2 x 31 x 49 plays and covers: the sampler counts each family
 * (plays: affordable monster kinds x empty cells; covers: monster kinds x empty cells; reveals;
 * end), draws one index with the same qv_rng_below(n) a caller of legal() would, and decodes
 * the action at that index in legal()'s order, so a random game is the same game either way.
 * The mulligan (twice a game) and the chain (a few actions) are listed as legal() lists them. */

/* The index of the i-th (from 0) set bit of m, which has more than i. */
static int nth_bit(uint64_t m, int i)
{
	int base = 0;
	for (int n; i >= (n = __builtin_popcount((uint32_t)(m & 0xFFFF))); m >>= 16, base += 16)
		i -= n;
	while (i--)
		m &= m - 1;
	return base + __builtin_ctzll(m);
}

/* The main phase's families: affordable monster kinds in hand (plays), monster kinds in hand
 * (covers), the revealable cells, the empty cells. */
typedef struct main_families {
	uint32_t play_kinds, cover_kinds;
	uint64_t reveal, empty;
	int nplay, ncover, nreveal, nempty;
} main_families;

/* The kinds p holds in hand (bit k), by comparing the hand's bytes 16 at a time. */
static inline uint32_t hand_kinds(const ev_player *pl)
{
#ifdef __SSE2__
	const __m128i zero = _mm_setzero_si128();
	/* bytes 0-15 and 15-30: the second load ends with the last kind */
	__m128i lo = _mm_loadu_si128((const __m128i *)(const void *)pl->hand);
	__m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(pl->hand + EV_MAX_KINDS - 16));
	unsigned empty = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, zero)) |
	                 (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, zero))
	                     << (EV_MAX_KINDS - 16);
	return ~empty & ((1u << EV_MAX_KINDS) - 1);
#else
	uint32_t m = 0;
	for (int k = 0; k < EV_MAX_KINDS; k++)
		m |= (uint32_t)(pl->hand[k] != 0) << k;
	return m;
#endif
}

static void count_main(const ev_state *s, main_families *f)
{
	const ev_tables *T = ev_T(s);
	int p = s->active;
	const ev_player *pl = &s->pl[p];
	int credits = pl->credits < 255 ? pl->credits : 255;
	uint32_t cover = hand_kinds(pl) & ((1u << T->nmonsters) - 1);
	f->cover_kinds = cover;
	f->play_kinds = cover & T->afford[credits];
	f->empty = ~s->board & ((1ull << EV_NCELLS) - 1);
	f->reveal = 0;
	for (uint64_t m = s->covered; m; m &= m - 1) {
		int c = __builtin_ctzll(m);
		const ev_cell *x = &s->cell[c];
		if (x->ctrl == p && ((x->flags & EV_F_GROWTH) || T->cost[x->kind - 1] <= credits))
			f->reveal |= 1ull << c;
	}
	f->nplay = __builtin_popcount(f->play_kinds);
	f->ncover = __builtin_popcount(f->cover_kinds);
	f->nreveal = __builtin_popcountll(f->reveal);
	f->nempty = __builtin_popcountll(f->empty);
}

/* The i-th action of legal_main's list for the families f. */
static qv_action main_action(const main_families *f, int i)
{
	int n = f->nplay * f->nempty;
	if (i < n)
		return EV_MAKE(EV_ACT_PLAY, nth_bit(f->play_kinds, i / f->nempty) |
		                                nth_bit(f->empty, i % f->nempty) << 5);
	i -= n;
	n = f->ncover * f->nempty;
	if (i < n)
		return EV_MAKE(EV_ACT_COVER, nth_bit(f->cover_kinds, i / f->nempty) |
		                                 nth_bit(f->empty, i % f->nempty) << 5);
	i -= n;
	if (i < f->nreveal)
		return EV_MAKE(EV_ACT_REVEAL, nth_bit(f->reveal, i));
	return EV_MAKE(EV_ACT_END, 0);
}

/* A chain decision lists at most one card per kind per arrow, and next. */
#define EV_MAX_CHAIN_ACTIONS (QV_NDIRS * EV_MAX_KINDS + 1)

/* The mulligan's list, kept apart so that its large buffer stays off the other paths. */
__attribute__((noinline)) static qv_action sample_listed(const ev_state *s, qv_rng *rng, int *n)
{
	qv_action list[EV_MAX_ACTIONS];
	*n = ev_legal(s, list);
	return *n > 0 ? list[qv_rng_below(rng, (uint32_t)*n)] : -1;
}

qv_action ev_sample(const void *st, qv_rng *rng, int *restrict n)
{
	const ev_state *s = st;
	switch (s->phase) {
	case EV_PH_MAIN: {
		if (s->played) {
			*n = 1;
			(void)qv__rng_below(rng, 1); /* as a caller of legal() draws among one */
			return EV_MAKE(EV_ACT_END, 0);
		}
		main_families f;
		count_main(s, &f);
		int k = *n = (f.nplay + f.ncover) * f.nempty + f.nreveal + 1;
		return main_action(&f, (int)qv__rng_below(rng, (uint32_t)k));
	}
	case EV_PH_CHAIN: {
		qv_action list[EV_MAX_CHAIN_ACTIONS];
		int k = *n = legal_chain(s, list);
		return k > 0 ? list[qv__rng_below(rng, (uint32_t)k)] : -1;
	}
	case EV_PH_MULLIGAN: return sample_listed(s, rng, n);
	default: *n = 0; return -1;
	}
}

int ev_count(const void *st)
{
	const ev_state *s = st;
	switch (s->phase) {
	case EV_PH_MAIN: {
		if (s->played)
			return 1;
		main_families f;
		count_main(s, &f);
		return (f.nplay + f.ncover) * f.nempty + f.nreveal + 1;
	}
	case EV_PH_CHAIN: {
		qv_action list[EV_MAX_CHAIN_ACTIONS];
		return legal_chain(s, list);
	}
	case EV_PH_MULLIGAN: {
		qv_action list[EV_MAX_ACTIONS];
		return legal_mulligan(s, list);
	}
	default: return 0;
	}
}

int ev_chance(const void *st, qv_action *out, double *prob)
{
	const ev_state *s = st;
	if (s->phase != EV_PH_COIN)
		return 0;
	for (int p = 0; p < 2; p++) {
		out[p] = EV_MAKE(EV_ACT_COIN, p);
		prob[p] = 0.5;
	}
	return 2;
}

/* ---- why an action is refused ---- */

static const char *kname(const ev_state *s, int k)
{
	const ev_tables *T = ev_T(s);
	return k >= 0 && k < T->nkinds ? T->kind[k].id : "?";
}

/* What the player to move is asked now, for messages. */
static void pending_text(const ev_state *s, char *buf, size_t len)
{
	int p = s->active + 1;
	switch (s->phase) {
	case EV_PH_MULLIGAN:
		qv_fmt(buf, len, "p%d keeps or mulligans: keep or mulligan <card>...", p);
		break;
	case EV_PH_COIN: qv_fmt(buf, len, "a coin picks the first player: coin p1|p2"); break;
	case EV_PH_MAIN:
		if (s->played)
			qv_fmt(buf, len, "p%d has made the turn's hand play and must end", p);
		else
			qv_fmt(buf, len,
			       "p%d makes a hand play (play <card> <cell>, cover <card> <cell>, "
			       "reveal <cell>) or ends the turn (end)",
			       p);
		break;
	case EV_PH_CHAIN: {
		const ev_entry *e = &s->stack[s->nstack - 1];
		char b[4];
		ev_cell_name(ev_find_cell_of(s, e->inst), b);
		if (e->burn_left)
			qv_fmt(buf, len, "p%d deals Firestorm points (%d left): burn <cell>", p,
			       e->burn_left);
		else if (e->step == EV_ST_CONFLICTS)
			qv_fmt(buf, len,
			       "p%d chooses the next conflict of the card on %s: "
			       "conflict <cell>",
			       p, b);
		else
			qv_fmt(buf, len,
			       "the card on %s is in Ability Phase %d: ability <dir> "
			       "[args] or next",
			       b, e->step == EV_ST_ABILITY1 ? 1 : 2);
		break;
	}
	default: qv_fmt(buf, len, "the game is over"); break;
	}
}

/* What ability ab of the arrow in direction dn needs, when it cannot be used as asked: each a
 * whole sentence (docs/web/narration.md: a page translates a reason by its format). */
static qv_status refuse_ability(int ab, const char *dn, qv_err *err)
{
	switch (ab) {
	case EV_AB_REMOVE:
		return qv_fail(
		    err, QV_EILLEGAL,
		    "Remove ability %s cannot be used that way: Remove needs a monster on "
		    "the target: ability <dir>",
		    dn);
	case EV_AB_BLOCK:
		return qv_fail(
		    err, QV_EILLEGAL,
		    "Block ability %s cannot be used that way: Block needs an empty target "
		    "and a block card in hand (ability <dir> <block-card>) or a block on "
		    "the target (ability <dir>)",
		    dn);
	case EV_AB_FIRESTORM:
		return qv_fail(err, QV_EILLEGAL,
		               "Firestorm ability %s cannot be used that way: Firestorm needs an "
		               "opponent monster on the target or orthogonally next to it: ability "
		               "<dir>",
		               dn);
	case EV_AB_SWAP:
		return qv_fail(
		    err, QV_EILLEGAL,
		    "Swap ability %s cannot be used that way: Swap needs a monster on the "
		    "target: ability <dir>",
		    dn);
	case EV_AB_SHOCKWAVE:
		return qv_fail(
		    err, QV_EILLEGAL,
		    "Shockwave ability %s cannot be used that way: Shockwave needs a card "
		    "on the target: ability <dir>",
		    dn);
	case EV_AB_MAGNETISM:
		return qv_fail(err, QV_EILLEGAL,
		               "Magnetism ability %s cannot be used that way: Magnetism needs an "
		               "empty target and a card (not a block, not the active card) "
		               "orthogonally next to it: ability <dir> <source-cell>",
		               dn);
	case EV_AB_GROWTH:
		return qv_fail(err, QV_EILLEGAL,
		               "Growth ability %s cannot be used that way: Growth needs an empty "
		               "target and a monster in hand: ability <dir> <card>",
		               dn);
	default:
		return qv_fail(
		    err, QV_EILLEGAL,
		    "Resurrection ability %s cannot be used that way: Resurrection needs "
		    "an empty target and a monster in the own graveyard whose cost fits "
		    "the budget left: ability <dir> <card>",
		    dn);
	}
}

/* Why the ability of the active card's arrow in board direction d cannot be used as a says:
 * not now, no such arrow, a plain one, used already, or what its ability needs. */
static qv_status explain_ability(const ev_state *s, int d, const char *what, qv_err *err)
{
	const ev_entry *e = &s->stack[s->nstack - 1];
	int cc = ev_find_cell_of(s, e->inst);
	if (e->burn_left || e->step == EV_ST_CONFLICTS)
		return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
	if (cc < 0 || !(ev_board_arrows(s, cc) >> d & 1))
		return qv_fail(err, QV_EILLEGAL, "the active card has no arrow pointing %s",
		               qv_dir_names[d]);
	int ab = ev_board_ability(s, cc, d);
	if (ab == EV_AB_NONE)
		return qv_fail(err, QV_EILLEGAL, "the %s arrow of the active card is plain",
		               qv_dir_names[d]);
	if (e->used >> ev_board_dir(s->cell[cc].ctrl, d) & 1)
		return qv_fail(err, QV_EILLEGAL,
		               "the %s arrow's ability was already used in this activation",
		               qv_dir_names[d]);
	return refuse_ability(ab, qv_dir_names[d], err);
}

/* Why a play, cover (of card kind arg & 31 on cell arg >> 5) or reveal (of cell arg) cannot be
 * made: the turn's hand play made, the card or cell wrong, or its cost beyond the credits. */
static qv_status explain_hand_play(const ev_state *s, int type, int arg, const char *what,
                                   qv_err *err)
{
	const ev_tables *T = ev_T(s);
	int p = s->active, k = arg & 31, c = arg >> 5;
	const ev_player *pl = &s->pl[p];
	char b[4];
	if (s->played)
		return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
	if (type != EV_ACT_REVEAL) {
		if (k >= T->nkinds || !pl->hand[k])
			return qv_fail(err, QV_EILLEGAL, "p%d does not hold %s", p + 1,
			               kname(s, k));
		if (ev_is_block(T, k))
			return qv_fail(err, QV_EILLEGAL,
			               "a block reaches the board only by a Block ability");
		if (c >= EV_NCELLS || ev_occupied(s, c))
			return qv_fail(err, QV_EILLEGAL, "%s is not an empty cell",
			               (ev_cell_name(c, b), b));
		return qv_fail(err, QV_EILLEGAL, "p%d cannot pay %s's cost %d (credits: %d)", p + 1,
		               kname(s, k), T->kind[k].cost, pl->credits);
	}
	if (arg >= EV_NCELLS || !ev_occupied(s, arg) || !ev_covered(s, arg) ||
	    s->cell[arg].ctrl != p)
		return qv_fail(err, QV_EILLEGAL, "%s holds no covered card of p%d",
		               (ev_cell_name(arg, b), b), p + 1);
	return qv_fail(err, QV_EILLEGAL, "p%d cannot pay the cost %d (credits: %d)", p + 1,
	               T->kind[ev_kind_at(s, arg)].cost, pl->credits);
}

static qv_status explain(const ev_state *s, qv_action a, qv_err *err)
{
	static const int phase_of[] = {
	    [EV_ACT_KEEP] = EV_PH_MULLIGAN, [EV_ACT_MULLIGAN] = EV_PH_MULLIGAN,
	    [EV_ACT_PLAY] = EV_PH_MAIN,     [EV_ACT_COVER] = EV_PH_MAIN,
	    [EV_ACT_REVEAL] = EV_PH_MAIN,   [EV_ACT_END] = EV_PH_MAIN,
	    [EV_ACT_ABILITY] = EV_PH_CHAIN, [EV_ACT_BURN] = EV_PH_CHAIN,
	    [EV_ACT_NEXT] = EV_PH_CHAIN,    [EV_ACT_CONFLICT] = EV_PH_CHAIN,
	    [EV_ACT_COIN] = EV_PH_COIN,
	};
	int type = EV_TYPE(a), arg = EV_ARG(a), p = s->active;
	if (a < 0 || type < EV_ACT_KEEP || type > EV_ACT_COIN)
		return qv_fail(err, QV_EINVAL, "not an action of this game");
	if (!err) /* the search's checks: no message, which took more than the test */
		return QV_EILLEGAL;
	char what[200], b[4];
	pending_text(s, what, sizeof what);
	if (s->phase == EV_PH_OVER)
		return qv_fail(err, QV_EILLEGAL, "the game is over");
	if (phase_of[type] != s->phase)
		return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
	switch (type) {
	case EV_ACT_MULLIGAN:
		return qv_fail(err, QV_EILLEGAL,
		               "p%d can only return cards from the hand (each as often as held)",
		               p + 1);
	case EV_ACT_PLAY:
	case EV_ACT_COVER:
	case EV_ACT_REVEAL: return explain_hand_play(s, type, arg, what, err);
	case EV_ACT_ABILITY: return explain_ability(s, arg & 7, what, err);
	case EV_ACT_BURN:
		if (!s->nstack || !s->stack[s->nstack - 1].burn_left)
			return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
		return qv_fail(err, QV_EILLEGAL,
		               "a Firestorm point goes to an opponent monster on the target or a "
		               "cell orthogonally next to it; now: %s",
		               what);
	case EV_ACT_CONFLICT:
		if (!s->nstack || s->stack[s->nstack - 1].burn_left ||
		    s->stack[s->nstack - 1].step != EV_ST_CONFLICTS || arg >= EV_NCELLS)
			return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
		return qv_fail(err, QV_EILLEGAL, "%s is not a pending conflict; now: %s",
		               (ev_cell_name(arg, b), b), what);
	default: return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
	}
}

/* ---- check ---- */

/* Whether a is in legal_main's list, tested without listing: the conditions of each family
 * there, on the one card and cell the action names. */
static bool main_listed(const ev_state *s, qv_action a)
{
	const ev_tables *T = ev_T(s);
	int type = EV_TYPE(a), arg = EV_ARG(a), k = arg & 31, c = arg >> 5;
	const ev_player *pl = &s->pl[s->active];
	if (a < 0)
		return false;
	if (type == EV_ACT_END)
		return arg == 0;
	if (s->played)
		return false;
	switch (type) {
	case EV_ACT_PLAY:
	case EV_ACT_COVER:
		return k < T->nmonsters && c < EV_NCELLS && pl->hand[k] && !ev_occupied(s, c) &&
		       (type == EV_ACT_COVER || T->kind[k].cost <= pl->credits);
	case EV_ACT_REVEAL:
		return arg < EV_NCELLS && ev_occupied(s, arg) && ev_covered(s, arg) &&
		       s->cell[arg].ctrl == s->active &&
		       ((s->cell[arg].flags & EV_F_GROWTH) ||
		        T->kind[ev_kind_at(s, arg)].cost <= pl->credits);
	default: return false;
	}
}

/* Whether a is in legal_mulligan's list, tested without listing: keep, or the kinds of one to
 * EV_HAND_START cards of the hand (each field kind + 1, the unused fields 0 at the end), in
 * card-table order when the deck is shuffled. */
static bool mulligan_listed(const ev_state *s, qv_action a)
{
	const ev_tables *T = ev_T(s);
	int type = EV_TYPE(a);
	uint32_t arg = (uint32_t)EV_ARG(a);
	if (a < 0 || type == EV_ACT_KEEP)
		return a >= 0 && arg == 0;
	if (type != EV_ACT_MULLIGAN || arg == 0 || arg >> (5 * EV_HAND_START))
		return false;
	uint8_t left[EV_MAX_KINDS];
	memcpy(left, s->pl[s->active].hand, sizeof left);
	int prev = 0;
	for (int i = 0; i < EV_HAND_START; i++, arg >>= 5) {
		int k = (int)(arg & 31) - 1;
		if (k < 0)
			return arg == 0;
		if (k >= T->nkinds || !left[k] || (s->shuffle && k < prev))
			return false;
		left[k]--;
		prev = k;
	}
	return true;
}

/* Legal when it is the coin's outcome during the toss, or one of the legal actions: the main
 * phase's and the mulligan's tested directly, the chain's (a short list) looked up. */
qv_status ev_check(const void *st, qv_action a, qv_err *err)
{
	const ev_state *s = st;
	if (s->phase == EV_PH_COIN)
		return EV_TYPE(a) == EV_ACT_COIN && (EV_ARG(a) == 0 || EV_ARG(a) == 1)
		           ? QV_OK
		           : explain(s, a, err);
	if (s->phase == EV_PH_MAIN)
		return main_listed(s, a) ? QV_OK : explain(s, a, err);
	if (s->phase == EV_PH_MULLIGAN)
		return mulligan_listed(s, a) ? QV_OK : explain(s, a, err);
	qv_action list[EV_MAX_ACTIONS];
	int n = ev_legal(s, list);
	for (int i = 0; i < n; i++)
		if (list[i] == a)
			return QV_OK;
	return explain(s, a, err);
}
