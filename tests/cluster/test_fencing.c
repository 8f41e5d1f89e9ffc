/*
 * test_fencing.c - the ownership of tables between processes on one PostgreSQL database
 * (store.h, "several processes"), each process played by a store of its own (its own
 * connection), run by pg_run.sh in a throwaway cluster:
 * - a table is held by the process that made it; another's qv__store_own is refused (0) until
 *   it lets go, then taken (1), and the first one's next write fails and lists the table lost;
 * - two processes forced to hold one table (the first one's session ended under it, as when a
 *   network cut it off, and the second took the table) both apply a change at the same version
 *   at once, in either order: exactly one succeeds, the one that took it last, and the
 *   database holds its action and version only; the one that lost it, writing alone, is
 *   refused by the epoch, and a row at a version the holder did not write takes no change;
 * - the writes of one statement (the AI mark, a stop, the people) and a deletion fenced as a
 *   change is;
 * - two processes taking one table that nobody holds at once: exactly one gets it;
 * - the orphans: a table whose process died is listed, one held is not; one process is
 *   elected, and the other becomes so when the first one's session ends.
 */
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"
#include "server/store/owners.h"
#include "server/store/store.h"

/* A store on db, as one process opens it. */
static qv__store *open_store(const char *db)
{
	qv__store *s;
	qv_err err;
	if (qv__store_open(&s, db, &err))
		fail_msg("%s", err.msg);
	return s;
}

/* Table id made by s: two seats, at version 0, playing. */
static void make_table(qv__store *s, const char *id)
{
	qv__stored_table t = {.id = id,
	                      .game = "three-arrows",
	                      .params = "{}",
	                      .seed = 7,
	                      .v = 0,
	                      .status = "playing",
	                      .created = 1,
	                      .nseats = 2};
	snprintf(t.seats[0].kind, sizeof t.seats[0].kind, "human");
	snprintf(t.seats[1].kind, sizeof t.seats[1].kind, "human");
	qv_err err;
	if (qv__store_insert_table(s, &t, NULL, &err))
		fail_msg("%s", err.msg);
}

/* s's change of table id from version v to v + 1 with one action `text`. */
static qv_status apply(qv__store *s, const char *id, long long v, const char *text, qv_err *err)
{
	qv__store_move m = {.who = "p1", .text = text, .automatic = false, .at = 2};
	qv__store_update up = {.id = id,
	                       .from_v = v,
	                       .had = (int)v,
	                       .v = v + 1,
	                       .status = "playing",
	                       .keep = (int)v,
	                       .moves = &m,
	                       .nmoves = 1};
	return qv__store_change(s, &up, err);
}

/* Ends every session on db but the asker's, and waits until they ended (PostgreSQL 14 and
 * later): as if their processes' connections were cut. */
static void cut_sessions(const char *db)
{
	th_sql(db, "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE datname = "
	           "current_database() AND pid <> pg_backend_pid()");
}

static void test_held_and_let_go(void **state)
{
	(void)state;
	const char *db = th_new_db();
	qv__store *a = open_store(db), *b = open_store(db);
	make_table(a, "00000000000000a1");
	qv_err err;
	assert_int_equal(qv__store_own(a, "00000000000000a1", &err), 1); /* already */
	assert_int_equal(qv__store_own(b, "00000000000000a1", &err), 0);
	assert_int_equal(qv__store_own(b, "00000000000000ff", &err), -2); /* no such table */
	assert_int_equal(apply(a, "00000000000000a1", 0, "a1", &err), QV_OK);
	qv__store_disown(a, "00000000000000a1");
	assert_int_equal(qv__store_own(b, "00000000000000a1", &err), 1);
	/* a no longer holds it: its write is refused, naming the table */
	assert_int_equal(apply(a, "00000000000000a1", 1, "b1", &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "00000000000000a1"));
	assert_int_equal(apply(b, "00000000000000a1", 1, "b2", &err), QV_OK);
	assert_int_equal(th_sql_number(db, "SELECT v FROM tables"), 2);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM actions"), 2);
	qv__store_close(a);
	qv__store_close(b);
}

typedef struct racer {
	qv__store *s;
	const char *id, *text;
	pthread_barrier_t *start;
	qv_status rc;
	int own;
	qv_err err;
} racer;

static void *race_apply(void *arg)
{
	racer *r = arg;
	pthread_barrier_wait(r->start);
	r->rc = apply(r->s, r->id, 0, r->text, &r->err);
	return NULL;
}

static void *race_own(void *arg)
{
	racer *r = arg;
	pthread_barrier_wait(r->start);
	r->own = qv__store_own(r->s, r->id, &r->err);
	return NULL;
}

/* Runs fn for both racers at once. */
static void race(racer *x, racer *y, void *(*fn)(void *))
{
	pthread_barrier_t start;
	pthread_barrier_init(&start, NULL, 2);
	x->start = y->start = &start;
	pthread_t tx, ty;
	assert_int_equal(pthread_create(&tx, NULL, fn, x), 0);
	assert_int_equal(pthread_create(&ty, NULL, fn, y), 0);
	pthread_join(tx, NULL);
	pthread_join(ty, NULL);
	pthread_barrier_destroy(&start);
}

/* A new database (its connection string into db) on which process a made table id and
 * believes it holds it, while b holds it: a's session ended under it (its lock with it), as when
 * a network cut it off, and b took the table. */
static void two_owners(char db[128], const char *id, qv__store **a, qv__store **b)
{
	snprintf(db, 128, "%s", th_new_db());
	*a = open_store(db);
	make_table(*a, id);
	cut_sessions(db);
	*b = open_store(db);
	qv_err err;
	assert_int_equal(qv__store_own(*b, id, &err), 1);
}

/* The case: both believe they hold the table; exactly one change is applied. */
static void test_two_owners_one_change(void **state)
{
	(void)state;
	for (int round = 0; round < 4; round++) {
		char dbcopy[128];
		qv__store *a, *b;
		two_owners(dbcopy, "00000000000000b2", &a, &b);
		racer x = {.s = a, .id = "00000000000000b2", .text = "from-a"};
		racer y = {.s = b, .id = "00000000000000b2", .text = "from-b"};
		/* in either order at the barrier: the threads are started a then b, or b then a */
		if (round % 2)
			race(&y, &x, race_apply);
		else
			race(&x, &y, race_apply);
		assert_int_equal((x.rc == QV_OK) + (y.rc == QV_OK), 1);
		assert_int_equal(y.rc, QV_OK);     /* the one that took it last */
		assert_int_equal(x.rc, QV_ESTATE); /* fenced: another process plays it */
		assert_int_equal(th_sql_number(dbcopy, "SELECT v FROM tables"), 1);
		assert_int_equal(th_sql_number(dbcopy,
		                               "SELECT count(*) FROM actions WHERE action = "
		                               "'from-b'"),
		                 1);
		assert_int_equal(th_sql_number(dbcopy, "SELECT count(*) FROM actions"), 1);
		/* a hears that it lost the table */
		char lost[4][17];
		assert_int_equal(qv__store_lost(a, lost, 4), 1);
		assert_string_equal(lost[0], "00000000000000b2");
		assert_int_equal(qv__store_lost(a, lost, 4), 0);
		qv__store_close(a);
		qv__store_close(b);
	}
}

/* The writes of one statement (the AI mark, a stop, the people) are fenced as a change is: made
 * by the process that holds the table; once another took it (its epoch raised in the row), the
 * first one's write changes nothing and it hears so, first by the epoch in the row, then as it
 * holds the table no more. */
static void test_one_statement_fenced(void **state)
{
	(void)state;
	const char *id = "00000000000000c3";
	const char *db = th_new_db();
	qv__store *a = open_store(db);
	make_table(a, id);
	qv_err err;
	assert_int_equal(qv__store_ai_start(a, id, &err), QV_OK);
	assert_int_equal(qv__store_ai_start(a, id, &err), QV_OK);
	assert_int_equal(th_sql_number(db, "SELECT ai_starts FROM tables"), 2);
	assert_int_equal(qv__store_ai_end(a, id, &err), QV_OK);
	assert_int_equal(qv__store_ai_start(a, id, &err), QV_OK);
	assert_int_equal(qv__store_stop(a, id, "a", &err), QV_OK); /* and the mark cleared */
	assert_int_equal(qv__store_people(a, id, "{\"a\":1}", &err), QV_OK);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM tables WHERE ai_starts = 0 AND "
	                                   "stopped = 'a' AND people = '{\"a\":1}'"),
	                 1);
	assert_int_equal(qv__store_people_over(a, id, "{\"a\":2}", "{}", &err), QV_OK);
	const char *kept = "SELECT count(*) FROM tables WHERE ai_starts = 0 AND stopped = 'a' AND "
	                   "people = '{\"a\":2}' AND info = '{}'";
	assert_int_equal(th_sql_number(db, kept), 1);
	th_sql(db, "UPDATE tables SET epoch = epoch + 1"); /* as another process takes it */
	assert_int_equal(qv__store_ai_start(a, id, &err), QV_ESTATE); /* the row's epoch */
	assert_non_null(strstr(err.msg, "played by another process"));
	char lost[4][17];
	assert_int_equal(qv__store_lost(a, lost, 4), 1);
	assert_string_equal(lost[0], id);
	assert_int_equal(qv__store_ai_end(a, id, &err), QV_ESTATE); /* held no more */
	assert_int_equal(qv__store_stop(a, id, "b", &err), QV_ESTATE);
	assert_int_equal(qv__store_people(a, id, "{}", &err), QV_ESTATE);
	assert_int_equal(qv__store_people_over(a, id, "{}", "{}", &err), QV_ESTATE);
	assert_int_equal(th_sql_number(db, kept), 1);
	qv__store_close(a);
}

/* A deletion is fenced too: the holder's removes the table and lets it go; once another process
 * took a table (its epoch raised in the row), the first one's deletion removes nothing, and it
 * hears that it lost the table. */
static void test_delete_fenced(void **state)
{
	(void)state;
	const char *db = th_new_db();
	qv__store *a = open_store(db);
	make_table(a, "00000000000000d1");
	make_table(a, "00000000000000d2");
	assert_int_equal(qv__store_held(a), 2);
	qv_err err;
	assert_int_equal(qv__store_delete(a, "00000000000000d1", &err), QV_OK);
	assert_int_equal(qv__store_held(a), 1);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM seats WHERE table_id = "
	                                   "'00000000000000d1'"),
	                 0);
	th_sql(db, "UPDATE tables SET epoch = epoch + 1 WHERE id = '00000000000000d2'");
	assert_int_equal(qv__store_delete(a, "00000000000000d2", &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "played by another process"));
	char lost[4][17];
	assert_int_equal(qv__store_lost(a, lost, 4), 1);
	assert_string_equal(lost[0], "00000000000000d2");
	assert_int_equal(qv__store_held(a), 0);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM tables"), 1);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM seats"), 2);
	qv__store_close(a);
}

/* s's orphans into ids, once there are `want` of them: a closed connection's session (and its
 * locks) ends a moment after the client let go of it. */
static int orphans_when(qv__store *s, char (*ids)[17], int want)
{
	int n = 0;
	for (double end = tc_now_ms() + TH_WAIT_MS; tc_now_ms() < end; poll(NULL, 0, 20))
		if ((n = qv__store_orphans(s, ids, 8)) == want)
			break;
	return n;
}

/* The same, one after the other: the process that lost the table writes first, alone, and is
 * refused by the epoch alone (its version is the right one). */
static void test_stale_owner_first(void **state)
{
	(void)state;
	char dbcopy[128];
	qv__store *a, *b;
	two_owners(dbcopy, "00000000000000b3", &a, &b);
	qv_err err;
	assert_int_equal(apply(a, "00000000000000b3", 0, "from-a", &err), QV_ESTATE);
	assert_int_equal(th_sql_number(dbcopy, "SELECT count(*) FROM actions"), 0);
	assert_int_equal(th_sql_number(dbcopy, "SELECT v FROM tables"), 0);
	assert_int_equal(apply(b, "00000000000000b3", 0, "from-b", &err), QV_OK);
	/* the version is compared too: a row whose version is not the one b wrote (written at
	 * b's epoch by nobody b knows) takes no change of b's */
	th_sql(dbcopy, "UPDATE tables SET v = 5");
	assert_int_equal(apply(b, "00000000000000b3", 1, "again", &err), QV_ESTATE);
	assert_int_equal(th_sql_number(dbcopy, "SELECT count(*) FROM actions"), 1);
	qv__store_close(a);
	qv__store_close(b);
}

/* Two processes take a table nobody holds at the same moment: one gets it. */
static void test_one_taker(void **state)
{
	(void)state;
	for (int round = 0; round < 4; round++) {
		const char *db = th_new_db();
		char dbcopy[128];
		snprintf(dbcopy, sizeof dbcopy, "%s", db);
		qv__store *maker = open_store(dbcopy);
		make_table(maker, "00000000000000c3");
		qv__store_close(maker); /* its process died */
		qv__store *a = open_store(dbcopy), *b = open_store(dbcopy);
		char ids[8][17];
		assert_int_equal(orphans_when(a, ids, 1), 1);
		racer x = {.s = a, .id = "00000000000000c3"},
		      y = {.s = b, .id = "00000000000000c3"};
		race(&x, &y, race_own);
		assert_int_equal((x.own == 1) + (y.own == 1), 1);
		assert_int_equal((x.own == 0) + (y.own == 0), 1);
		/* the epoch grew once per taking: the maker's 1, then the taker's */
		assert_int_equal(th_sql_number(dbcopy, "SELECT epoch FROM tables"), 2);
		qv__store_close(a);
		qv__store_close(b);
	}
}

static void test_orphans_and_election(void **state)
{
	(void)state;
	const char *db = th_new_db();
	char dbcopy[128];
	snprintf(dbcopy, sizeof dbcopy, "%s", db);
	qv__store *maker = open_store(dbcopy);
	make_table(maker, "00000000000000d4");
	make_table(maker, "f0000000000000e5"); /* a key with its high bit set */
	qv__store *a = open_store(dbcopy), *b = open_store(dbcopy);
	char ids[8][17];
	assert_int_equal(qv__store_orphans(a, ids, 8), 0); /* both held */
	qv__store_close(maker);
	assert_int_equal(orphans_when(a, ids, 2), 2);
	qv_err err;
	assert_int_equal(qv__store_own(b, "f0000000000000e5", &err), 1);
	assert_int_equal(qv__store_orphans(a, ids, 8), 1);
	assert_string_equal(ids[0], "00000000000000d4");
	/* a finished table is nobody's orphan */
	th_sql(dbcopy, "UPDATE tables SET status = 'over' WHERE id = '00000000000000d4'");
	assert_int_equal(qv__store_orphans(a, ids, 8), 0);
	/* one sweeper, until its process dies */
	assert_true(qv__store_elect(a));
	assert_true(qv__store_elect(a));
	assert_false(qv__store_elect(b));
	qv__store_close(a);
	bool elected = false;
	for (double end = tc_now_ms() + TH_WAIT_MS; !elected && tc_now_ms() < end;
	     poll(NULL, 0, 20))
		elected = qv__store_elect(b);
	assert_true(elected);
	qv__store_close(b);
}

int main(int argc, char **argv)
{
	int rc = th_init(argc, argv, "fencing", 300);
	if (rc)
		return rc;
	if (!th_pg()) {
		fprintf(stderr,
		        "test_fencing: run it under tests/cluster/pg_run.sh (QV_TEST_PG=1)\n");
		return 2;
	}
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_held_and_let_go),
	    cmocka_unit_test(test_two_owners_one_change),
	    cmocka_unit_test(test_stale_owner_first),
	    cmocka_unit_test(test_one_statement_fenced),
	    cmocka_unit_test(test_delete_fenced),
	    cmocka_unit_test(test_one_taker),
	    cmocka_unit_test(test_orphans_and_election),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
