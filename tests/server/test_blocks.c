/*
 * test_blocks.c - an account blocks another (issue 54, item 4), from the outside: the list
 * (GET, POST /api/account/blocks, DELETE /api/account/blocks/NAME) with every refusal (signed
 * out, another site, oneself, no such account, a bad body, not blocked), the bound of
 * QV__BLOCKS_MAX blocks; a blocked account refused a seat (open, by name, by invite code, and
 * signed out on the same browser) at a table where the blocker sits, the blocker refused at
 * one where the blocked sits, a stranger let in, and both let in once the block is undone; a
 * rematch refused to either; an account's deletion taking its blocks both ways. Run against
 * PostgreSQL too (tests/cluster, pg_run.sh).
 *
 * Usage: test_blocks PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
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

#define BLOCKS "/api/account/blocks"
#define TWO    "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}"

/* Ann, Bob and Cy sign up (cy NULL: only Ann and Bob). */
static void three(th_browser *ann, th_browser *bob, th_browser *cy)
{
	th_browser_account(ann, "Ann", false);
	th_browser_account(bob, "Bob", false);
	if (cy)
		th_browser_account(cy, "Cy", false);
}

/* Browser b's request must answer 200 with the blocked usernames `want` ("Bob Cy"). */
static void blocks_are(th_browser *b, const char *method, const char *path, const char *body,
                       const char *want)
{
	char text[256] = "";
	tc_reply r;
	th_browser_ask(b, method, path, body, 200, &r);
	size_t i;
	const json_t *e;
	json_array_foreach(json_object_get(r.json, "blocks"), i, e)
	{
		size_t at = strlen(text);
		snprintf(text + at, sizeof text - at, "%s%s", at ? " " : "",
		         json_string_value(json_object_get(e, "username")));
		assert_true(json_integer_value(json_object_get(e, "at")) > 1700000000000LL);
	}
	assert_string_equal(text, want);
	tc_reply_free(&r);
}

/* The list, and every refusal of its routes. */
static void test_list(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser ann = {0}, bob = {0}, cy = {0};
	three(&ann, &bob, &cy);
	blocks_are(&ann, "GET", BLOCKS, NULL, "");
	/* the username in any case; blocking twice keeps one */
	blocks_are(&ann, "POST", BLOCKS, "{\"username\": \"bob\"}", "Bob");
	blocks_are(&ann, "POST", BLOCKS, "{\"username\": \"BOB\"}", "Bob");
	blocks_are(&ann, "POST", BLOCKS, "{\"username\": \"Cy\"}", "Cy Bob");
	blocks_are(&bob, "GET", BLOCKS, NULL, "");
	th_list_refusals(&ann, BLOCKS, "ann", "block");
	/* undone, by name in any case */
	blocks_are(&ann, "DELETE", BLOCKS "/BOB", NULL, "Cy");
	th_browser_refused(&ann, "DELETE", BLOCKS "/Bob", NULL, 404, "you do not block 'Bob'");
	th_stop();
}

/* The account id of username `lower` in db. */
static long long account_id(const char *db, const char *lower)
{
	char sql[128];
	snprintf(sql, sizeof sql, "SELECT id FROM accounts WHERE lower = '%s'", lower);
	return th_sql_number(db, sql);
}

/* At most QV__BLOCKS_MAX (1,000) blocks: the 1,000th is kept, the next refused with 409. */
static void test_bound(void **state)
{
	(void)state;
	char db[128], sql[320];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_browser ann = {0}, bob = {0}, cy = {0};
	three(&ann, &bob, &cy);
	th_stop();
	/* 999 blocks of accounts that are gone (their ids name nobody) */
	snprintf(sql, sizeof sql,
	         "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 999) "
	         "INSERT INTO blocks (account, blocked, at) SELECT %lld, 100000 + i, 1.5e9 FROM n",
	         account_id(db, "ann"));
	th_sql(db, sql);
	th_start(db, NULL);
	th_browser_account(&ann, "Ann", true);
	blocks_are(&ann, "POST", BLOCKS, "{\"username\": \"Bob\"}", "Bob");
	th_browser_refused(&ann, "POST", BLOCKS, "{\"username\": \"Cy\"}", 409,
	                   "you block 1000 accounts already");
	blocks_are(&ann, "POST", BLOCKS, "{\"username\": \"Bob\"}", "Bob");
	blocks_are(&ann, "DELETE", BLOCKS "/Bob", NULL, "");
	blocks_are(&ann, "POST", BLOCKS, "{\"username\": \"Cy\"}", "Cy");
	th_stop();
}

/* A table made from body with browser b at seat p1; its id into id. */
static void seated(th_browser *b, const char *body, char id[32], json_t **made)
{
	tc_reply r;
	th_browser_ask(b, "POST", "/api/tables", body, 201, &r);
	snprintf(id, 32, "%s", json_string_value(json_object_get(r.json, "id")));
	if (made)
		*made = json_incref(r.json);
	tc_reply_free(&r);
	char token[64];
	th_browser_join(b, id, "{\"seat\": \"p1\"}", token);
}

/* Browser b's join of table id with body is refused with 403 naming `words`. */
static void join_refused(th_browser *b, const char *id, const char *body, const char *words)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	tc_reply r;
	th_browser_ask(b, "POST", path, body, 403, &r);
	const char *error = json_string_value(json_object_get(r.json, "error"));
	if (!error || !strstr(error, words))
		fail_msg("the refusal says '%s', not '%s'", error ? error : "", words);
	tc_reply_free(&r);
}

static void test_joins(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser ann = {0}, bob = {0}, stranger = {0};
	three(&ann, &bob, NULL);
	blocks_are(&ann, "POST", BLOCKS, "{\"username\": \"Bob\"}", "Bob");
	char id[32], other[32], token[64], body[96];
	const char *no = "you cannot take a seat here: a player at this table does not accept "
	                 "games with you";
	/* Ann's open table: Bob is refused the first free seat and p2 by name, and the words do
	 * not say who */
	seated(&ann, TWO, id, NULL);
	join_refused(&bob, id, "{}", no);
	join_refused(&bob, id, "{\"seat\": \"p2\"}", no);
	/* by an invite code Ann sent */
	json_t *made;
	seated(&ann, "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"invite\"]}", other,
	       &made);
	snprintf(body, sizeof body, "{\"invite\": \"%s\"}",
	         json_string_value(
	             json_object_get(json_array_get(json_object_get(made, "invites"), 0), "code")));
	json_decref(made);
	join_refused(&bob, other, body, no);
	/* signed out on the same browser, its key is still Bob's */
	tc_reply r;
	th_browser_ask(&bob, "DELETE", "/api/session", NULL, 204, &r);
	tc_reply_free(&r);
	join_refused(&bob, id, "{\"name\": \"Robert\"}", no);
	th_browser_account(&bob, "Bob", true);
	/* Bob's own table: Ann, who blocks him, is told so and how to undo it */
	char bobs[32];
	seated(&bob, TWO, bobs, NULL);
	join_refused(&ann, bobs, "{}",
	             "you cannot take a seat here: you block Bob, who plays at "
	             "this table; unblock them on your account page first");
	/* a stranger sits at Ann's table; undone, Bob sits at the invite seat and Ann at his */
	th_browser_join(&stranger, id, "{}", token);
	blocks_are(&ann, "DELETE", BLOCKS "/Bob", NULL, "");
	th_browser_join(&bob, other, body, token);
	th_browser_join(&ann, bobs, "{}", token);
	th_stop();
}

/* Ann and Bob play a table to its end (p2 resigns after a move each); Ann then blocks Bob and
 * neither gets a rematch. */
static void test_rematch(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser ann = {0}, bob = {0};
	three(&ann, &bob, NULL);
	char id[32], t1[64], t2[64];
	tc_reply r;
	th_browser_ask(&ann, "POST", "/api/tables", TWO, 201, &r);
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
	th_browser_join(&ann, id, "{\"seat\": \"p1\"}", t1);
	th_browser_join(&bob, id, "{\"seat\": \"p2\"}", t2);
	th_seat a, b;
	th_seat_open(&a, id, t1);
	th_seat_open(&b, id, t2);
	th_seat *all[] = {&a, &b};
	th_seat_play_first(&a, all, 2);
	th_seat_play_first(&b, all, 2);
	th_seat_send(&b, "{\"type\": \"resign\", \"v\": %lld}", b.v);
	th_seat_next(&a);
	th_seat_next(&b);
	assert_string_equal(json_string_value(json_object_get(a.table, "status")), "over");
	blocks_are(&ann, "POST", BLOCKS, "{\"username\": \"Bob\"}", "Bob");
	th_seat_refused(&b, "{\"type\": \"rematch\"}",
	                "no rematch: a player at this table does not accept games with you");
	th_seat_refused(&a, "{\"type\": \"rematch\"}", "no rematch: you block Bob");
	th_seat_close(&a);
	th_seat_close(&b);
	th_stop();
}

/* An account's deletion takes the blocks it made and those made of it. */
static void test_deletion(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_browser ann = {0}, bob = {0}, cy = {0};
	three(&ann, &bob, &cy);
	blocks_are(&ann, "POST", BLOCKS, "{\"username\": \"Bob\"}", "Bob");
	blocks_are(&bob, "POST", BLOCKS, "{\"username\": \"Ann\"}", "Ann");
	blocks_are(&cy, "POST", BLOCKS, "{\"username\": \"Bob\"}", "Bob");
	tc_reply r;
	th_browser_ask(&ann, "DELETE", "/api/account", "{\"password\": \"" TH_PASS "\"}", 204, &r);
	tc_reply_free(&r);
	blocks_are(&bob, "GET", BLOCKS, NULL, "");
	th_stop();
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM blocks"), 1);
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "blocks", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_list), T(test_bound), T(test_joins),
	                                   T(test_rematch), T(test_deletion)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
