/*
 * play.h - playing a match (play.c): the forced-move loop, for the files that make or load a
 * match. Internal to the match's files.
 */
#ifndef QUIVER_ENGINE_MATCH_PLAY_H
#define QUIVER_ENGINE_MATCH_PLAY_H

#include "quiver/match.h"

/* Applies forced moves (a single legal option, a single chance outcome) and the commitments a
 * player made ahead of its turn until a real choice, a forced decision of a held player, or
 * the end. QV_ENOMEM when one could not be applied: the state and history stay consistent,
 * with the move pending. */
qv_status qv__match_apply_forced(qv_match *m);

#endif
