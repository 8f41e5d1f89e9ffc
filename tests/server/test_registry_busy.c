/*
 * test_registry_busy.c - the registry never waits for a table's lock (server.h,
 * qv__table_seen): while another thread holds a table's lock, as a change does while the
 * store writes it (up to --db-timeout, and again at the player's next try while the database
 * is frozen), a new table's room (qv__server_room: the counts of its address), the lobby's
 * list, the count of an address's AI tables, a socket's find of the table and the sweep all
 * return at once, reading the busy table as last seen; once the lock is free they read it as
 * it is. Before, each waited for the lock under the registry's own, and every creation of the
 * process waited behind them: in the third audit's pgfreeze, creates had no answer for 20 s.
 *
 * The holder lets go by itself after HOLD_S, so that a registry that waits ends the test with a
 * failure naming what waited, not a hang. The test waits for conditions, never for a length of
 * time.
 */
#define _DEFAULT_SOURCE /* usleep */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "../support/tmpdir.h"
#include "core/clock.h"
#include "server/state/server.h"
#include "server/table/table.h"
#include "table_of.h"

/* How long the holder keeps the lock at most. */
#define HOLD_S 20.0

static qv__server *srv;
static char dir[256], db[300];

static void no_broadcast(qv__server *s, qv__table *t)
{
	(void)s;
	(void)t;
}

static int setup(void **state)
{
	(void)state;
	assert_non_null(qv_test_mkdtemp(dir, sizeof dir, "qvbusy"));
	snprintf(db, sizeof db, "%s/t.db", dir);
	qv__server_config cfg = {
	    .host = "127.0.0.1", .db = db, .max_sockets_per_address = 32, QV__SERVER_LIMITS};
	qv_err err;
	if (qv__server_open(&srv, &cfg, no_broadcast, NULL, &err))
		fail_msg("qv__server_open: %s", err.msg);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	qv__server_close(srv);
	char cmd[400];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* A thread that holds a table's lock until told to let go, or HOLD_S. */
typedef struct holder {
	qv__table *t;
	atomic_bool holding, go;
	pthread_t thread;
} holder;

static void *hold(void *arg)
{
	holder *h = arg;
	qv__table_lock(h->t);
	atomic_store(&h->holding, true);
	double until = qv_mono() + HOLD_S;
	while (!atomic_load(&h->go) && qv_mono() < until)
		usleep(1000);
	atomic_store(&h->holding, false);
	qv__table_unlock(h->t);
	return NULL;
}

static void hold_start(holder *h, qv__table *t)
{
	*h = (holder){.t = t};
	assert_int_equal(pthread_create(&h->thread, NULL, hold, h), 0);
	while (!atomic_load(&h->holding))
		usleep(1000);
}

static void hold_end(holder *h)
{
	atomic_store(&h->go, true);
	pthread_join(h->thread, NULL);
}

/* What returned, and whether the lock was still held then (it did not wait). */
static void returned(const holder *h, const char *what)
{
	if (!atomic_load(&h->holding))
		fail_msg("%s waited for a table's lock that another thread held (%.0f s)", what,
		         HOLD_S);
}

static qv__table *added(const char *request, const char *owner)
{
	json_t *req = json_loads(request, 0, NULL);
	assert_non_null(req);
	qv__table *t;
	qv_err err;
	if (qv__table_create(&t, NULL, req, owner, &err))
		fail_msg("%s", err.msg);
	json_decref(req);
	if (qv__server_add(srv, t, &err))
		fail_msg("%s", err.msg);
	return t;
}

static void registry_reads_busy_tables(void **state)
{
	(void)state;
	static const char ai[] = "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"easy\"]}";
	static const char two[] = "{\"game\": \"concardia\", \"seats\": [\"human\", \"human\"]}";
	qv__table *busy = added(ai, "127.0.0.9");
	qv__table *open = added(two, "127.0.0.9");
	assert_int_equal(qv__server_ai_tables(srv, "127.0.0.9"), 1);

	holder h;
	hold_start(&h, busy);
	json_t *req = json_loads(two, 0, NULL);
	int status = 0;
	qv_err err;
	qv_status rc = qv__server_room(srv, "127.0.0.9", req, &status, &err);
	returned(&h, "a new table's room (qv__server_room)");
	if (rc)
		fail_msg("qv__server_room refused: %s", err.msg);
	json_decref(req);

	int ai_tables = qv__server_ai_tables(srv, "127.0.0.9");
	returned(&h, "the count of an address's AI tables");
	assert_int_equal(ai_tables, 1); /* the busy table as last seen: it searches */

	qv__table **list;
	int n = qv__server_list(srv, &list, false);
	returned(&h, "the lobby's list (qv__server_list)");
	bool listed_busy = false, listed_open = false;
	for (int i = 0; i < n; i++) {
		listed_busy |= list[i] == busy;
		listed_open |= list[i] == open;
		qv__table_unref(list[i]);
	}
	free(list);
	assert_true(listed_busy && listed_open);

	qv__table *found = qv__server_find_for_socket(srv, busy->id, NULL);
	returned(&h, "a socket's find (qv__server_find_for_socket)");
	assert_ptr_equal(found, busy);
	assert_int_equal(atomic_load(&busy->greeting), 1);

	qv__server_sweep(srv);
	returned(&h, "the sweep (qv__server_sweep)");
	hold_end(&h);

	/* the lock free: read as it is */
	qv__table_lock(busy);
	atomic_fetch_sub(&busy->greeting, 1);
	qv__table_unlock(busy);
	qv__table_unref(found);
	assert_int_equal(qv__server_ai_tables(srv, "127.0.0.9"), 1);
	qv__table_unref(busy);
	qv__table_unref(open);
}

/* A change the registry never read while the lock was free is counted all the same while the
 * lock is busy: a person who resigns a game of three leaves a zombie that searches, and their
 * address's count of AI tables holds it. Before, the registry refreshed what it saw only when
 * it found the lock free, and read this table as it was made, without a searching seat: the
 * address made a `hard` table past its --address-ai-tables (hostile/ai_share, in CI). */
static void registry_reads_last_change(void **state)
{
	(void)state;
	qv__table *t =
	    added("{\"game\": \"arrow-party\", \"seats\": [\"human\", \"human\", \"human\"]}",
	          "127.0.0.10");
	qv_err err;
	for (int p = 0; p < 3; p++) {
		char seat[4], token[QV__TOKEN_LEN + 1];
		int joined;
		snprintf(seat, sizeof seat, "p%d", p + 1);
		if (qv__table_join(t, seat, &joined, token, &err))
			fail_msg("join %s: %s", seat, err.msg);
	}
	qv__table_lock(t);
	long long v = t->v;
	qv__table_unlock(t);
	if (qv__table_resign(t, 2, v, &err))
		fail_msg("resign: %s", err.msg);

	holder h;
	hold_start(&h, t);
	struct qv__table_seen seen = qv__table_seen(t);
	int ai_tables = qv__server_ai_tables(srv, "127.0.0.10");
	returned(&h, "the count of an address's AI tables");
	hold_end(&h);
	assert_int_equal(seen.status, QV__PLAYING);
	assert_false(seen.listed); /* private (the default), its seats all taken */
	assert_true(seen.searching);
	assert_int_equal(ai_tables, 1);
	qv__table_unref(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(registry_reads_busy_tables),
	    cmocka_unit_test(registry_reads_last_change),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
