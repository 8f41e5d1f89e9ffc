/*
 * test_ai_share.c - clients that take the server's AI time from others (issue 36: zombie seats,
 * people who resigned a game of three and whom the server plays with `medium`, searched
 * outside --address-ai-tables, and with 8 addresses at their caps another address's AI reply
 * waited a median 6.6 s, at most 46.7 s).
 *
 * - A zombie makes its table one with AI seats: the address at --address-ai-tables gets 429.
 * - One address keeps 12 tables of `hard` seats searching (--address-ai-tables 12 for it),
 *   three others one each, and a person at another address plays against `random`: between
 *   each of its acts and the computer's reply, no address completes more than THREADS + 1
 *   searches (the searches running when it acted, then one turn per address before its own),
 *   counted from each table's updates by a spectator (plus one whose update crossed the act on
 *   its way). Served in the order the tables were queued, the address of 12 would complete
 *   about ten. A bound on a count, not on a time: it holds however slow the machine.
 *
 * Usage: test_ai_share PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE /* usleep */
#include <poll.h>
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

#define THREADS 2 /* the server's workers (its default --threads) */
#define HEAVY   12
#define LIGHTS  3
#define ACTS    3
#define TABLES  (HEAVY + LIGHTS)

#define HARD_TABLE                                                                                  \
	"{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}, \"seats\": [\"hard\", " \
	"\"hard\"]}"

/* A zombie, made by a resignation in a game of three people, counts as an AI seat. */
static void test_zombie_counts(void **state)
{
	(void)state;
	static const char *const extra[] = {"--address-ai-tables", "1", NULL};
	th_start(th_new_db(), extra);
	char id[32], tokens[3][64];
	th_create("{\"game\": \"arrow-party\", \"seats\": [\"human\", \"human\", \"human\"]}", id);
	for (int i = 0; i < 3; i++) {
		char seat[8];
		snprintf(seat, sizeof seat, "p%d", i + 1);
		th_join(id, seat, tokens[i]);
	}
	th_seat p3;
	th_seat_open(&p3, id, tokens[2]);
	th_seat_send(&p3, "{\"type\": \"resign\", \"v\": %lld}", p3.v);
	th_seat_reach(&p3, p3.v + 1);
	th_seat_close(&p3);
	json_t *info = th_info(id);
	const json_t *seat = json_array_get(json_object_get(info, "seats"), 2);
	assert_true(json_is_true(json_object_get(seat, "zombie")));
	json_decref(info);
	th_refused("POST", "/api/tables", HARD_TABLE, 429, "--address-ai-tables");
	th_stop();
}

/* A table's spectator, counting the table's steps (updates that raise its version). */
typedef struct watch {
	tc_ws ws;
	int addr; /* 0: the heavy address, 1..LIGHTS the others */
	long long v;
} watch;

/* Reads every frame the spectators have, counting steps per address into steps (NULL: only
 * reads), for up to ms milliseconds of waiting. */
static void read_watches(watch *w, int n, int *steps, int ms)
{
	struct pollfd pfd[TABLES];
	for (int i = 0; i < n; i++)
		pfd[i] = (struct pollfd){.fd = w[i].ws.fd, .events = POLLIN};
	poll(pfd, (nfds_t)n, ms);
	for (int i = 0; i < n; i++) {
		json_t *f;
		while ((f = tc_ws_recv_json(&w[i].ws, 0)) != NULL) {
			long long v = json_integer_value(json_object_get(f, "v"));
			if (v > w[i].v && steps)
				steps[w[i].addr]++;
			if (v > w[i].v)
				w[i].v = v;
			json_decref(f);
		}
	}
}

/* Whether frame f lets p1 act at a version past v. */
static bool p1_again(const json_t *f, long long v)
{
	return json_integer_value(json_object_get(f, "v")) > v &&
	       json_array_size(json_object_get(json_object_get(f, "view"), "legal")) > 0;
}

static void test_fair_turns(void **state)
{
	(void)state;
	static const char *const extra[] = {"--address-ai-tables", "12", "--create-rate", "1000",
	                                    NULL};
	th_start(th_new_db(), extra);
	static watch w[TABLES];
	for (int i = 0; i < TABLES; i++) {
		char addr[32], id[32], path[96];
		w[i].addr = i < HEAVY ? 0 : 1 + i - HEAVY;
		snprintf(addr, sizeof addr, "127.0.7.%d", 2 + w[i].addr);
		tc_set_source(addr);
		th_create(HARD_TABLE, id);
		snprintf(path, sizeof path, "/api/tables/%s/ws", id);
		assert_int_equal(tc_ws_open(&w[i].ws, th_server.port, path), 0);
		assert_int_equal(
		    tc_ws_send_text(&w[i].ws, "{\"type\": \"hello\", \"token\": null}"), 0);
	}
	tc_set_source("127.0.7.9");
	char id[32], token[64], path[96];
	th_create("{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}, \"seats\": "
	          "[\"human\", \"random\"]}",
	          id);
	th_join(id, "p1", token);
	tc_ws me;
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(&me, th_server.port, path), 0);
	char hello[128];
	snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": \"%s\"}", token);
	assert_int_equal(tc_ws_send_text(&me, hello), 0);
	json_t *f = tc_ws_recv_json(&me, TH_WAIT_MS);
	assert_non_null(f);
	for (int k = 0; k < ACTS; k++) {
		/* Let the searches fill the queues, and start counting afresh. */
		read_watches(w, TABLES, NULL, 300);
		int steps[1 + LIGHTS] = {0};
		long long v = json_integer_value(json_object_get(f, "v"));
		char act[512];
		snprintf(act, sizeof act, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", v,
		         json_string_value(json_array_get(
		             json_object_get(json_object_get(f, "view"), "legal"), 0)));
		json_decref(f);
		f = NULL;
		assert_int_equal(tc_ws_send_text(&me, act), 0);
		double end = tc_now_ms() + TH_WAIT_MS;
		while (tc_now_ms() < end) {
			read_watches(w, TABLES, steps, 20);
			json_t *g;
			while ((g = tc_ws_recv_json(&me, 0)) != NULL) {
				const char *type = json_string_value(json_object_get(g, "type"));
				if (!strcmp(type, "error"))
					fail_msg("the act was refused: %s",
					         json_string_value(json_object_get(g, "message")));
				if (!f && p1_again(g, v))
					f = json_incref(g);
				json_decref(g);
			}
			if (f)
				break;
		}
		if (!f)
			fail_msg("the computer's reply did not come");
		print_message("act %d: searches completed meanwhile: %d by the address of %d "
		              "tables, %d, %d and %d by the others\n",
		              k, steps[0], HEAVY, steps[1], steps[2], steps[3]);
		for (int a = 0; a <= LIGHTS; a++)
			if (steps[a] > THREADS + 2)
				fail_msg(
				    "act %d: an address completed %d searches before the reply; at "
				    "most %d (the searches under way, one turn, one crossing)",
				    k, steps[a], THREADS + 2);
	}
	json_decref(f);
	tc_ws_close(&me);
	for (int i = 0; i < TABLES; i++)
		tc_ws_close(&w[i].ws);
	tc_set_source(NULL);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "ai_share", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_zombie_counts),
	    T(test_fair_turns),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
