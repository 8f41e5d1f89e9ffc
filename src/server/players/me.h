/*
 * me.h - GET /api/me: the person behind a browser's player key (player.h) and the tables it
 * (and, signed in, every key linked to the account: account.h) took seats at, as a handler of the
 * API's route table (http.c). Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_ME_H
#define QUIVER_SERVER_PLAYERS_ME_H

#include "server/net/route.h"
#include "server/state/server.h"

/* The most tables not over that GET /api/me lists, and the most finished ones (newest first). */
#define QV__ME_ONGOING  200
#define QV__ME_FINISHED 50

/* GET /api/me: {"name", "account", "tables": [...]}: the name the key last took a seat under
 * (null: none), the account of the request's session ({"username"}; null without one), and its
 * tables (the key's, and with a session those of every key linked to the account), those not over
 * first (the ones where it is the key's turn first, then by the time its clock has left, the least
 * first), then the last QV__ME_FINISHED finished (?finished=N: the last N), newest first. Each is
 * {"id", "game", "title", "seat", "status", "my_turn", "left_ms" (the seat's clock, null without
 * one), "clock" (its kind: "move", "fischer" or "days"; null without one), "abortable", "people":
 * [{"seat", "name", "kind"}], "result" (null until over), "finished" (epoch ms, null until over)}.
 */
int qv__me_get(qv__server *srv, qv__req *c, const qv__route_match *m);

#endif
