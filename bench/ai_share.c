/*
 * ai_share.c - how long one person waits for the computer's reply at `quiver serve` while other
 * client addresses keep the AI workers busy (docs/history/benchmarks-2.md, "AI time shared").
 *
 * It starts the server on a temporary database (--threads T, --create-rate 1000, the default
 * --address-ai-tables 4), then from each of A addresses (127.0.3.2, 127.0.3.3, ...) creates
 * tables of four `hard` seats of THREE ARROWS (tactical: no die) until the server refuses one
 * (429: the address is at its cap): they play themselves, each search up to 1.6 s. Another
 * address (127.0.4.1) then plays THREE ARROWS (standard: a die after each attack) at a table of
 * its own against one `medium` seat, N decisions, each a random legal action (a fixed seed),
 * and times each from the act sent to the update in which it may act again: the AI's reply,
 * with the chance draws on the way. It prints the count, the median, the 90th percentile and
 * the maximum of those waits, in seconds, as one JSON line.
 *
 * Usage: ai_share PATH-TO-QUIVER [--addresses A] [--acts N] [--threads T] [--seed S]
 * Needs the addresses of 127.0.0.0/8 (Linux answers them all on lo).
 */
#define _DEFAULT_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"

/* Every wait is bounded by this, so that a run always ends. */
#define WAIT_MS 600000

static tc_server server;
static char dir[64];

/* A POST with a JSON body; returns the status and the parsed reply (caller frees). */
static int post(const char *path, const char *body, json_t **out)
{
	tc_reply r;
	int st = tc_http(server.port, "POST", path, body, strlen(body), &r);
	if (out)
		*out = r.json ? json_incref(r.json) : NULL;
	tc_reply_free(&r);
	return st;
}

/* The victim's table: created, p1 joined, its socket greeted; returns the socket's snapshot. */
static json_t *victim_table(tc_ws *w)
{
	json_t *t, *j;
	if (post("/api/tables", "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"medium\"]}",
	         &t) != 201) {
		fprintf(stderr, "ai_share: the victim's table was refused\n");
		exit(1);
	}
	char path[128], hello[160];
	const char *id = json_string_value(json_object_get(t, "id"));
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	if (post(path, "{\"seat\": \"p1\"}", &j) != 200) {
		fprintf(stderr, "ai_share: the victim could not join\n");
		exit(1);
	}
	snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": \"%s\"}",
	         json_string_value(json_object_get(j, "token")));
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	json_decref(t);
	json_decref(j);
	if (tc_ws_open(w, server.port, path) != 0 || tc_ws_send_text(w, hello) != 0) {
		fprintf(stderr, "ai_share: the victim's socket failed\n");
		exit(1);
	}
	return tc_ws_recv_json(w, WAIT_MS);
}

/* Whether frame f (a snapshot or update) lets p1 act, or ends the game. */
static bool p1_may_act(const json_t *f, bool *over)
{
	const json_t *table = json_object_get(f, "table");
	*over = !strcmp(json_string_value(json_object_get(table, "status")), "over");
	return json_array_size(json_object_get(json_object_get(f, "view"), "legal")) > 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: ai_share PATH-TO-QUIVER [--addresses A] [--acts N] "
		                "[--threads T] [--seed S]\n");
		return 2;
	}
	int addresses = 8, acts = 30, threads = 2;
	unsigned seed = 1;
	for (int i = 2; i + 1 < argc; i += 2) {
		int v = atoi(argv[i + 1]);
		if (!strcmp(argv[i], "--addresses"))
			addresses = v;
		else if (!strcmp(argv[i], "--acts"))
			acts = v;
		else if (!strcmp(argv[i], "--threads"))
			threads = v;
		else if (!strcmp(argv[i], "--seed"))
			seed = (unsigned)v;
		else {
			fprintf(stderr, "ai_share: unknown option %s\n", argv[i]);
			return 2;
		}
	}
	snprintf(dir, sizeof dir, "/tmp/qvaishareXXXXXX");
	if (!mkdtemp(dir)) {
		perror("ai_share: mkdtemp");
		return 1;
	}
	char db[128], nthreads[16];
	snprintf(db, sizeof db, "%s/ai.db", dir);
	snprintf(nthreads, sizeof nthreads, "%d", threads);
	const char *extra[] = {"--create-rate", "1000", "--threads", nthreads, NULL};
	if (tc_server_start(&server, argv[1], db, extra) != 0) {
		fprintf(stderr, "ai_share: the server did not start\n");
		return 1;
	}
	int hard = 0;
	for (int a = 0; a < addresses; a++) {
		char addr[32];
		snprintf(addr, sizeof addr, "127.0.3.%d", a + 2);
		tc_set_source(addr);
		while (post("/api/tables",
		            "{\"game\": \"three-arrows\", \"params\": {\"players\": 4, \"mode\": "
		            "\"tactical\"}, \"seats\": [\"hard\", \"hard\", \"hard\", \"hard\"]}",
		            NULL) == 201)
			hard++;
	}
	tc_set_source("127.0.4.1");
	double *wait = calloc((size_t)acts, sizeof *wait);
	tc_ws w;
	json_t *f = victim_table(&w);
	int done = 0;
	while (f && done < acts) {
		bool over;
		if (!p1_may_act(f, &over)) {
			json_decref(f);
			f = over ? (tc_ws_close(&w), victim_table(&w))
			         : tc_ws_recv_json(&w, WAIT_MS);
			continue;
		}
		const json_t *legal = json_object_get(json_object_get(f, "view"), "legal");
		char act[512];
		snprintf(act, sizeof act, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}",
		         (long long)json_integer_value(json_object_get(f, "v")),
		         json_string_value(json_array_get(legal, (size_t)rand_r(&seed) %
		                                                     json_array_size(legal))));
		long long v0 = json_integer_value(json_object_get(f, "v"));
		double t0 = tc_now_ms();
		tc_ws_send_text(&w, act);
		json_decref(f);
		/* Until p1 may act again at a later version; the wait counts when p2 (the AI) moved
		 * meanwhile, not when the act was one of several decisions of p1's own turn. */
		bool replied = false;
		for (;;) {
			f = tc_ws_recv_json(&w, WAIT_MS);
			if (!f)
				break;
			const char *type = json_string_value(json_object_get(f, "type"));
			if (!strcmp(type, "error")) {
				fprintf(stderr, "ai_share: %s\n",
				        json_string_value(json_object_get(f, "message")));
				json_decref(f);
				f = NULL;
				break;
			}
			if (strcmp(type, "update") && strcmp(type, "snapshot")) {
				json_decref(f);
				continue;
			}
			const json_t *log = json_object_get(f, "log");
			for (size_t i = 0; i < json_array_size(log); i++)
				replied |= !strcmp(json_string_value(json_object_get(
				                       json_array_get(log, i), "who")),
				                   "p2");
			long long v = json_integer_value(json_object_get(f, "v"));
			if (v > v0 && (p1_may_act(f, &over) || over))
				break;
			json_decref(f);
		}
		if (f && replied)
			wait[done++] = (tc_now_ms() - t0) / 1000;
	}
	json_decref(f);
	tc_ws_close(&w);
	tc_server_stop(&server, SIGTERM);
	qsort(wait, (size_t)done, sizeof *wait, cmp_double);
	printf("{\"addresses\": %d, \"hard_tables\": %d, \"threads\": %d, \"acts\": %d, "
	       "\"reply_s_p50\": %.2f, \"reply_s_p90\": %.2f, \"reply_s_max\": %.2f}\n",
	       addresses, hard, threads, done, done ? wait[done / 2] : 0,
	       done ? wait[done * 9 / 10] : 0, done ? wait[done - 1] : 0);
	free(wait);
	char cmd[160];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "ai_share: could not remove %s\n", dir);
	return done == acts ? 0 : 1;
}
