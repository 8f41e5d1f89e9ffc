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
 *   about ten. A bound on a count, not on a time: it holds however slow the machine. The
 *   person's first act is not counted: a lane's first job runs on the heavy workers (pool.c:
 *   an address that comes with many tables at once has them all there), among the 12 tables'
 *   searches at nice 19, while the light workers play the other addresses' tables on; on a
 *   loaded machine one of them completed 5 and 6 searches meanwhile (1 run in 5).
 *
 * - A bystander playing `medium` at its own address, its replies (its act to the computer's
 *   answer) timed quiet, then under each flood of the third audit (issue 65), must stay within
 *   twice the quiet median (plus REPLY_SLACK_MS, a loaded machine's noise on a reply of tens of
 *   milliseconds):
 *   - 32 reviews asked by 32 addresses (before: the bystander's replies went from hundreds to a
 *     handful in 15 s: each review took its turn among the addresses' lanes);
 *   - 8 addresses of 4 `hard` tables each (before: a reply waited 12 s);
 *   - an address at its cap of 4 `hard` tables, opening tables of people whose seats it resigns
 *     (before: 48 zombie `medium` seats; now a zombie past the cap plays `beginner`, which does
 *     not search, and its table does not count), and one of its seats timed out by its clock
 *     (the timer's zombie) alike.
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
		char seat[16];
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
	/* act -1: the lane's first job (not counted, above) */
	for (int k = -1; k < ACTS; k++) {
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
		for (int a = 0; a <= LIGHTS && k >= 0; a++)
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

/* ---- a bystander's replies under a flood -------------------------------------------------- */

/* Replies timed per window, and the slack over twice the quiet median. */
#define REPLIES        15
#define REPLY_SLACK_MS 60.0
#define BYSTANDER      "127.0.8.9"

/* The bystander: a seat against `medium`, at its own address. */
typedef struct bystander {
	tc_ws ws;
	bool open;
	json_t *last; /* the last frame that lets p1 act */
} bystander;

/* A new table against `medium`, its first frame that lets p1 act. */
static void bystander_sit(bystander *b)
{
	if (b->open)
		tc_ws_close(&b->ws);
	json_decref(b->last);
	tc_set_source(BYSTANDER);
	char id[32], token[64], path[96], hello[128];
	th_create("{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}, \"seats\": "
	          "[\"human\", \"medium\"]}",
	          id);
	th_join(id, "p1", token);
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(&b->ws, th_server.port, path), 0);
	snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": \"%s\"}", token);
	assert_int_equal(tc_ws_send_text(&b->ws, hello), 0);
	tc_set_source(NULL);
	b->open = true;
	b->last = NULL;
	while (!b->last) {
		json_t *f = tc_ws_recv_json(&b->ws, TH_WAIT_MS);
		assert_non_null(f);
		if (p1_again(f, -1))
			b->last = f;
		else
			json_decref(f);
	}
}

/* One act of the bystander and the computer's reply: its time in ms (a new table when the
 * game ended). */
static double bystander_reply(bystander *b)
{
	if (!b->last)
		bystander_sit(b);
	long long v = json_integer_value(json_object_get(b->last, "v"));
	char act[512];
	snprintf(act, sizeof act, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", v,
	         json_string_value(json_array_get(
	             json_object_get(json_object_get(b->last, "view"), "legal"), 0)));
	json_decref(b->last);
	b->last = NULL;
	double t0 = tc_now_ms();
	assert_int_equal(tc_ws_send_text(&b->ws, act), 0);
	for (;;) {
		json_t *f = tc_ws_recv_json(&b->ws, 120000);
		if (!f)
			fail_msg("the computer's reply did not come within 120 s");
		const json_t *table = json_object_get(f, "table");
		const char *status = json_string_value(json_object_get(table, "status"));
		bool ended = status && !strcmp(status, "over");
		if (p1_again(f, v)) {
			b->last = f;
			return tc_now_ms() - t0;
		}
		json_decref(f);
		if (ended)
			return tc_now_ms() - t0; /* the reply ended the game: the next sits again */
	}
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The median of the bystander's next REPLIES replies, in ms. */
static double median_reply(bystander *b, const char *window)
{
	double t[REPLIES];
	for (int i = 0; i < REPLIES; i++)
		t[i] = bystander_reply(b);
	qsort(t, REPLIES, sizeof *t, by_value);
	print_message("%s: the bystander's replies %.0f ms (median), %.0f to %.0f\n", window,
	              t[REPLIES / 2], t[0], t[REPLIES - 1]);
	return t[REPLIES / 2];
}

static void within_twice(double quiet, double flood, const char *flood_name)
{
	if (flood > 2 * quiet + REPLY_SLACK_MS)
		fail_msg("under %s the bystander's median reply took %.0f ms, more than twice the "
		         "quiet %.0f ms (and %.0f ms)",
		         flood_name, flood, quiet, REPLY_SLACK_MS);
}

static void bystander_leave(bystander *b)
{
	json_decref(b->last);
	b->last = NULL;
	if (b->open)
		tc_ws_close(&b->ws);
	b->open = false;
}

/* Whether table id is over. */
static bool over(const char *id)
{
	json_t *info = th_info(id);
	bool yes = !strcmp(json_string_value(json_object_get(info, "status")), "over");
	json_decref(info);
	return yes;
}

#define FLOOD_EXTRA "--create-rate", "1000"

static void test_reviews_flood(void **state)
{
	(void)state;
	static const char *const extra[] = {FLOOD_EXTRA, NULL};
	th_start(th_new_db(), extra);
	enum { N = 32 };
	static char ids[N][32];
	for (int i = 0; i < N; i++) {
		char addr[32];
		snprintf(addr, sizeof addr, "127.0.9.%d", 10 + i);
		tc_set_source(addr);
		th_create("{\"game\": \"three-arrows\", \"seats\": [\"random\", \"random\"]}",
		          ids[i]);
	}
	tc_set_source(NULL);
	for (int i = 0; i < N; i++) /* random seats end their games at once */
		for (double end = tc_now_ms() + TH_WAIT_MS; !over(ids[i]);)
			if (tc_now_ms() > end)
				fail_msg("table %s did not end", ids[i]);
			else
				usleep(20000);
	bystander b = {0};
	double quiet = median_reply(&b, "quiet");
	for (int i = 0; i < N; i++) {
		char addr[32], path[96];
		snprintf(addr, sizeof addr, "127.0.10.%d", 10 + i);
		snprintf(path, sizeof path, "/api/tables/%.31s/review", ids[i]);
		tc_set_source(addr);
		json_decref(th_http("POST", path, "{}", 202));
	}
	tc_set_source(NULL);
	double flood = median_reply(&b, "32 reviews from 32 addresses");
	bystander_leave(&b);
	within_twice(quiet, flood, "32 reviews");
	th_stop();
}

/* Address addr makes n tables of `hard` seats. */
static void hard_tables(const char *addr, int n)
{
	tc_set_source(addr);
	for (int i = 0; i < n; i++) {
		char id[32];
		th_create(HARD_TABLE, id);
	}
	tc_set_source(NULL);
}

/* Starts a server for a flood (creations unbounded in rate) and times the bystander b quiet:
 * its median reply. */
static double flood_start(bystander *b)
{
	static const char *const extra[] = {FLOOD_EXTRA, NULL};
	th_start(th_new_db(), extra);
	*b = (bystander){0};
	return median_reply(b, "quiet");
}

static void test_hard_flood(void **state)
{
	(void)state;
	bystander b;
	double quiet = flood_start(&b);
	for (int a = 0; a < 8; a++) {
		char addr[32];
		snprintf(addr, sizeof addr, "127.0.11.%d", 10 + a);
		hard_tables(addr, 4);
	}
	double flood = median_reply(&b, "8 addresses of 4 hard tables");
	bystander_leave(&b);
	within_twice(quiet, flood, "8 addresses of 4 hard tables");
	th_stop();
}

/* Address addr makes a table of five people, joins every seat and resigns three: their
 * zombies' levels into levels (3 of them). */
/* Makes the table `body` (from the current source address) and joins its n seats of people:
 * its id and their tokens. */
static void people_table(const char *body, int n, char id[32], char tokens[][64])
{
	th_create(body, id);
	for (int i = 0; i < n; i++) {
		char seat[16];
		snprintf(seat, sizeof seat, "p%d", i + 1);
		th_join(id, seat, tokens[i]);
	}
}

static void zombie_table(const char *addr, char levels[3][16])
{
	tc_set_source(addr);
	char id[32], tokens[5][64];
	people_table("{\"game\": \"arrow-party\", \"seats\": [\"human\", \"human\", "
	             "\"human\", \"human\", \"human\"]}",
	             5, id, tokens);
	for (int i = 2; i < 5; i++) {
		th_seat s;
		th_seat_open(&s, id, tokens[i]);
		th_seat_send(&s, "{\"type\": \"resign\", \"v\": %lld}", s.v);
		th_seat_reach(&s, s.v + 1);
		th_seat_close(&s);
	}
	json_t *info = th_info(id);
	for (int i = 2; i < 5; i++) {
		const json_t *seat = json_array_get(json_object_get(info, "seats"), (size_t)i);
		assert_true(json_is_true(json_object_get(seat, "zombie")));
		const char *level = json_string_value(json_object_get(seat, "zombie_level"));
		snprintf(levels[i - 2], 16, "%s", level ? level : "medium");
	}
	json_decref(info);
	tc_set_source(NULL);
}

/* Address addr makes a table of three people with a clock of 2 s a move, joins every seat and
 * lets p1's clock run out: the level of the zombie the timer made of it. */
static void timeout_zombie(const char *addr, char level[16])
{
	tc_set_source(addr);
	char id[32], tokens[3][64];
	people_table("{\"game\": \"three-arrows\", \"params\": {\"players\": 3, \"mode\": "
	             "\"tactical\"}, \"seats\": [\"human\", \"human\", \"human\"], "
	             "\"clock\": {\"kind\": \"move\", \"seconds\": 2}}",
	             3, id, tokens);
	th_seat p1;
	th_seat_open(&p1, id, tokens[0]);
	const json_t *seat = NULL;
	while (!json_is_true(json_object_get(seat, "zombie"))) {
		th_seat_next(&p1);
		seat = json_array_get(json_object_get(p1.table, "seats"), 0);
	}
	const char *l = json_string_value(json_object_get(seat, "zombie_level"));
	snprintf(level, 16, "%s", l ? l : "medium");
	th_seat_close(&p1);
	tc_set_source(NULL);
}

static void test_zombie_flood(void **state)
{
	(void)state;
	bystander b;
	double quiet = flood_start(&b);
	const char *addr = "127.0.12.10";
	hard_tables(addr, 4); /* its cap of tables with searching seats */
	int searching = 0;
	for (int k = 0; k < 12; k++) {
		char levels[3][16];
		zombie_table(addr, levels);
		for (int i = 0; i < 3; i++)
			searching += strcmp(levels[i], "beginner") != 0;
	}
	char level[16]; /* and one made by the timer, a clock run out */
	timeout_zombie(addr, level);
	print_message("zombies past the cap that search: %d of 36 resigned; timed out: %s\n",
	              searching, level);
	if (strcmp(level, "beginner") != 0)
		fail_msg("a seat timed out at a table of an address at its cap plays %s; expected "
		         "beginner",
		         level);
	if (searching > 0)
		fail_msg("%d zombie seats of an address at its cap search (medium): past the cap a "
		         "zombie plays beginner",
		         searching);
	double flood = median_reply(&b, "an address at its cap with 36 zombies");
	bystander_leave(&b);
	within_twice(quiet, flood, "an address at its cap with zombies");
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "ai_share", 900))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_zombie_counts), T(test_fair_turns),   T(test_reviews_flood),
	    T(test_hard_flood),    T(test_zombie_flood),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
