/*
 * community.h - what the routes between accounts share (follows, blocks, challenges,
 * tournaments): the requester of a change (a session, from this site), an account named by its
 * username, whether two accounts are apart by a block, an account's list of others (its follows,
 * its blocks: read, added to and taken from alike), and numbers written as the store's text
 * parameters. Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_COMMUNITY_H
#define QUIVER_SERVER_PLAYERS_COMMUNITY_H

#include <stddef.h>

#include <jansson.h>

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

/* The count(*) that sql answers with $1 the id a and $2 the id b: >= 0, or -1 the database
 * failed. */
long long qv__community_count(qv__store *s, const char *sql, long long a, long long b);

/* An account's list of other accounts, kept in `table` (account, `column`, at), and the words
 * that name it in answers (follows: "follow", "whom you follow", "stop following one"). */
typedef struct qv__community_links {
	const char *table, *column;
	int most;           /* the most accounts one account may list (409 past it) */
	const char *verb;   /* "you follow 5 accounts already", "you do not follow 'Bob'" */
	const char *noun;   /* "the follow could not be kept" */
	const char *held;   /* "the database failed reading whom you follow" */
	const char *undo;   /* "the most there may be: stop following one first" */
	const char *what;   /* "a follow": the body's name in a 400 */
	const char *expect; /* "the username of the account to follow": its field's */
} qv__community_links;

/* The account a POST to the list k names ({"username": NAME}, in any case) into them, for the
 * requester s: 0, or the answer given (400 a bad body or oneself, 404 no such account, 503). */
int qv__community_named(qv__server *srv, qv__req *c, const qv__community_links *k,
                        const qv__session *s, qv__store_account *them);

/* Whether account a lists account b in k (1), not (0), or the database failed (-1). */
int qv__community_has(qv__store *s, const qv__community_links *k, long long a, long long b);

/* Adds b to the list k of account a, once, within k->most (one statement, so that requests at
 * once cannot pass the bound together): 0, or the answer given (409 past the bound, 503). */
int qv__community_link(qv__server *srv, qv__req *c, const qv__community_links *k, long long a,
                       long long b);

/* A DELETE of the account named `name` from the list k of the requester (a change, as
 * qv__community_changer): `answer` gives the list after (its status), or the answer given (404
 * no such account or not listed; 401, 403, 503). */
int qv__community_drop(qv__server *srv, qv__req *c, const char *name, const qv__community_links *k,
                       int (*answer)(qv__server *srv, qv__req *c, long long account));

/* Answers 200 {key: list} (list taken): 200. */
int qv__community_reply(qv__req *c, const char *key, json_t *list);

/* A GET of the signed-in account's list: `answer` gives it (its status), 401 signed out. */
int qv__community_list(qv__server *srv, qv__req *c,
                       int (*answer)(qv__server *srv, qv__req *c, long long account));

/* The table request of a body that asks for a game between people (a challenge's, a
 * tournament's): its game, params, clock, rated and takebacks, checked as POST /api/tables
 * checks a request of two people's seats, into *out (the caller's): 0, or the 400 answered (503
 * out of memory). */
int qv__community_table_request(qv__req *c, const json_t *body, json_t **out);

/* What an account leaves between accounts, gone with it (account.c): the follows it made and
 * was given, its challenges both ways; it is withdrawn from its tournaments (paired no more,
 * its games kept in the standings); a failure is logged. */
void qv__community_forget(qv__store *s, long long account);

/* A number as the store's text parameter: an id, or epoch seconds in microseconds' digits. */
typedef struct qv__num {
	char text[32];
} qv__num;
qv__num qv__num_int(long long x);
qv__num qv__num_real(double x);

#endif
