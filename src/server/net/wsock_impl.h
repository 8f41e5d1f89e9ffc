/*
 * wsock_impl.h - a WebSocket connection (qv__conn), a table's or a player's channel, shared by its
 * halves: handshake.c (the handshake), wsock.c, the socket (RFC 6455's frames in and out, the
 * queue, the deadlines: the loop's side), and ws.c or ws/channel.c, the messages (hello, act, chat,
 * ...: the request workers' side). Internal to the server.
 *
 * Locks: c->lock guards the queue and the state below it; it is taken before a table's lock
 * (a frame is built from the table under both) and before the server's poke_lock, never after.
 * References: the socket's own (dropped when the loop has closed the socket and the connection
 * has left its table), the table list's (while greeted), a poke's, a broadcaster's, a job's.
 */
#ifndef QUIVER_SERVER_NET_WSOCK_IMPL_H
#define QUIVER_SERVER_NET_WSOCK_IMPL_H

#include <stdint.h>

#include <jansson.h>

#include "games/mutex.h"
#include "server/state/server.h"

/* RFC 6455 close codes. */
enum {
	QV__CLOSE_NORMAL = 1000,
	QV__CLOSE_GOING = 1001,
	QV__CLOSE_PROTOCOL = 1002,
	QV__CLOSE_BAD_DATA = 1007,
	QV__CLOSE_POLICY = 1008,
	QV__CLOSE_TOO_BIG = 1009,
	QV__CLOSE_RESTART = 1012
};
/* The reason of a 1012 close: the table went to another process of the site. */
#define QV__MOVED_REASON "the table moved to another process of the site: connect again"
/* RFC 6455 opcodes. */
enum {
	QV__OP_CONT = 0,
	QV__OP_TEXT = 1,
	QV__OP_BINARY = 2,
	QV__OP_CLOSE = 8,
	QV__OP_PING = 9,
	QV__OP_PONG = 10
};

/* A frame as it goes on the wire, with how much of it has gone. */
typedef struct qv__out_frame {
	struct qv__out_frame *next;
	size_t len, sent;
	unsigned char bytes[];
} qv__out_frame;

/* A whole message from the client, waiting for a worker. */
typedef struct qv__msg {
	struct qv__msg *next;
	double at; /* qv_mono() when it came whole */
	size_t len;
	char text[];
} qv__msg;

/* Whose a player's channel is (ws/channel.c): the hash of its player key (player.h), and the
 * account its session was signed in to when it opened (0: none). */
typedef struct qv__chan_who {
	char player[65];
	long long account;
	char session[65]; /* the hash of the session it opened with ("": none) */
} qv__chan_who;

typedef struct qv__conn {
	qv__server *srv;
	qv__table *table; /* a reference; NULL: a player's channel (ws/channel.c) */
	qv__chan_who who; /* a player's channel's */
	atomic_int refs;
	char addr[48]; /* the client's address */
	qv__mutex lock;
	/* Under lock: */
	qv__out_frame *head, *tail; /* the frames waiting to leave */
	size_t queued;              /* their bytes */
	bool closing; /* the loop is to close the connection (close_code, close_why) */
	int close_code;
	char close_why[124];
	bool closed;  /* the close frame is queued: nothing more is */
	bool at_once; /* the socket goes without waiting for its close frame to leave (a client
	                 that does not read) */
	bool greeted; /* the snapshot was queued */
	int viewer;   /* a seat, or QV_VIEW_PUBLIC */
	long long sent_iv;
	qv__log_pos pos;
	qv__msg *inbox, *inbox_tail; /* messages for the worker, in order */
	size_t inbox_bytes;
	bool working;      /* a job is handling the inbox */
	int pongs;         /* pings of the inbox the loop answered already (ws_pong) */
	double session_at; /* when a ping last had the device's session checked (ws.c) */
	bool poked;        /* on the server's poked list */
	bool released;     /* the socket is closed: the loop has let it go */
	int wfd; /* the socket while frames may be written to it at once (append_locked): set
	            by the upgrade, -1 from before its close */
	struct qv__conn *poke_next;
	/* The loop's only (wsock.c): */
	int fd;       /* the socket, -1 before the upgrade and after its close */
	void *handle; /* libmicrohttpd's for the socket (qv__net_close_socket) */
	bool out;     /* watched for writing */
	unsigned char *in;
	size_t in_have, in_cap;
	uint64_t skipping; /* bytes of an oversized payload still to drop */
	bool skip_fin;     /* the skipped frame ends its message */
	double hello_by, last_rx, close_by;
	int pings;
	bool gone_sent; /* the connection's last work (wsock.c's gone) is queued */
	bool job_due;   /* the inbox's job is to be queued once the loop is done with the socket */
	/* A message arriving in several frames (the loop's). */
	qv_buf msg;
	bool in_msg, too_big, binary;
	size_t msg_len;
	/* When the connection's last chat lines were said (ms), a ring of QV__CHAT_RATE (ws.c). */
	double chat_at[QV__CHAT_RATE];
	int chat_n;
	struct qv__conn *next; /* in the table's list, under the table's lock, or the channels'
	                          (ws/channel.c), under theirs */
	struct qv__conn *all_prev, *all_next; /* in the server's list, under conns_lock */
} qv__conn;

/* ---- wsock.c, for ws.c ---- */

/* Calls fn(c, arg) for every connection on the server's list, each held by a reference
 * meanwhile (fn may let it go), the list's lock not held during the calls. Out of memory, it
 * calls nothing. */
void qv__conns_each(struct qv__server *srv, void (*fn)(qv__conn *c, void *arg), void *arg);
void qv__conn_ref(qv__conn *c);
void qv__conn_unref(qv__conn *c);
/* Appends one frame and pokes the loop; the caller holds c->lock. A client with more than
 * QUEUE_MAX bytes waiting is dropped instead. */
void qv__conn_queue_locked(qv__conn *c, int opcode, const void *data, size_t len);
/* Queues a JSON text frame; the caller holds c->lock. A frame that could not be made or
 * written out (NULL, or out of memory) closes the connection instead: the client reconnects
 * and gets a whole snapshot, rather than missing an update that would never come again. */
void qv__conn_queue_json_locked(qv__conn *c, json_t *frame);
/* Queues {"type": "error", "message": msg}, msg made whole UTF-8 (a text frame is UTF-8, and
 * jansson packs nothing else, whatever cut it or whatever bytes a client sent). */
void qv__conn_error(qv__conn *c, const char *msg);
/* Asks the loop to close the connection with a code and a reason (the first asked wins); the
 * caller holds c->lock. */
void qv__conn_close_locked(qv__conn *c, int code, const char *why);

#endif
