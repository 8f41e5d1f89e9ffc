/*
 * metrics.h - what a process of `quiver serve` counts of its own work for GET /metrics
 * (scrape.h): the people's acts applied and how long each took, from its frame read to its
 * change saved and queued to every connection, and how long each change took the store to
 * commit, as histograms. Counters only, updated with
 * atomics from any thread: nothing about a person, a table or an address. Internal to the
 * server.
 */
#ifndef QUIVER_SERVER_BASE_METRICS_H
#define QUIVER_SERVER_BASE_METRICS_H

#include <stdatomic.h>

#include "quiver/core.h"

/* The buckets of a histogram, by their upper bounds in seconds (then +Inf): from half a
 * millisecond (an act at an idle table is about a tenth of that, docs/benchmarks.md) to 2.5 s
 * (a store that stalls). */
#define QV__METRICS_BUCKETS 12
extern const double qv__metrics_bounds[QV__METRICS_BUCKETS];

/* A histogram of durations: a count per bucket (each counts its own durations only; the text
 * adds them up, as Prometheus's buckets are cumulative), their number and their sum in
 * microseconds (so that it adds atomically). */
typedef struct qv__histogram {
	atomic_ullong bucket[QV__METRICS_BUCKETS + 1];
	atomic_ullong count, sum_us;
} qv__histogram;

typedef struct qv__metrics {
	qv__histogram act;   /* the people's acts applied (its count is the acts' counter) */
	qv__histogram store; /* the changes committed to the store (store.h's qv__store_time) */
} qv__metrics;

/* A zeroed set of counters (NULL when out of memory), and its end. */
qv__metrics *qv__metrics_new(void);
void qv__metrics_free(qv__metrics *m);

/* Counts one duration of `seconds` in h. Any thread. */
void qv__histogram_add(qv__histogram *h, double seconds);

/* Writes h in Prometheus's text format as metric `name` (its _bucket lines, _sum and _count),
 * after its # HELP (help) and # TYPE lines. */
void qv__histogram_text(const qv__histogram *h, const char *name, const char *help, qv_buf *out);

#endif
