/*
 * rules.c - the rules of THREE ARROWS (docs/rules/three-arrows.md): set-up, the generators of
 * what a player may do, applying actions, the die, the end, ranks, determinization and the
 * descriptor. The pieces, the players' supplies and the die are the tables of the state's
 * components (tables.c), the legal actions in legal.c, the estimate for the AI in heuristic.c.
 *
 * Legality has one source of truth per action type: the generators below and in
 * three_arrows.h (targets, placeable kinds, attack lines) are used by legal(), by the sampler
 * and by ta_check (legal.c), so the three cannot disagree.
 */
#include <stdio.h>
#include <string.h>

#include "three_arrows.h"

/* ---- geometry ---- */

int ta_step(int sq, int d, int size)
{
	int f = ta_file(sq) + qv_dir_dx[d], r = ta_rank(sq) + qv_dir_dy[d];
	if (f < 0 || r < 0 || f >= size || r >= size)
		return -1;
	return ta_sq(f, r);
}

int ta_edge_side(int sq, int size)
{
	int f = ta_file(sq), r = ta_rank(sq), last = size - 1;
	bool corner = (f == 0 || f == last) && (r == 0 || r == last);
	if (corner || f > last || r > last)
		return -1;
	if (r == 0)
		return TA_SIDE_S;
	if (r == last)
		return TA_SIDE_N;
	if (f == 0)
		return TA_SIDE_W;
	if (f == last)
		return TA_SIDE_E;
	return -1;
}

static inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }

void ta_set_held(ta_player *pl)
{
	pl->held = 0;
	for (int k = 0; k < TA_MAX_KINDS; k++)
		pl->held = (uint8_t)(pl->held | (pl->holder[k] > 0) << k);
}

int ta_holder_total(const ta_player *pl)
{
	int n = 0;
	for (int k = 0; k < TA_MAX_KINDS; k++)
		n += pl->holder[k];
	return n;
}

/* ---- the derived fields: dirs and reach (three_arrows.h) ---- */

/* The uncovered piece on sq starts pointing: it joins dirs, and its owner's reach grows.
 * Inlined: a call costs the playouts 2%. */
static inline __attribute__((always_inline)) void arrows_on(ta_state *s, int sq)
{
	const ta_tables *T = ta_T(s);
	ta_cell c = s->cell[sq];
	uint64_t bit = 1ull << sq;
	for (unsigned b = T->dirbits[TA_KF(c)]; b; b &= b - 1)
		s->dirs[__builtin_ctz(b)] |= bit;
	s->reach[TA_OWNER(c)] |= T->reach[TA_KF(c)][sq] & ta_board_mask(s->size);
}

/* The piece that was on sq, player p's, points nowhere any more (captured, or moved): it
 * leaves dirs, and p's reach is made again from what p has left. */
static void arrows_off(ta_state *s, int sq, int p)
{
	uint64_t keep = ~(1ull << sq);
	for (int d = 0; d < QV_NDIRS; d++)
		s->dirs[d] &= keep;
	s->reach[p] = ta_dirs_reach(s->dirs, s->occ[p]) & ta_board_mask(s->size);
}

void ta_derive(ta_state *s)
{
	memset(s->dirs, 0, sizeof s->dirs);
	memset(s->reach, 0, sizeof s->reach);
	for (uint64_t m = ta_all_occ(s) & ~s->covered; m; m &= m - 1)
		arrows_on(s, ctz64(m));
}

/* ---- generators: what a player may do ---- */

uint64_t ta_side_squares(int size, int side)
{
	int last = size - 1;
	uint64_t row = ((1ull << last) - 1) & ~1ull, col = 0; /* 1 .. last - 1 */
	for (int r = 1; r < last; r++)
		col |= 1ull << (8 * r);
	switch (side) {
	case TA_SIDE_S: return row;
	case TA_SIDE_N: return row << (8 * last);
	case TA_SIDE_W: return col;
	default: return col << last;
	}
}

uint64_t ta_place_targets(const ta_state *s, int p)
{
	uint64_t empty = ta_board_mask(s->size) & ~ta_all_occ(s);
	if (s->pl[p].home >= 0)
		return s->reach[p] & empty;
	/* The first piece: a non-corner edge square of a side nobody has taken. */
	unsigned taken = 0;
	for (int q = 0; q < s->nplayers; q++)
		if (s->pl[q].home >= 0)
			taken |= 1u << s->pl[q].home;
	uint64_t t = 0;
	for (int side = 0; side < TA_NSIDES; side++)
		if (!(taken >> side & 1))
			t |= ta_side_squares(s->size, side);
	return t & empty;
}

/* True when p has a place, attack or unshield action now. */
static bool can_act(const ta_state *s, int p)
{
	if (s->reach[p] & ta_opp_occ(s, p))
		return true;
	return ta_can_place_some(s, p) && ta_place_targets(s, p);
}

bool ta_can_act_or_uncover(const ta_state *s, int p)
{
	return (s->occ[p] & s->covered) || can_act(s, p);
}

/* ---- strengths ---- */

int ta_line_sum(const ta_state *s, uint64_t b, int owner, int dir, int walk)
{
	const ta_tables *T = ta_T(s);
	int sum = 0;
	uint64_t own = s->occ[owner];
	for (; b & own; b = ta_shift(b, walk))
		if (!(s->covered & b)) {
			ta_cell c = s->cell[ctz64(b)];
			sum += T->arrows[TA_KF(c)][dir];
		}
	return sum;
}

/* ta_line_sum from the square `start`. */
static int line_strength(const ta_state *s, int start, int owner, int dir, int walk)
{
	return ta_line_sum(s, 1ull << start, owner, dir, walk);
}

/* The direction from a square to a neighbour, or -1 when they are not neighbours. */
static int dir_between(int from, int to)
{
	static const int8_t by_step[3][3] = {
	    /* dy -1 */ {QV_SW, QV_S, QV_SE},
	    /* dy 0 */ {QV_W, -1, QV_E},
	    /* dy +1 */ {QV_NW, QV_N, QV_NE},
	};
	int dx = ta_file(to) - ta_file(from), dy = ta_rank(to) - ta_rank(from);
	if (dx < -1 || dx > 1 || dy < -1 || dy > 1)
		return -1;
	return by_step[dy + 1][dx + 1];
}

int ta_attack_strength(const ta_state *s, int from, int to)
{
	int d = dir_between(from, to);
	return line_strength(s, from, TA_OWNER(s->cell[from]), d, qv_dir_opp((qv_dir)d));
}

int ta_defence_strength(const ta_state *s, int from, int to)
{
	int d = dir_between(from, to);
	return line_strength(s, to, TA_OWNER(s->cell[to]), qv_dir_opp((qv_dir)d), d);
}

/* Both strengths of the attack from `from` on `to`, the direction between them worked out once
 * (resolving an attack is most of a tactical playout's actions). A pending attack's squares
 * are neighbours on the frame (apply and check.c see to it), so the direction follows from
 * the difference of the squares alone: rank * 8 + file gives each neighbour its own. */
static void strengths(const ta_state *s, int from, int to, int *attack, int *defence)
{
	static const int8_t by_delta[19] = {
	    [0] = QV_SW, [1] = QV_S,   [2] = QV_SE, [8] = QV_W,
	    [10] = QV_E, [16] = QV_NW, [17] = QV_N, [18] = QV_NE,
	};
	QV_ASSERT(dir_between(from, to) >= 0);
	int d = by_delta[to - from + 9], o = qv_dir_opp((qv_dir)d);
	*attack = line_strength(s, from, TA_OWNER(s->cell[from]), d, o);
	*defence = line_strength(s, to, TA_OWNER(s->cell[to]), o, d);
}

/* ---- to move, turns and the end ---- */

int ta_to_move(const ta_state *s)
{
	switch (s->phase) {
	case TA_PH_OVER: return QV_OVER;
	case TA_PH_DIE: return QV_CHANCE;
	case TA_PH_DEFEND: return TA_OWNER(s->cell[s->atk_to]);
	default: return s->turn;
	}
}

/* The players not eliminated: the eliminated ones are numbered 1 .. nelim (check.c holds every
 * state to it), so no walk over the players at each turn's end. */
static int alive_count(const ta_state *s) { return s->nplayers - s->nelim; }

/* Removes the piece on sq, captured by `capturer`, and eliminates its owner if it was their
 * last piece on the board. The captured piece's kind becomes public (every view counts each
 * player's lost pieces by kind), even when it was covered. */
static void capture_piece(ta_state *s, int sq, int capturer, qv_events *ev)
{
	ta_cell c = s->cell[sq];
	int owner = TA_OWNER(c);
	uint64_t bit = 1ull << sq;
	if (ev) {
		char b[4];
		const char *kind = ta_T(s)->names[TA_KIND(c)], *at = ta_sqname(sq, b);
		if (s->covered >> sq & 1)
			qv_say(ev, "p%d captures p%d's covered %s on %s (p%d has captured %d)",
			       capturer + 1, owner + 1, kind, at, capturer + 1,
			       s->pl[capturer].captured + 1);
		else
			qv_say(ev, "p%d captures p%d's %s on %s (p%d has captured %d)",
			       capturer + 1, owner + 1, kind, at, capturer + 1,
			       s->pl[capturer].captured + 1);
	}
	bool was_covered = s->covered & bit;
	s->cell[sq] = 0;
	s->occ[owner] &= ~bit;
	s->covered &= ~bit;
	s->shielded &= ~bit;
	if (!was_covered)
		arrows_off(s, sq, owner);
	s->pl[owner].onboard--;
	s->pl[owner].lost[TA_KIND(c)]++;
	s->pl[capturer].captured++;
	if (s->pl[owner].onboard == 0 && !s->pl[owner].eliminated) {
		s->pl[owner].eliminated = ++s->nelim;
		qv_say(ev, "p%d has no piece left on the board and is eliminated", owner + 1);
	}
}

/* The end of the game in words, with the final order (narrate.c). */
static void say_end(const ta_state *s, qv_events *ev, ta_end why)
{
	if (!ev)
		return;
	int ranks[TA_MAX_PLAYERS];
	ta_ranks(s, ranks);
	ta_say_end(s, ranks, why, ev);
}

/* Ends the current turn and finds who plays next: the same player while extra turns are due,
 * then the next player in seat order, skipping eliminated players and players who can neither
 * act nor uncover. The game ends when nobody can, when at most one player is left, or after
 * max_turns turns. */
static void end_turn(ta_state *s, qv_events *ev)
{
	s->atk_from = s->atk_to = 0; /* no attack pending: keep states canonical */
	s->turns++;
	if (s->turns >= s->max_turns || alive_count(s) <= 1) {
		s->phase = TA_PH_OVER;
		say_end(s, ev, s->turns >= s->max_turns ? TA_END_TURNS : TA_END_ALONE);
		return;
	}
	int p = s->turn;
	if (s->extra > 0) {
		if (!s->pl[p].eliminated && ta_can_act_or_uncover(s, p)) {
			s->extra--;
			s->phase = TA_PH_START;
			qv_say(ev, "p%d takes an extra turn (%d more after this one)", p + 1,
			       s->extra);
			return;
		}
		if (!s->pl[p].eliminated)
			qv_say(ev, "p%d cannot act, so the extra turns are lost", p + 1);
		s->extra = 0; /* nothing changes between extra turns: all of them are skipped */
	}
	for (int i = 1, q = p; i <= s->nplayers; i++) {
		if (++q == s->nplayers) /* (p + i) % nplayers without a division at every turn */
			q = 0;
		if (!s->pl[q].eliminated && ta_can_act_or_uncover(s, q)) {
			s->turn = (uint8_t)q;
			s->phase = TA_PH_START;
			return;
		}
		if (!s->pl[q].eliminated && q != p)
			qv_say(ev, "p%d can neither act nor uncover and is skipped", q + 1);
	}
	s->phase = TA_PH_OVER;
	say_end(s, ev, TA_END_STUCK);
}

/* Resolves the pending attack with the die's value. The bonus pieces: the attacker wins one
 * when the die shows less than 0 and the attack does not capture, the defender one when the
 * die shows more than 0 and captures for the attacker what it would not have captured
 * without it (with the built-in die: +1 and a capture by exactly one). */
static void resolve_attack(ta_state *s, int die, qv_events *ev)
{
	int from = s->atk_from, to = s->atk_to;
	int attacker = TA_OWNER(s->cell[from]), defender = TA_OWNER(s->cell[to]);
	int strength, v;
	strengths(s, from, to, &strength, &v);
	int a = strength + die;
	/* In tactical mode the attack's line (in apply) already said it all: no die. */
	if (ev && !s->tactical)
		qv_say(ev, "attack %d %s %d = %d against defence %d", strength, die < 0 ? "-" : "+",
		       die < 0 ? -die : die, a, v);
	if (a > v) {
		if (die > 0 && strength <= v) {
			s->pl[defender].bonus++;
			qv_say(ev, "the die decided it: p%d gains a bonus piece", defender + 1);
		}
		capture_piece(s, to, attacker, ev);
		if (alive_count(s) <= 1) {
			s->turns++;
			s->atk_from = s->atk_to = 0;
			s->phase = TA_PH_OVER;
			say_end(s, ev, TA_END_ALONE);
		} else if (s->terminator_placed) {
			end_turn(s, ev);
		} else {
			s->phase = TA_PH_CAPTURE;
		}
		return;
	}
	if (die < 0) {
		s->pl[attacker].bonus++;
		qv_say(ev, "the die showed %d and the attack failed: p%d gains a bonus piece", die,
		       attacker + 1);
	}
	if (v > a) {
		capture_piece(s, from, defender, ev);
		if (s->pl[attacker].eliminated)
			s->extra = 0;
	} else {
		qv_say(ev, "a draw: nothing is captured");
	}
	end_turn(s, ev);
}

/* After the defender's decision (or when none was needed): the die, or in tactical mode the
 * resolution at once. */
static void after_defence(ta_state *s, qv_events *ev)
{
	if (s->tactical)
		resolve_attack(s, 0, ev);
	else
		s->phase = TA_PH_DIE;
}

/* ---- init ---- */

static const char *const ta_modes[] = {"standard", "tactical", NULL};

static const qv_param_def ta_params[] = {
    {.key = "players",
     .def = "2",
     .help = "number of players",
     .kind = QV_PARAM_INT,
     .lo = 2,
     .hi = 4},
    {.key = "size",
     .def = "6",
     .help = "the board is size x size",
     .kind = QV_PARAM_INT,
     .lo = 6,
     .hi = 8},
    {.key = "mode",
     .def = "standard",
     .help = "tactical: no die and no covers",
     .kind = QV_PARAM_CHOICE,
     .choices = ta_modes},
    {.key = "max_turns",
     .def = "400",
     .help = "the game ends after this many turns",
     .kind = QV_PARAM_INT,
     .lo = 50,
     .hi = 5000},
    QV_VARIANT_PARAM,
};
#define TA_NPARAMS ((int)(sizeof ta_params / sizeof ta_params[0]))

static qv_status ta_init(void *st, const qv_params *params, uint64_t seed, qv_err *err)
{
	(void)seed; /* THREE ARROWS has no hidden randomness: the die is a chance event */
	long players, size, max_turns;
	int mode;
	qv_status rc;
	static const qv_params none; /* params NULL: every parameter its default */
	if (!params)
		params = &none;
	if ((rc = qv_params_check_keys(params, ta_params, TA_NPARAMS, "three-arrows", err)))
		return rc;
	/* The variant's params are defaults for the parameters not given. */
	const qv_variant *v;
	qv_params merged;
	if ((rc = qv_variant_open(&qv_three_arrows, params, &v, &merged, err)))
		return rc;
	params = &merged;
	if ((rc = qv_param_int(params, ta_params, TA_NPARAMS, "players", &players, err)) ||
	    (rc = qv_param_int(params, ta_params, TA_NPARAMS, "size", &size, err)) ||
	    (rc = qv_param_choice(params, ta_params, TA_NPARAMS, "mode", &mode, err)) ||
	    (rc = qv_param_int(params, ta_params, TA_NPARAMS, "max_turns", &max_turns, err)))
		return rc;
	ta_state *s = st;
	memset(s, 0, sizeof *s);
	s->variant = v->slot;
	const ta_tables *T = v->tables;
	s->nplayers = (uint8_t)players;
	s->size = (uint8_t)size;
	s->tactical = (uint8_t)mode;
	s->max_turns = (uint16_t)max_turns;
	for (int p = 0; p < TA_MAX_PLAYERS; p++) {
		ta_player *pl = &s->pl[p];
		if (p < players) {
			memcpy(pl->holder, T->copies, TA_MAX_KINDS);
			ta_set_held(pl);
			pl->covers = s->tactical ? 0 : T->covers;
			pl->shields = T->shields;
			pl->bonus = T->bonus;
		}
		pl->home = -1;
	}
	s->phase = TA_PH_START;
	return QV_OK;
}

/* ---- apply ---- */

/* place: arg packs the square, facing, kind, covered and shielded bits (TA_ACT_PLACE). */
static void apply_place(ta_state *s, int p, int arg, qv_events *ev)
{
	int sq = arg & 63, f = arg >> 6 & 3, k = arg >> 8 & 7;
	uint64_t bit = 1ull << sq;
	ta_player *pl = &s->pl[p];
	if (pl->home < 0) {
		pl->home = (int8_t)ta_edge_side(sq, s->size);
		qv_say(ev, "side %s becomes p%d's home side", ta_side_names[pl->home], p + 1);
	}
	s->cell[sq] = TA_CELL(p, k, f);
	s->occ[p] |= bit;
	if (arg >> 11 & 1) {
		s->covered |= bit;
		pl->covers--;
	} else {
		arrows_on(s, sq);
	}
	if (arg >> 12 & 1) {
		s->shielded |= bit;
		pl->shields--;
	}
	if (--pl->holder[k] == 0)
		pl->held = (uint8_t)(pl->held & ~(1u << k));
	pl->onboard++;
	const ta_tables *T = ta_T(s);
	if ((T->last >> k & 1) && !s->terminator_placed && ev)
		ta_say_last_placed(T, k, ev);
	if (T->last >> k & 1)
		s->terminator_placed = 1;
	end_turn(s, ev);
}

/* attack: arg is the attacker's square, then the target's shifted by 6. The defender with
 * covered pieces may uncover them first; otherwise the attack goes on at once. */
static void apply_attack(ta_state *s, int p, int arg, qv_events *ev)
{
	s->atk_from = (uint8_t)(arg & 63);
	s->atk_to = (uint8_t)(arg >> 6);
	int defender = TA_OWNER(s->cell[s->atk_to]);
	if (ev)
		ta_say_attack(s, p, ta_attack_strength(s, s->atk_from, s->atk_to),
		              ta_defence_strength(s, s->atk_from, s->atk_to), ev);
	if (s->occ[defender] & s->covered) {
		s->phase = TA_PH_DEFEND;
		qv_say(ev, "p%d may uncover covered pieces before defending", defender + 1);
	} else {
		after_defence(s, ev);
	}
}

/* advance: the capturing piece moves onto the captured square, facing `facing`. */
static void apply_advance(ta_state *s, int p, int facing, qv_events *ev)
{
	int from = s->atk_from, to = s->atk_to;
	uint64_t fb = 1ull << from, tb = 1ull << to;
	s->cell[to] = TA_CELL(p, TA_KIND(s->cell[from]), facing);
	s->cell[from] = 0;
	s->occ[p] = (s->occ[p] & ~fb) | tb;
	if (s->shielded & fb)
		s->shielded = (s->shielded & ~fb) | tb;
	arrows_off(s, from, p);
	arrows_on(s, to);
	if (ev) {
		char b1[4], b2[4];
		qv_say(ev, "p%d's %s moves from %s to %s, facing %s", p + 1,
		       ta_T(s)->names[TA_KIND(s->cell[to])], ta_sqname(from, b1), ta_sqname(to, b2),
		       ta_facing_names[facing]);
	}
	end_turn(s, ev);
}

static void ta_apply(void *st, qv_action a, qv_events *ev)
{
	ta_state *s = st;
	int arg = TA_ARG(a), p = s->turn;
	switch (TA_TYPE(a)) {
	case TA_ACT_PLACE: apply_place(s, p, arg, ev); break;
	case TA_ACT_UNCOVER:
		s->covered &= ~(1ull << arg);
		arrows_on(s, arg);
		if (ev)
			ta_say_uncovered(s, arg, ev);
		if (s->phase != TA_PH_DEFEND) {
			s->phase = TA_PH_MAIN;
			if (!can_act(s, p)) {
				qv_say(ev, "p%d has nothing left to do this turn", p + 1);
				end_turn(s, ev);
			}
		}
		break;
	case TA_ACT_ATTACK: apply_attack(s, p, arg, ev); break;
	case TA_ACT_UNSHIELD:
		s->shielded &= ~(1ull << arg);
		if (ev) {
			char b[4];
			qv_say(ev, "p%d's piece on %s loses its shield", TA_OWNER(s->cell[arg]) + 1,
			       ta_sqname(arg, b));
		}
		end_turn(s, ev);
		break;
	case TA_ACT_BONUS:
		s->pl[p].bonus = (uint16_t)(s->pl[p].bonus - arg);
		s->extra = (uint16_t)(s->extra + arg - 1);
		s->phase = TA_PH_MAIN;
		qv_say(ev, "p%d spends %d bonus pieces for %d extra turn%s", p + 1, arg, arg - 1,
		       arg == 2 ? "" : "s");
		break;
	case TA_ACT_DEFEND:
		if (ev)
			qv_say(ev, "p%d defends with %d", TA_OWNER(s->cell[s->atk_to]) + 1,
			       ta_defence_strength(s, s->atk_from, s->atk_to));
		after_defence(s, ev);
		break;
	case TA_ACT_DIE: resolve_attack(s, ta_die_value(arg), ev); break;
	case TA_ACT_STAY: end_turn(s, ev); break;
	case TA_ACT_ADVANCE: apply_advance(s, p, arg, ev); break;
	}
	QV_ASSERT_STATE(&qv_three_arrows, s);
}

/* ---- scores, ranks, utilities ---- */

static void ta_score(const void *st, int *out)
{
	const ta_state *s = st;
	for (int p = 0; p < s->nplayers; p++)
		out[p] = s->pl[p].captured;
}

/* a ranks above b: survivors above the eliminated, survivors by captures then bonus pieces,
 * eliminated players by elimination order (later is better). */
static int rank_cmp(const void *ctx, int a, int b)
{
	const ta_state *s = ctx;
	const ta_player *x = &s->pl[a], *y = &s->pl[b];
	if (!x->eliminated != !y->eliminated)
		return x->eliminated ? -1 : 1;
	if (x->eliminated)
		return x->eliminated > y->eliminated ? 1 : -1;
	if (x->captured != y->captured)
		return x->captured > y->captured ? 1 : -1;
	if (x->bonus != y->bonus)
		return x->bonus > y->bonus ? 1 : -1;
	return 0;
}

void ta_ranks(const ta_state *s, int *out) { qv_ranks_from_order(s->nplayers, rank_cmp, s, out); }

static void ta_ranks_fn(const void *st, int *out) { ta_ranks(st, out); }

static int ta_num_players(const void *st) { return ((const ta_state *)st)->nplayers; }
static int ta_to_move_fn(const void *st) { return ta_to_move(st); }

/* ---- determinization ---- */

/* Rebuilds, for every player the viewer cannot see into, the kinds and facings of their covered
 * pieces and the contents of their holder, from public facts only: the pieces they started
 * with, less their uncovered pieces on the board and their lost pieces. A covered piece is
 * drawn among the kinds a cover may go on (a terminator is never covered, so it always goes
 * back to the holder). */
static void ta_determinize(void *st, int viewer, qv_rng *rng)
{
	ta_state *s = st;
	if (viewer == QV_VIEW_ALL)
		return;
	const ta_tables *T = ta_T(s);
	if (!T->coverable)
		return; /* nothing can be covered: nothing is hidden */
	int lastcov = 31 - __builtin_clz(T->coverable);
	for (int o = 0; o < s->nplayers; o++) {
		if (o == viewer)
			continue;
		uint8_t pool[TA_MAX_KINDS];
		for (int k = 0; k < TA_MAX_KINDS; k++)
			pool[k] = (uint8_t)(T->copies[k] - s->pl[o].lost[k]);
		for (uint64_t m = s->occ[o] & ~s->covered; m; m &= m - 1)
			pool[TA_KIND(s->cell[ctz64(m)])]--;
		for (uint64_t m = s->occ[o] & s->covered; m; m &= m - 1) {
			int sq = ctz64(m), left = 0;
			for (int k = 0; k <= lastcov; k++)
				if (T->coverable >> k & 1)
					left += pool[k];
			int r = left ? (int)qv_rng_below(rng, (uint32_t)left) : 0;
			int k = __builtin_ctz(T->coverable);
			while (k < lastcov && r >= pool[k]) {
				r -= pool[k];
				do
					k++;
				while (!(T->coverable >> k & 1));
			}
			if (pool[k])
				pool[k]--;
			int f = (int)qv_rng_below(rng, T->nfacings[k]);
			s->cell[sq] = TA_CELL(o, k, f);
		}
		memcpy(s->pl[o].holder, pool, TA_MAX_KINDS);
		ta_set_held(&s->pl[o]);
	}
}

/* ---- reveals (qv_game.reveals) ---- */

void ta_unseen_kinds(const ta_state *s, int o, int *unseen)
{
	const ta_tables *T = ta_T(s);
	for (int k = 0; k < TA_MAX_KINDS; k++)
		unseen[k] = T->copies[k] - s->pl[o].lost[k];
	for (uint64_t m = s->occ[o] & ~s->covered; m; m &= m - 1)
		unseen[TA_KIND(s->cell[ctz64(m)])]--;
}

/* How many (kind, facing) pairs a covered piece of o may be to a viewer who is not o: the
 * kinds o still has unseen (started with, less lost and uncovered on the board) that a cover
 * may go on (not the terminators), each in its distinct facings (what determinize draws). */
static int covered_guesses(const ta_state *s, int o, bool kinds_only)
{
	const ta_tables *T = ta_T(s);
	int unseen[TA_MAX_KINDS];
	ta_unseen_kinds(s, o, unseen);
	int n = 0;
	for (int k = 0; k < T->nkinds; k++)
		if ((T->coverable >> k & 1) && unseen[k] > 0)
			n += kinds_only ? 1 : T->nfacings[k];
	return n;
}

/* What a decision shows a viewer who is not its owner's: an uncovered piece's kind and
 * facing, a captured covered piece's kind (lost pieces are public by kind), and, for an
 * uncovered placement of kind K, that not every unseen K of the mover was among its covered
 * pieces. Strengths count uncovered pieces only, and whether a player can act depends on
 * public counts (holder totals, the Terminator's), so nothing else depends on a hidden piece.
 * The mover knows its own pieces: its decisions show it nothing (the die is chance). */
static bool ta_reveals(const void *st, qv_action a, int viewer)
{
	const ta_state *s = st;
	int p = ta_to_move(s), arg = TA_ARG(a);
	if (viewer == QV_VIEW_ALL || p < 0)
		return false;
	switch (TA_TYPE(a)) {
	case TA_ACT_UNCOVER: return viewer != p && covered_guesses(s, p, false) > 1;
	case TA_ACT_PLACE: {
		int k = arg >> 8 & 7;
		if (viewer == p || (arg >> 11 & 1) || !(ta_T(s)->coverable >> k & 1))
			return false;
		int unseen = ta_T(s)->copies[k] - s->pl[p].lost[k];
		for (uint64_t m = s->occ[p] & ~s->covered; m; m &= m - 1)
			unseen -= TA_KIND(s->cell[ctz64(m)]) == k;
		return unseen <= popcount64(s->occ[p] & s->covered);
	}
	case TA_ACT_DEFEND: {
		/* In tactical mode the attack is resolved at once: a covered target captured shows
		 * its kind to all but its owner. */
		int target = s->atk_to, owner = TA_OWNER(s->cell[target]);
		if (!s->tactical || viewer == owner || !(s->covered >> target & 1))
			return false;
		bool captured = ta_attack_strength(s, s->atk_from, target) >
		                ta_defence_strength(s, s->atk_from, target);
		return captured && covered_guesses(s, owner, true) > 1;
	}
	default: return false;
	}
}

static bool ta_capped(const void *st)
{
	const ta_state *s = st;
	return s->phase == TA_PH_OVER && s->turns >= s->max_turns;
}

/* A player still in the game who can neither act nor uncover as the board stands: end_turn
 * would skip it. Its own pieces, holder and covers, and the public board, are all it reads. */
static bool ta_stranded(const void *st, int player)
{
	const ta_state *s = st;
	return player >= 0 && player < s->nplayers && !s->pl[player].eliminated &&
	       !ta_can_act_or_uncover(s, player);
}

/* ---- the descriptor ---- */

/* three-arrows: the levels' strength measured by bench/ladder.py (docs/ai/levels.md). */
static const qv_level_elo ta_ladder[] = {
    {"random", -202, -281, -124},
    {"beginner", 0, 0, 0},
    {"greedy", 512, 379, 645},
    {"easy", 760, 614, 906},
    {"medium", 958, 797, 1120},
    {"hard", 689, 351, 1026},
    {NULL, 0, 0, 0},
};

const qv_game qv_three_arrows = {
    .name = "three-arrows",
    .title = "THREE ARROWS",
    .summary =
        "Place arrow pieces, then attack along your lines of arrows; capture the most pieces.\n"
        "\n"
        "A turn: optionally 'bonus <k>' first (k >= 2 bonus pieces for k-1 extra turns), any number\n"
        "of free 'uncover <sq>', then exactly one action: place a piece, attack, or unshield.\n"
        "The first piece goes on a non-corner edge square of a side no one has taken; later pieces\n"
        "go on empty squares an own uncovered arrow points at. A piece may be placed covered\n"
        "(hidden from opponents, no arrows until uncovered) and/or shielded (cannot be attacked\n"
        "until an opponent spends a turn on 'unshield').\n"
        "\n"
        "Attack: sum the arrows pointing at the target along your unbroken line behind the\n"
        "attacking piece, add the die (+1, 0, -1; none in tactical mode) and compare with the\n"
        "defender's line pointing back. Higher captures the other piece; equal does nothing.\n"
        "After a capture the attacker may stay or advance into the square with any facing.\n"
        "The Terminator (Z) comes last: once one is placed, only Terminators may be placed.\n"
        "\n"
        "Notation: place <piece> <sq> <facing> [covered] [shielded] | uncover <sq> |\n"
        "attack <from> <to> | unshield <sq> | bonus <k> | defend | stay | advance <facing> |\n"
        "chance: die +1 | die 0 | die -1. Pieces A T X Y D R Z; facings N E S W.\n"
        "Score: captured pieces. Ranking: survivors by captures, then unused bonus pieces.",
    .min_players = 2,
    .max_players = 4,
    .params = ta_params,
    .nparams = TA_NPARAMS,
    .max_actions = TA_MAX_ACTIONS,
    .max_chance = TA_MAX_CHANCE,
    .state_size = sizeof(ta_state),
    .ladder = ta_ladder,
    .init = ta_init,
    .num_players = ta_num_players,
    .to_move = ta_to_move_fn,
    .legal = ta_legal,
    .chance = ta_chance,
    .check = ta_check_fn,
    .apply = ta_apply,
    .score = ta_score,
    .ranks = ta_ranks_fn,
    .action_to_text = ta_action_to_text,
    .action_from_text = ta_action_from_text,
    .render_text = ta_render_text,
    .determinize = ta_determinize,
    .state_json = ta_state_json,
    .view_json = ta_view_json,
    .view_text = ta_view_text,
    .load_json = ta_load_json,
    .sample = ta_sample,
    .heuristic = ta_heuristic,
    .values_after = ta_values_after,
    .count = ta_count,
    .check_is_cheap = true,
    .capped = ta_capped,
    .stranded = ta_stranded,
    .reference = ta_reference,
    .action_note = ta_action_note,
    .reveals = ta_reveals,
    .sight = ta_sight,
    .components = &ta_components,
    .state_ok = ta_state_ok,
};
