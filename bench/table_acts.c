/*
 * table_acts.c - the server's work per act, without sockets: a table of people (every seat
 * human) saved in a real store plays a long game of random legal acts through the table's own
 * functions, as `quiver serve` would on each act frame: the frame's text read
 * (qv__frame_parse, as ws.c reads a client's message), the act (qv__table_act, saved), the
 * chance outcomes after it (qv__table_step, saved) and an update frame for every seat and
 * the public (qv__table_frame_text_locked), as the WebSocket broadcast writes them. The table's
 * seed is fixed, so every run (and every build) plays the same game. Run it under callgrind for
 * ACTS and ACTS + more acts (bench/table_acts.sh): the difference is what those acts cost, whatever
 * the start-up costs.
 *
 * usage: table_acts GAME PARAMS ACTS   (PARAMS a JSON object, as a table request's "params")
 * prints: acts played, history entries, whether the game is over. With TABLE_ACTS_FRAMES=FILE,
 * every frame's text is also written to FILE, one a line (to compare two builds' frames).
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "games/json_util.h"
#include "server/store/store.h"
#include "server/table/table.h"
#include "server/ws/frame.h"

/* Where every frame's text goes, one a line, when TABLE_ACTS_FRAMES names a file: to compare
 * the frames of two builds. */
static FILE *frames;

/* An update frame for every seat and the public, as the broadcast after a change writes them
 * (ws.c's qv__ws_broadcast: the text each socket is sent, the parts they share written once);
 * pos holds each viewer's place in its log. */
static void broadcast(qv__table *t, qv__log_pos *pos)
{
	qv__frame_shared shared = {0};
	qv_buf text = {0};
	for (int v = 0; v <= t->nseats; v++) {
		qv__table_lock(t);
		qv_buf_clear(&text);
		bool made = qv__table_frame_text_locked(t, v < t->nseats ? v : QV_VIEW_PUBLIC,
		                                        false, &pos[v], &shared, &text);
		qv__table_unlock(t);
		if (frames && made)
			fprintf(frames, "%s\n", text.s);
	}
	qv_buf_free(&text);
	qv__frame_shared_free(&shared);
}

/* A random legal act of the seat to move, in notation, into buf; the seat, or -1 when the game
 * is over or chance is to move. */
static int pick(qv__table *t, qv_rng *rng, qv_action *buf, char *text, size_t len, long long *v)
{
	qv__table_lock(t);
	qv_match *m = t->m;
	int who = qv_match_to_move(m);
	if (who >= 0) {
		int n;
		qv_action a = qv_sample_legal(m->game, m->state, rng, buf, &n);
		if (n <= 0 || m->game->action_to_text(m->state, a, text, len) < 0)
			who = -1;
	}
	*v = t->v;
	qv__table_unlock(t);
	return who;
}

/* Plays the acts on table t; returns how many were played. */
static int play(qv__table *t, int acts)
{
	qv__log_pos pos[QV_MAX_PLAYERS + 1] = {{0}};
	qv_action *buf = malloc((size_t)t->game->max_actions * sizeof *buf);
	if (!buf)
		return 0;
	qv_rng rng;
	qv_rng_seed(&rng, 1);
	int done = 0;
	broadcast(t, pos);
	while (done < acts) {
		char text[QV_ACTION_TEXT];
		long long v;
		int who = pick(t, &rng, buf, text, sizeof text, &v);
		if (who < 0)
			break;
		/* The act as a client sends it: notation has no quote or backslash to escape. */
		char msg[QV_ACTION_TEXT + 64];
		snprintf(msg, sizeof msg, "{\"type\": \"act\", \"v\": %lld, \"action\": \"%s\"}", v,
		         text);
		qv__frame f;
		qv_err err;
		qv_status rc = qv__frame_parse(msg, strlen(msg), &f, &err);
		if (!rc) {
			rc = qv__table_act(t, who, f.v, f.action, &err);
			qv__frame_free(&f);
		}
		if (rc) {
			fprintf(stderr, "table_acts: act %d ('%s'): %s\n", done + 1, text, err.msg);
			break;
		}
		while (qv__table_step(t)) /* the chance outcomes that follow */
			;
		broadcast(t, pos);
		done++;
	}
	free(buf);
	return done;
}

/* A new table of people for g with these parameters and a fixed seed, so that every run plays
 * the same game: saved in the store with its forced opening moves and read back as the server
 * does at start-up (qv__table_create draws its seed at random). */
static qv__table *fixed_table(qv__store *store, const qv_game *g, json_t *params, qv_err *err)
{
	json_t *rec = json_pack("{s:s, s:O, s:I, s:[]}", "game", g->name, "params", params, "seed",
	                        (json_int_t)20251123, "actions");
	qv_match *m = NULL;
	qv__table *t = NULL;
	if (!rec || qv_match_load_json(&m, rec, err)) {
		json_decref(rec);
		return NULL;
	}
	json_decref(rec);
	int n = m->nhist;
	char(*text)[QV_ACTION_TEXT] = calloc((size_t)n + 1, sizeof *text);
	const char **moves = calloc((size_t)n + 1, sizeof *moves);
	qv__store_move *row_moves = calloc((size_t)n + 1, sizeof *row_moves);
	char *ptext = json_dumps(params, JSON_COMPACT);
	static const char *const names[] = {"p1", "p2", "p3", "p4", "p5"};
	qv__stored_table row = {.id = "benchtable",
	                        .game = g->name,
	                        .params = ptext,
	                        .seed = m->seed,
	                        .status = "waiting",
	                        .nseats = g->num_players(m->state),
	                        .nmoves = n,
	                        .moves = moves};
	for (int i = 0; i < row.nseats; i++)
		snprintf(row.seats[i].kind, sizeof row.seats[i].kind, "human");
	for (int i = 0; text && moves && row_moves && i < n; i++) {
		qv_match_move_text(m, i, text[i], sizeof text[i]);
		moves[i] = text[i];
		int who = m->hist[i].who;
		row_moves[i] = (qv__store_move){.who = who >= 0 ? names[who] : "chance",
		                                .text = text[i],
		                                .automatic = m->hist[i].automatic};
	}
	if (text && moves && row_moves && ptext &&
	    !qv__store_insert_table(store, &row, row_moves, err))
		qv__table_restore(&t, store, &row, err);
	free(ptext);
	free(row_moves);
	free(moves);
	free(text);
	qv_match_free(m);
	return t;
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: table_acts GAME PARAMS ACTS\n"
		                "example: table_acts arrow-party '{\"players\": 5}' 400\n");
		return 2;
	}
	/* jansson seeds its hash tables at random; a fixed seed makes the instruction counts of
	 * two runs the same. */
	json_object_seed(1);
	json_error_t jerr;
	json_t *params = json_loads(argv[2], 0, &jerr);
	int acts = atoi(argv[3]);
	if (!json_is_object(params) || acts < 0) {
		fprintf(stderr, "table_acts: PARAMS: expected a JSON object (%s); ACTS: a count\n",
		        jerr.text);
		return 2;
	}
	const char *dump = getenv("TABLE_ACTS_FRAMES");
	if (dump && !(frames = fopen(dump, "w"))) {
		perror(dump);
		return 1;
	}
	char dir[] = "/tmp/table_acts-XXXXXX", path[64];
	if (!mkdtemp(dir)) {
		perror("table_acts: mkdtemp");
		return 1;
	}
	snprintf(path, sizeof path, "%s/quiver.db", dir);
	qv__store *store = NULL;
	qv__table *t = NULL;
	qv_err err = {""};
	int rc = 1;
	const qv_game *g = qv_game_find(argv[1], &err);
	if (g && !qv__store_open(&store, path, &err) && (t = fixed_table(store, g, params, &err))) {
		char token[QV__TOKEN_LEN + 1];
		int seat;
		for (int i = 0; i < t->nseats; i++)
			if (qv__table_join(t, NULL, &seat, token, &err))
				break;
		int done = play(t, acts);
		printf("acts %d, entries %d, %s\n", done, t->m->nhist,
		       qv_match_over(t->m) ? "over" : "playing");
		rc = done == acts ? 0 : 1;
		qv__table_free(t);
	}
	if (rc && err.msg[0])
		fprintf(stderr, "table_acts: %s\n", err.msg);
	qv__store_close(store);
	json_decref(params);
	unlink(path);
	char side[80];
	snprintf(side, sizeof side, "%s-wal", path);
	unlink(side);
	snprintf(side, sizeof side, "%s-shm", path);
	unlink(side);
	rmdir(dir);
	if (frames && fclose(frames) != 0)
		rc = 1;
	return rc;
}
