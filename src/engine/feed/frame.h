/*
 * frame.h - what a table's viewers are sent (docs/server/websocket.md, "WebSocket"): the frames of
 * a table's socket built from its match, a "snapshot" (the viewer's whole log) or an "update" (the
 * lines since the connection's last frame), and the "history" frame of a look back at a past
 * position. One builder for both tables that speak these frames: the server's
 * (src/server/table/feed.c, which adds its info, the spectators' sharing and the chat) and the
 * app's local table in a Web Worker (src/app/table.c), so that a page reads the same frames
 * from either (docs/architecture.md, "The app").
 *
 * A feed is the part of a table the frames read besides its match: each viewer's log (log.h),
 * the serial its lines are numbered from, and the counts of what makes a connection need the
 * whole log again (takebacks, and the table's own cuts: the server's hidden chat lines). No
 * lock here: the table that owns the feed holds its own around these calls.
 */
#ifndef QUIVER_ENGINE_FEED_FRAME_H
#define QUIVER_ENGINE_FEED_FRAME_H

#include <stdbool.h>

#include <jansson.h>

#include "engine/feed/log.h"
#include "quiver/match.h"

/* The logs and counters of one table's frames. Zeroed to start; qv__feed_free at the end. */
typedef struct qv__feed {
	qv__log log[QV_MAX_PLAYERS + 1]; /* per seat, then the public's (at index nseats) */
	long long serial;                /* the last line's number: only grows */
	long long takebacks; /* history taken back: a connection that has not seen the last gets a
	                        snapshot */
	long long cuts;      /* the table's own reasons for the same (the server's chat lines
	                        hidden) */
} qv__feed;

/* Where a connection stands in its viewer's log. */
typedef struct qv__log_pos {
	bool messages;       /* the connection asked for the lines' messages (its hello) */
	int n;               /* lines the connection holds */
	long long serial;    /* serial of its last line, 0 for none */
	long long takebacks; /* the feed's takebacks when its last frame was built */
	long long cuts;      /* and its cuts */
} qv__log_pos;

/* The parts of a frame that the table writes itself, each appended to out as JSON text
 * (false when memory ran out). info: the table's info ("table"), whole in a snapshot; view:
 * the viewer's View JSON; chat: a snapshot's "chat", or NULL for a table without one. */
typedef struct qv__frame_parts {
	long long v; /* the table's version */
	bool (*info)(void *ctx, int viewer, bool snapshot, qv_buf *out);
	bool (*view)(void *ctx, int viewer, qv_buf *out);
	bool (*chat)(void *ctx, int viewer, qv_buf *out);
	void *ctx;
} qv__frame_parts;

void qv__feed_free(qv__feed *f, int nseats);

/* The log of viewer (a seat or QV_VIEW_PUBLIC) in a feed of nseats seats. */
qv__log *qv__feed_log(qv__feed *f, int nseats, int viewer);

/* The history was cut back to its first nhist entries (a takeback, or a change built apart
 * that replaced it): every viewer's lines of later entries forgotten. taken: entries were
 * taken back, so that every connection's next frame is a snapshot. */
void qv__feed_cut(qv__feed *f, int nseats, int nhist, bool taken);

/* A frame for viewer (a seat or QV_VIEW_PUBLIC) of the table whose match is m, appended to out
 * as compact JSON text: {"type": "snapshot", "v", "seat", "table", "view", "log", "chat"} (the
 * whole log; "chat" when parts has one) or {"type": "update", "v", "table", "view", "log"}
 * (the log lines since *pos). An update asked for after a takeback or cut the connection has
 * not heard of (or when lines it holds are gone) is a snapshot instead, so that no client keeps
 * a line that was taken back. Updates *pos. False when out of memory, and then *pos and the
 * logs are as they were and out holds a part of the frame. */
bool qv__feed_frame(qv__feed *f, qv_match *m, int nseats, int viewer, bool snapshot,
                    qv__log_pos *pos, const qv__frame_parts *parts, qv_buf *out);

/* The same frame read back as a tree (what tests and tools look into); NULL when out of
 * memory, and then *pos and the logs are as they were. */
json_t *qv__feed_frame_json(qv__feed *f, qv_match *m, int nseats, int viewer, bool snapshot,
                            qv__log_pos *pos, const qv__frame_parts *parts);

/* Looking back during play: {"type": "history", "v", "line", "from", "to", "view"}, the View
 * JSON of viewer (without legal actions; "params" the table's, params) right after the move
 * that log line `line` tells, whose lines are [from, to) of the viewer's log. The viewer's own
 * view of that past position, never anything it could not see then. `pos` says what the
 * connection holds: a line it does not hold is QV_EINVAL, a log it holds from before a
 * takeback QV_ESTATE (a snapshot follows); QV_ENOMEM. m's history is walked, which may keep a
 * position in m. */
json_t *qv__feed_history(qv__feed *f, qv_match *m, int nseats, const json_t *params, long long v,
                         int viewer, long long line, const qv__log_pos *pos, qv_err *err);

#endif
