/*
 * jobs.h - the request workers: the threads that run what the network loop (net.c) must not
 * wait for, an HTTP request's handler and a WebSocket's messages. Their number follows the work:
 * a job that finds no idle worker starts one (up to a bound), and a worker idle for a while
 * ends, so an idle server keeps few threads and a burst of slow requests (a replay waiting at
 * the gate, a table's lock held by a save) does not hold up the others. Jobs run in the order
 * they were queued; a job that must follow another (a socket's messages) is queued only after
 * it, by its owner (ws.c). Internal to the server.
 */
#ifndef QUIVER_SERVER_NET_JOBS_H
#define QUIVER_SERVER_NET_JOBS_H

#include <stdbool.h>

typedef struct qv__jobs qv__jobs;

/* The most request workers at once: far more than the cores, since a job mostly waits (a
 * lock, the database, the replay gate); each has a stack of QV__JOB_STACK bytes. */
#define QV__JOBS_MAX  64
#define QV__JOB_STACK (512 * 1024)

/* The pool, with no thread yet; NULL when out of memory. */
qv__jobs *qv__jobs_new(void);
/* Queues fn(arg); false when it cannot (out of memory, or the pool is stopping). */
bool qv__jobs_submit(qv__jobs *j, void (*fn)(void *arg), void *arg);
/* When what the calling worker handles came (qv_mono seconds): the time its job was queued, or
 * the time the job set for the part it handles now (a WebSocket's job runs each message that
 * came meanwhile); 0 on a thread that runs no job. A request that waited for a worker counts
 * that wait against its deadlines (store.h). */
double qv__jobs_since(void);
void qv__jobs_set_since(double at);
/* Runs every queued job, waits for the workers to end, frees. */
void qv__jobs_free(qv__jobs *j);

#endif
