/*
 * test_crash_loop.c - the crash-loop guard of `quiver serve` against deaths that a table's own
 * AI search did not cause (issue 36: two deep-JSON crashes, each while another person's `hard`
 * seat was thinking, stopped that person's table for good). The server is killed (kill -9)
 * while two tables search, and while a request is in flight beside one table's search, three
 * times each: neither table is stopped, and each moves on. A real crash loop (the process dies
 * while one table's search is all it does) is still stopped, at the second such death.
 *
 * Each kill is checked after the fact: the flight recorder the dead process left beside its
 * database (qv__flight_peek) says what was in flight at the moment of death, so a kill that came
 * between two steps is not taken for what the test meant (the test starts that part again).
 *
 * Usage: test_crash_loop PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
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
#include "server/state/flight.h"
#include "server/table/table.h"

/* Kills of each kind that must leave the tables playing. */
#define KILLS 3
/* Tries of a part whose kills came between two steps, before the test gives up. */
#define TRIES 5

/* A table of two `hard` seats: it searches, one move after another, without anyone. */
#define HARD_TABLE                                                                                  \
	"{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}, \"seats\": [\"hard\", " \
	"\"hard\"]}"

/* What the running server's flight recorder says, polled until want() holds it (bounded). */
static void wait_flight(const char *db, bool (*want)(const qv__flight_last *), const char *what)
{
	double end = tc_now_ms() + TH_WAIT_MS;
	qv__flight_last last;
	qv_err err;
	for (;;) {
		if (qv__flight_peek(db, &last, &err))
			fail_msg("%s", err.msg);
		if (want(&last))
			return;
		if (tc_now_ms() > end)
			fail_msg("the server never showed %s in flight", what);
		usleep(2000);
	}
}

static bool two_steps(const qv__flight_last *l) { return l->nsteps == 2; }
static bool step_and_request(const qv__flight_last *l)
{
	return l->nsteps >= 1 && l->requests >= 1;
}
static bool one_step_alone(const qv__flight_last *l)
{
	return l->nsteps == 1 && l->requests == 0 && l->unnamed == 0;
}

/* Kills the server at once and returns what its recorder says it was doing then. */
static qv__flight_last kill_now(const char *db)
{
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	qv__flight_last last;
	qv_err err;
	if (qv__flight_peek(db, &last, &err))
		fail_msg("%s", err.msg);
	assert_true(last.known);
	return last;
}

/* Whether table id is stopped (its info says "stopped"). */
static bool stopped(const char *id)
{
	json_t *t = th_info(id);
	bool is = json_object_get(t, "stopped") != NULL;
	json_decref(t);
	return is;
}

/* Whether the table's version passes v within the wait: it searched again and moved. */
static void moves_past(const char *id, long long v)
{
	double end = tc_now_ms() + TH_WAIT_MS;
	for (;;) {
		json_t *t = th_info(id);
		long long now = json_integer_value(json_object_get(t, "v"));
		json_decref(t);
		if (now > v)
			return;
		if (tc_now_ms() > end)
			fail_msg("table %s did not move past version %lld", id, v);
		usleep(20000);
	}
}

static long long version_of(const char *id)
{
	json_t *t = th_info(id);
	long long v = json_integer_value(json_object_get(t, "v"));
	json_decref(t);
	return v;
}

/* KILLS deaths while two tables search: neither table stopped, both move on. Returns false
 * when a kill came while fewer than two steps were under way (the part is started again). */
static bool two_tables_once(void)
{
	const char *db = th_new_db();
	char saved[128], a[32], b[32];
	snprintf(saved, sizeof saved, "%s", db);
	th_start(saved, NULL);
	th_create(HARD_TABLE, a);
	th_create(HARD_TABLE, b);
	for (int k = 0; k < KILLS; k++) {
		wait_flight(saved, two_steps, "two AI steps");
		qv__flight_last last = kill_now(saved);
		th_start(saved, NULL);
		if (last.nsteps != 2 || last.requests != 0) {
			th_stop();
			return false;
		}
		assert_false(stopped(a));
		assert_false(stopped(b));
	}
	moves_past(a, version_of(a));
	moves_past(b, version_of(b));
	th_stop();
	return true;
}

static void test_two_tables(void **state)
{
	(void)state;
	for (int i = 0; i < TRIES; i++)
		if (two_tables_once())
			return;
	fail_msg("every kill came between steps, %d times", TRIES);
}

/* KILLS deaths while one table searches and a request is in flight (an upload that sends its
 * headers and the first byte of its body, then waits): the table is not stopped, and moves
 * on. */
static bool request_once(void)
{
	const char *db = th_new_db();
	char saved[128], id[32];
	snprintf(saved, sizeof saved, "%s", db);
	th_start(saved, NULL);
	th_create(HARD_TABLE, id);
	for (int k = 0; k < KILLS; k++) {
		int fd = tc_dial(th_server.port);
		assert_true(fd >= 0);
		static const char head[] = "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
		                           "Content-Length: 100\r\n\r\n{";
		assert_int_equal(write(fd, head, sizeof head - 1), (ssize_t)(sizeof head - 1));
		wait_flight(saved, step_and_request, "a request beside an AI step");
		qv__flight_last last = kill_now(saved);
		close(fd);
		th_start(saved, NULL);
		if (last.nsteps < 1 || last.requests < 1) {
			th_stop();
			return false;
		}
		assert_false(stopped(id));
	}
	moves_past(id, version_of(id));
	th_stop();
	return true;
}

static void test_request_in_flight(void **state)
{
	(void)state;
	for (int i = 0; i < TRIES; i++)
		if (request_once())
			return;
	fail_msg("every kill came between steps, %d times", TRIES);
}

/* A real crash loop: the process dies while one table's search is all it does. The first such
 * death is forgiven (it may have been a power cut), the second stops the table; a kill that
 * came between two steps counts for nothing either way. */
static void test_real_loop(void **state)
{
	(void)state;
	const char *db = th_new_db();
	char saved[128], id[32];
	snprintf(saved, sizeof saved, "%s", db);
	th_start(saved, NULL);
	th_create(HARD_TABLE, id);
	int alone = 0;
	for (int k = 0; k < 4 * QV__AI_TRIES && !stopped(id); k++) {
		wait_flight(saved, one_step_alone, "one AI step alone");
		qv__flight_last last = kill_now(saved);
		th_start(saved, NULL);
		alone += one_step_alone(&last);
		if (alone < QV__AI_TRIES)
			assert_false(stopped(id));
	}
	print_message("stopped after %d deaths with its step alone in flight\n", alone);
	if (!stopped(id))
		fail_msg("the table whose search was all the process did at %d deaths is not "
		         "stopped",
		         alone);
	assert_true(alone >= QV__AI_TRIES);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "crash_loop", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_two_tables),
	    T(test_request_in_flight),
	    T(test_real_loop),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
