/*
 * study.h - one study of the lab played and computed in a test, for the calibration and the
 * planted-cause tests (tests/lab/).
 */
#ifndef QUIVER_TESTS_LAB_STUDY_H
#define QUIVER_TESTS_LAB_STUDY_H

#include "lab/lab.h"

/* A study played and computed: its plan, its games and its report. */
typedef struct lab_study {
	qv_lab_plan plan;
	qv_lab_game *games;
	qv_lab_report report;
} lab_study;

/* The suite's family-wise z (Bonferroni over about fifty rates: 0.05 / 50 = 0.001 each),
 * for the intervals of the lab's calibration tests (calibration.c says why). */
#define Z_FAMILY 3.290526731491926

/* A study of `players` seats of game g (variant v) by one agent: games main games,
 * component_games per component and arm, no ladder or luck floor. */
qv_lab_config study_config(const qv_game *g, const qv_variant *v, int players, const char *agent,
                           int games, int component_games, uint64_t seed);

/* Plans, plays (on two threads) and computes the study of c; fails the test on any error. */
void study_run(const qv_lab_config *c, lab_study *out);
void study_free(lab_study *s);

#endif
