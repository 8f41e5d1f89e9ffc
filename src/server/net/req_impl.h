/*
 * req_impl.h - the inside of a request (req.h's qv__req), shared by req.c, which reads and
 * writes it for the handlers, and net.c, which fills it from libmicrohttpd and sends its
 * answer. It includes no header of the server's, so that req.c and net.c, which include it
 * beside req.h, come back to nothing. Internal to the network layer.
 */
#ifndef QUIVER_SERVER_NET_REQ_IMPL_H
#define QUIVER_SERVER_NET_REQ_IMPL_H

#include <stdatomic.h>

#include "quiver/core.h"

/* Names and values, in order. */
typedef struct qv__pairs {
	char **name, **value;
	size_t n, cap;
} qv__pairs;

struct qv__req {
	/* What the client asked (written on the loop before the handler runs). */
	char *method, *path, *version;
	char addr[48];
	qv__pairs headers, args;
	qv_buf body;
	long long expected; /* the body's Content-Length, -1 when not given */
	bool wants_upgrade; /* Upgrade: websocket with Connection: upgrade (ws.c answers) */
	/* The answer (written by the handler on a worker). */
	int status;
	qv__pairs out;
	qv_buf answer;
	int file; /* the body's file (-1: the answer buffer) */
	off_t file_at;
	size_t file_size;
	bool failed;              /* a header or the body could not be kept: 503 */
	struct qv__conn *upgrade; /* the WebSocket that takes the socket after the 101 */
	char player[65];          /* the hash of its player key, once known (qv__req_player) */
	char fresh_key[65];       /* a new player key for the answer to set (qv__req_fresh_key) */
	/* Who must still let go of the request before its answer goes back to the loop: its
	 * worker, and the thread it was deferred to (qv__req_defer). */
	atomic_int holds;
	void (*hand_back)(struct qv__req *r); /* the loop's (net.c), for the last of them */
	/* The network layer's (net.c). */
	struct netc *nc; /* its connection */
	struct MHD_Connection *mc;
	double body_from; /* when the body began to come (ms) */
	double turn;      /* a password request's turn (pace.h): held until then (ms) */
	bool paced;       /* a password request (pace.h) */
	bool paced_out;   /* and gone to a worker: counted in the loop's paced_out */
	int stage;        /* net.c's REQ_* */
	bool counted;     /* in flight (qv__server_busy) from its headers to its end */
	struct qv__server *srv;
	struct qv__req *next; /* in the loop's list of answers ready */
};

bool qv__pairs_add(qv__pairs *p, const char *name, const char *value);
void qv__pairs_free(qv__pairs *p);

struct qv__req *qv__req_new(void);
void qv__req_free(struct qv__req *r);

#endif
