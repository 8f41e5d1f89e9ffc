/*
 * token.h - table ids, seat tokens and seeds from the operating system's randomness, through
 * libsodium. Internal to the server.
 *
 * A seat token is 128 random bits from the OS written as 32 hex digits: the seat's only
 * credential. It is shown once, to whoever joins the seat; the server keeps only the SHA-256
 * of those 32 digits (in hex) and compares hashes in constant time, so neither the database
 * nor the timing of a refusal tells anything about a token.
 */
#ifndef QUIVER_SERVER_BASE_TOKEN_H
#define QUIVER_SERVER_BASE_TOKEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "quiver/core.h"

#define QV__TOKEN_LEN 32 /* hex digits of a token */
#define QV__HASH_LEN  64 /* hex digits of its hash */
#define QV__ID_LEN    16 /* hex digits of a table id (64 random bits) */
#define QV__KEY_LEN   64 /* hex digits of a player key (256 random bits, player.h) */

/* Starts libsodium (sodium_init), which checks that the OS gives randomness. Called once
 * before any other function here (qv__server_open does); calling it again does nothing. */
qv_status qv__crypto_init(qv_err *err);

/* A new seat token and the hash the server keeps. */
void qv__token_new(char token[QV__TOKEN_LEN + 1], char hash[QV__HASH_LEN + 1]);

/* A new player key (player.h) or session id, and (unless hash is NULL) the hash the server
 * keeps (qv__token_hash's, QV__HASH_LEN + 1 bytes). */
void qv__key_new(char key[QV__KEY_LEN + 1], char *hash);

/* Bytes of the site's secret (player.h): the key of the HMAC-SHA256 that signs what the server
 * gives a browser to keep (player keys, device cookies), shared by a site's processes. */
#define QV__SECRET_BYTES 32

/* A new signed token for `purpose` into out: len hex digits (even, 4 to 64), the first half
 * random, the second half the first bytes of HMAC-SHA256(secret, purpose and the first half),
 * so that the server tells one it made from one made up without the store. */
void qv__signed_new(const unsigned char secret[QV__SECRET_BYTES], const char *purpose, char *out,
                    size_t len);

/* Whether text, of exactly len lowercase hex digits, is one qv__signed_new made with this
 * secret for this purpose; compared in constant time. */
bool qv__signed_ok(const unsigned char secret[QV__SECRET_BYTES], const char *purpose,
                   const char *text, size_t len);

/* The stored form of a token: its SHA-256 in hex. */
void qv__token_hash(const char *token, size_t len, char hash[QV__HASH_LEN + 1]);

/* Whether the token's hash equals hash (64 hex digits); the comparison takes the same time
 * wherever the first difference is. */
bool qv__token_matches(const char *token, size_t len, const char *hash);

/* The most hex digits of --id-prefix. */
#define QV__ID_PREFIX_MAX 2

/* The hex digits (at most QV__ID_PREFIX_MAX; "" for none) that begin every table id this
 * process makes from now on: a site's proxy sends the paths of those tables to this process
 * from their first request (docs/deploy.md, "A table born where it lives"). Set once, before
 * the server serves. */
void qv__table_id_prefix(const char *hex);

/* This process's prefix ("" for none). */
const char *qv__table_id_own_prefix(void);

/* Whether table id begins with this process's prefix (never without one): a table of its own,
 * which the site's proxy sends here while this process is up. */
bool qv__table_id_home(const char *id);

/* A new table id: 16 hex digits, the prefix's then random ones (64 random bits without a
 * prefix, 56 with the longest), unguessable so that a private table stays private. */
void qv__table_id_new(char id[QV__ID_LEN + 1]);

/* Whether text has the form of a table id (16 lowercase hex digits). */
bool qv__table_id_valid(const char *text);

/* A 64-bit seed from the OS, for a new game. */
void qv__seed_new(uint64_t *out);

#endif
