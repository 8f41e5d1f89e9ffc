/*
 * pool.c - worker threads over one first-in-first-out queue (a linked list under a mutex).
 */
#define _DEFAULT_SOURCE /* syscall */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "server/pool.h"

typedef struct job {
	void *item;
	struct job *next;
} job;

struct qv__pool {
	pthread_mutex_t lock;
	pthread_cond_t ready;
	job *head, *tail;
	bool stopping;
	int niceness;
	int nthreads;
	pthread_t *threads;
	qv__pool_fn run, drop;
	void *ctx;
};

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
		while (!p->head && !p->stopping)
			pthread_cond_wait(&p->ready, &p->lock);
		if (p->stopping)
			break;
		job *j = p->head;
		p->head = j->next;
		if (!p->head)
			p->tail = NULL;
		pthread_mutex_unlock(&p->lock);
		p->run(p->ctx, j->item);
		free(j);
		pthread_mutex_lock(&p->lock);
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
	for (; p->nthreads < threads; p->nthreads++)
		if (pthread_create(&t[p->nthreads], NULL, worker, p) != 0) {
			qv__pool_stop(p);
			return qv_fail(err, QV_ENOMEM, "cannot start worker thread %d of %d",
			               p->nthreads + 1, threads);
		}
	*out = p;
	return QV_OK;
}

void qv__pool_push(qv__pool *p, void *item)
{
	job *j = malloc(sizeof *j);
	pthread_mutex_lock(&p->lock);
	if (!j || p->stopping) {
		pthread_mutex_unlock(&p->lock);
		free(j);
		p->drop(p->ctx, item);
		return;
	}
	j->item = item;
	j->next = NULL;
	if (p->tail)
		p->tail->next = j;
	else
		p->head = j;
	p->tail = j;
	pthread_cond_signal(&p->ready);
	pthread_mutex_unlock(&p->lock);
}

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
	while (p->head) {
		job *j = p->head;
		p->head = j->next;
		p->drop(p->ctx, j->item);
		free(j);
	}
	pthread_cond_destroy(&p->ready);
	pthread_mutex_destroy(&p->lock);
	free(p->threads);
	free(p);
}
