/*
 * calibration.c - the lab's tests say p < 0.05 about 5% of the time when nothing happens, in
 * every game.
 *
 * Null components: components no seat holds, added to a game's set: ConCardia cards and Evons
 * monsters in no deck, a THREE ARROWS piece kind of no copies (Arrow Party's items all come
 * with copies: its restricted play is calibrated by the A/A studies below). Forbidding one
 * can change nothing (restricted play is then a study of the same agent against itself, on
 * seeds of its own), and the variant without one is the same game: its ablation arm, which
 * plays with its control arm's seeds (common random numbers), replays the control's games
 * exactly, so every ablation test says d = 0, p = 1. Over STUDIES studies of fixed seeds with
 * the random agent, restricted play's score and length tests must come out p < 0.05 at a rate
 * whose Wilson interval (the family's, Z_FAMILY) holds 5%, and no more than 5% of the null
 * components may be flagged.
 *
 * A/A, for each game: the paired tests of ablation and of the baseline, and restricted play's
 * tests, on games that differ where nothing changed. A study's main arm, its baseline arm,
 * one component's control and ablation arms and its restricted play are filled with five
 * blocks of games of one run of the same variant (other seeds, so the pairs are independent
 * games of the same distribution, the decks swapped in the same games of each block; in the
 * restricted block one seat per game is named the forbidden one, as a restrict arm rotates
 * it, though nothing was forbidden); AA_STUDIES such studies, one test of each kind per study
 * (each seat's score, a deck's score, the length; the restricted seat's score, per copy held
 * and the length), must say p < 0.05 at a rate whose interval holds 5%.
 *
 * The restricted seat's score was once tested as two independent proportions, though its
 * twins play the same games: at two players their scores sum to 1, z came out about sqrt(2)
 * too large, and 16-20% of these tests said p < 0.05. The seeds are fixed, so the test gives
 * the same answer every run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "lab/lab.h"
#include "quiver/stats.h"
#include "quiver/variant.h"
#include "study.h"

#define STUDIES    20
#define AA_STUDIES 200
#define AA_GAMES   60

/* The tests of one kind: how many had a p, how many were under 0.05. */
typedef struct count {
	const char *name;
	long tests, low;
} count;

/* Whether a test was run (a p, not NAN). */
static bool tested(const qv_lab_delta *d) { return d->p == d->p; }

static void tally(count *c, const qv_lab_delta *d)
{
	if (d->p != d->p) /* no test (NAN) */
		return;
	c->tests++;
	c->low += d->p < 0.05;
}

/* The suite checks about fifty rates (ten kinds of test in each of five studies of games): were
 * each checked by its own 95% interval, a perfectly calibrated lab would fail two or three of
 * them, and the suite, in most choices of seeds. Each interval is the family's (Bonferroni,
 * 0.05 / 50 = 0.001 each, z = 3.29): it still finds a test that says p < 0.05 three times too
 * often (the 16-20% of the paired twins above) or never, at 200 studies. */

/* Prints each kind's rate of p < 0.05 with its interval; whether every interval holds 5%. */
static bool holds_5(const count *kinds, size_t n)
{
	bool ok = true;
	for (size_t i = 0; i < n; i++) {
		const count *k = &kinds[i];
		qv_interval ci = qv_wilson((double)k->low, (double)k->tests, Z_FAMILY);
		bool holds = k->tests > 0 && ci.lo <= 0.05 && 0.05 <= ci.hi;
		printf("%-26s p < 0.05 in %3ld of %3ld tests: %5.1f%% [%4.1f%%, %4.1f%%]%s\n",
		       k->name, k->low, k->tests,
		       k->tests ? 100.0 * (double)k->low / (double)k->tests : 0, 100 * ci.lo,
		       100 * ci.hi, holds ? "" : "  <- does not hold 5%");
		ok = ok && holds;
	}
	return ok;
}

/* A variant of game g from JSON text (an object extending the built-in set). */
static const qv_variant *variant_from(const qv_game *g, json_t *doc)
{
	assert_non_null(doc);
	const qv_variant *v = NULL;
	qv_err err;
	if (qv_variant_from_json(doc, g, "nulls", &v, &err) != QV_OK)
		fail_msg("the null variant is refused: %s", err.msg);
	json_decref(doc);
	return v;
}

/* ConCardia with n cards in no deck, null-1 ... null-n. */
static const qv_variant *concardia_nulls(const qv_game *g, int n)
{
	json_t *add = json_array();
	for (int i = 1; i <= n; i++) {
		char id[16];
		snprintf(id, sizeof id, "null-%d", i);
		json_array_append_new(add,
		                      json_pack("{s:s, s:s, s:s, s:i, s:i, s:[s], s:s}", "id", id,
		                                "name", id, "trait", "Rock", "strength", 1,
		                                "defense", 1, "arrows", "N", "type", "Airship"));
	}
	return variant_from(g, json_pack("{s:i, s:s, s:s, s:s, s:{s:o}}", "quiver_variant", 1,
	                                 "game", "concardia", "name", "nulls", "extends", "base",
	                                 "cards", "add", add));
}

/* Evons with n monsters in no deck, null-1 ... null-n. */
static const qv_variant *evons_nulls(const qv_game *g, int n)
{
	json_t *add = json_array();
	for (int i = 1; i <= n; i++) {
		char id[16], code[16];
		snprintf(id, sizeof id, "null-%d", i);
		snprintf(code, sizeof code, "null%d", i);
		json_array_append_new(add, json_pack("{s:s, s:s, s:s, s:s, s:i, s:i, s:i, s:[s]}",
		                                     "id", id, "code", code, "type", "monster",
		                                     "element", "fire", "cost", 6, "atk", 1, "def",
		                                     1, "arrows", "N"));
	}
	return variant_from(g, json_pack("{s:i, s:s, s:s, s:s, s:{s:o}}", "quiver_variant", 1,
	                                 "game", "evons", "name", "nulls", "extends", "base",
	                                 "cards", "add", add));
}

/* THREE ARROWS with a piece kind of no copies, N (the set holds at most eight kinds). */
static const qv_variant *three_arrows_null(const qv_game *g, int n)
{
	(void)n;
	return variant_from(g, json_pack("{s:i, s:s, s:s, s:s, s:{s:[{s:s, s:s, s:i, s:[s]}]}}",
	                                 "quiver_variant", 1, "game", "three-arrows", "name",
	                                 "nulls", "extends", "base", "pieces", "add", "kind", "N",
	                                 "name", "Null", "count", 0, "arrows", "N"));
}

/* The null components of one game: its variant, the players, how many nulls it adds and the
 * ids they have (all that start with `prefix`, or the one id). */
typedef struct nulls_case {
	const char *game;
	const qv_variant *(*variant)(const qv_game *g, int n);
	int players, nulls;
	const char *components; /* the --components of the studies: the nulls alone */
	const char *prefix;
} nulls_case;

/* With one agent, restricted play is paired with its twin (the control's game of its seeds):
 * forbidding a component no seat holds changes nothing, so each game replays its twin. */
static void twin_replayed(const qv_game *g, const qv_variant *v, const nulls_case *k)
{
	qv_lab_config c = study_config(g, v, k->players, "random", 20, 40, 999);
	snprintf(c.components, sizeof c.components, "%s", k->components);
	lab_study st;
	study_run(&c, &st);
	const qv_lab_section *S = &st.report.section[0];
	int seen = 0;
	for (int i = 0; i < st.plan.ncomponents; i++) {
		const qv_lab_component *x = &S->component[i];
		if (strncmp(x->id, k->prefix, strlen(k->prefix)) != 0)
			continue;
		seen++;
		const qv_lab_delta *d[3] = {&x->restrict_score, &x->restrict_holder,
		                            &x->restrict_length};
		for (int t = 0; t < 3; t++)
			if (tested(d[t]) && (d[t]->d != 0 || d[t]->p != 1))
				fail_msg(
				    "%s's restricted play replays its twin's games, yet d = %g, p = %g",
				    x->id, d[t]->d, d[t]->p);
	}
	assert_int_equal(seen, k->nulls);
	study_free(&st);
}

static void null_components(const nulls_case *k)
{
	const qv_game *g = qv_game_find(k->game, NULL);
	assert_non_null(g);
	const qv_variant *v = k->variant(g, k->nulls);
	count kinds[] = {{"restricted play, score", 0, 0}, {"restricted play, length", 0, 0}};
	long nulls = 0, flagged = 0;
	for (int study = 0; study < STUDIES; study++) {
		qv_lab_config c =
		    study_config(g, v, k->players, "random", 100, 100, 1000 + (uint64_t)study);
		snprintf(c.components, sizeof c.components, "%s", k->components);
		/* two agents (both random): restricted play against the other seats of its games,
		 * whose luck the test's p-value must take in; with one agent it is against its twin
		 * game, which a component no seat holds replays (twin_replayed) */
		c.nagents = 2;
		snprintf(c.agents[1], sizeof c.agents[1], "%s", "random");
		lab_study st;
		study_run(&c, &st);
		const qv_lab_section *S = &st.report.section[0];
		for (int i = 0; i < st.plan.ncomponents; i++) {
			const qv_lab_component *x = &S->component[i];
			if (strncmp(x->id, k->prefix, strlen(k->prefix)) != 0)
				continue;
			nulls++;
			flagged += x->flagged;
			const qv_lab_delta *ab[5] = {&x->ablate_seat[0], &x->ablate_seat[1],
			                             &x->ablate_side[0], &x->ablate_side[1],
			                             &x->ablate_length};
			for (int t = 0; t < 5; t++)
				if (tested(ab[t]) && (ab[t]->d != 0 || ab[t]->p != 1))
					fail_msg(
					    "%s's ablation replays its control's games, yet d = %g, "
					    "p = %g",
					    x->id, ab[t]->d, ab[t]->p);
			tally(&kinds[0], &x->restrict_score);
			tally(&kinds[1], &x->restrict_length);
		}
		study_free(&st);
	}
	assert_int_equal(nulls, k->nulls * STUDIES);
	twin_replayed(g, v, k);
	printf("%s:\n", k->game);
	bool ok = holds_5(kinds, sizeof kinds / sizeof kinds[0]);
	printf("null components flagged: %ld of %ld\n", flagged, nulls);
	assert_true(ok);
	assert_true(flagged * 20 <= nulls);
}

static void test_null_components(void **state)
{
	(void)state;
	static const nulls_case k = {"concardia", concardia_nulls, 2, 14, "", "null-"};
	null_components(&k);
}

static void test_null_components_evons(void **state)
{
	(void)state;
	/* five: the base set's 26 monsters and five nulls are the 31 a set may hold */
	static const nulls_case k = {
	    "evons", evons_nulls, 2, 5, "null-1,null-2,null-3,null-4,null-5", "null-"};
	null_components(&k);
}

static void test_null_components_three_arrows(void **state)
{
	(void)state;
	static const nulls_case k = {"three-arrows", three_arrows_null, 2, 1, "N", "N"};
	null_components(&k);
}

/* The rows of the baseline's comparison that A/A tallies: each seat's score and the length. */
static void tally_compare(const qv_lab_section *S, const qv_lab_plan *p, count *kinds)
{
	static const char *const rows[] = {"seat 1 score", "seat 2 score", "mean length"};
	for (int k = 0; k < 3; k++)
		for (int row = 0; row < S->ncompare; row++)
			if (!strcmp(S->compare[row].metric, rows[k]))
				tally(&kinds[3 + k], &S->compare[row].delta);
	/* The first deck's row (both decks' tests are one: their scores sum to 1). */
	char deck[sizeof S->compare[0].metric];
	snprintf(deck, sizeof deck, "%.63s deck score", p->side[0]);
	for (int row = 0; p->nsides && row < S->ncompare; row++)
		if (!strcmp(S->compare[row].metric, deck))
			tally(&kinds[7], &S->compare[row].delta);
}

/* The arms of an A/A study over one run's games (run): main, baseline (the same variant),
 * component 0's control and ablation, and its restricted play, a block each, in index order as
 * a plan lays them out; in the restricted block, seat j mod N of its game j is named the
 * forbidden one (agent 0), the others its twins (agent 1), though every seat played alike. */
static void aa_arms(const qv_lab_plan *run, qv_lab_game *games, qv_lab_arm *arms)
{
	static const qv_lab_arm_kind kind[5] = {QV_LAB_MAIN, QV_LAB_BASELINE, QV_LAB_CONTROL,
	                                        QV_LAB_ABLATE, QV_LAB_RESTRICT};
	for (int a = 0; a < 5; a++) {
		arms[a] = run->arm[0];
		arms[a].kind = kind[a];
		arms[a].first = a * AA_GAMES;
		arms[a].games = AA_GAMES;
		arms[a].component = a >= 2 ? 0 : -1;
	}
	arms[4].nagents = 2;
	for (int j = 0; j < AA_GAMES; j++) {
		qv_lab_game *g = &games[4 * AA_GAMES + j];
		for (int s = 0; s < g->players; s++)
			g->agent[s] = s == j % g->players ? 0 : 1;
	}
}

/* A/A of one game at `players` seats: see the top of the file. */
static void a_a(const char *game, int players)
{
	const qv_game *g = qv_game_find(game, NULL);
	assert_non_null(g);
	count kinds[] = {
	    {"ablation, p1's score", 0, 0},     {"ablation, p2's score", 0, 0},
	    {"ablation, length", 0, 0},         {"baseline, seat 1 score", 0, 0},
	    {"baseline, seat 2 score", 0, 0},   {"baseline, mean length", 0, 0},
	    {"ablation, a deck's score", 0, 0}, {"baseline, a deck's score", 0, 0},
	    {"restricted play, score", 0, 0},   {"restricted play, per copy", 0, 0},
	    {"restricted play, length", 0, 0},
	};
	for (int study = 0; study < AA_STUDIES; study++) {
		/* One run of 5 * AA_GAMES main games, the blocks to study, which record the
		 * components as a study of them does (its component arms, a rotation for
		 * component 0, come after them and are not read). */
		qv_lab_config c = study_config(g, qv_variant_base(g, NULL), players, "random",
		                               5 * AA_GAMES, 1, 5000 + (uint64_t)study);
		qv_lab_plan run;
		qv_err err;
		if (qv_lab_plan_make(&c, &run, &err) != QV_OK)
			fail_msg("plan: %s", err.msg);
		snprintf(c.components, sizeof c.components, "%s", run.component[0]);
		qv_lab_plan_free(&run);
		if (qv_lab_plan_make(&c, &run, &err) != QV_OK)
			fail_msg("plan: %s", err.msg);
		assert_int_equal(run.arm[0].games, 5 * AA_GAMES);
		qv_lab_game *games = calloc((size_t)run.total, sizeof *games);
		assert_non_null(games);
		if (qv_lab_play(&run, 0, 5 * AA_GAMES, 2, games, &err) != QV_OK)
			fail_msg("play: %s", err.msg);
		qv_lab_plan p = run;
		qv_lab_arm arms[5];
		aa_arms(&run, games, arms);
		p.arm = arms;
		p.narms = 5;
		p.total = 5 * AA_GAMES;
		p.cfg.baseline = c.variant;
		qv_lab_report r;
		if (qv_lab_compute(&p, games, &r, &err) != QV_OK)
			fail_msg("compute: %s", err.msg);
		const qv_lab_section *S = &r.section[0];
		const qv_lab_component *x = &S->component[0];
		tally(&kinds[0], &x->ablate_seat[0]);
		tally(&kinds[1], &x->ablate_seat[1]);
		tally(&kinds[2], &x->ablate_length);
		tally(&kinds[6], &x->ablate_side[0]);
		/* Decision moves has no p: see compare() in src/lab/metrics.c. */
		tally_compare(S, &p, kinds);
		tally(&kinds[8], &x->restrict_score);
		tally(&kinds[9], &x->restrict_holder);
		tally(&kinds[10], &x->restrict_length);
		qv_lab_report_free(&r);
		for (int i = 0; i < 5 * AA_GAMES; i++)
			qv_lab_game_free(&games[i]);
		free(games);
		qv_lab_plan_free(&run);
	}
	printf("%s, %d players, %d A/A studies:\n", game, players, AA_STUDIES);
	/* a game without decks has no deck's tests: left out */
	count had[sizeof kinds / sizeof kinds[0]];
	size_t n = 0;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (kinds[i].tests > 0)
			had[n++] = kinds[i];
	assert_true(n >= 9);
	assert_true(holds_5(had, n));
}

static void test_a_a(void **state)
{
	(void)state;
	a_a("concardia", 2);
}

static void test_a_a_evons(void **state)
{
	(void)state;
	a_a("evons", 2);
}

static void test_a_a_three_arrows(void **state)
{
	(void)state;
	a_a("three-arrows", 2);
}

static void test_a_a_arrow_party(void **state)
{
	(void)state;
	a_a("arrow-party", 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_null_components),
	    cmocka_unit_test(test_null_components_evons),
	    cmocka_unit_test(test_null_components_three_arrows),
	    cmocka_unit_test(test_a_a),
	    cmocka_unit_test(test_a_a_evons),
	    cmocka_unit_test(test_a_a_three_arrows),
	    cmocka_unit_test(test_a_a_arrow_party),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
