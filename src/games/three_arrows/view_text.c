/*
 * view_text.c - a THREE ARROWS view written straight to JSON text (the descriptor's
 * view_text): byte for byte what ta_view_json's tree is written as (json.c, which says what a
 * view shows and hides), without the tree, for the server, which sends a view to every viewer
 * after every move (tests/unit/test_json_write.c compares the two over random games).
 */
#include "games/json_util.h"
#include "three_arrows.h"

static void sq_text(qv__jw *w, const char *key, int sq)
{
	char n[4];
	qv_sq_name(ta_file(sq), ta_rank(sq), n);
	qv__jw_str(w, key, n);
}

/* The piece in cell c at sq, as board_json's object of a view. */
static void piece_text(qv__jw *w, const ta_state *s, int sq, int viewer)
{
	const ta_tables *T = ta_T(s);
	ta_cell c = s->cell[sq];
	bool cov = s->covered >> sq & 1;
	qv__jw_open(w, NULL, '{');
	sq_text(w, "sq", sq);
	qv__jw_player(w, "owner", TA_OWNER(c));
	if (!(cov && viewer != QV_VIEW_ALL && viewer != TA_OWNER(c))) {
		char k[2] = {T->letters[TA_KIND(c)], 0};
		qv__jw_str(w, "piece", k);
		qv__jw_str(w, "facing", ta_facing_names[TA_FACING(c)]);
		qv__jw_open(w, "arrows", '[');
		for (int d = 0; d < QV_NDIRS; d++)
			for (int i = 0; i < T->arrows[TA_KF(c)][d]; i++)
				qv__jw_str(w, NULL, qv_dir_names[d]);
		qv__jw_close(w, ']');
	}
	qv__jw_bool(w, "covered", cov);
	qv__jw_bool(w, "shielded", s->shielded >> sq & 1);
	qv__jw_close(w, '}');
}

static void kinds_text(qv__jw *w, const char *key, const ta_state *s, const uint8_t *count)
{
	const ta_tables *T = ta_T(s);
	qv__jw_open(w, key, '{');
	for (int k = 0; k < T->nkinds; k++) {
		char letter[2] = {T->letters[k], 0};
		qv__jw_int(w, letter, count[k]);
	}
	qv__jw_close(w, '}');
}

static void players_text(qv__jw *w, const ta_state *s, int viewer)
{
	qv__jw_open(w, "players", '[');
	for (int p = 0; p < s->nplayers; p++) {
		const ta_player *pl = &s->pl[p];
		qv__jw_open(w, NULL, '{');
		qv__jw_int(w, "covers", pl->covers);
		qv__jw_int(w, "shields", pl->shields);
		qv__jw_int(w, "bonus", pl->bonus);
		qv__jw_int(w, "captured", pl->captured);
		kinds_text(w, "lost", s, pl->lost);
		if (pl->home >= 0 && pl->home < TA_NSIDES)
			qv__jw_str(w, "home", ta_side_names[pl->home]);
		else
			qv__jw_null(w, "home");
		qv__jw_int(w, "eliminated", pl->eliminated);
		qv__jw_int(w, "holder_count", ta_holder_total(pl));
		if (viewer == QV_VIEW_ALL || viewer == p)
			kinds_text(w, "holder", s, pl->holder);
		qv__jw_close(w, '}');
	}
	qv__jw_close(w, ']');
}

static void attack_text(qv__jw *w, const ta_state *s)
{
	if (s->phase != TA_PH_DEFEND && s->phase != TA_PH_DIE && s->phase != TA_PH_CAPTURE) {
		qv__jw_null(w, "attack");
		return;
	}
	qv__jw_open(w, "attack", '{');
	sq_text(w, "from", s->atk_from);
	sq_text(w, "to", s->atk_to);
	if (s->phase != TA_PH_CAPTURE) {
		qv__jw_int(w, "strength", ta_attack_strength(s, s->atk_from, s->atk_to));
		qv__jw_int(w, "defence", ta_defence_strength(s, s->atk_from, s->atk_to));
	}
	qv__jw_close(w, '}');
}

bool ta_view_text(const void *st, int viewer, qv_buf *out)
{
	const ta_state *s = st;
	qv__jw w = {.b = out, .ok = true};
	qv__jw_open(&w, NULL, '{');
	qv__jw_open(&w, "board", '[');
	for (int sq = 0; sq < TA_MAX_SQ; sq++)
		if (s->cell[sq])
			piece_text(&w, s, sq, viewer);
	qv__jw_close(&w, ']');
	players_text(&w, s, viewer);
	qv__jw_player(&w, "turn", s->turn);
	qv__jw_str(&w, "phase", ta_phase_names[s->phase]);
	attack_text(&w, s);
	qv__jw_int(&w, "extra_turns", s->extra);
	qv__jw_int(&w, "turns", s->turns);
	qv__jw_bool(&w, "terminator_placed", s->terminator_placed);
	qv__jw_close(&w, '}');
	return qv__jw_done(&w);
}
