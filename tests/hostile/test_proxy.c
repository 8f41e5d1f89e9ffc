/*
 * test_proxy.c - the door behind a reverse proxy (--trusted-proxy, the PROXY protocol v2):
 *
 * - Behind a trusted proxy (127.0.0.1), the per-address limits count the client the header
 *   names: with --address-tables 1, a second table from client 10.1.2.3 gets 429 while one from
 *   10.9.9.9, through the same proxy, gets 201; an IPv6 client's header works too, and so does
 *   a header sent in two pieces, the request in the same segment as its end.
 * - A LOCAL header (the proxy's health check) is served as the proxy's own.
 * - From an address that is not trusted (127.0.0.2), the same header forges nothing: it is no
 *   header but a malformed request, answered 400, and no table is made.
 * - From the trusted address, a header that is malformed (a wrong signature, version, family,
 *   an oversized length) or that never comes whole closes the connection without a word.
 * - A bad --trusted-proxy is refused by name before the server starts.
 * - An address the operator banned (quiver admin ban) is refused (403) by the address the
 *   header names, whatever it asks (a table, a WebSocket, a sign-in), an IPv6 client by its
 *   /64 whichever host part it takes, while the proxy's other clients and its own health
 *   check are served.
 * - --id-prefix: the ids of the tables made begin with it (the proxy's use-server rules route
 *   them to their maker from the first request); a bad one is refused by name.
 *
 * Usage: test_proxy PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
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

static const unsigned char SIG[12] = {0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D,
                                      0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A};

/* A PROXY v2 header of client `addr` (IPv4 or IPv6 text; NULL: LOCAL) into out: its length. */
static size_t header(const char *addr, unsigned char out[64])
{
	memcpy(out, SIG, 12);
	if (!addr) {
		out[12] = 0x20;
		out[13] = 0x00;
		out[14] = out[15] = 0;
		return 16;
	}
	unsigned char a[16];
	bool v6 = strchr(addr, ':') != NULL;
	assert_int_equal(inet_pton(v6 ? AF_INET6 : AF_INET, addr, a), 1);
	size_t n = v6 ? 16 : 4;
	out[12] = 0x21;
	out[13] = v6 ? 0x21 : 0x11;
	out[14] = 0;
	out[15] = (unsigned char)(2 * n + 4);
	memcpy(out + 16, a, n);
	memset(out + 16 + n, 0, n); /* the proxy's own address: not read */
	out[16 + 2 * n] = 0xC3;     /* the client's port, 50000 */
	out[17 + 2 * n] = 0x50;
	out[18 + 2 * n] = 0x1F; /* the server's, 8080 */
	out[19 + 2 * n] = 0x90;
	return 16 + 2 * n + 4;
}

/* Reads the answer on fd until the server closes (or, with `head`, until its headers are in)
 * and closes fd: the status line's code, 0 when nothing came. */
static int answer(int fd, bool head)
{
	char buf[4096];
	size_t got = 0;
	double end = tc_now_ms() + TH_WAIT_MS;
	while (tc_now_ms() < end && got + 1 < sizeof buf) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		if (poll(&p, 1, 200) <= 0)
			continue;
		ssize_t r = recv(fd, buf + got, sizeof buf - 1 - got, 0);
		if (r <= 0)
			break;
		got += (size_t)r;
		buf[got] = '\0';
		if (head && strstr(buf, "\r\n\r\n"))
			break;
	}
	buf[got] = '\0';
	close(fd);
	int status = 0;
	if (got && sscanf(buf, "HTTP/1.%*d %d", &status) != 1)
		fail_msg("not an HTTP answer: %s", buf);
	return status;
}

/* Sends the n bytes of pre (a header, or anything) and the request (with pause_ms, half of pre
 * first, then after the pause the rest with the request); reads the answer until the server
 * closes. Returns the answer's status, 0 when the connection closed
 * without a byte. */
static int ask(const unsigned char *pre, size_t n, int pause_ms, const char *method,
               const char *path, const char *body)
{
	int fd = tc_dial(th_server.port);
	assert_true(fd >= 0);
	char req[1024];
	int len = snprintf(req, sizeof req,
	                   "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
	                   "Content-Length: %zu\r\n\r\n%s",
	                   method, path, body ? strlen(body) : 0, body ? body : "");
	if (pause_ms) { /* half the header, a pause, then the rest with the request */
		size_t half = n / 2;
		assert_int_equal(send(fd, pre, half, MSG_NOSIGNAL), (ssize_t)half);
		usleep((useconds_t)pause_ms * 1000);
		pre += half;
		n -= half;
	}
	unsigned char all[2048];
	memcpy(all, pre, n);
	memcpy(all + n, req, (size_t)len);
	ssize_t sent = send(fd, all, n + (size_t)len, MSG_NOSIGNAL);
	(void)sent; /* a connection closed at once may refuse part of it */
	return answer(fd, false);
}

#define TABLE "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}"

/* A WebSocket upgrade to path through the proxy for client addr: the status line's code. */
static int upgrade_as(const char *addr, const char *path)
{
	unsigned char all[1024];
	size_t n = header(addr, all);
	n += (size_t)snprintf(
	    (char *)all + n, sizeof all - n,
	    "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
	    "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
	    "Sec-WebSocket-Version: 13\r\n\r\n",
	    path);
	int fd = tc_dial(th_server.port);
	assert_int_equal(send(fd, all, n, MSG_NOSIGNAL), (ssize_t)n);
	return answer(fd, true);
}

/* A table made through the proxy for client addr: the status. */
static int create_as(const char *addr)
{
	unsigned char h[64];
	size_t n = header(addr, h);
	return ask(h, n, 0, "POST", "/api/tables", TABLE);
}

static void test_behind_proxy(void **state)
{
	(void)state;
	static const char *const extra[] = {"--trusted-proxy", "127.0.0.1", "--address-tables", "1",
	                                    NULL};
	th_start(th_new_db(), extra);
	assert_int_equal(create_as("10.1.2.3"), 201);
	assert_int_equal(create_as("10.1.2.3"), 429);
	assert_int_equal(create_as("10.9.9.9"), 201);
	/* a table's WebSocket through the proxy */
	char id[32], path[96];
	assert_int_equal(tc_set_source("127.0.0.3"), 0); /* not the proxy: no header */
	th_create(TABLE, id);
	assert_int_equal(tc_set_source(NULL), 0);
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(upgrade_as("10.1.2.3", path), 101);
	assert_int_equal(create_as("2001:db8::7"), 201);
	assert_int_equal(create_as("2001:db8::7"), 429);
	/* the header in two pieces, the request with its end */
	unsigned char h[64];
	size_t n = header("10.4.4.4", h);
	int fd = tc_dial(th_server.port);
	assert_int_equal(send(fd, h, 10, MSG_NOSIGNAL), 10);
	usleep(100 * 1000);
	close(fd); /* a client gone mid-header: nothing else is hurt */
	/* the request where the header's rest should be: malformed, closed */
	assert_int_equal(ask(h, 10, 0, "GET", "/api/games", NULL), 0);
	assert_int_equal(ask(h, n, 200, "POST", "/api/tables", TABLE), 201);
	/* LOCAL: the proxy's own health check */
	n = header(NULL, h);
	assert_int_equal(ask(h, n, 0, "GET", "/api/games", NULL), 200);
	/* malformed headers from the trusted address: closed without a word */
	unsigned char bad[64];
	n = header("10.5.5.5", bad);
	bad[3] = 'X'; /* the signature */
	assert_int_equal(ask(bad, n, 0, "GET", "/api/games", NULL), 0);
	n = header("10.5.5.5", bad);
	bad[12] = 0x31; /* version 3 */
	assert_int_equal(ask(bad, n, 0, "GET", "/api/games", NULL), 0);
	n = header("10.5.5.5", bad);
	bad[13] = 0x31; /* a UNIX socket's family */
	assert_int_equal(ask(bad, n, 0, "GET", "/api/games", NULL), 0);
	n = header("10.5.5.5", bad);
	bad[14] = 0xFF; /* 65,000 bytes of addresses */
	assert_int_equal(ask(bad, n, 0, "GET", "/api/games", NULL), 0);
	/* a plain request from the trusted address is no header either */
	assert_int_equal(ask(h, 0, 0, "GET", "/api/games", NULL), 0);
	/* from an address that is not trusted, a header is a malformed request */
	assert_int_equal(tc_set_source("127.0.0.2"), 0);
	n = header("10.9.9.9", h);
	int st = ask(h, n, 0, "POST", "/api/tables", TABLE);
	assert_true(st == 400 || st == 0);
	assert_int_equal(ask(h, 0, 0, "GET", "/api/games", NULL), 200); /* served as itself */
	assert_int_equal(tc_set_source(NULL), 0);
	th_stop();
}

/* An IPv6 client's limits count its /64 (issue 52): another address of one /64 is the same
 * client, and one of the next /64 another (before: each /128 had its own limits, so one
 * ordinary /64 defeated them all). The sign-in throttle too: 3 failures from one /64, then the
 * next from another address of it waits. */
static void test_ipv6_prefix(void **state)
{
	(void)state;
	static const char *const extra[] = {"--trusted-proxy", "127.0.0.1", "--address-tables", "2",
	                                    NULL};
	th_start(th_new_db(), extra);
	assert_int_equal(create_as("2001:db8:5:6::1"), 201);
	assert_int_equal(create_as("2001:db8:5:6:ffff::2"), 201);
	assert_int_equal(create_as("2001:db8:5:6:1234:5678:9abc:def0"), 429);
	assert_int_equal(create_as("2001:db8:5:7::1"), 201);
	unsigned char h[64];
	const char *guess = "{\"username\": \"nobody\", \"password\": \"not the one\"}";
	char addr[64];
	int st = 401;
	for (int i = 1; i <= 8 && st == 401; i++) {
		snprintf(addr, sizeof addr, "2001:db8:9:9::%x", i);
		size_t n = header(addr, h);
		st = ask(h, n, 0, "POST", "/api/session", guess);
	}
	assert_int_equal(st, 429);
	th_stop();
}

/* The tables are shared when they run short (issue 52): 12 addresses taking all they may of
 * --max-tables 60 leave tables free, which a newcomer may take; before, 3 addresses of
 * --address-tables 20 filled the site and every newcomer got 503. */
static void test_table_share(void **state)
{
	(void)state;
	static const char *const extra[] = {
	    "--trusted-proxy", "127.0.0.1", "--max-tables", "60", "--create-rate", "1000", NULL};
	th_start(th_new_db(), extra);
	int made = 0;
	char addr[32];
	for (int a = 0; a < 12; a++) {
		snprintf(addr, sizeof addr, "10.7.0.%d", a + 1);
		int st;
		while ((st = create_as(addr)) == 201)
			made++;
		assert_int_equal(st, 429);
	}
	print_message("12 addresses made %d of the 60 tables\n", made);
	assert_true(made < 60);
	assert_int_equal(create_as("10.8.0.1"), 201);
	th_stop();
}

/* A client that sends half a header and stays: closed once the time for headers is out. */
static void test_silent_header(void **state)
{
	(void)state;
	static const char *const extra[] = {"--trusted-proxy", "127.0.0.1", NULL};
	th_start(th_new_db(), extra);
	unsigned char h[64];
	header("10.1.2.3", h);
	int fd = tc_dial(th_server.port);
	assert_int_equal(send(fd, h, 14, MSG_NOSIGNAL), 14);
	double t0 = tc_now_ms();
	char c;
	struct pollfd p = {.fd = fd, .events = POLLIN};
	assert_int_equal(poll(&p, 1, (int)TH_WAIT_MS), 1);
	assert_true(recv(fd, &c, 1, 0) <= 0); /* closed (a reset: its bytes were unread) */
	double waited = tc_now_ms() - t0;
	print_message("closed after %.1f s\n", waited / 1000);
	assert_true(waited >= 9000); /* QV__HEADERS_MS, 10 s */
	close(fd);
	th_stop();
}

/* A bad address: usage error, no server. */
static void test_banned(void **state)
{
	(void)state;
	static const char *const extra[] = {"--trusted-proxy", "127.0.0.1", NULL};
	char db[128], out[4096];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, extra);
	assert_int_equal(th_admin(db, out, sizeof out, "ban 10.1.2.3 --reason flood"), 0);
	assert_int_equal(th_admin(db, out, sizeof out, "ban 2001:db8:5:6::1"), 0);
	assert_int_equal(create_as("10.1.2.3"), 403);
	assert_int_equal(upgrade_as("10.1.2.3", "/api/me/ws"), 403);
	unsigned char h[64];
	size_t n = header("10.1.2.3", h);
	assert_int_equal(
	    ask(h, n, 0, "POST", "/api/session", "{\"username\": \"a\", \"password\": \"b\"}"),
	    403);
	assert_int_equal(create_as("2001:db8:5:6:ffff::2"), 403);
	assert_int_equal(create_as("2001:db8:5:6:1234:5678:9abc:def0"), 403);
	/* the neighbours are not banned: the next address, the next /64, the proxy's check */
	assert_int_equal(create_as("10.1.2.4"), 201);
	assert_int_equal(create_as("2001:db8:5:7::1"), 201);
	n = header(NULL, h);
	assert_int_equal(ask(h, n, 0, "GET", "/api/games", NULL), 200);
	th_stop();
}

static void test_bad_option(void **state)
{
	(void)state;
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "'%s' serve --trusted-proxy proxy.example --port 0 2>&1",
	         th_quiver);
	FILE *f = popen(cmd, "r");
	char out[512] = "";
	size_t n = fread(out, 1, sizeof out - 1, f);
	out[n] = '\0';
	int rc = pclose(f);
	assert_int_not_equal(rc, 0);
	assert_non_null(strstr(out, "--trusted-proxy: 'proxy.example' is not an IPv4 or IPv6"));
}

/* --id-prefix: every table made here begins with it (the site's proxy routes its id to this
 * process from the first request); anything but one or two lowercase hex digits is refused. */
static void test_id_prefix(void **state)
{
	(void)state;
	const char *extra[] = {"--id-prefix", "a7", NULL};
	th_start(th_new_db(), extra);
	for (int k = 0; k < 3; k++) {
		char id[32];
		th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"]}", id);
		assert_int_equal(strlen(id), 16);
		if (strncmp(id, "a7", 2) != 0)
			fail_msg("table %s made with --id-prefix a7", id);
	}
	th_stop();
	static const char *const bad[] = {"", "123", "A7", "g", "1 "};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char cmd[1024];
		snprintf(cmd, sizeof cmd, "'%s' serve --id-prefix '%s' --port 0 2>&1", th_quiver,
		         bad[i]);
		FILE *f = popen(cmd, "r");
		char out[512] = "";
		size_t n = fread(out, 1, sizeof out - 1, f);
		out[n] = '\0';
		assert_int_not_equal(pclose(f), 0);
		if (!strstr(out, "is not one or two lowercase hex digits"))
			fail_msg("--id-prefix '%s': %s", bad[i], out);
	}
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "proxy", 300))
		return 1;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_behind_proxy), T(test_ipv6_prefix),
	                                   T(test_table_share),  T(test_silent_header),
	                                   T(test_banned),       cmocka_unit_test(test_bad_option),
	                                   T(test_id_prefix)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
