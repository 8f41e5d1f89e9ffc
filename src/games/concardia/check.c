/*
 * check.c - the invariants of a ConCardia state (qv_game.state_ok), as Stockfish's pos_is_ok
 * checks a position: the parameters within their bounds, every square of the grid a card of
 * the set (or all zero), what the state keeps beside the grid (the masks of cards and roles,
 * the superior sums and the threats: concardia.h) equal to what the grid gives, every card of
 * each decklist in exactly one place, each pile's unused slots zero, the phase, the cost being
 * paid and the capture step agreeing with the rest, and last the card ids held (held) those of
 * the hands.
 *
 * The sanitizer build runs it at the end of every apply (and the derived half at every
 * capture step), load_json refuses a state that breaks it, and the property tests ask at every
 * step. It reads the whole state, about the cost of a few applies: never on the hot path of a
 * release build.
 */
#include <string.h>

#include "concardia.h"
#include "games/check.h"
#include "games/deck.h"

/* The parameters, the components' slot and every small field's bounds: what the other checks
 * read. */
static qv_status check_params(const cc_state *s, qv_err *why)
{
	if (s->variant >= QV_VARIANT_MAX || !qv_variant_tables(s->variant))
		return qv_fail(why, QV_EINVAL, "variant slot %u holds no components", s->variant);
	if (s->target < 1 || s->target > 60 || s->max_turns < 20 || s->max_turns > 5000 ||
	    s->shuffle > 1)
		return qv_fail(
		    why, QV_EINVAL,
		    "parameters out of bounds: target %d (1-60), max_turns %d (20-5000), "
		    "shuffle %d (0-1)",
		    s->target, s->max_turns, s->shuffle);
	if (s->phase >= CC_NPHASES || s->active > 1 || s->first > 1 || s->ended > CC_END_CAP ||
	    s->passes > 2 || s->turn_no > s->max_turns || s->pend_kind > CC_PEND_SABOTAGE ||
	    s->react_next >= 2 * CC_NSQ || s->reacted > 1)
		return qv_fail(why, QV_EINVAL,
		               "out of bounds: phase %d, active %d, first %d, ended %d, passes %d "
		               "(0-2), turns %d of %d, pending kind %d, capture next %d (0-71), "
		               "reacted %d",
		               s->phase, s->active, s->first, s->ended, s->passes, s->turn_no,
		               s->max_turns, s->pend_kind, s->react_next, s->reacted);
	return QV_OK;
}

/* The name of square sq in b (4 bytes), for a message. */
static const char *sq_name(int sq, char *b)
{
	qv_sq_name(sq % 6, sq / 6, b);
	return b;
}

/* Every square: empty and all zero, or a card of the set with an owner, Charge Counters only
 * on a charger and not more than it holds, a boost only on a charger. */
static qv_status check_grid(const cc_state *s, qv_err *why)
{
	const cc_tables *T = cc_T(s);
	char b[4];
	for (int sq = 0; sq < CC_NSQ; sq++) {
		const cc_cell *c = &s->grid[sq];
		if (!c->card) {
			if (c->owner || c->counters || c->boost)
				return qv_fail(
				    why, QV_EINVAL,
				    "empty square %s has owner %d, counters %d, boost %d",
				    sq_name(sq, b), c->owner, c->counters, c->boost);
			continue;
		}
		if (c->card > T->ncards || c->owner > 1)
			return qv_fail(why, QV_EINVAL, "square %s holds card %d of %d, owner %d",
			               sq_name(sq, b), c->card - 1, T->ncards, c->owner);
		if (c->counters > T->counters[c->card] ||
		    (c->boost && (c->boost > 1 || T->kind[c->card] != CC_AB_CHARGE)))
			return qv_fail(
			    why, QV_EINVAL,
			    "the %s on %s has %d Charge Counters (at most %d) and boost %d "
			    "(only a charger is boosted)",
			    T->cards[c->card - 1].name, sq_name(sq, b), c->counters,
			    T->counters[c->card], c->boost);
	}
	return QV_OK;
}

/* The cards in pl's hand, bit c for card id c, counted one by one: held's value worked out
 * apart from rules.c's cc_hand_mask (which rules.c's own checks call here: a call back into
 * rules.c would make the two files a cycle in the sanitizer build). */
static uint64_t held_of(const cc_player *pl)
{
	uint64_t m = 0;
	for (int c = 0; c <= CC_MAX_CARDS; c++)
		m |= pl->hand[c] ? 1ull << c : 0;
	return m;
}

qv_status cc_check_derived(const cc_state *s, qv_err *why)
{
	const cc_tables *T = cc_T(s);
	uint64_t occ[2] = {0, 0}, banners = 0, dynamos = 0, movers = 0, boosted = 0, threat = 0;
	for (int sq = 0; sq < CC_NSQ; sq++) {
		const cc_cell *c = &s->grid[sq];
		uint64_t bit = 1ull << sq;
		int k = T->kind[c->card];
		if (c->card) {
			occ[c->owner] |= bit;
			banners |= k == CC_AB_SUPPORT ? bit : 0;
			dynamos |= k == CC_AB_CHARGE ? bit : 0;
			movers |= k == CC_AB_MOVE || k == CC_AB_SHOVE ? bit : 0;
			boosted |= c->boost ? bit : 0;
		}
	}
	/* the sums again, from the cards the grid holds (not from the masks being checked) */
	for (int sq = 0; sq < CC_NSQ; sq++) {
		const cc_cell *c = &s->grid[sq];
		int sum = c->card ? cc_superior_sum(T, s, sq, cc_adj[sq] & occ[1 - c->owner]) : 0;
		threat |= c->card && sum >= T->defense[c->card] ? 1ull << sq : 0;
		char b[4];
		if (s->atk[sq] != sum)
			return qv_fail(why, QV_EINVAL,
			               "atk[%s] is %d, but the superior arrows at it sum to %d",
			               sq_name(sq, b), s->atk[sq], sum);
	}
	if (s->occ[0] != occ[0] || s->occ[1] != occ[1])
		return qv_fail(why, QV_EINVAL,
		               "occ is %#llx and %#llx, the grid gives %#llx and %#llx",
		               (unsigned long long)s->occ[0], (unsigned long long)s->occ[1],
		               (unsigned long long)occ[0], (unsigned long long)occ[1]);
	if (s->banners != banners || s->dynamos != dynamos || s->movers != movers)
		return qv_fail(
		    why, QV_EINVAL,
		    "the masks of banners, dynamos and movers are %#llx, %#llx and %#llx; "
		    "the grid gives %#llx, %#llx and %#llx",
		    (unsigned long long)s->banners, (unsigned long long)s->dynamos,
		    (unsigned long long)s->movers, (unsigned long long)banners,
		    (unsigned long long)dynamos, (unsigned long long)movers);
	if (s->threat != threat)
		return qv_fail(why, QV_EINVAL, "threat is %#llx, the sums give %#llx",
		               (unsigned long long)s->threat, (unsigned long long)threat);
	if (s->boosted != boosted)
		return qv_fail(why, QV_EINVAL, "boosted is %#llx, the grid gives %#llx",
		               (unsigned long long)s->boosted, (unsigned long long)boosted);
	return QV_OK;
}

/* How often a decklist may hold card id: twice a card of the set (qv__deck_check_counts). */
static int most_copies(const void *T, int card)
{
	return card < ((const cc_tables *)T)->ncards ? 2 : 0;
}

/* Player p's zones: the decklist (each id at most twice, 8-60 cards), the hand counted, the
 * piles and the Persistent Area with their unused slots zero, and the flags. */
static qv_status check_zones(const cc_state *s, int p, qv_err *why)
{
	const cc_tables *T = cc_T(s);
	const cc_player *pl = &s->pl[p];
	qv_status rc;
	if ((rc = qv__deck_check_counts(p, pl->owned, pl->hand, CC_MAX_CARDS, most_copies, T,
	                                pl->decklen, CC_DECK_MIN, CC_DECK_MAX, pl->nhand, why)))
		return rc;
	if (pl->hand[CC_MAX_CARDS])
		return qv_fail(why, QV_EINVAL, "p%d's hand counts card %d, past the set's", p + 1,
		               CC_MAX_CARDS);
	if ((rc = qv__deck_check_pile(p, "deck", pl->deck, pl->ndeck, CC_DECK_MAX, T->ncards,
	                              why)) ||
	    (rc = qv__deck_check_pile(p, "discard pile", pl->discard, pl->ndiscard, CC_DECK_MAX,
	                              T->ncards, why)) ||
	    (rc = qv__deck_check_pile(p, "victory pile", pl->victory, pl->nvictory, CC_DECK_MAX,
	                              T->ncards, why)))
		return rc;
	if (pl->npersist > CC_MAX_PERSIST ||
	    !qv__all_zero(pl->persist + pl->npersist, (size_t)(CC_MAX_PERSIST - pl->npersist)) ||
	    !qv__all_zero(pl->pcounters + pl->npersist, (size_t)(CC_MAX_PERSIST - pl->npersist)))
		return qv_fail(
		    why, QV_EINVAL,
		    "p%d's Persistent Area holds %d cards (at most %d), its slots beyond "
		    "are not zero",
		    p + 1, pl->npersist, CC_MAX_PERSIST);
	for (int i = 0; i < pl->npersist; i++) {
		int card = pl->persist[i] - 1;
		if (card < 0 || card >= T->ncards || !cc_is_persistent(T, card) ||
		    pl->pcounters[i] > T->cards[card].counters)
			return qv_fail(
			    why, QV_EINVAL,
			    "p%d's Persistent Area slot %d holds card %d with %d counters: "
			    "only a Persistent card, within its counters",
			    p + 1, i, card, pl->pcounters[i]);
		for (int j = 0; j < i; j++)
			if (T->cards[card].same_name >> (pl->persist[j] - 1) & 1)
				return qv_fail(why, QV_EINVAL,
				               "p%d's Persistent Area holds two cards named %s",
				               p + 1, T->cards[card].name);
	}
	if (pl->start > T->ncards || pl->lost > 1 || pl->pad_[0] || pl->pad_[1] || pl->pad_[2])
		return qv_fail(why, QV_EINVAL, "p%d: start %d, lost %d, padding %d %d %d", p + 1,
		               pl->start, pl->lost, pl->pad_[0], pl->pad_[1], pl->pad_[2]);
	return QV_OK;
}

void cc_count_placed(const void *st, int p, int *placed)
{
	const cc_state *s = st;
	const cc_player *pl = &s->pl[p], *op = &s->pl[1 - p];
	for (int c = 0; c < CC_MAX_CARDS; c++)
		placed[c] = pl->hand[c];
	for (int sq = 0; sq < CC_NSQ; sq++)
		if (s->grid[sq].card && s->grid[sq].owner == p)
			placed[s->grid[sq].card - 1]++;
	for (int i = 0; i < pl->ndiscard; i++)
		placed[pl->discard[i]]++;
	for (int i = 0; i < op->nvictory; i++)
		placed[op->victory[i]]++;
	for (int i = 0; i < pl->npersist; i++)
		placed[pl->persist[i] - 1]++;
	if (pl->start)
		placed[pl->start - 1]++;
	if (s->pend_card && s->active == p)
		placed[s->pend_card - 1]++;
}

/* Every card of p's decklist in exactly one place: where cc_count_placed counts, or the deck. */
static qv_status check_cards(const cc_state *s, int p, qv_err *why)
{
	const cc_tables *T = cc_T(s);
	const cc_player *pl = &s->pl[p];
	int count[CC_MAX_CARDS];
	cc_count_placed(s, p, count);
	for (int i = 0; i < pl->ndeck; i++)
		count[pl->deck[i]]++;
	for (int c = 0; c < CC_MAX_CARDS; c++)
		if (count[c] != pl->owned[c]) {
			char b[CC_ID_MAX + 1];
			cc_card_name(T, c, b);
			return qv_fail(
			    why, QV_EINVAL,
			    "p%d has %d x %s on the grid, in hand, deck, piles, Persistent "
			    "Area and start, but its decklist holds %d",
			    p + 1, count[c], b, pl->owned[c]);
		}
	return QV_OK;
}

/* The cost being paid: phase pay exactly while an action waits for it, with something left
 * to pay that p can pay, for a card that can ask it; the saboteur set aside only while its
 * cost is paid or the capture step it led to goes on. */
static qv_status check_pending(const cc_state *s, qv_err *why)
{
	const cc_tables *T = cc_T(s);
	int p = s->active, kind = s->pend_kind, from = s->pend_from;
	if ((kind != CC_PEND_NONE) != (s->phase == CC_PH_PAY))
		return qv_fail(why, QV_EINVAL,
		               "pending kind %s in phase %s: a cost is paid exactly "
		               "in phase pay",
		               cc_pend_names[kind], cc_phase_names[s->phase]);
	if (s->pend_card) {
		int card = s->pend_card - 1;
		bool when =
		    s->phase == CC_PH_REACT || (s->phase == CC_PH_PAY && kind == CC_PEND_SABOTAGE);
		if (card >= T->ncards || T->cards[card].kind != CC_AB_SABOTAGE || !when)
			return qv_fail(
			    why, QV_EINVAL,
			    "card %d is set aside in phase %s: only a saboteur, while its "
			    "cost is paid or its capture step goes on",
			    card, cc_phase_names[s->phase]);
	} else if (kind == CC_PEND_SABOTAGE) {
		return qv_fail(why, QV_EINVAL, "a sabotage is paid for with no saboteur set aside");
	}
	if (kind == CC_PEND_NONE) {
		if (s->pend_from || s->pend_to || s->pend_left || s->pend_paid)
			return qv_fail(why, QV_EINVAL,
			               "nothing is paid for, but pending from %d, to %d, left %d, "
			               "paid %d",
			               s->pend_from, s->pend_to, s->pend_left, s->pend_paid);
		return QV_OK;
	}
	if (s->pend_left == 0 || cc_units(s, p) < s->pend_left || s->pend_to >= CC_NSQ)
		return qv_fail(why, QV_EINVAL,
		               "p%d pays %d units with %d to pay from (at least 1, at most what "
		               "it has), to square %d",
		               p + 1, s->pend_left, cc_units(s, p), s->pend_to);
	if (kind == CC_PEND_SHOVE || kind == CC_PEND_BOOST) {
		int need = kind == CC_PEND_SHOVE ? CC_AB_SHOVE : CC_AB_CHARGE;
		const cc_cell *c = from < CC_NSQ ? &s->grid[from] : NULL;
		if (!c || !c->card || c->owner != p || T->kind[c->card] != need)
			return qv_fail(why, QV_EINVAL,
			               "a %s is paid for from square %d, which must hold p%d's %s",
			               cc_pend_names[kind], from, p + 1, cc_kind_card(T, need));
		if (kind == CC_PEND_BOOST && s->pend_to)
			return qv_fail(why, QV_EINVAL, "a boost names no target (%d)", s->pend_to);
	} else if (kind == CC_PEND_PBOOST) {
		if (from >= T->ncards || cc_persist_slot(&s->pl[p], from) < 0 || s->pend_to)
			return qv_fail(
			    why, QV_EINVAL,
			    "a persistent boost is paid for card %d, which must be in p%d's "
			    "Persistent Area",
			    from, p + 1);
	} else if (from) {
		return qv_fail(why, QV_EINVAL, "a sabotage names no card it is paid from (%d)",
		               from);
	}
	return QV_OK;
}

/* The capture step: kept in phase react only, offering a card of the player to move that
 * would be captured and is not saved, to an owner holding an aegis. */
static qv_status check_capture(const cc_state *s, qv_err *why)
{
	const cc_tables *T = cc_T(s);
	if (s->phase != CC_PH_REACT) {
		if (s->would || s->saved || s->react_next || s->reacted)
			return qv_fail(
			    why, QV_EINVAL,
			    "a capture step (would %#llx, saved %#llx, next %d, reacted %d) "
			    "is kept outside phase react",
			    (unsigned long long)s->would, (unsigned long long)s->saved,
			    s->react_next, s->reacted);
		return QV_OK;
	}
	int sq = s->react_next % CC_NSQ, who = cc_to_move(s), aegis = 0;
	for (uint64_t m = T->of_kind[CC_AB_SAVE]; m; m &= m - 1)
		aegis += s->pl[who].hand[__builtin_ctzll(m)];
	if (s->would & ~(s->occ[0] | s->occ[1]) || s->saved & ~s->would)
		return qv_fail(why, QV_EINVAL,
		               "the capture step's cards that would be captured are not all on the "
		               "grid, or a saved card is not one of them");
	if (!(s->would >> sq & 1) || (s->saved >> sq & 1) || !(s->occ[who] >> sq & 1) || !aegis)
		return qv_fail(why, QV_EINVAL,
		               "the capture step offers square %d to p%d, which must be p%d's card "
		               "that would be captured, not saved, with an aegis in hand",
		               sq, who + 1, who + 1);
	return QV_OK;
}

/* The phase against the rest: the secret start before anything is on the grid, the first
 * player unknown until the coin, points and turns below their ends while the game goes on, a
 * loss exactly where the game ended by one. */
static qv_status check_phase(const cc_state *s, qv_err *why)
{
	int ph = s->phase, p = s->active;
	bool over = ph == CC_PH_OVER, before = ph == CC_PH_START || ph == CC_PH_COIN;
	if ((s->ended != CC_END_NONE) != over)
		return qv_fail(why, QV_EINVAL, "ended is %s in phase %s", cc_end_names[s->ended],
		               cc_phase_names[ph]);
	int lost = s->pl[0].lost + s->pl[1].lost;
	if ((lost != 0) != (s->ended == CC_END_LOSS))
		return qv_fail(why, QV_EINVAL, "%d players lost, but the game ended by %s", lost,
		               cc_end_names[s->ended]);
	if (ph == CC_PH_START) {
		if (s->occ[0] | s->occ[1] || s->pl[1].start || (p == 1) != (s->pl[0].start != 0) ||
		    !s->pl[p].nhand)
			return qv_fail(
			    why, QV_EINVAL,
			    "in phase start the grid is empty, p1 chooses first (its start "
			    "set exactly when p2 is active) and the chooser holds a card");
	} else if (s->pl[0].start || s->pl[1].start) {
		return qv_fail(why, QV_EINVAL, "a start is kept secret in phase %s",
		               cc_phase_names[ph]);
	}
	if (before && (s->first || s->turn_no || s->pl[0].turns || s->pl[1].turns))
		return qv_fail(why, QV_EINVAL,
		               "before the first turn the first player is unknown (0) and no turn "
		               "is played: first %d, turns %d, p1 %d, p2 %d",
		               s->first, s->turn_no, s->pl[0].turns, s->pl[1].turns);
	if (!over) {
		for (int q = 0; q < 2; q++)
			if (s->pl[q].nvictory >= s->target)
				return qv_fail(
				    why, QV_EINVAL, "p%d has %d points, the target %d, in phase %s",
				    q + 1, s->pl[q].nvictory, s->target, cc_phase_names[ph]);
		if (s->turn_no >= s->max_turns)
			return qv_fail(why, QV_EINVAL, "%d turns of %d are played in phase %s",
			               s->turn_no, s->max_turns, cc_phase_names[ph]);
		if (s->passes == 2 && ph != CC_PH_REACT)
			return qv_fail(why, QV_EINVAL,
			               "two passes in a row in phase %s: the game is over",
			               cc_phase_names[ph]);
	}
	return QV_OK;
}

/* Every invariant, in an order in which each check reads only what the ones before it have
 * shown to be in bounds. */
static qv_status check_state(const cc_state *s, qv_err *why)
{
	qv_status rc;
	if ((rc = check_params(s, why)) || (rc = check_grid(s, why)) ||
	    (rc = cc_check_derived(s, why)))
		return rc;
	for (int p = 0; p < 2; p++)
		if ((rc = check_zones(s, p, why)))
			return rc;
	if ((rc = check_pending(s, why)))
		return rc;
	for (int p = 0; p < 2; p++)
		if ((rc = check_cards(s, p, why)))
			return rc;
	if ((rc = check_capture(s, why)) || (rc = check_phase(s, why)))
		return rc;
	for (int p = 0; p < 2; p++)
		if (s->held[p] != held_of(&s->pl[p]))
			return qv_fail(why, QV_EINVAL,
			               "p%d's held cards 0x%llx are not its hand's 0x%llx", p + 1,
			               (unsigned long long)s->held[p],
			               (unsigned long long)held_of(&s->pl[p]));
	return QV_OK;
}

bool cc_state_ok(const void *st, qv_err *why) { return check_state(st, why) == QV_OK; }
