/*
 * report_skill.c - the rows `tension`, `ladder` and `agents` of a report's sections
 * (sections.c): the tension curve, the skill ladder with the luck floor, and the agents' matrix
 * with their Elo, in report.json and report.html.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab/sections.h"

typedef struct qv__lab_page page;

void qv__lab_json_tension(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	const qv_lab_tension *t = &S->tension;
	if (t->games <= 0) {
		qv__lab_jw_null(w, "tension");
		return;
	}
	qv__lab_jw_open(w, "tension", '{');
	qv__lab_jw_int(w, "games", t->games);
	qv__lab_jw_est(w, "lead_changes", &t->lead_changes);
	qv__lab_jw_est(w, "drama", &t->drama);
	qv__lab_jw_est(w, "decisiveness", &t->decisiveness);
	qv__lab_jw_nums(w, "winner", t->winner, QV_LAB_CURVE);
	qv__lab_jw_nums(w, "loser", t->loser, QV_LAB_CURVE);
	qv__lab_jw_close(w, '}');
}

/* The rungs, then the luck arm's score apart. */
void qv__lab_json_ladder(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	qv__lab_jw_open(w, "ladder", '[');
	const qv_lab_rung *luck = NULL;
	for (int i = 0; i < S->nrungs; i++) {
		if (S->rung[i].k < 0) {
			luck = &S->rung[i];
			continue;
		}
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_int(w, "k", S->rung[i].k);
		qv__lab_jw_int(w, "iterations", 2L << S->rung[i].k);
		qv__lab_jw_int(w, "against", 1L << S->rung[i].k);
		qv__lab_jw_est(w, "score", &S->rung[i].score);
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
	if (luck)
		qv__lab_jw_est(w, "luck", &luck->score);
	else
		qv__lab_jw_null(w, "luck");
}

void qv__lab_json_agents(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	qv__lab_jw_open(w, "agents", '[');
	for (int a = 0; a < S->nagents; a++) {
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_str(w, "agent", p->cfg.agents[a]);
		qv__lab_jw_nums(w, "matrix", S->matrix[a], S->nagents);
		qv__lab_jw_est(w, "elo", &S->elo[a]);
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
}

/* ---- tension ---- */

/* A line through the points of v that were measured, broken where one was not. */
static void curve(qv_buf *b, const double *v, const qv__lab_scale *x, const qv__lab_scale *y,
                  const char *cls, const char *ptcls)
{
	bool open = false;
	for (int i = 0; i < QV_LAB_CURVE; i++) {
		double t = (i + 0.5) / QV_LAB_CURVE;
		if (!qv__lab_known(v[i])) {
			if (open)
				qv_buf_puts(b, "\"/>\n");
			open = false;
			continue;
		}
		if (open)
			qv_buf_putc(b, ' ');
		else
			qv_buf_printf(b, "<polyline class=\"%s\" points=\"", cls);
		open = true;
		qv_buf_printf(b, "%s,%s", qv__lab_co(qv__lab_scale_at(x, t)).s,
		              qv__lab_co(qv__lab_scale_at(y, v[i])).s);
	}
	if (open)
		qv_buf_puts(b, "\"/>\n");
	for (int i = 0; i < QV_LAB_CURVE; i++)
		if (qv__lab_known(v[i]))
			qv_buf_printf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"3.5\" class=\"%s\"/>\n",
			              qv__lab_co(qv__lab_scale_at(x, (i + 0.5) / QV_LAB_CURVE)).s,
			              qv__lab_co(qv__lab_scale_at(y, v[i])).s, ptcls);
}

/* The tension curve's numbers: the winner's and the best loser's mean evaluation per part of
 * game time. */
static void tension_table(page *P, const qv_lab_tension *t)
{
	qv_buf *b = P->b;
	qv__lab_table_open(P->b, P->id, "tension-table", "Mean evaluation over game time");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Game time</th><th scope=\"col\">Winner</th>"
	               "<th scope=\"col\">Best loser</th></tr></thead><tbody>\n");
	for (int i = 0; i < QV_LAB_CURVE; i++)
		qv_buf_printf(
		    b, "<tr><th scope=\"row\">%d&ndash;%d%%</th><td>%s</td><td>%s</td></tr>\n",
		    100 * i / QV_LAB_CURVE, 100 * (i + 1) / QV_LAB_CURVE,
		    qv__lab_num(t->winner[i], 3, true).s, qv__lab_num(t->loser[i], 3, true).s);
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

void qv__lab_html_tension(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_tension *t = &S->tension;
	qv__lab_heading(P->b, P->id, "h3", "tension", "Tension");
	if (t->games <= 0) {
		qv__lab_not_measured(
		    b, "Tension was not measured: the agents of this study do not search, so "
		       "no decision has an evaluation. Searching agents (mcts, ismcts or the "
		       "levels) measure it.");
		return;
	}
	qv__lab_how(
	    b, "The mean evaluation, from the searching agents (&minus;1 lost, +1 won), of the "
	       "eventual winner and of the best loser as a game goes on. Lines that stay close "
	       "make a tense game; lines that part early, a game decided early.");
	const int W = 400, H = 232;
	qv__lab_scale x = {0, 1, 48, 390}, y = {-1, 1, 190, 34};
	qv_buf_puts(b, "<div class=\"fig\"><figure>\n");
	qv_buf label = {0};
	qv_buf_printf(&label,
	              "Tension curve with %d players over %d games: the winner's and the best "
	              "loser's mean evaluation over game time",
	              S->players, t->games);
	qv__lab_svg_open(b, W, H, qv_buf_str(&label));
	qv_buf_free(&label);
	qv__lab_svg_line(b, 48, 12, 76, 12, "win");
	qv__lab_svg_text(b, 82, 16.5, NULL, NULL, "winner");
	qv__lab_svg_line(b, 152, 12, 180, 12, "lose");
	qv__lab_svg_text(b, 186, 16.5, NULL, NULL, "best loser");
	for (int i = -2; i <= 2; i++) {
		double v = i / 2.0;
		qv__lab_svg_line(b, 48, qv__lab_scale_at(&y, v), 390, qv__lab_scale_at(&y, v),
		                 i == 0 ? "axis" : "grid");
		qv__lab_svg_text(b, 42, qv__lab_scale_at(&y, v) + 4.5, "end", "mut",
		                 qv__lab_num(v, 1, i > 0).s);
	}
	curve(b, t->loser, &x, &y, "lose", "losept");
	curve(b, t->winner, &x, &y, "win", "winpt");
	qv__lab_svg_text(b, 48, 208, "start", "mut", "start");
	qv__lab_svg_text(b, 219, 208, "middle", "mut", "middle");
	qv__lab_svg_text(b, 390, 208, "end", "mut", "end");
	qv__lab_svg_text(b, 219, 226, "middle", "mut", "game time");
	qv_buf_puts(b, "</svg>\n");
	qv_buf_printf(b,
	              "<figcaption>%d games in which every seat searched. Lead changes "
	              "per decision %s; drama %s; decisiveness %s.</figcaption>\n</figure>\n",
	              t->games, qv__lab_est_num(&t->lead_changes, 3).s,
	              qv__lab_est_num(&t->drama, 3).s, qv__lab_est_num(&t->decisiveness, 3).s);
	tension_table(P, t);
	qv_buf_puts(b, "</div>\n");
}

/* ---- skill and luck ---- */

/* Each rung of the ladder (and the luck floor) as a dot with its interval, in columns cw
 * wide from x0, each labelled with the stronger seat's iterations. */
static void ladder_rungs(qv_buf *b, const qv_lab_section *S, int n, double x0, double cw,
                         const qv__lab_scale *y)
{
	for (int i = 0; i < n; i++) {
		const qv_lab_rung *r = &S->rung[i];
		double cx = x0 + (i + 0.5) * cw;
		char t[24];
		if (r->k < 0)
			snprintf(t, sizeof t, "luck");
		else
			snprintf(t, sizeof t, "%ld", 2L << r->k);
		qv__lab_svg_text(b, cx, 208, "middle", r->k < 0 ? NULL : "mut", t);
		if (!qv__lab_measured(&r->score))
			continue;
		qv_buf_printf(b, "<g class=\"%s\">", r->k < 0 ? "re" : "ab");
		if (qv__lab_known_ci(r->score.ci))
			qv__lab_svg_line(b, cx, qv__lab_scale_at(y, r->score.ci.lo), cx,
			                 qv__lab_scale_at(y, r->score.ci.hi), "ci");
		qv_buf_printf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"5.5\" class=\"pt\"/></g>\n",
		              qv__lab_co(cx).s, qv__lab_co(qv__lab_scale_at(y, r->score.v)).s);
	}
}

/* The ladder's numbers: each rung's seats, score, interval and games. */
static void ladder_table(page *P, const qv_lab_section *S, int n)
{
	qv_buf *b = P->b;
	qv__lab_table_open(P->b, P->id, "ladder-table", "The skill ladder");
	qv_buf_puts(b,
	            "<thead><tr><th scope=\"col\">Rung</th><th scope=\"col\">The seat</th>"
	            "<th scope=\"col\">The others</th><th scope=\"col\">Score</th>"
	            "<th scope=\"col\">95% interval</th><th scope=\"col\">Games</th></tr></thead>"
	            "<tbody>\n");
	for (int i = 0; i < n; i++) {
		const qv_lab_rung *r = &S->rung[i];
		bool m = qv__lab_measured(&r->score);
		if (r->k < 0) {
			qv_buf_puts(b, "<tr><th scope=\"row\">luck floor</th><td>random</td><td>");
			qv__lab_html_esc(b, P->p->cfg.agents[0]);
			qv_buf_puts(b, "</td>");
		} else
			qv_buf_printf(b,
			              "<tr><th scope=\"row\">k = %d</th><td>%ld</td><td>%ld</td>",
			              r->k, 2L << r->k, 1L << r->k);
		qv_buf_printf(b, "<td>%s</td><td>%s</td><td>%ld</td></tr>\n",
		              qv__lab_pct(m ? r->score.v : NAN).s,
		              qv__lab_pct_ci(m ? r->score.ci : (qv_interval){NAN, NAN}).s,
		              r->score.n);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

void qv__lab_html_ladder(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	int N = S->players;
	double fair = 1.0 / N;
	qv__lab_heading(P->b, P->id, "h3", "ladder", "Skill and luck");
	int n = S->nrungs;
	if (n > (int)(sizeof S->rung / sizeof *S->rung))
		n = (int)(sizeof S->rung / sizeof *S->rung);
	if (n <= 0) {
		qv__lab_not_measured(
		    b, "The skill ladder was not measured: this study ran no ladder games "
		       "(<code>--ladder-games 0</code>) and no luck games "
		       "(<code>--luck-games 0</code>).");
		return;
	}
	qv__lab_how(
	    b,
	    "The score of one seat searching twice as much as the others (2<sup>k+1</sup> "
	    "against 2<sup>k</sup> iterations). In a game of skill it stays above the dashed fair share as the "
	    "search grows; the luck floor is what random play scores against the study&#39;s "
	    "first agent.");
	const int W = 400, H = 236;
	const double x0 = 48, x1 = 390;
	qv__lab_scale y = {0, 1, 190, 34};
	double cw = (x1 - x0) / n;
	qv_buf_puts(b, "<div class=\"fig\"><figure>\n");
	qv_buf label = {0};
	qv_buf_printf(&label,
	              "Skill ladder with %d players: the score of the stronger seat per rung, and "
	              "the luck floor, with 95%% intervals",
	              N);
	qv__lab_svg_open(b, W, H, qv_buf_str(&label));
	qv_buf_free(&label);
	for (int i = 0; i <= 4; i++) {
		double v = i / 4.0;
		qv__lab_svg_line(b, x0, qv__lab_scale_at(&y, v), x1, qv__lab_scale_at(&y, v),
		                 "grid");
		qv__lab_svg_text(b, x0 - 6, qv__lab_scale_at(&y, v) + 4.5, "end", "mut",
		                 qv__lab_tick_pct(v).s);
	}
	qv__lab_svg_line(b, x0, qv__lab_scale_at(&y, fair), x1, qv__lab_scale_at(&y, fair), "fair");
	char fl[32];
	snprintf(fl, sizeof fl, "fair share 1/%d", N);
	qv__lab_svg_line(b, x0, 12, x0 + 28, 12, "fair");
	qv__lab_svg_text(b, x0 + 34, 16.5, NULL, NULL, fl);
	ladder_rungs(b, S, n, x0, cw, &y);
	qv__lab_svg_text(b, (x0 + x1) / 2, 226, "middle", "mut", "iterations of the stronger seat");
	qv_buf_puts(b, "</svg>\n");
	qv_buf_printf(b,
	              "<figcaption>Each rung against half its iterations; the fair share is "
	              "%s.</figcaption>\n</figure>\n",
	              qv__lab_pct(fair).s);
	ladder_table(P, S, n);
	qv_buf_puts(b, "</div>\n");
}

/* ---- the agents ---- */

/* A cell's tint: blue above one half, orange below, stronger the further (light enough in
 * both schemes for the text on it to keep its contrast). */
static void tint(qv_buf *b, double s)
{
	if (!qv__lab_known(s) || fabs(s - 0.5) < 0.005) {
		qv_buf_puts(b, "<td>");
		return;
	}
	double a = fmin(0.45, fabs(s - 0.5) * 0.9);
	qv_buf_printf(b, "<td style=\"background:rgba(var(--%s),%.2f)\">", s > 0.5 ? "hi" : "lo",
	              a);
}

void qv__lab_html_agents(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_config *c = &P->p->cfg;
	qv__lab_heading(P->b, P->id, "h3", "agents", "Agents");
	int n = S->nagents < c->nagents ? S->nagents : c->nagents;
	if (n < 2) {
		qv__lab_not_measured(b,
		                     "One agent played every seat: there is no match-up to show.");
		return;
	}
	qv__lab_how(
	    b, "Each row&#39;s score against each column&#39;s agent in the main games, over the "
	       "pairs of seats where both sat (a better rank counts 1, the same rank one half), "
	       "and each agent&#39;s Elo against the field.");
	qv__lab_table_open(P->b, P->id, "agents-table",
	                   "Score of the row against the column, and Elo");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Agent</th>");
	for (int a = 0; a < n; a++)
		qv_buf_printf(b, "<th scope=\"col\">vs #%d</th>", a + 1);
	qv_buf_puts(b, "<th scope=\"col\">Elo</th><th scope=\"col\">95% interval</th></tr></thead>"
	               "<tbody>\n");
	for (int a = 0; a < n; a++) {
		qv_buf_printf(b, "<tr><th scope=\"row\">#%d <code>", a + 1);
		qv__lab_html_esc(b, c->agents[a]);
		qv_buf_puts(b, "</code></th>");
		for (int o = 0; o < n; o++) {
			double s = a == o ? NAN : S->matrix[a][o];
			tint(b, s);
			qv_buf_printf(b, "%s</td>", a == o ? "&mdash;" : qv__lab_pct(s).s);
		}
		const qv_lab_est *e = &S->elo[a];
		bool m = qv__lab_measured(e);
		qv_buf_printf(b, "<td>%s</td><td>%s</td></tr>\n",
		              qv__lab_num(m ? e->v : NAN, 0, true).s,
		              qv__lab_num_ci(m ? e->ci : (qv_interval){NAN, NAN}, 0, true).s);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}
