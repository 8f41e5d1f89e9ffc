/*
 * test_match_walk.c - a walk's state (src/engine/match/walk.c), which a walk takes from its
 * thread rather than allocating its own: a walk made inside another's step, and walks in
 * several threads at once, each see the positions a replay from the start gives. Arrow Party
 * with five players, whose state (1,712 bytes) is the largest of the games.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "quiver/match.h"

/* An Arrow Party match of five players, board size 26, with 80 history entries of random
 * moves from this seed. */
static qv_match *party_at_80(uint64_t seed)
{
	qv_err err;
	const qv_game *g = qv_game_find("arrow-party", &err);
	qv_params p = {0};
	qv_match *m = NULL;
	if (!g || qv_params_parse_list(&p, "players=5,size=26", &err) ||
	    qv_match_new(&m, g, &p, seed, &err))
		fail_msg("new: %s", err.msg);
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	qv_action *buf = malloc((size_t)g->max_actions * sizeof *buf);
	while (buf && m->nhist < 80 && !qv_match_over(m)) {
		if (qv_match_to_move(m) == QV_CHANCE) {
			if (qv_match_chance(m, NULL, &err))
				fail_msg("chance: %s", err.msg);
			continue;
		}
		int k;
		if (qv_match_play(m, qv_sample_legal(g, m->state, &rng, buf, &k), &err))
			fail_msg("play: %s", err.msg);
	}
	free(buf);
	return m;
}

/* Each entry's state before it, as a replay from the start gives it (n of them; the caller
 * frees the array). */
static char *states_by_replay(const qv_match *m)
{
	size_t size = m->game->state_size;
	char *all = malloc((size_t)m->nhist * size);
	assert_non_null(all);
	char *st = malloc(size);
	assert_non_null(st);
	memcpy(st, m->base, size);
	for (int i = 0; i < m->nhist; i++) {
		memcpy(all + (size_t)i * size, st, size);
		m->game->apply(st, m->hist[i].action, NULL);
	}
	free(st);
	return all;
}

/* What a walk checks: each state it is given against the replay's, and, at entry `inner`, a
 * walk of the same match made inside this one's step. */
typedef struct check {
	qv_match *m;
	const char *want;
	int inner; /* -1: none */
	int steps;
} check;

static bool check_step(void *ctx, int i, const void *before)
{
	check *c = ctx;
	size_t size = c->m->game->state_size;
	if (memcmp(before, c->want + (size_t)i * size, size) != 0)
		return false;
	c->steps++;
	if (i == c->inner) {
		check in = {.m = c->m, .want = c->want, .inner = -1};
		if (qv_match_walk(c->m, i / 2, check_step, &in) != QV_OK ||
		    in.steps != c->m->nhist - i / 2)
			return false;
		/* The outer walk's state is untouched by the inner one. */
		if (memcmp(before, c->want + (size_t)i * size, size) != 0)
			return false;
	}
	return true;
}

/* A walk inside a walk, and walks one after the other from several points: every state is
 * the replay's. */
static void test_walk_inside_a_walk(void **unused)
{
	(void)unused;
	qv_match *m = party_at_80(21);
	char *want = states_by_replay(m);
	for (int from = 0; from < m->nhist; from += 13) {
		check c = {.m = m, .want = want, .inner = from + 5 < m->nhist ? from + 5 : -1};
		assert_int_equal(qv_match_walk(m, from, check_step, &c), QV_OK);
		assert_int_equal(c.steps, m->nhist - from);
	}
	free(want);
	qv_match_free(m);
}

/* One thread's walks over a match of its own. */
static void *walker(void *arg)
{
	qv_match *m = arg;
	char *want = states_by_replay(m);
	intptr_t bad = 0;
	for (int round = 0; round < 20 && !bad; round++) {
		check c = {.m = m, .want = want, .inner = round % 3 ? -1 : 40};
		bad = qv_match_walk(m, round * 3, check_step, &c) != QV_OK ||
		      c.steps != m->nhist - round * 3;
	}
	free(want);
	return (void *)bad;
}

/* Walks in four threads at once, each over a match of its own, each with its thread's state. */
static void test_walks_in_threads(void **unused)
{
	(void)unused;
	pthread_t th[4];
	qv_match *m[4];
	for (int i = 0; i < 4; i++) {
		m[i] = party_at_80(30 + (uint64_t)i);
		assert_int_equal(pthread_create(&th[i], NULL, walker, m[i]), 0);
	}
	for (int i = 0; i < 4; i++) {
		void *bad;
		assert_int_equal(pthread_join(th[i], &bad), 0);
		assert_null(bad);
		qv_match_free(m[i]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_walk_inside_a_walk),
	    cmocka_unit_test(test_walks_in_threads),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
