/*
 * puzzles.h - the puzzles of a reviewed game looked for on the server (quiver/puzzle.h): once a
 * table's review is made, its decisions whose move made lost a blunder's worth are looked at
 * again on the AI workers, in the lane of the address that asked for the review, one decision a
 * turn, and each one that has one answer becomes a puzzle kept in the store (table puzzles,
 * schema 13: its JSON with the answer and the components its drawing reads), made once per
 * decision whatever process reviews the game again. GET /api/tables/ID/puzzles says how far it
 * is and lists them. Internal to the server.
 */
#ifndef QUIVER_SERVER_API_PUZZLES_H
#define QUIVER_SERVER_API_PUZZLES_H

#include "quiver/review.h"
#include "server/net/route.h"
#include "server/state/server.h"

/* Looks for the puzzles of table `table`'s review r (taken: freed once looked at, or when the
 * pool stops), on the AI workers in addr's lane. */
void qv__puzzles_look(qv__server *srv, const char *table, const char *addr, qv_review *r);

/* GET /api/tables/ID/puzzles: 200 {"table", "status": "none" | "looking" | "done", "looked",
 * "candidates", "made", "puzzles": [{"id", "step", "themes", "rating"}]}: how far the
 * game's puzzles are and those made, in the order of the game. */
int qv__puzzles_of_table(qv__server *srv, qv__req *c, const qv__route_match *m);

#endif
