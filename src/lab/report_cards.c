/*
 * report_cards.c - the rows `first_player` and `openings` of a report's sections
 * (sections.c): the first player's score overall, by the length of the game and its
 * evaluation turn by turn; the commonest openings with how the first player fared; in
 * report.json and as tables in report.html.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab/sections.h"

typedef struct qv__lab_page page;

/* The turns bin b of the first player's figures covers, "1-5" or "3". */
static qv__lab_txt turns(const qv_lab_first *f, int b)
{
	qv__lab_txt t;
	int a = b * f->width + 1, z = (b + 1) * f->width;
	if (a == z)
		snprintf(t.s, sizeof t.s, "%d", a);
	else
		snprintf(t.s, sizeof t.s, "%d&ndash;%d", a, z);
	return t;
}

void qv__lab_json_first_player(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	const qv_lab_first *f = &S->first;
	qv__lab_jw_open(w, "first_player", '{');
	qv__lab_jw_est(w, "score", &f->score);
	qv__lab_jw_int(w, "width", f->width);
	qv__lab_jw_open(w, "ended", '[');
	for (int b = 0; b < f->nbins; b++)
		qv__lab_jw_est(w, NULL, &f->ended[b]);
	qv__lab_jw_close(w, ']');
	qv__lab_jw_open(w, "evaluation", '[');
	for (int b = 0; b < f->nbins; b++)
		qv__lab_jw_est(w, NULL, &f->eval[b]);
	qv__lab_jw_close(w, ']');
	qv__lab_jw_close(w, '}');
}

void qv__lab_json_openings(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	qv__lab_jw_open(w, "openings", '{');
	qv__lab_jw_int(w, "distinct", S->distinct_openings);
	qv__lab_jw_bool(w, "approximate", S->openings_approx);
	qv__lab_jw_open(w, "commonest", '[');
	for (int i = 0; i < S->nopenings; i++) {
		const qv_lab_opening *o = &S->opening[i];
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_str(w, "opening", o->text);
		qv__lab_jw_int(w, "games", o->games);
		qv__lab_jw_est(w, "first", &o->first);
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
	qv__lab_jw_close(w, '}');
}

void qv__lab_html_first_player(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_first *f = &S->first;
	qv__lab_heading(P->b, P->id, "h3", "first", "The first player");
	if (!qv__lab_measured(&f->score)) {
		qv__lab_not_measured(b, "No game had a decision to make.");
		return;
	}
	qv_buf_printf(b,
	              "<p>The seat that made a game&#39;s first decision scores %s %s over %ld "
	              "games (a fair share is %s).</p>\n",
	              qv__lab_pct(f->score.v).s, qv__lab_pct_ci(f->score.ci).s, f->score.n,
	              qv__lab_pct(1.0 / S->players).s);
	qv__lab_how(b, "By turn: the first player&#39;s score in the games that ended in those "
	               "decisions, and its mean evaluation of its chances at those decisions "
	               "(&minus;1 lost, +1 won; only where every seat searched). An advantage "
	               "that fades as the game goes on shows as an evaluation that falls.");
	qv__lab_table_open(P->b, P->id, "first-table", "The first player by turn");
	qv_buf_puts(b,
	            "<thead><tr><th scope=\"col\">Decisions</th><th scope=\"col\">Games ended "
	            "there</th><th scope=\"col\">First player&#39;s score in them</th>"
	            "<th scope=\"col\">First player&#39;s evaluation</th></tr></thead><tbody>\n");
	for (int k = 0; k < f->nbins; k++)
		qv_buf_printf(
		    b, "<tr><th scope=\"row\">%s</th><td>%ld</td><td>%s</td><td>%s</td></tr>\n",
		    turns(f, k).s, f->ended[k].n, qv__lab_est_pct(&f->ended[k]).s,
		    qv__lab_est_num(&f->eval[k], 3).s);
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

void qv__lab_html_openings(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	qv__lab_heading(P->b, P->id, "h3", "openings", "Openings");
	if (S->nopenings == 0) {
		qv__lab_not_measured(b, "No game had a decision to make.");
		return;
	}
	qv_buf_printf(b,
	              "<p class=\"how\">Each seat&#39;s first decision, in order, and the score of "
	              "the first player in the games that opened so: the commonest %d of %s%d "
	              "openings.%s</p>\n",
	              S->nopenings, S->openings_approx ? "more than " : "", S->distinct_openings,
	              S->openings_approx
	                  ? " Counted with a table of 512 (more openings were seen): "
	                    "a count is at least so many games, the commonest "
	                    "never missed."
	                  : "");
	qv__lab_table_open(P->b, P->id, "openings-table", "The commonest openings");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Opening</th><th scope=\"col\">Games</th>"
	               "<th scope=\"col\">First player&#39;s score</th></tr></thead><tbody>\n");
	for (int i = 0; i < S->nopenings; i++) {
		const qv_lab_opening *o = &S->opening[i];
		qv_buf_puts(b, "<tr><th scope=\"row\"><code>");
		qv__lab_html_esc(b, o->text);
		qv_buf_printf(b, "</code></th><td>%d</td><td>%s</td></tr>\n", o->games,
		              qv__lab_est_pct(&o->first).s);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}
