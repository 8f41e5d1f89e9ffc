/*
 * test_mutex.c - the mutex that knows its holder (games/mutex.h), on which every *_locked
 * function's check stands: held by the thread that locked it and by no other, not after the
 * unlock, kept through a condition variable's wait while another thread took and let go the
 * lock meanwhile; and QV__HELD aborts, naming the check, in every build (the Release build the
 * tests run included), when the caller does not hold it.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include <cmocka.h>

#include "child.h"
#include "games/mutex.h"

static qv__mutex mu = QV__MUTEX_INIT;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static bool asked, answered, other_held;

/* Another thread: whether it holds mu while the test's thread holds it. */
static void *held_elsewhere(void *arg)
{
	*(bool *)arg = qv__mutex_held(&mu);
	return NULL;
}

static void test_held_by_its_locker(void **state)
{
	(void)state;
	assert_false(qv__mutex_held(&mu));
	qv__mutex_lock(&mu);
	assert_true(qv__mutex_held(&mu));
	bool there = true;
	pthread_t th;
	assert_int_equal(pthread_create(&th, NULL, held_elsewhere, &there), 0);
	pthread_join(th, NULL);
	assert_false(there);
	qv__mutex_unlock(&mu);
	assert_false(qv__mutex_held(&mu));
	assert_true(qv__mutex_trylock(&mu));
	assert_true(qv__mutex_held(&mu));
	qv__mutex_unlock(&mu);
}

/* The answering thread: takes the lock the waiter gave up, says so, lets it go. */
static void *answer(void *arg)
{
	(void)arg;
	qv__mutex_lock(&mu);
	while (!asked)
		qv__mutex_wait(&cv, &mu);
	other_held = qv__mutex_held(&mu);
	answered = true;
	pthread_cond_broadcast(&cv);
	qv__mutex_unlock(&mu);
	return NULL;
}

static void test_kept_through_a_wait(void **state)
{
	(void)state;
	pthread_t th;
	assert_int_equal(pthread_create(&th, NULL, answer, NULL), 0);
	qv__mutex_lock(&mu);
	asked = true;
	pthread_cond_broadcast(&cv);
	while (!answered)
		qv__mutex_wait(&cv, &mu);
	assert_true(qv__mutex_held(&mu)); /* the other thread held it meanwhile, and let go */
	qv__mutex_unlock(&mu);
	pthread_join(th, NULL);
	assert_true(other_held);
}

static void check_unheld(void *ctx)
{
	(void)ctx;
	QV__HELD(qv__mutex_held(&mu));
}

static void check_held(void *ctx)
{
	(void)ctx;
	qv__mutex_lock(&mu);
	QV__HELD(qv__mutex_held(&mu));
	qv__mutex_unlock(&mu);
}

static void test_check_aborts_in_every_build(void **state)
{
	(void)state;
	qv_test_child c;
	qv_test_in_child(check_unheld, NULL, &c);
	if (!qv_test_child_aborted(&c, "invariant broken: qv__mutex_held(&mu)"))
		fail_msg("no abort naming the check (status %d, said '%s')", c.status, c.said);
	qv_test_in_child(check_held, NULL, &c);
	if (!qv_test_child_quiet(&c, "invariant broken"))
		fail_msg("not quiet while held (status %d, said '%s')", c.status, c.said);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_held_by_its_locker),
	    cmocka_unit_test(test_kept_through_a_wait),
	    cmocka_unit_test(test_check_aborts_in_every_build),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
