/*
 * legal.c - which THREE ARROWS actions are legal: legal() lists them (placements, attacks,
 * unshields, the advance, the defence and the die), chance() gives the die's faces, the
 * sampler and count work on families of actions without listing them, and ta_check accepts
 * exactly the listed ones, with the reason when it refuses. All of them use the same
 * generators (targets, placeable kinds, attack lines: rules.c and three_arrows.h), so they
 * cannot disagree. Nothing here changes a state.
 */
#include <stdio.h>
#include <string.h>

#include "core/rng.h"
#include "three_arrows.h"

/* ---- legal actions ---- */

static int gen_placements(const ta_state *s, int p, qv_action *out, int n)
{
	unsigned kinds = ta_placeable_kinds(s, p);
	if (!kinds)
		return n;
	const ta_tables *T = ta_T(s);
	int sh = s->pl[p].shields > 0;
	for (uint64_t m = ta_place_targets(s, p); m; m &= m - 1) {
		int sq = __builtin_ctzll(m);
		for (unsigned ks = kinds; ks; ks &= ks - 1) {
			int k = __builtin_ctz(ks);
			int cov = ta_can_cover(s, p, k);
			for (int f = 0; f < 4; f++) {
				if (T->canon_facing[k][f] != f)
					continue;
				for (int v = 0; v < 4; v++) {
					int c = v & 1, h = v >> 1;
					if ((c && !cov) || (h && !sh))
						continue;
					out[n++] = TA_PLACE(sq, f, k, c, h);
				}
			}
		}
	}
	return n;
}

int ta_legal(const void *st, qv_action *out)
{
	const ta_state *s = st;
	const ta_tables *T = ta_T(s);
	int n = 0;
	switch (s->phase) {
	case TA_PH_START:
	case TA_PH_MAIN: {
		int p = s->turn;
		if (s->phase == TA_PH_START)
			for (int k = 2; k <= s->pl[p].bonus; k++)
				out[n++] = TA_MAKE(TA_ACT_BONUS, k);
		for (uint64_t m = s->occ[p] & s->covered; m; m &= m - 1)
			out[n++] = TA_MAKE(TA_ACT_UNCOVER, __builtin_ctzll(m));
		n = gen_placements(s, p, out, n);
		uint64_t opp = ta_opp_occ(s, p), unshield = 0;
		for (uint64_t m = s->occ[p] & ~s->covered; m; m &= m - 1) {
			int from = __builtin_ctzll(m);
			ta_cell c = s->cell[from];
			uint64_t hit = T->reach[TA_KF(c)][from] & opp;
			unshield |= hit & s->shielded;
			for (int d = 0; d < QV_NDIRS; d++) {
				uint64_t to = ta_shift(1ull << from, d) & hit & ~s->shielded;
				if (to)
					out[n++] =
					    TA_MAKE(TA_ACT_ATTACK, from | __builtin_ctzll(to) << 6);
			}
		}
		for (; unshield; unshield &= unshield - 1)
			out[n++] = TA_MAKE(TA_ACT_UNSHIELD, __builtin_ctzll(unshield));
		break;
	}
	case TA_PH_DEFEND: {
		int p = TA_OWNER(s->cell[s->atk_to]);
		for (uint64_t m = s->occ[p] & s->covered; m; m &= m - 1)
			out[n++] = TA_MAKE(TA_ACT_UNCOVER, __builtin_ctzll(m));
		out[n++] = TA_MAKE(TA_ACT_DEFEND, 0);
		break;
	}
	case TA_PH_CAPTURE: {
		int k = TA_KIND(s->cell[s->atk_from]);
		out[n++] = TA_MAKE(TA_ACT_STAY, 0);
		for (int f = 0; f < 4; f++)
			if (T->canon_facing[k][f] == f)
				out[n++] = TA_MAKE(TA_ACT_ADVANCE, f);
		break;
	}
	default: break;
	}
	return n;
}

int ta_chance(const void *st, qv_action *out, double *prob)
{
	const ta_state *s = st;
	if (s->phase != TA_PH_DIE)
		return 0;
	const ta_tables *T = ta_T(s);
	for (int i = 0; i < T->nvalues; i++) { /* highest first: the order of the rules page */
		out[i] = TA_DIE(T->value[i]);
		prob[i] = T->prob[i];
	}
	return T->nvalues;
}

/* The families of a turn's actions (phases start and main), counted without listing them:
 * bonus, uncover, place (targets x options per square), attack and unshield. */
typedef struct families {
	int nbonus, nuncover, nplace, nattack, nunshield, per_sq;
	unsigned kinds;
	uint64_t mycov, targets, unshield;
	uint64_t attackers; /* the own pieces with at least one attack */
} families;

/* Inlined into the sampler and count: a call that fills f through memory cost the playouts 4%
 * (833 -> 867 instructions per action). */
static inline __attribute__((always_inline)) int count_families(const ta_state *s, int p,
                                                                families *f)
{
	const ta_player *pl = &s->pl[p];
	f->nbonus = (s->phase == TA_PH_START && pl->bonus >= 2) ? pl->bonus - 1 : 0;
	f->mycov = s->occ[p] & s->covered;
	f->nuncover = __builtin_popcountll(f->mycov);
	f->kinds = ta_placeable_kinds(s, p);
	f->targets = f->kinds ? ta_place_targets(s, p) : 0;
	f->per_sq = f->kinds ? ta_place_options(s, p, f->kinds) : 0;
	f->nplace = __builtin_popcountll(f->targets) * f->per_sq;
	/* An attack is a pair (own uncovered piece, unshielded opposing piece it points at): per
	 * direction, the own pieces with an arrow that way whose neighbour that way is a target
	 * (the targets stepped back). Their union is what the sampler decodes an attack among. */
	uint64_t opp = ta_opp_occ(s, p), own = s->occ[p], target = opp & ~s->shielded;
	f->nattack = 0;
	f->attackers = 0;
	for (int d = 0; d < QV_NDIRS; d++) {
		uint64_t from = s->dirs[d] & own & ta_shift(target, qv_dir_opp((qv_dir)d));
		f->nattack += __builtin_popcountll(from);
		f->attackers |= from;
	}
	f->unshield = s->reach[p] & opp & s->shielded;
	f->nunshield = __builtin_popcountll(f->unshield);
	return f->nbonus + f->nuncover + f->nplace + f->nattack + f->nunshield;
}

/* How many actions ta_legal lists, without listing them. */
int ta_count(const void *st)
{
	const ta_state *s = st;
	families f;
	switch (s->phase) {
	case TA_PH_START:
	case TA_PH_MAIN: return count_families(s, s->turn, &f);
	case TA_PH_DEFEND:
		return __builtin_popcountll(s->occ[TA_OWNER(s->cell[s->atk_to])] & s->covered) + 1;
	case TA_PH_CAPTURE: return 1 + ta_T(s)->nfacings[TA_KIND(s->cell[s->atk_from])];
	default: return 0;
	}
}

/* Placement r of ta_sample's placements by p: per_sq placements on each square of targets,
 * by kind of kinds, then facing (one of each set of arrows), then covered and shielded or not.
 * -1 when r is beyond them. */
static inline qv_action sample_place(const ta_state *s, int p, unsigned kinds, uint64_t targets,
                                     int per_sq, int r)
{
	const ta_tables *T = ta_T(s);
	for (int i = r / per_sq; i; i--)
		targets &= targets - 1;
	int sq = __builtin_ctzll(targets), o = r % per_sq, sh = s->pl[p].shields > 0;
	for (unsigned ks = kinds; ks; ks &= ks - 1) {
		int k = __builtin_ctz(ks);
		int cov = ta_can_cover(s, p, k), nv = (1 + cov) * (1 + sh);
		int here = T->nfacings[k] * nv;
		if (o >= here) {
			o -= here;
			continue;
		}
		int fi = o / nv, v = o % nv, f = 0;
		for (int g = 0; g < 4; g++)
			if (T->canon_facing[k][g] == g && fi-- == 0) {
				f = g;
				break;
			}
		int c = cov ? v & 1 : 0, h = sh ? (cov ? v >> 1 : v) : 0;
		return TA_PLACE(sq, f, k, c, h);
	}
	return -1;
}

/* Attack r of ta_sample's attacks on the unshielded pieces of opp: by attacker, ascending,
 * then by target, ascending (the pieces without an attack would add nothing). -1 when r is
 * beyond them. */
static inline qv_action sample_attack(const ta_state *s, uint64_t attackers, uint64_t opp, int r)
{
	const ta_tables *T = ta_T(s);
	for (uint64_t m = attackers; m; m &= m - 1) {
		int from = __builtin_ctzll(m);
		ta_cell c = s->cell[from];
		uint64_t hit = T->reach[TA_KF(c)][from] & opp & ~s->shielded;
		int nh = __builtin_popcountll(hit);
		if (r >= nh) {
			r -= nh;
			continue;
		}
		for (; r; r--)
			hit &= hit - 1;
		return TA_MAKE(TA_ACT_ATTACK, from | __builtin_ctzll(hit) << 6);
	}
	return -1;
}

/* Draws a legal action uniformly without listing them: counts each family of actions and
 * decodes a random index, so a playout move costs a few bitboard operations. */
qv_action ta_sample(const void *st, qv_rng *rng, int *restrict n)
{
	const ta_state *s = st;
	qv_action buf[8];
	if (s->phase == TA_PH_DEFEND || s->phase == TA_PH_CAPTURE) {
		int k = *n = ta_legal(st, buf);
		return buf[qv_rng_below(rng, (uint32_t)k)];
	}
	if (s->phase != TA_PH_START && s->phase != TA_PH_MAIN) {
		*n = 0;
		return -1;
	}
	int p = s->turn;
	families fam;
	int total = count_families(s, p, &fam);
	*n = total;
	if (total == 0)
		return -1;
	int nbonus = fam.nbonus, nuncover = fam.nuncover, nplace = fam.nplace,
	    nattack = fam.nattack, per_sq = fam.per_sq;
	unsigned kinds = fam.kinds;
	uint64_t mycov = fam.mycov, targets = fam.targets, opp = ta_opp_occ(s, p),
	         unshield = fam.unshield, attackers = fam.attackers;
	int r = (int)qv__rng_below(rng, (uint32_t)total);
	if (r < nbonus)
		return TA_MAKE(TA_ACT_BONUS, r + 2);
	r -= nbonus;
	if (r < nuncover) {
		for (; r; r--)
			mycov &= mycov - 1;
		return TA_MAKE(TA_ACT_UNCOVER, __builtin_ctzll(mycov));
	}
	r -= nuncover;
	if (r < nplace) {
		qv_action a = sample_place(s, p, kinds, targets, per_sq, r);
		if (a >= 0)
			return a;
	}
	r -= nplace;
	if (r < nattack) {
		qv_action a = sample_attack(s, attackers, opp, r);
		if (a >= 0)
			return a;
	}
	r -= nattack;
	for (; r; r--)
		unshield &= unshield - 1;
	return TA_MAKE(TA_ACT_UNSHIELD, __builtin_ctzll(unshield));
}

/* ---- checking an action, with the reason when it is illegal ---- */

static qv_status check_place(const ta_state *s, int p, int sq, int k, int cov, int sh, qv_err *err)
{
	char b[4];
	const ta_player *pl = &s->pl[p];
	const ta_tables *T = ta_T(s);
	if (!pl->holder[k])
		return qv_fail(err, QV_EILLEGAL, "p%d has no %c left to place", p + 1,
		               T->letters[k]);
	if (!ta_kind_placeable(s, p, k)) {
		if (s->terminator_placed)
			return qv_fail(
			    err, QV_EILLEGAL,
			    "a %s has been placed: the only piece anyone may place now is their own %s",
			    T->last_names, T->last_codes);
		return qv_fail(
		    err, QV_EILLEGAL,
		    "the %s (%c) may be placed only when your %d other pieces have left the holder, or once any %s has been placed",
		    T->names[k], T->letters[k], T->others, T->last_names);
	}
	if (cov) {
		if (s->tactical)
			return qv_fail(err, QV_EILLEGAL, "tactical mode has no covers");
		if (!(T->coverable >> k & 1))
			return qv_fail(err, QV_EILLEGAL, "the %s cannot be covered", T->names[k]);
		if (!pl->covers)
			return qv_fail(err, QV_EILLEGAL, "p%d has no covers left", p + 1);
	}
	if (sh && !pl->shields)
		return qv_fail(err, QV_EILLEGAL, "p%d has no shields left", p + 1);
	if (ta_all_occ(s) >> sq & 1)
		return qv_fail(err, QV_EILLEGAL, "%s is occupied", ta_sqname(sq, b));
	uint64_t targets = pl->home >= 0 ? s->reach[p] & ~ta_all_occ(s) : ta_place_targets(s, p);
	if (!(targets >> sq & 1)) {
		if (pl->home < 0)
			return qv_fail(
			    err, QV_EILLEGAL,
			    "the first piece goes on an edge square that is not a corner, on a side where no player has placed a first piece");
		return qv_fail(err, QV_EILLEGAL,
		               "no uncovered piece of p%d has an arrow pointing at %s", p + 1,
		               ta_sqname(sq, b));
	}
	return QV_OK;
}

static qv_status check_attack(const ta_state *s, int p, int from, int to, bool unshield,
                              qv_err *err)
{
	char b1[4], b2[4];
	if (!(s->occ[p] >> from & 1))
		return qv_fail(err, QV_EILLEGAL, "%s holds no piece of p%d", ta_sqname(from, b1),
		               p + 1);
	if (s->covered >> from & 1)
		return qv_fail(err, QV_EILLEGAL, "%s is covered: uncover it first (uncover %s)",
		               ta_sqname(from, b1), b1);
	if (!(ta_opp_occ(s, p) >> to & 1))
		return qv_fail(err, QV_EILLEGAL, "%s holds no opposing piece", ta_sqname(to, b2));
	ta_cell c = s->cell[from];
	if (!(ta_T(s)->reach[TA_KF(c)][from] >> to & 1))
		return qv_fail(err, QV_EILLEGAL, "the piece on %s has no arrow pointing at %s",
		               ta_sqname(from, b1), ta_sqname(to, b2));
	bool shielded = s->shielded >> to & 1;
	if (!unshield && shielded)
		return qv_fail(err, QV_EILLEGAL,
		               "%s is shielded: remove the shield first (unshield %s)",
		               ta_sqname(to, b2), b2);
	if (unshield && !shielded)
		return qv_fail(err, QV_EILLEGAL, "%s has no shield", ta_sqname(to, b2));
	return QV_OK;
}

/* The uncovered own piece of p that points at `to`, for unshield (any one will do). */
static bool unshield_possible(const ta_state *s, int p, int to, qv_err *err)
{
	char b[4];
	if (!(ta_opp_occ(s, p) >> to & 1)) {
		qv_fail(err, QV_EILLEGAL, "%s holds no opposing piece", ta_sqname(to, b));
		return false;
	}
	if (!(s->shielded >> to & 1)) {
		qv_fail(err, QV_EILLEGAL, "%s has no shield", ta_sqname(to, b));
		return false;
	}
	if (!(s->reach[p] >> to & 1)) {
		qv_fail(
		    err, QV_EILLEGAL,
		    "no uncovered piece of p%d has an arrow pointing at %s, so its shield cannot be removed",
		    p + 1, ta_sqname(to, b));
		return false;
	}
	return true;
}

/* True when placement `arg` is legal for p now, in phase start or main: the conditions of
 * ta_check and check_place in one expression, without their messages. */
static inline bool place_ok(const ta_state *s, int p, int arg)
{
	int sq = arg & 63, k = arg >> 8 & 7;
	const ta_player *pl = &s->pl[p];
	const ta_tables *T = ta_T(s);
	if (arg >> 13)
		return false;
	/* The form: the facing as written, the kind among the components, no cover on a
	 * terminator; then a piece before any terminator is placed, a terminator when the
	 * player has nothing else or one is placed (ta_kind_placeable). */
	switch (T->place_form[arg >> 6]) {
	case 0: return false;
	case 1:
		if (s->terminator_placed)
			return false;
		break;
	default:
		if (!s->terminator_placed && (pl->held & ~T->last))
			return false;
	}
	if (!pl->holder[k] || ((arg >> 11 & 1) && (s->tactical || !pl->covers)))
		return false;
	if ((arg >> 12 & 1) && !pl->shields)
		return false;
	/* The targets are empty squares of the board. */
	uint64_t targets = pl->home >= 0 ? s->reach[p] & ~ta_all_occ(s) : ta_place_targets(s, p);
	return targets >> sq & 1;
}

/* An action of type and arg while p defends an attack: uncover a covered piece, or defend. */
static inline qv_status check_defend(const ta_state *s, int type, int arg, qv_err *err)
{
	char b[4];
	int p = TA_OWNER(s->cell[s->atk_to]);
	if (type == TA_ACT_DEFEND && arg == 0)
		return QV_OK;
	if (type == TA_ACT_UNCOVER && arg < TA_MAX_SQ && (s->occ[p] & s->covered) >> arg & 1)
		return QV_OK;
	if (type == TA_ACT_UNCOVER)
		return qv_fail(err, QV_EILLEGAL, "%s is not a covered piece of p%d",
		               ta_sqname(arg & 63, b), p + 1);
	return qv_fail(err, QV_EILLEGAL,
	               "p%d must answer the attack on %s: uncover covered pieces, then defend",
	               p + 1, ta_sqname(s->atk_to, b));
}

/* An action of type and arg after a capture: stay, or advance with a facing of the piece. */
static inline qv_status check_capture(const ta_state *s, int type, int arg, qv_err *err)
{
	char b[4];
	int k = TA_KIND(s->cell[s->atk_from]);
	if (type == TA_ACT_STAY && arg == 0)
		return QV_OK;
	if (type == TA_ACT_ADVANCE && arg < 4 && ta_T(s)->canon_facing[k][arg] == arg)
		return QV_OK;
	if (type == TA_ACT_ADVANCE)
		return qv_fail(err, QV_EILLEGAL, "advance takes a facing: N, E, S or W");
	return qv_fail(err, QV_EILLEGAL,
	               "p%d captured on %s and must choose: stay, or advance <facing>", s->turn + 1,
	               ta_sqname(s->atk_to, b));
}

/* An action of type and arg at the start or in the main phase of a turn: place, uncover,
 * attack, unshield, or spend bonus pieces (at the very start only). */
static qv_status check_turn(const ta_state *s, int type, int arg, qv_err *err)
{
	char b[4];
	int p = s->turn;
	switch (type) {
	case TA_ACT_PLACE: {
		int sq = arg & 63, f = arg >> 6 & 3, k = arg >> 8 & 7;
		const ta_tables *T = ta_T(s);
		if (k >= T->nkinds || arg >> 13 || !(ta_board_mask(s->size) >> sq & 1))
			return qv_fail(err, QV_EINVAL, "not a placement of this game");
		if (T->canon_facing[k][f] != f)
			return qv_fail(err, QV_EILLEGAL, "that facing is written %s for this piece",
			               ta_facing_names[T->canon_facing[k][f]]);
		return check_place(s, p, sq, k, arg >> 11 & 1, arg >> 12 & 1, err);
	}
	case TA_ACT_UNCOVER:
		if (arg < TA_MAX_SQ && (s->occ[p] & s->covered) >> arg & 1)
			return QV_OK;
		return qv_fail(err, QV_EILLEGAL, "%s is not a covered piece of p%d",
		               ta_sqname(arg & 63, b), p + 1);
	case TA_ACT_ATTACK:
		if (arg >> 12 || !(ta_board_mask(s->size) >> (arg & 63) & 1) ||
		    !(ta_board_mask(s->size) >> (arg >> 6) & 1))
			return qv_fail(err, QV_EINVAL, "not an attack of this game");
		return check_attack(s, p, arg & 63, arg >> 6, false, err);
	case TA_ACT_UNSHIELD:
		if (arg >= TA_MAX_SQ || !(ta_board_mask(s->size) >> arg & 1))
			return qv_fail(err, QV_EINVAL, "not a square of this board");
		return unshield_possible(s, p, arg, err) ? QV_OK : QV_EILLEGAL;
	case TA_ACT_BONUS:
		if (s->phase != TA_PH_START)
			return qv_fail(err, QV_EILLEGAL,
			               "bonus pieces are spent only at the very start of a turn");
		if (arg < 2 || arg > s->pl[p].bonus)
			return qv_fail(
			    err, QV_EILLEGAL,
			    "bonus k needs 2 <= k <= the bonus pieces held (p%d holds %d)", p + 1,
			    s->pl[p].bonus);
		return QV_OK;
	case TA_ACT_DEFEND: return qv_fail(err, QV_EILLEGAL, "no attack to defend against");
	case TA_ACT_STAY:
	case TA_ACT_ADVANCE:
		return qv_fail(err, QV_EILLEGAL, "stay and advance follow a capture only");
	default: return qv_fail(err, QV_EINVAL, "not an action of this game");
	}
}

qv_status ta_check(const ta_state *s, qv_action a, qv_err *err)
{
	int type = TA_TYPE(a), arg = TA_ARG(a);
	/* A search checks its children over and over, and most are legal placements: those are
	 * accepted at once; anything else goes the long way, which words the reason. */
	if (type == TA_ACT_PLACE && (s->phase == TA_PH_START || s->phase == TA_PH_MAIN) &&
	    place_ok(s, s->turn, arg))
		return QV_OK;
	if (s->phase == TA_PH_OVER)
		return qv_fail(err, QV_EILLEGAL, "the game is over");
	if (s->phase == TA_PH_DIE) {
		const ta_tables *T = ta_T(s);
		for (int i = 0; type == TA_ACT_DIE && i < T->nvalues; i++)
			if (a == TA_DIE(T->value[i]))
				return QV_OK;
		char faces[TA_MAX_CHANCE * 10];
		return qv_fail(err, QV_EILLEGAL, "the die must be rolled first: %s",
		               ta_die_list(T, false, faces, sizeof faces));
	}
	if (type == TA_ACT_DIE)
		return qv_fail(err, QV_EILLEGAL, "no die roll is pending");
	if (s->phase == TA_PH_DEFEND)
		return check_defend(s, type, arg, err);
	if (s->phase == TA_PH_CAPTURE)
		return check_capture(s, type, arg, err);
	return check_turn(s, type, arg, err);
}

qv_status ta_check_fn(const void *st, qv_action a, qv_err *err) { return ta_check(st, a, err); }
