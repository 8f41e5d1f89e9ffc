/*
 * test_stranding.c - no choosing agent strands its own player: over 1,000 games of THREE
 * ARROWS between beginners (2 to 4 players, both modes, many seeds), no decision leaves its
 * mover unable to act at its next turn as the board stands (the game would skip it) when
 * another legal action would not (qv__agent_unstranded, qv_game.stranded). A newcomer's
 * beginner opened `place D a3 W`, its only piece pointing off the board, and was skipped for
 * the rest of the game. The test's own judge of "stranded" lists the mover's actions at a turn
 * of its own in the position after the move, so it does not lean on the hook it checks; it
 * checks the hook against it too, and the same for a greedy and an easy player over fewer
 * games. It takes 3.1 s of CPU in the Release build (1,000 beginner games: 121,160 choices, 17
 * of them stranding the mover when every other action did too), 17 s in a Debug build.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/three_arrows/three_arrows.h"
#include "quiver/agent.h"

/* The sanitizer build (QV_CHECKS) runs everything several times slower: fewer games there. */
#ifdef QV_CHECKS
#define BEGINNER_GAMES 250
#else
#define BEGINNER_GAMES 1000
#endif

static const qv_game *three_arrows(void)
{
	const qv_game *g = qv_game_find("three-arrows", NULL);
	assert_non_null(g);
	return g;
}

/* Whether `after` (the position after a move of `mover`) goes on, with another to move, with
 * `mover` stranded: at a turn of its own there, past the bonus step, it would have no legal
 * action (ta_legal). A mover who decides again (stay or advance after a capture, its action
 * after an uncover) is judged at that decision. */
static bool strands(const ta_state *after, int mover, qv_action *buf)
{
	if (after->phase == TA_PH_OVER || after->pl[mover].eliminated || ta_to_move(after) == mover)
		return false;
	ta_state t = *after;
	t.turn = (uint8_t)mover;
	t.phase = TA_PH_MAIN;
	t.atk_from = t.atk_to = 0;
	return ta_legal(&t, buf) == 0;
}

typedef struct tally {
	int decisions; /* decisions with a real choice */
	int stranding; /* of them, decisions whose choice stranded the mover */
	int needless;  /* of them, those where another action would not have */
} tally;

/* Plays one game of `players` seats of spec from seed, tallying the choices. */
static void play(const char *spec, int players, bool tactical, uint64_t seed, tally *t)
{
	const qv_game *g = three_arrows();
	qv_err err;
	qv_params params = {0};
	char np[4];
	snprintf(np, sizeof np, "%d", players);
	assert_int_equal(qv_params_set(&params, "players", np, &err), QV_OK);
	assert_int_equal(qv_params_set(&params, "mode", tactical ? "tactical" : "standard", &err),
	                 QV_OK);
	ta_state st, after;
	if (g->init(&st, &params, seed, &err))
		fail_msg("init: %s", err.msg);
	qv_agent *agents[TA_MAX_PLAYERS];
	for (int p = 0; p < players; p++)
		if (qv_agent_new(&agents[p], spec, g, qv_seed_mix(seed, (uint64_t)p + 1), &err))
			fail_msg("%s: %s", spec, err.msg);
	static qv_action acts[TA_MAX_ACTIONS], buf[TA_MAX_ACTIONS];
	qv_action outs[TA_MAX_CHANCE];
	double probs[TA_MAX_CHANCE];
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	for (int step = 0; step < 20000; step++) {
		int tm = g->to_move(&st);
		if (tm == QV_OVER)
			break;
		qv_action a;
		if (tm == QV_CHANCE) {
			a = qv_sample_chance(g, &st, &rng, outs, probs);
		} else {
			if (qv_agent_choose(agents[tm], &st, &a, &err))
				fail_msg("%s: %s", spec, err.msg);
			after = st;
			g->apply(&after, a, NULL);
			bool bad = strands(&after, tm, buf);
			/* The hook says what the judge says. */
			assert_int_equal(g->stranded(&after, tm) && after.phase != TA_PH_OVER &&
			                     g->to_move(&after) != tm,
			                 bad);
			int n = g->legal(&st, acts);
			t->decisions += n > 1;
			if (bad && n > 1) {
				t->stranding++;
				for (int i = 0; i < n; i++) {
					ta_state other = st;
					g->apply(&other, acts[i], NULL);
					if (!strands(&other, tm, buf)) {
						char text[QV_ACTION_TEXT];
						g->action_to_text(&st, a, text, sizeof text);
						if (t->needless++ < 3)
							print_message(
							    "seed %llu, p%d chose '%s', which "
							    "strands it\n",
							    (unsigned long long)seed, tm + 1, text);
						break;
					}
				}
			}
		}
		g->apply(&st, a, NULL);
	}
	assert_int_equal(g->to_move(&st), QV_OVER);
	for (int p = 0; p < players; p++)
		qv_agent_free(agents[p]);
}

/* Plays `games` games of spec, seats and modes varied with the seed, and requires that no
 * choice stranded its mover needlessly. */
static void play_many(const char *spec, int games, uint64_t base)
{
	tally t = {0, 0, 0};
	for (int i = 0; i < games; i++)
		play(spec, 2 + i % 3, i % 4 == 3, qv_seed_mix(base, (uint64_t)i), &t);
	print_message("%s: %d games, %d choices, %d stranded the mover, %d needlessly\n", spec,
	              games, t.decisions, t.stranding, t.needless);
	assert_true(t.decisions > games * 10);
	assert_int_equal(t.needless, 0);
}

static void test_beginner_never_strands_itself(void **unused)
{
	(void)unused;
	play_many("beginner", BEGINNER_GAMES, 39);
}

static void test_greedy_and_easy_never_strand_themselves(void **unused)
{
	(void)unused;
	play_many("greedy", BEGINNER_GAMES / 10, 40);
	play_many("easy", BEGINNER_GAMES / 100, 41);
}

/* The newcomer's game: the beginner's first piece, of any kind, is never one that points only
 * off the board (`place D a3 W`) while another is there. */
static void test_the_opening_of_the_report(void **unused)
{
	(void)unused;
	const qv_game *g = three_arrows();
	qv_err err;
	ta_state st;
	assert_int_equal(g->init(&st, NULL, 1, &err), QV_OK);
	qv_action a;
	assert_int_equal(g->action_from_text(&st, "place D a3 W", &a, &err), QV_OK);
	ta_state after = st;
	g->apply(&after, a, NULL);
	assert_true(g->stranded(&after, 0));
	assert_int_equal(g->action_from_text(&st, "place D a3 E", &a, &err), QV_OK);
	after = st;
	g->apply(&after, a, NULL);
	assert_false(g->stranded(&after, 0));
	for (uint64_t seed = 1; seed <= 200; seed++) {
		qv_agent *b;
		assert_int_equal(qv_agent_new(&b, "beginner:mistakes=1,wild=1", g, seed, &err),
		                 QV_OK);
		assert_int_equal(qv_agent_choose(b, &st, &a, &err), QV_OK);
		after = st;
		g->apply(&after, a, NULL);
		if (g->stranded(&after, 0)) {
			char text[QV_ACTION_TEXT];
			g->action_to_text(&st, a, text, sizeof text);
			fail_msg("seed %llu: the beginner opened '%s'", (unsigned long long)seed,
			         text);
		}
		qv_agent_free(b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_the_opening_of_the_report),
	    cmocka_unit_test(test_beginner_never_strands_itself),
	    cmocka_unit_test(test_greedy_and_easy_never_strand_themselves),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
