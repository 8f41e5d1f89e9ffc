/*
 * puzzles.h - playing the puzzles made from reviewed games (api/puzzles.h makes them): a puzzle
 * shown without its answer, an attempt judged by the server, and a signed-in player's puzzle
 * rating, Glicko-2 as lichess rates puzzles: each account's first attempt at a puzzle is a game
 * between the account and the puzzle (solved: the account wins), both ratings updated, the
 * account's RD widened first for its days away; later attempts are judged and rate nothing.
 * Kept in the store (puzzle_ratings, puzzle_attempts, the puzzle's own rating: schema 13); a
 * rating is written by a compare-and-set on its count of games, so that attempts at once by one
 * account (two devices) or at one puzzle (many players) each count. Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_PUZZLES_H
#define QUIVER_SERVER_PLAYERS_PUZZLES_H

#include <jansson.h>

#include "server/net/route.h"
#include "server/state/server.h"

/* The SQL condition that puzzle p (FROM puzzles p) may be shown: its game's table is public.
 * A private table's id is its key (players/follows.h) and a puzzle names its table, so the
 * puzzles of a private table (made before api/puzzles.c made none from them) are none: not
 * listed, not counted, not shown, not rated. */
#define QV__PUZZLE_SHOWN "EXISTS (SELECT 1 FROM tables t WHERE t.id = p.table_id AND t.private = 0)"

/* GET /api/puzzles/ID: 200 {"id", "table", "game", "title", "step", "seat", "themes", "rating",
 * "plays", "solved", "view", "catalogue"}: the position as its mover saw it, the legal moves in
 * its view, never the answer (nor what follows from it); 404, also for a puzzle of a private
 * table (QV__PUZZLE_SHOWN). */
int qv__puzzle_get(qv__server *srv, qv__req *c, const qv__route_match *m);

/* POST /api/puzzles/ID/attempt {"action"}: the action judged: 200 {"correct", "answer",
 * "played", "runner_up", "note", "line", "value", "second", "themes", "rated", "rating"
 * ({"before", "after", "change", "provisional"} when rated, else null), "puzzle_rating"}. 400 an
 * action that is not one of the view's legal moves (or a bad body), 403 from another site, 404,
 * 503. */
int qv__puzzle_attempt(qv__server *srv, qv__req *c, const qv__route_match *m);

/* GET /api/puzzles?game=GAME (game optional): 200 {"rating" (the account's: {"rating",
 * "deviation", "provisional", "games"}, a new player's 1500 before a first attempt; null signed
 * out), "next" (a
 * puzzle to try: for an account one it has not tried, nearest its rating; else the newest),
 * "count" (the puzzles there are)}; 400 for an unknown game. */
int qv__puzzles_next(qv__server *srv, qv__req *c, const qv__route_match *m);

/* The themes the store keeps as words apart ("capture advantage") as a JSON array. */
json_t *qv__puzzle_themes(const char *text);

#endif
