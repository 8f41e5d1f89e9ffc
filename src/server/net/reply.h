/*
 * reply.h - the answers of `quiver serve`'s HTTP API and the reading of its requests' JSON
 * bodies: JSON bodies with the headers every API answer has, {"error": message} with a status,
 * and 405 with an Allow header, written to a request (net.h) on its request worker. The body
 * itself was read whole by the network layer before the handler ran (net.h: 413 and 408 are
 * its answers). Internal to the server; knows of tables only the answers for one not found.
 */
#ifndef QUIVER_SERVER_NET_REPLY_H
#define QUIVER_SERVER_NET_REPLY_H

#include <stddef.h>

#include <jansson.h>

#include "server/net/req.h"      /* qv__req, QV__BODY_MAX */
#include "server/state/server.h" /* qv__missing */

/* Writes text (JSON already) with the given status and the API's headers (the layer drops the
 * body of an answer to HEAD). allow, when not NULL, is sent as the Allow header. */
void qv__reply_text(qv__req *c, int status, const char *text, const char *allow);
/* Writes a JSON response with the given status. */
void qv__reply_json(qv__req *c, int status, const json_t *body);
/* Writes {"error": message} with the given status; the message is made valid UTF-8 whatever
 * bytes of the client's it quotes. */
void qv__reply_error(qv__req *c, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* 503 with Retry-After: 1 for table id, which another process of the site plays just now and is
 * asked to let go (several processes on PostgreSQL: store.h, cluster.h): the client tries again
 * in a second, and reaches the table where it is then. */
void qv__reply_moving(qv__req *c, const char *id);
/* The answer for table id when qv__server_find gave none, for the reason it gave: 404 "no
 * table", qv__reply_moving's 503, or 503 with Retry-After: 3 saying the database did not answer
 * (the table is there: the client tries again). Returns the status. */
int qv__reply_missing(qv__req *c, const char *id, qv__missing why);
/* 405: "method M not allowed here; accepted: ALLOW", with ALLOW as the Allow header; returns
 * 405. */
int qv__reply_not_allowed(qv__req *c, const char *method, const char *allow);

/* The request's body as a JSON object into *out (read by qv__json_parse: at most 64 levels
 * deep); an empty body is `empty` (NULL: refused). Answers the client itself on failure (400,
 * or 503 when the parse's memory could not be reserved) and returns that status, else 0. */
int qv__reply_read_json(qv__req *c, json_t **out, const char *empty);

#endif
