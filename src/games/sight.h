/*
 * sight.h - the definition behind qv_action_seen by itself (sight.c): what a viewer may know of
 * an action decided by comparing views, whatever the game's own sight (qv_game.sight) says,
 * for the tests that hold each game's sight to it (internal: not a public header).
 */
#ifndef QUIVER_GAMES_SIGHT_H
#define QUIVER_GAMES_SIGHT_H

#include "quiver/game.h"

/* qv_action_seen without asking the game's sight: the views of the options of the truth and
 * of `worlds` determinizations of `before` for viewer are compared (qv_action_seen's own
 * check compares 4). */
int qv__action_seen_views(const qv_game *g, const void *before, qv_action a, int viewer, char *buf,
                          size_t len, bool *exact, int worlds);

#endif
