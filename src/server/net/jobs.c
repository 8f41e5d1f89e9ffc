/*
 * jobs.c - the request workers (jobs.h): a queue of jobs under one lock, and threads started
 * when a job finds none idle, ended after IDLE_S seconds without work.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "core/clock.h"
#include "quiver/core.h"
#include "server/net/jobs.h"

/* A worker with nothing to do for this long ends (the last one stays). */
#define IDLE_S 30

typedef struct job {
	struct job *next;
	void (*fn)(void *arg);
	void *arg;
} job;

struct qv__jobs {
	pthread_mutex_t lock;
	pthread_cond_t work; /* a job was queued, or the pool stops */
	pthread_cond_t gone; /* a worker ended */
	job *head, *tail;
	int queued; /* jobs in the queue */
	int threads, idle;
	bool stopping;
};

/* Takes the next job, waiting up to IDLE_S; NULL when the worker is to end. Under j->lock. */
static job *next_locked(qv__jobs *j)
{
	for (;;) {
		if (j->head) {
			job *jb = j->head;
			j->head = jb->next;
			if (!j->head)
				j->tail = NULL;
			j->queued--;
			return jb;
		}
		if (j->stopping)
			return NULL;
		struct timespec until = qv_deadline(false, IDLE_S);
		j->idle++;
		int rc = pthread_cond_timedwait(&j->work, &j->lock, &until);
		j->idle--;
		if (rc == ETIMEDOUT && !j->head && j->threads > 1)
			return NULL;
	}
}

static void *worker(void *arg)
{
	qv__jobs *j = arg;
	pthread_mutex_lock(&j->lock);
	for (job *jb; (jb = next_locked(j)) != NULL;) {
		pthread_mutex_unlock(&j->lock);
		jb->fn(jb->arg);
		free(jb);
		pthread_mutex_lock(&j->lock);
	}
	j->threads--;
	pthread_cond_broadcast(&j->gone);
	pthread_mutex_unlock(&j->lock);
	return NULL;
}

qv__jobs *qv__jobs_new(void)
{
	qv__jobs *j = calloc(1, sizeof *j);
	if (!j)
		return NULL;
	pthread_mutex_init(&j->lock, NULL);
	pthread_cond_init(&j->work, NULL);
	pthread_cond_init(&j->gone, NULL);
	return j;
}

/* Starts a worker; the caller holds j->lock. False when no thread could be made. */
static bool start_locked(qv__jobs *j)
{
	pthread_attr_t attr;
	pthread_t t;
	if (pthread_attr_init(&attr) != 0)
		return false;
	pthread_attr_setstacksize(&attr, QV__JOB_STACK);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	bool ok = pthread_create(&t, &attr, worker, j) == 0;
	pthread_attr_destroy(&attr);
	if (ok)
		j->threads++;
	return ok;
}

bool qv__jobs_submit(qv__jobs *j, void (*fn)(void *arg), void *arg)
{
	job *jb = malloc(sizeof *jb);
	if (!jb)
		return false;
	*jb = (job){NULL, fn, arg};
	pthread_mutex_lock(&j->lock);
	if (j->stopping) {
		pthread_mutex_unlock(&j->lock);
		free(jb);
		return false;
	}
	if (j->tail)
		j->tail->next = jb;
	else
		j->head = jb;
	j->tail = jb;
	j->queued++;
	/* A worker for each job queued: an idle one, or a new one while there is room; past the
	 * bound a job waits for the first worker free. Without any worker it could never run. */
	bool ok = true;
	if (j->queued > j->idle && j->threads < QV__JOBS_MAX && !start_locked(j) && j->threads == 0)
		ok = false;
	if (!ok) {
		j->head = j->tail =
		    NULL; /* alone in the queue: a job queued without workers fails */
		j->queued = 0;
		free(jb);
	}
	pthread_cond_signal(&j->work);
	pthread_mutex_unlock(&j->lock);
	return ok;
}

void qv__jobs_free(qv__jobs *j)
{
	if (!j)
		return;
	pthread_mutex_lock(&j->lock);
	j->stopping = true;
	pthread_cond_broadcast(&j->work);
	while (j->threads > 0)
		pthread_cond_wait(&j->gone, &j->lock);
	QV_ASSERT(!j->head); /* the last workers ran what was queued before they ended */
	pthread_mutex_unlock(&j->lock);
	pthread_cond_destroy(&j->work);
	pthread_cond_destroy(&j->gone);
	pthread_mutex_destroy(&j->lock);
	free(j);
}
