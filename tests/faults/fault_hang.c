/*
 * fault_hang.c - a store that hangs rather than fails (the third audit): on SQLite, its write
 * lock held by another program past --db-timeout; under pg_run.sh (cluster/faults/hang), a
 * PostgreSQL frozen, SIGSTOP to its postmaster and every backend, as a stalled disk or a paused
 * database machine would leave it. With --db-timeout 3000, while it hangs:
 *
 * - an act is answered "the site is slow" within the timeout, and an act at another table sent
 *   right after it too, not after it (before: on SQLite the second waited behind the first, 5 s
 *   each; on PostgreSQL neither was answered while it was frozen, 20 s in the audit: its
 *   statement timeout is kept by the frozen server itself);
 * - a ping sent after the act is answered at once, before the act's answer (before: after it,
 *   and a page gave the socket up);
 * - GET /api/health answers 503 within the timeout (before: on SQLite 200, although every
 *   write would fail; on PostgreSQL no answer while it was frozen);
 * - a table's creation answers 503 within the timeout, its operations on the store sharing one
 *   deadline (before: on PostgreSQL after two timeouts, a connection waited for, then one
 *   made);
 * - so do 160 made at once from 160 addresses, more than the server's request workers, each
 *   within the timeout of its coming (before: the third 64 after three timeouts, the requests
 *   queued behind workers that waited on the store), where the same burst before the hang made
 *   all 160;
 * then the store back: the same acts are accepted, and the tables read back as played after a
 * restart.
 *
 * And the site while its database is down (on PostgreSQL stopped for it, the audit's
 * pgstop60), behind HAProxy with docs/deploy/haproxy.cfg: for 20 s, past the three failed
 * checks (5 s apart) after which HAProxy would take the server out, the pages and the lobby are
 * served, every answer saying "X-Quiver-Store: down" (the pages' banner), /api/health 503 with
 * "serving": "read-only"; a player's socket still gets its table, and its act is refused, not
 * lost; the database back, it is accepted (before: HAProxy's own bare 503 for every page after
 * 15 s). Skipped when haproxy is not installed.
 *
 * "Within the timeout" is checked against the timeout and a margin of MARGIN_MS for a loaded
 * machine; the old code's waits (5 s and 10 s on SQLite, the whole freeze on PostgreSQL) are
 * past it. A frozen PostgreSQL is thawed by every way this test ends (its alarm included).
 *
 * And on PostgreSQL, what it says outside an answer (the FATAL of the sessions it ends) reaches
 * the server's log as a line with its time and level.
 *
 * Usage: fault_hang PATH-TO-QUIVER.
 */
#define _GNU_SOURCE /* strcasestr */
#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include "../support/tmpdir.h"
#include "harness.h"

/* What a refusal for a store that does not answer in time says (store.h: QV__STORE_SLOW). */
#define QV_SLOW    "the site is slow"
#define TIMEOUT_MS "3000"
#define TIMEOUT    3000.0
#define MARGIN_MS  2500.0
/* A pong comes from the network loop: at once, whatever the store does. */
#define PONG_MS 1500.0

/* ---- the hang ------------------------------------------------------------------------------ */

static sqlite3 *holder;   /* SQLite: the other program's connection holding the write lock */
static pid_t frozen[256]; /* PostgreSQL: its processes stopped */
static volatile sig_atomic_t nfrozen;

static void thaw(void)
{
	for (int i = 0; i < nfrozen; i++)
		kill(frozen[i], SIGCONT);
	nfrozen = 0;
}

static void on_alarm(int sig)
{
	(void)sig;
	thaw();
	if (th_server.pid > 0)
		kill(th_server.pid, SIGKILL);
	_exit(3);
}

/* The parent's pid of process pid (from /proc), or -1. */
static pid_t parent_of(pid_t pid)
{
	char path[64], text[512];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	size_t n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	const char *end = strrchr(text, ')'); /* the name may hold spaces */
	int ppid = -1;
	if (!end || sscanf(end + 1, " %*c %d", &ppid) != 1)
		return -1;
	return ppid;
}

/* Stops PostgreSQL's postmaster (its pid from postmaster.pid in the data directory db's server
 * names) and every process it started. */
static void freeze(const char *db)
{
	PGconn *c = PQconnectdb(db);
	assert_int_equal(PQstatus(c), CONNECTION_OK);
	PGresult *r = PQexec(c, "SHOW data_directory");
	assert_int_equal(PQresultStatus(r), PGRES_TUPLES_OK);
	char path[512];
	snprintf(path, sizeof path, "%s/postmaster.pid", PQgetvalue(r, 0, 0));
	PQclear(r);
	PQfinish(c);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	int pm = 0;
	assert_int_equal(fscanf(f, "%d", &pm), 1);
	fclose(f);
	assert_int_equal(kill(pm, SIGSTOP), 0);
	frozen[nfrozen++] = pm;
	DIR *d = opendir("/proc");
	assert_non_null(d);
	for (struct dirent *e; (e = readdir(d)) != NULL && nfrozen < 256;) {
		pid_t pid = (pid_t)atoi(e->d_name);
		if (pid > 0 && parent_of(pid) == pm && kill(pid, SIGSTOP) == 0)
			frozen[nfrozen++] = pid;
	}
	closedir(d);
	print_message("PostgreSQL frozen: %d processes stopped\n", (int)nfrozen);
}

/* SQLite: another program's connection takes the write lock and keeps it. */
static void hold_lock(const char *db)
{
	assert_int_equal(sqlite3_open(db, &holder), SQLITE_OK);
	assert_int_equal(sqlite3_exec(holder, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
}

static void hang(const char *db)
{
	if (th_pg())
		freeze(db);
	else
		hold_lock(db);
}

static void unhang(void)
{
	thaw();
	if (holder) {
		sqlite3_exec(holder, "ROLLBACK", NULL, NULL, NULL);
		sqlite3_close(holder);
		holder = NULL;
	}
}

/* ---- what the players hear ------------------------------------------------------------------- */

/* When (ms after t0) a seat heard its pong and its act refused for the store (slow, or the
 * database failing); 0: not yet. */
typedef struct heard {
	double pong, slow;
} heard;

/* Reads what s has within ms, noting into h. */
static void listen_for(th_seat *s, heard *h, double t0, int ms)
{
	json_t *f = tc_ws_recv_json(&s->ws, ms);
	for (; f; f = tc_ws_recv_json(&s->ws, 0)) {
		const char *type = json_string_value(json_object_get(f, "type"));
		const char *msg = json_string_value(json_object_get(f, "message"));
		if (type && !strcmp(type, "pong") && !h->pong)
			h->pong = tc_now_ms() - t0;
		if (type && !strcmp(type, "error") && msg &&
		    (strstr(msg, "the site is slow") || strstr(msg, "the site could not save")) &&
		    !h->slow) {
			h->slow = tc_now_ms() - t0;
			print_message("refused after %.0f ms: %s\n", h->slow, msg);
		}
		json_decref(f);
	}
}

/* GET /api/health's status and how long it took (ms) into *took. */
static int health(double *took)
{
	tc_reply r;
	double t0 = tc_now_ms();
	int status = tc_http(th_server.port, "GET", "/api/health", NULL, 0, &r);
	*took = tc_now_ms() - t0;
	print_message("GET /api/health: %d after %.0f ms: %s\n", status, *took,
	              r.body ? r.body : "(no body)");
	tc_reply_free(&r);
	return status;
}

/* A table made (POST /api/tables): its status, and in *took how long the answer took (its body's
 * start into said, when not NULL); said when say. */
static int create_saying(double *took, bool say, char said[160])
{
	static const char body[] =
	    "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}";
	tc_reply r;
	double t0 = tc_now_ms();
	int status = tc_http(th_server.port, "POST", "/api/tables", body, strlen(body), &r);
	*took = tc_now_ms() - t0;
	if (say)
		print_message("POST /api/tables: %d after %.0f ms: %.200s\n", status, *took,
		              r.body ? r.body : "(no body)");
	if (said)
		snprintf(said, 160, "%s", r.body ? r.body : "");
	tc_reply_free(&r);
	return status;
}

static int create(double *took) { return create_saying(took, true, NULL); }

/* The burst: more tables made at once than the server has request workers (QV__JOBS_MAX, 64),
 * each from an address of its own (so that no address's pace holds any back): while every
 * worker waits on the store, the rest queue for one. Each must be answered within the timeout
 * of its coming, not after the workers ahead of it (before: the audit's pgfreeze left creates
 * with no answer for 20 s; here the third 64 answered after three timeouts, 9 s). */
#define BURST 160

typedef struct burst_req {
	int i;
	int status;
	double took;
	char said[160]; /* the answer's body, its start */
} burst_req;

static void *burst_one(void *arg)
{
	burst_req *b = arg;
	char from[32];
	snprintf(from, sizeof from, "127.0.%d.%d", 30 + b->i / 200, 1 + b->i % 200);
	tc_set_source(from);
	b->status = create_saying(&b->took, false, b->said);
	return NULL;
}

/* The burst sent and answered: the slowest answer's time; *got counts the answers of status
 * want, and, for a 503, that say the site is slow (not, say, that a new table's id is taken:
 * a statement of a new table's that did not answer was once reported so). */
static double burst(int want, int *got)
{
	static burst_req reqs[BURST];
	static pthread_t threads[BURST];
	for (int i = 0; i < BURST; i++) {
		reqs[i] = (burst_req){.i = i};
		assert_int_equal(pthread_create(&threads[i], NULL, burst_one, &reqs[i]), 0);
	}
	double worst = 0;
	*got = 0;
	for (int i = 0; i < BURST; i++) {
		pthread_join(threads[i], NULL);
		bool slow = strstr(reqs[i].said, QV_SLOW) != NULL;
		*got += reqs[i].status == want && (want != 503 || slow);
		if (reqs[i].status == 503 && !slow)
			print_message("a 503 that does not say the site is slow: %s\n",
			              reqs[i].said);
		if (reqs[i].took > worst)
			worst = reqs[i].took;
	}
	print_message("%d tables made at once: %d answered %d, the slowest after %.0f ms\n", BURST,
	              *got, want, worst);
	return worst;
}

/* The act of s (its first legal action at its version), sent. */
static void send_act(th_seat *s, char action[128])
{
	snprintf(action, 128, "%s", th_seat_first(s));
	th_seat_send(s, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", s->v, action);
}

/* The act accepted once the store is back: tried again while the site says it is slow (a
 * connection of the pool made again at its first use). */
static void act_when_back(th_seat *s, const char *action)
{
	long long v = s->v;
	for (int tries = 0; s->v == v; tries++) {
		assert_true(tries < 10);
		th_seat_drain(s);
		json_array_clear(s->frames);
		th_seat_send(s, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", v, action);
		double end = tc_now_ms() + TH_WAIT_MS;
		while (s->v == v && tc_now_ms() < end && !th_seat_heard(s, "the site is slow"))
			th_seat_read_within(s, 200);
	}
	assert_int_equal(s->v, v + 1);
}

static void test_hang(void **state)
{
	(void)state;
	char db[160];
	snprintf(db, sizeof db, "%s", th_new_db());
	static const char *const extra[] = {"--db-timeout", TIMEOUT_MS, NULL};
	th_start(db, extra);
	th_duel one, two;
	th_duel_open(&one);
	th_duel_open(&two);
	th_seat *a = one.mover, *b = two.mover;
	long long va = a->v, vb = b->v;
	double took;
	assert_int_equal(health(&took), 200);
	/* the same burst with the store well: every table made (the deadline counted from a
	 * request's coming refuses none that a worker takes in time) */
	int made_well;
	burst(201, &made_well);
	assert_int_equal(made_well, BURST);

	hang(db);
	char act_a[128], act_b[128];
	double t0 = tc_now_ms();
	send_act(a, act_a);
	send_act(b, act_b);
	th_seat_send(a, "{\"type\": \"ping\"}");
	heard ha = {0}, hb = {0};
	while ((!ha.slow || !hb.slow || !ha.pong) && tc_now_ms() - t0 < TIMEOUT + MARGIN_MS) {
		listen_for(a, &ha, t0, 50);
		listen_for(b, &hb, t0, 0);
	}
	int status = health(&took);
	double made_ms;
	int made = create(&made_ms);
	int refused;
	double worst = burst(503, &refused);
	unhang();
	print_message("the ping answered after %.0f ms; the acts refused after %.0f and %.0f ms\n",
	              ha.pong, ha.slow, hb.slow);
	if (!ha.pong || ha.pong > PONG_MS || (ha.slow && ha.pong > ha.slow))
		fail_msg(
		    "the ping was answered after %.0f ms (0: not within %.0f ms), the act after "
		    "%.0f ms: a pong comes at once, before the act's answer",
		    ha.pong, TIMEOUT + MARGIN_MS, ha.slow);
	if (!ha.slow || !hb.slow)
		fail_msg(
		    "an act not answered within the timeout (%s ms) and %.0f ms: %.0f and %.0f "
		    "ms (0: not at all)",
		    TIMEOUT_MS, MARGIN_MS, ha.slow, hb.slow);
	if (status != 503 || took > TIMEOUT + MARGIN_MS)
		fail_msg("GET /api/health answered %d after %.0f ms: expected 503 within %.0f ms",
		         status, took, TIMEOUT + MARGIN_MS);
	if (made != 503 || made_ms > TIMEOUT + MARGIN_MS)
		fail_msg("POST /api/tables answered %d after %.0f ms: expected 503 within %.0f ms",
		         made, made_ms, TIMEOUT + MARGIN_MS);
	if (refused != BURST || worst > TIMEOUT + MARGIN_MS)
		fail_msg(
		    "%d tables made at once while the store hung: %d answered 503, the slowest "
		    "after %.0f ms: expected every one 503 within %.0f ms",
		    BURST, refused, worst, TIMEOUT + MARGIN_MS);
	assert_int_equal(a->v, va);
	assert_int_equal(b->v, vb);

	act_when_back(a, act_a);
	act_when_back(b, act_b);
	assert_int_equal(health(&took), 200);
	th_duel_close(&one);
	th_duel_close(&two);
	th_stop();
	th_start(db, extra);
	json_t *info = th_info(one.id);
	assert_int_equal(json_integer_value(json_object_get(info, "v")), va + 1);
	json_decref(info);
	info = th_info(two.id);
	assert_int_equal(json_integer_value(json_object_get(info, "v")), vb + 1);
	json_decref(info);
	th_stop();
}

/* ---- behind HAProxy, the database down ----------------------------------------------------- */

static pid_t haproxy = -1;
static int hport;

/* HAProxy with the documented configuration on a free port of 127.0.0.1, in front of the
 * running server; returns once it accepts connections. */
static void haproxy_start(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t len = sizeof sa;
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&sa, &len), 0);
	close(fd);
	hport = ntohs(sa.sin_port);
	char listen[64], server[64];
	snprintf(listen, sizeof listen, "127.0.0.1:%d", hport);
	snprintf(server, sizeof server, "127.0.0.1:%d", th_server.port);
	haproxy = fork();
	assert_true(haproxy >= 0);
	if (haproxy == 0) {
		setenv("QUIVER_LISTEN", listen, 1);
		setenv("QUIVER_SERVER", server, 1);
		execlp("haproxy", "haproxy", "-db", "-q", "-f", QV_HAPROXY_CFG, (char *)NULL);
		_exit(127);
	}
	for (int i = 0; i < 400; i++) {
		int c = tc_dial(hport);
		if (c >= 0) {
			close(c);
			return;
		}
		usleep(25000);
	}
	fail_msg("haproxy did not listen on port %d", hport);
}

static void haproxy_stop(void)
{
	if (haproxy > 0) {
		kill(haproxy, SIGTERM);
		waitpid(haproxy, NULL, 0);
	}
	haproxy = -1;
}

/* A GET through HAProxy: its status, which must be `want`; *down whether the answer said the
 * database is down (X-Quiver-Store). */
static int get_through(const char *path, int want, bool *down)
{
	tc_reply r;
	int status = tc_http(hport, "GET", path, NULL, 0, &r);
	/* (HAProxy writes the names of the headers it passes on in lower case) */
	*down = r.headers && strcasestr(r.headers, "X-Quiver-Store: down");
	if (status != want)
		fail_msg("GET %s through HAProxy: %d, expected %d: %.200s", path, status, want,
		         r.body ? r.body : "(no body)");
	tc_reply_free(&r);
	return status;
}

static void test_down(void **state)
{
	(void)state;
	if (system("command -v haproxy >/dev/null 2>&1") != 0) {
		print_message("skipped: haproxy is not installed\n");
		return;
	}
	char db[160];
	snprintf(db, sizeof db, "%s", th_new_db());
	static const char *const extra[] = {"--db-timeout", TIMEOUT_MS, "--trusted-proxy",
	                                    "127.0.0.1", NULL};
	th_start(db, extra);
	haproxy_start();
	/* 127.0.0.1 is the proxy's address: the test's own connections come from another */
	assert_int_equal(tc_set_source("127.0.0.5"), 0);
	char id[32], t1[64], t2[64];
	th_seat p1, p2;
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id, t1, t2,
	             &p1, &p2);
	th_seat *a = json_array_size(json_object_get(p1.view, "legal")) > 0 ? &p1 : &p2;
	long long va = a->v;
	bool down;
	get_through("/api/tables", 200, &down);
	assert_false(down);

	if (th_pg())
		th_pg_cluster("stop");
	else
		hold_lock(db);
	char act[128];
	send_act(a, act);
	heard h = {0};
	double t0 = tc_now_ms();
	while (!h.slow && tc_now_ms() - t0 < TIMEOUT + MARGIN_MS)
		listen_for(a, &h, t0, 100);
	/* past HAProxy's three failed checks, 5 s apart: still served, saying so */
	int pages = 0;
	while (tc_now_ms() - t0 < 20000) {
		get_through("/", 200, &down);
		get_through("/api/tables", 200, &down);
		if (!down)
			fail_msg("the lobby's answer did not say the database is down "
			         "(X-Quiver-Store), %.0f ms after the act was refused",
			         tc_now_ms() - t0);
		pages++;
		usleep(500000);
	}
	tc_reply r;
	int status = tc_http(hport, "GET", "/api/health", NULL, 0, &r);
	const char *serving = json_string_value(json_object_get(r.json, "serving"));
	print_message("after 20 s down: %d pages and lobbies served; /api/health %d: %s\n", pages,
	              status, r.body ? r.body : "(no body)");
	assert_int_equal(status, 503);
	assert_non_null(serving);
	assert_string_equal(serving, "read-only");
	tc_reply_free(&r);
	tc_ws w;
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(&w, hport, path), 0);
	assert_int_equal(tc_ws_send_text(&w, "{\"type\": \"hello\", \"token\": null}"), 0);
	json_t *f = tc_ws_recv_json(&w, 10000);
	assert_non_null(f);
	assert_string_equal(json_string_value(json_object_get(f, "type")), "snapshot");
	json_decref(f);
	tc_ws_close(&w);
	if (!h.slow)
		fail_msg("the act was not refused within %.0f ms", TIMEOUT + MARGIN_MS);
	assert_int_equal(a->v, va);

	if (th_pg())
		th_pg_cluster("start");
	else
		unhang();
	act_when_back(a, act);
	get_through("/api/tables", 200, &down);
	th_seat_close(&p1);
	th_seat_close(&p2);
	tc_set_source(NULL);
	haproxy_stop();
	th_stop();
}

/* ---- what PostgreSQL says outside an answer ------------------------------------------------ */

/* The file's text as file_holds read it last, and where its first bare 'FATAL:' line is (NULL
 * when it has none): what a failure shows. */
static char file_text[1 << 20];
static const char *file_bare;

/* Whether the file at path holds needle; *bare set when a line begins with "FATAL:" (libpq's
 * own notice processor writes so). */
static bool file_holds(const char *path, const char *needle, bool *bare)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	size_t n = fread(file_text, 1, sizeof file_text - 1, f);
	fclose(f);
	file_text[n] = '\0';
	file_bare =
	    strncmp(file_text, "FATAL:", 6) == 0 ? file_text : strstr(file_text, "\nFATAL:");
	*bare = file_bare != NULL;
	return strstr(file_text, needle) != NULL;
}

/* PostgreSQL ends the server's sessions (pg_terminate_backend, as an operator or a shutdown
 * does): the FATAL it sends reaches the server's log as a line with its time and level, `...Z
 * warn quiver serve: the database says: FATAL: terminating connection ...` (before: libpq
 * wrote the bare `FATAL: ...` on standard error, with neither). */
static void test_notices(void **state)
{
	(void)state;
	if (!th_pg()) {
		print_message("skipped: PostgreSQL's notices (cluster/faults/hang runs it)\n");
		return;
	}
	char db[160], log[48];
	snprintf(db, sizeof db, "%s", th_new_db());
	int fd = qv_test_mkstemp(log, sizeof log, "qvnotices");
	assert_true(fd >= 0);
	fflush(stderr);
	int saved = dup(2);
	dup2(fd, 2); /* the server's standard error, its log */
	close(fd);
	th_start(db, NULL);
	dup2(saved, 2);
	close(saved);
	/* Sessions ended every 2 s until the line comes: a session ended while it waits for an
	 * answer gets the FATAL as that answer's error, not as a notice (the listener's, between
	 * two of its ticks, is idle). */
	PGconn *c = PQconnectdb(db);
	assert_int_equal(PQstatus(c), CONNECTION_OK);
	bool bare = false, found = false;
	const char *want = "Z warn quiver serve: the database says: FATAL:";
	for (double t0 = tc_now_ms(), next = t0; !found && tc_now_ms() - t0 < 10000;
	     usleep(50000)) {
		if (tc_now_ms() >= next) {
			PGresult *r =
			    PQexec(c, "SELECT count(pg_terminate_backend(pid)) FROM "
			              "pg_stat_activity WHERE datname = current_database() "
			              "AND pid <> pg_backend_pid()");
			assert_int_equal(PQresultStatus(r), PGRES_TUPLES_OK);
			print_message("sessions ended: %s\n", PQgetvalue(r, 0, 0));
			PQclear(r);
			next += 2000;
		}
		found = file_holds(log, want, &bare);
	}
	PQfinish(c);
	th_stop();
	file_holds(log, want, &bare);
	char head[2048] = "";
	FILE *f = fopen(log, "r");
	if (f) {
		head[fread(head, 1, sizeof head - 1, f)] = '\0';
		fclose(f);
	}
	unlink(log);
	if (!found)
		fail_msg("no line '%s' in the server's log within 10 s; it began:\n%s", want, head);
	if (bare)
		fail_msg("a bare 'FATAL:' line in the server's log (libpq's own notice processor), "
		         "after:\n%s",
		         file_bare - file_text > 1500 ? file_bare - 1500 : file_text);
}

static int teardown(void **state)
{
	unhang();
	haproxy_stop();
	tc_set_source(NULL);
	return th_teardown(state);
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "hang", 300))
		return 2;
	signal(SIGALRM, on_alarm);
	atexit(thaw);
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_hang, teardown),
	    cmocka_unit_test_teardown(test_down, teardown),
	    cmocka_unit_test_teardown(test_notices, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
