/*
 * handshake.h - the opening handshake of the server's WebSockets, a table's (http.h's
 * QV__WS_PATH) and a player's channel (channel.h's QV__CHAN_PATH): checked on a request worker,
 * then admitted under the socket limits. Internal to the server.
 */
#ifndef QUIVER_SERVER_WS_HANDSHAKE_H
#define QUIVER_SERVER_WS_HANDSHAKE_H

#include "server/net/req.h"
#include "server/state/server.h"

/* On a request worker (net.c sends it every request whose Upgrade names websocket and whose
 * Connection names upgrade): an upgrade RFC 6455 does not allow is refused with 400, one to
 * another path or an unknown table with 404, a player's channel without a player key with
 * 403, one past the socket limits with 503 or 429; an allowed one is taken
 * (qv__req_upgrade). */
void qv__ws_upgrade(qv__server *srv, qv__req *r);

/* Refuses an upgrade with an HTTP status and {"error": message}, and the connection's close; a
 * 400 also says the version of the protocol the server speaks (RFC 6455 4.4). */
void qv__ws_refuse(qv__req *r, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
