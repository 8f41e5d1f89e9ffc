/*
 * test_spiel.c - the spiel API (include/quiver/spiel.h) over random games of every game:
 * legal ids sorted, distinct and in range, each id's notation read back to the same id, any
 * id in range named, chance probabilities summing to 1, clones and serialized states equal
 * byte for byte (their history too), the resampler keeping the seat's view while changing what
 * it cannot see, the initial state the same on every call, returns 0 before the end and summing
 * to 0 at it, the history and takebacks, sampled chance, the game's metadata and parameters,
 * quiver's agents answering legal ids, and bad input refused with a message. The information
 * states are test_spiel_recall.c's, the deal test_spiel_deal.c's, the tensors and factored
 * actions test_spiel_tensor.c's.
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

#include "spieltest.h"

/* The same state with the same history: what a clone or a deserialized state must be. */
static bool same_history(const qv_spiel_state *a, const qv_spiel_state *b)
{
	size_t n = a->game->g->state_size;
	return spiel_same(a, b) && a->base_moves == b->base_moves && a->nhist == b->nhist &&
	       a->decisions == b->decisions &&
	       (a->nhist == 0 ||
	        (memcmp(a->hist, b->hist, sizeof *a->hist * (size_t)a->nhist) == 0 &&
	         memcmp(a->who, b->who, (size_t)a->nhist) == 0)) &&
	       memcmp(QV__BASE(a), QV__BASE(b), n) == 0 && a->known == b->known &&
	       (!a->deal || memcmp(a->deal, b->deal, sizeof *a->deal) == 0);
}

/* s cloned, serialized, read back and serialized again: the same state, history and bytes. */
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
		fail_msg("%s: deserialize refused: %s\n%s", g->g->name, err.msg, bytes);
	assert_true(same_history(s, d));
	char *again = qv_spiel_serialize(d, &blen2);
	assert_non_null(again);
	assert_int_equal(blen, blen2);
	assert_memory_equal(bytes, again, blen);
	free(again);
	qv_spiel_state_free(d);
	free(bytes);
}

/* The ids at s: sorted, in range, named and read back; chance's probabilities sum to 1. */
static void check_ids(const qv_spiel_state *s)
{
	const qv_spiel_game *g = s->game;
	int cap = qv_spiel_max_legal_actions(g), nd = qv_spiel_num_distinct_actions(g);
	int32_t *ids = malloc(sizeof *ids * (size_t)cap);
	double *p = malloc(sizeof *p * (size_t)cap);
	assert_true(ids && p);
	qv_err err = {{0}};
	int n = qv_spiel_legal_actions(s, ids, cap, &err);
	if (n < 0)
		fail_msg("%s: legal ids refused: %s", g->g->name, err.msg);
	int who = qv_spiel_current_player(s);
	int range = who == QV_SPIEL_CHANCE ? qv_spiel_max_chance_outcomes(g) : nd;
	for (int i = 0; i < n; i++) {
		assert_true(ids[i] >= 0 && ids[i] < range);
		if (i)
			assert_true(ids[i - 1] < ids[i]);
		char text[256];
		if (qv_spiel_action_to_string(s, ids[i], text, sizeof text, &err) < 0)
			fail_msg("%s: id %d has no notation: %s", g->g->name, ids[i], err.msg);
		int32_t back = -1;
		if (qv_spiel_string_to_action(s, text, &back, &err) != QV_OK)
			fail_msg("%s: '%s' read back refused: %s", g->g->name, text, err.msg);
		assert_int_equal(back, ids[i]);
	}
	if (who == QV_SPIEL_CHANCE) {
		int m = qv_spiel_chance_outcomes(s, ids, p, cap);
		assert_int_equal(m, n);
		double sum = 0;
		for (int i = 0; i < m; i++) {
			assert_true(p[i] > 0);
			sum += p[i];
		}
		assert_true(fabs(sum - 1) < 1e-9);
	}
	free(ids);
	free(p);
}

/* Every check of one state; returns whether a resample for some seat changed the state. */
static bool check_state(const qv_spiel_state *s, uint64_t seed)
{
	const qv_spiel_game *g = s->game;
	check_ids(s);
	round_trip(s);
	double ret[QV_MAX_PLAYERS];
	qv_spiel_returns(s, ret);
	for (int p = 0; p < g->nplayers; p++)
		assert_true(ret[p] == 0); /* the end is terminal: not here */
	if (s->deal)
		return false; /* the resampler waits for a decision */
	bool changed = false;
	qv_err err = {{0}};
	int cap = qv_spiel_max_legal_actions(g), who = qv_spiel_current_player(s);
	int32_t *ids = malloc(sizeof *ids * (size_t)cap), *rid = malloc(sizeof *rid * (size_t)cap);
	assert_true(ids && rid);
	int n = qv_spiel_legal_actions(s, ids, cap, &err);
	for (int p = 0; p < g->nplayers; p++) {
		qv_spiel_state *r = NULL;
		assert_int_equal(qv_spiel_resample(s, p, seed + (uint64_t)p, &r, &err), QV_OK);
		char *a = spiel_view(s, p), *b = spiel_view(r, p);
		assert_string_equal(a, b);
		free(a), free(b);
		/* The seat to move keeps its options in every world it cannot tell apart. */
		if (p == who) {
			assert_int_equal(qv_spiel_legal_actions(r, rid, cap, &err), n);
			assert_memory_equal(rid, ids, sizeof *ids * (size_t)n);
		}
		if (p == 0)
			round_trip(r);
		changed |= !spiel_same(s, r);
		qv_spiel_state_free(r);
	}
	free(ids);
	free(rid);
	return changed;
}

static void test_random_games(void **state)
{
	(void)state;
	for (int c = 0; c < spiel_nconfigs; c++) {
		const spiel_config *cf = &spiel_configs[c];
		qv_spiel_game *g = spiel_game(cf->game, cf->params);
		int hidden = 0, steps = 0;
		for (int k = 0; k < cf->games; k++) {
			qv_spiel_state *s = spiel_start(g);
			qv_rng rng;
			qv_rng_seed(&rng, (uint64_t)k * 7919 + (uint64_t)c);
			int moves = 0;
			while (qv_spiel_current_player(s) != QV_SPIEL_TERMINAL) {
				assert_int_equal(qv_spiel_move_number(s), moves);
				/* every state early on, then one in five: the API is the same */
				if (moves < 60 || moves % 5 == 0)
					hidden += check_state(s, qv_rng_next(&rng));
				spiel_apply(s, spiel_random_id(s, &rng));
				steps++;
				moves++;
			}
			assert_true(s->decisions <= qv_spiel_max_game_length(g));
			assert_true(s->moves - s->decisions <= qv_spiel_max_chance_nodes(g));
			double ret[QV_MAX_PLAYERS], sum = 0;
			qv_spiel_returns(s, ret);
			for (int p = 0; p < g->nplayers; p++) {
				assert_true(ret[p] >= -1 && ret[p] <= 1);
				sum += ret[p];
			}
			assert_true(fabs(sum) < 1e-9); /* zero-sum */
			assert_false(qv_spiel_truncated(s));
			int32_t id;
			qv_err err = {{0}};
			assert_int_equal(qv_spiel_legal_actions(s, &id, 1, &err), 0);
			round_trip(s);
			qv_spiel_state_free(s);
		}
		if (!qv_spiel_perfect_information(g) && hidden == 0)
			fail_msg("%s: no resample changed anything hidden", cf->game);
		print_message("%s %s: %d steps, %d states with something hidden\n", cf->game,
		              cf->params, steps, hidden);
		qv_spiel_game_free(g);
	}
}

/* The initial state is the same on every call: chance deals after it. */
static void test_initial_state(void **state)
{
	(void)state;
	for (int i = 0; qv_spiel_game_name_at(i); i++) {
		qv_spiel_game *g = spiel_game(qv_spiel_game_name_at(i), "");
		qv_spiel_state *a = spiel_start(g), *b = spiel_start(g);
		size_t la, lb;
		char *x = qv_spiel_serialize(a, &la), *y = qv_spiel_serialize(b, &lb);
		assert_int_equal(la, lb);
		assert_memory_equal(x, y, la);
		/* the three card games deal first */
		if (i > 0)
			assert_int_equal(qv_spiel_current_player(a), QV_SPIEL_CHANCE);
		free(x), free(y);
		qv_spiel_state_free(a);
		qv_spiel_state_free(b);
		qv_spiel_game_free(g);
	}
}

/* The history names every id applied with who chose it; a takeback gives back the state
 * before, byte for byte, and refuses an action that is not the last. */
static void test_history_and_undo(void **state)
{
	(void)state;
	for (int c = 0; c < spiel_nconfigs; c++) {
		qv_spiel_game *g = spiel_game(spiel_configs[c].game, spiel_configs[c].params);
		qv_spiel_state *s = spiel_start(g);
		qv_rng rng;
		qv_rng_seed(&rng, 99 + (uint64_t)c);
		int32_t ids[200];
		int8_t who[200];
		qv_err err = {{0}};
		for (int k = 0; k < 120 && qv_spiel_current_player(s) != QV_SPIEL_TERMINAL; k++) {
			int32_t id = spiel_random_id(s, &rng);
			int player = qv_spiel_current_player(s);
			qv_spiel_state *before = qv_spiel_clone(s);
			if (k % 3 == 0) /* a state that keeps its information states, too */
				free(qv_spiel_information_state_string(s, 0));
			spiel_apply(s, id);
			ids[k] = id;
			who[k] = (int8_t)player;
			int32_t hid[200];
			int8_t hwho[200];
			assert_int_equal(qv_spiel_history(s, hid, hwho, 200), k + 1);
			assert_memory_equal(hid, ids, sizeof *ids * (size_t)(k + 1));
			assert_memory_equal(hwho, who, (size_t)(k + 1));
			if (k % 7 == 0) {
				qv_spiel_state *u = qv_spiel_clone(s);
				spiel_expect(qv_spiel_undo(u, player, id + 1, &err), QV_EINVAL,
				             &err, "the last action is");
				assert_int_equal(qv_spiel_undo(u, player, id, &err), QV_OK);
				assert_true(same_history(u, before));
				qv_spiel_state_free(u);
			}
			qv_spiel_state_free(before);
		}
		qv_spiel_state_free(s);
		qv_spiel_game_free(g);
	}
}

/* chance=sampled: no chance node, a new deal for each initial state, and a sampled state that
 * serializes and reads back with its generator. */
static void test_sampled(void **state)
{
	(void)state;
	qv_spiel_game *g = spiel_game("concardia", "chance=sampled,rng_seed=5");
	qv_spiel_game *h = spiel_game("concardia", "chance=sampled,rng_seed=5");
	assert_true(qv_spiel_chance_sampled(g));
	qv_rng rng;
	qv_rng_seed(&rng, 1);
	int differ = 0;
	for (int k = 0; k < 4; k++) {
		qv_spiel_state *a = spiel_start(g), *b = spiel_start(g), *c = spiel_start(h);
		qv_spiel_state *d = spiel_start(h);
		assert_true(spiel_same(a, c)); /* the same seed, the same sequence of deals */
		assert_true(spiel_same(b, d));
		differ += !spiel_same(a, b);
		while (qv_spiel_current_player(a) != QV_SPIEL_TERMINAL) {
			assert_int_not_equal(qv_spiel_current_player(a), QV_SPIEL_CHANCE);
			spiel_apply(a, spiel_random_id(a, &rng));
			if (a->moves % 17 == 0)
				round_trip(a);
		}
		qv_spiel_state_free(a);
		qv_spiel_state_free(b);
		qv_spiel_state_free(c);
		qv_spiel_state_free(d);
	}
	assert_true(differ > 0);
	qv_spiel_game_free(g);
	qv_spiel_game_free(h);
}

/* Any id in range has a notation, legal now or not; a chance node's outcomes too. */
static void test_any_id_named(void **state)
{
	(void)state;
	for (int i = 0; qv_spiel_game_name_at(i); i++) {
		qv_spiel_game *g = spiel_game(qv_spiel_game_name_at(i), "");
		qv_spiel_state *s = spiel_start(g);
		qv_rng rng;
		qv_rng_seed(&rng, 3);
		while (qv_spiel_current_player(s) == QV_SPIEL_CHANCE)
			spiel_apply(s, spiel_random_id(s, &rng));
		char text[256];
		qv_err err = {{0}};
		int nd = qv_spiel_num_distinct_actions(g);
		for (int32_t id = 0; id < nd; id++)
			if (qv_spiel_action_to_string(s, id, text, sizeof text, &err) <= 0)
				fail_msg("%s: id %d unnamed: %s", g->g->name, id, err.msg);
		spiel_expect(qv_spiel_action_to_string(s, nd, text, sizeof text, &err), QV_EINVAL,
		             &err, "out of range");
		qv_spiel_state_free(s);
		qv_spiel_game_free(g);
	}
}

/* The widest payloads the games' notation accepts map to ids and back: random games seldom
 * reach them (a THREE ARROWS player holding 6,000 bonus pieces). */
static void test_widest_payloads(void **state)
{
	(void)state;
	static const char *const wide[] = {"bonus 6000", "bonus 2"};
	for (size_t i = 0; i < sizeof wide / sizeof *wide; i++) {
		qv_spiel_game *g = spiel_game("three-arrows", "size=8");
		qv_spiel_state *s = spiel_start(g);
		qv_err err = {{0}};
		qv_action a, back;
		if (g->g->action_from_text(QV__CUR(s), wide[i], &a, &err) != QV_OK)
			fail_msg("'%s' refused: %s", wide[i], err.msg);
		int32_t id;
		if (qv__spiel_id_of(s, a, NULL, 0, &id, &err) != QV_OK)
			fail_msg("'%s' has no id: %s", wide[i], err.msg);
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
		qv_spiel_game *g = spiel_game(qv_spiel_game_name_at(i), "");
		qv_spiel_agent *a = NULL;
		qv_err err = {{0}};
		assert_int_equal(qv_spiel_agent_new(g, "mcts:iterations=50", 3, &a, &err), QV_OK);
		qv_spiel_state *s = spiel_start(g);
		qv_rng rng;
		qv_rng_seed(&rng, 5);
		for (int k = 0; k < 60 && qv_spiel_current_player(s) != QV_SPIEL_TERMINAL; k++) {
			int32_t id;
			if (qv_spiel_current_player(s) == QV_SPIEL_CHANCE) {
				assert_int_not_equal(qv_spiel_agent_step(a, s, &id, &err), QV_OK);
				id = spiel_random_id(s, &rng);
			} else if (qv_spiel_agent_step(a, s, &id, &err) != QV_OK) {
				fail_msg("%s: agent failed: %s", g->g->name, err.msg);
			}
			spiel_apply(s, id);
		}
		qv_spiel_state_free(s);
		qv_spiel_agent_free(a);
		assert_int_equal(qv_spiel_agent_new(g, "nobody", 3, &a, &err), QV_EINVAL);
		qv_spiel_game_free(g);
	}
}

/* Serialized texts edited one field at a time are refused naming what is wrong. */
static void bad_texts(const qv_spiel_game *g, const char *bytes, size_t len)
{
	qv_spiel_state *d = NULL;
	qv_err err = {{0}};
	spiel_expect(qv_spiel_deserialize(g, "hello", 5, &d, &err), QV_EINVAL, &err, "corrupted");
	spiel_expect(qv_spiel_deserialize(g, NULL, 5, &d, &err), QV_EINVAL, &err,
	             "no serialized state");
	spiel_expect(qv_spiel_deserialize(g, bytes, 0, &d, &err), QV_EINVAL, &err, "corrupted");
	spiel_expect(qv_spiel_deserialize(g, bytes, len / 2, &d, &err), QV_EINVAL, &err,
	             "corrupted");
	static const struct {
		const char *from, *to, *says;
	} edits[] = {
	    {"quiver-spiel 5", "quiver-spiel 1", "format 1"},
	    {"quiver-spiel 5", "quiver-spiel 2", "format 2"},
	    {"\"known\":-1", "\"known\":7", "known is -1 or a seat"},
	    {"\"prior\":null", "\"prior\":\"p1 ?\\n\"", "prior is text"},
	    {"\"decisions\":0", "\"decisions\":3", "decisions is"},
	    {"\"history\":[", "\"history\":[2147483647,", "longer than moves"},
	    {"\"decisions\":0", "\"decisions\":0,\"extra\":1", "expected the object"},
	    {"moves 3", "moves 2", "longer than moves 2"},
	    {"\"history\":[", "\"history\":[9999999,", "history entry 0"},
	    {"\"prior_ids\":null", "\"prior_ids\":[3]", "prior_ids is ids"},
	    {"quiver-spiel 5", "quiver-spiel 3", "expected the object"},
	    {"\"known\":-1,\"prior\":null,\"prior_ids\":null",
	     "\"known\":0,\"prior\":\"p1 play x\\n\",\"prior_ids\":[]", "no change, own action"},
	};
	for (size_t k = 0; k < sizeof edits / sizeof *edits; k++) {
		qv_buf text = {0};
		const char *at = strstr(bytes, edits[k].from);
		assert_non_null(at);
		qv_buf_putn(&text, bytes, (size_t)(at - bytes));
		qv_buf_puts(&text, edits[k].to);
		qv_buf_puts(&text, at + strlen(edits[k].from));
		if (k == 8) { /* with the move counted, the id itself is checked */
			char *m = strstr(text.s, "moves 3");
			m[6] = '4';
		}
		spiel_expect(qv_spiel_deserialize(g, text.s, text.len, &d, &err), QV_EINVAL, &err,
		             edits[k].says);
		assert_null(d);
		qv_buf_free(&text);
	}
}

/* Text (an older format of bytes) read and serialized again gives bytes. */
static void reads_as(const qv_spiel_game *g, const qv_buf *text, const char *bytes)
{
	qv_spiel_state *d = NULL;
	qv_err err = {{0}};
	assert_int_equal(qv_spiel_deserialize(g, text->s, text->len, &d, &err), QV_OK);
	size_t len;
	char *again = qv_spiel_serialize(d, &len);
	assert_string_equal(again, bytes);
	free(again);
	qv_spiel_state_free(d);
}

/* A state serialized in format 3 (API version 3: no prior_ids) or 4 (API version 4) that is no
 * world is read as it was, and serialized again in format 5; a world of format 4 is refused
 * (its lines name slots, and Arrow Party's moved). */
static void older_formats_read(const qv_spiel_game *g, const char *bytes)
{
	assert_true(!strncmp(bytes, "quiver-spiel 5", 14));
	qv_buf text = {0};
	qv_buf_puts(&text, "quiver-spiel 4");
	qv_buf_puts(&text, bytes + 14);
	reads_as(g, &text, bytes);
	char *world = strstr(text.s, "\"known\":-1");
	assert_non_null(world);
	memcpy(world, "\"known\":0 ", 10); /* a world drawn for seat 0 */
	qv_spiel_state *d = NULL;
	qv_err err = {{0}};
	spiel_expect(qv_spiel_deserialize(g, text.s, text.len, &d, &err), QV_EINVAL, &err,
	             "resample again");
	qv_buf_free(&text);
	const char *ids = strstr(bytes, ",\"prior_ids\":null");
	assert_non_null(ids);
	qv_buf_puts(&text, "quiver-spiel 3");
	qv_buf_putn(&text, bytes + 14, (size_t)(ids - bytes - 14));
	qv_buf_puts(&text, ids + strlen(",\"prior_ids\":null"));
	reads_as(g, &text, bytes);
	qv_buf_free(&text);
}

static void test_bad_input(void **state)
{
	(void)state;
	qv_spiel_game *g = NULL;
	qv_err err = {{0}};
	spiel_expect(qv_spiel_game_new(&g, "chess", "", &err), QV_EINVAL, &err,
	             "unknown game 'chess'");
	spiel_expect(qv_spiel_game_new(&g, "evons", "players=7", &err), QV_EINVAL, &err, "players");
	spiel_expect(qv_spiel_game_new(&g, "evons", "colour=red", &err), QV_EINVAL, &err, "colour");
	spiel_expect(qv_spiel_game_new(&g, "evons", "chance=maybe", &err), QV_EINVAL, &err,
	             "explicit or sampled");
	spiel_expect(qv_spiel_game_new(&g, "evons", "rng_seed=-1", &err), QV_EINVAL, &err,
	             "rng_seed");
	spiel_expect(qv_spiel_game_new(&g, "evons", "tensor=round", &err), QV_EINVAL, &err,
	             "planes or hashed");
	assert_null(g);
	g = spiel_game("three-arrows", "players=2");
	qv_spiel_state *s = spiel_start(g);
	int nd = qv_spiel_num_distinct_actions(g);
	spiel_expect(qv_spiel_apply(s, nd, &err), QV_EINVAL, &err, "out of range");
	spiel_expect(qv_spiel_apply(s, -1, &err), QV_EINVAL, &err, "out of range");
	int32_t ids[20000];
	int n = qv_spiel_legal_actions(s, ids, 20000, &err);
	int32_t bad = 0;
	for (int i = 0; i < n && ids[i] == bad; i++)
		bad++;
	spiel_expect(qv_spiel_apply(s, bad, &err), QV_EILLEGAL, &err, "not legal now");
	int32_t id = -7;
	spiel_expect(qv_spiel_string_to_action(s, "banana", &id, &err), QV_EINVAL, &err, "");
	spiel_expect(qv_spiel_string_to_action(s, NULL, &id, &err), QV_EINVAL, &err, "no notation");
	assert_int_equal(qv_spiel_legal_actions(s, &id, -5, &err), n); /* counts, writes none */
	assert_int_equal(id, -7);
	float t[QV__SPIEL_HASHED];
	spiel_expect(qv_spiel_information_state_tensor(s, 2, t, &err), QV_EINVAL, &err, "no seat");
	assert_null(qv_spiel_information_state_string(s, 5));
	spiel_expect(qv_spiel_undo(s, 0, 0, &err), QV_ESTATE, &err, "history is empty");
	for (int k = 0; k < 3; k++) {
		assert_true(qv_spiel_legal_actions(s, ids, 20000, &err) > 0);
		spiel_apply(s, ids[0]);
	}
	size_t len;
	char *bytes = qv_spiel_serialize(s, &len);
	bad_texts(g, bytes, len);
	older_formats_read(g, bytes);
	qv_spiel_game *g3 = spiel_game("three-arrows", "players=3");
	qv_spiel_state *d = NULL;
	spiel_expect(qv_spiel_deserialize(g3, bytes, len, &d, &err), QV_EINVAL, &err, "parameters");
	qv_spiel_game *e = spiel_game("evons", "");
	spiel_expect(qv_spiel_deserialize(e, bytes, len, &d, &err), QV_EINVAL, &err,
	             "three-arrows");
	free(bytes);
	qv_spiel_state_free(s);
	qv_spiel_game_free(g);
	qv_spiel_game_free(g3);
	qv_spiel_game_free(e);
}

/* max_game_length: the game's own longest by default, lower on demand, then a terminal state
 * that is truncated, with the game's returns there. */
static void test_max_game_length(void **state)
{
	(void)state;
	qv_spiel_game *e = spiel_game("evons", "");
	int longest = qv_spiel_max_game_length(e);
	assert_true(longest > 1000);
	qv_spiel_game_free(e);
	qv_spiel_game *g = spiel_game("evons", "max_game_length=5");
	assert_int_equal(qv_spiel_max_game_length(g), 5);
	assert_string_equal(qv_spiel_game_params(g), "max_game_length=5");
	qv_spiel_state *s = spiel_start(g);
	qv_rng rng;
	qv_rng_seed(&rng, 8);
	qv_err err = {{0}};
	while (s->decisions < 5) {
		assert_int_not_equal(qv_spiel_current_player(s), QV_SPIEL_TERMINAL);
		spiel_apply(s, spiel_random_id(s, &rng));
	}
	assert_int_equal(qv_spiel_current_player(s), QV_SPIEL_TERMINAL);
	assert_true(qv_spiel_truncated(s));
	int32_t id;
	assert_int_equal(qv_spiel_legal_actions(s, &id, 1, &err), 0);
	spiel_expect(qv_spiel_apply(s, 0, &err), QV_ESTATE, &err, "max_game_length");
	/* a cut has no outcome: 0 each, or the ranks at the cut when asked */
	double ret[2], ranks[2];
	qv_spiel_returns(s, ret);
	assert_true(ret[0] == 0 && ret[1] == 0);
	round_trip(s);
	qv_spiel_game *r = spiel_game("evons", "max_game_length=5,truncated_returns=ranks");
	qv_spiel_state *t = spiel_start(r);
	int32_t h[1024];
	int nh = qv_spiel_history(s, h, NULL, 1024);
	assert_true(nh <= 1024);
	for (int i = 0; i < nh; i++)
		spiel_apply(t, h[i]);
	assert_true(qv_spiel_truncated(t));
	qv_spiel_returns(t, ranks);
	qv_returns(g->g, QV__CUR(s), ret);
	assert_true(ranks[0] == ret[0] && ranks[1] == ret[1] && ranks[0] + ranks[1] == 0);
	qv_spiel_state_free(t);
	qv_spiel_game_free(r);
	qv_spiel_state_free(s);
	qv_spiel_game_free(g);
	char text[64];
	snprintf(text, sizeof text, "max_game_length=%d", longest + 1);
	spiel_expect(qv_spiel_game_new(&e, "evons", text, &err), QV_EINVAL, &err, "at most");
	spiel_expect(qv_spiel_game_new(&e, "evons", "max_game_length=0", &err), QV_EINVAL, &err,
	             "max_game_length");
}

/* The returns sum to 0 exactly in seat order, as OpenSpiel's zero-sum games' do, at the end of
 * random games of every number of seats (four seats' thirds are no binary fractions: 1/3 +
 * 1/3 - 1 + 1/3 summed as doubles is not 0), and each is its rank's utility but for the last
 * bits. */
static void test_zero_sum(void **state)
{
	(void)state;
	static const struct {
		const char *game, *params;
	} configs[] = {{"arrow-party", "players=3"},
	               {"arrow-party", "players=4"},
	               {"arrow-party", "players=5"},
	               {"three-arrows", "players=4,mode=tactical"},
	               {"three-arrows", "players=3"}};
	for (size_t c = 0; c < sizeof configs / sizeof *configs; c++) {
		qv_spiel_game *g = spiel_game(configs[c].game, configs[c].params);
		int n = qv_spiel_num_players(g), uneven = 0;
		qv_rng rng;
		qv_rng_seed(&rng, 90 + c);
		for (int k = 0; k < 40; k++) {
			qv_spiel_state *s = spiel_start(g);
			while (qv_spiel_current_player(s) != QV_SPIEL_TERMINAL)
				spiel_apply(s, spiel_random_id(s, &rng));
			double ret[QV_MAX_PLAYERS], want[QV_MAX_PLAYERS], sum = 0, old = 0;
			int rank[QV_MAX_PLAYERS];
			qv_spiel_returns(s, ret);
			g->g->ranks(QV__CUR(s), rank);
			qv_utilities_from_ranks(rank, n, want);
			for (int p = 0; p < n; p++) {
				sum += ret[p];
				old += want[p];
				assert_true(fabs(ret[p] - want[p]) < 1e-15);
				assert_true(ret[p] >= -1 && ret[p] <= 1);
			}
			assert_true(sum == 0);
			uneven += old != 0;
			qv_spiel_state_free(s);
		}
		print_message("%s %s: %d of 40 games whose ranks' utilities do not sum to 0\n",
		              configs[c].game, configs[c].params, uneven);
		qv_spiel_game_free(g);
	}
}

static void test_metadata(void **state)
{
	(void)state;
	assert_int_equal(qv_spiel_api_version(), QV_SPIEL_API_VERSION);
	assert_string_equal(qv_spiel_game_name_at(0), "three-arrows");
	assert_null(qv_spiel_game_name_at(4));
	qv_spiel_game *g = spiel_game("arrow-party", "players=4");
	assert_int_equal(qv_spiel_num_players(g), 4);
	assert_string_equal(qv_spiel_game_params(g), "players=4");
	assert_non_null(strstr(qv_spiel_game_parameters(g), "players=4,size=15,rounds=10"));
	assert_non_null(strstr(qv_spiel_game_parameters(g), "chance=explicit,rng_seed=0"));
	assert_int_equal(qv_spiel_parameter_kind(g, "players"), QV_PARAM_INT);
	assert_int_equal(qv_spiel_parameter_kind(g, "shuffle"), QV_PARAM_BOOL);
	assert_int_equal(qv_spiel_parameter_kind(g, "chance"), QV_PARAM_CHOICE);
	assert_int_equal(qv_spiel_parameter_kind(g, "colour"), -1);
	assert_false(qv_spiel_deterministic(g));
	assert_false(qv_spiel_perfect_information(g));
	qv_spiel_game_free(g);
	g = spiel_game("three-arrows", "mode=tactical");
	assert_true(qv_spiel_deterministic(g));
	assert_true(qv_spiel_perfect_information(g));
	assert_int_equal(qv_spiel_max_chance_nodes(g), 0);
	qv_spiel_game_free(g);
}

/* variant=FILE: the file loaded as --variant loads it and the game named by its SHA-256 (its
 * parameters then hold the hash); a file that does not load, or is another game's, refused
 * with the loader's reason. */
static void test_variant_file(void **state)
{
	(void)state;
	char path[1024], text[1100];
	snprintf(path, sizeof path, "%s", __FILE__);
	char *cut = strstr(path, "tests/unit/");
	assert_non_null(cut);
	snprintf(cut, sizeof path - (size_t)(cut - path),
	         "examples/variants/three-arrows-another-arrow.json");
	snprintf(text, sizeof text, "variant=%s", path);
	qv_spiel_game *g = spiel_game("three-arrows", text);
	const char *all = qv_spiel_game_parameters(g), *at = strstr(all, "variant=");
	assert_non_null(at);
	assert_int_equal(strspn(at + 8, "0123456789abcdef"), 64);
	qv_spiel_game_free(g);
	qv_err err = {{0}};
	assert_int_not_equal(qv_spiel_game_new(&g, "evons", text, &err), QV_OK);
	assert_non_null(strstr(err.msg, "three-arrows"));
	snprintf(cut, sizeof path - (size_t)(cut - path), "examples/variants/none.json");
	snprintf(text, sizeof text, "variant=%s", path);
	assert_int_not_equal(qv_spiel_game_new(&g, "three-arrows", text, &err), QV_OK);
	assert_non_null(strstr(err.msg, "none.json: cannot open"));
	assert_non_null(
	    strstr(err.msg, "expected base, the SHA-256 of a loaded variant or a variant"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_metadata),        cmocka_unit_test(test_initial_state),
	    cmocka_unit_test(test_random_games),    cmocka_unit_test(test_history_and_undo),
	    cmocka_unit_test(test_sampled),         cmocka_unit_test(test_any_id_named),
	    cmocka_unit_test(test_agents),          cmocka_unit_test(test_bad_input),
	    cmocka_unit_test(test_max_game_length), cmocka_unit_test(test_widest_payloads),
	    cmocka_unit_test(test_zero_sum),        cmocka_unit_test(test_variant_file),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
