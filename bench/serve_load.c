/*
 * serve_load.c - a load test of `quiver serve` on localhost, bounded in count and time.
 *
 * It starts the server on a temporary database, then keeps busy for --seconds:
 * - --ai-tables tables of AI seats only (the four games in turn, seats random, greedy and
 *   easy), each watched by --spectators sockets; a table that ends is replaced by a new one;
 * - --humans scripted human clients, each at its own table against one random seat (the four
 *   games in turn) with one spectator, acting after --think milliseconds with a random legal
 *   action of its view, and starting a new table when its game ends.
 * - --hard-tables tables of `hard` seats only (the four games in turn), each watched by one
 *   socket, created from the same address as the rest: the server's cap of tables with AI
 *   seats per address (--address-ai-tables, passed on) refuses those past it (429, counted).
 * It reports the moves per second (history entries over all tables, from the versions the
 * clients see), the latency from a human's act to the update that answers it (p50, p99, max;
 * AI thinking is not in it: the update for the act comes before the AI's reply), the time
 * from a human's act to the AI's reply (the next update in which the human may act again:
 * its opponent is `random`, so this is the wait for an AI worker), and the server's threads
 * and memory from /proc; with --rss-every S, the server's RSS every S seconds on stderr. With
 * --clocks 1 every table has a clock (Fischer, 900 s plus 5 s a move: none runs out), so that
 * the p99 with clocks can be set beside the p99 without. Two processes drive the sockets with
 * poll(): one the AI tables' spectators, one the humans (so that a human's update is read when
 * it arrives, not after the spectator frames queued before it).
 *
 * Usage: serve_load PATH-TO-QUIVER [--seconds S] [--ai-tables N] [--spectators K]
 *                   [--humans M] [--think MS] [--threads T] [--hard-tables N]
 *                   [--address-ai-tables N] [--rss-every S] [--clocks 0|1]
 *                   [--db DB] [--target [HOST:]PORT] [--cpu LABEL=PID[,PID...]]
 *                   [--figures FILE] [--mark COMMAND]
 * The per-address limits of the server are raised for the load (one address makes every
 * table and opens every socket), those the binary has (its --help names them).
 *
 * The defaults make 200 tables and 500 sockets (100 AI tables with 3 spectators each, 100
 * humans with one spectator each). --db DB gives the server it starts that database (a
 * PostgreSQL connection string among them; the server writes its flight file in the current
 * folder) instead of a temporary SQLite file. --target drives a server (or an HAProxy in front
 * of several) that is already running on the loopback, started with limits as high as those
 * above: PATH-TO-QUIVER is then not run, and the server's threads and memory are not read (the
 * report says so). A request or WebSocket refused with 503 and Retry-After (a table moving
 * between processes) is tried again after the time it says, a WebSocket closed with 1012 (its
 * table moved to another process) is opened again: both are counted, not taken as failures;
 * so is a join answered 409 "played by another process now" (its table let go meanwhile),
 * tried again a second later. The run begins once every socket is open, or after 60 s with
 * those still refused counted (and tried on).
 * --cpu (up to 4 times) reads the CPU time (user and system) of those processes and their
 * children (live ones, and those ended through the parent's own counts) at the start and end
 * of the measured run; the server serve_load starts is counted as "quiver". --figures writes
 * every figure as KEY=VALUE lines to FILE (for bench/cluster_load.sh). --mark runs the shell
 * command "COMMAND start" as the measured run begins and "COMMAND end" as it ends (where the
 * CPU times are read), e.g. to read a database's counters at the same instants.
 */
#define _DEFAULT_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "client.h"

static const char *const games[] = {"three-arrows", "concardia", "evons", "arrow-party"};

/* --think: the mean think time of a scripted human, in milliseconds. */
static double think = 500;
/* --rss-every: seconds between the server's RSS samples on stderr, 0 for none. */
static double rss_every = 0;
/* --clocks 1: every table is created with CLOCK_SETTINGS (the people's clocks run on the
 * server, saved with every change, and the timer thread sleeps until the first deadline). */
static bool clocks = false;
/* Long enough that no scripted human runs out of time in a run of at most 600 s. */
#define CLOCK_SETTINGS ", \"clock\": {\"kind\": \"fischer\", \"base\": 900, \"increment\": 5}"

typedef struct sock {
	tc_ws ws;
	int table;    /* index into tables */
	bool human;   /* the seat that plays */
	long long v;  /* the latest version seen */
	json_t *view; /* the latest view (humans) */
	bool over;
	double sent_at; /* when the pending act was sent, 0 when none */
	long long sent_v;
	double next_act; /* when to act next (humans) */
	double ai_from;  /* when the human acted, while the AI's reply is awaited; 0 otherwise */
	double open_at;  /* when to try opening it (again) after a 503 or a 1012; 0 when open */
	bool dead;       /* closed by the server otherwise (an error): not opened again */
	char token[128]; /* the human's seat token, from its join */
} sock;

typedef struct table {
	char id[32];
	bool human;
	bool hard;
	long long v0; /* version when first seen */
	long long v;  /* highest version seen */
	bool over;
} table;

static tc_server server;
/* Where every request goes: the server started here, or --target's. */
static int port;
/* Requests and WebSockets refused with 503 and tried again; WebSockets closed with 1012 and
 * opened again (both: a table moving between processes). */
static int retried_503, reopened_1012;
/* Joins answered 409 as their table moved away meanwhile, tried again. */
static int retried_409;
static table *tables;
static int ntables, captables;
static sock *socks;
static int nsocks, capsocks;
static double *lat, *reply;
static int nlat, caplat, nreply, capreply;
static int hard_refused;
static int errors, games_done;
static unsigned rnd = 12345;

static unsigned next_rand(void)
{
	rnd = rnd * 1103515245u + 12345u;
	return rnd >> 8;
}

/* When a scripted human first acts: within one think time from now, not at once (a hundred
 * humans acting in the same millisecond would measure the start-up, not the load). */
static double first_act(void) { return tc_now_ms() + think * (double)(next_rand() % 1000) / 1000; }

static void die(const char *msg)
{
	fprintf(stderr, "serve_load: %s\n", msg);
	if (server.pid > 0)
		tc_server_stop(&server, SIGKILL);
	exit(1);
}

/* The wait a 503 asks for in its Retry-After, in milliseconds (1 s when it names none). */
static double retry_ms(const tc_reply *r)
{
	char ra[16];
	double secs = tc_header(r, "Retry-After", ra, sizeof ra) ? atof(ra) : 1;
	return 1000 * (secs > 0 ? secs : 1);
}

/* One request; a 503 (a table moving between processes) is tried again, up to 60 times,
 * after the time its Retry-After says. Returns the last status. */
static int http_retry(const char *method, const char *path, const char *body, tc_reply *r)
{
	for (int tries = 0;; tries++) {
		tc_http(port, method, path, body, strlen(body), r);
		if (r->status != 503 || tries == 60)
			return r->status;
		retried_503++;
		double ms = retry_ms(r);
		tc_reply_free(r);
		usleep((useconds_t)(ms * 1000));
	}
}

/* Creates a table and returns its index; a hard table refused with 429 (the server's cap per
 * address) is counted and -1 returned. */
static int new_table(bool human, bool hard)
{
	int g = (int)(next_rand() % 4);
	/* No Evons at the hard tables: a deep search of Evons overran a buffer at c3b13f2
	 * (issue 20) and killed the server, which would measure nothing. */
	if (hard && g == 2)
		g = 0;
	const char *seats;
	if (human)
		seats = g == 3 ? "[\"human\", \"random\", \"random\"]" : "[\"human\", \"random\"]";
	else if (hard)
		seats = g == 3 ? "[\"hard\", \"hard\", \"hard\"]" : "[\"hard\", \"hard\"]";
	else
		seats = g == 3 ? "[\"random\", \"greedy\", \"easy\"]" : "[\"greedy\", \"easy\"]";
	char body[384];
	snprintf(body, sizeof body, "{\"game\": \"%s\", \"seats\": %s, \"params\": %s%s}", games[g],
	         seats,
	         g == 2   ? "{\"max_turns\": 60}"
	         : g == 1 ? "{\"max_turns\": 80}"
	                  : "{}",
	         clocks ? CLOCK_SETTINGS : "");
	tc_reply r;
	http_retry("POST", "/api/tables", body, &r);
	if (hard && r.status == 429) {
		hard_refused++;
		tc_reply_free(&r);
		return -1;
	}
	if (r.status != 201)
		die(r.body ? r.body : "cannot create a table");
	if (ntables == captables) {
		captables = captables ? 2 * captables : 256;
		tables = realloc(tables, (size_t)captables * sizeof *tables);
	}
	table *t = &tables[ntables];
	memset(t, 0, sizeof *t);
	snprintf(t->id, sizeof t->id, "%s", json_string_value(json_object_get(r.json, "id")));
	t->human = human;
	t->hard = hard;
	t->v0 = -1;
	tc_reply_free(&r);
	return ntables++;
}

/* Joins (a human, once) and opens socket s; a 503 (its table moving to the process that
 * answered) leaves it closed with open_at set to when to try again. */
static void try_open(sock *s)
{
	char path[96], hello[192];
	const table *t = &tables[s->table];
	if (s->human && !s->token[0]) {
		snprintf(path, sizeof path, "/api/tables/%s/join", t->id);
		tc_reply r;
		tc_http(port, "POST", path, "{}", 2, &r);
		if (r.status == 503) {
			retried_503++;
			s->open_at = tc_now_ms() + retry_ms(&r);
			tc_reply_free(&r);
			return;
		}
		/* A process that lets the table go while it answers says 409, "played by another
		 * process now: connect again": tried again a second later, counted apart. */
		if (r.status == 409 && r.body && strstr(r.body, "played by another process")) {
			retried_409++;
			s->open_at = tc_now_ms() + 1000;
			tc_reply_free(&r);
			return;
		}
		if (r.status != 200) {
			fprintf(stderr, "serve_load: join of %s answered %d: %s\n", t->id, r.status,
			        r.body ? r.body : "");
			die("cannot join");
		}
		snprintf(s->token, sizeof s->token, "%s",
		         json_string_value(json_object_get(r.json, "token")));
		tc_reply_free(&r);
	}
	snprintf(path, sizeof path, "/api/tables/%s/ws", t->id);
	int rc = tc_ws_open(&s->ws, port, path);
	if (rc == 503) {
		retried_503++;
		s->ws.fd = -1;
		s->open_at = tc_now_ms() + 1000 * (s->ws.retry_after > 0 ? s->ws.retry_after : 1);
		return;
	}
	if (rc != 0) {
		fprintf(stderr, "serve_load: WebSocket refused (%d) with %d open\n", rc, nsocks);
		die("cannot open a socket");
	}
	if (s->human)
		snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": \"%s\"}", s->token);
	else
		snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": null}");
	tc_ws_send_text(&s->ws, hello);
	s->open_at = 0;
	s->next_act = first_act();
}

/* Opens a socket on table ti: the human seat (joining it) or a spectator (try_open). */
static void open_sock(int ti, bool human, int reuse)
{
	if (reuse < 0) {
		if (nsocks == capsocks) {
			capsocks = capsocks ? 2 * capsocks : 512;
			socks = realloc(socks, (size_t)capsocks * sizeof *socks);
		}
		reuse = nsocks++;
	}
	sock *s = &socks[reuse];
	memset(s, 0, sizeof *s);
	s->table = ti;
	s->human = human;
	s->v = -1;
	s->ws.fd = -1;
	try_open(s);
}

/* Opens the sockets that wait for a retry and whose time has come. */
static void reopen_due(void)
{
	double now = tc_now_ms();
	for (int i = 0; i < nsocks; i++)
		if (socks[i].open_at > 0 && !socks[i].dead && now >= socks[i].open_at)
			try_open(&socks[i]);
}

/* Sockets still refused when the run began (their tables never reached). */
static int unopened;

/* Before the run: waits (at most 60 s) until every socket is open; those still refused then
 * are named (the first five) and counted, and go on being tried during the run. */
static void settle(void)
{
	double end = tc_now_ms() + 60000;
	for (;;) {
		int waiting = 0;
		for (int i = 0; i < nsocks; i++)
			waiting += socks[i].open_at > 0 && !socks[i].dead;
		if (!waiting)
			return;
		if (tc_now_ms() > end) {
			int shown = 0;
			for (int i = 0; i < nsocks && shown < 5; i++)
				if (socks[i].open_at > 0 && !socks[i].dead) {
					fprintf(stderr,
					        "serve_load: still refused after 60 s: table %s\n",
					        tables[socks[i].table].id);
					shown++;
				}
			fprintf(stderr,
			        "serve_load: %d sockets still refused after 60 s; tried on\n",
			        waiting);
			unopened = waiting;
			return;
		}
		usleep(20000);
		reopen_due();
	}
}

static void add_to(double **a, int *n, int *cap, double ms)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 4096;
		*a = realloc(*a, (size_t)*cap * sizeof **a);
		if (!*a)
			die("out of memory");
	}
	(*a)[(*n)++] = ms;
}

/* Handles the frames waiting on socket i. */
static void on_readable(int i)
{
	sock *s = &socks[i];
	int op;
	char *p;
	size_t n;
	int rc;
	while ((rc = tc_ws_recv(&s->ws, 0, &op, &p, &n)) == 1) {
		json_t *f = json_loadb(p, n, 0, NULL);
		free(p);
		const char *type = json_string_value(json_object_get(f, "type"));
		if (!type) {
			json_decref(f);
			continue;
		}
		if (strcmp(type, "error") == 0) {
			errors++;
			if (s->human)
				s->sent_at = 0;
			json_decref(f);
			continue;
		}
		long long v = json_integer_value(json_object_get(f, "v"));
		table *t = &tables[s->table];
		if (t->v0 < 0)
			t->v0 = v;
		if (v > t->v)
			t->v = v;
		s->v = v;
		const char *status =
		    json_string_value(json_object_get(json_object_get(f, "table"), "status"));
		s->over = status && strcmp(status, "over") == 0;
		if (s->over && !t->over) {
			t->over = true;
			games_done++;
		}
		if (s->human) {
			size_t legal =
			    json_array_size(json_object_get(json_object_get(f, "view"), "legal"));
			if (s->ai_from > 0 && (legal > 0 || s->over)) {
				add_to(&reply, &nreply, &capreply, tc_now_ms() - s->ai_from);
				s->ai_from = 0;
			}
			if (s->sent_at > 0 && v > s->sent_v) {
				add_to(&lat, &nlat, &caplat, tc_now_ms() - s->sent_at);
				if (legal == 0 && !s->over)
					s->ai_from = s->sent_at;
				s->sent_at = 0;
				s->next_act = tc_now_ms() +
				              think * (0.5 + (double)(next_rand() % 1000) / 1000);
			}
			json_decref(s->view);
			s->view = json_incref(json_object_get(f, "view"));
		}
		json_decref(f);
	}
	if (rc < 0) {
		/* 1012: the table moved to another process; the socket is opened again (through the
		 * same address, which now leads there), its pending act forgotten. */
		if (s->ws.close_code == 1012)
			reopened_1012++;
		else {
			fprintf(stderr, "serve_load: a socket closed (%d %s)\n", s->ws.close_code,
			        s->ws.close_reason);
			errors++;
			s->dead = true;
		}
		tc_ws_close(&s->ws);
		s->sent_at = 0;
		s->ai_from = 0;
		json_decref(s->view);
		s->view = NULL;
		s->open_at = tc_now_ms();
	}
}

/* A human whose turn it is acts when its think time is up. */
static void maybe_act(sock *s)
{
	if (!s->human || s->sent_at > 0 || s->over || s->open_at > 0 || tc_now_ms() < s->next_act)
		return;
	json_t *legal = json_object_get(s->view, "legal");
	if (json_array_size(legal) == 0)
		return;
	const char *a =
	    json_string_value(json_array_get(legal, next_rand() % json_array_size(legal)));
	json_t *act =
	    json_pack("{s:s, s:I, s:s}", "type", "act", "v", (json_int_t)s->v, "action", a);
	char *text = json_dumps(act, JSON_COMPACT);
	s->sent_v = s->v;
	s->sent_at = tc_now_ms();
	tc_ws_send_text(&s->ws, text);
	free(text);
	json_decref(act);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* A field of /proc/PID/status, such as "Threads:" or "VmHWM:". */
static long proc_field(pid_t pid, const char *field)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	FILE *f = fopen(path, "r");
	long v = -1;
	while (f && fgets(line, sizeof line, f))
		if (strncmp(line, field, strlen(field)) == 0)
			v = strtol(line + strlen(field), NULL, 10);
	if (f)
		fclose(f);
	return v;
}

/* What a driver saw. */
typedef struct tally {
	double rate;      /* moves per second over its tables */
	int tables;       /* tables it created */
	int games;        /* games it saw end */
	int socks;        /* sockets it kept open */
	int errors;       /* error frames */
	long threads;     /* the server's most threads (sampled by the humans' driver) */
	long rss_peak;    /* the server's largest VmRSS, KiB (likewise) */
	int hard_refused; /* hard tables refused (429) */
	int retried_503;  /* requests and sockets refused with 503, tried again */
	int reopened;     /* sockets closed with 1012, opened again */
	int retried_409;  /* joins answered 409 (the table moved away meanwhile), tried again */
	int unopened;     /* sockets still refused when the run began */
	long long moves;  /* history entries over its tables */
} tally;

/* Drives this process's sockets for `seconds`, replacing finished tables; `sample` reads the
 * server's threads and memory once a second. */
static tally drive(double seconds, bool sample)
{
	double start = tc_now_ms(), end = start + seconds * 1000;
	tally got = {0};
	struct pollfd *pfd = calloc((size_t)capsocks, sizeof *pfd);
	if (!pfd)
		die("out of memory");
	double next_sample = start, next_rss = start;
	while (tc_now_ms() < end) {
		for (int i = 0; i < nsocks; i++) {
			pfd[i].fd = socks[i].ws.fd;
			pfd[i].events = POLLIN;
			pfd[i].revents = 0;
		}
		poll(pfd, (nfds_t)nsocks, 5);
		for (int i = 0; i < nsocks; i++)
			if (pfd[i].revents)
				on_readable(i);
		for (int i = 0; i < nsocks; i++)
			maybe_act(&socks[i]);
		reopen_due();
		/* Finished tables are replaced (their sockets with them) to keep the load. */
		for (int i = 0; i < nsocks; i++) {
			sock *s = &socks[i];
			if (!s->over)
				continue;
			int ti = s->table;
			bool human_table = tables[ti].human;
			/* Close every socket of the table and reopen them on a new one. */
			int nt = new_table(human_table, tables[ti].hard);
			if (nt < 0)
				die("a finished hard table could not be replaced");
			for (int k = 0; k < nsocks; k++)
				if (socks[k].table == ti) {
					bool h = socks[k].human;
					tc_ws_close(&socks[k].ws);
					json_decref(socks[k].view);
					open_sock(nt, h, k);
				}
			if (capsocks > nsocks) {
				pfd = realloc(pfd, (size_t)capsocks * sizeof *pfd);
				if (!pfd)
					die("out of memory");
			}
		}
		if (sample && server.pid > 0 && tc_now_ms() >= next_sample) {
			long th = proc_field(server.pid, "Threads:");
			long rss = proc_field(server.pid, "VmRSS:");
			got.threads = th > got.threads ? th : got.threads;
			got.rss_peak = rss > got.rss_peak ? rss : got.rss_peak;
			next_sample += 1000;
		}
		if (sample && server.pid > 0 && rss_every > 0 && tc_now_ms() >= next_rss) {
			fprintf(stderr, "serve_load: %4.0f s: server RSS %.1f MiB\n",
			        (tc_now_ms() - start) / 1000,
			        (double)proc_field(server.pid, "VmRSS:") / 1024);
			next_rss += rss_every * 1000;
		}
	}
	free(pfd);
	double elapsed = (tc_now_ms() - start) / 1000;
	long long moves = 0;
	for (int i = 0; i < ntables; i++)
		if (tables[i].v0 >= 0)
			moves += tables[i].v - tables[i].v0;
	got.rate = (double)moves / elapsed;
	got.moves = moves;
	got.retried_503 = retried_503;
	got.reopened = reopened_1012;
	got.retried_409 = retried_409;
	got.unopened = unopened;
	got.tables = ntables;
	got.games = games_done;
	got.socks = nsocks;
	got.errors = errors;
	got.hard_refused = hard_refused;
	return got;
}

/* --cpu: a group of processes whose CPU time is read at the start and end of the run. */
typedef struct cpu_group {
	char label[32];
	pid_t pid[16];
	int n;
	double before, after; /* seconds */
} cpu_group;
static cpu_group cpu[5];
static int ncpu;

/* From /proc/PID/stat: its parent, and its CPU seconds (utime + stime, and with `reaped`
 * cutime + cstime: those of its children that ended and were waited for). False when gone. */
static bool proc_stat(pid_t pid, pid_t *ppid, double *secs, bool reaped)
{
	char path[64], text[1024];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	size_t n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	/* The name, in parentheses, may hold spaces: the fields start after the last ')'. */
	char *p = strrchr(text, ')');
	if (!p)
		return false;
	long pp = 0;
	unsigned long long ut, st;
	long long cut, cst;
	if (sscanf(p + 2, "%*c %ld %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %lld %lld", &pp,
	           &ut, &st, &cut, &cst) != 5)
		return false;
	double ticks = (double)sysconf(_SC_CLK_TCK);
	*ppid = (pid_t)pp;
	*secs = (double)(ut + st) / ticks + (reaped ? (double)(cut + cst) / ticks : 0);
	return true;
}

/* The CPU seconds of a group: each process with its children's, the live ones read from
 * /proc (the ended ones are in the process's own cutime and cstime). */
static double group_cpu(const cpu_group *g)
{
	double total = 0, secs;
	pid_t ppid;
	for (int i = 0; i < g->n; i++)
		if (proc_stat(g->pid[i], &ppid, &secs, true))
			total += secs;
	DIR *d = opendir("/proc");
	struct dirent *e;
	while (d && (e = readdir(d)))
		if (isdigit((unsigned char)e->d_name[0]) &&
		    proc_stat((pid_t)atol(e->d_name), &ppid, &secs, false))
			for (int i = 0; i < g->n; i++)
				if (ppid == g->pid[i])
					total += secs;
	if (d)
		closedir(d);
	return total;
}

/* Parses --cpu LABEL=PID[,PID...]; false when malformed or one too many. */
static bool add_cpu(const char *arg)
{
	const char *eq = strchr(arg, '=');
	if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof cpu[0].label ||
	    ncpu == (int)(sizeof cpu / sizeof cpu[0]) - 1)
		return false;
	cpu_group *g = &cpu[ncpu];
	memset(g, 0, sizeof *g);
	snprintf(g->label, sizeof g->label, "%.*s", (int)(eq - arg), arg);
	for (const char *p = eq + 1; *p && g->n < 16;) {
		char *end;
		long pid = strtol(p, &end, 10);
		if (end == p || pid <= 0)
			return false;
		g->pid[g->n++] = (pid_t)pid;
		p = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return false;
	}
	ncpu++;
	return g->n > 0;
}

/* --mark: runs "COMMAND WHEN" in the shell (nothing when there is no command). */
static void run_mark(const char *command, const char *when)
{
	if (!command)
		return;
	char *line = malloc(strlen(command) + strlen(when) + 2);
	if (!line)
		die("out of memory");
	sprintf(line, "%s %s", command, when);
	if (system(line) != 0)
		fprintf(stderr, "serve_load: --mark %s failed\n", line);
	free(line);
}

/* Whether `quiver serve --help` names `option` (a binary built before it does not). */
static bool has_option(const char *quiver, const char *option)
{
	char cmd[1024], text[8192];
	snprintf(cmd, sizeof cmd, "'%s' serve --help", quiver);
	FILE *p = popen(cmd, "r");
	if (!p)
		return false;
	size_t n = fread(text, 1, sizeof text - 1, p);
	text[n] = '\0';
	pclose(p);
	return strstr(text, option) != NULL;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: serve_load PATH-TO-QUIVER [--seconds S] [--ai-tables N] "
		                "[--spectators K] [--humans M] [--think MS] [--threads T] "
		                "[--hard-tables N] [--address-ai-tables N] [--rss-every S] "
		                "[--clocks 0|1] [--db DB] [--target [HOST:]PORT] "
		                "[--cpu LABEL=PID[,PID...]] [--figures FILE] [--mark COMMAND]\n");
		return 2;
	}
	double seconds = 30;
	int ai = 100, spect = 3, humans = 100, threads = 2, hard = 0, ai_cap = 1000000;
	const char *given_db = NULL, *target = NULL, *figures = NULL, *mark = NULL;
	for (int i = 2; i + 1 < argc; i += 2) {
		double x = atof(argv[i + 1]);
		if (strcmp(argv[i], "--db") == 0 && argv[i + 1][0])
			given_db = argv[i + 1];
		else if (strcmp(argv[i], "--target") == 0 && argv[i + 1][0])
			target = argv[i + 1];
		else if (strcmp(argv[i], "--figures") == 0 && argv[i + 1][0])
			figures = argv[i + 1];
		else if (strcmp(argv[i], "--mark") == 0 && argv[i + 1][0])
			mark = argv[i + 1];
		else if (strcmp(argv[i], "--cpu") == 0 && add_cpu(argv[i + 1]))
			continue;
		else if (strcmp(argv[i], "--seconds") == 0 && x > 0 && x <= 600)
			seconds = x;
		else if (strcmp(argv[i], "--ai-tables") == 0 && x >= 0 && x <= 2000)
			ai = (int)x;
		else if (strcmp(argv[i], "--spectators") == 0 && x >= 0 && x <= 20)
			spect = (int)x;
		else if (strcmp(argv[i], "--humans") == 0 && x >= 0 && x <= 2000)
			humans = (int)x;
		else if (strcmp(argv[i], "--think") == 0 && x >= 0 && x <= 60000)
			think = x;
		else if (strcmp(argv[i], "--threads") == 0 && x >= 1 && x <= 64)
			threads = (int)x;
		else if (strcmp(argv[i], "--hard-tables") == 0 && x >= 0 && x <= 2000)
			hard = (int)x;
		else if (strcmp(argv[i], "--address-ai-tables") == 0 && x >= 1 && x <= 1000000)
			ai_cap = (int)x;
		else if (strcmp(argv[i], "--rss-every") == 0 && x >= 0 && x <= 600)
			rss_every = x;
		else if (strcmp(argv[i], "--clocks") == 0 && (x == 0 || x == 1))
			clocks = x == 1;
		else {
			fprintf(stderr, "serve_load: bad option %s %s\n", argv[i], argv[i + 1]);
			return 2;
		}
	}
	struct rlimit rl;
	getrlimit(RLIMIT_NOFILE, &rl);
	rl.rlim_cur = rl.rlim_max;
	setrlimit(RLIMIT_NOFILE, &rl);
	signal(SIGPIPE, SIG_IGN);
	if (given_db && target) {
		fprintf(stderr, "serve_load: --db is for the server it starts, --target for one "
		                "running: not both\n");
		return 2;
	}

	char dir[] = "/tmp/qvloadXXXXXX";
	if (!target && !mkdtemp(dir))
		die("mkdtemp failed");
	char db[64], maxs[16], thr[16], cap[16];
	snprintf(db, sizeof db, "%s/load.db", dir);
	int total = ai * spect + 2 * humans + hard;
	snprintf(maxs, sizeof maxs, "%d", total + 50);
	snprintf(thr, sizeof thr, "%d", threads);
	snprintf(cap, sizeof cap, "%d", ai_cap);
	/* Every client is on 127.0.0.1: one address may hold all the sockets and tables. The
	 * limits after the first six are left out for a build that has none (a baseline). */
	const char *extra[] = {"--max-sockets",
	                       maxs,
	                       "--threads",
	                       thr,
	                       "--max-tables",
	                       "100000",
	                       "--max-sockets-per-address",
	                       maxs,
	                       "--create-rate",
	                       "1000000",
	                       "--address-tables",
	                       "1000000",
	                       "--address-ai-tables",
	                       cap,
	                       "--max-connections-per-address",
	                       maxs,
	                       NULL};
	/* The connections' limit per address (64 by default) came after the others: without it
	 * the load stopped at its 64th socket. */
	if (target) {
		/* [HOST:]PORT, HOST an address of the loopback (the client dials nothing else). */
		char host[64] = "127.0.0.1";
		const char *colon = strrchr(target, ':');
		if (colon) {
			snprintf(host, sizeof host, "%.*s", (int)(colon - target), target);
			if (host[0] == '[' && host[strlen(host) - 1] == ']') {
				memmove(host, host + 1, strlen(host));
				host[strlen(host) - 1] = '\0';
			}
		}
		port = atoi(colon ? colon + 1 : target);
		if (port <= 0 || port > 65535 || tc_set_target(host) != 0 ||
		    (strncmp(host, "127.", 4) != 0 && strcmp(host, "::1") != 0)) {
			fprintf(stderr,
			        "serve_load: --target %s: not [HOST:]PORT of the loopback\n",
			        target);
			return 2;
		}
	} else {
		if (!has_option(argv[1], "--max-connections-per-address"))
			extra[14] = NULL;
		if (!has_option(argv[1], "--create-rate"))
			extra[6] = NULL;
		if (tc_server_start(&server, argv[1], given_db ? given_db : db, extra))
			die("the server did not start");
		port = server.port;
		cpu_group *g = &cpu[ncpu++];
		memset(g, 0, sizeof *g);
		snprintf(g->label, sizeof g->label, "quiver");
		g->pid[g->n++] = server.pid;
	}

	/* Two drivers: a child process for the AI tables' spectators (most of the frames) and this
	 * one for the humans, so that a human's update never waits behind hundreds of spectator
	 * frames that the same client has yet to parse: the latency is the server's, not the
	 * client's queue. */
	int fds[2], ready[2];
	if (pipe(fds) != 0 || pipe(ready) != 0)
		die("pipe failed");
	pid_t kid = fork();
	if (kid < 0)
		die("fork failed");
	if (kid == 0) {
		close(fds[0]);
		close(ready[0]);
		rnd ^= 0x9e3779b9u;
		for (int i = 0; i < ai; i++) {
			int t = new_table(false, false);
			for (int k = 0; k < spect; k++)
				open_sock(t, false, -1);
		}
		for (int i = 0; i < hard; i++) {
			int t = new_table(false, true);
			if (t >= 0)
				open_sock(t, false, -1);
		}
		settle();
		if (write(ready[1], "", 1) != 1)
			_exit(1);
		tally got = drive(seconds, false);
		ssize_t w = write(fds[1], &got, sizeof got);
		_exit(w == (ssize_t)sizeof got ? 0 : 1);
	}
	close(fds[1]);
	close(ready[1]);
	for (int i = 0; i < humans; i++) {
		int t = new_table(true, false);
		open_sock(t, true, -1);
		open_sock(t, false, -1);
	}
	settle();
	char go;
	if (read(ready[0], &go, 1) != 1)
		die("the AI tables' driver did not start");
	/* The humans' first acts come within one think time from now. */
	for (int i = 0; i < nsocks; i++)
		socks[i].next_act = first_act();
	fprintf(stderr, "serve_load: %d tables, %d sockets open; running %.0f s\n", ai + humans,
	        ai * spect + 2 * humans, seconds);
	run_mark(mark, "start");
	for (int i = 0; i < ncpu; i++)
		cpu[i].before = group_cpu(&cpu[i]);
	double t0 = tc_now_ms();
	tally mine = drive(seconds, true);
	for (int i = 0; i < ncpu; i++)
		cpu[i].after = group_cpu(&cpu[i]);
	run_mark(mark, "end");
	double elapsed = (tc_now_ms() - t0) / 1000;
	tally theirs = {0};
	ssize_t r = read(fds[0], &theirs, sizeof theirs);
	int status = 0;
	waitpid(kid, &status, 0);
	if (r != (ssize_t)sizeof theirs || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		die("the AI tables' driver failed");
	errors += theirs.errors;
	long hwm = server.pid > 0 ? proc_field(server.pid, "VmHWM:") : -1;
	if (server.pid > 0)
		tc_server_stop(&server, SIGTERM);
	qsort(lat, (size_t)nlat, sizeof *lat, cmp_double);
	double p50 = nlat ? lat[nlat / 2] : 0, p99 = nlat ? lat[(nlat * 99) / 100] : 0;
	double mx = nlat ? lat[nlat - 1] : 0;
	printf("| open tables | sockets | tables created | games ended | moves/s | human acts | "
	       "act→update p50 | p99 | max | server threads | server RSS peak |\n");
	printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
	long rss_peak = mine.rss_peak;
	char threads_s[24] = "—", rss_s[24] = "—";
	if (!target) {
		snprintf(threads_s, sizeof threads_s, "%ld", mine.threads);
		snprintf(rss_s, sizeof rss_s, "%.0f MiB",
		         (double)(hwm > rss_peak ? hwm : rss_peak) / 1024);
	}
	printf("| %d | %d | %d | %d | %.0f | %d | %.1f ms | %.1f ms | %.1f ms | %s | %s |\n",
	       ai + humans, mine.socks + theirs.socks, mine.tables + theirs.tables,
	       mine.games + theirs.games, mine.rate + theirs.rate, nlat, p50, p99, mx, threads_s,
	       rss_s);
	printf("(%.0f s; %d error frames; think time %.0f ms; --threads %d; %s)\n", seconds, errors,
	       think, threads, clocks ? "every table with a clock" : "no clocks");
	qsort(reply, (size_t)nreply, sizeof *reply, cmp_double);
	printf("act→AI reply at the human tables: %d replies, p50 %.1f ms, p99 %.1f ms, max %.1f "
	       "ms; hard tables: %d asked, %d refused (429)\n",
	       nreply, nreply ? reply[nreply / 2] : 0, nreply ? reply[(nreply * 99) / 100] : 0,
	       nreply ? reply[nreply - 1] : 0, hard, theirs.hard_refused);
	int retried = mine.retried_503 + theirs.retried_503;
	int reopened = mine.reopened + theirs.reopened;
	int moved409 = mine.retried_409 + theirs.retried_409;
	int never = mine.unopened + theirs.unopened;
	long long moves = mine.moves + theirs.moves;
	if (target)
		printf(
		    "driving %s, a server started elsewhere: its threads and memory are not read "
		    "(—)\n",
		    target);
	if (target || given_db || retried || reopened || moved409)
		printf(
		    "503 tried again: %d; WebSockets closed with 1012 and opened again: %d; joins "
		    "answered 409 (the table moved away meanwhile) tried again: %d\n",
		    retried, reopened, moved409);
	if (never)
		printf(
		    "%d sockets were still refused (503) when the run began, 60 s after they were "
		    "first tried\n",
		    never);
	for (int i = 0; i < ncpu && (target || given_db); i++)
		printf("CPU of %s: %.2f s over the run, %.3f ms a move\n", cpu[i].label,
		       cpu[i].after - cpu[i].before,
		       moves ? 1000 * (cpu[i].after - cpu[i].before) / (double)moves : 0);
	FILE *fig = figures ? fopen(figures, "w") : NULL;
	if (figures && !fig)
		fprintf(stderr, "serve_load: cannot write %s\n", figures);
	if (fig) {
		fprintf(fig,
		        "seconds=%.2f\ntables=%d\nsockets=%d\nmoves=%lld\nmoves_per_s=%.1f\n"
		        "human_acts=%d\np50_ms=%.1f\np99_ms=%.1f\nmax_ms=%.1f\nerrors=%d\n"
		        "retried_503=%d\nreopened_1012=%d\nretried_409=%d\nunopened=%d\n",
		        elapsed, ai + humans, mine.socks + theirs.socks, moves,
		        (double)moves / elapsed, nlat, p50, p99, mx, errors, retried, reopened,
		        moved409, never);
		for (int i = 0; i < ncpu; i++)
			fprintf(fig, "cpu_%s=%.3f\n", cpu[i].label, cpu[i].after - cpu[i].before);
		fclose(fig);
	}
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (!target && system(cmd) != 0)
		fprintf(stderr, "serve_load: could not remove %s\n", dir);
	return errors > 0 ? 1 : 0;
}
