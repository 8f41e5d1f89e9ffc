/*
 * statements.c - the statements of the operations written once (driver.h), in one text for
 * both backends: parameters $1.., and a placeholder where the dialects differ, which
 * qv__store_sql_render fills from the driver's dialect (a table's write fenced by its epoch:
 * {epoch}, nothing in SQLite's; the time now: {now}); a statement run on its own; a table's
 * actions saved inside a transaction (a new table's, and a change of the game's).
 */
#define _GNU_SOURCE /* pthread_mutex_clocklock */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "server/store/backend.h"
#include "server/store/driver.h"
#include "server/store/store.h"

const char *const qv__store_sql[QS_COUNT] = {
    [QS_AC_INSERT] = "INSERT INTO accounts (username, lower, hash, created, password_at, "
                     "addr) VALUES ($1, $2, $3, $4, $4, $5) RETURNING id",
    [QS_AC_FIND] = "SELECT id, username, hash FROM accounts WHERE lower = $1",
    [QS_AC_LIKE] = "SELECT id, username, hash FROM accounts WHERE skeleton = $1 LIMIT 1",
    [QS_AC_SET_SKELETON] = "UPDATE accounts SET skeleton = $1 WHERE id = $2",
    [QS_AC_CODE] = "INSERT INTO recovery (account, code_hash) VALUES ($1, $2)",
    [QS_AC_SESSION] = "INSERT INTO sessions (hash, account, created, seen, addr) VALUES ($1, "
                      "$2, $3, $3, $4)",
    [QS_AC_LINK] = "INSERT INTO players (hash, created, seen, account) VALUES ($1, $2, $2, $3) "
                   "ON CONFLICT (hash) DO UPDATE SET seen = $2, account = $3",
    [QS_AC_TIE] = "INSERT INTO ties (account, mark, at) VALUES ($1, $2, $3) ON CONFLICT "
                  "(account, mark) DO UPDATE SET at = $3",
    [QS_AC_SESSION_FIND] = "SELECT a.id, a.username, a.hash, s.seen FROM sessions s JOIN "
                           "accounts a ON a.id = s.account WHERE s.hash = $1 AND s.seen >= $2",
    [QS_AC_SESSION_SEEN] = "UPDATE sessions SET seen = $1 WHERE hash = $2",
    [QS_AC_SESSION_END] = "DELETE FROM sessions WHERE hash = $1",
    [QS_AC_SESSIONS_END] = "DELETE FROM sessions WHERE account = $1",
    [QS_AC_SESSIONS_EXPIRED] = "DELETE FROM sessions WHERE seen < $1",
    [QS_AC_USE_CODE] = "UPDATE recovery SET used = $1 WHERE account = $2 AND code_hash = $3 AND "
                       "used IS NULL",
    [QS_AC_PASSWORD] = "UPDATE accounts SET hash = $1, password_at = COALESCE($2, password_at) "
                       "WHERE id = $3",
    [QS_AC_DELETE] = "DELETE FROM accounts WHERE id = $1",
    [QS_AC_CODES_DELETE] = "DELETE FROM recovery WHERE account = $1",
    [QS_AC_UNLINK] = "UPDATE players SET account = NULL WHERE account = $1",
    [QS_AC_UNTIE] = "DELETE FROM ties WHERE account = $1",
    [QS_AC_PLAYER_ACCOUNT] = "SELECT account FROM players WHERE hash = $1 AND account IS NOT "
                             "NULL",

    [QS_RT_DONE] = "INSERT INTO rated (table_id, at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    [QS_RT_SEATS] = "SELECT 1 FROM accounts WHERE id = $1",
    [QS_RT_FARM_ADDR] = "SELECT count(*) FROM accounts a JOIN accounts b ON a.addr = b.addr "
                        "WHERE a.id = $1 AND b.id = $2 AND abs(a.created - b.created) < $3",
    [QS_RT_FARM_PAIR] = "SELECT count(*) FROM rating_history x JOIN rating_history y ON "
                        "y.table_id = x.table_id AND y.account = $2 WHERE x.account = $1 AND "
                        "x.at >= $3",
    [QS_RT_FARM_TIES] = "SELECT count(*) FROM ties x JOIN ties y ON y.mark = x.mark AND "
                        "y.account = $2 WHERE x.account = $1",
    [QS_RT_NEW] = "SELECT a.created, coalesce((SELECT r.games FROM ratings r WHERE r.account = "
                  "a.id AND r.game = $2 AND r.players = $3), 0) FROM accounts a WHERE a.id = $1",
    [QS_RT_GET] = "SELECT rating, deviation, volatility, mu, sigma, games, updated FROM ratings "
                  "WHERE account = $1 AND game = $2 AND players = $3",
    [QS_RT_PUT] = "INSERT INTO ratings (account, game, players, rating, deviation, volatility, "
                  "mu, sigma, games, updated) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) "
                  "ON CONFLICT (account, game, players) DO UPDATE SET rating = $4, deviation = "
                  "$5, volatility = $6, mu = $7, sigma = $8, games = $9, updated = $10",
    [QS_RT_HISTORY_ADD] = "INSERT INTO rating_history (account, game, players, at, rating, "
                          "table_id) VALUES ($1, $2, $3, $4, $5, $6)",
    [QS_RT_CURRENT] = "SELECT game, players, rating, deviation, games, updated FROM ratings "
                      "WHERE account = $1 ORDER BY game {binary}, players",
    [QS_RT_HISTORY] = "SELECT game, players, at, rating FROM rating_history WHERE account = $1 "
                      "ORDER BY at, {rowid}",
    /* a public profile lists no private table (its id is the key to its record) but a rated
     * one: ratings are public, as lichess's rated games are */
    [QS_RT_RECENT] = "SELECT info FROM tables WHERE status = 'over' AND info IS NOT NULL AND id "
                     "IN (SELECT s.table_id FROM seats s JOIN players p ON p.hash = s.player "
                     "WHERE p.account = $1) AND (private = 0 OR id IN (SELECT table_id FROM "
                     "rated)) ORDER BY finished DESC LIMIT 20",
    [QS_RT_BOARD] = "SELECT a.username, r.rating, r.deviation, r.games FROM ratings r JOIN "
                    "accounts a ON a.id = r.account WHERE r.game = $1 AND r.players = $2 AND "
                    "r.deviation < $3 AND r.updated >= $4 ORDER BY r.rating DESC, a.lower "
                    "{binary} LIMIT $5",
    [QS_RT_FORGET] = "DELETE FROM ratings WHERE account = $1",
    [QS_RT_FORGET_HISTORY] = "DELETE FROM rating_history WHERE account = $1",
    [QS_RT_TABLE] =
        "SELECT a.username, h.rating, COALESCE((SELECT p.rating FROM rating_history p WHERE "
        "p.account = h.account AND p.game = h.game AND p.players = h.players AND "
        "p.at < h.at ORDER BY p.at DESC LIMIT 1), -1) FROM rating_history h JOIN "
        "accounts a ON a.id = h.account WHERE h.table_id = $1 ORDER BY a.lower",
    [QS_PZ_LOCK] = "SELECT 1 FROM accounts WHERE id = $1 {lock}",
    [QS_PZ_ATTEMPT] = "INSERT INTO puzzle_attempts (account, puzzle, at, solved) VALUES ($1, $2, "
                      "$3, $4) ON CONFLICT DO NOTHING",
    [QS_PZ_PLAYER] = "SELECT rating, deviation, volatility, games, updated FROM puzzle_ratings "
                     "WHERE account = $1",
    [QS_PZ_PLAYER_PUT] = "INSERT INTO puzzle_ratings (account, rating, deviation, volatility, "
                         "games, updated) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account) "
                         "DO UPDATE SET rating = $2, deviation = $3, volatility = $4, games = "
                         "$5, updated = $6",
    [QS_PZ_GET] = "SELECT rating, deviation, volatility FROM puzzles WHERE id = $1 {lock}",
    [QS_PZ_PUT] = "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4, plays = "
                  "plays + 1, solved = solved + $5 WHERE id = $1",

    [QS_TB_AI_START] = "UPDATE tables SET ai_starts = ai_starts + 1 WHERE id = $1 {epoch}",
    [QS_TB_AI_END] = "UPDATE tables SET ai_starts = 0 WHERE id = $1 {epoch}",
    /* every table's count when id is NULL: a text parameter's type fixed for PostgreSQL */
    [QS_TB_AI_FORGIVE] = "UPDATE tables SET ai_starts = ai_starts - 1 WHERE ai_starts > 0 AND "
                         "(CAST($1 AS text) IS NULL OR id = CAST($1 AS text))",
    [QS_TB_STOP] = "UPDATE tables SET stopped = $1, ai_starts = 0 WHERE id = $2 {epoch}",
    [QS_TB_PEOPLE] = "UPDATE tables SET people = $1 WHERE id = $2 {epoch}",
    [QS_TB_PEOPLE_OVER] = "UPDATE tables SET people = $1, info = $2 WHERE id = $3 {epoch}",
    /* a table's row locked at the epoch this process holds it at, for its deletion (run only
     * where the driver fences) */
    [QS_TB_FENCE] = "SELECT 1 FROM tables WHERE id = $1 {epoch} {lock}",
    [QS_TB_DELETE_ACTIONS] = "DELETE FROM actions WHERE table_id = $1",
    [QS_TB_DELETE_SEATS] = "DELETE FROM seats WHERE table_id = $1",
    [QS_TB_DELETE] = "DELETE FROM tables WHERE id = $1",
    /* the waiting tables created before $1, with their seats and actions */
    [QS_TB_EXPIRE_ACTIONS] = "DELETE FROM actions WHERE table_id IN (SELECT id FROM tables "
                             "WHERE status = 'waiting' AND created < $1)",
    [QS_TB_EXPIRE_SEATS] = "DELETE FROM seats WHERE table_id IN (SELECT id FROM tables WHERE "
                           "status = 'waiting' AND created < $1)",
    [QS_TB_EXPIRE_TABLES] = "DELETE FROM tables WHERE status = 'waiting' AND created < $1",
    [QS_TB_OVER] = "SELECT info, record FROM tables WHERE id = $1 AND status = 'over' AND info "
                   "IS NOT NULL",
    [QS_TB_PLAYER_NAME] = "SELECT name FROM players WHERE hash = $1",
    /* the seats a player key (or the keys of an account) claimed: those of tables not over
     * first, then the finished, newest first */
    [QS_TB_PLAYER_TABLES] = "SELECT s.table_id, s.seat, CASE WHEN t.status = 'over' THEN 1 ELSE "
                            "0 END, t.finished FROM seats s JOIN tables t ON t.id = s.table_id "
                            "WHERE s.player = $1 OR s.player IN (SELECT hash FROM players WHERE "
                            "account = $2) ORDER BY t.status = 'over', COALESCE(t.finished, "
                            "t.created) DESC, t.id {binary} LIMIT $3",
    [QS_TB_CLAIM] = "UPDATE seats SET token_hash = $1, player = $2 WHERE table_id = $3 AND seat "
                    "= $4 AND token_hash IS NULL",
    [QS_TB_STATUS] = "UPDATE tables SET status = $1, people = COALESCE($2, people) WHERE id = $3 "
                     "{epoch}",
    /* a new table at the epoch its maker holds it at (the parameter after the last) */
    [QS_TB_INSERT] = "INSERT INTO tables (id, game, params, seed, private, v, status, created, "
                     "creator, people, variant, epoch) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, "
                     "$9, $10, $11, $12)",
    [QS_TB_INSERT_SEAT] = "INSERT INTO seats (table_id, seat, kind, token_hash, player) VALUES "
                          "($1, $2, $3, $4, $5)",
    [QS_TB_INSERT_ACTION] = "INSERT INTO actions (table_id, idx, who, action, automatic, at) "
                            "VALUES ($1, $2, $3, $4, $5, $6)",
    [QS_TB_PLAYER_SEEN] = "INSERT INTO players (hash, name, created, seen) VALUES ($1, $2, $3, "
                          "$3) ON CONFLICT (hash) DO UPDATE SET name = COALESCE($2, "
                          "players.name), seen = $3",

    /* A change applies only to the version and the count of actions it was built on (and,
     * where the driver fences, to the epoch this process holds the table at): the count is
     * the last action's index plus one (a table's actions are numbered from 0 without a gap),
     * found in the primary key's index. */
    [QS_CH_UPDATE] = "UPDATE tables SET v = $1, status = $2, ai_starts = CASE WHEN $3 <> 0 THEN 0 "
                     "ELSE ai_starts END, people = COALESCE($4, people) WHERE id = $5 AND v = $6 "
                     "AND (SELECT coalesce(max(idx) + 1, 0) FROM actions WHERE table_id = $5) = "
                     "$7 {epoch}",
    /* the same where the status stays: not named in SET, so that SQLite leaves the row's
     * entry in tables_status alone (a page less written a move); as the status in memory
     * is the one saved, the WHERE's status = $2 holds whenever its version does */
    [QS_CH_UPDATE_KEEP] = "UPDATE tables SET v = $1, ai_starts = CASE WHEN $3 <> 0 THEN 0 ELSE "
                          "ai_starts END, people = COALESCE($4, people) WHERE id = $5 AND v = $6 "
                          "AND status = $2 AND (SELECT coalesce(max(idx) + 1, 0) FROM actions "
                          "WHERE table_id = $5) = $7 {epoch}",
    [QS_CH_UPDATE_OVER] = "UPDATE tables SET v = $1, status = $2, ai_starts = CASE WHEN $3 <> 0 "
                          "THEN 0 ELSE ai_starts END, people = COALESCE($4, people), record = $8, "
                          "info = $9, finished = {now} WHERE id = $5 AND v = $6 AND (SELECT "
                          "coalesce(max(idx) + 1, 0) FROM actions WHERE table_id = $5) = $7 "
                          "{epoch}",
    [QS_CH_TAKE_BACK] = "DELETE FROM actions WHERE table_id = $1 AND idx >= $2",
    /* what a change that did not apply found: the table's epoch, version and count of
     * actions */
    [QS_CH_READ_BACK] = "SELECT epoch, v, (SELECT coalesce(max(idx) + 1, 0) FROM actions WHERE "
                        "table_id = $1) FROM tables WHERE id = $1",

    /* the tables not over in the order they were made, or one, and their seats and
     * actions */
    [QS_LD_OPEN] = "SELECT id, game, params, seed, private, v, status, created, ai_starts, "
                   "stopped, creator, people, variant FROM tables WHERE status <> 'over' ORDER "
                   "BY created, id {binary}",
    [QS_LD_OPEN_IDS] = "SELECT id FROM tables WHERE status <> 'over' ORDER BY created, id {binary}",
    [QS_LD_ONE] = "SELECT id, game, params, seed, private, v, status, created, ai_starts, "
                  "stopped, creator, people, variant FROM tables WHERE id = $1",
    [QS_LD_SEATS] = "SELECT seat, kind, token_hash, player FROM seats WHERE table_id = $1 ORDER "
                    "BY seat",
    [QS_LD_ACTIONS] = "SELECT idx, action FROM actions WHERE table_id = $1 ORDER BY idx",
};

const qv__store_dialect qv__store_sqlite_dialect = {
    .param = '?',
    .binary = "COLLATE BINARY",
    .rowid = "rowid",
    .epoch = NULL,
    .lock = "",
    .now = "(julianday('now') - 2440587.5) * 86400.0",
};
/* PostgreSQL orders text byte by byte as SQLite does whatever the database's locale, and the
 * rows of rating_history, which has no rowid, of one account at the same instant by ctid (the
 * order they were written in, as no row of it is ever updated, unless a vacuum let a later row
 * into a deleted one's place: two rated games of one account ending within the same
 * microsecond, and a deletion between). */
const qv__store_dialect qv__store_pg_dialect = {
    .param = '$',
    .binary = "COLLATE \"C\"",
    .rowid = "ctid",
    .epoch = "AND epoch =",
    .lock = "FOR UPDATE",
    .now = "extract(epoch FROM clock_timestamp())::double precision",
};

/* Appends text to out (of len bytes, n used); false when it does not fit. */
static bool put(char *out, size_t len, size_t *n, const char *text, size_t k)
{
	if (*n + k >= len)
		return false;
	memcpy(out + *n, text, k);
	*n += k;
	out[*n] = '\0';
	return true;
}

/* Appends the fence's clause of dialect d (nothing when it fences nothing) comparing the epoch
 * with parameter number k. */
static bool put_epoch(const qv__store_dialect *d, int k, char *out, size_t len, size_t *n)
{
	if (!d->epoch)
		return true;
	char clause[64];
	int w = snprintf(clause, sizeof clause, "%s %c%d", d->epoch, d->param, k);
	return w > 0 && (size_t)w < sizeof clause && put(out, len, n, clause, (size_t)w);
}

bool qv__store_sql_render(const qv__store_dialect *d, int which, char *out, size_t len)
{
	size_t n = 0;
	bool ok = put(out, len, &n, "", 0);
	int last = 0;   /* the highest parameter's number so far */
	char quote = 0; /* inside '...' or "...": copied as it is */
	for (const char *p = qv__store_sql[which]; ok && *p; p++) {
		if (quote) {
			quote = *p == quote ? 0 : quote;
			ok = put(out, len, &n, p, 1);
		} else if (*p == '\'' || *p == '"') {
			quote = *p;
			ok = put(out, len, &n, p, 1);
		} else if (*p == '$' && p[1] >= '0' && p[1] <= '9') {
			int k = atoi(p + 1);
			last = k > last ? k : last;
			ok = put(out, len, &n, &d->param, 1);
		} else if (!strncmp(p, "{binary}", 8)) {
			ok = put(out, len, &n, d->binary, strlen(d->binary));
			p += 7;
		} else if (!strncmp(p, "{rowid}", 7)) {
			ok = put(out, len, &n, d->rowid, strlen(d->rowid));
			p += 6;
		} else if (!strncmp(p, "{epoch}", 7)) {
			ok = put_epoch(d, last + 1, out, len, &n);
			p += 6;
		} else if (!strncmp(p, "{lock}", 6)) {
			ok = put(out, len, &n, d->lock, strlen(d->lock));
			p += 5;
		} else if (!strncmp(p, "{now}", 5)) {
			ok = put(out, len, &n, d->now, strlen(d->now));
			p += 4;
		} else {
			ok = put(out, len, &n, p, 1);
		}
	}
	return ok;
}

void qv__store_arg_int(qv__store_args *a, long long x)
{
	a->v[a->n].kind = 'i';
	a->v[a->n++].i = x;
}

void qv__store_arg_real(qv__store_args *a, double x)
{
	a->v[a->n].kind = 'r';
	a->v[a->n++].r = x;
}

void qv__store_arg_text(qv__store_args *a, const char *text)
{
	a->v[a->n].kind = 't';
	a->v[a->n++].t = text;
}

void qv__store_first_int(void *ctx, const qv__drv_row *row)
{
	*(long long *)ctx = qv__row_int(row, 0);
}

qv_status qv__store_slow(qv_err *err, int timeout_ms, const char *what)
{
	return qv_fail(err, QV_EIO, "%s: %s within %d ms", QV__STORE_SLOW, what, timeout_ms);
}

bool qv__store_lock_by(pthread_mutex_t *m, double until)
{
	if (pthread_mutex_trylock(m) == 0)
		return true;
	double left = until - qv_mono();
	struct timespec at = qv_deadline(true, left > 0 ? left : 0);
	int rc;
	while ((rc = pthread_mutex_clocklock(m, CLOCK_MONOTONIC, &at)) == EINTR)
		;
	return rc == 0;
}

qv_status qv__store_one(qv__store *s, int which, const qv__store_args *a, qv__drv_row_fn fn,
                        void *ctx, long long *changes, const char *doing, qv_err *err)
{
	const qv__store_driver *d = s->drv;
	qv__store_conn *c = d->take(s);
	qv_status rc = d->ready(c, err);
	if (!rc)
		rc = d->exec(c, which, a, fn, ctx, changes, doing, err);
	d->give(c);
	return rc;
}

qv_status qv__store_insert_moves(qv__store_conn *c, const char *id, int from,
                                 const qv__store_move *moves, int n, qv_err *err)
{
	const qv__store_driver *d = c->s->drv;
	qv_status rc = QV_OK;
	for (int i = 0; !rc && i < n; i++) {
		qv__store_args a = {0};
		qv__store_arg_text(&a, id);
		qv__store_arg_int(&a, from + i);
		qv__store_arg_text(&a, moves[i].who);
		qv__store_arg_text(&a, moves[i].text);
		qv__store_arg_int(&a, moves[i].automatic);
		qv__store_arg_real(&a, moves[i].at);
		rc = d->exec(c, QS_TB_INSERT_ACTION, &a, NULL, NULL, NULL, "saving an action", err);
	}
	return rc;
}
