/*
 * tablespec.h - a table's match made: from a client's table request {"game", "params", "seats",
 * "private", "clock", "variant"}, read and checked field by field, or again from the row the
 * store kept of a table, its actions replayed. Internal to the server.
 *
 * Both ways give a match and the kind of each seat, which the table (table.c) is made around;
 * nothing here knows the table. A person's forced decision waits for the person here, as in
 * `quiver play` (qv__request_hold_people), both when a game begins and when it is replayed.
 */
#ifndef QUIVER_SERVER_TABLE_TABLESPEC_H
#define QUIVER_SERVER_TABLE_TABLESPEC_H

#include <stdbool.h>

#include <jansson.h>

#include "engine/feed/request.h"
#include "quiver/match.h"
#include "quiver/variant.h"
#include "server/store/store.h"
#include "server/table/clock.h"

/* A table request read and checked: the engine's request (engine/feed/request.h) and the
 * server's clock. */
typedef struct qv__tablespec {
	qv__request req;
	qv__clock clock;
} qv__tablespec;

/* Reads a client's table request. QV_EINVAL names the bad field and what is accepted; a
 * variant document is checked by the engine and registered in the registry's room for clients,
 * QV_ESTATE when that room is full (HTTP 503). Nothing is held when it fails. */
qv_status qv__tablespec_read(const json_t *req, qv__tablespec *r, qv_err *err);

/* The match of a request read, with a new seed from the OS, its seats' kinds completed with
 * people's seats up to the game's number of players (*nseats), and the people's forced
 * decisions held. Gives back the variant the request held, whatever happens. QV_EINVAL when
 * the parameters or the number of seats do not fit the game, naming which, or when a rated
 * table has an AI seat (naming "rated"). */
qv_status qv__tablespec_match(qv__tablespec *r, qv_match **out, int *nseats, qv_err *err);

/* The match of a table the store kept, its actions replayed and its people's forced decisions
 * held (a variant's stored document registered again first), and the kind of each seat into
 * kinds (pointing into saved). QV_EIO names what does not replay; QV_ENOMEM. */
qv_status qv__tablespec_stored(const qv__stored_table *saved, qv_match **out, const char **kinds,
                               qv_err *err);

#endif
