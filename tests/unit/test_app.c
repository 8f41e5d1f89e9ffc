/*
 * test_app.c - the app's C API (include/quiver/app.h) natively, through its one call: local
 * tables made, joined and greeted, their frames (the server's shape: a snapshot, then updates
 * with only the new log lines), a person's acts and the refusals a server gives (stale version,
 * not your turn, a spectator), the computer's seats and chance played to the end of a game of
 * each game, what the browser keeps read back to the same frames, takebacks, resignations, the
 * analysis board and its best move, replays, lessons, and bad requests named.
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

#include "quiver/app.h"

/* One call; its answer parsed (the test fails when it is not JSON). */
static json_t *call(const char *fmt, ...)
{
	char req[65536];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(req, sizeof req, fmt, ap);
	va_end(ap);
	const char *answer = qv_app_call(req);
	json_error_t jerr;
	json_t *j = json_loads(answer, JSON_DECODE_ANY, &jerr);
	if (!j)
		fail_msg("not JSON: %.300s", answer);
	return j;
}

/* The call must succeed; its answer. */
static json_t *ok(const char *fmt, ...)
{
	char req[65536];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(req, sizeof req, fmt, ap);
	va_end(ap);
	json_t *j = call("%s", req);
	if (json_object_get(j, "error"))
		fail_msg("%s: %s", req, json_string_value(json_object_get(j, "error")));
	return j;
}

/* The call must be refused with a message holding `says`. */
static void refused(const char *says, const char *fmt, ...)
{
	char req[65536];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(req, sizeof req, fmt, ap);
	va_end(ap);
	json_t *j = call("%s", req);
	const char *msg = json_string_value(json_object_get(j, "error"));
	if (!msg || !strstr(msg, says))
		fail_msg("%s: expected an error saying '%s', got %s", req, says,
		         msg ? msg : "success");
	json_decref(j);
}

static long long version(const char *id)
{
	json_t *info = ok("{\"op\": \"info\", \"id\": \"%s\"}", id);
	long long v = json_integer_value(json_object_get(info, "v"));
	json_decref(info);
	return v;
}

/* A new table of the request's JSON, its people's seats taken with tokens t1, t2... */
static void table(const char *id, const char *request, int people)
{
	json_decref(ok("{\"op\": \"new\", \"id\": \"%s\", \"seed\": \"66\", \"request\": %s}", id,
	               request));
	for (int p = 0; p < people; p++)
		json_decref(
		    ok("{\"op\": \"join\", \"id\": \"%s\", \"token\": \"t%d\"}", id, p + 1));
}

/* Seat plays its first legal action at table id (its snapshot's). */
static void act_first(const char *id, const char *seat)
{
	json_t *f = ok("{\"op\": \"frame\", \"id\": \"%s\", \"seat\": \"%s\", \"snapshot\": true}",
	               id, seat);
	const char *a = json_string_value(
	    json_array_get(json_object_get(json_object_get(f, "view"), "legal"), 0));
	json_decref(ok("{\"op\": \"act\", \"id\": \"%s\", \"seat\": \"%s\", \"v\": %lld, "
	               "\"action\": \"%s\"}",
	               id, seat, version(id), a));
	json_decref(f);
}

/* A table against the computer: the frames a server sends, in the server's shape. */
static void test_frames(void **state)
{
	(void)state;
	table("local-a", "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"]}", 1);
	json_t *h = ok("{\"op\": \"hello\", \"id\": \"local-a\", \"token\": \"t1\"}");
	assert_string_equal(json_string_value(json_object_get(h, "seat")), "p1");
	json_decref(h);
	json_t *s =
	    ok("{\"op\": \"frame\", \"id\": \"local-a\", \"seat\": \"p1\", \"snapshot\": true}");
	assert_string_equal(json_string_value(json_object_get(s, "type")), "snapshot");
	json_t *info = json_object_get(s, "table");
	assert_string_equal(json_string_value(json_object_get(info, "status")), "playing");
	assert_true(json_is_true(json_object_get(info, "local")));
	assert_non_null(json_object_get(info, "catalogue"));
	json_t *legal = json_object_get(json_object_get(s, "view"), "legal");
	assert_true(json_array_size(legal) > 10);
	char act[512];
	snprintf(act, sizeof act, "%s", json_string_value(json_array_get(legal, 0)));
	long long v = json_integer_value(json_object_get(s, "v"));
	json_decref(s);
	/* a stale version, a spectator, the other seat: refused as a server refuses them */
	refused("stale version",
	        "{\"op\": \"act\", \"id\": \"local-a\", \"seat\": \"p1\", \"v\": %lld, "
	        "\"action\": \"%s\"}",
	        v + 5, act);
	refused("not your turn",
	        "{\"op\": \"act\", \"id\": \"local-a\", \"seat\": \"p2\", \"v\": %lld, "
	        "\"action\": \"%s\"}",
	        v, act);
	refused("bad token", "{\"op\": \"hello\", \"id\": \"local-a\", \"token\": \"nobody\"}");
	json_decref(ok("{\"op\": \"act\", \"id\": \"local-a\", \"seat\": \"p1\", \"v\": %lld, "
	               "\"action\": \"%s\"}",
	               v, act));
	json_t *u =
	    ok("{\"op\": \"frame\", \"id\": \"local-a\", \"seat\": \"p1\", \"snapshot\": false}");
	assert_string_equal(json_string_value(json_object_get(u, "type")), "update");
	json_t *lines = json_object_get(u, "log"); /* only the new lines: the move's first */
	assert_true(json_array_size(lines) >= 1);
	assert_string_equal(json_string_value(json_object_get(json_array_get(lines, 0), "who")),
	                    "p1");
	assert_null(json_object_get(json_object_get(u, "table"), "catalogue"));
	json_decref(u);
	/* the computer's turn: one step, and p1 decides again */
	json_t *st = ok("{\"op\": \"step\", \"id\": \"local-a\"}");
	assert_true(json_is_true(json_object_get(st, "stepped")));
	json_decref(st);
	json_decref(ok("{\"op\": \"free\", \"id\": \"local-a\"}"));
	refused("no table", "{\"op\": \"info\", \"id\": \"local-a\"}");
}

/* Plays table id to its end: the people's seats by their first legal action, the rest by the
 * table's own steps. */
static void play_out(const char *id)
{
	for (int k = 0; k < 20000; k++) {
		json_t *st = ok("{\"op\": \"step\", \"id\": \"%s\"}", id);
		bool stepped = json_is_true(json_object_get(st, "stepped"));
		json_decref(st);
		if (stepped)
			continue;
		json_t *info = ok("{\"op\": \"info\", \"id\": \"%s\"}", id);
		bool over = strcmp(json_string_value(json_object_get(info, "status")), "over") == 0;
		const char *who =
		    json_string_value(json_array_get(json_object_get(info, "to_move"), 0));
		char seat[8];
		snprintf(seat, sizeof seat, "%s", who ? who : "");
		long long v = json_integer_value(json_object_get(info, "v"));
		json_decref(info);
		if (over)
			return;
		assert_true(seat[0] == 'p'); /* a person: the computer's seats step themselves */
		json_t *f = ok("{\"op\": \"frame\", \"id\": \"%s\", \"seat\": \"%s\", "
		               "\"snapshot\": true}",
		               id, seat);
		const char *a = json_string_value(
		    json_array_get(json_object_get(json_object_get(f, "view"), "legal"), 0));
		json_t *r = call("{\"op\": \"act\", \"id\": \"%s\", \"seat\": \"%s\", \"v\": %lld, "
		                 "\"action\": \"%s\"}",
		                 id, seat, v, a);
		assert_null(json_object_get(r, "error"));
		json_decref(r);
		json_decref(f);
	}
	fail_msg("table %s did not end", id);
}

/* A game of each game to its end, the computer at a level in every other seat (hot-seat in
 * Arrow Party: four people), then its record replays. */
static void test_whole_games(void **state)
{
	(void)state;
	static const char *const games[][3] = {
	    {"local-ta", "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"easy\"]}", "1"},
	    {"local-cc", "{\"game\": \"concardia\", \"seats\": [\"human\", \"beginner\"]}", "1"},
	    {"local-ev", "{\"game\": \"evons\", \"seats\": [\"greedy\", \"human\"]}", "1"},
	    {"local-ap",
	     "{\"game\": \"arrow-party\", \"params\": {\"size\": 9, \"rounds\": 2}, \"seats\": "
	     "[\"human\", \"human\", \"human\", \"human\"]}",
	     "4"},
	};
	for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
		int people = atoi(games[i][2]);
		table(games[i][0], games[i][1], people);
		play_out(games[i][0]);
		json_t *info = ok("{\"op\": \"info\", \"id\": \"%s\"}", games[i][0]);
		assert_true(json_array_size(json_object_get(info, "result")) >= 2);
		json_decref(info);
		json_t *rec = ok("{\"op\": \"record\", \"id\": \"%s\"}", games[i][0]);
		char *text = json_dumps(rec, JSON_COMPACT);
		json_t *quoted = json_string(text);
		char *q = json_dumps(quoted, JSON_ENCODE_ANY);
		json_t *replay = ok("{\"op\": \"replay\", \"record\": %s}", q);
		assert_true(json_array_size(json_object_get(replay, "steps")) > 10);
		free(q);
		free(text);
		json_decref(quoted);
		json_decref(replay);
		json_decref(rec);
		json_decref(ok("{\"op\": \"free\", \"id\": \"%s\"}", games[i][0]));
	}
}

/* What the browser keeps, read back: the same table, its frames as before, its version. */
static void test_save_load(void **state)
{
	(void)state;
	table("local-s",
	      "{\"game\": \"arrow-party\", \"seats\": [\"human\", \"human\", \"medium\"]}", 2);
	/* p2 chooses its item ahead of p1 in the secret step: the commitment is kept too */
	act_first("local-s", "p2");
	json_t *saved = ok("{\"op\": \"save\", \"id\": \"local-s\"}");
	assert_non_null(json_object_get(json_object_get(saved, "committed"), "p2"));
	char *text = json_dumps(saved, JSON_COMPACT);
	json_t *before =
	    ok("{\"op\": \"frame\", \"id\": \"local-s\", \"seat\": \"p1\", \"snapshot\": true}");
	json_decref(ok("{\"op\": \"free\", \"id\": \"local-s\"}"));
	json_decref(ok("{\"op\": \"load\", \"saved\": %s}", text));
	json_t *after =
	    ok("{\"op\": \"frame\", \"id\": \"local-s\", \"seat\": \"p1\", \"snapshot\": true}");
	assert_true(json_equal(before, after));
	json_decref(before);
	json_decref(after);
	/* what does not load is named */
	json_object_set_new(saved, "seats", json_string("nobody"));
	char *bad = json_dumps(saved, JSON_COMPACT);
	refused("seats", "{\"op\": \"load\", \"saved\": %s}", bad);
	free(bad);
	free(text);
	json_decref(saved);
	json_decref(ok("{\"op\": \"free\", \"id\": \"local-s\"}"));
}

/* A takeback, a resignation, and what a local table refuses at its creation. */
static void test_takeback_resign(void **state)
{
	(void)state;
	table("local-t", "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", 2);
	act_first("local-t", "p1");
	json_decref(ok("{\"op\": \"takeback\", \"id\": \"local-t\", \"seat\": \"p1\", \"v\": %lld}",
	               version("local-t")));
	json_t *u =
	    ok("{\"op\": \"frame\", \"id\": \"local-t\", \"seat\": \"p1\", \"snapshot\": false}");
	assert_string_equal(json_string_value(json_object_get(u, "type")), "snapshot");
	assert_int_equal(json_array_size(json_object_get(u, "log")), 0);
	json_decref(u);
	refused("analysis board", "{\"op\": \"undo\", \"id\": \"local-t\"}");
	json_decref(ok("{\"op\": \"resign\", \"id\": \"local-t\", \"seat\": \"p2\", \"v\": %lld}",
	               version("local-t")));
	json_t *info = ok("{\"op\": \"info\", \"id\": \"local-t\"}");
	assert_string_equal(json_string_value(json_object_get(info, "status")), "over");
	json_decref(info);
	json_decref(ok("{\"op\": \"free\", \"id\": \"local-t\"}"));
	refused("clock", "{\"op\": \"new\", \"id\": \"local-c\", \"seed\": \"1\", \"request\": "
	                 "{\"game\": \"evons\", \"clock\": {\"kind\": \"move\", \"seconds\": 5}}}");
	refused("rated", "{\"op\": \"new\", \"id\": \"local-c\", \"seed\": \"1\", \"request\": "
	                 "{\"game\": \"evons\", \"rated\": true}}");
	refused("seats[1]", "{\"op\": \"new\", \"id\": \"local-c\", \"seed\": \"1\", \"request\": "
	                    "{\"game\": \"evons\", \"seats\": [\"human\", \"grandmaster\"]}}");
	refused("id:", "{\"op\": \"new\", \"id\": \"a b\", \"seed\": \"1\", \"request\": "
	               "{\"game\": \"evons\"}}");
	refused("not an op", "{\"op\": \"frob\"}");
	refused("not JSON", "{\"op\": ");
}

/* The analysis board: a record's position, any move taken back, the best move and its line. */
static void test_analysis(void **state)
{
	(void)state;
	table("local-r", "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"]}", 1);
	play_out("local-r");
	json_t *rec = ok("{\"op\": \"record\", \"id\": \"local-r\"}");
	char *text = json_dumps(rec, JSON_COMPACT);
	json_t *quoted = json_string(text);
	char *q = json_dumps(quoted, JSON_ENCODE_ANY);
	json_t *info =
	    ok("{\"op\": \"analysis\", \"id\": \"local-b\", \"record\": %s, \"upto\": 4}", q);
	assert_string_equal(json_string_value(json_object_get(info, "status")), "waiting");
	json_decref(info);
	json_decref(ok("{\"op\": \"join\", \"id\": \"local-b\", \"token\": \"b1\"}"));
	json_decref(ok("{\"op\": \"join\", \"id\": \"local-b\", \"token\": \"b2\"}"));
	json_t *best =
	    ok("{\"op\": \"best\", \"id\": \"local-b\", \"iterations\": 200, \"plies\": 3, "
	       "\"seed\": \"5\"}");
	assert_non_null(json_string_value(json_object_get(best, "best")));
	assert_true(json_array_size(json_object_get(best, "line")) <= 3);
	double value = json_real_value(json_object_get(best, "value"));
	assert_true(value >= 0 && value <= 1);
	json_decref(best);
	long long v = version("local-b");
	json_decref(ok("{\"op\": \"undo\", \"id\": \"local-b\"}"));
	assert_int_equal(version("local-b"), v + 1);
	refused("upto",
	        "{\"op\": \"analysis\", \"id\": \"local-x\", \"record\": %s, \"upto\": 100000}", q);
	free(q);
	free(text);
	json_decref(quoted);
	json_decref(rec);
}

/* A lesson through the app: its page, a wrong and a right attempt, its whole check. */
static void test_lesson(void **state)
{
	(void)state;
	FILE *f = fopen(QV_TUTORIALS "/three-arrows/01-first-piece.json", "r");
	assert_non_null(f);
	char buf[60000];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	json_t *text = json_string(buf);
	char *q = json_dumps(text, JSON_ENCODE_ANY);
	json_t *page =
	    ok("{\"op\": \"lesson_page\", \"text\": %s, \"name\": \"01-first-piece\"}", q);
	json_t *step = NULL;
	size_t i;
	json_array_foreach(json_object_get(page, "steps"), i,
	                   step) if (json_is_string(json_object_get(step, "expect"))) break;
	assert_non_null(step);
	const char *expect = json_string_value(json_object_get(step, "expect"));
	json_t *right = ok("{\"op\": \"lesson_try\", \"text\": %s, \"name\": \"01-first-piece\", "
	                   "\"step\": %zu, \"action\": \"%s\"}",
	                   q, i, expect);
	assert_string_equal(json_string_value(json_object_get(right, "verdict")), "right");
	json_t *bad = ok("{\"op\": \"lesson_try\", \"text\": %s, \"name\": \"01-first-piece\", "
	                 "\"step\": %zu, \"action\": \"frob\"}",
	                 q, i);
	assert_string_equal(json_string_value(json_object_get(bad, "verdict")), "bad");
	json_decref(
	    ok("{\"op\": \"lesson_check\", \"text\": %s, \"name\": \"01-first-piece\"}", q));
	json_decref(right);
	json_decref(bad);
	json_decref(page);
	free(q);
	json_decref(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_frames),    cmocka_unit_test(test_whole_games),
	    cmocka_unit_test(test_save_load), cmocka_unit_test(test_takeback_resign),
	    cmocka_unit_test(test_analysis),  cmocka_unit_test(test_lesson),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
