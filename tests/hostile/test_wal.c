/*
 * test_wal.c - one client's act and undo, repeated as fast as the server answers, keep the
 * database's write-ahead log bounded. The audit's attack (undoflood): before the checkpoints
 * finished, act+undo at one table grew the WAL to 1 GB in 20 s, since under steady commits a
 * passive checkpoint never lets the WAL start over (docs/server/storage.md, "Storage"). The test
 * repeats act+undo CYCLES times and requires the WAL under WAL_BOUND after every cycle (it stays
 * under about 10 MB), then kills the server (kill -9) and finds the table at the version the
 * client last heard.
 *
 * Usage: test_wal PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

/* The next frame of w whose version differs from v; returns its version. */
static long long next_version(tc_ws *w, long long v, json_t **frame)
{
	for (int i = 0; i < 100; i++) {
		json_t *f = tc_ws_recv_json(w, TH_WAIT_MS);
		if (!f)
			fail_msg("no frame within %d ms", TH_WAIT_MS);
		const char *type = json_string_value(json_object_get(f, "type"));
		if (strcmp(type, "error") == 0)
			fail_msg("error frame: %s",
			         json_string_value(json_object_get(f, "message")));
		long long fv = json_integer_value(json_object_get(f, "v"));
		if (fv != v) {
			*frame = f;
			return fv;
		}
		json_decref(f);
	}
	fail_msg("no new version in 100 frames");
	return -1;
}

static long long file_size(const char *path)
{
	struct stat sb;
	return stat(path, &sb) == 0 ? (long long)sb.st_size : 0;
}

/* Act and undo CYCLES times; the WAL file must stay under WAL_BOUND. Without checkpoints that
 * finish (the WAL is only ever appended to under steady commits), these cycles grow it far
 * past the bound. */
#define CYCLES    6000
#define WAL_BOUND (24LL << 20)

static void test_wal_bounded(void **state)
{
	(void)state;
	const char *db = th_new_db();
	char wal[160];
	snprintf(wal, sizeof wal, "%s-wal", db);
	th_start(db, NULL);
	char id[32], token[64], path[96];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	th_join(id, "p1", token);
	char other[64];
	th_join(id, "p2", other);
	tc_ws w;
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(&w, th_server.port, path), 0);
	char msg[256];
	snprintf(msg, sizeof msg, "{\"type\": \"hello\", \"token\": \"%s\"}", token);
	assert_int_equal(tc_ws_send_text(&w, msg), 0);
	json_t *f;
	long long v = next_version(&w, -1, &f);
	char action[128];
	snprintf(action, sizeof action, "%s",
	         json_string_value(
	             json_array_get(json_object_get(json_object_get(f, "view"), "legal"), 0)));
	json_decref(f);
	long long largest = 0;
	for (int i = 0; i < CYCLES; i++) {
		snprintf(msg, sizeof msg, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", v,
		         action);
		assert_int_equal(tc_ws_send_text(&w, msg), 0);
		v = next_version(&w, v, &f);
		json_decref(f);
		snprintf(msg, sizeof msg, "{\"type\": \"undo\", \"v\": %lld}", v);
		assert_int_equal(tc_ws_send_text(&w, msg), 0);
		v = next_version(&w, v, &f);
		json_decref(f);
		long long size = file_size(wal);
		largest = size > largest ? size : largest;
		if (size > WAL_BOUND)
			fail_msg("after %d act+undo cycles the WAL is %lld bytes, over %lld", i + 1,
			         size, WAL_BOUND);
	}
	printf("largest WAL over %d act+undo cycles: %lld bytes\n", CYCLES, largest);
	tc_ws_close(&w);
	/* The flood leaves a database that a restart after kill -9 reads back at once, at the
	 * version the client last heard. */
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	json_t *info = th_info(id);
	assert_int_equal(json_integer_value(json_object_get(info, "v")), v);
	json_decref(info);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "wal", 850))
		return 2;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_wal_bounded, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
