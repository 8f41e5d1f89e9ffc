/*
 * test_socket.c - the server's sockets, seen from inside its own process: the server is started
 * in this test (on 127.0.0.1, a free port, a temporary database), a client connects, and the
 * connection the server accepted is found among this process's file descriptors.
 *
 * Nagle's algorithm is off on every accepted connection (CivetWeb's tcp_nodelay). CivetWeb
 * writes a WebSocket frame as a header then a payload; with Nagle on, the payload waits for the
 * client's delayed ACK of the header, 40 ms on Linux, in every update a player receives
 * (docs/benchmarks.md, the load runs). Only a load run would show that delay, so this test
 * reads the socket option itself.
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

static void test_accepted_sockets_have_nagle_off(void **state)
{
	(void)state;
	char db[] = "/tmp/quiver-socket-test-XXXXXX";
	int dbfd = mkstemp(db);
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

	int c = socket(AF_INET, SOCK_STREAM, 0);
	assert_true(c >= 0);
	struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
	to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(connect(c, (struct sockaddr *)&to, sizeof to), 0);
	struct sockaddr_in me;
	socklen_t n = sizeof me;
	assert_int_equal(getsockname(c, (struct sockaddr *)&me, &n), 0);

	/* CivetWeb accepts, and sets the option, on its own thread: look until it has, for at
	 * most 120 s (a bound for a busy machine; idle, it has within milliseconds). */
	int nodelay = 0, fd = -1;
	for (double t0 = now(); nodelay == 0 && now() - t0 < 120.0;) {
		fd = find_socket(port, ntohs(me.sin_port));
		socklen_t len = sizeof nodelay;
		if (fd < 0 || getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &nodelay, &len) != 0)
			nodelay = 0;
		if (nodelay == 0)
			nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
	}
	if (fd < 0)
		fail_msg("the server's end of the connection to port %d was not found", port);
	if (nodelay == 0)
		fail_msg("the server's end of the connection has Nagle's algorithm on "
		         "(TCP_NODELAY not set)");
	/* Our own end, for contrast: a socket has Nagle on unless told otherwise. */
	int mine = 1;
	socklen_t len = sizeof mine;
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
