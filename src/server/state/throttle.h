/*
 * throttle.h - how often a client address or a username may fail to sign in (a password, a
 * recovery code): the first QV__THROTTLE_FREE failures in a row cost nothing, then each one
 * makes the next attempt wait 2^(n - QV__THROTTLE_FREE) seconds after it, n being the failures
 * in a row (1 s after the 3rd, 2 s after the 4th, 128 s after the 10th), at most
 * QV__THROTTLE_CAP. A success resets the count, as does a day without a failure. An attempt
 * during the wait is refused (HTTP 429) without looking at the password at all. An attempt is
 * counted as a failure when it begins, before its password is checked, and a success then
 * resets the count: attempts in flight at once are counted, so an address cannot send many
 * before the first is answered (the second audit's flood had every one of them checked).
 *
 * The counts are kept in memory, in a table of QV__THROTTLE_SLOTS keys ("a:" and the client
 * address, "u:" and the username's key, "d:" and a device cookie's nonce: account.h) that the
 * server owns (qv__throttle_new); when it is full, the key that failed least recently among
 * those whose wait is over gives its place. A restart forgets them. Thread-safe. Internal
 * to the server.
 */
#ifndef QUIVER_SERVER_STATE_THROTTLE_H
#define QUIVER_SERVER_STATE_THROTTLE_H

#define QV__THROTTLE_FREE  3
#define QV__THROTTLE_CAP   900 /* seconds: 15 minutes */
#define QV__THROTTLE_SLOTS 4096
#define QV__THROTTLE_KEY   112 /* bytes of a key, with its NUL (longer ones are cut) */

typedef struct qv__throttle qv__throttle;

/* A new table of counts (NULL when out of memory), and its end. */
qv__throttle *qv__throttle_new(void);
void qv__throttle_free(qv__throttle *t);

/* How many seconds key must still wait before its next attempt at `now` (epoch s): 0 when it
 * may try now. */
double qv__throttle_wait(qv__throttle *t, const char *key, double now);

/* Counts a failure of key at `now`. */
void qv__throttle_fail(qv__throttle *t, const char *key, double now);

/* A success of key: its count starts over. */
void qv__throttle_reset(qv__throttle *t, const char *key);

/* Takes back the last failure counted for key: an attempt counted as it began (below) that
 * never came to be checked (the password gate refused it). */
void qv__throttle_undo(qv__throttle *t, const char *key);

#endif
