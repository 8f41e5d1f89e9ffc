/*
 * render.c - the ConCardia grid as Unicode text, per viewer, in two layouts.
 *
 * The full layout draws each square 9 columns by 4 lines: the card's arrows (board directions,
 * so a p2 card shows them turned) around its owner, trait and template ("1R lan" is a Rock
 * lancer of p1) and its current Strength/Defense, Charge Counters (c2) and boost (+). Below
 * the grid: each player's points, Victory Pile, Persistent Area, discard pile and hand and
 * deck sizes; the hand only to its owner, one card a line with its trait, Strength/Defense,
 * arrows (as they would point on the board) and what its ability does.
 *
 * The compact layout (QV_RENDER_COMPACT) fits a 24-row terminal with room for the narration
 * and the prompt: 17 rows of at most 80 columns. Each square is 10 columns by 2 lines (the
 * card and its numbers, then its arrows, counters and boost), the players' counts stand in a
 * panel right of the grid, and the hand takes two lines below it.
 *
 * Lists that grow with the game (piles, hands) are wrapped at 80 columns. The output never
 * contains an empty line (the engine protocol ends a reply with one).
 */
#include <stdio.h>
#include <string.h>

#include "concardia.h"
#include "core/fmt.h"

static const char *const arrow_glyph[QV_NDIRS] = {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"};
static const char *const owner_color[2] = {"\033[1;31m", "\033[1;34m"};
#define RESET "\033[0m"
#define WIDTH 80

/* Board directions in reading order, for arrows written in a row. */
static const int reading_order[QV_NDIRS] = {QV_NW, QV_N, QV_NE, QV_W, QV_E, QV_SW, QV_S, QV_SE};

/* The arrows of `card` owned by `owner` as they point on the board, in reading order; returns
 * how many glyphs were written. */
static int put_arrows(qv_buf *out, const cc_tables *T, int card, int owner)
{
	int n = 0;
	unsigned arrows = T->cards[card].arrows;
	for (int i = 0; i < QV_NDIRS; i++) {
		int d = reading_order[i];
		if (arrows >> cc_board_dir(owner, d) & 1) {
			qv_buf_puts(out, arrow_glyph[d]);
			n++;
		}
	}
	return n;
}

static void pad(qv_buf *out, int n)
{
	for (int i = 0; i < n; i++)
		qv_buf_putc(out, ' ');
}

/* Writes items (each a string of `cols` columns) after a prefix of `used` columns, wrapping
 * at WIDTH with continuation lines indented by `indent`; ends with a newline. */
typedef struct wrap {
	qv_buf *out;
	int col, indent;
	const cc_tables *T; /* the cards' names */
} wrap;

static void wrap_item(wrap *w, const char *text, int cols)
{
	if (w->col + 1 + cols > WIDTH && w->col > w->indent) {
		qv_buf_putc(w->out, '\n');
		pad(w->out, w->indent);
		w->col = w->indent;
	}
	qv_buf_putc(w->out, ' ');
	qv_buf_puts(w->out, text);
	w->col += 1 + cols;
}

static void wrap_cards(wrap *w, const uint8_t *cards, int n)
{
	char b[CC_ID_MAX + 1];
	if (n == 0)
		wrap_item(w, "-", 1);
	for (int i = 0; i < n; i++) {
		cc_card_name(w->T, cards[i], b);
		wrap_item(w, b, (int)strlen(b));
	}
}

/* ---- the full layout ---- */

/* The board arrow of the card on sq in board direction d, or a blank. */
static void put_arrow(qv_buf *out, const cc_state *s, int sq, int d)
{
	const cc_cell *c = &s->grid[sq];
	if (cc_T(s)->arrows[c->card] >> cc_board_dir(c->owner, d) & 1) {
		qv_buf_puts(out, arrow_glyph[d]);
		return;
	}
	qv_buf_putc(out, ' ');
}

/* "3/2", "3/2 c2", "3/2+": the card's numbers now, its counters and its boost. */
static void numbers(const cc_state *s, int sq, char *buf, size_t len)
{
	const cc_cell *c = &s->grid[sq];
	int n = qv_fmt(buf, len, "%d/%d", cc_strength(s, sq), cc_defense(s, sq));
	if (c->counters && n > 0 && (size_t)n < len)
		n += qv_fmt(buf + n, len - (size_t)n, " c%d", c->counters);
	if (c->boost && n > 0 && (size_t)n < len)
		qv_fmt(buf + n, len - (size_t)n, "+");
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
			const cc_card *k = &cc_T(s)->cards[card];
			qv_buf_printf(out, "%d%c %s ", c->owner + 1, "RPS"[k->trait], k -> code);
		} else {
			qv_buf_puts(out, "   ·   ");
		}
		put_arrow(out, s, sq, QV_E);
	} else {
		char t[16] = "";
		if (c->card)
			numbers(s, sq, t, sizeof t);
		qv_buf_printf(out, " %-8.8s", t);
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
	qv_buf_puts(out, "        a");
	for (int f = 1; f < 6; f++)
		qv_buf_printf(out, "         %c", 'a' + f);
	qv_buf_putc(out, '\n');
}

/* What a card's ability does, in a few words (the card <id> reference has the text). */
static void ability_brief(const cc_card *k, char *buf, size_t len)
{
	switch (k->kind) {
	case CC_AB_MOVE: qv_fmt(buf, len, "Action: slide, or jump over a card"); break;
	case CC_AB_SHOVE: qv_fmt(buf, len, "Action, cost %d: push a card away", k->cost); break;
	case CC_AB_SABOTAGE: qv_fmt(buf, len, "Immediate, cost X: remove a card"); break;
	case CC_AB_CHARGE:
		qv_fmt(buf, len, "Persistent; charges; cost %d: +%d Strength", k->cost, k->boost);
		break;
	case CC_AB_SUPERIOR: qv_fmt(buf, len, "Superior to cards of its own trait"); break;
	case CC_AB_SUPPORT: qv_fmt(buf, len, "your adjacent cards: +%d Defense", k->bonus); break;
	case CC_AB_SAVE: qv_fmt(buf, len, "Reaction: save a card from capture"); break;
	default: buf[0] = '\0'; break;
	}
}

/* One card of a hand in the full layout: id, trait, Strength/Defense, arrows, ability. */
static void put_hand_card(qv_buf *out, const cc_tables *T, int card, int owner, int count)
{
	char b[CC_ID_MAX + 1], brief[64], head[64], times[16] = "";
	const cc_card *t = &T->cards[card];
	cc_card_name(T, card, b);
	/* the ids in a column as wide as the set's longest (10 in the built-in set) */
	int cols =
	    qv_fmt(head, sizeof head, "    %-*s %-9s %d/%d  ", T->id_width > 10 ? T->id_width : 10,
	           b, cc_trait_names[t->trait], t->strength, t->defense);
	qv_buf_puts(out, head);
	int n = put_arrows(out, T, card, owner);
	ability_brief(t, brief, sizeof brief);
	int gap = count > 1 || *brief ? (n < 7 ? 7 - n : 1) : 0;
	pad(out, gap);
	if (count > 1)
		qv_fmt(times, sizeof times, "x%d ", count);
	qv_buf_puts(out, times);
	/* the brief cut to what is left of the 80 columns (a long id, many arrows) */
	int room = WIDTH - (cols + n + gap + (int)strlen(times));
	if (room < (int)strlen(brief))
		brief[room > 0 ? room : 0] = '\0';
	qv_buf_puts(out, brief);
	qv_buf_putc(out, '\n');
}

static void put_player(qv_buf *out, const cc_state *s, int p, int viewer, bool color)
{
	const cc_player *pl = &s->pl[p];
	char b[CC_ID_MAX + 1], t[32];
	if (color)
		qv_buf_puts(out, owner_color[p]);
	qv_buf_printf(out, "p%d", p + 1);
	if (color)
		qv_buf_puts(out, RESET);
	qv_buf_printf(out, ": points %d · hand %d · deck %d · turns %d%s%s\n", pl->nvictory,
	              pl->nhand, pl->ndeck, pl->turns, pl->lost ? " · lost" : "",
	              p == viewer ? " · you" : "");
	qv_buf_puts(out, "  persistent:");
	wrap w = {out, 13, 4, cc_T(s)};
	if (pl->npersist == 0)
		wrap_item(&w, "-", 1);
	for (int i = 0; i < pl->npersist; i++) {
		cc_card_name(cc_T(s), pl->persist[i] - 1, b);
		if (pl->pcounters[i])
			qv_fmt(t, sizeof t, "%s (c%d)", b, pl->pcounters[i]);
		else
			qv_copy(t, sizeof t, b);
		wrap_item(&w, t, (int)strlen(t));
	}
	wrap_item(&w, "· victory pile:", 15);
	wrap_cards(&w, pl->victory, pl->nvictory);
	qv_buf_puts(out, "\n  discard pile (top last):");
	w.col = 26;
	wrap_cards(&w, pl->discard, pl->ndiscard);
	qv_buf_putc(out, '\n');
	if (viewer == QV_VIEW_ALL || viewer == p) {
		qv_buf_printf(out, "  hand (arrows as p%d would place them):%s\n", p + 1,
		              pl->nhand ? "" : " -");
		for (int c = 0; c < cc_T(s)->ncards; c++)
			if (pl->hand[c])
				put_hand_card(out, cc_T(s), c, p, pl->hand[c]);
		if (pl->start) {
			cc_card_name(cc_T(s), pl->start - 1, b);
			qv_buf_printf(out, "  chosen to start: %s\n", b);
		}
	}
	if (viewer == QV_VIEW_ALL) {
		qv_buf_puts(out, "  deck (top first):");
		w.col = 19;
		if (pl->ndeck == 0)
			wrap_item(&w, "-", 1);
		for (int i = pl->ndeck - 1; i >= 0; i--) {
			cc_card_name(cc_T(s), pl->deck[i], b);
			wrap_item(&w, b, (int)strlen(b));
		}
		qv_buf_putc(out, '\n');
	}
}

/* The line saying who is to move and what is pending (at most 80 columns). */
static void put_status(qv_buf *out, const cc_state *s)
{
	char a[4], b[16];
	qv_buf_printf(out, "turn %d · target %d · ", s->turn_no + 1, s->target);
	switch (s->phase) {
	case CC_PH_START:
		qv_buf_puts(out,
		            s->active == 0
		                ? "p1 chooses a starting card in secret (start <card>)\n"
		                : "p1 has chosen; p2 chooses a starting card (start <card>)\n");
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
			cc_card_name(cc_T(s), s->pend_card - 1, b);
			qv_sq_name(s->pend_to % 6, s->pend_to / 6, a);
			qv_buf_printf(out, "p%d pays for %s on %s", s->active + 1, b, a);
		} else {
			qv_buf_printf(out, "p%d pays for a %s", s->active + 1,
			              s->pend_kind == CC_PEND_SHOVE ? "shove" : "boost");
		}
		qv_buf_printf(out, ": %d left (discard, counter)\n", s->pend_left);
		return;
	case CC_PH_REACT:
		qv_sq_name((s->react_next % CC_NSQ) % 6, (s->react_next % CC_NSQ) / 6, a);
		qv_buf_printf(out, "%s would be captured: p%d may react <card> %s or decline\n", a,
		              cc_to_move(s) + 1, a);
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

static void render_full(const cc_state *s, int viewer, bool color, qv_buf *out)
{
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
	    out, "1R lan = p1's Rock lancer · 3/2 = Strength/Defense now · c2 = Charge Counters\n"
	         "+ = boosted · Rock beats Scissors, Scissors beat Paper, Paper beats Rock\n");
	for (int p = 0; p < 2; p++)
		put_player(out, s, p, viewer, color);
	put_status(out, s);
}

/* ---- the compact layout ---- */

#define CELL 10 /* columns of a square */

/* Line `line` (0: the card and its numbers, 1: arrows, counters, boost) of square sq. */
static void put_cell(qv_buf *out, const cc_state *s, int sq, int line, bool color)
{
	const cc_cell *c = &s->grid[sq];
	if (!c->card) {
		qv_buf_puts(out, line == 0 ? "    ·     " : "          ");
		return;
	}
	int card = c->card - 1;
	if (color)
		qv_buf_puts(out, owner_color[c->owner]);
	char t[24];
	if (line == 0) {
		const cc_card *k = &cc_T(s)->cards[card];
		int n = qv_fmt(t, sizeof t, "%d%c %s %d/%d", c->owner + 1, "RPS"[k->trait],
		               k -> code, cc_strength(s, sq), cc_defense(s, sq));
		if (n > CELL) /* a two-digit Defense (banners): drop a space */
			qv_fmt(t, sizeof t, "%d%c %s%d/%d", c->owner + 1, "RPS"[k->trait],
			       k -> code, cc_strength(s, sq), cc_defense(s, sq));
		qv_buf_printf(out, "%-10.10s", t);
	} else {
		int n = put_arrows(out, cc_T(s), card, c->owner);
		int k = 0;
		if (c->counters)
			k = qv_fmt(t, sizeof t, "c%d", c->counters);
		if (c->boost)
			t[k++] = '+', t[k] = '\0';
		pad(out, CELL - n - k);
		if (k)
			qv_buf_puts(out, t);
	}
	if (color)
		qv_buf_puts(out, RESET);
}

/* Row `row` (0..11) of the panel right of the grid: six rows per player. */
#define PANEL 11 /* columns right of the compact grid */

static void put_panel(qv_buf *out, const cc_state *s, int row, int viewer, bool color)
{
	int p = row / 6;
	const cc_player *pl = &s->pl[p];
	if (row % 6 == 5 && pl->npersist == 0)
		return; /* no trailing blank */
	qv_buf_putc(out, ' ');
	switch (row % 6) {
	case 0:
		if (color)
			qv_buf_puts(out, owner_color[p]);
		qv_buf_printf(out, "p%d", p + 1);
		if (color)
			qv_buf_puts(out, RESET);
		if (pl->lost)
			qv_buf_puts(out, " lost");
		else if (p == viewer)
			qv_buf_puts(out, " (you)");
		break;
	case 1: qv_buf_printf(out, "points %d", pl->nvictory); break;
	case 2: qv_buf_printf(out, "hand %d", pl->nhand); break;
	case 3: qv_buf_printf(out, "deck %d", pl->ndeck); break;
	case 4: qv_buf_printf(out, "turns %d", pl->turns); break;
	default:
		if (pl->npersist) {
			/* in the 11 columns right of the grid: the id is cut before the counts */
			char b[CC_ID_MAX + 1], more[16] = "";
			cc_card_name(cc_T(s), pl->persist[0] - 1, b);
			int n = 0;
			if (pl->pcounters[0])
				n += qv_fmt(more + n, sizeof more - (size_t)n, " c%d",
				            pl->pcounters[0]);
			if (pl->npersist > 1)
				qv_fmt(more + n, sizeof more - (size_t)n, " +%d", pl->npersist - 1);
			int room = PANEL - (int)strlen(more);
			qv_buf_printf(out, "%.*s%s", room > 1 ? room : 1, b, more);
		}
		break;
	}
}

/* The hand of p on at most `lines` lines: "striker-r 4/2↑" per card (board arrows); what does
 * not fit is counted at the end. */
static void put_compact_hand(qv_buf *out, const cc_state *s, int p, int lines, bool named)
{
	const cc_player *pl = &s->pl[p];
	int line = 1, left = pl->nhand;
	char b[CC_ID_MAX + 1];
	int col = named ? 8 : 5;
	if (named)
		qv_buf_printf(out, "p%d hand:", p + 1);
	else
		qv_buf_puts(out, "hand:");
	if (pl->start) {
		cc_card_name(cc_T(s), pl->start - 1, b);
		qv_buf_printf(out, " (start %s)", b);
		col += 9 + (int)strlen(b);
	}
	if (pl->nhand == 0)
		qv_buf_puts(out, " -");
	for (int c = 0; c < cc_T(s)->ncards; c++)
		for (int i = 0; i < pl->hand[c]; i++) {
			const cc_card *t = &cc_T(s)->cards[c];
			cc_card_name(cc_T(s), c, b);
			char nums[8];
			int nar = __builtin_popcount(t->arrows);
			int w = 2 + (int)strlen(b) + 1 + /* "  id S/D arrows" */
			        qv_fmt(nums, sizeof nums, "%d/%d", t->strength, t->defense) + nar;
			/* room for " +NN" after this card unless it is the last */
			int room = WIDTH - (left > 1 && line == lines ? 4 : 0);
			if (col + w > room) {
				if (line == lines) {
					qv_buf_printf(out, " +%d", left);
					qv_buf_putc(out, '\n');
					return;
				}
				qv_buf_putc(out, '\n');
				qv_buf_puts(out, "     ");
				col = 5;
				line++;
			}
			qv_buf_printf(out, "  %s %s", b, nums);
			put_arrows(out, cc_T(s), c, p);
			col += w;
			left--;
		}
	qv_buf_putc(out, '\n');
}

static void render_compact(const cc_state *s, int viewer, bool color, qv_buf *out)
{
	qv_buf_puts(out, "      a");
	for (int f = 1; f < 6; f++)
		qv_buf_printf(out, "          %c", 'a' + f);
	qv_buf_putc(out, '\n');
	for (int r = 5; r >= 0; r--)
		for (int line = 0; line < 2; line++) {
			if (line == 0)
				qv_buf_printf(out, "%d│", r + 1);
			else
				qv_buf_puts(out, " │");
			for (int f = 0; f < 6; f++) {
				put_cell(out, s, r * 6 + f, line, color);
				qv_buf_puts(out, "│");
			}
			put_panel(out, s, (5 - r) * 2 + line, viewer, color);
			qv_buf_putc(out, '\n');
		}
	if (viewer == QV_VIEW_ALL) {
		put_compact_hand(out, s, 0, 1, true);
		put_compact_hand(out, s, 1, 1, true);
	} else if (viewer >= 0 && viewer < 2) {
		put_compact_hand(out, s, viewer, 2, false);
	}
	qv_buf_puts(
	    out, "1R lan 3/2 = p1's Rock lancer, Strength/Defense · c2 = counters · + = boosted\n");
	put_status(out, s);
}

void cc_render_text(const void *st, int viewer, unsigned flags, qv_buf *out)
{
	if (flags & QV_RENDER_COMPACT)
		render_compact(st, viewer, flags & QV_RENDER_COLOR, out);
	else
		render_full(st, viewer, flags & QV_RENDER_COLOR, out);
}
