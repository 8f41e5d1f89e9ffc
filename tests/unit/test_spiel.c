/*
 * test_spiel.c - the spiel API (include/quiver/spiel.h) over random games of every game: legal
 * ids sorted, distinct and in range, each id's notation read back to the same id, chance
 * probabilities summing to 1, clones and serialized states equal byte for byte, the resampler
 * keeping the seat's view (its strings and tensors) while changing what the seat cannot see,
 * quiver's agents answering legal ids, and bad input refused with a message.
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

#include "engine/spiel/handles.h"

typedef struct config {
	const char *game, *params;
	int games; /* random games played to the end */
} config;

static const config configs[] = {
    {"three-arrows", "", 6}, {"three-arrows", "players=3", 3}, {"concardia", "", 6},
    {"evons", "", 6},        {"arrow-party", "", 6},           {"arrow-party", "players=5", 3},
};

static qv_spiel_game *game(const char *name, const char *params)
{
	qv_spiel_game *g = NULL;
	qv_err err = {{0}};
	if (qv_spiel_game_new(&g, name, params, &err) != QV_OK)
		fail_msg("%s %s refused: %s", name, params, err.msg);
	return g;
}

static bool same(const qv_spiel_state *a, const qv_spiel_state *b)
{
	return a->moves == b->moves && memcmp(a->st, b->st, a->game->g->state_size) == 0;
}

/* Seat p's information state, observation and tensor are the same at x and y. */
static void same_information(const qv_spiel_state *x, const qv_spiel_state *y, int p)
{
	qv_err err = {{0}};
	char *a = qv_spiel_information_state_string(x, p);
	char *b = qv_spiel_information_state_string(y, p);
	assert_string_equal(a, b);
	free(a), free(b);
	a = qv_spiel_observation_string(x, p);
	b = qv_spiel_observation_string(y, p);
	assert_string_equal(a, b);
	free(a), free(b);
	float *ta = malloc(sizeof *ta * QV__SPIEL_TENSOR),
	      *tb = malloc(sizeof *tb * QV__SPIEL_TENSOR);
	assert_true(ta && tb);
	assert_int_equal(qv_spiel_information_state_tensor(x, p, ta, &err), QV_OK);
	assert_int_equal(qv_spiel_information_state_tensor(y, p, tb, &err), QV_OK);
	assert_memory_equal(ta, tb, sizeof *ta * QV__SPIEL_TENSOR);
	free(ta), free(tb);
}

/* At a secret simultaneous step (game.h's together), what the seat to move chooses is hidden
 * from the other seats of the step until all have chosen: two choices after which the same
 * seat is to move leave them the same information state and tensor, and a choice after which
 * the mover goes on choosing (Arrow Party's items, used one by one before `ready`) leaves them
 * the information they had, so that not even the number of its choices shows. Returns whether
 * st was such a step. */
static bool check_together(const qv_spiel_state *s, const int32_t *ids, int n)
{
	const qv_game *g = s->game->g;
	unsigned done = 0, open = g->together ? g->together(s->st, &done) : 0;
	int who = qv_spiel_current_player(s);
	if (who < 0 || !(open & ~(1u << who)))
		return false;
	qv_err err = {{0}};
	int m = n < 8 ? n : 8;
	qv_spiel_state *after[8];
	for (int i = 0; i < m; i++) {
		after[i] = qv_spiel_clone(s);
		assert_int_equal(qv_spiel_apply(after[i], ids[i], &err), QV_OK);
	}
	for (int p = 0; p < s->game->nplayers; p++) {
		if (p == who || !(open >> p & 1))
			continue;
		for (int i = 0; i < m; i++) {
			int next = qv_spiel_current_player(after[i]);
			if (next == who)
				same_information(s, after[i], p);
			for (int j = i + 1; j < m; j++)
				if (qv_spiel_current_player(after[j]) == next)
					same_information(after[i], after[j], p);
		}
	}
	for (int i = 0; i < m; i++)
		qv_spiel_state_free(after[i]);
	return true;
}

/* Every check of one state; returns whether a resample for some seat changed the state. */
static bool check_state(const qv_spiel_state *s, uint64_t seed)
{
	const qv_spiel_game *g = s->game;
	int nd = qv_spiel_num_distinct_actions(g), size = qv_spiel_tensor_size(g);
	int32_t *ids = malloc(sizeof *ids * (size_t)nd);
	assert_non_null(ids);
	qv_err err = {{0}};
	int n = qv_spiel_legal_actions(s, ids, nd, &err);
	if (n < 0)
		fail_msg("%s: legal ids refused: %s", g->g->name, err.msg);
	assert_true(n <= qv_spiel_max_legal_actions(g));
	int who = qv_spiel_current_player(s);
	for (int i = 0; i < n; i++) {
		assert_true(ids[i] >= 0 &&
		            ids[i] <
		                (who == QV_SPIEL_CHANCE ? qv_spiel_max_chance_outcomes(g) : nd));
		if (i)
			assert_true(ids[i - 1] < ids[i]);
		char text[256];
		int len = qv_spiel_action_to_string(s, ids[i], text, sizeof text, &err);
		if (len < 0)
			fail_msg("%s: id %d has no notation: %s", g->g->name, ids[i], err.msg);
		int32_t back = -1;
		if (qv_spiel_string_to_action(s, text, &back, &err) != QV_OK)
			fail_msg("%s: '%s' read back refused: %s", g->g->name, text, err.msg);
		assert_int_equal(back, ids[i]);
	}
	if (who == QV_SPIEL_CHANCE) {
		int32_t cid[256];
		double p[256], sum = 0;
		int m = qv_spiel_chance_outcomes(s, cid, p, 256);
		assert_int_equal(m, n);
		for (int i = 0; i < m; i++) {
			assert_true(p[i] > 0);
			sum += p[i];
		}
		assert_true(fabs(sum - 1) < 1e-9);
	}
	qv_spiel_state *c = qv_spiel_clone(s);
	assert_true(same(s, c));
	qv_spiel_state_free(c);
	size_t blen = 0;
	char *bytes = qv_spiel_serialize(s, &blen);
	assert_non_null(bytes);
	qv_spiel_state *d = NULL;
	if (qv_spiel_deserialize(g, bytes, blen, &d, &err) != QV_OK)
		fail_msg("%s: deserialize refused: %s", g->g->name, err.msg);
	assert_true(same(s, d));
	qv_spiel_state_free(d);
	free(bytes);
	bool changed = false;
	float *t1 = malloc(sizeof *t1 * (size_t)size), *t2 = malloc(sizeof *t2 * (size_t)size);
	assert_true(t1 && t2);
	for (int p = 0; p < qv_spiel_num_players(g); p++) {
		qv_spiel_state *r = NULL;
		assert_int_equal(qv_spiel_resample(s, p, seed + (uint64_t)p, &r, &err), QV_OK);
		char *a = qv_spiel_information_state_string(s, p);
		char *b = qv_spiel_information_state_string(r, p);
		assert_string_equal(a, b);
		free(a), free(b);
		a = qv_spiel_observation_string(s, p);
		b = qv_spiel_observation_string(r, p);
		assert_string_equal(a, b);
		free(a), free(b);
		assert_int_equal(qv_spiel_information_state_tensor(s, p, t1, &err), QV_OK);
		assert_int_equal(qv_spiel_observation_tensor(r, p, t2, &err), QV_OK);
		assert_memory_equal(t1, t2, sizeof *t1 * (size_t)size);
		/* The seat to move keeps its options in every world it cannot tell apart. */
		if (p == who) {
			int32_t *rid = malloc(sizeof *rid * (size_t)nd);
			assert_non_null(rid);
			assert_int_equal(qv_spiel_legal_actions(r, rid, nd, &err), n);
			assert_memory_equal(rid, ids, sizeof *ids * (size_t)n);
			free(rid);
		}
		changed |= !same(s, r);
		qv_spiel_state_free(r);
	}
	free(t1), free(t2), free(ids);
	return changed;
}

static void test_random_games(void **state)
{
	(void)state;
	for (size_t c = 0; c < sizeof configs / sizeof *configs; c++) {
		qv_spiel_game *g = game(configs[c].game, configs[c].params);
		int nd = qv_spiel_num_distinct_actions(g);
		int32_t *ids = malloc(sizeof *ids * (size_t)nd);
		assert_non_null(ids);
		int hidden = 0, steps = 0, together = 0;
		for (int k = 0; k < configs[c].games; k++) {
			qv_spiel_state *s = NULL;
			qv_err err = {{0}};
			assert_int_equal(qv_spiel_new_initial_state(g, (uint64_t)k + 1, &s, &err),
			                 QV_OK);
			qv_rng rng;
			qv_rng_seed(&rng, (uint64_t)k * 7919 + c);
			int moves = 0;
			while (qv_spiel_current_player(s) != QV_SPIEL_TERMINAL) {
				assert_int_equal(qv_spiel_move_number(s), moves);
				hidden += check_state(s, qv_rng_next(&rng));
				int n = qv_spiel_legal_actions(s, ids, nd, &err);
				assert_true(n > 0);
				together += check_together(s, ids, n);
				int32_t id = ids[qv_rng_below(&rng, (uint32_t)n)];
				if (qv_spiel_current_player(s) == QV_SPIEL_CHANCE) {
					int32_t cid[256];
					double p[256];
					int m = qv_spiel_chance_outcomes(s, cid, p, 256);
					double x =
					    (double)(qv_rng_next(&rng) >> 11) / 9007199254740992.0;
					id = cid[m - 1];
					for (int i = 0; i < m; i++)
						if ((x -= p[i]) < 0) {
							id = cid[i];
							break;
						}
				}
				if (qv_spiel_apply(s, id, &err) != QV_OK)
					fail_msg("%s: legal id %d refused: %s", configs[c].game, id,
					         err.msg);
				steps++;
				moves++;
			}
			double ret[QV_MAX_PLAYERS];
			qv_spiel_returns(s, ret);
			for (int p = 0; p < qv_spiel_num_players(g); p++)
				assert_true(ret[p] >= -1 && ret[p] <= 1);
			assert_int_equal(qv_spiel_legal_actions(s, ids, nd, &err), 0);
			qv_spiel_state_free(s);
		}
		/* Every game but THREE ARROWS without covers hides something a resample redraws. */
		if (strcmp(configs[c].game, "three-arrows") != 0 && hidden == 0)
			fail_msg("%s: no resample changed anything hidden", configs[c].game);
		/* ConCardia's start cards and Arrow Party's items, throws and directions. */
		if ((strcmp(configs[c].game, "concardia") == 0 ||
		     strcmp(configs[c].game, "arrow-party") == 0) &&
		    together == 0)
			fail_msg("%s: no secret simultaneous step met", configs[c].game);
		print_message("%s %s: %d steps, %d states with something hidden, %d in a "
		              "simultaneous step, %d ids\n",
		              configs[c].game, configs[c].params, steps, hidden, together, nd);
		free(ids);
		qv_spiel_game_free(g);
	}
}

/* The widest payloads the games' notation accepts map to ids and back: random games seldom
 * reach them (a THREE ARROWS player holding 6,000 bonus pieces). */
static void test_widest_payloads(void **state)
{
	(void)state;
	static const struct {
		const char *game, *text;
	} wide[] = {
	    {"three-arrows", "bonus 6000"},
	    {"three-arrows", "bonus 2"},
	};
	for (size_t i = 0; i < sizeof wide / sizeof *wide; i++) {
		qv_spiel_game *g = game(wide[i].game, "size=8");
		qv_spiel_state *s = NULL;
		qv_err err = {{0}};
		assert_int_equal(qv_spiel_new_initial_state(g, 1, &s, &err), QV_OK);
		qv_action a, back;
		if (g->g->action_from_text(s->st, wide[i].text, &a, &err) != QV_OK)
			fail_msg("%s: '%s' refused: %s", wide[i].game, wide[i].text, err.msg);
		int32_t id;
		if (qv__spiel_id_of(s, a, NULL, 0, &id, &err) != QV_OK)
			fail_msg("%s: '%s' has no id: %s", wide[i].game, wide[i].text, err.msg);
		assert_true(id >= 0 && id < qv_spiel_num_distinct_actions(g));
		assert_int_equal(qv__spiel_action_of(s, id, &back, &err), QV_OK);
		assert_int_equal(back, a);
		qv_spiel_state_free(s);
		qv_spiel_game_free(g);
	}
}

static void test_agents(void **state)
{
	(void)state;
	for (int i = 0; qv_spiel_game_name_at(i); i++) {
		qv_spiel_game *g = game(qv_spiel_game_name_at(i), "");
		qv_spiel_agent *a = NULL;
		qv_err err = {{0}};
		assert_int_equal(qv_spiel_agent_new(g, "mcts:iterations=50", 3, &a, &err), QV_OK);
		qv_spiel_state *s = NULL;
		assert_int_equal(qv_spiel_new_initial_state(g, 5, &s, &err), QV_OK);
		for (int k = 0; k < 12 && qv_spiel_current_player(s) != QV_SPIEL_TERMINAL; k++) {
			int32_t id;
			if (qv_spiel_current_player(s) == QV_SPIEL_CHANCE) {
				assert_int_not_equal(qv_spiel_agent_step(a, s, &id, &err), QV_OK);
				id = 0;
			} else if (qv_spiel_agent_step(a, s, &id, &err) != QV_OK) {
				fail_msg("%s: agent failed: %s", g->g->name, err.msg);
			}
			if (qv_spiel_apply(s, id, &err) != QV_OK)
				fail_msg("%s: the agent's id %d refused: %s", g->g->name, id,
				         err.msg);
		}
		qv_spiel_state_free(s);
		qv_spiel_agent_free(a);
		assert_int_equal(qv_spiel_agent_new(g, "nobody", 3, &a, &err), QV_EINVAL);
		qv_spiel_game_free(g);
	}
}

static void expect(qv_status rc, qv_status want, const qv_err *err, const char *says)
{
	assert_int_equal(rc, want);
	if (!strstr(err->msg, says))
		fail_msg("'%s' does not say '%s'", err->msg, says);
}

static void test_bad_input(void **state)
{
	(void)state;
	qv_spiel_game *g = NULL;
	qv_err err = {{0}};
	expect(qv_spiel_game_new(&g, "chess", "", &err), QV_EINVAL, &err, "unknown game 'chess'");
	expect(qv_spiel_game_new(&g, "evons", "players=7", &err), QV_EINVAL, &err, "players");
	expect(qv_spiel_game_new(&g, "evons", "colour=red", &err), QV_EINVAL, &err, "colour");
	assert_null(g);
	g = game("three-arrows", "players=2");
	qv_spiel_state *s = NULL;
	assert_int_equal(qv_spiel_new_initial_state(g, 1, &s, &err), QV_OK);
	int nd = qv_spiel_num_distinct_actions(g);
	expect(qv_spiel_apply(s, nd, &err), QV_EINVAL, &err, "out of range");
	expect(qv_spiel_apply(s, -1, &err), QV_EINVAL, &err, "out of range");
	int32_t first;
	assert_true(qv_spiel_legal_actions(s, &first, 1, &err) > 0);
	/* An id in range no rule allows now: the first segment's ids below the first legal. */
	int32_t ids[20000];
	int n = qv_spiel_legal_actions(s, ids, 20000, &err);
	int32_t bad = 0;
	for (int i = 0; i < n && ids[i] == bad; i++)
		bad++;
	expect(qv_spiel_apply(s, bad, &err), QV_EILLEGAL, &err, "not legal now");
	int32_t id = -7;
	expect(qv_spiel_string_to_action(s, "banana", &id, &err), QV_EINVAL, &err, "");
	expect(qv_spiel_string_to_action(s, NULL, &id, &err), QV_EINVAL, &err, "no notation");
	/* A negative room writes nothing and still counts. */
	assert_int_equal(qv_spiel_legal_actions(s, &id, -5, &err), n);
	assert_int_equal(id, -7);
	float t[QV__SPIEL_TENSOR];
	expect(qv_spiel_information_state_tensor(s, 2, t, &err), QV_EINVAL, &err, "no seat");
	assert_null(qv_spiel_information_state_string(s, 5));

	size_t len;
	char *bytes = qv_spiel_serialize(s, &len);
	qv_spiel_state *d = NULL;
	expect(qv_spiel_deserialize(g, "hello", 5, &d, &err), QV_EINVAL, &err, "corrupted");
	expect(qv_spiel_deserialize(g, NULL, 5, &d, &err), QV_EINVAL, &err, "no serialized state");
	expect(qv_spiel_deserialize(g, bytes, 0, &d, &err), QV_EINVAL, &err, "corrupted");
	expect(qv_spiel_deserialize(g, bytes, len / 2, &d, &err), QV_EINVAL, &err, "corrupted");
	char *bad_bytes = malloc(len);
	memcpy(bad_bytes, bytes, len);
	bad_bytes[len - 2] = '#';
	expect(qv_spiel_deserialize(g, bad_bytes, len, &d, &err), QV_EINVAL, &err, "corrupted");
	memcpy(bad_bytes, bytes, len);
	char *o = strstr(bad_bytes, "\"turn\":");
	if (o)
		memcpy(o, "\"tuxn\":", 7);
	if (o)
		expect(qv_spiel_deserialize(g, bad_bytes, len, &d, &err), QV_EINVAL, &err,
		       "corrupted");
	qv_spiel_game *g3 = game("three-arrows", "players=3");
	expect(qv_spiel_deserialize(g3, bytes, len, &d, &err), QV_EINVAL, &err, "parameters");
	qv_spiel_game *e = game("evons", "");
	expect(qv_spiel_deserialize(e, bytes, len, &d, &err), QV_EINVAL, &err, "three-arrows");
	assert_null(d);
	free(bad_bytes);
	free(bytes);
	qv_spiel_state_free(s);
	qv_spiel_game_free(g);
	qv_spiel_game_free(g3);
	qv_spiel_game_free(e);
}

static void test_max_game_length(void **state)
{
	(void)state;
	qv_spiel_game *g = game("evons", "max_game_length=5");
	assert_int_equal(qv_spiel_max_game_length(g), 5);
	assert_string_equal(qv_spiel_game_params(g), "max_game_length=5");
	qv_spiel_state *s = NULL;
	qv_err err = {{0}};
	assert_int_equal(qv_spiel_new_initial_state(g, 2, &s, &err), QV_OK);
	int32_t ids[4096];
	for (int k = 0; k < 5; k++) {
		assert_int_not_equal(qv_spiel_current_player(s), QV_SPIEL_TERMINAL);
		assert_true(qv_spiel_legal_actions(s, ids, 4096, &err) > 0);
		assert_int_equal(qv_spiel_apply(s, ids[0], &err), QV_OK);
	}
	assert_int_equal(qv_spiel_current_player(s), QV_SPIEL_TERMINAL);
	assert_int_equal(qv_spiel_legal_actions(s, ids, 4096, &err), 0);
	expect(qv_spiel_apply(s, 0, &err), QV_ESTATE, &err, "max_game_length");
	size_t len;
	char *bytes = qv_spiel_serialize(s, &len);
	qv_spiel_state *d = NULL;
	assert_int_equal(qv_spiel_deserialize(g, bytes, len, &d, &err), QV_OK);
	assert_int_equal(qv_spiel_current_player(d), QV_SPIEL_TERMINAL);
	free(bytes);
	qv_spiel_state_free(d);
	qv_spiel_state_free(s);
	qv_spiel_game_free(g);
	qv_spiel_game *e = game("evons", "");
	assert_int_equal(qv_spiel_max_game_length(e), QV_SPIEL_MAX_GAME_LENGTH);
	qv_spiel_game_free(e);
	expect(qv_spiel_game_new(&e, "evons", "max_game_length=0", &err), QV_EINVAL, &err,
	       "max_game_length");
	expect(qv_spiel_game_new(&e, "evons", "max_game_length=x", &err), QV_EINVAL, &err,
	       "1-100000000");
}

static void test_version(void **state)
{
	(void)state;
	assert_int_equal(qv_spiel_api_version(), QV_SPIEL_API_VERSION);
	assert_string_equal(qv_spiel_game_name_at(0), "three-arrows");
	assert_null(qv_spiel_game_name_at(4));
	qv_spiel_game *g = game("arrow-party", "players=4");
	assert_int_equal(qv_spiel_num_players(g), 4);
	assert_string_equal(qv_spiel_game_params(g), "players=4");
	qv_spiel_game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_version),         cmocka_unit_test(test_random_games),
	    cmocka_unit_test(test_widest_payloads), cmocka_unit_test(test_agents),
	    cmocka_unit_test(test_bad_input),       cmocka_unit_test(test_max_game_length),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
