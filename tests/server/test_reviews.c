/*
 * test_reviews.c - the computer's review of a finished table at `quiver serve`, from the
 * outside (docs/server/api.md, "Reviews"): refused before the end of the game (409), for no table
 * (404), with a body of fields (400), by another method (405 naming GET and POST); asked for
 * once over, queued (202), its progress seen (some decisions done, not all), then made: every
 * decision of the record, each player's accuracy; asked for again, given at once (200) and
 * byte for byte the same, not made again; and the per-address limit: reviews being made and
 * tables with AI seats count together against --address-ai-tables (429 naming it), and a review
 * may be asked for again once one is made.
 *
 * Usage: test_reviews PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
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

/* Sleeps ms milliseconds between two looks at a condition. */
static void nap(int ms)
{
	struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

/* A finished table: two random seats play THREE ARROWS to its end on the server, dealt again
 * (up to 20 times) until its record has 10 actions or more: both first pieces may point off
 * the board, and such a game ends after 2 decisions (4 games in 400), too short to see a
 * review's progress between its start and its end. */
static void finished_table(char id[32])
{
	for (int deal = 0; deal < 20; deal++) {
		th_create("{\"game\": \"three-arrows\", \"seats\": [\"random\", \"random\"]}", id);
		for (int waited = 0;; waited += 20) {
			json_t *info = th_info(id);
			bool over =
			    strcmp(json_string_value(json_object_get(info, "status")), "over") == 0;
			json_decref(info);
			if (over)
				break;
			if (waited > TH_WAIT_MS)
				fail_msg("table %s did not finish", id);
			nap(20);
		}
		char path[96];
		snprintf(path, sizeof path, "/api/tables/%s/record", id);
		json_t *record = th_http("GET", path, NULL, 200);
		size_t n = json_array_size(json_object_get(record, "actions"));
		json_decref(record);
		if (n >= 10)
			return;
	}
	fail_msg("20 games of random against random had fewer than 10 actions each");
}

/* The review's path of table id. */
static const char *review_path(const char *id)
{
	static char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/review", id);
	return path;
}

/* A request for id's review that must answer `status`, its body text into *text (malloc'ed)
 * when text is not NULL; returns the parsed body. */
static json_t *ask(const char *method, const char *id, int status, char **text)
{
	tc_reply r;
	tc_http(th_server.port, method, review_path(id), strcmp(method, "POST") ? NULL : "{}",
	        strcmp(method, "POST") ? 0 : 2, &r);
	if (r.status != status)
		fail_msg("%s %s: %d, not %d: %s", method, review_path(id), r.status, status,
		         r.body ? r.body : "");
	if (text)
		*text = strdup(r.body ? r.body : "");
	json_t *j = json_incref(r.json);
	tc_reply_free(&r);
	return j;
}

static const char *status_of(const json_t *j)
{
	return json_string_value(json_object_get(j, "status"));
}

/* GET id's review: its answer and status (200 made or failed, 202 being made). */
static json_t *look(const char *id, int *status)
{
	tc_reply r;
	tc_http(th_server.port, "GET", review_path(id), NULL, 0, &r);
	json_t *j = json_incref(r.json);
	*status = r.status;
	tc_reply_free(&r);
	return j;
}

/* Waits until id's review is made; returns its answer (200). *between is set when a look saw
 * it partly made (0 < done < total), and the progress never goes back. */
static json_t *wait_made(const char *id, bool *between)
{
	long last = 0;
	for (int waited = 0; waited <= TH_WAIT_MS; waited += 5) {
		int st;
		json_t *j = look(id, &st);
		long done = (long)json_integer_value(json_object_get(j, "done"));
		long total = (long)json_integer_value(json_object_get(j, "total"));
		assert_true(done >= last && done <= total);
		last = done;
		if (between && done > 0 && done < total)
			*between = true;
		if (st == 200 && strcmp(status_of(j), "done") == 0)
			return j;
		assert_int_equal(st, 202);
		assert_true(strcmp(status_of(j), "queued") == 0 ||
		            strcmp(status_of(j), "running") == 0);
		json_decref(j);
		nap(5);
	}
	fail_msg("the review of %s was not made", id);
	return NULL;
}

/* Refusals, then a review asked for, followed while it is made, and given again from what was
 * kept. */
static void test_review(void **state)
{
	(void)state;
	const char *extra[] = {"--threads", "1", "--review-iterations", "200", NULL};
	th_start(th_new_db(), extra);
	char id[32], open_id[32];
	/* before the end: a table whose seats nobody took */
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", open_id);
	th_refused("POST", review_path(open_id), "{}", 409, "no review before the end of the game");
	json_t *none = th_http("GET", review_path(open_id), NULL, 200);
	assert_string_equal(json_string_value(json_object_get(none, "status")), "none");
	json_decref(none);
	th_refused("POST", review_path("0123456789abcdef"), "{}", 404, "no table");
	finished_table(id);
	th_refused("POST", review_path(id), "{\"seed\": 3}", 400, "unknown field 'seed'");
	th_refused("POST", review_path(id), "[1]", 400, NULL);
	tc_reply r;
	tc_http(th_server.port, "PUT", review_path(id), NULL, 0, &r);
	char allow[64] = "";
	assert_int_equal(r.status, 405);
	assert_true(tc_header(&r, "Allow", allow, sizeof allow));
	tc_reply_free(&r);
	assert_non_null(strstr(allow, "GET"));
	assert_non_null(strstr(allow, "POST"));
	/* asked for: queued, nothing done yet */
	json_t *j = ask("POST", id, 202, NULL);
	assert_string_equal(status_of(j), "queued");
	assert_int_equal(json_integer_value(json_object_get(j, "done")), 0);
	long total = (long)json_integer_value(json_object_get(j, "total"));
	assert_true(total > 2);
	assert_string_equal(json_string_value(json_object_get(j, "table")), id);
	json_decref(j);
	/* asked for again meanwhile: the same review, not a second one */
	j = ask("POST", id, 202, NULL);
	json_decref(j);
	bool between = false;
	j = wait_made(id, &between);
	assert_true(between);
	json_t *review = json_object_get(j, "review");
	assert_int_equal(json_integer_value(json_object_get(review, "total")), total);
	assert_int_equal(json_array_size(json_object_get(review, "decisions")), (size_t)total);
	json_t *seats = json_object_get(review, "seats");
	assert_int_equal(json_array_size(seats), 2);
	for (size_t i = 0; i < 2; i++) {
		double acc = json_real_value(json_object_get(json_array_get(seats, i), "accuracy"));
		assert_true(acc >= 0 && acc <= 100);
	}
	assert_int_equal(
	    json_integer_value(json_object_get(json_object_get(review, "config"), "iterations")),
	    200);
	json_decref(j);
	/* kept: given at once, the same bytes, to GET and POST */
	char *got, *again;
	json_decref(ask("GET", id, 200, &got));
	json_t *k = ask("POST", id, 200, &again);
	assert_string_equal(status_of(k), "done");
	assert_string_equal(got, again);
	free(got);
	free(again);
	json_decref(k);
	th_stop();
}

/* A finished game of two decisions: two people at THREE ARROWS, a placement each, then p2
 * resigns. Its review is two searches, so that a test sees it made within seconds even with
 * large searches. */
static void short_game(char id[32])
{
	char t1[64], t2[64];
	th_seat p1, p2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id, t1, t2,
	             &p1, &p2);
	th_seat *all[] = {&p1, &p2};
	th_seat_wait_to_move(&p1, "p1");
	th_seat_play_first(&p1, all, 2);
	th_seat_wait_to_move(&p2, "p2");
	th_seat_play_first(&p2, all, 2);
	th_seat_send(&p2, "{\"type\": \"resign\", \"v\": %lld}", p2.v);
	while (strcmp(json_string_value(json_object_get(p1.table, "status")), "over"))
		th_seat_next(&p1);
	th_seat_close(&p1);
	th_seat_close(&p2);
}

/* --address-ai-tables 1, and searches large enough that a review of two decisions is still
 * being made when the next request comes: a review being made fills the address's place (a
 * second review and a table with an AI seat are 429 naming the option), its place is free once
 * it is made, a table with an AI seat fills it in turn, and a review made is given again
 * whatever the limit. */
static void test_limits(void **state)
{
	(void)state;
	/* under the sanitizers a search is ten times slower: a fifth of the budget still lasts
	 * seconds, where the requests below take milliseconds */
#ifdef __SANITIZE_ADDRESS__
	const char *iterations = "4000";
#else
	const char *iterations = "20000";
#endif
	const char *extra[] = {"--threads", "1", "--address-ai-tables", "1", "--review-iterations",
	                       iterations,  NULL};
	th_start(th_new_db(), extra);
	char x[32], y[32], z[32], ai[32];
	const char *with_ai = "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"easy\"]}";
	short_game(x);
	short_game(y);
	short_game(z);
	json_decref(ask("POST", x, 202, NULL));
	th_refused("POST", review_path(y), "{}", 429, "--address-ai-tables");
	th_refused("POST", "/api/tables", with_ai, 429, "--address-ai-tables");
	json_decref(wait_made(x, NULL));
	json_decref(ask("POST", y, 202, NULL));
	th_refused("POST", "/api/tables", with_ai, 429, "--address-ai-tables");
	json_decref(wait_made(y, NULL));
	/* a table with an AI seat (waiting for its person) takes the place now */
	th_create(with_ai, ai);
	th_refused("POST", review_path(z), "{}", 429, "--address-ai-tables");
	/* a review made is given again, whatever the limit */
	json_t *k = ask("POST", x, 200, NULL);
	assert_string_equal(status_of(k), "done");
	json_decref(k);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "reviews", 1400))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_review), T(test_limits)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
