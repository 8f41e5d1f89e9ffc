/*
 * check.c - the invariants of an Arrow Party state (qv_game.state_ok), as Stockfish's
 * pos_is_ok checks a position: the parameters within their bounds, each hand sorted with what
 * every player knows of each card (arrow_party.h), every arrow card in exactly one place and
 * every item its count of times, the stacks and discards holding cards of their value with
 * their unused slots zero, the ground cards of the components on the play area, the round's
 * commitments where the phase and its cursor say and nowhere else, and the walk's pairs.
 *
 * The sanitizer build runs it at the end of every apply, load_json refuses a state that breaks
 * it (the checks of the commitments are load_json's own: they moved here), and the property
 * tests ask at every step. It reads the whole state, the ground included: never on the hot
 * path of a release build.
 */
#include <string.h>

#include "arrow_party.h"
#include "games/check.h"

/* The parameters, the components' slot, the small fields' bounds and the generator. */
static qv_status check_params(const ap_state *s, qv_err *why)
{
	if (s->variant >= QV_VARIANT_MAX || !qv_variant_tables(s->variant))
		return qv_fail(why, QV_EINVAL, "variant slot %u holds no components", s->variant);
	if (s->nplayers < 3 || s->nplayers > QV_MAX_PLAYERS || s->size < 9 ||
	    s->size > AP_SIZE_MAX || s->rounds < 2 || s->rounds > 10 || s->rounds % 2 ||
	    s->shuffle > 1)
		return qv_fail(why, QV_EINVAL,
		               "parameters out of bounds: players %d (3-5), size %d (9-%d), rounds "
		               "%d (2-10, even), shuffle %d (0-1)",
		               s->nplayers, s->size, AP_SIZE_MAX, s->rounds, s->shuffle);
	if (s->round < 1 || s->round > s->rounds || s->phase >= AP_NPHASES ||
	    s->active >= s->nplayers)
		return qv_fail(why, QV_EINVAL,
		               "out of bounds: round %d of %d, phase %d, active p%d of %d",
		               s->round, s->rounds, s->phase, s->active + 1, s->nplayers);
	if (!(s->rng.s[0] | s->rng.s[1] | s->rng.s[2] | s->rng.s[3]))
		return qv_fail(why, QV_EINVAL, "the generator is zero (it never is once seeded)");
	return QV_OK;
}

/* Player p's hand: sorted by card, then by who knows it; cards of the components; known to
 * the owner, to players of the game and, when public, to every one of them; an arrow card to
 * its owner only. */
static qv_status check_hand(const ap_state *s, int p, qv_err *why)
{
	const ap_tables *T = ap_T(s);
	const ap_player *pl = &s->pl[p];
	uint8_t all = AP_ALL_KNOW(s->nplayers);
	if (pl->nhand > AP_HAND_MAX)
		return qv_fail(why, QV_EINVAL, "p%d holds %d cards (at most %d)", p + 1, pl->nhand,
		               AP_HAND_MAX);
	if (!qv__all_zero(pl->hand + pl->nhand,
	                  (size_t)(AP_HAND_MAX - pl->nhand) * sizeof *pl->hand))
		return qv_fail(why, QV_EINVAL, "p%d's hand slots beyond its %d cards are not zero",
		               p + 1, pl->nhand);
	for (int i = 0; i < pl->nhand; i++) {
		ap_entry e = pl->hand[i];
		bool item = ap_is_item(e.card);
		if (item ? ap_kind(e.card) >= T->nkinds : e.card >= T->narrows)
			return qv_fail(why, QV_EINVAL, "p%d's hand[%d] is card %d, none of the set",
			               p + 1, i, e.card);
		if (!(e.know >> p & 1) || (e.know & ~all) ||
		    ((e.know & AP_PUBLIC) && e.know != all) || (!item && e.know != 1u << p))
			return qv_fail(
			    why, QV_EINVAL,
			    "p%d's hand[%d] is known to %#x: always to its owner, only to "
			    "players of the game, to all of them when public, and an arrow "
			    "card to its owner only",
			    p + 1, i, e.know);
		if (i > 0) {
			ap_entry d = pl->hand[i - 1];
			if (d.card > e.card || (d.card == e.card && d.know > e.know))
				return qv_fail(
				    why, QV_EINVAL,
				    "p%d's hand is not sorted by card and knowledge at %d", p + 1,
				    i);
		}
	}
	return QV_OK;
}

/* Player p's die, place and item commitments: a die of the set, a cell of the area, uses of
 * kinds of the set with at most one kind of each effect, and the die, target or item a use
 * names set exactly when it is used. */
static qv_status check_player(const ap_state *s, int p, qv_err *why)
{
	const ap_tables *T = ap_T(s);
	const ap_player *pl = &s->pl[p];
	if (pl->die >= T->ndice || pl->pos >= s->size * s->size || pl->skip > 1 || pl->pad_)
		return qv_fail(why, QV_EINVAL,
		               "p%d: die %d of %d, cell %d of %d, skip %d, padding %d", p + 1,
		               pl->die, T->ndice, pl->pos, s->size * s->size, pl->skip, pl->pad_);
	if (pl->uses >> T->nkinds)
		return qv_fail(why, QV_EINVAL, "p%d uses item kinds %#x, beyond the %d kinds",
		               p + 1, pl->uses, T->nkinds);
	for (int e = 0; e < AP_NEFFECTS; e++)
		if (__builtin_popcount(pl->uses & T->emask[e]) > 1)
			return qv_fail(why, QV_EINVAL,
			               "p%d uses two %s items (at most one an effect)", p + 1,
			               ap_effect_names[e]);
	bool dice = ap_used_effect(T, pl, AP_E_DICE), swap = ap_used_effect(T, pl, AP_E_SWAP),
	     exch = ap_used_effect(T, pl, AP_E_EXCHANGE);
	if ((dice ? pl->dice_to >= T->ndice : pl->dice_to != 0) ||
	    (swap ? pl->swap_target >= s->nplayers || pl->swap_target == p ||
	                pl->swap_item >= T->nkinds
	          : pl->swap_target || pl->swap_item) ||
	    (exch ? pl->exch_target >= s->nplayers || pl->exch_target == p : pl->exch_target != 0))
		return qv_fail(
		    why, QV_EINVAL,
		    "p%d's dice %d, swap target p%d with item %d and exchange target p%d "
		    "must be those of its uses, set only with them",
		    p + 1, pl->dice_to, pl->swap_target + 1, pl->swap_item, pl->exch_target + 1);
	if (pl->drawn && (s->phase != AP_PH_DRAW || p != s->active))
		return qv_fail(why, QV_EINVAL,
		               "p%d has drawn %d cards outside its draw (phase %s, p%d active)",
		               p + 1, pl->drawn, ap_phase_names[s->phase], s->active + 1);
	return QV_OK;
}

/* Stack or discard pile v: value-v+1 arrow cards, its unused slots zero. */
static qv_status check_pile(const ap_tables *T, const char *name, int v, const uint8_t *a, int n,
                            qv_err *why)
{
	if (n > AP_STACK_MAX || !qv__all_zero(a + n, (size_t)(AP_STACK_MAX - n)))
		return qv_fail(why, QV_EINVAL,
		               "%s %d holds %d cards (at most %d), its slots beyond "
		               "are not zero",
		               name, v + 1, n, AP_STACK_MAX);
	for (int i = 0; i < n; i++)
		if (a[i] >= T->narrows || T->value[a[i]] != v + 1)
			return qv_fail(why, QV_EINVAL,
			               "%s %d holds card %d, not an arrow card of value "
			               "%d",
			               name, v + 1, a[i], v + 1);
	return QV_OK;
}

void ap_count_cards(const ap_state *s, int *count)
{
	memset(count, 0, AP_NCARDS * sizeof *count);
	bool thrown_out = s->phase >= AP_PH_LAND && s->phase <= AP_PH_WALK;
	for (int p = 0; p < s->nplayers; p++) {
		const ap_player *pl = &s->pl[p];
		for (int i = 0; i < pl->nhand; i++)
			count[pl->hand[i].card]++;
		if (pl->throw_card && thrown_out)
			count[pl->throw_card - 1]++;
	}
	for (int v = 0; v < AP_NVALUES; v++) {
		for (int i = 0; i < s->nstack[v]; i++)
			count[s->stack[v][i]]++;
		for (int i = 0; i < s->ndisc[v]; i++)
			count[s->disc[v][i]]++;
	}
	for (int c = 0; c < s->size * s->size; c++) {
		int k = (s->ground[c] & ~AP_G_KNOWN) - AP_G_ITEM;
		if (k >= 0 && k < AP_NKINDS)
			count[AP_NARROWS + k]++;
	}
	for (int k = 0; k < AP_NKINDS; k++)
		count[AP_NARROWS + k] += s->idisc[k] + s->out[k];
}

/* Every arrow card in exactly one place and every item kind its count of times
 * (ap_count_cards), after the cards those counts read are shown to be of the set: thrown
 * cards, piles, the ground. */
static qv_status check_cards(const ap_state *s, qv_err *why)
{
	const ap_tables *T = ap_T(s);
	for (int p = 0; p < s->nplayers; p++)
		if (s->pl[p].throw_card > T->narrows)
			return qv_fail(why, QV_EINVAL, "p%d throws card %d, not an arrow card",
			               p + 1, s->pl[p].throw_card - 1);
	qv_status rc;
	for (int v = 0; v < AP_NVALUES; v++)
		if ((rc = check_pile(T, "stack", v, s->stack[v], s->nstack[v], why)) ||
		    (rc = check_pile(T, "discard pile", v, s->disc[v], s->ndisc[v], why)))
			return rc;
	int cells = s->size * s->size;
	if (!qv__all_zero(s->ground + cells, (size_t)(AP_NCELLS - cells)))
		return qv_fail(why, QV_EINVAL, "a ground cell beyond the %dx%d area holds a card",
		               s->size, s->size);
	for (int c = 0; c < cells; c++) {
		int g = s->ground[c], k = (g & ~AP_G_KNOWN) - AP_G_ITEM;
		bool item = k >= 0 && k < T->nkinds;
		if (g && !item && g != AP_G_STAR && g != AP_G_SKULL)
			return qv_fail(why, QV_EINVAL,
			               "ground cell %d (of %d) holds %#x, no card of the set", c,
			               cells, g);
	}
	int count[AP_NCARDS];
	ap_count_cards(s, count);
	char b[12];
	for (int c = 0; c < T->narrows; c++)
		if (count[c] != 1)
			return qv_fail(why, QV_EINVAL,
			               "arrow card %s is in %d places, not one (a hand, a stack, a "
			               "discard pile, or thrown)",
			               (ap_card_name(T, c, b), b), count[c]);
	for (int k = 0; k < AP_NKINDS; k++) {
		int want = k < T->nkinds ? T->count[k] : 0;
		if (count[AP_NARROWS + k] != want)
			return qv_fail(
			    why, QV_EINVAL,
			    "item %s appears %d times over hands, ground, discard and out, "
			    "not its %d copies",
			    k < T->nkinds ? T->item_id[k] : "(none of the set)",
			    count[AP_NARROWS + k], want);
	}
	return QV_OK;
}

/* Player p's commitments of the item phase fit the phase (check_phase). */
static qv_status check_uses(const ap_state *s, int p, qv_err *why)
{
	int ph = s->phase, a = s->active;
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	if (ph == AP_PH_ITEMS && p > a && pl->uses)
		return qv_fail(why, QV_EINVAL,
		               "players[%d].uses: p%d has not committed yet (active is p%d)", p,
		               p + 1, a + 1);
	if (ph == AP_PH_ITEMS && pl->uses) {
		for (int k = 0; k < T->nkinds; k++) {
			int held = 0;
			for (int i = 0; i < pl->nhand; i++)
				held += pl->hand[i].card == AP_NARROWS + k;
			int need = ap_used(pl, k) +
			           (ap_used_effect(T, pl, AP_E_SWAP) && pl->swap_item == k);
			if (held < need)
				return qv_fail(why, QV_EINVAL,
				               "players[%d].uses: p%d does not hold %d %s", p,
				               p + 1, need, T->item_id[k]);
		}
		if (ap_used_effect(T, pl, AP_E_DICE) && pl->dice_to == pl->die)
			return qv_fail(why, QV_EINVAL,
			               "players[%d].uses: %s must change the die to another kind",
			               p, T->item_id[ap_used_kind(T, pl, AP_E_DICE)]);
	}
	if (ph == AP_PH_OVER && pl->uses)
		return qv_fail(why, QV_EINVAL, "players[%d].uses: the game is over", p);
	return QV_OK;
}

/* Player p's landing, roll, direction and steps, of a thrower: each set exactly once its
 * phase has passed p (check_round). */
static qv_status check_walk_choices(const ap_state *s, int p, qv_err *why)
{
	int ph = s->phase, a = s->active;
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	bool done_land = ph > AP_PH_LAND || (ph == AP_PH_LAND && p < a);
	if (done_land != (pl->land != 0) || pl->land > QV_NDIRS)
		return qv_fail(why, QV_EINVAL, "players[%d].land %s", p,
		               done_land ? "is missing" : "must be null");
	bool done_roll = ph > AP_PH_ROLL || (ph == AP_PH_ROLL && p < a);
	if (done_roll != (pl->roll != 0))
		return qv_fail(why, QV_EINVAL, "players[%d].roll %s", p,
		               done_roll ? "is missing" : "must be null");
	if (pl->roll > T->die_faces[pl->die])
		return qv_fail(why, QV_EINVAL, "players[%d].roll: %d is above the %s", p, pl->roll,
		               T->die_id[pl->die]);
	bool done_go = ph > AP_PH_GO || (ph == AP_PH_GO && p < a);
	if (done_go != (pl->go != 0) || pl->go > QV_NDIRS)
		return qv_fail(why, QV_EINVAL, "players[%d].go %s", p,
		               done_go ? "is missing" : "must be null");
	if (pl->go && !(ap_arrow_dirs(s, p) >> (pl->go - 1) & 1))
		return qv_fail(why, QV_EINVAL,
		               "players[%d].go: %s is not an arrow of the landed card", p,
		               qv_dir_names[pl->go - 1]);
	if (pl->steps && ph != AP_PH_WALK)
		return qv_fail(why, QV_EINVAL, "players[%d].steps: only during the walk", p);
	return QV_OK;
}

/* Player p's throw, landing, roll, direction and walk fit the phase and the cursor
 * (check_phase). */
static qv_status check_round(const ap_state *s, int p, qv_err *why)
{
	int ph = s->phase, a = s->active;
	const ap_player *pl = &s->pl[p];
	int arrows = 0;
	for (int i = 0; i < pl->nhand; i++)
		arrows += !ap_is_item(pl->hand[i].card);
	bool in_hand = false;
	for (int i = 0; pl->throw_card && i < pl->nhand; i++)
		in_hand |= pl->hand[i].card == pl->throw_card - 1;
	bool thrower = ph >= AP_PH_THROW && ph <= AP_PH_WALK && !pl->skip;
	if (ph < AP_PH_THROW || ph == AP_PH_OVER) {
		if (pl->throw_card || pl->land || pl->roll || pl->go || pl->steps || pl->skip)
			return qv_fail(
			    why, QV_EINVAL,
			    "players[%d]: throw, land, roll, go, steps and skip belong to "
			    "the phases throw to walk",
			    p);
		return QV_OK;
	}
	if (pl->skip && (pl->throw_card || pl->land || pl->roll || pl->go || pl->steps))
		return qv_fail(why, QV_EINVAL, "players[%d]: a skipping player throws nothing", p);
	if (ph == AP_PH_THROW && pl->skip != (arrows == 0))
		return qv_fail(why, QV_EINVAL,
		               "players[%d].skip must be true exactly when the hand holds no arrow "
		               "card",
		               p);
	if (!thrower)
		return QV_OK;
	bool done_throw = ph > AP_PH_THROW || p < a;
	if (done_throw != (pl->throw_card != 0))
		return qv_fail(why, QV_EINVAL, "players[%d].throw %s in phase %s with active p%d",
		               p, done_throw ? "is missing" : "must be null", ap_phase_names[ph],
		               a + 1);
	if (pl->throw_card && in_hand != (ph == AP_PH_THROW))
		return qv_fail(why, QV_EINVAL,
		               "players[%d].throw: a committed throw stays in the hand until the "
		               "reveal, then leaves it",
		               p);
	return check_walk_choices(s, p, why);
}

/* Phase take or draw: the active player has a swap that takes a card, or a draw to make. */
static qv_status check_turn(const ap_state *s, qv_err *why)
{
	int ph = s->phase, a = s->active;
	const ap_player *pl = &s->pl[a];
	const ap_tables *T = ap_T(s);
	if (ph == AP_PH_TAKE) {
		int t = pl->swap_target, items = 0, held = 0;
		for (int i = 0; i < s->pl[t].nhand; i++)
			items += ap_is_item(s->pl[t].hand[i].card);
		for (int i = 0; i < pl->nhand; i++)
			held += pl->hand[i].card == AP_NARROWS + pl->swap_item;
		if (!ap_used_effect(T, pl, AP_E_SWAP) || ap_used_effect(T, pl, AP_E_NOSWAP) ||
		    ap_used_effect(T, &s->pl[t], AP_E_NOSWAP) || !items || !held)
			return qv_fail(why, QV_EINVAL,
			               "phase take: p%d has no swap that takes a card now (a "
			               "swap used: %d, noswap by either: %d, items of the "
			               "target p%d: %d, copies of %s held: %d)",
			               a + 1, ap_used_effect(T, pl, AP_E_SWAP),
			               ap_used_effect(T, pl, AP_E_NOSWAP) ||
			                   ap_used_effect(T, &s->pl[t], AP_E_NOSWAP),
			               t + 1, items, T->item_id[pl->swap_item], held);
	} else {
		int ne = 0;
		for (int v = 0; v < AP_NVALUES; v++)
			ne += s->nstack[v] > 0;
		if (!ap_used_effect(T, pl, AP_E_DRAW) || !ne ||
		    pl->drawn >= T->param[ap_used_kind(T, pl, AP_E_DRAW)])
			return qv_fail(why, QV_EINVAL, "phase draw: p%d has no draw to make now",
			               a + 1);
	}
	return QV_OK;
}

/* The phase fits the players' fields: commitments where the cursor says, nothing else; the
 * walk's pairs kept in phase walk only, waiting for a give there; every item public once the
 * game is over. */
static qv_status check_phase(const ap_state *s, qv_err *why)
{
	int ph = s->phase, a = s->active, n = s->nplayers;
	qv_status rc;
	for (int p = 0; p < n; p++) {
		rc = check_uses(s, p, why);
		if (!rc)
			rc = check_round(s, p, why);
		if (rc)
			return rc;
	}
	bool cursor = ph == AP_PH_THROW || ph == AP_PH_LAND || ph == AP_PH_ROLL || ph == AP_PH_GO;
	if (cursor && s->pl[a].skip)
		return qv_fail(why, QV_EINVAL, "active: p%d skips this round", a + 1);
	if ((ph == AP_PH_TAKE || ph == AP_PH_DRAW) && (rc = check_turn(s, why)))
		return rc;
	if (ph == AP_PH_WALK && (!s->pending || (s->pending & ~s->bumped)))
		return qv_fail(
		    why, QV_EINVAL,
		    "walk: phase walk waits for a bump (pending must name pairs that bumped)");
	if (ph != AP_PH_WALK && (s->bumped || s->pending || s->tick))
		return qv_fail(why, QV_EINVAL,
		               "walk: bumps, pending gives and ticks are kept in phase walk only");
	if ((ph == AP_PH_WALK || ph == AP_PH_OVER) && a)
		return qv_fail(why, QV_EINVAL, "active is p%d in phase %s, which has no cursor",
		               a + 1, ap_phase_names[ph]);
	for (int i = 0; i < 16; i++)
		if ((s->bumped >> i & 1) && (i >= AP_NPAIRS || ap_pair_b[i] >= n))
			return qv_fail(why, QV_EINVAL, "walk: a pair of players not in this game");
	if (ph == AP_PH_OVER && s->round != s->rounds)
		return qv_fail(why, QV_EINVAL, "phase over comes after round %d", s->rounds);
	for (int p = 0; ph == AP_PH_OVER && p < n; p++)
		for (int i = 0; i < s->pl[p].nhand; i++)
			if (ap_is_item(s->pl[p].hand[i].card) &&
			    s->pl[p].hand[i].know != AP_ALL_KNOW(n))
				return qv_fail(
				    why, QV_EINVAL,
				    "the game is over but p%d's hand[%d] is not public (every "
				    "item is shown at the end)",
				    p + 1, i);
	return QV_OK;
}

/* Every invariant, in an order in which each check reads only what the ones before it have
 * shown to be in bounds. */
static qv_status check_state(const ap_state *s, qv_err *why)
{
	qv_status rc;
	if ((rc = check_params(s, why)))
		return rc;
	for (int p = 0; p < QV_MAX_PLAYERS; p++) {
		if (p >= s->nplayers) {
			ap_player zero;
			memset(&zero, 0, sizeof zero);
			if (memcmp(&s->pl[p], &zero, sizeof zero))
				return qv_fail(why, QV_EINVAL,
				               "pl[%d] is not empty in a game of %d "
				               "players",
				               p, s->nplayers);
			continue;
		}
		if ((rc = check_hand(s, p, why)) || (rc = check_player(s, p, why)))
			return rc;
	}
	if ((rc = check_cards(s, why)) || (rc = check_phase(s, why)))
		return rc;
	return QV_OK;
}

bool ap_state_ok(const void *st, qv_err *why) { return check_state(st, why) == QV_OK; }
