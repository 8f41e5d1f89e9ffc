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
 * The per-address limits of the server are raised for the load (one address makes every
 * table and opens every socket), those the binary has (its --help names them).
 */
#define _DEFAULT_SOURCE
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
	tc_http(server.port, "POST", "/api/tables", body, strlen(body), &r);
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

/* Opens a socket on table ti: the human seat (joining it) or a spectator. */
static void open_sock(int ti, bool human, int reuse)
{
	char path[96], hello[128];
	snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": null}");
	if (human) {
		snprintf(path, sizeof path, "/api/tables/%s/join", tables[ti].id);
		tc_reply r;
		tc_http(server.port, "POST", path, "{}", 2, &r);
		if (r.status != 200)
			die("cannot join");
		snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": \"%s\"}",
		         json_string_value(json_object_get(r.json, "token")));
		tc_reply_free(&r);
	}
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
	snprintf(path, sizeof path, "/api/tables/%s/ws", tables[ti].id);
	int rc = tc_ws_open(&s->ws, server.port, path);
	if (rc != 0) {
		fprintf(stderr, "serve_load: WebSocket refused (%d) with %d open\n", rc, nsocks);
		die("cannot open a socket");
	}
	tc_ws_send_text(&s->ws, hello);
	s->next_act = first_act();
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
	while (tc_ws_recv(&s->ws, 0, &op, &p, &n) == 1) {
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
}

/* A human whose turn it is acts when its think time is up. */
static void maybe_act(sock *s)
{
	if (!s->human || s->sent_at > 0 || s->over || tc_now_ms() < s->next_act)
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
		if (sample && tc_now_ms() >= next_sample) {
			long th = proc_field(server.pid, "Threads:");
			long rss = proc_field(server.pid, "VmRSS:");
			got.threads = th > got.threads ? th : got.threads;
			got.rss_peak = rss > got.rss_peak ? rss : got.rss_peak;
			next_sample += 1000;
		}
		if (sample && rss_every > 0 && tc_now_ms() >= next_rss) {
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
	got.tables = ntables;
	got.games = games_done;
	got.socks = nsocks;
	got.errors = errors;
	got.hard_refused = hard_refused;
	return got;
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
		                "[--clocks 0|1]\n");
		return 2;
	}
	double seconds = 30;
	int ai = 100, spect = 3, humans = 100, threads = 2, hard = 0, ai_cap = 1000000;
	for (int i = 2; i + 1 < argc; i += 2) {
		double x = atof(argv[i + 1]);
		if (strcmp(argv[i], "--seconds") == 0 && x > 0 && x <= 600)
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

	char dir[] = "/tmp/qvloadXXXXXX";
	if (!mkdtemp(dir))
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
	if (!has_option(argv[1], "--max-connections-per-address"))
		extra[14] = NULL;
	if (!has_option(argv[1], "--create-rate"))
		extra[6] = NULL;
	if (tc_server_start(&server, argv[1], db, extra))
		die("the server did not start");

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
	char go;
	if (read(ready[0], &go, 1) != 1)
		die("the AI tables' driver did not start");
	/* The humans' first acts come within one think time from now. */
	for (int i = 0; i < nsocks; i++)
		socks[i].next_act = first_act();
	fprintf(stderr, "serve_load: %d tables, %d sockets open; running %.0f s\n", ai + humans,
	        ai * spect + 2 * humans, seconds);
	tally mine = drive(seconds, true);
	tally theirs = {0};
	ssize_t r = read(fds[0], &theirs, sizeof theirs);
	int status = 0;
	waitpid(kid, &status, 0);
	if (r != (ssize_t)sizeof theirs || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		die("the AI tables' driver failed");
	errors += theirs.errors;
	long hwm = proc_field(server.pid, "VmHWM:");
	tc_server_stop(&server, SIGTERM);
	qsort(lat, (size_t)nlat, sizeof *lat, cmp_double);
	double p50 = nlat ? lat[nlat / 2] : 0, p99 = nlat ? lat[(nlat * 99) / 100] : 0;
	double mx = nlat ? lat[nlat - 1] : 0;
	printf("| open tables | sockets | tables created | games ended | moves/s | human acts | "
	       "act→update p50 | p99 | max | server threads | server RSS peak |\n");
	printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
	long rss_peak = mine.rss_peak;
	printf("| %d | %d | %d | %d | %.0f | %d | %.1f ms | %.1f ms | %.1f ms | %ld | %.0f MiB |\n",
	       ai + humans, mine.socks + theirs.socks, mine.tables + theirs.tables,
	       mine.games + theirs.games, mine.rate + theirs.rate, nlat, p50, p99, mx, mine.threads,
	       (double)(hwm > rss_peak ? hwm : rss_peak) / 1024);
	printf("(%.0f s; %d error frames; think time %.0f ms; --threads %d; %s)\n", seconds, errors,
	       think, threads, clocks ? "every table with a clock" : "no clocks");
	qsort(reply, (size_t)nreply, sizeof *reply, cmp_double);
	printf("act→AI reply at the human tables: %d replies, p50 %.1f ms, p99 %.1f ms, max %.1f "
	       "ms; hard tables: %d asked, %d refused (429)\n",
	       nreply, nreply ? reply[nreply / 2] : 0, nreply ? reply[(nreply * 99) / 100] : 0,
	       nreply ? reply[nreply - 1] : 0, hard, theirs.hard_refused);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "serve_load: could not remove %s\n", dir);
	return errors > 0 ? 1 : 0;
}
