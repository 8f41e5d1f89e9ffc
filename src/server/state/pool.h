/*
 * pool.h - a few worker threads that run queued jobs (the AI seats and chance events of the
 * server's tables, and the reviews of finished games), so that a long search never holds up a
 * socket or another table. Jobs are queued in lanes (the server uses one per client address):
 * first in, first out within a lane, and the lane served next is the one that had the least of
 * the workers' time lately. A lane of one job at a time (an address playing one table) is
 * served by light workers; a lane of more (an address of many tables searching) by heavy
 * workers of the lowest priority, so that it never holds the workers nor the processor from
 * the first; background lanes (reviews) by background workers of the lowest priority alone.
 * Quick jobs (a chance draw) may be queued ahead of every lane. Internal to the server.
 */
#ifndef QUIVER_SERVER_STATE_POOL_H
#define QUIVER_SERVER_STATE_POOL_H

#include "quiver/core.h"

typedef struct qv__pool qv__pool;

/* run(ctx, item) is called on a worker for each pushed item; drop(ctx, item) for each item
 * still queued when the pool stops. */
typedef void (*qv__pool_fn)(void *ctx, void *item);

/* Starts `threads` workers of each kind: light ones, whose priority a positive `niceness`
 * lowers by that much (and that of the threads they start), so that AI searches give way to
 * answering people; heavy and background ones at the lowest priority (nice 19). */
qv_status qv__pool_new(qv__pool **out, int threads, int niceness, qv__pool_fn run, qv__pool_fn drop,
                       void *ctx, qv_err *err);
/* Longest lane key kept (longer keys are cut). */
#define QV__LANE_KEY 48

/* Queues item at the end of lane `key`; the workers serve the lanes with queued jobs, the
 * least served lately first, one job each. Items pushed after qv__pool_stop (or when memory
 * runs out) are dropped at once. */
void qv__pool_push_lane(qv__pool *p, void *item, const char *key);
/* Queues item at the end of lane `key` as qv__pool_push_lane does, to be run by run(ctx, item)
 * and dropped by drop(ctx, item) instead of the pool's own functions (NULL: the pool's): work of
 * another kind (a game's review) taking its turns among the lanes' other jobs. */
void qv__pool_push_job(qv__pool *p, void *item, const char *key, qv__pool_fn run, qv__pool_fn drop);
/* Queues item as qv__pool_push_job does, in background lane `key`: work no player waits for (a
 * finished game's review), served by the background workers alone, so that it never delays a
 * table's step however much of it is queued. */
void qv__pool_push_background(qv__pool *p, void *item, const char *key, qv__pool_fn run,
                              qv__pool_fn drop);
/* Queues item ahead of every lane: such jobs are taken first, first in, first out. For jobs
 * that take no time to speak of (the server's chance draws), which would otherwise wait for
 * every lane's turn. */
void qv__pool_push_first(qv__pool *p, void *item);
/* Queues item in the lane "" (a pool used only so is first in, first out). */
void qv__pool_push(qv__pool *p, void *item);
/* The jobs waiting for a thread (in the lanes and ahead of them), and those running (of every
 * kind). */
void qv__pool_load(qv__pool *p, int *waiting, int *running);
/* Lets running jobs finish, drops queued ones, joins the threads and frees the pool. */
void qv__pool_stop(qv__pool *p);

#endif
