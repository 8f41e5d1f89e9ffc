/*
 * sections.c - the table of a report's sections (sections.h): what each player count's
 * section holds, in the order it is computed and written to report.json, with each part's
 * place on the page. A new metric is a row here and its functions (docs/HACKING.md, "How to
 * add a metric").
 */
#include "lab/sections.h"

/* Each row: its key, then its functions: compute (metrics.c), report.json and report.html
 * (report.c); then its place on the page. */
const qv__lab_row qv__lab_rows[] = {
    {"outcomes", qv__lab_compute_outcomes, qv__lab_json_outcomes, qv__lab_html_seats, 1},
    {"sides", qv__lab_compute_sides, qv__lab_json_sides, NULL, 0},
    {"baseline_outcomes", qv__lab_compute_baseline_outcomes, qv__lab_json_baseline_outcomes, NULL,
     0},
    {"length", qv__lab_compute_length, qv__lab_json_length, qv__lab_html_length, 2},
    {"tension", qv__lab_compute_tension, qv__lab_json_tension, qv__lab_html_tension, 5},
    {"first_player", qv__lab_compute_first_player, qv__lab_json_first_player,
     qv__lab_html_first_player, 6},
    {"openings", NULL, qv__lab_json_openings, qv__lab_html_openings, 7}, /* by first_player */
    {"ladder", qv__lab_compute_ladder, qv__lab_json_ladder, qv__lab_html_ladder, 8},
    {"agents", qv__lab_compute_agents, qv__lab_json_agents, qv__lab_html_agents, 9},
    {"components", qv__lab_compute_components, qv__lab_json_components, qv__lab_html_components, 3},
    {"power", qv__lab_compute_power, qv__lab_json_power, NULL, 0},
    {"board", qv__lab_compute_board, qv__lab_json_board, qv__lab_html_board, 4},
    {"compare", qv__lab_compute_compare, qv__lab_json_compare, qv__lab_html_baseline, 10},
    {"reproduction", qv__lab_compute_reproduction, qv__lab_json_reproduction, NULL, 0},
    {"verdict", NULL, NULL, qv__lab_html_verdict, 0},
};

const int qv__lab_nrows = (int)(sizeof qv__lab_rows / sizeof qv__lab_rows[0]);
