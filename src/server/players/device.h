/*
 * device.h - the device cookie of OWASP's "Slow down online guessing attacks with device
 * cookies": a browser where an account signed in gets a cookie that says so, and a sign-in
 * with it is throttled by that cookie alone, while every other attempt at the account counts
 * against the account's strangers (throttle.h's "u:" key) and their addresses. So strangers'
 * failures, however many, never lock the owner out of a browser they signed in from before,
 * and the strangers stay throttled as ever.
 *
 * The cookie quiver_device is a random nonce (128 bits, 32 hex digits), a dot and an HMAC-SHA256
 * of the account's username key and the nonce (64 hex digits). The HMAC's key is the SHA-256 of
 * the account's stored password hash (Argon2id's string, with its random salt): the server
 * keeps no secret of its own and nothing more in the database, every process of a site checks
 * it alike, and a new password (a change, a recovery) retires every device cookie of the
 * account, as it ends its sessions. A browser keeps one, of the account it last signed in to.
 *
 * The nonce is itself signed with the site's secret (token.h's qv__signed_new: 64 random bits
 * and 64 of their HMAC), so that the network loop tells a cookie the server gave from a
 * made-up one without the store, and only the former goes on to a known device's place past
 * a full password gate (http.h's qv__http_refused; the third audit's made-up cookies sent a
 * flood back to the workers). A cookie given before nonces were signed is still a known device
 * at the gate, and is replaced at its next sign-in. Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_DEVICE_H
#define QUIVER_SERVER_PLAYERS_DEVICE_H

#include <stdbool.h>

#include "server/net/req.h"

struct qv__server;

#define QV__DEVICE_COOKIE "quiver_device"
#define QV__DEVICE_AGE    (365 * 24 * 3600) /* seconds a browser keeps it */
#define QV__DEVICE_NONCE  32                /* hex digits of its nonce */

/* Whether the request's device cookie was given at a sign-in to the account of username key
 * `lower` whose stored password hash is pwhash; then its nonce (the throttle's key for this
 * browser) into nonce. */
bool qv__device_known(const qv__req *c, const char *lower, const char *pwhash,
                      char nonce[QV__DEVICE_NONCE + 1]);

/* Sets a new device cookie of that account on the answer (after its status), its nonce signed
 * with srv's secret. */
void qv__device_cookie(const struct qv__server *srv, qv__req *c, const char *lower,
                       const char *pwhash, bool secure);

/* Whether the request's device cookie has a nonce the server signed (whichever account it is
 * of: that is the store's to say): for the loop, without the store; the nonce then into nonce
 * (may be NULL). */
bool qv__device_issued(const struct qv__server *srv, const qv__req *c,
                       char nonce[QV__DEVICE_NONCE + 1]);

#endif
