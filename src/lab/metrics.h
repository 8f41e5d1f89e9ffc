/*
 * metrics.h - what the files of the lab's metrics share (metrics.c, metrics_components.c,
 * metrics_play.c, metrics_cards.c, deltas.c), internal to them: where a section's games are
 * read from, the scans over an arm's games, the sums of an arm, and the statistics every row
 * uses.
 *
 * The games are read through cursors (store.c), one game at a time, always in index order and
 * with the same arithmetic, so a run on one machine and a merge of its shards give the same
 * numbers to the last bit, and nothing held grows with the number of games.
 */
#ifndef QUIVER_LAB_METRICS_H
#define QUIVER_LAB_METRICS_H

#include "lab/sections.h"

/* The first failure of a scan (a line that cannot be read), kept for the end of the section:
 * a scan that fails ends as if its arm had no more games, and the section fails with it. */
typedef struct qv__lab_fault {
	qv_status rc;
	qv_err err;
} qv__lab_fault;

/* The sums of one arm's games that the outcomes, the length and the comparison with a
 * baseline are made of. */
typedef struct qv__lab_tally {
	int games;
	double score[QV_MAX_PLAYERS]; /* sum of s per seat */
	int winners;                  /* games with rank 1 alone */
	int shared;                   /* uncapped games with rank 1 shared */
	int uncapped, capped;
	qv_moments turns; /* decisions per game */
	double decisions, positions, legal;
	qv_moments branching; /* legal / decisions per game with decisions */
	int min, max;         /* decisions */
	/* games per number of decisions [0, max], and of those capped: the median, the 90th
	 * percentile and the histogram without a copy of the games */
	int *by_length, *capped_by_length;
} qv__lab_tally;

struct qv__lab_sources {
	const qv_lab_plan *p;
	const qv_lab_source *games;
	const qv_lab_arm *arms[2]; /* main, baseline (NULL: none) */
	qv__lab_tally t[2];        /* their sums */
	qv__lab_fault *fault;
};

/* A pass over the games of one arm, in index order. */
typedef struct qv__lab_scan {
	qv_lab_cursor c;
	int left;
	bool open;
	qv__lab_fault *fault;
} qv__lab_scan;

/* The first game of arm a (NULL: none, or the first failure kept in src->fault), then each
 * next; qv__lab_scan_end releases the pass. */
const qv_lab_game *qv__lab_scan_first(qv__lab_scan *s, const qv__lab_sources *src,
                                      const qv_lab_arm *a);
const qv_lab_game *qv__lab_scan_next(qv__lab_scan *s);
void qv__lab_scan_end(qv__lab_scan *s);

/* Seat s's score in game g: its share of first place (1 alone, 1/k shared by k, else 0). */
double qv__lab_score_of(const qv_lab_game *g, int s);
/* The seat that holds rank 1 alone, or -1 when the first rank is shared. */
int qv__lab_winner_of(const qv_lab_game *g);
/* A proportion x of n with its Wilson interval; a mean with its Student's t interval. */
qv_lab_est qv__lab_est_prop(double x, double n);
qv_lab_est qv__lab_est_mean(const qv_moments *m);
/* The sums of arm's games (an empty tally for NULL); release with qv__lab_tally_free. */
void qv__lab_tally_arm(const qv__lab_sources *src, const qv_lab_arm *arm, int n, qv__lab_tally *t);
void qv__lab_tally_free(qv__lab_tally *t);
/* The outcomes of a tally of n-player games. */
void qv__lab_outcomes(const qv__lab_tally *t, int n, qv_lab_outcomes *o);

/* No test: a difference of NAN, no interval, no p. */
extern const qv_lab_delta qv__lab_no_test;
/* The paired test of the mean of differences m (deltas.c): its interval, p and
 * *t (NAN: no test; a sign test's: the normal z of its p). */
qv_lab_delta qv__lab_paired_delta(const qv_moments *m, double *t);
/* Two proportions x1/n1 - x2/n2 with Newcombe's interval and the pooled z test's p. */
qv_lab_delta qv__lab_prop_delta(double x1, double n1, double x2, double n2, double *z);
/* The correlational figures of every component over the main games (metrics_cards.c): play
 * rates, scores when available, played, held and not played, plays per game, captures per
 * play. A failure is kept in src->fault. */
void qv__lab_card_figures(const qv__lab_sources *src, qv_lab_component *comp);

/* How sure the first place of each list of sec is (race.c; lab.h: qv_lab_race), from its
 * components' tests and lists. */
void qv__lab_races(const qv_lab_plan *p, qv_lab_section *sec);
/* The test a list ranks component c by (race.c): for `strongest` its restricted play's holder
 * test (its score test where no seat held it), for `unbalancing` the ablation test its
 * rebalance reads; NULL when it has none. The list's effect is the loss, minus the test's
 * difference. */
const qv_lab_delta *qv__lab_list_test(const qv_lab_component *c, int list);

/* Side d's score in game g of the plan: its seat's, the other seat's in a swapped game. */
double qv__lab_side_score_of(const qv_lab_plan *p, const qv_lab_game *g, int d);

#endif
