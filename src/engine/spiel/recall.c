/*
 * recall.c - the seats' information states with perfect recall (include/quiver/spiel.h,
 * docs/python.md "Information state"): what each seat observed, kept as actions apply. After
 * each step every seat's observation (the game's planes and scalars, games/spiel.h) is set
 * against the one before; a change is a line "= slot:value ..." (the slots that changed, with
 * their new values), and the seat that chose the action has a line of its own first, "p1 " and
 * the action's notation. A seat whose observation did not change is told nothing: another
 * seat's secret commitment does not even tell it that one was made. The lines are kept in
 * chunks that a state's clones share (a clone copies no text), the same events as rows
 * (qv__row: the information-state tensor's recall) in chunks alike, and beside them each
 * seat's observation now.
 *
 * A state keeps them once it (or a state it was cloned from) was asked for an information
 * state: the first ask replays its history from its base; then each step costs an observation
 * per seat, or, for a game that gives its observation in parts (games/spiel.h), only the parts
 * the game says the step may have changed, observed again (once for all the seats that see a
 * part alike) and put in place of the seat's slots there. A state no longer asked stops after its
 * next decision (state.c: the seats lag, and the next ask replays what they missed). A state drawn
 * by the resampler keeps its seat's lines; another seat's start with a line saying that what it saw
 * before is not known, then its whole observation in the world.
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

/* qv__lines_append of text that holds `lines` lines. */
static qv_status append(qv__lines *l, const char *text, size_t n, long lines)
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
	l->lines += lines;
	return QV_OK;
}

qv_status qv__lines_append(qv__lines *l, const char *text, size_t n)
{
	long lines = 0;
	for (const char *at = text, *end = text + n; (at = memchr(at, '\n', (size_t)(end - at)));
	     at++)
		lines++;
	return append(l, text, n, lines);
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
	to->rows = qv__lines_copy(&from->rows);
	bool ok = sparse_copy(&to->obs, &from->obs);
	to->indexed = from->indexed;
	memcpy(to->at, from->at, sizeof to->at);
	to->recent = NULL; /* a search clones at every node: made again when a tensor asks */
	to->recent_cap = to->recent_at = to->recent_n = 0;
	to->recent_upto = 0;
	return ok;
}

void qv__seat_free(qv__seat *a)
{
	qv__lines_free(&a->log);
	qv__lines_free(&a->rows);
	sparse_free(&a->obs);
	a->indexed = false;
	free(a->recent);
	a->recent = NULL;
	a->recent_cap = a->recent_at = a->recent_n = 0;
	a->recent_upto = 0;
}

/* Seat p's observation now into out, as much as its room holds: the whole one (part -1), or
 * the game's part `part`; false when it did not fit. */
static bool observe_once(const qv_spiel_state *s, int p, int part, qv__sparse *out)
{
	const qv_spiel_game *g = s->game;
	qv__obs o = {
	    .idx = out->idx, .val = out->val, .cap = out->cap, .size = g->obs_size, .last = -1};
	if (part < 0)
		g->part->observe(QV__CUR(s), p, &o);
	else
		g->part->observe_part(QV__CUR(s), p, part, &o);
	if (!o.failed && o.unsorted)
		qv__obs_finish(&o);
	if (o.failed)
		return false;
	out->n = o.n;
	return true;
}

qv_status qv__seat_observe(const qv_spiel_state *s, int p, qv__sparse *out)
{
	while (!observe_once(s, p, -1, out))
		if (!sparse_room(out, out->cap * 2 > 256 ? out->cap * 2 : 256))
			return QV_ENOMEM;
	return QV_OK;
}

/* Room a step works in (a part observed again): on the stack, and on the heap for more, so
 * that a step allocates nothing as a rule. */
enum { SCRATCH = 256 };
typedef struct scratch {
	qv__sparse a;
	int32_t idx[SCRATCH];
	float val[SCRATCH];
} scratch;

static void scratch_init(scratch *x)
{
	x->a = (qv__sparse){.cap = SCRATCH, .idx = x->idx, .val = x->val};
}

/* Room for n slots, what x held not kept (false: out of memory). */
static bool scratch_room(scratch *x, int n)
{
	if (n <= x->a.cap)
		return true;
	if (x->a.idx == x->idx)
		x->a = (qv__sparse){0};
	return sparse_room(&x->a, n);
}

static void scratch_free(scratch *x)
{
	if (x->a.idx != x->idx)
		sparse_free(&x->a);
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

/* The " slot:" of every slot below n (and below 100,000) that a change line's items begin
 * with, its length in byte 7: a table a step copies from instead of writing the digits of each
 * slot it changed. */
typedef struct qv__slot_text {
	int n;
	char text[][8];
} qv__slot_text;

/* g's slot_text, made by the first state that asks (g is shared between threads: the first
 * table made is kept); NULL when memory ran out, and the digits are written. */
static const qv__slot_text *slot_text(const qv_spiel_game *g)
{
	qv__slot_text *t = atomic_load(&((qv_spiel_game *)g)->slot_text);
	if (t)
		return t;
	int n = g->obs_size < 100000 ? g->obs_size : 100000;
	if (!(t = malloc(sizeof *t + sizeof *t->text * (size_t)n)))
		return NULL;
	t->n = n;
	for (int i = 0; i < n; i++) {
		char *c = t->text[i];
		size_t k = put_uint(c + 1, (unsigned long)i);
		c[0] = ' ';
		c[k + 1] = ':';
		c[7] = (char)(k + 2);
	}
	qv__slot_text *none = NULL;
	if (atomic_compare_exchange_strong(&((qv_spiel_game *)g)->slot_text, &none, t))
		return t;
	free(t); /* another thread's came first */
	return none;
}

/* A change line on its way to a seat's lines, with its rows: in b and rb while they fit, then
 * on the heap. Each is written only when the state keeps it; nrows counts the slots that
 * changed either way (whether anything did). */
typedef struct linebuf {
	char *s;
	size_t len, cap;
	qv__row *row;
	int nrows, caprows;
	const qv__slot_text *slots; /* the game's slot_text, or NULL */
	int nslots;
	bool text;   /* the text is written */
	bool rows;   /* the rows are written */
	bool failed; /* memory ran out */
	char b[2048];
	qv__row rb[160];
} linebuf;

static void line_init(linebuf *t, const qv_spiel_game *g, unsigned keep)
{
	t->text = keep & QV__KEEP_TEXT;
	t->rows = keep & QV__KEEP_ROWS;
	t->s = t->b;
	t->len = 0;
	t->cap = sizeof t->b;
	t->row = t->rb;
	t->nrows = 0;
	t->caprows = (int)(sizeof t->rb / sizeof *t->rb);
	t->slots = slot_text(g);
	t->nslots = t->slots ? t->slots->n : 0;
	t->failed = false;
}

static void line_free(linebuf *t)
{
	if (t->s != t->b)
		free(t->s);
	if (t->row != t->rb)
		free(t->row);
	t->s = t->b;
	t->row = t->rb;
}

/* Empties t for the next line. */
static void line_clear(linebuf *t)
{
	t->len = 0;
	t->nrows = 0;
}

/* Room for n more bytes (false: memory ran out, noted in failed). */
static bool line_room(linebuf *t, size_t n)
{
	if (t->len + n <= t->cap)
		return true;
	size_t cap = 2 * t->cap > t->len + n ? 2 * t->cap : t->len + n;
	char *s = t->failed ? NULL : malloc(cap);
	if (!s) {
		t->failed = true;
		return false;
	}
	memcpy(s, t->s, t->len);
	line_free(t);
	t->s = s;
	t->cap = cap;
	return true;
}

/* Room for one more row (false: memory ran out, noted in failed). */
static bool row_room(linebuf *t)
{
	if (t->nrows < t->caprows)
		return true;
	int cap = 2 * t->caprows;
	qv__row *r = t->failed ? NULL : malloc(sizeof *r * (size_t)cap);
	if (!r) {
		t->failed = true;
		return false;
	}
	memcpy(r, t->row, sizeof *r * (size_t)t->nrows);
	if (t->row != t->rb)
		free(t->row);
	t->row = r;
	t->caprows = cap;
	return true;
}

/* Adds " slot:value" (v a whole number, as every slot holds) to the line, its "=" first: the
 * slot's text from the game's table; and its row. */
static inline void put_change(linebuf *t, int32_t slot, float v)
{
	if (t->rows) {
		if (!row_room(t))
			return;
		int32_t kind = t->nrows ? QV__ROW_MORE : QV__ROW_CHANGE;
		t->row[t->nrows] = qv__row_make(kind, slot, (int32_t)v);
	}
	t->nrows++;
	if (!t->text || !line_room(t, 48))
		return;
	char *at = t->s + t->len;
	if (!t->len)
		*at++ = '=';
	if (slot < t->nslots) {
		memcpy(at, t->slots->text[slot], 8);
		at += t->slots->text[slot][7];
	} else {
		*at++ = ' ';
		at += put_uint(at, (unsigned long)slot);
		*at++ = ':';
	}
	long x = (long)v;
	if (x >= 0 && x < 10) {
		*at++ = (char)('0' + x);
	} else {
		if (x < 0)
			*at++ = '-';
		at += put_uint(at, (unsigned long)(x < 0 ? -x : x));
	}
	t->len = (size_t)(at - t->s);
}

/* Ends a line that has items with its newline. */
static void line_end(linebuf *t)
{
	if (t->len && line_room(t, 1))
		t->s[t->len++] = '\n';
}

/* Appends to line (its "=" first) the change from the run of slots old to the run now (each
 * ascending, on and nn of them, now's slots moved by shift): " slot:value" for each slot whose
 * value changed; whether there was one. Inlined where a step calls it for each part it
 * observed again (the call's arguments cost more than most parts' few slots). */
__attribute__((always_inline)) static inline bool diff_run(const int32_t *oidx, const float *oval,
                                                           int on, const int32_t *nidx,
                                                           const float *nval, int nn, int32_t shift,
                                                           linebuf *t)
{
	int before = t->nrows, i = 0, j = 0;
	while (i < on && j < nn) {
		int32_t a = oidx[i], b = nidx[j] + shift;
		if (a < b) {
			put_change(t, a, 0);
			i++;
			continue;
		}
		if (a == b && oval[i++] == nval[j]) {
			j++;
			continue;
		}
		put_change(t, b, nval[j]);
		j++;
	}
	for (; i < on; i++)
		put_change(t, oidx[i], 0);
	for (; j < nn; j++)
		put_change(t, nidx[j] + shift, nval[j]);
	return t->nrows != before || t->failed;
}

/* The line of the change from old to new ("= slot:value ...\n") and its rows into t (emptied
 * first); its rows, 0 when nothing changed. */
static size_t change_line(const qv__sparse *old, const qv__sparse *now, linebuf *t)
{
	line_clear(t);
	/* Most steps change a few slots of many: the unchanged ones cost a compare each. */
	if (old->n == now->n && !memcmp(old->idx, now->idx, sizeof *old->idx * (size_t)old->n) &&
	    !memcmp(old->val, now->val, sizeof *old->val * (size_t)old->n))
		return 0;
	diff_run(old->idx, old->val, old->n, now->idx, now->val, now->n, 0, t);
	line_end(t);
	return t->failed ? 0 : (size_t)t->nrows;
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

/* Every seat's observation of the game's initial state, the base of every state but the worlds
 * and the games that start later (start=): observed once for all the states of the game, by
 * the first that asks (s, whose current state is the initial one). NULL when memory ran out. */
static const qv__sparse *initial_obs(const qv_spiel_state *s)
{
	qv_spiel_game *g = (qv_spiel_game *)s->game; /* a cache, made at most once */
	qv__sparse *all = atomic_load(&g->initial_obs);
	if (all)
		return all;
	if (!(all = calloc((size_t)g->nplayers, sizeof *all)))
		return NULL;
	for (int p = 0; p < g->nplayers; p++)
		if (qv__seat_observe(s, p, &all[p]) != QV_OK) {
			for (int q = 0; q <= p; q++)
				sparse_free(&all[q]);
			free(all);
			return NULL;
		}
	qv__sparse *none = NULL;
	if (atomic_compare_exchange_strong(&g->initial_obs, &none, all))
		return all;
	/* another thread's came first */
	for (int p = 0; p < g->nplayers; p++)
		sparse_free(&all[p]);
	free(all);
	return none;
}

void qv__recall_free(qv_spiel_game *g)
{
	qv__sparse *all = atomic_load(&g->initial_obs);
	for (int p = 0; all && p < g->nplayers; p++)
		sparse_free(&all[p]);
	free(all);
	atomic_store(&g->initial_obs, NULL);
	free(atomic_load(&g->slot_text));
	atomic_store(&g->slot_text, NULL);
}

qv_status qv__seat_start(qv_spiel_state *s, int p)
{
	qv__seat *a = &s->seat[p];
	const qv_spiel_game *g = s->game;
	a->indexed = false;
	const qv__sparse *init = NULL;
	if (!memcmp(QV__CUR(s), g->initial, g->g->state_size) && !(init = initial_obs(s)))
		return QV_ENOMEM;
	if (init) {
		sparse_free(&a->obs);
		if (!sparse_copy(&a->obs, &init[p]))
			return QV_ENOMEM;
	} else if (qv__seat_observe(s, p, &a->obs) != QV_OK) {
		return QV_ENOMEM;
	}
	return QV_OK;
}

/* Appends line t to seat a's logs: its text and its rows, as keep (QV__KEEP_*) says. */
static qv_status put_line(qv__seat *a, const linebuf *t, unsigned keep)
{
	if (t->failed)
		return QV_ENOMEM;
	qv_status rc = QV_OK;
	if (t->len && keep & QV__KEEP_TEXT)
		rc = append(&a->log, t->s, t->len, 1);
	if (rc == QV_OK && t->nrows && keep & QV__KEEP_ROWS)
		rc = append(&a->rows, (const char *)t->row, sizeof *t->row * (size_t)t->nrows, 0);
	return rc;
}

qv_status qv__seat_own_row(qv__seat *a, int32_t id)
{
	qv__row r = qv__row_make(QV__ROW_OWN, id, 0);
	return append(&a->rows, (const char *)&r, sizeof r, 0);
}

/* Seat p of a world drawn for seat `known`: a line saying that what it saw before is not
 * known, then its whole observation in the world as one change from nothing, so that worlds
 * which differ in what p holds give p different information states (OpenSpiel's IS-MCTS keys
 * its nodes by them: one key, one set of legal actions). */
qv_status qv__seat_start_world(qv_spiel_state *s, int p, int known)
{
	qv__seat *a = &s->seat[p];
	char text[96], name[8];
	int k = snprintf(text, sizeof text,
	                 "(a world drawn for %s: what this seat saw before is not known)\n",
	                 qv_player_name(known, name));
	qv__row r = qv__row_make(QV__ROW_WORLD, known, 0);
	if (qv__lines_append(&a->log, text, (size_t)k) != QV_OK ||
	    append(&a->rows, (const char *)&r, sizeof r, 0) != QV_OK ||
	    qv__seat_start(s, p) != QV_OK)
		return QV_ENOMEM;
	linebuf whole;
	line_init(&whole, s->game, QV__KEEP_ALL);
	change_line(&(qv__sparse){0}, &a->obs, &whole);
	qv_status rc = put_line(a, &whole, QV__KEEP_ALL);
	line_free(&whole);
	return rc;
}

qv_status qv__recall_start(qv_spiel_state *s, unsigned keep, qv_err *err)
{
	for (int p = 0; p < s->game->nplayers; p++)
		if (qv__seat_start(s, p) != QV_OK)
			return qv_fail(err, QV_ENOMEM, "out of memory");
	s->track = (uint8_t)keep;
	return QV_OK;
}

/* Where seat a's parts begin in its obs (qv__seat's at), found by halving. */
static void seat_index(const qv_spiel_game *g, qv__seat *a)
{
	for (int i = 0, o = 0; i <= g->nparts; i++)
		a->at[i] = o = lower_bound(&a->obs, o, g->part_from[i]);
	a->indexed = true;
}

/* The parts of a step that several seats observe alike (the keys of the game's `changed`),
 * each observed once for all: `have` says which keys are in seen, each in room of the step's
 * own (SHARED of them, on the stack: a part observed into memory allocated for the step cost an
 * Arrow Party step with an information-state tensor 200 instructions), with the start of the
 * part it was observed as; a step with more observes the rest seat by seat. */
enum { SHARED = 8, KEYS = 64 };
typedef struct shared {
	uint64_t have;
	int used;
	int8_t at[KEYS];    /* key k's room in seen */
	int32_t from[KEYS]; /* the start of the part key k was observed as */
	scratch seen[SHARED];
} shared;

/* Part i of seat p's observation now, its key `key` (-1: the seat's own): into part, or, for
 * a key observed before in the step, from there, *shift set to what its slots are to be moved
 * by (NULL when memory ran out). */
static const qv__sparse *observe_part(const qv_spiel_state *s, int p, int i, int key, scratch *part,
                                      shared *same, int32_t *shift)
{
	scratch *into = part;
	*shift = 0;
	if (key >= 0) {
		const int32_t *from = s->game->part_from;
		if (same->have >> key & 1) {
			*shift = from[i] - same->from[key];
			return &same->seen[same->at[key]].a;
		}
		if (same->used < SHARED) {
			same->at[key] = (int8_t)same->used;
			same->from[key] = from[i];
			into = &same->seen[same->used++];
			scratch_init(into);
		}
	}
	while (!observe_once(s, p, i, &into->a))
		if (!scratch_room(into, 2 * into->a.cap))
			return NULL;
	if (into != part)
		same->have |= 1ull << key;
	return &into->a;
}

/* Moves the k slots of a from slot from on to slot to on. A part holds a few slots, and most
 * parts are followed by a few: those moved one by one, cheaper than the calls. */
static inline void slots_move(qv__sparse *a, int from, int to, int k)
{
	if (k > 8) {
		memmove(a->idx + to, a->idx + from, sizeof *a->idx * (size_t)k);
		memmove(a->val + to, a->val + from, sizeof *a->val * (size_t)k);
	} else if (to > from) {
		for (int j = k - 1; j >= 0; j--)
			a->idx[to + j] = a->idx[from + j], a->val[to + j] = a->val[from + j];
	} else {
		for (int j = 0; j < k; j++)
			a->idx[to + j] = a->idx[from + j], a->val[to + j] = a->val[from + j];
	}
}

/* Copies m slots (nidx, nval) to idx, val (apart from them), each slot moved by shift, one by
 * one while few. */
static inline void slots_copy(int32_t *idx, float *val, const int32_t *nidx, const float *nval,
                              int m, int32_t shift)
{
	if (m > 8 && !shift) {
		memcpy(idx, nidx, sizeof *idx * (size_t)m);
		memcpy(val, nval, sizeof *val * (size_t)m);
		return;
	}
	for (int j = 0; j < m; j++)
		idx[j] = nidx[j] + shift, val[j] = nval[j];
}

/* Seat p's observation after a step of a game observed in parts, in place: the parts of mask
 * (those the step may have changed) observed again (observe_part, key[i] part i's key), their
 * changes written as change_line writes them into t, the part's slots replaced where they
 * changed; the other parts' slots stay. */
static qv_status observe_parts(qv_spiel_state *s, int p, uint32_t mask, const int8_t *key,
                               scratch *part, shared *same, linebuf *t)
{
	const qv_spiel_game *g = s->game;
	qv__seat *a = &s->seat[p];
	qv__sparse *obs = &a->obs;
	line_clear(t);
	if (!a->indexed)
		seat_index(g, a);
	for (; mask; mask &= mask - 1) {
		int i = __builtin_ctz(mask);
		int32_t shift;
		const qv__sparse *now = observe_part(s, p, i, key[i], part, same, &shift);
		if (!now)
			return QV_ENOMEM;
		int lo = a->at[i], n = a->at[i + 1] - lo, m = now->n;
		/* the slots alike at the start and at the end left out of the comparison and
		 * of the copy: a step mostly changes a few in the middle of a part */
		const int32_t *oidx = obs->idx + lo, *nidx = now->idx;
		const float *oval = obs->val + lo, *nval = now->val;
		int p0 = 0;
		while (p0 < n && p0 < m && oidx[p0] == nidx[p0] + shift && oval[p0] == nval[p0])
			p0++;
		if (p0 == n && p0 == m)
			continue;
		int on = n, nn = m;
		while (on > p0 && nn > p0 && oidx[on - 1] == nidx[nn - 1] + shift &&
		       oval[on - 1] == nval[nn - 1])
			on--, nn--;
		diff_run(oidx + p0, oval + p0, on - p0, nidx + p0, nval + p0, nn - p0, shift, t);
		if (nn != on) {
			if (!sparse_room(obs, obs->n - on + nn))
				return QV_ENOMEM;
			slots_move(obs, lo + on, lo + nn, obs->n - lo - on);
			obs->n += nn - on;
			for (int j = i + 1; j <= g->nparts; j++)
				a->at[j] += nn - on;
		}
		slots_copy(obs->idx + lo + p0, obs->val + lo + p0, nidx + p0, nval + p0, nn - p0,
		           shift);
	}
	line_end(t);
	return t->failed ? QV_ENOMEM : QV_OK;
}

qv_status qv__recall_step(qv_spiel_state *s, qv_err *err)
{
	const qv_spiel_game *g = s->game;
	uint32_t mask[QV_MAX_PLAYERS] = {0};
	int8_t key[QV_MAX_PLAYERS][QV__OBS_PARTS];
	if (g->nparts) {
		memset(key, -1, sizeof key);
		g->part->changed(QV__PEND(s), QV__CUR(s), mask, key);
	}
	scratch part;
	scratch_init(&part);
	shared same;
	same.have = 0;
	same.used = 0;
	qv__sparse now = {0};
	linebuf t;
	line_init(&t, g, s->track);
	qv_status rc = QV_OK;
	for (int p = 0; p < g->nplayers && rc == QV_OK; p++) {
		qv__seat *a = &s->seat[p];
		if (g->nparts) {
			/* only the parts the step may have changed, in place */
			if (!mask[p])
				continue;
			rc = observe_parts(s, p, mask[p], key[p], &part, &same, &t);
		} else if (!sparse_room(&now, a->obs.cap) ||
		           qv__seat_observe(s, p, &now) != QV_OK) {
			rc = QV_ENOMEM;
		} else {
			change_line(&a->obs, &now, &t);
			qv__sparse x = a->obs;
			a->obs = now;
			now = x;
		}
		if (rc == QV_OK && t.nrows) /* a change line */
			rc = put_line(a, &t, s->track);
	}
	sparse_free(&now);
	for (int i = 0; i < same.used; i++)
		scratch_free(&same.seen[i]);
	scratch_free(&part);
	line_free(&t);
	return rc == QV_OK ? QV_OK : qv_fail(err, rc, "out of memory");
}

/* ---- information states read back ---- */

/* The row of own action line `line` (up to nl): the next of ids (*k of n used), or of a world
 * marker line; false for a line that is neither. */
static bool text_row(const char *line, const char *nl, const int32_t *ids, int n, int *k,
                     qv__row *r)
{
	static const char world[] = "(a world drawn for p";
	if (line[0] == 'p' && line[1] >= '1' && line[1] <= '9' && line[2] == ' ') {
		if (*k >= n)
			return false;
		*r = qv__row_make(QV__ROW_OWN, ids[(*k)++], 0);
		return true;
	}
	size_t w = sizeof world - 1;
	if ((size_t)(nl - line) > w && !memcmp(line, world, w) && line[w] >= '1' &&
	    line[w] <= '9') {
		*r = qv__row_make(QV__ROW_WORLD, line[w] - '1', 0);
		return true;
	}
	return false;
}

qv_status qv__seat_from_text(qv__seat *a, const char *text, const int32_t *ids, int n, qv_err *err)
{
	size_t len = strlen(text);
	if (len && qv__lines_append(&a->log, text, len) != QV_OK)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	int k = 0;
	for (const char *line = text; *line;) {
		const char *nl = strchr(line, '\n');
		if (!nl)
			return qv_fail(
			    err, QV_EINVAL,
			    "corrupted serialized state: a prior line without its newline");
		qv__row r;
		for (const char *p = line + 1, *first = p; line[0] == '=' && p < nl;) {
			char *end;
			long slot = strtol(p, &end, 10);
			long v = *end == ':' ? strtol(end + 1, &end, 10) : 0;
			if (end == p || slot < 0 || slot > INT32_MAX || v < INT32_MIN ||
			    v > INT32_MAX)
				return qv_fail(err, QV_EINVAL,
				               "corrupted serialized state: '%.40s' is no "
				               "'= slot:value ...' line",
				               line);
			r = qv__row_make(p == first ? QV__ROW_CHANGE : QV__ROW_MORE, (int32_t)slot,
			                 (int32_t)v);
			if (append(&a->rows, (const char *)&r, sizeof r, 0) != QV_OK)
				return qv_fail(err, QV_ENOMEM, "out of memory");
			p = end;
		}
		if (line[0] != '=') {
			if (!text_row(line, nl, ids, n, &k, &r))
				return qv_fail(
				    err, QV_EINVAL,
				    "corrupted serialized state: the prior line '%.40s' is "
				    "no change, own action (with its id in prior_ids) or "
				    "world's start",
				    line);
			if (append(&a->rows, (const char *)&r, sizeof r, 0) != QV_OK)
				return qv_fail(err, QV_ENOMEM, "out of memory");
		}
		line = nl + 1;
	}
	if (k != n)
		return qv_fail(
		    err, QV_EINVAL,
		    "corrupted serialized state: prior_ids has %d ids for %d own actions "
		    "in prior",
		    n, k);
	return QV_OK;
}

/* The last n rows of seat a (it has that many), the last first, into out. */
static void rows_last(const qv__seat *a, qv__row *out, long n)
{
	size_t used = a->rows.used;
	for (const qv__chunk *c = a->rows.last; n > 0; c = c->prev) {
		long k = (long)(used / sizeof *out), m = k < n ? k : n, i = 0;
		const char *r = c->s + used;
		for (; i + 2 <= m; i += 2) { /* two a round: the loop's count was a third of it */
			memcpy(&out[i], r - sizeof *out, sizeof *out);
			memcpy(&out[i + 1], r - 2 * sizeof *out, sizeof *out);
			r -= 2 * sizeof *out;
		}
		if (i < m)
			memcpy(&out[i], r - sizeof *out, sizeof *out);
		out += m;
		n -= k;
		used = c->prev_used;
	}
}

long qv__seat_rows_tensor(qv__seat *a, float *out, int cap)
{
	_Static_assert(sizeof(qv__row) == QV__ROW_FLOATS * sizeof(float), "a row is its floats");
	long total = (long)(a->rows.total / sizeof(qv__row));
	if (cap <= 0)
		return total;
	if (!a->recent || a->recent_cap != cap) {
		free(a->recent);
		a->recent_cap = a->recent_n = 0;
		if (!(a->recent = malloc(sizeof *a->recent * 2 * (size_t)cap))) {
			rows_last(a, (qv__row *)out, total < cap ? total : cap); /* as it is */
			return total;
		}
		a->recent_cap = cap;
		a->recent_upto = total;
		a->recent_at = cap;
		a->recent_n = (int)(total < cap ? total : cap);
		rows_last(a, a->recent + cap, a->recent_n);
	}
	/* a learner asks at every decision: the rows since the last ask put in front of those
	 * kept (moved to the room's end first when the front has no room for them) */
	long fresh = total - a->recent_upto;
	if (fresh >= cap) {
		a->recent_at = cap;
		a->recent_n = cap;
		rows_last(a, a->recent + cap, cap);
	} else if (fresh > 0) {
		int keep = a->recent_n < cap - fresh ? a->recent_n : cap - (int)fresh;
		if (a->recent_at < fresh) {
			memmove(a->recent + 2 * cap - keep, a->recent + a->recent_at,
			        sizeof *a->recent * (size_t)keep);
			a->recent_at = 2 * cap - keep;
		}
		a->recent_at -= (int)fresh;
		a->recent_n = keep + (int)fresh;
		rows_last(a, a->recent + a->recent_at, fresh);
	}
	a->recent_upto = total;
	memcpy(out, a->recent + a->recent_at, sizeof *a->recent * (size_t)a->recent_n);
	return total;
}

long qv__seat_rows(const qv__seat *a, qv__row *out, int cap)
{
	long total = (long)(a->rows.total / sizeof *out);
	int k = 0;
	size_t used = a->rows.used;
	for (const qv__chunk *c = a->rows.last; c && k < cap; c = c->prev) {
		for (long i = (long)(used / sizeof *out) - 1; i >= 0 && k < cap; i--)
			memcpy(&out[k++], c->s + (size_t)i * sizeof *out, sizeof *out);
		used = c->prev_used;
	}
	return total;
}
