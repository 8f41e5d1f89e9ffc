/*
 * sight.c - what another player may know of a THREE ARROWS action (the descriptor's sight),
 * from the game's one secret: the kind and facing of a covered piece, which only its owner
 * sees (json.c). Everything else an action names is on the board or in every view: squares,
 * attacks, the die, a piece placed or uncovered face up. So only a covered placement hides
 * words, and those are the ones sight.c's comparison of views would find: its kind when the
 * mover may, for all the viewer knows, hold another kind a cover may go on (any of its unseen
 * pieces: a covered placement of any of them leaves the viewer the same view), and its facing
 * when one of those kinds may face another way.
 */
#include "three_arrows.h"

bool ta_sight(const void *st, qv_action a, int viewer, qv_sight *out)
{
	const ta_state *s = st;
	const ta_tables *T = ta_T(s);
	int arg = TA_ARG(a), p = ta_to_move(s);
	(void)viewer; /* every other player and the public see the same */
	*out = (qv_sight){0};
	if (p < 0 || TA_TYPE(a) != TA_ACT_PLACE || !(arg >> 11 & 1))
		return true;
	int k = arg >> 8 & 7, f = arg >> 6 & 3;
	int unseen[TA_MAX_KINDS];
	ta_unseen_kinds(s, p, unseen);
	for (int x = 0; x < T->nkinds; x++) {
		if (!(T->coverable >> x & 1) || unseen[x] <= 0)
			continue;
		if (x != k && T->letters[x] != T->letters[k])
			out->hidden |= 1u << 1; /* the kind */
		for (int g = 0; g < 4; g++)
			if (T->canon_facing[x][g] == g && g != f)
				out->hidden |= 1u << 3; /* the facing */
	}
	return true;
}
