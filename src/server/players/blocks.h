/*
 * blocks.h - the accounts an account blocks, kept in the store (table blocks, schema 12):
 * listed, added and taken away by the account's routes, and checked where two people would
 * come to play together. A person is an account when signed in, else the account its player
 * key is linked to (signing out on the same browser changes nothing); a stranger's key is
 * nobody, whom nobody blocks. Two people apart by a block (either blocking the other) never
 * take seats at one table: a join is refused (403) when a person seated there and the claimant
 * are apart, and a rematch when two of the table's people are. A table's seats are read under
 * its lock in the join itself (qv__join's check), so two joins at once cannot both pass.
 * Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_BLOCKS_H
#define QUIVER_SERVER_PLAYERS_BLOCKS_H

#include "server/net/route.h"
#include "server/state/server.h"
#include "server/store/store.h"
#include "server/table/table.h"

/* The most accounts one account may block (409 past it): lichess's bound. */
#define QV__BLOCKS_MAX 1000

/* GET /api/account/blocks (signed in): 200 {"blocks": [{"username", "at"}]}, newest first
 * (`at` in epoch ms); 401 signed out, 503. */
int qv__blocks_get(qv__server *srv, qv__req *c, const qv__route_match *m);

/* POST /api/account/blocks {"username": NAME} (signed in): the account blocks NAME's (in any
 * case), once: 200 and the list as GET gives it. 400 a bad body or oneself, 401 signed out,
 * 403 from another site, 404 no such account, 409 past QV__BLOCKS_MAX, 503. */
int qv__blocks_post(qv__server *srv, qv__req *c, const qv__route_match *m);

/* DELETE /api/account/blocks/NAME (signed in): the block of NAME's account undone: 200 and the
 * list; 404 when NAME is no account or not blocked; 401, 403, 503 as above. */
int qv__blocks_delete(qv__server *srv, qv__req *c, const qv__route_match *m);

/* The claimant of a join, for qv__blocks_join_check: its session's account (0: none) and the
 * hash of its player key (NULL: none), and the store they are read from. */
typedef struct qv__blocks_joiner {
	qv__store *store;
	long long account;
	const char *player;
} qv__blocks_joiner;

/* qv__join's check with a qv__blocks_joiner as ctx: QV_OK when the claimant may sit with the
 * people of the n claimed seats (accounts[i], 0: none; players[i], "": none); QV_ESTATE
 * (refused) with a message for the claimant: "you block Bob, who plays at this table ..." or
 * that a player here does not accept games with them (never who); QV_EIO when the store
 * failed. */
qv_status qv__blocks_join_check(void *ctx, int n, const long long *accounts,
                                const char *const *players, qv_err *err);

/* Whether table t's people may play a rematch asked by seat `asker`: QV_OK, QV_ESTATE (refused,
 * a message for the asker as above, or that two of the table's players do not play together),
 * QV_EIO when the store failed. Takes t's lock; QV_OK without a store. */
qv_status qv__blocks_rematch_check(qv__store *s, qv__table *t, int asker, qv_err *err);

/* Every block an account made or was given, gone with the account (account.c); a failure is
 * logged (an account's id is never given again, so a row left names nobody). */
void qv__blocks_forget(qv__store *s, long long account);

#endif
