/*
 * director.h - what runs the tournaments (tournaments.h): a thread of each process that, about
 * twice a second, takes the tournaments no live process runs (a lease in the store: director,
 * director_at, taken by a conditional UPDATE, so two processes of a site never run one at once,
 * and another takes it QV__DIRECTOR_LEASE seconds after its process went silent) and moves each
 * of its own on: starts it at its time (or ends it with fewer than two players), reads its
 * games' results from the store (a table ended on any process), pairs the next Swiss round once
 * the last is over and its pause past, pairs an arena's waiting players at once (each wave kept
 * as it was seen), and at the end works out the standings, keeps the winner and tells every
 * player on its channel. Each pairing is a table made as every table between accounts is
 * (pairing.h), public, its players told on their channels ({"type": "tournament", ...}).
 * Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_DIRECTOR_H
#define QUIVER_SERVER_PLAYERS_DIRECTOR_H

#include "server/state/server.h"

/* How often a process looks at its tournaments, and how long a lease lasts unrefreshed. */
#define QV__DIRECTOR_TICK_MS 500
#define QV__DIRECTOR_LEASE   10

struct qv__director;

/* Starts the thread (listen.c, once the server answers): QV_OK with *out, or QV_ENOMEM. */
qv_status qv__director_start(qv__server *srv, struct qv__director **out, qv_err *err);
/* Stops it and waits for it (NULL: nothing); before the network stops. */
void qv__director_stop(struct qv__director *d);

/* One look at the tournaments (the thread's turn): takes those no process runs, moves each of
 * this process's on. */
void qv__director_tick(qv__server *srv);

#endif
