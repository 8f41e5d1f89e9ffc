/*
 * test_kill9.c - no acknowledged change is lost when the server is killed (kill -9), and no
 * change is made twice. The audit killed the server 80 times at random moments during play
 * (kill9, kill9b) and lost nothing; the suite does it KILLS times.
 *
 * Tables of all four games between people (the test plays every seat through its socket) and
 * batches of tables of AI seats, the last of each watched by a spectator. In each round every
 * people's table gets a few decisions that are answered, a chat line, and one more decision
 * sent just before the kill, at a random moment, whose answer may or may not have come. After
 * each kill the database passes SQLite's integrity check, the server starts again on it, and
 * every seat reconnects:
 * - the table is at least at the highest version any of its connections was told, and each
 *   connection's log is the beginning of the log the same viewer now gets;
 * - every chat line whose echo came back is in the snapshot's chat;
 * - a decision sent before the kill was made once or not at all: a table past the version it
 *   was sent at made it (it was sent when a person was to move, so nothing else could move
 *   the table on);
 * - the AI table's spectator was told nothing it does not get again, and every AI table goes
 *   on by itself to its end.
 * Every game is then played to its end, and its record holds exactly the decisions the test
 * counted as made, in order: none lost, none twice. Last, restarts that find many AI tables
 * one decision from their end queue every one of them.
 *
 * Usage: test_kill9 PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
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
#include <sqlite3.h>

#include "viewer.h"

/* Four kills in the sanitizer build (TH_ROUNDS, harness.h), each some 4 s of processor there. */
#define KILLS      TH_ROUNDS(10, 4)
#define SEATS_MOST 5
#define TABLES     4
/* The AI tables: random and greedy seats, whose steps take microseconds (a table whose AI step
 * was under way at two deaths of the process in a row is stopped by the crash-loop guard,
 * docs/server/tables.md "Tables", which these kills are not meant to test). Such a game takes about
 * 20 ms of a worker, so AI_BATCH of them are made at once, sharing the workers, and the last
 * one is watched: it is still playing when the next kill comes. After each restart every one
 * of them must play to its end by itself (a restart once left some of them waiting for ever:
 * one finished and let go from the registry while the others were being queued). */
#define AI_BATCH 8
#define AI_TABLE                                                                                   \
	"{\"game\": \"arrow-party\", \"params\": {\"players\": 5, \"size\": 26}, \"seats\": "      \
	"[\"random\", \"greedy\", \"random\", \"greedy\", \"random\"]}"

/* A table between people, played by the test. */
typedef struct ktable {
	char id[32];
	int nseats;
	char token[SEATS_MOST][64];
	th_seat seat[SEATS_MOST];
	json_t *made;     /* the decisions made: ["p1", "place A b1 N"] pairs, in order */
	json_t *chats;    /* chat lines whose echo came back */
	bool sent;        /* a decision sent before the kill, not yet known to be made */
	int sent_by;      /* its seat */
	long long sent_v; /* the version it was sent at */
	char sent_action[256];
	int lines; /* chat lines said, for their texts */
} ktable;

static const char *const bodies[TABLES] = {
    "{\"game\": \"three-arrows\", \"params\": {\"mode\": \"standard\", \"max_turns\": 60}, "
    "\"seats\": [\"human\", \"human\"]}",
    "{\"game\": \"concardia\", \"params\": {\"max_turns\": 30}, \"seats\": [\"human\", "
    "\"human\"]}",
    "{\"game\": \"evons\", \"params\": {\"max_turns\": 8}, \"seats\": [\"human\", \"human\"]}",
    "{\"game\": \"arrow-party\", \"params\": {\"rounds\": 2}, \"seats\": [\"human\", \"human\", "
    "\"human\"]}",
};

static bool over(const th_seat *s)
{
	return !strcmp(json_string_value(json_object_get(s->table, "status")), "over");
}

/* The log a connection was told: its last snapshot's, then every update's lines. */
static json_t *told_log(const th_seat *s)
{
	json_t *log = json_array();
	for (size_t i = 0; i < json_array_size(s->frames); i++) {
		json_t *f = json_loads(json_string_value(json_array_get(s->frames, i)), 0, NULL);
		const char *type = json_string_value(json_object_get(f, "type"));
		if (type && !strcmp(type, "snapshot"))
			json_array_clear(log);
		if (type && (!strcmp(type, "snapshot") || !strcmp(type, "update")))
			json_array_extend(log, json_object_get(f, "log"));
		json_decref(f);
	}
	return log;
}

/* The highest version a connection of the table was told. */
static long long told_v(const ktable *t)
{
	long long v = -1;
	for (int i = 0; i < t->nseats; i++)
		v = t->seat[i].v > v ? t->seat[i].v : v;
	return v;
}

/* Every seat reads until all are at the highest version any of them has. */
static void catch_up(ktable *t) { th_seats_catch_up(t->seat, t->nseats); }

/* The seat the engine asks now (its view's to_move is its own seat), or -1. */
static int mover(const ktable *t)
{
	for (int i = 0; i < t->nseats; i++) {
		char seat[16];
		snprintf(seat, sizeof seat, "p%d", i + 1);
		const char *to = json_string_value(json_object_get(t->seat[i].view, "to_move"));
		if (json_object_get(t->seat[i].view, "legal") && to && !strcmp(to, seat))
			return i;
	}
	return -1;
}

/* No seat is asked and nothing came: fails the test with where the table stands, each seat's
 * view and its last frames (after what comes within half a second, to tell a frame late from
 * one never sent). */
static void stuck(ktable *t)
{
	for (int i = 0; i < t->nseats; i++) {
		th_seat *s = &t->seat[i];
		while (th_seat_read_within(s, 500))
			;
		char *view = json_dumps(s->view, JSON_COMPACT);
		fprintf(stderr, "p%d at version %lld: %s\n", i + 1, s->v, view);
		free(view);
		size_t n = json_array_size(s->frames);
		fprintf(stderr, "p%d: %zu frames, %zu bytes unread, closed %d; the last ones:\n",
		        i + 1, n, s->ws.len, s->ws.closed);
		for (size_t k = n > 6 ? n - 6 : 0; k < n; k++)
			fprintf(stderr, "  %.160s\n",
			        json_string_value(json_array_get(s->frames, k)));
	}
	fail_msg("%s: at version %lld no seat is asked to move, the game is not over, and "
	         "nothing came in %d s",
	         t->id, t->seat[0].v, TH_WAIT_MS / 1000);
}

/* Sends a random decision of the seat to move (once the server has drawn what chance had to
 * draw); returns false when the game is over. */
static bool send_decision(ktable *t)
{
	catch_up(t);
	int p = -1;
	while (!over(&t->seat[0]) && (p = mover(t)) < 0) {
		long long v = t->seat[0].v;
		double end = tc_now_ms() + TH_WAIT_MS;
		while (t->seat[0].v == v && tc_now_ms() < end)
			th_seat_read_within(&t->seat[0], 1000);
		if (t->seat[0].v == v)
			stuck(t);
		catch_up(t);
	}
	if (over(&t->seat[0]))
		return false;
	th_seat *s = &t->seat[p];
	json_t *legal = json_object_get(s->view, "legal");
	snprintf(t->sent_action, sizeof t->sent_action, "%s",
	         json_string_value(json_array_get(legal, (size_t)rand() % json_array_size(legal))));
	t->sent = true;
	t->sent_by = p;
	t->sent_v = s->v;
	th_seat_act(s, t->sent_action);
	return true;
}

/* The decision sent was made: kept, in order. */
static void made(ktable *t)
{
	char seat[16];
	snprintf(seat, sizeof seat, "p%d", t->sent_by + 1);
	json_array_append_new(t->made, json_pack("[s, s]", seat, t->sent_action));
	t->sent = false;
}

/* One decision, answered. Returns false when the game is over. */
static bool decide(ktable *t)
{
	if (!send_decision(t))
		return false;
	th_seat_reach(&t->seat[t->sent_by], t->sent_v + 1);
	made(t);
	return true;
}

static void connect_all(ktable *t)
{
	for (int i = 0; i < t->nseats; i++)
		th_seat_open(&t->seat[i], t->id, t->token[i]);
}

/* After a restart: every seat reconnects, and the table kept everything it told. */
static void check_kept(ktable *t)
{
	long long told = told_v(t);
	json_t *logs[SEATS_MOST];
	for (int i = 0; i < t->nseats; i++) {
		logs[i] = told_log(&t->seat[i]);
		th_seat_close(&t->seat[i]);
	}
	connect_all(t);
	const th_seat *s0 = &t->seat[0];
	if (s0->v < told)
		fail_msg("%s: at version %lld after the restart; a connection was told %lld", t->id,
		         s0->v, told);
	for (int i = 0; i < t->nseats; i++) {
		json_t *now = told_log(&t->seat[i]);
		for (size_t k = 0; k < json_array_size(logs[i]); k++)
			if (!json_equal(json_array_get(logs[i], k), json_array_get(now, k)))
				fail_msg(
				    "%s, p%d: line %zu of the log it was told is not there after "
				    "the restart",
				    t->id, i + 1, k);
		json_decref(now);
		json_decref(logs[i]);
	}
	/* The chat lines whose echo came back. */
	json_t *snap = json_loads(json_string_value(json_array_get(s0->frames, 0)), 0, NULL);
	const json_t *chat = json_object_get(snap, "chat");
	for (size_t k = 0; k < json_array_size(t->chats); k++) {
		const char *line = json_string_value(json_array_get(t->chats, k));
		bool found = false;
		for (size_t c = 0; c < json_array_size(chat) && !found; c++)
			found = !strcmp(
			    json_string_value(json_object_get(json_array_get(chat, c), "text")),
			    line);
		if (!found)
			fail_msg("%s: the chat line '%s' was echoed, and is gone after the restart",
			         t->id, line);
	}
	json_decref(snap);
	/* The decision sent before the kill: made once, or not at all. It was sent when a person
	 * was to move, so nothing else could move the table on from there. */
	if (t->sent) {
		if (s0->v > t->sent_v)
			made(t);
		else
			t->sent = false;
	}
}

/* A chat line from a seat in turn, kept when its echo comes back before `wait` ends. */
static void say(ktable *t, bool wait)
{
	char text[64];
	int p = t->lines % t->nseats;
	snprintf(text, sizeof text, "line %d of %.16s", ++t->lines, t->id);
	th_seat *s = &t->seat[p];
	th_seat_send(s, "{\"type\": \"chat\", \"text\": \"%s\"}", text);
	if (!wait)
		return;
	char echo[96];
	snprintf(echo, sizeof echo, "\"text\":\"%s\"", text);
	double end = tc_now_ms() + TH_WAIT_MS;
	while (!th_seat_heard(s, echo)) {
		if (tc_now_ms() > end)
			fail_msg("%s: no echo of the chat line '%s'", t->id, text);
		th_seat_drain(s);
	}
	json_array_append_new(t->chats, json_string(text));
}

/* Waits until the AI table id is over, which it reaches by itself. */
static void ended_by_itself(const char *id)
{
	double end = tc_now_ms() + TH_WAIT_MS;
	for (;;) {
		json_t *info = th_info(id);
		bool done = !strcmp(json_string_value(json_object_get(info, "status")), "over");
		long long v = json_integer_value(json_object_get(info, "v"));
		json_decref(info);
		if (done)
			return;
		if (tc_now_ms() > end)
			fail_msg("the AI table %s stays at version %lld after the restart", id, v);
		usleep(20000);
	}
}

/* SQLite's check of the database file the killed server left. */
static void integrity(const char *db)
{
	sqlite3 *c;
	assert_int_equal(sqlite3_open(db, &c), SQLITE_OK);
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_prepare_v2(c, "PRAGMA integrity_check", -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	const char *ok = (const char *)sqlite3_column_text(st, 0);
	if (!ok || strcmp(ok, "ok") != 0)
		fail_msg("the database after kill -9: integrity_check says %s",
		         ok ? ok : "nothing");
	sqlite3_finalize(st);
	sqlite3_close(c);
}

/* The record holds exactly the decisions made, in order: every entry of a person's seat. */
static void check_record(ktable *t)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/record", t->id);
	json_t *record = th_http("GET", path, NULL, 200);
	unsigned people = (1u << t->nseats) - 1;
	qv_match *m = tv_replay_held(record, people, SIZE_MAX);
	const json_t *actions = json_object_get(record, "actions");
	size_t k = 0;
	for (int i = 0; i < m->nhist; i++) {
		if (m->hist[i].who < 0)
			continue;
		char seat[16];
		snprintf(seat, sizeof seat, "p%d", m->hist[i].who + 1);
		const json_t *want = json_array_get(t->made, k);
		const char *action = json_string_value(json_array_get(actions, (size_t)i));
		if (!want || strcmp(json_string_value(json_array_get(want, 0)), seat) ||
		    strcmp(json_string_value(json_array_get(want, 1)), action))
			fail_msg("%s: the record's decision %zu is %s's '%s'; the test made %s",
			         t->id, k + 1, seat, action,
			         want ? json_string_value(json_array_get(want, 1)) : "no more");
		k++;
	}
	if (k != json_array_size(t->made))
		fail_msg("%s: the record holds %zu decisions; the test made %zu", t->id, k,
		         json_array_size(t->made));
	printf("%s (%s): %zu decisions, each once\n", t->id,
	       json_string_value(json_object_get(record, "game")), k);
	qv_match_free(m);
	json_decref(record);
}

static void test_kill9(void **state)
{
	(void)state;
	const char *db = th_new_db();
	char dbpath[160];
	snprintf(dbpath, sizeof dbpath, "%s", db);
	static const char *const extra[] = {"--create-rate", "1000", "--address-tables", "100",
	                                    NULL};
	th_start(dbpath, extra);
	ktable t[TABLES];
	for (int k = 0; k < TABLES; k++) {
		memset(&t[k], 0, sizeof t[k]);
		th_create(bodies[k], t[k].id);
		json_t *info = th_info(t[k].id);
		t[k].nseats = (int)json_array_size(json_object_get(info, "seats"));
		json_decref(info);
		for (int i = 0; i < t[k].nseats; i++) {
			char seat[16];
			snprintf(seat, sizeof seat, "p%d", i + 1);
			th_join(t[k].id, seat, t[k].token[i]);
		}
		t[k].made = json_array();
		t[k].chats = json_array();
		connect_all(&t[k]);
	}
	char ai[AI_BATCH][32];
	for (int i = 0; i < AI_BATCH; i++)
		th_create(AI_TABLE, ai[i]);
	th_seat watcher;
	th_seat_open(&watcher, ai[AI_BATCH - 1], NULL);
	long long ai_told = -1;
	int ai_tables = AI_BATCH, ai_playing = 0;
	int sent_at_kill = 0, made_at_kill = 0;
	for (int kill = 0; kill < KILLS; kill++) {
		for (int k = 0; k < TABLES; k++) {
			for (int n = rand() % 4; n > 0 && decide(&t[k]); n--)
				;
			say(&t[k], true);
			say(&t[k], false);
			if (send_decision(&t[k]))
				sent_at_kill++;
		}
		/* A random moment: at once, or within the next millisecond and a half, while the
		 * decisions are on their way, being made or being told. */
		if (kill % 3)
			usleep((useconds_t)(rand() % 1500));
		assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
		for (int k = 0; k < TABLES; k++)
			for (int i = 0; i < t[k].nseats; i++)
				th_seat_drain(&t[k].seat[i]);
		th_seat_drain(&watcher);
		ai_playing += !over(&watcher);
		ai_told = watcher.v;
		json_t *ai_log = told_log(&watcher);
		th_seat_close(&watcher);
		integrity(dbpath);
		th_start(dbpath, extra);
		for (int k = 0; k < TABLES; k++) {
			bool sent = t[k].sent;
			size_t before = json_array_size(t[k].made);
			check_kept(&t[k]);
			made_at_kill += sent && json_array_size(t[k].made) > before;
		}
		th_seat_open(&watcher, ai[AI_BATCH - 1], NULL);
		if (watcher.v < ai_told)
			fail_msg("the AI table is at %lld after the restart; it was told %lld",
			         watcher.v, ai_told);
		json_t *now = told_log(&watcher);
		for (size_t i = 0; i < json_array_size(ai_log); i++)
			if (!json_equal(json_array_get(ai_log, i), json_array_get(now, i)))
				fail_msg("the AI table's log lost line %zu after the restart", i);
		json_decref(now);
		json_decref(ai_log);
		/* Every AI table plays to its end by itself; then a new batch. */
		th_seat_close(&watcher);
		for (int i = 0; i < AI_BATCH; i++)
			ended_by_itself(ai[i]);
		for (int i = 0; i < AI_BATCH; i++)
			th_create(AI_TABLE, ai[i]);
		th_seat_open(&watcher, ai[AI_BATCH - 1], NULL);
		ai_tables += AI_BATCH;
	}
	printf("%d kills: %d decisions sent just before a kill, %d of them made; %d AI tables, "
	       "the watched one playing at %d kills\n",
	       KILLS, sent_at_kill, made_at_kill, ai_tables, ai_playing);
	th_seat_close(&watcher);
	/* Every game to its end; its record holds each decision made, once. */
	for (int k = 0; k < TABLES; k++) {
		for (int n = 0; decide(&t[k]); n++)
			if (n > 5000)
				fail_msg("%s: the game did not end", t[k].id);
		check_record(&t[k]);
		for (int i = 0; i < t[k].nseats; i++)
			th_seat_close(&t[k].seat[i]);
		json_decref(t[k].made);
		json_decref(t[k].chats);
	}
	th_stop();
}

/* A restart that finds many AI tables one decision from their end: the first ones queued end
 * at once and leave the registry while the rest are being queued. Every table must still be
 * queued and end. (The registry, walked without its lock, lost a table each time a finished one
 * was let go: the last table took its place, behind the walk. Whether a worker ends a table
 * before the walk is over is a race, which one restart of FINISHING tables loses about half the
 * time: the test restarts RESTARTS times.) */
#define FINISHING 300
#define RESTARTS  3

static void test_restart_finishing(void **state)
{
	(void)state;
	const char *db = th_new_db();
	char dbpath[160];
	snprintf(dbpath, sizeof dbpath, "%s", db);
	static const char *const extra[] = {
	    "--create-rate", "100000", "--address-tables", "1000", "--max-tables", "1000", NULL};
	th_start(dbpath, extra);
	static char id[FINISHING][32];
	for (int i = 0; i < FINISHING; i++)
		th_create("{\"game\": \"three-arrows\", \"seats\": [\"random\", \"random\"]}",
		          id[i]);
	for (int i = 0; i < FINISHING; i++)
		ended_by_itself(id[i]);
	/* Every table taken back to before its last decision (and the automatic moves after it),
	 * as if the server had died just before making it; then a restart. */
	const char *last = "(SELECT MAX(b.idx) FROM actions b WHERE b.table_id = %s AND "
	                   "b.automatic = 0)";
	char sql[1024], one[256], two[256];
	snprintf(one, sizeof one, last, "tables.id");
	snprintf(two, sizeof two, last, "actions.table_id");
	snprintf(sql, sizeof sql,
	         "UPDATE tables SET status = 'playing', record = NULL, info = NULL, finished = "
	         "NULL, v = v - (SELECT COUNT(*) FROM actions a WHERE a.table_id = tables.id AND "
	         "a.idx >= %s); DELETE FROM actions WHERE idx >= %s;",
	         one, two);
	for (int r = 0; r < RESTARTS; r++) {
		th_stop();
		sqlite3 *c;
		assert_int_equal(sqlite3_open(dbpath, &c), SQLITE_OK);
		char *why = NULL;
		if (sqlite3_exec(c, sql, NULL, NULL, &why) != SQLITE_OK)
			fail_msg("%s", why);
		sqlite3_close(c);
		th_start(dbpath, extra);
		for (int i = 0; i < FINISHING; i++)
			ended_by_itself(id[i]);
	}
	printf("%d restarts with %d tables one decision from their end: every one ended\n",
	       RESTARTS, FINISHING);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "kill9", 850))
		return 2;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_kill9, th_teardown),
	    cmocka_unit_test_teardown(test_restart_finishing, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
