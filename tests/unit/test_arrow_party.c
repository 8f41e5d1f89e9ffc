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

#include "scale.h"
#include "gametest.h"
#include "games/arrow_party/arrow_party.h"

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

static int count_card(const ap_player *pl, const char *id)
{
	int c = ap_find_card(id), n = 0;
	for (int i = 0; i < pl->nhand; i++)
		n += pl->hand[i].card == c;
	return n;
}

/* The knowledge mask of the first copy of card id in pl's hand (-1 when absent). */
static int know_of(const ap_player *pl, const char *id)
{
	int c = ap_find_card(id);
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
	assert_int_equal(st.disc[0][0], ap_find_card("1a"));
	assert_int_equal(st.disc[0][1], ap_find_card("1b"));
	assert_int_equal(st.disc[1][0], ap_find_card("2a"));
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
	assert_int_equal(st.ground[cell(&st, "d1")], AP_G_ITEM + AP_X2);
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
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "use swap p1 half"), NULL, &err), QV_EILLEGAL);
	assert_non_null(strstr(err.msg, "itself"));
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "use x2"), NULL, &err), QV_EILLEGAL);
	assert_non_null(strstr(err.msg, "does not hold"));
	play(&st, "use exchange p2");
	play(&st, "use swap p3 half");
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "use swap p2 half"), NULL, &err), QV_EILLEGAL);
	assert_non_null(strstr(err.msg, "already"));
	play(&st, "ready");
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "use dice d6"), NULL, &err), QV_EILLEGAL);
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
	assert_int_equal(st.idisc[AP_SWAP], 1);
	assert_int_equal(st.idisc[AP_NOSWAP], 1);
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
				pl->uses = (uint16_t)(pl->uses ^ (1u << AP_X2));
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
	G->returns(&st, r);
	assert_true(r[0] > 0.99 && r[1] < -0.99);
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
	    cmocka_unit_test(test_determinize_guesses_sensibly),
	    cmocka_unit_test(test_heuristic_and_score),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
