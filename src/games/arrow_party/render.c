/*
 * render.c - the Arrow Party play area as text, per viewer. Each cell is two characters: a
 * player's seat number (the lowest seat when several stand there) then the ground card (`*`
 * star, `x` skull, `?` a face-down item, `.` nothing; `+` when several players share the
 * cell), with a frame of column letters and row numbers. Below it each player's public
 * information, and the viewer's own hand; another player's hand shows only what the viewer
 * knows of it, and an uncommitted or unrevealed choice only whether it is made. The output
 * never contains an empty line (the engine protocol ends a reply with one).
 */
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"

static const char *const seat_color[QV_MAX_PLAYERS] = {"\033[1;31m", "\033[1;34m", "\033[1;32m",
                                                       "\033[1;35m", "\033[1;36m"};
#define RESET "\033[0m"

static void put_frame(qv_buf *out, int size)
{
	qv_buf_puts(out, "   ");
	for (int x = 0; x < size; x++)
		qv_buf_printf(out, " %c", 'a' + x);
	qv_buf_putc(out, '\n');
}

static void put_grid(const ap_state *s, bool color, qv_buf *out)
{
	int sz = s->size;
	put_frame(out, sz);
	for (int y = sz - 1; y >= 0; y--) {
		qv_buf_printf(out, "%2d ", y + 1);
		for (int x = 0; x < sz; x++) {
			int cell = y * sz + x, first = -1, many = 0;
			for (int p = 0; p < s->nplayers; p++)
				if (s->pl[p].pos == cell) {
					if (first < 0)
						first = p;
					many++;
				}
			int g = s->ground[cell];
			char gc = g == AP_G_STAR ? '*' : g == AP_G_SKULL ? 'x' : g ? '?' : '.';
			if (first >= 0) {
				if (color)
					qv_buf_puts(out, seat_color[first]);
				qv_buf_putc(out, (char)('1' + first));
				if (color)
					qv_buf_puts(out, RESET);
				qv_buf_putc(out, many > 1 ? '+' : gc);
			} else {
				qv_buf_putc(out, ' ');
				qv_buf_putc(out, gc);
			}
		}
		qv_buf_printf(out, " %d\n", y + 1);
	}
	put_frame(out, sz);
}

static void put_own_hand(const ap_state *s, int p, qv_buf *out)
{
	const ap_player *pl = &s->pl[p];
	char c[12];
	qv_buf_puts(out, "    arrows:");
	for (int i = 0; i < pl->nhand; i++) {
		int card = pl->hand[i].card;
		if (ap_is_item(card))
			continue;
		ap_card_name(card, c);
		qv_buf_printf(out, " %s(%s)", c, ap_arrow_text[card]);
	}
	qv_buf_puts(out, "\n    items:");
	int nitems = 0;
	for (int i = 0; i < pl->nhand; i++) {
		int card = pl->hand[i].card, know = pl->hand[i].know;
		if (!ap_is_item(card))
			continue;
		nitems++;
		ap_card_name(card, c);
		qv_buf_printf(out, " %s", c);
		if (know & AP_PUBLIC)
			qv_buf_puts(out, "[public]");
		else if (know & ~(1 << p)) {
			qv_buf_puts(out, "[known to");
			for (int w = 0; w < s->nplayers; w++)
				if (w != p && (know >> w & 1))
					qv_buf_printf(out, " p%d", w + 1);
			qv_buf_putc(out, ']');
		}
	}
	if (!nitems)
		qv_buf_puts(out, " none");
	qv_buf_putc(out, '\n');
}

/* What the viewer may know of another player's hand: arrow values, named items, a count. */
static void put_other_hand(const ap_state *s, int p, int viewer, qv_buf *out)
{
	const ap_player *pl = &s->pl[p];
	char c[12];
	int unknown = 0;
	qv_buf_puts(out, "    arrow values:");
	for (int i = 0; i < pl->nhand; i++)
		if (!ap_is_item(pl->hand[i].card))
			qv_buf_printf(out, " %d", ap_value(pl->hand[i].card));
	qv_buf_puts(out, " · items known:");
	bool any = false;
	for (int i = 0; i < pl->nhand; i++) {
		if (!ap_is_item(pl->hand[i].card))
			continue;
		if (ap_knows(pl->hand[i].know, viewer)) {
			ap_card_name(pl->hand[i].card, c);
			qv_buf_printf(out, " %s", c);
			any = true;
		} else {
			unknown++;
		}
	}
	qv_buf_printf(out, "%s · unknown items %d\n", any ? "" : " none", unknown);
}

static void put_round_info(const ap_state *s, int p, int viewer, qv_buf *out)
{
	const ap_player *pl = &s->pl[p];
	char c[12], u[32];
	bool hidden = ap_hidden_commit(s, p, viewer);
	if (s->phase == AP_PH_ITEMS) {
		if (hidden) {
			qv_buf_printf(out, "    items: %s\n",
			              p < s->active    ? "ready (hidden)"
			              : p == s->active ? "choosing"
			                               : "waiting");
			return;
		}
		qv_buf_puts(out, p < s->active ? "    items (ready):" : "    items so far:");
	} else if (s->phase != AP_PH_OVER) {
		qv_buf_puts(out, "    used:");
	}
	if (s->phase != AP_PH_OVER) {
		bool any = false;
		for (int k = 0; k < AP_NKINDS; k++)
			if (ap_used(pl, k)) {
				ap_use_text(pl, k, u, sizeof u);
				qv_buf_printf(out, "%s%s", any ? ", " : " ", u);
				any = true;
			}
		qv_buf_printf(out, "%s\n", any ? "" : " none");
	}
	if (s->phase < AP_PH_THROW || s->phase == AP_PH_OVER)
		return;
	if (pl->skip) {
		qv_buf_puts(out, "    no arrow card: does not throw or walk this round\n");
		return;
	}
	if (s->phase == AP_PH_THROW) {
		if (hidden)
			qv_buf_printf(out, "    throw: %s\n",
			              ap_committed(s, p) ? "committed (hidden)" : "not yet");
		else if (pl->throw_card) {
			ap_card_name(pl->throw_card - 1, c);
			qv_buf_printf(out, "    throw: %s (not revealed yet)\n", c);
		} else {
			qv_buf_puts(out, "    throw: not yet\n");
		}
		return;
	}
	ap_card_name(pl->throw_card - 1, c);
	qv_buf_printf(out, "    thrown: %s", c);
	if (pl->land) {
		qv_buf_printf(out, " landed turned %d (arrows:", pl->land - 1);
		int m = ap_arrow_dirs(s, p);
		for (int d = 0; d < QV_NDIRS; d++)
			if (m >> d & 1)
				qv_buf_printf(out, " %s", qv_dir_names[d]);
		qv_buf_putc(out, ')');
	}
	if (pl->roll)
		qv_buf_printf(out, " · roll %d", pl->roll);
	if (s->phase == AP_PH_GO) {
		if (hidden)
			qv_buf_printf(out, " · go: %s",
			              ap_committed(s, p) ? "committed (hidden)" : "not yet");
		else if (pl->go)
			qv_buf_printf(out, " · go %s (not revealed yet)", qv_dir_names[pl->go - 1]);
	} else if (s->phase == AP_PH_WALK && pl->go) {
		qv_buf_printf(out, " · go %s · steps left %d", qv_dir_names[pl->go - 1], pl->steps);
	}
	qv_buf_putc(out, '\n');
}

static const char *const phase_text[AP_NPHASES] = {
    "items (secret: use <item> ..., then ready)",
    "a swap takes a card at random (chance: take <item>)",
    "a draw picks a stack (chance: stack <value>)",
    "throw (secret: throw <card>)",
    "cards land (chance: land <k>)",
    "rolls (chance: roll <n>)",
    "direction (secret: go <dir>)",
    "walk: a bump gives items (chance: give <item|none> <item|none>)",
    "game over",
};

void ap_render_text(const void *st, int viewer, unsigned flags, qv_buf *out)
{
	bool color = flags & QV_RENDER_COLOR;
	const ap_state *s = st;
	char c[8];
	put_grid(s, color, out);
	qv_buf_puts(out, "legend: 1-5 players · * star (+10) · x skull (-15) · ? face-down item · "
	                 "+ several players\n");
	for (int p = 0; p < s->nplayers; p++) {
		const ap_player *pl = &s->pl[p];
		ap_cell_name(s, pl->pos, c);
		qv_buf_printf(out, "p%d: %s · d%d · stars %d · skulls %d · hand %d", p + 1, c,
		              ap_die_faces[pl->die], pl->stars, pl->skulls, pl->nhand);
		if (viewer == p || viewer == QV_VIEW_ALL)
			qv_buf_printf(out, " · score %d", ap_score_of(s, p));
		qv_buf_putc(out, '\n');
		if (viewer == p || viewer == QV_VIEW_ALL)
			put_own_hand(s, p, out);
		else
			put_other_hand(s, p, viewer, out);
		put_round_info(s, p, viewer, out);
	}
	qv_buf_printf(out, "stacks:");
	for (int v = 0; v < AP_NVALUES; v++)
		qv_buf_printf(out, " %d:%d", v + 1, s->nstack[v]);
	qv_buf_puts(out, " cards · used items:");
	int used = 0;
	for (int k = 0; k < AP_NKINDS; k++)
		used += s->idisc[k];
	qv_buf_printf(out, " %d\n", used);
	/* face-down items: every one for the referee, else those an explicit ground made known */
	bool listed = false;
	for (int cell = 0; cell < s->size * s->size; cell++) {
		int g = s->ground[cell];
		if (g < AP_G_ITEM || !(viewer == QV_VIEW_ALL || (g & AP_G_KNOWN)))
			continue;
		char n[12];
		ap_cell_name(s, cell, c);
		ap_card_name(AP_NARROWS + (g & ~AP_G_KNOWN) - AP_G_ITEM, n);
		if (!listed)
			qv_buf_puts(out, viewer == QV_VIEW_ALL ? "face-down items:"
			                                       : "face-down items known to all:");
		qv_buf_printf(out, " %s:%s", c, n);
		listed = true;
	}
	if (listed)
		qv_buf_putc(out, '\n');
	int who = ap_to_move(s);
	qv_buf_printf(out, "round %d of %d · %s", s->round, s->rounds, phase_text[s->phase]);
	if (who >= 0)
		qv_buf_printf(out, " · p%d to decide", who + 1);
	else if (who == QV_CHANCE && s->phase != AP_PH_WALK)
		qv_buf_printf(out, " · for p%d", s->active + 1);
	qv_buf_putc(out, '\n');
}
