/*
 * files.h - the browser client's files (the web folder at /) and the rules pages
 * (/rules/<game>.md), for GET and HEAD. Internal to the server.
 */
#ifndef QUIVER_SERVER_API_FILES_H
#define QUIVER_SERVER_API_FILES_H

#include <stdbool.h>

#include "server/net/req.h"
#include "server/state/server.h"

/* Serves a file of the web folder or /rules/<game>.md for GET and HEAD; false when the path
 * is not one (the caller answers 404). */
bool qv__files_serve(qv__server *srv, qv__req *c, const char *path);
/* Serves the web folder's file named "/NAME.html" for a path of the route table's that names
 * a page (GET /learn/GAME: "/learn.html"); false when there is none. */
bool qv__files_page(qv__server *srv, qv__req *c, const char *file);

/* GET /site.js: what the client is where a server serves it (web/site.js): not the app that
 * plays with no server (LOCAL false, whatever the folder's own file says: `quiver serve --web
 * build/web` serves the app built by `make web` as the server's client), and whether the
 * engine the page reviews and analyses with is in the web folder (ENGINE). */
void qv__files_site(qv__server *srv, qv__req *c);

#endif
