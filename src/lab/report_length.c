/*
 * report_length.c - the row `length` of a report's sections (sections.c): decisions per
 * game, their histogram (the baseline's overlaid) and the figures of choice, in report.json and
 * report.html.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab/sections.h"

typedef struct qv__lab_page page;

/* The length of one arm as an object of report.json. */
static void json_length(qv__lab_jw *w, const char *key, const qv_lab_length *l)
{
	qv__lab_jw_open(w, key, '{');
	qv__lab_jw_est(w, "turns", &l->turns);
	qv__lab_jw_num(w, "sd", l->sd);
	qv__lab_jw_num(w, "median", l->median);
	qv__lab_jw_num(w, "p90", l->p90);
	qv__lab_jw_int(w, "min", l->min);
	qv__lab_jw_int(w, "max", l->max);
	int nbins = l->nbins < 0 ? 0 : l->nbins > QV_LAB_HIST_MAX ? QV_LAB_HIST_MAX : l->nbins;
	qv__lab_jw_open(w, "histogram", '{');
	qv__lab_jw_int(w, "first", l->bin_lo);
	qv__lab_jw_int(w, "width", l->bin_width);
	qv__lab_jw_ints(w, "games", l->hist, nbins);
	qv__lab_jw_ints(w, "capped", l->hist_capped, nbins);
	qv__lab_jw_close(w, '}');
	qv__lab_jw_est(w, "decision_moves", &l->decision_moves);
	qv__lab_jw_num(w, "branching_decision", l->branching_decision);
	qv__lab_jw_num(w, "branching_game", l->branching_game);
	qv__lab_jw_close(w, '}');
}

void qv__lab_json_length(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	json_length(w, "length", &S->length);
	if (p->cfg.baseline)
		json_length(w, "baseline_length", &S->baseline_length);
	else
		qv__lab_jw_null(w, "baseline_length");
}

/* ---- the length ---- */

/* The turns bin b covers, "12-15" or "12". */
static qv__lab_txt bin_range(const qv_lab_length *l, int b)
{
	qv__lab_txt t;
	int a = l->bin_lo + b * l->bin_width, z = a + l->bin_width - 1;
	if (l->bin_width <= 1)
		snprintf(t.s, sizeof t.s, "%d", a);
	else
		snprintf(t.s, sizeof t.s, "%d&ndash;%d", a, z);
	return t;
}

static void length_row(qv_buf *b, const char *name, const char *v, const char *base, bool has_base)
{
	qv_buf_printf(b, "<tr><th scope=\"row\">%s</th><td>%s</td>", name, v);
	if (has_base)
		qv_buf_printf(b, "<td>%s</td>", base);
	qv_buf_puts(b, "</tr>\n");
}

/* The histogram's frame: its size, the plot area, the vertical scale and a bar's width. */
typedef struct length_plot {
	int W, H;
	double x0, x1, y0, y1, bw;
	qv__lab_scale y;
	int nbins;
	bool has_base;
} length_plot;

/* The legend and the horizontal grid lines with their counts, every `step` up to `top`. */
static void length_grid(qv_buf *b, const length_plot *p, double step, double top)
{
	qv_buf_puts(b, "<rect x=\"48\" y=\"6\" width=\"12\" height=\"12\" class=\"bar\"/>\n");
	qv__lab_svg_text(b, 64, 16.5, NULL, NULL, "games");
	qv_buf_puts(b, "<rect x=\"118\" y=\"6\" width=\"12\" height=\"12\" class=\"cap\"/>\n");
	qv__lab_svg_text(b, 134, 16.5, NULL, NULL, "capped");
	if (p->has_base) {
		qv__lab_svg_line(b, 196, 12, 224, 12, "baseline");
		qv__lab_svg_text(b, 230, 16.5, NULL, NULL, "baseline");
	}
	for (double v = 0; v <= top + 1e-9; v += step) {
		char t[24];
		snprintf(t, sizeof t, "%.0f", v);
		qv__lab_svg_line(b, p->x0, qv__lab_scale_at(&p->y, v), p->x1,
		                 qv__lab_scale_at(&p->y, v), "grid");
		qv__lab_svg_text(b, p->x0 - 6, qv__lab_scale_at(&p->y, v) + 4.5, "end", "mut", t);
	}
}

/* The bars (the capped part of each in orange) and the baseline's outline. */
static void length_bars(qv_buf *b, const length_plot *p, const qv_lab_length *l,
                        const qv_lab_length *bl)
{
	double x0 = p->x0, y1 = p->y1, bw = p->bw;
	for (int i = 0; i < p->nbins; i++) {
		double bx = x0 + i * bw, h = y1 - qv__lab_scale_at(&p->y, l->hist[i]);
		double hc = y1 - qv__lab_scale_at(&p->y, l->hist_capped[i]);
		if (l->hist[i] > 0)
			qv_buf_printf(b,
			              "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" "
			              "class=\"bar\"/>\n",
			              qv__lab_co(bx + 0.5).s, qv__lab_co(y1 - h).s,
			              qv__lab_co(fmax(bw - 1, 0.5)).s, qv__lab_co(h).s);
		if (l->hist_capped[i] > 0)
			qv_buf_printf(b,
			              "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" "
			              "class=\"cap\"/>\n",
			              qv__lab_co(bx + 0.5).s, qv__lab_co(y1 - h).s,
			              qv__lab_co(fmax(bw - 1, 0.5)).s, qv__lab_co(hc).s);
	}
	if (!p->has_base)
		return;
	qv_buf_printf(b, "<polyline class=\"baseline\" points=\"%s,%s", qv__lab_co(x0).s,
	              qv__lab_co(y1).s);
	for (int i = 0; i < p->nbins; i++) {
		double yy = qv__lab_scale_at(&p->y, bl->hist[i]);
		qv_buf_printf(b, " %s,%s %s,%s", qv__lab_co(x0 + i * bw).s, qv__lab_co(yy).s,
		              qv__lab_co(x0 + (i + 1) * bw).s, qv__lab_co(yy).s);
	}
	qv_buf_printf(b, " %s,%s\"/>\n", qv__lab_co(p->x1).s, qv__lab_co(y1).s);
}

/* The horizontal axis: a tick with the length at every few bars, and its title. */
static void length_axis(qv_buf *b, const length_plot *p, const qv_lab_length *l)
{
	qv__lab_svg_line(b, p->x0, p->y1, p->x1, p->y1, "axis");
	int every = (p->nbins + 5) / 6;
	for (int i = 0; i <= p->nbins; i += every) {
		char t[24];
		snprintf(t, sizeof t, "%d", l->bin_lo + i * l->bin_width);
		qv__lab_svg_line(b, p->x0 + i * p->bw, p->y1, p->x0 + i * p->bw, p->y1 + 4, "axis");
		qv__lab_svg_tick(b, p->x0 + i * p->bw, p->y1 + 18, p->W, t);
	}
	qv__lab_svg_text(b, (p->x0 + p->x1) / 2, p->H - 6, "middle", "mut", "decisions per game");
}

/* The histogram of game lengths as a figure: the variant's bars, the baseline's outline. */
static void length_figure(qv_buf *b, const qv_lab_section *S, int nbins, bool has_base)
{
	const qv_lab_length *l = &S->length, *bl = &S->baseline_length;
	int ymax = 1, capped = 0;
	for (int i = 0; i < nbins; i++) {
		capped += l->hist_capped[i];
		ymax = l->hist[i] > ymax ? l->hist[i] : ymax;
		if (has_base)
			ymax = bl->hist[i] > ymax ? bl->hist[i] : ymax;
	}
	/* whole numbers of games on the axis, at most five lines */
	double step = qv__lab_nice_ceil(ymax / 4.0), top = step * ceil(ymax / step);
	length_plot p = {.W = 400, .H = 236, .x0 = 48, .x1 = 380, .y0 = 34, .y1 = 190};
	p.y = (qv__lab_scale){0, top, p.y1, p.y0};
	p.bw = (p.x1 - p.x0) / nbins;
	p.nbins = nbins;
	p.has_base = has_base;
	qv_buf_puts(b, "<div class=\"fig\"><figure>\n");
	qv_buf label = {0};
	qv_buf_printf(&label,
	              "Histogram of game lengths with %d players: mean %s decisions, %d capped "
	              "games%s",
	              S->players,
	              qv__lab_measured(&l->turns) ? qv__lab_num(l->turns.v, 1, false).s : "n/a",
	              capped, has_base ? ", with the baseline's histogram as an outline" : "");
	qv__lab_svg_open(b, p.W, p.H, qv_buf_str(&label));
	qv_buf_free(&label);
	length_grid(b, &p, step, top);
	length_bars(b, &p, l, bl);
	length_axis(b, &p, l);
	qv_buf_puts(b, "</svg>\n");
	qv_buf_printf(
	    b,
	    "<figcaption>%d games; %s capped by max_turns; one bar per %d "
	    "decision%s.</figcaption>\n</figure>\n",
	    S->outcomes.games,
	    qv__lab_measured(&S->outcomes.timeouts) ? qv__lab_pct(S->outcomes.timeouts.v).s : "n/a",
	    l->bin_width, l->bin_width == 1 ? "" : "s");
}

/* The table of length and choice beside the figure: the variant's, and the baseline's. */
static void length_table(page *P, const qv_lab_section *S, bool has_base)
{
	qv_buf *b = P->b;
	const qv_lab_length *l = &S->length, *bl = &S->baseline_length;
	qv__lab_table_open(P->b, P->id, "length-table", "Length and choice");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Metric</th><th scope=\"col\">Variant</th>");
	if (has_base)
		qv_buf_puts(b, "<th scope=\"col\">Baseline</th>");
	qv_buf_puts(b, "</tr></thead><tbody>\n");
	length_row(b, "Mean decisions", qv__lab_est_num(&l->turns, 1).s,
	           qv__lab_est_num(&bl->turns, 1).s, has_base);
	length_row(b, "Standard deviation", qv__lab_num(l->sd, 1, false).s,
	           qv__lab_num(bl->sd, 1, false).s, has_base);
	length_row(b, "Median", qv__lab_num(l->median, 1, false).s,
	           qv__lab_num(bl->median, 1, false).s, has_base);
	length_row(b, "90th percentile", qv__lab_num(l->p90, 1, false).s,
	           qv__lab_num(bl->p90, 1, false).s, has_base);
	length_row(b, "Shortest", qv__lab_num(l->min, 0, false).s, qv__lab_num(bl->min, 0, false).s,
	           has_base);
	length_row(b, "Longest", qv__lab_num(l->max, 0, false).s, qv__lab_num(bl->max, 0, false).s,
	           has_base);
	length_row(b, "Capped (timeouts)", qv__lab_est_pct(&S->outcomes.timeouts).s,
	           qv__lab_est_pct(&S->baseline_outcomes.timeouts).s, has_base);
	length_row(b, "Decision moves", qv__lab_est_pct(&l->decision_moves).s,
	           qv__lab_est_pct(&bl->decision_moves).s, has_base);
	length_row(b, "Branching per decision", qv__lab_num(l->branching_decision, 2, false).s,
	           qv__lab_num(bl->branching_decision, 2, false).s, has_base);
	length_row(b, "Branching per game", qv__lab_num(l->branching_game, 2, false).s,
	           qv__lab_num(bl->branching_game, 2, false).s, has_base);
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

/* The bars' numbers, one column per bar. */
static void bins_table(page *P, const qv_lab_section *S, int nbins, bool has_base)
{
	qv_buf *b = P->b;
	const qv_lab_length *l = &S->length, *bl = &S->baseline_length;
	qv__lab_table_open(P->b, P->id, "bins", "Games per length");
	qv_buf_puts(b, "<thead><tr><th scope=\"row\">Decisions</th>");
	for (int i = 0; i < nbins; i++)
		qv_buf_printf(b, "<th scope=\"col\">%s</th>", bin_range(l, i).s);
	qv_buf_puts(b, "</tr></thead><tbody>\n<tr><th scope=\"row\">Games</th>");
	for (int i = 0; i < nbins; i++)
		qv_buf_printf(b, "<td>%d</td>", l->hist[i]);
	qv_buf_puts(b, "</tr>\n<tr><th scope=\"row\">of which capped</th>");
	for (int i = 0; i < nbins; i++)
		qv_buf_printf(b, "<td>%d</td>", l->hist_capped[i]);
	qv_buf_puts(b, "</tr>\n");
	if (has_base) {
		qv_buf_puts(b, "<tr><th scope=\"row\">Baseline</th>");
		for (int i = 0; i < nbins; i++)
			qv_buf_printf(b, "<td>%d</td>", bl->hist[i]);
		qv_buf_puts(b, "</tr>\n");
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

void qv__lab_html_length(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_length *l = &S->length;
	bool has_base = P->p->cfg.baseline != NULL && S->baseline_outcomes.games > 0;
	qv__lab_heading(P->b, P->id, "h3", "length", "Game length");
	int nbins = l->nbins > QV_LAB_HIST_MAX ? QV_LAB_HIST_MAX : l->nbins;
	if (S->outcomes.games <= 0 || nbins <= 0 || l->bin_width <= 0) {
		qv__lab_not_measured(b, "No games were played with this number of players.");
		return;
	}
	qv__lab_how(
	    b, has_base ? "How many decisions a game asks of its players. Bars: this variant&#39;s "
	                  "games per length, the part of games capped by max_turns in orange; the "
	                  "dashed outline: the baseline&#39;s games."
	                : "How many decisions a game asks of its players. Bars: this variant&#39;s "
	                  "games per length, the part of games capped by max_turns in orange.");
	if (!has_base)
		qv__lab_not_measured(
		    b, "No baseline was measured, so there is no outline to compare with.");
	length_figure(b, S, nbins, has_base);
	length_table(P, S, has_base);
	qv_buf_puts(b, "</div>\n");
	bins_table(P, S, nbins, has_base);
}
