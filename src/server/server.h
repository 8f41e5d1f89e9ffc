/*
 * server.h - `quiver serve`: the HTTP and WebSocket server that docs/server.md specifies, on
 * CivetWeb, with tables in SQLite. Internal to quiver: the `quiver serve` command (src/cli)
 * starts and stops it; the tests start the command.
 *
 * Threads: CivetWeb runs one thread per open connection (sized for max_sockets WebSockets
 * plus a few for plain HTTP); AI seats and chance events run on `threads` workers of a pool.
 * Tables are kept in a registry; a finished table without connections leaves memory and is
 * read back from the database when asked for.
 */
#ifndef QUIVER_SERVER_SERVER_H
#define QUIVER_SERVER_SERVER_H

#include <pthread.h>
#include <stdatomic.h>

#include "server/pool.h"
#include "server/store.h"
#include "server/table.h"

struct mg_connection;
struct mg_context;

/* Largest request body and incoming WebSocket message, in bytes. */
#define QV__BODY_MAX 65536

/* Threads CivetWeb keeps besides those of the WebSockets, for plain HTTP requests. */
#define QV__HTTP_THREADS 8

/* Every request and WebSocket message is handled on its connection's CivetWeb thread, whose
 * stack Debian's CivetWeb makes 100 KiB (102,400 bytes): 78,712 bytes are left when an HTTP
 * handler starts and 77,816 when a WebSocket's (measured under gdb). The deepest call path
 * below them takes at most 18,096 bytes of quiver's frames (23,024 in the sanitizer build) by
 * bench/stack_depth.py, and 33,232 bytes at the most, libraries' frames included, in a run of
 * every kind of request (docs/benchmarks.md, "The stack of a request"). A parameter list was
 * 33 KiB, and three on one path (a table with an AI seat) took 106,120 bytes: the work then
 * went to threads of the server's own. Keep large arrays off these paths (on the heap), and
 * the figures there current. */

typedef struct qv__server_config {
	const char *host;            /* an IPv4 address to listen on */
	int port;                    /* 0: any free port */
	const char *db;              /* SQLite file */
	const char *web_dir;         /* served at /; NULL: none */
	const char *rules_dir;       /* docs/rules: served at /rules/<game>.md; NULL: none */
	const char *tutorials_dir;   /* tutorials: the lessons of /api/lessons; NULL: none */
	int max_sockets;             /* open WebSockets before 503 */
	int max_sockets_per_address; /* open WebSockets of one client address before 429 */
	int threads;                 /* workers for AI seats and chance */
	int max_tables;              /* tables not over before 503 */
	double waiting_ttl;    /* seconds a table may wait for its players before it is removed */
	int create_rate;       /* tables one client address may create per minute (429 past) */
	int address_tables;    /* tables not over one client address may have created */
	int address_ai_tables; /* of which with a searching seat (easy, medium, hard) */
} qv__server_config;

/* The defaults of the limits above (docs/server.md says why these values); a config that
 * leaves one at 0 gets its default. */
#define QV__WAITING_TTL       3600
#define QV__CREATE_RATE       20
#define QV__ADDRESS_TABLES    20
#define QV__ADDRESS_AI_TABLES 4

/* A client address's allowance of new tables (a token bucket of create_rate per minute). */
typedef struct qv__rate {
	char addr[48];
	double tokens, at;
} qv__rate;

/* Client addresses whose allowance is kept; when all are in use, the longest unused is
 * reused (it has the most tokens back). */
#define QV__RATE_SLOTS 4096

typedef struct qv__server {
	qv__server_config cfg;
	char host[64], db[1024], web_dir[1024], rules_dir[1024], tutorials_dir[1024];
	struct mg_context *ctx;
	qv__store *store;
	qv__pool *pool;           /* AI seats and chance events */
	pthread_mutex_t reg_lock; /* the registry; taken before any table's lock, never after */
	qv__table **tables;
	int ntables, cap;
	_Atomic double swept; /* when expired waiting tables were last removed (qv__server_sweep) */
	qv__rate *rates;      /* QV__RATE_SLOTS of them, guarded by reg_lock */
	atomic_int sockets;   /* open WebSockets */
	pthread_mutex_t conns_lock; /* every WebSocket connection (ws.c), to count and to stop */
	struct qv__conn *conns;
	atomic_bool stopping;   /* the connections are to close (see qv__ws_stop_all) */
	_Atomic double trimmed; /* when free memory was last given back (server.c, maybe_trim) */
	atomic_bool stopped;    /* CivetWeb has stopped (see qv__server_stop) */
	int port;
} qv__server;

/* Opens the database, rebuilds every unfinished table, starts the workers and then the
 * listener. The message says what failed (database, port taken, bad host). */
qv_status qv__server_start(qv__server **out, const qv__server_config *cfg, qv_err *err);
/* The port the server listens on (the one chosen when cfg->port was 0). */
int qv__server_port(const qv__server *srv);
/* Closes every connection, lets running searches finish, closes the database, frees. */
void qv__server_stop(qv__server *srv);

/* ---- for http.c, ws.c and files.c ---- */

/* The table with this id, with a reference the caller drops with qv__table_unref; read back
 * from the database when it is not in memory; NULL when there is none. */
qv__table *qv__server_find(qv__server *srv, const char *id);

/* Removes the waiting tables older than --waiting-expiry from the registry and the database,
 * telling their viewers why; does nothing if it ran less than a second ago (a check without a
 * lock). Called by the requests that look tables up and by every WebSocket's loop, so a page
 * left alone on a waiting table hears of its expiry within about a second. Takes reg_lock and
 * table locks: the caller holds none. */
void qv__server_sweep(qv__server *srv);

/* The table with this id if it is in memory (with a reference), else NULL: never read back
 * from the database. */
qv__table *qv__server_find_resident(qv__server *srv, const char *id);
/* Whether client address addr may open the table `request` asks for: fewer than max_tables
 * are not over (else 503), and the address is within create_rate, address_tables and, for a
 * table with a searching seat, address_ai_tables (else 429). Counts the creation against the
 * address's rate when it may. *status is the HTTP status of a refusal; the message names the
 * limit. Waiting tables past waiting_ttl are removed first. */
qv_status qv__server_room(qv__server *srv, const char *addr, const json_t *request, int *status,
                          qv_err *err);
/* Adds a new table to the registry. */
qv_status qv__server_add(qv__server *srv, qv__table *t, qv_err *err);
/* After a table changed: tells its connections, queues its AI seats or chance, and lets a
 * finished table without connections leave memory. */
void qv__server_changed(qv__server *srv, qv__table *t);
/* Tables that are not private and not over, each with a reference (caller drops them and
 * frees the array). */
int qv__server_list(qv__server *srv, qv__table ***out);

void qv__table_ref(qv__table *t);
void qv__table_unref(qv__table *t);

/* The HTTP request handler (API and files) and the WebSocket handlers. */
int qv__http_handle(struct mg_connection *c, void *cbdata);
void qv__ws_register(qv__server *srv);
/* CivetWeb's begin_request: an upgrade RFC 6455 does not allow (no Sec-WebSocket-Key, another
 * version) is refused with 400 (returns 400), anything else goes on (0). */
int qv__ws_check_upgrade(struct mg_connection *c);
/* CivetWeb's connection_close: a WebSocket whose handshake failed is let go. */
void qv__ws_connection_gone(const struct mg_connection *c);
/* Tells every connection's loop to close (1001) and end; before mg_stop, which waits for them. */
void qv__ws_stop_all(qv__server *srv);
/* Queues for every connection of t the frame it has not seen (never waits on a socket). */
void qv__ws_broadcast(qv__table *t);
/* Whether t has connections (caller holds t's lock). */
bool qv__ws_has_conns_locked(const qv__table *t);

/* Serves a file of the web folder or /rules/<game>.md for GET and HEAD; false when the path
 * is not one (the caller answers 404). */
bool qv__files_serve(qv__server *srv, struct mg_connection *c, const char *path);

/* The lessons' API: /api/lessons, /api/lessons/GAME, /api/lessons/GAME/ID and
 * /api/lessons/GAME/ID/try (rest is what follows "/api/lessons"). Returns the status sent. */
int qv__lessons_route(qv__server *srv, struct mg_connection *c, const char *method,
                      const char *rest);

/* The request's body (read whole, within a deadline, before the work of the request began) as
 * a JSON object into *out; an empty body is `empty` (NULL: refused). Answers the client itself
 * on failure (400) and returns that status, else 0. */
int qv__http_read_json(struct mg_connection *c, json_t **out, const char *empty);
/* 405 naming the methods the path accepts (and an Allow header); returns 405. */
int qv__http_not_allowed(struct mg_connection *c, const char *method, const char *allow);
/* Writes a JSON response with the given status. */
void qv__http_json(struct mg_connection *c, int status, const json_t *body);
/* Writes {"error": message} with the given status. */
void qv__http_error(struct mg_connection *c, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
