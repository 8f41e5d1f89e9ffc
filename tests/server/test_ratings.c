/*
 * test_ratings.c - rated tables and ratings at `quiver serve`, from the outside: a rated table
 * refused without a session, with an AI seat, without a clock, with takebacks and with a
 * "rated" that is not a bool; two accounts in two browsers playing a rated game to a
 * resignation, each seat showing its account's username and rating (1500, provisional), their
 * profiles then holding the ratings Glicko-2 gives two players at a new player's rating
 * (worked out here with rating.c) and one history entry each (the accounts settled first: a
 * game among new accounts moves no rating, test_ratings_abuse), the table's ratings (GET
 * /api/tables/ID/ratings) what the game changed; an unrated and an aborted rated table changing
 * nothing; the leaderboard's refusals and its provisional players on a second list; the ratings
 * across kill -9; an account's deletion taking its ratings; "rated" kept by a table that plays
 * across kill -9 and by its rematch; one account at both seats rating nobody; a second game 100
 * days later, the deviations widened first; a settled rating on the leaderboard; three
 * accounts' game of Arrow Party rated by Weng-Lin, and among three new accounts counted without
 * moving μ or σ.
 *
 * Usage: test_ratings PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"
#include "server/base/rating.h"

/* Browser b gets a player key, then signs up as name, from a client address of its own (two
 * accounts made from one address within a day rate no game together: store/ratings.h). */
static void sign_up(th_browser *b, const char *name)
{
	char source[32];
	snprintf(source, sizeof source, "127.0.31.%d",
	         2 + (int)(strlen(name) * 31 + name[0]) % 250);
	tc_set_source(source);
	tc_reply r;
	th_browser_ask(b, "GET", "/api/games", NULL, 200, &r);
	tc_reply_free(&r);
	char body[128];
	snprintf(body, sizeof body, "{\"username\": \"%s\", \"password\": \"correct horse\"}",
	         name);
	th_browser_ask(b, "POST", "/api/accounts", body, 201, &r);
	tc_reply_free(&r);
	tc_set_source(NULL);
}

#define CLOCK "\"clock\": {\"kind\": \"move\", \"seconds\": 60}"
#define RATED                                                                                      \
	"{\"game\": \"three-arrows\", \"seats\": [\"invite\", \"human\"], \"rated\": true, "       \
	"\"takebacks\": false, " CLOCK "}"
#define UNRATED "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], " CLOCK "}"

/* Browser a creates a table from body; a joins p1 and b p2; both seats opened. */
static void table_of(th_browser *a, th_browser *b, const char *body, char id[32], th_seat *p1,
                     th_seat *p2)
{
	tc_reply r;
	th_browser_ask(a, "POST", "/api/tables", body, 201, &r);
	snprintf(id, 32, "%s", json_string_value(json_object_get(r.json, "id")));
	const json_t *invites = json_object_get(r.json, "invites");
	char code[128] = "";
	if (json_array_size(invites) > 0)
		snprintf(code, sizeof code, "%s",
		         json_string_value(json_object_get(json_array_get(invites, 0), "code")));
	tc_reply_free(&r);
	char path[96], join[256], t1[64], t2[64];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	if (code[0])
		snprintf(join, sizeof join,
		         "{\"seat\": \"p1\", \"name\": \"A\", \"invite\": \"%s\"}", code);
	else
		snprintf(join, sizeof join, "{\"seat\": \"p1\", \"name\": \"A\"}");
	th_browser_ask(a, "POST", path, join, 200, &r);
	snprintf(t1, sizeof t1, "%s", json_string_value(json_object_get(r.json, "token")));
	tc_reply_free(&r);
	th_browser_ask(b, "POST", path, "{\"seat\": \"p2\", \"name\": \"B\"}", 200, &r);
	snprintf(t2, sizeof t2, "%s", json_string_value(json_object_get(r.json, "token")));
	tc_reply_free(&r);
	th_seat_open(p1, id, t1);
	th_seat_open(p2, id, t2);
}

/* Each seat moves twice, p1 first; then p2 resigns and both hear the end. */
static void play_then_resign(th_seat *p1, th_seat *p2)
{
	th_seat *all[] = {p1, p2};
	for (int i = 0; i < 2; i++) {
		th_seat_wait_to_move(p1, "p1");
		th_seat_play_first(p1, all, 2);
		th_seat_wait_to_move(p2, "p2");
		th_seat_play_first(p2, all, 2);
	}
	th_seat_send(p2, "{\"type\": \"resign\", \"v\": %lld}", p2->v);
	for (int i = 0; i < 2; i++)
		while (strcmp(json_string_value(json_object_get(all[i]->table, "status")), "over"))
			th_seat_next(all[i]);
}

/* The same, and both seats closed. */
static void play_to_resign(th_seat *p1, th_seat *p2)
{
	play_then_resign(p1, p2);
	th_seat_close(p1);
	th_seat_close(p2);
}

/* The accounts names (n) settled in game's games of `players` players (th_settle: 10 rated
 * games at a new player's rating, made two days ago), the server restarted on db. */
static void settle(const char *db, const char *game, int players, const char *const *names, int n)
{
	th_stop();
	for (int i = 0; i < n; i++)
		th_settle(db, names[i], game, players);
	th_start(db, NULL);
}

/* A new database (its path into db) and a server on it, with two accounts signed up and
 * settled in three-arrows for 2: Ann in browser a, Bob in browser b. */
static void start_two(char db[128], th_browser *a, th_browser *b)
{
	snprintf(db, 128, "%s", th_new_db());
	th_start(db, NULL);
	sign_up(a, "Ann");
	sign_up(b, "Bob");
	static const char *const two[] = {"Ann", "Bob"};
	settle(db, "three-arrows", 2, two, 2);
}

/* GET /api/players/name (200). */
static json_t *profile(const char *name)
{
	char path[96];
	snprintf(path, sizeof path, "/api/players/%s", name);
	return th_http("GET", path, NULL, 200);
}

/* Asserts name's one rating of three-arrows for 2 (r, its RD and games) and its history's
 * length. */
static void rated_as(const char *name, const qv__glicko2 *g, int games, size_t history)
{
	json_t *p = profile(name);
	assert_string_equal(json_string_value(json_object_get(p, "username")), name);
	const json_t *ratings = json_object_get(p, "ratings");
	assert_int_equal(json_array_size(ratings), 1);
	const json_t *r = json_array_get(ratings, 0);
	assert_string_equal(json_string_value(json_object_get(r, "game")), "three-arrows");
	assert_int_equal(json_integer_value(json_object_get(r, "players")), 2);
	assert_int_equal(json_integer_value(json_object_get(r, "rating")), lround(g->rating));
	assert_int_equal(json_integer_value(json_object_get(r, "deviation")), lround(g->deviation));
	assert_true(json_is_true(json_object_get(r, "provisional")));
	assert_int_equal(json_integer_value(json_object_get(r, "games")), games);
	assert_int_equal(json_array_size(json_object_get(p, "history")), history);
	const json_t *h = json_array_get(json_object_get(p, "history"), 0);
	assert_int_equal(json_integer_value(json_object_get(h, "rating")), lround(g->rating));
	assert_true(json_array_size(json_object_get(p, "recent")) >= 1);
	json_decref(p);
}

static void test_refusals(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser nobody = {0}, a = {0};
	th_browser_refused(&nobody, "POST", "/api/tables", RATED, 401, "rated: sign in");
	sign_up(&a, "Ann");
	th_browser_refused(
	    &a, "POST", "/api/tables",
	    "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"], \"rated\": true, "
	    "\"takebacks\": false, " CLOCK "}",
	    400, "rated: a rated table has people's seats only");
	th_browser_refused(
	    &a, "POST", "/api/tables",
	    "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"rated\": true, "
	    "\"takebacks\": false}",
	    400, "rated: a rated table needs a clock");
	th_browser_refused(
	    &a, "POST", "/api/tables",
	    "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"rated\": true, " CLOCK
	    "}",
	    400, "rated: a rated table needs \"takebacks\": false");
	th_browser_refused(
	    &a, "POST", "/api/tables",
	    "{\"game\": \"three-arrows\", \"rated\": \"yes\", \"takebacks\": false, " CLOCK "}",
	    400, "rated: expected true");
	tc_reply r;
	th_browser_ask(&a, "POST", "/api/tables", RATED, 201, &r);
	assert_true(json_is_true(json_object_get(r.json, "rated")));
	tc_reply_free(&r);
	th_browser_ask(&a, "POST", "/api/tables", UNRATED, 201, &r);
	assert_true(json_is_false(json_object_get(r.json, "rated")));
	tc_reply_free(&r);
	/* the leaderboard's refusals, and nobody on it */
	th_refused("GET", "/api/leaderboard/three-arrows", NULL, 400, "players: expected");
	th_refused("GET", "/api/leaderboard/three-arrows?players=x", NULL, 400,
	           "players: expected");
	th_refused("GET", "/api/leaderboard/three-arrows?players=9", NULL, 400,
	           "players: expected");
	th_refused("GET", "/api/leaderboard/nothing?players=2", NULL, 404, "no game");
	th_refused("GET", "/api/players/nobody", NULL, 404, "no player 'nobody'");
	json_t *board = th_http("GET", "/api/leaderboard/three-arrows?players=2", NULL, 200);
	assert_string_equal(json_string_value(json_object_get(board, "game")), "three-arrows");
	assert_int_equal(json_integer_value(json_object_get(board, "players")), 2);
	assert_int_equal(json_array_size(json_object_get(board, "leaders")), 0);
	assert_int_equal(json_array_size(json_object_get(board, "provisional")), 0);
	json_decref(board);
	json_t *p = profile("ann");
	assert_string_equal(json_string_value(json_object_get(p, "username")), "Ann");
	assert_int_equal(json_array_size(json_object_get(p, "ratings")), 0);
	json_decref(p);
	th_stop();
}

static void test_rated_game(void **state)
{
	(void)state;
	char db[128];
	th_browser a = {0}, b = {0};
	start_two(db, &a, &b);
	char id[32];
	th_seat p1, p2;
	table_of(&a, &b, RATED, id, &p1, &p2);
	/* at the table: each account plays under its username, its rating beside it */
	json_t *info = th_info(id);
	static const char *const who[] = {"Ann", "Bob"};
	for (size_t i = 0; i < 2; i++) {
		const json_t *seat = json_array_get(json_object_get(info, "seats"), i);
		assert_string_equal(json_string_value(json_object_get(seat, "username")), who[i]);
		assert_string_equal(json_string_value(json_object_get(seat, "name")), who[i]);
		assert_int_equal(json_integer_value(json_object_get(seat, "rating")), 1500);
		assert_true(json_is_true(json_object_get(seat, "provisional")));
	}
	assert_true(json_is_true(json_object_get(info, "rated")));
	json_decref(info);
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ratings", id);
	json_t *none = th_http("GET", path, NULL, 200);
	assert_int_equal(json_array_size(json_object_get(none, "ratings")), 0); /* not over */
	json_decref(none);
	play_to_resign(&p1, &p2);
	qv__glicko2 win = qv__glicko2_new(), loss = qv__glicko2_new();
	assert_int_equal(qv__glicko2_game(&win, &loss, 1, QV__GLICKO2_TAU, NULL), QV_OK);
	rated_as("Ann", &win, 11, 1);
	rated_as("Bob", &loss, 11, 1);
	/* what the game did to each rating, by username */
	json_t *changes = th_http("GET", path, NULL, 200);
	const json_t *list = json_object_get(changes, "ratings");
	assert_int_equal(json_array_size(list), 2);
	const qv__glicko2 *after[] = {&win, &loss};
	for (size_t i = 0; i < 2; i++) {
		const json_t *e = json_array_get(list, i);
		assert_string_equal(json_string_value(json_object_get(e, "username")), who[i]);
		assert_int_equal(json_integer_value(json_object_get(e, "before")), 1500);
		assert_int_equal(json_integer_value(json_object_get(e, "after")),
		                 lround(after[i]->rating));
		assert_int_equal(json_integer_value(json_object_get(e, "change")),
		                 lround(after[i]->rating) - 1500);
	}
	json_decref(changes);
	json_t *p = profile("Ann");
	json_t *recent = json_array_get(json_object_get(p, "recent"), 0);
	assert_string_equal(json_string_value(json_object_get(recent, "id")), id);
	assert_true(json_is_true(json_object_get(recent, "rated")));
	json_decref(p);
	/* an unrated table changes nothing, and being private it is not named on the profile */
	table_of(&a, &b, UNRATED, id, &p1, &p2);
	play_to_resign(&p1, &p2);
	rated_as("Ann", &win, 11, 1);
	p = profile("Ann");
	const json_t *seen;
	size_t k;
	json_array_foreach(json_object_get(p, "recent"), k, seen)
	    assert_string_not_equal(json_string_value(json_object_get(seen, "id")), id);
	json_decref(p);
	/* nor does an aborted rated one */
	table_of(&a, &b, RATED, id, &p1, &p2);
	th_seat *all[] = {&p1, &p2};
	th_seat_wait_to_move(&p1, "p1");
	th_seat_play_first(&p1, all, 2);
	th_seat_send(&p2, "{\"type\": \"abort\", \"v\": %lld}", p2.v);
	while (strcmp(json_string_value(json_object_get(p1.table, "status")), "over"))
		th_seat_next(&p1);
	th_seat_close(&p1);
	th_seat_close(&p2);
	rated_as("Ann", &win, 11, 1);
	rated_as("Bob", &loss, 11, 1);
	/* provisional players are on the leaderboard's second list only, best first */
	json_t *board = th_http("GET", "/api/leaderboard/three-arrows?players=2", NULL, 200);
	assert_int_equal(json_array_size(json_object_get(board, "leaders")), 0);
	json_t *unsettled = json_object_get(board, "provisional");
	assert_int_equal(json_array_size(unsettled), 2);
	assert_string_equal(
	    json_string_value(json_object_get(json_array_get(unsettled, 0), "username")), "Ann");
	assert_string_equal(
	    json_string_value(json_object_get(json_array_get(unsettled, 1), "username")), "Bob");
	assert_true(
	    json_integer_value(json_object_get(json_array_get(unsettled, 1), "deviation")) >= 110);
	json_decref(board);
	/* kill -9 keeps them */
	tc_server_stop(&th_server, SIGKILL);
	th_start(db, NULL);
	rated_as("Ann", &win, 11, 1);
	rated_as("Bob", &loss, 11, 1);
	/* the account's deletion takes its ratings */
	tc_reply r;
	th_browser_ask(&a, "DELETE", "/api/account", "{\"password\": \"correct horse\"}", 204, &r);
	tc_reply_free(&r);
	th_refused("GET", "/api/players/Ann", NULL, 404, "no player");
	th_browser again = {0};
	sign_up(&again, "Ann");
	p = profile("Ann");
	assert_int_equal(json_array_size(json_object_get(p, "ratings")), 0);
	assert_int_equal(json_array_size(json_object_get(p, "history")), 0);
	json_decref(p);
	rated_as("Bob", &loss, 11, 1);
	th_stop();
}

/* name's one rating: its rating, deviation and games, and its history's length. */
static void rating_is(const char *name, const qv__glicko2 *g, int games, size_t history)
{
	json_t *p = profile(name);
	const json_t *r = json_array_get(json_object_get(p, "ratings"), 0);
	assert_int_equal(json_integer_value(json_object_get(r, "rating")), lround(g->rating));
	assert_int_equal(json_integer_value(json_object_get(r, "deviation")), lround(g->deviation));
	assert_int_equal(json_integer_value(json_object_get(r, "games")), games);
	assert_int_equal(json_array_size(json_object_get(p, "history")), history);
	json_decref(p);
}

/* A rated table keeps "rated" across kill -9 while it plays, and its rematch is rated too; a
 * game where one account held both seats rates nobody. */
static void test_rated_kept_and_alone(void **state)
{
	(void)state;
	char db[128];
	th_browser a = {0}, b = {0};
	start_two(db, &a, &b);
	char id[32];
	th_seat p1, p2;
	table_of(&a, &b, RATED, id, &p1, &p2);
	th_seat_close(&p1);
	th_seat_close(&p2);
	tc_server_stop(&th_server, SIGKILL);
	th_start(db, NULL);
	json_t *info = th_info(id);
	assert_true(json_is_true(json_object_get(info, "rated")));
	/* the seats' usernames and ratings kept too */
	const json_t *first = json_array_get(json_object_get(info, "seats"), 0);
	assert_string_equal(json_string_value(json_object_get(first, "username")), "Ann");
	assert_int_equal(json_integer_value(json_object_get(first, "rating")), 1500);
	json_decref(info);
	/* one account at both seats: the game ends, nobody is rated (Ann's rating as settled) */
	table_of(&a, &a, RATED, id, &p1, &p2);
	play_to_resign(&p1, &p2);
	qv__glicko2 fresh = qv__glicko2_new();
	rating_is("Ann", &fresh, 10, 0);
	/* the rematch of a rated table is rated */
	table_of(&a, &b, RATED, id, &p1, &p2);
	play_then_resign(&p1, &p2);
	th_seat_send(&p1, "{\"type\": \"rematch\"}");
	th_seat_send(&p2, "{\"type\": \"rematch\"}");
	const char *next = NULL;
	for (int i = 0; i < 50 && !next; i++) {
		th_seat_read(&p1);
		next = json_string_value(
		    json_object_get(json_object_get(p1.table, "rematch"), "table"));
	}
	assert_non_null(next);
	info = th_info(next);
	assert_true(json_is_true(json_object_get(info, "rated")));
	/* its seats are the same accounts', under their usernames, with their ratings now (after
	 * the game just played: the winner above 1500, the loser below) */
	for (size_t i = 0; i < 2; i++) {
		const json_t *seat = json_array_get(json_object_get(info, "seats"), i);
		const char *user = json_string_value(json_object_get(seat, "username"));
		assert_non_null(user);
		json_int_t r = json_integer_value(json_object_get(seat, "rating"));
		if (strcmp(user, "Ann") == 0 ? r <= 1500 : r >= 1500)
			fail_msg("the rematch's seat of %s shows %lld", user, (long long)r);
	}
	json_decref(info);
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

/* A second rated game 100 days after the first: each deviation is widened for the days away
 * first (as lichess does), then the game is rated. A settled rating of the last 30 days is on
 * the leaderboard. */
static void test_widening_and_board(void **state)
{
	(void)state;
	char db[128];
	th_browser a = {0}, b = {0};
	start_two(db, &a, &b);
	char id[32];
	th_seat p1, p2;
	table_of(&a, &b, RATED, id, &p1, &p2);
	play_to_resign(&p1, &p2);
	th_stop();
	th_sql(db, "UPDATE ratings SET updated = updated - 100 * 86400");
	th_start(db, NULL);
	table_of(&a, &b, RATED, id, &p1, &p2);
	play_to_resign(&p1, &p2);
	qv__glicko2 win = qv__glicko2_new(), loss = qv__glicko2_new();
	assert_int_equal(qv__glicko2_game(&win, &loss, 1, QV__GLICKO2_TAU, NULL), QV_OK);
	assert_int_equal(qv__glicko2_widen(&win, 100 * QV__GLICKO2_PERIODS_PER_DAY, NULL), QV_OK);
	assert_int_equal(qv__glicko2_widen(&loss, 100 * QV__GLICKO2_PERIODS_PER_DAY, NULL), QV_OK);
	assert_int_equal(qv__glicko2_game(&win, &loss, 1, QV__GLICKO2_TAU, NULL), QV_OK);
	rating_is("Ann", &win, 12, 2);
	rating_is("Bob", &loss, 12, 2);
	/* Ann's rating settled (its deviation under 110): on the leaderboard, alone */
	th_stop();
	th_sql(db,
	       "UPDATE ratings SET deviation = 60 WHERE account = (SELECT id FROM accounts WHERE "
	       "username = 'Ann')");
	th_start(db, NULL);
	json_t *board = th_http("GET", "/api/leaderboard/three-arrows?players=2", NULL, 200);
	const json_t *leaders = json_object_get(board, "leaders");
	assert_int_equal(json_array_size(leaders), 1);
	const json_t *first = json_array_get(leaders, 0);
	assert_string_equal(json_string_value(json_object_get(first, "username")), "Ann");
	assert_int_equal(json_integer_value(json_object_get(first, "rating")), lround(win.rating));
	assert_int_equal(json_integer_value(json_object_get(first, "games")), 12);
	json_decref(board);
	th_stop();
}

/* A rated table of Arrow Party for Ann, Bob and Cy (browsers who): each decides once (the
 * items step, chosen by all at once), then Cy resigns and Bob after him; the ranks of the
 * result into rank, and the table's id into id. */
static void play_three(th_browser *const who[3], int rank[3], char id[32])
{
	tc_reply r;
	th_browser_ask(who[0], "POST", "/api/tables",
	               "{\"game\": \"arrow-party\", \"seats\": [\"human\", \"human\", "
	               "\"human\"], \"rated\": true, \"takebacks\": false, " CLOCK "}",
	               201, &r);
	char path[96], tokens[3][64];
	snprintf(id, 32, "%s", json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	th_seat seat[3];
	for (int i = 0; i < 3; i++) {
		char body[64];
		snprintf(body, sizeof body, "{\"seat\": \"p%d\"}", i + 1);
		th_browser_ask(who[i], "POST", path, body, 200, &r);
		snprintf(tokens[i], 64, "%s", json_string_value(json_object_get(r.json, "token")));
		tc_reply_free(&r);
	}
	for (int i = 0; i < 3; i++)
		th_seat_open(&seat[i], id, tokens[i]);
	th_seat_wait_to_move(&seat[0], "p1 p2 p3");
	long long v = seat[0].v;
	for (int i = 0; i < 3; i++) {
		th_seat_wait_to_move(&seat[i], i == 0 ? "p1 p2 p3" : i == 1 ? "p2 p3" : "p3");
		th_seat_act(&seat[i], "ready");
	}
	th_seat_reach(&seat[2], v + 3);
	th_seat_send(&seat[2], "{\"type\": \"resign\", \"v\": %lld}", seat[2].v);
	th_seat_reach(&seat[1], seat[2].v + 1);
	th_seat_send(&seat[1], "{\"type\": \"resign\", \"v\": %lld}", seat[1].v);
	while (strcmp(json_string_value(json_object_get(seat[0].table, "status")), "over"))
		th_seat_next(&seat[0]);
	const json_t *result = json_object_get(seat[0].table, "result");
	assert_int_equal(json_array_size(result), 3);
	for (int i = 0; i < 3; i++)
		rank[i] = (int)json_integer_value(
		    json_object_get(json_array_get(result, (size_t)i), "rank"));
	for (int i = 0; i < 3; i++)
		th_seat_close(&seat[i]);
}

/* Asserts name's rating of Arrow Party for 3: Weng-Lin's w shown on the 1500 scale, and games. */
static void party_rated_as(const char *name, const qv__wl *w, int games)
{
	json_t *p = profile(name);
	const json_t *got = json_array_get(json_object_get(p, "ratings"), 0);
	assert_string_equal(json_string_value(json_object_get(got, "game")), "arrow-party");
	assert_int_equal(json_integer_value(json_object_get(got, "players")), 3);
	assert_int_equal(json_integer_value(json_object_get(got, "rating")),
	                 lround(qv__wl_display(w)));
	assert_int_equal(json_integer_value(json_object_get(got, "deviation")),
	                 lround(w->sigma * QV__WL_DISPLAY_SCALE));
	assert_int_equal(json_integer_value(json_object_get(got, "games")), games);
	json_decref(p);
}

static const char *const three[] = {"Ann", "Bob", "Cy"};

/* Three settled accounts at a rated table of Arrow Party (play_three). Each account's Weng-Lin
 * rating is the update of the ranks the result gives (a leaver ranks last), shown on the 1500
 * scale. */
static void test_three_players(void **state)
{
	(void)state;
	char db[128], id[32];
	th_browser a = {0}, b = {0}, c = {0};
	start_two(db, &a, &b);
	sign_up(&c, "Cy");
	settle(db, "arrow-party", 3, three, 3);
	th_browser *const who[] = {&a, &b, &c};
	int rank[3];
	play_three(who, rank, id);
	assert_int_equal(rank[0], 1);
	assert_true(rank[1] > 1 && rank[2] > 1); /* both who left are behind */
	qv__wl w[3] = {qv__wl_new(), qv__wl_new(), qv__wl_new()};
	assert_int_equal(qv__wl_update(w, rank, 3, QV__WL_TAU, w, NULL), QV_OK);
	for (int i = 0; i < 3; i++)
		party_rated_as(three[i], &w[i], 11);
	/* the winner's display rose, the last's fell */
	assert_true(qv__wl_display(&w[0]) > 1500);
	th_stop();
}

/* The same game among three new accounts: counted (one game each), no μ or σ moved, and the
 * table's info says so. */
static void test_three_new_players(void **state)
{
	(void)state;
	char db[128], id[32];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_browser a = {0}, b = {0}, c = {0};
	th_browser *const who[] = {&a, &b, &c};
	for (int i = 0; i < 3; i++)
		sign_up(who[i], three[i]);
	int rank[3];
	play_three(who, rank, id);
	assert_int_equal(rank[0], 1);
	qv__wl fresh = qv__wl_new();
	for (int i = 0; i < 3; i++)
		party_rated_as(three[i], &fresh, 1);
	json_t *info = th_info(id);
	const char *why = json_string_value(json_object_get(info, "unrated"));
	assert_non_null(why);
	assert_non_null(strstr(why, "not rated: every account here is new"));
	json_decref(info);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "ratings", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_refusals),           T(test_rated_game),    T(test_rated_kept_and_alone),
	    T(test_widening_and_board), T(test_three_players), T(test_three_new_players)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
