/*
 * log.h - a history entry's move as each viewer may know it (log.c), for the takeback's
 * reasons, which name moves as the player asking may know them. Internal to the match's files.
 */
#ifndef QUIVER_ENGINE_MATCH_LOG_H
#define QUIVER_ENGINE_MATCH_LOG_H

#include "quiver/match.h"

/* Entry i's move as viewer may know it, worked out at `before` (the state before it) and kept
 * in the match; "" when the viewer is told nothing. NULL when out of memory. */
const char *qv__match_seen_text(qv_match *m, int i, const void *before, int viewer);

#endif
