/*
 * reports.h - a player's report of another player, or of one of their chat lines, at a table
 * (POST /api/tables/ID/report), kept in the store's table reports for the site's moderators
 * (`quiver admin reports` lists them; they act with quiver admin's other commands). Internal
 * to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_REPORTS_H
#define QUIVER_SERVER_PLAYERS_REPORTS_H

#include "server/net/route.h"
#include "server/state/server.h"

/* The most reports one client address may make in an hour (429 past it). */
#define QV__REPORTS_PER_HOUR 20

/* POST /api/tables/ID/report {"seat": "p2", "line": N (optional), "reason": "..."}: 201
 * {"report": id}; 400 naming a bad field, 403 from another site, 404 no such table, 429 past
 * QV__REPORTS_PER_HOUR, 503. */
int qv__report_post(qv__server *srv, qv__req *c, const qv__route_match *m);

#endif
