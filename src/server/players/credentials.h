/*
 * credentials.h - what the account routes share (account.c, signin.c, export.c): a request's
 * string fields, a username's keys, the answers, sessions started, and a password's work sent
 * through the password gate (pwgate.h) with its throttling (throttle.h) and device cookie
 * (device.h). credentials.c implements it. Internal to the server's accounts.
 */
#ifndef QUIVER_SERVER_PLAYERS_CREDENTIALS_H
#define QUIVER_SERVER_PLAYERS_CREDENTIALS_H

#include <jansson.h>

#include "server/net/req.h"
#include "server/players/session.h"
#include "server/state/server.h"
#include "server/state/throttle.h"
#include "server/store/accounts.h"
#include "server/table/chat.h"

/* A request's fields as read: strings of valid UTF-8 (JSON's). */
typedef struct qv__acct_fields {
	const char *text[3];
	size_t len[3];
} qv__acct_fields;

/* Reads the request's JSON object and its string fields `names` (NULL-terminated, at most 3),
 * each described by `expect` for the message; answers 400 (or the reading's status) itself.
 * Returns 0 or that status; *req is the caller's on 0. */
int qv__acct_read(qv__req *c, json_t **req, const char *what, const char *const *names,
                  const char *const *expect, qv__acct_fields *f);

/* A username cleaned (qv__name_clean) into name, and its key of uniqueness (A to Z in
 * lowercase) into lower; false with a message beginning "username: " when it is no name. */
bool qv__acct_username(const char *text, size_t len, char name[QV__NAME_BYTES],
                       char lower[QV__NAME_BYTES], qv_err *err);
/* The username's key, "" when the text cannot be a username (no account has it). */
void qv__acct_lower(const char *text, size_t len, char lower[QV__NAME_BYTES]);

/* Answers 503 with the database's message; returns 503. */
int qv__acct_db_failed(qv__req *c, const qv_err *err);
/* Answers {"username"} with status, and the session's cookie unless id is NULL. */
int qv__acct_answer(qv__server *srv, qv__req *c, int status, const char *username, const char *id);

/* What a password's work is for. */
typedef enum qv__pw_kind {
	QV__PW_SIGN_IN,
	QV__PW_SIGN_UP,
	QV__PW_RECOVER,
	QV__PW_CHANGE,
	QV__PW_DELETE
} qv__pw_kind;

/* A request's password work, made on its request worker and run in the password gate. */
typedef struct qv__pwtask qv__pwtask;
struct qv__pwtask {
	qv__server *srv;
	qv__req *c;
	qv__pw_kind kind;
	char *pw;  /* the password given (sign-in, deletion; a change's old one), a copy */
	char *pw2; /* the new one (sign-up, recovery, change), a copy */
	size_t len, len2;
	char name[QV__NAME_BYTES], lower[QV__NAME_BYTES];
	char code[65];                  /* recovery: the code's stored form */
	qv__store_account acct;         /* the account named (found) or signed in */
	int found;                      /* 1 when acct is one */
	long long session_account;      /* change, deletion: the session's account */
	char keys[2][QV__THROTTLE_KEY]; /* throttle.h's keys this attempt counts against */
	int nkeys;
	bool counted; /* a guess: counted as a failure as it begins (not a sign-up) */
	/* The work in the gate: writes the request's answer (the gate hands it back). */
	void (*run)(qv__pwtask *t);
};

/* A new task of kind for request c with the passwords pw (and pw2, NULL: none) copied, to be
 * done by run in the gate; NULL (503 answered) when out of memory. */
qv__pwtask *qv__pwtask_new(qv__server *srv, qv__req *c, qv__pw_kind kind,
                           void (*run)(qv__pwtask *t), const char *pw, size_t len, const char *pw2,
                           size_t len2);
/* Frees a task, its passwords wiped. */
void qv__pwtask_free(qv__pwtask *t);

/* Throttles task t (its account, when found, decides whether the request's device cookie is
 * the account's: device.h) and queues it in the password gate: QV__REQ_DEFERRED when queued
 * (the gate answers), else the status answered (429 throttled or the gate full, 503), t freed
 * either way. */
int qv__pwtask_submit(qv__pwtask *t);

/* 0 when account id `account` may have a session; else answers c 403 (the site's operator
 * suspended it: quiver admin suspend, admin.h) or 503 (the database failed) and returns it. */
int qv__acct_suspended(qv__server *srv, qv__req *c, long long account);

/* The task's throttle keys after its attempt: a success resets them. */
void qv__pwtask_succeeded(qv__pwtask *t);

/* Starts a session of acct for request c, ending the one the request had (its channels
 * closed), and answers 200 {"username"} with its cookie (503 when the database failed; 403
 * for an account the site's operator suspended, qv__acct_suspended). */
int qv__acct_start_session(qv__server *srv, qv__req *c, const qv__store_account *acct);

#endif
