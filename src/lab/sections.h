/*
 * sections.h - the table of a report's sections (docs/HACKING.md, "How to add a metric"): one
 * row per metric of a player count, naming the function that computes it (metrics.c), the one
 * that writes it into report.json and the one that draws it in report.html (report.c), NULL
 * where the metric has no part of that kind. qv_lab_compute and qv_lab_write walk the table,
 * so a metric is added as a row and its functions, without touching the loops. Internal to
 * the lab.
 *
 * The order: the compute functions run in the table's order, so a row may read what the rows
 * above it computed; report.json holds each section's keys in the table's order too. The page
 * shows the rows that have an HTML part by their `place` (0 first): the verdict, which reads
 * what every other row computed and computes nothing itself, is the table's last row and the
 * page's first.
 */
#ifndef QUIVER_LAB_SECTIONS_H
#define QUIVER_LAB_SECTIONS_H

#include "lab/page.h"

/* What a section is computed from (metrics.c): the plan, the study's games (index order), the
 * player count's main and baseline arms (the baseline's NULL without one) and their sums. */
typedef struct qv__lab_sources qv__lab_sources;
/* The report's page while it is written (report.c): the buffer, the plan, the games and the
 * prefix of the section's element ids. */
struct qv__lab_page {
	qv_buf *b;
	const qv_lab_plan *p;
	const qv_lab_source *games;
	char id[16]; /* "p2": the player count's prefix of element ids */
	/* the first game that could not be read, which fails the writing */
	struct {
		qv_status rc;
		qv_err err;
	} fault;
};

/* The components studied by ablation and restricted play (all of them without --components):
 * report.c's, for every row's writer. */
int qv__lab_studied_count(const qv_lab_plan *p);

/* Fills the metric's fields of sec; a failure ends the computation (the report is freed). */
typedef qv_status (*qv__lab_compute_fn)(const qv__lab_sources *src, qv_lab_section *sec,
                                        qv_err *err);
/* Writes the metric's keys into the section's object of report.json. */
typedef void (*qv__lab_json_fn)(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
/* Writes the metric's part of the section in report.html. */
typedef void (*qv__lab_html_fn)(struct qv__lab_page *P, const qv_lab_section *S);

typedef struct qv__lab_row {
	const char *key; /* the metric's name, unique (report.json's key where it has one) */
	qv__lab_compute_fn compute;
	qv__lab_json_fn json;
	qv__lab_html_fn html;
	int place; /* with html: its place among the page's parts of a section, from 0 */
} qv__lab_row;

/* The table, qv__lab_nrows rows. */
extern const qv__lab_row qv__lab_rows[];
extern const int qv__lab_nrows;

/* ---- the rows' functions ---- */

/* metrics.c */
qv_status qv__lab_compute_outcomes(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err);
qv_status qv__lab_compute_sides(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err);
qv_status qv__lab_compute_baseline_outcomes(const qv__lab_sources *src, qv_lab_section *sec,
                                            qv_err *err);
qv_status qv__lab_compute_length(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err);
qv_status qv__lab_compute_tension(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err);
qv_status qv__lab_compute_first_player(const qv__lab_sources *src, qv_lab_section *sec,
                                       qv_err *err);
qv_status qv__lab_compute_ladder(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err);
qv_status qv__lab_compute_agents(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err);
qv_status qv__lab_compute_components(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err);
qv_status qv__lab_compute_power(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err);
qv_status qv__lab_compute_board(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err);
qv_status qv__lab_compute_compare(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err);
qv_status qv__lab_compute_reproduction(const qv__lab_sources *src, qv_lab_section *sec,
                                       qv_err *err);

/* report_*.c, the file of each row: report.json */
void qv__lab_json_outcomes(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_sides(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_baseline_outcomes(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_length(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_tension(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_first_player(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_openings(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_ladder(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_agents(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_components(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_power(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_board(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_compare(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);
void qv__lab_json_reproduction(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S);

/* report_*.c, the file of each row: report.html */
void qv__lab_html_verdict(struct qv__lab_page *P, const qv_lab_section *S);
void qv__lab_html_seats(struct qv__lab_page *P, const qv_lab_section *S);
void qv__lab_html_length(struct qv__lab_page *P, const qv_lab_section *S);
void qv__lab_html_components(struct qv__lab_page *P, const qv_lab_section *S);
void qv__lab_html_board(struct qv__lab_page *P, const qv_lab_section *S);
void qv__lab_html_tension(struct qv__lab_page *P, const qv_lab_section *S);
void qv__lab_html_first_player(struct qv__lab_page *P, const qv_lab_section *S);
void qv__lab_html_openings(struct qv__lab_page *P, const qv_lab_section *S);
void qv__lab_html_ladder(struct qv__lab_page *P, const qv_lab_section *S);
void qv__lab_html_agents(struct qv__lab_page *P, const qv_lab_section *S);
void qv__lab_html_baseline(struct qv__lab_page *P, const qv_lab_section *S);

#endif
