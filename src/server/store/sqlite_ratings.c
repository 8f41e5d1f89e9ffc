/*
 * sqlite_ratings.c - players' ratings in the store (ratings.h): the tables ratings,
 * rating_history and rated (schema 7), a rated game's ratings worked out (rating.h) and saved
 * in the transaction that saves its end, and the lists the API shows.
 *
 * Only accounts are rated: the seats of a rated table taken by a signed-in person, each for
 * the account that took it (fixed then, never the one the browser is signed in to later). They are
 * rated among themselves, in the order the whole result placed them (a seat without an account is
 * left out, the others' places kept in their order); a table with fewer than two such accounts, or
 * with one account at two seats, rates nobody. A two-seat game is Glicko-2 (each RD widened first
 * for the days since that account's last rated game of the kind), a game of three or more seats
 * Weng-Lin, whatever the count of accounts among its seats. The kind is the game and its number of
 * seats.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "server/base/oplog.h"
#include "server/base/rating.h"
#include "server/store/backend.h"
#include "server/store/ratings.h"

const char *const qv__store_ratings_schema =
    "CREATE TABLE IF NOT EXISTS ratings ("
    "  account INTEGER NOT NULL,"
    "  game TEXT NOT NULL,"
    "  players INTEGER NOT NULL,"
    "  rating REAL NOT NULL,"    /* on Glicko's scale (Weng-Lin: qv__wl_display) */
    "  deviation REAL NOT NULL," /* RD (Weng-Lin: σ times QV__WL_DISPLAY_SCALE) */
    "  volatility REAL,"         /* Glicko-2's; NULL for Weng-Lin */
    "  mu REAL,"                 /* Weng-Lin's; NULL for Glicko-2 */
    "  sigma REAL,"
    "  games INTEGER NOT NULL," /* rated games of the kind */
    "  updated REAL NOT NULL,"  /* its last rated game's end, epoch s */
    "  PRIMARY KEY (account, game, players)"
    ");"
    "CREATE INDEX IF NOT EXISTS ratings_board ON ratings(game, players, rating);"
    "CREATE TABLE IF NOT EXISTS rating_history ("
    "  account INTEGER NOT NULL,"
    "  game TEXT NOT NULL,"
    "  players INTEGER NOT NULL,"
    "  at REAL NOT NULL,"
    "  rating REAL NOT NULL," /* after the game */
    "  table_id TEXT NOT NULL"
    ");"
    "CREATE INDEX IF NOT EXISTS rating_history_account ON rating_history(account, at);"
    /* schema 11: a table's ratings (qv__store_table_ratings), and the farming rule's pairs */
    "CREATE INDEX IF NOT EXISTS rating_history_table ON rating_history(table_id);"
    /* The tables whose ratings were applied (or that rated nobody): each is applied once. */
    "CREATE TABLE IF NOT EXISTS rated ("
    "  table_id TEXT PRIMARY KEY,"
    "  at REAL NOT NULL"
    ");";

enum {
	RT_DONE,
	RT_SEATS,
	RT_GET,
	RT_PUT,
	RT_HISTORY_ADD,
	RT_CURRENT,
	RT_HISTORY,
	RT_RECENT,
	RT_BOARD,
	RT_FORGET,
	RT_FORGET_HISTORY,
	RT_FARM_ADDR,
	RT_FARM_PAIR,
	RT_TABLE,
	RT_COUNT
};

static const char *const sql[RT_COUNT] = {
    [RT_DONE] = "INSERT OR IGNORE INTO rated (table_id, at) VALUES (?, ?)",
    [RT_SEATS] = "SELECT 1 FROM accounts WHERE id = ?",
    [RT_GET] = "SELECT rating, deviation, volatility, mu, sigma, games, updated FROM ratings "
               "WHERE account = ? AND game = ? AND players = ?",
    [RT_PUT] = "INSERT INTO ratings (account, game, players, rating, deviation, volatility, "
               "mu, sigma, games, updated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) "
               "ON CONFLICT (account, game, players) DO UPDATE SET rating = ?4, deviation = "
               "?5, volatility = ?6, mu = ?7, sigma = ?8, games = ?9, updated = ?10",
    [RT_HISTORY_ADD] = "INSERT INTO rating_history (account, game, players, at, rating, "
                       "table_id) VALUES (?, ?, ?, ?, ?, ?)",
    [RT_CURRENT] = "SELECT game, players, rating, deviation, games, updated FROM ratings "
                   "WHERE account = ? ORDER BY game, players",
    [RT_HISTORY] = "SELECT game, players, at, rating FROM rating_history WHERE account = ? "
                   "ORDER BY at, rowid",
    /* a public profile lists no private table (its id is the key to its record) but a rated
     * one: ratings are public, as lichess's rated games are */
    [RT_RECENT] = "SELECT info FROM tables WHERE status = 'over' AND info IS NOT NULL AND id "
                  "IN (SELECT s.table_id FROM seats s JOIN players p ON p.hash = s.player "
                  "WHERE p.account = ?) AND (private = 0 OR id IN (SELECT table_id FROM "
                  "rated)) ORDER BY finished DESC LIMIT 20",
    [RT_BOARD] = "SELECT a.username, r.rating, r.deviation, r.games FROM ratings r JOIN "
                 "accounts a ON a.id = r.account WHERE r.game = ? AND r.players = ? AND "
                 "r.deviation < ? AND r.updated >= ? ORDER BY r.rating DESC, a.lower LIMIT ?",
    [RT_FORGET] = "DELETE FROM ratings WHERE account = ?",
    [RT_FORGET_HISTORY] = "DELETE FROM rating_history WHERE account = ?",
    [RT_FARM_ADDR] = "SELECT count(*) FROM accounts a JOIN accounts b ON a.addr = b.addr WHERE "
                     "a.id = ?1 AND b.id = ?2 AND abs(a.created - b.created) < ?3",
    [RT_FARM_PAIR] = "SELECT count(*) FROM rating_history x JOIN rating_history y ON "
                     "y.table_id = x.table_id AND y.account = ?2 WHERE x.account = ?1 AND "
                     "x.at >= ?3",
    [RT_TABLE] =
        "SELECT a.username, h.rating, COALESCE((SELECT p.rating FROM rating_history p WHERE "
        "p.account = h.account AND p.game = h.game AND p.players = h.players AND "
        "p.at < h.at ORDER BY p.at DESC LIMIT 1), -1) FROM rating_history h JOIN "
        "accounts a ON a.id = h.account WHERE h.table_id = ? ORDER BY a.lower",
};

qv_status qv__store_ratings_prepare(qv__store *s, qv_err *err)
{
	s->rate = calloc(RT_COUNT, sizeof *s->rate);
	if (!s->rate)
		return qv_fail(err, QV_ENOMEM, "out of memory opening the database");
	for (int i = 0; i < RT_COUNT; i++)
		if (sqlite3_prepare_v3(s->db, sql[i], -1, SQLITE_PREPARE_PERSISTENT, &s->rate[i],
		                       NULL) != SQLITE_OK)
			return qv__store_fail(s, err, "preparing a statement of ratings");
	return QV_OK;
}

void qv__store_ratings_close(qv__store *s)
{
	if (!s->rate)
		return;
	for (int i = 0; i < RT_COUNT; i++)
		sqlite3_finalize(s->rate[i]);
	free(s->rate);
	s->rate = NULL;
}

/* The rated accounts of table id into one[] (their whole-result ranks) and their count into
 * *n: each seat's account when it still exists; 0 when an account holds two seats. */
static qv_status seats_of(qv__store *s, const char *id, const qv__store_result *r,
                          qv__store_rated *one, int *n, qv_err *err)
{
	(void)id;
	sqlite3_stmt *st = s->rate[RT_SEATS];
	int k = 0;
	bool twice = false;
	qv_status out = QV_OK;
	for (int seat = 0; !out && seat < r->nseats; seat++) {
		long long account = r->account[seat];
		if (account <= 0)
			continue;
		sqlite3_bind_int64(st, 1, account);
		int rc = sqlite3_step(st);
		if (rc != SQLITE_ROW && rc != SQLITE_DONE)
			out = qv__store_fail(s, err, "rating");
		sqlite3_reset(st);
		if (rc != SQLITE_ROW)
			continue; /* deleted meanwhile: not rated */
		for (int i = 0; i < k; i++)
			twice |= one[i].account == account;
		one[k++] = (qv__store_rated){.account = account, .rank = r->rank[seat]};
	}
	sqlite3_clear_bindings(st);
	*n = twice ? 0 : k;
	return out;
}

/* Reads each rated account's rating of the kind (a new one when it has none). */
static qv_status ratings_of(qv__store *s, const qv__store_result *r, qv__store_rated *one, int n,
                            qv_err *err)
{
	sqlite3_stmt *st = s->rate[RT_GET];
	for (int i = 0; i < n; i++) {
		one[i].g = qv__glicko2_new();
		one[i].w = qv__wl_new();
		sqlite3_bind_int64(st, 1, one[i].account);
		sqlite3_bind_text(st, 2, r->game, -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 3, r->nseats);
		int rc = sqlite3_step(st);
		if (rc == SQLITE_ROW) {
			if (r->nseats == 2)
				one[i].g = (qv__glicko2){sqlite3_column_double(st, 0),
				                         sqlite3_column_double(st, 1),
				                         sqlite3_column_double(st, 2)};
			else
				one[i].w = (qv__wl){sqlite3_column_double(st, 3),
				                    sqlite3_column_double(st, 4)};
			one[i].games = sqlite3_column_int(st, 5);
			one[i].updated = sqlite3_column_double(st, 6);
		}
		sqlite3_reset(st);
		sqlite3_clear_bindings(st);
		if (rc != SQLITE_ROW && rc != SQLITE_DONE)
			return qv__store_fail(s, err, "reading a rating");
	}
	return QV_OK;
}

bool qv__store_rate(qv__store_rated *one, int n, bool glicko, double at, qv_err *why)
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

/* Saves one account's new rating and its history's row. */
static qv_status save_one(qv__store *s, const char *id, const qv__store_result *r,
                          const qv__store_rated *o, double at, qv_err *err)
{
	bool glicko = r->nseats == 2;
	double rating = glicko ? o->g.rating : qv__wl_display(&o->w);
	sqlite3_stmt *st = s->rate[RT_PUT];
	sqlite3_bind_int64(st, 1, o->account);
	sqlite3_bind_text(st, 2, r->game, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 3, r->nseats);
	sqlite3_bind_double(st, 4, rating);
	sqlite3_bind_double(st, 5, glicko ? o->g.deviation : o->w.sigma * QV__WL_DISPLAY_SCALE);
	if (glicko) {
		sqlite3_bind_double(st, 6, o->g.volatility);
	} else {
		sqlite3_bind_double(st, 7, o->w.mu);
		sqlite3_bind_double(st, 8, o->w.sigma);
	}
	sqlite3_bind_int(st, 9, o->games + 1);
	sqlite3_bind_double(st, 10, at);
	qv_status rc = qv__store_step(s, st, err, "saving a rating");
	if (rc)
		return rc;
	st = s->rate[RT_HISTORY_ADD];
	sqlite3_bind_int64(st, 1, o->account);
	sqlite3_bind_text(st, 2, r->game, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 3, r->nseats);
	sqlite3_bind_double(st, 4, at);
	sqlite3_bind_double(st, 5, rating);
	sqlite3_bind_text(st, 6, id, -1, SQLITE_STATIC);
	return qv__store_step(s, st, err, "saving a rating's history");
}

qv_status qv__store_ratings_apply(qv__store *s, const char *id, const qv__store_result *r,
                                  qv_err *err)
{
	double at = qv_wall();
	sqlite3_stmt *st = s->rate[RT_DONE];
	sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
	sqlite3_bind_double(st, 2, at);
	qv_status rc = qv__store_step(s, st, err, "marking a table rated");
	if (rc || sqlite3_changes(s->db) != 1)
		return rc; /* rated already */
	qv__store_rated one[QV_MAX_PLAYERS];
	int n = 0;
	rc = seats_of(s, id, r, one, &n, err);
	if (rc || n < 2 || (r->nseats == 2 && n != 2))
		return rc;
	rc = ratings_of(s, r, one, n, err);
	qv_err why;
	if (!rc && !qv__store_rate(one, n, r->nseats == 2, at, &why)) {
		/* the game's end is saved unrated; the operator hears why (no client may) */
		qv__oplog(QV__WARN, "table %s: not rated: %s", id, why.msg);
		return QV_OK;
	}
	if (rc)
		return rc;
	for (int i = 0; !rc && i < n; i++)
		rc = save_one(s, id, r, &one[i], at, err);
	return rc;
}

qv_status qv__store_ratings_forget(qv__store *s, long long account, qv_err *err)
{
	sqlite3_bind_int64(s->rate[RT_FORGET], 1, account);
	qv_status rc = qv__store_step(s, s->rate[RT_FORGET], err, "deleting ratings");
	if (!rc) {
		sqlite3_bind_int64(s->rate[RT_FORGET_HISTORY], 1, account);
		rc =
		    qv__store_step(s, s->rate[RT_FORGET_HISTORY], err, "deleting ratings' history");
	}
	return rc;
}

/* A row of statement st as list `which` has it. */
static qv__store_rating_row row_of(sqlite3_stmt *st, int which)
{
	if (which == QV__RATINGS_RECENT)
		return (qv__store_rating_row){.info = qv__store_text(st, 0)};
	if (which == QV__RATINGS_HISTORY)
		return (qv__store_rating_row){.game = qv__store_text(st, 0),
		                              .players = sqlite3_column_int(st, 1),
		                              .at = sqlite3_column_double(st, 2),
		                              .rating = sqlite3_column_double(st, 3)};
	return (qv__store_rating_row){.game = qv__store_text(st, 0),
	                              .players = sqlite3_column_int(st, 1),
	                              .rating = sqlite3_column_double(st, 2),
	                              .deviation = sqlite3_column_double(st, 3),
	                              .games = sqlite3_column_int(st, 4),
	                              .at = sqlite3_column_double(st, 5)};
}

/* Steps st (bound) to its end, each row to fn, under the store's lock (held by the caller). */
static int each_row(sqlite3_stmt *st, int which, qv__store_rating_fn fn, void *ctx)
{
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		qv__store_rating_row row = row_of(st, which);
		if (which < 0)
			row = (qv__store_rating_row){.username = qv__store_text(st, 0),
			                             .rating = sqlite3_column_double(st, 1),
			                             .deviation = sqlite3_column_double(st, 2),
			                             .games = sqlite3_column_int(st, 3)};
		fn(ctx, &row);
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

int qv__sqlite_ratings_list(qv__store *s, long long account, int which, qv__store_rating_fn fn,
                            void *ctx)
{
	pthread_mutex_lock(&s->lock);
	sqlite3_stmt *st = s->rate[which == QV__RATINGS_RECENT    ? RT_RECENT
	                           : which == QV__RATINGS_HISTORY ? RT_HISTORY
	                                                          : RT_CURRENT];
	sqlite3_bind_int64(st, 1, account);
	int rc = each_row(st, which, fn, ctx);
	pthread_mutex_unlock(&s->lock);
	return rc;
}

int qv__sqlite_table_ratings(qv__store *s, const char *id, qv__store_rating_fn fn, void *ctx)
{
	pthread_mutex_lock(&s->lock);
	sqlite3_stmt *st = s->rate[RT_TABLE];
	sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		qv__store_rating_row row = {.username = qv__store_text(st, 0),
		                            .rating = sqlite3_column_double(st, 1),
		                            .before = sqlite3_column_double(st, 2)};
		fn(ctx, &row);
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	pthread_mutex_unlock(&s->lock);
	return rc == SQLITE_DONE ? 0 : -1;
}

int qv__sqlite_leaderboard(qv__store *s, const char *game, int players, double settled,
                           double since, int max, qv__store_rating_fn fn, void *ctx)
{
	pthread_mutex_lock(&s->lock);
	sqlite3_stmt *st = s->rate[RT_BOARD];
	sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, players);
	sqlite3_bind_double(st, 3, settled);
	sqlite3_bind_double(st, 4, since);
	sqlite3_bind_int(st, 5, max);
	int rc = each_row(st, -1, fn, ctx);
	pthread_mutex_unlock(&s->lock);
	return rc;
}

/* The count statement st reads for accounts a and b with the real x: the count, -1 when the
 * database failed. */
static long long farm_count(sqlite3_stmt *st, long long a, long long b, double x)
{
	sqlite3_bind_int64(st, 1, a);
	sqlite3_bind_int64(st, 2, b);
	sqlite3_bind_double(st, 3, x);
	long long n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return n;
}

int qv__sqlite_farming(qv__store *s, long long a, long long b, double now)
{
	pthread_mutex_lock(&s->lock);
	long long same = farm_count(s->rate[RT_FARM_ADDR], a, b, QV__FARM_DAY);
	long long together =
	    same == 0 ? farm_count(s->rate[RT_FARM_PAIR], a, b, now - QV__FARM_DAY) : 0;
	pthread_mutex_unlock(&s->lock);
	if (same < 0 || together < 0)
		return -1;
	return same > 0 ? 1 : together >= QV__FARM_PAIR_GAMES ? 2 : 0;
}
