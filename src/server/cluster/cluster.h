/*
 * cluster.h - the processes of one site on one PostgreSQL database (store.h, "several
 * processes"; docs/deploy.md): what one process hears from the others and does about it. Each
 * process listens on the database (qv__store_listen) for:
 * - "release ID": another process was asked for table ID, which this one holds: it lets the
 *   table go (qv__server_release) and closes the table's sockets with 1012, so that their pages
 *   connect again and reach the process HAProxy sends the table to;
 * - "back ORIGIN PREFIX": another process started: this one lets go of the tables it read back
 *   while they were in play, and of those born at the one back (its --id-prefix, PREFIX), which
 *   HAProxy sends there again (QV__BACK_FIRST);
 * - "news N": a player's news (a turn, a days clock running low, an end, a seat taken) that
 *   another process's table made, read from the database and told to this process's channels of
 *   that player (ws/channel.h); after a reconnection, all the news since the last read.
 * About every second it also renews its lease (qv__store_lease: ending the sessions of
 * processes stopped for QV__LEASE s, whose tables become orphans), lets go of the tables whose
 * writes the database refused (another process took them: qv__store_lost), and, in the one
 * process elected (qv__store_elect), takes the tables nobody holds (their process died) once
 * they have been without a process for QV__ORPHAN_GRACE seconds: their AI seats, chance and
 * clocks go on without a client. And it publishes what changed of its tables for the other
 * processes' lobbies and players' lists (qv__store_live_sync), withdrawing those it let go or
 * that ended, and saves the running clocks of its tables not saved for QV__CLOCK_KEEP seconds.
 * On SQLite nothing here runs. Internal to the server; listen.c starts and stops it.
 */
#ifndef QUIVER_SERVER_CLUSTER_CLUSTER_H
#define QUIVER_SERVER_CLUSTER_CLUSTER_H

#include "server/state/server.h"

/* Seconds a table must have had no process before the elected one takes it: the time a page
 * whose table was let go on another's request has to reach the process that asked. */
#define QV__ORPHAN_GRACE 3

/* Seconds the elected process leaves alone a table some process asked another to let go
 * ("release ID"): the page that asked reconnects to the process that asked, after a wait that
 * grows to 10 s when its attempts failed (web/connection.js), and finds the table free there.
 * Taken sooner by the elected process, the table would be asked back at each attempt, and the
 * page would never get in. */
#define QV__WANTED_GRACE 15

/* Seconds a running clock goes unsaved at most (a move saves it too): a process killed with
 * -9 loses at most that much of the time its players took (the next process reads the table
 * back and its clocks run on from the last save; the outage itself is never charged), for a
 * write every QV__CLOCK_KEEP s of a think longer than that. */
#define QV__CLOCK_KEEP 10
/* The same for a days clock (days a move): a write every 10 minutes of a think. */
#define QV__CLOCK_KEEP_DAYS 600

/* Seconds a process may go without renewing its lease (each tick renews it, about every
 * second) before another process ends its database session, and so frees its tables: a
 * process stopped (SIGSTOP) loses them within QV__LEASE + QV__ORPHAN_GRACE + two ticks, under
 * 10 s. When it runs again its writes fail (the session is gone), it takes its tables' locks
 * again where nobody took them meanwhile, and lets the others go. */
#define QV__LEASE 5

/* Seconds after its start when a process tells the others it is back ("back ORIGIN PREFIX"), each
 * of which then lets go of the tables it read back while they were in play: their pages connect
 * again, and HAProxy, which has seen the process up by then (two checks a second apart in
 * docs/deploy/haproxy-cluster.cfg), sends those whose id hashes to it there. A second time for
 * a slower check; the tables that stay where they were are read back there at once. */
#define QV__BACK_FIRST 4
#define QV__BACK_AGAIN 12

/* Starts listening (after qv__server_open); QV_OK doing nothing on SQLite. */
qv_status qv__cluster_start(qv__server *srv, qv_err *err);
/* Stops listening and frees what it kept (before qv__server_close). */
void qv__cluster_stop(qv__server *srv);

#endif
