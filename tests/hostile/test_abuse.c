/*
 * test_abuse.c - `quiver serve` against clients that misbehave on purpose (the adversarial
 * audit of issue 20), each test on its own server started with --port 0 on 127.0.0.1 and a
 * temporary database:
 *
 * - messages that quote a client's text cut in the middle of a UTF-8 character, or quoting
 *   bytes that are not UTF-8, still reach the client as valid JSON;
 * - a read-only database refused at start (exit status 1, a message saying so);
 * - a change the database refuses answered without the database's path (HTTP and WebSocket);
 * - a socket that never says hello closed (1008), though it answers pings; sockets capped per
 *   client address (429);
 * - RFC 6455: every frame it forbids (unmasked, reserved bits, an unknown opcode, a control
 *   frame in pieces or over 125 bytes, a new message before the last one ended, a continuation
 *   of nothing) closes the socket (1002); an upgrade without Sec-WebSocket-Key, or of another
 *   version, is refused (400);
 * - a client that never reads is dropped once its queue is full, while the others are served;
 * - slow uploads (24 at once: more than CivetWeb, the server's HTTP library before, had
 *   threads for requests) hold only their own connections: others are served while they are
 *   held, and they are answered 408 once their body falls below 1 KiB/s after its first second;
 * - a replay stops, and is refused, once its answer would pass a bound (POST /api/replay
 *   answers a real game's record, whose replay is far within the server's 4 MiB).
 *
 * Every wait is bounded; an alarm ends a stuck run. No test measures speed: where a slow client
 * must not hold up others, the test checks the order of events (the others are answered while
 * the slow client is still held), never a duration.
 *
 * Usage: test_abuse PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE /* usleep, mkdtemp */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>
#include <sqlite3.h>

#include "harness.h"
#include "server/table/replay.h"

/* ---- helpers ----------------------------------------------------------------------------------
 */

/* Creates a table of two human seats; copies its id. */
static void create(char id[32])
{
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
}

/* Opens the table's WebSocket. */
static void ws_open(tc_ws *w, const char *id)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(w, th_server.port, path), 0);
}

/* The next frame must be an error whose message contains `words`. */
static void expect_error(tc_ws *w, const char *words)
{
	json_t *f = tc_ws_recv_json(w, TH_WAIT_MS);
	const char *type = json_string_value(json_object_get(f, "type"));
	const char *msg = json_string_value(json_object_get(f, "message"));
	if (!type || strcmp(type, "error") != 0 || !msg || !strstr(msg, words))
		fail_msg("expected an error frame naming '%s', got %s", words,
		         f ? json_dumps(f, JSON_COMPACT) : "nothing");
	json_decref(f);
}

/* ---- UTF-8 ------------------------------------------------------------------------------------
 */

/* A field name of 39 ASCII letters then "é": quoting it to 40 bytes would cut the "é" in two,
 * which jansson refuses to put in a string (the message became "out of memory", or no frame
 * at all). */
#define CUT_KEY "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xC3\xA9\xC3\xA9"

static void test_messages_are_utf8(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], path[96];
	create(id);
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	th_refused("POST", path, "{\"" CUT_KEY "\": 1}", 400, "unknown field 'aaa");
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"" CUT_KEY "\": 1}", 400,
	           "unknown field 'aaa");
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"seats\": [\"" CUT_KEY "\"]}",
	           400, "is not a seat kind");
	/* Bytes that are not UTF-8 at all, in the path (%FF decodes to the byte 0xFF), where an
	 * escape may stand (a username's place, a page's path); elsewhere in /api/ no escape may
	 * (hostile/paths). */
	th_refused("GET", "/api/players/%FF%FE", NULL, 404, "no player '\xEF\xBF\xBD\xEF\xBF\xBD'");
	th_refused("GET", "/nothing-%C3", NULL, 404, "not found");
	th_refused("GET", "/api/players/%C3%28", NULL, 404, "no player '\xEF\xBF\xBD('");
	th_refused("GET", "/api/tables/%FF%FE", NULL, 400, "but in a username");
	th_refused("GET", "/api/lessons/%C3%28", NULL, 400, "but in a username");

	tc_ws w;
	ws_open(&w, id);
	tc_ws_send_text(&w, "{\"type\": \"" CUT_KEY "\"}");
	expect_error(&w, "unknown frame type 'aaa");
	tc_ws_send_text(&w, "{\"type\": \"ping\", \"" CUT_KEY "\": 1}");
	expect_error(&w, "unknown field 'aaa");
	tc_ws_close(&w);
	th_stop();
}

/* ---- the database ---------------------------------------------------------------------------- */

/* `quiver serve` on a database it may not write must refuse to start, saying why, with exit
 * status 1. Root may write any file, so as root the server runs as nobody. */
static void test_read_only_database(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	th_stop();
	/* The folder stays writable (SQLite then opens the file read-only without a word). */
	assert_int_equal(chmod(th_tmpdir, 0777), 0);
	assert_int_equal(chmod(db, 0444), 0);
	int out[2];
	assert_int_equal(pipe(out), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(out[1], 1);
		dup2(out[1], 2);
		close(out[0]);
		close(out[1]);
		if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
			_exit(126);
		execl(th_quiver, th_quiver, "serve", "--port", "0", "--db", db, (char *)NULL);
		_exit(127);
	}
	close(out[1]);
	char text[2048];
	size_t n = 0;
	double end = tc_now_ms() + TH_WAIT_MS;
	while (n < sizeof text - 1 && tc_now_ms() < end) {
		struct pollfd p = {.fd = out[0], .events = POLLIN};
		if (poll(&p, 1, 200) <= 0)
			continue;
		ssize_t r = read(out[0], text + n, sizeof text - 1 - n);
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	text[n] = '\0';
	close(out[0]);
	int status = 0;
	while (waitpid(pid, &status, WNOHANG) == 0 && tc_now_ms() < end)
		usleep(10000);
	if (kill(pid, 0) == 0) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		fail_msg("quiver serve started on a read-only database: %s", text);
	}
	chmod(db, 0644);
	chmod(th_tmpdir, 0700);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 1 || !strstr(text, "read-only"))
		fail_msg("expected exit status 1 and a message saying read-only; got status %d: %s",
		         status, text);
}

/* The database refuses a change (another process holds its write lock past the server's busy
 * timeout): the client hears why, but never the database's path, which only the log has. */
static void test_no_path_in_replies(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], token[64], path[96];
	create(id);
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	tc_reply r;
	tc_http(th_server.port, "POST", path, "{}", 2, &r);
	assert_int_equal(r.status, 200);
	snprintf(token, sizeof token, "%s", json_string_value(json_object_get(r.json, "token")));
	tc_reply_free(&r);
	tc_http(th_server.port, "POST", path, "{}", 2, &r); /* the other seat: the game starts */
	assert_int_equal(r.status, 200);
	tc_reply_free(&r);
	tc_ws w;
	ws_open(&w, id);
	char hello[128];
	snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": \"%s\"}", token);
	tc_ws_send_text(&w, hello);
	json_t *snap = tc_ws_recv_json(&w, TH_WAIT_MS);
	const char *legal = json_string_value(
	    json_array_get(json_object_get(json_object_get(snap, "view"), "legal"), 0));
	assert_non_null(legal);

	sqlite3 *lock;
	assert_int_equal(sqlite3_open(db, &lock), SQLITE_OK);
	sqlite3_busy_timeout(lock, 60000); /* the server may be writing at this moment */
	assert_int_equal(sqlite3_exec(lock, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
	const char *body = "{\"game\": \"evons\"}";
	tc_http(th_server.port, "POST", "/api/tables", body, strlen(body), &r);
	const char *msg = json_string_value(json_object_get(r.json, "error"));
	/* "the site is slow: the database's write lock, held by another program, ..." */
	if (r.status != 503 || !msg || strstr(msg, th_tmpdir) || !strstr(msg, "write lock"))
		fail_msg(
		    "expected 503 naming the database's write lock, without its path; got %d: %s",
		    r.status, r.body ? r.body : "(none)");
	tc_reply_free(&r);
	char act[512];
	snprintf(act, sizeof act, "{\"type\": \"act\", \"v\": 0, \"action\": \"%s\"}", legal);
	tc_ws_send_text(&w, act);
	json_t *f = tc_ws_recv_json(&w, TH_WAIT_MS);
	msg = json_string_value(json_object_get(f, "message"));
	if (!msg || strstr(msg, th_tmpdir) || !strstr(msg, "write lock"))
		fail_msg(
		    "expected an error frame naming the database's write lock, without its path; "
		    "got %s",
		    f ? json_dumps(f, JSON_COMPACT) : "nothing");
	json_decref(f);
	json_decref(snap);
	sqlite3_exec(lock, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close(lock);
	tc_ws_close(&w);
	th_stop();
}

/* ---- WebSockets -------------------------------------------------------------------------------
 */

/* A socket that says nothing is closed within seconds, though it answers every ping. */
static void test_hello_deadline(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32];
	create(id);
	tc_ws w;
	ws_open(&w, id);
	th_expect_close(&w, 1008, "no hello");
	tc_ws_close(&w);
	th_stop();
}

/* One address may hold only so many sockets; the next is refused with 429 and a message, and
 * a socket closed makes room again. */
static void test_sockets_per_address(void **state)
{
	(void)state;
	static const char *const extra[] = {"--max-sockets-per-address", "3", NULL};
	th_start(th_new_db(), extra);
	char id[32], path[96];
	create(id);
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	tc_ws ws[4];
	for (int i = 0; i < 3; i++)
		ws_open(&ws[i], id);
	assert_int_equal(tc_ws_open(&ws[3], th_server.port, path), 429);
	tc_ws_close(&ws[0]);
	int rc = -1;
	for (int tries = 0; tries < 200 && rc != 0; tries++) {
		rc = tc_ws_open(&ws[0], th_server.port, path);
		if (rc != 0)
			usleep(20000); /* the server notices the closed socket */
	}
	assert_int_equal(rc, 0);
	for (int i = 0; i < 3; i++)
		tc_ws_close(&ws[i]);
	th_stop();
}

/* A raw request; returns the reply's status line and body in buf. */
static void raw_request(const char *request, char *buf, size_t size)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)th_server.port)};
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
	assert_int_equal(send(fd, request, strlen(request), MSG_NOSIGNAL),
	                 (ssize_t)strlen(request));
	size_t n = 0;
	double end = tc_now_ms() + TH_WAIT_MS;
	while (n < size - 1 && tc_now_ms() < end) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		if (poll(&p, 1, 200) <= 0)
			continue;
		ssize_t r = recv(fd, buf + n, size - 1 - n, 0);
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	buf[n] = '\0';
	close(fd);
}

/* RFC 6455's sample Sec-WebSocket-Key. */
#define KEY "dGhlIHNhbXBsZSBub25jZQ=="

static void test_rfc6455(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], req[512], reply[2048];
	create(id);
	/* A client frame without a mask (RFC 6455 5.1: the server must close the connection). */
	tc_ws w;
	ws_open(&w, id);
	const char *hello = "{\"type\": \"hello\", \"token\": null}";
	unsigned char frame[64] = {0x81, (unsigned char)strlen(hello)};
	memcpy(frame + 2, hello, strlen(hello));
	assert_int_equal(tc_ws_send_raw(&w, frame, 2 + strlen(hello)), 0);
	th_expect_close(&w, 1002, "masked");
	tc_ws_close(&w);
	/* Reserved bits without an extension. */
	ws_open(&w, id);
	unsigned char rsv[6] = {0xC1, 0x80, 1, 2, 3, 4};
	assert_int_equal(tc_ws_send_raw(&w, rsv, sizeof rsv), 0);
	th_expect_close(&w, 1002, "reserved");
	tc_ws_close(&w);
	/* Upgrades refused before the handshake, each with a status line and a message. */
	static const struct {
		const char *path, *headers, *status, *words;
	} refusals[] = {
	    /* no Sec-WebSocket-Key */
	    {"ws", "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n", "HTTP/1.1 400",
	     "Sec-WebSocket-Key"},
	    /* another version of the protocol */
	    {"ws",
	     "Upgrade: websocket\r\nSec-WebSocket-Key: " KEY "\r\nSec-WebSocket-Version: 8\r\n",
	     "HTTP/1.1 400", "Version: 13"},
	    /* two Upgrade headers, the first "websocket.1": CivetWeb took it for an upgrade (it
	     * looked for "websocket" in the first) and answered a bare "Error 426" */
	    {"ws", "Upgrade: websocket.1\r\nUpgrade: websocket\r\nSec-WebSocket-Key: " KEY "\r\n",
	     "HTTP/1.1 400", "Version: 13"},
	    /* a path with no WebSocket: CivetWeb answered a bare "Error 404: Not Found" */
	    {"/api/games",
	     "Upgrade: websocket\r\nSec-WebSocket-Key: " KEY "\r\nSec-WebSocket-Version: 13\r\n",
	     "HTTP/1.1 404", "/api/tables/ID/ws"},
	};
	for (size_t i = 0; i < sizeof refusals / sizeof *refusals; i++) {
		char path[128];
		if (strcmp(refusals[i].path, "ws") == 0)
			snprintf(path, sizeof path, "/api/tables/%s/ws", id);
		else
			qv_copy(path, sizeof path, refusals[i].path);
		snprintf(req, sizeof req,
		         "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\n%s\r\n",
		         path, refusals[i].headers);
		raw_request(req, reply, sizeof reply);
		if (strncmp(reply, refusals[i].status, strlen(refusals[i].status)) != 0 ||
		    !strstr(reply, refusals[i].words))
			fail_msg("an upgrade of %s with %s: expected %s naming '%s', got %s", path,
			         refusals[i].headers, refusals[i].status, refusals[i].words, reply);
	}
	/* The server still plays. */
	ws_open(&w, id);
	tc_ws_send_text(&w, hello);
	json_t *snap = tc_ws_recv_json(&w, TH_WAIT_MS);
	assert_string_equal(json_string_value(json_object_get(snap, "type")), "snapshot");
	json_decref(snap);
	tc_ws_close(&w);
	th_stop();
}

/* Every other frame RFC 6455 forbids (5.2, 5.4, 5.5) closes the socket with 1002 and a reason,
 * each on its own socket after hello (the unmasked frame and the reserved bits are above):
 * a client frame is built by hand, masked with the key 0 so that only the rule at test is
 * broken. */
static void test_rfc6455_frames(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32];
	create(id);
	static const struct {
		const char *what;
		unsigned char head[2]
		                  [2]; /* first bytes of one or two frames; a second of 0: none */
		size_t len;            /* payload length of the (last) frame */
		const char *words;
	} bad[] = {
	    {"an opcode RFC 6455 does not define (3)", {{0x83, 0}, {0, 0}}, 0, "unknown opcode"},
	    {"a ping in pieces (fin not set)", {{0x09, 0}, {0, 0}}, 0, "control frame"},
	    {"a ping of 126 bytes", {{0x89, 0}, {0, 0}}, 126, "at most 125"},
	    {"a new text message before the last one ended",
	     {{0x01, 0}, {0x81, 0}},
	     0,
	     "before the last one ended"},
	    {"a continuation with no message begun",
	     {{0x80, 0}, {0, 0}},
	     0,
	     "no message to continue"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		tc_ws w;
		ws_open(&w, id);
		assert_int_equal(tc_ws_send_text(&w, "{\"type\": \"hello\", \"token\": null}"), 0);
		json_t *snap = tc_ws_recv_json(&w, TH_WAIT_MS);
		assert_string_equal(json_string_value(json_object_get(snap, "type")), "snapshot");
		json_decref(snap);
		for (int k = 0; k < 2 && bad[i].head[k][0]; k++) {
			unsigned char frame[256] = {bad[i].head[k][0]};
			size_t at = 2, len = k == 1 || !bad[i].head[1][0] ? bad[i].len : 0;
			if (len > 125) {
				frame[1] = 0x80 | 126;
				frame[2] = (unsigned char)(len >> 8);
				frame[3] = (unsigned char)len;
				at = 4;
			} else {
				frame[1] = (unsigned char)(0x80 | len);
			}
			at += 4; /* the mask: four zero bytes */
			memset(frame + at, 'x', len);
			assert_int_equal(tc_ws_send_raw(&w, frame, at + len), 0);
		}
		th_expect_close(&w, 1002, bad[i].words);
		printf("%s: closed with 1002 \"%s\"\n", bad[i].what, w.close_reason);
		tc_ws_close(&w);
	}
	th_stop();
}

/* Whether seat index `seat` of table id is online. */
static bool online(const char *id, int seat)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s", id);
	tc_reply r;
	tc_http(th_server.port, "GET", path, NULL, 0, &r);
	assert_int_equal(r.status, 200);
	json_t *s = json_array_get(json_object_get(r.json, "seats"), (size_t)seat);
	bool on = json_is_true(json_object_get(s, "online"));
	tc_reply_free(&r);
	return on;
}

/* p2 says hello and then never reads; p1 acts and takes it back again and again. Every one of
 * p1's updates still comes (a broadcast never waits for p2), and p2 is dropped once the frames
 * waiting for it pass the server's bound: its seat goes offline, which happens only once the
 * server has closed its socket. */
static void test_slow_reader(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], path[96], token[2][64];
	create(id);
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	for (int i = 0; i < 2; i++) {
		tc_reply r;
		tc_http(th_server.port, "POST", path, "{}", 2, &r);
		assert_int_equal(r.status, 200);
		snprintf(token[i], 64, "%s", json_string_value(json_object_get(r.json, "token")));
		tc_reply_free(&r);
	}
	tc_ws p[2];
	char text[256];
	for (int i = 0; i < 2; i++) {
		ws_open(&p[i], id);
		int small = 4096; /* p2 takes little before the server's queue grows */
		if (i == 1)
			setsockopt(p[i].fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
		snprintf(text, sizeof text, "{\"type\": \"hello\", \"token\": \"%s\"}", token[i]);
		tc_ws_send_text(&p[i], text);
	}
	json_t *f = tc_ws_recv_json(&p[0], TH_WAIT_MS);
	assert_string_equal(json_string_value(json_object_get(f, "type")), "snapshot");
	long long v = json_integer_value(json_object_get(f, "v"));
	char act[300];
	snprintf(act, sizeof act, "{\"type\": \"act\", \"v\": %%lld, \"action\": \"%s\"}",
	         json_string_value(
	             json_array_get(json_object_get(json_object_get(f, "view"), "legal"), 0)));
	json_decref(f);
	/* p2's frames are about as large as p1's (the same views, the legal list on the other
	 * turn). Once p2 has been sent more than the kernel may hold for it (the server's largest
	 * send buffer, p2's small receive buffer) and the server's own bound, it must be gone:
	 * the test allows twice that. A server that only gives up on a write after a timeout
	 * keeps p2 online much longer. Bounded in rounds and in time too. */
	long long wmem_max = 4 << 20, a, b;
	FILE *proc = fopen("/proc/sys/net/ipv4/tcp_wmem", "r");
	if (proc && fscanf(proc, "%lld %lld %lld", &a, &b, &wmem_max) != 3)
		wmem_max = 4 << 20;
	if (proc)
		fclose(proc);
	long long budget = 2 * (wmem_max + (1 << 20) + (256 << 10)), bytes = 0;
	double end = tc_now_ms() + 120000;
	bool dropped = false;
	int round = 0;
	for (; round < 20000 && !dropped && bytes < budget && tc_now_ms() < end; round++) {
		for (int k = 0; k < 2; k++) {
			if (k == 0)
				snprintf(text, sizeof text, act, v);
			else
				snprintf(text, sizeof text, "{\"type\": \"undo\", \"v\": %lld}", v);
			tc_ws_send_text(&p[0], text);
			long long was = v;
			while (v == was) {
				int op;
				char *payload = NULL;
				size_t len = 0;
				if (tc_ws_recv(&p[0], TH_WAIT_MS, &op, &payload, &len) != 1)
					fail_msg("round %d: p1's update did not come", round);
				f = json_loadb(payload, len, 0, NULL);
				free(payload);
				const char *type = json_string_value(json_object_get(f, "type"));
				/* the frame after an undo is a snapshot (the whole log again) */
				if (!type || (strcmp(type, "update") != 0 &&
				              (k == 0 || strcmp(type, "snapshot") != 0)))
					fail_msg("round %d: expected p1's update, got %s", round,
					         f ? json_dumps(f, JSON_COMPACT) : "nothing");
				v = json_integer_value(json_object_get(f, "v"));
				bytes += (long long)len;
				json_decref(f);
			}
		}
		if (round % 10 == 9)
			dropped = !online(id, 1);
	}
	if (!dropped)
		fail_msg("p2 never reads, and it is still online after %d rounds, %lld bytes to p1",
		         round, bytes);
	tc_ws_close(&p[0]);
	tc_ws_close(&p[1]);
	th_stop();
}

/* ---- slow uploads -----------------------------------------------------------------------------
 */

/* A socket that has sent a request's headers and the first byte of its body, and then nothing. */
static int slow_upload(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)th_server.port)};
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
	const char *head = "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
	                   "application/json\r\nContent-Length: 100\r\n\r\n{";
	assert_int_equal(send(fd, head, strlen(head), MSG_NOSIGNAL), (ssize_t)strlen(head));
	return fd;
}

/* Whether the server has answered (or closed) fd yet, without waiting. */
static bool answered(int fd)
{
	struct pollfd p = {.fd = fd, .events = POLLIN};
	return poll(&p, 1, 0) > 0;
}

/* Slow uploads, more than CivetWeb had threads for the work of requests (16); a body is read by
 * the loop now, never on a request worker. While they are held, another client creates a
 * table, joins, says hello and gets its snapshot, and reads the games; the uploads are each
 * answered 408 once their body is late (one byte in more than a second: QV__BODY_RATE), not
 * before that second. */
#define SLOW 24
static void test_slow_uploads(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	int fd[SLOW];
	double began = tc_now_ms();
	for (int i = 0; i < SLOW; i++)
		fd[i] = slow_upload();
	usleep(200000); /* the server has read their headers */
	char id[32], path[96];
	create(id);
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	tc_reply r;
	tc_http(th_server.port, "POST", path, "{}", 2, &r);
	assert_int_equal(r.status, 200);
	tc_reply_free(&r);
	tc_ws w;
	ws_open(&w, id);
	tc_ws_send_text(&w, "{\"type\": \"hello\", \"token\": null}");
	json_t *snap = tc_ws_recv_json(&w, TH_WAIT_MS);
	assert_string_equal(json_string_value(json_object_get(snap, "type")), "snapshot");
	json_decref(snap);
	tc_ws_close(&w);
	assert_int_equal(tc_http(th_server.port, "GET", "/api/games", NULL, 0, &r), 200);
	tc_reply_free(&r);
	/* All of that while every upload was still held, when it took less than the body's first
	 * second (a loaded machine may take longer: then only the answers below are checked). */
	double served = tc_now_ms() - began;
	printf("the other client was served %.0f ms after the uploads began\n", served);
	for (int i = 0; i < SLOW && served < 900; i++)
		if (answered(fd[i]))
			fail_msg("slow upload %d was answered before its body's first second ended",
			         i);
	/* Then each gets 408 (a body must come at 1 KiB a second after its first second). */
	for (int i = 0; i < SLOW; i++) {
		char reply[1024];
		size_t n = 0;
		double end = tc_now_ms() + 10000 + TH_WAIT_MS;
		while (n < sizeof reply - 1 && tc_now_ms() < end) {
			struct pollfd p = {.fd = fd[i], .events = POLLIN};
			if (poll(&p, 1, 200) <= 0)
				continue;
			ssize_t k = recv(fd[i], reply + n, sizeof reply - 1 - n, 0);
			if (k <= 0)
				break;
			n += (size_t)k;
		}
		reply[n] = '\0';
		if (strncmp(reply, "HTTP/1.1 408", 12) != 0 || !strstr(reply, "did not arrive"))
			fail_msg(
			    "slow upload %d: expected 408 saying the body did not arrive, got %s",
			    i, reply);
		close(fd[i]);
	}
	th_stop();
}

/* ---- replays ----------------------------------------------------------------------------------
 */

/* A game of random seats played by the server; its record replays over HTTP (far within the
 * bound), and the same record replayed with a bound smaller than its answer stops and says so.
 * (No game the server plays reaches the 4 MiB of POST /api/replay: the 350-fold growth of an
 * upload is bounded by the same function, given that bound.) */
static void test_replay_bound(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	tc_reply r;
	const char *body = "{\"game\": \"evons\", \"seats\": [\"random\", \"random\"]}";
	tc_http(th_server.port, "POST", "/api/tables", body, strlen(body), &r);
	assert_int_equal(r.status, 201);
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/record",
	         json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
	double end = tc_now_ms() + 4 * TH_WAIT_MS;
	do {
		tc_reply_free(&r);
		usleep(50000);
		tc_http(th_server.port, "GET", path, NULL, 0, &r);
	} while (r.status == 409 && tc_now_ms() < end);
	assert_int_equal(r.status, 200);
	tc_reply rep;
	tc_http(th_server.port, "POST", "/api/replay", r.body, r.len, &rep);
	assert_int_equal(rep.status, 200);
	size_t whole = rep.len;
	tc_reply_free(&rep);

	qv_match *m = NULL;
	qv_err err;
	if (qv_match_load_json(&m, r.json, &err))
		fail_msg("the record does not load: %s", err.msg);
	bool too_big = true;
	qv_buf all = {0}, cut = {0};
	assert_int_equal(qv__replay_text(m, NULL, false, 0, &all, &too_big, &err), QV_OK);
	assert_false(too_big);
	assert_int_equal(all.len, whole);
	qv_buf_free(&all);
	assert_int_equal(qv__replay_text(m, NULL, false, whole / 2, &cut, &too_big, &err),
	                 QV_EINVAL);
	assert_int_equal(cut.len, 0);
	assert_true(too_big);
	if (!strstr(err.msg, "would be over") || !strstr(err.msg, "quiver replay"))
		fail_msg("expected a message naming the bound and `quiver replay`, got %s",
		         err.msg);
	qv_match_free(m);
	tc_reply_free(&r);
	th_stop();
}

/* ---- the run ----------------------------------------------------------------------------------
 */

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "abuse", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_messages_are_utf8), T(test_read_only_database),  T(test_no_path_in_replies),
	    T(test_hello_deadline),    T(test_sockets_per_address), T(test_rfc6455),
	    T(test_rfc6455_frames),    T(test_slow_reader),         T(test_slow_uploads),
	    T(test_replay_bound),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
