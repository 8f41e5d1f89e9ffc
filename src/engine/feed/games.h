/*
 * games.h - what a page is told of the games themselves, the same from the server
 * (GET /api/games, GET /api/games/GAME/reference) and from the app's engine in a Web Worker:
 * the games with their parameters and the levels a person may play against, and what each
 * piece, card and item of a game is. Nothing here is hidden information: they describe kinds
 * of things, never a table. Internal to the engine's feed.
 */
#ifndef QUIVER_ENGINE_FEED_GAMES_H
#define QUIVER_ENGINE_FEED_GAMES_H

#include <jansson.h>

#include "quiver/game.h"

/* {"games": [{"name", "title", "min_players", "max_players", "params": [{"key", "default",
 * "allowed", "meaning", "kind", and "min", "max", "step" or "choices" by kind}], "levels"}]}
 * (docs/server.md); NULL when out of memory. */
json_t *qv__games_json(void);

/* {"game", "entries": [{"name", "text"}]}: the entries `card`, `piece` and `item` print at the
 * prompt of `quiver play` (qv_lookup), in the game's order, of the components state plays with
 * (NULL: the built-in set); NULL when out of memory. */
json_t *qv__reference_json(const qv_game *g, const void *state);

#endif
