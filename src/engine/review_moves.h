/*
 * review_moves.h - what the review (review.c) lends the puzzles (puzzle.c) of the decisions it
 * reviewed: the true state before a decision, and any moves of it valued as the review values the
 * move made and the best one (on the same guesses of the position for the mover, with the same
 * dice after, by searches from whoever decides next), so that a puzzle's answer is judged by the
 * review's own measure. Internal to the engine; not thread-safe (a review is one thread's).
 */
#ifndef QUIVER_ENGINE_REVIEW_MOVES_H
#define QUIVER_ENGINE_REVIEW_MOVES_H

#include "quiver/review.h"

/* The true state before decision i (0 <= i < qv_review_total), held by the review until its
 * next call; NULL when memory ran out (err says so). Only what its mover knows may be read from
 * it for a player: a caller shows the mover's view of it, never the state. */
const void *qv__review_before(qv_review *r, int i, qv_err *err);

/* The mover's expected result in [-1, 1] after each of the n actions acts (legal at decision
 * i's state), into mover[0..n): the mean over the review's samples of decision i, each action on
 * the same guesses and draws. Costs n x samples searches of the reply budget. */
qv_status qv__review_values(qv_review *r, int i, const qv_action *acts, int n, double *mover,
                            qv_err *err);

#endif
