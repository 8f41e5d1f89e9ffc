/*
 * test_arena.c - unit tests of the arena on THREE ARROWS with the random and greedy agents:
 * seat rotation, results that do not depend on the number of threads, counting of capped
 * games, records, the checks of a configuration, and the statistics of hand-made results
 * (wins, draws, losses, Elo basis).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "../support/tmpdir.h"
#include "quiver/arena.h"
#include "quiver/match.h"

static const qv_game *three_arrows(void)
{
	qv_err err;
	const qv_game *g = qv_game_find("three-arrows", &err);
	assert_non_null(g);
	return g;
}

/* A configuration of the given agents (NULL-terminated) for THREE ARROWS, players set. */
static qv_arena_config config(const char *const *specs, int games, int threads, uint64_t seed)
{
	qv_arena_config cfg;
	memset(&cfg, 0, sizeof cfg);
	cfg.game = three_arrows();
	while (specs[cfg.nagents]) {
		snprintf(cfg.specs[cfg.nagents], sizeof cfg.specs[0], "%s", specs[cfg.nagents]);
		cfg.nagents++;
	}
	char count[8];
	snprintf(count, sizeof count, "%d", cfg.nagents);
	assert_int_equal(qv_params_set(&cfg.params, "players", count, NULL), QV_OK);
	cfg.games = games;
	cfg.threads = threads;
	cfg.seed = seed;
	return cfg;
}

/* Runs cfg, which must succeed. */
static qv_arena_result run(const qv_arena_config *cfg)
{
	qv_arena_result r;
	qv_err err;
	qv_status rc = qv_arena_run(cfg, &r, &err);
	if (rc)
		fail_msg("arena run failed: %s", err.msg);
	assert_int_equal(r.games, cfg->games);
	assert_int_equal(r.nagents, cfg->nagents);
	return r;
}

static void test_rotation(void **state)
{
	(void)state;
	assert_int_equal(qv_arena_seat_agent(0, 0, 2), 0);
	assert_int_equal(qv_arena_seat_agent(0, 1, 2), 1);
	assert_int_equal(qv_arena_seat_agent(1, 0, 2), 1);
	assert_int_equal(qv_arena_seat_agent(1, 1, 2), 0);
	assert_int_equal(qv_arena_seat_agent(5, 2, 3), 1);

	static const char *const specs[] = {"greedy", "random", "random", NULL};
	qv_arena_config cfg = config(specs, 6, 2, 11);
	qv_arena_result r = run(&cfg);
	for (int i = 0; i < r.games; i++) {
		int seen = 0;
		for (int s = 0; s < 3; s++) {
			assert_int_equal(r.game[i].agent[s], (s + i) % 3);
			seen |= 1 << r.game[i].agent[s];
		}
		assert_int_equal(seen, 7); /* each agent exactly once per game */
		assert_int_equal(r.game[i].seed, qv_seed_mix(11, (uint64_t)i));
		assert_true(r.game[i].turns > 0);
		assert_true(r.game[i].legal >= r.game[i].turns);
	}
	qv_arena_summary S;
	qv_arena_summarize(&r, &S);
	assert_int_equal(S.games, 6);
	for (int k = 0; k < 3; k++) {
		const qv_arena_agent_stats *a = &S.agent[k];
		assert_int_equal(a->games, 6);
		assert_int_equal(a->wins + a->draws + a->losses, 6);
		for (int s = 0; s < 3; s++)
			assert_int_equal(a->seat_games[s], 2);
		/* Three agents: the score is against the field, from the mean utility. */
		assert_true(fabs(a->score - (a->mean_utility + 1) / 2) < 1e-12);
		assert_true(a->utility_ci.lo <= a->mean_utility &&
		            a->mean_utility <= a->utility_ci.hi);
		assert_true(a->utility_ci.lo >= -1 && a->utility_ci.hi <= 1);
		assert_true(a->elo_ci.lo <= a->elo && a->elo <= a->elo_ci.hi);
	}
	for (int s = 0; s < 3; s++)
		assert_int_equal(S.seat[s].games, 6);
	assert_true(S.length_mean > 0);
	assert_true(S.branching >= 1);
	qv_arena_result_free(&r);
	assert_null(r.game);
	qv_arena_result_free(NULL);
}

/* Every field but the timings is the same. */
static void assert_same_games(const qv_arena_result *a, const qv_arena_result *b)
{
	assert_int_equal(a->games, b->games);
	for (int i = 0; i < a->games; i++) {
		const qv_arena_game *x = &a->game[i], *y = &b->game[i];
		assert_int_equal(x->seed, y->seed);
		assert_memory_equal(x->agent, y->agent, sizeof x->agent);
		assert_memory_equal(x->utility, y->utility, sizeof x->utility);
		assert_memory_equal(x->rank, y->rank, sizeof x->rank);
		assert_int_equal(x->turns, y->turns);
		assert_int_equal(x->legal, y->legal);
		assert_int_equal(x->capped, y->capped);
	}
}

static void test_threads_do_not_matter(void **state)
{
	(void)state;
	static const char *const specs[] = {"greedy", "random", NULL};
	qv_arena_config one = config(specs, 8, 1, 2024);
	qv_arena_config two = config(specs, 8, 2, 2024);
	qv_arena_config many = config(specs, 8, 16, 2024); /* more threads than games */
	qv_arena_result a = run(&one), b = run(&two), c = run(&many);
	assert_same_games(&a, &b);
	assert_same_games(&a, &c);
	qv_arena_summary sa, sb;
	qv_arena_summarize(&a, &sa);
	qv_arena_summarize(&b, &sb);
	sa.game_seconds = sb.game_seconds = 0;
	assert_memory_equal(&sa, &sb, sizeof sa);
	/* Two agents: Elo is one against the other, and the two figures mirror each other. */
	const qv_arena_agent_stats *g0 = &sa.agent[0], *g1 = &sa.agent[1];
	assert_true(fabs(g0->score - (g0->wins + g0->draws / 2.0) / g0->games) < 1e-12);
	assert_true(fabs(g0->score + g1->score - 1) < 1e-12);
	assert_true(fabs(g0->elo + g1->elo) < 1e-9);
	assert_int_equal(g0->wins, g1->losses);
	assert_int_equal(g0->draws, g1->draws);
	assert_int_equal(sa.draws, g0->draws);
	/* Another seed gives other games. */
	qv_arena_config other = config(specs, 8, 2, 2025);
	qv_arena_result d = run(&other);
	assert_true(d.game[0].seed != a.game[0].seed);
	qv_arena_result_free(&a);
	qv_arena_result_free(&b);
	qv_arena_result_free(&c);
	qv_arena_result_free(&d);
}

static void test_capped(void **state)
{
	(void)state;
	static const char *const specs[] = {"random", "random", NULL};
	qv_arena_config cfg = config(specs, 12, 2, 5);
	assert_int_equal(qv_params_set(&cfg.params, "max_turns", "50", NULL), QV_OK);
	qv_arena_result r = run(&cfg);
	int capped = 0;
	for (int i = 0; i < r.games; i++)
		capped += r.game[i].capped;
	qv_arena_summary S;
	qv_arena_summarize(&r, &S);
	assert_int_equal(S.capped, capped);
	assert_true(capped > 0); /* random play rarely finishes a game in 50 turns */
	qv_arena_result_free(&r);
	/* With the default cap of 400 turns the same games end by the rules. */
	cfg = config(specs, 12, 2, 5);
	r = run(&cfg);
	qv_arena_summarize(&r, &S);
	assert_true(S.capped < capped);
	qv_arena_result_free(&r);
}

static void test_records(void **state)
{
	(void)state;
	char dir[48];
	assert_non_null(qv_test_mkdtemp(dir, sizeof dir, "quiver-arena-test-"));
	static const char *const specs[] = {"random", "greedy", NULL};
	qv_arena_config cfg = config(specs, 3, 2, 77);
	cfg.records_dir = dir;
	qv_arena_result r = run(&cfg);
	for (int i = 0; i < 3; i++) {
		char path[256];
		snprintf(path, sizeof path, "%s/game-%06d.json", dir, i + 1);
		qv_match *m;
		qv_err err;
		if (qv_match_load_file(&m, path, &err))
			fail_msg("%s", err.msg);
		assert_true(qv_match_over(m));
		assert_int_equal(m->seed, r.game[i].seed);
		assert_string_equal(m->names[0], specs[r.game[i].agent[0]]);
		assert_string_equal(m->names[1], specs[r.game[i].agent[1]]);
		int ranks[QV_MAX_PLAYERS];
		m->game->ranks(m->state, ranks);
		assert_memory_equal(ranks, r.game[i].rank, 2 * sizeof ranks[0]);
		qv_match_free(m);
		assert_int_equal(remove(path), 0);
	}
	qv_arena_result_free(&r);
	/* A folder that does not exist fails the run with the path in the message. */
	assert_int_equal(rmdir(dir), 0);
	qv_err err;
	assert_int_not_equal(qv_arena_run(&cfg, &r, &err), QV_OK);
	assert_non_null(strstr(err.msg, dir));
	assert_non_null(strstr(err.msg, "game "));
	assert_null(r.game);
}

/* The arena finds forced decisions itself (qv_agent_decide), without the match's count: its
 * statistics of each game (the decisions asked, the legal actions summed over them) are the
 * ones the match gives when the game's record is replayed, where the match applies the forced
 * moves itself, in games that have forced decisions (Evons's end of turn after a play). */
static void test_statistics_match_records(void **state)
{
	(void)state;
	const char *games[] = {"evons", "three-arrows"};
	int automatic = 0;
	for (int k = 0; k < 2; k++) {
		char dir[48];
		assert_non_null(qv_test_mkdtemp(dir, sizeof dir, "quiver-arena-test-"));
		static const char *const specs[] = {"random", "greedy", NULL};
		qv_arena_config cfg = config(specs, 4, 2, 5);
		qv_err err;
		cfg.game = qv_game_find(games[k], &err);
		cfg.params.n = 0;
		cfg.records_dir = dir;
		qv_arena_result r = run(&cfg);
		for (int i = 0; i < cfg.games; i++) {
			char path[256];
			snprintf(path, sizeof path, "%s/game-%06d.json", dir, i + 1);
			qv_match *m;
			if (qv_match_load_file(&m, path, &err))
				fail_msg("%s", err.msg);
			const qv_game *g = m->game;
			void *st = malloc(g->state_size);
			qv_action *buf = malloc(sizeof *buf * (size_t)g->max_actions);
			assert_non_null(st);
			assert_non_null(buf);
			memcpy(st, m->base, g->state_size);
			int turns = 0;
			long long legal = 0;
			for (int h = 0; h < m->nhist; h++) {
				if (m->hist[h].who >= 0 && !m->hist[h].automatic) {
					turns++;
					legal += g->legal(st, buf);
				}
				automatic += m->hist[h].who >= 0 && m->hist[h].automatic;
				g->apply(st, m->hist[h].action, NULL);
			}
			assert_int_equal(turns, r.game[i].turns);
			assert_int_equal(legal, r.game[i].legal);
			free(st);
			free(buf);
			qv_match_free(m);
			assert_int_equal(remove(path), 0);
		}
		qv_arena_result_free(&r);
		assert_int_equal(rmdir(dir), 0);
	}
	assert_true(automatic > 0);
}

/* cfg fails qv_arena_check (and qv_arena_run) with a message holding want. */
static void expect_bad(const qv_arena_config *cfg, const char *want)
{
	qv_err err;
	assert_int_equal(qv_arena_check(cfg, &err), QV_EINVAL);
	if (!strstr(err.msg, want))
		fail_msg("message '%s' lacks '%s'", err.msg, want);
	qv_arena_result r;
	assert_int_equal(qv_arena_run(cfg, &r, &err), QV_EINVAL);
	assert_null(r.game);
}

static void test_check(void **state)
{
	(void)state;
	static const char *const two[] = {"greedy", "random", NULL};
	static const char *const one[] = {"greedy", NULL};
	static const char *const five[] = {"random", "random", "random", "random", "random", NULL};
	qv_arena_config cfg = config(two, 4, 1, 1);
	qv_err err;
	assert_int_equal(qv_arena_check(&cfg, &err), QV_OK);
	cfg = config(one, 4, 1, 1);
	expect_bad(&cfg, "2-5 agents");
	cfg = config(five, 4, 1, 1);
	expect_bad(&cfg, "2-4 players");
	cfg = config(two, 0, 1, 1);
	expect_bad(&cfg, "1-1000000");
	cfg = config(two, 4, 0, 1);
	expect_bad(&cfg, "threads");
	cfg = config(two, 4, 1, 1);
	snprintf(cfg.specs[1], sizeof cfg.specs[1], "nobody");
	expect_bad(&cfg, "unknown agent 'nobody'");
	cfg = config(two, 4, 1, 1);
	snprintf(cfg.specs[0], sizeof cfg.specs[0], "greedy:depth=3");
	expect_bad(&cfg, "depth");
	cfg = config(two, 4, 1, 1);
	assert_int_equal(qv_params_set(&cfg.params, "size", "99", NULL), QV_OK);
	expect_bad(&cfg, "size");
	cfg = config(two, 4, 1, 1);
	assert_int_equal(qv_params_set(&cfg.params, "players", "3", NULL), QV_OK);
	expect_bad(&cfg, "3 players but 2 agents");
}

/* Statistics of hand-made games: two agents, four games with known outcomes. */
static void test_summary_by_hand(void **state)
{
	(void)state;
	qv_arena_game g[4];
	memset(g, 0, sizeof g);
	/* Game i seats agent (s + i) % 2 in seat s. Ranks and utilities are per seat. */
	static const int ranks[4][2] = {{1, 2}, {1, 1}, {2, 1}, {1, 2}};
	static const double util[4][2] = {{1, -1}, {0, 0}, {-1, 1}, {1, -1}};
	for (int i = 0; i < 4; i++) {
		for (int s = 0; s < 2; s++) {
			g[i].agent[s] = qv_arena_seat_agent(i, s, 2);
			g[i].rank[s] = ranks[i][s];
			g[i].utility[s] = util[i][s];
		}
		g[i].turns = 10 + 2 * i; /* 10 12 14 16 */
		g[i].legal = 100 * g[i].turns;
		g[i].capped = i == 3;
		g[i].seconds = 0.5;
	}
	/* Agent 0 sits p1, p2, p1, p2: wins game 0, draws game 1, loses game 2 (p2 wins) and
	 * game 3 (p1 wins). */
	qv_arena_result r = {.games = 4, .nagents = 2, .game = g, .seconds = 1};
	qv_arena_summary S;
	qv_arena_summarize(&r, &S);
	const qv_arena_agent_stats *a = &S.agent[0], *b = &S.agent[1];
	assert_int_equal(a->wins, 1);
	assert_int_equal(a->draws, 1);
	assert_int_equal(a->losses, 2);
	assert_int_equal(b->wins, 2);
	assert_int_equal(b->draws, 1);
	assert_int_equal(b->losses, 1);
	assert_int_equal(a->seat_games[0], 2);
	assert_int_equal(a->seat_games[1], 2);
	assert_true(fabs(a->mean_utility + 0.25) < 1e-12);
	assert_true(fabs(a->win_rate - 0.25) < 1e-12);
	assert_true(fabs(a->score - 0.375) < 1e-12);
	assert_true(fabs(a->elo - qv_elo(0.375)) < 1e-9);
	assert_true(fabs(a->elo + b->elo) < 1e-9);
	qv_interval w = qv_wilson(1.5, 4, QV_Z95);
	assert_true(fabs(a->score_ci.lo - w.lo) < 1e-12 && fabs(a->score_ci.hi - w.hi) < 1e-12);
	w = qv_wilson(1, 4, QV_Z95);
	assert_true(fabs(a->win_rate_ci.lo - w.lo) < 1e-12 &&
	            fabs(a->win_rate_ci.hi - w.hi) < 1e-12);
	/* Seat p1 won games 0 and 3, drew 1, lost 2. */
	assert_int_equal(S.seat[0].wins, 2);
	assert_int_equal(S.seat[0].draws, 1);
	assert_int_equal(S.seat[0].losses, 1);
	assert_true(fabs(S.seat[0].mean_utility - 0.25) < 1e-12);
	assert_int_equal(S.draws, 1);
	assert_true(fabs(S.draw_rate - 0.25) < 1e-12);
	assert_int_equal(S.capped, 1);
	assert_true(fabs(S.length_mean - 13) < 1e-12);
	assert_true(fabs(S.length_sd - sqrt(20.0 / 3)) < 1e-12);
	assert_true(fabs(S.branching - 100) < 1e-12);
	assert_true(fabs(S.game_seconds - 0.5) < 1e-12);

	/* Three players where two share first place: both draw, the third loses; the game is a
	 * draw. All three equal: three draws. */
	qv_arena_game h[2];
	memset(h, 0, sizeof h);
	static const int r3[2][3] = {{1, 1, 3}, {1, 1, 1}};
	for (int i = 0; i < 2; i++)
		for (int s = 0; s < 3; s++) {
			h[i].agent[s] = qv_arena_seat_agent(i, s, 3);
			h[i].rank[s] = r3[i][s];
		}
	r = (qv_arena_result){.games = 2, .nagents = 3, .game = h, .seconds = 1};
	qv_arena_summarize(&r, &S);
	assert_int_equal(S.draws, 2);
	int draws = 0, losses = 0, wins = 0;
	for (int k = 0; k < 3; k++) {
		draws += S.agent[k].draws;
		losses += S.agent[k].losses;
		wins += S.agent[k].wins;
	}
	assert_int_equal(wins, 0);
	assert_int_equal(draws, 5);
	assert_int_equal(losses, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_rotation),
	    cmocka_unit_test(test_threads_do_not_matter),
	    cmocka_unit_test(test_capped),
	    cmocka_unit_test(test_records),
	    cmocka_unit_test(test_statistics_match_records),
	    cmocka_unit_test(test_check),
	    cmocka_unit_test(test_summary_by_hand),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
