/*
 * json.c - a match written as JSON: a full state (everything, for the protocol's `state` and a
 * later load), a viewer's view (what that viewer may know, with its legal actions and what
 * each would do when it may decide now), and a record (the parameters, the seed, the players,
 * every action in notation, who left, the result), which replays anywhere. Reading them back
 * is load.c's.
 *
 * Every writer builds its object through qv__json_put and qv__json_push, which give NULL for
 * the whole when any part fails (the game's own object among them): the match's wrapper is
 * written whole or not at all.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "engine/match/actions.h"
#include "engine/match/history.h"
#include "engine/match/position.h"
#include "engine/match/step.h"
#include "engine/match/together.h"
#include "engine/match/walk.h"
#include "games/json_util.h"
#include "quiver/variant.h"

json_t *qv_seed_json(uint64_t seed)
{
	char text[24];
	snprintf(text, sizeof text, "%" PRIu64, seed);
	return json_string(text);
}

/* A player or to_move value as JSON text ("p1", "chance", "over"). */
static json_t *who_json(int who)
{
	char name[8];
	return json_string(qv_player_name(who, name));
}

/* A viewer as JSON: "p1".., "all" or "public" (QV_VIEW_ALL and QV_VIEW_PUBLIC share their
 * values with QV_CHANCE and QV_OVER, so a viewer and a player to move need their own names). */
static json_t *viewer_json(int viewer)
{
	if (viewer == QV_VIEW_ALL)
		return json_string("all");
	if (viewer == QV_VIEW_PUBLIC)
		return json_string("public");
	return who_json(viewer);
}

/* The components a match plays with, for its records and full states: a built-in set's name
 * and hash, or a variant's whole resolved document, so that the record replays anywhere. */
static json_t *variant_json(const qv_match *m)
{
	const qv_variant *v = qv_variant_of_params(m->game, &m->params);
	if (!v)
		return json_null();
	if (v->builtin)
		return json_pack("{s:s, s:s}", "name", v->name, "sha256", v->sha256);
	return qv_variant_json(v);
}

/* Fills a new object with the fields every match JSON starts with: game, params and, for a
 * full state or a record of a game with components, the variant (a view leaves it out: its
 * front end has the catalogue once, and a view is sent after every move). */
static json_t *header_json(const qv_match *m, bool variant)
{
	json_t *j = qv__json_put(json_object(), "game", json_string(m->game->name));
	j = qv__json_put(j, "params",
	                 qv_params_to_json(&m->params, m->game->params, m->game->nparams));
	return variant && m->game->components ? qv__json_put(j, "variant", variant_json(m)) : j;
}

/* The wrapper of a full state: game, params, seed, to_move and the game's own object. */
json_t *qv_match_state_json(const qv_match *m)
{
	json_t *j = qv__json_put(header_json(m, true), "seed", qv_seed_json(m->seed));
	j = qv__json_put(j, "to_move", who_json(qv_match_to_move(m)));
	return qv__json_put(j, "state", m->game->state_json(m->state));
}

/* The wrapper of a viewer's view, with the legal actions when the viewer may decide now (at
 * its own turn in a simultaneous step, qv_match_turn_of) and, beside them, what each would do
 * (action_note; "" when the game says nothing) and whether it deserves a confirmation,
 * "forced" when the decision is a held forced one, and the viewer's own commitments made ahead
 * of its turn. The mover knows everything a note may say, and a note depends on nothing the
 * mover cannot see (property 12 of tests/property), so the placeholders of a step's scratch
 * position change none. */
json_t *qv_match_view_json(qv_match *m, int viewer)
{
	const qv_game *g = m->game;
	int who = qv_match_to_move(m);
	json_t *j = qv__json_put(header_json(m, false), "viewer", viewer_json(viewer));
	j = qv__json_put(j, "to_move", who_json(who));
	j = qv__json_put(j, "view", g->view_json(m->state, viewer));
	bool turn = j && who >= 0 && who == viewer;
	const void *st = m->state;
	if (j && who >= 0 && who != viewer) {
		/* A player of a step deciding before its turn: its options at its turn. */
		const void *at = qv__match_step_position(m, viewer);
		turn = at != NULL;
		st = at ? at : st;
	}
	qv_action *list = turn ? qv__match_actions(g) : NULL;
	if (turn && !list) { /* without its legal actions the view is not written at all */
		json_decref(j);
		return NULL;
	}
	if (turn) {
		json_t *legal = json_array(), *what = json_array(), *confirm = json_array();
		int n = g->legal(st, list);
		for (int i = 0; i < n; i++) {
			char text[QV_ACTION_TEXT], note[QV_NOTE_TEXT] = "";
			bool ask = false;
			if (g->action_to_text(st, list[i], text, sizeof text) < 0)
				continue;
			if (g->action_note &&
			    g->action_note(st, list[i], note, sizeof note, &ask) <= 0)
				note[0] = '\0';
			legal = qv__json_push(legal, json_string(text));
			what = qv__json_push(what, json_string(note));
			confirm = qv__json_push(confirm, json_boolean(ask));
		}
		j = qv__json_put(j, "legal", legal);
		j = qv__json_put(j, "what", what);
		j = qv__json_put(j, "confirm", confirm);
		/* A forced decision the match holds for a front end to show (qv_match_hold_forced):
		 * the front end may offer to play it at once. Said to the mover only. */
		if (who == viewer && qv__match_holds(m, who) && qv_decision_forced(g, m->state, n))
			j = qv__json_put(j, "forced", json_true());
	}
	if (j && *qv_match_committed(m, viewer)) {
		json_t *mine = json_array();
		char line[QV_ACTION_TEXT];
		for (const char *c = qv_match_committed(m, viewer);
		     qv__together_line(&c, line, sizeof line);)
			mine = qv__json_push(mine, json_string(line));
		j = qv__json_put(j, "committed", mine);
	}
	return j;
}

/* Appends name as a JSON string: a viewer or a player to move as viewer_json and who_json
 * write it (their names need no escape). */
static void put_name(qv_buf *b, const char *name)
{
	qv_buf_putc(b, '"');
	qv_buf_puts(b, name);
	qv_buf_putc(b, '"');
}

/* Appends the legal actions at st, what each would do and whether it asks for a confirmation,
 * as the "legal", "what" and "confirm" members of qv_match_view_json; their count in *n. */
static bool put_legal(qv_buf *b, const qv_game *g, const void *st, qv_action *list, int *n)
{
	qv_buf what = {0}, confirm = {0};
	*n = g->legal(st, list);
	bool ok = true, first = true;
	qv_buf_puts(b, ",\"legal\":[");
	for (int i = 0; i < *n && ok; i++) {
		char text[QV_ACTION_TEXT], note[QV_NOTE_TEXT] = "";
		bool ask = false;
		if (g->action_to_text(st, list[i], text, sizeof text) < 0)
			continue;
		if (g->action_note && g->action_note(st, list[i], note, sizeof note, &ask) <= 0)
			note[0] = '\0';
		if (!first) {
			qv_buf_putc(b, ',');
			qv_buf_putc(&what, ',');
			qv_buf_putc(&confirm, ',');
		}
		first = false;
		ok = qv__json_append_string(b, text, strlen(text)) &&
		     qv__json_append_string(&what, note, strlen(note));
		qv_buf_puts(&confirm, ask ? "true" : "false");
	}
	qv_buf_puts(b, "],\"what\":[");
	qv_buf_putn(b, qv_buf_str(&what), what.len);
	qv_buf_puts(b, "],\"confirm\":[");
	qv_buf_putn(b, qv_buf_str(&confirm), confirm.len);
	qv_buf_putc(b, ']');
	ok = ok && !what.failed && !confirm.failed;
	qv_buf_free(&what);
	qv_buf_free(&confirm);
	return ok;
}

bool qv_match_view_text(qv_match *m, int viewer, qv_buf *out)
{
	const qv_game *g = m->game;
	int who = qv_match_to_move(m);
	char name[8];
	qv_buf_puts(out, "{\"game\":");
	bool ok = qv__json_append_string(out, g->name, strlen(g->name));
	json_t *params = qv_params_to_json(&m->params, g->params, g->nparams);
	qv_buf_puts(out, ",\"params\":");
	ok = ok && qv__json_append(out, params);
	json_decref(params);
	qv_buf_puts(out, ",\"viewer\":");
	put_name(out, viewer == QV_VIEW_ALL      ? "all"
	              : viewer == QV_VIEW_PUBLIC ? "public"
	                                         : qv_player_name(viewer, name));
	qv_buf_puts(out, ",\"to_move\":");
	put_name(out, qv_player_name(who, name));
	qv_buf_puts(out, ",\"view\":");
	if (ok && g->view_text) {
		ok = g->view_text(m->state, viewer, out);
	} else if (ok) {
		json_t *view = g->view_json(m->state, viewer);
		ok = qv__json_append(out, view);
		json_decref(view);
	}
	bool turn = ok && who >= 0 && who == viewer;
	const void *st = m->state;
	if (ok && who >= 0 && who != viewer) {
		/* A player of a step deciding before its turn: its options at its turn. */
		const void *at = qv__match_step_position(m, viewer);
		turn = at != NULL;
		st = at ? at : st;
	}
	qv_action *list = turn ? qv__match_actions(g) : NULL;
	int n = 0;
	ok = ok && (!turn || (list && put_legal(out, g, st, list, &n)));
	if (ok && turn && who == viewer && qv__match_holds(m, who) &&
	    qv_decision_forced(g, m->state, n))
		qv_buf_puts(out, ",\"forced\":true");
	if (ok && *qv_match_committed(m, viewer)) {
		char line[QV_ACTION_TEXT];
		qv_buf_puts(out, ",\"committed\":[");
		bool first = true;
		for (const char *c = qv_match_committed(m, viewer);
		     ok && qv__together_line(&c, line, sizeof line); first = false) {
			if (!first)
				qv_buf_putc(out, ',');
			ok = qv__json_append_string(out, line, strlen(line));
		}
		qv_buf_putc(out, ']');
	}
	qv_buf_putc(out, '}');
	return ok && !out->failed;
}

/* What the walk of actions_json carries: the array each entry's notation is appended to. */
typedef struct actions_walk {
	const qv_match *m;
	json_t *arr;
} actions_walk;

/* Appends entry i's notation, at the state before it, to the array. */
static bool actions_step(void *ctx, int i, const void *before)
{
	actions_walk *w = ctx;
	char text[QV_ACTION_TEXT];
	qv__match_notation_of(w->m->game, before, w->m->hist[i].action, text, sizeof text);
	w->arr = qv__json_push(w->arr, json_string(text));
	return w->arr != NULL;
}

/* The notation of every history entry, as kept when it was applied; a quiet match's, which
 * keeps none, by one walk. */
static json_t *actions_json(const qv_match *m)
{
	json_t *arr = json_array();
	for (int i = 0; i < m->nnotes; i++)
		arr = qv__json_push(arr, json_string(qv_match_notation(m, i)));
	actions_walk w = {.m = m, .arr = arr};
	if (arr && qv__match_walk(m, m->nnotes, actions_step, &w, NULL)) {
		json_decref(w.arr); /* out of memory: no partial list */
		return NULL;
	}
	return w.arr;
}

/* Whether base is the position init gives for the match's parameters and seed, i.e. the
 * match was not loaded from a full state: 1 or 0, QV_ENOMEM when it cannot be told. Compared
 * through state_json, which is exact and immune to padding bytes. */
static int starts_at_init(const qv_match *m)
{
	const qv_game *g = m->game;
	void *st = calloc(1, g->state_size);
	int same = st ? 0 : QV_ENOMEM;
	if (st && g->init(st, &m->params, m->seed, NULL) == QV_OK) {
		json_t *a = g->state_json(st), *b = g->state_json(m->base);
		same = !a || !b ? QV_ENOMEM : json_equal(a, b);
		json_decref(a);
		json_decref(b);
	}
	free(st);
	return same;
}

/* Everything needed to replay the game: game, params, seed, names, the start position
 * when it was loaded, every action in notation, and the result once the game is over. */
json_t *qv_match_record_json(const qv_match *m)
{
	const qv_game *g = m->game;
	int np = g->num_players(m->state);
	json_t *j = qv__json_put(header_json(m, true), "seed", qv_seed_json(m->seed));
	json_t *players = json_array();
	for (int i = 0; i < np; i++)
		players = qv__json_push(players, json_string(m->names[i]));
	j = qv__json_put(j, "players", players);
	int init = j ? starts_at_init(m) : 0;
	if (init < 0) {
		json_decref(j);
		return NULL;
	}
	if (!init)
		j = qv__json_put(j, "start", g->state_json(m->base));
	j = qv__json_put(j, "actions", actions_json(m));
	json_t *left = NULL;
	for (int i = 0; i < np; i++)
		if (m->left[i]) {
			char who[8];
			left = qv__json_push(
			    left ? left : json_array(),
			    json_pack("{s:s, s:s, s:i}", "player", qv_player_name(i, who), "reason",
			              qv_left_name(m->left[i]), "at", m->left_at[i]));
		}
	if (left)
		j = qv__json_put(j, "left", left);
	if (!qv_match_over(m))
		return qv__json_put(j, "result", json_null());
	int ranks[QV_MAX_PLAYERS], scores[QV_MAX_PLAYERS];
	char name[8];
	qv_match_ranks(m, ranks);
	g->score(m->state, scores);
	json_t *result = json_array();
	for (int i = 0; i < np; i++) {
		json_t *e = json_pack("{s:s, s:i, s:i}", "player", qv_player_name(i, name), "rank",
		                      ranks[i], "score", scores[i]);
		if (e && m->left[i])
			e = qv__json_put(e, "reason", json_string(qv_left_name(m->left[i])));
		result = qv__json_push(result, e);
	}
	return qv__json_put(j, "result", result);
}

json_t *qv_log_line_json(const qv_log_line *l)
{
	char who[8];
	json_t *o = json_pack("{s:s, s:s}", "who", qv_player_name(l->about, who), "text", l->text);
	if (o && l->msg) {
		json_t *msg = json_array();
		for (const char *p = l->msg, *end;; p = end + 1) {
			end = p + strcspn(p, (char[]){QV_SAY_ARG, '\0'});
			json_array_append_new(msg, json_stringn(p, (size_t)(end - p)));
			if (!*end)
				break;
		}
		if (json_object_set_new(o, "msg", msg)) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}
