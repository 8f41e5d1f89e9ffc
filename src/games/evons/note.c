/*
 * note.c - what an Evons action would do, in a few words, for a person choosing among the
 * legal actions (the descriptor's action_note): the cost of a play or reveal and the conflicts
 * and flips its card would meet if it used no ability first, the target of an ability, what a
 * burn or a conflict would leave. Everything said is public or the mover's own (a covered
 * card of the other player is "a covered card"). An action that ends the game asks for a
 * confirmation.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/fmt.h"
#include "evons.h"

extern const qv_game qv_evons;

/* A growing note: parts joined by "; ". */
typedef struct note {
	char *buf;
	size_t len, at;
} note;

static void add(note *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add(note *n, const char *fmt, ...)
{
	if (n->at + 1 >= n->len)
		return;
	if (n->at)
		n->at += (size_t)qv_fmt(n->buf + n->at, n->len - n->at, "; ");
	if (n->at + 1 >= n->len) {
		n->at = n->len - 1;
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	int w = qv_vfmt(n->buf + n->at, n->len - n->at, fmt, ap);
	va_end(ap);
	n->at = w < 0 ? n->at : n->at + (size_t)w;
	if (n->at >= n->len)
		n->at = n->len - 1;
}

/* The card on c as the mover (player p) knows it: its id, or "a covered card" for another
 * player's covered card. */
static const char *known(const ev_state *s, int c, int p)
{
	const ev_tables *T = ev_T(s);
	const ev_cell *x = &s->cell[c];
	if ((x->flags & EV_F_COVERED) && x->owner != p)
		return "a covered card";
	return T->kind[x->kind - 1].id;
}

/* What the face-up card on c would meet in its conflict and flip steps if they came now:
 * "conflict c5 3/3 (falls); flips d4; destroys covered e3". */
static void meets(const ev_state *s, int c, note *n)
{
	const ev_tables *T = ev_T(s);
	if (!ev_in_main(c)) {
		add(n, "out zone: no conflicts, no flips");
		return;
	}
	int p = s->cell[c].ctrl, atk = T->kind[s->cell[c].kind - 1].atk, taken = 0;
	char fights[160] = "", flips[40] = "", kills[40] = "", cn[4];
	size_t fa = 0, fl = 0, ki = 0;
	unsigned arrows = ev_board_arrows(s, c);
	for (int d = 0; d < QV_NDIRS; d++) {
		int t = ev_step(c, d);
		if (!(arrows >> d & 1) || t < 0 || !ev_in_main(t) || !s->cell[t].kind ||
		    s->cell[t].ctrl == p || ev_is_block(T, s->cell[t].kind - 1))
			continue;
		const ev_cell *x = &s->cell[t];
		ev_cell_name(t, cn);
		if (x->flags & EV_F_COVERED) {
			if (!(x->flags & EV_F_GROWTH) && ki < sizeof kills)
				ki += (size_t)qv_fmt(kills + ki, sizeof kills - ki, " %s", cn);
		} else if (ev_points_at(s, t, c)) {
			int def = ev_cur_def(s, t), their = T->kind[x->kind - 1].atk;
			taken += their;
			if (fa < sizeof fights)
				fa += (size_t)qv_fmt(fights + fa, sizeof fights - fa,
				                     "%s%s %d/%d (%s)", fa ? ", " : "", cn, their,
				                     def, atk >= def ? "falls" : "holds");
		} else if (fl < sizeof flips) {
			fl += (size_t)qv_fmt(flips + fl, sizeof flips - fl, " %s", cn);
		}
	}
	if (fa)
		add(n, "conflict %s", fights);
	if (taken && taken >= ev_cur_def(s, c)) {
		add(n, "it takes %d and falls", taken);
		return;
	}
	if (fl)
		add(n, "flips%s", flips);
	if (ki)
		add(n, "destroys covered%s", kills);
	if (!fa && !fl && !ki)
		add(n, "no conflict, nothing to flip");
}

/* What ability action a of the active card on c would do. */
static void ability_note(const ev_state *s, int c, qv_action a, note *n)
{
	const ev_tables *T = ev_T(s);
	int arg = EV_ARG(a), d = arg & 7, argtype = (arg >> 3) & 3, val = arg >> 5, p = s->active;
	int t = ev_step(c, d), printed = ev_board_dir(s->cell[c].ctrl, d);
	int ab = T->kind[s->cell[c].kind - 1].ability[printed];
	char tn[4], vn[4];
	ev_cell_name(t, tn);
	switch (ab) {
	case EV_AB_REMOVE: add(n, "Remove: destroys %s on %s", known(s, t, p), tn); break;
	case EV_AB_BLOCK:
		if (argtype == EV_ARG_CARD)
			add(n, "Block: puts %s on %s", T->kind[val].id, tn);
		else
			add(n, "Block: sends %s on %s to the graveyard", known(s, t, p), tn);
		break;
	case EV_AB_FIRESTORM: {
		int points = ev_firestorm_points(s, c, d);
		add(n,
		    points == 1 ? "Firestorm: %d point around %s"
		                : "Firestorm: %d points around %s",
		    points, tn);
		break;
	}
	case EV_AB_SWAP: add(n, "Swap: changes places with %s on %s", known(s, t, p), tn); break;
	case EV_AB_SHOCKWAVE: {
		int l = ev_step(t, d);
		if (l < 0) {
			add(n, "Shockwave: pushes %s off the board", known(s, t, p));
			break;
		}
		ev_cell_name(l, vn);
		add(n, "Shockwave: pushes %s to %s", known(s, t, p), vn);
		if (s->cell[l].kind)
			add(n, "crushes %s there", known(s, l, p));
		break;
	}
	case EV_AB_MAGNETISM:
		ev_cell_name(val, vn);
		add(n, "Magnetism: pulls %s from %s to %s", known(s, val, p), vn, tn);
		break;
	case EV_AB_GROWTH: add(n, "Growth: %s face down on %s", T->kind[val].id, tn); break;
	case EV_AB_RESURRECTION:
		add(n, "Resurrection: %s on %s, which activates", T->kind[val].id, tn);
		break;
	default: break;
	}
}

/* Why a finished game ended and who won, from the mover's side: "p2 has made no hand play
 * either, so the game ends and p2 wins 5-0". */
static void ending(const ev_state *after, int p, note *n)
{
	char why[64] = "";
	if (after->ended == EV_END_IDLE)
		qv_fmt(why, sizeof why, "p%d has made no hand play either, so ", 2 - p);
	else if (after->ended == EV_END_FULL)
		qv_fmt(why, sizeof why, "it fills the main zone, so ");
	else if (after->ended == EV_END_CAP)
		qv_fmt(why, sizeof why, "it is the last turn of max_turns, so ");
	int sc[2];
	ev_scores(after, sc);
	int hi = sc[p] > sc[1 - p] ? sc[p] : sc[1 - p], lo = sc[p] > sc[1 - p] ? sc[1 - p] : sc[p];
	if (sc[p] > sc[1 - p])
		add(n, "%sthe game ends and you win %d-%d", why, hi, lo);
	else if (sc[p] < sc[1 - p])
		add(n, "%sthe game ends and p%d wins %d-%d", why, 2 - p, hi, lo);
	else
		add(n, "%sthe game ends in a draw, %d-%d", why, hi, lo);
}

/* Revealing the card on cell c: its cost (none when Growth-placed), then whom it meets. */
static void reveal_note(const ev_state *s, const ev_state *after, int c, note *n)
{
	const ev_tables *T = ev_T(s);
	const ev_cell *x = &s->cell[c];
	const ev_kind *kd = &T->kind[x->kind - 1];
	if (x->flags & EV_F_GROWTH)
		add(n, "%s, free (Growth-placed)", kd->id);
	else
		add(n, "%s costs %d (%d left)", kd->id, kd->cost,
		    s->pl[s->active].credits - kd->cost);
	if (after->phase != EV_PH_OVER)
		meets(after, c, n);
}

/* A Firestorm point on cell t: destroys the card or takes one off its DEF. */
static void burn_note(const ev_state *s, int t, note *n)
{
	const ev_cell *x = &s->cell[t];
	char tn[4];
	ev_cell_name(t, tn);
	if ((x->flags & EV_F_COVERED) || ev_cur_def(s, t) <= 1)
		add(n, "destroys %s on %s", known(s, t, s->active), tn);
	else
		add(n, "%s on %s to DEF %d", known(s, t, s->active), tn, ev_cur_def(s, t) - 1);
}

/* A conflict of the active card with the card on t: which of the two falls. */
static void conflict_note(const ev_state *s, int t, note *n)
{
	const ev_tables *T = ev_T(s);
	int c = ev_find_cell_of(s, s->stack[s->nstack - 1].inst);
	int atk = T->kind[s->cell[c].kind - 1].atk, their = T->kind[s->cell[t].kind - 1].atk;
	int def = ev_cur_def(s, c), tdef = ev_cur_def(s, t);
	add(n, "%d against DEF %d: %s; %d against your DEF %d: %s", atk, tdef,
	    atk >= tdef ? "it falls" : "it holds", their, def,
	    their >= def ? "yours falls" : "yours holds");
}

/* What action a (legal in s, leading to after) does, but for the end of the game. */
static void describe(const ev_state *s, const ev_state *after, qv_action a, note *n)
{
	const ev_tables *T = ev_T(s);
	int p = s->active, arg = EV_ARG(a);
	const ev_player *pl = &s->pl[p];
	switch (EV_TYPE(a)) {
	case EV_ACT_MULLIGAN: {
		int m = 0;
		for (int f = 0; f < 5; f++)
			m += ((arg >> (5 * f)) & 31) != 0;
		add(n, "%d back into the deck, %d new drawn", m, m);
		break;
	}
	case EV_ACT_PLAY: {
		int k = arg & 31;
		add(n, "costs %d (%d left)", T->kind[k].cost, pl->credits - T->kind[k].cost);
		if (after->phase != EV_PH_OVER)
			meets(after, arg >> 5, n);
		break;
	}
	case EV_ACT_COVER:
		add(n, "face down, free; revealing it costs %d", T->kind[arg & 31].cost);
		break;
	case EV_ACT_REVEAL: reveal_note(s, after, arg, n); break;
	case EV_ACT_END:
		if (!s->played && after->phase != EV_PH_OVER)
			add(n, "no hand play: the game ends if p%d makes none either", 2 - p);
		break;
	case EV_ACT_ABILITY: {
		int c = ev_find_cell_of(s, s->stack[s->nstack - 1].inst);
		ability_note(s, c, a, n);
		break;
	}
	case EV_ACT_BURN: burn_note(s, arg, n); break;
	case EV_ACT_CONFLICT: conflict_note(s, arg, n); break;
	case EV_ACT_NEXT: {
		const ev_entry *e = &s->stack[s->nstack - 1];
		int c = ev_find_cell_of(s, e->inst);
		if (e->step == EV_ST_ABILITY1)
			meets(s, c, n);
		else
			add(n, "ends the activation of %s", T->kind[s->cell[c].kind - 1].id);
		break;
	}
	default: break;
	}
}

int ev_action_note(const void *st, qv_action a, char *buf, size_t len, bool *confirm)
{
	const ev_state *s = st;
	note n = {buf, len, 0};
	if (confirm)
		*confirm = false;
	if (!buf || len == 0)
		return 0;
	buf[0] = '\0';
	if (s->phase == EV_PH_OVER || s->phase == EV_PH_COIN || qv_evons.check(s, a, NULL))
		return 0;
	int p = s->active;
	ev_state after = *s;
	qv_evons.apply(&after, a, NULL);
	describe(s, &after, a, &n);
	if (after.phase == EV_PH_OVER) {
		ending(&after, p, &n);
		if (confirm)
			*confirm = true;
	}
	return (int)n.at;
}
