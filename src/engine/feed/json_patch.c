/*
 * json_patch.c - the changes from one JSON value to another as RFC 6902 JSON Patch operations,
 * written as text (json_patch.h). A replay sends the first view whole and then these changes
 * (replay.c): a move changes a few squares, a score and whose turn it is, so a step's changes
 * are a small part of its view (docs/history/benchmarks-7.md, "Replays as changes").
 *
 * The two values are walked together once; nothing is built but the text. An equal part costs
 * a comparison and writes nothing. Two choices keep the changes short:
 * - An array's elements are lined up by their longest common subsequence (elements equal as
 *   JSON), as diff(1) lines up lines: the games list a board square by square, so a piece
 *   placed or taken shifts every later square by one index, which index by index would change
 *   them all.
 * - A changed object or array whose changes came out longer than its new value is replaced
 *   whole (a hand dealt anew, a board entry paired with another square's). Its length is
 *   counted only up to the changes' length, so that this costs at most what they did.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/feed/json_patch.h"
#include "games/json_util.h"

/* Deeper than this, a changed value is replaced whole rather than compared further (views are
 * a few levels deep; this bounds the walk's stack whatever it is given). */
#define PATCH_DEPTH 64

/* The most pairs of differing elements two arrays are lined up over (the table of their common
 * subsequence: 2 bytes and one comparison each); longer middles are compared index by index, so
 * that a step's work stays within a few times its view's. A board of 36 squares takes 1,296; the
 * largest seen in random games of every game, 361 (an Evons deck). */
#define ALIGN_MAX (1 << 12)

/* A walk: where the operations go, the JSON Pointer of the values compared now (RFC 6901:
 * each key after a '/', its '~' written "~0" and its '/' "~1"), and the count written. */
typedef struct walk {
	qv_buf *out;
	qv_buf path;
	int *ops;
	bool failed;
} walk;

/* Writes {"op": op, "path": the walk's path[, "value": v]}, after a comma but for the first. */
static void put_op(walk *w, const char *op, const json_t *v)
{
	qv_buf *b = w->out;
	qv_buf_puts(b, *w->ops ? ",{\"op\":\"" : "{\"op\":\"");
	qv_buf_puts(b, op);
	qv_buf_puts(b, "\",\"path\":");
	bool ok = qv__json_append_string(b, w->path.s ? w->path.s : "", w->path.len);
	if (v) {
		qv_buf_puts(b, ",\"value\":");
		ok = ok && qv__json_append(b, v);
	}
	qv_buf_putc(b, '}');
	(*w->ops)++;
	w->failed = w->failed || !ok || b->failed;
}

/* Adds the key of n bytes at key to the path as one reference token; returns the path's length
 * before it, to give back to pop(). */
static size_t push_key(walk *w, const char *key, size_t n)
{
	size_t at = w->path.len;
	qv_buf_putc(&w->path, '/');
	size_t run = 0;
	for (size_t i = 0; i < n; i++) {
		if (key[i] != '~' && key[i] != '/')
			continue;
		qv_buf_putn(&w->path, key + run, i - run);
		qv_buf_puts(&w->path, key[i] == '~' ? "~0" : "~1");
		run = i + 1;
	}
	qv_buf_putn(&w->path, key + run, n - run);
	return at;
}

/* Adds an array index to the path, as push_key. */
static size_t push_index(walk *w, size_t i)
{
	size_t at = w->path.len;
	qv_buf_putc(&w->path, '/');
	qv_buf_putd(&w->path, (long long)i);
	return at;
}

/* Gives the path back its length before the last push. */
static void pop(walk *w, size_t at)
{
	w->path.len = at;
	if (w->path.s)
		w->path.s[at] = '\0';
}

static void diff(walk *w, const json_t *a, const json_t *b, int depth);

/* The changes of two objects: the keys a has and b has not removed, then b's keys in its
 * order, compared where a has them and added where it has not. */
static void diff_objects(walk *w, const json_t *a, const json_t *b, int depth)
{
	json_t *ma = (json_t *)a, *mb = (json_t *)b; /* jansson's iterators take no const */
	for (void *it = json_object_iter(ma); it && !w->failed;
	     it = json_object_iter_next(ma, it)) {
		const char *key = json_object_iter_key(it);
		size_t n = json_object_iter_key_len(it);
		if (json_object_getn(b, key, n))
			continue;
		size_t at = push_key(w, key, n);
		put_op(w, "remove", NULL);
		pop(w, at);
	}
	for (void *it = json_object_iter(mb); it && !w->failed;
	     it = json_object_iter_next(mb, it)) {
		const char *key = json_object_iter_key(it);
		size_t n = json_object_iter_key_len(it);
		const json_t *old = json_object_getn(a, key, n);
		size_t at = push_key(w, key, n);
		if (old)
			diff(w, old, json_object_iter_value(it), depth + 1);
		else
			put_op(w, "add", json_object_iter_value(it));
		pop(w, at);
	}
}

/* The operations for a run of elements that differ between two matched ones: a[ia..ia + ga)
 * became b[ib..ib + gb), at index `at` of the array as patched so far. Element by element while
 * both have one, then b's further ones added, or a's further ones removed, the last first. */
static void diff_run(walk *w, const json_t *a, size_t ia, size_t ga, const json_t *b, size_t ib,
                     size_t gb, size_t at, int depth)
{
	size_t pairs = ga < gb ? ga : gb;
	for (size_t t = 0; t < pairs && !w->failed; t++) {
		size_t back = push_index(w, at + t);
		diff(w, json_array_get(a, ia + t), json_array_get(b, ib + t), depth + 1);
		pop(w, back);
	}
	for (size_t t = pairs; t < gb; t++) {
		size_t back = push_index(w, at + t);
		put_op(w, "add", json_array_get(b, ib + t));
		pop(w, back);
	}
	for (size_t t = ga; t > pairs; t--) {
		size_t back = push_index(w, at + t - 1);
		put_op(w, "remove", NULL);
		pop(w, back);
	}
}

/* The table of the longest common subsequences of a[h..h + ma) and b[h..h + mb): len[i][j]
 * (row stride mb + 1) that of a[h + i..] and b[h + j..]; NULL when memory ran out. */
static uint16_t *common(const json_t *a, const json_t *b, size_t h, size_t ma, size_t mb)
{
	size_t stride = mb + 1;
	uint16_t *len = calloc((ma + 1) * stride, sizeof *len);
	for (size_t i = ma; len && i-- > 0;)
		for (size_t j = mb; j-- > 0;) {
			uint16_t down = len[(i + 1) * stride + j], right = len[i * stride + j + 1];
			len[i * stride + j] =
			    json_equal(json_array_get(a, h + i), json_array_get(b, h + j))
			        ? (uint16_t)(len[(i + 1) * stride + j + 1] + 1)
			    : down > right ? down
			                   : right;
		}
	return len;
}

/* The middles a[h..h + ma) and b[h..h + mb), lined up by their longest common subsequence:
 * each run of elements between two kept ones is diff_run's. */
static void diff_aligned(walk *w, const json_t *a, const json_t *b, size_t h, size_t ma, size_t mb,
                         int depth)
{
	uint16_t *len = common(a, b, h, ma, mb);
	if (!len) {
		w->failed = true;
		return;
	}
	size_t stride = mb + 1, i = 0, j = 0, ri = 0, rj = 0, at = h;
	while (i < ma || j < mb) {
		bool keep = i < ma && j < mb && len[i * stride + j] > len[(i + 1) * stride + j] &&
		            len[i * stride + j] > len[i * stride + j + 1];
		if (keep) {
			diff_run(w, a, h + ri, i - ri, b, h + rj, j - rj, at, depth);
			at += j - rj + 1;
			ri = ++i;
			rj = ++j;
		} else if (j == mb ||
		           (i < ma && len[(i + 1) * stride + j] >= len[i * stride + j + 1])) {
			i++;
		} else {
			j++;
		}
	}
	diff_run(w, a, h + ri, i - ri, b, h + rj, j - rj, at, depth);
	free(len);
}

/* The changes of two arrays. Their common start and end are left alone; the middles between
 * are lined up (diff_aligned) when the table for it is small, else compared index by index. */
static void diff_arrays(walk *w, const json_t *a, const json_t *b, int depth)
{
	size_t na = json_array_size(a), nb = json_array_size(b);
	size_t both = na < nb ? na : nb, head = 0, tail = 0;
	while (head < both && json_equal(json_array_get(a, head), json_array_get(b, head)))
		head++;
	while (tail < both - head &&
	       json_equal(json_array_get(a, na - 1 - tail), json_array_get(b, nb - 1 - tail)))
		tail++;
	size_t ma = na - head - tail, mb = nb - head - tail; /* the middles that differ */
	if (ma && mb && ma * mb > 1 && ma * mb <= ALIGN_MAX)
		diff_aligned(w, a, b, head, ma, mb, depth);
	else
		diff_run(w, a, head, ma, b, head, mb, head, depth);
}

/* Whether two values of the same type that is neither an object nor an array are equal. */
static bool same_scalar(const json_t *a, const json_t *b)
{
	switch (json_typeof(a)) {
	case JSON_STRING:
		return json_string_length(a) == json_string_length(b) &&
		       memcmp(json_string_value(a), json_string_value(b), json_string_length(a)) ==
		           0;
	case JSON_INTEGER: return json_integer_value(a) == json_integer_value(b);
	case JSON_REAL: return json_real_value(a) == json_real_value(b);
	default: return true; /* true, false and null: the type is the value */
	}
}

/* The length of j written as compact JSON, counted up to `most`: more than most when it is
 * longer (the count stops there). A real number counts as 24 characters, a guess: only the
 * choice between changes and a whole value rests on it. */
static size_t text_length(const json_t *j, size_t most)
{
	size_t n = 0;
	switch (json_typeof(j)) {
	case JSON_OBJECT:
		n = 1;
		for (void *it = json_object_iter((json_t *)j); it && n <= most;
		     it = json_object_iter_next((json_t *)j, it))
			n += json_object_iter_key_len(it) + 4 +
			     text_length(json_object_iter_value(it), most - n);
		return n;
	case JSON_ARRAY:
		n = 1;
		for (size_t i = 0; i < json_array_size(j) && n <= most; i++)
			n += 1 + text_length(json_array_get(j, i), most - n);
		return n + (n == 1);
	case JSON_STRING: {
		const char *s = json_string_value(j);
		n = json_string_length(j) + 2;
		for (size_t i = 0; i < json_string_length(j) && n <= most; i++)
			n += s[i] == '"' || s[i] == '\\' ? 1 : (unsigned char)s[i] < 0x20 ? 5 : 0;
		return n;
	}
	case JSON_INTEGER: {
		json_int_t v = json_integer_value(j);
		for (n = v <= 0 ? 1 : 0; v; v /= 10)
			n++;
		return n;
	}
	case JSON_REAL: return 24;
	case JSON_FALSE: return 5;
	default: return 4; /* true, null */
	}
}

/* The changes of two containers of the same type (objects or arrays), or one `replace` with b
 * when that is shorter than the changes written. */
static void diff_container(walk *w, const json_t *a, const json_t *b, int depth)
{
	size_t start = w->out->len;
	int ops = *w->ops;
	if (json_is_object(a))
		diff_objects(w, a, b, depth);
	else
		diff_arrays(w, a, b, depth);
	size_t written = w->out->len - start;
	/* {"op":"replace","path":...,"value":...}, a comma before it: 32 and the path */
	size_t op = 32 + w->path.len;
	if (w->failed || *w->ops - ops < 2 || written <= op ||
	    text_length(b, written - op) >= written - op)
		return;
	w->out->len = start;
	w->out->s[start] = '\0';
	*w->ops = ops;
	put_op(w, "replace", b);
}

static void diff(walk *w, const json_t *a, const json_t *b, int depth)
{
	if (a == b || w->failed)
		return;
	json_type t = json_typeof(a);
	if (t != json_typeof(b) || depth >= PATCH_DEPTH) {
		if (!json_equal(a, b))
			put_op(w, "replace", b);
	} else if (t == JSON_OBJECT || t == JSON_ARRAY) {
		diff_container(w, a, b, depth);
	} else if (!same_scalar(a, b)) {
		put_op(w, "replace", b);
	}
}

bool qv__json_patch(qv_buf *out, const char *at, const json_t *a, const json_t *b, int *ops)
{
	walk w = {.out = out, .ops = ops};
	qv_buf_puts(&w.path, at);
	if (!a || !b || w.path.failed) {
		qv_buf_free(&w.path);
		return false;
	}
	diff(&w, a, b, 0);
	bool ok = !w.failed && !w.path.failed && !out->failed;
	qv_buf_free(&w.path);
	return ok;
}
