/*
 * check.c - the invariants of an Evons state (qv_game.state_ok), as Stockfish's pos_is_ok
 * checks a position: the parameters within their bounds, every cell empty and all zero or a
 * card of the table with flags its kind allows, the board mask and the instance numbers
 * agreeing with the cells, every card of each deck list in exactly one place, each pile's
 * unused slots zero, the mulligans, the generator and the chain stack fitting the phase, and
 * the phase agreeing with the rest.
 *
 * The sanitizer build runs it at the end of every apply, load_json refuses a state that breaks
 * it, and the property tests ask at every step. It reads the whole state, about the cost of a
 * few applies: never on the hot path of a release build.
 */
#include <string.h>

#include "evons.h"
#include "games/check.h"
#include "games/deck.h"

/* The parameters, the components' slot, the small fields' bounds and the padding. */
static qv_status check_params(const ev_state *s, qv_err *why)
{
	if (s->variant >= QV_VARIANT_MAX || !qv_variant_tables(s->variant))
		return qv_fail(why, QV_EINVAL, "variant slot %u holds no components", s->variant);
	if (s->max_turns < 1 || s->max_turns > 5000 || s->shuffle > 1)
		return qv_fail(why, QV_EINVAL,
		               "parameters out of bounds: max_turns %d (1-5000), shuffle %d (0-1)",
		               s->max_turns, s->shuffle);
	if (s->phase >= EV_NPHASES || s->active > 1 || s->first > 1 || s->ended >= EV_NENDS ||
	    s->turn_no > s->max_turns || s->idle > 2 || s->played > 1 || s->nstack > EV_MAX_STACK ||
	    s->next_inst < 1 || s->gone)
		return qv_fail(
		    why, QV_EINVAL,
		    "out of bounds: phase %d, active %d, first %d, ended %d, turns %d of "
		    "%d, idle %d (0-2), played %d, %d stack entries (at most %d), "
		    "next_inst %d (1 on), gone %d (0 between actions)",
		    s->phase, s->active, s->first, s->ended, s->turn_no, s->max_turns, s->idle,
		    s->played, s->nstack, EV_MAX_STACK, s->next_inst, s->gone);
	if (!qv__all_zero(s->pad_, sizeof s->pad_))
		return qv_fail(why, QV_EINVAL, "the state's padding is not zero");
	return QV_OK;
}

/* The name of cell c in b (4 bytes), for a message. */
static const char *cell_name(int c, char *b)
{
	ev_cell_name(c, b);
	return b;
}

/* The card on cell c (not empty): of the table, with flags its kind allows (a covered card is
 * a monster of its owner's control, Growth only on a covered card, damage below the DEF of a
 * face-up monster, a reactivation only by a face-up monster), numbered below next_inst. */
static qv_status check_card(const ev_state *s, int c, qv_err *why)
{
	const ev_tables *T = ev_T(s);
	const ev_cell *x = &s->cell[c];
	char b[4];
	if (x->kind > T->nkinds || x->owner > 1 || x->ctrl > 1 || x->pad_ ||
	    (x->flags & ~(EV_F_COVERED | EV_F_GROWTH | EV_F_MOVED | EV_F_REACTIVATED)))
		return qv_fail(why, QV_EINVAL,
		               "cell %s holds kind %d of %d, owner %d, controller %d, flags "
		               "%#x",
		               cell_name(c, b), x->kind - 1, T->nkinds, x->owner, x->ctrl,
		               x->flags);
	int k = x->kind - 1;
	bool cov = x->flags & EV_F_COVERED, block = ev_is_block(T, k);
	bool faceup = !cov && !block;
	if ((cov || block) && x->ctrl != x->owner)
		return qv_fail(why, QV_EINVAL,
		               "the %s on %s is controlled by p%d, not its owner p%d: only a "
		               "face-up monster changes hands",
		               T->kind[k].id, cell_name(c, b), x->ctrl + 1, x->owner + 1);
	if ((cov && block) || ((x->flags & EV_F_GROWTH) && !cov) ||
	    ((x->flags & EV_F_REACTIVATED) && !faceup))
		return qv_fail(why, QV_EINVAL,
		               "the %s on %s has flags %#x: a block is never covered, Growth "
		               "marks a covered card, only a face-up monster reactivates",
		               T->kind[k].id, cell_name(c, b), x->flags);
	if (x->dmg && (!faceup || x->dmg >= T->kind[k].def))
		return qv_fail(why, QV_EINVAL,
		               "the %s on %s has %d damage: only a face-up monster takes it, "
		               "less than its DEF %d",
		               T->kind[k].id, cell_name(c, b), x->dmg, T->kind[k].def);
	if (!x->inst || (x->inst >= s->next_inst && s->next_inst < UINT16_MAX))
		return qv_fail(why, QV_EINVAL,
		               "the card on %s has instance number %d, not 1 to next_inst %d",
		               cell_name(c, b), x->inst, s->next_inst);
	return QV_OK;
}

/* Every cell: empty and all zero, or a card check_card accepts, numbered apart from every
 * other card; and the board and covered masks agreeing with the cells. */
static qv_status check_cells(const ev_state *s, qv_err *why)
{
	uint64_t board = 0;
	int inst[EV_NCELLS], ninst = 0;
	char b[4];
	for (int c = 0; c < EV_NCELLS; c++) {
		const ev_cell *x = &s->cell[c];
		if (!x->kind) {
			if (!qv__all_zero(x, sizeof *x))
				return qv_fail(why, QV_EINVAL, "empty cell %s is not all zero",
				               cell_name(c, b));
			continue;
		}
		board |= 1ull << c;
		qv_status rc = check_card(s, c, why);
		if (rc)
			return rc;
		for (int i = 0; i < ninst; i++)
			if (inst[i] == x->inst)
				return qv_fail(why, QV_EINVAL, "two cards have instance number %d",
				               x->inst);
		inst[ninst++] = x->inst;
	}
	if (s->board != board)
		return qv_fail(why, QV_EINVAL, "the board mask is %#llx, the cells give %#llx",
		               (unsigned long long)s->board, (unsigned long long)board);
	if (s->covered != ev_covered_mask(s))
		return qv_fail(why, QV_EINVAL, "the covered mask is %#llx, the cells give %#llx",
		               (unsigned long long)s->covered,
		               (unsigned long long)ev_covered_mask(s));
	return QV_OK;
}

/* How often a deck list may hold kind k: a monster EV_MAX_COPIES times, a block as often as a
 * deck holds cards (qv__deck_check_counts). */
static int most_copies(const void *tables, int k)
{
	const ev_tables *T = tables;
	return k >= T->nkinds ? 0 : ev_is_block(T, k) ? EV_DECK_MAX : EV_MAX_COPIES;
}

/* Player p's zones: the deck list (a monster at most EV_MAX_COPIES times, EV_DECK_MIN to
 * EV_DECK_MAX cards), the hand counted, the piles with their unused slots zero; then every
 * card of the list in exactly one place: p's cards on the board, the hand, the deck, the
 * graveyard or removed from the game. */
static qv_status check_player(const ev_state *s, int p, qv_err *why)
{
	const ev_tables *T = ev_T(s);
	const ev_player *pl = &s->pl[p];
	qv_status rc;
	if ((rc = qv__deck_check_counts(p, pl->owned, pl->hand, EV_MAX_KINDS, most_copies, T,
	                                pl->decklen, EV_DECK_MIN, EV_DECK_MAX, pl->nhand, why)))
		return rc;
	if ((rc = qv__deck_check_pile(p, "deck", pl->deck, pl->ndeck, EV_DECK_MAX, T->nkinds,
	                              why)) ||
	    (rc = qv__deck_check_pile(p, "graveyard", pl->grave, pl->ngrave, EV_DECK_MAX, T->nkinds,
	                              why)) ||
	    (rc = qv__deck_check_pile(p, "removed pile", pl->removed, pl->nremoved, EV_DECK_MAX,
	                              T->nkinds, why)))
		return rc;
	if (pl->mull < -1 || pl->mull > EV_HAND_START)
		return qv_fail(why, QV_EINVAL, "p%d's mulligan is %d (-1 undecided, else 0-%d)",
		               p + 1, pl->mull, EV_HAND_START);
	int count[EV_MAX_KINDS];
	ev_count_placed(s, p, count);
	for (int i = 0; i < pl->ndeck; i++)
		count[pl->deck[i]]++;
	for (int k = 0; k < EV_MAX_KINDS; k++)
		if (count[k] != pl->owned[k])
			return qv_fail(why, QV_EINVAL,
			               "p%d has %d x %s on the board, in hand, deck, graveyard and "
			               "removed, but its deck list holds %d",
			               p + 1, count[k], k < T->nkinds ? T->kind[k].id : "?",
			               pl->owned[k]);
	return QV_OK;
}

void ev_count_placed(const void *st, int p, int *placed)
{
	const ev_state *s = st;
	const ev_player *pl = &s->pl[p];
	for (int k = 0; k < EV_MAX_KINDS; k++)
		placed[k] = pl->hand[k];
	for (uint64_t m = s->board; m; m &= m - 1) {
		const ev_cell *x = &s->cell[__builtin_ctzll(m)];
		placed[x->kind - 1] += x->owner == p;
	}
	for (int i = 0; i < pl->ngrave; i++)
		placed[pl->grave[i]]++;
	for (int i = 0; i < pl->nremoved; i++)
		placed[pl->removed[i]]++;
}

/* The card of a stack entry's instance (a face-up monster of the active player), or -1. */
static int entry_card(const ev_state *s, const ev_entry *e)
{
	int c = ev_find_cell_of(s, e->inst);
	if (c < 0 || !ev_faceup_monster(s, c) || s->cell[c].ctrl != s->active)
		return -1;
	return c;
}

/* Stack entry i: a face-up monster of the active player on the cell the entry keeps, in a step
 * of the sequence, ability arrows used only where the card has them, only on top fighting
 * conflicts (with cards that defend against it) or burning (with a target left). */
static qv_status check_entry(const ev_state *s, int i, qv_err *why)
{
	const ev_tables *T = ev_T(s);
	const ev_entry *e = &s->stack[i];
	bool top = i == s->nstack - 1;
	int c = entry_card(s, e);
	if (c < 0)
		return qv_fail(why, QV_EINVAL,
		               "stack[%d] names instance %d, which is no face-up monster of "
		               "the active player p%d on the board",
		               i, e->inst, s->active + 1);
	unsigned abilities = 0;
	for (int d = 0; d < QV_NDIRS; d++)
		abilities |= (unsigned)(T->kind[ev_kind_at(s, c)].ability[d] != 0) << d;
	if (e->at != c) {
		char b1[8], b2[8];
		return qv_fail(why, QV_EINVAL,
		               "stack[%d]: its card (instance %d) is on %s, not on %s (at)", i,
		               e->inst, cell_name(c, b1), cell_name(e->at, b2));
	}
	if (e->step >= EV_NSTEPS || (e->used & ~abilities))
		return qv_fail(why, QV_EINVAL,
		               "stack[%d]: step %d, used arrows %#x of the ability arrows %#x", i,
		               e->step, e->used, abilities);
	if ((e->step == EV_ST_CONFLICTS) != (e->conflicts != 0) || (e->conflicts && !top) ||
	    (e->burn_left && !top) || (!e->burn_left && e->burn_center))
		return qv_fail(why, QV_EINVAL,
		               "stack[%d]: conflicts %#llx in step %s, burn %d left on %d: "
		               "defenders are kept exactly in step conflicts, and only the "
		               "top entry fights or burns",
		               i, (unsigned long long)e->conflicts, ev_step_names[e->step],
		               e->burn_left, e->burn_center);
	if (e->conflicts & ~s->board || (e->conflicts && !ev_in_main(c)))
		return qv_fail(why, QV_EINVAL,
		               "stack[%d]: a conflict with an empty cell, or from the out zone", i);
	for (uint64_t m = e->conflicts; m; m &= m - 1) {
		int t = __builtin_ctzll(m);
		if (!ev_in_main(t) || !ev_faceup_monster(s, t) || s->cell[t].ctrl == s->active ||
		    !ev_points_at(s, c, t) || !ev_points_at(s, t, c))
			return qv_fail(why, QV_EINVAL,
			               "stack[%d]: cell %d fights a conflict without defending "
			               "its position (a face-up opponent monster in the main "
			               "zone pointing back)",
			               i, t);
	}
	int targets[5];
	if (e->burn_left && (e->burn_center >= EV_NCELLS ||
	                     !ev_burn_targets(s, e->burn_center, s->active, targets)))
		return qv_fail(why, QV_EINVAL,
		               "stack[%d]: %d Firestorm points on cell %d with no target", i,
		               e->burn_left, e->burn_center);
	return QV_OK;
}

/* The chain stack: non-empty exactly in phase chain, each entry a card of the active player on
 * the board, on the cell the entry keeps, in a step of the sequence, ability arrows used only where
 * the card has them, only the top entry fighting conflicts (with cards that defend against it) or
 * burning (with a target left), and the slots beyond the stack zero. */
static qv_status check_stack(const ev_state *s, qv_err *why)
{
	if ((s->nstack != 0) != (s->phase == EV_PH_CHAIN))
		return qv_fail(why, QV_EINVAL,
		               "%d stack entries in phase %s: the chain stack holds "
		               "entries exactly in phase chain",
		               s->nstack, ev_phase_names[s->phase]);
	size_t unused = (size_t)(EV_MAX_STACK - s->nstack) * sizeof *s->stack;
	if (!qv__all_zero(s->stack + s->nstack, unused))
		return qv_fail(why, QV_EINVAL, "a stack slot beyond the %d entries is not zero",
		               s->nstack);
	for (int i = 0; i < s->nstack; i++) {
		qv_status rc = check_entry(s, i, why);
		if (rc)
			return rc;
	}
	return QV_OK;
}

/* The phase against the rest: the mulligans in seat order with their generator, nothing on
 * the board before the first turn, the first player unknown until the coin, the end exactly
 * in phase over, a full main zone ending the game. */
static qv_status check_phase(const ev_state *s, qv_err *why)
{
	int ph = s->phase;
	bool before = ph == EV_PH_MULLIGAN || ph == EV_PH_COIN;
	bool rng = s->rng.s[0] | s->rng.s[1] | s->rng.s[2] | s->rng.s[3];
	if (rng != (ph == EV_PH_MULLIGAN))
		return qv_fail(why, QV_EINVAL,
		               "the generator is %s in phase %s: it shuffles the mulligans, and is "
		               "cleared after them",
		               rng ? "set" : "zero", ev_phase_names[ph]);
	for (int p = 0; p < 2; p++) {
		bool decided = s->pl[p].mull >= 0;
		bool want = ph != EV_PH_MULLIGAN || p < s->active;
		if (decided != want)
			return qv_fail(why, QV_EINVAL,
			               "p%d's mulligan is %d in phase %s with p%d active: players "
			               "decide in seat order, all before the coin",
			               p + 1, s->pl[p].mull, ev_phase_names[ph], s->active + 1);
		if (!decided && s->pl[p].nhand > EV_HAND_START)
			return qv_fail(why, QV_EINVAL,
			               "p%d holds %d cards before its mulligan (at most %d)", p + 1,
			               s->pl[p].nhand, EV_HAND_START);
	}
	if (before && (s->board || s->turn_no || s->idle || s->played || s->first))
		return qv_fail(why, QV_EINVAL,
		               "before the first turn the board is empty, the first player unknown "
		               "(0), and turns, idle and played 0");
	if (ph == EV_PH_COIN && s->active)
		return qv_fail(why, QV_EINVAL, "in phase coin the active player is p1");
	if ((s->ended != EV_END_NONE) != (ph == EV_PH_OVER))
		return qv_fail(why, QV_EINVAL, "ended is %s in phase %s", ev_end_names[s->ended],
		               ev_phase_names[ph]);
	if (ph != EV_PH_OVER) {
		if ((s->board & EV_MAIN_ZONE) == EV_MAIN_ZONE || s->idle > 1 ||
		    s->turn_no >= s->max_turns)
			return qv_fail(
			    why, QV_EINVAL,
			    "phase %s, but the main zone is full, two turns in a row were "
			    "idle or the %d turns are played: the game is over",
			    ev_phase_names[ph], s->max_turns);
		if (ph == EV_PH_CHAIN && !s->played)
			return qv_fail(why, QV_EINVAL,
			               "a chain runs, but no hand play was made this "
			               "turn");
	}
	return QV_OK;
}

/* Every invariant, in an order in which each check reads only what the ones before it have
 * shown to be in bounds. */
static qv_status check_state(const ev_state *s, qv_err *why)
{
	qv_status rc;
	if ((rc = check_params(s, why)) || (rc = check_cells(s, why)))
		return rc;
	for (int p = 0; p < 2; p++)
		if ((rc = check_player(s, p, why)))
			return rc;
	if ((rc = check_stack(s, why)) || (rc = check_phase(s, why)))
		return rc;
	return QV_OK;
}

bool ev_state_ok(const void *st, qv_err *why) { return check_state(st, why) == QV_OK; }
