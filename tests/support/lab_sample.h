/*
 * lab_sample.h - a designer's lab study of THREE ARROWS made by hand: its plan, its games'
 * lines and its computed report, with values chosen so that a test knows what the report
 * files must say. For the report's tests (tests/unit/test_lab_report.c) and the page the
 * browser test opens (tests/browser/lab_sample_write.c); it plays nothing and computes
 * nothing with the lab's own code, so the files can be tested alone.
 *
 * The full study: 2 and 3 players, agents `greedy` and `mcts:iterations=200,threads=1` (a
 * spec holding a comma), 12 games per player count, a baseline (the built-in set), the seven
 * piece kinds ablated and restricted in 6 games each, the skill ladder k = 4..10 and the
 * luck floor in 6 games each, a 6 x 6 board, tension values; piece T is the planted cause
 * (flagged, the most extreme). The sparse study: 2 players, one agent `random`, nothing but
 * the main games (no baseline, no component games, no ladder, no tension, no board).
 */
#ifndef QV_TEST_LAB_SAMPLE_H
#define QV_TEST_LAB_SAMPLE_H

#include "lab/lab.h"

typedef struct qv_test_lab {
	qv_variant variant; /* the built-in set under another name and hash */
	qv_lab_plan plan;
	qv_lab_game *games; /* [plan.total] */
	qv_lab_report report;
} qv_test_lab;

/* Makes the full or the sparse study with the variant named name. Aborts the test program
 * (with a message) when THREE ARROWS or its built-in set cannot be had. */
void qv_test_lab_sample(qv_test_lab *s, bool full, const char *name);
void qv_test_lab_sample_free(qv_test_lab *s);

#endif
