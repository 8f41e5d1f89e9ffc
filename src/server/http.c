/*
 * http.c - the HTTP API of `quiver serve` (JSON in and out) and the routing of everything else
 * to the files of the web folder. Every error is a status with {"error": message}.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <civetweb.h>

#include "server/replay.h"
#include "server/server.h"

/* ---- responses ------------------------------------------------------------------------------ */

/* Writes a JSON body with the headers every API answer has. */
static void send_text(struct mg_connection *c, int status, const char *text, const char *allow)
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

void qv__http_json(struct mg_connection *c, int status, const json_t *body)
{
	char *text = json_dumps(body, JSON_COMPACT);
	send_text(c, text ? status : 500, text ? text : "{\"error\": \"out of memory\"}", NULL);
	free(text);
}

void qv__http_error(struct mg_connection *c, int status, const char *fmt, ...)
{
	char raw[700], msg[800];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	/* JSON strings are UTF-8: a message cut by the buffer or quoting a client's bytes is made
	 * whole (qv_shorten), or jansson would refuse it. */
	json_t *j = json_pack("{s:s}", "error", qv_shorten(raw, sizeof raw, msg, sizeof msg));
	char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
	send_text(c, status, text ? text : "{\"error\": \"out of memory\"}", NULL);
	free(text);
	json_decref(j);
}

int qv__http_not_allowed(struct mg_connection *c, const char *method, const char *allow)
{
	char msg[200], quoted[QV_QUOTE_MAX * 4 + 4];
	snprintf(msg, sizeof msg, "method %s not allowed here; accepted: %s",
	         qv_shorten(method, 20, quoted, sizeof quoted), allow);
	json_t *j = json_pack("{s:s}", "error", msg);
	char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
	send_text(c, 405, text ? text : "{\"error\": \"out of memory\"}", allow);
	free(text);
	json_decref(j);
	return 405;
}

/* The HTTP status for a failed table operation. */
static int status_for(qv_status rc)
{
	switch (rc) {
	case QV_EINVAL:
	case QV_EILLEGAL: return 400;
	case QV_ESTATE: return 409;
	default: return 500;
	}
}

/* Answers a failed table operation. A server-side failure (the database refused a change) is
 * also logged with the database's file, which no reply names. Returns the status sent. */
static int table_failed(qv__server *srv, struct mg_connection *c, qv_status rc, const qv_err *err)
{
	int status = status_for(rc);
	if (status >= 500)
		fprintf(stderr, "quiver serve: database %s: %s\n", srv->db, err->msg);
	qv__http_error(c, status, "%s", err->msg);
	return status;
}

/* ---- request bodies ------------------------------------------------------------------------- */

/* A request's body, read whole before the request's work begins. */
typedef struct req_body {
	char *buf;
	size_t len;
} req_body;

/* Milliseconds on a monotonic clock. */
static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Reads the body on the connection's own thread, within BODY_MS (each read waits at most
 * CivetWeb's request_timeout_ms, 10 s, so a body trickling in is cut off then). Answers 413,
 * 408 or 503 itself and returns that status; else 0. A slow client so holds only its own
 * connection, never one of the server's threads (which would hold up every other request). */
#define BODY_MS 10000
static int read_body(struct mg_connection *c, req_body *b)
{
	const struct mg_request_info *ri = mg_get_request_info(c);
	*b = (req_body){0};
	bool get =
	    strcmp(ri->request_method, "GET") == 0 || strcmp(ri->request_method, "HEAD") == 0;
	if (ri->content_length == 0 || (ri->content_length < 0 && get))
		return 0;
	if (ri->content_length > QV__BODY_MAX) {
		qv__http_error(c, 413, "request body too large: %lld bytes; at most %d",
		               ri->content_length, QV__BODY_MAX);
		return 413;
	}
	b->buf = malloc(QV__BODY_MAX + 1);
	if (!b->buf) {
		qv__http_error(c, 503, "out of memory");
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
			qv__http_error(c, 413, "request body too large: more than %d bytes",
			               QV__BODY_MAX);
			return 413;
		}
	}
	if (late || (ri->content_length > 0 && b->len < (size_t)ri->content_length)) {
		qv__http_error(c, 408,
		               "the request body did not arrive within %d seconds (%zu of %lld "
		               "bytes came)",
		               BODY_MS / 1000, b->len, ri->content_length);
		return 408;
	}
	return 0;
}

int qv__http_read_json(struct mg_connection *c, json_t **out, const char *empty)
{
	const req_body *b = mg_get_user_connection_data(c);
	*out = NULL;
	size_t len = b ? b->len : 0;
	if (len == 0 && empty) {
		*out = json_loads(empty, 0, NULL);
		return 0;
	}
	json_error_t jerr;
	*out = json_loadb(b && b->buf ? b->buf : "", len, JSON_REJECT_DUPLICATES, &jerr);
	if (!*out) {
		qv__http_error(c, 400, "broken JSON at line %d, column %d: %s", jerr.line,
		               jerr.column, jerr.text);
		return 400;
	}
	if (!json_is_object(*out)) {
		json_decref(*out);
		*out = NULL;
		qv__http_error(c, 400, "expected a JSON object");
		return 400;
	}
	return 0;
}

/* ---- the API -------------------------------------------------------------------------------- */

/* One parameter as GET /api/games describes it: key, default, allowed and meaning, then its
 * kind with its bounds (integer, real) and named values (docs/server.md). */
static json_t *param_info(const qv_param_def *d)
{
	char allowed[256];
	json_t *p = json_pack("{s:s, s:s, s:s, s:s, s:s}", "key", d->key, "default", d->def,
	                      "allowed", qv_param_allowed(d, allowed, sizeof allowed), "meaning",
	                      d->help, "kind", qv_param_kind_name(d->kind));
	if (d->kind == QV_PARAM_INT) {
		json_object_set_new(p, "min", json_integer((json_int_t)d->lo));
		json_object_set_new(p, "max", json_integer((json_int_t)d->hi));
		json_object_set_new(p, "step", json_integer(d->step > 1 ? d->step : 1));
	} else if (d->kind == QV_PARAM_REAL) {
		json_object_set_new(p, "min", json_real(d->lo));
		json_object_set_new(p, "max", json_real(d->hi));
	}
	if (d->choices) {
		json_t *choices = json_array();
		for (int i = 0; d->choices[i]; i++)
			json_array_append_new(choices, json_string(d->choices[i]));
		json_object_set_new(p, "choices", choices);
	}
	return p;
}

/* GET /api/games: every game, its parameters and the seat levels. */
static int get_games(struct mg_connection *c)
{
	json_t *games = json_array();
	for (int i = 0; qv_games[i]; i++) {
		const qv_game *g = qv_games[i];
		json_t *params = json_array();
		for (int k = 0; k < g->nparams; k++)
			json_array_append_new(params, param_info(&g->params[k]));
		json_t *levels = json_array();
		for (int k = 0; qv_agent_levels[k]; k++)
			json_array_append_new(levels, json_string(qv_agent_levels[k]));
		json_array_append_new(
		    games, json_pack("{s:s, s:s, s:i, s:i, s:o, s:o}", "name", g->name, "title",
		                     g->title, "min_players", g->min_players, "max_players",
		                     g->max_players, "params", params, "levels", levels));
	}
	json_t *body = json_pack("{s:o}", "games", games);
	qv__http_json(c, 200, body);
	json_decref(body);
	return 200;
}

/* GET /api/tables: the open tables anyone may join or watch, oldest first. */
static int get_tables(qv__server *srv, struct mg_connection *c)
{
	qv__table **list;
	int n = qv__server_list(srv, &list);
	json_t *tables = json_array();
	for (int i = 0; i < n; i++) {
		qv__table_lock(list[i]);
		json_array_append_new(tables, qv__table_info_locked(list[i]));
		qv__table_unlock(list[i]);
		qv__table_unref(list[i]);
	}
	free(list);
	json_t *body = json_pack("{s:o}", "tables", tables);
	qv__http_json(c, 200, body);
	json_decref(body);
	return 200;
}

/* POST /api/tables: a new table; 201 with its info. */
static int post_table(qv__server *srv, struct mg_connection *c)
{
	json_t *req;
	int st = qv__http_read_json(c, &req, NULL);
	if (st)
		return st;
	qv__table *t;
	qv_err err;
	const char *addr = mg_get_request_info(c)->remote_addr;
	int refusal;
	if (qv__server_room(srv, addr, req, &refusal, &err)) {
		json_decref(req);
		qv__http_error(c, refusal, "%s", err.msg);
		return refusal;
	}
	qv_status rc = qv__table_create(&t, srv->store, req, addr, &err);
	json_decref(req);
	if (rc)
		return table_failed(srv, c, rc, &err);
	if (qv__server_add(srv, t, &err)) {
		qv__table_unref(t);
		qv__http_error(c, 503, "%s", err.msg);
		return 503;
	}
	qv__table_lock(t);
	json_t *info = qv__table_info_locked(t);
	qv__table_unlock(t);
	qv__server_changed(srv, t);
	qv__http_json(c, 201, info);
	json_decref(info);
	qv__table_unref(t);
	return 201;
}

/* POST /api/tables/ID/join: a seat and its token. */
static int post_join(qv__server *srv, struct mg_connection *c, qv__table *t)
{
	json_t *req;
	int st = qv__http_read_json(c, &req, "{}");
	if (st)
		return st;
	const json_t *seat = json_object_get(req, "seat");
	const char *key;
	json_t *v;
	json_object_foreach(req, key, v)
	{
		if (strcmp(key, "seat") != 0) {
			char quoted[QV_QUOTE_MAX * 4 + 4];
			qv__http_error(c, 400,
			               "unknown field '%s' in a join request; accepted: seat",
			               qv_shorten(key, QV_QUOTE_MAX, quoted, sizeof quoted));
			json_decref(req);
			return 400;
		}
	}
	if (seat && !json_is_string(seat)) {
		json_decref(req);
		qv__http_error(c, 400,
		               "seat: expected a seat name such as \"p2\", or no seat for "
		               "the first free one");
		return 400;
	}
	char token[QV__TOKEN_LEN + 1], name[8];
	int p;
	qv_err err;
	qv_status rc = qv__table_join(t, json_string_value(seat), &p, token, &err);
	json_decref(req);
	if (rc)
		return table_failed(srv, c, rc, &err);
	qv__server_changed(srv, t);
	json_t *body = json_pack("{s:s, s:s}", "seat", qv_player_name(p, name), "token", token);
	qv__http_json(c, 200, body);
	json_decref(body);
	return 200;
}

/* GET /api/tables/ID/record: the record once the game is over. */
static int get_record(struct mg_connection *c, qv__table *t)
{
	qv__table_lock(t);
	json_t *rec = t->status == QV__OVER ? qv_match_record_json(t->m) : NULL;
	qv__table_unlock(t);
	if (!rec) {
		qv__http_error(c, 409,
		               "the game at table %s is not over: a record holds everything "
		               "hidden, so it is given only at the end",
		               t->id);
		return 409;
	}
	qv__http_json(c, 200, rec);
	json_decref(rec);
	return 200;
}

/* GET /api/tables/ID/replay: the game step by step (replay.h) once it is over, for the same
 * reason as the record. */
static int get_replay(struct mg_connection *c, qv__table *t)
{
	qv_err err = {0};
	qv__table_lock(t);
	bool over = t->status == QV__OVER;
	json_t *rep = over ? qv__replay_json(t->m, &err) : NULL;
	qv__table_unlock(t);
	if (!over) {
		qv__http_error(c, 409,
		               "the game at table %s is not over: a replay shows everything "
		               "hidden, so it is given only at the end",
		               t->id);
		return 409;
	}
	if (!rep) {
		qv__http_error(c, 500, "%s", err.msg);
		return 500;
	}
	qv__http_json(c, 200, rep);
	json_decref(rep);
	return 200;
}

/* The largest answer to POST /api/replay: the replay of a 64 KiB record would be up to 350
 * times larger (20 MiB of views), and the work in proportion. Real games replay within it: a
 * random Evons game in 0.8 MB, a four-player Arrow Party in 0.6 MB (docs/server.md). */
#define REPLAY_MAX ((size_t)4 << 20)

/* POST /api/replay with a record (as `quiver replay` reads it): that game step by step. The
 * sender has the record, so nothing is shown that it does not already hold. */
static int post_replay(struct mg_connection *c)
{
	json_t *body;
	int st = qv__http_read_json(c, &body, NULL);
	if (st)
		return st;
	qv_err err = {0};
	qv_match *m = NULL;
	if (qv_match_load_json(&m, body, &err)) {
		json_decref(body);
		qv__http_error(c, 400, "not a record quiver can replay: %s", err.msg);
		return 400;
	}
	json_decref(body);
	bool too_big;
	json_t *rep = qv__replay_json_within(m, REPLAY_MAX, &too_big, &err);
	qv_match_free(m);
	if (!rep) {
		qv__http_error(c, too_big ? 413 : 400, "%s", err.msg);
		return too_big ? 413 : 400;
	}
	qv__http_json(c, 200, rep);
	json_decref(rep);
	return 200;
}

/* A finished table that is not in memory, answered from what was stored when its game ended
 * (never replayed): its info, its record, or a refused join. 0 when the request needs the
 * table itself (it is in memory, not over, stored by an older quiver, or the path is /replay
 * or /ws). */
static int finished_route(qv__server *srv, struct mg_connection *c, const char *id, const char *sub)
{
	bool info = !*sub, record = strcmp(sub, "/record") == 0, join = strcmp(sub, "/join") == 0;
	if (!info && !record && !join)
		return 0;
	qv__table *t = qv__server_find_resident(srv, id);
	if (t || !qv__table_id_valid(id)) {
		qv__table_unref(t);
		return 0;
	}
	char *text = NULL, *rec = NULL;
	if (qv__store_get_over(srv->store, id, &text, record ? &rec : NULL) != 1)
		return 0;
	int st = 200;
	if (join) {
		st = 409;
		qv__http_error(c, st, "the game at table %s is over", id);
	} else {
		send_text(c, 200, record ? rec : text, NULL);
	}
	free(text);
	free(rec);
	return st;
}

/* Routes /api/tables/ID[/join|/record|/replay|/ws]. */
static int table_route(qv__server *srv, struct mg_connection *c, const char *method,
                       const char *rest)
{
	char id[64], quoted[QV_QUOTE_MAX * 4 + 4];
	const char *slash = strchr(rest, '/');
	size_t n = slash ? (size_t)(slash - rest) : strlen(rest);
	const char *sub = slash ? slash : "";
	if (n >= sizeof id) {
		qv__http_error(c, 404, "no table '%s'",
		               qv_shorten(rest, QV_QUOTE_MAX, quoted, sizeof quoted));
		return 404;
	}
	memcpy(id, rest, n);
	id[n] = '\0';
	const char *allow = !*sub                         ? "GET"
	                    : strcmp(sub, "/join") == 0   ? "POST"
	                    : strcmp(sub, "/record") == 0 ? "GET"
	                    : strcmp(sub, "/replay") == 0 ? "GET"
	                    : strcmp(sub, "/ws") == 0     ? "GET"
	                                                  : NULL;
	if (!allow) {
		qv__http_error(c, 404,
		               "no such path; a table has /api/tables/ID, /join, /record, "
		               "/replay and /ws");
		return 404;
	}
	bool get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
	if (strcmp(allow, "GET") == 0 ? !get : strcmp(method, allow) != 0)
		return qv__http_not_allowed(c, method, allow);
	int st = finished_route(srv, c, id, sub);
	if (st)
		return st;
	qv__table *t = qv__server_find(srv, id);
	if (!t) {
		qv__http_error(c, 404, "no table '%s'",
		               qv_shorten(id, QV_QUOTE_MAX, quoted, sizeof quoted));
		return 404;
	}
	if (!*sub) {
		qv__table_lock(t);
		json_t *info = qv__table_info_locked(t);
		qv__table_unlock(t);
		qv__http_json(c, 200, info);
		json_decref(info);
		st = 200;
	} else if (strcmp(sub, "/join") == 0) {
		st = post_join(srv, c, t);
	} else if (strcmp(sub, "/record") == 0) {
		st = get_record(c, t);
	} else if (strcmp(sub, "/replay") == 0) {
		st = get_replay(c, t);
	} else {
		qv__http_error(c, 400,
		               "this is the table's WebSocket: connect with a WebSocket "
		               "upgrade");
		st = 400;
	}
	qv__table_unref(t);
	return st;
}

/* Every request that is not a WebSocket upgrade. */
static int handle(qv__server *srv, struct mg_connection *c)
{
	const struct mg_request_info *ri = mg_get_request_info(c);
	const char *uri = ri->local_uri ? ri->local_uri : "/";
	const char *method = ri->request_method;
	bool get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
	if (strcmp(uri, "/api/games") == 0)
		return get ? get_games(c) : qv__http_not_allowed(c, method, "GET");
	if (strcmp(uri, "/api/tables") == 0) {
		if (get)
			return get_tables(srv, c);
		if (strcmp(method, "POST") == 0)
			return post_table(srv, c);
		return qv__http_not_allowed(c, method, "GET, POST");
	}
	if (strncmp(uri, "/api/tables/", 12) == 0)
		return table_route(srv, c, method, uri + 12);
	if (strcmp(uri, "/api/replay") == 0)
		return strcmp(method, "POST") == 0 ? post_replay(c)
		                                   : qv__http_not_allowed(c, method, "POST");
	if (strncmp(uri, "/api/lessons", 12) == 0 && (uri[12] == '\0' || uri[12] == '/'))
		return qv__lessons_route(srv, c, method, uri + 12);
	if (strcmp(uri, "/api") == 0 || strncmp(uri, "/api/", 5) == 0) {
		qv__http_error(c, 404,
		               "no such API path; the API has /api/games, /api/tables, "
		               "/api/replay and /api/lessons");
		return 404;
	}
	if (!get)
		return qv__http_not_allowed(c, method, "GET, HEAD");
	if (qv__files_serve(srv, c, uri))
		return 200;
	char quoted[200 * 4 + 4];
	qv__http_error(c, 404, "not found: %s", qv_shorten(uri, 200, quoted, sizeof quoted));
	return 404;
}

/* A request, handled on one of the server's threads (see qv__server_call). */
typedef struct request {
	qv__server *srv;
	struct mg_connection *c;
	int status;
} request;

static void handle_call(void *arg)
{
	request *r = arg;
	r->status = handle(r->srv, r->c);
}

int qv__http_handle(struct mg_connection *c, void *cbdata)
{
	request r = {.srv = cbdata, .c = c, .status = 503};
	req_body b;
	int st = read_body(c, &b);
	if (st) {
		free(b.buf);
		return st;
	}
	mg_set_user_connection_data(c, &b); /* for qv__http_read_json */
	if (!qv__server_call(r.srv, handle_call, &r))
		qv__http_error(c, 503, "the server is stopping");
	mg_set_user_connection_data(c, NULL);
	free(b.buf);
	return r.status;
}
