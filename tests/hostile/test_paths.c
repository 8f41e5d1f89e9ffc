/*
 * test_paths.c - a path is decoded once, and only its canonical form is served.
 *
 * HAProxy routes a table's requests by the path as it was sent (the id, its fourth field);
 * the server decoded it, so `/%61pi/tables/ID` once reached a process the proxy did not mean,
 * and one such request a second forced 14 "moved" (1012) disconnects in 15 s. Now a path with
 * an escape of a character that needs none (a letter, a digit, '-', '.', '_', '~', '/') is
 * refused with 400 naming the problem, an HTTP request and a WebSocket's upgrade alike; the
 * same paths written plainly are served, and an escape a path needs (a space) is kept.
 *
 * The third audit's `%00` (issue 65): libmicrohttpd decodes it to a NUL, the server read the
 * path as a C string, so `/api/tables/ID%00` and `/api/tables/ID%00/ws` were the table (served
 * by any process, which took the table from its holder: 16 forced 1012 closes in 15 s) and
 * `/index.html%00.md` was index.html. Now every control character in a target, escaped (C0, DEL,
 * C1 as UTF-8) or in the query, is 400, and so is any escape in an /api/ path but in a
 * username (`/api/players/NAME`), each naming its rule.
 *
 * Usage: test_paths PATH-TO-QUIVER.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

#define NEEDLESS "escape of a character that needs none"
#define CONTROL  "has a control character"
#define API      "an /api/ path has no %XX escape but in a username"

/* GET path: its status, and when 400 its error holding `words`. */
static int get_why(const char *path, const char *words)
{
	tc_reply r;
	int status = tc_http(th_server.port, "GET", path, NULL, 0, &r);
	if (status == 400) {
		const char *msg = json_string_value(json_object_get(r.json, "error"));
		if (!msg || !strstr(msg, words))
			fail_msg("GET %s: 400 without the reason '%s': %s", path, words,
			         r.body ? r.body : "");
	}
	tc_reply_free(&r);
	return status;
}

static int get(const char *path) { return get_why(path, NEEDLESS); }

/* The status of a WebSocket's upgrade of path. */
static int upgrade(const char *path)
{
	tc_reply r;
	int status = tc_http_with(th_server.port, "GET", path,
	                          "Upgrade: websocket\r\nConnection: Upgrade\r\n"
	                          "Sec-WebSocket-Version: 13\r\n"
	                          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n",
	                          NULL, 0, &r);
	tc_reply_free(&r);
	return status;
}

static void test_needless_escapes(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], path[128];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	snprintf(path, sizeof path, "/api/tables/%s", id);
	assert_int_equal(get(path), 200);
	snprintf(path, sizeof path, "/%%61pi/tables/%s", id);
	assert_int_equal(get(path), 400);
	snprintf(path, sizeof path, "/%%61%%70%%69/tables/%s", id);
	assert_int_equal(get(path), 400);
	snprintf(path, sizeof path, "/api%%2Ftables/%s", id);
	assert_int_equal(get(path), 400);
	snprintf(path, sizeof path, "/api/tables/%%%02X%s", (unsigned char)id[0], id + 1);
	assert_int_equal(get(path), 400);
	snprintf(path, sizeof path, "/api/tables/%s/%%72ecord", id);
	assert_int_equal(get(path), 400);
	/* with a query whose value begins with '/' after it */
	snprintf(path, sizeof path, "/%%61pi/tables/%s?x=/y", id);
	assert_int_equal(get(path), 400);
	/* The connection serves its next request as usual: the mark was the request's. */
	assert_int_equal(get("/api/games"), 200);
	/* An escape that is needed stays one: no file has that name. */
	assert_int_equal(get("/a%20b.html"), 404);
	assert_int_equal(get("/api/games?x=%2Fa"), 200);
	/* The WebSocket's upgrade is a request like the others. */
	snprintf(path, sizeof path, "/%%61pi/tables/%s/ws", id);
	assert_int_equal(upgrade(path), 400);
	th_stop();
}

static void test_control_escapes(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], path[128];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	/* The audit's forms: a table's info and socket, and a file. */
	static const char *const tails[] = {"%00", "%00xyz", "%00/ws", "%0a",   "%0D",
	                                    "%1f", "%7F",    "%C2%85", "%c2%9f"};
	for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
		snprintf(path, sizeof path, "/api/tables/%s%s", id, tails[i]);
		assert_int_equal(get_why(path, CONTROL), 400);
	}
	snprintf(path, sizeof path, "/api/tables/%s%%00/ws", id);
	assert_int_equal(upgrade(path), 400);
	assert_int_equal(get_why("/index.html%00.md", CONTROL), 400);
	assert_int_equal(get_why("/index.html%00", CONTROL), 400);
	assert_int_equal(get_why("/rules/three-arrows.md%00.html", CONTROL), 400);
	/* in a query, and in a name where escapes are otherwise welcome */
	assert_int_equal(get_why("/api/games?x=%00", CONTROL), 400);
	assert_int_equal(get_why("/api/players/Ann%00", CONTROL), 400);
	/* what is left is served as before */
	snprintf(path, sizeof path, "/api/tables/%s", id);
	assert_int_equal(get(path), 200);
	assert_int_equal(get("/index.html"), 200);
	assert_int_equal(get("/api/games?x=%C3%A9"), 200);
	th_stop();
}

static void test_api_escapes(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], path[128];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	static const char *const forms[] = {"/api/tables/%s%%20", "/api/tables/%s%%3F",
	                                    "/api/tables/%s/join%%23", "/api/tables/%s%%C3%%A9"};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		snprintf(path, sizeof path, forms[i], id);
		assert_int_equal(get_why(path, API), 400);
	}
	assert_int_equal(get_why("/api/games%20", API), 400);
	assert_int_equal(get_why("/api/players%20/Ann", API), 400);
	snprintf(path, sizeof path, "/api/tables/%s%%20/ws", id);
	assert_int_equal(upgrade(path), 400);
	/* A username may hold any letter: its escapes are kept (no such account: 404). */
	assert_int_equal(get("/api/players/%D0%90nna"), 404);
	assert_int_equal(get("/api/players/Ann%20Lee"), 404);
	/* a page's path and an /api/ query keep theirs */
	assert_int_equal(get("/a%20b.html"), 404);
	assert_int_equal(get("/api/games?x=%20"), 200);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "paths", 120))
		return 1;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_needless_escapes, th_teardown),
	    cmocka_unit_test_teardown(test_control_escapes, th_teardown),
	    cmocka_unit_test_teardown(test_api_escapes, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
