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
 * per seat, or, for a game that gives its observation in parts (games/spiel.h), only the parts
 * the game says the step may have changed, observed again and put in place of the seat's
 * slots there. A state drawn by the resampler keeps its seat's lines; another seat's start with a
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
	for (const char *at = text, *end = text + n; (at = memchr(at, '\n', (size_t)(end - at)));
	     at++)
		l->lines++;
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

/* Seat p's observation now into out (grown as needed, from `least` slots): the whole one
 * (part -1), or the game's part `part`. */
static qv_status observe_into(const qv_spiel_state *s, int p, int part, qv__sparse *out, int least)
{
	const qv_spiel_game *g = s->game;
	for (;;) {
		qv__obs o = {.idx = out->idx,
		             .val = out->val,
		             .cap = out->cap,
		             .size = g->obs_size,
		             .last = -1};
		if (part < 0)
			g->part->observe(QV__CUR(s), p, &o);
		else
			g->part->observe_part(QV__CUR(s), p, part, &o);
		if (!o.failed)
			qv__obs_finish(&o);
		if (!o.failed) {
			out->n = o.n;
			return QV_OK;
		}
		if (!sparse_room(out, out->cap * 2 > least ? out->cap * 2 : least))
			return QV_ENOMEM;
	}
}

qv_status qv__seat_observe(const qv_spiel_state *s, int p, qv__sparse *out)
{
	return observe_into(s, p, -1, out, 256);
}

/* ---- the lines of a step ---- */

/* Writes the decimal digits of u into b; returns how many. Every slot's number and value is
 * written into some seat's lines at every step that changes it: the short numbers (below
 * 100,000, every slot of the games' tensors) without a loop. */
static size_t put_uint(char *b, unsigned long u)
{
	static const char two[] = "0001020304050607080910111213141516171819"
	                          "2021222324252627282930313233343536373839"
	                          "4041424344454647484950515253545556575859"
	                          "6061626364656667686970717273747576777879"
	                          "8081828384858687888990919293949596979899";
	if (u < 10) {
		b[0] = (char)('0' + u);
		return 1;
	}
	if (u < 100) {
		memcpy(b, two + 2 * u, 2);
		return 2;
	}
	if (u < 1000) {
		b[0] = (char)('0' + u / 100);
		memcpy(b + 1, two + 2 * (u % 100), 2);
		return 3;
	}
	if (u < 10000) {
		memcpy(b, two + 2 * (u / 100), 2);
		memcpy(b + 2, two + 2 * (u % 100), 2);
		return 4;
	}
	if (u < 100000) {
		b[0] = (char)('0' + u / 10000);
		memcpy(b + 1, two + 2 * (u / 100 % 100), 2);
		memcpy(b + 3, two + 2 * (u % 100), 2);
		return 5;
	}
	size_t n = put_uint(b, u / 100000);
	b[n] = (char)('0' + u / 10000 % 10);
	memcpy(b + n + 1, two + 2 * (u / 100 % 100), 2);
	memcpy(b + n + 3, two + 2 * (u % 100), 2);
	return n + 5;
}

/* Writes " slot:value" (v a whole number, as every slot holds) into b (room for 48 bytes);
 * returns its length. */
static size_t put_item(char *b, int32_t slot, float v)
{
	long x = (long)v;
	char *at = b;
	*at++ = ' ';
	at += put_uint(at, (unsigned long)slot);
	*at++ = ':';
	if (x < 0)
		*at++ = '-';
	at += put_uint(at, (unsigned long)(x < 0 ? -x : x));
	return (size_t)(at - b);
}

/* The items of a change line on their way to it, gathered here and appended in one go. */
typedef struct items {
	qv_buf *line;
	size_t n;
	char b[1024];
} items;

static void items_flush(items *t)
{
	qv_buf_putn(t->line, t->b, t->n);
	t->n = 0;
}

/* Adds " slot:value" to the line, its "=" first. */
static inline void put_change(items *t, int32_t slot, float v)
{
	if (t->n > sizeof t->b - 48)
		items_flush(t);
	if (!t->n && !t->line->len)
		t->b[t->n++] = '=';
	t->n += put_item(t->b + t->n, slot, v);
}

/* Appends to line (its "=" first) the change from the run of slots old to the run now (each
 * ascending, on and nn of them): " slot:value" for each slot whose value changed. When up is
 * not NULL (room for nn more), the slots that changed to a value above 0 go into it by
 * ascending slot, for raise_ever: the slots that kept their value were raised when they took
 * it. */
static void diff_run(const int32_t *oidx, const float *oval, int on, const int32_t *nidx,
                     const float *nval, int nn, qv_buf *line, qv__sparse *up)
{
	items t;
	t.line = line;
	t.n = 0;
	int i = 0, j = 0;
	while (i < on || j < nn) {
		/* a run of slots that kept their value, compared without the ends' checks */
		int run = on - i < nn - j ? on - i : nn - j;
		const int32_t *oi = oidx + i, *ni = nidx + j;
		const float *ov = oval + i, *nv = nval + j;
		int k = 0;
		while (k < run && oi[k] == ni[k] && ov[k] == nv[k])
			k++;
		i += k, j += k;
		if (i == on && j == nn)
			break;
		int32_t a = i < on ? oidx[i] : INT32_MAX;
		int32_t b = j < nn ? nidx[j] : INT32_MAX;
		if (a == b && oval[i] == nval[j]) {
			i++, j++;
			continue;
		}
		if (a < b) {
			put_change(&t, a, 0);
			i++;
			continue;
		}
		put_change(&t, b, nval[j]);
		if (up && nval[j] > 0) {
			up->idx[up->n] = b;
			up->val[up->n++] = nval[j];
		}
		i += a == b;
		j++;
	}
	if (t.n)
		items_flush(&t);
}

/* The line of the change from old to new ("= slot:value ...\n") into *line (grown as needed);
 * its length, 0 when nothing changed. up (may be NULL, else room for now->n) as diff_run's. */
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
	diff_run(old->idx, old->val, old->n, now->idx, now->val, now->n, line, up);
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

/* lower_bound for a slot that is most often a few places on from `from`: those places looked
 * at one by one first. */
static int seek(const qv__sparse *a, int from, int32_t slot)
{
	for (int end = from + 8 < a->n ? from + 8 : a->n; from < end; from++)
		if (a->idx[from] >= slot)
			return from;
	return lower_bound(a, from, slot);
}

/* ever := the larger of ever and now, slot by slot, where now is above 0 (ever holds the
 * slots that were ever above 0). In place: a first pass raises the slots both hold (each found
 * by halving, as now is mostly the few slots of a step's change) and notes where each slot
 * ever lacks goes, and a second pass, from the end, moves the runs of ever between them up
 * (memmove) and puts them in, so that a step allocates nothing unless ever must grow (it is
 * asked of every seat at every step). */
static bool raise_ever(qv__sparse *ever, const qv__sparse *now)
{
	enum { BATCH = 64 };
	int at[BATCH], which[BATCH], extra = 0, j = 0;
	for (int i = 0; j < now->n && extra < BATCH; j++) {
		if (now->val[j] <= 0)
			continue;
		i = lower_bound(ever, i, now->idx[j]);
		if (i < ever->n && ever->idx[i] == now->idx[j]) {
			if (now->val[j] > ever->val[i])
				ever->val[i] = now->val[j];
		} else {
			at[extra] = i;
			which[extra++] = j;
		}
	}
	if (extra) {
		int need = ever->n + extra;
		if (!sparse_room(ever,
		                 need > ever->cap && need < 2 * ever->cap ? 2 * ever->cap : need))
			return false;
		/* ever's entries from at[k] move up by k + 1, the k-th new slot going below them */
		for (int k = extra - 1, end = ever->n; k >= 0; k--) {
			size_t run = (size_t)(end - at[k]);
			memmove(ever->idx + at[k] + k + 1, ever->idx + at[k],
			        sizeof *ever->idx * run);
			memmove(ever->val + at[k] + k + 1, ever->val + at[k],
			        sizeof *ever->val * run);
			ever->idx[at[k] + k] = now->idx[which[k]];
			ever->val[at[k] + k] = now->val[which[k]];
			end = at[k];
		}
		ever->n = need;
	}
	if (j == now->n)
		return true;
	/* more new slots than a batch: the rest in the next */
	qv__sparse rest = {
	    .n = now->n - j, .cap = now->n - j, .idx = now->idx + j, .val = now->val + j};
	return raise_ever(ever, &rest);
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

/* Part i of seat p's observation now into part (grown as needed). */
static qv_status observe_part(const qv_spiel_state *s, int p, int i, qv__sparse *part)
{
	return observe_into(s, p, i, part, 64);
}

/* Seat p's observation after a step of a game observed in parts, in place: the parts of mask
 * (those the step may have changed) observed again (into part, room for anything), their
 * changes written as change_line writes them into line and up, and the part's slots replaced
 * where they changed; the other parts' slots stay. */
static qv_status observe_parts(qv_spiel_state *s, int p, uint32_t mask, qv__sparse *part,
                               qv_buf *line, qv__sparse *up)
{
	const qv_spiel_game *g = s->game;
	qv__sparse *obs = &s->seat[p].obs;
	qv_buf_clear(line);
	up->n = 0;
	/* room for any part as large as the whole observation, so that a part is observed once */
	if (!sparse_room(part, obs->cap))
		return QV_ENOMEM;
	for (int from = 0; mask; mask &= mask - 1) {
		int i = __builtin_ctz(mask);
		/* obs's slots of part i: lo to hi */
		int lo = lower_bound(obs, from, g->part_from[i]);
		int hi = seek(obs, lo, g->part_from[i + 1]), n = hi - lo;
		if (observe_part(s, p, i, part) != QV_OK || !sparse_room(up, up->n + part->n))
			return QV_ENOMEM;
		int m = part->n;
		from = lo + m;
		if (m == n && !memcmp(obs->idx + lo, part->idx, sizeof *part->idx * (size_t)m) &&
		    !memcmp(obs->val + lo, part->val, sizeof *part->val * (size_t)m))
			continue;
		diff_run(obs->idx + lo, obs->val + lo, n, part->idx, part->val, m, line, up);
		if (m != n) {
			if (!sparse_room(obs, obs->n - n + m))
				return QV_ENOMEM;
			size_t tail = (size_t)(obs->n - hi);
			memmove(obs->idx + lo + m, obs->idx + hi, sizeof *obs->idx * tail);
			memmove(obs->val + lo + m, obs->val + hi, sizeof *obs->val * tail);
			obs->n += m - n;
		}
		memcpy(obs->idx + lo, part->idx, sizeof *part->idx * (size_t)m);
		memcpy(obs->val + lo, part->val, sizeof *part->val * (size_t)m);
	}
	if (line->len)
		qv_buf_putc(line, '\n');
	return QV_OK;
}

qv_status qv__recall_step(qv_spiel_state *s, qv_err *err)
{
	const qv_spiel_game *g = s->game;
	uint32_t mask[QV_MAX_PLAYERS] = {0};
	if (g->nparts)
		g->part->changed(QV__PEND(s), QV__CUR(s), mask);
	qv__sparse now = {0}, up = {0};
	qv_buf change = {0};
	qv_status rc = QV_OK;
	for (int p = 0; p < g->nplayers && rc == QV_OK; p++) {
		qv__seat *a = &s->seat[p];
		if (g->nparts) {
			/* only the parts the step may have changed, in place (now: a part) */
			if (!mask[p])
				continue;
			rc = observe_parts(s, p, mask[p], &now, &change, &up);
		} else if (!sparse_room(&now, a->obs.cap) ||
		           qv__seat_observe(s, p, &now) != QV_OK || !sparse_room(&up, now.n)) {
			rc = QV_ENOMEM;
		} else {
			change_line(&a->obs, &now, &change, &up);
			qv__sparse t = a->obs;
			a->obs = now;
			now = t;
		}
		if (rc != QV_OK || change.failed || !raise_ever(&a->ever, &up))
			rc = QV_ENOMEM;
		else if (change.len)
			rc = qv__lines_append(&a->log, change.s, change.len);
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
