/*
 * test_together.c - a simultaneous secret step at `quiver serve`, from the outside: every
 * seat that may choose is in info's "to_move" and gets `legal` in its view; two people choose
 * in either order and reach the same table; a choice made ahead of its turn is seen by its
 * seat alone, is kept across kill -9, may be taken back by its seat, and is refused a second
 * time; an AI seat of the step chooses at once, so the people wait only for each other.
 *
 * Usage: test_together PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
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

/* Decks in a fixed order, so that both tables deal the same hands. */
#define CONCARDIA                                                                                      \
	"{\"game\": \"concardia\", \"params\": {\"deck1\": "                                           \
	"\"striker-r,lancer-p,scout-s,star-r,courier-p,dynamo-s,aegis-r,striker-p,lancer-s\", "        \
	"\"deck2\": "                                                                                  \
	"\"sentinel-s,flanker-r,guard-p,shover-s,saboteur-r,duelist-p,banner-s,sentinel-r,guard-s\", " \
	"\"shuffle\": false}, \"seats\": [\"human\", \"human\"]}"

/* Whether the seat's latest view is still at the start. */
static bool in_start(const th_seat *s)
{
	const char *phase =
	    json_string_value(json_object_get(json_object_get(s->view, "view"), "phase"));
	return phase && !strcmp(phase, "start");
}

/* Plays the start of a ConCardia table with p1 choosing striker-r and p2 sentinel-s, p2 first
 * when p2_first; returns both seats' views and the version once both are revealed. */
static void start_concardia(bool p2_first, json_t **views, long long *v)
{
	char id[32], t1[64], t2[64];
	th_create(CONCARDIA, id);
	th_join(id, "p1", t1);
	th_join(id, "p2", t2);
	th_seat p1, p2;
	th_seat_open(&p1, id, t1);
	th_seat_open(&p2, id, t2);
	th_seat_wait_to_move(&p1, "p1 p2");
	th_seat_wait_to_move(&p2, "p1 p2");
	/* Both may choose: both have their options. */
	assert_true(json_array_size(json_object_get(p1.view, "legal")) == 7);
	assert_true(json_array_size(json_object_get(p2.view, "legal")) == 7);
	if (p2_first) {
		th_seat_act(&p2, "start sentinel-s");
		th_seat_wait_to_move(&p2, "p1");
		const json_t *mine = json_object_get(p2.view, "committed");
		assert_int_equal(json_array_size(mine), 1);
		assert_string_equal(json_string_value(json_array_get(mine, 0)), "start sentinel-s");
		assert_null(json_object_get(p2.view, "legal"));
		th_seat_wait_to_move(&p1, "p1");
		/* Chosen, not again; p1 never hears what. */
		char frame[160];
		snprintf(frame, sizeof frame,
		         "{\"type\": \"act\", \"v\": %lld, \"action\": \"start flanker-r\"}", p2.v);
		th_seat_refused(&p2, frame, "you have made your choice");
		assert_false(th_seat_heard(&p1, "start sentinel-s") ||
		             th_seat_heard(&p1, "committed"));
		assert_null(json_object_get(p1.view, "committed"));
		th_seat_act(&p1, "start striker-r");
	} else {
		th_seat_act(&p1, "start striker-r");
		th_seat_wait_to_move(&p2, "p2");
		th_seat_act(&p2, "start sentinel-s");
	}
	/* Both revealed at once, by whoever chose last: both seats hear of it. */
	while (in_start(&p1))
		th_seat_next(&p1);
	while (in_start(&p2) || p2.v < p1.v)
		th_seat_next(&p2);
	while (p1.v < p2.v)
		th_seat_next(&p1);
	views[0] = json_incref(p1.view);
	views[1] = json_incref(p2.view);
	*v = p1.v;
	assert_true(th_seat_heard(&p1, "starting card: sentinel-s")); /* revealed now */
	th_seat_close(&p1);
	th_seat_close(&p2);
}

/* Two people choose in either order: the same table. */
static void test_either_order(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	json_t *a[2], *b[2];
	long long va, vb;
	start_concardia(true, a, &va);
	start_concardia(false, b, &vb);
	assert_int_equal(va, vb);
	for (int p = 0; p < 2; p++) {
		char *x = json_dumps(a[p], JSON_SORT_KEYS), *y = json_dumps(b[p], JSON_SORT_KEYS);
		assert_string_equal(x, y);
		free(x);
		free(y);
		json_decref(a[p]);
		json_decref(b[p]);
	}
	th_stop();
}

/* A choice made ahead of its turn survives kill -9, may be taken back by its seat, and is
 * refused to a spectator. */
static void test_kept_and_withdrawn(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], t1[64], t2[64];
	th_create(CONCARDIA, id);
	th_join(id, "p1", t1);
	th_join(id, "p2", t2);
	th_seat p2;
	th_seat_open(&p2, id, t2);
	th_seat_wait_to_move(&p2, "p1 p2");
	th_seat_act(&p2, "start sentinel-s");
	th_seat_wait_to_move(&p2, "p1");
	th_seat_close(&p2);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	th_seat_open(&p2, id, t2);
	th_seat_wait_to_move(&p2, "p1");
	assert_string_equal(
	    json_string_value(json_array_get(json_object_get(p2.view, "committed"), 0)),
	    "start sentinel-s");
	th_seat watcher;
	th_seat_open(&watcher, id, NULL);
	assert_false(th_seat_heard(&watcher, "start sentinel-s") ||
	             th_seat_heard(&watcher, "committed"));
	char frame[160];
	snprintf(frame, sizeof frame,
	         "{\"type\": \"act\", \"v\": %lld, \"action\": \"start sentinel-s\"}", watcher.v);
	th_seat_refused(&watcher, frame, "spectator");
	/* Taken back by its seat: p2 chooses again. */
	snprintf(frame, sizeof frame, "{\"type\": \"undo\", \"v\": %lld}", p2.v);
	assert_int_equal(tc_ws_send_text(&p2.ws, frame), 0);
	th_seat_wait_to_move(&p2, "p1 p2");
	assert_null(json_object_get(p2.view, "committed"));
	assert_int_equal(json_array_size(json_object_get(p2.view, "legal")), 7);
	th_seat_act(&p2, "start banner-s");
	th_seat_wait_to_move(&p2, "p1");
	th_seat_close(&watcher);
	th_seat_close(&p2);
	th_stop();
}

/* An AI seat of a step chooses at once: the people of the step wait only for each other. */
static void test_ai_chooses_ahead(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], t1[64], t2[64];
	th_create("{\"game\": \"arrow-party\", \"params\": {\"players\": 3}, \"seats\": "
	          "[\"human\", \"human\", \"random\"]}",
	          id);
	th_join(id, "p1", t1);
	th_join(id, "p2", t2);
	th_seat p1, p2;
	th_seat_open(&p1, id, t1);
	th_seat_open(&p2, id, t2);
	th_seat_wait_to_move(&p2, "p1 p2");
	/* p2 is ready before p1; p1 then ends the items step for all three. */
	json_t *legal = json_object_get(p2.view, "legal");
	assert_true(json_array_size(legal) >= 1);
	th_seat_act(&p2, "ready");
	th_seat_wait_to_move(&p2, "p1");
	th_seat_wait_to_move(&p1, "p1");
	th_seat_act(&p1, "ready");
	/* The throw: everyone of the round may throw again, and the AI throws at once. */
	th_seat_wait_to_move(&p1, "p1 p2");
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "together", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_either_order),
	    T(test_kept_and_withdrawn),
	    T(test_ai_chooses_ahead),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
