/*
 * postgres_accounts.c - the accounts in the PostgreSQL store (accounts.h): accounts,
 * their recovery codes and sessions (kept only as hashes), and the player keys linked to them,
 * each change one transaction on a connection of the pool, as SQLite's sqlite_accounts.c's
 * under its lock.
 */
#include <stdlib.h>
#include <string.h>

#include "server/store/accounts.h"
#include "server/store/postgres_impl.h"

/* Runs statement `which` binding one integer (an account's id). */
static qv_status by_account(qv__pg_conn *c, int which, long long account, const char *doing,
                            qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_int(&a, account);
	return qv__pg_run(c, which, &a, NULL, NULL, doing, err);
}

/* Inside a transaction: inserts the session and links the player key to the account. */
static qv_status session_insert(qv__pg_conn *c, long long account, const qv__store_session *sess,
                                qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_text(&a, sess->hash);
	qv__pg_int(&a, account);
	qv__pg_real(&a, sess->now);
	qv__pg_text(&a, sess->addr);
	qv_status rc = qv__pg_run(c, PG_AC_SESSION, &a, NULL, NULL, "saving a session", err);
	if (!rc && sess->expired > 0) { /* the sessions that ended unused go as a new one starts */
		qv__pg_args b = {0};
		qv__pg_real(&b, sess->expired);
		rc = qv__pg_run(c, PG_AC_SESSIONS_EXPIRED, &b, NULL, NULL,
		                "deleting expired sessions", err);
	}
	if (rc || !sess->player || !sess->player[0])
		return rc;
	qv__pg_args d = {0};
	qv__pg_text(&d, sess->player);
	qv__pg_real(&d, sess->now);
	qv__pg_int(&d, account);
	return qv__pg_run(c, PG_AC_LINK, &d, NULL, NULL, "linking a player key to an account", err);
}

/* Inside a transaction: inserts the account (its id into *id); QV_ESTATE when its key is
 * taken. */
static qv_status account_insert(qv__pg_conn *c, const char *username, const char *lower,
                                const char *hash, const qv__store_session *sess, long long *id,
                                qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_text(&a, username);
	qv__pg_text(&a, lower);
	qv__pg_text(&a, hash);
	qv__pg_real(&a, sess->now);
	qv__pg_text(&a, sess->addr);
	PGresult *r = NULL;
	qv_status rc = qv__pg_run(c, PG_AC_INSERT, &a, &r, NULL, "saving an account", err);
	if (rc && strcmp(c->state, "23505") == 0)
		return qv_fail(err, QV_ESTATE, "username: taken");
	if (!rc)
		*id = qv__pg_ll(r, 0, 0);
	PQclear(r);
	return rc;
}

qv_status qv__pg_account_create(qv__store *s, const char *username, const char *lower,
                                const char *hash, const char *const *codes, int ncodes,
                                const qv__store_session *sess, qv_err *err)
{
	qv__pg_conn *c = qv__pg_take(s);
	qv_status rc = qv__pg_begin(c, err);
	if (rc)
		goto out;
	long long id = 0;
	rc = account_insert(c, username, lower, hash, sess, &id, err);
	for (int i = 0; !rc && i < ncodes; i++) {
		qv__pg_args a = {0};
		qv__pg_int(&a, id);
		qv__pg_text(&a, codes[i]);
		rc = qv__pg_run(c, PG_AC_CODE, &a, NULL, NULL, "saving a recovery code", err);
	}
	if (!rc)
		rc = session_insert(c, id, sess, err);
	rc = qv__pg_finish(c, rc, err);
out:
	qv__pg_give(c);
	return rc;
}

/* Reads statement `which` (of a) on a connection of the pool: its result, or NULL when it
 * failed. */
static PGresult *read_rows(qv__store *s, int which, const qv__pg_args *a)
{
	PGresult *r = NULL;
	qv__pg_conn *c = qv__pg_take(s);
	qv_status rc = qv__pg_ready(c, NULL);
	if (!rc)
		rc = qv__pg_run(c, which, a, &r, NULL, "reading an account", NULL);
	qv__pg_give(c);
	return rc ? NULL : r;
}

/* Reads an account's id, username and hash from columns 0 to 2 of row 0. */
static void read_account(const PGresult *r, qv__store_account *out)
{
	out->id = qv__pg_ll(r, 0, 0);
	qv_copy(out->username, sizeof out->username, qv__pg_str(r, 0, 1));
	qv_copy(out->hash, sizeof out->hash, qv__pg_str(r, 0, 2));
}

/* The account that statement `which` finds by text, into out: 1, 0 none, -1 the database
 * failed. */
static int find_by(qv__store *s, int which, const char *text, qv__store_account *out)
{
	qv__pg_args a = {0};
	qv__pg_text(&a, text);
	PGresult *r = read_rows(s, which, &a);
	if (!r)
		return -1;
	int found = PQntuples(r) > 0;
	if (found)
		read_account(r, out);
	PQclear(r);
	return found;
}

int qv__pg_account_find(qv__store *s, const char *lower, qv__store_account *out)
{
	return find_by(s, PG_AC_FIND, lower, out);
}

int qv__pg_account_like(qv__store *s, const char *skeleton, qv__store_account *out)
{
	return find_by(s, PG_AC_LIKE, skeleton, out);
}

qv_status qv__pg_account_skeleton(qv__store *s, long long account, const char *skeleton,
                                  qv_err *err)
{
	qv__pg_conn *c = qv__pg_take(s);
	qv_status rc = qv__pg_begin(c, err);
	qv__pg_args a = {0};
	qv__pg_text(&a, skeleton);
	qv__pg_int(&a, account);
	if (!rc)
		rc = qv__pg_finish(c,
		                   qv__pg_run(c, PG_AC_SET_SKELETON, &a, NULL, NULL,
		                              "saving a username's likeness", err),
		                   err);
	qv__pg_give(c);
	return rc;
}

qv_status qv__pg_session_start(qv__store *s, long long account, const qv__store_session *sess,
                               qv_err *err)
{
	qv__pg_conn *c = qv__pg_take(s);
	qv_status rc = qv__pg_begin(c, err);
	if (!rc)
		rc = qv__pg_finish(c, session_insert(c, account, sess, err), err);
	qv__pg_give(c);
	return rc;
}

int qv__pg_session_find(qv__store *s, const char *hash, double since, qv__store_account *out,
                        double *seen)
{
	qv__pg_args a = {0};
	qv__pg_text(&a, hash);
	qv__pg_real(&a, since);
	PGresult *r = read_rows(s, PG_AC_SESSION_FIND, &a);
	if (!r)
		return -1;
	int found = PQntuples(r) > 0;
	if (found) {
		read_account(r, out);
		*seen = qv__pg_double(r, 0, 3);
	}
	PQclear(r);
	return found;
}

/* One statement on its own, on a connection of the pool. */
static qv_status one(qv__store *s, int which, const qv__pg_args *a, const char *doing, qv_err *err)
{
	qv__pg_conn *c = qv__pg_take(s);
	qv_status rc = qv__pg_ready(c, err);
	if (!rc)
		rc = qv__pg_run(c, which, a, NULL, NULL, doing, err);
	qv__pg_give(c);
	return rc;
}

qv_status qv__pg_session_seen(qv__store *s, const char *hash, double now, qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_real(&a, now);
	qv__pg_text(&a, hash);
	return one(s, PG_AC_SESSION_SEEN, &a, "renewing a session", err);
}

qv_status qv__pg_session_end(qv__store *s, const char *hash, qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_text(&a, hash);
	return one(s, PG_AC_SESSION_END, &a, "ending a session", err);
}

/* Inside a transaction: uses the account's unused recovery code of hash `code`; QV_ESTATE when
 * it has none such. */
static qv_status use_code(qv__pg_conn *c, long long account, const char *code, double now,
                          qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_real(&a, now);
	qv__pg_int(&a, account);
	qv__pg_text(&a, code);
	long long changed = 0;
	qv_status rc =
	    qv__pg_run(c, PG_AC_USE_CODE, &a, NULL, &changed, "using a recovery code", err);
	if (!rc && changed != 1)
		rc = qv_fail(err, QV_ESTATE, "code: not one of the account's unused codes");
	return rc;
}

/* Inside a transaction: sets the hash (and password_at to `at`, unless it is below 0). */
static qv_status set_hash(qv__pg_conn *c, long long account, const char *hash, double at,
                          qv_err *err)
{
	qv__pg_args a = {0};
	qv__pg_text(&a, hash);
	if (at >= 0)
		qv__pg_real(&a, at);
	else
		qv__pg_text(&a, NULL);
	qv__pg_int(&a, account);
	return qv__pg_run(c, PG_AC_PASSWORD, &a, NULL, NULL, "saving a password", err);
}

qv_status qv__pg_account_password(qv__store *s, long long account, const char *hash,
                                  const char *code, const qv__store_session *sess, qv_err *err)
{
	qv__pg_conn *c = qv__pg_take(s);
	qv_status rc = qv__pg_begin(c, err);
	if (rc)
		goto out;
	if (code)
		rc = use_code(c, account, code, sess->now, err);
	if (!rc)
		rc = set_hash(c, account, hash, sess->now, err);
	if (!rc)
		rc = by_account(c, PG_AC_SESSIONS_END, account, "ending sessions", err);
	if (!rc)
		rc = session_insert(c, account, sess, err);
	rc = qv__pg_finish(c, rc, err);
out:
	qv__pg_give(c);
	return rc;
}

qv_status qv__pg_account_rehash(qv__store *s, long long account, const char *hash, qv_err *err)
{
	qv__pg_conn *c = qv__pg_take(s);
	qv_status rc = qv__pg_begin(c, err);
	if (!rc)
		rc = qv__pg_finish(c, set_hash(c, account, hash, -1, err), err);
	qv__pg_give(c);
	return rc;
}

qv_status qv__pg_account_delete(qv__store *s, long long account, qv_err *err)
{
	qv__pg_conn *c = qv__pg_take(s);
	qv_status rc = qv__pg_begin(c, err);
	if (rc)
		goto out;
	rc = by_account(c, PG_AC_SESSIONS_END, account, "ending sessions", err);
	if (!rc)
		rc = by_account(c, PG_AC_CODES_DELETE, account, "deleting recovery codes", err);
	if (!rc)
		rc = by_account(c, PG_AC_UNLINK, account, "unlinking player keys", err);
	if (!rc)
		rc = qv__pg_ratings_forget(c, account, err);
	if (!rc)
		rc = by_account(c, PG_AC_DELETE, account, "deleting an account", err);
	rc = qv__pg_finish(c, rc, err);
out:
	qv__pg_give(c);
	return rc;
}

long long qv__pg_player_account(qv__store *s, const char *player)
{
	qv__pg_args a = {0};
	qv__pg_text(&a, player);
	PGresult *r = read_rows(s, PG_AC_PLAYER_ACCOUNT, &a);
	if (!r)
		return -1;
	long long account = PQntuples(r) > 0 ? qv__pg_ll(r, 0, 0) : 0;
	PQclear(r);
	return account;
}
