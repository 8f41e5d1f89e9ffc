/*
 * replay.h - a game step by step as the referee sees it, for the browser's replay page (the
 * server's GET /api/tables/ID/replay once the game is over and POST /api/replay with a record;
 * the app's replays of a record, in the page's own engine), and the components a page draws.
 * Internal to the engine's feed; thread-safe for different matches.
 */
#ifndef QUIVER_ENGINE_FEED_REPLAY_H
#define QUIVER_ENGINE_FEED_REPLAY_H

#include "quiver/match.h"

struct json_t;

/* Writes into out (a zeroed or cleared qv_buf the caller frees) the compact JSON text of
 * {"game", "params", "players", "result", "steps": [...], "catalogue"} (the catalogue:
 * qv__catalogue_json). Step 0 is {"who": null, "action": null, "automatic": false, "view"}: the
 * View JSON (viewer "all") of the start. Step k is the k-th history entry of m, with its
 * notation (qv_match_notation) and who made it, and {"changes": [...]}: the RFC 6902 operations
 * (json_patch.h) that turn step k - 1's View JSON into the one after the entry; with full,
 * {"view"} instead, the whole View JSON, as step 0 (the answer before changes were sent).
 * The answer is written step by step, two views held at a time.
 * With max_bytes (0: no bound), fails (QV_EINVAL, *too_big set when too_big is not NULL) once
 * the answer would pass max_bytes, and the work stops there: a small record uploaded by anyone
 * replays into an answer many times larger. QV_ENOMEM when memory runs out. On failure out is
 * freed. m's history is only walked, which may keep a position in m (hold the table's lock).
 * players, when not NULL, is the answer's "players" (a server's table's names),
 * else the record's own (m's names). */
qv_status qv__replay_text(qv_match *m, const struct json_t *players, bool full, size_t max_bytes,
                          qv_buf *out, bool *too_big, qv_err *err);

/* The components m is played with, as the browser's drawing modules read them (a table's,
 * a replay's or a lesson's "catalogue"): the resolved document of its variant or built-in
 * set, a new reference; a JSON null for a game without components; NULL when out of memory.
 * Public: it is what is printed on the components. */
struct json_t *qv__catalogue_json(const qv_match *m);

#endif
