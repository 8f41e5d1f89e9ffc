/*
 * info.h - the parts of a table's info (docs/server/tables.md, "Tables") that every table writes
 * the same way from its match, the server's and the app's local ones: the components it plays with,
 * who may act now and the result; and the one check of whether a seat may act now. Internal to the
 * engine's feed.
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

/* The longest action text a page may send (notation is far shorter). */
#define QV__ACTION_MAX 1024

/* Whether `seat` may decide now at m with `action` (its text): the player to move, or one of
 * a secret step everyone chooses at once who has not chosen, and an action text within
 * QV__ACTION_MAX; else QV_ESTATE or QV_EINVAL in the words a table's page shows ("not your
 * turn: p2 is to move, and you are p1"). */
qv_status qv__info_may_act(qv_match *m, int seat, const char *action, qv_err *err);

#endif
