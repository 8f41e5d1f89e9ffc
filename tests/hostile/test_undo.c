/*
 * test_undo.c - no takeback crosses a chance outcome or a reveal, over real frames. The audit's
 * attacks: a player alone against AI seats attacks, reads the die, takes the attack back and
 * meets the same die with another move (undo_dice); a player takes back a move after it showed
 * a hidden card or piece (undo_peek); and the same sent at once after the frame that shows
 * every Arrow Party throw, before the chance draw queued after it has run, with the workers
 * kept busy by tables of AI seats (undo_race).
 *
 * Tables of all four games, played at random by the test through each person's socket: some
 * with people only, some with one person against AI seats. Right after each decision its seat
 * asks to take it back, and before deciding again a seat asks to take back its last decision
 * when someone else has decided since. Each answer is judged by the engine once the game is
 * over: the record played again as the server played it (tests/server/viewer.c) to the point
 * of the request, and qv_match_takeback asked there:
 * - across a chance outcome or a reveal, the request is refused with the engine's reason
 *   ("... and no undo crosses a chance outcome", "... no undo crosses a reveal");
 * - one the rule allows happens at once (every connection gets a snapshot) when no other
 *   person decided since, else it becomes a request in info's offer (which the test declines);
 * - a request that finds the table moved on (a chance draw or an AI move came first) is stale.
 * An accepted takeback is followed by the same decision again, so that the game stays the one
 * of its record (chance outcomes follow from the seed and the moves before them); where the
 * moves it took back are not in the record (an AI seat's answers, chosen again), the request
 * is judged at the decision itself and by the log its seat heard (no chance line). Every game
 * must show a refusal across a reveal, and every game with dice or coins during play one
 * across a chance outcome; tables of AI seats keep the workers busy while Arrow Party's throws
 * are taken back. ConCardia's start cards, turned up together, are a scripted case of the
 * same rule.
 *
 * Usage: test_undo PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
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

/* ---- a table played through its sockets ------------------------------------------------------ */

#define SEATS_MOST 5

/* One person's connection: its latest view and info, and the chance lines its log got. */
typedef struct conn {
	tc_ws ws;
	int seat;
	long long v;
	json_t *view, *table;
	int chance_lines; /* lines of updates about chance (a snapshot's whole log not counted) */
} conn;

/* What the server answered to one takeback request. */
enum answer { REFUSED, ACCEPTED, OFFERED, STALE };

/* One request, to be judged against the record once the game is over. */
typedef struct request {
	int seat;
	size_t hist; /* the history's length when it was asked */
	bool exact;  /* the record holds that history (else only the decision `at` is known) */
	size_t at;   /* the history's length before the decision it takes back (not exact) */
	enum answer answer;
	char message[512];
} request;

/* A table being played: its people's connections, the history's length as a function of the
 * version, what each seat decided last, and the requests made. */
typedef struct game_run {
	const char *id;
	int nseats;
	unsigned people; /* bit p: seat p is a person's */
	conn c[SEATS_MOST];
	/* hist(v) = base_hist + v - base_v since the last accepted takeback */
	long long base_v;
	size_t base_hist;
	/* per seat: the history's length before its last decision, its notation, and whether
	 * another seat decided since */
	size_t last_at[SEATS_MOST];
	char last_action[SEATS_MOST][256];
	int chance_at[SEATS_MOST];
	bool decided[SEATS_MOST], others_since[SEATS_MOST];
	bool asked[SEATS_MOST]; /* a request came at a turn's start since its last decision */
	request *req;
	size_t nreq, capreq;
} game_run;

static size_t hist_of(const game_run *g, long long v)
{
	return g->base_hist + (size_t)(v - g->base_v);
}

/* Keeps frame f on connection c: a state updates it, an error's message is copied into
 * error (when not NULL). Returns f's type (valid until f is freed). */
static const char *take(conn *c, json_t *f, char *error, size_t len)
{
	const char *type = json_string_value(json_object_get(f, "type"));
	if (!type)
		fail_msg("a frame without a type");
	if (!strcmp(type, "snapshot") || !strcmp(type, "update")) {
		json_decref(c->view);
		json_decref(c->table);
		c->view = json_incref(json_object_get(f, "view"));
		c->table = json_incref(json_object_get(f, "table"));
		c->v = json_integer_value(json_object_get(f, "v"));
		const json_t *log = json_object_get(f, "log");
		if (!strcmp(type, "update"))
			for (size_t i = 0; i < json_array_size(log); i++)
				c->chance_lines += !strcmp(json_string_value(json_object_get(
				                               json_array_get(log, i), "who")),
				                           "chance");
	} else if (!strcmp(type, "error")) {
		if (!error)
			fail_msg("unexpected error: %s",
			         json_string_value(json_object_get(f, "message")));
		snprintf(error, len, "%s", json_string_value(json_object_get(f, "message")));
	}
	return type;
}

/* Reads c's next frame (failing past the wait); returns its type in `type`. */
static json_t *next(conn *c, char *error, size_t len, const char **type)
{
	json_t *f = tc_ws_recv_json(&c->ws, TH_WAIT_MS);
	if (!f)
		fail_msg("p%d: no frame within the wait", c->seat + 1);
	*type = take(c, f, error, len);
	return f;
}

/* The people's connections of a game, for th_catch_up_all: who[i] is the i-th person's seat. */
typedef struct people_of {
	game_run *g;
	int who[SEATS_MOST];
} people_of;

static long long person_at(void *ctx, int i)
{
	people_of *p = ctx;
	return p->g->c[p->who[i]].v;
}

static void person_reach(void *ctx, int i, long long v)
{
	people_of *p = ctx;
	conn *c = &p->g->c[p->who[i]];
	while (c->v < v) {
		const char *type;
		json_decref(next(c, NULL, 0, &type));
	}
}

/* Every person's connection reads until all are at one version (th_catch_up_all). */
static void catch_up(game_run *g)
{
	people_of p = {.g = g};
	int n = 0;
	for (int i = 0; i < g->nseats; i++)
		if (g->people >> i & 1u)
			p.who[n++] = i;
	th_catch_up_all(&p, n, person_at, person_reach);
}

/* Drains what is already on its way (within 20 ms) on every connection. */
static void drain(game_run *g)
{
	for (int i = 0; i < g->nseats; i++) {
		if (!(g->people >> i & 1u))
			continue;
		json_t *f;
		while ((f = tc_ws_recv_json(&g->c[i].ws, 20)) != NULL) {
			take(&g->c[i], f, NULL, 0);
			json_decref(f);
		}
	}
}

/* The connection the engine asks now (its view's to_move is its own seat), or NULL. */
static conn *mover(game_run *g)
{
	for (int i = 0; i < g->nseats; i++) {
		if (!(g->people >> i & 1u))
			continue;
		char seat[16];
		snprintf(seat, sizeof seat, "p%d", i + 1);
		const char *to = json_string_value(json_object_get(g->c[i].view, "to_move"));
		if (json_object_get(g->c[i].view, "legal") && to && !strcmp(to, seat))
			return &g->c[i];
	}
	return NULL;
}

static request *new_request(game_run *g)
{
	if (g->nreq == g->capreq) {
		g->capreq = g->capreq ? 2 * g->capreq : 64;
		g->req = realloc(g->req, g->capreq * sizeof *g->req);
		assert_non_null(g->req);
	}
	request *r = &g->req[g->nreq++];
	memset(r, 0, sizeof *r);
	return r;
}

/* The first seat the request in by's info waits for refuses it (one refusal clears it); then
 * every connection reads until the request is gone from its info. */
static void decline(game_run *g, const conn *by)
{
	const json_t *waiting = json_object_get(json_object_get(by->table, "offer"), "waiting");
	const char *seat = json_string_value(json_array_get(waiting, 0));
	assert_non_null(seat);
	int p = atoi(seat + 1) - 1;
	assert_true(p >= 0 && p < g->nseats && (g->people >> p & 1u));
	conn *c = &g->c[p];
	while (!json_is_object(json_object_get(c->table, "offer"))) {
		const char *type;
		json_decref(next(c, NULL, 0, &type));
	}
	char frame[128];
	snprintf(frame, sizeof frame, "{\"type\": \"answer\", \"v\": %lld, \"accept\": false}",
	         c->v);
	assert_int_equal(tc_ws_send_text(&c->ws, frame), 0);
	for (int i = 0; i < g->nseats; i++) {
		if (!(g->people >> i & 1u))
			continue;
		while (!json_is_null(json_object_get(g->c[i].table, "offer"))) {
			const char *type;
			json_decref(next(&g->c[i], NULL, 0, &type));
		}
	}
}

/* Seat c asks to take back its last decision; reads its frames until the answer. An accepted
 * takeback is followed by the same decision again. */
static void ask_takeback(game_run *g, conn *c, bool race)
{
	int p = c->seat;
	long long v = c->v;
	request *r = new_request(g);
	r->seat = p;
	r->hist = hist_of(g, v);
	r->at = g->last_at[p];
	r->exact = true; /* the record holds the history asked about (see below) */
	char frame[512];
	snprintf(frame, sizeof frame, "{\"type\": \"takeback\", \"v\": %lld}", v);
	assert_int_equal(tc_ws_send_text(&c->ws, frame), 0);
	char error[512] = "";
	for (;;) {
		const char *type;
		json_t *f = next(c, error, sizeof error, &type);
		bool snap = !strcmp(type, "snapshot");
		const json_t *offer = json_object_get(c->table, "offer");
		const char *by = json_string_value(json_object_get(offer, "by"));
		if (!strcmp(type, "error")) {
			/* The table moved on before the request came: a chance draw or an AI move
			 * (a new version), or the game's end. */
			bool stale =
			    strstr(error, "stale version") || strstr(error, "game is over");
			r->answer = stale ? STALE : REFUSED;
			snprintf(r->message, sizeof r->message, "%s", error);
			json_decref(f);
			break;
		}
		if (snap && c->v == v + 1) {
			r->answer = ACCEPTED;
			json_decref(f);
			break;
		}
		if (!strcmp(type, "update") && by && atoi(by + 1) == p + 1) {
			r->answer = OFFERED;
			json_decref(f);
			break;
		}
		json_decref(f);
	}
	if (r->answer == ACCEPTED) {
		if (!race) {
			/* The others' answers went back with the decision, and AI seats may choose
			 * others when it is made again: the record holds the decision only. Its
			 * seat heard no chance outcome since. */
			r->exact = false;
			if (c->chance_lines != g->chance_at[p])
				fail_msg(
				    "p%d's takeback was accepted after a chance line in its log",
				    p + 1);
		}
		/* The same decision again, from the same position. */
		g->base_v = v + 1;
		g->base_hist = r->at;
		catch_up(g);
		assert_true(mover(g) == c);
		long long before = c->v;
		snprintf(frame, sizeof frame,
		         "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", c->v,
		         g->last_action[p]);
		assert_int_equal(tc_ws_send_text(&c->ws, frame), 0);
		g->chance_at[p] = c->chance_lines;
		while (c->v == before) {
			const char *type;
			json_decref(next(c, NULL, 0, &type));
		}
	} else if (r->answer == OFFERED) {
		decline(g, c);
	}
}

/* Plays the table to its end. */
static void play(game_run *g)
{
	for (int acts = 0;; acts++) {
		if (acts > 20000)
			fail_msg("the game did not end within 20000 steps");
		catch_up(g);
		conn *any = &g->c[__builtin_ctz(g->people)];
		if (!strcmp(json_string_value(json_object_get(any->table, "status")), "over"))
			return;
		conn *c = mover(g);
		if (!c) {
			/* An AI seat or chance is to move: the server plays it. */
			const char *type;
			json_decref(next(any, NULL, 0, &type));
			continue;
		}
		int p = c->seat;
		if (g->decided[p] && !g->asked[p] &&
		    (g->others_since[p] || c->chance_lines != g->chance_at[p])) {
			g->asked[p] = true;
			ask_takeback(g, c, false);
			catch_up(g);
			drain(g);
			if (mover(g) != c)
				continue;
		}
		json_t *legal = json_object_get(c->view, "legal");
		assert_true(json_array_size(legal) > 0);
		const char *a = json_string_value(
		    json_array_get(legal, (size_t)rand() % json_array_size(legal)));
		long long before = c->v;
		/* A forced decision (held for the person, recorded as automatic) is not one a
		 * takeback starts from: the seat's last decision stays the one before it. */
		bool forced = json_is_true(json_object_get(c->view, "forced"));
		if (!forced) {
			snprintf(g->last_action[p], sizeof g->last_action[p], "%s", a);
			g->last_at[p] = hist_of(g, before);
			g->chance_at[p] = c->chance_lines;
		}
		char frame[512];
		snprintf(frame, sizeof frame,
		         "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", before, a);
		assert_int_equal(tc_ws_send_text(&c->ws, frame), 0);
		while (c->v == before) {
			const char *type;
			json_decref(next(c, NULL, 0, &type));
		}
		g->decided[p] = true;
		g->asked[p] = false;
		g->others_since[p] = false;
		for (int i = 0; i < g->nseats; i++)
			if (i != p)
				g->others_since[i] = true;
		/* At once, before whatever the decision set going (a chance draw, an AI search). */
		if (!forced &&
		    !strcmp(json_string_value(json_object_get(c->table, "status")), "playing"))
			ask_takeback(g, c, true);
	}
}

/* How the requests of one game were answered, over every table of it. */
typedef struct tally {
	int chance, reveal, accepted, offered, stale;
	int due; /* requests judged while a chance draw was due, not yet drawn (the race) */
} tally;

/* Judges every request of the run against the finished game's record. */
static void judge(const game_run *g, const json_t *record, tally *t)
{
	for (size_t i = 0; i < g->nreq; i++) {
		const request *r = &g->req[i];
		if (r->answer == STALE) {
			t->stale++;
			continue;
		}
		/* Not exact: the decision alone, from the history before it to the point where the
		 * server stopped after it (its automatic moves), which the record holds. */
		size_t upto = r->exact ? r->hist : r->at + 1;
		qv_match *m = tv_replay_held(record, g->people, upto);
		if (r->exact && (size_t)m->nhist != upto)
			fail_msg(
			    "request %zu: the record has no stop at %zu entries (it stops at %d)",
			    i, upto, m->nhist);
		qv_takeback tb;
		qv_err err;
		assert_int_equal(qv_match_takeback(m, r->seat, g->people, &tb, &err), QV_OK);
		unsigned others = tb.seats & g->people & ~(1u << r->seat);
		t->due += r->exact && qv_match_to_move(m) == QV_CHANCE;
		bool barred = tb.from < 0 || tb.chance >= 0 || tb.reveal >= 0;
		switch (r->answer) {
		case REFUSED:
			if (!barred ||
			    !strstr(r->message, tb.from < 0 ? tb.why.msg : tb.barrier.msg))
				fail_msg(
				    "request %zu (p%d at %zu entries) was refused with '%s'; the "
				    "engine says '%s'",
				    i, r->seat + 1, r->hist, r->message,
				    barred ? tb.barrier.msg : "allowed");
			t->chance += tb.chance >= 0;
			t->reveal += tb.chance < 0 && tb.reveal >= 0;
			break;
		case ACCEPTED:
			if (barred || (r->exact && others))
				fail_msg(
				    "request %zu (p%d at %zu entries) was accepted at once; the "
				    "engine says '%s'",
				    i, r->seat + 1, r->hist,
				    barred ? tb.barrier.msg : "others must agree");
			t->accepted++;
			break;
		case OFFERED:
			if (barred || !others)
				fail_msg("request %zu (p%d at %zu entries) was made an offer; the "
				         "engine says '%s'",
				         i, r->seat + 1, r->hist,
				         barred ? tb.barrier.msg : "at once");
			t->offered++;
			break;
		case STALE: break;
		}
		qv_match_free(m);
	}
}

/* Plays one table of `body` (people's seats joined by the test) and judges its requests. */
static void play_table(const char *body, tally *t)
{
	game_run g = {0};
	char id[32], tokens[SEATS_MOST][64];
	th_create(body, id);
	g.id = id;
	json_t *info = th_info(id);
	const json_t *seats = json_object_get(info, "seats");
	g.nseats = (int)json_array_size(seats);
	for (int i = 0; i < g.nseats; i++)
		if (!strcmp(json_string_value(
		                json_object_get(json_array_get(seats, (size_t)i), "kind")),
		            "human")) {
			char seat[16];
			snprintf(seat, sizeof seat, "p%d", i + 1);
			th_join(id, seat, tokens[i]);
			g.people |= 1u << i;
		}
	json_decref(info);
	for (int i = 0; i < g.nseats; i++) {
		if (!(g.people >> i & 1u))
			continue;
		conn *c = &g.c[i];
		c->seat = i;
		c->v = -1;
		char path[96], hello[400];
		snprintf(path, sizeof path, "/api/tables/%s/ws", id);
		assert_int_equal(tc_ws_open(&c->ws, th_server.port, path), 0);
		snprintf(hello, sizeof hello, "{\"type\": \"hello\", \"token\": \"%s\"}",
		         tokens[i]);
		assert_int_equal(tc_ws_send_text(&c->ws, hello), 0);
		const char *type;
		json_t *f = next(c, NULL, 0, &type);
		assert_string_equal(type, "snapshot");
		json_decref(f);
	}
	/* A table's version counts the history's entries from its creation, whose automatic
	 * moves came before version 0: hist(v) is v plus the record's first stop (below). */
	g.base_v = 0;
	g.base_hist = 0;
	play(&g);
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/record", id);
	json_t *record = th_http("GET", path, NULL, 200);
	qv_match *m = tv_replay_held(record, g.people, 0);
	size_t opening = (size_t)m->nhist;
	qv_match_free(m);
	for (size_t i = 0; i < g.nreq; i++) {
		g.req[i].hist += opening;
		g.req[i].at += opening;
	}
	judge(&g, record, t);
	json_decref(record);
	for (int i = 0; i < g.nseats; i++)
		if (g.people >> i & 1u) {
			tc_ws_close(&g.c[i].ws);
			json_decref(g.c[i].view);
			json_decref(g.c[i].table);
		}
	free(g.req);
}

/* Plays each table of a game (NULL-terminated) on a new server, and requires a refusal across
 * a reveal, and one across a chance outcome when the game has them during play (ConCardia
 * draws no die: its only chance event is a coin when both start cards tie). */
static void play_game(const char *name, const char *const *bodies, const char *const *extra,
                      bool chance)
{
	th_start(th_new_db(), extra);
	tally t = {0};
	for (int i = 0; bodies[i]; i++)
		play_table(bodies[i], &t);
	th_stop();
	printf("%s: refused across a chance outcome %d, across a reveal %d; accepted %d, offered "
	       "%d, stale %d\n",
	       name, t.chance, t.reveal, t.accepted, t.offered, t.stale);
	if (t.chance < (chance ? 1 : 0) || t.reveal < 1)
		fail_msg("%s: the games never reached both refusals (a chance outcome %d, a "
		         "reveal %d times)",
		         name, t.chance, t.reveal);
}

static void test_three_arrows(void **state)
{
	(void)state;
	static const char *const bodies[] = {
	    "{\"game\": \"three-arrows\", \"params\": {\"mode\": \"standard\", \"max_turns\": 60}, \"seats\": "
	    "[\"human\", \"human\"]}",
	    "{\"game\": \"three-arrows\", \"params\": {\"mode\": \"standard\", \"max_turns\": 60}, \"seats\": "
	    "[\"human\", \"random\"]}",
	    "{\"game\": \"three-arrows\", \"params\": {\"mode\": \"tactical\", \"max_turns\": 60}, \"seats\": "
	    "[\"human\", \"random\"]}",
	    NULL};
	play_game("three-arrows", bodies, NULL, true);
}

static void test_concardia(void **state)
{
	(void)state;
	static const char *const bodies[] = {
	    "{\"game\": \"concardia\", \"params\": {\"max_turns\": 40}, \"seats\": [\"human\", "
	    "\"human\"]}",
	    "{\"game\": \"concardia\", \"params\": {\"max_turns\": 40}, \"seats\": [\"human\", "
	    "\"random\"]}",
	    NULL};
	play_game("concardia", bodies, NULL, false);
}

static void test_evons(void **state)
{
	(void)state;
	static const char *const bodies[] = {
	    "{\"game\": \"evons\", \"params\": {\"max_turns\": 8}, \"seats\": [\"human\", "
	    "\"human\"]}",
	    "{\"game\": \"evons\", \"params\": {\"max_turns\": 8}, \"seats\": [\"human\", "
	    "\"random\"]}",
	    NULL};
	play_game("evons", bodies, NULL, true);
}

/* Arrow Party, with tables of four medium seats keeping every worker that may draw a chance
 * outcome busy (--threads 1: one light worker and one heavy, both of which take the chance
 * draws ahead of every lane) for longer than the Arrow Party tables last (a game
 * of them takes about 5 s of one worker in the release build): BUSY tables each made from an
 * address of its own (each a lane of one table, which the light worker serves) and HEAVY made
 * from one address (a lane of several, which the heavy worker serves). The chance draws after
 * the throws wait their turn behind a search, so that the takebacks sent at once meet them
 * queued. With the light worker alone kept busy, the heavy one drew at once, and one run in
 * two met no chance draw due. */
#define BUSY  4
#define HEAVY 3
static void test_arrow_party(void **state)
{
	(void)state;
	static const char *const extra[] = {"--address-ai-tables", "8", "--threads", "1", NULL};
	static const char *const bodies[] = {
	    "{\"game\": \"arrow-party\", \"params\": {\"rounds\": 2}, \"seats\": [\"human\", "
	    "\"human\", \"human\"]}",
	    "{\"game\": \"arrow-party\", \"params\": {\"rounds\": 2}, \"seats\": [\"human\", "
	    "\"random\", \"random\"]}",
	    NULL};
	th_start(th_new_db(), extra);
	char busy[32], source[32];
	for (int k = 0; k < BUSY + HEAVY; k++) {
		snprintf(source, sizeof source, "127.0.0.%d", 9 + (k < BUSY ? k : BUSY));
		tc_set_source(source);
		th_create("{\"game\": \"three-arrows\", \"params\": {\"players\": 4}, \"seats\": "
		          "[\"medium\", \"medium\", \"medium\", \"medium\"]}",
		          busy);
	}
	tc_set_source(NULL);
	tally t = {0};
	for (int i = 0; bodies[i]; i++)
		play_table(bodies[i], &t);
	th_stop();
	printf("arrow-party: refused across a chance outcome %d, across a reveal %d; accepted "
	       "%d, offered %d, stale %d; %d judged with a chance draw due\n",
	       t.chance, t.reveal, t.accepted, t.offered, t.stale, t.due);
	if (t.chance < 1 || t.reveal < 1 || t.due < 1)
		fail_msg("arrow-party: the games never reached both refusals, or a request while a "
		         "chance draw was due");
}

/* ConCardia's start cards: chosen in secret, turned up together; neither seat may then take
 * its choice back (the other's card was shown). */
static void test_concardia_start_cards(void **state)
{
	(void)state;
	th_start(th_new_db(), NULL);
	char id[32], t1[64], t2[64];
	th_create("{\"game\": \"concardia\", \"params\": {\"shuffle\": false}, \"seats\": "
	          "[\"human\", \"human\"]}",
	          id);
	th_join(id, "p1", t1);
	th_join(id, "p2", t2);
	th_seat p1, p2;
	th_seat_open(&p1, id, t1);
	th_seat_open(&p2, id, t2);
	th_seat_wait_to_move(&p1, "p1 p2");
	th_seat_act(&p2, th_seat_first(&p2));
	th_seat_wait_to_move(&p1, "p1");
	th_seat_act(&p1, th_seat_first(&p1));
	th_seat_next(&p1);
	while (json_array_size(json_object_get(p1.table, "to_move")) == 0)
		th_seat_next(&p1);
	th_seat_reach(&p2, p1.v);
	long long v = p1.v;
	char frame[128];
	snprintf(frame, sizeof frame, "{\"type\": \"takeback\", \"v\": %lld}", v);
	th_seat_refused(&p1, frame, "no undo crosses a reveal");
	th_seat_refused(&p2, frame, "no undo crosses a reveal");
	json_t *info = th_info(id);
	assert_int_equal(json_integer_value(json_object_get(info, "v")), v);
	assert_true(json_is_null(json_object_get(info, "offer")));
	json_decref(info);
	th_seat_close(&p1);
	th_seat_close(&p2);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "undo", 850))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_concardia_start_cards), T(test_three_arrows), T(test_concardia), T(test_evons),
	    T(test_arrow_party),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
