/*
 * test_pg_store.c - the PostgreSQL store's own cases, run by pg_run.sh in a throwaway cluster
 * (QV_TEST_PG=1; the harness makes each database there):
 * - a wrong connection string (no server at the port, no such database): `quiver serve` exits
 *   with status 1 and one line naming the connection, its password hidden, and libpq's reason;
 * - a database of schema 7 gains the fencing epoch (schema 8); one of a newer schema
 *   (quiver_schema says 17): refused, naming both versions; one of schema 9 gains the
 *   operator's tables (schema 10), one of schema 10 the index of a table's ratings (11), one of
 *   schema 11 the table blocks (12), one of schema 12 the follows, challenges and puzzles (13),
 *   one of schema 13 the secrets and ties (14), one of schema 14 its keys of likeness made
 *   again (15), one of schema 15 the tournaments (16);
 * - PostgreSQL stopped under a running server: an act is refused with an error frame holding
 *   libpq's reason (and a new table with an error), nothing answered as done; PostgreSQL
 *   started again: the same act is accepted, and it is there after a restart of the server;
 *   GET /api/health answers 200 "ok" before, 503 "failing" while it is stopped, 200 after; a
 *   table not in memory meanwhile is answered 503 "the database did not answer", not 404;
 * - a second process starting beside one that holds a table reads nothing of it (its actions
 *   made unreadable meanwhile);
 * - a table's row held FOR UPDATE by another session: an act waits no longer than the lock
 *   timeout (half of --db-timeout) and is refused as "the site is slow"; another table of the
 *   same process plays while it waits (on another connection of the pool: with one
 *   connection, it waited behind the held row); the row let go, the same act is accepted;
 * - `quiver db copy`: an SQLite database with tables (one finished), players, an account and a
 *   tournament (its player, game and wave)
 *   copied into PostgreSQL and from there into a new SQLite file, each checked row by row by
 *   the command; a non-empty destination refused; both copies served with the same tables and
 *   the finished table's record alike on all three; a source a running server has open (the
 *   SQLite file, the PostgreSQL database) refused, naming the server.
 */
#define _DEFAULT_SOURCE /* usleep */
#include <poll.h>
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
#include <libpq-fe.h>

#include "harness.h"

/* Runs quiver with args (NULL ended), which must exit by itself within TH_WAIT_MS: its output
 * (stdout and stderr) into text, its wait status returned. */
static int run_quiver(const char *const *args, char *text, size_t len)
{
	int out[2];
	assert_int_equal(pipe(out), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(out[1], 1);
		dup2(out[1], 2);
		close(out[0]);
		close(out[1]);
		char *argv[16] = {(char *)th_quiver};
		for (int i = 0; args[i] && i < 14; i++)
			argv[i + 1] = (char *)args[i];
		execv(th_quiver, argv);
		_exit(127);
	}
	close(out[1]);
	size_t n = 0;
	double end = tc_now_ms() + TH_WAIT_MS;
	while (n < len - 1 && tc_now_ms() < end) {
		struct pollfd p = {.fd = out[0], .events = POLLIN};
		if (poll(&p, 1, 200) <= 0)
			continue;
		ssize_t r = read(out[0], text + n, len - 1 - n);
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	text[n] = '\0';
	close(out[0]);
	int status = 0;
	while (waitpid(pid, &status, WNOHANG) == 0 && tc_now_ms() < end)
		usleep(10000);
	if (kill(pid, 0) == 0) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		fail_msg("quiver %s did not end: %s", args[0], text);
	}
	return status;
}

/* `quiver serve --port 0 --db db`, which must exit by itself (it cannot open db). */
static int serve_refused(const char *db, char *text, size_t len)
{
	const char *args[] = {"serve", "--port", "0", "--db", db, NULL};
	return run_quiver(args, text, len);
}

/* The server's output must be status 1 and one line holding every one of the words (NULL
 * ended) and not `secret` (NULL: no check). */
static void expect_refusal(const char *db, const char *secret, ...)
{
	char text[2048];
	int status = serve_refused(db, text, sizeof text);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 1)
		fail_msg("expected exit status 1 for %s; got wait status %d: %s", db, status, text);
	const char *nl = strchr(text, '\n');
	if (!nl || nl[1] != '\0')
		fail_msg("expected one line for %s; got: %s", db, text);
	if (secret && strstr(text, secret))
		fail_msg("the password shows: %s", text);
	va_list ap;
	va_start(ap, secret);
	for (const char *w = va_arg(ap, const char *); w; w = va_arg(ap, const char *))
		if (!strstr(text, w))
			fail_msg("expected '%s' in: %s", w, text);
	va_end(ap);
}

static void test_wrong_connection(void **state)
{
	(void)state;
	/* nothing listens on port 1 */
	expect_refusal("postgresql://qv:hunter2@127.0.0.1:1/nope", "hunter2",
	               "cannot open the database postgresql://qv:***@127.0.0.1:1/nope: ",
	               "port 1 failed", "Connection refused", NULL);
	expect_refusal("host=127.0.0.1 port=1 dbname=nope password='hunter 2'", "hunter",
	               "cannot open the database host=127.0.0.1 port=1 dbname=nope password=***: ",
	               "Connection refused", NULL);
	/* the cluster's server, a database it does not have */
	expect_refusal("dbname=qv_none", NULL, "cannot open the database dbname=qv_none: ",
	               "database \"qv_none\" does not exist", NULL);
	/* not a connection string libpq reads */
	expect_refusal(
	    "host=127.0.0.1 port", NULL,
	    "cannot open the database host=127.0.0.1 port: ", "missing \"=\" after \"port\"", NULL);
}

static void test_newer_schema(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_stop();
	assert_int_equal(th_sql_number(db, "SELECT max(version) FROM quiver_schema"), 16);
	/* a database of schema 7 (before the fencing epoch) gains it */
	th_sql(db, "ALTER TABLE tables DROP COLUMN epoch; DROP INDEX accounts_skeleton; DROP INDEX "
	           "accounts_addr; ALTER TABLE accounts DROP COLUMN addr; ALTER TABLE accounts "
	           "DROP COLUMN skeleton; UPDATE quiver_schema SET version = 7");
	th_start(db, NULL);
	th_stop();
	assert_int_equal(th_sql_number(db, "SELECT max(version) FROM quiver_schema"), 16);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM information_schema.columns WHERE "
	                                   "table_name = 'accounts' AND column_name IN ('addr', "
	                                   "'skeleton')"),
	                 2);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM information_schema.columns WHERE "
	                                   "table_name = 'tables' AND column_name = 'epoch'"),
	                 1);
	/* a database of schema 9 (before the operator's tables) gains them */
	th_sql(db,
	       "DROP TABLE bans; DROP TABLE suspensions; DROP TABLE audit; UPDATE quiver_schema "
	       "SET version = 9");
	th_start(db, NULL);
	th_stop();
	assert_int_equal(th_sql_number(db, "SELECT max(version) FROM quiver_schema"), 16);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM information_schema.tables WHERE "
	                                   "table_name IN ('bans', 'suspensions', 'audit')"),
	                 3);
	/* a database of schema 10 (before the index of a table's ratings) gains it */
	th_sql(db, "DROP INDEX rating_history_table; UPDATE quiver_schema SET version = 10");
	th_start(db, NULL);
	th_stop();
	assert_int_equal(th_sql_number(db, "SELECT max(version) FROM quiver_schema"), 16);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM pg_indexes WHERE indexname = "
	                                   "'rating_history_table'"),
	                 1);
	/* a database of schema 11 (before the blocks) gains them */
	th_sql(db, "DROP TABLE blocks; UPDATE quiver_schema SET version = 11");
	th_start(db, NULL);
	th_stop();
	assert_int_equal(th_sql_number(db, "SELECT max(version) FROM quiver_schema"), 16);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM information_schema.tables WHERE "
	                                   "table_name = 'blocks'"),
	                 1);
	/* a database of schema 12 (before follows, presence and challenges) gains them */
	th_sql(db, "DROP TABLE follows; DROP TABLE presence; DROP TABLE challenges; DROP TABLE "
	           "puzzles; DROP TABLE puzzle_sources; DROP TABLE puzzle_ratings; DROP TABLE "
	           "puzzle_attempts; UPDATE quiver_schema SET version = 12");
	th_start(db, NULL);
	th_stop();
	assert_int_equal(th_sql_number(db, "SELECT max(version) FROM quiver_schema"), 16);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM information_schema.tables WHERE "
	                                   "table_name IN ('follows', 'presence', 'challenges', "
	                                   "'puzzles', 'puzzle_sources', 'puzzle_ratings', "
	                                   "'puzzle_attempts')"),
	                 7);
	/* a database of schema 13 (before the secrets and ties) gains them */
	th_sql(db, "DROP TABLE secrets; DROP TABLE ties; UPDATE quiver_schema SET version = 13");
	th_start(db, NULL);
	th_stop();
	assert_int_equal(th_sql_number(db, "SELECT max(version) FROM quiver_schema"), 16);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM information_schema.tables WHERE "
	                                   "table_name IN ('secrets', 'ties')"),
	                 2);
	/* a database of schema 14 has its accounts' keys of likeness made again (case folded
	 * first: the M of Mia is an m, whose prototype is rn) */
	th_start(db, NULL);
	json_decref(th_http("POST", "/api/accounts",
	                    "{\"username\": \"Mia\", \"password\": \"arrows fly far\"}", 201));
	th_stop();
	th_sql(db, "UPDATE accounts SET skeleton = 'mia'; UPDATE quiver_schema SET version = 14");
	th_start(db, NULL);
	th_stop();
	assert_int_equal(th_sql_number(db, "SELECT max(version) FROM quiver_schema"), 16);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM accounts WHERE skeleton = 'rnia'"),
	                 1);
	/* a database of schema 15 (before the tournaments) gains them */
	th_sql(db, "DROP TABLE tournaments; DROP TABLE tournament_players; DROP TABLE "
	           "tournament_games; DROP TABLE tournament_waves; UPDATE quiver_schema SET "
	           "version = 15");
	th_start(db, NULL);
	th_stop();
	assert_int_equal(th_sql_number(db, "SELECT max(version) FROM quiver_schema"), 16);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM information_schema.tables WHERE "
	                                   "table_name IN ('tournaments', 'tournament_players', "
	                                   "'tournament_games', 'tournament_waves')"),
	                 4);
	th_sql(db, "UPDATE quiver_schema SET version = 17");
	expect_refusal(db, NULL, "cannot open the database ",
	               "it was made by a newer quiver (schema 17; this one knows 16)", NULL);
}

/* GET /api/health's status, and its "store" ("ok" or "failing") checked against it. */
static int health(void)
{
	tc_reply r;
	int status = tc_http(th_server.port, "GET", "/api/health", NULL, 0, &r);
	const char *store = json_string_value(json_object_get(r.json, "store"));
	if (!store || strcmp(store, status == 200 ? "ok" : "failing") != 0)
		fail_msg("GET /api/health: %d with %s", status, r.body ? r.body : "(no body)");
	tc_reply_free(&r);
	return status;
}

/* A table id that no table has. */
#define ABSENT "/api/tables/fedcba9876543210"

/* Which of the two seats has a legal action now. */
static th_seat *to_move(th_seat *p1, th_seat *p2)
{
	return json_array_size(json_object_get(p1->view, "legal")) > 0 ? p1 : p2;
}

/* While PostgreSQL is down, a table not in this process's memory (an id of another's, as one
 * taken over or reached after a restart would be) cannot be read: GET and a WebSocket for it
 * answer 503 with a Retry-After, saying the database did not answer, never 404 "no table" (a
 * slow database told players their game did not exist, cluster/paths under load). The table
 * in memory (id) is still served. */
static void not_read_while_down(const char *id)
{
	const char *absent = ABSENT;
	tc_reply r;
	tc_http(th_server.port, "GET", absent, NULL, 0, &r);
	const char *msg = json_string_value(json_object_get(r.json, "error"));
	char retry[16] = "";
	if (r.status != 503 || !msg || !strstr(msg, "the database did not answer") ||
	    !tc_header(&r, "Retry-After", retry, sizeof retry) || atoi(retry) < 1)
		fail_msg("GET %s with the database down: %d (Retry-After '%s'): %s", absent,
		         r.status, retry, r.body ? r.body : "(none)");
	tc_reply_free(&r);
	char ws[64];
	snprintf(ws, sizeof ws, "%s/ws", absent);
	tc_ws w;
	assert_int_equal(tc_ws_open(&w, th_server.port, ws), 503);
	assert_true(w.retry_after >= 1);
	char path[64];
	snprintf(path, sizeof path, "/api/tables/%s", id);
	assert_int_equal(tc_http(th_server.port, "GET", path, NULL, 0, &r), 200);
	tc_reply_free(&r);
}

static void test_outage(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	assert_int_equal(health(), 200);
	char id[32], t1[64], t2[64];
	th_seat p1, p2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id, t1, t2,
	             &p1, &p2);
	th_seat *mover = to_move(&p1, &p2);
	char action[128];
	snprintf(action, sizeof action, "%s", th_seat_first(mover));
	long long v = mover->v;

	/* the id not_read_while_down asks for is no table's: 404 while the database answers */
	tc_reply none;
	assert_int_equal(tc_http(th_server.port, "GET", ABSENT, NULL, 0, &none), 404);
	tc_reply_free(&none);

	th_pg_cluster("stop");
	char frame[256];
	snprintf(frame, sizeof frame, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", v,
	         action);
	th_seat_refused(mover, frame, "the database");
	const char *body = "{\"game\": \"evons\"}";
	tc_reply r;
	tc_http(th_server.port, "POST", "/api/tables", body, strlen(body), &r);
	const char *msg = json_string_value(json_object_get(r.json, "error"));
	if (r.status < 500 || !msg || !strstr(msg, "the database"))
		fail_msg("expected a 5xx saying the database failed; got %d: %s", r.status,
		         r.body ? r.body : "(none)");
	tc_reply_free(&r);
	assert_int_equal(health(), 503);
	not_read_while_down(id);

	th_pg_cluster("start");
	assert_int_equal(health(), 200);
	th_seat_act(mover, action);
	th_seat_reach(mover, v + 1);
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
	th_start(db, NULL);
	json_t *info = th_info(id);
	assert_int_equal(json_integer_value(json_object_get(info, "v")), v + 1);
	json_decref(info);
	th_stop();
}

/* Runs sql on db with the one parameter id; how many rows it changed. */
static int exec_on(const char *db, const char *sql, const char *id)
{
	PGconn *c = PQconnectdb(db);
	assert_int_equal(PQstatus(c), CONNECTION_OK);
	const char *v[] = {id};
	PGresult *r = PQexecParams(c, sql, 1, NULL, v, NULL, NULL, 0);
	if (PQresultStatus(r) != PGRES_COMMAND_OK)
		fail_msg("%s: %s", sql, PQerrorMessage(c));
	int n = atoi(PQcmdTuples(r));
	PQclear(r);
	PQfinish(c);
	return n;
}

/* A process starting where another holds a table reads nothing of that table: its actions made
 * unreadable (numbered from 100), a second process starts and serves all the same, and the
 * first plays on once they are put back. A start read every table of the site with its
 * actions under one --db-timeout, and a restart on a busy site gave up (cluster/failover at
 * the busiest of a loaded machine: "the database did not answer within 5000 ms"). */
static void test_start_beside(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	char id[32], t1[64], t2[64];
	th_seat p1, p2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id, t1, t2,
	             &p1, &p2);
	th_seat *seats[] = {&p1, &p2};
	th_seat_play_first(to_move(&p1, &p2), seats, 2);
	assert_true(exec_on(db, "UPDATE actions SET idx = idx + 100 WHERE table_id = $1", id) > 0);
	tc_server second;
	assert_int_equal(tc_server_start(&second, th_quiver, db, NULL), 0);
	assert_int_equal(tc_server_stop(&second, SIGTERM), 0);
	assert_true(exec_on(db, "UPDATE actions SET idx = idx - 100 WHERE table_id = $1", id) > 0);
	th_seat_play_first(to_move(&p1, &p2), seats, 2);
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

/* A session of its own on db that holds table id's row FOR UPDATE until it is finished. */
static PGconn *hold_row(const char *db, const char *id)
{
	PGconn *c = PQconnectdb(db);
	assert_int_equal(PQstatus(c), CONNECTION_OK);
	PGresult *r = PQexec(c, "BEGIN");
	assert_int_equal(PQresultStatus(r), PGRES_COMMAND_OK);
	PQclear(r);
	const char *v[] = {id};
	r = PQexecParams(c, "SELECT id FROM tables WHERE id = $1 FOR UPDATE", 1, NULL, v, NULL,
	                 NULL, 0);
	assert_int_equal(PQresultStatus(r), PGRES_TUPLES_OK);
	assert_int_equal(PQntuples(r), 1);
	PQclear(r);
	return c;
}

static void test_row_lock(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	/* a lock waited for 4 s: time enough for the other table's act on a loaded machine */
	static const char *const extra[] = {"--db-timeout", "8000", NULL};
	th_start(db, extra);
	th_duel one, two;
	th_duel_open(&one);
	th_duel_open(&two);
	th_seat *mover = one.mover, *elsewhere = two.mover;
	char action[128];
	snprintf(action, sizeof action, "%s", th_seat_first(mover));
	long long v = mover->v;

	PGconn *holder = hold_row(db, one.id);
	char frame[256];
	snprintf(frame, sizeof frame, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", v,
	         action);
	th_seat_send(mover, "%s", frame);
	/* The process's other table is not held up by the held row: it plays while the act
	 * waits, whose refusal comes only after. */
	long long w = elsewhere->v;
	th_seat_act(elsewhere, th_seat_first(elsewhere));
	th_seat_reach(elsewhere, w + 1);
	th_seat_drain(mover); /* what came to the mover meanwhile */
	assert_false(th_seat_heard(mover, "the site is slow"));
	bool refused = false;
	while (!refused) {
		th_seat_read(mover);
		refused = th_seat_heard(mover, "the site is slow, so this was not done");
		assert_int_equal(mover->v, v);
	}
	PGresult *r = PQexec(holder, "ROLLBACK");
	PQclear(r);
	PQfinish(holder);

	th_seat_act(mover, action);
	th_seat_reach(mover, v + 1);
	th_duel_close(&one);
	th_duel_close(&two);
	th_stop();
}

/* `quiver db copy from to`: its exit status 0 and the check's line, or 1 and `words`. */
static void copy(const char *from, const char *to, int status, const char *words)
{
	const char *args[] = {"db", "copy", from, to, NULL};
	char text[4096];
	int ws = run_quiver(args, text, sizeof text);
	if (!WIFEXITED(ws) || WEXITSTATUS(ws) != status || !strstr(text, words))
		fail_msg(
		    "quiver db copy %s %s: expected status %d and '%s'; got wait status %d: %s",
		    from, to, status, words, ws, text);
}

/* The counts of the tables of two databases alike. */
static void same_counts(const char *a, const char *b)
{
	static const char *const tables[] = {"tables",   "seats",    "actions",
	                                     "players",  "accounts", "recovery",
	                                     "sessions", "ratings",  "rated"};
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		char sql[64];
		snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", tables[i]);
		long long na = th_sql_number(a, sql), nb = th_sql_number(b, sql);
		if (na != nb)
			fail_msg("%s: %lld rows in %s, %lld in %s", tables[i], na, a, nb, b);
	}
}

/* Table id's version and status as the server on db tells them. */
static void served(const char *db, const char *id, long long v, const char *status)
{
	th_start(db, NULL);
	json_t *info = th_info(id);
	assert_int_equal(json_integer_value(json_object_get(info, "v")), v);
	assert_string_equal(json_string_value(json_object_get(info, "status")), status);
	json_decref(info);
	th_stop();
}

static void test_copy(void **state)
{
	(void)state;
	char lite[128], back[128], pg[128];
	snprintf(lite, sizeof lite, "%s/source.db", th_tmpdir);
	snprintf(back, sizeof back, "%s/back.db", th_tmpdir);
	snprintf(pg, sizeof pg, "%s", th_new_db());
	th_start(lite, NULL);
	th_browser ann = {0};
	tc_reply r;
	th_browser_ask(&ann, "POST", "/api/accounts",
	               "{\"username\": \"Ann\", \"password\": \"correct horse\"}", 201, &r);
	tc_reply_free(&r);
	char id[32], over[32], t1[64], t2[64];
	th_seat p1, p2, q1, q2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id, t1, t2,
	             &p1, &p2);
	th_seat *all[] = {&p1, &p2};
	th_seat_play_first(to_move(&p1, &p2), all, 2);
	long long v = p1.v;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", over, t1,
	             t2, &q1, &q2);
	th_seat *qall[] = {&q1, &q2};
	th_seat_play_first(to_move(&q1, &q2), qall, 2);
	th_seat_send(&q1, "{\"type\": \"resign\", \"v\": %lld}", q1.v);
	th_seat_reach(&q2, q1.v + 1);
	long long vover = q2.v;
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_seat_close(&q1);
	th_seat_close(&q2);
	th_stop();
	/* the operator's tables: a ban, a suspension, their audit lines */
	th_sql(lite,
	       "INSERT INTO bans VALUES ('203.0.113.7', 1.5e9, 'op', 'spam');"
	       "INSERT INTO suspensions VALUES (1, 1.5e9, 'op', NULL);"
	       "INSERT INTO audit (at, who, action, target, reason, done, outcome) VALUES "
	       "(1.5e9, 'op', 'ban', '203.0.113.7', 'spam', 1.5e9, 'refused from now on');"
	       /* and a block of the account's (of one gone) */
	       "INSERT INTO blocks VALUES (1, 7, 1.5e9);"
	       /* a tournament that ended, its player, its game and an arena's wave */
	       "INSERT INTO tournaments VALUES ('t0', 'arena', 'Cup', 1, '{\"game\": "
	       "\"three-arrows\"}', 1.5e9, 30, 0, 0, 'finished', 1, 1.5e9, NULL, NULL, "
	       "1.5e9, 1.5e9, 'Ann', NULL);"
	       "INSERT INTO tournament_players VALUES ('t0', 1, 'Ann', NULL, 1500.5, 1.5e9, 1, "
	       "1);"
	       "INSERT INTO tournament_games VALUES ('t0', 1, 0, NULL, 1, NULL, 'bye', 1.5e9, "
	       "1.5e9);"
	       "INSERT INTO tournament_waves VALUES ('t0', 1, 1.5e9, '{}');");

	copy(lite, pg, 0, "checked: the 29 tables alike");
	copy(lite, pg, 1, "is not empty");
	assert_int_equal(th_sql_number(pg, "SELECT count(*) FROM bans, suspensions, audit"), 1);
	assert_int_equal(th_sql_number(pg, "SELECT blocked FROM blocks WHERE account = 1"), 7);
	assert_int_equal(th_sql_number(pg, "SELECT count(*) FROM tournaments, tournament_players, "
	                                   "tournament_games, tournament_waves WHERE winner = "
	                                   "'Ann' AND rating = 1500.5 AND result = 'bye'"),
	                 1);
	/* the audit's ids go on after the copied ones */
	th_sql(pg, "INSERT INTO audit (at, who, action, target) VALUES (1.6e9, 'op', 'unban', "
	           "'203.0.113.7')");
	assert_int_equal(th_sql_number(pg, "SELECT max(id) FROM audit"), 2);
	copy(pg, back, 0, "checked: the 29 tables alike");
	/* The SQLite copy was made under a temporary name and renamed: nothing else is left. */
	char listing[256];
	snprintf(listing, sizeof listing, "ls %s | grep -c copying", th_tmpdir);
	FILE *ls = popen(listing, "r");
	int left = -1;
	assert_non_null(ls);
	assert_int_equal(fscanf(ls, "%d", &left), 1);
	pclose(ls);
	assert_int_equal(left, 0);
	same_counts(lite, pg);
	same_counts(lite, back);
	assert_int_equal(th_sql_number(pg, "SELECT count(*) FROM accounts"), 1);
	assert_int_equal(th_sql_number(pg, "SELECT count(*) FROM tables WHERE record IS NOT NULL"),
	                 1);
	served(pg, id, v, "playing");
	served(pg, over, vover, "over");
	served(back, id, v, "playing");
	/* the finished table's record, as each serves it, alike */
	json_t *rec[3];
	const char *dbs[3] = {lite, pg, back};
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/record", over);
	for (int i = 0; i < 3; i++) {
		th_start(dbs[i], NULL);
		rec[i] = th_http("GET", path, NULL, 200);
		th_stop();
	}
	assert_true(json_equal(rec[0], rec[1]));
	assert_true(json_equal(rec[0], rec[2]));
	assert_true(json_array_size(json_object_get(rec[0], "actions")) > 0);
	for (int i = 0; i < 3; i++)
		json_decref(rec[i]);
	/* the identity goes on after the copied ids: a new account on the copy */
	th_start(pg, NULL);
	th_browser bob = {0};
	th_browser_ask(&bob, "POST", "/api/accounts",
	               "{\"username\": \"Bob\", \"password\": \"another horse\"}", 201, &r);
	tc_reply_free(&r);
	th_stop();
	copy("/nonexistent/x.db", back, 1, "FROM: no SQLite database '/nonexistent/x.db'");

	/* A source a running server has open is refused, naming it (before: copied while it
	 * changed, or failed half-way on a bare "FOREIGN KEY constraint failed"). */
	char again[160], words[96];
	snprintf(again, sizeof again, "%s/again.db", th_tmpdir);
	th_start(lite, NULL);
	snprintf(words, sizeof words, "is live: process %d (quiver) has it open", th_server.pid);
	copy(lite, again, 1, words);
	th_stop();
	th_start(pg, NULL);
	snprintf(words, sizeof words, "is live: quiver serve %d@", th_server.pid);
	copy(pg, again, 1, words);
	th_stop();
}

int main(int argc, char **argv)
{
	int rc = th_init(argc, argv, "pgstore", 600);
	if (rc)
		return rc;
	if (!th_pg()) {
		fprintf(stderr,
		        "test_pg_store: run it under tests/cluster/pg_run.sh (QV_TEST_PG=1)\n");
		return 2;
	}
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_wrong_connection, th_teardown),
	    cmocka_unit_test_teardown(test_newer_schema, th_teardown),
	    cmocka_unit_test_teardown(test_outage, th_teardown),
	    cmocka_unit_test_teardown(test_start_beside, th_teardown),
	    cmocka_unit_test_teardown(test_row_lock, th_teardown),
	    cmocka_unit_test_teardown(test_copy, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
