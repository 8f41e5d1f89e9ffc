/*
 * test_tables.c - the limits of `quiver serve` on tables and their storage (docs/server.md,
 * "Limits"), each against the binary on a temporary database on 127.0.0.1:
 * - a table whose AI search was under way when the process died twice is stopped at start-up
 *   and says so in its info, never searched again (a crash loop); one death is retried;
 * - waiting tables expire, while the server runs and across a restart;
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
#include "server/pool.h"
#include "server/store.h"
#include "server/table.h"

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

static void test_crash_during_ai(void **state)
{
	(void)state;
	const char *db = th_new_db();
	char twice[32], once[32];
	crafted_table(db, "hard", QV__AI_TRIES, twice);
	crafted_table(db, "random", 1, once);
	th_start(db, NULL);
	/* Died twice: stopped, and every viewer's info says why. */
	json_t *t = th_info(twice);
	const char *why = json_string_value(json_object_get(t, "stopped"));
	if (!why || !strstr(why, "stopped"))
		fail_msg("the table whose AI search was under way at two deaths is not stopped");
	assert_string_equal(json_string_value(json_object_get(t, "status")), "playing");
	assert_int_equal(json_integer_value(json_object_get(t, "v")), 0);
	json_decref(t);
	/* Died once: searched again, and it moves on. */
	double end = tc_now_ms() + TH_WAIT_MS;
	for (;;) {
		t = th_info(once);
		assert_null(json_object_get(t, "stopped"));
		long long v = json_integer_value(json_object_get(t, "v"));
		json_decref(t);
		if (v > 0)
			break;
		if (tc_now_ms() > end)
			fail_msg(
			    "the table whose AI search was under way at one death did not move");
		usleep(20000);
	}
	th_stop();
	/* The stop is saved: the next start says the same, and does not search. */
	th_start(db, NULL);
	t = th_info(twice);
	assert_non_null(json_object_get(t, "stopped"));
	assert_int_equal(json_integer_value(json_object_get(t, "v")), 0);
	json_decref(t);
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
}

/* ---- the pool's lanes (in this process) ----------------------------------------------------- */

typedef struct lanes_run {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool gate;
	int order[8], n;
} lanes_run;

static void lane_job(void *ctx, void *item)
{
	lanes_run *r = ctx;
	pthread_mutex_lock(&r->lock);
	r->order[r->n++] = (int)(intptr_t)item;
	pthread_cond_broadcast(&r->cond);
	while (!r->gate)
		pthread_cond_wait(&r->cond, &r->lock);
	pthread_mutex_unlock(&r->lock);
}

static void lane_drop(void *ctx, void *item)
{
	(void)ctx;
	(void)item;
	fail_msg("a job was dropped");
}

static void test_pool_lanes(void **state)
{
	(void)state;
	lanes_run r = {.lock = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER};
	qv__pool *p;
	qv_err err;
	assert_int_equal(qv__pool_new(&p, 1, 0, lane_job, lane_drop, &r, &err), QV_OK);
	/* Job 1 of lane A holds the only worker until every job is queued: A 2..5, then B 6. */
	qv__pool_push_lane(p, (void *)(intptr_t)1, "A");
	pthread_mutex_lock(&r.lock);
	while (r.n == 0)
		pthread_cond_wait(&r.cond, &r.lock);
	pthread_mutex_unlock(&r.lock);
	for (int i = 2; i <= 5; i++)
		qv__pool_push_lane(p, (void *)(intptr_t)i, "A");
	qv__pool_push_lane(p, (void *)(intptr_t)6, "B");
	pthread_mutex_lock(&r.lock);
	r.gate = true;
	pthread_cond_broadcast(&r.cond);
	while (r.n < 6)
		pthread_cond_wait(&r.cond, &r.lock);
	pthread_mutex_unlock(&r.lock);
	qv__pool_stop(p);
	/* B's one job does not wait for all of A's: the lanes take turns. */
	static const int want[] = {1, 2, 6, 3, 4, 5};
	for (int i = 0; i < 6; i++)
		if (r.order[i] != want[i])
			fail_msg("job %d ran at position %d; expected %d (lanes in turn)",
			         r.order[i], i + 1, want[i]);
}

/* ---- main ----------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "tables", 900) || qv__crypto_init(NULL))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_pool_lanes),
	    T(test_crash_during_ai),
	    T(test_waiting_expire),
	    T(test_address_limits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
