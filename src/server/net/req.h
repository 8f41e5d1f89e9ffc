/*
 * req.h - a request as its handler sees it: what the client asked (method, path, headers,
 * query, address, body) and the answer being written (status, headers, body), handed to the
 * network loop (net.c) whole when the handler returns. Handlers (http.c, files.c, lessons.c,
 * reply.c, the WebSocket's handshake in wsock.c) run on a request worker and never touch a
 * socket. req.c implements it. Internal to the server.
 */
#ifndef QUIVER_SERVER_NET_REQ_H
#define QUIVER_SERVER_NET_REQ_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct qv__conn;

/* Largest request body and incoming WebSocket message, in bytes. */
#define QV__BODY_MAX 65536

typedef struct qv__req qv__req;

/* ---- what the client asked ---- */

/* "GET", "POST", "HEAD", ... as sent. */
const char *qv__req_method(const qv__req *r);
/* The path, percent-decoded, without the query ("/api/tables"). */
const char *qv__req_path(const qv__req *r);
/* The HTTP version's number: "1.1", "1.0". */
const char *qv__req_version(const qv__req *r);
/* The client's address as text ("127.0.0.1", "::1"). */
const char *qv__req_addr(const qv__req *r);
/* The first header of that name (any case), or NULL. */
const char *qv__req_header(const qv__req *r, const char *name);
/* How many headers of that name (any case) the request has, and the first (or NULL). */
int qv__req_headers(const qv__req *r, const char *name, const char **first);
/* Calls fn for every header, in order; stops when fn returns false. */
void qv__req_each_header(const qv__req *r,
                         bool (*fn)(void *arg, const char *name, const char *value), void *arg);
/* The first query argument of that name (any case), percent-decoded ("limit" of "?limit=20");
 * NULL when absent, or named without a value ("?limit"). */
const char *qv__req_arg(const qv__req *r, const char *name);
/* The hash of the request's player key (player.h: 64 hex digits), "" until
 * qv__req_set_player said it. */
const char *qv__req_player(const qv__req *r);
void qv__req_set_player(qv__req *r, const char *hash);
/* The request's body as it came (never more than QV__BODY_MAX bytes; 0 bytes: none). The
 * text is followed by a NUL that the length does not count. */
const char *qv__req_body(const qv__req *r, size_t *len);

/* ---- the answer ---- */

/* Starts the answer with its status (a second call replaces the first, and drops the headers
 * and body written so far). Content-Length is the body's, set by the layer: never add it. The
 * body of an answer to HEAD is dropped by the layer, so a handler writes the same body for GET
 * and HEAD. */
void qv__req_status(qv__req *r, int status);
/* Adds a header to the answer. */
void qv__req_add_header(qv__req *r, const char *name, const char *value);
/* Appends bytes to the answer's body. A body that cannot grow (out of memory) turns the answer
 * into a 503 when it is sent. */
void qv__req_write(qv__req *r, const void *data, size_t len);
/* The answer's body is `size` bytes of the open file fd from `offset` (the layer closes fd);
 * replaces what was written. */
void qv__req_file(qv__req *r, int fd, off_t offset, size_t size);

/* ---- answers that come later ---- */

/* What a handler returns when it answers later, from another thread (qv__req_defer). */
#define QV__REQ_DEFERRED (-2)

/* The handler hands the request to another thread, which answers it: called before the request
 * leaves the handler's hands, after which the handler touches it no more and returns
 * QV__REQ_DEFERRED. The other thread writes the answer, then calls qv__req_resume, once; the
 * loop sends the answer when both the handler has returned and qv__req_resume was called. */
void qv__req_defer(qv__req *r);
void qv__req_resume(qv__req *r);

/* A new player key (player.h) the answer is to set, in clear (64 hex digits), or "" when the
 * request came with one; kept with the request until it is answered. */
void qv__req_set_fresh_key(qv__req *r, const char *key);
const char *qv__req_fresh_key(const qv__req *r);

/* ---- WebSockets ---- */

/* Takes the request's connection as a WebSocket once the answer is sent: the handler of an
 * upgrade calls this instead of answering, and the layer answers 101 with the accept key of
 * the request's Sec-WebSocket-Key. The socket then belongs to c: the loop hands it over with
 * qv__ws_upgraded, or, when the 101 could not be sent, calls qv__ws_abandoned (wsock.h). */
void qv__req_upgrade(qv__req *r, struct qv__conn *c);

#endif
