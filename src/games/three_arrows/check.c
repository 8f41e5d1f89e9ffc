/*
 * check.c - the invariants of a THREE ARROWS state (qv_game.state_ok), as Stockfish's
 * pos_is_ok checks a position: the parameters within their bounds, every piece on a square of
 * the board with its owner's bit and nobody else's, the masks apply keeps beside the cells
 * (three_arrows.h) equal to the ones the cells give, each player's pieces counted once (holder,
 * board and lost adding up to the components' copies), covers and shields not more than were
 * given, captures matching losses, eliminations numbered in order, and the phase, the player to
 * move and the attack in progress agreeing with the rest.
 *
 * The sanitizer build runs it at the end of every apply, load_json refuses a state that breaks
 * it, and the property tests ask at every step. It reads the whole state, about the cost of a
 * few applies: never on the hot path of a release build.
 */
#include <string.h>

#include "three_arrows.h"

/* The parameters, the components' slot and the bounds of the phase, the player to move and
 * the eliminations: what every other check reads. */
static qv_status check_params(const ta_state *s, qv_err *why)
{
	if (s->variant >= QV_VARIANT_MAX || !qv_variant_tables(s->variant))
		return qv_fail(why, QV_EINVAL, "variant slot %u holds no components", s->variant);
	if (s->nplayers < 2 || s->nplayers > TA_MAX_PLAYERS || s->size < 6 || s->size > 8 ||
	    s->tactical > 1 || s->max_turns < 50 || s->max_turns > 5000)
		return qv_fail(why, QV_EINVAL,
		               "parameters out of bounds: players %d (2-4), size %d (6-8), "
		               "tactical %d (0-1), max_turns %d (50-5000)",
		               s->nplayers, s->size, s->tactical, s->max_turns);
	if (s->phase > TA_PH_OVER || s->turn >= s->nplayers || s->nelim > s->nplayers)
		return qv_fail(
		    why, QV_EINVAL,
		    "phase %d (0-%d), turn p%d or nelim %d out of bounds with %d players", s->phase,
		    TA_PH_OVER, s->turn + 1, s->nelim, s->nplayers);
	for (size_t i = 0; i < sizeof s->pad_; i++)
		if (s->pad_[i])
			return qv_fail(why, QV_EINVAL, "padding byte pad_[%zu] is %d, not 0", i,
			               s->pad_[i]);
	return QV_OK;
}

/* Every piece on a square of the board, in its owner's mask only, of a kind of the components
 * in a facing placements use; covers on coverable pieces only (none in tactical mode),
 * shields on pieces. */
static qv_status check_cells(const ta_state *s, qv_err *why)
{
	const ta_tables *T = ta_T(s);
	uint64_t all = 0;
	for (int p = 0; p < TA_MAX_PLAYERS; p++) {
		if (p >= s->nplayers && s->occ[p])
			return qv_fail(why, QV_EINVAL,
			               "occ[%d] is not empty in a game of %d players", p,
			               s->nplayers);
		if (all & s->occ[p])
			return qv_fail(why, QV_EINVAL,
			               "occ[%d] shares squares with another player's", p);
		all |= s->occ[p];
	}
	if (all & ~ta_board_mask(s->size))
		return qv_fail(why, QV_EINVAL, "a piece lies off the %dx%d board", s->size,
		               s->size);
	for (int sq = 0; sq < TA_MAX_SQ; sq++) {
		ta_cell c = s->cell[sq];
		char b[4];
		if (!(all >> sq & 1)) {
			if (c)
				return qv_fail(why, QV_EINVAL,
				               "cell %s holds %d but no player's mask has it",
				               ta_sqname(sq, b), c);
			continue;
		}
		int owner = TA_OWNER(c), k = TA_KIND(c), f = TA_FACING(c);
		if (owner < 0 || owner >= s->nplayers || !(s->occ[owner] >> sq & 1))
			return qv_fail(why, QV_EINVAL,
			               "cell %s names owner %d, not the mask's player",
			               ta_sqname(sq, b), owner + 1);
		if (k >= T->nkinds)
			return qv_fail(why, QV_EINVAL, "cell %s holds kind %d of %d",
			               ta_sqname(sq, b), k, T->nkinds);
		if (T->canon_facing[k][f] != f)
			return qv_fail(why, QV_EINVAL,
			               "cell %s faces %s, but the %s's arrows face %s the same "
			               "(pieces take the first such facing)",
			               ta_sqname(sq, b), ta_facing_names[f], T->names[k],
			               ta_facing_names[T->canon_facing[k][f]]);
		if ((s->covered >> sq & 1) && !(T->coverable >> k & 1))
			return qv_fail(why, QV_EINVAL, "the %s on %s is covered", T->names[k],
			               ta_sqname(sq, b));
	}
	if (s->covered & ~all)
		return qv_fail(why, QV_EINVAL, "covered names an empty square");
	if (s->shielded & ~all)
		return qv_fail(why, QV_EINVAL, "shielded names an empty square");
	if (s->tactical && s->covered)
		return qv_fail(why, QV_EINVAL, "a piece is covered in tactical mode");
	return QV_OK;
}

/* The arrows by direction and each player's reach, which apply keeps up to date, equal the
 * ones made again from the pieces. */
static qv_status check_derived(const ta_state *s, qv_err *why)
{
	ta_state t;
	memcpy(&t, s, sizeof t);
	ta_derive(&t);
	for (int d = 0; d < QV_NDIRS; d++)
		if (t.dirs[d] != s->dirs[d])
			return qv_fail(why, QV_EINVAL,
			               "dirs[%s] is %#llx, but the uncovered pieces give %#llx",
			               qv_dir_names[d], (unsigned long long)s->dirs[d],
			               (unsigned long long)t.dirs[d]);
	for (int p = 0; p < TA_MAX_PLAYERS; p++)
		if (t.reach[p] != s->reach[p])
			return qv_fail(why, QV_EINVAL,
			               "reach[%d] is %#llx, but p%d's uncovered pieces give %#llx",
			               p, (unsigned long long)s->reach[p], p + 1,
			               (unsigned long long)t.reach[p]);
	return QV_OK;
}

/* A seat beyond the game's players stays as init leaves it: empty, with no home. */
static qv_status check_unused(const ta_state *s, int p, qv_err *why)
{
	ta_player empty;
	memset(&empty, 0, sizeof empty);
	empty.home = -1;
	if (memcmp(&s->pl[p], &empty, sizeof empty))
		return qv_fail(why, QV_EINVAL, "pl[%d] is not empty in a game of %d players", p,
		               s->nplayers);
	return QV_OK;
}

/* Player p's pieces: each counted once (holder, board and lost add up to the copies), the held
 * mask and the board count agreeing with them, covers and shields within what was given, a
 * home exactly once something was placed, and an elimination exactly when nothing is left. */
static qv_status check_player(const ta_state *s, int p, qv_err *why)
{
	const ta_tables *T = ta_T(s);
	const ta_player *pl = &s->pl[p];
	int on[TA_MAX_KINDS] = {0}, placed = 0;
	for (uint64_t m = s->occ[p]; m; m &= m - 1)
		on[TA_KIND(s->cell[__builtin_ctzll(m)])]++;
	for (int k = 0; k < TA_MAX_KINDS; k++) {
		int sum = pl->holder[k] + on[k] + pl->lost[k];
		if (sum != T->copies[k])
			return qv_fail(
			    why, QV_EINVAL,
			    "p%d has %d %c in the holder, %d on the board and %d lost: %d, "
			    "not the %d copies",
			    p + 1, pl->holder[k], k < T->nkinds ? T->letters[k] : '?', on[k],
			    pl->lost[k], sum, T->copies[k]);
		placed += on[k] + pl->lost[k];
	}
	unsigned held = 0;
	for (int k = 0; k < TA_MAX_KINDS; k++)
		held |= (unsigned)(pl->holder[k] > 0) << k;
	if (pl->held != held)
		return qv_fail(why, QV_EINVAL, "p%d's held mask is %#x, its holder gives %#x",
		               p + 1, pl->held, held);
	int onboard = __builtin_popcountll(s->occ[p]);
	if (pl->onboard != onboard)
		return qv_fail(why, QV_EINVAL, "p%d's onboard is %d, its mask holds %d", p + 1,
		               pl->onboard, onboard);
	int ncov = __builtin_popcountll(s->occ[p] & s->covered);
	int nsh = __builtin_popcountll(s->occ[p] & s->shielded);
	int covers = s->tactical ? 0 : T->covers;
	if (pl->covers + ncov > covers || pl->shields + nsh > T->shields)
		return qv_fail(why, QV_EINVAL,
		               "p%d holds %d covers and %d shields with %d covered and %d shielded "
		               "pieces: more than the %d and %d given",
		               p + 1, pl->covers, pl->shields, ncov, nsh, covers, T->shields);
	if (pl->bonus > TA_MAX_BONUS)
		return qv_fail(why, QV_EINVAL, "p%d holds %d bonus pieces (at most %d)", p + 1,
		               pl->bonus, TA_MAX_BONUS);
	if (pl->home < -1 || pl->home > TA_NSIDES || (pl->home >= 0) != (placed > 0))
		return qv_fail(why, QV_EINVAL,
		               "p%d's home is %d with %d pieces placed (a side once the first "
		               "piece is placed, -1 before)",
		               p + 1, pl->home, placed);
	if (pl->eliminated > s->nelim || (pl->eliminated != 0) != (placed && !onboard))
		return qv_fail(why, QV_EINVAL,
		               "p%d's elimination is %d with %d pieces placed and %d on the board "
		               "(%d eliminated): a player is eliminated exactly when nothing it "
		               "placed is left",
		               p + 1, pl->eliminated, placed, onboard, s->nelim);
	return QV_OK;
}

/* Across the players: captures match losses, homes are distinct sides, eliminations are
 * numbered 1 .. nelim, and terminator_placed says whether a terminator left a holder. */
static qv_status check_players(const ta_state *s, qv_err *why)
{
	const ta_tables *T = ta_T(s);
	int captured = 0, lost = 0;
	unsigned elim = 0, homes = 0;
	bool terminator = false;
	for (int p = 0; p < s->nplayers; p++) {
		const ta_player *pl = &s->pl[p];
		captured += pl->captured;
		for (int k = 0; k < TA_MAX_KINDS; k++) {
			lost += pl->lost[k];
			terminator |= (T->last >> k & 1) && pl->holder[k] < T->copies[k];
		}
		if (pl->eliminated) {
			if (elim >> pl->eliminated & 1)
				return qv_fail(why, QV_EINVAL,
				               "two players share elimination number %d",
				               pl->eliminated);
			elim |= 1u << pl->eliminated;
		}
		if (pl->home >= 0 && pl->home < TA_NSIDES) {
			if (homes >> pl->home & 1)
				return qv_fail(why, QV_EINVAL, "two players have the home side %s",
				               ta_side_names[pl->home]);
			homes |= 1u << pl->home;
		}
	}
	if (captured != lost)
		return qv_fail(why, QV_EINVAL,
		               "the players' captured counts (%d in all) do not match their lost "
		               "pieces (%d in all)",
		               captured, lost);
	if (elim != (1u << (s->nelim + 1)) - 2)
		return qv_fail(why, QV_EINVAL,
		               "nelim is %d, but the eliminated players are not numbered 1-%d",
		               s->nelim, s->nelim);
	if (s->terminator_placed != terminator)
		return qv_fail(why, QV_EINVAL,
		               "terminator_placed is %d, but a terminator has %sleft a holder",
		               s->terminator_placed, terminator ? "" : "not ");
	return QV_OK;
}

/* The attack of phases defend, die and capture: an uncovered piece of the player whose turn it
 * is pointing at the target, an unshielded opposing piece (an empty square once captured);
 * outside those phases no attack is kept. */
static qv_status check_attack(const ta_state *s, qv_err *why)
{
	const ta_tables *T = ta_T(s);
	int ph = s->phase, from = s->atk_from, to = s->atk_to;
	if (ph != TA_PH_DEFEND && ph != TA_PH_DIE && ph != TA_PH_CAPTURE) {
		if (from || to)
			return qv_fail(why, QV_EINVAL, "an attack %d -> %d is kept in phase %s",
			               from, to, ta_phase_names[ph]);
		return QV_OK;
	}
	if (from >= TA_MAX_SQ || to >= TA_MAX_SQ || !(ta_board_mask(s->size) >> to & 1) ||
	    !(s->occ[s->turn] >> from & 1) || (s->covered >> from & 1) ||
	    !(T->reach[TA_KF(s->cell[from])][from] >> to & 1))
		return qv_fail(why, QV_EINVAL,
		               "in phase %s the attacker's square %d must hold an uncovered piece "
		               "of p%d pointing at %d",
		               ta_phase_names[ph], from, s->turn + 1, to);
	ta_cell c = s->cell[to];
	if (ph == TA_PH_CAPTURE) {
		if (c || s->terminator_placed)
			return qv_fail(why, QV_EINVAL,
			               "in phase capture the target square is empty and no "
			               "terminator is placed");
	} else if (!c || TA_OWNER(c) == s->turn || (s->shielded >> to & 1)) {
		return qv_fail(why, QV_EINVAL,
		               "in phase %s the target square must hold an unshielded opposing "
		               "piece",
		               ta_phase_names[ph]);
	}
	if (ph == TA_PH_DIE && s->tactical)
		return qv_fail(why, QV_EINVAL, "phase die in tactical mode, which has no die");
	return QV_OK;
}

/* The phase, the turns and whose turn it is: a game goes on only while two players are left
 * and turns remain, and the player to move is one who may. */
static qv_status check_turn(const ta_state *s, qv_err *why)
{
	if (s->turns > s->max_turns || s->extra > TA_MAX_BONUS)
		return qv_fail(why, QV_EINVAL,
		               "turns %d of at most %d, extra turns %d of at most %d", s->turns,
		               s->max_turns, s->extra, TA_MAX_BONUS);
	if (s->phase == TA_PH_OVER)
		return QV_OK;
	int alive = 0;
	for (int p = 0; p < s->nplayers; p++)
		alive += !s->pl[p].eliminated;
	if (alive < 2 || s->turns == s->max_turns)
		return qv_fail(why, QV_EINVAL,
		               "phase %s with %d players left after %d of %d turns: the game is "
		               "over",
		               ta_phase_names[s->phase], alive, s->turns, s->max_turns);
	if (s->pl[s->turn].eliminated)
		return qv_fail(why, QV_EINVAL, "it is the turn of p%d, who is eliminated",
		               s->turn + 1);
	if ((s->phase == TA_PH_START || s->phase == TA_PH_MAIN) &&
	    !ta_can_act_or_uncover(s, s->turn))
		return qv_fail(why, QV_EINVAL, "phase %s, but p%d can neither act nor uncover",
		               ta_phase_names[s->phase], s->turn + 1);
	return QV_OK;
}

/* Every invariant, in an order in which each check reads only what the ones before it have
 * shown to be in bounds. */
static qv_status check_state(const ta_state *s, qv_err *why)
{
	qv_status rc;
	if ((rc = check_params(s, why)) || (rc = check_cells(s, why)) ||
	    (rc = check_derived(s, why)))
		return rc;
	for (int p = 0; p < TA_MAX_PLAYERS; p++)
		if ((rc = p < s->nplayers ? check_player(s, p, why) : check_unused(s, p, why)))
			return rc;
	if ((rc = check_players(s, why)) || (rc = check_attack(s, why)) ||
	    (rc = check_turn(s, why)))
		return rc;
	return QV_OK;
}

bool ta_state_ok(const void *st, qv_err *why) { return check_state(st, why) == QV_OK; }
