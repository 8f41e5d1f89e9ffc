/*
 * workers.c - numbered jobs on worker threads (see workers.h): an atomic counter hands out the
 * indices and another counts the jobs done; a mutex and condition variable keep the failure and
 * the workers still running, and the calling thread waits on them with a timeout to report
 * progress. A job that succeeds takes no lock and wakes nobody: with jobs of microseconds (the
 * random agent's games) a wake-up per job cost more than the job.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "core/clock.h"
#include "engine/workers.h"

/* How often the progress callback may run, in seconds. */
#define WORKERS_PROGRESS_PERIOD 0.1

typedef struct run {
	const qv__workers *w;
	atomic_int next;
	atomic_bool stop; /* a job failed: take no more */
	atomic_int done;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int running;
	int fail_index; /* the lowest failed index, or -1 */
	qv_status fail_rc;
	qv_err fail;
} run;

/* Keeps the failure of the lowest index. Called under R->mu. */
static void note_failure(run *R, int index, qv_status rc, const qv_err *err)
{
	if (R->fail_index < 0 || index < R->fail_index) {
		R->fail_index = index;
		R->fail_rc = rc ? rc : QV_ESTATE;
		R->fail = *err;
	}
	atomic_store(&R->stop, true);
}

static void *worker(void *arg)
{
	run *R = arg;
	const qv__workers *w = R->w;
	void *mine = w->start ? w->start(w->ctx) : NULL;
	if (w->start && !mine) {
		qv_err e;
		qv_fail(&e, QV_ENOMEM, "out of memory for a worker");
		pthread_mutex_lock(&R->mu);
		note_failure(R, w->lo, QV_ENOMEM, &e);
		pthread_mutex_unlock(&R->mu);
	}
	while (!atomic_load(&R->stop)) {
		int i = atomic_fetch_add(&R->next, 1);
		if (i >= w->hi)
			break;
		qv_err err;
		qv_status rc = w->job(w->ctx, mine, i, &err);
		if (!rc) {
			atomic_fetch_add_explicit(&R->done, 1, memory_order_relaxed);
			continue;
		}
		pthread_mutex_lock(&R->mu);
		note_failure(R, i, rc, &err);
		pthread_cond_signal(&R->cv);
		pthread_mutex_unlock(&R->mu);
	}
	if (w->stop)
		w->stop(mine);
	pthread_mutex_lock(&R->mu);
	R->running--;
	pthread_cond_signal(&R->cv);
	pthread_mutex_unlock(&R->mu);
	return NULL;
}

/* Waits until every worker has returned, calling the progress callback (outside the lock) at
 * most every WORKERS_PROGRESS_PERIOD seconds. */
static void wait_workers(run *R, double t0)
{
	const qv__workers *w = R->w;
	double last = qv_mono();
	pthread_mutex_lock(&R->mu);
	while (R->running > 0) {
		struct timespec ts = qv_deadline(true, WORKERS_PROGRESS_PERIOD);
		pthread_cond_timedwait(&R->cv, &R->mu, &ts);
		double t = qv_mono();
		if (w->progress && R->running > 0 && t - last >= WORKERS_PROGRESS_PERIOD) {
			int done = atomic_load_explicit(&R->done, memory_order_relaxed);
			pthread_mutex_unlock(&R->mu);
			w->progress(w->progress_ctx, done, w->hi - w->lo, t - t0);
			pthread_mutex_lock(&R->mu);
			last = t;
		}
	}
	pthread_mutex_unlock(&R->mu);
}

/* Sets up the shared state of a run of w's jobs (zeroed before): the next index, no failure
 * yet, the condition its waiting thread times out on by the monotonic clock. */
static void run_init(run *R, const qv__workers *w)
{
	R->w = w;
	atomic_init(&R->next, w->lo);
	atomic_init(&R->stop, false);
	atomic_init(&R->done, 0);
	R->fail_index = -1;
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&R->cv, &ca);
	pthread_condattr_destroy(&ca);
	pthread_mutex_init(&R->mu, NULL);
}

/* Starts up to `threads` workers on R into tid, each counted as running before it starts;
 * returns how many started (fewer when the system refuses a thread). */
static int start_workers(run *R, pthread_t *tid, int threads)
{
	int started = 0;
	for (; started < threads; started++) {
		pthread_mutex_lock(&R->mu);
		R->running++;
		pthread_mutex_unlock(&R->mu);
		if (pthread_create(&tid[started], NULL, worker, R) != 0) {
			pthread_mutex_lock(&R->mu);
			R->running--;
			pthread_mutex_unlock(&R->mu);
			break;
		}
	}
	return started;
}

qv_status qv__workers_run(const qv__workers *w, double *elapsed, qv_err *err)
{
	int jobs = w->hi - w->lo;
	int threads = w->threads < 1 ? 1 : w->threads;
	if (threads > jobs)
		threads = jobs > 0 ? jobs : 1;
	run *R = calloc(1, sizeof *R);
	pthread_t *tid = calloc((size_t)threads, sizeof *tid);
	if (!R || !tid) {
		free(R);
		free(tid);
		return qv_fail(err, QV_ENOMEM, "out of memory for %d worker threads", threads);
	}
	run_init(R, w);
	double t0 = qv_mono();
	int started = start_workers(R, tid, threads);
	if (started == 0) {
		qv_err e;
		qv_fail(&e, QV_ENOMEM, "cannot start a worker thread");
		note_failure(R, w->hi, QV_ENOMEM, &e);
	}
	wait_workers(R, t0);
	for (int i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	double secs = qv_mono() - t0;
	pthread_mutex_destroy(&R->mu);
	pthread_cond_destroy(&R->cv);
	free(tid);
	qv_status rc = QV_OK;
	if (R->fail_index >= 0) {
		rc = R->fail_rc;
		if (err)
			*err = R->fail;
	} else if (w->progress) {
		w->progress(w->progress_ctx, jobs, jobs, secs);
	}
	free(R);
	if (elapsed)
		*elapsed = secs;
	return rc;
}
