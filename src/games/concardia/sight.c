/*
 * sight.c - what another player may know of a ConCardia action (the descriptor's sight). The
 * game's secrets are the hands, the decks' order and the start choices (json.c). The start is
 * a secret commitment (rules.c's secret), told by its verb alone; it marks its player's start
 * as chosen in every view, so it is told. Every other action names what it puts in view: a
 * card played onto the grid or into the Persistent Area, discarded, paid or reacted with comes
 * from the hand face up, and squares, passes and the coin are public; nothing it names is
 * unknown to anyone.
 */
#include "concardia.h"

bool cc_sight(const void *st, qv_action a, int viewer, qv_sight *out)
{
	(void)a;
	(void)viewer;
	*out = (qv_sight){.secret = ((const cc_state *)st)->phase == CC_PH_START};
	return true;
}
