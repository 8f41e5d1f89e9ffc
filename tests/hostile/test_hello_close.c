/*
 * test_hello_close.c - a hello whose socket is gone before a worker reads it (3b80433). The
 * attack: a client says hello and resets its socket at once, thousands of times, in bursts
 * that keep the request workers busy, so that some hellos wait for a worker while the loop
 * sees the socket closed and lets it go. The server once handled such a hello anyway: it
 * listed the freed socket among the table's and took it off the table's count of sockets not
 * yet greeted a second time (fuzz/ws found it, aborting on that count's invariant under the
 * sanitizers, in 2 runs of 30).
 *
 * SOCKETS sockets at one table, in bursts of BURST from as many addresses (127.0.3.x, within
 * the 32 WebSockets an address may hold), each opened, sent its hello and reset (SO_LINGER 0)
 * without reading a frame. Then, within SETTLE_MS: the server holds no connection more than
 * before, the seat whose token some of them used is offline, and a new socket of that seat gets
 * its snapshot and plays; the server stops cleanly (the sanitizer build reports what it
 * freed twice or read after freeing, and aborts on the count's invariant).
 *
 * Usage: test_hello_close PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE
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

#define SOCKETS   3000
#define BURST     200
#define SETTLE_MS 30000.0

/* Resets w's socket (SO_LINGER 0: no FIN, an RST) and forgets it. */
static void reset(tc_ws *w)
{
	struct linger l = {1, 0};
	if (w->fd >= 0)
		setsockopt(w->fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
	tc_ws_close(w);
}

/* Whether the table's p1 is online. */
static bool p1_online(const char *id)
{
	json_t *info = th_info(id);
	const json_t *p1 = json_array_get(json_object_get(info, "seats"), 0);
	bool on = json_is_true(json_object_get(p1, "online"));
	json_decref(info);
	return on;
}

static void test_hellos_reset(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], token[64], path[96], addr[32], hello[128];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"]}", id);
	th_join(id, "p1", token);
	snprintf(path, sizeof path, "/api/tables/%.32s/ws", id);
	int before = th_server_conns(NULL);
	static tc_ws w[BURST];
	int opened = 0;
	for (int from = 0; from < SOCKETS; from += BURST) {
		int n = 0;
		for (int i = 0; i < BURST; i++) {
			snprintf(addr, sizeof addr, "127.0.3.%d", 1 + i);
			tc_set_source(addr);
			if (tc_ws_open(&w[n], th_server.port, path) == 0)
				n++;
		}
		tc_set_source(NULL);
		/* every hello of the burst sent before any socket goes: the workers are busy */
		for (int i = 0; i < n; i++) {
			if ((from / BURST + i) % 2)
				snprintf(hello, sizeof hello,
				         "{\"type\": \"hello\", \"token\": \"%.32s\"}", token);
			else
				snprintf(hello, sizeof hello,
				         "{\"type\": \"hello\", \"token\": null}");
			tc_ws_send_text(&w[i], hello);
		}
		for (int i = 0; i < n; i++)
			reset(&w[i]);
		opened += n;
	}
	print_message("%d sockets said hello and were reset at once, in bursts of %d\n", opened,
	              BURST);
	if (opened < SOCKETS / 2)
		fail_msg("only %d of %d sockets opened", opened, SOCKETS);

	double t0 = tc_now_ms();
	int left = -1;
	bool offline = false;
	while (tc_now_ms() - t0 < SETTLE_MS) {
		left = th_server_conns(NULL) - before;
		if (left <= 0 && (offline = !p1_online(id)))
			break;
		usleep(100000); /* a poll of /proc and the table's info, not a wait for an event */
	}
	print_message("the server let them go in %.1f s (%d connections left, p1 %s)\n",
	              (tc_now_ms() - t0) / 1000, left, offline ? "offline" : "online");
	if (left > 0 || !offline)
		fail_msg("%.0f s after the resets the server holds %d connections more, p1 %s",
		         SETTLE_MS / 1000, left, offline ? "offline" : "online");

	/* the seat still plays from a new socket */
	th_seat s;
	th_seat_open(&s, id, token);
	th_seat_play_first(&s, (th_seat *[]){&s}, 1);
	th_seat_close(&s);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "hello_close", 300))
		return 2;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_hellos_reset, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
