/*
 * deadline.c - one deadline for a request's operations on the store (store.h): a request sets
 * it, the drivers take their connections by it. A file of its own, below both the store's body
 * (ops.c) and the drivers, which it calls neither.
 */
#include "core/clock.h"
#include "server/store/backend.h"
#include "server/store/store.h"

/* The deadline of the request the calling thread runs (qv_mono seconds), 0 when none. */
static _Thread_local double request_until;

void qv__store_request_begin(const qv__store *s, double since)
{
	double now = qv_mono();
	request_until = s ? (since > 0 && since < now ? since : now) + s->timeout_ms / 1000.0 : 0;
}

void qv__store_request_end(void) { request_until = 0; }

double qv__store_until(const qv__store *s)
{
	double until = qv_mono() + s->timeout_ms / 1000.0;
	return request_until > 0 && request_until < until ? request_until : until;
}
