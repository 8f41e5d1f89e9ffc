/*
 * test_clock_pump.c - clients that try to add time to their own clock at `quiver serve` by
 * taking back what they did (issue 36: act and an immediate takeback, 1,000 times at Fischer
 * 60 s + 3600 s, pumped the mover's clock from 60 s to 41.7 days, kept across a restart; a
 * commitment withdrawn in a secret step added the increment too, 20 times 59 s -> 72,057 s, and
 * started a per-move allowance again). Each test repeats one pump a bounded number of times
 * and asserts the figure that shows it held: the seat's time left never grows from one cycle
 * to the next, and stays so across kill -9 and a restart.
 *
 * Usage: test_clock_pump PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
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

/* The pumps' cycles: enough that any gain per cycle would show many times over. */
#define ACT_CYCLES    200
#define COMMIT_CYCLES 50

/* The clock's left for seat, in ms. */
static long long left_of(const json_t *table, const char *seat)
{
	const json_t *ms =
	    json_object_get(json_object_get(json_object_get(table, "clock"), "left"), seat);
	assert_true(json_is_integer(ms));
	return json_integer_value(ms);
}

/* Creates a table of n people of game (with params, a JSON object) and the clock given, and
 * joins every seat. */
static void table_of(const char *game, const char *params, int n, const char *clock, char id[32],
                     char tokens[][64])
{
	char body[512], seats[128] = "";
	for (int i = 0; i < n; i++)
		snprintf(seats + strlen(seats), sizeof seats - strlen(seats), "%s\"human\"",
		         i ? ", " : "");
	snprintf(body, sizeof body,
	         "{\"game\": \"%s\", \"params\": %s, \"seats\": [%s], \"clock\": %s}", game, params,
	         seats, clock);
	th_create(body, id);
	for (int i = 0; i < n; i++) {
		char seat[16]; /* room for any int, so the compiler sees no truncation */
		snprintf(seat, sizeof seat, "p%d", i + 1);
		th_join(id, seat, tokens[i]);
	}
}

/* Fails unless `after` is at most `before`: the pump gained nothing. */
static void never_grows(const char *what, int cycle, long long before, long long after)
{
	if (after > before)
		fail_msg("%s, cycle %d: the clock grew from %lld to %lld ms", what, cycle, before,
		         after);
}

/* (60 s a move: at 10 s, a cycle of the sanitizer build on a machine at a load of 10 took
 * longer, and the clock ran out before the pump could be measured) */
static const char *const pump_clocks[] = {
    "{\"kind\": \"fischer\", \"base\": 60, \"increment\": 3600}",
    "{\"kind\": \"move\", \"seconds\": 60}",
};

/* Act and take back at once (p2 never moves, so no answer is needed), at Fischer 60 s + 3600 s
 * and at 60 s a move: p1's time left never grows, and after kill -9 and a restart it is at most
 * what it was. */
static void test_act_takeback(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[2][32], tokens[2][2][64];
	long long last[2];
	for (int k = 0; k < 2; k++) {
		/* THREE ARROWS tactical: no die, so nothing bars the takeback. */
		table_of("three-arrows", "{\"mode\": \"tactical\"}", 2, pump_clocks[k], id[k],
		         tokens[k]);
		th_seat p1;
		th_seat_open(&p1, id[k], tokens[k][0]);
		long long before = left_of(p1.table, "p1");
		for (int i = 0; i < ACT_CYCLES; i++) {
			long long v = p1.v;
			th_seat_act(&p1, th_seat_first(&p1));
			th_seat_reach(&p1, v + 1);
			th_seat_send(&p1, "{\"type\": \"takeback\", \"v\": %lld}", p1.v);
			th_seat_reach(&p1, v + 2);
			long long after = left_of(p1.table, "p1");
			never_grows(pump_clocks[k], i, before, after);
			before = after;
		}
		print_message("%s: p1 has %lld ms after %d acts and takebacks\n", pump_clocks[k],
		              before, ACT_CYCLES);
		last[k] = before;
		th_seat_close(&p1);
	}
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	for (int k = 0; k < 2; k++) {
		json_t *info = th_info(id[k]);
		never_grows("after kill -9 and a restart", 0, last[k], left_of(info, "p1"));
		json_decref(info);
	}
	th_stop();
}

/* Commit and withdraw in a step everyone chooses at once (Arrow Party's items; p3, last in seat
 * order, commits ahead of its turn), at Fischer 60 s + 3600 s and at 60 s a move: p3's time
 * left never grows. */
static void test_commit_withdraw(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	for (int k = 0; k < 2; k++) {
		char id[32], tokens[3][64];
		table_of("arrow-party", "{}", 3, pump_clocks[k], id, tokens);
		th_seat p3;
		th_seat_open(&p3, id, tokens[2]);
		long long before = left_of(p3.table, "p3");
		for (int i = 0; i < COMMIT_CYCLES; i++) {
			th_seat_act(&p3, "ready");
			th_seat_wait_to_move(&p3, "p1 p2");
			th_seat_send(&p3, "{\"type\": \"takeback\", \"v\": %lld}", p3.v);
			th_seat_wait_to_move(&p3, "p1 p2 p3");
			long long after = left_of(p3.table, "p3");
			never_grows(pump_clocks[k], i, before, after);
			before = after;
		}
		print_message("%s: p3 has %lld ms after %d commitments withdrawn\n", pump_clocks[k],
		              before, COMMIT_CYCLES);
		th_seat_close(&p3);
	}
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "clock_pump", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_act_takeback),
	    T(test_commit_withdraw),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
