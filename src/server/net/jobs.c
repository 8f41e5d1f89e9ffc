/*
 * jobs.c - the request workers (jobs.h): a queue of jobs under one lock, and threads started
 * when a job finds none idle, ended after IDLE_S seconds without work; an idle worker waits on
 * a semaphore of its own, posted by the job that takes it.
 */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include <time.h>

#include "core/clock.h"
#include "games/mutex.h"
#include "quiver/core.h"
#include "server/net/jobs.h"

/* A worker with nothing to do for this long ends (the last one stays). */
#define IDLE_S 30

typedef struct job {
	struct job *next;
	void (*fn)(void *arg);
	void *arg;
	double queued; /* qv_mono() when it was submitted */
} job;

/* What the calling worker runs came when (jobs.h): its job's queued time, or what the job set. */
static _Thread_local double since;

double qv__jobs_since(void) { return since; }

void qv__jobs_set_since(double at) { since = at; }

/* An idle worker, on the pool's list while it waits, woken by its own semaphore: a job
 * handed to it wakes it alone, and it does not wake to find the pool's lock taken (as a
 * condition variable signalled under that lock would have it). */
typedef struct sleeper {
	struct sleeper *next;
	sem_t sem;
} sleeper;

struct qv__jobs {
	qv__mutex lock;
	pthread_cond_t gone; /* a worker ended */
	job *head, *tail;
	sleeper *idle; /* the workers waiting for a job, none of them woken yet */
	int threads;
	bool stopping;
};

/* Takes s off the idle list; false when it was not on it (a job's submitter or the pool's
 * stop took it off, and posts or posted its semaphore). Under j->lock. */
static bool unlist_locked(qv__jobs *j, sleeper *s)
{
	QV__HELD(qv__mutex_held(&j->lock));
	for (sleeper **p = &j->idle; *p; p = &(*p)->next)
		if (*p == s) {
			*p = s->next;
			return true;
		}
	return false;
}

/* Waits on the idle list until woken, or up to IDLE_S; false when the worker is to end (it
 * waited that long, no job came, and it is not the last). Under j->lock, released meanwhile. */
static bool idle_locked(qv__jobs *j, sleeper *me)
{
	QV__HELD(qv__mutex_held(&j->lock));
	me->next = j->idle;
	j->idle = me;
	qv__mutex_unlock(&j->lock);
	struct timespec until = qv_deadline(false, IDLE_S);
	int rc;
	while ((rc = sem_timedwait(&me->sem, &until)) != 0 && errno == EINTR)
		;
	qv__mutex_lock(&j->lock);
	if (rc == 0)
		return true;
	if (!unlist_locked(j, me)) {
		/* woken as the time ran out: the post is taken, so none is left for later */
		qv__mutex_unlock(&j->lock);
		while (sem_wait(&me->sem) != 0 && errno == EINTR)
			;
		qv__mutex_lock(&j->lock);
		return true;
	}
	return j->head || j->threads == 1;
}

static void *worker(void *arg)
{
	qv__jobs *j = arg;
	sleeper me = {.next = NULL};
	sem_init(&me.sem, 0, 0);
	qv__mutex_lock(&j->lock);
	for (;;) {
		if (j->head) {
			job *jb = j->head;
			j->head = jb->next;
			if (!j->head)
				j->tail = NULL;
			qv__mutex_unlock(&j->lock);
			since = jb->queued;
			jb->fn(jb->arg);
			since = 0;
			free(jb);
			qv__mutex_lock(&j->lock);
			continue;
		}
		if (j->stopping || !idle_locked(j, &me))
			break;
	}
	j->threads--;
	pthread_cond_broadcast(&j->gone);
	qv__mutex_unlock(&j->lock);
	sem_destroy(&me.sem);
	return NULL;
}

qv__jobs *qv__jobs_new(void)
{
	qv__jobs *j = calloc(1, sizeof *j);
	if (!j)
		return NULL;
	qv__mutex_init(&j->lock);
	pthread_cond_init(&j->gone, NULL);
	return j;
}

/* Starts a worker; the caller holds j->lock. False when no thread could be made. */
static bool start_locked(qv__jobs *j)
{
	QV__HELD(qv__mutex_held(&j->lock));
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
	*jb = (job){NULL, fn, arg, qv_mono()};
	qv__mutex_lock(&j->lock);
	if (j->stopping) {
		qv__mutex_unlock(&j->lock);
		free(jb);
		return false;
	}
	if (j->tail)
		j->tail->next = jb;
	else
		j->head = jb;
	j->tail = jb;
	/* An idle worker for the job, or a new one while there is room; past the bound a job
	 * waits for the first worker free. Without any worker it could never run. */
	sleeper *wake = j->idle;
	bool ok = true;
	if (wake)
		j->idle = wake->next;
	else if (j->threads < QV__JOBS_MAX && !start_locked(j) && j->threads == 0)
		ok = false;
	if (!ok) {
		j->head = j->tail =
		    NULL; /* alone in the queue: a job queued without workers fails */
		free(jb);
	}
	qv__mutex_unlock(&j->lock);
	/* After the unlock: the worker woken does not wait for the lock at once. */
	if (wake)
		sem_post(&wake->sem);
	return ok;
}

void qv__jobs_free(qv__jobs *j)
{
	if (!j)
		return;
	qv__mutex_lock(&j->lock);
	j->stopping = true;
	for (sleeper *w = j->idle, *n; w; w = n) {
		n = w->next;
		sem_post(&w->sem); /* under the lock: the worker cannot end before this */
	}
	j->idle = NULL;
	while (j->threads > 0)
		qv__mutex_wait(&j->gone, &j->lock);
	QV_ASSERT(!j->head); /* the last workers ran what was queued before they ended */
	qv__mutex_unlock(&j->lock);
	pthread_cond_destroy(&j->gone);
	qv__mutex_destroy(&j->lock);
	free(j);
}
