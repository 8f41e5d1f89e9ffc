/*
 * ws.h - the messages of a table's WebSocket (http.h's QV__WS_PATH): each whole message a
 * socket reads (wsock.c) is handled here on a request worker; and the broadcast that the
 * server's state (server.c) is opened with. Internal to the server.
 */
#ifndef QUIVER_SERVER_WS_WS_H
#define QUIVER_SERVER_WS_WS_H

#include "server/state/server.h"

struct qv__conn;

/* One whole message of c's client, on a worker; false when the socket is to close (a bad
 * token). The server's ws_message (listen.c sets it). */
bool qv__ws_message(struct qv__conn *c, const char *text, size_t len);

/* The server's ws_pong (listen.c sets it), on the loop: when the message is a ping
 * (qv__frame_is_ping), its pong queued at once; QV__PONG_ANSWERED when a worker is still to
 * read it (to check a device's session, at one ping in 10 s), QV__PONG_DONE when not. */
qv__pong qv__ws_pong(struct qv__conn *c, const char *text, size_t len);
/* A ping read on a worker (a table's socket or a player's channel): answered unless the loop
 * answered it already (ws_pong); whether it was answered here. */
bool qv__ws_ping(struct qv__conn *c);
/* Queues for every connection of t the frame it has not seen (never waits on a socket): the
 * server's broadcast function (qv__server_open). */
void qv__ws_broadcast(qv__table *t);
/* Closes every connection of t with 1012 (service restart: connect again), t being played by
 * another process from now on (cluster.c): each page connects again and reaches it there. */
void qv__ws_moved(qv__table *t);
/* Queues {"type": "spectators", "count": n} for every greeted connection of t: the server's
 * crowd function. */
void qv__ws_crowd(qv__table *t, int n);

#endif
