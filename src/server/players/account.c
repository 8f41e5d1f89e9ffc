/*
 * account.c - sign-up, recovery, password change and deletion (account.h), each with its
 * password's work in the password gate (pwgate.h, credentials.c).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "games/json_util.h"
#include "server/net/reply.h"
#include "server/players/account.h"
#include "server/players/blocks.h"
#include "server/players/community.h"
#include "server/players/credentials.h"
#include "server/players/device.h"
#include "server/players/password.h"
#include "server/players/skeleton.h"

/* ---- sign-up ---- */

/* New recovery codes ("abcde-fghij") into codes, and the hashes the store keeps into hashes
 * (of the 10 letters without the dash). */
static void recovery_new(char codes[QV__RECOVERY_CODES][QV__RECOVERY_LEN + 2],
                         char hashes[QV__RECOVERY_CODES][QV__HASH_LEN + 1])
{
	static const char letters[] = "abcdefghijklmnopqrstuvwxyz234567";
	for (int i = 0; i < QV__RECOVERY_CODES; i++) {
		char plain[QV__RECOVERY_LEN + 1];
		for (int k = 0; k < QV__RECOVERY_LEN; k++)
			plain[k] = letters[randombytes_uniform(32)];
		plain[QV__RECOVERY_LEN] = '\0';
		qv__token_hash(plain, QV__RECOVERY_LEN, hashes[i]);
		snprintf(codes[i], QV__RECOVERY_LEN + 2, "%.5s-%.5s", plain, plain + 5);
	}
}

/* Answers 201 {"username", "recovery_codes"} with the session's cookie. */
static void signed_up(qv__pwtask *t, char codes[QV__RECOVERY_CODES][QV__RECOVERY_LEN + 2],
                      const char *id, const char *hash)
{
	json_t *list = json_array();
	for (int i = 0; i < QV__RECOVERY_CODES; i++)
		list = qv__json_push(list, json_string(codes[i]));
	json_t *body = json_pack("{s:s, s:o}", "username", t->name, "recovery_codes",
	                         list ? list : json_array());
	qv__reply_json(t->c, 201, body);
	json_decref(body);
	qv__session_cookie(t->c, id, t->srv->cfg.secure_cookies);
	qv__device_cookie(t->c, t->lower, hash, t->srv->cfg.secure_cookies);
}

/* In the gate: the password hashed, the account stored with its codes and first session, and
 * 201 answered (or 409, 503). */
static void sign_up_run(qv__pwtask *t)
{
	char codes[QV__RECOVERY_CODES][QV__RECOVERY_LEN + 2];
	char hashes[QV__RECOVERY_CODES][QV__HASH_LEN + 1], hash[QV__STORE_PWHASH];
	const char *stored[QV__RECOVERY_CODES];
	if (!qv__password_hash(t->pw2, t->len2, hash)) {
		qv__reply_error(t->c, 503, "out of memory hashing the password; try again");
		return;
	}
	recovery_new(codes, hashes);
	for (int i = 0; i < QV__RECOVERY_CODES; i++)
		stored[i] = hashes[i];
	char id[QV__KEY_LEN + 1], shash[QV__HASH_LEN + 1];
	qv__store_session sess;
	qv__session_new(t->c, id, shash, &sess);
	qv_err err;
	qv_status rc = qv__store_account_create(t->srv->store, t->name, t->lower, hash, stored,
	                                        QV__RECOVERY_CODES, &sess, &err);
	if (rc == QV_ESTATE)
		qv__reply_error(t->c, 409, "username: '%s' is taken (in some case); choose another",
		                t->name);
	else if (rc)
		qv__acct_db_failed(t->c, &err);
	else
		signed_up(t, codes, id, hash);
	/* its key of likeness, which a start fills in should this fail */
	char *key = rc ? NULL : malloc(QV__SKELETON_BYTES);
	qv__store_account made;
	if (key && qv__skeleton_key(t->name, key) &&
	    qv__store_account_find(t->srv->store, t->lower, &made) == 1)
		(void)qv__store_account_skeleton(t->srv->store, made.id, key, &err);
	free(key);
	sodium_memzero(codes, sizeof codes);
	sodium_memzero(id, sizeof id);
}

static const char *const signup_fields[] = {"username", "password", NULL};
static const char *const signup_expect[] = {
    "a username of 1 to 24 characters (the rules of a player's name)",
    "a password of 8 to 256 characters", NULL};

/* Whether a new username looks like an existing one (skeleton.h): 0 when not, else the status
 * answered (409 naming the one it looks like, 503). */
static int likeness(qv__server *srv, qv__req *c, const char *name)
{
	qv__store_account like;
	int found = qv__skeleton_account_like(srv->store, name, &like);
	if (found < 0) {
		qv__reply_error(c, 503, "the database failed comparing '%s' with the usernames",
		                name);
		return 503;
	}
	if (found == 0)
		return 0;
	qv__reply_error(c, 409,
	                "username: '%s' looks like the username '%s' (their letters are "
	                "confusable, as Unicode's confusables list them: UTS #39); choose another",
	                name, like.username);
	return 409;
}

/* The sign-up's checks before its hash: the name, the password's rules, the name free, the
 * address's rate; 0, or the status answered. */
static int sign_up_check(qv__server *srv, qv__req *c, const qv__acct_fields *f, qv__pwtask *t)
{
	qv__store_account known;
	qv_err err;
	int st;
	if (!qv__acct_username(f->text[0], f->len[0], t->name, t->lower, &err) ||
	    qv__password_check(f->text[1], f->len[1], t->name, "password", &err)) {
		qv__reply_error(c, 400, "%s", err.msg);
		return 400;
	}
	if ((st = qv__store_account_find(srv->store, t->lower, &known)) != 0) {
		st = st < 0 ? 503 : 409;
		qv__reply_error(c, st,
		                st == 409 ? "username: '%s' is taken (in some case); "
		                            "choose another"
		                          : "the database failed looking for '%s'",
		                t->name);
		return st;
	}
	if ((st = likeness(srv, c, t->name)) != 0)
		return st;
	if (qv__server_creation_rate(srv, qv__req_addr(c), &err)) {
		qv__reply_error(c, 429, "%s", err.msg);
		return 429;
	}
	return 0;
}

int qv__account_create(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	if (!qv__session_same_origin(c))
		return 403;
	json_t *req;
	qv__acct_fields f;
	int st = qv__acct_read(c, &req, "a sign-up", signup_fields, signup_expect, &f);
	if (st)
		return st;
	qv__pwtask *t =
	    qv__pwtask_new(srv, c, QV__PW_SIGN_UP, sign_up_run, NULL, 0, f.text[1], f.len[1]);
	st = t ? sign_up_check(srv, c, &f, t) : 503;
	json_decref(req);
	if (st) {
		qv__pwtask_free(t);
		return st;
	}
	return qv__pwtask_submit(t);
}

/* ---- recovery and a new password ---- */

static const char *const recover_fields[] = {"username", "code", "password", NULL};
static const char *const recover_expect[] = {"your username",
                                             "one of your recovery codes (\"abcde-fghij\")",
                                             "a new password of 8 to 256 characters", NULL};

/* The stored form of a recovery code as typed: its letters without dashes and spaces, in
 * lowercase, hashed; "" when it cannot be a code. */
static void code_hash(const char *text, size_t len, char hash[QV__HASH_LEN + 1])
{
	char plain[QV__RECOVERY_LEN + 1];
	size_t n = 0;
	hash[0] = '\0';
	for (size_t i = 0; i < len; i++) {
		char ch = (char)tolower((unsigned char)text[i]);
		if (ch == '-' || ch == ' ')
			continue;
		if (n == QV__RECOVERY_LEN || !strchr("abcdefghijklmnopqrstuvwxyz234567", ch) || !ch)
			return;
		plain[n++] = ch;
	}
	if (n == QV__RECOVERY_LEN)
		qv__token_hash(plain, n, hash);
}

/* Sets the task's new password (pw2) on its account with the recovery code t->code ("": none),
 * ending every session and channel of the account and starting the request's session, with a
 * new device cookie; answers 200 (or 403 for a code that is not an unused one or a suspended
 * account, which keeps the new password but no session, 503). */
static void new_password(qv__pwtask *t)
{
	char hash[QV__STORE_PWHASH], id[QV__KEY_LEN + 1], shash[QV__HASH_LEN + 1];
	if (!qv__password_hash(t->pw2, t->len2, hash)) {
		qv__reply_error(t->c, 503, "out of memory hashing the password; try again");
		return;
	}
	qv__store_session sess;
	qv__session_new(t->c, id, shash, &sess);
	qv_err err;
	qv_status rc = qv__store_account_password(t->srv->store, t->acct.id, hash,
	                                          t->code[0] ? t->code : NULL, &sess, &err);
	if (rc == QV_ESTATE) {
		qv__reply_error(t->c, 403,
		                "wrong username or recovery code (or a code used already)");
	} else if (rc) {
		qv__acct_db_failed(t->c, &err);
	} else if (qv__acct_suspended(t->srv, t->c, t->acct.id)) {
		/* the new password kept (the owner proved it), not the session */
		qv__store_session_end(t->srv->store, shash, &err);
	} else {
		qv__pwtask_succeeded(t);
		t->srv->chan_close(t->srv, t->acct.id, NULL, QV__CHAN_ENDED);
		qv__acct_answer(t->srv, t->c, 200, t->acct.username, id);
		qv__device_cookie(t->c, t->lower, hash, t->srv->cfg.secure_cookies);
	}
	sodium_memzero(id, sizeof id);
}

/* In the gate: a recovery with a code of no account is refused as a wrong code is, after the
 * same hash. */
static void recover_run(qv__pwtask *t)
{
	if (t->found && t->code[0]) {
		new_password(t);
		return;
	}
	char hash[QV__STORE_PWHASH];
	(void)qv__password_hash(t->pw2, t->len2, hash);
	qv__reply_error(t->c, 403, "wrong username or recovery code (or a code used already)");
}

int qv__account_recover(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	if (!qv__session_same_origin(c))
		return 403;
	json_t *req;
	qv__acct_fields f;
	int st = qv__acct_read(c, &req, "a recovery", recover_fields, recover_expect, &f);
	if (st)
		return st;
	qv_err err;
	qv__pwtask *t = NULL;
	if (qv__password_check(f.text[2], f.len[2], f.text[0], "password", &err)) {
		qv__reply_error(c, 400, "%s", err.msg);
		st = 400;
	} else if (!(t = qv__pwtask_new(srv, c, QV__PW_RECOVER, recover_run, NULL, 0, f.text[2],
	                                f.len[2]))) {
		st = 503;
	} else {
		qv__acct_lower(f.text[0], f.len[0], t->lower);
		code_hash(f.text[1], f.len[1], t->code);
		t->found = t->lower[0] ? qv__store_account_find(srv->store, t->lower, &t->acct) : 0;
	}
	json_decref(req);
	if (st)
		return st;
	if (t->found < 0) {
		qv__pwtask_free(t);
		qv__reply_error(c, 503, "the database failed looking for the account");
		return 503;
	}
	return qv__pwtask_submit(t);
}

/* In the gate: whether the task's current password (pw) is its account's; answers 403 naming
 * the field when not. */
static bool current_right(qv__pwtask *t, const char *field)
{
	bool rehash = false;
	if (qv__password_verify(t->acct.hash, t->pw, t->len, &rehash) &&
	    t->acct.id == t->session_account)
		return true;
	qv__reply_error(t->c, 403, "%s: not your current password", field);
	return false;
}

/* A signed-in request's task: its session, origin, fields and account read; 0 with *out, or
 * the status answered. The current password is field index `current` of names. */
static int signed_in_task(qv__server *srv, qv__req *c, qv__pw_kind kind, void (*run)(qv__pwtask *),
                          const char *what, const char *const *names, const char *const *expect,
                          qv__pwtask **out)
{
	qv__session s;
	json_t *req;
	qv__acct_fields f;
	*out = NULL;
	int st = qv__session_require(srv, c, &s);
	if (st)
		return st;
	if (!qv__session_same_origin(c))
		return 403;
	if ((st = qv__acct_read(c, &req, what, names, expect, &f)) != 0)
		return st;
	qv_err err;
	if (f.len[0] > QV__PASSWORD_BYTES) {
		qv__reply_error(c, 400, "%s: at most %d bytes", names[0], QV__PASSWORD_BYTES);
		st = 400;
	} else if (kind == QV__PW_CHANGE &&
	           qv__password_check(f.text[1], f.len[1], s.account.username, "new", &err)) {
		qv__reply_error(c, 400, "%s", err.msg);
		st = 400;
	} else if (!(*out = qv__pwtask_new(srv, c, kind, run, f.text[0], f.len[0],
	                                   kind == QV__PW_CHANGE ? f.text[1] : NULL,
	                                   kind == QV__PW_CHANGE ? f.len[1] : 0))) {
		st = 503;
	}
	json_decref(req);
	if (st)
		return st;
	qv__pwtask *t = *out;
	t->session_account = s.account.id;
	qv__acct_lower(s.account.username, strlen(s.account.username), t->lower);
	t->found = qv__store_account_find(srv->store, t->lower, &t->acct);
	if (t->found != 1) {
		qv__pwtask_free(t);
		*out = NULL;
		qv__reply_error(c, 503, "the database failed looking for the account");
		return 503;
	}
	return 0;
}

static void change_run(qv__pwtask *t)
{
	if (current_right(t, "old"))
		new_password(t);
}

static const char *const change_fields[] = {"old", "new", NULL};
static const char *const change_expect[] = {"your current password",
                                            "a new password of 8 to 256 characters", NULL};

int qv__account_password(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__pwtask *t;
	int st = signed_in_task(srv, c, QV__PW_CHANGE, change_run, "a password change",
	                        change_fields, change_expect, &t);
	return st ? st : qv__pwtask_submit(t);
}

/* In the gate: the account deleted with everything it had, its channels closed. */
static void delete_run(qv__pwtask *t)
{
	if (!current_right(t, "password"))
		return;
	qv_err err;
	if (qv__store_account_delete(t->srv->store, t->acct.id, &err)) {
		qv__acct_db_failed(t->c, &err);
		return;
	}
	qv__blocks_forget(t->srv->store, t->acct.id);
	qv__community_forget(t->srv->store, t->acct.id);
	qv__pwtask_succeeded(t);
	t->srv->chan_close(t->srv, t->acct.id, NULL, QV__CHAN_ENDED);
	qv__req_status(t->c, 204);
	qv__session_cookie(t->c, NULL, t->srv->cfg.secure_cookies);
}

static const char *const delete_fields[] = {"password", NULL};
static const char *const delete_expect[] = {"your password", NULL};

int qv__account_delete(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__pwtask *t;
	int st = signed_in_task(srv, c, QV__PW_DELETE, delete_run, "an account's deletion",
	                        delete_fields, delete_expect, &t);
	return st ? st : qv__pwtask_submit(t);
}
