/*
 * serve_faults.c - whole games through `quiver_faults serve` (the server whose database refuses
 * the writes it is told to: storefault.h, through the file QV_STORE_FAULTS names) while the
 * database keeps refusing commits: every third act of a person, and the server's own steps
 * after a person's move at a table with an AI seat. A refused act is answered with an error
 * that says it was not done, and the players' pages hear nothing of it; the person sends it
 * again. At the end the server is stopped and started again, so that the record is the one the
 * database holds, and every view and log line each seat received is checked against it
 * (viewer.h): every acknowledged move is stored, once, in order, and nothing a page was told is
 * missing from the database. On SQLite, and on PostgreSQL under pg_run.sh (QV_TEST_PG=1).
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"
#include "viewer.h"

static char orders[128];

/* Tells the server to refuse its next `count` commits. */
static void refuse_next(int count)
{
	FILE *f = fopen(orders, "w");
	assert_non_null(f);
	fprintf(f, "%s %d\n", th_pg() ? "lost-before" : "busy", count);
	fclose(f);
}

/* The viewer whose seat may act now, or NULL. */
static tv_viewer *mover(tv_viewer *vs, int n)
{
	for (int i = 0; i < n; i++)
		if (vs[i].seat >= 0 && json_array_size(json_object_get(vs[i].view, "legal")) > 0)
			return &vs[i];
	return NULL;
}

/* Sends seat w's first legal action, and again after each refusal, until the update of its
 * act comes; returns how many times the database refused it. */
static int act(tv_viewer *w, bool refuse)
{
	char action[256];
	snprintf(action, sizeof action, "%s",
	         json_string_value(json_array_get(json_object_get(w->view, "legal"), 0)));
	int refused = 0;
	long long before = w->v;
	if (refuse)
		refuse_next(1);
	for (int tries = 0; w->v == before; tries++) {
		assert_true(tries < 20);
		tv_sendf(w, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", w->v, action);
		const char *type;
		while ((type = tv_receive(w, true)) && strcmp(type, "error") && w->v == before)
			;
		assert_non_null(type);
		if (!strcmp(type, "error")) {
			const json_t *last =
			    json_array_get(w->frames, json_array_size(w->frames) - 1);
			json_t *f = json_loads(json_string_value(last), 0, NULL);
			const char *msg = json_string_value(json_object_get(f, "message"));
			if (!msg || !strstr(msg, "was not done"))
				fail_msg("refused otherwise than by the database: %s",
				         msg ? msg : "?");
			json_decref(f);
			refused++;
		}
	}
	return refused;
}

/* Plays table id between its viewers to the end, refusing every third act of a person (and,
 * at a table with an AI seat, the server's next commit after each act); returns the refusals
 * the players saw. */
static int play(tv_viewer *vs, int n, bool ai, const char *id)
{
	int acts = 0, refused = 0;
	for (int k = 0; k < 2000 && strcmp(tv_status(&vs[0]), "over"); k++) {
		tv_viewer *w = mover(vs, n);
		if (!w) {
			if (!tv_receive(&vs[0], false)) {
				json_t *now = th_info(id);
				char *info = json_dumps(now, JSON_COMPACT);
				fail_msg(
				    "nobody may act at v %lld (last viewer at %lld, to move %s), "
				    "and nothing comes: %.300s",
				    vs[0].v, vs[n - 1].v,
				    json_string_value(json_object_get(vs[n - 1].view, "to_move")),
				    info);
			}
			tv_catch_up(vs, n); /* the others hear of what the first heard */
			continue;
		}
		refused += act(w, ++acts % 3 == 0);
		if (ai && acts % 2 == 0)
			refuse_next(1); /* the server's own next step, made again a second later */
		tv_catch_up(vs, n);
	}
	assert_string_equal(tv_status(&vs[0]), "over");
	return refused;
}

static void one_game(const char *db, const char *game, const char *second)
{
	char body[256], id[32], tokens[2][64];
	snprintf(body, sizeof body, "{\"game\": \"%s\", \"seats\": [\"human\", \"%s\"]}", game,
	         second);
	bool ai = strcmp(second, "human") != 0;
	th_create(body, id);
	int n = ai ? 1 : 2;
	tv_viewer vs[2];
	for (int i = 0; i < n; i++) {
		char seat[16];
		snprintf(seat, sizeof seat, "p%d", i + 1);
		th_join(id, seat, tokens[i]);
	}
	for (int i = 0; i < n; i++)
		tv_open(&vs[i], id, i, tokens[i]);
	int refused = play(vs, n, ai, id);
	printf("%s against %s: %d acts refused by the database and made again\n", game, second,
	       refused);
	assert_true(refused > 0);
	/* The record as the database holds it: the server started again (refusing nothing)
	 * reads it from there. */
	fclose(fopen(orders, "w"));
	th_stop();
	th_start(db, NULL);
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/record", id);
	json_t *record = th_http("GET", path, NULL, 200);
	tv_check_against_record(vs, n, record, ai ? 1u : 3u);
	json_decref(record);
	for (int i = 0; i < n; i++)
		tv_close(&vs[i]);
}

static void test_games(void **state)
{
	(void)state;
	static const char *const games[][2] = {{"three-arrows", "human"},
	                                       {"concardia", "human"},
	                                       {"evons", "human"},
	                                       {"three-arrows", "random"},
	                                       {"evons", "random"}};
	const char *db = th_new_db();
	for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
		th_start(db, NULL);
		one_game(db, games[i][0], games[i][1]);
		th_stop();
	}
}

int main(int argc, char **argv)
{
	int rc = th_init(argc, argv, "servefaults", 1400);
	if (rc)
		return rc;
	snprintf(orders, sizeof orders, "%s/orders", th_tmpdir);
	setenv("QV_STORE_FAULTS", orders, 1);
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_games, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
