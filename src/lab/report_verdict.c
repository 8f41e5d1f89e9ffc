/*
 * report_verdict.c - the row `verdict` of a report's sections (sections.c), first on the
 * page: which seat or side is favoured, the tiles of the main figures, what the tests can
 * detect, and the top of the two lists, `unbalancing` and `strongest`.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab/sections.h"

typedef struct qv__lab_page page;

/* ---- the verdict ---- */

/* The flag cell of a test (and of a component flagged by another of its tests). */
static void flag_cell(qv_buf *b, const qv_lab_delta *d, const qv_lab_component *c)
{
	if (d->flagged)
		qv_buf_puts(b, "<td class=\"t flag\">flagged</td></tr>\n");
	else if (c->flagged)
		qv_buf_puts(b, "<td class=\"t flag\">by another test</td></tr>\n");
	else
		qv_buf_puts(b, "<td class=\"t\">no</td></tr>\n");
}

/* The Δ, interval and p cells of a test; n/a when it was not run. */
static void delta_cells(qv_buf *b, const qv_lab_delta *d)
{
	if (qv__lab_tested(d))
		qv_buf_printf(b, "<td>%s</td><td>%s</td><td>%s</td>", qv__lab_pp(d->d).s,
		              qv__lab_pp_ci(d->ci).s, qv__lab_pval(d->p).s);
	else
		qv_buf_puts(b, "<td>n/a</td><td>n/a</td><td>n/a</td>");
}

/* A list's question (html), then its table opened with the head row's cells (html), or
 * `none` when the list is empty; whether the table was opened. */
static bool list_open(page *P, const char *question, int n, const char *none, const char *id,
                      const char *caption, const char *head)
{
	qv_buf *b = P->b;
	qv_buf_printf(b, "<p class=\"question\">%s</p>\n", question);
	if (n == 0) {
		qv__lab_not_measured(b, none);
		return false;
	}
	qv__lab_table_open(P->b, P->id, id, caption);
	qv_buf_printf(b, "<thead><tr>%s</tr></thead><tbody>\n", head);
	return true;
}

/* The top five of `unbalancing`: the fairness gap with the component and without it, and
 * the seat whose score its ablation moved most clearly. */
static void unbalancing_table(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	/* What "without it" is, in the game's own words: a ConCardia card is not taken out but
	 * made an average card of its trait, and the page must not say otherwise. */
	const qv_components *comp = P->p->cfg.game->components;
	const char *how =
	    comp && comp->ablation_words ? comp->ablation_words : "taken out of the game";
	char question[512];
	snprintf(question, sizeof question,
	         "<strong>Unbalancing</strong>: what makes the seats, or the decks, unequal? "
	         "Each component without its effect (ablation: each is %s; an ability is taken off "
	         "whatever carries it), the same games played so; first the one whose removal "
	         "brings the favoured deck or seat down most, by what its interval assures.",
	         how);
	if (!list_open(
	        P, question, S->nunbalancing, "No component could be taken out of this game.",
	        "unbalancing", "Unbalancing: what makes the seats or the decks unequal",
	        "<th scope=\"col\">Component</th><th scope=\"col\">Gap with</th><th "
	        "scope=\"col\">Gap without</th><th scope=\"col\" class=\"t\">Seat or side</th>"
	        "<th scope=\"col\">&Delta; without</th><th scope=\"col\">95% "
	        "interval</th><th scope=\"col\">p</th><th scope=\"col\" "
	        "class=\"t\">Flagged</th>"))
		return;
	for (int i = 0; i < S->nunbalancing && i < 5; i++) {
		const qv_lab_component *c = &S->component[S->unbalancing[i]];
		/* The test with the smallest p: a seat's (p1 ...), else a side's (its id). */
		const qv_lab_delta *most = &c->ablate_seat[0];
		char who[QV_NAME_MAX] = "p1";
		for (int s = 0; s < 2 * QV_MAX_PLAYERS; s++) {
			bool side = s >= QV_MAX_PLAYERS;
			int k = side ? s - QV_MAX_PLAYERS : s;
			if (k >= (side ? P->p->nsides : S->players))
				continue;
			const qv_lab_delta *d = side ? &c->ablate_side[k] : &c->ablate_seat[k];
			if (qv__lab_tested(d) && (!qv__lab_tested(most) || d->p < most->p)) {
				most = d;
				if (side)
					qv_copy(who, sizeof who, P->p->side[k]);
				else
					snprintf(who, sizeof who, "p%d", k + 1);
			}
		}
		qv__lab_row_head(b, c->id);
		qv_buf_printf(b, "<td>%s</td><td>%s</td><td class=\"t\">",
		              qv__lab_pct(S->outcomes.fairness_gap).s,
		              qv__lab_pct(c->gap_without).s);
		qv__lab_html_esc(b, who);
		qv_buf_puts(b, "</td>");
		delta_cells(b, most);
		flag_cell(b, most, c);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

/* The top five of `strongest`: what the seat forbidden the component scores against its
 * twins in the same games. */
static void strongest_table(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	if (!list_open(P,
	               "<strong>Strongest</strong>: what does a seat lose without it? One "
	               "seat forbidden the component against its twins in the same games "
	               "(restricted play), in the games where it held the component, per "
	               "copy held: cards and abilities in one unit; the largest loss its "
	               "interval assures first.",
	               S->nstrongest, "This game cannot forbid its components to one seat.",
	               "strongest", "Strongest: what a seat loses without it",
	               "<th scope=\"col\">Component</th><th scope=\"col\">&Delta; per copy "
	               "held</th><th scope=\"col\">95% interval</th><th "
	               "scope=\"col\">&Delta; score, all games</th><th scope=\"col\">95% "
	               "interval</th><th scope=\"col\">p</th><th "
	               "scope=\"col\" class=\"t\">Flagged</th>"))
		return;
	for (int i = 0; i < S->nstrongest && i < 5; i++) {
		const qv_lab_component *c = &S->component[S->strongest[i]];
		qv__lab_row_head(b, c->id);
		qv_buf_printf(b, "<td>%s</td><td>%s</td>", qv__lab_pp(c->restrict_holder.d).s,
		              qv__lab_pp_ci(c->restrict_holder.ci).s);
		delta_cells(b, &c->restrict_score);
		flag_cell(b, &c->restrict_score, c);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

/* The sides, when they rotated between the seats: each one's score over both seats, and
 * which is favoured as a seat is (its interval apart from a fair share). */
static void verdict_sides(page *P, const qv_lab_section *S, double fair)
{
	const qv_lab_plan *p = P->p;
	qv_buf *b = P->b;
	if (p->nsides == 0)
		return;
	qv_buf_puts(b, "</p>\n<p class=\"sides\">Sides (swapped between the seats in every "
	               "other rotation):");
	const char *favoured = NULL;
	for (int k = 0; k < p->nsides && k < QV_MAX_PLAYERS; k++) {
		const qv_lab_est *e = &S->side_score[k];
		qv_buf_puts(b, k ? "; " : " ");
		qv__lab_html_esc(b, p->side[k]);
		qv_buf_printf(
		    b, " %s %s", qv__lab_pct(qv__lab_measured(e) ? e->v : NAN).s,
		    qv__lab_pct_ci(qv__lab_measured(e) ? e->ci : (qv_interval){NAN, NAN}).s);
		if (qv__lab_measured(e) && qv__lab_known_ci(e->ci) && e->ci.lo > fair)
			favoured = p->side[k];
	}
	if (favoured) {
		qv_buf_puts(b, ". The side <strong>");
		qv__lab_html_esc(b, favoured);
		qv_buf_puts(b, "</strong> is favoured, whichever seat holds it.");
	} else {
		qv_buf_puts(b, ". No side is favoured beyond its 95% interval.");
	}
}

/* The smallest effects the tests detect (the section's power), each where it was measured;
 * ablations that replayed their control's games exactly (the component never played) are no
 * measure of power, and are said apart. */
static void detectable_sentence(qv_buf *b, const qv_lab_section *S, int n)
{
	int same = 0;
	for (int k = 0; k < n; k++) {
		const qv_lab_delta *d = &S->component[k].ablate_seat[0];
		same += qv__lab_tested(d) && d->d == 0 && d->ci.lo == 0 && d->ci.hi == 0;
	}
	bool ab = qv__lab_known(S->detect_ablation), re = qv__lab_known(S->detect_restricted);
	if (ab || re) {
		qv_buf_puts(b,
		            " With these games a test detects 80% of the time an effect of about ");
		if (ab)
			qv_buf_printf(b, "%s by ablation%s",
			              qv__lab_hundredths(S->detect_ablation, "%.1f pp").s,
			              re ? " and " : "");
		if (re)
			qv_buf_printf(b, "%s by restricted play",
			              qv__lab_hundredths(S->detect_restricted, "%.1f pp").s);
		qv_buf_puts(b, " (median over the components).");
	}
	if (same > 0)
		qv_buf_printf(b,
		              " %d ablation%s changed no game: each replayed its control&#39;s "
		              "games exactly, so it says nothing of what its games could detect.",
		              same, same == 1 ? "" : "s");
}

void qv__lab_html_verdict(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_outcomes *o = &S->outcomes;
	int N = S->players;
	double fair = 1.0 / N;
	qv_buf_printf(b, "<section class=\"verdict\" aria-labelledby=\"%s-verdict\">\n", P->id);
	qv__lab_heading(P->b, P->id, "h3", "verdict", "Verdict");
	qv_buf_puts(b, "<p class=\"lead\">");
	if (o->games <= 0) {
		qv_buf_printf(b, "No games were played with %d players.", N);
	} else {
		int said = 0;
		for (int s = 0; s < N; s++) {
			const qv_lab_est *e = &o->seat[s];
			if (!qv__lab_measured(e) || !qv__lab_known_ci(e->ci))
				continue;
			const char *how = e->ci.lo > fair   ? "above"
			                  : e->ci.hi < fair ? "below"
			                                    : NULL;
			if (!how)
				continue;
			qv_buf_printf(b, "%sp%d scores %s a fair share (%s): %s %s.",
			              said ? " " : "", s + 1, how, qv__lab_pct(fair).s,
			              qv__lab_pct(e->v).s, qv__lab_pct_ci(e->ci).s);
			said++;
		}
		if (!said)
			qv_buf_printf(
			    b,
			    "No seat&#39;s score differs from a fair share (%s) beyond its "
			    "95%% interval, over %d games.",
			    qv__lab_pct(fair).s, o->games);
		else
			qv_buf_printf(b, " Over %d games; intervals are 95%%.", o->games);
		verdict_sides(P, S, fair);
	}
	qv_buf_puts(b, "</p>\n<dl class=\"tiles\">\n");
	qv__lab_tile(b, "Fairness gap", qv__lab_pct(o->fairness_gap).s,
	             "largest |score &minus; 1/N|");
	if (qv__lab_known(S->detect_seat))
		qv__lab_tile(b, "Detectable", qv__lab_hundredths(S->detect_seat, "%.1f pp").s,
		             "a seat this far off its fair share, 80% of the time");
	qv__lab_tile(b, "Balance", qv__lab_pct(o->balance).s,
	             "1 &minus; largest gap between seats");
	qv__lab_tile(b, "Draws",
	             qv__lab_pct(qv__lab_measured(&o->drawishness) ? o->drawishness.v : NAN).s,
	             qv__lab_pct_ci(qv__lab_measured(&o->drawishness) ? o->drawishness.ci
	                                                              : (qv_interval){NAN, NAN})
	                 .s);
	qv__lab_tile(b, "Timeouts",
	             qv__lab_pct(qv__lab_measured(&o->timeouts) ? o->timeouts.v : NAN).s,
	             qv__lab_pct_ci(qv__lab_measured(&o->timeouts) ? o->timeouts.ci
	                                                           : (qv_interval){NAN, NAN})
	                 .s);
	qv__lab_tile(b, "Completion",
	             qv__lab_pct(qv__lab_measured(&o->completion) ? o->completion.v : NAN).s,
	             "a single winner");
	qv__lab_tile(b, "Mean length",
	             qv__lab_measured(&S->length.turns) ? qv__lab_num(S->length.turns.v, 1, false).s
	                                                : "n/a",
	             "decisions per game");
	qv_buf_puts(b, "</dl>\n");

	const qv_lab_plan *p = P->p;
	if (p->ncomponents == 0 || !S->component) {
		qv__lab_not_measured(
		    b, "This game&#39;s variant has no components the lab studies one by "
		       "one.");
	} else if (p->cfg.component_games <= 0) {
		qv__lab_not_measured(
		    b, "The components&#39; effects were not measured: this study ran no "
		       "component games (<code>--component-games 0</code>).");
	} else {
		qv_lab_counts n = qv_lab_count_verdicts(p, S);
		qv_buf_printf(
		    b,
		    "<p>%d of %s%d components%s flagged: the seats or the decks lean "
		    "otherwise without them (Benjamini&ndash;Hochberg, q = %.2f, within "
		    "each list, and an interval beyond the margin of &plusmn;%g pp); %d "
		    "within &plusmn;%g pp and %d unsettled. Beyond the margins but not "
		    "flagged: %d on strength (a seat forbidden them scores otherwise: every "
		    "seat may use them) and %d on length (&plusmn;%g decisions).",
		    n.flagged, n.studied < p->ncomponents ? "the " : "", n.studied,
		    n.studied < p->ncomponents ? " studied (<code>--components</code>)" : "",
		    QV_LAB_Q, 100 * p->cfg.margin_score, n.within, 100 * p->cfg.margin_score,
		    n.unsettled, n.strong, n.length, p->cfg.margin_length);
		detectable_sentence(b, S, p->ncomponents);
		qv_buf_puts(b, "</p>\n");
		unbalancing_table(P, S);
		strongest_table(P, S);
	}
	qv_buf_puts(b, "</section>\n");
}
