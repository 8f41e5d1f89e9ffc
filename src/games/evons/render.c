/*
 * render.c - the Evons board as Unicode text, per viewer. Each cell is 12 columns by 4 lines:
 * the card's board arrows around it (`!` after an arrow that carries an ability), its
 * controller, owner and code, then element, ATK/current DEF and instance number. Heavy rules
 * (━ ┃) frame the main zone a1-e5; the ring outside them is the out zone. A covered card
 * shows `??` to everyone but its owner. Below the board: each player's credits, hand, deck,
 * mulligan, graveyard and removed cards, the viewer's own hand, the chain stack and what is
 * pending. The output never contains an empty line (the engine protocol ends a reply with
 * one).
 */
#include <stdio.h>
#include <string.h>

#include "evons.h"

static const char *const arrow_glyph[QV_NDIRS] = {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"};
static const char *const ctrl_color[2] = {"\033[1;31m", "\033[1;34m"};
#define RESET "\033[0m"

static bool sees_card(const ev_cell *x, int viewer)
{
	return !(x->flags & EV_F_COVERED) || viewer == QV_VIEW_ALL || viewer == x->owner;
}

/* The board arrow of the card on c in board direction d (2 columns), or blanks. */
static void put_arrow(qv_buf *out, const ev_state *s, int c, int d)
{
	const ev_cell *x = &s->cell[c];
	if (x->kind && !(x->flags & EV_F_COVERED)) {
		const ev_kind *k = &ev_kinds[x->kind - 1];
		int printed = ev_board_dir(x->ctrl, d);
		if (k->arrows >> printed & 1) {
			qv_buf_puts(out, arrow_glyph[d]);
			qv_buf_putc(out, k->ability[printed] ? '!' : ' ');
			return;
		}
	}
	qv_buf_puts(out, "  ");
}

static void put_cell_line(qv_buf *out, const ev_state *s, int c, int line, int viewer, bool color)
{
	const ev_cell *x = &s->cell[c];
	if (x->kind && color)
		qv_buf_puts(out, ctrl_color[x->ctrl]);
	if (line == 0 || line == 3) {
		int a = line == 0 ? QV_NW : QV_SW, b = line == 0 ? QV_N : QV_S,
		    d = line == 0 ? QV_NE : QV_SE;
		qv_buf_putc(out, ' ');
		put_arrow(out, s, c, a);
		qv_buf_puts(out, "  ");
		put_arrow(out, s, c, b);
		qv_buf_puts(out, "  ");
		put_arrow(out, s, c, d);
		qv_buf_putc(out, ' ');
	} else if (line == 1) {
		char t[16];
		put_arrow(out, s, c, QV_W);
		if (!x->kind) {
			snprintf(t, sizeof t, "%s", ev_in_main(c) ? "   ·    " : "  out   ");
		} else {
			const char *code = sees_card(x, viewer) ? ev_kinds[x->kind - 1].code : "??";
			snprintf(t, sizeof t, "%d%c%-6.6s", x->ctrl + 1,
			         x->owner != x->ctrl         ? '*'
			         : (x->flags & EV_F_COVERED) ? '?'
			                                     : ' ',
			         code);
		}
		qv_buf_puts(out, t);
		put_arrow(out, s, c, QV_E);
	} else {
		char t[32] = "";
		if (x->kind) {
			const ev_kind *k = &ev_kinds[x->kind - 1];
			char stats[16] = "";
			if (ev_is_block(x->kind - 1))
				snprintf(stats, sizeof stats, "%s blk",
				         ev_element_codes[k->element]);
			else if (sees_card(x, viewer))
				snprintf(stats, sizeof stats, "%s %d/%d",
				         ev_element_codes[k->element], k->atk, ev_cur_def(s, c));
			snprintf(t, sizeof t, "%s%s#%d", stats, stats[0] ? " " : "", x->inst);
			if (x->flags & EV_F_GROWTH)
				strcat(t, " G");
		}
		qv_buf_printf(out, "%-12.12s", t);
	}
	if (x->kind && color)
		qv_buf_puts(out, RESET);
}

static const char *vbar(int col, int row)
{
	return (col == 1 || col == 6) && row >= 1 && row <= 5 ? "┃" : "│";
}

/* The rule above row `row` (row 7: the top edge, row 0 is followed by the bottom edge). */
static void put_rule(qv_buf *out, int above)
{
	qv_buf_puts(out, "   ");
	for (int col = 0; col < EV_SIDE; col++) {
		if (col == 0)
			qv_buf_puts(out, above == 7 ? "┌" : above < 0 ? "└" : "├");
		else
			qv_buf_puts(out, above == 7 ? "┬" : above < 0 ? "┴" : "┼");
		bool heavy = col >= 1 && col <= 5 && (above == 6 || above == 1);
		for (int i = 0; i < 12; i++)
			qv_buf_puts(out, heavy ? "━" : "─");
	}
	qv_buf_puts(out, above == 7 ? "┐" : above < 0 ? "┘" : "┤");
	qv_buf_putc(out, '\n');
}

static void put_columns(qv_buf *out)
{
	static const char cols[] = "xabcdey";
	qv_buf_puts(out, "   ");
	for (int col = 0; col < EV_SIDE; col++)
		qv_buf_printf(out, "      %c      ", cols[col]);
	qv_buf_putc(out, '\n');
}

static void put_list(qv_buf *out, const uint8_t *list, int n)
{
	if (n == 0)
		qv_buf_puts(out, " -");
	for (int i = 0; i < n; i++)
		qv_buf_printf(out, " %s", ev_kinds[list[i]].id);
}

static void put_player(qv_buf *out, const ev_state *s, int p, int viewer, bool color)
{
	const ev_player *pl = &s->pl[p];
	int sc[2];
	ev_scores(s, sc);
	if (color)
		qv_buf_puts(out, ctrl_color[p]);
	qv_buf_printf(out, "p%d", p + 1);
	if (color)
		qv_buf_puts(out, RESET);
	qv_buf_printf(out, ": score %d · credits %d · hand %d · deck %d · ", sc[p], pl->credits,
	              pl->nhand, pl->ndeck);
	if (pl->mull < 0)
		qv_buf_puts(out, "mulligan not decided");
	else if (pl->mull == 0)
		qv_buf_puts(out, "kept the first hand");
	else
		qv_buf_printf(out, "mulliganed %d card%s", pl->mull, pl->mull == 1 ? "" : "s");
	qv_buf_puts(out, p == viewer ? " · you\n" : "\n");
	qv_buf_puts(out, "  graveyard:");
	put_list(out, pl->grave, pl->ngrave);
	qv_buf_puts(out, " · removed:");
	put_list(out, pl->removed, pl->nremoved);
	qv_buf_putc(out, '\n');
	if (viewer == QV_VIEW_ALL || viewer == p) {
		qv_buf_puts(out, "  hand:");
		if (pl->nhand == 0)
			qv_buf_puts(out, " -");
		for (int k = 0; k < EV_NKINDS; k++)
			for (int i = 0; i < pl->hand[k]; i++)
				qv_buf_printf(out, " %s", ev_kinds[k].id);
		qv_buf_putc(out, '\n');
	}
	if (viewer == QV_VIEW_ALL) {
		qv_buf_puts(out, "  deck (top first):");
		if (pl->ndeck == 0)
			qv_buf_puts(out, " -");
		for (int i = pl->ndeck - 1; i >= 0; i--)
			qv_buf_printf(out, " %s", ev_kinds[pl->deck[i]].id);
		qv_buf_putc(out, '\n');
	}
}

static void put_stack(qv_buf *out, const ev_state *s)
{
	if (s->nstack == 0)
		return;
	qv_buf_puts(out, "chain stack (top first):\n");
	for (int i = s->nstack - 1; i >= 0; i--) {
		const ev_entry *e = &s->stack[i];
		int c = ev_find_cell_of(s, e->inst);
		char b[4];
		ev_cell_name(c, b);
		qv_buf_printf(out, "  #%d %s on %s: %s", e->inst,
		              c >= 0 ? ev_kinds[s->cell[c].kind - 1].id : "?", b,
		              e->step == EV_ST_ABILITY1   ? "Ability Phase 1"
		              : e->step == EV_ST_ABILITY2 ? "Ability Phase 2"
		                                          : "conflicts");
		if (e->used) {
			qv_buf_puts(out, " · used");
			for (int printed = 0; printed < QV_NDIRS; printed++)
				if (e->used >> printed & 1)
					qv_buf_printf(
					    out, " %s",
					    qv_dir_names[ev_board_dir(s->active, printed)]);
		}
		if (e->spent)
			qv_buf_printf(out, " · resurrection cost spent %d", e->spent);
		if (e->conflicts) {
			qv_buf_puts(out, " · conflicts left:");
			for (int t = 0; t < EV_NCELLS; t++)
				if (e->conflicts >> t & 1) {
					ev_cell_name(t, b);
					qv_buf_printf(out, " %s", b);
				}
		}
		if (e->burn_left) {
			ev_cell_name(e->burn_center, b);
			qv_buf_printf(out, " · Firestorm around %s: %d point%s left", b,
			              e->burn_left, e->burn_left == 1 ? "" : "s");
		}
		qv_buf_putc(out, '\n');
	}
}

static void put_status(qv_buf *out, const ev_state *s)
{
	int p = s->active + 1;
	qv_buf_printf(out, "turn %d of at most %d · idle ends %d · ", s->turn_no + 1, s->max_turns,
	              s->idle);
	switch (s->phase) {
	case EV_PH_MULLIGAN:
		qv_buf_printf(out, "p%d keeps or mulligans (keep, mulligan <card>...)\n", p);
		return;
	case EV_PH_COIN: qv_buf_puts(out, "a coin picks the first player\n"); return;
	case EV_PH_MAIN:
		if (s->played)
			qv_buf_printf(out, "p%d has made the hand play: end\n", p);
		else
			qv_buf_printf(out,
			              "p%d to move: play <card> <cell>, cover <card> <cell>, "
			              "reveal <cell> or end\n",
			              p);
		return;
	case EV_PH_CHAIN: {
		const ev_entry *e = &s->stack[s->nstack - 1];
		char b[4];
		ev_cell_name(ev_find_cell_of(s, e->inst), b);
		if (e->burn_left)
			qv_buf_printf(out, "p%d deals Firestorm points from %s: burn <cell>\n", p,
			              b);
		else if (e->step == EV_ST_CONFLICTS)
			qv_buf_printf(out, "p%d picks the next conflict of %s: conflict <cell>\n",
			              p, b);
		else
			qv_buf_printf(out,
			              "p%d: the card on %s is in Ability Phase %d (ability <dir> "
			              "[args] or next)\n",
			              p, b, e->step == EV_ST_ABILITY1 ? 1 : 2);
		return;
	}
	default: {
		static const char *const why[EV_NENDS] = {
		    "", "the main zone is full", "two consecutive ends without a hand play",
		    "the turn cap was reached"};
		qv_buf_printf(out, "the game is over (%s)\n", why[s->ended % EV_NENDS]);
		return;
	}
	}
}

void ev_render_text(const void *st, int viewer, unsigned flags, qv_buf *out)
{
	bool color = flags & QV_RENDER_COLOR;
	const ev_state *s = st;
	put_columns(out);
	put_rule(out, 7);
	for (int row = EV_SIDE - 1; row >= 0; row--) {
		for (int line = 0; line < 4; line++) {
			if (line == 1)
				qv_buf_printf(out, "%2d ", row);
			else
				qv_buf_puts(out, "   ");
			for (int col = 0; col < EV_SIDE; col++) {
				qv_buf_puts(out, vbar(col, row));
				put_cell_line(out, s, row * EV_SIDE + col, line, viewer, color);
			}
			qv_buf_puts(out, "│");
			if (line == 1)
				qv_buf_printf(out, " %d", row);
			qv_buf_putc(out, '\n');
		}
		put_rule(out, row > 0 ? row : -1);
	}
	put_columns(out);
	qv_buf_puts(out,
	            "legend: 1cinder = p1 controls it (1*: owned by the other player, 1?: "
	            "covered, ?? = identity hidden) · Fi 2/2 = element, ATK/current DEF\n"
	            "        #3 = instance · G = Growth-placed · ↑! = ability arrow · ┃━ frame "
	            "the main zone a1-e5, outside is the out zone\n");
	for (int p = 0; p < 2; p++)
		put_player(out, s, p, viewer, color);
	put_stack(out, s);
	put_status(out, s);
}
