/*
 * mutex.c - a mutex that knows which thread holds it (mutex.h): the lock-owner checks of every
 * *_locked function.
 */
#include <stdio.h>
#include <stdlib.h>

#include "games/mutex.h"

_Thread_local char qv__thread_tag;

static uintptr_t me(void) { return (uintptr_t)&qv__thread_tag; }

void qv__mutex_init(qv__mutex *m)
{
	pthread_mutex_init(&m->mu, NULL);
	atomic_init(&m->holder, 0);
}

void qv__mutex_destroy(qv__mutex *m) { pthread_mutex_destroy(&m->mu); }

void qv__mutex_lock(qv__mutex *m)
{
	pthread_mutex_lock(&m->mu);
	atomic_store_explicit(&m->holder, me(), memory_order_relaxed);
}

bool qv__mutex_trylock(qv__mutex *m)
{
	if (pthread_mutex_trylock(&m->mu))
		return false;
	atomic_store_explicit(&m->holder, me(), memory_order_relaxed);
	return true;
}

void qv__mutex_unlock(qv__mutex *m)
{
	QV__HELD(qv__mutex_held(m));
	atomic_store_explicit(&m->holder, 0, memory_order_relaxed);
	pthread_mutex_unlock(&m->mu);
}

int qv__mutex_wait(pthread_cond_t *cv, qv__mutex *m)
{
	QV__HELD(qv__mutex_held(m));
	atomic_store_explicit(&m->holder, 0, memory_order_relaxed);
	int rc = pthread_cond_wait(cv, &m->mu);
	atomic_store_explicit(&m->holder, me(), memory_order_relaxed);
	return rc;
}

int qv__mutex_timedwait(pthread_cond_t *cv, qv__mutex *m, const struct timespec *until)
{
	QV__HELD(qv__mutex_held(m));
	atomic_store_explicit(&m->holder, 0, memory_order_relaxed);
	int rc = pthread_cond_timedwait(cv, &m->mu, until);
	atomic_store_explicit(&m->holder, me(), memory_order_relaxed);
	return rc;
}

void qv__mutex_waiting(qv__mutex *m)
{
	QV__HELD(qv__mutex_held(m));
	atomic_store_explicit(&m->holder, 0, memory_order_relaxed);
}

void qv__mutex_woken(qv__mutex *m)
{
	atomic_store_explicit(&m->holder, me(), memory_order_relaxed);
}

void qv__held_fail(const char *cond, const char *file, int line)
{
	fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, cond);
	abort();
}
