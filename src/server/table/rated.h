/*
 * rated.h - the result a rated table's end gives the ratings (store/ratings.h), from its match.
 * A table is rated ("rated": true at POST /api/tables) only when every seat is a person's, it
 * has a clock and no takebacks (tablespec.c checks); its end is rated only when the game has a
 * result (over, or a draw agreed; an abort or an abandoned table has none) and every seat made
 * a decision of its own, as lichess rates no game a player never moved in. A seat that
 * resigned, ran out of time or was claimed is placed below every seat that did not
 * (qv_match_ranks): last, and among several such seats by the game's own ranks.
 * Internal to the server: table.c uses it.
 */
#ifndef QUIVER_SERVER_TABLE_RATED_H
#define QUIVER_SERVER_TABLE_RATED_H

#include <stdbool.h>
#include <stddef.h>

#include "quiver/match.h"
#include "server/store/ratings.h"

/* Whether the end of a rated table of nseats seats playing `game` (its name, which out points
 * to) is rated, and then its result into out. drawn: a draw was agreed; decided: bit p set when
 * seat p made a decision of its own. */
bool qv__rated_result(const qv_match *m, const char *game, int nseats, bool drawn, unsigned decided,
                      qv__store_result *out);

/* Whether the accounts of result r may not rate a game together at `now` (store/ratings.h's
 * farming: two accounts made from one address within a day or tied to one browser, or a
 * pair's rated games of the day), with the sentence saying why into why (len bytes; "" when
 * they may). When they may and one account is new, the others are marked kept in r (their
 * ratings stay as they were), and why says so; when every account is new, r is marked
 * counted_only (the game counts, no rating moves), and why says so. A database that fails
 * rates nobody. */
bool qv__rated_farmed(qv__store *store, qv__store_result *r, double now, char *why, size_t len);
/* How qv__rated_farmed's sentences of a database failing begin (written whole in rated.c,
 * where the page's patterns find them: web/server-text.js). */
#define QV__RATED_FAILED "not rated: the database failed"

/* The rating account has in game's games of n players, as a seat at a rated table shows it
 * beside the account's username, into *rating and *deviation (a new player's when it has none);
 * false when the database failed. */
bool qv__rated_rating_of(qv__store *store, long long account, const char *game, int n,
                         double *rating, double *deviation);

#endif
