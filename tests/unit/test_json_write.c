/*
 * test_json_write.c - writing JSON text (qv__json_dumps, src/games/json_util.c): its own compact
 * writer must give byte for byte what jansson's json_dumps gives, for every game's views and
 * states over random games, for strings with every escape and every kind of UTF-8 (and text
 * that is not UTF-8, which both refuse), keys with a NUL inside, real numbers, bare values,
 * empty and deeply nested containers, and thousands of random documents; the other flags go
 * through jansson. A game's view written straight to text (view_text) and a match's
 * (qv_match_view_text) are the text of their trees (view_json, qv_match_view_json) for every
 * viewer of random games of every game, commitments made ahead of a player's turn included.
 */
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
#include "quiver/game.h"
#include "quiver/match.h"

/* Both writers on j with flags: the same text, or both NULL. */
/* Room for g's options (actions or chance outcomes, the most of either) and their
 * probabilities. */
static void room_for(const qv_game *g, qv_action **opts, double **prob)
{
	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	*opts = malloc(sizeof **opts * (size_t)most);
	*prob = malloc(sizeof **prob * (size_t)(g->max_chance > 0 ? g->max_chance : 1));
	assert_non_null(*opts);
	assert_non_null(*prob);
}

static void same(const json_t *j, size_t flags)
{
	char *want = json_dumps(j, flags), *got = qv__json_dumps(j, flags);
	if (!want || !got) {
		if (want || got)
			fail_msg("jansson wrote %s, qv__json_dumps %s", want ? want : "nothing",
			         got ? got : "nothing");
	} else if (strcmp(want, got) != 0) {
		fail_msg("jansson wrote\n%s\nqv__json_dumps wrote\n%s", want, got);
	}
	free(want);
	free(got);
}

static void compact(const json_t *j)
{
	same(j, JSON_COMPACT);
	same(j, JSON_COMPACT | JSON_ENCODE_ANY);
	same(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
}

/* Every byte value as a one-byte string and at every place of a longer one, every escape and the
 * edges of UTF-8. */
static void test_strings(void **state)
{
	(void)state;
	for (int c = 0; c < 256; c++) {
		char s[3] = {'x', (char)c, 'y'};
		json_t *j = json_stringn_nocheck(s, 3);
		json_t *a = json_pack("[o]", json_incref(j));
		compact(j);
		compact(a);
		json_decref(a);
		json_decref(j);
	}
	/* and at every place of a longer string, which the writer passes over eight bytes at a
	 * time: in the first eight, across them, in the tail */
	for (int c = 1; c < 256; c++)
		for (int at = 0; at < 20; at++) {
			char s[21] = "abcdefghijklmnopqrst";
			s[at] = (char)c;
			json_t *j = json_stringn_nocheck(s, 20);
			compact(j);
			json_decref(j);
		}
	static const char *const texts[] = {
	    "", "plain", "\"quoted\" \\ back", "a/b", "\b\f\n\r\t", "\x01\x1f\x7f", "caf\xc3\xa9",
	    "\xe2\x82\xac", "\xf0\x9f\x8e\xb2", "\xf4\x8f\xbf\xbf", "\xc2\x80", "\xef\xbf\xbf",
	    "\xed\x9f\xbf",
	    /* not UTF-8: both refuse */
	    "\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80",
	    "\xf5\x80\x80\x80", "\x80", "\xc3", "\xe2\x82", "\xff", "a\xc3(b"};
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		json_t *j = json_stringn_nocheck(texts[i], strlen(texts[i]));
		json_t *o = json_object();
		json_object_setn_new_nocheck(o, texts[i], strlen(texts[i]), json_incref(j));
		json_object_set_new(o, "after", json_integer(1));
		compact(j);
		compact(o);
		json_decref(o);
		json_decref(j);
	}
	json_t *nul = json_stringn("a\0b", 3);
	json_t *o = json_object();
	json_object_setn_new(o, "k\0ey", 4, json_incref(nul));
	compact(nul);
	compact(o);
	json_decref(o);
	json_decref(nul);
}

/* Numbers, constants, empty containers, bare values, and nests past the writer's depth. */
static void test_values(void **state)
{
	(void)state;
	json_t *j = json_pack("{s:I,s:I,s:I,s:f,s:f,s:f,s:f,s:b,s:b,s:n,s:{},s:[],s:[[[]]]}", "max",
	                      (json_int_t)INT64_MAX, "min", (json_int_t)INT64_MIN, "zero",
	                      (json_int_t)0, "tenth", 0.1, "one", 1.0, "big", 1e300, "neg", -2.5e-7,
	                      "t", 1, "f", 0, "n", "o", "a", "aa");
	assert_non_null(j);
	compact(j);
	json_decref(j);
	json_t *bare[] = {json_integer(-7), json_real(3.25), json_true(),
	                  json_false(),     json_null(),     json_string("s")};
	for (size_t i = 0; i < sizeof bare / sizeof *bare; i++) {
		compact(bare[i]); /* NULL without JSON_ENCODE_ANY, as json_dumps */
		json_decref(bare[i]);
	}
	assert_null(qv__json_dumps(NULL, JSON_COMPACT));
	for (int depth = 250; depth <= 270; depth += 10) {
		json_t *deep = json_array();
		for (int i = 0; i < depth; i++)
			deep = json_pack("[o,{so}]", deep, "k", json_integer(i));
		compact(deep);
		json_decref(deep);
	}
}

static unsigned seed_next(unsigned *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 8;
}

/* A random value at most `depth` levels deep. */
static json_t *random_value(unsigned *s, int depth)
{
	static const char *const words[] = {
	    "p1",   "e\xcc\x81t\xc3\xa9",      "a\"b", "\\", "x\ny", "\t", "",
	    "\x01", "long long long long text"};
	switch (seed_next(s) % (depth > 0 ? 8 : 6)) {
	case 0: return json_integer((json_int_t)seed_next(s) - 1000000);
	case 1: return json_real((double)seed_next(s) / 7.0);
	case 2: return json_string(words[seed_next(s) % 9]);
	case 3: return json_boolean(seed_next(s) & 1);
	case 4: return json_null();
	case 5: return json_string(words[seed_next(s) % 9]);
	case 6: {
		json_t *a = json_array();
		for (unsigned i = seed_next(s) % 5; i > 0; i--)
			json_array_append_new(a, random_value(s, depth - 1));
		return a;
	}
	default: {
		json_t *o = json_object();
		for (unsigned i = seed_next(s) % 5; i > 0; i--)
			json_object_set_new(o, words[seed_next(s) % 9], random_value(s, depth - 1));
		return o;
	}
	}
}

static void test_random(void **state)
{
	(void)state;
	unsigned s = 37;
	for (int i = 0; i < 5000; i++) {
		json_t *j = random_value(&s, 5);
		compact(j);
		same(j, JSON_INDENT(2));
		same(j, JSON_COMPACT | JSON_SORT_KEYS);
		json_decref(j);
	}
}

/* A game's view written straight to text (view_text): the text of its tree j. */
static void same_text(const qv_game *g, const void *st, int viewer, const json_t *j)
{
	char *want = qv__json_dumps(j, JSON_COMPACT);
	qv_buf got = {0};
	assert_non_null(want);
	assert_true(g->view_text(st, viewer, &got));
	if (strcmp(want, qv_buf_str(&got)) != 0)
		fail_msg("%s, viewer %d: the tree is written\n%s\nview_text wrote\n%s", g->name,
		         viewer, want, qv_buf_str(&got));
	free(want);
	qv_buf_free(&got);
}

/* The games and parameters whose views differ in shape: players, boards, modes, and every
 * phase each reaches, over GAMES seeded games each. */
static const struct {
	const char *game, *params;
} view_configs[] = {
    {"three-arrows", ""},
    {"three-arrows", "players=4,size=8"},
    {"three-arrows", "mode=tactical"},
    {"concardia", ""},
    {"evons", ""},
    {"evons", "shuffle=false"},
    {"arrow-party", ""},
    {"arrow-party", "players=5,size=26"},
};

/* Every game has a view_text, and it writes the view's tree byte for byte, for every viewer
 * (the referee's view and the state's tree too) at every step of seeded random games. */
static void test_views(void **state)
{
	(void)state;
	for (size_t ci = 0; ci < sizeof view_configs / sizeof *view_configs; ci++) {
		qv_err err;
		const qv_game *g = qv_game_find(view_configs[ci].game, &err);
		assert_non_null(g);
		if (!g->view_text)
			fail_msg("%s has no view_text: the server builds a tree per viewer",
			         g->name);
		qv_params params = {0};
		assert_int_equal(qv_params_parse_list(&params, view_configs[ci].params, &err),
		                 QV_OK);
		void *st = malloc(g->state_size);
		qv_action *opts;
		double *prob;
		room_for(g, &opts, &prob);
		assert_non_null(st);
		qv_rng rng;
		qv_rng_seed(&rng, 5);
		for (int game = 0; game < 3; game++) {
			assert_int_equal(g->init(st, &params, (uint64_t)game + 1, &err), QV_OK);
			for (int step = 0; g->to_move(st) != QV_OVER && step < 2000; step++) {
				for (int v = QV_VIEW_PUBLIC; v < g->num_players(st); v++) {
					json_t *j = g->view_json(st, v);
					compact(j);
					same_text(g, st, v, j);
					json_decref(j);
				}
				if (step % 7 == 0) {
					json_t *j = g->state_json(st);
					compact(j);
					json_decref(j);
				}
				int n = g->to_move(st) == QV_CHANCE ? g->chance(st, opts, prob)
				                                    : g->legal(st, opts);
				assert_true(n > 0);
				g->apply(st, opts[qv_rng_below(&rng, (uint32_t)n)], NULL);
			}
		}
		free(st);
		free(opts);
		free(prob);
	}
}

/* The view of viewer in m written both ways: the same text. */
static void same_view(qv_match *m, int viewer)
{
	json_t *j = qv_match_view_json(m, viewer);
	char *want = j ? qv__json_dumps(j, JSON_COMPACT) : NULL;
	qv_buf got = {0};
	bool ok = qv_match_view_text(m, viewer, &got);
	assert_non_null(want);
	assert_true(ok);
	if (strcmp(want, qv_buf_str(&got)) != 0)
		fail_msg("%s, viewer %d: the tree is written\n%s\nthe text is\n%s", m->game->name,
		         viewer, want, qv_buf_str(&got));
	free(want);
	json_decref(j);
	qv_buf_free(&got);
}

/* One decision of a random player who may decide (ahead of its turn in a secret step too),
 * chosen from the legal actions its view lists, or a random chance outcome. */
static void random_act(qv_match *m, qv_rng *rng, qv_action *opts, double *prob)
{
	qv_err err;
	if (qv_match_to_move(m) == QV_CHANCE) {
		int n = m->game->chance(m->state, opts, prob);
		assert_true(n > 0);
		assert_int_equal(qv_match_play(m, opts[qv_rng_below(rng, (uint32_t)n)], &err),
		                 QV_OK);
		return;
	}
	unsigned acting = qv_match_acting(m);
	int pick[QV_MAX_PLAYERS], k = 0;
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		if (acting >> p & 1u)
			pick[k++] = p;
	assert_true(k > 0);
	int p = pick[qv_rng_below(rng, (uint32_t)k)];
	json_t *view = qv_match_view_json(m, p);
	const json_t *legal = json_object_get(view, "legal");
	assert_true(json_array_size(legal) > 0);
	const char *text = json_string_value(
	    json_array_get(legal, qv_rng_below(rng, (uint32_t)json_array_size(legal))));
	if (qv_match_act(m, p, text, &err))
		fail_msg("%s: p%d's %s: %s", m->game->name, p + 1, text, err.msg);
	json_decref(view);
}

static void test_match_views(void **state)
{
	(void)state;
	for (int gi = 0; qv_games[gi]; gi++) {
		const qv_game *g = qv_games[gi];
		qv_action *opts;
		double *prob;
		room_for(g, &opts, &prob);
		qv_rng rng;
		qv_rng_seed(&rng, 7);
		for (int game = 0; game < 2; game++) {
			qv_match *m;
			qv_err err;
			assert_int_equal(qv_match_new(&m, g, NULL, (uint64_t)game + 1, &err),
			                 QV_OK);
			for (int step = 0; !qv_match_over(m) && step < 600; step++) {
				if (step % 5 == 0)
					for (int v = QV_VIEW_PUBLIC; v < g->num_players(m->state);
					     v++)
						same_view(m, v);
				random_act(m, &rng, opts, prob);
			}
			same_view(m, 0);
			same_view(m, QV_VIEW_PUBLIC);
			qv_match_free(m);
		}
		free(opts);
		free(prob);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_strings),     cmocka_unit_test(test_values),
	    cmocka_unit_test(test_random),      cmocka_unit_test(test_views),
	    cmocka_unit_test(test_match_views),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
