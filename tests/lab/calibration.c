/*
 * calibration.c - the lab's tests say p < 0.05 about 5% of the time when nothing happens.
 *
 * Null components: ConCardia with NULLS cards added that are in no deck. Forbidding one can
 * change nothing (restricted play is then a study of the same agent against itself, on seeds
 * of its own), and the variant without one is the same game: its ablation arm, which plays
 * with its control arm's seeds (common random numbers), replays the control's games exactly,
 * so every ablation test says d = 0, p = 1. Over STUDIES studies of fixed seeds with the random
 * agent, restricted play's score and length tests must come out p < 0.05 at a rate whose 95% Wilson
 * interval holds 5%, and no more than 5% of the null components may be flagged.
 *
 * A/A: the paired tests of ablation and of the baseline, on games that differ where nothing
 * changed. A study's main arm, its baseline arm, and one component's control and ablation arms
 * are filled with four blocks of games of one run of the same variant (other seeds, so the pairs
 * are independent games of the same distribution, the decks swapped in the same games of each
 * block); AA_STUDIES such studies, one test of each kind per study (each seat's score, a
 * deck's score, the length), must say p < 0.05 at a rate whose interval holds 5%.
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

#define NULLS      14
#define STUDIES    20
#define AA_STUDIES 200
#define AA_GAMES   60

/* The tests of one kind: how many had a p, how many were under 0.05. */
typedef struct count {
	const char *name;
	long tests, low;
} count;

static void tally(count *c, const qv_lab_delta *d)
{
	if (d->p != d->p) /* no test (NAN) */
		return;
	c->tests++;
	c->low += d->p < 0.05;
}

/* A study of two-player ConCardia (variant v) by one agent: games main games, component_games
 * per component and arm, no ladder or luck floor. */
static qv_lab_config study_config(const qv_variant *v, const char *agent, int games,
                                  int component_games, uint64_t seed)
{
	qv_lab_config c = {0};
	c.game = qv_game_find("concardia", NULL);
	c.variant = v;
	c.nagents = 1;
	snprintf(c.agents[0], sizeof c.agents[0], "%s", agent);
	c.players[0] = 2;
	c.nplayers = 1;
	c.games = games;
	c.component_games = component_games;
	c.seed = seed;
	strcpy(c.version, QV_VERSION);
	return c;
}

/* Prints each kind's rate of p < 0.05 with its Wilson interval; whether every interval holds
 * 5%. */
static bool holds_5(const count *kinds, size_t n)
{
	bool ok = true;
	for (size_t i = 0; i < n; i++) {
		const count *k = &kinds[i];
		qv_interval ci = qv_wilson((double)k->low, (double)k->tests, QV_Z95);
		bool holds = k->tests > 0 && ci.lo <= 0.05 && 0.05 <= ci.hi;
		printf("%-26s p < 0.05 in %3ld of %3ld tests: %5.1f%% [%4.1f%%, %4.1f%%]%s\n",
		       k->name, k->low, k->tests,
		       k->tests ? 100.0 * (double)k->low / (double)k->tests : 0, 100 * ci.lo,
		       100 * ci.hi, holds ? "" : "  <- does not hold 5%");
		ok = ok && holds;
	}
	return ok;
}

static const qv_variant *nulls_variant(const qv_game *g)
{
	json_t *add = json_array();
	for (int i = 1; i <= NULLS; i++) {
		char id[16];
		snprintf(id, sizeof id, "null-%d", i);
		json_array_append_new(add,
		                      json_pack("{s:s, s:s, s:s, s:i, s:i, s:[s], s:s}", "id", id,
		                                "name", id, "trait", "Rock", "strength", 1,
		                                "defense", 1, "arrows", "N", "type", "Airship"));
	}
	json_t *doc =
	    json_pack("{s:i, s:s, s:s, s:s, s:{s:o}}", "quiver_variant", 1, "game", "concardia",
	              "name", "nulls", "extends", "base", "cards", "add", add);
	assert_non_null(doc);
	const qv_variant *v = NULL;
	qv_err err;
	if (qv_variant_from_json(doc, g, "nulls", &v, &err) != QV_OK)
		fail_msg("the null variant is refused: %s", err.msg);
	json_decref(doc);
	return v;
}

static void test_null_components(void **state)
{
	(void)state;
	const qv_game *g = qv_game_find("concardia", NULL);
	assert_non_null(g);
	const qv_variant *v = nulls_variant(g);
	count kinds[] = {{"restricted play, score", 0, 0}, {"restricted play, length", 0, 0}};
	long nulls = 0, flagged = 0;
	for (int study = 0; study < STUDIES; study++) {
		qv_lab_config c = study_config(v, "random", 100, 100, 1000 + (uint64_t)study);
		lab_study st;
		study_run(&c, &st);
		const qv_lab_section *S = &st.report.section[0];
		for (int k = 0; k < st.plan.ncomponents; k++) {
			const qv_lab_component *x = &S->component[k];
			if (strncmp(x->id, "null-", 5) != 0)
				continue;
			nulls++;
			flagged += x->flagged;
			const qv_lab_delta *ab[5] = {&x->ablate_seat[0], &x->ablate_seat[1],
			                             &x->ablate_side[0], &x->ablate_side[1],
			                             &x->ablate_length};
			for (int t = 0; t < 5; t++)
				if (ab[t]->d != 0 || ab[t]->p != 1)
					fail_msg(
					    "%s's ablation replays its control's games, yet d = %g, "
					    "p = %g",
					    x->id, ab[t]->d, ab[t]->p);
			tally(&kinds[0], &x->restrict_score);
			tally(&kinds[1], &x->restrict_length);
		}
		study_free(&st);
	}
	assert_int_equal(nulls, NULLS * STUDIES);
	bool ok = holds_5(kinds, sizeof kinds / sizeof kinds[0]);
	printf("null components flagged: %ld of %ld\n", flagged, nulls);
	assert_true(ok);
	assert_true(flagged * 20 <= nulls);
}

/* A/A: see the top of the file. */
static void test_a_a(void **state)
{
	(void)state;
	const qv_game *g = qv_game_find("concardia", NULL);
	assert_non_null(g);
	count kinds[] = {
	    {"ablation, p1's score", 0, 0},     {"ablation, p2's score", 0, 0},
	    {"ablation, length", 0, 0},         {"baseline, seat 1 score", 0, 0},
	    {"baseline, seat 2 score", 0, 0},   {"baseline, mean length", 0, 0},
	    {"ablation, a deck's score", 0, 0}, {"baseline, a deck's score", 0, 0},
	};
	for (int study = 0; study < AA_STUDIES; study++) {
		/* One run of 4 * AA_GAMES main games: the blocks to study. */
		qv_lab_config c = study_config(qv_variant_base(g, NULL), "random", 4 * AA_GAMES, 0,
		                               5000 + (uint64_t)study);
		qv_lab_plan run;
		qv_err err;
		if (qv_lab_plan_make(&c, &run, &err) != QV_OK)
			fail_msg("plan: %s", err.msg);
		assert_int_equal(run.total, 4 * AA_GAMES);
		qv_lab_game *games = calloc((size_t)run.total, sizeof *games);
		assert_non_null(games);
		if (qv_lab_play(&run, 0, run.total, 2, games, &err) != QV_OK)
			fail_msg("play: %s", err.msg);
		/* The study: main, baseline (the same variant), and component 0's control and
		 * ablation, a block each, in index order as a plan lays them out. */
		qv_lab_plan p = run;
		qv_lab_arm arms[4];
		static const qv_lab_arm_kind kind[4] = {QV_LAB_MAIN, QV_LAB_BASELINE,
		                                        QV_LAB_CONTROL, QV_LAB_ABLATE};
		for (int a = 0; a < 4; a++) {
			arms[a] = run.arm[0];
			arms[a].kind = kind[a];
			arms[a].first = a * AA_GAMES;
			arms[a].games = AA_GAMES;
			arms[a].component = a >= 2 ? 0 : -1;
		}
		p.arm = arms;
		p.narms = 4;
		p.cfg.baseline = c.variant;
		p.ncomponents = 1;
		p.nentries = 1;
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
		static const char *const rows[] = {"seat 1 score", "seat 2 score", "mean length"};
		for (int k = 0; k < 3; k++)
			for (int row = 0; row < S->ncompare; row++)
				if (!strcmp(S->compare[row].metric, rows[k]))
					tally(&kinds[3 + k], &S->compare[row].delta);
		/* The first deck's row (both decks' tests are one: their scores sum to 1). */
		char deck[sizeof S->compare[0].metric];
		snprintf(deck, sizeof deck, "%.63s deck score", p.side[0]);
		for (int row = 0; row < S->ncompare; row++)
			if (!strcmp(S->compare[row].metric, deck))
				tally(&kinds[7], &S->compare[row].delta);
		qv_lab_report_free(&r);
		for (int i = 0; i < run.total; i++)
			qv_lab_game_free(&games[i]);
		free(games);
		qv_lab_plan_free(&run);
	}
	assert_true(holds_5(kinds, sizeof kinds / sizeof kinds[0]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_null_components),
	    cmocka_unit_test(test_a_a),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
