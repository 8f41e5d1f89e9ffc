/*
 * director.c - the tournaments run by this process (director.h): the lease, the start, the
 * results, the pairings of Swiss rounds and arena waves, the end.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "games/json_util.h"
#include "server/base/oplog.h"
#include "server/base/tourney.h"
#include "server/players/community.h"
#include "server/players/director.h"
#include "server/players/pairing.h"
#include "server/players/tournaments.h"

struct qv__director {
	qv__server *srv;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	bool stop;
};

/* ---- a tournament as the director reads it ---- */

typedef struct tour {
	char id[QV__ROUTE_CAP_MAX], kind[8], status[12], name[256];
	long long minutes, rounds, pause, round;
	double starts, round_end; /* round_end 0: not all over yet */
	json_t *request;
} tour;

static qv_status tour_row(void *ctx, int n, const char *const *v)
{
	tour *t = ctx;
	json_error_t jerr;
	if (n < 10 || !v[0] || !v[7] || qv__json_parse(v[7], strlen(v[7]), 0, &t->request, &jerr))
		return QV_OK;
	qv_copy(t->id, sizeof t->id, v[0]);
	qv_copy(t->kind, sizeof t->kind, v[1] ? v[1] : "");
	qv_copy(t->status, sizeof t->status, v[2] ? v[2] : "");
	t->starts = v[3] ? atof(v[3]) : 0;
	t->minutes = v[4] ? atoll(v[4]) : 0;
	t->rounds = v[5] ? atoll(v[5]) : 0;
	t->pause = v[6] ? atoll(v[6]) : 0;
	t->round = v[8] ? atoll(v[8]) : 0;
	t->round_end = v[9] ? atof(v[9]) : 0;
	qv_copy(t->name, sizeof t->name, n > 10 && v[10] ? v[10] : "");
	return QV_OK;
}

static bool tour_read(qv__store *s, const char *id, tour *t)
{
	*t = (tour){0};
	const char *args[] = {id};
	qv_err err;
	return !qv__store_query(s,
	                        "SELECT id, kind, status, starts, minutes, rounds, pause, request, "
	                        "round, round_end, name FROM tournaments WHERE id = $1",
	                        1, args, tour_row, t, &err) &&
	       t->request;
}

/* A count the query (with the tournament's id as $1) gives; -1 when the database failed. */
static long long counted(qv__store *s, const char *id, const char *sql)
{
	const char *args[] = {id};
	long long n = 0;
	qv_err err;
	return qv__store_query(s, sql, 1, args, qv__store_count_row, &n, &err) ? -1 : n;
}

/* ---- telling the players ---- */

/* Rows of one number each (accounts), kept to act on once the query is done: a store's rows are
 * read under its lock, which nothing may take again meanwhile. */
typedef struct numbers {
	long long *v;
	int n, cap;
} numbers;

static qv_status number_row(void *ctx, int n, const char *const *v)
{
	numbers *a = ctx;
	if (n < 1 || !v[0])
		return QV_OK;
	if (a->n == a->cap) {
		int cap = a->cap ? 2 * a->cap : 64;
		long long *more = realloc(a->v, sizeof *more * (size_t)cap);
		if (!more)
			return QV_OK;
		a->v = more;
		a->cap = cap;
	}
	a->v[a->n++] = atoll(v[0]);
	return QV_OK;
}

/* Tells frame (taken) to every account of tournament id. */
static void tell_all(qv__server *srv, const char *id, json_t *frame)
{
	numbers who = {0};
	const char *args[] = {id};
	qv_err err;
	if (frame && srv->chan_tell &&
	    !qv__store_query(srv->store,
	                     "SELECT account FROM tournament_players WHERE tournament = $1", 1,
	                     args, number_row, &who, &err))
		for (int i = 0; i < who.n; i++)
			srv->chan_tell(srv, who.v[i], frame);
	free(who.v);
	json_decref(frame);
}

/* ---- the end ---- */

static void finish(qv__server *srv, const tour *t, const char *why)
{
	json_t *standings = NULL;
	const char *winner = NULL;
	if (!qv__tournament_standings(srv->store, t->id, t->kind, &standings) &&
	    json_array_size(standings) &&
	    json_integer_value(json_object_get(json_array_get(standings, 0), "games")) > 0)
		winner =
		    json_string_value(json_object_get(json_array_get(standings, 0), "username"));
	qv__num at = qv__num_real(qv_wall());
	const char *row[] = {at.text, winner, why, t->id};
	qv_err err;
	if (qv__store_run(
	        srv->store,
	        "UPDATE tournaments SET status = 'finished', finished = CAST($1 AS DOUBLE "
	        "PRECISION), winner = $2, why = $3 WHERE id = $4 AND status <> 'finished'",
	        4, row, &err))
		qv__oplog(QV__WARN, "tournament %s: its end is not kept: %s", t->id, err.msg);
	else
		tell_all(srv, t->id,
		         json_pack("{s:s, s:{s:s, s:s, s:s, s:s?, s:s?}}", "type", "tournament",
		                   "tournament", "id", t->id, "name", t->name, "status", "finished",
		                   "winner", winner, "why", why));
	qv__oplog(QV__INFO, "tournament %s ended%s%s", t->id, winner ? ": " : "",
	          winner ? winner : "");
	json_decref(standings);
}

/* ---- results ---- */

/* A finished table's info into a game's result: "1-0", "0-1", "1/2-1/2", or "0-0" (none). */
static const char *result_of(const char *info_text)
{
	json_error_t jerr;
	json_t *info = info_text ? json_loads(info_text, 0, &jerr) : NULL;
	long long rank[2] = {0, 0};
	size_t i;
	const json_t *e;
	json_array_foreach(json_object_get(info, "result"), i, e)
	{
		const char *seat = json_string_value(json_object_get(e, "seat"));
		if (seat && (seat[1] == '1' || seat[1] == '2'))
			rank[seat[1] - '1'] = json_integer_value(json_object_get(e, "rank"));
	}
	json_decref(info);
	if (!rank[0] || !rank[1])
		return "0-0";
	return rank[0] < rank[1] ? "1-0" : rank[0] > rank[1] ? "0-1" : "1/2-1/2";
}

/* A game that ended: its place and its table's info, kept to write once read. */
typedef struct ended {
	long long round, board;
	const char *result;
} ended;

typedef struct endings {
	ended *v;
	int n, cap;
} endings;

static qv_status result_row(void *ctx, int n, const char *const *v)
{
	endings *e = ctx;
	if (n < 3 || !v[0] || !v[1] || e->n >= e->cap)
		return QV_OK;
	e->v[e->n++] = (ended){atoll(v[0]), atoll(v[1]), result_of(v[2])};
	return QV_OK;
}

/* The results of t's games whose tables ended, on whatever process. */
static void results(qv__server *srv, const tour *t)
{
	long long open = counted(srv->store, t->id,
	                         "SELECT count(*) FROM tournament_games WHERE tournament = $1 AND "
	                         "result IS NULL");
	endings e = {.cap = open > 0 ? (int)open : 0};
	e.v = malloc(sizeof *e.v * (size_t)(e.cap + 1));
	const char *args[] = {t->id};
	qv_err err;
	if (e.v && e.cap &&
	    qv__store_query(
	        srv->store,
	        "SELECT g.round, g.board, x.info FROM tournament_games g JOIN tables x ON "
	        "x.id = g.table_id WHERE g.tournament = $1 AND g.result IS NULL AND "
	        "x.status = 'over' ORDER BY x.finished, g.round, g.board",
	        1, args, result_row, &e, &err))
		qv__oplog(QV__WARN, "tournament %s: its results are not read: %s", t->id, err.msg);
	for (int i = 0; e.v && i < e.n; i++) {
		qv__num at = qv__num_real(qv_wall()), r = qv__num_int(e.v[i].round),
		        b = qv__num_int(e.v[i].board);
		const char *row[] = {e.v[i].result, at.text, t->id, r.text, b.text};
		if (qv__store_run(
		        srv->store,
		        "UPDATE tournament_games SET result = $1, ended = CAST($2 AS DOUBLE "
		        "PRECISION) WHERE tournament = $3 AND round = CAST($4 AS BIGINT) AND "
		        "board = CAST($5 AS BIGINT) AND result IS NULL",
		        5, row, &err))
			qv__oplog(QV__WARN, "tournament %s: a result is not kept: %s", t->id,
			          err.msg);
	}
	free(e.v);
}

/* ---- the field: who plays, and what they played ---- */

/* A player the pairings may pair: as tourney.h sees it, and who it is. */
typedef struct entrant {
	qv__tp tp;
	char username[QV__NAME_BYTES];
	char player[QV__HASH_LEN + 1];
	char *results; /* an arena's, in order */
	bool busy;     /* in a game not over */
} entrant;

typedef struct field {
	entrant *e;
	int n, cap, games;
	long long (
	    *apart)[2]; /* sorted pairs (low, high) that may not meet: met (Swiss), a block */
	int napart, capapart;
	bool swiss;
} field;

static entrant *entrant_of(field *f, long long account)
{
	for (int i = 0; i < f->n; i++)
		if (f->e[i].tp.id == account)
			return &f->e[i];
	return NULL;
}

static qv_status entrant_row(void *ctx, int n, const char *const *v)
{
	field *f = ctx;
	if (n < 5 || !v[0] || f->n >= f->cap)
		return QV_OK;
	entrant *e = &f->e[f->n];
	*e = (entrant){.tp = {.id = atoll(v[0]),
	                      .rating = v[3] ? atof(v[3]) : 1500,
	                      .order = v[4] ? atoi(v[4]) : 0}};
	qv_copy(e->username, sizeof e->username, v[1] ? v[1] : "");
	qv_copy(e->player, sizeof e->player, v[2] ? v[2] : "");
	e->results = calloc((size_t)f->games + 1, 1);
	if (e->results)
		f->n++;
	return QV_OK;
}

static void keep_apart(field *f, long long a, long long b)
{
	if (f->napart == f->capapart) {
		int cap = f->capapart ? 2 * f->capapart : 256;
		long long(*more)[2] = realloc(f->apart, sizeof *more * (size_t)cap);
		if (!more)
			return;
		f->apart = more;
		f->capapart = cap;
	}
	f->apart[f->napart][0] = a < b ? a : b;
	f->apart[f->napart++][1] = a < b ? b : a;
}

/* What one game did to its players (first seat, second seat or none: a bye). */
static void played(field *f, long long first, long long second, const char *result)
{
	entrant *a = entrant_of(f, first), *b = second ? entrant_of(f, second) : NULL;
	if (second && f->swiss) /* a Swiss's players meet once; an arena's, blocks only */
		keep_apart(f, first, second);
	if (!result) { /* under way */
		if (a)
			a->busy = true;
		if (b)
			b->busy = true;
		return;
	}
	bool bye = strcmp(result, "bye") == 0, none = strcmp(result, "0-0") == 0;
	double made = bye || strcmp(result, "1-0") == 0 ? 1 : strcmp(result, "0-1") == 0 ? 0 : 0.5;
	entrant *sides[2] = {a, b};
	for (int k = 0; k < 2; k++) {
		entrant *e = sides[k];
		double m = k ? 1 - made : made;
		if (!e)
			continue;
		e->tp.games++;
		e->tp.last = k ? first : second;
		e->tp.whites += k == 0 && !bye;
		e->tp.blacks += k == 1;
		e->tp.last_colour = bye ? e->tp.last_colour : k ? -1 : 1;
		e->tp.had_bye |= bye;
		e->tp.score += f->swiss && !none ? m : 0;
		e->results[strlen(e->results)] = none ? 'X' : m == 1 ? 'W' : m == 0 ? 'L' : 'D';
	}
}

static qv_status played_row(void *ctx, int n, const char *const *v)
{
	if (n >= 3 && v[0])
		played(ctx, atoll(v[0]), v[1] ? atoll(v[1]) : 0, v[2]);
	return QV_OK;
}

static qv_status block_row(void *ctx, int n, const char *const *v)
{
	if (n >= 2 && v[0] && v[1])
		keep_apart(ctx, atoll(v[0]), atoll(v[1]));
	return QV_OK;
}

static int pair_cmp(const void *x, const void *y)
{
	const long long *a = x, *b = y;
	return a[0] != b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] < b[1] ? -1 : a[1] > b[1];
}

/* The active players of t and every game of it, its blocks among them: QV_OK, or QV_EIO. */
static qv_status field_read(qv__store *s, const tour *t, field *f, qv_err *err)
{
	const char *args[] = {t->id};
	f->swiss = strcmp(t->kind, "swiss") == 0;
	f->cap =
	    (int)counted(s, t->id, "SELECT count(*) FROM tournament_players WHERE tournament = $1");
	f->games =
	    (int)counted(s, t->id, "SELECT count(*) FROM tournament_games WHERE tournament = $1");
	f->e = calloc((size_t)(f->cap > 0 ? f->cap : 1), sizeof *f->e);
	if (f->cap < 0 || f->games < 0 || !f->e)
		return qv_fail(err, QV_EIO, "the database failed reading the players");
	qv_status rc = qv__store_query(s,
	                               "SELECT account, username, player, rating, seq FROM "
	                               "tournament_players WHERE tournament = $1 AND active = 1 "
	                               "ORDER BY seq, account",
	                               1, args, entrant_row, f, err);
	if (!rc)
		rc = qv__store_query(s,
		                     "SELECT first, second, result FROM tournament_games WHERE "
		                     "tournament = $1 ORDER BY COALESCE(ended, at), round, board",
		                     1, args, played_row, f, err);
	if (!rc)
		rc = qv__store_query(
		    s,
		    "SELECT b.account, b.blocked FROM blocks b WHERE b.account IN "
		    "(SELECT account FROM tournament_players WHERE tournament = $1) AND "
		    "b.blocked IN (SELECT account FROM tournament_players WHERE "
		    "tournament = $1)",
		    1, args, block_row, f, err);
	for (int i = 0; !f->swiss && i < f->n; i++) {
		bool fire;
		f->e[i].tp.score = qv__arena_points(f->e[i].results, &fire);
	}
	if (f->napart) /* qsort of no array (NULL) is undefined */
		qsort(f->apart, (size_t)f->napart, sizeof *f->apart, pair_cmp);
	return rc;
}

static void field_free(field *f)
{
	for (int i = 0; i < f->n; i++)
		free(f->e[i].results);
	free(f->e);
	free(f->apart);
}

/* tourney.h's qv__tp_apart over the field's pairs. */
static bool apart(void *ctx, long long a, long long b)
{
	const field *f = ctx;
	long long key[2] = {a < b ? a : b, a < b ? b : a};
	return f->napart &&
	       bsearch(key, f->apart, (size_t)f->napart, sizeof *f->apart, pair_cmp) != NULL;
}

/* ---- games made ---- */

/* Keeps a game of t (a table, or none: a bye or a table that could not be made). */
static void game_row_keep(qv__server *srv, const tour *t, long long round, int board,
                          const char *table, long long first, long long second, const char *result)
{
	qv__num r = qv__num_int(round), b = qv__num_int(board), a = qv__num_int(first),
	        z = qv__num_int(second), at = qv__num_real(qv_wall());
	const char *row[] = {t->id,  r.text,  b.text,
	                     table,  a.text,  second ? z.text : NULL,
	                     result, at.text, result ? at.text : NULL};
	qv_err err;
	if (qv__store_run(
	        srv->store,
	        "INSERT INTO tournament_games (tournament, round, board, table_id, first, "
	        "second, result, at, ended) VALUES ($1, CAST($2 AS BIGINT), CAST($3 AS "
	        "BIGINT), $4, CAST($5 AS BIGINT), CAST($6 AS BIGINT), $7, CAST($8 AS "
	        "DOUBLE PRECISION), CAST($9 AS DOUBLE PRECISION))",
	        9, row, &err))
		qv__oplog(QV__WARN, "tournament %s: a game is not kept: %s", t->id, err.msg);
}

/* Tells a player where it plays. */
static void tell_seat(qv__server *srv, const tour *t, long long account, const char *table,
                      const char *seat)
{
	json_t *frame =
	    json_pack("{s:s, s:{s:s, s:s}, s:s, s:s}", "type", "tournament", "tournament", "id",
	              t->id, "name", t->name, "table", table, "seat", seat);
	if (frame && srv->chan_tell)
		srv->chan_tell(srv, account, frame);
	json_decref(frame);
}

/* The game of a and z (z NULL: a's bye) at board `board` of round (or wave) `round`: its table
 * made as every table between accounts is, public, and both players told. */
static void make_game(qv__server *srv, const tour *t, long long round, int board, const entrant *a,
                      const entrant *z)
{
	if (!z) {
		game_row_keep(srv, t, round, board, NULL, a->tp.id, 0, "bye");
		return;
	}
	json_t *request = json_deep_copy(t->request);
	json_object_set_new(request, "private", json_false());
	qv__pair_person people[2] = {{a->tp.id, a->username, a->player},
	                             {z->tp.id, z->username, z->player}};
	char id[QV__ID_LEN + 1];
	qv_err err;
	int st = request ? qv__pairing_make(srv, request, people, 2, NULL, id, &err) : 503;
	json_decref(request);
	if (st) {
		qv__oplog(QV__WARN,
		          "tournament %s: %s and %s get no table (%s): a game without a result",
		          t->id, a->username, z->username, request ? err.msg : "out of memory");
		game_row_keep(srv, t, round, board, NULL, a->tp.id, z->tp.id, "0-0");
		return;
	}
	game_row_keep(srv, t, round, board, id, a->tp.id, z->tp.id, NULL);
	tell_seat(srv, t, a->tp.id, id, "p1");
	tell_seat(srv, t, z->tp.id, id, "p2");
}

/* Takes the next round (or wave) for this director: true when t's round was `round` - 1. */
static bool next_round(qv__server *srv, const tour *t, long long round)
{
	qv__num r = qv__num_int(round), was = qv__num_int(round - 1);
	const char *row[] = {r.text, t->id, was.text};
	qv_err err;
	if (qv__store_run(
	        srv->store,
	        "UPDATE tournaments SET round = CAST($1 AS BIGINT), round_end = NULL WHERE "
	        "id = $2 AND round = CAST($3 AS BIGINT)",
	        3, row, &err))
		return false;
	tour now;
	bool ok = tour_read(srv->store, t->id, &now) && now.round == round;
	json_decref(now.request);
	return ok;
}

/* ---- Swiss ---- */

/* Pairs round `round` of t, or ends t when it cannot be paired. */
static void swiss_round(qv__server *srv, const tour *t, long long round)
{
	field f = {0};
	qv_err err;
	if (field_read(srv->store, t, &f, &err)) {
		qv__oplog(QV__WARN, "tournament %s: %s", t->id, err.msg);
		field_free(&f);
		return;
	}
	qv__tp *tp = malloc(sizeof *tp * (size_t)(f.n + 1));
	int(*pairs)[2] = malloc(sizeof *pairs * (size_t)(f.n / 2 + 1));
	int bye = -1, np = -2;
	for (int i = 0; tp && pairs && i < f.n; i++)
		tp[i] = f.e[i].tp;
	if (tp && pairs && f.n >= 2)
		np = qv__swiss_pair(tp, f.n, apart, &f, pairs, &bye);
	if (f.n < 2 || np == -1) {
		char why[120];
		snprintf(why, sizeof why,
		         f.n < 2
		             ? "fewer than two players were left for round %lld"
		             : "round %lld could not be paired without two players meeting again",
		         round);
		finish(srv, t, why);
	} else if (np >= 0 && next_round(srv, t, round)) {
		for (int k = 0; k < np; k++)
			make_game(srv, t, round, k, entrant_of(&f, tp[pairs[k][0]].id),
			          entrant_of(&f, tp[pairs[k][1]].id));
		if (bye >= 0)
			make_game(srv, t, round, np, entrant_of(&f, tp[bye].id), NULL);
	}
	free(tp);
	free(pairs);
	field_free(&f);
}

static void swiss_step(qv__server *srv, const tour *t)
{
	if (t->round == 0) {
		swiss_round(srv, t, 1);
		return;
	}
	long long open = counted(srv->store, t->id,
	                         "SELECT count(*) FROM tournament_games WHERE tournament = $1 AND "
	                         "result IS NULL");
	if (open != 0)
		return;
	double now = qv_wall();
	if (t->round_end == 0) { /* the round's last result came: its pause begins */
		qv__num at = qv__num_real(now);
		const char *row[] = {at.text, t->id};
		qv_err err;
		qv__store_run(
		    srv->store,
		    "UPDATE tournaments SET round_end = CAST($1 AS DOUBLE PRECISION) WHERE id "
		    "= $2",
		    2, row, &err);
		if (t->round < t->rounds)
			return;
	}
	if (t->round >= t->rounds)
		finish(srv, t, NULL);
	else if (now >= t->round_end + (double)t->pause)
		swiss_round(srv, t, t->round + 1);
}

/* ---- arena ---- */

/* The wave's waiting players as they were ranked, and whether others played: kept for the
 * standings' readers (and the tests' reference). */
static char *wave_text(const field *f, const qv__tp *w, int n, bool others)
{
	json_t *list = json_array();
	for (int i = 0; list && i < n; i++) {
		const entrant *e = entrant_of((field *)f, w[i].id);
		const entrant *last = w[i].last ? entrant_of((field *)f, w[i].last) : NULL;
		json_array_append_new(list,
		                      json_pack("{s:s, s:f, s:i, s:s?}", "username",
		                                e ? e->username : "", "score", w[i].score, "games",
		                                w[i].games, "last", last ? last->username : NULL));
	}
	json_t *j = json_pack("{s:b, s:o}", "others_playing", others, "players", list);
	char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
	json_decref(j);
	return text;
}

static void wave_keep(qv__server *srv, const tour *t, long long wave, const char *text)
{
	qv__num w = qv__num_int(wave), at = qv__num_real(qv_wall());
	const char *row[] = {t->id, w.text, at.text, text};
	qv_err err;
	if (!text ||
	    qv__store_run(srv->store,
	                  "INSERT INTO tournament_waves (tournament, wave, at, waiting) "
	                  "VALUES ($1, CAST($2 AS BIGINT), CAST($3 AS DOUBLE PRECISION), $4)",
	                  4, row, &err))
		qv__oplog(QV__WARN, "tournament %s: a wave is not kept", t->id);
}

/* Pairs t's waiting players at once, a wave. */
static void arena_wave(qv__server *srv, const tour *t)
{
	field f = {0};
	qv_err err;
	if (field_read(srv->store, t, &f, &err)) {
		field_free(&f);
		return;
	}
	qv__tp *w = malloc(sizeof *w * (size_t)(f.n + 1));
	int(*pairs)[2] = malloc(sizeof *pairs * (size_t)(f.n / 2 + 1));
	int n = 0, np = 0;
	for (int i = 0; w && pairs && i < f.n; i++)
		if (!f.e[i].busy)
			w[n++] = f.e[i].tp;
	bool others = counted(srv->store, t->id,
	                      "SELECT count(*) FROM tournament_games WHERE tournament = $1 AND "
	                      "result IS NULL") > 0;
	if (n >= 2)
		np = qv__arena_pair(w, n, others, apart, &f, pairs);
	if (np > 0 && next_round(srv, t, t->round + 1)) {
		char *text = wave_text(&f, w, n, others);
		wave_keep(srv, t, t->round + 1, text);
		free(text);
		for (int k = 0; k < np; k++)
			make_game(srv, t, t->round + 1, k, entrant_of(&f, w[pairs[k][0]].id),
			          entrant_of(&f, w[pairs[k][1]].id));
	}
	free(w);
	free(pairs);
	field_free(&f);
}

static void arena_step(qv__server *srv, const tour *t)
{
	if (qv_wall() < t->starts + 60.0 * (double)t->minutes) {
		arena_wave(srv, t);
		return;
	}
	/* its time is up: no new game; the games under way end, and count */
	if (counted(srv->store, t->id,
	            "SELECT count(*) FROM tournament_games WHERE tournament = $1 AND result IS "
	            "NULL") == 0)
		finish(srv, t, NULL);
}

/* ---- each tournament's turn ---- */

/* Starts t at its time, or ends it without two players: true when it runs now. */
static bool started(qv__server *srv, tour *t)
{
	if (strcmp(t->status, "running") == 0)
		return true;
	if (qv_wall() < t->starts)
		return false;
	long long players = counted(srv->store, t->id,
	                            "SELECT count(*) FROM tournament_players WHERE tournament = $1 "
	                            "AND active = 1");
	if (players < 0)
		return false;
	if (players < 2) {
		finish(srv, t, "fewer than two players joined");
		return false;
	}
	const char *args[] = {t->id};
	qv_err err;
	if (qv__store_run(srv->store,
	                  "UPDATE tournaments SET status = 'running' WHERE id = $1 AND status = "
	                  "'created'",
	                  1, args, &err))
		return false;
	qv__oplog(QV__INFO, "tournament %s began with %lld players", t->id, players);
	return true;
}

static void step(qv__server *srv, const char *id)
{
	tour t;
	if (!tour_read(srv->store, id, &t))
		return;
	if (started(srv, &t)) {
		results(srv, &t);
		if (strcmp(t.kind, "swiss") == 0)
			swiss_step(srv, &t);
		else
			arena_step(srv, &t);
	}
	json_decref(t.request);
}

/* The ids of the tournaments this process runs (taking those nobody runs first). */
typedef struct ids {
	char (*v)[QV__ROUTE_CAP_MAX];
	int n, cap;
} ids;

static qv_status id_row(void *ctx, int n, const char *const *v)
{
	ids *a = ctx;
	if (n > 0 && v[0] && a->n < a->cap)
		qv_copy(a->v[a->n++], QV__ROUTE_CAP_MAX, v[0]);
	return QV_OK;
}

void qv__director_tick(qv__server *srv)
{
	char me[17];
	qv__server_origin(srv, me);
	double now = qv_wall();
	qv__num at = qv__num_real(now), stale = qv__num_real(now - QV__DIRECTOR_LEASE),
	        soon = qv__num_real(now + 1);
	const char *take[] = {me, at.text, stale.text, soon.text};
	qv_err err;
	/* a read first: an idle site (no tournament due) writes nothing twice a second, and on
	 * SQLite never takes the write lock its players' moves wait for */
	long long due = 0;
	const char *ask[] = {me, stale.text, soon.text};
	if (qv__store_query(
	        srv->store,
	        "SELECT count(*) FROM tournaments WHERE (director IS NULL OR director = "
	        "$1 OR director_at < CAST($2 AS DOUBLE PRECISION)) AND status IN "
	        "('created', 'running') AND starts <= CAST($3 AS DOUBLE PRECISION)",
	        3, ask, qv__store_count_row, &due, &err) ||
	    due == 0)
		return;
	ids mine = {.cap = 256};
	mine.v = malloc(sizeof *mine.v * (size_t)mine.cap);
	const char *args[] = {me, soon.text};
	if (!mine.v ||
	    qv__store_run(srv->store,
	                  "UPDATE tournaments SET director = $1, director_at = CAST($2 AS DOUBLE "
	                  "PRECISION) WHERE (director IS NULL OR director = $1 OR director_at < "
	                  "CAST($3 AS DOUBLE PRECISION)) AND status IN ('created', 'running') AND "
	                  "starts <= CAST($4 AS DOUBLE PRECISION)",
	                  4, take, &err) ||
	    qv__store_query(srv->store,
	                    "SELECT id FROM tournaments WHERE director = $1 AND status IN "
	                    "('created', 'running') AND starts <= CAST($2 AS DOUBLE PRECISION) "
	                    "ORDER BY starts, id",
	                    2, args, id_row, &mine, &err)) {
		free(mine.v);
		return;
	}
	for (int i = 0; i < mine.n; i++)
		step(srv, mine.v[i]);
	free(mine.v);
}

/* ---- the thread ---- */

static void *director_main(void *arg)
{
	struct qv__director *d = arg;
	pthread_mutex_lock(&d->lock);
	while (!d->stop) {
		pthread_mutex_unlock(&d->lock);
		qv__director_tick(d->srv);
		pthread_mutex_lock(&d->lock);
		struct timespec until = qv_deadline(true, QV__DIRECTOR_TICK_MS / 1000.0);
		while (!d->stop && pthread_cond_timedwait(&d->wake, &d->lock, &until) == 0)
			;
	}
	pthread_mutex_unlock(&d->lock);
	return NULL;
}

qv_status qv__director_start(qv__server *srv, struct qv__director **out, qv_err *err)
{
	*out = NULL;
	struct qv__director *d = calloc(1, sizeof *d);
	if (!d)
		return qv_fail(err, QV_ENOMEM, "out of memory starting the tournaments' director");
	d->srv = srv;
	pthread_mutex_init(&d->lock, NULL);
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&d->wake, &ca);
	pthread_condattr_destroy(&ca);
	if (pthread_create(&d->thread, NULL, director_main, d)) {
		pthread_cond_destroy(&d->wake);
		pthread_mutex_destroy(&d->lock);
		free(d);
		return qv_fail(err, QV_ENOMEM, "cannot start the tournaments' director's thread");
	}
	*out = d;
	return QV_OK;
}

void qv__director_stop(struct qv__director *d)
{
	if (!d)
		return;
	pthread_mutex_lock(&d->lock);
	d->stop = true;
	pthread_cond_signal(&d->wake);
	pthread_mutex_unlock(&d->lock);
	pthread_join(d->thread, NULL);
	pthread_cond_destroy(&d->wake);
	pthread_mutex_destroy(&d->lock);
	free(d);
}
