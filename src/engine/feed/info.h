/*
 * info.h - the parts of a table's info (docs/server.md, "Tables") that every table writes the
 * same way from its match, the server's and the app's local ones: the components it plays
 * with, who may act now and the result. Internal to the engine's feed.
 */
#ifndef QUIVER_ENGINE_FEED_INFO_H
#define QUIVER_ENGINE_FEED_INFO_H

#include <stdbool.h>

#include <jansson.h>

#include "quiver/match.h"
#include "quiver/variant.h"

/* {"name", "sha256", "builtin"} of v; a JSON null for NULL (a game without components). */
json_t *qv__info_variant_json(const qv_variant *v);

/* ["p1", ...]: the seats of the mask acting (bit p for seat p), of nseats. */
json_t *qv__info_to_move_json(unsigned acting, int nseats);

/* [{"seat", "rank", "score", "reason" for a seat that left}] of a game over, every seat ranked
 * first when drawn (a draw agreed); a JSON null when the game is not over and not drawn. */
json_t *qv__info_result_json(const qv_match *m, int nseats, bool drawn);

#endif
