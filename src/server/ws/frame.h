/*
 * frame.h - the frames a client sends on a table's WebSocket, read without a socket: JSON text
 * in, one of hello, act, what, undo, ping, history, takeback, answer, chat, rematch, claim,
 * return, resign, abort, draw or moretime out, or a message naming what is wrong and what is
 * accepted. ws.c acts on them; the tests and the fuzzer read them alone. Internal to the server.
 */
#ifndef QUIVER_SERVER_WS_FRAME_H
#define QUIVER_SERVER_WS_FRAME_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "quiver/core.h"

typedef enum qv__frame_type {
	QV__HELLO,
	QV__ACT,
	QV__WHAT,
	QV__UNDO,
	QV__PING,
	QV__HISTORY,
	QV__TAKEBACK,
	QV__ANSWER,
	QV__CHAT,
	QV__REMATCH,
	QV__CLAIM,
	QV__RETURN,
	QV__RESIGN,
	QV__ABORT,
	QV__DRAW,
	QV__MORE_TIME
} qv__frame_type;

/* A frame read. Its strings belong to `json` (qv__frame_free). */
typedef struct qv__frame {
	qv__frame_type type;
	const char *token; /* hello: the seat's token, or NULL to watch */
	size_t token_len;
	bool messages; /* hello: the log lines' messages wanted (docs/server/websocket.md) */
	long long v;   /* act, what, undo, takeback, answer: the table's version the client saw */
	const char *action; /* act, what: the action in notation */
	long long line;     /* history: a line of the connection's log, from 0 */
	bool accept;        /* answer: whether the seat accepts the offer (takeback or draw) */
	const char *text;   /* chat: the line as typed (checked by qv__text_clean) */
	size_t text_len;
	const char *seat; /* claim: the absent seat ("p2"); moretime: the seat given time */
	json_t *json;
} qv__frame;

/* Reads one whole message. On failure *f holds nothing and err names the problem; a frame that
 * is not JSON, nested deeper than 64 levels (qv__json_parse), not an object, of an unknown
 * type, with a field its type does not have, or with a field of the wrong type is refused
 * (QV_EINVAL); QV_ENOMEM when the memory to read it could not be reserved. */
qv_status qv__frame_parse(const char *text, size_t len, qv__frame *f, qv_err *err);

/* Whether text is a ping frame as pages send it, {"type": "ping"} (blanks anywhere between
 * the tokens), read without a parse, on the network loop; any other spelling (an escape in a
 * string) is not, and is answered by the worker that parses it. */
bool qv__frame_is_ping(const char *text, size_t len);

void qv__frame_free(qv__frame *f);

#endif
