/*
 * test_ratings_abuse.c - ratings laundered or farmed (issue 52, the second audit's findings 4
 * and 6):
 *
 * - Laundering: a losing player signs in to a throwaway account in the same browser and
 *   resigns. The seat was taken by the main account, so the main account takes the loss and
 *   the throwaway none (before: the result went to whatever account the browser's key was
 *   linked to at the end).
 * - Farming from one address: two accounts made from one client address within a day play a
 *   rated game; it is played to its end but rates nobody, and the table's info says why
 *   (before: 14 sock accounts took a rating from 1741 to 2226).
 * - Told at the start (issue 67): two friends who signed up at one address hear that their
 *   rated game will not be rated, and why, as the second seat is taken, before the first move
 *   (its frames and its info), and still after a restart (before: only at the end).
 * - Farming one pair: two accounts from different addresses play 4 rated games in a row; 3 are
 *   rated, the 4th is played but not rated, and says why from its start.
 * - Farming with new accounts (issue 65, the third audit's finding 5: a farmer went from 1741
 *   to 2198 in 12 games against fresh accounts made at other addresses, each resigning after
 *   one move): an account older than a day with 20 rated games beats 3 accounts made just
 *   now at other addresses; its rating and its count of games stay as they were, the new
 *   accounts' ratings move, and each table's info says why.
 * - Farming by a new account (the same finding: a farmer made just now went from 1741 to
 *   2198 against socks as new as itself): a new account beats 10 accounts made just now at
 *   other addresses; each game counts (every account's count of rated games grows by one)
 *   but moves no rating, and each table's info says why. Aged a day, with its 10 games the
 *   farmer is settled: its game with another settled account moves both ratings.
 * - Farming from one browser: two accounts made at different addresses in one browser (one
 *   player key) play a rated game; it rates nobody, and says why.
 *
 * Usage: test_ratings_abuse PATH-TO-QUIVER.
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

/* th_browser_ask, its reply dropped. */
static void ask(th_browser *b, const char *method, const char *path, const char *body, int status)
{
	tc_reply r;
	th_browser_ask(b, method, path, body, status, &r);
	tc_reply_free(&r);
}

/* The new socks a new farmer beats (as many as make an account settled: store/ratings.h). */
#define NEW_SOCKS 10

#define RATED                                                                                      \
	"{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"rated\": true, "        \
	"\"takebacks\": false, \"clock\": {\"kind\": \"move\", \"seconds\": 60}}"

/* Browser b (its key fetched) signs up as name from client address source. */
static void sign_up(th_browser *b, const char *name, const char *source)
{
	tc_set_source(source);
	th_browser_key(b);
	char body[128];
	snprintf(body, sizeof body, "{\"username\": \"%s\", \"password\": \"arrows fly far\"}",
	         name);
	ask(b, "POST", "/api/accounts", body, 201);
	tc_set_source(NULL);
}

/* a makes a rated table and takes p1, b takes p2; both seats opened; the id into id. */
static void rated_table(th_browser *a, th_browser *b, char id[32], th_seat *p1, th_seat *p2)
{
	tc_reply r;
	th_browser_ask(a, "POST", "/api/tables", RATED, 201, &r);
	snprintf(id, 32, "%s", json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
	char t1[64], t2[64];
	th_browser_join(a, id, "{\"seat\": \"p1\"}", t1);
	th_browser_join(b, id, "{\"seat\": \"p2\"}", t2);
	th_seat_open(p1, id, t1);
	th_seat_open(p2, id, t2);
}

/* A decision each, then `resigner` resigns; both hear the end; the seats closed. */
static void decide_then_resign(th_seat *p1, th_seat *p2, th_seat *resigner)
{
	th_seat *all[] = {p1, p2};
	th_seat_wait_to_move(p1, "p1");
	th_seat_play_first(p1, all, 2);
	th_seat_wait_to_move(p2, "p2");
	th_seat_play_first(p2, all, 2);
	th_seat_send(resigner, "{\"type\": \"resign\", \"v\": %lld}", resigner->v);
	for (int i = 0; i < 2; i++)
		while (strcmp(json_string_value(json_object_get(all[i]->table, "status")), "over"))
			th_seat_next(all[i]);
	th_seat_close(p1);
	th_seat_close(p2);
}

/* The number of rated games of three-arrows for 2 on name's profile (0: no rating). */
static int rated_games(const char *name)
{
	char path[96];
	snprintf(path, sizeof path, "/api/players/%s", name);
	json_t *p = th_http("GET", path, NULL, 200);
	json_t *list = json_object_get(p, "ratings");
	int games = json_array_size(list) == 1
	                ? (int)json_integer_value(json_object_get(json_array_get(list, 0), "games"))
	                : 0;
	json_decref(p);
	return games;
}

static void test_laundering(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser mainb = {0}, opp = {0}, alt = {0};
	sign_up(&mainb, "Mainer", "127.0.40.2");
	sign_up(&alt, "Throwaway", "127.0.40.3");
	sign_up(&opp, "Opponent", "127.0.40.4");
	char id[32];
	th_seat p1, p2;
	rated_table(&mainb, &opp, id, &p1, &p2);
	/* the same browser signs in to the throwaway, then its seat resigns */
	ask(&mainb, "POST", "/api/session",
	    "{\"username\": \"Throwaway\", \"password\": \"arrows fly far\"}", 200);
	decide_then_resign(&p1, &p2, &p1);
	print_message("Mainer %d, Throwaway %d, Opponent %d rated games\n", rated_games("Mainer"),
	              rated_games("Throwaway"), rated_games("Opponent"));
	assert_int_equal(rated_games("Mainer"), 1);
	assert_int_equal(rated_games("Throwaway"), 0);
	assert_int_equal(rated_games("Opponent"), 1);
	th_stop();
}

/* The info of a finished table: its "unrated" holds words. */
static void unrated_says(const char *id, const char *words)
{
	json_t *info = th_info(id);
	const char *why = json_string_value(json_object_get(info, "unrated"));
	print_message("table %s: %s\n", id, why ? why : "(rated)");
	assert_non_null(why);
	assert_non_null(strstr(why, words));
	json_decref(info);
}

static void test_farm_one_address(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser farmer = {0}, sock = {0};
	sign_up(&farmer, "Farmer", "127.0.41.2");
	sign_up(&sock, "Sock", "127.0.41.2");
	char id[32];
	th_seat p1, p2;
	rated_table(&farmer, &sock, id, &p1, &p2);
	decide_then_resign(&p1, &p2, &p2);
	unrated_says(id, "made from one address within a day");
	assert_int_equal(rated_games("Farmer"), 0);
	assert_int_equal(rated_games("Sock"), 0);
	th_stop();
}

/* The seat's latest table info (or, with seat NULL, the table's GET info) says why the game
 * will not be rated: its "unrated" holds words. */
static void told(const th_seat *seat, const char *id, const char *words)
{
	json_t *info = seat ? json_incref(seat->table) : th_info(id);
	const char *why = json_string_value(json_object_get(info, "unrated"));
	print_message("table %s before a move (%s): %s\n", id, seat ? "frame" : "info",
	              why ? why : "(rated)");
	assert_non_null(why);
	assert_non_null(strstr(why, words));
	assert_true(json_is_true(json_object_get(info, "rated")));
	json_decref(info);
}

/* Two friends who signed up at one address are told that their rated game will not be rated,
 * and why, as the second seat is taken: p1, seated first and waiting, hears it in the update
 * of the join, p2 in its snapshot, anyone in the info; still after a restart, before the first
 * move (before: only at the end). */
static void test_farm_told_at_start(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_browser farmer = {0}, sock = {0};
	sign_up(&farmer, "Friendone", "127.0.51.2");
	sign_up(&sock, "Friendtwo", "127.0.51.2");
	tc_reply r;
	th_browser_ask(&farmer, "POST", "/api/tables", RATED, 201, &r);
	char id[32], t1[64], t2[64];
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
	th_browser_join(&farmer, id, "{\"seat\": \"p1\"}", t1);
	th_seat p1, p2;
	th_seat_open(&p1, id, t1);
	assert_null(json_object_get(p1.table, "unrated")); /* nobody to rate with yet */
	th_browser_join(&sock, id, "{\"seat\": \"p2\"}", t2);
	while (strcmp(json_string_value(json_object_get(p1.table, "status")), "playing"))
		th_seat_next(&p1);
	told(&p1, id, "made from one address within a day");
	th_seat_open(&p2, id, t2);
	told(&p2, id, "made from one address within a day");
	told(NULL, id, "made from one address within a day");
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
	th_start(db, NULL);
	told(NULL, id, "made from one address within a day");
	th_stop();
}

static void test_farm_one_pair(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser a = {0}, b = {0};
	sign_up(&a, "Pairone", "127.0.42.2");
	sign_up(&b, "Pairtwo", "127.0.42.3");
	char id[32];
	for (int game = 0; game < 4; game++) {
		th_seat p1, p2;
		rated_table(&a, &b, id, &p1, &p2);
		if (game == 3) /* the 4th says so from its start */
			told(&p1, id, "3 rated games together in the last day");
		decide_then_resign(&p1, &p2, &p2);
	}
	unrated_says(id, "3 rated games together in the last day");
	assert_int_equal(rated_games("Pairone"), 3);
	assert_int_equal(rated_games("Pairtwo"), 3);
	th_stop();
}

/* A sock account, name, made now from 127.0.octet.9, sits at p2 of the farmer's rated table
 * (its id into id) and resigns after a decision each. */
static void beat_new_sock(th_browser *farmer, const char *name, int octet, char id[32])
{
	th_browser sock = {0};
	char addr[32];
	snprintf(addr, sizeof addr, "127.0.%d.9", octet);
	sign_up(&sock, name, addr);
	th_seat p1, p2;
	rated_table(farmer, &sock, id, &p1, &p2);
	decide_then_resign(&p1, &p2, &p2);
}

/* name's rating of three-arrows for 2 as its profile shows it (-1: none). */
static double rating_of(const char *name)
{
	char path[96];
	snprintf(path, sizeof path, "/api/players/%s", name);
	json_t *p = th_http("GET", path, NULL, 200);
	json_t *list = json_object_get(p, "ratings");
	double r = json_array_size(list) == 1
	               ? json_number_value(json_object_get(json_array_get(list, 0), "rating"))
	               : -1;
	json_decref(p);
	return r;
}

static void test_farm_new_accounts(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_browser farmer = {0};
	sign_up(&farmer, "Farmer", "127.0.43.2");
	th_stop();
	/* the farmer: an account of two days with 20 rated games, at 1741 */
	th_sql(db, "UPDATE accounts SET created = created - 172800 WHERE username = 'Farmer'");
	th_sql(db, "INSERT INTO ratings (account, game, players, rating, deviation, volatility, "
	           "games, updated) SELECT id, 'three-arrows', 2, 1741, 60, 0.06, 20, created "
	           "FROM accounts WHERE username = 'Farmer'");
	th_start(db, NULL);
	double before = rating_of("Farmer");
	for (int k = 0; k < 3; k++) {
		char name[16], id[32];
		snprintf(name, sizeof name, "Sock%d", k);
		beat_new_sock(&farmer, name, 44 + k, id);
		unrated_says(
		    id, "rated for the new accounts only: the ratings at p1 stay as they were");
		assert_int_equal(rated_games(name), 1);
		assert_true(rating_of(name) < 1500);
	}
	print_message("the farmer: %.1f before, %.1f after 3 wins against new accounts\n", before,
	              rating_of("Farmer"));
	assert_true(before > 1740 && before < 1742);
	assert_true(rating_of("Farmer") == before);
	assert_int_equal(rated_games("Farmer"), 20);
	th_stop();
}

/* The length of name's rating history (three-arrows for 2 only). */
static size_t history_of(const char *name)
{
	char path[96];
	snprintf(path, sizeof path, "/api/players/%s", name);
	json_t *p = th_http("GET", path, NULL, 200);
	size_t n = json_array_size(json_object_get(p, "history"));
	json_decref(p);
	return n;
}

/* GET /api/tables/id/ratings: both accounts, each changed by 0. */
static void unchanged_at(const char *id)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ratings", id);
	json_t *t = th_http("GET", path, NULL, 200);
	const json_t *list = json_object_get(t, "ratings");
	assert_int_equal(json_array_size(list), 2);
	for (size_t i = 0; i < 2; i++) {
		const json_t *e = json_array_get(list, i);
		assert_int_equal(json_integer_value(json_object_get(e, "before")), 1500);
		assert_int_equal(json_integer_value(json_object_get(e, "change")), 0);
	}
	json_decref(t);
}

/* A new farmer's wins against 10 new socks made at other addresses: counted, nobody moved. */
static void farm_new_socks(th_browser *farmer)
{
	for (int k = 0; k < NEW_SOCKS; k++) {
		char name[24], id[32];
		snprintf(name, sizeof name, "Newsock%d", k);
		beat_new_sock(farmer, name, 60 + k, id);
		unrated_says(id, "every account here is new");
		unrated_says(id, "the game counts toward the 10, the ratings stay as they were");
		unchanged_at(id);
		print_message("game %d: the farmer at %.1f, %d games\n", k + 1,
		              rating_of("Newfarmer"), rated_games("Newfarmer"));
		assert_true(rating_of("Newfarmer") == 1500);
		assert_int_equal(rated_games("Newfarmer"), k + 1);
		assert_int_equal(history_of("Newfarmer"), k + 1);
		assert_true(rating_of(name) == 1500);
		assert_int_equal(rated_games(name), 1);
	}
}

static void test_farm_by_new_account(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_browser farmer = {0}, rival = {0};
	sign_up(&farmer, "Newfarmer", "127.0.50.2");
	sign_up(&rival, "Rival", "127.0.50.3");
	farm_new_socks(&farmer);
	th_stop();
	/* a day later the farmer, with its 10 games, is settled; so is Rival */
	th_sql(db, "UPDATE accounts SET created = created - 172800 WHERE username = 'Newfarmer'");
	th_settle(db, "Rival", "three-arrows", 2);
	th_start(db, NULL);
	char id[32];
	th_seat p1, p2;
	rated_table(&farmer, &rival, id, &p1, &p2);
	decide_then_resign(&p1, &p2, &p2);
	json_t *info = th_info(id);
	assert_null(json_object_get(info, "unrated"));
	json_decref(info);
	print_message("settled: the farmer at %.1f, Rival at %.1f\n", rating_of("Newfarmer"),
	              rating_of("Rival"));
	assert_true(rating_of("Newfarmer") > 1500);
	assert_true(rating_of("Rival") < 1500);
	assert_int_equal(rated_games("Newfarmer"), NEW_SOCKS + 1);
	assert_int_equal(rated_games("Rival"), 11);
	th_stop();
}

static void test_farm_one_browser(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser one = {0}, two = {0};
	sign_up(&one, "Firstname", "127.0.48.2");
	memcpy(two.key, one.key, sizeof two.key); /* the same browser's key */
	sign_up(&two, "Secondname", "127.0.49.2");
	char id[32];
	th_seat p1, p2;
	rated_table(&one, &two, id, &p1, &p2);
	decide_then_resign(&p1, &p2, &p2);
	unrated_says(id, "were used from one browser");
	assert_int_equal(rated_games("Firstname"), 0);
	assert_int_equal(rated_games("Secondname"), 0);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "ratings_abuse", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_laundering),         T(test_farm_one_address),
	                                   T(test_farm_told_at_start), T(test_farm_one_pair),
	                                   T(test_farm_new_accounts),  T(test_farm_by_new_account),
	                                   T(test_farm_one_browser)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
