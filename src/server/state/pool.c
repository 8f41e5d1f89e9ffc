/*
 * pool.c - worker threads over queues in lanes (pool.h): each lane is first in, first out, and
 * the lane served next is the one that has had the least of the workers' time lately (its
 * seconds of work, halved every USE_HALF_S), so that an address of many tables waits while one
 * of a single table is served. Jobs pushed first (quick ones) are taken before any lane's. All
 * under one mutex.
 *
 * Three kinds of worker, each of a fixed priority (an unprivileged process may lower a thread's
 * priority, never raise it again, so a worker keeps one):
 * - `threads` light workers, at the pool's niceness: the jobs pushed first, and the lanes of one
 *   job (an address playing one table against the computer);
 * - `threads` heavy workers, at HEAVY_NICE: the lanes of two jobs or more at once (an address
 *   of several tables searching, zombies included), which so never hold the light workers, nor
 *   the processor against them: the third audit's 8 addresses of 4 `hard` tables each made
 *   another player's reply wait 12 s behind their searches;
 * - `threads` background workers, at HEAVY_NICE: the lanes of work no player waits for (the
 *   reviews of finished games), never served by the others, so that 32 reviews asked by 32
 *   strangers no longer take the workers from every table of the site.
 * A lane's weight is read when a worker takes its next job: a lane is light when the job is its
 * only one, queued or running, and the lane has had jobs before (a person playing the computer,
 * one table after the other); heavy otherwise: several jobs (an address's tables searching at
 * once), or a lane's very first job, so that addresses that come with many tables at once never
 * have their first searches on the light workers (8 such addresses held both light workers for
 * 6 s, a search of 1.6 s each). A lane is forgotten after FORGET_S without a job.
 */
#define _DEFAULT_SOURCE /* syscall */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/clock.h"
#include "server/state/pool.h"

/* The priority of heavy and background workers: the lowest, so that the kernel gives the
 * processor to a light worker (and to the threads that answer requests) whenever both run. */
#define HEAVY_NICE 19

/* A lane's seconds of work are halved every so many seconds: what it had a minute ago counts
 * for little. */
#define USE_HALF_S 10.0

/* A lane with no job is forgotten after so many seconds without one (a person who thinks
 * longer than that between moves has the computer's next reply among the heavy lanes once). */
#define FORGET_S 300.0

typedef struct job {
	void *item;
	qv__pool_fn run, drop; /* NULL: the pool's own (qv__pool_push_job sets others) */
	struct job *next;
} job;

/* A lane: its queued jobs, its running ones, and its work lately. */
typedef struct lane {
	char key[QV__LANE_KEY];
	job *head, *tail;
	int queued, running;
	bool background;
	const void *last; /* the item of its last job taken (NULL: none yet: a new lane) */
	double used, at;  /* seconds of work, as of `at` (qv_mono) */
	double active;    /* when it last had a job taken or ended (qv_mono) */
	struct lane *next;
} lane;

typedef enum { LIGHT, HEAVY, BACKGROUND, KINDS } kind;

/* A worker: the pool and its kind. */
typedef struct worker {
	struct qv__pool *p;
	kind k;
	pthread_t thread;
} worker;

struct qv__pool {
	pthread_mutex_t lock;
	pthread_cond_t ready[KINDS]; /* a job for a worker of that kind may be there */
	lane *lanes;                 /* in the order they were opened */
	lane *turn;                  /* where the search for the least served begins */
	job *first, *first_tail;     /* jobs taken before any lane's (qv__pool_push_first) */
	bool stopping;
	int queued;  /* jobs in the lanes and first */
	int running; /* jobs taken and not finished, of every kind */
	int niceness;
	int size;     /* light workers asked for (as many of each other kind) */
	int nthreads; /* workers started */
	worker *workers;
	qv__pool_fn run, drop;
	void *ctx;
};

/* A lane's work now, decayed from `at` (the caller holds the lock). */
static double use_of(lane *l, double now)
{
	if (now > l->at) {
		l->used *= exp2(-(now - l->at) / USE_HALF_S);
		l->at = now;
	}
	return l->used;
}

#ifdef QV_CHECKS
/* The lanes' invariants (the caller holds the lock): every lane's jobs, counted, end at its
 * tail; the jobs number `queued` (with those pushed first); the turn is NULL or a lane. */
static bool lanes_hold(const qv__pool *p)
{
	int jobs = 0;
	for (const job *j = p->first; j; j = j->next)
		jobs++;
	if ((p->first == NULL) != (p->first_tail == NULL))
		return false;
	bool turn_found = p->turn == NULL;
	for (const lane *l = p->lanes; l; l = l->next) {
		int n = 0;
		for (const job *j = l->head; j; j = j->next)
			n++;
		if (n != l->queued || (l->head == NULL) != (l->tail == NULL) ||
		    (l->tail && l->tail->next) || l->running < 0)
			return false;
		jobs += n;
		turn_found = turn_found || l == p->turn;
	}
	return jobs == p->queued && turn_found;
}
#endif

/* Whether worker kind k takes lane l's next job. */
static bool takes(kind k, const lane *l)
{
	if (!l->head || l->background != (k == BACKGROUND))
		return false;
	bool heavy = l->queued + l->running >= 2 || !l->last;
	return k == BACKGROUND || heavy == (k == HEAVY);
}

/* Forgets the lanes without a job for FORGET_S (the caller holds the lock). */
static void forget_idle(qv__pool *p, double now)
{
	for (lane **at = &p->lanes; *at;) {
		lane *l = *at;
		if (l->queued || l->running || now - l->active < FORGET_S) {
			at = &l->next;
			continue;
		}
		*at = l->next;
		if (p->turn == l)
			p->turn = l->next;
		free(l);
	}
}

/* The lane a worker of kind k serves next: the least served lately of those it takes, from
 * the turn on (so that lanes alike take turns); NULL when none. */
static lane *next_lane(qv__pool *p, kind k, double now)
{
	lane *best = NULL;
	double least = 0;
	forget_idle(p, now);
	lane *from = p->turn ? p->turn : p->lanes;
	for (lane *l = from; l;) {
		if (takes(k, l) && (!best || use_of(l, now) < least)) {
			best = l;
			least = use_of(l, now);
		}
		l = l->next ? l->next : p->lanes;
		if (l == from)
			break;
	}
	return best;
}

/* Takes the next job for a worker of kind k, *from its lane (NULL: a job pushed first); NULL
 * when there is none for it. The caller holds the lock. */
static job *take(qv__pool *p, kind k, lane **from)
{
	QV_ASSERT(lanes_hold(p));
	*from = NULL;
	if (p->first && k != BACKGROUND) {
		job *j = p->first;
		p->first = j->next;
		if (!p->first)
			p->first_tail = NULL;
		p->queued--;
		return j;
	}
	lane *l = next_lane(p, k, qv_mono());
	if (!l)
		return NULL;
	job *j = l->head;
	l->head = j->next;
	if (!l->head)
		l->tail = NULL;
	l->queued--;
	l->running++;
	l->last = j->item;
	l->active = qv_mono();
	p->turn = l->next;
	p->queued--;
	*from = l;
	QV_ASSERT(lanes_hold(p));
	return j;
}

/* A job of lane l (NULL: pushed first) that ran `seconds`: counted as its work. */
static void job_done(qv__pool *p, lane *l, double seconds)
{
	if (!l)
		return;
	double now = qv_mono();
	l->used = use_of(l, now) + seconds;
	l->running--;
	l->active = now;
	/* a lane that ran one job at a time may be light again: a light worker may take it */
	pthread_cond_broadcast(&p->ready[LIGHT]);
}

/* Takes jobs for its kind until the pool stops. */
static void *worker_main(void *arg)
{
	worker *w = arg;
	qv__pool *p = w->p;
	int nice = w->k == LIGHT ? p->niceness : HEAVY_NICE;
	/* Linux keeps a nice value per thread (and new threads inherit it: a search's own threads
	 * run at its worker's); failing to lower it is harmless. */
	if (nice > 0)
		setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), nice);
	pthread_mutex_lock(&p->lock);
	for (;;) {
		lane *l = NULL;
		job *j = NULL;
		while (!p->stopping && !(j = take(p, w->k, &l)))
			pthread_cond_wait(&p->ready[w->k], &p->lock);
		if (!j)
			break;
		p->running++;
		pthread_mutex_unlock(&p->lock);
		double t0 = qv_mono();
		(j->run ? j->run : p->run)(p->ctx, j->item);
		free(j);
		double took = qv_mono() - t0;
		pthread_mutex_lock(&p->lock);
		QV_ASSERT(p->running > 0);
		p->running--;
		job_done(p, l, took);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

qv_status qv__pool_new(qv__pool **out, int threads, int niceness, qv__pool_fn run, qv__pool_fn drop,
                       void *ctx, qv_err *err)
{
	*out = NULL;
	qv__pool *p = calloc(1, sizeof *p);
	worker *w = calloc((size_t)threads * KINDS, sizeof *w);
	if (!p || !w) {
		free(p);
		free(w);
		return qv_fail(err, QV_ENOMEM, "out of memory starting the worker threads");
	}
	pthread_mutex_init(&p->lock, NULL);
	for (int k = 0; k < KINDS; k++)
		pthread_cond_init(&p->ready[k], NULL);
	p->niceness = niceness;
	p->run = run;
	p->drop = drop;
	p->ctx = ctx;
	p->workers = w;
	p->size = threads;
	for (; p->nthreads < threads * KINDS; p->nthreads++) {
		worker *x = &w[p->nthreads];
		*x = (worker){.p = p, .k = (kind)(p->nthreads / threads)};
		if (pthread_create(&x->thread, NULL, worker_main, x) != 0) {
			qv__pool_stop(p);
			return qv_fail(err, QV_ENOMEM, "cannot start worker thread %d of %d",
			               p->nthreads + 1, threads * KINDS);
		}
	}
	*out = p;
	return QV_OK;
}

/* The lane `key` of its class (the caller holds the lock), opened when missing; NULL when out of
 * memory. */
static lane *lane_of(qv__pool *p, const char *key, bool background)
{
	lane *l = p->lanes, *last = NULL;
	for (; l && (l->background != background || strncmp(l->key, key, sizeof l->key - 1) != 0);
	     l = l->next)
		last = l;
	if (l)
		return l;
	l = calloc(1, sizeof *l);
	if (!l)
		return NULL;
	snprintf(l->key, sizeof l->key, "%s", key);
	l->background = background;
	l->at = l->active = qv_mono();
	if (last)
		last->next = l;
	else
		p->lanes = l;
	return l;
}

/* Queues item at the end of lane `key` (a background one, or a game's), and wakes the workers
 * that may take it. */
static void push(qv__pool *p, void *item, const char *key, bool background, qv__pool_fn run,
                 qv__pool_fn drop)
{
	job *j = malloc(sizeof *j);
	pthread_mutex_lock(&p->lock);
	lane *l = j && !p->stopping ? lane_of(p, key, background) : NULL;
	if (!l) {
		pthread_mutex_unlock(&p->lock);
		free(j);
		(drop ? drop : p->drop)(p->ctx, item);
		return;
	}
	*j = (job){.item = item, .run = run, .drop = drop};
	if (l->tail)
		l->tail->next = j;
	else
		l->head = j;
	l->tail = j;
	l->queued++;
	p->queued++;
	QV_ASSERT(lanes_hold(p));
	if (background) {
		pthread_cond_signal(&p->ready[BACKGROUND]);
	} else {
		/* its weight may have changed with it: either kind may take it now */
		pthread_cond_signal(&p->ready[LIGHT]);
		pthread_cond_signal(&p->ready[HEAVY]);
	}
	pthread_mutex_unlock(&p->lock);
}

void qv__pool_push_lane(qv__pool *p, void *item, const char *key)
{
	push(p, item, key, false, NULL, NULL);
}

void qv__pool_push_job(qv__pool *p, void *item, const char *key, qv__pool_fn run, qv__pool_fn drop)
{
	push(p, item, key, false, run, drop);
}

void qv__pool_push_background(qv__pool *p, void *item, const char *key, qv__pool_fn run,
                              qv__pool_fn drop)
{
	push(p, item, key, true, run, drop);
}

void qv__pool_push_first(qv__pool *p, void *item)
{
	job *j = malloc(sizeof *j);
	pthread_mutex_lock(&p->lock);
	if (!j || p->stopping) {
		pthread_mutex_unlock(&p->lock);
		free(j);
		p->drop(p->ctx, item);
		return;
	}
	*j = (job){.item = item};
	if (p->first_tail)
		p->first_tail->next = j;
	else
		p->first = j;
	p->first_tail = j;
	p->queued++;
	QV_ASSERT(lanes_hold(p));
	pthread_cond_signal(&p->ready[LIGHT]);
	pthread_cond_signal(&p->ready[HEAVY]);
	pthread_mutex_unlock(&p->lock);
}

void qv__pool_push(qv__pool *p, void *item) { qv__pool_push_lane(p, item, ""); }

/* Drops every queued job, lane after lane (the workers have ended). */
static void drop_all(qv__pool *p)
{
	for (job *j = p->first, *n; j; j = n) {
		n = j->next;
		(j->drop ? j->drop : p->drop)(p->ctx, j->item);
		free(j);
	}
	p->first = p->first_tail = NULL;
	for (lane *l = p->lanes, *nl; l; l = nl) {
		nl = l->next;
		for (job *j = l->head, *n; j; j = n) {
			n = j->next;
			(j->drop ? j->drop : p->drop)(p->ctx, j->item);
			free(j);
		}
		free(l);
	}
	p->lanes = p->turn = NULL;
	p->queued = 0;
}

void qv__pool_stop(qv__pool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stopping = true;
	for (int k = 0; k < KINDS; k++)
		pthread_cond_broadcast(&p->ready[k]);
	pthread_mutex_unlock(&p->lock);
	for (int i = 0; i < p->nthreads; i++)
		pthread_join(p->workers[i].thread, NULL);
	QV_ASSERT(p->running == 0);
	drop_all(p);
	for (int k = 0; k < KINDS; k++)
		pthread_cond_destroy(&p->ready[k]);
	pthread_mutex_destroy(&p->lock);
	free(p->workers);
	free(p);
}

void qv__pool_load(qv__pool *p, int *waiting, int *running)
{
	pthread_mutex_lock(&p->lock);
	*waiting = p->queued; /* those pushed first among them */
	*running = p->running;
	pthread_mutex_unlock(&p->lock);
}
