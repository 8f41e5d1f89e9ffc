/*
 * test_hard_evons.c - tables of Evons between `hard` seats play to their end while the server
 * answers everyone else. The audit's attack was one request: `POST /api/tables` with an Evons
 * table of a `hard` seat, whose search overflowed a buffer (src/ai/mcts.c) and killed the
 * server, and again at every restart on the same database (crash_evons_hard.sh).
 *
 * TABLES Evons tables of two hard seats (a short game: max_turns MAX_TURNS), and one of a hard
 * seat against a person, are created at once; while their searches run on the workers, the
 * test asks GET /api/games every PROBE_MS and plays the person's side; every probe is
 * answered 200. Every table ends by itself, none stopped, the server process alive throughout,
 * and each record replays to its end.
 *
 * Usage: test_hard_evons PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"
#include "quiver/match.h"

#define TABLES    2
#define MAX_TURNS "4"
#define PROBE_MS  100

static bool over(const json_t *info)
{
	return !strcmp(json_string_value(json_object_get(info, "status")), "over");
}

static void test_hard_evons(void **state)
{
	(void)state;
	static const char *const extra[] = {"--address-ai-tables", "8", NULL};
	th_start(th_new_db(), extra);
	char id[TABLES + 1][32], token[64];
	for (int i = 0; i < TABLES; i++)
		th_create("{\"game\": \"evons\", \"params\": {\"max_turns\": " MAX_TURNS
		          "}, \"seats\": [\"hard\", \"hard\"]}",
		          id[i]);
	th_create("{\"game\": \"evons\", \"params\": {\"max_turns\": " MAX_TURNS
	          "}, \"seats\": [\"hard\", \"human\"]}",
	          id[TABLES]);
	th_join(id[TABLES], "p2", token);
	th_seat person;
	th_seat_open(&person, id[TABLES], token);
	int probes = 0;
	double slowest = 0, end = tc_now_ms() + 4 * TH_WAIT_MS;
	for (bool all = false; !all;) {
		if (tc_now_ms() > end)
			fail_msg("the hard tables did not end");
		/* The server answers meanwhile, and its process is the one started. */
		if (kill(th_server.pid, 0) != 0)
			fail_msg("quiver serve died");
		double t0 = tc_now_ms();
		json_t *games = th_http("GET", "/api/games", NULL, 200);
		double took = tc_now_ms() - t0;
		slowest = took > slowest ? took : slowest;
		json_decref(games);
		probes++;
		/* The person plays whenever asked. */
		th_seat_drain(&person);
		if (json_object_get(person.view, "legal") &&
		    !strcmp(json_string_value(json_object_get(person.view, "to_move")), "p2"))
			th_seat_act(&person, th_seat_first(&person));
		all = true;
		for (int i = 0; i <= TABLES; i++) {
			json_t *info = th_info(id[i]);
			if (json_object_get(info, "stopped"))
				fail_msg("table %d stopped: %s", i,
				         json_string_value(json_object_get(info, "stopped")));
			all = all && over(info);
			json_decref(info);
		}
		if (!all)
			usleep(PROBE_MS * 1000);
	}
	th_seat_close(&person);
	for (int i = 0; i <= TABLES; i++) {
		char path[192];
		snprintf(path, sizeof path, "/api/tables/%s/record", id[i]);
		json_t *record = th_http("GET", path, NULL, 200);
		qv_match *m;
		qv_err err;
		if (qv_match_load_json(&m, record, &err))
			fail_msg("table %d's record does not replay: %s", i, err.msg);
		assert_true(qv_match_over(m));
		printf("table %d: %zu actions to its end\n", i,
		       json_array_size(json_object_get(record, "actions")));
		qv_match_free(m);
		json_decref(record);
	}
	printf("%d probes while the hard seats searched, all answered, the slowest in %.1f ms\n",
	       probes, slowest);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "hard_evons", 850))
		return 2;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_hard_evons, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
