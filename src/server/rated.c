/*
 * rated.c - a rated table's result for the ratings (rated.h).
 */
#include <stdio.h>

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

bool qv__rated_farmed(qv__store *store, const qv__store_result *r, double now, char *why,
                      size_t len)
{
	char a[8], b[8];
	why[0] = '\0';
	for (int p = 0; p < r->nseats; p++)
		for (int q = p + 1; q < r->nseats && r->account[p] > 0; q++) {
			if (r->account[q] <= 0 || r->account[q] == r->account[p])
				continue;
			int found = qv__store_farming(store, r->account[p], r->account[q], now);
			if (found == 0)
				continue;
			snprintf(
			    why, len,
			    found == 1 ? "not rated: the accounts at %s and %s were made from one "
			                 "address within a day of each other"
			    : found == 2 ? "not rated: the accounts at %s and %s played %d rated "
			                   "games together in the last day, the most that are rated"
			                 : "not rated: the database failed checking the accounts "
			                   "at %s and %s",
			    qv_player_name(p, a), qv_player_name(q, b), QV__FARM_PAIR_GAMES);
			return true;
		}
	return false;
}
