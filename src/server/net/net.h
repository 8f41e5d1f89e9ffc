/*
 * net.h - `quiver serve`'s network layer: one service thread (the loop, net.c) owns every
 * socket. libmicrohttpd, driven by the loop through its epoll descriptor, parses HTTP; the loop
 * itself reads and writes the WebSockets once they are upgraded (wsock.c frames them). Nothing on
 * the loop waits for a table, the store or a search: a request, once its headers and body are
 * in, and every whole WebSocket message go to the request workers (net.c's pool), whose answers
 * the loop sends when they are ready.
 *
 * A request as a handler sees it is a qv__req (req.h). The loop calls the handlers and the
 * WebSocket's socket functions through the table listen.c gives it (qv__net_handlers), so that
 * this file depends on none of them.
 */
#ifndef QUIVER_SERVER_NET_NET_H
#define QUIVER_SERVER_NET_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "server/net/req.h"

struct qv__server;
struct qv__conn;
struct qv__net;

/* How long a client may take to send a request's headers, from its connection or the end of its
 * last answer, before the connection is closed. */
#define QV__HEADERS_MS 10000
/* A body must arrive at no less than this many bytes a second after its first second, or it is
 * answered 408 and the connection closed. */
#define QV__BODY_RATE 1024

/* What the loop calls (listen.c fills it from http.h and wsock.h). */
/* The paces a request may go at (qv__net_handlers's paced). */
enum { QV__PACED_NONE, QV__PACED_PASSWORD, QV__PACED_WRITE, QV__PACED_ATTEMPT };

typedef struct qv__net_handlers {
	/* On a request worker: a request that is not an upgrade (http.c), and an upgrade (wsock.c);
	 * each answers r, or takes it as a WebSocket (qv__req_upgrade). */
	void (*request)(struct qv__server *srv, qv__req *r);
	void (*upgrade)(struct qv__server *srv, qv__req *r);
	/* On the loop, once a request's headers are in: the pace it goes at (pace.h), a
	 * QV__PACED_*: none; a password request's, held at its address's pace; a write a player
	 * key or a session makes, bounded per address and (who and table, QV__ADDR_TEXT bytes each,
	 * "" for none) per key or session and per table; or a puzzle's attempt, bounded per
	 * address and per key or session at its own pace. */
	int (*paced)(struct qv__server *srv, qv__req *r, char *who, char *table);
	/* On the loop, as a request's target comes, before it is decoded: whether the API allows
	 * a %XX escape at byte `at` of the path (a path outside /api/ allows one anywhere). */
	bool (*escape_ok)(const char *target, size_t at);
	/* On the loop, at a paced request's turn, before a worker takes it: answers it at once
	 * and returns true when it could not go on anyway (the password gate full). out: the
	 * paced requests gone to a worker before it and not yet ended (there, or in the gate). */
	bool (*refused)(struct qv__server *srv, qv__req *r, int out);
	/* On the loop: the socket of an accepted upgrade, or none (the 101 was not sent). */
	void (*upgraded)(struct qv__conn *c, int fd, void *handle, const char *extra, size_t n);
	void (*abandoned)(struct qv__conn *c);
	/* On the loop: epoll's events on a WebSocket, the poked ones, every socket's deadlines. */
	void (*event)(struct qv__conn *c, uint32_t events);
	void (*take_poked)(struct qv__server *srv);
	void (*tick)(struct qv__server *srv, double now);
	/* Stopping: every WebSocket told to close; then every one still open let go. */
	void (*stop_all)(struct qv__server *srv);
	void (*release_all)(struct qv__server *srv);
} qv__net_handlers;

/* For wsock.c on the loop's thread only: watches fd for c (readable, and writable when `out`);
 * op is EPOLL_CTL_ADD, EPOLL_CTL_MOD or EPOLL_CTL_DEL. */
void qv__net_watch(struct qv__server *srv, struct qv__conn *c, int fd, int op, bool out);
/* For wsock.c on the loop's thread only: closes an upgraded socket (the handle its upgrade
 * came with), after qv__net_watch(..., EPOLL_CTL_DEL, ...). */
void qv__net_close_socket(struct qv__server *srv, void *handle);

/* Wakes the loop, which then calls its handlers' take_poked: any thread. */
void qv__net_wake(struct qv__server *srv);

/* Runs fn(arg) on a request worker (jobs.h), never on the loop. False when the job could not
 * be queued (out of memory, or the server is stopping). */
bool qv__net_submit(struct qv__server *srv, void (*fn)(void *arg), void *arg);

/* ---- starting and stopping (listen.c) ---- */

/* Listens on host:port (IPv4 or IPv6; "::" takes both) and starts the loop; *bound gets the
 * port (the one chosen when port is 0). Returns 0, or -1 with the reason in why (then
 * qv__net_stop and qv__net_free are still called). Reads srv->cfg's limits. */
int qv__net_start(struct qv__server *srv, const char *host, int port, const qv__net_handlers *h,
                  int *bound, char *why, size_t why_len);
/* Closes every connection (the WebSockets with 1001, for up to 3 s), lets the requests at
 * work end, stops the loop and libmicrohttpd. */
void qv__net_stop(struct qv__server *srv);
/* Frees what is left, once the server is closed (its workers may wake the loop until then;
 * srv->net is NULL from qv__net_stop's return on). */
void qv__net_free(struct qv__net *net);

#endif
