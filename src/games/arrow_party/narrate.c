/*
 * narrate.c - Arrow Party's narration (qv_events in core.h): the lines apply writes for people
 * about what an action set off. rules.c calls these at the points where things happen, only
 * when it was given a qv_events (the search applies millions of actions without one); this
 * file only words them.
 *
 * Secrets: the identity of a card that changes hands privately (a draw, a face-down pick-up, a
 * swap's take, a bump's gifts, the redistribution's deal) is written as a secret part for the
 * players who learn it, with a public reading that says only what everyone sees (a card, an
 * item). Everything else here is public when it is said: the uses, throws and directions are
 * told only once they are revealed to all.
 *
 * Long lists (a walk, the uses of a player) wrap into lines of at most AP_LINE_WIDTH columns,
 * each continuation line naming its subject again.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"

/* The columns a line may take: the engine prints a consequence indented by 6 in 80. */
#define AP_LINE_WIDTH 72

/* The columns text takes for the viewer who reads more of it: each secret part
 * {M:secret|public} counts as the longer of its two readings; one column per code point. */
static int shown_width(const char *t)
{
	int w = 0;
	while (*t) {
		if (*t != '{') {
			w += ((unsigned char)*t & 0xC0) != 0x80;
			t++;
			continue;
		}
		const char *colon = strchr(t, ':'), *bar = colon ? strchr(colon, '|') : NULL;
		const char *end = bar ? strchr(bar, '}') : NULL;
		if (!end)
			return w + (int)strlen(t);
		int a = (int)(bar - colon - 1), b = (int)(end - bar - 1);
		w += a > b ? a : b;
		t = end + 1;
	}
	return w;
}

/* Sends a finished line to its place: held for later, or said now. */
static void line_emit(ap_line *l)
{
	char secret[520];
	const char *t = l->text;
	if (l->mask) {
		snprintf(secret, sizeof secret, "{%x:%s|}", l->mask, l->text);
		t = secret;
	}
	if (l->out) {
		qv_buf_puts(l->out, t);
		qv_buf_putc(l->out, '\n');
	} else {
		qv_say_by(l->ev, l->who, "%s", t);
	}
}

void ap_line_start(ap_line *l, qv_events *ev, qv_buf *out, const char *sep, const char *prefix,
                   const char *cont)
{
	l->ev = ev;
	l->out = out;
	qv_copy(l->sep, sizeof l->sep, sep);
	qv_copy(l->cont, sizeof l->cont, cont);
	qv_copy(l->text, sizeof l->text, prefix);
	l->width = shown_width(l->text);
	l->ntok = 0;
	l->mask = 0;
	l->who = QV_RULES;
}

void ap_line_add(ap_line *l, const char *fmt, ...)
{
	char tok[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tok, sizeof tok, fmt, ap);
	va_end(ap);
	int w = shown_width(tok);
	const char *sep = l->ntok ? l->sep : " ";
	if (l->ntok && l->width + shown_width(sep) + w > AP_LINE_WIDTH) {
		line_emit(l);
		qv_copy(l->text, sizeof l->text, l->cont);
		l->width = shown_width(l->text);
		sep = " ";
	}
	size_t len = strlen(l->text);
	snprintf(l->text + len, sizeof l->text - len, "%s%s", sep, tok);
	l->width += shown_width(sep) + w;
	l->ntok++;
}

void ap_line_end(ap_line *l)
{
	line_emit(l);
	l->ntok = 0;
}

/* Says each line held in b (each ending in a newline) and empties b. */
static void say_held(qv_events *ev, qv_buf *b)
{
	const char *s = qv_buf_str(b);
	while (*s) {
		size_t len = strcspn(s, "\n");
		qv_say(ev, "%.*s", (int)len, s);
		s += len + (s[len] == '\n');
	}
	qv_buf_clear(b);
}

/* ---- the items phase ---- */

void ap_say_uses(const ap_state *s, qv_events *ev)
{
	char u[40];
	const ap_tables *T = ap_T(s);
	/* One line (or more, wrapped) per player: each states that player's decision, told once
	 * every player has made it. */
	for (int p = 0; p < s->nplayers; p++) {
		const ap_player *pl = &s->pl[p];
		if (!pl->uses) {
			qv_say_by(ev, p, "p%d uses no item", p + 1);
			continue;
		}
		char prefix[24], cont[24];
		snprintf(prefix, sizeof prefix, "p%d uses", p + 1);
		snprintf(cont, sizeof cont, "p%d also uses", p + 1);
		ap_line l;
		ap_line_start(&l, ev, NULL, ", ", prefix, cont);
		l.who = p;
		for (int k = 0; k < T->nkinds; k++)
			if (ap_used(pl, k)) {
				ap_use_text(T, pl, k, u, sizeof u);
				ap_line_add(&l, "%s", u);
			}
		ap_line_end(&l);
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
	int t = pl->swap_target;
	const char *swap = T->item_id[ap_used_kind(T, pl, AP_E_SWAP)];
	if (noswap_p || noswap_t) {
		char why[48];
		if (noswap_p && noswap_t)
			snprintf(why, sizeof why, "both use %s", noswap_id(T, pl));
		else
			snprintf(why, sizeof why, "p%d uses %s", (noswap_p ? p : t) + 1,
			         noswap_id(T, &s->pl[noswap_p ? p : t]));
		qv_say(ev, "p%d's %s with p%d does nothing: %s", p + 1, swap, t + 1, why);
		return;
	}
	qv_say(ev, "p%d's %s with p%d does nothing: p%d no longer holds %s", p + 1, swap, t + 1,
	       p + 1, T->item_id[pl->swap_item % T->nkinds]);
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
	int card = pl->throw_card - 1, k = pl->land - 1, m = ap_arrow_dirs(s, p);
	char c[12], turned[24], dirs[40] = "", with[24] = "";
	ap_card_name(T, card, c);
	if (ap_used_effect(T, pl, AP_E_REVERSE))
		snprintf(with, sizeof with, " (with %s)",
		         T->item_id[ap_used_kind(T, pl, AP_E_REVERSE)]);
	if (k == 0)
		snprintf(turned, sizeof turned, "lands upright");
	else
		snprintf(turned, sizeof turned, "lands turned %d\xc2\xb0", 45 * k);
	for (int d = 0; d < QV_NDIRS; d++)
		if (m >> d & 1) {
			size_t len = strlen(dirs);
			snprintf(dirs + len, sizeof dirs - len, " %s", qv_dir_names[d]);
		}
	qv_say_by(ev, QV_CHANCE, "p%d's %s %s: p%d may go%s%s", p + 1, c, turned, p + 1, dirs,
	          with);
}

void ap_say_roll(const ap_state *s, int p, qv_events *ev)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	int steps = ap_steps(T, pl->roll, pl->uses);
	char mods[48] = "";
	static const int order[] = {AP_E_MULTIPLY, AP_E_DIVIDE, AP_E_SUBTRACT};
	for (int i = 0; i < 3; i++)
		if (ap_used_effect(T, pl, order[i])) {
			size_t len = strlen(mods);
			snprintf(mods + len, sizeof mods - len, "%s%s", len ? ", " : " (",
			         T->item_id[ap_used_kind(T, pl, order[i])]);
		}
	if (mods[0])
		strcat(mods, ")");
	qv_say_by(ev, QV_CHANCE, "p%d rolls %d on a %s: %d step%s%s", p + 1, pl->roll,
	          T->die_id[pl->die], steps, steps == 1 ? "" : "s", mods);
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
		qv_buf_free(&ws->held[p]);
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
	char prefix[32], cont[24];
	int total = ap_steps(ap_T(s), pl->roll, pl->uses);
	snprintf(cont, sizeof cont, "p%d walks on:", p + 1);
	if (steps == total)
		snprintf(prefix, sizeof prefix, "p%d walks %s %d:", p + 1, qv_dir_names[pl->go - 1],
		         total);
	else
		qv_copy(prefix, sizeof prefix, cont);
	ap_line_start(&ws->line[p], ws->ev, &ws->held[p], " ", prefix, cont);
	ws->open[p] = true;
}

void ap_walk_step(ap_walk_say *ws, const ap_state *s, int p, int steps, int what)
{
	char c[8];
	walk_open(ws, s, p, steps);
	ap_cell_name(s, s->pl[p].pos, c);
	int kind = what >> 4;
	switch (what & 15) {
	case AP_PICK_STAR: ap_line_add(&ws->line[p], "%s (picks up a star)", c); break;
	case AP_PICK_SKULL: ap_line_add(&ws->line[p], "%s (picks up a skull)", c); break;
	case AP_PICK_KNOWN:
		ap_line_add(&ws->line[p], "%s (picks up %s)", c, ap_T(s)->item_id[kind]);
		break;
	case AP_PICK_HIDDEN:
		/* Named to p only after the walk, in table order: p's hand shows which items
		 * came, not in what order, so neither may the narration. */
		ap_line_add(&ws->line[p], "%s (picks up a face-down item)", c);
		ws->found[p][kind]++;
		break;
	case AP_PICK_LEFT: {
		const ap_tables *T = ap_T(s);
		ap_line_add(&ws->line[p], "%s (leaves the item there: %s)", c,
		            T->item_id[ap_used_kind(T, &s->pl[p], AP_E_NOPICKUP)]);
		break;
	}
	default: ap_line_add(&ws->line[p], "%s", c); break;
	}
}

void ap_walk_edge(ap_walk_say *ws, const ap_state *s, int p, int lost)
{
	const ap_player *pl = &s->pl[p];
	if (!ws->open[p] && lost == ap_steps(ap_T(s), pl->roll, pl->uses)) {
		/* Not a single step: the direction is not said, as nothing shows it afterwards. */
		char c[8], line[96];
		ap_cell_name(s, pl->pos, c);
		snprintf(line, sizeof line,
		         "p%d stays on %s: its direction leads off the area (%d step%s lost)",
		         p + 1, c, lost, lost == 1 ? "" : "s");
		qv_buf_puts(&ws->held[p], line);
		qv_buf_putc(&ws->held[p], '\n');
		return;
	}
	walk_open(ws, s, p, lost);
	ap_line_add(&ws->line[p], "(stops at the edge: %d step%s lost)", lost,
	            lost == 1 ? "" : "s");
}

void ap_walk_found(ap_walk_say *ws, const ap_tables *T, int nplayers)
{
	for (int p = 0; p < nplayers; p++) {
		int n = 0;
		for (int k = 0; k < T->nkinds; k++)
			n += ws->found[p][k];
		if (!n)
			continue;
		char prefix[40], cont[40];
		snprintf(prefix, sizeof prefix, "p%d's face-down pick-up%s %s", p + 1,
		         n > 1 ? "s" : "", n > 1 ? "are" : "is");
		snprintf(cont, sizeof cont, "p%d's pick-ups, continued:", p + 1);
		ap_line l;
		ap_line_start(&l, ws->ev, NULL, ", ", prefix, cont);
		l.mask = 1u << p;
		for (int k = 0; k < T->nkinds; k++)
			for (int i = 0; i < ws->found[p][k]; i++)
				ap_line_add(&l, "%s", T->item_id[k]);
		ap_line_end(&l);
		memset(ws->found[p], 0, sizeof ws->found[p]);
	}
}

void ap_walk_flush(ap_walk_say *ws)
{
	for (int p = 0; p < QV_MAX_PLAYERS; p++) {
		if (ws->open[p]) {
			ap_line_end(&ws->line[p]);
			ws->open[p] = false;
		}
		say_held(ws->ev, &ws->held[p]);
	}
}

void ap_say_bump(const ap_state *s, int a, int b, bool cross, const uint16_t *before, qv_events *ev)
{
	char where[48], x[8], y[8];
	if (cross) {
		ap_cell_name(s, before[a], x);
		ap_cell_name(s, before[b], y);
		snprintf(where, sizeof where, "passing between %s and %s", x, y);
	} else {
		ap_cell_name(s, s->pl[a].pos, x);
		snprintf(where, sizeof where, "on %s", x);
	}
	const ap_tables *T = ap_T(s);
	bool na = ap_used_effect(T, &s->pl[a], AP_E_NOSWAP);
	bool nb = ap_used_effect(T, &s->pl[b], AP_E_NOSWAP);
	if (!na && !nb) {
		qv_say(ev, "p%d and p%d bump %s", a + 1, b + 1, where);
		return;
	}
	char why[48];
	if (na && nb)
		snprintf(why, sizeof why, "both use %s", noswap_id(T, &s->pl[a]));
	else
		snprintf(why, sizeof why, "p%d uses %s", (na ? a : b) + 1,
		         noswap_id(T, &s->pl[na ? a : b]));
	qv_say(ev, "p%d and p%d bump %s: no exchange, %s", a + 1, b + 1, where, why);
}

void ap_say_give(const ap_tables *T, int a, int b, int ga, int gb, qv_events *ev)
{
	unsigned m = 1u << a | 1u << b;
	if (ga < 0 && gb < 0) {
		qv_say(ev, "neither p%d nor p%d holds an item to give", a + 1, b + 1);
		return;
	}
	char ta[96], tb[96];
	if (ga >= 0)
		snprintf(ta, sizeof ta, "p%d gives {%x:%s|an item} to p%d", a + 1, m,
		         T->item_id[ga], b + 1);
	else
		snprintf(ta, sizeof ta, "p%d has no item to give", a + 1);
	if (gb >= 0)
		snprintf(tb, sizeof tb, "p%d gives {%x:%s|an item} to p%d", b + 1, m,
		         T->item_id[gb], a + 1);
	else
		snprintf(tb, sizeof tb, "p%d has no item to give", b + 1);
	qv_say(ev, "%s; %s", ta, tb);
}

/* ---- the end of a round, the redistribution, the end of the game ---- */

void ap_say_round_end(const ap_state *s, bool thrown, qv_events *ev)
{
	qv_say(ev, "round %d ends%s", s->round,
	       thrown ? ": the thrown cards go to their stacks' discards" : "");
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
	char names[64] = "", values[24] = "", c[12];
	for (int i = 0; i < n; i++) {
		size_t len = strlen(names);
		ap_card_name(T, cards[i], c);
		snprintf(names + len, sizeof names - len, "%s%s", i ? " " : "", c);
		len = strlen(values);
		snprintf(values + len, sizeof values - len, "%s%d", i ? " " : "",
		         ap_value(T, cards[i]));
	}
	if (n == 0)
		qv_say(ev, "p%d is dealt nothing: every stack is empty", p + 1);
	else if (n == AP_NVALUES)
		qv_say(ev, "p%d is dealt {%x:%s|one arrow card of each value}", p + 1, 1u << p,
		       names);
	else
		qv_say(ev, "p%d is dealt {%x:%s|%d arrow card%s (value%s %s)}", p + 1, 1u << p,
		       names, n, n == 1 ? "" : "s", n == 1 ? "" : "s", values);
}

/* A number of points with its sign, 0 without one. buf >= 16. */
static const char *signed_text(int v, char *buf)
{
	snprintf(buf, 16, v ? "%+d" : "0", v);
	return buf;
}

static const char *ordinal(int r)
{
	static const char *const names[] = {"1st", "2nd", "3rd", "4th", "5th"};
	return r >= 1 && r <= 5 ? names[r - 1] : "?";
}

void ap_say_end(const ap_state *s, const int *ranks, qv_events *ev)
{
	qv_say(ev, "the game ends after round %d; every hand's items are shown", s->rounds);
	const ap_tables *T = ap_T(s);
	for (int p = 0; p < s->nplayers; p++) {
		const ap_player *pl = &s->pl[p];
		int arrows = 0, items = 0;
		for (int i = 0; i < pl->nhand; i++) {
			int c = pl->hand[i].card;
			if (ap_is_item(c))
				items += T->item_points[ap_kind(c)];
			else
				arrows += ap_value(T, c);
		}
		char prefix[48], cont[48], part[16];
		snprintf(prefix, sizeof prefix, "p%d scores %d:", p + 1, ap_score_of(s, p));
		snprintf(cont, sizeof cont, "p%d's score, continued:", p + 1);
		ap_line l;
		ap_line_start(&l, ev, NULL, ", ", prefix, cont);
		ap_line_add(&l, "arrows %d", arrows);
		ap_line_add(&l, "items %s", signed_text(items, part));
		if (pl->stars)
			ap_line_add(&l, "%d star%s %s", pl->stars, pl->stars == 1 ? "" : "s",
			            signed_text(T->star_points * pl->stars, part));
		if (pl->skulls)
			ap_line_add(&l, "%d skull%s %s", pl->skulls, pl->skulls == 1 ? "" : "s",
			            signed_text(T->skull_points * pl->skulls, part));
		ap_line_add(&l, "%s %s", T->die_id[pl->die],
		            signed_text(T->die_points[pl->die], part));
		ap_line_end(&l);
	}
	ap_line l;
	ap_line_start(&l, ev, NULL, ", ", "final order:", "final order, continued:");
	for (int r = 1; r <= s->nplayers; r++)
		for (int p = 0; p < s->nplayers; p++)
			if (ranks[p] == r)
				ap_line_add(&l, "%s p%d (%d)", ordinal(r), p + 1,
				            ap_score_of(s, p));
	ap_line_end(&l);
}
