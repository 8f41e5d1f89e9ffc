/*
 * test_deep_json.c - JSON nested too deep, at every way in to `quiver serve` (issue 36). One
 * body of 2 KB, 1,000 '[', killed the server (SIGSEGV, 14 times in 14): jansson recursed once
 * per level on the 100 KiB stack of the CivetWeb thread a request ran on then (a request
 * worker's is 512 KiB now), at `POST /api/tables`, `/join`, `/api/replay`,
 * `/api/lessons/G/ID/try` and in a WebSocket message before hello. Now every
 * JSON text is refused beyond 64 levels before jansson sees it (src/games/json_parse.c).
 *
 * Each entry point gets texts nested 64 levels (read: refused only for what they hold, never
 * for their depth), 65, 1,000 and 65,000 (the deepest a 64 KiB body can carry, its brackets
 * never closed): each answered 400, or an error frame, naming "nested deeper than 64 levels";
 * and 100,000 (more than a body may hold): 413 naming the size, or a socket closed with 1009
 * (RFC 6455's "message too big"). A table's socket gets them before its hello and after it,
 * and still answers a ping. Then four client
 * addresses send 1,000-deep bodies to every entry point at once. The figure: the server's
 * process still running after each text (waitpid), and answering.
 *
 * Usage: test_deep_json PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

/* The depths sent: read, refused, refused, the deepest refused that fits a body, too large. */
static const int depths[] = {64, 65, 1000, 65000, 100000};

/* Text of `depth` levels: `head` (which opens one object: "{\"name\": ") then arrays to the
 * depth, closed (and the object with them) when that keeps the text within a body. head NULL:
 * arrays alone, as a WebSocket message. Caller frees. */
static char *nested(const char *head, int depth)
{
	size_t h = head ? strlen(head) : 0;
	int arrays = head ? depth - 1 : depth;
	bool closed = depth <= 1000;
	char *s = malloc(h + 2 * (size_t)arrays + 2);
	assert_non_null(s);
	memcpy(s, head ? head : "", h);
	char *p = s + h;
	memset(p, '[', (size_t)arrays);
	p += arrays;
	if (closed) {
		memset(p, ']', (size_t)arrays);
		p += arrays;
		if (head)
			*p++ = '}';
	}
	*p = '\0';
	return s;
}

/* The server's process has not ended, and it answers. */
static void still_running(const char *after)
{
	int status;
	if (waitpid(th_server.pid, &status, WNOHANG) != 0)
		fail_msg("the server ended after %s (status %d: %s)", after, status,
		         WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : "exit");
	json_t *games = th_http("GET", "/api/games", NULL, 200);
	assert_non_null(json_object_get(games, "games"));
	json_decref(games);
}

/* POST path with head nested to each depth: the answers as the file's head says. */
static void post_each_depth(const char *path, const char *head)
{
	for (size_t i = 0; i < sizeof depths / sizeof depths[0]; i++) {
		char *body = nested(head, depths[i]);
		tc_reply r;
		tc_http(th_server.port, "POST", path, body, strlen(body), &r);
		const char *msg = json_string_value(json_object_get(r.json, "error"));
		char what[160];
		snprintf(what, sizeof what, "POST %s, %d levels", path, depths[i]);
		if (depths[i] == 64) {
			if (r.status != 400 || !msg || strstr(msg, "nested"))
				fail_msg("%s: expected 400 for what the text holds, got %d %s",
				         what, r.status, r.body);
		} else if (depths[i] == 100000) {
			if (r.status != 413 || !msg || !strstr(msg, "too large"))
				fail_msg("%s: expected 413 naming the size, got %d %s", what,
				         r.status, r.body);
		} else if (r.status != 400 || !msg ||
		           !strstr(msg, "nested deeper than 64 levels")) {
			fail_msg("%s: expected 400 naming the depth, got %d %s", what, r.status,
			         r.body);
		}
		tc_reply_free(&r);
		free(body);
		still_running(what);
	}
}

/* Every HTTP entry point that reads a JSON body. */
static void test_http(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], join[96];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	snprintf(join, sizeof join, "/api/tables/%s/join", id);
	post_each_depth("/api/tables", "{\"game\": \"three-arrows\", \"params\": ");
	post_each_depth(join, "{\"name\": ");
	post_each_depth("/api/replay", "{\"game\": \"three-arrows\", \"actions\": ");
	post_each_depth("/api/lessons/three-arrows/01-first-piece/try", "{\"step\": ");
	/* The table was not touched: its seats are still free. */
	char token[64];
	th_join(id, "p1", token);
	th_stop();
}

/* Sends each depth as a message on w: the error frames as the file's head says. */
static void send_each_depth(tc_ws *w, const char *when)
{
	for (size_t i = 0; depths[i] < 100000; i++) {
		char *text = nested(NULL, depths[i]);
		assert_int_equal(tc_ws_send_text(w, text), 0);
		free(text);
		json_t *f = tc_ws_recv_json(w, TH_WAIT_MS);
		const char *type = json_string_value(json_object_get(f, "type"));
		const char *msg = json_string_value(json_object_get(f, "message"));
		char what[120];
		snprintf(what, sizeof what, "a message %s, %d levels", when, depths[i]);
		const char *words =
		    depths[i] == 64 ? "expected a JSON object" : "nested deeper than 64 levels";
		if (!type || strcmp(type, "error") != 0 || !msg || !strstr(msg, words))
			fail_msg("%s: expected an error frame naming '%s', got %s", what, words,
			         f ? json_dumps(f, JSON_COMPACT) : "nothing");
		json_decref(f);
		still_running(what);
	}
	assert_int_equal(tc_ws_send_text(w, "{\"type\": \"ping\"}"), 0);
	json_t *pong = tc_ws_recv_json(w, TH_WAIT_MS);
	assert_string_equal(json_string_value(json_object_get(pong, "type")), "pong");
	json_decref(pong);
}

/* A table's WebSocket, before its hello and after it. */
static void test_websocket(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], path[96];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	tc_ws w;
	assert_int_equal(tc_ws_open(&w, th_server.port, path), 0);
	send_each_depth(&w, "before hello");
	assert_int_equal(tc_ws_send_text(&w, "{\"type\": \"hello\", \"token\": null}"), 0);
	json_t *snap = tc_ws_recv_json(&w, TH_WAIT_MS);
	assert_string_equal(json_string_value(json_object_get(snap, "type")), "snapshot");
	json_decref(snap);
	send_each_depth(&w, "after hello");
	tc_ws_close(&w);
	/* More than a message may hold: the socket closed (1009), the server still running. */
	assert_int_equal(tc_ws_open(&w, th_server.port, path), 0);
	char *text = nested(NULL, 100000);
	assert_int_equal(tc_ws_send_text(&w, text), 0);
	free(text);
	th_expect_close(&w, 1009, "too large");
	tc_ws_close(&w);
	still_running("a message of 100000 levels");
	th_stop();
}

/* ---- many at once ---------------------------------------------------------------------------- */

#define SENDERS 4
#define ROUNDS  25

typedef struct sender {
	char source[24];
	const char *join; /* the table's join path */
	int refused;      /* answers 400 naming the depth */
	int other;        /* any other answer */
} sender;

/* One client address sends a 1,000-deep body to each entry point, ROUNDS times. */
static void *send_deep(void *arg)
{
	sender *s = arg;
	tc_set_source(s->source);
	const char *paths[] = {"/api/tables", s->join, "/api/replay",
	                       "/api/lessons/three-arrows/01-first-piece/try"};
	char *body = nested("{\"step\": ", 1000);
	for (int r = 0; r < ROUNDS; r++)
		for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
			tc_reply rep;
			tc_http(th_server.port, "POST", paths[i], body, strlen(body), &rep);
			if (rep.status == 400 && strstr(rep.body, "nested deeper than 64 levels"))
				s->refused++;
			else
				s->other++;
			tc_reply_free(&rep);
		}
	free(body);
	return NULL;
}

/* Four addresses at once, 400 bodies in all, each 2 KB of 1,000 levels (what killed the
 * server in one request): every one refused, the server running. */
static void test_many_at_once(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], join[96];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	snprintf(join, sizeof join, "/api/tables/%s/join", id);
	sender s[SENDERS];
	pthread_t t[SENDERS];
	for (int i = 0; i < SENDERS; i++) {
		s[i] = (sender){.join = join};
		snprintf(s[i].source, sizeof s[i].source, "127.0.0.%d", 40 + i);
		assert_int_equal(pthread_create(&t[i], NULL, send_deep, &s[i]), 0);
	}
	int refused = 0, other = 0;
	for (int i = 0; i < SENDERS; i++) {
		pthread_join(t[i], NULL);
		refused += s[i].refused;
		other += s[i].other;
	}
	printf("deep bodies from %d addresses at once: %d refused naming the depth, %d other\n",
	       SENDERS, refused, other);
	assert_int_equal(other, 0);
	assert_int_equal(refused, SENDERS * ROUNDS * 4);
	still_running("the bodies sent at once");
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "deep_json", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_http), T(test_websocket), T(test_many_at_once)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
