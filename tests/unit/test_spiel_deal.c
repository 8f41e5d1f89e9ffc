/*
 * test_spiel_deal.c - the chance deal of the spiel API (src/engine/spiel/deal.c, the games'
 * spiel.c): the probabilities of a deal's outcomes, exact (a pile's order dealt card by card
 * against every order of the physical cards, a hand dealt as a multiset against the
 * hypergeometric law, segments that continue one another); and over random games of the three
 * games that deal, every state a deal leaves keeping the game's invariants with its piles in
 * their canonical order, and every card dealt when it is drawn giving the very state that the
 * game's own apply gives with those cards on top of the pile (what games/spiel.h claims: the
 * identity of a drawn card decides nothing else in the action that draws it).
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

#include "spieltest.h"

/* Every way to finish deal d from where it is: calls f with each complete deal and the product
 * of its outcomes' probabilities. */
static void walk(qv__deal *d, double p, void (*f)(const qv__deal *, double, void *), void *ctx)
{
	int32_t ids[QV__DEAL_IDS];
	double pr[QV__DEAL_IDS];
	int n = qv__deal_outcomes(d, ids, pr);
	if (n == 0) {
		f(d, p, ctx);
		return;
	}
	double sum = 0;
	for (int i = 0; i < n; i++) {
		sum += pr[i];
		qv__deal next = *d;
		qv__deal_take(&next, ids[i]);
		walk(&next, p * pr[i], f, ctx);
	}
	assert_true(fabs(sum - 1) < 1e-12);
}

/* The outcomes seen, as keys of the dealt cards, with their probability. */
typedef struct seen {
	int n;
	char key[4096][16];
	double p[4096];
} seen;

static void collect(const qv__deal *d, double p, void *ctx)
{
	seen *s = ctx;
	char key[16] = {0};
	for (int i = 0; i < d->ncards; i++)
		key[i] = (char)('a' + d->card[i]);
	for (int i = 0; i < s->n; i++)
		if (strcmp(s->key[i], key) == 0) {
			s->p[i] += p;
			return;
		}
	assert_true(s->n < 4096);
	memcpy(s->key[s->n], key, sizeof key);
	s->p[s->n++] = p;
}

static double binom(int n, int k)
{
	double r = 1;
	for (int i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return k < 0 || k > n ? 0 : r;
}

/* A pile dealt card by card: each order of ids has the chance that a shuffle of the physical
 * cards gives it (every one of the 7!/(3!2!) orders of {0,0,0,1,1,2,2} once in 210). */
static void test_ordered(void **state)
{
	(void)state;
	qv__deal d;
	memset(&d, 0, sizeof d);
	qv__deal_seg *g = qv__deal_add(&d, 0, QV__DEAL_ORDERED, 0, 7);
	g->pool[0] = 3, g->pool[1] = 2, g->pool[2] = 2;
	qv__deal_begin(&d);
	seen *s = calloc(1, sizeof *s);
	walk(&d, 1, collect, s);
	assert_int_equal(s->n, 210);
	for (int i = 0; i < s->n; i++)
		assert_true(fabs(s->p[i] - 1.0 / 210) < 1e-12);
	free(s);
}

/* A hand dealt as a multiset: each hand once, in ascending ids, with the chance
 * prod C(a_c, h_c) / C(A, n); and a second hand dealt from what the first left. */
static void test_sorted(void **state)
{
	(void)state;
	static const int pool[6] = {2, 0, 3, 1, 4, 1};
	qv__deal d;
	memset(&d, 0, sizeof d);
	qv__deal_seg *g = qv__deal_add(&d, 0, QV__DEAL_SORTED, 0, 4);
	for (int c = 0; c < 6; c++)
		g->pool[c] = (uint16_t)pool[c];
	qv__deal_seg *h = qv__deal_add(&d, 1, QV__DEAL_SORTED, 1, 3);
	h->chain = 1;
	qv__deal_begin(&d);
	seen *s = calloc(1, sizeof *s);
	walk(&d, 1, collect, s);
	double total = 0;
	for (int i = 0; i < s->n; i++) {
		int a[6] = {0}, b[6] = {0};
		for (int k = 0; k < 4; k++) {
			a[s->key[i][k] - 'a']++;
			if (k && s->key[i][k] < s->key[i][k - 1])
				fail_msg("hand %s not in ascending ids", s->key[i]);
		}
		for (int k = 4; k < 7; k++)
			b[s->key[i][k] - 'a']++;
		double want = 1;
		for (int c = 0; c < 6; c++)
			want *= binom(pool[c], a[c]) * binom(pool[c] - a[c], b[c]);
		want /= binom(11, 4) * binom(7, 3);
		if (fabs(s->p[i] - want) > 1e-12)
			fail_msg("hands %s: %g, expected %g", s->key[i], s->p[i], want);
		total += s->p[i];
	}
	assert_true(fabs(total - 1) < 1e-12);
	free(s);
}

/* The game's action of id at s (not in a deal): a decision, or the game's chance outcome. */
static qv_action game_action(const qv_spiel_state *s, int32_t id)
{
	const qv_game *g = s->game->g;
	if (qv_spiel_current_player(s) != QV_SPIEL_CHANCE) {
		qv_action a;
		qv_err err = {{0}};
		assert_int_equal(qv__spiel_action_of(s, id, &a, &err), QV_OK);
		return a;
	}
	qv_action buf[256];
	double p[256];
	assert_true(id < g->chance(QV__CUR(s), buf, p));
	return buf[id];
}

/* The JSON array of the pile a segment of game `name` dealt from, in state j. */
static json_t *pile_of(json_t *j, const char *name, const qv__deal_seg *g)
{
	if (strcmp(name, "arrow-party") == 0)
		return json_array_get(json_object_get(j, "stacks"), g->pile);
	return json_object_get(json_array_get(json_object_get(j, "players"), g->pile), "deck");
}

/* The state before the action with the cards dealt on top of their piles (the pile's other
 * cards after them), or NULL when the deal took a card the pile did not hold then (a
 * mulligan's card drawn back, a refilled stack): the test then has nothing to set against. */
static void *with_cards_on_top(const qv_spiel_state *before, const qv__deal *d)
{
	const qv_game *g = before->game->g;
	json_t *j = g->state_json(QV__CUR(before));
	int at = 0;
	for (int k = 0; k < d->nseg; k++) {
		const qv__deal_seg *seg = &d->seg[k];
		json_t *pile = pile_of(j, g->name, seg), *top = json_array();
		for (int i = 0; i < seg->n; i++) {
			char name[48];
			before->game->part->deal_name(QV__CUR(before), d->card[at + i], name,
			                              sizeof name);
			size_t x;
			json_t *v;
			bool found = false;
			json_array_foreach(pile, x, v) if (strcmp(json_string_value(v), name) == 0)
			{
				json_array_append(top, v);
				json_array_remove(pile, x);
				found = true;
				break;
			}
			if (!found) {
				json_decref(top);
				json_decref(j);
				return NULL;
			}
		}
		json_array_extend(top, pile);
		json_array_clear(pile);
		json_array_extend(pile, top);
		json_decref(top);
		at += seg->n;
	}
	void *st = malloc(g->state_size);
	qv_err err = {{0}};
	assert_int_equal(g->init(st, &before->game->params, 0, &err), QV_OK);
	if (g->load_json(st, j, &err) != QV_OK)
		fail_msg("%s: the state with the cards on top refused: %s", g->name, err.msg);
	json_decref(j);
	return st;
}

/* Random games of the games that deal: every finished deal leaves a state that keeps the
 * game's invariants and has its piles canonical; a deal after an action gives what the game
 * gives with the cards on top. */
static void test_dealt_as_drawn(void **state)
{
	(void)state;
	static const char *const configs[][2] = {
	    {"concardia", ""},
	    {"evons", ""},
	    {"arrow-party", ""},
	    {"arrow-party", "players=5"},
	    {"evons", "deck1=spark-mite,spark-mite,seedling,tide-sprite,spark-mite,seedling"}};
	for (size_t c = 0; c < sizeof configs / sizeof *configs; c++) {
		qv_spiel_game *g = spiel_game(configs[c][0], configs[c][1]);
		const qv_game *gg = g->g;
		int compared = 0, deals = 0;
		qv_rng rng;
		qv_rng_seed(&rng, 19 + c);
		for (int k = 0; k < 8; k++) {
			qv_spiel_state *s = spiel_start(g);
			while (qv_spiel_current_player(s) != QV_SPIEL_TERMINAL) {
				bool fresh = !s->deal;
				qv_spiel_state *before = qv_spiel_clone(s);
				int32_t id = spiel_random_id(s, &rng);
				spiel_apply(s, id);
				while (s->deal) /* the deal this step asked, to its end */
					spiel_apply(s, spiel_random_id(s, &rng));
				qv_err why = {{0}};
				if (!gg->state_ok(QV__CUR(s), &why))
					fail_msg("%s: a dealt state breaks an invariant: %s",
					         gg->name, why.msg);
				void *canon = malloc(gg->state_size);
				memcpy(canon, QV__CUR(s), gg->state_size);
				g->part->canon(canon, g->deal);
				assert_memory_equal(canon, QV__CUR(s), gg->state_size);
				/* the deal the step asked, as applied from the clone */
				qv_spiel_state *again = qv_spiel_clone(before);
				spiel_apply(again, id);
				if (fresh && again->deal) {
					deals++;
					qv__deal d = *again->deal;
					for (int i = before->nhist + 1; i < s->nhist; i++)
						qv__deal_take(&d, s->hist[i]);
					void *top = with_cards_on_top(before, &d);
					if (top) {
						gg->apply(top, game_action(before, id), NULL);
						g->part->canon(top, g->deal);
						assert_memory_equal(top, QV__CUR(s),
						                    gg->state_size);
						compared++;
						free(top);
					}
				}
				free(canon);
				qv_spiel_state_free(again);
				qv_spiel_state_free(before);
			}
			qv_spiel_state_free(s);
		}
		print_message("%s %s: %d deals after an action, %d set against the game's apply\n",
		              configs[c][0], configs[c][1], deals, compared);
		assert_true(compared > 0);
		qv_spiel_game_free(g);
	}
}

/* A deal's outcomes are named "deal CARD to pN" and read back. */
static void test_deal_text(void **state)
{
	(void)state;
	qv_spiel_game *g = spiel_game("concardia", "");
	qv_spiel_state *s = spiel_start(g);
	int32_t ids[64];
	double p[64];
	int n = qv_spiel_chance_outcomes(s, ids, p, 64);
	assert_true(n > 1);
	char text[64];
	qv_err err = {{0}};
	assert_true(qv_spiel_action_to_string(s, ids[0], text, sizeof text, &err) > 0);
	assert_non_null(strstr(text, "deal "));
	assert_non_null(strstr(text, " to p1"));
	int32_t back;
	assert_int_equal(qv_spiel_string_to_action(s, text, &back, &err), QV_OK);
	assert_int_equal(back, ids[0]);
	spiel_expect(qv_spiel_apply(s, 63, &err), QV_EILLEGAL, &err, "cannot be dealt now");
	qv_spiel_state_free(s);
	qv_spiel_game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ordered),
	    cmocka_unit_test(test_sorted),
	    cmocka_unit_test(test_deal_text),
	    cmocka_unit_test(test_dealt_as_drawn),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
