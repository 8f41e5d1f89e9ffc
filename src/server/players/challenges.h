/*
 * challenges.h - one account challenges another to a game (lichess's challenge): the game, its
 * parameters, clock, rated or not, takebacks and who sits where, sent by username; the challenged
 * accepts (the table is made then, as POST /api/tables makes one, both seats the accounts'
 * at once: pairing.h), declines, or lets it expire (--challenge-expiry, 10 minutes), and the
 * challenger may cancel it. Kept in the store (table challenges, schema 13), so any process of a
 * site answers for any challenge.
 *
 * Every change of a challenge is told on the player's channel of both accounts, on every device
 * signed in to either ({"type": "challenge", "challenge": C}: ws/channel.h's account news, which
 * reaches the other processes' channels as a table's news does). An open challenge past its
 * time is found expired by the next request about challenges (any account's), which tells both.
 *
 * Bounds: accounts apart by a block never challenge each other (403, in the words of a refused
 * seat); an account sends at most QV__CHALLENGES_OPEN open challenges at once, one to each
 * account, and at most --create-rate a minute (the server's creation allowance, kept for the
 * account: qv__server_account_rate), its POSTs at the pace of the writes per address and
 * browser on the network loop (pace.h, 429 there). Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_CHALLENGES_H
#define QUIVER_SERVER_PLAYERS_CHALLENGES_H

#include "server/net/route.h"
#include "server/state/server.h"

/* The most open challenges one account may have sent at once (409 past it). */
#define QV__CHALLENGES_OPEN 10

/* POST /api/challenges {"username", "game", "params", "clock", "rated", "takebacks", "seat"}
 * (signed in; only username and game are needed; seat: "p1", "p2" or "random", the
 * challenger's): 201 {"challenge": C}. 400 a bad field (naming it, as POST /api/tables names
 * it), 401, 403 from another site or a block, 404 no such account, 409 a challenge to that
 * account already open or QV__CHALLENGES_OPEN open, 429 past the rate, 503. */
int qv__challenges_post(qv__server *srv, qv__req *c, const qv__route_match *m);

/* GET /api/challenges (signed in): 200 {"incoming": [C...], "outgoing": [C...]}, the open
 * challenges to and from the account, newest first. */
int qv__challenges_list(qv__server *srv, qv__req *c, const qv__route_match *m);

/* GET /api/challenges/ID (signed in, one of its two accounts): 200 {"challenge": C}; 404 for
 * anyone else. */
int qv__challenges_get(qv__server *srv, qv__req *c, const qv__route_match *m);

/* POST /api/challenges/ID/accept (the challenged): the table made, 200 {"challenge": C,
 * "table", "seat", "token"} (a token of the account's seat for this device); 409 when it is
 * no longer open (saying what became of it), 403 a block, 429 and 503 the limits of a new
 * table. */
int qv__challenges_accept(qv__server *srv, qv__req *c, const qv__route_match *m);

/* POST /api/challenges/ID/decline (the challenged) and DELETE /api/challenges/ID (the
 * challenger: cancelled): 200 {"challenge": C}; 409 when no longer open. */
int qv__challenges_decline(qv__server *srv, qv__req *c, const qv__route_match *m);
int qv__challenges_cancel(qv__server *srv, qv__req *c, const qv__route_match *m);

#endif
