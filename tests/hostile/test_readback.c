/*
 * test_readback.c - reading finished games back costs the reader, not the players. The audit's
 * attacks: GETs of a finished table's info, record and replay as fast as they are answered
 * (replaycost), and `history` frames that replay a long game from its start at every request
 * (historyflood), while another table plays; each replay then held the database's lock, and
 * 1,337 GETs a second raised the other table's act p50 from 0.9 to 4.1 ms.
 *
 * - A finished table's info and record are answered from what the store kept when it ended,
 *   never replayed (docs/server/storage.md, "Storage").
 * - While four clients (from four addresses) flood a long finished game with GETs of its info,
 *   record and replay and with `history` frames, another table's act and undo round trips keep
 *   their median within FLOOD_FACTOR times the median before the flood plus FLOOD_SLACK_MS;
 *   every GET of the info and the record is answered 200, every history frame answered.
 *
 * Usage: test_readback PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"
#include "server/store/store.h"

/* A finished table's info and record are answered from what the store kept when it ended:
 * the test removes the table's actions from the database (as the store's own change does), so
 * that a table read back by replaying them would not be found, and both answers stay the same,
 * across a restart. */
static void test_finished_stored(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], path[96];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"random\", \"random\"]}", id);
	json_t *t = NULL;
	double end = tc_now_ms() + TH_WAIT_MS;
	for (;;) {
		t = th_info(id);
		if (strcmp(json_string_value(json_object_get(t, "status")), "over") == 0)
			break;
		json_decref(t);
		if (tc_now_ms() > end)
			fail_msg("the random table did not finish");
		usleep(20000);
	}
	snprintf(path, sizeof path, "/api/tables/%s/record", id);
	json_t *rec = th_http("GET", path, NULL, 200);
	long long v = json_integer_value(json_object_get(t, "v"));
	th_stop();
	/* Every action removed from the database: a table read back by replaying them would
	 * not be found. */
	qv__store *store;
	qv_err err;
	if (qv__store_open(&store, db, &err))
		fail_msg("%s", err.msg);
	int had = (int)json_array_size(json_object_get(rec, "actions"));
	qv__store_update up = {
	    .id = id, .from_v = v, .had = had, .v = v, .status = "over", .keep = 0};
	assert_int_equal(qv__store_change(store, &up, &err), QV_OK);
	qv__store_close(store);
	th_start(db, NULL);
	json_t *again = th_info(id);
	/* The clock's "now" is the time of each answer: the info polled above may come from the
	 * table still in memory a moment after its end (a loaded machine), the one read back is
	 * the copy stored at the end. */
	json_object_del(json_object_get(t, "clock"), "now");
	json_object_del(json_object_get(again, "clock"), "now");
	if (!json_equal(again, t))
		fail_msg("the finished table's info is not the one stored when it ended (status "
		         "%s, v %lld)",
		         json_string_value(json_object_get(again, "status")),
		         (long long)json_integer_value(json_object_get(again, "v")));
	json_t *rec2 = th_http("GET", path, NULL, 200);
	assert_true(json_equal(rec, rec2));
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	th_refused("POST", path, "{}", 409, "over");
	json_decref(again);
	json_decref(rec2);
	json_decref(rec);
	json_decref(t);
	th_stop();
}

/* ---- the flood --------------------------------------------------------------------------------
 */

/* The victim's median during the flood may be at most this many times its median before, plus
 * FLOOD_SLACK_MS (the flood's own clients share the machine's two cores with the server). The
 * replay of the flooded game takes tens of milliseconds (hundreds under the sanitizers): one
 * held under the database's lock would put a good part of it in the victim's median. */
#define FLOOD_FACTOR   4.0
#define FLOOD_SLACK_MS 5.0
/* Round trips measured before the flood, and during it (at least as many, for at least
 * FLOOD_MS milliseconds). */
#define TRIPS    40
#define FLOOD_MS 3000

enum { FLOOD_INFO, FLOOD_RECORD, FLOOD_REPLAY, FLOOD_HISTORY, FLOODS };

/* One flooding client: what it asks for, from its own address, until stop is set. */
typedef struct flooder {
	int kind;
	const char *id;
	atomic_bool *stop;
	long asked, ok, busy; /* busy: 429 or 503, a replay refused by a limit */
	char trouble[256];    /* the first answer that was neither */
} flooder;

static void *flood_main(void *arg)
{
	flooder *f = arg;
	char source[32], path[96];
	snprintf(source, sizeof source, "127.0.2.%d", 10 + f->kind);
	tc_set_source(source);
	static const char *const suffix[] = {"", "/record", "/replay"};
	if (f->kind != FLOOD_HISTORY) {
		snprintf(path, sizeof path, "/api/tables/%s%s", f->id, suffix[f->kind]);
		while (!atomic_load(f->stop)) {
			tc_reply r;
			int status = tc_http(th_server.port, "GET", path, NULL, 0, &r);
			f->asked++;
			if (status == 200)
				f->ok++;
			else if (f->kind == FLOOD_REPLAY && (status == 429 || status == 503))
				f->busy++;
			else if (!f->trouble[0])
				snprintf(f->trouble, sizeof f->trouble, "GET %s: %d %.150s", path,
				         status, r.body ? r.body : "");
			tc_reply_free(&r);
		}
		return NULL;
	}
	/* A spectator looking back at the game's last line, again and again. */
	tc_ws w;
	snprintf(path, sizeof path, "/api/tables/%s/ws", f->id);
	if (tc_ws_open(&w, th_server.port, path) != 0) {
		snprintf(f->trouble, sizeof f->trouble, "the spectator's socket was refused");
		return NULL;
	}
	tc_ws_send_text(&w, "{\"type\": \"hello\", \"token\": null}");
	json_t *snap = tc_ws_recv_json(&w, TH_WAIT_MS);
	size_t lines = json_array_size(json_object_get(snap, "log"));
	json_decref(snap);
	char ask[64];
	snprintf(ask, sizeof ask, "{\"type\": \"history\", \"line\": %zu}", lines ? lines - 1 : 0);
	while (!atomic_load(f->stop) && !f->trouble[0]) {
		tc_ws_send_text(&w, ask);
		f->asked++;
		json_t *a = tc_ws_recv_json(&w, TH_WAIT_MS);
		const char *type = json_string_value(json_object_get(a, "type"));
		/* The count of spectators (this one among them) comes in a frame of its own,
		 * whenever. */
		while (type && !strcmp(type, "spectators")) {
			json_decref(a);
			a = tc_ws_recv_json(&w, TH_WAIT_MS);
			type = json_string_value(json_object_get(a, "type"));
		}
		if (type && !strcmp(type, "history"))
			f->ok++;
		else
			snprintf(f->trouble, sizeof f->trouble, "a history frame was answered %s",
			         type ? type : "by nothing");
		json_decref(a);
	}
	tc_ws_close(&w);
	return NULL;
}

static void test_flood(void **state)
{
	(void)state;
	static const char *const extra[] = {"--max-sockets-per-address", "64", NULL};
	th_start(th_new_db(), extra);
	/* A long game (five random seats on the largest area) played to its end. */
	char done[32], path[96];
	th_create("{\"game\": \"arrow-party\", \"params\": {\"size\": 26, \"players\": 5}, "
	          "\"seats\": [\"random\", \"random\", \"random\", \"random\", \"random\"]}",
	          done);
	double end = tc_now_ms() + 4 * TH_WAIT_MS;
	for (;;) {
		json_t *t = th_info(done);
		bool over = !strcmp(json_string_value(json_object_get(t, "status")), "over");
		json_decref(t);
		if (over)
			break;
		if (tc_now_ms() > end)
			fail_msg("the random table did not finish");
		usleep(50000);
	}
	snprintf(path, sizeof path, "/api/tables/%s/replay", done);
	double t0 = tc_now_ms();
	json_t *replay = th_http("GET", path, NULL, 200);
	double replay_ms = tc_now_ms() - t0;
	size_t steps = json_array_size(json_object_get(replay, "steps"));
	json_decref(replay);
	/* The victim: p1 acts and takes it back, p2 has not moved. */
	char id[32], t1[64], t2[64];
	th_create("{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}, \"seats\": "
	          "[\"human\", \"human\"]}",
	          id);
	th_join(id, "p1", t1);
	th_join(id, "p2", t2);
	th_seat p1;
	th_seat_open(&p1, id, t1);
	th_seat_wait_to_move(&p1, "p1");
	char action[128];
	snprintf(action, sizeof action, "%s", th_seat_first(&p1));
	long long v = p1.v;
	double before = th_act_undo_median(&p1.ws, &v, action, TRIPS, 0);

	atomic_bool stop = false;
	flooder fl[FLOODS];
	pthread_t th[FLOODS];
	for (int k = 0; k < FLOODS; k++) {
		fl[k] = (flooder){.kind = k, .id = done, .stop = &stop};
		assert_int_equal(pthread_create(&th[k], NULL, flood_main, &fl[k]), 0);
	}
	/* Measured once every flooder has had an answer. */
	end = tc_now_ms() + TH_WAIT_MS;
	for (int k = 0; k < FLOODS; k++)
		while (fl[k].asked < 2 && !fl[k].trouble[0] && tc_now_ms() < end)
			usleep(10000);
	double t_flood = tc_now_ms();
	double during = th_act_undo_median(&p1.ws, &v, action, TRIPS, FLOOD_MS);
	double flood_s = (tc_now_ms() - t_flood) / 1000;
	atomic_store(&stop, true);
	for (int k = 0; k < FLOODS; k++)
		pthread_join(th[k], NULL);
	th_seat_close(&p1);
	static const char *const names[] = {"info", "record", "replay", "history"};
	long all = 0;
	for (int k = 0; k < FLOODS; k++) {
		printf("%s: %ld asked, %ld answered, %ld refused by a limit\n", names[k],
		       fl[k].asked, fl[k].ok, fl[k].busy);
		if (fl[k].trouble[0])
			fail_msg("%s", fl[k].trouble);
		if (fl[k].ok < 1)
			fail_msg("no %s request of the flood was answered", names[k]);
		all += fl[k].asked;
	}
	printf("the flooded game: %zu steps, its replay %.1f ms; %.0f requests a second for "
	       "%.1f s\n",
	       steps, replay_ms, (double)all / flood_s, flood_s);
	printf("the other table's act and undo round trip, median: %.2f ms before, %.2f ms during "
	       "the flood (bound %.2f ms)\n",
	       before, during, FLOOD_FACTOR * before + FLOOD_SLACK_MS);
	if (during > FLOOD_FACTOR * before + FLOOD_SLACK_MS)
		fail_msg(
		    "the flood slowed another table's acts from %.2f to %.2f ms (median), past "
		    "%.1f times plus %.0f ms",
		    before, during, FLOOD_FACTOR, FLOOD_SLACK_MS);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "readback", 850))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_finished_stored),
	    T(test_flood),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
