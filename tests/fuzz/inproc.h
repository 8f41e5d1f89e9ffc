/*
 * inproc.h - `quiver serve` inside a fuzzer's own process, for fuzz_http and fuzz_ws: the
 * server of src/server (the network loop on libmicrohttpd, the API, the WebSocket, the files,
 * the store) started on 127.0.0.1 at a free port with a temporary database, and talked to over
 * loopback sockets only. The loop serves only the connections it accepts, so this is the seam
 * that runs net.c, http.c, wsock.c, ws.c, files.c, lessons.c and store/sqlite.c as a server runs
 * them. The server is started again now and
 * then, on the same database (so that the tables are read back, store/sqlite.c's other half) or on
 * a fresh one (so that the table limit is never what every input meets).
 */
#ifndef QUIVER_FUZZ_INPROC_H
#define QUIVER_FUZZ_INPROC_H

#include <stdbool.h>
#include <stddef.h>

/* Starts the server once (the first call), and starts it again every `every` calls; *fresh
 * tells whether this call started it (its tables may then be new). Returns its port. Aborts
 * with a message when it cannot start: the fuzzer could test nothing. */
int fz_server(int every, bool *fresh);

/* Sends `len` bytes on a new connection, closes the sending half, and reads the answer until
 * the server closes (bounded: FZ_WAIT_MS). Returns the bytes read (malloc'd, NUL-terminated,
 * *n their count), or NULL when the connection failed. */
char *fz_exchange(int port, const void *data, size_t len, size_t *n);

/* Checks that the server still answers a plain request with 200, else aborts: a server that
 * stopped answering is a bug even without a crash. */
void fz_check_alive(int port);

/* Creates a table from a request body; writes its id. Returns the HTTP status. */
int fz_create(int port, const char *body, char id[32]);

/* Longest wait for one answer, in milliseconds. Generous: a fuzzer runs on a loaded machine. */
#define FZ_WAIT_MS 30000

#endif
