/*
 * listen.h - starting and stopping `quiver serve`: the server's state (server.h) opened, then
 * the network layer (net.h) started in front of it with the API's handler (http.c) and the
 * WebSocket's (wsock.c, ws.c). Internal to quiver: the `quiver serve` command (src/cli) starts and
 * stops it; the tests start the command.
 */
#ifndef QUIVER_SERVER_LISTEN_H
#define QUIVER_SERVER_LISTEN_H

#include "server/state/server.h"

/* Opens the database, rebuilds every unfinished table, starts the workers and then the
 * listener. The message says what failed (database, port taken, bad host). */
qv_status qv__server_start(qv__server **out, const qv__server_config *cfg, qv_err *err);
/* The port the server listens on (the one chosen when cfg->port was 0). */
int qv__server_port(const qv__server *srv);
/* Closes every connection, lets running searches finish, closes the database, frees. */
void qv__server_stop(qv__server *srv);

#endif
