/*
 * render.c - the THREE ARROWS board as Unicode text. In the full layout each square is 7
 * columns by 3 lines: the piece's arrows around a centre that names owner and kind ("1Y" is a Y
 * of p1). The compact layout (QV_RENDER_COMPACT, for 80x24 terminals) gives a square one line:
 * owner, kind and the direction it faces ("1Y↑" is p1's Y facing N). An opponent's covered
 * piece shows only "1?"; the owner sees its kind in lower case. Colours (ANSI) mark the owners
 * when asked for. Every line fits 80 columns, and the output never contains an empty line (the
 * engine protocol ends a reply with one).
 */
#include <stdio.h>
#include <string.h>

#include "three_arrows.h"

static const char *const arrow_glyph[QV_NDIRS] = {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"};
static const char *const owner_color[TA_MAX_PLAYERS] = {"\033[1;31m", "\033[1;34m", "\033[1;32m",
                                                        "\033[1;33m"};
#define RESET "\033[0m"

static bool sees_piece(const ta_state *s, int sq, int viewer)
{
	if (!(s->covered >> sq & 1))
		return true;
	return viewer == QV_VIEW_ALL || viewer == TA_OWNER(s->cell[sq]);
}

static void put_arrow(qv_buf *out, const ta_state *s, int sq, int viewer, int d)
{
	ta_cell c = s->cell[sq];
	if (c && sees_piece(s, sq, viewer) && ta_T(s)->arrows[TA_KF(c)][d])
		qv_buf_puts(out, arrow_glyph[d]);
	else
		qv_buf_putc(out, ' ');
}

/* One of the three text lines of a square (line 0 is the top). */
static void put_square_line(qv_buf *out, const ta_state *s, int sq, int viewer, int line,
                            bool color)
{
	ta_cell c = s->cell[sq];
	if (c && color)
		qv_buf_puts(out, owner_color[TA_OWNER(c)]);
	static const int dirs[3][3] = {
	    {QV_NW, QV_N, QV_NE}, {QV_W, -1, QV_E}, {QV_SW, QV_S, QV_SE}};
	qv_buf_putc(out, ' ');
	if (line != 1) {
		for (int i = 0; i < 3; i++) {
			put_arrow(out, s, sq, viewer, dirs[line][i]);
			if (i < 2)
				qv_buf_putc(out, ' ');
		}
	} else {
		put_arrow(out, s, sq, viewer, QV_W);
		if (!c) {
			qv_buf_puts(out, " · ");
		} else {
			int kind = TA_KIND(c);
			char k = sees_piece(s, sq, viewer) ? ta_T(s)->letters[kind] : '?';
			if (k != '?' && (s->covered >> sq & 1))
				k = (char)(k | 0x20);
			qv_buf_printf(out, "%d%c%c", TA_OWNER(c) + 1, k,
			              (s->shielded >> sq & 1) ? 's' : ' ');
		}
		put_arrow(out, s, sq, viewer, QV_E);
	}
	qv_buf_putc(out, ' ');
	if (c && color)
		qv_buf_puts(out, RESET);
}

static void put_rule(qv_buf *out, int size, const char *l, const char *m, const char *r)
{
	qv_buf_puts(out, "   ");
	qv_buf_puts(out, l);
	for (int f = 0; f < size; f++) {
		qv_buf_puts(out, "───────");
		qv_buf_puts(out, f == size - 1 ? r : m);
	}
	qv_buf_putc(out, '\n');
}

/* One line per player: "p1 you · captured 0 · bonus 1 · covers 3 · shields 3 · A3 T3 ... Z1"
 * (an opponent's holder as a count). At most 77 columns. */
static void put_player(qv_buf *out, const ta_state *s, int p, int viewer, bool color)
{
	const ta_player *pl = &s->pl[p];
	if (color)
		qv_buf_puts(out, owner_color[p]);
	qv_buf_printf(out, "p%d%s", p + 1, p == viewer ? " you" : "");
	if (color)
		qv_buf_puts(out, RESET);
	if (pl->eliminated) {
		qv_buf_printf(out, " · eliminated · captured %d · bonus %d\n", pl->captured,
		              pl->bonus);
		return;
	}
	qv_buf_printf(out, " · captured %d · bonus %d · covers %d · shields %d · ", pl->captured,
	              pl->bonus, pl->covers, pl->shields);
	if (viewer == QV_VIEW_ALL || viewer == p) {
		const ta_tables *T = ta_T(s);
		for (int k = 0; k < T->nkinds; k++)
			qv_buf_printf(out, "%s%c%d", k ? " " : "", T->letters[k], pl->holder[k]);
	} else {
		qv_buf_printf(out, "holder %d", ta_holder_total(pl));
	}
	qv_buf_putc(out, '\n');
}

static void put_status(qv_buf *out, const ta_state *s)
{
	char a[4], b[4];
	qv_sq_name(ta_file(s->atk_from), ta_rank(s->atk_from), a);
	qv_sq_name(ta_file(s->atk_to), ta_rank(s->atk_to), b);
	qv_buf_printf(out, "turn %d of at most %d · ", s->turns + 1, s->max_turns);
	switch (s->phase) {
	case TA_PH_OVER: qv_buf_puts(out, "the game is over\n"); return;
	case TA_PH_DEFEND:
	case TA_PH_DIE: {
		int atk = ta_attack_strength(s, s->atk_from, s->atk_to);
		int def = ta_defence_strength(s, s->atk_from, s->atk_to);
		qv_buf_printf(out, "p%d attacks %s from %s: %d against %d before the die\n",
		              s->turn + 1, b, a, atk, def);
		if (s->phase == TA_PH_DIE)
			qv_buf_puts(out, "the die is to be rolled\n");
		else
			qv_buf_printf(out, "p%d may uncover pieces, then defend\n",
			              TA_OWNER(s->cell[s->atk_to]) + 1);
		return;
	}
	case TA_PH_CAPTURE:
		qv_buf_printf(out, "p%d captured on %s: stay, or advance <facing>\n", s->turn + 1,
		              b);
		return;
	default:
		qv_buf_printf(out, "p%d to move", s->turn + 1);
		if (s->extra)
			qv_buf_printf(out, " · %d extra turn%s to come", s->extra,
			              s->extra == 1 ? "" : "s");
		if (s->terminator_placed)
			qv_buf_printf(out, " · %s only", ta_T(s)->last_plural);
		qv_buf_putc(out, '\n');
	}
}

/* A square in one line of 5 columns: " 1Y↑s", " 1?  ", "  ·  ". */
static void put_compact_square(qv_buf *out, const ta_state *s, int sq, int viewer, bool color)
{
	ta_cell c = s->cell[sq];
	if (!c) {
		qv_buf_puts(out, "  ·  ");
		return;
	}
	if (color)
		qv_buf_puts(out, owner_color[TA_OWNER(c)]);
	bool seen = sees_piece(s, sq, viewer), covered = s->covered >> sq & 1;
	char k = seen ? ta_T(s)->letters[TA_KIND(c)] : '?';
	if (seen && covered)
		k = (char)(k | 0x20);
	static const int facing_dir[4] = {QV_N, QV_E, QV_S, QV_W};
	qv_buf_printf(out, " %d%c%s%c", TA_OWNER(c) + 1, k,
	              seen ? arrow_glyph[facing_dir[TA_FACING(c)]] : " ",
	              (s->shielded >> sq & 1) ? 's' : ' ');
	if (color)
		qv_buf_puts(out, RESET);
}

/* The compact layout: one line per rank, the legend, the players, the status. */
static void render_compact(const ta_state *s, int viewer, bool color, qv_buf *out)
{
	int n = s->size;
	qv_buf_puts(out, "   ");
	for (int f = 0; f < n; f++)
		qv_buf_printf(out, "  %c  ", 'a' + f);
	qv_buf_putc(out, '\n');
	for (int r = n - 1; r >= 0; r--) {
		qv_buf_printf(out, "%2d ", r + 1);
		for (int f = 0; f < n; f++)
			put_compact_square(out, s, ta_sq(f, r), viewer, color);
		qv_buf_printf(out, " %d\n", r + 1);
	}
	qv_buf_puts(out, "   ");
	for (int f = 0; f < n; f++)
		qv_buf_printf(out, "  %c  ", 'a' + f);
	qv_buf_putc(out, '\n');
	qv_buf_puts(out,
	            "1Y↑: p1's Y facing N · 1y: covered (yours) · 1?: covered · s: shielded\n");
	for (int p = 0; p < s->nplayers; p++)
		put_player(out, s, p, viewer, color);
	put_status(out, s);
}

void ta_render_text(const void *st, int viewer, unsigned flags, qv_buf *out)
{
	bool color = flags & QV_RENDER_COLOR;
	const ta_state *s = st;
	int n = s->size;
	if (flags & QV_RENDER_COMPACT) {
		render_compact(s, viewer, color, out);
		return;
	}
	qv_buf_puts(out, "   ");
	for (int f = 0; f < n; f++)
		qv_buf_printf(out, "    %c   ", 'a' + f);
	qv_buf_putc(out, '\n');
	put_rule(out, n, "┌", "┬", "┐");
	for (int r = n - 1; r >= 0; r--) {
		for (int line = 0; line < 3; line++) {
			if (line == 1)
				qv_buf_printf(out, "%2d │", r + 1);
			else
				qv_buf_puts(out, "   │");
			for (int f = 0; f < n; f++) {
				put_square_line(out, s, ta_sq(f, r), viewer, line, color);
				qv_buf_puts(out, "│");
			}
			if (line == 1)
				qv_buf_printf(out, " %d", r + 1);
			qv_buf_putc(out, '\n');
		}
		if (r > 0)
			put_rule(out, n, "├", "┼", "┤");
	}
	put_rule(out, n, "└", "┴", "┘");
	qv_buf_puts(out, "   ");
	for (int f = 0; f < n; f++)
		qv_buf_printf(out, "    %c   ", 'a' + f);
	qv_buf_putc(out, '\n');
	qv_buf_puts(out,
	            "1Y: p1's Y (1y: covered, yours) · 1?: a covered piece of p1 · s: shielded\n");
	for (int p = 0; p < s->nplayers; p++)
		put_player(out, s, p, viewer, color);
	put_status(out, s);
}
