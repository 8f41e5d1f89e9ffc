/*
 * actions.h - the calling thread's list of actions (actions.c). Internal to the match's files.
 */
#ifndef QUIVER_ENGINE_MATCH_ACTIONS_H
#define QUIVER_ENGINE_MATCH_ACTIONS_H

#include "quiver/game.h"

/* The calling thread's list with room for max(max_actions, max_chance) entries of g, kept for
 * the thread's life (freed when it ends) and shared by every match the thread serves: valid
 * until the thread's next call, so one use must end before another begins (nothing that
 * fills it may call a function that fills it). NULL when out of memory. */
qv_action *qv__match_actions(const qv_game *g);

#endif
