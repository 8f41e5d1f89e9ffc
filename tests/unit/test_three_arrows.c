/*
 * test_three_arrows.c - unit tests of the THREE ARROWS rules through the game interface: the
 * rulebook's worked examples, strengths, placement, the sampler, determinization, notation,
 * JSON loading, the constant tables, the reference and the action notes. The protocol-level
 * scenarios live in tests/scenarios/three-arrows/.
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/three_arrows/three_arrows.h"
#include "gametest.h"
#include "lab/lab.h"
#include "quiver/variant.h"

static const qv_game *G;

/* Sets up st from a JSON "state" object with the given "k=v,..." parameters. */
static qv_status load(ta_state *st, const char *params, const char *state_json, qv_err *err)
{
	qv_test_init(G, st, params, 1);
	return qv_test_load_json(G, st, state_json, err);
}

static void must_load(ta_state *st, const char *params, const char *state_json)
{
	qv_err err = {{0}};
	if (load(st, params, state_json, &err))
		fail_msg("load failed: %s", err.msg);
}

static qv_action parse(const ta_state *st, const char *text) { return qv_test_parse(G, st, text); }

static void play(ta_state *st, const char *text) { qv_test_play(G, st, text); }

static bool is_legal(const ta_state *st, const char *text)
{
	qv_action *buf = malloc(sizeof *buf * (size_t)G->max_actions);
	int n = G->legal(st, buf);
	qv_action a = parse(st, text);
	bool found = false;
	for (int i = 0; i < n; i++)
		found |= buf[i] == a;
	free(buf);
	return found;
}

static int sq(const char *name) { return ta_sq(name[0] - 'a', name[1] - '1'); }

/* The kind of the built-in set's piece letter c. */
static int kind(char c) { return ta_kind_of_letter(ta_base_tables(), c); }

static int setup(void **unused)
{
	(void)unused;
	G = qv_game_find("three-arrows", NULL);
	return G ? 0 : -1;
}

/* The rulebook's worked attack: Angle, Double, Y and a rotated Tee in a column attack with
 * 1 + 2 + 0 + 1 = 4 against a defence of 3. */
static const char *EXAMPLE_4_VS_3 =
    "{\"board\":["
    "{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"T\",\"facing\":\"E\"},"
    "{\"sq\":\"c2\",\"owner\":\"p1\",\"piece\":\"Y\",\"facing\":\"N\"},"
    "{\"sq\":\"c3\",\"owner\":\"p1\",\"piece\":\"D\",\"facing\":\"N\"},"
    "{\"sq\":\"c4\",\"owner\":\"p1\",\"piece\":\"A\",\"facing\":\"N\"},"
    "{\"sq\":\"c5\",\"owner\":\"p2\",\"piece\":\"R\",\"facing\":\"S\"},"
    "{\"sq\":\"f6\",\"owner\":\"p2\",\"piece\":\"X\"}],"
    "\"players\":[{\"home\":\"S\"},{\"home\":\"N\"}]}";

static void test_worked_example_strengths(void **unused)
{
	(void)unused;
	ta_state st;
	must_load(&st, "", EXAMPLE_4_VS_3);
	assert_int_equal(ta_attack_strength(&st, sq("c4"), sq("c5")), 4);
	assert_int_equal(ta_defence_strength(&st, sq("c4"), sq("c5")), 3);
}

static void test_worked_example_each_die_face(void **unused)
{
	(void)unused;
	static const struct {
		const char *die;
		bool captured;
		int attacker_bonus;
	} cases[] = {{"die +1", true, 1}, {"die 0", true, 1}, {"die -1", false, 2}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ta_state st;
		must_load(&st, "", EXAMPLE_4_VS_3);
		play(&st, "attack c4 c5");
		assert_int_equal(G->to_move(&st), QV_CHANCE); /* no covered defender: not asked */
		play(&st, cases[i].die);
		assert_int_equal(st.pl[0].captured, cases[i].captured);
		assert_int_equal(st.cell[sq("c5")] != 0, !cases[i].captured);
		assert_int_equal(st.pl[0].bonus, cases[i].attacker_bonus);
		assert_int_equal(st.pl[1].bonus,
		                 1); /* 5 or 4 against 3 is not a win by one on +1 */
		if (cases[i].captured) {
			assert_int_equal(G->to_move(&st), 0); /* stay or advance */
			assert_true(is_legal(&st, "stay"));
			assert_true(is_legal(&st, "advance W"));
		} else {
			assert_int_equal(G->to_move(&st), 1);
		}
	}
}

/* Two Y pieces on a diagonal attack with 2; the defender's Y behind its piece defends with 1. */
static void test_two_y_diagonal(void **unused)
{
	(void)unused;
	ta_state st;
	must_load(&st, "",
	          "{\"board\":["
	          "{\"sq\":\"b2\",\"owner\":\"p1\",\"piece\":\"Y\"},"
	          "{\"sq\":\"c3\",\"owner\":\"p1\",\"piece\":\"Y\"},"
	          "{\"sq\":\"d4\",\"owner\":\"p2\",\"piece\":\"D\"},"
	          "{\"sq\":\"e5\",\"owner\":\"p2\",\"piece\":\"Y\",\"facing\":\"S\"}],"
	          "\"players\":[{\"home\":\"S\"},{\"home\":\"N\"}]}");
	assert_int_equal(ta_attack_strength(&st, sq("c3"), sq("d4")), 2);
	assert_int_equal(ta_defence_strength(&st, sq("c3"), sq("d4")), 1);
}

/* A gap between the defending piece and the Y behind it makes the defence 0. */
static void test_gap_makes_defence_zero(void **unused)
{
	(void)unused;
	ta_state st;
	must_load(&st, "",
	          "{\"board\":["
	          "{\"sq\":\"c3\",\"owner\":\"p1\",\"piece\":\"Y\"},"
	          "{\"sq\":\"d4\",\"owner\":\"p2\",\"piece\":\"D\"},"
	          "{\"sq\":\"f6\",\"owner\":\"p2\",\"piece\":\"Y\",\"facing\":\"S\"}],"
	          "\"players\":[{\"home\":\"S\"},{\"home\":\"N\"}]}");
	assert_int_equal(ta_attack_strength(&st, sq("c3"), sq("d4")), 1);
	assert_int_equal(ta_defence_strength(&st, sq("c3"), sq("d4")), 0);
}

/* Covered pieces add nothing but do not break a line; an opposing piece does. */
static void test_line_rules(void **unused)
{
	(void)unused;
	ta_state st;
	must_load(&st, "",
	          "{\"board\":["
	          "{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"R\"},"
	          "{\"sq\":\"c2\",\"owner\":\"p1\",\"piece\":\"D\",\"covered\":true},"
	          "{\"sq\":\"c3\",\"owner\":\"p1\",\"piece\":\"A\"},"
	          "{\"sq\":\"c4\",\"owner\":\"p2\",\"piece\":\"X\"},"
	          "{\"sq\":\"c5\",\"owner\":\"p1\",\"piece\":\"D\",\"facing\":\"S\"},"
	          "{\"sq\":\"c6\",\"owner\":\"p2\",\"piece\":\"R\",\"facing\":\"S\"}],"
	          "\"players\":[{\"home\":\"S\",\"covers\":2},{\"home\":\"N\"}]}");
	/* c3 A (1) + c2 covered D (0, line goes on) + c1 R (3) = 4. */
	assert_int_equal(ta_attack_strength(&st, sq("c3"), sq("c4")), 4);
	/* The defender's line stops at c5, an opposing piece: only c4's S arrow counts. */
	assert_int_equal(ta_defence_strength(&st, sq("c3"), sq("c4")), 1);
}

static void test_first_placement(void **unused)
{
	(void)unused;
	ta_state st;
	assert_int_equal(G->init(&st, NULL, 1, NULL), QV_OK);
	assert_true(is_legal(&st, "place Y c1 N"));
	assert_true(is_legal(&st, "place X a3 N"));
	assert_false(is_legal(&st, "place Y a1 N")); /* corner */
	assert_false(is_legal(&st, "place Y c3 N")); /* not an edge */
	assert_false(is_legal(&st, "place Z c1 N")); /* Terminator comes last */
	play(&st, "place Y c1 N");
	assert_int_equal(st.pl[0].home, TA_SIDE_S);
	assert_false(is_legal(&st, "place A d1 N")); /* side S is taken */
	assert_true(is_legal(&st, "place A f3 N"));
	play(&st, "place A f3 W");
	/* p1's Y points NW (b2), NE (d2) and S (off the board). */
	assert_true(is_legal(&st, "place T b2 N"));
	assert_true(is_legal(&st, "place T d2 N covered shielded"));
	assert_false(is_legal(&st, "place T c2 N"));
}

static void test_facing_dedup(void **unused)
{
	(void)unused;
	ta_state st;
	assert_int_equal(G->init(&st, NULL, 1, NULL), QV_OK);
	assert_int_equal(parse(&st, "place X c1 E"), parse(&st, "place X c1 N"));
	assert_int_not_equal(parse(&st, "place Y c1 E"), parse(&st, "place Y c1 N"));
	qv_action *buf = malloc(sizeof *buf * (size_t)G->max_actions);
	int n = G->legal(&st, buf);
	/* 16 edge squares x (A, T, Y, D, R: 4 facings; X: 1) x plain/covered/shielded/both. */
	assert_int_equal(n, 16 * 21 * 4);
	free(buf);
}

static void test_terminator_rules(void **unused)
{
	(void)unused;
	ta_state st;
	/* p1 has placed 16 pieces (all on the board except the Z): Z is now allowed to p1. */
	must_load(
	    &st, "size=8",
	    "{\"board\":["
	    "{\"sq\":\"a2\",\"owner\":\"p1\",\"piece\":\"A\"},{\"sq\":\"a3\",\"owner\":\"p1\",\"piece\":\"A\"},"
	    "{\"sq\":\"a4\",\"owner\":\"p1\",\"piece\":\"A\"},{\"sq\":\"a5\",\"owner\":\"p1\",\"piece\":\"T\"},"
	    "{\"sq\":\"a6\",\"owner\":\"p1\",\"piece\":\"T\"},{\"sq\":\"a7\",\"owner\":\"p1\",\"piece\":\"T\"},"
	    "{\"sq\":\"b2\",\"owner\":\"p1\",\"piece\":\"X\"},{\"sq\":\"b3\",\"owner\":\"p1\",\"piece\":\"X\"},"
	    "{\"sq\":\"b4\",\"owner\":\"p1\",\"piece\":\"X\"},{\"sq\":\"b5\",\"owner\":\"p1\",\"piece\":\"Y\"},"
	    "{\"sq\":\"b6\",\"owner\":\"p1\",\"piece\":\"Y\"},{\"sq\":\"b7\",\"owner\":\"p1\",\"piece\":\"Y\"},"
	    "{\"sq\":\"c2\",\"owner\":\"p1\",\"piece\":\"D\"},{\"sq\":\"c3\",\"owner\":\"p1\",\"piece\":\"D\"},"
	    "{\"sq\":\"c4\",\"owner\":\"p1\",\"piece\":\"D\"},{\"sq\":\"c5\",\"owner\":\"p1\",\"piece\":\"R\"},"
	    "{\"sq\":\"h4\",\"owner\":\"p2\",\"piece\":\"A\",\"facing\":\"W\"}],"
	    "\"players\":[{\"home\":\"W\"},{\"home\":\"E\"}]}");
	assert_true(is_legal(&st, "place Z c6 N"));
	assert_false(is_legal(&st, "place Z c6 N covered"));
	play(&st, "place Z c6 N");
	assert_true(st.terminator_placed);
	/* p2 still holds 16 pieces but may place only its Terminator now. */
	assert_false(is_legal(&st, "place A g4 N"));
	assert_true(is_legal(&st, "place Z g4 N"));
}

static void test_bonus_and_extra_turns(void **unused)
{
	(void)unused;
	ta_state st;
	must_load(&st, "",
	          "{\"board\":[{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"X\"},"
	          "{\"sq\":\"c6\",\"owner\":\"p2\",\"piece\":\"X\"}],"
	          "\"players\":[{\"home\":\"S\",\"bonus\":3},{\"home\":\"N\"}]}");
	assert_true(is_legal(&st, "bonus 2"));
	assert_true(is_legal(&st, "bonus 3"));
	assert_false(is_legal(&st, "bonus 4"));
	play(&st, "bonus 3");
	assert_int_equal(st.pl[0].bonus, 0);
	assert_int_equal(st.extra, 2);
	play(&st, "place A c2 N");
	assert_int_equal(G->to_move(&st), 0);
	play(&st, "place A c3 N");
	assert_int_equal(G->to_move(&st), 0);
	play(&st, "place A c4 N");
	assert_int_equal(G->to_move(&st), 1);
	assert_int_equal(st.turns, 3);
}

static void test_defender_bonus_on_plus_one_win_by_one(void **unused)
{
	(void)unused;
	ta_state st;
	must_load(&st, "",
	          "{\"board\":[{\"sq\":\"c3\",\"owner\":\"p1\",\"piece\":\"A\"},"
	          "{\"sq\":\"c4\",\"owner\":\"p2\",\"piece\":\"A\",\"facing\":\"S\"},"
	          "{\"sq\":\"c5\",\"owner\":\"p2\",\"piece\":\"X\"}],"
	          "\"players\":[{\"home\":\"S\"},{\"home\":\"N\"}]}");
	/* Attack 1 vs defence 1 (c4's S arrow; c5 X adds 1 more: 2). */
	assert_int_equal(ta_defence_strength(&st, sq("c3"), sq("c4")), 2);
	play(&st, "attack c3 c4");
	play(&st, "die +1"); /* 2 vs 2: nothing, no bonus to anyone */
	assert_int_equal(st.pl[0].bonus, 1);
	assert_int_equal(st.pl[1].bonus, 1);
	must_load(&st, "",
	          "{\"board\":[{\"sq\":\"c3\",\"owner\":\"p1\",\"piece\":\"A\"},"
	          "{\"sq\":\"c4\",\"owner\":\"p2\",\"piece\":\"A\",\"facing\":\"S\"},"
	          "{\"sq\":\"c6\",\"owner\":\"p2\",\"piece\":\"X\"}],"
	          "\"players\":[{\"home\":\"S\"},{\"home\":\"N\"}]}");
	play(&st, "attack c3 c4");
	play(&st, "die +1"); /* 2 vs 1: captured by one thanks to the +1 */
	assert_int_equal(st.pl[0].captured, 1);
	assert_int_equal(st.pl[1].bonus, 2);
}

static void test_sampler_matches_legal(void **unused)
{
	(void)unused;
	qv_action *buf = malloc(sizeof *buf * (size_t)G->max_actions);
	qv_rng rng;
	qv_rng_seed(&rng, 7);
	static const char *const configs[] = {"players=2", "players=3,size=7", "players=4,size=8",
	                                      "mode=tactical"};
	for (size_t c = 0; c < 4; c++) {
		for (int game = 0; game < 20; game++) {
			ta_state st;
			qv_params p = {0};
			qv_params_parse_list(&p, configs[c], NULL);
			assert_int_equal(G->init(&st, &p, 1, NULL), QV_OK);
			while (G->to_move(&st) != QV_OVER) {
				qv_action a;
				if (G->to_move(&st) == QV_CHANCE) {
					double prob[3];
					a = qv_sample_chance(G, &st, &rng, buf, prob);
				} else {
					int n = G->legal(&st, buf);
					int drawn = -1;
					a = G->sample(&st, &rng, &drawn);
					assert_int_equal(drawn, n);
					bool found = false;
					for (int i = 0; i < n; i++)
						found |= buf[i] == a;
					assert_true(found);
				}
				assert_int_equal(qv_apply_checked(G, &st, a, NULL, NULL), QV_OK);
			}
		}
	}
	free(buf);
}

/* Opponents never learn a covered piece's kind or facing: not from the view JSON, not from
 * the diagram; and determinize draws the hidden part from the view alone. */
static void test_covered_pieces_hidden(void **unused)
{
	(void)unused;
	ta_state st, d1, d2;
	must_load(
	    &st, "",
	    "{\"board\":[{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"R\",\"facing\":\"E\",\"covered\":true},"
	    "{\"sq\":\"c2\",\"owner\":\"p1\",\"piece\":\"X\"},"
	    "{\"sq\":\"c6\",\"owner\":\"p2\",\"piece\":\"X\"}],"
	    "\"players\":[{\"home\":\"S\",\"covers\":2},{\"home\":\"N\"}]}");
	json_t *v = G->view_json(&st, 1);
	char *text = json_dumps(v, JSON_COMPACT);
	assert_null(strstr(text, "\"piece\":\"R\""));
	assert_null(strstr(text, "\"facing\":\"E\""));
	assert_non_null(
	    strstr(text, "{\"sq\":\"c1\",\"owner\":\"p1\",\"covered\":true,\"shielded\":false}"));
	free(text);
	json_decref(v);
	qv_buf b = {0};
	G->render_text(&st, 1, false, &b);
	assert_non_null(strstr(qv_buf_str(&b), "1?"));
	qv_buf_free(&b);
	/* Two different truths with the same view give the same determinization. */
	qv_rng r1, r2;
	d1 = st;
	d2 = st;
	d2.cell[sq("c1")] = TA_CELL(0, kind('A'), 2);
	d2.pl[0].holder[kind('R')] = 1;
	d2.pl[0].holder[kind('A')] = 2;
	ta_set_held(&d2.pl[0]);
	qv_rng_seed(&r1, 99);
	qv_rng_seed(&r2, 99);
	G->determinize(&d1, 1, &r1);
	G->determinize(&d2, 1, &r2);
	assert_memory_equal(&d1, &d2, sizeof d1);
	/* The owner's own knowledge is untouched. */
	d1 = st;
	G->determinize(&d1, 0, &r1);
	assert_int_equal(d1.cell[sq("c1")], st.cell[sq("c1")]);
}

static void test_notation_errors(void **unused)
{
	(void)unused;
	ta_state st;
	qv_action a;
	qv_err err;
	assert_int_equal(G->init(&st, NULL, 1, NULL), QV_OK);
	static const char *const bad[] = {"",
	                                  "place",
	                                  "place Q c1 N",
	                                  "place Y z9 N",
	                                  "place Y c1 Q",
	                                  "place Y c1 N covered covered",
	                                  "attack c1",
	                                  "bonus 1",
	                                  "die 2",
	                                  "advance",
	                                  "jump c1",
	                                  "place Y g1 N"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_int_equal(G->action_from_text(&st, bad[i], &a, &err), QV_EINVAL);
	assert_int_equal(G->action_from_text(&st, "place Y g1 N", &a, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "a1-f6"));
	/* Round trip of canonical text. */
	char text[64];
	a = parse(&st, "PLACE y C1 n SHIELDED covered");
	G->action_to_text(&st, a, text, sizeof text);
	assert_string_equal(text, "place Y c1 N covered shielded");
	/* Illegal actions leave the state unchanged and say why. */
	ta_state before = st;
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "place Y c3 N"), NULL, &err),
	                 QV_EILLEGAL);
	assert_memory_equal(&st, &before, sizeof st);
	assert_non_null(strstr(err.msg, "edge"));
}

static void test_load_rejects_impossible_states(void **unused)
{
	(void)unused;
	ta_state st;
	qv_err err;
	static const struct {
		const char *json, *msg;
	} cases[] = {
	    {"{\"board\":[{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"Z\",\"covered\":true}]}",
	     "Terminator"},
	    {"{\"boardx\":[]}", "unknown field"},
	    {"{\"board\":[{\"sq\":\"c9\",\"owner\":\"p1\",\"piece\":\"A\"}]}", "off the"},
	    {"{\"board\":[{\"sq\":\"c1\",\"owner\":\"p3\",\"piece\":\"A\"}]}", "p1-p2"},
	    {"{\"players\":[{\"captured\":1}]}", "do not match"},
	    {"{\"players\":[{\"lost\":{\"R\":2}}]}", "from 0 to 1"},
	    {"{\"phase\":\"defend\"}", "attack"},
	    {"{\"terminator_placed\":true}", "no Terminator is on the board or lost"},
	    {"{\"turn\":\"p2\",\"phase\":\"start\",\"board\":[{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"A\"},{\"sq\":\"c2\",\"owner\":\"p1\",\"piece\":\"A\"},{\"sq\":\"c3\",\"owner\":\"p1\",\"piece\":\"A\"}],\"players\":[{\"home\":\"S\"}]}",
	     NULL},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		err.msg[0] = '\0';
		qv_status rc = load(&st, "", cases[i].json, &err);
		if (!cases[i].msg) {
			assert_int_equal(rc, QV_OK); /* p2 can still place its first piece */
			continue;
		}
		assert_int_equal(rc, QV_EINVAL);
		if (!strstr(err.msg, cases[i].msg))
			fail_msg("case %zu: message '%s' lacks '%s'", i, err.msg, cases[i].msg);
	}
}

/* A facing whose arrows an earlier facing has is read as that one, as in the notation. */
static void test_load_canonical_facing(void **unused)
{
	(void)unused;
	ta_state st;
	must_load(&st, "",
	          "{\"board\":[{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"X\",\"facing\":\"W\"},"
	          "{\"sq\":\"d1\",\"owner\":\"p1\",\"piece\":\"D\",\"facing\":\"W\"}],"
	          "\"players\":[{\"home\":\"S\"}]}");
	assert_int_equal(TA_FACING(st.cell[sq("c1")]), 0);
	assert_int_equal(TA_FACING(st.cell[sq("d1")]), 3);
}

/* The good states the invariants are broken from (state_ok, check.c): p1 with a covered and a
 * shielded piece, a capture each; an attack waiting for the die; a capture waiting for stay
 * or advance; p1's Terminator placed, after which p1 can do nothing; three players with one or
 * two eliminated. */
static const char *const ta_mid =
    "{'board':[{'sq':'c1','owner':'p1','piece':'Y'},{'sq':'b2','owner':'p1','piece':'A',"
    "'covered':true},{'sq':'c2','owner':'p1','piece':'T','shielded':true},{'sq':'d2','owner':"
    "'p1','piece':'X'},{'sq':'c5','owner':'p2','piece':'D','facing':'S'},{'sq':'c6','owner':"
    "'p2','piece':'A','facing':'S'}],'players':[{'home':'S','covers':2,'shields':2,'captured':"
    "1},{'home':'N','lost':{'A':1}}]}";
static const char *const ta_die =
    "{'board':[{'sq':'c1','owner':'p1','piece':'Y'},{'sq':'c3','owner':'p1','piece':'A'},"
    "{'sq':'d3','owner':'p1','piece':'T'},{'sq':'c4','owner':'p2','piece':'D','facing':'S'},"
    "{'sq':'c6','owner':'p2','piece':'A','facing':'S'}],'players':[{'home':'S','covers':0},"
    "{'home':'N','covers':0}],'phase':'die','attack':{'from':'c3','to':'c4'}}";
static const char *const ta_capture =
    "{'board':[{'sq':'c1','owner':'p1','piece':'Y'},{'sq':'c3','owner':'p1','piece':'A'},"
    "{'sq':'d3','owner':'p2','piece':'X'},{'sq':'c6','owner':'p2','piece':'A','facing':'S'}],"
    "'players':[{'home':'S','captured':1},{'home':'N','lost':{'D':1}}],'phase':'capture',"
    "'attack':{'from':'c3','to':'c4'}}";
static const char *const ta_stuck =
    "{'board':[{'sq':'c1','owner':'p1','piece':'Z'},{'sq':'c6','owner':'p2','piece':'A',"
    "'facing':'S'}],'players':[{'home':'S'},{'home':'N'}],'turn':'p2'}";
static const char *const ta_three =
    "{'board':[{'sq':'c1','owner':'p1','piece':'Y'},{'sq':'c6','owner':'p2','piece':'A',"
    "'facing':'S'}],'players':[{'home':'S','captured':1},{'home':'N'},{'home':'W','lost':"
    "{'A':1},'eliminated':1}]}";
static const char *const ta_over =
    "{'board':[{'sq':'c1','owner':'p1','piece':'Y'}],'players':[{'home':'S','captured':2},"
    "{'home':'N','lost':{'A':1},'eliminated':1},{'home':'W','lost':{'A':1},'eliminated':2}],"
    "'phase':'over'}";

#define TA_ST(st) ((ta_state *)(st))
static void break_variant(void *st) { TA_ST(st)->variant = QV_VARIANT_MAX; }
static void break_size(void *st) { TA_ST(st)->size = 9; }
static void break_turn_bound(void *st) { TA_ST(st)->turn = 2; }
static void break_pad(void *st) { TA_ST(st)->pad_[6] = 1; }
static void break_occ_unused(void *st) { TA_ST(st)->occ[3] = 1ull << sq("f3"); }
static void break_occ_shared(void *st) { TA_ST(st)->occ[1] |= 1ull << sq("c1"); }
static void break_off_board(void *st)
{
	TA_ST(st)->occ[0] |= 1ull << 63;
	TA_ST(st)->cell[63] = TA_CELL(0, kind('A'), 0);
}
static void break_stray_cell(void *st) { TA_ST(st)->cell[sq("f3")] = TA_CELL(0, kind('A'), 0); }
static void break_cell_owner(void *st) { TA_ST(st)->cell[sq("c1")] = TA_CELL(1, kind('Y'), 0); }
static void break_cell_kind(void *st) { TA_ST(st)->cell[sq("c1")] = TA_CELL(0, 7, 0); }
static void break_facing(void *st) { TA_ST(st)->cell[sq("d2")] = TA_CELL(0, kind('X'), 1); }
static void break_covered_terminator(void *st) { TA_ST(st)->covered |= 1ull << sq("c1"); }
static void break_covered_empty(void *st) { TA_ST(st)->covered |= 1ull << sq("f4"); }
static void break_shielded_empty(void *st) { TA_ST(st)->shielded |= 1ull << sq("f4"); }
static void break_tactical(void *st) { TA_ST(st)->tactical = 1; }
static void break_dirs(void *st) { TA_ST(st)->dirs[QV_N] ^= 1ull << sq("f4"); }
static void break_reach(void *st) { TA_ST(st)->reach[0] ^= 1ull << sq("f4"); }
static void break_unused_player(void *st) { TA_ST(st)->pl[3].bonus = 1; }
static void break_holder(void *st) { TA_ST(st)->pl[0].holder[kind('A')]++; }
static void break_held(void *st) { TA_ST(st)->pl[0].held ^= 1u << 7; }
static void break_onboard(void *st) { TA_ST(st)->pl[0].onboard++; }
static void break_covers(void *st) { TA_ST(st)->pl[0].covers = 3; }
static void break_bonus(void *st) { TA_ST(st)->pl[0].bonus = TA_MAX_BONUS + 1; }
static void break_home(void *st) { TA_ST(st)->pl[0].home = -1; }
static void break_eliminated(void *st)
{
	TA_ST(st)->pl[1].eliminated = 1;
	TA_ST(st)->nelim = 1;
}
static void break_elim_twice(void *st) { TA_ST(st)->pl[2].eliminated = 1; }
static void break_homes(void *st) { TA_ST(st)->pl[1].home = TA_ST(st)->pl[0].home; }
static void break_captured(void *st) { TA_ST(st)->pl[0].captured++; }
static void break_nelim(void *st) { TA_ST(st)->nelim = 1; }
static void break_terminator_placed(void *st) { TA_ST(st)->terminator_placed = 1; }
static void break_attack_kept(void *st) { TA_ST(st)->atk_from = 3; }
static void break_attacker(void *st) { TA_ST(st)->atk_from = (uint8_t)sq("e5"); }
static void break_capture_target(void *st) { TA_ST(st)->atk_to = (uint8_t)sq("d3"); }
static void break_own_target(void *st) { TA_ST(st)->atk_to = (uint8_t)sq("d3"); }
static void break_turns(void *st) { TA_ST(st)->turns = (uint16_t)(TA_ST(st)->max_turns + 1); }
static void break_over(void *st) { TA_ST(st)->turns = TA_ST(st)->max_turns; }
static void break_turn(void *st) { TA_ST(st)->turn = (uint8_t)(TA_ST(st)->nplayers - 1); }
static void break_stuck(void *st) { TA_ST(st)->turn = 0; }

static const qv_test_breakage ta_breakages[] = {
    {"", ta_mid, NULL, break_variant, "holds no components"},
    {"", ta_mid, NULL, break_size, "parameters out of bounds"},
    {"", ta_mid, NULL, break_turn_bound, "out of bounds with 2 players"},
    {"", ta_mid, NULL, break_pad, "padding byte pad_[6]"},
    {"", ta_mid, NULL, break_occ_unused, "occ[3] is not empty"},
    {"", ta_mid, NULL, break_occ_shared, "occ[1] shares squares"},
    {"", ta_mid, NULL, break_off_board, "lies off the 6x6 board"},
    {"", ta_mid, NULL, break_stray_cell, "cell f3 holds 1 but no player's mask has it"},
    {"", ta_mid, NULL, break_cell_owner, "cell c1 names owner 2"},
    {"", ta_mid, NULL, break_cell_kind, "cell c1 holds kind 7 of 7"},
    {"", ta_mid, NULL, break_facing, "cell d2 faces E, but the Cross's arrows face N the same"},
    {"", ta_stuck, NULL, break_covered_terminator, "the Terminator on c1 is covered"},
    {"", ta_mid, NULL, break_covered_empty, "covered names an empty square"},
    {"", ta_mid, NULL, break_shielded_empty, "shielded names an empty square"},
    {"", ta_mid, NULL, break_tactical, "a piece is covered in tactical mode"},
    {"", ta_mid, NULL, break_dirs, "dirs[N] is"},
    {"", ta_mid, NULL, break_reach, "reach[0] is"},
    {"", ta_mid, NULL, break_unused_player, "pl[3] is not empty in a game of 2 players"},
    {"", ta_mid, NULL, break_holder, "on the board and 0 lost: 4, not the 3 copies"},
    {"", ta_mid, NULL, break_held, "p1's held mask is"},
    {"", ta_mid, NULL, break_onboard, "p1's onboard is 5, its mask holds 4"},
    {"", ta_mid, NULL, break_covers, "more than the 3 and 3 given"},
    {"", ta_mid, NULL, break_bonus, "6001 bonus pieces"},
    {"", ta_mid, NULL, break_home, "p1's home is -1 with 4 pieces placed"},
    {"", ta_mid, NULL, break_eliminated, "exactly when nothing it placed is left"},
    {"players=3", ta_over, NULL, break_elim_twice, "two players share elimination number 1"},
    {"", ta_mid, NULL, break_homes, "two players have the home side S"},
    {"", ta_mid, NULL, break_captured,
     "captured counts (2 in all) do not match their lost pieces (1 in all)"},
    {"", ta_mid, NULL, break_nelim, "not numbered 1-1"},
    {"", ta_mid, NULL, break_terminator_placed, "terminator_placed is 1, but a terminator has not"},
    {"", ta_mid, NULL, break_attack_kept, "an attack 3 -> 0 is kept in phase start"},
    {"", ta_die, NULL, break_attacker, "the attacker's square 36 must hold"},
    {"", ta_capture, NULL, break_capture_target, "in phase capture the target square is empty"},
    {"", ta_die, NULL, break_own_target, "target square must hold an unshielded opposing"},
    {"", ta_die, NULL, break_tactical, "phase die in tactical mode"},
    {"", ta_mid, NULL, break_turns, "turns 401 of at most 400"},
    {"", ta_mid, NULL, break_over, "after 400 of 400 turns: the game is over"},
    {"players=3", ta_three, NULL, break_turn, "it is the turn of p3, who is eliminated"},
    {"", ta_stuck, NULL, break_stuck, "phase start, but p1 can neither act nor uncover"},
};

/* Every invariant of check.c fires on a state that breaks it, and holds on the good ones. */
static void test_state_ok(void **unused)
{
	(void)unused;
	qv_test_breakages(G, ta_breakages, (int)(sizeof ta_breakages / sizeof ta_breakages[0]));
}

/* In the sanitizer build apply checks the state it leaves (and in the release build it
 * does not). */
static void test_apply_checks_state(void **unused)
{
	(void)unused;
	qv_test_apply_checks_state(G, ta_breakages,
	                           (int)(sizeof ta_breakages / sizeof ta_breakages[0]), break_pad,
	                           "place A c3 N");
}

static void test_ranks_and_utilities(void **unused)
{
	(void)unused;
	ta_state st;
	int ranks[4];
	double u[4];
	must_load(&st, "players=3",
	          "{\"board\":[{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"A\"},"
	          "{\"sq\":\"a3\",\"owner\":\"p2\",\"piece\":\"A\"}],"
	          "\"players\":[{\"home\":\"S\",\"captured\":1,\"bonus\":2},"
	          "{\"home\":\"W\",\"captured\":1,\"bonus\":2,\"lost\":{\"T\":1}},"
	          "{\"home\":\"N\",\"eliminated\":1,\"lost\":{\"A\":1}}],\"phase\":\"over\"}");
	G->ranks(&st, ranks);
	assert_int_equal(ranks[0], 1);
	assert_int_equal(ranks[1], 1);
	assert_int_equal(ranks[2], 3);
	qv_returns(G, &st, u);
	assert_true(u[0] == 0.5 && u[1] == 0.5 && u[2] == -1.0);
}

/* The game ends after max_turns turns, and reports that it was cut short by the cap. */
static void test_max_turns_cap(void **unused)
{
	(void)unused;
	ta_state st;
	must_load(&st, "max_turns=50",
	          "{\"board\":[{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"X\"},"
	          "{\"sq\":\"c6\",\"owner\":\"p2\",\"piece\":\"X\"}],"
	          "\"players\":[{\"home\":\"S\"},{\"home\":\"N\"}],\"turns\":48}");
	play(&st, "place A c2 N");
	assert_int_equal(G->to_move(&st), 1);
	assert_false(G->capped(&st));
	play(&st, "place A c5 S");
	assert_int_equal(G->to_move(&st), QV_OVER);
	assert_true(G->capped(&st));
}

/* The constant tables agree with the geometry: each facing is the one before it turned a
 * quarter turn, an arrow reaches the adjacent square in its direction on the 8x8 frame, a
 * facing is canonical when no earlier facing shows the same arrows, a direction bit is set
 * when there is an arrow that way, a shift moves a square where ta_step does, and a board mask
 * holds size x size squares. */
static void test_tables(void **unused)
{
	(void)unused;
	const ta_tables *T = ta_base_tables();
	assert_non_null(T);
	assert_int_equal(T->nkinds, 7);
	assert_string_equal(T->letters, "ATXYDRZ");
	for (int k = 0; k < T->nkinds; k++) {
		int distinct = 0;
		for (int f = 0; f < 4; f++) {
			for (int d = 0; d < QV_NDIRS; d++)
				assert_int_equal(T->arrows[TA_KF_OF(k, f)][(d + 2 * f) % QV_NDIRS],
				                 T->arrows[TA_KF_OF(k, 0)][d]);
			int canon = f;
			for (int g = f - 1; g >= 0; g--)
				if (memcmp(T->arrows[TA_KF_OF(k, g)], T->arrows[TA_KF_OF(k, f)],
				           QV_NDIRS) == 0)
					canon = g;
			assert_int_equal(T->canon_facing[k][f], canon);
			distinct += canon == f;
			for (int d = 0; d < QV_NDIRS; d++)
				assert_int_equal(T->dirbits[TA_KF_OF(k, f)] >> d & 1,
				                 T->arrows[TA_KF_OF(k, f)][d] > 0);
			for (int at = 0; at < TA_MAX_SQ; at++) {
				uint64_t want = 0;
				for (int d = 0; d < QV_NDIRS; d++) {
					int t = ta_step(at, d, 8);
					if (T->arrows[TA_KF_OF(k, f)][d] && t >= 0)
						want |= 1ull << t;
				}
				if (T->reach[TA_KF_OF(k, f)][at] != want)
					fail_msg("reach of %c facing %d on square %d",
					         T->letters[k], f, at);
			}
		}
		assert_int_equal(T->nfacings[k], distinct);
	}
	assert_int_equal(T->nfacings[kind('X')], 1);
	/* the built-in set's numbers, as the rules page gives them */
	static const int copies[] = {3, 3, 3, 3, 3, 1, 1};
	for (int k = 0; k < 7; k++)
		assert_int_equal(T->copies[k], copies[k]);
	assert_int_equal(T->arrows[TA_KF_OF(kind('D'), 0)][QV_N], 2);
	assert_int_equal(T->arrows[TA_KF_OF(kind('R'), 0)][QV_N], 3);
	assert_int_equal(T->last, 1u << kind('Z'));
	assert_int_equal(T->coverable, 0x3Fu);
	assert_int_equal(T->pieces, 17);
	assert_int_equal(T->others, 16);
	assert_int_equal(T->covers, 3);
	assert_int_equal(T->shields, 3);
	assert_int_equal(T->bonus, 1);
	assert_int_equal(T->nfaces, 6);
	assert_int_equal(T->nvalues, 3);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(T->value[i], 1 - i);
		assert_true(T->prob[i] == 1.0 / 3.0);
	}
	for (int at = 0; at < TA_MAX_SQ; at++)
		for (int d = 0; d < QV_NDIRS; d++) {
			int t = ta_step(at, d, 8);
			assert_true(ta_shift(1ull << at, d) == (t >= 0 ? 1ull << t : 0));
		}
	for (int size = 6; size <= 8; size++) {
		assert_int_equal(__builtin_popcountll(ta_board_mask(size)), size * size);
		assert_true(ta_board_mask(size) >> ta_sq(size - 1, size - 1) & 1);
	}
	assert_false(ta_board_mask(6) >> ta_sq(6, 0) & 1);
	assert_false(ta_board_mask(7) >> ta_sq(0, 7) & 1);
}

/* The number of columns of a line of UTF-8 text made of one-column characters. */
static int columns(const char *s, size_t len)
{
	int n = 0;
	for (size_t i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xC0) != 0x80;
	return n;
}

/* reference(): every piece by its letter, name or board code, with its copies and its arrows
 * facing N as the rules page gives them, then the holder, covers, shields, bonus pieces and
 * the die; lines fit 80 columns; an unknown name gives nothing, and the lookup names the
 * nearest names. */
static void test_reference(void **unused)
{
	(void)unused;
	static const struct {
		const char *names[4], *head, *arrows, *facing_n;
	} pieces[] = {
	    {{"A", "a", "Angle", "1A"},
	     "A: Angle, 3 in each holder at the start, 2 arrows\n",
	     "    arrows: ahead, right\n",
	     "facing N: N E  ↑→"},
	    {{"T", "tee", "TEE", "2t"},
	     "T: Tee, 3 in each holder at the start, 3 arrows\n",
	     "    arrows: ahead, right, left\n",
	     "facing N: N E W  ↑→←"},
	    {{"X", "x", "Cross", "3X"},
	     "X: Cross, 3 in each holder at the start, 4 arrows\n",
	     "    arrows: ahead, right, behind, left\n",
	     "the same in every facing (written N): N E S W  ↑→↓←"},
	    {{"Y", "y", "y", "4Y"},
	     "Y: Y, 3 in each holder at the start, 3 arrows\n",
	     "    arrows: ahead-right, behind, ahead-left\n",
	     "facing N: NE S NW  ↗↓↖"},
	    {{"D", "d", "double", "1D"},
	     "D: Double, 3 in each holder at the start, 1 arrow\n",
	     "    arrows: ahead ×2\n",
	     "facing N: N×2  ↑"},
	    {{"R", "r", "Triple", "2R"},
	     "R: Triple, 1 in each holder at the start, 1 arrow\n",
	     "    arrows: ahead ×3\n",
	     "facing N: N×3  ↑"},
	    {{"Z", "z", "terminator", "1z"},
	     "Z: Terminator, 1 in each holder at the start, 5 arrows\n",
	     "    arrows: ahead, ahead-right, behind-right, behind-left, ahead-left\n",
	     "facing N: N NE SE SW NW  ↑↗↘↙↖"},
	};
	qv_buf b = {0};
	for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++)
		for (int j = 0; j < 4; j++) {
			qv_buf_clear(&b);
			if (G->reference(NULL, pieces[i].names[j], &b) != 1)
				fail_msg("reference '%s': not one entry", pieces[i].names[j]);
			const char *t = qv_buf_str(&b);
			if (strncmp(t, pieces[i].head, strlen(pieces[i].head)) != 0 ||
			    !strstr(t, pieces[i].arrows) || !strstr(t, pieces[i].facing_n))
				fail_msg("reference '%s':\n%s", pieces[i].names[j], t);
		}
	/* The Tee turned: facing E its arrows point E, S and N; the Terminator says it comes last.
	 */
	qv_buf_clear(&b);
	G->reference(NULL, "T", &b);
	assert_non_null(strstr(qv_buf_str(&b), "facing E: E S N  →↓↑"));
	qv_buf_clear(&b);
	G->reference(NULL, "Z", &b);
	assert_non_null(strstr(qv_buf_str(&b), "cannot be covered"));
	static const struct {
		const char *name, *head;
	} things[] = {{"cover", "cover: 3 for each player"},
	              {"Covered", "cover: "},
	              {"2?", "cover: "},
	              {"SHIELDS", "shield: 3 for each"},
	              {"bonus", "bonus: a bonus piece"},
	              {"dice", "die: six faces"},
	              {"holder", "holder: a player's pieces"}};
	for (size_t i = 0; i < sizeof things / sizeof things[0]; i++) {
		qv_buf_clear(&b);
		if (G->reference(NULL, things[i].name, &b) != 1 ||
		    strncmp(qv_buf_str(&b), things[i].head, strlen(things[i].head)) != 0)
			fail_msg("reference '%s':\n%s", things[i].name, qv_buf_str(&b));
	}
	static const char *const unknown[] = {"Q", "", "5A", "1", "Angles2", "covers3", "A N"};
	for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
		qv_buf_clear(&b);
		if (G->reference(NULL, unknown[i], &b) != 0 || b.len != 0)
			fail_msg("reference '%s' answered:\n%s", unknown[i], qv_buf_str(&b));
	}
	/* Everything, in order, each line within 80 columns. */
	qv_buf_clear(&b);
	assert_int_equal(G->reference(NULL, NULL, &b), 7 + 5);
	for (const char *s = qv_buf_str(&b); *s;) {
		size_t len = strcspn(s, "\n");
		if (columns(s, len) > 80)
			fail_msg("reference line over 80 columns: %.*s", (int)len, s);
		s += len + (s[len] == '\n');
	}
	qv_buf names = {0};
	assert_int_equal(qv_reference_names(G, NULL, &names), 7 + 5);
	assert_string_equal(qv_buf_str(&names),
	                    "A\nT\nX\nY\nD\nR\nZ\nholder\ncover\nshield\nbonus\ndie\n");
	qv_err err = {{0}};
	qv_buf_clear(&b);
	assert_int_equal(qv_lookup(G, NULL, "sheild", &b, &err), QV_EINVAL);
	assert_int_equal(b.len, 0);
	assert_string_equal(err.msg,
	                    "THREE ARROWS has nothing called 'sheild'; nearest: shield, D, "
	                    "holder, die, A, T");
	assert_int_equal(qv_lookup(G, NULL, "Triple", &b, &err), QV_OK);
	assert_non_null(strstr(qv_buf_str(&b), "counts 3"));
	qv_buf_free(&names);
	qv_buf_free(&b);
}

/* The note of action `text` at st and whether it asks for a confirmation. */
static void expect_note(const ta_state *st, const char *text, const char *want, bool confirm)
{
	char buf[QV_NOTE_TEXT];
	bool c = !confirm;
	int n = G->action_note(st, parse(st, text), buf, sizeof buf, &c);
	if (strcmp(buf, want) != 0 || n != (int)strlen(want) || c != confirm)
		fail_msg("note of '%s': '%s'%s, expected '%s'%s", text, buf, c ? " [confirm]" : "",
		         want, confirm ? " [confirm]" : "");
}

/* action_note(): an attack's strengths and each face of the die, for the attacker and the
 * defender; an uncover that changes the defence; what the defender may still uncover; the
 * mover's elimination and the end of the game asking for a confirmation; bonus and unshield;
 * a placement that ends the game (test_placement_note has the rest of what it says). */
static void test_action_note(void **unused)
{
	(void)unused;
	ta_state st;
	must_load(&st, "", EXAMPLE_4_VS_3);
	expect_note(&st, "attack c4 c5",
	            "your Angle (attack 4) against p2's Triple (defence 3): the die adds +1, 0 or "
	            "-1, so it captures on +1 or 0 (2 faces in 3), does nothing on -1",
	            false);
	expect_note(&st, "place A b4 N", "", false); /* not legal: no note */
	must_load(&st, "mode=tactical", EXAMPLE_4_VS_3);
	expect_note(&st, "attack c4 c5",
	            "your Angle (attack 4) against p2's Triple (defence 3): captures", false);

	/* A covered Cross behind the Triple: p1 cannot count it, p2 may uncover it (its S arrow
	 * points back at the attacker's line), and the defence becomes 4. */
	static const char *covered =
	    "{\"board\":["
	    "{\"sq\":\"c3\",\"owner\":\"p1\",\"piece\":\"D\",\"facing\":\"N\"},"
	    "{\"sq\":\"c4\",\"owner\":\"p1\",\"piece\":\"A\",\"facing\":\"N\"},"
	    "{\"sq\":\"c5\",\"owner\":\"p2\",\"piece\":\"R\",\"facing\":\"S\"},"
	    "{\"sq\":\"c6\",\"owner\":\"p2\",\"piece\":\"X\",\"covered\":true}],"
	    "\"players\":[{\"home\":\"S\"},{\"home\":\"N\",\"covers\":2}]}";
	must_load(&st, "", covered);
	expect_note(
	    &st, "attack c4 c5",
	    "your Angle (attack 3) against p2's Triple (defence 3): the die adds +1, 0 or -1, "
	    "so it captures on +1 (1 face in 3), does nothing on 0, loses your A on -1; p2 may "
	    "first uncover 1 piece of the line",
	    false);
	play(&st, "attack c4 c5");
	expect_note(&st, "defend",
	            "3 against 3 before the die: p1 captures your R on +1, nothing on 0, p1's A is "
	            "captured on -1",
	            false);
	expect_note(&st, "uncover c6",
	            "adds 1 to the defence; 4 against 3 before the die: nothing on +1, p1's A is "
	            "captured on 0 or -1",
	            false);

	/* The attacker's last piece: losing eliminates p1, so it asks. */
	must_load(&st, "",
	          "{\"board\":[{\"sq\":\"c4\",\"owner\":\"p1\",\"piece\":\"A\",\"facing\":\"N\"},"
	          "{\"sq\":\"c5\",\"owner\":\"p2\",\"piece\":\"R\",\"facing\":\"S\"},"
	          "{\"sq\":\"f6\",\"owner\":\"p2\",\"piece\":\"X\"}],"
	          "\"players\":[{\"home\":\"S\"},{\"home\":\"N\"}]}");
	expect_note(&st, "attack c4 c5",
	            "your Angle (attack 1) against p2's Triple (defence 3): the die adds +1, 0 "
	            "or -1, so it loses your A whatever the die; losing it eliminates you",
	            true);

	/* The defender's last piece: a capture ends the game; it asks only when sure. */
	static const char *last =
	    "{\"board\":[%s{\"sq\":\"c4\",\"owner\":\"p1\",\"piece\":\"X\"},"
	    "{\"sq\":\"c5\",\"owner\":\"p2\",\"piece\":\"A\",\"facing\":\"N\"}],"
	    "\"players\":[{\"home\":\"S\",\"bonus\":3},{\"home\":\"N\",\"shields\":2}]}";
	char json[600];
	snprintf(json, sizeof json, last, "");
	must_load(&st, "", json);
	expect_note(
	    &st, "attack c4 c5",
	    "your Cross (attack 1) against p2's Angle (defence 0): the die adds +1, 0 or -1, so it "
	    "captures on +1 or 0 (2 faces in 3), does nothing on -1; it is p2's last piece; a capture "
	    "ends the game",
	    false);
	expect_note(&st, "bonus 2", "1 extra turn; 1 bonus piece left (they break ties)", false);
	expect_note(&st, "bonus 3", "2 extra turns; 0 bonus pieces left (they break ties)", false);
	snprintf(json, sizeof json, last,
	         "{\"sq\":\"c3\",\"owner\":\"p1\",\"piece\":\"D\",\"facing\":\"N\"},");
	must_load(&st, "", json);
	expect_note(
	    &st, "attack c4 c5",
	    "your Cross (attack 3) against p2's Angle (defence 0): the die adds +1, 0 or -1, so it "
	    "captures whatever the die; it is p2's last piece; a capture ends the game",
	    true);
	must_load(&st, "mode=tactical", json);
	expect_note(
	    &st, "attack c4 c5",
	    "your Cross (attack 3) against p2's Angle (defence 0): captures; it is p2's last "
	    "piece; ends the game (one player left): you finish 1st",
	    true);

	/* Unshield names the piece (a covered one without its kind). */
	must_load(
	    &st, "",
	    "{\"board\":[{\"sq\":\"c4\",\"owner\":\"p1\",\"piece\":\"X\"},"
	    "{\"sq\":\"c5\",\"owner\":\"p2\",\"piece\":\"A\",\"shielded\":true},"
	    "{\"sq\":\"d4\",\"owner\":\"p2\",\"piece\":\"Y\",\"covered\":true,\"shielded\":true}],"
	    "\"players\":[{\"home\":\"S\"},{\"home\":\"N\",\"covers\":2,\"shields\":1}]}");
	expect_note(&st, "unshield c5", "removes the shield of p2's Angle on c5", false);
	expect_note(&st, "unshield d4", "removes the shield of p2's covered piece on d4", false);

	/* The last turn before the cap: every placement ends the game and asks. */
	must_load(&st, "max_turns=50",
	          "{\"board\":[{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"X\"},"
	          "{\"sq\":\"c6\",\"owner\":\"p2\",\"piece\":\"X\"}],"
	          "\"players\":[{\"home\":\"S\"},{\"home\":\"N\"}],\"turns\":48}");
	expect_note(&st, "place A c2 N", "points at d2 and c3", false);
	play(&st, "place A c2 N");
	expect_note(&st, "place A c5 S",
	            "points at c4 and b5; ends the game (turn limit): you finish shared 1st", true);
	/* Not a legal action: no note. */
	expect_note(&st, "place A c3 S", "", false);
}

/* A placement's note: the empty squares its arrows point at, the arrows that point off the
 * board, the opposing pieces it threatens (a shielded one and a covered one without its kind),
 * and the warnings: no square opened for the next pieces (what is left), the mover skipped as
 * the board stands (asks), and nobody able to act after it (the game ends, asks). */
static void test_placement_note(void **unused)
{
	(void)unused;
	ta_state st;
	must_load(&st, "", EXAMPLE_4_VS_3);
	expect_note(&st, "place A d4 N", "points at e4 and d5", false);
	expect_note(&st, "place Y d4 N", "points at d3 and e5; threatens p2's Triple on c5", false);
	expect_note(&st, "place D d1 S",
	            "points off the board (S); after this, you can place only at b3, d3 and d4",
	            false);
	expect_note(&st, "place T d1 S", "points at e1; arrow S points off the board", false);
	expect_note(
	    &st, "place D d1 W",
	    "points only at your own pieces; after this, you can place only at b3, d3 and d4",
	    false);

	/* A shielded Angle and a covered piece of p2 in reach of the Y. */
	must_load(&st, "",
	          "{\"board\":[{\"sq\":\"c3\",\"owner\":\"p1\",\"piece\":\"X\"},"
	          "{\"sq\":\"b5\",\"owner\":\"p2\",\"piece\":\"A\",\"shielded\":true},"
	          "{\"sq\":\"d5\",\"owner\":\"p2\",\"piece\":\"Y\",\"covered\":true}],"
	          "\"players\":[{\"home\":\"S\",\"covers\":3},{\"home\":\"N\",\"covers\":2,"
	          "\"shields\":2}]}");
	expect_note(
	    &st, "place Y c4 N",
	    "threatens p2's covered piece on d5; p2's Angle on b5 is shielded (unshield first); "
	    "after this, you can place only at c2, b3 and d3",
	    false);
	expect_note(&st, "place Y c4 N covered",
	            "covered: it points at nothing until you uncover it; after this, you can place "
	            "only at c2, b3 and d3",
	            false);

	/* A Cross among four opposing pieces of two players: the threats in one list, the
	 * shielded ones in another. */
	must_load(
	    &st, "players=3",
	    "{\"board\":[{\"sq\":\"b2\",\"owner\":\"p1\",\"piece\":\"Y\",\"facing\":\"N\"},"
	    "{\"sq\":\"c4\",\"owner\":\"p2\",\"piece\":\"A\",\"covered\":true},"
	    "{\"sq\":\"d3\",\"owner\":\"p2\",\"piece\":\"A\",\"facing\":\"N\",\"shielded\":true},"
	    "{\"sq\":\"c2\",\"owner\":\"p3\",\"piece\":\"T\",\"facing\":\"N\"},"
	    "{\"sq\":\"b3\",\"owner\":\"p3\",\"piece\":\"X\",\"covered\":true,"
	    "\"shielded\":true}],"
	    "\"players\":[{\"home\":\"S\"},{\"home\":\"N\",\"covers\":2,\"shields\":2},"
	    "{\"home\":\"W\",\"covers\":2,\"shields\":2}]}");
	expect_note(
	    &st, "place X c3 N",
	    "threatens p3's Tee on c2 and p2's covered piece on c4; p3's covered piece on b3 "
	    "and p2's Angle on d3 are shielded (unshield first); after this, you can place "
	    "only at b1 and a3",
	    false);

	/* One square left to p1, f4; its D on it facing W threatens the Angle and opens nothing,
	 * so no square is left, but an attack is. */
	must_load(&st, "",
	          "{\"board\":[{\"sq\":\"f3\",\"owner\":\"p1\",\"piece\":\"D\",\"facing\":\"N\"},"
	          "{\"sq\":\"e4\",\"owner\":\"p2\",\"piece\":\"A\",\"facing\":\"N\"}],"
	          "\"players\":[{\"home\":\"E\"},{\"home\":\"N\"}]}");
	expect_note(&st, "place D f4 W",
	            "threatens p2's Angle on e4; after this, no square is left for your next piece",
	            false);
	expect_note(&st, "place X f4 N",
	            "points at f5; arrow E points off the board; threatens p2's Angle on e4",
	            false);

	/* The newcomer's opening: its only piece points off the board, so p1 would be skipped. */
	must_load(&st, "", "{\"board\":[]}");
	expect_note(&st, "place D a3 W",
	            "points off the board (W); no square left for your next piece and nothing to "
	            "attack next turn: you would be skipped",
	            true);
	expect_note(&st, "place D a3 E", "points at b3", false);

	/* p2 cannot act; p1's last open square taken by a piece that opens none: nobody can act. */
	must_load(&st, "",
	          "{\"board\":[{\"sq\":\"a3\",\"owner\":\"p2\",\"piece\":\"D\",\"facing\":\"W\"},"
	          "{\"sq\":\"f3\",\"owner\":\"p1\",\"piece\":\"D\",\"facing\":\"N\"}]}");
	expect_note(
	    &st, "place D f4 E",
	    "points off the board (E); ends the game (nobody can act): you finish shared 1st",
	    true);
	expect_note(&st, "place D f4 S",
	            "points only at your own pieces; ends the game (nobody can act): you finish "
	            "shared 1st",
	            true);
	expect_note(&st, "place A f4 N", "points at f5; arrow E points off the board", false);
}

/* Over random games (standard and tactical, 2 to 4 players): every legal action's note fits
 * its buffer and says only what the mover knows: the mover's determinization of the state (the
 * others' covered pieces and holders guessed anew) gives the same note and confirmation. */
static void test_notes_hide_nothing(void **unused)
{
	(void)unused;
	static const char *const params[] = {"", "mode=tactical", "players=3,size=7",
	                                     "players=4,size=8"};
	qv_action *acts = malloc(sizeof *acts * (size_t)G->max_actions);
	qv_rng rng;
	qv_rng_seed(&rng, 11);
	int noted = 0, asked = 0;
	for (int game = 0; game < 24; game++) {
		ta_state st;
		qv_test_init(G, &st, params[game % 4], (uint64_t)game);
		for (int step = 0; step < 400 && G->to_move(&st) != QV_OVER; step++) {
			int who = G->to_move(&st);
			if (who >= 0) {
				ta_state guess = st;
				G->determinize(&guess, who, &rng);
				int n = G->legal(&st, acts);
				for (int i = 0; i < n; i++) {
					char a[QV_NOTE_TEXT], b[QV_NOTE_TEXT];
					bool ca = false, cb = false;
					int la = G->action_note(&st, acts[i], a, sizeof a, &ca);
					G->action_note(&guess, acts[i], b, sizeof b, &cb);
					/* whole: shorter than the room, which a cut note fills */
					assert_true(la >= 0 && la < (int)sizeof a - 1 &&
					            la == (int)strlen(a));
					if (strcmp(a, b) != 0 || ca != cb)
						fail_msg(
						    "game %d step %d: the note of action %d depends on what p%d "
						    "cannot know: '%s' / '%s'",
						    game, step, (int)acts[i], who + 1, a, b);
					noted += la > 0;
					asked += ca;
				}
			}
			qv_test_random_step(G, &st, &rng);
		}
	}
	assert_true(noted > 100);
	assert_true(asked > 0);
	free(acts);
}

/* ---- variants: components as data ---- */

/* The variant of the document text (a variant of three-arrows extending the built-in set),
 * loaded; fails the test if it is refused. */
static const qv_variant *variant(const char *text) { return qv_test_variant(G, text); }

/* The message of the refusal of the document text; fails the test if it is accepted. */
static const char *refusal(const char *text, qv_err *err)
{
	return qv_test_variant_refusal(G, text, err);
}

/* The parameter list that plays with v, and others. */
static const char *with(const qv_variant *v, const char *more, char *buf, size_t len)
{
	snprintf(buf, len, "variant=%s%s%s", v->sha256, more[0] ? "," : "", more);
	return buf;
}

#define HEAD "{\"quiver_variant\":1,\"game\":\"three-arrows\",\"name\":\"t\","

/* The built-in set is data/three-arrows/base.json, and a game set up without a variant plays
 * with it. */
static void test_variant_base(void **unused)
{
	(void)unused;
	const qv_variant *v = qv_variant_base(G, NULL);
	assert_non_null(v);
	assert_true(v->builtin);
	assert_string_equal(v->name, "base");
	assert_ptr_equal(v->tables, ta_base_tables());
	ta_state st;
	qv_test_init(G, &st, "", 1);
	assert_ptr_equal(ta_T(&st), v->tables);
	assert_int_equal(st.variant, v->slot);
	/* its dump loads as itself */
	json_t *doc = qv_variant_json(v);
	const qv_variant *again = NULL;
	assert_int_equal(qv_variant_from_json(doc, G, "dump", &again, NULL), QV_OK);
	json_decref(doc);
	assert_ptr_equal(again, v);
}

/* A variant whose six other kinds are Terminators too, each named at the longest length: the
 * cover's entry names every piece that cannot be covered, whole (the list was cut at 200
 * bytes). */
static void test_variant_cover_entry_whole(void **unused)
{
	(void)unused;
	static const char *const name[] = {"Aaaaaaaaaaaaaaaaaaaaaaaa", "Tttttttttttttttttttttttt",
	                                   "Xxxxxxxxxxxxxxxxxxxxxxxx", "Dddddddddddddddddddddddd",
	                                   "Rrrrrrrrrrrrrrrrrrrrrrrr", "Yyyyyyyyyyyyyyyyyyyyyyyy"};
	char doc[1024];
	int n = snprintf(doc, sizeof doc, "%s\"pieces\":{\"modify\":{", HEAD);
	for (int k = 0; k < 6; k++)
		n += snprintf(doc + n, sizeof doc - (size_t)n,
		              "%s\"%c\":{\"name\":\"%s\",\"ability\":\"terminator\"}", k ? "," : "",
		              name[k][0], name[k]);
	snprintf(doc + n, sizeof doc - (size_t)n, "}}}");
	const qv_variant *v = variant(doc);
	char params[160];
	ta_state st;
	qv_test_init(G, &st, with(v, "", params, sizeof params), 1);
	qv_buf b = {0};
	assert_int_equal(G->reference(&st, "cover", &b), 1);
	const char *t = qv_buf_str(&b);
	for (int k = 0; k < 6; k++)
		if (!strstr(t, name[k]))
			fail_msg("the cover's entry leaves out %s:\n%s", name[k], t);
	const char *end = strstr(t, "cannot be covered.\n");
	if (!end || !strstr(t, "Terminator") || end[strlen("cannot be covered.\n")] != '\0')
		fail_msg("the cover's entry is cut:\n%s", t);
	qv_buf_free(&b);
}

/* A variant without the Y: no placement of a Y is legal at any point of a whole game (nor
 * listed, sampled or counted), the notation refuses the letter with the pieces that exist,
 * check refuses a placement of a kind the components do not have, and the Terminator waits
 * for the 13 other pieces. */
static void test_variant_removed_kind(void **unused)
{
	(void)unused;
	const qv_variant *v = variant(HEAD "\"pieces\":{\"remove\":[\"Y\"]}}");
	const ta_tables *T = v->tables;
	assert_int_equal(T->nkinds, 6);
	assert_string_equal(T->letters, "ATXDRZ");
	assert_int_equal(T->others, 13);
	char params[160];
	qv_action *buf = malloc(sizeof *buf * (size_t)G->max_actions);
	for (uint64_t seed = 1; seed <= 6; seed++) {
		ta_state st;
		qv_test_init(G, &st,
		             with(v, seed % 2 ? "" : "players=3,size=8", params, sizeof params),
		             seed);
		qv_rng rng;
		qv_rng_seed(&rng, seed);
		int steps = 0;
		while (G->to_move(&st) != QV_OVER) {
			if (G->to_move(&st) >= 0) {
				int n = G->legal(&st, buf);
				assert_int_equal(G->count(&st), n);
				for (int i = 0; i < n; i++) {
					char text[64];
					G->action_to_text(&st, buf[i], text, sizeof text);
					if (strncmp(text, "place Y", 7) == 0)
						fail_msg("legal lists %s", text);
					assert_true(TA_TYPE(buf[i]) != TA_ACT_PLACE ||
					            (TA_ARG(buf[i]) >> 8 & 7) < 6);
				}
			}
			qv_test_random_step(G, &st, &rng);
			steps++;
		}
		assert_true(steps > 10);
	}
	free(buf);
	ta_state st;
	qv_test_init(G, &st, with(v, "", params, sizeof params), 1);
	qv_action a;
	qv_err err = {{0}};
	assert_int_equal(G->action_from_text(&st, "place Y c1 N", &a, &err), QV_EINVAL);
	assert_string_equal(err.msg, "'Y' is not a piece: expected A, T, X, D, R or Z");
	/* kind 6 is past the six kinds (the Terminator of the base set) */
	assert_int_equal(G->check(&st, TA_PLACE(sq("c1"), 0, 6, 0, 0), &err), QV_EINVAL);
	assert_string_equal(err.msg, "not a placement of this game");
	assert_int_equal(G->check(&st, parse(&st, "place Z c1 N"), &err), QV_EILLEGAL);
	assert_non_null(strstr(err.msg, "your 13 other pieces"));
	/* the views know no Y either */
	char *view = qv_test_view(G, &st, 0);
	assert_null(strstr(view, "\"Y\""));
	free(view);
	qv_err lerr = {{0}};
	assert_int_equal(qv_test_load_json(G, &st,
	                                   "{\"board\":[{\"sq\":\"c1\",\"owner\":\"p1\","
	                                   "\"piece\":\"Y\"}]}",
	                                   &lerr),
	                 QV_EINVAL);
	assert_string_equal(lerr.msg, "board[0].piece must be one of A, T, X, D, R, Z");
}

/* The Angle with another arrow (NE): from c1 facing N it reaches d2, which the built-in
 * Angle cannot attack; 1 against 0 captures on the die's 0. */
static const char *ANGLE_C1_DOUBLE_D2 =
    "{\"board\":["
    "{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"A\",\"facing\":\"N\"},"
    "{\"sq\":\"d2\",\"owner\":\"p2\",\"piece\":\"D\",\"facing\":\"N\"},"
    "{\"sq\":\"f5\",\"owner\":\"p2\",\"piece\":\"X\"}],"
    "\"players\":[{\"home\":\"S\"},{\"home\":\"E\"}]}";

static void test_variant_another_arrow(void **unused)
{
	(void)unused;
	ta_state st;
	qv_err err = {{0}};
	must_load(&st, "", ANGLE_C1_DOUBLE_D2);
	assert_false(is_legal(&st, "attack c1 d2"));
	assert_int_equal(G->check(&st, parse(&st, "attack c1 d2"), &err), QV_EILLEGAL);
	assert_string_equal(err.msg, "the piece on c1 has no arrow pointing at d2");

	const qv_variant *v = qv_test_example_variant(G, "three-arrows-another-arrow.json");
	assert_string_equal(v->name, "angle with a diagonal");
	const ta_tables *T = v->tables;
	assert_int_equal(T->arrows[TA_KF_OF(kind('A'), 0)][QV_NE], 1);
	char params[160];
	must_load(&st, with(v, "", params, sizeof params), ANGLE_C1_DOUBLE_D2);
	assert_true(is_legal(&st, "attack c1 d2"));
	assert_int_equal(ta_attack_strength(&st, sq("c1"), sq("d2")), 1);
	assert_int_equal(ta_defence_strength(&st, sq("c1"), sq("d2")), 0);
	play(&st, "attack c1 d2");
	play(&st, "die 0");
	assert_int_equal(st.pl[0].captured, 1);
	assert_int_equal(st.cell[sq("d2")], 0);
	/* the capturing Angle may advance in any of its 4 facings */
	assert_true(is_legal(&st, "advance E"));
	assert_int_equal(G->count(&st), 5);
}

/* A die of other faces: the chance outcomes are its values, highest first, each with the
 * share of the faces showing it; the notation writes and reads them; a face below 0 that
 * leaves the attack failed gives the attacker a bonus piece. */
static void test_variant_die(void **unused)
{
	(void)unused;
	const qv_variant *v = variant(HEAD "\"die\":{\"faces\":[0,2,0,-2]}}");
	char params[160];
	ta_state st;
	must_load(&st, with(v, "", params, sizeof params), EXAMPLE_4_VS_3);
	play(&st, "attack c4 c5");
	qv_action out[TA_MAX_CHANCE];
	double prob[TA_MAX_CHANCE];
	assert_int_equal(G->chance(&st, out, prob), 3);
	const char *want[3] = {"die +2", "die 0", "die -2"};
	const double p[3] = {0.25, 0.5, 0.25};
	for (int i = 0; i < 3; i++) {
		char text[16];
		G->action_to_text(&st, out[i], text, sizeof text);
		assert_string_equal(text, want[i]);
		assert_true(prob[i] == p[i]);
		assert_int_equal(parse(&st, want[i]), out[i]);
	}
	qv_action a;
	qv_err err = {{0}};
	assert_int_equal(G->action_from_text(&st, "die +1", &a, &err), QV_EINVAL);
	assert_string_equal(err.msg, "expected 'die +2', 'die 0' or 'die -2'");
	/* 4 - 2 against 3 fails: the attacker gains a bonus piece */
	play(&st, "die -2");
	assert_int_equal(st.pl[0].bonus, 2);
	assert_int_equal(st.pl[0].captured, 0);
}

/* The terminator ability is the piece's, not the Z's: given to the Triple too, neither may be
 * placed before the 15 other pieces, and once the Triple is placed only terminators are. */
static void test_variant_terminator_ability(void **unused)
{
	(void)unused;
	const qv_variant *v =
	    variant(HEAD "\"pieces\":{\"modify\":{\"R\":{\"ability\":\"terminator\"}}}}");
	const ta_tables *T = v->tables;
	assert_int_equal(T->others, 15);
	assert_int_equal(T->last, 1u << 5 | 1u << 6);
	char params[160];
	ta_state st;
	qv_test_init(G, &st, with(v, "", params, sizeof params), 1);
	assert_false(is_legal(&st, "place R c1 N"));
	qv_err err = {{0}};
	assert_int_equal(G->check(&st, parse(&st, "place R c1 N covered"), &err), QV_EILLEGAL);
	assert_string_equal(err.msg, "the Triple (R) may be placed only when your 15 other pieces "
	                             "have left the holder, or once any Triple or Terminator has "
	                             "been placed");
	/* p1 has placed everything else: the Triple and the Terminator only, never covered */
	must_load(
	    &st, with(v, "", params, sizeof params),
	    "{\"board\":[{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"X\"},"
	    "{\"sq\":\"c6\",\"owner\":\"p2\",\"piece\":\"X\"}],"
	    "\"players\":[{\"home\":\"S\",\"lost\":{\"A\":3,\"T\":3,\"X\":2,\"Y\":3,\"D\":3}},"
	    "{\"home\":\"N\",\"captured\":14}]}");
	assert_true(is_legal(&st, "place R c2 N"));
	assert_true(is_legal(&st, "place Z c2 N"));
	assert_false(is_legal(&st, "place R c2 N covered"));
	play(&st, "place R c2 N");
	assert_int_equal(st.terminator_placed, 1);
	assert_false(is_legal(&st, "place A c5 N"));
	assert_true(is_legal(&st, "place Z c5 S"));
	/* p2 holds everything: its terminators only, the Triple as much as the Terminator */
	assert_true(is_legal(&st, "place R c5 S"));
}

/* build's cross-checks, each refused with the JSON path in the resolved document. */
static void test_variant_refused(void **unused)
{
	(void)unused;
	static const struct {
		const char *doc, *want;
	} cases[] = {
	    {HEAD "\"pieces\":{\"add\":[{\"kind\":\"q\",\"name\":\"Queen\",\"count\":1,"
	          "\"arrows\":[\"N\"]}]}}",
	     "variant: resolved: /pieces/7/kind: expected one capital letter A to Z (the piece's "
	     "letter in the notation); got \"q\""},
	    {HEAD "\"pieces\":{\"add\":[{\"kind\":\"Q\",\"name\":\"angle\",\"count\":1,"
	          "\"arrows\":[\"N\"]}]}}",
	     "variant: resolved: /pieces/7/name: \"angle\" is the name of piece A too; a name "
	     "names one piece"},
	    {HEAD
	     "\"pieces\":[{\"kind\":\"A\",\"name\":\"Angle\",\"count\":0,\"arrows\":[\"N\"]}]}",
	     "variant: resolved: /pieces: every count is 0; each player needs at least one piece"},
	    {HEAD "\"pieces\":{\"modify\":{\"A\":{\"count\":51}}}}",
	     "variant: resolved: /pieces: 65 pieces for each player (the counts added up); at "
	     "most 64, the squares of the largest board"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		qv_err err = {{0}};
		const char *msg = refusal(cases[i].doc, &err);
		if (strcmp(msg, cases[i].want) != 0)
			fail_msg("case %zu:\n got  %s\n want %s", i, msg, cases[i].want);
	}
	/* the declaration's bounds, checked by variant.c with the path in the file */
	static const struct {
		const char *doc, *path;
	} bounds[] = {
	    {HEAD "\"die\":{\"faces\":[6]}}", "variant/die/faces/0: "},
	    {HEAD "\"die\":{\"faces\":[]}}", "variant/die/faces: "},
	    {HEAD "\"pieces\":{\"modify\":{\"Z\":{\"ability\":\"bomb\"}}}}",
	     "variant/pieces/modify/Z/ability: "},
	    {HEAD "\"pieces\":{\"modify\":{\"A\":{\"count\":65}}}}",
	     "variant/pieces/modify/A/count: "},
	    {HEAD "\"player\":{\"covers\":65}}", "variant/player/covers: "},
	    {HEAD "\"player\":{\"bonus\":100}}", "variant/player/bonus: "},
	    {HEAD "\"pieces\":{\"add\":[{\"kind\":\"Q\",\"name\":\"Q\",\"count\":1,"
	          "\"arrows\":[\"N\"]},{\"kind\":\"P\",\"name\":\"P\",\"count\":1,"
	          "\"arrows\":[\"N\"]}]}}",
	     "variant"},
	};
	for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
		qv_err err = {{0}};
		const char *msg = refusal(bounds[i].doc, &err);
		if (strncmp(msg, bounds[i].path, strlen(bounds[i].path)) != 0)
			fail_msg("bound %zu: %s", i, msg);
	}
}

/* A random valid variant: 1 to 8 pieces with distinct letters and names, 1 to 6 arrows each
 * (repeats allowed), counts of 0 to 4 (one at least in all), the ability terminator now and
 * then, random supplies and a die of 1 to 12 faces from -5 to 5. */
static json_t *random_variant(qv_rng *rng, int i)
{
	static const char *const dirs[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
	char letters[27] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	json_t *pieces = json_array();
	int nkinds = 1 + (int)qv_rng_below(rng, TA_MAX_KINDS), total = 0;
	for (int k = 0; k < nkinds; k++) {
		int at = k + (int)qv_rng_below(rng, (uint32_t)(26 - k));
		char kind[2] = {letters[at], 0}, name[16];
		letters[at] = letters[k];
		letters[k] = kind[0];
		snprintf(name, sizeof name, "Piece %s", kind);
		json_t *arrows = json_array();
		for (int n = 1 + (int)qv_rng_below(rng, 6); n; n--)
			json_array_append_new(arrows, json_string(dirs[qv_rng_below(rng, 8)]));
		int count = (int)qv_rng_below(rng, 5);
		if (k == nkinds - 1 && total == 0)
			count = 1;
		total += count;
		json_t *piece = json_pack("{s:s,s:s,s:i,s:o}", "kind", kind, "name", name, "count",
		                          count, "arrows", arrows);
		if (qv_rng_below(rng, 5) == 0)
			json_object_set_new(piece, "ability", json_string("terminator"));
		json_array_append_new(pieces, piece);
	}
	json_t *faces = json_array();
	for (int n = 1 + (int)qv_rng_below(rng, TA_MAX_FACES); n; n--)
		json_array_append_new(faces, json_integer((int)qv_rng_below(rng, 11) - 5));
	char name[32];
	snprintf(name, sizeof name, "random %d", i);
	return json_pack("{s:i,s:s,s:s,s:o,s:{s:i,s:i,s:i},s:{s:o}}", "quiver_variant", 1, "game",
	                 "three-arrows", "name", name, "pieces", pieces, "player", "covers",
	                 (int)qv_rng_below(rng, 4), "shields", (int)qv_rng_below(rng, 4), "bonus",
	                 (int)qv_rng_below(rng, 4), "die", "faces", faces);
}

/* Random games on random valid variants keep the interface's promises: legal, count and the
 * sampler agree, check accepts every legal action, notation and the state JSON round-trip,
 * and every game ends. */
static void test_variant_random_games(void **unused)
{
	(void)unused;
	qv_rng rng;
	qv_rng_seed(&rng, 2026);
	qv_action *buf = malloc(sizeof *buf * (size_t)G->max_actions);
	int steps = 0;
	for (int i = 0; i < 24; i++) {
		json_t *doc = random_variant(&rng, i);
		const qv_variant *v = NULL;
		qv_err err = {{0}};
		if (qv_variant_from_json(doc, G, "random", &v, &err))
			fail_msg("random variant %d refused: %s", i, err.msg);
		json_decref(doc);
		char more[96], params[192];
		snprintf(more, sizeof more, "players=%d,size=%d,mode=%s,max_turns=200",
		         2 + (int)qv_rng_below(&rng, 3), 6 + (int)qv_rng_below(&rng, 3),
		         qv_rng_below(&rng, 2) ? "standard" : "tactical");
		ta_state st;
		qv_test_init(G, &st, with(v, more, params, sizeof params), (uint64_t)i);
		while (G->to_move(&st) != QV_OVER) {
			if (G->to_move(&st) >= 0) {
				int n = G->legal(&st, buf), m;
				assert_true(n > 0);
				assert_int_equal(G->count(&st), n);
				qv_action a = G->sample(&st, &rng, &m);
				assert_int_equal(m, n);
				bool found = false;
				for (int j = 0; j < n; j++) {
					char text[64];
					qv_action back;
					found |= buf[j] == a;
					if (G->check(&st, buf[j], &err))
						fail_msg(
						    "variant %d: check refuses a legal action: %s",
						    i, err.msg);
					G->action_to_text(&st, buf[j], text, sizeof text);
					if (G->action_from_text(&st, text, &back, &err) ||
					    back != buf[j])
						fail_msg("variant %d: %s does not read back", i,
						         text);
				}
				assert_true(found);
			}
			json_t *j = G->state_json(&st);
			ta_state again;
			qv_test_init(G, &again, params, (uint64_t)i);
			if (G->load_json(&again, j, &err))
				fail_msg("variant %d: its state does not load: %s", i, err.msg);
			json_decref(j);
			assert_memory_equal(&again, &st, sizeof st);
			qv_test_random_step(G, &st, &rng);
			steps++;
		}
	}
	assert_true(steps > 24 * 20);
	free(buf);
}

/* ---- the designer's lab: what a game tells it ---- */

/* The index of the piece kind letter in v's resolved document (its `pieces`), or -1. */
static int doc_index(const qv_variant *v, const char *letter)
{
	const json_t *pieces = json_object_get(v->json, "pieces");
	for (size_t i = 0; i < json_array_size(pieces); i++)
		if (strcmp(json_string_value(json_object_get(json_array_get(pieces, i), "kind")),
		           letter) == 0)
			return (int)i;
	return -1;
}

/* The piece kind a decision plays, through the resolved document: a placement its kind
 * whatever its square, facing, cover or shield; an attack, an uncover, a bonus, a defence, a
 * stay or an advance none. */
static void test_lab_component_of(void **unused)
{
	(void)unused;
	const qv_components *C = G->components;
	assert_string_equal(C->studied, "pieces");
	const qv_variant *base = qv_variant_base(G, NULL);
	ta_state st;
	qv_test_init(G, &st, "", 1);
	static const char *const places[] = {"place A c1 N", "place Y a3 E covered",
	                                     "place X f4 N shielded",
	                                     "place R d1 W covered shielded"};
	for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
		char letter[2] = {places[i][6], 0};
		assert_int_equal(C->component_of(&st, parse(&st, places[i])),
		                 doc_index(base, letter));
	}
	assert_int_equal(doc_index(base, "R"), 5);
	must_load(&st, "",
	          "{\"board\":[{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"X\"},"
	          "{\"sq\":\"c6\",\"owner\":\"p2\",\"piece\":\"X\"}],"
	          "\"players\":[{\"home\":\"S\",\"bonus\":3},{\"home\":\"N\"}]}");
	assert_int_equal(C->component_of(&st, parse(&st, "bonus 2")), -1);
	assert_int_equal(C->component_of(&st, parse(&st, "place D c2 N")), doc_index(base, "D"));
	must_load(&st, "", EXAMPLE_4_VS_3);
	assert_int_equal(C->component_of(&st, parse(&st, "attack c4 c5")), -1);
	play(&st, "attack c4 c5");
	play(&st, "die 0");
	assert_int_equal(C->component_of(&st, parse(&st, "stay")), -1);
	assert_int_equal(C->component_of(&st, parse(&st, "advance E")), -1);
	/* in a variant the index follows its document: without the Y, the Double is 3 */
	const qv_variant *v = variant(HEAD "\"pieces\":{\"remove\":[\"Y\"]}}");
	char params[160];
	qv_test_init(G, &st, with(v, "", params, sizeof params), 1);
	assert_int_equal(C->component_of(&st, parse(&st, "place D c1 N")), 3);
	assert_int_equal(doc_index(v, "D"), 3);
}

/* Plays one random step of st (chance drawn by its probabilities), and checks what the lab's
 * touched says of it: one square of the board for a placement or an advance, where the player
 * who moved has a piece now, and none for anything else. Returns how many it gave. */
static int touched_step(ta_state *st, qv_rng *rng)
{
	ta_state before = *st;
	qv_action a = qv_test_random_step(G, st, rng);
	qv_lab_board b;
	G->components->board(&before, &b);
	qv_lab_touch t[4];
	int n = G->components->touched(&before, a, st, t, 4);
	int moves = TA_TYPE(a) == TA_ACT_PLACE || TA_TYPE(a) == TA_ACT_ADVANCE;
	assert_int_equal(n, moves);
	if (n) {
		assert_int_equal(t[0].seat, before.turn);
		assert_true(t[0].square >= 0 && t[0].square < b.w * b.h);
		int sq = ta_sq(t[0].square % b.w, t[0].square / b.w);
		assert_true(st->cell[sq] != 0);
		assert_int_equal(TA_OWNER(st->cell[sq]), t[0].seat);
	}
	return n;
}

/* Over whole random games of the built-in set and random variants, at every decision: each
 * legal action's component is -1 or an entry of the document, the entry of the piece a
 * placement names, and -1 for every other action; and every step's touched square is where
 * the mover's piece went (touched_step). */
static void test_lab_component_of_random_games(void **unused)
{
	(void)unused;
	qv_rng rng;
	qv_rng_seed(&rng, 25);
	qv_action *buf = malloc(sizeof *buf * (size_t)G->max_actions);
	int placements = 0, others = 0, touches = 0;
	for (int i = 0; i < 8; i++) {
		const qv_variant *v = qv_variant_base(G, NULL);
		if (i >= 4) {
			json_t *doc = random_variant(&rng, i);
			qv_err err = {{0}};
			if (qv_variant_from_json(doc, G, "random", &v, &err))
				fail_msg("random variant %d refused: %s", i, err.msg);
			json_decref(doc);
		}
		int npieces = (int)json_array_size(json_object_get(v->json, "pieces"));
		char params[192];
		ta_state st;
		qv_test_init(G, &st, with(v, i % 2 ? "players=3" : "size=8", params, sizeof params),
		             (uint64_t)i);
		while (G->to_move(&st) != QV_OVER) {
			if (G->to_move(&st) >= 0) {
				int n = G->legal(&st, buf);
				for (int j = 0; j < n; j++) {
					int k = G->components->component_of(&st, buf[j]);
					char text[64];
					G->action_to_text(&st, buf[j], text, sizeof text);
					assert_true(k >= -1 && k < npieces);
					if (strncmp(text, "place ", 6) == 0) {
						char letter[2] = {text[6], 0};
						if (k != doc_index(v, letter))
							fail_msg("%s: component %d", text, k);
						placements++;
					} else {
						if (k != -1)
							fail_msg("%s: component %d", text, k);
						others++;
					}
				}
			}
			touches += touched_step(&st, &rng);
		}
	}
	assert_true(placements > 1000);
	assert_true(others > 100);
	assert_true(touches > 100);
	free(buf);
}

/* Every piece kind of the built-in set and of the example variant comes out: the ablated
 * variant loads, is named for it, has every other kind as it was and not this one, and plays. */
static void test_lab_ablate(void **unused)
{
	(void)unused;
	const qv_variant *example = qv_test_example_variant(G, "three-arrows-another-arrow.json");
	qv_err err = {{0}};
	const qv_variant *sets[2] = {qv_variant_base(G, NULL), example};
	qv_rng rng;
	qv_rng_seed(&rng, 7);
	for (int s = 0; s < 2; s++) {
		const json_t *pieces = json_object_get(sets[s]->json, "pieces");
		for (int k = 0; k < (int)json_array_size(pieces); k++) {
			const json_t *piece = json_array_get(pieces, (size_t)k);
			const char *id = json_string_value(json_object_get(piece, "kind"));
			const qv_variant *v = qv_test_ablated(G, sets[s], k);
			char name[QV_VARIANT_NAME + 16];
			snprintf(name, sizeof name, "%s without %s", sets[s]->name, id);
			assert_string_equal(v->name, name);
			assert_int_equal(doc_index(v, id), -1);
			const json_t *left = json_object_get(v->json, "pieces");
			assert_int_equal(json_array_size(left), json_array_size(pieces) - 1);
			for (size_t i = 0, j = 0; i < json_array_size(pieces); i++)
				if (i != (size_t)k)
					assert_true(json_equal(json_array_get(pieces, i),
					                       json_array_get(left, j++)));
			assert_true(json_equal(json_object_get(v->json, "die"),
			                       json_object_get(sets[s]->json, "die")));
			char params[160];
			ta_state st;
			qv_test_init(G, &st, with(v, "", params, sizeof params), (uint64_t)k);
			for (int steps = 0; G->to_move(&st) != QV_OVER && steps < 20000; steps++)
				qv_test_random_step(G, &st, &rng);
			assert_int_equal(G->to_move(&st), QV_OVER);
		}
	}
	/* out of range: refused, naming it */
	assert_null(G->components->ablate(sets[0]->json, qv_variant_base(G, NULL)->json, 7, &err));
	assert_string_equal(err.msg, "/pieces/7: no such piece kind (the set has 7)");
}

/* A kind holding every piece of its set becomes a plain piece (one arrow N, no ability, the
 * same letter, name and count) rather than leaving a set without pieces; a long name is cut
 * at a character so that " without <id>" fits. */
static void test_lab_ablate_plain(void **unused)
{
	(void)unused;
	const qv_variant *v = variant(
	    "{\"quiver_variant\":1,\"game\":\"three-arrows\","
	    "\"name\":\"a name long enough to be cut short just before this:\xc3\xa9\xc3\xa9\","
	    "\"pieces\":[{\"kind\":\"Q\",\"name\":\"Queen\",\"count\":4,\"arrows\":[\"N\",\"N\","
	    "\"E\"]},{\"kind\":\"Z\",\"name\":\"Terminator\",\"count\":0,\"arrows\":[\"N\"],"
	    "\"ability\":\"terminator\"}]}");
	const qv_variant *plain = qv_test_ablated(G, v, 0);
	const json_t *q = json_array_get(json_object_get(plain->json, "pieces"), 0);
	assert_string_equal(json_string_value(json_object_get(q, "kind")), "Q");
	assert_string_equal(json_string_value(json_object_get(q, "name")), "Queen");
	assert_int_equal(json_integer_value(json_object_get(q, "count")), 4);
	assert_int_equal(json_array_size(json_object_get(q, "arrows")), 1);
	assert_null(json_object_get(q, "ability"));
	const ta_tables *T = plain->tables;
	assert_int_equal(T->arrows[TA_KF_OF(0, 0)][QV_N], 1);
	assert_int_equal(T->arrows[TA_KF_OF(0, 0)][QV_E], 0);
	assert_int_equal(T->pieces, 4);
	/* at most 63 bytes: the name cut before the two-byte character that would not fit */
	assert_string_equal(plain->name,
	                    "a name long enough to be cut short just before this: without Q");
	/* the terminator holds no piece: removed, and the name cut likewise */
	const qv_variant *no_z = qv_test_ablated(G, v, 1);
	assert_int_equal(json_array_size(json_object_get(no_z->json, "pieces")), 1);
	assert_int_equal(((const ta_tables *)no_z->tables)->last, 0);
	assert_int_equal((int)strlen(no_z->name), 62);
}

/* The board of the rules page (files a.., ranks from 1) for each size, and the square a
 * placement or an advance put a piece on, for the player whose turn it was. */
static void test_lab_board_and_touched(void **unused)
{
	(void)unused;
	const qv_components *C = G->components;
	static const char *const files[3] = {"abcdef", "abcdefg", "abcdefgh"};
	for (int size = 6; size <= 8; size++) {
		char params[24];
		snprintf(params, sizeof params, "size=%d", size);
		ta_state st;
		qv_test_init(G, &st, params, 1);
		qv_lab_board b;
		C->board(&st, &b);
		assert_int_equal(b.w, size);
		assert_int_equal(b.h, size);
		assert_int_equal(b.rank0, 1);
		assert_memory_equal(b.files, files[size - 6], (size_t)size);
		assert_true((size_t)size == sizeof b.files || b.files[size] == 0);
	}
	ta_state st, after;
	qv_test_init(G, &st, "size=8", 1);
	qv_lab_touch t[4];
	qv_action a = parse(&st, "place Y c1 N covered");
	after = st;
	G->apply(&after, a, NULL);
	assert_int_equal(C->touched(&st, a, &after, t, 4), 1);
	assert_int_equal(t[0].seat, 0);
	assert_int_equal(t[0].square, 2); /* c1: x 2, y 0 */
	st = after;
	a = parse(&st, "place A h3 W");
	G->apply(&after, a, NULL);
	assert_int_equal(C->touched(&st, a, &after, t, 4), 1);
	assert_int_equal(t[0].seat, 1);
	assert_int_equal(t[0].square, 7 + 2 * 8); /* h3 on the 8 x 8 board */
	assert_int_equal(C->touched(&st, a, &after, t, 0), 0);
	/* an attack touches nothing, nor does the die; the advance the capturing piece's square */
	must_load(&st, "", EXAMPLE_4_VS_3);
	a = parse(&st, "attack c4 c5");
	after = st;
	G->apply(&after, a, NULL);
	assert_int_equal(C->touched(&st, a, &after, t, 4), 0);
	st = after;
	a = parse(&st, "die 0");
	G->apply(&after, a, NULL);
	assert_int_equal(C->touched(&st, a, &after, t, 4), 0);
	st = after;
	a = parse(&st, "advance E");
	G->apply(&after, a, NULL);
	assert_int_equal(C->touched(&st, a, &after, t, 4), 1);
	assert_int_equal(t[0].seat, 0);
	assert_int_equal(t[0].square, 2 + 4 * 6); /* c5 on the 6 x 6 board */
	assert_int_equal(TA_KIND(after.cell[sq("c5")]), kind('A'));
}

/* The search's values of placements without playing them (prior.c, values_after), held to
 * the truth at every position of random games (2 to 4 players, 6x6 and 8x8, tactical), for
 * every player; and nearly every action of those games is a placement it values. */
static void test_values_after(void **unused)
{
	(void)unused;
	static const char *const params[] = {"", "players=3", "players=4,size=8", "mode=tactical"};
	long legal = 0, valued = 0;
	for (int c = 0; c < 4; c++)
		qv_test_values_after(G, params[c], 6, &legal, &valued);
	print_message("%ld legal actions, %ld valued without an apply\n", legal, valued);
	assert_true(valued * 10 >= legal * 9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_worked_example_strengths),
	    cmocka_unit_test(test_worked_example_each_die_face),
	    cmocka_unit_test(test_two_y_diagonal),
	    cmocka_unit_test(test_gap_makes_defence_zero),
	    cmocka_unit_test(test_line_rules),
	    cmocka_unit_test(test_first_placement),
	    cmocka_unit_test(test_facing_dedup),
	    cmocka_unit_test(test_terminator_rules),
	    cmocka_unit_test(test_bonus_and_extra_turns),
	    cmocka_unit_test(test_defender_bonus_on_plus_one_win_by_one),
	    cmocka_unit_test(test_sampler_matches_legal),
	    cmocka_unit_test(test_covered_pieces_hidden),
	    cmocka_unit_test(test_notation_errors),
	    cmocka_unit_test(test_load_rejects_impossible_states),
	    cmocka_unit_test(test_ranks_and_utilities),
	    cmocka_unit_test(test_max_turns_cap),
	    cmocka_unit_test(test_tables),
	    cmocka_unit_test(test_reference),
	    cmocka_unit_test(test_action_note),
	    cmocka_unit_test(test_placement_note),
	    cmocka_unit_test(test_notes_hide_nothing),
	    cmocka_unit_test(test_variant_base),
	    cmocka_unit_test(test_variant_removed_kind),
	    cmocka_unit_test(test_variant_cover_entry_whole),
	    cmocka_unit_test(test_variant_another_arrow),
	    cmocka_unit_test(test_variant_die),
	    cmocka_unit_test(test_variant_terminator_ability),
	    cmocka_unit_test(test_variant_refused),
	    cmocka_unit_test(test_variant_random_games),
	    cmocka_unit_test(test_lab_component_of),
	    cmocka_unit_test(test_lab_component_of_random_games),
	    cmocka_unit_test(test_lab_ablate),
	    cmocka_unit_test(test_lab_ablate_plain),
	    cmocka_unit_test(test_lab_board_and_touched),
	    cmocka_unit_test(test_load_canonical_facing),
	    cmocka_unit_test(test_state_ok),
	    cmocka_unit_test(test_apply_checks_state),
	    cmocka_unit_test(test_values_after),
	};
	return cmocka_run_group_tests_name("three_arrows", tests, setup, NULL);
}
