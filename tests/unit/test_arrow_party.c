/*
 * test_arrow_party.c - unit tests of the Arrow Party rules through the game interface: the
 * set-up deal, the walk's ticks (edge stop, pick-ups, bumps by sharing a cell and by swapping
 * cells), the items' resolution order (exchange, swap, noswap, dice, draw), JSON loading, and
 * secrecy: over random games, no view or diagram of a player changes when anything that
 * player may not know is changed, and determinize keeps each view while really changing the
 * hidden parts. The protocol-level scenarios live in tests/scenarios/arrow-party/.
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/arrow_party/arrow_party.h"
#include "gametest.h"
#include "lab/lab.h"
#include "quiver/variant.h"
#include "scale.h"

static const qv_game *G;

static void init_with(ap_state *st, const char *params, uint64_t seed)
{
	qv_test_init(G, st, params, seed);
}

static qv_status load(ap_state *st, const char *params, const char *state_json, qv_err *err)
{
	init_with(st, params, 1);
	return qv_test_load_json(G, st, state_json, err);
}

static void must_load(ap_state *st, const char *params, const char *state_json)
{
	qv_err err = {{0}};
	if (load(st, params, state_json, &err))
		fail_msg("load failed: %s", err.msg);
}

static qv_action parse(const ap_state *st, const char *text) { return qv_test_parse(G, st, text); }

static void play(ap_state *st, const char *text) { qv_test_play(G, st, text); }

static int setup(void **unused)
{
	(void)unused;
	G = qv_game_find("arrow-party", NULL);
	return G ? 0 : -1;
}

static char *view_text(const ap_state *st, int viewer) { return qv_test_view(G, st, viewer); }

static char *diagram(const ap_state *st, int viewer) { return qv_test_diagram(G, st, viewer); }

static int cell(const ap_state *s, const char *name)
{
	int x, y;
	assert_int_equal(qv_sq_parse(name, s->size, s->size, &x, &y, NULL), QV_OK);
	return y * s->size + x;
}

/* The built-in set's tables. */
static const ap_tables *base_tables(void)
{
	qv_err err;
	const qv_variant *v = qv_variant_base(G, &err);
	assert_non_null(v);
	return v->tables;
}

static int count_card(const ap_player *pl, const char *id)
{
	int c = ap_find_card(base_tables(), id), n = 0;
	for (int i = 0; i < pl->nhand; i++)
		n += pl->hand[i].card == c;
	return n;
}

/* The knowledge mask of the first copy of card id in pl's hand (-1 when absent). */
static int know_of(const ap_player *pl, const char *id)
{
	int c = ap_find_card(base_tables(), id);
	for (int i = 0; i < pl->nhand; i++)
		if (pl->hand[i].card == c)
			return pl->hand[i].know;
	return -1;
}

/* ---- set-up ---- */

static void test_setup_deal(void **unused)
{
	(void)unused;
	ap_state st;
	init_with(&st, "players=3,size=9,shuffle=false", 5);
	/* stacks in table order, top first, dealt around from p1 */
	assert_int_equal(count_card(&st.pl[0], "1a"), 1);
	assert_int_equal(count_card(&st.pl[1], "1b"), 1);
	assert_int_equal(count_card(&st.pl[2], "5c"), 1);
	/* items one at a time: x2 x2 x2 | x2 half half | half half minus5 */
	assert_int_equal(count_card(&st.pl[0], "x2"), 2);
	assert_int_equal(count_card(&st.pl[0], "half"), 1);
	assert_int_equal(count_card(&st.pl[1], "x2"), 1);
	assert_int_equal(count_card(&st.pl[1], "half"), 2);
	assert_int_equal(count_card(&st.pl[2], "minus5"), 1);
	assert_int_equal(st.pl[0].pos, cell(&st, "a1"));
	assert_int_equal(st.pl[1].pos, cell(&st, "i9"));
	assert_int_equal(st.pl[2].pos, cell(&st, "a9"));
	int stars = 0, skulls = 0, items = 0;
	for (int c = 0; c < 81; c++) {
		stars += st.ground[c] == AP_G_STAR;
		skulls += st.ground[c] == AP_G_SKULL;
		items += st.ground[c] >= AP_G_ITEM;
	}
	assert_int_equal(stars, 6);
	assert_int_equal(skulls, 6);
	assert_int_equal(items, 31);
	for (int p = 0; p < 3; p++)
		assert_int_equal(st.ground[st.pl[p].pos], 0);
	ap_state five;
	init_with(&five, "players=5,size=10", 5);
	assert_int_equal(five.pl[3].pos, cell(&five, "j1"));
	assert_int_equal(five.pl[4].pos, cell(&five, "e5"));
}

static void test_bad_parameters(void **unused)
{
	(void)unused;
	static const char *const bad[][2] = {
	    /* one parameter per ';' (a ground layout holds commas) */
	    {"players=6", "players"},
	    {"size=8", "size"},
	    {"rounds=3", "rounds"},
	    {"stars=41", "stars"},
	    {"skulls=x", "skulls"},
	    {"shuffle=maybe", "shuffle"},
	    {"ground=z1:star", "ground"},
	    {"ground=b2:gold", "gold"},
	    {"ground=a1:star", "starting"},
	    {"ground=b2:star,b2:skull", "twice"},
	    {"size=9;stars=40;skulls=40", "fit"},
	    {"ground=b2:star,,c3:skull", "empty"},
	    {"ground=b2:x2,c2:x2,d2:x2,e2:x2;shuffle=false", "x2"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		qv_params p = {0};
		qv_err err = {{0}};
		ap_state st;
		char list[128];
		snprintf(list, sizeof list, "%s", bad[i][0]);
		for (char *kv = strtok(list, ";"); kv; kv = strtok(NULL, ";"))
			assert_int_equal(qv_params_parse_kv(&p, kv, NULL), QV_OK);
		assert_int_equal(G->init(&st, &p, 1, &err), QV_EINVAL);
		if (!strstr(err.msg, bad[i][1]))
			fail_msg("'%s': message '%s' lacks '%s'", bad[i][0], err.msg, bad[i][1]);
	}
}

/* ---- the walk ---- */

#define GO_STATE(p1, p2, p3)                                                                       \
	"{\"phase\": \"go\", \"active\": \"p1\", \"players\": [" p1 "," p2 "," p3 "]}"

static void test_walk_and_edge(void **unused)
{
	(void)unused;
	ap_state st;
	must_load(&st, "players=3,size=9",
	          GO_STATE("{\"pos\": \"b1\", \"throw\": \"1a\", \"land\": 0, \"roll\": 4}",
	                   "{\"pos\": \"i9\", \"throw\": \"1b\", \"land\": 0, \"roll\": 3}",
	                   "{\"pos\": \"a9\", \"throw\": \"2a\", \"land\": 2, \"roll\": 2}"));
	/* 2a (N S) turned 90 degrees clockwise points E and W */
	qv_action acts[AP_MAX_ACTIONS];
	assert_int_equal(G->legal(&st, acts), 1);
	play(&st, "go N");
	play(&st, "go N");
	qv_err err;
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "go N"), NULL, &err), QV_EILLEGAL);
	assert_non_null(strstr(err.msg, "not an arrow"));
	play(&st, "go E");
	/* the walk ran: b1 -> b5, i9 stops on the edge, a9 -> c9; round 2 begins */
	assert_int_equal(st.pl[0].pos, cell(&st, "b5"));
	assert_int_equal(st.pl[1].pos, cell(&st, "i9"));
	assert_int_equal(st.pl[2].pos, cell(&st, "c9"));
	assert_int_equal(st.round, 2);
	assert_int_equal(st.phase, AP_PH_ITEMS);
	/* thrown cards returned to their stacks' discards, in seat order */
	assert_int_equal(st.ndisc[0], 2);
	assert_int_equal(st.disc[0][0], ap_find_card(base_tables(), "1a"));
	assert_int_equal(st.disc[0][1], ap_find_card(base_tables(), "1b"));
	assert_int_equal(st.disc[1][0], ap_find_card(base_tables(), "2a"));
}

static void test_pickups_first_in_seat_order(void **unused)
{
	(void)unused;
	ap_state st;
	/* p1 and p3 enter c3 in the same tick: p1 picks up the star; p2 with nopickup leaves the
	 * item on d1 and takes the skull on e1 */
	must_load(&st, "players=3,size=9",
	          "{\"phase\": \"go\", \"active\": \"p1\", \"players\": ["
	          "{\"pos\": \"b3\", \"throw\": \"1a\", \"land\": 2, \"roll\": 1},"
	          "{\"pos\": \"c1\", \"throw\": \"1b\", \"land\": 2, \"roll\": 2, \"uses\": "
	          "[\"nopickup\"]},"
	          "{\"pos\": \"d3\", \"throw\": \"1c\", \"land\": 6, \"roll\": 1}],"
	          "\"ground\": [{\"cell\": \"c3\", \"card\": \"star\"}, {\"cell\": \"d1\", "
	          "\"card\": \"x2\"}, {\"cell\": \"e1\", \"card\": \"skull\"}],"
	          "\"item_discard\": [\"nopickup\"]}");
	play(&st, "go E");
	play(&st, "go E");
	play(&st, "go W");
	/* p1 and p3 share c3 after tick 1: a bump; neither has an item */
	assert_int_equal(ap_to_move(&st), QV_CHANCE);
	qv_action out[AP_MAX_CHANCE];
	double prob[AP_MAX_CHANCE];
	assert_int_equal(G->chance(&st, out, prob), 1);
	play(&st, "give none none");
	assert_int_equal(st.pl[0].stars, 1);
	assert_int_equal(st.pl[2].stars, 0);
	assert_int_equal(st.pl[1].skulls, 1);
	assert_int_equal(st.ground[cell(&st, "d1")], AP_G_ITEM + ap_find_item(base_tables(), "x2"));
	assert_int_equal(st.ground[cell(&st, "c3")], 0);
}

static void test_bump_by_swapping_cells(void **unused)
{
	(void)unused;
	ap_state st;
	must_load(&st, "players=3,size=9",
	          GO_STATE("{\"pos\": \"a4\", \"throw\": \"1a\", \"land\": 0, \"roll\": 2, "
	                   "\"hand\": [\"x2\"]}",
	                   "{\"pos\": \"i9\", \"throw\": \"1b\", \"land\": 0, \"roll\": 1}",
	                   "{\"pos\": \"a5\", \"throw\": \"1c\", \"land\": 4, \"roll\": 1, "
	                   "\"hand\": [{\"card\": \"half\", \"known\": [\"public\"]},"
	                   "{\"card\": \"half\", \"known\": [\"public\"]}]}"));
	play(&st, "go N");
	play(&st, "go N");
	play(&st, "go S");
	/* tick 1: p1 a4 -> a5 and p3 a5 -> a4 swap cells: a bump */
	assert_int_equal(st.phase, AP_PH_WALK);
	assert_int_equal(st.tick, 1);
	qv_action out[AP_MAX_CHANCE];
	double prob[AP_MAX_CHANCE];
	assert_int_equal(G->chance(&st, out, prob), 1);
	assert_true(prob[0] > 0.999);
	char text[64];
	G->action_to_text(&st, out[0], text, sizeof text);
	assert_string_equal(text, "give x2 half");
	play(&st, "give x2 half");
	/* after the bump the walk goes on: p1 reaches a6 (tick 2), the pair bumps no more */
	assert_int_equal(st.pl[0].pos, cell(&st, "a6"));
	assert_int_equal(st.round, 2);
	assert_int_equal(count_card(&st.pl[0], "half"), 1);
	assert_int_equal(count_card(&st.pl[2], "x2"), 1);
	assert_int_equal(count_card(&st.pl[2], "half"), 1);
	/* the gifts are known to the pair only, and p2 forgets p3's remaining item (public
	 * before: any of p3's cards might have been the gift) */
	assert_int_equal(know_of(&st.pl[0], "half"), 1 << 0 | 1 << 2);
	assert_int_equal(know_of(&st.pl[2], "x2"), 1 << 0 | 1 << 2);
	char *v2 = view_text(&st, 1);
	assert_null(strstr(v2, "\"x2\""));
	assert_null(strstr(v2, "\"half\""));
	free(v2);
}

static void test_standing_player_is_bumped_once(void **unused)
{
	(void)unused;
	ap_state st;
	/* p2 used half on a roll of 1: 0 steps, it stands on b1. p1 walks E through b1 to d1:
	 * one bump (entering b1); p3 stands far away. */
	must_load(&st, "players=3,size=9",
	          GO_STATE("{\"pos\": \"a1\", \"throw\": \"1a\", \"land\": 2, \"roll\": 3, "
	                   "\"hand\": [\"x2\"]}",
	                   "{\"pos\": \"b1\", \"throw\": \"1b\", \"land\": 2, \"roll\": 1, "
	                   "\"uses\": [\"half\"]}",
	                   "{\"pos\": \"a9\", \"throw\": \"1c\", \"land\": 0, \"roll\": 1}"));
	play(&st, "go E");
	play(&st, "go E");
	play(&st, "go N");
	assert_int_equal(st.phase, AP_PH_WALK);
	assert_int_equal(st.pending, 1); /* the pair p1-p2 */
	play(&st, "give x2 none");
	assert_int_equal(st.pl[0].pos, cell(&st, "d1"));
	assert_int_equal(st.pl[1].pos, cell(&st, "b1"));
	assert_int_equal(count_card(&st.pl[1], "x2"), 1);
	assert_int_equal(st.phase, AP_PH_ITEMS);
}

static void test_noswap_blocks_bump(void **unused)
{
	(void)unused;
	ap_state st;
	must_load(&st, "players=3,size=9",
	          GO_STATE("{\"pos\": \"a1\", \"throw\": \"1a\", \"land\": 2, \"roll\": 1, "
	                   "\"hand\": [\"x2\"], \"uses\": [\"noswap\"]}",
	                   "{\"pos\": \"b1\", \"throw\": \"1b\", \"land\": 2, \"roll\": 1, "
	                   "\"uses\": [\"half\"], \"hand\": [\"draw\"]}",
	                   "{\"pos\": \"a9\", \"throw\": \"1c\", \"land\": 0, \"roll\": 1}"));
	play(&st, "go E");
	play(&st, "go E");
	play(&st, "go N");
	/* no chance event: the round is over, nothing was exchanged */
	assert_int_equal(st.phase, AP_PH_ITEMS);
	assert_int_equal(count_card(&st.pl[0], "x2"), 1);
	assert_int_equal(count_card(&st.pl[1], "draw"), 1);
}

/* ---- items ---- */

static void test_public_use_forgets_one_copy(void **unused)
{
	(void)unused;
	ap_state st;
	/* p1 knows one of p2's two x2 (from an earlier bump); p2 uses an x2: p1 cannot tell
	 * which, so it knows of no x2 left; p3 saw nothing and knows nothing either way */
	must_load(&st, "players=3,size=9",
	          "{\"players\": [{\"hand\": [\"1a\"]}, {\"hand\": [\"1b\", \"x2\", {\"card\": "
	          "\"x2\", \"known\": [\"p1\"]}]}, {\"hand\": [\"1c\"]}]}");
	char *v1 = view_text(&st, 0);
	assert_non_null(strstr(v1, "\"items_known\":[\"x2\"]"));
	free(v1);
	play(&st, "ready");
	play(&st, "use x2");
	play(&st, "ready");
	play(&st, "ready");
	assert_int_equal(count_card(&st.pl[1], "x2"), 1);
	v1 = view_text(&st, 0);
	assert_null(strstr(v1, "\"items_known\":[\"x2\"]"));
	assert_non_null(strstr(v1, "\"items_unknown\":1"));
	free(v1);
}

static void test_resolution_order(void **unused)
{
	(void)unused;
	ap_state st;
	must_load(&st, "players=3,size=9",
	          "{\"players\": [{\"hand\": [\"1a\", \"half\", \"swap\", \"exchange\"]},"
	          "{\"hand\": [\"1b\", \"x2\", \"dice\"]},"
	          "{\"hand\": [\"1c\", \"noswap\", \"draw\", \"reverse\"]}]}");
	int a1 = cell(&st, "a1"), i9 = cell(&st, "i9");
	qv_err err;
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "use swap p1 half"), NULL, &err),
	                 QV_EILLEGAL);
	assert_non_null(strstr(err.msg, "itself"));
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "use x2"), NULL, &err), QV_EILLEGAL);
	assert_non_null(strstr(err.msg, "does not hold"));
	play(&st, "use exchange p2");
	play(&st, "use swap p3 half");
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "use swap p2 half"), NULL, &err),
	                 QV_EILLEGAL);
	assert_non_null(strstr(err.msg, "already"));
	play(&st, "ready");
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "use dice d6"), NULL, &err),
	                 QV_EILLEGAL);
	play(&st, "use dice d8");
	play(&st, "ready");
	play(&st, "use noswap");
	play(&st, "use draw");
	/* nothing is revealed yet: p2 still sees p1's hand size 4 and no uses */
	char *v2 = view_text(&st, 1);
	assert_null(strstr(v2, "exchange p2"));
	assert_null(strstr(v2, "\"uses\":[\"exchange"));
	free(v2);
	assert_int_equal(st.pl[0].pos, a1);
	play(&st, "ready");
	/* exchange first: p1 and p2 traded cells; p3's noswap voids p1's earlier swap */
	assert_int_equal(st.pl[0].pos, i9);
	assert_int_equal(st.pl[1].pos, a1);
	assert_int_equal(count_card(&st.pl[0], "half"), 1);
	assert_int_equal(count_card(&st.pl[0], "swap"), 0);
	assert_int_equal(count_card(&st.pl[2], "half"), 0);
	assert_int_equal(st.idisc[ap_find_item(base_tables(), "swap")], 1);
	assert_int_equal(st.idisc[ap_find_item(base_tables(), "noswap")], 1);
	/* dice resolved, then p3's draw waits for its stack */
	assert_int_equal(st.pl[1].die, 2);
	assert_int_equal(st.phase, AP_PH_DRAW);
	assert_int_equal(st.active, 2);
	int before = st.pl[2].nhand;
	play(&st, "stack 3");
	assert_int_equal(st.pl[2].nhand, before + 1);
	assert_int_equal(st.phase, AP_PH_THROW);
}

static void test_swap_takes_before_giving(void **unused)
{
	(void)unused;
	ap_state st;
	must_load(&st, "players=3,size=9",
	          "{\"players\": [{\"hand\": [\"1a\", \"half\", \"swap\"]},"
	          "{\"hand\": [\"1b\", \"x2\", \"x2\", \"draw\"]}, {\"hand\": [\"1c\"]}]}");
	play(&st, "use swap p2 half");
	play(&st, "ready");
	play(&st, "ready");
	play(&st, "ready");
	assert_int_equal(st.phase, AP_PH_TAKE);
	qv_action out[AP_MAX_CHANCE];
	double prob[AP_MAX_CHANCE];
	int n = G->chance(&st, out, prob);
	assert_int_equal(n, 2); /* x2 2/3, draw 1/3: the half is not among them */
	char text[64];
	G->action_to_text(&st, out[0], text, sizeof text);
	assert_string_equal(text, "take x2");
	assert_true(prob[0] > 0.66 && prob[0] < 0.67);
	play(&st, "take draw");
	assert_int_equal(count_card(&st.pl[0], "draw"), 1);
	assert_int_equal(count_card(&st.pl[1], "half"), 1);
	assert_true(know_of(&st.pl[1], "half") & AP_PUBLIC);
	assert_int_equal(know_of(&st.pl[0], "draw"), 1 << 0 | 1 << 1);
	/* p3 saw the half given but not what was taken */
	char *v3 = view_text(&st, 2);
	assert_non_null(strstr(v3, "\"items_known\":[\"half\"]"));
	assert_null(strstr(v3, "\"draw\""));
	free(v3);
}

static void test_load_rejects(void **unused)
{
	(void)unused;
	static const char *const bad[][2] = {
	    {"{\"phase\": \"dance\"}", "phase"},
	    {"{\"players\": [{}, {}]}", "players"},
	    {"{\"players\": [{\"hand\": [\"1a\"]}, {\"hand\": [\"1a\"]}, {}]}", "1a"},
	    {"{\"players\": [{\"hand\": [\"x2\", \"x2\", \"x2\", \"x2\", \"x2\"]}, {}, {}]}", "x2"},
	    {"{\"players\": [{\"uses\": [\"x2\"]}, {}, {}]}", "x2"},
	    {"{\"active\": \"p1\", \"players\": [{}, {\"uses\": [\"x2\"], \"hand\": [\"x2\"]}, "
	     "{}]}",
	     "committed"},
	    {"{\"ground\": [{\"cell\": \"b2\", \"card\": \"star\"}, {\"cell\": \"b2\", \"card\": "
	     "\"x2\"}]}",
	     "b2"},
	    {"{\"stacks\": [[\"2a\"], [], [], [], []]}", "value"},
	    {"{\"phase\": \"walk\"}", "walk"},
	    {"{\"bogus\": 1}", "bogus"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ap_state st;
		qv_err err = {{0}};
		assert_int_equal(load(&st, "players=3,size=9", bad[i][0], &err), QV_EINVAL);
		if (!strstr(err.msg, bad[i][1]))
			fail_msg("'%s': message '%s' lacks '%s'", bad[i][0], err.msg, bad[i][1]);
	}
}

/* ---- secrecy over random games ---- */

/* Changes, in a copy of st, everything `viewer` may not know: the cards of other hands it
 * cannot name (item kinds; arrow cards within their value), face-down items, stacks, the
 * out-of-game items, and other players' unrevealed commitments. */
static void scramble(ap_state *s, int viewer)
{
	for (int p = 0; p < s->nplayers; p++) {
		ap_player *pl = &s->pl[p];
		if (p == viewer)
			continue;
		for (int i = 0; i < pl->nhand; i++) {
			ap_entry *e = &pl->hand[i];
			if (ap_knows(e->know, viewer))
				continue;
			if (ap_is_item(e->card))
				e->card =
				    (uint8_t)(AP_NARROWS + (ap_kind(e->card) + 3) % AP_NKINDS);
			else
				e->card = (uint8_t)(e->card / 6 * 6 + (e->card % 6 + 1) % 6);
		}
		ap_sort_hand(pl);
		if (ap_secret_phase(s->phase)) {
			if (s->phase == AP_PH_ITEMS)
				pl->uses = (uint16_t)(pl->uses ^
				                      (1u << ap_find_item(base_tables(), "x2")));
			else if (s->phase == AP_PH_THROW && pl->throw_card)
				pl->throw_card = (uint8_t)(pl->throw_card % AP_NARROWS + 1);
			else if (s->phase == AP_PH_GO && pl->go)
				pl->go = (uint8_t)(pl->go % 8 + 1);
		}
	}
	for (int c = 0; c < s->size * s->size; c++)
		if (s->ground[c] >= AP_G_ITEM && !(s->ground[c] & AP_G_KNOWN))
			s->ground[c] =
			    (uint8_t)(AP_G_ITEM + (s->ground[c] - AP_G_ITEM + 1) % AP_NKINDS);
	for (int v = 0; v < AP_NVALUES; v++)
		for (int i = 0; i < s->nstack[v]; i++)
			s->stack[v][i] = (uint8_t)(v * 6 + (s->stack[v][i] % 6 + 2) % 6);
	uint8_t t = s->out[0];
	memmove(s->out, s->out + 1, AP_NKINDS - 1);
	s->out[AP_NKINDS - 1] = t;
	s->rng.s[0] ^= 0x5555;
}

/* Whether viewer's view_json and render_text of a and b are equal (the JSON's answer; the
 * diagram's in *text_ok). */
static bool same_views(const ap_state *a, const ap_state *b, int viewer, bool *text_ok)
{
	char *j1 = view_text(a, viewer), *j2 = view_text(b, viewer);
	char *d1 = diagram(a, viewer), *d2 = diagram(b, viewer);
	bool json_ok = strcmp(j1, j2) == 0;
	*text_ok = strcmp(d1, d2) == 0;
	free(j1);
	free(j2);
	free(d1);
	free(d2);
	return json_ok;
}

static bool hands_differ(const ap_state *a, const ap_state *b, int viewer)
{
	for (int p = 0; p < a->nplayers; p++)
		if (p != viewer && memcmp(a->pl[p].hand, b->pl[p].hand, sizeof a->pl[p].hand))
			return true;
	return false;
}

static void test_secrecy_random_games(void **unused)
{
	(void)unused;
	qv_rng rng;
	qv_rng_seed(&rng, 20261121);
	qv_action acts[AP_MAX_CHANCE];
	double prob[AP_MAX_CHANCE];
	long checks = 0, det_changed = 0, own_changes = 0;
	int ngames = qv_test_games(150, 15);
	for (int game = 0; game < ngames; game++) {
		ap_state st, x, d;
		char params[64];
		int np = 3 + game % 3;
		snprintf(params, sizeof params, "players=%d,size=%d,rounds=%d", np, 9 + game % 5,
		         game % 2 ? 2 : 4);
		init_with(&st, params, qv_rng_next(&rng));
		for (int step = 0; G->to_move(&st) != QV_OVER; step++) {
			assert_true(step < 5000);
			if (qv_rng_below(&rng, 4) == 0) {
				for (int v = QV_VIEW_PUBLIC; v < np; v++) {
					if (v == QV_VIEW_ALL)
						continue;
					bool text_ok;
					x = st;
					scramble(&x, v);
					if (!same_views(&st, &x, v, &text_ok) || !text_ok)
						fail_msg(
						    "game %d step %d: a hidden change shows to viewer %d",
						    game, step, v);
					d = st;
					G->determinize(&d, v, &rng);
					if (!same_views(&st, &d, v, &text_ok) || !text_ok)
						fail_msg(
						    "game %d step %d: determinize changes viewer %d's view",
						    game, step, v);
					checks++;
					det_changed += hands_differ(&st, &d, v);
					if (v >= 0 && st.pl[v].nhand > 0) {
						/* the comparison can fail: a change the viewer may
						 * see shows */
						x = st;
						x.pl[v].hand[0].card =
						    (uint8_t)(x.pl[v].hand[0].card ^ 1);
						own_changes += !same_views(&st, &x, v, &text_ok);
					}
				}
			}
			int who = G->to_move(&st);
			qv_action a;
			if (who == QV_CHANCE) {
				a = qv_sample_chance(G, &st, &rng, acts, prob);
			} else {
				int n = G->legal(&st, acts);
				assert_true(n > 0);
				/* lean towards `ready` so that games do not use every item at once
				 */
				a = acts[n - 1];
				if (st.phase != AP_PH_ITEMS || qv_rng_below(&rng, 3) == 0)
					a = acts[qv_rng_below(&rng, (uint32_t)n)];
			}
			qv_err err;
			if (qv_apply_checked(G, &st, a, NULL, &err))
				fail_msg("apply: %s", err.msg);
		}
	}
	assert_true(checks > 1000);
	/* other players' hands are really guessed again in most checked states */
	if (det_changed * 2 < checks)
		fail_msg("determinize changed another hand in only %ld of %ld checks", det_changed,
		         checks);
	assert_true(own_changes * 10 > checks * 9 / 2);
}

/* Another player's hidden direction is guessed as the arrow that takes the most: p1 threw 4a
 * (N E S W, landed unturned) and rolled 3 on a1, so E reaches the star on d1, N the skull on
 * a3, S and W nothing. Every guess is E, although p1 really committed N (no leak). */
static void test_determinize_guesses_sensibly(void **unused)
{
	(void)unused;
	ap_state st;
	must_load(&st, "players=3,size=9",
	          "{\"phase\": \"go\", \"active\": \"p2\", \"players\": ["
	          "{\"pos\": \"a1\", \"hand\": [\"1a\", \"2a\"], \"throw\": \"4a\", \"land\": 0,"
	          " \"roll\": 3, \"go\": \"N\"},"
	          "{\"pos\": \"i9\", \"hand\": [\"1b\", \"2b\"], \"throw\": \"4b\", \"land\": 0,"
	          " \"roll\": 2},"
	          "{\"pos\": \"a9\", \"hand\": [\"1c\", \"2c\"], \"throw\": \"4c\", \"land\": 0,"
	          " \"roll\": 2}],"
	          " \"ground\": [{\"cell\": \"d1\", \"card\": \"star\"},"
	          " {\"cell\": \"a3\", \"card\": \"skull\"}]}");
	qv_rng rng;
	qv_rng_seed(&rng, 5);
	for (int i = 0; i < 20; i++) {
		ap_state d = st;
		G->determinize(&d, 1, &rng);
		assert_int_equal(d.pl[0].go, QV_E + 1);
	}
}

/* In phase take everyone knows that the swaps still to come give their items: each use was
 * read out, and nothing has taken from those hands since. A determinization keeps one of each
 * in the hand (p1's half, whose swap takes now, and p2's and p4's reverse); the other hidden
 * items are guessed anew, and the state's invariants hold on every guess (so that a search may
 * take the swap there). */
static void test_determinize_keeps_swap_items(void **unused)
{
	(void)unused;
	ap_state st;
	must_load(
	    &st, "players=4,size=9,rounds=6,shuffle=false",
	    "{\"players\":[{\"pos\":\"a1\",\"hand\":[\"1a\",\"swap\",\"half\",\"draw\",\"x2\"]},"
	    "{\"pos\":\"i9\",\"hand\":[\"swap\",\"reverse\",\"x2\"]},{\"pos\":\"a9\",\"hand\":"
	    "[\"1c\",\"minus5\"]},{\"pos\":\"i1\",\"hand\":[\"1d\",\"swap\",\"reverse\","
	    "\"reverse\"]}]}");
	static const char *const uses[] = {
	    "use swap p2 half",    "use draw",    "use x2",     "ready",
	    "use swap p3 reverse", "ready",       "use minus5", "ready",
	    "use swap p3 reverse", "use reverse", "ready"};
	for (size_t i = 0; i < sizeof uses / sizeof uses[0]; i++)
		play(&st, uses[i]);
	assert_int_equal(st.phase, AP_PH_TAKE);
	qv_rng rng;
	qv_rng_seed(&rng, 9);
	int guessed = 0;
	for (int i = 0; i < 200; i++) {
		for (int viewer = QV_VIEW_PUBLIC; viewer < 4; viewer++) {
			if (viewer == -1)
				continue;
			ap_state d = st;
			qv_err why = {{0}};
			G->determinize(&d, viewer, &rng);
			if (!G->state_ok(&d, &why))
				fail_msg("determinized for %d: %s", viewer, why.msg);
			assert_true(ap_hand_count(&d.pl[0], AP_NARROWS + 1) >= 1); /* half */
			assert_true(ap_hand_count(&d.pl[1], AP_NARROWS + 3) >= 1); /* reverse */
			assert_true(ap_hand_count(&d.pl[3], AP_NARROWS + 3) >= 1);
			guessed +=
			    viewer >= 0 && viewer != 1 &&
			    ap_hand_count(&d.pl[1], AP_NARROWS) == 0; /* p2's x2 guessed away */
		}
	}
	assert_true(guessed > 0);
}

/* The swap that takes now proves that its player holds the item it gives, even when an
 * earlier swap of the round took from that hand at random and so made the others forget its
 * items: p1's swap takes a card from p3, then p3's swap (giving a reverse to p4) takes. Every
 * world guessed for p2 and p4 keeps a reverse in p3's hand, and every take listed there keeps
 * the invariants. A world without it once made a take give p4 a reverse that left no hand,
 * and the server, wording the take for another player (qv_action_seen plays the options of
 * such worlds), aborted in the sanitizer build. */
static void test_determinize_keeps_active_swap_item(void **unused)
{
	(void)unused;
	ap_state st;
	must_load(&st, "players=4,size=9,rounds=6,shuffle=false",
	          "{\"players\":[{\"pos\":\"a1\",\"hand\":[\"1a\",\"swap\",\"half\"]},"
	          "{\"pos\":\"i9\",\"hand\":[\"1b\",\"x2\"]},{\"pos\":\"a9\",\"hand\":"
	          "[\"1c\",\"swap\",\"reverse\",\"draw\",\"minus5\"]},{\"pos\":\"i1\","
	          "\"hand\":[\"1d\",\"x2\"]}]}");
	static const char *const moves[] = {
	    "use swap p3 half", "ready", "ready", "use swap p4 reverse", "ready", "ready",
	    "take draw"};
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
		play(&st, moves[i]);
	assert_int_equal(st.phase, AP_PH_TAKE);
	assert_int_equal(st.active, 2);
	int reverse = AP_NARROWS + ap_find_item(base_tables(), "reverse");
	qv_rng rng;
	qv_rng_seed(&rng, 11);
	for (int i = 0; i < 100; i++) {
		for (int viewer = 1; viewer < 4; viewer += 2) {
			ap_state d = st;
			qv_err why = {{0}};
			G->determinize(&d, viewer, &rng);
			assert_true(ap_hand_count(&d.pl[2], reverse) >= 1);
			qv_action out[AP_MAX_CHANCE];
			double prob[AP_MAX_CHANCE];
			int n = G->chance(&d, out, prob);
			for (int k = 0; k < n; k++) {
				ap_state after = d;
				G->apply(&after, out[k], NULL);
				if (!G->state_ok(&after, &why))
					fail_msg("determinized for p%d, take %d: %s", viewer + 1, k,
					         why.msg);
			}
		}
	}
}

static void test_determinize_hides_commitments(void **unused)
{
	(void)unused;
	ap_state st;
	must_load(&st, "players=3,size=9",
	          "{\"phase\": \"throw\", \"active\": \"p3\", \"players\": ["
	          "{\"hand\": [\"1a\", \"2a\", \"3a\", \"4a\", \"5a\"], \"throw\": \"5a\"},"
	          "{\"hand\": [\"1b\", \"2b\", \"3b\", \"4b\", \"5b\"], \"throw\": \"1b\"},"
	          "{\"hand\": [\"1c\", \"2c\"]}]}");
	char *v3 = view_text(&st, 2), *d3 = diagram(&st, 2);
	assert_null(strstr(v3, "5a"));
	assert_null(strstr(v3, "\"throw\":\"1b\""));
	assert_null(strstr(d3, "5a"));
	assert_non_null(strstr(d3, "committed (hidden)"));
	free(v3);
	free(d3);
	qv_rng rng;
	qv_rng_seed(&rng, 3);
	int moved = 0;
	for (int i = 0; i < 50; i++) {
		ap_state d = st;
		G->determinize(&d, 2, &rng);
		moved += d.pl[0].throw_card != st.pl[0].throw_card;
		/* the guess is a card of the guessed hand */
		int c = d.pl[0].throw_card - 1, held = 0;
		for (int k = 0; k < d.pl[0].nhand; k++)
			held += d.pl[0].hand[k].card == c;
		assert_int_equal(held, 1);
	}
	assert_true(moved > 20);
}

/* Every player's heuristic at once gives exactly each player's heuristic, in every phase of
 * random games of every size (the search relies on it to value a position once). */
static void test_heuristics_all_at_once(void **unused)
{
	(void)unused;
	qv_rng rng;
	qv_rng_seed(&rng, 20261123);
	long compared = 0;
	int ngames = qv_test_games(30, 6);
	for (int game = 0; game < ngames; game++) {
		ap_state st;
		char params[64];
		int np = 3 + game % 3;
		snprintf(params, sizeof params, "players=%d,size=%d,rounds=%d", np, 9 + game % 5,
		         game % 2 ? 2 : 4);
		init_with(&st, params, qv_rng_next(&rng));
		for (int step = 0; step < 5000; step++) {
			double all[QV_MAX_PLAYERS];
			G->heuristics(&st, all);
			for (int p = 0; p < np; p++) {
				double one = G->heuristic(&st, p);
				if (memcmp(&one, &all[p], sizeof one) != 0)
					fail_msg(
					    "game %d step %d phase %d: heuristics gives p%d %.17g, "
					    "heuristic %.17g",
					    game, step, st.phase, p + 1, all[p], one);
				compared++;
			}
			if (G->to_move(&st) == QV_OVER)
				break;
			qv_test_random_step(G, &st, &rng);
		}
	}
	assert_true(compared > 100 * ngames);
}

static void test_heuristic_and_score(void **unused)
{
	(void)unused;
	ap_state st;
	must_load(&st, "players=3,size=9",
	          "{\"players\": [{\"hand\": [\"5a\", \"x2\"], \"stars\": 2, \"die\": \"d4\"},"
	          "{\"hand\": [\"1b\", \"nopickup\"], \"skulls\": 1}, {\"hand\": [\"1c\"]}]}");
	int sc[3];
	G->score(&st, sc);
	assert_int_equal(sc[0], 5 + 2 + 20 + 1);
	assert_int_equal(sc[1], 1 - 3 - 15);
	assert_int_equal(sc[2], 1);
	for (int p = 0; p < 3; p++) {
		double h = G->heuristic(&st, p);
		assert_true(h >= -1 && h <= 1);
	}
	assert_true(G->heuristic(&st, 0) > G->heuristic(&st, 2));
	assert_true(G->heuristic(&st, 2) > G->heuristic(&st, 1));
	double r[3];
	qv_returns(G, &st, r);
	assert_true(r[0] > 0.99 && r[1] < -0.99);
}

/* ---- what things are, what an action would do ---- */

/* Every line of text fits `width` columns (one column per code point). */
static void assert_lines_fit(const char *text, int width)
{
	while (*text) {
		size_t len = strcspn(text, "\n");
		int w = 0;
		for (size_t i = 0; i < len; i++)
			w += ((unsigned char)text[i] & 0xC0) != 0x80;
		if (w > width)
			fail_msg("a line of %d columns (at most %d): '%.*s'", w, width, (int)len,
			         text);
		text += len + (text[len] == '\n');
	}
}

/* The names the entries of text start with (lines not indented), space-separated. */
static void entry_names(const char *text, char *out, size_t len)
{
	size_t n = 0;
	out[0] = '\0';
	while (*text) {
		size_t line = strcspn(text, "\n");
		if (text[0] != ' ' && n < len)
			n += (size_t)snprintf(out + n, len - n, "%s%.*s", n ? " " : "",
			                      (int)strcspn(text, ":"), text);
		text += line + (text[line] == '\n');
	}
}

static int reference(const char *name, char *names, size_t len, qv_buf *b)
{
	qv_buf_clear(b);
	int n = G->reference(NULL, name, b);
	entry_names(qv_buf_str(b), names, len);
	return n;
}

static void test_reference(void **unused)
{
	(void)unused;
	qv_buf b = {0};
	char names[1024];
	/* everything, in the rules page's order: 30 arrow cards, 10 items, 6 dice, star, skull */
	assert_int_equal(reference(NULL, names, sizeof names, &b), 48);
	assert_lines_fit(qv_buf_str(&b), 80);
	assert_true(strncmp(names, "1a 1b 1c 1d 1e 1f 2a", 20) == 0);
	assert_non_null(strstr(names, " 5f x2 half minus5 reverse draw dice swap noswap nopickup "
	                              "exchange d4 d6 d8 d10 d12 d20 star skull"));
	/* one entry by its id, whatever the case; the arrows and the points */
	assert_int_equal(reference("3C", names, sizeof names, &b), 1);
	assert_string_equal(names, "3c");
	assert_non_null(strstr(qv_buf_str(&b),
	                       "value 3 (+3 points in hand at the end), arrows N SE "
	                       "SW"));
	assert_non_null(strstr(qv_buf_str(&b), "like 3d"));
	assert_int_equal(reference("nopickup", names, sizeof names, &b), 1);
	assert_non_null(strstr(qv_buf_str(&b), "nopickup: item card, -3 points"));
	assert_non_null(strstr(qv_buf_str(&b), "stars\n    and skulls still"));
	assert_int_equal(reference("Dice", names, sizeof names, &b), 1);
	assert_non_null(strstr(qv_buf_str(&b), "dice: item card, 0 points"));
	assert_int_equal(reference("d20", names, sizeof names, &b), 1);
	assert_non_null(strstr(qv_buf_str(&b), "d20: die, rolls 1-20, each as likely; -4 points"));
	assert_int_equal(reference("d4", names, sizeof names, &b), 1);
	assert_non_null(strstr(qv_buf_str(&b), "+1 point at the end"));
	assert_int_equal(reference("skull", names, sizeof names, &b), 1);
	assert_non_null(strstr(qv_buf_str(&b), "skull: ground card, -15 points"));
	/* a value without its letter: the six cards of that value */
	assert_int_equal(reference("4", names, sizeof names, &b), 6);
	assert_string_equal(names, "4a 4b 4c 4d 4e 4f");
	/* nothing by that name: nothing written */
	assert_int_equal(reference("x3", names, sizeof names, &b), 0);
	assert_int_equal(reference("6", names, sizeof names, &b), 0);
	assert_int_equal(reference("", names, sizeof names, &b), 0);
	assert_string_equal(qv_buf_str(&b), "");
	qv_buf_free(&b);
}

static void note_is(const ap_state *st, const char *action, const char *expect)
{
	char buf[QV_NOTE_TEXT];
	bool confirm = true;
	int n = G->action_note(st, parse(st, action), buf, sizeof buf, &confirm);
	assert_false(confirm); /* no action ends the game by choice or eliminates anyone */
	if (strcmp(buf, expect) != 0)
		fail_msg("note of '%s': '%s', expected '%s'", action, buf, expect);
	assert_int_equal(n, (int)strlen(expect));
}

static void test_action_note(void **unused)
{
	(void)unused;
	ap_state st;
	must_load(
	    &st, "players=3,size=9",
	    "{\"players\": [{\"pos\": \"c3\", \"hand\": [\"1a\", \"3c\", \"x2\", \"half\", "
	    "\"minus5\", \"dice\", \"swap\", \"exchange\", \"reverse\", \"draw\", \"noswap\", "
	    "\"nopickup\"]}, {\"hand\": [\"1b\", \"x2\"]}, {\"hand\": [\"1c\"]}]}");
	note_is(&st, "use x2", "steps this round: roll x 2");
	note_is(&st, "use minus5", "steps this round: roll - 5 (at least 0)");
	note_is(&st, "use dice d8", "your d6 becomes a d8: rolls 1-8, -1 at the end");
	note_is(&st, "use dice d4", "your d6 becomes a d4: rolls 1-4, +1 at the end");
	note_is(&st, "use exchange p3", "you trade places with p3 (now on a9)");
	note_is(&st, "use swap p2 half",
	        "gives your half to p2, takes one of p2's items at random (unless noswap)");
	note_is(&st, "use reverse", "you may also go opposite to your landed card's arrows");
	note_is(&st, "use nopickup", "you pick up no items this round (stars and skulls still)");
	note_is(&st, "ready", "no item this round");
	play(&st, "use x2");
	/* the formula counts the uses already chosen */
	note_is(&st, "use half", "steps this round: roll x 2, / 2 (down)");
	play(&st, "use dice d20");
	note_is(&st, "ready", "your items this round: x2, dice d20");
	/* throws: the arrows and the points the hand loses */
	ap_state th;
	must_load(&th, "players=3,size=9",
	          "{\"phase\": \"throw\", \"players\": [{\"hand\": [\"1a\", \"3c\"]}, {\"hand\": "
	          "[\"1b\"]}, {\"hand\": [\"1c\"]}]}");
	note_is(&th, "throw 3c", "arrows N SE SW before it lands turned; -3 points from your hand");
	note_is(&th, "throw 1a", "arrows N before it lands turned; -1 point from your hand");
	/* directions: where the steps lead and what lies on the way */
	ap_state go;
	must_load(&go, "players=3,size=9",
	          "{\"phase\": \"go\", \"active\": \"p1\", \"players\": ["
	          "{\"pos\": \"c3\", \"throw\": \"4a\", \"land\": 0, \"roll\": 3, \"uses\": "
	          "[\"x2\"]},"
	          "{\"pos\": \"i9\", \"throw\": \"1b\", \"land\": 0, \"roll\": 1},"
	          "{\"pos\": \"a9\", \"throw\": \"1c\", \"land\": 0, \"roll\": 1}],"
	          "\"ground\": [{\"cell\": \"c4\", \"card\": \"star\"}, {\"cell\": \"c6\", "
	          "\"card\": \"skull\"}, {\"cell\": \"c7\", \"card\": \"x2\"}, {\"cell\": \"d3\", "
	          "\"card\": \"star\"}], \"item_discard\": [\"x2\"]}");
	note_is(&go, "go N", "6 steps to c9: 1 star, 1 skull, 1 item");
	note_is(&go, "go E", "6 steps to i3: 1 star");
	note_is(&go, "go S", "to c1, the edge, after 2 of 6 steps");
	/* no note for a chance outcome */
	ap_state land = go;
	play(&land, "go N");
	play(&land, "go N");
	play(&land, "go N");
	char buf[64] = "x";
	bool confirm = true;
	assert_int_equal(
	    G->action_note(&land, parse(&land, "give none none"), buf, sizeof buf, &confirm), 0);
	assert_false(confirm);
	assert_string_equal(buf, "");
}

/* ---- narration ---- */

/* Plays text with a narration and returns it worded for viewer (the caller frees it). */
static char *play_narrated(ap_state *st, const char *text, int viewer)
{
	qv_events ev = {0};
	qv_err err;
	if (qv_apply_checked(G, st, parse(st, text), &ev, &err))
		fail_msg("play '%s': %s", text, err.msg);
	qv_buf out = {0};
	const char *s = qv_buf_str(&ev.text);
	while (*s) {
		size_t len = strcspn(s, "\n");
		if (qv_word_line(s, len, viewer, &out))
			qv_buf_putc(&out, '\n');
		s += len + (s[len] == '\n');
	}
	char *r = strdup(qv_buf_str(&out));
	qv_buf_free(&out);
	qv_events_free(&ev);
	return r;
}

static void test_narration_wraps_long_walks(void **unused)
{
	(void)unused;
	ap_state st;
	/* p1 walks 24 steps N from a1 on a 26 x 26 area: the walk wraps into short lines, each
	 * naming its walker again */
	must_load(&st, "players=3,size=26",
	          "{\"phase\": \"go\", \"active\": \"p1\", \"players\": ["
	          "{\"pos\": \"a1\", \"throw\": \"1a\", \"land\": 0, \"roll\": 12, \"uses\": "
	          "[\"x2\"], \"die\": \"d12\"},"
	          "{\"pos\": \"z26\", \"throw\": \"1b\", \"land\": 4, \"roll\": 1},"
	          "{\"pos\": \"a26\", \"throw\": \"1c\", \"land\": 2, \"roll\": 1}],"
	          "\"item_discard\": [\"x2\"]}");
	play(&st, "go N");
	play(&st, "go S");
	char *t = play_narrated(&st, "go E", 1);
	assert_lines_fit(t, 74);
	assert_non_null(strstr(t, "p1 walks N 24: a2 a3 a4 "));
	assert_non_null(strstr(t, "\np1 walks on: "));
	assert_non_null(strstr(t, " a25\n"));
	free(t);
}

static void test_narration_fits_random_games(void **unused)
{
	(void)unused;
	/* over random games, every narration line for every viewer fits 74 columns (6 of 80
	 * go to the indent), and the narration changes nothing in the state */
	qv_rng rng;
	qv_rng_seed(&rng, 11);
	int games = qv_test_games(20, 2);
	for (int g = 0; g < games; g++) {
		ap_state st, plain;
		init_with(&st, g % 2 ? "players=5,size=26,rounds=2" : "players=3,size=9,rounds=4",
		          (uint64_t)g + 1);
		while (ap_to_move(&st) != QV_OVER) {
			qv_action buf[AP_MAX_CHANCE];
			double prob[AP_MAX_CHANCE];
			int n;
			qv_action a = ap_to_move(&st) == QV_CHANCE
			                  ? qv_sample_chance(G, &st, &rng, buf, prob)
			                  : qv_sample_legal(G, &st, &rng, buf, &n);
			plain = st;
			G->apply(&plain, a, NULL);
			qv_events ev = {0};
			G->apply(&st, a, &ev);
			assert_memory_equal(&st, &plain, sizeof st);
			for (int v = QV_VIEW_PUBLIC; v < st.nplayers; v++) {
				qv_buf out = {0};
				const char *s = qv_buf_str(&ev.text);
				while (*s) {
					size_t len = strcspn(s, "\n");
					if (qv_word_line(s, len, v, &out))
						qv_buf_putc(&out, '\n');
					s += len + (s[len] == '\n');
				}
				assert_lines_fit(qv_buf_str(&out), 74);
				qv_buf_free(&out);
			}
			qv_events_free(&ev);
		}
	}
}

static void test_end_shows_items(void **unused)
{
	(void)unused;
	ap_state st;
	/* the last round's walk ends the game: every hand's items become public, so everyone may
	 * read every score */
	must_load(&st, "players=3,size=9,rounds=2",
	          "{\"round\": 2, \"phase\": \"go\", \"active\": \"p1\", \"players\": ["
	          "{\"pos\": \"a1\", \"throw\": \"1a\", \"land\": 0, \"roll\": 1, \"hand\": "
	          "[\"x2\", \"2a\"]},"
	          "{\"pos\": \"i9\", \"throw\": \"1b\", \"land\": 4, \"roll\": 1, \"hand\": "
	          "[\"nopickup\"]},"
	          "{\"pos\": \"a9\", \"throw\": \"1c\", \"land\": 4, \"roll\": 1}]}");
	play(&st, "go N");
	play(&st, "go S");
	char *t = play_narrated(&st, "go S", 2);
	assert_int_equal(ap_to_move(&st), QV_OVER);
	assert_int_equal(know_of(&st.pl[0], "x2") & AP_PUBLIC, AP_PUBLIC);
	assert_int_equal(know_of(&st.pl[1], "nopickup") & AP_PUBLIC, AP_PUBLIC);
	char *v3 = view_text(&st, 2);
	assert_non_null(strstr(v3, "\"items_known\":[\"x2\"]"));
	assert_non_null(strstr(v3, "\"items_known\":[\"nopickup\"]"));
	free(v3);
	assert_non_null(strstr(t, "the game ends after round 2; every hand's items are shown\n"
	                          "p1 scores 4: arrows 2, items +2, d6 0\n"
	                          "p2 scores -3: arrows 0, items -3, d6 0\n"
	                          "p3 scores 0: arrows 0, items 0, d6 0\n"
	                          "final order: 1st p1 (4), 2nd p3 (0), 3rd p2 (-3)\n"));
	free(t);
}

/* ---- components as data (docs/variants.md) ---- */

/* Loads doc (JSON text) as a client's variant of Arrow Party; QV_OK or the refusal in err. */
static qv_status variant_of(const char *doc, const qv_variant **v, qv_err *err)
{
	return qv_test_variant_load(G, doc, v, err);
}

/* The parameters of a game with variant doc, then extra ("players=3,..."). */
static void with_variant(const char *doc, const char *extra, char *params, size_t len)
{
	const qv_variant *v;
	qv_err err = {{0}};
	if (variant_of(doc, &v, &err))
		fail_msg("variant refused: %s", err.msg);
	snprintf(params, len, "variant=%s%s%s", v->sha256, extra[0] ? "," : "", extra);
}

/* Asserts that doc is refused with a message containing want (the JSON path and what). */
static void refused(const char *doc, const char *want)
{
	const qv_variant *v;
	qv_err err = {{0}};
	if (variant_of(doc, &v, &err) != QV_EINVAL)
		fail_msg("accepted: %s", doc);
	if (!strstr(err.msg, want))
		fail_msg("expected '%s' in '%s'", want, err.msg);
}

static void test_base_tables(void **unused)
{
	(void)unused;
	const ap_tables *T = base_tables();
	assert_int_equal(T->narrows, 30);
	assert_int_equal(T->nkinds, 10);
	assert_int_equal(T->nitems, 40);
	assert_int_equal(T->ndice, 6);
	assert_string_equal(T->die_id[T->start_die], "d6");
	assert_string_equal(T->arrow_id[14], "3c");
	assert_string_equal(T->arrow_text[14], "N SE SW");
	assert_int_equal(T->value[14], 3);
	assert_int_equal(T->star_points, 10);
	assert_int_equal(T->skull_points, -15);
	int x2 = ap_find_item(T, "x2"), minus5 = ap_find_item(T, "minus5");
	assert_int_equal(T->effect[x2], AP_E_MULTIPLY);
	assert_int_equal(T->param[x2], 2);
	assert_int_equal(T->param[minus5], 5);
	/* the rules' step formula: x2 then half then minus5 */
	int uses = 1 << x2 | 1 << ap_find_item(T, "half") | 1 << minus5;
	assert_int_equal(ap_steps(T, 9, uses), 4);
	assert_int_equal(ap_steps(T, 4, uses), 0);
}

/* Every item of the game, by kind: hands, ground, used and out. */
static void count_items(const ap_state *s, int *count)
{
	memset(count, 0, AP_NKINDS * sizeof *count);
	for (int p = 0; p < s->nplayers; p++)
		for (int i = 0; i < s->pl[p].nhand; i++)
			if (ap_is_item(s->pl[p].hand[i].card))
				count[ap_kind(s->pl[p].hand[i].card)]++;
	for (int c = 0; c < s->size * s->size; c++)
		if (s->ground[c] >= AP_G_ITEM)
			count[(s->ground[c] & ~AP_G_KNOWN) - AP_G_ITEM]++;
	for (int k = 0; k < AP_NKINDS; k++)
		count[k] += s->idisc[k] + s->out[k];
}

/* A variant that changes an item kind's count deals exactly that many, for 3, 4 and 5
 * players, and a removed kind never appears, at the set-up or later in play. */
static void test_variant_item_counts(void **unused)
{
	(void)unused;
	static const char doc[] =
	    "{\"quiver_variant\": 1, \"game\": \"arrow-party\", \"name\": \"counts\","
	    " \"items\": {\"remove\": [\"swap\"], \"modify\": {\"x2\": {\"count\": 7},"
	    " \"nopickup\": {\"count\": 1}}}}";
	for (int n = 3; n <= 5; n++) {
		char extra[32], params[160];
		snprintf(extra, sizeof extra, "players=%d", n);
		with_variant(doc, extra, params, sizeof params);
		ap_state st;
		init_with(&st, params, (uint64_t)n);
		const ap_tables *T = ap_T(&st);
		int x2 = ap_find_item(T, "x2"), nopickup = ap_find_item(T, "nopickup");
		assert_int_equal(T->nkinds, 9);
		assert_int_equal(ap_find_item(T, "swap"), -1);
		assert_int_equal(ap_find_card(T, "swap"), -1);
		int count[AP_NKINDS];
		count_items(&st, count);
		assert_int_equal(count[x2], 7);
		assert_int_equal(count[nopickup], 1);
		int total = 0;
		for (int k = 0; k < AP_NKINDS; k++)
			total += count[k];
		assert_int_equal(total, 40 - 4 + 3 - 3); /* swap gone, x2 +3, nopickup -3 */
		for (int p = 0; p < n; p++) {
			int items = 0;
			for (int i = 0; i < st.pl[p].nhand; i++)
				items += ap_is_item(st.pl[p].hand[i].card);
			assert_int_equal(items, 3);
		}
		/* through a whole game: no action names a swap, the counts hold */
		qv_rng rng;
		qv_rng_seed(&rng, (uint64_t)n * 77);
		char text[64];
		while (G->to_move(&st) != QV_OVER) {
			qv_action acts[AP_MAX_CHANCE];
			double prob[AP_MAX_CHANCE];
			int m = G->to_move(&st) == QV_CHANCE ? G->chance(&st, acts, prob)
			                                     : G->legal(&st, acts);
			for (int i = 0; i < m; i++) {
				int len = G->action_to_text(&st, acts[i], text, sizeof text);
				assert_null(strstr(text, " swap "));
				assert_false(len >= 5 && !strcmp(text + len - 5, " swap"));
			}
			qv_test_random_step(G, &st, &rng);
		}
		count_items(&st, count);
		assert_int_equal(count[x2], 7);
		assert_int_equal(count[nopickup], 1);
		for (int k = T->nkinds; k < AP_NKINDS; k++)
			assert_int_equal(count[k], 0);
	}
}

/* The effects read their parameters: a multiply of 3 walks three times the roll, a draw of
 * 2 cards draws two. */
static void test_variant_effect_parameters(void **unused)
{
	(void)unused;
	char params[160];
	with_variant("{\"quiver_variant\": 1, \"game\": \"arrow-party\", \"name\": \"x3\","
	             " \"items\": {\"modify\": {\"x2\": {\"effect\": {\"kind\": \"multiply\","
	             " \"factor\": 3}}}}}",
	             "players=3,size=9,shuffle=false", params, sizeof params);
	ap_state st;
	init_with(&st, params, 1);
	static const char *const round[] = {
	    "use x2", "ready",  "ready",  "ready",  "throw 3a", "throw 2b", "throw 1c", "land 0",
	    "land 0", "land 1", "roll 2", "roll 3", "roll 5",   "go N",     "go S",     "go NE"};
	for (size_t i = 0; i < sizeof round / sizeof round[0]; i++)
		play(&st, round[i]);
	/* p1 walked 3 x 2 steps north from a1 (the built-in x2 stops on a5) */
	assert_int_equal(st.pl[0].pos, cell(&st, "a7"));

	with_variant("{\"quiver_variant\": 1, \"game\": \"arrow-party\", \"name\": \"draw 2\","
	             " \"items\": {\"modify\": {\"draw\": {\"effect\": {\"kind\": \"draw\","
	             " \"cards\": 2}}}}}",
	             "players=3,size=9", params, sizeof params);
	must_load(&st, params,
	          "{\"players\": [{\"hand\": [\"1a\", \"draw\"]}, {\"hand\": [\"1b\"]},"
	          " {\"hand\": [\"1c\"]}]}");
	play(&st, "use draw");
	play(&st, "ready");
	play(&st, "ready");
	play(&st, "ready");
	assert_int_equal(st.phase, AP_PH_DRAW);
	play(&st, "stack 3");
	assert_int_equal(st.phase, AP_PH_DRAW);
	play(&st, "stack 4");
	assert_int_equal(st.phase, AP_PH_THROW);
	assert_int_equal(st.pl[0].nhand, 3); /* 1a and the two drawn */
	assert_int_equal(st.pl[0].drawn, 0);
}

/* Each cross-check refuses with the JSON path and what is wrong. */
static void test_variant_cross_checks(void **unused)
{
	(void)unused;
#define DOC(blocks)                                                                                \
	"{\"quiver_variant\": 1, \"game\": \"arrow-party\", \"name\": \"x\", " blocks "}"
	refused(DOC("\"arrows\": {\"remove\": [\"1a\", \"1b\"]}"),
	        "/arrows: 4 cards with 1 arrow; stack 1 needs 5-6");
	refused(DOC("\"arrows\": {\"remove\": [\"2a\"], \"add\": [{\"id\": \"1g\", \"arrows\":"
	            " [\"S\"]}]}"),
	        "/arrows: 7 cards with 1 arrow; stack 1 needs 5-6");
	refused(DOC("\"items\": [{\"id\": \"x2\", \"effect\": {\"kind\": \"multiply\", \"factor\":"
	            " 2}, \"points\": 2, \"count\": 14}]"),
	        "/items: 14 item cards; the set-up deals 3 to each of up to 5 players, and a hand "
	        "holds 80 cards with the 30 arrow cards: 15-50");
	refused(DOC("\"items\": {\"modify\": {\"x2\": {\"count\": 15}}}"),
	        "/items: 51 item cards; the set-up deals 3 to each of up to 5 players, and a hand "
	        "holds 80 cards with the 30 arrow cards: 15-50");
	refused(DOC("\"items\": {\"remove\": [\"exchange\"], \"add\": [{\"id\": \"D6\", \"effect\":"
	            " {\"kind\": \"exchange\"}, \"points\": 3, \"count\": 4}]}"),
	        "/items/9/id: \"D6\" is already the id of another card or die");
	refused(
	    DOC("\"items\": {\"remove\": [\"exchange\"], \"add\": [{\"id\": \"star\", \"effect\":"
	        " {\"kind\": \"exchange\"}, \"points\": 3, \"count\": 4}]}"),
	    "/items/9/id: \"star\" names a ground card or no item in the notation");
	refused(
	    DOC("\"arrows\": {\"remove\": [\"1f\"], \"add\": [{\"id\": \"7\", \"arrows\": [\"S\"]}]}"),
	    "/arrows/29/id: \"7\" is a number");
	refused(DOC("\"items\": {\"modify\": {\"x2\": {\"effect\": {\"kind\": \"multiply\"}}}}"),
	        "/items/0/effect: a multiply effect needs factor (2-12)");
	refused(
	    DOC("\"items\": {\"modify\": {\"x2\": {\"effect\": {\"kind\": \"multiply\", \"factor\":"
	        " 2, \"cards\": 1}}}}"),
	    "/items/0/effect/cards: a multiply effect takes only factor");
	refused(DOC("\"items\": {\"modify\": {\"reverse\": {\"effect\": {\"kind\": \"reverse\","
	            " \"steps\": 1}}}}"),
	        "/items/3/effect/steps: a reverse effect takes no parameter");
	refused(DOC("\"items\": {\"modify\": {\"x2\": {\"effect\": {\"kind\": \"teleport\"}}}}"),
	        "/items/modify/x2/effect/kind");
	refused(DOC("\"dice\": {\"modify\": {\"d4\": {\"start\": true}}}"),
	        "/dice: 2 dice have \"start\": true; exactly one is the die everyone starts with");
	refused(DOC("\"dice\": {\"remove\": [\"d6\"]}"), "/dice: 0 dice have \"start\": true");
	refused(DOC("\"items\": {\"modify\": {\"x2\": {\"effect\": {\"kind\": \"swap\"}},"
	            " \"half\": {\"effect\": {\"kind\": \"swap\"}}}}"),
	        "/items: a player holding every kind could have 135 item uses to choose from; at "
	        "most 64 fit");
#undef DOC
}

/* The reference and the notation speak of the variant's components. */
static void test_variant_reference(void **unused)
{
	(void)unused;
	char params[160];
	with_variant("{\"quiver_variant\": 1, \"game\": \"arrow-party\", \"name\": \"names\","
	             " \"items\": {\"remove\": [\"x2\"], \"add\": [{\"id\": \"triple\", \"effect\":"
	             " {\"kind\": \"multiply\", \"factor\": 3}, \"points\": 1, \"count\": 5}]},"
	             " \"stars\": {\"points\": 7}}",
	             "players=3", params, sizeof params);
	ap_state st;
	init_with(&st, params, 3);
	qv_buf out = {0};
	assert_int_equal(G->reference(&st, "triple", &out), 1);
	assert_non_null(
	    strstr(out.s, "triple: item card, +1 point in hand at the end (five copies)"));
	assert_non_null(strstr(out.s, "your steps are 3 times the roll"));
	qv_buf_free(&out);
	out = (qv_buf){0};
	assert_int_equal(G->reference(&st, "x2", &out), 0);
	assert_int_equal(G->reference(NULL, "x2", &out), 1);
	qv_buf_free(&out);
	out = (qv_buf){0};
	assert_int_equal(G->reference(&st, "star", &out), 1);
	assert_non_null(strstr(out.s, "star: ground card, +7 points at the end"));
	qv_buf_free(&out);
	qv_action a;
	qv_err err;
	assert_int_equal(G->action_from_text(&st, "use triple", &a, &err), QV_OK);
	assert_int_equal(G->action_from_text(&st, "use x2", &a, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "triple"));
}

/* ---- the designer's lab: what a game tells it ---- */

/* The index of item id in v's resolved document (its `items`), or -1. */
static int doc_index(const qv_variant *v, const char *id)
{
	const json_t *items = json_object_get(v->json, "items");
	for (size_t i = 0; i < json_array_size(items); i++)
		if (strcmp(json_string_value(json_object_get(json_array_get(items, i), "id")),
		           id) == 0)
			return (int)i;
	return -1;
}

/* examples/variants/arrow-party-more-items.json, loaded. */
static const qv_variant *example_variant(void)
{
	return qv_test_example_variant(G, "arrow-party-more-items.json");
}

/* The item a decision uses, through the resolved document: a `use` its kind, a swap and an
 * exchange the swap and the exchange whatever they name; `ready`, a throw and a direction
 * none. */
static void test_lab_component_of(void **unused)
{
	(void)unused;
	const qv_components *C = G->components;
	assert_string_equal(C->studied, "items");
	const qv_variant *base = qv_variant_base(G, NULL);
	ap_state st;
	must_load(&st, "players=3,size=9",
	          "{\"players\": [{\"hand\": [\"1a\", \"half\", \"swap\", \"exchange\", \"dice\"]},"
	          "{\"hand\": [\"1b\", \"x2\"]}, {\"hand\": [\"1c\", \"draw\"]}]}");
	static const struct {
		const char *action, *id;
	} uses[] = {{"use half", "half"},
	            {"use swap p2 half", "swap"},
	            {"use swap p3 exchange", "swap"},
	            {"use exchange p3", "exchange"},
	            {"use dice d20", "dice"}};
	for (size_t i = 0; i < sizeof uses / sizeof uses[0]; i++) {
		int k = C->component_of(&st, parse(&st, uses[i].action));
		if (k != doc_index(base, uses[i].id) || k < 0)
			fail_msg("%s: component %d", uses[i].action, k);
	}
	assert_int_equal(doc_index(base, "exchange"), 9);
	assert_int_equal(C->component_of(&st, parse(&st, "ready")), -1);
	must_load(&st, "players=3,size=9",
	          GO_STATE("{\"pos\": \"b1\", \"throw\": \"1a\", \"land\": 0, \"roll\": 4}",
	                   "{\"pos\": \"i9\", \"throw\": \"1b\", \"land\": 0, \"roll\": 3}",
	                   "{\"pos\": \"a9\", \"throw\": \"2a\", \"land\": 2, \"roll\": 2}"));
	assert_int_equal(C->component_of(&st, parse(&st, "go N")), -1);
	/* in a variant the index follows its document: without the x2, the half is 0 */
	char params[160];
	with_variant("{\"quiver_variant\": 1, \"game\": \"arrow-party\", \"name\": \"no x2\","
	             " \"items\": {\"remove\": [\"x2\"]}}",
	             "players=3,size=9", params, sizeof params);
	must_load(&st, params,
	          "{\"players\": [{\"hand\": [\"1a\", \"half\"]}, {\"hand\": [\"1b\"]},"
	          " {\"hand\": [\"1c\"]}]}");
	assert_int_equal(C->component_of(&st, parse(&st, "use half")), 0);
}

/* Plays one random step of st (chance drawn by its probabilities), and checks what the lab's
 * touched says of it: after a `go` or a `give`, for each token that moved, a path of
 * neighbouring cells of the board from the cell next to its old one to its new one, and
 * nothing for a token that stayed or after any other action. Returns how many it gave. */
static int touched_step(ap_state *st, qv_rng *rng)
{
	ap_state before = *st;
	qv_action a = qv_test_random_step(G, st, rng);
	qv_lab_board b;
	G->components->board(&before, &b);
	assert_int_equal(b.w, before.size);
	qv_lab_touch t[64];
	int n = G->components->touched(&before, a, st, t, 64);
	bool walk = AP_TYPE(a) == AP_ACT_GO || AP_TYPE(a) == AP_ACT_GIVE;
	for (int p = 0, i = 0; p < before.nplayers; p++) {
		int at = before.pl[p].pos;
		for (; i < n && t[i].seat == p; i++) {
			assert_true(t[i].square >= 0 && t[i].square < b.w * b.h);
			int dx = t[i].square % b.w - at % b.w, dy = t[i].square / b.w - at / b.w;
			assert_true(dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 && (dx || dy));
			at = t[i].square;
		}
		assert_int_equal(at, walk ? st->pl[p].pos : before.pl[p].pos);
		if (p == before.nplayers - 1)
			assert_int_equal(i, n);
	}
	return n;
}

/* Over whole random games of the built-in set and the example variant, at every decision:
 * each legal action's component is -1 or an entry of the document, the entry of the item a
 * `use` names first, and -1 for every other action; and every step's touched cells are the
 * walks (touched_step). */
static void test_lab_component_of_random_games(void **unused)
{
	(void)unused;
	const qv_variant *sets[2] = {qv_variant_base(G, NULL), example_variant()};
	qv_rng rng;
	qv_rng_seed(&rng, 25);
	qv_action acts[AP_MAX_ACTIONS];
	int used = 0, others = 0, touches = 0, ngames = qv_test_games(12, 4);
	for (int game = 0; game < ngames; game++) {
		const qv_variant *v = sets[game % 2];
		int nitems = (int)json_array_size(json_object_get(v->json, "items"));
		char params[192];
		snprintf(params, sizeof params, "variant=%s,players=%d,size=9,rounds=4", v->sha256,
		         3 + game % 3);
		ap_state st;
		init_with(&st, params, (uint64_t)game);
		for (int step = 0; G->to_move(&st) != QV_OVER; step++) {
			assert_true(step < 5000);
			if (G->to_move(&st) >= 0) {
				int n = G->legal(&st, acts);
				for (int j = 0; j < n; j++) {
					int k = G->components->component_of(&st, acts[j]);
					char text[64], id[16];
					G->action_to_text(&st, acts[j], text, sizeof text);
					assert_true(k >= -1 && k < nitems);
					if (sscanf(text, "use %15s", id) == 1) {
						if (k != doc_index(v, id))
							fail_msg("%s: component %d", text, k);
						used++;
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
	assert_true(used > 100);
	assert_true(others > 100);
	assert_true(touches > 100);
}

/* Every item kind of the built-in set and of the example variant comes out: the ablated
 * variant loads, is named for it, has every other item as it was and not this one, and a
 * game with it deals no such item and ends. */
static void test_lab_ablate(void **unused)
{
	(void)unused;
	const qv_variant *sets[2] = {qv_variant_base(G, NULL), example_variant()};
	qv_rng rng;
	qv_rng_seed(&rng, 7);
	for (int s = 0; s < 2; s++) {
		const json_t *items = json_object_get(sets[s]->json, "items");
		for (int k = 0; k < (int)json_array_size(items); k++) {
			const char *id = json_string_value(
			    json_object_get(json_array_get(items, (size_t)k), "id"));
			const qv_variant *v = qv_test_ablated(G, sets[s], k);
			char name[QV_VARIANT_NAME + 16];
			snprintf(name, sizeof name, "%s without %s", sets[s]->name, id);
			assert_string_equal(v->name, name);
			assert_int_equal(doc_index(v, id), -1);
			const json_t *left = json_object_get(v->json, "items");
			assert_int_equal(json_array_size(left), json_array_size(items) - 1);
			for (size_t i = 0, j = 0; i < json_array_size(items); i++)
				if (i != (size_t)k)
					assert_true(json_equal(json_array_get(items, i),
					                       json_array_get(left, j++)));
			assert_true(json_equal(json_object_get(v->json, "arrows"),
			                       json_object_get(sets[s]->json, "arrows")));
			char params[192];
			snprintf(params, sizeof params, "variant=%s,players=5,size=9,rounds=2",
			         v->sha256);
			ap_state st;
			init_with(&st, params, (uint64_t)k);
			assert_int_equal(ap_find_item(ap_T(&st), id), -1);
			for (int step = 0; G->to_move(&st) != QV_OVER && step < 5000; step++)
				qv_test_random_step(G, &st, &rng);
			assert_int_equal(G->to_move(&st), QV_OVER);
		}
	}
	qv_err err = {{0}};
	assert_null(G->components->ablate(sets[0]->json, qv_variant_base(G, NULL)->json, 10, &err));
	assert_string_equal(err.msg, "/items/10: no such item kind (the set has 10)");
	/* Items are the game's effects: its components carry no abilities of their own. */
	assert_null(qv_variant_without_ability(G, sets[0]->json, "swap", &err));
	assert_string_equal(err.msg, "arrow-party's components carry no abilities");
}

/* Without an item, fewer cards than the deal's 15 would be left: the other kinds get one more
 * copy each in turn until there are 15. An explicit ground loses the item's entries (a ground
 * of it alone cannot lose them), and a set's only kind cannot be taken out. */
static void test_lab_ablate_counts_and_ground(void **unused)
{
	(void)unused;
	const qv_variant *v = NULL;
	qv_err err = {{0}};
	if (variant_of("{\"quiver_variant\": 1, \"game\": \"arrow-party\", \"name\": \"few\","
	               " \"params\": {\"ground\": \"c5:star,d7:x2,e2:half\"},"
	               " \"items\": [{\"id\": \"x2\", \"effect\": {\"kind\": \"multiply\","
	               " \"factor\": 2}, \"points\": 2, \"count\": 10},"
	               " {\"id\": \"half\", \"effect\": {\"kind\": \"divide\", \"divisor\": 2},"
	               " \"points\": -2, \"count\": 3},"
	               " {\"id\": \"swap\", \"effect\": {\"kind\": \"swap\"}, \"points\": -2,"
	               " \"count\": 2}]}",
	               &v, &err))
		fail_msg("%s", err.msg);
	const qv_variant *no_x2 = qv_test_ablated(G, v, 0);
	const ap_tables *T = no_x2->tables;
	assert_int_equal(T->nkinds, 2);
	assert_int_equal(T->count[0], 8); /* half: 3 + 5 */
	assert_int_equal(T->count[1], 7); /* swap: 2 + 5 */
	assert_string_equal(
	    json_string_value(json_object_get(json_object_get(no_x2->json, "params"), "ground")),
	    "c5:star,e2:half");
	char params[192];
	snprintf(params, sizeof params, "variant=%s,players=3,size=9", no_x2->sha256);
	ap_state st;
	init_with(&st, params, 1);
	assert_int_equal(st.ground[cell(&st, "e2")], (AP_G_ITEM + 0) | AP_G_KNOWN);
	assert_int_equal(st.ground[cell(&st, "d7")], 0);
	/* without the half, 12 remain: x2, swap, x2 get one more; the ground keeps x2's entry */
	const qv_variant *no_half = qv_test_ablated(G, v, 1);
	T = no_half->tables;
	assert_int_equal(T->count[0], 12);
	assert_int_equal(T->count[1], 3);
	assert_string_equal(
	    json_string_value(json_object_get(json_object_get(no_half->json, "params"), "ground")),
	    "c5:star,d7:x2");
	/* a ground of the item alone */
	if (variant_of("{\"quiver_variant\": 1, \"game\": \"arrow-party\", \"name\": \"one\","
	               " \"params\": {\"ground\": \"d7:x2\"}}",
	               &v, &err))
		fail_msg("%s", err.msg);
	assert_null(G->components->ablate(v->json, qv_variant_base(G, NULL)->json,
	                                  doc_index(v, "x2"), &err));
	assert_string_equal(
	    err.msg, "/params/ground: lays out only x2; without it the ground would be random");
	if (variant_of("{\"quiver_variant\": 1, \"game\": \"arrow-party\", \"name\": \"alone\","
	               " \"items\": [{\"id\": \"x2\", \"effect\": {\"kind\": \"multiply\","
	               " \"factor\": 2}, \"points\": 2, \"count\": 15}]}",
	               &v, &err))
		fail_msg("%s", err.msg);
	assert_null(G->components->ablate(v->json, qv_variant_base(G, NULL)->json, 0, &err));
	assert_string_equal(err.msg,
	                    "/items/0: x2 is the set's only item kind; a game needs items to deal");
}

/* The play area of the rules page (columns a.., rows from 1) where the lab can draw it, and
 * the cells each token walks through, counted for the walker: the last `go` starts the walk,
 * a `give` resumes it after a bump, the edge stops it, and an exchange is no walk. */
static void test_lab_board_and_touched(void **unused)
{
	(void)unused;
	const qv_components *C = G->components;
	ap_state st, after;
	qv_lab_board b;
	for (int size = 9; size <= 26; size++) {
		char params[32];
		snprintf(params, sizeof params, "players=3,size=%d", size);
		init_with(&st, params, 1);
		C->board(&st, &b);
		if (size * size > QV_LAB_MAX_SQUARES || size > (int)sizeof b.files) {
			assert_int_equal(b.w, 0);
			assert_int_equal(b.h, 0);
			continue;
		}
		assert_int_equal(b.w, size);
		assert_int_equal(b.h, size);
		assert_int_equal(b.rank0, 1);
		assert_memory_equal(b.files, "abcdefghijklmnopqrstuvwxyz", (size_t)size);
	}
	init_with(&st, "players=3,size=9", 1);
	C->board(&st, &b);
	assert_int_equal(b.w, 9);

	/* test_walk_and_edge: p1 b1 -> b5 (N), p2 stays on the edge at i9, p3 a9 -> c9 (E) */
	must_load(&st, "players=3,size=9",
	          GO_STATE("{\"pos\": \"b1\", \"throw\": \"1a\", \"land\": 0, \"roll\": 4}",
	                   "{\"pos\": \"i9\", \"throw\": \"1b\", \"land\": 0, \"roll\": 3}",
	                   "{\"pos\": \"a9\", \"throw\": \"2a\", \"land\": 2, \"roll\": 2}"));
	qv_lab_touch t[16];
	for (int i = 0; i < 2; i++) {
		qv_action a = parse(&st, "go N");
		after = st;
		G->apply(&after, a, NULL);
		assert_int_equal(C->touched(&st, a, &after, t, 16), 0);
		st = after;
	}
	qv_action a = parse(&st, "go E");
	G->apply(&after, a, NULL);
	assert_int_equal(after.pl[0].pos, cell(&after, "b5"));
	static const struct {
		int seat;
		const char *cell;
	} want[] = {{0, "b2"}, {0, "b3"}, {0, "b4"}, {0, "b5"}, {2, "b9"}, {2, "c9"}};
	assert_int_equal(C->touched(&st, a, &after, t, 16), 6);
	for (int i = 0; i < 6; i++) {
		assert_int_equal(t[i].seat, want[i].seat);
		assert_int_equal(t[i].square, cell(&st, want[i].cell));
	}
	assert_int_equal(C->touched(&st, a, &after, t, 3), 3);
	assert_int_equal(t[2].square, cell(&st, "b4"));

	/* test_standing_player_is_bumped_once: p1 a1 -> d1 (E) pauses on b1 for the bump with
	 * p2, who stands there; the give resumes the walk */
	must_load(&st, "players=3,size=9",
	          GO_STATE("{\"pos\": \"a1\", \"throw\": \"1a\", \"land\": 2, \"roll\": 3, "
	                   "\"hand\": [\"x2\"]}",
	                   "{\"pos\": \"b1\", \"throw\": \"1b\", \"land\": 2, \"roll\": 1, "
	                   "\"uses\": [\"half\"]}",
	                   "{\"pos\": \"a9\", \"throw\": \"1c\", \"land\": 0, \"roll\": 1}"));
	play(&st, "go E");
	play(&st, "go E");
	a = parse(&st, "go N");
	after = st;
	G->apply(&after, a, NULL);
	assert_int_equal(after.phase, AP_PH_WALK);
	/* p1 entered b1; p3 a9 -> a9 N is off the area: it stays */
	assert_int_equal(C->touched(&st, a, &after, t, 16), 1);
	assert_int_equal(t[0].seat, 0);
	assert_int_equal(t[0].square, cell(&st, "b1"));
	st = after;
	a = parse(&st, "give x2 none");
	G->apply(&after, a, NULL);
	assert_int_equal(C->touched(&st, a, &after, t, 16), 2);
	assert_int_equal(t[0].square, cell(&st, "c1"));
	assert_int_equal(t[1].square, cell(&st, "d1"));
	assert_int_equal(t[1].seat, 0);

	/* an exchange trades cells without a walk */
	must_load(&st, "players=3,size=9",
	          "{\"players\": [{\"hand\": [\"1a\", \"exchange\"]}, {\"hand\": [\"1b\"]},"
	          " {\"hand\": [\"1c\"]}]}");
	play(&st, "use exchange p2");
	play(&st, "ready");
	play(&st, "ready");
	a = parse(&st, "ready");
	after = st;
	G->apply(&after, a, NULL);
	assert_int_equal(after.pl[0].pos, cell(&st, "i9"));
	assert_int_equal(C->touched(&st, a, &after, t, 16), 0);
}

/* The good states the invariants are broken from (state_ok, check.c): the round of
 * tests/scenarios/arrow-party/40-narration-throw-roll.txt phase by phase (items, a swap's
 * take, a draw, the throw with p2 sitting out, the landing, the roll, the direction); a walk
 * waiting for a bump's give (14-noswap.txt); a committed die change; a finished game. */
#define AP40 "players=4,size=9,rounds=6,shuffle=false"
static const char *const ap40 =
    "{'players':[{'pos':'a1','hand':['1a','swap','half','draw','x2']},{'pos':'i9','hand':"
    "['swap','reverse','x2']},{'pos':'a9','hand':['1c','minus5']},{'pos':'i1','hand':['1d',"
    "'swap','reverse','reverse']}]}";
#define AP40_TAKE                                                                                  \
	"use swap p2 half;use draw;use x2;ready;use swap p3 reverse;ready;use minus5;ready;"       \
	"use swap p3 reverse;use reverse;ready"
#define AP40_DRAW  AP40_TAKE ";take reverse"
#define AP40_THROW AP40_DRAW ";stack 2"
#define AP40_LAND  AP40_THROW ";throw 1a;throw 1c;throw 1d"
#define AP40_ROLL  AP40_LAND ";land 2;land 0;land 4"
#define AP40_GO    AP40_ROLL ";roll 3;roll 6;roll 2"
#define AP14       "players=3,size=9,rounds=6,shuffle=false"
static const char *const ap14 =
    "{'players':[{'pos':'d6','hand':['1a','swap','x2','reverse']},{'pos':'e5','hand':['1b',"
    "'noswap','half']},{'pos':'e7','hand':['1c','minus5','minus5']}],'ground':[{'cell':'e6',"
    "'card':'star'}]}";
#define AP14_WALK                                                                                  \
	"use swap p2 x2;ready;use noswap;ready;ready;throw 1a;throw 1b;throw 1c;land 2;land 0;"    \
	"land 4;roll 1;roll 1;roll 1;go E;go N;go S"
static const char *const ap_dice = "{'players':[{'hand':['1a','dice']},{'hand':['1b']},{'hand':"
                                   "['1c']}]}";
#define AP_OVER "players=3,size=9,rounds=2,shuffle=false"
static const char *const ap_over =
    "{'round':2,'phase':'over','players':[{'hand':['1a','x2']},{'hand':['1b']},{'hand':"
    "['1c']}]}";

#define AP_ST(st) ((ap_state *)(st))
static void ap_break_variant(void *st) { AP_ST(st)->variant = QV_VARIANT_MAX; }
static void ap_break_size(void *st) { AP_ST(st)->size = 8; }
static void ap_break_active(void *st) { AP_ST(st)->active = 4; }
static void ap_break_rng(void *st) { memset(&AP_ST(st)->rng, 0, sizeof AP_ST(st)->rng); }
static void ap_break_nhand(void *st) { AP_ST(st)->pl[0].nhand = AP_HAND_MAX + 1; }
static void ap_break_slot(void *st) { AP_ST(st)->pl[0].hand[AP_ST(st)->pl[0].nhand].card = 1; }
static void ap_break_card(void *st) { AP_ST(st)->pl[0].hand[0].card = 45; }
static void ap_break_know(void *st) { AP_ST(st)->pl[0].hand[0].know = 0; }
static void ap_break_sort(void *st)
{
	ap_player *pl = &AP_ST(st)->pl[0];
	ap_entry e = pl->hand[0];
	pl->hand[0] = pl->hand[1];
	pl->hand[1] = e;
}
static void ap_break_pad(void *st) { AP_ST(st)->pl[0].pad_ = 1; }
static void ap_break_uses(void *st) { AP_ST(st)->pl[0].uses |= 1u << 12; }
static void ap_break_dice_to(void *st) { AP_ST(st)->pl[0].dice_to = 1; }
static void ap_break_drawn(void *st) { AP_ST(st)->pl[0].drawn = 1; }
static void ap_break_stack_slot(void *st) { AP_ST(st)->stack[0][AP_ST(st)->nstack[0]] = 1; }
static void ap_break_stack_value(void *st) { AP_ST(st)->stack[0][0] = 6; }
static void ap_break_throw_card(void *st) { AP_ST(st)->pl[0].throw_card = 46; }
static void ap_break_ground(void *st) { AP_ST(st)->ground[0] = 0x7f; }
static void ap_break_ground_beyond(void *st) { AP_ST(st)->ground[9 * 9] = AP_G_STAR; }
static void ap_break_arrow_count(void *st)
{
	ap_state *s = AP_ST(st);
	s->stack[0][--s->nstack[0]] = 0;
}
static void ap_break_item_count(void *st) { AP_ST(st)->out[0]++; }
static void ap_break_early_uses(void *st) { AP_ST(st)->pl[2].uses = 1u << 2; }
static void ap_break_not_held(void *st) { AP_ST(st)->pl[0].uses |= 1u << 3; }
static void ap_break_same_die(void *st) { AP_ST(st)->pl[0].dice_to = AP_ST(st)->pl[0].die; }
static void ap_break_over_uses(void *st) { AP_ST(st)->pl[0].uses = 1; }
static void ap_break_land(void *st) { AP_ST(st)->pl[0].land = 1; }
static void ap_break_skip(void *st) { AP_ST(st)->pl[0].skip = 1; }
static void ap_break_throw(void *st) { AP_ST(st)->pl[0].throw_card = 0; }
static void ap_break_throw_hand(void *st) { AP_ST(st)->pl[0].throw_card = 2; }
static void ap_break_landed(void *st) { AP_ST(st)->pl[0].land = 0; }
static void ap_break_roll(void *st) { AP_ST(st)->pl[0].roll = 0; }
static void ap_break_roll_die(void *st) { AP_ST(st)->pl[0].roll = 7; }
static void ap_break_go(void *st) { AP_ST(st)->pl[0].go = 0; }
static void ap_break_go_arrow(void *st) { AP_ST(st)->pl[0].go = 1 + QV_S; }
static void ap_break_steps(void *st) { AP_ST(st)->pl[0].steps = 1; }
static void ap_break_cursor(void *st) { AP_ST(st)->active = 1; }
static void ap_break_take(void *st) { AP_ST(st)->pl[0].swap_item = 2; }
static void ap_break_draw(void *st) { AP_ST(st)->pl[0].drawn = 1; }
static void ap_break_pending(void *st) { AP_ST(st)->pending = 0; }
static void ap_break_tick(void *st) { AP_ST(st)->tick = 1; }
static void ap_break_pair(void *st) { AP_ST(st)->bumped |= 1u << 12; }
static void ap_break_round(void *st) { AP_ST(st)->round = 1; }
static void ap_break_public(void *st) { AP_ST(st)->pl[0].hand[1].know = 1; }
static void ap_break_two_multiply(void *st) { AP_ST(st)->pl[0].uses = 3; }

static const qv_test_breakage ap_breakages[] = {
    {AP40, ap40, NULL, ap_break_variant, "holds no components"},
    {AP40, ap40, NULL, ap_break_size, "parameters out of bounds: players 4 (3-5), size 8"},
    {AP40, ap40, NULL, ap_break_active, "active p5 of 4"},
    {AP40, ap40, NULL, ap_break_rng, "the generator is zero"},
    {AP40, ap40, NULL, ap_break_nhand, "p1 holds 81 cards (at most 80)"},
    {AP40, ap40, NULL, ap_break_slot, "p1's hand slots beyond its 5 cards are not zero"},
    {AP40, ap40, NULL, ap_break_card, "p1's hand[0] is card 45, none of the set"},
    {AP40, ap40, NULL, ap_break_know, "p1's hand[0] is known to 0"},
    {AP40, ap40, NULL, ap_break_sort, "p1's hand is not sorted"},
    {AP40, ap40, NULL, ap_break_pad, "padding 1"},
    {AP40, ap40, NULL, ap_break_uses, "beyond the 10 kinds"},
    {AP40, ap40, NULL, ap_break_dice_to, "must be those of its uses"},
    {AP40, ap40, NULL, ap_break_drawn, "p1 has drawn 1 cards outside its draw"},
    {AP40, ap40, NULL, ap_break_stack_slot, "stack 1 holds 3 cards (at most 6), its slots"},
    {AP40, ap40, NULL, ap_break_stack_value, "stack 1 holds card 6, not an arrow card of value 1"},
    {AP40, ap40, AP40_THROW ";throw 1a", ap_break_throw_card, "p1 throws card 45"},
    {AP40, ap40, NULL, ap_break_ground, "ground cell 0 (of 81) holds 0x7f"},
    {AP40, ap40, NULL, ap_break_ground_beyond, "a ground cell beyond the 9x9 area holds"},
    {AP40, ap40, NULL, ap_break_arrow_count, "is in 0 places, not one"},
    {AP40, ap40, NULL, ap_break_item_count,
     "item x2 appears 5 times over hands, ground, discard and out, not its 4 copies"},
    {AP40, ap40, NULL, ap_break_early_uses, "p3 has not committed yet"},
    {AP40, ap40, "ready", ap_break_not_held, "p1 does not hold 1 reverse"},
    {AP14, ap_dice, "use dice d8;ready", ap_break_same_die, "must change the die"},
    {AP_OVER, ap_over, NULL, ap_break_over_uses, "players[0].uses: the game is over"},
    {AP40, ap40, NULL, ap_break_land, "belong to the phases throw to walk"},
    {AP40, ap40, AP40_THROW ";throw 1a", ap_break_skip, "a skipping player throws nothing"},
    {AP40, ap40, AP40_THROW, ap_break_skip, "skip must be true exactly when"},
    {AP40, ap40, AP40_THROW ";throw 1a", ap_break_throw, "players[0].throw is missing"},
    {AP40, ap40, AP40_THROW ";throw 1a", ap_break_throw_hand, "stays in the hand until"},
    {AP40, ap40, AP40_ROLL, ap_break_landed, "players[0].land is missing"},
    {AP40, ap40, AP40_GO, ap_break_roll, "players[0].roll is missing"},
    {AP40, ap40, AP40_GO, ap_break_roll_die, "roll: 7 is above the d6"},
    {AP40, ap40, AP40_GO ";go E", ap_break_go, "players[0].go is missing"},
    {AP40, ap40, AP40_GO ";go E", ap_break_go_arrow, "S is not an arrow of the landed card"},
    {AP40, ap40, AP40_GO, ap_break_steps, "steps: only during the walk"},
    {AP40, ap40, AP40_THROW ";throw 1a", ap_break_cursor, "active: p2 skips this round"},
    {AP40, ap40, AP40_TAKE, ap_break_take, "p1 has no swap that takes a card now"},
    {AP40, ap40, AP40_DRAW, ap_break_draw, "phase draw: p1 has no draw to make now"},
    {AP14, ap14, AP14_WALK, ap_break_pending, "phase walk waits for a bump"},
    {AP40, ap40, NULL, ap_break_tick, "kept in phase walk only"},
    {AP14, ap14, AP14_WALK, ap_break_active, "active p5 of 3"},
    {AP14, ap14, AP14_WALK, ap_break_cursor, "active is p2 in phase walk, which has no cursor"},
    {AP14, ap14, AP14_WALK, ap_break_pair, "a pair of players not in this game"},
    {AP_OVER, ap_over, NULL, ap_break_round, "phase over comes after round 2"},
    {AP_OVER, ap_over, NULL, ap_break_public, "the game is over but p1's hand[1] is not public"},
};

/* Every invariant of check.c fires on a state that breaks it, and holds on the good ones;
 * the one that needs two item kinds with one effect, with a variant that has them. */
static void test_state_ok(void **unused)
{
	(void)unused;
	qv_test_breakages(G, ap_breakages, (int)(sizeof ap_breakages / sizeof ap_breakages[0]));
	char params[160];
	with_variant("{\"quiver_variant\": 1, \"game\": \"arrow-party\", \"name\": \"two x\","
	             " \"items\": {\"modify\": {\"half\": {\"effect\": {\"kind\": \"multiply\","
	             " \"factor\": 3}}}}}",
	             "players=3,size=9,shuffle=false", params, sizeof params);
	const qv_test_breakage two = {params, ap_dice, NULL, ap_break_two_multiply,
	                              "p1 uses two multiply items"};
	qv_test_breakages(G, &two, 1);
}

/* In the sanitizer build apply checks the state it leaves (and in the release build it
 * does not). */
static void test_apply_checks_state(void **unused)
{
	(void)unused;
	qv_test_apply_checks_state(G, ap_breakages,
	                           (int)(sizeof ap_breakages / sizeof ap_breakages[0]),
	                           ap_break_pad, "ready");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_setup_deal),
	    cmocka_unit_test(test_bad_parameters),
	    cmocka_unit_test(test_walk_and_edge),
	    cmocka_unit_test(test_pickups_first_in_seat_order),
	    cmocka_unit_test(test_bump_by_swapping_cells),
	    cmocka_unit_test(test_standing_player_is_bumped_once),
	    cmocka_unit_test(test_noswap_blocks_bump),
	    cmocka_unit_test(test_public_use_forgets_one_copy),
	    cmocka_unit_test(test_resolution_order),
	    cmocka_unit_test(test_swap_takes_before_giving),
	    cmocka_unit_test(test_load_rejects),
	    cmocka_unit_test(test_secrecy_random_games),
	    cmocka_unit_test(test_determinize_hides_commitments),
	    cmocka_unit_test(test_determinize_keeps_swap_items),
	    cmocka_unit_test(test_determinize_keeps_active_swap_item),
	    cmocka_unit_test(test_determinize_guesses_sensibly),
	    cmocka_unit_test(test_heuristic_and_score),
	    cmocka_unit_test(test_heuristics_all_at_once),
	    cmocka_unit_test(test_reference),
	    cmocka_unit_test(test_action_note),
	    cmocka_unit_test(test_narration_wraps_long_walks),
	    cmocka_unit_test(test_narration_fits_random_games),
	    cmocka_unit_test(test_end_shows_items),
	    cmocka_unit_test(test_base_tables),
	    cmocka_unit_test(test_variant_item_counts),
	    cmocka_unit_test(test_variant_effect_parameters),
	    cmocka_unit_test(test_variant_cross_checks),
	    cmocka_unit_test(test_variant_reference),
	    cmocka_unit_test(test_lab_component_of),
	    cmocka_unit_test(test_lab_component_of_random_games),
	    cmocka_unit_test(test_lab_ablate),
	    cmocka_unit_test(test_lab_ablate_counts_and_ground),
	    cmocka_unit_test(test_lab_board_and_touched),
	    cmocka_unit_test(test_state_ok),
	    cmocka_unit_test(test_apply_checks_state),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
