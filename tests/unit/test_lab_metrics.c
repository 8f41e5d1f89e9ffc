/*
 * test_lab_metrics.c - the lab's metrics (qv_lab_compute) on plans and game lines made by
 * hand, each with values worked out in the comments: outcomes, length and its histogram,
 * tension, the ladder, the agent matrix, components (play rates, ablation, restricted play,
 * Benjamini-Hochberg, the order), board heat, the baseline comparison and the reproduction
 * block; the edge cases all draws, one seat always winning, capped games, games without
 * search values and a single game; lines that do not fit their plan refused.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lab/lab.h"

#define FX_GAMES     96
#define FX_DECISIONS 16
#define FX_COUNTS    8

/* A plan whose arms the test lays out one by one, and the games' lines. */
typedef struct fx {
	qv_lab_plan plan;
	qv_lab_arm arm[16];
	qv_lab_game game[FX_GAMES];
	uint8_t mover[FX_GAMES][FX_DECISIONS];
	int16_t value[FX_GAMES][FX_DECISIONS];
	qv_lab_count comp[FX_GAMES][FX_COUNTS];
	qv_lab_count square[FX_GAMES][FX_COUNTS];
	qv_lab_count held[FX_GAMES][FX_COUNTS];
	char opening[FX_GAMES][32];
	qv_lab_report report;
} fx;

/* |got - want| <= tol, with both numbers in the message otherwise. */
static void near(double got, double want, double tol)
{
	if (!(fabs(got - want) <= tol))
		fail_msg("got %.9f, expected %.9f (tolerance %g)", got, want, tol);
}

static void same_interval(qv_interval got, qv_interval want)
{
	near(got.lo, want.lo, 1e-12);
	near(got.hi, want.hi, 1e-12);
}

/* A proportion x / n with its Wilson interval. */
static void is_prop(qv_lab_est e, double x, double n)
{
	near(e.v, x / n, 1e-12);
	assert_int_equal(e.n, (long)n);
	same_interval(e.ci, qv_wilson(x, n, QV_Z95));
}

/* A mean of the values with its t interval. */
static void is_mean(qv_lab_est e, const double *x, int n)
{
	qv_moments m = {0};
	for (int i = 0; i < n; i++)
		qv_moments_add(&m, x[i]);
	near(e.v, m.mean, 1e-12);
	assert_int_equal(e.n, n);
	qv_interval ci = qv_moments_ci95(&m);
	if (n < 2)
		assert_true(isinf(e.ci.lo) && isinf(e.ci.hi));
	else
		same_interval(e.ci, ci);
}

static void not_measured(qv_lab_est e)
{
	assert_true(isnan(e.v));
	assert_int_equal(e.n, 0);
}

static void no_test(const qv_lab_delta *d)
{
	assert_true(isnan(d->d) && isnan(d->p));
	assert_false(d->flagged);
}

static fx *fx_new(const int *players, int nplayers, int nagents)
{
	fx *f = calloc(1, sizeof *f);
	assert_non_null(f);
	qv_lab_config *c = &f->plan.cfg;
	c->game = qv_game_find("three-arrows", NULL);
	assert_non_null(c->game);
	c->variant = qv_variant_base(c->game, NULL);
	assert_non_null(c->variant);
	c->nagents = nagents;
	for (int a = 0; a < nagents; a++)
		snprintf(c->agents[a], sizeof c->agents[a], "agent%d", a);
	for (int i = 0; i < nplayers; i++)
		c->players[i] = players[i];
	c->nplayers = nplayers;
	f->plan.arm = f->arm;
	return f;
}

/* Sets a game's ranks (1 best) and the utilities that follow from them. */
static void fx_ranks(qv_lab_game *g, const int *ranks)
{
	for (int s = 0; s < g->players; s++)
		g->rank[s] = ranks[s];
	qv_utilities_from_ranks(g->rank, g->players, g->utility);
}

/* Appends an arm of `games` games of `players` players. Main, baseline, control and ablate arms
 * seat the study's agents rotating ((s + j) mod nagents); restrict, ladder and luck arms have two
 * agents, agent 0 in the distinct seat j mod N. Every game starts as a draw of no decisions. */
static qv_lab_arm *fx_arm(fx *f, qv_lab_arm_kind kind, int players, int component, int games)
{
	qv_lab_plan *p = &f->plan;
	qv_lab_arm *a = &f->arm[p->narms++];
	a->kind = kind;
	a->players = players;
	a->component = component;
	a->variant = p->cfg.variant;
	a->first = p->total;
	a->games = games;
	bool rotate = kind == QV_LAB_MAIN || kind == QV_LAB_BASELINE || kind == QV_LAB_ABLATE ||
	              kind == QV_LAB_CONTROL;
	a->nagents = rotate ? p->cfg.nagents : 2;
	for (int j = 0; j < games; j++) {
		int i = p->total++;
		assert_true(i < FX_GAMES);
		qv_lab_game *g = &f->game[i];
		g->index = i;
		g->players = players;
		for (int s = 0; s < players; s++)
			g->agent[s] = rotate ? (s + j) % a->nagents : s == j % players ? 0 : 1;
		int draw[QV_MAX_PLAYERS] = {1, 1, 1, 1, 1};
		fx_ranks(g, draw);
		g->mover = f->mover[i];
		g->value = f->value[i];
		g->comp = f->comp[i];
		g->square = f->square[i];
		g->held = f->held[i];
		g->opening = f->opening[i];
	}
	return a;
}

/* A game won by seat w alone (the others share the last rank... or second for two). */
static void fx_win(qv_lab_game *g, int w)
{
	int r[QV_MAX_PLAYERS];
	for (int s = 0; s < g->players; s++)
		r[s] = s == w ? 1 : 2;
	fx_ranks(g, r);
}

static void fx_length(qv_lab_game *g, int decisions, int positions, long long legal)
{
	g->decisions = decisions;
	g->positions = positions;
	g->legal = legal;
}

/* Decisions with their movers and search values (thousandths). */
static void fx_values(qv_lab_game *g, int n, const int *movers, const int *values)
{
	assert_true(n <= FX_DECISIONS);
	g->decisions = g->nvalues = n;
	if (g->positions < n)
		g->positions = n;
	for (int t = 0; t < n; t++) {
		g->mover[t] = (uint8_t)movers[t];
		g->value[t] = (int16_t)values[t];
	}
}

static void fx_count(qv_lab_game *g, int seat, int item, uint32_t available, uint32_t chosen)
{
	assert_true(g->ncomp < FX_COUNTS);
	g->comp[g->ncomp++] = (qv_lab_count){(uint8_t)seat, (uint16_t)item, available, chosen, 0};
}

/* Seat holds `copies` of component item as the game starts. */
static void fx_held(qv_lab_game *g, int seat, int item, uint32_t copies)
{
	assert_true(g->nheld < FX_COUNTS);
	g->held[g->nheld++] = (qv_lab_count){(uint8_t)seat, (uint16_t)item, 0, copies, 0};
}

static void fx_compute(fx *f)
{
	qv_err err = {0};
	qv_status rc = qv_lab_compute(&f->plan, f->game, &f->report, &err);
	if (rc != QV_OK)
		fail_msg("qv_lab_compute: %s", err.msg);
	assert_ptr_equal(f->report.plan, &f->plan);
	assert_int_equal(f->report.nsections, f->plan.cfg.nplayers);
}

static void fx_free(fx *f)
{
	qv_lab_report_free(&f->report);
	assert_int_equal(f->report.nsections, 0);
	free(f);
}

/* ---- outcomes ---- */

/* Two players, four games: seat 1 wins, seat 2 wins, a draw, seat 1 wins at the cap.
 * s_1 = (1 + 0 + 1/2 + 1) / 4 = 0.625, s_2 = 0.375; fairness gap |0.625 - 1/2| = 0.125;
 * balance 1 - 0.25 = 0.75; completion 3 / 4; drawishness 1 of the 3 uncapped games; timeouts
 * 1 / 4. A second section, three players: one game, seats 1 and 2 share the first rank. */
static void test_outcomes(void **state)
{
	(void)state;
	int players[2] = {2, 3};
	fx *f = fx_new(players, 2, 2);
	fx_arm(f, QV_LAB_MAIN, 2, 0, 4);
	fx_arm(f, QV_LAB_MAIN, 3, 0, 1);
	fx_win(&f->game[0], 0);
	fx_win(&f->game[1], 1);
	fx_win(&f->game[3], 0);
	f->game[3].capped = true;
	int shared[3] = {1, 1, 3};
	fx_ranks(&f->game[4], shared);
	fx_compute(f);

	const qv_lab_section *sec = &f->report.section[0];
	assert_int_equal(sec->players, 2);
	const qv_lab_outcomes *o = &sec->outcomes;
	assert_int_equal(o->games, 4);
	is_prop(o->seat[0], 2.5, 4);
	is_prop(o->seat[1], 1.5, 4);
	near(o->fairness_gap, 0.125, 1e-12);
	near(o->balance, 0.75, 1e-12);
	is_prop(o->completion, 3, 4);
	is_prop(o->drawishness, 1, 3);
	is_prop(o->timeouts, 1, 4);
	/* Without a baseline its outcomes are empty. */
	assert_int_equal(sec->baseline_outcomes.games, 0);
	not_measured(sec->baseline_outcomes.seat[0]);
	assert_true(isnan(sec->baseline_outcomes.fairness_gap));
	assert_int_equal(sec->ncompare, 0);

	sec = &f->report.section[1];
	assert_int_equal(sec->players, 3);
	o = &sec->outcomes;
	assert_int_equal(o->games, 1);
	/* Ranks 1 1 3: first place shared by two, s = 0.5, 0.5, 0, summing to 1 (not the graded
	 * utilities' (u + 1) / 2 = 0.75, 0.75, 0). Gap |0 - 1/3|, balance 1 - 0.5. */
	is_prop(o->seat[0], 0.5, 1);
	is_prop(o->seat[1], 0.5, 1);
	is_prop(o->seat[2], 0, 1);
	near(o->fairness_gap, 1.0 / 3, 1e-12);
	near(o->balance, 0.5, 1e-12);
	is_prop(o->completion, 0, 1);
	is_prop(o->drawishness, 1, 1);
	fx_free(f);
}

/* Every game drawn: every seat 1/2, a gap of 0, balance 1, no completion, all drawish. The
 * lengths 0, 10, 50 and 79 need 80 bins of 1, 40 of 2: width 2, bins [0, 2) ... [78, 80). */
static void test_all_draws(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 2);
	fx_arm(f, QV_LAB_MAIN, 2, 0, 4);
	static const int len[4] = {0, 10, 50, 79};
	for (int i = 0; i < 4; i++)
		fx_length(&f->game[i], len[i], 2 * len[i], 3LL * len[i]);
	fx_compute(f);
	const qv_lab_section *sec = &f->report.section[0];
	const qv_lab_outcomes *o = &sec->outcomes;
	is_prop(o->seat[0], 2, 4);
	is_prop(o->seat[1], 2, 4);
	near(o->fairness_gap, 0, 0);
	near(o->balance, 1, 0);
	is_prop(o->completion, 0, 4);
	is_prop(o->drawishness, 4, 4);
	is_prop(o->timeouts, 0, 4);
	const qv_lab_length *l = &sec->length;
	assert_int_equal(l->bin_lo, 0);
	assert_int_equal(l->bin_width, 2);
	assert_int_equal(l->nbins, 40);
	for (int b = 0; b < 40; b++)
		assert_int_equal(l->hist[b], b == 0 || b == 5 || b == 25 || b == 39);
	/* The baseline histogram shares the bins, empty. */
	assert_int_equal(sec->baseline_length.nbins, 40);
	assert_int_equal(sec->baseline_length.bin_width, 2);
	assert_int_equal(sec->baseline_length.hist[0], 0);
	not_measured(sec->baseline_length.turns);
	/* Branching per game skips the game without decisions: 3 in each of the others. */
	near(l->branching_game, 3, 1e-12);
	near(l->branching_decision, 3, 1e-12);
	/* Draws have no winner: pairwise all halves, Elo 0. */
	near(sec->matrix[0][1], 0.5, 0);
	near(sec->elo[0].v, 0, 1e-12);
	/* No decision carries a value: tension is not measured. */
	assert_int_equal(sec->tension.games, 0);
	not_measured(sec->tension.lead_changes);
	not_measured(sec->tension.drama);
	not_measured(sec->tension.decisiveness);
	for (int b = 0; b < QV_LAB_CURVE; b++)
		assert_true(isnan(sec->tension.winner[b]) && isnan(sec->tension.loser[b]));
	fx_free(f);
}

/* Seat 1 wins every game: s_1 = 1 with Wilson's [4 / (4 + z^2), 1], a gap of 1/2, balance 0.
 * The two agents take seat 1 in turn, so each wins half of their pairings. */
static void test_one_seat_always_wins(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 2);
	fx_arm(f, QV_LAB_MAIN, 2, 0, 4);
	for (int i = 0; i < 4; i++)
		fx_win(&f->game[i], 0);
	fx_compute(f);
	const qv_lab_outcomes *o = &f->report.section[0].outcomes;
	is_prop(o->seat[0], 4, 4);
	near(o->seat[0].ci.lo, 4 / (4 + QV_Z95 * QV_Z95), 1e-12);
	is_prop(o->seat[1], 0, 4);
	near(o->fairness_gap, 0.5, 1e-12);
	near(o->balance, 0, 1e-12);
	is_prop(o->completion, 4, 4);
	is_prop(o->drawishness, 0, 4);
	near(f->report.section[0].matrix[0][1], 0.5, 0);
	near(f->report.section[0].matrix[1][0], 0.5, 0);
	fx_free(f);
}

/* ---- length ---- */

/* Main lengths 4, 8, 15, 16, 23, 42 (the last capped), positions two more each, legal actions
 * 8, 24, 30, 64, 46, 84. Mean 18, sd sqrt(910 / 5); median the 3rd smallest (15), p90 the
 * ceil(5.4) = 6th (42). DecisionMoves 108 / 120; branching 256 / 108 per decision, and per
 * game the mean of 2, 3, 2, 4, 2, 2 = 2.5. Baseline lengths 1 and 100: both histograms from
 * 1, 99 / 5 + 1 = 20 bins of 5 (bins of 2 would be 50). */
static void test_length(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 2);
	f->plan.cfg.baseline = f->plan.cfg.variant;
	fx_arm(f, QV_LAB_MAIN, 2, 0, 6);
	fx_arm(f, QV_LAB_BASELINE, 2, 0, 2);
	static const int len[6] = {4, 8, 15, 16, 23, 42};
	static const long long legal[6] = {8, 24, 30, 64, 46, 84};
	/* The lines in another order than their lengths: nothing depends on it. */
	static const int at[6] = {3, 0, 5, 1, 4, 2};
	for (int i = 0; i < 6; i++)
		fx_length(&f->game[at[i]], len[i], len[i] + 2, legal[i]);
	f->game[at[5]].capped = true;
	fx_length(&f->game[6], 1, 1, 2);
	fx_length(&f->game[7], 100, 150, 500);
	fx_compute(f);

	const qv_lab_length *l = &f->report.section[0].length;
	const double turns[6] = {4, 8, 15, 16, 23, 42};
	is_mean(l->turns, turns, 6);
	near(l->turns.v, 18, 1e-12);
	near(l->sd, sqrt(182), 1e-12);
	near(l->median, 15, 0);
	near(l->p90, 42, 0);
	assert_int_equal(l->min, 4);
	assert_int_equal(l->max, 42);
	is_prop(l->decision_moves, 108, 120);
	near(l->branching_decision, 256.0 / 108, 1e-12);
	near(l->branching_game, 2.5, 1e-12);
	assert_int_equal(l->bin_lo, 1);
	assert_int_equal(l->bin_width, 5);
	assert_int_equal(l->nbins, 20);
	/* (4-1)/5 = 0, (8-1)/5 = 1, 14/5 = 2, 15/5 = 3, 22/5 = 4, 41/5 = 8 (capped). */
	static const int hist[20] = {1, 1, 1, 1, 1, 0, 0, 0, 1};
	for (int b = 0; b < 20; b++) {
		assert_int_equal(l->hist[b], hist[b]);
		assert_int_equal(l->hist_capped[b], b == 8);
	}
	const qv_lab_length *bl = &f->report.section[0].baseline_length;
	assert_int_equal(bl->bin_lo, 1);
	assert_int_equal(bl->bin_width, 5);
	assert_int_equal(bl->nbins, 20);
	for (int b = 0; b < 20; b++)
		assert_int_equal(bl->hist[b], b == 0 || b == 19);
	/* Two values: the median is the first (nearest rank ceil(1)), p90 the second. */
	near(bl->median, 1, 0);
	near(bl->p90, 100, 0);
	is_prop(bl->decision_moves, 101, 151);
	near(bl->branching_game, (2.0 + 5.0) / 2, 1e-12);
	fx_free(f);
}

/* ---- capped games and the reproduction block ---- */

/* Twelve games, ten capped: timeouts 10 / 12, drawishness over the two others only (one a
 * draw), the first eight capped indices; the eight longest, ties by index:
 * 12 (4), 12 (10), 9 (1), 9 (2), 9 (5), 9 (7), 9 (9), 7 (8). */
static void test_capped(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 2);
	fx_arm(f, QV_LAB_LUCK, 2, 0, 2); /* an arm before main: indices are the study's */
	fx_arm(f, QV_LAB_MAIN, 2, 0, 12);
	static const int len[12] = {5, 9, 9, 3, 12, 9, 1, 9, 7, 9, 12, 2};
	for (int j = 0; j < 12; j++) {
		qv_lab_game *g = &f->game[2 + j];
		fx_length(g, len[j], len[j], len[j]);
		g->capped = j != 3 && j != 6;
		if (j != 6)
			fx_win(g, j % 2);
	}
	fx_compute(f);
	const qv_lab_section *sec = &f->report.section[0];
	is_prop(sec->outcomes.timeouts, 10, 12);
	is_prop(sec->outcomes.drawishness, 1, 2);
	is_prop(sec->outcomes.completion, 11, 12);
	assert_int_equal(sec->ncapped_games, 8);
	static const int capped[8] = {2, 3, 4, 6, 7, 9, 10, 11};
	for (int c = 0; c < 8; c++)
		assert_int_equal(sec->capped_games[c], capped[c]);
	assert_int_equal(sec->nlongest_games, 8);
	static const int longest[8] = {4, 10, 1, 2, 5, 7, 9, 8};
	for (int c = 0; c < 8; c++)
		assert_int_equal(sec->longest_games[c], 2 + longest[c]);
	int capped_hist = 0;
	for (int b = 0; b < sec->length.nbins; b++)
		capped_hist += sec->length.hist_capped[b];
	assert_int_equal(capped_hist, 10);
	/* Lengths 1..12 in bins of 1; the two uncapped games have lengths 3 and 1. */
	assert_int_equal(sec->length.bin_width, 1);
	assert_int_equal(sec->length.hist[0], 1);
	assert_int_equal(sec->length.hist_capped[0], 0);
	assert_int_equal(sec->length.hist[2] - sec->length.hist_capped[2], 1);
	fx_free(f);
}

/* One game, one agent: nothing has a spread, so every t interval is the whole line; the
 * median and p90 are the game's length; the agent meets nobody (elo n = 0). */
static void test_one_game(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 1);
	fx_arm(f, QV_LAB_MAIN, 2, 0, 1);
	static const int movers[3] = {0, 1, 0}, values[3] = {200, -100, 400};
	fx_values(&f->game[0], 3, movers, values);
	fx_win(&f->game[0], 0);
	fx_compute(f);
	const qv_lab_section *sec = &f->report.section[0];
	is_prop(sec->outcomes.seat[0], 1, 1);
	const double three[1] = {3};
	is_mean(sec->length.turns, three, 1);
	near(sec->length.sd, 0, 0);
	near(sec->length.median, 3, 0);
	near(sec->length.p90, 3, 0);
	assert_int_equal(sec->length.nbins, 1);
	assert_int_equal(sec->length.hist[0], 1);
	assert_int_equal(sec->tension.games, 1);
	assert_true(isinf(sec->tension.lead_changes.ci.lo));
	assert_int_equal(sec->nagents, 1);
	assert_int_equal(sec->elo[0].n, 0);
	assert_true(isnan(sec->matrix[0][0]));
	assert_int_equal(sec->ncapped_games, 0);
	assert_int_equal(sec->nlongest_games, 1);
	assert_int_equal(sec->longest_games[0], 0);
	fx_free(f);
}

/* ---- tension ---- */

/* Two players. Game 0, seat 1 wins; movers 1 2 1 2 1 2, values .1 .3 .2 -.2 .5 -.4: leaders
 * 1 2 2 1 1 1, two changes in 6 decisions; drama (0 + .2 + .1 + 0 + 0 + 0) / 6 = .05;
 * seat 1 is ahead at decision 0 (nobody else has spoken) and from decision 3 on: t* = 3,
 * decisiveness 4 / 6. Curve bins floor(10 t / 6) = 0 1 3 5 6 8.
 * Game 1, a draw: movers 2 1 2 1, values 0 0 .1 .1: ties keep the leader (seat 2, though
 * seat 1 is the lower), no change, and no winner. Game 2, seat 2 wins without ever deciding: movers
 * 1 1, values .5 .6: no drama, decisiveness 1; curve bins 0 and 5 get loser values .5 and .6. Games
 * 3 (seat 1's only decision without a value), 4 (no values) and 5 (no decision) are not
 * measured. Game 6, a draw: movers 1 2 1 2, values .1 .2 - .3: seat 1's blunder keeps its .1,
 * leaders 1 2 2 2, one change in 4. */
static void test_tension(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 2);
	fx_arm(f, QV_LAB_MAIN, 2, 0, 7);
	static const int m0[6] = {0, 1, 0, 1, 0, 1}, v0[6] = {100, 300, 200, -200, 500, -400};
	fx_values(&f->game[0], 6, m0, v0);
	fx_win(&f->game[0], 0);
	static const int m1[4] = {1, 0, 1, 0}, v1[4] = {0, 0, 100, 100};
	fx_values(&f->game[1], 4, m1, v1);
	static const int m2[2] = {0, 0}, v2[2] = {500, 600};
	fx_values(&f->game[2], 2, m2, v2);
	fx_win(&f->game[2], 1);
	static const int v3[4] = {0, QV_LAB_NOVALUE, 100, QV_LAB_NOVALUE};
	fx_values(&f->game[3], 4, m1, v3);
	fx_win(&f->game[3], 1);
	fx_length(&f->game[4], 5, 5, 10);
	fx_win(&f->game[4], 1);
	static const int m6[4] = {0, 1, 0, 1}, v6[4] = {100, 200, QV_LAB_NOVALUE, 300};
	fx_values(&f->game[6], 4, m6, v6);
	fx_compute(f);

	const qv_lab_tension *t = &f->report.section[0].tension;
	assert_int_equal(t->games, 4);
	const double lead[4] = {2.0 / 6, 0, 0, 1.0 / 4};
	is_mean(t->lead_changes, lead, 4);
	const double drama[1] = {0.05};
	is_mean(t->drama, drama, 1);
	near(t->drama.v, 0.05, 1e-12);
	const double decisive[2] = {4.0 / 6, 1};
	is_mean(t->decisiveness, decisive, 2);
	const double winner[QV_LAB_CURVE] = {0.1, 0.1, NAN, 0.2, NAN, 0.2, 0.5, NAN, 0.5, NAN};
	const double loser[QV_LAB_CURVE] = {0.5, 0.3, NAN, 0.3, NAN, 0.2, -0.2, NAN, -0.4, NAN};
	for (int b = 0; b < QV_LAB_CURVE; b++) {
		if (isnan(winner[b]))
			assert_true(isnan(t->winner[b]));
		else
			near(t->winner[b], winner[b], 1e-12);
		if (isnan(loser[b]))
			assert_true(isnan(t->loser[b]));
		else
			near(t->loser[b], loser[b], 1e-12);
	}
	fx_free(f);
}

/* The leader in a tie: three players, movers 1 2 3 3 2, values .3 .3 .6 .1 .4. Leaders 1
 * (alone), 1 (tied with 2: the leader stays), 3, then 1 (seats 1 and 2 tie, the leader 3 is
 * not among them: the lowest seat), then 2: three changes in five decisions. Taking the
 * highest seat in the tie would give leaders 1 1 3 2 2, two changes. */
static void test_tension_ties(void **state)
{
	(void)state;
	int players[1] = {3};
	fx *f = fx_new(players, 1, 3);
	fx_arm(f, QV_LAB_MAIN, 3, 0, 1);
	static const int m[5] = {0, 1, 2, 2, 1}, v[5] = {300, 300, 600, 100, 400};
	fx_values(&f->game[0], 5, m, v);
	int ranks[3] = {1, 1, 3};
	fx_ranks(&f->game[0], ranks);
	fx_compute(f);
	const qv_lab_tension *t = &f->report.section[0].tension;
	assert_int_equal(t->games, 1);
	near(t->lead_changes.v, 0.6, 1e-12);
	/* No winner alone: neither drama nor decisiveness. */
	not_measured(t->drama);
	not_measured(t->decisiveness);
	fx_free(f);
}

/* ---- skill ---- */

/* Rungs 4 and 5 and the luck floor, in plan order: the distinct seat (agent 0) wins 3 of 4,
 * then wins 2, draws 1 and loses 1 (2.5 / 4), and as `random` loses all 4. */
static void test_ladder(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 2);
	fx_arm(f, QV_LAB_MAIN, 2, 0, 2);
	fx_arm(f, QV_LAB_LADDER, 2, 4, 4);
	fx_arm(f, QV_LAB_LADDER, 2, 5, 4);
	fx_arm(f, QV_LAB_LUCK, 2, 0, 4);
	fx_arm(f, QV_LAB_LADDER, 3, 4, 3); /* another player count: not this section's */
	/* The distinct seat is seat j mod 2 in the arm's game j. */
	for (int j = 0; j < 4; j++) {
		fx_win(&f->game[2 + j], j == 3 ? 1 - j % 2 : j % 2);
		if (j < 2)
			fx_win(&f->game[6 + j], j % 2);
		if (j == 3)
			fx_win(&f->game[6 + j], 1 - j % 2);
		fx_win(&f->game[10 + j], 1 - j % 2);
	}
	fx_compute(f);
	const qv_lab_section *sec = &f->report.section[0];
	assert_int_equal(sec->nrungs, 3);
	assert_int_equal(sec->rung[0].k, 4);
	is_prop(sec->rung[0].score, 3, 4);
	assert_int_equal(sec->rung[1].k, 5);
	is_prop(sec->rung[1].score, 2.5, 4);
	assert_int_equal(sec->rung[2].k, -1);
	is_prop(sec->rung[2].score, 0, 4);
	fx_free(f);
}

/* Three agents in three seats, rotating. Game 0: agents 0 1 2 rank 1 2 3. Game 1: agents 1 2 0
 * rank 1 1 3. Game 2: agents 2 0 1 rank 3 1 2. Agent 0 against 1: 1, 0, 1; against 2: 1, 0,
 * 1; agent 1 against 2: 1, 1/2, 1. So matrix[0][1] = matrix[0][2] = 2/3, matrix[1][2] = 5/6;
 * each agent's score over its 6 pairs: 4/6, 3.5/6, 1.5/6. */
static void test_agents(void **state)
{
	(void)state;
	int players[1] = {3};
	fx *f = fx_new(players, 1, 3);
	fx_arm(f, QV_LAB_MAIN, 3, 0, 3);
	static const int r[3][3] = {{1, 2, 3}, {1, 1, 3}, {3, 1, 2}};
	for (int i = 0; i < 3; i++)
		fx_ranks(&f->game[i], r[i]);
	fx_compute(f);
	const qv_lab_section *sec = &f->report.section[0];
	assert_int_equal(sec->nagents, 3);
	near(sec->matrix[0][1], 2.0 / 3, 1e-12);
	near(sec->matrix[1][0], 1.0 / 3, 1e-12);
	near(sec->matrix[0][2], 2.0 / 3, 1e-12);
	near(sec->matrix[2][0], 1.0 / 3, 1e-12);
	near(sec->matrix[1][2], 5.0 / 6, 1e-12);
	near(sec->matrix[2][1], 1.0 / 6, 1e-12);
	for (int a = 0; a < 3; a++)
		assert_true(isnan(sec->matrix[a][a]));
	static const double score[3] = {4, 3.5, 1.5};
	for (int a = 0; a < 3; a++) {
		qv_interval ci = qv_wilson(score[a], 6, QV_Z95);
		near(sec->elo[a].v, qv_elo(score[a] / 6), 1e-9);
		assert_int_equal(sec->elo[a].n, 6);
		same_interval(sec->elo[a].ci, qv_elo_interval(ci));
	}
	near(sec->elo[0].v, 400 * log10(2), 1e-9);
	fx_free(f);
}

/* ---- what was played ---- */

/* One component "k" over four two-player main games of 6 decisions (seat 0 moves first): seat
 * 0 holds 2 copies in every game, seat 1 one copy in games 0 and 1. Seat 0 plays it twice in
 * games 0 and 1 (captures 3 after those plays, then 1) and never in 2 and 3; seat 1 plays it
 * once in game 0 (captures -1: a card brought back) and holds it unplayed in game 1. Seat 0
 * wins games 0 and 2, seat 1 games 1 and 3.
 * - held pairs: seat 0's four, seat 1's two: copies (2+2+2+2+1+1)/6 = 10/6; played 3 of 6;
 *   plays a game held (2, 2, 0, 0, 1, 0), mean 5/6;
 * - score when played: the pairs that played it (seat 0 in 0 and 1, seat 1 in 0): 1 of 3;
 *   held and not played (seat 0 in 2 and 3, seat 1 in 1): 2 of 3; played minus not: -1/3;
 * - captures a play: (3 + 1 - 1) / 5 plays.
 * The first player (seat 0) scores 2 of 4; openings: "a / b" in games 0, 1 and 3, "c / b" in
 * game 2: "a / b" first, 3 games, the first player winning 1 of them. */
static void test_cards(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 1);
	f->plan.ncomponents = f->plan.nentries = 1;
	snprintf(f->plan.component[0], QV_NAME_MAX, "k");
	fx_arm(f, QV_LAB_MAIN, 2, 0, 4);
	int movers[6] = {0, 1, 0, 1, 0, 1}, values[6] = {0, 0, 0, 0, 0, 0};
	for (int j = 0; j < 4; j++) {
		qv_lab_game *g = &f->game[j];
		fx_win(g, j % 2);
		fx_values(g, 6, movers, values);
		fx_held(g, 0, 0, 2);
		if (j < 2)
			fx_held(g, 1, 0, 1);
		snprintf(g->opening, 32, "%s", j == 2 ? "c / b" : "a / b");
	}
	f->game[0].comp[f->game[0].ncomp++] = (qv_lab_count){0, 0, 3, 2, 3};
	f->game[0].comp[f->game[0].ncomp++] = (qv_lab_count){1, 0, 1, 1, -1};
	f->game[1].comp[f->game[1].ncomp++] = (qv_lab_count){0, 0, 2, 2, 1};
	f->game[1].comp[f->game[1].ncomp++] = (qv_lab_count){1, 0, 2, 0, 0};
	fx_compute(f);
	const qv_lab_section *sec = &f->report.section[0];
	const qv_lab_component *k = &sec->component[0];
	near(k->copies, 10.0 / 6, 1e-12);
	is_prop(k->played, 3, 6);
	near(k->plays.v, 5.0 / 6, 1e-12);
	assert_int_equal(k->plays.n, 6);
	is_prop(k->score_played, 1, 3);
	is_prop(k->score_unplayed, 2, 3);
	near(k->played_gap.d, -1.0 / 3, 1e-12);
	assert_true(isnan(k->played_gap.p));
	/* THREE ARROWS counts captures: (3 + 1 - 1) over 5 plays */
	near(k->captures_per_play.v, 3.0 / 5, 1e-12);
	assert_int_equal(k->captures_per_play.n, 5);
	is_prop(sec->first.score, 2, 4);
	assert_int_equal(sec->nopenings, 2);
	assert_string_equal(sec->opening[0].text, "a / b");
	assert_int_equal(sec->opening[0].games, 3);
	is_prop(sec->opening[0].first, 1, 3);
	assert_false(sec->openings_approx);
	fx_free(f);
}

/* Restricted play per copy held: "a" is held twice by both seats, "b" once by seat 1 alone;
 * the forbidden seat (seat j mod 2 in game j) loses every game. Both restricted scores are -1
 * (each rotation: -1 and -1). On the holders, a loses 1 point over 2 copies: -0.5 a copy; b's
 * forbidden holder (game 0 of each rotation) scores 0 where its unrestricted holder (game 1,
 * the same seat) scores 1: -1 a copy. Strongest, by the loss its interval assures per copy:
 * b before a. */
static void test_restrict_holder(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 1);
	f->plan.ncomponents = f->plan.nentries = 2;
	snprintf(f->plan.component[0], QV_NAME_MAX, "a");
	snprintf(f->plan.component[1], QV_NAME_MAX, "b");
	fx_arm(f, QV_LAB_MAIN, 2, 0, 4);
	fx_arm(f, QV_LAB_RESTRICT, 2, 0, 4);
	fx_arm(f, QV_LAB_RESTRICT, 2, 1, 4);
	for (int j = 0; j < 4; j++) {
		fx_win(&f->game[j], 0);
		qv_lab_game *a = &f->game[4 + j], *b = &f->game[8 + j];
		fx_win(a, 1 - j % 2);
		fx_held(a, 0, 0, 2);
		fx_held(a, 1, 0, 2);
		fx_win(b, 1 - j % 2);
		fx_held(b, 0, 1, 1);
	}
	fx_compute(f);
	const qv_lab_section *sec = &f->report.section[0];
	const qv_lab_component *a = &sec->component[0], *b = &sec->component[1];
	near(a->restrict_score.d, -1, 0);
	near(b->restrict_score.d, -1, 0);
	near(a->restrict_holder.d, -0.5, 1e-12);
	near(a->restrict_holder.ci.hi, -0.5, 1e-12);
	near(b->restrict_holder.d, -1, 1e-12);
	assert_false(b->restrict_holder.flagged);
	assert_int_equal(sec->nstrongest, 2);
	assert_int_equal(sec->strongest[0], 1);
	assert_int_equal(sec->strongest[1], 0);
	fx_free(f);
}

/* Restricted play against its twin games (one agent: the control arm of the same seeds), game
 * j's forbidden seat j mod 2 against itself there: "a" costs it every game (-1 a copy); "w"
 * one game of four (its interval reaches past zero); "z" changes no game (its twins replayed:
 * d = 0, interval [0, 0]). Strongest: a, then w; z, which assures no loss, never before w. */
static void test_restrict_twins(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 1);
	f->plan.ncomponents = f->plan.nentries = 3;
	snprintf(f->plan.component[0], QV_NAME_MAX, "a");
	snprintf(f->plan.component[1], QV_NAME_MAX, "w");
	snprintf(f->plan.component[2], QV_NAME_MAX, "z");
	fx_arm(f, QV_LAB_MAIN, 2, 0, 4);
	for (int k = 0; k < 3; k++) {
		fx_arm(f, QV_LAB_CONTROL, 2, k, 4);
		fx_arm(f, QV_LAB_RESTRICT, 2, k, 4);
	}
	for (int j = 0; j < 4; j++) {
		fx_win(&f->game[j], 0);
		for (int k = 0; k < 3; k++) {
			qv_lab_game *c = &f->game[4 + 8 * k + j], *r = &f->game[8 + 8 * k + j];
			bool lost = k == 0 || (k == 1 && j == 0);
			fx_win(c, j % 2);
			fx_win(r, lost ? 1 - j % 2 : j % 2);
			for (int s = 0; s < 2; s++) {
				fx_held(c, s, k, 1);
				fx_held(r, s, k, 1);
			}
		}
	}
	fx_compute(f);
	const qv_lab_section *sec = &f->report.section[0];
	const qv_lab_component *a = &sec->component[0], *w = &sec->component[1],
	                       *z = &sec->component[2];
	near(a->restrict_score.d, -1, 1e-12);
	near(a->restrict_holder.d, -1, 1e-12);
	near(w->restrict_score.d, -0.25, 1e-12);
	assert_true(w->restrict_holder.ci.hi > 0);
	near(z->restrict_score.d, 0, 0);
	near(z->restrict_holder.ci.lo, 0, 0);
	near(z->restrict_holder.ci.hi, 0, 0);
	assert_true(sec->nstrongest >= 2);
	assert_int_equal(sec->strongest[0], 0);
	assert_int_equal(sec->strongest[1], 1);
	fx_free(f);
}

/* ---- components ---- */

/* Three components: "a" without ablate or restrict arms, "b" ablated with the same results as
 * its control, "c" ablated (seat 1 then wins every game) and restricted (the forbidden seat wins
 * 2 of 8). Main and both controls: seat 1 wins games 0-3, seat 2 games 4-7, every game 10
 * decisions.
 * - c ablated, game j against its control's game j (the same seeds): seat 1's differences 0 in
 * games 0-3 (won in both), 1 in games 4-7: mean 0.5, sd sqrt(2 / 7), paired t = 0.5 / sqrt(1 / 28)
 * = 2.646 with 7 degrees of freedom; seat 2's mean -0.5; lengths 12, 14, 12,
 *   ... against 10: differences 2, 4, ...: mean 3, sd sqrt(8 / 7).
 * - c restricted: per game d = s_r - s_twin, +1 in games 0 and 1, -1 in the six others; per
 *   rotation (two games, which may share a deal) +1, -1, -1, -1: mean -0.5, sd 1, paired t =
 *   -0.5 / (1 / sqrt(4)) = -1 with 3 degrees of freedom (two independent proportions said
 *   z = -2, p = 0.0455: the same games counted twice); lengths 10 as in main: d = 0, se = 0,
 *   p = 1.
 * - b: every d 0, p 1. Tests with a p: c's five, b's three (m = 8). Sorted: c's length
 *   (9.6e-5), c's two seats (0.0331), c's restricted score (0.391), then the four 1s: only
 *   the length is under its cut.
 * - order: c (|t| 2.646), then a and b (0) by index.
 * Play rates over main: c is available to seat 1 four times and played once, to seat 2 twice,
 * never played, in every game: 8 / 48; drawn by all 16 (game, seat) pairs, mean s 1/2; played
 * by seat 1's 8, s 1/2. "a" only for seat 1 in games 0-3, listed in two entries (available
 * once, played once): play rate 4 / 4, drawn and played by 4 pairs that all won. */
static void test_components(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 2);
	f->plan.ncomponents = 3;
	snprintf(f->plan.component[0], QV_NAME_MAX, "a");
	snprintf(f->plan.component[1], QV_NAME_MAX, "b");
	snprintf(f->plan.component[2], QV_NAME_MAX, "c");
	fx_arm(f, QV_LAB_MAIN, 2, 0, 8);
	fx_arm(f, QV_LAB_CONTROL, 2, 1, 8);
	fx_arm(f, QV_LAB_ABLATE, 2, 1, 8);
	fx_arm(f, QV_LAB_CONTROL, 2, 2, 8);
	fx_arm(f, QV_LAB_ABLATE, 2, 2, 8);
	fx_arm(f, QV_LAB_RESTRICT, 2, 2, 8);
	for (int j = 0; j < 8; j++) {
		qv_lab_game *g = &f->game[j];
		fx_win(g, j < 4 ? 0 : 1);
		fx_length(g, 10, 12, 30);
		fx_count(g, 0, 2, 4, 1);
		fx_count(g, 1, 2, 2, 0);
		if (j < 4) {
			fx_count(g, 0, 0, 1, 0);
			fx_count(g, 0, 0, 0, 1);
		}
		/* b's control and ablation, then c's: each pair meets the same seeds. */
		fx_win(&f->game[8 + j], j < 4 ? 0 : 1);
		fx_length(&f->game[8 + j], 10, 10, 10);
		fx_win(&f->game[16 + j], j < 4 ? 0 : 1);
		fx_length(&f->game[16 + j], 10, 10, 10);
		fx_win(&f->game[24 + j], j < 4 ? 0 : 1);
		fx_length(&f->game[24 + j], 10, 12, 30);
		fx_win(&f->game[32 + j], 0);
		fx_length(&f->game[32 + j], j % 2 ? 14 : 12, 20, 20);
		/* The restricted seat is seat j mod 2: it wins games 0 and 1, loses the rest. */
		fx_win(&f->game[40 + j], j < 2 ? j % 2 : 1 - j % 2);
		fx_length(&f->game[40 + j], 10, 10, 10);
	}
	fx_compute(f);
	const qv_lab_section *sec = &f->report.section[0];
	const qv_lab_component *a = &sec->component[0], *b = &sec->component[1],
	                       *c = &sec->component[2];
	assert_string_equal(a->id, "a");
	assert_string_equal(c->id, "c");

	is_prop(c->play_rate, 8, 48);
	is_prop(c->score_drawn, 8, 16);
	is_prop(c->score_played, 4, 8);
	is_prop(a->play_rate, 4, 4);
	is_prop(a->score_drawn, 4, 4);
	is_prop(a->score_played, 4, 4);
	not_measured(b->play_rate);
	not_measured(b->score_drawn);

	/* paired: se = sqrt(2 / 7) / sqrt(8) = sqrt(1 / 28), t = 2.645751, df 7 */
	double ase = sqrt(1.0 / 28);
	near(c->ablate_seat[0].d, 0.5, 1e-12);
	near(c->ablate_seat[0].ci.lo, 0.5 - 2.364624252 * ase, 1e-9);
	near(c->ablate_seat[0].ci.hi, 0.5 + 2.364624252 * ase, 1e-9);
	near(c->ablate_seat[0].p, qv_t_p_two_sided(0.5 / ase, 7), 1e-15);
	near(c->ablate_seat[0].p, 0.0331455, 1e-6); /* 2 * pt(-2.645751, 7) */
	near(c->ablate_seat[1].d, -0.5, 1e-12);
	near(c->ablate_seat[1].p, c->ablate_seat[0].p, 1e-15);
	near(c->ablate_length.d, 3, 1e-12);
	/* The differences 2, 4, 2, ...: se = sqrt(8 / 7) / sqrt(8). */
	double se = sqrt(1.0 / 7);
	near(c->ablate_length.p, qv_t_p_two_sided(3 / se, 7), 1e-15);
	near(c->ablate_length.p, 9.584590572e-5, 1e-13);          /* 2 * pt(-7.937254, 7) */
	near(c->ablate_length.ci.hi - 3, 2.364624252 * se, 1e-9); /* df = 7 */
	near(c->restrict_score.d, -0.5, 1e-12);
	/* paired over the rotations: se = 1 / sqrt(4), t = -1, df 3 */
	double rse = 0.5;
	near(c->restrict_score.p, qv_t_p_two_sided(-0.5 / rse, 3), 1e-15);
	near(c->restrict_score.p, 0.3910022, 1e-6); /* 2 * pt(-1, 3) */
	near(c->restrict_score.ci.lo, -0.5 - 3.182446305 * rse, 1e-9);
	near(c->restrict_score.ci.hi, -0.5 + 3.182446305 * rse, 1e-9);
	near(c->restrict_length.d, 0, 0);
	near(c->restrict_length.p, 1, 0);
	near(c->extremeness, 0.5 / ase, 1e-12);
	/* Benjamini-Hochberg over the 8 tests (c's 5, b's 3): only the length's p (rank 1, under
	 * 0.05/8) is a discovery; 0.0331 at rank 2 and 3 is over 2 * 0.05/8 and 3 * 0.05/8. */
	assert_false(c->ablate_seat[0].flagged || c->ablate_seat[1].flagged);
	assert_true(c->ablate_length.flagged);
	assert_false(c->restrict_score.flagged);
	assert_false(c->restrict_length.flagged);
	/* its length test alone: it is not flagged (the game does not lean otherwise without it) */
	assert_false(c->flagged);

	for (int s = 0; s < 2; s++) {
		near(b->ablate_seat[s].d, 0, 0);
		near(b->ablate_seat[s].p, 1, 0);
		assert_false(b->ablate_seat[s].flagged);
	}
	near(b->ablate_length.p, 1, 0);
	no_test(&b->restrict_score);
	no_test(&b->restrict_length);
	assert_false(b->flagged);
	near(b->extremeness, 0, 0);
	for (int s = 0; s < 2; s++)
		no_test(&a->ablate_seat[s]);
	no_test(&a->ablate_length);
	no_test(&a->restrict_score);
	assert_false(a->flagged);

	assert_int_equal(sec->order[0], 2);
	assert_int_equal(sec->order[1], 0);
	assert_int_equal(sec->order[2], 1);

	/* Power: a seat's detectable shift at 8 games, (1.960 + 0.842) sqrt(1/4 / 8) = 0.4953;
	 * ablation's, c's alone (b's interval is a point: its ablation changed no game, and
	 * measures nothing of power); restricted play's, c's alone: (1.960 + 0.842) standard
	 * errors, read from its interval. */
	near(sec->detect_seat, (QV_Z95 + 0.8416212335729143) * sqrt(0.25 / 8), 1e-12);
	double c_se = (c->ablate_seat[0].ci.hi - c->ablate_seat[0].ci.lo) / 2 / QV_Z95;
	near(sec->detect_ablation, (QV_Z95 + 0.8416212335729143) * c_se, 1e-12);
	double r_se = (c->restrict_score.ci.hi - c->restrict_score.ci.lo) / 2 / QV_Z95;
	near(sec->detect_restricted, (QV_Z95 + 0.8416212335729143) * r_se, 1e-12);

	/* The verdicts without margins: c's length is flagged, its balance unsettled (its seats'
	 * intervals leave 0 out, yet Benjamini-Hochberg does not flag them); b changed no game,
	 * every interval the point 0: within; a has no test. */
	assert_int_equal(c->length, QV_LAB_BEYOND);
	assert_int_equal(c->balance, QV_LAB_UNSETTLED);
	assert_int_equal(c->strength, QV_LAB_UNSETTLED); /* [-2.09, +1.09] */
	assert_int_equal(b->balance, QV_LAB_WITHIN);
	assert_int_equal(b->strength, QV_LAB_UNTESTED); /* no restricted play */
	assert_int_equal(b->length, QV_LAB_WITHIN);
	assert_int_equal(a->balance, QV_LAB_UNTESTED);
	assert_int_equal(a->strength, QV_LAB_UNTESTED);
	assert_int_equal(a->length, QV_LAB_UNTESTED);
	/* A length margin of 4 decisions holds c's interval [2.1, 3.9]: within it; one of 3 cuts
	 * it: unsettled; one of 2 leaves it beyond, its test flagged as before. */
	static const double margins[3] = {4, 3, 2};
	static const qv_lab_verdict want[3] = {QV_LAB_WITHIN, QV_LAB_UNSETTLED, QV_LAB_BEYOND};
	for (int m = 0; m < 3; m++) {
		f->plan.cfg.margin_length = margins[m];
		f->plan.cfg.margin_score = 0.02;
		qv_lab_report_free(&f->report);
		fx_compute(f);
		sec = &f->report.section[0];
		c = &sec->component[2];
		assert_int_equal(c->length, want[m]);
		assert_int_equal(c->ablate_length.flagged, m == 2);
		assert_false(c->flagged);
		assert_int_equal(c->balance, QV_LAB_UNSETTLED);
		assert_int_equal(sec->component[1].balance, QV_LAB_WITHIN);
	}
	fx_free(f);
}

/* Arms of one game, then of two: one pair's difference has no spread to judge it by, so no
 * test at all; two games that both went the other way without the component have no spread
 * either, and are no certainty: the exact sign test's p = 2 / 2^2 = 0.5 (extremeness its z,
 * 0.674), nothing flagged. */
static void test_components_few_games(void **state)
{
	(void)state;
	int players[1] = {2};
	for (int n = 1; n <= 2; n++) {
		fx *f = fx_new(players, 1, 2);
		f->plan.ncomponents = 1;
		snprintf(f->plan.component[0], QV_NAME_MAX, "x");
		fx_arm(f, QV_LAB_MAIN, 2, 0, n);
		fx_arm(f, QV_LAB_CONTROL, 2, 0, n);
		fx_arm(f, QV_LAB_ABLATE, 2, 0, n);
		for (int j = 0; j < n; j++) {
			/* The main arm is not the ablation's reference: its control is. */
			fx_win(&f->game[j], 1);
			fx_win(&f->game[n + j], 0);
			fx_win(&f->game[2 * n + j], 1);
		}
		fx_compute(f);
		const qv_lab_component *c = &f->report.section[0].component[0];
		if (n == 1) {
			no_test(&c->ablate_seat[0]);
			no_test(&c->ablate_seat[1]);
			no_test(&c->ablate_length);
			near(c->extremeness, 0, 0);
		} else {
			near(c->ablate_seat[0].d, -1, 0);
			near(c->ablate_seat[0].p, 0.5, 1e-15);
			near(c->ablate_seat[1].d, 1, 0);
			near(c->ablate_seat[1].p, 0.5, 1e-15);
			near(c->extremeness, 0.6744897502, 1e-8);
			near(c->ablate_length.p, 1, 0); /* the same lengths */
		}
		assert_false(c->ablate_seat[0].flagged || c->ablate_seat[1].flagged || c->flagged);
		fx_free(f);
	}
}

/* ---- board ---- */

static const qv_game *three;
static int board_players, board_w;

/* THREE ARROWS with a board hook of the test's: it records the players of the state it is
 * given, so the test knows the state was set up for the section's player count. */
static void test_board_hook(const void *st, qv_lab_board *out)
{
	board_players = three->num_players(st);
	*out = (qv_lab_board){board_w, 10, "abcdefghijk", 1};
}

static void test_board(void **state)
{
	(void)state;
	three = qv_game_find("three-arrows", NULL);
	qv_components comps = *three->components;
	comps.board = test_board_hook;
	qv_game game = *three;
	game.components = &comps;

	int players[2] = {2, 3};
	fx *f = fx_new(players, 2, 2);
	f->plan.cfg.game = &game;
	fx_arm(f, QV_LAB_MAIN, 2, 0, 2);
	fx_arm(f, QV_LAB_ABLATE, 2, 0, 1); /* not main: its squares do not count */
	fx_arm(f, QV_LAB_MAIN, 3, 0, 1);
	qv_lab_game *g = &f->game[0];
	g->square[g->nsquare++] = (qv_lab_count){0, 12, 0, 2, 0};
	g->square[g->nsquare++] = (qv_lab_count){1, 12, 0, 1, 0};
	g->square[g->nsquare++] = (qv_lab_count){1, 99, 0, 4, 0};
	g = &f->game[1];
	g->square[g->nsquare++] = (qv_lab_count){0, 12, 0, 3, 0};
	g = &f->game[2];
	g->square[g->nsquare++] = (qv_lab_count){0, 12, 0, 50, 0};
	g = &f->game[3];
	g->square[g->nsquare++] = (qv_lab_count){2, 0, 0, 7, 0};
	board_w = 10;
	fx_compute(f);
	const qv_lab_section *sec = &f->report.section[0];
	assert_int_equal(sec->board.w, 10);
	assert_int_equal(sec->board.rank0, 1);
	assert_non_null(sec->heat);
	for (int s = 0; s < 2; s++)
		for (int q = 0; q < 100; q++) {
			uint32_t want = s == 0 && q == 12   ? 5
			                : s == 1 && q == 12 ? 1
			                : s == 1 && q == 99 ? 4
			                                    : 0;
			assert_int_equal(sec->heat[s * 100 + q], want);
		}
	sec = &f->report.section[1];
	assert_int_equal(board_players, 3);
	assert_int_equal(sec->heat[2 * 100 + 0], 7);
	qv_lab_report_free(&f->report);

	/* More squares than a heat map draws: the board, no heat. */
	board_w = QV_LAB_MAX_SQUARES / 10 + 1;
	fx_compute(f);
	assert_int_equal(f->report.section[0].board.w, board_w);
	assert_null(f->report.section[0].heat);
	qv_lab_report_free(&f->report);

	/* A game without the hook: neither. */
	comps.board = NULL;
	fx_compute(f);
	assert_int_equal(f->report.section[0].board.w, 0);
	assert_null(f->report.section[0].heat);
	fx_free(f);
}

/* ---- sides ---- */

/* Two sides rotating: with one agent the rotation is 2 games, so games 0-1 are as given and
 * 2-3 swapped. Seat 1 winning all four is a seat's edge: each side scores 1/2. Seat 1 winning
 * 0-1 and seat 2 winning 2-3 is side a winning wherever it sat: a 1, b 0, seats 1/2 each. */
static void test_sides(void **state)
{
	(void)state;
	int players[1] = {2};
	for (int c = 0; c < 2; c++) {
		fx *f = fx_new(players, 1, 1);
		f->plan.nsides = 2;
		snprintf(f->plan.side[0], QV_NAME_MAX, "a");
		snprintf(f->plan.side[1], QV_NAME_MAX, "b");
		fx_arm(f, QV_LAB_MAIN, 2, 0, 4);
		assert_false(qv_lab_swapped(&f->plan, 0) || qv_lab_swapped(&f->plan, 1));
		assert_true(qv_lab_swapped(&f->plan, 2) && qv_lab_swapped(&f->plan, 3));
		for (int j = 0; j < 4; j++)
			fx_win(&f->game[j], c == 0 || j < 2 ? 0 : 1);
		fx_compute(f);
		const qv_lab_section *sec = &f->report.section[0];
		if (c == 0) {
			is_prop(sec->outcomes.seat[0], 4, 4);
			is_prop(sec->side_score[0], 2, 4);
			is_prop(sec->side_score[1], 2, 4);
		} else {
			is_prop(sec->outcomes.seat[0], 2, 4);
			is_prop(sec->side_score[0], 4, 4);
			is_prop(sec->side_score[1], 0, 4);
		}
		fx_free(f);
	}
}

/* A component whose ablation gives side a every game, wherever it sits, against a control arm
 * whose seat 1 wins every game (the main arm, which seat 2 wins, is not its reference): game by
 * game, side a gains 0, 0, 1, 1 (games 2-3 swapped, where a sat in seat 2 and lost) and side b
 * loses as much, t = 0.5 / (sqrt(1/3) / 2) = sqrt(3) on 3 degrees of freedom. The component's
 * unbalance counts the sides' tests. */
static void test_side_ablation(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 1);
	f->plan.nsides = 2;
	snprintf(f->plan.side[0], QV_NAME_MAX, "a");
	snprintf(f->plan.side[1], QV_NAME_MAX, "b");
	f->plan.ncomponents = 1;
	snprintf(f->plan.component[0], QV_NAME_MAX, "k");
	fx_arm(f, QV_LAB_MAIN, 2, 0, 4);
	fx_arm(f, QV_LAB_CONTROL, 2, 0, 4);
	fx_arm(f, QV_LAB_ABLATE, 2, 0, 4);
	assert_true(qv_lab_swapped(&f->plan, 6) && !qv_lab_swapped(&f->plan, 5));
	assert_true(qv_lab_swapped(&f->plan, 10) && !qv_lab_swapped(&f->plan, 9));
	for (int j = 0; j < 4; j++) {
		fx_win(&f->game[j], 1);
		fx_win(&f->game[4 + j], 0);
		fx_win(&f->game[8 + j], j < 2 ? 0 : 1);
	}
	fx_compute(f);
	const qv_lab_component *c = &f->report.section[0].component[0];
	double p = qv_t_p_two_sided(sqrt(3), 3);
	near(c->ablate_side[0].d, 0.5, 1e-12);
	near(c->ablate_side[0].p, p, 1e-12);
	near(c->ablate_side[1].d, -0.5, 1e-12);
	near(c->ablate_side[1].p, p, 1e-12);
	near(c->ablate_seat[0].d, -0.5, 1e-12);
	near(c->unbalance, sqrt(3), 1e-9);
	/* Its removal lifts the favoured seat (p2, who won every main game) and side a (the first
	 * of two at 50%) by 0.5: no coming back towards equal, rebalance is minus the upper end
	 * of either interval, 0.5 + t(0.975, 3) sqrt(1/3) / 2. */
	near(c->rebalance, -(0.5 + 3.182446305 * sqrt(1.0 / 3) / 2), 1e-8);
	assert_int_equal(f->report.section[0].nunbalancing, 1);
	/* Without sides, no side test. */
	f->plan.nsides = 0;
	qv_lab_report_free(&f->report);
	fx_compute(f);
	no_test(&f->report.section[0].component[0].ablate_side[0]);
	fx_free(f);
}

/* ---- the baseline ---- */

/* Main: seat 1 wins 3 of 4, lengths 10, 12, 14, 16 (positions 20, legal 30 each). Baseline:
 * four draws, one capped, lengths 8 (positions 10, legal 16). Rows, variant minus baseline,
 * the baseline's game j played with the seeds of main's game j: the seat scores, completion,
 * timeouts and length tested game by game. */
static void test_compare(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 2);
	f->plan.cfg.baseline = f->plan.cfg.variant;
	fx_arm(f, QV_LAB_MAIN, 2, 0, 4);
	fx_arm(f, QV_LAB_BASELINE, 2, 0, 4);
	for (int j = 0; j < 4; j++) {
		fx_win(&f->game[j], j == 3 ? 1 : 0);
		fx_length(&f->game[j], 10 + 2 * j, 20, 30);
		fx_length(&f->game[4 + j], 8, 10, 16);
	}
	f->game[7].capped = true;
	fx_compute(f);
	const qv_lab_section *sec = &f->report.section[0];
	static const char *const rows[] = {
	    "seat 1 score",   "seat 2 score",
	    "fairness gap",   "balance",
	    "completion",     "drawishness",
	    "timeouts",       "mean length",
	    "decision moves", "branching per decision",
	};
	assert_int_equal(sec->ncompare, 10);
	for (int r = 0; r < 10; r++)
		assert_string_equal(sec->compare[r].metric, rows[r]);
	const qv_lab_compare *c = sec->compare;
	/* Seat 1: 3/4 against 2/4; per game 1 - 1/2 three times, 0 - 1/2 once: mean 0.25, sd
	 * 0.5, se 0.25, t = 1 with 3 degrees of freedom. */
	near(c[0].variant, 0.75, 1e-12);
	near(c[0].baseline, 0.5, 1e-12);
	near(c[0].delta.d, 0.25, 1e-12);
	near(c[0].delta.ci.lo, 0.25 - 3.182446305 * 0.25, 1e-9);
	near(c[0].delta.ci.hi, 0.25 + 3.182446305 * 0.25, 1e-9);
	near(c[0].delta.p, qv_t_p_two_sided(1, 3), 1e-15);
	near(c[0].delta.p, 0.391002219, 1e-8); /* 2 * pt(-1, 3) */
	near(c[1].delta.d, -0.25, 1e-12);
	/* Derived: the gap 0.25 against 0, balance 0.5 against 1; no interval, no p. */
	near(c[2].delta.d, 0.25, 1e-12);
	near(c[3].variant, 0.5, 1e-12);
	near(c[3].delta.d, -0.5, 1e-12);
	for (int r = 2; r < 4; r++)
		assert_true(isnan(c[r].delta.ci.lo) && isnan(c[r].delta.p));
	/* Completion 4/4 against 0/4: every game 1 - 0, no spread: the sign test's 2 / 2^4;
	 * drawishness 0/4 against 3/3, two proportions (over the uncapped games of each); timeouts
	 * 0 - 1 in game 3 only: mean -0.25, t = -1. */
	near(c[4].delta.d, 1, 0);
	near(c[4].delta.p, 0.125, 1e-15);
	same_interval(c[5].delta.ci, qv_newcombe(0, 4, 3, 3, QV_Z95));
	near(c[5].baseline, 1, 0);
	near(c[6].delta.d, -0.25, 1e-12);
	near(c[6].delta.p, 0.391002219, 1e-8);
	/* Mean length 13 against 8: per game 2, 4, 6, 8, se = sd / 2, df 3. */
	near(c[7].variant, 13, 1e-12);
	near(c[7].baseline, 8, 0);
	near(c[7].delta.d, 5, 1e-12);
	double se = sqrt(20.0 / 3) / 2;
	near(c[7].delta.ci.lo, 5 - 3.182446305 * se, 1e-9);
	near(c[7].delta.p, qv_t_p_two_sided(5 / se, 3), 1e-15);
	near(c[7].delta.p, 0.030466292, 1e-9);
	/* DecisionMoves 52/80 against 32/40, the difference only (no calibrated test); branching
	 * 120/52 against 2. */
	near(c[8].variant, 52.0 / 80, 1e-12);
	near(c[8].delta.d, 52.0 / 80 - 0.8, 1e-12);
	assert_true(isnan(c[8].delta.p) && isnan(c[8].delta.ci.lo));
	near(c[9].delta.d, 120.0 / 52 - 2, 1e-12);
	assert_true(isnan(c[9].delta.p));
	for (int r = 0; r < 10; r++)
		assert_false(c[r].delta.flagged);
	/* The baseline's own outcomes. */
	is_prop(sec->baseline_outcomes.seat[0], 2, 4);
	is_prop(sec->baseline_outcomes.drawishness, 3, 3);
	is_prop(sec->baseline_outcomes.timeouts, 1, 4);
	fx_free(f);

	/* Where the decks rotate, each deck's score beside the seats', tested game by game: in
	 * the variant, seat 1 wins every game, so deck a (seat 2 in games 2 and 3) scores 2 of
	 * 4; in the baseline deck a wins every game. Per game: 0, 0, -1, -1, t = -sqrt(3). */
	f = fx_new(players, 1, 2);
	f->plan.cfg.baseline = f->plan.cfg.variant;
	f->plan.nsides = 2;
	snprintf(f->plan.side[0], QV_NAME_MAX, "a");
	snprintf(f->plan.side[1], QV_NAME_MAX, "b");
	fx_arm(f, QV_LAB_MAIN, 2, 0, 4);
	fx_arm(f, QV_LAB_BASELINE, 2, 0, 4);
	for (int j = 0; j < 4; j++) {
		fx_win(&f->game[j], 0);
		fx_win(&f->game[4 + j], j < 2 ? 0 : 1);
	}
	fx_compute(f);
	sec = &f->report.section[0];
	assert_int_equal(sec->ncompare, 12);
	assert_string_equal(sec->compare[2].metric, "a deck score");
	assert_string_equal(sec->compare[3].metric, "b deck score");
	c = &sec->compare[2];
	near(c->variant, 0.5, 1e-12);
	near(c->baseline, 1, 1e-12);
	near(c->delta.d, -0.5, 1e-12);
	near(c->delta.p, qv_t_p_two_sided(sqrt(3), 3), 1e-12);
	near(sec->compare[3].delta.d, 0.5, 1e-12);
	assert_string_equal(sec->compare[4].metric, "fairness gap");
	fx_free(f);
}

/* ---- refusals ---- */

static void refused(fx *f, const char *words)
{
	qv_err err = {0};
	assert_int_equal(qv_lab_compute(&f->plan, f->game, &f->report, &err), QV_EINVAL);
	if (!strstr(err.msg, words))
		fail_msg("'%s' does not say '%s'", err.msg, words);
	assert_int_equal(f->report.nsections, 0);
}

static void test_refusals(void **state)
{
	(void)state;
	int players[1] = {2};
	fx *f = fx_new(players, 1, 2);
	f->plan.ncomponents = 1;
	fx_arm(f, QV_LAB_MAIN, 2, 0, 2);
	static const int m[2] = {0, 1}, v[2] = {0, 0};
	fx_values(&f->game[1], 2, m, v);
	fx_compute(f);
	qv_lab_report_free(&f->report);

	f->game[1].index = 0;
	refused(f, "game 1: the line says index 0");
	f->game[1].index = 1;
	f->game[1].rank[1] = 3;
	refused(f, "game 1: seat 2's rank 3");
	f->game[1].rank[1] = 1;
	f->game[1].mover[1] = 2;
	refused(f, "game 1: decision 1's mover 2");
	f->game[1].mover[1] = 1;
	f->game[1].value[1] = 1001;
	refused(f, "decision 1's value 1001");
	f->game[1].value[1] = 0;
	f->game[1].agent[0] = 2;
	refused(f, "seat 1's agent 2");
	f->game[1].agent[0] = 1;
	fx_count(&f->game[0], 0, 1, 1, 1);
	refused(f, "game 0: component count for seat 0, item 1");
	f->game[0].ncomp = 0;
	f->game[0].utility[0] = 1.5;
	refused(f, "utility 1.5");
	f->game[0].utility[0] = 0;
	f->plan.cfg.players[0] = 3;
	refused(f, "no main arm for 3 players");
	fx_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_outcomes),
	    cmocka_unit_test(test_all_draws),
	    cmocka_unit_test(test_one_seat_always_wins),
	    cmocka_unit_test(test_length),
	    cmocka_unit_test(test_capped),
	    cmocka_unit_test(test_one_game),
	    cmocka_unit_test(test_tension),
	    cmocka_unit_test(test_tension_ties),
	    cmocka_unit_test(test_ladder),
	    cmocka_unit_test(test_agents),
	    cmocka_unit_test(test_components),
	    cmocka_unit_test(test_components_few_games),
	    cmocka_unit_test(test_board),
	    cmocka_unit_test(test_sides),
	    cmocka_unit_test(test_side_ablation),
	    cmocka_unit_test(test_compare),
	    cmocka_unit_test(test_cards),
	    cmocka_unit_test(test_restrict_holder),
	    cmocka_unit_test(test_restrict_twins),
	    cmocka_unit_test(test_refusals),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
