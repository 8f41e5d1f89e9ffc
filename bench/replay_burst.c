/*
 * replay_burst.c - the memory of `quiver serve` under a burst of replays (issue 36): it starts
 * the server on a temporary database, has it play a game between random seats (Evons unless
 * --game says otherwise), then sends --uploads POST /api/replay of that game's record at once
 * (threads released together), from --addresses client addresses of 127.0.0.0/8 in turn. It
 * prints, as one line of JSON, the answers by status, the size of one answer, the seconds the
 * burst took, and the server's RSS (/proc/PID/status) before, at the peak (sampled every
 * 20 ms), just after and 10 s after the last answer, and how long after it the RSS was under
 * 100 MB (null: not within 10 s).
 *
 * Usage: replay_burst PATH-TO-QUIVER [--uploads N] [--addresses A] [--game G]
 */
#define _DEFAULT_SOURCE /* usleep, mkdtemp */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"

static tc_server server;
static pthread_barrier_t start_line;

/* One upload on a thread of its own. */
typedef struct upload {
	pthread_t thread;
	char from[32];
	const char *body;
	int status;
	size_t len;
} upload;

static void *upload_main(void *arg)
{
	upload *u = arg;
	tc_set_source(u->from);
	pthread_barrier_wait(&start_line);
	tc_reply r;
	tc_http(server.port, "POST", "/api/replay", u->body, strlen(u->body), &r);
	u->len = r.len;
	u->status = r.status;
	tc_reply_free(&r);
	return NULL;
}

/* The server's resident memory in kB. */
static long rss_kb(void)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%d/status", (int)server.pid);
	FILE *f = fopen(path, "r");
	long kb = -1;
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return kb;
}

static void die(const char *why)
{
	fprintf(stderr, "replay_burst: %s\n", why);
	if (server.pid > 0)
		tc_server_stop(&server, SIGKILL);
	exit(1);
}

/* The record of a game of `game` the server plays between random seats (malloc'ed). */
static char *finished_record(const char *game)
{
	char body[160], path[96];
	snprintf(body, sizeof body, "{\"game\": \"%s\", \"seats\": [\"random\", \"random\"%s]}",
	         game, strcmp(game, "arrow-party") == 0 ? ", \"random\"" : "");
	tc_reply r;
	if (tc_http(server.port, "POST", "/api/tables", body, strlen(body), &r) != 201)
		die("cannot create the table that plays the record's game");
	snprintf(path, sizeof path, "/api/tables/%s/record",
	         json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
	double end = tc_now_ms() + 300000;
	do {
		usleep(20000);
		tc_http(server.port, "GET", path, NULL, 0, &r);
		if (r.status == 200)
			break;
		tc_reply_free(&r);
	} while (tc_now_ms() < end);
	if (r.status != 200)
		die("the game did not end");
	char *text = strdup(r.body);
	tc_reply_free(&r);
	return text;
}

int main(int argc, char **argv)
{
	int uploads = 256, addresses = 128;
	const char *game = "evons";
	if (argc < 2) {
		fprintf(stderr, "usage: replay_burst PATH-TO-QUIVER [--uploads N] [--addresses A] "
		                "[--game G]\n");
		return 2;
	}
	for (int i = 2; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "--uploads") == 0)
			uploads = atoi(argv[i + 1]);
		else if (strcmp(argv[i], "--addresses") == 0)
			addresses = atoi(argv[i + 1]);
		else if (strcmp(argv[i], "--game") == 0)
			game = argv[i + 1];
	}
	if (uploads < 1 || uploads > 4096 || addresses < 1 || addresses > 250 * 250)
		die("--uploads 1..4096, --addresses 1..62500");
	signal(SIGPIPE, SIG_IGN);
	char dir[] = "/tmp/qvreplayburstXXXXXX", db[64];
	if (!mkdtemp(dir))
		die("cannot make a temporary folder");
	snprintf(db, sizeof db, "%s/burst.db", dir);
	if (tc_server_start(&server, argv[1], db, NULL))
		die("the server did not start");
	char *record = finished_record(game);
	upload *up = calloc((size_t)uploads, sizeof *up);
	if (!up)
		die("out of memory");
	long before = rss_kb(), peak = before;
	pthread_barrier_init(&start_line, NULL, (unsigned)uploads);
	double t0 = tc_now_ms();
	for (int i = 0; i < uploads; i++) {
		int a = i % addresses;
		snprintf(up[i].from, sizeof up[i].from, "127.0.%d.%d", 10 + a / 250, 1 + a % 250);
		up[i].body = record;
		up[i].status = -1;
		if (pthread_create(&up[i].thread, NULL, upload_main, &up[i]))
			die("cannot start a thread");
	}
	for (int done = 0; done < uploads;) {
		long kb = rss_kb();
		peak = kb > peak ? kb : peak;
		usleep(20000);
		done = 0;
		for (int i = 0; i < uploads; i++)
			done += up[i].status != -1;
	}
	double secs = (tc_now_ms() - t0) / 1000;
	int codes[600] = {0};
	size_t len = 0;
	for (int i = 0; i < uploads; i++) {
		pthread_join(up[i].thread, NULL);
		codes[up[i].status >= 0 && up[i].status < 600 ? up[i].status : 0]++;
		if (up[i].status == 200)
			len = up[i].len;
	}
	long after = rss_kb(), later = after;
	double since = tc_now_ms(), under = after < 100 * 1024 ? 0 : -1;
	while (tc_now_ms() < since + 10000) {
		usleep(100000);
		later = rss_kb();
		if (under < 0 && later < 100 * 1024)
			under = (tc_now_ms() - since) / 1000;
	}
	printf("{\"game\": \"%s\", \"record_bytes\": %zu, \"uploads\": %d, \"addresses\": %d, "
	       "\"codes\": {",
	       game, strlen(record), uploads, addresses);
	for (int c = 0, first = 1; c < 600; c++)
		if (codes[c]) {
			printf("%s\"%d\": %d", first ? "" : ", ", c, codes[c]);
			first = 0;
		}
	printf("}, \"answer_bytes\": %zu, \"seconds\": %.2f, \"rss_kb_before\": %ld, "
	       "\"rss_kb_peak\": %ld, \"rss_kb_after\": %ld, \"rss_kb_10s_later\": %ld, "
	       "\"seconds_to_under_100MB\": ",
	       len, secs, before, peak, after, later);
	if (under < 0)
		printf("null}\n");
	else
		printf("%.1f}\n", under);
	tc_server_stop(&server, SIGTERM);
	free(record);
	free(up);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "replay_burst: could not remove %s\n", dir);
	return 0;
}
