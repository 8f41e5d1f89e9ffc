/*
 * flight.h - the server's flight recorder: what the process is doing at each moment (how many
 * requests and WebSocket messages it is handling, and which tables have an AI or chance step
 * under way), kept in a small file beside the database (its path with "-flight") that the
 * process maps into memory. What a process writes to a shared file mapping is the file's, not
 * the process's: it outlives a crash or a kill -9, so the next start on the same database reads
 * what was in flight at the moment the last one died. The crash-loop guard (server.c) counts a
 * death against a table's AI search only when that search was the only work in flight.
 * Internal to the server.
 *
 * Thread-safe: the counts are atomic in the mapping; a step's slot is taken under a mutex.
 * Every function accepts a NULL recorder (a database in memory has none) and does nothing.
 */
#ifndef QUIVER_SERVER_STATE_FLIGHT_H
#define QUIVER_SERVER_STATE_FLIGHT_H

#include <stdbool.h>

#include "quiver/core.h"
#include "server/base/token.h"

typedef struct qv__flight qv__flight;

/* Steps the recorder can name at once: the server's workers (--threads is at most 64), each
 * running one step. A step beyond them is counted as unnamed, which blames nobody. */
#define QV__FLIGHT_SLOTS 64

/* What was in flight when the last process on the database ended. */
typedef struct qv__flight_last {
	bool known;   /* a record was found (a first start, or a file of another layout: not) */
	int requests; /* requests and messages being handled */
	int unnamed;  /* steps under way that took no slot */
	int nsteps;   /* steps under way, of these tables: */
	char step[QV__FLIGHT_SLOTS][QV__ID_LEN + 1];
} qv__flight_last;

/* Opens the recorder of database `db` (creating the file "DB-flight"), reads what the last
 * process left in it into *last, and starts a new record. QV_EIO names the file when it cannot
 * be made or mapped. */
qv_status qv__flight_open(qv__flight **out, const char *db, qv__flight_last *last, qv_err *err);

/* Reads what the record of database `db` says now, without changing it: what a running server
 * is doing, or what a dead one was doing when it died (for tests and diagnostics). A missing
 * file, or one of another layout, is last->known false. */
qv_status qv__flight_peek(const char *db, qv__flight_last *last, qv_err *err);

/* Ends the record cleanly (nothing in flight) and closes it. */
void qv__flight_close(qv__flight *f);

/* A request or message begins (+1) or ends (-1). */
void qv__flight_request(qv__flight *f, int delta);

/* A step of table `id` begins: returns its slot, for qv__flight_step_end. */
int qv__flight_step_begin(qv__flight *f, const char *id);
void qv__flight_step_end(qv__flight *f, int slot);

#endif
