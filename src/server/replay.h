/*
 * replay.h - a game step by step as the referee sees it, for the browser's replay page
 * (GET /api/tables/ID/replay once the game is over, POST /api/replay with a record).
 */
#ifndef QUIVER_SERVER_REPLAY_H
#define QUIVER_SERVER_REPLAY_H

#include <quiver/match.h>

struct json_t;

/* {"game", "params", "catalogue", "players", "result", "steps": [{"who", "action", "automatic",
 * "view"}]} (the catalogue: qv__catalogue_json):
 * step 0 is the start (who and action null), step k the View JSON (viewer "all") after the
 * k-th history entry of m, with that entry's notation (qv_match_notation) and who made it.
 * NULL with a message when memory runs out. The caller owns the result; m's history is only
 * walked, which may keep a position in m (hold the table's lock). */
struct json_t *qv__replay_json(qv_match *m, qv_err *err);

/* The same, failing (NULL, *too_big set when too_big is not NULL) once the answer would pass
 * max_bytes of compact JSON (0: no bound); the work stops there too. For records uploaded by
 * anyone: a small record replays into an answer hundreds of times larger. */
struct json_t *qv__replay_json_within(qv_match *m, size_t max_bytes, bool *too_big, qv_err *err);

/* The components m is played with, as the browser's drawing modules read them (a table's,
 * a replay's or a lesson's "catalogue"): the resolved document of its variant or built-in
 * set, a new reference; a JSON null for a game without components; NULL when out of memory.
 * Public: it is what is printed on the components. */
struct json_t *qv__catalogue_json(const qv_match *m);

#endif
