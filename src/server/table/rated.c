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

/* The sentence of qv__store_farming's answer found about seats p and q into why. */
static void farm_why(int found, int p, int q, char *why, size_t len)
{
	char a[8], b[8];
	qv_player_name(p, a);
	qv_player_name(q, b);
	if (found == 1)
		snprintf(why, len,
		         "not rated: the accounts at %s and %s were made from one address within a "
		         "day of each other",
		         a, b);
	else if (found == 2)
		snprintf(why, len,
		         "not rated: the accounts at %s and %s played %d rated games together in "
		         "the last day, the most that are rated",
		         a, b, QV__FARM_PAIR_GAMES);
	else if (found == 3)
		snprintf(why, len,
		         "not rated: the accounts at %s and %s were used from one browser (its "
		         "player key or device cookie)",
		         a, b);
	else
		snprintf(why, len,
		         "not rated: the database failed checking the accounts at %s and %s", a, b);
}

/* Whether seat p's account also holds an earlier seat of r. */
static bool seated_before(const qv__store_result *r, int p)
{
	for (int q = 0; q < p; q++)
		if (r->account[q] == r->account[p])
			return true;
	return false;
}

/* Marks kept the accounts of r that are not new when one is (store/ratings.h), or the game
 * counted only when every account is new, with the sentence saying so into why; false when
 * the database failed (why says so). */
static bool keep_settled(qv__store *store, qv__store_result *r, double now, char *why, size_t len)
{
	int fresh[QV_MAX_PLAYERS] = {0}, nfresh = 0, naccounts = 0, first = -1;
	for (int p = 0; p < r->nseats; p++) {
		fresh[p] = r->account[p] > 0
		               ? qv__store_rating_new(store, r->account[p], r->game, r->nseats, now)
		               : 0;
		if (fresh[p] < 0) {
			snprintf(why, len, "not rated: the database failed reading the accounts");
			return false;
		}
		nfresh += fresh[p];
		naccounts += r->account[p] > 0 && !seated_before(r, p); /* distinct accounts */
		first = fresh[p] && first < 0 ? p : first;
	}
	if (nfresh == 0)
		return true;
	if (nfresh == naccounts) {
		r->counted_only = nfresh >= 2;
		if (r->counted_only)
			snprintf(
			    why, len,
			    "not rated: every account here is new (younger than a day, or fewer "
			    "than %d rated games of this kind): the game counts toward the %d, "
			    "the ratings stay as they were",
			    QV__FARM_SETTLED_GAMES, QV__FARM_SETTLED_GAMES);
		return true;
	}
	char names[8 * QV_MAX_PLAYERS] = "", seat[8];
	for (int p = 0; p < r->nseats; p++) {
		r->kept[p] = r->account[p] > 0 && !fresh[p];
		if (r->kept[p])
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
			         names[0] ? ", " : "", qv_player_name(p, seat));
	}
	if (names[0])
		snprintf(why, len,
		         "rated for the new accounts only: the ratings at %s stay as they were, "
		         "since the account at %s is new (younger than a day, or fewer than %d "
		         "rated games of this kind)",
		         names, qv_player_name(first, seat), QV__FARM_SETTLED_GAMES);
	return true;
}

bool qv__rated_farmed(qv__store *store, qv__store_result *r, double now, char *why, size_t len)
{
	why[0] = '\0';
	for (int p = 0; p < r->nseats; p++)
		for (int q = p + 1; q < r->nseats && r->account[p] > 0; q++) {
			if (r->account[q] <= 0 || r->account[q] == r->account[p])
				continue;
			int found = qv__store_farming(store, r->account[p], r->account[q], now);
			if (found == 0)
				continue;
			farm_why(found, p, q, why, len);
			return true;
		}
	return !keep_settled(store, r, now, why, len);
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
