/*
 * test_names.c - players' names against clients that choose them to deceive (issue 36): the
 * audit joined seats named with nothing visible (U+200B, U+3164, U+2800), bidi marks that turn
 * the text around them (U+200F, U+061C), 23 combining marks on one letter, tag characters, and
 * the words the table shows for others (`p2`, `hard`, `spectator`): a seat named `p1` then
 * spoke in chat as p1. Each is now 400 naming the rule, and the seat stays free.
 *
 * - Every name of the audit at a join: 400 with the rule's words, nothing claimed; names of
 *   other scripts, a mark or two, an emoji beside a letter, accepted as typed.
 * - A rematch meets a name its table kept under a looser rule (written into the database, as
 *   an older quiver kept it): the new table is made, the person under the seat's name there.
 * - A guest (a seat taken without an account) under an account's username, or one that looks
 *   like it (the third audit's finding 10: a record could not tell the guest from the
 *   account): 400 naming the account, the seat left free; the account itself, signed in,
 *   plays under its username; a rematch's guest whose name an account took since plays on
 *   under the seat's name.
 *
 * Usage: test_names PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE /* usleep */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>
#include <sqlite3.h>

#include "harness.h"

/* A join of seat p1 of table id with `name` (JSON text of a string). Returns the reply's
 * status; copies the error's message (or "") into msg. */
static int join_named(const char *id, const char *name, char msg[512])
{
	char path[96], body[512];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	snprintf(body, sizeof body, "{\"seat\": \"p1\", \"name\": %s}", name);
	tc_reply r;
	tc_http(th_server.port, "POST", path, body, strlen(body), &r);
	const char *m = json_string_value(json_object_get(r.json, "error"));
	snprintf(msg, 512, "%s", m ? m : "");
	int status = r.status;
	tc_reply_free(&r);
	return status;
}

/* The name info gives seat p (from 0) of table id. */
static void seat_name(const char *id, int p, char out[128])
{
	json_t *info = th_info(id);
	const char *n = json_string_value(
	    json_object_get(json_array_get(json_object_get(info, "seats"), (size_t)p), "name"));
	snprintf(out, 128, "%s", n ? n : "");
	json_decref(info);
}

static void test_join_names(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	static const struct {
		const char *name; /* JSON text */
		const char *words;
	} bad[] = {
	    {"\"\\u200b\"", "character U+200B is not allowed: no format characters"},
	    {"\"\\u3164\"", "character U+3164 shows nothing"},
	    {"\"\\u2800\"", "character U+2800 shows nothing"},
	    {"\"ab\\u200fcd\"", "character U+200F is not allowed"},
	    {"\"ab\\u061ccd\"", "character U+061C is not allowed"},
	    {"\"a\\u200db\"", "character U+200D is not allowed"},
	    {"\"a\\udb40\\udc41b\"", "character U+E0041 is not allowed"},
	    {"\"a\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301"
	     "\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\\u0301\"",
	     "3 combining marks in a row; at most 2"},
	    {"\"p2\"", "'p2' is a word the table shows for something else"},
	    {"\"P1\"", "'P1' is a word the table shows"},
	    {"\"hard\"", "'hard' is a word the table shows"},
	    {"\"Spectator\"", "'Spectator' is a word the table shows"},
	    {"\"game\"", "a seat (p1 to p5), a level, spectator, chance or game"},
	    {"\"chance\"", "a seat (p1 to p5), a level, spectator, chance or game"},
	    {"\"\\ud83d\\ude00\\ud83d\\ude00\"", "no letter or digit"},
	    {"\"\\ue000\"", "no letter or digit"},
	    {"\"\\ufeff\"", "empty"},
	    {"\"ab\\u202ecd\"", "not allowed"},
	};
	char id[32], msg[512], name[128];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int status = join_named(id, bad[i].name, msg);
		if (status != 400 || !strstr(msg, bad[i].words) || strncmp(msg, "name: ", 6) != 0)
			fail_msg("name %s: status %d, '%s'; expected 400 with '%s'", bad[i].name,
			         status, msg, bad[i].words);
	}
	json_t *info = th_info(id);
	assert_true(json_is_false(
	    json_object_get(json_array_get(json_object_get(info, "seats"), 0), "claimed")));
	json_decref(info);
	print_message("%zu deceiving names refused, the seat still free\n",
	              sizeof bad / sizeof bad[0]);

	/* Names of any script, as typed. */
	static const char *const good[] = {
	    "\"Zo\\u00eb \\u03a9mega\"",
	    "\"\\u4e2d\\u6587\"",
	    "\"a\\u0301\\u0301\"",
	    "\"\\ud83d\\ude00 Ann\"",
	    "\"p6\"",
	    "\"Hardy\"",
	};
	static const char *const shown[] = {"Zo\u00eb \u03a9mega", "\u4e2d\u6587", "a\u0301\u0301",
	                                    "\U0001F600 Ann",      "p6",           "Hardy"};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
		assert_int_equal(join_named(id, good[i], msg), 200);
		seat_name(id, 0, name);
		assert_string_equal(name, shown[i]);
	}
	th_stop();
}

/* Runs one statement on the database (the server stopped). */
static void sql(const char *db, const char *text)
{
	sqlite3 *h;
	assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
	char *why = NULL;
	if (sqlite3_exec(h, text, NULL, NULL, &why) != SQLITE_OK)
		fail_msg("%s: %s", text, why ? why : "?");
	assert_int_equal(sqlite3_changes(h), 1);
	sqlite3_close(h);
}

/* Waits for table id's rematch to be made; its id into nid. */
static void rematch_of(const char *id, char nid[32])
{
	const char *made = NULL;
	double end = tc_now_ms() + TH_WAIT_MS;
	json_t *info = NULL;
	while (!made && tc_now_ms() < end) {
		json_decref(info);
		usleep(20000);
		info = th_info(id);
		made =
		    json_string_value(json_object_get(json_object_get(info, "rematch"), "table"));
	}
	assert_non_null(made);
	snprintf(nid, 32, "%s", made);
	json_decref(info);
}

/* Table id's p1 (token t1) resigns to p2 (t2), a guest named Bea, and both ask a rematch: p2's
 * person sits at p1 of the new table under Bea, p1's at p2 under the seat's name, "p2" (p1's
 * name is no longer one a guest may take). */
static void rematch_names(const char *id, const char *t1, const char *t2)
{
	char name[128];
	th_seat a, b;
	th_seat_open(&a, id, t1);
	th_seat_open(&b, id, t2);
	th_seat_send(&a, "{\"type\": \"resign\", \"v\": %lld}", a.v);
	while (strcmp(json_string_value(json_object_get(a.table, "status")), "over") != 0)
		th_seat_next(&a);
	th_seat_send(&a, "{\"type\": \"rematch\"}");
	th_seat_send(&b, "{\"type\": \"rematch\"}");
	char nid[32];
	rematch_of(id, nid);
	seat_name(nid, 0, name);
	assert_string_equal(name, "Bea");
	seat_name(nid, 1, name);
	assert_string_equal(name, "p2");
	th_seat_close(&a);
	th_seat_close(&b);
}

static void test_rematch_old_name(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], t1[64], t2[64], sqltext[256], name[128];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	th_join_with(id, "{\"seat\": \"p1\", \"name\": \"Ann\"}", "p1", t1);
	th_join_with(id, "{\"seat\": \"p2\", \"name\": \"Bea\"}", "p2", t2);
	th_stop();
	/* p1's name as a looser rule kept it: a seat's. */
	snprintf(sqltext, sizeof sqltext,
	         "UPDATE tables SET people = json_set(people, '$.seats.p1.name', 'p5') "
	         "WHERE id = '%s'",
	         id);
	sql(db, sqltext);
	th_start(db, NULL);
	seat_name(id, 0, name);
	assert_string_equal(name, "p5");
	rematch_names(id, t1, t2);
	th_stop();
}

static void test_account_names(void **state)
{
	(void)state;
	static const char *const extra[] = {"--create-rate", "100", NULL};
	th_start(th_new_db(), extra);
	th_browser paul = {0};
	th_browser_key(&paul);
	th_browser_account(&paul, "Paul", false);
	char id[32], msg[512], name[128], t1[64], t2[64];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	/* as it is, in another case, and with letters that look alike (Cyrillic Р, I for l) */
	static const char *const alike[] = {"\"Paul\"", "\"pAUL\"", "\"\u0420aul\"", "\"PauI\"",
	                                    "\" Paul \""};
	for (size_t i = 0; i < sizeof alike / sizeof alike[0]; i++) {
		int status = join_named(id, alike[i], msg);
		if (status != 400 || !strstr(msg, "looks like 'Paul', an account's username"))
			fail_msg("guest name %s: status %d, '%s'", alike[i], status, msg);
	}
	json_t *info = th_info(id);
	assert_true(json_is_false(
	    json_object_get(json_array_get(json_object_get(info, "seats"), 0), "claimed")));
	json_decref(info);
	/* an account with an m, whose prototype is rn while M has none: a guest TOM is Tom */
	th_browser tom = {0};
	th_browser_key(&tom);
	th_browser_account(&tom, "Tom", false);
	static const char *const toms[] = {"\"TOM\"", "\"tOM\"", "\"Torn\""};
	for (size_t i = 0; i < sizeof toms / sizeof toms[0]; i++) {
		int status = join_named(id, toms[i], msg);
		if (status != 400 || !strstr(msg, "looks like 'Tom', an account's username"))
			fail_msg("guest name %s: status %d, '%s'", toms[i], status, msg);
	}
	/* a name that only begins like it is another name */
	assert_int_equal(join_named(id, "\"Pauline\"", msg), 200);
	/* the account, signed in, plays under its username whatever name it sends */
	th_browser_join(&paul, id, "{\"seat\": \"p2\", \"name\": \"Paul\"}", t2);
	seat_name(id, 1, name);
	assert_string_equal(name, "Paul");

	/* A rematch of two guests, Sam and Bea; an account named Sam is made meanwhile. */
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	th_join_with(id, "{\"seat\": \"p1\", \"name\": \"Sam\"}", "p1", t1);
	th_join_with(id, "{\"seat\": \"p2\", \"name\": \"Bea\"}", "p2", t2);
	th_browser sam = {0};
	th_browser_key(&sam);
	th_browser_account(&sam, "Sam", false);
	rematch_names(id, t1, t2);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "names", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_join_names), T(test_rematch_old_name),
	                                   T(test_account_names)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
