/*
 * standings.c - a player's profile and a game's leaderboard (standings.h).
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "games/json_util.h"
#include "server/base/rating.h"
#include "server/net/reply.h"
#include "server/players/session.h"
#include "server/players/standings.h"
#include "server/store/accounts.h"
#include "server/store/ratings.h"
#include "server/table/chat.h"

/* A rating as shown: a whole number of points. */
static json_int_t points(double x) { return (json_int_t)lround(x); }

/* Appends one row of the list being read to the array ctx (json_t **). */
static void add_current(void *ctx, const qv__store_rating_row *r)
{
	json_t **a = ctx;
	*a = qv__json_push(*a,
	                   json_pack("{s:s, s:i, s:I, s:I, s:b, s:i}", "game", r->game, "players",
	                             r->players, "rating", points(r->rating), "deviation",
	                             points(r->deviation), "provisional",
	                             r->deviation >= QV__GLICKO2_PROVISIONAL, "games", r->games));
}

static void add_history(void *ctx, const qv__store_rating_row *r)
{
	json_t **a = ctx;
	*a = qv__json_push(*a, json_pack("{s:s, s:i, s:I, s:I}", "game", r->game, "players",
	                                 r->players, "at", (json_int_t)llround(r->at * 1000),
	                                 "rating", points(r->rating)));
}

static void add_recent(void *ctx, const qv__store_rating_row *r)
{
	json_t **a = ctx, *info = NULL;
	json_error_t jerr;
	if (qv__json_parse(r->info, strlen(r->info), 0, &info, &jerr) == QV_OK)
		*a = qv__json_push(*a, info);
}

static void add_leader(void *ctx, const qv__store_rating_row *r)
{
	json_t **a = ctx;
	*a = qv__json_push(*a, json_pack("{s:s, s:I, s:I, s:i}", "username", r->username, "rating",
	                                 points(r->rating), "deviation", points(r->deviation),
	                                 "games", r->games));
}

/* The provisional ratings among the rows read (every rating, best first): those at or above the
 * deviation that settles one, at most QV__LEADERBOARD_MAX; *rows counts the rows read. */
typedef struct provisional {
	json_t *list;
	int rows, kept;
} provisional;

static void add_provisional(void *ctx, const qv__store_rating_row *r)
{
	provisional *p = ctx;
	p->rows++;
	if (r->deviation < QV__GLICKO2_PROVISIONAL || p->kept >= QV__LEADERBOARD_MAX)
		return;
	add_leader(&p->list, r);
	p->kept++;
}

/* A bound above every deviation (a new player's is 500): the store's list of every rating. */
#define EVERY_DEVIATION 1e12

/* The provisional ratings of game g's games of n players, of those who played one since
 * `since`, best first, at most QV__LEADERBOARD_MAX: the store's list of every rating (it
 * filters settled ones only), read again with room for more rows until it holds that many
 * provisional ones or all there are. Nonzero when the database failed. */
static int provisional_list(qv__server *srv, const qv_game *g, int n, double since, json_t **out)
{
	for (int room = 2 * QV__LEADERBOARD_MAX;; room *= 4) {
		provisional p = {.list = json_array()};
		if (qv__store_leaderboard(srv->store, g->name, n, EVERY_DEVIATION, since, room,
		                          add_provisional, &p)) {
			json_decref(p.list);
			return -1;
		}
		if (p.kept >= QV__LEADERBOARD_MAX || p.rows < room || room >= 1 << 20) {
			*out = p.list;
			return 0;
		}
		json_decref(p.list);
	}
}

/* The account named by the path's capture into out: 0, or the answer given (404, 503). */
static int account_of(qv__server *srv, qv__req *c, const qv__route_cap *cap, qv__store_account *out)
{
	char name[QV__NAME_BYTES], lower[QV__NAME_BYTES];
	qv_err why;
	int found = 0;
	if (cap->len < sizeof cap->text &&
	    qv__name_clean(cap->text, strlen(cap->text), name, sizeof name, &why) == QV_OK) {
		size_t i = 0;
		for (; name[i]; i++)
			lower[i] = (char)tolower((unsigned char)name[i]);
		lower[i] = '\0';
		found = qv__store_account_find(srv->store, lower, out);
	}
	if (found < 0) {
		qv__reply_error(c, 503, "the database failed reading the player");
		return 503;
	}
	if (found == 0) {
		char quoted[QV_QUOTE_MAX * 4 + 4];
		qv__reply_error(c, 404, "no player '%s' (a player is an account's username)",
		                qv_shorten(cap->text, QV_QUOTE_MAX, quoted, sizeof quoted));
		return 404;
	}
	return 0;
}

int qv__standings_player(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	qv__store_account a;
	int st = account_of(srv, c, &m->cap[0], &a);
	if (st)
		return st;
	json_t *ratings = json_array(), *history = json_array(), *recent = json_array();
	int failed =
	    qv__store_ratings_list(srv->store, a.id, QV__RATINGS_CURRENT, add_current, &ratings);
	failed |=
	    qv__store_ratings_list(srv->store, a.id, QV__RATINGS_HISTORY, add_history, &history);
	failed |= qv__store_ratings_list(srv->store, a.id, QV__RATINGS_RECENT, add_recent, &recent);
	json_t *body = json_pack("{s:s, s:o, s:o, s:o}", "username", a.username, "ratings", ratings,
	                         "history", history, "recent", recent);
	if (failed || !body) {
		json_decref(body);
		qv__reply_error(c, failed ? 503 : 500, "%s",
		                failed ? "the database failed reading the ratings"
		                       : "out of memory");
		return failed ? 503 : 500;
	}
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}

static void add_change(void *ctx, const qv__store_rating_row *r)
{
	json_t **a = ctx;
	json_int_t before = points(r->before < 0 ? qv__glicko2_new().rating : r->before),
	           after = points(r->rating);
	*a = qv__json_push(*a, json_pack("{s:s, s:I, s:I, s:I}", "username", r->username, "before",
	                                 before, "after", after, "change", after - before));
}

int qv__standings_table(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	const char *id = qv__route_cap_of(m, "table")->text;
	json_t *list = json_array();
	if (qv__store_table_ratings(srv->store, id, add_change, &list)) {
		json_decref(list);
		qv__reply_error(c, 503, "the database failed reading the table's ratings");
		return 503;
	}
	json_t *body = json_pack("{s:s, s:o}", "table", id, "ratings", list);
	if (!body) {
		qv__reply_error(c, 500, "out of memory");
		return 500;
	}
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}

/* ?players=N into *n: 0, or the answer given (400). */
static int players_of(qv__req *c, const qv_game *g, int *n)
{
	const char *v = qv__req_arg(c, "players");
	char *end = NULL;
	long got = v ? strtol(v, &end, 10) : 0;
	if (v && end != v && !*end && got >= g->min_players && got <= g->max_players && got >= 2) {
		*n = (int)got;
		return 0;
	}
	int least = g->min_players > 2 ? g->min_players : 2;
	qv__reply_error(c, 400, "players: expected ?players=N, N from %d to %d for %s", least,
	                g->max_players, g->title);
	return 400;
}

int qv__standings_leaderboard(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	const qv_game *g = m->cap[0].value;
	int n, st = players_of(c, g, &n);
	if (st)
		return st;
	double since = qv_wall() - QV__LEADERBOARD_DAYS * 86400.0;
	json_t *leaders = json_array(), *unsettled = NULL;
	if (qv__store_leaderboard(srv->store, g->name, n, QV__GLICKO2_PROVISIONAL, since,
	                          QV__LEADERBOARD_MAX, add_leader, &leaders) ||
	    provisional_list(srv, g, n, since, &unsettled)) {
		json_decref(leaders);
		qv__reply_error(c, 503, "the database failed reading the leaderboard");
		return 503;
	}
	json_t *body = json_pack("{s:s, s:i, s:o, s:o}", "game", g->name, "players", n, "leaders",
	                         leaders, "provisional", unsettled);
	if (!body) {
		qv__reply_error(c, 500, "out of memory");
		return 500;
	}
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}
