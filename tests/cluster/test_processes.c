/*
 * test_processes.c - two `quiver serve` processes on one PostgreSQL database (store.h, "several
 * processes"; cluster.h), each reached directly, run by pg_run.sh in a throwaway cluster:
 * - a public table made on A is in B's lobby; a request for it at B is answered 503 with
 *   Retry-After while A lets it go (A's sockets closed with 1012, and one opened before but
 *   saying hello after), then B plays it, with every
 *   move A's sockets saw and the time the player to move took at A on their clock, and A's
 *   lobby shows it as B publishes it;
 * - a player's channel open at B hears the turn and the end of a table played at A, and the
 *   player's list at B shows that table, their turn in it;
 * - a rematch made at A is played at B, its tokens good there;
 * - A killed with -9 in the middle of a game of AI seats: B takes the table (nobody asked for
 *   it) and the game goes on to its end there;
 * - A stopped (SIGSTOP) in the middle of such a game: B ends A's database session once A's
 *   lease lapses (its lock free within 10 s), takes the table and plays it on; A, continued,
 *   serves on, and the game's actions are stored each once;
 * - of three processes, the elected one takes a dead one's table; asked for it by another, it
 *   lets it go and leaves it alone until the asker's page returns, however late (the page's
 *   wait grows to 10 s; taken again after QV__ORPHAN_GRACE s, the table was asked back at every
 *   attempt and the page never got in);
 * - a table born at A (its --id-prefix) and played at B goes back to A when A comes back;
 * - an address's limits count its tables on both processes: tables made at A, wherever they are
 *   played, count at B;
 * - A killed with -9 while a player thinks: B takes the table back with the time the player
 *   took at A up to A's last save of its running clocks (at most QV__CLOCK_KEEP s unsaved)
 *   charged, and not the time no process held it;
 * - `quiver admin --as ann ban` answers once both processes refuse the address, each at once
 *   after it (before: once the first had it in force, the other serving the address for up to
 *   half a second more), `unban` likewise; with B stopped (SIGSTOP), it says B did not have it
 *   in force, naming it, and exits 1 (before: "refused from now on" while B served the
 *   address); the audit names ann.
 */
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"

static tc_server A, B;

/* The harness's requests and sockets go to process s from now on. */
static void use(const tc_server *s) { th_server = *s; }

static void start_both(const char *db)
{
	assert_int_equal(tc_server_start(&A, th_quiver, db, NULL), 0);
	assert_int_equal(tc_server_start(&B, th_quiver, db, NULL), 0);
}

static void stop_both(void)
{
	if (A.pid > 0)
		tc_server_stop(&A, SIGTERM);
	if (B.pid > 0)
		tc_server_stop(&B, SIGTERM);
	A.pid = B.pid = th_server.pid = 0;
}

/* A cmocka teardown: a failed test leaves its processes running; they are killed. */
static int kill_both(void **state)
{
	(void)state;
	if (A.pid > 0)
		tc_server_stop(&A, SIGKILL);
	if (B.pid > 0)
		tc_server_stop(&B, SIGKILL);
	A.pid = B.pid = th_server.pid = 0;
	return 0;
}

/* Whether the lobby of the process in use lists table id, once it does (within the wait). */
static bool lobby_lists(const char *id)
{
	for (double end = tc_now_ms() + TH_WAIT_MS; tc_now_ms() < end; poll(NULL, 0, 100)) {
		json_t *page = th_http("GET", "/api/tables?limit=100", NULL, 200);
		size_t i;
		json_t *t;
		bool found = false;
		json_array_foreach(json_object_get(page, "tables"), i, t) found |=
		    strcmp(json_string_value(json_object_get(t, "id")), id) == 0;
		json_decref(page);
		if (found)
			return true;
	}
	return false;
}

/* GET /api/tables/ID at the process in use: its status, and Retry-After into retry. */
static int info_status(const char *id, char retry[16])
{
	char path[64];
	snprintf(path, sizeof path, "/api/tables/%s", id);
	tc_reply r;
	int st = tc_http(th_server.port, "GET", path, NULL, 0, &r);
	retry[0] = '\0';
	tc_header(&r, "Retry-After", retry, 16);
	tc_reply_free(&r);
	return st;
}

/* Waits until the process in use serves table id (200), taking it from whichever process
 * holds it (503 meanwhile); fails when it does not within the wait. */
static void served(const char *id)
{
	char retry[16];
	int st = 0;
	for (double end = tc_now_ms() + TH_WAIT_MS; st != 200 && tc_now_ms() < end;
	     poll(NULL, 0, 200))
		st = info_status(id, retry);
	assert_int_equal(st, 200);
}

/* The time left of seat `seat` in a table's info. */
static long long clock_left(const json_t *table, const char *seat)
{
	return json_integer_value(
	    json_object_get(json_object_get(json_object_get(table, "clock"), "left"), seat));
}

/* The time left of seat `seat` in table id's info at the process in use. */
static long long left_of(const char *id, const char *seat)
{
	json_t *info = th_info(id);
	long long ms = clock_left(info, seat);
	json_decref(info);
	return ms;
}

static void test_table_moves(void **state)
{
	(void)state;
	start_both(th_new_db());
	use(&A);
	char id[32], t1[64], t2[64], retry[16];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"private\": "
	          "false, \"clock\": {\"kind\": \"fischer\", \"base\": 300, \"increment\": 5}}",
	          id);
	use(&B);
	assert_true(lobby_lists(id));
	/* A plays it: p1 seated there and a first move made */
	use(&A);
	th_join(id, "p1", t1);
	th_join(id, "p2", t2);
	th_seat p1, p2;
	th_seat_open(&p1, id, t1);
	th_seat_open(&p2, id, t2);
	th_seat *all[] = {&p1, &p2};
	th_seat_wait_to_move(&p1, "p1");
	th_seat_play_first(&p1, all, 2);
	long long v = p1.v;
	th_seat_wait_to_move(&p1, "p2");
	long long p1_left = clock_left(p1.table, "p1");
	/* p2 thinks for 1.5 s at A before the table moves */
	double moved_at = tc_now_ms() + 1500;
	while (tc_now_ms() < moved_at)
		poll(NULL, 0, 50);
	/* a socket opened at A, its hello not yet said when A lets the table go */
	tc_ws late;
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(&late, A.port, path), 0);
	/* asked at B: "try again", and A lets it go */
	use(&B);
	assert_int_equal(info_status(id, retry), 503);
	assert_string_equal(retry, "1");
	th_expect_close(&p1.ws, 1012, "moved");
	th_expect_close(&p2.ws, 1012, "moved");
	/* its hello after: told to connect again, not greeted at a table A no longer plays (a
	 * page once stayed on one, hearing nothing, as a process of the site came back) */
	assert_int_equal(tc_ws_send_text(&late, "{\"type\": \"hello\", \"token\": null}"), 0);
	th_expect_close(&late, 1012, "moved");
	tc_ws_close(&late);
	th_seat_close(&p1);
	th_seat_close(&p2);
	served(id);
	/* p2's clock kept running through the move: the 1.5 s at A are charged; p1's, stopped,
	 * is as it was */
	assert_true(left_of(id, "p2") <= 300000 - 1500);
	assert_int_equal(left_of(id, "p1"), p1_left);
	/* B goes on from A's last move */
	th_seat_open(&p1, id, t1);
	th_seat_open(&p2, id, t2);
	assert_int_equal(p1.v, v);
	th_seat_wait_to_move(&p2, "p2");
	th_seat_play_first(&p2, all, 2);
	assert_true(p1.v > v);
	use(&A);
	assert_true(lobby_lists(id)); /* as B publishes it */
	th_seat_close(&p1);
	th_seat_close(&p2);
	stop_both();
}

/* The channel's next frame of type `type` about table id, others before it skipped. */
static void hear(tc_ws *w, const char *type, const char *id)
{
	for (;;) {
		json_t *f = tc_ws_recv_json(w, TH_WAIT_MS);
		assert_non_null(f);
		const char *ft = json_string_value(json_object_get(f, "type"));
		const char *table = json_string_value(json_object_get(f, "table"));
		bool it = ft && table && strcmp(ft, type) == 0 && strcmp(table, id) == 0;
		json_decref(f);
		if (it)
			return;
	}
}

/* The seat's next rematch frame (others before it skipped): the new table's id and the seat's
 * token there. */
static void rematch_of(th_seat *s, char id[32], char token[64])
{
	for (;;) {
		json_t *f = tc_ws_recv_json(&s->ws, TH_WAIT_MS);
		assert_non_null(f);
		bool it = strcmp(json_string_value(json_object_get(f, "type")), "rematch") == 0 &&
		          json_is_string(json_object_get(f, "token"));
		if (it) {
			snprintf(id, 32, "%s", json_string_value(json_object_get(f, "table")));
			snprintf(token, 64, "%s", json_string_value(json_object_get(f, "token")));
		}
		json_decref(f);
		if (it)
			return;
	}
}

/* A rematch made at A, where the finished table is played, is played at B, where its id
 * leads: it moves there as any table does, its seats' tokens good there. */
static void test_rematch_elsewhere(void **state)
{
	(void)state;
	start_both(th_new_db());
	use(&A);
	char id[32], t1[64], t2[64], nid[32], n1[64], n2[64];
	th_seat p1, p2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id, t1, t2,
	             &p1, &p2);
	long long v = p1.v;
	th_seat_send(&p1, "{\"type\": \"resign\", \"v\": %lld}", v);
	th_seat_send(&p1, "{\"type\": \"rematch\"}");
	/* p2 asks once the game is over: frames of two sockets are taken in no set order, and a
	 * rematch asked before the resignation is refused (the game is not over yet) */
	th_seat_reach(&p2, v + 1);
	th_seat_send(&p2, "{\"type\": \"rematch\"}");
	rematch_of(&p1, nid, n1);
	rematch_of(&p2, nid, n2);
	use(&B);
	served(nid);
	th_seat q1, q2;
	th_seat_open(&q1, nid, n1);
	th_seat_open(&q2, nid, n2);
	th_seat *all[] = {&q1, &q2};
	/* the seats moved on: p2 begins the rematch as p1 */
	th_seat_wait_to_move(&q2, "p1");
	th_seat_play_first(&q2, all, 2);
	th_seat_close(&q1);
	th_seat_close(&q2);
	th_seat_close(&p1);
	th_seat_close(&p2);
	stop_both();
}

/* Whether ann's list at the process in use shows table id with her turn (within the wait). */
static bool my_turn_listed(th_browser *ann, const char *id)
{
	for (double end = tc_now_ms() + TH_WAIT_MS; tc_now_ms() < end; poll(NULL, 0, 100)) {
		tc_reply r;
		th_browser_ask(ann, "GET", "/api/me", NULL, 200, &r);
		size_t i;
		json_t *t;
		bool mine = false;
		json_array_foreach(json_object_get(r.json, "tables"), i, t) mine |=
		    strcmp(json_string_value(json_object_get(t, "id")), id) == 0 &&
		    json_is_true(json_object_get(t, "my_turn"));
		tc_reply_free(&r);
		if (mine)
			return true;
	}
	return false;
}

static void test_channel_across(void **state)
{
	(void)state;
	start_both(th_new_db());
	th_browser ann = {0}, bob = {0};
	use(&A);
	th_browser_key(&ann);
	th_browser_key(&bob);
	/* Ann's channel is open at B */
	use(&B);
	tc_ws w;
	assert_int_equal(th_channel_open(&ann, &w), 0);
	/* the table is played at A */
	use(&A);
	tc_reply r;
	th_browser_ask(&ann, "POST", "/api/tables",
	               "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", 201, &r);
	char id[32], t1[64], t2[64];
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
	th_browser_join(&ann, id, "{\"seat\": \"p1\"}", t1);
	th_browser_join(&bob, id, "{\"seat\": \"p2\"}", t2);
	hear(&w, "turn", id);
	use(&B);
	assert_true(my_turn_listed(&ann, id));
	use(&A);
	th_seat p1;
	th_seat_open(&p1, id, t1);
	th_seat_send(&p1, "{\"type\": \"resign\", \"v\": %lld}", p1.v);
	hear(&w, "over", id);
	th_seat_close(&p1);
	tc_ws_close(&w);
	stop_both();
}

/* Both processes on a new database (its name into db), and at A a game of two medium seats
 * six versions in (searches of a few hundred ms a move: long enough a game to stop or kill A
 * in the middle); its id into id, and into sql the query of its version. */
static void ai_game_at_a(char db[128], char id[32], char *sql, size_t len)
{
	snprintf(db, 128, "%s", th_new_db());
	start_both(db);
	use(&A);
	th_create("{\"game\": \"evons\", \"seats\": [\"medium\", \"medium\"]}", id);
	snprintf(sql, len, "SELECT v FROM tables WHERE id = '%s'", id);
	while (th_sql_number(db, sql) < 6)
		poll(NULL, 0, 50);
}

static void test_orphan_taken(void **state)
{
	(void)state;
	char dbcopy[128], sql[160], id[32];
	ai_game_at_a(dbcopy, id, sql, sizeof sql);
	tc_server_stop(&A, SIGKILL);
	A.pid = 0;
	long long v = th_sql_number(dbcopy, sql);
	snprintf(sql, sizeof sql, "SELECT count(*) FROM tables WHERE id = '%s' AND status = 'over'",
	         id);
	assert_int_equal(th_sql_number(dbcopy, sql), 0);
	/* nobody asks B for it: B takes it by itself, and the game goes on to its end */
	for (double end = tc_now_ms() + 3 * TH_WAIT_MS; tc_now_ms() < end; poll(NULL, 0, 200))
		if (th_sql_number(dbcopy, sql) == 1)
			break;
	assert_int_equal(th_sql_number(dbcopy, sql), 1);
	snprintf(sql, sizeof sql, "SELECT v FROM tables WHERE id = '%s'", id);
	assert_true(th_sql_number(dbcopy, sql) > v);
	stop_both();
}

/* The pid of the session that holds table id's advisory lock, 0 when none does. */
static long long holder(const char *db, const char *id)
{
	char sql[400];
	snprintf(sql, sizeof sql,
	         "SELECT COALESCE(max(pid), 0) FROM pg_locks WHERE locktype = 'advisory' AND "
	         "objsubid = 1 AND granted AND ((classid::bigint << 32) | objid::bigint) = ('x' "
	         "|| '%s')::bit(64)::bigint",
	         id);
	return th_sql_number(db, sql);
}

/* Whether some session of the database holds table id's advisory lock. */
static bool held(const char *db, const char *id) { return holder(db, id) != 0; }

/* A stopped with SIGSTOP in the middle of a game of AI seats keeps its database session, and
 * PostgreSQL alone would never end it: B ends it once A's lease lapses (QV__LEASE s), and
 * takes the table, whose game goes on at B. A, continued, finds its session gone, cannot take
 * the table back, and serves on; what it played before the stop is kept, and the game ends
 * with every move once. */
static void test_stopped_loses_tables(void **state)
{
	(void)state;
	char dbcopy[128], sql[160], id[32];
	ai_game_at_a(dbcopy, id, sql, sizeof sql);
	long long at_a = holder(dbcopy, id);
	assert_true(at_a != 0);
	assert_int_equal(kill(A.pid, SIGSTOP), 0);
	double stopped = tc_now_ms();
	long long v = th_sql_number(dbcopy, sql);
	/* A's session ended and its lock free within the lease and two ticks of B */
	while (holder(dbcopy, id) == at_a && tc_now_ms() < stopped + TH_WAIT_MS)
		poll(NULL, 0, 100);
	double freed = tc_now_ms() - stopped;
	assert_true(holder(dbcopy, id) != at_a);
	/* B takes it by itself (nobody asks), and the game goes on there */
	while (th_sql_number(dbcopy, sql) <= v && tc_now_ms() < stopped + 3 * TH_WAIT_MS)
		poll(NULL, 0, 100);
	double moved = tc_now_ms() - stopped;
	assert_true(th_sql_number(dbcopy, sql) > v);
	print_message("A stopped: its lock free after %.1f s, the game on at B after %.1f s\n",
	              freed / 1000, moved / 1000);
	if (freed > 10000)
		fail_msg("A's lock was freed %.1f s after it stopped (its lease is 5 s)",
		         freed / 1000);
	/* A again: it serves, and the game ends at B with every move once */
	assert_int_equal(kill(A.pid, SIGCONT), 0);
	snprintf(sql, sizeof sql, "SELECT count(*) FROM tables WHERE id = '%s' AND status = 'over'",
	         id);
	for (double end = tc_now_ms() + 3 * TH_WAIT_MS; tc_now_ms() < end; poll(NULL, 0, 200))
		if (th_sql_number(dbcopy, sql) == 1)
			break;
	assert_int_equal(th_sql_number(dbcopy, sql), 1);
	/* A, its late write fenced, lets its copy go within a tick or two and reads the table
	 * from the database */
	use(&A);
	bool over = false;
	for (double end = tc_now_ms() + TH_WAIT_MS; !over && tc_now_ms() < end;
	     poll(NULL, 0, 200)) {
		json_t *info = th_info(id);
		over = strcmp(json_string_value(json_object_get(info, "status")), "over") == 0;
		json_decref(info);
	}
	assert_true(over);
	/* the stored actions numbered 0, 1, 2... without a gap: none lost, none twice */
	snprintf(sql, sizeof sql,
	         "SELECT count(*) - max(idx) - 1 FROM actions WHERE table_id = '%s'", id);
	assert_int_equal(th_sql_number(dbcopy, sql), 0);
	stop_both();
}

static tc_server C;

static int kill_three(void **state)
{
	if (C.pid > 0)
		tc_server_stop(&C, SIGKILL);
	C.pid = 0;
	return kill_both(state);
}

static void test_asked_left_alone(void **state)
{
	(void)state;
	const char *db = th_new_db();
	char dbcopy[128], id[32], retry[16];
	snprintf(dbcopy, sizeof dbcopy, "%s", db);
	start_both(dbcopy);
	assert_int_equal(tc_server_start(&C, th_quiver, dbcopy, NULL), 0);
	/* past every process's "back" (QV__BACK_AGAIN s after its start), which would let go of
	 * the table the elected one takes */
	for (double end = tc_now_ms() + 13000; tc_now_ms() < end;)
		poll(NULL, 0, 100);
	use(&A);
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	tc_server_stop(&A, SIGKILL);
	A.pid = 0;
	/* the elected one of B and C takes it */
	for (double end = tc_now_ms() + TH_WAIT_MS; !held(dbcopy, id) && tc_now_ms() < end;)
		poll(NULL, 0, 100);
	assert_true(held(dbcopy, id));
	/* asked at the other one: 503 while the elected one lets it go */
	use(&B);
	tc_server *asker = &B;
	if (info_status(id, retry) == 200) {
		asker = &C;
		use(&C);
		assert_int_equal(info_status(id, retry), 503);
	}
	for (double end = tc_now_ms() + TH_WAIT_MS; held(dbcopy, id) && tc_now_ms() < end;)
		poll(NULL, 0, 50);
	assert_false(held(dbcopy, id));
	/* a page that comes back 7 s later (well past QV__ORPHAN_GRACE) finds it free */
	for (double end = tc_now_ms() + 7000; tc_now_ms() < end;) {
		assert_false(held(dbcopy, id));
		poll(NULL, 0, 200);
	}
	use(asker);
	assert_int_equal(info_status(id, retry), 200);
	assert_true(held(dbcopy, id));
	tc_server_stop(&C, SIGTERM);
	C.pid = 0;
	stop_both();
}

/* A table born at A (A's --id-prefix) and asked for at B, which plays it since, goes back to A
 * when A comes back: HAProxy sends its requests to A again, so B lets it go at A's "back" and
 * its pages connect again. (B took such a table asked for while A was dying, its lock not yet
 * freed, and kept it for good: `cluster/browser` waited 200 s for it on CI.) */
static void test_home_back(void **state)
{
	(void)state;
	const char *db = th_new_db();
	char dbcopy[128], id[32], token[64];
	snprintf(dbcopy, sizeof dbcopy, "%s", db);
	const char *const at_a[] = {"--id-prefix", "1", NULL}, *const at_b[] = {"--id-prefix", "2",
	                                                                        NULL};
	assert_int_equal(tc_server_start(&A, th_quiver, dbcopy, at_a), 0);
	assert_int_equal(tc_server_start(&B, th_quiver, dbcopy, at_b), 0);
	/* past A's own "back"s (QV__BACK_AGAIN s after its start) */
	for (double end = tc_now_ms() + 13000; tc_now_ms() < end;)
		poll(NULL, 0, 100);
	use(&A);
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	assert_int_equal(id[0], '1');
	use(&B);
	served(id);
	th_join(id, "p1", token);
	th_seat p1;
	th_seat_open(&p1, id, token);
	/* A comes back: B lets the table go, and A plays it */
	tc_server_stop(&A, SIGTERM);
	assert_int_equal(tc_server_start(&A, th_quiver, dbcopy, at_a), 0);
	th_expect_close(&p1.ws, 1012, "moved");
	th_seat_close(&p1);
	use(&A);
	served(id);
	stop_both();
}

static void test_limits_site_wide(void **state)
{
	(void)state;
	const char *db = th_new_db();
	static const char *const limits[] = {"--address-tables", "3", "--address-ai-tables", "1",
	                                     NULL};
	assert_int_equal(tc_server_start(&A, th_quiver, db, limits), 0);
	assert_int_equal(tc_server_start(&B, th_quiver, db, limits), 0);
	const char *ai = "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"easy\"]}";
	const char *two = "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}";
	char id[32], moved[32];
	use(&A);
	th_create(ai, id);
	/* a table with an AI seat made at A counts at B */
	use(&B);
	th_refused("POST", "/api/tables", ai, 429, "--address-ai-tables");
	th_create(two, moved);
	use(&A);
	th_create(two, id);
	use(&B);
	th_refused("POST", "/api/tables", two, 429, "3 of at most 3");
	/* and a table of B's played at A (asked for there) still counts at B */
	use(&A);
	served(moved);
	use(&B);
	th_refused("POST", "/api/tables", two, 429, "3 of at most 3");
	stop_both();
}

static void test_clock_kept_through_kill(void **state)
{
	(void)state;
	start_both(th_new_db());
	use(&A);
	char id[32], t1[64], t2[64];
	th_seat p1, p2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], "
	             "\"clock\": {\"kind\": \"fischer\", \"base\": 300, \"increment\": 0}}",
	             id, t1, t2, &p1, &p2);
	th_seat *all[] = {&p1, &p2};
	th_seat_wait_to_move(&p1, "p1");
	long long p2_base = left_of(id, "p2");
	double moved = tc_now_ms(); /* (p2's clock starts a little later) */
	th_seat_play_first(&p1, all, 2);
	th_seat_wait_to_move(&p1, "p2");
	/* p2 thinks for 16 s at A, which then dies (its sockets closed after: nothing saved at
	 * their close); nobody asks B for the table, and B, elected, takes it QV__ORPHAN_GRACE
	 * (3) s later */
	for (double end = tc_now_ms() + 16000; tc_now_ms() < end;)
		poll(NULL, 0, 100);
	tc_server_stop(&A, SIGKILL);
	A.pid = 0;
	th_seat_close(&p1);
	th_seat_close(&p2);
	for (double end = tc_now_ms() + 5000; tc_now_ms() < end;)
		poll(NULL, 0, 100);
	use(&B);
	served(id);
	long long charged = p2_base - left_of(id, "p2");
	double since = tc_now_ms() - moved;
	/* A saved p2's clock QV__CLOCK_KEEP s (10) and at most a tick (1) after the move: of the
	 * 16 s at A, those 10 were charged (before, none: only the 2 s at B after it took the
	 * table); the 3 s or more no process held it, from the kill to B's taking it, were not */
	assert_true(charged >= 9000);
	assert_true(charged <= since - 3000 + 1000);
	stop_both();
}

/* GET /api/games at process s from address `from`: its status. */
static int status_at(const tc_server *s, const char *from)
{
	assert_int_equal(tc_set_source(from), 0);
	tc_reply r;
	int st = tc_http(s->port, "GET", "/api/games", NULL, 0, &r);
	tc_reply_free(&r);
	assert_int_equal(tc_set_source(NULL), 0);
	return st;
}

static void test_ban_everywhere(void **state)
{
	(void)state;
	char db[128], out[4096], words[96];
	snprintf(db, sizeof db, "%s", th_new_db());
	start_both(db);
	const char *addr = "127.0.9.9";
	assert_int_equal(status_at(&A, addr), 200);
	assert_int_equal(status_at(&B, addr), 200);
	int rc = th_admin(db, out, sizeof out, "--as ann ban %s --reason probe", addr);
	if (rc != 0 || !strstr(out, "refused from now on") ||
	    !strstr(out, "every running server (2)"))
		fail_msg("ban: exit %d: %s", rc, out);
	assert_int_equal(status_at(&A, addr), 403);
	assert_int_equal(status_at(&B, addr), 403);
	rc = th_admin(db, out, sizeof out, "unban %s --as ann", addr);
	if (rc != 0 || !strstr(out, "served again"))
		fail_msg("unban: exit %d: %s", rc, out);
	assert_int_equal(status_at(&A, addr), 200);
	assert_int_equal(status_at(&B, addr), 200);

	assert_int_equal(kill(B.pid, SIGSTOP), 0);
	rc = th_admin(db, out, sizeof out, "ban %s --wait 2", addr);
	kill(B.pid, SIGCONT);
	snprintf(words, sizeof words, "quiver serve %d@", (int)B.pid);
	if (rc != 1 || !strstr(out, "did not have it in force") || !strstr(out, words))
		fail_msg("ban with B stopped: exit %d, expected 1 naming '%s': %s", rc, words, out);
	assert_int_equal(status_at(&A, addr), 403);
	assert_int_equal(th_admin(db, out, sizeof out, "audit"), 0);
	if (!strstr(out, "ann"))
		fail_msg("the audit does not name the moderator ann: %s", out);
	stop_both();
}

int main(int argc, char **argv)
{
	int rc = th_init(argc, argv, "processes", 900);
	if (rc)
		return rc;
	if (!th_pg()) {
		fprintf(stderr,
		        "test_processes: run it under tests/cluster/pg_run.sh (QV_TEST_PG=1)\n");
		return 2;
	}
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_table_moves, kill_both),
	    cmocka_unit_test_teardown(test_channel_across, kill_both),
	    cmocka_unit_test_teardown(test_rematch_elsewhere, kill_both),
	    cmocka_unit_test_teardown(test_orphan_taken, kill_both),
	    cmocka_unit_test_teardown(test_stopped_loses_tables, kill_both),
	    cmocka_unit_test_teardown(test_asked_left_alone, kill_three),
	    cmocka_unit_test_teardown(test_home_back, kill_both),
	    cmocka_unit_test_teardown(test_limits_site_wide, kill_both),
	    cmocka_unit_test_teardown(test_clock_kept_through_kill, kill_both),
	    cmocka_unit_test_teardown(test_ban_everywhere, kill_both),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
