/*
 * test_pace.c - the pace of a client address's password requests (pace.h), without sockets:
 * one at once and the next ones a turn apart, a refusal past QV__PACE_AHEAD turns (with its
 * Retry-After, taking no turn), each address on its own pace, the held
 * requests taken in the order of their turns, and the sweep that forgets the addresses whose
 * turns are past; the writes' bucket of keys and tables (at once within the allowance, a
 * refusal after it, a look that takes no turn; a table's shared allowance spent by two
 * addresses leaving every other address its own there). Times are given, never waited for.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "server/net/pace.h"

/* Stand-ins for held requests: the pace keeps their pointers and never reads them. */
static char reqs[16];
#define REQ(i) ((qv__req *)(void *)&reqs[i])

static void test_turns_and_refusal(void **state)
{
	(void)state;
	qv__pace *p = qv__pace_new(QV__PACE_MS, QV__PACE_AHEAD);
	assert_non_null(p);
	int retry = -7;
	double now = 1000;
	/* The first goes at once; the next QV__PACE_AHEAD wait a turn more each. */
	assert_true(qv__pace_turn(p, "10.0.0.1", now, &retry) == now);
	for (int i = 1; i <= QV__PACE_AHEAD; i++)
		assert_true(qv__pace_turn(p, "10.0.0.1", now, &retry) == now + i * QV__PACE_MS);
	/* One more would wait more than QV__PACE_AHEAD turns: refused, Retry-After 1 s. */
	assert_true(qv__pace_turn(p, "10.0.0.1", now, &retry) < 0);
	assert_int_equal(retry, 1);
	/* The refusal took no turn: once the first waiting turn passes, one more place. */
	assert_true(qv__pace_turn(p, "10.0.0.1", now + QV__PACE_MS, &retry) ==
	            now + (QV__PACE_AHEAD + 1) * QV__PACE_MS);
	/* Another address (as addr.h counts it: an IPv6 /64 is one) has a pace of its own. */
	assert_true(qv__pace_turn(p, "10.0.0.2", now, &retry) == now);
	assert_true(qv__pace_turn(p, "2001:db8:1:2::/64", now, &retry) == now);
	assert_true(qv__pace_turn(p, "2001:db8:1:2::/64", now, &retry) == now + QV__PACE_MS);
	/* Once the turns are past, an address goes at once again. */
	double later = now + 100 * QV__PACE_MS;
	assert_true(qv__pace_turn(p, "10.0.0.1", later, &retry) == later);
	qv__pace_free(p);
}

static void test_held_in_order(void **state)
{
	(void)state;
	qv__pace *p = qv__pace_new(QV__PACE_MS, QV__PACE_AHEAD);
	assert_non_null(p);
	assert_true(qv__pace_next(p, 0) < 0);
	assert_null(qv__pace_take(p, 1e9));
	/* Held out of order, two at the same time: taken by turn, ties first come first. */
	assert_true(qv__pace_hold(p, REQ(0), 300));
	assert_true(qv__pace_hold(p, REQ(1), 100));
	assert_true(qv__pace_hold(p, REQ(2), 200));
	assert_true(qv__pace_hold(p, REQ(3), 200));
	assert_true(qv__pace_next(p, 50) == 50);
	assert_null(qv__pace_take(p, 99));
	assert_ptr_equal(qv__pace_take(p, 100), REQ(1));
	assert_true(qv__pace_next(p, 250) == 0);
	assert_ptr_equal(qv__pace_take(p, 250), REQ(2));
	assert_ptr_equal(qv__pace_take(p, 250), REQ(3));
	assert_null(qv__pace_take(p, 250));
	assert_ptr_equal(qv__pace_take(p, 1e9), REQ(0));
	assert_true(qv__pace_next(p, 0) < 0);
	qv__pace_free(p);
}

static void test_sweep(void **state)
{
	(void)state;
	qv__pace *p = qv__pace_new(QV__PACE_MS, QV__PACE_AHEAD);
	assert_non_null(p);
	int retry;
	char addr[32];
	for (int i = 0; i < 200; i++) {
		snprintf(addr, sizeof addr, "10.1.%d.%d", i / 100, i % 100);
		for (int k = 0; k <= QV__PACE_AHEAD; k++)
			assert_true(qv__pace_turn(p, addr, 0, &retry) >= 0);
	}
	/* Before the turns pass, the sweep keeps them: the next one is still refused. */
	qv__pace_sweep(p, QV__PACE_MS);
	assert_true(qv__pace_turn(p, "10.1.0.0", QV__PACE_MS / 2.0, &retry) < 0);
	/* After, every address is forgotten and goes at once. */
	double later = (QV__PACE_AHEAD + 2) * QV__PACE_MS;
	qv__pace_sweep(p, later);
	for (int i = 0; i < 200; i++) {
		snprintf(addr, sizeof addr, "10.1.%d.%d", i / 100, i % 100);
		assert_true(qv__pace_turn(p, addr, later, &retry) == later);
	}
	qv__pace_free(p);
}

/* The writes' bucket: QV__WRITE_AHEAD + 1 at once, then one a period; qv__pace_full says so
 * without taking a turn, and keys and tables have their own. */
static void test_write_bucket(void **state)
{
	(void)state;
	qv__pace *p = qv__pace_new(QV__WRITE_MS, QV__WRITE_AHEAD);
	assert_non_null(p);
	int retry;
	double now = 5000;
	for (int i = 0; i <= QV__WRITE_AHEAD; i++) {
		assert_int_equal(qv__pace_full(p, "k:abc", now), 0);
		assert_true(qv__pace_turn(p, "k:abc", now, &retry) >= 0);
	}
	assert_int_equal(qv__pace_full(p, "k:abc", now), QV__WRITE_MS / 1000);
	assert_int_equal(qv__pace_full(p, "k:abc", now), QV__WRITE_MS / 1000); /* took none */
	assert_true(qv__pace_turn(p, "k:abc", now, &retry) < 0);
	assert_int_equal(retry, QV__WRITE_MS / 1000);
	assert_int_equal(qv__pace_full(p, "t:0123456789abcdef", now), 0);
	/* a period later, one more */
	assert_int_equal(qv__pace_full(p, "k:abc", now + QV__WRITE_MS), 0);
	assert_true(qv__pace_turn(p, "k:abc", now + QV__WRITE_MS, &retry) >= 0);
	assert_true(qv__pace_full(p, "k:abc", now + QV__WRITE_MS) > 0);
	qv__pace_free(p);
}

/* Count of writes from addr (a browser of its own) at table t that go on at `now`, of n tried. */
static int writes_through(qv__writes *w, const char *addr, const char *t, double now, int n)
{
	char who[32], msg[300];
	snprintf(who, sizeof who, "k:%s", addr);
	int through = 0;
	for (int i = 0; i < n; i++)
		through += qv__writes_turn(w, false, addr, who, t, now, msg, sizeof msg) == 0;
	return through;
}

/* A table's shared allowance spent by two addresses leaves each other address its own there
 * (QV__WRITE_OWN_AHEAD + 1), and the flooders theirs; past it, 429 naming the table. */
static void test_table_own(void **state)
{
	(void)state;
	qv__writes *w = qv__writes_new();
	assert_non_null(w);
	double now = 5000;
	const char *t = "0123456789abcdef";
	int a = writes_through(w, "192.0.2.1", t, now, 2 * QV__WRITE_AHEAD);
	int b = writes_through(w, "192.0.2.2", t, now, 2 * QV__WRITE_AHEAD);
	assert_int_equal(a, QV__WRITE_AHEAD + 1);
	assert_int_equal(b, QV__WRITE_AHEAD + 1); /* the table's 41, and one of b's own */
	/* a third flooding address: its own at the table only */
	assert_int_equal(writes_through(w, "192.0.2.4", t, now, 2 * QV__WRITE_AHEAD),
	                 QV__WRITE_OWN_AHEAD + 1);
	/* a minute later the flooders' addresses have a turn each (the table's 2 new ones) */
	now += QV__WRITE_MS;
	assert_int_equal(writes_through(w, "192.0.2.1", t, now, 1), 1);
	assert_int_equal(writes_through(w, "192.0.2.2", t, now, 1), 1);
	/* the victim: its own allowance at the table, then refused naming the table */
	assert_int_equal(writes_through(w, "192.0.2.3", t, now, 10), QV__WRITE_OWN_AHEAD + 1);
	char msg[300];
	assert_true(qv__writes_turn(w, false, "192.0.2.3", "k:other", t, now, msg, sizeof msg) > 0);
	assert_non_null(strstr(msg, "at this table"));
	/* at another table, the victim's own there is whole */
	assert_int_equal(writes_through(w, "192.0.2.3", "fedcba9876543210", now, 1), 1);
	qv__writes_free(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_turns_and_refusal),
	    cmocka_unit_test(test_held_in_order),
	    cmocka_unit_test(test_sweep),
	    cmocka_unit_test(test_write_bucket),
	    cmocka_unit_test(test_table_own),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
