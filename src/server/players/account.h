/*
 * account.h - optional accounts, as handlers of the API's route table (http.c): sign-up with
 * a username and a password (and 8 recovery codes shown once), sign-in and sign-out, recovery
 * with a code, a password change, the export of one's finished games and the account's
 * deletion. Playing needs no account: a browser's player key (player.h) keeps its tables, and
 * signing in links the key to the account, so that every browser one signs in from lists the
 * tables of all of them (GET /api/me). Passwords: password.h, checked and hashed in the password
 * gate (pwgate.h: never on a request worker); sessions and the check against cross-site
 * requests: session.h; the waits after failures: throttle.h, with device cookies (device.h);
 * storage: store.h. signin.c has the sign-in and sign-out, account.c the rest, export.c the
 * export, credentials.c what they share.
 *
 * A username follows the rules of a player's name (qv__name_clean) and is unique in any case
 * of A to Z ("Ann" and "ANN" are one). Every route that changes something checks the request's
 * Origin (qv__session_same_origin), the sign-up and the sign-in too (against a forged sign-in
 * into someone else's account). Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_ACCOUNT_H
#define QUIVER_SERVER_PLAYERS_ACCOUNT_H

#include "server/net/route.h"
#include "server/state/server.h"

/* Recovery codes given at sign-up, and their letters (base32, shown as two groups of 5). */
#define QV__RECOVERY_CODES 8
#define QV__RECOVERY_LEN   10

/* The most finished games GET /api/account/export gives, and the exports written at once in the
 * process (export.c). */
#define QV__EXPORT_MAX      10000
#define QV__EXPORTS_AT_ONCE 2

/* POST /api/accounts {"username", "password"}: 201 {"username", "recovery_codes": [8]} and a
 * session; 409 when the username is taken. */
int qv__account_create(qv__server *srv, qv__req *c, const qv__route_match *m);

/* POST /api/session {"username", "password"}: 200 {"username"} and a session, the request's
 * player key linked to the account; 401 for a wrong username or password alike; 429 (with
 * Retry-After) while the address or the username must wait (throttle.h). */
int qv__account_sign_in(qv__server *srv, qv__req *c, const qv__route_match *m);

/* DELETE /api/session: 204, the request's session ended and its cookie cleared. */
int qv__account_sign_out(qv__server *srv, qv__req *c, const qv__route_match *m);

/* POST /api/accounts/recover {"username", "code", "password"}: with an unused recovery code,
 * 200 {"username"}: the password is the new one, the code used, every other session ended,
 * and a new one started; 403 for a wrong or used code (throttled as a sign-in). */
int qv__account_recover(qv__server *srv, qv__req *c, const qv__route_match *m);

/* POST /api/account/password {"old", "new"} (signed in): 200 {"username"}, every session of
 * the account ended and a new one started for the request; 403 when old is wrong. */
int qv__account_password(qv__server *srv, qv__req *c, const qv__route_match *m);

/* GET /api/account/export (signed in): {"username", "games": [records]}, the record (as GET
 * /api/tables/ID/record gives it) of every finished table a key of the account sat at, the
 * newest first, at most QV__EXPORT_MAX; written a record at a time into a temporary file that
 * the network loop sends (export.c), at most QV__EXPORTS_AT_ONCE at once and one per account
 * (else 503 or 429 at once). */
int qv__account_export(qv__server *srv, qv__req *c, const qv__route_match *m);

/* DELETE /api/account {"password"} (signed in): 204, the account gone with its sessions and
 * recovery codes, its player keys unlinked (their seats keep their names). */
int qv__account_delete(qv__server *srv, qv__req *c, const qv__route_match *m);

#endif
