/*
 * life.h - a match made (life.c), for the loader, which makes one before it knows whether the
 * document it reads will load. Internal to the match's files.
 */
#ifndef QUIVER_ENGINE_MATCH_LIFE_H
#define QUIVER_ENGINE_MATCH_LIFE_H

#include "quiver/match.h"

/* Allocates a match for g with its state buffers and default names, but no state yet
 * (qv_match_free releases it). NULL, with the message, when out of memory. */
qv_match *qv__match_alloc(const qv_game *g, qv_err *err);

/* Runs the game's init with params (may be NULL) and seed into the current state, then keeps
 * the completed parameters and the seed; the variant the parameters name is held first. */
qv_status qv__match_init(qv_match *m, const qv_params *params, uint64_t seed, qv_err *err);

#endif
