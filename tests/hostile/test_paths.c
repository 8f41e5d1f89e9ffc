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

/* GET path: its status, and when 400 its error naming the escape. */
static int get(const char *path)
{
	tc_reply r;
	int status = tc_http(th_server.port, "GET", path, NULL, 0, &r);
	if (status == 400) {
		const char *msg = json_string_value(json_object_get(r.json, "error"));
		if (!msg || !strstr(msg, "escape of a character that needs none"))
			fail_msg("GET %s: 400 without the reason: %s", path, r.body ? r.body : "");
	}
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
	tc_reply r;
	int status = tc_http_with(th_server.port, "GET", path,
	                          "Upgrade: websocket\r\nConnection: Upgrade\r\n"
	                          "Sec-WebSocket-Version: 13\r\n"
	                          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n",
	                          NULL, 0, &r);
	tc_reply_free(&r);
	assert_int_equal(status, 400);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "paths", 120))
		return 1;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_needless_escapes, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
