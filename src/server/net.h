/*
 * net.h - `quiver serve`'s network layer: one service thread (the loop, net.c) owns every
 * socket. libmicrohttpd, driven by the loop through its epoll descriptor, parses HTTP; the loop
 * itself reads and writes the WebSockets once they are upgraded (ws.c frames them). Nothing on
 * the loop waits for a table, the store or a search: a request, once its headers and body are
 * in, and every whole WebSocket message go to the request workers (net.c's pool), whose answers
 * the loop sends when they are ready.
 *
 * A request as a handler sees it is a qv__req: what the client asked (method, path, headers,
 * query, address, body) and the answer being written (status, headers, body), handed to the
 * loop whole when the handler returns. Handlers (http.c, files.c, lessons.c, reply.c) run on a
 * request worker and never touch a socket.
 */
#ifndef QUIVER_SERVER_NET_H
#define QUIVER_SERVER_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct qv__server;
struct qv__conn;
struct qv__net;

/* Largest request body and incoming WebSocket message, in bytes. */
#define QV__BODY_MAX 65536

/* How long a client may take to send a request's headers, from its connection or the end of its
 * last answer, before the connection is closed. */
#define QV__HEADERS_MS 10000
/* A body must arrive at no less than this many bytes a second after its first second, or it is
 * answered 408 and the connection closed. */
#define QV__BODY_RATE 1024

/* Connections (HTTP and WebSocket alike) of one client address before the next is refused at
 * accept (--max-connections-per-address). */
#define QV__CONNECTIONS_PER_ADDRESS 64

typedef struct qv__req qv__req;

/* ---- what the client asked ---- */

/* "GET", "POST", "HEAD", ... as sent. */
const char *qv__req_method(const qv__req *r);
/* The path, percent-decoded, without the query ("/api/tables"). */
const char *qv__req_path(const qv__req *r);
/* The HTTP version's number: "1.1", "1.0". */
const char *qv__req_version(const qv__req *r);
/* The client's address as text ("127.0.0.1", "::1"). */
const char *qv__req_addr(const qv__req *r);
/* The first header of that name (any case), or NULL. */
const char *qv__req_header(const qv__req *r, const char *name);
/* How many headers of that name (any case) the request has, and the first (or NULL). */
int qv__req_headers(const qv__req *r, const char *name, const char **first);
/* Calls fn for every header, in order; stops when fn returns false. */
void qv__req_each_header(const qv__req *r,
                         bool (*fn)(void *arg, const char *name, const char *value), void *arg);
/* The first query argument of that name (any case), percent-decoded ("limit" of "?limit=20");
 * NULL when absent, or named without a value ("?limit"). */
const char *qv__req_arg(const qv__req *r, const char *name);
/* The request's body as it came (never more than QV__BODY_MAX bytes; 0 bytes: none). The
 * text is followed by a NUL that the length does not count. */
const char *qv__req_body(const qv__req *r, size_t *len);

/* ---- the answer ---- */

/* Starts the answer with its status (a second call replaces the first, and drops the headers
 * and body written so far). Content-Length is the body's, set by the layer: never add it. The
 * body of an answer to HEAD is dropped by the layer, so a handler writes the same body for GET
 * and HEAD. */
void qv__req_status(qv__req *r, int status);
/* Adds a header to the answer. */
void qv__req_add_header(qv__req *r, const char *name, const char *value);
/* Appends bytes to the answer's body. A body that cannot grow (out of memory) turns the answer
 * into a 503 when it is sent. */
void qv__req_write(qv__req *r, const void *data, size_t len);
/* The answer's body is `size` bytes of the open file fd from `offset` (the layer closes fd);
 * replaces what was written. */
void qv__req_file(qv__req *r, int fd, off_t offset, size_t size);
/* The status of the answer so far (0: none yet). */
int qv__req_answered(const qv__req *r);

/* ---- WebSockets (ws.c) ---- */

/* Takes the request's connection as a WebSocket once the answer is sent: the handler of an
 * upgrade calls this instead of answering, and the layer answers 101 with the accept key of
 * the request's Sec-WebSocket-Key. The socket then belongs to c: the loop hands it over with
 * qv__ws_upgraded, or, when the 101 could not be sent, calls qv__ws_abandoned (ws.h). */
void qv__req_upgrade(qv__req *r, struct qv__conn *c);

/* For ws.c on the loop's thread only: watches fd for c (readable, and writable when `out`);
 * op is EPOLL_CTL_ADD, EPOLL_CTL_MOD or EPOLL_CTL_DEL. */
void qv__net_watch(struct qv__server *srv, struct qv__conn *c, int fd, int op, bool out);
/* For ws.c on the loop's thread only: closes an upgraded socket (the handle its upgrade
 * came with), after qv__net_watch(..., EPOLL_CTL_DEL, ...). */
void qv__net_close_socket(struct qv__server *srv, void *handle);

/* Wakes the loop, which then calls qv__ws_take_poked (ws.c): any thread. */
void qv__net_wake(struct qv__server *srv);

/* Runs fn(arg) on a request worker (jobs.h), never on the loop. False when the job could not
 * be queued (out of memory, or the server is stopping). */
bool qv__net_submit(struct qv__server *srv, void (*fn)(void *arg), void *arg);

/* Milliseconds on a monotonic clock. */
double qv__net_now_ms(void);

/* ---- starting and stopping (listen.c) ---- */

/* Listens on host:port (IPv4 or IPv6; "::" takes both) and starts the loop; *bound gets the
 * port (the one chosen when port is 0). Returns 0, or -1 with the reason in why (then
 * qv__net_stop and qv__net_free are still called). Reads srv->cfg's limits. */
int qv__net_start(struct qv__server *srv, const char *host, int port, int *bound, char *why,
                  size_t why_len);
/* Closes every connection (the WebSockets with 1001, for up to 3 s), lets the requests at
 * work end, stops the loop and libmicrohttpd. */
void qv__net_stop(struct qv__server *srv);
/* Frees what is left, once the server is closed (its workers may wake the loop until then;
 * srv->net is NULL from qv__net_stop's return on). */
void qv__net_free(struct qv__net *net);

#endif
