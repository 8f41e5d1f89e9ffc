/*
 * walk.c - going over a match's past. The history starts from `base`, the state right after
 * init or load, and the current state is always base with the history applied: a match keeps
 * no copy of the state per move, which keeps it small, and rebuilds any earlier position by
 * replaying the entries before it.
 *
 * Everything that goes over the past (logs, takebacks, agents told the new moves, the server's
 * step-by-step replay, a quiet match's notation) goes through one walk, which starts from the
 * nearest of a few positions where walks ended (marks) rather than from base: a caller that
 * walks each time from where it stopped costs the new entries only. A match's copy reads the
 * same marks until either keeps one (copy on write), so that a copy made for a change copies
 * none of them.
 */
#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "engine/match/walk.h"
#include "quiver/agent.h"

/* Mark k's state. */
static void *mark(const qv_match *m, int k) { return (char *)m->marks + k * m->game->state_size; }

/* The marks' memory: a count of the matches that read it, then the slots (m->marks points at
 * the first), aligned as malloc aligns. */
typedef struct marks_head {
	alignas(max_align_t) atomic_int readers;
} marks_head;

static marks_head *head_of(void *marks) { return (marks_head *)marks - 1; }

/* New memory for m's marks, read by m alone; NULL when out of memory. */
static void *marks_new(const qv_match *m)
{
	marks_head *h = malloc(sizeof *h + QV_MATCH_MARKS * m->game->state_size);
	if (!h)
		return NULL;
	atomic_init(&h->readers, 1);
	return h + 1;
}

/* One reader fewer of the marks' memory (NULL: none), freed with the last. */
static void release(void *marks)
{
	if (marks &&
	    atomic_fetch_sub_explicit(&head_of(marks)->readers, 1, memory_order_acq_rel) == 1)
		free(head_of(marks));
}

void qv__marks_drop(qv_match *m)
{
	release(m->marks);
	m->marks = NULL;
	qv__match_forget_marks(m, -1);
}

void qv__marks_share(qv_match *m, const qv_match *src)
{
	if (m->marks == src->marks)
		return;
	release(m->marks);
	if (src->marks)
		atomic_fetch_add_explicit(&head_of(src->marks)->readers, 1, memory_order_relaxed);
	m->marks = src->marks;
	memcpy(m->mark_at, src->mark_at, sizeof m->mark_at);
}

/* Makes m's marks its own to write: memory for them made with the first, a copy of the slots
 * it reads when another match reads them too. false when out of memory. */
static bool marks_own(qv_match *m)
{
	if (m->marks &&
	    atomic_load_explicit(&head_of(m->marks)->readers, memory_order_acquire) == 1)
		return true;
	void *own = marks_new(m);
	if (!own)
		return false;
	for (int k = 0; m->marks && k < QV_MATCH_MARKS; k++)
		if (m->mark_at[k] >= 0)
			memcpy((char *)own + k * m->game->state_size, mark(m, k),
			       m->game->state_size);
	release(m->marks);
	m->marks = own;
	return true;
}

/* Rebuilds into st the state before entry n (n <= nhist) from the nearest mark at or before n,
 * else from base; returns the mark used, or -1 for base. Every entry was checked when it was
 * played, so the replay trusts them. st may be the current state: nothing reads it. */
int qv__match_position_at(const qv_match *m, int n, void *st)
{
	QV_ASSERT(n >= 0 && n <= m->nhist);
	int best = -1, at = 0;
	for (int k = 0; k < QV_MATCH_MARKS; k++)
		if (m->mark_at[k] > at && m->mark_at[k] <= n) {
			best = k;
			at = m->mark_at[k];
		}
	memcpy(st, best >= 0 ? mark(m, best) : m->base, m->game->state_size);
	for (int i = at; i < n; i++)
		m->game->apply(st, m->hist[i].action, NULL);
	return best;
}

/* The calling thread's state to walk with, kept for the thread's life (freed when it ends) and
 * grown to the largest state it walked: a walk made a state of its own each time, and a state
 * of more than a kilobyte (Arrow Party's is 1,712 bytes) makes glibc's malloc gather every
 * small block freed since (malloc_consolidate), some 60,000 instructions a walk, six walks an
 * act at a table of five (docs/history/benchmarks-7.md, "The memory of an idle table, again"). A
 * walk made during another (a step that walks) takes a state of its own. */
static _Thread_local char *walk_state;
static _Thread_local size_t walk_room;
static _Thread_local bool walk_busy;
static pthread_key_t walk_key;
static pthread_once_t walk_once = PTHREAD_ONCE_INIT;
static bool walk_keyed;

static void make_walk_key(void) { walk_keyed = pthread_key_create(&walk_key, free) == 0; }

/* A state of size bytes for a walk: the thread's (*mine set) or, when it is in use or cannot
 * grow, one of its own; NULL when out of memory. */
static void *state_take(size_t size, bool *mine)
{
	*mine = false;
	if (walk_busy)
		return malloc(size);
	if (size > walk_room) {
		pthread_once(&walk_once, make_walk_key);
		char *st = walk_keyed ? malloc(size) : NULL;
		if (!st || pthread_setspecific(walk_key, st) != 0) {
			free(st);
			return malloc(size);
		}
		free(walk_state);
		walk_state = st;
		walk_room = size;
	}
	walk_busy = *mine = true;
	return walk_state;
}

/* Gives back a state of state_take. */
static void state_give(void *st, bool mine)
{
	if (mine)
		walk_busy = false;
	else
		free(st);
}

/* Keeps st, the state before entry n, as a mark (in a free slot or the least recently used
 * one), unless one is kept there already. Base serves entry 0; without memory for the marks
 * nothing is kept, and walks start further back. */
static void keep_mark(qv_match *m, int n, const void *st)
{
	if (n <= 0)
		return;
	int slot = 0;
	for (int k = 0; k < QV_MATCH_MARKS; k++) {
		if (m->mark_at[k] == n) {
			m->mark_used[k] = ++m->mark_clock;
			return;
		}
		if (m->mark_at[slot] >= 0 &&
		    (m->mark_at[k] < 0 || m->mark_used[k] < m->mark_used[slot]))
			slot = k;
	}
	if (!marks_own(m))
		return;
	memcpy(mark(m, slot), st, m->game->state_size);
	m->mark_at[slot] = n;
	m->mark_used[slot] = ++m->mark_clock;
}

/* Drops the marks of positions after entry n (all of them for n < 0): an undo cut the entries
 * they were reached by, or a restart the base they were reached from. */
void qv__match_forget_marks(qv_match *m, int n)
{
	for (int k = 0; k < QV_MATCH_MARKS; k++)
		if (m->mark_at[k] > n)
			m->mark_at[k] = -1;
}

/* The walk of qv_match_walk and of the match's own files. A match given as `keeper` (m itself) has
 * the mark it starts from marked as used and keeps the position where it ends; without one (a const
 * match) the walk changes nothing. */
qv_status qv__match_walk(const qv_match *m, int from, qv_walk_fn fn, void *ctx, qv_match *keeper)
{
	if (from < 0)
		from = 0;
	if (from >= m->nhist)
		return QV_OK;
	bool mine;
	void *st = state_take(m->game->state_size, &mine);
	if (!st)
		return QV_ENOMEM;
	int slot = qv__match_position_at(m, from, st);
	if (keeper && slot >= 0)
		keeper->mark_used[slot] = ++keeper->mark_clock;
	int n = m->nhist, i = from;
	for (; i < n; i++) {
		if (!fn(ctx, i, st))
			break;
		QV_ASSERT(m->nhist == n); /* fn reads the history, never changes it */
		m->game->apply(st, m->hist[i].action, NULL);
	}
	if (keeper && i == n)
		keep_mark(keeper, n, st); /* where the next walk of this caller will start */
	state_give(st, mine);
	return QV_OK;
}

qv_status qv_match_walk(qv_match *m, int from, qv_walk_fn fn, void *ctx)
{
	return qv__match_walk(m, from, fn, ctx, m);
}

/* What qv_match_tell_agent's walk carries. */
typedef struct tell_walk {
	const qv_match *m;
	qv_agent *a;
} tell_walk;

/* Tells the agent entry i, given the state before it (the agent sees only its seat's part). */
static bool tell_step(void *ctx, int i, const void *before)
{
	tell_walk *w = ctx;
	qv_agent_observe(w->a, before, w->m->hist[i].action);
	return true;
}

void qv_match_tell_agent(qv_match *m, qv_agent *a, int *seen)
{
	int from = *seen;
	*seen = m->nhist;
	if (from >= m->nhist || !a->kind->observe || a->seat < 0 || a->release)
		return; /* nothing new, or an agent that keeps nothing between decisions */
	if (qv_match_walk(m, from, tell_step, &(tell_walk){.m = m, .a = a}) != QV_OK)
		qv_agent_reset(a); /* it cannot follow the game: it forgets it */
}
