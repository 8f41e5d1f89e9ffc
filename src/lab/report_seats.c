/*
 * report_seats.c - the rows `outcomes`, `sides` and `baseline_outcomes` of a report's
 * sections (sections.c): each seat's score, each side's, and the baseline's, in report.json,
 * and the seat forest plot with its table in report.html.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab/sections.h"

typedef struct qv__lab_page page;

/* The outcomes of one arm as an object of report.json. */
static void json_outcomes(qv__lab_jw *w, const char *key, const qv_lab_outcomes *o, int players)
{
	qv__lab_jw_open(w, key, '{');
	qv__lab_jw_int(w, "games", o->games);
	qv__lab_jw_open(w, "seats", '[');
	for (int s = 0; s < players; s++)
		qv__lab_jw_est(w, NULL, &o->seat[s]);
	qv__lab_jw_close(w, ']');
	qv__lab_jw_num(w, "fairness_gap", o->fairness_gap);
	qv__lab_jw_num(w, "balance", o->balance);
	qv__lab_jw_est(w, "completion", &o->completion);
	qv__lab_jw_est(w, "drawishness", &o->drawishness);
	qv__lab_jw_est(w, "timeouts", &o->timeouts);
	qv__lab_jw_close(w, '}');
}

void qv__lab_json_outcomes(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	json_outcomes(w, "outcomes", &S->outcomes, S->players);
}

/* Each side's score over both seats: {"id", "value", "ci", "n"}; [] when no sides. */
void qv__lab_json_sides(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	qv__lab_jw_open(w, "sides", '[');
	for (int k = 0; k < p->nsides && k < QV_MAX_PLAYERS; k++) {
		const qv_lab_est *e = &S->side_score[k];
		bool m = qv__lab_measured(e);
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_str(w, "id", p->side[k]);
		qv__lab_jw_num(w, "value", m ? e->v : NAN);
		qv__lab_jw_ci(w, "ci", m ? e->ci : (qv_interval){NAN, NAN});
		qv__lab_jw_int(w, "n", e->n);
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
}

void qv__lab_json_baseline_outcomes(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	if (p->cfg.baseline)
		json_outcomes(w, "baseline_outcomes", &S->baseline_outcomes, S->players);
	else
		qv__lab_jw_null(w, "baseline_outcomes");
}

/* ---- the seats ---- */

/* The scale of the seat scores: from lo to hi in steps of *step, holding the fair share and
 * every interval, at least two steps wide, within 0 to 1. */
static void seats_range(const qv_lab_outcomes *o, int N, double fair, double *lo, double *hi,
                        double *step)
{
	*lo = fair, *hi = fair;
	for (int s = 0; s < N; s++)
		if (qv__lab_measured(&o->seat[s]) && qv__lab_known_ci(o->seat[s].ci)) {
			*lo = fmin(*lo, o->seat[s].ci.lo);
			*hi = fmax(*hi, o->seat[s].ci.hi);
		}
	*step = *hi - *lo > 0.5 ? 0.2 : 0.1;
	*lo = fmax(0, floor(*lo / *step + 1e-9) * *step);
	*hi = fmin(1, ceil(*hi / *step - 1e-9) * *step);
	if (*hi - *lo < 0.2 - 1e-9) {
		*lo = fmax(0, *lo - *step);
		*hi = fmin(1, *hi + *step);
	}
}

/* Each seat's score as a dot with its interval, a row each from `top`, `row` apart. */
static void seats_dots(qv_buf *b, const qv_lab_outcomes *o, int N, const qv__lab_scale *x, int top,
                       int row)
{
	for (int s = 0; s < N; s++) {
		const qv_lab_est *e = &o->seat[s];
		double y = top + s * row + row / 2.0;
		char name[16];
		snprintf(name, sizeof name, "p%d", s + 1);
		qv__lab_svg_text(b, 8, y + 4.5, NULL, NULL, name);
		if (!qv__lab_measured(e)) {
			qv__lab_svg_text(b, 56, y + 4.5, NULL, "mut", "n/a");
			continue;
		}
		qv_buf_printf(b, "<g class=\"k%d\">", s + 1);
		if (qv__lab_known_ci(e->ci))
			qv__lab_svg_line(b, qv__lab_scale_at(x, e->ci.lo), y,
			                 qv__lab_scale_at(x, e->ci.hi), y, "ci");
		qv_buf_printf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"6\" class=\"pt\"/></g>\n",
		              qv__lab_co(qv__lab_scale_at(x, e->v)).s, qv__lab_co(y).s);
	}
}

/* The figure of the seat scores: the grid, the fair share's line, a dot per seat. */
static void seats_figure(qv_buf *b, const qv_lab_outcomes *o, int N, double fair)
{
	double lo, hi, step;
	seats_range(o, N, fair, &lo, &hi, &step);
	const int W = 400, top = 34, row = 30;
	int H = top + N * row + 30;
	qv__lab_scale x = {lo, hi, 56, 384};
	qv_buf_puts(b, "<div class=\"fig\"><figure>\n");
	qv_buf label = {0};
	qv_buf_printf(&label,
	              "Seat scores with %d players, with 95%% intervals and the fair share %s", N,
	              qv__lab_pct(fair).s);
	qv__lab_svg_open(b, W, H, qv_buf_str(&label));
	qv_buf_free(&label);
	double ybot = top + N * row;
	for (int i = 0; lo + i * step <= hi + 1e-9; i++) {
		double v = lo + i * step;
		qv__lab_svg_line(b, qv__lab_scale_at(&x, v), top - 6, qv__lab_scale_at(&x, v), ybot,
		                 "grid");
		qv__lab_svg_tick(b, qv__lab_scale_at(&x, v), ybot + 18, W, qv__lab_tick_pct(v).s);
	}
	qv__lab_svg_line(b, qv__lab_scale_at(&x, fair), top - 10, qv__lab_scale_at(&x, fair), ybot,
	                 "fair");
	char fl[48];
	snprintf(fl, sizeof fl, "fair share 1/%d", N);
	bool right = qv__lab_scale_at(&x, fair) > W - 70;
	qv__lab_svg_text(b, qv__lab_scale_at(&x, fair) + (right ? -4 : 4), 16,
	                 right ? "end" : "start", NULL, fl);
	seats_dots(b, o, N, &x, top, row);
	qv_buf_puts(b, "</svg>\n");
	qv_buf_printf(b, "<figcaption>%d games; fairness gap %s, balance %s.</figcaption>\n",
	              o->games, qv__lab_pct(o->fairness_gap).s, qv__lab_pct(o->balance).s);
	qv_buf_puts(b, "</figure>\n");
}

void qv__lab_html_seats(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_outcomes *o = &S->outcomes;
	int N = S->players;
	double fair = 1.0 / N;
	qv__lab_heading(P->b, P->id, "h3", "seats", "Seat scores");
	if (o->games <= 0) {
		qv__lab_not_measured(b, "No games were played with this number of players.");
		return;
	}
	qv__lab_how(
	    b, "Each seat&#39;s mean score (a win counts 1, a shared first place its share, a loss "
	       "0) with its 95% interval. The dashed line is a fair share, 1/N: a seat whose "
	       "interval misses it is favoured or hindered by its place at the table.");
	seats_figure(b, o, N, fair);
	qv__lab_table_open(P->b, P->id, "seats-table", "Seat scores");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Seat</th><th scope=\"col\">Score</th>"
	               "<th scope=\"col\">95% interval</th><th scope=\"col\">&minus; 1/N</th></tr>"
	               "</thead><tbody>\n");
	for (int s = 0; s < N; s++) {
		const qv_lab_est *e = &o->seat[s];
		bool m = qv__lab_measured(e);
		qv_buf_printf(b,
		              "<tr><th scope=\"row\"><span class=\"swatch k%d\"></span>p%d</th>"
		              "<td>%s</td><td>%s</td><td>%s</td></tr>\n",
		              s + 1, s + 1, qv__lab_pct(m ? e->v : NAN).s,
		              qv__lab_pct_ci(m ? e->ci : (qv_interval){NAN, NAN}).s,
		              qv__lab_pp(m ? e->v - fair : NAN).s);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
	qv_buf_puts(b, "</div>\n");
}
