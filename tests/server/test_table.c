/*
 * test_table.c - the server's table logic without sockets: token hashes against the FIPS 180-4
 * examples and hashes stored before libsodium, tokens, table requests, versions, stale and
 * out-of-turn acts, undo policy, AI steps, people's forced decisions held (AI seats' applied),
 * the per-viewer log (secret commitments show only their verb to the others, undo reported as
 * lines taken back), tables rebuilt from the store, and the clocks a takeback sets back (the
 * marks kept, bounded, and what happens without one).
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "../support/tmpdir.h"
#include "server/base/token.h"
#include "server/table/table.h"
#include "server/ws/frame.h"

/* ---- tokens -------------------------------------------------------------------------------- */

/* The stored hash of a token is the SHA-256 of its 32 hex digits, in lowercase hex: the
 * examples of FIPS 180-4, and tokens whose hashes were computed by the server's own SHA-256
 * before it used libsodium (so databases written then still let their seats in). */
static void test_token_hashes(void **state)
{
	(void)state;
	char hex[65];
	qv__token_hash("abc", 3, hex);
	assert_string_equal(hex,
	                    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	qv__token_hash(two, strlen(two), hex);
	assert_string_equal(hex,
	                    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	qv__token_hash("", 0, hex);
	assert_string_equal(hex,
	                    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	static const struct {
		const char *token, *hash;
	} old[] = {
	    {"ada6c799262b504bc4f2b1e5ff4715c0",
	     "49728b61a914378b4bf1cf6f357ce8d2219f1a053d19419ffdf56623cb8bb7c6"},
	    {"00000000000000000000000000000000",
	     "84e0c0eafaa95a34c293f278ac52e45ce537bab5e752a00e6959a13ae103b65a"},
	};
	for (size_t i = 0; i < sizeof old / sizeof old[0]; i++) {
		qv__token_hash(old[i].token, 32, hex);
		assert_string_equal(hex, old[i].hash);
		assert_true(qv__token_matches(old[i].token, 32, old[i].hash));
	}
	/* A stored hash that is not 64 hex digits matches nothing. */
	char cut[64];
	memcpy(cut, old[0].hash, 63);
	cut[63] = '\0';
	assert_false(qv__token_matches(old[0].token, 32, cut));
	char longer[66];
	snprintf(longer, sizeof longer, "%s0", old[0].hash);
	assert_false(qv__token_matches(old[0].token, 32, longer));
	char bad[65];
	snprintf(bad, sizeof bad, "%s", old[0].hash);
	bad[10] = 'g';
	assert_false(qv__token_matches(old[0].token, 32, bad));
}

static void test_tokens(void **state)
{
	(void)state;
	char t1[33], h1[65], t2[33], h2[65];
	qv__token_new(t1, h1);
	qv__token_new(t2, h2);
	assert_int_equal(strlen(t1), 32);
	assert_int_equal(strlen(h1), 64);
	assert_string_not_equal(t1, t2);
	assert_true(qv__token_matches(t1, 32, h1));
	assert_false(qv__token_matches(t2, 32, h1));
	assert_false(qv__token_matches(t1, 31, h1));
	assert_false(qv__token_matches(t1, 32, "abc"));
	assert_false(qv__token_matches(t1, 32, ""));
	/* The stored hash is not the token. */
	assert_null(strstr(h1, t1));
	char id[17];
	qv__table_id_new(id);
	assert_true(qv__table_id_valid(id));
	assert_false(qv__table_id_valid("0123456789abcde"));
	assert_false(qv__table_id_valid("0123456789abcdef0"));
	assert_false(qv__table_id_valid("0123456789ABCDEF"));
	assert_false(qv__table_id_valid("../../etc/passwd"));
}

/* ---- helpers -------------------------------------------------------------------------------- */

/* A table made from a request written as JSON text; fails the test if refused. */
static qv__table *make(qv__store *store, const char *request)
{
	json_t *req = json_loads(request, 0, NULL);
	assert_non_null(req);
	qv__table *t;
	qv_err err;
	qv_status rc = qv__table_create(&t, store, req, "", &err);
	json_decref(req);
	if (rc)
		fail_msg("%s: %s", request, err.msg);
	return t;
}

/* A refused request: the status and a message containing words. */
static void refused(const char *request, const char *words)
{
	json_t *req = json_loads(request, 0, NULL);
	assert_non_null(req);
	qv__table *t = NULL;
	qv_err err = {""};
	assert_int_equal(qv__table_create(&t, NULL, req, "", &err), QV_EINVAL);
	assert_null(t);
	if (!strstr(err.msg, words))
		fail_msg("%s: message '%s' does not name '%s'", request, err.msg, words);
	json_decref(req);
}

/* The legal actions of the match's player to move, listed into `acts` (room for every game's
 * max_actions); their number. */
static qv_action acts[1 << 15];

static int listed(const qv_match *m)
{
	assert_true(m->game->max_actions <= (int)(sizeof acts / sizeof acts[0]));
	return m->game->legal(m->state, acts);
}

/* The first legal action of the player to move, in notation. */
static void first_legal(qv__table *t, char *buf, size_t len)
{
	qv_match *m = t->m;
	int n = listed(m);
	assert_true(n > 0);
	m->game->action_to_text(m->state, acts[0], buf, len);
}

static long long version(qv__table *t)
{
	qv__table_lock(t);
	long long v = t->v;
	qv__table_unlock(t);
	return v;
}

/* ---- requests, seats, versions -------------------------------------------------------------- */

static void test_requests(void **state)
{
	(void)state;
	refused("[]", "object");
	refused("{}", "game");
	refused("{\"game\": \"go\"}", "go");
	refused("{\"game\": \"evons\", \"extra\": 1}", "extra");
	refused("{\"game\": \"evons\", \"seats\": [\"human\", \"wizard\"]}", "wizard");
	refused("{\"game\": \"evons\", \"seats\": [\"human\", 2]}", "seats[1]");
	refused("{\"game\": \"evons\", \"seats\": []}", "seats");
	refused("{\"game\": \"evons\", \"seats\": [\"human\", \"human\", \"human\"]}", "seats");
	refused("{\"game\": \"three-arrows\", \"params\": {\"players\": 3}, \"seats\": [\"human\", "
	        "\"human\"]}",
	        "seats");
	refused("{\"game\": \"three-arrows\", \"params\": {\"size\": 5}}", "size");
	refused("{\"game\": \"three-arrows\", \"params\": {\"size\": null}}", "size");
	refused("{\"game\": \"three-arrows\", \"private\": 1}", "private");
	/* The seats give the number of players. */
	qv__table *t = make(NULL, "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"easy\", "
	                          "\"random\"]}");
	assert_int_equal(t->nseats, 3);
	assert_int_equal(t->status, QV__WAITING);
	assert_non_null(t->seat[1].agent);
	assert_null(t->seat[0].agent);
	qv__table_lock(t);
	json_t *info = qv__table_info_locked(t);
	qv__table_unlock(t);
	assert_int_equal(
	    json_integer_value(json_object_get(json_object_get(info, "params"), "players")), 3);
	json_decref(info);
	qv__table_free(t);
	/* No seats: every seat is human. */
	t = make(NULL, "{\"game\": \"arrow-party\"}");
	assert_int_equal(t->nseats, 4);
	for (int i = 0; i < 4; i++)
		assert_true(t->seat[i].human);
	qv__table_free(t);
}

static void test_join_and_versions(void **state)
{
	(void)state;
	qv__table *t =
	    make(NULL, "{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}, "
	               "\"seats\": [\"human\", \"human\", \"greedy\"]}");
	char tok1[33], tok2[33], tok[33];
	int seat;
	qv_err err;
	assert_int_equal(qv__table_join(t, "p3", &seat, tok, &err), QV_EINVAL);
	assert_int_equal(qv__table_join(t, "p4", &seat, tok, &err), QV_EINVAL);
	assert_int_equal(qv__table_join(t, "p2", &seat, tok2, &err), QV_OK);
	assert_int_equal(seat, 1);
	assert_int_equal(qv__table_join(t, "p2", &seat, tok, &err), QV_ESTATE);
	assert_int_equal(t->status, QV__WAITING);
	char a[256];
	first_legal(t, a, sizeof a);
	/* Waiting: nobody acts. */
	assert_int_equal(qv__table_act(t, 1, 0, a, &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "waiting"));
	assert_int_equal(qv__table_join(t, NULL, &seat, tok1, &err), QV_OK);
	assert_int_equal(seat, 0);
	assert_int_equal(qv__table_join(t, NULL, &seat, tok, &err), QV_ESTATE);
	assert_int_equal(t->status, QV__PLAYING);
	assert_int_equal(qv__table_auth(t, tok1, 32), 0);
	assert_int_equal(qv__table_auth(t, tok2, 32), 1);
	assert_int_equal(qv__table_auth(t, "0123456789abcdef0123456789abcdef", 32), -1);
	assert_int_equal(qv__table_auth(t, tok1, 31), -1);

	/* Refusals change nothing. */
	int nhist = t->m->nhist;
	assert_int_equal(qv__table_act(t, 0, 1, a, &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "stale"));
	assert_int_equal(qv__table_act(t, 1, 0, a, &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "not your turn"));
	assert_int_equal(qv__table_act(t, 0, 0, "place", &err), QV_EINVAL);
	assert_int_equal(qv__table_act(t, 0, 0, "place A a1 N", &err), QV_EILLEGAL);
	char long_action[2000];
	memset(long_action, 'x', sizeof long_action - 1);
	long_action[sizeof long_action - 1] = '\0';
	assert_int_equal(qv__table_act(t, 0, 0, long_action, &err), QV_EINVAL);
	assert_int_equal(version(t), 0);
	assert_int_equal(t->m->nhist, nhist);

	/* An act: the version grows by the entries it added. */
	assert_int_equal(qv__table_act(t, 0, 0, a, &err), QV_OK);
	assert_int_equal(version(t), t->m->nhist - nhist);
	long long v1 = version(t);
	/* p2 to move; the AI seat p3 has not moved. p1 may take back its move; p2 may not. */
	assert_int_equal(qv__table_undo(t, 1, v1, &err), QV_ESTATE);
	assert_int_equal(qv__table_undo(t, 0, v1 - 1, &err), QV_ESTATE);
	assert_int_equal(qv__table_undo(t, 0, v1, &err), QV_OK);
	assert_int_equal(version(t), v1 + 1);
	assert_int_equal(t->m->nhist, nhist);
	assert_int_equal(qv__table_undo(t, 0, v1 + 1, &err), QV_ESTATE);

	/* Play p1 and p2, then the AI seat is stepped by the server. */
	first_legal(t, a, sizeof a);
	assert_int_equal(qv__table_act(t, 0, version(t), a, &err), QV_OK);
	first_legal(t, a, sizeof a);
	assert_int_equal(qv__table_act(t, 1, version(t), a, &err), QV_OK);
	qv__table_lock(t);
	assert_true(qv__table_wants_step_locked(t));
	qv__table_unlock(t);
	long long v2 = version(t);
	assert_true(qv__table_step(t));
	assert_true(version(t) > v2);
	qv__table_lock(t);
	assert_false(qv__table_wants_step_locked(t));
	qv__table_unlock(t);
	assert_false(qv__table_step(t));
	/* p1's takeback across p2's move asks p2 (the AI seat p3 is not asked). */
	long long v3 = version(t);
	assert_int_equal(qv__table_undo(t, 0, v3, &err), QV_OK);
	assert_int_equal(version(t), v3);
	assert_int_equal(t->offer.by, 0);
	assert_int_equal(t->offer.waiting, 2u);
	assert_int_equal(t->offer.to, v3 + 1);
	qv__table_free(t);
}

/* ---- undo never leaks ----------------------------------------------------------------------- */

/* The legal action of the player to move whose notation starts with `verb`, else the first. */
static void legal_verb(qv__table *t, const char *verb, char *buf, size_t len)
{
	qv_match *m = t->m;
	int n = listed(m);
	assert_true(n > 0);
	for (int i = n - 1; i >= 0; i--) {
		m->game->action_to_text(m->state, acts[i], buf, len);
		if (strncmp(buf, verb, strlen(verb)) == 0)
			return;
	}
	m->game->action_to_text(m->state, acts[0], buf, len);
}

/* The audit's race, made deterministic: the last Arrow Party thrower's throw turns every throw
 * up, and its undo arrives before the server's pool has drawn the landing (the chance step is
 * due but not run). The engine refuses it under the table's lock, whatever the pool does: the
 * decision depends on the history, not on whether the step ran. */
static void test_undo_race_arrow_party(void **state)
{
	(void)state;
	qv__table *t = make(NULL, "{\"game\": \"arrow-party\", \"params\": {\"players\": 3}, "
	                          "\"seats\": [\"human\", \"human\", \"human\"]}");
	char tok[33], a[256];
	int seat;
	qv_err err;
	for (int i = 0; i < 3; i++)
		assert_int_equal(qv__table_join(t, NULL, &seat, tok, NULL), QV_OK);
	/* Everyone ready (no item used: no chance in between), then the throws. */
	for (int p = 0; p < 3; p++) {
		assert_int_equal(qv_match_to_move(t->m), p);
		assert_int_equal(qv__table_act(t, p, version(t), "ready", &err), QV_OK);
	}
	for (int p = 0; p < 3; p++) {
		assert_int_equal(qv_match_to_move(t->m), p);
		legal_verb(t, "throw", a, sizeof a);
		assert_int_equal(qv__table_act(t, p, version(t), a, &err), QV_OK);
	}
	qv__table_lock(t);
	assert_true(qv__table_wants_step_locked(t)); /* the landing is queued, not drawn */
	qv__table_unlock(t);
	int nhist = t->m->nhist;
	long long v = version(t);
	assert_int_equal(qv__table_undo(t, 2, v, &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "showed you something that was hidden"));
	assert_int_equal(t->m->nhist, nhist);
	assert_int_equal(version(t), v);
	/* The others may not take back theirs either: p3 has answered them. */
	assert_int_equal(qv__table_undo(t, 0, v, &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "no undo crosses a reveal"));
	/* The pool's step then draws the landing, and the refusal stands. */
	qv__table_lock(t);
	assert_true(qv__table_wants_step_locked(t));
	qv__table_unlock(t);
	assert_true(qv__table_step(t));
	assert_int_equal(qv__table_undo(t, 2, version(t), &err), QV_ESTATE);
	qv__table_free(t);
}

/* Against the computer, a chance outcome once drawn is never met again from before it: the
 * Evons coin for the first player comes after both keep. Before the coin is drawn p1's keep
 * (and the AI's answer) may go back; once the server's step has drawn it, p1 cannot go back to
 * choose its mulligan knowing who plays first. */
static void test_undo_chance_not_reused(void **state)
{
	(void)state;
	qv__table *t = make(NULL, "{\"game\": \"evons\", \"seats\": [\"human\", \"random\"]}");
	char tok[33];
	int seat;
	qv_err err;
	assert_int_equal(qv__table_join(t, NULL, &seat, tok, NULL), QV_OK);
	assert_int_equal(qv__table_act(t, 0, version(t), "keep", &err), QV_OK);
	assert_true(qv__table_step(t)); /* the AI's mulligan decision */
	assert_int_equal(qv_match_to_move(t->m), QV_CHANCE);
	/* The coin is not drawn: nothing is known yet, the keep goes back with the AI's answer. */
	assert_int_equal(qv__table_undo(t, 0, version(t), &err), QV_OK);
	assert_int_equal(t->m->nhist, 0);
	assert_int_equal(qv__table_act(t, 0, version(t), "keep", &err), QV_OK);
	assert_true(qv__table_step(t));
	assert_true(qv__table_step(t)); /* the coin */
	int nhist = t->m->nhist;
	assert_int_equal(t->m->hist[nhist - 1].who, QV_CHANCE);
	assert_int_equal(qv__table_undo(t, 0, version(t), &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "no undo crosses a chance outcome"));
	assert_int_equal(t->m->nhist, nhist);
	qv__table_free(t);
}

/* ---- frames ------------------------------------------------------------------------------- */

/* A refused frame: its message contains words. */
static void frame_refused(const char *text, const char *words)
{
	qv__frame f;
	qv_err err = {""};
	assert_int_equal(qv__frame_parse(text, strlen(text), &f, &err), QV_EINVAL);
	assert_null(f.json);
	if (!strstr(err.msg, words))
		fail_msg("%s: message '%s' does not name '%s'", text, err.msg, words);
}

static void test_frames(void **state)
{
	(void)state;
	qv__frame f;
	const char *act = "{\"type\": \"act\", \"v\": 7, \"action\": \"place Y c1 N\"}";
	assert_int_equal(qv__frame_parse(act, strlen(act), &f, NULL), QV_OK);
	assert_int_equal(f.type, QV__ACT);
	assert_int_equal(f.v, 7);
	assert_string_equal(f.action, "place Y c1 N");
	qv__frame_free(&f);
	const char *hello = "{\"type\": \"hello\", \"token\": null}";
	assert_int_equal(qv__frame_parse(hello, strlen(hello), &f, NULL), QV_OK);
	assert_int_equal(f.type, QV__HELLO);
	assert_null(f.token);
	assert_false(f.messages);
	qv__frame_free(&f);
	const char *wants = "{\"type\": \"hello\", \"token\": null, \"messages\": true}";
	assert_int_equal(qv__frame_parse(wants, strlen(wants), &f, NULL), QV_OK);
	assert_true(f.messages);
	qv__frame_free(&f);
	frame_refused("{\"type\": \"hello\", \"token\": null, \"messages\": 1}",
	              "messages: expected true");
	const char *undo = "{\"v\": 0, \"type\": \"undo\"}";
	assert_int_equal(qv__frame_parse(undo, strlen(undo), &f, NULL), QV_OK);
	assert_int_equal(f.type, QV__UNDO);
	qv__frame_free(&f);

	frame_refused("{\"type\": \"act\", \"v\": 1", "broken JSON");
	frame_refused("[1, 2]", "a JSON object with a \"type\"");
	frame_refused("{\"type\": 3}", "a JSON object with a \"type\"");
	frame_refused("{\"type\": \"move\"}", "unknown frame type 'move'; accepted: hello");
	frame_refused("{\"type\": \"ping\", \"v\": 1}", "unknown field 'v' in a ping frame");
	frame_refused("{\"type\": \"act\", \"v\": -1, \"action\": \"x\"}", "v: expected");
	frame_refused("{\"type\": \"act\", \"v\": 1.5, \"action\": \"x\"}", "v: expected");
	frame_refused("{\"type\": \"act\", \"v\": 1}", "action: expected");
	frame_refused("{\"type\": \"act\", \"v\": 1, \"action\": 5}", "action: expected");
	frame_refused("{\"type\": \"hello\", \"token\": 5}", "token: expected");
	frame_refused("{\"type\": \"undo\", \"v\": 1, \"v\": 2}", "broken JSON");
	const char *history = "{\"type\": \"history\", \"line\": 12}";
	assert_int_equal(qv__frame_parse(history, strlen(history), &f, NULL), QV_OK);
	assert_int_equal(f.type, QV__HISTORY);
	assert_int_equal(f.line, 12);
	qv__frame_free(&f);
	frame_refused("{\"type\": \"history\"}", "line: expected");
	frame_refused("{\"type\": \"history\", \"line\": -1}", "line: expected");
	frame_refused("{\"type\": \"history\", \"line\": \"3\"}", "line: expected");
}

/* ---- the per-viewer log --------------------------------------------------------------------- */

/* The lines of qv_match_log, kept. */
typedef struct engine_lines {
	int n;
	int entry[512];
	bool consequence[512];
	char *text[512];
	char *msg[512]; /* NULL for a move */
} engine_lines;

static void keep_line(void *ctx, const qv_log_line *line)
{
	engine_lines *l = ctx;
	if (l->n == 512)
		return;
	l->entry[l->n] = line->entry;
	l->consequence[l->n] = line->consequence;
	l->msg[l->n] = line->msg ? strdup(line->msg) : NULL;
	l->text[l->n++] = strdup(line->text);
}

/* Plays Arrow Party with first legal actions (chance drawn by the table) and checks that every
 * line of a viewer's log is the engine's line for that viewer, and that a secret commitment
 * appears in full to its author and without what was committed to the others and the public. */
static void test_log_secrets(void **state)
{
	(void)state;
	qv__table *t = make(NULL, "{\"game\": \"arrow-party\", \"params\": {\"players\": 3}}");
	char tok[33], a[256];
	int seat;
	for (int i = 0; i < 3; i++)
		assert_int_equal(qv__table_join(t, NULL, &seat, tok, NULL), QV_OK);
	const qv_game *g = t->game;
	int secrets = 0;
	for (int k = 0; k < 60 && t->status == QV__PLAYING; k++) {
		if (qv__table_step(t)) /* chance */
			continue;
		int who = qv_match_to_move(t->m);
		assert_true(who >= 0);
		first_legal(t, a, sizeof a);
		assert_int_equal(qv__table_act(t, who, version(t), a, NULL), QV_OK);
	}
	/* Which entries were secret, and their notation. */
	void *st = malloc(g->state_size);
	memcpy(st, t->m->base, g->state_size);
	int n = t->m->nhist;
	bool *secret = calloc((size_t)n, sizeof *secret);
	char(*full)[256] = calloc((size_t)n, sizeof *full);
	for (int i = 0; i < n; i++) {
		secret[i] = t->m->hist[i].who >= 0 && g->secret && g->secret(st);
		g->action_to_text(st, t->m->hist[i].action, full[i], sizeof full[i]);
		secrets += secret[i];
		assert_int_equal(qv_apply_checked(g, st, t->m->hist[i].action, NULL, NULL), QV_OK);
	}
	assert_true(secrets > 0);
	for (int viewer = -2; viewer < 3; viewer++) {
		if (viewer == -1)
			continue;
		qv__table_lock(t);
		/* a connection that did not ask for the lines' messages gets none */
		qv__log_pos plain = {0}, pos = {.messages = true};
		json_t *bare = qv__table_frame_locked(t, viewer, true, &plain);
		json_t *f = qv__table_frame_locked(t, viewer, true, &pos);
		qv__table_unlock(t);
		json_t *line;
		size_t at;
		json_array_foreach(json_object_get(bare, "log"), at, line)
		    assert_null(json_object_get(line, "msg"));
		json_decref(bare);
		/* The frame carries the engine's log for the viewer, line by line. */
		json_t *log = json_object_get(f, "log");
		engine_lines lines = {0};
		qv_match_log(t->m, viewer, 0, keep_line, &lines);
		assert_int_equal(json_array_size(log), lines.n);
		for (int k = 0; k < lines.n; k++) {
			json_t *e = json_array_get(log, (size_t)k);
			assert_string_equal(json_string_value(json_object_get(e, "text")),
			                    lines.text[k]);
			/* who and text, and a consequence's message: its format, then each
			 * argument, as docs/server/websocket.md says */
			json_t *msg = json_object_get(e, "msg");
			assert_int_equal(json_object_size(e), lines.msg[k] ? 3 : 2);
			if (lines.msg[k]) {
				qv_buf parts = {0};
				for (size_t j = 0; j < json_array_size(msg); j++) {
					if (j)
						qv_buf_putc(&parts, QV_SAY_ARG);
					qv_buf_puts(&parts,
					            json_string_value(json_array_get(msg, j)));
				}
				assert_string_equal(qv_buf_str(&parts), lines.msg[k]);
				qv_buf_free(&parts);
			}
			int i = lines.entry[k];
			if (lines.consequence[k] || !secret[i])
				continue;
			size_t verb = strcspn(full[i], " ");
			if (t->m->hist[i].who == viewer)
				assert_int_equal(strncmp(lines.text[k], full[i], strlen(full[i])),
				                 0);
			else /* the commitment without what was committed */
				assert_true(full[i][verb] == '\0' ||
				            !strstr(lines.text[k], full[i] + verb));
		}
		for (int k = 0; k < lines.n; k++) {
			free(lines.text[k]);
			free(lines.msg[k]);
		}
		json_decref(f);
	}
	free(st);
	free(secret);
	free(full);
	qv__table_free(t);
}

/* A connection's place in the log: an update carries only new lines, and after an undo the
 * next frame is a snapshot with the whole log, whatever happened since. */
static void test_log_updates(void **state)
{
	(void)state;
	qv__table *t =
	    make(NULL, "{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}}");
	char t1[33], t2[33], a[256];
	int seat;
	qv__table_join(t, "p1", &seat, t1, NULL);
	qv__table_join(t, "p2", &seat, t2, NULL);
	qv__log_pos pos = {0};
	qv__table_lock(t);
	json_t *f = qv__table_frame_locked(t, 1, true, &pos);
	qv__table_unlock(t);
	size_t start = json_array_size(json_object_get(f, "log"));
	assert_non_null(json_object_get(f, "seat"));
	json_decref(f);
	first_legal(t, a, sizeof a);
	assert_int_equal(qv__table_act(t, 0, version(t), a, NULL), QV_OK);
	qv__table_lock(t);
	f = qv__table_frame_locked(t, 1, false, &pos);
	qv__table_unlock(t);
	assert_string_equal(json_string_value(json_object_get(f, "type")), "update");
	assert_null(json_object_get(f, "seat"));
	json_t *log = json_object_get(f, "log");
	assert_true(json_array_size(log) >= 1);
	size_t added = json_array_size(log);
	assert_string_equal(json_string_value(json_object_get(json_array_get(log, 0), "who")),
	                    "p1");
	/* p2's view has "legal", p1's not. */
	assert_non_null(json_object_get(json_object_get(f, "view"), "legal"));
	json_decref(f);
	assert_int_equal(qv__table_undo(t, 0, version(t), NULL), QV_OK);
	first_legal(t, a, sizeof a);
	assert_int_equal(qv__table_act(t, 0, version(t), a, NULL), QV_OK);
	qv__table_lock(t);
	f = qv__table_frame_locked(t, 1, false, &pos);
	qv__table_unlock(t);
	assert_string_equal(json_string_value(json_object_get(f, "type")), "snapshot");
	assert_string_equal(json_string_value(json_object_get(f, "seat")), "p2");
	assert_int_equal(json_array_size(json_object_get(f, "log")), start + added);
	assert_int_equal(pos.n, start + added);
	json_decref(f);
	/* Then updates again. */
	first_legal(t, a, sizeof a);
	assert_int_equal(qv__table_act(t, 1, version(t), a, NULL), QV_OK);
	qv__table_lock(t);
	f = qv__table_frame_locked(t, 1, false, &pos);
	qv__table_unlock(t);
	assert_string_equal(json_string_value(json_object_get(f, "type")), "update");
	json_decref(f);
	/* An undo the connection has not heard of gives a snapshot even when it took back nothing
	 * the connection held: p2 acts, undoes, and the frame is built only then. */
	long long before = pos.n;
	first_legal(t, a, sizeof a);
	assert_int_equal(qv__table_act(t, 0, version(t), a, NULL), QV_OK);
	qv__table_lock(t);
	f = qv__table_frame_locked(t, 1, false, &pos);
	qv__table_unlock(t);
	assert_string_equal(json_string_value(json_object_get(f, "type")), "update");
	json_decref(f);
	first_legal(t, a, sizeof a);
	assert_int_equal(qv__table_act(t, 1, version(t), a, NULL), QV_OK);
	assert_int_equal(qv__table_undo(t, 1, version(t), NULL), QV_OK);
	qv__table_lock(t);
	f = qv__table_frame_locked(t, 1, false, &pos);
	qv__table_unlock(t);
	assert_string_equal(json_string_value(json_object_get(f, "type")), "snapshot");
	assert_true(pos.n > before);
	json_decref(f);
	qv__table_free(t);
}

/* A view as a history frame carries it: a frame's view without its legal actions. */
static json_t *looked_at(const json_t *view)
{
	json_t *v = json_deep_copy(view);
	json_object_del(v, "legal");
	json_object_del(v, "what");
	json_object_del(v, "confirm");
	return v;
}

/* Looking back (history frames), Arrow Party with three seats, secret commitments and hidden
 * hands: for each seat and the public, the view after the last line of each frame is the
 * view that frame carried (so a seat looks back only at what it saw, never at another seat's
 * hidden things), every line of the log gives the view after its own move with that move's
 * lines, and a line not held is refused. */
static void test_history(void **state)
{
	(void)state;
	qv__table *t = make(NULL, "{\"game\": \"arrow-party\", \"params\": {\"players\": 3}}");
	char tok[33], a[256];
	int seat;
	for (int i = 0; i < 3; i++)
		assert_int_equal(qv__table_join(t, NULL, &seat, tok, NULL), QV_OK);
	enum { NV = 4 };
	const int viewers[NV] = {0, 1, 2, QV_VIEW_PUBLIC};
	qv__log_pos pos[NV] = {{0}};
	json_t *seen[NV]; /* [[line, view]...]: the view each frame carried after its last line */
	int checked = 0;
	for (int k = 0; k < 80 && t->status == QV__PLAYING; k++) {
		if (!qv__table_step(t)) {
			int who = qv_match_to_move(t->m);
			assert_true(who >= 0);
			first_legal(t, a, sizeof a);
			assert_int_equal(qv__table_act(t, who, version(t), a, NULL), QV_OK);
		}
		qv__table_lock(t);
		for (int i = 0; i < NV; i++) {
			int had = pos[i].n;
			json_t *f = qv__table_frame_locked(t, viewers[i], k == 0, &pos[i]);
			assert_non_null(f);
			if (k == 0)
				seen[i] = json_array();
			const qv__log *log = qv__feed_log(&t->feed, t->nseats, viewers[i]);
			if (pos[i].n > had && log->line[pos[i].n - 1].entry == t->m->nhist - 1)
				json_array_append_new(
				    seen[i], json_pack("[i, o]", pos[i].n - 1,
				                       looked_at(json_object_get(f, "view"))));
			json_decref(f);
		}
		qv__table_unlock(t);
	}
	qv_err err;
	qv__table_lock(t);
	for (int i = 0; i < NV; i++) {
		for (size_t s = 0; s < json_array_size(seen[i]); s++) {
			json_t *pair = json_array_get(seen[i], s);
			json_int_t line = json_integer_value(json_array_get(pair, 0));
			json_t *h = qv__table_history_locked(t, viewers[i], line, &pos[i], &err);
			assert_non_null(h);
			assert_string_equal(json_string_value(json_object_get(h, "type")),
			                    "history");
			assert_int_equal(json_integer_value(json_object_get(h, "to")), line + 1);
			if (!json_equal(json_object_get(h, "view"), json_array_get(pair, 1))) {
				char *x = json_dumps(json_object_get(h, "view"), JSON_COMPACT);
				char *y = json_dumps(json_array_get(pair, 1), JSON_COMPACT);
				fail_msg("viewer %d line %d:\n%.600s\n%.600s", viewers[i],
				         (int)line, x, y);
			}
			checked++;
			json_decref(h);
		}
		/* Every line: its move's lines around it, the viewer's own view. */
		for (int line = 0; line < pos[i].n; line++) {
			json_t *h = qv__table_history_locked(t, viewers[i], line, &pos[i], &err);
			assert_non_null(h);
			json_int_t from = json_integer_value(json_object_get(h, "from"));
			json_int_t to = json_integer_value(json_object_get(h, "to"));
			assert_true(from <= line && line < to && to <= pos[i].n);
			char name[8];
			assert_string_equal(
			    json_string_value(
			        json_object_get(json_object_get(h, "view"), "viewer")),
			    viewers[i] >= 0 ? qv_player_name(viewers[i], name) : "public");
			assert_null(json_object_get(json_object_get(h, "view"), "legal"));
			json_decref(h);
		}
		assert_null(qv__table_history_locked(t, viewers[i], pos[i].n, &pos[i], &err));
		assert_non_null(strstr(err.msg, "not in your log"));
		json_decref(seen[i]);
	}
	qv__table_unlock(t);
	assert_true(checked > 20);
	qv__table_free(t);
}

/* A history asked for with a log from before an undo is refused: the snapshot that follows
 * the undo holds the log its lines would name. */
static void test_history_after_undo(void **state)
{
	(void)state;
	qv__table *t =
	    make(NULL, "{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\"}}");
	char t1[33], t2[33], a[256];
	int seat;
	qv__table_join(t, "p1", &seat, t1, NULL);
	qv__table_join(t, "p2", &seat, t2, NULL);
	first_legal(t, a, sizeof a);
	assert_int_equal(qv__table_act(t, 0, version(t), a, NULL), QV_OK);
	qv__log_pos pos = {0};
	qv_err err;
	qv__table_lock(t);
	json_decref(qv__table_frame_locked(t, 1, true, &pos));
	json_t *h = qv__table_history_locked(t, 1, 0, &pos, &err);
	assert_non_null(h);
	json_decref(h);
	qv__table_unlock(t);
	assert_int_equal(qv__table_undo(t, 0, version(t), NULL), QV_OK);
	qv__table_lock(t);
	assert_null(qv__table_history_locked(t, 1, 0, &pos, &err));
	assert_non_null(strstr(err.msg, "snapshot"));
	qv__table_unlock(t);
	qv__table_free(t);
}

/* ---- the store ------------------------------------------------------------------------------ */

typedef struct restored {
	qv__store *store;
	qv__table *t[4];
	int n;
} restored;

static qv_status collect(void *ctx, const qv__stored_table *saved, qv_err *err)
{
	restored *r = ctx;
	return qv__table_restore(&r->t[r->n++], r->store, saved, err);
}

/* A new database t.db in a new temporary folder named from name: dir (48 bytes) gets the
 * folder's path, path (64 bytes) the database's. */
static qv__store *temp_store(char *dir, const char *name, char *path)
{
	assert_non_null(qv_test_mkdtemp(dir, 48, name));
	snprintf(path, 64, "%s/t.db", dir);
	qv__store *store;
	qv_err err;
	assert_int_equal(qv__store_open(&store, path, &err), QV_OK);
	return store;
}

static void test_store_round_trip(void **state)
{
	(void)state;
	char dir[48], path[64];
	qv__store *store = temp_store(dir, "qvtable", path);
	qv_err err;
	qv__table *t = make(store, "{\"game\": \"concardia\", \"seats\": [\"human\", \"random\"], "
	                           "\"private\": true}");
	char tok[33], a[256];
	int seat;
	assert_int_equal(qv__table_join(t, NULL, &seat, tok, &err), QV_OK);
	for (int k = 0; k < 12 && t->status == QV__PLAYING; k++) {
		if (qv__table_step(t))
			continue;
		first_legal(t, a, sizeof a);
		assert_int_equal(qv__table_act(t, 0, version(t), a, &err), QV_OK);
	}
	/* A finished table is stored too, but not rebuilt at start-up. */
	qv__table *done = make(store, "{\"game\": \"three-arrows\", \"seats\": [\"random\", "
	                              "\"random\"]}");
	while (qv__table_step(done))
		;
	assert_int_equal(done->status, QV__OVER);
	json_t *want = qv_match_state_json(t->m);
	long long v = version(t);
	char id[17], hash[65];
	strcpy(id, t->id);
	strcpy(hash, t->seat[0].hash);
	qv__table_free(t);
	qv__table_free(done);
	qv__store_close(store);

	restored r = {0};
	assert_int_equal(qv__store_open(&r.store, path, &err), QV_OK);
	assert_int_equal(qv__store_load_open(r.store, collect, &r, &err), QV_OK);
	assert_int_equal(r.n, 1);
	t = r.t[0];
	assert_string_equal(t->id, id);
	assert_int_equal(t->v, v);
	assert_true(t->private_);
	assert_string_equal(t->seat[0].hash, hash);
	assert_int_equal(qv__table_auth(t, tok, 32), 0);
	json_t *got = qv_match_state_json(t->m);
	assert_true(json_equal(got, want));
	json_decref(got);
	json_decref(want);
	qv__table_free(t);
	qv__store_close(r.store);
	/* The database holds no token. */
	char cmd[160];
	snprintf(cmd, sizeof cmd, "grep -rqs %s %s", tok, dir);
	assert_int_not_equal(system(cmd), 0);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

/* ---- forced decisions ------------------------------------------------------------------------ */

/* A person's forced decision waits for them (the terminal's "press Enter"): the match holds it,
 * the seat's view has its one action with "forced", the other viewers' views say nothing of it,
 * the version does not move until the person plays it, and it is then recorded as automatic. A
 * table restored from the store while such a decision waits holds it again. An AI seat's forced
 * decisions are applied at once, as before. THREE ARROWS between random players meets forced
 * decisions (an "uncover" that is the only option) within a game or two; the seeds are the
 * server's own, so the loops are bounded in games. */
static void test_forced_held(void **state)
{
	(void)state;
	char dir[48], path[64];
	qv__store *store = temp_store(dir, "qvforced", path);
	qv_err err;
	unsigned r = 12345;
	bool found = false;
	qv_action only = -1;
	for (int game = 0; game < 20 && !found; game++) {
		qv__table *t = make(store, "{\"game\": \"three-arrows\", \"seats\": [\"human\", "
		                           "\"human\"]}");
		char tok[33], a[256];
		int seat;
		assert_int_equal(qv__table_join(t, NULL, &seat, tok, NULL), QV_OK);
		assert_int_equal(qv__table_join(t, NULL, &seat, tok, NULL), QV_OK);
		for (int k = 0; k < 400 && !found && t->status == QV__PLAYING; k++) {
			if (qv__table_step(t))
				continue; /* chance */
			qv_match *m = t->m;
			int who = qv_match_to_move(m);
			assert_true(who == 0 || who == 1);
			if (qv_match_held(m, &only)) {
				found = true;
				break;
			}
			int n = listed(m);
			/* Never a forced decision of a person applied behind their back. */
			assert_false(qv_decision_forced(m->game, m->state, n));
			r = r * 1103515245u + 12345u;
			m->game->action_to_text(m->state, acts[(r >> 8) % (unsigned)n], a,
			                        sizeof a);
			assert_int_equal(qv__table_act(t, who, version(t), a, &err), QV_OK);
		}
		if (!found) {
			qv__table_free(t);
			continue;
		}
		qv_match *m = t->m;
		int who = qv_match_to_move(m);
		json_t *mine = qv_match_view_json(m, who);
		json_t *legal = json_object_get(mine, "legal");
		assert_int_equal(json_array_size(legal), 1);
		assert_true(json_is_true(json_object_get(mine, "forced")));
		assert_int_equal(json_array_size(json_object_get(mine, "what")), 1);
		snprintf(a, sizeof a, "%s", json_string_value(json_array_get(legal, 0)));
		for (int viewer = QV_VIEW_ALL; viewer < 2; viewer++) {
			if (viewer == who)
				continue;
			json_t *other = qv_match_view_json(m, viewer);
			assert_null(json_object_get(other, "legal"));
			assert_null(json_object_get(other, "forced"));
			json_decref(other);
		}
		/* Restored from the store, the table holds the same decision. */
		long long v = version(t);
		int nhist = m->nhist;
		char id[17];
		strcpy(id, t->id);
		qv__table_free(t);
		qv__store_close(store);
		restored back = {0};
		assert_int_equal(qv__store_open(&back.store, path, &err), QV_OK);
		assert_int_equal(qv__store_load_open(back.store, collect, &back, &err), QV_OK);
		t = NULL;
		for (int i = 0; i < back.n; i++) {
			if (strcmp(back.t[i]->id, id) == 0)
				t = back.t[i];
			else
				qv__table_free(back.t[i]);
		}
		assert_non_null(t);
		store = back.store;
		assert_int_equal(version(t), v);
		assert_int_equal(t->m->nhist, nhist);
		qv_action again;
		assert_true(qv_match_held(t->m, &again));
		assert_int_equal(again, only);
		json_t *restored_view = qv_match_view_json(t->m, who);
		assert_true(json_equal(restored_view, mine));
		json_decref(restored_view);
		/* Played by its person: recorded as the only option. */
		assert_int_equal(qv__table_act(t, who, v, a, &err), QV_OK);
		assert_true(t->m->hist[nhist].automatic);
		assert_int_equal(t->m->hist[nhist].who, who);
		assert_true(version(t) > v);
		json_decref(mine);
		qv__table_free(t);
	}
	assert_true(found);
	qv__store_close(store);

	/* AI seats: every forced decision is applied by the match at once. */
	int automatic = 0;
	for (int game = 0; game < 20 && automatic == 0; game++) {
		qv__table *t = make(NULL, "{\"game\": \"three-arrows\", \"seats\": [\"random\", "
		                          "\"random\"]}");
		for (int k = 0; k < 2000 && qv__table_step(t); k++) {
			qv_match *m = t->m;
			if (qv_match_over(m))
				break;
			assert_false(qv_match_held(m, NULL));
			if (qv_match_to_move(m) >= 0)
				assert_false(
				    qv_decision_forced(m->game, m->state, qv_match_count_legal(m)));
		}
		for (int i = 0; i < t->m->nhist; i++)
			automatic += t->m->hist[i].automatic && t->m->hist[i].who >= 0;
		qv__table_free(t);
	}
	assert_true(automatic > 0);
	char cmd[160];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

/* What a client may fetch (table.c decides it once): the info always; the record and the
 * replay, which hold everything hidden, only once the game is over; a finished table that
 * left memory from what the store kept, and a join there refused as at the table itself. */
static void test_fetch_rules(void **state)
{
	(void)state;
	char dir[48], path[64];
	qv__store *store = temp_store(dir, "qvfetch", path);
	qv_err err;
	qv__table *t = make(store, "{\"game\": \"three-arrows\", \"seats\": [\"random\", "
	                           "\"random\"]}");
	json_t *out;
	char *text;
	assert_int_equal(qv__table_fetch(t, QV__FETCH_INFO, &out, &err), QV_OK);
	assert_string_equal(json_string_value(json_object_get(out, "id")), t->id);
	json_decref(out);
	static const struct {
		qv__fetch what;
		const char *words;
	} secret[] = {{QV__FETCH_RECORD, "is not over: a record holds everything hidden"},
	              {QV__FETCH_REPLAY, "is not over: a replay shows everything hidden"}};
	qv_buf replay = {0};
	for (int i = 0; i < 2; i++) {
		if (secret[i].what == QV__FETCH_REPLAY) {
			assert_int_equal(qv__table_replay(t, false, &replay, &err), QV_ESTATE);
			assert_int_equal(replay.len, 0);
		} else {
			assert_int_equal(qv__table_fetch(t, secret[i].what, &out, &err), QV_ESTATE);
			assert_null(out);
		}
		assert_non_null(strstr(err.msg, secret[i].words));
		assert_int_equal(qv__table_fetch_stored(store, t->id, secret[i].what, &text), 0);
		assert_null(text);
	}
	assert_int_equal(qv__table_join_stored(store, t->id, &err), QV_OK);
	for (int k = 0; k < 2000 && qv__table_step(t); k++)
		;
	assert_int_equal(t->status, QV__OVER);
	assert_int_equal(qv__table_fetch(t, QV__FETCH_RECORD, &out, &err), QV_OK);
	assert_true(json_is_array(json_object_get(out, "actions")));
	json_decref(out);
	assert_int_equal(qv__table_replay(t, false, &replay, &err), QV_OK);
	out = json_loads(qv_buf_str(&replay), 0, NULL);
	qv_buf_free(&replay);
	assert_true(json_array_size(json_object_get(out, "steps")) > 1);
	json_decref(out);
	/* From the store, never replayed: the info and the record; no replay is kept. */
	assert_int_equal(qv__table_fetch_stored(store, t->id, QV__FETCH_INFO, &text), 1);
	assert_non_null(strstr(text, "\"over\""));
	free(text);
	assert_int_equal(qv__table_fetch_stored(store, t->id, QV__FETCH_RECORD, &text), 1);
	assert_non_null(strstr(text, "\"actions\""));
	free(text);
	assert_int_equal(qv__table_fetch_stored(store, t->id, QV__FETCH_REPLAY, &text), 0);
	assert_int_equal(qv__table_fetch_stored(store, "not-an-id", QV__FETCH_INFO, &text), 0);
	char want[96];
	snprintf(want, sizeof want, "the game at table %s is over", t->id);
	assert_int_equal(qv__table_join_stored(store, t->id, &err), QV_ESTATE);
	assert_string_equal(err.msg, want);
	char token[QV__TOKEN_LEN + 1];
	int seat;
	assert_int_equal(qv__table_join(t, NULL, &seat, token, &err), QV_ESTATE);
	assert_string_equal(err.msg, want);
	qv__table_free(t);
	qv__store_close(store);
	char cmd[160];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_store_refuses(void **state)
{
	(void)state;
	qv__store *s;
	qv_err err;
	assert_int_not_equal(qv__store_open(&s, "/nonexistent/dir/x.db", &err), QV_OK);
	assert_non_null(strstr(err.msg, "/nonexistent/dir/x.db"));
	char path[48];
	int fd = qv_test_mkstemp(path, sizeof path, "qvnotdb");
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "this is not a database, just text that is long enough\n", 54),
	                 54);
	close(fd);
	assert_int_not_equal(qv__store_open(&s, path, &err), QV_OK);
	assert_non_null(strstr(err.msg, path));
	unlink(path);
}

/* The first value of the first row into ctx (a char[64]). */
static qv_status first_text(void *ctx, int n, const char *const *values)
{
	snprintf(ctx, 64, "%s", n > 0 && values[0] ? values[0] : "(null)");
	return QV_OK;
}

/* Each $N of a statement written for both backends is args[N-1] on SQLite too, in whatever
 * order the text names them (SQLite numbers a $N by its first place in the text: the
 * tournament director's UPDATE named $4 before $3, and every tournament started 10 s late). */
static void test_store_args_by_number(void **state)
{
	(void)state;
	qv__store *s;
	qv_err err;
	assert_int_equal(qv__store_open(&s, ":memory:", &err), QV_OK);
	const char *args[] = {"one", "two", "three"};
	char got[64] = "";
	assert_int_equal(qv__store_query(s, "SELECT $3 || ' ' || $1 || ' ' || $2 || ' ' || $3", 3,
	                                 args, first_text, got, &err),
	                 QV_OK);
	assert_string_equal(got, "three one two three");
	/* a $N the text does not use is left out, the others still in their places */
	assert_int_equal(
	    qv__store_query(s, "SELECT $3 || ' ' || $1", 3, args, first_text, got, &err), QV_OK);
	assert_string_equal(got, "three one");
	assert_int_equal(qv__store_run(s, "CREATE TABLE args_t (a TEXT, b TEXT)", 0, NULL, &err),
	                 QV_OK);
	assert_int_equal(
	    qv__store_run(s, "INSERT INTO args_t (b, a) VALUES ($2, $1)", 2, args, &err), QV_OK);
	assert_int_equal(
	    qv__store_query(s, "SELECT a || '/' || b FROM args_t", 0, NULL, first_text, got, &err),
	    QV_OK);
	assert_string_equal(got, "one/two");
	qv__store_close(s);
}

/* A database of schema 3 (before the column `variant`) with one table waiting for its second
 * person, as quiver made them then. */
static const char *const schema_3 =
    "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL,"
    " seed INTEGER NOT NULL, private INTEGER NOT NULL, v INTEGER NOT NULL, status TEXT NOT NULL,"
    " created REAL NOT NULL, finished REAL, record TEXT, ai_starts INTEGER NOT NULL DEFAULT 0,"
    " stopped TEXT, creator TEXT, info TEXT, people TEXT);"
    "CREATE INDEX tables_status ON tables(status, created);"
    "CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,"
    " kind TEXT NOT NULL, token_hash TEXT, PRIMARY KEY (table_id, seat));"
    "CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL,"
    " who TEXT NOT NULL, action TEXT NOT NULL, automatic INTEGER NOT NULL, at REAL NOT NULL,"
    " PRIMARY KEY (table_id, idx));"
    "INSERT INTO tables (id, game, params, seed, private, v, status, created) VALUES"
    " ('00112233aabbccdd', 'three-arrows', '{\"players\": 2}', 7, 1, 0, 'waiting', 1.0e9);"
    "INSERT INTO seats VALUES ('00112233aabbccdd', 0, 'human', NULL);"
    "INSERT INTO seats VALUES ('00112233aabbccdd', 1, 'human', NULL);"
    "PRAGMA user_version=3;";

/* The tables of schema 6 are there, empty, with players' column account. */
static void assert_accounts_schema(sqlite3 *db)
{
	const char *const counts[] = {"SELECT count(*) FROM accounts",
	                              "SELECT count(*) FROM recovery",
	                              "SELECT count(*) FROM sessions",
	                              "SELECT count(*) FROM players WHERE account IS NOT NULL",
	                              "SELECT count(*) FROM ratings",
	                              "SELECT count(*) FROM rating_history",
	                              "SELECT count(*) FROM rated",
	                              "PRAGMA user_version"};
	for (int i = 0; i < 8; i++) {
		sqlite3_stmt *st;
		assert_int_equal(sqlite3_prepare_v2(db, counts[i], -1, &st, NULL), SQLITE_OK);
		assert_int_equal(sqlite3_step(st), SQLITE_ROW);
		assert_int_equal(sqlite3_column_int(st, 0), i < 7 ? 0 : 16);
		sqlite3_finalize(st);
	}
}

/* A database of schema 3 gains the column `variant` at open (schema 4), then the column `player`
 * of seats and the table players (schema 5), then the accounts (schema 6), and its tables,
 * which played built-in sets, come back as they were, their seats linked to no player. A
 * database of schema 5 gains the accounts and the column account of players, one of schema 6
 * the ratings (schema 7); every one gains the fencing epoch (schema 8), and accounts whose ids
 * are never given twice (schema 9), and the operator's tables (schema 10); one of schema 11
 * gains the table blocks (schema 12), one of schema 12 the follows, presence and challenges
 * (schema 13), one of schema 13 the secrets and ties (schema 14), one of schema 14 has its
 * accounts' keys of likeness made again (schema 15: NULL until the server fills them), and one
 * of schema 15 gains the tournaments (schema 16). */
/* What version 8 added, taken away again (SQL of a database's downgrade, ends with ';'). */
#define SCHEMA_8_UNDONE "ALTER TABLE tables DROP COLUMN epoch; DROP TABLE news; DROP TABLE live; "

/* Takes *db (open on path) back to an older schema by `sql`, lets the store open (and upgrade)
 * it, and opens it again into *db, its accounts' schema checked. */
static void downgraded(sqlite3 **db, const char *path, const char *sql)
{
	qv_err err;
	qv__store *store;
	assert_int_equal(sqlite3_exec(*db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(*db);
	assert_int_equal(qv__store_open(&store, path, &err), QV_OK);
	qv__store_close(store);
	assert_int_equal(sqlite3_open(path, db), SQLITE_OK);
	assert_accounts_schema(*db);
}

static void test_store_upgrade(void **state)
{
	(void)state;
	char dir[48], path[64], cmd[160];
	assert_non_null(qv_test_mkdtemp(dir, sizeof dir, "qvupgrade"));
	snprintf(path, sizeof path, "%s/old.db", dir);
	sqlite3 *db;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, schema_3, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);

	restored r = {0};
	qv_err err;
	assert_int_equal(qv__store_open(&r.store, path, &err), QV_OK);
	assert_int_equal(qv__store_load_open(r.store, collect, &r, &err), QV_OK);
	assert_int_equal(r.n, 1);
	assert_string_equal(r.t[0]->id, "00112233aabbccdd");
	assert_int_equal(r.t[0]->status, QV__WAITING);
	/* it plays its game's built-in set, if the game has components at all */
	assert_true(!r.t[0]->variant || r.t[0]->variant->builtin);
	qv__table_free(r.t[0]);
	qv__store_close(r.store);

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT variant FROM tables", -1, &st, NULL),
	                 SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_type(st, 0), SQLITE_NULL);
	sqlite3_finalize(st);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT count(*) FROM seats WHERE player IS NULL",
	                                    -1, &st, NULL),
	                 SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(st, 0), 2);
	sqlite3_finalize(st);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT count(*) FROM players", -1, &st, NULL),
	                 SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(st, 0), 0);
	sqlite3_finalize(st);
	assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(st, 0), 16);
	sqlite3_finalize(st);
	/* schema 14: the site's secrets, and the ties of accounts to browsers */
	assert_int_equal(sqlite3_exec(db, "SELECT name, value FROM secrets", NULL, NULL, NULL),
	                 SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "SELECT account, mark, at FROM ties", NULL, NULL, NULL),
	                 SQLITE_OK);
	/* schema 13: follows, presence and challenges (store/community_schema.c) */
	assert_int_equal(sqlite3_exec(db,
	                              "SELECT account, followed, at FROM follows; SELECT account, "
	                              "origin, at FROM presence; SELECT id, status, table_id FROM "
	                              "challenges",
	                              NULL, NULL, NULL),
	                 SQLITE_OK);
	/* schema 12: the accounts each account blocks (store/admin_schema.c) */
	assert_int_equal(
	    sqlite3_exec(db, "SELECT account, blocked, at FROM blocks", NULL, NULL, NULL),
	    SQLITE_OK);
	/* schema 11: the index of a table's ratings (store/sqlite_schema.c) */
	assert_int_equal(
	    sqlite3_prepare_v2(db,
	                       "SELECT count(*) FROM sqlite_master WHERE type = 'index' "
	                       "AND name = 'rating_history_table'",
	                       -1, &st, NULL),
	    SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(st, 0), 1);
	sqlite3_finalize(st);
	/* schema 10: the operator's tables (store/admin_schema.c) */
	assert_int_equal(
	    sqlite3_prepare_v2(db, "SELECT count(*) FROM bans, suspensions, audit", -1, &st, NULL),
	    SQLITE_OK);
	sqlite3_finalize(st);
	/* schema 8: the fencing epoch of PostgreSQL's processes, 0 here */
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT epoch FROM tables", -1, &st, NULL),
	                 SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(st, 0), 0);
	sqlite3_finalize(st);
	assert_accounts_schema(db);
	/* a version-5 database (no accounts, players without their column account, nor what
	 * version 8 added) gets them */
	downgraded(&db, path,
	           "DROP TABLE accounts; DROP TABLE recovery; DROP TABLE sessions; DROP INDEX "
	           "players_account; ALTER TABLE players DROP COLUMN account; " SCHEMA_8_UNDONE
	           "PRAGMA user_version=5;");
	/* a version-6 database (no ratings) gets them */
	downgraded(
	    &db, path,
	    "DROP TABLE ratings; DROP TABLE rating_history; DROP TABLE rated; " SCHEMA_8_UNDONE
	    "PRAGMA user_version=6;");
	/* a version-11 database (without the blocks) gets them */
	downgraded(&db, path, "DROP TABLE blocks; PRAGMA user_version=11;");
	assert_int_equal(sqlite3_exec(db, "SELECT count(*) FROM blocks", NULL, NULL, NULL),
	                 SQLITE_OK);
	/* a version-12 database (without follows, presence and challenges) gets them */
	downgraded(&db, path,
	           "DROP TABLE follows; DROP TABLE presence; DROP TABLE challenges; DROP TABLE "
	           "puzzles; DROP TABLE puzzle_sources; DROP TABLE puzzle_ratings; DROP TABLE "
	           "puzzle_attempts; PRAGMA user_version=12;");
	assert_int_equal(
	    sqlite3_exec(db,
	                 "SELECT count(*) FROM follows, presence, challenges, puzzles, "
	                 "puzzle_sources, puzzle_ratings, puzzle_attempts",
	                 NULL, NULL, NULL),
	    SQLITE_OK);
	/* a version-13 database (without the secrets and ties) gets them */
	downgraded(&db, path, "DROP TABLE secrets; DROP TABLE ties; PRAGMA user_version=13;");
	assert_int_equal(sqlite3_exec(db, "SELECT count(*) FROM secrets, ties", NULL, NULL, NULL),
	                 SQLITE_OK);
	/* a version-14 database's keys of likeness are made again (case folded first): NULL
	 * until the server fills them */
	assert_int_equal(sqlite3_exec(db,
	                              "INSERT INTO accounts (username, lower, hash, skeleton) "
	                              "VALUES ('Mia', 'mia', 'h', 'mia'); PRAGMA user_version=14;",
	                              NULL, NULL, NULL),
	                 SQLITE_OK);
	sqlite3_close(db);
	qv__store *again;
	assert_int_equal(qv__store_open(&again, path, &err), QV_OK);
	qv__store_close(again);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	sqlite3_stmt *st14;
	assert_int_equal(sqlite3_prepare_v2(db,
	                                    "SELECT count(*) FROM accounts WHERE skeleton IS NULL",
	                                    -1, &st14, NULL),
	                 SQLITE_OK);
	assert_int_equal(sqlite3_step(st14), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(st14, 0), 1);
	sqlite3_finalize(st14);
	assert_int_equal(sqlite3_exec(db, "DELETE FROM accounts", NULL, NULL, NULL), SQLITE_OK);
	/* a version-15 database (without the tournaments) gets them */
	downgraded(&db, path,
	           "DROP TABLE tournaments; DROP TABLE tournament_players; DROP TABLE "
	           "tournament_games; DROP TABLE tournament_waves; PRAGMA user_version=15;");
	assert_int_equal(sqlite3_exec(db,
	                              "SELECT count(*) FROM tournaments, tournament_players, "
	                              "tournament_games, tournament_waves",
	                              NULL, NULL, NULL),
	                 SQLITE_OK);
	/* a version-7 database (without the fencing epoch and the processes' tables) gets them */
	downgraded(&db, path, SCHEMA_8_UNDONE "PRAGMA user_version=7;");
	assert_int_equal(sqlite3_exec(db,
	                              "SELECT epoch FROM tables; SELECT count(*) FROM news; "
	                              "SELECT count(*) FROM live",
	                              NULL, NULL, NULL),
	                 SQLITE_OK);
	/* a version-8 database, its accounts' ids given from the largest (SQLite's rowid): account
	 * 7 was deleted but a key still names it, and 5 is the largest left; made again with
	 * AUTOINCREMENT, its next account is 8, never a deleted one's id */
	assert_int_equal(
	    sqlite3_exec(db,
	                 "DROP TABLE accounts; DELETE FROM sqlite_sequence; CREATE TABLE accounts "
	                 "(id INTEGER PRIMARY KEY, username TEXT NOT NULL, lower TEXT UNIQUE NOT "
	                 "NULL, hash TEXT NOT NULL, created REAL, password_at REAL); INSERT INTO "
	                 "accounts VALUES (5, 'Ann', 'ann', 'h', 1, 1); INSERT INTO players (hash, "
	                 "created, seen, account) VALUES ('k', 1, 1, 7); PRAGMA user_version=8;",
	                 NULL, NULL, NULL),
	    SQLITE_OK);
	sqlite3_close(db);
	qv__store *store;
	assert_int_equal(qv__store_open(&store, path, &err), QV_OK);
	qv__store_close(store);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "SELECT addr, skeleton FROM accounts", NULL, NULL, NULL),
	                 SQLITE_OK);
	assert_int_equal(sqlite3_exec(db,
	                              "DELETE FROM players; DELETE FROM accounts; INSERT INTO "
	                              "accounts (username, lower, hash) VALUES ('Bea', 'bea', 'h')",
	                              NULL, NULL, NULL),
	                 SQLITE_OK);
	assert_int_equal(sqlite3_last_insert_rowid(db), 8);
	/* the open challenges past their time, looked for at every challenge request, through
	 * their index rather than a scan of every challenge */
	sqlite3_stmt *plan;
	assert_int_equal(sqlite3_prepare_v2(db,
	                                    "EXPLAIN QUERY PLAN SELECT id FROM challenges WHERE "
	                                    "status = 'open' AND expires <= 1 ORDER BY expires",
	                                    -1, &plan, NULL),
	                 SQLITE_OK);
	assert_int_equal(sqlite3_step(plan), SQLITE_ROW);
	assert_non_null(strstr((const char *)sqlite3_column_text(plan, 3), "challenges_due"));
	sqlite3_finalize(plan);
	sqlite3_close(db);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

/* libsodium, which makes the tokens and ids, is started once (as qv__server_start does). */
/* ---- clocks set back by a takeback ------------------------------------------------------------
 */

/* p's time left on t's clock now, in ms (the server's clocks read the epoch in seconds). */
static long long left_now(qv__table *t, int p)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	qv__table_lock(t);
	long long ms = qv__clock_left(&t->clock, p, (double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
	qv__table_unlock(t);
	return ms;
}

/* The clocks without sockets: an act earns Fischer's increment and leaves a mark of the clocks
 * before it; its takeback sets every clock back to the mark and drops it; each act leaves one;
 * without a mark (a table saved by an older quiver) a takeback keeps the clocks as they are but
 * takes the asker's increment back. */
static void test_takeback_marks(void **state)
{
	(void)state;
	qv__table *t = make(NULL, "{\"game\": \"three-arrows\", \"params\": {\"mode\": "
	                          "\"tactical\"}, \"seats\": [\"human\", \"human\"], \"clock\": "
	                          "{\"kind\": \"fischer\", \"base\": 60, \"increment\": 10}}");
	char tok[33], a[256];
	int seat;
	qv_err err;
	for (int i = 0; i < 2; i++)
		assert_int_equal(qv__table_join(t, NULL, &seat, tok, NULL), QV_OK);
	first_legal(t, a, sizeof a);
	assert_int_equal(qv__table_act(t, 0, version(t), a, &err), QV_OK);
	assert_int_equal(t->nmarks, 1);
	assert_int_equal(t->marks[0].from, 0);
	assert_true(t->clock.left[0] > 60000 && t->clock.left[0] <= 70000);
	assert_int_equal(qv__table_undo(t, 0, version(t), &err), QV_OK);
	assert_int_equal(t->nmarks, 0);
	assert_true(left_now(t, 0) <= 60000);
	assert_int_equal(left_now(t, 1), 60000);
	assert_true(t->clock.running == 1u);
	/* Acts of both seats, each in its turn: one mark each (no chance outcome comes in the
	 * tactical mode to end them), in the order of the history. */
	for (int i = 0; i < 4; i++) {
		first_legal(t, a, sizeof a);
		assert_int_equal(qv__table_act(t, qv_match_to_move(t->m), version(t), a, &err),
		                 QV_OK);
		assert_int_equal(t->nmarks, i + 1);
		assert_true(t->marks[i].from < t->m->nhist);
		assert_true(i == 0 || t->marks[i].from > t->marks[i - 1].from);
	}
	/* The seat to move acts; the marks are lost (an older quiver kept none): the takeback
	 * carries the clocks on, less that seat's increment. */
	int p = qv_match_to_move(t->m), q = 1 - p;
	first_legal(t, a, sizeof a);
	assert_int_equal(qv__table_act(t, p, version(t), a, &err), QV_OK);
	long long acted = t->clock.left[p], other = left_now(t, q);
	t->nmarks = 0;
	assert_int_equal(qv__table_undo(t, p, version(t), &err), QV_OK);
	assert_true(left_now(t, p) <= acted - 10000);
	assert_true(left_now(t, p) > acted - 10000 - 5000);
	assert_true(left_now(t, q) <= other);
	qv__table_free(t);
}

static int start_crypto(void **state)
{
	(void)state;
	return qv__crypto_init(NULL) ? -1 : 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_token_hashes),
	    cmocka_unit_test(test_tokens),
	    cmocka_unit_test(test_requests),
	    cmocka_unit_test(test_join_and_versions),
	    cmocka_unit_test(test_frames),
	    cmocka_unit_test(test_log_secrets),
	    cmocka_unit_test(test_log_updates),
	    cmocka_unit_test(test_history),
	    cmocka_unit_test(test_history_after_undo),
	    cmocka_unit_test(test_store_round_trip),
	    cmocka_unit_test(test_forced_held),
	    cmocka_unit_test(test_store_refuses),
	    cmocka_unit_test(test_store_args_by_number),
	    cmocka_unit_test(test_store_upgrade),
	    cmocka_unit_test(test_fetch_rules),
	    cmocka_unit_test(test_undo_race_arrow_party),
	    cmocka_unit_test(test_undo_chance_not_reused),
	    cmocka_unit_test(test_takeback_marks),
	};
	return cmocka_run_group_tests(tests, start_crypto, NULL);
}
