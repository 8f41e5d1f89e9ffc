/*
 * test_players.c - a browser's player key at `quiver serve`, from the outside: the cookie
 * quiver_key given with the first answer (its flags, Secure with --secure-cookies), a new one
 * for a cookie of the wrong form, and GET /api/me: the seats claimed with the key on two
 * tables (the one where it is the key's turn first, with its clock), a finished one with its
 * result, the name it took a seat under, nothing of another key's, the same after kill -9, and
 * a rematch's seats following the key.
 *
 * Usage: test_players PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
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

/* A request with the cookie header line `cookie` (NULL: none) that must answer `status`; the
 * reply is kept in *out (caller frees). */
static void ask(const char *method, const char *path, const char *cookie, const char *body,
                int status, tc_reply *out)
{
	char headers[256] = "";
	if (cookie)
		snprintf(headers, sizeof headers, "Cookie: %s\r\n", cookie);
	int got =
	    tc_http_with(th_server.port, method, path, headers, body, body ? strlen(body) : 0, out);
	if (got != status)
		fail_msg("%s %s answered %d, not %d: %s", method, path, got, status,
		         out->body ? out->body : "");
}

/* The key a reply's Set-Cookie gives, as the Cookie header line sends it back
 * ("quiver_key=..."), into cookie; fails when there is none. */
static void given_key(const tc_reply *r, char cookie[128])
{
	char set[512];
	if (!tc_header(r, "Set-Cookie", set, sizeof set))
		fail_msg("no Set-Cookie in the answer");
	size_t n = strcspn(set, ";");
	assert_true(n < 128);
	memcpy(cookie, set, n);
	cookie[n] = '\0';
	assert_int_equal(strncmp(cookie, "quiver_key=", 11), 0);
	assert_int_equal(strlen(cookie + 11), 64);
}

/* GET /api/me with a cookie: its body. */
static json_t *me(const char *cookie)
{
	tc_reply r;
	ask("GET", "/api/me", cookie, NULL, 200, &r);
	char set[512];
	if (tc_header(&r, "Set-Cookie", set, sizeof set))
		fail_msg("a key sent back was replaced: %s", set);
	json_t *j = json_incref(r.json);
	tc_reply_free(&r);
	assert_non_null(j);
	return j;
}

/* Creates a table (201) with a cookie; copies its id. */
static void create(const char *cookie, const char *body, char id[32])
{
	tc_reply r;
	ask("POST", "/api/tables", cookie, body, 201, &r);
	snprintf(id, 32, "%s", json_string_value(json_object_get(r.json, "id")));
	tc_reply_free(&r);
}

/* Joins a table with a cookie and a join body; copies the token. */
static void join(const char *cookie, const char *id, const char *body, char token[64])
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	tc_reply r;
	ask("POST", path, cookie, body, 200, &r);
	snprintf(token, 64, "%s", json_string_value(json_object_get(r.json, "token")));
	tc_reply_free(&r);
}

/* The entry of table id in a GET /api/me body, or NULL. */
static const json_t *listed(const json_t *body, const char *id, size_t *at)
{
	size_t i;
	const json_t *t;
	json_array_foreach(json_object_get(body, "tables"), i, t)
	{
		if (strcmp(json_string_value(json_object_get(t, "id")), id) == 0) {
			if (at)
				*at = i;
			return t;
		}
	}
	return NULL;
}

static void test_key_cookie(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	/* the first answer to a browser, whatever it asked, gives its key */
	tc_reply r;
	ask("GET", "/api/games", NULL, NULL, 200, &r);
	char set[512], cookie[128];
	assert_true(tc_header(&r, "Set-Cookie", set, sizeof set));
	assert_non_null(strstr(set, "; Path=/"));
	assert_non_null(strstr(set, "; HttpOnly"));
	assert_non_null(strstr(set, "; SameSite=Lax"));
	assert_non_null(strstr(set, "; Max-Age=31536000"));
	assert_null(strstr(set, "Secure"));
	given_key(&r, cookie);
	tc_reply_free(&r);
	/* sent back, it is kept: no new one, and nothing listed yet */
	json_t *j = me(cookie);
	assert_true(json_is_null(json_object_get(j, "name")));
	assert_true(json_is_null(json_object_get(j, "account")));
	assert_int_equal(json_array_size(json_object_get(j, "tables")), 0);
	json_decref(j);
	/* a cookie of another form (too short, capitals, other cookies around it) gets a new key */
	const char *bad[] = {"quiver_key=abc", "quiver_key=", "a=1; quiver_key=XYZ; b=2",
	                     "quiver_key=0123456789abcdef0123456789abcdef0123456789abcdef"
	                     "0123456789ABCDEF"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ask("GET", "/api/me", bad[i], NULL, 200, &r);
		char again[128];
		given_key(&r, again);
		assert_string_not_equal(again, cookie);
		assert_int_equal(json_array_size(json_object_get(r.json, "tables")), 0);
		tc_reply_free(&r);
	}
	/* a key among other cookies is found */
	char among[256];
	snprintf(among, sizeof among, "theme=dark; %s; other=x", cookie);
	json_decref(me(among));
	th_stop();
	/* --secure-cookies marks it Secure */
	const char *secure[] = {"--secure-cookies", NULL};
	th_start(th_new_db(), secure);
	ask("GET", "/", NULL, NULL, 200, &r);
	assert_true(tc_header(&r, "Set-Cookie", set, sizeof set));
	assert_non_null(strstr(set, "; Secure"));
	tc_reply_free(&r);
	th_stop();
}

static void test_my_tables(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	tc_reply r;
	char ann[128], bob[128];
	ask("GET", "/api/me", NULL, NULL, 200, &r);
	given_key(&r, ann);
	tc_reply_free(&r);
	ask("GET", "/api/me", NULL, NULL, 200, &r);
	given_key(&r, bob);
	tc_reply_free(&r);
	/* Ann: a clocked table against the computer (her turn) and a table of two people where
	 * she takes p2 (the other to move first: not her turn) */
	char solo[32], duo[32], tok_solo[64], tok_duo[64], tok_bob[64];
	create(ann,
	       "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"], \"clock\": "
	       "{\"kind\": \"move\", \"seconds\": 600}}",
	       solo);
	create(ann,
	       "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"], \"private\": true}",
	       duo);
	join(ann, duo, "{\"seat\": \"p2\", \"name\": \"Ann\"}", tok_duo);
	join(ann, solo, "{\"seat\": \"p1\"}", tok_solo);
	join(bob, duo, "{\"seat\": \"p1\", \"name\": \"Bob\"}", tok_bob);
	json_t *j = me(ann);
	assert_string_equal(json_string_value(json_object_get(j, "name")), "Ann");
	size_t at_solo = 9, at_duo = 9;
	const json_t *s = listed(j, solo, &at_solo), *d = listed(j, duo, &at_duo);
	assert_non_null(s);
	assert_non_null(d);
	assert_int_equal(json_array_size(json_object_get(j, "tables")), 2);
	assert_string_equal(json_string_value(json_object_get(s, "seat")), "p1");
	assert_string_equal(json_string_value(json_object_get(d, "seat")), "p2");
	assert_string_equal(json_string_value(json_object_get(s, "game")), "three-arrows");
	assert_true(json_is_true(json_object_get(s, "my_turn")));
	assert_true(json_is_false(json_object_get(d, "my_turn")));
	/* her turn first */
	assert_true(at_solo < at_duo);
	json_int_t left = json_integer_value(json_object_get(s, "left_ms"));
	assert_true(left > 0 && left <= 600000);
	assert_true(json_is_null(json_object_get(d, "left_ms")));
	assert_string_equal(json_string_value(json_object_get(s, "clock")), "move");
	assert_true(json_is_null(json_object_get(d, "clock")));
	assert_string_equal(json_string_value(json_object_get(
	                        json_array_get(json_object_get(d, "people"), 0), "name")),
	                    "Bob");
	assert_true(json_is_null(json_object_get(s, "result")));
	/* nothing of another key's, nor any seat's token or key */
	char *text = json_dumps(j, 0);
	assert_null(strstr(text, tok_solo));
	assert_null(strstr(text, tok_duo));
	assert_null(strstr(text, tok_bob));
	assert_null(strstr(text, ann + 11));
	assert_null(strstr(text, bob + 11));
	free(text);
	json_decref(j);
	j = me(bob);
	assert_int_equal(json_array_size(json_object_get(j, "tables")), 1);
	assert_non_null(listed(j, duo, NULL));
	assert_string_equal(json_string_value(json_object_get(j, "name")), "Bob");
	json_decref(j);

	/* Ann resigns the solo table: it is listed after the ones not over, with its result */
	th_seat p;
	th_seat_open(&p, solo, tok_solo);
	th_seat_send(&p, "{\"type\": \"resign\", \"v\": %lld}", p.v);
	while (strcmp(json_string_value(json_object_get(p.table, "status")), "over") != 0)
		th_seat_next(&p);
	th_seat_close(&p);
	j = me(ann);
	s = listed(j, solo, &at_solo);
	d = listed(j, duo, &at_duo);
	assert_non_null(s);
	assert_string_equal(json_string_value(json_object_get(s, "status")), "over");
	assert_true(json_is_array(json_object_get(s, "result")));
	assert_true(json_integer_value(json_object_get(s, "finished")) > 1.7e12);
	assert_true(json_is_null(json_object_get(d, "finished")));
	assert_true(json_is_false(json_object_get(s, "my_turn")));
	assert_true(at_duo < at_solo);
	json_decref(j);
	/* ?finished=0: the tables being played only; a bad count is refused naming the form */
	ask("GET", "/api/me?finished=0", ann, NULL, 200, &r);
	assert_int_equal(json_array_size(json_object_get(r.json, "tables")), 1);
	assert_non_null(listed(r.json, duo, NULL));
	tc_reply_free(&r);
	const char *bad[] = {"-1", "51", "x", "", "1000"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char path[64];
		snprintf(path, sizeof path, "/api/me?finished=%s", bad[i]);
		ask("GET", path, ann, NULL, 400, &r);
		assert_non_null(
		    strstr(json_string_value(json_object_get(r.json, "error")), "finished: '"));
		tc_reply_free(&r);
	}

	/* after kill -9: the same list (the finished table read back from the database) */
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	j = me(ann);
	assert_int_equal(json_array_size(json_object_get(j, "tables")), 2);
	s = listed(j, solo, NULL);
	assert_non_null(s);
	assert_string_equal(json_string_value(json_object_get(s, "status")), "over");
	assert_non_null(listed(j, duo, NULL));
	assert_string_equal(json_string_value(json_object_get(j, "name")), "Ann");
	json_decref(j);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "players", 600))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_key_cookie), T(test_my_tables)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
