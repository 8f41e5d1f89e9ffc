/*
 * tournaments.c - tournaments made, joined, left and read, and their standings worked out from
 * their games (tournaments.h). Running them is director.c's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/fields.h"
#include "games/json_util.h"
#include "server/base/tourney.h"
#include "server/net/reply.h"
#include "server/players/community.h"
#include "server/players/player.h"
#include "server/players/tournaments.h"
#include "server/table/chat.h"
#include "server/table/rated.h"

/* ---- standings ---- */

/* A player's standing as its games count it. */
typedef struct standing {
	long long account, seq;
	char username[QV__NAME_BYTES];
	double rating, points, buchholz, sb;
	bool active, fire;
	int wins, draws, losses, games;
	char *results;    /* an arena's, in the order its games ended: W, D, L, X */
	long long *opp;   /* a Swiss's opponents, and what it made against each */
	double *opp_made; /* 1, 0.5 or 0 */
	int nopp;
} standing;

typedef struct board_sheet {
	standing *p;
	int n, cap, games; /* games: room for each player's results */
	bool swiss;
} board_sheet;

static standing *player_of(board_sheet *b, long long account)
{
	for (int i = 0; i < b->n; i++)
		if (b->p[i].account == account)
			return &b->p[i];
	return NULL;
}

static qv_status standing_row(void *ctx, int n, const char *const *v)
{
	board_sheet *b = ctx;
	if (n < 5 || !v[0] || b->n >= b->cap)
		return QV_OK;
	standing *s = &b->p[b->n];
	*s = (standing){.account = atoll(v[0]),
	                .rating = v[2] ? atof(v[2]) : 1500,
	                .seq = v[3] ? atoll(v[3]) : 0,
	                .active = v[4] && atoll(v[4])};
	qv_copy(s->username, sizeof s->username, v[1] ? v[1] : "");
	s->results = calloc((size_t)b->games + 1, 1);
	s->opp = calloc((size_t)b->games + 1, sizeof *s->opp);
	s->opp_made = calloc((size_t)b->games + 1, sizeof *s->opp_made);
	if (s->results && s->opp && s->opp_made)
		b->n++;
	else
		free(s->results), free(s->opp), free(s->opp_made);
	return QV_OK;
}

/* One side of a finished game: what the player made of it (1, 0.5, 0; -1 no result). */
static void side(board_sheet *b, standing *s, long long opp, double made)
{
	if (!s)
		return;
	s->games++;
	s->wins += made == 1;
	s->draws += made == 0.5;
	s->losses += made == 0 || made < 0;
	s->results[strlen(s->results)] = made == 1     ? 'W'
	                                 : made == 0.5 ? 'D'
	                                 : made == 0   ? 'L'
	                                               : 'X';
	if (b->swiss) {
		s->points += made > 0 ? made : 0;
		s->opp[s->nopp] = opp;
		s->opp_made[s->nopp++] = made > 0 ? made : 0;
	}
}

static qv_status game_row(void *ctx, int n, const char *const *v)
{
	board_sheet *b = ctx;
	if (n < 3 || !v[0] || !v[2])
		return QV_OK;
	long long first = atoll(v[0]), second = v[1] ? atoll(v[1]) : 0;
	const char *r = v[2];
	standing *a = player_of(b, first), *z = second ? player_of(b, second) : NULL;
	if (strcmp(r, "bye") == 0) {
		if (a)
			a->points += 1, a->games++;
		return QV_OK;
	}
	double made = strcmp(r, "1-0") == 0   ? 1
	              : strcmp(r, "0-1") == 0 ? 0
	              : strcmp(r, "0-0") == 0 ? -1
	                                      : 0.5;
	side(b, a, second, made);
	side(b, z, first, made < 0 ? -1 : 1 - made);
	return QV_OK;
}

/* Buchholz and Sonneborn-Berger, from every player's points. */
static void tiebreaks(board_sheet *b)
{
	for (int i = 0; i < b->n; i++) {
		standing *s = &b->p[i];
		for (int k = 0; k < s->nopp; k++) {
			standing *o = player_of(b, s->opp[k]);
			double pts = o ? o->points : 0;
			s->buchholz += pts;
			s->sb += s->opp_made[k] * pts;
		}
	}
}

static int swiss_order(const void *x, const void *y)
{
	const standing *a = x, *b = y;
	double keys[4][2] = {{a->points, b->points},
	                     {a->buchholz, b->buchholz},
	                     {a->sb, b->sb},
	                     {a->rating, b->rating}};
	for (int k = 0; k < 4; k++)
		if (fabs(keys[k][0] - keys[k][1]) > 1e-9)
			return keys[k][0] > keys[k][1] ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int arena_order(const void *x, const void *y)
{
	const standing *a = x, *b = y;
	if (fabs(a->points - b->points) > 1e-9)
		return a->points > b->points ? -1 : 1;
	if (a->games != b->games)
		return a->games - b->games;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* A standing as JSON, with its rank. */
static json_t *standing_json(const standing *s, int rank, bool swiss)
{
	json_t *j = json_pack("{s:i, s:s, s:f, s:i, s:i, s:i, s:i, s:b}", "rank", rank, "username",
	                      s->username, "score", s->points, "games", s->games, "wins", s->wins,
	                      "draws", s->draws, "losses", s->losses, "active", s->active);
	if (swiss) {
		json_object_set_new(j, "buchholz", json_real(s->buchholz));
		json_object_set_new(j, "sonneborn", json_real(s->sb));
	} else {
		json_object_set_new(j, "fire", json_boolean(s->fire));
		json_object_set_new(j, "results", json_string(s->results));
	}
	return j;
}

/* The sheet's players and finished games read, their points counted. */
static qv_status sheet_read(qv__store *st, const char *id, board_sheet *b, qv_err *err)
{
	const char *args[] = {id};
	long long players = 0, games = 0;
	qv_status rc =
	    qv__store_query(st, "SELECT count(*) FROM tournament_players WHERE tournament = $1", 1,
	                    args, qv__store_count_row, &players, err);
	if (!rc)
		rc = qv__store_query(st,
		                     "SELECT count(*) FROM tournament_games WHERE tournament = $1",
		                     1, args, qv__store_count_row, &games, err);
	b->cap = (int)players;
	b->games = (int)games;
	b->p = calloc((size_t)(players > 0 ? players : 1), sizeof *b->p);
	if (!rc && !b->p)
		rc = qv_fail(err, QV_ENOMEM, "out of memory reading a tournament");
	if (!rc)
		rc = qv__store_query(
		    st,
		    "SELECT account, username, rating, seq, active FROM "
		    "tournament_players WHERE tournament = $1 ORDER BY seq, account",
		    1, args, standing_row, b, err);
	if (!rc)
		rc = qv__store_query(
		    st,
		    "SELECT first, second, result FROM tournament_games WHERE "
		    "tournament = $1 AND result IS NOT NULL ORDER BY ended, round, board",
		    1, args, game_row, b, err);
	return rc;
}

static void sheet_free(board_sheet *b)
{
	for (int i = 0; i < b->n; i++)
		free(b->p[i].results), free(b->p[i].opp), free(b->p[i].opp_made);
	free(b->p);
}

qv_status qv__tournament_standings(qv__store *s, const char *id, const char *kind, json_t **out)
{
	board_sheet b = {.swiss = strcmp(kind, "swiss") == 0};
	qv_err err;
	qv_status rc = sheet_read(s, id, &b, &err);
	for (int i = 0; !rc && !b.swiss && i < b.n; i++)
		b.p[i].points = qv__arena_points(b.p[i].results, &b.p[i].fire);
	if (!rc && b.swiss)
		tiebreaks(&b);
	if (!rc)
		qsort(b.p, (size_t)b.n, sizeof *b.p, b.swiss ? swiss_order : arena_order);
	json_t *list = rc ? NULL : json_array();
	for (int i = 0; list && i < b.n; i++)
		json_array_append_new(list, standing_json(&b.p[i], i + 1, b.swiss));
	sheet_free(&b);
	*out = list;
	return rc ? rc : list ? QV_OK : QV_ENOMEM;
}

/* ---- a tournament as JSON ---- */

/* A tournament's row: its settings and state. */
typedef struct trow {
	char id[QV__ROUTE_CAP_MAX], kind[8], status[12], name[QV__TOURNEY_NAME * 4 + 1];
	char winner[QV__NAME_BYTES], why[200];
	long long creator, minutes, rounds, pause, round;
	double starts, created, finished;
	json_t *request;
	bool found;
} trow;

#define TROW_COLUMNS                                                                               \
	"SELECT id, kind, name, creator, request, starts, minutes, rounds, pause, status, round, " \
	"created, finished, winner, why FROM tournaments "

static qv_status trow_read(void *ctx, int n, const char *const *v)
{
	trow *t = ctx;
	json_error_t jerr;
	if (n < 15 || !v[0] || !v[4] || qv__json_parse(v[4], strlen(v[4]), 0, &t->request, &jerr))
		return QV_OK;
	qv_copy(t->id, sizeof t->id, v[0]);
	qv_copy(t->kind, sizeof t->kind, v[1] ? v[1] : "");
	qv_copy(t->name, sizeof t->name, v[2] ? v[2] : "");
	t->creator = v[3] ? atoll(v[3]) : 0;
	t->starts = v[5] ? atof(v[5]) : 0;
	t->minutes = v[6] ? atoll(v[6]) : 0;
	t->rounds = v[7] ? atoll(v[7]) : 0;
	t->pause = v[8] ? atoll(v[8]) : 0;
	qv_copy(t->status, sizeof t->status, v[9] ? v[9] : "");
	t->round = v[10] ? atoll(v[10]) : 0;
	t->created = v[11] ? atof(v[11]) : 0;
	t->finished = v[12] ? atof(v[12]) : 0;
	qv_copy(t->winner, sizeof t->winner, v[13] ? v[13] : "");
	qv_copy(t->why, sizeof t->why, v[14] ? v[14] : "");
	t->found = true;
	return QV_OK;
}

/* Tournament id into *t: 0, or the answer given (404, 503). */
static int load(qv__server *srv, qv__req *c, const char *id, trow *t)
{
	*t = (trow){0};
	const char *args[] = {id};
	qv_err err;
	if (qv__store_query(srv->store, TROW_COLUMNS "WHERE id = $1", 1, args, trow_read, t,
	                    &err)) {
		qv__reply_error(c, 503, "the database failed reading the tournament; try again");
		return 503;
	}
	if (t->found)
		return 0;
	char shown[QV_QUOTE_MAX * 4 + 4];
	qv__reply_error(c, 404, "no tournament '%s'",
	                qv_shorten(id, QV_QUOTE_MAX, shown, sizeof shown));
	return 404;
}

/* The row's own fields as JSON (what a list shows, and the head of the whole). */
static json_t *head_json(const trow *t, long long players)
{
	const char *game = json_string_value(json_object_get(t->request, "game"));
	const qv_game *g = game ? qv_game_find(game, NULL) : NULL;
	return json_pack("{s:s, s:s, s:s, s:s?, s:s?, s:O?, s:O?, s:b, s:I, s:I, s:I, s:I, s:s, "
	                 "s:I, s:I, s:o, s:o, s:o}",
	                 "id", t->id, "name", t->name, "kind", t->kind, "game", game, "title",
	                 g ? g->title : NULL, "params", json_object_get(t->request, "params"),
	                 "clock", json_object_get(t->request, "clock"), "rated",
	                 json_is_true(json_object_get(t->request, "rated")), "starts",
	                 (json_int_t)(t->starts * 1000), "minutes", (json_int_t)t->minutes,
	                 "rounds", (json_int_t)t->rounds, "pause", (json_int_t)t->pause, "status",
	                 t->status, "round", (json_int_t)t->round, "players", (json_int_t)players,
	                 "winner", t->winner[0] ? json_string(t->winner) : json_null(), "why",
	                 t->why[0] ? json_string(t->why) : json_null(), "finished",
	                 t->finished > 0 ? json_integer((json_int_t)(t->finished * 1000))
	                                 : json_null());
}

static qv_status tgame_row(void *ctx, int n, const char *const *v)
{
	json_t *list = ctx;
	if (n < 7 || !v[0] || !v[1])
		return QV_OK;
	json_array_append_new(
	    list,
	    json_pack("{s:I, s:I, s:s?, s:s?, s:s?, s:s?, s:o}", "round", (json_int_t)atoll(v[0]),
	              "board", (json_int_t)atoll(v[1]), "table", v[2], "first", v[3], "second",
	              v[4], "result", v[5], "ended",
	              n > 6 && v[6] ? json_integer((json_int_t)(atof(v[6]) * 1000)) : json_null()));
	return QV_OK;
}

static qv_status wave_row(void *ctx, int n, const char *const *v)
{
	json_t *list = ctx;
	json_error_t jerr;
	json_t *waiting = n >= 2 && v[1] ? json_loads(v[1], 0, &jerr) : NULL;
	if (waiting)
		json_array_append_new(list, json_pack("{s:I, s:o}", "wave", (json_int_t)atoll(v[0]),
		                                      "waiting", waiting));
	return QV_OK;
}

/* The games of tournament id (and with waves, an arena's waves) into t's JSON. */
static qv_status games_json(qv__store *st, const char *id, bool waves, json_t *out, qv_err *err)
{
	const char *args[] = {id};
	json_t *games = json_array(), *list = waves ? json_array() : NULL;
	qv_status rc = qv__store_query(
	    st,
	    "SELECT g.round, g.board, g.table_id, a.username, b.username, g.result, g.ended FROM "
	    "tournament_games g LEFT JOIN tournament_players a ON a.tournament = g.tournament AND "
	    "a.account = g.first LEFT JOIN tournament_players b ON b.tournament = g.tournament AND "
	    "b.account = g.second WHERE g.tournament = $1 ORDER BY g.round, g.board",
	    1, args, tgame_row, games, err);
	if (!rc && waves)
		rc = qv__store_query(
		    st,
		    "SELECT wave, waiting FROM tournament_waves WHERE tournament = $1 "
		    "ORDER BY wave",
		    1, args, wave_row, list, err);
	json_object_set_new(out, "games", games);
	if (list)
		json_object_set_new(out, "waves", list);
	return rc;
}

/* Where the signed-in account is in tournament id: {"joined", "active", "table", "seat"}. */
typedef struct mine {
	bool joined, active;
	char table[QV__ROUTE_CAP_MAX];
	int seat;
	long long account;
} mine;

static qv_status mine_player(void *ctx, int n, const char *const *v)
{
	mine *m = ctx;
	m->joined = n > 0;
	m->active = n > 0 && v[0] && atoll(v[0]);
	return QV_OK;
}

static qv_status mine_game(void *ctx, int n, const char *const *v)
{
	mine *m = ctx;
	if (n < 2 || !v[0] || !v[1])
		return QV_OK;
	qv_copy(m->table, sizeof m->table, v[0]);
	m->seat = atoll(v[1]) == m->account ? 0 : 1;
	return QV_OK;
}

static json_t *mine_json(qv__store *st, const char *id, long long account, qv_err *err)
{
	mine m = {.account = account, .seat = -1};
	qv__num a = qv__num_int(account);
	const char *args[] = {id, a.text};
	if (qv__store_query(
	        st,
	        "SELECT active FROM tournament_players WHERE tournament = $1 AND account "
	        "= CAST($2 AS BIGINT)",
	        2, args, mine_player, &m, err) ||
	    qv__store_query(
	        st,
	        "SELECT table_id, first FROM tournament_games WHERE tournament = $1 AND "
	        "result IS NULL AND table_id IS NOT NULL AND (first = CAST($2 AS BIGINT) "
	        "OR second = CAST($2 AS BIGINT)) ORDER BY round, board",
	        2, args, mine_game, &m, err))
		return NULL;
	return json_pack("{s:b, s:b, s:s?, s:s?}", "joined", m.joined, "active", m.active, "table",
	                 m.table[0] ? m.table : NULL, "seat",
	                 m.table[0] ? (m.seat ? "p2" : "p1") : NULL);
}

/* The whole tournament t as GET gives it, for `account` (0: signed out). */
static json_t *whole(qv__server *srv, const trow *t, long long account, bool waves)
{
	json_t *standings = NULL;
	qv_err err;
	if (qv__tournament_standings(srv->store, t->id, t->kind, &standings))
		return NULL;
	json_t *out = head_json(t, (long long)json_array_size(standings));
	json_object_set_new(out, "standings", standings);
	json_t *me = account ? mine_json(srv->store, t->id, account, &err) : json_null();
	if (!me || games_json(srv->store, t->id, waves, out, &err)) {
		json_decref(out);
		json_decref(me);
		return NULL;
	}
	json_object_set_new(out, "mine", me);
	return out;
}

/* Answers the whole tournament of the path with status, for the session s (NULL: none). */
static int answer(qv__server *srv, qv__req *c, const char *id, int status, const qv__session *s)
{
	trow t;
	int st = load(srv, c, id, &t);
	if (st)
		return st;
	const char *w = qv__req_arg(c, "waves");
	json_t *out = whole(srv, &t, s ? s->account.id : 0, w && strcmp(w, "1") == 0);
	json_decref(t.request);
	if (!out) {
		qv__reply_error(c, 503, "the database failed reading the tournament; try again");
		return 503;
	}
	qv__reply_json(c, status, out);
	json_decref(out);
	return status;
}

int qv__tournaments_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	qv__session s;
	int in = qv__session_get(srv, c, &s);
	int st = answer(srv, c, m->cap[0].text, 200, in == 1 ? &s : NULL);
	if (in == 1)
		qv__session_done(srv, c, &s);
	return st;
}

/* ---- the list ---- */

typedef struct listing {
	json_t *upcoming, *running, *finished;
} listing;

static qv_status list_row(void *ctx, int n, const char *const *v)
{
	listing *l = ctx;
	trow t = {0};
	trow_read(&t, n, v);
	if (!t.found)
		return QV_OK;
	json_t *j = head_json(&t, n > 15 && v[15] ? atoll(v[15]) : 0);
	json_decref(t.request);
	json_t *into = strcmp(t.status, "created") == 0   ? l->upcoming
	               : strcmp(t.status, "running") == 0 ? l->running
	                                                  : l->finished;
	if (json_array_size(into) < 100)
		json_array_append_new(into, j);
	else
		json_decref(j);
	return QV_OK;
}

/* A list's columns: the row's, then its number of players. */
#define LIST_COLUMNS                                                                               \
	"SELECT id, kind, name, creator, request, starts, minutes, rounds, pause, status, round, " \
	"created, finished, winner, why, (SELECT count(*) FROM tournament_players p WHERE "        \
	"p.tournament = t.id) FROM tournaments t "

int qv__tournaments_list(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	listing l = {json_array(), json_array(), json_array()};
	qv_err err;
	/* Two reads, each bounded, so that the finished ones piling up over the years cost a
	 * list nothing: those not over (by start) and the last 20 over. */
	qv_status rc =
	    qv__store_rows(srv->store,
	                   LIST_COLUMNS "WHERE t.status <> 'finished' ORDER BY t.starts, "
	                                "t.id LIMIT 200",
	                   list_row, &l, &err);
	if (!rc)
		rc = qv__store_rows(srv->store,
		                    LIST_COLUMNS
		                    "WHERE t.status = 'finished' ORDER BY t.finished DESC, "
		                    "t.id LIMIT 20",
		                    list_row, &l, &err);
	json_t *out = rc ? NULL
	                 : json_pack("{s:O, s:O, s:O}", "upcoming", l.upcoming, "running",
	                             l.running, "finished", l.finished);
	json_decref(l.upcoming), json_decref(l.running), json_decref(l.finished);
	if (!out) {
		qv__reply_error(c, 503, "the database failed listing the tournaments; try again");
		return 503;
	}
	qv__reply_json(c, 200, out);
	json_decref(out);
	return 200;
}

/* ---- making one ---- */

static const char *const create_fields[] = {"name",   "kind",  "game",      "params",
                                            "clock",  "rated", "starts_in", "minutes",
                                            "rounds", "pause", NULL};

/* Body field `key`, a whole number from lo to hi (def when absent, or -1: needed) into *out:
 * 0, or the 400 answered. */
static int whole_field(qv__req *c, const json_t *body, const char *key, long long lo, long long hi,
                       long long def, long long *out)
{
	const json_t *v = json_object_get(body, key);
	*out = def;
	if (!v && def >= 0)
		return 0;
	if (json_is_integer(v) && json_integer_value(v) >= lo && json_integer_value(v) <= hi) {
		*out = json_integer_value(v);
		return 0;
	}
	qv__reply_error(c, 400, "%s: expected a whole number from %lld to %lld", key, lo, hi);
	return 400;
}

/* The settings of a new tournament, checked: its name, kind, games' request and timing. */
typedef struct settings {
	char name[QV__TOURNEY_NAME * 4 + 1];
	const char *kind;
	json_t *request;
	long long starts_in, minutes, rounds, pause;
} settings;

/* The clock of the games, needed: 0, or the 400 answered. An arena's is a real-time one. */
static int clock_needed(qv__req *c, const json_t *body, bool arena)
{
	const char *k = json_string_value(json_object_get(json_object_get(body, "clock"), "kind"));
	if (k && strcmp(k, "none") != 0 && (!arena || strcmp(k, "days") != 0))
		return 0;
	qv__reply_error(c, 400,
	                arena ? "clock: an arena's games need a clock of minutes: {\"kind\": "
	                        "\"fischer\", ...} or {\"kind\": \"move\", ...}"
	                      : "clock: a tournament's games need a clock: \"move\", \"fischer\" "
	                        "or \"days\"");
	return 400;
}

static int settings_read(qv__req *c, json_t *body, settings *o)
{
	qv_err err;
	const json_t *name = json_object_get(body, "name");
	o->kind = json_string_value(json_object_get(body, "kind"));
	if (qv__json_check_keys(body, "a tournament", create_fields, &err)) {
		qv__reply_error(c, 400, "%s", err.msg);
		return 400;
	}
	if (!json_is_string(name) ||
	    qv__text_clean(json_string_value(name), json_string_length(name), QV__TOURNEY_NAME,
	                   "name", o->name, sizeof o->name, &err)) {
		qv__reply_error(c, 400, "%s",
		                json_is_string(name)
		                    ? err.msg
		                    : "name: expected the tournament's name, 1 to 60 characters");
		return 400;
	}
	if (!o->kind || (strcmp(o->kind, "arena") != 0 && strcmp(o->kind, "swiss") != 0)) {
		qv__reply_error(c, 400, "kind: expected \"arena\" or \"swiss\"");
		return 400;
	}
	bool arena = strcmp(o->kind, "arena") == 0;
	int st = clock_needed(c, body, arena);
	if (!st)
		st = whole_field(c, body, "starts_in", 0, QV__TOURNEY_AHEAD, 60, &o->starts_in);
	if (!st)
		st = whole_field(c, body, arena ? "minutes" : "rounds", 1,
		                 arena ? QV__TOURNEY_MINUTES_MAX : QV__TOURNEY_ROUNDS_MAX, -1,
		                 arena ? &o->minutes : &o->rounds);
	if (!st && !arena)
		st = whole_field(c, body, "pause", 0, QV__TOURNEY_PAUSE_MAX, QV__TOURNEY_PAUSE,
		                 &o->pause);
	json_object_set_new(body, "takebacks", json_false()); /* a tournament's games have none */
	if (!st)
		st = qv__community_table_request(c, body, &o->request);
	return st;
}

/* Keeps the new tournament: 0 with its id, or the 503 answered. */
static int insert(qv__server *srv, qv__req *c, const qv__session *s, const settings *o,
                  char id[QV__ID_LEN + 1])
{
	qv__table_id_new(id);
	char *request = json_dumps(o->request, JSON_COMPACT);
	double now = qv_wall();
	qv__num creator = qv__num_int(s->account.id),
	        starts = qv__num_real(now + (double)o->starts_in),
	        minutes = qv__num_int(o->minutes), rounds = qv__num_int(o->rounds),
	        pause = qv__num_int(o->pause), at = qv__num_real(now);
	qv__num most = qv__num_int(QV__TOURNEY_OPEN);
	const char *row[] = {id,         o->kind,     o->name,      creator.text,
	                     request,    starts.text, minutes.text, rounds.text,
	                     pause.text, at.text,     most.text};
	qv_err err;
	/* One statement within the bound, so that creations at once cannot pass it together. */
	qv_status rc = request
	                   ? qv__store_run(srv->store,
	                                   "INSERT INTO tournaments (id, kind, name, creator, "
	                                   "request, starts, minutes, rounds, pause, status, "
	                                   "round, created) SELECT $1, $2, $3, CAST($4 AS "
	                                   "BIGINT), $5, CAST($6 AS DOUBLE PRECISION), CAST($7 "
	                                   "AS BIGINT), CAST($8 AS BIGINT), CAST($9 AS BIGINT), "
	                                   "'created', 0, CAST($10 AS DOUBLE PRECISION) WHERE "
	                                   "(SELECT count(*) FROM tournaments WHERE creator = "
	                                   "CAST($4 AS BIGINT) AND status <> 'finished') < "
	                                   "CAST($11 AS BIGINT)",
	                                   11, row, &err)
	                   : qv_fail(&err, QV_ENOMEM, "out of memory");
	free(request);
	long long there = 0;
	const char *args[] = {id};
	if (!rc)
		rc = qv__store_query(srv->store, "SELECT count(*) FROM tournaments WHERE id = $1",
		                     1, args, qv__store_count_row, &there, &err);
	if (rc) {
		qv__reply_error(c, 503, "the tournament could not be kept (%s); try again",
		                err.msg);
		return 503;
	}
	if (!there) {
		qv__reply_error(c, 409,
		                "you have %d tournaments not over already, the most there may be: "
		                "cancel one or wait for one to end",
		                QV__TOURNEY_OPEN);
		return 409;
	}
	return 0;
}

int qv__tournaments_post(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__session s;
	int st = qv__community_changer(srv, c, &s);
	if (st)
		return st;
	json_t *body = NULL;
	settings o = {0};
	char id[QV__ID_LEN + 1];
	qv_err err;
	st = qv__reply_read_json(c, &body, NULL);
	if (!st)
		st = settings_read(c, body, &o);
	if (!st && qv__server_account_rate(srv, s.account.id, "tournaments", &err)) {
		qv__reply_error(c, 429, "%s", err.msg);
		st = 429;
	}
	if (!st)
		st = insert(srv, c, &s, &o, id);
	json_decref(body);
	json_decref(o.request);
	if (!st)
		st = answer(srv, c, id, 201, &s);
	qv__session_done(srv, c, &s);
	return st;
}

/* ---- joining and leaving ---- */

/* The path's tournament for a change by the session's account: 0 with *t, or the answer. */
static int for_change(qv__server *srv, qv__req *c, const qv__route_match *m, qv__session *s,
                      trow *t)
{
	int st = qv__community_changer(srv, c, s);
	if (st)
		return st;
	st = load(srv, c, m->cap[0].text, t);
	if (st)
		qv__session_done(srv, c, s);
	return st;
}

/* Why account may not join t now: the 409 answered, or 0. */
static int closed(qv__server *srv, qv__req *c, const trow *t)
{
	long long players = 0;
	const char *args[] = {t->id};
	qv_err err;
	qv__store_query(srv->store, "SELECT count(*) FROM tournament_players WHERE tournament = $1",
	                1, args, qv__store_count_row, &players, &err);
	const char *why = strcmp(t->status, "finished") == 0 ? "the tournament is over"
	                  : strcmp(t->kind, "swiss") == 0 && strcmp(t->status, "running") == 0
	                      ? "a Swiss tournament takes no players once it began"
	                  : players >= QV__TOURNEY_PLAYERS ? "the tournament is full"
	                                                   : NULL;
	if (why)
		qv__reply_error(c, 409, "you cannot join: %s", why);
	return why ? 409 : 0;
}

/* Keeps the account in t (again, for one that withdrew): 0, or the 503 answered. */
static int joined(qv__server *srv, qv__req *c, const trow *t, const qv__session *s)
{
	const char *game = json_string_value(json_object_get(t->request, "game"));
	double rating = 1500, dev;
	if (!game || !qv__rated_rating_of(srv->store, s->account.id, game, 2, &rating, &dev))
		rating = 1500;
	const char *player = qv__player_of(srv, c);
	qv__num a = qv__num_int(s->account.id), r = qv__num_real(rating),
	        at = qv__num_real(qv_wall());
	const char *row[] = {t->id,  a.text, s->account.username, player[0] ? player : NULL,
	                     r.text, at.text};
	qv_err err;
	if (qv__store_run(
	        srv->store,
	        "INSERT INTO tournament_players (tournament, account, username, player, "
	        "rating, joined, seq, active) SELECT $1, CAST($2 AS BIGINT), $3, $4, "
	        "CAST($5 AS DOUBLE PRECISION), CAST($6 AS DOUBLE PRECISION), (SELECT "
	        "COALESCE(max(seq), 0) + 1 FROM tournament_players WHERE tournament = $1), "
	        "1 ON CONFLICT (tournament, account) DO UPDATE SET active = 1, player = "
	        "COALESCE(excluded.player, tournament_players.player)",
	        6, row, &err)) {
		qv__reply_error(c, 503, "the database failed keeping you in (%s); try again",
		                err.msg);
		return 503;
	}
	return 0;
}

int qv__tournaments_join(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	qv__session s;
	trow t;
	int st = for_change(srv, c, m, &s, &t);
	if (st)
		return st;
	st = closed(srv, c, &t);
	if (!st)
		st = joined(srv, c, &t, &s);
	if (!st)
		st = answer(srv, c, t.id, 200, &s);
	json_decref(t.request);
	qv__session_done(srv, c, &s);
	return st;
}

int qv__tournaments_withdraw(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	qv__session s;
	trow t;
	int st = for_change(srv, c, m, &s, &t);
	if (st)
		return st;
	qv__num a = qv__num_int(s.account.id);
	const char *args[] = {t.id, a.text};
	long long there = 0;
	qv_err err;
	if (strcmp(t.status, "finished") == 0) {
		qv__reply_error(c, 409,
		                "the tournament is over: there is nothing to withdraw from");
		st = 409;
	} else if (qv__store_query(srv->store,
	                           "SELECT count(*) FROM tournament_players WHERE tournament = $1 "
	                           "AND account = CAST($2 AS BIGINT)",
	                           2, args, qv__store_count_row, &there, &err) ||
	           (there &&
	            qv__store_run(srv->store,
	                          "UPDATE tournament_players SET active = 0 WHERE tournament = $1 "
	                          "AND account = CAST($2 AS BIGINT)",
	                          2, args, &err))) {
		qv__reply_error(c, 503, "the database failed; try again");
		st = 503;
	} else if (!there) {
		qv__reply_error(c, 409, "you did not join this tournament");
		st = 409;
	} else {
		st = answer(srv, c, t.id, 200, &s);
	}
	json_decref(t.request);
	qv__session_done(srv, c, &s);
	return st;
}

/* A change only the maker may make (verb; past: its participle), before the start: the UPDATE
 * sql ($1 now, $2 the id; it must hold "status = 'created'"), answered with the tournament
 * (done 200) or nothing (204). */
static int by_maker(qv__server *srv, qv__req *c, const qv__route_match *m, const char *verb,
                    const char *past, const char *sql, int done)
{
	qv__session s;
	trow t;
	int st = for_change(srv, c, m, &s, &t);
	if (st)
		return st;
	qv__num at = qv__num_real(qv_wall());
	const char *args[] = {at.text, t.id};
	qv_err err;
	if (t.creator != s.account.id) {
		qv__reply_error(c, 403, "only the tournament's maker may %s it", verb);
		st = 403;
	} else if (strcmp(t.status, "created") != 0) {
		qv__reply_error(c, 409, "the tournament began already: it cannot be %s", past);
		st = 409;
	} else if (qv__store_run(srv->store, sql, 2, args, &err)) {
		qv__reply_error(c, 503, "the database failed; try again");
		st = 503;
	} else if (done == 204) {
		qv__req_status(c, 204);
		st = 204;
	} else {
		st = answer(srv, c, t.id, 200, &s);
	}
	json_decref(t.request);
	qv__session_done(srv, c, &s);
	return st;
}

int qv__tournaments_start(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	return by_maker(
	    srv, c, m, "start", "started",
	    "UPDATE tournaments SET starts = CAST($1 AS DOUBLE PRECISION) WHERE id = $2 "
	    "AND status = 'created'",
	    200);
}

int qv__tournaments_cancel(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	return by_maker(srv, c, m, "cancel", "cancelled",
	                "UPDATE tournaments SET status = 'finished', finished = CAST($1 AS DOUBLE "
	                "PRECISION), why = 'cancelled by its maker' WHERE id = $2 AND status = "
	                "'created'",
	                204);
}
