/*
 * follows.h - the accounts an account follows (lichess's follow), kept in the store (table
 * follows, schema 13): listed with whether each is online and the tables it plays, added and
 * taken away by the account's routes. Following asks nobody's leave and tells the followed
 * nothing; it is refused between two accounts apart by a block, and a block takes it away both
 * ways.
 *
 * Online means a player's channel of the account is open (every page of the site opens one,
 * ws/channel.h): on this process, read from the channels' list; where several processes share
 * the database, each writes the accounts of its channels into the table presence every
 * QV__PRESENCE_EVERY seconds, and an account seen by another process within QV__PRESENCE_AGE
 * seconds is online. The tables an account plays are its keys' tables not over; those that are
 * private are counted but not named, since a private table's id is its key (anyone who has it
 * may watch). Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_FOLLOWS_H
#define QUIVER_SERVER_PLAYERS_FOLLOWS_H

#include "server/net/route.h"
#include "server/state/server.h"
#include "server/store/store.h"

/* The most accounts one account may follow (409 past it), as it may block. */
#define QV__FOLLOWS_MAX 1000

/* How often a process of a site writes its channels' accounts into presence, and for how long
 * such a row says the account is online: a friend who opens a page on another process is seen
 * within QV__PRESENCE_EVERY seconds, one who closed it is gone within QV__PRESENCE_AGE. */
#define QV__PRESENCE_EVERY 20
#define QV__PRESENCE_AGE   60

/* The most tables named per account followed (its tables not over, public ones). */
#define QV__FOLLOWS_TABLES 5

/* GET /api/account/follows (signed in): 200 {"follows": [{"username", "at", "online",
 * "playing", "tables": [{"id", "game", "title", "status"}]}]}, newest first (`at` in epoch ms;
 * `playing` counts the account's tables not over, `tables` names the public ones); 401 signed
 * out, 503. */
int qv__follows_get(qv__server *srv, qv__req *c, const qv__route_match *m);

/* POST /api/account/follows {"username": NAME} (signed in): the account follows NAME's (in any
 * case), once: 200 and the list as GET gives it. 400 a bad body or oneself, 401 signed out, 403
 * from another site or between accounts apart by a block, 404 no such account, 409 past
 * QV__FOLLOWS_MAX, 503; 429 on the network loop past the pace of writes (pace.h), as DELETE. */
int qv__follows_post(qv__server *srv, qv__req *c, const qv__route_match *m);

/* DELETE /api/account/follows/NAME (signed in): the follow of NAME's account undone: 200 and the
 * list; 404 when NAME is no account or not followed; 401, 403, 503 as above. */
int qv__follows_delete(qv__server *srv, qv__req *c, const qv__route_match *m);

/* The follows between accounts a and b, both ways, taken away (a block between them); a failure
 * is logged. */
void qv__follows_unlink(qv__store *s, long long a, long long b);

/* Writes this process's channels' accounts into presence, and forgets rows an hour old (the
 * cluster's tick, every QV__PRESENCE_EVERY s; nothing where no process shares the database). */
void qv__follows_presence(qv__server *srv);

#endif
