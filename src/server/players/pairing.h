/*
 * pairing.h - a table made for accounts the server seats together (an accepted challenge, a
 * tournament's game): the table request of POST /api/tables made as today (the same checks,
 * the same table), with an invite seat per person, each claimed at once for its account as a
 * join while signed in claims it (the seat the account's, under its username, its rating
 * beside it at a rated table, linked to the player key given so that the person's games list
 * it), the people checked for blocks under the table's lock as every join is. Each person's
 * devices then ask for a token of their own by naming the seat (POST /api/tables/ID/join with
 * {"seat"}: docs/server/players.md, "Every device of the account"). Internal to the server.
 */
#ifndef QUIVER_SERVER_PLAYERS_PAIRING_H
#define QUIVER_SERVER_PLAYERS_PAIRING_H

#include <jansson.h>

#include "server/base/token.h"
#include "server/state/server.h"

/* A person to seat: an account, its username and a player key's hash ("": none). */
typedef struct qv__pair_person {
	long long account;
	const char *username;
	const char *player;
} qv__pair_person;

/* Makes the table `request` asks for ({"game", "params", "clock", "rated", "takebacks",
 * "private"}; its "seats" are set here, n invite seats) with people[i] seated at seat i, and
 * writes its id. `addr`: the client address whose limits it counts against as a new table
 * (qv__server_room), or NULL for a table the server makes on its own (a tournament's), which
 * only the server's --max-tables bounds. Returns 0, or the HTTP status of a refusal with err
 * (400 a bad request, 403 two people apart by a block, 429 and 503 the limits, 503 the store);
 * a table made and then refused a seat is ended ("closed") rather than left waiting. */
int qv__pairing_make(qv__server *srv, json_t *request, const qv__pair_person *people, int n,
                     const char *addr, char id[QV__ID_LEN + 1], qv_err *err);

/* Takes table id, made by qv__pairing_make but not to be played (nobody was told of it), out
 * of the registry and the store. */
void qv__pairing_unmake(qv__server *srv, const char *id);

#endif
