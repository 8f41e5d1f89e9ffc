/*
 * metrics.c - the process's counters (metrics.h).
 */
#include <stdlib.h>

#include "server/base/metrics.h"

const double qv__metrics_bounds[QV__METRICS_BUCKETS] = {
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
};

qv__metrics *qv__metrics_new(void) { return calloc(1, sizeof(qv__metrics)); }

void qv__metrics_free(qv__metrics *m) { free(m); }

void qv__histogram_add(qv__histogram *h, double seconds)
{
	int b = 0;
	while (b < QV__METRICS_BUCKETS && seconds > qv__metrics_bounds[b])
		b++;
	atomic_fetch_add_explicit(&h->bucket[b], 1, memory_order_relaxed);
	atomic_fetch_add_explicit(&h->count, 1, memory_order_relaxed);
	double us = seconds > 0 ? seconds * 1e6 + 0.5 : 0;
	atomic_fetch_add_explicit(&h->sum_us, (unsigned long long)us, memory_order_relaxed);
}

void qv__histogram_text(const qv__histogram *h, const char *name, const char *help, qv_buf *out)
{
	qv_buf_printf(out, "# HELP %s %s\n# TYPE %s histogram\n", name, help, name);
	unsigned long long total = 0;
	for (int b = 0; b <= QV__METRICS_BUCKETS; b++) {
		total += atomic_load_explicit(&h->bucket[b], memory_order_relaxed);
		if (b < QV__METRICS_BUCKETS)
			qv_buf_printf(out, "%s_bucket{le=\"%g\"} %llu\n", name,
			              qv__metrics_bounds[b], total);
		else
			qv_buf_printf(out, "%s_bucket{le=\"+Inf\"} %llu\n", name, total);
	}
	/* The count is the +Inf bucket's, read once, so that the lines agree with each other
	 * however many acts land while they are written. */
	unsigned long long us = atomic_load_explicit(&h->sum_us, memory_order_relaxed);
	qv_buf_printf(out, "%s_sum %.6f\n%s_count %llu\n", name, (double)us / 1e6, name, total);
}
