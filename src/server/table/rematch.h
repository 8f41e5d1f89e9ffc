/*
 * rematch.h - a rematch at a finished table: the people's seats that asked, the new table's
 * request once every one has (the same game, parameters, privacy and clock, every seat moved
 * one place on), the new table's id, and each person's token there for the connections of
 * their old seat. Internal to the server.
 *
 * No lock and no table here: the table (table.c) owns a qv__rematch under its lock, makes the
 * new table from the request, and saves what the store keeps (the asks and the new table's id;
 * the tokens stay in memory, shown once to the connections of this process).
 */
#ifndef QUIVER_SERVER_TABLE_REMATCH_H
#define QUIVER_SERVER_TABLE_REMATCH_H

#include <stdbool.h>

#include <jansson.h>

#include "server/table/clock.h"
#include "server/table/seats.h"

typedef struct qv__rematch {
	unsigned asked;                                /* bit p: seat p asked */
	char table[QV__ID_LEN + 1];                    /* the new table, "" until it is made */
	char token[QV_MAX_PLAYERS][QV__TOKEN_LEN + 1]; /* old seat p's person's new token */
} qv__rematch;

/* Whether seat `seat` may ask at a table whose game is `over`: once, before the rematch is
 * made (the last ask makes it under the table's lock: table.h). QV_ESTATE says why not. */
qv_status qv__rematch_may_ask(const qv__rematch *r, int seat, bool over, qv_err *err);

/* Whether seat `seat`'s ask is the last one the people's seats (mask) need. */
bool qv__rematch_last(const qv__rematch *r, int seat, unsigned people);

/* The request that makes the rematch, the one place that decides what a rematch keeps: game,
 * params, privacy, takebacks, whether it is rated and the clock's settings as they are, every
 * seat moved one place on (the person or level at p1 now sits at p2, ..., the last at p1; an
 * invite seat becomes a human one, claimed at once for its person). NULL when out of memory. */
json_t *qv__rematch_request(const char *game, json_t *params, const qv__seat *seat, int nseats,
                            bool private_, bool takebacks, bool rated, const qv__clock *clock);

/* The new table `id` is made, with old seat p's person's token tokens[p] ("" for an AI seat),
 * after seat `seat`'s ask. */
void qv__rematch_made(qv__rematch *r, int seat, const char *id,
                      char tokens[QV_MAX_PLAYERS][QV__TOKEN_LEN + 1]);

/* {"type": "rematch", "table", "seat", "token"} for a connection of seat viewer once the new
 * table exists and this process made it; NULL otherwise (a spectator, an AI seat, after a
 * restart, or out of memory). */
json_t *qv__rematch_frame(const qv__rematch *r, int viewer, int nseats);

/* {"asked": ["p1"], "table": ID or null}: as info gives it and the store keeps it. NULL when
 * out of memory. qv__rematch_load reads it back (j NULL: nobody asked), untrusted: QV_EIO names
 * the bad field. */
json_t *qv__rematch_json(const qv__rematch *r, int nseats);
qv_status qv__rematch_load(qv__rematch *r, const json_t *j, int nseats, qv_err *err);

#endif
