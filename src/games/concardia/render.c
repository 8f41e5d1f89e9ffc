/*
 * render.c - the ConCardia grid as Unicode text, per viewer. Each square is 9 columns by 4
 * lines: the card's arrows (board directions, so a p2 card shows them turned) around its
 * owner, trait and template ("1R lan" is a Rock lancer of p1) and its current Strength/Defense,
 * Charge Counters (c2) and boost (+). Below the grid: each player's points, Victory Pile,
 * Persistent Area, discard pile and hand and deck sizes; the hand's cards only to its owner.
 * The output never contains an empty line (the engine protocol ends a reply with one).
 */
#include <stdio.h>
#include <string.h>

#include "concardia.h"

static const char *const arrow_glyph[QV_NDIRS] = {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"};
static const char *const owner_color[2] = {"\033[1;31m", "\033[1;34m"};
#define RESET "\033[0m"

/* The board arrow of the card on sq in board direction d, or a blank. */
static void put_arrow(qv_buf *out, const cc_state *s, int sq, int d)
{
	const cc_cell *c = &s->grid[sq];
	if (c->card) {
		int printed = c->owner == 0 ? d : (d + 4) % 8;
		if (cc_templates[(c->card - 1) / 3].arrows >> printed & 1) {
			qv_buf_puts(out, arrow_glyph[d]);
			return;
		}
	}
	qv_buf_putc(out, ' ');
}

static void put_square_line(qv_buf *out, const cc_state *s, int sq, int line, bool color)
{
	const cc_cell *c = &s->grid[sq];
	if (c->card && color)
		qv_buf_puts(out, owner_color[c->owner]);
	if (line == 0 || line == 3) {
		int a = line == 0 ? QV_NW : QV_SW, b = line == 0 ? QV_N : QV_S,
		    d = line == 0 ? QV_NE : QV_SE;
		qv_buf_putc(out, ' ');
		put_arrow(out, s, sq, a);
		qv_buf_puts(out, "  ");
		put_arrow(out, s, sq, b);
		qv_buf_puts(out, "  ");
		put_arrow(out, s, sq, d);
		qv_buf_putc(out, ' ');
	} else if (line == 1) {
		put_arrow(out, s, sq, QV_W);
		if (c->card) {
			int card = c->card - 1;
			qv_buf_printf(out, "%d%c %s ", c->owner + 1, "RPS"[card % 3],
			              cc_templates[card / 3].code);
		} else {
			qv_buf_puts(out, "   ·   ");
		}
		put_arrow(out, s, sq, QV_E);
	} else {
		char t[32] = "";
		if (c->card) {
			char extra[8] = "";
			if (c->counters)
				snprintf(extra, sizeof extra, "c%d", c->counters);
			snprintf(t, sizeof t, " %d/%d%s%s", cc_strength(s, sq), cc_defense(s, sq),
			         c->counters ? " " : "", extra);
			if (c->boost)
				strcat(t, "+");
		}
		qv_buf_printf(out, "%-9.9s", t);
	}
	if (c->card && color)
		qv_buf_puts(out, RESET);
}

static void put_rule(qv_buf *out, const char *l, const char *m, const char *r)
{
	qv_buf_puts(out, "   ");
	qv_buf_puts(out, l);
	for (int f = 0; f < 6; f++) {
		qv_buf_puts(out, "─────────");
		qv_buf_puts(out, f == 5 ? r : m);
	}
	qv_buf_putc(out, '\n');
}

static void put_files(qv_buf *out)
{
	qv_buf_puts(out, "   ");
	for (int f = 0; f < 6; f++)
		qv_buf_printf(out, "     %c    ", 'a' + f);
	qv_buf_putc(out, '\n');
}

static void put_list(qv_buf *out, const uint8_t *cards, int n)
{
	char b[16];
	if (n == 0)
		qv_buf_puts(out, " -");
	for (int i = 0; i < n; i++) {
		cc_card_name(cards[i], b);
		qv_buf_printf(out, " %s", b);
	}
}

static void put_player(qv_buf *out, const cc_state *s, int p, int viewer, bool color)
{
	const cc_player *pl = &s->pl[p];
	char b[16];
	if (color)
		qv_buf_puts(out, owner_color[p]);
	qv_buf_printf(out, "p%d", p + 1);
	if (color)
		qv_buf_puts(out, RESET);
	qv_buf_printf(out, ": points %d · hand %d · deck %d · turns %d%s%s\n", pl->nvictory,
	              pl->nhand, pl->ndeck, pl->turns, pl->lost ? " · lost" : "",
	              p == viewer ? " · you" : "");
	qv_buf_printf(out, "  persistent:");
	if (pl->npersist == 0)
		qv_buf_puts(out, " -");
	for (int i = 0; i < pl->npersist; i++) {
		cc_card_name(pl->persist[i] - 1, b);
		qv_buf_printf(out, " %s", b);
		if (pl->pcounters[i])
			qv_buf_printf(out, " (c%d)", pl->pcounters[i]);
	}
	qv_buf_puts(out, " · victory pile:");
	put_list(out, pl->victory, pl->nvictory);
	qv_buf_puts(out, "\n  discard pile (top last):");
	put_list(out, pl->discard, pl->ndiscard);
	qv_buf_putc(out, '\n');
	if (viewer == QV_VIEW_ALL || viewer == p) {
		qv_buf_puts(out, "  hand:");
		if (pl->nhand == 0)
			qv_buf_puts(out, " -");
		for (int c = 0; c < CC_NCARDS; c++)
			for (int i = 0; i < pl->hand[c]; i++) {
				cc_card_name(c, b);
				qv_buf_printf(out, " %s", b);
			}
		if (pl->start) {
			cc_card_name(pl->start - 1, b);
			qv_buf_printf(out, " · chosen to start: %s", b);
		}
		qv_buf_putc(out, '\n');
	}
	if (viewer == QV_VIEW_ALL) {
		qv_buf_puts(out, "  deck (top first):");
		if (pl->ndeck == 0)
			qv_buf_puts(out, " -");
		for (int i = pl->ndeck - 1; i >= 0; i--) {
			cc_card_name(pl->deck[i], b);
			qv_buf_printf(out, " %s", b);
		}
		qv_buf_putc(out, '\n');
	}
}

static void put_status(qv_buf *out, const cc_state *s)
{
	char a[4], b[16];
	qv_buf_printf(out, "turn %d · target %d points · ", s->turn_no + 1, s->target);
	switch (s->phase) {
	case CC_PH_START:
		if (s->active == 0)
			qv_buf_puts(out, "p1 chooses a starting card in secret (start <card>)\n");
		else
			qv_buf_puts(
			    out,
			    "p1 has chosen; p2 chooses a starting card in secret (start <card>)\n");
		return;
	case CC_PH_COIN:
		qv_buf_puts(out, "the starting cards tie: a coin names the first player\n");
		return;
	case CC_PH_ACTION:
		qv_buf_printf(out, "p%d to move: play, persist, act, immediate or pass\n",
		              s->active + 1);
		return;
	case CC_PH_PAY:
		if (s->pend_kind == CC_PEND_SABOTAGE) {
			cc_card_name(s->pend_card - 1, b);
			qv_sq_name(s->pend_to % 6, s->pend_to / 6, a);
			qv_buf_printf(out, "p%d pays for %s against %s", s->active + 1, b, a);
		} else {
			qv_buf_printf(out, "p%d pays for a %s", s->active + 1,
			              cc_pend_names[s->pend_kind]);
		}
		qv_buf_printf(
		    out,
		    ": %d unit(s) left (discard <card>, counter <sq>, counter persistent <card>)\n",
		    s->pend_left);
		return;
	case CC_PH_REACT:
		qv_sq_name((s->react_next % CC_NSQ) % 6, (s->react_next % CC_NSQ) / 6, a);
		qv_buf_printf(
		    out,
		    "capture step: the card on %s would be captured; p%d may react (react <card> %s) or decline\n",
		    a, cc_to_move(s) + 1, a);
		return;
	default: {
		static const char *const why[] = {
		    "", "a player reached the target", "both players passed",
		    "a player had no card on the Board", "the turn cap was reached"};
		qv_buf_printf(out, "the game is over (%s)\n", why[s->ended < 5 ? s->ended : 0]);
		return;
	}
	}
}

void cc_render_text(const void *st, int viewer, unsigned flags, qv_buf *out)
{
	bool color = flags & QV_RENDER_COLOR;
	const cc_state *s = st;
	put_files(out);
	put_rule(out, "┌", "┬", "┐");
	for (int r = 5; r >= 0; r--) {
		for (int line = 0; line < 4; line++) {
			if (line == 1)
				qv_buf_printf(out, "%2d │", r + 1);
			else
				qv_buf_puts(out, "   │");
			for (int f = 0; f < 6; f++) {
				put_square_line(out, s, r * 6 + f, line, color);
				qv_buf_puts(out, "│");
			}
			if (line == 1)
				qv_buf_printf(out, " %d", r + 1);
			qv_buf_putc(out, '\n');
		}
		if (r > 0)
			put_rule(out, "├", "┼", "┤");
	}
	put_rule(out, "└", "┴", "┘");
	put_files(out);
	qv_buf_puts(
	    out,
	    "1R lan = p1's Rock lancer · 3/2 = Strength/Defense now · c2 = Charge Counters · + = boosted\n");
	for (int p = 0; p < 2; p++)
		put_player(out, s, p, viewer, color);
	put_status(out, s);
}
