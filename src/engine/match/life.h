/*
 * life.h - a match made (life.c), for the loader, which makes one before it knows whether the
 * document it reads will load; and the calling thread's list of actions. Internal to the
 * match's files.
 */
#ifndef QUIVER_ENGINE_MATCH_LIFE_H
#define QUIVER_ENGINE_MATCH_LIFE_H

#include "quiver/match.h"

/* Allocates a match for g with its state buffers and default names, but no state yet
 * (qv_match_free releases it). NULL, with the message, when out of memory. */
qv_match *qv__match_alloc(const qv_game *g, qv_err *err);

/* The calling thread's list with room for max(max_actions, max_chance) entries of g, kept for
 * the thread's life (freed when it ends) and shared by every match the thread serves: valid
 * until the thread's next call, so one use must end before another begins (nothing that
 * fills it may call a function that fills it). NULL when out of memory. */
qv_action *qv__match_actions(const qv_game *g);

/* Runs the game's init with params (may be NULL) and seed into the current state, then keeps
 * the completed parameters and the seed; the variant the parameters name is held first. */
qv_status qv__match_init(qv_match *m, const qv_params *params, uint64_t seed, qv_err *err);

#endif
