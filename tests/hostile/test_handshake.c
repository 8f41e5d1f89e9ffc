/*
 * test_handshake.c - WebSocket upgrades RFC 6455 does not allow (issue 36): when the server ran
 * on CivetWeb, an upgrade whose Sec-WebSocket-Key was 100 bytes of junk before a valid key got
 * its `Error 500: Internal Server Error / Websocket handshake failed`, with no HTTP status
 * line. The handshake is checked by the server itself now (wsock.c, on a request worker).
 *
 * - Every refusal path of an upgrade answers an HTTP/1.1 status line and a JSON body
 *   {"error": ...} naming the problem: a malformed, missing, empty or second key, a missing,
 *   other or second version, an Upgrade or Connection that does not name the protocol, a method
 *   other than GET, HTTP/1.0 (400, with Sec-WebSocket-Version: 13); a table that does not
 *   exist and a path that is no table's (404); too many sockets (503) and too many from one
 *   address (429).
 * - 40 refused upgrades from one address leave no socket counted: a good upgrade from that
 *   address still opens (the per-address limit is 32).
 *
 * Usage: test_handshake PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE /* usleep */
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

/* RFC 6455's sample key: 16 bytes in base64. */
#define KEY "dGhlIHNhbXBsZSBub25jZQ=="

/* Sends request as it is (from this thread's source address) and reads the answer until the
 * server closes the connection; returns it (malloc'ed, NUL-terminated). */
static char *exchange(const char *request, size_t len)
{
	int fd = tc_dial(th_server.port);
	assert_true(fd >= 0);
	assert_int_equal(send(fd, request, len, MSG_NOSIGNAL), (ssize_t)len);
	size_t n = 0, cap = 8192;
	char *buf = malloc(cap);
	assert_non_null(buf);
	double end = tc_now_ms() + TH_WAIT_MS;
	while (tc_now_ms() < end) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		if (poll(&p, 1, 200) <= 0)
			continue;
		if (n + 1 == cap)
			break;
		ssize_t r = recv(fd, buf + n, cap - 1 - n, 0);
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	buf[n] = '\0';
	close(fd);
	return buf;
}

/* An upgrade of path with the request line's method and version and the header lines given
 * (each ended by "\r\n") must be refused with `status` (an HTTP/1.1 status line), a JSON body
 * of one field "error" containing words, and for a 400 the version the server speaks. */
static void refused(const char *method, const char *path, const char *version, const char *headers,
                    int status, const char *words)
{
	char req[2048];
	int n = snprintf(req, sizeof req, "%s %s HTTP/%s\r\nHost: 127.0.0.1\r\n%s\r\n", method,
	                 path, version, headers);
	char *reply = exchange(req, (size_t)n);
	char line[32];
	snprintf(line, sizeof line, "HTTP/1.1 %d ", status);
	const char *body = strstr(reply, "\r\n\r\n");
	json_t *j = body ? json_loads(body + 4, 0, NULL) : NULL;
	const char *msg = json_string_value(json_object_get(j, "error"));
	if (strncmp(reply, line, strlen(line)) != 0 || !msg || json_object_size(j) != 1 ||
	    !strstr(msg, words) || !strstr(reply, "Content-Type: application/json") ||
	    (status == 400 && !strstr(reply, "\r\nSec-WebSocket-Version: 13\r\n")))
		fail_msg("%s %s with\n%sexpected %d naming '%s', got:\n%s", method, path, headers,
		         status, words, reply);
	json_decref(j);
	free(reply);
}

#define UP  "Upgrade: websocket\r\nConnection: Upgrade\r\n"
#define V13 "Sec-WebSocket-Version: 13\r\n"

static void test_refusals(void **state)
{
	(void)state;
	static const char *const extra[] = {"--max-sockets", "3", "--max-sockets-per-address", "2",
	                                    NULL};
	th_start(th_new_db(), extra);
	char id[32], path[96], junk[512];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	/* The audit's key: 100 bytes of 0xFF before a valid one. */
	char hundred[101];
	memset(hundred, 0xFF, 100);
	hundred[100] = '\0';
	snprintf(junk, sizeof junk, UP "Sec-WebSocket-Key: %s" KEY "\r\n" V13, hundred);
	refused("GET", path, "1.1", junk, 400, "a Sec-WebSocket-Key of 124 bytes that is not 16");
	static const struct {
		const char *method, *version, *headers, *words;
	} bad[] = {
	    {"GET", "1.1",
	     UP "Sec-WebSocket-Key: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\r\n" V13,
	     "a Sec-WebSocket-Key of 100 bytes that is not 16 in base64"},
	    {"GET", "1.1", UP "Sec-WebSocket-Key: abc\r\n" V13, "of 3 bytes"},
	    {"GET", "1.1", UP "Sec-WebSocket-Key: !!!!!!!!!!!!!!!!!!!!!!==\r\n" V13, "of 24 bytes"},
	    {"GET", "1.1", UP "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZR==\r\n" V13, "of 24 bytes"},
	    {"GET", "1.1", UP V13, "0 Sec-WebSocket-Key headers"},
	    {"GET", "1.1", UP "Sec-WebSocket-Key: \r\n" V13, "of 0 bytes"},
	    {"GET", "1.1", UP "Sec-WebSocket-Key: " KEY "\r\nSec-WebSocket-Key: " KEY "\r\n" V13,
	     "2 Sec-WebSocket-Key headers"},
	    {"GET", "1.1", UP "Sec-WebSocket-Key: " KEY "\r\n", "0 Sec-WebSocket-Version headers"},
	    {"GET", "1.1", UP "Sec-WebSocket-Key: " KEY "\r\nSec-WebSocket-Version: 8\r\n",
	     "Sec-WebSocket-Version '8'"},
	    {"GET", "1.1", UP "Sec-WebSocket-Key: " KEY "\r\n" V13 V13,
	     "2 Sec-WebSocket-Version headers"},
	    {"GET", "1.1",
	     "Upgrade: websocketx\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " KEY "\r\n" V13,
	     "Upgrade 'websocketx'"},
	    {"GET", "1.1",
	     "Upgrade: websocket.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
	     "Sec-WebSocket-Key: " KEY "\r\n" V13,
	     "2 Upgrade headers"},
	    {"GET", "1.1",
	     "Upgrade: websocket\r\nConnection: upgradex\r\nSec-WebSocket-Key: " KEY "\r\n" V13,
	     "Connection 'upgradex'"},
	    {"POST", "1.1", UP "Sec-WebSocket-Key: " KEY "\r\n" V13, "method POST"},
	    {"GET", "1.0", UP "Sec-WebSocket-Key: " KEY "\r\n" V13, "HTTP/1.0"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		refused(bad[i].method, path, bad[i].version, bad[i].headers, 400, bad[i].words);
	/* Every refusal says what is accepted too. */
	refused("GET", path, "1.1", UP V13, 400, "one Sec-WebSocket-Key of 24 base64 characters");
	/* Paths that are no table's. */
	refused("GET", "/api/tables/feedfeedfeedfeed/ws", "1.1",
	        UP "Sec-WebSocket-Key: " KEY "\r\n" V13, 404, "no table 'feedfeedfeedfeed'");
	refused("GET", "/api/games", "1.1", UP "Sec-WebSocket-Key: " KEY "\r\n" V13, 404,
	        "a table's is /api/tables/ID/ws");
	/* Too many sockets from one address (2 here), then in all (3 here). */
	tc_ws w[3];
	assert_int_equal(tc_ws_open(&w[0], th_server.port, path), 0);
	assert_int_equal(tc_ws_open(&w[1], th_server.port, path), 0);
	refused("GET", path, "1.1", UP "Sec-WebSocket-Key: " KEY "\r\n" V13, 429,
	        "too many open sockets from your address");
	tc_set_source("127.0.14.1");
	assert_int_equal(tc_ws_open(&w[2], th_server.port, path), 0);
	tc_set_source("127.0.14.2");
	refused("GET", path, "1.1", UP "Sec-WebSocket-Key: " KEY "\r\n" V13, 503,
	        "too many open sockets");
	tc_set_source(NULL);
	for (int i = 0; i < 3; i++)
		tc_ws_close(&w[i]);
	th_stop();
}

/* Refused upgrades hold no socket: after 40 from one address, more than its 32, a good one
 * from it opens, and says hello. */
static void test_nothing_kept(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], path[96], junk[200];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	tc_set_source("127.0.15.1");
	for (int i = 0; i < 40; i++) {
		snprintf(junk, sizeof junk, UP "Sec-WebSocket-Key: %.*s" KEY "\r\n" V13, 1 + i % 60,
		         "#############################################################");
		refused("GET", path, "1.1", junk, 400, "Sec-WebSocket-Key");
	}
	tc_ws w;
	double end = tc_now_ms() + TH_WAIT_MS;
	int rc;
	while ((rc = tc_ws_open(&w, th_server.port, path)) != 0 && tc_now_ms() < end)
		usleep(20000);
	assert_int_equal(rc, 0);
	tc_ws_send_text(&w, "{\"type\": \"hello\", \"token\": null}");
	json_t *snap = tc_ws_recv_json(&w, TH_WAIT_MS);
	assert_string_equal(json_string_value(json_object_get(snap, "type")), "snapshot");
	json_decref(snap);
	tc_ws_close(&w);
	tc_set_source(NULL);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "handshake", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_refusals), T(test_nothing_kept)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
