/*
 * ratings.h - players' ratings in the store (store.h): each account's rating for each
 * game and count of players, the history of its ratings, and which tables have been rated
 * (schema 7). A rated game's ratings are applied by qv__store_change in the transaction that
 * saves the game's end (backend.h), once per table; the rest of the server reads them here.
 * Each function is one transaction under the store's lock, as store.h's are. Internal to the
 * server: standings.h and table.c use it.
 */
#ifndef QUIVER_SERVER_STORE_RATINGS_H
#define QUIVER_SERVER_STORE_RATINGS_H

#include <stdbool.h>

#include "quiver/core.h"
#include "quiver/match.h"
#include "server/base/rating.h"

typedef struct qv__store qv__store;

/* A rated table's end, as its ratings are applied: the game's name, its number of seats, and
 * each seat's place (1 the best, equal places a tie; a seat that resigned, ran out of time or
 * was claimed already placed last). */
typedef struct qv__store_result {
	const char *game;
	int nseats;
	int rank[QV_MAX_PLAYERS];
	/* Each seat's account, fixed when the seat was taken (0: none): a seat is rated for the
	 * account that took it, whoever the browser signs in as later. */
	long long account[QV_MAX_PLAYERS];
	/* Whether each seat's account keeps its rating as it was (an account that is not new,
	 * after a game with a new one: qv__store_rating_new); the others are rated as usual. */
	bool kept[QV_MAX_PLAYERS];
	/* Every account is new (a game among new accounts): each is counted (its rated games of
	 * the kind one more, a history row at its rating) but no rating moves. */
	bool counted_only;
} qv__store_result;

/* One row of what the functions below list; each field is set where the list has it (the rest
 * are 0 or NULL), and its texts last until the callback returns. A rating is on Glicko's scale
 * (a game of 3 or more shows Weng-Lin's qv__wl_display, its deviation σ times
 * QV__WL_DISPLAY_SCALE). */
typedef struct qv__store_rating_row {
	const char *username; /* the leaderboard's */
	const char *game;
	int players;
	double rating, deviation;
	int games;
	double at;        /* the ratings: last updated; the history: when (epoch s) */
	double before;    /* a table's ratings: the rating before its game (-1: its first) */
	const char *info; /* the recent tables': the table's stored info (JSON) */
} qv__store_rating_row;

/* Receives one row of a list. */
typedef void (*qv__store_rating_fn)(void *ctx, const qv__store_rating_row *row);

/* What qv__store_ratings_list lists of an account. */
enum {
	QV__RATINGS_CURRENT, /* its ratings, by game and players */
	QV__RATINGS_HISTORY, /* its ratings after each rated game, oldest first */
	QV__RATINGS_RECENT   /* its latest finished tables' infos, newest first (at most 20) */
};

/* Lists what `which` names of account `account` to fn: 0, or -1 when the database failed. */
int qv__store_ratings_list(qv__store *s, long long account, int which, qv__store_rating_fn fn,
                           void *ctx);

/* The ratings table id's game gave (rated.h), an account's each: its username, its rating
 * after the game (rating) and before it (before; -1 when it was its first of the kind), by
 * username, to fn: 0, or -1 when the database failed. None for a table not rated. */
int qv__store_table_ratings(qv__store *s, const char *id, qv__store_rating_fn fn, void *ctx);

/* The leaderboard of game's games of `players` players: the accounts whose rating there is
 * settled (deviation below `settled`) and was last updated at `since` or after, best first,
 * at most max, to fn: 0, or -1 when the database failed. */
int qv__store_leaderboard(qv__store *s, const char *game, int players, double settled, double since,
                          int max, qv__store_rating_fn fn, void *ctx);

/* Rating farming (issue 52): a rated game between two accounts made from one client address
 * (an IPv4 address, an IPv6 /64) within QV__FARM_DAY of each other, between two accounts tied
 * to one browser (each signed up or in with one player key or one device cookie: the table
 * ties, schema 14), or between two accounts that have played QV__FARM_PAIR_GAMES rated games
 * together in the last QV__FARM_DAY, is played but not rated. */
#define QV__FARM_DAY        86400.0
#define QV__FARM_PAIR_GAMES 3
/* Farming with new accounts (issue 65: a farmer went 1741 to 2198 in 12 games against fresh
 * accounts made at other addresses, each resigning after one move): an account is new in a
 * kind of game while it is younger than QV__FARM_DAY or has fewer than this many rated games
 * of the kind. After a rated game with a new account, an account that is not new keeps its
 * rating as it was (the new one's moves as usual, as a provisional rating should); a game in
 * which every account is new is counted but moves no rating (qv__store_result's
 * counted_only), since a new account is what a farmer makes at will: a new account's rating
 * is made against settled accounts only. */
#define QV__FARM_SETTLED_GAMES 10

/* Why the accounts a and b may not rate a game together at `now` (epoch s): 0 they may, 1 they
 * were made from one address within a day, 2 they played QV__FARM_PAIR_GAMES rated games
 * together in the last day, 3 they are tied to one browser; -1 the database failed. */
int qv__store_farming(qv__store *s, long long a, long long b, double now);

/* Whether account is new at `now` in game's games of `players` players (above): 1 new, 0 not
 * (or no longer there), -1 the database failed. */
int qv__store_rating_new(qv__store *s, long long account, const char *game, int players,
                         double now);

/* A puzzle attempt as qv__store_puzzle_attempt kept it: whether it was the account's first at
 * the puzzle (only that one is rated), the account's puzzle rating before and after its game
 * with the puzzle, and the puzzle's after it (both as they were when not rated). */
typedef struct qv__store_puzzle_game {
	bool first;
	qv__glicko2 before, after, puzzle;
} qv__store_puzzle_game;

/* Account `account`'s attempt at puzzle id (solved: the account won) in one transaction: the
 * attempt kept and, when it is the account's first at that puzzle, its Glicko-2 game with the
 * puzzle rated on both sides (the account's deviation widened first for the days since its
 * last rated attempt), into *out. A failure writes nothing, so that the attempt made again is
 * still the first. QV_ESTATE: the puzzle is gone. */
qv_status qv__store_puzzle_attempt(qv__store *s, long long account, const char *id, bool solved,
                                   qv__store_puzzle_game *out, qv_err *err);

#endif
