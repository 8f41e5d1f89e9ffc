/*
 * test_puzzle_privacy.c - a private table's id never shown by its puzzles. A private table's id
 * is its key (players/follows.h), and anyone who had it could ask for its finished game's
 * review, whose puzzles were then offered to every visitor (GET /api/puzzles), each naming its
 * table (GET /api/puzzles/ID's "table").
 *
 * - A private game reviewed makes no puzzle: its puzzles are "none" once a public game reviewed
 *   after it is done, and no puzzle answer holds the private table's id.
 * - A puzzle of a private table already in the database (as the server made them before) is
 *   none: not counted, not offered as the next, not shown (404), not attempted (404), not
 *   listed with its table.
 *
 * Usage: test_puzzle_privacy PATH-TO-QUIVER.
 */
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

/* A table of Evons, greedy against random (private or not), played to its end: its id. */
static void finished_table(bool private_, char id[32])
{
	char body[128];
	snprintf(body, sizeof body,
	         "{\"game\": \"evons\", \"seats\": [\"greedy\", \"random\"], \"private\": %s}",
	         private_ ? "true" : "false");
	th_create(body, id);
	th_wait_over(id);
}

/* GET path's answer (status `status`), which must not hold `secret`; its JSON (the caller
 * frees). */
static json_t *clean(const char *path, int status, const char *secret)
{
	json_t *j = th_http("GET", path, NULL, status);
	char *text = json_dumps(j, JSON_COMPACT);
	assert_non_null(text);
	if (strstr(text, secret))
		fail_msg("GET %s shows the private table's id: %s", path, text);
	free(text);
	return j;
}

/* What a visitor is offered (GET /api/puzzles, and the next puzzle shown): its count. */
static long long offered(const char *secret)
{
	json_t *all = clean("/api/puzzles", 200, secret);
	json_decref(clean("/api/puzzles?game=evons", 200, secret));
	const char *next = json_string_value(json_object_get(all, "next"));
	if (next) {
		char path[96];
		snprintf(path, sizeof path, "/api/puzzles/%s", next);
		json_decref(clean(path, 200, secret));
	}
	long long count = json_integer_value(json_object_get(all, "count"));
	json_decref(all);
	return count;
}

static void test_private_puzzles(void **state)
{
	(void)state;
	static const char *const extra[] = {"--review-iterations", "200", NULL};
	char db[128], priv[32], pub[32], path[96];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, extra);
	finished_table(true, priv);
	finished_table(false, pub);
	/* the private game reviewed (anyone with its id may), then a public one after it */
	snprintf(path, sizeof path, "/api/tables/%s/review", priv);
	json_decref(th_http("POST", path, "{}", 202));
	json_decref(th_wait_looked(priv, "review"));
	snprintf(path, sizeof path, "/api/tables/%s/review", pub);
	json_decref(th_http("POST", path, "{}", 202));
	json_decref(th_wait_looked(pub, "puzzles"));
	snprintf(path, sizeof path, "/api/tables/%s/puzzles", pub);
	/* the private game's puzzles were never looked for */
	snprintf(path, sizeof path, "/api/tables/%s/puzzles", priv);
	json_t *mine = th_http("GET", path, NULL, 200);
	assert_string_equal(json_string_value(json_object_get(mine, "status")), "none");
	assert_int_equal(json_array_size(json_object_get(mine, "puzzles")), 0);
	json_decref(mine);
	long long before = offered(priv);
	assert_int_equal(before, th_sql_number(db, "SELECT count(*) FROM puzzles"));
	th_stop();

	/* a puzzle of the private table, as the server made them before, the one a guest's next
	 * would be (rated 1500, the oldest) */
	char sql[512];
	snprintf(sql, sizeof sql,
	         "INSERT INTO puzzles (id, table_id, step, game, body, themes, rating, deviation, "
	         "volatility, plays, solved, created) VALUES ('0123456789abcdef', '%s', 3, "
	         "'evons', '{\"table\": \"%s\", \"game\": \"evons\", \"step\": 3, \"seat\": "
	         "\"p1\", \"answer\": \"x\", \"view\": {\"legal\": [\"x\", \"y\"]}}', '', 1500, "
	         "350, 0.06, 0, 0, 0)",
	         priv, priv);
	th_sql(db, sql);
	th_start(db, extra);
	assert_int_equal(offered(priv), before);
	json_decref(clean("/api/puzzles/0123456789abcdef", 404, priv));
	th_refused("POST", "/api/puzzles/0123456789abcdef/attempt", "{\"action\": \"x\"}", 404,
	           "no puzzle");
	mine = clean(path, 200, "0123456789abcdef");
	assert_int_equal(json_array_size(json_object_get(mine, "puzzles")), 0);
	json_decref(mine);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "puzzle_privacy", 850))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_private_puzzles)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
