/*
 * sweep.h - the lab's sweeps (docs/lab.md, "Sweeps"): one number of a game, a game parameter
 * or a component's field, taken through a range of values, a small study at each, and one
 * report with the curves of each seat's score, the fairness gap and the mean length.
 *
 * What varies is named by a path:
 *   max_turns=100..400:100       a game parameter (quiver rules <game>), the study's --param
 *   cards.scout-r.strength=1..9  a field of the variant's document: the block, then in a list
 *   die.faces.0=-2..2            block an entry by its id (or its index), in a record block
 *                                or a list of numbers a field or an index, and so on down
 * Each value is a study of the main arm only (no components, ladder or luck), of the same
 * configuration and the same seed: the values play on common random numbers, so a curve's
 * steps are the change's and not the dice's.
 *
 * The points lie end to end, like a study's arms: game i of the sweep is game i - first[k]
 * of value k's study. A shard's header is the base study's (qv_lab_header_write) with the
 * sweep's path (cfg.sweep) and its total; everything is computed from the lines in index
 * order, so a merge writes one machine's bytes.
 */
#ifndef QUIVER_LAB_SWEEP_H
#define QUIVER_LAB_SWEEP_H

#include "lab/lab.h"

#define QV_LAB_SWEEP_MAX 41 /* values one sweep may take */

typedef struct qv_lab_sweep {
	qv_lab_config base; /* as given, with cfg.sweep the --vary text */
	char path[256];     /* what varies (the text before '=') */
	bool param;         /* a game parameter, else a field of the variant's document */
	double lo, hi, step;
	int nvalues;
	double value[QV_LAB_SWEEP_MAX];
	qv_lab_plan plan[QV_LAB_SWEEP_MAX]; /* value k's study */
	int first[QV_LAB_SWEEP_MAX + 1];    /* value k's games: [first[k], first[k + 1]) */
	int total;
} qv_lab_sweep;

/* Makes the sweep of base along the text `vary` (PATH=LO..HI[:STEP], STEP 1 by default), each
 * value's variant loaded and its study planned. QV_EINVAL naming the problem and the expected
 * form: a path that names nothing, or no number; a range out of order, or of more than
 * QV_LAB_SWEEP_MAX values; a value the game refuses (the variant checker's message). Release
 * with qv_lab_sweep_free. */
qv_status qv_lab_sweep_make(const qv_lab_config *base, const char *vary, qv_lab_sweep *out,
                            qv_err *err);
void qv_lab_sweep_free(qv_lab_sweep *s);

/* The value whose games hold sweep game i. */
int qv_lab_sweep_point(const qv_lab_sweep *s, int i);

/* Plays sweep games [lo, hi) on `threads` threads into the sink (qv_lab_play_into), each
 * game's index its index in the sweep, value after value; progress counts over [lo, hi). */
qv_status qv_lab_sweep_play(const qv_lab_sweep *s, int lo, int hi, int threads,
                            const qv_lab_sink *sink, bool *stopped, qv_err *err);

/* A shard's header line for sweep games [lo, hi). */
void qv_lab_sweep_header_write(const qv_lab_sweep *s, int lo, int hi, qv_buf *out);

/* Writes DIR/report.html, DIR/report.json and DIR/games.csv of the sweep from all its games,
 * the file's lines of sweep games 0 .. total-1. */
qv_status qv_lab_sweep_write(const qv_lab_sweep *s, const qv_lab_file *file, const char *dir,
                             qv_err *err);

#endif
