/*
 * accounts.h - the accounts in the store (store.h): accounts with their password's hash,
 * their recovery codes and sessions (both kept only as SHA-256), and the player keys linked to
 * them (the column account of players). Schema 6. Each function is one transaction under the
 * store's lock, as store.h's are. Internal to the server: account.h and session.h use it.
 */
#ifndef QUIVER_SERVER_STORE_ACCOUNTS_H
#define QUIVER_SERVER_STORE_ACCOUNTS_H

#include <stdbool.h>

#include "quiver/core.h"

typedef struct qv__store qv__store;

/* Bytes of a username with its NUL (a name's QV__NAME_BYTES fits), and of a password's hash as
 * libsodium's crypto_pwhash_str writes it (crypto_pwhash_STRBYTES). */
#define QV__STORE_USERNAME 100
#define QV__STORE_PWHASH   128

/* An account as stored: its id, its username as chosen, its password's hash. */
typedef struct qv__store_account {
	long long id;
	char username[QV__STORE_USERNAME];
	char hash[QV__STORE_PWHASH];
} qv__store_account;

/* A session to start: the SHA-256 of its id (never the id), the client's address, the hash of
 * the request's player key ("": none), which gets linked to the account, and the time. */
typedef struct qv__store_session {
	const char *hash;
	const char *addr;
	const char *player;
	/* the nonce of the device cookie (players/device.h) the request sent, when the server
	 * gave it (NULL, "": none): the account is tied to it, and to the player key, for the
	 * ratings' farming rule (ratings.h) */
	char device[40];
	double now;
	double expired; /* sessions last seen before this (epoch s) are deleted as it starts */
} qv__store_session;

/* A new account with its password hash, the hashes of its ncodes recovery codes and its first
 * session; `lower` is the username's key of uniqueness. QV_ESTATE when an account has that
 * key already. */
qv_status qv__store_account_create(qv__store *s, const char *username, const char *lower,
                                   const char *hash, const char *const *codes, int ncodes,
                                   const qv__store_session *sess, qv_err *err);

/* The account whose username's key is `lower` into out: 1 found, 0 none, -1 the database
 * failed. */
int qv__store_account_find(qv__store *s, const char *lower, qv__store_account *out);

/* The account whose username's key of likeness (skeleton.h) is skeleton, into out (the first
 * found): 1 found, 0 none, -1 the database failed. */
int qv__store_account_like(qv__store *s, const char *skeleton, qv__store_account *out);

/* Sets an account's key of likeness (schema 9; the accounts made before it get theirs when the
 * server starts: qv__likeness_fill). */
qv_status qv__store_account_skeleton(qv__store *s, long long account, const char *skeleton,
                                     qv_err *err);

/* Starts a session of account id `account` (and links its player key to it). */
qv_status qv__store_session_start(qv__store *s, long long account, const qv__store_session *sess,
                                  qv_err *err);

/* The account of the session whose id hashes to `hash`, when it was last seen at `since` or
 * after, into out, and when it was seen into *seen: 1 found, 0 none (or expired), -1 the
 * database failed. */
int qv__store_session_find(qv__store *s, const char *hash, double since, qv__store_account *out,
                           double *seen);

/* Records that the session was seen at `now`. */
qv_status qv__store_session_seen(qv__store *s, const char *hash, double now, qv_err *err);

/* Ends one session. */
qv_status qv__store_session_end(qv__store *s, const char *hash, qv_err *err);

/* Sets an account's password hash (at sess->now), ends all its sessions and starts `sess`.
 * With code (the hash of a recovery code; NULL: none), only if the code is one of the
 * account's unused ones, which it then uses: QV_ESTATE, and nothing changed, when not. */
qv_status qv__store_account_password(qv__store *s, long long account, const char *hash,
                                     const char *code, const qv__store_session *sess, qv_err *err);

/* Replaces an account's password hash by a stronger one of the same password (no session
 * ends). */
qv_status qv__store_account_rehash(qv__store *s, long long account, const char *hash, qv_err *err);

/* Deletes an account with its sessions, recovery codes, ratings and their history, and unlinks
 * its player keys (the seats they claimed keep their names). */
qv_status qv__store_account_delete(qv__store *s, long long account, qv_err *err);

/* The account player key hash `player` is linked to: its id, 0 when none, -1 when the
 * database failed. */
long long qv__store_player_account(qv__store *s, const char *player);

#endif
