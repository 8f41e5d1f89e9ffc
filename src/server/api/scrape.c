/*
 * scrape.c - GET /metrics and GET /api/health (scrape.h). The metrics: the tables in memory by
 * status, the open WebSockets, the people's acts (a counter, and how long each took), the
 * store's refusals, the tables held among several processes, the AI's queue and its busy
 * workers, and the process's start time, open files, resident memory and build, read at the
 * request. Counts only: nothing about a person, a table or an address. The health check asks
 * the store one question, so that a proxy stops sending players to a process whose database
 * does not answer.
 */
#include <dirent.h>
#include <stdio.h>
#include <unistd.h>

#include <jansson.h>

#include "server/api/scrape.h"
#include "server/base/build.h"
#include "server/base/metrics.h"
#include "server/net/reply.h"
#include "server/state/pool.h"
#include "server/store/owners.h"
#include "server/store/store.h"
#include "server/table/table.h"

/* Writes one metric of a single value: its # HELP and # TYPE lines, then `name value`. */
static void one(qv_buf *out, const char *name, const char *type, const char *help, long long v)
{
	qv_buf_printf(out, "# HELP %s %s\n# TYPE %s %s\n%s %lld\n", name, help, name, type, name,
	              v);
}

/* The tables in memory, counted by status. */
static void tables(qv__server *srv, qv_buf *out)
{
	long long n[3] = {0, 0, 0};
	qv__mutex_lock(&srv->reg_lock);
	for (int i = 0; i < srv->ntables; i++) {
		int status = qv__table_seen(srv->tables[i]).status;
		if (status >= QV__WAITING && status <= QV__OVER)
			n[status]++;
	}
	qv__mutex_unlock(&srv->reg_lock);
	static const char *const names[] = {"waiting", "playing", "over"};
	qv_buf_puts(out, "# HELP quiver_tables Tables in this process's memory, by status.\n"
	                 "# TYPE quiver_tables gauge\n");
	for (int s = 0; s < 3; s++)
		qv_buf_printf(out, "quiver_tables{status=\"%s\"} %lld\n", names[s], n[s]);
}

/* The process's resident memory in bytes (Linux's /proc/self/statm), -1 when unknown. */
static long long resident(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	long long pages = -1, size;
	if (f && fscanf(f, "%lld %lld", &size, &pages) != 2)
		pages = -1;
	if (f)
		fclose(f);
	return pages < 0 ? -1 : pages * (long long)sysconf(_SC_PAGESIZE);
}

/* The process's open file descriptors (Linux's /proc/self/fd), -1 when unknown. */
static long long open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	if (!d)
		return -1;
	long long n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += e->d_name[0] != '.';
	closedir(d);
	return n - 1; /* the directory's own */
}

/* The process's own figures, named as Prometheus's client libraries name them, and the build
 * as an info metric (its value 1, the version in a label). */
static void process(qv__server *srv, qv_buf *out)
{
	one(out, "process_start_time_seconds", "gauge",
	    "Start time of the process since unix epoch in seconds.", (long long)srv->started);
	one(out, "process_open_fds", "gauge", "Number of open file descriptors.", open_fds());
	one(out, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.",
	    resident());
	qv_buf_printf(out,
	              "# HELP quiver_build_info The quiver this process runs (value 1).\n"
	              "# TYPE quiver_build_info gauge\n"
	              "quiver_build_info{version=\"%s\",store=\"%s\"} 1\n",
	              qv__build_version, qv__store_shared(srv->store) ? "postgresql" : "sqlite");
}

int qv__scrape_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv_buf out = {0};
	tables(srv, &out);
	one(&out, "quiver_sockets", "gauge", "Open WebSockets: tables' and players' channels.",
	    atomic_load(&srv->sockets));
	const qv__histogram *act = &srv->metrics->act;
	one(&out, "quiver_acts_total", "counter",
	    "People's acts applied (each saved and queued to every connection).",
	    (long long)atomic_load(&act->count));
	qv__histogram_text(act, "quiver_act_seconds",
	                   "Time from a person's act read to its change saved and queued to "
	                   "every connection.",
	                   &out);
	qv__histogram_text(&srv->metrics->store, "quiver_store_seconds",
	                   "Time a change of a table (made, a seat taken, a move, its people) "
	                   "took the store to commit.",
	                   &out);
	int waiting = 0, running = 0;
	qv__pool_load(srv->pool, &waiting, &running);
	one(&out, "quiver_store_failures_total", "counter",
	    "Changes of tables the store refused (each refused to its player, nothing done).",
	    qv__store_failures(srv->store));
	int held = qv__store_held(srv->store);
	if (held >= 0)
		one(&out, "quiver_tables_held", "gauge",
		    "Tables this process holds among the site's processes (PostgreSQL).", held);
	one(&out, "quiver_ai_queue", "gauge", "Tables waiting for an AI worker.", waiting);
	one(&out, "quiver_ai_busy", "gauge", "AI workers searching or drawing chance.", running);
	process(srv, &out);
	if (out.failed) {
		qv_buf_free(&out);
		qv__reply_error(c, 503, "out of memory writing the metrics");
		return 503;
	}
	qv__req_status(c, 200);
	qv__req_add_header(c, "Content-Type", "text/plain; version=0.0.4; charset=utf-8");
	qv__req_add_header(c, "Cache-Control", "no-store");
	qv__req_write(c, qv_buf_str(&out), out.len);
	qv_buf_free(&out);
	return 200;
}

int qv__health_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	double took = 0;
	qv_err err = {0};
	qv_status rc = qv__store_ping(srv->store, &took, &err);
	/* "serving": what this process still does (a proxy's check keeps it in rotation while it
	 * says so): everything, or, the database failing, what needs no write
	 * (docs/server/storage.md, "When the database is down") */
	json_t *body = rc ? json_pack("{s:s, s:s, s:s}", "store", "failing", "error", err.msg,
	                              "serving", "read-only")
	                  : json_pack("{s:s, s:s, s:f, s:s}", "store", "ok", "backend",
	                              qv__store_shared(srv->store) ? "postgresql" : "sqlite",
	                              "store_seconds", took, "serving", "all");
	int status = rc ? 503 : 200;
	qv__req_add_header(c, "Cache-Control", "no-store");
	qv__reply_json(c, status, body);
	json_decref(body);
	return status;
}
