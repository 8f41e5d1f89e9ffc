/*
 * http.h - the HTTP API of `quiver serve`: its route table (route.h), which answers every
 * request that is not a WebSocket upgrade, the files of the web folder included. Internal to
 * the server.
 */
#ifndef QUIVER_SERVER_HTTP_H
#define QUIVER_SERVER_HTTP_H

#include "server/route.h"
#include "server/server.h"

/* A table's WebSocket (ws.c serves it; a plain request to it gets 400). */
#define QV__WS_PATH "/api/tables/{table}/ws"

/* The API's routes, captures and families. */
extern const qv__routes qv__http_routes;

/* CivetWeb's request handler (mg_set_request_handler at "/"; cbdata is the server). */
int qv__http_handle(struct mg_connection *c, void *cbdata);

#endif
