/*
 * wsock.h - the socket of a WebSocket, a table's (http.h's QV__WS_PATH) or a player's channel
 * (ws/channel.h), once upgraded (its handshake is handshake.h's): the loop's side of it (frames in
 * and out, deadlines), which the loop (net.c) calls through the handlers listen.c gives it.
 * Internal to the server.
 */
#ifndef QUIVER_SERVER_NET_WSOCK_H
#define QUIVER_SERVER_NET_WSOCK_H

#include <stdint.h>

#include "server/net/req.h"
#include "server/state/server.h"

struct qv__conn;

/* ---- the loop's (net.c), on its thread only ---- */

/* The 101 went out: fd is the connection's socket now (handle: libmicrohttpd's, to close it
 * with), and extra the bytes already read after the handshake. */
void qv__ws_upgraded(struct qv__conn *c, int fd, void *handle, const char *extra, size_t n);
/* The 101 could not be sent: the connection goes without a socket. Any thread. */
void qv__ws_abandoned(struct qv__conn *c);
/* epoll's events on c's socket. */
void qv__ws_event(struct qv__conn *c, uint32_t events);
/* The connections other threads poked: their queues written, their closes begun. */
void qv__ws_take_poked(qv__server *srv);
/* The deadlines of every socket (the hello, the pings, a closing frame, the server stopping),
 * every quarter of a second or so. */
void qv__ws_tick(qv__server *srv, double now);

/* Lets go of every socket still open (the loop has ended): their last work queued on the
 * request workers. */
void qv__ws_release_all(qv__server *srv);
/* Closes (1008) every socket from an address the operator banned (admin.h): its requests are
 * refused from now, and an open socket would go on. Any thread. */
void qv__ws_close_banned(qv__server *srv);
/* Tells every connection to close (1001), at the loop's next tick: before qv__net_stop waits
 * for them. Any thread. */
void qv__ws_stop_all(qv__server *srv);

#endif
