/*
 * narrate.c - Arrow Party's narration (qv_events in core.h): the lines apply writes for people
 * about what an action set off. rules.c calls these at the points where things happen, only
 * when it was given a qv_events (the search applies millions of actions without one); this
 * file only words them.
 *
 * Each line is said whole, in a format of its own, by which the catalogs
 * web/i18n/narration/LANG/arrow-party.js translate it: its arguments are names, ids, squares,
 * directions and numbers, an alternative ("lands upright" or "turned", who uses noswap) is a
 * format of its own, and a piece that says something of its own (a stretch of the walk with
 * what its last step met, a part of a score, a place in the final order, where a bump
 * happened) is a phrase (qv_phrase).
 *
 * Secrets: the identity of a card that changes hands privately (a draw, a face-down pick-up, a
 * swap's take, a bump's gifts, the redistribution's deal) is written as a secret part for the
 * players who learn it, with a public reading that says only what everyone sees (a card, an
 * item). Everything else here is public when it is said: the uses, throws and directions are
 * told only once they are revealed to all.
 *
 * Long lists (a walk, a score, the final order) wrap into lines of at most AP_LINE_WIDTH
 * columns, each continuation line naming its subject again: a format per number of pieces on
 * the line. A player's uses and face-down pick-ups are said one a line.
 */
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"
#include "core/fmt.h"

/* The columns a line may take: the engine prints a consequence indented by 6 in 80. */
#define AP_LINE_WIDTH 72
/* The most pieces a walk's line holds (its formats): a step with what it met takes 16 columns
 * at least ("a1 (picks up x)"), so three of them and a stretch of squares fill a line. */
#define AP_WALK_PIECES 4
/* What a walk's last step met, for walk_add: the edge (AP_PICK_* are the others). */
#define AP_EDGE (-1)

/* The columns text takes, one a code point: a phrase by its text, not its message. */
static int text_width(const char *t)
{
	int w = 0;
	for (; *t && *t != QV_SAY_PHRASE; t++)
		w += ((unsigned char)*t & 0xC0) != 0x80;
	return w;
}

/* The columns the head of l's line takes, as the formats of line_end write it. */
static int head_width(const ap_line *l)
{
	char h[48];
	if (l->kind == AP_LINE_WALK && l->cont)
		qv_fmt(h, sizeof h, "p%d walks on:", l->p + 1);
	else if (l->kind == AP_LINE_WALK)
		qv_fmt(h, sizeof h, "p%d walks %s %d:", l->p + 1, qv_dir_names[l->a], l->b);
	else if (l->kind == AP_LINE_SCORE && l->cont)
		qv_fmt(h, sizeof h, "p%d's score, continued:", l->p + 1);
	else if (l->kind == AP_LINE_SCORE)
		qv_fmt(h, sizeof h, "p%d scores %d:", l->p + 1, l->a);
	else
		qv_copy(h, sizeof h, l->cont ? "final order, continued:" : "final order:");
	return text_width(h);
}

/* Says the walk line l: its head, then its pieces (stretches of squares, each but the last
 * closed by what its last step met, and the edge). */
static void say_walk(const ap_line *l)
{
	qv_events *ev = l->ev;
	const char(*s)[AP_PHRASE] = l->piece;
	int p = l->p + 1, n = l->b;
	const char *d = qv_dir_names[l->a];
	if (l->cont) {
		switch (l->n) {
		case 1: qv_say(ev, "p%d walks on: %s", p, s[0]); break;
		case 2: qv_say(ev, "p%d walks on: %s %s", p, s[0], s[1]); break;
		case 3: qv_say(ev, "p%d walks on: %s %s %s", p, s[0], s[1], s[2]); break;
		case 4: qv_say(ev, "p%d walks on: %s %s %s %s", p, s[0], s[1], s[2], s[3]); break;
		}
		return;
	}
	switch (l->n) {
	case 1: qv_say(ev, "p%d walks %s %d: %s", p, d, n, s[0]); break;
	case 2: qv_say(ev, "p%d walks %s %d: %s %s", p, d, n, s[0], s[1]); break;
	case 3: qv_say(ev, "p%d walks %s %d: %s %s %s", p, d, n, s[0], s[1], s[2]); break;
	case 4: qv_say(ev, "p%d walks %s %d: %s %s %s %s", p, d, n, s[0], s[1], s[2], s[3]); break;
	}
}

/* Says the score line l: its head, then the parts of the score. */
static void say_score(const ap_line *l)
{
	qv_events *ev = l->ev;
	const char(*s)[AP_PHRASE] = l->piece;
	int p = l->p + 1, v = l->a;
	if (l->cont) {
		switch (l->n) {
		case 1: qv_say(ev, "p%d's score, continued: %s", p, s[0]); break;
		case 2: qv_say(ev, "p%d's score, continued: %s, %s", p, s[0], s[1]); break;
		case 3:
			qv_say(ev, "p%d's score, continued: %s, %s, %s", p, s[0], s[1], s[2]);
			break;
		case 4:
			qv_say(ev, "p%d's score, continued: %s, %s, %s, %s", p, s[0], s[1], s[2],
			       s[3]);
			break;
		}
		return;
	}
	switch (l->n) {
	case 1: qv_say(ev, "p%d scores %d: %s", p, v, s[0]); break;
	case 2: qv_say(ev, "p%d scores %d: %s, %s", p, v, s[0], s[1]); break;
	case 3: qv_say(ev, "p%d scores %d: %s, %s, %s", p, v, s[0], s[1], s[2]); break;
	case 4: qv_say(ev, "p%d scores %d: %s, %s, %s, %s", p, v, s[0], s[1], s[2], s[3]); break;
	case 5:
		qv_say(ev, "p%d scores %d: %s, %s, %s, %s, %s", p, v, s[0], s[1], s[2], s[3], s[4]);
		break;
	}
}

/* Says the line of the final order l: its places, best first. */
static void say_order(const ap_line *l)
{
	qv_events *ev = l->ev;
	const char(*s)[AP_PHRASE] = l->piece;
	if (l->cont) {
		switch (l->n) {
		case 1: qv_say(ev, "final order, continued: %s", s[0]); break;
		case 2: qv_say(ev, "final order, continued: %s, %s", s[0], s[1]); break;
		case 3: qv_say(ev, "final order, continued: %s, %s, %s", s[0], s[1], s[2]); break;
		case 4:
			qv_say(ev, "final order, continued: %s, %s, %s, %s", s[0], s[1], s[2],
			       s[3]);
			break;
		}
		return;
	}
	switch (l->n) {
	case 1: qv_say(ev, "final order: %s", s[0]); break;
	case 2: qv_say(ev, "final order: %s, %s", s[0], s[1]); break;
	case 3: qv_say(ev, "final order: %s, %s, %s", s[0], s[1], s[2]); break;
	case 4: qv_say(ev, "final order: %s, %s, %s, %s", s[0], s[1], s[2], s[3]); break;
	case 5: qv_say(ev, "final order: %s, %s, %s, %s, %s", s[0], s[1], s[2], s[3], s[4]); break;
	}
}

/* Opens a line of `kind` (AP_LINE_*) about player p with the head's numbers a and b, a
 * continuation line when cont; its lines go to ev. */
static void line_start(ap_line *l, qv_events *ev, int kind, bool cont, int p, int a, int b)
{
	l->ev = ev;
	l->kind = kind;
	l->cont = cont;
	l->p = p;
	l->a = a;
	l->b = b;
	l->run = false;
	l->n = l->ntok = 0;
	l->width = head_width(l);
}

/* Says l's line (when it holds a piece) and empties it. */
static void line_end(ap_line *l)
{
	if (l->n && l->kind == AP_LINE_WALK)
		say_walk(l);
	else if (l->n && l->kind == AP_LINE_SCORE)
		say_score(l);
	else if (l->n)
		say_order(l);
	l->n = l->ntok = 0;
	l->run = false;
}

/* Makes room on l's line for a token of w columns, which starts a piece of its own when
 * `piece`: when the token would take the line past the width, or past the pieces its formats
 * hold, says the line and opens its continuation. The tokens are joined by ", ", a walk's
 * squares by " ". */
static void line_fit(ap_line *l, int w, bool piece)
{
	int most = l->kind == AP_LINE_WALK ? AP_WALK_PIECES : AP_LINE_PIECES;
	int sep = l->ntok && l->kind != AP_LINE_WALK ? 2 : 1;
	if (l->ntok && (l->width + sep + w > AP_LINE_WIDTH || (piece && l->n == most))) {
		line_end(l);
		l->cont = true;
		l->width = head_width(l);
		sep = 1;
	}
	l->width += sep + w;
	l->ntok++;
}

/* Adds piece (a phrase, or plain text) to l's line, a token of its own. */
static void line_put(ap_line *l, const char *piece)
{
	line_fit(l, text_width(piece), true);
	qv_copy(l->piece[l->n++], AP_PHRASE, piece);
}

/* Says the lines held in `held` (each with its message, as qv_say made them) after those of
 * ev, in their order, and empties held. */
static void say_held(qv_events *ev, qv_events *held)
{
	qv_buf_puts(&ev->text, qv_buf_str(&held->text));
	ev->n += held->n;
	if (held->text.failed)
		ev->text.failed = true;
	qv_events_clear(held);
}

/* ---- the items phase ---- */

void ap_say_uses(const ap_state *s, qv_events *ev)
{
	char u[40];
	const ap_tables *T = ap_T(s);
	/* A line per use ("p1 uses swap p3 x2"): each states that player's decision, told once
	 * every player has made it. */
	for (int p = 0; p < s->nplayers; p++) {
		const ap_player *pl = &s->pl[p];
		if (!pl->uses)
			qv_say_by(ev, p, "p%d uses no item", p + 1);
		for (int k = 0; k < T->nkinds; k++)
			if (ap_used(pl, k)) {
				ap_use_text(T, pl, k, u, sizeof u);
				qv_say_by(ev, p, "p%d uses %s", p + 1, u);
			}
	}
}

void ap_say_exchange(const ap_state *s, int p, qv_events *ev)
{
	const ap_tables *T = ap_T(s);
	int t = s->pl[p].exch_target;
	char a[8], b[8];
	ap_cell_name(s, s->pl[p].pos, a);
	ap_cell_name(s, s->pl[t].pos, b);
	qv_say(ev, "%s: p%d and p%d trade places, p%d now on %s, p%d on %s",
	       T->item_id[ap_used_kind(T, &s->pl[p], AP_E_EXCHANGE)], p + 1, t + 1, p + 1, a, t + 1,
	       b);
}

/* The id of the noswap item pl used (one it used: ap_used_effect true). */
static const char *noswap_id(const ap_tables *T, const ap_player *pl)
{
	return T->item_id[ap_used_kind(T, pl, AP_E_NOSWAP)];
}

void ap_say_swap_void(const ap_state *s, int p, bool noswap_p, bool noswap_t, qv_events *ev)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	int t = pl->swap_target, q = noswap_p ? p : t;
	const char *swap = T->item_id[ap_used_kind(T, pl, AP_E_SWAP)];
	if (noswap_p && noswap_t)
		qv_say(ev, "p%d's %s with p%d does nothing: both use %s", p + 1, swap, t + 1,
		       noswap_id(T, pl));
	else if (noswap_p || noswap_t)
		qv_say(ev, "p%d's %s with p%d does nothing: p%d uses %s", p + 1, swap, t + 1, q + 1,
		       noswap_id(T, &s->pl[q]));
	else
		qv_say(ev, "p%d's %s with p%d does nothing: p%d no longer holds %s", p + 1, swap,
		       t + 1, p + 1, T->item_id[pl->swap_item % T->nkinds]);
}

void ap_say_swap(const ap_state *s, int p, int took, qv_events *ev)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	int t = pl->swap_target;
	const char *gave = T->item_id[pl->swap_item % T->nkinds];
	if (took < 0) {
		qv_say(ev, "p%d gives %s to p%d and takes nothing: p%d holds no item", p + 1, gave,
		       t + 1, t + 1);
		return;
	}
	qv_say(ev, "p%d gives %s to p%d and takes {%x:%s|an item} from p%d", p + 1, gave, t + 1,
	       1u << p | 1u << t, T->item_id[took], t + 1);
}

void ap_say_die(const ap_state *s, int p, qv_events *ev)
{
	qv_say(ev, "p%d's die becomes a %s", p + 1, ap_T(s)->die_id[s->pl[p].die]);
}

void ap_say_draw(const ap_tables *T, int p, int card, qv_events *ev)
{
	char c[12];
	ap_card_name(T, card, c);
	qv_say(ev, "p%d draws {%x:%s (%s)|a card} from stack %d", p + 1, 1u << p, c,
	       T->arrow_text[card], ap_value(T, card));
}

void ap_say_no_draw(int p, qv_events *ev)
{
	qv_say(ev, "p%d's draw takes nothing: every arrow stack is empty", p + 1);
}

void ap_say_skip(int p, qv_events *ev)
{
	qv_say(ev, "p%d holds no arrow card: p%d neither throws nor walks this round", p + 1,
	       p + 1);
}

/* ---- throw, landing, roll, direction ---- */

void ap_say_throws(const ap_state *s, qv_events *ev)
{
	char c[12];
	const ap_tables *T = ap_T(s);
	/* One line per thrower: each states that player's decision, told once all have thrown. */
	for (int p = 0; p < s->nplayers; p++)
		if (s->pl[p].throw_card) {
			int card = s->pl[p].throw_card - 1;
			ap_card_name(T, card, c);
			qv_say_by(ev, p, "p%d throws %s (%s)", p + 1, c, T->arrow_text[card]);
		}
}

void ap_say_land(const ap_state *s, int p, qv_events *ev)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	int card = pl->throw_card - 1, turn = 45 * (pl->land - 1), m = ap_arrow_dirs(s, p);
	char c[12], dirs[40] = "";
	ap_card_name(T, card, c);
	for (int d = 0; d < QV_NDIRS; d++)
		if (m >> d & 1) {
			size_t len = strlen(dirs);
			qv_fmt(dirs + len, sizeof dirs - len, "%s%s", len ? " " : "",
			       qv_dir_names[d]);
		}
	if (!ap_used_effect(T, pl, AP_E_REVERSE)) {
		if (!turn)
			qv_say_by(ev, QV_CHANCE, "p%d's %s lands upright: p%d may go %s", p + 1, c,
			          p + 1, dirs);
		else
			qv_say_by(ev, QV_CHANCE, "p%d's %s lands turned %d°: p%d may go %s", p + 1,
			          c, turn, p + 1, dirs);
		return;
	}
	const char *with = T->item_id[ap_used_kind(T, pl, AP_E_REVERSE)];
	if (!turn)
		qv_say_by(ev, QV_CHANCE, "p%d's %s lands upright: p%d may go %s (with %s)", p + 1,
		          c, p + 1, dirs, with);
	else
		qv_say_by(ev, QV_CHANCE, "p%d's %s lands turned %d°: p%d may go %s (with %s)",
		          p + 1, c, turn, p + 1, dirs, with);
}

void ap_say_roll(const ap_state *s, int p, qv_events *ev)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	int n = 0, r = pl->roll, steps = ap_steps(T, pl->roll, pl->uses);
	const char *mod[3], *die = T->die_id[pl->die], *pl_s = steps == 1 ? "" : "s";
	static const int order[] = {AP_E_MULTIPLY, AP_E_DIVIDE, AP_E_SUBTRACT};
	for (int i = 0; i < 3; i++)
		if (ap_used_effect(T, pl, order[i]))
			mod[n++] = T->item_id[ap_used_kind(T, pl, order[i])];
	switch (n) {
	case 0:
		qv_say_by(ev, QV_CHANCE, "p%d rolls %d on a %s: %d step%s", p + 1, r, die, steps,
		          pl_s);
		break;
	case 1:
		qv_say_by(ev, QV_CHANCE, "p%d rolls %d on a %s: %d step%s (%s)", p + 1, r, die,
		          steps, pl_s, mod[0]);
		break;
	case 2:
		qv_say_by(ev, QV_CHANCE, "p%d rolls %d on a %s: %d step%s (%s, %s)", p + 1, r, die,
		          steps, pl_s, mod[0], mod[1]);
		break;
	default:
		qv_say_by(ev, QV_CHANCE, "p%d rolls %d on a %s: %d step%s (%s, %s, %s)", p + 1, r,
		          die, steps, pl_s, mod[0], mod[1], mod[2]);
		break;
	}
}

/* ---- the walk ---- */

void ap_walk_say_init(ap_walk_say *ws, qv_events *ev)
{
	memset(ws, 0, sizeof *ws);
	ws->ev = ev;
}

void ap_walk_say_free(ap_walk_say *ws)
{
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		qv_events_free(&ws->held[p]);
}

void ap_walk_still(const ap_state *s, int p, qv_events *ev)
{
	char c[8];
	ap_cell_name(s, s->pl[p].pos, c);
	qv_say(ev, "p%d stands still on %s (0 steps)", p + 1, c);
}

/* Opens p's line of this stretch of the walk: "p1 walks N 5:" when p has not stepped yet
 * this round (steps is what p had left before this tick), "p1 walks on:" after a pause. */
static void walk_open(ap_walk_say *ws, const ap_state *s, int p, int steps)
{
	if (ws->open[p])
		return;
	const ap_player *pl = &s->pl[p];
	int total = ap_steps(ap_T(s), pl->roll, pl->uses);
	line_start(&ws->line[p], &ws->held[p], AP_LINE_WALK, steps != total, p, pl->go - 1, total);
	ws->open[p] = true;
}

/* Writes into buf (AP_PHRASE bytes) the phrase of a stretch of the walk, squares ("c3 c4"),
 * with what its last step met: AP_PICK_* (id: the item's), or AP_EDGE (lost: the steps lost;
 * squares may be empty then). */
static void walk_mark(char *buf, const char *squares, int what, const char *id, int lost)
{
	const char *s = lost == 1 ? "" : "s";
	switch (what) {
	case AP_PICK_STAR: qv_phrase(buf, AP_PHRASE, "%s (picks up a star)", squares); break;
	case AP_PICK_SKULL: qv_phrase(buf, AP_PHRASE, "%s (picks up a skull)", squares); break;
	case AP_PICK_KNOWN: qv_phrase(buf, AP_PHRASE, "%s (picks up %s)", squares, id); break;
	case AP_PICK_HIDDEN:
		qv_phrase(buf, AP_PHRASE, "%s (picks up a face-down item)", squares);
		break;
	case AP_PICK_LEFT:
		qv_phrase(buf, AP_PHRASE, "%s (leaves the item there: %s)", squares, id);
		break;
	default:
		if (*squares)
			qv_phrase(buf, AP_PHRASE, "%s (stops at the edge: %d step%s lost)", squares,
			          lost, s);
		else
			qv_phrase(buf, AP_PHRASE, "(stops at the edge: %d step%s lost)", lost, s);
		break;
	}
}

/* Adds a step to the walk line l: square c ("" for the edge) and what it met (AP_PICK_*, or
 * AP_EDGE; id: the item's, lost: the steps lost at the edge). A square joins the stretch of
 * squares the line ends with; what it met closes the stretch. */
static void walk_add(ap_line *l, const char *c, int what, const char *id, int lost)
{
	char mark[AP_PHRASE], run[AP_PHRASE];
	int w = text_width(c);
	if (what != AP_PICK_NONE) {
		walk_mark(mark, c, what, id, lost);
		w = text_width(mark);
	}
	line_fit(l, w, !l->run);
	if (*c && l->run) {
		size_t len = strlen(l->piece[l->n - 1]);
		qv_fmt(l->piece[l->n - 1] + len, AP_PHRASE - len, " %s", c);
	} else if (*c) {
		qv_copy(l->piece[l->n++], AP_PHRASE, c);
		l->run = true;
	}
	if (what == AP_PICK_NONE)
		return;
	if (l->run) {
		qv_copy(run, sizeof run, l->piece[l->n - 1]);
		walk_mark(l->piece[l->n - 1], run, what, id, lost);
	} else {
		qv_copy(l->piece[l->n++], AP_PHRASE, mark);
	}
	l->run = false;
}

void ap_walk_step(ap_walk_say *ws, const ap_state *s, int p, int steps, int what)
{
	const ap_tables *T = ap_T(s);
	char c[8];
	walk_open(ws, s, p, steps);
	ap_cell_name(s, s->pl[p].pos, c);
	int kind = what >> 4;
	const char *id = T->item_id[kind];
	/* A face-down item is named to p only after the walk, in table order: p's hand shows
	 * which items came, not in what order, so neither may the narration. */
	if ((what & 15) == AP_PICK_HIDDEN)
		ws->found[p][kind]++;
	if ((what & 15) == AP_PICK_LEFT)
		id = T->item_id[ap_used_kind(T, &s->pl[p], AP_E_NOPICKUP)];
	walk_add(&ws->line[p], c, what & 15, id, 0);
}

void ap_walk_edge(ap_walk_say *ws, const ap_state *s, int p, int lost)
{
	const ap_player *pl = &s->pl[p];
	if (!ws->open[p] && lost == ap_steps(ap_T(s), pl->roll, pl->uses)) {
		/* Not a single step: the direction is not said, as nothing shows it afterwards. */
		char c[8];
		qv_events *held = &ws->held[p];
		ap_cell_name(s, pl->pos, c);
		qv_say(held, "p%d stays on %s: its direction leads off the area (%d step%s lost)",
		       p + 1, c, lost, lost == 1 ? "" : "s");
		return;
	}
	walk_open(ws, s, p, lost);
	walk_add(&ws->line[p], "", AP_EDGE, NULL, lost);
}

void ap_walk_found(ap_walk_say *ws, const ap_tables *T, int nplayers)
{
	qv_events *ev = ws->ev;
	/* A line per item, told to p alone. */
	for (int p = 0; p < nplayers; p++) {
		for (int k = 0; k < T->nkinds; k++)
			for (int i = 0; i < ws->found[p][k]; i++)
				qv_say(ev, "{%x:p%d's face-down pick-up is %s|}", 1u << p, p + 1,
				       T->item_id[k]);
		memset(ws->found[p], 0, sizeof ws->found[p]);
	}
}

void ap_walk_flush(ap_walk_say *ws)
{
	for (int p = 0; p < QV_MAX_PLAYERS; p++) {
		if (ws->open[p]) {
			line_end(&ws->line[p]);
			ws->open[p] = false;
		}
		say_held(ws->ev, &ws->held[p]);
	}
}

void ap_say_bump(const ap_state *s, int a, int b, bool cross, const uint16_t *before, qv_events *ev)
{
	char where[AP_PHRASE], x[8], y[8];
	if (cross) {
		ap_cell_name(s, before[a], x);
		ap_cell_name(s, before[b], y);
		qv_phrase(where, sizeof where, "passing between %s and %s", x, y);
	} else {
		ap_cell_name(s, s->pl[a].pos, x);
		qv_phrase(where, sizeof where, "on %s", x);
	}
	const ap_tables *T = ap_T(s);
	bool na = ap_used_effect(T, &s->pl[a], AP_E_NOSWAP);
	bool nb = ap_used_effect(T, &s->pl[b], AP_E_NOSWAP);
	int q = na ? a : b;
	if (!na && !nb)
		qv_say(ev, "p%d and p%d bump %s", a + 1, b + 1, where);
	else if (na && nb)
		qv_say(ev, "p%d and p%d bump %s: no exchange, both use %s", a + 1, b + 1, where,
		       noswap_id(T, &s->pl[a]));
	else
		qv_say(ev, "p%d and p%d bump %s: no exchange, p%d uses %s", a + 1, b + 1, where,
		       q + 1, noswap_id(T, &s->pl[q]));
}

void ap_say_give(const ap_tables *T, int a, int b, int ga, int gb, qv_events *ev)
{
	unsigned m = 1u << a | 1u << b;
	if (ga >= 0 && gb >= 0)
		qv_say(ev, "p%d gives {%x:%s|an item} to p%d; p%d gives {%x:%s|an item} to p%d",
		       a + 1, m, T->item_id[ga], b + 1, b + 1, m, T->item_id[gb], a + 1);
	else if (ga >= 0)
		qv_say(ev, "p%d gives {%x:%s|an item} to p%d; p%d has no item to give", a + 1, m,
		       T->item_id[ga], b + 1, b + 1);
	else if (gb >= 0)
		qv_say(ev, "p%d has no item to give; p%d gives {%x:%s|an item} to p%d", a + 1,
		       b + 1, m, T->item_id[gb], a + 1);
	else
		qv_say(ev, "neither p%d nor p%d holds an item to give", a + 1, b + 1);
}

/* ---- the end of a round, the redistribution, the end of the game ---- */

void ap_say_round_end(const ap_state *s, bool thrown, qv_events *ev)
{
	if (thrown)
		qv_say(ev, "round %d ends: the thrown cards go to their stacks' discards",
		       s->round);
	else
		qv_say(ev, "round %d ends", s->round);
}

void ap_say_round(const ap_state *s, qv_events *ev)
{
	if (s->round == s->rounds / 2 + 1)
		qv_say(ev, "round %d of %d begins with the redistribution", s->round, s->rounds);
	else
		qv_say(ev, "round %d of %d begins", s->round, s->rounds);
}

void ap_say_refill(int v, int n, qv_events *ev)
{
	qv_say(ev, "stack %d is refilled with its %d returned card%s", v + 1, n, n == 1 ? "" : "s");
}

void ap_say_dealt(const ap_tables *T, int p, const uint8_t *cards, int n, qv_events *ev)
{
	char c[AP_NVALUES][12];
	int v[AP_NVALUES];
	unsigned m = 1u << p;
	/* one card from each stack that has one: n <= AP_NVALUES */
	for (int i = 0; i < n && i < AP_NVALUES; i++) {
		ap_card_name(T, cards[i], c[i]);
		v[i] = ap_value(T, cards[i]);
	}
	switch (n) {
	case 0: qv_say(ev, "p%d is dealt nothing: every stack is empty", p + 1); break;
	case 1:
		qv_say(ev, "p%d is dealt {%x:%s|1 arrow card (value %d)}", p + 1, m, c[0], v[0]);
		break;
	case 2:
		qv_say(ev, "p%d is dealt {%x:%s %s|2 arrow cards (values %d %d)}", p + 1, m, c[0],
		       c[1], v[0], v[1]);
		break;
	case 3:
		qv_say(ev, "p%d is dealt {%x:%s %s %s|3 arrow cards (values %d %d %d)}", p + 1, m,
		       c[0], c[1], c[2], v[0], v[1], v[2]);
		break;
	case 4:
		qv_say(ev, "p%d is dealt {%x:%s %s %s %s|4 arrow cards (values %d %d %d %d)}",
		       p + 1, m, c[0], c[1], c[2], c[3], v[0], v[1], v[2], v[3]);
		break;
	default:
		qv_say(ev, "p%d is dealt {%x:%s %s %s %s %s|one arrow card of each value}", p + 1,
		       m, c[0], c[1], c[2], c[3], c[4]);
		break;
	}
}

/* A number of points with its sign, 0 without one. buf >= 16. */
static const char *signed_text(int v, char *buf)
{
	qv_fmt(buf, 16, v ? "%+d" : "0", v);
	return buf;
}

/* Says p's score with its parts: the arrow cards', the items', the stars', the skulls' and
 * the die's. */
static void say_score_of(const ap_state *s, int p, qv_events *ev)
{
	const ap_tables *T = ap_T(s);
	const ap_player *pl = &s->pl[p];
	int arrows = 0, items = 0;
	for (int i = 0; i < pl->nhand; i++) {
		int c = pl->hand[i].card;
		if (ap_is_item(c))
			items += T->item_points[ap_kind(c)];
		else
			arrows += ap_value(T, c);
	}
	char t[AP_PHRASE], part[16];
	ap_line l;
	line_start(&l, ev, AP_LINE_SCORE, false, p, ap_score_of(s, p), 0);
	qv_phrase(t, sizeof t, "arrows %d", arrows);
	line_put(&l, t);
	qv_phrase(t, sizeof t, "items %s", signed_text(items, part));
	line_put(&l, t);
	if (pl->stars) {
		qv_phrase(t, sizeof t, "%d star%s %s", pl->stars, pl->stars == 1 ? "" : "s",
		          signed_text(T->star_points * pl->stars, part));
		line_put(&l, t);
	}
	if (pl->skulls) {
		qv_phrase(t, sizeof t, "%d skull%s %s", pl->skulls, pl->skulls == 1 ? "" : "s",
		          signed_text(T->skull_points * pl->skulls, part));
		line_put(&l, t);
	}
	qv_fmt(t, sizeof t, "%s %s", T->die_id[pl->die], signed_text(T->die_points[pl->die], part));
	line_put(&l, t);
	line_end(&l);
}

/* Writes into buf (AP_PHRASE bytes) the phrase of p's place r in the final order. */
static void place_phrase(char *buf, int r, int p, int score)
{
	switch (r) {
	case 1: qv_phrase(buf, AP_PHRASE, "1st p%d (%d)", p + 1, score); break;
	case 2: qv_phrase(buf, AP_PHRASE, "2nd p%d (%d)", p + 1, score); break;
	case 3: qv_phrase(buf, AP_PHRASE, "3rd p%d (%d)", p + 1, score); break;
	case 4: qv_phrase(buf, AP_PHRASE, "4th p%d (%d)", p + 1, score); break;
	default: qv_phrase(buf, AP_PHRASE, "5th p%d (%d)", p + 1, score); break;
	}
}

void ap_say_end(const ap_state *s, const int *ranks, qv_events *ev)
{
	qv_say(ev, "the game ends after round %d; every hand's items are shown", s->rounds);
	for (int p = 0; p < s->nplayers; p++)
		say_score_of(s, p, ev);
	char t[AP_PHRASE];
	ap_line l;
	line_start(&l, ev, AP_LINE_ORDER, false, 0, 0, 0);
	for (int r = 1; r <= s->nplayers; r++)
		for (int p = 0; p < s->nplayers; p++)
			if (ranks[p] == r) {
				place_phrase(t, r, p, ap_score_of(s, p));
				line_put(&l, t);
			}
	line_end(&l);
}
