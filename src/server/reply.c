/*
 * reply.c - the HTTP answers of the API and the reading of request bodies (reply.h). Every
 * error is a status with {"error": message}.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <civetweb.h>

#include "games/json_util.h"
#include "quiver/core.h"
#include "server/reply.h"

/* ---- responses ------------------------------------------------------------------------------ */

void qv__reply_text(struct mg_connection *c, int status, const char *text, const char *allow)
{
	char length[32];
	snprintf(length, sizeof length, "%zu", strlen(text));
	mg_response_header_start(c, status);
	mg_response_header_add(c, "Content-Type", "application/json; charset=utf-8", -1);
	mg_response_header_add(c, "Content-Length", length, -1);
	mg_response_header_add(c, "Cache-Control", "no-store", -1);
	mg_response_header_add(c, "X-Content-Type-Options", "nosniff", -1);
	if (allow)
		mg_response_header_add(c, "Allow", allow, -1);
	mg_response_header_send(c);
	const struct mg_request_info *ri = mg_get_request_info(c);
	if (strcmp(ri->request_method, "HEAD") != 0)
		mg_write(c, text, strlen(text));
}

void qv__reply_json(struct mg_connection *c, int status, const json_t *body)
{
	char *text = qv__json_dumps(body, JSON_COMPACT); /* never a text with a key cut short */
	qv__reply_text(c, text ? status : 500, text ? text : "{\"error\": \"out of memory\"}",
	               NULL);
	free(text);
}

/* Writes {"error": msg} (msg valid UTF-8) with the status and the Allow header (or none). */
static void send_error(struct mg_connection *c, int status, const char *msg, const char *allow)
{
	json_t *j = json_pack("{s:s}", "error", msg);
	char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
	qv__reply_text(c, status, text ? text : "{\"error\": \"out of memory\"}", allow);
	free(text);
	json_decref(j);
}

void qv__reply_error(struct mg_connection *c, int status, const char *fmt, ...)
{
	char raw[700], msg[800];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	/* JSON strings are UTF-8: a message cut by the buffer or quoting a client's bytes is made
	 * whole (qv_shorten), or jansson would refuse it. */
	send_error(c, status, qv_shorten(raw, sizeof raw, msg, sizeof msg), NULL);
}

int qv__reply_not_allowed(struct mg_connection *c, const char *method, const char *allow)
{
	char msg[200], quoted[QV_QUOTE_MAX * 4 + 4];
	snprintf(msg, sizeof msg, "method %s not allowed here; accepted: %s",
	         qv_shorten(method, 20, quoted, sizeof quoted), allow);
	send_error(c, 405, msg, allow);
	return 405;
}

/* ---- request bodies ------------------------------------------------------------------------- */

/* Milliseconds on a monotonic clock. */
static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* How long a body may take to arrive. Each read waits at most CivetWeb's request_timeout_ms,
 * 10 s, so a body trickling in is cut off then; a slow client so holds only its own
 * connection's thread. */
#define BODY_MS 10000

int qv__reply_body_read(struct mg_connection *c, qv__body *b)
{
	const struct mg_request_info *ri = mg_get_request_info(c);
	*b = (qv__body){0};
	bool get =
	    strcmp(ri->request_method, "GET") == 0 || strcmp(ri->request_method, "HEAD") == 0;
	if (ri->content_length == 0 || (ri->content_length < 0 && get))
		return 0;
	if (ri->content_length > QV__BODY_MAX) {
		qv__reply_error(c, 413, "request body too large: %lld bytes; at most %d",
		                ri->content_length, QV__BODY_MAX);
		return 413;
	}
	b->buf = malloc(QV__BODY_MAX + 1);
	if (!b->buf) {
		qv__reply_error(c, 503, "out of memory");
		return 503;
	}
	double end = now_ms() + BODY_MS;
	bool late = false;
	for (;;) {
		if (now_ms() > end) {
			late = true;
			break;
		}
		int n = mg_read(c, b->buf + b->len, QV__BODY_MAX + 1 - b->len);
		if (n <= 0)
			break;
		b->len += (size_t)n;
		if (b->len > QV__BODY_MAX) {
			qv__reply_error(c, 413, "request body too large: more than %d bytes",
			                QV__BODY_MAX);
			return 413;
		}
	}
	if (late || (ri->content_length > 0 && b->len < (size_t)ri->content_length)) {
		qv__reply_error(c, 408,
		                "the request body did not arrive within %d seconds (%zu of %lld "
		                "bytes came)",
		                BODY_MS / 1000, b->len, ri->content_length);
		return 408;
	}
	mg_set_user_connection_data(c, b); /* for qv__reply_read_json */
	return 0;
}

void qv__reply_body_free(struct mg_connection *c, qv__body *b)
{
	if (mg_get_user_connection_data(c) == b)
		mg_set_user_connection_data(c, NULL);
	free(b->buf);
	*b = (qv__body){0};
}

int qv__reply_read_json(struct mg_connection *c, json_t **out, const char *empty)
{
	const qv__body *b = mg_get_user_connection_data(c);
	*out = NULL;
	size_t len = b ? b->len : 0;
	const char *text = b && b->buf ? b->buf : "";
	if (len == 0 && empty) {
		text = empty;
		len = strlen(empty);
	}
	json_error_t jerr;
	qv_status rc = qv__json_parse(text, len, JSON_REJECT_DUPLICATES, out, &jerr);
	if (rc == QV_ENOMEM) {
		qv__reply_error(c, 503, "out of memory reading the request's JSON (%zu bytes)",
		                len);
		return 503;
	}
	if (rc) {
		qv__reply_error(c, 400, "broken JSON at line %d, column %d: %s", jerr.line,
		                jerr.column, jerr.text);
		return 400;
	}
	if (!json_is_object(*out)) {
		json_decref(*out);
		*out = NULL;
		qv__reply_error(c, 400, "expected a JSON object");
		return 400;
	}
	return 0;
}
