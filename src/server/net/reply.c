/*
 * reply.c - the HTTP answers of the API and the reading of request bodies as JSON (reply.h).
 * Every error is a status with {"error": message}.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/json_util.h"
#include "quiver/core.h"
#include "server/net/reply.h"

/* ---- responses ------------------------------------------------------------------------------ */

void qv__reply_text(qv__req *c, int status, const char *text, const char *allow)
{
	/* No Content-Length: the layer writes the body's, and drops the body for HEAD. */
	qv__req_status(c, status);
	qv__req_add_header(c, "Content-Type", "application/json; charset=utf-8");
	qv__req_add_header(c, "Cache-Control", "no-store");
	qv__req_add_header(c, "X-Content-Type-Options", "nosniff");
	if (allow)
		qv__req_add_header(c, "Allow", allow);
	qv__req_write(c, text, strlen(text));
}

void qv__reply_json(qv__req *c, int status, const json_t *body)
{
	char *text = qv__json_dumps(body, JSON_COMPACT); /* never a text with a key cut short */
	qv__reply_text(c, text ? status : 500, text ? text : "{\"error\": \"out of memory\"}",
	               NULL);
	free(text);
}

/* Writes {"error": msg} (msg valid UTF-8) with the status and the Allow header (or none). */
static void send_error(qv__req *c, int status, const char *msg, const char *allow)
{
	json_t *j = json_pack("{s:s}", "error", msg);
	char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
	qv__reply_text(c, status, text ? text : "{\"error\": \"out of memory\"}", allow);
	free(text);
	json_decref(j);
}

void qv__reply_error(qv__req *c, int status, const char *fmt, ...)
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

void qv__reply_moving(qv__req *c, const char *id)
{
	char quoted[QV_QUOTE_MAX * 4 + 4];
	qv__reply_error(c, 503,
	                "table '%s' is moving between the site's processes: try again in a second",
	                qv_shorten(id, QV_QUOTE_MAX, quoted, sizeof quoted));
	qv__req_add_header(c, "Retry-After", "1");
}

int qv__reply_missing(qv__req *c, const char *id, qv__missing why)
{
	char quoted[QV_QUOTE_MAX * 4 + 4];
	qv_shorten(id, QV_QUOTE_MAX, quoted, sizeof quoted);
	switch (why) {
	case QV__ELSEWHERE: qv__reply_moving(c, id); return 503;
	case QV__UNREACHED:
		qv__reply_error(c, 503,
		                "table '%s' could not be read: the database did not answer; "
		                "try again in a few seconds",
		                quoted);
		qv__req_add_header(c, "Retry-After", "3");
		return 503;
	case QV__NONE: break;
	}
	qv__reply_error(c, 404, "no table '%s'", quoted);
	return 404;
}

int qv__reply_not_allowed(qv__req *c, const char *method, const char *allow)
{
	char msg[200], quoted[QV_QUOTE_MAX * 4 + 4];
	snprintf(msg, sizeof msg, "method %s not allowed here; accepted: %s",
	         qv_shorten(method, 20, quoted, sizeof quoted), allow);
	send_error(c, 405, msg, allow);
	return 405;
}

/* ---- request bodies ------------------------------------------------------------------------- */

int qv__reply_read_json(qv__req *c, json_t **out, const char *empty)
{
	*out = NULL;
	size_t len;
	const char *text = qv__req_body(c, &len);
	if (!text)
		len = 0;
	if (len == 0) {
		text = empty ? empty : "";
		len = strlen(text);
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
