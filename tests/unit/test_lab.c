/*
 * test_lab.c - unit tests of the lab's studies (src/lab/lab.c): the plan's arms and their
 * rotations, game lines written and read back exactly, every malformed line refused naming its
 * field, shard headers, and games that do not depend on threads or on how the range is cut.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "../support/tmpdir.h"
#include "lab/lab.h"
#include "lab/metrics.h"

/* A small study of THREE ARROWS by random agents with every kind of arm. */
static qv_lab_config small_config(void)
{
	qv_lab_config c = {0};
	c.game = qv_game_find("three-arrows", NULL);
	c.variant = qv_variant_base(c.game, NULL);
	c.nagents = 1;
	strcpy(c.agents[0], "random");
	c.players[0] = 2;
	c.players[1] = 3;
	c.nplayers = 2;
	c.games = 5; /* rounded up to whole rotations: 6 for both counts */
	c.component_games = 2;
	c.ladder_games = 1;
	c.luck_games = 1;
	c.ladder_lo = 1;
	c.ladder_hi = 2;
	c.seed = 42;
	strcpy(c.version, QV_VERSION);
	return c;
}

/* ConCardia's decks are its sides: they swap seats in every other rotation (arms rounded to
 * pairs of rotations), unless fixed_sides; THREE ARROWS has none. */
static void test_plan_sides(void **state)
{
	(void)state;
	qv_lab_config c = small_config();
	c.game = qv_game_find("concardia", NULL);
	c.variant = qv_variant_base(c.game, NULL);
	c.players[0] = 2;
	c.nplayers = 1;
	c.games = 5;
	c.component_games = 0;
	c.ladder_games = c.luck_games = 0;
	qv_lab_plan p;
	qv_err err;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	assert_int_equal(p.nsides, 2);
	assert_string_equal(p.side[0], "expedition");
	assert_string_equal(p.side[1], "foundry");
	assert_int_equal(p.arm[0].games, 8); /* 5 rounded up to pairs of 2-game rotations */
	for (int i = 0; i < 8; i++)
		assert_int_equal(qv_lab_swapped(&p, i), i / 2 % 2 == 1);
	qv_lab_plan_free(&p);

	/* a deck given as a list of cards is named by its parameter */
	assert_int_equal(qv_params_set(&c.params, "deck2",
	                               "striker-r,striker-p,striker-s,lancer-r,lancer-p,lancer-s,"
	                               "scout-r,scout-p,scout-s,star-r,star-p,star-s,courier-r,"
	                               "courier-p,courier-s,dynamo-r,dynamo-p,dynamo-s,aegis-r,"
	                               "aegis-p,aegis-s",
	                               &err),
	                 QV_OK);
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	assert_string_equal(p.side[1], "deck2");
	qv_lab_plan_free(&p);

	c.fixed_sides = true;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	assert_int_equal(p.nsides, 0);
	assert_int_equal(p.arm[0].games, 6);
	assert_false(qv_lab_swapped(&p, 2));
	qv_lab_plan_free(&p);

	c = small_config();
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	assert_int_equal(p.nsides, 0);
	qv_lab_plan_free(&p);
}

/* A variant of the ConCardia set from JSON text. */
/* Restricted play forbids a card of one deck to the seat holding that deck (in a swapped game
 * the other seat), and a component both decks hold (Evons' sentry) to each seat in turn. */
static void test_plan_holders(void **state)
{
	(void)state;
	const char *cases[][3] = {{"concardia", "flanker-p", "foundry"},
	                          {"concardia", "scout-r", "expedition"},
	                          {"evons", "cinder-pup", "blaze"},
	                          {"evons", "sentry", NULL}};
	for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
		qv_lab_config c = small_config();
		c.game = qv_game_find(cases[t][0], NULL);
		c.variant = qv_variant_base(c.game, NULL);
		c.nplayers = 1;
		c.games = 4;
		c.component_games = 8;
		c.ladder_games = c.luck_games = 0;
		snprintf(c.components, sizeof c.components, "%s", cases[t][1]);
		qv_lab_plan p;
		qv_err err;
		assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
		int k = 0;
		while (k < p.ncomponents && strcmp(p.component[k], cases[t][1]) != 0)
			k++;
		assert_true(k < p.ncomponents);
		const qv_lab_arm *r = qv_lab_find_arm(&p, QV_LAB_RESTRICT, 2, k);
		assert_non_null(r);
		int side = !cases[t][2] ? -1 : strcmp(p.side[0], cases[t][2]) == 0 ? 0 : 1;
		for (int j = 0; j < r->games; j++) {
			bool sw = qv_lab_swapped(&p, r->first + j);
			int want = side < 0 ? j % 2 : sw ? 1 - side : side;
			if (qv_lab_forbidden_seat(&p, r, j) != want)
				fail_msg("%s %s, game %d (%s): forbidden p%d, not p%d", cases[t][0],
				         cases[t][1], j, sw ? "swapped" : "not swapped",
				         qv_lab_forbidden_seat(&p, r, j) + 1, want + 1);
			assert_int_equal(qv_lab_seat_agent(&p, r, j, want), 0);
			assert_int_equal(qv_lab_seat_agent(&p, r, j, 1 - want), 1);
		}
		qv_lab_plan_free(&p);
	}
}

static const qv_variant *concardia_variant(const char *text)
{
	const qv_game *g = qv_game_find("concardia", NULL);
	json_t *doc = json_loads(text, 0, NULL);
	assert_non_null(doc);
	const qv_variant *v = NULL;
	qv_err err;
	if (qv_variant_from_json(doc, g, "test", &v, &err) != QV_OK)
		fail_msg("variant refused: %s", err.msg);
	json_decref(doc);
	return v;
}

/* The value of parameter key that game i of plan p is set up with. */
static const char *game_param(const qv_lab_plan *p, int i, const char *key, qv_params *params)
{
	qv_err err;
	const qv_lab_arm *a = qv_lab_arm_of(p, i);
	assert_int_equal(qv_lab_arm_params(p, a, qv_lab_swapped(p, i), params, &err), QV_OK);
	const char *v = qv_params_get(params, key);
	if (v)
		return v;
	/* not given: the arm's variant's own, as the game's init reads it */
	const qv_variant *var = a->variant ? a->variant : p->cfg.variant;
	return qv_params_get(&var->params, key);
}

/* The sides are the study's own decks: a variant that names its decks (one that removes a
 * default deck's card and adds a deck of its own) swaps those, never the game's defaults, and
 * its study plays; a baseline's games swap the baseline's decks; a variant whose two seats
 * hold the same deck has no sides. */
static void test_plan_own_decks(void **state)
{
	(void)state;
	qv_lab_config c = small_config();
	c.game = qv_game_find("concardia", NULL);
	c.variant = concardia_variant(
	    "{\"quiver_variant\": 1, \"game\": \"concardia\", \"name\": \"own decks\", "
	    "\"params\": {\"deck1\": \"expedition\", \"deck2\": \"forge\"}, \"decks\": {\"remove\": "
	    "[\"foundry\"], \"add\": [{\"id\": \"forge\", \"cards\": [\"sentinel-r\", "
	    "\"sentinel-p\", \"sentinel-s\", \"flanker-r\", \"flanker-p\", \"flanker-s\", "
	    "\"guard-r\", \"guard-p\", \"guard-s\", \"shover-r\", \"shover-p\", \"shover-s\", "
	    "\"saboteur-r\", \"saboteur-p\", \"saboteur-s\", \"duelist-r\", \"duelist-p\", "
	    "\"duelist-s\", \"banner-r\", \"banner-p\", \"banner-s\"]}]}}");
	c.baseline = concardia_variant(
	    "{\"quiver_variant\": 1, \"game\": \"concardia\", \"name\": \"expedition twice\", "
	    "\"params\": {\"deck1\": \"expedition\", \"deck2\": \"foundry\"}, \"cards\": "
	    "{\"modify\": {\"scout-r\": {\"strength\": 3}}}}");
	c.players[0] = 2;
	c.nplayers = 1;
	c.games = 4;
	c.component_games = 0;
	c.ladder_games = c.luck_games = 0;
	qv_lab_plan p;
	qv_err err;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	assert_int_equal(p.nsides, 2);
	assert_string_equal(p.side[0], "expedition");
	assert_string_equal(p.side[1], "forge");
	qv_params params;
	for (int i = 0; i < p.total; i++) {
		bool base = qv_lab_arm_of(&p, i)->kind == QV_LAB_BASELINE;
		bool sw = qv_lab_swapped(&p, i);
		assert_string_equal(game_param(&p, i, "deck1", &params),
		                    sw ? (base ? "foundry" : "forge") : "expedition");
		assert_string_equal(game_param(&p, i, "deck2", &params),
		                    !sw ? (base ? "foundry" : "forge") : "expedition");
	}
	/* every game plays: a swapped one once asked for the defaults, foundry among them */
	qv_lab_game *games = calloc((size_t)p.total, sizeof *games);
	assert_int_equal(qv_lab_play(&p, 0, p.total, 2, games, &err), QV_OK);
	for (int i = 0; i < p.total; i++)
		qv_lab_game_free(&games[i]);
	free(games);
	qv_lab_plan_free(&p);

	c.baseline = NULL;
	c.variant = concardia_variant(
	    "{\"quiver_variant\": 1, \"game\": \"concardia\", \"name\": \"expedition twice\", "
	    "\"params\": {\"deck1\": \"expedition\", \"deck2\": \"expedition\"}}");
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	assert_int_equal(p.nsides, 0);
	assert_string_equal(game_param(&p, 2, "deck1", &params), "expedition");
	assert_string_equal(game_param(&p, 2, "deck2", &params), "expedition");
	qv_lab_plan_free(&p);
}

static void test_plan(void **state)
{
	(void)state;
	qv_lab_config c = small_config();
	qv_lab_plan p;
	qv_err err;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	int nk = p.ncomponents;
	/* the built-in set's seven piece kinds, then the one ability, the Terminator's */
	assert_int_equal(nk, 8);
	assert_int_equal(p.nentries, 7);
	assert_string_equal(p.component[0], "A");
	assert_true(p.members[0] == 1);
	assert_string_equal(p.component[6], "Z");
	assert_string_equal(p.component[7], "ability:terminator");
	assert_true(p.members[7] == 1ull << 6);
	/* Per player count: main, 3 arms per component (control, ablate, restrict), 2 rungs,
	 * luck. */
	assert_int_equal(p.narms, 2 * (1 + 3 * nk + 2 + 1));
	const qv_lab_arm *a = &p.arm[0];
	assert_int_equal(a->kind, QV_LAB_MAIN);
	assert_int_equal(a->players, 2);
	assert_int_equal(a->games, 6); /* self-play: rotations of N games */
	/* The control: the study's own variant, on the seeds of the ablation that follows. */
	assert_int_equal(p.arm[1].kind, QV_LAB_CONTROL);
	assert_int_equal(p.arm[1].component, 0);
	assert_ptr_equal(p.arm[1].variant, c.variant);
	assert_int_equal(p.arm[1].games, 2);
	assert_int_equal(p.arm[2].kind, QV_LAB_ABLATE);
	assert_int_equal(p.arm[2].component, 0);
	assert_false(p.arm[2].variant->builtin);
	for (int j = 0; j < p.arm[2].games; j++)
		assert_true(qv_lab_game_seed(&p, p.arm[2].first + j) ==
		            qv_lab_game_seed(&p, p.arm[1].first + j));
	/* ... seeds of its own: neither main's nor another component's */
	assert_true(qv_lab_game_seed(&p, p.arm[2].first) != qv_lab_game_seed(&p, 0));
	assert_true(qv_lab_game_seed(&p, p.arm[5].first) != qv_lab_game_seed(&p, p.arm[2].first));
	assert_int_equal(p.arm[5].kind, QV_LAB_ABLATE);
	assert_int_equal(p.arm[3].kind, QV_LAB_RESTRICT);
	assert_int_equal(p.arm[3].games, 2);
	/* The ability's ablation: the Terminator without it, every other piece as it was. */
	const qv_lab_arm *ab = &p.arm[2 + 3 * 7];
	assert_int_equal(ab->kind, QV_LAB_ABLATE);
	assert_int_equal(ab->component, 7);
	assert_string_equal(ab->variant->name, "base without ability:terminator");
	json_t *pieces = json_object_get(ab->variant->json, "pieces");
	assert_int_equal(json_array_size(pieces), 7);
	assert_null(json_object_get(json_array_get(pieces, 6), "ability"));
	assert_int_equal(json_integer_value(json_object_get(json_array_get(pieces, 6), "count")),
	                 1);
	const qv_lab_arm *rung = &p.arm[1 + 3 * nk];
	assert_int_equal(rung->kind, QV_LAB_LADDER);
	assert_int_equal(rung->component, 1);
	assert_string_equal(rung->agents[0], "ismcts:iterations=4");
	assert_string_equal(rung->agents[1], "ismcts:iterations=2");
	const qv_lab_arm *luck = &p.arm[3 + 3 * nk];
	assert_int_equal(luck->kind, QV_LAB_LUCK);
	assert_string_equal(luck->agents[0], "random");
	/* the luck floor: random against the study's own agent, not a costly `hard` */
	assert_string_equal(luck->agents[1], "random");
	assert_int_equal(luck->games, 2); /* one rounded up to a rotation */
	const qv_lab_arm *three = &p.arm[4 + 3 * nk];
	assert_int_equal(three->kind, QV_LAB_MAIN);
	assert_int_equal(three->players, 3);
	assert_int_equal(three->games, 6);
	assert_int_equal(p.arm[5 + 3 * nk].kind, QV_LAB_CONTROL);
	assert_int_equal(p.arm[5 + 3 * nk].games, 3); /* a rotation of 3 players: 2 -> 3 */
	assert_int_equal(p.arm[7 + 3 * nk].games, 3); /* restrict with 3 players: 2 -> 3 */
	/* Arms tile the indices, and arm_of finds each. */
	int at = 0;
	for (int i = 0; i < p.narms; i++) {
		assert_int_equal(p.arm[i].first, at);
		at += p.arm[i].games;
		assert_ptr_equal(qv_lab_arm_of(&p, p.arm[i].first), &p.arm[i]);
		assert_ptr_equal(qv_lab_arm_of(&p, at - 1), &p.arm[i]);
	}
	assert_int_equal(at, p.total);
	qv_lab_plan_free(&p);
}

static void test_plan_refusals(void **state)
{
	(void)state;
	qv_lab_plan p;
	qv_err err;
	qv_lab_config c = small_config();
	c.players[1] = 7;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "2-4 players, not 7"));
	c = small_config();
	strcpy(c.agents[0], "nosuch");
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "nosuch"));
	c = small_config();
	strcpy(c.agents[0], "hard");
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "by the clock"));
	strcpy(c.agents[0], "ismcts:iterations=50,time=2");
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "by the clock"));
	c = small_config();
	c.players[0] = 3;
	c.players[1] = 2;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "ascending"));
	c = small_config();
	c.params.n = 0;
	assert_int_equal(qv_params_set(&c.params, "size", "99", &err), QV_OK);
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "size"));
}

/* A game with every field set, and its line. */
static void test_line_round_trip(void **state)
{
	(void)state;
	uint8_t mover[] = {0, 1, 0};
	int16_t value[] = {250, QV_LAB_NOVALUE, -1000};
	qv_lab_count comp[] = {{0, 1, 3, 1, 2}, {0, 4, 2, 0, 0}, {1, 1, 5, 2, -1}};
	qv_lab_count sq[] = {{0, 7, 0, 2, 0}, {1, 35, 0, 1, 0}};
	qv_lab_count held[] = {{0, 1, 0, 3, 0}, {1, 4, 0, 1, 0}};
	qv_lab_game g = {.index = 17,
	                 .players = 2,
	                 .agent = {1, 0},
	                 .utility = {1.0 / 3, -1.0 / 3},
	                 .rank = {1, 2},
	                 .decisions = 3,
	                 .positions = 5,
	                 .legal = 123456789012LL,
	                 .capped = true,
	                 .nvalues = 3,
	                 .mover = mover,
	                 .value = value,
	                 .ncomp = 3,
	                 .comp = comp,
	                 .nsquare = 2,
	                 .square = sq,
	                 .nheld = 2,
	                 .held = held,
	                 .opening = (char *)"place A c1 N / 100% é"};
	qv_buf b = {0};
	qv_lab_line_write(&g, &b);
	assert_string_equal(qv_buf_str(&b),
	                    "17 n=2 a=1,0 u=0.33333333333333331,-0.33333333333333331 r=1,2 d=3 "
	                    "p=5 l=123456789012 c=1 v=0:250,1:x,0:-1000 "
	                    "k=0.1.3.1.2,0.4.2.0.0,1.1.5.2.-1 s=0.7.2,1.35.1 h=0.1.3,1.4.1 "
	                    "o=place%20A%20c1%20N%20/%20100%25%20%C3%A9");
	qv_lab_game r;
	qv_err err;
	assert_int_equal(qv_lab_line_read(qv_buf_str(&b), b.len, &r, &err), QV_OK);
	assert_int_equal(r.index, 17);
	assert_true(r.utility[0] == g.utility[0] && r.utility[1] == g.utility[1]);
	assert_int_equal(r.rank[1], 2);
	assert_int_equal(r.legal, 123456789012LL);
	assert_true(r.capped);
	assert_int_equal(r.nvalues, 3);
	assert_int_equal(r.value[1], QV_LAB_NOVALUE);
	assert_int_equal(r.value[2], -1000);
	assert_int_equal(r.ncomp, 3);
	assert_int_equal(r.comp[2].available, 5);
	assert_int_equal(r.comp[2].captures, -1);
	assert_int_equal(r.nsquare, 2);
	assert_int_equal(r.square[1].item, 35);
	assert_int_equal(r.nheld, 2);
	assert_int_equal(r.held[0].chosen, 3);
	assert_string_equal(r.opening, g.opening);
	qv_buf c = {0};
	qv_lab_line_write(&r, &c);
	assert_string_equal(qv_buf_str(&b), qv_buf_str(&c));
	qv_lab_game_free(&r);
	qv_buf_free(&c);
	qv_buf_clear(&b);

	/* Empty lists. */
	qv_lab_game e = {.index = 0, .players = 3, .utility = {0, 0, 0}, .rank = {1, 1, 1}};
	qv_lab_line_write(&e, &b);
	assert_string_equal(qv_buf_str(&b),
	                    "0 n=3 a=0,0,0 u=0,0,0 r=1,1,1 d=0 p=0 l=0 c=0 v=- k=- s=- h=- o=-");
	assert_int_equal(qv_lab_line_read(qv_buf_str(&b), b.len, &r, &err), QV_OK);
	assert_int_equal(r.players, 3);
	assert_int_equal(r.nvalues + r.ncomp + r.nsquare + r.nheld, 0);
	assert_string_equal(r.opening, "");
	qv_lab_game_free(&r);
	/* an opening of one dash is not an empty one */
	e.opening = (char *)"-";
	qv_buf_clear(&b);
	qv_lab_line_write(&e, &b);
	assert_non_null(strstr(qv_buf_str(&b), " o=%2D"));
	assert_int_equal(qv_lab_line_read(qv_buf_str(&b), b.len, &r, &err), QV_OK);
	assert_string_equal(r.opening, "-");
	qv_lab_game_free(&r);
	qv_buf_free(&b);
}

static void expect_bad(const char *line, const char *field)
{
	qv_lab_game g;
	qv_err err;
	assert_int_equal(qv_lab_line_read(line, strlen(line), &g, &err), QV_EINVAL);
	if (!strstr(err.msg, field))
		fail_msg("'%s': message '%s' does not name %s", line, err.msg, field);
}

static void test_line_refusals(void **state)
{
	(void)state;
	const char *ok = "3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=2 l=9 c=0 v=0:5,1:-5 k=- s=- h=- o=-";
	qv_lab_game g;
	qv_err err;
	assert_int_equal(qv_lab_line_read(ok, strlen(ok), &g, &err), QV_OK);
	qv_lab_game_free(&g);
	expect_bad("", "index");
	expect_bad("x n=2", "index");
	expect_bad("3 n=9 a=0,0", "field n");
	expect_bad("3 n=2 a=0 u=1,-1", "field a");
	expect_bad("3 n=2 a=0,0 u=2,-1 r=1,2", "field u");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,3 d=2", "field r");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=1 l=9", "field p");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=2 l=9 c=2 v=-", "field c");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=2 l=9 c=0 v=0:1001 k=- s=-", "field v");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=2 l=9 c=0 v=0:5 k=- s=-", "one value per");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=2 l=9 c=0 v=- k=1.2.3.4.0,0.2.3.4.0 s=-",
	           "field k");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=2 l=9 c=0 v=- k=1.2.3.4 s=-", "field k");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=2 l=9 c=0 v=- k=- s=0.1", "field s");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=2 l=9 c=0 v=- k=- s=- h=0.1 o=-", "field h");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=2 l=9 c=0 v=- k=- s=- h=- o=a b", "field o");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=2 l=9 c=0 v=- k=- s=- h=- o=a%2", "field o");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=2 l=9 c=0 v=- k=- s=- h=- o=", "field o");
	expect_bad("3 n=2 a=0,0 u=1,-1 r=1,2 d=2 p=2 l=9 c=0 v=- k=- ", "field s");
}

static void test_header_round_trip(void **state)
{
	(void)state;
	qv_lab_config c = small_config();
	c.paired = true;
	c.margin_score = 0.03;
	c.margin_length = 0.25;
	c.settle_width = 0.2;
	c.settle_cap = 800;
	strcpy(c.variant_file, "mine.json");
	qv_err err;
	assert_int_equal(qv_params_set(&c.params, "size", "7", &err), QV_OK);
	qv_lab_plan p;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	qv_buf b = {0};
	qv_lab_header_write(&p, 3, 9, &b);
	qv_lab_config r;
	int lo, hi;
	assert_int_equal(qv_lab_header_read(qv_buf_str(&b), &r, &lo, &hi, &err), QV_OK);
	assert_int_equal(lo, 3);
	assert_int_equal(hi, 9);
	assert_ptr_equal(r.game, c.game);
	assert_ptr_equal(r.variant, c.variant); /* the built-in set is found again */
	assert_null(r.baseline);
	assert_string_equal(r.variant_file, "mine.json");
	assert_string_equal(qv_params_get(&r.params, "size"), "7");
	assert_int_equal(r.nagents, 1);
	assert_string_equal(r.agents[0], "random");
	assert_int_equal(r.nplayers, 2);
	assert_int_equal(r.players[1], 3);
	assert_int_equal(r.games, 5);
	assert_int_equal(r.component_games, 2);
	assert_int_equal(r.ladder_hi, 2);
	assert_true(r.paired);
	assert_true(r.margin_score == 0.03 && r.margin_length == 0.25);
	/* --until-settled's width and cap (read by their keys: they once were not) */
	assert_true(r.settle_width == 0.2 && r.settle_cap == 800);
	assert_true(r.seed == 42);
	assert_string_equal(r.version, QV_VERSION);
	/* The configuration read back plans the same study. */
	qv_lab_plan q;
	assert_int_equal(qv_lab_plan_make(&r, &q, &err), QV_OK);
	assert_int_equal(q.total, p.total);
	qv_buf b2 = {0};
	qv_lab_header_write(&q, 3, 9, &b2);
	assert_string_equal(qv_buf_str(&b), qv_buf_str(&b2));
	qv_lab_plan_free(&q);
	qv_buf_free(&b2);
	/* Junk and a range outside the study. */
	assert_int_equal(qv_lab_header_read("[1,2]", &r, &lo, &hi, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "not a JSON object"));
	char *bad = strdup(qv_buf_str(&b));
	char *range = strstr(bad, "\"range\":[3,9]");
	assert_non_null(range);
	memcpy(range, "\"range\":[3,1]", 13);
	assert_int_equal(qv_lab_header_read(bad, &r, &lo, &hi, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "range"));
	free(bad);
	/* A margin out of its range names the key and what it takes. */
	bad = strdup(qv_buf_str(&b));
	char *margin = strstr(bad, "\"margin\":{\"length\":0.25");
	assert_non_null(margin);
	memcpy(margin, "\"margin\":{\"length\":-125", 23);
	assert_int_equal(qv_lab_header_read(bad, &r, &lo, &hi, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "margin"));
	free(bad);
	qv_buf_free(&b);
	qv_lab_plan_free(&p);
}

/* An adaptive study's plan: its first round of first_games per arm where a fixed study plays
 * component_games, then each round's arms after every other (games before them keep their
 * indices and seeds), each ablation paired with its own round's control; its header carries
 * the rounds back; its budget is a fixed allocation's. */
static void test_plan_adaptive(void **state)
{
	(void)state;
	qv_lab_config c = small_config();
	c.nplayers = 1; /* 2 players */
	c.component_games = 20;
	c.ladder_games = c.luck_games = 0;
	snprintf(c.components, sizeof c.components, "A,Y,T");
	qv_lab_plan fixed, p;
	qv_err err;
	assert_int_equal(qv_lab_plan_make(&c, &fixed, &err), QV_OK);
	c.adaptive = true;
	c.first_games = 6;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	assert_int_equal(qv_lab_component_budget(&p), qv_lab_component_games_used(&fixed));
	assert_int_equal(qv_lab_component_budget(&p), 3 * 3 * 20);
	assert_int_equal(qv_lab_component_games_used(&p), 3 * 3 * 6);
	int first_total = p.total;
	qv_lab_plan p0 = p;
	/* two rounds: A's ablation and Y's restricted play, then T's ablation */
	int A = 0, Y = 3, T = 1;
	c.nrounds = 2;
	c.round[0] = (qv_lab_round){.games_ablate = 8, .games_restrict = 4};
	c.round[0].ablate[0] = 1ull << A;
	c.round[0].restricted[0] = 1ull << Y;
	c.round[1] = (qv_lab_round){.games_ablate = 2, .games_restrict = 2};
	c.round[1].ablate[0] = 1ull << T;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	assert_string_equal(p.component[A], "A");
	assert_string_equal(p.component[T], "T");
	assert_string_equal(p.component[Y], "Y");
	/* Y's restricted play comes with its round's control, its twin (one agent) */
	assert_int_equal(p.total, first_total + 8 + 8 + 4 + 4 + 2 + 2);
	const qv_lab_arm *tail = &p.arm[p.narms - 6];
	assert_int_equal(tail[0].kind, QV_LAB_CONTROL);
	assert_int_equal(tail[0].first, first_total);
	assert_int_equal(tail[0].round, 1);
	assert_int_equal(tail[1].kind, QV_LAB_ABLATE);
	assert_ptr_equal(qv_lab_control_of(&p, &tail[1]), &tail[0]);
	assert_int_equal(tail[2].kind, QV_LAB_CONTROL);
	assert_int_equal(tail[2].component, Y);
	assert_int_equal(tail[2].games, 4);
	assert_int_equal(tail[3].kind, QV_LAB_RESTRICT);
	assert_int_equal(tail[3].component, Y);
	assert_int_equal(tail[3].games, 4);
	assert_ptr_equal(qv_lab_twin_of(&p, &tail[3]), &tail[2]);
	assert_true(qv_lab_game_seed(&p, tail[3].first + 3) ==
	            qv_lab_game_seed(&p, tail[2].first + 3));
	/* the first round's restricted play is paired with the first round's control */
	const qv_lab_arm *r0 = qv_lab_find_arm(&p, QV_LAB_RESTRICT, 2, Y);
	assert_non_null(r0);
	assert_int_equal(r0->round, 0);
	assert_ptr_equal(qv_lab_twin_of(&p, r0), qv_lab_find_arm(&p, QV_LAB_CONTROL, 2, Y));
	assert_int_equal(tail[5].kind, QV_LAB_ABLATE);
	assert_int_equal(tail[5].component, T);
	assert_int_equal(tail[5].round, 2);
	assert_ptr_equal(qv_lab_control_of(&p, &tail[5]), &tail[4]);
	/* an ablation game plays its own round's control game's seeds */
	assert_true(qv_lab_game_seed(&p, tail[1].first + 5) ==
	            qv_lab_game_seed(&p, tail[0].first + 5));
	assert_true(qv_lab_game_seed(&p, tail[1].first) != qv_lab_game_seed(&p, p.arm[2].first));
	/* the games before the rounds keep their indices, arms and seeds */
	for (int i = 0; i < first_total; i++) {
		assert_true(qv_lab_game_seed(&p, i) == qv_lab_game_seed(&p0, i));
		assert_int_equal(qv_lab_arm_of(&p, i)->first, qv_lab_arm_of(&p0, i)->first);
	}
	qv_lab_plan_free(&p0);
	qv_buf b = {0};
	qv_lab_header_write(&p, 0, p.total, &b);
	qv_lab_config r;
	int lo, hi;
	assert_int_equal(qv_lab_header_read(qv_buf_str(&b), &r, &lo, &hi, &err), QV_OK);
	assert_true(r.adaptive);
	assert_int_equal(r.first_games, 6);
	assert_int_equal(r.nrounds, 2);
	assert_int_equal(r.round[0].games_ablate, 8);
	assert_int_equal(r.round[0].games_restrict, 4);
	assert_true(r.round[0].ablate[0] == 1ull << A && r.round[0].restricted[0] == 1ull << Y);
	assert_true(r.round[1].ablate[0] == 1ull << T && r.round[1].restricted[0] == 0);
	qv_lab_plan q;
	assert_int_equal(qv_lab_plan_make(&r, &q, &err), QV_OK);
	assert_int_equal(q.total, p.total);
	qv_lab_plan_free(&q);
	/* a round of no games is refused */
	char *bad = strdup(qv_buf_str(&b));
	char *games = strstr(bad, "\"games\":[2,2]");
	assert_non_null(games);
	memcpy(games, "\"games\":[0,2]", 13);
	assert_int_equal(qv_lab_header_read(bad, &r, &lo, &hi, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "adaptive"));
	free(bad);
	qv_buf_free(&b);
	qv_lab_plan_free(&p);
	/* a first round over the budget is refused */
	c.nrounds = 0;
	c.first_games = 21;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_EINVAL);
	qv_lab_plan_free(&fixed);
}

/* An adaptive ConCardia study of these components (ids), one player count, 8 main games and
 * component_games per component and arm, a first round of 4. */
static qv_lab_config adaptive_config(const char *ids, int component_games)
{
	qv_lab_config c = small_config();
	c.game = qv_game_find("concardia", NULL);
	c.variant = qv_variant_base(c.game, NULL);
	c.nplayers = 1;
	c.games = 8;
	c.component_games = component_games;
	c.ladder_games = c.luck_games = 0;
	c.adaptive = true;
	c.first_games = 4;
	snprintf(c.components, sizeof c.components, "%s", ids);
	return c;
}

/* An adaptive study played in memory, round after round (qv_lab_next_round on each round's
 * report), stays within its budget, decides the same rounds when played again, and its rounds
 * play the components its races name. */
static void test_adaptive_rounds(void **state)
{
	(void)state;
	qv_lab_config c = adaptive_config("striker-r,lancer-s,scout-r,guard-s,star-r", 16);
	qv_lab_round first[QV_LAB_MAX_ROUNDS];
	int nfirst = 0;
	for (int pass = 0; pass < 2; pass++) {
		c.nrounds = 0;
		for (;;) {
			qv_lab_plan p;
			qv_err err;
			assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
			assert_true(qv_lab_component_games_used(&p) <= qv_lab_component_budget(&p));
			qv_lab_game *games = calloc((size_t)p.total, sizeof *games);
			assert_int_equal(qv_lab_play(&p, 0, p.total, 2, games, &err), QV_OK);
			qv_lab_report r;
			assert_int_equal(qv_lab_compute(&p, games, &r, &err), QV_OK);
			qv_lab_round next;
			bool more = qv_lab_next_round(&p, &r, &next);
			if (more) {
				/* the round plays the first or a contender of a list that is not
				 * settled */
				const qv_lab_race *u = &r.section[0].race[QV_LAB_UNBALANCING];
				for (int k = 0; k < p.ncomponents; k++) {
					if (!(next.ablate[0] >> k & 1))
						continue;
					bool named = k == u->first ||
					             k == r.section[0].race[QV_LAB_STRONGEST].first;
					for (int i = 0; i < u->ncontenders; i++)
						named |= u->contender[i] == k;
					assert_true(named && !u->separated);
				}
				c.round[c.nrounds++] = next;
			}
			qv_lab_report_free(&r);
			for (int i = 0; i < p.total; i++)
				qv_lab_game_free(&games[i]);
			free(games);
			qv_lab_plan_free(&p);
			if (!more)
				break;
		}
		assert_true(c.nrounds >= 1);
		if (pass == 0) {
			nfirst = c.nrounds;
			memcpy(first, c.round, sizeof first);
		} else {
			assert_int_equal(c.nrounds, nfirst);
			assert_memory_equal(first, c.round, sizeof(qv_lab_round) * (size_t)nfirst);
		}
	}
}

/* The choice of a round, on races made by hand (12 ConCardia cards studied): while a list is
 * not settled, its contenders play by successive halving (6 of 12 in the second round, 4 in
 * the fourth: never fewer than 4), its first too when its interval is the wider, and the other
 * list's first, which an unlucky first round may have left far down this list; a settled list
 * plays nothing of its own, nor the other's first. */
static void test_adaptive_picks(void **state)
{
	(void)state;
	qv_lab_config c =
	    adaptive_config("striker-r,striker-p,striker-s,lancer-r,lancer-p,"
	                    "lancer-s,scout-r,scout-p,scout-s,guard-r,guard-p,guard-s",
	                    40);
	qv_lab_plan p;
	qv_err err;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	int id[12], n = 0;
	for (int k = 0; k < p.ncomponents; k++)
		if (p.studied[k])
			id[n++] = k;
	assert_int_equal(n, 12);
	qv_lab_component comp[QV_LAB_MAX_COMPONENTS];
	memset(comp, 0, sizeof comp);
	qv_lab_report r;
	memset(&r, 0, sizeof r);
	r.plan = &p;
	r.nsections = 1;
	r.section[0].players = 2;
	r.section[0].component = comp;
	/* unbalancing: first id[0], contenders id[1..11] in order of share; strongest: first
	 * id[11], settled */
	qv_lab_race *u = &r.section[0].race[QV_LAB_UNBALANCING];
	qv_lab_race *t = &r.section[0].race[QV_LAB_STRONGEST];
	u->first = id[0];
	u->second = id[1];
	u->sure = 0.3;
	u->first_width = 0.1;
	u->ncontenders = 11;
	for (int i = 0; i < 11; i++) {
		u->contender[i] = id[i + 1];
		u->contender_width[i] = 0.2;
	}
	t->first = id[11];
	t->second = id[3];
	t->sure = 0.999;
	t->separated = true;
	uint64_t want = 0;
	for (int i = 1; i <= 6; i++)
		want |= 1ull << id[i];
	want |= 1ull << id[11]; /* the other list's first (its 11th contender here) */
	qv_lab_round next;
	assert_true(qv_lab_next_round(&p, &r, &next));
	assert_true(next.ablate[0] == want);
	assert_true(next.restricted[0] == 0);
	assert_true(next.games_ablate >= 1);
	/* the fourth round: 12 >> 4 is 0, so 4 contenders; the first, measured less, plays too */
	c.nrounds = 3;
	for (int i = 0; i < 3; i++)
		c.round[i] = (qv_lab_round){.games_ablate = 1, .games_restrict = 1};
	qv_lab_plan q;
	assert_int_equal(qv_lab_plan_make(&c, &q, &err), QV_OK);
	r.plan = &q;
	u->first_width = 0.3;
	want = 1ull << id[0] | 1ull << id[11];
	for (int i = 1; i <= 4; i++)
		want |= 1ull << id[i];
	assert_true(qv_lab_next_round(&q, &r, &next));
	assert_true(next.ablate[0] == want);
	/* strongest unsettled too: it plays its own contenders and unbalancing's first */
	t->separated = false;
	t->ncontenders = 1;
	t->contender[0] = id[3];
	t->contender_width[0] = 0.2;
	t->first_width = 0.1;
	assert_true(qv_lab_next_round(&q, &r, &next));
	assert_true(next.restricted[0] == (1ull << id[3] | 1ull << id[0]));
	/* unbalancing settled: no ablation, though strongest's first is still unsettled */
	u->separated = true;
	assert_true(qv_lab_next_round(&q, &r, &next));
	assert_true(next.ablate[0] == 0);
	assert_true(next.restricted[0] == (1ull << id[3] | 1ull << id[0]));
	qv_lab_plan_free(&q);
	qv_lab_plan_free(&p);
}

/* How sure a list's first place is, on tests made by hand: two components of `strongest`
 * whose losses per copy are 0.20 and 0.12, each known within +-0.05 (100 rotations), the
 * second's interval reaching the first's: the first has the larger loss in
 * Phi(0.08 / sqrt(se1^2 + se2^2)) of the posterior draws, and both measured lambda = (1.96
 * (se1 + se2) / 0.08)^2 times as long would part them: (lambda - 1) * 400 games more. */
static void test_race(void **state)
{
	(void)state;
	qv_lab_plan p;
	memset(&p, 0, sizeof p);
	qv_lab_arm arms[2] = {
	    {.kind = QV_LAB_RESTRICT, .players = 2, .component = 0, .games = 200},
	    {.kind = QV_LAB_RESTRICT, .players = 2, .component = 1, .games = 200}};
	p.arm = arms;
	p.narms = 2;
	p.ncomponents = 2;
	qv_lab_component comp[2];
	memset(comp, 0, sizeof comp);
	double loss[2] = {0.20, 0.12};
	for (int k = 0; k < 2; k++) {
		comp[k].restrict_holder =
		    (qv_lab_delta){-loss[k], {-loss[k] - 0.05, -loss[k] + 0.05}, 0.001, false, 100};
		comp[k].rebalance_by = -1;
	}
	qv_lab_section S;
	memset(&S, 0, sizeof S);
	S.players = 2;
	S.component = comp;
	S.strongest[0] = 0;
	S.strongest[1] = 1;
	S.nstrongest = 2;
	qv__lab_races(&p, &S);
	const qv_lab_race *r = &S.race[QV_LAB_STRONGEST];
	assert_int_equal(r->first, 0);
	assert_int_equal(r->second, 1);
	assert_false(r->separated);
	assert_int_equal(r->ncontenders, 1);
	assert_int_equal(r->contender[0], 1);
	double se = 0.05 / qv_t975(99);
	double sure = qv_normal_cdf(0.08 / sqrt(2 * se * se));
	assert_true(fabs(r->sure - sure) < 1e-4);
	assert_true(fabs(r->contender_share[0] - (1 - sure)) < 1e-4);
	double lambda = pow(QV_Z95 * 2 * se / 0.08, 2);
	assert_int_equal(r->more, (long)ceil((lambda - 1) * 400));
	assert_int_equal(S.race[QV_LAB_UNBALANCING].first, -1);
	/* apart: no contender, no more games */
	comp[1].restrict_holder.d = -0.05;
	comp[1].restrict_holder.ci = (qv_interval){-0.10, 0.0};
	qv__lab_races(&p, &S);
	assert_true(r->separated);
	assert_int_equal(r->more, 0);
	assert_true(r->sure > 0.999);
	/* the second looking as large: no number of games parts them */
	comp[1].restrict_holder.d = -0.20;
	comp[1].restrict_holder.ci = (qv_interval){-0.30, -0.10};
	qv__lab_races(&p, &S);
	assert_int_equal(r->more, -1);
	assert_true(fabs(r->sure - 0.5) < 1e-3); /* equal means: half the draws */
}

/* The lines of games [lo, hi) played on `threads` threads, one string. */
static char *play_lines(const qv_lab_plan *p, int lo, int hi, int threads)
{
	qv_lab_game *games = calloc((size_t)(hi - lo), sizeof *games);
	qv_err err;
	assert_int_equal(qv_lab_play(p, lo, hi, threads, games, &err), QV_OK);
	qv_buf b = {0};
	for (int i = 0; i < hi - lo; i++) {
		qv_lab_line_write(&games[i], &b);
		qv_buf_putc(&b, '\n');
		qv_lab_game_free(&games[i]);
	}
	free(games);
	char *s = strdup(qv_buf_str(&b));
	qv_buf_free(&b);
	return s;
}

/* A journal (store.c): games added in any order are kept as they come; a journal resumed is
 * checked against its header, keeps its complete lines and drops a last line cut short;
 * finished, it is the games in index order, which a cursor reads back from any index as the
 * games themselves. */
static void test_journal(void **state)
{
	(void)state;
	qv_lab_config c = small_config();
	qv_lab_plan p;
	qv_err err;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	int n = p.total;
	qv_lab_game *games = calloc((size_t)n, sizeof *games);
	assert_int_equal(qv_lab_play(&p, 0, n, 2, games, &err), QV_OK);
	char dir[48], path[64];
	assert_non_null(qv_test_mkdtemp(dir, sizeof dir, "test_lab_journal"));
	snprintf(path, sizeof path, "%s/games.lab", dir);
	qv_buf header = {0};
	qv_lab_header_write(&p, 0, n, &header);

	/* the second half first, then half of the first: what two threads might finish */
	qv_lab_journal *j;
	assert_int_equal(qv_lab_journal_open(path, qv_buf_str(&header), 0, n, false, &j, &err),
	                 QV_OK);
	for (int i = n / 2; i < n; i++)
		assert_int_equal(qv_lab_journal_add(j, &games[i], &err), QV_OK);
	for (int i = 0; i < n / 4; i++)
		assert_int_equal(qv_lab_journal_add(j, &games[i], &err), QV_OK);
	assert_true(qv_lab_journal_has(j, n - 1));
	assert_false(qv_lab_journal_has(j, n / 4));
	qv_lab_journal_close(j);
	FILE *f = fopen(path, "a");
	fputs("7 n=2 a=0,0 u=1", f); /* cut short, without its newline */
	fclose(f);

	/* another study's header is refused */
	assert_int_equal(qv_lab_journal_open(path, "{\"other\":1}", 0, n, true, &j, &err),
	                 QV_EINVAL);
	assert_non_null(strstr(err.msg, "another study"));
	assert_int_equal(qv_lab_journal_open(path, qv_buf_str(&header), 0, n, true, &j, &err),
	                 QV_OK);
	assert_int_equal(qv_lab_journal_count(j), n - n / 2 + n / 4);
	/* unfinished, it cannot be sorted */
	qv_lab_journal *k;
	assert_int_equal(qv_lab_journal_open(path, qv_buf_str(&header), 0, n, true, &k, &err),
	                 QV_OK);
	assert_int_equal(qv_lab_journal_finish(k, path, &err), QV_ESTATE);
	for (int i = n / 4; i < n / 2; i++)
		if (!qv_lab_journal_has(j, i))
			assert_int_equal(qv_lab_journal_add(j, &games[i], &err), QV_OK);
	assert_int_equal(qv_lab_journal_finish(j, path, &err), QV_OK);

	/* in index order: the same bytes as the lines written one after another */
	qv_lab_file file;
	assert_int_equal(qv_lab_file_open(path, 0, n, &file, &err), QV_OK);
	qv_lab_source src = {.file = &file, .total = n};
	for (int at = 0; at < n; at += 7) {
		qv_lab_cursor cur;
		assert_int_equal(qv_lab_cursor_open(&src, at, &cur, &err), QV_OK);
		for (int i = at; i < n; i++) {
			const qv_lab_game *g = qv_lab_cursor_next(&cur, &err);
			assert_non_null(g);
			qv_buf a = {0}, b = {0};
			qv_lab_line_write(g, &a);
			qv_lab_line_write(&games[i], &b);
			assert_string_equal(qv_buf_str(&a), qv_buf_str(&b));
			qv_buf_free(&a);
			qv_buf_free(&b);
		}
		assert_null(qv_lab_cursor_next(&cur, &err));
		qv_lab_cursor_close(&cur);
	}
	qv_lab_file_free(&file);
	/* a file whose lines are not its range's is refused, naming the line */
	assert_int_equal(qv_lab_file_open(path, 1, n + 1, &file, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "line 2 is not game 1"));

	for (int i = 0; i < n; i++)
		qv_lab_game_free(&games[i]);
	free(games);
	qv_buf_free(&header);
	remove(path);
	rmdir(dir);
	qv_lab_plan_free(&p);
}

/* The counts of (seat, item) in g's components: [0] available, [1] chosen. */
static void comp_counts(const qv_lab_game *g, int seat, int item, long out[2])
{
	out[0] = out[1] = 0;
	for (int k = 0; k < g->ncomp; k++)
		if (g->comp[k].seat == seat && g->comp[k].item == item) {
			out[0] = g->comp[k].available;
			out[1] = g->comp[k].chosen;
		}
}

static void test_play_independent_of_threads_and_cuts(void **state)
{
	(void)state;
	qv_lab_config c = small_config();
	/* Neither the ladder nor the luck floor: their searches are for studies, not unit
	 * tests. */
	c.ladder_games = 0;
	qv_lab_plan p;
	qv_err err;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	char *one = play_lines(&p, 0, p.total, 1);
	char *two = play_lines(&p, 0, p.total, 2);
	assert_string_equal(one, two);
	int cut = p.total / 3;
	char *a = play_lines(&p, 0, cut, 2), *b = play_lines(&p, cut, p.total, 1);
	size_t la = strlen(a);
	assert_memory_equal(one, a, la);
	assert_string_equal(one + la, b);
	/* Every game of the main arm counted its pieces and squares. */
	qv_lab_game g;
	const char *line = one;
	/* The forbidden component's plays and chances: restricted seats [0], their twins [1]. */
	long chosen[2] = {0, 0}, avail[2] = {0, 0};
	for (int i = 0; i < p.total; i++) {
		const char *end = strchr(line, '\n');
		assert_int_equal(qv_lab_line_read(line, (size_t)(end - line), &g, &err), QV_OK);
		assert_int_equal(g.index, i);
		const qv_lab_arm *arm = qv_lab_arm_of(&p, i);
		assert_int_equal(g.players, arm->players);
		/* Only the Terminator carries its ability: the ability is on offer and played
		 * exactly when the piece is. */
		for (int s = 0; s < g.players; s++) {
			long z[2], ability[2];
			comp_counts(&g, s, 6, z);
			comp_counts(&g, s, 7, ability);
			assert_int_equal(z[0], ability[0]);
			assert_int_equal(z[1], ability[1]);
		}
		if (arm->kind == QV_LAB_MAIN) {
			assert_true(g.ncomp > 0);
			assert_true(g.nsquare > 0);
			assert_true(g.positions >= g.decisions);
		}
		if (arm->kind == QV_LAB_RESTRICT)
			for (int k = 0; k < g.ncomp; k++)
				if (g.comp[k].item == arm->component) {
					int who = g.agent[g.comp[k].seat] == 0 ? 0 : 1;
					chosen[who] += g.comp[k].chosen;
					avail[who] += g.comp[k].available;
				}
		if (arm->kind == QV_LAB_MAIN)
			for (int k = 0; k < g.nvalues; k++)
				assert_int_equal(g.value[k],
				                 QV_LAB_NOVALUE); /* random does not search */
		qv_lab_game_free(&g);
		line = end + 1;
	}
	/* A restricted seat plays its component only when nothing else is legal (THREE ARROWS'
	 * last pieces), far less often than its twins. */
	assert_true(avail[0] > 0 && avail[1] > 0 && chosen[1] > 0);
	assert_true((double)chosen[0] / (double)avail[0] <
	            0.5 * (double)chosen[1] / (double)avail[1]);
	/* Paired games of one rotation meet the same dice: another seed for some games. */
	c.paired = true;
	qv_lab_plan pp;
	assert_int_equal(qv_lab_plan_make(&c, &pp, &err), QV_OK);
	char *paired = play_lines(&pp, 0, pp.total, 2);
	assert_string_not_equal(one, paired);
	free(paired);
	qv_lab_plan_free(&pp);
	free(one);
	free(two);
	free(a);
	free(b);
	qv_lab_plan_free(&p);
}

/* A searching agent's decisions carry their values; ladder rungs pit the two budgets. */
static void test_search_values(void **state)
{
	(void)state;
	qv_lab_config c = small_config();
	strcpy(c.agents[0], "ismcts:iterations=8");
	c.nplayers = 1;
	c.games = 2;
	c.component_games = 0;
	c.ladder_lo = c.ladder_hi = 2;
	c.ladder_games = 2;
	qv_lab_plan p;
	qv_err err;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	assert_int_equal(p.narms, 3);            /* main, one rung, luck */
	int n = p.arm[1].first + p.arm[1].games; /* luck's random seat has no values: left out */
	qv_lab_game *games = calloc((size_t)n, sizeof *games);
	assert_int_equal(qv_lab_play(&p, 0, n, 2, games, &err), QV_OK);
	for (int i = 0; i < n; i++) {
		assert_true(games[i].decisions > 0);
		assert_int_equal(games[i].nvalues, games[i].decisions);
		for (int k = 0; k < games[i].nvalues; k++) {
			assert_int_not_equal(games[i].value[k], QV_LAB_NOVALUE);
			assert_true(games[i].value[k] >= -1000 && games[i].value[k] <= 1000);
		}
		qv_lab_game_free(&games[i]);
	}
	free(games);
	qv_lab_plan_free(&p);
}

/* Ablation and restricted play find a planted cause: a Tee with all eight arrows stands out
 * as the most extreme component, strong (its restricted play's test flagged, its interval
 * below 0); not flagged, which says the game leans otherwise without a component: every seat
 * holds Tees, so taking it out changes every seat's game alike. Seeded, so
 * the sanitizer build would find the same: it skips the 2,020 games (seven minutes there),
 * whose code the tests above already run under it. */
static void test_planted_cause(void **state)
{
	(void)state;
#ifdef __SANITIZE_ADDRESS__
	skip();
#endif
	const char *doc = "{\"quiver_variant\": 1, \"game\": \"three-arrows\", \"name\": "
	                  "\"planted\", \"pieces\": {\"modify\": {\"T\": {\"arrows\": [\"N\", "
	                  "\"NE\", \"E\", \"SE\", \"S\", \"SW\", \"W\", \"NW\"]}}}}";
	json_t *j = json_loads(doc, 0, NULL);
	assert_non_null(j);
	qv_lab_config c = small_config();
	qv_err err;
	assert_int_equal(qv_variant_from_json(j, c.game, "planted", &c.variant, &err), QV_OK);
	json_decref(j);
	strcpy(c.agents[0], "greedy");
	c.nplayers = 1;
	c.games = 20;
	c.component_games = 100;
	c.ladder_games = 0;
	c.seed = 5;
	qv_lab_plan p;
	assert_int_equal(qv_lab_plan_make(&c, &p, &err), QV_OK);
	qv_lab_game *games = calloc((size_t)p.total, sizeof *games);
	assert_int_equal(qv_lab_play(&p, 0, p.total, 2, games, &err), QV_OK);
	qv_lab_report r;
	assert_int_equal(qv_lab_compute(&p, games, &r, &err), QV_OK);
	const qv_lab_section *S = &r.section[0];
	const qv_lab_component *top = &S->component[S->order[0]];
	assert_string_equal(top->id, "T");
	assert_int_equal(top->strength, QV_LAB_BEYOND);
	assert_true(top->restrict_score.flagged);
	assert_true(top->restrict_score.ci.hi < 0);
	qv_lab_report_free(&r);
	for (int i = 0; i < p.total; i++)
		qv_lab_game_free(&games[i]);
	free(games);
	qv_lab_plan_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_plan),
	    cmocka_unit_test(test_plan_sides),
	    cmocka_unit_test(test_plan_holders),
	    cmocka_unit_test(test_plan_own_decks),
	    cmocka_unit_test(test_plan_refusals),
	    cmocka_unit_test(test_plan_adaptive),
	    cmocka_unit_test(test_adaptive_rounds),
	    cmocka_unit_test(test_adaptive_picks),
	    cmocka_unit_test(test_race),
	    cmocka_unit_test(test_line_round_trip),
	    cmocka_unit_test(test_line_refusals),
	    cmocka_unit_test(test_header_round_trip),
	    cmocka_unit_test(test_journal),
	    cmocka_unit_test(test_play_independent_of_threads_and_cuts),
	    cmocka_unit_test(test_search_values),
	    cmocka_unit_test(test_planted_cause),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
