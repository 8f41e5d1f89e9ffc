/*
 * pwgate.h - the password gate: the work of accounts that hashes a password (a sign-in, a
 * sign-up, a recovery, a password change, a deletion) runs here, on qv__password_hashes()
 * threads of its own, never on a request worker. Each Argon2id hash takes 64 MiB and about a
 * tenth of a second of a core, so a flood of sign-ins that waited on the request workers held
 * every one of them (the second audit: 16 addresses with 6 sign-ins each in flight made
 * another client's GET wait 13 s). Here a request either gets a place in the gate's queue at
 * once or is refused at once: 429 when its client address already has QV__PWGATE_PER_ADDRESS
 * in the gate, 503 (with Retry-After) when the queue is full. The request then waits in the
 * queue, holding no worker, and the gate's thread that runs it answers it (req.h:
 * qv__req_defer).
 *
 * Two queues: a browser that signed in to the account before (its device cookie, device.h) has
 * places of its own (QV__PWGATE_KNOWN), served first, so that strangers who fill the queue for
 * everyone else do not keep an account's owner out. The threads run at a lower priority than
 * the request workers (QV__PWGATE_NICE): a hash that waits a little costs a sign-in a little,
 * while a page or a move that waits behind hashes is what the flood was for. Thread-safe.
 * Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_PWGATE_H
#define QUIVER_SERVER_PLAYERS_PWGATE_H

#include <stdbool.h>

#include "server/net/req.h"

/* Requests waiting for a hash, strangers', and known devices' (device.h). */
#define QV__PWGATE_QUEUE 16
#define QV__PWGATE_KNOWN 4
/* Requests of one client address (an IPv4 address, an IPv6 /64) in the gate at once. */
#define QV__PWGATE_PER_ADDRESS 2
/* The nice value of the gate's threads (the request workers run at 0). */
#define QV__PWGATE_NICE 10

typedef struct qv__pwgate qv__pwgate;

/* The work of one request in the gate: run on a gate's thread with `run` true, it writes the
 * request's answer; with `run` false (the server is stopping), it answers 503 without hashing.
 * Either way it frees arg; the gate then hands the request back (qv__req_resume). */
typedef void (*qv__pwgate_fn)(void *arg, bool run);

/* A gate with its threads started; NULL when out of memory. */
qv__pwgate *qv__pwgate_new(void);

/* Queues fn(arg) for request r of client address addr (known: the request carries a valid
 * device cookie of the account): 0 when queued (r is deferred: the handler returns
 * QV__REQ_DEFERRED and touches it no more), else the status it answered r with, 429 or 503
 * (fn is then not called, and arg is the caller's). */
int qv__pwgate_submit(qv__pwgate *g, qv__req *r, const char *addr, bool known, qv__pwgate_fn fn,
                      void *arg);

/* For a password request that could only take a stranger's place (it carries no device cookie),
 * before any work is done for it: when the strangers' queue is full, or `out` password requests
 * that went on before it and are not yet answered would fill every place the gate has, answers
 * r 503 as qv__pwgate_submit would, and returns true. The network loop asks this at each
 * request's turn (pace.h), so that under a flood most of them are answered there, never
 * reaching a worker; counting those on their way, a turn that lets many addresses go on at
 * once sends the workers no more than the gate can take. */
bool qv__pwgate_refuse_full(qv__pwgate *g, qv__req *r, int out);

/* Stops taking requests: those waiting are answered 503 (fn with run false), those running
 * end; returns once every one was handed back. Called before the network stops. */
void qv__pwgate_stop(qv__pwgate *g);
/* Frees a stopped gate (NULL: nothing). */
void qv__pwgate_free(qv__pwgate *g);

/* Requests waiting and running now, for tests and metrics. */
void qv__pwgate_counts(qv__pwgate *g, int *waiting, int *running);

#endif
