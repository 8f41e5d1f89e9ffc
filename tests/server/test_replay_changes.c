/*
 * test_replay_changes.c - a replay sent as its start's view and each step's changes (RFC 6902
 * JSON Patch, src/server/base/json_patch.c) shows exactly the views the replay of whole views does,
 * without sockets:
 * - the changes of two JSON values, applied by an applier of the three operations written here
 *   apart from the server's (RFC 6902 sections 4.1 to 4.3, RFC 6901 pointers), give the second
 *   value: hand-made pairs with their exact operations (keys with '/' and '~', arrays grown and
 *   shortened, types changed), and 3,000 random pairs;
 * - for every game (and Arrow Party with 5 players on 26x26, THREE ARROWS in both modes), random
 *   games replayed both ways (qv__replay_text): the same steps, moves and start, and the
 *   changes applied to step 0 give, at every step, the whole view of the old answer (compared
 *   as JSON); both answers are compact JSON as jansson writes it, byte for byte;
 * - long arrays, lined up or compared index by index, give the second array too;
 * - a bound on the answer stops the replay of changes as it stopped the replay of views.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "engine/feed/json_patch.h"
#include "quiver/game.h"
#include "quiver/match.h"
#include "server/table/replay.h"

/* ---- an applier of RFC 6902, apart from the server's diff ------------------------------------ */

/* Copies the next reference token of a pointer (after its '/') into tok, "~1" read as '/' and
 * "~0" as '~' (RFC 6901, section 4); returns where the token ended. */
static const char *next_token(const char *p, char *tok, size_t cap)
{
	size_t n = 0;
	for (p++; *p && *p != '/' && n + 1 < cap; p++) {
		char c = *p;
		if (c == '~' && (p[1] == '0' || p[1] == '1'))
			c = *++p == '1' ? '/' : '~';
		tok[n++] = c;
	}
	tok[n] = '\0';
	return p;
}

/* An array index token: digits, no leading zero; -1 when it is not one. */
static long index_of(const char *tok)
{
	if (!*tok || (tok[0] == '0' && tok[1]) || strspn(tok, "0123456789") != strlen(tok))
		return -1;
	return strtol(tok, NULL, 10);
}

/* Applies one operation to *doc; false when it does not apply. */
static bool apply_op(json_t **doc, const json_t *op)
{
	const char *kind = json_string_value(json_object_get(op, "op"));
	const char *path = json_string_value(json_object_get(op, "path"));
	json_t *value = json_object_get(op, "value");
	bool removing = kind && strcmp(kind, "remove") == 0;
	if (!kind || !path || (!removing && !value) || (*path && *path != '/'))
		return false;
	if (!*path) { /* the whole document */
		if (removing)
			return false;
		json_decref(*doc);
		*doc = json_deep_copy(value);
		return true;
	}
	json_t *parent = *doc;
	char tok[256];
	const char *p = next_token(path, tok, sizeof tok);
	while (*p) { /* down to the last token's parent */
		long i = index_of(tok);
		parent = json_is_array(parent) ? (i < 0 ? NULL : json_array_get(parent, (size_t)i))
		         : json_is_object(parent) ? json_object_get(parent, tok)
		                                  : NULL;
		if (!parent)
			return false;
		p = next_token(p, tok, sizeof tok);
	}
	if (json_is_object(parent)) {
		bool has = json_object_get(parent, tok) != NULL;
		if (removing)
			return has && json_object_del(parent, tok) == 0;
		if (strcmp(kind, "replace") == 0 && !has)
			return false;
		return json_object_set_new(parent, tok, json_deep_copy(value)) == 0;
	}
	long i = index_of(tok);
	size_t n = json_array_size(parent);
	if (!json_is_array(parent) || i < 0 || (size_t)i > n)
		return false;
	if (strcmp(kind, "add") == 0)
		return json_array_insert_new(parent, (size_t)i, json_deep_copy(value)) == 0;
	if ((size_t)i == n)
		return false;
	if (removing)
		return json_array_remove(parent, (size_t)i) == 0;
	return strcmp(kind, "replace") == 0 &&
	       json_array_set_new(parent, (size_t)i, json_deep_copy(value)) == 0;
}

/* Applies the operations of ops to *doc in order; false when one does not apply. */
static bool apply_patch(json_t **doc, const json_t *ops)
{
	size_t i;
	json_t *op;
	if (!json_is_array(ops))
		return false;
	json_array_foreach(ops, i, op) if (!apply_op(doc, op)) return false;
	return true;
}

/* The operations that turn a into b at pointer `at`, as a JSON array (their count in *n). */
static json_t *patch_of(const char *at, const json_t *a, const json_t *b, int *n)
{
	qv_buf text = {0};
	*n = 0;
	qv_buf_putc(&text, '[');
	assert_true(qv__json_patch(&text, at, a, b, n));
	qv_buf_putc(&text, ']');
	json_error_t jerr;
	json_t *ops = json_loads(text.s, 0, &jerr);
	if (!ops)
		fail_msg("the patch is not JSON (%s): %s", jerr.text, text.s);
	assert_int_equal(json_array_size(ops), (size_t)*n);
	qv_buf_free(&text);
	return ops;
}

/* A long member both sides of a pair have, unchanged: without it, the changes of a small
 * object would be longer than the object, which is then replaced whole. */
#define PAD                                                                                        \
	"a member that does not change, so that the changes of the object are shorter than the "   \
	"object itself; a view's members are many and most of them stay as they were"

/* text with each E and the digit after it (E1) written as a long string ("element 1 of a
 * list, long enough to keep"), so that a list's changes are shorter than the list (malloc'ed). */
static char *expand(const char *text)
{
	qv_buf b = {0};
	for (const char *p = text; *p; p++) {
		if (p[0] == 'E' && p[1] >= '0' && p[1] <= '9')
			qv_buf_printf(&b, "\"element %c of a list, long enough to keep\"", *++p);
		else
			qv_buf_putc(&b, *p);
	}
	return b.s;
}

/* The changes from a to b (JSON texts as expand() reads them; each object given PAD as "pad")
 * applied to a give b, in exactly the operations `want`. */
static void check_pair(const char *a_text, const char *b_text, const char *want)
{
	char *ta = expand(a_text), *tb = expand(b_text), *tw = expand(want);
	json_t *a = json_loads(ta, JSON_DECODE_ANY, NULL);
	json_t *b = json_loads(tb, JSON_DECODE_ANY, NULL);
	json_t *expected = json_loads(tw, 0, NULL);
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(expected);
	if (json_is_object(a))
		json_object_set_new(a, "pad", json_string(PAD));
	if (json_is_object(b))
		json_object_set_new(b, "pad", json_string(PAD));
	int n;
	json_t *ops = patch_of("", a, b, &n);
	if (!json_equal(ops, expected)) {
		char *got = json_dumps(ops, JSON_COMPACT);
		fail_msg("%s -> %s: expected %s, got %s", ta, tb, tw, got);
	}
	assert_true(apply_patch(&a, ops));
	assert_true(json_equal(a, b));
	json_decref(a);
	json_decref(b);
	json_decref(expected);
	json_decref(ops);
	free(ta);
	free(tb);
	free(tw);
}

/* ---- the changes of hand-made pairs -------------------------------------------------------- */

/* One operation, as JSON text. */
#define OP(op, path)         "{\"op\": \"" op "\", \"path\": \"" path "\"}"
#define OPV(op, path, value) "{\"op\": \"" op "\", \"path\": \"" path "\", \"value\": " value "}"

static void test_pairs(void **state)
{
	(void)state;
	check_pair("{\"a\": 1, \"b\": [1, 2]}", "{\"a\": 1, \"b\": [1, 2]}", "[]");
	check_pair("\"x\"", "\"x\"", "[]");
	/* Objects by key: a key gone removed, a key new added, a value changed replaced. */
	check_pair("{\"a\": 1, \"b\": [E1, E2], \"d\": true}",
	           "{\"a\": 2, \"b\": [E1, E2, E3], \"c\": null}",
	           "[" OP("remove", "/d") ", " OPV("replace", "/a", "2") ", " OPV(
	               "add", "/b/2", "E3") ", " OPV("add", "/c", "null") "]");
	/* A shorter array loses its last elements, the last first, so that each index exists. */
	check_pair("{\"x\": [E1, E2, E3, E4]}", "{\"x\": [E1, E2]}",
	           "[" OP("remove", "/x/3") ", " OP("remove", "/x/2") "]");
	check_pair("{\"x\": [E1, E2, E3, E4]}", "{\"x\": [E1, E2, E5]}",
	           "[" OPV("replace", "/x/2", "E5") ", " OP("remove", "/x/3") "]");
	/* Their common start and end are kept: an element put in or taken out in the middle is
	 * one operation. */
	check_pair("{\"x\": [E1, E2, E3]}", "{\"x\": [E1, E9, E2, E3]}",
	           "[" OPV("add", "/x/1", "E9") "]");
	check_pair("{\"x\": [E1, E2, E3, E4]}", "{\"x\": [E1, E3, E4]}",
	           "[" OP("remove", "/x/1") "]");
	check_pair("[[E0], [E1], [E2]]", "[[E0], [E1, E1], [E2], [E3]]",
	           "[" OPV("add", "/1/1", "E1") ", " OPV("add", "/3", "[E3]") "]");
	/* Elements lined up by their longest common subsequence: one taken out and one changed
	 * among elements that stay; one taken out and two put in. */
	check_pair("{\"x\": [E1, E2, E3, E4, E5, E6]}", "{\"x\": [E1, E3, E4, E7, E6]}",
	           "[" OP("remove", "/x/1") ", " OPV("replace", "/x/3", "E7") "]");
	check_pair("{\"x\": [[E1, 1], [E2, 2], [E3, 3], [E4, 4]]}",
	           "{\"x\": [[E2, 2], [E3, 3], [E5, 5], [E4, 4], [E6, 6]]}",
	           "[" OP("remove", "/x/0") ", " OPV("add", "/x/2", "[E5, 5]") ", " OPV(
	               "add", "/x/4", "[E6, 6]") "]");
	/* RFC 6901's escapes: '~' as ~0, '/' as ~1; the empty key is a token of its own. */
	check_pair("{\"a/b\": {\"~c\": 1}, \"\": 0}", "{\"a/b\": {\"~c\": 2}, \"\": 1}",
	           "[" OPV("replace", "/a~1b/~0c", "2") ", " OPV("replace", "/", "1") "]");
	/* Another type is replaced whole, as is the whole document; 1 and 1.0 differ in JSON's
	 * types as jansson reads them, false and true and null are values of their own. */
	check_pair("{\"a\": [1], \"b\": 1, \"c\": false}",
	           "{\"a\": {\"0\": 1}, \"b\": 1.5, \"c\": true}",
	           "[" OPV("replace", "/a", "{\"0\": 1}") ", " OPV("replace", "/b", "1.5") ", " OPV(
	               "replace", "/c", "true") "]");
	check_pair("[1, 2]", "3", "[" OPV("replace", "", "3") "]");
	check_pair("{\"x\": [[E1, [E2, E3]], \"s\"]}", "{\"x\": [[E1, [E2]], \"t\\u00e9\\n\"]}",
	           "[" OP("remove", "/x/0/1/1") ", " OPV("replace", "/x/1", "\"t\\u00e9\\n\"") "]");
	/* Changes longer than the new value: the value whole (a hand dealt anew). */
	check_pair("{\"hand\": [\"a1\", \"b2\", \"c3\"]}", "{\"hand\": [\"d4\", \"e5\", \"f6\"]}",
	           "[" OPV("replace", "/hand", "[\"d4\", \"e5\", \"f6\"]") "]");
	check_pair("[1, 2]", "[3, 4]", "[" OPV("replace", "", "[3, 4]") "]");

	/* A pointer prefix, and operations counted across calls (a comma before each but the
	 * first). */
	json_t *a = json_pack("{s:i}", "n", 1), *b = json_pack("{s:i}", "n", 2);
	qv_buf text = {0};
	int ops = 1;
	qv_buf_puts(&text, "[{}");
	assert_true(qv__json_patch(&text, "/view", a, b, &ops));
	qv_buf_putc(&text, ']');
	assert_int_equal(ops, 2);
	assert_string_equal(text.s, "[{},{\"op\":\"replace\",\"path\":\"/view/n\",\"value\":2}]");
	qv_buf_free(&text);
	json_decref(a);
	json_decref(b);
}

/* ---- random pairs ---------------------------------------------------------------------------- */

/* A random JSON value at most depth levels deep, from a few keys (some needing escapes) and
 * small values, so that random pairs share much and differ in places. */
static json_t *random_value(qv_rng *r, int depth)
{
	static const char *const keys[] = {"a", "b", "c/d", "~e", "", "board", "~1"};
	int kind = (int)qv_rng_below(r, depth > 0 ? 9 : 6);
	switch (kind) {
	case 0: return json_integer((json_int_t)qv_rng_below(r, 4));
	case 1: return json_real((double)qv_rng_below(r, 3) / 2);
	case 2: return json_string(keys[qv_rng_below(r, 7)]);
	case 3: return json_true();
	case 4: return json_false();
	case 5: return json_null();
	case 6:
	case 7: {
		json_t *arr = json_array();
		for (uint32_t i = qv_rng_below(r, 5); i > 0; i--)
			json_array_append_new(arr, random_value(r, depth - 1));
		return arr;
	}
	default: {
		json_t *o = json_object();
		for (uint32_t i = qv_rng_below(r, 5); i > 0; i--)
			json_object_set_new(o, keys[qv_rng_below(r, 7)],
			                    random_value(r, depth - 1));
		return o;
	}
	}
}

/* v with some of its parts changed at random (in place; returns the value, new at the top
 * when the top itself changed). */
static json_t *mutate(qv_rng *r, json_t *v, int depth)
{
	if (qv_rng_below(r, 6) == 0 || depth == 0) {
		json_decref(v);
		return random_value(r, depth);
	}
	if (json_is_array(v)) {
		for (size_t i = 0; i < json_array_size(v); i++)
			if (qv_rng_below(r, 3) == 0)
				json_array_set_new(
				    v, i, mutate(r, json_incref(json_array_get(v, i)), depth - 1));
		if (qv_rng_below(r, 3) == 0)
			json_array_append_new(v, random_value(r, depth - 1));
		else if (qv_rng_below(r, 3) == 0 && json_array_size(v))
			json_array_remove(v, json_array_size(v) - 1);
	} else if (json_is_object(v)) {
		const char *key;
		json_t *x;
		void *tmp;
		json_object_foreach_safe(v, tmp, key, x)
		{
			uint32_t what = qv_rng_below(r, 4);
			if (what == 0)
				json_object_del(v, key);
			else if (what == 1)
				json_object_set_new(v, key, mutate(r, json_incref(x), depth - 1));
		}
		if (qv_rng_below(r, 2) == 0)
			json_object_set_new(v, "added", random_value(r, depth - 1));
	}
	return v;
}

static void test_random_pairs(void **state)
{
	(void)state;
	qv_rng r;
	qv_rng_seed(&r, 57);
	for (int i = 0; i < 3000; i++) {
		json_t *a = random_value(&r, 4);
		json_t *b = qv_rng_below(&r, 4) == 0 ? random_value(&r, 4)
		                                     : mutate(&r, json_deep_copy(a), 4);
		int n;
		json_t *ops = patch_of("", a, b, &n);
		if (json_equal(a, b))
			assert_int_equal(n, 0);
		json_t *applied = json_deep_copy(a);
		if (!apply_patch(&applied, ops) || !json_equal(applied, b)) {
			char *ta = json_dumps(a, JSON_ENCODE_ANY),
			     *tb = json_dumps(b, JSON_ENCODE_ANY);
			char *to = json_dumps(ops, 0);
			fail_msg("pair %d: %s -> %s: the patch %s does not give it", i, ta, tb, to);
		}
		json_decref(applied);
		json_decref(ops);
		json_decref(a);
		json_decref(b);
	}
}

/* Arrays whose differing middles are lined up (61 elements by 53) and too long to be (91 by
 * 80, past ALIGN_MAX: compared index by index): the changes still give the second array. */
static void test_long_arrays(void **state)
{
	(void)state;
	qv_rng r;
	qv_rng_seed(&r, 4096);
	for (int n = 60; n <= 90; n += 30) {
		json_t *a = json_array(), *b = json_array();
		for (int i = 0; i < n; i++) {
			json_array_append_new(a,
			                      json_pack("{s:i, s:s}", "sq", i, "card", "lancer-r"));
			if (i % 9 != 4) /* some taken out, the others changed or kept */
				json_array_append_new(b, json_pack("{s:i, s:s}", "sq",
				                                   qv_rng_below(&r, 3) ? i : -i,
				                                   "card", "lancer-r"));
		}
		json_array_set_new(a, 0, json_string("first"));
		json_array_append_new(a, json_string("last"));
		int ops;
		json_t *patch = patch_of("", a, b, &ops);
		assert_true(apply_patch(&a, patch));
		assert_true(json_equal(a, b));
		json_decref(patch);
		json_decref(a);
		json_decref(b);
	}
}

/* ---- every game, both ways ------------------------------------------------------------------- */

/* A game to replay: its name and parameters ("key=value,...", "" for the defaults). */
typedef struct config {
	const char *game, *params;
} config;

/* A random game of c played to its end from seed (choices and dice). */
static qv_match *random_game(const config *c, uint64_t seed)
{
	const qv_game *g = qv_game_find(c->game, NULL);
	assert_non_null(g);
	qv_params p = {0};
	qv_err err;
	qv_match *m = NULL;
	if (qv_params_parse_list(&p, c->params, &err) || qv_match_new(&m, g, &p, seed, &err))
		fail_msg("%s %s: %s", c->game, c->params, err.msg);
	qv_action *buf = malloc(sizeof *buf * (size_t)g->max_actions);
	qv_rng r;
	qv_rng_seed(&r, seed);
	while (!qv_match_over(m)) {
		if (qv_match_to_move(m) == QV_CHANCE) {
			assert_int_equal(qv_match_chance(m, NULL, NULL), QV_OK);
			continue;
		}
		int n;
		qv_action a = qv_sample_legal(g, m->state, &r, buf, &n);
		assert_int_equal(qv_match_play(m, a, NULL), QV_OK);
	}
	free(buf);
	return m;
}

/* m's replay in one form, parsed; the text must be compact JSON as jansson writes it. */
static json_t *replay_of(qv_match *m, bool full, size_t *bytes)
{
	qv_buf text = {0};
	qv_err err;
	bool too_big = true;
	if (qv__replay_text(m, NULL, full, 0, &text, &too_big, &err))
		fail_msg("the replay failed: %s", err.msg);
	assert_false(too_big);
	json_error_t jerr;
	json_t *j = json_loads(text.s, 0, &jerr);
	if (!j)
		fail_msg("the replay is not JSON: %s", jerr.text);
	char *again = json_dumps(j, JSON_COMPACT);
	assert_string_equal(again, text.s);
	free(again);
	*bytes = text.len;
	qv_buf_free(&text);
	return j;
}

/* The two answers of one game: the same fields and moves, and at every step the changes
 * applied to the view before give the whole view. */
static void check_both_ways(const config *c, uint64_t seed)
{
	qv_match *m = random_game(c, seed);
	size_t full_bytes, changes_bytes;
	json_t *full = replay_of(m, true, &full_bytes);
	json_t *changes = replay_of(m, false, &changes_bytes);
	json_t *fsteps = json_object_get(full, "steps"),
	       *csteps = json_object_get(changes, "steps");
	assert_int_equal(json_array_size(fsteps), (size_t)m->nhist + 1);
	assert_int_equal(json_array_size(csteps), (size_t)m->nhist + 1);
	static const char *const same[] = {"game", "params", "players", "result", "catalogue"};
	for (size_t i = 0; i < sizeof same / sizeof *same; i++)
		assert_true(
		    json_equal(json_object_get(full, same[i]), json_object_get(changes, same[i])));
	json_t *view = NULL;
	for (size_t k = 0; k < json_array_size(fsteps); k++) {
		json_t *f = json_array_get(fsteps, k), *s = json_array_get(csteps, k);
		static const char *const move[] = {"who", "action", "automatic"};
		for (size_t i = 0; i < 3; i++)
			assert_true(
			    json_equal(json_object_get(f, move[i]), json_object_get(s, move[i])));
		assert_int_equal(json_object_size(s), 4);
		if (k == 0) {
			assert_null(json_object_get(s, "changes"));
			view = json_deep_copy(json_object_get(s, "view"));
		} else {
			assert_null(json_object_get(s, "view"));
			if (!apply_patch(&view, json_object_get(s, "changes")))
				fail_msg("%s %s seed %llu: the changes of step %zu do not apply",
				         c->game, c->params, (unsigned long long)seed, k);
		}
		if (!json_equal(view, json_object_get(f, "view")))
			fail_msg("%s %s seed %llu: step %zu's view differs from the whole view",
			         c->game, c->params, (unsigned long long)seed, k);
	}
	print_message("%s %s seed %llu: %d steps, %zu bytes a step as views, %zu as changes\n",
	              c->game, c->params, (unsigned long long)seed, m->nhist,
	              full_bytes / ((size_t)m->nhist + 1), changes_bytes / ((size_t)m->nhist + 1));
	json_decref(view);
	json_decref(full);
	json_decref(changes);
	qv_match_free(m);
}

static const config configs[] = {
    {"three-arrows", "mode=standard"},
    {"three-arrows", "mode=tactical"},
    {"concardia", ""},
    {"evons", ""},
    {"arrow-party", ""},
    {"arrow-party", "players=5,size=26"},
};

static void test_every_game(void **state)
{
	(void)state;
	/* Every game of the registry has a configuration here. */
	for (int i = 0; qv_games[i]; i++) {
		bool found = false;
		for (size_t k = 0; k < sizeof configs / sizeof *configs; k++)
			found = found || strcmp(configs[k].game, qv_games[i]->name) == 0;
		if (!found)
			fail_msg("%s has no replay to check here", qv_games[i]->name);
	}
	for (size_t k = 0; k < sizeof configs / sizeof *configs; k++)
		for (uint64_t seed = 1; seed <= 3; seed++)
			check_both_ways(&configs[k], seed);
}

/* The bound stops a replay of changes too, before its answer would pass it. */
static void test_bound(void **state)
{
	(void)state;
	qv_match *m = random_game(&configs[3], 7);
	size_t bytes;
	json_decref(replay_of(m, false, &bytes));
	qv_buf cut = {0};
	qv_err err;
	bool too_big = false;
	assert_int_equal(qv__replay_text(m, NULL, false, bytes / 2, &cut, &too_big, &err),
	                 QV_EINVAL);
	assert_true(too_big);
	assert_int_equal(cut.len, 0);
	assert_non_null(strstr(err.msg, "would be over"));
	qv_buf all = {0};
	assert_int_equal(qv__replay_text(m, NULL, false, 4 * bytes, &all, &too_big, &err), QV_OK);
	assert_false(too_big);
	assert_int_equal(all.len, bytes);
	qv_buf_free(&all);
	qv_match_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_pairs),       cmocka_unit_test(test_random_pairs),
	    cmocka_unit_test(test_long_arrays), cmocka_unit_test(test_every_game),
	    cmocka_unit_test(test_bound),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
