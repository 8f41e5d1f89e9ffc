/*
 * ws.c - the WebSocket of a table (/api/tables/ID/ws): hello, act, undo and ping frames in,
 * snapshot, update, error and pong frames out.
 *
 * Each connection has a send lock held while a frame is built and written, and remembers the
 * table's info version and its place in its viewer's log, so frames reach it in order and
 * each carries what is new since the last; several quick changes may reach it as one update.
 * A frame is built from the table as it is when it is sent, so it is always the latest, saved
 * state. The connection list of a table is guarded by the table's lock; a connection is freed
 * when the last of its references (its own thread's, a broadcaster's) goes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <civetweb.h>

#include "server/frame.h"
#include "server/server.h"

typedef struct qv__conn {
	struct mg_connection *mc;
	qv__server *srv;
	qv__table *table; /* a reference */
	atomic_int refs;
	pthread_mutex_t send_lock;
	bool closed;       /* under send_lock: the socket is gone */
	bool greeted;      /* under send_lock: the snapshot went out */
	int viewer;        /* a seat, or QV_VIEW_PUBLIC */
	long long sent_iv; /* under send_lock */
	qv__log_pos pos;   /* under send_lock */
	/* A message arriving in several frames (only the connection's thread touches these). */
	qv_buf msg;
	bool in_msg, too_big;
	size_t msg_len;
	struct qv__conn *next; /* in the table's list, under the table's lock */
} qv__conn;

static void conn_unref(qv__conn *c)
{
	if (atomic_fetch_sub(&c->refs, 1) != 1)
		return;
	qv__table_unref(c->table);
	qv_buf_free(&c->msg);
	pthread_mutex_destroy(&c->send_lock);
	free(c);
}

bool qv__ws_has_conns_locked(const qv__table *t) { return t->conns != NULL; }

/* ---- sending -------------------------------------------------------------------------------- */

/* Writes a JSON frame; the caller holds c->send_lock. */
static void write_json(qv__conn *c, json_t *frame)
{
	char *text = json_dumps(frame, JSON_COMPACT);
	/* A write that fails (the client stopped reading for the write timeout, or left) ends
	 * the frames to this connection; CivetWeb closes it when its pings go unanswered. */
	if (text && !c->closed &&
	    mg_websocket_write(c->mc, MG_WEBSOCKET_OPCODE_TEXT, text, strlen(text)) <= 0)
		c->closed = true;
	free(text);
}

/* Sends {"type": "error", "message": ...}. */
static void send_error(qv__conn *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void send_error(qv__conn *c, const char *fmt, ...)
{
	char raw[600], msg[700];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	/* A text frame is UTF-8 (RFC 6455), and jansson packs nothing else: the message is made
	 * whole, whatever cut it or whatever bytes a client sent. */
	json_t *frame = json_pack("{s:s, s:s}", "type", "error", "message",
	                          qv_shorten(raw, sizeof raw, msg, sizeof msg));
	pthread_mutex_lock(&c->send_lock);
	write_json(c, frame);
	pthread_mutex_unlock(&c->send_lock);
	json_decref(frame);
}

/* Sends c the update it has not seen, if any. */
static void send_update(qv__conn *c)
{
	pthread_mutex_lock(&c->send_lock);
	json_t *frame = NULL;
	if (!c->closed && c->greeted) {
		qv__table *t = c->table;
		qv__table_lock(t);
		if (c->sent_iv != t->iv) {
			frame = qv__table_frame_locked(t, c->viewer, false, &c->pos);
			c->sent_iv = t->iv;
		}
		qv__table_unlock(t);
	}
	if (frame)
		write_json(c, frame);
	pthread_mutex_unlock(&c->send_lock);
	json_decref(frame);
}

void qv__ws_broadcast(qv__table *t)
{
	qv__table_lock(t);
	int n = 0;
	for (qv__conn *c = t->conns; c; c = c->next)
		n++;
	qv__conn **list = malloc(sizeof *list * (size_t)(n ? n : 1));
	n = 0;
	for (qv__conn *c = list ? t->conns : NULL; c; c = c->next) {
		atomic_fetch_add(&c->refs, 1);
		list[n++] = c;
	}
	qv__table_unlock(t);
	for (int i = 0; i < n; i++) {
		send_update(list[i]);
		conn_unref(list[i]);
	}
	free(list);
}

/* ---- the frames a client sends -------------------------------------------------------------- */

/* hello: says who the connection is, then the snapshot. A bad token closes the socket
 * (returns false). */
static bool on_hello(qv__conn *c, const qv__frame *f)
{
	pthread_mutex_lock(&c->send_lock);
	bool greeted = c->greeted;
	pthread_mutex_unlock(&c->send_lock);
	if (greeted) {
		send_error(c, "hello was already said on this connection; open another one to "
		              "change seats");
		return true;
	}
	qv__table *t = c->table;
	int viewer = QV_VIEW_PUBLIC;
	if (f->token) {
		int seat = f->token_len <= 256 ? qv__table_auth(t, f->token, f->token_len) : -1;
		if (seat < 0) {
			send_error(c,
			           "bad token: it is not the token of a seat at table %s (join a "
			           "seat with POST /api/tables/%s/join, or send \"token\": null to "
			           "watch)",
			           t->id, t->id);
			return false;
		}
		viewer = seat;
	}
	pthread_mutex_lock(&c->send_lock);
	qv__table_lock(t);
	c->viewer = viewer;
	c->next = t->conns;
	t->conns = c;
	atomic_fetch_add(&c->refs, 1); /* the table list's reference */
	qv__table_online_locked(t, viewer, +1);
	json_t *frame = qv__table_frame_locked(t, viewer, true, &c->pos);
	c->sent_iv = t->iv;
	qv__table_unlock(t);
	write_json(c, frame);
	c->greeted = true;
	pthread_mutex_unlock(&c->send_lock);
	json_decref(frame);
	qv__ws_broadcast(t); /* the others see the seat online */
	return true;
}

/* A failure of the server's own (the database refused a change) is logged with the database's
 * file, which no frame names; a refused frame is the client's business only. */
static void log_failure(const qv__conn *c, qv_status rc, const qv_err *err)
{
	if (rc != QV_EINVAL && rc != QV_EILLEGAL && rc != QV_ESTATE)
		fprintf(stderr, "quiver serve: database %s: table %s: %s\n", c->srv->db,
		        c->table->id, err->msg);
}

/* The checks of act and undo before the table's: a greeted seat. */
static bool may_play(qv__conn *c, const char *type)
{
	pthread_mutex_lock(&c->send_lock);
	bool greeted = c->greeted;
	pthread_mutex_unlock(&c->send_lock);
	if (!greeted) {
		send_error(c, "say hello first: {\"type\": \"hello\", \"token\": \"...\"} (or "
		              "\"token\": null to watch)");
		return false;
	}
	if (c->viewer < 0) {
		send_error(c, "a spectator cannot %s: join a seat to play", type);
		return false;
	}
	return true;
}

static void on_act(qv__conn *c, const qv__frame *f)
{
	if (!may_play(c, "act"))
		return;
	qv_err err;
	qv_status rc = qv__table_act(c->table, c->viewer, f->v, f->action, &err);
	if (rc) {
		log_failure(c, rc, &err);
		send_error(c, "%s", err.msg);
		return;
	}
	qv__server_changed(c->srv, c->table);
}

static void on_undo(qv__conn *c, const qv__frame *f)
{
	if (!may_play(c, "undo"))
		return;
	qv_err err;
	qv_status rc = qv__table_undo(c->table, c->viewer, f->v, &err);
	if (rc) {
		log_failure(c, rc, &err);
		send_error(c, "cannot undo: %s", err.msg);
		return;
	}
	qv__server_changed(c->srv, c->table);
}

static void on_ping(qv__conn *c)
{
	json_t *frame = json_pack("{s:s}", "type", "pong");
	pthread_mutex_lock(&c->send_lock);
	write_json(c, frame);
	pthread_mutex_unlock(&c->send_lock);
	json_decref(frame);
}

/* One whole message; false closes the connection. */
static bool on_message(qv__conn *c, const char *text, size_t len)
{
	qv__frame f;
	qv_err err;
	if (qv__frame_parse(text, len, &f, &err)) {
		send_error(c, "%s", err.msg);
		return true;
	}
	bool keep = true;
	switch (f.type) {
	case QV__HELLO:
		keep = on_hello(c, &f);
		break;
	case QV__ACT:
		on_act(c, &f);
		break;
	case QV__UNDO:
		on_undo(c, &f);
		break;
	case QV__PING:
		on_ping(c);
		break;
	}
	qv__frame_free(&f);
	return keep;
}

/* ---- CivetWeb's callbacks ------------------------------------------------------------------- */

/* Reads the table id out of /api/tables/ID/ws. */
static bool path_id(const char *uri, char *id, size_t len)
{
	const char *prefix = "/api/tables/";
	size_t n = strlen(prefix);
	if (strncmp(uri, prefix, n) != 0)
		return false;
	const char *end = strchr(uri + n, '/');
	if (!end || strcmp(end, "/ws") != 0 || (size_t)(end - uri - n) >= len)
		return false;
	memcpy(id, uri + n, (size_t)(end - uri - n));
	id[end - uri - n] = '\0';
	return true;
}

/* Refuses the upgrade with an HTTP status and {"error": message}. The connection is already
 * marked as a WebSocket, so the response is written by hand. */
static void refuse(struct mg_connection *conn, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void refuse(struct mg_connection *conn, int status, const char *fmt, ...)
{
	char raw[300], msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	json_t *j = json_pack("{s:s}", "error", qv_shorten(raw, sizeof raw, msg, sizeof msg));
	char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
	const char *body = text ? text : "{}";
	mg_printf(conn,
	          "HTTP/1.1 %d %s\r\nContent-Type: application/json; charset=utf-8\r\n"
	          "Content-Length: %zu\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n%s",
	          status, status == 404 ? "Not Found" : "Service Unavailable", strlen(body), body);
	free(text);
	json_decref(j);
}

/* Before the handshake: the table must exist and a socket must be free (else 404 or 503). */
static int connect_work(qv__server *srv, const struct mg_connection *mc)
{
	struct mg_connection *conn = (struct mg_connection *)mc;
	const struct mg_request_info *ri = mg_get_request_info(mc);
	char id[64] = "";
	if (atomic_fetch_add(&srv->sockets, 1) >= srv->cfg.max_sockets) {
		atomic_fetch_sub(&srv->sockets, 1);
		refuse(conn, 503,
		       "too many open sockets (%d, the server's limit); try again "
		       "later",
		       srv->cfg.max_sockets);
		return 1;
	}
	qv__table *t = path_id(ri->local_uri, id, sizeof id) ? qv__server_find(srv, id) : NULL;
	qv__conn *c = t ? calloc(1, sizeof *c) : NULL;
	if (!c) {
		atomic_fetch_sub(&srv->sockets, 1);
		if (t) {
			qv__table_unref(t);
			refuse(conn, 503, "out of memory");
		} else {
			char quoted[QV_QUOTE_MAX * 4 + 4];
			refuse(conn, 404, "no table '%s'",
			       qv_shorten(id, QV_QUOTE_MAX, quoted, sizeof quoted));
		}
		return 1;
	}
	c->mc = conn;
	c->srv = srv;
	c->table = t;
	c->viewer = QV_VIEW_PUBLIC;
	atomic_init(&c->refs, 1); /* the connection thread's */
	pthread_mutex_init(&c->send_lock, NULL);
	mg_set_user_connection_data(mc, c);
	return 0;
}

/* The work of a callback, run on one of the server's threads (see qv__server_call). */
typedef struct ws_call {
	qv__server *srv;
	const struct mg_connection *mc;
	qv__conn *c;
	int result;
} ws_call;

static void connect_call(void *arg)
{
	ws_call *w = arg;
	w->result = connect_work(w->srv, w->mc);
}

static int ws_connect(const struct mg_connection *mc, void *cbdata)
{
	ws_call w = {.srv = cbdata, .mc = mc, .result = 1};
	if (!qv__server_call(w.srv, connect_call, &w))
		refuse((struct mg_connection *)mc, 503, "the server is stopping");
	return w.result;
}

/* The message gathered in c->msg. */
static void message_call(void *arg)
{
	ws_call *w = arg;
	w->result = on_message(w->c, qv_buf_str(&w->c->msg), w->c->msg_len);
}

/* A frame: text frames make up messages (a message may come in several frames); anything
 * over QV__BODY_MAX is refused with an error frame and dropped. Returns 0 to close. */
static int ws_data(struct mg_connection *mc, int bits, char *data, size_t len, void *cbdata)
{
	(void)cbdata;
	qv__conn *c = mg_get_user_connection_data(mc);
	int opcode = bits & 0xf;
	bool fin = (bits & 0x80) != 0;
	if (!c || opcode == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE)
		return 0;
	if (opcode == MG_WEBSOCKET_OPCODE_PING || opcode == MG_WEBSOCKET_OPCODE_PONG)
		return 1;
	if (opcode == MG_WEBSOCKET_OPCODE_BINARY) {
		send_error(c, "binary frames are not accepted: send JSON text frames");
		c->in_msg = false;
		return 1;
	}
	if (opcode == MG_WEBSOCKET_OPCODE_TEXT) {
		qv_buf_clear(&c->msg);
		c->in_msg = true;
		c->too_big = false;
		c->msg_len = 0;
	} else if (opcode != MG_WEBSOCKET_OPCODE_CONTINUATION || !c->in_msg) {
		send_error(c, "unexpected WebSocket frame (opcode %d); send JSON text frames",
		           opcode);
		return 1;
	}
	c->msg_len += len;
	if (c->msg_len > QV__BODY_MAX) {
		c->too_big = true;
		qv_buf_clear(&c->msg);
	} else {
		for (size_t i = 0; i < len; i++)
			qv_buf_putc(&c->msg, data[i]);
	}
	if (!fin)
		return 1;
	c->in_msg = false;
	if (c->too_big) {
		send_error(c, "message too large: %zu bytes; at most %d", c->msg_len, QV__BODY_MAX);
		return 1;
	}
	if (c->msg.failed) {
		send_error(c, "out of memory reading the message");
		return 1;
	}
	ws_call w = {.srv = c->srv, .mc = mc, .c = c, .result = 0};
	if (qv__server_call(c->srv, message_call, &w) && w.result)
		return 1;
	pthread_mutex_lock(&c->send_lock);
	if (!c->closed)
		mg_websocket_write(c->mc, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, "\x03\xe8", 2);
	pthread_mutex_unlock(&c->send_lock);
	return 0;
}

/* The socket is gone: out of the table's list, the seat offline, the others told. */
static void close_work(qv__server *srv, const struct mg_connection *mc, qv__conn *c)
{
	pthread_mutex_lock(&c->send_lock);
	c->closed = true;
	bool greeted = c->greeted;
	pthread_mutex_unlock(&c->send_lock);
	qv__table *t = c->table;
	bool listed = false;
	if (greeted) {
		qv__table_lock(t);
		for (qv__conn **p = (qv__conn **)&t->conns; *p; p = &(*p)->next)
			if (*p == c) {
				*p = c->next;
				listed = true;
				break;
			}
		qv__table_online_locked(t, c->viewer, -1);
		qv__table_unlock(t);
	}
	mg_set_user_connection_data(mc, NULL);
	atomic_fetch_sub(&srv->sockets, 1);
	qv__table_ref(t);
	if (listed)
		conn_unref(c);
	conn_unref(c);
	qv__server_changed(srv, t);
	qv__table_unref(t);
}

static void close_call(void *arg)
{
	ws_call *w = arg;
	close_work(w->srv, w->mc, w->c);
}

static void ws_close(const struct mg_connection *mc, void *cbdata)
{
	ws_call w = {.srv = cbdata, .mc = mc, .c = mg_get_user_connection_data(mc)};
	if (w.c && !qv__server_call(w.srv, close_call, &w)) {
		/* The server is stopping: the work is small enough for this stack. */
		close_work(w.srv, mc, w.c);
	}
}

void qv__ws_register(qv__server *srv)
{
	mg_set_websocket_handler(srv->ctx, "/api/tables/*/ws$", ws_connect, NULL, ws_data, ws_close,
	                         srv);
}
