/*
 * test_failover.c - a cluster of three `quiver serve` processes on one PostgreSQL database
 * behind HAProxy running docs/deploy/haproxy-cluster.cfg (the very file, its variables from
 * the environment), while one process is killed with SIGKILL every 10 s for 60 s, a different
 * one each time, and started again on its port (issue 41): after the odd kills at once (before
 * HAProxy's checks see it down), after the even ones as soon as HAProxy has marked it down, so
 * that both ways are played: the tables coming straight back to the new process, and the
 * tables going to the live processes and back again once the new one is up. A process that
 * ends at start because the database did not answer in time is started again 2 s later, as
 * its systemd unit would (at most three starts; the line says so).
 *
 * Meanwhile 100 slots of two-person tables (THREE ARROWS, both seats human) and 20 slots of a
 * person against a `random` seat each play games one after another, through HAProxy only,
 * until the kills are over; a slot's last game is played to its end. Every fourth table has
 * a clock (Fischer, 600 s + 5 s) and every fifth table's p1 says chat lines. Each seat is a
 * scripted client with its own WebSocket that acts with a random legal action of its view; a
 * socket that closes, or a connection refused, is opened again after a short backoff (100 to
 * 500 ms); a 503 (a process that does not own the table) is asked again after its
 * Retry-After; each page reloads every 8 to 15 s (a new socket, which a restarted process
 * takes back from the one that held its table meanwhile). Six more tables of two people get
 * no client after their joins, with a clock of 20 s a move: p1's clock must run out whichever
 * process holds them, the elected process taking those whose process died.
 *
 * What must hold, checked at the end (each failure is a line on stderr naming the table):
 * - every act a client saw acknowledged (a version past the one it acted on came back) is the
 *   action at that index of the finished table's record, and every chat line a client heard
 *   back is in the table's chat;
 * - every finished table's record replays (qv_match_load_json) to a game over whose result is
 *   the one the clients saw, with as many history entries as the last version they saw: no
 *   version applied twice;
 * - the versions each client saw never went back, across reconnections;
 * - a clock value a client saw before its socket dropped is not lower after it reconnects,
 *   beyond the time since the value was seen (a process saves a running clock unsaved for
 *   QV__CLOCK_KEEP s, so time taken before a kill is charged up to the last save; that the
 *   outage itself is not, which this test cannot tell apart, cluster/processes checks);
 * - no client was without progress (a new version, or its turn being someone else's while
 *   connected) for more than 15 s;
 * - every unattended table ends by p1's timeout, read in the database (a read that asks no
 *   process for the table), within the kills' 60 s, its allowance and 15 s (an allowance
 *   begins again when a process takes a table: the time since its last change is not
 *   charged).
 * It prints the figures: tables, acts, reconnections, 503s, hand-overs, reloads, clock checks,
 * when each unattended table ended, the longest stall.
 *
 * Usage: test_failover PATH-TO-QUIVER, under tests/cluster/pg_run.sh (a throwaway PostgreSQL;
 * skipped with 77 without it, or without haproxy). QV_FAILOVER_KILLS=N (0 to 60, default 6)
 * sets how many kills are made, 10 s apart: 0 runs the same load without any. The processes'
 * and HAProxy's logs are kept in the run's folder (its path said at the end) when the run fails
 * or QV_FAILOVER_KEEP=1 is set.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>
#include <libpq-fe.h>

#include "../support/tmpdir.h"
#include "client.h"
#include "quiver/match.h"

#define PROCS      3
#define PAIR_SLOTS 100
#define AI_SLOTS   20
#define SLOTS      (PAIR_SLOTS + AI_SLOTS)
/* Kills are this far apart, the first this long after the slots start. */
#define KILL_EVERY_MS 10000.0
/* No client may be without progress for longer than this. */
#define STALL_MAX_MS 15000.0
/* The slots stop playing (a failure) this long after the start, and the whole run is ended
 * (alarm) a little later: below ctest's TIMEOUT (300 s). */
#define PLAY_DEADLINE_MS 180000.0
#define ALARM_S          230
/* A clock value may be this much lower than the bound the test works out: the server counts
 * in milliseconds, at moments a few milliseconds from the ones it reports. */
#define CLOCK_SLACK_MS 250
/* A WebSocket reset between its upgrade and its hello is a kill's doing when one was made this
 * shortly before. */
#define LOST_AFTER_KILL_MS 3000

#define TABLE_BODY                                                                                 \
	"{\"game\": \"three-arrows\", \"params\": {\"max_turns\": 50}, \"seats\": [\"human\", %s]%s}"
#define CLOCK_FIELD ", \"clock\": {\"kind\": \"fischer\", \"base\": 600, \"increment\": 5}"
/* Tables that nobody connects to after their joins: p1's clock runs out with no client there,
 * whichever process holds the table then (a dead process's tables are taken by the process
 * started again in its place, or by the elected one). */
#define UNATTENDED         6
#define UNATTENDED_SECONDS 20
#define UNATTENDED_CLOCK   ", \"clock\": {\"kind\": \"move\", \"seconds\": 20}"
/* An unattended table must be over this long after its kills could last have moved its
 * deadline: the 60 s of kills, its allowance begun again by the process that took it after
 * the grace of cluster.h (3 s) and about a second of its sweep, and room for a loaded machine. */
#define UNATTENDED_BOUND_MS ((kills_wanted * KILL_EVERY_MS) + UNATTENDED_SECONDS * 1000.0 + 15000)

/* What a process says of a table another one took from it (a write its epoch fenced off), in
 * an HTTP error or an error frame: the page connects again (docs/server/storage.md, "Several
 * processes"). */
#define FENCED "is played by another process now"

/* ---- the run's shared state ------------------------------------------------------------------ */

static const char *quiver;
static char tmpdir[64];
static char dbname[64], conninfo[96];
static int ports[PROCS];
static pid_t pids[PROCS];
static pid_t haproxy = -1;
static int hport;
static int kills_wanted = 6;
static bool keep_tmp;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static volatile int kills_over; /* set once the last kill's process is up again */
static double kill_epoch[64];   /* when each kill was made (epoch ms), under mu */
static int nkills;
static int failures;
static double start_ms;

/* The run's figures, under mu. */
static struct {
	long acts_sent, acts_acked, chats_acked, reconnects, drops, handovers, reloads, http503,
	    ws503;
	long proxy_errors, lost_joins, error_frames, fenced, clock_checks, clock_informative;
	double longest_stall, worst_clock_excess;
	char longest_where[96];
} fig;

static void failf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void failf(const char *fmt, ...)
{
	va_list ap;
	pthread_mutex_lock(&mu);
	if (failures < 60) {
		fprintf(stderr, "FAIL: ");
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		fputc('\n', stderr);
	}
	failures++;
	pthread_mutex_unlock(&mu);
}

static double epoch_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void count(long *what, long n)
{
	pthread_mutex_lock(&mu);
	*what += n;
	pthread_mutex_unlock(&mu);
}

/* ---- the processes --------------------------------------------------------------------------- */

static void kill_all(void)
{
	for (int i = 0; i < PROCS; i++)
		if (pids[i] > 0) {
			kill(pids[i], SIGKILL);
			waitpid(pids[i], NULL, 0);
			pids[i] = 0;
		}
	if (haproxy > 0) {
		kill(haproxy, SIGKILL);
		waitpid(haproxy, NULL, 0);
		haproxy = -1;
	}
}

static void on_alarm(int sig)
{
	(void)sig;
	static const char msg[] = "test_failover: the run took too long; everything killed\n";
	for (int i = 0; i < PROCS; i++)
		if (pids[i] > 0)
			kill(pids[i], SIGKILL);
	if (haproxy > 0)
		kill(haproxy, SIGKILL);
	ssize_t w = write(2, msg, sizeof msg - 1);
	(void)w;
	_exit(3);
}

/* A port nobody listens on now (the kernel's choice, let go at once). */
static int free_port(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t len = sizeof a;
	int port = 0;
	if (fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
	    getsockname(fd, (struct sockaddr *)&a, &len) == 0)
		port = ntohs(a.sin_port);
	if (fd >= 0)
		close(fd);
	return port;
}

/* How many `serving http://` lines the file holds. */
static int serving_lines(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[256];
	int n = 0;
	while (f && fgets(line, sizeof line, f))
		n += strncmp(line, "serving http://", 15) == 0;
	if (f)
		fclose(f);
	return n;
}

/* Whether the last line process i wrote on stderr (its folder's stderr.log) holds text. */
static bool last_error_says(int i, const char *text)
{
	char path[128], line[1024], last[1024] = "";
	snprintf(path, sizeof path, "%s/p%d/stderr.log", tmpdir, i + 1);
	FILE *f = fopen(path, "r");
	while (f && fgets(line, sizeof line, f))
		memcpy(last, line, sizeof last);
	if (f)
		fclose(f);
	return strstr(last, text) != NULL;
}

/* Starts process i in its own folder (the flight file is named after the database there), on
 * its port, and waits for its `serving` line (up to 60 s). Returns 0 once it serves, 1 when it
 * ended at start, -1 on any other failure. */
static int start_once(int i)
{
	char dir[96], out[128], err[128], port[16], prefix[16];
	snprintf(dir, sizeof dir, "%s/p%d", tmpdir, i + 1);
	snprintf(prefix, sizeof prefix, "%d", i + 1); /* its server's use-server rule */
	snprintf(out, sizeof out, "%s/stdout.log", dir);
	snprintf(err, sizeof err, "%s/stderr.log", dir);
	snprintf(port, sizeof port, "%d", ports[i]);
	mkdir(dir, 0700);
	int before = serving_lines(out);
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int o = open(out, O_WRONLY | O_CREAT | O_APPEND, 0600);
		int e = open(err, O_WRONLY | O_CREAT | O_APPEND, 0600);
		if (o < 0 || e < 0 || chdir(dir) != 0)
			_exit(126);
		dup2(o, 1);
		dup2(e, 2);
		/* Every client comes from 127.0.0.1 (HAProxy's PROXY header says so): the limits
		 * per address are raised for them all, as bench/serve_load.c raises them. */
		execl(quiver, quiver, "serve", "--host", "127.0.0.1", "--port", port, "--db",
		      conninfo, "--trusted-proxy", "127.0.0.1", "--max-sockets-per-address", "2000",
		      "--max-connections-per-address", "4000", "--create-rate", "1000000",
		      "--address-tables", "1000000", "--address-ai-tables", "1000000",
		      "--max-tables", "100000", "--id-prefix", prefix, (char *)NULL);
		_exit(127);
	}
	pids[i] = pid;
	double end = tc_now_ms() + 60000;
	while (tc_now_ms() < end) {
		if (serving_lines(out) > before)
			return 0;
		int status;
		if (waitpid(pid, &status, WNOHANG) == pid) {
			pids[i] = 0;
			fprintf(stderr, "process %d ended at start (wait status %d); see %s\n",
			        i + 1, status, err);
			return 1;
		}
		usleep(20000);
	}
	fprintf(stderr, "process %d did not serve within 60 s\n", i + 1);
	return -1;
}

/* Whether process i's last line says it ended at start because the database was slow to
 * answer: a statement past --db-timeout (quiver's "the site is slow", or PostgreSQL's own
 * cancellation of a statement past the connection's statement_timeout or lock_timeout, which
 * the opening's statements run under: "preparing a statement failed: ERROR: canceling
 * statement due to statement timeout", seen beside a nice-19 load), or a connection not made
 * within its connect_timeout (libpq's "timeout expired"). */
static bool slow_database(int i)
{
	return last_error_says(i, "the site is slow") || last_error_says(i, "timeout expired") ||
	       last_error_says(i, "canceling statement due to statement timeout") ||
	       last_error_says(i, "canceling statement due to lock timeout");
}

/* start_once, and again as systemd runs docs/deploy/quiver@.service (Restart=on-failure,
 * RestartSec=2) when the process ended at start because the database was slow to answer
 * (slow_database: the busiest moment of a loaded machine can bring it, as a clean clone of
 * 2ea5ee2 at a load of 10 did), for up to a minute: systemd would go on (its limit, five
 * starts in 10 s, is never reached two seconds apart), and a clean clone of 149ceec saw three
 * starts in a row end so. A process that ends at start for any other reason fails the test. */
static int start_process(int i)
{
	double until = tc_now_ms() + 60000;
	for (;;) {
		int rc = start_once(i);
		if (rc <= 0)
			return rc;
		if (tc_now_ms() > until || !slow_database(i))
			return -1;
		printf("process %d ended at start, the database slow to answer: started again "
		       "2 s later, as its systemd unit would\n",
		       i + 1);
		fflush(stdout);
		usleep(2000000);
	}
}

/* HAProxy with docs/deploy/haproxy-cluster.cfg in front of the three processes; returns 0
 * once it accepts connections and a request through it is answered. */
static int haproxy_start(void)
{
	char listen[64], server[PROCS][64], log[128];
	hport = free_port();
	snprintf(listen, sizeof listen, "127.0.0.1:%d", hport);
	for (int i = 0; i < PROCS; i++)
		snprintf(server[i], sizeof server[i], "127.0.0.1:%d", ports[i]);
	snprintf(log, sizeof log, "%s/haproxy.log", tmpdir);
	haproxy = fork();
	if (haproxy < 0)
		return -1;
	if (haproxy == 0) {
		int e = open(log, O_WRONLY | O_CREAT | O_APPEND, 0600);
		if (e >= 0) {
			dup2(e, 1);
			dup2(e, 2);
		}
		setenv("QUIVER_LISTEN", listen, 1);
		setenv("QUIVER_SERVER1", server[0], 1);
		setenv("QUIVER_SERVER2", server[1], 1);
		setenv("QUIVER_SERVER3", server[2], 1);
		execlp("haproxy", "haproxy", "-db", "-f", QV_HAPROXY_CLUSTER_CFG, (char *)NULL);
		_exit(127);
	}
	double end = tc_now_ms() + 30000;
	while (tc_now_ms() < end) {
		tc_reply r;
		if (tc_http(hport, "GET", "/api/games", NULL, 0, &r) == 200) {
			tc_reply_free(&r);
			return 0;
		}
		tc_reply_free(&r);
		int status;
		if (waitpid(haproxy, &status, WNOHANG) == haproxy) {
			haproxy = -1;
			fprintf(stderr, "haproxy ended at start (wait status %d); see %s\n", status,
			        log);
			return -1;
		}
		usleep(50000);
	}
	fprintf(stderr, "haproxy did not answer within 30 s; see %s\n", log);
	return -1;
}

/* ---- a scripted client ----------------------------------------------------------------------- */

/* One seat's client: its socket, what it last saw, what it is waiting for. */
typedef struct seat {
	int idx; /* 0 for p1, 1 for p2 */
	char token[64];
	tc_ws ws;
	bool connected; /* the socket is open (hello sent) */
	bool greeted;   /* its snapshot came */
	double retry_at;
	long long v; /* the latest version seen, -1 before any */
	json_t *legal;
	bool over;
	double think_until;
	long long sent_v; /* the version of the act awaiting its answer, -1 for none */
	char sent_action[128];
	double progress_at;
	size_t progress_line; /* the game's trace's length then */
	/* the clock as the last state frame said it (clocked tables) */
	bool clock_known, clock_running;
	long long clock_v;
	double clock_left, clock_now;
	/* how the socket last closed */
	bool dropped; /* no close frame: its process died */
	int close_code;
	double closed_epoch;
	double chat_at;
	double reload_at;     /* when the page reloads (closes its socket and opens another) */
	json_t *chat_pending; /* texts said and not yet heard back */
} seat;

/* One table a slot played. */
typedef struct game {
	char id[32];
	char token[2][64];
	json_t *acks;  /* [[v, "p1", action], ...]: acts acknowledged */
	json_t *chats; /* chat lines heard back */
	json_t *result;
	long long final_v;
	bool over;
	bool went_back; /* a version went back (said once) */
	bool failed;    /* a check failed: its trace is printed around failed_at */
	size_t failed_at;
	json_t *trace; /* what its clients did and heard, when: the evidence of a failure */
} game;

/* Adds a line to the game's trace: the time since the start, the seat (NULL: none), what. */
static void trace(game *g, const struct seat *s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A failed check about game g: said at once, and its trace printed at the end. */
#define gfail(g, ...) (mark_failure(g), failf(__VA_ARGS__))

typedef struct slot {
	int n;
	bool ai, chatty;
	const char *clock; /* the clock's field of the request ("" for none) */
	int nseats;
	seat seats[2];
	game *games;
	int ngames, capgames;
	unsigned rnd;
	pthread_t thread;
} slot;

static slot slots[SLOTS];

/* The first failure of a game: where its trace is printed from (the trace's end now). */
static void mark_failure(game *g)
{
	if (!g->failed)
		g->failed_at = json_array_size(g->trace);
	g->failed = true;
}

/* A failed game's trace, the lines around its first failure. */
static void print_trace(const game *g)
{
	size_t n = json_array_size(g->trace), from = g->failed_at > 60 ? g->failed_at - 60 : 0;
	size_t to = g->failed_at + 30 < n ? g->failed_at + 30 : n;
	fprintf(
	    stderr,
	    "table %s, what its clients did and heard (s after the start), lines %zu to %zu of %zu:\n",
	    g->id, from + 1, to, n);
	for (size_t i = from; i < to; i++)
		fprintf(stderr, "  %s\n", json_string_value(json_array_get(g->trace, i)));
}

static void trace(game *g, const struct seat *s, const char *fmt, ...)
{
	char line[320];
	int n = snprintf(line, sizeof line, "%8.3f ", (tc_now_ms() - start_ms) / 1000);
	if (s)
		n += snprintf(line + n, sizeof line - (size_t)n, "p%d ", s->idx + 1);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
	va_end(ap);
	json_array_append_new(g->trace, json_string(line));
}

static double rnd_between(slot *sl, double lo, double hi)
{
	return lo + (hi - lo) * (double)(rand_r(&sl->rnd) % 10001) / 10000.0;
}

/* A request through HAProxy, asked again after a 503 (after its Retry-After; one without,
 * the database slow to answer, after 100 to 500 ms, as a player asks again after the page
 * says so), a proxy error (502, 504) or a dropped connection, until the run's deadline.
 * `lost` (may be NULL) is set when an answer was lost on the way (the request may have been
 * done). Returns the status. */
static int ask(slot *sl, const char *method, const char *path, const char *body, tc_reply *r,
               bool *lost)
{
	for (;;) {
		int status = tc_http(hport, method, path, body, body ? strlen(body) : 0, r);
		double wait;
		if (status == 503) {
			char ra[16] = "";
			count(&fig.http503, 1);
			if (tc_header(r, "Retry-After", ra, sizeof ra))
				wait = atof(ra) * 1000;
			else if (r->body && strstr(r->body, "the site is slow"))
				wait = rnd_between(sl, 100, 500);
			else
				return status;
		} else if (status == 409 && r->body && strstr(r->body, FENCED)) {
			count(&fig.fenced, 1);
			wait = rnd_between(sl, 100, 500);
		} else if (status == 0 || status == 502 || status == 504) {
			count(&fig.proxy_errors, 1);
			if (lost)
				*lost = true;
			wait = rnd_between(sl, 100, 500);
		} else {
			return status;
		}
		tc_reply_free(r);
		if (tc_now_ms() - start_ms > PLAY_DEADLINE_MS)
			return status;
		usleep((useconds_t)(wait * 1000));
	}
}

static void seat_reset(seat *s, int idx)
{
	json_decref(s->legal);
	json_decref(s->chat_pending);
	memset(s, 0, sizeof *s);
	s->idx = idx;
	s->ws.fd = -1;
	s->v = -1;
	s->sent_v = -1;
	s->chat_pending = json_array();
	s->progress_at = tc_now_ms();
}

/* The socket closed: it is opened again after a backoff of 100 to 500 ms. */
static void seat_closed(slot *sl, game *g, seat *s)
{
	s->dropped = !s->ws.closed || s->ws.close_code == 0;
	s->close_code = s->ws.close_code;
	s->closed_epoch = epoch_ms();
	tc_ws_close(&s->ws);
	s->connected = s->greeted = false;
	s->retry_at = tc_now_ms() + rnd_between(sl, 100, 500);
	if (s->close_code == 1012)
		count(&fig.handovers, 1);
	else
		count(&fig.drops, 1);
	trace(g, s, "closed: %s %d", s->dropped ? "dropped" : "close frame", s->close_code);
}

static double kill_before(double closed);

/* The page reloads: its socket closes, and another is opened after the backoff, which a
 * process that got the table back after a restart (HAProxy hashes it there again) takes
 * from the process that held it meanwhile. */
static void seat_reload(slot *sl, game *g, seat *s, const char *why)
{
	trace(g, s, "closes its socket: %s", why);
	s->dropped = false;
	s->close_code = 0;
	s->closed_epoch = epoch_ms();
	tc_ws_close(&s->ws);
	s->connected = s->greeted = false;
	s->retry_at = tc_now_ms() + rnd_between(sl, 100, 500);
	s->reload_at = tc_now_ms() + rnd_between(sl, 8000, 15000);
	count(&fig.reloads, 1);
}

/* Opens the seat's socket and says hello; a refusal or a failure sets the next try. */
static void seat_connect(slot *sl, game *g, seat *s)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ws", g->id);
	int rc = tc_ws_open(&s->ws, hport, path);
	if (rc == 0) {
		char hello[128];
		snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": \"%s\"}", s->token);
		if (tc_ws_send_text(&s->ws, hello) == 0) {
			s->connected = true;
			trace(g, s, "connected, hello sent");
			return;
		}
		tc_ws_close(&s->ws);
		/* The upgrade was answered (101), then the hello could not be sent: the socket was
		 * reset, which a process killed just after its answer does (HAProxy closes the
		 * client's side). Anywhere else it is a fault. */
		double now = epoch_ms();
		trace(g, s, "socket lost before its hello");
		if (now - kill_before(now) > LOST_AFTER_KILL_MS)
			gfail(g,
			      "table %s p%d: the WebSocket was reset after its upgrade, with no "
			      "kill in the %d ms before",
			      g->id, s->idx + 1, LOST_AFTER_KILL_MS);
		count(&fig.proxy_errors, 1);
		s->retry_at = tc_now_ms() + rnd_between(sl, 100, 500);
		return;
	}
	trace(g, s, "connection refused: %d", rc);
	if (rc == 503) {
		count(&fig.ws503, 1);
		s->retry_at =
		    tc_now_ms() + (s->ws.retry_after >= 0 ? s->ws.retry_after : 1) * 1000.0;
	} else {
		if (rc == 502 || rc == 504 || rc < 0)
			count(&fig.proxy_errors, 1);
		else
			gfail(g, "table %s p%d: the WebSocket was refused with %d", g->id,
			      s->idx + 1, rc);
		s->retry_at = tc_now_ms() + rnd_between(sl, 100, 500);
	}
}

/* The kill of the process whose death closed a socket at closed (epoch ms): the latest kill
 * made before it, or 0 for none. */
static double kill_before(double closed)
{
	double t = 0;
	pthread_mutex_lock(&mu);
	for (int k = 0; k < nkills; k++)
		if (kill_epoch[k] <= closed + 100 && kill_epoch[k] > t)
			t = kill_epoch[k];
	pthread_mutex_unlock(&mu);
	return t;
}

/* A clocked table's snapshot after a reconnection: the seat's clock, against what it was
 * before the socket closed, at the same version. */
static void check_clock(game *g, seat *s, long long v, const json_t *clock)
{
	char name[16];
	snprintf(name, sizeof name, "p%d", s->idx + 1);
	json_t *left = json_object_get(json_object_get(clock, "left"), name);
	double now = json_number_value(json_object_get(clock, "now"));
	if (!s->clock_known || s->clock_v != v || !json_is_number(left))
		return;
	double after = json_number_value(left);
	/* How long the clock may have run since the value was seen: on the process that died up
	 * to its last save, and on the next one from when it read the table back. */
	double killed = s->dropped ? kill_before(s->closed_epoch) : 0;
	double allowed = s->clock_running ? now - s->clock_now : 0;
	double excess = (s->clock_left - after) - allowed;
	pthread_mutex_lock(&mu);
	fig.clock_checks++;
	if (s->clock_running && killed > s->clock_now + CLOCK_SLACK_MS)
		fig.clock_informative++;
	if (excess > fig.worst_clock_excess)
		fig.worst_clock_excess = excess;
	pthread_mutex_unlock(&mu);
	if (excess > CLOCK_SLACK_MS)
		gfail(
		    g,
		    "table %s %s: clock %.0f ms at v%lld before the %s, %.0f ms after it, %.0f ms "
		    "later on the server's clock: %.0f ms more than the %.0f ms it may have run",
		    g->id, name, s->clock_left, v,
		    s->dropped              ? "kill"
		    : s->close_code == 1012 ? "hand-over"
		                            : "reload",
		    after, now - s->clock_now, excess, allowed);
}

/* Keeps what a state frame says of the seat's clock. */
static void keep_clock(seat *s, long long v, const json_t *clock)
{
	char name[16];
	snprintf(name, sizeof name, "p%d", s->idx + 1);
	json_t *left = json_object_get(json_object_get(clock, "left"), name);
	if (!json_is_number(left))
		return;
	s->clock_known = true;
	s->clock_v = v;
	s->clock_left = json_number_value(left);
	s->clock_now = json_number_value(json_object_get(clock, "now"));
	s->clock_running = false;
	json_t *running = json_object_get(clock, "running");
	for (size_t i = 0; i < json_array_size(running); i++)
		if (strcmp(json_string_value(json_array_get(running, i)), name) == 0)
			s->clock_running = true;
}

/* Marks chat lines heard back (a chat frame of the seat, or a snapshot's chat). */
static void chat_heard(game *g, seat *s, const char *text)
{
	for (size_t i = 0; i < json_array_size(s->chat_pending); i++)
		if (strcmp(json_string_value(json_array_get(s->chat_pending, i)), text) == 0) {
			json_array_append_new(g->chats, json_string(text));
			json_array_remove(s->chat_pending, i);
			trace(g, s, "heard back '%s'", text);
			count(&fig.chats_acked, 1);
			return;
		}
}

/* A snapshot or an update: versions only grow; an act awaiting its answer is acknowledged by
 * a later version, and lost when a snapshot comes back at its version. */
static void on_state(slot *sl, game *g, seat *s, json_t *f, bool snapshot)
{
	long long v = json_integer_value(json_object_get(f, "v"));
	bool newer = v > s->v;
	json_t *table = json_object_get(f, "table");
	json_t *clock = json_object_get(table, "clock");
	if (v < s->v) {
		/* Said once a table; the client then follows the table as it is now told. */
		if (!g->went_back)
			gfail(g, "table %s p%d: version %lld after %lld (%s)", g->id, s->idx + 1, v,
			      s->v, snapshot ? "a snapshot" : "an update");
		g->went_back = true;
		s->v = v;
	}
	if (snapshot && sl->clock[0] && s->v >= 0)
		check_clock(g, s, v, clock);
	if (snapshot || v != s->v)
		trace(g, s, "%s v%lld", snapshot ? "snapshot" : "update", v);
	if (s->sent_v >= 0 && v > s->sent_v) {
		trace(g, s, "its act at v%lld acknowledged", s->sent_v);
		json_array_append_new(g->acks,
		                      json_pack("[I, s+, s, I]", (json_int_t)s->sent_v, "p",
		                                s->idx == 0 ? "1" : "2", s->sent_action,
		                                (json_int_t)json_array_size(g->trace) - 1));
		count(&fig.acts_acked, 1);
		s->sent_v = -1;
	} else if (snapshot && s->sent_v >= 0) {
		s->sent_v = -1; /* it was not made: the seat decides again */
	}
	if (snapshot) {
		json_t *chat = json_object_get(f, "chat");
		for (size_t i = 0; i < json_array_size(chat); i++)
			chat_heard(
			    g, s,
			    json_string_value(json_object_get(json_array_get(chat, i), "text")));
		json_array_clear(s->chat_pending); /* what it does not hold was never said */
		s->greeted = true;
	}
	if (v > s->v || snapshot) {
		json_decref(s->legal);
		s->legal = json_incref(json_object_get(json_object_get(f, "view"), "legal"));
		if (json_array_size(s->legal) > 0)
			s->think_until = tc_now_ms() + (kills_over ? rnd_between(sl, 20, 80)
			                                           : rnd_between(sl, 300, 900));
	}
	if (v > s->v)
		s->v = v;
	keep_clock(s, v, clock);
	/* Progress is a new version (or, in play(), someone else to move): a snapshot at the
	 * version the seat held, after a reconnection, moves nothing on. */
	if (newer) {
		s->progress_at = tc_now_ms();
		s->progress_line = json_array_size(g->trace);
	}
	const char *status = json_string_value(json_object_get(table, "status"));
	if (status && strcmp(status, "over") == 0) {
		s->over = true;
		if (!g->result)
			g->result = json_incref(json_object_get(table, "result"));
	}
	if (v > g->final_v)
		g->final_v = v;
}

/* Reads what waits on the seat's socket. */
static void seat_read(slot *sl, game *g, seat *s)
{
	for (;;) {
		int op;
		char *p;
		size_t n;
		int rc = tc_ws_recv(&s->ws, 0, &op, &p, &n);
		if (rc == 0)
			return;
		if (rc < 0) {
			seat_closed(sl, g, s);
			return;
		}
		json_t *f = op == 1 ? json_loadb(p, n, 0, NULL) : NULL;
		free(p);
		const char *type = json_string_value(json_object_get(f, "type"));
		if (!type)
			gfail(g, "table %s p%d: a frame that is not JSON with a type", g->id,
			      s->idx + 1);
		else if (strcmp(type, "snapshot") == 0 || strcmp(type, "update") == 0)
			on_state(sl, g, s, f, type[0] == 's');
		else if (strcmp(type, "chat") == 0)
			chat_heard(g, s, json_string_value(json_object_get(f, "text")));
		else if (strcmp(type, "error") == 0) {
			/* The act was not made (the table moved under it, say): decide again; after
			 * a process that lost the table, connect again, as the message says. */
			const char *msg = json_string_value(json_object_get(f, "message"));
			trace(g, s, "error: %.200s", msg ? msg : "");
			if (msg && strstr(msg, FENCED)) {
				count(&fig.fenced, 1);
				s->sent_v = -1;
				seat_reload(sl, g, s, "its table was taken by another process");
				json_decref(f);
				return;
			}
			count(&fig.error_frames, 1);
			pthread_mutex_lock(&mu);
			if (fig.error_frames <= 5)
				fprintf(stderr, "table %s p%d: error frame: %s\n", g->id,
				        s->idx + 1,
				        json_string_value(json_object_get(f, "message")));
			pthread_mutex_unlock(&mu);
			s->sent_v = -1;
			s->think_until = tc_now_ms() + 200;
		}
		json_decref(f);
	}
}

/* The seat acts when it may, and sometimes says something. */
static void seat_act(slot *sl, game *g, seat *s)
{
	if (!s->greeted || s->over || s->sent_v >= 0 || json_array_size(s->legal) == 0 ||
	    tc_now_ms() < s->think_until)
		return;
	const char *a = json_string_value(
	    json_array_get(s->legal, (size_t)rand_r(&sl->rnd) % json_array_size(s->legal)));
	json_t *act =
	    json_pack("{s:s, s:I, s:s}", "type", "act", "v", (json_int_t)s->v, "action", a);
	char *text = json_dumps(act, JSON_COMPACT);
	snprintf(s->sent_action, sizeof s->sent_action, "%s", a);
	s->sent_v = s->v;
	if (tc_ws_send_text(&s->ws, text) != 0) {
		s->sent_v = -1; /* the socket is going: its close is read next */
	} else {
		count(&fig.acts_sent, 1);
		trace(g, s, "acts at v%lld: %s", s->v, a);
	}
	free(text);
	json_decref(act);
	/* p1 of a chatty table says a line every 4 s at most (the server takes 5 in 10 s). */
	if (sl->chatty && s->idx == 0 && tc_now_ms() >= s->chat_at && s->sent_v >= 0) {
		char line[96], frame[160];
		snprintf(line, sizeof line, "slot %d table %s line %zu", sl->n, g->id,
		         json_array_size(g->chats) + json_array_size(s->chat_pending) + 1);
		snprintf(frame, sizeof frame, "{\"type\": \"chat\", \"text\": \"%s\"}", line);
		if (tc_ws_send_text(&s->ws, frame) == 0) {
			json_array_append_new(s->chat_pending, json_string(line));
			trace(g, s, "says '%s'", line);
		}
		s->chat_at = tc_now_ms() + 4000;
	}
}

/* Creates a table and claims its human seats; false when the run's time is up. A join whose
 * answer was lost and whose seat is then taken leaves the table behind (its token is gone). */
static bool new_game(slot *sl, game *g)
{
	char body[256], path[96];
	for (;;) {
		if (tc_now_ms() - start_ms > PLAY_DEADLINE_MS)
			return false;
		snprintf(body, sizeof body, TABLE_BODY, sl->ai ? "\"random\"" : "\"human\"",
		         sl->clock);
		tc_reply r;
		int st = ask(sl, "POST", "/api/tables", body, &r, NULL);
		if (st != 201) {
			failf("slot %d: POST /api/tables answered %d: %s", sl->n, st,
			      r.body ? r.body : "");
			tc_reply_free(&r);
			return false;
		}
		json_decref(g->trace);
		memset(g, 0, sizeof *g);
		g->trace = json_array();
		snprintf(g->id, sizeof g->id, "%s",
		         json_string_value(json_object_get(r.json, "id")));
		trace(g, NULL, "made");
		tc_reply_free(&r);
		bool joined = true;
		for (int i = 0; i < sl->nseats && joined; i++) {
			bool lost = false;
			snprintf(path, sizeof path, "/api/tables/%s/join", g->id);
			snprintf(body, sizeof body, "{\"seat\": \"p%d\"}", i + 1);
			st = ask(sl, "POST", path, body, &r, &lost);
			trace(g, NULL, "join p%d: %d", i + 1, st);
			if (st == 200)
				snprintf(g->token[i], sizeof g->token[i], "%s",
				         json_string_value(json_object_get(r.json, "token")));
			else if (st == 409 && lost)
				count(&fig.lost_joins, 1);
			else
				gfail(g, "table %s: join p%d answered %d: %s", g->id, i + 1, st,
				      r.body ? r.body : "");
			joined = st == 200;
			tc_reply_free(&r);
		}
		if (joined)
			break;
		if (st != 409)
			return false;
	}
	g->acks = json_array();
	g->chats = json_array();
	g->final_v = -1;
	return true;
}

/* Plays the slot's game g to its end (or to the run's deadline). */
static void play(slot *sl, game *g)
{
	for (int i = 0; i < sl->nseats; i++) {
		seat_reset(&sl->seats[i], i);
		snprintf(sl->seats[i].token, sizeof sl->seats[i].token, "%s", g->token[i]);
		sl->seats[i].reload_at = tc_now_ms() + rnd_between(sl, 8000, 15000);
	}
	double longest = 0, longest_from = 0;
	int longest_seat = 0;
	size_t longest_line = 0;
	for (;;) {
		double now = tc_now_ms();
		bool all_over = true;
		struct pollfd pfd[2];
		int np = 0, which[2];
		for (int i = 0; i < sl->nseats; i++) {
			seat *s = &sl->seats[i];
			all_over = all_over && s->over;
			if (!s->connected && now >= s->retry_at) {
				if (s->retry_at > 0)
					count(&fig.reconnects, 1);
				seat_connect(sl, g, s);
			}
			if (s->connected) {
				pfd[np].fd = s->ws.fd;
				pfd[np].events = POLLIN;
				which[np++] = i;
			}
		}
		if (all_over)
			break;
		if (now - start_ms > PLAY_DEADLINE_MS) {
			gfail(g, "table %s: not over %.0f s after the start (v%lld)", g->id,
			      PLAY_DEADLINE_MS / 1000, g->final_v);
			break;
		}
		if (np > 0)
			poll(pfd, (nfds_t)np, 50);
		else
			usleep(50000);
		for (int k = 0; k < np; k++)
			if (pfd[k].revents)
				seat_read(sl, g, &sl->seats[which[k]]);
		now = tc_now_ms();
		for (int i = 0; i < sl->nseats; i++) {
			seat *s = &sl->seats[i];
			if (s->connected)
				seat_act(sl, g, s);
			if (s->greeted && !s->over && s->sent_v < 0 && now >= s->reload_at)
				seat_reload(sl, g, s, "the page reloads");
			/* Progress: a new version, or (connected, greeted) someone else to move. */
			if (s->greeted &&
			    (s->over || (json_array_size(s->legal) == 0 && s->sent_v < 0))) {
				s->progress_at = now;
				s->progress_line = json_array_size(g->trace);
			}
			if (now - s->progress_at > longest) {
				longest = now - s->progress_at;
				longest_seat = i;
				longest_from = s->progress_at;
				longest_line = s->progress_line;
			}
		}
	}
	for (int i = 0; i < sl->nseats; i++)
		tc_ws_close(&sl->seats[i].ws);
	g->over = sl->seats[0].over;
	pthread_mutex_lock(&mu);
	if (longest > fig.longest_stall) {
		fig.longest_stall = longest;
		snprintf(fig.longest_where, sizeof fig.longest_where, "table %s p%d", g->id,
		         longest_seat + 1);
	}
	pthread_mutex_unlock(&mu);
	if (longest > STALL_MAX_MS) {
		if (!g->failed)
			g->failed_at = longest_line;
		g->failed = true;
		gfail(g, "table %s p%d: %.1f s without progress from %.1f s after the start", g->id,
		      longest_seat + 1, longest / 1000, (longest_from - start_ms) / 1000);
	}
}

/* A slot plays games one after another until the kills are over (its last to its end). */
static void *slot_main(void *arg)
{
	slot *sl = arg;
	do {
		if (sl->ngames == sl->capgames) {
			sl->capgames = sl->capgames ? 2 * sl->capgames : 4;
			sl->games = realloc(sl->games, (size_t)sl->capgames * sizeof *sl->games);
		}
		game *g = &sl->games[sl->ngames];
		memset(g, 0, sizeof *g);
		if (!new_game(sl, g))
			break;
		sl->ngames++;
		play(sl, g);
	} while (!kills_over && tc_now_ms() - start_ms < PLAY_DEADLINE_MS);
	for (int i = 0; i < sl->nseats; i++) {
		json_decref(sl->seats[i].legal);
		json_decref(sl->seats[i].chat_pending);
		sl->seats[i].legal = sl->seats[i].chat_pending = NULL;
	}
	return NULL;
}

/* ---- the checks after the run ---------------------------------------------------------------- */

/* The finished table's record: replays to a game over with the result the clients saw, one
 * history entry per version, every acknowledged act at its index. */
static void check_record(slot *sl, game *g)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/record", g->id);
	tc_reply r;
	int st = ask(sl, "GET", path, NULL, &r, NULL);
	if (st != 200 || !r.json) {
		gfail(g, "table %s: GET record answered %d: %.200s", g->id, st,
		      r.body ? r.body : "");
		tc_reply_free(&r);
		return;
	}
	qv_match *m = NULL;
	qv_err err = {0};
	json_t *actions = json_object_get(r.json, "actions");
	if (qv_match_load_json(&m, r.json, &err) != QV_OK) {
		gfail(g, "table %s: the record does not replay: %s", g->id, err.msg);
		tc_reply_free(&r);
		return;
	}
	if (!qv_match_over(m))
		gfail(g, "table %s: the record replays to a game not over", g->id);
	if ((long long)m->nhist != g->final_v)
		gfail(g,
		      "table %s: the record holds %d history entries; the clients saw version %lld",
		      g->id, m->nhist, g->final_v);
	json_t *replayed = qv_match_record_json(m);
	json_t *res = json_object_get(replayed, "result");
	if (json_array_size(res) != json_array_size(g->result))
		gfail(g, "table %s: the replayed result has %zu entries, the clients saw %zu",
		      g->id, json_array_size(res), json_array_size(g->result));
	for (size_t i = 0; i < json_array_size(res); i++) {
		json_t *a = json_array_get(res, i), *b = NULL;
		for (size_t k = 0; k < json_array_size(g->result); k++) {
			json_t *e = json_array_get(g->result, k);
			if (json_equal(json_object_get(e, "seat"), json_object_get(a, "player")))
				b = e;
		}
		if (!b || !json_equal(json_object_get(a, "rank"), json_object_get(b, "rank")) ||
		    !json_equal(json_object_get(a, "score"), json_object_get(b, "score")))
			gfail(
			    g,
			    "table %s: %s ranks %lld with %lld in the replay, not as the clients saw",
			    g->id, json_string_value(json_object_get(a, "player")),
			    json_integer_value(json_object_get(a, "rank")),
			    json_integer_value(json_object_get(a, "score")));
	}
	json_decref(replayed);
	for (size_t i = 0; i < json_array_size(g->acks); i++) {
		json_t *ack = json_array_get(g->acks, i);
		json_int_t v = json_integer_value(json_array_get(ack, 0));
		const char *want = json_string_value(json_array_get(ack, 2));
		const char *got = json_string_value(json_array_get(actions, (size_t)v));
		int who = json_string_value(json_array_get(ack, 1))[1] - '1';
		if (!got || strcmp(got, want) != 0 || v >= m->nhist || m->hist[v].who != who) {
			if (!g->failed)
				g->failed_at = (size_t)json_integer_value(json_array_get(ack, 3));
			g->failed = true;
			gfail(g,
			      "table %s: %s's acknowledged '%s' at v%lld is not in the record (%s)",
			      g->id, json_string_value(json_array_get(ack, 1)), want, (long long)v,
			      got ? got : "nothing there");
		}
	}
	qv_match_free(m);
	tc_reply_free(&r);
}

/* Every chat line heard back is in the table's chat (p1's snapshot of the finished table). */
static void check_chat(slot *sl, game *g)
{
	if (json_array_size(g->chats) == 0)
		return;
	char path[96], hello[128];
	snprintf(path, sizeof path, "/api/tables/%s/ws", g->id);
	snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": \"%s\"}", g->token[0]);
	json_t *snap = NULL;
	while (!snap && tc_now_ms() - start_ms < PLAY_DEADLINE_MS + 30000) {
		tc_ws w;
		int rc = tc_ws_open(&w, hport, path);
		if (rc == 0 && tc_ws_send_text(&w, hello) == 0) {
			for (json_t *f; !snap && (f = tc_ws_recv_json(&w, 10000));) {
				if (strcmp(json_string_value(json_object_get(f, "type")),
				           "snapshot") == 0)
					snap = f;
				else
					json_decref(f);
			}
		}
		tc_ws_close(&w);
		if (!snap)
			usleep(rc == 503 ? 1000000 : (useconds_t)rnd_between(sl, 100000, 500000));
	}
	if (!snap) {
		gfail(g, "table %s: no snapshot to read its chat from", g->id);
		return;
	}
	json_t *chat = json_object_get(snap, "chat");
	for (size_t i = 0; i < json_array_size(g->chats); i++) {
		const char *want = json_string_value(json_array_get(g->chats, i));
		bool found = false;
		for (size_t k = 0; k < json_array_size(chat) && !found; k++)
			found = strcmp(json_string_value(
			                   json_object_get(json_array_get(chat, k), "text")),
			               want) == 0;
		if (!found)
			gfail(
			    g,
			    "table %s: the chat line '%s' was heard, and is not in the table's chat",
			    g->id, want);
	}
	json_decref(snap);
}

/* The status PostgreSQL keeps for table id (a read that asks no process for it), "" when it
 * cannot be read. */
static void stored_status(PGconn *c, const char *id, char *out, size_t size)
{
	const char *params[1] = {id};
	PGresult *r = PQexecParams(c, "SELECT status FROM tables WHERE id = $1", 1, NULL, params,
	                           NULL, NULL, 0);
	snprintf(out, size, "%s",
	         PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1 ? PQgetvalue(r, 0, 0)
	                                                                   : "");
	PQclear(r);
}

/* The unattended tables, watched in the database from their joins on by a thread of their own
 * (a read asks no process for a table, so nothing but the servers moves them). */
static struct {
	slot lone;
	game games[UNATTENDED];
	double since;
	double began[UNATTENDED];   /* when p2's join was answered (its clock began) */
	double over_at[UNATTENDED]; /* ms after since when it was seen over, 0 until then */
} un;

static void *watch_unattended(void *arg)
{
	(void)arg;
	PGconn *c = PQconnectdb(conninfo);
	if (PQstatus(c) != CONNECTION_OK) {
		failf("cannot read the database: %s", PQerrorMessage(c));
		PQfinish(c);
		return NULL;
	}
	for (int left = UNATTENDED; left > 0;) {
		for (int i = 0; i < UNATTENDED; i++) {
			char status[32];
			if (un.over_at[i] > 0)
				continue;
			stored_status(c, un.games[i].id, status, sizeof status);
			if (strcmp(status, "over") == 0) {
				un.over_at[i] = tc_now_ms() - un.since;
				left--;
				printf(
				    "unattended table %s: its clock began at %.1f s, over at %.1f s\n",
				    un.games[i].id, (un.began[i] - start_ms) / 1000,
				    (un.since + un.over_at[i] - start_ms) / 1000);
				fflush(stdout);
			}
		}
		if (left > 0 && tc_now_ms() - un.since > UNATTENDED_BOUND_MS) {
			for (int i = 0; i < UNATTENDED; i++)
				if (un.over_at[i] == 0)
					failf(
					    "unattended table %s: not over %.0f s after its clock began, "
					    "with no client: nobody went on with it",
					    un.games[i].id, (tc_now_ms() - un.since) / 1000);
			break;
		}
		if (left > 0)
			usleep(250000);
	}
	PQfinish(c);
	return NULL;
}

/* Each unattended table that ended did so by p1's timeout. Returns when the last ended. */
static double check_unattended(void)
{
	double last = 0;
	for (int i = 0; i < UNATTENDED; i++) {
		char path[96];
		tc_reply r;
		snprintf(path, sizeof path, "/api/tables/%s", un.games[i].id);
		if (un.over_at[i] == 0)
			continue;
		last = un.over_at[i] > last ? un.over_at[i] : last;
		int st = ask(&un.lone, "GET", path, NULL, &r, NULL);
		json_t *result = json_object_get(r.json, "result");
		const char *reason = NULL;
		for (size_t k = 0; k < json_array_size(result); k++) {
			json_t *e = json_array_get(result, k);
			const char *who = json_string_value(json_object_get(e, "seat"));
			if (who && strcmp(who, "p1") == 0)
				reason = json_string_value(json_object_get(e, "reason"));
		}
		if (st != 200 || !reason || strcmp(reason, "timeout") != 0)
			failf("unattended table %s: not ended by p1's timeout (%d: %.300s)",
			      un.games[i].id, st, r.body ? r.body : "");
		tc_reply_free(&r);
		json_decref(un.games[i].acks);
		json_decref(un.games[i].chats);
		json_decref(un.games[i].trace);
	}
	return last;
}

/* ---- the run --------------------------------------------------------------------------------- */

/* A database of its own in the throwaway cluster (libpq's PG* variables name it). */
static int make_database(void)
{
	snprintf(dbname, sizeof dbname, "qv_failover_%ld", (long)getpid());
	snprintf(conninfo, sizeof conninfo, "dbname=%s", dbname);
	PGconn *c = PQconnectdb("");
	if (PQstatus(c) != CONNECTION_OK) {
		fprintf(stderr, "cannot connect to PostgreSQL: %s", PQerrorMessage(c));
		PQfinish(c);
		return -1;
	}
	char create[96];
	snprintf(create, sizeof create, "CREATE DATABASE %s", dbname);
	PGresult *r = PQexec(c, create);
	int ok = PQresultStatus(r) == PGRES_COMMAND_OK ? 0 : -1;
	if (ok)
		fprintf(stderr, "PostgreSQL refused %s: %s", create, PQresultErrorMessage(r));
	PQclear(r);
	PQfinish(c);
	return ok;
}

static void cleanup(void)
{
	kill_all();
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (tmpdir[0] && !keep_tmp && system(cmd) != 0)
		fprintf(stderr, "test_failover: could not remove %s\n", tmpdir);
}

/* How many lines of HAProxy's log (its warnings on stderr, -db) hold text. */
static int haproxy_says(const char *text)
{
	char path[128], line[512];
	snprintf(path, sizeof path, "%s/haproxy.log", tmpdir);
	FILE *f = fopen(path, "r");
	int n = 0;
	while (f && fgets(line, sizeof line, f))
		n += strstr(line, text) != NULL;
	if (f)
		fclose(f);
	return n;
}

/* Kills one process every 10 s, round robin, and starts it again on its port: after the odd
 * kills at once (HAProxy may never see it down: its tables come back to it, those whose
 * requests HAProxy sent elsewhere meanwhile handed back), after the even ones once HAProxy has
 * marked it down (its tables go to the live processes, which take them from PostgreSQL, and
 * come back once HAProxy sees it up again). */
static int kill_round(void)
{
	double first = tc_now_ms();
	for (int k = 0; k < kills_wanted; k++) {
		double at = first + KILL_EVERY_MS * (k + 1);
		while (tc_now_ms() < at)
			usleep((useconds_t)((at - tc_now_ms()) * 1000 > 0
			                        ? (at - tc_now_ms()) * 1000
			                        : 0));
		int i = k % PROCS;
		char down[64];
		snprintf(down, sizeof down, "Server tables/quiver%d is DOWN", i + 1);
		int downs = haproxy_says(down);
		pthread_mutex_lock(&mu);
		kill_epoch[nkills++] = epoch_ms();
		pthread_mutex_unlock(&mu);
		kill(pids[i], SIGKILL);
		waitpid(pids[i], NULL, 0);
		pids[i] = 0;
		double t0 = tc_now_ms(), seen_down = 0;
		if (k % 2 == 1) {
			while (haproxy_says(down) == downs && tc_now_ms() - t0 < 15000)
				usleep(20000);
			if (haproxy_says(down) == downs) {
				failf(
				    "HAProxy did not mark process %d down within 15 s of its kill",
				    i + 1);
				return -1;
			}
			seen_down = tc_now_ms() - t0;
		}
		double t1 = tc_now_ms();
		if (start_process(i) != 0)
			return -1;
		printf("kill %d: process %d (port %d) killed at %.1f s, ", k + 1, i + 1, ports[i],
		       (t0 - start_ms) / 1000);
		if (k % 2 == 1)
			printf("marked down by HAProxy %.0f ms later, ", seen_down);
		printf("serving again %.0f ms after its start\n", tc_now_ms() - t1);
		fflush(stdout);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_failover PATH-TO-QUIVER\n");
		return 2;
	}
	quiver = argv[1];
	if (system("command -v haproxy >/dev/null 2>&1") != 0) {
		printf("skipped: haproxy is not installed (scripts/install-deps.sh installs it for "
		       "the tests)\n");
		return 77;
	}
	const char *pg = getenv("QV_TEST_PG");
	if (!pg || strcmp(pg, "1") != 0) {
		printf(
		    "skipped: needs a PostgreSQL cluster: run it through tests/cluster/pg_run.sh\n");
		return 77;
	}
	const char *keep = getenv("QV_FAILOVER_KEEP");
	keep_tmp = keep && strcmp(keep, "1") == 0;
	const char *k = getenv("QV_FAILOVER_KILLS");
	if (k) {
		kills_wanted = atoi(k);
		if (kills_wanted < 0 || kills_wanted > 60) {
			fprintf(stderr, "QV_FAILOVER_KILLS: expected 0 to 60\n");
			return 2;
		}
	}
	if (!qv_test_mkdtemp(tmpdir, sizeof tmpdir, "qvfailover")) {
		perror("mkdtemp");
		return 2;
	}
	atexit(cleanup);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGALRM, on_alarm);
	alarm(ALARM_S);
	struct rlimit rl;
	getrlimit(RLIMIT_NOFILE, &rl);
	rl.rlim_cur = rl.rlim_max;
	setrlimit(RLIMIT_NOFILE, &rl);
	if (make_database() != 0)
		return 1;
	start_ms = tc_now_ms();
	for (int i = 0; i < PROCS; i++) {
		ports[i] = free_port();
		if (start_process(i) != 0)
			return 1;
	}
	if (haproxy_start() != 0)
		return 1;
	printf("3 processes on ports %d %d %d, HAProxy on %d, database %s\n", ports[0], ports[1],
	       ports[2], hport, dbname);
	fflush(stdout);

	un.lone = (slot){.n = SLOTS, .nseats = 2, .clock = UNATTENDED_CLOCK, .rnd = 7};
	for (int i = 0; i < UNATTENDED; i++)
		if (!new_game(&un.lone, &un.games[i]))
			return 1;
		else
			un.began[i] = tc_now_ms();
	un.since = tc_now_ms();
	pthread_t watcher;
	if (pthread_create(&watcher, NULL, watch_unattended, NULL) != 0) {
		fprintf(stderr, "cannot start the unattended tables' watcher\n");
		return 1;
	}

	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	for (int i = 0; i < SLOTS; i++) {
		slot *sl = &slots[i];
		sl->n = i;
		sl->ai = i >= PAIR_SLOTS;
		sl->nseats = sl->ai ? 1 : 2;
		sl->clock = i % 4 == 0 ? CLOCK_FIELD : "";
		sl->chatty = i % 5 == 1;
		sl->rnd = 1000u + (unsigned)i;
		sl->seats[0].ws.fd = sl->seats[1].ws.fd = -1;
		if (pthread_create(&sl->thread, &attr, slot_main, sl) != 0) {
			fprintf(stderr, "cannot start slot %d's thread\n", i);
			return 1;
		}
	}
	pthread_attr_destroy(&attr);
	int rc = kill_round();
	kills_over = 1;
	for (int i = 0; i < SLOTS; i++)
		pthread_join(slots[i].thread, NULL);
	double played = tc_now_ms() - start_ms;
	if (rc != 0)
		failf("a killed process did not start again");

	pthread_join(watcher, NULL);
	double lone_last = check_unattended();

	int tables = 0, finished = 0, ai_tables = 0, shown = 0;
	for (int i = 0; i < SLOTS; i++)
		for (int j = 0; j < slots[i].ngames; j++) {
			game *g = &slots[i].games[j];
			tables++;
			ai_tables += slots[i].ai;
			if (g->over) {
				finished++;
				check_record(&slots[i], g);
				check_chat(&slots[i], g);
			}
			if (g->failed && shown++ < 4)
				print_trace(g);
			json_decref(g->acks);
			json_decref(g->chats);
			json_decref(g->result);
			json_decref(g->trace);
		}
	for (int i = 0; i < SLOTS; i++)
		free(slots[i].games);
	printf("%d tables (%d of two people from %d slots, %d against the computer from %d), %d "
	       "finished, in %.0f s; %d kills\n",
	       tables, tables - ai_tables, PAIR_SLOTS, ai_tables, AI_SLOTS, finished, played / 1000,
	       nkills);
	printf("acts: %ld sent, %ld acknowledged; chat lines acknowledged: %ld\n", fig.acts_sent,
	       fig.acts_acked, fig.chats_acked);
	printf("sockets dropped: %ld, handed over (1012): %ld, closed by a reload: %ld, "
	       "reconnections: %ld; 503s: %ld HTTP, "
	       "%ld WebSocket; proxy errors or lost answers: %ld; joins lost: %ld; refusals of a "
	       "process that lost its table: %ld; other error frames: %ld\n",
	       fig.drops, fig.handovers, fig.reloads, fig.reconnects, fig.http503, fig.ws503,
	       fig.proxy_errors, fig.lost_joins, fig.fenced, fig.error_frames);
	printf("clock checks after a reconnection: %ld (%ld after a kill with the clock running); "
	       "worst excess %.0f ms (at most %d)\n",
	       fig.clock_checks, fig.clock_informative, fig.worst_clock_excess, CLOCK_SLACK_MS);
	printf(
	    "unattended tables (%d, no client after the joins, a clock of %d s a move): the last "
	    "over %.1f s after they began (at most %.0f)\n",
	    UNATTENDED, UNATTENDED_SECONDS, lone_last / 1000, UNATTENDED_BOUND_MS / 1000);
	printf("longest stall: %.1f s (%s; at most %.0f s)\n", fig.longest_stall / 1000,
	       fig.longest_where, STALL_MAX_MS / 1000);
	if (tables < SLOTS)
		failf("only %d tables were played", tables);
	for (int i = 0; i < PROCS; i++) {
		int status;
		if (pids[i] > 0 && waitpid(pids[i], &status, WNOHANG) == pids[i]) {
			pids[i] = 0;
			failf("process %d ended by itself (wait status %d)", i + 1, status);
		}
	}
	if (keep_tmp && !failures)
		printf("the processes' logs are kept in %s\n", tmpdir);
	if (failures) {
		keep_tmp = true;
		fprintf(stderr, "%d failures; the processes' logs are kept in %s\n", failures,
		        tmpdir);
		return 1;
	}
	return 0;
}
