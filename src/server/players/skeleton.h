/*
 * skeleton.h - how alike two usernames look: Unicode's skeleton of a string (UTS #39, "Unicode
 * Security Mechanisms", section 4), which maps every character to the prototype of the
 * characters it may be mistaken for (Cyrillic "А", Greek "Α" and Latin "A" alike; "rn" and "m";
 * "l", "I" and "1"), after and before NFD. A username's key of likeness is the skeleton of the
 * name with A to Z but I in lowercase, then A to Z in lowercase (usernames are one in any case
 * of A to Z already: account.h; schema 15 made the keys again when M became m): a new
 * username whose key is an existing one's is refused (the second audit made accounts that
 * looked like others' with Cyrillic, Greek and Armenian letters). The data is Unicode's
 * confusables, written into confusables.c by scripts/confusables_table.py from ICU's copy;
 * quiver has no dependency for it. Thread-safe. Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_SKELETON_H
#define QUIVER_SERVER_PLAYERS_SKELETON_H

#include <stdbool.h>
#include <stddef.h>

#include "quiver/core.h"

/* Bytes of a key with its NUL: a username of 24 characters whose every character maps to the
 * longest sequence (18 code points) fits; a longer key is cut, the same way each time. */
#define QV__SKELETON_BYTES 2048

/* The key of likeness of name (valid UTF-8, as a cleaned name is) into out; false when out of
 * memory (out then holds nothing to compare). */
bool qv__skeleton_key(const char *name, char out[QV__SKELETON_BYTES]);

struct qv__store;
struct qv__store_account;

/* The account whose username's key of likeness is name's (the name itself, or one that looks
 * like it), into *like: 1 found, 0 none, -1 the database failed or out of memory. */
int qv__skeleton_account_like(struct qv__store *s, const char *name,
                              struct qv__store_account *like);

/* A join's check of a guest's name (table/seats.h's qv__name_check; ctx the store): a seat
 * taken without an account may not be named as an account is, or as one looks, so that no
 * record, list or frame shows a guest as the account (the third audit's finding 10). QV_OK,
 * QV_EINVAL naming the account (400, as a name the rule refuses), or QV_EIO when the database
 * failed. */
qv_status qv__skeleton_guest_name(void *ctx, const char *name, qv_err *err);

/* Gives every account without a key of likeness (its skeleton NULL: made before schema 9, or
 * any before schema 15, which made them again) its key; run once the store is open, before
 * any request. */
qv_status qv__skeleton_fill(struct qv__store *s, qv_err *err);

#endif
