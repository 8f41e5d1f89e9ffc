/*
 * render.c - the Evons board as Unicode text, per viewer, in two layouts that fit 80 columns.
 *
 * Arrows are drawn in board directions, a single arrow (↑) for a plain one and a double arrow
 * (⇑) for one that carries an ability. A covered card shows its controller and `???` to
 * everyone but its owner. Heavy rules (┃ ━) frame the main zone a1-e5; the ring outside them
 * is the out zone.
 *
 * The full layout (75 columns, about 60 rows): each cell 9 columns by 4 lines, the card's
 * arrows around its controller, owner mark and code, its element and ATK/current DEF. Below:
 * a legend, each player's score, credits, hand, deck, mulligan, graveyard and removed cards,
 * the viewer's own hand with each card's element, ATK/DEF, cost, arrows (as they would point
 * for that player) and abilities, the referee's deck order, the chain stack and what is
 * pending.
 *
 * The compact layout (80 columns, 17 rows, for a 24-row terminal): each cell 7 columns by 2
 * lines, the controller, marks and the first four letters of the full layout's code (`coil`,
 * `ward` for warden), then ATK/current DEF and the arrows; a panel on the right with both players'
 * numbers and the viewer's hand with ATK/DEF and cost; under the board the chain stack (or a
 * legend) and what is pending.
 *
 * The output never contains an empty line (the engine protocol ends a reply with one).
 */
#include <stdio.h>
#include <string.h>

#include "core/fmt.h"
#include "evons.h"

static const char *const arrow_glyph[2][QV_NDIRS] = {
    {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"}, /* plain */
    {"⇑", "⇗", "⇒", "⇘", "⇓", "⇙", "⇐", "⇖"}, /* carrying an ability */
};
static const char *const ctrl_color[2] = {"\033[1;31m", "\033[1;34m"};
#define RESET "\033[0m"

static const char col_letters[] = "xabcdey";

static const char *const why_over[EV_NENDS] = {"", "the main zone is full",
                                               "two ends in a row without a hand play",
                                               "the turn cap was reached"};

/* ---- small helpers ---- */

static bool sees_card(const ev_cell *x, int viewer)
{
	return !(x->flags & EV_F_COVERED) || viewer == QV_VIEW_ALL || viewer == x->owner;
}

/* The glyph of the arrow in board direction d of a kind lying for controller ctrl, or NULL
 * when it has none there. */
static const char *arrow_of(const ev_tables *T, int kind, int ctrl, int d)
{
	int printed = ev_board_dir(ctrl, d);
	if (!(T->kind[kind].arrows >> printed & 1))
		return NULL;
	return arrow_glyph[T->kind[kind].ability[printed] != 0][d];
}

/* The arrow of the card on c in board direction d (one column), or a blank. */
static const char *cell_arrow(const ev_state *s, int c, int d)
{
	const ev_cell *x = &s->cell[c];
	if (!x->kind || (x->flags & EV_F_COVERED))
		return " ";
	const char *g = arrow_of(ev_T(s), x->kind - 1, x->ctrl, d);
	return g ? g : " ";
}

/* The arrows of a kind for controller ctrl in board order clockwise from N, padded with
 * blanks to `width` columns. */
static void put_arrow_strip(const ev_tables *T, qv_buf *out, int kind, int ctrl, int width)
{
	int n = 0, have = __builtin_popcount(T->kind[kind].arrows);
	for (int d = 0; d < QV_NDIRS; d++) {
		const char *g = arrow_of(T, kind, ctrl, d);
		if (g && have > width && n == width - 1) {
			qv_buf_putc(out,
			            '+'); /* more arrows than fit: the full layout shows them */
			n++;
			break;
		}
		if (g) {
			qv_buf_puts(out, g);
			n++;
		}
	}
	for (; n < width; n++)
		qv_buf_putc(out, ' ');
}

/* The ability names of a kind, "Magnetism" or "Shockwave" (each once), into buf. */
static void abilities_of(const ev_tables *T, int kind, char *buf, size_t len)
{
	size_t at = 0;
	bool said[EV_NABILITIES] = {false};
	buf[0] = '\0';
	for (int d = 0; d < QV_NDIRS && at < len; d++) {
		int ab = T->kind[kind].ability[d];
		if ((T->kind[kind].arrows >> d & 1) && ab && !said[ab]) {
			said[ab] = true;
			at += (size_t)qv_fmt(buf + at, len - at, "%s%s", at ? ", " : "",
			                     ev_ability_names[ab]);
		}
	}
}

/* Appends words (separated by single blanks) wrapped at 78 columns: the first line starts
 * with `head`, the others with `indent` blanks. */
static void put_words(qv_buf *out, const char *head, const char *words, int indent)
{
	qv_buf_puts(out, head);
	int col = (int)strlen(head);
	const char *p = words;
	bool first = true;
	while (*p) {
		size_t n = strcspn(p, " ");
		if (!first && col + 1 + (int)n > 78) {
			qv_buf_printf(out, "\n%*s", indent, "");
			col = indent;
			first = true;
		}
		if (!first) {
			qv_buf_putc(out, ' ');
			col++;
		}
		qv_buf_printf(out, "%.*s", (int)n, p);
		col += (int)n;
		first = false;
		p += n;
		while (*p == ' ')
			p++;
	}
	qv_buf_putc(out, '\n');
}

/* A list of card ids as words ("-" when empty) into b. */
static void list_words(const ev_tables *T, qv_buf *b, const uint8_t *list, int n, bool reverse)
{
	if (n == 0)
		qv_buf_puts(b, "-");
	for (int i = 0; i < n; i++)
		qv_buf_printf(b, "%s%s", i ? " " : "", T->kind[list[reverse ? n - 1 - i : i]].id);
}

/* What the player to move is asked now, as a short clause, into buf. */
static void pending(const ev_state *s, char *buf, size_t len)
{
	const ev_tables *T = ev_T(s);
	int p = s->active + 1;
	switch (s->phase) {
	case EV_PH_MULLIGAN:
		qv_fmt(buf, len, "p%d keeps or mulligans: keep or mulligan <card>...", p);
		return;
	case EV_PH_COIN: qv_fmt(buf, len, "a coin picks the first player"); return;
	case EV_PH_MAIN:
		if (s->played)
			qv_fmt(buf, len, "p%d has made the hand play: end", p);
		else
			qv_fmt(buf, len, "p%d: play|cover <card> <cell>, reveal <cell> or end", p);
		return;
	case EV_PH_CHAIN: {
		const ev_entry *e = &s->stack[s->nstack - 1];
		int c = ev_find_cell_of(s, e->inst);
		char b[4];
		ev_cell_name(c, b);
		const char *id = c >= 0 ? T->kind[s->cell[c].kind - 1].id : "?";
		if (e->burn_left)
			qv_fmt(buf, len, "p%d: %s on %s deals %d Firestorm point%s: burn <cell>", p,
			       id, b, e->burn_left, e->burn_left == 1 ? "" : "s");
		else if (e->step == EV_ST_CONFLICTS)
			qv_fmt(buf, len, "p%d: %s on %s picks its next conflict: conflict <cell>",
			       p, id, b);
		else
			qv_fmt(buf, len, "p%d: %s on %s, Ability Phase %d: ability <dir> or next",
			       p, id, b, e->step == EV_ST_ABILITY1 ? 1 : 2);
		return;
	}
	default: {
		int sc[2];
		ev_scores(s, sc);
		if (sc[0] == sc[1])
			qv_fmt(buf, len, "game over (%s): a draw, %d to %d",
			       why_over[s->ended % EV_NENDS], sc[0], sc[1]);
		else
			qv_fmt(buf, len, "game over (%s): p%d wins, %d to %d",
			       why_over[s->ended % EV_NENDS], sc[0] > sc[1] ? 1 : 2,
			       sc[0] > sc[1] ? sc[0] : sc[1], sc[0] > sc[1] ? sc[1] : sc[0]);
		return;
	}
	}
}

/* One stack entry as words: in full "#1 storm-coil on b4: Ability Phase 1 · used N"
 * (instance, card, cell, step, abilities used, resurrections' cost, conflicts left,
 * Firestorm points left), brief "b4 storm-coil phase 1". */
static void entry_text(const ev_state *s, const ev_entry *e, bool brief, qv_buf *b)
{
	const ev_tables *T = ev_T(s);
	int c = ev_find_cell_of(s, e->inst);
	char cn[4];
	ev_cell_name(c, cn);
	const char *id = c >= 0 ? T->kind[s->cell[c].kind - 1].id : "?";
	if (brief) {
		qv_buf_printf(b, "%s %s ", cn, id);
		if (e->burn_left)
			qv_buf_printf(b, "burn %d", e->burn_left);
		else if (e->step == EV_ST_CONFLICTS)
			qv_buf_puts(b, "conflicts");
		else
			qv_buf_printf(b, "phase %d", e->step == EV_ST_ABILITY1 ? 1 : 2);
		return;
	}
	qv_buf_printf(b, "#%d %s on %s: %s", e->inst, id, cn,
	              e->step == EV_ST_ABILITY1   ? "Ability Phase 1"
	              : e->step == EV_ST_ABILITY2 ? "Ability Phase 2"
	                                          : "conflicts");
	if (e->used) {
		qv_buf_puts(b, " · used");
		for (int printed = 0; printed < QV_NDIRS; printed++)
			if (e->used >> printed & 1)
				qv_buf_printf(b, " %s",
				              qv_dir_names[ev_board_dir(s->active, printed)]);
	}
	if (e->spent)
		qv_buf_printf(b, " · resurrection cost spent %d", e->spent);
	if (e->conflicts) {
		qv_buf_puts(b, " · conflicts left:");
		for (int t = 0; t < EV_NCELLS; t++)
			if (e->conflicts >> t & 1) {
				ev_cell_name(t, cn);
				qv_buf_printf(b, " %s", cn);
			}
	}
	if (e->burn_left) {
		ev_cell_name(e->burn_center, cn);
		qv_buf_printf(b, " · Firestorm around %s: %d point%s left", cn, e->burn_left,
		              e->burn_left == 1 ? "" : "s");
	}
}

/* The hand of p in card-table order, one entry per kind: its count, then kind. */
static int hand_kinds(const ev_tables *T, const ev_player *pl, int *kinds)
{
	int n = 0;
	for (int k = 0; k < T->nkinds; k++)
		if (pl->hand[k])
			kinds[n++] = k;
	return n;
}

/* ---- the full layout ---- */

static const char *vbar(int col, int row)
{
	return (col == 1 || col == 6) && row >= 1 && row <= 5 ? "┃" : "│";
}

/* The rule above row `above` (7: the top edge; -1: the bottom edge). */
static void full_rule(qv_buf *out, int above)
{
	qv_buf_puts(out, "  ");
	for (int col = 0; col < EV_SIDE; col++) {
		if (col == 0)
			qv_buf_puts(out, above == 7 ? "┌" : above < 0 ? "└" : "├");
		else
			qv_buf_puts(out, above == 7 ? "┬" : above < 0 ? "┴" : "┼");
		bool heavy = col >= 1 && col <= 5 && (above == 6 || above == 1);
		for (int i = 0; i < 9; i++)
			qv_buf_puts(out, heavy ? "━" : "─");
	}
	qv_buf_puts(out, above == 7 ? "┐" : above < 0 ? "┘" : "┤");
	qv_buf_putc(out, '\n');
}

static void full_columns(qv_buf *out)
{
	qv_buf_puts(out, "  ");
	for (int col = 0; col < EV_SIDE; col++)
		qv_buf_printf(out, "     %c    ", col_letters[col]);
	qv_buf_putc(out, '\n');
}

/* Line `line` (0-3) of the cell c, 9 columns. */
static void full_cell_line(qv_buf *out, const ev_state *s, int c, int line, int viewer, bool color)
{
	const ev_tables *T = ev_T(s);
	const ev_cell *x = &s->cell[c];
	int k = x->kind - 1;
	if (x->kind && color)
		qv_buf_puts(out, ctrl_color[x->ctrl]);
	if (line == 0 || line == 3) {
		int a = line == 0 ? QV_NW : QV_SW, b = line == 0 ? QV_N : QV_S,
		    d = line == 0 ? QV_NE : QV_SE;
		qv_buf_printf(out, " %s  %s  %s ", cell_arrow(s, c, a), cell_arrow(s, c, b),
		              cell_arrow(s, c, d));
	} else if (line == 1) {
		if (!x->kind)
			qv_buf_puts(out, ev_in_main(c) ? "    ·    " : "   out   ");
		else if (ev_is_block(T, k))
			qv_buf_printf(out, " %d BLOCK ", x->ctrl + 1);
		else
			qv_buf_printf(out, " %d%c%-6s", x->ctrl + 1,
			              x->owner != x->ctrl         ? '*'
			              : (x->flags & EV_F_COVERED) ? '?'
			                                          : ' ',
			              sees_card(x, viewer) ? T->kind[k].code : "??");
	} else {
		char mid[16] = "";
		if (x->kind && ev_is_block(T, k))
			qv_copy(mid, sizeof mid, ev_element_codes[T->kind[k].element]);
		else if (x->kind && sees_card(x, viewer))
			qv_fmt(mid, sizeof mid, "%s %d/%d", ev_element_codes[T->kind[k].element],
			       T->kind[k].atk, ev_cur_def(s, c));
		bool growth = x->flags & EV_F_GROWTH;
		qv_buf_printf(out, "%s%-6s%s%s", cell_arrow(s, c, QV_W), mid, growth ? "G" : " ",
		              cell_arrow(s, c, QV_E));
	}
	if (x->kind && color)
		qv_buf_puts(out, RESET);
}

/* The cards of a hand with what a player needs to choose among them. */
static void full_hand(const ev_tables *T, qv_buf *out, const ev_player *pl, int p)
{
	int kinds[EV_MAX_KINDS], n = hand_kinds(T, pl, kinds);
	qv_buf ids = {0};
	for (int i = 0; i < n; i++)
		for (int j = 0; j < pl->hand[kinds[i]]; j++)
			qv_buf_printf(&ids, "%s%s", ids.len ? " " : "", T->kind[kinds[i]].id);
	put_words(out, "  hand: ", n ? qv_buf_str(&ids) : "-", 4);
	qv_buf_free(&ids);
	for (int i = 0; i < n; i++) {
		int k = kinds[i];
		char name[32];
		if (pl->hand[k] > 1)
			qv_fmt(name, sizeof name, "%s ×%d", T->kind[k].id, pl->hand[k]);
		else
			qv_copy(name, sizeof name, T->kind[k].id);
		if (ev_is_block(T, k)) {
			qv_buf_printf(out, "    %-*s %s block, for a Block ability\n",
			              pl->hand[k] > 1 ? 19 : 18, name,
			              ev_element_names[T->kind[k].element]);
			continue;
		}
		char abil[128], head[64];
		abilities_of(T, k, abil, sizeof abil);
		int cols =
		    qv_fmt(head, sizeof head, "    %-*s %s %d/%d cost %2d  ",
		           pl->hand[k] > 1 ? 19 : 18, name, ev_element_codes[T->kind[k].element],
		           T->kind[k].atk, T->kind[k].def, T->kind[k].cost);
		cols -= pl->hand[k] > 1; /* '×' is two bytes in one column */
		qv_buf_puts(out, head);
		put_arrow_strip(T, out, k, p, 4);
		/* the abilities in what the line has left (a variant's card may carry all eight) */
		int room = 80 - cols - 4 - 1;
		if ((int)strlen(abil) > room && room > 1) {
			abil[room - 1] = '\0';
			qv_buf_printf(out, " %s…\n", abil);
		} else {
			qv_buf_printf(out, " %s\n", abil);
		}
	}
}

static void full_player(qv_buf *out, const ev_state *s, int p, int viewer, bool color)
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
	qv_buf b = {0};
	list_words(ev_T(s), &b, pl->grave, pl->ngrave, false);
	qv_buf_puts(&b, " · removed: ");
	list_words(ev_T(s), &b, pl->removed, pl->nremoved, false);
	put_words(out, "  graveyard: ", qv_buf_str(&b), 4);
	if (viewer == QV_VIEW_ALL || viewer == p)
		full_hand(ev_T(s), out, pl, p);
	if (viewer == QV_VIEW_ALL) {
		qv_buf_clear(&b);
		list_words(ev_T(s), &b, pl->deck, pl->ndeck, true);
		put_words(out, "  deck (top first): ", qv_buf_str(&b), 4);
	}
	qv_buf_free(&b);
}

static void render_full(const ev_state *s, int viewer, bool color, qv_buf *out)
{
	full_columns(out);
	full_rule(out, 7);
	for (int row = EV_SIDE - 1; row >= 0; row--) {
		for (int line = 0; line < 4; line++) {
			qv_buf_puts(out, line == 1 ? (char[3]){(char)('0' + row), ' ', 0} : "  ");
			for (int col = 0; col < EV_SIDE; col++) {
				qv_buf_puts(out, vbar(col, row));
				full_cell_line(out, s, row * EV_SIDE + col, line, viewer, color);
			}
			qv_buf_puts(out, "│");
			if (line == 1)
				qv_buf_printf(out, " %d", row);
			qv_buf_putc(out, '\n');
		}
		full_rule(out, row > 0 ? row : -1);
	}
	full_columns(out);
	qv_buf_puts(out,
	            "legend: 1 coil  p1 controls it · 1* owned by the other player · 1? covered\n"
	            "        2???  covered, hidden from you · El 4/5  element, ATK/current DEF\n"
	            "        G Growth-placed · ⇑ ability arrow, ↑ plain · ┃━ the main zone\n"
	            "        a hand's arrows point as they would on the board for its owner\n");
	for (int p = 0; p < 2; p++)
		full_player(out, s, p, viewer, color);
	if (s->nstack) {
		qv_buf_puts(out, "chain stack (top first):\n");
		qv_buf b = {0};
		for (int i = s->nstack - 1; i >= 0; i--) {
			qv_buf_clear(&b);
			entry_text(s, &s->stack[i], false, &b);
			put_words(out, "  ", qv_buf_str(&b), 4);
		}
		qv_buf_free(&b);
	}
	qv_buf_printf(out, "turn %d of at most %d\n", s->turn_no + 1, s->max_turns);
	if (s->idle && s->phase == EV_PH_MAIN && !s->played)
		qv_buf_printf(out,
		              "p%d made no hand play last turn: an end without one ends the game\n",
		              2 - s->active);
	char what[160];
	pending(s, what, sizeof what);
	qv_buf_printf(out, "%s\n", what);
}

/* ---- the compact layout ---- */

#define COMPACT_PANEL 21 /* columns of the panel right of the board */
#define COMPACT_BOARD 15 /* lines of the board with its column letters */

/* Line `line` (0-1) of the cell c, 7 columns. */
static void compact_cell_line(qv_buf *out, const ev_state *s, int c, int line, int viewer,
                              bool color)
{
	const ev_tables *T = ev_T(s);
	const ev_cell *x = &s->cell[c];
	int k = x->kind - 1;
	if (!x->kind) {
		qv_buf_puts(out, line == 0 && ev_in_main(c) ? "   ·   " : "       ");
		return;
	}
	if (color)
		qv_buf_puts(out, ctrl_color[x->ctrl]);
	bool seen = sees_card(x, viewer), growth = x->flags & EV_F_GROWTH;
	if (line == 0) {
		if (ev_is_block(T, k))
			qv_buf_printf(out, "%d BLOCK", x->ctrl + 1);
		else
			qv_buf_printf(out, "%d%c%-4.4s%c", x->ctrl + 1,
			              x->owner != x->ctrl         ? '*'
			              : (x->flags & EV_F_COVERED) ? '?'
			                                          : ' ',
			              seen ? T->kind[k].code : "??", growth ? 'G' : ' ');
	} else if (ev_is_block(T, k)) {
		qv_buf_printf(out, "%-7s", ev_element_codes[T->kind[k].element]);
	} else if (!seen) {
		qv_buf_puts(out, "       ");
	} else {
		/* ATK/DEF, then as many arrows as the cell's 7 columns leave */
		char num[16];
		int len = qv_fmt(num, sizeof num, "%d/%d", T->kind[k].atk, ev_cur_def(s, c));
		if (x->flags & EV_F_COVERED) {
			qv_buf_printf(out, "%-7s", num);
		} else {
			qv_buf_puts(out, num);
			put_arrow_strip(T, out, k, x->ctrl, 7 - len);
		}
	}
	if (color)
		qv_buf_puts(out, RESET);
}

/* The panel's lines: each a complete text of at most COMPACT_PANEL columns. */
typedef struct panel {
	qv_buf line[COMPACT_BOARD];
	int n;
} panel;

static qv_buf *panel_next(panel *pn) { return pn->n < COMPACT_BOARD ? &pn->line[pn->n++] : NULL; }

static void panel_player(panel *pn, const ev_state *s, int p, int viewer, bool color)
{
	const ev_player *pl = &s->pl[p];
	int sc[2];
	ev_scores(s, sc);
	qv_buf *b = panel_next(pn);
	if (color)
		qv_buf_puts(b, ctrl_color[p]);
	qv_buf_printf(b, "p%d", p + 1);
	if (color)
		qv_buf_puts(b, RESET);
	qv_buf_printf(b, " score %d%s", sc[p], p == viewer ? " · you" : "");
	qv_buf_printf(panel_next(pn), " credits %d hand %d", pl->credits, pl->nhand);
	qv_buf_printf(panel_next(pn), " deck %d grave %d", pl->ndeck, pl->ngrave);
}

/* The hand of p with ATK/DEF and cost, in the lines the panel has left: one line per kind
 * with its count, or per card when the count leaves no room for the name; the last line says
 * how many cards are left out when they do not all fit. */
/* A monster's "ATK/DEF cost" for the panel, into buf; returns its length (6 in the built-in set,
 * up to 8). */
static int panel_numbers(const ev_kind *kd, char *buf, size_t len)
{
	return qv_fmt(buf, len, "%d/%d %2d", kd->atk, kd->def, kd->cost);
}

static void panel_hand(const ev_tables *T, panel *pn, const ev_player *pl, int p, bool other)
{
	char num[24];
	int kinds[EV_MAX_KINDS], n = hand_kinds(T, pl, kinds);
	int lines[EV_MAX_KINDS], total = 0;
	for (int i = 0; i < n; i++) {
		int k = kinds[i];
		int name = (int)strlen(T->kind[k].id) + (pl->hand[k] > 1 ? 2 : 0);
		int room = COMPACT_PANEL - 1 - panel_numbers(&T->kind[k], num, sizeof num);
		lines[i] = pl->hand[k] > 1 && name > room ? pl->hand[k] : 1;
		total += lines[i];
	}
	if (other)
		qv_buf_printf(panel_next(pn), "p%d hand: ATK/DEF cost", p + 1);
	else
		qv_buf_puts(panel_next(pn), "hand: ATK/DEF cost");
	if (n == 0) {
		qv_buf_puts(panel_next(pn), " -");
		return;
	}
	int done = 0, cards = 0;
	for (int i = 0; i < n; i++) {
		int k = kinds[i];
		bool grouped = lines[i] == 1 && pl->hand[k] > 1;
		for (int j = 0; j < lines[i]; j++, done++) {
			int room = COMPACT_BOARD - pn->n;
			if (room == 0 || (room == 1 && done + 1 < total)) {
				if (room)
					qv_buf_printf(panel_next(pn), "… %d more card%s",
					              pl->nhand - cards,
					              pl->nhand - cards == 1 ? "" : "s");
				return;
			}
			char row[40];
			if (grouped)
				qv_fmt(row, sizeof row, "%s×%d", T->kind[k].id, pl->hand[k]);
			else
				qv_copy(row, sizeof row, T->kind[k].id);
			qv_buf *b = panel_next(pn);
			if (ev_is_block(T, k)) {
				qv_buf_puts(b, row);
			} else {
				int w =
				    COMPACT_PANEL - 1 - panel_numbers(&T->kind[k], num, sizeof num);
				/* '×' is two bytes in one column */
				qv_buf_printf(b, "%-*.*s %s", w + grouped, w + grouped, row, num);
			}
			cards += grouped ? pl->hand[k] : 1;
		}
	}
}

/* The line under the compact board: the chain stack, a warning that the game may end, or a
 * legend; cut to 80 columns (the text is ASCII but for the legend's few glyphs). */
static void compact_chain_line(const ev_state *s, qv_buf *out)
{
	qv_buf b = {0};
	if (s->nstack) {
		qv_buf_puts(&b, "chain, top first:");
		for (int i = s->nstack - 1; i >= 0; i--) {
			qv_buf_puts(&b, i == s->nstack - 1 ? " " : " · ");
			entry_text(s, &s->stack[i], true, &b);
		}
	} else if (s->idle && s->phase == EV_PH_MAIN && !s->played) {
		qv_buf_printf(&b,
		              "p%d made no hand play last turn: an end without one ends the game",
		              2 - s->active);
	} else {
		qv_buf_puts(&b, "1* owned by the other · 1? covered (2??? hidden) · G Growth · "
		                "⇑ ability arrow");
	}
	const char *t = qv_buf_str(&b);
	size_t cols = 0, i = 0;
	for (; t[i] && cols < 80; i++)
		cols += ((unsigned char)t[i] & 0xC0) != 0x80;
	if (t[i]) {
		while (i > 0 && ((unsigned char)t[i] & 0xC0) == 0x80)
			i--;
		qv_buf_printf(out, "%.*s…\n", (int)i - 1, t);
	} else {
		qv_buf_printf(out, "%s\n", t);
	}
	qv_buf_free(&b);
}

static void render_compact(const ev_state *s, int viewer, bool color, qv_buf *out)
{
	panel pn;
	memset(&pn, 0, sizeof pn);
	panel_player(&pn, s, 0, viewer, color);
	panel_player(&pn, s, 1, viewer, color);
	if (viewer >= 0)
		panel_hand(ev_T(s), &pn, &s->pl[viewer], viewer, false);
	else if (viewer == QV_VIEW_ALL && s->phase != EV_PH_OVER)
		panel_hand(ev_T(s), &pn, &s->pl[s->active], s->active, true);
	else {
		static const char *const legend[] = {"1 = p1 controls it", "* owned by the other",
		                                     "? covered  G Growth", "⇑ ability arrow",
		                                     "┃ main zone a1-e5"};
		for (size_t i = 0; i < sizeof legend / sizeof *legend; i++)
			qv_buf_puts(panel_next(&pn), legend[i]);
	}
	/* the board, with the panel on its right */
	qv_buf_puts(out, " ");
	for (int col = 0; col < EV_SIDE; col++)
		qv_buf_printf(out, "    %c   ", col_letters[col]);
	qv_buf_printf(out, "  %s\n", qv_buf_str(&pn.line[0]));
	for (int row = EV_SIDE - 1; row >= 0; row--)
		for (int line = 0; line < 2; line++) {
			qv_buf_putc(out, line == 0 ? (char)('0' + row) : ' ');
			for (int col = 0; col < EV_SIDE; col++) {
				qv_buf_puts(out, vbar(col, row));
				compact_cell_line(out, s, row * EV_SIDE + col, line, viewer, color);
			}
			qv_buf_puts(out, "│");
			int i = 1 + (EV_SIDE - 1 - row) * 2 + line;
			if (i < pn.n && pn.line[i].len)
				qv_buf_printf(out, " %s", qv_buf_str(&pn.line[i]));
			qv_buf_putc(out, '\n');
		}
	for (int i = 0; i < COMPACT_BOARD; i++)
		qv_buf_free(&pn.line[i]);
	/* the chain stack or a legend, then what is pending */
	compact_chain_line(s, out);
	char what[160];
	pending(s, what, sizeof what);
	char turn[40];
	qv_fmt(turn, sizeof turn, "turn %d/%d · ", s->turn_no + 1, s->max_turns);
	if (strlen(turn) + strlen(what) <= 80)
		qv_buf_puts(out, turn);
	qv_buf_printf(out, "%.80s\n", what);
}

void ev_render_text(const void *st, int viewer, unsigned flags, qv_buf *out)
{
	const ev_state *s = st;
	if (flags & QV_RENDER_COMPACT)
		render_compact(s, viewer, flags & QV_RENDER_COLOR, out);
	else
		render_full(s, viewer, flags & QV_RENDER_COLOR, out);
}
