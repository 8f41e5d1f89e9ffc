/*
 * test_spiel.c - the spiel API (include/quiver/spiel.h) over random games of every game: legal
 * ids sorted, distinct and in range, each id's notation read back to the same id, chance
 * probabilities summing to 1, clones and serialized states equal byte for byte (their history
 * too), the resampler keeping the seat's view (its strings and tensors) while changing what
 * the seat cannot see, information states with perfect recall (two histories a seat can tell
 * apart give it different ones, two it cannot give it the same), quiver's agents answering
 * legal ids, and bad input refused with a message.
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
#include <jansson.h>

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

/* The same state with the same history: what a clone or a deserialized state must be. */
static bool same_history(const qv_spiel_state *a, const qv_spiel_state *b)
{
	size_t n = a->game->g->state_size;
	return same(a, b) && a->base_moves == b->base_moves && a->nhist == b->nhist &&
	       (a->nhist == 0 ||
	        memcmp(a->hist, b->hist, sizeof *a->hist * (size_t)a->nhist) == 0) &&
	       memcmp(QV__SPIEL_BASE(a), QV__SPIEL_BASE(b), n) == 0 && a->known == b->known &&
	       (a->prior ? b->prior && strcmp(a->prior, b->prior) == 0 : !b->prior);
}

/* s serialized, read back and serialized again: the same state, history and bytes. */
static void round_trip(const qv_spiel_state *s)
{
	const qv_spiel_game *g = s->game;
	qv_err err = {{0}};
	qv_spiel_state *c = qv_spiel_clone(s);
	assert_non_null(c);
	assert_true(same_history(s, c));
	qv_spiel_state_free(c);
	size_t blen = 0, blen2 = 0;
	char *bytes = qv_spiel_serialize(s, &blen);
	assert_non_null(bytes);
	qv_spiel_state *d = NULL;
	if (qv_spiel_deserialize(g, bytes, blen, &d, &err) != QV_OK)
		fail_msg("%s: deserialize refused: %s", g->g->name, err.msg);
	assert_true(same_history(s, d));
	char *again = qv_spiel_serialize(d, &blen2);
	assert_non_null(again);
	assert_int_equal(blen, blen2);
	assert_memory_equal(bytes, again, blen);
	free(again);
	qv_spiel_state_free(d);
	free(bytes);
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
	round_trip(s);
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
		assert_int_equal(qv_spiel_information_state_tensor(r, p, t2, &err), QV_OK);
		assert_memory_equal(t1, t2, sizeof *t1 * (size_t)size);
		assert_int_equal(qv_spiel_observation_tensor(s, p, t1, &err), QV_OK);
		assert_int_equal(qv_spiel_observation_tensor(r, p, t2, &err), QV_OK);
		assert_memory_equal(t1, t2, sizeof *t1 * (size_t)size);
		/* A world keeps the seat's earlier observations through a round trip. */
		if (p == 0)
			round_trip(r);
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

/* A random id at s (which is not over): a legal action of the seat to move, or a chance
 * outcome drawn by its probability. */
static int32_t random_id(const qv_spiel_state *s, qv_rng *rng, int32_t *ids, int nd)
{
	qv_err err = {{0}};
	int n = qv_spiel_legal_actions(s, ids, nd, &err);
	assert_true(n > 0);
	if (qv_spiel_current_player(s) != QV_SPIEL_CHANCE)
		return ids[qv_rng_below(rng, (uint32_t)n)];
	int32_t cid[256];
	double p[256];
	int m = qv_spiel_chance_outcomes(s, cid, p, 256);
	double x = (double)(qv_rng_next(rng) >> 11) / 9007199254740992.0;
	for (int i = 0; i < m; i++)
		if ((x -= p[i]) < 0)
			return cid[i];
	return cid[m - 1];
}

/* Seat p's view (view_json) as text: what the game says p may know now. */
static char *view_of(const qv_spiel_state *s, int p)
{
	json_t *v = s->game->g->view_json(s->st, p);
	assert_non_null(v);
	char *text = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(v);
	assert_non_null(text);
	return text;
}

/* Whether seat p's information state (string, and tensor but for a hash collision, which the
 * fixed seeds here do not meet) is the same at x and y. */
static bool same_recall(const qv_spiel_state *x, const qv_spiel_state *y, int p, bool *tensor)
{
	qv_err err = {{0}};
	char *a = qv_spiel_information_state_string(x, p);
	char *b = qv_spiel_information_state_string(y, p);
	assert_true(a && b);
	bool eq = strcmp(a, b) == 0;
	free(a), free(b);
	float *ta = malloc(sizeof *ta * QV__SPIEL_TENSOR),
	      *tb = malloc(sizeof *tb * QV__SPIEL_TENSOR);
	assert_true(ta && tb);
	assert_int_equal(qv_spiel_information_state_tensor(x, p, ta, &err), QV_OK);
	assert_int_equal(qv_spiel_information_state_tensor(y, p, tb, &err), QV_OK);
	*tensor = memcmp(ta, tb, sizeof *ta * QV__SPIEL_TENSOR) == 0;
	free(ta), free(tb);
	return eq;
}

/* Perfect recall: at states of random games, two different actions lead to x and y; a seat
 * that made them, or whose view differs after them, can tell x and y apart, so its
 * information states (string and tensor) must differ, and go on differing while both games
 * go on with the same actions, even where its views come to agree again (which only the
 * recall of what it saw can tell apart). */
static void test_perfect_recall(void **state)
{
	(void)state;
	for (size_t c = 0; c < sizeof configs / sizeof *configs; c++) {
		qv_spiel_game *g = game(configs[c].game, configs[c].params);
		int nd = qv_spiel_num_distinct_actions(g), np = qv_spiel_num_players(g);
		int32_t *ids = malloc(sizeof *ids * (size_t)nd),
		        *more = malloc(sizeof *more * (size_t)nd);
		assert_true(ids && more);
		int apart = 0, recalled = 0;
		qv_rng rng;
		qv_rng_seed(&rng, 4242 + c);
		for (int k = 0; k < 2; k++) {
			qv_spiel_state *s = NULL;
			qv_err err = {{0}};
			assert_int_equal(qv_spiel_new_initial_state(g, (uint64_t)k + 11, &s, &err),
			                 QV_OK);
			for (int step = 0;
			     step < 60 && qv_spiel_current_player(s) != QV_SPIEL_TERMINAL; step++) {
				int n = qv_spiel_legal_actions(s, ids, nd, &err);
				int who = qv_spiel_current_player(s);
				if (n >= 2 && step % 3 == 0) {
					int32_t a = ids[qv_rng_below(&rng, (uint32_t)n)], b = a;
					while (b == a)
						b = ids[qv_rng_below(&rng, (uint32_t)n)];
					for (int p = 0; p < np; p++) {
						qv_spiel_state *x = qv_spiel_clone(s),
						               *y = qv_spiel_clone(s);
						assert_int_equal(qv_spiel_apply(x, a, &err), QV_OK);
						assert_int_equal(qv_spiel_apply(y, b, &err), QV_OK);
						char *vx = view_of(x, p), *vy = view_of(y, p);
						bool told = who == p || strcmp(vx, vy) != 0;
						free(vx), free(vy);
						for (int more_steps = 0; told && more_steps < 6;
						     more_steps++) {
							bool tensor;
							if (same_recall(x, y, p, &tensor))
								fail_msg(
								    "%s: seat %d told ids %d and %d "
								    "apart, but not %d steps later",
								    g->g->name, p, a, b,
								    more_steps);
							assert_false(tensor);
							apart++;
							vx = view_of(x, p), vy = view_of(y, p);
							recalled += strcmp(vx, vy) == 0;
							free(vx), free(vy);
							if (qv_spiel_current_player(x) ==
							        QV_SPIEL_TERMINAL ||
							    qv_spiel_current_player(x) !=
							        qv_spiel_current_player(y))
								break;
							int32_t id = random_id(x, &rng, more, nd);
							assert_int_equal(
							    qv_spiel_apply(x, id, &err), QV_OK);
							if (qv_spiel_apply(y, id, &err) != QV_OK)
								break;
						}
						qv_spiel_state_free(x);
						qv_spiel_state_free(y);
					}
				}
				assert_int_equal(
				    qv_spiel_apply(s, random_id(s, &rng, ids, nd), &err), QV_OK);
			}
			qv_spiel_state_free(s);
		}
		print_message("%s %s: %d pairs told apart, %d of them by recall alone\n",
		              configs[c].game, configs[c].params, apart, recalled);
		assert_true(apart > 0);
		free(ids), free(more);
		qv_spiel_game_free(g);
	}
}

/* Secrecy: a world resampled for seat p (everything hidden from p redrawn) and the true state
 * go on with the same actions; while p's views agree at every step, p cannot tell the two
 * histories apart, so its information state (string and tensor) must be the same in both,
 * though the worlds differ in what p cannot see: nothing hidden from p reaches it. */
static void test_secrecy(void **state)
{
	(void)state;
	for (size_t c = 0; c < sizeof configs / sizeof *configs; c++) {
		qv_spiel_game *g = game(configs[c].game, configs[c].params);
		int nd = qv_spiel_num_distinct_actions(g), np = qv_spiel_num_players(g);
		int32_t *ids = malloc(sizeof *ids * (size_t)nd);
		assert_non_null(ids);
		int compared = 0, differing = 0;
		qv_rng rng;
		qv_rng_seed(&rng, 777 + c);
		for (int k = 0; k < 2; k++) {
			qv_spiel_state *s = NULL;
			qv_err err = {{0}};
			assert_int_equal(qv_spiel_new_initial_state(g, (uint64_t)k + 21, &s, &err),
			                 QV_OK);
			for (int step = 0;
			     step < 80 && qv_spiel_current_player(s) != QV_SPIEL_TERMINAL; step++) {
				for (int p = 0; p < np && step % 4 == 0; p++) {
					qv_spiel_state *x = qv_spiel_clone(s), *r = NULL;
					assert_int_equal(
					    qv_spiel_resample(s, p, qv_rng_next(&rng), &r, &err),
					    QV_OK);
					for (int more = 0; more < 8; more++) {
						char *vx = view_of(x, p), *vr = view_of(r, p);
						bool agree = strcmp(vx, vr) == 0;
						free(vx), free(vr);
						if (!agree)
							break;
						bool tensor;
						if (!same_recall(x, r, p, &tensor))
							fail_msg(
							    "%s: seat %d's information state differs "
							    "between two histories it cannot tell apart",
							    g->g->name, p);
						assert_true(tensor);
						compared++;
						differing += !same(x, r);
						if (qv_spiel_current_player(x) ==
						        QV_SPIEL_TERMINAL ||
						    qv_spiel_current_player(x) !=
						        qv_spiel_current_player(r))
							break;
						int32_t id = random_id(x, &rng, ids, nd);
						assert_int_equal(qv_spiel_apply(x, id, &err),
						                 QV_OK);
						if (qv_spiel_apply(r, id, &err) != QV_OK)
							break;
					}
					qv_spiel_state_free(x);
					qv_spiel_state_free(r);
				}
				assert_int_equal(
				    qv_spiel_apply(s, random_id(s, &rng, ids, nd), &err), QV_OK);
			}
			qv_spiel_state_free(s);
		}
		print_message("%s %s: %d comparisons, %d of them of worlds that differ\n",
		              configs[c].game, configs[c].params, compared, differing);
		/* Every game but THREE ARROWS without covers has something hidden to redraw. */
		if (strcmp(configs[c].game, "three-arrows") != 0)
			assert_true(differing > 0);
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
	/* Format 1 held no history; the body's fields are checked one by one. */
	static const struct {
		const char *from, *to, *says;
	} edits[] = {
	    {"quiver-spiel 2", "quiver-spiel 1", "format 1"},
	    {"\"known\":-1", "\"known\":7", "known 7 is neither -1 nor a seat"},
	    {"\"prior\":null", "\"prior\":\"p1 ?\\n\"", "held only for the seat"},
	    {"\"history\":[]", "\"history\":[2147483647]", "longer than moves 0"},
	    {"\"history\":[]", "\"history\":{}", "expected the object"},
	};
	for (size_t k = 0; k < sizeof edits / sizeof *edits; k++) {
		qv_buf text = {0};
		const char *at = strstr(bytes, edits[k].from);
		assert_non_null(at);
		qv_buf_putn(&text, bytes, (size_t)(at - bytes));
		qv_buf_puts(&text, edits[k].to);
		qv_buf_puts(&text, at + strlen(edits[k].from));
		expect(qv_spiel_deserialize(g, text.s, text.len, &d, &err), QV_EINVAL, &err,
		       edits[k].says);
		if (k == 3) {
			/* With the move counted, the action itself is checked. */
			char *m = strstr(text.s, "moves 0");
			assert_non_null(m);
			m[6] = '1';
			expect(qv_spiel_deserialize(g, text.s, text.len, &d, &err), QV_EINVAL, &err,
			       "history entry 0 (action 2147483647) is not legal there");
		}
		qv_buf_free(&text);
	}
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
	    cmocka_unit_test(test_perfect_recall),  cmocka_unit_test(test_secrecy),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
