/*
 * tournaments.h - tournaments (lichess's arena and Swiss as anchors): an account makes one (the
 * game, its parameters, a clock, rated or not, the start, the length or the rounds), accounts
 * join, and the server pairs them (base/tourney.h) into tables made as every table between
 * accounts is (pairing.h: normal tables, public, with spectators and records); the standings
 * are worked out from the games' results on every read, and the winner announced at the end on
 * every player's channel. One process of a site runs a tournament at a time (director.h); its
 * games live where their ids route, as every table does. Kept in the store (tournaments,
 * tournament_players, tournament_games, tournament_waves: schema 16). Internal to the server.
 *
 * Scores. Swiss: 1 a win, half a draw, 1 a bye, 0 a loss or a game without a result (aborted,
 * abandoned: both players 0), ranked by points, then Buchholz (the opponents' points), then
 * Sonneborn-Berger (the beaten opponents' points and half the drawn ones'), then rating, then
 * the order of joining. Arena: tourney.h's points (2, 1, 0, double on fire), a game without a
 * result counting nothing, ranked by points, then fewer games, then the order of joining.
 */
#ifndef QUIVER_SERVER_PLAYERS_TOURNAMENTS_H
#define QUIVER_SERVER_PLAYERS_TOURNAMENTS_H

#include <jansson.h>

#include "server/net/route.h"
#include "server/state/server.h"

/* The bounds of a tournament's settings. */
#define QV__TOURNEY_MINUTES_MAX 720 /* an arena's length */
#define QV__TOURNEY_ROUNDS_MAX  20  /* a Swiss's rounds */
#define QV__TOURNEY_PAUSE_MAX   3600
#define QV__TOURNEY_PAUSE       10          /* seconds between Swiss rounds, by default */
#define QV__TOURNEY_AHEAD       (7 * 86400) /* the latest start, from now */
#define QV__TOURNEY_PLAYERS     512         /* players at most */
#define QV__TOURNEY_NAME        60          /* characters of a name */
#define QV__TOURNEY_OPEN        5           /* tournaments not over an account may have made */

/* POST /api/tournaments {"name", "kind": "arena" | "swiss", "game", "params", "clock", "rated",
 * "starts_in" (seconds from now, 0 to 7 days; default 60), "minutes" (an arena's), "rounds" (a
 * Swiss's), "pause" (a Swiss's seconds between rounds)} (signed in): 201 the tournament as GET
 * gives it. 400 a bad field (naming it; a clock is needed), 401, 403 from another site, 409
 * past QV__TOURNEY_OPEN not over made by the account, 429 past --create-rate a minute for the
 * account (and the pace of writes: net/pace.h). */
int qv__tournaments_post(qv__server *srv, qv__req *c, const qv__route_match *m);

/* GET /api/tournaments: 200 {"upcoming", "running", "finished"} (the last 20 finished), each a
 * list of {"id", "name", "kind", "game", "title", "starts", "status", "players", "winner"}. */
int qv__tournaments_list(qv__server *srv, qv__req *c, const qv__route_match *m);

/* GET /api/tournaments/ID[?waves=1]: 200 the tournament, its standings, its games, the
 * requester's place ("mine": {"joined", "active", "table", "seat"}, signed in) and with
 * ?waves=1 an arena's waves; 404. */
int qv__tournaments_get(qv__server *srv, qv__req *c, const qv__route_match *m);

/* POST /api/tournaments/ID/join and .../withdraw (signed in): 200 the tournament. Joining a
 * Swiss that began, or any that ended, withdrawing from one that ended or never joined: 409; a
 * withdrawn player is paired no more (an arena's may join again). DELETE /api/tournaments/ID (its
 * maker, before it starts): 204. */
int qv__tournaments_join(qv__server *srv, qv__req *c, const qv__route_match *m);
int qv__tournaments_withdraw(qv__server *srv, qv__req *c, const qv__route_match *m);
int qv__tournaments_cancel(qv__server *srv, qv__req *c, const qv__route_match *m);
/* POST /api/tournaments/ID/start (its maker, before it starts): it starts now (at the
 * director's next look): 200 the tournament; 403 another account, 409 begun already. */
int qv__tournaments_start(qv__server *srv, qv__req *c, const qv__route_match *m);

/* Tournament id's standings as GET gives them (best first), into *out; the kind ("arena",
 * "swiss") says how they are counted. QV_OK, or QV_EIO. */
qv_status qv__tournament_standings(qv__store *s, const char *id, const char *kind, json_t **out);

#endif
