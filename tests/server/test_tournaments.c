/*
 * test_tournaments.c - tournaments from the outside (issue 67, item 2): 50 accounts (players) made
 * through the API, each from an address of its own, join a Swiss and an arena and play every
 * game they are given to its end through the API and the table's socket (the loser, chosen by
 * a fixed rule with upsets, resigns). Swiss: one withdraws before the start (all but one: a bye
 * each round), a second join changes nothing, every round's pairs, colours and bye are those
 * base/tourney.c gives the test's own record of the results, the server is restarted with a
 * round paired and unplayed and the tournament resumes, and at the end every player's score is
 * the reference's and the winner is the first of the standings. Arena: two join after it
 * began, every wave's pairs are those base/tourney.c gives the wave's waiting players as the
 * server kept them, every player's points are its results' (streaks), and the winner is the
 * first of the standings. And a tournament starts within seconds of its start time.
 *
 * Usage: test_tournaments PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"
#include "server/base/tourney.h"

/* The accounts: N_MOST, and N_FEW in the sanitizer build (TH_ROUNDS, harness.h) and on
 * PostgreSQL (the run again there, th_pg), where each game and each sign-up costs several times
 * the processor time and takes the paths the first took; a Swiss of 19 still has a bye each
 * round. N_MOST sizes the arrays; `players` is the run's count (main). */
#define N_MOST 50
#define N_FEW  20
static int players = N_MOST;
#define GAMES                                                                                      \
	"\"game\": \"three-arrows\", \"clock\": {\"kind\": \"fischer\", \"base\": 300, "           \
	"\"increment\": 5}"
/* How long a tournament's next step may take: a restarted process takes the tournament over
 * once its lease lapsed (10 s). */
#define STEP_MS 90000

static const char *const extra[] = {"--create-rate", "1000", NULL};

/* A player: its browser (signed in), its name and the address it sends from. */
typedef struct bot {
	th_browser b;
	char name[16], src[24];
} bot;

static bot bots[N_MOST];

static json_t *ask(int i, const char *method, const char *path, const char *body, int status)
{
	tc_set_source(bots[i].src);
	tc_reply r;
	th_browser_ask(&bots[i].b, method, path, body, status, &r);
	json_t *j = json_incref(r.json);
	tc_reply_free(&r);
	tc_set_source(NULL);
	return j;
}

/* Bots 0 to n - 1 signed up, each from an address of its own. */
static void bots_made(int n)
{
	for (int i = 0; i < n; i++) {
		memset(&bots[i], 0, sizeof bots[i]);
		snprintf(bots[i].name, sizeof bots[i].name, "Bot%02d", i);
		snprintf(bots[i].src, sizeof bots[i].src, "127.1.%d.1", i + 1);
		tc_set_source(bots[i].src);
		th_browser_account(&bots[i].b, bots[i].name, false);
	}
	tc_set_source(NULL);
}

static int bot_of(const char *name)
{
	for (int i = 0; name && i < players; i++)
		if (strcmp(bots[i].name, name) == 0)
			return i;
	fail_msg("no bot named %s", name ? name : "(null)");
	return -1;
}

/* Who loses a game of bots a and b in round (or wave) r: the higher numbered, but one game in
 * four goes the other way. */
static int loser(int a, int b, long long r)
{
	int hi = a > b ? a : b, lo = a > b ? b : a;
	return (a + b + r) % 4 == 0 ? lo : hi;
}

/* Bot i resigns at seat `seat` of table id: its device asks for a token of its seat, opens the
 * table's socket and resigns. */
static void resigns(int i, const char *table, const char *seat)
{
	char body[32], token[64];
	snprintf(body, sizeof body, "{\"seat\": \"%s\"}", seat);
	tc_set_source(bots[i].src);
	th_browser_join(&bots[i].b, table, body, token);
	th_seat s;
	assert_int_equal(th_browser_seat_open(&bots[i].b, &s, table, token), 0);
	th_seat_next(&s);
	th_seat_send(&s, "{\"type\": \"resign\", \"v\": %lld}", s.v);
	th_seat_next(&s);
	th_seat_close(&s);
	tc_set_source(NULL);
}

static json_t *shown(const char *id, bool waves)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tournaments/%s%s", id, waves ? "?waves=1" : "");
	return th_http("GET", path, NULL, 200);
}

static const char *text_of(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* Waits until tournament id's status is `status`; its last reading (caller frees). */
static json_t *wait_status(const char *id, const char *status)
{
	double until = tc_now_ms() + STEP_MS;
	for (;;) {
		json_t *t = shown(id, false);
		if (strcmp(text_of(t, "status"), status) == 0)
			return t;
		json_decref(t);
		if (tc_now_ms() > until)
			fail_msg("tournament %s is not %s", id, status);
		poll(NULL, 0, 50);
	}
}

static void made(int maker, const char *body, char id[32])
{
	json_t *t = ask(maker, "POST", "/api/tournaments", body, 201);
	snprintf(id, 32, "%s", text_of(t, "id"));
	json_decref(t);
}

static void act(int i, const char *id, const char *what, int status)
{
	char path[96];
	snprintf(path, sizeof path, "/api/tournaments/%s/%s", id, what);
	json_decref(ask(i, "POST", path, NULL, status));
}

/* ---- Swiss ---- */

/* The test's own record of a Swiss: each bot as base/tourney.c sees it (id: its number + 1),
 * who met whom. */
typedef struct ref {
	qv__tp p[N_MOST];
	bool in[N_MOST];
	bool met[N_MOST + 1][N_MOST + 1];
} ref;

static bool ref_met(void *ctx, long long a, long long b) { return ((const ref *)ctx)->met[a][b]; }

/* Round r's games of tournament t (its "games" of that round, in board order) as text: "Bot01-
 * Bot07 ... bye Bot48". */
static void round_text(const json_t *t, long long r, char *out, size_t len)
{
	size_t i;
	const json_t *g;
	out[0] = '\0';
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		if (json_integer_value(json_object_get(g, "round")) != r)
			continue;
		size_t at = strlen(out);
		if (json_is_string(json_object_get(g, "second")))
			snprintf(out + at, len - at, "%s%s-%s", at ? " " : "", text_of(g, "first"),
			         text_of(g, "second"));
		else
			snprintf(out + at, len - at, "%sbye %s", at ? " " : "",
			         text_of(g, "first"));
	}
}

/* What base/tourney.c pairs for the record's players, as round_text writes it. */
static void ref_text(ref *R, char *out, size_t len)
{
	qv__tp tp[N_MOST];
	int n = 0, pairs[N_MOST / 2][2], bye;
	for (int i = 0; i < players; i++)
		if (R->in[i])
			tp[n++] = R->p[i];
	int np = qv__swiss_pair(tp, n, ref_met, R, pairs, &bye);
	assert_true(np >= 0);
	out[0] = '\0';
	for (int k = 0; k < np; k++) {
		size_t at = strlen(out);
		snprintf(out + at, len - at, "%s%s-%s", at ? " " : "",
		         bots[tp[pairs[k][0]].id - 1].name, bots[tp[pairs[k][1]].id - 1].name);
	}
	if (bye >= 0) {
		size_t at = strlen(out);
		snprintf(out + at, len - at, " bye %s", bots[tp[bye].id - 1].name);
	}
}

/* Waits until round r of Swiss id is paired (n games listed); its reading. */
static json_t *wait_round(const char *id, long long r, int n)
{
	double until = tc_now_ms() + STEP_MS;
	for (;;) {
		json_t *t = shown(id, false);
		int have = 0;
		size_t i;
		const json_t *g;
		json_array_foreach(json_object_get(t, "games"), i, g) have +=
		    json_integer_value(json_object_get(g, "round")) == r;
		if (have == n)
			return t;
		json_decref(t);
		if (tc_now_ms() > until)
			fail_msg("round %lld of %s was not paired", r, id);
		poll(NULL, 0, 50);
	}
}

/* Plays round r's games of reading t (the losers resign) and records them in R. */
static void swiss_play(ref *R, const json_t *t, long long r)
{
	size_t i;
	const json_t *g;
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		if (json_integer_value(json_object_get(g, "round")) != r)
			continue;
		int a = bot_of(text_of(g, "first"));
		if (!json_is_string(json_object_get(g, "second"))) {
			R->p[a].score += 1;
			R->p[a].had_bye = true;
			continue;
		}
		int z = bot_of(text_of(g, "second")), l = loser(a, z, r);
		resigns(l, text_of(g, "table"), l == a ? "p1" : "p2");
		R->p[l == a ? z : a].score += 1;
		R->met[a + 1][z + 1] = R->met[z + 1][a + 1] = true;
		R->p[a].whites++;
		R->p[a].last_colour = 1;
		R->p[z].blacks++;
		R->p[z].last_colour = -1;
	}
}

static void test_swiss(void **state)
{
	(void)state;
	const char *db = th_new_db();
	th_start(db, extra);
	bots_made(players);
	char id[32], body[256];
	snprintf(body, sizeof body,
	         "{\"name\": \"Bots' Swiss\", \"kind\": \"swiss\", " GAMES
	         ", \"rounds\": 4, \"pause\": 0, \"starts_in\": 3600}");
	made(0, body, id);
	ref R = {0};
	for (int i = 0; i < players; i++) {
		act(i, id, "join", 200);
		R.p[i] = (qv__tp){.id = i + 1, .rating = 1500, .order = i};
		R.in[i] = i != players - 1;
	}
	act(1, id, "join", 200); /* again: nothing changes */
	act(players - 1, id, "withdraw", 200);
	json_t *t = shown(id, false);
	assert_int_equal(json_integer_value(json_object_get(t, "players")), players);
	json_decref(t);
	act(0, id, "start", 200);
	char want[2048], got[2048];
	for (long long r = 1; r <= 4; r++) {
		ref_text(&R, want, sizeof want);
		t = wait_round(id, r, (players - 1 + 1) / 2);
		round_text(t, r, got, sizeof got);
		assert_string_equal(got, want);
		if (r == 3) { /* a restart with a round paired and not played */
			th_stop();
			th_start(db, extra);
		}
		swiss_play(&R, t, r);
		json_decref(t);
	}
	t = wait_status(id, "finished");
	const json_t *standings = json_object_get(t, "standings"), *s;
	size_t i;
	double best = 0;
	json_array_foreach(standings, i, s)
	{
		int b = bot_of(text_of(s, "username"));
		assert_true(json_number_value(json_object_get(s, "score")) == R.p[b].score);
		assert_int_equal(json_is_true(json_object_get(s, "active")), b != players - 1);
		best = R.p[b].score > best ? R.p[b].score : best;
	}
	const json_t *first = json_array_get(standings, 0);
	assert_true(json_number_value(json_object_get(first, "score")) == best);
	assert_string_equal(text_of(t, "winner"), text_of(first, "username"));
	json_decref(t);
}

/* ---- arena ---- */

/* Every wave of arena t paired as base/tourney.c pairs the wave's waiting players. */
static void waves_checked(const json_t *t)
{
	size_t i, k;
	const json_t *w, *p;
	json_array_foreach(json_object_get(t, "waves"), i, w)
	{
		const json_t *waiting = json_object_get(json_object_get(w, "waiting"), "players");
		qv__tp tp[N_MOST];
		int n = 0, pairs[N_MOST / 2][2];
		json_array_foreach(waiting, k, p)
		{
			const char *last = text_of(p, "last");
			tp[n] =
			    (qv__tp){.id = bot_of(text_of(p, "username")) + 1,
			             .score = json_number_value(json_object_get(p, "score")),
			             .games = (int)json_integer_value(json_object_get(p, "games")),
			             .order = n,
			             .last = last ? bot_of(last) + 1 : 0};
			n++;
		}
		bool others =
		    json_is_true(json_object_get(json_object_get(w, "waiting"), "others_playing"));
		int np = qv__arena_pair(tp, n, others, NULL, NULL, pairs);
		char want[2048] = "", got[2048];
		for (int j = 0; j < np; j++) {
			size_t at = strlen(want);
			snprintf(want + at, sizeof want - at, "%s%s-%s", at ? " " : "",
			         bots[tp[pairs[j][0]].id - 1].name,
			         bots[tp[pairs[j][1]].id - 1].name);
		}
		round_text(t, json_integer_value(json_object_get(w, "wave")), got, sizeof got);
		assert_string_equal(got, want);
	}
}

/* Plays every game of arena id until it ends: the loser of each resigns, counted in lost[]
 * and its opponent in won[]. The last reading. */
static json_t *arena_play(const char *id, int *won, int *lost)
{
	json_t *done = json_object();
	double until = tc_now_ms() + 4 * 60000;
	for (;;) {
		json_t *t = shown(id, false);
		if (strcmp(text_of(t, "status"), "finished") == 0) {
			json_decref(done);
			return t;
		}
		size_t i;
		const json_t *g;
		json_array_foreach(json_object_get(t, "games"), i, g)
		{
			const char *table = text_of(g, "table");
			if (!table || json_object_get(done, table))
				continue;
			int a = bot_of(text_of(g, "first")), z = bot_of(text_of(g, "second"));
			int l = loser(a, z, json_integer_value(json_object_get(g, "round")));
			resigns(l, table, l == a ? "p1" : "p2");
			lost[l]++;
			won[l == a ? z : a]++;
			json_object_set_new(done, table, json_true());
		}
		json_decref(t);
		if (tc_now_ms() > until)
			fail_msg("arena %s did not end", id);
		poll(NULL, 0, 20);
	}
}

static void test_arena(void **state)
{
	(void)state;
	th_start(th_new_db(), extra);
	bots_made(players);
	char id[32], body[256];
	snprintf(body, sizeof body,
	         "{\"name\": \"Bots' arena\", \"kind\": \"arena\", " GAMES
	         ", \"minutes\": 1, \"starts_in\": 3600}");
	made(0, body, id);
	for (int i = 0; i < players - 2; i++)
		act(i, id, "join", 200);
	act(0, id, "start", 200);
	json_decref(wait_status(id, "running"));
	act(players - 2, id, "join", 200); /* late joiners */
	act(players - 1, id, "join", 200);
	int won[N_MOST] = {0}, lost[N_MOST] = {0};
	json_decref(arena_play(id, won, lost));
	json_t *t = shown(id, true);
	waves_checked(t);
	const json_t *standings = json_object_get(t, "standings"), *s;
	size_t i;
	int late = 0;
	json_array_foreach(standings, i, s)
	{
		bool fire;
		const char *results = text_of(s, "results");
		assert_int_equal(qv__arena_points(results, &fire),
		                 (int)json_number_value(json_object_get(s, "score")));
		int b = bot_of(text_of(s, "username"));
		assert_int_equal(json_integer_value(json_object_get(s, "wins")), won[b]);
		assert_int_equal(json_integer_value(json_object_get(s, "losses")), lost[b]);
		late += b >= players - 2 && strlen(results) > 0;
		if (i > 0)
			assert_true(json_number_value(json_object_get(s, "score")) <=
			            json_number_value(json_object_get(
			                json_array_get(standings, i - 1), "score")));
	}
	assert_int_equal(late, 2);
	assert_string_equal(text_of(t, "winner"),
	                    text_of(json_array_get(standings, 0), "username"));
	json_decref(t);
}

/* ---- on time ---- */

/* A tournament starts when it said it would: within a few seconds of its start time, not once
 * a director's lease (10 s) has lapsed (on SQLite, the director's UPDATE once bound its $N by
 * their place in the text, and every tournament started 10 s late). */
static void test_on_time(void **state)
{
	(void)state;
	th_start(th_new_db(), extra);
	bots_made(2);
	char id[32];
	double asked = tc_now_ms();
	made(0,
	     "{\"name\": \"On time\", \"kind\": \"swiss\", " GAMES
	     ", \"rounds\": 1, \"pause\": 0, \"starts_in\": 2}",
	     id);
	act(0, id, "join", 200);
	act(1, id, "join", 200);
	json_decref(wait_status(id, "running"));
	double late = tc_now_ms() - asked - 2000;
	if (late > 6000)
		fail_msg("the tournament started %.1f s after its start time", late / 1000);
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "tournaments", 900))
		return 2;
	players = th_pg() ? N_FEW : TH_ROUNDS(N_MOST, N_FEW);
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {T(test_on_time), T(test_swiss), T(test_arena)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
