/*
 * puzzles.c - a puzzle shown, an attempt judged, and the puzzle ratings (puzzles.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/fields.h"
#include "games/json_util.h"
#include "server/base/rating.h"
#include "server/net/reply.h"
#include "server/players/community.h"
#include "server/players/puzzles.h"
#include "server/players/session.h"
#include "server/store/ratings.h"

json_t *qv__puzzle_themes(const char *text)
{
	json_t *themes = json_array();
	for (const char *t = text ? text : ""; themes && *t;) {
		size_t len = strcspn(t, " ");
		json_array_append_new(themes, json_stringn(t, len));
		t += len + (t[len] == ' ');
	}
	return themes;
}

/* A puzzle as the store keeps it. */
typedef struct prow {
	json_t *body;
	qv__glicko2 g;
	long long plays, solved;
	char themes[80];
} prow;

static qv_status prow_read(void *ctx, int n, const char *const *v)
{
	prow *p = ctx;
	json_error_t jerr;
	if (n < 7 || !v[0] || qv__json_parse(v[0], strlen(v[0]), 0, &p->body, &jerr) != QV_OK)
		return QV_OK;
	p->g = (qv__glicko2){atof(v[1]), atof(v[2]), atof(v[3])};
	p->plays = atoll(v[4]);
	p->solved = atoll(v[5]);
	qv_copy(p->themes, sizeof p->themes, v[6] ? v[6] : "");
	return QV_OK;
}

/* Puzzle id into *p: 0, or the answer given (404, 503). */
static int load(qv__server *srv, qv__req *c, const char *id, prow *p)
{
	*p = (prow){0};
	const char *args[] = {id};
	qv_err err;
	if (qv__store_query(
	        srv->store,
	        "SELECT body, rating, deviation, volatility, plays, solved, themes FROM "
	        "puzzles p WHERE id = $1 AND " QV__PUZZLE_SHOWN,
	        1, args, prow_read, p, &err)) {
		qv__reply_error(c, 503, "the database failed reading the puzzle; try again");
		return 503;
	}
	if (p->body)
		return 0;
	char shown[QV_QUOTE_MAX * 4 + 4];
	qv__reply_error(c, 404, "no puzzle '%s'",
	                qv_shorten(id, QV_QUOTE_MAX, shown, sizeof shown));
	return 404;
}

/* The rating as the API shows it: whole points. */
static json_int_t whole(double x) { return (json_int_t)lround(x); }

int qv__puzzle_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	const char *id = m->cap[0].text;
	prow p;
	int st = load(srv, c, id, &p);
	if (st)
		return st;
	const char *game = json_string_value(json_object_get(p.body, "game"));
	const qv_game *g = game ? qv_game_find(game, NULL) : NULL;
	/* what the position shows, and never the answer, the move made or what follows them */
	json_t *out = json_pack(
	    "{s:s, s:O?, s:s?, s:s?, s:O?, s:O?, s:o, s:I, s:I, s:I, s:O?, s:O?}", "id", id,
	    "table", json_object_get(p.body, "table"), "game", game, "title", g ? g->title : NULL,
	    "step", json_object_get(p.body, "step"), "seat", json_object_get(p.body, "seat"),
	    "themes", qv__puzzle_themes(p.themes), "rating", whole(p.g.rating), "plays",
	    (json_int_t)p.plays, "solved", (json_int_t)p.solved, "view",
	    json_object_get(p.body, "view"), "catalogue", json_object_get(p.body, "catalogue"));
	json_decref(p.body);
	qv__reply_json(c, 200, out);
	json_decref(out);
	return 200;
}

/* ---- ratings ---- */

/* An account's puzzle rating as the store keeps it (games 0: none yet). */
typedef struct player_rating {
	qv__glicko2 g;
	long long games;
	double updated;
} player_rating;

static qv_status player_row(void *ctx, int n, const char *const *v)
{
	player_rating *r = ctx;
	if (n >= 5 && v[0])
		*r = (player_rating){{atof(v[0]), atof(v[1]), atof(v[2])}, atoll(v[3]), atof(v[4])};
	return QV_OK;
}

/* Account `account`'s puzzle rating into *r (a new player's when it has none): QV_OK, QV_EIO. */
static qv_status player_read(qv__store *s, long long account, player_rating *r)
{
	*r = (player_rating){qv__glicko2_new(), 0, 0};
	qv__num a = qv__num_int(account);
	const char *args[] = {a.text};
	qv_err err;
	return qv__store_query(s,
	                       "SELECT rating, deviation, volatility, games, updated FROM "
	                       "puzzle_ratings WHERE account = CAST($1 AS BIGINT)",
	                       1, args, player_row, r, &err);
}

/* ---- attempts ---- */

/* The body's action, one of the puzzle's legal moves: 0, or the 400 answered. */
static int action_of(qv__req *c, const prow *p, json_t **req, const char **action)
{
	static const char *const fields[] = {"action", NULL};
	int st = qv__reply_read_json(c, req, NULL);
	if (st)
		return st;
	qv_err err;
	const json_t *a = json_object_get(*req, "action");
	if (qv__json_check_keys(*req, "an attempt", fields, &err) || !json_is_string(a)) {
		qv__reply_error(c, 400, "%s",
		                json_is_string(a)
		                    ? err.msg
		                    : "action: expected one of the position's moves, in "
		                      "notation (the view's legal)");
		return 400;
	}
	*action = json_string_value(a);
	size_t i;
	const json_t *x;
	json_array_foreach(json_object_get(json_object_get(p->body, "view"), "legal"), i,
	                   x) if (json_is_string(x) &&
	                          strcmp(json_string_value(x), *action) == 0) return 0;
	char shown[QV_QUOTE_MAX * 4 + 4];
	qv__reply_error(c, 400,
	                "action: '%s' is not one of this position's moves (the view's legal lists "
	                "them)",
	                qv_shorten(*action, QV_QUOTE_MAX, shown, sizeof shown));
	return 400;
}

/* The attempt's answer: the verdict, the puzzle's whole answer and what was rated. */
static json_t *verdict(const prow *p, bool correct, json_t *rating, const qv__glicko2 *puzzle)
{
	const json_t *b = p->body;
	return json_pack(
	    "{s:b, s:O?, s:O?, s:O?, s:O?, s:O?, s:O?, s:O?, s:o, s:b, s:o, s:I}", "correct",
	    correct, "answer", json_object_get(b, "answer"), "played", json_object_get(b, "played"),
	    "runner_up", json_object_get(b, "runner_up"), "note", json_object_get(b, "note"),
	    "line", json_object_get(b, "line"), "value", json_object_get(b, "value"), "second",
	    json_object_get(b, "second"), "themes", qv__puzzle_themes(p->themes), "rated",
	    !json_is_null(rating), "rating", rating, "puzzle_rating", whole(puzzle->rating));
}

/* The signed-in requester's attempt, kept with its rated game with the puzzle when it is its
 * first, all in one transaction of the store's (so that an attempt answered 503 wrote nothing
 * and is still the first when made again): the "rating" of the answer (null: not rated), or
 * the status to answer. */
static int rated(qv__server *srv, qv__req *c, const char *id, prow *p, bool correct,
                 json_t **rating, qv__glicko2 *puzzle)
{
	*rating = json_null();
	*puzzle = p->g;
	qv__session s;
	int in = qv__session_get(srv, c, &s);
	qv__store_puzzle_game game = {0};
	qv_err err;
	int st = in < 0 ? 503 : 0;
	if (in == 1 && qv__store_puzzle_attempt(srv->store, s.account.id, id, correct, &game, &err))
		st = 503;
	if (!st && game.first) {
		*puzzle = game.puzzle;
		json_decref(*rating);
		*rating = json_pack("{s:I, s:I, s:I, s:b}", "before", whole(game.before.rating),
		                    "after", whole(game.after.rating), "change",
		                    whole(game.after.rating) - whole(game.before.rating),
		                    "provisional", qv__glicko2_provisional(&game.after));
	}
	if (in == 1)
		qv__session_done(srv, c, &s);
	if (st)
		qv__reply_error(c, st, "the database failed rating the attempt; try again");
	return st;
}

int qv__puzzle_attempt(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	const char *id = m->cap[0].text;
	prow p;
	int st = load(srv, c, id, &p);
	if (st)
		return st;
	json_t *req = NULL, *rating = NULL;
	const char *action;
	qv__glicko2 puzzle;
	st = action_of(c, &p, &req, &action);
	bool correct =
	    !st && strcmp(action, json_string_value(json_object_get(p.body, "answer"))) == 0;
	if (!st)
		st = rated(srv, c, id, &p, correct, &rating, &puzzle);
	if (!st) {
		json_t *out = verdict(&p, correct, rating, &puzzle);
		qv__reply_json(c, 200, out);
		json_decref(out);
		st = 200;
	} else {
		json_decref(rating);
	}
	json_decref(req);
	json_decref(p.body);
	return st;
}

/* ---- the next puzzle ---- */

static qv_status text_row(void *ctx, int n, const char *const *v)
{
	if (n > 0 && v[0])
		qv_copy(ctx, QV__ROUTE_CAP_MAX, v[0]);
	return QV_OK;
}

int qv__puzzles_next(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	const char *game = qv__req_arg(c, "game");
	if (game && !qv_game_find(game, NULL)) {
		char shown[QV_QUOTE_MAX * 4 + 4];
		qv__reply_error(c, 400, "game: no game '%s'; GET /api/games lists them",
		                qv_shorten(game, QV_QUOTE_MAX, shown, sizeof shown));
		return 400;
	}
	qv__session s;
	int in = qv__session_get(srv, c, &s);
	player_rating r = {.games = 0};
	qv__num me = qv__num_int(in == 1 ? s.account.id : 0);
	char next[QV__ROUTE_CAP_MAX] = "";
	long long count = 0;
	qv_err err;
	qv__num near = qv__num_real(1500);
	if (in == 1 && !player_read(srv->store, s.account.id, &r))
		near = qv__num_real(r.g.rating);
	const char *args[] = {game ? game : "", me.text, near.text};
	bool failed =
	    in < 0 ||
	    qv__store_query(
	        srv->store,
	        "SELECT p.id FROM puzzles p WHERE ($1 = '' OR p.game = $1) AND " QV__PUZZLE_SHOWN
	        " AND NOT "
	        "EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.account = CAST($2 AS "
	        "BIGINT) AND a.puzzle = p.id) ORDER BY abs(p.rating - CAST($3 AS DOUBLE "
	        "PRECISION)), p.created, p.id LIMIT 1",
	        3, args, text_row, next, &err) ||
	    qv__store_query(
	        srv->store,
	        "SELECT count(*) FROM puzzles p WHERE ($1 = '' OR game = $1) AND " QV__PUZZLE_SHOWN,
	        1, args, qv__store_count_row, &count, &err);
	if (in == 1)
		qv__session_done(srv, c, &s);
	if (failed) {
		qv__reply_error(c, 503, "the database failed reading the puzzles; try again");
		return 503;
	}
	json_t *rating =
	    in == 1 ? json_pack("{s:I, s:I, s:b, s:I}", "rating", whole(r.g.rating), "deviation",
	                        whole(r.g.deviation), "provisional", qv__glicko2_provisional(&r.g),
	                        "games", (json_int_t)r.games)
	            : json_null();
	json_t *out = json_pack("{s:o, s:s?, s:I}", "rating", rating, "next", next[0] ? next : NULL,
	                        "count", (json_int_t)count);
	qv__reply_json(c, 200, out);
	json_decref(out);
	return 200;
}
