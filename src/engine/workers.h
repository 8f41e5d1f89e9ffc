/*
 * workers.h - many independent jobs numbered lo..hi-1 on worker threads, for the arena and the
 * lab: each worker takes the next index until none is left or a job failed, keeps its own data
 * from job to job, and the calling thread waits and reports progress. Internal to the engine.
 *
 * Results are the jobs' own business (each writes to its index's slot), so they do not depend
 * on the number of threads; a failure reported is the one of the lowest failed index, so the
 * message does not depend on timing either.
 */
#ifndef QUIVER_ENGINE_WORKERS_H
#define QUIVER_ENGINE_WORKERS_H

#include "quiver/core.h"

typedef struct qv__workers {
	int lo, hi;  /* the jobs [lo, hi) */
	int threads; /* workers, at least 1 (capped at the number of jobs) */
	void *ctx;
	/* A worker's own data, made on its thread before its first job; NULL fails the run with
	 * QV_ENOMEM. NULL hook: the worker has none. */
	void *(*start)(void *ctx);
	/* Job `index`, with the worker's data. */
	qv_status (*job)(void *ctx, void *mine, int index, qv_err *err);
	/* Releases what start made (called with NULL too). May be NULL. */
	void (*stop)(void *mine);
	/* Called on the calling thread at most every tenth of a second while jobs run, and once
	 * more when every job is done (done == total). May be NULL. */
	void (*progress)(void *ctx, int done, int total, double elapsed);
	void *progress_ctx;
} qv__workers;

/* Runs the jobs; *elapsed (may be NULL) gets the wall-clock seconds. Fails with the status and
 * message of the lowest failed index, or QV_ENOMEM when no thread can be started. */
qv_status qv__workers_run(const qv__workers *w, double *elapsed, qv_err *err);

#endif
