/*
 * test_socket.c - the server's sockets, seen from inside its own process: the server is started
 * in this test (on 127.0.0.1, a free port, a temporary database), a client connects, and the
 * connection the server accepted is found among this process's file descriptors.
 *
 * Nagle's algorithm is off on every WebSocket once upgraded (wsock.c). The loop writes a frame
 * in as many pieces as the socket takes; with Nagle on, a piece after the first could wait for
 * the client's delayed ACK, 40 ms on Linux, in an update a player receives (docs/benchmarks.md,
 * the load runs: CivetWeb's frames did). Only a load run would show that delay, so this test
 * reads the socket option itself. (Plain HTTP is libmicrohttpd's, which sets the socket's
 * options around each answer itself.)
 */
#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "../support/tmpdir.h"
#include "server/listen.h"

/* The descriptor of this process's TCP socket from local port `port` to peer port `peer`
 * on 127.0.0.1, or -1. */
static int find_socket(int port, int peer)
{
	DIR *d = opendir("/proc/self/fd");
	assert_non_null(d);
	int found = -1;
	struct dirent *e;
	while (found < 0 && (e = readdir(d)) != NULL) {
		int fd = atoi(e->d_name);
		struct sockaddr_in self, other;
		socklen_t n1 = sizeof self, n2 = sizeof other;
		if (e->d_name[0] == '.' || fd == dirfd(d) ||
		    getsockname(fd, (struct sockaddr *)&self, &n1) != 0 ||
		    getpeername(fd, (struct sockaddr *)&other, &n2) != 0 ||
		    self.sin_family != AF_INET)
			continue;
		if (ntohs(self.sin_port) == port && ntohs(other.sin_port) == peer)
			found = fd;
	}
	closedir(d);
	return found;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A connection to the server on 127.0.0.1. */
static int connect_to(int port)
{
	int c = socket(AF_INET, SOCK_STREAM, 0);
	assert_true(c >= 0);
	struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
	to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(connect(c, (struct sockaddr *)&to, sizeof to), 0);
	return c;
}

/* Sends req on c and reads the answer's first bytes (up to its headers' end) into reply. */
static void exchange(int c, const char *req, char *reply, size_t size)
{
	assert_int_equal(send(c, req, strlen(req), MSG_NOSIGNAL), (ssize_t)strlen(req));
	size_t got = 0;
	while (got < size - 1) {
		ssize_t k = recv(c, reply + got, size - 1 - got, 0);
		if (k <= 0)
			break;
		got += (size_t)k;
		reply[got] = '\0';
		if (strstr(reply, "\r\n\r\n") &&
		    (strncmp(reply, "HTTP/1.1 101", 12) == 0 || strstr(reply, "\"id\"")))
			break;
	}
	reply[got] = '\0';
}

/* A table of two people; its id into id. */
static void create_table(int port, char *id, size_t len)
{
	const char *body = "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}";
	char req[512], reply[4096];
	snprintf(req, sizeof req,
	         "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: %zu\r\n"
	         "Connection: close\r\n\r\n%s",
	         strlen(body), body);
	int c = connect_to(port);
	exchange(c, req, reply, sizeof reply);
	close(c);
	const char *at = strstr(reply, "\"id\":\"");
	if (!at)
		fail_msg("no table was made: %s", reply);
	at += 6;
	size_t n = strcspn(at, "\"");
	assert_true(n < len);
	memcpy(id, at, n);
	id[n] = '\0';
}

static void test_accepted_sockets_have_nagle_off(void **state)
{
	(void)state;
	char db[48];
	int dbfd = qv_test_mkstemp(db, sizeof db, "quiver-socket-test-");
	assert_true(dbfd >= 0);
	close(dbfd);
	qv__server_config cfg = {.host = "127.0.0.1",
	                         .port = 0,
	                         .db = db,
	                         .max_sockets = 4,
	                         .threads = 1,
	                         .max_tables = 4};
	qv__server *srv = NULL;
	qv_err err;
	if (qv__server_start(&srv, &cfg, &err))
		fail_msg("the server did not start: %s", err.msg);
	int port = qv__server_port(srv);

	char id[64];
	create_table(port, id, sizeof id);
	int c = connect_to(port);
	char req[512];
	snprintf(req, sizeof req,
	         "GET /api/tables/%s/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
	         "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
	         "Sec-WebSocket-Version: 13\r\n\r\n",
	         id);
	char reply[1024];
	exchange(c, req, reply, sizeof reply);
	if (strncmp(reply, "HTTP/1.1 101", 12) != 0)
		fail_msg("the upgrade was not accepted: %s", reply);
	struct sockaddr_in me;
	socklen_t n = sizeof me;
	assert_int_equal(getsockname(c, (struct sockaddr *)&me, &n), 0);

	/* The loop sets the option once the 101 has gone, which the client may read first: look
	 * until it has, for at most 60 s (a bound for a busy machine; idle, it has at once). */
	int nodelay = 0, fd = -1;
	socklen_t len = sizeof nodelay;
	for (double t0 = now(); nodelay == 0 && now() - t0 < 60.0;) {
		fd = find_socket(port, ntohs(me.sin_port));
		len = sizeof nodelay;
		if (fd < 0 || getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &nodelay, &len) != 0)
			nodelay = 0;
		if (nodelay == 0)
			nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
	}
	if (fd < 0)
		fail_msg("the server's end of the connection to port %d was not found", port);
	if (nodelay == 0)
		fail_msg("the server's end of the WebSocket has Nagle's algorithm on "
		         "(TCP_NODELAY not set)");
	/* Our own end, for contrast: a socket has Nagle on unless told otherwise. */
	int mine = 1;
	len = sizeof mine;
	assert_int_equal(getsockopt(c, IPPROTO_TCP, TCP_NODELAY, &mine, &len), 0);
	assert_int_equal(mine, 0);
	close(c);
	qv__server_stop(srv);
	unlink(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_accepted_sockets_have_nagle_off),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
