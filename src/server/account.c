/*
 * account.c - sign-up, sign-in, sign-out, recovery, password change, export and deletion
 * (account.h).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "games/json_util.h"
#include "server/account.h"
#include "server/chat.h"
#include "server/password.h"
#include "server/reply.h"
#include "server/session.h"
#include "server/store_accounts.h"
#include "server/throttle.h"

/* A request's fields as read: strings of valid UTF-8 (JSON's). */
typedef struct fields {
	const char *text[3];
	size_t len[3];
} fields;

/* Reads the request's string fields `names` (NULL-terminated, at most 3) into f, each
 * described by `expect` for the message: false and a message naming the field (or the unknown
 * one) when one is missing or not a string. */
static bool read_fields(const json_t *req, const char *what, const char *const *names,
                        const char *const *expect, fields *f, qv_err *err)
{
	if (qv__json_check_keys(req, what, names, err))
		return false;
	for (int i = 0; names[i]; i++) {
		const json_t *v = json_object_get(req, names[i]);
		if (!json_is_string(v)) {
			qv_fail(err, QV_EINVAL, "%s: %s, expected %s", names[i],
			        v ? "not a string" : "missing", expect[i]);
			return false;
		}
		f->text[i] = json_string_value(v);
		f->len[i] = json_string_length(v);
	}
	return true;
}

/* A username cleaned (qv__name_clean) into name, and its key of uniqueness (A to Z in
 * lowercase) into lower; the message begins "username: ". */
static bool username_clean(const char *text, size_t len, char name[QV__NAME_BYTES],
                           char lower[QV__NAME_BYTES], qv_err *err)
{
	qv_err why;
	if (qv__name_clean(text, len, name, QV__NAME_BYTES, &why)) {
		const char *rule = strncmp(why.msg, "name: ", 6) == 0 ? why.msg + 6 : why.msg;
		qv_fail(err, QV_EINVAL, "username: %s", rule);
		return false;
	}
	size_t i = 0;
	for (; name[i]; i++)
		lower[i] = (char)tolower((unsigned char)name[i]);
	lower[i] = '\0';
	return true;
}

/* Reads the request's JSON object and its fields; answers 400 (or the reading's status)
 * itself. Returns 0 or that status; *req is the caller's on 0. */
static int read_request(qv__req *c, json_t **req, const char *what, const char *const *names,
                        const char *const *expect, fields *f)
{
	int st = qv__reply_read_json(c, req, NULL);
	if (st)
		return st;
	qv_err err;
	if (!read_fields(*req, what, names, expect, f, &err)) {
		json_decref(*req);
		*req = NULL;
		qv__reply_error(c, 400, "%s", err.msg);
		return 400;
	}
	return 0;
}

/* ---- throttling ---- */

/* The keys of throttle.h of the request's address and of a username's key. */
static void throttle_keys(qv__req *c, const char *lower, char a[QV__THROTTLE_KEY],
                          char u[QV__THROTTLE_KEY])
{
	snprintf(a, QV__THROTTLE_KEY, "a:%s", qv__req_addr(c));
	snprintf(u, QV__THROTTLE_KEY, "u:%s", lower);
}

/* Answers 429, with Retry-After, when the address or the username must still wait; returns
 * 429 then, else 0. */
static int throttled(qv__server *srv, qv__req *c, const char *lower)
{
	char a[QV__THROTTLE_KEY], u[QV__THROTTLE_KEY];
	throttle_keys(c, lower, a, u);
	double now = qv__session_now();
	double wait = fmax(qv__throttle_wait(srv->throttle, a, now),
	                   qv__throttle_wait(srv->throttle, u, now));
	if (wait <= 0)
		return 0;
	long secs = (long)ceil(wait);
	char header[32];
	snprintf(header, sizeof header, "%ld", secs);
	qv__reply_error(c, 429,
	                "too many failed attempts to sign in from your address or to this "
	                "account: try again in %ld s",
	                secs);
	qv__req_add_header(c, "Retry-After", header);
	return 429;
}

/* Counts a failure (ok false) or a success (ok true) of the address and the username. */
static void attempted(qv__server *srv, qv__req *c, const char *lower, bool ok)
{
	char a[QV__THROTTLE_KEY], u[QV__THROTTLE_KEY];
	throttle_keys(c, lower, a, u);
	if (ok) {
		qv__throttle_reset(srv->throttle, a);
		qv__throttle_reset(srv->throttle, u);
	} else {
		double now = qv__session_now();
		qv__throttle_fail(srv->throttle, a, now);
		qv__throttle_fail(srv->throttle, u, now);
	}
}

/* ---- answers ---- */

/* Answers {"username"} with status (and the session's cookie, id, unless it is NULL). */
static int answer_username(qv__server *srv, qv__req *c, int status, const char *username,
                           const char *id)
{
	json_t *body = json_pack("{s:s}", "username", username);
	qv__reply_json(c, status, body);
	json_decref(body);
	if (id)
		qv__session_cookie(c, id, srv->cfg.secure_cookies);
	return status;
}

static int db_failed(qv__req *c, const qv_err *err)
{
	qv__reply_error(c, 503, "%s", err->msg);
	return 503;
}

/* Starts a session of the account for the request and answers 200 {"username"} with its
 * cookie (503 when the database failed). A session the request had already (the browser
 * signed in as someone else, or as the same account before) ends: its cookie is replaced, and
 * nobody else should hold it. */
static int start_session(qv__server *srv, qv__req *c, const qv__store_account *acct)
{
	char id[QV__KEY_LEN + 1], hash[QV__HASH_LEN + 1];
	qv__store_session sess;
	qv_err err;
	qv__session old;
	if (qv__session_get(srv, c, &old) == 1 && qv__store_session_end(srv->store, old.hash, &err))
		return db_failed(c, &err);
	qv__session_new(c, id, hash, &sess);
	int st = qv__store_session_start(srv->store, acct->id, &sess, &err)
	             ? db_failed(c, &err)
	             : answer_username(srv, c, 200, acct->username, id);
	sodium_memzero(id, sizeof id);
	return st;
}

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

/* Stores the new account with its codes and first session, and answers 201 (or 409, 503). */
static int sign_up(qv__server *srv, qv__req *c, const char *name, const char *lower,
                   const char *hash)
{
	char codes[QV__RECOVERY_CODES][QV__RECOVERY_LEN + 2];
	char hashes[QV__RECOVERY_CODES][QV__HASH_LEN + 1];
	const char *stored[QV__RECOVERY_CODES];
	recovery_new(codes, hashes);
	for (int i = 0; i < QV__RECOVERY_CODES; i++)
		stored[i] = hashes[i];
	char id[QV__KEY_LEN + 1], shash[QV__HASH_LEN + 1];
	qv__store_session sess;
	qv__session_new(c, id, shash, &sess);
	qv_err err;
	qv_status rc = qv__store_account_create(srv->store, name, lower, hash, stored,
	                                        QV__RECOVERY_CODES, &sess, &err);
	if (rc == QV_ESTATE) {
		qv__reply_error(c, 409, "username: '%s' is taken (in some case); choose another",
		                name);
		return 409;
	}
	if (rc)
		return db_failed(c, &err);
	json_t *list = json_array();
	for (int i = 0; i < QV__RECOVERY_CODES; i++)
		list = qv__json_push(list, json_string(codes[i]));
	json_t *body =
	    json_pack("{s:s, s:o}", "username", name, "recovery_codes", list ? list : json_array());
	qv__reply_json(c, 201, body);
	json_decref(body);
	qv__session_cookie(c, id, srv->cfg.secure_cookies);
	sodium_memzero(codes, sizeof codes);
	sodium_memzero(id, sizeof id);
	return 201;
}

static const char *const signup_fields[] = {"username", "password", NULL};
static const char *const signup_expect[] = {
    "a username of 1 to 24 characters (the rules of a player's name)",
    "a password of 8 to 256 characters", NULL};

int qv__account_create(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	if (!qv__session_same_origin(c))
		return 403;
	json_t *req;
	fields f;
	int st = read_request(c, &req, "a sign-up", signup_fields, signup_expect, &f);
	if (st)
		return st;
	char name[QV__NAME_BYTES], lower[QV__NAME_BYTES], hash[QV__STORE_PWHASH];
	qv__store_account known;
	qv_err err;
	if (!username_clean(f.text[0], f.len[0], name, lower, &err) ||
	    qv__password_check(f.text[1], f.len[1], name, "password", &err)) {
		st = 400;
		qv__reply_error(c, 400, "%s", err.msg);
	} else if ((st = qv__store_account_find(srv->store, lower, &known)) != 0) {
		st = st < 0 ? 503 : 409;
		qv__reply_error(c, st,
		                st == 409 ? "username: '%s' is taken (in some case); "
		                            "choose another"
		                          : "the database failed looking for '%s'",
		                name);
	} else if (qv__server_creation_rate(srv, qv__req_addr(c), &err)) {
		st = 429;
		qv__reply_error(c, 429, "%s", err.msg);
	} else if (!qv__password_hash(f.text[1], f.len[1], hash)) {
		st = 503;
		qv__reply_error(c, 503, "out of memory hashing the password; try again");
	} else {
		st = sign_up(srv, c, name, lower, hash);
	}
	json_decref(req);
	return st;
}

/* ---- sign-in and sign-out ---- */

static const char *const signin_fields[] = {"username", "password", NULL};
static const char *const signin_expect[] = {"your username", "your password", NULL};

/* The username's key, "" when the text cannot be a username (no account has it). */
static void lower_of(const char *text, size_t len, char lower[QV__NAME_BYTES])
{
	char name[QV__NAME_BYTES];
	qv_err err;
	if (!username_clean(text, len, name, lower, &err))
		lower[0] = '\0';
}

/* Checks a password against the account of key `lower` (into acct), the dummy hash when there
 * is none, counting the attempt: 1 right, 0 wrong, -1 the database failed. A right password
 * of a hash made with weaker limits is hashed again. */
static int check_password(qv__server *srv, qv__req *c, const char *lower, const char *pw,
                          size_t len, qv__store_account *acct)
{
	int found = lower[0] ? qv__store_account_find(srv->store, lower, acct) : 0;
	if (found < 0)
		return -1;
	bool rehash = false;
	bool ok = qv__password_verify(found ? acct->hash : NULL, pw, len, &rehash) && found;
	attempted(srv, c, lower, ok);
	char hash[QV__STORE_PWHASH];
	qv_err err;
	if (ok && rehash && qv__password_hash(pw, len, hash))
		(void)qv__store_account_rehash(srv->store, acct->id, hash, &err);
	return ok;
}

int qv__account_sign_in(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	if (!qv__session_same_origin(c))
		return 403;
	json_t *req;
	fields f;
	int st = read_request(c, &req, "a sign-in", signin_fields, signin_expect, &f);
	if (st)
		return st;
	char lower[QV__NAME_BYTES];
	qv__store_account acct;
	lower_of(f.text[0], f.len[0], lower);
	if (f.len[1] > QV__PASSWORD_BYTES) {
		st = 400;
		qv__reply_error(c, 400, "password: at most %d bytes", QV__PASSWORD_BYTES);
	} else if (!(st = throttled(srv, c, lower))) {
		int ok = check_password(srv, c, lower, f.text[1], f.len[1], &acct);
		if (ok < 0) {
			st = 503;
			qv__reply_error(c, 503, "the database failed looking for the account");
		} else if (!ok) {
			st = 401;
			qv__reply_error(c, 401, "wrong username or password");
		} else {
			st = start_session(srv, c, &acct);
		}
	}
	json_decref(req);
	return st;
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
		return db_failed(c, &err);
	qv__req_status(c, 204);
	qv__session_cookie(c, NULL, srv->cfg.secure_cookies);
	return 204;
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

/* Sets the new password of account acct with the recovery code of hash `code` (NULL: none),
 * ending every session and starting the request's; answers 200 (or 403 for a code that is not
 * an unused one, 503). */
static int new_password(qv__server *srv, qv__req *c, const qv__store_account *acct, const char *pw,
                        size_t len, const char *code)
{
	char hash[QV__STORE_PWHASH], id[QV__KEY_LEN + 1], shash[QV__HASH_LEN + 1];
	if (!qv__password_hash(pw, len, hash)) {
		qv__reply_error(c, 503, "out of memory hashing the password; try again");
		return 503;
	}
	qv__store_session sess;
	qv__session_new(c, id, shash, &sess);
	qv_err err;
	qv_status rc = qv__store_account_password(srv->store, acct->id, hash, code, &sess, &err);
	int st;
	if (rc == QV_ESTATE) {
		st = 403;
		qv__reply_error(c, 403, "wrong username or recovery code (or a code used already)");
	} else {
		st = rc ? db_failed(c, &err) : answer_username(srv, c, 200, acct->username, id);
	}
	sodium_memzero(id, sizeof id);
	return st;
}

int qv__account_recover(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	if (!qv__session_same_origin(c))
		return 403;
	json_t *req;
	fields f;
	int st = read_request(c, &req, "a recovery", recover_fields, recover_expect, &f);
	if (st)
		return st;
	char lower[QV__NAME_BYTES], code[QV__HASH_LEN + 1];
	qv__store_account acct;
	qv_err err;
	lower_of(f.text[0], f.len[0], lower);
	code_hash(f.text[1], f.len[1], code);
	int found = 0;
	if (qv__password_check(f.text[2], f.len[2], f.text[0], "password", &err)) {
		st = 400;
		qv__reply_error(c, 400, "%s", err.msg);
	} else if (!(st = throttled(srv, c, lower)) &&
	           (found = lower[0] ? qv__store_account_find(srv->store, lower, &acct) : 0) < 0) {
		st = 503;
		qv__reply_error(c, 503, "the database failed looking for the account");
	} else if (!st && (!found || !code[0])) {
		attempted(srv, c, lower, false);
		st = 403;
		qv__reply_error(c, 403, "wrong username or recovery code (or a code used already)");
	} else if (!st) {
		st = new_password(srv, c, &acct, f.text[2], f.len[2], code);
		if (st == 200 || st == 403)
			attempted(srv, c, lower, st == 200);
	}
	json_decref(req);
	return st;
}

/* The signed-in request's current password (field `field` of f, index i) checked, throttled
 * as a sign-in of the account: 0 when right, else the status answered (401 no session, 403
 * wrong, 429, 503). */
static int check_current(qv__server *srv, qv__req *c, const qv__session *s, const fields *f, int i,
                         const char *field)
{
	char lower[QV__NAME_BYTES];
	qv__store_account acct;
	lower_of(s->account.username, strlen(s->account.username), lower);
	if (f->len[i] > QV__PASSWORD_BYTES) {
		qv__reply_error(c, 400, "%s: at most %d bytes", field, QV__PASSWORD_BYTES);
		return 400;
	}
	int st = throttled(srv, c, lower);
	if (st)
		return st;
	int ok = check_password(srv, c, lower, f->text[i], f->len[i], &acct);
	if (ok < 0) {
		qv__reply_error(c, 503, "the database failed looking for the account");
		return 503;
	}
	if (!ok || acct.id != s->account.id) {
		qv__reply_error(c, 403, "%s: not your current password", field);
		return 403;
	}
	return 0;
}

/* The request's session, its origin checked, and its JSON fields: 0, or the status answered
 * (*req is the caller's on 0). */
static int signed_in_request(qv__server *srv, qv__req *c, qv__session *s, json_t **req,
                             const char *what, const char *const *names, const char *const *expect,
                             fields *f)
{
	int st = qv__session_require(srv, c, s);
	if (st)
		return st;
	if (!qv__session_same_origin(c))
		return 403;
	return read_request(c, req, what, names, expect, f);
}

static const char *const change_fields[] = {"old", "new", NULL};
static const char *const change_expect[] = {"your current password",
                                            "a new password of 8 to 256 characters", NULL};

int qv__account_password(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__session s;
	json_t *req;
	fields f;
	int st = signed_in_request(srv, c, &s, &req, "a password change", change_fields,
	                           change_expect, &f);
	if (st)
		return st;
	qv_err err;
	if (qv__password_check(f.text[1], f.len[1], s.account.username, "new", &err)) {
		st = 400;
		qv__reply_error(c, 400, "%s", err.msg);
	} else if (!(st = check_current(srv, c, &s, &f, 0, "old"))) {
		st = new_password(srv, c, &s.account, f.text[1], f.len[1], NULL);
	}
	json_decref(req);
	return st;
}

static const char *const delete_fields[] = {"password", NULL};
static const char *const delete_expect[] = {"your password", NULL};

int qv__account_delete(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__session s;
	json_t *req;
	fields f;
	int st = signed_in_request(srv, c, &s, &req, "an account's deletion", delete_fields,
	                           delete_expect, &f);
	if (st)
		return st;
	qv_err err;
	if (!(st = check_current(srv, c, &s, &f, 0, "password"))) {
		if (qv__store_account_delete(srv->store, s.account.id, &err)) {
			st = db_failed(c, &err);
		} else {
			st = 204;
			qv__req_status(c, 204);
			qv__session_cookie(c, NULL, srv->cfg.secure_cookies);
		}
	}
	json_decref(req);
	return st;
}

/* ---- export ---- */

/* The records of the finished tables of the seats, each once, into games. */
static json_t *records(qv__server *srv, const qv__player_seat *seats, int n)
{
	json_t *games = json_array(), *seen = json_object();
	for (int i = 0; games && seen && i < n; i++) {
		if (!seats[i].over || json_object_get(seen, seats[i].id))
			continue;
		json_object_set_new(seen, seats[i].id, json_true());
		char *info = NULL, *record = NULL;
		json_t *j = NULL;
		json_error_t jerr;
		if (qv__store_get_over(srv->store, seats[i].id, &info, &record) == 1 &&
		    qv__json_parse(record, strlen(record), 0, &j, &jerr) == QV_OK)
			games = qv__json_push(games, j);
		free(info);
		free(record);
	}
	json_decref(seen);
	return games;
}

int qv__account_export(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__session s;
	int st = qv__session_require(srv, c, &s);
	if (st)
		return st;
	qv__player_seat *seats = calloc(QV__EXPORT_MAX, sizeof *seats);
	int n = 0;
	qv_err err;
	if (!seats) {
		qv__reply_error(c, 503, "out of memory listing your games");
		return 503;
	}
	if (qv__store_player_tables(srv->store, "", s.account.id, QV__EXPORT_MAX, seats, &n,
	                            &err)) {
		free(seats);
		return db_failed(c, &err);
	}
	json_t *games = records(srv, seats, n);
	free(seats);
	json_t *body =
	    games ? json_pack("{s:s, s:o}", "username", s.account.username, "games", games) : NULL;
	if (!body) {
		qv__reply_error(c, 503, "out of memory writing your games");
		return 503;
	}
	qv__reply_json(c, 200, body);
	json_decref(body);
	qv__session_done(srv, c, &s);
	return 200;
}
