/*
 * session.h - an account's session in a browser: 256 random bits (64 hex digits) in the
 * cookie quiver_session (HttpOnly, SameSite=Lax, Path=/, Max-Age 30 days; Secure with
 * --secure-cookies), of which the server keeps only the SHA-256 (store.h). A session lasts
 * while it is used: one not seen for QV__SESSION_AGE ends, and a request more than
 * QV__SESSION_RENEW after the last renewal renews it (and sends the cookie again, so the
 * browser keeps it as long). Signing out, a password change and the account's deletion end
 * it. Nothing ties it to an address: a stolen cookie works from anywhere until the session
 * ends.
 *
 * Requests that change something on a session's strength are checked against cross-site
 * forgery (qv__session_same_origin). Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_SESSION_H
#define QUIVER_SERVER_PLAYERS_SESSION_H

#include <stdbool.h>

#include "server/base/token.h"
#include "server/net/req.h"
#include "server/state/server.h"
#include "server/store/accounts.h"

#define QV__SESSION_COOKIE "quiver_session"
#define QV__SESSION_AGE    (30 * 24 * 3600) /* seconds without a request before it ends */
#define QV__SESSION_RENEW  (24 * 3600)      /* seconds between renewals */

/* The request's session, when it has a valid one. */
typedef struct qv__session {
	qv__store_account account;
	char hash[QV__HASH_LEN + 1]; /* the stored form of its id */
	char id[QV__KEY_LEN + 1];    /* the id, kept only while its cookie is due again */
	bool renew;                  /* it was renewed: its cookie is due (qv__session_done) */
} qv__session;

/* The session of the request's cookie quiver_session into out: 1 when it has a valid one (it
 * is then renewed when due, and qv__session_done sends its cookie again), 0 when not, -1 when
 * the database failed. */
int qv__session_get(qv__server *srv, qv__req *c, qv__session *out);

/* The stored form (SHA-256) of the request's session cookie into hash, without reading the
 * store ("" without a cookie of a session id's form): a table's WebSocket keeps it from its
 * upgrade, for a device's token (ws.c). */
void qv__session_cookie_hash(qv__req *c, char hash[QV__HASH_LEN + 1]);

/* After the answer is written: sends the cookie of a session renewed by qv__session_get, and
 * forgets its id. */
void qv__session_done(qv__server *srv, qv__req *c, qv__session *s);

/* The request's session into out, or the answer itself: 401 "sign in first" without one, 503
 * when the database failed. Returns 0 or that status. */
int qv__session_require(qv__server *srv, qv__req *c, qv__session *out);

/* Fills a new session's id (64 hex digits) and stored form, with the rest of sess, for the
 * store's functions that start one; qv__session_cookie then sends the id. */
void qv__session_new(qv__req *c, char id[QV__KEY_LEN + 1], char hash[QV__HASH_LEN + 1],
                     qv__store_session *sess);

/* Sets the cookie of session `id` on the answer; NULL clears it (Max-Age=0). */
void qv__session_cookie(qv__req *c, const char *id, bool secure);

/* Whether the request may change something with its cookies: it has no Origin header (not a
 * browser's cross-site request), or its Origin is the server's own (http:// or https:// and
 * the request's Host); and its Sec-Fetch-Site, when it has one, is not `cross-site` or
 * `same-site` (the browser's own word that another site's page sent it, with or without an
 * Origin). Else answers 403 "cross-site request refused" itself, naming the header. */
bool qv__session_same_origin(qv__req *c);
/* The same check, answering nothing. */
bool qv__session_origin_ok(const qv__req *c);

#endif
