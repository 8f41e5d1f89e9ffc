/*
 * test_haproxy.c - `quiver serve --trusted-proxy` behind a real HAProxy running the documented
 * configuration (docs/deploy/haproxy.cfg, send-proxy-v2): with --address-tables 1, a second
 * table from one client address (127.0.0.2) through HAProxy gets 429 while another client
 * (127.0.0.3) through the same HAProxy gets 201, so quiver counts the players and not the
 * proxy; a table's WebSocket works through it. The targets quiver refuses (a control character
 * escaped, %00 among them; an escape that needs none; an escape in an /api/ path) are refused
 * by HAProxy's file already, with quiver's 400, and what quiver serves passes. Skipped (77)
 * when haproxy is not installed (scripts/install-deps.sh installs it for the tests).
 *
 * Usage: test_haproxy PATH-TO-QUIVER.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

static int hport;

/* HAProxy with the documented configuration in front of the running server. */
static void haproxy_start(void)
{
	char server[64];
	snprintf(server, sizeof server, "QUIVER_SERVER=127.0.0.1:%d", th_server.port);
	hport = th_haproxy_start(QV_HAPROXY_CFG, (const char *const[]){server, NULL});
}

static int teardown(void **state)
{
	th_haproxy_stop();
	return th_teardown(state);
}

#define TABLE "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}"

/* POST /api/tables through HAProxy from client address `from`: the status (its id in id). */
static int create_from(const char *from, char id[32])
{
	assert_int_equal(tc_set_source(from), 0);
	tc_reply r;
	int got = tc_http(hport, "POST", "/api/tables", TABLE, strlen(TABLE), &r);
	if (id)
		snprintf(id, 32, "%s", json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
	assert_int_equal(tc_set_source(NULL), 0);
	return got;
}

static void test_behind_haproxy(void **state)
{
	(void)state;
	static const char *const extra[] = {"--trusted-proxy", "127.0.0.1", "--address-tables", "1",
	                                    NULL};
	th_start(th_new_db(), extra);
	haproxy_start();
	char id[32];
	assert_int_equal(create_from("127.0.0.2", id), 201);
	assert_int_equal(create_from("127.0.0.2", NULL), 429);
	assert_int_equal(create_from("127.0.0.3", NULL), 201);
	/* a table's WebSocket through HAProxy */
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	tc_ws w;
	assert_int_equal(tc_ws_open(&w, hport, path), 0);
	assert_int_equal(tc_ws_send_text(&w, "{\"type\": \"hello\", \"token\": null}"), 0);
	json_t *f = tc_ws_recv_json(&w, 10000);
	assert_non_null(f);
	assert_string_equal(json_string_value(json_object_get(f, "type")), "snapshot");
	json_decref(f);
	tc_ws_close(&w);
	th_haproxy_stop();
	th_stop();
}

/* GET path through HAProxy: its status, and a 400's error holding words. */
static int get_through(const char *path, const char *words)
{
	tc_reply r;
	int status = tc_http(hport, "GET", path, NULL, 0, &r);
	const char *msg = json_string_value(json_object_get(r.json, "error"));
	if (status == 400 && (!msg || !strstr(msg, words)))
		fail_msg("GET %s: 400 without '%s': %s", path, words, r.body ? r.body : "");
	tc_reply_free(&r);
	return status;
}

/* The forms quiver refuses (hostile/paths), refused by HAProxy's file before any process reads
 * them, with quiver's JSON: a control character escaped (the third audit's %00), an escape of
 * a character that needs none, any escape in an /api/ path but a username's. */
static void test_paths_behind_haproxy(void **state)
{
	(void)state;
	static const char *const extra[] = {"--trusted-proxy", "127.0.0.1", NULL};
	th_start(th_new_db(), extra);
	haproxy_start();
	char id[32], path[128];
	assert_int_equal(create_from("127.0.0.2", id), 201);
	static const char *const control[] = {"/api/tables/%s%%00",     "/api/tables/%s%%00/ws",
	                                      "/api/tables/%s%%0a",     "/api/tables/%s%%7F",
	                                      "/api/tables/%s%%C2%%85", "/api/tables/%s?x=%%00"};
	for (size_t i = 0; i < sizeof control / sizeof control[0]; i++) {
		snprintf(path, sizeof path, control[i], id);
		assert_int_equal(get_through(path, "has a control character"), 400);
	}
	assert_int_equal(get_through("/index.html%00.md", "has a control character"), 400);
	snprintf(path, sizeof path, "/%%61pi/tables/%s", id);
	assert_int_equal(get_through(path, "needs none"), 400);
	assert_int_equal(get_through("/%6Detrics", "needs none"), 400);
	snprintf(path, sizeof path, "/api/tables/%s%%20", id);
	assert_int_equal(get_through(path, "no %XX escape but in a username"), 400);
	/* what quiver serves passes */
	snprintf(path, sizeof path, "/api/tables/%s", id);
	assert_int_equal(get_through(path, ""), 200);
	assert_int_equal(get_through("/api/players/%D0%90nna", ""), 404);
	assert_int_equal(get_through("/a%20b.html", ""), 404);
	assert_int_equal(get_through("/api/games?x=%2Fa", ""), 200);
	th_haproxy_stop();
	th_stop();
}

int main(int argc, char **argv)
{
	if (system("command -v haproxy >/dev/null 2>&1") != 0) {
		printf("skipped: haproxy is not installed (scripts/install-deps.sh installs it for "
		       "the tests)\n");
		return 77;
	}
	if (th_init(argc, argv, "haproxy", 120))
		return 1;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_behind_haproxy, teardown),
	    cmocka_unit_test_teardown(test_paths_behind_haproxy, teardown)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
