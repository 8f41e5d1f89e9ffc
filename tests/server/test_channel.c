/*
 * test_channel.c - a player's channel at `quiver serve` (/api/me/ws), from the outside: the
 * invitation accepted and the turn heard by the person who invited, the other's turn by the
 * other, the end by both and nothing by a stranger; a turn at a table taken on one device heard
 * on another signed in to the same account; a mute made on one device heard at once on the
 * account's other (and not by the muted); a days-per-move clock running low heard from the
 * server's timer after a restart, with no turn told again; and the refusals (no player key, a
 * cross-site Origin, a plain GET, a token, a table's frame, a second hello).
 *
 * Usage: test_channel PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
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
#include <sqlite3.h>

#include "harness.h"

/* Browser b signs up as name (201), or signs in (200) when `in`. */
static void account(th_browser *b, const char *name, bool in)
{
	char body[128];
	snprintf(body, sizeof body, "{\"username\": \"%s\", \"password\": \"correct horse\"}",
	         name);
	tc_reply r;
	th_browser_ask(b, "POST", in ? "/api/session" : "/api/accounts", body, in ? 200 : 201, &r);
	tc_reply_free(&r);
}

/* Browser b creates a table from body (201): its id, and its invite's code ("" none). */
static void create(th_browser *b, const char *body, char id[32], char code[128])
{
	tc_reply r;
	th_browser_ask(b, "POST", "/api/tables", body, 201, &r);
	snprintf(id, 32, "%s", json_string_value(json_object_get(r.json, "id")));
	const json_t *invites = json_object_get(r.json, "invites");
	snprintf(code, 128, "%s",
	         json_array_size(invites)
	             ? json_string_value(json_object_get(json_array_get(invites, 0), "code"))
	             : "");
	tc_reply_free(&r);
}

/* The channel's next frame: of that type, about table id and seat. */
static json_t *heard(tc_ws *w, const char *type, const char *id, const char *seat)
{
	json_t *f = th_channel_expect(w, type);
	assert_string_equal(json_string_value(json_object_get(f, "table")), id);
	assert_string_equal(json_string_value(json_object_get(f, "game")), "three-arrows");
	assert_string_equal(json_string_value(json_object_get(f, "seat")), seat);
	return f;
}

static void drop(json_t *f) { json_decref(f); }

/* Ann invites Bob: she hears him take the seat, then her turn; he hears his after her move;
 * both hear the end; Cy, a stranger with a channel open, hears nothing at all. */
static void test_invitation_and_turns(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser ann = {0}, bob = {0}, cy = {0};
	th_browser_key(&ann);
	th_browser_key(&bob);
	th_browser_key(&cy);
	tc_ws wa, wb, wc;
	assert_int_equal(th_channel_open(&ann, &wa), 0);
	assert_int_equal(th_channel_open(&bob, &wb), 0);
	assert_int_equal(th_channel_open(&cy, &wc), 0);
	char id[32], code[128], t1[64], t2[64], body[256];
	create(&ann, "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"invite\"]}", id, code);
	assert_true(code[0]);
	th_browser_join(&ann, id, "{\"seat\": \"p1\", \"name\": \"Ann\"}", t1);
	snprintf(body, sizeof body, "{\"name\": \"Bob\", \"invite\": \"%s\"}", code);
	th_browser_join(&bob, id, body, t2);
	json_t *f = heard(&wa, "joined", id, "p2");
	assert_string_equal(json_string_value(json_object_get(f, "name")), "Bob");
	drop(f);
	drop(heard(&wa, "turn", id, "p1"));
	th_channel_quiet(&wb); /* Bob's turn has not come */
	th_seat p1, p2;
	th_seat_open(&p1, id, t1);
	th_seat_open(&p2, id, t2);
	th_seat *all[] = {&p1, &p2};
	th_seat_wait_to_move(&p1, "p1");
	th_seat_play_first(&p1, all, 2);
	drop(heard(&wb, "turn", id, "p2"));
	th_seat_play_first(&p2, all, 2);
	drop(heard(&wa, "turn", id, "p1"));
	th_seat_send(&p1, "{\"type\": \"resign\", \"v\": %lld}", p1.v);
	drop(heard(&wa, "over", id, "p1"));
	drop(heard(&wb, "over", id, "p2"));
	th_channel_quiet(&wa);
	th_channel_quiet(&wb);
	th_channel_quiet(&wc); /* nothing of Ann's and Bob's table reached Cy */
	th_seat_close(&p1);
	th_seat_close(&p2);
	tc_ws_close(&wa);
	tc_ws_close(&wb);
	tc_ws_close(&wc);
	th_stop();
}

/* A server started; Ann signed up on her laptop and signed in on her phone; Bob's table of two
 * people, Bob at p1: its id into id, Bob's token into t1. */
static void ann_and_bob(th_browser *laptop, th_browser *phone, th_browser *bob, char id[32],
                        char t1[64])
{
	th_start(th_new_db(), NULL);
	th_browser_key(laptop);
	th_browser_key(phone);
	th_browser_key(bob);
	account(laptop, "Ann", false);
	account(phone, "Ann", true);
	char code[128];
	create(bob, "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id, code);
	th_browser_join(bob, id, "{\"seat\": \"p1\", \"name\": \"Bob\"}", t1);
}

/* Ann takes a seat on her laptop (signed up there), then signs in on her phone: the phone's
 * channel hears her turn at the laptop's table. */
static void test_account_devices(void **state)
{
	(void)state;
	th_browser laptop = {0}, phone = {0}, bob = {0};
	char id[32], t1[64], t2[64];
	ann_and_bob(&laptop, &phone, &bob, id, t1);
	tc_ws w;
	assert_int_equal(th_channel_open(&phone, &w), 0);
	th_browser_join(&laptop, id, "{\"seat\": \"p2\", \"name\": \"Ann\"}", t2);
	th_channel_quiet(&w); /* Bob moves first: no turn of Ann's yet */
	th_seat p1, p2;
	th_seat_open(&p1, id, t1);
	th_seat_open(&p2, id, t2);
	th_seat *all[] = {&p1, &p2};
	th_seat_wait_to_move(&p1, "p1");
	th_seat_play_first(&p1, all, 2);
	drop(heard(&w, "turn", id, "p2"));
	th_seat_close(&p1);
	th_seat_close(&p2);
	tc_ws_close(&w);
	th_stop();
}

/* The channel's next frame: a mute of the account's at table id, with the seats it mutes there
 * now (muted, a JSON array's text). */
static void heard_mute(tc_ws *w, const char *id, const char *muted)
{
	json_t *f = th_channel_expect(w, "mute");
	assert_string_equal(json_string_value(json_object_get(f, "table")), id);
	char *list = json_dumps(json_object_get(f, "muted"), JSON_COMPACT);
	assert_non_null(list);
	assert_string_equal(list, muted);
	free(list);
	json_decref(f);
}

/* Ann plays on her laptop and has her phone open, both signed in: she mutes Bob from the laptop,
 * and the phone's channel hears it at once, with the seats she mutes there now, then the unmute
 * (the mute's dialog says "on every device of yours": before, the phone showed Bob's chat until
 * it reloaded); Bob's own channel hears nothing of it. */
static void test_mute_devices(void **state)
{
	(void)state;
	th_browser laptop = {0}, phone = {0}, bob = {0};
	char id[32], t1[64], t2[64], path[96];
	ann_and_bob(&laptop, &phone, &bob, id, t1);
	th_browser_join(&laptop, id, "{\"seat\": \"p2\", \"name\": \"Ann\"}", t2);
	tc_ws w, wb;
	assert_int_equal(th_channel_open(&phone, &w), 0);
	assert_int_equal(th_channel_open(&bob, &wb), 0);
	snprintf(path, sizeof path, "/api/tables/%s/mute", id);
	tc_reply r;
	th_browser_ask(&laptop, "POST", path, "{\"seat\": \"p1\", \"mute\": true}", 200, &r);
	tc_reply_free(&r);
	heard_mute(&w, id, "[\"p1\"]");
	th_browser_ask(&laptop, "POST", path, "{\"seat\": \"p1\", \"mute\": false}", 200, &r);
	tc_reply_free(&r);
	heard_mute(&w, id, "[]");
	th_channel_quiet(&wb); /* Bob never hears who muted him */
	tc_ws_close(&w);
	tc_ws_close(&wb);
	th_stop();
}

/* A days-per-move clock waiting for Ann is set, the server stopped, to 12 hours and 10 seconds:
 * after the restart her channel hears no turn again, then, from the server's timer alone, that
 * it runs low. */
static void test_days_clock_low(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_browser ann = {0}, bob = {0};
	th_browser_key(&ann);
	th_browser_key(&bob);
	char id[32], code[128], t1[64], t2[64];
	create(&ann,
	       "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"clock\": "
	       "{\"kind\": \"days\", \"days\": 1}}",
	       id, code);
	th_browser_join(&ann, id, "{\"seat\": \"p1\", \"name\": \"Ann\"}", t1);
	th_browser_join(&bob, id, "{\"seat\": \"p2\", \"name\": \"Bob\"}", t2);
	th_stop();
	char sql[256];
	if (th_pg()) /* PostgreSQL's JSON is jsonb's */
		snprintf(sql, sizeof sql,
		         "UPDATE tables SET people = jsonb_set(people::jsonb, '{clock,left,p1}', "
		         "'%lld')::text WHERE id = '%s'",
		         12LL * 3600 * 1000 + 10000, id);
	else
		snprintf(
		    sql, sizeof sql,
		    "UPDATE tables SET people = json_set(people, '$.clock.left.p1', %lld) WHERE "
		    "id = '%s'",
		    12LL * 3600 * 1000 + 10000, id);
	th_sql(db, sql);
	th_start(db, NULL);
	tc_ws w;
	assert_int_equal(th_channel_open(&ann, &w), 0);
	json_t *f = heard(&w, "low", id, "p1");
	long long left = (long long)json_integer_value(json_object_get(f, "left_ms"));
	assert_true(left > 11LL * 3600 * 1000 && left < 12LL * 3600 * 1000);
	drop(f);
	th_channel_quiet(&w);
	tc_ws_close(&w);
	th_stop();
}

/* A frame the channel refuses with an error holding `words`; the channel stays open. */
static void refused(tc_ws *w, const char *frame, const char *words)
{
	assert_int_equal(tc_ws_send_text(w, frame), 0);
	json_t *f = th_channel_expect(w, "error");
	const char *msg = json_string_value(json_object_get(f, "message"));
	if (!msg || !strstr(msg, words))
		fail_msg("%s: the error '%s' does not hold '%s'", frame, msg ? msg : "", words);
	json_decref(f);
}

static void test_refusals(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser nobody = {0}, ann = {0};
	tc_ws w;
	assert_int_equal(th_channel_open(&nobody, &w), 403); /* no player key */
	th_browser_key(&ann);
	snprintf(ann.origin, sizeof ann.origin, "http://evil.example");
	assert_int_equal(th_channel_open(&ann, &w), 403);
	ann.origin[0] = '\0';
	th_refused("GET", "/api/me/ws", NULL, 400, "connect with a WebSocket upgrade");
	char headers[256];
	snprintf(headers, sizeof headers, "Cookie: %s\r\n", ann.key);
	assert_int_equal(tc_ws_open_with(&w, th_server.port, "/api/me/ws", headers), 0);
	refused(&w, "{\"type\": \"act\", \"v\": 0, \"action\": \"x\"}", "say hello first");
	refused(&w, "{\"type\": \"hello\", \"token\": \"abc\"}", "takes no token");
	refused(&w, "not json", "JSON");
	assert_int_equal(tc_ws_send_text(&w, "{\"type\": \"hello\", \"token\": null}"), 0);
	json_decref(th_channel_expect(&w, "ready"));
	refused(&w, "{\"type\": \"hello\", \"token\": null}", "already said");
	refused(&w, "{\"type\": \"chat\", \"text\": \"hi\"}", "hears only hello and ping");
	th_channel_quiet(&w);
	tc_ws_close(&w);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "channel", 300))
		return 1;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_invitation_and_turns), T(test_account_devices), T(test_mute_devices),
	    T(test_days_clock_low),       T(test_refusals),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
