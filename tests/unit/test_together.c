/*
 * test_together.c - simultaneous secret steps (qv_game.together, qv_match_act) in every game
 * that has them: over random games, at every position inside such a step, the players of the
 * step commit in a random order through qv_match_act and the game reaches exactly the state
 * the seat order reaches with the same choices; each player's options at its turn
 * (qv_match_turn_of, the view's `legal`) are the options it really has when that turn comes;
 * and a player who committed sees its choice, and nobody else does.
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

#include "quiver/match.h"

/* Random games per game, and steps checked in each at most. */
#define GAMES  12
#define CHECKS 6

/* The choices each player made in one step, as notation lines. */
typedef struct choices {
	char text[QV_MAX_PLAYERS][16][QV_ACTION_TEXT];
	int n[QV_MAX_PLAYERS];
} choices;

static qv_match *copy_of(const qv_match *m)
{
	json_t *j = qv_match_state_json(m);
	qv_match *c = NULL;
	qv_err err;
	if (qv_match_load_json(&c, j, &err))
		fail_msg("load: %s", err.msg);
	json_decref(j);
	return c;
}

/* The legal actions of the player to move at st, as sorted notation, one per line. */
static void options(const qv_game *g, const void *st, qv_buf *out)
{
	qv_action *a = malloc((size_t)g->max_actions * sizeof *a);
	int n = g->legal(st, a);
	for (int i = 0; i < n; i++) {
		char text[QV_ACTION_TEXT];
		assert_true(g->action_to_text(st, a[i], text, sizeof text) >= 0);
		qv_buf_printf(out, "%s\n", text);
	}
	free(a);
}

/* Plays the step from m in seat order with random choices, recording them in c, and checking
 * at each player's turn that qv_match_turn_of, asked before anyone of the step decided (at
 * `start`), gave the options the player has now. */
static void play_seat_order(qv_match *m, qv_match *start, qv_rng *rng, choices *c)
{
	const qv_game *g = m->game;
	unsigned done = 0, step = g->together(m->state, &done);
	done = 0;
	void *st = malloc(g->state_size);
	int last = -1;
	for (int guard = 0; guard < 400; guard++) {
		int who = qv_match_to_move(m);
		if (who != last && last >= 0)
			done |= 1u << last;
		if (who < 0 || !(step >> who & 1u) || (done >> who & 1u))
			break;
		if (who != last && c->n[who] == 0) {
			/* The player's options at its turn, as worked out before the step began. */
			assert_true(qv_match_turn_of(start, who, st));
			qv_buf early = {0}, now = {0};
			options(g, st, &early);
			options(g, m->state, &now);
			assert_string_equal(early.s, now.s);
			qv_buf_free(&early);
			qv_buf_free(&now);
		}
		last = who;
		qv_action buf[1024];
		int n = 0;
		qv_action a = qv_sample_legal(g, m->state, rng, buf, &n);
		assert_true(a >= 0 && c->n[who] < 16);
		char *text = c->text[who][c->n[who]++];
		assert_true(g->action_to_text(m->state, a, text, QV_ACTION_TEXT) >= 0);
		qv_err err;
		if (qv_match_play_text(m, text, &err))
			fail_msg("%s: play '%s': %s", g->name, text, err.msg);
	}
	free(st);
}

/* Commits c's choices into m in a random order of players (each player's own in its order),
 * checking what each viewer is shown meanwhile. */
static void commit_any_order(qv_match *m, qv_rng *rng, const choices *c)
{
	const qv_game *g = m->game;
	int np = g->num_players(m->state), order[QV_MAX_PLAYERS], k = 0;
	for (int p = 0; p < np; p++)
		if (c->n[p])
			order[k++] = p;
	for (int i = k - 1; i > 0; i--) {
		int j = (int)qv_rng_below(rng, (uint32_t)i + 1);
		int t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	unsigned acting = qv_match_acting(m);
	for (int i = 0; i < k; i++)
		assert_true(acting >> order[i] & 1u);
	for (int i = 0; i < k; i++) {
		int p = order[i];
		for (int x = 0; x < c->n[p]; x++) {
			qv_err err;
			if (qv_match_act(m, p, c->text[p][x], &err))
				fail_msg("%s: p%d acts '%s' out of order: %s", g->name, p + 1,
				         c->text[p][x], err.msg);
		}
		/* A commitment made ahead of the turn is the player's alone to see. */
		if (*qv_match_committed(m, p)) {
			assert_false(qv_match_acting(m) >> p & 1u);
			for (int v = 0; v < np; v++) {
				json_t *view = qv_match_view_json(m, v);
				/* Each viewer sees its own commitments, and only those. */
				json_t *mine = json_object_get(view, "committed");
				const char *own = qv_match_committed(m, v);
				assert_true((mine != NULL) == (*own != '\0'));
				qv_buf told = {0};
				for (size_t x = 0; x < json_array_size(mine); x++)
					qv_buf_printf(&told, "%s\n",
					              json_string_value(json_array_get(mine, x)));
				assert_string_equal(told.s ? told.s : "", own);
				qv_buf_free(&told);
				json_decref(view);
			}
		}
	}
}

static void check_game(const qv_game *g)
{
	qv_rng rng;
	qv_rng_seed(&rng, 2023);
	int checked = 0;
	for (int game = 0; game < GAMES; game++) {
		qv_match *m = NULL;
		qv_err err;
		if (qv_match_new(&m, g, NULL, 1000u + (uint64_t)game, &err))
			fail_msg("new: %s", err.msg);
		int here = 0;
		for (int guard = 0; guard < 5000 && !qv_match_over(m); guard++) {
			int who = qv_match_to_move(m);
			if (who == QV_CHANCE) {
				qv_match_chance(m, NULL, &err);
				continue;
			}
			unsigned done, step = g->together(m->state, &done);
			if (here < CHECKS && step & (step - 1) && (step & -step) == 1u << who &&
			    (here == 0 || qv_rng_below(&rng, 2) == 0)) {
				qv_match *seq = copy_of(m), *any = copy_of(m), *start = copy_of(m);
				choices *c = calloc(1, sizeof *c);
				play_seat_order(seq, start, &rng, c);
				commit_any_order(any, &rng, c);
				assert_int_equal(seq->nhist, any->nhist);
				assert_memory_equal(seq->state, any->state, g->state_size);
				free(c);
				qv_match_free(seq);
				qv_match_free(any);
				qv_match_free(start);
				here++;
				checked++;
			}
			qv_action buf[1024];
			int n;
			qv_action a = qv_sample_legal(g, m->state, &rng, buf, &n);
			assert_int_equal(qv_match_play(m, a, &err), QV_OK);
		}
		qv_match_free(m);
	}
	/* The runs must have met the steps they check. */
	assert_true(checked >= GAMES);
}

static void test_concardia(void **state)
{
	(void)state;
	check_game(qv_game_find("concardia", NULL));
}

static void test_arrow_party(void **state)
{
	(void)state;
	check_game(qv_game_find("arrow-party", NULL));
}

/* A player outside the step, or whose part is committed, is told so; nothing changes. */
static void test_refusals(void **state)
{
	(void)state;
	qv_match *m = NULL;
	qv_err err;
	assert_int_equal(qv_match_new(&m, qv_game_find("concardia", NULL), NULL, 5, &err), QV_OK);
	while (qv_match_to_move(m) == QV_CHANCE)
		qv_match_chance(m, NULL, &err);
	assert_int_equal(qv_match_acting(m), 3u);
	json_t *view = qv_match_view_json(m, 1);
	json_t *legal = json_object_get(view, "legal");
	assert_true(json_array_size(legal) > 0);
	char first[QV_ACTION_TEXT];
	snprintf(first, sizeof first, "%s", json_string_value(json_array_get(legal, 0)));
	json_decref(view);
	assert_int_equal(qv_match_act(m, 1, "start nonsense", &err), QV_EINVAL);
	assert_int_equal(qv_match_act(m, 1, first, &err), QV_OK);
	int nhist = m->nhist;
	assert_int_equal(qv_match_acting(m), 1u);
	assert_int_equal(qv_match_act(m, 1, first, &err), QV_ESTATE);
	assert_non_null(strstr(err.msg, "has made its choice"));
	assert_int_equal(m->nhist, nhist);
	/* Withdrawn, p2 may choose again. */
	assert_int_equal(qv_match_withdraw(m, 1), 1);
	assert_int_equal(qv_match_acting(m), 3u);
	assert_int_equal(qv_match_act(m, 1, first, &err), QV_OK);
	/* p1's choice applies both, in seat order. */
	view = qv_match_view_json(m, 0);
	const char *mine = json_string_value(json_array_get(json_object_get(view, "legal"), 0));
	char text[QV_ACTION_TEXT];
	snprintf(text, sizeof text, "%s", mine);
	json_decref(view);
	assert_int_equal(qv_match_act(m, 0, text, &err), QV_OK);
	assert_true(m->nhist >= nhist + 2);
	assert_int_equal(m->hist[nhist].who, 0);
	assert_int_equal(m->hist[nhist + 1].who, 1);
	assert_string_equal(qv_match_committed(m, 1), "");
	qv_match_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_concardia),
	    cmocka_unit_test(test_arrow_party),
	    cmocka_unit_test(test_refusals),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
