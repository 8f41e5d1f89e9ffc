/*
 * test_invites.c - an invite seat is taken only with its code, once, and the code is never
 * shown to anyone but the table's creator. The attacks: joining an invite seat without its
 * code or with a guessed one (403), with a code already used (409), and reading the code, or
 * another seat's token, in any answer, frame or lobby list, during the game and after its end
 * (the audit's invite_end: an invite table played to its end, every answer and frame searched),
 * or in the database file (only hashes are kept).
 *
 * Usage: test_invites PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _GNU_SOURCE /* memmem */
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
#include "server/base/token.h"

/* The seat entry p of info. */
static const json_t *seat_of(const json_t *info, int p)
{
	return json_array_get(json_object_get(info, "seats"), (size_t)p);
}

static void join_refused(const char *id, const char *body, int status, const char *words)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	th_refused("POST", path, body, status, words);
}

/* The code is given once, to the creator; without it, with a wrong one, or a second time, the
 * seat is refused (403, 403, 409) and nothing changes; the code survives kill -9 (its hash is
 * kept with the table). */
static void test_codes(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	json_t *made = th_http("POST", "/api/tables",
	                       "{\"game\": \"evons\", \"seats\": [\"human\", \"invite\"]}", 201);
	char id[32], code[64];
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(made, "id")));
	const json_t *invites = json_object_get(made, "invites");
	assert_int_equal(json_array_size(invites), 1);
	assert_string_equal(json_string_value(json_object_get(json_array_get(invites, 0), "seat")),
	                    "p2");
	snprintf(code, sizeof code, "%s",
	         json_string_value(json_object_get(json_array_get(invites, 0), "code")));
	assert_int_equal(strlen(code), 32);
	assert_int_equal(strspn(code, "0123456789abcdef"), 32);
	/* The kind stays human; only p1 is open. */
	assert_string_equal(json_string_value(json_object_get(seat_of(made, 1), "kind")), "human");
	assert_true(json_is_true(json_object_get(seat_of(made, 0), "open")));
	assert_true(json_is_false(json_object_get(seat_of(made, 1), "open")));
	json_decref(made);
	/* Nobody else ever sees the code: not the info, not the lobby, not a spectator. */
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s", id);
	tc_reply r;
	assert_int_equal(tc_http(th_server.port, "GET", path, NULL, 0, &r), 200);
	assert_null(strstr(r.body, code));
	assert_null(json_object_get(r.json, "invites"));
	tc_reply_free(&r);
	assert_int_equal(tc_http(th_server.port, "GET", "/api/tables", NULL, 0, &r), 200);
	assert_null(strstr(r.body, code));
	tc_reply_free(&r);
	th_seat watcher;
	th_seat_open(&watcher, id, NULL);
	assert_false(th_seat_heard(&watcher, code));
	/* A table without invite seats answers an empty list. */
	made = th_http("POST", "/api/tables", "{\"game\": \"evons\"}", 201);
	assert_int_equal(json_array_size(json_object_get(made, "invites")), 0);
	json_decref(made);

	/* Without the code, with a wrong one: 403, and nothing changes. */
	join_refused(id, "{\"seat\": \"p2\"}", 403, "invite code");
	join_refused(id, "{\"seat\": \"p2\", \"invite\": \"0123456789abcdef0123456789abcdef\"}",
	             403, "not the invite code");
	join_refused(id, "{\"invite\": \"0123456789abcdef0123456789abcdef\"}", 403,
	             "not the invite code");
	join_refused(id, "{\"seat\": \"p1\", \"invite\": \"abc\"}", 400, "open seat");
	join_refused(id, "{\"invite\": 7}", 400, "invite");
	json_t *info = th_info(id);
	assert_true(json_is_false(json_object_get(seat_of(info, 1), "claimed")));
	json_decref(info);
	/* {} takes the open seat, never the invited one. */
	char t1[64], t2[64];
	th_join_with(id, "{}", "p1", t1);
	join_refused(id, "{}", 409, "invited");
	/* The code survives kill -9 (its hash is stored), and works once. */
	th_seat_close(&watcher);
	assert_int_equal(tc_server_stop(&th_server, SIGKILL) & 0x7f, SIGKILL);
	th_start(db, NULL);
	char body[128];
	snprintf(body, sizeof body, "{\"invite\": \"%s\"}", code);
	th_join_with(id, body, "p2", t2);
	join_refused(id, body, 409, "already taken");
	snprintf(body, sizeof body, "{\"seat\": \"p2\", \"invite\": \"%s\"}", code);
	join_refused(id, body, 409, "already taken");
	info = th_info(id);
	assert_string_equal(json_string_value(json_object_get(info, "status")), "playing");
	json_decref(info);
	th_stop();
}

/* The secrets of the table played to its end: the codes as given and as kept (their hashes),
 * and each seat's token. */
typedef struct secrets {
	char code[2][64], code_hash[2][QV__HASH_LEN + 1];
	char token[2][64], token_hash[2][QV__HASH_LEN + 1];
} secrets;

/* Fails when text holds a code, a hash the table keeps, or a token other than `own` (a seat's
 * own token, which only its join answer carries: -1 for none). */
static void search(const char *where, const char *text, const secrets *s, int own)
{
	for (int i = 0; i < 2; i++) {
		if (strstr(text, s->code[i]))
			fail_msg("%s holds p%d's invite code", where, i + 1);
		if (strstr(text, s->code_hash[i]) || strstr(text, s->token_hash[i]))
			fail_msg("%s holds a hash the table keeps for p%d", where, i + 1);
		if (i != own && strstr(text, s->token[i]))
			fail_msg("%s holds p%d's token", where, i + 1);
	}
}

/* A public ConCardia table of two invite seats, joined with their codes, played until p2
 * resigns, with a spectator: every frame of the three connections, and the info, record,
 * replay and lobby during and after the game, hold no code, no kept hash, no other seat's
 * token; nor does the database file hold a code or a token in clear. */
static void test_to_the_end(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, NULL);
	json_t *made = th_http("POST", "/api/tables",
	                       "{\"game\": \"concardia\", \"seats\": [\"invite\", \"invite\"], "
	                       "\"private\": false}",
	                       201);
	char id[32];
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(made, "id")));
	secrets s;
	for (int i = 0; i < 2; i++) {
		const json_t *inv = json_array_get(json_object_get(made, "invites"), (size_t)i);
		snprintf(s.code[i], sizeof s.code[i], "%s",
		         json_string_value(json_object_get(inv, "code")));
		qv__token_hash(s.code[i], strlen(s.code[i]), s.code_hash[i]);
	}
	json_decref(made);
	for (int i = 0; i < 2; i++) {
		char body[128], seat[16];
		snprintf(body, sizeof body, "{\"invite\": \"%s\"}", s.code[i]);
		snprintf(seat, sizeof seat, "p%d", i + 1);
		th_join_with(id, body, seat, s.token[i]);
		qv__token_hash(s.token[i], strlen(s.token[i]), s.token_hash[i]);
	}
	th_seat seats[3];
	th_seat_open(&seats[0], id, s.token[0]);
	th_seat_open(&seats[1], id, s.token[1]);
	th_seat_open(&seats[2], id, NULL);
	/* A few decisions, then the answers of a table in play. */
	for (int k = 0; k < 6; k++) {
		th_seat_drain(&seats[0]);
		th_seat_drain(&seats[1]);
		th_seat *mover = NULL;
		for (int i = 0; i < 2 && !mover; i++)
			if (json_object_get(seats[i].view, "legal"))
				mover = &seats[i];
		if (!mover)
			break;
		long long v = mover->v;
		th_seat_act(mover, th_seat_first(mover));
		th_seat_reach(mover, v + 1);
	}
	static const char *const paths[] = {"", "/record", "/replay"};
	char path[96];
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "/api/tables/%s%s", id, paths[i]);
		tc_reply r;
		tc_http(th_server.port, "GET", path, NULL, 0, &r);
		search(path, r.body ? r.body : "", &s, -1);
		tc_reply_free(&r);
	}
	/* p2 resigns: the game is over. */
	th_seat_reach(&seats[1], seats[0].v);
	th_seat_send(&seats[1], "{\"type\": \"resign\", \"v\": %lld}", seats[1].v);
	for (int i = 0; i < 3; i++)
		while (strcmp(json_string_value(json_object_get(seats[i].table, "status")), "over"))
			th_seat_next(&seats[i]);
	for (int i = 0; i < 3; i++) {
		th_seat_drain(&seats[i]);
		char where[64];
		for (size_t f = 0; f < json_array_size(seats[i].frames); f++) {
			snprintf(where, sizeof where, "frame %zu of connection %d", f, i);
			search(where, json_string_value(json_array_get(seats[i].frames, f)), &s,
			       i < 2 ? i : -1);
		}
	}
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "/api/tables/%s%s", id, paths[i]);
		tc_reply r;
		assert_int_equal(tc_http(th_server.port, "GET", path, NULL, 0, &r), 200);
		search(path, r.body, &s, -1);
		tc_reply_free(&r);
	}
	tc_reply r;
	assert_int_equal(tc_http(th_server.port, "GET", "/api/tables", NULL, 0, &r), 200);
	search("the lobby", r.body, &s, -1);
	tc_reply_free(&r);
	for (int i = 0; i < 3; i++)
		th_seat_close(&seats[i]);
	th_stop();
	/* The database keeps hashes only. */
	static const char *const suffixes[] = {"", "-wal"};
	for (int k = 0; k < 2; k++) {
		char file[192];
		snprintf(file, sizeof file, "%s%s", db, suffixes[k]);
		FILE *fp = fopen(file, "rb");
		if (!fp)
			continue;
		fseek(fp, 0, SEEK_END);
		long size = ftell(fp);
		rewind(fp);
		char *bytes = calloc(1, (size_t)size + 1);
		assert_int_equal(fread(bytes, 1, (size_t)size, fp), (size_t)size);
		fclose(fp);
		for (int i = 0; i < 2; i++)
			if (memmem(bytes, (size_t)size, s.code[i], 32) ||
			    memmem(bytes, (size_t)size, s.token[i], 32))
				fail_msg("%s holds p%d's code or token in clear", file, i + 1);
		free(bytes);
	}
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "invites", 600) || qv__crypto_init(NULL))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_codes),
	    T(test_to_the_end),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
