/*
 * lab.c - what the designer's lab (src/lab/lab.h, docs/lab.md) reads off a game of
 * THREE ARROWS: the piece kind a decision plays, the board its heat maps draw, and the square
 * an action put a piece on. ta_components (tables.c) names these; the rules never call them.
 *
 * The lab asks component_of for every legal action of every decision of a study, and touched
 * for every action played, so both decode the action's integer and read nothing else they can
 * avoid. The lab's squares are x + y * size on the board (a1 is 0, b1 is 1), where the
 * state's are file + rank * 8 on the 8x8 frame.
 */
#include <string.h>

#include "quiver/variant.h"
#include "three_arrows.h"

/* A placement plays its piece kind, whose number is its index in the document's `pieces`
 * (tables.c numbers kinds in the document's order). Every other decision moves, uncovers or
 * attacks with pieces already placed, spends bonus pieces or answers an attack: no kind. */
int ta_component_of(const void *st, qv_action a)
{
	(void)st;
	return TA_TYPE(a) == TA_ACT_PLACE ? TA_ARG(a) >> 8 & 7 : -1;
}

/* The size x size board of the rules page: files a.., ranks from 1. */
void ta_lab_board(const void *st, qv_lab_board *out)
{
	const ta_state *s = st;
	memset(out, 0, sizeof *out);
	out->w = out->h = s->size;
	for (int x = 0; x < s->size; x++)
		out->files[x] = (char)('a' + x);
	out->rank0 = 1;
}

/* A placement puts a piece on its square, and an advance moves the capturing piece onto the
 * captured one's, both for the player whose turn it is. An attack moves nothing (the captured
 * piece leaves the board; the attacker moves only by the advance that may follow), nor does the
 * die. */
int ta_touched(const void *before, qv_action a, const void *after, qv_lab_touch *out, int max)
{
	const ta_state *s = before;
	(void)after;
	int sq;
	switch (TA_TYPE(a)) {
	case TA_ACT_PLACE: sq = TA_ARG(a) & 63; break;
	case TA_ACT_ADVANCE: sq = s->atk_to; break;
	default: return 0;
	}
	if (max < 1)
		return 0;
	out[0] = (qv_lab_touch){.seat = s->turn, .square = ta_file(sq) + ta_rank(sq) * s->size};
	return 1;
}

/* Every seat holds the set's copies of each kind. */
int ta_held(const void *st, int seat, int entry)
{
	const ta_state *s = st;
	const ta_tables *T = ta_T(s);
	return seat >= 0 && seat < s->nplayers && entry >= 0 && entry < T->nkinds ? T->copies[entry]
	                                                                          : 0;
}

/* A seat's captures: the opposing pieces it captured (its score). */
int ta_captured(const void *st, int seat)
{
	const ta_state *s = st;
	return seat >= 0 && seat < s->nplayers ? s->pl[seat].captured : 0;
}
