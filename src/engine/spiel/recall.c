/*
 * recall.c - the seats' information states with perfect recall (include/quiver/spiel.h,
 * docs/python.md "Information state"): what each seat observed, kept as actions apply. After
 * each step every seat's observation (the game's planes and scalars, games/spiel.h) is set
 * against the one before; a change is a line "= slot:value ..." (the slots that changed, with
 * their new values), and the seat that chose the action has a line of its own first, "p1 " and
 * the action's notation. A seat whose observation did not change is told nothing: another
 * seat's secret commitment does not even tell it that one was made. The lines are kept in
 * chunks that a state's clones share (a clone copies no text), and beside them each seat's
 * observation now and the most each slot has held (the information-state tensor).
 *
 * A state keeps them once it (or a state it was cloned from) was asked for an information
 * state: the first ask replays its history from its base; then each step costs an observation
 * per seat. A state drawn by the resampler keeps its seat's lines; another seat's start with a
 * line saying that what it saw before is not known, then its whole observation in the world.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/spiel/handles.h"

/* ---- logs ---- */

static void chunk_release(qv__chunk *c)
{
	while (c && atomic_fetch_sub(&c->refs, 1) == 1) {
		qv__chunk *prev = c->prev;
		free(c);
		c = prev;
	}
}

qv_status qv__lines_append(qv__lines *l, const char *text, size_t n)
{
	qv__chunk *c = l->last;
	size_t used = l->used;
	/* In place when nobody sharing the chunk has written past this text's end. */
	if (c && used + n <= c->cap &&
	    atomic_compare_exchange_strong(&c->len, &used, l->used + n)) {
		memcpy(c->s + l->used, text, n);
	} else {
		size_t cap = n > 3000 ? n : 4096 - sizeof *c;
		qv__chunk *fresh = malloc(sizeof *fresh + cap);
		if (!fresh)
			return QV_ENOMEM;
		atomic_init(&fresh->refs, 1);
		fresh->pad_ = 0;
		fresh->prev = c; /* the log's reference moves to the new chunk */
		fresh->prev_used = l->used;
		atomic_init(&fresh->len, n);
		fresh->cap = cap;
		memcpy(fresh->s, text, n);
		l->last = fresh;
		l->used = 0;
	}
	l->used += n;
	l->total += n;
	for (size_t i = 0; i < n; i++)
		l->lines += text[i] == '\n';
	return QV_OK;
}

qv__lines qv__lines_copy(const qv__lines *l)
{
	if (l->last)
		atomic_fetch_add(&l->last->refs, 1);
	return *l;
}

void qv__lines_free(qv__lines *l)
{
	chunk_release(l->last);
	*l = (qv__lines){0};
}

char *qv__lines_text(const qv__lines *l)
{
	char *out = malloc(l->total + 1);
	if (!out)
		return NULL;
	/* each chunk's part copied into its place, from the end */
	size_t end = l->total, used = l->used;
	for (const qv__chunk *c = l->last; c && end > 0; c = c->prev) {
		end -= used;
		memcpy(out + end, c->s, used);
		used = c->prev_used;
	}
	out[l->total] = '\0';
	return out;
}

/* ---- sparse observations ---- */

static bool sparse_room(qv__sparse *a, int n)
{
	if (n <= a->cap)
		return true;
	int cap = n < 64 ? 64 : n;
	int32_t *idx = realloc(a->idx, sizeof *idx * (size_t)cap);
	if (idx)
		a->idx = idx;
	float *val = idx ? realloc(a->val, sizeof *val * (size_t)cap) : NULL;
	if (val)
		a->val = val;
	if (!idx || !val)
		return false;
	a->cap = cap;
	return true;
}

static bool sparse_copy(qv__sparse *to, const qv__sparse *from)
{
	*to = (qv__sparse){0};
	if (!sparse_room(to, from->n))
		return false;
	if (from->n) {
		memcpy(to->idx, from->idx, sizeof *to->idx * (size_t)from->n);
		memcpy(to->val, from->val, sizeof *to->val * (size_t)from->n);
	}
	to->n = from->n;
	return true;
}

static void sparse_free(qv__sparse *a)
{
	free(a->idx);
	free(a->val);
	*a = (qv__sparse){0};
}

bool qv__seat_copy(qv__seat *to, const qv__seat *from)
{
	to->log = qv__lines_copy(&from->log);
	bool ok = sparse_copy(&to->obs, &from->obs);
	ok = sparse_copy(&to->ever, &from->ever) && ok;
	return ok;
}

void qv__seat_free(qv__seat *a)
{
	qv__lines_free(&a->log);
	sparse_free(&a->obs);
	sparse_free(&a->ever);
}

qv_status qv__seat_observe(const qv_spiel_state *s, int p, qv__sparse *out)
{
	const qv_spiel_game *g = s->game;
	for (;;) {
		qv__obs o = {.idx = out->idx,
		             .val = out->val,
		             .cap = out->cap,
		             .size = g->obs_size,
		             .last = -1};
		g->part->observe(QV__CUR(s), p, &o);
		if (!o.failed)
			qv__obs_finish(&o);
		if (!o.failed) {
			out->n = o.n;
			return QV_OK;
		}
		if (!sparse_room(out, out->cap * 2 > 256 ? out->cap * 2 : 256))
			return QV_ENOMEM;
	}
}

/* ---- the lines of a step ---- */

/* Writes the decimal digits of u backwards from end; returns where they start. */
static char *digits(char *end, unsigned long u)
{
	do
		*--end = (char)('0' + u % 10);
	while ((u /= 10));
	return end;
}

/* Writes " slot:value" (v a whole number, as every slot holds) into b; returns its length. */
static size_t put_item(char *b, int32_t slot, float v)
{
	char tmp[48], *end = tmp + sizeof tmp;
	long x = (long)v;
	char *at = digits(end, (unsigned long)(x < 0 ? -x : x));
	if (x < 0)
		*--at = '-';
	*--at = ':';
	at = digits(at, (unsigned long)slot);
	*--at = ' ';
	size_t n = (size_t)(end - at);
	memcpy(b, at, n);
	return n;
}

/* Appends " slot:value" to line, the line's "=" first. */
static void put_change(qv_buf *line, int32_t slot, float v)
{
	char item[48];
	size_t k = put_item(item, slot, v);
	if (!line->len)
		qv_buf_putc(line, '=');
	qv_buf_putn(line, item, k);
}

/* The line of the change from old to new ("= slot:value ...\n") into *line (grown as needed);
 * its length, 0 when nothing changed. When up is not NULL (room for now->n), the slots that
 * changed to a value above 0 go into it by ascending slot, for raise_ever: the slots that kept
 * their value were raised when they took it. */
static size_t change_line(const qv__sparse *old, const qv__sparse *now, qv_buf *line,
                          qv__sparse *up)
{
	qv_buf_clear(line);
	if (up)
		up->n = 0;
	/* Most steps change a few slots of many: the unchanged ones cost a compare each. */
	if (old->n == now->n && !memcmp(old->idx, now->idx, sizeof *old->idx * (size_t)old->n) &&
	    !memcmp(old->val, now->val, sizeof *old->val * (size_t)old->n))
		return 0;
	int i = 0, j = 0;
	while (i < old->n || j < now->n) {
		/* a run of slots that kept their value, compared without the ends' checks */
		int run = old->n - i < now->n - j ? old->n - i : now->n - j;
		const int32_t *oi = old->idx + i, *ni = now->idx + j;
		const float *ov = old->val + i, *nv = now->val + j;
		int k = 0;
		while (k < run && oi[k] == ni[k] && ov[k] == nv[k])
			k++;
		i += k, j += k;
		if (i == old->n && j == now->n)
			break;
		int32_t a = i < old->n ? old->idx[i] : INT32_MAX;
		int32_t b = j < now->n ? now->idx[j] : INT32_MAX;
		if (a == b && old->val[i] == now->val[j]) {
			i++, j++;
			continue;
		}
		if (a < b) {
			put_change(line, a, 0);
			i++;
			continue;
		}
		put_change(line, b, now->val[j]);
		if (up && now->val[j] > 0) {
			up->idx[up->n] = b;
			up->val[up->n++] = now->val[j];
		}
		i += a == b;
		j++;
	}
	if (line->len)
		qv_buf_putc(line, '\n');
	return line->failed ? 0 : line->len;
}

/* The first index from `from` on where a's slot is not below slot (a's slots ascend). */
static int lower_bound(const qv__sparse *a, int from, int32_t slot)
{
	int lo = from, hi = a->n;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (a->idx[mid] < slot)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* ever := the larger of ever and now, slot by slot, where now is above 0 (ever holds the
 * slots that were ever above 0). In place: a first pass raises the slots both hold (each found
 * by halving, as now is mostly the few slots of a step's change) and counts those ever lacks,
 * which a second pass merges in from the end, so that a step allocates nothing unless ever
 * must grow (it is asked of every seat at every step). */
static bool raise_ever(qv__sparse *ever, const qv__sparse *now)
{
	int extra = 0;
	for (int i = 0, j = 0; j < now->n; j++) {
		if (now->val[j] <= 0)
			continue;
		i = lower_bound(ever, i, now->idx[j]);
		if (i < ever->n && ever->idx[i] == now->idx[j]) {
			if (now->val[j] > ever->val[i])
				ever->val[i] = now->val[j];
		} else {
			extra++;
		}
	}
	if (!extra)
		return true;
	int need = ever->n + extra;
	if (!sparse_room(ever, need > ever->cap && need < 2 * ever->cap ? 2 * ever->cap : need))
		return false;
	int i = ever->n - 1, k = need - 1;
	for (int j = now->n - 1; j >= 0;) {
		if (now->val[j] <= 0) {
			j--;
		} else if (i >= 0 && ever->idx[i] >= now->idx[j]) {
			j -= ever->idx[i] == now->idx[j]; /* raised by the first pass */
			ever->idx[k] = ever->idx[i];
			ever->val[k--] = ever->val[i--];
		} else {
			ever->idx[k] = now->idx[j];
			ever->val[k--] = now->val[j--];
		}
	}
	ever->n = need;
	return true;
}

qv_status qv__seat_start(qv_spiel_state *s, int p)
{
	qv__seat *a = &s->seat[p];
	sparse_free(&a->ever);
	if (qv__seat_observe(s, p, &a->obs) != QV_OK || !raise_ever(&a->ever, &a->obs))
		return QV_ENOMEM;
	return QV_OK;
}

/* Seat p of a world drawn for seat `known`: a line saying that what it saw before is not
 * known, then its whole observation in the world as one change from nothing, so that worlds
 * which differ in what p holds give p different information states (OpenSpiel's IS-MCTS keys
 * its nodes by them: one key, one set of legal actions). */
qv_status qv__seat_start_world(qv_spiel_state *s, int p, int known)
{
	qv__seat *a = &s->seat[p];
	char line[96], name[8];
	int k = snprintf(line, sizeof line,
	                 "(a world drawn for %s: what this seat saw before is not known)\n",
	                 qv_player_name(known, name));
	if (qv__lines_append(&a->log, line, (size_t)k) != QV_OK || qv__seat_start(s, p) != QV_OK)
		return QV_ENOMEM;
	qv_buf whole = {0};
	size_t n = change_line(&(qv__sparse){0}, &a->obs, &whole, NULL);
	qv_status rc = whole.failed ? QV_ENOMEM : QV_OK;
	if (rc == QV_OK && n)
		rc = qv__lines_append(&a->log, whole.s, n);
	qv_buf_free(&whole);
	return rc;
}

qv_status qv__recall_start(qv_spiel_state *s, qv_err *err)
{
	for (int p = 0; p < s->game->nplayers; p++)
		if (qv__seat_start(s, p) != QV_OK)
			return qv_fail(err, QV_ENOMEM, "out of memory");
	s->track = 1;
	return QV_OK;
}

qv_status qv__recall_step(qv_spiel_state *s, qv_err *err)
{
	qv__sparse now = {0}, up = {0};
	qv_buf change = {0};
	qv_status rc = QV_OK;
	for (int p = 0; p < s->game->nplayers && rc == QV_OK; p++) {
		qv__seat *a = &s->seat[p];
		if (!sparse_room(&now, a->obs.cap) || qv__seat_observe(s, p, &now) != QV_OK ||
		    !sparse_room(&up, now.n)) {
			rc = QV_ENOMEM;
			break;
		}
		size_t n = change_line(&a->obs, &now, &change, &up);
		if (change.failed || !raise_ever(&a->ever, &up))
			rc = QV_ENOMEM;
		else if (n)
			rc = qv__lines_append(&a->log, change.s, n);
		qv__sparse t = a->obs;
		a->obs = now;
		now = t;
	}
	sparse_free(&now);
	sparse_free(&up);
	qv_buf_free(&change);
	return rc == QV_OK ? QV_OK : qv_fail(err, rc, "out of memory");
}

/* ---- information states read back ---- */

qv_status qv__seat_from_text(qv__seat *a, const char *text, qv_err *err)
{
	size_t n = strlen(text);
	if (n && qv__lines_append(&a->log, text, n) != QV_OK)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	/* ever: every value a slot took in the changes, and the observation they lead to */
	for (const char *line = text; *line;) {
		const char *nl = strchr(line, '\n');
		if (!nl)
			return qv_fail(
			    err, QV_EINVAL,
			    "corrupted serialized state: a prior line without its newline");
		if (line[0] == '=') {
			for (const char *p = line + 1; p < nl;) {
				char *end;
				long slot = strtol(p, &end, 10);
				long v = *end == ':' ? strtol(end + 1, &end, 10) : 0;
				if (end == p || slot < 0 || slot > INT32_MAX)
					return qv_fail(err, QV_EINVAL,
					               "corrupted serialized state: '%.40s' is no "
					               "'= slot:value ...' line",
					               line);
				qv__sparse one = {.n = 1,
				                  .cap = 1,
				                  .idx = &(int32_t){(int32_t)slot},
				                  .val = &(float){(float)v}};
				if (v > 0 && !raise_ever(&a->ever, &one))
					return qv_fail(err, QV_ENOMEM, "out of memory");
				p = end;
			}
		}
		line = nl + 1;
	}
	return QV_OK;
}
