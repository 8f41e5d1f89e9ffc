/*
 * test_accounts.c - optional accounts at `quiver serve`, from the outside: sign-up (its
 * recovery codes and its session cookie's flags, a username taken in any case, every bad field
 * refused by name), sign-out and sign-in (the same refusal for a wrong password and an unknown
 * username, 429 with Retry-After by the 10th failure, a success after the wait), a recovery
 * code used once, a password change ending the other sessions, the tables of a key seen from
 * another th_browser once both signed in, requests from another site refused, the export of a
 * finished game, the account's deletion, and a burst of parallel sign-ups within bounded
 * memory.
 *
 * Usage: test_accounts PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

/* The same, the reply dropped. */
static void must(th_browser *b, const char *method, const char *path, const char *body, int status)
{
	tc_reply r;
	th_browser_ask(b, method, path, body, status, &r);
	tc_reply_free(&r);
}

/* Signs up th_browser b as name with password pw (201); copies the codes into codes (may be
 * NULL). */
static void sign_up(th_browser *b, const char *name, const char *pw, char codes[8][16])
{
	char body[256];
	snprintf(body, sizeof body, "{\"username\": \"%s\", \"password\": \"%s\"}", name, pw);
	tc_reply r;
	th_browser_ask(b, "POST", "/api/accounts", body, 201, &r);
	assert_string_equal(json_string_value(json_object_get(r.json, "username")), name);
	const json_t *list = json_object_get(r.json, "recovery_codes");
	assert_int_equal(json_array_size(list), 8);
	for (size_t i = 0; i < 8; i++) {
		const char *code = json_string_value(json_array_get(list, i));
		assert_non_null(code);
		assert_int_equal(strlen(code), 11);
		assert_int_equal(code[5], '-');
		if (codes)
			snprintf(codes[i], 16, "%s", code);
	}
	assert_int_equal(strlen(b->session), 15 + 64);
	tc_reply_free(&r);
}

/* Signs th_browser b in (status: 200, or the refusal expected). */
static void sign_in(th_browser *b, const char *name, const char *pw, int status)
{
	char body[256];
	snprintf(body, sizeof body, "{\"username\": \"%s\", \"password\": \"%s\"}", name, pw);
	must(b, "POST", "/api/session", body, status);
}

/* The username GET /api/me gives th_browser b ("" for null). */
static void me_account(th_browser *b, char out[64])
{
	tc_reply r;
	th_browser_ask(b, "GET", "/api/me", NULL, 200, &r);
	const json_t *a = json_object_get(r.json, "account");
	snprintf(out, 64, "%s",
	         json_is_null(a) ? "" : json_string_value(json_object_get(a, "username")));
	tc_reply_free(&r);
}

static void assert_signed_in(th_browser *b, const char *name)
{
	char got[64];
	me_account(b, got);
	assert_string_equal(got, name);
}

static void test_sign_up(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser ann = {0};
	tc_reply r;
	th_browser_ask(&ann, "POST", "/api/accounts",
	               "{\"username\": \" Ann \", \"password\": \"correct horse\"}", 201, &r);
	char set[512];
	const char *line = strstr(r.headers, "Set-Cookie: quiver_session=");
	assert_non_null(line);
	snprintf(set, sizeof set, "%.*s", (int)strcspn(line, "\r\n"), line);
	assert_non_null(strstr(set, "; Path=/"));
	assert_non_null(strstr(set, "; HttpOnly"));
	assert_non_null(strstr(set, "; SameSite=Lax"));
	assert_non_null(strstr(set, "; Max-Age=2592000"));
	assert_null(strstr(set, "Secure"));
	assert_string_equal(json_string_value(json_object_get(r.json, "username")), "Ann");
	tc_reply_free(&r);
	assert_signed_in(&ann, "Ann");
	/* taken in any case */
	th_browser other = {0};
	th_browser_refused(&other, "POST", "/api/accounts",
	                   "{\"username\": \"aNN\", \"password\": \"another horse\"}", 409,
	                   "taken");
	assert_string_equal(other.session, "");
	/* every bad field, by name */
	const char *const bad[][2] = {
	    {"{\"password\": \"correct horse\"}", "username: missing"},
	    {"{\"username\": \"Bob\"}", "password: missing"},
	    {"{\"username\": 7, \"password\": \"correct horse\"}", "username: not a string"},
	    {"{\"username\": \"Bob\", \"password\": [1]}", "password: not a string"},
	    {"{\"username\": \"Bob\", \"password\": \"short\"}", "password: expected 8 to 256"},
	    {"{\"username\": \"Bob\", \"password\": \"password1\"}", "most common"},
	    {"{\"username\": \"Bob\", \"password\": \"QWERTYUIOP\"}", "most common"},
	    {"{\"username\": \"Bobbybob\", \"password\": \"BOBBYBOB\"}", "not be the username"},
	    {"{\"username\": \"\", \"password\": \"correct horse\"}", "username: "},
	    {"{\"username\": \"p1\", \"password\": \"correct horse\"}", "username: "},
	    {"{\"username\": \"Bob\", \"password\": \"correct horse\", \"x\": 1}",
	     "unknown field 'x'"},
	    {"{\"username\": \"Bob\", \"password\": ", "broken JSON"},
	    {"[1]", "expected a JSON object"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		th_browser_refused(&other, "POST", "/api/accounts", bad[i][0], 400, bad[i][1]);
	/* too long: 257 characters (of two bytes each: 514 bytes, within the bytes' bound) */
	char body[1200] = "{\"username\": \"Bob\", \"password\": \"";
	for (int i = 0; i < 257; i++)
		strcat(body, "\xc3\xa9");
	strcat(body, "\"}");
	th_browser_refused(&other, "POST", "/api/accounts", body, 400,
	                   "password: expected 8 to 256");
	/* 256 of them are a password */
	body[strlen(body) - 4] = '\0';
	strcat(body, "\"}");
	must(&other, "POST", "/api/accounts", body, 201);
	assert_signed_in(&other, "Bob");
	th_stop();
	/* --secure-cookies marks the session's cookie Secure */
	const char *secure[] = {"--secure-cookies", NULL};
	th_start(th_new_db(), secure);
	th_browser_ask(NULL, "POST", "/api/accounts",
	               "{\"username\": \"Cy\", \"password\": \"correct horse\"}", 201, &r);
	line = strstr(r.headers, "Set-Cookie: quiver_session=");
	assert_non_null(line);
	snprintf(set, sizeof set, "%.*s", (int)strcspn(line, "\r\n"), line);
	assert_non_null(strstr(set, "; Secure"));
	tc_reply_free(&r);
	th_stop();
}

static void test_sign_in_out(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser ann = {0};
	sign_up(&ann, "Ann", "correct horse", NULL);
	th_browser old = ann;
	/* sign-out: 204, the cookie cleared, the session gone */
	tc_reply r;
	th_browser_ask(&ann, "DELETE", "/api/session", NULL, 204, &r);
	assert_non_null(strstr(r.headers, "Set-Cookie: quiver_session=; Path=/; Max-Age=0"));
	tc_reply_free(&r);
	assert_string_equal(ann.session, "");
	assert_signed_in(&ann, "");
	assert_signed_in(&old, "");
	th_browser_refused(&old, "DELETE", "/api/session", NULL, 401, "sign in first");
	th_browser_refused(&old, "GET", "/api/account/export", NULL, 401, "sign in first");
	th_browser_refused(NULL, "POST", "/api/account/password",
	                   "{\"old\": \"a\", \"new\": \"b\"}", 401, "sign in first");
	/* a wrong password and an unknown username get the same answer */
	th_browser_refused(&ann, "POST", "/api/session",
	                   "{\"username\": \"Ann\", \"password\": \"wrong horse\"}", 401,
	                   "wrong username or password");
	th_browser_refused(&ann, "POST", "/api/session",
	                   "{\"username\": \"Nobody\", \"password\": \"correct horse\"}", 401,
	                   "wrong username or password");
	th_browser_refused(&ann, "POST", "/api/session", "{\"username\": \"Ann\"}", 400,
	                   "password: missing");
	th_browser_refused(
	    &ann, "POST", "/api/session",
	    "{\"username\": \"Ann\", \"password\": \"correct horse\", \"keep\": true}", 400,
	    "unknown field 'keep'");
	/* the right one, in any case of the username */
	sign_in(&ann, "ANN", "correct horse", 200);
	assert_signed_in(&ann, "Ann");
	/* signing in as another account from the same th_browser ends the session it had */
	th_browser bob = {0};
	sign_up(&bob, "Bob", "another horse", NULL);
	th_browser as_ann = ann;
	sign_in(&ann, "Bob", "another horse", 200);
	assert_signed_in(&ann, "Bob");
	assert_signed_in(&as_ann, "");
	th_stop();
}

/* A session used again more than a day after its last renewal is renewed: its cookie is sent
 * again for 30 more days. A session unused for 30 days no longer signs anyone in, and the next
 * session to start deletes it from the database. */
static void test_expired_session(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);
	th_browser ann = {0};
	sign_up(&ann, "Ann", "correct horse", NULL);
	assert_signed_in(&ann, "Ann");
	th_stop();
	/* two days pass: the next request renews it */
	th_sql(db, "UPDATE sessions SET seen = seen - 2 * 86400");
	th_start(db, NULL);
	char before[128];
	snprintf(before, sizeof before, "%s", ann.session);
	tc_reply r;
	th_browser_ask(&ann, "GET", "/api/me", NULL, 200, &r);
	char expect[192];
	snprintf(expect, sizeof expect, "Set-Cookie: %s; Path=/; Max-Age=2592000", before);
	assert_non_null(strstr(r.headers, expect));
	tc_reply_free(&r);
	assert_string_equal(ann.session, before);
	assert_signed_in(&ann, "Ann");
	th_stop();
	/* 31 days pass for Ann's session (its last use set back) */
	th_sql(db, "UPDATE sessions SET seen = seen - 31 * 86400");
	th_start(db, NULL);
	assert_signed_in(&ann, "");
	th_browser bob = {0};
	sign_up(&bob, "Bob", "another horse", NULL);
	th_stop();
	assert_int_equal(th_sql_number(db, "SELECT count(*) FROM sessions"), 1); /* Bob's only */
}

/* The Retry-After of a reply, in seconds (-1: none). */
static long retry_after(const tc_reply *r)
{
	char v[32];
	return tc_header(r, "Retry-After", v, sizeof v) ? atol(v) : -1;
}

static void test_throttle(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser ann = {0}, eve = {0};
	sign_up(&ann, "Ann", "correct horse", NULL);
	int failures = 0, refused = 0;
	long wait = -1;
	tc_reply r;
	/* guesses until the username must wait 4 s or more: each wait (1 s, then 2 s) is waited
	 * out and guessed after once more, so that what follows meets a wait a loaded machine
	 * cannot outlast between two requests (a wait of 1 s could end before the next one) */
	for (int i = 0; i < 20 && wait < 4; i++) {
		int got = tc_http_with(th_server.port, "POST", "/api/session", NULL,
		                       "{\"username\": \"ann\", \"password\": \"guess\"}", 40, &r);
		if (got == 429) {
			wait = retry_after(&r);
			const char *e = json_string_value(json_object_get(r.json, "error"));
			char secs[32];
			snprintf(secs, sizeof secs, "try again in %ld s", wait);
			assert_non_null(e);
			assert_non_null(strstr(e, secs));
			refused++;
			if (wait < 4)
				sleep((unsigned)wait);
		} else {
			assert_int_equal(got, 401);
			failures++;
		}
		tc_reply_free(&r);
	}
	/* throttled with a wait after 3 free failures, and the right password waits too: from
	 * another address, which the username's count holds (from the guesses' address it would
	 * wait its turn at the pace of password requests first, 500 ms) */
	assert_true(wait >= 4 && wait <= 900);
	assert_true(refused >= 1);
	assert_true(failures >= 3 && failures < 10);
	tc_set_source("127.0.0.77");
	th_browser_refused(&eve, "POST", "/api/session",
	                   "{\"username\": \"Ann\", \"password\": \"correct horse\"}", 429,
	                   "try again in");
	tc_set_source(NULL);
	/* after the wait, the right password signs in, and the count starts over */
	sleep((unsigned)wait + 1);
	sign_in(&eve, "Ann", "correct horse", 200);
	th_browser_refused(&eve, "POST", "/api/session",
	                   "{\"username\": \"Ann\", \"password\": \"guess\"}", 401,
	                   "wrong username or password");
	sign_in(&eve, "Ann", "correct horse", 200);
	th_stop();
}

static void test_recovery(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser ann = {0}, lost = {0};
	char codes[8][16], body[256];
	sign_up(&ann, "Ann", "correct horse", codes);
	snprintf(body, sizeof body,
	         "{\"username\": \"ann\", \"code\": \"%s\", \"password\": \"battery staple\"}",
	         codes[3]);
	must(&lost, "POST", "/api/accounts/recover", body, 200);
	assert_signed_in(&lost, "Ann");
	/* the other session ended; the new password is the one */
	assert_signed_in(&ann, "");
	sign_in(&ann, "Ann", "correct horse", 401);
	sign_in(&ann, "Ann", "battery staple", 200);
	/* a code works once; a wrong one never */
	th_browser_refused(&lost, "POST", "/api/accounts/recover", body, 403, "recovery code");
	th_browser_refused(
	    &lost, "POST", "/api/accounts/recover",
	    "{\"username\": \"Ann\", \"code\": \"aaaaa-aaaaa\", \"password\": \"battery "
	    "staple\"}",
	    403, "recovery code");
	th_browser_refused(&lost, "POST", "/api/accounts/recover",
	                   "{\"username\": \"Ann\", \"code\": 5, \"password\": \"battery staple\"}",
	                   400, "code: not a string");
	th_browser_refused(
	    &lost, "POST", "/api/accounts/recover",
	    "{\"username\": \"Ann\", \"code\": \"aaaaa-aaaaa\", \"password\": \"12345678\"}", 400,
	    "password: one of the most common");
	/* another code, typed in capitals without its dash */
	char upper[16];
	size_t n = 0;
	for (const char *p = codes[5]; *p; p++)
		if (*p != '-')
			upper[n++] = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
	upper[n] = '\0';
	snprintf(body, sizeof body,
	         "{\"username\": \"Ann\", \"code\": \"%s\", \"password\": \"third horse\"}", upper);
	must(&lost, "POST", "/api/accounts/recover", body, 200);
	sign_in(&ann, "Ann", "third horse", 200);
	th_stop();
}

static void test_password_change(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser a = {0}, b = {0};
	sign_up(&a, "Ann", "correct horse", NULL);
	sign_in(&b, "Ann", "correct horse", 200);
	th_browser b_old = b;
	th_browser_refused(&b, "POST", "/api/account/password",
	                   "{\"old\": \"wrong horse\", \"new\": \"battery staple\"}", 403,
	                   "old: not your current password");
	th_browser_refused(&b, "POST", "/api/account/password",
	                   "{\"old\": \"correct horse\", \"new\": \"ann\"}", 400,
	                   "new: expected 8");
	th_browser_refused(&b, "POST", "/api/account/password", "{\"old\": \"correct horse\"}", 400,
	                   "new: missing");
	must(&b, "POST", "/api/account/password",
	     "{\"old\": \"correct horse\", \"new\": \"battery staple\"}", 200);
	/* b has a new session; its old one and a's have ended */
	assert_string_not_equal(b.session, b_old.session);
	assert_signed_in(&b, "Ann");
	assert_signed_in(&b_old, "");
	assert_signed_in(&a, "");
	sign_in(&a, "Ann", "battery staple", 200);
	assert_signed_in(&a, "Ann");
	th_stop();
}

/* Creates a table of two people with th_browser b's key and joins p1 in it; copies the id and the
 * token. */
static void table_with(th_browser *b, char id[32], char token[64])
{
	tc_reply r;
	th_browser_ask(b, "POST", "/api/tables",
	               "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", 201, &r);
	snprintf(id, 32, "%s", json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	th_browser_ask(b, "POST", path, "{\"seat\": \"p1\", \"name\": \"Ann\"}", 200, &r);
	snprintf(token, 64, "%s", json_string_value(json_object_get(r.json, "token")));
	tc_reply_free(&r);
}

/* Whether GET /api/me lists table id to th_browser b. */
static bool lists(th_browser *b, const char *id)
{
	tc_reply r;
	th_browser_ask(b, "GET", "/api/me", NULL, 200, &r);
	bool found = false;
	size_t i;
	const json_t *t;
	json_array_foreach(json_object_get(r.json, "tables"), i, t) found |=
	    strcmp(json_string_value(json_object_get(t, "id")), id) == 0;
	tc_reply_free(&r);
	return found;
}

static void test_key_merge(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser home = {0}, work = {0};
	must(&home, "GET", "/api/games", NULL, 200);
	must(&work, "GET", "/api/games", NULL, 200);
	assert_true(home.key[0] && work.key[0]);
	char id[32], token[64];
	table_with(&home, id, token);
	assert_false(lists(&work, id));
	sign_up(&home, "Ann", "correct horse", NULL);
	sign_in(&work, "Ann", "correct horse", 200);
	/* the table of home's key, seen from work */
	assert_true(lists(&work, id));
	/* and a table of work's key, seen from home */
	char id2[32];
	table_with(&work, id2, token);
	assert_true(lists(&home, id2));
	/* signed out, work sees only its own key's */
	must(&work, "DELETE", "/api/session", NULL, 204);
	assert_false(lists(&work, id));
	assert_true(lists(&work, id2));
	th_stop();
}

static void test_cross_site(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser evil = {.origin = "http://evil.example"}, own = {0};
	snprintf(own.origin, sizeof own.origin, "http://127.0.0.1:%d", th_server.port);
	const char *up = "{\"username\": \"Ann\", \"password\": \"correct horse\"}";
	th_browser_refused(&evil, "POST", "/api/accounts", up, 403, "cross-site request refused");
	must(&own, "POST", "/api/accounts", up, 201);
	th_browser_refused(&evil, "POST", "/api/session", up, 403, "cross-site request refused");
	/* a session's cookie sent from another site changes nothing */
	snprintf(evil.session, sizeof evil.session, "%s", own.session);
	th_browser_refused(&evil, "POST", "/api/account/password",
	                   "{\"old\": \"correct horse\", \"new\": \"battery staple\"}", 403,
	                   "cross-site request refused");
	th_browser_refused(&evil, "DELETE", "/api/account", "{\"password\": \"correct horse\"}",
	                   403, "cross-site request refused");
	th_browser_refused(&evil, "DELETE", "/api/session", NULL, 403,
	                   "cross-site request refused");
	th_browser_refused(
	    &evil, "POST", "/api/accounts/recover",
	    "{\"username\": \"Ann\", \"code\": \"aaaaa-aaaaa\", \"password\": \"x1234567\"}", 403,
	    "cross-site request refused");
	assert_signed_in(&own, "Ann");
	/* https:// and the same host is the server's own too; without an Origin, allowed */
	snprintf(own.origin, sizeof own.origin, "https://127.0.0.1:%d", th_server.port);
	must(&own, "POST", "/api/session", up, 200);
	own.origin[0] = '\0';
	must(&own, "DELETE", "/api/session", NULL, 204);
	th_stop();
}

/* Plays table id to its end: p1 (token) resigns. */
static void resign(const char *id, const char *token)
{
	th_seat p;
	th_seat_open(&p, id, token);
	th_seat_send(&p, "{\"type\": \"resign\", \"v\": %lld}", p.v);
	while (strcmp(json_string_value(json_object_get(p.table, "status")), "over") != 0)
		th_seat_next(&p);
	th_seat_close(&p);
}

static void test_export_delete(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	th_browser ann = {0}, bob = {0};
	must(&ann, "GET", "/api/games", NULL, 200);
	char over[32], open[32], token[64], bob_token[64];
	table_with(&ann, over, token);
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", over);
	tc_reply r;
	th_browser_ask(&bob, "POST", path, "{\"seat\": \"p2\", \"name\": \"Bob\"}", 200, &r);
	snprintf(bob_token, sizeof bob_token, "%s",
	         json_string_value(json_object_get(r.json, "token")));
	tc_reply_free(&r);
	resign(over, token);
	table_with(&ann, open, token);
	sign_up(&ann, "Ann", "correct horse", NULL);
	/* the finished game's record, not the open one */
	th_browser_ask(&ann, "GET", "/api/account/export", NULL, 200, &r);
	assert_string_equal(json_string_value(json_object_get(r.json, "username")), "Ann");
	const json_t *games = json_object_get(r.json, "games");
	assert_int_equal(json_array_size(games), 1);
	const json_t *rec = json_array_get(games, 0);
	assert_true(json_is_object(rec));
	assert_string_equal(json_string_value(json_object_get(rec, "game")), "three-arrows");
	tc_reply_free(&r);
	/* deletion: the password is asked for */
	th_browser other = {0};
	sign_in(&other, "Ann", "correct horse", 200);
	th_browser_refused(&ann, "DELETE", "/api/account", "{\"password\": \"wrong horse\"}", 403,
	                   "password: not your current password");
	th_browser_refused(&ann, "DELETE", "/api/account", "{}", 400, "password: missing");
	th_browser_ask(&ann, "DELETE", "/api/account", "{\"password\": \"correct horse\"}", 204,
	               &r);
	assert_non_null(strstr(r.headers, "Set-Cookie: quiver_session=; Path=/; Max-Age=0"));
	tc_reply_free(&r);
	/* its sessions are gone, it signs in no more, its name is free, the key's tables stay */
	assert_signed_in(&ann, "");
	assert_signed_in(&other, "");
	assert_false(lists(&other, over));
	assert_true(lists(&ann, over));
	sign_in(&other, "Ann", "correct horse", 401);
	sign_up(&other, "ann", "another horse", NULL);
	assert_false(lists(&other, over));
	th_stop();
}

/* The sign-ups of the burst not yet answered. */
static atomic_int burst_left;

/* One sign-up of the burst, from an address of its own (the password gate takes at most 2 of
 * one address at once, and answers the next 429): its number is its argument; returns its
 * status. */
static void *burst_one(void *arg)
{
	char body[128], source[32];
	snprintf(source, sizeof source, "127.0.20.%d", 10 + (int)(intptr_t)arg);
	tc_set_source(source);
	snprintf(body, sizeof body, "{\"username\": \"Burst%d\", \"password\": \"correct horse\"}",
	         (int)(intptr_t)arg);
	tc_reply r;
	int got =
	    tc_http_with(th_server.port, "POST", "/api/accounts", NULL, body, strlen(body), &r);
	tc_reply_free(&r);
	atomic_fetch_sub(&burst_left, 1);
	return (void *)(intptr_t)got;
}

static void test_burst(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	must(NULL, "GET", "/api/games", NULL, 200);
	long before = th_server_status("VmRSS");
	assert_true(before > 0);
	enum { N = 6 };
	pthread_t t[N];
	atomic_store(&burst_left, N);
	for (int i = 0; i < N; i++)
		assert_int_equal(pthread_create(&t[i], NULL, burst_one, (void *)(intptr_t)i), 0);
	/* the server's memory, every 5 ms while the hashes run */
	long peak = before;
	while (atomic_load(&burst_left) > 0) {
		long now = th_server_status("VmRSS");
		peak = now > peak ? now : peak;
		usleep(5000);
	}
	for (int i = 0; i < N; i++) {
		void *got;
		assert_int_equal(pthread_join(t[i], &got), 0);
		assert_int_equal((int)(intptr_t)got, 201);
	}
	long after = th_server_status("VmRSS");
	/* 2 hashes at once of 64 MiB each (6 at once would be 384 MiB): well under 400 MB more */
	print_message("VmRSS %ld kB before, %ld kB after, %ld kB at most\n", before, after, peak);
	assert_true(after - before < 400 * 1024);
	assert_true(peak - before < 400 * 1024);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "accounts", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_sign_up),         T(test_sign_in_out),
	                                   T(test_throttle),        T(test_recovery),
	                                   T(test_password_change), T(test_key_merge),
	                                   T(test_cross_site),      T(test_export_delete),
	                                   T(test_burst),           T(test_expired_session)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
