/*
 * test_json_parse.c - reading untrusted JSON (src/games/json_parse.c): the depth refused before
 * jansson sees it, brackets in strings and escapes, and the arena's bound. For shapes chosen to
 * make jansson allocate the most per byte of text (empty objects and arrays, numbers, short and
 * long strings, many keys, escapes, nests 64 deep, broken texts that stop mid-way) and for
 * thousands of random texts, the arena's high-water mark must stay within its reservation with
 * no allocation outside it, and the value must be the one jansson alone reads. Also: the
 * fallback when a reservation is too small, the copy's own failure, and parses on several
 * threads at once while another builds and releases JSON.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "games/json_util.h"
#include "quiver/core.h"

/* The largest body or message the server reads (QV__BODY_MAX). */
#define BODY 65536

/* ---- a failing allocator under the arena's, for the copy's failure ------------------------ */

static bool refuse_json; /* refuse every allocation jansson makes outside an arena */

static void *json_alloc(size_t n) { return refuse_json ? NULL : malloc(n); }

/* ---- checks ---------------------------------------------------------------------------------- */

static double worst_ratio; /* the largest reservation per byte of text seen, for the log */

/* Parses text with qv__json_parse and with jansson alone: the same value (or the same
 * refusal, unless the depth was refused first), the arena within its reservation, no allocation
 * outside it. Returns the reservation. */
static size_t check(const char *what, const char *text, size_t len, size_t flags)
{
	qv__json_arena before, after;
	qv__json_arena_stats(&before);
	json_error_t mine, theirs;
	json_t *got;
	qv_status rc = qv__json_parse(text, len, flags, &got, &mine);
	qv__json_arena_stats(&after);
	json_t *want = json_loadb(text, len, flags, &theirs);
	if (rc == QV_OK) {
		if (!want || !json_equal(got, want))
			fail_msg("%s: the value read differs from jansson's", what);
	} else {
		assert_int_equal(rc, QV_EINVAL);
		assert_null(got);
		if (!strstr(mine.text, "nested deeper than 64 levels")) {
			if (want)
				fail_msg("%s: refused (%s), but jansson reads it", what, mine.text);
			assert_string_equal(mine.text, theirs.text);
			assert_int_equal(mine.line, theirs.line);
			assert_int_equal(mine.column, theirs.column);
			assert_int_equal(mine.position, theirs.position);
		}
	}
	if (after.used > after.reserved)
		fail_msg("%s: %zu bytes used of a reservation of %zu", what, after.used,
		         after.reserved);
	if (after.spilled != before.spilled)
		fail_msg("%s: %zu allocations fell outside the reservation of %zu bytes", what,
		         after.spilled - before.spilled, after.reserved);
	if (len > 1000 && (double)after.reserved / (double)len > worst_ratio)
		worst_ratio = (double)after.reserved / (double)len;
	json_decref(got);
	json_decref(want);
	return after.reserved;
}

static void check_buf(const char *what, const qv_buf *b, size_t flags)
{
	check(what, qv_buf_str(b), strlen(qv_buf_str(b)), flags);
}

/* "[" item "," item ... "]" filling about `size` bytes. */
static void repeat(qv_buf *b, const char *open, const char *item, const char *close, size_t size)
{
	qv_buf_clear(b);
	qv_buf_puts(b, open);
	size_t n = strlen(item) + 1;
	for (size_t i = 0; (i + 2) * n < size; i++) {
		if (i)
			qv_buf_putc(b, ',');
		qv_buf_puts(b, item);
	}
	qv_buf_puts(b, close);
}

/* depth arrays (or objects) inside one another. */
static void nest(qv_buf *b, int depth, bool objects, const char *inside)
{
	qv_buf_clear(b);
	for (int i = 0; i < depth; i++)
		qv_buf_puts(b, objects ? "{\"k\":" : "[");
	qv_buf_puts(b, inside);
	for (int i = 0; i < depth; i++)
		qv_buf_putc(b, objects ? '}' : ']');
}

/* ---- depth ----------------------------------------------------------------------------------- */

static void assert_too_deep(const char *text, int line, int column)
{
	json_t *j;
	json_error_t e;
	assert_int_equal(qv__json_parse(text, strlen(text), 0, &j, &e), QV_EINVAL);
	assert_null(j);
	assert_non_null(strstr(e.text, "nested deeper than 64 levels"));
	assert_int_equal(json_error_code(&e), json_error_stack_overflow);
	assert_int_equal(e.line, line);
	assert_int_equal(e.column, column);
}

/* 64 levels are read, 65 refused, wherever the 65th bracket is and whatever follows; brackets
 * in strings do not count, escaped quotes do not end a string, an escaped backslash does. */
static void test_depth(void **unused)
{
	(void)unused;
	qv_buf b = {0};
	nest(&b, 64, false, "1");
	check_buf("64 arrays", &b, 0);
	nest(&b, 64, true, "[]");
	assert_true(strstr(qv_buf_str(&b), "[]") != NULL);
	assert_too_deep(qv_buf_str(&b), 1, 5 * 64 + 1); /* 64 objects, then the array */
	nest(&b, 64, true, "{}");
	assert_too_deep(qv_buf_str(&b), 1, 5 * 64 + 1);
	nest(&b, 63, true, "[]");
	check_buf("63 objects and an array", &b, 0);
	nest(&b, 65, false, "");
	assert_too_deep(qv_buf_str(&b), 1, 65);
	/* Unclosed: refused all the same, before jansson reads to the end. */
	qv_buf_clear(&b);
	for (int i = 0; i < 100000; i++)
		qv_buf_putc(&b, '[');
	assert_too_deep(qv_buf_str(&b), 1, 65);
	/* The line and column of the bracket, in characters, as jansson counts them. */
	qv_buf_clear(&b);
	qv_buf_puts(&b, "{\"\xC3\xA9\xC3\xA9\":\n  ");
	for (int i = 0; i < 70; i++)
		qv_buf_putc(&b, '[');
	assert_too_deep(qv_buf_str(&b), 2, 2 + 64);
	/* Brackets inside strings are text. */
	qv_buf_clear(&b);
	qv_buf_puts(&b, "[\"");
	for (int i = 0; i < 1000; i++)
		qv_buf_puts(&b, "[{");
	qv_buf_puts(&b, "\", {\"[[[[\": \"\\\"[[[[[[[[\"}]");
	check_buf("brackets in strings", &b, 0);
	/* An escaped backslash ends the escape: the quote after it closes the string. */
	qv_buf_clear(&b);
	qv_buf_puts(&b, "[\"\\\\\"");
	for (int i = 0; i < 64; i++)
		qv_buf_puts(&b, ",[");
	assert_too_deep(qv_buf_str(&b), 1, 5 + 2 * 64);
	/* Stray closing brackets do not buy depth. */
	qv_buf_clear(&b);
	qv_buf_puts(&b, "]]]]");
	for (int i = 0; i < 65; i++)
		qv_buf_putc(&b, '[');
	assert_too_deep(qv_buf_str(&b), 1, 4 + 65);
	qv_buf_free(&b);
}

/* ---- the bound ------------------------------------------------------------------------------- */

/* The shapes that cost jansson the most per byte, at the size of a body, and the value read. */
static void test_bound_shapes(void **unused)
{
	(void)unused;
	qv_buf b = {0};
	static const char *const items[] = {
	    "{}",
	    "[]",
	    "1",
	    "-0",
	    "1.5e3",
	    "12345678901234567",
	    "0.000001",
	    "true",
	    "null",
	    "\"\"",
	    "\"a\"",
	    "\"\\u00e9\"",
	    "\"\\ud83d\\ude00\"",
	    "\"\\n\\t\\\\\\\"\\/\"",
	    "{\"k\":1}",
	    "[[]]",
	    "{\"\":{}}",
	    "[1,[2,[3]]]",
	    " { } ",
	    "\"\xC3\xA9\"",
	};
	for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
		char what[64];
		snprintf(what, sizeof what, "[%s, ...]", items[i]);
		repeat(&b, "[", items[i], "]", BODY);
		check_buf(what, &b, 0);
		repeat(&b, "[", items[i], "]", 300); /* small: the arena's fixed part counts */
		check_buf(what, &b, 0);
	}
	/* The worst shape, as json_util.h states it: 80 bytes per byte of a body. */
	repeat(&b, "[", "{}", "]", BODY);
	size_t reserved = check("[{}, ...]", qv_buf_str(&b), strlen(qv_buf_str(&b)), 0);
	assert_true(reserved <= 80 * (size_t)BODY + 1024);
	/* Objects of many keys (the buckets double), short and long, with escapes, duplicates
	 * (read as jansson reads them, the last one kept) and without. */
	static const char *const keys[] = {"k%zu", "%zu", "key with a longer name number %zu",
	                                   "\\u00e9\\t%zu", ""};
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		/* 1, 2, 2, 3, 4, 5, 8, 9, ..., 4096, 4097 keys: a power of two fills the
		 * buckets, one more doubles them. */
		for (size_t m = 0; m < 26; m++) {
			size_t n = ((size_t)1 << m / 2) + m % 2;
			qv_buf_clear(&b);
			qv_buf_putc(&b, '{');
			for (size_t i = 0; i < n; i++) {
				qv_buf_puts(&b, i ? ",\"" : "\"");
				qv_buf_printf(&b, keys[k], i);
				qv_buf_puts(&b, "\":0");
			}
			qv_buf_putc(&b, '}');
			check_buf("many keys", &b, 0);
		}
	}
	/* 33 keys of each length (33: the buckets have just doubled to 64): a key's pair is its
	 * length and a fixed part, rounded up, with little else in the text to hide a miscount. */
	for (int width = 2; width <= 80; width++) {
		qv_buf_clear(&b);
		qv_buf_putc(&b, '{');
		for (int i = 0; i < 33; i++)
			qv_buf_printf(&b, "%s\"%0*d\":0", i ? "," : "", width, i);
		qv_buf_putc(&b, '}');
		check_buf("33 keys", &b, JSON_REJECT_DUPLICATES);
	}
	/* Strings of every length around the token buffer's doublings, and one of a whole body. */
	for (size_t n = 0; n < 600; n++) {
		qv_buf_clear(&b);
		qv_buf_puts(&b, "[\"");
		for (size_t i = 0; i < n; i++)
			qv_buf_putc(&b, (char)('a' + i % 26));
		qv_buf_puts(&b, "\", 1]");
		check_buf("a string", &b, 0);
		qv_buf_clear(&b);
		qv_buf_puts(&b, "{\"");
		for (size_t i = 0; i < n; i++)
			qv_buf_puts(&b, i % 3 ? "x" : "\\u0041");
		qv_buf_puts(&b, "\": 1}");
		check_buf("a key", &b, 0);
		qv_buf_clear(&b);
		qv_buf_putc(&b, '[');
		for (size_t i = 0; i < n; i++)
			qv_buf_putc(&b, (char)('1' + i % 9));
		qv_buf_putc(&b, ']');
		check_buf("a number", &b, JSON_DECODE_INT_AS_REAL);
		/* Alone, with the byte jansson reads past it before it puts it back. */
		qv_buf_clear(&b);
		for (size_t i = 0; i < n; i++)
			qv_buf_putc(&b, (char)('1' + i % 9));
		qv_buf_puts(&b, " ");
		check_buf("a number alone", &b, JSON_DECODE_INT_AS_REAL | JSON_DECODE_ANY);
	}
	qv_buf_clear(&b);
	qv_buf_puts(&b, "[\"");
	for (size_t i = 0; i < BODY - 8; i++)
		qv_buf_putc(&b, (char)('a' + i % 26));
	qv_buf_puts(&b, "\"]");
	check_buf("a string of a body", &b, 0);
	/* Nests of 64 levels side by side, arrays and objects. */
	qv_buf item = {0};
	nest(&item, 63, false, "\"x\"");
	repeat(&b, "[", qv_buf_str(&item), "]", BODY);
	check_buf("nests of 64 arrays", &b, 0);
	nest(&item, 63, true, "{}");
	repeat(&b, "[", qv_buf_str(&item), "]", BODY);
	check_buf("nests of 64 objects", &b, 0);
	qv_buf_free(&item);
	/* Any value at the top (JSON_DECODE_ANY) and white space everywhere. */
	static const char *const alone[] = {"  42  ", "\"\\u00e9t\\u00e9\"", "true", "-1.5"};
	for (size_t i = 0; i < sizeof alone / sizeof alone[0]; i++)
		check(alone[i], alone[i], strlen(alone[i]), JSON_DECODE_ANY);
	repeat(&b, "[ \n", " \t1 \r\n ", " ]", BODY);
	check_buf("white space", &b, 0);
	qv_buf_free(&b);
	printf("the largest reservation: %.1f bytes per byte of text\n", worst_ratio);
}

/* Texts that jansson stops reading part of the way, with what it allocated until then: the
 * same refusal as jansson's, and the bound holding all the same. */
static void test_bound_broken(void **unused)
{
	(void)unused;
	static const char *const texts[] = {
	    "[\"unterminated",
	    "[\"bad escape \\x\"]",
	    "[\"\\u12\"]",
	    "[\"\\ud800\"]",
	    "[1 2]",
	    "[1a]",
	    "[1\"a string after a value, which jansson reads before it refuses\"]",
	    "{\"a\" 1}",
	    "{\"a\":1,\"a\":2}",
	    "[tru]",
	    "[truefalse]",
	    "[\"\xC3\x28\"]",
	    "[\xE2\x82]",
	    "[\x01]",
	    "[01]",
	    "[1.]",
	    "[1e]",
	    "[-]",
	    "{\"\\u0000\":1}",
	    "[\"a\\u0000b\"]",
	    "[123456789012345678901234567890]",
	    "[1e999]",
	    "[}",
	    "{]",
	    "",
	    "   ",
	    "[[[[[[[[[[",
	    "]",
	    "{\"a\":[1,2,{\"b\":\"c\"}]}  x",
	};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		check(texts[i], texts[i], strlen(texts[i]), JSON_REJECT_DUPLICATES);
		check(texts[i], texts[i], strlen(texts[i]), 0);
	}
	/* A NUL byte inside the buffer (json_loadb reads it as a byte). */
	check("a NUL byte", "[\"a\0b\"]", 7, 0);
	check("a NUL byte outside", "[1,\0]", 5, 0);
}

/* Random texts: tokens of every kind strung together with the structure right or wrong, and
 * now and then a byte changed or the text cut short. */
static void random_value(qv_buf *b, qv_rng *r, int depth)
{
	static const char *const scalars[] = {
	    "0",      "-1",     "3.25",    "1e-7",        "true",     "false",
	    "null",   "\"\"",   "\"x\"",   "\"\\u20ac\"", "\"\\\\\"", "\"\xE2\x82\xAC\"",
	    "123456", "\"[{\"", "-0.5E+2",
	};
	uint32_t k = qv_rng_below(r, depth < 64 ? 10 : 6);
	if (k < 6) {
		qv_buf_puts(b, scalars[qv_rng_below(r, sizeof scalars / sizeof scalars[0])]);
		return;
	}
	bool object = k >= 8;
	qv_buf_putc(b, object ? '{' : '[');
	uint32_t n = qv_rng_below(r, depth < 4 ? 12 : 4);
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			qv_buf_putc(b, ',');
		if (object)
			qv_buf_printf(b, "\"%u\":", qv_rng_below(r, 20));
		random_value(b, r, depth + 1);
	}
	qv_buf_putc(b, object ? '}' : ']');
}

static void test_bound_random(void **unused)
{
	(void)unused;
	qv_rng r;
	qv_rng_seed(&r, 36);
	qv_buf b = {0};
	for (int i = 0; i < 3000; i++) {
		qv_buf_clear(&b);
		random_value(&b, &r, 0);
		size_t len = strlen(qv_buf_str(&b));
		char *text = malloc(len + 1);
		assert_non_null(text);
		memcpy(text, qv_buf_str(&b), len + 1);
		if (qv_rng_below(&r, 3) == 0) /* a byte changed */
			text[qv_rng_below(&r, (uint32_t)len)] =
			    "[]{}\",:\\ 1a\x80"[qv_rng_below(&r, 13)];
		if (qv_rng_below(&r, 4) == 0) /* cut short */
			len = qv_rng_below(&r, (uint32_t)len + 1);
		check("a random text", text, len, qv_rng_below(&r, 2) ? JSON_REJECT_DUPLICATES : 0);
		free(text);
	}
	qv_buf_free(&b);
}

/* ---- when memory runs short ------------------------------------------------------------------ */

/* A reservation too small (the bound wrong, as it must never be): the allocations that do not
 * fit go to the chained allocator, are counted, and the value is still right and nothing leaks
 * (the sanitizer build checks). */
static void test_fallback(void **unused)
{
	(void)unused;
	qv_buf b = {0};
	repeat(&b, "[", "{\"key\":\"value\",\"n\":[1,2.5,\"three\"]}", "]", 4000);
	qv__json_arena before, after;
	qv__json_arena_stats(&before);
	for (size_t cap = 16; cap <= 1 << 14; cap *= 4) {
		qv__json_arena_cap(cap);
		json_t *j;
		json_error_t e;
		assert_int_equal(qv__json_parse(qv_buf_str(&b), strlen(qv_buf_str(&b)), 0, &j, &e),
		                 QV_OK);
		json_t *want = json_loads(qv_buf_str(&b), 0, NULL);
		assert_true(json_equal(j, want));
		json_decref(want);
		json_decref(j);
	}
	qv__json_arena_cap(0);
	qv__json_arena_stats(&after);
	assert_true(after.spilled > before.spilled);
	/* A broken text with a small reservation: refused as jansson refuses it. */
	qv__json_arena_cap(64);
	json_t *j;
	json_error_t e;
	const char *broken = "[\"long enough to spill\", [1, 2, 3], tru]";
	assert_int_equal(qv__json_parse(broken, strlen(broken), 0, &j, &e), QV_EINVAL);
	assert_null(j);
	assert_string_equal(e.text, "invalid token near 'tru'");
	qv__json_arena_cap(0);
	qv_buf_free(&b);
}

/* The copy out of the arena failing: out of memory, nothing returned, nothing leaked. */
static void test_copy_fails(void **unused)
{
	(void)unused;
	json_t *j = (json_t *)1;
	json_error_t e;
	refuse_json = true;
	const char *text = "{\"a\": [1, \"b\"]}";
	qv_status rc = qv__json_parse(text, strlen(text), 0, &j, &e);
	refuse_json = false;
	assert_int_equal(rc, QV_ENOMEM);
	assert_null(j);
	assert_string_equal(e.text, "out of memory");
	assert_int_equal(json_error_code(&e), json_error_out_of_memory);
	/* And the next parse is as usual. */
	assert_int_equal(qv__json_parse(text, strlen(text), 0, &j, &e), QV_OK);
	assert_string_equal(json_string_value(json_array_get(json_object_get(j, "a"), 1)), "b");
	json_decref(j);
	/* Between parses, jansson's allocator is the one installed before them. */
	json_malloc_t m;
	json_free_t f;
	json_get_alloc_funcs(&m, &f);
	assert_true(m == json_alloc && f == free);
}

/* ---- threads --------------------------------------------------------------------------------- */

/* Each thread parses its own texts while the others do: every arena is its thread's. */
static void *parse_many(void *arg)
{
	int k = *(const int *)arg;
	char text[128];
	for (int i = 0; i < 2000; i++) {
		snprintf(text, sizeof text, "{\"thread\": %d, \"i\": %d, \"s\": [\"%0*d\"]}", k, i,
		         k % 4 * 7 + 1, i % 10000);
		json_t *j;
		json_error_t e;
		if (qv__json_parse(text, strlen(text), 0, &j, &e) != QV_OK ||
		    json_integer_value(json_object_get(j, "thread")) != k ||
		    json_integer_value(json_object_get(j, "i")) != i)
			return (void *)1;
		/* A tree made outside any arena on this thread, released after the parse. */
		json_t *mine = json_pack("{s:i}", "i", i);
		json_decref(j);
		json_decref(mine);
	}
	return NULL;
}

/* A thread that never parses, building and releasing JSON while the others parse: the
 * arena's allocator comes and goes under it. */
static void *build_many(void *arg)
{
	(void)arg;
	json_t *kept = json_array();
	for (int i = 0; i < 20000; i++) {
		json_t *j = json_pack("{s:i, s:s, s:[i,i]}", "i", i, "s", "text", "a", i, i);
		if (!j)
			return (void *)1;
		if (i % 7 == 0)
			json_array_append(kept, j); /* some outlive many parses of the others */
		json_decref(j);
		if (json_array_size(kept) > 50)
			json_array_clear(kept);
	}
	json_decref(kept);
	return NULL;
}

static void test_threads(void **unused)
{
	(void)unused;
	pthread_t t[5];
	int k[4] = {0, 1, 2, 3};
	for (int i = 0; i < 4; i++)
		assert_int_equal(pthread_create(&t[i], NULL, parse_many, &k[i]), 0);
	assert_int_equal(pthread_create(&t[4], NULL, build_many, NULL), 0);
	for (int i = 0; i < 5; i++) {
		void *bad;
		assert_int_equal(pthread_join(t[i], &bad), 0);
		assert_null(bad);
	}
}

int main(void)
{
	/* The arena's allocator chains to this one, installed first, as the fault tests do. */
	json_set_alloc_funcs(json_alloc, free);
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_depth),        cmocka_unit_test(test_bound_shapes),
	    cmocka_unit_test(test_bound_broken), cmocka_unit_test(test_bound_random),
	    cmocka_unit_test(test_fallback),     cmocka_unit_test(test_copy_fails),
	    cmocka_unit_test(test_threads),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
