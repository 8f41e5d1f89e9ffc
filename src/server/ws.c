/*
 * ws.c - the WebSocket of a table (/api/tables/ID/ws): hello, act, what, undo, ping,
 * history, claim, return and resign frames in, snapshot, update, what, history, error and pong
 * frames out.
 *
 * CivetWeb answers the handshake; then the connection's own CivetWeb thread runs this file's
 * loop on the socket (RFC 6455 read and written here, not by CivetWeb, which accepts unmasked
 * client frames and reads a frame whole before anyone may refuse it). The loop is the only
 * reader and the only writer of its socket, and never blocks on it: the socket is
 * non-blocking, and poll() waits for the client, for the connection's wake pipe and for its
 * deadlines (the hello, the pings).
 *
 * Other threads (a broadcast after a move, a reply to a message) never write to a socket: they
 * append whole frames to the connection's queue and wake its loop. A client that does not read
 * makes only its own queue grow; past QUEUE_MAX bytes the connection is dropped. So no
 * client, however slow, holds up a broadcast, a table's lock or another connection.
 *
 * Each connection has a lock held while a frame is built and queued, and remembers the table's
 * info version and its place in its viewer's log, so frames are queued in order and each
 * carries what is new since the last; several quick changes may reach it as one update. A
 * frame is built from the table as it is when it is queued. The connection list of a table is
 * guarded by the table's lock; every connection is also on the server's list (conns_lock),
 * which counts the sockets of each client address. A connection is freed when the last of its
 * references (its own thread's, the table list's, a broadcaster's) goes.
 */
#define _GNU_SOURCE /* pipe2 */
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <civetweb.h>

#include "games/json_util.h"
#include "server/frame.h"
#include "server/http.h"
#include "server/reply.h"
#include "server/ws.h"

/* A socket must say hello this soon after the handshake, or it is closed (1008): a browser says
 * it at once, and a socket that never does would only hold a slot. */
#define HELLO_MS 5000
/* After this long without a byte from the client the server pings it; after PINGS_MAX pings
 * without an answer (or anything else) the connection is closed. */
#define PING_AFTER_MS 30000
#define PINGS_MAX     3
/* Bytes of frames waiting for a client that does not read them before the connection is
 * dropped: far more than a burst of updates (a frame is a few KiB), far less than memory. */
#define QUEUE_MAX (256 * 1024)
/* How long the closing frame may take to leave before the socket is shut anyway. */
#define CLOSE_FLUSH_MS 1000
/* The longest wait in poll(): the loop notices the server stopping at least this often. */
#define POLL_MAX_MS 500

/* RFC 6455 close codes. */
enum { CLOSE_NORMAL = 1000, CLOSE_GOING = 1001, CLOSE_PROTOCOL = 1002, CLOSE_POLICY = 1008 };

/* A frame as it goes on the wire, with how much of it has gone. */
typedef struct out_frame {
	struct out_frame *next;
	size_t len, sent;
	unsigned char bytes[];
} out_frame;

typedef struct qv__conn {
	struct mg_connection *mc;
	qv__server *srv;
	qv__table *table; /* a reference */
	atomic_int refs;
	int fd;        /* the socket, CivetWeb's: polled, read, written and shut here only */
	int wake[2];   /* a pipe: a byte in wake[1] wakes the connection's loop */
	char addr[48]; /* the client's address */
	pthread_mutex_t lock;
	/* Under lock: */
	out_frame *head, *tail; /* the frames waiting to leave */
	size_t queued;          /* their bytes */
	bool closing;           /* the loop is to close the connection (close_code, close_why) */
	int close_code;
	char close_why[100];
	bool closed;  /* the loop has ended: nothing more is queued */
	bool greeted; /* the snapshot was queued */
	int viewer;   /* a seat, or QV_VIEW_PUBLIC */
	long long sent_iv;
	qv__log_pos pos;
	/* A message arriving in several frames (only the connection's thread touches these). */
	qv_buf msg;
	bool in_msg, too_big, binary;
	size_t msg_len;
	/* When the connection's last chat lines were said (now_ms), a ring of QV__CHAT_RATE. */
	double chat_at[QV__CHAT_RATE];
	int chat_n;
	struct qv__conn *next;                /* in the table's list, under the table's lock */
	struct qv__conn *all_prev, *all_next; /* in the server's list, under conns_lock */
} qv__conn;

static void conn_unref(qv__conn *c)
{
	int refs = atomic_fetch_sub(&c->refs, 1);
	QV_ASSERT(refs >= 1); /* one unref per reference taken */
	if (refs != 1)
		return;
	/* The last reference: no table list or broadcaster holds the connection any more. */
	QV_ASSERT(c->table == NULL || atomic_load(&c->table->refs) >= 1);
	qv__table_unref(c->table);
	qv_buf_free(&c->msg);
	for (out_frame *f = c->head, *n; f; f = n) {
		n = f->next;
		free(f);
	}
	if (c->wake[0] >= 0) {
		close(c->wake[0]);
		close(c->wake[1]);
	}
	pthread_mutex_destroy(&c->lock);
	free(c);
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* ---- the queue ------------------------------------------------------------------------------ */

/* Wakes the connection's loop (any thread; a full pipe already holds a wake-up). */
static void wake(qv__conn *c)
{
	char one = 1;
	ssize_t n = write(c->wake[1], &one, 1);
	(void)n;
}

/* Empties the queue; the caller holds c->lock. */
static void drop_queue_locked(qv__conn *c)
{
	for (out_frame *f = c->head, *n; f; f = n) {
		n = f->next;
		free(f);
	}
	c->head = c->tail = NULL;
	c->queued = 0;
}

/* The queue's ends and its byte count agree: empty, it holds no bytes; else its last frame
 * is the tail and its first has bytes left to send. */
static void check_queue_locked(const qv__conn *c)
{
	QV_ASSERT(c->head ? c->tail && !c->tail->next && c->head->sent < c->head->len &&
	                        c->queued >= c->head->len - c->head->sent
	                  : !c->tail && c->queued == 0);
	(void)c;
}

/* Asks the loop to close the connection with a code and a reason (the first asked wins); the
 * caller holds c->lock. */
static void close_locked(qv__conn *c, int code, const char *why)
{
	if (c->closing)
		return;
	c->closing = true;
	c->close_code = code;
	qv_copy(c->close_why, sizeof c->close_why, why);
	wake(c);
}

/* Appends one frame (server frames are never masked) and wakes the loop; the caller holds
 * c->lock. A client with more than QUEUE_MAX bytes waiting is dropped instead. */
static void queue_frame_locked(qv__conn *c, int opcode, const void *data, size_t len)
{
	if (c->closing || c->closed)
		return;
	if (c->queued > QUEUE_MAX) {
		drop_queue_locked(c);
		char why[100];
		snprintf(why, sizeof why, "more than %d KiB of frames waiting: read your frames",
		         QUEUE_MAX / 1024);
		close_locked(c, CLOSE_POLICY, why);
		return;
	}
	out_frame *f = malloc(sizeof *f + 10 + len);
	if (!f) {
		close_locked(c, CLOSE_GOING, "out of memory");
		return;
	}
	size_t h = 0;
	f->bytes[h++] = (unsigned char)(0x80 | opcode);
	if (len < 126) {
		f->bytes[h++] = (unsigned char)len;
	} else if (len <= 0xFFFF) {
		f->bytes[h++] = 126;
		f->bytes[h++] = (unsigned char)(len >> 8);
		f->bytes[h++] = (unsigned char)len;
	} else {
		f->bytes[h++] = 127;
		for (int i = 7; i >= 0; i--)
			f->bytes[h++] = (unsigned char)((uint64_t)len >> (8 * i));
	}
	if (len)
		memcpy(f->bytes + h, data, len);
	f->len = h + len;
	f->sent = 0;
	f->next = NULL;
	if (c->tail)
		c->tail->next = f;
	else
		c->head = f;
	c->tail = f;
	c->queued += f->len;
	/* Appended only below the bound, so the queue passes it by one frame at most. */
	QV_ASSERT(c->queued <= QUEUE_MAX + f->len && c->head && c->tail == f);
	check_queue_locked(c);
	wake(c);
}

/* Writes what the socket takes now without waiting; false when the socket failed. The caller
 * is the connection's loop. */
static bool flush(qv__conn *c)
{
	bool ok = true;
	pthread_mutex_lock(&c->lock);
	while (c->head) {
		out_frame *f = c->head;
		ssize_t n =
		    send(c->fd, f->bytes + f->sent, f->len - f->sent, MSG_DONTWAIT | MSG_NOSIGNAL);
		if (n < 0) {
			ok = errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
			break;
		}
		QV_ASSERT(c->queued >= (size_t)n && f->sent + (size_t)n <= f->len);
		f->sent += (size_t)n;
		c->queued -= (size_t)n;
		if (f->sent < f->len)
			break;
		c->head = f->next;
		if (!c->head)
			c->tail = NULL;
		free(f);
	}
	check_queue_locked(c);
	pthread_mutex_unlock(&c->lock);
	return ok;
}

/* ---- sending -------------------------------------------------------------------------------- */

/* Queues a JSON text frame; the caller holds c->lock. A frame that could not be made or
 * written out (NULL, or out of memory) closes the connection instead: the client reconnects
 * and gets a whole snapshot, rather than missing an update that would never come again. */
static void write_json(qv__conn *c, json_t *frame)
{
	char *text = frame ? qv__json_dumps(frame, JSON_COMPACT) : NULL;
	if (text)
		queue_frame_locked(c, MG_WEBSOCKET_OPCODE_TEXT, text, strlen(text));
	else
		close_locked(c, CLOSE_GOING, "out of memory");
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
	pthread_mutex_lock(&c->lock);
	write_json(c, frame);
	pthread_mutex_unlock(&c->lock);
	json_decref(frame);
}

/* Queues for c the update it has not seen, if any. */
static void send_update(qv__conn *c)
{
	pthread_mutex_lock(&c->lock);
	json_t *frame = NULL;
	bool due = false;
	if (!c->closed && !c->closing && c->greeted) {
		qv__table *t = c->table;
		qv__table_lock(t);
		if (c->sent_iv != t->iv) {
			frame = qv__table_frame_locked(t, c->viewer, false, &c->pos);
			c->sent_iv = t->iv;
			due = true;
		}
		qv__table_unlock(t);
	}
	if (due)
		write_json(c, frame);
	pthread_mutex_unlock(&c->lock);
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
	pthread_mutex_lock(&c->lock);
	bool greeted = c->greeted;
	pthread_mutex_unlock(&c->lock);
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
	pthread_mutex_lock(&c->lock);
	qv__table_lock(t);
	QV_ASSERT(!c->greeted); /* hello is handled once, on the connection's own thread */
	c->viewer = viewer;
	c->next = t->conns;
	t->conns = c;
	atomic_fetch_add(&c->refs, 1); /* the table list's reference */
	QV_ASSERT(t->greeting > 0);
	t->greeting--; /* now on the list, which keeps the table */
	qv__table_online_locked(t, viewer, +1);
	json_t *frame = qv__table_frame_locked(t, viewer, true, &c->pos);
	/* A seat that says hello after its rematch was made (a reloaded page) hears of its new
	 * seat too, while this process remembers the token (never stored in clear). */
	json_t *rematch = qv__table_rematch_frame_locked(t, viewer);
	c->sent_iv = t->iv;
	qv__table_unlock(t);
	write_json(c, frame);
	if (rematch)
		write_json(c, rematch);
	c->greeted = true;
	pthread_mutex_unlock(&c->lock);
	json_decref(frame);
	json_decref(rematch);
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

/* Whether the connection said hello; if not, it is told to. */
static bool greeted(qv__conn *c)
{
	pthread_mutex_lock(&c->lock);
	bool yes = c->greeted;
	pthread_mutex_unlock(&c->lock);
	if (!yes)
		send_error(c, "say hello first: {\"type\": \"hello\", \"token\": \"...\"} (or "
		              "\"token\": null to watch)");
	return yes;
}

/* The checks of the frames of a seat before the table's: a greeted seat. */
static bool may_play(qv__conn *c, const char *type)
{
	if (!greeted(c))
		return false;
	if (c->viewer < 0) {
		send_error(c, "a spectator cannot %s: join a seat to play", type);
		return false;
	}
	return true;
}

/* After a frame that changes the table: everyone hears of the change, or this connection of
 * why it was refused (the message after `prefix`, e.g. "cannot answer: "). */
static void changed(qv__conn *c, qv_status rc, const qv_err *err, const char *prefix)
{
	if (rc) {
		log_failure(c, rc, err);
		send_error(c, "%s%s", prefix, err->msg);
		return;
	}
	qv__server_changed(c->srv, c->table);
}

static void on_act(qv__conn *c, const qv__frame *f)
{
	if (!may_play(c, "act"))
		return;
	qv_err err;
	changed(c, qv__table_act(c->table, c->viewer, f->v, f->action, &err), &err, "");
}

/* what: what the seat's action would do, answered to this connection only; nothing changes. */
static void on_what(qv__conn *c, const qv__frame *f)
{
	if (!may_play(c, "ask what a move would do"))
		return;
	qv_err err;
	char text[QV_NOTE_TEXT];
	qv_status rc =
	    qv__table_what(c->table, c->viewer, f->v, f->action, text, sizeof text, &err);
	if (rc) {
		send_error(c, "%s", err.msg);
		return;
	}
	json_t *frame = json_pack("{s:s, s:I, s:s, s:s}", "type", "what", "v", (json_int_t)f->v,
	                          "action", f->action, "text", text);
	pthread_mutex_lock(&c->lock);
	write_json(c, frame);
	pthread_mutex_unlock(&c->lock);
	json_decref(frame);
}

/* takeback (and undo, its old name): done at once, or a request the others answer. */
static void on_takeback(qv__conn *c, const qv__frame *f)
{
	if (!may_play(c, "take a move back"))
		return;
	qv_err err;
	changed(c, qv__table_undo(c->table, c->viewer, f->v, &err), &err,
	        f->type == QV__UNDO ? "cannot undo: " : "cannot take back: ");
}

/* answer: a seat's answer to another's takeback request. */
static void on_answer(qv__conn *c, const qv__frame *f)
{
	if (!may_play(c, "answer a takeback request"))
		return;
	qv_err err;
	changed(c, qv__table_answer(c->table, c->viewer, f->v, f->accept, &err), &err,
	        "cannot answer: ");
}

/* history: the connection's viewer's own view after a move of its log (looking back during
 * play). Built under the connection's lock, as an update is, so that it is answered from the
 * log the connection holds. */
static void on_history(qv__conn *c, const qv__frame *f)
{
	qv_err err;
	json_t *frame = NULL;
	pthread_mutex_lock(&c->lock);
	bool greeted = c->greeted;
	if (greeted) {
		qv__table_lock(c->table);
		frame = qv__table_history_locked(c->table, c->viewer, f->line, &c->pos, &err);
		qv__table_unlock(c->table);
		if (frame)
			write_json(c, frame);
	}
	pthread_mutex_unlock(&c->lock);
	if (!greeted)
		send_error(c, "say hello first: {\"type\": \"hello\", \"token\": \"...\"} (or "
		              "\"token\": null to watch)");
	else if (!frame)
		send_error(c, "%s", err.msg);
	json_decref(frame);
}

/* claim, resign and return: a seat leaves the game or comes back (table.c), saved before
 * everyone hears of it. */
static void on_leaving(qv__conn *c, const qv__frame *f)
{
	const char *what = f->type == QV__CLAIM    ? "claim an absent seat"
	                   : f->type == QV__RESIGN ? "resign"
	                                           : "return";
	if (!may_play(c, what))
		return;
	qv_err err;
	qv_status rc = f->type == QV__CLAIM    ? qv__table_claim(c->table, c->viewer, f->v, f->seat,
	                                                         c->srv->cfg.away_limit, &err)
	               : f->type == QV__RESIGN ? qv__table_resign(c->table, c->viewer, f->v, &err)
	                                       : qv__table_return(c->table, c->viewer, &err);
	changed(c, rc, &err,
	        f->type == QV__CLAIM    ? "cannot claim: "
	        : f->type == QV__RESIGN ? "cannot resign: "
	                                : "cannot return: ");
}

/* The greeted connections of t that viewer's chat line reaches, each with a reference: every
 * one for a seat's line, the spectators for a spectator's; the caller holds t's lock. NULL
 * (and *n = 0) when out of memory. */
static qv__conn **chat_audience_locked(qv__table *t, int viewer, int *n)
{
	int all = 0;
	for (qv__conn *c = t->conns; c; c = c->next)
		all++;
	qv__conn **list = malloc(sizeof *list * (size_t)(all ? all : 1));
	*n = 0;
	for (qv__conn *c = list ? t->conns : NULL; c; c = c->next)
		if (viewer >= 0 || c->viewer < 0) {
			atomic_fetch_add(&c->refs, 1);
			list[(*n)++] = c;
		}
	return list;
}

/* chat: a line said at the table, checked (chat.h), rate-limited per connection, saved, then
 * sent to every connection that may see it (a spectator's to spectators only). */
static void on_chat(qv__conn *c, const qv__frame *f)
{
	if (!greeted(c))
		return;
	char text[QV__CHAT_MAX * 4 + 1];
	qv_err err;
	if (qv__text_clean(f->text, f->text_len, QV__CHAT_MAX, "text", text, sizeof text, &err)) {
		send_error(c, "chat: %s; expected {\"type\": \"chat\", \"text\": \"...\"}",
		           err.msg);
		return;
	}
	double t0 = now_ms(), oldest = t0;
	int recent = 0;
	for (int i = 0; i < QV__CHAT_RATE && i < c->chat_n; i++)
		if (t0 - c->chat_at[i] < QV__CHAT_PER_MS) {
			recent++;
			oldest = c->chat_at[i] < oldest ? c->chat_at[i] : oldest;
		}
	if (recent >= QV__CHAT_RATE) {
		send_error(c, "chat: at most %d lines in %d seconds from a connection; wait %.1f s",
		           QV__CHAT_RATE, QV__CHAT_PER_MS / 1000,
		           (oldest + QV__CHAT_PER_MS - t0) / 1000 + 0.05);
		return;
	}
	qv__table *t = c->table;
	json_t *line;
	int n = 0;
	qv__conn **list = NULL;
	qv__table_lock(t);
	qv_status rc = qv__table_chat_locked(t, c->viewer, text, &line, &err);
	if (!rc)
		list = chat_audience_locked(t, c->viewer, &n);
	qv__table_unlock(t);
	if (rc) {
		log_failure(c, rc, &err);
		send_error(c, "chat: %s", err.msg);
		return;
	}
	c->chat_at[c->chat_n++ % QV__CHAT_RATE] = t0;
	for (int i = 0; i < n; i++) {
		pthread_mutex_lock(&list[i]->lock);
		if (list[i]->greeted)
			write_json(list[i], line);
		pthread_mutex_unlock(&list[i]->lock);
		conn_unref(list[i]);
	}
	if (!list) {
		/* Saved, but the list of who hears it could not be made: every connection gets a
		 * snapshot instead (it carries the chat). */
		pthread_mutex_lock(&c->lock);
		close_locked(c, CLOSE_GOING, "out of memory");
		pthread_mutex_unlock(&c->lock);
	}
	free(list);
	json_decref(line);
}

/* rematch: the seat asks for a rematch of a finished table; the last to ask makes the new
 * table, and each connection of each person hears of its new seat and token. */
static void on_rematch(qv__conn *c)
{
	if (!may_play(c, "ask for a rematch"))
		return;
	qv__table *t = c->table, *nt = NULL;
	json_t *req;
	qv_err err;
	qv_status rc = qv__table_rematch_ask(t, c->viewer, &req, &err);
	if (!rc && req) {
		char tokens[QV_MAX_PLAYERS][QV__TOKEN_LEN + 1];
		rc = qv__table_rematch_make(t, req, &nt, tokens, &err);
		json_decref(req);
		if (!rc && qv__server_add(c->srv, nt, &err)) {
			rc = QV_ENOMEM;
			qv_err gone;
			if (nt->store && qv__store_delete(nt->store, nt->id, &gone))
				fprintf(stderr, "quiver serve: table %s: %s\n", nt->id, gone.msg);
			qv__table_unref(nt);
			nt = NULL;
		}
		if (!rc)
			rc = qv__table_rematch_done(t, c->viewer, nt->id, tokens, &err);
		else
			qv__table_rematch_failed(t);
		explicit_bzero(tokens, sizeof tokens);
	}
	if (rc) {
		log_failure(c, rc, &err);
		send_error(c, "%s", err.msg);
		if (nt) {
			qv__server_changed(c->srv, nt);
			qv__table_unref(nt);
		}
		return;
	}
	if (nt) {
		/* Each connection of a seat hears of its person's new seat, and nobody else. */
		int n = 0;
		qv__table_lock(t);
		qv__conn **list = chat_audience_locked(t, 0, &n);
		qv__table_unlock(t);
		for (int i = 0; i < n; i++) {
			qv__conn *o = list[i];
			pthread_mutex_lock(&o->lock);
			if (o->greeted && o->viewer >= 0) {
				qv__table_lock(t);
				json_t *frame = qv__table_rematch_frame_locked(t, o->viewer);
				qv__table_unlock(t);
				if (frame)
					write_json(o, frame);
				json_decref(frame);
			}
			pthread_mutex_unlock(&o->lock);
			conn_unref(o);
		}
		free(list);
		qv__server_changed(c->srv, nt);
		qv__table_unref(nt);
	}
	qv__server_changed(c->srv, t);
}

static void on_ping(qv__conn *c)
{
	json_t *frame = json_pack("{s:s}", "type", "pong");
	pthread_mutex_lock(&c->lock);
	write_json(c, frame);
	pthread_mutex_unlock(&c->lock);
	json_decref(frame);
}

/* One whole message; false closes the connection. */
static bool handle_message(qv__conn *c, const char *text, size_t len)
{
	qv__frame f;
	qv_err err;
	if (qv__frame_parse(text, len, &f, &err)) {
		send_error(c, "%s", err.msg);
		return true;
	}
	bool keep = true;
	switch (f.type) {
	case QV__HELLO: keep = on_hello(c, &f); break;
	case QV__ACT: on_act(c, &f); break;
	case QV__WHAT: on_what(c, &f); break;
	case QV__UNDO:
	case QV__TAKEBACK: on_takeback(c, &f); break;
	case QV__ANSWER: on_answer(c, &f); break;
	case QV__PING: on_ping(c); break;
	case QV__HISTORY: on_history(c, &f); break;
	case QV__CHAT: on_chat(c, &f); break;
	case QV__REMATCH: on_rematch(c); break;
	case QV__CLAIM:
	case QV__RETURN:
	case QV__RESIGN: on_leaving(c, &f); break;
	}
	qv__frame_free(&f);
	return keep;
}

/* handle_message, counted in flight while it runs (qv__server_busy). */
static bool on_message(qv__conn *c, const char *text, size_t len)
{
	qv__server_busy(c->srv, 1);
	bool keep = handle_message(c, text, len);
	qv__server_busy(c->srv, -1);
	return keep;
}

/* ---- CivetWeb's callbacks ------------------------------------------------------------------- */

/* Reads the table id out of the table's WebSocket path (QV__WS_PATH); false when uri is not
 * one, or its id is not shorter than len. */
static bool path_id(const char *uri, char *id, size_t len)
{
	qv__route_cap cap;
	if (qv__route_shape(QV__WS_PATH, uri, &cap, 1) != 1 || cap.len >= len)
		return false;
	memcpy(id, cap.at, cap.len);
	id[cap.len] = '\0';
	return true;
}

/* Refuses the upgrade with an HTTP status and {"error": message}. The connection is already
 * marked as a WebSocket, so the response is written by hand. A 400 also says the version of
 * the protocol the server speaks (RFC 6455 4.4). */
static void refuse(struct mg_connection *conn, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void refuse(struct mg_connection *conn, int status, const char *fmt, ...)
{
	char raw[600], msg[800];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	json_t *j = json_pack("{s:s}", "error", qv_shorten(raw, sizeof raw, msg, sizeof msg));
	char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
	const char *body = text ? text : "{}";
	const char *reason = status == 400   ? "Bad Request"
	                     : status == 404 ? "Not Found"
	                     : status == 429 ? "Too Many Requests"
	                     : status == 500 ? "Internal Server Error"
	                                     : "Service Unavailable";
	mg_printf(conn,
	          "HTTP/1.1 %d %s\r\nContent-Type: application/json; charset=utf-8\r\n"
	          "Content-Length: %zu\r\nCache-Control: no-store\r\n%sConnection: close\r\n\r\n%s",
	          status, reason, strlen(body),
	          status == 400 ? "Sec-WebSocket-Version: 13\r\n" : "", body);
	free(text);
	json_decref(j);
}

/* Whether the comma-separated list `value` holds the token `want` (any case). */
static bool has_token(const char *value, const char *want)
{
	size_t n = strlen(want);
	for (const char *p = value; *p;) {
		p += strspn(p, " \t,");
		size_t len = strcspn(p, ",");
		size_t end = len;
		while (end > 0 && (p[end - 1] == ' ' || p[end - 1] == '\t'))
			end--;
		if (end == n && strncasecmp(p, want, n) == 0)
			return true;
		p += len;
	}
	return false;
}

/* The headers named `name` (any case): how many, and the first (or NULL). */
static int headers_named(const struct mg_request_info *ri, const char *name, const char **first)
{
	int n = 0;
	*first = NULL;
	for (int i = 0; i < ri->num_headers; i++)
		if (strcasecmp(ri->http_headers[i].name, name) == 0 && n++ == 0)
			*first = ri->http_headers[i].value;
	return n;
}

/* Whether key is what RFC 6455 4.1 makes a client send: 16 random bytes in base64, 24
 * characters of which the last two are "==" (so the 22nd carries 2 bits and 4 zeros). */
static bool key_ok(const char *key)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	if (strlen(key) != 24 || strcmp(key + 22, "==") != 0)
		return false;
	for (int i = 0; i < 22; i++)
		if (!key[i] || !strchr(b64, key[i]))
			return false;
	return strchr("AQgw", key[21]) != NULL;
}

/* What makes this upgrade one RFC 6455 does not allow, in a few words into why (quoting the
 * client's values shortened), or false when it is allowed. CivetWeb checks less: it answered
 * a key of 100 bytes with a bare "Error 500" and no status line, and took any method, HTTP/1.0,
 * a second key or version, and "websocket" or "upgrade" inside another word. */
static bool handshake_problem(struct mg_connection *conn, char *why, size_t len)
{
	const struct mg_request_info *ri = mg_get_request_info(conn);
	char quoted[QV_QUOTE_MAX * 4 + 4];
	const char *upgrade, *connection, *key, *version;
	int nupgrade = headers_named(ri, "Upgrade", &upgrade);
	int nkey = headers_named(ri, "Sec-WebSocket-Key", &key);
	int nversion = headers_named(ri, "Sec-WebSocket-Version", &version);
	bool upgrading = false;
	for (int i = 0; i < ri->num_headers; i++)
		if (strcasecmp(ri->http_headers[i].name, "Connection") == 0)
			upgrading = upgrading || has_token(ri->http_headers[i].value, "upgrade");
	(void)headers_named(ri, "Connection", &connection);
	if (strcmp(ri->request_method, "GET") != 0)
		snprintf(why, len, "method %s",
		         qv_shorten(ri->request_method, 16, quoted, sizeof quoted));
	else if (strcmp(ri->http_version, "1.1") != 0)
		snprintf(why, len, "HTTP/%s",
		         qv_shorten(ri->http_version, 8, quoted, sizeof quoted));
	else if (nupgrade != 1)
		snprintf(why, len, "%d Upgrade headers", nupgrade);
	else if (!has_token(upgrade, "websocket"))
		snprintf(why, len, "Upgrade '%s'", qv_shorten(upgrade, 40, quoted, sizeof quoted));
	else if (!upgrading)
		snprintf(why, len, "Connection '%s'",
		         qv_shorten(connection ? connection : "", 40, quoted, sizeof quoted));
	else if (nkey != 1)
		snprintf(why, len, "%d Sec-WebSocket-Key headers", nkey);
	else if (!key_ok(key))
		snprintf(why, len, "a Sec-WebSocket-Key of %zu bytes that is not 16 in base64",
		         strlen(key));
	else if (nversion != 1)
		snprintf(why, len, "%d Sec-WebSocket-Version headers", nversion);
	else if (strcmp(version, "13") != 0)
		snprintf(why, len, "Sec-WebSocket-Version '%s'",
		         qv_shorten(version, 16, quoted, sizeof quoted));
	else
		return false;
	return true;
}

int qv__ws_check_upgrade(struct mg_connection *conn)
{
	/* What CivetWeb takes for an upgrade (is_websocket_protocol): "websocket" anywhere in the
	 * first Upgrade header and "upgrade" in the first Connection header. An exact test here
	 * let "Upgrade: websocket.1" through to CivetWeb's bare "Error 426" (found by fuzz_http).
	 */
	const char *upgrade = mg_get_header(conn, "Upgrade");
	const char *connection = mg_get_header(conn, "Connection");
	if (!upgrade || !strcasestr(upgrade, "websocket") || !connection ||
	    !strcasestr(connection, "upgrade"))
		return 0;
	/* CivetWeb answers an upgrade to a path with no WebSocket handler with a bare "Error 404"
	 * and no status line, before any handler of ours runs (found by fuzz_http). */
	char id[64];
	const char *uri = mg_get_request_info(conn)->local_uri;
	if (!uri || !path_id(uri, id, sizeof id)) {
		char quoted[QV_QUOTE_MAX * 4 + 4], shown[64];
		qv__route_shown(&qv__http_routes, QV__WS_PATH, shown, sizeof shown);
		refuse(conn, 404, "no WebSocket at '%s': a table's is %s",
		       qv_shorten(uri ? uri : "", QV_QUOTE_MAX, quoted, sizeof quoted), shown);
		return 404;
	}
	char why[160];
	if (!handshake_problem(conn, why, sizeof why))
		return 0;
	/* CivetWeb would answer a headless "Error 400" or "Error 500", or try an older draft of
	 * the protocol. */
	refuse(conn, 400,
	       "%s: a WebSocket upgrade is a GET over HTTP/1.1 with Upgrade: websocket, "
	       "Connection: Upgrade, one Sec-WebSocket-Key of 24 base64 characters (16 random "
	       "bytes) and Sec-WebSocket-Version: 13 (RFC 6455)",
	       why);
	return 400;
}

/* The descriptor of this process's TCP socket from local port `port` to the peer addr:peer, or
 * -1. CivetWeb gives no way to the socket of a connection; a TCP connection is named by its
 * two ends, so the one socket with these ends is found among the process's descriptors. */
static int find_socket(int port, const char *addr, int peer)
{
	struct in_addr want;
	if (inet_pton(AF_INET, addr, &want) != 1)
		return -1;
	DIR *d = opendir("/proc/self/fd");
	if (!d)
		return -1;
	int found = -1;
	struct dirent *e;
	while (found < 0 && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		int fd = atoi(e->d_name);
		struct sockaddr_in self, other;
		socklen_t n1 = sizeof self, n2 = sizeof other;
		if (fd == dirfd(d) || getsockname(fd, (struct sockaddr *)&self, &n1) != 0 ||
		    self.sin_family != AF_INET || ntohs(self.sin_port) != port ||
		    getpeername(fd, (struct sockaddr *)&other, &n2) != 0 ||
		    other.sin_family != AF_INET || ntohs(other.sin_port) != peer ||
		    other.sin_addr.s_addr != want.s_addr)
			continue;
		found = fd;
	}
	closedir(d);
	return found;
}

/* Takes back a socket's count on its table (qv__server_find_for_socket), which may then leave
 * memory. */
static void ungreet(qv__server *srv, qv__table *t)
{
	qv__table_lock(t);
	QV_ASSERT(t->greeting > 0);
	t->greeting--;
	qv__table_unlock(t);
	qv__server_changed(srv, t);
}

/* Before the handshake: the table must exist, and a socket must be free for the server and for
 * the client's address (else 404, 503 or 429). */
static int connect_work(qv__server *srv, const struct mg_connection *mc)
{
	struct mg_connection *conn = (struct mg_connection *)mc;
	const struct mg_request_info *ri = mg_get_request_info(mc);
	char id[64] = "";
	qv__table *t =
	    path_id(ri->local_uri, id, sizeof id) ? qv__server_find_for_socket(srv, id) : NULL;
	if (!t) {
		char quoted[QV_QUOTE_MAX * 4 + 4];
		refuse(conn, 404, "no table '%s'",
		       qv_shorten(id, QV_QUOTE_MAX, quoted, sizeof quoted));
		return 1;
	}
	qv__conn *c = calloc(1, sizeof *c);
	int fd = find_socket(ri->server_port, ri->remote_addr, ri->remote_port);
	if (!c || fd < 0 || pipe2(c->wake, O_NONBLOCK | O_CLOEXEC) != 0) {
		free(c);
		ungreet(srv, t);
		qv__table_unref(t);
		refuse(conn, 500, "the server cannot take this socket now; try again");
		return 1;
	}
	c->mc = conn;
	c->srv = srv;
	c->table = t;
	c->fd = fd;
	c->viewer = QV_VIEW_PUBLIC;
	qv_copy(c->addr, sizeof c->addr, ri->remote_addr);
	atomic_init(&c->refs, 1); /* the connection thread's */
	pthread_mutex_init(&c->lock, NULL);

	pthread_mutex_lock(&srv->conns_lock);
	int all = 0, mine = 0;
	for (qv__conn *o = srv->conns; o; o = o->all_next) {
		all++;
		mine += strcmp(o->addr, c->addr) == 0;
	}
	bool full = all >= srv->cfg.max_sockets, over = mine >= srv->cfg.max_sockets_per_address;
	if (!full && !over) {
		c->all_next = srv->conns;
		if (srv->conns)
			srv->conns->all_prev = c;
		srv->conns = c;
		atomic_fetch_add(&srv->sockets, 1);
	}
	pthread_mutex_unlock(&srv->conns_lock);
	if (full || over) {
		ungreet(srv, t);
		conn_unref(c);
		if (full)
			refuse(conn, 503,
			       "too many open sockets (%d, the server's limit); try again later",
			       srv->cfg.max_sockets);
		else
			refuse(
			    conn, 429,
			    "too many open sockets from your address (%d, the server's limit per "
			    "address); close one first",
			    srv->cfg.max_sockets_per_address);
		return 1;
	}
	mg_set_user_connection_data(mc, c);
	return 0;
}

static int ws_connect(const struct mg_connection *mc, void *cbdata)
{
	return connect_work(cbdata, mc);
}

/* The parts of a frame's header (RFC 6455 5.2). */
typedef struct frame_head {
	bool fin, masked;
	int rsv, opcode;
	uint64_t len;
	size_t size; /* of the header, mask included */
	unsigned char mask[4];
} frame_head;

/* Reads a frame header from buf (n bytes); false when more bytes are needed. */
static bool read_head(const unsigned char *buf, size_t n, frame_head *h)
{
	if (n < 2)
		return false;
	h->fin = buf[0] & 0x80;
	h->rsv = buf[0] & 0x70;
	h->opcode = buf[0] & 0x0f;
	h->masked = buf[1] & 0x80;
	h->len = buf[1] & 0x7f;
	size_t at = 2;
	if (h->len == 126) {
		if (n < 4)
			return false;
		h->len = (uint64_t)buf[2] << 8 | buf[3];
		at = 4;
	} else if (h->len == 127) {
		if (n < 10)
			return false;
		h->len = 0;
		for (int i = 0; i < 8; i++)
			h->len = h->len << 8 | buf[2 + i];
		at = 10;
	}
	if (h->masked) {
		if (n < at + 4)
			return false;
		memcpy(h->mask, buf + at, 4);
		at += 4;
	}
	h->size = at;
	return true;
}

/* What the loop does after a frame: go on, or close with a code and a reason. */
typedef struct verdict {
	int code; /* 0: go on */
	const char *why;
} verdict;

/* A data frame's payload (text, binary or continuation), gathered into messages; a message
 * over QV__BODY_MAX, or a binary one, is refused with an error frame and dropped. */
static verdict on_data(qv__conn *c, const frame_head *h, const unsigned char *data, size_t len)
{
	if (h->opcode != MG_WEBSOCKET_OPCODE_CONTINUATION) {
		if (c->in_msg)
			return (verdict){CLOSE_PROTOCOL,
			                 "a new message began before the last one ended"};
		qv_buf_clear(&c->msg);
		c->in_msg = true;
		c->too_big = false;
		c->binary = h->opcode == MG_WEBSOCKET_OPCODE_BINARY;
		c->msg_len = 0;
	} else if (!c->in_msg) {
		return (verdict){CLOSE_PROTOCOL,
		                 "a continuation frame with no message to continue"};
	}
	c->msg_len += len;
	if (c->msg_len > QV__BODY_MAX) {
		c->too_big = true;
		qv_buf_clear(&c->msg);
	} else if (!c->binary) {
		for (size_t i = 0; i < len; i++)
			qv_buf_putc(&c->msg, (char)data[i]);
	}
	if (!h->fin)
		return (verdict){0, NULL};
	c->in_msg = false;
	if (c->binary) {
		send_error(c, "binary frames are not accepted: send JSON text frames");
		return (verdict){0, NULL};
	}
	if (c->too_big) {
		send_error(c, "message too large: %zu bytes; at most %d", c->msg_len, QV__BODY_MAX);
		return (verdict){0, NULL};
	}
	if (c->msg.failed) {
		send_error(c, "out of memory reading the message");
		return (verdict){0, NULL};
	}
	return on_message(c, qv_buf_str(&c->msg), c->msg_len)
	           ? (verdict){0, NULL}
	           : (verdict){CLOSE_POLICY, "bad token"};
}

/* One whole frame (its payload unmasked); a frame RFC 6455 forbids closes with 1002. */
static verdict on_frame(qv__conn *c, const frame_head *h, unsigned char *data, size_t len)
{
	switch (h->opcode) {
	case MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE: {
		/* The close handshake: the client's code echoed (RFC 6455 5.5.1). */
		int code = len >= 2 ? data[0] << 8 | data[1] : CLOSE_NORMAL;
		return (verdict){code >= 1000 && code < 5000 ? code : CLOSE_NORMAL, ""};
	}
	case MG_WEBSOCKET_OPCODE_PING:
		pthread_mutex_lock(&c->lock);
		queue_frame_locked(c, MG_WEBSOCKET_OPCODE_PONG, data, len);
		pthread_mutex_unlock(&c->lock);
		return (verdict){0, NULL};
	case MG_WEBSOCKET_OPCODE_PONG: return (verdict){0, NULL};
	case MG_WEBSOCKET_OPCODE_TEXT:
	case MG_WEBSOCKET_OPCODE_BINARY:
	case MG_WEBSOCKET_OPCODE_CONTINUATION: return on_data(c, h, data, len);
	default: return (verdict){CLOSE_PROTOCOL, "unknown opcode (RFC 6455 5.2)"};
	}
}

/* Checks a frame's header before its payload is read: RFC 6455's rules (1002), and the
 * length (a payload over QV__BODY_MAX is skipped, not stored: *skip). */
static verdict check_head(const frame_head *h, bool *skip)
{
	*skip = false;
	if (!h->masked)
		return (verdict){CLOSE_PROTOCOL, "client frames must be masked (RFC 6455 5.1)"};
	if (h->rsv)
		return (verdict){CLOSE_PROTOCOL, "reserved bits set without an extension"};
	if (h->opcode >= 8 && (!h->fin || h->len > 125))
		return (verdict){CLOSE_PROTOCOL, "a control frame must be whole and at most 125 "
		                                 "bytes"};
	*skip = h->len > QV__BODY_MAX;
	return (verdict){0, NULL};
}

/* Sends the close frame and what is queued before it, for at most CLOSE_FLUSH_MS. */
static void send_close(qv__conn *c, int code, const char *why)
{
	unsigned char body[2 + 123];
	size_t n = strlen(why);
	if (n > sizeof body - 2)
		n = sizeof body - 2;
	body[0] = (unsigned char)(code >> 8);
	body[1] = (unsigned char)code;
	memcpy(body + 2, why, n);
	pthread_mutex_lock(&c->lock);
	c->closing = false; /* lets the close frame in */
	queue_frame_locked(c, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, body, 2 + n);
	c->closed = true;
	pthread_mutex_unlock(&c->lock);
	double end = now_ms() + CLOSE_FLUSH_MS;
	for (;;) {
		if (!flush(c))
			return;
		pthread_mutex_lock(&c->lock);
		bool done = !c->head;
		pthread_mutex_unlock(&c->lock);
		double left = end - now_ms();
		if (done || left <= 0)
			return;
		struct pollfd p = {.fd = c->fd, .events = POLLOUT};
		poll(&p, 1, (int)left + 1);
	}
}

/* The connection's loop (see the top of the file), on its CivetWeb thread. Returns when the
 * connection is over, its socket shut. */
static void conn_run(qv__conn *c)
{
	qv__server *srv = c->srv;
	size_t cap = QV__BODY_MAX + 14, have = 0;
	unsigned char *in = malloc(cap);
	uint64_t skipping = 0; /* bytes of an oversized payload still to drop */
	frame_head skipped = {0};
	double last_rx = now_ms(), hello_by = last_rx + HELLO_MS;
	int pings = 0;
	verdict end = {CLOSE_GOING, "out of memory"};
	if (in)
		end = (verdict){0, NULL};
	while (in) {
		pthread_mutex_lock(&c->lock);
		bool closing = c->closing, greeted = c->greeted, out = c->head != NULL;
		if (closing)
			end = (verdict){c->close_code, c->close_why};
		pthread_mutex_unlock(&c->lock);
		if (closing)
			break;
		if (atomic_load(&srv->stopping)) {
			end = (verdict){CLOSE_GOING, "the server is stopping"};
			break;
		}
		/* at most once a second for the whole server: the viewers of a waiting table that
		 * expires hear of it without waiting for another request */
		qv__server_sweep(srv);
		double now = now_ms();
		if (!greeted && now >= hello_by) {
			end = (verdict){CLOSE_POLICY, "no hello within 5 seconds: send {\"type\": "
			                              "\"hello\", \"token\": ...} first"};
			break;
		}
		if (greeted && now - last_rx >= PING_AFTER_MS) {
			if (pings >= PINGS_MAX) {
				end = (verdict){CLOSE_GOING, "no answer to pings"};
				break;
			}
			pthread_mutex_lock(&c->lock);
			queue_frame_locked(c, MG_WEBSOCKET_OPCODE_PING, NULL, 0);
			pthread_mutex_unlock(&c->lock);
			pings++;
			last_rx = now;
			continue;
		}
		double until = greeted ? last_rx + PING_AFTER_MS : hello_by;
		int wait = until - now > POLL_MAX_MS ? POLL_MAX_MS : (int)(until - now) + 1;
		struct pollfd p[2] = {
		    {.fd = c->fd, .events = (short)(POLLIN | (out ? POLLOUT : 0))},
		    {.fd = c->wake[0], .events = POLLIN}};
		if (poll(p, 2, wait) < 0 && errno != EINTR)
			break;
		if (p[1].revents & POLLIN) {
			char drain[64];
			while (read(c->wake[0], drain, sizeof drain) > 0) {
			}
		}
		if ((p[0].revents & POLLOUT) && !flush(c)) {
			end = (verdict){0, NULL};
			break;
		}
		if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		ssize_t n = recv(c->fd, in + have, cap - have, MSG_DONTWAIT);
		if (n == 0 ||
		    (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
			end = (verdict){0, NULL}; /* the client left */
			break;
		}
		if (n < 0)
			continue;
		have += (size_t)n;
		last_rx = now_ms();
		pings = 0;
		/* Every whole frame in the buffer. */
		size_t used = 0;
		verdict v = {0, NULL};
		while (!v.code) {
			if (skipping) {
				size_t k = have - used < skipping ? have - used : (size_t)skipping;
				used += k;
				skipping -= k;
				if (skipping)
					break;
				v = on_data(c, &skipped, NULL, 0);
				continue;
			}
			frame_head h;
			if (!read_head(in + used, have - used, &h))
				break;
			bool skip;
			v = check_head(&h, &skip);
			if (v.code)
				break;
			if (skip) {
				/* Counted into a message too large, its payload dropped as it
				 * comes; the message ends (and is refused) with the frame's end. */
				used += h.size;
				v = on_data(c, &(frame_head){.fin = false, .opcode = h.opcode},
				            NULL, (size_t)h.len);
				skipped = (frame_head){.fin = h.fin,
				                       .opcode = MG_WEBSOCKET_OPCODE_CONTINUATION};
				skipping = h.len;
				continue;
			}
			if (have - used < h.size + h.len)
				break;
			unsigned char *data = in + used + h.size;
			for (size_t i = 0; i < h.len; i++)
				data[i] ^= h.mask[i & 3];
			v = on_frame(c, &h, data, (size_t)h.len);
			used += h.size + (size_t)h.len;
		}
		memmove(in, in + used, have - used);
		have -= used;
		if (v.code) {
			end = v;
			break;
		}
	}
	free(in);
	if (end.code)
		send_close(c, end.code, end.why);
	pthread_mutex_lock(&c->lock);
	c->closed = true;
	drop_queue_locked(c);
	pthread_mutex_unlock(&c->lock);
	/* CivetWeb's own read loop, which runs next, then finds the socket at its end. */
	shutdown(c->fd, SHUT_RDWR);
}

static void ws_ready(struct mg_connection *mc, void *cbdata)
{
	(void)cbdata;
	qv__conn *c = mg_get_user_connection_data(mc);
	if (c)
		conn_run(c);
}

/* The socket is gone: out of the server's and the table's lists, the seat offline, the others
 * told. */
static void close_work(qv__server *srv, const struct mg_connection *mc, qv__conn *c)
{
	pthread_mutex_lock(&c->lock);
	c->closed = true;
	bool greeted = c->greeted;
	pthread_mutex_unlock(&c->lock);
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
	} else {
		qv__table_lock(t);
		QV_ASSERT(t->greeting > 0);
		t->greeting--;
		qv__table_unlock(t);
	}
	pthread_mutex_lock(&srv->conns_lock);
	if (c->all_prev)
		c->all_prev->all_next = c->all_next;
	else
		srv->conns = c->all_next;
	if (c->all_next)
		c->all_next->all_prev = c->all_prev;
	int sockets = atomic_fetch_sub(&srv->sockets, 1);
	QV_ASSERT(sockets >= 1);
	(void)sockets;
	pthread_mutex_unlock(&srv->conns_lock);
	mg_set_user_connection_data(mc, NULL);
	/* A greeted connection is on its table's list (on_hello put it there, under both locks),
	 * and holds its own thread's reference and the list's. */
	QV_ASSERT(listed == greeted && atomic_load(&c->refs) >= 1 + (int)listed);
	qv__table_ref(t);
	if (listed)
		conn_unref(c);
	conn_unref(c);
	qv__server_changed(srv, t);
	qv__table_unref(t);
}

static void ws_close(const struct mg_connection *mc, void *cbdata)
{
	qv__conn *c = mg_get_user_connection_data(mc);
	if (c)
		close_work(cbdata, mc, c);
}

void qv__ws_connection_gone(const struct mg_connection *mc)
{
	/* A handshake that failed after ws_connect accepted it: no close handler comes. */
	qv__conn *c = mg_get_user_connection_data(mc);
	if (c)
		ws_close(mc, c->srv);
}

void qv__ws_stop_all(qv__server *srv)
{
	atomic_store(&srv->stopping, true);
	pthread_mutex_lock(&srv->conns_lock);
	for (qv__conn *c = srv->conns; c; c = c->all_next)
		wake(c);
	pthread_mutex_unlock(&srv->conns_lock);
}

void qv__ws_register(qv__server *srv)
{
	char pattern[64];
	qv__route_civetweb(QV__WS_PATH, pattern, sizeof pattern);
	mg_set_websocket_handler(srv->ctx, pattern, ws_connect, ws_ready, NULL, ws_close, srv);
}
