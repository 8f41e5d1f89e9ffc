/*
 * pool.c - worker threads over queues in lanes: each lane is first in, first out, and the
 * workers take from the lanes in turn (round robin), so that one lane with many jobs delays
 * another lane's job by one job at most per worker. Jobs pushed first (quick ones) are taken
 * before any lane's. All under one mutex.
 */
#define _DEFAULT_SOURCE /* syscall */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "server/state/pool.h"

typedef struct job {
	void *item;
	qv__pool_fn run, drop; /* NULL: the pool's own (qv__pool_push_job sets others) */
	struct job *next;
} job;

/* A lane with queued jobs; lanes without jobs are freed. */
typedef struct lane {
	char key[QV__LANE_KEY];
	job *head, *tail;
	struct lane *next;
} lane;

struct qv__pool {
	pthread_mutex_t lock;
	pthread_cond_t ready;
	lane *lanes;             /* in the order they were opened */
	lane *turn;              /* the lane served next, NULL: the first */
	job *first, *first_tail; /* jobs taken before any lane's (qv__pool_push_first) */
	bool stopping;
	int queued;  /* jobs in the lanes */
	int running; /* jobs taken and not finished */
	int niceness;
	int size;     /* threads asked for */
	int nthreads; /* threads started */
	pthread_t *threads;
	qv__pool_fn run, drop;
	void *ctx;
};

#ifdef QV_CHECKS
/* The lanes' invariants (the caller holds the lock): every lane holds a job and ends at its
 * tail, the jobs number `queued` (with those pushed first), and the turn is NULL or one of the
 * lanes. */
static bool lanes_hold(const qv__pool *p)
{
	int jobs = 0;
	for (const job *j = p->first; j; j = j->next)
		jobs++;
	if ((p->first == NULL) != (p->first_tail == NULL))
		return false;
	bool turn_found = p->turn == NULL;
	for (const lane *l = p->lanes; l; l = l->next) {
		if (!l->head || !l->tail || l->tail->next)
			return false;
		for (const job *j = l->head; j; j = j->next)
			jobs++;
		turn_found = turn_found || l == p->turn;
	}
	return jobs == p->queued && turn_found;
}
#endif

/* Takes the next job in round robin over the lanes (the caller holds the lock); NULL when
 * none is queued. */
static job *take(qv__pool *p)
{
	QV_ASSERT(lanes_hold(p));
	if (p->first) {
		job *j = p->first;
		p->first = j->next;
		if (!p->first)
			p->first_tail = NULL;
		p->queued--;
		return j;
	}
	lane *l = p->turn ? p->turn : p->lanes;
	if (!l) {
		QV_ASSERT(p->queued == 0);
		return NULL;
	}
	job *j = l->head;
	QV_ASSERT(j && p->queued > 0);
	l->head = j->next;
	if (!l->head)
		l->tail = NULL;
	p->turn = l->next;
	p->queued--;
	if (!l->head) {
		lane **at = &p->lanes;
		while (*at != l)
			at = &(*at)->next;
		*at = l->next;
		free(l);
	}
	QV_ASSERT(lanes_hold(p));
	return j;
}

/* Takes jobs until the pool stops. */
static void *worker(void *arg)
{
	qv__pool *p = arg;
	/* Linux keeps a nice value per thread (and new threads inherit it); failing to lower it
	 * is harmless. */
	if (p->niceness > 0)
		setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), p->niceness);
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (!p->lanes && !p->first && !p->stopping)
			pthread_cond_wait(&p->ready, &p->lock);
		if (p->stopping)
			break;
		job *j = take(p);
		QV_ASSERT(j); /* lanes or first jobs are there, so a job is */
		p->running++;
		QV_ASSERT(p->running <= p->size);
		pthread_mutex_unlock(&p->lock);
		(j->run ? j->run : p->run)(p->ctx, j->item);
		free(j);
		pthread_mutex_lock(&p->lock);
		QV_ASSERT(p->running > 0);
		p->running--;
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

qv_status qv__pool_new(qv__pool **out, int threads, int niceness, qv__pool_fn run, qv__pool_fn drop,
                       void *ctx, qv_err *err)
{
	*out = NULL;
	qv__pool *p = calloc(1, sizeof *p);
	pthread_t *t = calloc((size_t)threads, sizeof *t);
	if (!p || !t) {
		free(p);
		free(t);
		return qv_fail(err, QV_ENOMEM, "out of memory starting the worker threads");
	}
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->ready, NULL);
	p->niceness = niceness;
	p->run = run;
	p->drop = drop;
	p->ctx = ctx;
	p->threads = t;
	p->size = threads;
	for (; p->nthreads < threads; p->nthreads++)
		if (pthread_create(&t[p->nthreads], NULL, worker, p) != 0) {
			qv__pool_stop(p);
			return qv_fail(err, QV_ENOMEM, "cannot start worker thread %d of %d",
			               p->nthreads + 1, threads);
		}
	*out = p;
	return QV_OK;
}

void qv__pool_push_lane(qv__pool *p, void *item, const char *key)
{
	qv__pool_push_job(p, item, key, NULL, NULL);
}

void qv__pool_push_job(qv__pool *p, void *item, const char *key, qv__pool_fn run, qv__pool_fn drop)
{
	job *j = malloc(sizeof *j);
	pthread_mutex_lock(&p->lock);
	lane *l = p->lanes, *last = NULL;
	for (; l && strncmp(l->key, key, sizeof l->key - 1) != 0; l = l->next)
		last = l;
	if (j && !l && !p->stopping) {
		l = calloc(1, sizeof *l);
		if (l) {
			snprintf(l->key, sizeof l->key, "%s", key);
			if (last)
				last->next = l;
			else
				p->lanes = l;
		}
	}
	if (!j || !l || p->stopping) {
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
	p->queued++;
	QV_ASSERT(lanes_hold(p));
	pthread_cond_signal(&p->ready);
	pthread_mutex_unlock(&p->lock);
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
	pthread_cond_signal(&p->ready);
	pthread_mutex_unlock(&p->lock);
}

void qv__pool_push(qv__pool *p, void *item) { qv__pool_push_lane(p, item, ""); }

void qv__pool_stop(qv__pool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stopping = true;
	pthread_cond_broadcast(&p->ready);
	pthread_mutex_unlock(&p->lock);
	for (int i = 0; i < p->nthreads; i++)
		pthread_join(p->threads[i], NULL);
	QV_ASSERT(p->running == 0);
	job *j;
	while ((j = take(p)) != NULL) {
		(j->drop ? j->drop : p->drop)(p->ctx, j->item);
		free(j);
	}
	QV_ASSERT(p->queued == 0 && !p->lanes && !p->first);
	pthread_cond_destroy(&p->ready);
	pthread_mutex_destroy(&p->lock);
	free(p->threads);
	free(p);
}

void qv__pool_load(qv__pool *p, int *waiting, int *running)
{
	pthread_mutex_lock(&p->lock);
	*waiting = p->queued; /* those pushed first among them */
	*running = p->running;
	pthread_mutex_unlock(&p->lock);
}
