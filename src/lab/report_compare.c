/*
 * report_compare.c - the row `compare` of a report's sections (sections.c): every figure
 * of the variant beside the baseline's, with the difference, its interval and p, in report.json
 * and report.html.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab/sections.h"

typedef struct qv__lab_page page;

void qv__lab_json_compare(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	qv__lab_jw_open(w, "compare", '[');
	for (int i = 0; i < S->ncompare; i++) {
		const qv_lab_compare *c = &S->compare[i];
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_str(w, "metric", c->metric);
		qv__lab_jw_num(w, "variant", c->variant);
		qv__lab_jw_num(w, "baseline", c->baseline);
		qv__lab_jw_delta(w, "delta", &c->delta);
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
}

/* ---- the baseline ---- */

/* Whether a compared metric is a count of decisions or actions rather than a proportion. */
static bool plain_metric(const char *m)
{
	return m && (strstr(m, "length") || strstr(m, "branching") || strstr(m, "decisions"));
}

void qv__lab_html_baseline(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_config *c = &P->p->cfg;
	qv__lab_heading(P->b, P->id, "h3", "baseline", "Against the baseline");
	if (!c->baseline || S->ncompare <= 0) {
		qv__lab_not_measured(
		    b,
		    "No baseline was measured: run the study with <code>--baseline FILE</code> to "
		    "compare this variant with another.");
		return;
	}
	qv__lab_how(
	    b, "Every metric of this variant beside the baseline&#39;s, with the difference and "
	       "its 95% interval; an interval that excludes zero is a difference the games "
	       "show.");
	qv_buf label = {0};
	qv_buf_puts(&label, "This variant against the baseline \xe2\x80\x9c");
	qv_buf_puts(&label, c->baseline->name);
	qv_buf_puts(&label, "\xe2\x80\x9d");
	qv__lab_table_open(P->b, P->id, "baseline-table", qv_buf_str(&label));
	qv_buf_free(&label);
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Metric</th><th scope=\"col\">Variant</th>"
	               "<th scope=\"col\">Baseline</th><th scope=\"col\">&Delta;</th>"
	               "<th scope=\"col\">95% interval</th><th scope=\"col\">p</th></tr></thead>"
	               "<tbody>\n");
	int n = S->ncompare < 32 ? S->ncompare : 32;
	for (int i = 0; i < n; i++) {
		const qv_lab_compare *m = &S->compare[i];
		bool plain = plain_metric(m->metric);
		char name[sizeof m->metric];
		qv_copy(name, sizeof name, m->metric);
		if (name[0] >= 'a' && name[0] <= 'z')
			name[0] = (char)(name[0] - 'a' + 'A');
		qv__lab_row_head(b, name);
		if (plain)
			qv_buf_printf(b, "<td>%s</td><td>%s</td><td>%s</td><td>%s</td>",
			              qv__lab_num(m->variant, 2, false).s,
			              qv__lab_num(m->baseline, 2, false).s,
			              qv__lab_num(m->delta.d, 2, true).s,
			              qv__lab_num_ci(m->delta.ci, 2, true).s);
		else
			qv_buf_printf(b, "<td>%s</td><td>%s</td><td>%s</td><td>%s</td>",
			              qv__lab_pct(m->variant).s, qv__lab_pct(m->baseline).s,
			              qv__lab_pp(m->delta.d).s, qv__lab_pp_ci(m->delta.ci).s);
		qv_buf_printf(b, "<td>%s</td></tr>\n", qv__lab_pval(m->delta.p).s);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}
