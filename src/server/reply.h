/*
 * reply.h - the answers of `quiver serve`'s HTTP API and the reading of its requests' bodies:
 * JSON bodies with the headers every API answer has, {"error": message} with a status, 405
 * with an Allow header, and a request's body read whole, within a deadline, before its work.
 * Internal to the server; knows nothing of tables or routes.
 */
#ifndef QUIVER_SERVER_REPLY_H
#define QUIVER_SERVER_REPLY_H

#include <stddef.h>

#include <jansson.h>

struct mg_connection;

/* Largest request body and incoming WebSocket message, in bytes. */
#define QV__BODY_MAX 65536

/* Writes text (JSON already) with the given status and the API's headers; no body for HEAD.
 * allow, when not NULL, is sent as the Allow header. */
void qv__reply_text(struct mg_connection *c, int status, const char *text, const char *allow);
/* Writes a JSON response with the given status. */
void qv__reply_json(struct mg_connection *c, int status, const json_t *body);
/* Writes {"error": message} with the given status; the message is made valid UTF-8 whatever
 * bytes of the client's it quotes. */
void qv__reply_error(struct mg_connection *c, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* 405: "method M not allowed here; accepted: ALLOW", with ALLOW as the Allow header; returns
 * 405. */
int qv__reply_not_allowed(struct mg_connection *c, const char *method, const char *allow);

/* A request's body, read whole before the request's work begins. */
typedef struct qv__body {
	char *buf;
	size_t len;
} qv__body;

/* Reads the body on the connection's own thread, within a deadline (a client trickling its
 * body in holds only its own connection). Answers 413, 408 or 503 itself and returns that
 * status; else 0, and the body is what qv__reply_read_json reads until qv__reply_body_free. */
int qv__reply_body_read(struct mg_connection *c, qv__body *b);
/* Forgets and frees the body. */
void qv__reply_body_free(struct mg_connection *c, qv__body *b);
/* The request's body as a JSON object into *out (read by qv__json_parse: at most 64 levels
 * deep); an empty body is `empty` (NULL: refused). Answers the client itself on failure (400,
 * or 503 when the parse's memory could not be reserved) and returns that status, else 0. */
int qv__reply_read_json(struct mg_connection *c, json_t **out, const char *empty);

#endif
