/*
 * harness.c - the shared part of the tests that start `quiver serve` (harness.h).
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <arpa/inet.h>
#include <dirent.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include "../support/tmpdir.h"
#include "harness.h"
#include "server/base/rating.h"

const char *th_quiver;
char th_tmpdir[64];
tc_server th_server;

static const char *run_name;
static int dbcount;
static pid_t haproxy = -1;

/* ---- the run --------------------------------------------------------------------------------- */

static void cleanup(void)
{
	th_haproxy_stop();
	if (th_server.pid > 0)
		tc_server_stop(&th_server, SIGKILL);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", th_tmpdir);
	if (th_tmpdir[0] && system(cmd) != 0)
		fprintf(stderr, "test_%s: could not remove %s\n", run_name, th_tmpdir);
}

static void on_alarm(int sig)
{
	(void)sig;
	if (th_server.pid > 0)
		kill(th_server.pid, SIGKILL);
	if (haproxy > 0)
		kill(haproxy, SIGKILL);
	_exit(3);
}

int th_init(int argc, char **argv, const char *name, unsigned alarm_s)
{
	run_name = name;
	if (argc != 2) {
		fprintf(stderr, "usage: test_%s PATH-TO-QUIVER\n", name);
		return 2;
	}
	th_quiver = argv[1];
	char prefix[64];
	snprintf(prefix, sizeof prefix, "qv%s", name);
	if (!qv_test_mkdtemp(th_tmpdir, sizeof th_tmpdir, prefix)) {
		perror("mkdtemp");
		th_tmpdir[0] = '\0';
		return 2;
	}
	atexit(cleanup);
	if (getenv("TH_ONLY"))
		cmocka_set_test_filter(getenv("TH_ONLY"));
	if (getenv("TH_SKIP"))
		cmocka_set_skip_filter(getenv("TH_SKIP"));
	signal(SIGALRM, on_alarm);
	signal(SIGPIPE, SIG_IGN);
	alarm(alarm_s);
	srand(1);
	return 0;
}

int th_teardown(void **state)
{
	(void)state;
	if (th_server.pid > 0)
		tc_server_stop(&th_server, SIGKILL);
	return 0;
}

/* ---- the server ------------------------------------------------------------------------------ */

int th_free_port(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t len = sizeof a;
	assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &len), 0);
	close(fd);
	return ntohs(a.sin_port);
}

int th_haproxy_start(const char *cfg, const char *const *env)
{
	int port = th_free_port();
	char listen[64];
	snprintf(listen, sizeof listen, "127.0.0.1:%d", port);
	haproxy = fork();
	assert_true(haproxy >= 0);
	if (haproxy == 0) {
		setenv("QUIVER_LISTEN", listen, 1);
		for (int i = 0; env && env[i]; i++)
			putenv((char *)env[i]);
		execlp("haproxy", "haproxy", "-db", "-q", "-f", cfg, (char *)NULL);
		_exit(127);
	}
	for (int i = 0; i < 400; i++) {
		int fd = tc_dial(port);
		if (fd >= 0) {
			close(fd);
			return port;
		}
		int status;
		if (waitpid(haproxy, &status, WNOHANG) == haproxy)
			fail_msg("haproxy ended at start (status %d)", status);
		usleep(25000);
	}
	fail_msg("haproxy did not listen on port %d", port);
	return -1;
}

void th_haproxy_stop(void)
{
	if (haproxy > 0) {
		kill(haproxy, SIGTERM);
		waitpid(haproxy, NULL, 0);
	}
	haproxy = -1;
}

bool th_pg(void)
{
	const char *pg = getenv("QV_TEST_PG");
	return pg && strcmp(pg, "1") == 0;
}

void th_pg_cluster(const char *what)
{
	char cmd[512];
	const char *ctl = getenv("QV_TEST_PG_CTL");
	if (!ctl)
		fail_msg("QV_TEST_PG_CTL is not set: run the test under tests/cluster/pg_run.sh");
	snprintf(cmd, sizeof cmd, "'%s' %s", ctl, what);
	assert_int_equal(system(cmd), 0);
}

/* A connection to PostgreSQL by libpq's environment (PGHOST, PGPORT, PGUSER, PGPASSWORD,
 * PGDATABASE, as tests/cluster/pg_run.sh sets them) or to the database conninfo names; fails
 * the test when it cannot. */
static PGconn *pg_connect(const char *conninfo)
{
	PGconn *c = PQconnectdb(conninfo);
	if (PQstatus(c) != CONNECTION_OK)
		fail_msg("cannot connect to PostgreSQL (%s): %s", conninfo, PQerrorMessage(c));
	return c;
}

/* Runs text on connection c; the test fails with PostgreSQL's message when it fails. */
static PGresult *pg_exec(PGconn *c, const char *text)
{
	PGresult *r = PQexec(c, text);
	ExecStatusType st = PQresultStatus(r);
	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
		fail_msg("PostgreSQL refused %s: %s", text, PQresultErrorMessage(r));
	return r;
}

const char *th_new_db(void)
{
	static char path[128];
	if (!th_pg()) {
		snprintf(path, sizeof path, "%s/t%d.db", th_tmpdir, ++dbcount);
		return path;
	}
	char name[64], create[96];
	snprintf(name, sizeof name, "qv_%ld_%d", (long)getpid(), ++dbcount);
	snprintf(create, sizeof create, "CREATE DATABASE %s", name);
	PGconn *c = pg_connect("");
	PQclear(pg_exec(c, create));
	PQfinish(c);
	snprintf(path, sizeof path, "dbname=%s", name);
	return path;
}

void th_start(const char *db, const char *const *extra)
{
	assert_int_equal(tc_server_start(&th_server, th_quiver, db, extra), 0);
}

void th_stop(void)
{
	int status = tc_server_stop(&th_server, SIGTERM);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		fail_msg("quiver serve did not stop cleanly (wait status %d)", status);
}

/* ---- the server as the kernel sees it ------------------------------------------------------ */

static int by_inode(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;
	return (x > y) - (x < y);
}

/* The inodes of the server's open sockets, sorted (malloc'ed; *n of them), or NULL. */
static unsigned long *socket_inodes(size_t *n)
{
	char path[64], link[64];
	snprintf(path, sizeof path, "/proc/%d/fd", (int)th_server.pid);
	DIR *d = opendir(path);
	if (!d)
		return NULL;
	size_t cap = 1024;
	unsigned long *ino = malloc(cap * sizeof *ino);
	*n = 0;
	for (struct dirent *e; ino && (e = readdir(d)) != NULL;) {
		char fd[64 + sizeof e->d_name];
		snprintf(fd, sizeof fd, "%s/%s", path, e->d_name);
		ssize_t k = readlink(fd, link, sizeof link - 1);
		unsigned long i;
		if (k <= 0)
			continue;
		link[k] = '\0';
		if (sscanf(link, "socket:[%lu]", &i) != 1)
			continue;
		if (*n == cap) {
			unsigned long *g = realloc(ino, 2 * cap * sizeof *ino);
			if (!g) {
				free(ino);
				ino = NULL;
				break;
			}
			ino = g;
			cap *= 2;
		}
		ino[(*n)++] = i;
	}
	closedir(d);
	if (ino)
		qsort(ino, *n, sizeof *ino, by_inode);
	return ino;
}

int th_server_conns(const char *from)
{
	struct in_addr want = {0};
	if (from && inet_pton(AF_INET, from, &want) != 1)
		return -1;
	size_t n = 0;
	unsigned long *ino = socket_inodes(&n);
	char path[64], line[512];
	snprintf(path, sizeof path, "/proc/%d/net/tcp", (int)th_server.pid);
	FILE *f = ino ? fopen(path, "r") : NULL;
	if (!f) {
		free(ino);
		return -1;
	}
	int count = 0;
	while (fgets(line, sizeof line, f)) {
		unsigned local_port, remote, remote_port, st;
		unsigned long inode;
		/* sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode */
		if (sscanf(line, " %*d: %*x:%x %x:%x %x %*x:%*x %*x:%*x %*x %*u %*u %lu",
		           &local_port, &remote, &remote_port, &st, &inode) != 5)
			continue;
		if ((int)local_port != th_server.port || st == 0x0A /* listening */ ||
		    (from && remote != want.s_addr) || inode == 0)
			continue;
		count += bsearch(&inode, ino, n, sizeof *ino, by_inode) != NULL;
	}
	fclose(f);
	free(ino);
	return count;
}

long th_server_status(const char *field)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%d/status", (int)th_server.pid);
	FILE *f = fopen(path, "r");
	long v = -1;
	size_t n = strlen(field);
	while (f && fgets(line, sizeof line, f))
		if (strncmp(line, field, n) == 0 && line[n] == ':') {
			v = strtol(line + n + 1, NULL, 10);
			break;
		}
	if (f)
		fclose(f);
	return v;
}

long th_room_for_files(long n)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return -1;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < (rlim_t)n) {
		bool room = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > (rlim_t)n;
		rl.rlim_cur = room ? (rlim_t)n : rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	return rl.rlim_cur == RLIM_INFINITY ? n : (long)rl.rlim_cur;
}

/* ---- requests -------------------------------------------------------------------------------- */

json_t *th_http(const char *method, const char *path, const char *body, int status)
{
	tc_reply r;
	tc_http(th_server.port, method, path, body, body ? strlen(body) : 0, &r);
	if (r.status != status)
		fail_msg("%s %s: status %d, expected %d; body %s", method, path, r.status, status,
		         r.body ? r.body : "(none)");
	json_t *j = json_incref(r.json);
	tc_reply_free(&r);
	return j;
}

void th_refused(const char *method, const char *path, const char *body, int status,
                const char *words)
{
	json_t *j = th_http(method, path, body, status);
	const char *msg = json_string_value(json_object_get(j, "error"));
	if (!msg || json_object_size(j) != 1 || (words && !strstr(msg, words)))
		fail_msg("%s %s: expected an error naming '%s', got %s", method, path,
		         words ? words : "", msg ? msg : "no error field");
	json_decref(j);
}

void th_create(const char *body, char id[32])
{
	json_t *j = th_http("POST", "/api/tables", body, 201);
	assert_non_null(j);
	snprintf(id, 32, "%s", json_string_value(json_object_get(j, "id")));
	json_decref(j);
}

void th_join_with(const char *id, const char *body, const char *seat, char token[64])
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	json_t *j = th_http("POST", path, body, 200);
	assert_string_equal(json_string_value(json_object_get(j, "seat")), seat);
	snprintf(token, 64, "%s", json_string_value(json_object_get(j, "token")));
	assert_int_equal(strlen(token), 32);
	json_decref(j);
}

void th_join(const char *id, const char *seat, char token[64])
{
	char body[64];
	snprintf(body, sizeof body, "{\"seat\": \"%s\"}", seat);
	th_join_with(id, body, seat, token);
}

void th_two_seats(const char *body, char id[32], char t1[64], char t2[64], th_seat *p1, th_seat *p2)
{
	th_create(body, id);
	th_join(id, "p1", t1);
	th_join(id, "p2", t2);
	th_seat_open(p1, id, t1);
	th_seat_open(p2, id, t2);
}

void th_duel_open(th_duel *d)
{
	th_two_seats("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", d->id,
	             d->t1, d->t2, &d->p1, &d->p2);
	d->mover = json_array_size(json_object_get(d->p1.view, "legal")) > 0 ? &d->p1 : &d->p2;
}

void th_duel_close(th_duel *d)
{
	th_seat_close(&d->p1);
	th_seat_close(&d->p2);
}

json_t *th_info(const char *id)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s", id);
	return th_http("GET", path, NULL, 200);
}

void th_wait_over(const char *id)
{
	double until = tc_now_ms() + TH_WAIT_MS;
	for (;;) {
		json_t *info = th_info(id);
		bool over = strcmp(json_string_value(json_object_get(info, "status")), "over") == 0;
		json_decref(info);
		if (over)
			return;
		if (tc_now_ms() > until)
			fail_msg("table %s did not finish", id);
		poll(NULL, 0, 20);
	}
}

/* How far GET path's answer is (200 or 202): its "done" and "looked" added, with *status set
 * to its status (strdup'ed). */
static long long looked_so_far(const char *path, char **status)
{
	tc_reply r;
	tc_http(th_server.port, "GET", path, NULL, 0, &r);
	if (r.status != 200 && r.status != 202)
		fail_msg("GET %s: status %d; body %s", path, r.status, r.body ? r.body : "(none)");
	const char *now = json_string_value(json_object_get(r.json, "status"));
	*status = strdup(now ? now : "");
	long long n = json_integer_value(json_object_get(r.json, "done")) +
	              json_integer_value(json_object_get(r.json, "looked"));
	tc_reply_free(&r);
	return n;
}

json_t *th_wait_looked(const char *id, const char *what)
{
	char review[96], path[96], seen[64] = "";
	snprintf(review, sizeof review, "/api/tables/%s/review", id);
	snprintf(path, sizeof path, "/api/tables/%s/%s", id, what);
	long long last = -1;
	double until = tc_now_ms() + TH_WAIT_MS;
	for (;;) {
		char *rs, *ps;
		long long n = looked_so_far(review, &rs) + looked_so_far(path, &ps);
		bool done = strcmp(ps, "done") == 0;
		char now[64];
		snprintf(now, sizeof now, "%.30s %.30s", rs, ps);
		free(rs);
		free(ps);
		if (done)
			return th_http("GET", path, NULL, 200);
		if (strncmp(now, "failed ", 7) == 0)
			fail_msg("table %s's review failed", id);
		if (n != last || strcmp(now, seen) != 0) {
			last = n;
			snprintf(seen, sizeof seen, "%s", now);
			until = tc_now_ms() + TH_WAIT_MS;
		} else if (tc_now_ms() > until) {
			fail_msg("table %s's %s stood still for %d s (%s, at %lld)", id, what,
			         TH_WAIT_MS / 1000, now, n);
		}
		poll(NULL, 0, 20);
	}
}

/* ---- a seat's socket ---- */

double th_epoch_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Records frame f's text; keeps a snapshot or update as the seat's latest. Returns f's type. */
static const char *keep(th_seat *s, json_t *f)
{
	char *text = json_dumps(f, JSON_COMPACT);
	json_array_append_new(s->frames, json_string(text));
	free(text);
	const char *type = json_string_value(json_object_get(f, "type"));
	if (type && (!strcmp(type, "snapshot") || !strcmp(type, "update"))) {
		s->at = th_epoch_ms();
		json_decref(s->view);
		json_decref(s->table);
		s->view = json_incref(json_object_get(f, "view"));
		s->table = json_incref(json_object_get(f, "table"));
		s->v = json_integer_value(json_object_get(f, "v"));
	} else if (type && !strcmp(type, "spectators") && s->table) {
		/* The count alone: the rest of info is as the last update said. */
		json_t *n = json_object_get(f, "count");
		if (!json_is_integer(n))
			fail_msg("a spectators frame without a count");
		json_object_set(s->table, "spectators", n);
	}
	return type ? type : "";
}

void th_seat_read(th_seat *s)
{
	json_t *f = tc_ws_recv_json(&s->ws, TH_WAIT_MS);
	if (!f)
		fail_msg("no frame within the wait");
	keep(s, f);
	json_decref(f);
}

bool th_seat_read_within(th_seat *s, int ms)
{
	json_t *f = tc_ws_recv_json(&s->ws, ms);
	if (!f)
		return false;
	keep(s, f);
	json_decref(f);
	return true;
}

void th_seat_next(th_seat *s)
{
	for (;;) {
		json_t *f = tc_ws_recv_json(&s->ws, TH_WAIT_MS);
		if (!f)
			fail_msg("no frame within the wait");
		const char *type = keep(s, f);
		if (!strcmp(type, "snapshot") || !strcmp(type, "update")) {
			json_decref(f);
			return;
		}
		if (!strcmp(type, "error"))
			fail_msg("unexpected error: %s",
			         json_string_value(json_object_get(f, "message")));
		json_decref(f);
	}
}

void th_seat_drain(th_seat *s)
{
	json_t *f;
	while ((f = tc_ws_recv_json(&s->ws, 50)) != NULL) {
		keep(s, f);
		json_decref(f);
	}
}

const char *th_seat_first(const th_seat *s)
{
	const char *a = json_string_value(json_array_get(json_object_get(s->view, "legal"), 0));
	assert_non_null(a);
	return a;
}

void th_seat_reach(th_seat *s, long long v)
{
	while (s->v < v)
		th_seat_next(s);
}

void th_catch_up_all(void *ctx, int n, long long (*at)(void *ctx, int i),
                     void (*reach)(void *ctx, int i, long long v))
{
	for (;;) {
		long long top = LLONG_MIN, low = LLONG_MAX;
		for (int i = 0; i < n; i++) {
			top = at(ctx, i) > top ? at(ctx, i) : top;
			low = at(ctx, i) < low ? at(ctx, i) : low;
		}
		if (low >= top)
			return;
		for (int i = 0; i < n; i++)
			reach(ctx, i, top);
	}
}

static long long seat_at(void *seats, int i) { return ((th_seat *)seats)[i].v; }

static void seat_reach(void *seats, int i, long long v)
{
	th_seat_reach(&((th_seat *)seats)[i], v);
}

void th_seats_catch_up(th_seat *seats, int n) { th_catch_up_all(seats, n, seat_at, seat_reach); }

static long long seatp_at(void *all, int i) { return ((th_seat **)all)[i]->v; }

static void seatp_reach(void *all, int i, long long v) { th_seat_reach(((th_seat **)all)[i], v); }

void th_seat_play_first(th_seat *mover, th_seat **all, int n)
{
	long long v = mover->v;
	th_seat_act(mover, th_seat_first(mover));
	th_seat_reach(mover, v + 1);
	/* to a fixed point: a seat may get the move and what follows it in one update */
	th_catch_up_all(all, n, seatp_at, seatp_reach);
}

void th_seat_open(th_seat *s, const char *id, const char *token)
{
	memset(s, 0, sizeof *s);
	s->frames = json_array();
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(&s->ws, th_server.port, path), 0);
	if (token)
		th_seat_send(s, "{\"type\": \"hello\", \"token\": \"%s\"}", token);
	else
		th_seat_send(s, "{\"type\": \"hello\", \"token\": null}");
	th_seat_next(s);
}

void th_seat_close(th_seat *s)
{
	tc_ws_close(&s->ws);
	json_decref(s->view);
	json_decref(s->table);
	json_decref(s->frames);
}

/* info's to_move as "p1 p2". */
static void to_move_text(const json_t *table, char *buf, size_t len)
{
	buf[0] = '\0';
	const json_t *list = json_object_get(table, "to_move");
	assert_true(json_is_array(list));
	for (size_t i = 0; i < json_array_size(list); i++)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", i ? " " : "",
		         json_string_value(json_array_get(list, i)));
}

void th_seat_wait_to_move(th_seat *s, const char *want)
{
	char now[64];
	for (int i = 0; i < 200; i++) {
		to_move_text(s->table, now, sizeof now);
		if (!strcmp(now, want))
			return;
		th_seat_next(s);
	}
	fail_msg("to_move stays '%s'; expected '%s'", now, want);
}

void th_seat_send(th_seat *s, const char *fmt, ...)
{
	char frame[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(frame, sizeof frame, fmt, ap);
	va_end(ap);
	assert_int_equal(tc_ws_send_text(&s->ws, frame), 0);
}

void th_seat_act(th_seat *s, const char *action)
{
	th_seat_send(s, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", s->v, action);
}

void th_seat_refused(th_seat *s, const char *frame, const char *words)
{
	th_seat_drain(s);
	long long v = s->v;
	assert_int_equal(tc_ws_send_text(&s->ws, frame), 0);
	for (;;) {
		json_t *f = tc_ws_recv_json(&s->ws, TH_WAIT_MS);
		if (!f)
			fail_msg("no answer to %s; expected an error naming '%s'", frame, words);
		const char *type = keep(s, f);
		if (!strcmp(type, "update") && s->v != v)
			fail_msg("%s changed the version; expected an error naming '%s'", frame,
			         words);
		if (!strcmp(type, "error")) {
			const char *msg = json_string_value(json_object_get(f, "message"));
			if (!msg || !strstr(msg, words))
				fail_msg("%s: error '%s'; expected one naming '%s'", frame, msg,
				         words);
			/* a refusal says once what it refuses ("cannot take back: cannot take
			 * back: ..." was a bug) */
			const char *colon = strstr(msg, ": ");
			if (colon && strncmp(colon + 2, msg, (size_t)(colon - msg) + 2) == 0)
				fail_msg("%s: error '%s' says its first words twice", frame, msg);
			json_decref(f);
			return;
		}
		json_decref(f);
	}
}

bool th_seat_heard(const th_seat *s, const char *text)
{
	for (size_t i = 0; i < json_array_size(s->frames); i++)
		if (strstr(json_string_value(json_array_get(s->frames, i)), text))
			return true;
	return false;
}

void th_expect_close(tc_ws *w, int code, const char *words)
{
	double end = tc_now_ms() + TH_WAIT_MS;
	int rc = 0;
	while (rc != -1 && tc_now_ms() < end) {
		int op;
		char *payload = NULL;
		size_t len;
		rc = tc_ws_recv(w, 500, &op, &payload, &len);
		free(payload);
	}
	if (rc != -1 || w->close_code != code || !strstr(w->close_reason, words))
		fail_msg("expected the socket closed with %d naming '%s'; got %s, code %d '%s'",
		         code, words, rc == -1 ? "closed" : "still open", w->close_code,
		         w->close_reason);
}

/* The Cookie and Origin lines browser b sends, into out. */
static void browser_headers(const th_browser *b, char *out, size_t len)
{
	out[0] = '\0';
	if (b && (b->key[0] || b->session[0]))
		snprintf(out, len, "Cookie: %s%s%s\r\n", b->key,
		         b->key[0] && b->session[0] ? "; " : "", b->session);
	if (b && b->origin[0])
		snprintf(out + strlen(out), len - strlen(out), "Origin: %s\r\n", b->origin);
	if (b && b->fetch_site[0])
		snprintf(out + strlen(out), len - strlen(out), "Sec-Fetch-Site: %s\r\n",
		         b->fetch_site);
}

void th_browser_keep(th_browser *b, const tc_reply *r)
{
	for (const char *p = r->headers; p && (p = strstr(p, "Set-Cookie: ")); p++) {
		const char *v = p + 12;
		size_t n = strcspn(v, ";\r\n");
		char *to = strncmp(v, "quiver_key=", 11) == 0       ? b->key
		           : strncmp(v, "quiver_session=", 15) == 0 ? b->session
		                                                    : NULL;
		if (!to || n >= sizeof b->key)
			continue;
		memcpy(to, v, n);
		to[n] = '\0';
		if (to == b->session && strlen(to) == 15)
			to[0] = '\0';
	}
}

void th_browser_ask(th_browser *b, const char *method, const char *path, const char *body,
                    int status, tc_reply *out)
{
	char headers[512];
	browser_headers(b, headers, sizeof headers);
	int got =
	    tc_http_with(th_server.port, method, path, headers, body, body ? strlen(body) : 0, out);
	if (got != status)
		fail_msg("%s %s answered %d, not %d: %s", method, path, got, status,
		         out->body ? out->body : "");
	if (b)
		th_browser_keep(b, out);
}

void th_browser_key(th_browser *b)
{
	tc_reply r;
	th_browser_ask(b, "GET", "/api/games", NULL, 200, &r);
	tc_reply_free(&r);
	assert_int_equal(strlen(b->key), 11 + 64); /* quiver_key= and 64 hex digits */
}

void th_browser_join(th_browser *b, const char *id, const char *body, char token[64])
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	tc_reply r;
	th_browser_ask(b, "POST", path, body, 200, &r);
	snprintf(token, 64, "%s", json_string_value(json_object_get(r.json, "token")));
	tc_reply_free(&r);
}

int th_browser_seat_open(const th_browser *b, th_seat *s, const char *id, const char *token)
{
	memset(s, 0, sizeof *s);
	s->frames = json_array();
	char path[96], headers[512];
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	browser_headers(b, headers, sizeof headers);
	int got = tc_ws_open_with(&s->ws, th_server.port, path, headers);
	if (got)
		return got;
	th_seat_send(s, "{\"type\": \"hello\", \"token\": \"%s\"}", token);
	return 0;
}

int th_channel_open(const th_browser *b, tc_ws *w)
{
	char headers[512];
	browser_headers(b, headers, sizeof headers);
	int got = tc_ws_open_with(w, th_server.port, "/api/me/ws", headers);
	if (got)
		return got;
	assert_int_equal(tc_ws_send_text(w, "{\"type\": \"hello\", \"token\": null}"), 0);
	json_t *ready = tc_ws_recv_json(w, 10000);
	assert_non_null(ready);
	assert_string_equal(json_string_value(json_object_get(ready, "type")), "ready");
	json_decref(ready);
	return 0;
}

json_t *th_channel_expect(tc_ws *w, const char *type)
{
	json_t *f = tc_ws_recv_json(w, 20000);
	if (!f)
		fail_msg("the channel heard nothing in 20 s; expected '%s'", type);
	const char *got = json_string_value(json_object_get(f, "type"));
	if (!got || strcmp(got, type) != 0)
		fail_msg("the channel heard '%s' where '%s' was expected", got ? got : "?", type);
	return f;
}

void th_channel_quiet(tc_ws *w)
{
	assert_int_equal(tc_ws_send_text(w, "{\"type\": \"ping\"}"), 0);
	json_t *f = tc_ws_recv_json(w, 10000);
	assert_non_null(f);
	const char *type = json_string_value(json_object_get(f, "type"));
	if (strcmp(type, "pong") != 0)
		fail_msg("the channel heard '%s' before its pong", type);
	json_decref(f);
}

void th_browser_refused(th_browser *b, const char *method, const char *path, const char *body,
                        int status, const char *words)
{
	tc_reply r;
	th_browser_ask(b, method, path, body, status, &r);
	const char *e = json_string_value(json_object_get(r.json, "error"));
	if (!e || !strstr(e, words))
		fail_msg("%s %s %s: the error '%s' does not hold '%s'", method, path,
		         body ? body : "", e ? e : "(none)", words);
	tc_reply_free(&r);
}

void th_browser_account(th_browser *b, const char *name, bool in)
{
	char body[128];
	snprintf(body, sizeof body, "{\"username\": \"%s\", \"password\": \"" TH_PASS "\"}", name);
	tc_reply r;
	th_browser_ask(b, "POST", in ? "/api/session" : "/api/accounts", body, in ? 200 : 201, &r);
	tc_reply_free(&r);
}

void th_list_refusals(th_browser *b, const char *path, const char *self, const char *verb)
{
	char body[128], one[160], words[64], nobody[160];
	snprintf(body, sizeof body, "{\"username\": \"%s\"}", self);
	snprintf(words, sizeof words, "cannot %s yourself", verb);
	snprintf(nobody, sizeof nobody, "%s/Nobody", path);
	snprintf(one, sizeof one, "%s/Bob", path);
	th_browser_refused(b, "POST", path, body, 400, words);
	th_browser_refused(b, "POST", path, "{\"username\": \"Nobody\"}", 404,
	                   "no player 'Nobody'");
	th_browser_refused(b, "DELETE", nobody, NULL, 404, "no player 'Nobody'");
	th_browser_refused(b, "POST", path, "{\"name\": \"Bob\"}", 400, "username");
	th_browser_refused(b, "POST", path, "{\"username\": 5}", 400, "username: not a string");
	th_browser_refused(b, "POST", path, "[", 400, "JSON");
	th_browser_refused(b, "PUT", path, "{}", 405, "GET, POST");
	th_browser stranger = {0};
	th_browser_refused(&stranger, "GET", path, NULL, 401, "sign in");
	th_browser_refused(&stranger, "POST", path, "{\"username\": \"Bob\"}", 401, "sign in");
	th_browser_refused(&stranger, "DELETE", one, NULL, 401, "sign in");
	th_browser evil = *b;
	snprintf(evil.origin, sizeof evil.origin, "http://evil.example");
	th_browser_refused(&evil, "POST", path, "{\"username\": \"Bob\"}", 403, "cross-site");
	th_browser_refused(&evil, "DELETE", one, NULL, 403, "cross-site");
}

int th_admin(const char *db, char *out, size_t len, const char *fmt, ...)
{
	char args[1024], cmd[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(args, sizeof args, fmt, ap);
	va_end(ap);
	snprintf(cmd, sizeof cmd, "'%s' admin %s --db '%s' 2>&1", th_quiver, args, db);
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	size_t n = fread(out, 1, len - 1, p);
	out[n] = '\0';
	int st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

void th_sql(const char *path, const char *text)
{
	if (strchr(path, '=')) {
		PGconn *c = pg_connect(path);
		PQclear(pg_exec(c, text));
		PQfinish(c);
		return;
	}
	sqlite3 *h;
	assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
	assert_int_equal(sqlite3_exec(h, text, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(h);
}

void th_settle(const char *path, const char *username, const char *game, int players)
{
	char sql[640];
	snprintf(sql, sizeof sql,
	         "UPDATE accounts SET created = created - 172800 WHERE username = '%s'", username);
	th_sql(path, sql);
	/* a new player's (rating.h's constants: the harness links no server code) */
	if (players == 2)
		snprintf(
		    sql, sizeof sql,
		    "INSERT INTO ratings (account, game, players, rating, deviation, volatility, "
		    "games, updated) SELECT id, '%s', 2, %.17g, %.17g, %.17g, 10, created FROM "
		    "accounts WHERE username = '%s'",
		    game, QV__GLICKO2_RATING, QV__GLICKO2_DEVIATION, QV__GLICKO2_VOLATILITY,
		    username);
	else
		snprintf(
		    sql, sizeof sql,
		    "INSERT INTO ratings (account, game, players, rating, deviation, mu, sigma, "
		    "games, updated) SELECT id, '%s', %d, %.17g, %.17g, %.17g, %.17g, 10, "
		    "created FROM accounts WHERE username = '%s'",
		    game, players, QV__GLICKO2_RATING, QV__WL_SIGMA * QV__WL_DISPLAY_SCALE,
		    QV__WL_MU, QV__WL_SIGMA, username);
	th_sql(path, sql);
}

long long th_sql_number(const char *path, const char *text)
{
	long long n = 0;
	if (strchr(path, '=')) {
		PGconn *c = pg_connect(path);
		PGresult *r = pg_exec(c, text);
		assert_int_equal(PQntuples(r), 1);
		n = atoll(PQgetvalue(r, 0, 0));
		PQclear(r);
		PQfinish(c);
		return n;
	}
	sqlite3 *h;
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(h, text, -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return n;
}

/* ---- a bystander's time ---------------------------------------------------------------------- */

/* Sends frame on w and reads until the table's version moves from *v; returns the time it
 * took, in milliseconds. */
static double round_trip(tc_ws *w, const char *frame, long long *v)
{
	double t0 = tc_now_ms();
	assert_int_equal(tc_ws_send_text(w, frame), 0);
	for (;;) {
		json_t *f = tc_ws_recv_json(w, TH_WAIT_MS);
		if (!f)
			fail_msg("no answer to %s", frame);
		const char *type = json_string_value(json_object_get(f, "type"));
		if (!strcmp(type, "error"))
			fail_msg("%s: %s", frame, json_string_value(json_object_get(f, "message")));
		long long fv = json_integer_value(json_object_get(f, "v"));
		bool moved = (!strcmp(type, "update") || !strcmp(type, "snapshot")) && fv != *v;
		json_decref(f);
		if (moved) {
			*v = fv;
			return tc_now_ms() - t0;
		}
	}
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

#define TRIPS_MOST 4000

double th_act_undo_median(tc_ws *w, long long *v, const char *action, int trips, double ms)
{
	static double trip[TRIPS_MOST];
	char frame[256];
	int n = 0;
	for (double end = tc_now_ms() + ms; n < trips || (tc_now_ms() < end && n < TRIPS_MOST);) {
		snprintf(frame, sizeof frame,
		         "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", *v, action);
		trip[n++] = round_trip(w, frame, v);
		snprintf(frame, sizeof frame, "{\"type\": \"undo\", \"v\": %lld}", *v);
		trip[n++] = round_trip(w, frame, v);
	}
	qsort(trip, (size_t)n, sizeof *trip, by_value);
	return (trip[n / 2 - 1] + trip[n / 2]) / 2;
}
