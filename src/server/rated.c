/*
 * rated.c - a rated table's result for the ratings (rated.h).
 */
#include "server/rated.h"

bool qv__rated_result(const qv_match *m, const char *game, int nseats, bool drawn, unsigned decided,
                      qv__store_result *out)
{
	if (nseats < 2 || nseats > QV_MAX_PLAYERS || (!drawn && !qv_match_over(m)) ||
	    decided != (1u << nseats) - 1)
		return false;
	*out = (qv__store_result){.game = game, .nseats = nseats};
	if (drawn) {
		for (int i = 0; i < nseats; i++)
			out->rank[i] = 1;
		return true;
	}
	qv_match_ranks(m, out->rank); /* who left below all who did not */
	return true;
}
