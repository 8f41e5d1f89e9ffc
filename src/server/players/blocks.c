/*
 * blocks.c - the accounts an account blocks, and where blocks keep two people apart
 * (blocks.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "server/base/oplog.h"
#include "server/net/reply.h"
#include "server/players/blocks.h"
#include "server/players/community.h"
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
	return qv__community_reply(c, "blocks", list);
}

int qv__blocks_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	return qv__community_list(srv, c, answer);
}

/* The blocks as a list of others (community.h). */
static const qv__community_links blocks = {
    .table = "blocks",
    .column = "blocked",
    .most = QV__BLOCKS_MAX,
    .verb = "block",
    .noun = "block",
    .held = "your blocks",
    .undo = "unblock one",
    .what = "a block",
    .expect = "the username of the account to block",
};

int qv__blocks_post(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__session s;
	int st = qv__community_changer(srv, c, &s);
	if (st)
		return st;
	qv__store_account them;
	st = qv__community_named(srv, c, &blocks, &s, &them);
	if (!st)
		st = qv__community_link(srv, c, &blocks, s.account.id, them.id);
	if (!st) /* a block takes the follows between the two away (follows.h) */
		qv__follows_unlink(srv->store, s.account.id, them.id);
	if (!st)
		st = answer(srv, c, s.account.id);
	qv__session_done(srv, c, &s);
	return st;
}

int qv__blocks_delete(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	return qv__community_drop(srv, c, m->cap[0].text, &blocks, answer);
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
