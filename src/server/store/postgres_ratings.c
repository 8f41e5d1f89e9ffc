/*
 * postgres_ratings.c - players' ratings in the PostgreSQL store (ratings.h): a rated
 * game's ratings applied once, in the transaction that saves its end, by the same arithmetic
 * as SQLite's sqlite_ratings.c (qv__store_rate), which says who is rated and how; an account's
 * ratings forgotten; and the lists profiles and leaderboards show.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "core/clock.h"
#include "server/base/oplog.h"
#include "server/store/postgres_impl.h"
#include "server/store/ratings.h"

/* The rated accounts of table id into one[] (their whole-result ranks) and their count into
 * *n: each seat's account when it still exists; 0 when an account holds two seats. */
static qv_status seats_of(qv__pg_conn *c, const char *id, const qv__store_result *r,
                          qv__store_rated *one, int *n, qv_err *err)
{
	(void)id;
	int k = 0;
	bool twice = false;
	qv_status rc = QV_OK;
	for (int seat = 0; !rc && seat < r->nseats; seat++) {
		long long account = r->account[seat];
		if (account <= 0)
			continue;
		qv__pg_args a = {0};
		qv__pg_int(&a, account);
		PGresult *res = NULL;
		rc = qv__pg_run(c, PG_RT_SEATS, &a, &res, NULL, "rating", err);
		bool exists = !rc && PQntuples(res) == 1;
		PQclear(res);
		if (!exists)
			continue; /* deleted meanwhile: not rated */
		for (int j = 0; j < k; j++)
			twice |= one[j].account == account;
		one[k++] = (qv__store_rated){.account = account, .rank = r->rank[seat]};
	}
	*n = twice ? 0 : k;
	return rc;
}

/* Reads each rated account's rating of the kind (a new one when it has none). */
static qv_status ratings_of(qv__pg_conn *c, const qv__store_result *r, qv__store_rated *one, int n,
                            qv_err *err)
{
	for (int i = 0; i < n; i++) {
		one[i].g = qv__glicko2_new();
		one[i].w = qv__wl_new();
		qv__pg_args a = {0};
		qv__pg_int(&a, one[i].account);
		qv__pg_text(&a, r->game);
		qv__pg_int(&a, r->nseats);
		PGresult *res = NULL;
		qv_status rc = qv__pg_run(c, PG_RT_GET, &a, &res, NULL, "reading a rating", err);
		if (rc)
			return rc;
		if (PQntuples(res) > 0) {
			if (r->nseats == 2)
				one[i].g = (qv__glicko2){qv__pg_double(res, 0, 0),
				                         qv__pg_double(res, 0, 1),
				                         qv__pg_double(res, 0, 2)};
			else
				one[i].w =
				    (qv__wl){qv__pg_double(res, 0, 3), qv__pg_double(res, 0, 4)};
			one[i].games = (int)qv__pg_ll(res, 0, 5);
			one[i].updated = qv__pg_double(res, 0, 6);
		}
		PQclear(res);
	}
	return QV_OK;
}

/* Saves one account's new rating and its history's row. */
static qv_status save_one(qv__pg_conn *c, const char *id, const qv__store_result *r,
                          const qv__store_rated *o, double at, qv_err *err)
{
	bool glicko = r->nseats == 2;
	double rating = glicko ? o->g.rating : qv__wl_display(&o->w);
	qv__pg_args a = {0};
	qv__pg_int(&a, o->account);
	qv__pg_text(&a, r->game);
	qv__pg_int(&a, r->nseats);
	qv__pg_real(&a, rating);
	qv__pg_real(&a, glicko ? o->g.deviation : o->w.sigma * QV__WL_DISPLAY_SCALE);
	if (glicko) {
		qv__pg_real(&a, o->g.volatility);
		qv__pg_text(&a, NULL);
		qv__pg_text(&a, NULL);
	} else {
		qv__pg_text(&a, NULL);
		qv__pg_real(&a, o->w.mu);
		qv__pg_real(&a, o->w.sigma);
	}
	qv__pg_int(&a, o->games + 1);
	qv__pg_real(&a, at);
	qv_status rc = qv__pg_run(c, PG_RT_PUT, &a, NULL, NULL, "saving a rating", err);
	if (rc)
		return rc;
	qv__pg_args b = {0};
	qv__pg_int(&b, o->account);
	qv__pg_text(&b, r->game);
	qv__pg_int(&b, r->nseats);
	qv__pg_real(&b, at);
	qv__pg_real(&b, rating);
	qv__pg_text(&b, id);
	return qv__pg_run(c, PG_RT_HISTORY_ADD, &b, NULL, NULL, "saving a rating's history", err);
}

qv_status qv__pg_ratings_apply(qv__pg_conn *c, const char *id, const qv__store_result *r,
                               qv_err *err)
{
	double at = qv_wall();
	qv__pg_args a = {0};
	qv__pg_text(&a, id);
	qv__pg_real(&a, at);
	long long changed = 0;
	qv_status rc = qv__pg_run(c, PG_RT_DONE, &a, NULL, &changed, "marking a table rated", err);
	if (rc || changed != 1)
		return rc; /* rated already */
	qv__store_rated one[QV_MAX_PLAYERS];
	int n = 0;
	rc = seats_of(c, id, r, one, &n, err);
	if (rc || n < 2 || (r->nseats == 2 && n != 2))
		return rc;
	rc = ratings_of(c, r, one, n, err);
	qv_err why;
	if (!rc && !qv__store_rate(one, n, r->nseats == 2, at, &why)) {
		/* the game's end is saved unrated; the operator hears why (no client may) */
		qv__oplog(QV__WARN, "table %s: not rated: %s", id, why.msg);
		return QV_OK;
	}
	for (int i = 0; !rc && i < n; i++)
		rc = save_one(c, id, r, &one[i], at, err);
	return rc;
}

qv_status qv__pg_ratings_forget(qv__pg_conn *c, long long account, qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_int(&a, account);
	qv_status rc = qv__pg_run(c, PG_RT_FORGET, &a, NULL, NULL, "deleting ratings", err);
	if (!rc)
		rc = qv__pg_run(c, PG_RT_FORGET_HISTORY, &a, NULL, NULL,
		                "deleting ratings' history", err);
	return rc;
}

/* Row i of res as list `which` has it (-1: the leaderboard, -2: a table's ratings). */
static qv__store_rating_row row_of(const PGresult *res, int i, int which)
{
	if (which == -2)
		return (qv__store_rating_row){.username = qv__pg_str(res, i, 0),
		                              .rating = qv__pg_double(res, i, 1),
		                              .before = qv__pg_double(res, i, 2)};
	if (which < 0)
		return (qv__store_rating_row){.username = qv__pg_str(res, i, 0),
		                              .rating = qv__pg_double(res, i, 1),
		                              .deviation = qv__pg_double(res, i, 2),
		                              .games = (int)qv__pg_ll(res, i, 3)};
	if (which == QV__RATINGS_RECENT)
		return (qv__store_rating_row){.info = qv__pg_str(res, i, 0)};
	if (which == QV__RATINGS_HISTORY)
		return (qv__store_rating_row){.game = qv__pg_str(res, i, 0),
		                              .players = (int)qv__pg_ll(res, i, 1),
		                              .at = qv__pg_double(res, i, 2),
		                              .rating = qv__pg_double(res, i, 3)};
	return (qv__store_rating_row){.game = qv__pg_str(res, i, 0),
	                              .players = (int)qv__pg_ll(res, i, 1),
	                              .rating = qv__pg_double(res, i, 2),
	                              .deviation = qv__pg_double(res, i, 3),
	                              .games = (int)qv__pg_ll(res, i, 4),
	                              .at = qv__pg_double(res, i, 5)};
}

/* Runs statement `stmt` (with a) on a connection of the pool and gives each row to fn. */
static int each_row(qv__store *s, int stmt, const qv__pg_args *a, int which, qv__store_rating_fn fn,
                    void *ctx)
{
	PGresult *res = NULL;
	qv__pg_conn *c = qv__pg_take(s);
	qv_status rc = qv__pg_ready(c, NULL);
	if (!rc)
		rc = qv__pg_run(c, stmt, a, &res, NULL, "reading ratings", NULL);
	for (int i = 0; !rc && i < PQntuples(res); i++) {
		qv__store_rating_row row = row_of(res, i, which);
		fn(ctx, &row);
	}
	PQclear(res);
	qv__pg_give(c);
	return rc ? -1 : 0;
}

int qv__pg_ratings_list(qv__store *s, long long account, int which, qv__store_rating_fn fn,
                        void *ctx)
{
	qv__pg_args a = {0};
	qv__pg_int(&a, account);
	int stmt = which == QV__RATINGS_RECENT    ? PG_RT_RECENT
	           : which == QV__RATINGS_HISTORY ? PG_RT_HISTORY
	                                          : PG_RT_CURRENT;
	return each_row(s, stmt, &a, which, fn, ctx);
}

int qv__pg_table_ratings(qv__store *s, const char *id, qv__store_rating_fn fn, void *ctx)
{
	qv__pg_args a = {0};
	qv__pg_text(&a, id);
	return each_row(s, PG_RT_TABLE, &a, -2, fn, ctx);
}

int qv__pg_leaderboard(qv__store *s, const char *game, int players, double settled, double since,
                       int max, qv__store_rating_fn fn, void *ctx)
{
	qv__pg_args a = {0};
	qv__pg_text(&a, game);
	qv__pg_int(&a, players);
	qv__pg_real(&a, settled);
	qv__pg_real(&a, since);
	qv__pg_int(&a, max);
	return each_row(s, PG_RT_BOARD, &a, -1, fn, ctx);
}

/* The count statement stmt reads for accounts a and b with the real x (on c, taken): the
 * count, -1 when the database failed. */
static long long farm_count(qv__pg_conn *c, int stmt, long long a, long long b, double x)
{
	qv__pg_args args = {0};
	qv__pg_int(&args, a);
	qv__pg_int(&args, b);
	qv__pg_real(&args, x);
	PGresult *res = NULL;
	qv_status rc = qv__pg_run(c, stmt, &args, &res, NULL, "reading ratings", NULL);
	long long n = !rc && PQntuples(res) == 1 ? qv__pg_ll(res, 0, 0) : -1;
	PQclear(res);
	return n;
}

int qv__pg_farming(qv__store *s, long long a, long long b, double now)
{
	qv__pg_conn *c = qv__pg_take(s);
	long long same = -1, together = -1;
	if (!qv__pg_ready(c, NULL)) {
		same = farm_count(c, PG_RT_FARM_ADDR, a, b, QV__FARM_DAY);
		together = same == 0 ? farm_count(c, PG_RT_FARM_PAIR, a, b, now - QV__FARM_DAY) : 0;
	}
	qv__pg_give(c);
	if (same < 0 || together < 0)
		return -1;
	return same > 0 ? 1 : together >= QV__FARM_PAIR_GAMES ? 2 : 0;
}
