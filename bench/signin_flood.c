/*
 * signin_flood.c - a bystander's wait while sign-ins flood the server (issue 52): the p50, p99
 * and largest time of a bystander's GET /api/games and of a ping on a table's WebSocket, with
 * no flood, then while 200 clients from 64 addresses each keep a sign-in in flight (a new
 * random username each time, sent again as soon as the last is answered), alternately (A B A
 * B), so that every run meets the same machine. The flood is run three ways: `polite`, whose
 * clients wait an answer's Retry-After before they ask again (as a browser or a bot that reads
 * it); `hostile`, whose clients ignore it; and `known`, as hostile but at 64 accounts that
 * exist (made for the run), each attempt at the next of them, so that every attempt checks a
 * real hash until the throttle stops it. Each flood run comes from its own addresses
 * (127.0.60+k.N), so that one run's limits do not carry over to the next; each reports how
 * many sign-ins were in flight on average (sampled at each of the bystander's requests) and
 * how they were answered. The flood's clients run at SCHED_IDLE (nice 19 where that is
 * refused): on a 2-core machine the attacker's own CPU would otherwise be taken from the server,
 * which a flood from elsewhere does not do. Before the password gate, 16 addresses with 6 each in
 * flight made the GET wait 13.3 s and the ping 8.2 s; the figures are in docs/benchmarks.md,
 * "Sign-ins in flight".
 *
 * usage: signin_flood QUIVER [SECONDS [ROUNDS [MODE]]]
 *   SECONDS a run (default 8), ROUNDS of a run without and with each flood (default 2, at most
 *   10), MODE
 *   polite, hostile, known or all (default all: each round is none, polite, none, hostile,
 *   none, known).
 */
#define _GNU_SOURCE /* syscall(SYS_gettid) */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <jansson.h>

#include "client.h"

#define ADDRESSES 64
#define IN_FLIGHT 200
#define SAMPLES   8192
#define ROUNDS    10
/* The bystander's pause between two samples: about 1,000 samples in a 6 s run, so that pooled
 * over the rounds a p99 is the 50th-slowest or further, not the 3rd (at 20 ms it moved by
 * 0.4x to 5.4x between runs of the same build on a quiet machine). */
#define BYSTANDER_PAUSE_US 5000

static tc_server server;
static atomic_bool flooding;
static atomic_bool polite;
static atomic_int known;       /* the run's accounts (k<known>x0..63), 0: unknown usernames */
static atomic_int flood_block; /* the third byte of this run's flood addresses */
static atomic_long in_flight;  /* sign-ins sent and not yet answered */
static atomic_long answers[4]; /* 401, 429, 503 and any other (a failed request: 0) */

/* One sign-in client: from 127.0.B.N, a new username each time. */
static void *flood_main(void *arg)
{
	int n = (int)(intptr_t)arg;
	/* the attacker's own CPU is not the server's: its clients run only when nothing else
	 * wants the CPU (SCHED_IDLE), or at nice 19 where that is refused */
	struct sched_param idle = {.sched_priority = 0};
	if (pthread_setschedparam(pthread_self(), SCHED_IDLE, &idle) != 0)
		setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 19);
	char source[32], body[128];
	snprintf(source, sizeof source, "127.0.%d.%d", atomic_load(&flood_block),
	         10 + n % ADDRESSES);
	tc_set_source(source);
	for (long k = 0; atomic_load(&flooding); k++) {
		if (atomic_load(&known))
			snprintf(
			    body, sizeof body,
			    "{\"username\": \"k%dx%ld\", \"password\": \"wrong-password-123\"}",
			    atomic_load(&known), (n + k) % ADDRESSES);
		else
			snprintf(
			    body, sizeof body,
			    "{\"username\": \"f%dx%ld\", \"password\": \"wrong-password-123\"}", n,
			    k);
		tc_reply r;
		atomic_fetch_add(&in_flight, 1);
		int st = tc_http(server.port, "POST", "/api/session", body, strlen(body), &r);
		atomic_fetch_sub(&in_flight, 1);
		atomic_fetch_add(&answers[st == 401 ? 0 : st == 429 ? 1 : st == 503 ? 2 : 3], 1);
		char wait[16];
		int secs = atomic_load(&polite) && tc_header(&r, "Retry-After", wait, sizeof wait)
		               ? atoi(wait)
		               : 0;
		tc_reply_free(&r);
		/* in steps, so that the run's end is not kept waiting */
		for (int ms = 0; ms < secs * 1000 && atomic_load(&flooding); ms += 50)
			usleep(50000);
	}
	return NULL;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* A run's samples. */
typedef struct run {
	double get[SAMPLES], ping[SAMPLES];
	int n;
	double in_flight; /* the flood's sign-ins in flight, summed over the samples */
} run;

/* The bystander for `seconds`, into *out. */
static void bystander(tc_ws *w, double seconds, run *out)
{
	out->n = 0;
	out->in_flight = 0;
	tc_set_source("127.0.59.2");
	double until = tc_now_ms() + seconds * 1000;
	while (tc_now_ms() < until && out->n < SAMPLES) {
		tc_reply r;
		out->in_flight += (double)atomic_load(&in_flight);
		double t0 = tc_now_ms();
		tc_http(server.port, "GET", "/api/games", NULL, 0, &r);
		double t1 = tc_now_ms();
		tc_reply_free(&r);
		tc_ws_send_text(w, "{\"type\": \"ping\"}");
		for (json_t *f; (f = tc_ws_recv_json(w, 60000)) != NULL;) {
			bool pong =
			    strcmp(json_string_value(json_object_get(f, "type")), "pong") == 0;
			json_decref(f);
			if (pong)
				break;
		}
		out->get[out->n] = t1 - t0;
		out->ping[out->n] = tc_now_ms() - t1;
		out->n++;
		usleep(BYSTANDER_PAUSE_US);
	}
	tc_set_source(NULL);
}

static void report(const char *name, const char *what, double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, by_value);
	printf("%-13s %-5s n=%4d  p50 %7.2f ms  p99 %7.2f ms  max %7.2f ms\n", name, what, n,
	       v[n / 2], v[(n * 99) / 100], v[n - 1]);
}

/* The 64 accounts of a `known` run, k<id>x0 to k<id>x63, each signed up from an address of its
 * own (127.0.<id - 58>.N), asking again after a Retry-After. */
static void make_accounts(int id)
{
	char source[32], body[160];
	for (int i = 0; i < ADDRESSES; i++) {
		snprintf(source, sizeof source, "127.0.%d.%d", id - 58, 10 + i);
		tc_set_source(source);
		snprintf(body, sizeof body,
		         "{\"username\": \"k%dx%d\", \"password\": \"right-password-%d\"}", id, i,
		         i);
		for (int tries = 0; tries < 100; tries++) {
			tc_reply r;
			int st =
			    tc_http(server.port, "POST", "/api/accounts", body, strlen(body), &r);
			char wait[16];
			int secs = tc_header(&r, "Retry-After", wait, sizeof wait) ? atoi(wait) : 1;
			tc_reply_free(&r);
			if (st == 201)
				break;
			sleep((unsigned)secs);
		}
	}
	tc_set_source(NULL);
}

/* A run of the bystander with the flood of `mode` ("" for none), reported. */
static void measure(tc_ws *w, const char *mode, double seconds, int block, run *out)
{
	char name[32];
	snprintf(name, sizeof name, "%s%s", mode[0] ? "flood " : "no flood", mode);
	pthread_t t[IN_FLIGHT];
	if (mode[0]) {
		atomic_store(&polite, strcmp(mode, "polite") == 0);
		atomic_store(&known, strcmp(mode, "known") == 0 ? block : 0);
		if (atomic_load(&known))
			make_accounts(block);
		atomic_store(&flood_block, block);
		atomic_store(&flooding, true);
		for (int i = 0; i < 4; i++)
			atomic_store(&answers[i], 0);
		for (int i = 0; i < IN_FLIGHT; i++)
			pthread_create(&t[i], NULL, flood_main, (void *)(intptr_t)i);
		sleep(1);
	}
	bystander(w, seconds, out);
	if (mode[0]) {
		atomic_store(&flooding, false);
		for (int i = 0; i < IN_FLIGHT; i++)
			pthread_join(t[i], NULL);
	}
	report(name, "GET", out->get, out->n);
	report(name, "ping", out->ping, out->n);
	if (mode[0])
		printf("%-13s sign-ins in flight %.0f on average; answered in %.0f s: 401 %ld, 429 "
		       "%ld, 503 %ld, other %ld\n",
		       name, out->in_flight / out->n, seconds + 1, atomic_load(&answers[0]),
		       atomic_load(&answers[1]), atomic_load(&answers[2]),
		       atomic_load(&answers[3]));
}

/* The p99 of the samples of every run of one kind, pooled. */
static double pooled_p99(run *runs, int nruns, bool get)
{
	static double all[SAMPLES * 3 * ROUNDS];
	int n = 0;
	for (int i = 0; i < nruns; i++)
		for (int k = 0; k < runs[i].n; k++)
			all[n++] = get ? runs[i].get[k] : runs[i].ping[k];
	qsort(all, (size_t)n, sizeof *all, by_value);
	return n ? all[(n * 99) / 100] : 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(
		    stderr,
		    "usage: signin_flood QUIVER [SECONDS [ROUNDS [polite|hostile|known|all]]]\n");
		return 2;
	}
	double seconds = argc > 2 ? atof(argv[2]) : 8;
	int rounds = argc > 3 ? atoi(argv[3]) : 2;
	const char *which = argc > 4 ? argv[4] : "all";
	const char *modes[3] = {"polite", "hostile", "known"};
	int nmodes = 3;
	if (strcmp(which, "all") != 0) {
		modes[0] = which;
		nmodes = 1;
	}
	if (rounds < 1 || rounds > ROUNDS || seconds <= 0 ||
	    (nmodes == 1 && strcmp(which, "polite") != 0 && strcmp(which, "hostile") != 0 &&
	     strcmp(which, "known") != 0)) {
		fprintf(stderr,
		        "signin_flood: SECONDS above 0, ROUNDS 1 to %d, MODE polite, hostile, "
		        "known or all\n",
		        ROUNDS);
		return 2;
	}
	char db[] = "/tmp/qvfloodXXXXXX";
	int fd = mkstemp(db);
	if (fd < 0 || tc_server_start(&server, argv[1], db, NULL) != 0) {
		fprintf(stderr, "signin_flood: cannot start the server\n");
		return 1;
	}
	close(fd);
	tc_reply r;
	const char *table = "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"]}";
	tc_http(server.port, "POST", "/api/tables", table, strlen(table), &r);
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ws",
	         json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
	tc_ws w;
	tc_ws_open(&w, server.port, path);
	tc_ws_send_text(&w, "{\"type\": \"hello\", \"token\": null}");
	json_decref(tc_ws_recv_json(&w, 60000));
	static run none[3 * ROUNDS], flood[3][ROUNDS];
	int nnone = 0, block = 60;
	for (int round = 0; round < rounds; round++)
		for (int m = 0; m < nmodes; m++) {
			measure(&w, "", seconds, 0, &none[nnone++]);
			measure(&w, modes[m], seconds, block++, &flood[m][round]);
		}
	for (int m = 0; m < nmodes; m++)
		for (int get = 1; get >= 0; get--) {
			double a = pooled_p99(none, nnone, get),
			       b = pooled_p99(flood[m], rounds, get);
			printf("p99 %-4s flood %-7s %7.2f ms against %7.2f ms without: %.2fx\n",
			       get ? "GET" : "ping", modes[m], b, a, b / a);
		}
	tc_ws_close(&w);
	tc_server_stop(&server, 15);
	unlink(db);
	return 0;
}
