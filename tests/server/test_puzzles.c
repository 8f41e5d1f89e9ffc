/*
 * test_puzzles.c - puzzles from reviewed games at `quiver serve` (issue 67, item 3), from the
 * outside: a finished game of greedy against random reviewed, its blunders looked at for
 * puzzles (GET /api/tables/ID/puzzles: looking, then done); a puzzle shown as its mover saw the
 * position (its view equal to the engine's view of that seat before the decision, worked out
 * from the game's record) and without its answer or what follows from it; an attempt with a
 * move that is not the position's refused (400); an account's first attempt rated (a wrong move
 * lowers its puzzle rating, the puzzle's plays counted), its second judged and not rated; another
 * account solving it raised; a guest judged, never rated; GET /api/puzzles with the account's
 * rating and a puzzle it has not tried; an attempt whose last write the database refused
 * keeps nothing, and made again is rated once. Run against PostgreSQL too (tests/cluster,
 * pg_run.sh).
 *
 * Usage: test_puzzles PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"
#include "quiver/match.h"

/* A public table of Evons, greedy against random, played to its end on the server: its id
 * (Evons: most such games have a blunder with one answer, THREE ARROWS' few; a private table's
 * game makes no puzzle: hostile/puzzle_privacy). */
static void finished_table(char id[32])
{
	th_create("{\"game\": \"evons\", \"seats\": [\"greedy\", \"random\"], \"private\": false}",
	          id);
	th_wait_over(id);
}

/* Table id reviewed and looked at for puzzles: the list once done (the caller frees). */
static json_t *puzzles_of(const char *id)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/review", id);
	json_decref(th_http("POST", path, "{}", 202));
	json_t *list = th_wait_looked(id, "puzzles");
	assert_true(json_integer_value(json_object_get(list, "looked")) ==
	            json_integer_value(json_object_get(list, "candidates")));
	return list;
}

/* The engine's view of seat `seat` before the decision of step `step` of table id's record. */
static json_t *view_from_record(const char *id, int step, int seat)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/record", id);
	json_t *record = th_http("GET", path, NULL, 200);
	qv_match *m;
	qv_err err;
	assert_int_equal(qv_match_load_json(&m, record, &err), QV_OK);
	json_decref(record);
	while (m->nhist > step - 1)
		assert_int_equal(qv_match_undo(m, &err), QV_OK);
	json_t *view = qv_match_view_json(m, seat);
	qv_match_free(m);
	return view;
}

/* Browser b's attempt at puzzle id with action: the answer (200). */
static json_t *attempt(th_browser *b, const char *id, const char *action)
{
	char path[96], body[320];
	snprintf(path, sizeof path, "/api/puzzles/%s/attempt", id);
	snprintf(body, sizeof body, "{\"action\": \"%s\"}", action);
	tc_reply r;
	th_browser_ask(b, "POST", path, body, 200, &r);
	json_t *j = json_incref(r.json);
	tc_reply_free(&r);
	return j;
}

static long long number(const json_t *o, const char *a, const char *b)
{
	return json_integer_value(json_object_get(b ? json_object_get(o, a) : o, b ? b : a));
}

/* The count of account name's rows in table (puzzle_attempts, puzzle_ratings). */
static long long rows_of(const char *db, const char *table, const char *name)
{
	char sql[192];
	snprintf(sql, sizeof sql,
	         "SELECT count(*) FROM %s WHERE account = (SELECT id FROM accounts WHERE "
	         "username = '%s')",
	         table, name);
	return th_sql_number(db, sql);
}

/* The database refusing to write puzzles' ratings (a trigger), or writing them again. */
static void refusing(const char *db, bool on)
{
	bool pg = strchr(db, '=') != NULL;
	if (on && pg)
		th_sql(db, "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
		           "RAISE EXCEPTION 'refused'; END $$; CREATE TRIGGER refuse BEFORE UPDATE "
		           "ON puzzles FOR EACH ROW EXECUTE FUNCTION refuse()");
	else if (on)
		th_sql(db, "CREATE TRIGGER refuse BEFORE UPDATE ON puzzles BEGIN SELECT "
		           "RAISE(ABORT, 'refused'); END");
	else
		th_sql(db, pg ? "DROP TRIGGER refuse ON puzzles" : "DROP TRIGGER refuse");
}

/* An attempt is one transaction: the puzzle's rating refused by the database (the last of its
 * writes), the attempt is answered 503 and nothing of it is kept (neither the attempt nor the
 * account's rating), so that made again it is still the first, rated once. */
static void refused_then_rated(const char *db, const char *id, const char *answer)
{
	th_browser eve = {0};
	th_browser_account(&eve, "Eve", false);
	char path[96], body[320];
	snprintf(path, sizeof path, "/api/puzzles/%s/attempt", id);
	snprintf(body, sizeof body, "{\"action\": \"%s\"}", answer);
	refusing(db, true);
	th_browser_refused(&eve, "POST", path, body, 503, "try again");
	refusing(db, false);
	assert_int_equal(rows_of(db, "puzzle_attempts", "Eve"), 0);
	assert_int_equal(rows_of(db, "puzzle_ratings", "Eve"), 0);
	json_t *e1 = attempt(&eve, id, answer);
	assert_true(json_is_true(json_object_get(e1, "rated")));
	assert_int_equal(number(e1, "rating", "before"), 1500);
	assert_true(number(e1, "rating", "change") > 0);
	json_decref(e1);
	assert_int_equal(rows_of(db, "puzzle_attempts", "Eve"), 1);
	assert_int_equal(th_sql_number(db, "SELECT games FROM puzzle_ratings WHERE account = "
	                                   "(SELECT id FROM accounts WHERE username = 'Eve')"),
	                 1);
	snprintf(path, sizeof path, "/api/puzzles/%s", id);
	json_t *after = th_http("GET", path, NULL, 200);
	assert_int_equal(number(after, "plays", NULL), 3); /* Bob's, Cy's and Eve's */
	json_decref(after);
}

static void test_puzzles(void **state)
{
	(void)state;
	const char *extra[] = {"--review-iterations", "400", NULL};
	const char *db = th_new_db();
	th_start(db, extra);
	/* games until one gives a puzzle (random's blunders: most games give some) */
	char table[32];
	json_t *list = NULL;
	for (int k = 0; k < 8; k++) {
		finished_table(table);
		list = puzzles_of(table);
		if (json_array_size(json_object_get(list, "puzzles")))
			break;
		json_decref(list);
		list = NULL;
	}
	assert_non_null(list);
	json_t *first = json_array_get(json_object_get(list, "puzzles"), 0);
	char id[40];
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(first, "id")));
	json_decref(list);

	/* shown as its mover saw it, without the answer */
	char path[96];
	snprintf(path, sizeof path, "/api/puzzles/%s", id);
	json_t *p = th_http("GET", path, NULL, 200);
	const char *hidden[] = {"answer", "played", "note", "line", "runner_up", "value"};
	for (size_t i = 0; i < sizeof hidden / sizeof hidden[0]; i++)
		assert_null(json_object_get(p, hidden[i]));
	int seat = json_string_value(json_object_get(p, "seat"))[1] - '1';
	json_t *engine = view_from_record(table, (int)number(p, "step", NULL), seat);
	assert_true(json_equal(engine, json_object_get(p, "view")));
	json_decref(engine);
	json_t *legal = json_object_get(json_object_get(p, "view"), "legal");
	assert_true(json_array_size(legal) >= 2);

	th_browser ann = {0}, bob = {0}, cy = {0}, guest = {0};
	th_browser_account(&ann, "Ann", false);
	th_browser_account(&bob, "Bob", false);
	th_browser_account(&cy, "Cy", false);
	/* a move that is not the position's, a bad body */
	snprintf(path, sizeof path, "/api/puzzles/%s/attempt", id);
	th_browser_refused(&ann, "POST", path, "{\"action\": \"dance\"}", 400,
	                   "is not one of this position's moves");
	th_browser_refused(&ann, "POST", path, "{\"move\": \"x\"}", 400, "move");
	/* a guest is judged and never rated; the answer comes with the verdict */
	json_t *g = attempt(&guest, id, json_string_value(json_array_get(legal, 0)));
	assert_false(json_is_true(json_object_get(g, "rated")));
	assert_true(json_is_null(json_object_get(g, "rating")));
	char answer[256], wrong[256] = "";
	snprintf(answer, sizeof answer, "%s", json_string_value(json_object_get(g, "answer")));
	json_decref(g);
	for (size_t i = 0; i < json_array_size(legal) && !wrong[0]; i++)
		if (strcmp(json_string_value(json_array_get(legal, i)), answer) != 0)
			snprintf(wrong, sizeof wrong, "%s",
			         json_string_value(json_array_get(legal, i)));
	/* Bob fails once: rated, lower; then solves it: judged, not rated again */
	json_t *b1 = attempt(&bob, id, wrong);
	assert_false(json_is_true(json_object_get(b1, "correct")));
	assert_true(json_is_true(json_object_get(b1, "rated")));
	assert_true(number(b1, "rating", "change") < 0);
	assert_int_equal(number(b1, "rating", "before"), 1500);
	json_t *b2 = attempt(&bob, id, answer);
	assert_true(json_is_true(json_object_get(b2, "correct")));
	assert_false(json_is_true(json_object_get(b2, "rated")));
	/* Cy solves it at once: higher; the puzzle played twice (Bob's and Cy's first attempts) */
	json_t *c1 = attempt(&cy, id, answer);
	assert_true(json_is_true(json_object_get(c1, "correct")));
	assert_true(number(c1, "rating", "change") > 0);
	assert_non_null(json_object_get(c1, "note"));
	assert_true(json_is_array(json_object_get(c1, "line")));
	snprintf(path, sizeof path, "/api/puzzles/%s", id);
	json_t *after = th_http("GET", path, NULL, 200);
	assert_int_equal(number(after, "plays", NULL), 2);
	assert_int_equal(number(after, "solved", NULL), 1);
	json_decref(after);
	/* Bob's rating, and the next puzzle he has not tried (none left but the others') */
	tc_reply r;
	th_browser_ask(&bob, "GET", "/api/puzzles?game=evons", NULL, 200, &r);
	assert_int_equal(number(r.json, "rating", "games"), 1);
	assert_int_equal(number(r.json, "rating", "rating"), number(b1, "rating", "after"));
	const char *next = json_string_value(json_object_get(r.json, "next"));
	assert_true(!next || strcmp(next, id) != 0);
	tc_reply_free(&r);
	th_browser_refused(&bob, "GET", "/api/puzzles?game=chess", NULL, 400, "no game 'chess'");
	th_browser_ask(&guest, "GET", "/api/puzzles", NULL, 200, &r);
	assert_true(json_is_null(json_object_get(r.json, "rating")));
	tc_reply_free(&r);
	/* an account before its first try: a new player's 1500 */
	th_browser dee = {0};
	th_browser_account(&dee, "Dee", false);
	th_browser_ask(&dee, "GET", "/api/puzzles", NULL, 200, &r);
	assert_int_equal(number(r.json, "rating", "rating"), 1500);
	assert_int_equal(number(r.json, "rating", "games"), 0);
	assert_non_null(json_string_value(json_object_get(r.json, "next")));
	tc_reply_free(&r);
	json_decref(b1);
	json_decref(b2);
	json_decref(c1);
	json_decref(p);
	th_refused("GET", "/api/puzzles/0123456789abcdef", NULL, 404, "no puzzle");
	refused_then_rated(db, id, answer);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "puzzles", 900))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_puzzles)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
