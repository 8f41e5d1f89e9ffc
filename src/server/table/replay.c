/*
 * replay.c - a finished game step by step, for the browser's replay page: the View JSON seen by
 * the referee ("all") before the first action, then what each action changed in it, with the
 * action and who made it. The browser knows no rule, so it cannot replay a record itself; the
 * server walks the match's history once (qv_match_walk), as `quiver replay` does, with each
 * action's notation as the match kept it. Only what a record already holds is shown (a record
 * is given once the game is over, or uploaded by someone who has it).
 *
 * A step after the first is sent as its changes (RFC 6902 JSON Patch operations, json_patch.h)
 * from the step before, not as its whole view: an action changes a few squares, a score and
 * whose turn it is, while a view repeats the whole board. A random Evons game took 4.9 KB a
 * step as whole views, 0.45 KB as changes (docs/benchmarks.md, "Replays as changes"). A client
 * that wants every view whole asks for them (?views=full): the answer of before, byte for
 * byte.
 *
 * The answer is written as text, step by step: each step's view is built as a small JSON
 * tree, compared with the step before's (or written out) and dropped at the next, so a replay
 * holds its answer's text and two views at a time. Built as one jansson tree, a 0.8 MB answer
 * held some 10 MB of nodes until it was written: 64 uploads at once of a 2.9 KB Evons record
 * took the server from 15 to 464 MB, kept afterwards (docs/benchmarks.md). The text is byte for
 * byte what writing that tree compactly gave (tests/server/test_replay_changes.c and the
 * browser's replay test read it).
 *
 * How many replays run at once is the gate's (qv__replay_gate): as many as the server has
 * workers, at most two per client address, a short queue with a bounded wait, and the memory
 * of a large answer handed back to the system when it is done.
 */
#define _DEFAULT_SOURCE /* malloc_trim */
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "core/clock.h"
#include "games/json_util.h"
#include "quiver/variant.h"
#include "server/base/json_patch.h"
#include "server/table/replay.h"

json_t *qv__catalogue_json(const qv_match *m)
{
	const qv_variant *v =
	    m->game->components ? qv_variant_of_params(m->game, &m->params) : NULL;
	return v ? qv_variant_json(v) : json_null();
}

/* ---- the answer as text ---------------------------------------------------------------------- */

/* Appends "p1", "chance" or "over", as the View JSON's to_move; false when memory ran out. */
static bool put_who(qv_buf *b, int who)
{
	char buf[16];
	const char *s = who == QV_CHANCE ? "chance"
	                : who == QV_OVER ? "over"
	                                 : qv_player_name(who, buf);
	return qv__json_append_string(b, s, strlen(s));
}

/* What the walk of a replay carries: the answer so far, its size as the bound counts it, the
 * record's parts every view repeats, already written as text, and the view of the step before
 * (what the next step's changes are taken from). */
typedef struct replay_walk {
	const qv_match *m;
	qv_buf *out;
	const char *game, *params; /* the record's "game" and "params" as JSON text */
	bool full;                 /* every step's view whole, not its changes */
	json_t *prev;              /* the view ("view" of the View JSON) of the step before */
	int prev_to_move;          /* and its to_move */
	int steps;                 /* written so far */
	size_t bytes, max_bytes;   /* the answer's size so far, and its bound (0: none) */
	bool too_big, failed;
} replay_walk;

/* Appends the start of step k: {"who", "action", "automatic" (the k-th history entry's; at the
 * start null, null, false). False when memory ran out or the notation is missing. */
static bool put_move(qv_buf *b, const qv_match *m, int k)
{
	if (k == 0) {
		qv_buf_puts(b, "{\"who\":null,\"action\":null,\"automatic\":false");
		return true;
	}
	const qv_move *mv = &m->hist[k - 1];
	const char *action = qv_match_notation(m, k - 1);
	qv_buf_puts(b, "{\"who\":");
	bool ok = put_who(b, mv->who);
	qv_buf_puts(b, ",\"action\":");
	ok = ok && action && qv__json_append_string(b, action, strlen(action));
	qv_buf_puts(b, mv->automatic ? ",\"automatic\":true" : ",\"automatic\":false");
	return ok;
}

/* Appends ,"view": {"game", "params", "viewer": "all", "to_move", "view"} and the step's
 * closing brace. */
static bool put_view(replay_walk *w, int to_move, const json_t *view)
{
	qv_buf *b = w->out;
	qv_buf_puts(b, ",\"view\":{\"game\":");
	qv_buf_puts(b, w->game);
	qv_buf_puts(b, ",\"params\":");
	qv_buf_puts(b, w->params);
	qv_buf_puts(b, ",\"viewer\":\"all\",\"to_move\":");
	bool ok = put_who(b, to_move);
	qv_buf_puts(b, ",\"view\":");
	ok = ok && qv__json_append(b, view);
	qv_buf_puts(b, "}}");
	return ok;
}

/* Appends ,"changes": [...] and the step's closing brace: the operations that turn the step
 * before's View JSON into this one's (its game, params and viewer never change). */
static bool put_changes(replay_walk *w, int to_move, const json_t *view)
{
	qv_buf *b = w->out;
	int ops = 0;
	bool ok = true;
	qv_buf_puts(b, ",\"changes\":[");
	if (to_move != w->prev_to_move) {
		qv_buf_puts(b, "{\"op\":\"replace\",\"path\":\"/to_move\",\"value\":");
		ok = put_who(b, to_move);
		qv_buf_putc(b, '}');
		ops++;
	}
	ok = ok && qv__json_patch(b, "/view", w->prev, view, &ops);
	qv_buf_puts(b, "]}");
	return ok;
}

/* Appends step k: {"who", "action", "automatic"} and the view of st after entry k - 1 (the
 * start for k 0), whole ("view") for the first step or when the walk asks for every view, else
 * as its changes ("changes"), unless the answer would pass its bound. Returns false when the
 * replay stops there. */
static bool add_step(replay_walk *w, int k, const void *st)
{
	const qv_game *g = w->m->game;
	qv_buf *b = w->out;
	size_t at = b->len;
	bool ok = put_move(b, w->m, k);
	int to_move = g->to_move(st);
	json_t *view = g->view_json(st, QV_VIEW_ALL);
	if (!view)
		view = json_null();
	if (k == 0 || w->full)
		ok = ok && put_view(w, to_move, view);
	else
		ok = ok && put_changes(w, to_move, view);
	json_decref(w->prev);
	w->prev = w->full ? NULL : json_incref(view);
	w->prev_to_move = to_move;
	json_decref(view);
	if (!ok || b->failed) {
		w->failed = true;
		return false;
	}
	w->steps++;
	if (w->max_bytes)
		w->bytes += b->len - at + 1;
	if (w->max_bytes && w->bytes > w->max_bytes) {
		w->too_big = true;
		return false;
	}
	return true;
}

/* The walk hands the state before entry i, which is the position after entry i - 1. */
static bool replay_step(void *ctx, int i, const void *before)
{
	replay_walk *w = ctx;
	if (i > 0)
		qv_buf_putc(w->out, ',');
	return add_step(w, i, before);
}

/* Writes "key": value (value released) after a comma; false when memory ran out. */
static bool put_field(qv_buf *b, const char *key, json_t *value)
{
	qv_buf_printf(b, ",\"%s\":", key);
	bool ok = qv__json_append(b, value);
	json_decref(value);
	return ok;
}

/* The replay's fields before its steps: the record's game (text), params (text), players (or
 * the table's, when given) and result, and the opening of "steps". false when memory ran out. */
static bool put_head(qv_buf *out, json_t *rec, const json_t *players, const char *game,
                     const char *params)
{
	qv_buf_puts(out, "{\"game\":");
	qv_buf_puts(out, game);
	qv_buf_puts(out, ",\"params\":");
	qv_buf_puts(out, params);
	bool ok = put_field(out, "players",
	                    json_deep_copy(players ? players : json_object_get(rec, "players"))) &&
	          put_field(out, "result", json_incref(json_object_get(rec, "result")));
	qv_buf_puts(out, ",\"steps\":[");
	return ok;
}

/* The answer's end after the walk: the last step (the position after the last entry, from
 * the match's current state), the catalogue, the closing brackets. */
static void put_tail(replay_walk *w)
{
	const qv_match *m = w->m;
	if (m->nhist > 0)
		qv_buf_putc(w->out, ',');
	if (!add_step(w, m->nhist, m->state))
		return;
	qv_buf_putc(w->out, ']');
	w->failed = !put_field(w->out, "catalogue", qv__catalogue_json(m));
	qv_buf_putc(w->out, '}');
	w->failed = w->failed || w->out->failed;
}

/* One walk of the history: the start and the position after each entry but the last from the
 * states the walk hands, the last from the match's current state. The record's game and params
 * are written once and copied into every whole view. */
qv_status qv__replay_text(qv_match *m, const json_t *players, bool full, size_t max_bytes,
                          qv_buf *out, bool *too_big, qv_err *err)
{
	if (too_big)
		*too_big = false;
	qv_buf_clear(out);
	json_t *rec = qv_match_record_json(m);
	char *game =
	    rec ? qv__json_dumps(json_object_get(rec, "game"), JSON_COMPACT | JSON_ENCODE_ANY)
	        : NULL;
	char *params =
	    rec ? qv__json_dumps(json_object_get(rec, "params"), JSON_COMPACT | JSON_ENCODE_ANY)
	        : NULL;
	replay_walk w = {.m = m,
	                 .out = out,
	                 .game = game,
	                 .params = params,
	                 .full = full,
	                 .max_bytes = max_bytes};
	w.failed = !rec || !game || !params;
	/* The work and the answer stop as soon as the answer would be too large: the record's
	 * size bounds the answer's parts outside the steps. */
	if (!w.failed && max_bytes) {
		char *whole = qv__json_dumps(rec, JSON_COMPACT);
		w.failed = !whole;
		w.bytes = whole ? strlen(whole) : 0;
		free(whole);
	}
	if (!w.failed)
		w.failed = !put_head(out, rec, players, game, params);
	if (!w.failed && qv_match_walk(m, 0, replay_step, &w) != QV_OK)
		w.failed = true;
	if (!w.failed && !w.too_big)
		put_tail(&w);
	json_decref(w.prev);
	json_decref(rec);
	free(game);
	free(params);
	if (!w.failed && !w.too_big)
		return QV_OK;
	qv_buf_free(out);
	if (too_big)
		*too_big = w.too_big && !w.failed;
	if (w.failed)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	return qv_fail(err, QV_EINVAL,
	               "the replay of this record would be over %zu MiB (the server's limit) "
	               "by action %d of %d; replay it with `quiver replay` instead",
	               max_bytes >> 20, w.steps - 1, m->nhist);
}

/* ---- how many run at once -------------------------------------------------------------------- */

/* A request waiting for its turn, in the gate's queue (on the waiting thread's stack). */
typedef struct waiter {
	struct waiter *next;
} waiter;

struct qv__replay_gate {
	pthread_mutex_t lock;
	pthread_cond_t turn; /* a replay ended, or the queue's head changed */
	int running, max_running;
	int waiting, max_waiting;
	int per_address;
	int wait_ms;
	waiter *head, *tail; /* the queue, oldest first */
	/* The client address of every request in the gate, running or waiting ("" free): at most
	 * max_running + max_waiting of them. */
	char (*addr)[QV__REPLAY_ADDR];
	int nslots;
};

qv_status qv__replay_gate_new(qv__replay_gate **out, int running, int waiting, int per_address,
                              int wait_ms, qv_err *err)
{
	qv__replay_gate *g = calloc(1, sizeof *g);
	int nslots = running + waiting;
	if (g)
		g->addr = calloc((size_t)nslots, sizeof *g->addr);
	if (!g || !g->addr) {
		free(g);
		return qv_fail(err, QV_ENOMEM, "out of memory starting the server");
	}
	pthread_condattr_t attr;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&g->turn, &attr);
	pthread_condattr_destroy(&attr);
	pthread_mutex_init(&g->lock, NULL);
	g->max_running = running;
	g->max_waiting = waiting;
	g->per_address = per_address;
	g->wait_ms = wait_ms;
	g->nslots = nslots;
	*out = g;
	return QV_OK;
}

void qv__replay_gate_free(qv__replay_gate *g)
{
	if (!g)
		return;
	pthread_mutex_destroy(&g->lock);
	pthread_cond_destroy(&g->turn);
	free(g->addr);
	free(g);
}

/* Removes w from the queue; the lock is held. */
static void dequeue(qv__replay_gate *g, waiter *w)
{
	waiter **p = &g->head, *prev = NULL;
	while (*p && *p != w) {
		prev = *p;
		p = &(*p)->next;
	}
	if (!*p)
		return;
	*p = w->next;
	if (g->tail == w)
		g->tail = prev;
	g->waiting--;
}

/* Whether the gate refuses a replay from addr at once (the lock held): the HTTP status (429:
 * the address has too many; 503: the queue is full) with the reason, or 0 and *free_slot, a
 * slot for it. */
static int refusal(qv__replay_gate *g, const char *addr, int *free_slot, qv_err *err)
{
	int mine = 0;
	*free_slot = -1;
	for (int i = 0; i < g->nslots; i++) {
		if (g->addr[i][0] == '\0')
			*free_slot = *free_slot < 0 ? i : *free_slot;
		else
			mine += strcmp(g->addr[i], addr) == 0;
	}
	int status = 0;
	if (mine >= g->per_address) {
		status = 429;
		qv_fail(err, QV_ESTATE,
		        "too many replays from your address: %d running or waiting, at most %d at "
		        "once per address; wait for one to end",
		        mine, g->per_address);
	} else if (*free_slot < 0 ||
	           ((g->running >= g->max_running || g->head) && g->waiting >= g->max_waiting)) {
		/* It would have to queue (every turn taken, or others queued before it, who go
		 * first), and the queue is full. A turn that has just ended does not let it in past
		 * the queue: its head has been woken and takes it. (Letting it in there once let
		 * the queue outgrow its slots, and the next request wrote its address before the
		 * slots' array: heap corruption, seen as a crash while the server stopped.) */
		status = 503;
		qv_fail(err, QV_ESTATE,
		        "too many replays at once: %d running (the server's --threads) and %d "
		        "waiting, the most it queues; try again in a moment",
		        g->running, g->waiting);
	}
	return status;
}

/* Queues the caller and waits, up to the gate's wait, until it heads the queue and a run is
 * free (the lock held, released while waiting); true when it may run (counted as running). */
static bool wait_turn(qv__replay_gate *g)
{
	waiter me = {NULL};
	if (g->tail)
		g->tail->next = &me;
	else
		g->head = &me;
	g->tail = &me;
	g->waiting++;
	struct timespec end = qv_deadline(true, g->wait_ms / 1000.0);
	int e = 0;
	while (!(g->head == &me && g->running < g->max_running) && e != ETIMEDOUT)
		e = pthread_cond_timedwait(&g->turn, &g->lock, &end);
	bool go = g->head == &me && g->running < g->max_running;
	dequeue(g, &me);
	if (go)
		g->running++;
	pthread_cond_broadcast(&g->turn); /* the queue has a new head */
	return go;
}

int qv__replay_enter(qv__replay_gate *g, const char *addr, int *slot, qv_err *err)
{
	*slot = -1;
	pthread_mutex_lock(&g->lock);
	int free_slot;
	int status = refusal(g, addr, &free_slot, err);
	if (status) {
		pthread_mutex_unlock(&g->lock);
		return status;
	}
	/* A slot is free: running and waiting requests together are fewer than nslots. */
	qv_copy(g->addr[free_slot], sizeof g->addr[free_slot], addr);
	if (g->running < g->max_running && !g->head) {
		g->running++;
		pthread_mutex_unlock(&g->lock);
		*slot = free_slot;
		return 0;
	}
	bool go = wait_turn(g);
	if (!go)
		g->addr[free_slot][0] = '\0';
	int running = g->running;
	pthread_mutex_unlock(&g->lock);
	if (!go) {
		qv_fail(err, QV_ESTATE,
		        "too many replays at once: %d running (the server's --threads), and this "
		        "one waited %d s for its turn; try again in a moment",
		        running, g->wait_ms / 1000);
		return 503;
	}
	*slot = free_slot;
	return 0;
}

int qv__replay_waiting(qv__replay_gate *g)
{
	pthread_mutex_lock(&g->lock);
	int n = g->waiting;
	pthread_mutex_unlock(&g->lock);
	return n;
}

void qv__replay_leave(qv__replay_gate *g, int slot, size_t bytes)
{
	if (slot < 0)
		return;
	pthread_mutex_lock(&g->lock);
	g->addr[slot][0] = '\0';
	g->running--;
	pthread_cond_broadcast(&g->turn);
	pthread_mutex_unlock(&g->lock);
	/* The views of a large replay were freed in pieces all over the heap, whose pages glibc
	 * keeps; they go back to the system now rather than staying in the process. */
	if (bytes >= QV__REPLAY_TRIM_BYTES)
		malloc_trim(0);
}
