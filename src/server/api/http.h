/*
 * http.h - the HTTP API of `quiver serve`: its route table (route.h), which answers every
 * request that is not a WebSocket upgrade, the files of the web folder included. Internal to
 * the server.
 */
#ifndef QUIVER_SERVER_API_HTTP_H
#define QUIVER_SERVER_API_HTTP_H

#include "server/net/route.h"
#include "server/state/server.h"

/* A table's WebSocket (ws.c serves it; a plain request to it gets 400). */
#define QV__WS_PATH "/api/tables/{table}/ws"
/* A player's channel (ws/channel.c serves it; a plain request to it gets 400). */
#define QV__CHAN_PATH "/api/me/ws"

/* The API's routes, captures and families. */
extern const qv__routes qv__http_routes;

/* Answers a request that is not a WebSocket upgrade. The network layer calls it on a request
 * worker once the request's headers and body are in (net.h), and counts the request as in
 * flight (qv__server_busy) from its headers to its end. */
void qv__http_handle(struct qv__server *srv, qv__req *c);

/* The pace a request goes at on the network loop (net.h's paced, pace.h): QV__PACED_PASSWORD
 * for the routes that check a password (a sign-in, a sign-up, a recovery, a password change, a
 * deletion), paced per address; QV__PACED_WRITE for the writes of a player key or a session
 * without a seat's token (a mute, a report, a block or its end, a follow or its end, a
 * challenge sent) and QV__PACED_ATTEMPT for a puzzle's attempt, with the browser's key (its
 * session's or player key's cookie) into who and the table into table; else QV__PACED_NONE.
 * Any thread. */
int qv__http_paced(struct qv__server *srv, qv__req *r, char *who, char *table);

/* Whether a %XX escape may stand at byte `at` of a request's target as it was sent (net.h):
 * anywhere outside /api/, and in an /api/ path only within the name a route reads as free
 * text (`{segment}`: /api/players/NAME, /api/account/blocks/NAME), since a username may hold
 * any letter. Any thread. */
bool qv__http_escape_ok(const char *target, size_t at);

/* On the loop, at a password request's turn: answers it 503 at once and returns true when the
 * password gate would have no place for it (pwgate.h: qv__pwgate_refuse_full; out: the password
 * requests gone on before it and not yet answered); a request with a device cookie the server
 * gave (device.h: its nonce signed), which may give it a known device's place, goes on to a
 * worker. */
bool qv__http_refused(struct qv__server *srv, qv__req *r, int out);

#endif
