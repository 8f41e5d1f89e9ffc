/*
 * frame.c - reading a client's WebSocket frame (frame.h). Every refusal says what was wrong
 * and what the frame should look like; the table's own checks (versions, turns, legality)
 * come after, in table.c.
 */
#include <stdio.h>
#include <string.h>

#include "core/fields.h"
#include "games/json_util.h"
#include "server/ws/frame.h"

/* The fields each type of frame may have, NULL-terminated. */
typedef struct frame_kind {
	const char *name;
	qv__frame_type type;
	const char *fields[4];
} frame_kind;

static const frame_kind kinds[] = {
    {"hello", QV__HELLO, {"type", "token", "messages", NULL}},
    {"act", QV__ACT, {"type", "v", "action", NULL}},
    {"what", QV__WHAT, {"type", "v", "action", NULL}},
    {"undo", QV__UNDO, {"type", "v", NULL}},
    {"ping", QV__PING, {"type", NULL}},
    {"history", QV__HISTORY, {"type", "line", NULL}},
    {"takeback", QV__TAKEBACK, {"type", "v", NULL}},
    {"answer", QV__ANSWER, {"type", "v", "accept", NULL}},
    {"chat", QV__CHAT, {"type", "text", NULL}},
    {"rematch", QV__REMATCH, {"type", NULL}},
    {"claim", QV__CLAIM, {"type", "v", "seat", NULL}},
    {"return", QV__RETURN, {"type", NULL}},
    {"resign", QV__RESIGN, {"type", "v", NULL}},
    {"abort", QV__ABORT, {"type", "v", NULL}},
    {"draw", QV__DRAW, {"type", "v", NULL}},
    {"moretime", QV__MORE_TIME, {"type", "v", "seat", NULL}},
};

/* Checks that j has only the fields of kind k ("unknown field 'v' in a ping frame; ..."). */
static qv_status only_fields(const json_t *j, const frame_kind *k, qv_err *err)
{
	char what[32];
	snprintf(what, sizeof what, "a %s frame", k->name);
	return qv__json_check_keys(j, what, k->fields, err);
}

/* Reads the frame's "v": a whole number. */
static qv_status read_version(const json_t *j, const char *type, long long *v, qv_err *err)
{
	const json_t *jv = json_object_get(j, "v");
	if (!json_is_integer(jv) || json_integer_value(jv) < 0)
		return qv_fail(err, QV_EINVAL,
		               "v: expected the table's version, a whole number (from the last "
		               "snapshot or update), in a %s frame",
		               type);
	*v = json_integer_value(jv);
	return QV_OK;
}

/* The fields of a frame that carries no version: hello, chat and history (ping, rematch and
 * return have none at all). */
static qv_status read_unversioned(const json_t *j, const frame_kind *k, qv__frame *f, qv_err *err)
{
	if (k->type == QV__HELLO) {
		const json_t *token = json_object_get(j, "token");
		if (json_is_string(token)) {
			f->token = json_string_value(token);
			f->token_len = json_string_length(token);
		} else if (!json_is_null(token)) {
			return qv_fail(err, QV_EINVAL,
			               "token: expected the seat's token (a string) or null to "
			               "watch, in a hello frame");
		}
		const json_t *messages = json_object_get(j, "messages");
		if (messages && !json_is_boolean(messages))
			return qv_fail(err, QV_EINVAL,
			               "messages: expected true (each log line's message, for a "
			               "page in another language) or false, in a hello frame");
		f->messages = json_is_true(messages);
		return QV_OK;
	}
	if (k->type == QV__CHAT) {
		const json_t *text = json_object_get(j, "text");
		if (!json_is_string(text))
			return qv_fail(err, QV_EINVAL,
			               "text: expected the line to say, a string of 1 to 500 "
			               "characters, in a chat frame");
		f->text = json_string_value(text);
		f->text_len = json_string_length(text);
		return QV_OK;
	}
	if (k->type == QV__HISTORY) {
		const json_t *line = json_object_get(j, "line");
		if (!json_is_integer(line) || json_integer_value(line) < 0)
			return qv_fail(err, QV_EINVAL,
			               "line: expected a line of your log, a whole number from 0, "
			               "in a history frame");
		f->line = json_integer_value(line);
	}
	return QV_OK;
}

/* The fields of a frame that acts on the table's version: the version, then what the act
 * needs. */
static qv_status read_versioned(const json_t *j, const frame_kind *k, qv__frame *f, qv_err *err)
{
	qv_status rc = read_version(j, k->name, &f->v, err);
	if (rc || k->type == QV__UNDO || k->type == QV__TAKEBACK || k->type == QV__RESIGN ||
	    k->type == QV__ABORT || k->type == QV__DRAW)
		return rc;
	if (k->type == QV__ANSWER) {
		const json_t *accept = json_object_get(j, "accept");
		if (!json_is_boolean(accept))
			return qv_fail(
			    err, QV_EINVAL,
			    "accept: expected true (agree: take the move back, or draw) or "
			    "false (refuse), in an answer frame");
		f->accept = json_is_true(accept);
		return QV_OK;
	}
	if (k->type == QV__CLAIM || k->type == QV__MORE_TIME) {
		f->seat = json_string_value(json_object_get(j, "seat"));
		if (!f->seat)
			return qv_fail(err, QV_EINVAL,
			               "seat: expected %s, a string such as \"p2\", in a %s frame",
			               k->type == QV__CLAIM ? "the absent seat"
			                                    : "the seat to give 15 s",
			               k->name);
		return QV_OK;
	}
	f->action = json_string_value(json_object_get(j, "action"));
	if (!f->action)
		return qv_fail(err, QV_EINVAL,
		               "action: expected the action in notation, a string such as one of "
		               "the view's \"legal\" list");
	return QV_OK;
}

/* The fields of a frame whose type is known. */
static qv_status read_fields(const json_t *j, const frame_kind *k, qv__frame *f, qv_err *err)
{
	qv_status rc = only_fields(j, k, err);
	if (rc)
		return rc;
	switch (k->type) {
	case QV__HELLO:
	case QV__PING:
	case QV__REMATCH:
	case QV__RETURN:
	case QV__CHAT:
	case QV__HISTORY: return read_unversioned(j, k, f, err);
	default: return read_versioned(j, k, f, err);
	}
}

/* Skips JSON's blanks from *i; whether text continues there with tok. */
static bool token_at(const char *text, size_t len, size_t *i, const char *tok)
{
	while (*i < len &&
	       (text[*i] == ' ' || text[*i] == '\t' || text[*i] == '\n' || text[*i] == '\r'))
		(*i)++;
	size_t n = strlen(tok);
	if (*tok == '\0')
		return *i == len;
	if (len - *i < n || memcmp(text + *i, tok, n) != 0)
		return false;
	*i += n;
	return true;
}

bool qv__frame_is_ping(const char *text, size_t len)
{
	static const char *const toks[] = {"{", "\"type\"", ":", "\"ping\"", "}", ""};
	size_t i = 0;
	for (size_t k = 0; k < sizeof toks / sizeof *toks; k++)
		if (!token_at(text, len, &i, toks[k]))
			return false;
	return true;
}

qv_status qv__frame_parse(const char *text, size_t len, qv__frame *f, qv_err *err)
{
	*f = (qv__frame){0};
	json_error_t jerr;
	json_t *j;
	qv_status parsed = qv__json_parse(text, len, JSON_REJECT_DUPLICATES, &j, &jerr);
	if (parsed == QV_ENOMEM)
		return qv_fail(err, parsed, "out of memory reading the message (%zu bytes)", len);
	if (parsed)
		return qv_fail(err, QV_EINVAL,
		               "broken JSON at column %d: %s; expected an object such as "
		               "{\"type\": \"act\", \"v\": 3, \"action\": \"...\"}",
		               jerr.column, jerr.text);
	const char *type = json_string_value(json_object_get(j, "type"));
	const frame_kind *k = NULL;
	for (size_t i = 0; type && i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(type, kinds[i].name) == 0)
			k = &kinds[i];
	qv_status rc;
	char quoted[QV_QUOTE_MAX * 4 + 4];
	if (!json_is_object(j) || !type)
		rc = qv_fail(err, QV_EINVAL,
		             "expected a JSON object with a \"type\": hello, act, what, undo, "
		             "takeback, answer, ping, history, chat, rematch, claim, return, "
		             "resign, abort, draw or moretime");
	else if (!k)
		rc = qv_fail(err, QV_EINVAL,
		             "unknown frame type '%s'; accepted: hello, act, what, undo, "
		             "takeback, answer, ping, history, chat, rematch, claim, return, "
		             "resign, abort, draw, moretime",
		             qv_shorten(type, QV_QUOTE_MAX, quoted, sizeof quoted));
	else
		rc = read_fields(j, k, f, err);
	if (rc) {
		json_decref(j);
		*f = (qv__frame){0};
		return rc;
	}
	f->type = k->type;
	f->json = j;
	return QV_OK;
}

void qv__frame_free(qv__frame *f)
{
	json_decref(f->json);
	*f = (qv__frame){0};
}
