/*
 * replay.c - a finished game step by step, for the browser's replay page (the server's
 * /api/tables/ID/replay and /api/replay, and the app's local replays): the View JSON seen by
 * the referee ("all") before the first action, then what each action changed in it, with the
 * action and who made it. The browser knows no rule, so it cannot replay a record itself; the
 * server walks the match's history once (qv_match_walk), as `quiver replay` does, with each
 * action's notation as the match kept it. Only what a record already holds is shown (a record
 * is given once the game is over, or uploaded by someone who has it).
 *
 * A step after the first is sent as its changes (RFC 6902 JSON Patch operations, json_patch.h)
 * from the step before, not as its whole view: an action changes a few squares, a score and
 * whose turn it is, while a view repeats the whole board. A random Evons game took 4.9 KB a
 * step as whole views, 0.45 KB as changes (docs/history/benchmarks-7.md, "Replays as changes"). A
 * client that wants every view whole asks for them (?views=full): the answer of before, byte for
 * byte.
 *
 * The answer is written as text, step by step: each step's view is built as a small JSON
 * tree, compared with the step before's (or written out) and dropped at the next, so a replay
 * holds its answer's text and two views at a time. Built as one jansson tree, a 0.8 MB answer
 * held some 10 MB of nodes until it was written: 64 uploads at once of a 2.9 KB Evons record
 * took the server from 15 to 464 MB, kept afterwards (docs/benchmarks.md). The text is byte for
 * byte what writing that tree compactly gave (tests/server/test_replay_changes.c and the
 * browser's replay test read it).
 *
 * How many replays run at once on a server is the gate's (src/server/table/replay.c).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "engine/feed/json_patch.h"
#include "engine/feed/replay.h"
#include "games/json_util.h"
#include "quiver/variant.h"

json_t *qv__catalogue_json(const qv_match *m)
{
	const qv_variant *v =
	    m->game->components ? qv_variant_of_params(m->game, &m->params) : NULL;
	return v ? qv_variant_json(v) : json_null();
}

/* ---- the answer as text ---------------------------------------------------------------------- */

/* Appends "p1", "chance" or "over", as the View JSON's to_move; false when memory ran out. */
static bool put_who(qv_buf *b, int who)
{
	char buf[16];
	const char *s = who == QV_CHANCE ? "chance"
	                : who == QV_OVER ? "over"
	                                 : qv_player_name(who, buf);
	return qv__json_append_string(b, s, strlen(s));
}

/* What the walk of a replay carries: the answer so far, its size as the bound counts it, the
 * record's parts every view repeats, already written as text, and the view of the step before
 * (what the next step's changes are taken from). */
typedef struct replay_walk {
	const qv_match *m;
	qv_buf *out;
	const char *game, *params; /* the record's "game" and "params" as JSON text */
	bool full;                 /* every step's view whole, not its changes */
	json_t *prev;              /* the view ("view" of the View JSON) of the step before */
	int prev_to_move;          /* and its to_move */
	int steps;                 /* written so far */
	size_t bytes, max_bytes;   /* the answer's size so far, and its bound (0: none) */
	bool too_big, failed;
} replay_walk;

/* Appends the start of step k: {"who", "action", "automatic" (the k-th history entry's; at the
 * start null, null, false). False when memory ran out or the notation is missing. */
static bool put_move(qv_buf *b, const qv_match *m, int k)
{
	if (k == 0) {
		qv_buf_puts(b, "{\"who\":null,\"action\":null,\"automatic\":false");
		return true;
	}
	const qv_move *mv = &m->hist[k - 1];
	const char *action = qv_match_notation(m, k - 1);
	qv_buf_puts(b, "{\"who\":");
	bool ok = put_who(b, mv->who);
	qv_buf_puts(b, ",\"action\":");
	ok = ok && action && qv__json_append_string(b, action, strlen(action));
	qv_buf_puts(b, mv->automatic ? ",\"automatic\":true" : ",\"automatic\":false");
	return ok;
}

/* Appends ,"view": {"game", "params", "viewer": "all", "to_move", "view"} and the step's
 * closing brace. */
static bool put_view(replay_walk *w, int to_move, const json_t *view)
{
	qv_buf *b = w->out;
	qv_buf_puts(b, ",\"view\":{\"game\":");
	qv_buf_puts(b, w->game);
	qv_buf_puts(b, ",\"params\":");
	qv_buf_puts(b, w->params);
	qv_buf_puts(b, ",\"viewer\":\"all\",\"to_move\":");
	bool ok = put_who(b, to_move);
	qv_buf_puts(b, ",\"view\":");
	ok = ok && qv__json_append(b, view);
	qv_buf_puts(b, "}}");
	return ok;
}

/* Appends ,"changes": [...] and the step's closing brace: the operations that turn the step
 * before's View JSON into this one's (its game, params and viewer never change). */
static bool put_changes(replay_walk *w, int to_move, const json_t *view)
{
	qv_buf *b = w->out;
	int ops = 0;
	bool ok = true;
	qv_buf_puts(b, ",\"changes\":[");
	if (to_move != w->prev_to_move) {
		qv_buf_puts(b, "{\"op\":\"replace\",\"path\":\"/to_move\",\"value\":");
		ok = put_who(b, to_move);
		qv_buf_putc(b, '}');
		ops++;
	}
	ok = ok && qv__json_patch(b, "/view", w->prev, view, &ops);
	qv_buf_puts(b, "]}");
	return ok;
}

/* Appends step k: {"who", "action", "automatic"} and the view of st after entry k - 1 (the
 * start for k 0), whole ("view") for the first step or when the walk asks for every view, else
 * as its changes ("changes"), unless the answer would pass its bound. Returns false when the
 * replay stops there. */
static bool add_step(replay_walk *w, int k, const void *st)
{
	const qv_game *g = w->m->game;
	qv_buf *b = w->out;
	size_t at = b->len;
	bool ok = put_move(b, w->m, k);
	int to_move = g->to_move(st);
	json_t *view = g->view_json(st, QV_VIEW_ALL);
	if (!view)
		view = json_null();
	if (k == 0 || w->full)
		ok = ok && put_view(w, to_move, view);
	else
		ok = ok && put_changes(w, to_move, view);
	json_decref(w->prev);
	w->prev = w->full ? NULL : json_incref(view);
	w->prev_to_move = to_move;
	json_decref(view);
	if (!ok || b->failed) {
		w->failed = true;
		return false;
	}
	w->steps++;
	if (w->max_bytes)
		w->bytes += b->len - at + 1;
	if (w->max_bytes && w->bytes > w->max_bytes) {
		w->too_big = true;
		return false;
	}
	return true;
}

/* The walk hands the state before entry i, which is the position after entry i - 1. */
static bool replay_step(void *ctx, int i, const void *before)
{
	replay_walk *w = ctx;
	if (i > 0)
		qv_buf_putc(w->out, ',');
	return add_step(w, i, before);
}

/* Writes "key": value (value released) after a comma; false when memory ran out. */
static bool put_field(qv_buf *b, const char *key, json_t *value)
{
	qv_buf_printf(b, ",\"%s\":", key);
	bool ok = qv__json_append(b, value);
	json_decref(value);
	return ok;
}

/* The replay's fields before its steps: the record's game (text), params (text), players (or
 * the table's, when given) and result, and the opening of "steps". false when memory ran out. */
static bool put_head(qv_buf *out, json_t *rec, const json_t *players, const char *game,
                     const char *params)
{
	qv_buf_puts(out, "{\"game\":");
	qv_buf_puts(out, game);
	qv_buf_puts(out, ",\"params\":");
	qv_buf_puts(out, params);
	bool ok = put_field(out, "players",
	                    json_deep_copy(players ? players : json_object_get(rec, "players"))) &&
	          put_field(out, "result", json_incref(json_object_get(rec, "result")));
	qv_buf_puts(out, ",\"steps\":[");
	return ok;
}

/* The answer's end after the walk: the last step (the position after the last entry, from
 * the match's current state), the catalogue, the closing brackets. */
static void put_tail(replay_walk *w)
{
	const qv_match *m = w->m;
	if (m->nhist > 0)
		qv_buf_putc(w->out, ',');
	if (!add_step(w, m->nhist, m->state))
		return;
	qv_buf_putc(w->out, ']');
	w->failed = !put_field(w->out, "catalogue", qv__catalogue_json(m));
	qv_buf_putc(w->out, '}');
	w->failed = w->failed || w->out->failed;
}

/* One walk of the history: the start and the position after each entry but the last from the
 * states the walk hands, the last from the match's current state. The record's game and params
 * are written once and copied into every whole view. */
qv_status qv__replay_text(qv_match *m, const json_t *players, bool full, size_t max_bytes,
                          qv_buf *out, bool *too_big, qv_err *err)
{
	if (too_big)
		*too_big = false;
	qv_buf_clear(out);
	json_t *rec = qv_match_record_json(m);
	char *game =
	    rec ? qv__json_dumps(json_object_get(rec, "game"), JSON_COMPACT | JSON_ENCODE_ANY)
	        : NULL;
	char *params =
	    rec ? qv__json_dumps(json_object_get(rec, "params"), JSON_COMPACT | JSON_ENCODE_ANY)
	        : NULL;
	replay_walk w = {.m = m,
	                 .out = out,
	                 .game = game,
	                 .params = params,
	                 .full = full,
	                 .max_bytes = max_bytes};
	w.failed = !rec || !game || !params;
	/* The work and the answer stop as soon as the answer would be too large: the record's
	 * size bounds the answer's parts outside the steps. */
	if (!w.failed && max_bytes) {
		char *whole = qv__json_dumps(rec, JSON_COMPACT);
		w.failed = !whole;
		w.bytes = whole ? strlen(whole) : 0;
		free(whole);
	}
	if (!w.failed)
		w.failed = !put_head(out, rec, players, game, params);
	if (!w.failed && qv_match_walk(m, 0, replay_step, &w) != QV_OK)
		w.failed = true;
	if (!w.failed && !w.too_big)
		put_tail(&w);
	json_decref(w.prev);
	json_decref(rec);
	free(game);
	free(params);
	if (!w.failed && !w.too_big)
		return QV_OK;
	qv_buf_free(out);
	if (too_big)
		*too_big = w.too_big && !w.failed;
	if (w.failed)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	return qv_fail(err, QV_EINVAL,
	               "the replay of this record would be over %zu MiB (the server's limit) "
	               "by action %d of %d; replay it with `quiver replay` instead",
	               max_bytes >> 20, w.steps - 1, m->nhist);
}
