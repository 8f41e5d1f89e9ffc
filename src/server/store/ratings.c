/*
 * ratings.c - players' ratings in the store (ratings.h), written once over the backend's driver
 * (driver.h): a rated game's ratings worked out (rating.h) and saved in the transaction that
 * saves its end, once; an account's ratings forgotten; and the lists profiles and leaderboards
 * show. The tables are schema 7's: ratings, rating_history and rated.
 *
 * Only accounts are rated: the seats of a rated table taken by a signed-in person, each for
 * the account that took it (fixed then, never the one the browser is signed in to later). They are
 * rated among themselves, in the order the whole result placed them (a seat without an account is
 * left out, the others' places kept in their order); a table with fewer than two such accounts, or
 * with one account at two seats, rates nobody. A two-seat game is Glicko-2 (each RD widened first
 * for the days since that account's last rated game of the kind), a game of three or more seats
 * Weng-Lin, whatever the count of accounts among its seats. The kind is the game and its number of
 * seats. A game among new accounts only is counted but moves no rating (ratings.h's farming).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "server/base/oplog.h"
#include "server/base/rating.h"
#include "server/store/backend.h"
#include "server/store/driver.h"
#include "server/store/ratings.h"

/* One account's rating of the kind being rated, before and after the game. */
typedef struct rated {
	long long account;
	int rank; /* among the rated accounts, 1 the best */
	qv__glicko2 g;
	qv__wl w;
	int games;
	double updated; /* 0: never rated in the kind */
	bool kept;      /* its rating stays as it was (qv__store_result's kept) */
} rated;

/* A row's being there into ctx (a bool). */
static void exists(void *ctx, const qv__drv_row *row)
{
	(void)row;
	*(bool *)ctx = true;
}

/* The rated accounts of table id into one[] (their whole-result ranks) and their count into
 * *n: each seat's account when it still exists; 0 when an account holds two seats. */
static qv_status seats_of(qv__store_conn *c, const qv__store_result *r, rated *one, int *n,
                          qv_err *err)
{
	int k = 0;
	bool twice = false;
	qv_status rc = QV_OK;
	for (int seat = 0; !rc && seat < r->nseats; seat++) {
		long long account = r->account[seat];
		if (account <= 0)
			continue;
		qv__store_args a = {0};
		qv__store_arg_int(&a, account);
		bool there = false;
		rc = c->s->drv->exec(c, QS_RT_SEATS, &a, exists, &there, NULL, "rating", err);
		if (rc || !there)
			continue; /* deleted meanwhile: not rated */
		for (int j = 0; j < k; j++)
			twice |= one[j].account == account;
		one[k++] =
		    (rated){.account = account, .rank = r->rank[seat], .kept = r->kept[seat]};
	}
	*n = twice ? 0 : k;
	return rc;
}

/* What ratings_of reads a rating into: the account's, of a game of `seats` seats. */
typedef struct reading {
	rated *one;
	int seats;
} reading;

static void read_rating(void *ctx, const qv__drv_row *row)
{
	reading *g = ctx;
	if (g->seats == 2)
		g->one->g =
		    (qv__glicko2){qv__row_real(row, 0), qv__row_real(row, 1), qv__row_real(row, 2)};
	else
		g->one->w = (qv__wl){qv__row_real(row, 3), qv__row_real(row, 4)};
	g->one->games = (int)qv__row_int(row, 5);
	g->one->updated = qv__row_real(row, 6);
}

/* Reads each rated account's rating of the kind (a new one when it has none). */
static qv_status ratings_of(qv__store_conn *c, const qv__store_result *r, rated *one, int n,
                            qv_err *err)
{
	for (int i = 0; i < n; i++) {
		one[i].g = qv__glicko2_new();
		one[i].w = qv__wl_new();
		qv__store_args a = {0};
		qv__store_arg_int(&a, one[i].account);
		qv__store_arg_text(&a, r->game);
		qv__store_arg_int(&a, r->nseats);
		reading g = {.one = &one[i], .seats = r->nseats};
		qv_status rc = c->s->drv->exec(c, QS_RT_GET, &a, read_rating, &g, NULL,
		                               "reading a rating", err);
		if (rc)
			return rc;
	}
	return QV_OK;
}

/* The new ratings of the n accounts of one[] (each rated account's rank among them, and its
 * rating before), worked out in place for a game ended at `at`: Glicko-2 for two seats (each
 * RD widened first for the days since that account's last rated game of the kind), Weng-Lin
 * else. False when the arithmetic refuses them (nothing is then rated), with why. */
static bool rate(rated *one, int n, bool glicko, double at, qv_err *why)
{
	if (glicko) {
		for (int i = 0; i < 2; i++) {
			double days = one[i].updated > 0 && at > one[i].updated
			                  ? (at - one[i].updated) / 86400.0
			                  : 0;
			if (qv__glicko2_widen(&one[i].g, days * QV__GLICKO2_PERIODS_PER_DAY, why))
				return false;
		}
		double score = one[0].rank < one[1].rank ? 1 : one[0].rank == one[1].rank ? 0.5 : 0;
		return !qv__glicko2_game(&one[0].g, &one[1].g, score, QV__GLICKO2_TAU, why);
	}
	qv__wl w[QV_MAX_PLAYERS] = {{0}}; /* zeroed past n: gcc's -O2 cannot see n's bound */
	int rank[QV_MAX_PLAYERS] = {0};
	for (int i = 0; i < n; i++) {
		w[i] = one[i].w;
		rank[i] = 1; /* 1 + how many accounts placed better */
		for (int j = 0; j < n; j++)
			rank[i] += one[j].rank < one[i].rank;
	}
	if (qv__wl_update(w, rank, n, QV__WL_TAU, w, why))
		return false;
	for (int i = 0; i < n; i++)
		one[i].w = w[i];
	return true;
}

/* Saves one account's new rating (its rating as it was, when the game is counted only) with
 * its count of rated games of the kind one more, and its history's row. */
static qv_status save_one(qv__store_conn *c, const char *id, const qv__store_result *r,
                          const rated *o, double at, qv_err *err)
{
	bool glicko = r->nseats == 2;
	double rating = glicko ? o->g.rating : qv__wl_display(&o->w);
	qv__store_args a = {0};
	qv__store_arg_int(&a, o->account);
	qv__store_arg_text(&a, r->game);
	qv__store_arg_int(&a, r->nseats);
	qv__store_arg_real(&a, rating);
	qv__store_arg_real(&a, glicko ? o->g.deviation : o->w.sigma * QV__WL_DISPLAY_SCALE);
	if (glicko) {
		qv__store_arg_real(&a, o->g.volatility);
		qv__store_arg_text(&a, NULL);
		qv__store_arg_text(&a, NULL);
	} else {
		qv__store_arg_text(&a, NULL);
		qv__store_arg_real(&a, o->w.mu);
		qv__store_arg_real(&a, o->w.sigma);
	}
	qv__store_arg_int(&a, o->games + 1);
	qv__store_arg_real(&a, at);
	const qv__store_driver *d = c->s->drv;
	qv_status rc = d->exec(c, QS_RT_PUT, &a, NULL, NULL, NULL, "saving a rating", err);
	if (rc)
		return rc;
	qv__store_args b = {0};
	qv__store_arg_int(&b, o->account);
	qv__store_arg_text(&b, r->game);
	qv__store_arg_int(&b, r->nseats);
	qv__store_arg_real(&b, at);
	qv__store_arg_real(&b, rating);
	qv__store_arg_text(&b, id);
	return d->exec(c, QS_RT_HISTORY_ADD, &b, NULL, NULL, NULL, "saving a rating's history",
	               err);
}

qv_status qv__store_ratings_apply(qv__store_conn *c, const char *id, const qv__store_result *r,
                                  qv_err *err)
{
	double at = qv_wall();
	qv__store_args a = {0};
	qv__store_arg_text(&a, id);
	qv__store_arg_real(&a, at);
	long long changed = 0;
	qv_status rc =
	    c->s->drv->exec(c, QS_RT_DONE, &a, NULL, NULL, &changed, "marking a table rated", err);
	if (rc || changed != 1)
		return rc; /* rated already */
	rated one[QV_MAX_PLAYERS];
	int n = 0;
	rc = seats_of(c, r, one, &n, err);
	if (rc || n < 2 || (r->nseats == 2 && n != 2))
		return rc;
	rc = ratings_of(c, r, one, n, err);
	qv_err why;
	if (!rc && !r->counted_only && !rate(one, n, r->nseats == 2, at, &why)) {
		/* the game's end is saved unrated; the operator hears why (no client may) */
		qv__oplog(QV__WARN, "table %s: not rated: %s", id, why.msg);
		return QV_OK;
	}
	for (int i = 0; !rc && i < n; i++)
		if (!one[i].kept)
			rc = save_one(c, id, r, &one[i], at, err);
	return rc;
}

qv_status qv__store_ratings_forget(qv__store_conn *c, long long account, qv_err *err)
{
	qv__store_args a = {0};
	qv__store_arg_int(&a, account);
	const qv__store_driver *d = c->s->drv;
	qv_status rc = d->exec(c, QS_RT_FORGET, &a, NULL, NULL, NULL, "deleting ratings", err);
	if (!rc)
		rc = d->exec(c, QS_RT_FORGET_HISTORY, &a, NULL, NULL, NULL,
		             "deleting ratings' history", err);
	return rc;
}

/* What a list gives its rows to: fn, each row as list `which` has it (-1: the leaderboard,
 * -2: a table's ratings). */
typedef struct listing {
	int which;
	qv__store_rating_fn fn;
	void *ctx;
} listing;

static void list_row(void *ctx, const qv__drv_row *r)
{
	const listing *l = ctx;
	qv__store_rating_row row;
	if (l->which == -2)
		row = (qv__store_rating_row){.username = qv__row_text(r, 0),
		                             .rating = qv__row_real(r, 1),
		                             .before = qv__row_real(r, 2)};
	else if (l->which < 0)
		row = (qv__store_rating_row){.username = qv__row_text(r, 0),
		                             .rating = qv__row_real(r, 1),
		                             .deviation = qv__row_real(r, 2),
		                             .games = (int)qv__row_int(r, 3)};
	else if (l->which == QV__RATINGS_RECENT)
		row = (qv__store_rating_row){.info = qv__row_text(r, 0)};
	else if (l->which == QV__RATINGS_HISTORY)
		row = (qv__store_rating_row){.game = qv__row_text(r, 0),
		                             .players = (int)qv__row_int(r, 1),
		                             .at = qv__row_real(r, 2),
		                             .rating = qv__row_real(r, 3)};
	else
		row = (qv__store_rating_row){.game = qv__row_text(r, 0),
		                             .players = (int)qv__row_int(r, 1),
		                             .rating = qv__row_real(r, 2),
		                             .deviation = qv__row_real(r, 3),
		                             .games = (int)qv__row_int(r, 4),
		                             .at = qv__row_real(r, 5)};
	l->fn(l->ctx, &row);
}

/* Runs statement `stmt` (with a) outside a transaction and gives each row to fn: 0, or -1 when
 * the database failed. */
static int each_row(qv__store *s, int stmt, const qv__store_args *a, int which,
                    qv__store_rating_fn fn, void *ctx)
{
	listing l = {.which = which, .fn = fn, .ctx = ctx};
	return qv__store_one(s, stmt, a, list_row, &l, NULL, "reading ratings", NULL) ? -1 : 0;
}

int qv__store_ratings_list(qv__store *s, long long account, int which, qv__store_rating_fn fn,
                           void *ctx)
{
	qv__store_args a = {0};
	qv__store_arg_int(&a, account);
	int stmt = which == QV__RATINGS_RECENT    ? QS_RT_RECENT
	           : which == QV__RATINGS_HISTORY ? QS_RT_HISTORY
	                                          : QS_RT_CURRENT;
	return each_row(s, stmt, &a, which, fn, ctx);
}

int qv__store_table_ratings(qv__store *s, const char *id, qv__store_rating_fn fn, void *ctx)
{
	qv__store_args a = {0};
	qv__store_arg_text(&a, id);
	return each_row(s, QS_RT_TABLE, &a, -2, fn, ctx);
}

int qv__store_leaderboard(qv__store *s, const char *game, int players, double settled, double since,
                          int max, qv__store_rating_fn fn, void *ctx)
{
	qv__store_args a = {0};
	qv__store_arg_text(&a, game);
	qv__store_arg_int(&a, players);
	qv__store_arg_real(&a, settled);
	qv__store_arg_real(&a, since);
	qv__store_arg_int(&a, max);
	return each_row(s, QS_RT_BOARD, &a, -1, fn, ctx);
}

/* The count statement stmt reads for accounts a and b (and the real *x, when given) on c: the
 * count, -1 when the database failed. */
static long long farm_count(qv__store_conn *c, int stmt, long long a, long long b, const double *x)
{
	qv__store_args args = {0};
	qv__store_arg_int(&args, a);
	qv__store_arg_int(&args, b);
	if (x)
		qv__store_arg_real(&args, *x);
	long long n = -1;
	qv_status rc =
	    c->s->drv->exec(c, stmt, &args, qv__store_first_int, &n, NULL, "reading ratings", NULL);
	return rc ? -1 : n;
}

int qv__store_farming(qv__store *s, long long a, long long b, double now)
{
	const qv__store_driver *d = s->drv;
	qv__store_conn *c = d->take(s);
	long long same = -1, tied = -1, together = -1;
	double day = QV__FARM_DAY, since = now - QV__FARM_DAY;
	if (!d->ready(c, NULL)) {
		same = farm_count(c, QS_RT_FARM_ADDR, a, b, &day);
		tied = same == 0 ? farm_count(c, QS_RT_FARM_TIES, a, b, NULL) : 0;
		together =
		    same == 0 && tied == 0 ? farm_count(c, QS_RT_FARM_PAIR, a, b, &since) : 0;
	}
	d->give(c);
	if (same < 0 || tied < 0 || together < 0)
		return -1;
	return same > 0 ? 1 : tied > 0 ? 3 : together >= QV__FARM_PAIR_GAMES ? 2 : 0;
}

/* What QS_RT_NEW reads of an account: when it was made, and its rated games of the kind. */
static void read_new(void *ctx, const qv__drv_row *row)
{
	double *v = ctx;
	v[0] = qv__row_real(row, 0);
	v[1] = (double)qv__row_int(row, 1);
}

int qv__store_rating_new(qv__store *s, long long account, const char *game, int players, double now)
{
	const qv__store_driver *d = s->drv;
	qv__store_conn *c = d->take(s);
	qv__store_args a = {0};
	qv__store_arg_int(&a, account);
	qv__store_arg_text(&a, game);
	qv__store_arg_int(&a, players);
	double v[2] = {-1, 0};
	qv_status rc = d->ready(c, NULL);
	if (!rc)
		rc = d->exec(c, QS_RT_NEW, &a, read_new, v, NULL, "reading an account's age", NULL);
	d->give(c);
	if (rc || v[0] < 0)
		return rc ? -1 : 0; /* gone: the ratings pass it by (seats_of) */
	return now - v[0] < QV__FARM_DAY || v[1] < QV__FARM_SETTLED_GAMES;
}

/* ---- a puzzle attempt ---- */

/* An account's puzzle rating as stored (games 0: none yet). */
typedef struct puzzle_player {
	qv__glicko2 g;
	long long games;
	double updated;
	bool found;
} puzzle_player;

static void puzzle_player_row(void *ctx, const qv__drv_row *row)
{
	puzzle_player *p = ctx;
	*p = (puzzle_player){{qv__row_real(row, 0), qv__row_real(row, 1), qv__row_real(row, 2)},
	                     qv__row_int(row, 3),
	                     qv__row_real(row, 4),
	                     true};
}

/* The Glicko-2 rating a row reads (its first three columns), and that there was one. */
static void puzzle_row(void *ctx, const qv__drv_row *row)
{
	puzzle_player *p = ctx;
	p->g = (qv__glicko2){qv__row_real(row, 0), qv__row_real(row, 1), qv__row_real(row, 2)};
	p->found = true;
}

/* Runs `which` with a rating's parameters after key ($1): $2.. the rating, then n (an
 * integer) and, when at > 0, at. */
static qv_status put_rating(qv__store_conn *c, int which, long long account, const char *id,
                            const qv__glicko2 *g, long long n, double at, qv_err *err)
{
	qv__store_args a = {0};
	if (id)
		qv__store_arg_text(&a, id);
	else
		qv__store_arg_int(&a, account);
	qv__store_arg_real(&a, g->rating);
	qv__store_arg_real(&a, g->deviation);
	qv__store_arg_real(&a, g->volatility);
	qv__store_arg_int(&a, n);
	if (at > 0)
		qv__store_arg_real(&a, at);
	return c->s->drv->exec(c, which, &a, NULL, NULL, NULL, "saving a puzzle rating", err);
}

/* The rated game of a first attempt, inside the transaction: both ratings read (the account's
 * row locked first, then the puzzle's, always in that order), worked out and written. */
static qv_status puzzle_rate(qv__store_conn *c, long long account, const char *id, bool solved,
                             double at, qv__store_puzzle_game *out, qv_err *err)
{
	const qv__store_driver *d = c->s->drv;
	qv__store_args a = {0}, p = {0};
	qv__store_arg_int(&a, account);
	qv__store_arg_text(&p, id);
	puzzle_player me = {qv__glicko2_new(), 0, 0, false}, it = {.found = false};
	qv_status rc = d->exec(c, QS_PZ_PLAYER, &a, puzzle_player_row, &me, NULL,
	                       "reading a puzzle rating", err);
	if (!rc)
		rc = d->exec(c, QS_PZ_GET, &p, puzzle_row, &it, NULL, "reading a puzzle", err);
	if (!rc && !it.found)
		rc = qv_fail(err, QV_ESTATE, "puzzle '%s' is gone", id);
	if (rc)
		return rc;
	out->before = me.g;
	out->after = me.g;
	double days = me.games && at > me.updated ? (at - me.updated) / 86400 : 0;
	if (days > 0)
		rc = qv__glicko2_widen(&out->after, days * QV__GLICKO2_PERIODS_PER_DAY, err);
	out->puzzle = it.g;
	if (!rc)
		rc = qv__glicko2_game(&out->after, &out->puzzle, solved ? 1 : 0, QV__GLICKO2_TAU,
		                      err);
	if (!rc)
		rc = put_rating(c, QS_PZ_PLAYER_PUT, account, NULL, &out->after, me.games + 1, at,
		                err);
	if (!rc)
		rc = put_rating(c, QS_PZ_PUT, 0, id, &out->puzzle, solved, 0, err);
	return rc;
}

qv_status qv__store_puzzle_attempt(qv__store *s, long long account, const char *id, bool solved,
                                   qv__store_puzzle_game *out, qv_err *err)
{
	*out = (qv__store_puzzle_game){0};
	double at = qv_wall();
	const qv__store_driver *d = s->drv;
	qv__store_conn *c = d->take(s);
	qv__store_args a = {0};
	qv__store_arg_int(&a, account);
	qv_status rc = d->begin(c, err);
	if (!rc) /* one attempt of an account's at a time */
		rc = d->exec(c, QS_PZ_LOCK, &a, NULL, NULL, NULL, "reading the account", err);
	qv__store_arg_text(&a, id);
	qv__store_arg_real(&a, at);
	qv__store_arg_int(&a, solved);
	long long first = 0;
	if (!rc)
		rc = d->exec(c, QS_PZ_ATTEMPT, &a, NULL, NULL, &first, "saving a puzzle attempt",
		             err);
	out->first = !rc && first == 1;
	if (out->first)
		rc = puzzle_rate(c, account, id, solved, at, out, err);
	rc = d->finish(c, rc, err);
	d->give(c);
	if (rc)
		out->first = false;
	return rc;
}
