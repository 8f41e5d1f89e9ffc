/*
 * replay.h - the gate that bounds how many replays run at once (GET /api/tables/ID/replay once
 * the game is over, POST /api/replay with a record). The replay itself, and the catalogue of
 * a match, are the engine's (engine/feed/replay.h, included here for the server's callers).
 */
#ifndef QUIVER_SERVER_TABLE_REPLAY_H
#define QUIVER_SERVER_TABLE_REPLAY_H

#include "engine/feed/replay.h"

/* ---- how many replays run at once ---- */

/* A replay's views are the server's largest piece of work for one request (a 2.9 KB record
 * makes 0.8 MB of views), so replays pass a gate: at most `running` at once (the server's
 * workers: --threads), the next ones waiting in a queue of at most `waiting` for at most
 * wait_ms each, then refused (503); at most per_address running or waiting from one client
 * address (429). The queue is first come, first served. Thread-safe. */
typedef struct qv__replay_gate qv__replay_gate;

/* The bytes of a client address kept, with its NUL (IPv6 in text fits). */
#define QV__REPLAY_ADDR 48
/* The replays one client address may have running or waiting at once. */
#define QV__REPLAY_PER_ADDRESS 2
/* Replays that may wait for a turn; each holds a request worker while it waits. */
#define QV__REPLAY_QUEUE 32
/* How long one may wait. A replay within the 4 MiB bound takes well under a second of a
 * worker (docs/benchmarks.md), so a full queue drains within it. */
#define QV__REPLAY_WAIT_MS 10000
/* An answer of at least this many bytes hands the heap's free pages back to the system when
 * its replay ends (malloc_trim). */
#define QV__REPLAY_TRIM_BYTES (256 * 1024)

qv_status qv__replay_gate_new(qv__replay_gate **out, int running, int waiting, int per_address,
                              int wait_ms, qv_err *err);
void qv__replay_gate_free(qv__replay_gate *g);
/* Waits for a turn for a replay asked by client address addr: 0, with *slot to give back to
 * qv__replay_leave, or the HTTP status of a refusal (429 over the address's share, 503 when
 * the queue is full or the wait ran out) with a message naming the limit. */
int qv__replay_enter(qv__replay_gate *g, const char *addr, int *slot, qv_err *err);
/* How many replays wait for a turn now (for the tests). */
int qv__replay_waiting(qv__replay_gate *g);
/* Ends a replay that entered (slot < 0: one that did not, nothing to do); bytes is the size of
 * its answer (0 when it failed), a large one giving free memory back to the system. */
void qv__replay_leave(qv__replay_gate *g, int slot, size_t bytes);

#endif
