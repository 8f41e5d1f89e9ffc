/*
 * fault_table.c - the server's tables through their C API (what tests/server/test_table.c
 * covers), on a real database, with every allocation refused in turn: a request refused and
 * one accepted, a table stored and rebuilt from the store, a seat joined, acts (stale,
 * illegal, legal), the AI seat's and chance's steps, an undo, frames for the seat and the
 * public, and the table rebuilt again at the end; a ConCardia table created with a variant
 * document (the built-in sets loaded first, as the server loads them) and one rebuilt from the
 * store with its stored document; and a table with a clock through a move, a timeout and a
 * resignation. Requests and frames arrive as text and are read as the server reads them
 * (qv__json_parse, qv__frame_parse), under test too. A refused call must fail with QV_ENOMEM
 * and leave the table's version, status, seats, leaves, clocks, history and logs as they were
 * (fault.h); the table rebuilt from the store must be the reference run's, so memory and store
 * agree.
 *
 * Determinism: a new table gets a random id and seed, so only its creation is under test;
 * the game played is a table row with a fixed id and seed put in the store and rebuilt from
 * it, as at start-up. Each run starts on an empty database.
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../support/tmpdir.h"
#include "fault.h"
#include "games/json_util.h"
#include "quiver/variant.h"
#include "server/store/store.h"
#include "server/table/table.h"
#include "server/ws/frame.h"

static char dir[48];
static char path[64];

typedef struct scene {
	qv__store *store;
	qv__table *t; /* the table played */
	char token[QV__TOKEN_LEN + 1];
	qv__log_pos pos[3]; /* p1, p2, public */
	const char *text;   /* the step's request or action */
	const char *id;     /* the played table's id (ID, or CLOCK_ID) */
	int viewer;
	long long dv; /* version offset of an act (-1: stale) */
} scene;

static scene sc;

#define ID "00000000000fa017"

/* A ConCardia variant, as a client sends it. */
#define VARIANT                                                                                    \
	"{\"quiver_variant\": 1, \"game\": \"concardia\", \"name\": \"weak striker\", "            \
	"\"cards\": {\"modify\": {\"striker-r\": {\"strength\": 3}}}}"

/* Everything a client can learn of the table, and what it holds for each viewer's log;
 * nothing random (tokens, their hashes, times). */
static void print(void *ctx, qv_buf *out)
{
	scene *s = ctx;
	qv__table *t = s->t;
	if (!t) {
		qv_buf_puts(out, "no table");
		return;
	}
	qv_buf_printf(out, "v %lld status %d stuck '%s' nhist %d\n", t->v, t->status, t->stuck,
	              t->m->nhist);
	for (int i = 0; i < t->nseats; i++)
		qv_buf_printf(out, "seat %d %s claimed %d online %d left %d\n", i, t->seat[i].kind,
		              t->seat[i].hash[0] != 0, t->seat[i].online, qv_match_left(t->m, i));
	qv_buf_printf(out, "clock %d running %u deadline %d offer %d\n", t->clock.kind,
	              t->clock.running, atomic_load(&t->deadline) > 0, t->offer.by);
	for (int i = 0; i < t->m->nhist; i++)
		qv_buf_printf(out, "%d:%d:%d ", (int)t->m->hist[i].action, t->m->hist[i].who,
		              t->m->hist[i].automatic);
	for (int v = 0; v <= t->nseats; v++) {
		const qv__log *log = &t->feed.log[v];
		qv_buf_printf(out, "\nlog %d upto %d:", v, log->upto);
		for (int i = 0; i < log->n; i++)
			qv_buf_printf(out, " [%d %s %s]", log->line[i].entry, log->line[i].who,
			              log->line[i].text);
	}
	json_t *st = qv_match_state_json(t->m);
	char *text = json_dumps(st, JSON_COMPACT | JSON_SORT_KEYS);
	qv_buf_printf(out, "\n%s", text ? text : "?");
	free(text);
	json_decref(st);
}

/* Compact JSON text of j (released) into out, or QV_ENOMEM when j is NULL. */
/* Drops from a table info what the wall clock decides (the clock's "now" and the time each
 * seat has left, how long and since when each seat has been away, since when it has been to
 * move), so that two runs read the same. */
static void steady(json_t *info)
{
	json_t *clock = json_object_get(info, "clock");
	json_object_del(clock, "now");
	const char *seat;
	json_t *ms;
	json_object_foreach(json_object_get(clock, "left"), seat, ms) json_object_set_new(
	    json_object_get(clock, "left"), seat, json_boolean(json_integer_value(ms) > 0));
	size_t i;
	json_t *e;
	json_array_foreach(json_object_get(info, "seats"), i, e)
	{
		json_object_del(e, "away_ms");
		json_object_del(e, "away_since");
		json_object_del(e, "turn_since");
	}
}

static qv_status json_out(json_t *j, qv_buf *out, qv_err *err)
{
	if (!j)
		return qv_fail(err, QV_ENOMEM, "no JSON");
	fault_pause();
	steady(json_object_get(j, "table") ? json_object_get(j, "table") : j);
	char *text = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	qv_buf_puts(out, text ? text : "(dump failed)");
	free(text);
	json_decref(j);
	fault_resume();
	return QV_OK;
}

static qv_status do_open(void *ctx, qv_buf *out, qv_err *err)
{
	(void)out;
	return qv__store_open(&((scene *)ctx)->store, path, err);
}

/* A table request, its body read as the server reads one (reply.c); the table made is
 * described without its random parts and freed. */
static qv_status do_create(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	json_error_t jerr;
	json_t *req;
	qv_status rc =
	    qv__json_parse(s->text, strlen(s->text), JSON_REJECT_DUPLICATES, &req, &jerr);
	if (rc) {
		qv_fail(err, rc, "the request could not be read: %s", jerr.text);
		qv_buf_puts(out, err->msg);
		return rc;
	}
	qv__table *t;
	rc = qv__table_create(&t, s->store, req, "127.0.0.1", err);
	json_decref(req);
	if (rc) {
		qv_buf_puts(out, err->msg);
		return rc;
	}
	qv_buf_printf(out, "v %lld status %d seats %d nhist %d", t->v, t->status, t->nseats,
	              t->m->nhist);
	qv__table_free(t);
	return QV_OK;
}

/* The played table's row, as a table with a fixed id and seed would have been stored. */
static qv_status do_insert(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	(void)out;
	qv__stored_table row = {.id = ID,
	                        .game = "three-arrows",
	                        .params = "{\"mode\":\"tactical\"}",
	                        .seed = 42,
	                        .status = "waiting",
	                        .created = 1e9,
	                        .nseats = 2};
	snprintf(row.seats[0].kind, sizeof row.seats[0].kind, "human");
	snprintf(row.seats[1].kind, sizeof row.seats[1].kind, "greedy");
	return qv__store_insert_table(s->store, &row, NULL, err);
}

#define VARIANT_ID "00000000000fa018"

/* The variant's resolved document and its parameters, as the server stores a table of it
 * (made in main, before the runs). */
static char variant_params[128];
static const char *variant_text;

/* The row of a ConCardia table with the variant, with a fixed id and seed. */
static qv_status do_insert_variant(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	(void)out;
	qv__stored_table row = {.id = VARIANT_ID,
	                        .game = "concardia",
	                        .params = variant_params,
	                        .variant = variant_text,
	                        .seed = 44,
	                        .status = "waiting",
	                        .created = 1e9,
	                        .nseats = 2};
	snprintf(row.seats[0].kind, sizeof row.seats[0].kind, "human");
	snprintf(row.seats[1].kind, sizeof row.seats[1].kind, "random");
	return qv__store_insert_table(s->store, &row, NULL, err);
}

static qv_status keep_table(void *ctx, const qv__stored_table *saved, qv_err *err)
{
	scene *s = ctx;
	return qv__table_restore(&s->t, s->store, saved, err);
}

/* The table rebuilt from the store (the one in memory is dropped first, as at a restart:
 * only the store counts; the seat's token and connections are the client's). */
static qv_status do_restore(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv__table *old = s->t;
	s->t = NULL;
	qv_status rc = qv__store_load_one(s->store, s->id ? s->id : ID, keep_table, s, err);
	if (rc) {
		qv__table_free(s->t);
		s->t = old;
		return rc;
	}
	for (int i = 0; old && i < old->nseats; i++)
		s->t->seat[i].online = old->seat[i].online;
	qv__table_free(old);
	for (int v = 0; v < 3; v++)
		s->pos[v] = (qv__log_pos){0};
	fault_pause(); /* the test's own reading */
	print(s, out);
	fault_resume();
	return QV_OK;
}

static qv_status do_join(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	int seat = -1;
	qv_status rc = qv__table_join(s->t, s->text, &seat, s->token, err);
	qv_buf_printf(out, "%d %s", seat, rc ? err->msg : "");
	return rc;
}

static qv_status do_auth(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	(void)err;
	qv_buf_printf(out, "%d", qv__table_auth(s->t, s->token, QV__TOKEN_LEN));
	return QV_OK;
}

/* The first legal action of the player to move in notation ("" when there is none), listed
 * without an allocation (a static list with room for every game's max_actions). */
static void first_action(const qv_match *m, char *a, size_t len)
{
	static qv_action acts[1 << 15];
	if (m->game->max_actions > (int)(sizeof acts / sizeof acts[0])) {
		fprintf(stderr, "fault_table: %s lists up to %d actions, more than %zu\n",
		        m->game->name, m->game->max_actions, sizeof acts / sizeof acts[0]);
		exit(2);
	}
	if (m->game->legal(m->state, acts) > 0)
		m->game->action_to_text(m->state, acts[0], a, len);
}

/* The first legal action of the player to move (or s->text when set), on the version plus
 * s->dv, as seat s->viewer. */
static qv_status do_act(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv__table *t = s->t;
	char a[QV_ACTION_TEXT] = "";
	if (s->text) {
		qv_copy(a, sizeof a, s->text);
	} else {
		first_action(t->m, a, sizeof a);
	}
	qv_status rc = qv__table_act(t, s->viewer, t->v + s->dv, a, err);
	if (rc)
		qv_buf_puts(out, err->msg);
	return rc;
}

/* The first legal action of the player to move, sent as a client's act frame and read as ws.c
 * reads one (qv__frame_parse), as seat s->viewer. */
static qv_status do_act_frame(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv__table *t = s->t;
	char a[QV_ACTION_TEXT] = "", text[QV_ACTION_TEXT + 64];
	first_action(t->m, a, sizeof a);
	snprintf(text, sizeof text, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", t->v,
	         a);
	qv__frame f;
	qv_status rc = qv__frame_parse(text, strlen(text), &f, err);
	if (!rc) {
		rc = qv__table_act(t, s->viewer, f.v, f.action, err);
		qv__frame_free(&f);
	}
	if (rc)
		qv_buf_puts(out, err->msg);
	return rc;
}

static qv_status do_undo(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv_status rc = qv__table_undo(s->t, s->viewer, s->t->v + s->dv, err);
	if (rc)
		qv_buf_puts(out, err->msg);
	return rc;
}

/* Seat s->viewer answers the takeback request: accepts when s->text is "accept". */
static qv_status do_answer(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	bool accept = s->text && strcmp(s->text, "accept") == 0;
	qv_status rc = qv__table_answer(s->t, s->viewer, s->t->v, accept, err);
	if (rc)
		qv_buf_puts(out, err->msg);
	return rc;
}

/* One AI or chance step; refused when the table still wants the step it did not make. */
static qv_status do_step(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	bool changed = qv__table_step(s->t);
	qv__table_lock(s->t);
	bool wants = qv__table_wants_step_locked(s->t);
	qv__table_unlock(s->t);
	qv_buf_printf(out, "%s", changed ? "changed" : wants ? "not made" : "nothing to do");
	return !changed && wants ? qv_fail(err, QV_ENOMEM, "the step was not made") : QV_OK;
}

/* A frame for viewer (0, 1 or QV_VIEW_PUBLIC), a snapshot when s->text is "snapshot". */
static qv_status do_frame(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	int slot = s->viewer >= 0 ? s->viewer : 2;
	qv__log_pos before = s->pos[slot];
	qv__table_lock(s->t);
	json_t *f = qv__table_frame_locked(s->t, s->viewer, s->text != NULL, &s->pos[slot]);
	qv__table_unlock(s->t);
	if (!f)
		s->pos[slot] = before; /* what the connection holds did not change */
	return json_out(f, out, err);
}

static qv_status do_info(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv__table_lock(s->t);
	json_t *info = qv__table_info_locked(s->t);
	qv__table_unlock(s->t);
	return json_out(info, out, err);
}

#define CLOCK_ID "00000000000c1057"

/* The row of a 3-player table with a clock of 60 s a move, as a table made with a fixed id
 * and seed would have been stored. */
static qv_status do_insert_clock(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	(void)out;
	qv__stored_table row = {
	    .id = CLOCK_ID,
	    .game = "three-arrows",
	    .params = "{\"players\":3}",
	    .seed = 43,
	    .status = "waiting",
	    .created = 1e9,
	    .people = "{\"clock\":{\"kind\":\"move\",\"seconds\":60,\"left\":{\"p1\":60000,"
	              "\"p2\":60000,\"p3\":60000},\"running\":[]}}",
	    .nseats = 3};
	for (int i = 0; i < 3; i++)
		snprintf(row.seats[i].kind, sizeof row.seats[i].kind, "human");
	return qv__store_insert_table(s->store, &row, NULL, err);
}

/* The seat to move runs out of time (its clock is set a minute back, which the test does
 * itself) and the server's timer times it out: refused when it could not be saved. */
static qv_status do_timeout(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv__table *t = s->t;
	fault_pause();
	qv__table_lock(t);
	int p = qv_match_to_move(t->m);
	if (p >= 0)
		t->clock.since[p] -= 61;
	qv__table_unlock(t);
	fault_resume();
	bool changed = qv__table_timeout(t);
	qv_buf_printf(out, "%s", changed ? "timed out" : "not saved");
	return changed ? QV_OK : qv_fail(err, QV_ENOMEM, "the timeout was not saved");
}

/* Seat s->viewer resigns on the current version. */
static qv_status do_resign(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv_status rc = qv__table_resign(s->t, s->viewer, s->t->v, err);
	if (rc)
		qv_buf_puts(out, err->msg);
	return rc;
}

static void step(const char *what, fault_call call, const char *text, int viewer, long long dv)
{
	sc.text = text;
	sc.viewer = viewer;
	sc.dv = dv;
	fault_step(what, call, print, &sc);
}

/* The seat not to move and the public (the frame of the seat to move lists its legal
 * actions: many allocations that the first snapshot tries already). */
static void frames(void)
{
	step("frame p2", do_frame, NULL, 1, 0);
	step("frame public", do_frame, NULL, QV_VIEW_PUBLIC, 0);
}

/* An empty database for every run. */
static void remove_database(void)
{
	char file[96];
	for (int i = 0; i < 3; i++) {
		static const char *const ends[] = {"", "-wal", "-shm"};
		snprintf(file, sizeof file, "%s%s", path, ends[i]);
		unlink(file);
	}
}

/* The store and the tables it holds: opened, a request refused and one accepted, the played
 * table put in and rebuilt. */
static void storing(void)
{
	remove_database();
	sc = (scene){0};
	step("open", do_open, NULL, 0, 0);
	step("refused request", do_create, "{\"game\": \"go\"}", 0, 0);
	step("create", do_create,
	     "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"random\"]}", 0, 0);
	step("insert", do_insert, NULL, 0, 0);
	step("restore", do_restore, NULL, 0, 0);
	step("create with a variant", do_create,
	     "{\"game\": \"concardia\", \"seats\": [\"human\", \"random\"], \"variant\": " VARIANT
	     "}",
	     0, 0);
	step(
	    "refused deep request", do_create,
	    "{\"game\": \"three-arrows\", \"params\": "
	    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]}",
	    0, 0);
	qv__table_free(sc.t);
	qv__store_close(sc.store);
	sc = (scene){0};
}

/* A variant's table rebuilt from the store: its stored document read again (a loop of its
 * own, on a store opened and filled once: each run of a loop makes every step before its
 * refusal again, and the rebuilding writes nothing). */
static qv__store *variant_store;

static void variants(void)
{
	sc = (scene){.id = VARIANT_ID, .store = variant_store};
	step("restore a variant table", do_restore, NULL, 0, 0);
	qv__table_free(sc.t);
	sc = (scene){0};
}

/* A game at the table rebuilt from the store (made with nothing refused). */
static void playing(void)
{
	remove_database();
	sc = (scene){0};
	fault_pause();
	qv_err err;
	qv_buf b = {0};
	if (do_open(&sc, &b, &err) || do_insert(&sc, &b, &err) || do_restore(&sc, &b, &err)) {
		fprintf(stderr, "table: the set-up failed: %s\n", err.msg);
		exit(2);
	}
	qv_buf_free(&b);
	fault_resume();
	step("frame public", do_frame, "snapshot", QV_VIEW_PUBLIC, 0);
	step("join p2", do_join, "p2", 0, 0);
	step("join", do_join, NULL, 0, 0);
	step("auth", do_auth, NULL, 0, 0);
	step("frame p1", do_frame, "snapshot", 0, 0);
	step("frame p2", do_frame, "snapshot", 1, 0);
	step("stale act", do_act, NULL, 0, -1);
	step("illegal act", do_act, "place A a1 N", 0, 0);
	step("act frame", do_act_frame, NULL, 0, 0);
	frames();
	for (int i = 0; i < 2; i++) {
		step("step", do_step, NULL, 0, 0);
		step("act", do_act, NULL, 0, 0);
		frames();
	}
	step("undo", do_undo, NULL, 0, 0);
	frames();
	step("info", do_info, NULL, 0, 0);
	step("restore", do_restore, NULL, 0, 0);
	frames();
	step("act", do_act, NULL, 0, 0);
	step("step", do_step, NULL, 0, 0);
	step("restore", do_restore, NULL, 0, 0);
	qv__table_free(sc.t);
	qv__store_close(sc.store);
	sc = (scene){0};
}

/* A 3-player table with a clock: a move (its clock saved with it), a takeback request
 * declined then accepted, another that a timeout clears (the seat becomes one the server
 * plays), the info with clocks and offers, a resignation that ends the game, and the table
 * rebuilt from the store between them. */
static void clocks(void)
{
	remove_database();
	sc = (scene){.id = CLOCK_ID};
	fault_pause();
	qv_err err;
	qv_buf b = {0};
	if (do_open(&sc, &b, &err) || do_insert_clock(&sc, &b, &err) || do_restore(&sc, &b, &err)) {
		fprintf(stderr, "table: the set-up failed: %s\n", err.msg);
		exit(2);
	}
	for (int i = 0; i < 3; i++) {
		int seat;
		if (qv__table_join(sc.t, NULL, &seat, sc.token, &err)) {
			fprintf(stderr, "table: a join failed: %s\n", err.msg);
			exit(2);
		}
	}
	qv_buf_free(&b);
	fault_resume();
	step("act", do_act, NULL, 0, 0);
	step("info", do_info, NULL, 0, 0);
	step("restore", do_restore, NULL, 0, 0);
	/* a takeback request p2 must answer: declined, asked again, accepted */
	step("act p2", do_act, NULL, 1, 0);
	step("takeback p1", do_undo, NULL, 0, 0);
	step("info", do_info, NULL, 0, 0);
	step("decline p2", do_answer, "decline", 1, 0);
	step("takeback p1", do_undo, NULL, 0, 0);
	step("restore", do_restore, NULL, 0, 0);
	step("accept p2", do_answer, "accept", 1, 0);
	step("restore", do_restore, NULL, 0, 0);
	/* a request the timeout clears */
	step("act", do_act, NULL, 0, 0);
	step("act p2", do_act, NULL, 1, 0);
	step("takeback p1", do_undo, NULL, 0, 0);
	step("timeout", do_timeout, NULL, 0, 0);
	step("info", do_info, NULL, 0, 0);
	step("restore", do_restore, NULL, 0, 0);
	step("resign p2", do_resign, NULL, 1, 0);
	step("info", do_info, NULL, 0, 0);
	step("restore", do_restore, NULL, 0, 0);
	qv__table_free(sc.t);
	qv__store_close(sc.store);
	sc = (scene){0};
}

int main(void)
{
	fault_init();
	if (!qv_test_mkdtemp(dir, sizeof dir, "qvfault")) {
		perror("mkdtemp");
		return 2;
	}
	snprintf(path, sizeof path, "%s/t.db", dir);
	/* The built-in sets first, as the server loads them at start (server.c). */
	for (int i = 0; qv_games[i]; i++)
		if (qv_games[i]->components && !qv_variant_base(qv_games[i], NULL))
			return 2;
	/* The variant too, as a server restarting loads a stored table's: every run then finds it
	 * in the registry, the reference run included. */
	json_t *doc = json_loads(VARIANT, 0, NULL);
	const qv_variant *v;
	qv_err err;
	if (!doc ||
	    qv_variant_from_json(doc, qv_game_find("concardia", &err), "variant", &v, &err)) {
		fprintf(stderr, "table: the variant cannot be loaded\n");
		return 2;
	}
	json_decref(doc);
	variant_text = v->text;
	snprintf(variant_params, sizeof variant_params, "{\"variant\":\"%s\"}", v->sha256);
	int bad = fault_loop("table store", storing, 100000, 600);
	remove_database();
	qv_buf b = {0};
	sc = (scene){0};
	if (do_open(&sc, &b, &err) || do_insert_variant(&sc, &b, &err)) {
		fprintf(stderr, "table: the set-up failed: %s\n", err.msg);
		return 2;
	}
	variant_store = sc.store;
	bad |= fault_loop("table variant", variants, 100000, 600);
	qv__store_close(variant_store);
	bad |= fault_loop("table play", playing, 100000, 900);
	bad |= fault_loop("table clocks", clocks, 100000, 600);
	remove_database();
	rmdir(dir);
	return bad;
}
