/*
 * test_variants.c - the variant registry against clients that fill it (issue 36): 13 client
 * addresses filled the 255 variants a process holds in 0.5 s, with tables that each sent a
 * new document, and a restart kept it full (every open table registered its variant again).
 *
 * - 13 addresses each ask for 20 tables with a new variant each (default limits): 3 of each
 *   address's are made, the rest are 429 naming the limit; a newcomer still brings a new
 *   variant, also after kill -9 and a restart, which loads again the variants of the open
 *   tables.
 * - One address plays 12 variants in turn at tables that end by themselves: each variant
 *   leaves the server with its table, so all 12 are made (with 3 at most in open tables).
 *
 * Whether the server holds a variant is seen from outside by GET
 * /api/games/GAME/reference?variant=SHA: 200 while it does, 404 once it left. Every wait is
 * bounded; an alarm ends a stuck run.
 *
 * Usage: test_variants PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE /* usleep */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

/* POST /api/tables of a ConCardia table with seats `seats` (a JSON array) playing a new
 * variant named `name` (the name alone makes a document of its own), from this thread's
 * source address. Returns the status; copies the table's id and the variant's SHA-256 (from
 * the table's info) when it is made. */
static int variant_table(const char *name, const char *seats, char id[32], char sha[72])
{
	char body[512];
	snprintf(body, sizeof body,
	         "{\"game\": \"concardia\", \"seats\": %s, \"variant\": {\"quiver_variant\": 1, "
	         "\"game\": \"concardia\", \"name\": \"%s\"}}",
	         seats, name);
	tc_reply r;
	tc_http(th_server.port, "POST", "/api/tables", body, strlen(body), &r);
	int status = r.status;
	id[0] = sha[0] = '\0';
	if (status == 201) {
		snprintf(id, 32, "%s", json_string_value(json_object_get(r.json, "id")));
		snprintf(sha, 72, "%s",
		         json_string_value(
		             json_object_get(json_object_get(r.json, "variant"), "sha256")));
	} else if (status == 429) {
		const char *msg = json_string_value(json_object_get(r.json, "error"));
		if (!msg || !strstr(msg, "too many variants from your address"))
			fail_msg("429 without the limit named: %s", r.body);
	}
	tc_reply_free(&r);
	return status;
}

/* The status of the reference of variant sha: 200 while the server holds it, else 404. */
static int held(const char *sha)
{
	char path[160];
	snprintf(path, sizeof path, "/api/games/concardia/reference?variant=%.64s", sha);
	tc_reply r;
	tc_http(th_server.port, "GET", path, NULL, 0, &r);
	int status = r.status;
	tc_reply_free(&r);
	return status;
}

#define ADDRESSES 13
#define ASKED     20

/* 13 addresses, 20 new variants asked each, default limits: 3 each are made. */
static void test_fill(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], sha[72], kept[72] = "", name[48], addr[32];
	int made = 0, refused = 0;
	for (int a = 0; a < ADDRESSES; a++) {
		snprintf(addr, sizeof addr, "127.0.12.%d", a + 1);
		tc_set_source(addr);
		for (int i = 0; i < ASKED; i++) {
			snprintf(name, sizeof name, "fill %d %d", a, i);
			int status = variant_table(name, "[\"human\", \"human\"]", id, sha);
			if (status == 201 && !kept[0])
				snprintf(kept, sizeof kept, "%s", sha);
			made += status == 201;
			refused += status == 429;
			if (status != 201 && status != 429)
				fail_msg("%s, variant %d: status %d", addr, i, status);
		}
	}
	print_message("%d addresses asked for %d new variants each: %d made, %d refused (429)\n",
	              ADDRESSES, ASKED, made, refused);
	assert_int_equal(made, ADDRESSES * 3);
	assert_int_equal(refused, ADDRESSES * (ASKED - 3));
	/* A newcomer still brings one. */
	tc_set_source("127.0.13.1");
	assert_int_equal(variant_table("newcomer", "[\"human\", \"human\"]", id, sha), 201);
	assert_int_equal(held(kept), 200);
	tc_set_source(NULL);

	/* kill -9 and a restart: the open tables' variants come back, and there is room. */
	tc_server_stop(&th_server, SIGKILL);
	th_start(db, NULL);
	assert_int_equal(held(kept), 200);
	tc_set_source("127.0.13.2");
	assert_int_equal(variant_table("after the restart", "[\"human\", \"human\"]", id, sha),
	                 201);
	tc_set_source(NULL);
	th_stop();
}

#define IN_TURN 12

/* One address, 12 variants in turn at tables of random seats, each made once the last ended:
 * every variant leaves with its table, so none is refused. */
static void test_in_turn(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], sha[IN_TURN][72], name[48], path[96];
	for (int i = 0; i < IN_TURN; i++) {
		snprintf(name, sizeof name, "in turn %d", i);
		assert_int_equal(variant_table(name, "[\"random\", \"random\"]", id, sha[i]), 201);
		snprintf(path, sizeof path, "/api/tables/%s/record", id);
		double end = tc_now_ms() + TH_WAIT_MS;
		tc_reply r = {0};
		do {
			tc_reply_free(&r);
			usleep(20000);
			tc_http(th_server.port, "GET", path, NULL, 0, &r);
		} while (r.status == 409 && tc_now_ms() < end);
		assert_int_equal(r.status, 200);
		tc_reply_free(&r);
		while (held(sha[i]) == 200 && tc_now_ms() < end)
			usleep(20000);
		assert_int_equal(held(sha[i]), 404);
	}
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "variants", 800))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_fill), T(test_in_turn)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
