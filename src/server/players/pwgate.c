/*
 * pwgate.c - the password gate (pwgate.h): two queues under one lock, and the threads that
 * take from them, known devices first.
 */
#define _GNU_SOURCE /* syscall(SYS_gettid) */
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "quiver/core.h"
#include "server/net/reply.h"
#include "server/players/password.h"
#include "server/players/pwgate.h"

/* A request in the gate. */
typedef struct pwjob {
	struct pwjob *next;
	qv__req *req;
	char addr[48];
	qv__pwgate_fn fn;
	void *arg;
} pwjob;

/* One queue, oldest first. */
typedef struct queue {
	pwjob *head, *tail;
	int n, max;
} queue;

struct qv__pwgate {
	pthread_mutex_t lock;
	pthread_cond_t work; /* a request was queued, or the gate stops */
	queue known, strangers;
	char running[QV__PASSWORD_HASHES][48]; /* the addresses being served ("": none) */
	int nrunning;
	bool stopping;
	pthread_t threads[QV__PASSWORD_HASHES];
	int nthreads;
};

static void push(queue *q, pwjob *j)
{
	j->next = NULL;
	if (q->tail)
		q->tail->next = j;
	else
		q->head = j;
	q->tail = j;
	q->n++;
}

static pwjob *pop(queue *q)
{
	pwjob *j = q->head;
	if (j) {
		q->head = j->next;
		if (!q->head)
			q->tail = NULL;
		q->n--;
	}
	return j;
}

/* The requests of addr in the gate, waiting or running (the lock held). */
static int of_address(const qv__pwgate *g, const char *addr)
{
	int n = 0;
	for (const queue *q = &g->known; q; q = q == &g->known ? &g->strangers : NULL)
		for (const pwjob *j = q->head; j; j = j->next)
			n += strcmp(j->addr, addr) == 0;
	for (int i = 0; i < QV__PASSWORD_HASHES; i++)
		n += strcmp(g->running[i], addr) == 0;
	return n;
}

/* A slot of g->running for addr (the lock held). */
static int run_slot(qv__pwgate *g, const char *addr)
{
	for (int i = 0; i < QV__PASSWORD_HASHES; i++)
		if (!g->running[i][0]) {
			qv_copy(g->running[i], sizeof g->running[i], addr[0] ? addr : "?");
			g->nrunning++;
			return i;
		}
	QV_ASSERT(false); /* a thread each: never more running than slots */
	return 0;
}

/* sched_setattr's argument (linux/sched/types.h), which glibc 2.36 does not declare. */
struct slice_attr {
	uint32_t size, policy;
	uint64_t flags;
	int32_t nice;
	uint32_t priority;
	uint64_t runtime, deadline, period;
	uint32_t util_min, util_max;
};

/* The calling thread at nice QV__PWGATE_NICE, with the least time slice Linux takes (0.1 ms,
 * since 6.12's EEVDF custom slices; older kernels ignore it): a hash is then interrupted at
 * once by a request or a move that wakes, where a whole slice (1.4 ms on 2 cores) protected it
 * before, and it keeps its share of the CPU (its nice value), so it is never starved. Where
 * sched_setattr is refused, the nice value alone (Linux keeps one per thread). Failing both
 * only costs the others time. */
static void lower_priority(void)
{
	struct slice_attr a = {.size = sizeof a,
	                       .policy = SCHED_OTHER,
	                       .nice = QV__PWGATE_NICE,
	                       .runtime = 100 * 1000};
	if (syscall(SYS_sched_setattr, 0, &a, 0) != 0)
		setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), QV__PWGATE_NICE);
}

static void *gate_main(void *arg)
{
	qv__pwgate *g = arg;
	lower_priority();
	pthread_mutex_lock(&g->lock);
	for (;;) {
		pwjob *j = pop(&g->known);
		if (!j)
			j = pop(&g->strangers);
		if (!j) {
			if (g->stopping)
				break;
			pthread_cond_wait(&g->work, &g->lock);
			continue;
		}
		int slot = run_slot(g, j->addr);
		bool run = !g->stopping;
		pthread_mutex_unlock(&g->lock);
		j->fn(j->arg, run);
		qv__req_resume(j->req);
		free(j);
		pthread_mutex_lock(&g->lock);
		g->running[slot][0] = '\0';
		g->nrunning--;
	}
	pthread_mutex_unlock(&g->lock);
	return NULL;
}

qv__pwgate *qv__pwgate_new(void)
{
	qv__pwgate *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	pthread_mutex_init(&g->lock, NULL);
	pthread_cond_init(&g->work, NULL);
	g->known.max = QV__PWGATE_KNOWN;
	g->strangers.max = QV__PWGATE_QUEUE;
	for (int i = 0; i < qv__password_hashes(); i++)
		if (pthread_create(&g->threads[i], NULL, gate_main, g) == 0)
			g->nthreads++;
	if (g->nthreads == 0) {
		qv__pwgate_free(g);
		return NULL;
	}
	return g;
}

/* The answer to a request the full queue has no place for. */
static void refuse_full(qv__req *r, int running, int waiting)
{
	qv__reply_error(r, 503,
	                "too many passwords being checked: %d running and %d waiting, the "
	                "most the server queues; try again in a second",
	                running, waiting);
	qv__req_add_header(r, "Retry-After", "1");
}

bool qv__pwgate_refuse_full(qv__pwgate *g, qv__req *r, int out)
{
	pthread_mutex_lock(&g->lock);
	bool full = !g->stopping && (g->strangers.n >= g->strangers.max ||
	                             out >= g->strangers.max + g->known.max + g->nthreads);
	int waiting = g->known.n + g->strangers.n, running = g->nrunning;
	pthread_mutex_unlock(&g->lock);
	if (full)
		refuse_full(r, running, waiting);
	return full;
}

int qv__pwgate_submit(qv__pwgate *g, qv__req *r, const char *addr, bool known, qv__pwgate_fn fn,
                      void *arg)
{
	pwjob *j = malloc(sizeof *j);
	if (!j) {
		qv__reply_error(r, 503, "out of memory queueing the password's check; try again");
		return 503;
	}
	*j = (pwjob){.req = r, .fn = fn, .arg = arg};
	qv_copy(j->addr, sizeof j->addr, addr);
	pthread_mutex_lock(&g->lock);
	queue *q = known ? &g->known : &g->strangers;
	int mine = of_address(g, j->addr), status = 0;
	int waiting = g->known.n + g->strangers.n, running = g->nrunning;
	if (g->stopping)
		status = 503;
	else if (mine >= QV__PWGATE_PER_ADDRESS)
		status = 429;
	else if (q->n >= q->max)
		status = 503;
	if (!status) {
		qv__req_defer(r);
		push(q, j);
		pthread_cond_signal(&g->work);
	}
	pthread_mutex_unlock(&g->lock);
	if (!status)
		return 0;
	free(j);
	if (status == 503) {
		refuse_full(r, running, waiting);
		return status;
	}
	qv__reply_error(r, 429,
	                "too many passwords from your address being checked: %d, at most %d "
	                "at once per address; wait for an answer before you send another",
	                mine, QV__PWGATE_PER_ADDRESS);
	qv__req_add_header(r, "Retry-After", "1");
	return status;
}

void qv__pwgate_stop(qv__pwgate *g)
{
	if (!g)
		return;
	pthread_mutex_lock(&g->lock);
	g->stopping = true;
	pthread_cond_broadcast(&g->work);
	pthread_mutex_unlock(&g->lock);
	for (int i = 0; i < g->nthreads; i++)
		pthread_join(g->threads[i], NULL);
	g->nthreads = 0;
}

void qv__pwgate_free(qv__pwgate *g)
{
	if (!g)
		return;
	qv__pwgate_stop(g);
	QV_ASSERT(!g->known.head && !g->strangers.head);
	pthread_cond_destroy(&g->work);
	pthread_mutex_destroy(&g->lock);
	free(g);
}

void qv__pwgate_counts(qv__pwgate *g, int *waiting, int *running)
{
	pthread_mutex_lock(&g->lock);
	*waiting = g->known.n + g->strangers.n;
	*running = g->nrunning;
	pthread_mutex_unlock(&g->lock);
}
