/*
 * request.h - a table's match made from a client's table request, the same for the server's
 * tables (POST /api/tables, server/table/tablespec.c adds its clock) and the app's local ones:
 * {"game", "params", "seats", "private", "variant", "takebacks", "rated"} read and checked
 * field by field, every refusal naming the field and what is accepted; the seats' kinds ("human",
 * "invite", or a level a person picks by name: qv_agent_levels); a variant document checked
 * by the engine and held; and a person's forced decision waiting for the person, as in
 * `quiver play`. Internal to the engine's feed.
 */
#ifndef QUIVER_ENGINE_FEED_REQUEST_H
#define QUIVER_ENGINE_FEED_REQUEST_H

#include <stdbool.h>

#include <jansson.h>

#include "quiver/match.h"
#include "quiver/variant.h"

/* A table request read and checked. */
typedef struct qv__request {
	const qv_game *game;
	qv_params params;                  /* as given, "players" set from the seats' count */
	const char *kinds[QV_MAX_PLAYERS]; /* each seat's kind ("human" for an invite seat),
	                                      pointing into the request's JSON */
	int nkinds;                        /* 0: the game's default of people's seats */
	unsigned invited;                  /* bit p: seat p is an invite seat */
	bool private_;
	bool no_takebacks;      /* "takebacks": false */
	bool rated;             /* "rated": true */
	const qv_variant *held; /* a variant the request sent, held until the match holds it */
} qv__request;

/* Reads a client's table request, whose fields may be those of `fields` (NULL-terminated;
 * others are refused by name): game, private, takebacks, rated, params, seats and, last,
 * variant. QV_EINVAL names the bad field and what is accepted; a variant document is checked
 * by the engine and registered in the registry's room for clients, QV_ESTATE when that room is
 * full. Nothing is held when it fails. */
qv_status qv__request_read(const json_t *req, const char *const *fields, qv__request *r,
                           qv_err *err);

/* The match of a request read, with the seed given, its seats' kinds completed with people's
 * seats up to the game's number of players (*nseats), and the people's forced decisions held.
 * Gives back the variant the request held, whatever happens. QV_EINVAL when the parameters or
 * the number of seats do not fit the game, naming which. */
qv_status qv__request_match(qv__request *r, uint64_t seed, qv_match **out, int *nseats,
                            qv_err *err);

/* Makes m hold the forced decisions of the seats `humans` (people) play: such a decision waits
 * for its person ("Your only move: ... [Play]") instead of being applied by the match, while
 * AI seats' forced decisions and chance events with one outcome stay automatic. m was made or
 * loaded from the first nmoves of `moves` before it held anything, so a forced decision of a
 * person may have been applied at the end: then the game is started again holding them and
 * the moves are played again. */
qv_status qv__request_hold_people(qv_match *m, unsigned humans, const char *const *moves,
                                  int nmoves, qv_err *err);

/* Whether text is a seat kind: "human" or a level (qv_agent_levels). */
bool qv__seat_kind_valid(const char *text);

/* Reads a request's "seats" (an array of kinds, NULL: *n 0) into kinds (pointing into j), an
 * "invite" seat read as "human" with its bit in *invites. */
qv_status qv__seats_read(const json_t *j, const char **kinds, int *n, unsigned *invites,
                         qv_err *err);

/* The mask of the seats among kinds[0..n) that people play. */
unsigned qv__seat_kinds_people(const char *const *kinds, int n);

#endif
