/*
 * test_devices.c - the account is the player (issue 54, item 1), from the outside: a seat taken
 * while signed in is played from every device signed in to the account. A second device asks
 * for the seat by name (POST /api/tables/ID/join {"seat"}) and gets a token of its own; both
 * devices, open at once, hear every move with the seat's own view, and either plays. A seat
 * taken before signing up joins the account once the device that took it signs up, and another
 * device of the account then plays it. A device's token outlives a restart. After the game's
 * end, a device that opens it only then is the seat's player still (its result, its rematch),
 * before and after a restart, and nobody else's join is taken.
 *
 * Usage: test_devices PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

#define TWO "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}"

/* Browser b asks for seat p2 of table id as a device of its account: 200, "device": true, its
 * token into token. */
static void device_join(th_browser *b, const char *id, const char *seat, char token[64])
{
	char path[96], body[64];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	snprintf(body, sizeof body, "{\"seat\": \"%s\"}", seat);
	tc_reply r;
	th_browser_ask(b, "POST", path, body, 200, &r);
	assert_string_equal(json_string_value(json_object_get(r.json, "seat")), seat);
	assert_true(json_is_true(json_object_get(r.json, "device")));
	snprintf(token, 64, "%s", json_string_value(json_object_get(r.json, "token")));
	assert_int_equal(strlen(token), 32);
	tc_reply_free(&r);
}

/* Opens browser b's socket at table id with token and reads its snapshot: seat `seat`. */
static void device_open(const th_browser *b, th_seat *s, const char *id, const char *token,
                        const char *seat)
{
	assert_int_equal(th_browser_seat_open(b, s, id, token), 0);
	th_seat_next(s);
	json_t *f = json_loads(json_string_value(json_array_get(s->frames, 0)), 0, NULL);
	assert_string_equal(json_string_value(json_object_get(f, "type")), "snapshot");
	assert_string_equal(json_string_value(json_object_get(f, "seat")), seat);
	json_decref(f);
}

/* Reads until every seat of all[0..n) is at the same version as the first, and checks that the
 * views of all[from..n) (one seat's devices) are the same. */
static void same_view(th_seat **all, int n, int from)
{
	for (int i = 1; i < n; i++)
		th_seat_reach(all[i], all[0]->v);
	for (int i = 0; i < n; i++)
		th_seat_reach(all[i], all[0]->v > all[i]->v ? all[0]->v : all[i]->v);
	for (int i = from + 1; i < n; i++)
		assert_true(json_equal(all[from]->view, all[i]->view));
}

/* Ann takes p2 on her laptop; her phone, signed in too, gets its own token of p2. Both hear
 * Bob's move with p2's view; the phone plays, and the laptop hears it; the laptop plays the
 * next turn, and the phone hears it. After a restart the phone's token still opens p2. */
static void test_two_devices(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	th_browser laptop = {0}, phone = {0};
	th_browser_key(&laptop);
	th_browser_key(&phone);
	th_browser_account(&laptop, "Ann", false);
	th_browser_account(&phone, "Ann", true);
	char id[32], t1[64], t2[64], t2b[64];
	th_create(TWO, id);
	th_join(id, "p1", t1);
	th_browser_join(&laptop, id, "{\"seat\": \"p2\"}", t2);
	device_join(&phone, id, "p2", t2b);
	assert_string_not_equal(t2, t2b);
	th_seat bob, lap, ph;
	th_seat_open(&bob, id, t1);
	device_open(&laptop, &lap, id, t2, "p2");
	device_open(&phone, &ph, id, t2b, "p2");
	th_seat *all[] = {&bob, &lap, &ph};
	th_seat_wait_to_move(&bob, "p1");
	th_seat_play_first(&bob, all, 3);
	same_view(all, 3, 1);
	th_seat_wait_to_move(&ph, "p2");
	th_seat_play_first(&ph, all, 3); /* the phone plays; the laptop hears it */
	same_view(all, 3, 1);
	th_seat_wait_to_move(&bob, "p1");
	th_seat_play_first(&bob, all, 3);
	th_seat_wait_to_move(&lap, "p2");
	th_seat_play_first(&lap, all, 3); /* the laptop plays; the phone hears it */
	same_view(all, 3, 1);
	long long v = bob.v;
	/* the phone asks again: a new token in its own place, the old one retired */
	char t2c[64];
	device_join(&phone, id, "p2", t2c);
	for (int i = 0; i < 3; i++)
		th_seat_close(all[i]);
	th_stop();
	th_start(db, NULL);
	device_open(&phone, &ph, id, t2c, "p2");
	assert_int_equal(ph.v, v);
	th_seat_close(&ph);
	assert_int_equal(th_browser_seat_open(&phone, &ph, id, t2b), 0);
	th_expect_close(&ph.ws, 1008, "bad token");
	th_seat_close(&ph);
	th_stop();
}

/* A seat taken in a browser before it signs up joins the account when it does: the account's
 * other device then gets a token of it and plays, and GET /api/me lists it there. */
static void test_seat_before_sign_up(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser first = {0}, second = {0};
	th_browser_key(&first);
	th_browser_key(&second);
	char id[32], t1[64], t2[64], t2b[64];
	th_create(TWO, id);
	th_join(id, "p1", t1);
	th_browser_join(&first, id, "{\"seat\": \"p2\", \"name\": \"Cleo\"}", t2);
	th_browser_account(&first, "Cleo", false);
	th_browser_account(&second, "Cleo", true);
	tc_reply r;
	th_browser_ask(&second, "GET", "/api/me", NULL, 200, &r);
	const json_t *tables = json_object_get(r.json, "tables");
	assert_int_equal(json_array_size(tables), 1);
	assert_string_equal(json_string_value(json_object_get(json_array_get(tables, 0), "id")),
	                    id);
	tc_reply_free(&r);
	device_join(&second, id, "p2", t2b);
	th_seat bob, sec;
	th_seat_open(&bob, id, t1);
	device_open(&second, &sec, id, t2b, "p2");
	th_seat *all[] = {&bob, &sec};
	th_seat_wait_to_move(&bob, "p1");
	th_seat_play_first(&bob, all, 2);
	th_seat_wait_to_move(&sec, "p2");
	th_seat_play_first(&sec, all, 2);
	th_seat_close(&bob);
	th_seat_close(&sec);
	th_stop();
}

/* Reads seat s's frames until its table's rematch has been asked for by seat `seat`. */
static void rematch_asked(th_seat *s, const char *seat)
{
	for (;;) {
		const json_t *asked =
		    json_object_get(json_object_get(s->table, "rematch"), "asked");
		for (size_t i = 0; i < json_array_size(asked); i++)
			if (!strcmp(json_string_value(json_array_get(asked, i)), seat))
				return;
		th_seat_read(s);
	}
}

/* Ann plays p2 on her laptop; the game ends (Bob resigns). Her phone opens the table only then:
 * it gets a token of p2, not a spectator's place, its snapshot is p2's with the result, and its
 * rematch is p2's; after a restart (the table only stored) a third device of hers gets p2 as
 * well. A join of another account, or of nobody, is still refused: the game is over (before,
 * the phone was refused too, and watched its own game as a spectator). */
static void test_after_the_end(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	th_browser laptop = {0}, phone = {0}, tablet = {0}, cy = {0};
	th_browser_key(&laptop);
	th_browser_key(&phone);
	th_browser_key(&tablet);
	th_browser_key(&cy);
	th_browser_account(&laptop, "Ann", false);
	th_browser_account(&phone, "Ann", true);
	th_browser_account(&tablet, "Ann", true);
	th_browser_account(&cy, "Cy", false);
	char id[32], t1[64], t2[64], t2b[64], t2c[64], path[96];
	th_create(TWO, id);
	th_join(id, "p1", t1);
	th_browser_join(&laptop, id, "{\"seat\": \"p2\"}", t2);
	th_seat bob, lap, ph;
	th_seat_open(&bob, id, t1);
	device_open(&laptop, &lap, id, t2, "p2");
	th_seat *all[] = {&bob, &lap};
	th_seat_wait_to_move(&bob, "p1");
	th_seat_play_first(&bob, all, 2);
	th_seat_send(&bob, "{\"type\": \"resign\", \"v\": %lld}", bob.v);
	th_wait_over(id);
	device_join(&phone, id, "p2", t2b);
	device_open(&phone, &ph, id, t2b, "p2");
	assert_string_equal(json_string_value(json_object_get(ph.table, "status")), "over");
	th_seat_send(&ph, "{\"type\": \"rematch\"}");
	rematch_asked(&ph, "p2");
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	th_browser_refused(&cy, "POST", path, "{\"seat\": \"p2\"}", 409, "is over");
	th_refused("POST", path, "{\"seat\": \"p2\"}", 409, "is over");
	th_seat_close(&bob);
	th_seat_close(&lap);
	th_seat_close(&ph);
	th_stop();
	th_start(db, NULL);
	th_refused("POST", path, "{\"seat\": \"p2\"}", 409, "is over");
	th_browser_refused(&cy, "POST", path, "{\"seat\": \"p2\"}", 409, "is over");
	device_join(&tablet, id, "p2", t2c);
	th_seat tab;
	device_open(&tablet, &tab, id, t2c, "p2");
	assert_string_equal(json_string_value(json_object_get(tab.table, "status")), "over");
	th_seat_close(&tab);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "devices", 600))
		return 1;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_two_devices, th_teardown),
	    cmocka_unit_test_teardown(test_seat_before_sign_up, th_teardown),
	    cmocka_unit_test_teardown(test_after_the_end, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
