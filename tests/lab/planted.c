/*
 * planted.c - the lab finds a planted cause first in the right list.
 *
 * A planted cause is one component of a game's built-in set made far stronger than its
 * peers. Each study below plays such a variant by self-play on seeds 1 and 2, and the planted
 * component must come first in `strongest` (what a seat loses when it may not use it:
 * restricted play, ranked by the loss per copy held that its interval assures), its
 * interval below 0 (the seat loses). `strongest` is the
 * right list for all four: every seat can hold the component, so restricted play asks what
 * it is worth to whoever holds it, while `unbalancing` (the variant without it, ablation)
 * asks what makes the seats unequal, and taking out a component every seat may hold changes
 * every seat's game alike.
 *
 * - ConCardia: scout-r made a 9/9 card (in the expedition deck, which the seats swap),
 *   studied with five other cards by greedy agents at 400 games per arm. Its flag is not
 *   asserted: only the seat holding expedition can miss it, so the effect is halved, and
 *   Benjamini-Hochberg flags it on about one seed of two. Since each component's ablation has
 *   its own control arm and seeds, it came first in `strongest` on 6 of seeds 1-8 at 400 games
 *   per arm (lancer-p and dynamo-p, cards a greedy seat also misses, on seeds 6 and 7), and on 5
 *   of seeds 1-6 at 200 (striker-r on seed 2).
 * - THREE ARROWS: the Angle with 12 arrows (six N and six E: still an Angle, each of its two
 *   directions counting 6 in an attack or a defence), studied with the Y by greedy agents at
 *   200 games per arm; flagged too. The Y is the piece a greedy seat misses most in the
 *   built-in set (first in `strongest` on each of seeds 1-6 at 200 games per arm, about 20
 *   points, the plain Angle about 0): the planted Angle, about 33, must overtake it. It did
 *   on 19 of seeds 1-20 (the Y on seed 19); at 100 games per arm the Y came first on 2 of
 *   seeds 1-10, seed 1 among them. Studying every piece kind costs three times as much
 *   (greedy games of THREE ARROWS are the dearest here) and put the Angle first on each of
 *   seeds 1-10. Random agents hardly tell it from the others (7 points at 400 games per
 *   arm), and `easy` ones miss it less than the Y.
 * - Arrow Party: the `draw` item drawing 5 arrow cards instead of 1, every item kind studied
 *   by random agents at three players and 600 games per arm; flagged too. A random seat plays
 *   a draw it holds at about one decision in three, a greedy one at one in twenty: greedy
 *   looks one decision ahead, and the reveal that pays a draw comes after every seat's
 *   `ready`, while the heuristic counts a draw in hand at its 3 points whatever it draws.
 *   Greedy still finds it (at 300 games per arm on seed 1), at over 100 times the cost. At 300
 *   games per arm with random agents, an item a seat gains by not using (its points stay in
 *   hand) came first on one seed of six; at 600 the draw came first on each of seeds 1-20.
 * - Evons: the sentry (two copies in each starter deck) made a 9/9 with all eight arrows and
 *   no ability, studied with five other monsters by random agents at 400 games per arm;
 *   flagged too. It came first in `strongest` on each of seeds 1-10 (a seat forbidden it
 *   loses 18 to 35 points), flagged on each, the runner-up at most 14; at 200 games per arm on
 *   9 of 10 (lich-queen, -12.5 against -12, on seed 10). Unplanted (a 2/4 of four arrows
 *   with Block), it is second on seed 1 at -6.5, lich-queen first at -10.5. In `unbalancing`
 *   it is first on seeds 2 and 9 only: both decks hold it alike.
 *
 * The seeds are fixed, so every run gives the same answer; each prints the planted
 * component's difference and |t| beside the runner-up's.
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

#include "lab/lab.h"
#include "quiver/variant.h"
#include "study.h"

/* One planted study: the variant (a JSON document extending the built-in set), the agent of
 * every seat, the player count, the games of every arm (main, and each component's ablation
 * and restricted play), the components studied ("entries": all of them), how many those are,
 * the planted one, and whether its restricted play's test must be flagged. */
typedef struct planted_case {
	const char *game, *doc;
	const char *agent;
	int players, games;
	const char *components;
	int nstudied;
	const char *cause;
	bool flagged;
} planted_case;

static const qv_variant *variant_of(const qv_game *g, const char *doc)
{
	json_t *j = json_loads(doc, 0, NULL);
	assert_non_null(j);
	const qv_variant *v = NULL;
	qv_err err;
	if (qv_variant_from_json(j, g, "planted", &v, &err) != QV_OK)
		fail_msg("the planted variant is refused: %s", err.msg);
	json_decref(j);
	return v;
}

/* The place of component id in a list of the section (1 for the first), 0 when absent. */
static int place_in(const qv_lab_section *S, const int *list, int n, const char *id)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(S->component[list[i]].id, id))
			return i + 1;
	return 0;
}

/* Studies case k on seeds 1 and 2 and asserts its cause first in `strongest`, the restricted
 * seat's interval below 0, and flagged when k says so. */
static void expect_first(const planted_case *k)
{
	const qv_game *g = qv_game_find(k->game, NULL);
	assert_non_null(g);
	const qv_variant *v = variant_of(g, k->doc);
	for (uint64_t seed = 1; seed <= 2; seed++) {
		qv_lab_config c = {0};
		c.game = g;
		c.variant = v;
		c.nagents = 1;
		snprintf(c.agents[0], sizeof c.agents[0], "%s", k->agent);
		c.players[0] = k->players;
		c.nplayers = 1;
		c.games = k->games;
		c.component_games = k->games;
		snprintf(c.components, sizeof c.components, "%s", k->components);
		c.seed = seed;
		strcpy(c.version, QV_VERSION);
		lab_study st;
		study_run(&c, &st);
		const qv_lab_section *S = &st.report.section[0];
		assert_int_equal(S->nstrongest, k->nstudied);
		const qv_lab_component *top = &S->component[S->strongest[0]];
		const qv_lab_component *next = &S->component[S->strongest[1]];
		const qv_lab_delta *d = &top->restrict_score;
		printf("%s seed %llu: strongest %s, restricted play %+.3f [%+.3f, %+.3f], p %.2g, "
		       "|t| %.1f%s, %+.3f a copy held; then %s %+.3f, %+.3f a copy; %d of %d in "
		       "unbalancing\n",
		       k->game, (unsigned long long)seed, top->id, d->d, d->ci.lo, d->ci.hi, d->p,
		       top->restrict_t, d->flagged ? ", flagged" : "", top->restrict_holder.d,
		       next->id, next->restrict_score.d, next->restrict_holder.d,
		       place_in(S, S->unbalancing, S->nunbalancing, k->cause), S->nunbalancing);
		assert_string_equal(top->id, k->cause);
		assert_true(d->ci.hi < 0);
		if (k->flagged)
			assert_true(d->flagged);
		study_free(&st);
	}
}

/* ConCardia's scout-r made 9/9: see the top of the file. */
static void test_planted_card(void **state)
{
	(void)state;
	static const planted_case k = {
	    .game = "concardia",
	    .doc = "{\"quiver_variant\": 1, \"game\": \"concardia\", \"name\": \"planted\", "
	           "\"extends\": \"base\", \"cards\": {\"modify\": {\"scout-r\": {\"strength\": 9, "
	           "\"defense\": 9}}}}",
	    .agent = "greedy",
	    .players = 2,
	    .games = 400,
	    .components = "scout-r,striker-r,lancer-p,star-s,courier-r,dynamo-p",
	    .nstudied = 6,
	    .cause = "scout-r",
	};
	expect_first(&k);
}

/* THREE ARROWS' Angle with 12 arrows: see the top of the file. */
static void test_planted_piece(void **state)
{
	(void)state;
	static const planted_case k = {
	    .game = "three-arrows",
	    .doc = "{\"quiver_variant\": 1, \"game\": \"three-arrows\", \"name\": \"planted\", "
	           "\"extends\": \"base\", \"pieces\": {\"modify\": {\"A\": {\"arrows\": [\"N\", "
	           "\"N\", \"N\", \"N\", \"N\", \"N\", \"E\", \"E\", \"E\", \"E\", \"E\", "
	           "\"E\"]}}}}",
	    .agent = "greedy",
	    .players = 2,
	    .games = 200,
	    .components = "A,Y",
	    .nstudied = 2,
	    .cause = "A",
	    .flagged = true,
	};
	expect_first(&k);
}

/* Arrow Party's draw drawing 5: see the top of the file. */
static void test_planted_item(void **state)
{
	(void)state;
	static const planted_case k = {
	    .game = "arrow-party",
	    .doc = "{\"quiver_variant\": 1, \"game\": \"arrow-party\", \"name\": \"planted\", "
	           "\"extends\": \"base\", \"items\": {\"modify\": {\"draw\": {\"effect\": "
	           "{\"kind\": \"draw\", \"cards\": 5}}}}}",
	    .agent = "random",
	    .players = 3,
	    .games = 600,
	    .components = "entries",
	    .nstudied = 10,
	    .cause = "draw",
	    .flagged = true,
	};
	expect_first(&k);
}

/* Evons' sentry made a 9/9 with every arrow: see the top of the file. */
static void test_planted_monster(void **state)
{
	(void)state;
	static const planted_case k = {
	    .game = "evons",
	    .doc = "{\"quiver_variant\": 1, \"game\": \"evons\", \"name\": \"planted\", "
	           "\"extends\": \"base\", \"cards\": {\"modify\": {\"sentry\": {\"atk\": 9, "
	           "\"def\": 9, \"arrows\": [\"N\", \"NE\", \"E\", \"SE\", \"S\", \"SW\", "
	           "\"W\", \"NW\"], \"abilities\": {}}}}}",
	    .agent = "random",
	    .players = 2,
	    .games = 400,
	    .components = "sentry,assassin,cinder-pup,pebble-golem,storm-coil,lich-queen",
	    .nstudied = 6,
	    .cause = "sentry",
	    .flagged = true,
	};
	expect_first(&k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_planted_card),
	    cmocka_unit_test(test_planted_piece),
	    cmocka_unit_test(test_planted_item),
	    cmocka_unit_test(test_planted_monster),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
