/*
 * view_text.c - a THREE ARROWS view written straight to JSON text (the descriptor's
 * view_text): byte for byte what ta_view_json's tree is written as (json.c, which says what a
 * view shows and hides), without the tree, for the server, which sends a view to every viewer
 * after every move (tests/unit/test_json_write.c compares the two over random games).
 */
#include <string.h>

#include "games/json_util.h"
#include "three_arrows.h"

/* Appends ,"key": (without the comma for the first member of an object). */
static void key(qv_buf *b, const char *k, bool first)
{
	if (!first)
		qv_buf_putc(b, ',');
	qv_buf_putc(b, '"');
	qv_buf_puts(b, k);
	qv_buf_puts(b, "\":");
}

static bool str(qv_buf *b, const char *s) { return qv__json_append_string(b, s, strlen(s)); }

static void boolean(qv_buf *b, bool v) { qv_buf_puts(b, v ? "true" : "false"); }

static void sq_text(qv_buf *b, int sq)
{
	char n[4];
	qv_sq_name(ta_file(sq), ta_rank(sq), n);
	str(b, n);
}

static void player_text(qv_buf *b, int p)
{
	char n[8];
	str(b, qv_player_name(p, n));
}

/* The piece in cell c at sq, as board_json's object of a view. */
static bool piece_text(qv_buf *b, const ta_state *s, int sq, int viewer)
{
	const ta_tables *T = ta_T(s);
	ta_cell c = s->cell[sq];
	bool cov = s->covered >> sq & 1;
	bool ok = true;
	key(b, "sq", true);
	sq_text(b, sq);
	key(b, "owner", false);
	player_text(b, TA_OWNER(c));
	if (!(cov && viewer != QV_VIEW_ALL && viewer != TA_OWNER(c))) {
		char k[2] = {T->letters[TA_KIND(c)], 0};
		key(b, "piece", false);
		ok = str(b, k);
		key(b, "facing", false);
		str(b, ta_facing_names[TA_FACING(c)]);
		key(b, "arrows", false);
		qv_buf_putc(b, '[');
		bool first = true;
		for (int d = 0; d < QV_NDIRS; d++)
			for (int i = 0; i < T->arrows[TA_KF(c)][d]; i++, first = false) {
				if (!first)
					qv_buf_putc(b, ',');
				str(b, qv_dir_names[d]);
			}
		qv_buf_putc(b, ']');
	}
	key(b, "covered", false);
	boolean(b, cov);
	key(b, "shielded", false);
	boolean(b, s->shielded >> sq & 1);
	return ok;
}

static bool kinds_text(qv_buf *b, const ta_state *s, const uint8_t *count)
{
	const ta_tables *T = ta_T(s);
	bool ok = true;
	qv_buf_putc(b, '{');
	for (int k = 0; k < T->nkinds; k++) {
		char letter[2] = {T->letters[k], 0};
		if (k)
			qv_buf_putc(b, ',');
		ok = ok && str(b, letter);
		qv_buf_putc(b, ':');
		qv_buf_putd(b, count[k]);
	}
	qv_buf_putc(b, '}');
	return ok;
}

static bool players_text(qv_buf *b, const ta_state *s, int viewer)
{
	bool ok = true;
	qv_buf_putc(b, '[');
	for (int p = 0; p < s->nplayers; p++) {
		const ta_player *pl = &s->pl[p];
		qv_buf_puts(b, p ? ",{" : "{");
		key(b, "covers", true);
		qv_buf_putd(b, pl->covers);
		key(b, "shields", false);
		qv_buf_putd(b, pl->shields);
		key(b, "bonus", false);
		qv_buf_putd(b, pl->bonus);
		key(b, "captured", false);
		qv_buf_putd(b, pl->captured);
		key(b, "lost", false);
		ok = kinds_text(b, s, pl->lost) && ok;
		key(b, "home", false);
		if (pl->home >= 0 && pl->home < TA_NSIDES)
			str(b, ta_side_names[pl->home]);
		else
			qv_buf_puts(b, "null");
		key(b, "eliminated", false);
		qv_buf_putd(b, pl->eliminated);
		key(b, "holder_count", false);
		qv_buf_putd(b, ta_holder_total(pl));
		if (viewer == QV_VIEW_ALL || viewer == p) {
			key(b, "holder", false);
			ok = kinds_text(b, s, pl->holder) && ok;
		}
		qv_buf_putc(b, '}');
	}
	qv_buf_putc(b, ']');
	return ok;
}

bool ta_view_text(const void *st, int viewer, qv_buf *out)
{
	const ta_state *s = st;
	bool ok = true, first = true;
	qv_buf_puts(out, "{\"board\":[");
	for (int sq = 0; sq < TA_MAX_SQ; sq++) {
		if (!s->cell[sq])
			continue;
		qv_buf_puts(out, first ? "{" : ",{");
		first = false;
		ok = piece_text(out, s, sq, viewer) && ok;
		qv_buf_putc(out, '}');
	}
	qv_buf_putc(out, ']');
	key(out, "players", false);
	ok = players_text(out, s, viewer) && ok;
	key(out, "turn", false);
	player_text(out, s->turn);
	key(out, "phase", false);
	str(out, ta_phase_names[s->phase]);
	key(out, "attack", false);
	if (s->phase == TA_PH_DEFEND || s->phase == TA_PH_DIE) {
		qv_buf_puts(out, "{\"from\":");
		sq_text(out, s->atk_from);
		qv_buf_puts(out, ",\"to\":");
		sq_text(out, s->atk_to);
		qv_buf_puts(out, ",\"strength\":");
		qv_buf_putd(out, ta_attack_strength(s, s->atk_from, s->atk_to));
		qv_buf_puts(out, ",\"defence\":");
		qv_buf_putd(out, ta_defence_strength(s, s->atk_from, s->atk_to));
		qv_buf_putc(out, '}');
	} else if (s->phase == TA_PH_CAPTURE) {
		qv_buf_puts(out, "{\"from\":");
		sq_text(out, s->atk_from);
		qv_buf_puts(out, ",\"to\":");
		sq_text(out, s->atk_to);
		qv_buf_putc(out, '}');
	} else {
		qv_buf_puts(out, "null");
	}
	key(out, "extra_turns", false);
	qv_buf_putd(out, s->extra);
	key(out, "turns", false);
	qv_buf_putd(out, s->turns);
	key(out, "terminator_placed", false);
	boolean(out, s->terminator_placed);
	qv_buf_putc(out, '}');
	return ok && !out->failed;
}
