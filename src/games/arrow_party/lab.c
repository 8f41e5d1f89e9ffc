/*
 * lab.c - what the designer's lab (src/lab/lab.h, docs/lab.md) reads off a game of
 * Arrow Party: the item kind a decision uses, the play area its heat maps draw, and the cells
 * the tokens walk through. ap_components (tables.c) names these; the rules never call them.
 *
 * The lab asks component_of for every legal action of every decision of a study, and touched
 * for every action and chance outcome played, so both decode the action's integer and compare
 * the two states they are given rather than replaying anything. Cells are y * size + x, the
 * lab's square numbering already.
 */
#include <string.h>

#include "arrow_party.h"
#include "quiver/variant.h"

/* A `use` plays its item kind (the low four bits: its index in the document's `items`): a
 * swap or an exchange is the use of the swap or exchange item, whatever item or player it
 * names (`use swap p3 x2` gives an x2 away; it plays the swap). `ready`, throws and
 * directions play no item. */
int ap_component_of(const void *st, qv_action a)
{
	(void)st;
	return AP_TYPE(a) == AP_ACT_USE ? AP_ARG(a) & 15 : -1;
}

/* The play area as the rules page draws it: size x size cells, columns a.., rows from 1. An
 * area the lab cannot draw (more cells than QV_LAB_MAX_SQUARES, more columns than the board's
 * files hold) is no board: w and h 0. */
void ap_lab_board(const void *st, qv_lab_board *out)
{
	const ap_state *s = st;
	memset(out, 0, sizeof *out);
	if (s->size * s->size > QV_LAB_MAX_SQUARES || s->size > (int)sizeof out->files)
		return;
	out->w = out->h = s->size;
	for (int x = 0; x < s->size; x++)
		out->files[x] = (char)('a' + x);
	out->rank0 = 1;
}

/* The cells entered by each token that walked while a was applied, once each (a walk is a
 * straight line), counted for the walker. Tokens walk only on the last `go` of a round, which
 * starts the walk, and on a `give`, which resumes it after a bump; each walks from its cell in
 * `before` in the direction it chose (the mover's is the `go` itself) until its cell in
 * `after`. An exchange moves tokens without a walk: it touches nothing. */
int ap_touched(const void *before, qv_action a, const void *after, qv_lab_touch *out, int max)
{
	const ap_state *b = before, *s = after;
	int type = AP_TYPE(a), n = 0, size = b->size;
	if ((type != AP_ACT_GO && type != AP_ACT_GIVE) || size * size > QV_LAB_MAX_SQUARES ||
	    size > (int)sizeof((qv_lab_board *)0)->files)
		return 0;
	for (int p = 0; p < b->nplayers; p++) {
		int from = b->pl[p].pos, to = s->pl[p].pos;
		int d = type == AP_ACT_GO && p == b->active ? AP_ARG(a) : b->pl[p].go - 1;
		if (from == to || d < 0)
			continue;
		int x = from % size, y = from / size;
		for (int step = 0; step < size && n < max; step++) {
			x += qv_dir_dx[d];
			y += qv_dir_dy[d];
			if (x < 0 || y < 0 || x >= size || y >= size)
				break;
			out[n++] = (qv_lab_touch){.seat = p, .square = y * size + x};
			if (y * size + x == to)
				break;
		}
	}
	return n;
}

/* A seat holds the item cards of a kind in its hand (dealt at the set-up; items picked up
 * later are not counted). Arrow Party has no captures. */
int ap_held(const void *st, int seat, int entry)
{
	const ap_state *s = st;
	if (seat < 0 || seat >= s->nplayers || entry < 0)
		return 0;
	int n = 0;
	for (int i = 0; i < s->pl[seat].nhand; i++)
		n += s->pl[seat].hand[i].card == AP_NARROWS + entry;
	return n;
}
