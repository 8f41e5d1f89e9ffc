/*
 * together.h - simultaneous secret steps, for the match's step.c (and json.c, which lists a
 * player's own commitments): the position at which a player of a step decides, and the
 * commitments it makes ahead of its turn (qv_match_act), kept as notation lines each ended by
 * a newline. Internal to the engine; works on a game and states, never on a match.
 */
#ifndef QUIVER_ENGINE_MATCH_TOGETHER_H
#define QUIVER_ENGINE_MATCH_TOGETHER_H

#include "quiver/game.h"

/* Fills st with the position at which `player`, of the current step of `state` but not to
 * move, decides: placeholder choices for the players before it, then its own commitments
 * `mine`. True when the player then has a decision to make in the step; false when it has
 * none (its part committed already, or past the step), with *broken set when a commitment of
 * `mine` does not fit (a takeback changed the step). tmp: a second state; abuf: room for
 * max_actions. */
bool qv__together_reach(const qv_game *g, const void *state, int player, const char *mine, void *st,
                        void *tmp, qv_action *abuf, bool *broken);

/* Parses and checks `text` as the decision of the player to move at st and appends its
 * canonical notation to mine (cap bytes in all). The errors of a play; QV_ESTATE when full. */
qv_status qv__together_add(const qv_game *g, const void *st, const char *text, char *mine,
                           size_t cap, qv_err *err);

/* The first of mine as an action of the player to move at state, parsed and checked: false
 * when it does not fit. */
bool qv__together_next(const qv_game *g, const void *state, const char *mine, qv_action *out);
/* Drops the first of mine. */
void qv__together_pop(char *mine);
/* How many commitments mine holds. */
int qv__together_count(const char *mine);
/* The next commitment from *cursor into buf (advancing it): 1, or 0 at the end. */
int qv__together_line(const char **cursor, char *buf, size_t len);

#endif
