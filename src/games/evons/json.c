/*
 * json.c - Evons state and views as JSON (docs/state-json-evons.md). The full state
 * round-trips exactly. A view shows a hand only to its owner (the others see its size), a
 * covered card's identity only to its owner, and a deck's order to nobody but QV_VIEW_ALL.
 * Loading checks every field, that every card of each deck list is in one place at most (or
 * exactly one when the deck is given), and that the phase fits the rest, so that a loaded
 * state always has a legal decision; a missing deck is filled with the cards of the deck list
 * found nowhere else, in card-table order.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "core/fmt.h"
#include "evons.h"
#include "games/check.h"
#include "games/deck.h"
#include "games/json_util.h"

static json_t *cell_json(int c)
{
	char b[4];
	ev_cell_name(c, b);
	return json_string(b);
}

const char *ev_kind_id(const void *T, int k) { return ((const ev_tables *)T)->kind[k].id; }

static json_t *card_json(const ev_state *s, int k) { return json_string(ev_T(s)->kind[k].id); }

static json_t *kinds_json(const ev_state *s, const uint8_t *list, int n)
{
	json_t *a = json_array();
	for (int i = 0; i < n; i++)
		a = qv__json_push(a, card_json(s, list[i]));
	return a;
}

/* A board cell: the card's identity when it is face up or the viewer owns it. */
static json_t *board_json(const ev_state *s, int viewer)
{
	const ev_tables *T = ev_T(s);
	json_t *board = json_array();
	for (int c = 0; c < EV_NCELLS; c++) {
		const ev_cell *x = &s->cell[c];
		if (!x->kind)
			continue;
		bool cov = x->flags & EV_F_COVERED;
		json_t *o = json_object();
		o = qv__json_put(o, "cell", cell_json(c));
		bool seen = !cov || viewer == QV_VIEW_ALL || viewer == x->owner;
		if (seen)
			o = qv__json_put(o, "card", card_json(s, x->kind - 1));
		o = qv__json_put(o, "owner", qv__json_player(x->owner));
		o = qv__json_put(o, "controller", qv__json_player(x->ctrl));
		o = qv__json_put(o, "inst", json_integer(x->inst));
		o = qv__json_put(o, "covered", json_boolean(cov));
		o = qv__json_put(o, "growth", json_boolean(x->flags & EV_F_GROWTH));
		o = qv__json_put(o, "damage", json_integer(x->dmg));
		if (seen && !ev_is_block(T, x->kind - 1)) {
			/* the current numbers, for a reader without the card table */
			o = qv__json_put(o, "atk", json_integer(T->kind[x->kind - 1].atk));
			o = qv__json_put(o, "def", json_integer(ev_cur_def(s, c)));
		}
		o = qv__json_put(o, "moved", json_boolean(x->flags & EV_F_MOVED));
		o = qv__json_put(o, "reactivated", json_boolean(x->flags & EV_F_REACTIVATED));
		board = qv__json_push(board, o);
	}
	return board;
}

static json_t *players_json(const ev_state *s, int viewer, bool view)
{
	const ev_tables *T = ev_T(s);
	json_t *arr = json_array();
	int sc[2];
	ev_scores(s, sc);
	for (int p = 0; p < 2; p++) {
		const ev_player *pl = &s->pl[p];
		bool all = !view || viewer == QV_VIEW_ALL;
		json_t *o =
		    qv__deck_put_cards(json_object(), pl->hand, T->nkinds, all || viewer == p,
		                       pl->deck, pl->ndeck, all, ev_kind_id, T);
		if (view) {
			o = qv__json_put(o, "hand_count", json_integer(pl->nhand));
			o = qv__json_put(o, "deck_count", json_integer(pl->ndeck));
			o = qv__json_put(o, "score", json_integer(sc[p]));
		}
		o = qv__json_put(o, "graveyard", kinds_json(s, pl->grave, pl->ngrave));
		o = qv__json_put(o, "removed", kinds_json(s, pl->removed, pl->nremoved));
		o = qv__json_put(o, "credits", json_integer(pl->credits));
		o = qv__json_put(o, "mulligan",
		                 pl->mull < 0 ? json_null() : json_integer(pl->mull));
		o = qv__json_put(o, "turns", json_integer(pl->turns));
		arr = qv__json_push(arr, o);
	}
	return arr;
}

static json_t *stack_json(const ev_state *s)
{
	json_t *arr = json_array();
	for (int i = 0; i < s->nstack; i++) {
		const ev_entry *e = &s->stack[i];
		int c = ev_find_cell_of(s, e->inst);
		json_t *o = json_object();
		o = qv__json_put(o, "inst", json_integer(e->inst));
		o = qv__json_put(o, "cell", c >= 0 ? cell_json(c) : json_null());
		o = qv__json_put(o, "step", json_string(ev_step_names[e->step % EV_NSTEPS]));
		json_t *used = json_array();
		for (int d = 0; d < QV_NDIRS; d++)
			for (int printed = 0; printed < QV_NDIRS; printed++)
				if ((e->used >> printed & 1) &&
				    ev_board_dir(s->active, printed) == d)
					used = qv__json_push(used, json_string(qv_dir_names[d]));
		o = qv__json_put(o, "used", used);
		o = qv__json_put(o, "spent", json_integer(e->spent));
		json_t *conf = json_array();
		for (int x = 0; x < EV_NCELLS; x++)
			if (e->conflicts >> x & 1)
				conf = qv__json_push(conf, cell_json(x));
		o = qv__json_put(o, "conflicts", conf);
		o = qv__json_put(o, "burn",
		                 e->burn_left
		                     ? json_pack("{s:o,s:i}", "center", cell_json(e->burn_center),
		                                 "left", (int)e->burn_left)
		                     : json_null());
		arr = qv__json_push(arr, o);
	}
	return arr;
}

static json_t *common_json(const ev_state *s, int viewer, bool view)
{
	json_t *o = json_object();
	o = qv__json_put(o, "board", board_json(s, view ? viewer : QV_VIEW_ALL));
	o = qv__json_put(o, "players", players_json(s, viewer, view));
	bool known = s->phase != EV_PH_MULLIGAN && s->phase != EV_PH_COIN;
	o = qv__json_put_turn(o, ev_phase_names[s->phase], s->active, known, s->first, s->turn_no);
	o = qv__json_put(o, "idle", json_integer(s->idle));
	o = qv__json_put(o, "played", json_boolean(s->played));
	o = qv__json_put(o, "next_inst", json_integer(s->next_inst));
	o = qv__json_put(o, "stack", stack_json(s));
	o = qv__json_put(o, "ended", json_string(ev_end_names[s->ended % EV_NENDS]));
	if (!view && s->phase == EV_PH_MULLIGAN)
		o = qv__json_put(o, "rng", qv__json_rng(&s->rng));
	if (view) {
		char b[8];
		o = qv__json_put(o, "to_move", json_string(qv_player_name(ev_to_move(s), b)));
	}
	return o;
}

json_t *ev_state_json(const void *st) { return common_json(st, QV_VIEW_ALL, false); }

json_t *ev_view_json(const void *st, int viewer) { return common_json(st, viewer, true); }

/* ---- loading ---- */

static qv_status get_cell(const json_t *v, const char *what, int *c, qv_err *err)
{
	*c = json_is_string(v) ? ev_cell_parse(json_string_value(v)) : -1;
	if (*c < 0)
		return qv_fail(err, QV_EINVAL,
		               "%s must be a cell: a column x, a, b, c, d, e or y and a row 0-6, "
		               "e.g. \"c3\"",
		               what);
	return QV_OK;
}

/* A card id of the components T (an ev_tables; a qv__json_id_fn). */
static qv_status get_card(const void *T, const json_t *v, const char *what, int *k, qv_err *err)
{
	*k = json_is_string(v) ? ev_find_kind(T, json_string_value(v)) : -1;
	if (*k < 0)
		return qv_fail(err, QV_EINVAL,
		               "%s must be a card id of the card table, such as \"cinder-pup\" or "
		               "\"block-fire\"",
		               what);
	return QV_OK;
}

/* One entry of state.board as read, before it is checked and put on the board. */
typedef struct {
	int c, k, owner, ctrl;
	long inst, dmg;
	bool cov, growth, moved, react;
} board_card;

/* Reads the fields of board entry o, named `what` in errors, each of its type and range. */
static qv_status read_board_card(const ev_state *s, const json_t *o, const char *what,
                                 board_card *b, qv_err *err)
{
	static const char *const keys[] = {"cell",    "card",        "owner",  "controller", "inst",
	                                   "covered", "growth",      "damage", "atk",        "def",
	                                   "moved",   "reactivated", NULL};
	char w[80];
	qv_status rc;
	if ((rc = qv__json_check_keys(o, what, keys, err)))
		return rc;
	qv_fmt(w, sizeof w, "%s.cell", what);
	if ((rc = get_cell(json_object_get(o, "cell"), w, &b->c, err)))
		return rc;
	qv_fmt(w, sizeof w, "%s.card", what);
	if ((rc = get_card(ev_T(s), json_object_get(o, "card"), w, &b->k, err)))
		return rc;
	qv_fmt(w, sizeof w, "%s.owner", what);
	if ((rc = qv__json_get_player(json_object_get(o, "owner"), w, 2, &b->owner, err)))
		return rc;
	b->ctrl = b->owner;
	qv_fmt(w, sizeof w, "%s.controller", what);
	json_t *cv = json_object_get(o, "controller");
	if (cv && (rc = qv__json_get_player(cv, w, 2, &b->ctrl, err)))
		return rc;
	if ((rc = qv__json_get_int(o, "inst", what, 1, 60000, 0, &b->inst, err)) ||
	    (rc = qv__json_get_int(o, "damage", what, 0, 255, 0, &b->dmg, err)) ||
	    (rc = qv__json_get_bool(o, "covered", what, false, &b->cov, err)) ||
	    (rc = qv__json_get_bool(o, "growth", what, false, &b->growth, err)) ||
	    (rc = qv__json_get_bool(o, "moved", what, false, &b->moved, err)) ||
	    (rc = qv__json_get_bool(o, "reactivated", what, false, &b->react, err)))
		return rc;
	return QV_OK;
}

/* The marks of a board card must fit what it is: a block is never covered nor controlled by
 * another, only a covered card is Growth-placed, only a face-up monster takes damage (less
 * than its DEF) or reactivates. */
static qv_status check_board_marks(const ev_tables *T, const char *what, const board_card *b,
                                   qv_err *err)
{
	bool block = ev_is_block(T, b->k);
	if (b->cov && block)
		return qv_fail(err, QV_EINVAL, "%s: a block is never covered", what);
	if ((b->cov || block) && b->ctrl != b->owner)
		return qv_fail(err, QV_EINVAL,
		               "%s: a covered card or a block is controlled by its owner", what);
	if (b->growth && !b->cov)
		return qv_fail(err, QV_EINVAL,
		               "%s: only a covered card is Growth-placed (covered: true)", what);
	if (b->dmg && (b->cov || block || b->dmg >= T->kind[b->k].def))
		return qv_fail(err, QV_EINVAL,
		               "%s: damage is taken by face-up monsters only, and less than "
		               "their DEF (%d for %s)",
		               what, T->kind[b->k].def, T->kind[b->k].id);
	if (b->react && (b->cov || block))
		return qv_fail(err, QV_EINVAL, "%s: only a face-up monster reactivates", what);
	return QV_OK;
}

/* atk and def, written for readers, must agree with the card and its damage. */
static qv_status check_board_stats(const ev_tables *T, const json_t *o, const char *what,
                                   const board_card *b, qv_err *err)
{
	const ev_kind *kd = &T->kind[b->k];
	long atk, def;
	qv_status rc;
	if ((rc = qv__json_get_int(o, "atk", what, 0, 255, kd->atk, &atk, err)) ||
	    (rc = qv__json_get_int(o, "def", what, -255, 255, kd->def - b->dmg, &def, err)))
		return rc;
	if ((ev_is_block(T, b->k) && (json_object_get(o, "atk") || json_object_get(o, "def"))) ||
	    atk != kd->atk || def != kd->def - b->dmg)
		return qv_fail(err, QV_EINVAL,
		               "%s: atk and def are the card's ATK and current DEF (%s: "
		               "ATK %d, DEF %d less %ld damage; a block has neither)",
		               what, kd->id, kd->atk, kd->def, b->dmg);
	return QV_OK;
}

/* The board's entry o (qv__json_each_object) put in its cell of the state ctx. */
static qv_status load_board_card(void *ctx, const json_t *o, const char *what, qv_err *err)
{
	ev_state *s = ctx;
	const ev_tables *T = ev_T(s);
	board_card b;
	qv_status rc;
	if ((rc = read_board_card(s, o, what, &b, err)))
		return rc;
	if (s->cell[b.c].kind)
		return qv_fail(err, QV_EINVAL, "%s: cell %s is given twice", what,
		               json_string_value(json_object_get(o, "cell")));
	if ((rc = check_board_marks(T, what, &b, err)) ||
	    (rc = check_board_stats(T, o, what, &b, err)))
		return rc;
	uint8_t flags = (uint8_t)((b.cov ? EV_F_COVERED : 0) | (b.growth ? EV_F_GROWTH : 0) |
	                          (b.moved ? EV_F_MOVED : 0) | (b.react ? EV_F_REACTIVATED : 0));
	s->cell[b.c] = (ev_cell){(uint16_t)b.inst,
	                         (uint8_t)(b.k + 1),
	                         (uint8_t)b.owner,
	                         (uint8_t)b.ctrl,
	                         flags,
	                         (uint8_t)b.dmg,
	                         0};
	return QV_OK;
}

/* Numbers the board cards given without `inst` (in the order listed, here cell order) after
 * the largest number given, and checks that numbers are distinct. */
static qv_status number_board(ev_state *s, long next_inst, bool next_given, qv_err *err)
{
	int top = 0;
	for (int c = 0; c < EV_NCELLS; c++)
		if (s->cell[c].kind && s->cell[c].inst > top)
			top = s->cell[c].inst;
	for (int c = 0; c < EV_NCELLS; c++)
		if (s->cell[c].kind && !s->cell[c].inst)
			s->cell[c].inst = (uint16_t)++top;
	for (int a = 0; a < EV_NCELLS; a++)
		for (int b = a + 1; b < EV_NCELLS; b++)
			if (s->cell[a].kind && s->cell[b].kind &&
			    s->cell[a].inst == s->cell[b].inst)
				return qv_fail(err, QV_EINVAL,
				               "board: two cards have instance number %d",
				               s->cell[a].inst);
	if (next_given && next_inst <= top)
		return qv_fail(err, QV_EINVAL,
		               "state.next_inst must be larger than every board card's inst (%d)",
		               top);
	s->next_inst = (uint16_t)(next_given ? next_inst : top + 1);
	return QV_OK;
}

/* Player p's object o (a qv__deck_player_fn over an ev_state). */
static qv_status load_player(void *st, int p, const json_t *o, bool *deck_given, qv_err *err)
{
	ev_state *s = st;
	static const char *const keys[] = {"hand",    "deck",     "graveyard", "removed",
	                                   "credits", "mulligan", "turns",     NULL};
	ev_player *pl = &s->pl[p];
	char what[32];
	qv_status rc;
	qv__deck_cards z = ev_cards(s, p);
	if ((rc = qv__deck_read_player(o, p, keys, &z, get_card, ev_T(s), what, deck_given, err)))
		return rc;
	long credits, turns, mull;
	if ((rc = qv__json_get_int(o, "credits", what, 0, 65535, EV_CREDITS, &credits, err)) ||
	    (rc = qv__json_get_int(o, "turns", what, 0, 65535, 0, &turns, err)))
		return rc;
	pl->credits = (uint16_t)credits;
	pl->turns = (uint16_t)turns;
	json_t *mv = json_object_get(o, "mulligan");
	if (mv && json_is_null(mv)) {
		pl->mull = -1;
	} else if (mv) {
		if ((rc = qv__json_get_int(o, "mulligan", what, 0, 5, 0, &mull, err)))
			return qv_fail(
			    err, QV_EINVAL,
			    "%s.mulligan must be null (not decided), 0 (kept) or the number "
			    "of cards returned, 1-5",
			    what);
		pl->mull = (int8_t)mull;
	} else {
		pl->mull = -2; /* absent: the phase decides the default */
	}
	return QV_OK;
}

/* A stack entry's "used": the ability arrows of card x already used this activation. */
static qv_status load_used(const ev_state *s, ev_entry *e, const ev_cell *x, const json_t *uv,
                           const char *what, qv_err *err)
{
	const ev_tables *T = ev_T(s);
	if (!qv__json_is_list(uv, QV_NDIRS))
		return qv_fail(err, QV_EINVAL, "%s.used must be an array of directions", what);
	size_t j;
	json_t *d;
	json_array_foreach(uv, j, d)
	{
		int dir = json_is_string(d) ? qv_dir_parse(json_string_value(d)) : -1;
		if (dir < 0)
			return qv_fail(err, QV_EINVAL,
			               "%s.used[%zu] must be a direction N, NE, ... NW", what, j);
		int printed = ev_board_dir(x->ctrl, dir);
		if (!T->kind[x->kind - 1].ability[printed])
			return qv_fail(err, QV_EINVAL,
			               "%s.used[%zu]: the card has no ability arrow pointing %s",
			               what, j, qv_dir_names[dir]);
		e->used |= (uint8_t)(1u << printed);
	}
	return QV_OK;
}

/* A stack entry's "burn": {"center": cell, "left": n}, or null. */
static qv_status load_burn(ev_entry *e, const json_t *bv, const char *what, qv_err *err)
{
	if (!bv || json_is_null(bv))
		return QV_OK;
	qv_status rc;
	static const char *const bkeys[] = {"center", "left", NULL};
	int t;
	long left;
	char w[80];
	qv_fmt(w, sizeof w, "%s.burn", what);
	if (!json_is_object(bv))
		return qv_fail(err, QV_EINVAL, "%s must be {\"center\": cell, \"left\": n}", w);
	if ((rc = qv__json_check_keys(bv, w, bkeys, err)) ||
	    (rc = get_cell(json_object_get(bv, "center"), "burn.center", &t, err)) ||
	    (rc = qv__json_get_int(bv, "left", w, 1, 255, 0, &left, err)))
		return rc;
	if (!json_object_get(bv, "left"))
		return qv_fail(err, QV_EINVAL, "%s.left is required (1 or more)", w);
	e->burn_center = (uint8_t)t;
	e->burn_left = (uint8_t)left;
	return QV_OK;
}

/* The cell of a stack entry's card, from its inst or its cell (both: the same card). */
static qv_status entry_cell(const ev_state *s, const json_t *o, const char *what, int *c,
                            qv_err *err)
{
	qv_status rc;
	json_t *iv = json_object_get(o, "inst"), *cv = json_object_get(o, "cell");
	if (cv && !json_is_null(cv)) {
		char w[80];
		qv_fmt(w, sizeof w, "%s.cell", what);
		if ((rc = get_cell(cv, w, c, err)))
			return rc;
	}
	if (iv) {
		long inst;
		if ((rc = qv__json_get_int(o, "inst", what, 1, 60000, 0, &inst, err)))
			return rc;
		int at = ev_find_cell_of(s, (int)inst);
		if (at < 0)
			return qv_fail(err, QV_EINVAL,
			               "%s.inst: no card on the board has number %ld", what, inst);
		if (*c >= 0 && *c != at)
			return qv_fail(err, QV_EINVAL,
			               "%s: inst %ld stands elsewhere than the cell given", what,
			               inst);
		*c = at;
	}
	if (*c < 0)
		return qv_fail(err, QV_EINVAL, "%s needs inst or cell (the card of the entry)",
		               what);
	return QV_OK;
}

static qv_status load_entry(ev_state *s, int i, const json_t *o, qv_err *err)
{
	const ev_tables *T = ev_T(s);
	static const char *const keys[] = {"inst",  "cell",      "step", "used",
	                                   "spent", "conflicts", "burn", NULL};
	char what[32];
	qv_fmt(what, sizeof what, "stack[%d]", i);
	if (!json_is_object(o))
		return qv_fail(err, QV_EINVAL, "%s must be an object with inst or cell", what);
	qv_status rc;
	if ((rc = qv__json_check_keys(o, what, keys, err)))
		return rc;
	ev_entry *e = &s->stack[i];
	int c = -1;
	if ((rc = entry_cell(s, o, what, &c, err)))
		return rc;
	const ev_cell *x = &s->cell[c];
	if (!x->kind || ev_is_block(T, x->kind - 1) || (x->flags & EV_F_COVERED) ||
	    x->ctrl != s->active)
		return qv_fail(err, QV_EINVAL,
		               "%s: the card of an entry is a face-up monster of the active player",
		               what);
	e->inst = x->inst;
	e->at = (uint8_t)c;
	int step;
	if ((rc = qv__json_get_name(o, "step", what, ev_step_names, EV_NSTEPS, EV_ST_ABILITY1,
	                            &step, err)))
		return rc;
	e->step = (uint8_t)step;
	if ((rc = load_used(s, e, x, json_object_get(o, "used"), what, err)))
		return rc;
	long spent;
	if ((rc = qv__json_get_int(o, "spent", what, 0, 255, 0, &spent, err)))
		return rc;
	e->spent = (uint8_t)spent;
	char w[48];
	qv_fmt(w, sizeof w, "%s.conflicts", what);
	if ((rc = qv__json_get_mask(json_object_get(o, "conflicts"), QV_NDIRS, get_cell, w, "cells",
	                            NULL, &e->conflicts, err)))
		return rc;
	if ((rc = load_burn(e, json_object_get(o, "burn"), what, err)))
		return rc;
	return QV_OK;
}

/* True when the card on t defends its position against the active card on c. */
static bool defends(const ev_state *s, int c, int t)
{
	const ev_tables *T = ev_T(s);
	const ev_cell *a = &s->cell[c], *b = &s->cell[t];
	if (!ev_in_main(c) || !ev_in_main(t) || !b->kind || ev_is_block(T, b->kind - 1) ||
	    (b->flags & EV_F_COVERED) || b->ctrl == a->ctrl)
		return false;
	bool there = false, back = false;
	for (int printed = 0; printed < QV_NDIRS; printed++) {
		if ((T->kind[a->kind - 1].arrows >> printed & 1) &&
		    ev_step(c, ev_board_dir(a->ctrl, printed)) == t)
			there = true;
		if ((T->kind[b->kind - 1].arrows >> printed & 1) &&
		    ev_step(t, ev_board_dir(b->ctrl, printed)) == c)
			back = true;
	}
	return there && back;
}

/* The stack fits the rules: only the top entry may be mid-conflicts or mid-Firestorm, and a
 * pending decision always has a legal option. */
static qv_status check_stack(const ev_state *s, qv_err *err)
{
	const ev_tables *T = ev_T(s);
	for (int i = 0; i < s->nstack; i++) {
		const ev_entry *e = &s->stack[i];
		bool top = i == s->nstack - 1;
		int c = ev_find_cell_of(s, e->inst);
		if (!top && (e->step == EV_ST_CONFLICTS || e->burn_left))
			return qv_fail(
			    err, QV_EINVAL,
			    "stack[%d]: only the top entry can be resolving conflicts or a "
			    "Firestorm",
			    i);
		if ((e->step == EV_ST_CONFLICTS) != (e->conflicts != 0))
			return qv_fail(
			    err, QV_EINVAL,
			    "stack[%d]: conflicts lists the defenders left, exactly in step "
			    "conflicts",
			    i);
		for (int t = 0; t < EV_NCELLS; t++)
			if ((e->conflicts >> t & 1) && !defends(s, c, t))
				return qv_fail(
				    err, QV_EINVAL,
				    "stack[%d].conflicts: a listed cell holds no card defending "
				    "its position against the entry's card",
				    i);
		if (e->burn_left) {
			bool any = false;
			static const int orth[5] = {-1, QV_N, QV_E, QV_S, QV_W};
			for (int j = 0; j < 5; j++) {
				int t = j == 0 ? e->burn_center : ev_step(e->burn_center, orth[j]);
				any |= t >= 0 && s->cell[t].kind &&
				       !ev_is_block(T, s->cell[t].kind - 1) &&
				       s->cell[t].ctrl != s->active;
			}
			if (!any)
				return qv_fail(
				    err, QV_EINVAL,
				    "stack[%d].burn: no opponent monster on the center or next "
				    "to it",
				    i);
		}
	}
	return QV_OK;
}

/* In phase mulligan the players before the active one have decided and the others not (a
 * mulligan left out is filled so), and an undecided hand is at most a starting hand. */
static qv_status check_mulligan(ev_state *s, qv_err *err)
{
	for (int p = 0; p < 2; p++) {
		ev_player *pl = &s->pl[p];
		if (pl->mull == -2)
			pl->mull = p < s->active ? 0 : -1;
		if ((p < s->active) != (pl->mull >= 0))
			return qv_fail(err, QV_EINVAL,
			               "in phase mulligan, players before the active one have "
			               "decided (mulligan not null) and the others not (null)");
	}
	for (int p = s->active; p < 2; p++)
		if (s->pl[p].nhand > EV_HAND_START)
			return qv_fail(err, QV_EINVAL,
			               "in phase mulligan, a hand still to be kept or mulliganed "
			               "holds at most %d cards (players[%d] has %d)",
			               EV_HAND_START, p, s->pl[p].nhand);
	return QV_OK;
}

/* The phase fits the rest of the state. */
static qv_status check_phase(ev_state *s, qv_err *err)
{
	qv_status rc;
	bool board_empty = true;
	for (int c = 0; c < EV_NCELLS; c++)
		board_empty &= !s->cell[c].kind;
	bool full = true;
	for (int c = 0; c < EV_NCELLS; c++)
		if (ev_in_main(c) && !s->cell[c].kind)
			full = false;
	if ((s->nstack != 0) != (s->phase == EV_PH_CHAIN))
		return qv_fail(err, QV_EINVAL, "state.stack is non-empty exactly in phase chain");
	if (full && s->phase != EV_PH_OVER)
		return qv_fail(err, QV_EINVAL,
		               "the main zone is full: the game is over (phase over, ended full)");
	switch (s->phase) {
	case EV_PH_MULLIGAN:
		if ((rc = check_mulligan(s, err)))
			return rc;
		/* fall through */
	case EV_PH_COIN:
		if (!board_empty || s->turn_no || s->played || s->idle)
			return qv_fail(
			    err, QV_EINVAL,
			    "before the first turn the board is empty and turns, idle and "
			    "played are 0");
		if (s->phase == EV_PH_COIN && s->active != 0)
			return qv_fail(err, QV_EINVAL, "in phase coin, state.active is p1");
		break;
	case EV_PH_MAIN: break;
	case EV_PH_CHAIN:
		if (!s->played)
			return qv_fail(
			    err, QV_EINVAL,
			    "a chain follows the turn's hand play: state.played is true");
		break;
	default: break;
	}
	for (int p = 0; p < 2; p++) {
		if (s->pl[p].mull == -2)
			s->pl[p].mull = 0;
		if (s->phase != EV_PH_MULLIGAN && s->pl[p].mull < 0)
			return qv_fail(err, QV_EINVAL,
			               "players[%d].mulligan is null only in phase mulligan", p);
	}
	if ((s->ended != EV_END_NONE) != (s->phase == EV_PH_OVER))
		return qv_fail(err, QV_EINVAL,
		               "state.ended is none exactly when the game is not over");
	if (s->phase != EV_PH_OVER && s->idle > 1)
		return qv_fail(err, QV_EINVAL, "state.idle is 0 or 1 while the game goes on");
	return check_stack(s, err);
}

/* The turn's fields of a state: phase, active, first, turns, idle, played and ended. */
static qv_status load_turn(ev_state *s, const json_t *j, qv_err *err)
{
	qv_status rc;
	int first;
	if ((rc = qv__json_get_turn(j, ev_phase_names, EV_NPHASES, EV_PH_MAIN, &s->phase,
	                            &s->active, &first, err)))
		return rc;
	/* first: null before the coin, a player after it (absent: p1) */
	bool before = s->phase == EV_PH_MULLIGAN || s->phase == EV_PH_COIN;
	if (before ? first >= 0 : first < 0 && json_object_get(j, "first"))
		return qv_fail(err, QV_EINVAL,
		               "state.first is null exactly in phases mulligan and coin");
	s->first = (uint8_t)(first < 0 ? 0 : first);
	long turns, idle;
	bool played;
	if ((rc = qv__json_get_int(j, "turns", "state", 0, s->max_turns, 0, &turns, err)) ||
	    (rc = qv__json_get_int(j, "idle", "state", 0, 2, 0, &idle, err)) ||
	    (rc = qv__json_get_bool(j, "played", "state", false, &played, err)))
		return rc;
	s->turn_no = (uint16_t)turns;
	s->idle = (uint8_t)idle;
	s->played = played;
	int ended;
	if ((rc = qv__json_get_name(j, "ended", "state", ev_end_names, EV_NENDS, EV_END_NONE,
	                            &ended, err)))
		return rc;
	s->ended = (uint8_t)ended;
	return QV_OK;
}

/* Clears a state to load into, keeping what init set up: the parameters, the decks' lists
 * (not the generator: the caller keeps it). */
static void clear_state(ev_state *s)
{
	uint16_t max_turns = s->max_turns, variant = s->variant;
	uint8_t shuffle = s->shuffle, owned[2][EV_MAX_KINDS], decklen[2];
	for (int p = 0; p < 2; p++) {
		memcpy(owned[p], s->pl[p].owned, EV_MAX_KINDS);
		decklen[p] = s->pl[p].decklen;
	}
	memset(s, 0, sizeof *s);
	s->max_turns = max_turns;
	s->variant = variant;
	s->shuffle = shuffle;
	for (int p = 0; p < 2; p++) {
		memcpy(s->pl[p].owned, owned[p], EV_MAX_KINDS);
		s->pl[p].decklen = decklen[p];
		s->pl[p].credits = EV_CREDITS;
		s->pl[p].mull = -2;
	}
}

/* state.stack (sv; NULL: empty), after the board and the turn. */
static qv_status load_stack(ev_state *s, const json_t *sv, qv_err *err)
{
	if (!sv)
		return QV_OK;
	if (!json_is_array(sv) || json_array_size(sv) > EV_MAX_STACK)
		return qv_fail(err, QV_EINVAL, "state.stack must be an array of at most %d entries",
		               EV_MAX_STACK);
	s->nstack = (uint8_t)json_array_size(sv);
	qv_status rc;
	for (int i = 0; i < s->nstack; i++)
		if ((rc = load_entry(s, i, json_array_get(sv, (size_t)i), err)))
			return rc;
	return QV_OK;
}

qv_status ev_load_json(void *st, const json_t *j, qv_err *err)
{
	static const char *const keys[] = {"board", "players", "phase",  "active",    "first",
	                                   "turns", "idle",    "played", "next_inst", "stack",
	                                   "ended", "rng",     NULL};
	ev_state *s = st;
	qv_status rc;
	if ((rc = qv__json_check_state(j, keys, err)))
		return rc;
	/* init has set up the parameters and the generator; keep them, rebuild the rest */
	qv_rng rng = s->rng;
	clear_state(s);
	json_t *board = json_object_get(j, "board");
	if (board && (rc = qv__json_each_object(board, "board", "cards", "cell, card and owner",
	                                        load_board_card, s, err)))
		return rc;
	json_t *nv = json_object_get(j, "next_inst");
	long next_inst = 0;
	if ((rc = qv__json_get_int(j, "next_inst", "state", 1, 60000, 1, &next_inst, err)) ||
	    (rc = number_board(s, next_inst, nv != NULL, err)))
		return rc;
	s->board = ev_board_mask(s);
	s->covered = ev_covered_mask(s);
	bool given[2];
	if ((rc = qv__deck_read_players(j, load_player, s, given, err)))
		return rc;
	if ((rc = load_turn(s, j, err)))
		return rc;
	int phase = s->phase;
	if ((rc = load_stack(s, json_object_get(j, "stack"), err)))
		return rc;
	json_t *rv = json_object_get(j, "rng");
	if (rv && phase != EV_PH_MULLIGAN)
		return qv_fail(err, QV_EINVAL, "state.rng is given only in phase mulligan");
	if (phase == EV_PH_MULLIGAN) {
		s->rng = rng;
		if (rv && (rc = qv__json_get_rng(rv, "state.rng", &s->rng, err)))
			return rc;
	}
	/* every card of a deck list in one place at most (exactly one with the deck given); the
	 * deck filled when none was given */
	if ((rc = qv__deck_settle(s, given, ev_cards, ev_count_placed, ev_T(s)->nkinds,
	                          "on the board, in hand, the graveyard and removed", ev_kind_id,
	                          ev_T(s), err)))
		return rc;
	if ((rc = check_phase(s, err)))
		return rc;
	return qv__load_checked(ev_state_ok, s, err);
}
