/*
 * password.h - accounts' passwords: the rules a new one must meet, and their hashing with
 * libsodium's Argon2id (crypto_pwhash_str, the interactive limits: 2 passes over 64 MiB).
 * Each hash takes 64 MiB for a fraction of a second, so at most qv__password_hashes() run at
 * once in the process: a further sign-up or sign-in waits for one to end, and a burst of them
 * costs the server at most that many times 64 MiB. Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_PASSWORD_H
#define QUIVER_SERVER_PLAYERS_PASSWORD_H

#include <stdbool.h>
#include <stddef.h>

#include "quiver/core.h"
#include "server/store/accounts.h" /* QV__STORE_PWHASH */

/* The most hashes (or checks against a hash) at once in the process, on any machine. */
#define QV__PASSWORD_HASHES 2

/* The hashes at once on this machine: QV__PASSWORD_HASHES, but 1 where at most 2 cores are
 * online. A hash's memory traffic slows every other thread of a small machine, whatever its
 * priority: on 2 cores, two hashes at once while sign-ins to real accounts flooded the server
 * kept a bystander's GET /api/games at a p99 of 5 ms against 1 to 2 ms with one (1 ms
 * without the flood), for twice the passwords checked a second (docs/benchmarks.md,
 * "Sign-ins in flight"). */
int qv__password_hashes(void);

/* A password's bounds: characters (of UTF-8), and bytes. */
#define QV__PASSWORD_MIN   8
#define QV__PASSWORD_MAX   256
#define QV__PASSWORD_BYTES 1024

/* Whether the password (len bytes of valid UTF-8, as JSON strings are) may be a new password
 * of the account `username`: QV__PASSWORD_MIN to QV__PASSWORD_MAX characters and at most
 * QV__PASSWORD_BYTES bytes, no U+0000, not the username (in any case of A to Z), and not one
 * of the most common passwords (a list of about a hundred, in any case). QV_EINVAL with a
 * message that begins with `field` (the request's name for it) and says the rule broken. */
qv_status qv__password_check(const char *pw, size_t len, const char *username, const char *field,
                             qv_err *err);

/* The Argon2id string of a password into out; false when the hash failed (out of memory). */
bool qv__password_hash(const char *pw, size_t len, char out[QV__STORE_PWHASH]);

/* Whether the password matches the hash. NULL (an unknown username) is never matched, and
 * takes the time the last real check took, waiting rather than hashing (the first one checks
 * against a dummy hash, to know it). *rehash, on a match, says whether the hash was made with
 * weaker limits than today's. */
bool qv__password_verify(const char *hash, const char *pw, size_t len, bool *rehash);

#endif
