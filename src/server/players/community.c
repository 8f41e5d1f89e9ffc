/*
 * community.c - what the routes between accounts share (community.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "server/base/oplog.h"
#include "server/net/reply.h"
#include "server/players/community.h"
#include "server/players/credentials.h"

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

static qv_status first_number(void *ctx, int n, const char *const *v)
{
	if (n > 0 && v[0])
		*(long long *)ctx = atoll(v[0]);
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
	                    2, args, first_number, &who, &err))
		return -1;
	return (int)who;
}

void qv__community_forget(qv__store *s, long long account)
{
	static const char *const gone[] = {
	    "DELETE FROM follows WHERE account = CAST($1 AS BIGINT) OR followed = CAST($1 AS "
	    "BIGINT)",
	    "DELETE FROM challenges WHERE challenger = CAST($1 AS BIGINT) OR challenged = "
	    "CAST($1 AS BIGINT)",
	};
	qv__num id = qv__num_int(account);
	const char *args[] = {id.text};
	qv_err err;
	for (size_t i = 0; i < sizeof gone / sizeof gone[0]; i++)
		if (qv__store_run(s, gone[i], 1, args, &err))
			qv__oplog(QV__WARN, "account %lld: %s stay (%s)", account,
			          i ? "its challenges" : "its follows", err.msg);
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
