/*
 * standings.h - the ratings as the API shows them (rated.h and store/ratings.h say who is rated
 * and how): a player's profile and a game's leaderboard, as handlers of the API's route table
 * (http.c). A rating is on Glicko's 1500-centred scale: a two-player game's Glicko-2 rating and
 * RD; a game of three or more players Weng-Lin's qv__wl_display, its deviation σ times the same
 * QV__WL_DISPLAY_SCALE. Either is provisional while its deviation is at least
 * QV__GLICKO2_PROVISIONAL (110). Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_STANDINGS_H
#define QUIVER_SERVER_PLAYERS_STANDINGS_H

#include "server/net/route.h"
#include "server/state/server.h"

/* The most players a leaderboard lists, and the days within which they must have played a
 * rated game of its kind to be listed. */
#define QV__LEADERBOARD_MAX  100
#define QV__LEADERBOARD_DAYS 30

/* GET /api/players/NAME: {"username", "ratings": [{"game", "players", "rating", "deviation",
 * "provisional", "games"}], "history": [{"game", "players", "at" (epoch ms), "rating"}] (oldest
 * first), "recent": [the stored info of the account's last 20 finished tables, newest first]};
 * 404 for a username no account has (in any case). */
int qv__standings_player(qv__server *srv, qv__req *c, const qv__route_match *m);

/* GET /api/leaderboard/GAME?players=N: {"game", "players", "leaders": [{"username", "rating",
 * "deviation", "games"}], "provisional": [the same]}: the accounts whose rating in GAME's games
 * of N players is settled (not provisional), then those whose rating is still provisional, each
 * of those who played one in the last QV__LEADERBOARD_DAYS days, best first, at most
 * QV__LEADERBOARD_MAX. 400 when N is not a count of players GAME takes; 404 for no such game. */
int qv__standings_leaderboard(qv__server *srv, qv__req *c, const qv__route_match *m);

/* GET /api/tables/ID/ratings: {"table", "ratings": [{"username", "before", "after", "change"}]}
 * (by username): what the rated game of table ID did to each account's rating, "before" a new
 * player's 1500 for its first game of the kind; [] for a table not rated (or not yet over, or
 * none). Whoever knows a table's id may read its record, and so this. */
int qv__standings_table(qv__server *srv, qv__req *c, const qv__route_match *m);

#endif
