/*
 * credentials.c - what the account routes share (credentials.h): fields, usernames, answers,
 * sessions, and a password's work throttled and queued in the password gate.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core/clock.h"
#include "core/fields.h"
#include "server/net/reply.h"
#include "server/players/credentials.h"
#include "server/players/device.h"
#include "server/players/player.h"
#include "server/players/pwgate.h"
#include "server/state/admin.h"

/* ---- fields and usernames ---- */

int qv__acct_read(qv__req *c, json_t **req, const char *what, const char *const *names,
                  const char *const *expect, qv__acct_fields *f)
{
	int st = qv__reply_read_json(c, req, NULL);
	if (st)
		return st;
	qv_err err;
	bool ok = !qv__json_check_keys(*req, what, names, &err);
	for (int i = 0; ok && names[i]; i++) {
		const json_t *v = json_object_get(*req, names[i]);
		if (!json_is_string(v)) {
			qv_fail(&err, QV_EINVAL, "%s: %s, expected %s", names[i],
			        v ? "not a string" : "missing", expect[i]);
			ok = false;
			break;
		}
		f->text[i] = json_string_value(v);
		f->len[i] = json_string_length(v);
	}
	if (ok)
		return 0;
	json_decref(*req);
	*req = NULL;
	qv__reply_error(c, 400, "%s", err.msg);
	return 400;
}

bool qv__acct_username(const char *text, size_t len, char name[QV__NAME_BYTES],
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

void qv__acct_lower(const char *text, size_t len, char lower[QV__NAME_BYTES])
{
	char name[QV__NAME_BYTES];
	qv_err err;
	if (!qv__acct_username(text, len, name, lower, &err))
		lower[0] = '\0';
}

/* ---- answers ---- */

int qv__acct_db_failed(qv__req *c, const qv_err *err)
{
	qv__reply_error(c, 503, "%s", err->msg);
	return 503;
}

int qv__acct_suspended(qv__server *srv, qv__req *c, long long account)
{
	char why[QV__ADMIN_WHY];
	int found = qv__admin_suspended(srv->store, account, why, sizeof why);
	if (found < 0)
		qv__reply_error(c, 503, "the database failed reading the account; try again");
	else if (found)
		qv__reply_error(c, 403, "this account is suspended by the site's operator%s%s",
		                why[0] ? ": " : "", why);
	return found < 0 ? 503 : found ? 403 : 0;
}

int qv__acct_answer(qv__server *srv, qv__req *c, int status, const char *username, const char *id)
{
	json_t *body = json_pack("{s:s}", "username", username);
	qv__reply_json(c, status, body);
	json_decref(body);
	if (id)
		qv__session_cookie(c, id, srv->cfg.secure_cookies);
	return status;
}

int qv__acct_start_session(qv__server *srv, qv__req *c, const qv__store_account *acct)
{
	char id[QV__KEY_LEN + 1], hash[QV__HASH_LEN + 1];
	qv__store_session sess;
	qv_err err;
	qv__session old;
	int st = qv__acct_suspended(srv, c, acct->id);
	if (st)
		return st;
	if (qv__session_get(srv, c, &old) == 1) {
		if (qv__store_session_end(srv->store, old.hash, &err))
			return qv__acct_db_failed(c, &err);
		srv->chan_close(srv, 0, old.hash, QV__CHAN_ENDED);
	}
	qv__session_new(srv, c, id, hash, &sess);
	st = qv__store_session_start(srv->store, acct->id, &sess, &err)
	         ? qv__acct_db_failed(c, &err)
	         : qv__acct_answer(srv, c, 200, acct->username, id);
	sodium_memzero(id, sizeof id);
	return st;
}

/* ---- a password's work ---- */

/* A copy of len bytes of text, NUL-terminated, in memory libsodium wipes; NULL when out of
 * memory. */
static char *secret_copy(const char *text, size_t len)
{
	char *out = malloc(len + 1);
	if (out) {
		memcpy(out, text, len);
		out[len] = '\0';
	}
	return out;
}

qv__pwtask *qv__pwtask_new(qv__server *srv, qv__req *c, qv__pw_kind kind,
                           void (*run)(qv__pwtask *t), const char *pw, size_t len, const char *pw2,
                           size_t len2)
{
	qv__pwtask *t = calloc(1, sizeof *t);
	if (t) {
		*t = (qv__pwtask){.srv = srv,
		                  .c = c,
		                  .kind = kind,
		                  .run = run,
		                  .len = len,
		                  .len2 = len2,
		                  .counted = kind != QV__PW_SIGN_UP};
		t->pw = pw ? secret_copy(pw, len) : NULL;
		t->pw2 = pw2 ? secret_copy(pw2, len2) : NULL;
	}
	if (!t || (pw && !t->pw) || (pw2 && !t->pw2)) {
		qv__pwtask_free(t);
		qv__reply_error(c, 503, "out of memory reading the password");
		return NULL;
	}
	return t;
}

void qv__pwtask_free(qv__pwtask *t)
{
	if (!t)
		return;
	if (t->pw)
		sodium_memzero(t->pw, t->len);
	if (t->pw2)
		sodium_memzero(t->pw2, t->len2);
	free(t->pw);
	free(t->pw2);
	sodium_memzero(t, sizeof *t);
	free(t);
}

/* The throttle's keys of t: the device's when the request carries the account's device cookie
 * (device.h), else its client address's and its username's; whether it is a known device. */
static bool task_keys(qv__pwtask *t)
{
	char nonce[QV__DEVICE_NONCE + 1];
	bool known = t->found && qv__device_known(t->c, t->lower, t->acct.hash, nonce);
	if (known) {
		snprintf(t->keys[0], QV__THROTTLE_KEY, "d:%s", nonce);
		t->nkeys = 1;
	} else {
		snprintf(t->keys[0], QV__THROTTLE_KEY, "a:%s", qv__req_addr(t->c));
		snprintf(t->keys[1], QV__THROTTLE_KEY, "u:%s", t->lower);
		t->nkeys = 2;
	}
	return known;
}

/* Answers 429, with Retry-After, when a key of t must still wait; returns 429 then, else 0. */
static int throttled(qv__pwtask *t)
{
	double now = qv_wall(), wait = 0;
	for (int i = 0; i < t->nkeys; i++)
		wait = fmax(wait, qv__throttle_wait(t->srv->throttle, t->keys[i], now));
	if (wait <= 0)
		return 0;
	long secs = (long)ceil(wait);
	char header[32];
	snprintf(header, sizeof header, "%ld", secs);
	qv__reply_error(t->c, 429,
	                "too many failed attempts to sign in from your address or to this "
	                "account: try again in %ld s",
	                secs);
	qv__req_add_header(t->c, "Retry-After", header);
	return 429;
}

/* The gate's work: the task's own, then the new player key's cookie; the task freed. */
static void gate_run(void *arg, bool run)
{
	qv__pwtask *t = arg;
	if (run)
		t->run(t);
	else
		qv__reply_error(t->c, 503, "the server is stopping; try again in a moment");
	qv__player_answered(t->c, t->srv->cfg.secure_cookies);
	qv__pwtask_free(t);
}

int qv__pwtask_submit(qv__pwtask *t)
{
	bool known = task_keys(t);
	int st = t->counted ? throttled(t) : 0;
	if (st) {
		qv__pwtask_free(t);
		return st;
	}
	/* Counted as it begins: attempts in flight at once are all counted (throttle.h). */
	double now = qv_wall();
	for (int i = 0; t->counted && i < t->nkeys; i++)
		qv__throttle_fail(t->srv->throttle, t->keys[i], now);
	qv__throttle *th = t->srv->throttle;
	char keys[2][QV__THROTTLE_KEY];
	int nkeys = t->counted ? t->nkeys : 0;
	memcpy(keys, t->keys, sizeof keys);
	qv__req *c = t->c;
	st = qv__pwgate_submit(t->srv->pwgate, c, qv__req_addr(c), known, gate_run, t);
	if (st == 0)
		return QV__REQ_DEFERRED; /* t and c are the gate's now */
	for (int i = 0; i < nkeys; i++)
		qv__throttle_undo(th, keys[i]); /* never checked: no attempt */
	qv__pwtask_free(t);
	return st;
}

void qv__pwtask_succeeded(qv__pwtask *t)
{
	for (int i = 0; i < t->nkeys; i++)
		qv__throttle_reset(t->srv->throttle, t->keys[i]);
}
