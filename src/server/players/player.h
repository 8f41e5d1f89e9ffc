/*
 * player.h - a browser's player key: 256 random bits (64 hex digits) that the first answer to a
 * browser sets in the cookie quiver_key (HttpOnly, SameSite=Lax, Path=/, one year; Secure with
 * --secure-cookies), of which the server keeps only the SHA-256, as it does of seat tokens.
 * Every seat claimed with it is linked to it (store.h), so that GET /api/me lists one's tables
 * without an account, as lichess keeps anonymous play. The key is a credential only for that
 * list: a seat is still played with its own token.
 *
 * Only keys the server issued are keys (the third audit made up a key for every request, and
 * each wrote a row): a key is 128 random bits and the first 128 bits of their HMAC-SHA256 under
 * the site's secret (token.h's qv__signed_new), which every process of a site reads from the
 * store (schema 14's `secrets`, made once by the first), so that a made-up key is told apart
 * without the store. A key of the older, wholly random form is a key when the store knows it
 * (a browser that took a seat before keys were signed); any other is no key, and the answer
 * gives the browser a new one. Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_PLAYER_H
#define QUIVER_SERVER_PLAYERS_PLAYER_H

#include <stdbool.h>

#include "quiver/core.h"
#include "server/base/token.h"
#include "server/net/req.h"

struct qv__server;
struct qv__store;

#define QV__KEY_COOKIE "quiver_key"
/* How long a browser keeps its key, in seconds: a year, renewed by nothing (a browser that
 * keeps playing keeps the cookie it was given; a year is what lichess gives its own). */
#define QV__KEY_AGE (365 * 24 * 3600)

/* The site's secret, read from the store into out; made first (random, from the OS) when the
 * store has none, once for every process of the site. */
qv_status qv__player_secret(struct qv__store *s, unsigned char out[QV__SECRET_BYTES], qv_err *err);

/* Whether the request comes without a player key (no cookie quiver_key of a key's form, 64
 * lowercase hex digits): then a new key is written into key, and kept with the request for
 * qv__player_answered and qv__player_adopt. The request itself has no player: a seat it claims
 * is linked to no key, since a client that sends no cookie (a script, curl) would never send
 * this one back, and a browser's first request is a page, which brings the key to every later
 * one. A request with a key costs nothing more here: whether the server issued it, and its
 * hash, are worked out only when a handler asks for them (qv__player_of), which most requests
 * (pages, files) never do. */
bool qv__player_key(const struct qv__server *srv, qv__req *c, char key[QV__KEY_LEN + 1]);

/* The hash of the request's player key (64 hex digits), worked out once; "" when it has none,
 * or one the server did not issue (then the answer gives the browser a new one, as
 * qv__player_key does). */
const char *qv__player_of(struct qv__server *srv, qv__req *c);

/* The same, except that a request that came without a key takes the new one its answer sets
 * (qv__player_key): for what starts a session, so that a client that signs in before any
 * other request (a bot, an API client that keeps cookies) has its key linked to the account
 * like a browser's. A seat claimed without a key stays linked to none. */
const char *qv__player_adopt(struct qv__server *srv, qv__req *c);

/* After the handler wrote its answer: the new key's cookie (qv__player_key) on it, when the
 * request came without a key. */
void qv__player_answered(qv__req *c, bool secure);

/* Sets a new key on the answer: its Set-Cookie header (with the Secure flag when `secure`).
 * After the handler wrote its answer (qv__req_status drops the headers added before it). */
void qv__player_cookie(qv__req *c, const char *key, bool secure);

/* The value of the cookie `name` among the request's Cookie headers into out (len bytes, cut
 * to fit); false when the request has no such cookie. */
bool qv__cookie(const qv__req *c, const char *name, char *out, size_t len);

#endif
