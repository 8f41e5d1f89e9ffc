/*
 * test_metrics.c - GET /metrics from the outside: Prometheus's text format (version 0.0.4),
 * every metric with its # HELP and # TYPE lines; the tables in memory by status, the open
 * WebSockets and the people's acts counted as they happen (two acts: the counter, the
 * histogram's count and its +Inf bucket all 2, its buckets never decreasing), the store's
 * changes timed (a table made, two seats, two moves: five at least); nothing about a table or
 * a person in it; the build's version in quiver_build_info the one `quiver --version` says
 * (before: 0.1.0 for every build).
 *
 * Usage: test_metrics PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

/* GET /metrics (200, its content type checked): its body (caller frees). */
static char *scrape(void)
{
	tc_reply r;
	int got = tc_http(th_server.port, "GET", "/metrics", NULL, 0, &r);
	assert_int_equal(got, 200);
	char type[128];
	assert_true(tc_header(&r, "Content-Type", type, sizeof type));
	assert_non_null(strstr(type, "text/plain; version=0.0.4"));
	char *body = strdup(r.body);
	tc_reply_free(&r);
	return body;
}

/* The value of the sample line that starts with `series` and a space; fails when absent. */
static double sample(const char *text, const char *series)
{
	size_t n = strlen(series);
	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (strncmp(p, series, n) == 0 && p[n] == ' ')
			return strtod(p + n + 1, NULL);
	fail_msg("no sample '%s' in:\n%s", series, text);
	return 0;
}

/* Every metric named has its # HELP and # TYPE, and every sample line belongs to one. */
static void well_formed(const char *text)
{
	char name[128] = "";
	for (const char *p = text; *p;) {
		const char *end = strchr(p, '\n');
		assert_non_null(end); /* every line ends with a newline */
		if (strncmp(p, "# HELP ", 7) == 0) {
			size_t k = strcspn(p + 7, " ");
			assert_true(k < sizeof name);
			memcpy(name, p + 7, k);
			name[k] = '\0';
			assert_int_equal(strncmp(end + 1, "# TYPE ", 7), 0);
			assert_int_equal(strncmp(end + 8, name, k), 0);
		} else if (p[0] != '#') {
			assert_true(name[0]);
			assert_int_equal(strncmp(p, name, strlen(name)), 0);
		}
		p = end + 1;
	}
}

static void test_metrics(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char *m = scrape();
	well_formed(m);
	assert_true(sample(m, "quiver_tables{status=\"playing\"}") == 0);
	assert_true(sample(m, "quiver_acts_total") == 0);
	assert_true(sample(m, "quiver_sockets") == 0);
	assert_true(sample(m, "quiver_ai_queue") >= 0);
	assert_true(sample(m, "process_resident_memory_bytes") > 1e6);
	char cmd[1100], said[128] = "", label[160];
	snprintf(cmd, sizeof cmd, "'%s' --version", th_quiver);
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	assert_non_null(fgets(said, sizeof said, p));
	pclose(p);
	said[strcspn(said, "\n")] = '\0';
	assert_int_equal(strncmp(said, "quiver ", 7), 0);
	snprintf(label, sizeof label, "quiver_build_info{version=\"%s\",", said + 7);
	if (!strstr(m, label))
		fail_msg("no %s in the metrics", label);
	free(m);
	char id[32], t1[64], t2[64];
	th_seat p1, p2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id, t1, t2,
	             &p1, &p2);
	th_seat *all[] = {&p1, &p2};
	th_seat_wait_to_move(&p1, "p1");
	th_seat_play_first(&p1, all, 2);
	th_seat_wait_to_move(&p2, "p2");
	th_seat_play_first(&p2, all, 2);
	/* an act is counted once its update is queued, so its seat may hear it first: wait */
	m = scrape();
	for (int i = 0; i < 200 && sample(m, "quiver_acts_total") < 2; i++) {
		free(m);
		usleep(10000);
		m = scrape();
	}
	well_formed(m);
	assert_true(sample(m, "quiver_tables{status=\"playing\"}") == 1);
	assert_true(sample(m, "quiver_sockets") == 2);
	assert_true(sample(m, "quiver_acts_total") == 2);
	assert_true(sample(m, "quiver_act_seconds_count") == 2);
	assert_true(sample(m, "quiver_act_seconds_bucket{le=\"+Inf\"}") == 2);
	assert_true(sample(m, "quiver_act_seconds_sum") > 0);
	double before = 0;
	static const char *const les[] = {"0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025",
	                                  "0.05",   "0.1",   "0.25",   "0.5",   "1",    "2.5"};
	for (size_t i = 0; i < sizeof les / sizeof les[0]; i++) {
		char series[64];
		snprintf(series, sizeof series, "quiver_act_seconds_bucket{le=\"%s\"}", les[i]);
		double v = sample(m, series);
		assert_true(v >= before);
		before = v;
	}
	/* the table made, two seats taken, two moves: at least five changes committed */
	assert_true(sample(m, "quiver_store_seconds_count") >= 5);
	assert_true(sample(m, "quiver_store_seconds_bucket{le=\"+Inf\"}") ==
	            sample(m, "quiver_store_seconds_count"));
	assert_null(strstr(m, id)); /* no table named */
	free(m);
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "metrics", 120))
		return 1;
	const struct CMUnitTest tests[] = {cmocka_unit_test_teardown(test_metrics, th_teardown)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
