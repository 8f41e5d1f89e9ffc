/*
 * test_signin.c - floods of the account routes (issue 40): password guesses against one account
 * from many client addresses at once, guesses at many usernames from one address, and a burst of
 * sign-ups from many addresses. Each password is checked with Argon2id (64 MiB, interactive),
 * so a flood could exhaust memory or the server's time: at most 2 hashes run at once, and the
 * throttle per username and per address answers 429 instead of hashing; sign-ups count
 * against the address's --create-rate. Asserted: no guess is
 * ever let in and nothing answers 5xx; the guesses that were checked stay few; the server
 * answers another client meanwhile; its memory grows by no more than two hashes' worth.
 *
 * Usage: test_signin PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

/* Guessing clients, each from its own address, and the guesses each sends. */
#define GUESSERS 16
#define GUESSES  10

/* What the guesses were answered, counted by status. */
static atomic_int answered_401, answered_429, answered_other;
static atomic_int guessers_left;
static char other_answer[256];

/* One guesser: GUESSES wrong passwords for `victim` from 127.0.9.N (N its argument). */
static void *guess_main(void *arg)
{
	int n = (int)(intptr_t)arg;
	char source[32];
	snprintf(source, sizeof source, "127.0.9.%d", 10 + n);
	tc_set_source(source);
	for (int k = 0; k < GUESSES; k++) {
		char body[128];
		snprintf(body, sizeof body,
		         "{\"username\": \"victim\", \"password\": \"guess-%d-%d\"}", n, k);
		tc_reply r;
		int st = tc_http(th_server.port, "POST", "/api/session", body, strlen(body), &r);
		if (st == 401)
			atomic_fetch_add(&answered_401, 1);
		else if (st == 429)
			atomic_fetch_add(&answered_429, 1);
		else {
			atomic_fetch_add(&answered_other, 1);
			snprintf(other_answer, sizeof other_answer, "%d %s", st,
			         r.body ? r.body : "");
		}
		tc_reply_free(&r);
	}
	atomic_fetch_sub(&guessers_left, 1);
	return NULL;
}

/* The server's resident memory in kB, its highest while fn's threads run (left counts them). */
static long peak_while(atomic_int *left)
{
	long peak = th_server_status("VmRSS");
	while (atomic_load(left) > 0) {
		long now = th_server_status("VmRSS");
		if (now > peak)
			peak = now;
		struct timespec ts = {0, 5 * 1000 * 1000};
		nanosleep(&ts, NULL);
	}
	return peak;
}

/* 160 wrong passwords for one account from 16 addresses at once: none let in, nothing 5xx, the
 * checked ones few (the throttle per username answers the rest), another client answered
 * meanwhile, the memory within two hashes; the account's owner then waits as the 429 says. */
static void test_guess_flood(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	json_decref(th_http("POST", "/api/accounts",
	                    "{\"username\": \"victim\", \"password\": \"the real one\"}", 201));
	long before = th_server_status("VmRSS");
	double t0 = tc_now_ms();
	atomic_store(&guessers_left, GUESSERS);
	pthread_t t[GUESSERS];
	for (int i = 0; i < GUESSERS; i++)
		assert_int_equal(pthread_create(&t[i], NULL, guess_main, (void *)(intptr_t)i), 0);
	/* another client, from an address of its own, is answered during the flood */
	tc_set_source("127.0.9.200");
	json_decref(th_http("GET", "/api/games", NULL, 200));
	tc_set_source(NULL);
	long peak = peak_while(&guessers_left);
	for (int i = 0; i < GUESSERS; i++)
		pthread_join(t[i], NULL);
	double secs = (tc_now_ms() - t0) / 1000;
	print_message("401: %d, 429: %d in %.1f s; VmRSS %ld kB before, %ld kB at most\n",
	              atomic_load(&answered_401), atomic_load(&answered_429), secs, before, peak);
	if (atomic_load(&answered_other))
		fail_msg("a guess was answered otherwise than 401 or 429: %s", other_answer);
	assert_int_equal(atomic_load(&answered_401) + atomic_load(&answered_429),
	                 GUESSERS * GUESSES);
	/* checked: the first 3 free ones, and one after each wait while the flood lasts, the k-th
	 * 2^k - 1 s after the 3rd at the soonest (every attempt is counted as it begins, so those
	 * in flight at once count too: before, all 16 guessers' first attempts were checked). The
	 * pace (one request an address every 500 ms) makes the flood last 5 s at least, 7 checks
	 * at most, and longer on a loaded machine: one more for each doubling. */
	int checked = 3 + 1 + (int)floor(log2(secs + 1));
	assert_true(atomic_load(&answered_401) <= checked);
	assert_true(atomic_load(&answered_429) >= GUESSERS * GUESSES - checked);
	/* two hashes of 64 MiB at most at once, with room for the allocator's slack */
	assert_true(peak - before < 400 * 1024);
	/* the throttle's wait is said and bounded (15 minutes) */
	tc_reply r;
	const char *real = "{\"username\": \"victim\", \"password\": \"the real one\"}";
	assert_int_equal(tc_http(th_server.port, "POST", "/api/session", real, strlen(real), &r),
	                 429);
	char wait[32];
	assert_true(tc_header(&r, "Retry-After", wait, sizeof wait));
	assert_true(atol(wait) >= 1 && atol(wait) <= 900);
	assert_non_null(
	    strstr(json_string_value(json_object_get(r.json, "error")), "try again in"));
	tc_reply_free(&r);
	th_stop();
}

/* One address guesses at 40 usernames nobody has: the throttle per address stops it by the
 * 10th failure, each refusal the same 401 as for a known name until then. */
static void test_usernames_from_one_address(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	tc_set_source("127.0.9.77");
	int first429 = -1;
	for (int i = 0; i < 40 && first429 < 0; i++) {
		char body[128];
		snprintf(body, sizeof body,
		         "{\"username\": \"nobody%d\", \"password\": \"whatever1\"}", i);
		tc_reply r;
		int st = tc_http(th_server.port, "POST", "/api/session", body, strlen(body), &r);
		if (st == 429)
			first429 = i;
		else if (st != 401)
			fail_msg("guess %d answered %d: %s", i, st, r.body ? r.body : "");
		else
			assert_string_equal(json_string_value(json_object_get(r.json, "error")),
			                    "wrong username or password");
		tc_reply_free(&r);
	}
	tc_set_source(NULL);
	assert_true(first429 >= 0 && first429 < 10);
	th_stop();
}

static atomic_int signups_left, signups_ok;

/* One sign-up of the burst, from 127.0.10.N. */
static void *signup_main(void *arg)
{
	int n = (int)(intptr_t)arg;
	char source[32], body[128];
	snprintf(source, sizeof source, "127.0.10.%d", 10 + n);
	tc_set_source(source);
	snprintf(body, sizeof body, "{\"username\": \"Burst%d\", \"password\": \"arrows fly far\"}",
	         n);
	/* The password gate queues 16 requests and answers the rest 503 with Retry-After at once
	 * (pwgate.h): such a client asks again after it. */
	double until = tc_now_ms() + TH_WAIT_MS;
	for (int st = 503; st == 503 && tc_now_ms() < until;) {
		tc_reply r;
		st = tc_http(th_server.port, "POST", "/api/accounts", body, strlen(body), &r);
		char after[16] = "1";
		if (st == 503)
			assert_true(tc_header(&r, "Retry-After", after, sizeof after));
		tc_reply_free(&r);
		if (st == 201)
			atomic_fetch_add(&signups_ok, 1);
		else if (st == 503)
			usleep((useconds_t)atoi(after) * 1000000);
	}
	atomic_fetch_sub(&signups_left, 1);
	return NULL;
}

/* 24 sign-ups at once from 24 addresses: each is made (those the password gate cannot queue
 * ask again after its Retry-After), and the memory grows by two hashes' worth at most. */
static void test_signup_burst(void **state)
{
	(void)state;
	enum { N = 24 };
	th_start(th_new_db(), NULL);
	long before = th_server_status("VmRSS");
	atomic_store(&signups_left, N);
	pthread_t t[N];
	for (int i = 0; i < N; i++)
		assert_int_equal(pthread_create(&t[i], NULL, signup_main, (void *)(intptr_t)i), 0);
	long peak = peak_while(&signups_left);
	for (int i = 0; i < N; i++)
		pthread_join(t[i], NULL);
	print_message("%d sign-ups made; VmRSS %ld kB before, %ld kB at most\n",
	              atomic_load(&signups_ok), before, peak);
	assert_int_equal(atomic_load(&signups_ok), N);
	assert_true(peak - before < 400 * 1024);
	th_stop();
}

/* Sign-ups from one address count against its --create-rate, as tables do: with 3 a minute,
 * the fourth is refused with 429 naming the option, and no account is made. */
static void test_signups_from_one_address(void **state)
{
	(void)state;
	const char *extra[] = {"--create-rate", "3", NULL};
	th_start(th_new_db(), extra);
	tc_set_source("127.0.10.200");
	for (int i = 0; i < 4; i++) {
		char body[128];
		snprintf(body, sizeof body,
		         "{\"username\": \"Many%d\", \"password\": \"arrows fly far\"}", i);
		tc_reply r;
		int st = tc_http(th_server.port, "POST", "/api/accounts", body, strlen(body), &r);
		if (i < 3) {
			assert_int_equal(st, 201);
		} else {
			assert_int_equal(st, 429);
			assert_non_null(strstr(json_string_value(json_object_get(r.json, "error")),
			                       "--create-rate"));
		}
		tc_reply_free(&r);
	}
	tc_set_source(NULL);
	th_refused("GET", "/api/players/Many3", NULL, 404, "no player");
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "signin", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_guess_flood), T(test_usernames_from_one_address),
	                                   T(test_signup_burst), T(test_signups_from_one_address)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
