/*
 * test_takeback.c - takeback requests between people at `quiver serve`, from the outside: a
 * takeback that undoes another person's move becomes a request in info's "offer" that each
 * such person answers; an acceptance takes the moves back (every connection then gets a
 * snapshot), a refusal or a new move clears it; the request survives kill -9; every bad,
 * stale, repeated or misplaced frame is refused and changes nothing. That no takeback crosses
 * a chance outcome or a reveal, an attacker's aim, is tested by the hostile suite
 * (tests/hostile/test_undo.c). A table created with "takebacks": false refuses them all.
 *
 * Usage: test_takeback PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
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

#define TWO "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}"
#define THREE                                                                                      \
	"{\"game\": \"three-arrows\", \"params\": {\"players\": 3}, \"seats\": [\"human\", "       \
	"\"human\", \"human\"]}"

/* Reads frames until info's offer is null (want NULL) or names `want` as waiting ("p2 p3"). */
static void wait_offer(th_seat *s, const char *want)
{
	for (int i = 0; i < 100; i++) {
		const json_t *o = json_object_get(s->table, "offer");
		char now[64] = "";
		if (json_is_object(o)) {
			const json_t *w = json_object_get(o, "waiting");
			for (size_t k = 0; k < json_array_size(w); k++)
				snprintf(now + strlen(now), sizeof now - strlen(now), "%s%s",
				         k ? " " : "", json_string_value(json_array_get(w, k)));
		}
		if (want ? json_is_object(o) && !strcmp(now, want) : json_is_null(o))
			return;
		th_seat_next(s);
	}
	fail_msg("the offer never became %s", want ? want : "null");
}

/* Whether the last frame the seat read was a snapshot. */
static bool last_was_snapshot(const th_seat *s)
{
	size_t n = json_array_size(s->frames);
	return n &&
	       strstr(json_string_value(json_array_get(s->frames, n - 1)), "\"type\":\"snapshot\"");
}

/* A table of two people who have both moved once: p1 is to move again. */
static void two_moved(char id[32], th_seat *p1, th_seat *p2, char t1[64], char t2[64])
{
	th_two_seats(TWO, id, t1, t2, p1, p2);
	th_seat *all[] = {p1, p2};
	th_seat_play_first(p1, all, 2);
	th_seat_play_first(p2, all, 2);
	th_seat_wait_to_move(p1, "p1");
}

/* p1 asks after p2 answered its move: p2 is asked, accepts, and both moves go back; every
 * connection's next frame is a snapshot. */
static void test_accepted(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], t1[64], t2[64];
	th_seat p1, p2;
	two_moved(id, &p1, &p2, t1, t2);
	th_seat watcher;
	th_seat_open(&watcher, id, NULL);
	long long v = p1.v;
	th_seat_send(&p1, "{\"type\": \"takeback\", \"v\": %lld}", v);
	wait_offer(&p1, "p2");
	wait_offer(&p2, "p2");
	wait_offer(&watcher, "p2");
	const json_t *o = json_object_get(p2.table, "offer");
	assert_string_equal(json_string_value(json_object_get(o, "kind")), "takeback");
	assert_string_equal(json_string_value(json_object_get(o, "by")), "p1");
	assert_int_equal(json_integer_value(json_object_get(o, "to")), v + 1);
	assert_int_equal(p2.v, v); /* a request changes no move */
	th_seat_send(&p2, "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}", v);
	th_seat *all[] = {&p1, &p2, &watcher};
	for (int i = 0; i < 3; i++) {
		th_seat_reach(all[i], v + 1);
		assert_int_equal(all[i]->v, v + 1);
		assert_true(last_was_snapshot(all[i]));
		assert_true(json_is_null(json_object_get(all[i]->table, "offer")));
	}
	/* Both moves went back: p1 moves first again, nothing is on the board. */
	th_seat_wait_to_move(&p1, "p1");
	json_t *info = th_info(id);
	assert_int_equal(json_integer_value(json_object_get(info, "v")), v + 1);
	json_decref(info);
	th_seat_close(&watcher);
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

/* A refusal clears the request and changes nothing; so does a new move. */
static void test_declined_and_cleared(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], t1[64], t2[64];
	th_seat p1, p2;
	two_moved(id, &p1, &p2, t1, t2);
	long long v = p1.v;
	th_seat_send(&p1, "{\"type\": \"takeback\", \"v\": %lld}", v);
	wait_offer(&p2, "p2");
	th_seat_send(&p2, "{\"type\": \"answer\", \"v\": %lld, \"accept\": false}", v);
	wait_offer(&p2, NULL);
	wait_offer(&p1, NULL);
	assert_int_equal(p1.v, v);
	/* Asked again, then p1 plays on: the move ends the request. */
	th_seat_send(&p1, "{\"type\": \"takeback\", \"v\": %lld}", v);
	wait_offer(&p1, "p2");
	th_seat *all[] = {&p1, &p2};
	th_seat_play_first(&p1, all, 2);
	assert_true(json_is_null(json_object_get(p1.table, "offer")));
	assert_true(json_is_null(json_object_get(p2.table, "offer")));
	char frame[128];
	snprintf(frame, sizeof frame, "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}",
	         p2.v);
	th_seat_refused(&p2, frame, "no takeback request");
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

/* With three people, everyone whose move goes back answers, once each. */
static void test_everyone_affected(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], tok[3][64];
	th_create(THREE, id);
	th_seat s[3];
	th_seat *all[] = {&s[0], &s[1], &s[2]};
	for (int i = 0; i < 3; i++) {
		char seat[16];
		snprintf(seat, sizeof seat, "p%d", i + 1);
		th_join(id, seat, tok[i]);
	}
	for (int i = 0; i < 3; i++)
		th_seat_open(&s[i], id, tok[i]);
	for (int i = 0; i < 3; i++)
		th_seat_play_first(&s[i], all, 3);
	/* p3 has not been answered: its takeback is at once. */
	long long v = s[2].v;
	th_seat_send(&s[2], "{\"type\": \"takeback\", \"v\": %lld}", v);
	for (int i = 0; i < 3; i++)
		th_seat_reach(&s[i], v + 1);
	th_seat_wait_to_move(&s[2], "p3");
	th_seat_play_first(&s[2], all, 3);
	v = s[0].v;
	th_seat_send(&s[0], "{\"type\": \"takeback\", \"v\": %lld}", v);
	wait_offer(&s[1], "p2 p3");
	char frame[128];
	/* asked again: both seats still to answer are named */
	snprintf(frame, sizeof frame, "{\"type\": \"takeback\", \"v\": %lld}", v);
	th_seat_refused(&s[0], frame, "it waits for p2 and p3 to answer");
	snprintf(frame, sizeof frame, "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}", v);
	th_seat_refused(&s[0], frame, "the takeback request is yours");
	th_seat_send(&s[1], "%s", frame);
	wait_offer(&s[1], "p3");
	th_seat_refused(&s[1], frame, "answered this takeback request already");
	snprintf(frame, sizeof frame, "{\"type\": \"takeback\", \"v\": %lld}", v);
	th_seat_refused(&s[0], frame, "asked for a takeback already; it waits for p3 to answer");
	th_seat_refused(&s[2], frame, "p1 asks to take back a move");
	snprintf(frame, sizeof frame, "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}", v);
	th_seat_send(&s[2], "%s", frame);
	for (int i = 0; i < 3; i++)
		th_seat_reach(&s[i], v + 1);
	th_seat_wait_to_move(&s[0], "p1");
	for (int i = 0; i < 3; i++)
		th_seat_close(&s[i]);
	th_stop();
}

/* A request survives kill -9: after the restart it is still in info and can be accepted. */
static void test_kept_across_restart(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], t1[64], t2[64];
	th_seat p1, p2;
	two_moved(id, &p1, &p2, t1, t2);
	long long v = p1.v;
	th_seat_send(&p1, "{\"type\": \"takeback\", \"v\": %lld}", v);
	wait_offer(&p1, "p2");
	th_seat_close(&p1);
	th_seat_close(&p2);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	json_t *info = th_info(id);
	const json_t *o = json_object_get(info, "offer");
	assert_string_equal(json_string_value(json_object_get(o, "by")), "p1");
	assert_int_equal(json_integer_value(json_object_get(o, "to")), v + 1);
	json_decref(info);
	th_seat_open(&p2, id, t2);
	wait_offer(&p2, "p2");
	th_seat_send(&p2, "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}", v);
	th_seat_reach(&p2, v + 1);
	assert_true(json_is_null(json_object_get(p2.table, "offer")));
	th_seat_close(&p2);
	th_stop();
}

/* Bad takeback and answer frames: malformed, stale, from a spectator, with nothing to take
 * back; each is refused and changes nothing. */
static void test_bad_frames(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], t1[64], t2[64];
	th_seat p1, p2, watcher;
	th_two_seats(TWO, id, t1, t2, &p1, &p2);
	th_seat_open(&watcher, id, NULL);
	char frame[160];
	snprintf(frame, sizeof frame, "{\"type\": \"takeback\", \"v\": %lld}", p1.v);
	th_seat_refused(&p1, frame, "nothing to undo: p1 has not decided anything yet");
	th_seat_refused(&watcher, frame, "a spectator cannot take a move back");
	th_seat_refused(&p1, "{\"type\": \"takeback\"}", "v: expected the table's version");
	th_seat_refused(&p1, "{\"type\": \"takeback\", \"v\": 0, \"seat\": \"p2\"}",
	                "unknown field");
	th_seat *all[] = {&p1, &p2, &watcher};
	th_seat_play_first(&p1, all, 3);
	th_seat_play_first(&p2, all, 3);
	snprintf(frame, sizeof frame, "{\"type\": \"takeback\", \"v\": %lld}", p1.v - 1);
	th_seat_refused(&p1, frame, "stale version");
	snprintf(frame, sizeof frame, "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}",
	         p1.v);
	th_seat_refused(&p2, frame, "no takeback request");
	th_seat_refused(&watcher, frame, "a spectator cannot answer");
	th_seat_refused(&p2, "{\"type\": \"answer\", \"v\": 1}", "accept: expected true");
	snprintf(frame, sizeof frame, "{\"type\": \"answer\", \"v\": %lld, \"accept\": \"yes\"}",
	         p1.v);
	th_seat_refused(&p2, frame, "accept: expected true");
	th_seat_send(&p1, "{\"type\": \"takeback\", \"v\": %lld}", p1.v);
	wait_offer(&p2, "p2");
	snprintf(frame, sizeof frame, "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}",
	         p2.v + 5);
	th_seat_refused(&p2, frame, "stale version");
	/* The old name undo asks the same way. */
	snprintf(frame, sizeof frame, "{\"type\": \"undo\", \"v\": %lld}", p1.v);
	th_seat_refused(&p1, frame, "cannot undo: you have asked for a takeback already");
	json_t *info = th_info(id);
	assert_int_equal(json_integer_value(json_object_get(info, "v")), p1.v);
	assert_string_equal(json_string_value(json_array_get(
	                        json_object_get(json_object_get(info, "offer"), "waiting"), 0)),
	                    "p2");
	json_decref(info);
	th_seat_close(&watcher);
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

/* A table created with "takebacks": false: info says so, every takeback is refused and changes
 * nothing (after a restart too), against the computer as well, and a rematch keeps it; a
 * "takebacks" of another type is refused naming the field. */
static void test_without_takebacks(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	th_refused("POST", "/api/tables", "{\"game\": \"three-arrows\", \"takebacks\": \"no\"}",
	           400, "takebacks: expected true");
	json_t *info = th_http("POST", "/api/tables", TWO, 201);
	assert_true(json_is_true(json_object_get(info, "takebacks")));
	json_decref(info);
	char id[32], t1[64], t2[64], frame[160];
	th_seat p1, p2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], "
	             "\"takebacks\": false}",
	             id, t1, t2, &p1, &p2);
	assert_true(json_is_false(json_object_get(p1.table, "takebacks")));
	th_seat *all[] = {&p1, &p2};
	th_seat_play_first(&p1, all, 2);
	th_seat_play_first(&p2, all, 2);
	snprintf(frame, sizeof frame, "{\"type\": \"takeback\", \"v\": %lld}", p1.v);
	th_seat_refused(&p1, frame, "this table was created without takebacks");
	snprintf(frame, sizeof frame, "{\"type\": \"undo\", \"v\": %lld}", p2.v);
	th_seat_refused(&p2, frame, "this table was created without takebacks");
	long long v = p1.v;
	th_seat_close(&p1);
	th_seat_close(&p2);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	info = th_info(id);
	assert_true(json_is_false(json_object_get(info, "takebacks")));
	assert_int_equal(json_integer_value(json_object_get(info, "v")), v);
	json_decref(info);
	th_seat_open(&p1, id, t1);
	snprintf(frame, sizeof frame, "{\"type\": \"takeback\", \"v\": %lld}", p1.v);
	th_seat_refused(&p1, frame, "this table was created without takebacks");
	/* p1 resigns; both ask for a rematch: the new table has no takebacks either */
	th_seat_send(&p1, "{\"type\": \"resign\", \"v\": %lld}", p1.v);
	while (strcmp(json_string_value(json_object_get(p1.table, "status")), "over") != 0)
		th_seat_next(&p1);
	th_seat_open(&p2, id, t2);
	th_seat_send(&p1, "{\"type\": \"rematch\"}");
	th_seat_send(&p2, "{\"type\": \"rematch\"}");
	const char *next = NULL;
	for (int i = 0; i < 50 && !next; i++) {
		th_seat_read(&p2);
		next = json_string_value(
		    json_object_get(json_object_get(p2.table, "rematch"), "table"));
	}
	assert_non_null(next);
	info = th_info(next);
	assert_true(json_is_false(json_object_get(info, "takebacks")));
	json_decref(info);
	th_seat_close(&p1);
	th_seat_close(&p2);
	/* against the computer as well */
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"], "
	          "\"takebacks\": false}",
	          id);
	th_join(id, "p1", t1);
	th_seat_open(&p1, id, t1);
	th_seat *one[] = {&p1};
	th_seat_play_first(&p1, one, 1);
	th_seat_wait_to_move(&p1, "p1");
	snprintf(frame, sizeof frame, "{\"type\": \"takeback\", \"v\": %lld}", p1.v);
	th_seat_refused(&p1, frame, "this table was created without takebacks");
	th_seat_close(&p1);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "takeback", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_accepted),          T(test_declined_and_cleared),
	    T(test_everyone_affected), T(test_kept_across_restart),
	    T(test_bad_frames),        T(test_without_takebacks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
