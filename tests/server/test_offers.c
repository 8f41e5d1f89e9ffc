/*
 * test_offers.c - what lichess players reach for, at `quiver serve` from the outside: abort
 * before everyone has moved (over, no result), a draw offered at a table of two people
 * (accepted, declined, lapsed when the other moves; refused at three players and against the
 * computer), 15 s given to another player's clock, and the count of spectators in info. Each
 * end and each gift survives kill -9; every refusal names the problem and changes nothing.
 *
 * Usage: test_offers PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
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
#define VS_AI "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"]}"
#define TWO_FISCHER                                                                                \
	"{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"clock\": {\"kind\": "   \
	"\"fischer\", \"base\": 600, \"increment\": 0}}"

/* A table of n people (body), each seat's connection open. */
static void seated(const char *body, int n, char id[32], th_seat *s, char tokens[][64])
{
	th_create(body, id);
	for (int i = 0; i < n; i++) {
		char seat[16];
		snprintf(seat, sizeof seat, "p%d", i + 1);
		th_join(id, seat, tokens[i]);
	}
	for (int i = 0; i < n; i++)
		th_seat_open(&s[i], id, tokens[i]);
}

static const char *text_of(const json_t *j, const char *key)
{
	const char *s = json_string_value(json_object_get(j, key));
	return s ? s : "";
}

/* Reads frames until info's status is "over". */
static void wait_over(th_seat *s)
{
	for (int i = 0; i < 100 && strcmp(text_of(s->table, "status"), "over"); i++)
		th_seat_next(s);
	assert_string_equal(text_of(s->table, "status"), "over");
}

/* Reads frames until info's offer is null (want NULL) or of that kind. */
static void wait_offer(th_seat *s, const char *want)
{
	for (int i = 0; i < 100; i++) {
		const json_t *o = json_object_get(s->table, "offer");
		if (want ? json_is_object(o) && !strcmp(text_of(o, "kind"), want) : json_is_null(o))
			return;
		th_seat_next(s);
	}
	fail_msg("the offer never became %s", want ? want : "null");
}

/* Reads frames until info's spectators is n (a spectators frame says the count alone). */
static void wait_spectators(th_seat *s, long long n)
{
	for (int i = 0; i < 100; i++) {
		if (json_integer_value(json_object_get(s->table, "spectators")) == n)
			return;
		th_seat_read(s);
	}
	fail_msg("spectators never became %lld", n);
}

/* Seat's ms left in info's clock. */
static long long left_of(const json_t *table, const char *seat)
{
	const json_t *left = json_object_get(json_object_get(table, "clock"), "left");
	assert_true(json_is_integer(json_object_get(left, seat)));
	return json_integer_value(json_object_get(left, seat));
}

/* Info's clock's "now": the server's epoch ms when it wrote the info. */
static long long now_of(const json_t *table)
{
	const json_t *now = json_object_get(json_object_get(table, "clock"), "now");
	assert_true(json_is_integer(now));
	return json_integer_value(now);
}

static void close_all(th_seat *s, int n)
{
	for (int i = 0; i < n; i++)
		th_seat_close(&s[i]);
}

/* Abort: while p2 has not moved, p2 aborts after p1's move: over, no result, "ended":
 * "aborted", also after kill -9. Once both have moved it is refused. */
static void test_abort(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], tokens[2][64], frame[160];
	th_seat s[3];
	seated(TWO, 2, id, s, tokens);
	th_seat_open(&s[2], id, NULL);
	th_seat *all[] = {&s[0], &s[1], &s[2]};
	snprintf(frame, sizeof frame, "{\"type\": \"abort\", \"v\": %lld}", s[2].v);
	th_seat_refused(&s[2], frame, "a spectator cannot abort the game");
	th_seat_refused(&s[0], "{\"type\": \"abort\"}", "v: expected the table's version");
	th_seat_refused(&s[0], "{\"type\": \"abort\", \"v\": 0, \"seat\": \"p1\"}",
	                "unknown field");
	assert_true(json_is_true(json_object_get(s[2].table, "abortable")));
	th_seat_play_first(&s[0], all, 3);
	assert_true(json_is_true(json_object_get(s[1].table, "abortable")));
	snprintf(frame, sizeof frame, "{\"type\": \"abort\", \"v\": %lld}", s[1].v + 3);
	th_seat_refused(&s[1], frame, "stale version");
	long long v = s[1].v;
	th_seat_send(&s[1], "{\"type\": \"abort\", \"v\": %lld}", v);
	for (int i = 0; i < 3; i++) {
		wait_over(all[i]);
		assert_int_equal(all[i]->v, v + 1);
		assert_string_equal(text_of(all[i]->table, "ended"), "aborted");
		assert_true(json_is_null(json_object_get(all[i]->table, "result")));
		assert_true(json_is_false(json_object_get(all[i]->table, "abortable")));
	}
	snprintf(frame, sizeof frame, "{\"type\": \"abort\", \"v\": %lld}", s[0].v);
	th_seat_refused(&s[0], frame, "the game is over");
	close_all(s, 3);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	json_t *info = th_info(id);
	assert_string_equal(text_of(info, "status"), "over");
	assert_string_equal(text_of(info, "ended"), "aborted");
	assert_true(json_is_null(json_object_get(info, "result")));
	assert_int_equal(json_integer_value(json_object_get(info, "v")), v + 1);
	json_decref(info);
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/record", id);
	json_t *record = th_http("GET", path, NULL, 200);
	assert_string_equal(text_of(record, "ended"), "aborted");
	json_decref(record);

	/* Both have moved: too late, and nothing changes. */
	seated(TWO, 2, id, s, tokens);
	th_seat *two[] = {&s[0], &s[1]};
	th_seat_play_first(&s[0], two, 2);
	th_seat_play_first(&s[1], two, 2);
	snprintf(frame, sizeof frame, "{\"type\": \"abort\", \"v\": %lld}", s[0].v);
	th_seat_refused(&s[0], frame, "too late to abort: every player has moved; resign instead");
	assert_true(json_is_false(json_object_get(s[0].table, "abortable")));
	info = th_info(id);
	assert_string_equal(text_of(info, "status"), "playing");
	assert_true(json_object_get(info, "ended") == NULL);
	json_decref(info);
	close_all(s, 2);
	th_stop();
}

/* Against the computer, the person may abort before its first move. */
static void test_abort_vs_computer(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], token[64];
	th_create(VS_AI, id);
	th_join(id, "p1", token);
	th_seat p1;
	th_seat_open(&p1, id, token);
	th_seat_send(&p1, "{\"type\": \"abort\", \"v\": %lld}", p1.v);
	wait_over(&p1);
	assert_string_equal(text_of(p1.table, "ended"), "aborted");
	th_seat_close(&p1);
	th_stop();
}

/* A draw offer: it stands while its maker moves, a refusal clears it, a move of the other
 * player lapses it, an acceptance ends the game with both ranked first, kept across kill -9. */
static void test_draw(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], tokens[2][64], frame[160];
	th_seat s[3];
	seated(TWO, 2, id, s, tokens);
	th_seat_open(&s[2], id, NULL);
	th_seat *all[] = {&s[0], &s[1], &s[2]};
	snprintf(frame, sizeof frame, "{\"type\": \"draw\", \"v\": %lld}", s[2].v);
	th_seat_refused(&s[2], frame, "a spectator cannot offer a draw");
	/* p1 offers, then moves: the offer stands for p2. */
	long long v = s[0].v;
	th_seat_send(&s[0], "{\"type\": \"draw\", \"v\": %lld}", v);
	for (int i = 0; i < 3; i++)
		wait_offer(all[i], "draw");
	const json_t *o = json_object_get(s[1].table, "offer");
	assert_string_equal(text_of(o, "by"), "p1");
	assert_string_equal(json_string_value(json_array_get(json_object_get(o, "waiting"), 0)),
	                    "p2");
	assert_int_equal(s[1].v, v); /* an offer changes no move */
	snprintf(frame, sizeof frame, "{\"type\": \"draw\", \"v\": %lld}", v);
	th_seat_refused(&s[0], frame, "you have asked for a draw already");
	snprintf(frame, sizeof frame, "{\"type\": \"takeback\", \"v\": %lld}", v);
	th_seat_refused(&s[1], frame, "p1 offers a draw: answer that first");
	snprintf(frame, sizeof frame, "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}", v);
	th_seat_refused(&s[0], frame, "the draw request is yours");
	th_seat_play_first(&s[0], all, 3);
	wait_offer(&s[1], "draw");
	/* p2 declines. */
	th_seat_send(&s[1], "{\"type\": \"answer\", \"v\": %lld, \"accept\": false}", s[1].v);
	for (int i = 0; i < 3; i++)
		wait_offer(all[i], NULL);
	/* p2 offers; p1's move lapses it. */
	th_seat_send(&s[1], "{\"type\": \"draw\", \"v\": %lld}", s[1].v);
	wait_offer(&s[0], "draw");
	th_seat_play_first(&s[1], all, 3);
	wait_offer(&s[0], "draw"); /* p2's own move: it stands */
	th_seat_play_first(&s[0], all, 3);
	wait_offer(&s[1], NULL);
	assert_string_equal(text_of(s[1].table, "status"), "playing");
	/* p1 offers, kill -9, the offer is still there; p2 accepts. */
	th_seat_send(&s[0], "{\"type\": \"draw\", \"v\": %lld}", s[0].v);
	wait_offer(&s[0], "draw");
	v = s[0].v;
	close_all(s, 3);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	json_t *info = th_info(id);
	assert_string_equal(text_of(json_object_get(info, "offer"), "kind"), "draw");
	json_decref(info);
	th_seat_open(&s[1], id, tokens[1]);
	th_seat_send(&s[1], "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}", v);
	wait_over(&s[1]);
	assert_string_equal(text_of(s[1].table, "ended"), "drawn");
	th_seat_close(&s[1]);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	info = th_info(id);
	assert_string_equal(text_of(info, "ended"), "drawn");
	assert_string_equal(text_of(info, "status"), "over");
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/record", id);
	json_t *record = th_http("GET", path, NULL, 200);
	assert_string_equal(text_of(record, "ended"), "drawn");
	json_decref(record);
	const json_t *result = json_object_get(info, "result");
	assert_int_equal(json_array_size(result), 2);
	for (size_t i = 0; i < 2; i++)
		assert_int_equal(
		    json_integer_value(json_object_get(json_array_get(result, i), "rank")), 1);
	json_decref(info);
	th_stop();
}

/* A draw at three players or against the computer: refused, naming why; nothing changes. */
static void test_draw_refused(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], tokens[3][64], frame[160];
	th_seat s[3];
	seated(THREE, 3, id, s, tokens);
	snprintf(frame, sizeof frame, "{\"type\": \"draw\", \"v\": %lld}", s[0].v);
	th_seat_refused(&s[0], frame, "a draw is offered only in a game of two players");
	json_t *info = th_info(id);
	assert_true(json_is_null(json_object_get(info, "offer")));
	json_decref(info);
	close_all(s, 3);
	th_create(VS_AI, id);
	th_join(id, "p1", tokens[0]);
	th_seat_open(&s[0], id, tokens[0]);
	snprintf(frame, sizeof frame, "{\"type\": \"draw\", \"v\": %lld}", s[0].v);
	th_seat_refused(&s[0], frame, "the computer does not take draw offers");
	snprintf(frame, sizeof frame, "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}",
	         s[0].v);
	th_seat_refused(&s[0], frame, "there is no takeback request to answer");
	th_seat_close(&s[0]);
	th_stop();
}

/* 15 s to another player's clock: both players and the spectator see it, it survives kill
 * -9; refused without a clock, to oneself, to no seat. */
static void test_more_time(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], tokens[2][64], frame[160];
	th_seat s[3];
	seated(TWO_FISCHER, 2, id, s, tokens);
	th_seat_open(&s[2], id, NULL);
	th_seat *all[] = {&s[0], &s[1], &s[2]};
	assert_int_equal(left_of(s[0].table, "p2"), 600000);
	/* p2 does not run: exactly 15 s more, for everyone. */
	th_seat_send(&s[0], "{\"type\": \"moretime\", \"v\": %lld, \"seat\": \"p2\"}", s[0].v);
	for (int i = 0; i < 3; i++) {
		for (int k = 0; k < 100 && left_of(all[i]->table, "p2") == 600000; k++)
			th_seat_next(all[i]);
		assert_int_equal(left_of(all[i]->table, "p2"), 615000);
	}
	/* p1 runs: what it has grows by 15 s less the time that passed between the two infos
	 * (their clock's "now", the server's epoch ms). */
	long long before = left_of(s[1].table, "p1"), then = now_of(s[1].table);
	th_seat_send(&s[1], "{\"type\": \"moretime\", \"v\": %lld, \"seat\": \"p1\"}", s[1].v);
	for (int k = 0; k < 100 && left_of(s[1].table, "p1") <= before; k++)
		th_seat_next(&s[1]);
	long long gained = left_of(s[1].table, "p1") - before;
	long long passed = now_of(s[1].table) - then;
	assert_true(gained >= 15000 - passed - 2 && gained <= 15000 - passed + 2);
	json_t *kept = th_info(id);
	/* Refusals change nothing. */
	snprintf(frame, sizeof frame, "{\"type\": \"moretime\", \"v\": %lld, \"seat\": \"p1\"}",
	         s[0].v);
	th_seat_refused(&s[0], frame, "you cannot give yourself time");
	th_seat_refused(&s[2], frame, "a spectator cannot give time");
	snprintf(frame, sizeof frame, "{\"type\": \"moretime\", \"v\": %lld, \"seat\": \"p9\"}",
	         s[0].v);
	th_seat_refused(&s[0], frame, "seat: expected another player's seat, p1 to p2");
	snprintf(frame, sizeof frame, "{\"type\": \"moretime\", \"v\": %lld}", s[0].v);
	th_seat_refused(&s[0], frame, "seat: expected the seat to give 15 s");
	/* Nobody gained anything by them: p1's time only ran, p2's stood. */
	json_t *now = th_info(id);
	assert_true(left_of(now, "p1") <= left_of(kept, "p1"));
	assert_int_equal(left_of(now, "p2"), 615000);
	json_decref(now);
	json_decref(kept);
	close_all(s, 3);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	json_t *info = th_info(id);
	assert_int_equal(left_of(info, "p2"), 615000);
	json_decref(info);
	/* Without a clock. */
	seated(TWO, 2, id, s, tokens);
	snprintf(frame, sizeof frame, "{\"type\": \"moretime\", \"v\": %lld, \"seat\": \"p2\"}",
	         s[0].v);
	th_seat_refused(&s[0], frame, "this table has no clock, so there is no time to give");
	close_all(s, 2);
	th_stop();
}

/* Info's spectators: the connections without a seat, heard by everyone as they come and go. */
static void test_spectators(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], tokens[2][64];
	th_seat s[4];
	seated(TWO, 2, id, s, tokens);
	wait_spectators(&s[0], 0);
	th_seat_open(&s[2], id, NULL);
	wait_spectators(&s[0], 1);
	wait_spectators(&s[2], 1);
	th_seat_open(&s[3], id, NULL);
	wait_spectators(&s[1], 2);
	th_seat_close(&s[2]);
	wait_spectators(&s[0], 1);
	wait_spectators(&s[3], 1);
	json_t *info = th_info(id);
	assert_int_equal(json_integer_value(json_object_get(info, "spectators")), 1);
	json_decref(info);
	th_seat_close(&s[3]);
	wait_spectators(&s[1], 0);
	close_all(s, 2);
	th_stop();
}

/* One spectator goes and another comes between two sweeps, while a seat's new connection was
 * told of none: the count is the same as the last one announced, but the seat hears it (once
 * it missed it: tests/browser/courtesy.test.mjs). When a sweep falls in between (a loaded
 * machine), the seat is told of nobody first, and this passes without asking the question. */
static void test_spectators_between_sweeps(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], tokens[2][64];
	th_seat s[4];
	seated(TWO, 2, id, s, tokens);
	th_seat_open(&s[2], id, NULL);
	wait_spectators(&s[0], 1); /* a sweep just told the count */
	th_seat_close(&s[2]);
	/* p1 again, until its snapshot counts the spectator gone */
	for (int i = 0; i < 200; i++) {
		th_seat_close(&s[0]);
		th_seat_open(&s[0], id, tokens[0]);
		if (json_integer_value(json_object_get(s[0].table, "spectators")) == 0)
			break;
	}
	assert_int_equal(json_integer_value(json_object_get(s[0].table, "spectators")), 0);
	th_seat_open(&s[3], id, NULL);
	/* within a few sweeps (one a second), not when something else happens at the table */
	double by = th_epoch_ms() + 20000;
	while (json_integer_value(json_object_get(s[0].table, "spectators")) != 1 &&
	       th_epoch_ms() < by)
		th_seat_read_within(&s[0], (int)(by - th_epoch_ms()) + 1);
	assert_int_equal(json_integer_value(json_object_get(s[0].table, "spectators")), 1);
	close_all(s, 2);
	th_seat_close(&s[3]);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "offers", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_abort),
	    T(test_abort_vs_computer),
	    T(test_draw),
	    T(test_draw_refused),
	    T(test_more_time),
	    T(test_spectators),
	    T(test_spectators_between_sweeps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
