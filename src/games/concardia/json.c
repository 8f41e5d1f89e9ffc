/*
 * json.c - ConCardia state and views as JSON (docs/state-json-concardia.md). The full state
 * round-trips exactly. A view shows a hand only to its owner (the others see its size), never
 * shows a deck's order (only its size) except to QV_VIEW_ALL, and hides a starting choice from
 * the opponent until both are revealed. Loading checks every field and that every card of each
 * decklist is in exactly one place; a missing deck is filled with the cards of the decklist
 * found nowhere else, in card id order.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "concardia.h"
#include "core/fmt.h"
#include "games/check.h"
#include "games/deck.h"
#include "games/json_util.h"

static json_t *sq_json(int sq)
{
	char b[4];
	qv_sq_name(sq % 6, sq / 6, b);
	return json_string(b);
}

const char *cc_card_id(const void *T, int card) { return ((const cc_tables *)T)->cards[card].id; }

static json_t *card_json(const cc_tables *T, int card)
{
	char b[CC_ID_MAX + 1];
	cc_card_name(T, card, b);
	return json_string(b);
}

static json_t *cards_json(const cc_tables *T, const uint8_t *cards, int n)
{
	json_t *a = json_array();
	for (int i = 0; i < n; i++)
		a = qv__json_push(a, card_json(T, cards[i]));
	return a;
}

static json_t *mask_json(uint64_t m)
{
	json_t *a = json_array();
	for (int sq = 0; sq < CC_NSQ; sq++)
		if (m >> sq & 1)
			a = qv__json_push(a, sq_json(sq));
	return a;
}

static json_t *board_json(const cc_state *s)
{
	json_t *board = json_array();
	for (int sq = 0; sq < CC_NSQ; sq++) {
		const cc_cell *c = &s->grid[sq];
		if (!c->card)
			continue;
		json_t *o = json_object();
		o = qv__json_put(o, "sq", sq_json(sq));
		o = qv__json_put(o, "card", card_json(cc_T(s), c->card - 1));
		o = qv__json_put(o, "owner", qv__json_player(c->owner));
		o = qv__json_put(o, "counters", json_integer(c->counters));
		o = qv__json_put(o, "boost", json_boolean(c->boost));
		o = qv__json_put(o, "strength", json_integer(cc_strength(s, sq)));
		o = qv__json_put(o, "defense", json_integer(cc_defense(s, sq)));
		board = qv__json_push(board, o);
	}
	return board;
}

static json_t *players_json(const cc_state *s, int viewer, bool view)
{
	const cc_tables *T = cc_T(s);
	json_t *arr = json_array();
	for (int p = 0; p < 2; p++) {
		const cc_player *pl = &s->pl[p];
		bool sees = !view || viewer == QV_VIEW_ALL || viewer == p;
		json_t *o =
		    qv__deck_put_cards(json_object(), pl->hand, T->ncards, sees, pl->deck,
		                       pl->ndeck, !view || viewer == QV_VIEW_ALL, cc_card_id, T);
		if (view) {
			o = qv__json_put(o, "hand_count", json_integer(pl->nhand));
			o = qv__json_put(o, "deck_count", json_integer(pl->ndeck));
			o = qv__json_put(o, "start_chosen", json_boolean(pl->start != 0));
		}
		o = qv__json_put(o, "discard", cards_json(T, pl->discard, pl->ndiscard));
		o = qv__json_put(o, "victory", cards_json(T, pl->victory, pl->nvictory));
		json_t *pa = json_array();
		for (int i = 0; i < pl->npersist; i++)
			pa = qv__json_push(pa, json_pack("{s:o,s:i}", "card",
			                                 card_json(T, pl->persist[i] - 1),
			                                 "counters", (int)pl->pcounters[i]));
		o = qv__json_put(o, "persistent", pa);
		if (sees)
			o = qv__json_put(o, "start",
			                 pl->start ? card_json(T, pl->start - 1) : json_null());
		o = qv__json_put(o, "turns", json_integer(pl->turns));
		o = qv__json_put(o, "lost", json_boolean(pl->lost));
		if (view)
			o = qv__json_put(o, "points", json_integer(pl->nvictory));
		arr = qv__json_push(arr, o);
	}
	return arr;
}

static json_t *pending_json(const cc_state *s)
{
	if (!s->pend_kind && !s->pend_card)
		return json_null();
	json_t *o = json_object();
	o = qv__json_put(o, "kind", json_string(cc_pend_names[s->pend_kind]));
	if (s->pend_kind == CC_PEND_SHOVE || s->pend_kind == CC_PEND_BOOST)
		o = qv__json_put(o, "from", sq_json(s->pend_from));
	if (s->pend_kind == CC_PEND_PBOOST)
		o = qv__json_put(o, "from", card_json(cc_T(s), s->pend_from));
	if (s->pend_kind == CC_PEND_SHOVE || s->pend_kind == CC_PEND_SABOTAGE)
		o = qv__json_put(o, "to", sq_json(s->pend_to));
	if (s->pend_card)
		o = qv__json_put(o, "card", card_json(cc_T(s), s->pend_card - 1));
	o = qv__json_put(o, "left", json_integer(s->pend_left));
	o = qv__json_put(o, "paid", json_integer(s->pend_paid));
	return o;
}

static json_t *common_json(const cc_state *s, int viewer, bool view)
{
	json_t *o = json_object();
	o = qv__json_put(o, "board", board_json(s));
	o = qv__json_put(o, "players", players_json(s, viewer, view));
	bool known = s->phase != CC_PH_START && s->phase != CC_PH_COIN;
	o = qv__json_put_turn(o, cc_phase_names[s->phase], s->active, known, s->first, s->turn_no);
	o = qv__json_put(o, "passes", json_integer(s->passes));
	o = qv__json_put(o, "ended", json_string(cc_end_names[s->ended]));
	o = qv__json_put(o, "pending", pending_json(s));
	if (s->phase == CC_PH_REACT)
		o = qv__json_put(o, "capture",
		                 json_pack("{s:o,s:o,s:i,s:b}", "would", mask_json(s->would),
		                           "saved", mask_json(s->saved), "next", (int)s->react_next,
		                           "reacted", (int)s->reacted));
	else
		o = qv__json_put(o, "capture", json_null());
	if (view) {
		int who = cc_to_move(s);
		char b[8];
		o = qv__json_put(o, "to_move", json_string(qv_player_name(who, b)));
	}
	return o;
}

json_t *cc_state_json(const void *st) { return common_json(st, QV_VIEW_ALL, false); }

json_t *cc_view_json(const void *st, int viewer) { return common_json(st, viewer, true); }

/* ---- loading ---- */

static qv_status get_sq(const json_t *v, const char *what, int *sq, qv_err *err)
{
	int f = 0, r = 0;
	qv_status rc = qv__json_get_sq(v, what, "square", 6, 6, &f, &r, err);
	*sq = r * 6 + f;
	return rc;
}

/* A card id of the components T (a cc_tables; a qv__json_id_fn). */
static qv_status get_card(const void *T, const json_t *v, const char *what, int *card, qv_err *err)
{
	*card = json_is_string(v) ? cc_find_card(T, json_string_value(v)) : -1;
	if (*card < 0)
		return qv_fail(err, QV_EINVAL, "%s must be a card id such as \"striker-p\"", what);
	return QV_OK;
}

static qv_status get_mask(const json_t *o, const char *key, uint64_t *m, qv_err *err)
{
	char what[32];
	qv_fmt(what, sizeof what, "capture.%s", key);
	return qv__json_get_mask(json_object_get(o, key), CC_NSQ, get_sq, what, "squares",
	                         "a square of capture", m, err);
}

/* The board's entry o (qv__json_each_object) put on the grid of the state ctx. */
static qv_status load_board_card(void *ctx, const json_t *o, const char *what, qv_err *err)
{
	/* strength and defense are what the grid makes of the card: written, not read */
	static const char *const keys[] = {"sq",    "card",     "owner",   "counters",
	                                   "boost", "strength", "defense", NULL};
	cc_state *s = ctx;
	const cc_tables *T = cc_T(s);
	int sq = 0, card = 0, owner = 0;
	long counters = 0;
	bool boost;
	qv_status rc;
	char w[48];
	qv_fmt(w, sizeof w, "%s.sq", what);
	if ((rc = qv__json_check_keys(o, what, keys, err)) ||
	    (rc = get_sq(json_object_get(o, "sq"), w, &sq, err)))
		return rc;
	qv_fmt(w, sizeof w, "%s.card", what);
	if ((rc = get_card(cc_T(s), json_object_get(o, "card"), w, &card, err)))
		return rc;
	qv_fmt(w, sizeof w, "%s.owner", what);
	if ((rc = qv__json_get_player(json_object_get(o, "owner"), w, 2, &owner, err)) ||
	    (rc = qv__json_get_int(o, "counters", what, 0, CC_MAX_COUNTERS, 0, &counters, err)) ||
	    (rc = qv__json_get_bool(o, "boost", what, false, &boost, err)))
		return rc;
	if (s->grid[sq].card)
		return qv_fail(err, QV_EINVAL, "%s: square %s is given twice", what,
		               json_string_value(json_object_get(o, "sq")));
	if (counters && T->cards[card].kind != CC_AB_CHARGE)
		return qv_fail(err, QV_EINVAL, "%s: only a %s carries Charge Counters", what,
		               cc_kind_card(T, CC_AB_CHARGE));
	if (counters > T->cards[card].counters)
		return qv_fail(err, QV_EINVAL, "%s: a %s holds at most %d Charge Counters", what,
		               T->cards[card].name, T->cards[card].counters);
	if (boost && T->cards[card].kind != CC_AB_CHARGE)
		return qv_fail(err, QV_EINVAL, "%s: only a %s is boosted", what,
		               cc_kind_card(T, CC_AB_CHARGE));
	cc_put(s, sq,
	       (cc_cell){(uint8_t)(card + 1), (uint8_t)owner, (uint8_t)counters, (uint8_t)boost});
	return QV_OK;
}

/* A player's Persistent Area pa (named `what` in errors): Persistent cards of distinct names,
 * each with at most the Charge Counters its card holds. */
static qv_status load_persistent(const cc_state *s, cc_player *pl, const json_t *pa,
                                 const char *what, qv_err *err)
{
	const cc_tables *T = cc_T(s);
	qv_status rc;
	if (!json_is_array(pa) || json_array_size(pa) > CC_MAX_PERSIST)
		return qv_fail(err, QV_EINVAL, "%s.persistent must be an array of at most %d cards",
		               what, CC_MAX_PERSIST);
	size_t i;
	json_t *v;
	json_array_foreach(pa, i, v)
	{
		static const char *const pkeys[] = {"card", "counters", NULL};
		int card;
		long counters = 0;
		if (!json_is_object(v))
			return qv_fail(err, QV_EINVAL,
			               "%s.persistent[%zu] must be {\"card\": id, \"counters\": n}",
			               what, i);
		if ((rc = qv__json_check_keys(v, "a Persistent Area entry", pkeys, err)) ||
		    (rc = get_card(cc_T(s), json_object_get(v, "card"), "persistent card", &card,
		                   err)) ||
		    (rc = qv__json_get_int(v, "counters", "persistent", 0, CC_MAX_COUNTERS, 0,
		                           &counters, err)))
			return rc;
		if (!cc_is_persistent(T, card))
			return qv_fail(err, QV_EINVAL,
			               "%s: only Persistent cards (%s) go to the Persistent Area",
			               what, cc_kind_card(T, CC_AB_CHARGE));
		if (counters > T->cards[card].counters)
			return qv_fail(err, QV_EINVAL, "%s: a %s holds at most %d Charge Counters",
			               what, T->cards[card].name, T->cards[card].counters);
		for (int j = 0; j < pl->npersist; j++)
			if (T->cards[card].same_name >> (pl->persist[j] - 1) & 1)
				return qv_fail(err, QV_EINVAL,
				               "%s: two Persistent cards of the same name", what);
		pl->persist[pl->npersist] = (uint8_t)(card + 1);
		pl->pcounters[pl->npersist++] = (uint8_t)counters;
	}
	return QV_OK;
}

/* Player p's object o (a qv__deck_player_fn over a cc_state). */
static qv_status load_player(void *state, int p, const json_t *o, bool *deck_given, qv_err *err)
{
	cc_state *s = state;
	static const char *const keys[] = {"hand",  "deck",  "discard", "victory", "persistent",
	                                   "start", "turns", "lost",    NULL};
	const cc_tables *T = cc_T(s);
	cc_player *pl = &s->pl[p];
	char what[32];
	qv_status rc;
	qv__deck_cards z = cc_cards(s, p);
	if ((rc = qv__deck_read_player(o, p, keys, &z, get_card, T, what, deck_given, err)))
		return rc;
	json_t *pa = json_object_get(o, "persistent");
	if (pa && (rc = load_persistent(s, pl, pa, what, err)))
		return rc;
	json_t *st = json_object_get(o, "start");
	if (st && !json_is_null(st)) {
		int card;
		if ((rc = get_card(cc_T(s), st, "start", &card, err)))
			return rc;
		pl->start = (uint8_t)(card + 1);
	}
	long turns = 0;
	bool lost;
	if ((rc = qv__json_get_int(o, "turns", what, 0, 5000, 0, &turns, err)) ||
	    (rc = qv__json_get_bool(o, "lost", what, false, &lost, err)))
		return rc;
	pl->turns = (uint8_t)(turns > 255 ? 255 : turns);
	pl->lost = lost;
	return QV_OK;
}

static qv_status load_pending(cc_state *s, const json_t *o, qv_err *err)
{
	static const char *const keys[] = {"kind", "from", "to", "card", "left", "paid", NULL};
	qv_status rc;
	if (!json_is_object(o))
		return qv_fail(err, QV_EINVAL, "state.pending must be an object or null");
	if ((rc = qv__json_check_keys(o, "pending", keys, err)))
		return rc;
	int kind = qv__json_name_index(json_object_get(o, "kind"), cc_pend_names, 5);
	if (kind < 0)
		return qv_fail(
		    err, QV_EINVAL,
		    "pending.kind must be none, shove, boost, boost-persistent or sabotage");
	s->pend_kind = (uint8_t)kind;
	int v = 0;
	json_t *from = json_object_get(o, "from"), *to = json_object_get(o, "to"),
	       *card = json_object_get(o, "card");
	if (kind == CC_PEND_SHOVE || kind == CC_PEND_BOOST) {
		if ((rc = get_sq(from, "pending.from", &v, err)))
			return rc;
		s->pend_from = (uint8_t)v;
	} else if (kind == CC_PEND_PBOOST) {
		if ((rc = get_card(cc_T(s), from, "pending.from", &v, err)))
			return rc;
		s->pend_from = (uint8_t)v;
	} else if (from) {
		return qv_fail(err, QV_EINVAL,
		               "pending.from is only for shove, boost and boost-persistent");
	}
	if (kind == CC_PEND_SHOVE || kind == CC_PEND_SABOTAGE) {
		if ((rc = get_sq(to, "pending.to", &v, err)))
			return rc;
		s->pend_to = (uint8_t)v;
	} else if (to) {
		return qv_fail(err, QV_EINVAL, "pending.to is only for shove and sabotage");
	}
	if (card) {
		if ((rc = get_card(cc_T(s), card, "pending.card", &v, err)))
			return rc;
		if (cc_T(s)->cards[v].kind != CC_AB_SABOTAGE)
			return qv_fail(err, QV_EINVAL,
			               "pending.card must be the saboteur being used");
		s->pend_card = (uint8_t)(v + 1);
	}
	if ((kind == CC_PEND_SABOTAGE && !card) ||
	    (kind != CC_PEND_SABOTAGE && kind != CC_PEND_NONE && card))
		return qv_fail(
		    err, QV_EINVAL,
		    "pending.card is the saboteur of a sabotage (kept with kind none until the clean-up)");
	long left, paid;
	if ((rc = qv__json_get_int(o, "left", "pending", 0, 60, 0, &left, err)) ||
	    (rc = qv__json_get_int(o, "paid", "pending", 0, 60, 0, &paid, err)))
		return rc;
	s->pend_left = (uint8_t)left;
	s->pend_paid = (uint8_t)paid;
	return QV_OK;
}

/* Phase pay: pending names what is paid for (p's shover or dynamo on the grid, or a dynamo of
 * p's Persistent Area), with units left that p can pay. */
static qv_status check_pay(const cc_state *s, qv_err *err)
{
	const cc_tables *T = cc_T(s);
	int p = s->active;
	const cc_player *pl = &s->pl[p];
	if (!s->pend_kind || s->pend_left == 0 || s->pl[0].start || s->pl[1].start)
		return qv_fail(err, QV_EINVAL,
		               "in phase pay, pending names what is paid for, with left >= 1");
	int from = s->pend_from;
	const cc_cell *c = &s->grid[from];
	if (s->pend_kind == CC_PEND_SHOVE || s->pend_kind == CC_PEND_BOOST) {
		int need = s->pend_kind == CC_PEND_SHOVE ? CC_AB_SHOVE : CC_AB_CHARGE;
		if (!c->card || c->owner != p || T->kind[c->card] != need)
			return qv_fail(err, QV_EINVAL, "pending.from must hold p%d's %s", p + 1,
			               cc_kind_card(T, need));
	}
	if (s->pend_kind == CC_PEND_PBOOST) {
		bool found = false;
		for (int i = 0; i < pl->npersist; i++)
			found |= pl->persist[i] == from + 1;
		if (!found || T->cards[from].kind != CC_AB_CHARGE)
			return qv_fail(err, QV_EINVAL,
			               "pending.from must be a dynamo in p%d's Persistent Area",
			               p + 1);
	}
	if (cc_units(s, p) < s->pend_left)
		return qv_fail(err, QV_EINVAL, "p%d cannot pay the %d unit(s) left", p + 1,
		               s->pend_left);
	return QV_OK;
}

/* Phase react: capture.next names an offer of an aegis to the owner of a card that would be
 * captured, and the capture sets are cards on the grid. */
static qv_status check_react(const cc_state *s, qv_err *err)
{
	const cc_tables *T = cc_T(s);
	if (s->pend_kind || s->pl[0].start || s->pl[1].start)
		return qv_fail(err, QV_EINVAL, "in phase react only pending.card may remain");
	int sq = s->react_next % CC_NSQ, who = cc_to_move(s);
	const cc_player *r = &s->pl[who];
	int aegis = 0;
	for (uint64_t m = T->of_kind[CC_AB_SAVE]; m; m &= m - 1)
		aegis += r->hand[__builtin_ctzll(m)];
	if (!(s->would >> sq & 1) || (s->saved >> sq & 1) || !s->grid[sq].card ||
	    s->grid[sq].owner != who || !aegis)
		return qv_fail(
		    err, QV_EINVAL,
		    "capture.next must name an offer: a card of the player offered that would be captured, not saved, whose owner holds an aegis");
	if (s->saved & ~s->would)
		return qv_fail(err, QV_EINVAL,
		               "capture.saved must be cards that would be captured");
	if (s->would & ~(s->occ[0] | s->occ[1]))
		return qv_fail(err, QV_EINVAL, "capture.would must be cards on the grid");
	return QV_OK;
}

/* The situation named by phase and pending must be one the rules can be in. */
static qv_status check_phase(cc_state *s, qv_err *err)
{
	int p = s->active;
	const cc_player *pl = &s->pl[p];
	bool pend = s->pend_kind || s->pend_card;
	switch (s->phase) {
	case CC_PH_START:
		if (pend || s->pl[1].start || (p == 1) != (s->pl[0].start != 0))
			return qv_fail(
			    err, QV_EINVAL,
			    "in phase start, p1 chooses first (players[0].start set exactly when p2 is active) and nothing is pending");
		for (int sq = 0; sq < CC_NSQ; sq++)
			if (s->grid[sq].card)
				return qv_fail(err, QV_EINVAL, "in phase start the grid is empty");
		if (pl->nhand == 0)
			return qv_fail(err, QV_EINVAL, "p%d has no card to start with", p + 1);
		return QV_OK;
	case CC_PH_COIN:
		if (pend || s->pl[0].start || s->pl[1].start)
			return qv_fail(err, QV_EINVAL, "in phase coin nothing is pending");
		return QV_OK;
	case CC_PH_ACTION:
	case CC_PH_OVER:
		if (pend || s->pl[0].start || s->pl[1].start)
			return qv_fail(err, QV_EINVAL,
			               "in phase %s nothing is pending and no start is secret",
			               cc_phase_names[s->phase]);
		if (s->phase == CC_PH_OVER && !s->ended)
			return qv_fail(err, QV_EINVAL,
			               "in phase over, state.ended must say how the game ended");
		return QV_OK;
	case CC_PH_PAY: return check_pay(s, err);
	case CC_PH_REACT: return check_react(s, err);
	default: return QV_OK;
	}
}

/* Empties the state but for the parameters and the decklists, which init has set up. */
static void reset_for_load(cc_state *s)
{
	s->would = s->saved = s->occ[0] = s->occ[1] = s->threat = 0;
	s->banners = s->dynamos = s->movers = s->boosted = 0;
	memset(s->grid, 0, sizeof s->grid);
	memset(s->atk, 0, sizeof s->atk);
	for (int p = 0; p < 2; p++) {
		cc_player *pl = &s->pl[p];
		uint8_t owned[CC_MAX_CARDS], decklen = pl->decklen;
		memcpy(owned, pl->owned, sizeof owned);
		memset(pl, 0, sizeof *pl);
		memcpy(pl->owned, owned, sizeof owned);
		pl->decklen = decklen;
	}
	s->turn_no = 0;
	s->phase = s->active = s->first = s->passes = s->ended = 0;
	s->pend_kind = s->pend_from = s->pend_to = s->pend_card = s->pend_left = s->pend_paid = 0;
	s->react_next = s->reacted = 0;
}

/* Whose turn and where it stands: phase, active, first, turns, passes, ended. */
static qv_status load_turn(cc_state *s, const json_t *j, qv_err *err)
{
	qv_status rc;
	int first;
	if ((rc = qv__json_get_turn(j, cc_phase_names, CC_NPHASES, CC_PH_ACTION, &s->phase,
	                            &s->active, &first, err)))
		return rc;
	int phase = s->phase;
	if (first >= 0 && (phase == CC_PH_START || phase == CC_PH_COIN))
		return qv_fail(err, QV_EINVAL,
		               "state.first is null until the first player is known");
	s->first = (uint8_t)(first < 0 ? 0 : first);
	long turns = 0, passes = 0;
	if ((rc = qv__json_get_int(j, "turns", "state", 0, s->max_turns, 0, &turns, err)) ||
	    (rc = qv__json_get_int(j, "passes", "state", 0, 2, 0, &passes, err)))
		return rc;
	s->turn_no = (uint16_t)turns;
	s->passes = (uint8_t)passes;
	int ended;
	if ((rc =
	         qv__json_get_name(j, "ended", "state", cc_end_names, 5, CC_END_NONE, &ended, err)))
		return rc;
	if ((ended != CC_END_NONE) != (phase == CC_PH_OVER))
		return qv_fail(err, QV_EINVAL,
		               "state.ended is none exactly when the game is not over");
	s->ended = (uint8_t)ended;
	return QV_OK;
}

/* The Capture step in progress, in phase react only: would, saved, next, reacted. */
static qv_status load_capture(cc_state *s, const json_t *cap, qv_err *err)
{
	static const char *const ckeys[] = {"would", "saved", "next", "reacted", NULL};
	if (s->phase != CC_PH_REACT) {
		if (cap && !json_is_null(cap))
			return qv_fail(err, QV_EINVAL, "state.capture is null outside phase react");
		return QV_OK;
	}
	qv_status rc;
	long next;
	bool reacted;
	if (!json_is_object(cap))
		return qv_fail(err, QV_EINVAL, "in phase react, state.capture must be an object");
	if ((rc = qv__json_check_keys(cap, "capture", ckeys, err)) ||
	    (rc = get_mask(cap, "would", &s->would, err)) ||
	    (rc = get_mask(cap, "saved", &s->saved, err)) ||
	    (rc = qv__json_get_int(cap, "next", "capture", 0, 2 * CC_NSQ - 1, 0, &next, err)) ||
	    (rc = qv__json_get_bool(cap, "reacted", "capture", false, &reacted, err)))
		return rc;
	s->react_next = (uint8_t)next;
	s->reacted = reacted;
	return QV_OK;
}

/* What must hold across the fields: every card in one place, a loss where the game ended by
 * one, and a phase the rules can be in. */
static qv_status check_whole(cc_state *s, const bool *given, qv_err *err)
{
	qv_status rc;
	if (s->pend_card && s->phase != CC_PH_PAY && s->phase != CC_PH_REACT)
		return qv_fail(err, QV_EINVAL,
		               "a saboteur is set aside only while paying or capturing");
	/* every card of a decklist in exactly one place; the deck filled when none was given */
	if ((rc = qv__deck_settle(s, given, cc_cards, cc_count_placed, cc_T(s)->ncards,
	                          "on the grid, in hand, the discard pile, the opponent's Victory "
	                          "Pile, the Persistent Area and the start",
	                          cc_card_id, cc_T(s), err)))
		return rc;
	int total = 0;
	for (int p = 0; p < 2; p++)
		total += s->pl[p].lost;
	if (total && s->ended != CC_END_LOSS)
		return qv_fail(err, QV_EINVAL, "a player lost: state.ended must be loss");
	if (s->ended == CC_END_LOSS && !total)
		return qv_fail(err, QV_EINVAL, "state.ended is loss but no player has lost");
	if ((rc = check_phase(s, err)))
		return rc;
	return qv__load_checked(cc_state_ok, s, err);
}

qv_status cc_load_json(void *st, const json_t *j, qv_err *err)
{
	static const char *const keys[] = {"board",   "players", "phase",  "active",
	                                   "first",   "turns",   "passes", "ended",
	                                   "pending", "capture", NULL};
	cc_state *s = st;
	qv_status rc;
	if ((rc = qv__json_check_state(j, keys, err)))
		return rc;
	reset_for_load(s);
	json_t *board = json_object_get(j, "board");
	if (board && (rc = qv__json_each_object(board, "board", "cards", "sq, card and owner",
	                                        load_board_card, s, err)))
		return rc;
	bool given[2];
	if ((rc = qv__deck_read_players(j, load_player, s, given, err)))
		return rc;
	cc_hands_held(s);
	if ((rc = load_turn(s, j, err)))
		return rc;
	json_t *pend = json_object_get(j, "pending");
	if (pend && !json_is_null(pend) && (rc = load_pending(s, pend, err)))
		return rc;
	if ((rc = load_capture(s, json_object_get(j, "capture"), err)))
		return rc;
	return check_whole(s, given, err);
}
