/*
 * test_leave.c - players leaving a game (qv_match_leave): a resignation or a timeout ends a
 * two-player game for the other player; with more players the game goes on and whoever left
 * ranks below everyone who did not; a player out of time may come back, one who resigned may
 * not; records carry the leaves and replay them, and a record whose "left" is malformed is
 * refused with the field named.
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

static qv_match *new_game(const char *game, int players, uint64_t seed)
{
	qv_params p = {0};
	qv_err err;
	char list[32];
	snprintf(list, sizeof list, "players=%d", players);
	qv_match *m = NULL;
	if (qv_params_parse_list(&p, list, &err) ||
	    qv_match_new(&m, qv_game_find(game, NULL), &p, seed, &err))
		fail_msg("new: %s", err.msg);
	return m;
}

/* Plays n random decisions (and whatever chance brings). */
static void play_some(qv_match *m, int n, uint64_t seed)
{
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	qv_action buf[4096];
	qv_err err;
	for (int i = 0; i < n && !qv_match_over(m); i++) {
		if (qv_match_to_move(m) == QV_CHANCE) {
			qv_match_chance(m, NULL, &err);
			continue;
		}
		int k;
		qv_action a = qv_sample_legal(m->game, m->state, &rng, buf, &k);
		assert_int_equal(qv_match_play(m, a, &err), QV_OK);
	}
}

/* A record written and read back: the same history, leaves and ranks. */
static qv_match *round_trip(const qv_match *m)
{
	json_t *rec = qv_match_record_json(m);
	qv_match *back = NULL;
	qv_err err;
	if (qv_match_load_json(&back, rec, &err))
		fail_msg("load: %s", err.msg);
	json_decref(rec);
	assert_int_equal(back->nhist, m->nhist);
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		assert_int_equal(qv_match_left(back, p), qv_match_left(m, p));
	assert_int_equal(qv_match_over(back), qv_match_over(m));
	return back;
}

static void test_two_players_resign(void **state)
{
	(void)state;
	qv_match *m = new_game("three-arrows", 2, 3);
	play_some(m, 6, 1);
	qv_err err;
	assert_int_equal(qv_match_leave(m, 1, QV_LEFT_RESIGNED, &err), QV_OK);
	assert_true(qv_match_over(m));
	int ranks[QV_MAX_PLAYERS];
	qv_match_ranks(m, ranks);
	assert_int_equal(ranks[0], 1);
	assert_int_equal(ranks[1], 2);
	/* Nothing more: no move, no second leave. */
	assert_int_equal(qv_match_leave(m, 0, QV_LEFT_RESIGNED, &err), QV_ESTATE);
	assert_int_equal(qv_match_play_text(m, "place A a1 N", &err), QV_ESTATE);
	json_t *rec = qv_match_record_json(m);
	json_t *left = json_object_get(rec, "left");
	assert_int_equal(json_array_size(left), 1);
	assert_string_equal(json_string_value(json_object_get(json_array_get(left, 0), "reason")),
	                    "resigned");
	assert_int_equal(json_integer_value(json_object_get(json_array_get(left, 0), "at")),
	                 m->nhist);
	json_t *res = json_array_get(json_object_get(rec, "result"), 1);
	assert_string_equal(json_string_value(json_object_get(res, "reason")), "resigned");
	json_decref(rec);
	qv_match_free(round_trip(m));
	qv_match_free(m);
}

static void test_three_players_zombie(void **state)
{
	(void)state;
	qv_match *m = new_game("three-arrows", 3, 5);
	play_some(m, 5, 2);
	qv_err err;
	assert_int_equal(qv_match_leave(m, 0, QV_LEFT_TIMEOUT, &err), QV_OK);
	assert_false(qv_match_over(m)); /* the game goes on, someone plays p1's seat */
	assert_int_equal(qv_match_leave(m, 0, QV_LEFT_TIMEOUT, &err), QV_ESTATE);
	play_some(m, 4, 3);
	/* Out of time, p1 may come back; a resignation is final. */
	assert_int_equal(qv_match_return(m, 0, &err), QV_OK);
	assert_int_equal(qv_match_left(m, 0), 0);
	assert_int_equal(qv_match_return(m, 1, &err), QV_ESTATE);
	assert_int_equal(qv_match_leave(m, 2, QV_LEFT_RESIGNED, &err), QV_OK);
	assert_int_equal(qv_match_return(m, 2, &err), QV_ESTATE);
	play_some(m, 100000, 4);
	assert_true(qv_match_over(m));
	int ranks[QV_MAX_PLAYERS], game[QV_MAX_PLAYERS];
	qv_match_ranks(m, ranks);
	m->game->ranks(m->state, game);
	/* p3 left: below both others whatever the board says. */
	assert_int_equal(ranks[2], 3);
	assert_true(ranks[0] <= 2 && ranks[1] <= 2);
	qv_match *back = round_trip(m);
	int again[QV_MAX_PLAYERS];
	qv_match_ranks(back, again);
	assert_memory_equal(again, ranks, 3 * sizeof *again);
	qv_match_free(back);
	qv_match_free(m);
}

/* A takeback past a leave keeps the leave, now before what is played again. */
static void test_leave_survives_undo(void **state)
{
	(void)state;
	qv_match *m = new_game("three-arrows", 3, 9);
	play_some(m, 3, 5);
	qv_err err;
	assert_int_equal(qv_match_leave(m, 1, QV_LEFT_TIMEOUT, &err), QV_OK);
	play_some(m, 2, 6);
	assert_int_equal(qv_match_undo(m, &err), QV_OK);
	assert_int_equal(qv_match_undo(m, &err), QV_OK);
	assert_int_equal(qv_match_undo(m, &err), QV_OK);
	assert_int_equal(qv_match_left(m, 1), QV_LEFT_TIMEOUT);
	assert_true(m->left_at[1] <= m->nhist);
	qv_match_free(round_trip(m));
	qv_match_free(m);
}

/* Records with a bad "left" are refused, the field named. */
static void test_bad_records(void **state)
{
	(void)state;
	qv_match *m = new_game("three-arrows", 2, 3);
	play_some(m, 4, 1);
	qv_err err;
	assert_int_equal(qv_match_leave(m, 0, QV_LEFT_RESIGNED, &err), QV_OK);
	json_t *rec = qv_match_record_json(m);
	static const char *const bad[] = {
	    "[{\"player\": \"p9\", \"reason\": \"resigned\", \"at\": 0}]",
	    "[{\"player\": \"p1\", \"reason\": \"bored\", \"at\": 0}]",
	    "[{\"player\": \"p1\", \"reason\": \"resigned\", \"at\": 999}]",
	    "[{\"player\": \"p1\", \"reason\": \"resigned\", \"at\": 0}, {\"player\": \"p1\", "
	    "\"reason\": \"timeout\", \"at\": 1}]",
	    "{\"p1\": 1}",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		json_t *r = json_deep_copy(rec);
		json_object_set_new(r, "left", json_loads(bad[i], 0, NULL));
		qv_match *x = NULL;
		assert_int_equal(qv_match_load_json(&x, r, &err), QV_EINVAL);
		assert_non_null(strstr(err.msg, "left"));
		json_decref(r);
	}
	json_decref(rec);
	qv_match_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_two_players_resign),
	    cmocka_unit_test(test_three_players_zombie),
	    cmocka_unit_test(test_leave_survives_undo),
	    cmocka_unit_test(test_bad_records),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
