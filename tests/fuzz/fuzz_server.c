/*
 * fuzz_server.c - libFuzzer target for what a browser sends the server: the body of a request
 * that creates a table (POST /api/tables) and the frames of a table's WebSocket. A crash, a
 * sanitizer report, or a refusal without a message is a bug.
 *
 * The input is lines. The first is the request body, which may carry a variant document
 * (`"variant"`: registered for the life of the process, as the server does; past
 * QV_VARIANT_MAX variants a new one is refused with a message, and the built-in sets, loaded
 * first as the server loads them, keep the plain requests making tables); when it makes a
 * table (without a database and without sockets, as the server's unit tests do), every human seat
 * is claimed, and each further line is a frame read by qv__frame_parse: an act is played by the
 * seat to move on the table's current version (so that actions reach the notation parsers), an undo
 * is asked by the last seat that acted, chance is drawn when it is due, and after each frame every
 * seat's and the public's frame is built (views and the narrated log). A ping frame does nothing
 * but that. A resign or a claim is made by the last seat that acted (a claim with no wait: nobody
 * is connected), a return by every seat in turn.
 *
 * AI seats play, as the server's workers would make them, after every frame (at most
 * STEPS_PER_FRAME decisions or chance outcomes, STEPS_PER_INPUT in all), so that searches run
 * on the positions the frames made, undos included; a step that fails is a bug. Their budgets are
 * small, for speed: "easy" keeps its 100 iterations, "medium" and "hard" search 64 iterations
 * (ismcts and mcts), as does the agent that plays a person's seat after it left, and "random"
 * and "greedy" are as they are.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_text.h"
#include "quiver/variant.h"
#include "server/table/chat.h"
#include "server/table/table.h"
#include "server/ws/frame.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

#define STEPS_PER_FRAME 8
#define STEPS_PER_INPUT 64

/* AI steps left for this input. */
static int steps_left;

/* A refusal must say why. */
static void said(qv_status rc, const qv_err *err)
{
	if (rc && !err->msg[0])
		abort();
}

/* Builds every viewer's frame, as a broadcast would. */
static void frames(qv__table *t, qv__log_pos *pos)
{
	for (int v = -1; v < t->nseats; v++) {
		int viewer = v < 0 ? QV_VIEW_PUBLIC : v;
		qv__table_lock(t);
		json_t *f = qv__table_frame_locked(t, viewer, false, &pos[v + 1]);
		qv__table_unlock(t);
		if (!f)
			abort();
		json_decref(f);
	}
}

/* Gives the AI seats of kinds with large budgets a small one (see the top of the file). */
static void small_budgets(qv__table *t)
{
	for (int i = 0; i < t->nseats; i++) {
		qv__seat *s = &t->seat[i];
		const char *spec = strcmp(s->kind, "medium") == 0 ? "ismcts:iterations=64"
		                   : strcmp(s->kind, "hard") == 0 ? "mcts:iterations=64"
		                                                  : NULL;
		qv_agent *a;
		qv_err err = {""};
		if (!spec || !s->agent)
			continue;
		if (qv_agent_new(&a, spec, t->game, (uint64_t)i + 1, &err)) {
			fprintf(stderr, "fuzz_server: %s: %s\n", spec, err.msg);
			abort();
		}
		qv_agent_free(s->agent);
		s->agent = a;
	}
}

/* Gives the agent that plays a person's seat after a timeout or a resignation (a zombie,
 * "medium") the small budget of the medium AI seats; called after each leave. */
static void small_zombies(qv__table *t)
{
	for (int i = 0; i < t->nseats; i++) {
		qv__seat *s = &t->seat[i];
		qv_agent *a;
		qv_err err = {""};
		if (!s->human || !s->agent)
			continue;
		if (qv_agent_new(&a, "ismcts:iterations=64", t->game, (uint64_t)i + 1, &err)) {
			fprintf(stderr, "fuzz_server: ismcts: %s\n", err.msg);
			abort();
		}
		qv_agent_free(s->agent);
		s->agent = a;
		s->forget = true;
	}
}

/* Plays the AI seats' decisions and chance outcomes that are due, within the budgets. */
static void step(qv__table *t)
{
	for (int k = 0; k < STEPS_PER_FRAME && steps_left > 0; k++) {
		qv__table_lock(t);
		bool due = qv__table_wants_step_locked(t);
		qv__table_unlock(t);
		if (!due)
			return;
		steps_left--;
		/* Nothing else touches the table: a step that was due changes it, unless the AI
		 * seat or chance failed on a position of the game, which is a bug (the table says
		 * why). */
		if (!qv__table_step(t)) {
			fprintf(stderr, "fuzz_server: a due step changed nothing: %s\n", t->stuck);
			abort();
		}
	}
}

/* Plays the frames of `text` (one per line) at table t. */
static void play(qv__table *t, char *text)
{
	qv__log_pos pos[QV_MAX_PLAYERS + 1] = {0};
	int last = 0;
	for (char *l = text, *next; l; l = next) {
		next = strchr(l, '\n');
		if (next)
			*next++ = '\0';
		qv__frame f;
		qv_err err = {""};
		qv_status rc = qv__frame_parse(l, strlen(l), &f, &err);
		said(rc, &err);
		if (rc)
			continue;
		qv__table_lock(t);
		long long v = t->v;
		int mover = qv_match_to_move(t->m);
		qv__table_unlock(t);
		if (f.type == QV__ACT && mover >= 0) {
			rc = qv__table_act(t, mover, v, f.action, &err);
			said(rc, &err);
			if (!rc)
				last = mover;
		} else if (f.type == QV__UNDO || f.type == QV__TAKEBACK) {
			rc = qv__table_undo(t, last, v, &err);
			said(rc, &err);
		} else if (f.type == QV__ANSWER) {
			/* every seat answers, so that a request is both accepted and refused */
			for (int p = 0; p < t->nseats; p++)
				said(qv__table_answer(t, p, v, f.accept, &err), &err);
		} else if (f.type == QV__RESIGN) {
			said(qv__table_resign(t, last, v, &err), &err);
			small_zombies(t);
		} else if (f.type == QV__ABORT) {
			said(qv__table_abort(t, last, v, &err), &err);
		} else if (f.type == QV__DRAW) {
			said(qv__table_draw(t, last, v, &err), &err);
		} else if (f.type == QV__MORE_TIME) {
			said(qv__table_more_time(t, last, v, f.seat, &err), &err);
		} else if (f.type == QV__CLAIM) {
			/* nobody is connected: with no wait, a claim against the seat to move
			 * succeeds at a table without a clock */
			said(qv__table_claim(t, last, v, f.seat, 0, &err), &err);
			small_zombies(t);
		} else if (f.type == QV__RETURN) {
			/* every seat tries to come back, so that a zombie does */
			for (int p = 0; p < t->nseats; p++)
				said(qv__table_return(t, p, &err), &err);
		} else if (f.type == QV__HISTORY) {
			/* each seat and the public look back at the line, from what each holds */
			for (int w = -1; w < t->nseats; w++) {
				qv__table_lock(t);
				json_t *h = qv__table_history_locked(t, w < 0 ? QV_VIEW_PUBLIC : w,
				                                     f.line, &pos[w + 1], &err);
				qv__table_unlock(t);
				json_decref(h);
			}
		} else if (f.type == QV__CHAT) {
			/* the line said by the last mover and by a spectator, when its text is
			 * clean */
			char clean[QV__CHAT_MAX * 4 + 1];
			if (!qv__text_clean(f.text, f.text_len, QV__CHAT_MAX, "text", clean,
			                    sizeof clean, &err))
				for (int w = -1; w < 1; w++) {
					json_t *line = NULL;
					qv__table_lock(t);
					said(qv__table_chat_locked(t, w < 0 ? QV_VIEW_PUBLIC : last,
					                           clean, &line, &err),
					     &err);
					qv__table_unlock(t);
					json_decref(line);
				}
		} else if (f.type == QV__HELLO && f.token) {
			(void)qv__table_auth(t, f.token, f.token_len);
		}
		qv__frame_free(&f);
		step(t);
		frames(t, pos);
	}
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	if (qv__crypto_init(NULL))
		abort();
	/* The built-in sets first, as the server loads them at start (server.c). */
	for (int i = 0; qv_games[i]; i++)
		if (qv_games[i]->components && !qv_variant_base(qv_games[i], NULL))
			abort();
	char *text = fz_text(data, size);
	char *rest = fz_cut_line(text);
	json_error_t jerr;
	json_t *req = json_loads(text, 0, &jerr);
	if (req) {
		qv__table *t = NULL;
		qv_err err = {""};
		qv_status rc = qv__table_create(&t, NULL, req, "", &err);
		said(rc, &err);
		if (!rc) {
			char token[QV__TOKEN_LEN + 1];
			int seat;
			while (!qv__table_join(t, NULL, &seat, token, NULL))
				;
			small_budgets(t);
			steps_left = STEPS_PER_INPUT;
			step(t);
			if (rest)
				play(t, rest);
			qv__table_free(t);
		}
		json_decref(req);
	}
	free(text);
	return 0;
}
