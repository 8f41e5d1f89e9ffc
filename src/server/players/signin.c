/*
 * signin.c - signing in and out (account.h): the sign-in's password checked in the password
 * gate (pwgate.h), throttled per device or per address and username (credentials.c).
 */
#include <string.h>

#include "server/net/reply.h"
#include "server/players/account.h"
#include "server/players/credentials.h"
#include "server/players/device.h"
#include "server/players/password.h"
#include "server/players/pwgate.h"

static const char *const signin_fields[] = {"username", "password", NULL};
static const char *const signin_expect[] = {"your username", "your password", NULL};

/* In the gate: the password checked against the account (the dummy hash when there is none,
 * so that an unknown username takes the time a known one does), and a session started, with a
 * new device cookie, on a match. A right password of a hash made with weaker limits is hashed
 * again. */
static void sign_in_run(qv__pwtask *t)
{
	bool rehash = false;
	bool ok =
	    qv__password_verify(t->found ? t->acct.hash : NULL, t->pw, t->len, &rehash) && t->found;
	if (!ok) {
		qv__reply_error(t->c, 401, "wrong username or password");
		return;
	}
	qv__pwtask_succeeded(t);
	char hash[QV__STORE_PWHASH];
	qv_err err;
	if (rehash && qv__password_hash(t->pw, t->len, hash) &&
	    !qv__store_account_rehash(t->srv->store, t->acct.id, hash, &err))
		qv_copy(t->acct.hash, sizeof t->acct.hash, hash);
	if (qv__acct_start_session(t->srv, t->c, &t->acct) == 200)
		qv__device_cookie(t->srv, t->c, t->lower, t->acct.hash, t->srv->cfg.secure_cookies);
}

int qv__account_sign_in(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	if (!qv__session_same_origin(c))
		return 403;
	json_t *req;
	qv__acct_fields f;
	int st = qv__acct_read(c, &req, "a sign-in", signin_fields, signin_expect, &f);
	if (st)
		return st;
	if (f.len[1] > QV__PASSWORD_BYTES) {
		json_decref(req);
		qv__reply_error(c, 400, "password: at most %d bytes", QV__PASSWORD_BYTES);
		return 400;
	}
	qv__pwtask *t =
	    qv__pwtask_new(srv, c, QV__PW_SIGN_IN, sign_in_run, f.text[1], f.len[1], NULL, 0);
	if (t)
		qv__acct_lower(f.text[0], f.len[0], t->lower);
	json_decref(req);
	if (!t)
		return 503;
	t->found = t->lower[0] ? qv__store_account_find(srv->store, t->lower, &t->acct) : 0;
	if (t->found < 0) {
		qv__pwtask_free(t);
		qv__reply_error(c, 503, "the database failed looking for the account");
		return 503;
	}
	return qv__pwtask_submit(t);
}

int qv__account_sign_out(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__session s;
	int st = qv__session_require(srv, c, &s);
	if (st)
		return st;
	if (!qv__session_same_origin(c))
		return 403;
	qv_err err;
	if (qv__store_session_end(srv->store, s.hash, &err))
		return qv__acct_db_failed(c, &err);
	srv->chan_close(srv, 0, s.hash, QV__CHAN_ENDED);
	qv__req_status(c, 204);
	qv__session_cookie(c, NULL, srv->cfg.secure_cookies);
	return 204;
}
