/*
 * test_serve.c - `quiver serve` from the outside, as browsers use it: the binary is started
 * on a temporary database with --port 0, and the tests talk HTTP and WebSocket to 127.0.0.1.
 *
 * - the HTTP API: games, tables, joins, records, files, and every bad request refused with
 *   nothing changed;
 * - bad frames of every kind refused with nothing changed, a bad token closing the socket;
 * - undo under the table policy;
 * - kill -9 mid-game and a restart that resumes every table at its version, seats and views;
 * - tables of AI seats only finishing by themselves, with records that replay;
 * - the socket and table limits refusing politely;
 * - the server running itself again once with glibc's per-thread malloc caches off, keeping
 *   a user's own GLIBC_TUNABLES, and its process still named after its binary (quiver);
 * - each game's reference entries (GET /api/games/GAME/reference) as the terminal prints them.
 *
 * Usage: test_serve PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE /* usleep, mkdtemp */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "quiver/agent.h"
#include "quiver/match.h"
#include "viewer.h"

/* ---- the HTTP API
 * ---------------------------------------------------------------------------------- */

/* A file of the web folder carries an ETag and is revalidated on each use: asked again with
 * its ETag it answers 304 without a body; a range answers 206 with those bytes, a range past
 * the end 416. */
static void files_cached(void)
{
	tc_reply full, r;
	char etag[80], value[200], headers[200];
	tc_http(th_server.port, "GET", "/", NULL, 0, &full);
	assert_int_equal(full.status, 200);
	assert_true(full.len > 100);
	assert_true(tc_header(&full, "ETag", etag, sizeof etag));
	assert_true(etag[0] == '"');
	assert_true(tc_header(&full, "Cache-Control", value, sizeof value));
	assert_string_equal(value, "no-cache");
	assert_true(tc_header(&full, "X-Content-Type-Options", value, sizeof value));
	assert_string_equal(value, "nosniff");
	assert_true(tc_header(&full, "Content-Type", value, sizeof value));
	assert_string_equal(value, "text/html; charset=utf-8");

	snprintf(headers, sizeof headers, "If-None-Match: %s\r\n", etag);
	tc_http_with(th_server.port, "GET", "/", headers, NULL, 0, &r);
	assert_int_equal(r.status, 304);
	assert_int_equal(r.len, 0);
	assert_true(tc_header(&r, "ETag", value, sizeof value));
	assert_string_equal(value, etag);
	tc_reply_free(&r);
	tc_http_with(th_server.port, "GET", "/", "If-None-Match: \"other\"\r\n", NULL, 0, &r);
	assert_int_equal(r.status, 200);
	assert_int_equal(r.len, full.len);
	tc_reply_free(&r);

	tc_http_with(th_server.port, "GET", "/", "Range: bytes=10-19\r\n", NULL, 0, &r);
	assert_int_equal(r.status, 206);
	assert_int_equal(r.len, 10);
	assert_memory_equal(r.body, full.body + 10, 10);
	assert_true(tc_header(&r, "Content-Range", value, sizeof value));
	char want[64];
	snprintf(want, sizeof want, "bytes 10-19/%zu", full.len);
	assert_string_equal(value, want);
	tc_reply_free(&r);
	snprintf(headers, sizeof headers, "Range: bytes=%zu-\r\n", full.len);
	tc_http_with(th_server.port, "GET", "/", headers, NULL, 0, &r);
	assert_int_equal(r.status, 416);
	assert_int_equal(r.len, 0);
	tc_reply_free(&r);
	tc_reply_free(&full);
}

/* One parameter of GET /api/games: the documented fields of its kind (docs/server.md), bounds
 * that hold its default, choices that name it. */
static void check_param(const json_t *p, const char *game)
{
	const char *key = json_string_value(json_object_get(p, "key"));
	const char *kind = json_string_value(json_object_get(p, "kind"));
	const char *def = json_string_value(json_object_get(p, "default"));
	if (!key || !kind || !def)
		fail_msg("%s: a parameter without key, kind or default", game);
	char what[96];
	snprintf(what, sizeof what, "%s's parameter %s", game, key);
	static const char *const plain[] = {"key", "default", "allowed", "meaning", "kind", NULL};
	static const char *const integer[] = {"key", "default", "allowed", "meaning", "kind",
	                                      "min", "max",     "step",    NULL};
	static const char *const real[] = {"key",  "default", "allowed", "meaning",
	                                   "kind", "min",     "max",     NULL};
	static const char *const choice[] = {"key",  "default", "allowed", "meaning",
	                                     "kind", "choices", NULL};
	const json_t *choices = json_object_get(p, "choices");
	bool named = false;
	for (size_t i = 0; i < json_array_size(choices); i++)
		named |= json_string_value(json_array_get(choices, i)) &&
		         strcmp(json_string_value(json_array_get(choices, i)), def) == 0;
	if (choices && (!json_is_array(choices) || json_array_size(choices) == 0))
		fail_msg("%s: choices is not a list of names", what);
	if (strcmp(kind, "integer") == 0 || strcmp(kind, "real") == 0) {
		bool in = strcmp(kind, "integer") == 0;
		tv_exact_keys(p, what, in ? integer : real, "choices");
		double lo = json_number_value(json_object_get(p, "min"));
		double hi = json_number_value(json_object_get(p, "max"));
		char *end;
		double x = strtod(def, &end);
		if (lo > hi || (!*end && (x < lo || x > hi)) || (*end && !named))
			fail_msg("%s: default %s is not within %g-%g or a named value", what, def,
			         lo, hi);
		if (in && (!json_is_integer(json_object_get(p, "min")) ||
		           json_integer_value(json_object_get(p, "step")) < 1))
			fail_msg("%s: integer bounds and step expected", what);
	} else if (strcmp(kind, "choice") == 0) {
		tv_exact_keys(p, what, choice, NULL);
		if (!named)
			fail_msg("%s: the default %s is not one of the choices", what, def);
	} else if (strcmp(kind, "boolean") == 0) {
		tv_exact_keys(p, what, plain, NULL);
		if (strcmp(def, "true") != 0 && strcmp(def, "false") != 0)
			fail_msg("%s: default %s is not true or false", what, def);
	} else if (strcmp(kind, "text") == 0) {
		tv_exact_keys(p, what, plain, "choices");
	} else {
		fail_msg("%s: unknown kind %s", what, kind);
	}
}

/* A game's "ladder" of GET /api/games: each level's measured strength exactly as the game's
 * descriptor has it, and every level offered to people measured. */
static void check_ladder(const json_t *game)
{
	const qv_game *g = qv_game_find(json_string_value(json_object_get(game, "name")), NULL);
	const json_t *ladder = json_object_get(game, "ladder");
	assert_non_null(g);
	size_t n = 0;
	for (const qv_level_elo *e = g->ladder; e && e->level; e++, n++) {
		char want[128];
		snprintf(want, sizeof want, "{\"ci\":[%d,%d],\"elo\":%d,\"settled\":%s}", e->lo,
		         e->hi, e->elo, e->hi - e->lo <= 2 * QV_LADDER_SETTLED ? "true" : "false");
		char *got =
		    json_dumps(json_object_get(ladder, e->level), JSON_COMPACT | JSON_SORT_KEYS);
		assert_non_null(got);
		assert_string_equal(got, want);
		free(got);
	}
	assert_int_equal(json_object_size(ladder), n);
	for (int k = 0; qv_agent_offered[k]; k++)
		if (!qv_agent_level_elo(g, qv_agent_offered[k]))
			fail_msg("%s: the offered level %s has no measured strength", g->name,
			         qv_agent_offered[k]);
}

static void test_http_api(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	json_t *games = th_http("GET", "/api/games", NULL, 200);
	json_t *list = json_object_get(games, "games");
	assert_int_equal(json_array_size(list), 4);
	for (size_t i = 0; i < json_array_size(list); i++) {
		static const char *const keys[] = {"name",   "title",  "min_players", "max_players",
		                                   "params", "levels", "ladder",      NULL};
		tv_exact_keys(json_array_get(list, i), "a game", keys, NULL);
		json_t *params = json_object_get(json_array_get(list, i), "params");
		const char *name =
		    json_string_value(json_object_get(json_array_get(list, i), "name"));
		assert_true(json_array_size(params) > 0);
		for (size_t k = 0; k < json_array_size(params); k++)
			check_param(json_array_get(params, k), name);
	}
	/* The bounds are the games' own: Arrow Party's rounds, THREE ARROWS' modes. */
	const json_t *ap = json_array_get(list, 3), *ta = json_array_get(list, 0);
	assert_string_equal(json_string_value(json_object_get(ap, "name")), "arrow-party");
	assert_string_equal(json_string_value(json_object_get(ta, "name")), "three-arrows");
	const json_t *rounds = json_array_get(json_object_get(ap, "params"), 2);
	char *text = json_dumps(rounds, JSON_COMPACT | JSON_SORT_KEYS);
	assert_string_equal(text, "{\"allowed\":\"2, 4, 6, 8 or 10\",\"default\":\"10\","
	                          "\"key\":\"rounds\",\"kind\":\"integer\",\"max\":10,"
	                          "\"meaning\":\"rounds; the redistribution starts round rounds/2 "
	                          "+ 1\",\"min\":2,\"step\":2}");
	free(text);
	text =
	    json_dumps(json_object_get(json_array_get(json_object_get(ta, "params"), 2), "choices"),
	               JSON_COMPACT);
	assert_string_equal(text, "[\"standard\",\"tactical\"]");
	free(text);
	text = json_dumps(json_object_get(ta, "levels"), JSON_COMPACT);
	assert_string_equal(text, "[\"beginner\",\"easy\",\"medium\",\"hard\"]");
	free(text);
	for (size_t i = 0; i < json_array_size(list); i++)
		check_ladder(json_array_get(list, i));
	json_decref(games);

	/* Bad requests: each refused, naming the problem, and no table made. */
	th_refused("POST", "/api/tables", "{\"game\": ", 400, "broken JSON");
	th_refused("POST", "/api/tables", "[1, 2]", 400, "object");
	th_refused("POST", "/api/tables", "{}", 400, "game");
	th_refused("POST", "/api/tables", "{\"game\": 3}", 400, "game");
	th_refused("POST", "/api/tables", "{\"game\": \"chess\"}", 400, "chess");
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"colour\": 1}", 400, "colour");
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"params\": {\"max_turns\": 0}}",
	           400, "max_turns");
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"params\": {\"nope\": 1}}", 400,
	           "nope");
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"params\": [1]}", 400, "params");
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"params\": {\"max_turns\": [1]}}",
	           400, "max_turns");
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"seats\": [\"human\", \"god\"]}",
	           400, "god");
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"seats\": \"human\"}", 400,
	           "seats");
	th_refused("POST", "/api/tables",
	           "{\"game\": \"evons\", \"seats\": [\"human\", \"human\", "
	           "\"human\"]}",
	           400, "seats");
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"private\": \"yes\"}", 400,
	           "private");
	th_refused("POST", "/api/tables",
	           "{\"game\": \"evons\", \"params\": {\"max_turns\": "
	           "123456789012345678901234567890}}",
	           400, "JSON");
	th_refused("POST", "/api/tables", "{\"game\": \"evons\", \"game\": \"evons\"}", 400,
	           "JSON");
	th_refused("POST", "/api/tables",
	           "{\"game\": \"evons\", \"params\": {\"max_turns\": 1e400}}", 400, "JSON");
	char *big = malloc(70001);
	memset(big, ' ', 70000);
	big[70000] = '\0';
	memcpy(big, "{\"game\": \"evons\"", 16);
	big[69999] = '}';
	th_refused("POST", "/api/tables", big, 413, "too large");
	free(big);
	th_refused("DELETE", "/api/tables", NULL, 405, "DELETE");
	th_refused("GET", "/api/nothing", NULL, 404, NULL);
	th_refused("GET", "/api/tables/0123456789abcdef", NULL, 404, "0123456789abcdef");
	/* An escaped '/' needs no escape: refused before any route is looked at (hostile/paths). */
	th_refused("GET", "/api/tables/..%2f..%2fetc", NULL, 400, "needs none");
	th_refused("GET", "/api/tables/..%25..%20etc", NULL, 400, "but in a username");
	json_t *tables = th_http("GET", "/api/tables", NULL, 200);
	assert_int_equal(json_array_size(json_object_get(tables, "tables")), 0);
	/* Every level seats a computer, the offered ones and random and greedy alike (an invite
	 * seat for the person: such a table is not listed). */
	for (int k = 0; qv_agent_levels[k]; k++) {
		char body[160];
		snprintf(body, sizeof body,
		         "{\"game\": \"three-arrows\", \"seats\": [\"invite\", \"%s\"], "
		         "\"private\": true}",
		         qv_agent_levels[k]);
		json_t *t = th_http("POST", "/api/tables", body, 201);
		json_t *seat = json_array_get(json_object_get(t, "seats"), 1);
		assert_string_equal(json_string_value(json_object_get(seat, "kind")),
		                    qv_agent_levels[k]);
		json_decref(t);
	}
	json_decref(tables);

	/* A public table: listed, joined seat by seat, refusing a second join and AI seats. */
	char id[32], token[64], path[96];
	th_create(
	    "{\"game\": \"three-arrows\", \"params\": {\"players\": 3}, \"seats\": [\"human\", "
	    "\"human\", \"greedy\"], \"private\": false}",
	    id);
	json_t *t = th_info(id);
	tv_check_info(t);
	assert_non_null(json_object_get(t, "catalogue")); /* GET /api/tables/ID carries it */
	assert_string_equal(json_string_value(json_object_get(t, "status")), "waiting");
	assert_int_equal(json_integer_value(json_object_get(t, "v")), 0);
	assert_true(json_is_null(json_object_get(t, "result")));
	json_decref(t);
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	th_join(id, "p2", token);
	th_refused("POST", path, "{\"seat\": \"p2\"}", 409, "taken");
	th_refused("POST", path, "{\"seat\": \"p3\"}", 400, "greedy");
	th_refused("POST", path, "{\"seat\": \"p9\"}", 400, "p9");
	th_refused("POST", path, "{\"seat\": 2}", 400, "seat");
	th_refused("POST", path, "{\"chair\": \"p1\"}", 400, "chair");
	th_refused("GET", path, NULL, 405, "GET");
	json_t *j = th_http("POST", path, "", 200); /* no body: the first free seat */
	assert_string_equal(json_string_value(json_object_get(j, "seat")), "p1");
	json_decref(j);
	th_refused("POST", path, "{}", 409, "free seat");
	t = th_info(id);
	assert_string_equal(json_string_value(json_object_get(t, "status")), "playing");
	json_decref(t);
	snprintf(path, sizeof path, "/api/tables/%s/record", id);
	th_refused("GET", path, NULL, 409, "not over");
	tables = th_http("GET", "/api/tables", NULL, 200);
	assert_int_equal(json_array_size(json_object_get(tables, "tables")), 1);
	json_decref(tables);

	/* A private table is not listed once it plays (tables are private by default). */
	th_create("{\"game\": \"evons\"}", id);
	th_join(id, "p1", token);
	th_join(id, "p2", token);
	tables = th_http("GET", "/api/tables", NULL, 200);
	assert_int_equal(json_array_size(json_object_get(tables, "tables")), 1);
	json_decref(tables);
	t = th_info(id);
	assert_true(json_is_true(json_object_get(t, "private")));
	json_decref(t);

	/* Files: the page, the rules, and nothing outside the folders. */
	tc_reply r;
	tc_http(th_server.port, "GET", "/", NULL, 0, &r);
	assert_int_equal(r.status, 200);
	assert_non_null(strstr(r.headers, "text/html"));
	tc_reply_free(&r);
	tc_http(th_server.port, "GET", "/rules/three-arrows.md", NULL, 0, &r);
	assert_int_equal(r.status, 200);
	assert_non_null(strstr(r.headers, "text/markdown"));
	tc_reply_free(&r);
	/* What the client is here, the server's own answer: never the app without a server (the
	 * folder's site.js may be the app's, make web's), and no engine in the source's web/. */
	tc_http(th_server.port, "GET", "/site.js", NULL, 0, &r);
	assert_int_equal(r.status, 200);
	assert_non_null(strstr(r.headers, "text/javascript"));
	assert_non_null(strstr(r.body, "export const LOCAL = false;"));
	assert_non_null(strstr(r.body, "export const ENGINE = false;"));
	tc_reply_free(&r);
	files_cached();
	/* The tutorials' page answers for its paths, rows of the route table; no deeper. */
	static const char *const learn[] = {"/learn", "/learn/", "/learn/three-arrows",
	                                    "/learn/three-arrows/01-first-piece", NULL};
	for (int i = 0; learn[i]; i++) {
		tc_http(th_server.port, "GET", learn[i], NULL, 0, &r);
		if (r.status != 200 || !strstr(r.body, "learn.js"))
			fail_msg("GET %s: status %d, expected learn.html", learn[i], r.status);
		tc_reply_free(&r);
	}
	static const char *const outside[] = {"/learn/three-arrows/01-first-piece/x",
	                                      "/rules/chess.md",
	                                      "/../CMakeLists.txt",
	                                      "/%2e%2e/CMakeLists.txt",
	                                      "/.hidden",
	                                      "/rules/../../CMakeLists.txt",
	                                      "/nothing.html",
	                                      NULL};
	for (int i = 0; outside[i]; i++) {
		tc_http(th_server.port, "GET", outside[i], NULL, 0, &r);
		/* An escaped '.' needs no escape: 400 before any file is looked for
		 * (hostile/paths). */
		int expected = strchr(outside[i], '%') ? 400 : 404;
		if (r.status != expected)
			fail_msg("GET %s: status %d, expected %d", outside[i], r.status, expected);
		tc_reply_free(&r);
	}
	th_stop();
}

/* ---- bad frames
 * ------------------------------------------------------------------------------------ */

static void test_bad_frames(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], t1[64], t2[64], path[96];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	th_join(id, "p1", t1);
	th_join(id, "p2", t2);
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);

	/* Before hello. */
	tv_viewer w = {.seat = 0, .v = -1};
	w.views = json_array();
	w.log = json_array();
	assert_int_equal(tc_ws_open(&w.ws, th_server.port, path), 0);
	tv_sendf(&w, "{\"type\": \"act\", \"v\": 0, \"action\": \"pass\"}");
	tv_expect_error(&w, "hello first");
	tv_sendf(&w, "{\"type\": \"hello\", \"token\": 5}");
	tv_expect_error(&w, "token");
	tv_sendf(&w, "{\"type\": \"hello\", \"token\": \"%s\", \"name\": \"x\"}", t1);
	tv_expect_error(&w, "name");
	tv_sendf(&w, "{\"type\": \"hello\", \"token\": \"%s\"}", t1);
	assert_string_equal(tv_receive(&w, false), "snapshot");
	json_t *view0 = json_incref(w.view);
	long long v0 = w.v;
	const char *first = json_string_value(json_array_get(json_object_get(w.view, "legal"), 0));
	assert_non_null(first);
	char legal[256];
	snprintf(legal, sizeof legal, "%s", first);

	/* Every kind of bad frame: an error each, and nothing changes. */
	tv_sendf(&w, "{\"type\": \"act\", \"v\": ");
	tv_expect_error(&w, "broken JSON");
	tv_sendf(&w, "[\"act\"]");
	tv_expect_error(&w, "object");
	tv_sendf(&w, "{\"v\": 0}");
	tv_expect_error(&w, "type");
	tv_sendf(&w, "{\"type\": \"dance\"}");
	tv_expect_error(&w, "dance");
	tv_sendf(&w, "{\"type\": 7}");
	tv_expect_error(&w, "type");
	tv_sendf(&w, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\", \"x\": 1}", v0, legal);
	tv_expect_error(&w, "'x'");
	tv_sendf(&w, "{\"type\": \"act\", \"v\": \"%lld\", \"action\": \"%s\"}", v0, legal);
	tv_expect_error(&w, "v:");
	tv_sendf(&w, "{\"type\": \"act\", \"v\": 0.5, \"action\": \"%s\"}", legal);
	tv_expect_error(&w, "v:");
	tv_sendf(&w, "{\"type\": \"act\", \"v\": -1, \"action\": \"%s\"}", legal);
	tv_expect_error(&w, "v:");
	tv_sendf(&w, "{\"type\": \"act\", \"v\": 99999999999999999999999, \"action\": \"%s\"}",
	         legal);
	tv_expect_error(&w, "JSON");
	tv_sendf(&w, "{\"type\": \"act\", \"v\": 1e300, \"action\": \"%s\"}", legal);
	tv_expect_error(&w, "v:");
	tv_sendf(&w, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", v0 + 1, legal);
	tv_expect_error(&w, "stale");
	tv_sendf(&w, "{\"type\": \"act\", \"v\": %lld}", v0);
	tv_expect_error(&w, "action");
	tv_sendf(&w, "{\"type\": \"act\", \"v\": %lld, \"action\": 3}", v0);
	tv_expect_error(&w, "action");
	tv_sendf(&w, "{\"type\": \"act\", \"v\": %lld, \"action\": \"place Q z9 N\"}", v0);
	tv_expect_error(&w, "");
	tv_sendf(&w, "{\"type\": \"act\", \"v\": %lld, \"action\": \"\"}", v0);
	tv_expect_error(&w, "");
	tv_sendf(&w, "{\"type\": \"undo\", \"v\": %lld}", v0);
	tv_expect_error(&w, "undo");
	tv_sendf(&w, "{\"type\": \"undo\", \"v\": %lld, \"seat\": \"p2\"}", v0);
	tv_expect_error(&w, "seat");
	tv_sendf(&w, "{\"type\": \"hello\", \"token\": null}");
	tv_expect_error(&w, "already");
	tv_sendf(&w, "{\"type\": \"ping\", \"x\": 1}");
	tv_expect_error(&w, "'x'");
	assert_int_equal(tc_ws_send_frame(&w.ws, 2, "\x01\x02", 2, false), 0);
	tv_expect_error(&w, "binary");
	/* A message over 64 KiB closes its socket with 1009 (RFC 6455 7.4.1), in one frame or in
	 * fragments; on a socket of its own, so that this one goes on. */
	char *huge = malloc(70001);
	memset(huge, ' ', 70000);
	huge[0] = '{';
	huge[69999] = '}';
	for (int fragments = 0; fragments < 2; fragments++) {
		tv_viewer big;
		tv_open(&big, id, -1, NULL);
		if (fragments) {
			assert_int_equal(tc_ws_send_frame(&big.ws, 1, huge, 40000, true), 0);
			assert_int_equal(tc_ws_send_frame(&big.ws, 0, huge + 40000, 30000, false),
			                 0);
		} else {
			assert_int_equal(tc_ws_send_frame(&big.ws, 1, huge, 70000, false), 0);
		}
		th_expect_close(&big.ws, 1009, "too large");
		tv_close(&big);
	}
	free(huge);
	/* A message in two fragments is one message. */
	assert_int_equal(tc_ws_send_frame(&w.ws, 1, "{\"type\":", 8, true), 0);
	assert_int_equal(tc_ws_send_frame(&w.ws, 0, " \"ping\"}", 8, false), 0);
	/* (The big sockets came and went as spectators: a frame of its own counts them.) */
	json_t *pong = tc_ws_recv_json(&w.ws, TH_WAIT_MS);
	for (int k = 0; k < 8 && pong &&
	                !strcmp(json_string_value(json_object_get(pong, "type")), "spectators");
	     k++) {
		assert_true(json_is_integer(json_object_get(pong, "count")));
		json_decref(pong);
		pong = tc_ws_recv_json(&w.ws, TH_WAIT_MS);
	}
	assert_string_equal(json_string_value(json_object_get(pong, "type")), "pong");
	json_decref(pong);

	/* what: the mover's action described to this connection alone, exactly the view's what
	 * for it; errors as for act; nothing changes. */
	tv_sendf(&w, "{\"type\": \"what\", \"v\": %lld, \"action\": \"%s\"}", v0, legal);
	json_t *said = tc_ws_recv_json(&w.ws, TH_WAIT_MS);
	tv_exact_keys(said, "what", (const char *const[]){"type", "v", "action", "text", NULL},
	              NULL);
	assert_string_equal(json_string_value(json_object_get(said, "type")), "what");
	assert_int_equal(json_integer_value(json_object_get(said, "v")), v0);
	assert_string_equal(json_string_value(json_object_get(said, "action")), legal);
	const char *note = json_string_value(json_array_get(json_object_get(view0, "what"), 0));
	assert_non_null(note);
	assert_string_equal(json_string_value(json_object_get(said, "text")),
	                    *note ? note : "nothing more than the move itself");
	json_decref(said);
	tv_sendf(&w, "{\"type\": \"what\", \"v\": %lld, \"action\": \"%s\"}", v0 + 1, legal);
	tv_expect_error(&w, "stale");
	tv_sendf(&w, "{\"type\": \"what\", \"v\": %lld}", v0);
	tv_expect_error(&w, "action");
	tv_sendf(&w, "{\"type\": \"what\", \"v\": %lld, \"action\": \"place Q z9 N\"}", v0);
	tv_expect_error(&w, "not a piece");
	tv_sendf(&w, "{\"type\": \"what\", \"v\": %lld, \"action\": \"attack c1 c2\"}", v0);
	tv_expect_error(&w, "illegal action");
	tv_sendf(&w, "{\"type\": \"what\", \"v\": %lld, \"action\": \"%s\", \"x\": 1}", v0, legal);
	tv_expect_error(&w, "'x'");

	/* The other seat out of turn; a spectator; a bad token closes its socket. */
	tv_viewer w2, spec;
	tv_open(&w2, id, 1, t2);
	tv_receive(&w, false); /* p2 came online */
	tv_sendf(&w2, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", w2.v, legal);
	tv_expect_error(&w2, "not your turn");
	tv_open(&spec, id, -1, NULL);
	tv_sendf(&spec, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", spec.v, legal);
	tv_expect_error(&spec, "spectator");
	tv_sendf(&spec, "{\"type\": \"what\", \"v\": %lld, \"action\": \"%s\"}", spec.v, legal);
	tv_expect_error(&spec, "spectator");
	tv_sendf(&w2, "{\"type\": \"what\", \"v\": %lld, \"action\": \"%s\"}", w2.v, legal);
	tv_expect_error(&w2, "not your turn");
	tc_ws bad;
	assert_int_equal(tc_ws_open(&bad, th_server.port, path), 0);
	assert_int_equal(tc_ws_send_text(&bad, "{\"type\": \"hello\", \"token\": "
	                                       "\"00000000000000000000000000000000\"}"),
	                 0);
	json_t *f = tc_ws_recv_json(&bad, TH_WAIT_MS);
	assert_string_equal(json_string_value(json_object_get(f, "type")), "error");
	assert_non_null(strstr(json_string_value(json_object_get(f, "message")), "bad token"));
	json_decref(f);
	int op;
	char *payload;
	size_t plen;
	assert_int_equal(tc_ws_recv(&bad, TH_WAIT_MS, &op, &payload, &plen), -1);
	tc_ws_close(&bad);
	/* A token of another table is a bad token here. */
	char other[32], t3[64];
	th_create("{\"game\": \"evons\"}", other);
	th_join(other, "p1", t3);
	assert_int_equal(tc_ws_open(&bad, th_server.port, path), 0);
	char hello[128];
	snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": \"%s\"}", t3);
	assert_int_equal(tc_ws_send_text(&bad, hello), 0);
	f = tc_ws_recv_json(&bad, TH_WAIT_MS);
	assert_non_null(strstr(json_string_value(json_object_get(f, "message")), "bad token"));
	json_decref(f);
	tc_ws_close(&bad);
	/* No socket for an unknown table. */
	assert_int_equal(tc_ws_open(&bad, th_server.port, "/api/tables/0123456789abcdef/ws"), 404);

	/* Nothing changed: same version, same view. */
	json_t *t = th_info(id);
	assert_int_equal(json_integer_value(json_object_get(t, "v")), v0);
	json_decref(t);
	tv_viewer again;
	tv_open(&again, id, 0, t1);
	assert_int_equal(again.v, v0);
	assert_true(json_equal(again.view, view0));
	json_decref(view0);
	/* And a good act still works. */
	tv_sendf(&again, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", again.v, legal);
	while (again.v == v0)
		assert_non_null(tv_receive(&again, false));
	tv_close(&again);
	tv_close(&spec);
	tv_close(&w2);
	tv_close(&w);
	th_stop();
}

/* ---- undo
 * ------------------------------------------------------------------------------------------ */

static void test_undo(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], t1[64], t2[64];
	th_create("{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}, \"seats\": "
	          "[\"human\", \"human\"]}",
	          id);
	th_join(id, "p1", t1);
	th_join(id, "p2", t2);
	tv_viewer vs[3];
	tv_open(&vs[0], id, 0, t1);
	tv_open(&vs[1], id, 1, t2);
	tv_open(&vs[2], id, -1, NULL);
	tv_catch_up(vs, 3);
	json_t *before = json_incref(vs[0].view);
	size_t log_before = json_array_size(vs[0].log);
	const char *a = json_string_value(json_array_get(json_object_get(vs[0].view, "legal"), 0));
	char action[256];
	snprintf(action, sizeof action, "%s", a);
	long long v0 = vs[0].v;
	tv_sendf(&vs[0], "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", v0, action);
	while (vs[0].v == v0)
		assert_non_null(tv_receive(&vs[0], false));
	tv_catch_up(vs, 3);
	long long v1 = vs[0].v;
	assert_true(json_array_size(vs[0].log) > log_before);
	/* p2 has not moved: p2 cannot undo p1's move; p1 can undo its own. */
	tv_sendf(&vs[1], "{\"type\": \"undo\", \"v\": %lld}", v1);
	tv_expect_error(&vs[1], "undo");
	tv_sendf(&vs[0], "{\"type\": \"undo\", \"v\": %lld}", v0);
	tv_expect_error(&vs[0], "stale");
	tv_sendf(&vs[0], "{\"type\": \"undo\", \"v\": %lld}", v1);
	/* Every connection's frame that brings the undo is a snapshot (the whole log again),
	 * never an update that would leave a line taken back on a client. */
	for (int i = 0; i < 3; i++) {
		const char *type = NULL;
		while (vs[i].v == v1)
			assert_non_null(type = tv_receive(&vs[i], false));
		assert_string_equal(type, "snapshot");
	}
	tv_catch_up(vs, 3);
	assert_int_equal(vs[0].v, v1 + 1);
	/* The view is the one before the move (the version aside), and the log lost the move. */
	assert_true(json_equal(vs[0].view, before));
	assert_int_equal(json_array_size(vs[0].log), log_before);
	assert_int_equal(json_array_size(vs[2].log), log_before);
	json_decref(before);
	/* Nothing left to undo. */
	tv_sendf(&vs[0], "{\"type\": \"undo\", \"v\": %lld}", vs[0].v);
	tv_expect_error(&vs[0], "undo");
	for (int i = 0; i < 3; i++)
		tv_close(&vs[i]);
	th_stop();
}

/* Every viewer reaches the version at which one of the seats (the first `humans` viewers; a
 * spectator last) may act, or the end. After an act, a chance step the server's worker draws
 * (Arrow Party's "take ?", a die) comes in an update of its own, which may arrive after the
 * act's: the highest version heard is then not yet where the table rests (under load it is
 * later every time). */
static void settle(tv_viewer *vs, int humans)
{
	for (;;) {
		tv_catch_up(vs, humans + 1);
		if (strcmp(tv_status(&vs[humans]), "playing") != 0)
			return;
		for (int i = 0; i < humans; i++)
			if (json_object_get(vs[i].view, "legal"))
				return;
		if (!tv_receive(&vs[humans], false))
			fail_msg("nobody may act and nothing happens (v %lld)", vs[humans].v);
	}
}

/* Follows table id's info until its version is at least v or its game is over; the table must
 * make progress: no new version for TH_WAIT_MS fails the test. */
static void wait_for_version(const char *id, long long v)
{
	long long seen = -1;
	double stuck_at = tc_now_ms() + TH_WAIT_MS;
	for (;;) {
		json_t *t = th_info(id);
		long long now_v = json_integer_value(json_object_get(t, "v"));
		bool over = strcmp(json_string_value(json_object_get(t, "status")), "over") == 0;
		json_decref(t);
		if (over || now_v >= v)
			return;
		if (now_v != seen) {
			seen = now_v;
			stuck_at = tc_now_ms() + TH_WAIT_MS;
		} else if (tc_now_ms() > stuck_at) {
			fail_msg("table %s stays at version %lld", id, now_v);
		}
		usleep(1000);
	}
}

/* ---- kill -9 and restart
 * ------------------------------------------------------------------------------ */

static void test_kill_and_restart(void **state)
{
	(void)state;
	const char *db = th_new_db();
	char dbpath[128];
	snprintf(dbpath, sizeof dbpath, "%s", db);
	th_start(dbpath, NULL);
	static const char *const games[] = {"three-arrows", "concardia", "evons", "arrow-party"};
	char ids[4][32], tokens[4][3][64];
	long long vs_before[4];
	json_t *views_before[4][3];
	for (int g = 0; g < 4; g++) {
		int humans = g == 3 ? 3 : 2;
		char body[256];
		snprintf(body, sizeof body, "{\"game\": \"%s\", \"seats\": [%s]}", games[g],
		         humans == 3 ? "\"human\", \"human\", \"human\"" : "\"human\", \"human\"");
		th_create(body, ids[g]);
		tv_viewer vs[4];
		for (int i = 0; i < humans; i++) {
			char seat[16];
			snprintf(seat, sizeof seat, "p%d", i + 1);
			th_join(ids[g], seat, tokens[g][i]);
		}
		for (int i = 0; i < humans; i++)
			tv_open(&vs[i], ids[g], i, tokens[g][i]);
		tv_open(&vs[humans], ids[g], -1, NULL);
		/* A few acts. */
		for (int k = 0; k < 6; k++) {
			tv_catch_up(vs, humans + 1);
			tv_viewer *who = NULL;
			for (int i = 0; i < humans && !who; i++)
				if (json_object_get(vs[i].view, "legal"))
					who = &vs[i];
			if (!who) {
				assert_non_null(tv_receive(&vs[humans], false));
				continue;
			}
			const char *a = json_string_value(
			    json_array_get(json_object_get(who->view, "legal"), (size_t)k));
			if (!a)
				a = json_string_value(
				    json_array_get(json_object_get(who->view, "legal"), 0));
			long long v = who->v;
			tv_sendf(who, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", v, a);
			while (who->v == v)
				assert_non_null(tv_receive(who, false));
		}
		settle(vs, humans);
		vs_before[g] = vs[0].v;
		for (int i = 0; i < humans; i++)
			views_before[g][i] = json_incref(vs[i].view);
		for (int i = 0; i <= humans; i++)
			tv_close(&vs[i]);
	}
	/* A table of AI seats, killed while it plays. Its seats play a whole game in a tenth of a
	 * second, faster than a test on a loaded machine may read the frames: a watcher that
	 * falls 256 KiB behind is dropped, as is every client that does not read (ws.c). So the
	 * table is followed by its info, and what a client was told before the kill is the
	 * snapshot of a watcher that comes at version 20 or later. */
	char ai[32];
	th_create("{\"game\": \"arrow-party\", \"seats\": [\"easy\", \"easy\", \"easy\"]}", ai);
	wait_for_version(ai, 20);
	tv_viewer watcher;
	tv_open(&watcher, ai, -1, NULL);
	long long told = watcher.v;
	json_t *told_log = json_deep_copy(watcher.log);
	tc_server_stop(&th_server, SIGKILL);
	tv_close(&watcher);

	th_start(dbpath, NULL);
	for (int g = 0; g < 4; g++) {
		int humans = g == 3 ? 3 : 2;
		for (int i = 0; i < humans; i++) {
			tv_viewer w;
			tv_open(&w, ids[g], i, tokens[g][i]);
			assert_int_equal(w.v, vs_before[g]);
			if (!json_equal(w.view, views_before[g][i]))
				fail_msg("%s, p%d: the view after the restart differs", games[g],
				         i + 1);
			json_decref(views_before[g][i]);
			tv_close(&w);
		}
		json_t *t = th_info(ids[g]);
		assert_string_equal(json_string_value(json_object_get(t, "status")), "playing");
		json_decref(t);
	}
	/* The AI table kept everything the watcher was told, and plays on to the end. */
	tv_open(&watcher, ai, -1, NULL);
	assert_true(watcher.v >= told);
	for (size_t i = 0; i < json_array_size(told_log); i++)
		assert_true(
		    json_equal(json_array_get(told_log, i), json_array_get(watcher.log, i)));
	json_decref(told_log);
	tv_close(&watcher);
	wait_for_version(ai, LLONG_MAX);
	th_stop();
}

/* ---- AI seats only
 * ------------------------------------------------------------------------------------ */

static void test_ai_tables_finish(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	static const char *const bodies[] = {
	    "{\"game\": \"three-arrows\", \"seats\": [\"random\", \"greedy\"]}",
	    "{\"game\": \"three-arrows\", \"params\": {\"players\": 4}, \"seats\": [\"random\", "
	    "\"greedy\", \"random\", \"easy\"]}",
	    "{\"game\": \"concardia\", \"seats\": [\"greedy\", \"random\"]}",
	    "{\"game\": \"evons\", \"seats\": [\"random\", \"greedy\"]}",
	    "{\"game\": \"arrow-party\", \"seats\": [\"random\", \"greedy\", \"easy\"]}",
	    "{\"game\": \"arrow-party\", \"params\": {\"players\": 5, \"rounds\": 2}, \"seats\": "
	    "[\"random\", \"random\", \"random\", \"random\", \"greedy\"]}",
	    NULL};
	char ids[8][32];
	int n = 0;
	for (; bodies[n]; n++)
		th_create(bodies[n], ids[n]);
	double end = tc_now_ms() + 600000; /* about 2 s idle in the release build */
	for (int i = 0; i < n; i++) {
		for (;;) {
			json_t *t = th_info(ids[i]);
			bool over =
			    strcmp(json_string_value(json_object_get(t, "status")), "over") == 0;
			if (over) {
				assert_true(json_is_array(json_object_get(t, "result")));
				json_decref(t);
				break;
			}
			json_decref(t);
			if (tc_now_ms() > end)
				fail_msg("table %d (%s) did not finish by itself", i, bodies[i]);
			usleep(50000);
		}
		char path[96];
		snprintf(path, sizeof path, "/api/tables/%s/record", ids[i]);
		json_t *rec = th_http("GET", path, NULL, 200);
		qv_match *m;
		qv_err err;
		if (qv_match_load_json(&m, rec, &err))
			fail_msg("the record of table %d does not replay: %s", i, err.msg);
		assert_true(qv_match_over(m));
		qv_match_free(m);
		json_decref(rec);
	}
	/* Finished tables are not listed. */
	json_t *tables = th_http("GET", "/api/tables", NULL, 200);
	assert_int_equal(json_array_size(json_object_get(tables, "tables")), 0);
	json_decref(tables);
	th_stop();
}

/* ---- limits
 * ------------------------------------------------------------------------------------------- */

static void test_limits(void **state)
{
	(void)state;
	static const char *const extra[] = {"--max-sockets", "3", "--max-tables", "2", NULL};
	th_start(th_new_db(), extra);
	char id[32], id2[32], path[96];
	th_create("{\"game\": \"evons\"}", id);
	th_create("{\"game\": \"evons\"}", id2);
	th_refused("POST", "/api/tables", "{\"game\": \"evons\"}", 503, "too many open tables");
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	tc_ws ws[4];
	for (int i = 0; i < 3; i++)
		assert_int_equal(tc_ws_open(&ws[i], th_server.port, path), 0);
	assert_int_equal(tc_ws_open(&ws[3], th_server.port, path), 503);
	/* HTTP still answers. */
	json_t *t = th_info(id);
	json_decref(t);
	tc_ws_close(&ws[0]);
	/* The server notices the closed socket on its own thread: until it has, a new one is
	 * refused (503). Bounded in time, not in tries, so that a busy machine is no failure. */
	int rc = -1;
	for (double end = tc_now_ms() + TH_WAIT_MS; rc != 0 && tc_now_ms() < end;) {
		rc = tc_ws_open(&ws[0], th_server.port, path);
		if (rc == 503)
			usleep(20000);
		else
			break;
	}
	assert_int_equal(rc, 0);
	for (int i = 0; i < 3; i++)
		tc_ws_close(&ws[i]);
	th_stop();
}

/* ---- --help
 * ------------------------------------------------------------------------------------------- */

static void test_help(void **state)
{
	(void)state;
	char cmd[512];
	snprintf(cmd, sizeof cmd, "%s serve --help", th_quiver);
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	char text[8192];
	size_t n = fread(text, 1, sizeof text - 1, p);
	text[n] = '\0';
	assert_int_equal(pclose(p), 0);
	static const char *const options[] = {
	    "--host",      "--port",           "--db",      "--web",
	    "--rules",     "--max-sockets",    "--threads", "--max-tables",
	    "--tutorials", "--db-connections", NULL};
	for (int i = 0; options[i]; i++)
		if (!strstr(text, options[i]))
			fail_msg("quiver serve --help does not explain %s", options[i]);
	/* a value out of range: status 2 and the option named with its range */
	static const char *const bad[][2] = {{"--port 99999", "--port"},
	                                     {"--db-connections 0", "--db-connections"},
	                                     {"--db-connections 33", "--db-connections"}};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(cmd, sizeof cmd, "%s serve %s 2>&1", th_quiver, bad[i][0]);
		p = popen(cmd, "r");
		n = fread(text, 1, sizeof text - 1, p);
		text[n] = '\0';
		assert_int_equal(WEXITSTATUS(pclose(p)), 2);
		if (!strstr(text, bad[i][1]))
			fail_msg("quiver serve %s: '%s' does not name %s", bad[i][0], text,
			         bad[i][1]);
	}
}

/* The value of GLIBC_TUNABLES in the environment the server runs with (read from
 * /proc/PID/environ, which shows the environment of the program the process runs now, after
 * any exec), or "(none)"; fails when the variable is there twice. glibc 2.36 ends each tunable
 * it reads with a NUL in that first copy of the environment (the program's own environ is a
 * copy taken before), so "a=1:b=2" reads there as "a=1", then "b=2": the pieces that follow
 * and start with "glibc." are joined again with ':'. */
static void server_tunables(char *out, size_t size)
{
	char path[64], env[65536];
	snprintf(path, sizeof path, "/proc/%d/environ", (int)th_server.pid);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	size_t n = fread(env, 1, sizeof env - 1, f);
	fclose(f);
	env[n] = '\0';
	snprintf(out, size, "(none)");
	int seen = 0;
	size_t i = 0;
	while (i < n) {
		if (strncmp(env + i, "GLIBC_TUNABLES=", 15) != 0) {
			i += strlen(env + i) + 1;
			continue;
		}
		size_t k = (size_t)snprintf(out, size, "%s", env + i + 15);
		for (i += strlen(env + i) + 1; i < n && strncmp(env + i, "glibc.", 6) == 0;
		     i += strlen(env + i) + 1)
			if (k < size)
				k += (size_t)snprintf(out + k, size - k, ":%s", env + i);
		seen++;
	}
	assert_true(seen <= 1);
}

/* Starts the server with GLIBC_TUNABLES set to given (NULL: unset) and checks the value it
 * runs with, and that it answers (a server that ran itself again and again would never say
 * where it serves, and th_start would fail). */
static void expect_tunables(const char *given, const char *want)
{
	if (given)
		assert_int_equal(setenv("GLIBC_TUNABLES", given, 1), 0);
	else
		assert_int_equal(unsetenv("GLIBC_TUNABLES"), 0);
	th_start(th_new_db(), NULL);
	unsetenv("GLIBC_TUNABLES");
	char got[4096];
	server_tunables(got, sizeof got);
	if (strcmp(got, want) != 0)
		fail_msg("GLIBC_TUNABLES=%s: the server runs with '%s', expected '%s'",
		         given ? given : "(none)", got, want);
	/* run again by its own path, it keeps its name: `pidof quiver`, `ps -C quiver` find it
	 * (run again through /proc/self/exe, it was `exe`) */
	char path[64], comm[64] = "";
	snprintf(path, sizeof path, "/proc/%d/comm", (int)th_server.pid);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(comm, sizeof comm, f));
	fclose(f);
	comm[strcspn(comm, "\n")] = '\0';
	const char *base = strrchr(th_quiver, '/');
	char want_name[16]; /* the kernel keeps 15 bytes of the name */
	snprintf(want_name, sizeof want_name, "%s", base ? base + 1 : th_quiver);
	if (strcmp(comm, want_name) != 0)
		fail_msg("the server's process is named '%s', expected '%s'", comm, want_name);
	json_decref(th_http("GET", "/api/games", NULL, 200));
	th_stop();
}

/* Memory (src/cli/serve.c, without_thread_caches): the server runs itself again once, before
 * any thread, with glibc's per-thread caches off, adding to the tunables a user set and
 * keeping a user's own choice of the caches' size. */
static void test_thread_caches(void **state)
{
	(void)state;
#ifdef __GLIBC__
	const char *had = getenv("GLIBC_TUNABLES");
	char *kept = had ? strdup(had) : NULL;
	expect_tunables(NULL, "glibc.malloc.tcache_count=0");
	expect_tunables("glibc.malloc.tcache_count=7", "glibc.malloc.tcache_count=7");
	expect_tunables("glibc.malloc.arena_max=4",
	                "glibc.malloc.arena_max=4:glibc.malloc.tcache_count=0");
	if (kept)
		setenv("GLIBC_TUNABLES", kept, 1);
	free(kept);
#else
	skip();
#endif
}

/* The lessons' API (docs/server.md): every game's lessons listed, a lesson expanded with the
 * learner's views only, attempts judged as `quiver learn` judges them, bad requests refused. */
static void test_lessons(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	json_t *all = th_http("GET", "/api/lessons", NULL, 200);
	json_t *games = json_object_get(all, "games");
	assert_int_equal(json_array_size(games), 4);
	size_t i;
	json_t *g;
	json_array_foreach(games, i, g)
	{
		if (json_array_size(json_object_get(g, "lessons")) < 5)
			fail_msg("%s has %zu lessons",
			         json_string_value(json_object_get(g, "game")),
			         json_array_size(json_object_get(g, "lessons")));
	}
	json_decref(all);
	json_t *list = th_http("GET", "/api/lessons/three-arrows", NULL, 200);
	json_t *first = json_array_get(json_object_get(list, "lessons"), 0);
	char id[96], path[160], tryp[192];
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(first, "id")));
	json_decref(list);
	snprintf(path, sizeof path, "/api/lessons/three-arrows/%s", id);
	snprintf(tryp, sizeof tryp, "%s/try", path);
	json_t *lesson = th_http("GET", path, NULL, 200);
	tv_no_secret_keys(lesson);
	json_t *steps = json_object_get(lesson, "steps");
	int at = -1;
	json_t *st;
	json_array_foreach(steps, i, st)
	{
		if (strcmp(
		        json_string_value(json_object_get(json_object_get(st, "view"), "viewer")),
		        "p1") != 0)
			fail_msg("step %zu shows a view that is not the learner's", i);
		if (at < 0 && json_is_string(json_object_get(st, "expect")))
			at = (int)i;
	}
	assert_true(at >= 0);
	st = json_array_get(steps, (size_t)at);
	const char *expect = json_string_value(json_object_get(st, "expect"));
	const char *other = NULL;
	json_t *a;
	json_array_foreach(json_object_get(json_object_get(st, "view"), "legal"), i, a)
	{
		if (strcmp(json_string_value(a), expect) != 0) {
			other = json_string_value(a);
			break;
		}
	}
	assert_non_null(other);
	char body[512];
	snprintf(body, sizeof body, "{\"step\": %d, \"action\": \"%s\"}", at, expect);
	json_t *r = th_http("POST", tryp, body, 200);
	assert_string_equal(json_string_value(json_object_get(r, "verdict")), "right");
	json_decref(r);
	snprintf(body, sizeof body, "{\"step\": %d, \"action\": \"%s\"}", at, other);
	r = th_http("POST", tryp, body, 200);
	assert_string_equal(json_string_value(json_object_get(r, "verdict")), "hint");
	assert_string_equal(json_string_value(json_object_get(r, "message")),
	                    json_string_value(json_object_get(st, "hint")));
	json_decref(r);
	snprintf(body, sizeof body, "{\"step\": %d, \"action\": \"jump around\"}", at);
	r = th_http("POST", tryp, body, 200);
	assert_string_equal(json_string_value(json_object_get(r, "verdict")), "bad");
	assert_non_null(strstr(json_string_value(json_object_get(r, "message")), "jump"));
	json_decref(r);
	json_decref(lesson);

	th_refused("GET", "/api/lessons/chess", NULL, 404, "no game 'chess'");
	th_refused("GET", "/api/lessons/three-arrows/99-none", NULL, 404, "no lesson '99-none'");
	th_refused("GET", "/api/lessons/three-arrows/a.b", NULL, 404, "no lesson");
	th_refused("GET", "/api/lessons/three-arrows/x/y/z", NULL, 404, "no such path");
	th_refused("POST", "/api/lessons", "{}", 405, "accepted: GET");
	th_refused("GET", tryp, NULL, 405, "accepted: POST");
	th_refused("POST", tryp, "{\"step\": 0,", 400, "broken JSON");
	th_refused("POST", tryp, "[1]", 400, "JSON object");
	th_refused("POST", tryp, "{\"step\": 0, \"action\": \"x\", \"why\": 1}", 400,
	           "unknown field 'why'");
	th_refused("POST", tryp, "{\"step\": \"0\", \"action\": \"x\"}", 400, "expected {");
	th_refused("POST", tryp, "{\"step\": 99999999999, \"action\": \"x\"}", 400, "steps 0 to");
	th_refused("POST", tryp, "{\"step\": 0, \"action\": \"x\"}", 400, "text only");
	char huge[QV_ACTION_TEXT * 2 + 64];
	snprintf(huge, sizeof huge, "{\"step\": %d, \"action\": \"%0*d\"}", at, QV_ACTION_TEXT + 10,
	         7);
	r = th_http("POST", tryp, huge, 200);
	assert_string_equal(json_string_value(json_object_get(r, "verdict")), "bad");
	assert_non_null(strstr(json_string_value(json_object_get(r, "message")), "at most"));
	json_decref(r);
	th_stop();
}

/* GET /api/games/GAME/reference (docs/server.md): for every game, every name
 * qv_reference_names lists, in its order, with the text qv_lookup gives (what `card`, `piece`
 * and `item` print at the prompt); an unknown game refused naming where the games are. */
static void test_reference(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	for (int k = 0; qv_games[k]; k++) {
		const qv_game *g = qv_games[k];
		char path[96];
		snprintf(path, sizeof path, "/api/games/%s/reference", g->name);
		json_t *r = th_http("GET", path, NULL, 200);
		assert_string_equal(json_string_value(json_object_get(r, "game")), g->name);
		json_t *entries = json_object_get(r, "entries");
		qv_buf names = {0}, text = {0};
		int n = qv_reference_names(g, NULL, &names);
		if (g->reference && n < 10)
			fail_msg("%s: only %d reference names", g->name, n);
		assert_int_equal(json_array_size(entries), (size_t)n);
		const char *s = qv_buf_str(&names);
		for (int i = 0; i < n; i++) {
			size_t len = strcspn(s, "\n");
			json_t *e = json_array_get(entries, (size_t)i);
			const char *name = json_string_value(json_object_get(e, "name"));
			assert_non_null(name);
			assert_int_equal(strlen(name), len);
			assert_memory_equal(name, s, len);
			qv_err err;
			qv_buf_clear(&text);
			assert_int_equal(qv_lookup(g, NULL, name, &text, &err), QV_OK);
			assert_string_equal(json_string_value(json_object_get(e, "text")),
			                    qv_buf_str(&text));
			s += len + 1;
		}
		qv_buf_free(&names);
		qv_buf_free(&text);
		json_decref(r);
	}
	/* the same entry the terminal prints for `piece A` */
	json_t *r = th_http("GET", "/api/games/three-arrows/reference", NULL, 200);
	json_t *first = json_array_get(json_object_get(r, "entries"), 0);
	assert_string_equal(json_string_value(json_object_get(first, "name")), "A");
	assert_non_null(strstr(json_string_value(json_object_get(first, "text")), "Angle"));
	json_decref(r);
	th_refused("GET", "/api/games/chess/reference", NULL, 404,
	           "no game 'chess'; GET /api/games lists the games");
	th_refused("GET", "/api/games/evons/nothing", NULL, 404, "no such API path");
	th_refused("POST", "/api/games/evons/reference", "{}", 405, "accepted: GET");
	th_stop();
}

/* ---- main
 * --------------------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
	/* The alarm comes before ctest's TIMEOUT (1500 s), so that the server is killed too. */
	if (th_init(argc, argv, "serve", 1400))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_http_api),         T(test_bad_frames), T(test_undo), T(test_kill_and_restart),
	    T(test_ai_tables_finish), T(test_limits),     T(test_help), T(test_thread_caches),
	    T(test_lessons),          T(test_reference),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
