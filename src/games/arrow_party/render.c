/*
 * render.c - the Arrow Party play area as text, per viewer, in two layouts.
 *
 * Each cell is two characters: a player's seat number (the lowest seat when several stand
 * there) then the ground card (`*` star, `x` skull, `?` a face-down item, `.` nothing; `+`
 * when several players share the cell), under column letters and beside row numbers.
 *
 * The full layout puts the whole area on top, then each player's public facts, the viewer's
 * own hand with every card's arrows or points, and what the viewer may know of the other
 * hands; long lists wrap at 80 columns. The compact layout (QV_RENDER_COMPACT) fits 80x17: the
 * area on the left (a 15 x 15 window around the viewer's pawn when the area is larger) and a
 * panel beside it, one or two lines a player, the viewer's hand, the stacks and the legend,
 * the less needed lines left out first when they do not fit; the last line says whose turn it
 * is. Another player's hand shows only what the viewer knows of it, and an unrevealed choice
 * only whether it is made. The output never contains an empty line (the engine protocol ends a
 * reply with one).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"
#include "core/fmt.h"

static const char *const seat_color[QV_MAX_PLAYERS] = {"\033[1;31m", "\033[1;34m", "\033[1;32m",
                                                       "\033[1;35m", "\033[1;36m"};
#define RESET "\033[0m"

#define WIDTH        80 /* columns of every line */
#define COMPACT_ROWS 17 /* lines of the compact layout */
#define WINDOW       15 /* the compact layout shows at most WINDOW x WINDOW cells */

/* The short effect of item kind k, for the viewer's own hand (full layout). */
static const char *item_effect(const ap_tables *T, int k, char *buf, size_t len)
{
	static const char *const text[AP_NEFFECTS] = {
	    [AP_E_MULTIPLY] = "steps x%d",          [AP_E_DIVIDE] = "steps /%d",
	    [AP_E_SUBTRACT] = "steps -%d",          [AP_E_REVERSE] = "may go backwards",
	    [AP_E_DICE] = "change your die",        [AP_E_SWAP] = "give one, take one",
	    [AP_E_NOSWAP] = "no exchange with you", [AP_E_NOPICKUP] = "no item pick-up",
	    [AP_E_EXCHANGE] = "trade places",
	};
	int e = T->effect[k], n = T->param[k];
	if (e == AP_E_DRAW)
		qv_fmt(buf, len, n == 1 ? "draw an arrow" : "draw %d arrows", n);
	else if (e <= AP_E_SUBTRACT)
		qv_fmt(buf, len, text[e], n);
	else
		qv_copy(buf, len, text[e]);
	return buf;
}

/* Columns a string takes: one per code point; escape sequences take none. */
static int text_width(const char *t, size_t len)
{
	int w = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)t[i];
		if (c == 0x1b) {
			while (i + 1 < len && !((t[i + 1] >= 'A' && t[i + 1] <= 'Z') ||
			                        (t[i + 1] >= 'a' && t[i + 1] <= 'z')))
				i++;
			i++;
			continue;
		}
		w += (c & 0xC0) != 0x80;
	}
	return w;
}

/* ---- a line-filling writer: words joined by a separator, wrapped at a width ---- */

typedef struct flow {
	qv_buf *out;
	int width, col, indent, ntok;
	const char *sep;
} flow;

/* Starts a line with head (already indented as wanted); continuation lines are indented by
 * `indent` spaces. */
static void flow_start(flow *f, qv_buf *out, int width, int indent, const char *sep,
                       const char *head)
{
	f->out = out;
	f->width = width;
	f->indent = indent;
	f->sep = sep;
	f->ntok = 0;
	qv_buf_puts(out, head);
	f->col = text_width(head, strlen(head));
}

static void flow_add(flow *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void flow_add(flow *f, const char *fmt, ...)
{
	char tok[128];
	va_list ap;
	va_start(ap, fmt);
	qv_vfmt(tok, sizeof tok, fmt, ap);
	va_end(ap);
	int w = text_width(tok, strlen(tok));
	const char *sep = f->ntok ? f->sep : " ";
	int sw = text_width(sep, strlen(sep));
	if (f->ntok && f->col + sw + w > f->width) {
		qv_buf_printf(f->out, "\n%*s", f->indent, "");
		f->col = f->indent;
		sep = "";
		sw = 0;
	}
	qv_buf_printf(f->out, "%s%s", sep, tok);
	f->col += sw + w;
	f->ntok++;
}

static void flow_end(flow *f) { qv_buf_putc(f->out, '\n'); }

/* ---- pieces shared by both layouts ---- */

/* The two characters of a cell (colours with color). */
static void put_cell(const ap_state *s, int cell, bool color, qv_buf *out)
{
	int first = -1, many = 0;
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
		if (many > 1)
			gc = '+';
	} else {
		qv_buf_putc(out, ' ');
	}
	const char *tint = !color      ? NULL
	                   : gc == '*' ? "\033[1;33m"
	                   : gc == 'x' ? "\033[90m"
	                   : gc == '.' ? "\033[2m"
	                               : NULL;
	if (tint)
		qv_buf_puts(out, tint);
	qv_buf_putc(out, gc);
	if (tint)
		qv_buf_puts(out, RESET);
}

/* Whether viewer sees p's hand whole. */
static bool sees_hand(int p, int viewer) { return viewer == p || viewer == QV_VIEW_ALL; }

/* The score is the viewer's own, the referee's, or everyone's once the game is over (the
 * items are shown then, and the arrows' values are public). */
static bool sees_score(const ap_state *s, int p, int viewer)
{
	return sees_hand(p, viewer) || s->phase == AP_PH_OVER;
}

/* An item's points with their sign ("+2", "-3", "0"). buf >= 8. */
static const char *points_text(const ap_tables *T, int card, char *buf)
{
	int v = T->item_points[ap_kind(card)];
	qv_fmt(buf, 8, v ? "%+d" : "0", v);
	return buf;
}

static void arrow_token(const ap_tables *T, int card, char *buf, size_t len)
{
	char c[12];
	ap_card_name(T, card, c);
	qv_fmt(buf, len, "%s(%s)", c, T->arrow_text[card]);
}

/* Who besides p knows item entry e: "" (no one), "[public]" or "[known to p2 p3]". */
static void known_tag(const ap_state *s, int p, int know, char *buf, size_t len)
{
	buf[0] = '\0';
	if (know & AP_PUBLIC) {
		qv_fmt(buf, len, "[public]");
		return;
	}
	if (!(know & ~(1 << p)))
		return;
	size_t n = (size_t)qv_fmt(buf, len, "[known to");
	for (int w = 0; w < s->nplayers && n < len; w++)
		if (w != p && (know >> w & 1))
			n += (size_t)qv_fmt(buf + n, len - n, " p%d", w + 1);
	if (n < len)
		qv_fmt(buf + n, len - n, "]");
}

/* Appends to buf (len bytes, n used) what printf would write, while there is room. */
#define ADD(...)                                                                                   \
	do {                                                                                       \
		if (n < len)                                                                       \
			n += (size_t)qv_fmt(buf + n, len - n, __VA_ARGS__);                        \
	} while (0)

/* Appends to buf (n characters so far) p's throw, landing, roll, direction and walk as the
 * viewer may know them (round_brief), each followed by " · "; returns the new length. */
static size_t brief_play(const ap_state *s, int p, bool hidden, char *buf, size_t len, size_t n)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	char c[12];
	if (s->phase >= AP_PH_THROW && pl->skip)
		ADD("no arrow card: sits out · ");
	else if (s->phase == AP_PH_THROW) {
		if (hidden)
			ADD("throw %s · ", ap_committed(s, p) ? "chosen" : "not yet");
		else if (pl->throw_card) {
			ap_card_name(ap_T(s), pl->throw_card - 1, c);
			ADD("throws %s (secret) · ", c);
		} else
			ADD("throw not yet · ");
	} else if (s->phase > AP_PH_THROW) {
		ap_card_name(ap_T(s), pl->throw_card - 1, c);
		ADD("%s%s", pl->land ? "" : "threw ", c);
		if (pl->land) {
			ADD(" %d\xc2\xb0:", 45 * (pl->land - 1));
			int m = ap_arrow_dirs(s, p);
			for (int d = 0; d < QV_NDIRS; d++)
				if (m >> d & 1)
					ADD(" %s", qv_dir_names[d]);
		}
		if (pl->roll) {
			int steps = ap_steps(T, pl->roll, pl->uses);
			if (steps == pl->roll)
				ADD(" · roll %d", pl->roll);
			else
				ADD(" · roll %d: %d step%s", pl->roll, steps,
				    steps == 1 ? "" : "s");
		}
		if (s->phase == AP_PH_GO) {
			if (hidden)
				ADD(" · go %s", ap_committed(s, p) ? "chosen" : "not yet");
			else if (pl->go)
				ADD(" · go %s (secret)", qv_dir_names[pl->go - 1]);
		} else if (s->phase == AP_PH_WALK && pl->go) {
			ADD(" · %s, %d left", qv_dir_names[pl->go - 1], pl->steps);
		}
		ADD(" · ");
	}
	return n;
}

/* What p committed or did this round, briefly, as the viewer may know it ("" when there is
 * nothing to say): used by the compact layout. */
static void round_brief(const ap_state *s, int p, int viewer, char *buf, size_t len)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	bool hidden = ap_hidden_commit(s, p, viewer);
	char u[40];
	size_t n = 0;
	buf[0] = '\0';
	if (s->phase == AP_PH_OVER)
		return;
	if (s->phase == AP_PH_ITEMS && hidden) {
		ADD("%s", p < s->active ? "ready" : p == s->active ? "choosing" : "waiting");
		return;
	}
	char uses[120] = "";
	size_t nu = 0;
	for (int k = 0; k < T->nkinds; k++)
		if (ap_used(pl, k) && nu < sizeof uses) {
			ap_use_text(T, pl, k, u, sizeof u);
			nu +=
			    (size_t)qv_fmt(uses + nu, sizeof uses - nu, "%s%s", nu ? ", " : "", u);
		}
	if (s->phase == AP_PH_ITEMS) {
		if (p == s->active)
			ADD("choosing%s%s", nu ? ": " : "", uses);
		else if (p > s->active)
			ADD("waiting");
		else
			ADD("ready: %s", nu ? uses : "no item");
		return;
	}
	/* After the reveal: the throw and the walk first, the used items last. */
	n = brief_play(s, p, hidden, buf, len, n);
	size_t sl = strlen(" · ");
	if (nu)
		ADD("used %s", uses);
	else if (n >= sl && n < len && !strcmp(buf + n - sl, " · "))
		buf[n -= sl] = '\0';
#undef ADD
}

/* ---- the full layout ---- */

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
		for (int x = 0; x < sz; x++)
			put_cell(s, y * sz + x, color, out);
		qv_buf_printf(out, " %d\n", y + 1);
	}
	put_frame(out, sz);
}

static void put_own_hand(const ap_state *s, int p, qv_buf *out)
{
	const ap_player *pl = &s->pl[p];
	char c[40], tag[40], pts[8];
	flow f;
	flow_start(&f, out, WIDTH, 12, " ", "    arrows:");
	for (int i = 0; i < pl->nhand; i++)
		if (!ap_is_item(pl->hand[i].card)) {
			arrow_token(ap_T(s), pl->hand[i].card, c, sizeof c);
			flow_add(&f, "%s", c);
		}
	if (!f.ntok)
		flow_add(&f, "none");
	flow_end(&f);
	flow_start(&f, out, WIDTH, 11, " ", "    items:");
	for (int i = 0; i < pl->nhand; i++) {
		int card = pl->hand[i].card;
		if (!ap_is_item(card))
			continue;
		known_tag(s, p, pl->hand[i].know, tag, sizeof tag);
		flow_add(&f, "%s(%s)%s", ap_T(s)->item_id[ap_kind(card)],
		         points_text(ap_T(s), card, pts), tag);
	}
	if (!f.ntok)
		flow_add(&f, "none");
	flow_end(&f);
}

/* p's thrown card, its landing, the roll and the direction as the viewer may know them, once
 * the throws are revealed (put_round_info). */
static void put_thrown(const ap_state *s, int p, bool hidden, qv_buf *out)
{
	const ap_player *pl = &s->pl[p];
	char c[12];
	flow f;
	ap_card_name(ap_T(s), pl->throw_card - 1, c);
	char head[80];
	int hn = qv_fmt(head, sizeof head, "    thrown: %s", c);
	if (pl->land) {
		hn += qv_fmt(head + hn, sizeof head - (size_t)hn,
		             " landed turned %d (arrows:", pl->land - 1);
		int m = ap_arrow_dirs(s, p);
		for (int d = 0; d < QV_NDIRS; d++)
			if (m >> d & 1)
				hn += qv_fmt(head + hn, sizeof head - (size_t)hn, " %s",
				             qv_dir_names[d]);
		qv_fmt(head + hn, sizeof head - (size_t)hn, ")");
	}
	flow_start(&f, out, WIDTH, 6, " · ", head);
	f.ntok = 1; /* what follows joins the card with " · " */
	if (pl->roll)
		flow_add(&f, "roll %d", pl->roll);
	if (s->phase == AP_PH_GO) {
		if (hidden)
			flow_add(&f, "go: %s",
			         ap_committed(s, p) ? "committed (hidden)" : "not yet");
		else if (pl->go)
			flow_add(&f, "go %s (secret)", qv_dir_names[pl->go - 1]);
	} else if (s->phase == AP_PH_WALK && pl->go) {
		flow_add(&f, "go %s", qv_dir_names[pl->go - 1]);
		flow_add(&f, "steps left %d", pl->steps);
	}
	flow_end(&f);
}

/* What the viewer may know of another player's hand: arrow values, named items, a count. */
static void put_other_hand(const ap_state *s, int p, int viewer, qv_buf *out)
{
	const ap_player *pl = &s->pl[p];
	int unknown = 0;
	flow f;
	flow_start(&f, out, WIDTH, 6, " ", "    arrow values:");
	for (int i = 0; i < pl->nhand; i++)
		if (!ap_is_item(pl->hand[i].card))
			flow_add(&f, "%d", ap_value(ap_T(s), pl->hand[i].card));
	if (!f.ntok)
		flow_add(&f, "none");
	flow_add(&f, "· items known:");
	bool any = false;
	for (int i = 0; i < pl->nhand; i++) {
		if (!ap_is_item(pl->hand[i].card))
			continue;
		if (ap_knows(pl->hand[i].know, viewer)) {
			flow_add(&f, "%s", ap_T(s)->item_id[ap_kind(pl->hand[i].card)]);
			any = true;
		} else {
			unknown++;
		}
	}
	if (!any)
		flow_add(&f, "none");
	flow_add(&f, "· unknown items %d", unknown);
	flow_end(&f);
}

static void put_round_info(const ap_state *s, int p, int viewer, qv_buf *out)
{
	const ap_player *pl = &s->pl[p];
	char c[12], u[32];
	bool hidden = ap_hidden_commit(s, p, viewer);
	flow f;
	if (s->phase == AP_PH_OVER)
		return;
	if (s->phase == AP_PH_ITEMS && hidden) {
		qv_buf_printf(out, "    items: %s\n",
		              p < s->active    ? "ready (hidden)"
		              : p == s->active ? "choosing"
		                               : "waiting");
		return;
	}
	flow_start(&f, out, WIDTH, 6, ", ",
	           s->phase != AP_PH_ITEMS ? "    used:"
	           : p < s->active         ? "    items (ready):"
	                                   : "    items so far:");
	for (int k = 0; k < ap_T(s)->nkinds; k++)
		if (ap_used(pl, k)) {
			ap_use_text(ap_T(s), pl, k, u, sizeof u);
			flow_add(&f, "%s", u);
		}
	if (!f.ntok)
		flow_add(&f, "none");
	flow_end(&f);
	if (s->phase < AP_PH_THROW)
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
			ap_card_name(ap_T(s), pl->throw_card - 1, c);
			qv_buf_printf(out, "    throw: %s (not revealed yet)\n", c);
		} else {
			qv_buf_puts(out, "    throw: not yet\n");
		}
		return;
	}
	put_thrown(s, p, hidden, out);
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

/* What the viewer's items do, one entry a kind held. */
static void put_your_items(const ap_state *s, int viewer, qv_buf *out)
{
	const ap_tables *T = ap_T(s);
	flow f;
	bool held[AP_NKINDS] = {false};
	const ap_player *pl = &s->pl[viewer];
	for (int i = 0; i < pl->nhand; i++)
		if (ap_is_item(pl->hand[i].card))
			held[ap_kind(pl->hand[i].card)] = true;
	flow_start(&f, out, WIDTH, 4, " · ", "your items:");
	char eff[32];
	for (int k = 0; k < T->nkinds; k++)
		if (held[k])
			flow_add(&f, "%s: %s", T->item_id[k], item_effect(T, k, eff, sizeof eff));
	if (f.ntok)
		flow_end(&f);
	else
		qv_buf_puts(out, " none\n");
}

/* The face-down items on the ground: every one for the referee, else those an explicit ground
 * made known. */
static void put_face_down(const ap_state *s, int viewer, qv_buf *out)
{
	const ap_tables *T = ap_T(s);
	char c[8];
	flow f;
	bool listed = false;
	for (int cell = 0; cell < s->size * s->size; cell++) {
		int g = s->ground[cell];
		if (g < AP_G_ITEM || !(viewer == QV_VIEW_ALL || (g & AP_G_KNOWN)))
			continue;
		ap_cell_name(s, cell, c);
		if (!listed)
			flow_start(&f, out, WIDTH, 4, " ",
			           viewer == QV_VIEW_ALL ? "face-down items:"
			                                 : "face-down items known to all:");
		flow_add(&f, "%s:%s", c, T->item_id[(g & ~AP_G_KNOWN) - AP_G_ITEM]);
		listed = true;
	}
	if (listed)
		flow_end(&f);
}

/* Who is to move, after the phase: " · p2 to decide", " · for p2" or "". */
static void put_turn(const ap_state *s, qv_buf *out)
{
	int who = ap_to_move(s);
	if (who >= 0)
		qv_buf_printf(out, " · p%d to decide", who + 1);
	else if (who == QV_CHANCE && s->phase != AP_PH_WALK)
		qv_buf_printf(out, " · for p%d", s->active + 1);
}

static void render_full(const ap_state *s, int viewer, bool color, qv_buf *out)
{
	char c[8];
	const ap_tables *T = ap_T(s);
	put_grid(s, color, out);
	qv_buf_printf(out,
	              "legend: 1-5 players · * star %+d · x skull %+d · ? face-down item · "
	              "+ several\n",
	              T->star_points, T->skull_points);
	for (int p = 0; p < s->nplayers; p++) {
		const ap_player *pl = &s->pl[p];
		ap_cell_name(s, pl->pos, c);
		qv_buf_printf(out, "p%d: %s · %s · stars %d · skulls %d · hand %d", p + 1, c,
		              T->die_id[pl->die], pl->stars, pl->skulls, pl->nhand);
		if (sees_score(s, p, viewer))
			qv_buf_printf(out, " · score %d", ap_score_of(s, p));
		qv_buf_putc(out, '\n');
		if (sees_hand(p, viewer))
			put_own_hand(s, p, out);
		else
			put_other_hand(s, p, viewer, out);
		put_round_info(s, p, viewer, out);
	}
	if (viewer >= 0)
		put_your_items(s, viewer, out);
	qv_buf_printf(out, "stacks:");
	for (int v = 0; v < AP_NVALUES; v++)
		qv_buf_printf(out, " %d:%d", v + 1, s->nstack[v]);
	qv_buf_puts(out, " cards · used items:");
	int used = 0;
	for (int k = 0; k < T->nkinds; k++)
		used += s->idisc[k];
	qv_buf_printf(out, " %d\n", used);
	put_face_down(s, viewer, out);
	qv_buf_printf(out, "round %d of %d · %s", s->round, s->rounds, phase_text[s->phase]);
	put_turn(s, out);
	qv_buf_putc(out, '\n');
}

/* ---- the compact layout ---- */

static const char *const phase_brief[AP_NPHASES] = {
    "items: use <item>..., then ready (secret)",
    "a swap's take (chance)",
    "a draw (chance)",
    "throw <card> (secret)",
    "landings (chance)",
    "rolls (chance)",
    "go <dir> (secret)",
    "walk: a bump's give (chance)",
    "game over",
};

/* The panel's lines, each a section so that the least needed can be left out. */
enum { SEC_PLAYERS, SEC_ARROWS, SEC_ITEMS, SEC_STACKS, SEC_LEGEND, NSEC };

/* Splits b into lines (pointers into b's text, newlines replaced by NULs). */
static int split_lines(qv_buf *b, char **line, int max)
{
	char *t = (char *)qv_buf_str(b);
	int n = 0;
	while (*t && n < max) {
		line[n++] = t;
		char *nl = strchr(t, '\n');
		if (!nl)
			break;
		*nl = '\0';
		t = nl + 1;
	}
	return n;
}

/* The last kept line of a cut list, ended by " …" (whole words dropped to make room). */
static char *cut_line(const char *line, char *buf, size_t len, int width)
{
	qv_copy(buf, len, line);
	while (text_width(buf, strlen(buf)) + 2 > width) {
		char *sp = strrchr(buf, ' ');
		if (!sp)
			break;
		*sp = '\0';
	}
	size_t n = strlen(buf);
	qv_fmt(buf + n, len - n, " \xe2\x80\xa6");
	return buf;
}

/* The window's south-west cell (x0, y0) of wn x wn cells: the whole area, or the cells around
 * the viewer's pawn (the pawn of the player to move, or p1, for the others). */
static void window_origin(const ap_state *s, int viewer, int wn, int *x0, int *y0)
{
	int sz = s->size;
	int focus = viewer >= 0 ? viewer : ap_to_move(s) >= 0 ? ap_to_move(s) : 0;
	int fx = s->pl[focus].pos % sz, fy = s->pl[focus].pos / sz;
	*x0 = fx - wn / 2;
	*y0 = fy - wn / 2;
	if (*x0 > sz - wn)
		*x0 = sz - wn;
	if (*y0 > sz - wn)
		*y0 = sz - wn;
	if (*x0 < 0)
		*x0 = 0;
	if (*y0 < 0)
		*y0 = 0;
}

/* The panel beside the grid: the sections' lines within `budget` lines of width pw (cut lines
 * are written into cut), into panel; returns how many. Too many lines: the legend goes
 * first, then the stacks, then the hand is cut. */
static int fit_panel(qv_buf *sec, int pw, int budget, char cut[2][160], char **panel)
{
	char *line[NSEC][48];
	int have[NSEC], n[NSEC], total = 0;
	for (int i = 0; i < NSEC; i++) {
		have[i] = n[i] = split_lines(&sec[i], line[i], 48);
		total += n[i];
	}
	for (int i = SEC_LEGEND; i >= SEC_STACKS && total > budget; i--) {
		total -= n[i];
		n[i] = 0;
	}
	while (total > budget && (n[SEC_ITEMS] > 1 || n[SEC_ARROWS] > 1)) {
		n[n[SEC_ITEMS] >= n[SEC_ARROWS] ? SEC_ITEMS : SEC_ARROWS]--;
		total--;
	}
	for (int i = SEC_ARROWS; i <= SEC_ITEMS; i++)
		if (n[i] < have[i])
			line[i][n[i] - 1] =
			    cut_line(line[i][n[i] - 1], cut[i - SEC_ARROWS], sizeof cut[0], pw);
	int np = 0;
	for (int i = 0; i < NSEC; i++)
		for (int k = 0; k < n[i] && np < budget; k++)
			panel[np++] = line[i][k];
	return np;
}

/* The player lines of the panel: the public facts, then what the player did this round,
 * on the same line when it fits. */
static void panel_players(const ap_state *s, int viewer, int width, qv_buf *out)
{
	char head[80], brief[160], cut[160], c[8];
	for (int p = 0; p < s->nplayers; p++) {
		const ap_player *pl = &s->pl[p];
		ap_cell_name(s, pl->pos, c);
		int n = qv_fmt(head, sizeof head, "p%d %-3s %-3s *%d x%d hand %d", p + 1, c,
		               ap_T(s)->die_id[pl->die], pl->stars, pl->skulls, pl->nhand);
		if (sees_score(s, p, viewer))
			qv_fmt(head + n, sizeof head - (size_t)n, " score %d", ap_score_of(s, p));
		round_brief(s, p, viewer, brief, sizeof brief);
		int hw = text_width(head, strlen(head)), bw = text_width(brief, strlen(brief));
		if (!brief[0])
			qv_buf_printf(out, "%s\n", head);
		else if (hw + 3 + bw <= width)
			qv_buf_printf(out, "%s · %s\n", head, brief);
		else if (bw + 2 <= width)
			qv_buf_printf(out, "%s\n  %s\n", head, brief);
		else
			qv_buf_printf(out, "%s\n  %s\n", head,
			              cut_line(brief, cut, sizeof cut, width - 2));
	}
}

static void panel_hand(const ap_state *s, int p, int width, qv_buf *arrows, qv_buf *items)
{
	const ap_player *pl = &s->pl[p];
	char c[40], tag[40], pts[8];
	flow f;
	flow_start(&f, arrows, width, 2, " ", "arrows:");
	for (int i = 0; i < pl->nhand; i++)
		if (!ap_is_item(pl->hand[i].card)) {
			arrow_token(ap_T(s), pl->hand[i].card, c, sizeof c);
			flow_add(&f, "%s", c);
		}
	if (!f.ntok)
		flow_add(&f, "none");
	flow_end(&f);
	flow_start(&f, items, width, 2, " ", "items:");
	for (int i = 0; i < pl->nhand; i++) {
		int card = pl->hand[i].card;
		if (!ap_is_item(card))
			continue;
		known_tag(s, p, pl->hand[i].know, tag, sizeof tag);
		flow_add(&f, "%s(%s)%s", ap_T(s)->item_id[ap_kind(card)],
		         points_text(ap_T(s), card, pts),
		         tag[0] == '[' && tag[1] == 'p' ? "[pub]"
		         : tag[0]                       ? "[known]"
		                                        : "");
	}
	if (!f.ntok)
		flow_add(&f, "none");
	flow_end(&f);
}

static void render_compact(const ap_state *s, int viewer, bool color, qv_buf *out)
{
	int sz = s->size, wn = sz < WINDOW ? sz : WINDOW;
	int x0, y0;
	window_origin(s, viewer, wn, &x0, &y0);
	int grid_w = 3 + 2 * wn, grid_rows = wn + 1;
	int pw = WIDTH - grid_w - 2;
	int budget = COMPACT_ROWS - 1; /* the last line says whose turn it is */

	qv_buf sec[NSEC] = {{0}};
	panel_players(s, viewer, pw, &sec[SEC_PLAYERS]);
	if (viewer >= 0)
		panel_hand(s, viewer, pw, &sec[SEC_ARROWS], &sec[SEC_ITEMS]);
	const ap_tables *T = ap_T(s);
	int used = 0;
	for (int k = 0; k < T->nkinds; k++)
		used += s->idisc[k];
	qv_buf_printf(&sec[SEC_STACKS], "stacks 1:%d 2:%d 3:%d 4:%d 5:%d · used items %d",
	              s->nstack[0], s->nstack[1], s->nstack[2], s->nstack[3], s->nstack[4], used);
	if (wn < sz)
		qv_buf_printf(&sec[SEC_STACKS], "\narea a1-%c%d, shown %c%d-%c%d", 'a' + sz - 1, sz,
		              'a' + x0, y0 + 1, 'a' + x0 + wn - 1, y0 + wn);
	if (pw >= 46)
		qv_buf_printf(&sec[SEC_LEGEND], "* star %+d · x skull %+d · ? item · + several",
		              T->star_points, T->skull_points);
	else
		qv_buf_printf(&sec[SEC_LEGEND], "*star%+d xskull%+d ?item +several", T->star_points,
		              T->skull_points);

	char cut[2][160];
	char *panel[64];
	int np = fit_panel(sec, pw, budget, cut, panel);

	int rows = grid_rows > np ? grid_rows : np;
	for (int r = 0; r < rows; r++) {
		int w = 0;
		if (r < wn) {
			int y = y0 + wn - 1 - r;
			qv_buf_printf(out, "%2d ", y + 1);
			for (int x = x0; x < x0 + wn; x++)
				put_cell(s, y * sz + x, color, out);
			w = grid_w;
		} else if (r == wn) {
			qv_buf_puts(out, "   ");
			for (int x = x0; x < x0 + wn; x++)
				qv_buf_printf(out, " %c", 'a' + x);
			w = grid_w;
		}
		if (r < np) {
			qv_buf_printf(out, "%*s%s", grid_w + 2 - w, "", panel[r]);
		}
		qv_buf_putc(out, '\n');
	}
	qv_buf_printf(out, "round %d of %d · %s", s->round, s->rounds, phase_brief[s->phase]);
	put_turn(s, out);
	qv_buf_putc(out, '\n');
	for (int i = 0; i < NSEC; i++)
		qv_buf_free(&sec[i]);
}

void ap_render_text(const void *st, int viewer, unsigned flags, qv_buf *out)
{
	if (flags & QV_RENDER_COMPACT)
		render_compact(st, viewer, flags & QV_RENDER_COLOR, out);
	else
		render_full(st, viewer, flags & QV_RENDER_COLOR, out);
}
