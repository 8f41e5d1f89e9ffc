/*
 * pace.h - the pace of a client address's password requests (a sign-in, a sign-up, a recovery,
 * a password change, a deletion), kept by the network loop (net.c) before any request worker
 * sees them. The password gate (pwgate.h) bounds the hashes, but refusing at once what it
 * cannot queue invited clients that ignore Retry-After to ask again at once: 200 sign-ins in
 * flight from 64 addresses came back at 5,000 a second, each through the loop, a worker, the
 * store and the throttle, and another client's GET waited behind them (p99 20 times the run
 * without them). So each address's password requests go on one every QV__PACE_MS, as nginx's
 * limit_req with a burst does it (the generic cell rate algorithm): a request that comes
 * before its address's turn is held on the loop, its connection suspended (no worker, no
 * thread), until its turn; one that would be held more than QV__PACE_AHEAD turns ahead is
 * answered 429 at once on the loop, with Retry-After. A flood's answers then come no faster
 * than its addresses' pace, whatever its clients do with them.
 *
 * The same arithmetic bounds the writes a player key or a session can make (a mute, a report,
 * a block, a follow, a challenge: net.h's QV__PACED_WRITE), each per address, per key and per
 * table, and puzzles' attempts (QV__PACED_ATTEMPT) per address and per key at a pace of their
 * own, as a token bucket: a write within its allowance goes on at once, one past it is
 * answered 429 on the loop (the third audit's made-up keys wrote 2,900 mutes a second from one
 * address, each through a worker and the store, and a bystander's moves were 17 to 111 times
 * slower). A pace is made with its period and how many turns ahead it allows.
 *
 * Used by the loop's thread only; the held requests are the loop's (net.c resumes them).
 * Internal to the server.
 */
#ifndef QUIVER_SERVER_NET_PACE_H
#define QUIVER_SERVER_NET_PACE_H

#include <stdbool.h>
#include <stddef.h>

#include "server/net/req.h"

/* The time between an address's password requests, in ms: 2 a second, ten times the hashes one
 * address may have in the gate at once can take (a hash takes about 0.1 s of a core), and no
 * wait for a person, who takes longer to type a password again. */
#define QV__PACE_MS 500
/* The turns ahead an address's request may wait for, at most (4 s at QV__PACE_MS): a household
 * behind one router signing in together waits a little, a flood is answered 429. */
#define QV__PACE_AHEAD 8

typedef struct qv__pace qv__pace;

/* The writes of a player key or a session (net.h's QV__PACED_WRITE): per client address and
 * per key, 20 at once and then one a minute; per table, 40 at once and then one every 30 s (a
 * table's people and spectators together), and past that each address at the table 3 more at
 * once and then one every 10 minutes of its own (QV__WRITE_OWN_*). A person mutes, reports,
 * blocks, follows, challenges and joins tournaments a few at a time; a flood stops at the first 21
 * from each address, and at one table at the table's 41 and 3 more from each address. The
 * table's own allowance of each address is what keeps a table's shared one from being a
 * target: two addresses at 21 writes each spent the table's 41 and then kept it spent with one
 * write a minute each, and every victim's mute or report at that table was answered 429 (the
 * spammer silenced the muting of the spam); a victim's address has its own writes there
 * whatever others spent. */
#define QV__WRITE_MS          60000
#define QV__WRITE_AHEAD       20
#define QV__WRITE_TABLE_MS    30000
#define QV__WRITE_TABLE_AHEAD 40
#define QV__WRITE_OWN_MS      600000
#define QV__WRITE_OWN_AHEAD   2

/* A puzzle's attempt (net.h's QV__PACED_ATTEMPT), of a guest or an account: per client address
 * and per browser, 30 at once and then one every 2 s. A person looks at a puzzle longer than
 * that, and a run of quick ones fits in the 30; a flood of them stops at the first 31 from each
 * address (each attempt reads the puzzle, and an account's first one rates it). */
#define QV__ATTEMPT_MS    2000
#define QV__ATTEMPT_AHEAD 30

/* An empty pace of one turn every period_ms, at most `ahead` turns ahead; NULL when out of
 * memory. */
qv__pace *qv__pace_new(double period_ms, int ahead);
/* Frees it (the held requests must have been taken: qv__pace_take). NULL: nothing. */
void qv__pace_free(qv__pace *p);

/* The turn of a request of `who` (a client address as addr.h counts it, or any text of at
 * most QV__ADDR_TEXT - 1 bytes: a key, a table) that came at `now` (ms): the time it may go
 * on, `now` when at once; or -1 when it would wait more than the pace's turns ahead, *retry_s
 * then the seconds to wait before another (at least 1). A request given a turn is counted
 * whether or not it is held. */
double qv__pace_turn(qv__pace *p, const char *who, double now, int *retry_s);
/* Whether qv__pace_turn would give who a turn at `now`, taking none: 0, or the seconds to
 * wait (at least 1). */
int qv__pace_full(const qv__pace *p, const char *who, double now);

/* Holds request r until `at` (its turn); false when out of memory (r not held). */
bool qv__pace_hold(qv__pace *p, qv__req *r, double at);
/* The held request whose turn came first, if that is at or before `now`, no longer held; NULL
 * when none has come. */
qv__req *qv__pace_take(qv__pace *p, double now);
/* The ms from `now` to the next held request's turn (0 when due), or -1 when none is held. */
double qv__pace_next(const qv__pace *p, double now);

/* Forgets the addresses whose turns are all past (bounded memory: only the addresses that sent
 * a password request in the last QV__PACE_AHEAD turns are kept). */
void qv__pace_sweep(qv__pace *p, double now);

/* The writes of player keys and sessions (QV__WRITE_*): four paces, per client address, per
 * browser, per table, and per table and address (taken only when the table's is spent); and
 * puzzles' attempts (QV__ATTEMPT_*): two more, per client address and per browser. NULL when
 * out of memory. */
typedef struct qv__writes qv__writes;
qv__writes *qv__writes_new(void);
void qv__writes_free(qv__writes *w); /* NULL: nothing */
/* Forgets the keys whose turns are past (qv__pace_sweep). */
void qv__writes_sweep(qv__writes *w, double now);
/* Whether a write (a puzzle's attempt when `attempt`, its own paces and no table's) from addr,
 * of browser who, at table (each "" for none: not counted) may go on at `now`: 0, a turn of
 * each taken (at the table, of the table's, else of addr's own there); else the seconds to wait
 * (at least 1), with the sentence naming the bound into msg (len bytes), and no turn taken of
 * any. */
int qv__writes_turn(qv__writes *w, bool attempt, const char *addr, const char *who,
                    const char *table, double now, char *msg, size_t len);

#endif
