/*
 * test_spiel_tensor.c - the spiel API's tensors and factored actions (include/quiver/spiel.h,
 * the games' spiel.c): over random games of every game, a seat's observation tensor is a
 * function of its view (two states giving the seat the same view give it the same tensor, so no
 * hidden fact reaches a slot) and tells every two views apart but for what docs/python.md says
 * it leaves to the information state's lines (the order of a discard pile: views compared with
 * those piles sorted); the information state's tensor starts with the observation; every slot
 * has a name of its own; tensor=hashed keeps the 4,096 floats; and the factored actions are a
 * bijection with the ids.
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

#include "spieltest.h"

/* The piles a view lists in order that the tensor counts by card: sorted. */
static void sort_array(json_t *a)
{
	size_t n = json_array_size(a);
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0; j--) {
			char *x =
			    json_dumps(json_array_get(a, j - 1), JSON_ENCODE_ANY | JSON_SORT_KEYS);
			char *y =
			    json_dumps(json_array_get(a, j), JSON_ENCODE_ANY | JSON_SORT_KEYS);
			bool swap = strcmp(x, y) > 0;
			free(x), free(y);
			if (!swap)
				break;
			json_t *t = json_incref(json_array_get(a, j));
			json_array_set(a, j, json_array_get(a, j - 1));
			json_array_set_new(a, j - 1, t);
		}
}

/* Seat p's view with its ordered piles sorted, as text. */
static char *canonical_view(const qv_spiel_state *s, int p)
{
	json_t *v = s->game->g->view_json(QV__CUR(s), p);
	static const char *const piles[] = {"discard", "victory", "graveyard", "removed"};
	size_t i;
	json_t *pl;
	json_array_foreach(json_object_get(v, "players"), i, pl) for (size_t k = 0; k < 4; k++)
	    sort_array(json_object_get(pl, piles[k]));
	json_array_foreach(json_object_get(v, "discards"), i, pl) sort_array(pl);
	char *text = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(v);
	return text;
}

typedef struct sample {
	char *view;
	float *tensor;
} sample;

static int cmp_sample(const void *a, const void *b)
{
	return strcmp(((const sample *)a)->view, ((const sample *)b)->view);
}

static int tensor_size;

static int cmp_tensor(const void *a, const void *b)
{
	return memcmp(((const sample *)a)->tensor, ((const sample *)b)->tensor,
	              sizeof(float) * (size_t)tensor_size);
}

/* Views and tensors of random states of a game, seat by seat: equal views, equal tensors;
 * different (canonical) views, different tensors. */
static void test_tensor_is_the_view(void **state)
{
	(void)state;
	for (int c = 0; c < spiel_nconfigs; c++) {
		qv_spiel_game *g = spiel_game(spiel_configs[c].game, spiel_configs[c].params);
		int size = qv_spiel_observation_tensor_size(g), np = g->nplayers, cap = 6000, n = 0;
		sample *all = calloc((size_t)cap, sizeof *all);
		qv_rng rng;
		qv_rng_seed(&rng, 2024 + (uint64_t)c);
		qv_err err = {{0}};
		for (int k = 0; k < 4 && n + np < cap; k++) {
			qv_spiel_state *s = spiel_start(g);
			while (qv_spiel_current_player(s) != QV_SPIEL_TERMINAL &&
			       n + 2 * np < cap) {
				for (int p = 0; p < np && !s->deal; p++) {
					/* the state, and a world the resampler draws for the seat
					 */
					qv_spiel_state *r = NULL;
					assert_int_equal(
					    qv_spiel_resample(s, p, qv_rng_next(&rng), &r, &err),
					    QV_OK);
					const qv_spiel_state *both[2] = {s, r};
					for (int w = 0; w < 2; w++) {
						all[n].view = canonical_view(both[w], p);
						all[n].tensor =
						    malloc(sizeof(float) * (size_t)size);
						assert_int_equal(
						    qv_spiel_observation_tensor(
						        both[w], p, all[n].tensor, &err),
						    QV_OK);
						n++;
					}
					qv_spiel_state_free(r);
				}
				spiel_apply(s, spiel_random_id(s, &rng));
			}
			qv_spiel_state_free(s);
		}
		qsort(all, (size_t)n, sizeof *all, cmp_sample);
		int distinct = 0;
		for (int i = 1; i < n; i++) {
			bool view = strcmp(all[i - 1].view, all[i].view) == 0;
			bool tensor = memcmp(all[i - 1].tensor, all[i].tensor,
			                     sizeof(float) * (size_t)size) == 0;
			if (view && !tensor)
				fail_msg("%s: one view, two tensors:\n%s", g->g->name, all[i].view);
			distinct += !view;
		}
		/* different views, different tensors: sorted by tensor, equal neighbours' views
		 * agree */
		tensor_size = size;
		qsort(all, (size_t)n, sizeof *all, cmp_tensor);
		for (int i = 1; i < n; i++)
			if (memcmp(all[i - 1].tensor, all[i].tensor,
			           sizeof(float) * (size_t)size) == 0 &&
			    strcmp(all[i - 1].view, all[i].view) != 0)
				fail_msg("%s: two views, one tensor:\n%s\n%s", g->g->name,
				         all[i - 1].view, all[i].view);
		print_message("%s %s: %d observations, %d distinct views\n", spiel_configs[c].game,
		              spiel_configs[c].params, n, distinct + 1);
		for (int i = 0; i < n; i++)
			free(all[i].view), free(all[i].tensor);
		free(all);
		qv_spiel_game_free(g);
	}
}

/* The layout: sizes agree (the information state is the observation, the rows before the
 * recall's and six floats a row of `recall`), every slot is named once, the information state
 * begins with the observation and its rows are rows (one kind each, the rest zero);
 * tensor=hashed is 4,096 floats. */
static void test_layout(void **state)
{
	(void)state;
	for (int i = 0; qv_spiel_game_name_at(i); i++) {
		qv_spiel_game *g = spiel_game(qv_spiel_game_name_at(i), "");
		int c, h, w, ns;
		qv_spiel_tensor_layout(g, &c, &h, &w, &ns);
		int size = qv_spiel_observation_tensor_size(g);
		assert_int_equal(size, c * h * w + ns);
		int info = qv_spiel_information_state_tensor_size(g);
		assert_int_equal(info, size + 1 + 6 * 128);
		json_t *names = json_object();
		for (int slot = 0; slot < info; slot++) {
			char name[96];
			assert_true(qv_spiel_tensor_slot_name(g, slot, name, sizeof name) > 0);
			if (json_object_get(names, name))
				fail_msg("%s: slots %d and %d are both '%s'", g->g->name,
				         (int)json_integer_value(json_object_get(names, name)),
				         slot, name);
			json_object_set_new(names, name, json_integer(slot));
		}
		json_decref(names);
		char name[8];
		assert_true(qv_spiel_tensor_slot_name(g, info, name, sizeof name) < 0);
		qv_spiel_state *s = spiel_start(g);
		qv_rng rng;
		qv_rng_seed(&rng, 4);
		for (int k = 0; k < 300 && qv_spiel_current_player(s) != QV_SPIEL_TERMINAL; k++)
			spiel_apply(s, spiel_random_id(s, &rng));
		float *o = malloc(sizeof *o * (size_t)size), *t = malloc(sizeof *t * (size_t)info);
		qv_err err = {{0}};
		for (int p = 0; p < g->nplayers; p++) {
			assert_int_equal(qv_spiel_observation_tensor(s, p, o, &err), QV_OK);
			assert_int_equal(qv_spiel_information_state_tensor(s, p, t, &err), QV_OK);
			assert_memory_equal(o, t, sizeof *o * (size_t)size);
			assert_true(t[size] >= 0);
			for (int r = 0, ended = 0; r < 128; r++) {
				const float *row = t + size + 1 + 6 * r;
				int kinds = 0;
				for (int k = 0; k < 4; k++) {
					assert_true(row[k] == 0 || row[k] == 1);
					kinds += row[k] == 1;
				}
				/* rows, then only zeros: an empty row has no kind */
				assert_true(kinds == 1 || (kinds == 0 && !row[4] && !row[5]));
				assert_true(!ended || !kinds);
				ended |= !kinds;
				assert_true(t[size] == 0 || !ended);
			}
		}
		free(o), free(t);
		qv_spiel_state_free(s);
		qv_spiel_game_free(g);
		g = spiel_game(qv_spiel_game_name_at(i), "tensor=hashed");
		assert_int_equal(qv_spiel_observation_tensor_size(g), QV__SPIEL_HASHED);
		assert_int_equal(qv_spiel_information_state_tensor_size(g), QV__SPIEL_HASHED);
		qv_spiel_game_free(g);
	}
}

/* Every id factored and back; heads that are no id's refused. */
static void test_factored(void **state)
{
	(void)state;
	for (int i = 0; qv_spiel_game_name_at(i); i++) {
		qv_spiel_game *g = spiel_game(qv_spiel_game_name_at(i), "");
		int nh = qv_spiel_action_heads(g), nd = qv_spiel_num_distinct_actions(g);
		assert_true(nh >= 2 && nh <= QV_SPIEL_MAX_HEADS);
		assert_string_equal(qv_spiel_action_head_name(g, 0), "type");
		qv_err err = {{0}};
		int32_t heads[QV_SPIEL_MAX_HEADS], back;
		for (int32_t id = 0; id < nd; id++) {
			assert_int_equal(qv_spiel_action_factor(g, id, heads, &err), QV_OK);
			for (int h = 0; h < nh; h++)
				assert_true(heads[h] >= 0 &&
				            heads[h] < qv_spiel_action_head_size(g, h));
			assert_int_equal(qv_spiel_action_unfactor(g, heads, &back, &err), QV_OK);
			assert_int_equal(back, id);
		}
		/* an id's heads with one changed at random: an id, which factors back to them, or a
		 * refusal */
		qv_rng rng;
		qv_rng_seed(&rng, 12);
		int ok = 0;
		for (int k = 0; k < 20000; k++) {
			assert_int_equal(
			    qv_spiel_action_factor(g, (int32_t)qv_rng_below(&rng, (uint32_t)nd),
			                           heads, &err),
			    QV_OK);
			int h = (int)qv_rng_below(&rng, (uint32_t)nh);
			heads[h] =
			    (int32_t)qv_rng_below(&rng, (uint32_t)qv_spiel_action_head_size(g, h));
			if (qv_spiel_action_unfactor(g, heads, &back, &err) != QV_OK)
				continue;
			int32_t again[QV_SPIEL_MAX_HEADS];
			assert_int_equal(qv_spiel_action_factor(g, back, again, &err), QV_OK);
			assert_memory_equal(again, heads, sizeof *heads * (size_t)nh);
			ok++;
		}
		assert_true(ok > 0);
		assert_int_not_equal(qv_spiel_action_factor(g, nd, heads, &err), QV_OK);
		qv_spiel_game_free(g);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_layout),
	    cmocka_unit_test(test_factored),
	    cmocka_unit_test(test_tensor_is_the_view),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
