/*
 * position.h - what a match knows of its current position (position.c): who is to move, the
 * pending chance event's outcomes, the only option when there is one, and whose forced
 * decisions wait for a front end. Internal to the match's files.
 */
#ifndef QUIVER_ENGINE_MATCH_POSITION_H
#define QUIVER_ENGINE_MATCH_POSITION_H

#include "quiver/match.h"

/* Drops what the match keeps of the current position (its count of legal actions, its chance
 * list, the player to move): called whenever the position changes. */
void qv__match_forget_position(qv_match *m);

/* The outcomes of the pending chance event (who is QV_CHANCE) in the match's own list
 * (m->cout, m->cprob), listed once per position. */
int qv__match_chance_list(qv_match *m);

/* The only option of the current state, for who (the player to move, QV_CHANCE or QV_OVER), if
 * there is exactly one and the engine may take it by itself: true, with *out. *counted is the
 * number of legal actions of the player to move when they were counted, else -1. */
bool qv__match_only_option(qv_match *m, int who, qv_action *out, int *counted);

/* Whether who is a player whose forced decisions a front end shows before they are applied
 * (qv_match_hold_forced). */
bool qv__match_holds(const qv_match *m, int who);

#endif
