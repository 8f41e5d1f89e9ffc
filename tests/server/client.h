/*
 * client.h - a small HTTP and WebSocket client over plain sockets, and a way to start and stop
 * `quiver serve`, for the server's integration tests and the load test (bench/). It talks
 * only to the loopback (127.0.0.0/8, ::1) and every call is bounded in time. It can also send what
 * browsers never would (unmasked, fragmented, binary or oversized frames), which the tests need.
 */
#ifndef QUIVER_TESTS_CLIENT_H
#define QUIVER_TESTS_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include <jansson.h>

/* ---- the server process ---- */

typedef struct tc_server {
	pid_t pid;
	int port;
} tc_server;

/* Starts `quiver serve --port 0 --db db` with extra arguments (NULL-terminated, may be NULL)
 * and waits (up to 120 s) for its `serving http://HOST:PORT/` line (127.0.0.1 unless extra
 * gives --host). Returns 0 on success. A server that ends at start with status 1 (the database
 * slow to answer on a loaded machine) is started again 2 s later, three starts at most, as its
 * systemd unit would. */
int tc_server_start(tc_server *s, const char *quiver, const char *db, const char *const *extra);
/* Sends sig (SIGTERM to stop, SIGKILL to crash it) and reaps it; returns its wait status. */
int tc_server_stop(tc_server *s, int sig);

/* ---- sockets ---- */

/* A connected TCP socket to 127.0.0.1:port (or this thread's target, tc_set_target; Nagle
 * off), or -1. */
int tc_dial(int port);
/* Makes this thread's later connections (tc_dial, and so every request and WebSocket) come
 * from addr, any address of 127.0.0.0/8 ("127.0.0.7"), so that one test can act as many
 * client addresses; NULL goes back to the kernel's choice (127.0.0.1). Returns 0, or -1 for
 * an address that is not IPv4. The source applies to an IPv4 target only. */
int tc_set_source(const char *addr);
/* Makes this thread's later connections go to addr: "127.0.0.1" (the default) or "::1", for a
 * server started with --host ::1 or ::; NULL goes back to 127.0.0.1. Returns 0, or -1 for an
 * address that is neither IPv4 nor IPv6. */
int tc_set_target(const char *addr);

/* ---- HTTP ---- */

typedef struct tc_reply {
	int status; /* HTTP status, 0 when the request failed */
	char *body; /* NUL-terminated */
	size_t len;
	char *headers; /* the raw header block */
	json_t *json;  /* the body parsed, or NULL */
} tc_reply;

/* One request (Connection: close). body may be NULL. Returns the reply's status (0 on
 * failure); free the reply with tc_reply_free. */
int tc_http(int port, const char *method, const char *path, const char *body, size_t len,
            tc_reply *out);
/* The same with more header lines (each ended by "\r\n"; NULL: none). */
int tc_http_with(int port, const char *method, const char *path, const char *headers,
                 const char *body, size_t len, tc_reply *out);
/* The value of header `name` (any case) in a reply, copied into out; false when absent. */
bool tc_header(const tc_reply *r, const char *name, char *out, size_t size);
void tc_reply_free(tc_reply *r);

/* ---- WebSocket ---- */

typedef struct tc_ws {
	int fd;
	char *buf; /* bytes read but not yet consumed */
	size_t len, cap;
	bool closed;
	int close_code;         /* the server's close frame: its code (0: none came) */
	char close_reason[128]; /* and its reason */
	int retry_after;        /* a refused upgrade's Retry-After in seconds, -1 when none */
} tc_ws;

/* Opens a WebSocket at path. Returns 0 on success; otherwise the HTTP status of the refusal
 * (e.g. 404, 503; its Retry-After in retry_after), or -1 when the connection failed. */
int tc_ws_open(tc_ws *w, int port, const char *path);
/* tc_ws_open with more request headers (each line ending in \r\n). */
int tc_ws_open_with(tc_ws *w, int port, const char *path, const char *headers);
/* Sends one frame (masked unless `unmasked`), fin set unless `more`. Returns 0 on success. */
int tc_ws_send_frame(tc_ws *w, int opcode, const void *data, size_t len, bool more);
int tc_ws_send_text(tc_ws *w, const char *text);
/* Sends bytes as they are (a frame made by hand: unmasked, say). Returns 0 on success. */
int tc_ws_send_raw(tc_ws *w, const void *bytes, size_t len);
/* Receives the next data frame within timeout_ms, answering pings. Returns 1 (a frame, whose
 * payload the caller frees), 0 on timeout, -1 when the socket closed (after a close frame,
 * close_code and close_reason hold what it said). */
int tc_ws_recv(tc_ws *w, int timeout_ms, int *opcode, char **payload, size_t *len);
/* The next text frame parsed as JSON, or NULL on timeout, close or broken JSON. */
json_t *tc_ws_recv_json(tc_ws *w, int timeout_ms);
void tc_ws_close(tc_ws *w);

/* Milliseconds on a monotonic clock. */
double tc_now_ms(void);

#endif
