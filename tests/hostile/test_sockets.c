/*
 * test_sockets.c - ten thousand WebSockets (issue 37). The attack: many spectators, each a
 * socket held open; a server with a thread per socket (CivetWeb's, which capped them at 500)
 * runs out of threads, memory or its cap long before, and one that forgets a closed socket
 * keeps counting it against its limits.
 *
 * SOCKETS sockets of TABLES tables, from ADDRESSES client addresses (127.0.1.x and 127.0.2.x,
 * 25 each, within the default limits of an address: 32 WebSockets, 64 connections), opened in
 * batches: each says hello (one seat per table with its token, spectators for the rest) and
 * every one gets its snapshot, all within OPEN_MS; the server runs on its defaults.
 *
 * What must hold, measured and printed:
 * - every socket gets its snapshot, the whole within OPEN_MS;
 * - with all of them open, the server has at most THREADS_MAX threads (no thread per socket:
 *   the loop, the request workers, which a burst of hellos grows to their bound, QV__JOBS_MAX,
 *   the AI's workers and the timer; its RSS is printed) and holds every connection (its
 *   sockets, as /proc shows them); one more socket is refused with 503 (--max-sockets is
 *   10,000 by default);
 * - once the clients close them, the server lets every one go, within CLOSE_MS: its connections
 *   back to none, every seat offline in the table's info, and an address that had 25 sockets
 *   opens 32 again (its count went back to none).
 *
 * Every wait is bounded; an alarm ends a stuck run.
 *
 * Usage: test_sockets PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"
#include "server/net/jobs.h"

#define SOCKETS   10000
#define TABLES    10
#define ADDRESSES 400
#define BATCH     250
/* The bound on opening them all (a loaded machine of 2 cores), on the server's threads, and on
 * letting them go once closed. */
#define OPEN_MS     60000.0
#define THREADS_MAX (QV__JOBS_MAX + 16)
#define CLOSE_MS    30000.0
/* The default of --max-sockets-per-address. */
#define PER_ADDRESS 32

/* The client address of socket i: consecutive sockets from different addresses. */
static const char *address_of(int i, char buf[32])
{
	int a = i % ADDRESSES;
	snprintf(buf, 32, "127.0.%d.%d", 1 + a / 200, 1 + a % 200);
	return buf;
}

/* The path of a table's socket. */
static const char *path_of(const char *table, char buf[96])
{
	snprintf(buf, 96, "/api/tables/%.32s/ws", table);
	return buf;
}

/* Whether every table's p1 is online, or (want false) none is. */
static bool seats_online(char id[TABLES][32], bool want)
{
	for (int t = 0; t < TABLES; t++) {
		json_t *info = th_info(id[t]);
		const json_t *p1 = json_array_get(json_object_get(info, "seats"), 0);
		bool on = json_is_true(json_object_get(p1, "online"));
		json_decref(info);
		if (on != want)
			return false;
	}
	return true;
}

static void test_ten_thousand(void **state)
{
	(void)state;
	long files = th_room_for_files(SOCKETS + 512);
	if (files < SOCKETS + 512)
		fail_msg("this test needs %d open files; the hard limit allows %ld", SOCKETS + 512,
		         files);
	th_start(th_new_db(), NULL);
	static char id[TABLES][32], token[TABLES][64];
	for (int t = 0; t < TABLES; t++) {
		th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id[t]);
		th_join(id[t], "p1", token[t]);
	}
	int before = th_server_conns(NULL);
	long threads_idle = th_server_status("Threads"), threads_peak = threads_idle;
	static tc_ws w[SOCKETS];
	char addr[32], path[96], hello[128];
	double t0 = tc_now_ms();
	/* Socket i < TABLES is table i's seat p1; the others are spectators. */
	for (int from = 0; from < SOCKETS; from += BATCH) {
		int to = from + BATCH < SOCKETS ? from + BATCH : SOCKETS;
		for (int i = from; i < to; i++) {
			tc_set_source(address_of(i, addr));
			int rc = tc_ws_open(&w[i], th_server.port, path_of(id[i % TABLES], path));
			if (rc != 0)
				fail_msg(
				    "socket %d (from %s) refused: %d, after %.1f s; the server has %ld "
				    "threads, %ld kB resident",
				    i + 1, addr, rc, (tc_now_ms() - t0) / 1000,
				    th_server_status("Threads"), th_server_status("VmRSS"));
		}
		for (int i = from; i < to; i++) {
			if (i < TABLES)
				snprintf(hello, sizeof hello,
				         "{\"type\": \"hello\", \"token\": \"%.32s\"}", token[i]);
			else
				snprintf(hello, sizeof hello,
				         "{\"type\": \"hello\", \"token\": null}");
			assert_int_equal(tc_ws_send_text(&w[i], hello), 0);
		}
		for (int i = from; i < to; i++) {
			json_t *f = tc_ws_recv_json(&w[i], TH_WAIT_MS);
			const char *type = json_string_value(json_object_get(f, "type"));
			if (!type || strcmp(type, "snapshot") != 0)
				fail_msg("socket %d: no snapshot after its hello (closed: %d '%s')",
				         i + 1, w[i].close_code, w[i].close_reason);
			json_decref(f);
			/* Nothing more is read from it: its buffer goes. */
			free(w[i].buf);
			w[i].buf = NULL;
			w[i].len = w[i].cap = 0;
		}
		long now_threads = th_server_status("Threads");
		threads_peak = now_threads > threads_peak ? now_threads : threads_peak;
	}
	tc_set_source(NULL);
	double open_ms = tc_now_ms() - t0;
	long threads = th_server_status("Threads"), rss = th_server_status("VmRSS");
	int held = th_server_conns(NULL) - before;
	print_message("%d sockets from %d addresses at %d tables: every one said hello and got its "
	              "snapshot in %.1f s (%.0f a second)\n",
	              SOCKETS, ADDRESSES, TABLES, open_ms / 1000, SOCKETS / (open_ms / 1000));
	threads_peak = threads > threads_peak ? threads : threads_peak;
	print_message("with them open the server holds %d connections, has %ld threads (%ld before "
	              "them, at most %ld after a batch) and %.1f MB resident (%.1f kB a socket)\n",
	              held, threads, threads_idle, threads_peak, (double)rss / 1024,
	              (double)rss / SOCKETS);
	bool online = seats_online(id, true);
	/* The cap: --max-sockets defaults to 10,000. */
	tc_ws extra;
	int rc = tc_ws_open(&extra, th_server.port, path_of(id[0], path));
	if (rc == 0)
		tc_ws_close(&extra);
	print_message("socket %d: %d\n", SOCKETS + 1, rc);

	/* All closed by the clients, spectators first; the server lets them go. */
	double c0 = tc_now_ms();
	for (int i = SOCKETS - 1; i >= 0; i--)
		tc_ws_close(&w[i]);
	int left = -1;
	bool offline = false;
	while (tc_now_ms() - c0 < CLOSE_MS) {
		left = th_server_conns(NULL) - before;
		if (left <= 0 && (offline = seats_online(id, false)))
			break;
		usleep(100000); /* a poll of /proc and the tables' info, not a wait for an event */
	}
	double close_ms = tc_now_ms() - c0;
	print_message("closed by the clients: the server let them go in %.1f s (%d connections "
	              "left, seats %s)\n",
	              close_ms / 1000, left, offline ? "offline" : "still online");
	/* An address that had 25 sockets opens as many as any address may. */
	tc_set_source(address_of(0, addr));
	int again = 0, refused = 0;
	for (int i = 0; i < PER_ADDRESS && !refused; i++)
		if ((refused = tc_ws_open(&w[i], th_server.port, path_of(id[i % TABLES], path))) ==
		    0)
			again++;
	for (int i = 0; i < again; i++)
		tc_ws_close(&w[i]);
	tc_set_source(NULL);
	print_message("then %s opened %d sockets again (of %d; refused: %d)\n", addr, again,
	              PER_ADDRESS, refused);

	if (open_ms > OPEN_MS)
		fail_msg("opening %d sockets took %.1f s (at most %.0f)", SOCKETS, open_ms / 1000,
		         OPEN_MS / 1000);
	if (held < SOCKETS || !online)
		fail_msg("the server holds %d connections for %d sockets; the seats %s online",
		         held, SOCKETS, online ? "are" : "are not all");
	if (threads < 0 || threads_peak > THREADS_MAX)
		fail_msg("the server has up to %ld threads for %d sockets (at most %d expected)",
		         threads_peak, SOCKETS, THREADS_MAX);
	if (rc != 503)
		fail_msg("socket %d: %d; expected 503 (--max-sockets is %d by default)",
		         SOCKETS + 1, rc, SOCKETS);
	if (left > 0 || !offline)
		fail_msg("%.0f s after the clients closed their sockets the server still holds %d, "
		         "seats %s",
		         close_ms / 1000, left, offline ? "offline" : "online");
	if (again < PER_ADDRESS)
		fail_msg("after the close, socket %d from %s refused: %d", again + 1, addr,
		         refused);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "sockets", 600))
		return 2;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_ten_thousand, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
