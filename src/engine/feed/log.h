/*
 * log.h - the log of one viewer of a table (a seat or the public): the lines the match words
 * for that viewer (qv_match_log), kept so that each connection is sent only what is new, and
 * cut when history is taken back. Internal to the engine's feed (frame.h), which the server's
 * tables and the app's local tables share.
 *
 * A table keeps one log per viewer, worded lazily when a frame needs it; every line gets a
 * serial from the table's counter, which only grows, so a line taken back is never mistaken
 * for the line that later takes its place. No lock and no table here: the table owns the logs
 * under its lock, and these functions change only the log and the counter they are given.
 */
#ifndef QUIVER_ENGINE_FEED_LOG_H
#define QUIVER_ENGINE_FEED_LOG_H

#include <stdbool.h>

#include <jansson.h>

#include "quiver/match.h"

/* One line of a viewer's log. */
typedef struct qv__logline {
	int entry;        /* history entry */
	long long serial; /* grows with every line made, so a line taken back is never reused */
	char who[8];      /* whom the line is about: "p1"..., "chance" or "game" */
	char *text;       /* and after its '\0', its message (qv_log_line's msg), "" for none */
} qv__logline;

/* The log of one viewer (a seat or the public), worded up to entry `upto`. */
typedef struct qv__log {
	qv__logline *line;
	int n, cap;
	int upto;
} qv__log;

void qv__log_free(qv__log *log);

/* Words the lines of the history entries not yet in the log, for viewer, each numbered from
 * *serial. false when out of memory, and then none of the new lines is kept (the next call
 * words them again). */
bool qv__log_fill(qv__log *log, qv_match *m, int viewer, long long *serial);

/* Puts a log back to its first n lines, worded up to entry upto. */
void qv__log_cut(qv__log *log, int n, int upto);

/* Forgets the lines of history entries from nhist on (taken back). */
void qv__log_forget(qv__log *log, int nhist);

/* Lines [from, log->n) appended to out as a frame's "log", [{"who", "text"}, ...], compact
 * JSON text, with each consequence's "msg" when messages (a connection that asked for them:
 * docs/server/websocket.md); false when out of memory. */
bool qv__log_text(const qv__log *log, int from, bool messages, qv_buf *out);

#endif
