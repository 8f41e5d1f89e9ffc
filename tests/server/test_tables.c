/*
 * test_tables.c - the limits of `quiver serve` on tables and their storage (docs/server.md,
 * "Limits"), each against the binary on a temporary database on 127.0.0.1:
 * - a table whose AI search was under way when the process died twice, each time the only
 *   work in flight, is stopped at start-up and says so in its info, never searched again (a
 *   crash loop); one death is retried; a death while a request was in flight, while another
 *   table's step was under way too, or with no flight record at all counts against nobody;
 * - waiting tables expire, while the server runs and across a restart;
 * - a table that plays without a running clock, with nobody connected and nothing happening
 *   for --idle-limit, ends as abandoned (no result; its record replays), also by its stored
 *   last activity across a restart, and stops counting against the limits;
 * - table creation is limited per client address (rate, open tables, tables with AI seats)
 *   with 429 naming the limit;
 * and, in this process, the worker pool serves its lanes in turn.
 */
#define _DEFAULT_SOURCE /* usleep */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness.h"
#include "server/state/flight.h"
#include "server/state/pool.h"
#include "server/store/store.h"
#include "server/table/table.h"

/* ---- a crash during an AI search ------------------------------------------------------------ */

/* Saves, without a server, a table whose AI seat p1 is to move (p2, human, claimed), and
 * marks `starts` AI searches begun on it, as a process that died during each would leave it. */
static void crafted_table(const char *db, const char *kind, int starts, char id[32])
{
	qv__store *store;
	qv_err err;
	if (qv__store_open(&store, db, &err))
		fail_msg("%s", err.msg);
	char body[128];
	snprintf(body, sizeof body, "{\"game\": \"three-arrows\", \"seats\": [\"%s\", \"human\"]}",
	         kind);
	json_t *req = json_loads(body, 0, NULL);
	qv__table *t;
	if (qv__table_create(&t, store, req, "127.0.0.1", &err))
		fail_msg("%s", err.msg);
	json_decref(req);
	int seat;
	char token[QV__TOKEN_LEN + 1];
	assert_int_equal(qv__table_join(t, "p2", &seat, token, &err), QV_OK);
	for (int i = 0; i < starts; i++)
		assert_int_equal(qv__store_ai_start(store, t->id, &err), QV_OK);
	snprintf(id, 32, "%s", t->id);
	qv__table_free(t);
	qv__store_close(store);
}

/* Leaves db's flight record as a process that died would: the steps of tables ids[0..n) under
 * way and `requests` requests in flight. A child process writes it and exits without closing
 * it, as a crash or a kill -9 ends a server. */
static void died_during(const char *db, const char *const *ids, int n, int requests)
{
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		qv__flight *f;
		qv__flight_last last;
		qv_err err;
		char base[1024]; /* the name the server gives it (a PostgreSQL database has no file)
		                  */
		qv__store_flight_base(db, base, sizeof base);
		if (qv__flight_open(&f, base, &last, &err))
			_exit(1);
		for (int i = 0; i < n; i++)
			qv__flight_step_begin(f, ids[i]);
		qv__flight_request(f, requests);
		_exit(0);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* Waits until the table has moved past version 0 (its AI seat searched again), never stopped. */
static void moves_on(const char *id)
{
	double end = tc_now_ms() + TH_WAIT_MS;
	for (;;) {
		json_t *t = th_info(id);
		assert_null(json_object_get(t, "stopped"));
		long long v = json_integer_value(json_object_get(t, "v"));
		json_decref(t);
		if (v > 0)
			return;
		if (tc_now_ms() > end)
			fail_msg("table %s, whose AI search was under way at a death, did not move",
			         id);
		usleep(20000);
	}
}

static void test_crash_during_ai(void **state)
{
	(void)state;
	const char *db = th_new_db();
	char twice[32], once[32];
	crafted_table(db, "hard", QV__AI_TRIES, twice);
	crafted_table(db, "random", 1, once);
	const char *alone[] = {twice};
	died_during(db, alone, 1, 0);
	th_start(db, NULL);
	/* Died twice during its search, the second time doing nothing else: stopped, and every
	 * viewer's info says why. */
	json_t *t = th_info(twice);
	const char *why = json_string_value(json_object_get(t, "stopped"));
	if (!why || !strstr(why, "stopped"))
		fail_msg("the table whose AI search was under way at two deaths is not stopped");
	assert_string_equal(json_string_value(json_object_get(t, "status")), "playing");
	assert_int_equal(json_integer_value(json_object_get(t, "v")), 0);
	json_decref(t);
	/* Died once: searched again, and it moves on. */
	moves_on(once);
	th_stop();
	/* The stop is saved: the next start says the same, and does not search. */
	th_start(db, NULL);
	t = th_info(twice);
	assert_non_null(json_object_get(t, "stopped"));
	assert_int_equal(json_integer_value(json_object_get(t, "v")), 0);
	json_decref(t);
	th_stop();

	/* Deaths the tables' searches did not cause: the second death of each came while a
	 * request was in flight, while two tables' steps were under way, or left no record (a
	 * database of an older quiver). None is stopped; each searches again. */
	char req[32], a[32], b[32], none[32];
	const char *db2 = th_new_db();
	crafted_table(db2, "random", QV__AI_TRIES, req);
	const char *one[] = {req};
	died_during(db2, one, 1, 1);
	th_start(db2, NULL);
	moves_on(req);
	th_stop();
	const char *db3 = th_new_db();
	crafted_table(db3, "random", QV__AI_TRIES, a);
	crafted_table(db3, "random", QV__AI_TRIES, b);
	const char *both[] = {a, b};
	died_during(db3, both, 2, 0);
	th_start(db3, NULL);
	moves_on(a);
	moves_on(b);
	th_stop();
	const char *db4 = th_new_db();
	crafted_table(db4, "random", QV__AI_TRIES, none);
	th_start(db4, NULL);
	moves_on(none);
	th_stop();
}

/* ---- waiting tables expire ------------------------------------------------------------------ */

static void test_waiting_expire(void **state)
{
	(void)state;
	const char *db = th_new_db();
	static const char *const extra[] = {"--waiting-expiry", "2", "--max-tables", "2", NULL};
	th_start(db, extra);
	char waiting[32], playing[32], path[96], token[64];
	th_create("{\"game\": \"evons\", \"private\": true}", waiting);
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"]}", playing);
	th_join(playing, "p1", token);
	th_refused("POST", "/api/tables", "{\"game\": \"evons\"}", 503, "too many open tables");
	/* A viewer of the waiting table hears why it went. */
	tc_ws w;
	snprintf(path, sizeof path, "/api/tables/%s/ws", waiting);
	assert_int_equal(tc_ws_open(&w, th_server.port, path), 0);
	assert_int_equal(tc_ws_send_text(&w, "{\"type\": \"hello\", \"token\": null}"), 0);
	json_t *f = tc_ws_recv_json(&w, TH_WAIT_MS);
	assert_non_null(f);
	json_decref(f);
	/* Past 2 s the waiting table is gone and its slot is free again. */
	double end = tc_now_ms() + TH_WAIT_MS;
	char id[32] = "";
	while (!id[0]) {
		tc_reply r;
		tc_http(th_server.port, "POST", "/api/tables", "{\"game\": \"evons\"}", 17, &r);
		if (r.status == 201)
			snprintf(id, sizeof id, "%s",
			         json_string_value(json_object_get(r.json, "id")));
		else if (r.status != 503)
			fail_msg("create: status %d %s", r.status, r.body ? r.body : "");
		tc_reply_free(&r);
		if (!id[0] && tc_now_ms() > end)
			fail_msg("the waiting table did not expire");
		if (!id[0])
			usleep(100000);
	}
	snprintf(path, sizeof path, "/api/tables/%s", waiting);
	th_refused("GET", path, NULL, 404, "no table");
	bool told = false;
	while (!told && (f = tc_ws_recv_json(&w, TH_WAIT_MS)) != NULL) {
		const char *why =
		    json_string_value(json_object_get(json_object_get(f, "table"), "stopped"));
		told = why && strstr(why, "expired");
		json_decref(f);
	}
	assert_true(told);
	tc_ws_close(&w);
	/* A table that plays does not expire. */
	json_t *t = th_info(playing);
	json_decref(t);
	/* Across a restart: the table created above is waiting; after 2 s it is removed at the
	 * next start. */
	th_stop();
	usleep(2500000);
	th_start(db, extra);
	snprintf(path, sizeof path, "/api/tables/%s", id);
	th_refused("GET", path, NULL, 404, "no table");
	t = th_info(playing);
	json_decref(t);
	th_stop();
}

/* ---- limits per client address -------------------------------------------------------------- */

static void test_address_limits(void **state)
{
	(void)state;
	static const char *const rate[] = {"--create-rate", "3", NULL};
	th_start(th_new_db(), rate);
	char id[32];
	for (int i = 0; i < 3; i++)
		th_create("{\"game\": \"evons\"}", id);
	th_refused("POST", "/api/tables", "{\"game\": \"evons\"}", 429, "--create-rate");
	th_stop();

	static const char *const count[] = {"--address-tables", "2", "--address-ai-tables", "1",
	                                    NULL};
	th_start(th_new_db(), count);
	th_create("{\"game\": \"evons\", \"seats\": [\"human\", \"hard\"]}", id);
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"seats\": [\"easy\", \"human\"]}",
	           429, "--address-ai-tables");
	th_create("{\"game\": \"evons\", \"seats\": [\"human\", \"random\"]}", id);
	th_refused("POST", "/api/tables", "{\"game\": \"evons\"}", 429, "--address-tables");
	th_stop();

	/* A person who resigns a game of three leaves a zombie the server plays (medium): its
	 * table is then one with AI seats, counted against --address-ai-tables. */
	static const char *const one_ai[] = {"--address-ai-tables", "1", NULL};
	th_start(th_new_db(), one_ai);
	char tokens[3][64];
	th_create("{\"game\": \"three-arrows\", \"params\": {\"players\": 3}, \"seats\": "
	          "[\"human\", \"human\", \"human\"]}",
	          id);
	for (int i = 0; i < 3; i++) {
		char seat[16];
		snprintf(seat, sizeof seat, "p%d", i + 1);
		th_join(id, seat, tokens[i]);
	}
	th_seat p3;
	th_seat_open(&p3, id, tokens[2]);
	th_seat_send(&p3, "{\"type\": \"resign\", \"v\": %lld}", p3.v);
	th_seat_reach(&p3, p3.v + 1);
	th_seat_close(&p3);
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"seats\": [\"human\", \"easy\"]}",
	           429, "--address-ai-tables");
	th_stop();
}

/* ---- tables that end idle ------------------------------------------------------------------- */

/* The idle limit of these tests, in seconds. */
#define IDLE "2"

static const char *status_of(const json_t *t)
{
	return json_string_value(json_object_get(t, "status"));
}

/* Polls the table's info until its status is `want`; returns that info (caller frees). */
static json_t *wait_status(const char *id, const char *want)
{
	double end = tc_now_ms() + TH_WAIT_MS;
	for (;;) {
		json_t *t = th_info(id);
		if (!strcmp(status_of(t), want))
			return t;
		json_decref(t);
		if (tc_now_ms() > end)
			fail_msg("table %s never became %s", id, want);
		usleep(50000);
	}
}

/* A table of two seats its creator joined itself: playing, and nobody at it. */
/* Asserts that j's "players" (a record's or a replay's) are want's two names; releases j. */
static void players_are(json_t *j, const char *const want[2])
{
	json_t *players = json_object_get(j, "players");
	assert_int_equal(json_array_size(players), 2);
	for (size_t i = 0; i < 2; i++)
		assert_string_equal(json_string_value(json_array_get(players, i)), want[i]);
	json_decref(j);
}

static void joined_table(const char *body, char id[32])
{
	char token[64];
	th_create(body, id);
	th_join(id, "p1", token);
	if (strstr(body, "\"human\", \"human\""))
		th_join(id, "p2", token);
}

/* --idle-limit: a table that plays without a clock, with nobody connected and nothing
 * happening, ends as abandoned (no result; its record and replays still work); a connection
 * keeps it, and the limit counts from when the last one closed; a table against the computer
 * left by its person ends the same way; one whose clock runs ends by its clock instead; an
 * abandoned table counts against no limit; and across a restart a table idle by its stored
 * last activity ends at once, one that was not goes on. */
static void test_idle_end(void **state)
{
	(void)state;
	const char *db = th_new_db();
	static const char *const extra[] = {"--idle-limit", IDLE, "--address-tables", "3", NULL};
	th_start(db, extra);
	char people[32], computer[32], clocked[32], watched[32], path[96];
	double made = tc_now_ms();
	joined_table("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", people);
	char token[64];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"]}", computer);
	th_join_with(computer, "{\"seat\": \"p1\", \"name\": \"Anna\"}", "p1", token);
	joined_table("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"clock\": "
	             "{\"kind\": \"move\", \"seconds\": 600}}",
	             clocked);
	th_refused("POST", "/api/tables", "{\"game\": \"evons\"}", 429, "--address-tables");
	json_t *t = wait_status(people, "over");
	assert_true(tc_now_ms() - made >= 2000 - 100);
	assert_string_equal(json_string_value(json_object_get(t, "ended")), "abandoned");
	assert_true(json_is_null(json_object_get(t, "result")));
	assert_null(json_object_get(t, "stopped"));
	assert_int_equal(json_integer_value(json_object_get(t, "v")), 1);
	json_decref(t);
	t = wait_status(computer, "over");
	assert_string_equal(json_string_value(json_object_get(t, "ended")), "abandoned");
	json_decref(t);
	/* Its record and replay name the seats by who played them: the name its person took, and
	 * the computer's level. */
	static const char *const named[] = {"Anna", "random"};
	snprintf(path, sizeof path, "/api/tables/%s/record", computer);
	players_are(th_http("GET", path, NULL, 200), named);
	snprintf(path, sizeof path, "/api/tables/%s/replay", computer);
	players_are(th_http("GET", path, NULL, 200), named);
	/* The clock runs: it decides, not the idle limit. */
	t = th_info(clocked);
	assert_string_equal(status_of(t), "playing");
	assert_null(json_object_get(t, "ended"));
	json_decref(t);
	/* The record has no result, and replays three ways. */
	snprintf(path, sizeof path, "/api/tables/%s/record", people);
	json_t *rec = th_http("GET", path, NULL, 200);
	assert_true(json_is_null(json_object_get(rec, "result")));
	qv_match *m;
	qv_err err;
	if (qv_match_load_json(&m, rec, &err))
		fail_msg("the abandoned table's record does not load: %s", err.msg);
	qv_match_free(m);
	char *text = json_dumps(rec, JSON_COMPACT);
	json_t *steps = th_http("POST", "/api/replay", text, 200);
	assert_true(json_array_size(json_object_get(steps, "steps")) >= 1);
	json_decref(steps);
	free(text);
	json_decref(rec);
	snprintf(path, sizeof path, "/api/tables/%s/replay", people);
	json_decref(th_http("GET", path, NULL, 200));
	/* Over, it counts against no limit: the address may create again. */
	joined_table("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", watched);

	/* A connection keeps a table; the limit counts from when it closed. */
	th_seat s;
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", people);
	th_join(people, "p1", token);
	th_join(people, "p2", token);
	th_seat_open(&s, people, token);
	usleep(2 * 2000 * 1000);
	t = th_info(people);
	assert_string_equal(status_of(t), "playing");
	json_decref(t);
	th_seat_close(&s);
	double closed = tc_now_ms();
	json_decref(wait_status(people, "over"));
	double after = tc_now_ms() - closed;
	print_message("ended %.0f ms after its last connection closed\n", after);
	assert_true(after >= 2000 - 100);
	th_stop();

	/* Across a restart, a table is judged by its stored last activity: killed at once and
	 * started again past the limit, it ends before the server answers a request; started
	 * again within it, it plays on. */
	th_start(db, extra);
	joined_table("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", watched);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	usleep(2500 * 1000);
	th_start(db, extra);
	t = th_info(watched);
	assert_string_equal(status_of(t), "over");
	assert_string_equal(json_string_value(json_object_get(t, "ended")), "abandoned");
	json_decref(t);
	th_stop();
	/* (A limit of a minute: the restart must come within it on a loaded machine.) */
	static const char *const minute[] = {"--idle-limit", "60", NULL};
	th_start(db, minute);
	joined_table("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", watched);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, minute);
	t = th_info(watched);
	assert_string_equal(status_of(t), "playing");
	json_decref(t);
	th_stop();
}

/* ---- the pool's lanes (in this process) ----------------------------------------------------- */

typedef struct lanes_run {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool gate;
	int order[8], n;
	int work_ms; /* what job 1 works, once the gate lets it go (its cost, in its lane's time) */
} lanes_run;

static void lane_job(void *ctx, void *item)
{
	lanes_run *r = ctx;
	pthread_mutex_lock(&r->lock);
	r->order[r->n++] = (int)(intptr_t)item;
	pthread_cond_broadcast(&r->cond);
	while (!r->gate)
		pthread_cond_wait(&r->cond, &r->lock);
	int work = (intptr_t)item == 1 ? r->work_ms : 0;
	pthread_mutex_unlock(&r->lock);
	for (double end = tc_now_ms() + work; tc_now_ms() < end;)
		; /* a search's work, as the pool counts it: time on its worker */
}

static void lane_drop(void *ctx, void *item)
{
	(void)ctx;
	(void)item;
	fail_msg("a job was dropped");
}

/* Waits until r has run n jobs (each holds its worker until the gate opens). */
static void ran(lanes_run *r, int n)
{
	pthread_mutex_lock(&r->lock);
	while (r->n < n)
		pthread_cond_wait(&r->cond, &r->lock);
	pthread_mutex_unlock(&r->lock);
}

static void open_gate(lanes_run *r, bool open)
{
	pthread_mutex_lock(&r->lock);
	r->gate = open;
	pthread_cond_broadcast(&r->cond);
	pthread_mutex_unlock(&r->lock);
}

/* The pool's workers (state/pool.h), one of each kind: lane A of four jobs is heavy and served
 * by the heavy worker alone, in order; lane B's one job (B known from a job before) is served
 * by the light worker at once, however many A has queued; a
 * background job (a review) by the background worker, never by the others (before: one worker
 * took the lanes in turn, and a review's turn came with the tables'). Then, of two heavy lanes,
 * the one served least lately goes first: X, whose first job worked 50 ms, waits while Y's
 * (of no work) are served. */
static void test_pool_lanes(void **state)
{
	(void)state;
	lanes_run r = {.lock = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER};
	qv__pool *p;
	qv_err err;
	assert_int_equal(qv__pool_new(&p, 1, 0, lane_job, lane_drop, &r, &err), QV_OK);
	open_gate(&r, true);
	qv__pool_push_lane(p, (void *)(intptr_t)5, "B"); /* B's first (heavy): known from now */
	ran(&r, 1);
	for (int waiting = 1, running = 1; waiting || running;) /* B's first job done */
		qv__pool_load(p, &waiting, &running);
	pthread_mutex_lock(&r.lock);
	r.n = 0;
	r.gate = false;
	pthread_mutex_unlock(&r.lock);
	for (int i = 1; i <= 4; i++)
		qv__pool_push_lane(p, (void *)(intptr_t)i, "A");
	qv__pool_push_lane(p, (void *)(intptr_t)5, "B");
	qv__pool_push_background(p, (void *)(intptr_t)6, "C", NULL, NULL);
	ran(&r, 3); /* the three workers each hold a job */
	int held = 0;
	for (int i = 0; i < 3; i++)
		held |= 1 << r.order[i];
	if (held != (1 << 1 | 1 << 5 | 1 << 6))
		fail_msg(
		    "the workers hold jobs %d, %d and %d; expected A's first (1), B's (5) and the "
		    "background one (6) at once",
		    r.order[0], r.order[1], r.order[2]);
	open_gate(&r, true);
	ran(&r, 6);
	for (int i = 3, last = 1; i < 6; i++) /* A's in order, on the one heavy worker */
		if (r.order[i] <= 4) {
			assert_true(r.order[i] == last + 1);
			last = r.order[i];
		}

	/* Two heavy lanes: X's first job (a lane's first is heavy) holds the heavy worker while X
	 * and Y queue more. */
	pthread_mutex_lock(&r.lock);
	r.n = 0;
	r.gate = false;
	r.work_ms = 50;
	pthread_mutex_unlock(&r.lock);
	qv__pool_push_lane(p, (void *)(intptr_t)1, "X");
	ran(&r, 1);
	for (int i = 2; i <= 6; i++)
		qv__pool_push_lane(p, (void *)(intptr_t)i, i <= 3 ? "X" : "Y");
	open_gate(&r, true);
	ran(&r, 6);
	qv__pool_stop(p);
	/* X's next after Y's (Y's last, alone in its lane then, may go to the light worker) */
	int at[8] = {0};
	for (int i = 0; i < 6; i++)
		at[r.order[i]] = i;
	if (at[1] != 0 || at[2] < at[4] || at[2] < at[5] || at[3] < at[2])
		fail_msg(
		    "the jobs ran in the order %d %d %d %d %d %d; expected 1, then Y's 4 and 5 "
		    "before X's 2 and 3 (the least served lane first)",
		    r.order[0], r.order[1], r.order[2], r.order[3], r.order[4], r.order[5]);
}

/* ---- main ----------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "tables", 900) || qv__crypto_init(NULL))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_pool_lanes),     T(test_crash_during_ai), T(test_waiting_expire),
	    T(test_address_limits), T(test_idle_end),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
