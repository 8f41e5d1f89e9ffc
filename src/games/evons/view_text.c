/*
 * view_text.c - an Evons view written straight to JSON text (the descriptor's view_text): byte
 * for byte what ev_view_json's tree is written as (json.c, which says what a view shows and
 * hides), without the tree, for the server, which sends a view to every viewer after every move
 * (tests/unit/test_json_write.c compares the two over seeded games).
 */
#include "evons.h"
#include "games/json_util.h"

static void cell_text(qv__jw *w, const char *key, int c)
{
	char b[4];
	ev_cell_name(c, b);
	qv__jw_str(w, key, b);
}

static void kinds_text(qv__jw *w, const char *key, const ev_state *s, const uint8_t *list, int n)
{
	qv__jw_open(w, key, '[');
	for (int i = 0; i < n; i++)
		qv__jw_str(w, NULL, ev_T(s)->kind[list[i]].id);
	qv__jw_close(w, ']');
}

/* The card on cell c: its identity when it is face up or the viewer owns it. */
static void cell_card_text(qv__jw *w, const ev_state *s, int c, int viewer)
{
	const ev_tables *T = ev_T(s);
	const ev_cell *x = &s->cell[c];
	bool cov = x->flags & EV_F_COVERED;
	bool seen = !cov || viewer == QV_VIEW_ALL || viewer == x->owner;
	qv__jw_open(w, NULL, '{');
	cell_text(w, "cell", c);
	if (seen)
		qv__jw_str(w, "card", T->kind[x->kind - 1].id);
	qv__jw_player(w, "owner", x->owner);
	qv__jw_player(w, "controller", x->ctrl);
	qv__jw_int(w, "inst", x->inst);
	qv__jw_bool(w, "covered", cov);
	qv__jw_bool(w, "growth", x->flags & EV_F_GROWTH);
	qv__jw_int(w, "damage", x->dmg);
	if (seen && !ev_is_block(T, x->kind - 1)) {
		qv__jw_int(w, "atk", T->kind[x->kind - 1].atk);
		qv__jw_int(w, "def", ev_cur_def(s, c));
	}
	qv__jw_bool(w, "moved", x->flags & EV_F_MOVED);
	qv__jw_bool(w, "reactivated", x->flags & EV_F_REACTIVATED);
	qv__jw_close(w, '}');
}

static void player_text(qv__jw *w, const ev_state *s, int p, int viewer, int score)
{
	const ev_tables *T = ev_T(s);
	const ev_player *pl = &s->pl[p];
	qv__jw_open(w, NULL, '{');
	qv__deck_text_cards(w, pl->hand, T->nkinds, viewer == QV_VIEW_ALL || viewer == p, pl->deck,
	                    pl->ndeck, viewer == QV_VIEW_ALL, ev_kind_id, T);
	qv__jw_int(w, "hand_count", pl->nhand);
	qv__jw_int(w, "deck_count", pl->ndeck);
	qv__jw_int(w, "score", score);
	kinds_text(w, "graveyard", s, pl->grave, pl->ngrave);
	kinds_text(w, "removed", s, pl->removed, pl->nremoved);
	qv__jw_int(w, "credits", pl->credits);
	if (pl->mull < 0)
		qv__jw_null(w, "mulligan");
	else
		qv__jw_int(w, "mulligan", pl->mull);
	qv__jw_int(w, "turns", pl->turns);
	qv__jw_close(w, '}');
}

static void entry_text(qv__jw *w, const ev_state *s, const ev_entry *e)
{
	int c = ev_find_cell_of(s, e->inst);
	qv__jw_open(w, NULL, '{');
	qv__jw_int(w, "inst", e->inst);
	if (c >= 0)
		cell_text(w, "cell", c);
	else
		qv__jw_null(w, "cell");
	qv__jw_str(w, "step", ev_step_names[e->step % EV_NSTEPS]);
	qv__jw_open(w, "used", '[');
	for (int d = 0; d < QV_NDIRS; d++)
		for (int printed = 0; printed < QV_NDIRS; printed++)
			if ((e->used >> printed & 1) && ev_board_dir(s->active, printed) == d)
				qv__jw_str(w, NULL, qv_dir_names[d]);
	qv__jw_close(w, ']');
	qv__jw_int(w, "spent", e->spent);
	qv__jw_open(w, "conflicts", '[');
	for (int x = 0; x < EV_NCELLS; x++)
		if (e->conflicts >> x & 1)
			cell_text(w, NULL, x);
	qv__jw_close(w, ']');
	if (e->burn_left) {
		qv__jw_open(w, "burn", '{');
		cell_text(w, "center", e->burn_center);
		qv__jw_int(w, "left", e->burn_left);
		qv__jw_close(w, '}');
	} else {
		qv__jw_null(w, "burn");
	}
	qv__jw_close(w, '}');
}

bool ev_view_text(const void *st, int viewer, qv_buf *out)
{
	const ev_state *s = st;
	qv__jw w = {.b = out, .ok = true};
	qv__jw_open(&w, NULL, '{');
	qv__jw_open(&w, "board", '[');
	for (int c = 0; c < EV_NCELLS; c++)
		if (s->cell[c].kind)
			cell_card_text(&w, s, c, viewer);
	qv__jw_close(&w, ']');
	int sc[2];
	ev_scores(s, sc);
	qv__jw_open(&w, "players", '[');
	for (int p = 0; p < 2; p++)
		player_text(&w, s, p, viewer, sc[p]);
	qv__jw_close(&w, ']');
	bool known = s->phase != EV_PH_MULLIGAN && s->phase != EV_PH_COIN;
	qv__jw_turn(&w, ev_phase_names[s->phase], s->active, known, s->first, s->turn_no);
	qv__jw_int(&w, "idle", s->idle);
	qv__jw_bool(&w, "played", s->played);
	qv__jw_int(&w, "next_inst", s->next_inst);
	qv__jw_open(&w, "stack", '[');
	for (int i = 0; i < s->nstack; i++)
		entry_text(&w, s, &s->stack[i]);
	qv__jw_close(&w, ']');
	qv__jw_str(&w, "ended", ev_end_names[s->ended % EV_NENDS]);
	qv__jw_player(&w, "to_move", ev_to_move(s));
	qv__jw_close(&w, '}');
	return qv__jw_done(&w);
}
