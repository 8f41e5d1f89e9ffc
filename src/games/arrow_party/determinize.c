/*
 * determinize.c - what a player cannot see, guessed (determinize) and what a decision shows
 * (reveals): the cards a viewer cannot place, dealt anew from shuffled pools of the cards it
 * cannot name, and the other players' secrets of the phase chosen anew on the guessed hands.
 */
#include <string.h>

#include "arrow_party.h"

/* Card slots the viewer cannot name, filled from a shuffled pool of the cards it cannot
 * place. Arrow cards keep their value (deals and draws name the stack in public), so each
 * value has its own pool; items share one. */
typedef struct det_pools {
	uint8_t arrow[AP_NVALUES][AP_NARROWS];
	int narrow[AP_NVALUES];
	uint8_t item[AP_ITEMS_MAX];
	int nitem;
} det_pools;

/* The mask a determinized card gets: what the viewer knows of it, nothing more (other
 * players' knowledge of a card is not the viewer's to keep). */
static uint8_t canon_know(const ap_state *s, int p, int know, int viewer)
{
	if (know & AP_PUBLIC)
		return AP_ALL_KNOW(s->nplayers);
	uint8_t k = (uint8_t)(1u << p);
	if (viewer >= 0 && (know >> viewer & 1))
		k |= (uint8_t)(1u << viewer);
	return k;
}

static void build_pools(const ap_state *s, int viewer, det_pools *dp)
{
	int placed[AP_NCARDS] = {0};
	for (int p = 0; p < s->nplayers; p++) {
		const ap_player *pl = &s->pl[p];
		for (int i = 0; i < pl->nhand; i++)
			if (p == viewer || ap_knows(pl->hand[i].know, viewer))
				placed[pl->hand[i].card]++;
		/* from the landing on, the thrown card is out of the hand and public */
		if (pl->throw_card && s->phase >= AP_PH_LAND && s->phase <= AP_PH_WALK)
			placed[pl->throw_card - 1]++;
	}
	for (int v = 0; v < AP_NVALUES; v++)
		for (int i = 0; i < s->ndisc[v]; i++)
			placed[s->disc[v][i]]++;
	const ap_tables *T = ap_T(s);
	for (int k = 0; k < T->nkinds; k++)
		placed[AP_NARROWS + k] += s->idisc[k];
	for (int c = 0; c < s->size * s->size; c++)
		if (s->ground[c] & AP_G_KNOWN)
			placed[AP_NARROWS + (s->ground[c] & ~AP_G_KNOWN) - AP_G_ITEM]++;
	memset(dp, 0, sizeof *dp);
	for (int c = 0; c < T->narrows; c++)
		if (!placed[c]) {
			int v = ap_value(T, c) - 1;
			dp->arrow[v][dp->narrow[v]++] = (uint8_t)c;
		}
	for (int k = 0; k < T->nkinds; k++)
		for (int i = placed[AP_NARROWS + k]; i < T->count[k]; i++)
			dp->item[dp->nitem++] = (uint8_t)k;
}

static int pool_arrow(const ap_tables *T, det_pools *dp, int v)
{
	return dp->narrow[v] ? dp->arrow[v][--dp->narrow[v]] : T->first[v];
}

static int pool_item(det_pools *dp) { return dp->nitem ? dp->item[--dp->nitem] : 0; }

/* In phase take everyone knows that each player p whose swap is still to come holds the item
 * it gives: its use was read out, and nothing has taken the item since, unless an earlier swap
 * of this round took from p at random. The active player's swap proves it even then: it would
 * be void without the item. Returns the hand entry of p, among those viewer cannot name, that
 * is that item, with the item taken out of the pool; -1 when nothing is known, when viewer
 * knows a copy of it there already, or (in a state no game reaches) when the pool has none. */
static int swap_item_entry(const ap_state *s, int p, int viewer, det_pools *dp)
{
	const ap_tables *T = ap_T(s);
	const ap_player *pl = &s->pl[p];
	if (p < s->active || p == viewer || !ap_used_effect(T, pl, AP_E_SWAP))
		return -1;
	for (int q = 0; q < s->active && p > s->active; q++)
		if (ap_used_effect(T, &s->pl[q], AP_E_SWAP) && s->pl[q].swap_target == p)
			return -1;
	int card = AP_NARROWS + pl->swap_item, entry = -1;
	for (int i = 0; i < pl->nhand; i++) {
		bool known = ap_knows(pl->hand[i].know, viewer);
		if (known && pl->hand[i].card == card)
			return -1;
		if (!known && entry < 0 && ap_is_item(pl->hand[i].card))
			entry = i;
	}
	for (int j = 0; entry >= 0 && j < dp->nitem; j++)
		if (dp->item[j] == pl->swap_item) {
			dp->item[j] = dp->item[--dp->nitem];
			return entry;
		}
	return -1;
}

/* Another player's unseen secret is guessed: random uses for the items phase (each time,
 * stop with probability 1/2); for the throw and the direction, the card and the arrow that
 * take the most on that player's walk (ap_likely_throw, ap_likely_go: a random card or arrow
 * made the search expect opponents to wander, and it contested stars they would take). */
static void random_uses(ap_state *s, int p, bool finish, qv_rng *rng)
{
	ap_player *pl = &s->pl[p];
	pl->uses = 0;
	pl->dice_to = pl->swap_target = pl->swap_item = pl->exch_target = 0;
	qv_action list[AP_MAX_ACTIONS];
	int steps = finish ? AP_NKINDS : (int)qv_rng_below(rng, 3);
	const ap_tables *T = ap_T(s);
	for (int i = 0; i < steps; i++) {
		if (finish && qv_rng_below(rng, 2) == 0)
			break;
		int n = ap_legal_uses(s, p, list);
		if (!n)
			break;
		ap_record_use(T, pl, AP_ARG(list[qv_rng_below(rng, (uint32_t)n)]));
	}
}

/* The cards of the other players' hands that viewer cannot name, dealt from the pools (the
 * entry keep[p] of p's hand is the item p's swap gives), each hand left with what viewer
 * knows of it. */
static void guess_hands(ap_state *s, int viewer, const int *keep, det_pools *dp)
{
	const ap_tables *T = ap_T(s);
	for (int p = 0; p < s->nplayers; p++) {
		if (p == viewer)
			continue;
		ap_player *pl = &s->pl[p];
		for (int i = 0; i < pl->nhand; i++) {
			ap_entry *e = &pl->hand[i];
			if (!ap_knows(e->know, viewer)) {
				if (i == keep[p])
					e->card = (uint8_t)(AP_NARROWS + pl->swap_item);
				else if (ap_is_item(e->card))
					e->card = (uint8_t)(AP_NARROWS + pool_item(dp));
				else
					e->card =
					    (uint8_t)pool_arrow(T, dp, ap_value(T, e->card) - 1);
			}
			e->know = canon_know(s, p, e->know, viewer);
		}
		ap_sort_hand(pl);
	}
}

/* The cards nobody holds that viewer cannot name, dealt from the pools: the face-down items on
 * the ground, the items out of the game and the arrow stacks. */
static void guess_unheld(ap_state *s, det_pools *dp)
{
	const ap_tables *T = ap_T(s);
	for (int c = 0; c < s->size * s->size; c++)
		if (s->ground[c] >= AP_G_ITEM && !(s->ground[c] & AP_G_KNOWN))
			s->ground[c] = (uint8_t)(AP_G_ITEM + pool_item(dp));
	int nout = 0;
	for (int k = 0; k < T->nkinds; k++)
		nout += s->out[k];
	memset(s->out, 0, sizeof s->out);
	for (int i = 0; i < nout; i++)
		s->out[pool_item(dp)]++;
	for (int v = 0; v < AP_NVALUES; v++) {
		memset(s->stack[v], 0, sizeof s->stack[v]);
		for (int i = 0; i < s->nstack[v]; i++)
			s->stack[v][i] = (uint8_t)pool_arrow(T, dp, v);
	}
}

/* Other players' secrets of the current phase, chosen anew on the guessed hands. */
static void guess_secrets(ap_state *s, int viewer, qv_rng *rng)
{
	for (int p = 0; p < s->nplayers; p++) {
		ap_player *pl = &s->pl[p];
		if (p == viewer || !ap_secret_phase(s->phase) || p > s->active)
			continue;
		if (s->phase == AP_PH_ITEMS) {
			random_uses(s, p, p < s->active, rng);
		} else if (s->phase == AP_PH_THROW && p < s->active && !pl->skip) {
			pl->throw_card = (uint8_t)ap_likely_throw(s, p, rng);
		} else if (s->phase == AP_PH_GO && p < s->active && !pl->skip) {
			pl->go = (uint8_t)ap_likely_go(s, p, rng);
		}
	}
}

void ap_determinize(void *st, int viewer, qv_rng *rng)
{
	ap_state *s = st;
	if (viewer == QV_VIEW_ALL)
		return;
	det_pools dp;
	build_pools(s, viewer, &dp);
	for (int v = 0; v < AP_NVALUES; v++)
		qv_shuffle_bytes(dp.arrow[v], dp.narrow[v], rng);
	qv_shuffle_bytes(dp.item, dp.nitem, rng);
	/* before any unseen item is dealt, so that the pool still holds the swaps' */
	int keep[QV_MAX_PLAYERS];
	for (int p = 0; p < s->nplayers; p++)
		keep[p] = s->phase == AP_PH_TAKE ? swap_item_entry(s, p, viewer, &dp) : -1;
	guess_hands(s, viewer, keep, &dp);
	guess_unheld(s, &dp);
	guess_secrets(s, viewer, rng);
	uint64_t seed = qv_rng_next(rng);
	qv_rng_seed(&s->rng, seed);
}

/* ---- reveals (qv_game.reveals) ---- */

/* A decision shows the viewer something when a card the viewer could not place becomes one it
 * can (a card of another's hand revealed, given or swapped to the viewer, a face-down item
 * picked up by the viewer, a thrown card landing face up), or when it ends a secret phase in
 * which another player chose (their items, throws or arrows are then carried out in the open).
 * Another player's item use counts too: that player held an item it could use. True also
 * where those choices happen to be what the viewer would have guessed for sure. */
bool ap_reveals(const void *st, qv_action a, int viewer)
{
	const ap_state *s = st;
	if (viewer < 0 || viewer >= s->nplayers)
		return false;
	/* Another's item use: the viewer cannot always rule out a hand with no usable item. */
	if (AP_TYPE(a) == AP_ACT_USE && ap_to_move(s) != viewer)
		return true;
	ap_state t = *s;
	ap_apply(&t, a, NULL);
	if (ap_secret_phase(s->phase) && (t.phase != s->phase || t.round != s->round))
		for (int p = 0; p < s->nplayers; p++)
			if (p != viewer && (s->phase == AP_PH_ITEMS || !s->pl[p].skip))
				return true;
	det_pools before, after;
	build_pools(s, viewer, &before);
	build_pools(&t, viewer, &after);
	bool unseen[AP_NARROWS] = {false};
	for (int v = 0; v < AP_NVALUES; v++)
		for (int i = 0; i < after.narrow[v]; i++)
			unseen[after.arrow[v][i]] = true;
	for (int v = 0; v < AP_NVALUES; v++)
		for (int i = 0; i < before.narrow[v]; i++)
			if (!unseen[before.arrow[v][i]])
				return true;
	int items[AP_NKINDS] = {0};
	for (int i = 0; i < before.nitem; i++)
		items[before.item[i]]++;
	for (int i = 0; i < after.nitem; i++)
		items[after.item[i]]--;
	for (int k = 0; k < ap_T(s)->nkinds; k++)
		if (items[k] > 0)
			return true;
	return false;
}
