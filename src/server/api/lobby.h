/*
 * lobby.h - the lobby of `quiver serve`: GET /api/tables in pages (docs/server.md). Internal to
 * the server; http.c's route table names it.
 */
#ifndef QUIVER_SERVER_API_LOBBY_H
#define QUIVER_SERVER_API_LOBBY_H

#include "server/net/req.h"
#include "server/net/route.h"
#include "server/state/server.h"

/* GET /api/tables[?limit=N&after=CURSOR]: a page of the tables anyone may join or watch,
 * newest first, {"tables": [info...], "next": cursor or null}, each table's info without its
 * seats' names (they are on its own info). The page's weak ETag changes with every change a
 * client hears of at its tables, with the tables themselves and with `next`; a request whose
 * If-None-Match names it is answered 304 before any info is written, which is what the
 * lobby's poll costs when nothing changed. */
int qv__lobby_get(qv__server *srv, qv__req *c, const qv__route_match *m);

#endif
