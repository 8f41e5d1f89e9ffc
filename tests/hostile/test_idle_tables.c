/*
 * test_idle_tables.c - clients that hold the server's tables with games nobody plays (issue
 * 36: a table whose seats its creator joined itself played forever, with no clock and nobody to
 * claim it; 50 addresses x 20 such tables filled --max-tables for everyone, also after a
 * restart; games left against the computer never ended either). Here two addresses fill
 * --max-tables 40 with such tables (one with tables against `random`), a newcomer gets 503,
 * (when the filling took less than --idle-limit, 3 s: a loaded machine may take longer), and
 * once --idle-limit has passed every table has ended as abandoned and the newcomer gets 201
 * (polled: the figure is how long after the filling); filled again, killed (kill -9) and
 * started past the limit, the server answers the newcomer's first request with 201.
 *
 * Usage: test_idle_tables PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE /* usleep */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

#define ADDRESSES 2
#define PER       20 /* tables per address: the default --address-tables */
#define LIMIT_S   3  /* --idle-limit */

static const char *const extra[] = {"--max-tables", "40", "--idle-limit", "3", "--create-rate",
                                    "1000",         NULL};

static const char *const bodies[ADDRESSES] = {
    "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}",
    "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"]}",
};

/* Each group of PER addresses makes PER tables, one each (the last one less, when `less`), and
 * joins every human seat of them itself; ids[a][i]. Returns when the last seat was joined
 * (tc_now_ms). */
static double fill(char ids[ADDRESSES][PER][32], bool less)
{
	for (int a = 0; a < ADDRESSES; a++) {
		for (int i = 0; i < PER - (less && a == ADDRESSES - 1); i++) {
			/* a table an address and a network: the tables are shared between addresses
			 * and between networks when they run short (docs/server.md), so filling the
			 * site takes one address of a network of its own a table */
			char addr[32];
			snprintf(addr, sizeof addr, "127.0.%d.7", a * PER + i + 10);
			tc_set_source(addr);
			char token[64];
			th_create(bodies[a], ids[a][i]);
			th_join(ids[a][i], "p1", token);
			if (a == 0)
				th_join(ids[a][i], "p2", token);
		}
	}
	return tc_now_ms();
}

/* The newcomer's request for a table: its status. */
static int newcomer(void)
{
	tc_set_source("127.0.6.9");
	tc_reply r;
	const char *body = "{\"game\": \"evons\"}";
	int st = tc_http(th_server.port, "POST", "/api/tables", body, strlen(body), &r);
	tc_reply_free(&r);
	tc_set_source(NULL);
	return st;
}

static void test_idle_tables(void **state)
{
	(void)state;
	const char *db = th_new_db();
	char saved[128];
	snprintf(saved, sizeof saved, "%s", db);
	th_start(saved, extra);
	static char ids[ADDRESSES][PER][32];
	double began = tc_now_ms(), filled = fill(ids, false);
	/* The first table made is the first that may end: while it cannot, the server is full. */
	if (filled - began < LIMIT_S * 1000 - 200)
		assert_int_equal(newcomer(), 503);
	/* Within the limit, plus the timer's turn (a bound, not a pause: polled). */
	double end = filled + TH_WAIT_MS;
	int st;
	while ((st = newcomer()) == 503 && tc_now_ms() < end)
		usleep(100000);
	double waited = tc_now_ms() - filled;
	print_message("a newcomer got %d %.0f ms after 40 idle tables filled the server\n", st,
	              waited);
	assert_int_equal(st, 201);
	assert_true(tc_now_ms() - began >= LIMIT_S * 1000 - 100);
	tc_set_source(NULL);
	for (int a = 0; a < ADDRESSES; a++)
		for (int i = 0; i < PER; i++) {
			json_t *t = th_info(ids[a][i]);
			end = tc_now_ms() + TH_WAIT_MS;
			while (strcmp(json_string_value(json_object_get(t, "status")), "over") &&
			       tc_now_ms() < end) {
				json_decref(t);
				usleep(50000);
				t = th_info(ids[a][i]);
			}
			assert_string_equal(json_string_value(json_object_get(t, "ended")),
			                    "abandoned");
			json_decref(t);
		}
	/* The addresses' tables are over: they may fill the server again (the newcomer's waiting
	 * table holds one place). */
	began = tc_now_ms();
	if (fill(ids, true) - began < LIMIT_S * 1000 - 200)
		assert_int_equal(newcomer(), 503);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	usleep((LIMIT_S * 1000 + 500) * 1000);
	th_start(saved, extra);
	assert_int_equal(newcomer(), 201);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "idle_tables", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_idle_tables),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
