/*
 * pace.c - the pace of an address's password requests, and of the writes of keys and sessions
 * (pace.h): each address's (or key's, or table's) next free turn in a table (addr.h), and the
 * held requests in a list ordered by their turns.
 */
#include <math.h>
#include <stdio.h>
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
	double period;          /* ms between two turns */
	int ahead;              /* turns ahead a request may wait for */
};

qv__pace *qv__pace_new(double period_ms, int ahead)
{
	qv__pace *p = calloc(1, sizeof *p);
	if (p && !(p->turns = qv__addr_counts_new())) {
		free(p);
		p = NULL;
	}
	if (p) {
		p->period = period_ms;
		p->ahead = ahead;
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

/* How far past the pace's allowance a turn of who's at `now` would start (ms; 0 or less: within
 * it), and that turn's start into *start. */
static double over(const qv__pace *p, const char *who, double now, double *start)
{
	*start = fmax(now, qv__addr_time(p->turns, who));
	return *start - now - p->ahead * p->period;
}

/* The generic cell rate algorithm: who's requests are spaced a period apart from the later of
 * now and its next free turn; one that would start more than `ahead` turns from now is
 * refused, and its refusal takes no turn. */
double qv__pace_turn(qv__pace *p, const char *who, double now, int *retry_s)
{
	double start, late = over(p, who, now, &start);
	if (late > 0) {
		*retry_s = (int)ceil(late / 1000);
		return -1;
	}
	/* Out of memory: the request goes on at once, unpaced (the gate still bounds it). */
	return qv__addr_set_time(p->turns, who, start + p->period) ? start : now;
}

int qv__pace_full(const qv__pace *p, const char *who, double now)
{
	double start, late = over(p, who, now, &start);
	return late > 0 ? (int)ceil(late / 1000) : 0;
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

/* The paces of the writes: per address, per browser, per table and per table and address (the
 * marks one person makes on another, QV__WRITE_*), then per address and per browser (puzzles'
 * attempts, QV__ATTEMPT_*). */
enum { W_ADDR, W_WHO, W_TABLE, W_OWN, A_ADDR, A_WHO, W_PACES };

struct qv__writes {
	qv__pace *p[W_PACES];
};

qv__writes *qv__writes_new(void)
{
	qv__writes *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->p[W_ADDR] = qv__pace_new(QV__WRITE_MS, QV__WRITE_AHEAD);
	w->p[W_WHO] = qv__pace_new(QV__WRITE_MS, QV__WRITE_AHEAD);
	w->p[W_TABLE] = qv__pace_new(QV__WRITE_TABLE_MS, QV__WRITE_TABLE_AHEAD);
	w->p[W_OWN] = qv__pace_new(QV__WRITE_OWN_MS, QV__WRITE_OWN_AHEAD);
	w->p[A_ADDR] = qv__pace_new(QV__ATTEMPT_MS, QV__ATTEMPT_AHEAD);
	w->p[A_WHO] = qv__pace_new(QV__ATTEMPT_MS, QV__ATTEMPT_AHEAD);
	for (int i = 0; i < W_PACES; i++)
		if (!w->p[i]) {
			qv__writes_free(w);
			return NULL;
		}
	return w;
}

void qv__writes_free(qv__writes *w)
{
	if (!w)
		return;
	for (int i = 0; i < W_PACES; i++)
		qv__pace_free(w->p[i]);
	free(w);
}

void qv__writes_sweep(qv__writes *w, double now)
{
	for (int i = 0; i < W_PACES; i++)
		qv__pace_sweep(w->p[i], now);
}

/* The sentence of a write refused by pace i (what: whose turns ran out), `wait` s to wait. */
static void refusal(int i, const char *what, int wait, char *msg, size_t len)
{
	if (i >= A_ADDR)
		snprintf(msg, len,
		         "too many puzzle attempts %s: %d go on at once, then one every %d s; try "
		         "again in %d s",
		         what, QV__ATTEMPT_AHEAD + 1, QV__ATTEMPT_MS / 1000, wait);
	else
		snprintf(
		    msg, len,
		    "too many mutes, reports, blocks, follows, challenges and tournament changes %s: %d go on at "
		    "once, then one a minute (at a table, %d, then one every %d s, and %d more "
		    "from each address, then one every %d minutes); try again in %d s",
		    what, QV__WRITE_AHEAD + 1, QV__WRITE_TABLE_AHEAD + 1, QV__WRITE_TABLE_MS / 1000,
		    QV__WRITE_OWN_AHEAD + 1, QV__WRITE_OWN_MS / 60000, wait);
}

/* Each pace is looked at before any takes a turn, so that a refusal takes none. At a table
 * whose shared allowance is spent, the address's own there is taken instead: its key is the
 * address whole (24 characters at most: addr.h) and the table's id as far as fits (22
 * characters at least, past its 16 random digits), so no address ever spends another's. */
int qv__writes_turn(qv__writes *w, bool attempt, const char *addr, const char *who,
                    const char *table, double now, char *msg, size_t len)
{
	char own[QV__ADDR_TEXT] = "";
	if (!attempt && table[0])
		snprintf(own, sizeof own, "%s %s", addr, table);
	const char *const keys[W_PACES] = {attempt ? "" : addr,  attempt ? "" : who,
	                                   attempt ? "" : table, own,
	                                   attempt ? addr : "",  attempt ? who : ""};
	static const char *const what[W_PACES] = {
	    "from your address", "from your browser (its player key or session)",
	    "at this table",     "at this table",
	    "from your address", "from your browser (its player key or session)"};
	int wait[W_PACES] = {0};
	for (int i = 0; i < W_PACES; i++)
		wait[i] = keys[i][0] ? qv__pace_full(w->p[i], keys[i], now) : 0;
	/* the table's bound is met only when the address's own there is spent too */
	if (wait[W_TABLE] && !wait[W_OWN])
		wait[W_TABLE] = 0;
	else if (wait[W_TABLE])
		wait[W_TABLE] = wait[W_TABLE] < wait[W_OWN] ? wait[W_TABLE] : wait[W_OWN];
	wait[W_OWN] = 0; /* spent alone, the table's shared allowance is taken */
	for (int i = 0; i < W_PACES; i++)
		if (wait[i]) {
			refusal(i, what[i], wait[i], msg, len);
			return wait[i];
		}
	int retry;
	bool shared = keys[W_TABLE][0] && !qv__pace_full(w->p[W_TABLE], table, now);
	for (int i = 0; i < W_PACES; i++)
		if (keys[i][0] && ((i != W_TABLE && i != W_OWN) || (i == W_TABLE) == shared))
			qv__pace_turn(w->p[i], keys[i], now, &retry);
	return 0;
}
