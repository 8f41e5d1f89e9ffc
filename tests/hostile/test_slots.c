/*
 * test_slots.c - the table slots against many addresses (issue 65, the third audit's finding
 * 3): at the defaults (--max-tables 1000, --address-tables 20), 70 addresses took all 1,000
 * tables in about a second, address after address making all it might, and every newcomer got
 * 503; docs/server.md said it took about a thousand. The share bound only when fewer than
 * about 84 were free, and "an address holding none may always take one" handed the rest to
 * the next 30 addresses.
 *
 * docs/server.md's figures, as the audit's script plays them (each address makes tables until
 * refused, then the next): 100 addresses of as many networks leave tables free (57 at the
 * defaults), and a newcomer still gets one; 1,000 addresses of four networks (/24s) leave
 * tables free too, and a newcomer of another network gets one; an address that holds tables
 * never takes the reserve (the last 100), an address of the four networks none beyond its
 * network's share.
 *
 * Usage: test_slots PATH-TO-QUIVER.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

#define MAX_TABLES 1000

/* POST /api/tables from addr: its status. */
static int create_from(const char *addr, char *why, size_t len)
{
	assert_int_equal(tc_set_source(addr), 0);
	const char *body = "{\"game\": \"three-arrows\"}";
	tc_reply r;
	int st = tc_http(th_server.port, "POST", "/api/tables", body, strlen(body), &r);
	const char *msg = json_string_value(json_object_get(r.json, "error"));
	if (why)
		snprintf(why, len, "%s", msg ? msg : "");
	tc_reply_free(&r);
	assert_int_equal(tc_set_source(NULL), 0);
	return st;
}

/* Address after address (addr(k) of n) makes tables until refused; returns how many it made
 * in all. A refusal must be 429 naming the share or the address's limit. */
static int fill(int n, void (*addr)(int k, char out[32]))
{
	int made = 0;
	for (int k = 0; k < n; k++) {
		char a[32], why[512];
		addr(k, a);
		int st;
		while ((st = create_from(a, why, sizeof why)) == 201)
			made++;
		if (st != 429 && st != 503)
			fail_msg("a create from %s answered %d: %s", a, st, why);
	}
	return made;
}

/* 100 addresses, each of a network (/24) of its own. */
static void hundred(int k, char out[32]) { snprintf(out, 32, "127.0.%d.10", 1 + k); }

/* 1,000 addresses of four networks, 250 each. */
static void thousand(int k, char out[32])
{
	snprintf(out, 32, "127.0.%d.%d", 40 + k / 250, k % 250 + 2);
}

static void test_hundred(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	int made = fill(100, hundred);
	print_message("100 addresses of 100 networks made %d of the %d tables\n", made, MAX_TABLES);
	assert_true(MAX_TABLES - made >= 50); /* docs/server.md: 57 free */
	char why[512];
	int st = create_from("127.0.200.10", why, sizeof why);
	if (st != 201)
		fail_msg("the newcomer after 100 addresses: %d %s", st, why);
	/* an address that holds some takes none of the reserve */
	st = create_from("127.0.100.10", why, sizeof why);
	assert_int_equal(st, 429);
	assert_non_null(strstr(why, "kept for newcomers"));
	th_stop();
}

static void test_thousand(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	int made = fill(1000, thousand);
	print_message("1,000 addresses of 4 networks made %d of the %d tables\n", made, MAX_TABLES);
	assert_true(MAX_TABLES - made >= 200); /* docs/server.md: about 250 free */
	char why[512];
	int st = create_from("127.0.99.10", why, sizeof why);
	if (st != 201)
		fail_msg("the newcomer after 1,000 addresses: %d %s", st, why);
	/* a new address of one of the four networks: its network's share */
	st = create_from("127.0.40.254", why, sizeof why);
	assert_int_equal(st, 429);
	assert_non_null(strstr(why, "your network (127.0.40.0/24)"));
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "slots", 850))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_hundred), T(test_thousand)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
