/*
 * test_joins.c - many clients claim the same seat at the same moment (the audit sent 50
 * concurrent joins of one seat): exactly one gets it, with a token that works, and every other
 * gets 409 and no token. Three ways to ask for the seat, each raced by JOINERS threads from as
 * many client addresses, released together by a barrier: the seat by name, the first free
 * seat (`{}`) when one is left, and an invite seat by its code. Then an account and the
 * account it blocks race for the two free seats of a stranger's table, again and again: one
 * sits, the other is refused (403), never both (the seats are read under the table's lock in
 * the join itself, blocks.h).
 *
 * Usage: test_joins PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

#define JOINERS 50

typedef struct joiner {
	int index;
	const char *path, *body;
	const char *headers; /* a browser's cookies (NULL: none) */
	pthread_barrier_t *start;
	int status;
	char token[64];
	char error[256];
} joiner;

/* One client, from its own address (127.0.1.N): waits for the others, then joins. */
static void *join_main(void *arg)
{
	joiner *j = arg;
	char source[32];
	snprintf(source, sizeof source, "127.0.1.%d", 10 + j->index);
	tc_set_source(source);
	pthread_barrier_wait(j->start);
	tc_reply r;
	j->status =
	    tc_http_with(th_server.port, "POST", j->path, j->headers, j->body, strlen(j->body), &r);
	const char *token = json_string_value(json_object_get(r.json, "token"));
	const char *error = json_string_value(json_object_get(r.json, "error"));
	snprintf(j->token, sizeof j->token, "%s", token ? token : "");
	snprintf(j->error, sizeof j->error, "%s", error ? error : "");
	tc_reply_free(&r);
	return NULL;
}

/* JOINERS clients send body (`what` it asks for, in words) to table id's join at once: one
 * must get `seat` (200 with a token), every other 409 naming `words`, without a token. The
 * winner's token says hello as that seat. */
static void race(const char *id, const char *body, const char *what, const char *seat,
                 const char *words)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	pthread_barrier_t start;
	pthread_barrier_init(&start, NULL, JOINERS);
	joiner js[JOINERS];
	pthread_t th[JOINERS];
	for (int i = 0; i < JOINERS; i++) {
		js[i] = (joiner){.index = i, .path = path, .body = body, .start = &start};
		assert_int_equal(pthread_create(&th[i], NULL, join_main, &js[i]), 0);
	}
	for (int i = 0; i < JOINERS; i++)
		pthread_join(th[i], NULL);
	pthread_barrier_destroy(&start);
	int won = -1, refused = 0;
	for (int i = 0; i < JOINERS; i++) {
		if (js[i].status == 200) {
			if (won >= 0)
				fail_msg("%s: two joins got the seat (clients %d and %d)", what,
				         won, i);
			won = i;
			assert_int_equal(strlen(js[i].token), 32);
		} else if (js[i].status == 409 && strstr(js[i].error, words) && !js[i].token[0]) {
			refused++;
		} else {
			fail_msg("%s: client %d got %d '%s'; expected 409 naming '%s'", what, i,
			         js[i].status, js[i].error, words);
		}
	}
	printf("%d joins of %s at once: one 200, %d times 409\n", JOINERS, what, refused);
	assert_true(won >= 0);
	assert_int_equal(refused, JOINERS - 1);
	/* The winner's token is the seat's. */
	tc_ws w;
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(&w, th_server.port, path), 0);
	char hello[128];
	snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": \"%s\"}", js[won].token);
	assert_int_equal(tc_ws_send_text(&w, hello), 0);
	json_t *snap = tc_ws_recv_json(&w, TH_WAIT_MS);
	assert_string_equal(json_string_value(json_object_get(snap, "type")), "snapshot");
	assert_string_equal(json_string_value(json_object_get(snap, "seat")), seat);
	json_decref(snap);
	tc_ws_close(&w);
	/* The table's info has the seat claimed, once. */
	json_t *info = th_info(id);
	const json_t *seats = json_object_get(info, "seats");
	int n = atoi(seat + 1) - 1;
	assert_true(json_is_true(json_object_get(json_array_get(seats, (size_t)n), "claimed")));
	json_decref(info);
}

static void test_joins(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], token[64], body[128];
	/* The seat by name. */
	th_create("{\"game\": \"evons\", \"seats\": [\"human\", \"human\"]}", id);
	race(id, "{\"seat\": \"p2\"}", "the seat p2", "p2", "already taken");
	/* The first free seat, when one is left. */
	th_create("{\"game\": \"three-arrows\", \"params\": {\"players\": 3}, \"seats\": "
	          "[\"human\", \"human\", \"human\"]}",
	          id);
	th_join(id, "p1", token);
	th_join(id, "p3", token);
	race(id, "{}", "the first free seat", "p2", "free seat");
	/* An invite seat by its code. */
	json_t *made =
	    th_http("POST", "/api/tables",
	            "{\"game\": \"concardia\", \"seats\": [\"invite\", \"human\"]}", 201);
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(made, "id")));
	snprintf(body, sizeof body, "{\"invite\": \"%s\"}",
	         json_string_value(
	             json_object_get(json_array_get(json_object_get(made, "invites"), 0), "code")));
	json_decref(made);
	race(id, body, "an invite seat by its code", "p1", "already taken");
	th_stop();
}

/* Browser b signs up as name, from the test's address. */
static void sign_up(th_browser *b, const char *name)
{
	char body[128];
	snprintf(body, sizeof body, "{\"username\": \"%s\", \"password\": \"arrows fly far\"}",
	         name);
	tc_reply r;
	th_browser_ask(b, "POST", "/api/accounts", body, 201, &r);
	tc_reply_free(&r);
}

#define BLOCK_ROUNDS 30

/* Ann blocks Bob. BLOCK_ROUNDS times, a stranger's table of three has two free seats, and Ann
 * and Bob ask for the first free one at the same moment: exactly one of them sits, the other
 * is refused with 403 (a check made before the join, outside the table's lock, let both in
 * when they came together). */
static void test_blocked_race(void **state)
{
	(void)state;
	const char *const roomy[] = {"--create-rate", "1000", "--address-tables", "100", NULL};
	th_start(th_new_db(), roomy);
	th_browser ann = {0}, bob = {0};
	sign_up(&ann, "Ann");
	sign_up(&bob, "Bob");
	tc_reply r;
	th_browser_ask(&ann, "POST", "/api/account/blocks", "{\"username\": \"Bob\"}", 200, &r);
	tc_reply_free(&r);
	char cookies[2][512];
	snprintf(cookies[0], sizeof cookies[0], "Cookie: %s; %s\r\n", ann.key, ann.session);
	snprintf(cookies[1], sizeof cookies[1], "Cookie: %s; %s\r\n", bob.key, bob.session);
	int sat[2] = {0, 0};
	for (int round = 0; round < BLOCK_ROUNDS; round++) {
		char id[32], token[64], path[96];
		th_create("{\"game\": \"three-arrows\", \"params\": {\"players\": 3}, \"seats\": "
		          "[\"human\", \"human\", \"human\"]}",
		          id);
		th_join(id, "p1", token);
		snprintf(path, sizeof path, "/api/tables/%s/join", id);
		pthread_barrier_t start;
		pthread_barrier_init(&start, NULL, 2);
		joiner js[2];
		pthread_t th[2];
		for (int i = 0; i < 2; i++) {
			js[i] = (joiner){.index = i,
			                 .path = path,
			                 .body = "{}",
			                 .headers = cookies[i],
			                 .start = &start};
			assert_int_equal(pthread_create(&th[i], NULL, join_main, &js[i]), 0);
		}
		for (int i = 0; i < 2; i++)
			pthread_join(th[i], NULL);
		pthread_barrier_destroy(&start);
		int in = js[0].status == 200 ? 0 : 1, out = 1 - in;
		if (js[in].status != 200 || js[out].status != 403 ||
		    !strstr(js[out].error,
		            in == 0 ? "does not accept games with you" : "you block Bob"))
			fail_msg(
			    "round %d: Ann got %d '%s', Bob %d '%s'; expected one 200 and one 403",
			    round, js[0].status, js[0].error, js[1].status, js[1].error);
		sat[in]++;
	}
	printf("%d races of Ann and Bob, who she blocks: Ann sat %d times, Bob %d, never both\n",
	       BLOCK_ROUNDS, sat[0], sat[1]);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "joins", 600))
		return 2;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_joins, th_teardown),
	    cmocka_unit_test_teardown(test_blocked_race, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
