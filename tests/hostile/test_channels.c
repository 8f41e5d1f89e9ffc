/*
 * test_channels.c - the player's channel (/api/me/ws) against clients that abuse it:
 *
 * - Channels count against the socket limits as a table's sockets do: with
 *   --max-sockets-per-address 2, a third channel (or a table's socket beside two channels) from
 *   the address gets 429, and one closed makes room again.
 * - 40 channels from one address opened and dropped (half after their hello, half before, none
 *   closing cleanly) leave nothing counted: two channels still open, and a turn reaches a new
 *   channel only, never a dropped one (the list lost them all).
 * - A channel that never says hello is closed (1008) as a table's socket is.
 *
 * Usage: test_channels PATH-TO-QUIVER.
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

/* Opens b's channel without its hello: 0, or the refusal's status. */
static int bare(const th_browser *b, tc_ws *w)
{
	char headers[256];
	snprintf(headers, sizeof headers, "Cookie: %s\r\n", b->key);
	return tc_ws_open_with(w, th_server.port, "/api/me/ws", headers);
}

static void test_limits(void **state)
{
	(void)state;
	static const char *const extra[] = {"--max-sockets-per-address", "2", NULL};
	th_start(th_new_db(), extra);
	th_browser ann = {0};
	th_browser_key(&ann);
	tc_ws a, b, c;
	assert_int_equal(th_channel_open(&ann, &a), 0);
	assert_int_equal(th_channel_open(&ann, &b), 0);
	assert_int_equal(bare(&ann, &c), 429);
	char id[32];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(&c, th_server.port, path), 429);
	tc_ws_close(&b);
	/* the socket's end is counted on a worker: wait for the room it makes */
	int got = 429;
	for (int i = 0; i < 200 && got == 429; i++)
		if ((got = th_channel_open(&ann, &b)) == 429)
			usleep(25000);
	assert_int_equal(got, 0);
	tc_ws_close(&a);
	tc_ws_close(&b);
	th_stop();
}

static void test_dropped(void **state)
{
	(void)state;
	static const char *const extra[] = {"--max-sockets-per-address", "2", NULL};
	th_start(th_new_db(), extra);
	th_browser ann = {0}, bob = {0};
	th_browser_key(&ann);
	th_browser_key(&bob);
	for (int i = 0; i < 40; i++) {
		tc_ws w;
		int got = 429;
		for (int k = 0; k < 200 && got == 429; k++)
			if ((got = i % 2 ? th_channel_open(&ann, &w) : bare(&ann, &w)) == 429)
				usleep(25000);
		assert_int_equal(got, 0);
		tc_ws_close(&w); /* the TCP connection dropped, no close frame */
	}
	tc_ws a, b;
	int got = 429;
	for (int k = 0; k < 200 && got == 429; k++)
		if ((got = th_channel_open(&ann, &a)) == 429)
			usleep(25000);
	assert_int_equal(got, 0);
	got = 429;
	for (int k = 0; k < 200 && got == 429; k++)
		if ((got = th_channel_open(&ann, &b)) == 429)
			usleep(25000);
	assert_int_equal(got, 0);
	/* Bob takes p1 of Ann's table: her turn reaches each open channel once */
	char id[32], token[64];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	tc_reply r;
	th_browser_ask(&bob, "POST", path, "{\"seat\": \"p2\"}", 200, &r);
	tc_reply_free(&r);
	th_browser_ask(&ann, "POST", path, "{\"seat\": \"p1\"}", 200, &r);
	snprintf(token, sizeof token, "%s", json_string_value(json_object_get(r.json, "token")));
	tc_reply_free(&r);
	json_decref(th_channel_expect(&a, "turn"));
	json_decref(th_channel_expect(&b, "turn"));
	th_channel_quiet(&a);
	th_channel_quiet(&b);
	tc_ws_close(&a);
	tc_ws_close(&b);
	th_stop();
}

static void test_no_hello(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser ann = {0};
	th_browser_key(&ann);
	tc_ws w;
	assert_int_equal(bare(&ann, &w), 0);
	th_expect_close(&w, 1008, "hello");
	tc_ws_close(&w);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "channels", 300))
		return 1;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_limits), T(test_dropped), T(test_no_hello)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
