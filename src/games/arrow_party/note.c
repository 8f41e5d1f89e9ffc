/*
 * note.c - what a legal action of Arrow Party would do, in a few words, for the person choosing
 * it (the descriptor's action_note): an item's effect on this round (the steps formula with
 * the uses already chosen, the new die, whom a swap or exchange involves), a throw's arrows
 * and the points it takes from the hand, and where a direction leads with what lies on the
 * way. It says only what the mover knows (its own hand and choices, public positions and
 * ground cards) and nothing that depends on others' secret choices, which is why it speaks of
 * what lies on the way rather than of what the walk will pick up. No action ends the game by
 * choice or eliminates anyone, so none asks for a confirmation.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"
#include "core/fmt.h"

/* The steps formula of a roll under the movement items of uses: "roll x 2, / 2, - 5". */
static void steps_formula(const ap_tables *T, int uses, char *buf, size_t len)
{
	size_t n = (size_t)qv_fmt(buf, len, "roll");
	int m;
	if ((m = uses & T->emask[AP_E_MULTIPLY]) && n < len)
		n +=
		    (size_t)qv_fmt(buf + n, len - n, " x %d", T->param[__builtin_ctz((unsigned)m)]);
	if ((m = uses & T->emask[AP_E_DIVIDE]) && n < len)
		n += (size_t)qv_fmt(buf + n, len - n, "%s / %d (down)", n > 4 ? "," : "",
		                    T->param[__builtin_ctz((unsigned)m)]);
	if ((m = uses & T->emask[AP_E_SUBTRACT]) && n < len)
		qv_fmt(buf + n, len - n, "%s - %d (at least 0)", n > 4 ? "," : "",
		       T->param[__builtin_ctz((unsigned)m)]);
}

static int use_note(const ap_state *s, int p, int arg, char *buf, size_t len)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	int k = arg & 15, x = arg >> 4 & 15, y = arg >> 8 & 15;
	char f[64], c[8], unless[AP_ID_MAX + 16] = "";
	if (k >= T->nkinds)
		return 0;
	switch (T->effect[k]) {
	case AP_E_MULTIPLY:
	case AP_E_DIVIDE:
	case AP_E_SUBTRACT:
		steps_formula(T, pl->uses | 1 << k, f, sizeof f);
		return qv_fmt(buf, len, "steps this round: %s", f);
	case AP_E_REVERSE:
		return qv_fmt(buf, len, "you may also go opposite to your landed card's arrows");
	case AP_E_DRAW:
		if (T->param[k] > 1)
			return qv_fmt(buf, len,
			              "draws %d cards, each the top card of a random non-empty "
			              "arrow stack",
			              T->param[k]);
		return qv_fmt(buf, len, "draws the top card of a random non-empty arrow stack");
	case AP_E_DICE:
		qv_fmt(f, sizeof f, T->die_points[x] ? "%+d" : "0", T->die_points[x]);
		return qv_fmt(buf, len, "your %s becomes a %s: rolls 1-%d, %s at the end",
		              T->die_id[pl->die], T->die_id[x], T->die_faces[x], f);
	case AP_E_SWAP:
		if (T->emask[AP_E_NOSWAP])
			qv_fmt(unless, sizeof unless, " (unless %s)",
			       T->item_id[__builtin_ctz(T->emask[AP_E_NOSWAP])]);
		return qv_fmt(buf, len,
		              "gives your %s to p%d, takes one of p%d's items at random%s",
		              T->item_id[y], x + 1, x + 1, unless);
	case AP_E_NOSWAP:
		return qv_fmt(buf, len, "no swap or bump exchange involves you this round");
	case AP_E_NOPICKUP:
		return qv_fmt(buf, len, "you pick up no items this round (stars and skulls still)");
	case AP_E_EXCHANGE:
		ap_cell_name(s, s->pl[x].pos, c);
		return qv_fmt(buf, len, "you trade places with p%d (now on %s)", x + 1, c);
	default: return 0;
	}
}

static int ready_note(const ap_state *s, int p, char *buf, size_t len)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	char u[40];
	size_t n = 0;
	if (!pl->uses)
		return qv_fmt(buf, len, "no item this round");
	n = (size_t)qv_fmt(buf, len, "your items this round:");
	for (int k = 0; k < T->nkinds && n < len; k++)
		if (ap_used(pl, k)) {
			ap_use_text(T, pl, k, u, sizeof u);
			n += (size_t)qv_fmt(buf + n, len - n, " %s,", u);
		}
	if (n < len)
		buf[--n] = '\0'; /* the last comma */
	return (int)(n < len ? n : len - 1);
}

static int throw_note(const ap_tables *T, int card, char *buf, size_t len)
{
	int v = ap_value(T, card);
	return qv_fmt(buf, len, "arrows %s before it lands turned; -%d point%s from your hand",
	              T->arrow_text[card], v, v == 1 ? "" : "s");
}

/* Where direction d leads p with its steps, and what lies on the way now (by count: the
 * area shows where). */
static int go_note(const ap_state *s, int p, int d, char *buf, size_t len)
{
	const ap_player *pl = &s->pl[p];
	int steps = ap_steps(ap_T(s), pl->roll, pl->uses), sz = s->size, x = pl->pos % sz,
	    y = pl->pos / sz;
	int walked = 0, stars = 0, skulls = 0, items = 0;
	char c[8];
	while (walked < steps) {
		int nx = x + qv_dir_dx[d], ny = y + qv_dir_dy[d];
		if (nx < 0 || ny < 0 || nx >= sz || ny >= sz)
			break;
		x = nx;
		y = ny;
		walked++;
		int g = s->ground[y * sz + x];
		stars += g == AP_G_STAR;
		skulls += g == AP_G_SKULL;
		items += g >= AP_G_ITEM;
	}
	ap_cell_name(s, y * sz + x, c);
	if (steps == 0)
		return qv_fmt(buf, len, "0 steps: you stay on %s", c);
	if (walked == 0)
		return qv_fmt(buf, len, "off the area: you stay on %s, %d step%s lost", c, steps,
		              steps == 1 ? "" : "s");
	char way[64] = "";
	size_t n = 0;
	if (stars)
		n += (size_t)qv_fmt(way + n, sizeof way - n, ", %d star%s", stars,
		                    stars == 1 ? "" : "s");
	if (skulls)
		n += (size_t)qv_fmt(way + n, sizeof way - n, ", %d skull%s", skulls,
		                    skulls == 1 ? "" : "s");
	if (items)
		qv_fmt(way + n, sizeof way - n, ", %d item%s", items, items == 1 ? "" : "s");
	if (way[0])
		way[0] = ':'; /* ": 2 stars, 1 item" */
	if (walked < steps)
		return qv_fmt(buf, len, "to %s, the edge, after %d of %d steps%s", c, walked, steps,
		              way);
	return qv_fmt(buf, len, "%d step%s to %s%s", steps, steps == 1 ? "" : "s", c, way);
}

int ap_action_note(const void *st, qv_action a, char *buf, size_t len, bool *confirm)
{
	const ap_state *s = st;
	if (confirm)
		*confirm = false;
	if (!buf || len == 0)
		return 0;
	buf[0] = '\0';
	int who = ap_to_move(s), arg = AP_ARG(a), n = 0;
	if (who < 0)
		return 0;
	switch (AP_TYPE(a)) {
	case AP_ACT_USE: n = use_note(s, who, arg, buf, len); break;
	case AP_ACT_READY: n = ready_note(s, who, buf, len); break;
	case AP_ACT_THROW:
		if (arg < ap_T(s)->narrows)
			n = throw_note(ap_T(s), arg, buf, len);
		break;
	case AP_ACT_GO:
		if (arg < QV_NDIRS)
			n = go_note(s, who, arg, buf, len);
		break;
	default: break;
	}
	if (n < 0)
		n = 0;
	return (size_t)n < len ? n : (int)len - 1;
}
