/*
 * wsock.c - the socket of a WebSocket (wsock_impl.h), a table's or a player's channel, once its
 * handshake (handshake.c) is done: on the loop (net.c), RFC 6455 read and written here: every
 * frame a client sends is checked as it comes (an unmasked one, reserved bits, a control frame
 * in pieces or over 125 bytes, an unknown opcode, a message begun inside another or a
 * continuation of none: closed with 1002 and the rule it broke), whole messages go to a worker
 * (ws.c) one at a time, in order, and the queue of frames other threads appended is written as
 * the socket takes it. Deadlines (the hello, the pings, the closing frame) are the loop's tick.
 *
 * The messages are ws.c's or ws/channel.c's, called through the server's ws_message (set by
 * listen.c), as a channel's end is (chan_gone), so that this file never calls back the files that
 * call it. Other threads never read the socket nor wait for it: a frame they append under the
 * connection's lock is written at once when nothing waits before it, as far as the socket takes
 * it (MSG_DONTWAIT), and what is left is queued for the loop, poked (the server's poked list,
 * then qv__net_wake by the one who found the list empty). The loop withdraws the socket's number
 * (wfd) under that lock before it lets the socket go.
 */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>

#include "core/clock.h"
#include "games/json_util.h"
#include "server/net/jobs.h"
#include "server/net/net.h"
#include "server/net/reply.h"
#include "server/net/wsock.h"
#include "server/net/wsock_impl.h"
#include "server/state/admin.h"
#include "server/table/chat.h"

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
/* Bytes of messages waiting for the worker before the connection is closed: a client may send
 * a few messages ahead of their answers, not flood. */
#define INBOX_MAX (4 * QV__BODY_MAX)
/* The kernel's send buffer of a WebSocket (Linux doubles it for its own bookkeeping): several
 * updates, as much as a client on a slow line takes in a round trip. */
#define SNDBUF (128 * 1024)
/* How long the closing frame may take to leave before the socket is shut anyway. */
#define CLOSE_FLUSH_MS 1000
/* The most bytes read at once, and so the largest frame header plus payload kept. */
#define READ_MAX (QV__BODY_MAX + 14)

/* ---- references and the queue --------------------------------------------------------------- */

void qv__conn_ref(qv__conn *c) { atomic_fetch_add(&c->refs, 1); }

void qv__conn_unref(qv__conn *c)
{
	int refs = atomic_fetch_sub(&c->refs, 1);
	QV_ASSERT(refs >= 1); /* one unref per reference taken */
	if (refs != 1)
		return;
	/* The last reference: no table list, loop or worker holds the connection any more. */
	QV_ASSERT(c->fd < 0 && !c->poked && !c->working);
	if (c->table)
		qv__table_unref(c->table);
	qv_buf_free(&c->msg);
	free(c->in);
	for (qv__out_frame *f = c->head, *n; f; f = n) {
		n = f->next;
		free(f);
	}
	for (qv__msg *m = c->inbox, *n; m; m = n) {
		n = m->next;
		free(m);
	}
	qv__mutex_destroy(&c->lock);
	free(c);
}

/* Puts c on the server's poked list, once, so that the loop looks at it; the caller holds
 * c->lock. */
static void poke_locked(qv__conn *c)
{
	QV__HELD(qv__mutex_held(&c->lock));
	if (c->poked)
		return;
	c->poked = true;
	qv__conn_ref(c); /* the list's, dropped by qv__ws_take_poked */
	qv__server *srv = c->srv;
	pthread_mutex_lock(&srv->poke_lock);
	/* The one who makes the list non-empty wakes the loop; until the loop takes the list,
	 * that wake is still to come or still unread, and serves the others too. */
	bool first = !srv->poked;
	c->poke_next = srv->poked;
	srv->poked = c;
	pthread_mutex_unlock(&srv->poke_lock);
	if (first)
		qv__net_wake(srv);
}

static void drop_queue_locked(qv__conn *c)
{
	QV__HELD(qv__mutex_held(&c->lock));
	for (qv__out_frame *f = c->head, *n; f; f = n) {
		n = f->next;
		free(f);
	}
	c->head = c->tail = NULL;
	c->queued = 0;
}

/* The queue's ends and its byte count agree. */
static void check_queue_locked(const qv__conn *c)
{
	QV__HELD(qv__mutex_held(&c->lock));
	QV_ASSERT(c->head ? c->tail && !c->tail->next && c->head->sent < c->head->len &&
	                        c->queued >= c->head->len - c->head->sent
	                  : !c->tail && c->queued == 0);
	(void)c;
}

void qv__conn_close_locked(qv__conn *c, int code, const char *why)
{
	QV__HELD(qv__mutex_held(&c->lock));
	if (c->closing || c->closed)
		return;
	c->closing = true;
	c->close_code = code;
	qv_copy(c->close_why, sizeof c->close_why, why);
	poke_locked(c);
}

/* Appends a frame without the queue's checks; the caller holds c->lock. A frame with nothing
 * waiting before it is written at once, as far as the socket takes it without waiting, on
 * the caller's thread: the loop is poked only for what is left (or for the socket's error,
 * which its own write meets again). False when out of memory. */
static bool append_locked(qv__conn *c, int opcode, const void *data, size_t len)
{
	QV__HELD(qv__mutex_held(&c->lock));
	qv__out_frame *f = malloc(sizeof *f + 10 + len);
	if (!f)
		return false;
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
	if (!c->head && c->wfd >= 0) {
		ssize_t n = send(c->wfd, f->bytes, f->len, MSG_DONTWAIT | MSG_NOSIGNAL);
		if (n == (ssize_t)f->len) {
			free(f);
			return true;
		}
		if (n > 0)
			f->sent = (size_t)n;
	}
	if (c->tail)
		c->tail->next = f;
	else
		c->head = f;
	c->tail = f;
	c->queued += f->len - f->sent;
	check_queue_locked(c);
	poke_locked(c);
	return true;
}

void qv__conn_queue_locked(qv__conn *c, int opcode, const void *data, size_t len)
{
	QV__HELD(qv__mutex_held(&c->lock));
	if (c->closing || c->closed)
		return;
	if (c->queued > QUEUE_MAX) {
		drop_queue_locked(c);
		char why[100];
		snprintf(why, sizeof why, "more than %d KiB of frames waiting: read your frames",
		         QUEUE_MAX / 1024);
		/* its socket is full: the close frame is sent if it fits, never waited for */
		c->at_once = true;
		qv__conn_close_locked(c, QV__CLOSE_POLICY, why);
		return;
	}
	if (!append_locked(c, opcode, data, len))
		qv__conn_close_locked(c, QV__CLOSE_GOING, "out of memory");
}

void qv__conn_queue_json_locked(qv__conn *c, json_t *frame)
{
	QV__HELD(qv__mutex_held(&c->lock));
	char *text = frame ? qv__json_dumps(frame, JSON_COMPACT) : NULL;
	if (text)
		qv__conn_queue_locked(c, QV__OP_TEXT, text, strlen(text));
	else
		qv__conn_close_locked(c, QV__CLOSE_GOING, "out of memory");
	free(text);
}

void qv__conn_error(qv__conn *c, const char *msg)
{
	char whole[700]; /* a message of up to 600 bytes, as ws.c's send_error writes them */
	json_t *frame = json_pack("{s:s, s:s}", "type", "error", "message",
	                          qv_shorten(msg, 600, whole, sizeof whole));
	qv__mutex_lock(&c->lock);
	qv__conn_queue_json_locked(c, frame);
	qv__mutex_unlock(&c->lock);
	json_decref(frame);
}

/* ---- the end of a socket -------------------------------------------------------------------- */

/* The socket is closed: the connection leaves its table (or its player's channels) and the
 * server's list, its seat goes offline, the others are told; drops the socket's reference. On
 * a worker. */
static void gone(qv__conn *c)
{
	qv__server *srv = c->srv;
	qv__mutex_lock(&c->lock);
	c->closed = true;
	c->released = true;
	bool greeted = c->greeted;
	qv__mutex_unlock(&c->lock);
	qv__table *t = c->table;
	bool listed = false;
	if (!t) {
		listed = greeted && srv->chan_gone(c);
	} else if (greeted) {
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
	/* A greeted connection is on its table's list (on_hello put it there, under both locks),
	 * or its player's (ws/channel.c), and holds its own thread's reference and the list's. */
	QV_ASSERT(listed == greeted && atomic_load(&c->refs) >= 1 + (int)listed);
	if (t)
		qv__table_ref(t);
	if (listed)
		qv__conn_unref(c);
	qv__conn_unref(c);
	if (t) {
		qv__server_changed(srv, t);
		qv__table_unref(t);
	}
}

/* A job: the connection's last work, off the loop. */
static void gone_job(void *arg) { gone(arg); }

/* Hands the connection's last work (gone, which drops the socket's reference) to a
 * worker, or does it here when none can take it (the server stopping). */
static void send_gone(qv__conn *c)
{
	if (c->gone_sent)
		return;
	c->gone_sent = true;
	if (!qv__net_submit(c->srv, gone_job, c))
		gone(c);
}

/* The loop lets the socket go: no more reading or writing, closed by libmicrohttpd. */
static void release(qv__conn *c)
{
	if (c->fd < 0)
		return;
	int fd = c->fd;
	/* No thread writes to the socket once its number may be given to another file. */
	qv__mutex_lock(&c->lock);
	c->fd = c->wfd = -1;
	c->closed = true;
	drop_queue_locked(c);
	qv__mutex_unlock(&c->lock);
	qv__net_watch(c->srv, c, fd, EPOLL_CTL_DEL, false);
	qv__net_close_socket(c->srv, c->handle);
	free(c->in);
	c->in = NULL;
	c->in_have = c->in_cap = 0;
	send_gone(c);
}

void qv__ws_abandoned(qv__conn *c) { send_gone(c); }

/* Queues the close frame (the code and its reason) after what is queued, and gives it
 * CLOSE_FLUSH_MS to leave. */
static void begin_close(qv__conn *c, int code, const char *why, double now)
{
	qv__mutex_lock(&c->lock);
	if (c->closed) {
		qv__mutex_unlock(&c->lock);
		return;
	}
	unsigned char body[2 + 123];
	size_t n = strlen(why);
	if (n > sizeof body - 2)
		n = sizeof body - 2;
	body[0] = (unsigned char)(code >> 8);
	body[1] = (unsigned char)code;
	memcpy(body + 2, why, n);
	c->closed = true;
	if (!append_locked(c, QV__OP_CLOSE, body, 2 + n))
		drop_queue_locked(c); /* no room for it: the socket is shut without it */
	qv__mutex_unlock(&c->lock);
	c->close_by = now + CLOSE_FLUSH_MS;
}

/* ---- writing -------------------------------------------------------------------------------- */

/* Writes what the socket takes now; false when the socket failed. */
static bool flush(qv__conn *c)
{
	bool ok = true;
	qv__mutex_lock(&c->lock);
	while (c->head) {
		qv__out_frame *f = c->head;
		ssize_t n =
		    send(c->fd, f->bytes + f->sent, f->len - f->sent, MSG_DONTWAIT | MSG_NOSIGNAL);
		if (n < 0) {
			ok = errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
			break;
		}
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
	qv__mutex_unlock(&c->lock);
	return ok;
}

/* After anything happened to c on the loop: a close asked for begins, what is queued is
 * written, the socket is watched for writing while frames wait, and a closed connection whose
 * closing frame left (or whose time ran out) is let go. */
static void settle(qv__conn *c, double now)
{
	if (c->fd < 0)
		return;
	qv__mutex_lock(&c->lock);
	bool closing = c->closing && !c->closed;
	int code = c->close_code;
	char why[sizeof c->close_why];
	qv_copy(why, sizeof why, c->close_why);
	qv__mutex_unlock(&c->lock);
	if (closing)
		begin_close(c, code, why, now);
	if (!flush(c)) {
		release(c);
		return;
	}
	qv__mutex_lock(&c->lock);
	bool out = c->head != NULL, closed = c->closed, at_once = c->at_once;
	qv__mutex_unlock(&c->lock);
	if (closed && (!out || at_once || now > c->close_by)) {
		release(c);
		return;
	}
	if (out != c->out) {
		qv__net_watch(c->srv, c, c->fd, EPOLL_CTL_MOD, out);
		c->out = out;
	}
}

void qv__ws_take_poked(qv__server *srv)
{
	pthread_mutex_lock(&srv->poke_lock);
	qv__conn *c = srv->poked;
	srv->poked = NULL;
	pthread_mutex_unlock(&srv->poke_lock);
	double now = qv_mono_ms();
	for (qv__conn *next; c; c = next) {
		next = c->poke_next;
		qv__mutex_lock(&c->lock);
		c->poked = false;
		qv__mutex_unlock(&c->lock);
		settle(c, now);
		qv__conn_unref(c);
	}
}

/* ---- reading -------------------------------------------------------------------------------- */

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
	int code; /* 0: go on; -1: the client's close was answered, let the socket go */
	const char *why;
} verdict;

static const verdict GO_ON = {0, NULL};

/* A job: the connection's messages, one after the other, on a worker. */
static void inbox_job(void *arg)
{
	qv__conn *c = arg;
	for (;;) {
		qv__mutex_lock(&c->lock);
		qv__msg *m = c->inbox;
		if (m) {
			c->inbox = m->next;
			if (!c->inbox)
				c->inbox_tail = NULL;
			c->inbox_bytes -= m->len;
		} else {
			c->working = false;
		}
		bool over = c->closed || c->closing;
		qv__mutex_unlock(&c->lock);
		if (!m)
			break;
		qv__jobs_set_since(m->at); /* its deadlines from when it came (jobs.h) */
		if (!over && !c->srv->ws_message(c, m->text, m->len)) {
			qv__mutex_lock(&c->lock);
			qv__conn_close_locked(c, QV__CLOSE_POLICY, "bad token");
			qv__mutex_unlock(&c->lock);
		}
		free(m);
	}
	qv__conn_unref(c); /* the job's */
}

/* A whole text message: to the inbox, and a worker to it when none is (queued by start_job,
 * once the loop is done with the socket, so that the worker does not wake to wait for the
 * connection's lock the loop still takes). */
static verdict to_inbox(qv__conn *c, const char *text, size_t len)
{
	qv__msg *m = malloc(sizeof *m + len + 1);
	if (!m)
		return (verdict){QV__CLOSE_GOING, "out of memory"};
	m->next = NULL;
	m->at = qv_mono();
	m->len = len;
	memcpy(m->text, text, len);
	m->text[len] = '\0';
	qv__mutex_lock(&c->lock);
	if (c->inbox_bytes + len > INBOX_MAX) {
		qv__mutex_unlock(&c->lock);
		free(m);
		return (verdict){QV__CLOSE_POLICY, "too many messages waiting for their answers"};
	}
	if (c->inbox_tail)
		c->inbox_tail->next = m;
	else
		c->inbox = m;
	c->inbox_tail = m;
	c->inbox_bytes += len;
	bool start = !c->working;
	if (start) {
		c->working = true;
		qv__conn_ref(c); /* the job's */
	}
	qv__mutex_unlock(&c->lock);
	c->job_due |= start;
	return GO_ON;
}

/* Whether to_inbox asked for the inbox's job, the ask taken: read before judge, which may let
 * the socket go, after which only the job's reference keeps c. */
static bool take_due(qv__conn *c)
{
	bool due = c->job_due;
	c->job_due = false;
	return due;
}

/* Queues the inbox's job take_due found due (its reference taken by to_inbox); when it cannot
 * (the server stopping), the socket closes (1001). On the loop, after the socket was read and
 * settled. */
static void start_job(qv__conn *c, bool due, double now)
{
	if (!due || qv__net_submit(c->srv, inbox_job, c))
		return;
	qv__mutex_lock(&c->lock);
	c->working = false;
	qv__mutex_unlock(&c->lock);
	begin_close(c, QV__CLOSE_GOING, "the server is stopping", now);
	settle(c, now);
	qv__conn_unref(c); /* the job's, last: it may be the last one */
}

/* A data frame's payload (text, binary or continuation), gathered into messages; a message
 * over QV__BODY_MAX closes the connection (1009), a binary one is refused with an error frame
 * and dropped. */
static verdict on_data(qv__conn *c, const frame_head *h, const unsigned char *data, size_t len)
{
	if (h->opcode != QV__OP_CONT) {
		if (c->in_msg)
			return (verdict){QV__CLOSE_PROTOCOL,
			                 "a new message began before the last one ended"};
		qv_buf_clear(&c->msg);
		c->in_msg = true;
		c->too_big = false;
		c->binary = h->opcode == QV__OP_BINARY;
		c->msg_len = 0;
	} else if (!c->in_msg) {
		return (verdict){QV__CLOSE_PROTOCOL,
		                 "a continuation frame with no message to continue"};
	}
	c->msg_len += len;
	if (c->msg_len > QV__BODY_MAX) {
		static char why[80];
		snprintf(why, sizeof why, "message too large: more than %d bytes", QV__BODY_MAX);
		return (verdict){QV__CLOSE_TOO_BIG, why};
	}
	if (!c->binary)
		qv_buf_putn(&c->msg, (const char *)data, len);
	if (!h->fin)
		return GO_ON;
	c->in_msg = false;
	if (c->binary) {
		qv__conn_error(c, "binary frames are not accepted: send JSON text frames");
		return GO_ON;
	}
	if (c->msg.failed) {
		qv__conn_error(c, "out of memory reading the message");
		qv_buf_free(&c->msg);
		return GO_ON;
	}
	if (!qv__utf8_valid(c->msg.s ? c->msg.s : "", c->msg_len)) {
		qv_buf_free(&c->msg);
		return (verdict){QV__CLOSE_BAD_DATA,
		                 "a text message that is not UTF-8 (RFC 6455 8.1)"};
	}
	qv__pong said = c->srv->ws_pong ? c->srv->ws_pong(c, c->msg.s ? c->msg.s : "", c->msg_len)
	                                : QV__PONG_NONE;
	if (said == QV__PONG_DONE) {
		qv_buf_free(&c->msg);
		return GO_ON;
	}
	if (said == QV__PONG_ANSWERED) {
		qv__mutex_lock(&c->lock);
		c->pongs++;
		qv__mutex_unlock(&c->lock);
	}
	verdict v = to_inbox(c, c->msg.s ? c->msg.s : "", c->msg_len);
	qv_buf_free(&c->msg); /* an idle socket keeps no message buffer */
	return v;
}

/* The answer to the client's close frame (RFC 6455 5.5.1 and 7.4): its code echoed when an
 * endpoint may send it (1000 to 1003, 1007 to 1014, 3000 to 4999); 1000 for a close without a
 * code (1005 says so, and is never sent); 1002 for a code no endpoint sends (1004, 1005, 1006,
 * 1015, unassigned ones) or a payload of 1 byte; 1007 for a reason that is not UTF-8. */
static verdict close_answer(const unsigned char *data, size_t len)
{
	if (len == 0)
		return (verdict){QV__CLOSE_NORMAL, ""};
	int code = len >= 2 ? data[0] << 8 | data[1] : 0;
	bool sendable = (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) ||
	                (code >= 3000 && code <= 4999);
	if (!sendable)
		return (verdict){QV__CLOSE_PROTOCOL,
		                 len == 1 ? "a close frame's code is 2 bytes (RFC 6455 5.5.1)"
		                          : "a close code no endpoint may send (RFC 6455 7.4)"};
	if (!qv__utf8_valid((const char *)data + 2, len - 2))
		return (verdict){QV__CLOSE_BAD_DATA,
		                 "a close reason that is not UTF-8 (RFC 6455 5.5.1)"};
	return (verdict){code, ""};
}

/* One whole frame (its payload unmasked). */
static verdict on_frame(qv__conn *c, const frame_head *h, unsigned char *data, size_t len)
{
	switch (h->opcode) {
	case QV__OP_CLOSE: return close_answer(data, len);
	case QV__OP_PING:
		qv__mutex_lock(&c->lock);
		qv__conn_queue_locked(c, QV__OP_PONG, data, len);
		qv__mutex_unlock(&c->lock);
		return GO_ON;
	case QV__OP_PONG: return GO_ON;
	case QV__OP_TEXT:
	case QV__OP_BINARY:
	case QV__OP_CONT: return on_data(c, h, data, len);
	default: return (verdict){QV__CLOSE_PROTOCOL, "unknown opcode (RFC 6455 5.2)"};
	}
}

/* Checks a frame's header before its payload is read: RFC 6455's rules (1002), and the
 * length (a payload over QV__BODY_MAX is 1009 at once). */
static verdict check_head(const frame_head *h)
{
	if (!h->masked)
		return (verdict){QV__CLOSE_PROTOCOL, "client frames must be masked (RFC 6455 5.1)"};
	if (h->rsv)
		return (verdict){QV__CLOSE_PROTOCOL, "reserved bits set without an extension"};
	if (h->opcode >= 8 && (!h->fin || h->len > 125))
		return (verdict){QV__CLOSE_PROTOCOL,
		                 "a control frame must be whole and at most 125 "
		                 "bytes"};
	if (h->len > QV__BODY_MAX) {
		static char why[80];
		snprintf(why, sizeof why, "message too large: more than %d bytes", QV__BODY_MAX);
		return (verdict){QV__CLOSE_TOO_BIG, why};
	}
	return GO_ON;
}

/* Every whole frame in c->in; the bytes used are dropped. */
static verdict frames(qv__conn *c)
{
	size_t used = 0;
	verdict v = GO_ON;
	while (!v.code) {
		frame_head h;
		if (!read_head(c->in + used, c->in_have - used, &h))
			break;
		v = check_head(&h);
		if (v.code || c->in_have - used < h.size + h.len)
			break;
		unsigned char *data = c->in + used + h.size;
		for (size_t i = 0; i < h.len; i++)
			data[i] ^= h.mask[i & 3];
		v = on_frame(c, &h, data, (size_t)h.len);
		used += h.size + (size_t)h.len;
	}
	memmove(c->in, c->in + used, c->in_have - used);
	c->in_have -= used;
	if (c->in_have == 0) { /* an idle socket keeps no read buffer */
		free(c->in);
		c->in = NULL;
		c->in_cap = 0;
	}
	return v;
}

/* Takes n bytes as if read from the socket (those libmicrohttpd read after the handshake). */
static verdict take(qv__conn *c, const char *bytes, size_t n)
{
	if (c->in_have + n > c->in_cap) {
		size_t cap = c->in_have + n > 4096 ? c->in_have + n : 4096;
		unsigned char *in = realloc(c->in, cap);
		if (!in)
			return (verdict){QV__CLOSE_GOING, "out of memory"};
		c->in = in;
		c->in_cap = cap;
	}
	memcpy(c->in + c->in_have, bytes, n);
	c->in_have += n;
	return frames(c);
}

/* Reads what the socket has (at most READ_MAX bytes held at once); *gone when the client left
 * or the socket failed. */
static verdict read_some(qv__conn *c, bool *gone)
{
	char buf[16384];
	*gone = false;
	for (int rounds = 0; rounds < 8; rounds++) {
		size_t room = READ_MAX - c->in_have;
		if (room == 0)
			return GO_ON; /* cannot be: a whole frame fits, and frames() took it */
		ssize_t n = recv(c->fd, buf, room < sizeof buf ? room : sizeof buf, MSG_DONTWAIT);
		if (n == 0 ||
		    (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
			*gone = true;
			return GO_ON;
		}
		if (n < 0)
			return GO_ON;
		c->last_rx = qv_mono_ms();
		c->pings = 0;
		verdict v = take(c, buf, (size_t)n);
		if (v.code || (size_t)n < sizeof buf)
			return v;
	}
	return GO_ON; /* more waits: the loop comes back, after the others had their turn */
}

/* ---- the loop's side ------------------------------------------------------------------------ */

/* What a verdict means for the socket: a close begun, or the socket let go. */
static void judge(qv__conn *c, verdict v, bool gone, double now)
{
	if (gone) {
		release(c);
		return;
	}
	if (v.code)
		begin_close(c, v.code, v.why, now);
	settle(c, now);
}

void qv__ws_upgraded(qv__conn *c, int fd, void *handle, const char *extra, size_t n)
{
	double now = qv_mono_ms();
	c->fd = fd;
	c->handle = handle;
	c->hello_by = now + HELLO_MS;
	c->last_rx = now;
	/* A frame is written as a header then a payload by the kernel's choice: without this,
	 * Nagle may hold a small frame until the client's delayed ACK, 40 ms later on Linux. */
	int one = 1, sndbuf = SNDBUF;
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	/* The kernel's share of a socket's waiting frames, fixed: left to grow by itself it reached
	 * 4 MiB for a client that did not read (tcp_wmem's largest), 40 GiB for 10,000 such
	 * sockets, and a client that never reads was dropped only after megabytes. */
	setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof sndbuf);
	qv__net_watch(c->srv, c, fd, EPOLL_CTL_ADD, false);
	qv__mutex_lock(&c->lock);
	c->wfd = fd;
	qv__mutex_unlock(&c->lock);
	verdict v = n ? take(c, extra, n) : GO_ON;
	bool due = take_due(c);
	judge(c, v, false, now);
	start_job(c, due, now);
}

void qv__ws_event(qv__conn *c, uint32_t events)
{
	if (c->fd < 0)
		return;
	double now = qv_mono_ms();
	verdict v = GO_ON;
	bool gone = false;
	if (events & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR))
		v = read_some(c, &gone);
	bool due = take_due(c);
	judge(c, v, gone, now);
	start_job(c, due, now);
}

/* A job: the expired waiting tables removed (qv__server_sweep takes the registry's lock, which
 * the loop never waits for). */
static void sweep_job(void *arg) { qv__server_sweep(arg); }

/* The deadlines of one socket. */
static void tick_one(qv__conn *c, double now)
{
	qv__mutex_lock(&c->lock);
	bool greeted = c->greeted, closed = c->closed;
	qv__mutex_unlock(&c->lock);
	if (c->fd < 0)
		return;
	if (!closed && atomic_load(&c->srv->stopping)) {
		begin_close(c, QV__CLOSE_GOING, "the server is stopping", now);
	} else if (!closed && !greeted && now >= c->hello_by) {
		begin_close(c, QV__CLOSE_POLICY,
		            "no hello within 5 seconds: send {\"type\": \"hello\", \"token\": ...} "
		            "first",
		            now);
	} else if (!closed && greeted && now - c->last_rx >= PING_AFTER_MS) {
		if (c->pings >= PINGS_MAX) {
			begin_close(c, QV__CLOSE_GOING, "no answer to pings", now);
		} else {
			qv__mutex_lock(&c->lock);
			qv__conn_queue_locked(c, QV__OP_PING, NULL, 0);
			qv__mutex_unlock(&c->lock);
			c->pings++;
			c->last_rx = now;
		}
	}
	settle(c, now);
}

void qv__conns_each(qv__server *srv, void (*fn)(qv__conn *c, void *arg), void *arg)
{
	pthread_mutex_lock(&srv->conns_lock);
	int n = 0;
	for (qv__conn *c = srv->conns; c; c = c->all_next)
		n++;
	qv__conn **list = malloc(sizeof *list * (size_t)(n ? n : 1));
	n = 0;
	for (qv__conn *c = list ? srv->conns : NULL; c; c = c->all_next) {
		qv__conn_ref(c);
		list[n++] = c;
	}
	pthread_mutex_unlock(&srv->conns_lock);
	for (int i = 0; i < n; i++) {
		fn(list[i], arg);
		qv__conn_unref(list[i]);
	}
	free(list);
}

/* tick_one, as qv__conns_each calls it (arg: the time). */
static void tick_at(qv__conn *c, void *arg) { tick_one(c, *(const double *)arg); }

void qv__ws_tick(qv__server *srv, double now)
{
	static _Thread_local double swept;
	if (now - swept >= 1000 && qv__net_submit(srv, sweep_job, srv))
		swept = now;
	qv__conns_each(srv, tick_at, &now);
}

void qv__ws_stop_all(qv__server *srv)
{
	atomic_store(&srv->stopping, true);
	qv__net_wake(srv); /* the loop's next tick closes every socket (1001) */
}

/* release, as qv__conns_each calls it. */
static void release_at(qv__conn *c, void *arg)
{
	(void)arg;
	release(c);
}

void qv__ws_release_all(qv__server *srv) { qv__conns_each(srv, release_at, NULL); }

/* A socket from an address banned now closes (qv__ws_close_banned, as qv__conns_each calls
 * it). */
static void close_if_banned(qv__conn *c, void *arg)
{
	(void)arg;
	char why[256];
	if (!qv__admin_banned(c->srv->admin, c->addr, why, sizeof why))
		return;
	qv__mutex_lock(&c->lock);
	qv__conn_close_locked(c, QV__CLOSE_POLICY,
	                      "your address is banned from this site by its operator");
	qv__mutex_unlock(&c->lock);
}

void qv__ws_close_banned(qv__server *srv) { qv__conns_each(srv, close_if_banned, NULL); }
