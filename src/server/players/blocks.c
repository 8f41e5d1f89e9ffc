/*
 * blocks.c - the accounts an account blocks, and where blocks keep two people apart
 * (blocks.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/clock.h"
#include "server/base/oplog.h"
#include "server/net/reply.h"
#include "server/players/blocks.h"
#include "server/players/credentials.h"
#include "server/players/follows.h"
#include "server/players/session.h"

/* ---- the account's list ---- */

static qv_status block_row(void *ctx, int n, const char *const *v)
{
	json_t *list = ctx;
	if (n >= 2 && v[0] && v[1])
		json_array_append_new(list, json_pack("{s:s, s:I}", "username", v[0], "at",
		                                      (json_int_t)(atof(v[1]) * 1000)));
	return QV_OK;
}

/* Answers 200 {"blocks": [...]}: the accounts `account` blocks, newest first. */
static int answer(qv__server *srv, qv__req *c, long long account)
{
	char id[24];
	snprintf(id, sizeof id, "%lld", account);
	const char *args[] = {id};
	json_t *list = json_array();
	qv_err err;
	if (!list ||
	    qv__store_query(srv->store,
	                    "SELECT a.username, b.at FROM blocks b JOIN accounts a ON a.id "
	                    "= b.blocked WHERE b.account = CAST($1 AS BIGINT) ORDER BY "
	                    "b.at DESC, a.username",
	                    1, args, block_row, list, &err)) {
		json_decref(list);
		qv__reply_error(c, 503, "the database failed reading your blocks; try again");
		return 503;
	}
	json_t *body = json_pack("{s:o}", "blocks", list);
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}

int qv__blocks_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__session s;
	int st = qv__session_require(srv, c, &s);
	if (st)
		return st;
	st = answer(srv, c, s.account.id);
	qv__session_done(srv, c, &s);
	return st;
}

/* The account whose username is text (len bytes, any case) into out: 0, or the answer given
 * (404 none, 503). */
static int account_named(qv__server *srv, qv__req *c, const char *text, size_t len,
                         qv__store_account *out)
{
	char lower[QV__NAME_BYTES];
	qv__acct_lower(text, len, lower);
	int found = lower[0] ? qv__store_account_find(srv->store, lower, out) : 0;
	if (found < 0) {
		qv__reply_error(c, 503, "the database failed reading the account; try again");
		return 503;
	}
	if (found == 0) {
		char quoted[QV_QUOTE_MAX * 4 + 4];
		qv__reply_error(c, 404, "no player '%s' (a player is an account's username)",
		                qv_shorten(text, QV_QUOTE_MAX, quoted, sizeof quoted));
		return 404;
	}
	return 0;
}

static qv_status count_row(void *ctx, int n, const char *const *v)
{
	*(long long *)ctx = n > 0 && v[0] ? atoll(v[0]) : 0;
	return QV_OK;
}

/* Whether account blocks `blocked` (1), not (0), or the database failed (-1). */
static int blocks(qv__store *st, const char *account, const char *blocked)
{
	const char *args[] = {account, blocked};
	long long n = 0;
	qv_err err;
	return qv__store_query(st,
	                       "SELECT count(*) FROM blocks WHERE account = CAST($1 AS BIGINT) AND "
	                       "blocked = CAST($2 AS BIGINT)",
	                       2, args, count_row, &n, &err)
	           ? -1
	           : n > 0;
}

/* Adds the block of `blocked` by the session's account, within QV__BLOCKS_MAX (one statement,
 * so that requests at once cannot pass the bound together): 0, or the answer given. */
static int add(qv__server *srv, qv__req *c, const qv__session *s, const qv__store_account *blocked)
{
	char me[24], them[24], at[32], most[16];
	snprintf(me, sizeof me, "%lld", s->account.id);
	snprintf(them, sizeof them, "%lld", blocked->id);
	/* To the microsecond: two blocks made one after the other keep their order (newest first)
	 * where milliseconds would tie them (test_blocks). */
	snprintf(at, sizeof at, "%.6f", qv_wall());
	snprintf(most, sizeof most, "%d", QV__BLOCKS_MAX);
	const char *row[] = {me, them, at, most};
	qv_err err;
	if (qv__store_run(srv->store,
	                  "INSERT INTO blocks (account, blocked, at) SELECT CAST($1 AS BIGINT), "
	                  "CAST($2 AS BIGINT), CAST($3 AS DOUBLE PRECISION) WHERE (SELECT count(*) "
	                  "FROM blocks WHERE account = CAST($1 AS BIGINT)) < CAST($4 AS BIGINT) ON "
	                  "CONFLICT DO NOTHING",
	                  4, row, &err)) {
		qv__reply_error(c, 503, "the block could not be kept (%s); try again", err.msg);
		return 503;
	}
	int there = blocks(srv->store, me, them);
	if (there < 0) {
		qv__reply_error(c, 503, "the database failed reading your blocks; try again");
		return 503;
	}
	if (!there) {
		qv__reply_error(c, 409,
		                "you block %d accounts already, the most there may be: unblock one "
		                "first",
		                QV__BLOCKS_MAX);
		return 409;
	}
	return 0;
}

static const char *const post_fields[] = {"username", NULL};
static const char *const post_expect[] = {"the username of the account to block", NULL};

/* A change's requester: 403 from another site, else the session's status (401 signed out). */
static int changer(qv__server *srv, qv__req *c, qv__session *s)
{
	return qv__session_same_origin(c) ? qv__session_require(srv, c, s) : 403;
}

int qv__blocks_post(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__session s;
	int st = changer(srv, c, &s);
	if (st)
		return st;
	json_t *req = NULL;
	qv__acct_fields f;
	qv__store_account them;
	st = qv__acct_read(c, &req, "a block", post_fields, post_expect, &f);
	if (!st)
		st = account_named(srv, c, f.text[0], f.len[0], &them);
	if (!st && them.id == s.account.id) {
		qv__reply_error(c, 400, "username: you cannot block yourself");
		st = 400;
	}
	if (!st)
		st = add(srv, c, &s, &them);
	if (!st) /* a block takes the follows between the two away (follows.h) */
		qv__follows_unlink(srv->store, s.account.id, them.id);
	json_decref(req);
	if (!st)
		st = answer(srv, c, s.account.id);
	qv__session_done(srv, c, &s);
	return st;
}

/* Takes away the session's block of `them`: 0, or the answer given (404 not blocked, 503). */
static int take_away(qv__server *srv, qv__req *c, const qv__session *s,
                     const qv__store_account *them)
{
	char me[24], blocked[24];
	snprintf(me, sizeof me, "%lld", s->account.id);
	snprintf(blocked, sizeof blocked, "%lld", them->id);
	int there = blocks(srv->store, me, blocked);
	const char *args[] = {me, blocked};
	qv_err err;
	if (there > 0 && qv__store_run(srv->store,
	                               "DELETE FROM blocks WHERE account = CAST($1 AS BIGINT) AND "
	                               "blocked = CAST($2 AS BIGINT)",
	                               2, args, &err))
		there = -1;
	if (there < 0) {
		qv__reply_error(c, 503, "the database failed changing your blocks; try again");
		return 503;
	}
	if (!there) {
		qv__reply_error(c, 404, "you do not block '%s'", them->username);
		return 404;
	}
	return 0;
}

int qv__blocks_delete(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	qv__session s;
	int st = changer(srv, c, &s);
	if (st)
		return st;
	const qv__route_cap *name = &m->cap[0];
	qv__store_account them;
	st = account_named(srv, c, name->text, strlen(name->text), &them);
	if (!st)
		st = take_away(srv, c, &s, &them);
	if (!st)
		st = answer(srv, c, s.account.id);
	qv__session_done(srv, c, &s);
	return st;
}

/* ---- people kept apart ---- */

/* The people whose blocks are looked up: accounts (0: nobody), with the first one's blocks
 * worded for it (the claimant or the asker); `all` also refuses a block between two others. */
typedef struct apart {
	int n;
	long long who[QV_MAX_PLAYERS + 1];
	bool all;
	int found;                 /* 0 none; 1 the first blocks; 2 blocks the first; 3 others */
	char name[QV__NAME_BYTES]; /* whom the first blocks */
} apart;

/* The person behind a seat or a request: its account, else its key's (0: none or unknown, -1:
 * the database failed). */
static long long person(qv__store *s, long long account, const char *player)
{
	return account > 0           ? account
	       : player && player[0] ? qv__store_player_account(s, player)
	                             : 0;
}

static qv_status apart_row(void *ctx, int n, const char *const *v)
{
	apart *a = ctx;
	if (n < 3 || !v[0] || !v[1])
		return QV_OK;
	long long blocker = atoll(v[0]), blocked = atoll(v[1]);
	if (blocker == a->who[0] && a->found != 1) {
		a->found = 1;
		qv_copy(a->name, sizeof a->name, v[2] ? v[2] : "");
	} else if (blocked == a->who[0] && !a->found) {
		a->found = 2;
	} else if (a->all && !a->found && blocker != a->who[0] && blocked != a->who[0]) {
		a->found = 3;
	}
	return QV_OK;
}

/* Looks up the blocks between a's people (one query): QV_OK, or QV_EIO. */
static qv_status apart_find(qv__store *s, apart *a, qv_err *err)
{
	char ids[QV_MAX_PLAYERS + 1][24], sql[640], list[200] = "";
	const char *args[QV_MAX_PLAYERS + 1];
	int k = 0;
	for (int i = 0; i < a->n; i++) {
		if (a->who[i] <= 0)
			continue;
		snprintf(ids[k], sizeof ids[k], "%lld", a->who[i]);
		args[k] = ids[k];
		size_t at = strlen(list);
		snprintf(list + at, sizeof list - at, "%sCAST($%d AS BIGINT)", k ? ", " : "",
		         k + 1);
		k++;
	}
	if (k < 2)
		return QV_OK;
	snprintf(sql, sizeof sql,
	         "SELECT b.account, b.blocked, a.username FROM blocks b JOIN accounts a ON a.id = "
	         "b.blocked WHERE b.account IN (%s) AND b.blocked IN (%s)",
	         list, list);
	return qv__store_query(s, sql, k, args, apart_row, a, err);
}

/* QV_ESTATE with the words for a's first person (`what` is what is refused), or QV_OK. */
static qv_status apart_words(const apart *a, const char *what, qv_err *err)
{
	switch (a->found) {
	case 1:
		return qv_fail(err, QV_ESTATE,
		               "%s: you block %s, who plays at this table; unblock them on your "
		               "account page first",
		               what, a->name);
	case 2:
		return qv_fail(err, QV_ESTATE,
		               "%s: a player at this table does not accept games with you", what);
	case 3:
		return qv_fail(err, QV_ESTATE,
		               "%s: two players of this table do not play together (one blocks the "
		               "other)",
		               what);
	default: return QV_OK;
	}
}

qv_status qv__blocks_join_check(void *ctx, int n, const long long *accounts,
                                const char *const *players, qv_err *err)
{
	const qv__blocks_joiner *j = ctx;
	apart a = {.n = 1};
	a.who[0] = person(j->store, j->account, j->player);
	for (int i = 0; i < n && a.who[0] > 0 && a.n < QV_MAX_PLAYERS + 1; i++)
		a.who[a.n++] = person(j->store, accounts[i], players[i]);
	for (int i = 0; i < a.n; i++)
		if (a.who[i] < 0)
			return qv_fail(err, QV_EIO, "the database failed reading who plays here");
	qv_status rc = apart_find(j->store, &a, err);
	return rc ? rc : apart_words(&a, "you cannot take a seat here", err);
}

qv_status qv__blocks_rematch_check(qv__store *s, qv__table *t, int asker, qv_err *err)
{
	if (!s)
		return QV_OK;
	apart a = {.n = 1, .all = true};
	long long account;
	char player[QV__HASH_LEN + 1];
	a.who[0] =
	    qv__table_seat_holder(t, asker, &account, player) ? person(s, account, player) : 0;
	for (int p = 0; p < t->nseats && p < QV_MAX_PLAYERS; p++)
		if (p != asker && qv__table_seat_holder(t, p, &account, player))
			a.who[a.n++] = person(s, account, player);
	for (int i = 0; i < a.n; i++)
		if (a.who[i] < 0)
			return qv_fail(err, QV_EIO, "the database failed reading who plays here");
	qv_status rc = apart_find(s, &a, err);
	return rc ? rc : apart_words(&a, "no rematch", err);
}

void qv__blocks_forget(qv__store *s, long long account)
{
	char id[24];
	snprintf(id, sizeof id, "%lld", account);
	const char *args[] = {id};
	qv_err err;
	if (qv__store_run(s,
	                  "DELETE FROM blocks WHERE account = CAST($1 AS BIGINT) OR blocked = "
	                  "CAST($1 AS BIGINT)",
	                  1, args, &err))
		qv__oplog(QV__WARN, "account %lld: its blocks stay (%s)", account, err.msg);
}
