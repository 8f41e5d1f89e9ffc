/*
 * commitments.h - the commitments seats make ahead of their turn in a simultaneous secret step
 * (qv_match_act): kept with a table so that a restart loses none, by the server's store with
 * the table's people (a change the store refuses leaves them as they were: it was built on a
 * copy of the match) and by the browser with the app's local table. Internal to the engine's
 * feed.
 *
 * The commitments themselves live in the match, which checks them; these functions read and
 * remake them there, and know nothing of the table that owns the match (the table calls them
 * under its lock).
 */
#ifndef QUIVER_ENGINE_FEED_COMMITMENTS_H
#define QUIVER_ENGINE_FEED_COMMITMENTS_H

#include <jansson.h>

#include "quiver/match.h"

/* {"p2": ["start sentinel-s"], ...}: every seat's commitments, as the store keeps them. NULL
 * when out of memory. */
json_t *qv__commitments_json(const qv_match *m, int nseats);

/* Makes the stored commitments (j, NULL for none) again, each checked as when it was made;
 * QV_EIO names the bad entry, under `where` (the kept field's name: "people.committed"). */
qv_status qv__commitments_load(qv_match *m, int nseats, const json_t *j, const char *where,
                               qv_err *err);

/* The seats with a commitment made ahead of their turn (bit p for seat p). */
unsigned qv__commitments_mask(const qv_match *m, int nseats);

#endif
