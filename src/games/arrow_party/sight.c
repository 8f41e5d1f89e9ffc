/*
 * sight.c - what another player may know of an Arrow Party action (the descriptor's sight).
 * Every decision is a secret commitment (items, throw, direction: rules.c's secret), told by
 * its verb alone; a `use` changes nothing the others see (not even the number of uses is
 * shown, json.c), so it is not told at all, while `ready`, a throw and a direction mark their
 * player as committed in every view. Of chance, a landing, a roll and the value drawn from a
 * stack are public. A give or take in a bump or swap names items some players know and
 * others do not (each card's `known` mask): those are left to sight.c's comparison of views.
 */
#include "arrow_party.h"

bool ap_sight(const void *st, qv_action a, int viewer, qv_sight *out)
{
	const ap_state *s = st;
	(void)viewer;
	*out = (qv_sight){0};
	switch (AP_TYPE(a)) {
	case AP_ACT_USE:
	case AP_ACT_READY:
	case AP_ACT_THROW:
	case AP_ACT_GO:
		out->secret = ap_secret_phase(s->phase);
		out->unsaid = AP_TYPE(a) == AP_ACT_USE;
		return out->secret;
	case AP_ACT_LAND:
	case AP_ACT_ROLL:
	case AP_ACT_STACK: return true;
	default: return false;
	}
}
