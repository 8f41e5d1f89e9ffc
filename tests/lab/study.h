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

/* Plans, plays (on two threads) and computes the study of c; fails the test on any error. */
void study_run(const qv_lab_config *c, lab_study *out);
void study_free(lab_study *s);

#endif
