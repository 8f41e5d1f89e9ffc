/*
 * replay.h - a game step by step as the referee sees it, for the browser's replay page
 * (GET /api/tables/ID/replay once the game is over, POST /api/replay with a record).
 */
#ifndef QUIVER_SERVER_REPLAY_H
#define QUIVER_SERVER_REPLAY_H

#include <quiver/match.h>

struct json_t;

/* {"game", "params", "players", "result", "steps": [{"who", "action", "automatic", "view"}]}:
 * step 0 is the start (who and action null), step k the View JSON (viewer "all") after the
 * k-th history entry of m, with that entry's notation and who made it. NULL with a message
 * when memory runs out or an entry does not apply. The caller owns the result; m is only
 * read (hold the table's lock). */
struct json_t *qv__replay_json(const qv_match *m, qv_err *err);

#endif
