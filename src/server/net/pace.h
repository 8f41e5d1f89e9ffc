/*
 * pace.h - the pace of a client address's password requests (a sign-in, a sign-up, a recovery,
 * a password change, a deletion), kept by the network loop (net.c) before any request worker
 * sees them. The password gate (pwgate.h) bounds the hashes, but refusing at once what it
 * cannot queue invited clients that ignore Retry-After to ask again at once: 200 sign-ins in
 * flight from 64 addresses came back at 5,000 a second, each through the loop, a worker, the
 * store and the throttle, and another client's GET waited behind them (p99 20 times the run
 * without them). So each address's password requests go on one every QV__PACE_MS, as nginx's
 * limit_req with a burst does it (the generic cell rate algorithm): a request that comes
 * before its address's turn is held on the loop, its connection suspended (no worker, no
 * thread), until its turn; one that would be held more than QV__PACE_AHEAD turns ahead is
 * answered 429 at once on the loop, with Retry-After. A flood's answers then come no faster
 * than its addresses' pace, whatever its clients do with them.
 *
 * Used by the loop's thread only; the held requests are the loop's (net.c resumes them).
 * Internal to the server.
 */
#ifndef QUIVER_SERVER_NET_PACE_H
#define QUIVER_SERVER_NET_PACE_H

#include <stdbool.h>

#include "server/net/req.h"

/* The time between an address's password requests, in ms: 2 a second, ten times the hashes one
 * address may have in the gate at once can take (a hash takes about 0.1 s of a core), and no
 * wait for a person, who takes longer to type a password again. */
#define QV__PACE_MS 500
/* The turns ahead an address's request may wait for, at most (4 s at QV__PACE_MS): a household
 * behind one router signing in together waits a little, a flood is answered 429. */
#define QV__PACE_AHEAD 8

typedef struct qv__pace qv__pace;

/* An empty pace; NULL when out of memory. */
qv__pace *qv__pace_new(void);
/* Frees it (the held requests must have been taken: qv__pace_take). NULL: nothing. */
void qv__pace_free(qv__pace *p);

/* The turn of a password request of client address addr (addr.h) that came at `now` (ms): the
 * time it may go on, `now` when at once; or -1 when it would wait more than QV__PACE_AHEAD
 * turns, *retry_s then the seconds to wait before another (at least 1). A request given a turn
 * is counted whether or not it is held. */
double qv__pace_turn(qv__pace *p, const char *addr, double now, int *retry_s);

/* Holds request r until `at` (its turn); false when out of memory (r not held). */
bool qv__pace_hold(qv__pace *p, qv__req *r, double at);
/* The held request whose turn came first, if that is at or before `now`, no longer held; NULL
 * when none has come. */
qv__req *qv__pace_take(qv__pace *p, double now);
/* The ms from `now` to the next held request's turn (0 when due), or -1 when none is held. */
double qv__pace_next(const qv__pace *p, double now);

/* Forgets the addresses whose turns are all past (bounded memory: only the addresses that sent
 * a password request in the last QV__PACE_AHEAD turns are kept). */
void qv__pace_sweep(qv__pace *p, double now);

#endif
