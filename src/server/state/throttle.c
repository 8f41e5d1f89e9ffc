/*
 * throttle.c - failures to sign in counted per key, and the waits they cost (throttle.h).
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "quiver/core.h"
#include "server/state/throttle.h"

/* A day without a failure forgets a key's count. */
#define FORGET 86400

typedef struct slot {
	char key[QV__THROTTLE_KEY];
	int fails;   /* in a row */
	double last; /* epoch s of the last failure; 0: a free slot */
} slot;

struct qv__throttle {
	pthread_mutex_t lock;
	slot slots[QV__THROTTLE_SLOTS];
};

qv__throttle *qv__throttle_new(void)
{
	qv__throttle *t = calloc(1, sizeof *t);
	if (t)
		pthread_mutex_init(&t->lock, NULL);
	return t;
}

void qv__throttle_free(qv__throttle *t)
{
	if (!t)
		return;
	pthread_mutex_destroy(&t->lock);
	free(t);
}

/* The slot of key, or NULL (the caller holds the lock). */
static slot *find(qv__throttle *t, const char *key)
{
	char k[QV__THROTTLE_KEY];
	qv_copy(k, sizeof k, key);
	for (int i = 0; i < QV__THROTTLE_SLOTS; i++)
		if (t->slots[i].last > 0 && strcmp(t->slots[i].key, k) == 0)
			return &t->slots[i];
	return NULL;
}

/* When the slot's wait ends (epoch s). */
static double wait_end(const slot *s)
{
	if (s->fails < QV__THROTTLE_FREE)
		return 0;
	double wait = pow(2, s->fails - QV__THROTTLE_FREE);
	return s->last + (wait > QV__THROTTLE_CAP ? QV__THROTTLE_CAP : wait);
}

double qv__throttle_wait(qv__throttle *t, const char *key, double now)
{
	pthread_mutex_lock(&t->lock);
	slot *s = find(t, key);
	double left = 0;
	if (s && now - s->last < FORGET && wait_end(s) > now)
		left = wait_end(s) - now;
	pthread_mutex_unlock(&t->lock);
	return left;
}

/* The slot a new key takes when none is free (the lock held): the least recent of those whose
 * wait is over, so that a flood of new keys (random usernames) pushes out its own and never a
 * key that must still wait; when every key must wait, the least recent of all. */
static slot *evictee(qv__throttle *t, double now)
{
	slot *best = NULL, *oldest = &t->slots[0];
	for (int i = 0; i < QV__THROTTLE_SLOTS; i++) {
		slot *s = &t->slots[i];
		if (s->last <= 0)
			return s;
		if (s->last < oldest->last)
			oldest = s;
		if (wait_end(s) <= now && (!best || s->last < best->last))
			best = s;
	}
	return best ? best : oldest;
}

void qv__throttle_fail(qv__throttle *t, const char *key, double now)
{
	pthread_mutex_lock(&t->lock);
	slot *s = find(t, key);
	if (!s) {
		s = evictee(t, now);
		qv_copy(s->key, sizeof s->key, key);
		s->fails = 0;
	} else if (now - s->last >= FORGET) {
		s->fails = 0;
	}
	s->fails++;
	s->last = now;
	pthread_mutex_unlock(&t->lock);
}

void qv__throttle_reset(qv__throttle *t, const char *key)
{
	pthread_mutex_lock(&t->lock);
	slot *s = find(t, key);
	if (s)
		*s = (slot){0};
	pthread_mutex_unlock(&t->lock);
}

void qv__throttle_undo(qv__throttle *t, const char *key)
{
	pthread_mutex_lock(&t->lock);
	slot *s = find(t, key);
	if (s && s->fails > 0)
		s->fails--;
	pthread_mutex_unlock(&t->lock);
}
