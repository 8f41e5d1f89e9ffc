/*
 * ws.h - the WebSocket of a table (http.h's QV__WS_PATH): CivetWeb's handlers, and the
 * broadcast that the server's state (server.c) is opened with. Internal to the server.
 */
#ifndef QUIVER_SERVER_WS_H
#define QUIVER_SERVER_WS_H

#include "server/server.h"

/* Registers the WebSocket handlers at the table's WebSocket path (after CivetWeb started). */
void qv__ws_register(qv__server *srv);
/* CivetWeb's begin_request: an upgrade RFC 6455 does not allow (no Sec-WebSocket-Key, another
 * version) is refused with 400, and one to another path with 404 (returns the status); anything
 * else goes on (0). */
int qv__ws_check_upgrade(struct mg_connection *c);
/* CivetWeb's connection_close: a WebSocket whose handshake failed is let go. */
void qv__ws_connection_gone(const struct mg_connection *c);
/* Tells every connection's loop to close (1001) and end; before mg_stop, which waits for them. */
void qv__ws_stop_all(qv__server *srv);
/* Queues for every connection of t the frame it has not seen (never waits on a socket): the
 * server's broadcast function (qv__server_open). */
void qv__ws_broadcast(qv__table *t);

#endif
