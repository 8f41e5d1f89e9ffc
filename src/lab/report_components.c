/*
 * report_components.c - the rows `components` and `power` of a report's sections
 * (sections.c): each component's play rates and causal tests, the order and the two lists, and
 * the smallest effects the games detect, in report.json; the component forest plot and its
 * tables in report.html.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab/sections.h"

typedef struct qv__lab_page page;

/* The component ranked i-th (S->order, most extreme first) of the n of section S; NULL for an
 * order entry out of range (a report made by hand). */
static const qv_lab_component *ranked(const qv_lab_section *S, int n, int i)
{
	int k = S->order[i];
	return k >= 0 && k < n ? &S->component[k] : NULL;
}

/* A verdict's word in report.json (null: not tested). */
static void verdict_json(qv__lab_jw *w, const char *key, qv_lab_verdict v)
{
	static const char *const word[] = {NULL, "unsettled", "within", "beyond"};
	if (word[v])
		qv__lab_jw_str(w, key, word[v]);
	else
		qv__lab_jw_null(w, key);
}

/* A list of component ids, the components of S at the indices list[0 .. n). */
static void jw_ids(qv__lab_jw *w, const char *key, const qv_lab_section *S, const int *list, int n)
{
	qv__lab_jw_open(w, key, '[');
	for (int i = 0; i < n; i++)
		qv__lab_jw_str(w, NULL, S->component[list[i]].id);
	qv__lab_jw_close(w, ']');
}

static void json_component(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_component *c,
                           int players)
{
	qv__lab_jw_open(w, NULL, '{');
	qv__lab_jw_str(w, "id", c->id);
	qv__lab_jw_est(w, "play_rate", &c->play_rate);
	qv__lab_jw_est(w, "score_drawn", &c->score_drawn);
	qv__lab_jw_est(w, "score_played", &c->score_played);
	qv__lab_jw_num(w, "copies", c->copies);
	qv__lab_jw_est(w, "played", &c->played);
	qv__lab_jw_est(w, "plays", &c->plays);
	qv__lab_jw_est(w, "score_unplayed", &c->score_unplayed);
	qv__lab_jw_delta(w, "played_gap", &c->played_gap);
	qv__lab_jw_est(w, "captures_per_play", &c->captures_per_play);
	qv__lab_jw_open(w, "ablate_seat", '[');
	for (int s = 0; s < players; s++)
		qv__lab_jw_delta(w, NULL, &c->ablate_seat[s]);
	qv__lab_jw_close(w, ']');
	/* Each side's test, {"id", "delta", ...}; [] where the sides do not rotate. */
	qv__lab_jw_open(w, "ablate_sides", '[');
	for (int d = 0; players == 2 && d < p->nsides && d < QV_MAX_PLAYERS; d++) {
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_str(w, "id", p->side[d]);
		const qv_lab_delta *t = &c->ablate_side[d];
		qv__lab_jw_num(w, "delta", t->d);
		qv__lab_jw_ci(w, "ci", t->ci);
		qv__lab_jw_num(w, "p", t->p);
		qv__lab_jw_bool(w, "beyond", t->flagged);
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
	qv__lab_jw_delta(w, "ablate_length", &c->ablate_length);
	qv__lab_jw_delta(w, "restrict_score", &c->restrict_score);
	qv__lab_jw_delta(w, "restrict_holder", &c->restrict_holder);
	qv__lab_jw_delta(w, "restrict_length", &c->restrict_length);
	qv__lab_jw_num(w, "extremeness", c->extremeness);
	qv__lab_jw_num(w, "gap_with", c->gap_with);
	qv__lab_jw_num(w, "gap_without", c->gap_without);
	qv__lab_jw_num(w, "side_gap_with", c->side_gap_with);
	qv__lab_jw_num(w, "side_gap_without", c->side_gap_without);
	qv__lab_jw_bool(w, "flagged", c->flagged);
	verdict_json(w, "balance", c->balance);
	verdict_json(w, "strength", c->strength);
	verdict_json(w, "length", c->length);
	qv__lab_jw_close(w, '}');
}

/* A component's id by its index, or null (-1). */
static void jw_id(qv__lab_jw *w, const char *key, const qv_lab_section *S, int k)
{
	if (k >= 0)
		qv__lab_jw_str(w, key, S->component[k].id);
	else
		qv__lab_jw_null(w, key);
}

/* How sure a list's first place is (lab.h: qv_lab_race); null for no list. */
static void json_race(qv__lab_jw *w, const char *key, const qv_lab_section *S, const qv_lab_race *r)
{
	if (!r || r->first < 0) {
		qv__lab_jw_null(w, key);
		return;
	}
	qv__lab_jw_open(w, key, '{');
	jw_id(w, "first", S, r->first);
	jw_id(w, "second", S, r->second);
	qv__lab_jw_num(w, "sure", r->sure);
	qv__lab_jw_bool(w, "separated", r->separated);
	if (r->more >= 0)
		qv__lab_jw_int(w, "more_games", r->more);
	else
		qv__lab_jw_null(w, "more_games");
	jw_ids(w, "contenders", S, r->contender, r->ncontenders);
	qv__lab_jw_close(w, '}');
}

/* The components, then their order and the two lists. */
void qv__lab_json_components(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	qv__lab_jw_open(w, "components", '[');
	for (int k = 0; k < p->ncomponents && S->component; k++)
		json_component(w, p, &S->component[k], S->players);
	qv__lab_jw_close(w, ']');
	qv__lab_jw_ints(w, "order", S->order, S->component ? p->ncomponents : 0);
	jw_ids(w, "unbalancing", S, S->unbalancing, S->component ? S->nunbalancing : 0);
	jw_ids(w, "strongest", S, S->strongest, S->component ? S->nstrongest : 0);
	qv__lab_jw_open(w, "races", '{');
	for (int list = 0; list < 2; list++)
		json_race(w, list == QV_LAB_STRONGEST ? "strongest" : "unbalancing", S,
		          S->component ? &S->race[list] : NULL);
	qv__lab_jw_close(w, '}');
}

/* The smallest effects the games detect 80% of the time at alpha 0.05. */
void qv__lab_json_power(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	qv__lab_jw_open(w, "power", '{');
	qv__lab_jw_num(w, "seat", S->detect_seat);
	qv__lab_jw_num(w, "ablation", S->detect_ablation);
	qv__lab_jw_num(w, "restricted", S->detect_restricted);
	qv__lab_jw_close(w, '}');
}

/* ---- the components ---- */

/* The id as the plot's label: long ids cut to fit the label column (the table has them
 * whole). Ids are letters, digits and hyphens (QV_VF_ID), so a cut never splits a character. */
static qv__lab_txt short_id(const char *id)
{
	qv__lab_txt t;
	if (strlen(id) <= 13)
		snprintf(t.s, sizeof t.s, "%.13s", id);
	else
		snprintf(t.s, sizeof t.s, "%.12s\xe2\x80\xa6", id);
	return t;
}

/* Whether the ablation shown is the first deck's test: where the decks swap seats (two
 * players), a card of one deck sits with each seat half the time, so its effect shows in its
 * deck's score, not in p1's (issue 55: a card flagged by its deck test was plotted by p1's
 * test, whose interval crossed 0). */
static bool shows_deck(const qv_lab_plan *p, const qv_lab_section *S)
{
	return p->nsides == 2 && S->players == 2;
}

/* The ablation test the plot and the table show: the first deck's, or p1's. */
static const qv_lab_delta *shown_ablation(const qv_lab_plan *p, const qv_lab_section *S,
                                          const qv_lab_component *c)
{
	return shows_deck(p, S) ? &c->ablate_side[0] : &c->ablate_seat[0];
}

/* The forest plot's half-range: the largest difference or interval end shown, rounded up to
 * a multiple of 10 points (ticks at whole multiples of 5), at least 10 and at most 100. */
static double forest_range(const qv_lab_plan *p, const qv_lab_section *S)
{
	double m = 0.05;
	for (int i = 0; i < p->ncomponents; i++) {
		const qv_lab_component *c = &S->component[i];
		const qv_lab_delta *d[2] = {shown_ablation(p, S, c), &c->restrict_score};
		for (int j = 0; j < 2; j++) {
			if (qv__lab_known(d[j]->d))
				m = fmax(m, fabs(d[j]->d));
			if (qv__lab_known_ci(d[j]->ci))
				m = fmax(m, fmax(fabs(d[j]->ci.lo), fabs(d[j]->ci.hi)));
		}
	}
	return fmin(1, ceil(m * 10 - 1e-9) / 10);
}

/* The forest plot's legend: on one line, or on two when the ablation names a deck (an id as
 * long as a name may be). */
static void forest_legend(qv_buf *b, const qv_lab_plan *p, const qv_lab_section *S, bool two)
{
	qv_buf_puts(b, "<g class=\"ab\"><circle cx=\"124\" cy=\"12\" r=\"5\" class=\"pt\"/>"
	               "</g>\n");
	char ablation[QV_NAME_MAX + 16];
	snprintf(ablation, sizeof ablation, "ablation: %s", shows_deck(p, S) ? p->side[0] : "p1");
	qv__lab_svg_text(b, 134, 16.5, NULL, NULL, ablation);
	if (two) {
		qv_buf_puts(b, "<g class=\"re\"><path d=\"M124,22 l6,6 l-6,6 l-6,-6 z\" "
		               "class=\"pt\"/></g>\n");
		qv__lab_svg_text(b, 134, 32.5, NULL, NULL, "restricted play");
	} else {
		qv_buf_puts(b, "<g class=\"re\"><path d=\"M244,6 l6,6 l-6,6 l-6,-6 z\" "
		               "class=\"pt\"/></g>\n");
		qv__lab_svg_text(b, 256, 16.5, NULL, NULL, "restricted play");
	}
}

/* Component c's row of the forest plot, centred on y: its id (starred when flagged), the
 * ablation's difference as a dot and restricted play's as a diamond, each with its interval. */
static void forest_row(qv_buf *b, const qv_lab_plan *p, const qv_lab_section *S,
                       const qv_lab_component *c, const qv__lab_scale *x, double y)
{
	qv__lab_txt name = short_id(c->id);
	if (c->flagged) {
		size_t len = strlen(name.s);
		snprintf(name.s + len, sizeof name.s - len, " *");
	}
	qv__lab_svg_text(b, 6, y + 4.5, NULL, c->flagged ? "flagged" : NULL, name.s);
	const qv_lab_delta *a = shown_ablation(p, S, c), *r = &c->restrict_score;
	if (qv__lab_known(a->d)) {
		qv_buf_puts(b, "<g class=\"ab\">");
		if (qv__lab_known_ci(a->ci))
			qv__lab_svg_line(b, qv__lab_scale_at(x, a->ci.lo), y - 5,
			                 qv__lab_scale_at(x, a->ci.hi), y - 5, "ci");
		qv_buf_printf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"5\" class=\"pt\"/></g>\n",
		              qv__lab_co(qv__lab_scale_at(x, a->d)).s, qv__lab_co(y - 5).s);
	}
	if (qv__lab_known(r->d)) {
		qv_buf_puts(b, "<g class=\"re\">");
		if (qv__lab_known_ci(r->ci))
			qv__lab_svg_line(b, qv__lab_scale_at(x, r->ci.lo), y + 5,
			                 qv__lab_scale_at(x, r->ci.hi), y + 5, "ci");
		double cx = qv__lab_scale_at(x, r->d), cy = y + 5;
		qv_buf_printf(b, "<path d=\"M%s,%s l6,6 l-6,6 l-6,-6 z\" class=\"pt\"/></g>\n",
		              qv__lab_co(cx).s, qv__lab_co(cy - 6).s);
	}
}

/* The rows of the forest plot, most extreme first, from `top`, `row` apart. */
static void forest_rows(page *P, const qv_lab_section *S, const qv__lab_scale *x, int top, int row)
{
	int n = P->p->ncomponents;
	for (int i = 0; i < n; i++) {
		const qv_lab_component *c = ranked(S, n, i);
		if (c)
			forest_row(P->b, P->p, S, c, x, top + i * row + row / 2.0);
	}
}

/* The forest plot of the components' causal effects, most extreme first. */
static void component_forest(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	int n = P->p->ncomponents;
	double m = forest_range(P->p, S);
	bool two = shows_deck(P->p, S);
	const int W = 400, top = two ? 56 : 40, row = 30;
	int H = top + n * row + 46;
	qv__lab_scale x = {-m, m, 120, 372};
	double ybot = top + n * row;

	qv_buf_puts(b, "<figure>\n");
	qv_buf label = {0};
	qv_buf_printf(&label,
	              "Forest plot of the effect of each of %d components with %d players: "
	              "ablation and restricted play differences in score, with 95%% intervals",
	              n, S->players);
	qv__lab_svg_open(b, W, H, qv_buf_str(&label));
	qv_buf_free(&label);
	forest_legend(b, P->p, S, two);
	for (int i = 0; i < n; i++) {
		const qv_lab_component *c = ranked(S, n, i);
		if (c && c->flagged)
			qv_buf_printf(b,
			              "<rect x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\" "
			              "class=\"flagband\"/>\n",
			              top + i * row, W, row);
	}
	for (int i = -2; i <= 2; i++) {
		double v = m * i / 2;
		qv__lab_svg_line(b, qv__lab_scale_at(&x, v), top - 4, qv__lab_scale_at(&x, v), ybot,
		                 i == 0 ? "axis" : "grid");
		char t[32];
		snprintf(t, sizeof t, "%+.0f", qv_clean_zero(100 * v, 0));
		qv__lab_svg_tick(b, qv__lab_scale_at(&x, v), ybot + 18, W, i == 0 ? "0" : t);
	}
	qv__lab_svg_text(b, (120 + 372) / 2.0, ybot + 38, "middle", "mut",
	                 "difference in score, percentage points");
	forest_rows(P, S, &x, top, row);
	qv_buf_puts(b, "</svg>\n");
	qv_lab_counts count = qv_lab_count_verdicts(P->p, S);
	qv_buf_printf(b,
	              "<figcaption>Differences in percentage points, with 95%% intervals; "
	              "%d of the %d components studied flagged (*: the game leans otherwise "
	              "without it, Benjamini&ndash;Hochberg at q = %.2f and beyond "
	              "&plusmn;%g pp).</figcaption>\n</figure>\n",
	              count.flagged, count.studied, QV_LAB_Q, 100 * P->p->cfg.margin_score);
}

/* A measured estimate's value alone, as a percentage ("n/a" when not measured). */
static qv__lab_txt est_pct(const qv_lab_est *e) { return qv__lab_pct(e->n > 0 ? e->v : NAN); }

/* The per-card figures a designer reads first, one narrow column each (values without their
 * intervals, so that the table fits a phone): the play rate, the plays a game held, the
 * holders' score when they played it against when they did not, and the captures a play
 * where the game has captures. The rest, with every interval, is folded below it. */
static void component_cards(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	int n = P->p->ncomponents;
	bool captures = P->p->cfg.game->components && P->p->cfg.game->components->captured;
	qv__lab_table_open(P->b, P->id, "correlations", "What was played (correlational)");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Component</th>"
	               "<th scope=\"col\">Play rate</th>"
	               "<th scope=\"col\">Plays a game held</th>"
	               "<th scope=\"col\">Played &minus; not (pp)</th>");
	if (captures)
		qv_buf_puts(b, "<th scope=\"col\">Captures a play</th>");
	qv_buf_puts(b, "</tr></thead><tbody>\n");
	for (int i = 0; i < n; i++) {
		const qv_lab_component *c = ranked(S, n, i);
		if (!c)
			continue;
		qv__lab_row_head(b, c->id);
		qv_buf_printf(b, "<td>%s</td><td>%s</td><td>%s</td>", est_pct(&c->play_rate).s,
		              qv__lab_num(c->plays.n > 0 ? c->plays.v : NAN, 2, false).s,
		              qv__lab_pp(c->played_gap.d).s);
		if (captures)
			qv_buf_printf(
			    b, "<td>%s</td>",
			    qv__lab_num(c->captures_per_play.n > 0 ? c->captures_per_play.v : NAN,
			                2, false)
			        .s);
		qv_buf_puts(b, "</tr>\n");
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

/* Every per-card figure with its interval, folded under the chosen ones (component_cards). */
static void component_correlations(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	int n = P->p->ncomponents;
	qv_buf_puts(b, "<details class=\"more\"><summary>Every per-card figure, with its 95% "
	               "interval</summary>\n");
	qv__lab_table_open(P->b, P->id, "correlations-all", "What was played: every figure");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Component</th>"
	               "<th scope=\"col\">Play rate</th>"
	               "<th scope=\"col\">Held: copies</th>"
	               "<th scope=\"col\">Held: played</th>"
	               "<th scope=\"col\">Plays a game held</th>"
	               "<th scope=\"col\">Score when drawn</th>"
	               "<th scope=\"col\">Score when played</th>"
	               "<th scope=\"col\">Score held, not played</th>"
	               "<th scope=\"col\">Played &minus; not (pp)</th></tr></thead>"
	               "<tbody>\n");
	for (int i = 0; i < n; i++) {
		const qv_lab_component *c = ranked(S, n, i);
		if (!c)
			continue;
		qv__lab_row_head(b, c->id);
		qv_buf_printf(b, "<td>%s</td><td>%s</td><td>%s</td><td>%s</td>",
		              qv__lab_est_pct(&c->play_rate).s, qv__lab_num(c->copies, 2, false).s,
		              qv__lab_est_pct(&c->played).s, qv__lab_est_num(&c->plays, 2).s);
		qv_buf_printf(
		    b, "<td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
		    qv__lab_est_pct(&c->score_drawn).s, qv__lab_est_pct(&c->score_played).s,
		    qv__lab_est_pct(&c->score_unplayed).s, qv__lab_delta_points(&c->played_gap).s);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
	qv_buf_puts(b, "</details>\n");
}

/* The causal effects in numbers: the differences and their intervals, and the flags. */
static void component_effects(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	int n = P->p->ncomponents;
	qv__lab_table_open(P->b, P->id, "effects", "Causal effects");
	qv_buf_puts(
	    b,
	    "<thead><tr><th scope=\"col\">Component</th><th scope=\"col\" class=\"t\">Balance</th>"
	    "<th scope=\"col\" class=\"t\">Strength</th><th scope=\"col\" class=\"t\">Length</th>");
	qv_buf_puts(b, "<th scope=\"col\">Ablation: &Delta; ");
	qv__lab_html_esc(b, shows_deck(P->p, S) ? P->p->side[0] : "p1");
	qv_buf_puts(b, " score (pp)</th>");
	qv_buf_puts(b, "<th scope=\"col\">Restricted play: &Delta; score (pp)</th>"
	               "<th scope=\"col\">Ablation: &Delta; length</th>"
	               "<th scope=\"col\">Restricted play: &Delta; length</th></tr></thead>"
	               "<tbody>\n");
	for (int i = 0; i < n; i++) {
		const qv_lab_component *c = ranked(S, n, i);
		if (!c)
			continue;
		qv__lab_row_head(b, c->id);
		qv__lab_verdict_cell(b, c->balance, P->p->cfg.margin_score, true, "flagged");
		qv__lab_verdict_cell(b, c->strength, P->p->cfg.margin_score, true,
		                     c->restrict_score.d < 0 ? "strong" : "a burden");
		/* the length test beyond: without it (or with a seat forbidden it) games are
		 * shorter, so it lengthens them, or longer */
		const qv_lab_delta *l =
		    c->ablate_length.flagged ? &c->ablate_length : &c->restrict_length;
		qv__lab_verdict_cell(b, c->length, P->p->cfg.margin_length, false,
		                     l->d < 0 ? "lengthens" : "shortens");
		qv_buf_printf(b, "<td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
		              qv__lab_delta_points(shown_ablation(P->p, S, c)).s,
		              qv__lab_delta_points(&c->restrict_score).s,
		              qv__lab_delta_num(&c->ablate_length, 1).s,
		              qv__lab_delta_num(&c->restrict_length, 1).s);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

/* What the per-card tables say, above them. */
#define CARDS_HOW                                                                                    \
	"What was played, card by card: how often it was played when it could be (play rate), how "  \
	"often a seat that held it played it in a game, the score of its holders when they played "  \
	"it minus when they held it and did not (where the decks swap seats a card&#39;s scores "    \
	"follow its deck&#39;s, which this difference leaves out), and the captures from a play "    \
	"until the player&#39;s next play or turn. All correlational: they describe what happened, " \
	"not what caused it (a seat that is winning plays its good cards)."

void qv__lab_html_components(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_plan *p = P->p;
	qv__lab_heading(P->b, P->id, "h3", "components", "Components");
	if (p->cfg.component_games <= 0 && (p->ncomponents == 0 || !S->component)) {
		qv__lab_not_measured(
		    b,
		    "The components were not studied: this study ran no component games "
		    "(<code>--component-games 0</code>); give <code>--component-games M</code> to "
		    "measure what each causes and to count what was played.");
		return;
	}
	if (p->ncomponents == 0 || !S->component) {
		qv__lab_not_measured(
		    b, "This game&#39;s variant has no components the lab studies one by "
		       "one.");
		return;
	}
	if (p->cfg.component_games <= 0) {
		qv__lab_not_measured(
		    b,
		    "The causal effects were not measured: this study ran no component "
		    "games (<code>--component-games 0</code>). The table still gives the correlational "
		    "figures.");
		qv__lab_how(b, CARDS_HOW);
		component_cards(P, S);
		component_correlations(P, S);
		return;
	}
	bool deck = shows_deck(p, S);
	qv_buf how = {0};
	qv_buf_printf(&how,
	              "What each component causes, most extreme first. Circles: %s in games "
	              "without the component minus its score with it (ablation); diamonds: the "
	              "score of a seat forbidden to play it minus the same seat's in the twin game "
	              "of the same seeds (with several agents: the other seats'; restricted "
	              "play). An interval that crosses zero shows no clear effect; "
	              "shaded rows are flagged (the %s lean otherwise without the component: the "
	              "effects table gives every verdict). The play rate and the scores when "
	              "drawn or played, below, are correlational.",
	              deck ? "the first deck&#39;s score (whichever seat holds it)"
	                   : "p1&#39;s score",
	              deck ? "seats or the decks" : "seats");
	qv__lab_how(b, qv_buf_str(&how));
	qv_buf_free(&how);
	component_forest(P, S);
	component_effects(P, S);
	qv__lab_how(b, CARDS_HOW);
	component_cards(P, S);
	component_correlations(P, S);
}
