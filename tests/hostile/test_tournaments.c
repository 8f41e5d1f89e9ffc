/*
 * test_tournaments.c - the tournaments' routes under attack (issue 67): garbage bodies and
 * every bad field of POST /api/tournaments (400 naming it, nothing kept), unknown and
 * malformed ids (404), the list before and after a cancel, joining twice (one join),
 * withdrawing without having joined, joining or withdrawing once it ended (409), another
 * account starting or cancelling (403), signed out (401) and from another site (403), and
 * floods: an account's tournaments not over (5, then 409), its attempts to create a minute
 * (--create-rate, then 429) and a browser's writes (21 at once, then 429 with Retry-After,
 * nothing more kept).
 *
 * Usage: test_tournaments PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

#define GAMES                                                                                      \
	"\"game\": \"three-arrows\", \"clock\": {\"kind\": \"fischer\", \"base\": 300, "           \
	"\"increment\": 5}"
#define SWISS "{\"name\": \"Cup\", \"kind\": \"swiss\", " GAMES ", \"rounds\": 3}"

/* Browser b makes a tournament of body (201): its id into id. */
static void made(th_browser *b, const char *body, char id[32])
{
	tc_reply r;
	th_browser_ask(b, "POST", "/api/tournaments", body, 201, &r);
	snprintf(id, 32, "%s", json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
}

static void on(th_browser *b, const char *method, const char *id, const char *what, int status,
               const char *words)
{
	char path[128];
	snprintf(path, sizeof path, "/api/tournaments/%s%s%s", id, what[0] ? "/" : "", what);
	tc_reply r;
	if (words) {
		th_browser_refused(b, method, path, NULL, status, words);
		return;
	}
	th_browser_ask(b, method, path, NULL, status, &r);
	tc_reply_free(&r);
}

/* Every bad body refused, naming what is wrong, and nothing kept. */
static void test_garbage(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	th_browser ann = {0};
	th_browser_account(&ann, "Ann", false);
	static const char *const bad[][2] = {
	    {"[", "JSON"},
	    {"[1, 2]", "object"},
	    {"{}", "name"},
	    {"{\"name\": 5, \"kind\": \"swiss\", " GAMES ", \"rounds\": 3}", "name"},
	    {"{\"name\": \"\", \"kind\": \"swiss\", " GAMES ", \"rounds\": 3}", "name"},
	    {"{\"name\": \"0123456789012345678901234567890123456789012345678901234567890\", "
	     "\"kind\": \"swiss\", " GAMES ", \"rounds\": 3}",
	     "name"},
	    {"{\"name\": \"Cup\", \"kind\": \"blitz\", " GAMES ", \"rounds\": 3}", "kind"},
	    {"{\"name\": \"Cup\", \"kind\": \"swiss\", \"game\": \"three-arrows\", \"rounds\": 3}",
	     "clock"},
	    {"{\"name\": \"Cup\", \"kind\": \"arena\", \"game\": \"three-arrows\", \"clock\": "
	     "{\"kind\": \"days\", \"days\": 1}, \"minutes\": 30}",
	     "clock"},
	    {"{\"name\": \"Cup\", \"kind\": \"swiss\", " GAMES "}", "rounds"},
	    {"{\"name\": \"Cup\", \"kind\": \"swiss\", " GAMES ", \"rounds\": 0}", "rounds"},
	    {"{\"name\": \"Cup\", \"kind\": \"swiss\", " GAMES ", \"rounds\": 21}", "rounds"},
	    {"{\"name\": \"Cup\", \"kind\": \"swiss\", " GAMES ", \"rounds\": \"3\"}", "rounds"},
	    {"{\"name\": \"Cup\", \"kind\": \"arena\", " GAMES ", \"minutes\": 721}", "minutes"},
	    {"{\"name\": \"Cup\", \"kind\": \"swiss\", " GAMES
	     ", \"rounds\": 3, \"starts_in\": -1}",
	     "starts_in"},
	    {"{\"name\": \"Cup\", \"kind\": \"swiss\", " GAMES
	     ", \"rounds\": 3, \"starts_in\": 604801}",
	     "starts_in"},
	    {"{\"name\": \"Cup\", \"kind\": \"swiss\", " GAMES ", \"rounds\": 3, \"pause\": 3601}",
	     "pause"},
	    {"{\"name\": \"Cup\", \"kind\": \"swiss\", \"game\": \"chess\", \"clock\": {\"kind\": "
	     "\"fischer\", \"base\": 300, \"increment\": 5}, \"rounds\": 3}",
	     "chess"},
	    {"{\"name\": \"Cup\", \"kind\": \"swiss\", " GAMES ", \"rounds\": 3, \"prize\": 1}",
	     "prize"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		th_browser_refused(&ann, "POST", "/api/tournaments", bad[i][0], 400, bad[i][1]);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM tournaments"), 0);
	/* signed out, and from another site with Ann's cookie */
	th_browser stranger = {0}, evil = ann;
	th_browser_refused(&stranger, "POST", "/api/tournaments", SWISS, 401, "sign in");
	snprintf(evil.origin, sizeof evil.origin, "http://evil.example");
	th_browser_refused(&evil, "POST", "/api/tournaments", SWISS, 403, "cross-site");
	th_browser_refused(&ann, "PUT", "/api/tournaments", SWISS, 405, "GET, POST");
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM tournaments"), 0);
}

/* GET /api/tournaments lists tournament id, and only it, under `where`. */
static void listed(const char *where, const char *id)
{
	json_t *all = th_http("GET", "/api/tournaments", NULL, 200);
	static const char *const lists[] = {"upcoming", "running", "finished"};
	for (int i = 0; i < 3; i++) {
		const json_t *list = json_object_get(all, lists[i]);
		bool here = strcmp(lists[i], where) == 0;
		assert_int_equal(json_array_size(list), here);
		if (here)
			assert_string_equal(
			    json_string_value(json_object_get(json_array_get(list, 0), "id")), id);
	}
	json_decref(all);
}

/* Unknown ids, joining twice, withdrawing without a join, another's start and cancel, and a
 * tournament that ended. */
static void test_ids(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	th_browser ann = {0}, bob = {0}, stranger = {0};
	th_browser_account(&ann, "Ann", false);
	th_browser_account(&bob, "Bob", false);
	static const char *const unknown[] = {"0123456789abcdef", "nope", "xyz",
	                                      "0123456789abcdef0123456789abcdef0123"};
	for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
		on(&ann, "GET", unknown[i], "", 404, "");
		on(&ann, "POST", unknown[i], "join", 404, "");
		on(&ann, "POST", unknown[i], "withdraw", 404, "");
	}
	char id[32];
	made(&ann, SWISS, id);
	on(&bob, "POST", id, "withdraw", 409, "you did not join");
	on(&bob, "POST", id, "join", 200, NULL);
	on(&bob, "POST", id, "join", 200, NULL);
	char sql[160];
	snprintf(sql, sizeof sql, "SELECT count(*) FROM tournament_players WHERE tournament = '%s'",
	         id);
	assert_int_equal(th_sql_number(db, sql), 1);
	on(&stranger, "POST", id, "join", 401, "sign in");
	on(&bob, "POST", id, "start", 403, "only the tournament's maker");
	on(&bob, "DELETE", id, "", 403, "only the tournament's maker");
	listed("upcoming", id);
	on(&ann, "DELETE", id, "", 204, NULL);
	listed("finished", id);
	on(&bob, "POST", id, "join", 409, "the tournament is over");
	on(&bob, "POST", id, "withdraw", 409, "the tournament is over");
	on(&ann, "POST", id, "start", 409, "began already");
	on(&ann, "DELETE", id, "", 409, "began already");
}

/* Floods: the bound of tournaments not over, the creations a minute, a browser's writes. */
static void test_floods(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, (const char *[]){"--create-rate", "8", NULL});
	th_browser ann = {0}, bob = {0};
	th_browser_account(&ann, "Ann", false);
	char ids[5][32];
	for (int i = 0; i < 5; i++)
		made(&ann, SWISS, ids[i]);
	th_browser_refused(&ann, "POST", "/api/tournaments", SWISS, 409, "5 tournaments not over");
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM tournaments"), 5);
	/* two cancelled make room for two more; the ninth attempt in the minute (the refused one
	 * counts) is refused */
	on(&ann, "DELETE", ids[0], "", 204, NULL);
	on(&ann, "DELETE", ids[1], "", 204, NULL);
	made(&ann, SWISS, ids[0]);
	made(&ann, SWISS, ids[1]);
	on(&ann, "DELETE", ids[2], "", 204, NULL);
	th_browser_refused(&ann, "POST", "/api/tournaments", SWISS, 429, "");
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM tournaments"), 7);
	/* Bob's browser joins and withdraws until the pace of writes stops it: 21 go through,
	 * the 22nd (a withdrawal) is refused and changes nothing */
	tc_set_source("127.0.0.9");
	th_browser_account(&bob, "Bob", false);
	tc_reply r;
	for (int i = 0; i < 22; i++) {
		char path[96];
		snprintf(path, sizeof path, "/api/tournaments/%s/%s", ids[3],
		         i % 2 ? "withdraw" : "join");
		th_browser_ask(&bob, "POST", path, NULL, i < 21 ? 200 : 429, &r);
		if (i == 21) {
			assert_non_null(strstr(r.headers, "Retry-After"));
			assert_non_null(strstr(r.body, "too many"));
		}
		tc_reply_free(&r);
	}
	tc_set_source(NULL);
	char sql[160];
	snprintf(sql, sizeof sql, "SELECT active FROM tournament_players WHERE tournament = '%s'",
	         ids[3]);
	assert_int_equal(th_sql_number(db, sql), 1);
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "tournaments", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_garbage), T(test_ids), T(test_floods)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
