/*
 * test_export.c - an account's export (issue 52, the second audit's finding 7): 12 exports at
 * once of an account of 120 finished games, sent in bursts for up to BURSTS_S seconds until
 * one burst meets the gate (a loaded machine may run a burst's exports one after another). The
 * export is written a record at a time into a temporary file, through a gate of its own: every
 * answer is the whole export (200) or a refusal at once (429 for the account's second, 503 past
 * 2 at once) with Retry-After, at least one is refused, and the server's resident memory grows
 * by less than 32 MiB meanwhile (before: the answer was built whole in memory, with no gate,
 * ~275 MiB each at the 10,000-game cap).
 *
 * Usage: test_export PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

#define GAMES    120
#define EXPORTS  12
#define BURSTS_S 60

static th_browser owner;
static atomic_int answered[600], others, left;
/* The exports leave together: started one after another, each could be over before the next
 * began on a busy machine, and none was refused (CI once saw 12 whole, 0 refused). */
static pthread_barrier_t together;

static void *export_main(void *arg)
{
	(void)arg;
	char headers[512];
	snprintf(headers, sizeof headers, "Cookie: %s; %s\r\n", owner.key, owner.session);
	tc_reply r;
	pthread_barrier_wait(&together);
	int st = tc_http_with(th_server.port, "GET", "/api/account/export", headers, NULL, 0, &r);
	if (st == 200) {
		json_t *games = json_object_get(r.json, "games");
		if (json_array_size(games) != GAMES)
			atomic_fetch_add(&others, 1);
	} else if (st == 429 || st == 503) {
		char after[16];
		if (!tc_header(&r, "Retry-After", after, sizeof after))
			atomic_fetch_add(&others, 1);
	}
	if (st == 200 || st == 429 || st == 503)
		atomic_fetch_add(&answered[st], 1);
	else
		atomic_fetch_add(&others, 1);
	tc_reply_free(&r);
	atomic_fetch_sub(&left, 1);
	return NULL;
}

static void test_exports_at_once(void **state)
{
	(void)state;
	static const char *const extra[] = {"--create-rate", "1000", "--address-tables", "200",
	                                    NULL};
	th_start(th_new_db(), extra);
	th_browser_key(&owner);
	tc_reply r;
	th_browser_ask(&owner, "POST", "/api/accounts",
	               "{\"username\": \"Exporter\", \"password\": \"arrows fly far\"}", 201, &r);
	tc_reply_free(&r);
	for (int g = 0; g < GAMES; g++) { /* a table each, resigned at once */
		char id[32], token[64];
		th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"]}", id);
		th_browser_join(&owner, id, "{\"seat\": \"p1\"}", token);
		th_seat s;
		th_seat_open(&s, id, token);
		th_seat_send(&s, "{\"type\": \"resign\", \"v\": %lld}", s.v);
		while (strcmp(json_string_value(json_object_get(s.table, "status")), "over"))
			th_seat_next(&s);
		th_seat_close(&s);
	}
	long before = th_server_status("VmRSS"), peak = before;
	/* 12 at once of one account: one is written at a time, the others refused at once. A
	 * burst whose exports happen not to overlap (each is written in milliseconds, and a loaded
	 * machine may run the threads one after another: CI once saw 5 bursts in a row without a
	 * refusal) refuses none, so bursts are sent for up to BURSTS_S seconds until one meets
	 * the gate; without the gate none ever would. */
	int refused = 0, bursts = 0;
	for (double end = tc_now_ms() + BURSTS_S * 1000.0; !refused && tc_now_ms() < end;
	     bursts++) {
		for (size_t i = 0; i < sizeof answered / sizeof answered[0]; i++)
			atomic_store(&answered[i], 0);
		atomic_store(&left, EXPORTS);
		assert_int_equal(pthread_barrier_init(&together, NULL, EXPORTS), 0);
		pthread_t t[EXPORTS];
		for (int i = 0; i < EXPORTS; i++)
			assert_int_equal(pthread_create(&t[i], NULL, export_main, NULL), 0);
		while (atomic_load(&left) > 0) {
			long now = th_server_status("VmRSS");
			peak = now > peak ? now : peak;
		}
		for (int i = 0; i < EXPORTS; i++)
			pthread_join(t[i], NULL);
		pthread_barrier_destroy(&together);
		assert_int_equal(atomic_load(&others), 0);
		assert_true(atomic_load(&answered[200]) >= 1);
		refused = atomic_load(&answered[429]) + atomic_load(&answered[503]);
	}
	print_message("the last of %d bursts of %d exports at once: %d whole, %d 429, %d 503; "
	              "VmRSS %ld kB before, %ld kB at most\n",
	              bursts, EXPORTS, atomic_load(&answered[200]), atomic_load(&answered[429]),
	              atomic_load(&answered[503]), before, peak);
	assert_true(refused >= 1);
	assert_true(peak - before < 32 * 1024);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "export", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_exports_at_once)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
