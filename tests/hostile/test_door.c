/*
 * test_door.c - what the new network layer (issue 37: one loop on libmicrohttpd instead of
 * CivetWeb) promises at the door, besides its limits (test_trickle, test_sockets):
 *
 * - IPv6: `quiver serve --host ::1` answers GET /api/games over [::1], and a table's WebSocket
 *   over IPv6 says hello and gets its snapshot; `--host ::` does the same over [::1] and takes
 *   IPv4 clients too (127.0.0.1);
 * - a WebSocket message over the limit (QV__BODY_MAX, 65,536 bytes) closes the socket with
 *   1009 (message too big), whether it comes in one frame of 70,000 bytes or in fragments that
 *   add up to 70,000; a message of exactly 65,536 bytes does not (the socket still answers a
 *   ping);
 * - the browser's files revalidate: GET / (index.html) carries an ETag and a Last-Modified;
 *   the same GET with If-None-Match naming that ETag, or with If-Modified-Since naming that
 *   time, answers 304 with no body; another ETag answers 200 with the file.
 *
 * Every wait is bounded; an alarm ends a stuck run.
 *
 * Usage: test_door PATH-TO-QUIVER.
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

/* The largest WebSocket message the server takes (net.h's QV__BODY_MAX), and the size of the
 * message that passes it. */
#define MESSAGE_MAX 65536
#define TOO_BIG     70000

/* ---- helpers --------------------------------------------------------------------------------- */

/* Creates a table of two human seats; copies its id. */
static void create(char id[32])
{
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
}

/* GET /api/games over this thread's target must answer 200 with the games. */
static void games_answer(const char *over)
{
	json_t *games = th_http("GET", "/api/games", NULL, 200);
	if (!json_is_array(games) && !json_is_object(games))
		fail_msg("GET /api/games over %s: no JSON", over);
	json_decref(games);
}

/* A spectator's socket over this thread's target: hello, then the snapshot. */
static void spectator_answers(const char *id)
{
	th_seat s;
	th_seat_open(&s, id, NULL);
	assert_non_null(s.table);
	th_seat_close(&s);
}

/* The socket closed with `code` (th_expect_close), said with what was sent. */
static void expect_close(tc_ws *w, int code, const char *what)
{
	th_expect_close(w, code, "");
	print_message("%s: closed with %d \"%s\"\n", what, w->close_code, w->close_reason);
}

/* A chat message of exactly `size` bytes of JSON (malloc'ed). */
static char *chat_of(size_t size)
{
	static const char head[] = "{\"type\": \"chat\", \"text\": \"", tail[] = "\"}";
	size_t fixed = strlen(head) + strlen(tail);
	assert_true(size > fixed);
	char *m = malloc(size + 1);
	assert_non_null(m);
	memcpy(m, head, strlen(head));
	memset(m + strlen(head), 'x', size - fixed);
	memcpy(m + size - strlen(tail), tail, strlen(tail) + 1);
	assert_int_equal(strlen(m), size);
	return m;
}

/* ---- IPv6 ------------------------------------------------------------------------------------ */

/* --host ::1: the API and a table's socket over [::1]. */
static void test_ipv6_loopback(void **state)
{
	(void)state;
	static const char *const extra[] = {"--host", "::1", NULL};
	th_start(th_new_db(), extra);
	assert_int_equal(tc_set_target("::1"), 0);
	games_answer("[::1]");
	char id[32];
	create(id);
	spectator_answers(id);
	print_message("--host ::1 (port %d): GET /api/games and a table's socket over [::1]\n",
	              th_server.port);
	tc_set_target(NULL);
	th_stop();
}

/* --host ::: every interface, IPv6 and IPv4 alike. */
static void test_ipv6_any(void **state)
{
	(void)state;
	static const char *const extra[] = {"--host", "::", NULL};
	th_start(th_new_db(), extra);
	char id[32];
	assert_int_equal(tc_set_target("::1"), 0);
	games_answer("[::1]");
	create(id);
	spectator_answers(id);
	tc_set_target("127.0.0.1");
	games_answer("127.0.0.1");
	spectator_answers(id);
	print_message("--host :: (port %d): the API and a table's socket over [::1] and "
	              "127.0.0.1\n",
	              th_server.port);
	tc_set_target(NULL);
	th_stop();
}

/* ---- messages over the limit ----------------------------------------------------------------- */

/* A socket of table id that has said hello and got its snapshot. */
static void greeted(tc_ws *w, const char *id)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(w, th_server.port, path), 0);
	assert_int_equal(tc_ws_send_text(w, "{\"type\": \"hello\", \"token\": null}"), 0);
	json_t *snap = tc_ws_recv_json(w, TH_WAIT_MS);
	assert_string_equal(json_string_value(json_object_get(snap, "type")), "snapshot");
	json_decref(snap);
}

static void test_message_too_big(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32];
	create(id);
	char *big = chat_of(TOO_BIG);
	/* One frame of 70,000 bytes. */
	tc_ws w;
	greeted(&w, id);
	assert_int_equal(tc_ws_send_frame(&w, 1, big, TOO_BIG, false), 0);
	expect_close(&w, 1009, "a text message of 70000 bytes in one frame");
	tc_ws_close(&w);
	/* The same in fragments of 10,000 bytes, none over the limit alone: the server may close
	 * before the last ones are sent, so their sends may fail. */
	greeted(&w, id);
	for (size_t at = 0; at < TOO_BIG; at += 10000) {
		size_t n = TOO_BIG - at < 10000 ? TOO_BIG - at : 10000;
		(void)tc_ws_send_frame(&w, at == 0 ? 1 : 0, big + at, n, at + n < TOO_BIG);
	}
	expect_close(&w, 1009, "a text message of 70000 bytes in 7 fragments");
	tc_ws_close(&w);
	free(big);
	/* A message of exactly the limit is taken (a chat this long is refused, but with an error
	 * frame): the socket stays and answers a ping. */
	char *most = chat_of(MESSAGE_MAX);
	greeted(&w, id);
	assert_int_equal(tc_ws_send_frame(&w, 1, most, MESSAGE_MAX, false), 0);
	assert_int_equal(tc_ws_send_text(&w, "{\"type\": \"ping\"}"), 0);
	bool pong = false;
	for (int i = 0; i < 10 && !pong; i++) {
		json_t *f = tc_ws_recv_json(&w, TH_WAIT_MS);
		if (!f)
			fail_msg(
			    "after a message of %d bytes: no pong (socket closed with %d '%s')",
			    MESSAGE_MAX, w.close_code, w.close_reason);
		const char *type = json_string_value(json_object_get(f, "type"));
		pong = type && strcmp(type, "pong") == 0;
		json_decref(f);
	}
	assert_true(pong);
	print_message("a text message of %d bytes: taken, the socket still answers a ping\n",
	              MESSAGE_MAX);
	tc_ws_close(&w);
	free(most);
	th_stop();
}

/* ---- the browser's files --------------------------------------------------------------------- */

static void test_static_revalidation(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	tc_reply r;
	char etag[128], modified[64], headers[256];
	assert_int_equal(tc_http(th_server.port, "GET", "/", NULL, 0, &r), 200);
	assert_true(r.len > 0);
	size_t full = r.len;
	if (!tc_header(&r, "ETag", etag, sizeof etag))
		fail_msg("GET / has no ETag: %s", r.headers);
	if (!tc_header(&r, "Last-Modified", modified, sizeof modified))
		fail_msg("GET / has no Last-Modified: %s", r.headers);
	tc_reply_free(&r);
	print_message("GET /: %zu bytes, ETag %s, Last-Modified %s\n", full, etag, modified);
	/* If-None-Match: that ETag. */
	snprintf(headers, sizeof headers, "If-None-Match: %s\r\n", etag);
	tc_http_with(th_server.port, "GET", "/", headers, NULL, 0, &r);
	if (r.status != 304 || r.len != 0)
		fail_msg("GET / with If-None-Match %s: %d with %zu bytes; expected 304 and none",
		         etag, r.status, r.len);
	tc_reply_free(&r);
	/* If-Modified-Since: that time. */
	snprintf(headers, sizeof headers, "If-Modified-Since: %s\r\n", modified);
	tc_http_with(th_server.port, "GET", "/", headers, NULL, 0, &r);
	if (r.status != 304 || r.len != 0)
		fail_msg(
		    "GET / with If-Modified-Since %s: %d with %zu bytes; expected 304 and none",
		    modified, r.status, r.len);
	tc_reply_free(&r);
	/* Another ETag: the whole file. */
	tc_http_with(th_server.port, "GET", "/", "If-None-Match: \"another\"\r\n", NULL, 0, &r);
	if (r.status != 200 || r.len != full)
		fail_msg("GET / with another ETag: %d with %zu bytes; expected 200 and %zu",
		         r.status, r.len, full);
	tc_reply_free(&r);
	print_message("revalidated: 304 without a body for the ETag and for the time\n");
	th_stop();
}

/* ---- the run --------------------------------------------------------------------------------- */

/* th_teardown, and the connections back to 127.0.0.1 after a failed IPv6 test. */
static int teardown(void **state)
{
	tc_set_target(NULL);
	return th_teardown(state);
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "door", 300))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, teardown)
	const struct CMUnitTest tests[] = {
	    T(test_ipv6_loopback),
	    T(test_ipv6_any),
	    T(test_message_too_big),
	    T(test_static_revalidation),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
