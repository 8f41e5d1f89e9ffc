/*
 * test_jobs.c - the request workers (net/jobs.h), without sockets: every job of several
 * submitters run once, a job that finds an idle worker handed to it (jobs one after the other
 * keep to a few threads), jobs past QV__JOBS_MAX waiting for the first worker free and then run,
 * never more than QV__JOBS_MAX at once, the jobs still queued run before the pool is freed, and
 * a job told when it was queued (qv__jobs_since).
 * The test waits for conditions (a count reached), never for a length of time.
 */
#define _DEFAULT_SOURCE /* usleep */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/clock.h"
#include "server/net/jobs.h"

/* Every wait for a condition ends by this bound. */
#define WAIT_MS 60000

/* Waits until *n reaches want; false when WAIT_MS ran out first. */
static bool wait_count(atomic_int *n, int want)
{
	double until = qv_mono_ms() + WAIT_MS;
	while (atomic_load(n) < want) {
		if (qv_mono_ms() > until)
			return false;
		usleep(1000);
	}
	return true;
}

static atomic_int ran;

static void count_job(void *arg)
{
	(void)arg;
	atomic_fetch_add(&ran, 1);
}

/* One submitter's jobs (arg: the pool). */
#define PER_SUBMITTER 5000
static void *submitter(void *arg)
{
	for (int i = 0; i < PER_SUBMITTER; i++)
		assert_true(qv__jobs_submit(arg, count_job, NULL));
	return NULL;
}

/* Four threads submit at once: each job runs once, the last ones before the pool is freed. */
static void every_job_once(void **state)
{
	(void)state;
	atomic_store(&ran, 0);
	qv__jobs *j = qv__jobs_new();
	assert_non_null(j);
	pthread_t t[4];
	for (int i = 0; i < 4; i++)
		assert_int_equal(pthread_create(&t[i], NULL, submitter, j), 0);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	qv__jobs_free(j);
	assert_int_equal(atomic_load(&ran), 4 * PER_SUBMITTER);
}

/* The threads that ran the jobs of idle_worker_reused, and how many. */
#define SERIAL 300
static long seen[SERIAL]; /* thread ids, which the kernel does not give again soon */
static atomic_int nseen;

static void note_thread(void *arg)
{
	(void)arg;
	int k = atomic_load(&nseen);
	seen[k] = syscall(SYS_gettid);
	atomic_store(&nseen, k + 1);
}

/* Jobs one after the other, each submitted once the last ran: an idle worker takes each, so a
 * few threads run them all (a pool that started a thread a job would use hundreds). */
static void idle_worker_reused(void **state)
{
	(void)state;
	atomic_store(&nseen, 0);
	qv__jobs *j = qv__jobs_new();
	assert_non_null(j);
	for (int i = 0; i < SERIAL; i++) {
		assert_true(qv__jobs_submit(j, note_thread, NULL));
		assert_true(wait_count(&nseen, i + 1));
	}
	qv__jobs_free(j);
	int distinct = 0;
	for (int i = 0; i < SERIAL; i++) {
		bool before = false;
		for (int k = 0; k < i && !before; k++)
			before = seen[k] == seen[i];
		distinct += !before;
	}
	assert_true(distinct >= 1 && distinct <= 8);
}

/* Jobs that hold their worker until released, counting how many run at once. */
static atomic_int running, most, started;
static atomic_bool release;

static void held_job(void *arg)
{
	(void)arg;
	int now = atomic_fetch_add(&running, 1) + 1;
	for (int m = atomic_load(&most); now > m && !atomic_compare_exchange_weak(&most, &m, now);)
		;
	atomic_fetch_add(&started, 1);
	while (!atomic_load(&release))
		usleep(1000);
	atomic_fetch_sub(&running, 1);
}

/* More jobs than QV__JOBS_MAX that each wait: QV__JOBS_MAX run, the rest wait for a worker free
 * and run once the first ones end; never more than QV__JOBS_MAX at once. */
static void bound_then_queue(void **state)
{
	(void)state;
	atomic_store(&running, 0);
	atomic_store(&most, 0);
	atomic_store(&started, 0);
	atomic_store(&release, false);
	qv__jobs *j = qv__jobs_new();
	assert_non_null(j);
	int extra = 10;
	for (int i = 0; i < QV__JOBS_MAX + extra; i++)
		assert_true(qv__jobs_submit(j, held_job, NULL));
	assert_true(wait_count(&started, QV__JOBS_MAX));
	assert_int_equal(atomic_load(&started), QV__JOBS_MAX); /* the rest wait, held */
	atomic_store(&release, true);
	assert_true(wait_count(&started, QV__JOBS_MAX + extra));
	qv__jobs_free(j);
	assert_int_equal(atomic_load(&running), 0);
	assert_true(atomic_load(&most) <= QV__JOBS_MAX);
}

/* When a job was queued, as its worker tells it (qv__jobs_since), and what a job sets for the
 * part it handles: the next job on the worker sees its own time again. */
static double seen_since, seen_set, ran_at;
static atomic_int since_jobs;

static void since_job(void *arg)
{
	(void)arg;
	ran_at = qv_mono();
	seen_since = qv__jobs_since();
	qv__jobs_set_since(seen_since - 100);
	seen_set = qv__jobs_since();
	atomic_fetch_add(&since_jobs, 1);
}

static void queued_time(void **state)
{
	(void)state;
	assert_true(qv__jobs_since() == 0); /* no job on this thread */
	atomic_store(&since_jobs, 0);
	qv__jobs *j = qv__jobs_new();
	assert_non_null(j);
	for (int round = 1; round <= 2; round++) {
		double before = qv_mono();
		assert_true(qv__jobs_submit(j, since_job, NULL));
		double after = qv_mono();
		assert_true(wait_count(&since_jobs, round));
		assert_true(seen_since >= before && seen_since <= after);
		assert_true(seen_since <= ran_at);
		assert_true(seen_set == seen_since - 100);
	}
	qv__jobs_free(j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(every_job_once),
	    cmocka_unit_test(idle_worker_reused),
	    cmocka_unit_test(bound_then_queue),
	    cmocka_unit_test(queued_time),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
