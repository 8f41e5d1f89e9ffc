/*
 * lab_sample.c - the hand-made lab study of lab_sample.h: arms laid out as lab.h describes,
 * games drawn from a fixed seed, and a report whose outcomes and lengths are worked out from
 * those games (so the page, the JSON and the CSV agree with each other) and whose other
 * figures are set by simple formulas with a planted cause, piece T.
 */
#include "lab_sample.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quiver/stats.h"

static const char *const kinds[] = {"A", "T", "X", "Y", "D", "R", "Z"};
#define NKINDS  7
#define PLANTED 1 /* T */

static void die(const char *what)
{
	fprintf(stderr, "lab_sample: %s\n", what);
	abort();
}

static void *zalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	if (!p)
		die("out of memory");
	return p;
}

static void set_agents(qv_lab_arm *a, const char *const *agents, int n)
{
	a->nagents = n;
	for (int i = 0; i < n; i++)
		snprintf(a->agents[i], sizeof a->agents[i], "%s", agents[i]);
}

static qv_lab_arm *add_arm(qv_lab_plan *p, qv_lab_arm_kind kind, int players, int component,
                           const qv_variant *v, int games)
{
	qv_lab_arm *a = &p->arm[p->narms++];
	a->kind = kind;
	a->players = players;
	a->component = component;
	a->variant = v;
	a->first = p->total;
	a->games = games;
	p->total += games;
	return a;
}

/* Lays out the arms in lab.h's order. */
static void make_plan(qv_test_lab *s)
{
	qv_lab_plan *p = &s->plan;
	const qv_lab_config *c = &p->cfg;
	p->arm = zalloc(128, sizeof *p->arm);
	for (int n = 0; n < c->nplayers; n++) {
		int N = c->players[n];
		qv_lab_arm *a = add_arm(p, QV_LAB_MAIN, N, -1, c->variant, c->games);
		a->nagents = c->nagents;
		memcpy(a->agents, c->agents, sizeof a->agents);
		if (c->baseline) {
			a = add_arm(p, QV_LAB_BASELINE, N, -1, c->baseline, c->games);
			a->nagents = c->nagents;
			memcpy(a->agents, c->agents, sizeof a->agents);
		}
		for (int k = 0; k < p->ncomponents && c->component_games > 0; k++) {
			p->studied[k] = true; /* as qv_lab_plan_make without --components */
			a = add_arm(p, QV_LAB_CONTROL, N, k, c->variant, c->component_games);
			a->nagents = c->nagents;
			memcpy(a->agents, c->agents, sizeof a->agents);
			a = add_arm(p, QV_LAB_ABLATE, N, k, c->variant, c->component_games);
			a->nagents = c->nagents;
			memcpy(a->agents, c->agents, sizeof a->agents);
			a = add_arm(p, QV_LAB_RESTRICT, N, k, c->variant, c->component_games);
			const char *twins[2] = {c->agents[0], c->agents[0]};
			set_agents(a, twins, 2);
		}
		for (int k = c->ladder_lo; k <= c->ladder_hi && c->ladder_games > 0; k++) {
			a = add_arm(p, QV_LAB_LADDER, N, k, c->variant, c->ladder_games);
			char strong[QV_NAME_MAX], weak[QV_NAME_MAX];
			snprintf(strong, sizeof strong, "ismcts:iterations=%d", 2 << k);
			snprintf(weak, sizeof weak, "ismcts:iterations=%d", 1 << k);
			const char *two[2] = {strong, weak};
			set_agents(a, two, 2);
		}
		if (c->luck_games > 0) {
			a = add_arm(p, QV_LAB_LUCK, N, -1, c->variant, c->luck_games);
			const char *luck[2] = {"random", c->agents[0]};
			set_agents(a, luck, 2);
		}
	}
}

/* Game j of arm a: seats rotated, the first seat favoured a little in the main arm, one game
 * in twelve capped at 60 decisions, one in twelve a draw. */
static void play_game(const qv_lab_arm *a, int j, qv_lab_game *g, qv_rng *rng)
{
	int N = a->players;
	g->index = a->first + j;
	g->players = N;
	bool distinct =
	    a->kind == QV_LAB_RESTRICT || a->kind == QV_LAB_LADDER || a->kind == QV_LAB_LUCK;
	for (int s = 0; s < N; s++)
		g->agent[s] = distinct ? (s == j % N ? 0 : 1) : (s + j) % a->nagents;
	g->capped = qv_rng_below(rng, 12) == 0;
	g->decisions = g->capped ? 60 : 18 + (int)qv_rng_below(rng, 30);
	g->positions = g->decisions + (int)qv_rng_below(rng, 6);
	g->legal = (long long)g->decisions * (6 + qv_rng_below(rng, 10));
	if (qv_rng_below(rng, 12) == 0) {
		for (int s = 0; s < N; s++) {
			g->rank[s] = 1;
			g->utility[s] = 0;
		}
		return;
	}
	double bias = a->kind == QV_LAB_MAIN ? 0.4 : 0;
	double r = qv_rng_double(rng) * (N + bias);
	int winner = r < 1 + bias ? 0 : 1 + (int)(r - 1 - bias);
	if (winner >= N)
		winner = N - 1;
	int next = 2;
	int second = N == 3 ? (int)qv_rng_below(rng, 2) : 0;
	for (int s = 0, other = 0; s < N; s++) {
		if (s == winner) {
			g->rank[s] = 1;
			continue;
		}
		g->rank[s] = N == 3 ? (other++ == second ? 2 : 3) : next;
	}
	for (int s = 0; s < N; s++)
		g->utility[s] = N == 2 ? (g->rank[s] == 1 ? 1 : -1) : 2 - g->rank[s];
}

/* ---- the figures worked out from the games ---- */

static void outcomes(const qv_lab_game *g, int n, int N, qv_lab_outcomes *o)
{
	double sum[QV_MAX_PLAYERS] = {0};
	int complete = 0, draws = 0, uncapped = 0, capped = 0;
	for (int i = 0; i < n; i++) {
		int first = 0;
		for (int s = 0; s < N; s++) {
			sum[s] += (g[i].utility[s] + 1) / 2;
			first += g[i].rank[s] == 1;
		}
		complete += first == 1;
		capped += g[i].capped;
		if (!g[i].capped) {
			uncapped++;
			draws += first > 1;
		}
	}
	o->games = n;
	o->fairness_gap = 0;
	double lo = 1, hi = 0;
	for (int s = 0; s < N; s++) {
		double v = sum[s] / n;
		o->seat[s] = (qv_lab_est){v, qv_wilson(sum[s], n, QV_Z95), n};
		o->fairness_gap = fmax(o->fairness_gap, fabs(v - 1.0 / N));
		lo = fmin(lo, v);
		hi = fmax(hi, v);
	}
	o->balance = 1 - (hi - lo);
	o->completion = (qv_lab_est){(double)complete / n, qv_wilson(complete, n, QV_Z95), n};
	o->drawishness = (qv_lab_est){uncapped ? (double)draws / uncapped : NAN,
	                              qv_wilson(draws, uncapped, QV_Z95), uncapped};
	o->timeouts = (qv_lab_est){(double)capped / n, qv_wilson(capped, n, QV_Z95), n};
}

static int by_value(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static void length(const qv_lab_game *g, int n, int bin_lo, int width, int nbins, qv_lab_length *l)
{
	qv_moments m = {0};
	int *d = zalloc((size_t)n, sizeof *d);
	long long dec = 0, pos = 0, legal = 0;
	double per_game = 0;
	for (int i = 0; i < n; i++) {
		qv_moments_add(&m, g[i].decisions);
		d[i] = g[i].decisions;
		dec += g[i].decisions;
		pos += g[i].positions;
		legal += g[i].legal;
		per_game += (double)g[i].legal / g[i].decisions;
	}
	qsort(d, (size_t)n, sizeof *d, by_value);
	l->turns = (qv_lab_est){m.mean, qv_moments_ci95(&m), n};
	l->sd = qv_moments_sd(&m);
	l->median = d[(n + 1) / 2 - 1];
	l->p90 = d[(int)ceil(0.9 * n) - 1];
	l->min = d[0];
	l->max = d[n - 1];
	l->bin_lo = bin_lo;
	l->bin_width = width;
	l->nbins = nbins;
	for (int i = 0; i < n; i++) {
		int b = (g[i].decisions - bin_lo) / width;
		l->hist[b]++;
		l->hist_capped[b] += g[i].capped;
	}
	l->decision_moves = (qv_lab_est){(double)dec / (double)pos,
	                                 qv_wilson((double)dec, (double)pos, QV_Z95), (long)pos};
	l->branching_decision = (double)legal / (double)dec;
	l->branching_game = per_game / n;
	free(d);
}

/* Bins shared by the main and the baseline histograms: the smallest width of 1, 2, 5, 10...
 * that gives at most QV_LAB_HIST_MAX bins. */
static void bins(const qv_lab_game *a, int na, const qv_lab_game *b, int nb, int *lo, int *width,
                 int *nbins)
{
	int mn = 1 << 30, mx = 0;
	for (int i = 0; i < na; i++) {
		mn = a[i].decisions < mn ? a[i].decisions : mn;
		mx = a[i].decisions > mx ? a[i].decisions : mx;
	}
	for (int i = 0; i < nb; i++) {
		mn = b[i].decisions < mn ? b[i].decisions : mn;
		mx = b[i].decisions > mx ? b[i].decisions : mx;
	}
	static const int widths[] = {1, 2, 5, 10, 20, 50, 100};
	int k = 0;
	while ((mx - mn) / widths[k] + 1 > QV_LAB_HIST_MAX)
		k++;
	*lo = mn;
	*width = widths[k];
	*nbins = (mx - mn) / widths[k] + 1;
}

/* ---- the figures set by formula ---- */

static qv_lab_delta delta(double d, double half, double p)
{
	return (qv_lab_delta){d, {d - half, d + half}, p, false, 20};
}

static const qv_lab_delta untested = {NAN, {NAN, NAN}, NAN, false, 0};

static double key_extremeness(const qv_lab_component *c) { return c->extremeness; }
static double key_unbalance(const qv_lab_component *c) { return c->unbalance; }
static double key_strength(const qv_lab_component *c) { return c->strength_key; }

/* list[0 .. n) the components 0 .. n - 1 by key, largest first, ties by index. */
static void rank(qv_lab_section *S, int *list, int n, double (*key)(const qv_lab_component *))
{
	for (int k = 0; k < n; k++)
		list[k] = k;
	for (int i = 1; i < n; i++)
		for (int j = i;
		     j > 0 && key(&S->component[list[j]]) > key(&S->component[list[j - 1]]); j--) {
			int t = list[j];
			list[j] = list[j - 1];
			list[j - 1] = t;
		}
}

static void components(qv_test_lab *s, qv_lab_section *S)
{
	const qv_lab_plan *p = &s->plan;
	int N = S->players, n = p->cfg.games;
	S->component = zalloc((size_t)p->ncomponents, sizeof *S->component);
	for (int k = 0; k < p->ncomponents; k++) {
		qv_lab_component *c = &S->component[k];
		snprintf(c->id, sizeof c->id, "%s", p->component[k]);
		double rate = 0.08 + 0.04 * k;
		c->play_rate = (qv_lab_est){rate, qv_wilson(rate * 400, 400, QV_Z95), 400};
		double drawn = 0.45 + 0.02 * k, played = k == PLANTED ? 0.38 : 0.5 + 0.01 * k;
		c->score_drawn =
		    (qv_lab_est){drawn, qv_wilson(drawn * 2 * n, 2 * n, QV_Z95), 2 * n};
		c->score_played = (qv_lab_est){played, qv_wilson(played * n, n, QV_Z95), n};
		if (p->cfg.component_games <= 0) {
			for (int t = 0; t < N; t++)
				c->ablate_seat[t] = untested;
			c->ablate_length = c->restrict_length = c->restrict_score = untested;
			c->restrict_holder = untested;
			c->extremeness = 0;
			c->gap_without = NAN;
			c->unbalance = c->restrict_t = -1;
			c->strength_key = -INFINITY;
			continue;
		}
		bool planted = k == PLANTED;
		for (int t = 0; t < N; t++)
			c->ablate_seat[t] =
			    planted ? delta(t ? 0.09 : -0.18, 0.08, 0.0004)
			            : delta(0.02 * (k - 3) * (t ? -1 : 1), 0.11, 0.3 + 0.05 * k);
		c->ablate_length = delta(planted ? 6.5 : 0.5 * (k - 3), 3, planted ? 0.002 : 0.6);
		c->restrict_score =
		    planted ? delta(-0.22, 0.1, 0.0001) : delta(0.01 * k - 0.03, 0.12, 0.5);
		c->restrict_length = delta(planted ? 4 : -0.2 * k, 3.5, planted ? 0.03 : 0.8);
		/* its holders held one copy, in half the games: twice the loss */
		c->restrict_holder = delta(2 * c->restrict_score.d, 0.17, c->restrict_score.p);
		c->ablate_seat[0].flagged = c->restrict_score.flagged = c->ablate_length.flagged =
		    planted;
		c->flagged = planted;
		c->balance = planted ? QV_LAB_BEYOND : QV_LAB_UNSETTLED;
		c->strength = planted ? QV_LAB_BEYOND : QV_LAB_UNSETTLED;
		c->length = planted ? QV_LAB_BEYOND : QV_LAB_UNSETTLED;
		c->extremeness = planted ? 4.4 : fabs(0.02 * (k - 3)) / 0.056 + 0.01 * k;
		c->unbalance = planted ? 3.6 : fabs(0.02 * (k - 3)) / 0.056 + 0.01 * k;
		c->restrict_t = planted ? 4.4 : fabs(0.01 * k - 0.03) / 0.06;
		c->strength_key = -c->restrict_holder.ci.hi;
		c->gap_without = planted ? 0.04 : 0.1 + 0.01 * k;
	}
	/* order, unbalancing and strongest: most extreme first, ties by index */
	rank(S, S->order, p->ncomponents, key_extremeness);
	bool tested = p->cfg.component_games > 0;
	S->nunbalancing = S->nstrongest = tested ? p->ncomponents : 0;
	rank(S, S->unbalancing, S->nunbalancing, key_unbalance);
	rank(S, S->strongest, S->nstrongest, key_strength);
}

static void full_figures(qv_test_lab *s, qv_lab_section *S)
{
	const qv_lab_config *c = &s->plan.cfg;
	int N = S->players;
	qv_lab_tension *t = &S->tension;
	t->games = c->games;
	t->lead_changes = (qv_lab_est){0.11, {0.08, 0.14}, c->games};
	t->drama = (qv_lab_est){0.21, {0.16, 0.26}, c->games};
	t->decisiveness = (qv_lab_est){0.62, {0.55, 0.69}, c->games};
	for (int b = 0; b < QV_LAB_CURVE; b++) {
		t->winner[b] = 0.05 + 0.085 * b;
		t->loser[b] = 0.03 - 0.03 * b;
	}
	S->nrungs = 0;
	for (int k = c->ladder_lo; k <= c->ladder_hi; k++) {
		double v = 0.74 - 0.03 * (k - c->ladder_lo) - 0.1 * (N - 2);
		S->rung[S->nrungs++] = (qv_lab_rung){
		    k,
		    {v, qv_wilson(v * c->ladder_games, c->ladder_games, QV_Z95), c->ladder_games}};
	}
	S->rung[S->nrungs++] = (qv_lab_rung){
	    -1, {0.04, qv_wilson(0.04 * c->luck_games, c->luck_games, QV_Z95), c->luck_games}};
	S->nagents = 2;
	S->matrix[0][0] = S->matrix[1][1] = NAN;
	S->matrix[0][1] = 0.3;
	S->matrix[1][0] = 0.7;
	for (int a = 0; a < 2; a++) {
		double v = a ? 0.7 : 0.3;
		qv_interval ci = qv_wilson(v * 12, 12, QV_Z95);
		S->elo[a] = (qv_lab_est){qv_elo_clamp(qv_elo(v)), qv_elo_interval(ci), 12};
	}
	S->board = (qv_lab_board){.w = 6, .h = 6, .files = "abcdef", .rank0 = 1};
	S->heat = zalloc((size_t)N * 36, sizeof *S->heat);
	for (int p = 0; p < N; p++)
		for (int q = 0; q < 36; q++) {
			int x = q % 6, y = q / 6;
			double near = 6 - fabs(x - 2.5) - fabs(y - (p == 0 ? 1.5 : 3.5));
			S->heat[p * 36 + q] = (uint32_t)(near * near * (3 + p));
		}
	static const char *const names[] = {
	    "seat 1 score", "seat 2 score",   "seat 3 score",          "fairness gap",
	    "balance",      "completion",     "drawishness",           "timeouts",
	    "mean length",  "decision moves", "branching per decision"};
	const qv_lab_outcomes *o = &S->outcomes, *bo = &S->baseline_outcomes;
	S->ncompare = 0;
	for (int i = 0; i < (int)(sizeof names / sizeof *names); i++) {
		if (i < 3 && i >= N)
			continue;
		qv_lab_compare *m = &S->compare[S->ncompare++];
		qv_copy(m->metric, sizeof m->metric, names[i]);
		switch (i) {
		case 0:
		case 1:
		case 2: m->variant = o->seat[i].v, m->baseline = bo->seat[i].v; break;
		case 3: m->variant = o->fairness_gap, m->baseline = bo->fairness_gap; break;
		case 4: m->variant = o->balance, m->baseline = bo->balance; break;
		case 5: m->variant = o->completion.v, m->baseline = bo->completion.v; break;
		case 6: m->variant = o->drawishness.v, m->baseline = bo->drawishness.v; break;
		case 7: m->variant = o->timeouts.v, m->baseline = bo->timeouts.v; break;
		case 8:
			m->variant = S->length.turns.v, m->baseline = S->baseline_length.turns.v;
			break;
		case 9:
			m->variant = S->length.decision_moves.v;
			m->baseline = S->baseline_length.decision_moves.v;
			break;
		default:
			m->variant = S->length.branching_decision;
			m->baseline = S->baseline_length.branching_decision;
		}
		double d = m->variant - m->baseline;
		bool derived = i == 3 || i == 4 || i == 10;
		m->delta = derived ? (qv_lab_delta){d, {NAN, NAN}, NAN, false, 0}
		                   : delta(d, i == 8 ? 4 : 0.15, i == 8 ? 0.4 : 0.2);
	}
}

static void reproduction(qv_lab_section *S, const qv_lab_game *main, int n)
{
	S->ncapped_games = S->nlongest_games = 0;
	for (int i = 0; i < n && S->ncapped_games < 8; i++)
		if (main[i].capped)
			S->capped_games[S->ncapped_games++] = main[i].index;
	bool taken[4096] = {false};
	for (int k = 0; k < 8 && k < n; k++) {
		int best = -1;
		for (int i = 0; i < n; i++)
			if (!taken[i] && (best < 0 || main[i].decisions > main[best].decisions))
				best = i;
		taken[best] = true;
		S->longest_games[S->nlongest_games++] = main[best].index;
	}
}

void qv_test_lab_sample(qv_test_lab *s, bool full, const char *name)
{
	memset(s, 0, sizeof *s);
	qv_err err;
	const qv_game *g = qv_game_find("three-arrows", &err);
	const qv_variant *base = g ? qv_variant_base(g, &err) : NULL;
	if (!base)
		die(err.msg);
	s->variant = *base;
	snprintf(s->variant.name, sizeof s->variant.name, "%s", name);
	snprintf(s->variant.sha256, sizeof s->variant.sha256, "%s",
	         "5f1c0e4b9a7d3c2e8f6a1b0d4c7e9f2a3b5d6e8f0a1c2b3d4e5f6a7b8c9d0e1f");
	s->variant.builtin = false;

	qv_lab_plan *p = &s->plan;
	qv_lab_config *c = &p->cfg;
	c->game = g;
	c->variant = &s->variant;
	c->baseline = full ? base : NULL;
	if (full) {
		c->nagents = 2;
		snprintf(c->agents[0], sizeof c->agents[0], "greedy");
		snprintf(c->agents[1], sizeof c->agents[1], "mcts:iterations=200,threads=1");
		c->nplayers = 2;
		c->players[0] = 2;
		c->players[1] = 3;
		c->component_games = 6;
		c->ladder_games = 6;
		c->luck_games = 6;
	} else {
		c->nagents = 1;
		snprintf(c->agents[0], sizeof c->agents[0], "random");
		c->nplayers = 1;
		c->players[0] = 2;
	}
	c->games = 12;
	c->ladder_lo = QV_LAB_LADDER_LO;
	c->ladder_hi = QV_LAB_LADDER_HI;
	c->paired = false;
	c->seed = 20240611;
	snprintf(c->version, sizeof c->version, "%s", QV_VERSION);
	p->ncomponents = NKINDS;
	for (int k = 0; k < NKINDS; k++)
		snprintf(p->component[k], sizeof p->component[k], "%s", kinds[k]);
	make_plan(s);

	s->games = zalloc((size_t)p->total, sizeof *s->games);
	qv_rng rng;
	qv_rng_seed(&rng, 7);
	for (int a = 0; a < p->narms; a++)
		for (int j = 0; j < p->arm[a].games; j++)
			play_game(&p->arm[a], j, &s->games[p->arm[a].first + j], &rng);

	qv_lab_report *r = &s->report;
	r->plan = p;
	r->nsections = c->nplayers;
	for (int n = 0; n < c->nplayers; n++) {
		qv_lab_section *S = &r->section[n];
		S->players = c->players[n];
		const qv_lab_arm *main = NULL, *bl = NULL;
		for (int a = 0; a < p->narms; a++)
			if (p->arm[a].players == S->players && p->arm[a].kind == QV_LAB_MAIN)
				main = &p->arm[a];
			else if (p->arm[a].players == S->players &&
			         p->arm[a].kind == QV_LAB_BASELINE)
				bl = &p->arm[a];
		const qv_lab_game *mg = s->games + main->first,
		                  *bg = bl ? s->games + bl->first : NULL;
		outcomes(mg, main->games, S->players, &S->outcomes);
		int lo, width, nbins;
		bins(mg, main->games, bg, bl ? bl->games : 0, &lo, &width, &nbins);
		length(mg, main->games, lo, width, nbins, &S->length);
		if (bl) {
			outcomes(bg, bl->games, S->players, &S->baseline_outcomes);
			length(bg, bl->games, lo, width, nbins, &S->baseline_length);
		}
		components(s, S);
		if (full) {
			full_figures(s, S);
		} else {
			S->nagents = 1;
			S->matrix[0][0] = NAN;
			S->elo[0] = (qv_lab_est){NAN, {NAN, NAN}, 0};
		}
		reproduction(S, mg, main->games);
	}
}

void qv_test_lab_sample_free(qv_test_lab *s)
{
	for (int n = 0; n < s->report.nsections; n++) {
		free(s->report.section[n].component);
		free(s->report.section[n].heat);
	}
	free(s->games);
	free(s->plan.arm);
	memset(s, 0, sizeof *s);
}
