/*
 * json_util.c - checked reads of untrusted JSON, shared by the games' loaders, and the
 * writers that build or write JSON whole or not at all.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "games/json_util.h"
#include "quiver/game.h"

qv_status qv__json_get_int(const json_t *o, const char *key, const char *what, long lo, long hi,
                           long def, long *out, qv_err *err)
{
	json_t *v = json_object_get(o, key);
	if (!v) {
		*out = def;
		return QV_OK;
	}
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return qv_fail(err, QV_EINVAL, "%s.%s must be a whole number from %ld to %ld", what,
		               key, lo, hi);
	*out = (long)json_integer_value(v);
	return QV_OK;
}

qv_status qv__json_get_bool(const json_t *o, const char *key, const char *what, bool def, bool *out,
                            qv_err *err)
{
	json_t *v = json_object_get(o, key);
	if (!v) {
		*out = def;
		return QV_OK;
	}
	if (!json_is_boolean(v))
		return qv_fail(err, QV_EINVAL, "%s.%s must be true or false", what, key);
	*out = json_is_true(v);
	return QV_OK;
}

json_t *qv__json_player(int p)
{
	char b[8];
	return json_string(qv_player_name(p, b));
}

json_t *qv__json_put(json_t *o, const char *key, json_t *v)
{
	if (!o || !v) {
		json_decref(o);
		json_decref(v);
		return NULL;
	}
	if (json_object_set_new(o, key, v)) { /* releases v */
		json_decref(o);
		return NULL;
	}
	return o;
}

/* Appends the n bytes at s to b: a memcpy while the room lasts (the buffer doubles when it
 * does not), so that a frame of thousands of pieces costs a copy per piece and no format. */
static inline void put(qv_buf *b, const char *s, size_t n)
{
	if (b->len + n < b->cap) {
		memcpy(b->s + b->len, s, n);
		b->len += n;
	} else {
		qv_buf_putn(b, s, n);
	}
}

/* Appends one piece of jansson's output to the qv_buf data; fails once the buffer has. */
static int dump_piece(const char *piece, size_t size, void *data)
{
	qv_buf *b = data;
	put(b, piece, size);
	return b->failed ? -1 : 0;
}

/* The length of the UTF-8 sequence at s[0..n) when it is one whole, valid code point (no
 * overlong form, no surrogate, nothing past U+10FFFF: the strings jansson agrees to write),
 * else 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len = c >= 0xC2 && c <= 0xDF   ? 2
	             : c >= 0xE0 && c <= 0xEF ? 3
	             : c >= 0xF0 && c <= 0xF4 ? 4
	                                      : 0;
	if (len == 0 || len > n)
		return 0;
	unsigned cp = c & (0x3Fu >> (len - 1));
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3Fu);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10FFFF ||
	    (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return len;
}

/* Whether the 8 bytes at p are all printable ASCII but the quote and the backslash (bytes JSON
 * takes as they are), tested together: a byte below 0x20, a quote or a backslash sets its
 * high bit in one of the three words below (exact as to whether any does: the usual test for
 * a zero byte), and a byte from 0x80 on has it already. */
static inline bool plain8(const unsigned char *p)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	uint64_t w, q, b;
	memcpy(&w, p, 8);
	q = w ^ (ones * '"');
	b = w ^ (ones * '\\');
	return ((((w - ones * 0x20) & ~w) | ((q - ones) & ~q) | ((b - ones) & ~b) | w) & highs) ==
	       0;
}

/* Appends s[0..n) as a JSON string, escaped as jansson escapes it without flags (the two
 * escapes every writer needs, the short forms of \b \f \n \r \t, \u00XX for the other
 * control characters, the rest as it is); false for text that is not UTF-8, which jansson
 * refuses to write too. */
static bool put_string(qv_buf *b, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	put(b, "\"", 1);
	size_t run = 0, i = 0; /* the start of the bytes not yet copied, and where the scan is */
	/* A long string's first printable ASCII but the quote and the backslash (a note, most of
	 * which is such) passed over eight bytes at a time; the rest as a short one, byte by
	 * byte: a name or a cell, and a string past its first escape or character beyond ASCII
	 * (a board drawn in glyphs), where eight at a time would fail at every few. */
	if (n >= 16)
		while (i + 8 <= n && plain8(u + i))
			i += 8;
	while (i < n) {
		/* printable ASCII but the quote and the backslash, passed over in one tight loop */
		while (i < n && u[i] - 0x20u < 0x5fu && u[i] != '"' && u[i] != '\\')
			i++;
		if (i == n)
			break;
		unsigned c = u[i];
		if (c >= 0x80) {
			size_t len = utf8_len(u + i, n - i);
			if (!len)
				return false;
			i += len;
			continue;
		}
		if (c >= 0x20 && c != '"' && c != '\\') {
			i++;
			continue;
		}
		put(b, s + run, i - run);
		char esc[8] = {'\\', 0};
		size_t elen = 2;
		switch (c) {
		case '"': esc[1] = '"'; break;
		case '\\': esc[1] = '\\'; break;
		case '\b': esc[1] = 'b'; break;
		case '\f': esc[1] = 'f'; break;
		case '\n': esc[1] = 'n'; break;
		case '\r': esc[1] = 'r'; break;
		case '\t': esc[1] = 't'; break;
		default:
			memcpy(esc + 1, "u00", 3);
			esc[4] = "0123456789ABCDEF"[c >> 4];
			esc[5] = "0123456789ABCDEF"[c & 15];
			elen = 6;
		}
		put(b, esc, elen);
		run = ++i;
	}
	put(b, s + run, n - run);
	put(b, "\"", 1);
	return true;
}

/* Deeper than this, a value is left to jansson's own writer (which also finds a value that
 * contains itself); quiver's frames and views are a few levels deep, and what it reads is at
 * most QV__JSON_DEPTH. */
#define WRITE_DEPTH 256

/* Appends j as compact JSON, byte for byte what json_dumps(j, JSON_COMPACT) writes (keys in
 * the order they were set, as jansson keeps them); false when a string is not UTF-8 or the
 * value is deeper than WRITE_DEPTH. A real number is written by jansson itself (its shortest
 * form that reads back the same), rare in what quiver writes. */
static bool put_value(qv_buf *b, const json_t *j, int depth)
{
	if (depth > WRITE_DEPTH)
		return false;
	switch (json_typeof(j)) {
	case JSON_OBJECT: {
		put(b, "{", 1);
		bool first = true;
		for (void *it = json_object_iter((json_t *)j); it;
		     it = json_object_iter_next((json_t *)j, it)) {
			if (!first)
				put(b, ",", 1);
			first = false;
			if (!put_string(b, json_object_iter_key(it), json_object_iter_key_len(it)))
				return false;
			put(b, ":", 1);
			if (!put_value(b, json_object_iter_value(it), depth + 1))
				return false;
		}
		put(b, "}", 1);
		return true;
	}
	case JSON_ARRAY: {
		put(b, "[", 1);
		size_t n = json_array_size(j);
		for (size_t i = 0; i < n; i++) {
			if (i)
				put(b, ",", 1);
			if (!put_value(b, json_array_get(j, i), depth + 1))
				return false;
		}
		put(b, "]", 1);
		return true;
	}
	case JSON_STRING: return put_string(b, json_string_value(j), json_string_length(j));
	case JSON_INTEGER: qv_buf_putd(b, json_integer_value(j)); return true;
	case JSON_REAL:
		return json_dump_callback(j, dump_piece, b, JSON_COMPACT | JSON_ENCODE_ANY) == 0;
	case JSON_TRUE: put(b, "true", 4); return true;
	case JSON_FALSE: put(b, "false", 5); return true;
	default: put(b, "null", 4); return true;
	}
}

bool qv__json_append(qv_buf *b, const json_t *j)
{
	if (!j)
		return false;
	size_t at = b->len;
	bool ok = put_value(b, j, 0);
	if (!ok && !b->failed) { /* what this writer declines, jansson writes (or refuses) */
		b->len = at;
		ok = json_dump_callback(j, dump_piece, b, JSON_COMPACT | JSON_ENCODE_ANY) == 0;
	}
	if (b->s)
		b->s[b->len] = '\0';
	return ok && !b->failed;
}

bool qv__json_append_string(qv_buf *b, const char *s, size_t n)
{
	bool ok = put_string(b, s, n);
	if (b->s)
		b->s[b->len] = '\0';
	return ok && !b->failed;
}

/* The comma before a value that is not the first of its container, and its key. */
static void jw_value(qv__jw *w, const char *key)
{
	QV_ASSERT(w->depth >= 0 && w->depth < 64);
	if (w->more >> w->depth & 1)
		put(w->b, ",", 1);
	w->more |= 1ull << w->depth;
	if (key) {
		put(w->b, "\"", 1);
		put(w->b, key, strlen(key));
		put(w->b, "\":", 2);
	}
}

void qv__jw_open(qv__jw *w, const char *key, char bracket)
{
	jw_value(w, key);
	put(w->b, &bracket, 1);
	w->depth++;
	w->more &= ~(1ull << w->depth);
}

/* The one write that ends the text with a NUL (put does not), so a text is whole once its
 * outermost container is closed. */
void qv__jw_close(qv__jw *w, char bracket)
{
	qv_buf_putc(w->b, bracket);
	w->depth--;
}

void qv__jw_str(qv__jw *w, const char *key, const char *s)
{
	jw_value(w, key);
	w->ok &= put_string(w->b, s, strlen(s));
}

void qv__jw_int(qv__jw *w, const char *key, long long v)
{
	jw_value(w, key);
	qv_buf_putd(w->b, v);
}

void qv__jw_bool(qv__jw *w, const char *key, bool v)
{
	jw_value(w, key);
	put(w->b, v ? "true" : "false", v ? 4 : 5);
}

void qv__jw_null(qv__jw *w, const char *key)
{
	jw_value(w, key);
	put(w->b, "null", 4);
}

void qv__jw_player(qv__jw *w, const char *key, int p)
{
	char n[8];
	qv__jw_str(w, key, qv_player_name(p, n));
}

bool qv__jw_done(const qv__jw *w) { return w->ok && !w->b->failed; }

char *qv__json_dumps(const json_t *j, size_t flags)
{
	qv_buf b = {0};
	if (!j)
		return NULL;
	/* The frames' form (compact, keys in their order) is written here; any other form, and a
	 * value this writer declines, by jansson through dump_piece. */
	bool own = (flags & ~(size_t)(JSON_ENCODE_ANY | JSON_PRESERVE_ORDER)) == JSON_COMPACT;
	if (own && !(flags & JSON_ENCODE_ANY) && !json_is_object(j) && !json_is_array(j))
		return NULL; /* as json_dumps: a bare value only when asked for */
	if (own) {
		qv_buf_putn(&b, "", 0); /* the first room, so that put() copies at once */
		bool whole = put_value(&b, j, 0);
		if (b.failed) {
			qv_buf_free(&b);
			return NULL;
		}
		if (whole) {
			b.s[b.len] = '\0';
			return b.s;
		}
		qv_buf_clear(&b);
	}
	if (json_dump_callback(j, dump_piece, &b, flags) != 0 || b.failed || !b.s) {
		qv_buf_free(&b);
		return NULL;
	}
	b.s[b.len] = '\0';
	return b.s; /* the buffer's own text, which the caller frees */
}

json_t *qv__json_push(json_t *a, json_t *v)
{
	if (!a || !v) {
		json_decref(a);
		json_decref(v);
		return NULL;
	}
	if (json_array_append_new(a, v)) { /* releases v */
		json_decref(a);
		return NULL;
	}
	return a;
}

qv_status qv__json_get_player(const json_t *v, const char *what, int nplayers, int *p, qv_err *err)
{
	*p = json_is_string(v) ? qv_player_parse(json_string_value(v), nplayers) : -1;
	if (*p < 0)
		return qv_fail(err, QV_EINVAL, "%s must be a player p1-p%d", what, nplayers);
	return QV_OK;
}

qv_status qv__json_get_opt_player(const json_t *o, const char *key, const char *where, int nplayers,
                                  int def, int *p, qv_err *err)
{
	const json_t *v = json_object_get(o, key);
	*p = def;
	if (!v || json_is_null(v))
		return QV_OK;
	*p = json_is_string(v) ? qv_player_parse(json_string_value(v), nplayers) : -1;
	if (*p < 0)
		return qv_fail(err, QV_EINVAL, "%s.%s must be a player p1-p%d", where, key,
		               nplayers);
	return QV_OK;
}

qv_status qv__json_each_object(const json_t *a, const char *name, const char *of, const char *with,
                               qv__json_entry_fn each, void *ctx, qv_err *err)
{
	if (!json_is_array(a))
		return qv_fail(err, QV_EINVAL, "state.%s must be an array of %s", name, of);
	size_t i;
	json_t *o;
	json_array_foreach(a, i, o)
	{
		char what[32];
		snprintf(what, sizeof what, "%s[%zu]", name, i);
		if (!json_is_object(o))
			return qv_fail(err, QV_EINVAL, "%s must be an object with %s", what, with);
		qv_status rc = each(ctx, o, what, err);
		if (rc)
			return rc;
	}
	return QV_OK;
}

qv_status qv__json_get_ids(const json_t *o, const char *key, const char *what, int max,
                           qv__json_id_fn get, const void *ctx, uint8_t *out, int *n, qv_err *err)
{
	json_t *a = json_object_get(o, key);
	*n = 0;
	if (!a)
		return QV_OK;
	if (!json_is_array(a) || json_array_size(a) > (size_t)max)
		return qv_fail(err, QV_EINVAL, "%s.%s must be an array of at most %d card ids",
		               what, key, max);
	size_t i;
	json_t *v;
	json_array_foreach(a, i, v)
	{
		int id;
		char w[64];
		snprintf(w, sizeof w, "%s.%s[%zu]", what, key, i);
		qv_status rc = get(ctx, v, w, &id, err);
		if (rc)
			return rc;
		out[(*n)++] = (uint8_t)id;
	}
	return QV_OK;
}

qv_status qv__json_get_sq(const json_t *v, const char *what, const char *noun, int width,
                          int height, int *file, int *rank, qv_err *err)
{
	qv_err e;
	if (!json_is_string(v))
		return qv_fail(err, QV_EINVAL, "%s must be a %s such as \"c3\"", what, noun);
	if (qv_sq_parse(json_string_value(v), width, height, file, rank, &e))
		return qv_fail(err, QV_EINVAL, "%s: %s", what, e.msg);
	return QV_OK;
}

int qv__json_name_index(const json_t *v, const char *const *names, int n)
{
	if (!json_is_string(v))
		return -1;
	for (int i = 0; i < n; i++)
		if (qv_streq_nocase(json_string_value(v), names[i]))
			return i;
	return -1;
}

qv_status qv__json_get_name(const json_t *o, const char *key, const char *what,
                            const char *const *names, int n, int def, int *out, qv_err *err)
{
	const json_t *v = json_object_get(o, key);
	*out = v ? qv__json_name_index(v, names, n) : def;
	if (*out >= 0)
		return QV_OK;
	char list[256] = "";
	size_t len = 0;
	for (int i = 0; i < n && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
		                        i == 0       ? ""
		                        : i == n - 1 ? " or "
		                                     : ", ",
		                        names[i]);
	return qv_fail(err, QV_EINVAL, "%s.%s must be %s", what, key, list);
}

void qv__rng_hex(const qv_rng *r, char hex[65])
{
	for (int i = 0; i < 4; i++)
		snprintf(hex + 16 * i, 17, "%016llx", (unsigned long long)r->s[i]);
}

json_t *qv__json_rng(const qv_rng *r)
{
	char hex[65];
	qv__rng_hex(r, hex);
	return json_string(hex);
}

qv_status qv__json_get_rng(const json_t *v, const char *what, qv_rng *out, qv_err *err)
{
	const char *t = json_is_string(v) ? json_string_value(v) : "";
	if (strlen(t) != 64)
		return qv_fail(err, QV_EINVAL, "%s must be 64 hex digits", what);
	qv_rng r;
	for (int i = 0; i < 4; i++) {
		uint64_t w = 0;
		for (int j = 0; j < 16; j++) {
			char ch = t[16 * i + j];
			int d = ch >= '0' && ch <= '9'   ? ch - '0'
			        : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
			        : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
			                                 : -1;
			if (d < 0)
				return qv_fail(err, QV_EINVAL, "%s must be 64 hex digits", what);
			w = w << 4 | (uint64_t)d;
		}
		r.s[i] = w;
	}
	if (!(r.s[0] | r.s[1] | r.s[2] | r.s[3]))
		return qv_fail(err, QV_EINVAL, "%s must not be all zero", what);
	*out = r;
	return QV_OK;
}

qv_status qv__json_check_state(const json_t *j, const char *const *keys, qv_err *err)
{
	if (!json_is_object(j))
		return qv_fail(err, QV_EINVAL, "state must be a JSON object");
	return qv__json_check_keys(j, "state", keys, err);
}

bool qv__json_is_list(const json_t *a, size_t max)
{
	return !a || (json_is_array(a) && json_array_size(a) <= max);
}

qv_status qv__json_get_mask(const json_t *a, size_t max, qv__json_place_fn get, const char *what,
                            const char *noun, const char *entry, uint64_t *m, qv_err *err)
{
	*m = 0;
	if (!qv__json_is_list(a, max))
		return qv_fail(err, QV_EINVAL, "%s must be an array of %s", what, noun);
	size_t i;
	json_t *v;
	json_array_foreach(a, i, v)
	{
		char name[96];
		int at;
		if (!entry)
			snprintf(name, sizeof name, "%s[%zu]", what, i);
		qv_status rc = get(v, entry ? entry : name, &at, err);
		if (rc)
			return rc;
		*m |= 1ull << at;
	}
	return QV_OK;
}

json_t *qv__json_put_turn(json_t *o, const char *phase, int active, bool first_known, int first,
                          int turns)
{
	o = qv__json_put(o, "phase", json_string(phase));
	o = qv__json_put(o, "active", qv__json_player(active));
	o = qv__json_put(o, "first", first_known ? qv__json_player(first) : json_null());
	return qv__json_put(o, "turns", json_integer(turns));
}

void qv__jw_turn(qv__jw *w, const char *phase, int active, bool first_known, int first, int turns)
{
	qv__jw_str(w, "phase", phase);
	qv__jw_player(w, "active", active);
	if (first_known)
		qv__jw_player(w, "first", first);
	else
		qv__jw_null(w, "first");
	qv__jw_int(w, "turns", turns);
}

qv_status qv__json_get_turn(const json_t *j, const char *const *names, int n, int def,
                            uint8_t *phase, uint8_t *active, int *first, qv_err *err)
{
	int ph, act;
	qv_status rc;
	if ((rc = qv__json_get_name(j, "phase", "state", names, n, def, &ph, err)))
		return rc;
	*phase = (uint8_t)ph;
	if ((rc = qv__json_get_opt_player(j, "active", "state", 2, 0, &act, err)) ||
	    (rc = qv__json_get_opt_player(j, "first", "state", 2, -1, first, err)))
		return rc;
	*active = (uint8_t)act;
	return QV_OK;
}
