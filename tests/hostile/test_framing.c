/*
 * test_framing.c - framing that RFC 6455 and RFC 9112 forbid (issue 52, the second audit's
 * finding 9):
 *
 * - A client's close frame is answered with its code only when an endpoint may send that code:
 *   1005 and 1015 (which say that no code came, or TLS failed) and unassigned codes are answered
 *   1002, a close of 1 byte 1002, a reason that is not UTF-8 1007; a close without a code 1000
 *   (before: 1005 and 1015 were echoed, RFC 6455 7.4.1 forbids sending them).
 * - A text message that is not UTF-8 closes the socket with 1007 (RFC 6455 8.1; before: an
 *   error frame, the socket kept).
 * - A request with two Content-Length headers of different values, or a Content-Length with a
 *   Transfer-Encoding, is answered 400 naming the headers and its connection closed (before:
 *   libmicrohttpd took one of them: what a proxy in front read as another request was this
 *   one's body).
 *
 * Usage: test_framing PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

/* A spectator's socket at table id, after its snapshot. */
static void spectator(tc_ws *w, const char *id)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(w, th_server.port, path), 0);
	assert_int_equal(tc_ws_send_text(w, "{\"type\": \"hello\", \"token\": null}"), 0);
	json_t *snap = tc_ws_recv_json(w, TH_WAIT_MS);
	assert_non_null(snap);
	json_decref(snap);
}

/* Sends a close frame of payload (n bytes) and expects the server's close code `want`. */
static void close_with(const char *id, const void *payload, size_t n, int want)
{
	tc_ws w;
	spectator(&w, id);
	assert_int_equal(tc_ws_send_frame(&w, 8, payload, n, false), 0);
	th_expect_close(&w, want, "");
	tc_ws_close(&w);
}

static void test_close_codes(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	static const struct {
		int code, want;
	} cases[] = {{1000, 1000}, {1001, 1001}, {3000, 3000}, {4999, 4999},
	             {1005, 1002}, {1015, 1002}, {1006, 1002}, {1004, 1002},
	             {999, 1002},  {2000, 1002}, {5000, 1002}, {1012, 1012}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		unsigned char code[2] = {(unsigned char)(cases[i].code >> 8),
		                         (unsigned char)cases[i].code};
		print_message("close %d: answered %d\n", cases[i].code, cases[i].want);
		close_with(id, code, 2, cases[i].want);
	}
	close_with(id, "", 0, 1000);
	close_with(id, "\x03", 1, 1002);
	close_with(id, "\x03\xe8\xff\xfe", 4, 1007);
	/* a text message that is not UTF-8 */
	tc_ws w;
	spectator(&w, id);
	const char bad[] = "{\"type\": \"ping\", \"x\": \"\xff\xfe\"}";
	assert_int_equal(tc_ws_send_frame(&w, 1, bad, sizeof bad - 1, false), 0);
	th_expect_close(&w, 1007, "not UTF-8");
	tc_ws_close(&w);
	/* UTF-8 cut between two fragments is whole once the message is */
	spectator(&w, id);
	const char *chat = "{\"type\": \"chat\", \"text\": \"caf\xc3\xa9\"}";
	size_t cut = strlen(chat) - 3;
	assert_int_equal(tc_ws_send_frame(&w, 1, chat, cut, true), 0);
	assert_int_equal(tc_ws_send_frame(&w, 0, chat + cut, strlen(chat) - cut, false), 0);
	json_t *heard = tc_ws_recv_json(&w, TH_WAIT_MS);
	assert_string_equal(json_string_value(json_object_get(heard, "text")), "caf\xc3\xa9");
	json_decref(heard);
	tc_ws_close(&w);
	th_stop();
}

/* Sends raw bytes; returns what came back until the server closed (at most 4 KiB). */
static void raw(const char *request, char *out, size_t len)
{
	int fd = tc_dial(th_server.port);
	assert_true(fd >= 0);
	assert_int_equal(send(fd, request, strlen(request), MSG_NOSIGNAL),
	                 (ssize_t)strlen(request));
	size_t got = 0;
	double end = tc_now_ms() + TH_WAIT_MS;
	while (tc_now_ms() < end && got + 1 < len) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		if (poll(&p, 1, 200) <= 0)
			continue;
		ssize_t r = recv(fd, out + got, len - 1 - got, 0);
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	out[got] = '\0';
	close(fd);
}

static void test_content_length(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char out[4096];
	raw("POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n"
	    "{}GET /api/nope HTTP/1.1\r\nHost: x\r\n\r\n",
	    out, sizeof out);
	print_message("two lengths: %.60s\n", out);
	assert_non_null(strstr(out, "HTTP/1.1 400"));
	assert_non_null(strstr(out, "two Content-Length headers"));
	assert_null(strstr(out, "404")); /* nothing after it was read as a request */
	raw("POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: "
	    "chunked\r\n\r\n1\r\n{\r\n0\r\n\r\nGET /api/nope HTTP/1.1\r\nHost: x\r\n\r\n",
	    out, sizeof out);
	print_message("length and chunked: %.60s\n", out);
	assert_non_null(strstr(out, "HTTP/1.1 400"));
	assert_non_null(strstr(out, "Content-Length and Transfer-Encoding"));
	assert_null(strstr(out, "404"));
	/* the same length twice is one length */
	raw("POST /api/replay HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n"
	    "Content-Length: 2\r\n\r\n{}",
	    out, sizeof out);
	assert_null(strstr(out, "given two ways"));
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "framing", 300))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_close_codes), T(test_content_length)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
