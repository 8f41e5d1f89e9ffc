/*
 * mutex.h - a mutex that knows which thread holds it, so that a function which relies on its
 * caller holding a lock (every function named *_locked: the table's, a connection's, the
 * request workers', the registry's...) asserts it where it relies on it, as SQLite's
 * sqlite3_mutex_held asserts are. The check is on in every build, the Release build the tests
 * run included: a lock not held is a race that a test run does not show twice, and the check
 * costs an atomic store at each lock and unlock and a load at each check
 * (docs/history/benchmarks-8.md, "The table as a value, and lock-owner checks in every
 * build").
 *
 * Here, in the games' layer, because core uses the C library's ISO headers only and the games'
 * variant registry (variant.c) is the first lock of the layers above it. A thread is known by
 * the address of a thread-local byte of its own (qv__thread_tag). A condition variable waits
 * through qv__mutex_wait / qv__mutex_timedwait, which give the mutex up and take it back as
 * pthread_cond_wait does, owner included.
 */
#ifndef QUIVER_GAMES_MUTEX_H
#define QUIVER_GAMES_MUTEX_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

typedef struct qv__mutex {
	pthread_mutex_t mu;
	atomic_uintptr_t holder; /* the holding thread's tag, 0: none */
} qv__mutex;

/* A static mutex's initializer. */
#define QV__MUTEX_INIT                                                                             \
	{                                                                                          \
		PTHREAD_MUTEX_INITIALIZER, 0                                                       \
	}

void qv__mutex_init(qv__mutex *m);
void qv__mutex_destroy(qv__mutex *m);
void qv__mutex_lock(qv__mutex *m);
/* pthread_mutex_trylock: true when it took the lock. */
bool qv__mutex_trylock(qv__mutex *m);
void qv__mutex_unlock(qv__mutex *m);
/* The calling thread's tag: the address of its own copy of this byte. */
extern _Thread_local char qv__thread_tag;

/* Whether the calling thread holds m (inline: every *_locked function asks). Relaxed is
 * enough: only the holder itself ever reads its own tag there, and another thread reads 0 or
 * another's tag, never its own. */
static inline bool qv__mutex_held(const qv__mutex *m)
{
	return atomic_load_explicit(&m->holder, memory_order_relaxed) == (uintptr_t)&qv__thread_tag;
}
/* pthread_cond_wait and pthread_cond_timedwait on m (held by the caller). */
int qv__mutex_wait(pthread_cond_t *cv, qv__mutex *m);
int qv__mutex_timedwait(pthread_cond_t *cv, qv__mutex *m, const struct timespec *until);

/* Around a wait of pthread's own on m->mu (pthread_cond_clockwait): m is given up before it
 * and held again after it. */
void qv__mutex_waiting(qv__mutex *m);
void qv__mutex_woken(qv__mutex *m);

/* Aborts, naming the check, file and line ("invariant broken: ...", as QV_ASSERT does). */
void qv__held_fail(const char *cond, const char *file, int line) __attribute__((noreturn));

/* The lock-owner check of a *_locked function, in every build. */
#define QV__HELD(cond) ((cond) ? (void)0 : qv__held_fail(#cond, __FILE__, __LINE__))

#endif
