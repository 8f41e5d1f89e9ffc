/*
 * test_seats.c - tables between people at `quiver serve`, from the outside: privacy by
 * default and the lobby list, names, chat (delivery, limits, spectators' lines to spectators
 * only, the snapshot's chat, kill -9, markup kept as text) and rematch (seats moved on and
 * claimed, tokens only to the right connections), with every new frame malformed, from a
 * spectator or repeated refused. Invite codes, an attacker's target, are tested by the hostile
 * suite (tests/hostile/test_invites.c).
 *
 * Usage: test_seats PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

typedef struct conn {
	tc_ws ws;
	long long v;
	json_t *view, *table; /* the latest */
	json_t *chats;        /* chat frames received, in order */
	json_t *rematches;    /* rematch frames received */
	json_t *snapshot;     /* the first frame */
	json_t *errors;       /* error messages received */
} conn;

/* Keeps one frame: a state, a chat line, a rematch or an error. Returns its type. */
static const char *take(conn *s, json_t *f)
{
	static char type[16];
	snprintf(type, sizeof type, "%s", json_string_value(json_object_get(f, "type")));
	if (!strcmp(type, "snapshot") || !strcmp(type, "update")) {
		if (!s->snapshot)
			s->snapshot = json_incref(f);
		json_decref(s->view);
		json_decref(s->table);
		s->view = json_incref(json_object_get(f, "view"));
		s->table = json_incref(json_object_get(f, "table"));
		s->v = json_integer_value(json_object_get(f, "v"));
	} else if (!strcmp(type, "chat")) {
		json_array_append(s->chats, f);
	} else if (!strcmp(type, "rematch")) {
		json_array_append(s->rematches, f);
	} else if (!strcmp(type, "error")) {
		json_array_append(s->errors, json_object_get(f, "message"));
	}
	json_decref(f);
	return type;
}

/* Reads frames until one of type `want`; fails past the wait. */
static void expect(conn *s, const char *want)
{
	for (;;) {
		json_t *f = tc_ws_recv_json(&s->ws, TH_WAIT_MS);
		if (!f)
			fail_msg("no '%s' frame within the wait", want);
		const char *type = take(s, f);
		if (!strcmp(type, want))
			return;
		if (!strcmp(type, "error"))
			fail_msg("unexpected error: %s",
			         json_string_value(
			             json_array_get(s->errors, json_array_size(s->errors) - 1)));
	}
}

/* Reads every frame that comes within ms of the last. */
static void drain(conn *s, int ms)
{
	json_t *f;
	while ((f = tc_ws_recv_json(&s->ws, ms)) != NULL)
		take(s, f);
}

static void open_conn(conn *s, const char *id, const char *token)
{
	memset(s, 0, sizeof *s);
	s->chats = json_array();
	s->rematches = json_array();
	s->errors = json_array();
	char path[96], hello[160];
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(&s->ws, th_server.port, path), 0);
	if (token)
		snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": \"%s\"}", token);
	else
		snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": null}");
	assert_int_equal(tc_ws_send_text(&s->ws, hello), 0);
	expect(s, "snapshot");
}

static void close_conn(conn *s)
{
	tc_ws_close(&s->ws);
	json_decref(s->view);
	json_decref(s->table);
	json_decref(s->chats);
	json_decref(s->rematches);
	json_decref(s->snapshot);
	json_decref(s->errors);
}

static void sendf(conn *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sendf(conn *s, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	assert_int_equal(tc_ws_send_text(&s->ws, buf), 0);
}

/* Sends a frame that must be refused with an error containing words. */
static void refused(conn *s, const char *frame, const char *words)
{
	size_t had = json_array_size(s->errors);
	assert_int_equal(tc_ws_send_text(&s->ws, frame), 0);
	while (json_array_size(s->errors) == had) {
		json_t *f = tc_ws_recv_json(&s->ws, TH_WAIT_MS);
		if (!f)
			fail_msg("no answer to %s; expected an error naming '%s'", frame, words);
		take(s, f);
	}
	const char *msg = json_string_value(json_array_get(s->errors, had));
	if (!msg || !strstr(msg, words))
		fail_msg("error '%s' to %s; expected one naming '%s'", msg, frame, words);
}

/* A chat line sent as JSON text (escaped by jansson). */
static void say(conn *s, const char *text)
{
	json_t *j = json_pack("{s:s, s:s}", "type", "chat", "text", text);
	char *t = json_dumps(j, JSON_COMPACT);
	assert_int_equal(tc_ws_send_text(&s->ws, t), 0);
	free(t);
	json_decref(j);
}

/* Waits for the next chat line; checks who said it and what. */
static void hears(conn *s, const char *from, const char *name, const char *text)
{
	size_t had = json_array_size(s->chats);
	while (json_array_size(s->chats) == had)
		expect(s, "chat");
	const json_t *l = json_array_get(s->chats, had);
	assert_string_equal(json_string_value(json_object_get(l, "from")), from);
	assert_string_equal(json_string_value(json_object_get(l, "name")), name);
	assert_string_equal(json_string_value(json_object_get(l, "text")), text);
	assert_true(json_integer_value(json_object_get(l, "at")) > 1600000000000LL);
}

/* The seat entry of info. */
static const json_t *seat_of(const json_t *info, int p)
{
	return json_array_get(json_object_get(info, "seats"), (size_t)p);
}

static const char *seat_name(const json_t *info, int p)
{
	return json_string_value(json_object_get(seat_of(info, p), "name"));
}

static void join_refused(const char *id, const char *body, int status, const char *words)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	th_refused("POST", path, body, status, words);
}

/* Whether GET /api/tables lists id. */
static bool listed(const char *id)
{
	json_t *j = th_http("GET", "/api/tables", NULL, 200);
	bool found = false;
	const json_t *list = json_object_get(j, "tables");
	for (size_t i = 0; i < json_array_size(list); i++)
		found |=
		    !strcmp(json_string_value(json_object_get(json_array_get(list, i), "id")), id);
	json_decref(j);
	return found;
}

/* ---- privacy and the lobby --------------------------------------------------------------- */

static void test_lobby(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char invited[32], open[32], closed[32], public[32], tok[64];
	json_t *made = th_http("POST", "/api/tables",
	                       "{\"game\": \"evons\", \"seats\": [\"invite\", \"invite\"]}", 201);
	snprintf(invited, sizeof invited, "%s", json_string_value(json_object_get(made, "id")));
	/* private by default */
	assert_true(json_is_true(json_object_get(made, "private")));
	json_decref(made);
	th_create("{\"game\": \"evons\", \"seats\": [\"human\", \"invite\"]}", open);
	th_create("{\"game\": \"evons\"}", closed);
	th_join(closed, "p1", tok);
	th_join(closed, "p2", tok);
	th_create("{\"game\": \"evons\", \"private\": false}", public);
	th_join(public, "p1", tok);
	th_join(public, "p2", tok);
	assert_false(listed(invited)); /* no open seat */
	assert_true(listed(open));     /* an open seat, private or not */
	assert_false(listed(closed));  /* playing and private */
	assert_true(listed(public));   /* playing and public */
	/* Once its open seat is taken, the table leaves the list. */
	th_join(open, "p1", tok);
	assert_false(listed(open));
	th_stop();
}

/* The ids of a lobby page's tables, in order, into ids (at most max); returns how many and
 * copies the page's next (or "" for null). */
static int page_ids(const json_t *page, char ids[][32], int max, char next[64])
{
	const json_t *list = json_object_get(page, "tables");
	int n = 0;
	for (size_t i = 0; i < json_array_size(list) && n < max; i++)
		snprintf(ids[n++], 32, "%s",
		         json_string_value(json_object_get(json_array_get(list, i), "id")));
	const char *nx = json_string_value(json_object_get(page, "next"));
	snprintf(next, 64, "%s", nx ? nx : "");
	return n;
}

/* GET /api/tables in pages: 50 unless ?limit= (1 to 100) says otherwise, newest first, each
 * page's `next` the cursor of the following one until the last (null), every table once;
 * no seat names in the list; bad limits and cursors 400 naming the form; a page asked again
 * with its ETag is 304 without a body until one of its tables changes. */
static void test_lobby_pages(void **state)
{
	(void)state;
	static const char *const extra[] = {"--address-tables", "1000", "--create-rate", "100000",
	                                    NULL};
	th_start(th_new_db(), extra);
	enum { N = 120 };
	static char made[N][32], ids[N + 1][32];
	char next[64], path[160], tok[64];
	for (int i = 0; i < N; i++)
		th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}",
		          made[i]);
	th_join_with(made[N - 1], "{\"seat\": \"p1\", \"name\": \"Zed\"}", "p1", tok);
	json_t *page = th_http("GET", "/api/tables", NULL, 200);
	assert_int_equal(page_ids(page, ids, N, next), 50);
	assert_string_equal(ids[0], made[N - 1]); /* newest first */
	assert_string_equal(ids[49], made[N - 50]);
	assert_true(next[0] != '\0');
	const json_t *seat = json_array_get(
	    json_object_get(json_array_get(json_object_get(page, "tables"), 0), "seats"), 0);
	assert_true(json_is_true(json_object_get(seat, "claimed")));
	assert_null(json_object_get(seat, "name")); /* names only in a table's own info */
	json_decref(page);
	/* Every table once, in order, by pages of 7. */
	int seen = 0;
	snprintf(path, sizeof path, "/api/tables?limit=7");
	for (int pages = 0; pages < N; pages++) {
		page = th_http("GET", path, NULL, 200);
		int n = page_ids(page, ids + seen, N - seen, next);
		json_decref(page);
		assert_true(n == 7 || (n == N % 7 && !next[0]));
		seen += n;
		if (!next[0])
			break;
		snprintf(path, sizeof path, "/api/tables?limit=7&after=%s", next);
	}
	assert_int_equal(seen, N);
	for (int i = 0; i < N; i++)
		assert_string_equal(ids[i], made[N - 1 - i]);
	page = th_http("GET", "/api/tables?limit=100", NULL, 200);
	assert_int_equal(page_ids(page, ids, N, next), 100);
	json_decref(page);
	/* Bad limits and cursors: 400 naming the form. */
	static const char *const bad_limit[] = {"0", "101", "-1", "5.0", "x", "", "99999999999999"};
	for (size_t i = 0; i < sizeof bad_limit / sizeof bad_limit[0]; i++) {
		snprintf(path, sizeof path, "/api/tables?limit=%s", bad_limit[i]);
		th_refused("GET", path, NULL, 400, "limit: '");
	}
	th_refused("GET", "/api/tables?limit=0", NULL, 400,
	           "expected a whole number from 1 to 100");
	static const char *const bad_after[] = {"x",
	                                        "",
	                                        "12-",
	                                        "-feedfeedfeedfeed",
	                                        "12-zz",
	                                        "12feedfeedfeedfeed",
	                                        "1234567890123456789-feedfeedfeedfeed"};
	for (size_t i = 0; i < sizeof bad_after / sizeof bad_after[0]; i++) {
		snprintf(path, sizeof path, "/api/tables?after=%s", bad_after[i]);
		th_refused("GET", path, NULL, 400,
		           "expected the \"next\" of an earlier page of GET /api/tables");
	}
	/* A cursor past every table: an empty last page. */
	page = th_http("GET", "/api/tables?after=1-feedfeedfeedfeed", NULL, 200);
	assert_int_equal(page_ids(page, ids, N, next), 0);
	assert_true(json_is_null(json_object_get(page, "next")));
	json_decref(page);

	/* The ETag: 304 without a body while nothing changes, 200 once a table of the page does. */
	tc_reply r;
	tc_http(th_server.port, "GET", "/api/tables", NULL, 0, &r);
	char etag[64], headers[128];
	assert_true(tc_header(&r, "ETag", etag, sizeof etag));
	assert_true(strncmp(etag, "W/\"", 3) == 0);
	tc_reply_free(&r);
	snprintf(headers, sizeof headers, "If-None-Match: %s\r\n", etag);
	tc_http_with(th_server.port, "GET", "/api/tables", headers, NULL, 0, &r);
	assert_int_equal(r.status, 304);
	assert_int_equal(r.len, 0);
	tc_reply_free(&r);
	th_join_with(made[N - 2], "{\"seat\": \"p2\"}", "p2", tok);
	tc_http_with(th_server.port, "GET", "/api/tables", headers, NULL, 0, &r);
	assert_int_equal(r.status, 200);
	char again[64];
	assert_true(tc_header(&r, "ETag", again, sizeof again));
	assert_string_not_equal(again, etag);
	tc_reply_free(&r);
	/* A table on another page changes nothing of this one. */
	snprintf(headers, sizeof headers, "If-None-Match: %s\r\n", again);
	th_join_with(made[0], "{\"seat\": \"p2\"}", "p2", tok);
	tc_http_with(th_server.port, "GET", "/api/tables", headers, NULL, 0, &r);
	assert_int_equal(r.status, 304);
	tc_reply_free(&r);
	th_stop();
}

/* ---- names ------------------------------------------------------------------------------- */

static void test_names(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], tok[64];
	th_create(
	    "{\"game\": \"arrow-party\", \"params\": {\"players\": 4}, \"seats\": [\"human\", "
	    "\"human\", \"human\", \"random\"]}",
	    id);
	json_t *info = th_info(id);
	assert_string_equal(seat_name(info, 0), "p1");
	assert_string_equal(seat_name(info, 3), "random");
	json_decref(info);
	/* Bad names: 400 naming the rule, and the seat stays free. */
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"\"}", 400, "name: empty");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"  \\u3000 \"}", 400, "name: empty");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"abcdefghijklmnopqrstuvwxy\"}", 400,
	             "at most 24");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"a\\u0007b\"}", 400, "not allowed");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"a\\nb\"}", 400, "not allowed");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"\\u202eevil\"}", 400, "not allowed");
	join_refused(id, "{\"seat\": \"p1\", \"name\": 5}", 400, "name");
	/* Names that show nothing, hide a direction or pass for something else (issue 36). */
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"\\u200b\"}", 400,
	             "name: character U+200B is not allowed: no format characters");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"Ann\\u200fx\"}", 400,
	             "name: character U+200F is not allowed");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"a\\u061cb\"}", 400,
	             "name: character U+061C is not allowed");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"Ann\\udb40\\udc41\"}", 400,
	             "name: character U+E0041 is not allowed");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"\\u3164\"}", 400,
	             "name: character U+3164 shows nothing");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"\\u2800\\u2800\"}", 400,
	             "name: character U+2800 shows nothing");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"a\\u0301\\u0301\\u0301\"}", 400,
	             "name: 3 combining marks in a row; at most 2");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"-- !\"}", 400, "name: no letter or digit");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"P2\"}", 400,
	             "name: 'P2' is a word the table shows for something else");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \" hard \"}", 400, "'hard' is a word");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"Spectator\"}", 400, "a seat (p1 to p5)");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"chance\"}", 400, "chance or game");
	join_refused(id, "{\"seat\": \"p1\", \"name\": \"GAME\"}", 400, "chance or game");
	info = th_info(id);
	assert_true(json_is_false(json_object_get(seat_of(info, 0), "claimed")));
	json_decref(info);
	/* Trimmed; 24 letters of any script; the default is the seat's name. */
	th_join_with(id, "{\"seat\": \"p1\", \"name\": \"  Ann <b>&amp;</b>  \"}", "p1", tok);
	th_join_with(
	    id,
	    "{\"seat\": \"p2\", \"name\": "
	    "\"\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9"
	    "\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9"
	    "\"}",
	    "p2", tok);
	th_join_with(id, "{\"seat\": \"p3\"}", "p3", tok);
	info = th_info(id);
	assert_string_equal(seat_name(info, 0), "Ann <b>&amp;</b>");
	assert_int_equal(strlen(seat_name(info, 1)), 48); /* 24 two-byte letters */
	assert_string_equal(seat_name(info, 2), "p3");
	json_decref(info);
	/* Kept across kill -9. */
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	info = th_info(id);
	assert_string_equal(seat_name(info, 0), "Ann <b>&amp;</b>");
	assert_string_equal(seat_name(info, 2), "p3");
	json_decref(info);
	th_stop();
}

/* ---- chat -------------------------------------------------------------------------------- */

static void test_chat(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	char id[32], t1[64], t2[64], path[96], body[64];
	th_create("{\"game\": \"evons\"}", id);
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	json_t *j = th_http("POST", path, "{\"seat\": \"p1\", \"name\": \"Ann\"}", 200);
	snprintf(t1, sizeof t1, "%s", json_string_value(json_object_get(j, "token")));
	json_decref(j);
	th_join(id, "p2", t2);
	conn p1, p2, s1, s2;
	open_conn(&p1, id, t1);
	open_conn(&p2, id, t2);
	open_conn(&s1, id, NULL);
	open_conn(&s2, id, NULL);
	assert_int_equal(json_array_size(json_object_get(p1.snapshot, "chat")), 0);

	/* Markup is text: kept and sent as typed (trimmed), to everyone. */
	const char *markup = "<b>hi</b> & <script>alert(\"x\")</script> \xc3\xa9";
	char padded[128];
	snprintf(padded, sizeof padded, "  %s  ", markup);
	say(&p1, padded);
	hears(&p1, "p1", "Ann", markup);
	hears(&p2, "p1", "Ann", markup);
	hears(&s1, "p1", "Ann", markup);
	hears(&s2, "p1", "Ann", markup);
	/* A spectator's line reaches spectators only. */
	say(&s1, "between us");
	hears(&s1, "spectator", "spectator", "between us");
	hears(&s2, "spectator", "spectator", "between us");
	say(&p2, "second");
	hears(&p1, "p2", "p2", "second"); /* the next line p1 hears is p2's, not the spectator's */
	hears(&p2, "p2", "p2", "second");
	hears(&s2, "p2", "p2", "second");

	/* Bad lines: refused, and nobody hears anything. */
	refused(&p2, "{\"type\": \"chat\", \"text\": \"   \"}", "text: empty");
	refused(&p2, "{\"type\": \"chat\", \"text\": \"\"}", "text: empty");
	char longest[600];
	memset(longest, 'x', 501);
	longest[501] = '\0';
	say(&p2, longest);
	/* the error, with the count, comes before the pong */
	refused(&p2, "{\"type\": \"ping\"}", "chat: text: 501 characters; at most 500");
	/* characters, not bytes: 501 two-byte letters are 501 characters */
	char accents[1100] = "";
	for (int i = 0; i < 501; i++)
		strcat(accents, "\xc3\xa9");
	say(&p2, accents);
	refused(&p2, "{\"type\": \"ping\"}", "chat: text: 501 characters; at most 500");
	longest[500] = '\0';
	say(&p2, longest); /* 500 characters: accepted */
	hears(&p1, "p2", "p2", longest);
	refused(&p2, "{\"type\": \"chat\", \"text\": \"a\\tb\"}", "not allowed");
	refused(&p2, "{\"type\": \"chat\"}", "text: expected");
	refused(&p2, "{\"type\": \"chat\", \"text\": 5}", "text: expected");
	refused(&p2, "{\"type\": \"chat\", \"text\": \"x\", \"v\": 1}", "unknown field");

	/* At most 5 lines in 10 s from a connection: p1 said 1, says 4 more, the 6th is
	 * refused; another connection of the same seat is counted apart. */
	for (int i = 0; i < 4; i++) {
		snprintf(body, sizeof body, "line %d", i + 2);
		say(&p1, body);
		hears(&p1, "p1", "Ann", body);
	}
	say(&p1, "too many");
	refused(&p1, "{\"type\": \"ping\"}", "at most 5 lines in 10 seconds");
	conn p1b;
	open_conn(&p1b, id, t1);
	say(&p1b, "from another tab");
	hears(&p1b, "p1", "Ann", "from another tab");
	/* What everyone heard: the refused lines never went out; the spectators' line never
	 * reached a seat. */
	drain(&p2, 300);
	for (size_t i = 0; i < json_array_size(p2.chats); i++) {
		const char *text =
		    json_string_value(json_object_get(json_array_get(p2.chats, i), "text"));
		assert_true(strcmp(text, "between us") && strcmp(text, "too many"));
	}
	/* The snapshot: a seat's has the seats' lines, a spectator's every line. */
	json_t *chat = json_object_get(p1b.snapshot, "chat");
	assert_int_equal(json_array_size(chat), 7); /* markup, second, 500 x, line 2..5 */
	assert_string_equal(json_string_value(json_object_get(json_array_get(chat, 0), "text")),
	                    markup);
	close_conn(&p1b);
	close_conn(&p1);
	close_conn(&p2);
	close_conn(&s1);
	close_conn(&s2);

	/* Kept across kill -9. */
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	open_conn(&p2, id, t2);
	open_conn(&s1, id, NULL);
	chat = json_object_get(p2.snapshot, "chat");
	assert_int_equal(json_array_size(chat), 8);
	for (size_t i = 0; i < json_array_size(chat); i++)
		assert_string_not_equal(
		    json_string_value(json_object_get(json_array_get(chat, i), "from")),
		    "spectator");
	const json_t *first = json_array_get(chat, 0);
	assert_string_equal(json_string_value(json_object_get(first, "text")), markup);
	assert_string_equal(json_string_value(json_object_get(first, "name")), "Ann");
	assert_string_equal(json_string_value(json_object_get(first, "type")), "chat");
	chat = json_object_get(s1.snapshot, "chat");
	assert_int_equal(json_array_size(chat), 9);
	assert_string_equal(json_string_value(json_object_get(json_array_get(chat, 1), "text")),
	                    "between us");
	close_conn(&p2);
	close_conn(&s1);
	/* Before hello: refused. */
	tc_ws ws;
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(&ws, th_server.port, path), 0);
	assert_int_equal(tc_ws_send_text(&ws, "{\"type\": \"chat\", \"text\": \"hi\"}"), 0);
	json_t *f = tc_ws_recv_json(&ws, TH_WAIT_MS);
	assert_non_null(f);
	assert_non_null(strstr(json_string_value(json_object_get(f, "message")), "hello first"));
	json_decref(f);
	tc_ws_close(&ws);
	th_stop();
}

/* ---- rematch ----------------------------------------------------------------------------- */

/* A short ConCardia: a point wins. */
#define SHORT_GAME                                                                                 \
	"{\"game\": \"concardia\", \"params\": {\"target\": 1, \"max_turns\": 20}, \"seats\": "    \
	"[\"human\", \"invite\"]}"

/* Plays the table to its end: the first seat with legal actions plays the first of them. */
static void play_out(conn *a, conn *b)
{
	for (int acts = 0; acts < 2000; acts++) {
		drain(a, 100);
		drain(b, 100);
		const char *status = json_string_value(json_object_get(a->table, "status"));
		if (!strcmp(status, "over")) {
			while (
			    strcmp(json_string_value(json_object_get(b->table, "status")), "over"))
				expect(b, "update");
			return;
		}
		conn *who = json_array_size(json_object_get(a->view, "legal"))   ? a
		            : json_array_size(json_object_get(b->view, "legal")) ? b
		                                                                 : NULL;
		if (!who)
			continue;
		json_t *act = json_pack(
		    "{s:s, s:I, s:s}", "type", "act", "v", (json_int_t)who->v, "action",
		    json_string_value(json_array_get(json_object_get(who->view, "legal"), 0)));
		char *text = json_dumps(act, JSON_COMPACT);
		assert_int_equal(tc_ws_send_text(&who->ws, text), 0);
		free(text);
		json_decref(act);
	}
	fail_msg("the game did not end");
}

static void test_rematch(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	json_t *made = th_http("POST", "/api/tables", SHORT_GAME, 201);
	char id[32], t1[64], t2[64], body[128];
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(made, "id")));
	snprintf(body, sizeof body, "{\"name\": \"Bea\", \"invite\": \"%s\"}",
	         json_string_value(
	             json_object_get(json_array_get(json_object_get(made, "invites"), 0), "code")));
	json_decref(made);
	th_join_with(id, "{\"name\": \"Ann\"}", "p1", t1);
	th_join_with(id, body, "p2", t2);
	conn p1, p1b, p2, watcher;
	open_conn(&p1, id, t1);
	open_conn(&p2, id, t2);
	open_conn(&watcher, id, NULL);
	assert_true(json_is_null(json_object_get(p1.table, "rematch")));
	refused(&p1, "{\"type\": \"rematch\"}", "not over");
	play_out(&p1, &p2);
	open_conn(&p1b, id, t1); /* a second tab of p1 */
	drain(&watcher, 200);
	const json_t *rm = json_object_get(p1b.table, "rematch");
	assert_int_equal(json_array_size(json_object_get(rm, "asked")), 0);
	assert_true(json_is_null(json_object_get(rm, "table")));

	/* Malformed, from a spectator, repeated: refused, nothing changes. */
	refused(&p1, "{\"type\": \"rematch\", \"v\": 3}", "unknown field");
	refused(&watcher, "{\"type\": \"rematch\"}", "spectator");
	sendf(&p1, "{\"type\": \"rematch\"}");
	for (;;) {
		expect(&p2, "update");
		rm = json_object_get(p2.table, "rematch");
		if (json_array_size(json_object_get(rm, "asked")) == 1)
			break;
	}
	assert_string_equal(json_string_value(json_array_get(json_object_get(rm, "asked"), 0)),
	                    "p1");
	refused(&p1b, "{\"type\": \"rematch\"}", "already");
	/* Kept across kill -9 (the connections go with the server). */
	close_conn(&p1);
	close_conn(&p1b);
	close_conn(&p2);
	close_conn(&watcher);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	json_t *info = th_info(id);
	rm = json_object_get(info, "rematch");
	assert_int_equal(json_array_size(json_object_get(rm, "asked")), 1);
	json_decref(info);
	open_conn(&p1, id, t1);
	open_conn(&p1b, id, t1);
	open_conn(&p2, id, t2);
	open_conn(&watcher, id, NULL);
	refused(&p1, "{\"type\": \"rematch\"}", "already");

	/* p2 asks: the new table is made; each connection hears of its own new seat. */
	sendf(&p2, "{\"type\": \"rematch\"}");
	expect(&p2, "rematch");
	expect(&p1, "rematch");
	expect(&p1b, "rematch");
	const json_t *r1 = json_array_get(p1.rematches, 0), *r2 = json_array_get(p2.rematches, 0);
	char nid[32], n1[64], n2[64];
	snprintf(nid, sizeof nid, "%s", json_string_value(json_object_get(r1, "table")));
	assert_string_equal(json_string_value(json_object_get(r2, "table")), nid);
	assert_string_equal(json_string_value(json_object_get(r1, "seat")), "p2");
	assert_string_equal(json_string_value(json_object_get(r2, "seat")), "p1");
	snprintf(n1, sizeof n1, "%s", json_string_value(json_object_get(r1, "token")));
	snprintf(n2, sizeof n2, "%s", json_string_value(json_object_get(r2, "token")));
	assert_int_equal(strlen(n1), 32);
	assert_string_equal(
	    json_string_value(json_object_get(json_array_get(p1b.rematches, 0), "token")), n1);
	assert_string_not_equal(n1, n2);
	for (;;) {
		rm = json_object_get(watcher.table, "rematch");
		if (json_is_string(json_object_get(rm, "table")))
			break;
		expect(&watcher, "update");
	}
	assert_string_equal(json_string_value(json_object_get(rm, "table")), nid);
	drain(&watcher, 300);
	assert_int_equal(json_array_size(watcher.rematches), 0); /* never to a spectator */
	drain(&p1, 300);
	assert_int_equal(json_array_size(p1.rematches), 1); /* once */
	refused(&p1, "{\"type\": \"rematch\"}", "made already");

	/* The new table: same game and params, private, seats moved on, claimed, names kept. */
	info = th_info(nid);
	assert_string_equal(json_string_value(json_object_get(info, "game")), "concardia");
	assert_int_equal(
	    json_integer_value(json_object_get(json_object_get(info, "params"), "target")), 1);
	assert_true(json_is_true(json_object_get(info, "private")));
	assert_string_equal(json_string_value(json_object_get(info, "status")), "playing");
	assert_string_equal(seat_name(info, 0), "Bea");
	assert_string_equal(seat_name(info, 1), "Ann");
	json_decref(info);
	/* The tokens work there, for the right seats. */
	conn q1, q2;
	open_conn(&q1, nid, n1);
	assert_string_equal(json_string_value(json_object_get(q1.snapshot, "seat")), "p2");
	open_conn(&q2, nid, n2);
	assert_string_equal(json_string_value(json_object_get(q2.snapshot, "seat")), "p1");
	close_conn(&q1);
	close_conn(&q2);
	/* A tab of p2 that says hello later hears of its seat too. */
	conn p2b;
	open_conn(&p2b, id, t2);
	expect(&p2b, "rematch");
	assert_string_equal(
	    json_string_value(json_object_get(json_array_get(p2b.rematches, 0), "token")), n2);
	close_conn(&p2b);
	close_conn(&p1);
	close_conn(&p1b);
	close_conn(&p2);
	close_conn(&watcher);
	/* The old table's stored info names the new table after kill -9. */
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	info = th_info(id);
	assert_string_equal(
	    json_string_value(json_object_get(json_object_get(info, "rematch"), "table")), nid);
	json_decref(info);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "seats", 900))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_lobby), T(test_lobby_pages), T(test_names), T(test_chat), T(test_rematch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
