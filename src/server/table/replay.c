/*
 * replay.c - the gate that bounds how many replays run at once (replay.h): as many as the
 * server has workers, at most two per client address, a short queue with a bounded wait, and
 * the memory of a large answer handed back to the system when it is done. The replay's answer
 * itself is the engine's (src/engine/feed/replay.c), which the app's local replays share.
 */
#define _DEFAULT_SOURCE /* malloc_trim */
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "server/table/replay.h"

/* ---- how many run at once -------------------------------------------------------------------- */

/* A request waiting for its turn, in the gate's queue (on the waiting thread's stack). */
typedef struct waiter {
	struct waiter *next;
} waiter;

struct qv__replay_gate {
	pthread_mutex_t lock;
	pthread_cond_t turn; /* a replay ended, or the queue's head changed */
	int running, max_running;
	int waiting, max_waiting;
	int per_address;
	int wait_ms;
	waiter *head, *tail; /* the queue, oldest first */
	/* The client address of every request in the gate, running or waiting ("" free): at most
	 * max_running + max_waiting of them. */
	char (*addr)[QV__REPLAY_ADDR];
	int nslots;
};

qv_status qv__replay_gate_new(qv__replay_gate **out, int running, int waiting, int per_address,
                              int wait_ms, qv_err *err)
{
	qv__replay_gate *g = calloc(1, sizeof *g);
	int nslots = running + waiting;
	if (g)
		g->addr = calloc((size_t)nslots, sizeof *g->addr);
	if (!g || !g->addr) {
		free(g);
		return qv_fail(err, QV_ENOMEM, "out of memory starting the server");
	}
	pthread_condattr_t attr;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&g->turn, &attr);
	pthread_condattr_destroy(&attr);
	pthread_mutex_init(&g->lock, NULL);
	g->max_running = running;
	g->max_waiting = waiting;
	g->per_address = per_address;
	g->wait_ms = wait_ms;
	g->nslots = nslots;
	*out = g;
	return QV_OK;
}

void qv__replay_gate_free(qv__replay_gate *g)
{
	if (!g)
		return;
	pthread_mutex_destroy(&g->lock);
	pthread_cond_destroy(&g->turn);
	free(g->addr);
	free(g);
}

/* Removes w from the queue; the lock is held. */
static void dequeue(qv__replay_gate *g, waiter *w)
{
	waiter **p = &g->head, *prev = NULL;
	while (*p && *p != w) {
		prev = *p;
		p = &(*p)->next;
	}
	if (!*p)
		return;
	*p = w->next;
	if (g->tail == w)
		g->tail = prev;
	g->waiting--;
}

/* Whether the gate refuses a replay from addr at once (the lock held): the HTTP status (429:
 * the address has too many; 503: the queue is full) with the reason, or 0 and *free_slot, a
 * slot for it. */
static int refusal(qv__replay_gate *g, const char *addr, int *free_slot, qv_err *err)
{
	int mine = 0;
	*free_slot = -1;
	for (int i = 0; i < g->nslots; i++) {
		if (g->addr[i][0] == '\0')
			*free_slot = *free_slot < 0 ? i : *free_slot;
		else
			mine += strcmp(g->addr[i], addr) == 0;
	}
	int status = 0;
	if (mine >= g->per_address) {
		status = 429;
		qv_fail(err, QV_ESTATE,
		        "too many replays from your address: %d running or waiting, at most %d at "
		        "once per address; wait for one to end",
		        mine, g->per_address);
	} else if (*free_slot < 0 ||
	           ((g->running >= g->max_running || g->head) && g->waiting >= g->max_waiting)) {
		/* It would have to queue (every turn taken, or others queued before it, who go
		 * first), and the queue is full. A turn that has just ended does not let it in past
		 * the queue: its head has been woken and takes it. (Letting it in there once let
		 * the queue outgrow its slots, and the next request wrote its address before the
		 * slots' array: heap corruption, seen as a crash while the server stopped.) */
		status = 503;
		qv_fail(err, QV_ESTATE,
		        "too many replays at once: %d running (the server's --threads) and %d "
		        "waiting, the most it queues; try again in a moment",
		        g->running, g->waiting);
	}
	return status;
}

/* Queues the caller and waits, up to the gate's wait, until it heads the queue and a run is
 * free (the lock held, released while waiting); true when it may run (counted as running). */
static bool wait_turn(qv__replay_gate *g)
{
	waiter me = {NULL};
	if (g->tail)
		g->tail->next = &me;
	else
		g->head = &me;
	g->tail = &me;
	g->waiting++;
	struct timespec end = qv_deadline(true, g->wait_ms / 1000.0);
	int e = 0;
	while (!(g->head == &me && g->running < g->max_running) && e != ETIMEDOUT)
		e = pthread_cond_timedwait(&g->turn, &g->lock, &end);
	bool go = g->head == &me && g->running < g->max_running;
	dequeue(g, &me);
	if (go)
		g->running++;
	pthread_cond_broadcast(&g->turn); /* the queue has a new head */
	return go;
}

int qv__replay_enter(qv__replay_gate *g, const char *addr, int *slot, qv_err *err)
{
	*slot = -1;
	pthread_mutex_lock(&g->lock);
	int free_slot;
	int status = refusal(g, addr, &free_slot, err);
	if (status) {
		pthread_mutex_unlock(&g->lock);
		return status;
	}
	/* A slot is free: running and waiting requests together are fewer than nslots. */
	qv_copy(g->addr[free_slot], sizeof g->addr[free_slot], addr);
	if (g->running < g->max_running && !g->head) {
		g->running++;
		pthread_mutex_unlock(&g->lock);
		*slot = free_slot;
		return 0;
	}
	bool go = wait_turn(g);
	if (!go)
		g->addr[free_slot][0] = '\0';
	int running = g->running;
	pthread_mutex_unlock(&g->lock);
	if (!go) {
		qv_fail(err, QV_ESTATE,
		        "too many replays at once: %d running (the server's --threads), and this "
		        "one waited %d s for its turn; try again in a moment",
		        running, g->wait_ms / 1000);
		return 503;
	}
	*slot = free_slot;
	return 0;
}

int qv__replay_waiting(qv__replay_gate *g)
{
	pthread_mutex_lock(&g->lock);
	int n = g->waiting;
	pthread_mutex_unlock(&g->lock);
	return n;
}

void qv__replay_leave(qv__replay_gate *g, int slot, size_t bytes)
{
	if (slot < 0)
		return;
	pthread_mutex_lock(&g->lock);
	g->addr[slot][0] = '\0';
	g->running--;
	pthread_cond_broadcast(&g->turn);
	pthread_mutex_unlock(&g->lock);
	/* The views of a large replay were freed in pieces all over the heap, whose pages glibc
	 * keeps; they go back to the system now rather than staying in the process. */
	if (bytes >= QV__REPLAY_TRIM_BYTES)
		malloc_trim(0);
}
