/*
 * bridge.h - the few engine calls the server needs that the engine (match.h) is gaining: the
 * narrated log worded for a viewer, undo at a table of several people, telling an agent what
 * happened, and seat names in records. Internal to the server.
 *
 * They are kept in this one file so that moving to the engine's own functions
 * (qv_match_log, qv_match_undo_seat, qv_match_tell_agent, qv_match_set_name) is a change of
 * this file only: each function below has the signature of the engine's and becomes one call.
 * Until then the log is a plain list of moves in notation, each worded for the viewer (what
 * the viewer cannot tell apart is written "?"), without the narration of consequences.
 */
#ifndef QUIVER_SERVER_BRIDGE_H
#define QUIVER_SERVER_BRIDGE_H

#include "quiver/agent.h"
#include "quiver/match.h"

/* One line of the log, worded for one viewer (the engine's qv_log_line). */
typedef struct qv__log_line {
	int entry;        /* the history entry (index) the line belongs to */
	int who;          /* who made that move: a player index or QV_CHANCE */
	bool consequence; /* false: the move itself; true: one of its consequences */
	bool automatic;   /* the move was the only option (applied by the match) */
	const char *text; /* worded for the viewer */
} qv__log_line;
typedef void (*qv__log_fn)(void *ctx, const qv__log_line *line);

/* Words the log of history entries [from, nhist) for viewer (a player index, QV_VIEW_PUBLIC or
 * QV_VIEW_ALL) and calls fn for each line, in order. */
void qv__match_log(qv_match *m, int viewer, int from, qv__log_fn fn, void *ctx);

/* Undo at a table: `humans` has bit p set for each seat played by a person. The player's own
 * last decision is taken back under the policy of `quiver play`. */
qv_status qv__match_undo_seat(qv_match *m, int player, unsigned humans, qv_err *err);

/* Tells agent a every history entry from *seen to the end (what its seat may see of each), and
 * sets *seen to the history's length. */
void qv__match_tell_agent(const qv_match *m, qv_agent *a, int *seen);

/* Seat names for records. */
void qv__match_set_name(qv_match *m, int player, const char *name);

#endif
