/*
 * skeleton.h - how alike two usernames look: Unicode's skeleton of a string (UTS #39, "Unicode
 * Security Mechanisms", section 4), which maps every character to the prototype of the
 * characters it may be mistaken for (Cyrillic "А", Greek "Α" and Latin "A" alike; "rn" and "m";
 * "l", "I" and "1"), after and before NFD. A username's key of likeness is its skeleton with A
 * to Z in lowercase (usernames are one in any case of A to Z already: account.h): a new
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

/* Gives every account made before schema 9 (its skeleton NULL) its key of likeness; run once
 * the store is open, before any request. */
qv_status qv__skeleton_fill(struct qv__store *s, qv_err *err);

#endif
