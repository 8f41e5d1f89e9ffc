/*
 * test_lobby.c - the lobby against many public tables (issue 36): GET /api/tables answered
 * every listed table at once (1.19 MB in 101 ms at 1,000 public tables), asked every 5 s by
 * every open lobby page.
 *
 * 200 public tables of Arrow Party (five claimed seats on a 26x26 area each, from 10
 * addresses within their limits): the first page holds 50 of them in under 80 KB, whatever the
 * number of tables (before: every table, 240 KB here and 1.19 MB at 1,000); no page is more
 * than 100 (?limit=1000 is 400); the pages together list every table once; the poll of an
 * unchanged page is 304 with no body.
 *
 * Usage: test_lobby PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

#define TABLES     200
#define PAGE_BYTES (80 * 1024)

static void test_many_tables(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	static const char req[] =
	    "{\"game\": \"arrow-party\", \"params\": {\"size\": 26, \"players\": 5}, \"seats\": "
	    "[\"human\", \"human\", \"human\", \"human\", \"human\"], \"private\": false}";
	char addr[32], id[32], path[160], tok[64], body[96];
	for (int i = 0; i < TABLES; i++) {
		snprintf(addr, sizeof addr, "127.0.16.%d", 1 + i / 20);
		tc_set_source(addr);
		th_create(req, id);
		for (int k = 1; k <= 5; k++) {
			snprintf(body, sizeof body,
			         "{\"seat\": \"p%d\", \"name\": \"xxxxxxxxxxxxxxxxxxxxxxxx\"}", k);
			snprintf(path, sizeof path, "p%d", k);
			th_join_with(id, body, path, tok);
		}
	}
	tc_set_source(NULL);
	tc_reply r;
	tc_http(th_server.port, "GET", "/api/tables", NULL, 0, &r);
	assert_int_equal(r.status, 200);
	assert_int_equal(json_array_size(json_object_get(r.json, "tables")), 50);
	print_message("%d public tables: the lobby's first page is %zu bytes\n", TABLES, r.len);
	if (r.len >= PAGE_BYTES)
		fail_msg("the first page is %zu bytes (at most %d)", r.len, PAGE_BYTES);
	char etag[64], headers[128];
	assert_true(tc_header(&r, "ETag", etag, sizeof etag));
	tc_reply_free(&r);
	th_refused("GET", "/api/tables?limit=1000", NULL, 400, "from 1 to 100");
	/* Every table once, page by page. */
	int listed = 0, pages = 0;
	snprintf(path, sizeof path, "/api/tables?limit=100");
	for (;;) {
		json_t *page = th_http("GET", path, NULL, 200);
		size_t n = json_array_size(json_object_get(page, "tables"));
		assert_true(n <= 100);
		listed += (int)n;
		pages++;
		const char *next = json_string_value(json_object_get(page, "next"));
		if (next)
			snprintf(path, sizeof path, "/api/tables?limit=100&after=%s", next);
		json_decref(page);
		if (!next || pages > TABLES)
			break;
	}
	assert_int_equal(listed, TABLES);
	assert_int_equal(pages, 2);
	/* An open lobby's poll, nothing changed: no body. */
	snprintf(headers, sizeof headers, "If-None-Match: %s\r\n", etag);
	tc_http_with(th_server.port, "GET", "/api/tables", headers, NULL, 0, &r);
	assert_int_equal(r.status, 304);
	assert_int_equal(r.len, 0);
	tc_reply_free(&r);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "lobby", 600))
		return 2;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_many_tables, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
