/*
 * signin_flood.c - a bystander's wait while sign-ins flood the server (issue 52): the p50, p99
 * and largest time of a bystander's GET /api/games and of a ping on a table's WebSocket, with
 * no flood, then while 64 client addresses keep 200 sign-ins in flight (each for a new random
 * username, sent again after each answer), alternately (A B A B), so that both runs meet the
 * same machine. Before the password gate, 16 addresses with 6 each in flight made the GET wait
 * 13.3 s and the ping 8.2 s; the figures are in docs/benchmarks.md, "Sign-ins in flight".
 *
 * usage: signin_flood QUIVER [SECONDS [ROUNDS]]   (defaults 8 s a run, 2 rounds of A and B)
 */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "client.h"

#define ADDRESSES 64
#define IN_FLIGHT 200
#define SAMPLES   4096

static tc_server server;
static atomic_bool flooding;
static atomic_long answered;

/* One sign-in client: from 127.0.60.N, a new username each time. */
static void *flood_main(void *arg)
{
	int n = (int)(intptr_t)arg;
	char source[32], body[128];
	snprintf(source, sizeof source, "127.0.60.%d", 10 + n % ADDRESSES);
	tc_set_source(source);
	for (long k = 0; atomic_load(&flooding); k++) {
		snprintf(body, sizeof body,
		         "{\"username\": \"f%dx%ld\", \"password\": \"wrong-password-123\"}", n, k);
		tc_reply r;
		tc_http(server.port, "POST", "/api/session", body, strlen(body), &r);
		tc_reply_free(&r);
		atomic_fetch_add(&answered, 1);
	}
	return NULL;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The bystander for `seconds`: its GET and ping times (ms) into get[] and ping[], their count
 * into *n. */
static void bystander(tc_ws *w, double seconds, double *get, double *ping, int *n)
{
	*n = 0;
	tc_set_source("127.0.61.2");
	double until = tc_now_ms() + seconds * 1000;
	while (tc_now_ms() < until && *n < SAMPLES) {
		tc_reply r;
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
		get[*n] = t1 - t0;
		ping[*n] = tc_now_ms() - t1;
		(*n)++;
		usleep(20000);
	}
	tc_set_source(NULL);
}

static void report(const char *run, const char *what, double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, by_value);
	printf("%-9s %-5s n=%4d  p50 %7.2f ms  p99 %7.2f ms  max %7.2f ms\n", run, what, n,
	       v[n / 2], v[(n * 99) / 100], v[n - 1]);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: signin_flood QUIVER [SECONDS [ROUNDS]]\n");
		return 2;
	}
	double seconds = argc > 2 ? atof(argv[2]) : 8;
	int rounds = argc > 3 ? atoi(argv[3]) : 2;
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
	static double get[SAMPLES], ping[SAMPLES];
	int n;
	for (int round = 0; round < rounds; round++) {
		bystander(&w, seconds, get, ping, &n);
		report("no flood", "GET", get, n);
		report("no flood", "ping", ping, n);
		atomic_store(&flooding, true);
		atomic_store(&answered, 0);
		pthread_t t[IN_FLIGHT];
		for (int i = 0; i < IN_FLIGHT; i++)
			pthread_create(&t[i], NULL, flood_main, (void *)(intptr_t)i);
		sleep(1);
		bystander(&w, seconds, get, ping, &n);
		atomic_store(&flooding, false);
		for (int i = 0; i < IN_FLIGHT; i++)
			pthread_join(t[i], NULL);
		report("flood", "GET", get, n);
		report("flood", "ping", ping, n);
		printf("flood     sign-ins answered: %ld\n", atomic_load(&answered));
	}
	tc_ws_close(&w);
	tc_server_stop(&server, 15);
	unlink(db);
	return 0;
}
