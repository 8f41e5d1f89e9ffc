/*
 * community.c - what the routes between accounts share (community.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "server/base/oplog.h"
#include "server/net/reply.h"
#include "server/players/community.h"
#include "server/players/credentials.h"
#include "server/table/tablespec.h"

int qv__community_changer(qv__server *srv, qv__req *c, qv__session *s)
{
	return qv__session_same_origin(c) ? qv__session_require(srv, c, s) : 403;
}

int qv__community_account(qv__server *srv, qv__req *c, const char *text, size_t len,
                          qv__store_account *out)
{
	char key[QV__NAME_BYTES];
	qv__acct_lower(text, len, key);
	int found = 0;
	if (key[0])
		found = qv__store_account_find(srv->store, key, out);
	if (found > 0)
		return 0;
	if (found < 0) {
		qv__reply_error(c, 503, "the database failed reading the account; try again");
		return 503;
	}
	char shown[QV_QUOTE_MAX * 4 + 4];
	qv__reply_error(c, 404, "no player '%s' (a player is an account's username)",
	                qv_shorten(text, QV_QUOTE_MAX, shown, sizeof shown));
	return 404;
}

static qv_status number_row(void *ctx, int n, const char *const *v)
{
	*(long long *)ctx = n > 0 && v[0] ? atoll(v[0]) : 0;
	return QV_OK;
}

int qv__community_apart(qv__store *s, long long a, long long b)
{
	qv__num x = qv__num_int(a), y = qv__num_int(b);
	const char *args[] = {x.text, y.text};
	long long who = 0;
	qv_err err;
	/* the row of a's block first, so that a block both ways reads as a's */
	if (qv__store_query(s,
	                    "SELECT CASE WHEN account = CAST($1 AS BIGINT) THEN 1 ELSE 2 END FROM "
	                    "blocks WHERE (account = CAST($1 AS BIGINT) AND blocked = CAST($2 AS "
	                    "BIGINT)) OR (account = CAST($2 AS BIGINT) AND blocked = CAST($1 AS "
	                    "BIGINT)) ORDER BY 1 DESC",
	                    2, args, number_row, &who, &err))
		return -1;
	return (int)who;
}

long long qv__community_count(qv__store *s, const char *sql, long long a, long long b)
{
	qv__num x = qv__num_int(a), y = qv__num_int(b);
	const char *args[] = {x.text, y.text};
	long long n = 0;
	qv_err err;
	return qv__store_query(s, sql, 2, args, number_row, &n, &err) ? -1 : n;
}

/* ---- an account's list of others ---- */

int qv__community_named(qv__server *srv, qv__req *c, const qv__community_links *k,
                        const qv__session *s, qv__store_account *them)
{
	const char *const fields[] = {"username", NULL}, *const expect[] = {k->expect, NULL};
	json_t *req = NULL;
	qv__acct_fields f;
	int st = qv__acct_read(c, &req, k->what, fields, expect, &f);
	if (!st)
		st = qv__community_account(srv, c, f.text[0], f.len[0], them);
	json_decref(req);
	if (!st && them->id == s->account.id) {
		qv__reply_error(c, 400, "username: you cannot %s yourself", k->verb);
		st = 400;
	}
	return st;
}

int qv__community_has(qv__store *s, const qv__community_links *k, long long a, long long b)
{
	char sql[200];
	snprintf(sql, sizeof sql,
	         "SELECT count(*) FROM %s WHERE account = CAST($1 AS BIGINT) AND %s = CAST($2 AS "
	         "BIGINT)",
	         k->table, k->column);
	long long n = qv__community_count(s, sql, a, b);
	return n < 0 ? -1 : n > 0;
}

int qv__community_link(qv__server *srv, qv__req *c, const qv__community_links *k, long long a,
                       long long b)
{
	/* At to the microsecond: two rows made one after the other keep their order (newest
	 * first) where milliseconds would tie them (test_blocks). */
	qv__num me = qv__num_int(a), who = qv__num_int(b);
	qv__num at = qv__num_real(qv_wall()), most = qv__num_int(k->most);
	const char *row[] = {me.text, who.text, at.text, most.text};
	char sql[400];
	snprintf(sql, sizeof sql,
	         "INSERT INTO %s (account, %s, at) SELECT CAST($1 AS BIGINT), CAST($2 AS BIGINT), "
	         "CAST($3 AS DOUBLE PRECISION) WHERE (SELECT count(*) FROM %s WHERE account = "
	         "CAST($1 AS BIGINT)) < CAST($4 AS BIGINT) ON CONFLICT DO NOTHING",
	         k->table, k->column, k->table);
	qv_err err;
	if (qv__store_run(srv->store, sql, 4, row, &err)) {
		qv__reply_error(c, 503, "the %s could not be kept (%s); try again", k->noun,
		                err.msg);
		return 503;
	}
	int there = qv__community_has(srv->store, k, a, b);
	if (there < 0) {
		qv__reply_error(c, 503, "the database failed reading %s; try again", k->held);
		return 503;
	}
	if (!there) {
		qv__reply_error(c, 409,
		                "you %s %d accounts already, the most there may be: %s first",
		                k->verb, k->most, k->undo);
		return 409;
	}
	return 0;
}

/* Takes account `them` from the list k of account a: 0, or the answer given (404, 503). */
static int unlink_one(qv__server *srv, qv__req *c, const qv__community_links *k, long long a,
                      const qv__store_account *them)
{
	int there = qv__community_has(srv->store, k, a, them->id);
	qv__num me = qv__num_int(a), who = qv__num_int(them->id);
	const char *args[] = {me.text, who.text};
	char sql[200];
	snprintf(sql, sizeof sql,
	         "DELETE FROM %s WHERE account = CAST($1 AS BIGINT) AND %s = CAST($2 AS BIGINT)",
	         k->table, k->column);
	qv_err err;
	if (there > 0 && qv__store_run(srv->store, sql, 2, args, &err))
		there = -1;
	if (there < 0) {
		qv__reply_error(c, 503, "the database failed changing %s; try again", k->held);
		return 503;
	}
	if (!there) {
		qv__reply_error(c, 404, "you do not %s '%s'", k->verb, them->username);
		return 404;
	}
	return 0;
}

int qv__community_drop(qv__server *srv, qv__req *c, const char *name, const qv__community_links *k,
                       int (*answer)(qv__server *srv, qv__req *c, long long account))
{
	qv__session s;
	int st = qv__community_changer(srv, c, &s);
	if (st)
		return st;
	qv__store_account them;
	st = qv__community_account(srv, c, name, strlen(name), &them);
	if (!st)
		st = unlink_one(srv, c, k, s.account.id, &them);
	if (!st)
		st = answer(srv, c, s.account.id);
	qv__session_done(srv, c, &s);
	return st;
}

int qv__community_reply(qv__req *c, const char *key, json_t *list)
{
	json_t *body = json_pack("{s:o}", key, list);
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}

int qv__community_list(qv__server *srv, qv__req *c,
                       int (*answer)(qv__server *srv, qv__req *c, long long account))
{
	qv__session s;
	int st = qv__session_require(srv, c, &s);
	if (st)
		return st;
	st = answer(srv, c, s.account.id);
	qv__session_done(srv, c, &s);
	return st;
}

/* ---- an account gone ---- */

int qv__community_table_request(qv__req *c, const json_t *body, json_t **out)
{
	json_t *req = json_object();
	static const char *const keep[] = {"game", "params", "clock", "rated", "takebacks", NULL};
	for (int i = 0; req && keep[i]; i++)
		if (json_object_get(body, keep[i]))
			json_object_set(req, keep[i], json_object_get(body, keep[i]));
	json_t *check = json_deep_copy(req);
	json_object_set_new(check, "seats", json_pack("[s, s]", "human", "human"));
	qv__tablespec spec;
	qv_match *match = NULL;
	int nseats;
	qv_err err;
	qv_status rc = req && check ? qv__tablespec_read(check, &spec, &err)
	                            : qv_fail(&err, QV_ENOMEM, "out of memory");
	if (!rc)
		rc = qv__tablespec_match(&spec, &match, &nseats, &err);
	qv_match_free(match);
	json_decref(check);
	if (rc) {
		json_decref(req);
		int st = rc == QV_ENOMEM ? 503 : 400;
		qv__reply_error(c, st, "%s", err.msg);
		return st;
	}
	*out = req;
	return 0;
}

void qv__community_forget(qv__store *s, long long account)
{
	static const char *const gone[] = {
	    "DELETE FROM follows WHERE account = CAST($1 AS BIGINT) OR followed = CAST($1 AS "
	    "BIGINT)",
	    "DELETE FROM challenges WHERE challenger = CAST($1 AS BIGINT) OR challenged = "
	    "CAST($1 AS BIGINT)",
	    "UPDATE tournament_players SET active = 0 WHERE account = CAST($1 AS BIGINT)",
	};
	static const char *const what[] = {"its follows", "its challenges",
	                                   "its places in tournaments"};
	qv__num id = qv__num_int(account);
	const char *args[] = {id.text};
	qv_err err;
	for (size_t i = 0; i < sizeof gone / sizeof gone[0]; i++)
		if (qv__store_run(s, gone[i], 1, args, &err))
			qv__oplog(QV__WARN, "account %lld: %s stay (%s)", account, what[i],
			          err.msg);
}

qv__num qv__num_int(long long x)
{
	qv__num n;
	snprintf(n.text, sizeof n.text, "%lld", x);
	return n;
}

qv__num qv__num_real(double x)
{
	qv__num n;
	snprintf(n.text, sizeof n.text, "%.6f", x);
	return n;
}
