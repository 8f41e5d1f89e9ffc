/*
 * test_paths.c - the third audit's `%00` on a cluster (issue 65): three `quiver serve` on one
 * PostgreSQL database behind HAProxy running docs/deploy/haproxy-cluster.cfg. HAProxy routes a
 * table's requests on the path as it was sent (`^/api/tables/ID`); quiver read the decoded
 * path as a C string, so a stranger's GET of `/api/tables/ID%00` went to any process, which
 * took the table from its holder: 16 forced 1012 closes in 15 s from one GET a second.
 *
 * While the table's two players are connected through HAProxy, every hostile form of its path
 * (a control character escaped: %00, %00/ws, %0A, %7F, C1 as %C2%85, %00 in the query; a
 * needless escape; an escape in an /api/ path) is asked through HAProxy (refused 400 by its
 * file) and straight at each process that does not hold the table (refused 400 by quiver
 * itself, as a process reached without HAProxy must): none of them moves the table. The
 * players' sockets then answer a ping with nothing before it (no 1012), the holder still
 * serves the table, and a move goes through. Skipped (77) without PostgreSQL or haproxy.
 *
 * Usage: test_paths PATH-TO-QUIVER, under tests/cluster/pg_run.sh.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

#define PROCS 3

static tc_server procs[PROCS];
static int hport;

static int stop_all(void **state)
{
	th_haproxy_stop();
	for (int i = 0; i < PROCS; i++)
		if (procs[i].pid > 0)
			tc_server_stop(&procs[i], SIGKILL);
	th_server.pid = 0;
	return th_teardown(state);
}

/* The three processes (--id-prefix 1 to 3, behind HAProxy) and HAProxy in front of them. */
static void start_cluster(void)
{
	const char *db = th_new_db();
	char env[PROCS][48];
	for (int i = 0; i < PROCS; i++) {
		char prefix[16];
		snprintf(prefix, sizeof prefix, "%d", i + 1);
		const char *extra[] = {"--trusted-proxy", "127.0.0.1", "--id-prefix", prefix, NULL};
		assert_int_equal(tc_server_start(&procs[i], th_quiver, db, extra), 0);
		snprintf(env[i], sizeof env[i], "QUIVER_SERVER%d=127.0.0.1:%d", i + 1,
		         procs[i].port);
	}
	hport = th_haproxy_start(QV_HAPROXY_CLUSTER_CFG,
	                         (const char *const[]){env[0], env[1], env[2], NULL});
	/* the harness's requests and sockets go through HAProxy */
	th_server = (tc_server){.pid = 0, .port = hport};
}

/* GET path at port (an upgrade's headers when ws) must answer status, a 400's error holding
 * words: a failure names what came instead, with its body. */
static void get_at(int port, const char *path, bool ws, const char *words, int status_wanted)
{
	tc_reply r;
	int status = tc_http_with(port, "GET", path,
	                          ws ? "Upgrade: websocket\r\nConnection: Upgrade\r\n"
	                               "Sec-WebSocket-Version: 13\r\n"
	                               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
	                             : "",
	                          NULL, 0, &r);
	const char *msg = json_string_value(json_object_get(r.json, "error"));
	if (status != status_wanted)
		fail_msg("GET %s at %d: %d where %d was expected: %s", path, port, status,
		         status_wanted, r.body ? r.body : "");
	if (status == 400 && (!msg || !strstr(msg, words)))
		fail_msg("GET %s at %d: 400 without '%s': %s", path, port, words,
		         r.body ? r.body : "");
	tc_reply_free(&r);
}

/* The process that holds the one table of the test: the one whose /metrics (asked straight,
 * from an address it does not trust as its proxy) counts a table held. HAProxy sends a table
 * where its id's prefix says, unless a check answered late on a loaded machine marked that
 * process down meanwhile: where the table lives is read, not assumed. */
static int holder_now(void)
{
	int holder = -1;
	assert_int_equal(tc_set_source("127.0.0.2"), 0);
	for (int i = 0; i < PROCS; i++) {
		tc_reply r;
		assert_int_equal(tc_http(procs[i].port, "GET", "/metrics", NULL, 0, &r), 200);
		const char *at = strstr(r.body, "\nquiver_tables_held ");
		if (!at)
			fail_msg("no quiver_tables_held in the metrics of process %d", i + 1);
		if (atoi(at + strlen("\nquiver_tables_held ")) == 1) {
			if (holder >= 0)
				fail_msg("processes %d and %d both hold the table", holder + 1,
				         i + 1);
			holder = i;
		}
		tc_reply_free(&r);
	}
	assert_int_equal(tc_set_source(NULL), 0);
	if (holder < 0)
		fail_msg("no process holds the table");
	return holder;
}

static const struct {
	const char *form, *words;
	bool ws;
} forms[] = {
    {"/api/tables/%s%%00", "control character", false},
    {"/api/tables/%s%%00xyz", "control character", false},
    {"/api/tables/%s%%00/ws", "control character", true},
    {"/api/tables/%s%%0A", "control character", false},
    {"/api/tables/%s%%7f", "control character", false},
    {"/api/tables/%s%%C2%%85", "control character", false},
    {"/api/tables/%s?x=%%00", "control character", false},
    {"/%%61pi/tables/%s", "needs none", false},
    {"/api/tables/%s%%20", "but in a username", false},
    {"/api/tables/%s%%20/ws", "but in a username", true},
};

static void test_hostile_paths(void **state)
{
	(void)state;
	start_cluster();
	char id[32], t1[64], t2[64], path[128];
	th_seat p1, p2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id, t1, t2,
	             &p1, &p2);
	int holder = holder_now();
	if (holder != id[0] - '1')
		printf("the table was born at process %c and lives at process %d (HAProxy marked "
		       "its home down meanwhile)\n",
		       id[0], holder + 1);
	for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
		snprintf(path, sizeof path, forms[f].form, id);
		get_at(hport, path, forms[f].ws, forms[f].words, 400);
		/* from an address the processes do not trust as their proxy: served as it came */
		assert_int_equal(tc_set_source("127.0.0.2"), 0);
		for (int i = 0; i < PROCS; i++)
			if (i != holder)
				get_at(procs[i].port, path, forms[f].ws, forms[f].words, 400);
		assert_int_equal(tc_set_source(NULL), 0);
	}
	/* The players' sockets are as they were: a ping is answered on each (a close, 1012 or any
	 * other, fails the read) and no snapshot came meanwhile (a new holder's). */
	th_seat *seats[] = {&p1, &p2};
	for (int k = 0; k < 2; k++) {
		th_seat_send(seats[k], "{\"type\": \"ping\"}");
		size_t heard = json_array_size(seats[k]->frames);
		while (!th_seat_heard(seats[k], "\"pong\""))
			th_seat_read(seats[k]);
		for (size_t i = heard; i < json_array_size(seats[k]->frames); i++)
			assert_null(strstr(json_string_value(json_array_get(seats[k]->frames, i)),
			                   "\"snapshot\""));
	}
	assert_int_equal(holder_now(), holder);
	snprintf(path, sizeof path, "/api/tables/%s", id);
	assert_int_equal(tc_set_source("127.0.0.2"), 0);
	get_at(procs[holder].port, path, false, "", 200);
	assert_int_equal(tc_set_source(NULL), 0);
	th_seat_play_first(&p1, seats, 2);
	th_seat_close(&p1);
	th_seat_close(&p2);
	stop_all(state);
}

int main(int argc, char **argv)
{
	if (system("command -v haproxy >/dev/null 2>&1") != 0) {
		printf("skipped: haproxy is not installed (scripts/install-deps.sh installs it)\n");
		return 77;
	}
	if (!th_pg()) {
		printf("skipped: run under tests/cluster/pg_run.sh (a throwaway PostgreSQL)\n");
		return 77;
	}
	if (th_init(argc, argv, "cpaths", 280))
		return 2;
	const struct CMUnitTest tests[] = {cmocka_unit_test_teardown(test_hostile_paths, stop_all)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
