/*
 * test_clocks.c - clocks, absence, claims, timeouts, zombies, return and resign at `quiver
 * serve`, from the outside, with real clocks of a second: a 2-player game times out on the
 * server within 200 ms of its deadline (with a connection and with none), a seat of a 3-player
 * game becomes a zombie the server plays, comes back with return and ranks below the players
 * who stayed, clocks resume after kill -9, Fischer adds its increment, days per move read
 * back, away_ms grows after a disconnect, a claim is refused too early and accepted after
 * --away-limit, resign ends a 2-player game and makes a zombie of 3, every new frame that is
 * malformed, stale, from a spectator, from the wrong seat or repeated is refused, and nothing
 * taken back gains time: a takeback sets every clock back to before the decision (no
 * increment kept, the asker charged the time since, across kill -9 too), one that would leave
 * the asker no time is refused, and a withdrawn commitment changes no clock while a played one
 * earns its increment.
 *
 * Usage: test_clocks PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

/* How late a timeout may be heard past its deadline: the server's bound of 200 ms, plus
 * TIMEOUT_SLACK_MS for a machine shared by several builds and test runs (two cores at a load
 * of 5 or more delay a thread's wake-up and the database's write by tens of milliseconds, and
 * the frame must still reach this process). Each run prints what it measured. */
#define TIMEOUT_BOUND_MS 200
#define TIMEOUT_SLACK_MS 300

#define TWO_MOVE_1S                                                                                \
	"{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"clock\": {\"kind\": "   \
	"\"move\", \"seconds\": 1}}"
/* Two seconds a move where the test plays two seats against the clock, so that a loaded
 * machine does not time them out. */
#define THREE_MOVE_2S                                                                              \
	"{\"game\": \"three-arrows\", \"params\": {\"players\": 3, \"mode\": \"tactical\"}, "      \
	"\"seats\": [\"human\", \"human\", \"human\"], \"clock\": {\"kind\": \"move\", "           \
	"\"seconds\": 2}}"
#define THREE_NONE                                                                                 \
	"{\"game\": \"three-arrows\", \"params\": {\"players\": 3, \"mode\": \"tactical\"}, "      \
	"\"seats\": [\"human\", \"human\", \"human\"]}"
#define TWO_NONE "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}"

/* The seat entry of info for seat ("p2"). */
static json_t *seat_of(const json_t *table, const char *seat)
{
	const json_t *seats = json_object_get(table, "seats");
	for (size_t i = 0; i < json_array_size(seats); i++) {
		json_t *e = json_array_get(seats, i);
		if (!strcmp(json_string_value(json_object_get(e, "seat")), seat))
			return e;
	}
	fail_msg("no seat %s", seat);
	return NULL;
}

static bool is_zombie(const json_t *table, const char *seat)
{
	return json_is_true(json_object_get(seat_of(table, seat), "zombie"));
}

/* info's to_move as "p1 p2". */
static void to_move_text(const json_t *table, char *buf, size_t len)
{
	buf[0] = '\0';
	const json_t *list = json_object_get(table, "to_move");
	for (size_t i = 0; i < json_array_size(list); i++)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", i ? " " : "",
		         json_string_value(json_array_get(list, i)));
}

static const char *status_of(const json_t *table)
{
	return json_string_value(json_object_get(table, "status"));
}

/* The clock's left for seat, in ms. */
static long long left_of(const json_t *table, const char *seat)
{
	const json_t *ms =
	    json_object_get(json_object_get(json_object_get(table, "clock"), "left"), seat);
	assert_true(json_is_integer(ms));
	return json_integer_value(ms);
}

/* The result entry of seat. */
static json_t *result_of(const json_t *table, const char *seat)
{
	const json_t *result = json_object_get(table, "result");
	for (size_t i = 0; i < json_array_size(result); i++) {
		json_t *e = json_array_get(result, i);
		if (!strcmp(json_string_value(json_object_get(e, "seat")), seat))
			return e;
	}
	fail_msg("no result for %s", seat);
	return NULL;
}

static long long rank_of(const json_t *table, const char *seat)
{
	return json_integer_value(json_object_get(result_of(table, seat), "rank"));
}

static const char *reason_of(const json_t *table, const char *seat)
{
	return json_string_value(json_object_get(result_of(table, seat), "reason"));
}

/* When the first running clock of info runs out, in epoch ms by the server's own now. */
static double deadline_of(const json_t *table)
{
	const json_t *clock = json_object_get(table, "clock");
	const json_t *running = json_object_get(clock, "running");
	assert_true(json_array_size(running) >= 1);
	double now = (double)json_integer_value(json_object_get(clock, "now")), first = 0;
	for (size_t i = 0; i < json_array_size(running); i++) {
		double at =
		    now + (double)left_of(table, json_string_value(json_array_get(running, i)));
		if (first == 0 || at < first)
			first = at;
	}
	return first;
}

/* Plays legal[0] for the seat when it is its turn (its view lists legal actions). */
static bool play_first(th_seat *s)
{
	const json_t *legal = json_object_get(s->view, "legal");
	if (json_array_size(legal) == 0 || strcmp(status_of(s->table), "playing"))
		return false;
	th_seat_send(s, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", s->v,
	             json_string_value(json_array_get(legal, 0)));
	return true;
}

/* Creates a table and joins its n seats. */
static void table_of(const char *body, int n, char id[32], char tokens[][64])
{
	th_create(body, id);
	for (int i = 0; i < n; i++) {
		char seat[16]; /* room for any int, so the compiler sees no truncation */
		snprintf(seat, sizeof seat, "p%d", i + 1);
		th_join(id, seat, tokens[i]);
	}
}

static void info_path(const char *id, char *path, size_t len)
{
	snprintf(path, len, "/api/tables/%s", id);
}

/* ---- the tests ------------------------------------------------------------------------------ */

/* Bad clocks get 400 naming the field; good ones read back in info. */
static void test_settings(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	static const struct {
		const char *clock, *words;
	} bad[] = {
	    {"3", "clock: expected an object"},
	    {"{\"kind\": \"sundial\"}", "clock.kind"},
	    {"{\"kind\": \"move\"}", "clock.seconds"},
	    {"{\"kind\": \"move\", \"seconds\": 0}", "clock.seconds: expected a whole number of "
	                                             "seconds from 1 to 86400"},
	    {"{\"kind\": \"move\", \"seconds\": 86401}", "clock.seconds"},
	    {"{\"kind\": \"move\", \"seconds\": 1.5}", "clock.seconds"},
	    {"{\"kind\": \"fischer\", \"base\": 60}", "clock.increment"},
	    {"{\"kind\": \"fischer\", \"base\": 0, \"increment\": 1}", "clock.base"},
	    {"{\"kind\": \"fischer\", \"base\": 60, \"increment\": 3601}", "clock.increment"},
	    {"{\"kind\": \"days\", \"days\": 31}", "clock.days: expected a whole number of days "
	                                           "from 1 to 30"},
	    {"{\"kind\": \"days\", \"days\": 2, \"seconds\": 3}", "'seconds'"},
	};
	char body[512];
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(
		    body, sizeof body,
		    "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"clock\": "
		    "%s}",
		    bad[i].clock);
		th_refused("POST", "/api/tables", body, 400, bad[i].words);
	}
	/* A clockless table says so. */
	char id[32], tokens[2][64], path[96];
	table_of(TWO_NONE, 2, id, tokens);
	info_path(id, path, sizeof path);
	json_t *info = th_http("GET", path, NULL, 200);
	json_t *clock = json_object_get(info, "clock");
	assert_string_equal(json_string_value(json_object_get(clock, "kind")), "none");
	assert_int_equal(json_object_size(json_object_get(clock, "left")), 0);
	assert_int_equal(json_array_size(json_object_get(clock, "running")), 0);
	assert_true(json_integer_value(json_object_get(clock, "now")) > 1.7e12);
	json_decref(info);
	/* Days per move: the whole allowance for the seat to move, the settings as given. */
	table_of("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"clock\": "
	         "{\"kind\": \"days\", \"days\": 3}}",
	         2, id, tokens);
	info_path(id, path, sizeof path);
	info = th_http("GET", path, NULL, 200);
	clock = json_object_get(info, "clock");
	assert_string_equal(json_string_value(json_object_get(clock, "kind")), "days");
	assert_int_equal(json_integer_value(json_object_get(clock, "days")), 3);
	long long day3 = 3LL * 86400 * 1000;
	assert_true(left_of(info, "p1") <= day3 && left_of(info, "p1") > day3 - 60000);
	assert_int_equal(left_of(info, "p2"), day3);
	assert_int_equal(json_array_size(json_object_get(clock, "running")), 1);
	assert_string_equal(json_string_value(json_array_get(json_object_get(clock, "running"), 0)),
	                    "p1");
	json_decref(info);
	/* An AI seat has no clock. */
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"], \"clock\": "
	          "{\"kind\": \"fischer\", \"base\": 60, \"increment\": 5}}",
	          id);
	info_path(id, path, sizeof path);
	info = th_http("GET", path, NULL, 200);
	clock = json_object_get(info, "clock");
	assert_int_equal(json_integer_value(json_object_get(clock, "base")), 60);
	assert_int_equal(json_integer_value(json_object_get(clock, "increment")), 5);
	assert_null(json_object_get(json_object_get(clock, "left"), "p2"));
	json_decref(info);
	th_stop();
}

/* A per-move clock of 1 s times out a 2-player game, with p1 connected and idle: p2 wins, p1's
 * result says timeout, heard within the bound of the deadline. */
static void test_timeout_two(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], tokens[2][64];
	table_of(TWO_MOVE_1S, 2, id, tokens);
	th_seat p1, p2;
	th_seat_open(&p1, id, tokens[0]);
	th_seat_open(&p2, id, tokens[1]);
	assert_string_equal(status_of(p1.table), "playing");
	double deadline = deadline_of(p1.table);
	while (strcmp(status_of(p1.table), "over"))
		th_seat_next(&p1);
	double late = p1.at - deadline;
	double server_late =
	    (double)json_integer_value(json_object_get(json_object_get(p1.table, "clock"), "now")) -
	    deadline;
	print_message("timeout heard %.0f ms after the deadline (the frame built %.0f ms after)\n",
	              late, server_late);
	/* "now" and "left" are whole ms, now rounded down and left up (clock.c): the deadline
	 * read from them may be 1 ms after the clock's, and a frame built at it then says -1 ms
	 * (seen once in a clean clone's make test) */
	assert_true(server_late >= -1);
	assert_true(late <= TIMEOUT_BOUND_MS + TIMEOUT_SLACK_MS);
	assert_string_equal(reason_of(p1.table, "p1"), "timeout");
	assert_null(reason_of(p1.table, "p2"));
	assert_int_equal(rank_of(p1.table, "p2"), 1);
	assert_int_equal(rank_of(p1.table, "p1"), 2);
	/* After the end: no resign, no claim, no return. */
	char frame[128];
	snprintf(frame, sizeof frame, "{\"type\": \"resign\", \"v\": %lld}", p2.v);
	th_seat_refused(&p2, frame, "over");
	th_seat_refused(&p1, "{\"type\": \"return\"}", "over");
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

/* A timeout with no connection open: the server's timer ends the game on its own. */
static void test_timeout_unattended(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], tokens[2][64], path[96];
	table_of(TWO_MOVE_1S, 2, id, tokens);
	info_path(id, path, sizeof path);
	json_t *info = th_http("GET", path, NULL, 200);
	double deadline = deadline_of(info);
	json_decref(info);
	/* Nobody asks before the deadline has passed by the bound: the timer alone acts. */
	double wake = deadline + TIMEOUT_BOUND_MS + TIMEOUT_SLACK_MS - th_epoch_ms();
	if (wake > 0)
		usleep((useconds_t)(wake * 1000));
	info = th_http("GET", path, NULL, 200);
	assert_string_equal(status_of(info), "over");
	assert_string_equal(reason_of(info, "p1"), "timeout");
	assert_int_equal(rank_of(info, "p2"), 1);
	json_decref(info);
	th_stop();
}

/* Fischer: the increment after each of a seat's own decisions; a clock that does not run
 * does not change. */
static void test_fischer(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], tokens[2][64];
	table_of("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"clock\": "
	         "{\"kind\": \"fischer\", \"base\": 5, \"increment\": 3}}",
	         2, id, tokens);
	th_seat p1;
	th_seat_open(&p1, id, tokens[0]);
	long long v = p1.v;
	assert_true(play_first(&p1));
	while (p1.v == v)
		th_seat_next(&p1);
	/* 5 s, less the moment p1 took, plus 3 s. */
	long long left = left_of(p1.table, "p1");
	print_message("p1 has %lld ms after one decision\n", left);
	assert_true(left > 6000 && left <= 8000);
	assert_true(left_of(p1.table, "p2") > 4000 && left_of(p1.table, "p2") <= 5000);
	th_seat_close(&p1);
	th_stop();
}

/* The clocks after kill -9 and a restart: each resumes from what was saved with the last
 * change. */
static void test_kill9(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], tokens[2][64], path[96];
	table_of("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"clock\": "
	         "{\"kind\": \"fischer\", \"base\": 60, \"increment\": 0}}",
	         2, id, tokens);
	th_seat p1;
	th_seat_open(&p1, id, tokens[0]);
	usleep(1200 * 1000);
	long long v = p1.v;
	assert_true(play_first(&p1));
	while (p1.v == v)
		th_seat_next(&p1);
	long long p1_left = left_of(p1.table, "p1");
	assert_true(p1_left < 59000 && p1_left > 50000);
	th_seat_close(&p1);
	usleep(1200 * 1000); /* p2's clock runs; nothing is saved meanwhile */
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	info_path(id, path, sizeof path);
	json_t *info = th_http("GET", path, NULL, 200);
	assert_int_equal(left_of(info, "p1"), p1_left);
	/* p2 resumes from its last saved time, the whole base when its turn began. */
	long long p2_left = left_of(info, "p2");
	assert_true(p2_left > 55000 && p2_left <= 60000);
	const json_t *running = json_object_get(json_object_get(info, "clock"), "running");
	assert_int_equal(json_array_size(running), 1);
	assert_string_equal(json_string_value(json_array_get(running, 0)), "p2");
	json_decref(info);
	th_stop();
}

/* Plays legal[0] for p2 or p3 whenever one of them is to move (p2's frames tell), until
 * until(p2's info) holds while p2 or p3 is to move (the server then does nothing). */
static void drive(th_seat *p2, th_seat *p3, bool (*until)(const json_t *table))
{
	char mv[32];
	for (int i = 0; i < 2000; i++) {
		to_move_text(p2->table, mv, sizeof mv);
		bool ours = !strcmp(mv, "p2") || !strcmp(mv, "p3");
		if (ours && until(p2->table))
			return;
		th_seat *s = !strcmp(mv, "p2") ? p2 : !strcmp(mv, "p3") ? p3 : NULL;
		if (s) {
			while (s->v != p2->v || !json_array_size(json_object_get(s->view, "legal")))
				th_seat_next(s);
			long long v = s->v;
			assert_true(play_first(s));
			while (s->v == v)
				th_seat_next(s);
		}
		if (s != p2)
			th_seat_next(p2);
	}
	fail_msg("the game did not reach what was waited for");
}

static int p1_played; /* turns the server played for the zombie p1 (see zombie_played) */

/* The server played p1's turn since drive began: p3 moved, then p2 is to move again. */
static bool zombie_played(const json_t *table)
{
	char mv[32];
	to_move_text(table, mv, sizeof mv);
	if (!strcmp(mv, "p3"))
		p1_played = 1;
	return p1_played && !strcmp(mv, "p2");
}

static bool p1_zombie(const json_t *table) { return is_zombie(table, "p1"); }

static bool p3_to_move(const json_t *table)
{
	char mv[32];
	to_move_text(table, mv, sizeof mv);
	return !strcmp(mv, "p3");
}

/* A 3-player table: p1 runs out of time and becomes a zombie the server plays; return brings
 * the person back; a second timeout and a resignation end the game with p1 below p2, who
 * stayed. */
static void test_zombie(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], tokens[3][64];
	table_of(THREE_MOVE_2S, 3, id, tokens);
	th_seat p1, p2, p3, watcher;
	th_seat_open(&p1, id, tokens[0]);
	th_seat_open(&p2, id, tokens[1]);
	th_seat_open(&p3, id, tokens[2]);
	th_seat_open(&watcher, id, NULL);
	long long v0 = p1.v;
	/* p1 does nothing: a zombie when its clock runs out, at a new version. */
	while (!is_zombie(p1.table, "p1"))
		th_seat_next(&p1);
	assert_true(p1.v > v0);
	assert_string_equal(status_of(p1.table), "playing");
	assert_true(json_is_null(json_object_get(p1.table, "result")));
	/* A zombie's clock does not run. */
	const json_t *running = json_object_get(json_object_get(p1.table, "clock"), "running");
	for (size_t i = 0; i < json_array_size(running); i++)
		assert_string_not_equal(json_string_value(json_array_get(running, i)), "p1");
	/* The server plays p1's turns while p2 and p3 play theirs. */
	p1_played = 0;
	drive(&p2, &p3, zombie_played);
	/* Only p1's own connection brings it back; then it is a person again. */
	th_seat_refused(&p2, "{\"type\": \"return\"}", "you are playing");
	th_seat_refused(&watcher, "{\"type\": \"return\"}", "spectator");
	th_seat_refused(&p1, "{\"type\": \"return\", \"v\": 3}", "unknown field 'v'");
	th_seat_send(&p1, "{\"type\": \"return\"}");
	while (is_zombie(p1.table, "p1"))
		th_seat_next(&p1);
	th_seat_refused(&p1, "{\"type\": \"return\"}", "you are playing");
	/* p1 lets its clock run out again at its next turn. */
	while (p2.v != p1.v)
		th_seat_next(&p2);
	drive(&p2, &p3, p1_zombie);
	/* p3 resigns at its turn: p2 alone is left and wins; p1 ranks below it. */
	drive(&p2, &p3, p3_to_move);
	while (p3.v != p2.v)
		th_seat_next(&p3);
	th_seat_send(&p3, "{\"type\": \"resign\", \"v\": %lld}", p3.v);
	while (strcmp(status_of(p2.table), "over"))
		th_seat_next(&p2);
	assert_int_equal(rank_of(p2.table, "p2"), 1);
	assert_true(rank_of(p2.table, "p1") > 1);
	assert_string_equal(reason_of(p2.table, "p1"), "timeout");
	assert_string_equal(reason_of(p2.table, "p3"), "resigned");
	assert_false(is_zombie(p2.table, "p1"));
	th_seat_close(&watcher);
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_seat_close(&p3);
	th_stop();
}

/* resign: a 2-player game ends at once; the frames that are wrong change nothing. */
static void test_resign_two(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], tokens[2][64];
	table_of(TWO_NONE, 2, id, tokens);
	th_seat p1, p2, watcher;
	th_seat_open(&p1, id, tokens[0]);
	th_seat_open(&p2, id, tokens[1]);
	th_seat_open(&watcher, id, NULL);
	char frame[128];
	th_seat_refused(&p2, "{\"type\": \"resign\"}", "v: expected the table's version");
	th_seat_refused(&p2, "{\"type\": \"resign\", \"v\": \"1\"}", "v: expected");
	th_seat_refused(&p2, "{\"type\": \"resign\", \"v\": 0, \"seat\": \"p2\"}", "unknown field");
	snprintf(frame, sizeof frame, "{\"type\": \"resign\", \"v\": %lld}", p2.v + 5);
	th_seat_refused(&p2, frame, "stale version");
	snprintf(frame, sizeof frame, "{\"type\": \"resign\", \"v\": %lld}", watcher.v);
	th_seat_refused(&watcher, frame, "spectator");
	/* p2 resigns while p1 is to move. */
	long long v = p2.v;
	th_seat_send(&p2, "{\"type\": \"resign\", \"v\": %lld}", p2.v);
	while (strcmp(status_of(p2.table), "over"))
		th_seat_next(&p2);
	assert_int_equal(p2.v, v + 1);
	assert_string_equal(reason_of(p2.table, "p2"), "resigned");
	assert_int_equal(rank_of(p2.table, "p1"), 1);
	snprintf(frame, sizeof frame, "{\"type\": \"resign\", \"v\": %lld}", p2.v);
	th_seat_refused(&p2, frame, "over");
	th_seat_refused(&p2, "{\"type\": \"return\"}", "over");
	th_seat_close(&watcher);
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

/* resign in a 3-player game: a zombie for good, across kill -9, and the server plays it. */
static void test_resign_three(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], tokens[3][64], path[96];
	table_of(THREE_NONE, 3, id, tokens);
	th_seat p1, p2;
	th_seat_open(&p2, id, tokens[1]);
	long long v = p2.v;
	th_seat_send(&p2, "{\"type\": \"resign\", \"v\": %lld}", p2.v);
	while (!is_zombie(p2.table, "p2"))
		th_seat_next(&p2);
	assert_int_equal(p2.v, v + 1);
	assert_string_equal(status_of(p2.table), "playing");
	char frame[128];
	snprintf(frame, sizeof frame, "{\"type\": \"resign\", \"v\": %lld}", p2.v);
	th_seat_refused(&p2, frame, "resigned already");
	th_seat_refused(&p2, "{\"type\": \"return\"}", "resignation is final");
	th_seat_close(&p2);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	info_path(id, path, sizeof path);
	json_t *info = th_http("GET", path, NULL, 200);
	assert_true(is_zombie(info, "p2"));
	assert_int_equal(json_integer_value(json_object_get(info, "v")), v + 1);
	json_decref(info);
	/* p1 plays a whole turn; the server plays p2's: p3 is to move. */
	th_seat_open(&p1, id, tokens[0]);
	char mv[32];
	for (int i = 0; i < 400; i++) {
		to_move_text(p1.table, mv, sizeof mv);
		if (!strcmp(mv, "p3"))
			break;
		if (!strcmp(mv, "p1")) {
			long long before = p1.v;
			play_first(&p1);
			while (p1.v == before)
				th_seat_next(&p1);
			continue;
		}
		th_seat_next(&p1);
	}
	assert_string_equal(mv, "p3");
	th_seat_close(&p1);
	th_stop();
}

/* Absence: away_ms grows after a disconnect; a claim is refused too early, malformed, stale,
 * from a spectator, against the wrong seat or repeated, and accepted after --away-limit. */
static void test_claim(void **state)
{
	(void)state;
	const char *const limit[] = {"--away-limit", "2", NULL};
	th_start(th_new_db(), limit);
	char id[32], tokens[2][64], path[96];
	table_of(TWO_NONE, 2, id, tokens);
	th_seat p1, p2, watcher;
	th_seat_open(&p1, id, tokens[0]);
	th_seat_open(&p2, id, tokens[1]);
	th_seat_open(&watcher, id, NULL);
	info_path(id, path, sizeof path);
	char frame[160];
	/* p2 is online, and not to move. */
	snprintf(frame, sizeof frame, "{\"type\": \"claim\", \"v\": %lld, \"seat\": \"p2\"}", p1.v);
	th_seat_refused(&p1, frame, "online");
	assert_int_equal(json_integer_value(json_object_get(seat_of(p1.table, "p2"), "away_ms")),
	                 0);
	long long v = p1.v;
	assert_true(play_first(&p1));
	while (p1.v == v)
		th_seat_next(&p1);
	char mv[32];
	to_move_text(p1.table, mv, sizeof mv);
	while (strcmp(mv, "p2")) {
		/* p1's turn may take several decisions */
		v = p1.v;
		assert_true(play_first(&p1));
		while (p1.v == v)
			th_seat_next(&p1);
		to_move_text(p1.table, mv, sizeof mv);
	}
	/* p2 leaves; it is to move. */
	double closed = th_epoch_ms();
	th_seat_close(&p2);
	while (json_is_true(json_object_get(seat_of(p1.table, "p2"), "online")))
		th_seat_next(&p1);
	/* The update that says so tells since when p2 is away and kept the game waiting, and the
	 * limit: together, when a claim is accepted (not only away_ms, which is 0 then). */
	const json_t *gone = seat_of(p1.table, "p2");
	assert_int_equal(json_integer_value(json_object_get(p1.table, "away_limit")), 2);
	double away_since = (double)json_integer_value(json_object_get(gone, "away_since"));
	double turn_since = (double)json_integer_value(json_object_get(gone, "turn_since"));
	assert_true(away_since >= closed - 1 && away_since <= th_epoch_ms());
	assert_true(turn_since > 0 && turn_since <= away_since);
	assert_true(json_is_null(json_object_get(seat_of(p1.table, "p1"), "away_since")));
	assert_true(json_is_null(json_object_get(seat_of(p1.table, "p1"), "turn_since")));
	double claim_at = (away_since > turn_since ? away_since : turn_since) + 2000;
	usleep(300 * 1000);
	json_t *info = th_http("GET", path, NULL, 200);
	long long away1 = json_integer_value(json_object_get(seat_of(info, "p2"), "away_ms"));
	json_decref(info);
	usleep(200 * 1000);
	info = th_http("GET", path, NULL, 200);
	long long away2 = json_integer_value(json_object_get(seat_of(info, "p2"), "away_ms"));
	assert_int_equal(json_integer_value(json_object_get(seat_of(info, "p1"), "away_ms")), 0);
	json_decref(info);
	assert_true(away1 >= 250 && away2 >= away1 + 150);
	/* Too early, and every wrong frame. */
	snprintf(frame, sizeof frame, "{\"type\": \"claim\", \"v\": %lld, \"seat\": \"p2\"}", p1.v);
	th_seat_refused(&p1, frame, "too early");
	th_seat_refused(&p1, "{\"type\": \"claim\", \"v\": 1}", "seat: expected the absent seat");
	th_seat_refused(&p1, "{\"type\": \"claim\", \"seat\": \"p2\"}", "v: expected");
	th_seat_refused(&p1, "{\"type\": \"claim\", \"v\": 1, \"seat\": 2}", "seat: expected");
	snprintf(frame, sizeof frame, "{\"type\": \"claim\", \"v\": %lld, \"seat\": \"p9\"}", p1.v);
	th_seat_refused(&p1, frame, "'p9' is not a seat");
	snprintf(frame, sizeof frame, "{\"type\": \"claim\", \"v\": %lld, \"seat\": \"p1\"}", p1.v);
	th_seat_refused(&p1, frame, "your own seat");
	snprintf(frame, sizeof frame, "{\"type\": \"claim\", \"v\": %lld, \"seat\": \"p2\"}",
	         p1.v - 1);
	th_seat_refused(&p1, frame, "stale version");
	snprintf(frame, sizeof frame, "{\"type\": \"claim\", \"v\": %lld, \"seat\": \"p2\"}",
	         watcher.v);
	th_seat_refused(&watcher, frame, "spectator");
	/* At the time info said: p2 times out and p1 wins. */
	double wait = claim_at - th_epoch_ms();
	if (wait > 0)
		usleep((useconds_t)(wait * 1000) + 1000);
	v = p1.v;
	th_seat_send(&p1, "{\"type\": \"claim\", \"v\": %lld, \"seat\": \"p2\"}", p1.v);
	while (strcmp(status_of(p1.table), "over"))
		th_seat_next(&p1);
	assert_int_equal(p1.v, v + 1);
	assert_string_equal(reason_of(p1.table, "p2"), "timeout");
	assert_int_equal(rank_of(p1.table, "p1"), 1);
	snprintf(frame, sizeof frame, "{\"type\": \"claim\", \"v\": %lld, \"seat\": \"p2\"}", p1.v);
	th_seat_refused(&p1, frame, "over");
	th_seat_close(&watcher);
	th_seat_close(&p1);
	/* A table with a clock takes no claim. */
	table_of("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"clock\": "
	         "{\"kind\": \"move\", \"seconds\": 600}}",
	         2, id, tokens);
	th_seat_open(&p2, id, tokens[1]);
	snprintf(frame, sizeof frame, "{\"type\": \"claim\", \"v\": %lld, \"seat\": \"p1\"}", p2.v);
	th_seat_refused(&p2, frame, "has a clock");
	th_seat_close(&p2);
	th_stop();
}

/* Reads frames until info's takeback request is null (want NULL) or waits for `want`. */
static void offer_is(th_seat *s, const char *want)
{
	for (int i = 0; i < 100; i++) {
		const json_t *o = json_object_get(s->table, "offer");
		const json_t *w = json_array_get(json_object_get(o, "waiting"), 0);
		if (want ? json_is_object(o) &&
		               json_array_size(json_object_get(o, "waiting")) == 1 &&
		               !strcmp(json_string_value(w), want)
		         : json_is_null(o))
			return;
		th_seat_next(s);
	}
	fail_msg("the offer never became %s", want ? want : "null");
}

/* With the other parts of a table between people: a resignation clears a takeback request; a
 * zombie is never asked to answer one (its decisions are the server's); a rematch keeps the
 * clock's settings. */
static void test_with_people(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], tok[3][64];
	th_create("{\"game\": \"three-arrows\", \"params\": {\"players\": 3}, \"seats\": "
	          "[\"human\", \"human\", \"human\"]}",
	          id);
	th_seat s[3];
	for (int i = 0; i < 3; i++) {
		char seat[16];
		snprintf(seat, sizeof seat, "p%d", i + 1);
		th_join(id, seat, tok[i]);
	}
	for (int i = 0; i < 3; i++)
		th_seat_open(&s[i], id, tok[i]);
	/* Each plays a turn; p1 asks to take its move back: p2 and p3 are asked. */
	for (int i = 0; i < 3; i++) {
		th_seat_wait_to_move(&s[i], i == 0 ? "p1" : i == 1 ? "p2" : "p3");
		long long v = s[i].v;
		th_seat_act(&s[i], th_seat_first(&s[i]));
		th_seat_reach(&s[i], v + 1);
	}
	th_seat_wait_to_move(&s[0], "p1");
	for (int i = 0; i < 3; i++)
		th_seat_reach(&s[i], s[0].v);
	long long v = s[0].v;
	th_seat_send(&s[0], "{\"type\": \"takeback\", \"v\": %lld}", v);
	for (int i = 0; i < 3; i++)
		while (!json_is_object(json_object_get(s[i].table, "offer")))
			th_seat_next(&s[i]);
	/* p3 resigns: it becomes a zombie and the request is gone, at a new version. */
	th_seat_send(&s[2], "{\"type\": \"resign\", \"v\": %lld}", v);
	for (int i = 0; i < 3; i++) {
		th_seat_reach(&s[i], v + 1);
		assert_true(json_is_null(json_object_get(s[i].table, "offer")));
		assert_true(is_zombie(s[i].table, "p3"));
	}
	char frame[128];
	snprintf(frame, sizeof frame, "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}",
	         s[1].v);
	th_seat_refused(&s[1], frame, "no takeback request");
	/* p1 and p2 play, the server plays p3; p1's takeback now asks p2 alone. */
	for (int i = 0; i < 2; i++) {
		th_seat_wait_to_move(&s[i], i == 0 ? "p1" : "p2");
		long long w = s[i].v;
		th_seat_act(&s[i], th_seat_first(&s[i]));
		th_seat_reach(&s[i], w + 1);
	}
	th_seat_wait_to_move(&s[0], "p1");
	th_seat_send(&s[0], "{\"type\": \"takeback\", \"v\": %lld}", s[0].v);
	offer_is(&s[0], "p2");
	offer_is(&s[1], "p2");
	snprintf(frame, sizeof frame, "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}",
	         s[0].v);
	th_seat_refused(&s[2], frame, "you resigned");
	for (int i = 0; i < 3; i++)
		th_seat_close(&s[i]);
	/* A rematch keeps the clock: both ask after a resignation. */
	char id2[32], t1[64], t2[64];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"clock\": "
	          "{\"kind\": \"fischer\", \"base\": 300, \"increment\": 7}}",
	          id2);
	th_join(id2, "p1", t1);
	th_join(id2, "p2", t2);
	th_seat a, b;
	th_seat_open(&a, id2, t1);
	th_seat_open(&b, id2, t2);
	th_seat_send(&b, "{\"type\": \"resign\", \"v\": %lld}", b.v);
	th_seat_reach(&a, b.v + 1);
	assert_string_equal(status_of(a.table), "over");
	th_seat_send(&a, "{\"type\": \"rematch\"}");
	th_seat_send(&b, "{\"type\": \"rematch\"}");
	const char *made = NULL;
	for (int i = 0; i < 100 && !made; i++) {
		made = json_string_value(
		    json_object_get(json_object_get(a.table, "rematch"), "table"));
		if (!made)
			th_seat_next(&a);
	}
	assert_non_null(made);
	json_t *info = th_info(made);
	const json_t *clock = json_object_get(info, "clock");
	assert_string_equal(json_string_value(json_object_get(clock, "kind")), "fischer");
	assert_int_equal(json_integer_value(json_object_get(clock, "base")), 300);
	assert_int_equal(json_integer_value(json_object_get(clock, "increment")), 7);
	assert_true(left_of(info, "p1") > 290000 && left_of(info, "p2") > 290000);
	json_decref(info);
	th_seat_close(&a);
	th_seat_close(&b);
	th_stop();
}

/* ---- what is taken back gains nobody time ---------------------------------------------------- */

#define PUMP_FISCHER                                                                               \
	"{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}, \"seats\": "           \
	"[\"human\", \"human\"], \"clock\": {\"kind\": \"fischer\", \"base\": 60, \"increment\": " \
	"3600}}"
#define TWO_MOVE(seconds)                                                                          \
	"{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}, \"seats\": "           \
	"[\"human\", \"human\"], \"clock\": {\"kind\": \"move\", \"seconds\": " #seconds "}}"

/* p1 acts, then takes the act back at once (p2 has not moved, so it needs nobody's answer);
 * returns p1's time left after the takeback, and the act's in *acted. */
static long long act_and_take_back(th_seat *p1, long long *acted)
{
	long long v = p1->v;
	th_seat_act(p1, th_seat_first(p1));
	th_seat_reach(p1, v + 1);
	*acted = left_of(p1->table, "p1");
	th_seat_send(p1, "{\"type\": \"takeback\", \"v\": %lld}", p1->v);
	th_seat_reach(p1, v + 2);
	return left_of(p1->table, "p1");
}

/* A takeback sets every clock back to what it held before the decision taken back: Fischer's
 * increment goes with the decision (20 acts and takebacks at 60 s + 3600 s leave p1 below 60 s,
 * never above what it had), the other seat's clock is as it was, a per-move allowance is not
 * begun again, and after kill -9 the clocks of that moment are still known. */
static void test_takeback_clocks(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], tokens[2][64];
	table_of(PUMP_FISCHER, 2, id, tokens);
	th_seat p1;
	th_seat_open(&p1, id, tokens[0]);
	long long before = left_of(p1.table, "p1"), acted;
	for (int i = 0; i < 20; i++) {
		long long after = act_and_take_back(&p1, &acted);
		assert_true(acted > 3600000); /* the act earned its increment */
		if (after > before)
			fail_msg("cycle %d: p1's clock grew from %lld to %lld ms", i, before,
			         after);
		assert_int_equal(left_of(p1.table, "p2"), 60000);
		before = after;
	}
	assert_true(before <= 60000);
	th_seat_close(&p1);

	/* Per move (10 s): p1 thinks a second, acts and takes back: its decision goes on with
	 * what it had left, not a new allowance; p2's allowance is whole. */
	table_of(TWO_MOVE(10), 2, id, tokens);
	th_seat_open(&p1, id, tokens[0]);
	usleep(1000 * 1000);
	long long after = act_and_take_back(&p1, &acted);
	print_message("per move: p1 had %lld ms at its act, %lld ms after the takeback\n", acted,
	              after);
	assert_true(after <= acted && after <= 9000);
	assert_int_equal(left_of(p1.table, "p2"), 10000);
	/* p1 acts again, the server is killed, and the takeback after the restart still sets
	 * the clocks back to before that act. */
	long long v = p1.v;
	th_seat_act(&p1, th_seat_first(&p1));
	th_seat_reach(&p1, v + 1);
	acted = left_of(p1.table, "p1");
	th_seat_close(&p1);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	th_seat_open(&p1, id, tokens[0]);
	th_seat_send(&p1, "{\"type\": \"takeback\", \"v\": %lld}", p1.v);
	th_seat_reach(&p1, v + 2);
	assert_true(left_of(p1.table, "p1") <= acted);
	assert_int_equal(left_of(p1.table, "p2"), 10000);
	th_seat_close(&p1);
	th_stop();
}

/* A takeback request answered later: the asker is charged the time from its decision to its
 * request, the seat that answers gets back the time it spent since; a takeback that would leave
 * the asker no time is refused, and changes nothing. */
static void test_takeback_charged(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], tokens[2][64];
	table_of("{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}, \"seats\": "
	         "[\"human\", \"human\"], \"clock\": {\"kind\": \"fischer\", \"base\": 60, "
	         "\"increment\": 5}}",
	         2, id, tokens);
	th_seat p1, p2;
	th_seat_open(&p1, id, tokens[0]);
	th_seat_open(&p2, id, tokens[1]);
	long long v = p1.v;
	th_seat_act(&p1, th_seat_first(&p1));
	th_seat_reach(&p1, v + 1);
	long long acted = left_of(p1.table, "p1") - 5000; /* before its increment */
	th_seat_reach(&p2, v + 1);
	th_seat_act(&p2, th_seat_first(&p2));
	th_seat_reach(&p1, v + 2);
	usleep(500 * 1000);
	th_seat_send(&p1, "{\"type\": \"takeback\", \"v\": %lld}", p1.v);
	while (!json_is_object(json_object_get(p2.table, "offer")))
		th_seat_next(&p2);
	usleep(300 * 1000); /* p2 takes its time to answer: not charged to p1 */
	th_seat_send(&p2, "{\"type\": \"answer\", \"v\": %lld, \"accept\": true}", p2.v);
	th_seat_reach(&p1, v + 3);
	long long p1_left = left_of(p1.table, "p1");
	print_message("p1 had %lld ms before its act, %lld ms after the takeback\n", acted,
	              p1_left);
	assert_true(p1_left <= acted - 500);
	assert_true(p1_left > acted - 30000);
	assert_int_equal(left_of(p1.table, "p2"), 60000);
	th_seat_close(&p1);
	th_seat_close(&p2);

	/* Per move (4 s): p1 thinks 2 s, acts with about 2 s left, and asks to take it back once
	 * more than that has passed: refused, and its clock is as it was. */
	table_of(TWO_MOVE(4), 2, id, tokens);
	th_seat_open(&p1, id, tokens[0]);
	usleep(2000 * 1000);
	v = p1.v;
	th_seat_act(&p1, th_seat_first(&p1));
	th_seat_reach(&p1, v + 1);
	long long left = left_of(p1.table, "p1");
	assert_true(left > 0 && left < 4000);
	usleep((useconds_t)(left + 300) * 1000);
	char frame[64];
	snprintf(frame, sizeof frame, "{\"type\": \"takeback\", \"v\": %lld}", p1.v);
	th_seat_refused(&p1, frame, "your clock would run out");
	json_t *info = th_info(id);
	assert_int_equal(left_of(info, "p1"), left);
	assert_int_equal(json_integer_value(json_object_get(info, "v")), v + 1);
	json_decref(info);
	th_seat_close(&p1);
	th_stop();
}

#define PARTY_CLOCK(clock)                                                                            \
	"{\"game\": \"arrow-party\", \"seats\": [\"human\", \"human\", \"human\"], \"clock\": " clock \
	"}"

/* A commitment in a step everyone chooses at once (Arrow Party's items; p3, last in seat order,
 * commits ahead of its turn): withdrawn, it changes no clock (no increment, the time since it
 * counts, a per-move allowance is not begun again); played, it earns the increment. */
static void test_commitment_clocks(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], tokens[3][64];
	table_of(PARTY_CLOCK("{\"kind\": \"fischer\", \"base\": 60, \"increment\": 30}"), 3, id,
	         tokens);
	th_seat p1, p2, p3;
	th_seat_open(&p3, id, tokens[2]);
	long long before = left_of(p3.table, "p3");
	for (int i = 0; i < 10; i++) {
		th_seat_act(&p3, "ready");
		th_seat_wait_to_move(&p3, "p1 p2");
		assert_true(left_of(p3.table, "p3") <= before); /* no increment yet */
		th_seat_send(&p3, "{\"type\": \"takeback\", \"v\": %lld}", p3.v);
		th_seat_wait_to_move(&p3, "p1 p2 p3");
		long long after = left_of(p3.table, "p3");
		if (after > before)
			fail_msg("cycle %d: p3's clock grew from %lld to %lld ms", i, before,
			         after);
		before = after;
	}
	/* Played: p3 commits, p1 and p2 choose, and the step earns p3 its increment. */
	th_seat_act(&p3, "ready");
	th_seat_wait_to_move(&p3, "p1 p2");
	th_seat_open(&p1, id, tokens[0]);
	th_seat_open(&p2, id, tokens[1]);
	long long v = p3.v;
	th_seat_act(&p1, "ready");
	th_seat_wait_to_move(&p2, "p2");
	th_seat_act(&p2, "ready");
	th_seat_reach(&p3, v + 3);
	assert_true(left_of(p3.table, "p3") > before + 25000);
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_seat_close(&p3);

	/* Per move (10 s): p3 thinks a second, commits, waits, withdraws: what it had left runs
	 * on. */
	table_of(PARTY_CLOCK("{\"kind\": \"move\", \"seconds\": 10}"), 3, id, tokens);
	th_seat_open(&p3, id, tokens[2]);
	usleep(1000 * 1000);
	th_seat_act(&p3, "ready");
	th_seat_wait_to_move(&p3, "p1 p2");
	usleep(500 * 1000);
	th_seat_send(&p3, "{\"type\": \"takeback\", \"v\": %lld}", p3.v);
	th_seat_wait_to_move(&p3, "p1 p2 p3");
	long long left = left_of(p3.table, "p3");
	print_message("per move: p3 has %lld ms after committing and withdrawing\n", left);
	assert_true(left <= 8500);
	th_seat_close(&p3);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "clocks", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_settings),          T(test_timeout_two),     T(test_timeout_unattended),
	    T(test_fischer),           T(test_kill9),           T(test_zombie),
	    T(test_resign_two),        T(test_resign_three),    T(test_claim),
	    T(test_with_people),       T(test_takeback_clocks), T(test_takeback_charged),
	    T(test_commitment_clocks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
