/*
 * pace.c - the pace of an address's password requests (pace.h): each address's next free turn
 * in a table per address (addr.h), and the held requests in a list ordered by their turns.
 */
#include <math.h>
#include <stdlib.h>

#include "quiver/core.h"
#include "server/base/addr.h"
#include "server/net/pace.h"

typedef struct held {
	struct held *next;
	qv__req *r;
	double at;
} held;

struct qv__pace {
	qv__addr_counts *turns; /* per address: when its next request may go on at once */
	held *held;             /* ordered by `at`, soonest first */
};

qv__pace *qv__pace_new(void)
{
	qv__pace *p = calloc(1, sizeof *p);
	if (p && !(p->turns = qv__addr_counts_new())) {
		free(p);
		p = NULL;
	}
	return p;
}

void qv__pace_free(qv__pace *p)
{
	if (!p)
		return;
	QV_ASSERT(!p->held);
	qv__addr_counts_free(p->turns);
	free(p);
}

/* The generic cell rate algorithm: the address's requests are spaced QV__PACE_MS apart from
 * the later of now and its next free turn; one that would start more than QV__PACE_AHEAD turns
 * from now is refused, and its refusal takes no turn. */
double qv__pace_turn(qv__pace *p, const char *addr, double now, int *retry_s)
{
	double start = fmax(now, qv__addr_time(p->turns, addr));
	double over = start - now - QV__PACE_AHEAD * QV__PACE_MS;
	if (over > 0) {
		*retry_s = (int)ceil(over / 1000);
		return -1;
	}
	/* Out of memory: the request goes on at once, unpaced (the gate still bounds it). */
	return qv__addr_set_time(p->turns, addr, start + QV__PACE_MS) ? start : now;
}

bool qv__pace_hold(qv__pace *p, qv__req *r, double at)
{
	held *h = malloc(sizeof *h);
	if (!h)
		return false;
	*h = (held){.r = r, .at = at};
	/* Behind every request held for the same time or sooner: turns come in order. */
	held **q = &p->held;
	while (*q && (*q)->at <= at)
		q = &(*q)->next;
	h->next = *q;
	*q = h;
	return true;
}

qv__req *qv__pace_take(qv__pace *p, double now)
{
	held *h = p->held;
	if (!h || h->at > now)
		return NULL;
	p->held = h->next;
	qv__req *r = h->r;
	free(h);
	return r;
}

double qv__pace_next(const qv__pace *p, double now)
{
	return p->held ? fmax(0, p->held->at - now) : -1;
}

void qv__pace_sweep(qv__pace *p, double now) { qv__addr_forget_times(p->turns, now); }
