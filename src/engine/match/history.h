/*
 * history.h - a match's history entries (history.c): appending one with its notation and
 * narration, cutting the history back, the entries' worded moves freed, and the history's
 * invariants. Internal to the match's files.
 */
#ifndef QUIVER_ENGINE_MATCH_HISTORY_H
#define QUIVER_ENGINE_MATCH_HISTORY_H

#include "quiver/match.h"

/* Checks a (unless the caller has: `checked`), applies it to the current state with its
 * narration, and appends it to the history with its notation. who is the player to move (or
 * QV_CHANCE). Nothing changes on error (QV_ENOMEM, or the check's refusal). */
qv_status qv__match_append(qv_match *m, int who, qv_action a, bool automatic, bool checked,
                           qv_err *err);

/* Cuts the history to its first n entries (0 <= n <= nhist) and rebuilds the state; needs no
 * memory, so it cannot fail. */
void qv__match_truncate(qv_match *m, int n);

/* Frees the worded moves (m->seen) of the entries from `from` on. */
void qv__match_free_seen(qv_match *m, int from);

/* The viewers each entry's worded moves are kept for, the stride of m->seen: m's players, then
 * QV_VIEW_PUBLIC and QV_VIEW_ALL: 4 at a table of two, not room for the most players (7). */
int qv__match_viewers(const qv_match *m);

/* Asserts the history's invariants (QV_CHECKS builds; nothing otherwise). */
void qv__match_check_history(const qv_match *m);

/* The notation of a at st (the state before it) into buf: "#<action>" if the game cannot
 * name it. */
void qv__match_notation_of(const qv_game *g, const void *st, qv_action a, char *buf, size_t len);

#endif
