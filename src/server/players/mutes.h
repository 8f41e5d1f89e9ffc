/*
 * mutes.h - the seats whose chat a player muted at a table, kept in the store (table mutes)
 * for the player's account when signed in, else for its player key, so that every device of
 * the account mutes them alike; the table's page hides their lines. Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_MUTES_H
#define QUIVER_SERVER_PLAYERS_MUTES_H

#include "server/net/route.h"
#include "server/state/server.h"

/* POST /api/tables/ID/mute {"seat": "p2", "mute": true | false}: 200 {"muted": ["p2", ...]},
 * the seats the requester mutes at the table now; 400 naming a bad field (or a request with
 * neither a session nor a player key), 403 from another site, 404 no such table, 503. */
int qv__mute_post(qv__server *srv, qv__req *c, const qv__route_match *m);

/* GET /api/tables/ID/mute: 200 {"muted": [...]} ([] for a requester with neither). */
int qv__mute_get(qv__server *srv, qv__req *c, const qv__route_match *m);

#endif
