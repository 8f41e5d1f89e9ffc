/*
 * follows.c - the accounts an account follows, who of them is online and where they play
 * (follows.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "core/clock.h"
#include "games/json_util.h"
#include "server/base/oplog.h"
#include "server/net/reply.h"
#include "server/players/community.h"
#include "server/players/credentials.h"
#include "server/players/follows.h"
#include "server/store/owners.h"

/* ---- the list ---- */

/* The list being written: every account followed, by id, with its entry. */
typedef struct follow_list {
	json_t *list;
	long long *ids; /* the entries' accounts, in the list's order */
	int n, cap;
} follow_list;

/* The entry of account id, or NULL. */
static json_t *entry_of(const follow_list *l, long long id)
{
	for (int i = 0; i < l->n; i++)
		if (l->ids[i] == id)
			return json_array_get(l->list, (size_t)i);
	return NULL;
}

static qv_status follow_row(void *ctx, int n, const char *const *v)
{
	follow_list *l = ctx;
	if (n < 3 || !v[0] || !v[1] || !v[2] || l->n >= l->cap)
		return QV_OK;
	json_t *e = json_pack("{s:s, s:I, s:b, s:i, s:[]}", "username", v[1], "at",
	                      (json_int_t)(atof(v[2]) * 1000), "online", 0, "playing", 0, "tables");
	if (e && !json_array_append_new(l->list, e))
		l->ids[l->n++] = atoll(v[0]);
	return QV_OK;
}

/* A table not over of an account followed: counted, and named when it is public. */
static qv_status table_row(void *ctx, int n, const char *const *v)
{
	follow_list *l = ctx;
	json_t *e = n >= 5 && v[0] && v[1] ? entry_of(l, atoll(v[0])) : NULL;
	if (!e)
		return QV_OK;
	json_object_set_new(e, "playing",
	                    json_integer(json_integer_value(json_object_get(e, "playing")) + 1));
	json_t *tables = json_object_get(e, "tables");
	const qv_game *g = v[2] ? qv_game_find(v[2], NULL) : NULL;
	bool public_ = v[3] && atoll(v[3]) == 0;
	if (public_ && g && json_array_size(tables) < QV__FOLLOWS_TABLES)
		json_array_append_new(tables, json_pack("{s:s, s:s, s:s, s:s}", "id", v[1], "game",
		                                        g->name, "title", g->title, "status",
		                                        v[4] ? v[4] : "playing"));
	return QV_OK;
}

static qv_status online_row(void *ctx, int n, const char *const *v)
{
	json_t *e = n >= 1 && v[0] ? entry_of(ctx, atoll(v[0])) : NULL;
	if (e)
		json_object_set_new(e, "online", json_true());
	return QV_OK;
}

/* The accounts with a channel on this process (*n of them; free the list), at most 4,096. */
static long long *accounts_here(qv__server *srv, int *n)
{
	enum { MOST = 4096 };
	long long *here = srv->chan_accounts ? malloc(MOST * sizeof *here) : NULL;
	*n = here ? srv->chan_accounts(srv, here, MOST) : 0;
	return here;
}

/* Marks online the accounts of l with a channel on this process. */
static void online_here(qv__server *srv, follow_list *l)
{
	int n;
	long long *here = accounts_here(srv, &n);
	for (int i = 0; i < n; i++) {
		json_t *e = entry_of(l, here[i]);
		if (e)
			json_object_set_new(e, "online", json_true());
	}
	free(here);
}

/* The follows of `account` with where each plays and who is online: QV_OK, or QV_EIO. */
static qv_status follows_read(qv__server *srv, long long account, follow_list *l, qv_err *err)
{
	qv__num me = qv__num_int(account);
	const char *args[] = {me.text};
	qv_status rc = qv__store_query(
	    srv->store,
	    "SELECT a.id, a.username, f.at FROM follows f JOIN accounts a ON a.id = f.followed "
	    "WHERE f.account = CAST($1 AS BIGINT) ORDER BY f.at DESC, a.username",
	    1, args, follow_row, l, err);
	if (!rc && l->n > 0)
		rc =
		    qv__store_query(srv->store,
		                    "SELECT DISTINCT p.account, t.id, t.game, t.private, t.status, "
		                    "t.created FROM follows f JOIN players p ON p.account = "
		                    "f.followed JOIN seats s ON s.player = p.hash JOIN tables t ON "
		                    "t.id = s.table_id WHERE f.account = CAST($1 AS BIGINT) AND "
		                    "t.status <> 'over' ORDER BY t.created DESC",
		                    1, args, table_row, l, err);
	online_here(srv, l);
	if (!rc && l->n > 0 && qv__store_shared(srv->store)) {
		char origin[17];
		qv__server_origin(srv, origin);
		qv__num since = qv__num_real(qv_wall() - QV__PRESENCE_AGE);
		const char *more[] = {me.text, since.text, origin};
		rc = qv__store_query(
		    srv->store,
		    "SELECT p.account FROM presence p JOIN follows f ON f.followed = "
		    "p.account WHERE f.account = CAST($1 AS BIGINT) AND p.at > "
		    "CAST($2 AS DOUBLE PRECISION) AND p.origin <> $3",
		    3, more, online_row, l, err);
	}
	return rc;
}

/* Answers 200 {"follows": [...]}: the accounts `account` follows. */
static int answer(qv__server *srv, qv__req *c, long long account)
{
	follow_list l = {.list = json_array(), .cap = QV__FOLLOWS_MAX + 1};
	l.ids = malloc((size_t)l.cap * sizeof *l.ids);
	qv_err err;
	if (!l.list || !l.ids || follows_read(srv, account, &l, &err)) {
		json_decref(l.list);
		free(l.ids);
		qv__reply_error(c, 503, "the database failed reading whom you follow; try again");
		return 503;
	}
	free(l.ids);
	return qv__community_reply(c, "follows", l.list);
}

int qv__follows_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	return qv__community_list(srv, c, answer);
}

/* ---- following and no longer ---- */

/* The follows as a list of others (community.h). */
static const qv__community_links follows = {
    .table = "follows",
    .column = "followed",
    .most = QV__FOLLOWS_MAX,
    .verb = "follow",
    .noun = "follow",
    .held = "whom you follow",
    .undo = "stop following one",
    .what = "a follow",
    .expect = "the username of the account to follow",
};

/* The refusal of a follow between accounts apart by a block (0: none), answered. */
static int kept_apart(qv__server *srv, qv__req *c, const qv__session *s,
                      const qv__store_account *them)
{
	int apart = qv__community_apart(srv->store, s->account.id, them->id);
	if (apart < 0) {
		qv__reply_error(c, 503, "the database failed reading your blocks; try again");
		return 503;
	}
	if (apart == 1)
		qv__reply_error(
		    c, 403,
		    "you cannot follow %s: you block them; unblock them on your account "
		    "page first",
		    them->username);
	else if (apart == 2)
		qv__reply_error(c, 403, "you cannot follow %s: they do not accept it",
		                them->username);
	return apart ? 403 : 0;
}

int qv__follows_post(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__session s;
	int st = qv__community_changer(srv, c, &s);
	if (st)
		return st;
	qv__store_account them;
	st = qv__community_named(srv, c, &follows, &s, &them);
	if (!st)
		st = kept_apart(srv, c, &s, &them);
	if (!st)
		st = qv__community_link(srv, c, &follows, s.account.id, them.id);
	if (!st)
		st = answer(srv, c, s.account.id);
	qv__session_done(srv, c, &s);
	return st;
}

int qv__follows_delete(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	return qv__community_drop(srv, c, m->cap[0].text, &follows, answer);
}

/* ---- what other files ask ---- */

void qv__follows_unlink(qv__store *s, long long a, long long b)
{
	qv__num x = qv__num_int(a), y = qv__num_int(b);
	const char *args[] = {x.text, y.text};
	qv_err err;
	if (qv__store_run(s,
	                  "DELETE FROM follows WHERE (account = CAST($1 AS BIGINT) AND followed = "
	                  "CAST($2 AS BIGINT)) OR (account = CAST($2 AS BIGINT) AND followed = "
	                  "CAST($1 AS BIGINT))",
	                  2, args, &err))
		qv__oplog(QV__WARN, "accounts %lld and %lld: their follows stay (%s)", a, b,
		          err.msg);
}

void qv__follows_presence(qv__server *srv)
{
	if (!qv__store_shared(srv->store))
		return;
	int n;
	long long *here = accounts_here(srv, &n);
	char origin[17];
	qv__server_origin(srv, origin);
	qv__num now = qv__num_real(qv_wall()), old = qv__num_real(qv_wall() - 3600);
	qv_err err;
	for (int i = 0; i < n; i++) {
		qv__num id = qv__num_int(here[i]);
		const char *row[] = {id.text, origin, now.text};
		if (qv__store_run(
		        srv->store,
		        "INSERT INTO presence (account, origin, at) VALUES (CAST($1 AS "
		        "BIGINT), $2, CAST($3 AS DOUBLE PRECISION)) ON CONFLICT (account, "
		        "origin) DO UPDATE SET at = CAST($3 AS DOUBLE PRECISION)",
		        3, row, &err)) {
			qv__oplog(QV__WARN, "who is online could not be kept: %s", err.msg);
			break;
		}
	}
	free(here);
	const char *args[] = {old.text};
	if (qv__store_run(srv->store,
	                  "DELETE FROM presence WHERE at < CAST($1 AS DOUBLE PRECISION)", 1, args,
	                  &err))
		qv__oplog(QV__WARN, "old presence stays: %s", err.msg);
}
