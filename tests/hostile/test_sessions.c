/*
 * test_sessions.c - what outlives an account or a session (issue 52, the second audit's
 * findings 2, 3 and 9):
 *
 * - A player's channel opened with a session is closed (1008) the moment that session ends:
 *   at a sign-out, at a password change made on another device (a stolen session's channel
 *   heard the account's private tables after it), at a recovery, at the account's deletion,
 *   and when the browser signs in to another account.
 * - An account's id is never given again: SQLite gave a deleted account's id (the largest) to
 *   the next sign-up, and the deleted account's open channel heard the newcomer's turns.
 * - A client that signs in before any other request (no player key yet) gets a key linked to
 *   the account, as a browser's is: its seats are the account's.
 *
 * Usage: test_sessions PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

/* th_browser_ask, its reply dropped. */
static void ask(th_browser *b, const char *method, const char *path, const char *body, int status)
{
	tc_reply r;
	th_browser_ask(b, method, path, body, status, &r);
	tc_reply_free(&r);
}

static const char *const PW = "{\"username\": \"%s\", \"password\": \"arrows fly far\"}";

/* Browser b (its key already) signs up as name (201). */
static void sign_up(th_browser *b, const char *name)
{
	char body[160];
	snprintf(body, sizeof body, PW, name);
	ask(b, "POST", "/api/accounts", body, 201);
}

static void sign_in(th_browser *b, const char *name)
{
	char body[160];
	snprintf(body, sizeof body, PW, name);
	ask(b, "POST", "/api/session", body, 200);
}

/* A new browser with its key, signed up as name, with its channel open in *w. */
static void signed_up_with_channel(th_browser *b, const char *name, tc_ws *w)
{
	memset(b, 0, sizeof *b);
	th_browser_key(b);
	sign_up(b, name);
	assert_int_equal(th_channel_open(b, w), 0);
}

/* Sign-out, a password change elsewhere, a recovery, a deletion and a sign-in to another
 * account each close the channels of the sessions they end, and only those. */
static void test_channels_closed(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser a, other;
	tc_ws w, w2;
	/* sign-out */
	signed_up_with_channel(&a, "Outy", &w);
	ask(&a, "DELETE", "/api/session", NULL, 204);
	th_expect_close(&w, 1008, "session ended");
	tc_ws_close(&w);
	/* a password change on another device closes the first device's channel */
	signed_up_with_channel(&a, "Changer", &w);
	memset(&other, 0, sizeof other);
	th_browser_key(&other);
	sign_in(&other, "Changer");
	assert_int_equal(th_channel_open(&other, &w2), 0);
	ask(&other, "POST", "/api/account/password",
	    "{\"old\": \"arrows fly far\", \"new\": \"another long one\"}", 200);
	th_expect_close(&w, 1008, "session ended");
	tc_ws_close(&w);
	th_expect_close(&w2, 1008, "session ended");
	tc_ws_close(&w2);
	/* a new session in the same browser ends the old one's channel */
	signed_up_with_channel(&a, "Switcher", &w);
	memset(&other, 0, sizeof other);
	th_browser_key(&other);
	sign_up(&other, "Elsewhere");
	sign_in(&a, "Elsewhere");
	th_expect_close(&w, 1008, "session ended");
	tc_ws_close(&w);
	/* deletion */
	signed_up_with_channel(&a, "Leaver", &w);
	ask(&a, "DELETE", "/api/account", "{\"password\": \"arrows fly far\"}", 204);
	th_expect_close(&w, 1008, "session ended");
	tc_ws_close(&w);
	th_stop();
}

/* A deleted account's id is never the next account's, and its channel is gone before the next
 * account exists; the newcomer's channel hears its own turn. */
static void test_ids_never_reused(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	th_browser m, v;
	tc_ws mw, vw;
	signed_up_with_channel(&m, "Mallory", &mw);
	ask(&m, "DELETE", "/api/account", "{\"password\": \"arrows fly far\"}", 204);
	th_expect_close(&mw, 1008, "session ended");
	tc_ws_close(&mw);
	signed_up_with_channel(&v, "Victim", &vw);
	char id[32], token[64];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	th_browser_join(&v, id, "{\"seat\": \"p1\"}", token);
	th_join(id, "p2", token);
	json_decref(th_channel_expect(&vw, "joined")); /* p2 took the other seat */
	json_t *turn = th_channel_expect(&vw, "turn");
	assert_string_equal(json_string_value(json_object_get(turn, "table")), id);
	json_decref(turn);
	tc_ws_close(&vw);
	th_stop();
	if (!th_pg()) /* SQLite: the ids as stored */
		assert_int_equal(th_sql_number(db, "SELECT count(*) FROM accounts WHERE id = 1"),
		                 0);
	assert_int_equal(th_sql_number(db, "SELECT min(id) FROM accounts"), 2);
}

/* A client without a key signs in first: the key its answer sets is linked to the account, so
 * a seat it then takes is the account's (another browser signed in to the account lists it;
 * before, the key was linked to nothing and its seats were never the account's, nor rated). */
static void test_fresh_client_key(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser a = {0};
	th_browser_key(&a);
	sign_up(&a, "Botmaker");
	th_browser bot = {0}; /* no request before the sign-in: no key */
	sign_in(&bot, "Botmaker");
	assert_true(bot.key[0]);
	char id[32], token[64];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	th_browser_join(&bot, id, "{\"seat\": \"p1\"}", token);
	tc_reply r;
	th_browser_ask(&a, "GET", "/api/me", NULL, 200, &r);
	json_t *tables = json_object_get(r.json, "tables");
	assert_int_equal(json_array_size(tables), 1);
	assert_string_equal(json_string_value(json_object_get(json_array_get(tables, 0), "id")),
	                    id);
	tc_reply_free(&r);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "sessions", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_channels_closed), T(test_ids_never_reused),
	                                   T(test_fresh_client_key)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
