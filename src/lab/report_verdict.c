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
	qv__lab_table_open_as(P->b, P->id, id, caption, "wide");
	qv_buf_printf(b, "<thead><tr>%s</tr></thead><tbody>\n", head);
	return true;
}

/* Ends a list's table, then writes its rows again as the phone's list (items: each row's
 * <li>, which the table's rows wrote beside them), and frees items. */
static void list_close(page *P, qv_buf *items)
{
	qv_buf *b = P->b;
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
	qv_buf_puts(b, "<ol class=\"narrow\">\n");
	qv_buf_putn(b, qv_buf_str(items), items->len);
	qv_buf_puts(b, "</ol>\n");
	b->failed |= items->failed;
	qv_buf_free(items);
}

/* A test's Δ, interval and p in running text ("&Delta; NAME -9.8 pp [-12.1, -7.5], p
 * 0.001"), or that it was not run. */
static void delta_words(qv_buf *b, const char *name, const qv_lab_delta *d)
{
	if (qv__lab_tested(d))
		qv_buf_printf(b, "&Delta; %s %s %s, p %s", name, qv__lab_pp(d->d).s,
		              qv__lab_pp_ci(d->ci).s, qv__lab_pval(d->p).s);
	else
		qv_buf_printf(b, "&Delta; %s n/a", name);
}

/* A list's row as an item of its phone version (<ol class="narrow">): the component and its
 * verdict, then the rest of the row in words. */
static void item_open(qv_buf *b, const char *id, qv_lab_verdict v, double margin,
                      const char *beyond)
{
	qv_buf_puts(b, "<li><strong>");
	qv__lab_html_esc(b, id);
	qv_buf_puts(b, "</strong>: ");
	qv__lab_verdict_words(b, v, margin, true, beyond, false);
	qv_buf_puts(b, "; ");
}

/* The ablation test a row of `unbalancing` shows for component c, and whose it is (a deck's
 * name or a seat's, into who): the deck's own, for a card of one deck (its deck without it);
 * else the test the list ranks it by, the favoured deck's or seat's. */
static const qv_lab_delta *shown_test(const qv_lab_plan *p, const qv_lab_component *c, char *who,
                                      size_t len)
{
	int by = c->rebalance_by;
	if (c->own_side >= 0 && c->own_side < p->nsides)
		by = QV_MAX_PLAYERS + c->own_side;
	if (by >= QV_MAX_PLAYERS) {
		qv_copy(who, len, p->side[by - QV_MAX_PLAYERS]);
		return &c->ablate_side[by - QV_MAX_PLAYERS];
	}
	snprintf(who, len, "p%d", by >= 0 ? by + 1 : 1);
	return &c->ablate_seat[by >= 0 ? by : 0];
}

/* The sentence under a list: how sure its first place is (the share of posterior draws in
 * which it has the largest effect), whether its interval is clear of every other's, and what
 * more games would part it from the second. */
static void race_sentence(page *P, const qv_lab_section *S, int list)
{
	const qv_lab_race *r = &S->race[list];
	qv_buf *b = P->b;
	if (r->first < 0)
		return;
	qv_buf_puts(b, "<p class=\"how race\">First: <strong>");
	qv__lab_html_esc(b, S->component[r->first].id);
	qv_buf_printf(b, "</strong>, the largest effect in %s of the posterior draws. ",
	              qv__lab_pct(r->sure).s);
	if (r->separated)
		qv_buf_puts(b, "Its interval is clear of every other component&#39;s: the first "
		               "place is settled.");
	else {
		qv_buf_printf(b, "%d other component%s interval%s still reach%s it", r->ncontenders,
		              r->ncontenders == 1 ? "&#39;s" : "s&#39;",
		              r->ncontenders == 1 ? "" : "s", r->ncontenders == 1 ? "es" : "");
		if (r->second >= 0 && r->more > 0) {
			qv_buf_printf(b, "; about %ld more games of it and of ", r->more);
			qv__lab_html_esc(b, S->component[r->second].id);
			qv_buf_puts(b, " (second) would part their intervals.");
		} else if (r->second >= 0 && r->more < 0) {
			qv_buf_puts(b, "; the second, ");
			qv__lab_html_esc(b, S->component[r->second].id);
			qv_buf_puts(b,
			            ", looks at least as large: no number of games is sure to part "
			            "them.");
		} else
			qv_buf_puts(b, ".");
	}
	qv_buf_puts(b, "</p>\n");
}

/* The fairness gap a row of `unbalancing` shows, with the component and without it, in the
 * same games (its control arm's and its ablation's, which play the same seeds): the decks'
 * where they rotate, else the seats'. */
static void gap_cells(qv_buf *b, const qv_lab_component *c, bool decks)
{
	double with = decks ? c->side_gap_with : c->gap_with,
	       without = decks ? c->side_gap_without : c->gap_without;
	qv_buf_printf(b, "<td>%s</td><td>%s</td>", qv__lab_pct(with).s, qv__lab_pct(without).s);
}

/* A row of `unbalancing` for component c: its table row in P's page, its phone item in
 * items (the same figures: the fairness gap with it and without it, its deck's or the favoured
 * seat's test, its balance verdict). */
static void unbalancing_row(page *P, const qv_lab_component *c, bool decks, qv_buf *items)
{
	qv_buf *b = P->b;
	const qv_lab_plan *p = P->p;
	char who[QV_NAME_MAX];
	const qv_lab_delta *d = shown_test(p, c, who, sizeof who);
	qv__lab_row_head(b, c->id);
	gap_cells(b, c, decks);
	qv_buf_puts(b, "<td class=\"t\">");
	qv__lab_html_esc(b, who);
	qv_buf_puts(b, "</td>");
	delta_cells(b, d);
	qv__lab_verdict_cell(b, c->balance, p->cfg.margin_score, true, "flagged");
	qv_buf_puts(b, "</tr>\n");

	item_open(items, c->id, c->balance, p->cfg.margin_score, "flagged");
	qv_buf_puts(items, "for ");
	qv__lab_html_esc(items, who);
	qv_buf_puts(items, ", ");
	delta_words(items, "without", d);
	qv_buf_printf(items, "; the %s gap %s with it, %s without</li>\n",
	              decks ? "decks&#39;" : "seats&#39;",
	              qv__lab_pct(decks ? c->side_gap_with : c->gap_with).s,
	              qv__lab_pct(decks ? c->side_gap_without : c->gap_without).s);
}

/* The top five of `unbalancing`: the fairness gap with the component and without it (the
 * decks', where they rotate), and its deck's test (or the favoured seat's), with its balance
 * verdict. */
static void unbalancing_table(page *P, const qv_lab_section *S)
{
	const qv_lab_plan *p = P->p;
	bool decks = p->nsides == 2 && S->players == 2;
	/* What "without it" is, in the game's own words: a ConCardia card is not taken out but
	 * made an average card of its trait, and the page must not say otherwise. */
	const qv_components *comp = p->cfg.game->components;
	const char *how =
	    comp && comp->ablation_words ? comp->ablation_words : "taken out of the game";
	char question[512], head[1024];
	snprintf(question, sizeof question,
	         "<strong>Unbalancing</strong>: what makes the seats, or the decks, unequal? "
	         "Each component without its effect (ablation: each is %s; an ability is taken off "
	         "whatever carries it), the same games played so; first the one whose removal "
	         "brings the favoured deck or seat down most, by what its interval assures.",
	         how);
	snprintf(head, sizeof head,
	         "<th scope=\"col\">Component</th><th scope=\"col\">%s gap with</th><th "
	         "scope=\"col\">%s gap without</th><th scope=\"col\" class=\"t\">%s</th>"
	         "<th scope=\"col\">&Delta; without</th><th scope=\"col\">95%% "
	         "interval</th><th scope=\"col\">p</th><th scope=\"col\" "
	         "class=\"t\">Balance</th>",
	         decks ? "Decks&#39;" : "Seats&#39;", decks ? "Decks&#39;" : "Seats&#39;",
	         decks ? "Its deck (or the favoured one)" : "Seat");
	if (!list_open(P, question, S->nunbalancing,
	               "No component could be taken out of this game.", "unbalancing",
	               "Unbalancing: what makes the seats or the decks unequal", head))
		return;
	qv_buf items = {0};
	for (int i = 0; i < S->nunbalancing && i < 5; i++)
		unbalancing_row(P, &S->component[S->unbalancing[i]], decks, &items);
	list_close(P, &items);
	race_sentence(P, S, QV_LAB_UNBALANCING);
}

/* The top five of `strongest`: what the seat forbidden the component scores against its twin
 * games (or its unrestricted peers), with its strength verdict. */
static void strongest_table(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	if (!list_open(P,
	               "<strong>Strongest</strong>: what does a seat lose without it? One "
	               "seat forbidden the component against the same seat in the twin game "
	               "of the same seeds (with several agents: the other seats; restricted "
	               "play), in the games where it held the component, per "
	               "copy held: cards and abilities in one unit; the largest loss its "
	               "interval assures first.",
	               S->nstrongest, "This game cannot forbid its components to one seat.",
	               "strongest", "Strongest: what a seat loses without it",
	               "<th scope=\"col\">Component</th><th scope=\"col\">&Delta; per copy "
	               "held</th><th scope=\"col\">95% interval</th><th "
	               "scope=\"col\">&Delta; score, all games</th><th scope=\"col\">95% "
	               "interval</th><th scope=\"col\">p</th><th "
	               "scope=\"col\" class=\"t\">Strength</th>"))
		return;
	qv_buf items = {0};
	for (int i = 0; i < S->nstrongest && i < 5; i++) {
		const qv_lab_component *c = &S->component[S->strongest[i]];
		const char *beyond = c->restrict_score.d < 0 ? "strong" : "a burden";
		qv__lab_txt held = qv__lab_pp(c->restrict_holder.d);
		qv__lab_txt held_ci = qv__lab_pp_ci(c->restrict_holder.ci);
		qv__lab_row_head(b, c->id);
		qv_buf_printf(b, "<td>%s</td><td>%s</td>", held.s, held_ci.s);
		delta_cells(b, &c->restrict_score);
		qv__lab_verdict_cell(b, c->strength, P->p->cfg.margin_score, true, beyond);
		qv_buf_puts(b, "</tr>\n");
		item_open(&items, c->id, c->strength, P->p->cfg.margin_score, beyond);
		qv_buf_printf(&items, "&Delta; per copy held %s %s; ", held.s, held_ci.s);
		delta_words(&items, "score, all games", &c->restrict_score);
		qv_buf_puts(&items, "</li>\n");
	}
	list_close(P, &items);
	race_sentence(P, S, QV_LAB_STRONGEST);
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

/* Every flagged component by name, most extreme first: a designer reads them all here, not
 * only those at the top of a list. */
static void flagged_sentence(qv_buf *b, const qv_lab_plan *p, const qv_lab_section *S)
{
	int said = 0;
	for (int i = 0; i < p->ncomponents; i++) {
		const qv_lab_component *c = &S->component[S->order[i]];
		if (!c->flagged)
			continue;
		qv_buf_puts(b, said ? ", " : " Flagged: ");
		qv_buf_puts(b, "<strong>");
		qv__lab_html_esc(b, c->id);
		qv_buf_puts(b, "</strong>");
		said++;
	}
	if (said)
		qv_buf_puts(b, ".");
}

/* Against a baseline, the sentence that names it and says which of the seats' and decks'
 * scores and the mean length differ beyond their 95% interval (the table below has every
 * figure). */
static void baseline_sentence(page *P, const qv_lab_section *S)
{
	const qv_lab_plan *p = P->p;
	qv_buf *b = P->b;
	if (!p->cfg.baseline || S->ncompare == 0)
		return;
	qv_buf_puts(b, "<p>Against the baseline <strong>");
	qv__lab_html_esc(b, p->cfg.baseline->name);
	qv_buf_puts(b, "</strong>");
	if (p->cfg.baseline_file[0]) {
		qv_buf_puts(b, " (<code>");
		qv__lab_html_esc(b, p->cfg.baseline_file);
		qv_buf_puts(b, "</code>)");
	}
	int said = 0;
	for (int i = 0; i < S->ncompare; i++) {
		const qv_lab_compare *m = &S->compare[i];
		if (!qv__lab_tested(&m->delta) || !qv__lab_known_ci(m->delta.ci) ||
		    (m->delta.ci.lo <= 0 && m->delta.ci.hi >= 0))
			continue;
		bool length = strstr(m->metric, "length") != NULL;
		qv_buf_puts(b, said ? "; " : ": ");
		qv__lab_html_esc(b, m->metric);
		if (length)
			qv_buf_printf(b, " %s against %s (%s)", qv__lab_num(m->variant, 1, false).s,
			              qv__lab_num(m->baseline, 1, false).s,
			              qv__lab_num(m->delta.d, 1, true).s);
		else
			qv_buf_printf(b, " %s against %s (%s pp %s)", qv__lab_pct(m->variant).s,
			              qv__lab_pct(m->baseline).s, qv__lab_pp(m->delta.d).s,
			              qv__lab_pp_ci(m->delta.ci).s);
		said++;
	}
	qv_buf_puts(b, said ? ", beyond their 95% intervals."
	                    : ", no figure differs beyond its 95% interval.");
	qv_buf_puts(b, " The last section compares every figure.</p>\n");
}

/* The verdict's lead: which seats score off a fair share beyond their intervals, and the
 * sides (decks) that do. */
static void verdict_lead(page *P, const qv_lab_section *S, double fair)
{
	qv_buf *b = P->b;
	const qv_lab_outcomes *o = &S->outcomes;
	int N = S->players;
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
}

/* The tiles of the section's headline figures. */
static void verdict_tiles(qv_buf *b, const qv_lab_section *S)
{
	const qv_lab_outcomes *o = &S->outcomes;
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
}

/* What the components did: how many were flagged, within the margins or unsettled, with the
 * tables of those that unbalance the game and the strongest; or why they were not studied. */
static void verdict_components(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_plan *p = P->p;
	if (p->cfg.component_games <= 0) {
		qv__lab_not_measured(
		    b,
		    "The components were not studied: this study ran no component games "
		    "(<code>--component-games 0</code>); give <code>--component-games M</code> to "
		    "measure what each causes and to count what was played.");
	} else if (p->ncomponents == 0 || !S->component) {
		qv__lab_not_measured(
		    b, "This game&#39;s variant has no components the lab studies one by "
		       "one.");
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
		flagged_sentence(b, p, S);
		detectable_sentence(b, S, p->ncomponents);
		qv_buf_puts(b, "</p>\n");
		unbalancing_table(P, S);
		strongest_table(P, S);
	}
}

void qv__lab_html_verdict(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	double fair = 1.0 / S->players;
	qv_buf_printf(b, "<section class=\"verdict\" aria-labelledby=\"%s-verdict\">\n", P->id);
	qv__lab_heading(P->b, P->id, "h3", "verdict", "Verdict");
	qv_buf_puts(b, "<p class=\"lead\">");
	verdict_lead(P, S, fair);
	qv_buf_puts(b, "</p>\n<dl class=\"tiles\">\n");
	verdict_tiles(b, S);
	qv_buf_puts(b, "</dl>\n");
	baseline_sentence(P, S);
	verdict_components(P, S);
	qv_buf_puts(b, "</section>\n");
}
