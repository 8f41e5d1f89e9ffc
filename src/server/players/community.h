/*
 * community.h - what the routes between accounts share (follows, challenges, tournaments): the
 * requester of a change (a session, from this site), an account named by its username, whether
 * two accounts are apart by a block, and numbers written as the store's text parameters.
 * Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_COMMUNITY_H
#define QUIVER_SERVER_PLAYERS_COMMUNITY_H

#include <stddef.h>

#include "server/net/req.h"
#include "server/players/session.h"
#include "server/state/server.h"
#include "server/store/accounts.h"

/* A change's requester into s: 0, or the answer given (403 from another site, 401 signed out,
 * 503 the database failed). */
int qv__community_changer(qv__server *srv, qv__req *c, qv__session *s);

/* The account whose username is text (len bytes, any case) into out: 0, or the answer given
 * (404 "no player 'NAME' ...", 503). */
int qv__community_account(qv__server *srv, qv__req *c, const char *text, size_t len,
                          qv__store_account *out);

/* Whether accounts a and b are apart by a block: 0 none, 1 a blocks b, 2 b blocks a (a block
 * both ways: 1), -1 the database failed. */
int qv__community_apart(qv__store *s, long long a, long long b);

/* What an account leaves between accounts, gone with it (account.c): the follows it made and
 * was given, its challenges both ways; a failure is logged. */
void qv__community_forget(qv__store *s, long long account);

/* A number as the store's text parameter: an id, or epoch seconds in microseconds' digits. */
typedef struct qv__num {
	char text[32];
} qv__num;
qv__num qv__num_int(long long x);
qv__num qv__num_real(double x);

#endif
