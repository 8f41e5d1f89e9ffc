/*
 * reviews.c - the list of the server's reviews (reviews.h): an entry per table asked for, with
 * its state, its progress, the engine's review while it is made (touched by the worker that
 * makes its step alone) and its JSON text once made. The entries' fields are read and written
 * under the list's lock; a review's step runs outside it. An entry being made is never let go:
 * the least recently asked for among the made (or failed) ones makes room for a new one.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "server/state/reviews.h"

typedef enum { QUEUED, RUNNING, DONE, FAILED } state;
static const char *const state_names[] = {"queued", "running", "done", "failed"};

/* Room for a table's id (QV__ID_LEN, token.h, and more: an id is checked by its route). */
#define ID_MAX 64
/* Room for an address, as the pool keeps a lane's key (QV__LANE_KEY). */
#define ADDR_MAX 48

struct qv__review_entry {
	char id[ID_MAX + 1];
	char addr[ADDR_MAX];
	state st;
	int done, total;
	qv_review *r; /* while it is made */
	char *text;   /* the review's JSON once made */
	char error[256];
	unsigned long long used; /* when it was last asked for (the list's clock) */
};

#define ENTRIES (QV__REVIEWS_KEPT + QV__REVIEWS_MAKING)

struct qv__reviews {
	pthread_mutex_t lock;
	qv__review_entry *e[ENTRIES];
	int n;
	unsigned long long clock;
};

qv__reviews *qv__reviews_new(void)
{
	qv__reviews *rv = calloc(1, sizeof *rv);
	if (rv)
		pthread_mutex_init(&rv->lock, NULL);
	return rv;
}

static void entry_free(qv__review_entry *e)
{
	if (!e)
		return;
	qv_review_free(e->r);
	free(e->text);
	free(e);
}

void qv__reviews_free(qv__reviews *rv)
{
	if (!rv)
		return;
	for (int i = 0; i < rv->n; i++)
		entry_free(rv->e[i]);
	pthread_mutex_destroy(&rv->lock);
	free(rv);
}

static bool making(const qv__review_entry *e) { return e->st == QUEUED || e->st == RUNNING; }

int qv__reviews_making(qv__reviews *rv, const char *addr)
{
	int n = 0;
	if (!rv)
		return 0;
	pthread_mutex_lock(&rv->lock);
	for (int i = 0; i < rv->n; i++)
		n += making(rv->e[i]) && (!addr || strcmp(rv->e[i]->addr, addr) == 0);
	pthread_mutex_unlock(&rv->lock);
	return n;
}

const char *qv__review_addr(const qv__review_entry *e) { return e->addr; }

/* The entry of table id, or NULL (the caller holds the lock). */
static qv__review_entry *find(qv__reviews *rv, const char *id)
{
	for (int i = 0; i < rv->n; i++)
		if (strcmp(rv->e[i]->id, id) == 0)
			return rv->e[i];
	return NULL;
}

/* e's answer (the caller holds the lock): {"table", "status", "done", "total"}, with "review"
 * once made and "error" once failed, into *text; 1, or -1 when memory ran out. */
static int answer(qv__review_entry *e, char **text, int *status)
{
	json_t *err = e->st == FAILED ? json_string(e->error) : NULL;
	char *quoted = err ? json_dumps(err, JSON_ENCODE_ANY) : NULL;
	json_decref(err);
	qv_buf b = {0};
	char head[256];
	snprintf(head, sizeof head, "{\"table\":\"%s\",\"status\":\"%s\",\"done\":%d,\"total\":%d",
	         e->id, state_names[e->st], e->done, e->total);
	qv_buf_puts(&b, head);
	if (quoted) {
		qv_buf_puts(&b, ",\"error\":");
		qv_buf_puts(&b, quoted);
	}
	if (e->st == DONE) {
		qv_buf_puts(&b, ",\"review\":");
		qv_buf_puts(&b, e->text);
	}
	qv_buf_putc(&b, '}');
	free(quoted);
	*status = making(e) ? 202 : 200;
	*text = b.failed || (e->st == FAILED && !quoted) ? NULL : strdup(qv_buf_str(&b));
	qv_buf_free(&b);
	return *text ? 1 : -1;
}

int qv__reviews_answer(qv__reviews *rv, const char *id, bool failed_too, char **text, int *status)
{
	*text = NULL;
	pthread_mutex_lock(&rv->lock);
	qv__review_entry *e = find(rv, id);
	int got = 0;
	if (e && (failed_too || e->st != FAILED)) {
		e->used = ++rv->clock;
		got = answer(e, text, status);
	}
	pthread_mutex_unlock(&rv->lock);
	return got;
}

/* A place in the list for a new entry (the caller holds the lock): the end, or when the list
 * is full the place of the least recently asked for review that is not being made, let go;
 * -1 when every place holds one being made. */
static int place(qv__reviews *rv)
{
	if (rv->n < ENTRIES)
		return rv->n++;
	int old = -1;
	for (int i = 0; i < rv->n; i++)
		if (!making(rv->e[i]) && (old < 0 || rv->e[i]->used < rv->e[old]->used))
			old = i;
	if (old >= 0) {
		entry_free(rv->e[old]);
		rv->e[old] = NULL;
	}
	return old;
}

qv__review_entry *qv__reviews_add(qv__reviews *rv, const char *id, const char *addr, qv_review *r,
                                  char **text, int *status)
{
	*text = NULL;
	qv__review_entry *e = calloc(1, sizeof *e);
	if (!e) {
		qv_review_free(r);
		return NULL;
	}
	qv_copy(e->id, sizeof e->id, id);
	qv_copy(e->addr, sizeof e->addr, addr);
	e->r = r;
	e->total = qv_review_total(r);
	pthread_mutex_lock(&rv->lock);
	qv__review_entry *there = find(rv, id);
	int at = -1;
	if (there && there->st != FAILED) {
		there->used = ++rv->clock;
		answer(there, text, status);
	} else if (there) {
		for (at = 0; rv->e[at] != there; at++)
			;
		entry_free(there);
		rv->e[at] = NULL;
	} else {
		at = place(rv);
	}
	if (at >= 0) {
		rv->e[at] = e;
		e->used = ++rv->clock;
		answer(e, text, status);
	}
	pthread_mutex_unlock(&rv->lock);
	if (at < 0)
		entry_free(e);
	return at >= 0 ? e : NULL;
}

const char *qv__review_table(const qv__review_entry *e) { return e->id; }

bool qv__reviews_step(qv__reviews *rv, qv__review_entry *e, qv_review **made)
{
	*made = NULL;
	qv_review *r = e->r;
	qv_err err;
	qv_status rc = qv_review_step(r, &err);
	int done = qv_review_done(r), total = qv_review_total(r);
	char *text = NULL;
	if (!rc && done == total) {
		json_t *j = qv_review_json(r);
		text = j ? json_dumps(j, JSON_COMPACT) : NULL;
		json_decref(j);
		if (!text)
			rc = qv_fail(&err, QV_ENOMEM, "out of memory writing the review");
	}
	bool again = !rc && done < total;
	pthread_mutex_lock(&rv->lock);
	e->done = done;
	e->st = again ? RUNNING : rc ? FAILED : DONE;
	if (rc)
		qv_copy(e->error, sizeof e->error, err.msg);
	e->text = text;
	if (!again)
		e->r = NULL;
	pthread_mutex_unlock(&rv->lock);
	if (!again && !rc)
		*made = r;
	else if (!again)
		qv_review_free(r);
	return again;
}

void qv__reviews_drop(qv__reviews *rv, qv__review_entry *e, const char *why)
{
	pthread_mutex_lock(&rv->lock);
	qv_review_free(e->r);
	e->r = NULL;
	e->st = FAILED;
	qv_copy(e->error, sizeof e->error, why);
	pthread_mutex_unlock(&rv->lock);
}
