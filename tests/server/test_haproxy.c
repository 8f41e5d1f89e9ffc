/*
 * test_haproxy.c - `quiver serve --trusted-proxy` behind a real HAProxy running the documented
 * configuration (docs/deploy/haproxy.cfg, send-proxy-v2): with --address-tables 1, a second
 * table from one client address (127.0.0.2) through HAProxy gets 429 while another client
 * (127.0.0.3) through the same HAProxy gets 201, so quiver counts the players and not the
 * proxy; a table's WebSocket works through it. Skipped (77) when haproxy is not installed
 * (scripts/install-deps.sh installs it for the tests).
 *
 * Usage: test_haproxy PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

static pid_t haproxy = -1;
static int hport;

/* A port nobody listens on now (the kernel's choice, let go at once). */
static int free_port(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t len = sizeof a;
	assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &len), 0);
	close(fd);
	return ntohs(a.sin_port);
}

/* HAProxy on a free port of 127.0.0.1 in front of the running server, with the documented
 * configuration; returns once it accepts connections. */
static void haproxy_start(void)
{
	hport = free_port();
	char listen[64], server[64];
	snprintf(listen, sizeof listen, "127.0.0.1:%d", hport);
	snprintf(server, sizeof server, "127.0.0.1:%d", th_server.port);
	haproxy = fork();
	assert_true(haproxy >= 0);
	if (haproxy == 0) {
		setenv("QUIVER_LISTEN", listen, 1);
		setenv("QUIVER_SERVER", server, 1);
		execlp("haproxy", "haproxy", "-db", "-q", "-f", QV_HAPROXY_CFG, (char *)NULL);
		_exit(127);
	}
	for (int i = 0; i < 400; i++) {
		int fd = tc_dial(hport);
		if (fd >= 0) {
			close(fd);
			return;
		}
		int status;
		if (waitpid(haproxy, &status, WNOHANG) == haproxy)
			fail_msg("haproxy ended at start (status %d)", status);
		usleep(25000);
	}
	fail_msg("haproxy did not listen on port %d", hport);
}

static void haproxy_stop(void)
{
	if (haproxy > 0) {
		kill(haproxy, SIGTERM);
		waitpid(haproxy, NULL, 0);
	}
	haproxy = -1;
}

static int teardown(void **state)
{
	haproxy_stop();
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
	haproxy_stop();
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
	    cmocka_unit_test_teardown(test_behind_haproxy, teardown)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
