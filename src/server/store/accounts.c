/*
 * accounts.c - the accounts in the store (accounts.h), written once over the backend's driver
 * (driver.h): accounts, their recovery codes and sessions (kept only as hashes: passwords as
 * libsodium's Argon2id strings, recovery codes and session ids as SHA-256, so that nothing in
 * the database lets one sign in), and the player keys linked to them (schema 6). Each change is
 * one transaction on the driver's connection: SQLite's under the store's lock, PostgreSQL's one
 * of the pool.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/store/accounts.h"
#include "server/store/backend.h"
#include "server/store/driver.h"

/* Runs statement `which` binding one integer (an account's id). */
static qv_status by_account(qv__store_conn *c, int which, long long account, const char *doing,
                            qv_err *err)
{
	qv__store_args a = {0};
	qv__store_arg_int(&a, account);
	return c->s->drv->exec(c, which, &a, NULL, NULL, NULL, doing, err);
}

/* Inside a transaction: ties the account to the browser marked prefix and text (a player key's
 * hash, a device cookie's nonce: ratings.h's farming rule). */
static qv_status tie(qv__store_conn *c, long long account, const char *prefix, const char *text,
                     double now, qv_err *err)
{
	char mark[160];
	snprintf(mark, sizeof mark, "%s%s", prefix, text);
	qv__store_args a = {0};
	qv__store_arg_int(&a, account);
	qv__store_arg_text(&a, mark);
	qv__store_arg_real(&a, now);
	return c->s->drv->exec(c, QS_AC_TIE, &a, NULL, NULL, NULL, "tying an account to a browser",
	                       err);
}

/* Inside a transaction: inserts the session, links the player key to the account and ties the
 * account to the browser's key and device cookies. */
static qv_status session_insert(qv__store_conn *c, long long account, const qv__store_session *sess,
                                qv_err *err)
{
	const qv__store_driver *d = c->s->drv;
	qv__store_args a = {0};
	qv__store_arg_text(&a, sess->hash);
	qv__store_arg_int(&a, account);
	qv__store_arg_real(&a, sess->now);
	qv__store_arg_text(&a, sess->addr);
	qv_status rc = d->exec(c, QS_AC_SESSION, &a, NULL, NULL, NULL, "saving a session", err);
	if (!rc && sess->expired > 0) { /* the sessions that ended unused go as a new one starts */
		qv__store_args b = {0};
		qv__store_arg_real(&b, sess->expired);
		rc = d->exec(c, QS_AC_SESSIONS_EXPIRED, &b, NULL, NULL, NULL,
		             "deleting expired sessions", err);
	}
	if (!rc && sess->player && sess->player[0]) {
		qv__store_args l = {0};
		qv__store_arg_text(&l, sess->player);
		qv__store_arg_real(&l, sess->now);
		qv__store_arg_int(&l, account);
		rc = d->exec(c, QS_AC_LINK, &l, NULL, NULL, NULL,
		             "linking a player key to an account", err);
	}
	const char *const marks[][2] = {{"k:", sess->player}, {"d:", sess->device}};
	for (size_t i = 0; !rc && i < sizeof marks / sizeof marks[0]; i++)
		if (marks[i][1] && marks[i][1][0])
			rc = tie(c, account, marks[i][0], marks[i][1], sess->now, err);
	return rc;
}

/* Inside a transaction: inserts the account (its id into *id); QV_ESTATE when its key is
 * taken. */
static qv_status account_insert(qv__store_conn *c, const char *username, const char *lower,
                                const char *hash, const qv__store_session *sess, long long *id,
                                qv_err *err)
{
	qv__store_args a = {0};
	qv__store_arg_text(&a, username);
	qv__store_arg_text(&a, lower);
	qv__store_arg_text(&a, hash);
	qv__store_arg_real(&a, sess->now);
	qv__store_arg_text(&a, sess->addr);
	qv_status rc = c->s->drv->exec(c, QS_AC_INSERT, &a, qv__store_first_int, id, NULL,
	                               "saving an account", err);
	if (rc && c->taken)
		return qv_fail(err, QV_ESTATE, "username: taken");
	return rc;
}

qv_status qv__store_account_create(qv__store *s, const char *username, const char *lower,
                                   const char *hash, const char *const *codes, int ncodes,
                                   const qv__store_session *sess, qv_err *err)
{
	const qv__store_driver *d = s->drv;
	qv__store_conn *c = d->take(s);
	qv_status rc = d->begin(c, err);
	if (rc)
		goto out;
	long long id = 0;
	rc = account_insert(c, username, lower, hash, sess, &id, err);
	for (int i = 0; !rc && i < ncodes; i++) {
		qv__store_args a = {0};
		qv__store_arg_int(&a, id);
		qv__store_arg_text(&a, codes[i]);
		rc = d->exec(c, QS_AC_CODE, &a, NULL, NULL, NULL, "saving a recovery code", err);
	}
	if (!rc)
		rc = session_insert(c, id, sess, err);
	rc = d->finish(c, rc, err);
out:
	d->give(c);
	return rc;
}

/* What a read of an account finds: the account (and when its session was seen). */
typedef struct found {
	qv__store_account *out;
	double *seen; /* NULL: not read */
	int n;
} found;

/* Reads an account's id, username and hash from columns 0 to 2 (and column 3, seen). */
static void read_account(void *ctx, const qv__drv_row *row)
{
	found *f = ctx;
	if (f->n++)
		return;
	f->out->id = qv__row_int(row, 0);
	qv_copy(f->out->username, sizeof f->out->username, qv__row_text(row, 1));
	qv_copy(f->out->hash, sizeof f->out->hash, qv__row_text(row, 2));
	if (f->seen)
		*f->seen = qv__row_real(row, 3);
}

/* The account that statement `which` finds by text, into out: 1, 0 none, -1 the database
 * failed. */
static int find_by(qv__store *s, int which, const char *text, qv__store_account *out)
{
	qv__store_args a = {0};
	qv__store_arg_text(&a, text);
	found f = {.out = out};
	if (qv__store_one(s, which, &a, read_account, &f, NULL, "reading an account", NULL))
		return -1;
	return f.n > 0;
}

int qv__store_account_find(qv__store *s, const char *lower, qv__store_account *out)
{
	return find_by(s, QS_AC_FIND, lower, out);
}

int qv__store_account_like(qv__store *s, const char *skeleton, qv__store_account *out)
{
	return find_by(s, QS_AC_LIKE, skeleton, out);
}

qv_status qv__store_account_skeleton(qv__store *s, long long account, const char *skeleton,
                                     qv_err *err)
{
	const qv__store_driver *d = s->drv;
	qv__store_conn *c = d->take(s);
	qv_status rc = d->begin(c, err);
	qv__store_args a = {0};
	qv__store_arg_text(&a, skeleton);
	qv__store_arg_int(&a, account);
	if (!rc)
		rc = d->finish(c,
		               d->exec(c, QS_AC_SET_SKELETON, &a, NULL, NULL, NULL,
		                       "saving a username's likeness", err),
		               err);
	d->give(c);
	return rc;
}

qv_status qv__store_session_start(qv__store *s, long long account, const qv__store_session *sess,
                                  qv_err *err)
{
	const qv__store_driver *d = s->drv;
	qv__store_conn *c = d->take(s);
	qv_status rc = d->begin(c, err);
	if (!rc)
		rc = d->finish(c, session_insert(c, account, sess, err), err);
	d->give(c);
	return rc;
}

int qv__store_session_find(qv__store *s, const char *hash, double since, qv__store_account *out,
                           double *seen)
{
	qv__store_args a = {0};
	qv__store_arg_text(&a, hash);
	qv__store_arg_real(&a, since);
	found f = {.out = out, .seen = seen};
	if (qv__store_one(s, QS_AC_SESSION_FIND, &a, read_account, &f, NULL, "reading an account",
	                  NULL))
		return -1;
	return f.n > 0;
}

qv_status qv__store_session_seen(qv__store *s, const char *hash, double now, qv_err *err)
{
	qv__store_args a = {0};
	qv__store_arg_real(&a, now);
	qv__store_arg_text(&a, hash);
	return qv__store_one(s, QS_AC_SESSION_SEEN, &a, NULL, NULL, NULL, "renewing a session",
	                     err);
}

qv_status qv__store_session_end(qv__store *s, const char *hash, qv_err *err)
{
	qv__store_args a = {0};
	qv__store_arg_text(&a, hash);
	return qv__store_one(s, QS_AC_SESSION_END, &a, NULL, NULL, NULL, "ending a session", err);
}

/* Inside a transaction: uses the account's unused recovery code of hash `code`; QV_ESTATE when
 * it has none such. */
static qv_status use_code(qv__store_conn *c, long long account, const char *code, double now,
                          qv_err *err)
{
	qv__store_args a = {0};
	qv__store_arg_real(&a, now);
	qv__store_arg_int(&a, account);
	qv__store_arg_text(&a, code);
	long long changed = 0;
	qv_status rc = c->s->drv->exec(c, QS_AC_USE_CODE, &a, NULL, NULL, &changed,
	                               "using a recovery code", err);
	if (!rc && changed != 1)
		rc = qv_fail(err, QV_ESTATE, "code: not one of the account's unused codes");
	return rc;
}

/* Inside a transaction: sets the hash (and password_at to `at`, unless it is below 0). */
static qv_status set_hash(qv__store_conn *c, long long account, const char *hash, double at,
                          qv_err *err)
{
	qv__store_args a = {0};
	qv__store_arg_text(&a, hash);
	if (at >= 0)
		qv__store_arg_real(&a, at);
	else
		qv__store_arg_text(&a, NULL);
	qv__store_arg_int(&a, account);
	return c->s->drv->exec(c, QS_AC_PASSWORD, &a, NULL, NULL, NULL, "saving a password", err);
}

qv_status qv__store_account_password(qv__store *s, long long account, const char *hash,
                                     const char *code, const qv__store_session *sess, qv_err *err)
{
	const qv__store_driver *d = s->drv;
	qv__store_conn *c = d->take(s);
	qv_status rc = d->begin(c, err);
	if (rc)
		goto out;
	if (code)
		rc = use_code(c, account, code, sess->now, err);
	if (!rc)
		rc = set_hash(c, account, hash, sess->now, err);
	if (!rc)
		rc = by_account(c, QS_AC_SESSIONS_END, account, "ending sessions", err);
	if (!rc)
		rc = session_insert(c, account, sess, err);
	rc = d->finish(c, rc, err);
out:
	d->give(c);
	return rc;
}

qv_status qv__store_account_rehash(qv__store *s, long long account, const char *hash, qv_err *err)
{
	const qv__store_driver *d = s->drv;
	qv__store_conn *c = d->take(s);
	qv_status rc = d->begin(c, err);
	if (!rc)
		rc = d->finish(c, set_hash(c, account, hash, -1, err), err);
	d->give(c);
	return rc;
}

qv_status qv__store_account_delete(qv__store *s, long long account, qv_err *err)
{
	const qv__store_driver *d = s->drv;
	qv__store_conn *c = d->take(s);
	qv_status rc = d->begin(c, err);
	if (rc)
		goto out;
	rc = by_account(c, QS_AC_SESSIONS_END, account, "ending sessions", err);
	if (!rc)
		rc = by_account(c, QS_AC_CODES_DELETE, account, "deleting recovery codes", err);
	if (!rc)
		rc = by_account(c, QS_AC_UNLINK, account, "unlinking player keys", err);
	if (!rc)
		rc = by_account(c, QS_AC_UNTIE, account, "deleting ties to browsers", err);
	if (!rc)
		rc = qv__store_ratings_forget(c, account, err);
	if (!rc)
		rc = by_account(c, QS_AC_DELETE, account, "deleting an account", err);
	rc = d->finish(c, rc, err);
out:
	d->give(c);
	return rc;
}

long long qv__store_player_account(qv__store *s, const char *player)
{
	qv__store_args a = {0};
	qv__store_arg_text(&a, player);
	long long account = 0;
	qv_status rc = qv__store_one(s, QS_AC_PLAYER_ACCOUNT, &a, qv__store_first_int, &account,
	                             NULL, "reading an account", NULL);
	return rc ? -1 : account;
}
