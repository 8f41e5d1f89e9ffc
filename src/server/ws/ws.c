/*
 * ws.c - the messages of a table's WebSocket (/api/tables/ID/ws): hello, act, what, undo,
 * ping, history, chat, rematch, claim, return, resign, abort, draw and moretime in; snapshot,
 * update, what, history, chat, error and pong out. wsock.c owns the socket and its frames; each
 * whole message it reads comes here on a request worker (qv__ws_message), one at a time per
 * connection, in order.
 *
 * Nothing here writes to a socket: a frame is appended whole to the connection's queue
 * (qv__conn_queue_locked), which the loop sends when the socket takes it. A client that does
 * not read makes only its own queue grow, and is dropped past its bound; so no client, however
 * slow, holds up a broadcast, a table's lock or another connection.
 *
 * Each connection has a lock held while a frame is built and queued, and remembers the table's
 * info version and its place in its viewer's log, so frames are queued in order and each
 * carries what is new since the last; several quick changes may reach it as one update. A
 * frame is built from the table as it is when it is queued. The connection list of a table is
 * guarded by the table's lock; every connection is also on the server's list (conns_lock),
 * which counts the sockets of each client address.
 */
#define _GNU_SOURCE /* explicit_bzero */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "games/json_util.h"
#include "server/api/http.h"
#include "server/base/metrics.h"
#include "server/base/oplog.h"
#include "server/net/reply.h"
#include "server/net/req.h"
#include "server/net/wsock_impl.h"
#include "server/players/blocks.h"
#include "server/players/session.h"
#include "server/players/skeleton.h"
#include "server/ws/frame.h"
#include "server/ws/ws.h"

/* ---- sending -------------------------------------------------------------------------------- */

/* Sends {"type": "error", "message": ...}. */
static void send_error(qv__conn *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void send_error(qv__conn *c, const char *fmt, ...)
{
	char raw[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	qv__conn_error(c, raw);
}

/* Queues a frame written as text (made), or closes c when it could not be (out of memory). */
static void queue_made_locked(qv__conn *c, bool made, const qv_buf *text)
{
	QV__HELD(qv__mutex_held(&c->lock));
	if (made)
		qv__conn_queue_locked(c, QV__OP_TEXT, text->s, text->len);
	else
		qv__conn_close_locked(c, QV__CLOSE_GOING, "out of memory");
}

/* Queues for c the update it has not seen, if any, with the parts shared by the frames of one
 * broadcast (qv__table_frame_text_locked). */
static void send_update(qv__conn *c, qv__frame_shared *shared, qv_buf *text)
{
	qv__mutex_lock(&c->lock);
	bool due = false, made = false;
	if (!c->closed && !c->closing && c->greeted) {
		qv__table *t = c->table;
		qv__table_lock(t);
		if (c->sent_iv != t->iv) {
			qv_buf_clear(text);
			made =
			    qv__table_frame_text_locked(t, c->viewer, false, &c->pos, shared, text);
			c->sent_iv = t->iv;
			due = true;
		}
		qv__table_unlock(t);
	}
	if (due)
		queue_made_locked(c, made, text);
	qv__mutex_unlock(&c->lock);
}

/* The connections of t, each with a reference taken (the caller drops each), in *n (none
 * when out of memory: nobody is told, as when a frame cannot be made). */
static qv__conn **conns_of(qv__table *t, int *n)
{
	qv__table_lock(t);
	int k = 0;
	for (qv__conn *c = t->conns; c; c = c->next)
		k++;
	qv__conn **list = malloc(sizeof *list * (size_t)(k ? k : 1));
	k = 0;
	for (qv__conn *c = list ? t->conns : NULL; c; c = c->next) {
		atomic_fetch_add(&c->refs, 1);
		list[k++] = c;
	}
	qv__table_unlock(t);
	*n = k;
	return list;
}

void qv__ws_broadcast(qv__table *t)
{
	int n;
	qv__conn **list = conns_of(t, &n);
	qv__frame_shared shared = {0};
	qv_buf text = {0};
	for (int i = 0; i < n; i++) {
		send_update(list[i], &shared, &text);
		qv__conn_unref(list[i]);
	}
	qv_buf_free(&text);
	qv__frame_shared_free(&shared);
	free(list);
}

void qv__ws_moved(qv__table *t)
{
	int n;
	qv__conn **list = conns_of(t, &n);
	for (int i = 0; i < n; i++) {
		qv__conn *c = list[i];
		qv__mutex_lock(&c->lock);
		qv__conn_close_locked(c, QV__CLOSE_RESTART, QV__MOVED_REASON);
		qv__mutex_unlock(&c->lock);
		qv__conn_unref(c);
	}
	free(list);
}

void qv__ws_crowd(qv__table *t, int count)
{
	int n;
	qv__conn **list = conns_of(t, &n);
	json_t *frame = json_pack("{s:s, s:i}", "type", "spectators", "count", count);
	for (int i = 0; i < n; i++) {
		qv__conn *c = list[i];
		qv__mutex_lock(&c->lock);
		if (!c->closed && !c->closing && c->greeted)
			qv__conn_queue_json_locked(c, frame);
		qv__mutex_unlock(&c->lock);
		qv__conn_unref(c);
	}
	json_decref(frame);
	free(list);
}

/* ---- the frames a client sends -------------------------------------------------------------- */

/* A rematch frame as connection c hears it (c->lock held): without the new seat's token when c
 * was greeted with a device's token, which works only with its session; the device asks for a
 * token of its own at the new table (its seat is the account's there too). */
static json_t *device_rematch(const qv__conn *c, json_t *frame)
{
	if (frame && c->who.account != 0)
		json_object_del(frame, "token");
	return frame;
}

/* The seat a hello's token opens, or -1. A device's token (qv__table_device_join) opens it only
 * on a socket whose upgrade carried the session it was given to, while that session lives and
 * belongs to the seat's account; the socket is then the account's, and closes when the session
 * ends (channel.c's qv__chan_close). */
static int hello_seat(qv__conn *c, const qv__frame *f)
{
	char session[QV__HASH_LEN + 1], player[QV__HASH_LEN + 1];
	if (f->token_len > 256)
		return -1;
	int seat = qv__table_auth_device(c->table, f->token, f->token_len, session);
	if (seat < 0 || !session[0])
		return seat;
	/* who.session was written at the upgrade, before any message was read. */
	if (strcmp(session, c->who.session) != 0)
		return -1;
	qv__store_account acct;
	double seen = 0;
	long long owner;
	int found = qv__store_session_find(c->srv->store, session, qv_wall() - QV__SESSION_AGE,
	                                   &acct, &seen);
	if (found != 1 || !qv__table_seat_holder(c->table, seat, &owner, player) ||
	    owner != acct.id)
		return -1;
	qv__mutex_lock(&c->lock);
	c->who.account = acct.id;
	qv__mutex_unlock(&c->lock);
	return seat;
}

/* Whether c closed while its hello waited for a worker (c's lock held; released when it did):
 * the loop let it go and took its count back from the table's greeting (wsock.c), and listing
 * it would list a freed socket. */
static bool closed_meanwhile(qv__conn *c)
{
	if (!c->released)
		return false;
	qv__mutex_unlock(&c->lock);
	return true;
}

/* hello: says who the connection is, then the snapshot. A bad token closes the socket
 * (returns false). */
static bool on_hello(qv__conn *c, const qv__frame *f)
{
	qv__mutex_lock(&c->lock);
	bool greeted = c->greeted;
	qv__mutex_unlock(&c->lock);
	if (greeted) {
		send_error(c, "hello was already said on this connection; open another one to "
		              "change seats");
		return true;
	}
	qv__table *t = c->table;
	int viewer = f->token ? hello_seat(c, f) : QV_VIEW_PUBLIC;
	if (f->token && viewer < 0) {
		send_error(c,
		           "bad token: it is not the token of a seat at table %s (join a seat with "
		           "POST /api/tables/%s/join, or send \"token\": null to watch)",
		           t->id, t->id);
		return false;
	}
	qv__mutex_lock(&c->lock);
	if (closed_meanwhile(c))
		return true;
	qv__table_lock(t);
	QV_ASSERT(!c->greeted); /* hello is handled once, on the connection's own thread */
	if (t->released) {
		/* let go since the socket was admitted: its sockets were closed without this one */
		qv__table_unlock(t);
		qv__conn_close_locked(c, QV__CLOSE_RESTART, QV__MOVED_REASON);
		qv__mutex_unlock(&c->lock);
		return true;
	}
	c->viewer = viewer;
	c->pos.messages = f->messages;
	c->next = t->conns;
	t->conns = c;
	atomic_fetch_add(&c->refs, 1); /* the table list's reference */
	QV_ASSERT(t->greeting > 0);
	t->greeting--; /* now on the list, which keeps the table */
	qv__table_online_locked(t, viewer, +1);
	qv_buf frame = {0};
	bool made = qv__table_frame_text_locked(t, viewer, true, &c->pos, NULL, &frame);
	/* A seat that says hello after its rematch was made (a reloaded page) hears of its new
	 * seat too, while this process remembers the token (never stored in clear). */
	json_t *rematch = device_rematch(c, qv__table_rematch_frame_locked(t, viewer));
	c->sent_iv = t->iv;
	qv__table_unlock(t);
	queue_made_locked(c, made, &frame);
	if (rematch)
		qv__conn_queue_json_locked(c, rematch);
	c->greeted = true;
	qv__mutex_unlock(&c->lock);
	qv_buf_free(&frame);
	json_decref(rematch);
	qv__ws_broadcast(t); /* the others see the seat online */
	return true;
}

/* A failure of the server's own (the database refused a change) is logged with the database's
 * file, which no frame names; a refused frame is the client's business only. */
static void log_failure(const qv__conn *c, qv_status rc, const qv_err *err)
{
	if (rc != QV_EINVAL && rc != QV_EILLEGAL && rc != QV_ESTATE)
		qv__oplog(QV__WARN, "database %s: table %s: %s", c->srv->db_name, c->table->id,
		          err->msg);
}

/* Whether the connection said hello; if not, it is told to. */
static bool greeted(qv__conn *c)
{
	qv__mutex_lock(&c->lock);
	bool yes = c->greeted;
	qv__mutex_unlock(&c->lock);
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
		/* a message that says already what cannot be done is not prefixed again ("cannot
		 * take back: cannot take back: ..." was said) */
		bool said = strncmp(err->msg, "cannot ", 7) == 0;
		send_error(c, "%s%s", said ? "" : prefix, err->msg);
		return;
	}
	qv__server_changed(c->srv, c->table);
}

static void on_act(qv__conn *c, const qv__frame *f)
{
	if (!may_play(c, "act"))
		return;
	qv_err err;
	double t0 = qv_mono_ms();
	qv_status rc = qv__table_act(c->table, c->viewer, f->v, f->action, &err);
	changed(c, rc, &err, "");
	if (!rc)
		qv__histogram_add(&c->srv->metrics->act, (qv_mono_ms() - t0) / 1e3);
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
	qv__mutex_lock(&c->lock);
	qv__conn_queue_json_locked(c, frame);
	qv__mutex_unlock(&c->lock);
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

/* abort, draw and moretime: a seat ends the game early, offers a draw, or gives another player
 * time (acts.c), saved before everyone hears of it. */
static void on_courtesy(qv__conn *c, const qv__frame *f)
{
	const char *what = f->type == QV__ABORT  ? "abort the game"
	                   : f->type == QV__DRAW ? "offer a draw"
	                                         : "give time";
	if (!may_play(c, what))
		return;
	qv_err err;
	qv_status rc = f->type == QV__ABORT ? qv__table_abort(c->table, c->viewer, f->v, &err)
	               : f->type == QV__DRAW
	                   ? qv__table_draw(c->table, c->viewer, f->v, &err)
	                   : qv__table_more_time(c->table, c->viewer, f->v, f->seat, &err);
	changed(c, rc, &err,
	        f->type == QV__ABORT  ? "cannot abort: "
	        : f->type == QV__DRAW ? "cannot offer a draw: "
	                              : "cannot give time: ");
}

/* history: the connection's viewer's own view after a move of its log (looking back during
 * play). Built under the connection's lock, as an update is, so that it is answered from the
 * log the connection holds. */
static void on_history(qv__conn *c, const qv__frame *f)
{
	qv_err err;
	json_t *frame = NULL;
	qv__mutex_lock(&c->lock);
	bool greeted = c->greeted;
	if (greeted) {
		qv__table_lock(c->table);
		frame = qv__table_history_locked(c->table, c->viewer, f->line, &c->pos, &err);
		qv__table_unlock(c->table);
		if (frame)
			qv__conn_queue_json_locked(c, frame);
	}
	qv__mutex_unlock(&c->lock);
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
	if (f->type != QV__RETURN) /* a seat that leaves may become a zombie */
		qv__server_zombie_room(c->srv, c->table);
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
	QV__TABLE_HELD(t);
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
	double t0 = qv_mono_ms(), oldest = t0;
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
		qv__mutex_lock(&list[i]->lock);
		if (list[i]->greeted)
			qv__conn_queue_json_locked(list[i], line);
		qv__mutex_unlock(&list[i]->lock);
		qv__conn_unref(list[i]);
	}
	if (!list) {
		/* Saved, but the list of who hears it could not be made: every connection gets a
		 * snapshot instead (it carries the chat). */
		qv__mutex_lock(&c->lock);
		qv__conn_close_locked(c, QV__CLOSE_GOING, "out of memory");
		qv__mutex_unlock(&c->lock);
	}
	free(list);
	json_decref(line);
}

/* Each connection of a seat of t hears of its person's new seat at the rematch, and nobody
 * else. */
static void tell_rematch(qv__table *t)
{
	int n = 0;
	qv__table_lock(t);
	qv__conn **list = chat_audience_locked(t, 0, &n);
	qv__table_unlock(t);
	for (int i = 0; i < n; i++) {
		qv__conn *o = list[i];
		qv__mutex_lock(&o->lock);
		if (o->greeted && o->viewer >= 0) {
			qv__table_lock(t);
			json_t *frame =
			    device_rematch(o, qv__table_rematch_frame_locked(t, o->viewer));
			qv__table_unlock(t);
			if (frame)
				qv__conn_queue_json_locked(o, frame);
			json_decref(frame);
		}
		qv__mutex_unlock(&o->lock);
		qv__conn_unref(o);
	}
	free(list);
}

/* rematch: the seat asks for a rematch of a finished table; the last to ask makes the new
 * table, and each connection of each person hears of its new seat and token. */
static void on_rematch(qv__conn *c)
{
	if (!may_play(c, "ask for a rematch"))
		return;
	qv__table *t = c->table, *nt = NULL;
	qv_err err;
	/* people kept apart by a block play no rematch (blocks.h) */
	qv_status rc = qv__blocks_rematch_check(c->srv->store, t, c->viewer, &err);
	if (rc) {
		send_error(c, "%s", err.msg);
		return;
	}
	/* The new table, saved whole or not at all; the tokens reach the people through t
	 * (tell_rematch). */
	char tokens[QV_MAX_PLAYERS][QV__TOKEN_LEN + 1];
	rc = qv__table_rematch(t, c->viewer, qv__skeleton_guest_name, c->srv->store, &nt, tokens,
	                       &err);
	explicit_bzero(tokens, sizeof tokens);
	if (rc) {
		log_failure(c, rc, &err);
		send_error(c, "%s", err.msg);
		return;
	}
	if (nt) {
		qv_err lost;
		if (qv__server_add(c->srv, nt, &lost)) /* read back from the store when asked for */
			qv__oplog(QV__WARN, "table %s: %s", nt->id, lost.msg);
		else
			qv__server_changed(c->srv, nt);
		tell_rematch(t);
		qv__table_unref(nt);
	}
	qv__server_changed(c->srv, t);
}

/* The pong, queued now: always the same text. */
static void pong(qv__conn *c)
{
	static const char text[] = "{\"type\":\"pong\"}"; /* as JSON_COMPACT writes it */
	qv__mutex_lock(&c->lock);
	qv__conn_queue_locked(c, QV__OP_TEXT, text, sizeof text - 1);
	qv__mutex_unlock(&c->lock);
}

/* How often a ping has a device's session checked: a page pings every 2 s. */
#define SESSION_PING_S 10

qv__pong qv__ws_pong(qv__conn *c, const char *text, size_t len)
{
	if (!qv__frame_is_ping(text, len))
		return QV__PONG_NONE;
	pong(c);
	/* a worker reads the ping only to check a device's session, at one ping in
	 * SESSION_PING_S (session_ping_due, which keeps the time) */
	qv__mutex_lock(&c->lock);
	bool check = c->who.account != 0 && qv_mono() - c->session_at >= SESSION_PING_S;
	qv__mutex_unlock(&c->lock);
	return check ? QV__PONG_ANSWERED : QV__PONG_DONE;
}

bool qv__ws_ping(qv__conn *c)
{
	qv__mutex_lock(&c->lock);
	bool answered = c->pongs > 0;
	if (answered)
		c->pongs--;
	qv__mutex_unlock(&c->lock);
	if (!answered)
		pong(c);
	return !answered;
}

/* Whether the ping of c is one to check a device's session at (one every SESSION_PING_S). */
static bool session_ping_due(qv__conn *c)
{
	double now = qv_mono();
	qv__mutex_lock(&c->lock);
	bool due = now - c->session_at >= SESSION_PING_S;
	if (due)
		c->session_at = now;
	qv__mutex_unlock(&c->lock);
	return due;
}

/* Whether c was greeted with a device's token (hello_seat) whose session has ended since: it is
 * then closed (1008). Read at each of its frames, and at a ping every SESSION_PING_S, so that a
 * session ended by another process of a site (cluster.h) closes it too; this process closes it
 * at once (channel.c). */
static bool device_session_ended(qv__conn *c)
{
	qv__mutex_lock(&c->lock);
	long long account = c->who.account;
	qv__mutex_unlock(&c->lock);
	if (account == 0)
		return false;
	qv__store_account acct;
	double seen = 0;
	int found = qv__store_session_find(c->srv->store, c->who.session,
	                                   qv_wall() - QV__SESSION_AGE, &acct, &seen);
	if (found < 0 || (found == 1 && acct.id == account))
		return false; /* the database failed: the connection is kept, as a channel is */
	qv__mutex_lock(&c->lock);
	qv__conn_close_locked(c, QV__CLOSE_POLICY, QV__CHAN_ENDED);
	qv__mutex_unlock(&c->lock);
	return true;
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
	if (f.type != QV__HELLO && (f.type != QV__PING || session_ping_due(c)) &&
	    device_session_ended(c)) {
		qv__frame_free(&f);
		return true;
	}
	switch (f.type) {
	case QV__HELLO: keep = on_hello(c, &f); break;
	case QV__ACT: on_act(c, &f); break;
	case QV__WHAT: on_what(c, &f); break;
	case QV__UNDO:
	case QV__TAKEBACK: on_takeback(c, &f); break;
	case QV__ANSWER: on_answer(c, &f); break;
	case QV__PING: qv__ws_ping(c); break;
	case QV__HISTORY: on_history(c, &f); break;
	case QV__CHAT: on_chat(c, &f); break;
	case QV__REMATCH: on_rematch(c); break;
	case QV__CLAIM:
	case QV__RETURN:
	case QV__RESIGN: on_leaving(c, &f); break;
	case QV__ABORT:
	case QV__DRAW:
	case QV__MORE_TIME: on_courtesy(c, &f); break;
	}
	qv__frame_free(&f);
	return keep;
}

/* handle_message, counted in flight while it runs (qv__server_busy). */
bool qv__ws_message(qv__conn *c, const char *text, size_t len)
{
	qv__server_busy(c->srv, 1);
	bool keep = handle_message(c, text, len);
	qv__server_busy(c->srv, -1);
	return keep;
}
