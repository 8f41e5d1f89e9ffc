/*
 * rated.c - a rated table's result for the ratings, and an account's rating at its seat
 * (rated.h).
 */
#include <stdio.h>
#include <string.h>

#include "server/base/rating.h"
#include "server/table/rated.h"

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

/* The rating of one kind of game among an account's (QV__RATINGS_CURRENT's rows). */
typedef struct kind_rating {
	const char *game;
	int players;
	double rating, deviation;
	bool found;
} kind_rating;

static void pick_kind(void *ctx, const qv__store_rating_row *r)
{
	kind_rating *k = ctx;
	if (strcmp(r->game, k->game) == 0 && r->players == k->players) {
		k->rating = r->rating;
		k->deviation = r->deviation;
		k->found = true;
	}
}

bool qv__rated_rating_of(qv__store *store, long long account, const char *game, int n,
                         double *rating, double *deviation)
{
	kind_rating k = {.game = game, .players = n};
	if (qv__store_ratings_list(store, account, QV__RATINGS_CURRENT, pick_kind, &k))
		return false;
	if (!k.found) {
		/* a new player's: Glicko-2's, and Weng-Lin's shown on its scale (rating.h) */
		qv__glicko2 g = qv__glicko2_new();
		qv__wl w = qv__wl_new();
		k.rating = n == 2 ? g.rating : qv__wl_display(&w);
		k.deviation = n == 2 ? g.deviation : w.sigma * QV__WL_DISPLAY_SCALE;
	}
	*rating = k.rating;
	*deviation = k.deviation;
	return true;
}
