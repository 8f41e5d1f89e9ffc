/*
 * step.h - a match's simultaneous secret steps (step.c): a player's turn in the current step
 * and the commitments made ahead of it. Internal to the match's files.
 */
#ifndef QUIVER_ENGINE_MATCH_STEP_H
#define QUIVER_ENGINE_MATCH_STEP_H

#include "quiver/match.h"

/* The position at which `player`, a player of the current step who is not to move, decides
 * (the match's scratch state, valid until the next call into the match), or NULL when it has
 * no decision to make now or the scratch state cannot be allocated. */
const void *qv__match_step_position(qv_match *m, int player);

/* The decision `text` of `player`, of the current step but not to move (who is), checked
 * against the player's own turn in the step and kept as a commitment: the part of qv_match_act
 * for a player who is not to move. Nothing changes on error. */
qv_status qv__match_commit(qv_match *m, int player, int who, const char *text, qv_err *err);

/* Whether `who`, now to move, made a commitment ahead of its turn that fits: true with its
 * action in *out. One that no longer fits is withdrawn with the player's others. */
bool qv__match_next_pending(qv_match *m, int who, qv_action *out);

/* Drops who's first commitment, once the forced-move loop has applied it. */
void qv__match_pop_pending(qv_match *m, int who);

#endif
