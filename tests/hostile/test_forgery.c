/*
 * test_forgery.c - requests forged by other sites and names forged to look like others'
 * (issue 52, the second audit's findings 8 and 9):
 *
 * - Every request that changes something and carries the browser's cookies is refused 403
 *   naming the Origin header when its Origin is another site's: a new table, a join, a
 *   sign-out, a replay (before: only the account routes checked it, and a cross-site POST
 *   /api/tables with the browser's cookies was made, 201). The same request from the server's
 *   own page, or without cookies (a script), is served. So is one without an Origin but with
 *   the browser's `Sec-Fetch-Site: cross-site` (or `same-site`), which was accepted (issue
 *   65, the third audit's finding 10), and the player's channel opened so.
 * - A username whose skeleton (Unicode's confusables, UTS #39) is an existing one's is refused
 *   409 naming the name it looks like: Cyrillic, Greek and Armenian letters for Latin ones,
 *   "rn" for "m", "l" for "I" (before: all accepted). A name unlike any is made.
 *
 * Usage: test_forgery PATH-TO-QUIVER.
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

#define TABLE "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}"

static void test_cross_site(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser b = {0};
	th_browser_key(&b);
	char id[32], token[64];
	th_create(TABLE, id);
	snprintf(b.origin, sizeof b.origin, "http://evil.example");
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	th_browser_refused(&b, "POST", "/api/tables", TABLE, 403, "Origin header");
	th_browser_refused(&b, "POST", path, "{}", 403, "Origin header");
	th_browser_refused(&b, "POST", "/api/replay", "{}", 403, "Origin header");
	/* from the server's own page */
	snprintf(b.origin, sizeof b.origin, "http://127.0.0.1:%d", th_server.port);
	tc_reply r;
	th_browser_ask(&b, "POST", "/api/tables", TABLE, 201, &r);
	tc_reply_free(&r);
	th_browser_join(&b, id, "{}", token);
	/* Another site's page that sends no Origin: the browser's Sec-Fetch-Site says whose
	 * page it is (issue 65, finding 10), for every request that changes something and for
	 * the player's channel. */
	th_browser quiet = b;
	quiet.origin[0] = '\0';
	static const char *const sites[] = {"cross-site", "same-site", "CROSS-SITE"};
	for (size_t i = 0; i < sizeof sites / sizeof sites[0]; i++) {
		snprintf(quiet.fetch_site, sizeof quiet.fetch_site, "%s", sites[i]);
		th_browser_refused(&quiet, "POST", "/api/tables", TABLE, 403, "Sec-Fetch-Site");
		th_browser_refused(&quiet, "POST", path, "{}", 403, "Sec-Fetch-Site");
		th_browser_refused(&quiet, "DELETE", "/api/session", NULL, 403, "Sec-Fetch-Site");
		tc_ws w;
		assert_int_equal(th_channel_open(&quiet, &w), 403);
	}
	/* the server's own page, and a typed address or bookmark */
	static const char *const ours[] = {"same-origin", "none"};
	for (size_t i = 0; i < sizeof ours / sizeof ours[0]; i++) {
		snprintf(quiet.fetch_site, sizeof quiet.fetch_site, "%s", ours[i]);
		th_browser_ask(&quiet, "POST", "/api/tables", TABLE, 201, &r);
		tc_reply_free(&r);
	}
	/* a script: no cookies, any Origin */
	th_browser script = {0};
	snprintf(script.origin, sizeof script.origin, "http://evil.example");
	th_browser_ask(&script, "POST", "/api/tables", TABLE, 201, &r);
	tc_reply_free(&r);
	th_stop();
}

static void test_lookalikes(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	static const char *const accounts[] = {"Anna", "modern", "Ivy", "Mia",
	                                       "Dave", "Will",   "Otto"};
	for (size_t i = 0; i < sizeof accounts / sizeof accounts[0]; i++) {
		char body[160];
		snprintf(body, sizeof body,
		         "{\"username\": \"%s\", \"password\": \"arrows fly far\"}", accounts[i]);
		json_decref(th_http("POST", "/api/accounts", body, 201));
	}
	static const char *const alike[] = {
	    "\xd0\x90nna", /* Cyrillic A */
	    "\xce\x91nna", /* Greek Alpha */
	    "An\xd5\xb8"
	    "a",                  /* Armenian vo for n */
	    "\xd0\xb0nn\xd0\xb0", /* Cyrillic a, twice */
	    "rnodern",            /* rn for m */
	    "lvy",                /* l for I */
	    "rnia",               /* rn for the M of Mia, its case folded first */
	    "Clave",              /* cl for D (quiver's own prototype, beside Unicode's) */
	    "VVill",              /* VV for W (the same) */
	    "O\xcf\x84to",        /* Greek tau for t (the same) */
	    "\xd4\x81"
	    "ave",             /* Cyrillic komi de, whose prototype is d, so cl */
	    "\xef\xbc\xa1nna", /* fullwidth A */
	};
	for (size_t i = 0; i < sizeof alike / sizeof alike[0]; i++) {
		char body[160];
		snprintf(body, sizeof body,
		         "{\"username\": \"%s\", \"password\": \"arrows fly far\"}", alike[i]);
		th_refused("POST", "/api/accounts", body, 409, "looks like the username");
	}
	json_decref(th_http("POST", "/api/accounts",
	                    "{\"username\": \"Annabel\", \"password\": \"arrows fly far\"}", 201));
	th_stop();
}

/* A database of schema 14 kept keys of likeness made before case was folded first ("mia" for
 * Mia): the server opening it makes every key again, and "rnia" is refused. */
static void test_keys_made_again(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	json_decref(th_http("POST", "/api/accounts",
	                    "{\"username\": \"Mia\", \"password\": \"arrows fly far\"}", 201));
	th_stop();
	th_sql(db, "UPDATE accounts SET skeleton = 'mia'; PRAGMA user_version=14");
	th_start(db, NULL);
	th_refused("POST", "/api/accounts",
	           "{\"username\": \"rnia\", \"password\": \"arrows fly far\"}", 409,
	           "looks like the username 'Mia'");
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "forgery", 300))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_cross_site), T(test_lookalikes),
	                                   T(test_keys_made_again)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
