/*
 * walk.h - going over a match's past (walk.c): the state before any history entry, rebuilt
 * from the nearest position a walk kept (a mark), and the walk itself. Internal to the match's
 * files.
 */
#ifndef QUIVER_ENGINE_MATCH_WALK_H
#define QUIVER_ENGINE_MATCH_WALK_H

#include "quiver/match.h"

/* Rebuilds into st the state before entry n (0 <= n <= nhist) from the nearest mark at or
 * before n, else from base; returns the mark used, or -1 for base. st may be the current
 * state. Needs no memory. */
int qv__match_position_at(const qv_match *m, int n, void *st);

/* Drops the marks of positions after entry n (all of them for n < 0). */
void qv__match_forget_marks(qv_match *m, int n);

/* The marks' memory is shared by a match and its copies (qv_match_copy), each with its own
 * mark_at saying which slots it reads, until one of them keeps a mark: it then takes a copy of
 * its own first. qv__marks_share makes m read src's marks (NULL: none) at src's slots, letting
 * go of its own; qv__marks_drop lets go of m's, which then has none (the memory is freed with
 * the last match that read it). Matches that share it may be used by different threads, each
 * match by one. */
void qv__marks_share(qv_match *m, const qv_match *src);
void qv__marks_drop(qv_match *m);

/* qv_match_walk over a match that may be const: `keeper` (m itself, or NULL) keeps the
 * position where the walk ends as a mark for the next one; with NULL the walk changes nothing.
 * QV_ENOMEM, with fn never called, when the state to walk with cannot be allocated. */
qv_status qv__match_walk(const qv_match *m, int from, qv_walk_fn fn, void *ctx, qv_match *keeper);

#endif
