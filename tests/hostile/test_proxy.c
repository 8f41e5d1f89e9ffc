/*
 * test_proxy.c - `quiver serve --trusted-proxy` against forged and broken PROXY headers (the
 * PROXY protocol v2 of HAProxy's send-proxy-v2), on a server that trusts 127.0.0.3 and lets an
 * address create one table (--address-tables 1):
 * - the trusted proxy's header carries the client's address, which the per-address limit
 *   uses: one table for 203.0.113.7 (the second 429), one more for 203.0.113.8, and a LOCAL
 *   header (the proxy's own health check) counted against the proxy itself;
 * - a header forged by anybody else (127.0.0.1) is not read as one: its request is a bad one
 *   (400 or closed) and the address it names is charged nothing;
 * - a malformed header from the trusted proxy (plain HTTP, a wrong signature, version 1, a
 *   UNIX socket's family, an address too short for its family, one that never ends) closes the
 *   connection without an answer, and the server serves on.
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

#include "harness.h"

#define PROXY "127.0.0.3"

static const unsigned char SIG[12] = {0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D,
                                      0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A};

static const char CREATE[] = "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: "
                             "close\r\nContent-Type: application/json\r\nContent-Length: 53\r\n"
                             "\r\n{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}";

/* A PROXY v2 header (command 0x21 PROXY or 0x20 LOCAL) for a TCP over IPv4 client `client`
 * into h: its length. */
static size_t header_v4(unsigned char *h, unsigned char command, const char *client)
{
	memcpy(h, SIG, 12);
	h[12] = command;
	h[13] = 0x11;
	h[14] = 0;
	h[15] = 12;
	struct in_addr src, dst;
	assert_int_equal(inet_pton(AF_INET, client, &src), 1);
	assert_int_equal(inet_pton(AF_INET, "127.0.0.1", &dst), 1);
	memcpy(h + 16, &src, 4);
	memcpy(h + 20, &dst, 4);
	uint16_t sport = htons(40000), dport = htons(443);
	memcpy(h + 24, &sport, 2);
	memcpy(h + 26, &dport, 2);
	return 28;
}

/* Sends head (len bytes) then, unless NULL, text from `from`, and reads until the server
 * closes (at most TH_WAIT_MS): the reply's HTTP status, 0 when it closed without a byte. */
static int send_from(const char *from, const unsigned char *head, size_t len, const char *text)
{
	assert_int_equal(tc_set_source(from), 0);
	int fd = tc_dial(th_server.port);
	assert_true(fd >= 0);
	if (len)
		assert_int_equal(send(fd, head, len, MSG_NOSIGNAL), (ssize_t)len);
	if (text)
		send(fd, text, strlen(text), MSG_NOSIGNAL); /* may fail: closed already */
	char reply[4096];
	size_t n = 0;
	double end = tc_now_ms() + TH_WAIT_MS;
	while (n < sizeof reply - 1 && tc_now_ms() < end) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		if (poll(&p, 1, 200) <= 0)
			continue;
		ssize_t k = recv(fd, reply + n, sizeof reply - 1 - n, 0);
		if (k <= 0)
			break;
		n += (size_t)k;
	}
	reply[n] = '\0';
	close(fd);
	tc_set_source(NULL);
	int status = 0;
	if (n && sscanf(reply, "HTTP/1.%*d %d", &status) != 1)
		fail_msg("not an HTTP reply: %.200s", reply);
	return status;
}

/* A table created through the trusted proxy for `client`: the status. */
static int create_for(const char *client)
{
	unsigned char h[64];
	size_t len = header_v4(h, 0x21, client);
	return send_from(PROXY, h, len, CREATE);
}

static void start(void)
{
	const char *extra[] = {"--trusted-proxy", PROXY, "--address-tables", "1", NULL};
	th_start(th_new_db(), extra);
}

static void test_client_address(void **state)
{
	(void)state;
	start();
	assert_int_equal(create_for("203.0.113.7"), 201);
	assert_int_equal(create_for("203.0.113.7"), 429);
	assert_int_equal(create_for("203.0.113.8"), 201);
	/* LOCAL: the proxy's own connection, charged to the proxy */
	unsigned char h[64];
	size_t len = header_v4(h, 0x20, "203.0.113.9");
	assert_int_equal(send_from(PROXY, h, len, CREATE), 201);
	assert_int_equal(send_from(PROXY, h, len, CREATE), 429);
	assert_int_equal(create_for("203.0.113.9"), 201);
	/* a client without a proxy, as before */
	assert_int_equal(send_from("127.0.0.1", NULL, 0, CREATE), 201);
	th_stop();
}

static void test_forged_header(void **state)
{
	(void)state;
	start();
	unsigned char h[64];
	size_t len = header_v4(h, 0x21, "203.0.113.7");
	int status = send_from("127.0.0.1", h, len, CREATE);
	if (status != 0 && status != 400)
		fail_msg(
		    "a PROXY header from an untrusted address got %d (expected 400 or a close)",
		    status);
	/* neither 203.0.113.7 nor 127.0.0.1 was charged a table */
	assert_int_equal(create_for("203.0.113.7"), 201);
	assert_int_equal(send_from("127.0.0.1", NULL, 0, CREATE), 201);
	th_stop();
}

static void test_malformed_header(void **state)
{
	(void)state;
	start();
	unsigned char good[64], h[64];
	size_t len = header_v4(good, 0x21, "203.0.113.7");
	/* plain HTTP from the proxy */
	assert_int_equal(send_from(PROXY, NULL, 0, CREATE), 0);
	/* a wrong signature */
	memcpy(h, good, len);
	h[5] ^= 0xff;
	assert_int_equal(send_from(PROXY, h, len, CREATE), 0);
	/* version 1 (the text protocol's number) */
	memcpy(h, good, len);
	h[12] = 0x11;
	assert_int_equal(send_from(PROXY, h, len, CREATE), 0);
	/* a UNIX socket's family with the PROXY command */
	memcpy(h, good, len);
	h[13] = 0x31;
	assert_int_equal(send_from(PROXY, h, len, CREATE), 0);
	/* an IPv4 header of 8 bytes of addresses, too short for them */
	memcpy(h, good, len);
	h[15] = 8;
	assert_int_equal(send_from(PROXY, h, 24, CREATE), 0);
	/* a header that says 2,000 bytes follow (past what the server holds) */
	memcpy(h, good, len);
	h[14] = 0x07;
	h[15] = 0xd0;
	assert_int_equal(send_from(PROXY, h, len, NULL), 0);
	/* half a header, then nothing: closed at the deadline for headers */
	double t0 = tc_now_ms();
	assert_int_equal(send_from(PROXY, good, 10, NULL), 0);
	assert_true(tc_now_ms() - t0 < TH_WAIT_MS);
	/* the server serves on */
	assert_int_equal(create_for("203.0.113.7"), 201);
	th_stop();
}

int main(int argc, char **argv)
{
	int rc = th_init(argc, argv, "proxy", 600);
	if (rc)
		return rc;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_client_address, th_teardown),
	    cmocka_unit_test_teardown(test_forged_header, th_teardown),
	    cmocka_unit_test_teardown(test_malformed_header, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
