/*
 * test_secrecy.c - no frame tells a viewer anything it may not know. The attack is a client
 * that reads everything it is sent, looking for another seat's hand, a covered piece, a secret
 * choice, the seed or a token (the audit checked 128,296 views of whole games and found no
 * leak; boardgame.io #1159 leaked the initial state this way).
 *
 * Whole games of all four games at `quiver serve`, people's seats (the test plays them, each
 * through its own socket) beside AI seats, every game watched by each seat's connection and a
 * spectator, and later also by a second connection of a seat and a second spectator (whose
 * snapshots carry the whole log). The seats ask what a move would do (`what`) and look back at
 * lines of their log (`history`). When the game is over its record is played again, and:
 * - every view each connection received is exactly a view that viewer had at some point of
 *   the game, in order, and its log is the one worded for it (tests/server/viewer.c);
 * - a past view (`history`) is the view that viewer had at some point no later than the frame;
 * - a `what` text is the one the mover's own view gave for that action;
 * - no frame holds a key of a full state or a record, the seed (in decimal or hex) or another
 *   seat's token, and before the end the record and the replay are refused (409).
 *
 * Usage: test_secrecy PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "viewer.h"

/* Connections of one table: one per person's seat, a spectator, and two opened late. */
#define CONNS_MOST 8

/* A table to play: the request's game and params, and its seats. */
typedef struct setup {
	const char *game, *params;
	const char *seats[5];
} setup;

/* What the test counts over all games, printed at the end. */
static long views_checked, frames_read, whats_checked, pasts_checked;

/* A pseudo-random number below n (rand() is seeded by th_init). */
static size_t pick(size_t n) { return (size_t)rand() % n; }

/* The viewer that may decide now as the engine asks (its view's to_move is its own seat), so
 * that no choice is made ahead of its turn in a secret step (a commitment, which its view
 * shows and the record's replay would not); NULL when nobody at the sockets may. */
static tv_viewer *mover(tv_viewer *vs, int n)
{
	for (int i = 0; i < n; i++) {
		char seat[16];
		snprintf(seat, sizeof seat, "p%d", vs[i].seat + 1);
		const char *to = json_string_value(json_object_get(vs[i].view, "to_move"));
		if (vs[i].seat >= 0 && json_object_get(vs[i].view, "legal") && to &&
		    strcmp(to, seat) == 0)
			return &vs[i];
	}
	return NULL;
}

/* Asks what `action` (the index-th of the view's legal list) would do; the answer, to this
 * connection alone, must be the text the view gave for it. */
static void ask_what(tv_viewer *w, size_t index)
{
	json_t *view = json_incref(w->view);
	const char *action =
	    json_string_value(json_array_get(json_object_get(view, "legal"), index));
	const char *note = json_string_value(json_array_get(json_object_get(view, "what"), index));
	assert_non_null(note);
	size_t had = json_array_size(w->extra);
	tv_sendf(w, "{\"type\": \"what\", \"v\": %lld, \"action\": \"%s\"}", w->v, action);
	while (json_array_size(w->extra) == had ||
	       strcmp(json_string_value(json_object_get(json_array_get(w->extra, had), "type")),
	              "what") != 0) {
		if (json_array_size(w->extra) > had)
			had++;
		else if (!tv_receive(w, false))
			fail_msg("no answer to what '%s'", action);
	}
	const json_t *said = json_array_get(w->extra, had);
	assert_string_equal(json_string_value(json_object_get(said, "action")), action);
	assert_string_equal(json_string_value(json_object_get(said, "text")),
	                    *note ? note : "nothing more than the move itself");
	whats_checked++;
	json_decref(view);
}

/* Fails, saying what the table looks like from every connection (its version, whose move its
 * view says, its last three frames, whether the server closed it) and from the server's own
 * table information (GET /api/tables/ID), and how long the last wait lasted, when nobody at
 * the sockets may act and no frame comes: seen a few times in a few hundred runs on a loaded
 * machine, and not yet explained. */
static void stalled(const tv_viewer *vs, int n, const char *id, double waited_ms)
{
	char seen[2048] = "";
	size_t at = 0;
	for (int i = 0; i < n && at < sizeof seen; i++) {
		const char *to = json_string_value(json_object_get(vs[i].view, "to_move"));
		at +=
		    (size_t)snprintf(seen + at, sizeof seen - at, "%s[seat %d v %lld to_move %s%s;",
		                     i ? " " : "", vs[i].seat, vs[i].v, to ? to : "?",
		                     json_object_get(vs[i].view, "legal") ? " legal" : "");
		/* Its last three frames, type and version, oldest first. */
		size_t nf = json_array_size(vs[i].frames);
		for (size_t k = nf > 3 ? nf - 3 : 0; k < nf && at < sizeof seen; k++) {
			json_t *f =
			    json_loads(json_string_value(json_array_get(vs[i].frames, k)), 0, NULL);
			at += (size_t)snprintf(seen + at, sizeof seen - at, " %s v%lld",
			                       json_string_value(json_object_get(f, "type")),
			                       json_integer_value(json_object_get(f, "v")));
			json_decref(f);
		}
		if (at < sizeof seen)
			at += (size_t)snprintf(seen + at, sizeof seen - at, "; %s]",
			                       vs[i].ws.closed ? "closed" : "open");
	}
	json_t *info = th_info(id);
	char *text = info ? json_dumps(info, JSON_COMPACT) : NULL;
	fail_msg("nobody may act and nothing happens at table %s (v %lld, no frame for %.0f ms): "
	         "connections %s; the server says %.600s",
	         id, vs[0].v, waited_ms, seen, text ? text : "nothing");
}

/* Plays the table to its end: the mover picks a legal action at random, sometimes asking what
 * it would do first, sometimes looking back at a line of its log; when nobody at the sockets
 * may decide, an AI seat or chance is to move, and the first connection hears of it. At
 * v >= late, once a person is to move, the late connections are opened (a second one of seat
 * `late_seat`, a spectator), and the record and replay are asked for (409). */
static void play(tv_viewer *vs, int *n, const char *id, long long late, int late_seat,
                 const char *late_token)
{
	for (int acts = 0;; acts++) {
		if (acts > 3000)
			fail_msg("the game did not end within 3000 acts");
		tv_catch_up(vs, *n);
		if (strcmp(tv_status(&vs[0]), "over") == 0)
			return;
		/* Only while a person at the sockets is to move: then nothing else can end the game
		 * before the requests (an AI seat's move right after could, and the record would
		 * rightly be served: the race this test once lost). */
		if (*n < CONNS_MOST - 1 && vs[0].v >= late && late >= 0 && mover(vs, *n)) {
			tv_open(&vs[*n], id, late_seat, late_token);
			vs[*n].extra = json_array();
			tv_open(&vs[*n + 1], id, -1, NULL);
			vs[*n + 1].extra = json_array();
			*n += 2;
			late = -1;
			char path[96];
			snprintf(path, sizeof path, "/api/tables/%s/record", id);
			th_refused("GET", path, NULL, 409, "not over");
			snprintf(path, sizeof path, "/api/tables/%s/replay", id);
			th_refused("GET", path, NULL, 409, "not over");
			continue;
		}
		tv_viewer *who = mover(vs, *n);
		if (!who) {
			double asked = tc_now_ms();
			if (!tv_receive(&vs[0], false))
				stalled(vs, *n, id, tc_now_ms() - asked);
			continue;
		}
		json_t *legal = json_object_get(who->view, "legal");
		assert_true(json_array_size(legal) > 0);
		size_t k = pick(json_array_size(legal));
		if (pick(4) == 0)
			ask_what(who, k);
		if (pick(6) == 0 && json_array_size(who->log) > 0)
			tv_sendf(who, "{\"type\": \"history\", \"line\": %zu}",
			         pick(json_array_size(who->log)));
		long long before = who->v;
		tv_sendf(who, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", who->v,
		         json_string_value(json_array_get(legal, k)));
		while (who->v == before)
			if (!tv_receive(who, false))
				fail_msg("no update after acting (v %lld)", before);
	}
}

/* The view of viewer at every history length of the finished game, as a `history` frame
 * gives it: {"to_move", "view"} (the game's View JSON of that state). */
typedef struct past {
	const qv_game *g;
	int viewer;
	json_t *all;
} past;

static json_t *past_of(const qv_game *g, const void *st, int viewer)
{
	char who[8];
	return json_pack("{s:s, s:o}", "to_move", qv_player_name(g->to_move(st), who), "view",
	                 g->view_json(st, viewer));
}

static bool past_step(void *ctx, int entry, const void *before)
{
	(void)entry;
	past *p = ctx;
	json_array_append_new(p->all, past_of(p->g, before, p->viewer));
	return true;
}

/* Every `history` frame w received shows a view its viewer had no later than the frame. */
static void check_pasts(const tv_viewer *w, const json_t *record, unsigned people)
{
	qv_match *m = tv_replay_held(record, people, SIZE_MAX);
	past p = {m->game, w->seat >= 0 ? w->seat : QV_VIEW_PUBLIC, json_array()};
	assert_int_equal(qv_match_walk(m, 0, past_step, &p), QV_OK);
	json_array_append_new(p.all, past_of(m->game, m->state, p.viewer));
	for (size_t i = 0; i < json_array_size(w->extra); i++) {
		const json_t *f = json_array_get(w->extra, i);
		if (strcmp(json_string_value(json_object_get(f, "type")), "history") != 0)
			continue;
		const json_t *view = json_object_get(f, "view");
		json_t *seen = json_pack("{s:O, s:O}", "to_move", json_object_get(view, "to_move"),
		                         "view", json_object_get(view, "view"));
		long long v = json_integer_value(json_object_get(f, "v"));
		bool found = false;
		for (long long k = 0; k <= v && (size_t)k < json_array_size(p.all) && !found; k++)
			found = json_equal(seen, json_array_get(p.all, (size_t)k));
		if (!found) {
			char *t = json_dumps(seen, JSON_COMPACT);
			fail_msg("a past view (history line %lld at v %lld) its viewer never had: "
			         "%.400s",
			         (long long)json_integer_value(json_object_get(f, "line")), v, t);
		}
		tv_no_secret_keys(f);
		pasts_checked++;
		json_decref(seen);
	}
	json_decref(p.all);
	qv_match_free(m);
}

/* Whether any frame w received contains text. */
static bool heard(const tv_viewer *w, const char *text)
{
	for (size_t i = 0; i < json_array_size(w->frames); i++)
		if (strstr(json_string_value(json_array_get(w->frames, i)), text))
			return true;
	return false;
}

static void play_table(const setup *s)
{
	char body[512], id[32], tokens[5][64] = {{0}};
	int len = snprintf(body, sizeof body, "{\"game\": \"%s\", \"params\": %s, \"seats\": [",
	                   s->game, s->params);
	int nseats = 0;
	unsigned people = 0;
	for (; nseats < 5 && s->seats[nseats]; nseats++) {
		len += snprintf(body + len, sizeof body - (size_t)len, "%s\"%s\"",
		                nseats ? ", " : "", s->seats[nseats]);
		if (strcmp(s->seats[nseats], "human") == 0)
			people |= 1u << nseats;
	}
	snprintf(body + len, sizeof body - (size_t)len, "], \"private\": false}");
	th_create(body, id);
	tv_viewer vs[CONNS_MOST];
	int n = 0, first = -1;
	for (int i = 0; i < nseats; i++) {
		if (!(people >> i & 1u))
			continue;
		char seat[16];
		snprintf(seat, sizeof seat, "p%d", i + 1);
		th_join(id, seat, tokens[i]);
		first = first < 0 ? i : first;
	}
	for (int i = 0; i < nseats; i++)
		if (people >> i & 1u)
			tv_open(&vs[n++], id, i, tokens[i]);
	tv_open(&vs[n++], id, -1, NULL);
	for (int i = 0; i < n; i++)
		vs[i].extra = json_array();
	/* The lobby lists the table; it holds no token. */
	tc_reply r;
	assert_int_equal(tc_http(th_server.port, "GET", "/api/tables", NULL, 0, &r), 200);
	for (int i = 0; i < nseats; i++)
		if (tokens[i][0] && strstr(r.body, tokens[i]))
			fail_msg("the lobby shows p%d's token", i + 1);
	tc_reply_free(&r);
	play(vs, &n, id, 6 + (long long)pick(20), first, tokens[first]);

	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/record", id);
	json_t *record = th_http("GET", path, NULL, 200);
	tv_check_against_record(vs, n, record, people);
	/* The seed, as the record writes it and in the other forms a program might print. */
	const char *seed = json_string_value(json_object_get(record, "seed"));
	assert_non_null(seed);
	uint64_t seed64 = strtoull(seed, NULL, 10);
	char forms[3][32];
	snprintf(forms[0], sizeof forms[0], "%s", seed);
	snprintf(forms[1], sizeof forms[1], "%" PRIx64, seed64);
	snprintf(forms[2], sizeof forms[2], "%" PRId64, (int64_t)seed64);
	for (int i = 0; i < n; i++) {
		views_checked += (long)json_array_size(vs[i].views);
		frames_read += (long)json_array_size(vs[i].frames);
		for (int k = 0; k < 3; k++)
			if (strlen(forms[k]) >= 6 && heard(&vs[i], forms[k]))
				fail_msg("connection %d (seat %d) heard the seed as %s", i,
				         vs[i].seat + 1, forms[k]);
		for (int p = 0; p < nseats; p++)
			if (p != vs[i].seat && tokens[p][0] && heard(&vs[i], tokens[p]))
				fail_msg("connection %d (seat %d) heard p%d's token", i,
				         vs[i].seat + 1, p + 1);
		check_pasts(&vs[i], record, people);
	}
	json_decref(record);
	for (int i = 0; i < n; i++)
		tv_close(&vs[i]);
}

/* Every table of one game, each played ROUNDS times (every game is another: the seeds are the
 * server's), on one server. */
#define ROUNDS 2
static void play_game(const setup *tables)
{
	static const char *const extra[] = {"--max-sockets-per-address", "64", NULL};
	th_start(th_new_db(), extra);
	for (int round = 0; round < ROUNDS; round++)
		for (const setup *s = tables; s->game; s++)
			play_table(s);
	th_stop();
	printf("so far: %ld views and %ld frames checked, %ld what texts, %ld past views\n",
	       views_checked, frames_read, whats_checked, pasts_checked);
}

static void test_three_arrows(void **state)
{
	(void)state;
	static const setup tables[] = {
	    {"three-arrows", "{\"mode\": \"standard\"}", {"human", "human"}},
	    {"three-arrows",
	     "{\"mode\": \"standard\", \"players\": 3}",
	     {"human", "random", "human"}},
	    {"three-arrows", "{\"mode\": \"tactical\"}", {"greedy", "human"}},
	    {NULL, NULL, {NULL}},
	};
	play_game(tables);
}

static void test_concardia(void **state)
{
	(void)state;
	static const setup tables[] = {
	    {"concardia", "{\"max_turns\": 40}", {"human", "human"}},
	    {"concardia", "{\"max_turns\": 40}", {"greedy", "human"}},
	    {NULL, NULL, {NULL}},
	};
	play_game(tables);
}

static void test_evons(void **state)
{
	(void)state;
	static const setup tables[] = {
	    {"evons", "{\"max_turns\": 24}", {"human", "human"}},
	    {"evons", "{\"max_turns\": 24}", {"human", "random"}},
	    {NULL, NULL, {NULL}},
	};
	play_game(tables);
}

static void test_arrow_party(void **state)
{
	(void)state;
	static const setup tables[] = {
	    {"arrow-party", "{\"rounds\": 4}", {"human", "human", "human"}},
	    {"arrow-party",
	     "{\"players\": 4, \"rounds\": 2}",
	     {"human", "random", "human", "greedy"}},
	    {NULL, NULL, {NULL}},
	};
	play_game(tables);
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "secrecy", 850))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_three_arrows),
	    T(test_concardia),
	    T(test_evons),
	    T(test_arrow_party),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
