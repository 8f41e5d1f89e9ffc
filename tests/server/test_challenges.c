/*
 * test_challenges.c - follows and challenges between accounts (issue 67, item 1), from the
 * outside: the follows' list (GET, POST /api/account/follows, DELETE
 * /api/account/follows/NAME) with every refusal, who is online (a channel open) and the tables
 * each plays (a public one named, a private one only counted), a block taking follows away and
 * refusing them; a challenge heard on every device of both accounts, accepted into a table
 * whose seats are the accounts' (the challenger's devices get their tokens, both play), declined,
 * cancelled and expired, and every refusal (bad fields as POST /api/tables names them, oneself,
 * no such account, blocks both ways, one open challenge a pair, QV__CHALLENGES_OPEN, the rate
 * per account); an accept that lost its claim to another while it made its table refused, its
 * table not kept. Run against PostgreSQL too (tests/cluster, pg_run.sh).
 *
 * Usage: test_challenges PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

#define FOLLOWS "/api/account/follows"
#define CHALLENGE                                                                                  \
	"{\"username\": \"Bob\", \"game\": \"three-arrows\", \"clock\": {\"kind\": \"fischer\", "  \
	"\"base\": 300, \"increment\": 5}, \"seat\": \"p1\"}"

/* The follows' list of browser b's request (200) as "Bob+ Cy" (+: online), each followed by
 * its playing count and public tables' games when it plays: "Bob+[1:three-arrows]". */
static void follows_are(th_browser *b, const char *method, const char *path, const char *body,
                        const char *want)
{
	char text[512] = "";
	tc_reply r;
	th_browser_ask(b, method, path, body, 200, &r);
	size_t i, k;
	const json_t *e, *t;
	json_array_foreach(json_object_get(r.json, "follows"), i, e)
	{
		size_t at = strlen(text);
		snprintf(text + at, sizeof text - at, "%s%s%s", at ? " " : "",
		         json_string_value(json_object_get(e, "username")),
		         json_is_true(json_object_get(e, "online")) ? "+" : "");
		long long playing = json_integer_value(json_object_get(e, "playing"));
		if (!playing)
			continue;
		at = strlen(text);
		snprintf(text + at, sizeof text - at, "[%lld", playing);
		json_array_foreach(json_object_get(e, "tables"), k, t)
		{
			at = strlen(text);
			snprintf(text + at, sizeof text - at, ":%s",
			         json_string_value(json_object_get(t, "game")));
		}
		at = strlen(text);
		snprintf(text + at, sizeof text - at, "]");
	}
	if (strcmp(text, want) != 0)
		fail_msg("the follows are '%s', not '%s'", text, want);
	tc_reply_free(&r);
}

/* Polls b's follows until they read `want` (a channel's open or close reaches the list at
 * once on one process; the test waits for it rather than assume it). */
static void follows_become(th_browser *b, const char *want)
{
	double until = tc_now_ms() + TH_WAIT_MS;
	char text[512];
	for (;;) {
		tc_reply r;
		th_browser_ask(b, "GET", FOLLOWS, NULL, 200, &r);
		text[0] = '\0';
		size_t i;
		const json_t *e;
		json_array_foreach(json_object_get(r.json, "follows"), i, e)
		{
			size_t at = strlen(text);
			snprintf(text + at, sizeof text - at, "%s%s%s", at ? " " : "",
			         json_string_value(json_object_get(e, "username")),
			         json_is_true(json_object_get(e, "online")) ? "+" : "");
		}
		tc_reply_free(&r);
		if (strcmp(text, want) == 0)
			return;
		if (tc_now_ms() > until)
			fail_msg("the follows stay '%s', not '%s'", text, want);
		usleep(20000);
	}
}

/* A table of browser b from body, b at p1: its id. */
static void seated(th_browser *b, const char *body, char id[32])
{
	tc_reply r;
	th_browser_ask(b, "POST", "/api/tables", body, 201, &r);
	snprintf(id, 32, "%s", json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
	char token[64];
	th_browser_join(b, id, "{\"seat\": \"p1\"}", token);
}

static void test_follows(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_browser ann = {0}, bob = {0}, cy = {0};
	th_browser_account(&ann, "Ann", false);
	th_browser_account(&bob, "Bob", false);
	th_browser_account(&cy, "Cy", false);
	follows_are(&ann, "GET", FOLLOWS, NULL, "");
	follows_are(&ann, "POST", FOLLOWS, "{\"username\": \"bob\"}", "Bob");
	follows_are(&ann, "POST", FOLLOWS, "{\"username\": \"BOB\"}", "Bob");
	follows_are(&ann, "POST", FOLLOWS, "{\"username\": \"Cy\"}", "Cy Bob");
	follows_are(&bob, "GET", FOLLOWS, NULL, "");
	th_list_refusals(&ann, FOLLOWS, "Ann", "follow");
	/* online while a channel of Bob's is open, and off once it closed */
	tc_ws w;
	assert_int_equal(th_channel_open(&bob, &w), 0);
	follows_become(&ann, "Cy Bob+");
	tc_ws_close(&w);
	follows_become(&ann, "Cy Bob");
	/* Bob's public table is named, his private one only counted */
	char pub[32], priv[32];
	seated(&bob, "{\"game\": \"three-arrows\", \"private\": false}", pub);
	follows_are(&ann, "GET", FOLLOWS, NULL, "Cy Bob[1:three-arrows]");
	seated(&bob, "{\"game\": \"concardia\"}", priv);
	follows_are(&ann, "GET", FOLLOWS, NULL, "Cy Bob[2:three-arrows]");
	/* undone, by name in any case */
	follows_are(&ann, "DELETE", FOLLOWS "/cY", NULL, "Bob[2:three-arrows]");
	th_browser_refused(&ann, "DELETE", FOLLOWS "/Cy", NULL, 404, "you do not follow 'Cy'");
	/* a block takes the follows away both ways, and refuses them */
	follows_are(&bob, "POST", FOLLOWS, "{\"username\": \"Ann\"}", "Ann");
	tc_reply r;
	th_browser_ask(&bob, "POST", "/api/account/blocks", "{\"username\": \"Ann\"}", 200, &r);
	tc_reply_free(&r);
	follows_are(&ann, "GET", FOLLOWS, NULL, "");
	follows_are(&bob, "GET", FOLLOWS, NULL, "");
	th_browser_refused(&ann, "POST", FOLLOWS, "{\"username\": \"Bob\"}", 403,
	                   "you cannot follow Bob: they do not accept it");
	th_browser_refused(&bob, "POST", FOLLOWS, "{\"username\": \"Ann\"}", 403,
	                   "you cannot follow Ann: you block them");
	/* a deletion takes the follows of and to the account */
	follows_are(&cy, "POST", FOLLOWS, "{\"username\": \"Ann\"}", "Ann");
	follows_are(&ann, "POST", FOLLOWS, "{\"username\": \"Cy\"}", "Cy");
	th_browser_ask(&ann, "DELETE", "/api/account", "{\"password\": \"" TH_PASS "\"}", 204, &r);
	tc_reply_free(&r);
	follows_are(&cy, "GET", FOLLOWS, NULL, "");
	th_stop();
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM follows"), 0);
}

/* The challenge frame heard on channel w (a table's news of the table it made, a seat taken
 * and whose turn it is, may come first): its status must be `status`; returns the frame's
 * challenge (caller frees). */
static json_t *heard(tc_ws *w, const char *status)
{
	json_t *f;
	const char *type;
	for (;;) {
		f = tc_ws_recv_json(w, 20000);
		if (!f)
			fail_msg("the channel heard nothing in 20 s; expected a challenge");
		type = json_string_value(json_object_get(f, "type"));
		if (!type || (strcmp(type, "joined") != 0 && strcmp(type, "turn") != 0))
			break;
		json_decref(f);
	}
	if (!type || strcmp(type, "challenge") != 0)
		fail_msg("the channel heard '%s' where a challenge was expected",
		         type ? type : "?");
	json_t *c = json_incref(json_object_get(f, "challenge"));
	json_decref(f);
	assert_non_null(c);
	assert_string_equal(json_string_value(json_object_get(c, "status")), status);
	return c;
}

/* Browser b's request of path about a challenge that must answer `status`: its challenge. */
static json_t *asked(th_browser *b, const char *method, const char *path, const char *body,
                     int status, json_t **reply)
{
	tc_reply r;
	th_browser_ask(b, method, path, body, status, &r);
	json_t *c = json_incref(json_object_get(r.json, "challenge"));
	if (reply)
		*reply = json_incref(r.json);
	tc_reply_free(&r);
	return c;
}

/* Ann challenges Bob, heard on both of Bob's devices and Ann's; Bob accepts from one: a table
 * of their accounts, Ann's devices asking their own tokens, both playing. */
static void test_accept(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser ann = {0}, bob = {0}, phone = {0};
	th_browser_account(&ann, "Ann", false);
	th_browser_account(&bob, "Bob", false);
	th_browser_account(&phone, "Bob", true);
	tc_ws wa, wb, wp;
	assert_int_equal(th_channel_open(&ann, &wa), 0);
	assert_int_equal(th_channel_open(&bob, &wb), 0);
	assert_int_equal(th_channel_open(&phone, &wp), 0);
	json_t *sent = asked(&ann, "POST", "/api/challenges", CHALLENGE, 201, NULL);
	assert_string_equal(json_string_value(json_object_get(sent, "from")), "Ann");
	assert_string_equal(json_string_value(json_object_get(sent, "to")), "Bob");
	assert_string_equal(json_string_value(json_object_get(sent, "from_seat")), "p1");
	assert_string_equal(json_string_value(json_object_get(sent, "title")), "THREE ARROWS");
	char id[40], path[96];
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(sent, "id")));
	json_t *c1 = heard(&wa, "open"), *c2 = heard(&wb, "open"), *c3 = heard(&wp, "open");
	assert_true(json_equal(c1, sent) && json_equal(c2, sent) && json_equal(c3, sent));
	json_decref(c1), json_decref(c2), json_decref(c3);
	/* listed both ways */
	tc_reply r;
	th_browser_ask(&bob, "GET", "/api/challenges", NULL, 200, &r);
	assert_int_equal(json_array_size(json_object_get(r.json, "incoming")), 1);
	assert_int_equal(json_array_size(json_object_get(r.json, "outgoing")), 0);
	tc_reply_free(&r);
	th_browser_ask(&ann, "GET", "/api/challenges", NULL, 200, &r);
	assert_int_equal(json_array_size(json_object_get(r.json, "outgoing")), 1);
	tc_reply_free(&r);
	/* Bob accepts from his phone: a table, his seat's token for the phone */
	snprintf(path, sizeof path, "/api/challenges/%s/accept", id);
	json_t *reply;
	json_t *done = asked(&phone, "POST", path, NULL, 200, &reply);
	assert_string_equal(json_string_value(json_object_get(done, "status")), "accepted");
	const char *table = json_string_value(json_object_get(reply, "table"));
	assert_non_null(table);
	assert_string_equal(json_string_value(json_object_get(reply, "seat")), "p2");
	char tb[64], ta[64], tid[32];
	snprintf(tb, sizeof tb, "%s", json_string_value(json_object_get(reply, "token")));
	snprintf(tid, sizeof tid, "%s", table);
	json_decref(reply);
	json_t *h = heard(&wa, "accepted");
	assert_string_equal(json_string_value(json_object_get(h, "table")), tid);
	json_decref(h);
	json_decref(heard(&wb, "accepted"));
	json_decref(heard(&wp, "accepted"));
	/* the table's seats are the accounts', as chosen; rated or not as asked */
	json_t *info = th_info(tid);
	json_t *seats = json_object_get(info, "seats");
	assert_string_equal(
	    json_string_value(json_object_get(json_array_get(seats, 0), "username")), "Ann");
	assert_string_equal(
	    json_string_value(json_object_get(json_array_get(seats, 1), "username")), "Bob");
	assert_string_equal(json_string_value(json_object_get(info, "status")), "playing");
	assert_string_equal(
	    json_string_value(json_object_get(json_object_get(info, "clock"), "kind")), "fischer");
	json_decref(info);
	/* Ann's laptop asks for a token of her seat by naming it; both play */
	th_browser_join(&ann, tid, "{\"seat\": \"p1\"}", ta);
	th_seat a, b;
	assert_int_equal(th_browser_seat_open(&ann, &a, tid, ta), 0);
	th_seat_next(&a);
	assert_int_equal(th_browser_seat_open(&phone, &b, tid, tb), 0);
	th_seat_next(&b);
	th_seat *all[] = {&a, &b};
	th_seat_play_first(&a, all, 2);
	th_seat_play_first(&b, all, 2);
	th_seat_close(&a);
	th_seat_close(&b);
	/* listed in both people's games; answered again: 409 naming the table */
	th_browser_ask(&ann, "GET", "/api/me", NULL, 200, &r);
	assert_string_equal(json_string_value(json_object_get(
	                        json_array_get(json_object_get(r.json, "tables"), 0), "id")),
	                    tid);
	tc_reply_free(&r);
	th_browser_refused(&bob, "POST", path, NULL, 409, "accepted already: its table is");
	json_decref(done);
	json_decref(sent);
	tc_ws_close(&wa), tc_ws_close(&wb), tc_ws_close(&wp);
	th_stop();
}

/* Declined, cancelled and expired, each heard by both; answers after them refused, the same
 * answer again too. */
static void test_answers(void **state)
{
	(void)state;
	const char *extra[] = {"--challenge-expiry", "2", NULL};
	th_start(th_new_db(), extra);
	th_browser ann = {0}, bob = {0};
	th_browser_account(&ann, "Ann", false);
	th_browser_account(&bob, "Bob", false);
	tc_ws wa, wb;
	assert_int_equal(th_channel_open(&ann, &wa), 0);
	assert_int_equal(th_channel_open(&bob, &wb), 0);
	char path[96], id[40];
	const char *what[] = {"declined", "cancelled", "expired"};
	for (int k = 0; k < 3; k++) {
		json_t *sent = asked(&ann, "POST", "/api/challenges", CHALLENGE, 201, NULL);
		snprintf(id, sizeof id, "%s", json_string_value(json_object_get(sent, "id")));
		json_decref(sent);
		json_decref(heard(&wa, "open"));
		json_decref(heard(&wb, "open"));
		snprintf(path, sizeof path, "/api/challenges/%s", id);
		if (k == 0) {
			th_browser_refused(&ann, "POST", strcat(path, "/decline"), NULL, 404,
			                   "to you");
			json_decref(asked(&bob, "POST", path, NULL, 200, NULL));
		} else if (k == 1) {
			th_browser_refused(&bob, "DELETE", path, NULL, 404, "from you");
			json_decref(asked(&ann, "DELETE", path, NULL, 200, NULL));
		} else {
			/* past its 2 s, the next request about challenges finds it expired */
			for (;;) {
				usleep(100000);
				json_t *c = asked(&bob, "GET", path, NULL, 200, NULL);
				bool open = strcmp(json_string_value(json_object_get(c, "status")),
				                   "open") == 0;
				json_decref(c); /* each answer, the open ones too */
				if (!open)
					break;
			}
		}
		json_decref(heard(&wa, what[k]));
		json_decref(heard(&wb, what[k]));
		snprintf(path, sizeof path, "/api/challenges/%s/accept", id);
		char words[64];
		snprintf(words, sizeof words, "no longer open: it was %s", what[k]);
		th_browser_refused(&bob, "POST", path, NULL, 409, words);
		/* the same answer again: 409 too, and heard by nobody (th_channel_quiet) */
		snprintf(path, sizeof path, "/api/challenges/%s%s", id, k == 1 ? "" : "/decline");
		th_browser_refused(k == 1 ? &ann : &bob, k == 1 ? "DELETE" : "POST", path, NULL,
		                   409, words);
	}
	th_channel_quiet(&wa);
	tc_ws_close(&wa), tc_ws_close(&wb);
	th_stop();
}

/* Every refusal of a challenge. */
static void test_refusals(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_browser ann = {0}, bob = {0}, cy = {0}, stranger = {0}, more[10];
	memset(more, 0, sizeof more);
	th_browser_account(&ann, "Ann", false);
	th_browser_account(&bob, "Bob", false);
	th_browser_account(&cy, "Cy", false);
	const char *bad[][2] = {
	    {"{\"username\": \"Bob\", \"game\": \"chess\"}", "game"},
	    {"{\"username\": \"Bob\", \"game\": \"three-arrows\", \"params\": {\"size\": 9}}",
	     "size"},
	    {"{\"username\": \"Bob\", \"game\": \"three-arrows\", \"seat\": \"p3\"}", "seat"},
	    {"{\"username\": \"Bob\", \"game\": \"three-arrows\", \"colour\": 1}", "colour"},
	    {"{\"username\": \"Bob\", \"game\": \"three-arrows\", \"rated\": true}", "rated"},
	    {"{\"game\": \"three-arrows\"}", "username"},
	    {"{\"username\": \"Ann\", \"game\": \"three-arrows\"}", "challenge yourself"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		th_browser_refused(&ann, "POST", "/api/challenges", bad[i][0], 400, bad[i][1]);
	th_browser_refused(&ann, "POST", "/api/challenges",
	                   "{\"username\": \"Nobody\", \"game\": \"three-arrows\"}", 404,
	                   "no player 'Nobody'");
	th_browser_refused(&stranger, "POST", "/api/challenges", CHALLENGE, 401, "sign in");
	th_browser_refused(&stranger, "GET", "/api/challenges", NULL, 401, "sign in");
	th_browser_refused(&ann, "GET", "/api/challenges/0123456789abcdef", NULL, 404,
	                   "no challenge");
	/* one open challenge a pair */
	json_decref(asked(&ann, "POST", "/api/challenges", CHALLENGE, 201, NULL));
	th_browser_refused(&ann, "POST", "/api/challenges", CHALLENGE, 409,
	                   "you have challenged Bob already");
	/* a block both ways */
	tc_reply r;
	th_browser_ask(&cy, "POST", "/api/account/blocks", "{\"username\": \"Ann\"}", 200, &r);
	tc_reply_free(&r);
	th_browser_refused(&ann, "POST", "/api/challenges",
	                   "{\"username\": \"Cy\", \"game\": \"three-arrows\"}", 403,
	                   "you cannot challenge Cy: they do not accept games with you");
	th_browser_refused(&cy, "POST", "/api/challenges",
	                   "{\"username\": \"Ann\", \"game\": \"three-arrows\"}", 403,
	                   "you cannot challenge Ann: you block them");
	/* QV__CHALLENGES_OPEN (10) open at once: 9 more accounts take Ann to 10 */
	th_stop();
	th_start(db, (const char *[]){"--create-rate", "1000", NULL});
	th_browser_account(&ann, "Ann", true);
	for (int i = 0; i < 10; i++) {
		char name[16], body[128];
		snprintf(name, sizeof name, "Dee%d", i);
		th_browser_account(&more[i], name, false);
		snprintf(body, sizeof body, "{\"username\": \"%s\", \"game\": \"three-arrows\"}",
		         name);
		if (i < 9)
			json_decref(asked(&ann, "POST", "/api/challenges", body, 201, NULL));
		else
			th_browser_refused(&ann, "POST", "/api/challenges", body, 409,
			                   "you have 10 challenges waiting for an answer");
	}
	/* the rate of an account: 2 a minute, whatever its address */
	th_stop();
	th_start(db, (const char *[]){"--create-rate", "2", NULL});
	th_browser_account(&bob, "Bob", true);
	json_decref(asked(&bob, "POST", "/api/challenges",
	                  "{\"username\": \"Dee1\", \"game\": \"three-arrows\"}", 201, NULL));
	json_decref(asked(&bob, "POST", "/api/challenges",
	                  "{\"username\": \"Dee2\", \"game\": \"three-arrows\"}", 201, NULL));
	th_browser_refused(&bob, "POST", "/api/challenges",
	                   "{\"username\": \"Dee3\", \"game\": \"three-arrows\"}", 429,
	                   "too many challenges from your account");
	th_stop();
}

/* Another accept taking the challenge over (a trigger standing for it: the challenge given a
 * claim of its own while this accept's table is written, as an accept finding this one's claim
 * stale, past ACCEPTING_S, would), or letting it go (the trigger dropped). */
static void thief(const char *db, bool on)
{
	bool pg = strchr(db, '=') != NULL;
	if (on && pg)
		th_sql(db,
		       "CREATE FUNCTION thief() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
		       "UPDATE challenges SET claim = 'thief' WHERE status = 'accepting'; RETURN "
		       "NULL; END $$; CREATE TRIGGER thief AFTER INSERT ON tables FOR EACH ROW "
		       "EXECUTE FUNCTION thief()");
	else if (on)
		th_sql(db,
		       "CREATE TRIGGER thief AFTER INSERT ON tables BEGIN UPDATE challenges SET "
		       "claim = 'thief' WHERE status = 'accepting'; END");
	else
		th_sql(db, pg ? "DROP TRIGGER thief ON tables" : "DROP TRIGGER thief");
}

/* An accept whose claim was taken over while it made its table loses: refused (409), its
 * table not kept, the challenge left to the accept that holds it, which alone wins. */
static void test_claim_lost(void **state)
{
	(void)state;
	char db[256];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_browser ann = {0}, bob = {0};
	th_browser_account(&ann, "Ann", false);
	th_browser_account(&bob, "Bob", false);
	json_t *sent = asked(&ann, "POST", "/api/challenges", CHALLENGE, 201, NULL);
	char path[96];
	snprintf(path, sizeof path, "/api/challenges/%s/accept",
	         json_string_value(json_object_get(sent, "id")));
	json_decref(sent);
	thief(db, true);
	th_browser_refused(&bob, "POST", path, NULL, 409, "taken over by another accept");
	thief(db, false);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM challenges WHERE status = "
	                                   "'accepting' AND claim = 'thief' AND table_id IS NULL"),
	                 1);
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM tables"), 0);
	/* the other accept never finishes: past its time, Bob's accept takes over and wins */
	th_sql(db, "UPDATE challenges SET answered = answered - 60");
	json_t *reply;
	json_t *done = asked(&bob, "POST", path, NULL, 200, &reply);
	assert_string_equal(json_string_value(json_object_get(done, "status")), "accepted");
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM tables"), 1);
	json_decref(done);
	json_decref(reply);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "challenges", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_follows), T(test_accept), T(test_answers),
	                                   T(test_refusals), T(test_claim_lost)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
