/*
 * test_evons.c - unit tests of the Evons rules through the game interface: secrecy of hands,
 * covered cards and deck orders in every view over random games, determinization, the
 * mulligan, turn start, conflicts, flips, the out zone, the eight abilities, reactivation and
 * the chain stack, the ends, JSON loading and parameters. The protocol-level scenarios live in
 * tests/scenarios/evons/.
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/evons/evons.h"
#include "gametest.h"
#include "lab/lab.h"
#include "scale.h"

static const qv_game *G;
static const ev_tables *TB; /* the built-in set's tables */
static char all_deck[1024]; /* every monster twice and every block once: 46 cards */

static void init_params(ev_state *st, const char *deck1, const char *deck2, const char *shuffle,
                        uint64_t seed)
{
	qv_params p = {0};
	qv_err err = {{0}};
	assert_int_equal(qv_params_set(&p, "deck1", deck1, NULL), QV_OK);
	assert_int_equal(qv_params_set(&p, "deck2", deck2, NULL), QV_OK);
	assert_int_equal(qv_params_set(&p, "shuffle", shuffle, NULL), QV_OK);
	if (G->init(st, &p, seed, &err))
		fail_msg("init: %s", err.msg);
}

/* Sets up st from a JSON "state" object over the full decks; returns load_json's status. */
static qv_status load(ev_state *st, const char *state_json, qv_err *err)
{
	init_params(st, all_deck, all_deck, "false", 1);
	return qv_test_load_json(G, st, state_json, err);
}

static void must_load(ev_state *st, const char *state_json)
{
	qv_err err = {{0}};
	if (load(st, state_json, &err))
		fail_msg("load failed: %s", err.msg);
}

static qv_action parse(const ev_state *st, const char *text) { return qv_test_parse(G, st, text); }

static void play(ev_state *st, const char *text) { qv_test_play(G, st, text); }

static bool is_legal(const ev_state *st, const char *text)
{
	qv_action a = parse(st, text), list[EV_MAX_ACTIONS];
	int n = G->legal(st, list);
	for (int i = 0; i < n; i++)
		if (list[i] == a)
			return true;
	return false;
}

static int legal_count(const ev_state *st)
{
	qv_action list[EV_MAX_ACTIONS];
	return G->legal(st, list);
}

static const ev_cell *at(const ev_state *st, const char *cell)
{
	int c = ev_cell_parse(cell);
	assert_true(c >= 0);
	return &st->cell[c];
}

static int kind_of(const char *id)
{
	int k = ev_find_kind(TB, id);
	assert_true(k >= 0);
	return k;
}

static bool has_card(const ev_state *st, const char *cell, const char *id)
{
	return at(st, cell)->kind == kind_of(id) + 1;
}

static int setup(void **unused)
{
	(void)unused;
	G = qv_game_find("evons", NULL);
	const qv_variant *base = G ? qv_variant_base(G, NULL) : NULL;
	if (!base)
		return -1;
	TB = base->tables;
	size_t n = 0;
	for (int k = 0; k < TB->nkinds; k++)
		for (int i = 0; i < (ev_is_block(TB, k) ? 1 : 2); i++)
			n += (size_t)snprintf(all_deck + n, sizeof all_deck - n, "%s%s",
			                      n ? "," : "", TB->kind[k].id);
	return G ? 0 : -1;
}

/* ---- secrecy ---- */

/* Kinds `v` may know about: its own hand and covered cards, face-up cards and blocks on the
 * board, graveyards and removed cards. */
static void visible_kinds(const ev_state *st, int v, bool *vis)
{
	memset(vis, 0, EV_MAX_KINDS * sizeof *vis);
	for (int k = 0; k < TB->nkinds; k++)
		if (v >= 0 && st->pl[v].hand[k])
			vis[k] = true;
	for (int c = 0; c < EV_NCELLS; c++) {
		const ev_cell *x = &st->cell[c];
		if (x->kind && (!(x->flags & EV_F_COVERED) || x->owner == v))
			vis[x->kind - 1] = true;
	}
	for (int p = 0; p < 2; p++) {
		for (int i = 0; i < st->pl[p].ngrave; i++)
			vis[st->pl[p].grave[i]] = true;
		for (int i = 0; i < st->pl[p].nremoved; i++)
			vis[st->pl[p].removed[i]] = true;
	}
}

/* The view and the diagram of v never name a card v cannot know about: another player's
 * hand, another player's covered card, a deck's content. Returns how many hidden kinds were
 * checked. */
static int check_secrecy(const ev_state *st, int v)
{
	bool vis[EV_MAX_KINDS], hidden[EV_MAX_KINDS] = {false};
	visible_kinds(st, v, vis);
	for (int p = 0; p < 2; p++) {
		if (p == v)
			continue;
		for (int k = 0; k < TB->nkinds; k++)
			if (st->pl[p].hand[k])
				hidden[k] = true;
	}
	for (int c = 0; c < EV_NCELLS; c++) {
		const ev_cell *x = &st->cell[c];
		if (x->kind && (x->flags & EV_F_COVERED) && x->owner != v)
			hidden[x->kind - 1] = true;
	}
	for (int p = 0; p < 2; p++)
		for (int i = 0; i < st->pl[p].ndeck; i++)
			hidden[st->pl[p].deck[i]] = true;
	char *js = qv_test_view(G, st, v);
	char *t = qv_test_diagram(G, st, v);
	int checked = 0;
	for (int k = 0; k < TB->nkinds; k++) {
		if (!hidden[k] || vis[k])
			continue;
		checked++;
		if (strstr(js, TB->kind[k].id))
			fail_msg("the view of viewer %d names the hidden card %s: %s", v,
			         TB->kind[k].id, js);
		if (strstr(t, TB->kind[k].id))
			fail_msg("the diagram of viewer %d names the hidden card %s:\n%s", v,
			         TB->kind[k].id, t);
	}
	/* a covered card of another player is drawn as ?? whatever its kind */
	for (int p = 0; p < 2; p++) {
		if (p == v)
			continue;
		for (int k = 0; k < TB->nmonsters; k++) {
			char pat[16];
			snprintf(pat, sizeof pat, "%d?%s", p + 1, TB->kind[k].code);
			if (strstr(t, pat))
				fail_msg("the diagram of viewer %d shows a covered card of p%d: %s",
				         v, p + 1, pat);
		}
	}
	assert_null(strstr(t, "\n\n"));
	assert_null(strstr(t, "deck (top first)"));
	free(js);
	free(t);
	return checked;
}

/* The hidden parts of q's cards: hand and covered kinds. */
static bool hidden_differs(const ev_state *a, const ev_state *b, int q)
{
	if (memcmp(a->pl[q].hand, b->pl[q].hand, sizeof a->pl[q].hand) != 0)
		return true;
	for (int c = 0; c < EV_NCELLS; c++)
		if (a->cell[c].owner == q && a->cell[c].kind != b->cell[c].kind)
			return true;
	return false;
}

/* Random games: every view of every state hides what it must; determinize keeps the view and
 * the diagram of its viewer, keeps every card in one place (the result loads back), and
 * really changes the hidden cards in most states where the opponent holds cards. */
static void test_secrecy_and_determinize(void **unused)
{
	(void)unused;
	static const char *const decks[][2] = {
	    {"blaze", "bedrock"}, {"bedrock", "blaze"}, {"blaze", "blaze"}, {"bedrock", "bedrock"}};
	qv_rng rng;
	qv_rng_seed(&rng, 11);
	long checked = 0, det_states = 0, det_changed = 0, covered_seen = 0;
	int games = qv_test_games(80, 20);
	for (int game = 0; game < games; game++) {
		ev_state st, d;
		init_params(&st, decks[game % 4][0], decks[game % 4][1], "true", (uint64_t)game);
		for (int step = 0; step < 5000 && G->to_move(&st) != QV_OVER; step++) {
			for (int v = -2; v < 2; v++)
				if (v >= 0 || (v == QV_VIEW_PUBLIC && step % 4 == 0))
					checked += check_secrecy(&st, v);
			if (step % 9 == 0) {
				for (int v = 0; v < 2; v++) {
					char *j1 = qv_test_view(G, &st, v),
					     *t1 = qv_test_diagram(G, &st, v);
					memcpy(&d, &st, sizeof d);
					G->determinize(&d, v, &rng);
					char *j2 = qv_test_view(G, &d, v),
					     *t2 = qv_test_diagram(G, &d, v);
					assert_string_equal(j1, j2);
					assert_string_equal(t1, t2);
					free(j1);
					free(j2);
					free(t1);
					free(t2);
					/* every card still in exactly one place */
					json_t *sj = G->state_json(&d);
					ev_state back;
					qv_err err = {{0}};
					init_params(&back, decks[game % 4][0], decks[game % 4][1],
					            "true", (uint64_t)game);
					if (G->load_json(&back, sj, &err))
						fail_msg("a determinized state does not load: %s",
						         err.msg);
					json_decref(sj);
					int q = 1 - v;
					int ncov = 0;
					for (int c = 0; c < EV_NCELLS; c++)
						ncov += st.cell[c].kind && st.cell[c].owner == q &&
						        (st.cell[c].flags & EV_F_COVERED);
					covered_seen += ncov > 0;
					if (st.pl[q].nhand >= 2) {
						det_states++;
						det_changed += hidden_differs(&st, &d, q);
					}
				}
			}
			qv_test_random_step(G, &st, &rng);
		}
		assert_int_equal(G->to_move(&st), QV_OVER);
	}
	/* (the floors are for the full 80 games, scaled like them) */
	assert_true(checked > 5 * games);
	assert_true(covered_seen > games / 2);
	assert_true(det_states > 5 * games);
	/* a determinize that does nothing fails here */
	if (det_changed * 2 < det_states)
		fail_msg(
		    "determinize changed the opponent's hidden cards in only %ld of %ld states",
		    det_changed, det_states);
}

/* Covered cards: only the owner sees the identity (JSON and diagram); determinize for the
 * opponent changes it and keeps it a monster. */
static void test_covered_identity(void **unused)
{
	(void)unused;
	ev_state st, d;
	must_load(&st, "{\"board\":[{\"cell\":\"c3\",\"card\":\"lich-queen\",\"owner\":\"p2\","
	               "\"covered\":true}],\"players\":[{\"hand\":[\"seedling\"]},{\"hand\":"
	               "[\"maelstrom\"]}],\"active\":\"p1\"}");
	char *s = qv_test_view(G, &st, 0);
	assert_null(strstr(s, "lich-queen"));
	assert_null(strstr(s, "maelstrom"));
	assert_non_null(strstr(s, "\"covered\":true"));
	free(s);
	s = qv_test_view(G, &st, 1);
	assert_non_null(strstr(s, "lich-queen"));
	free(s);
	s = qv_test_diagram(G, &st, 0);
	assert_non_null(strstr(s, "2???"));
	assert_null(strstr(s, "lich"));
	free(s);
	s = qv_test_diagram(G, &st, 1);
	assert_non_null(strstr(s, "2?lich"));
	free(s);
	qv_rng rng;
	qv_rng_seed(&rng, 3);
	int changed = 0;
	for (int i = 0; i < 50; i++) {
		memcpy(&d, &st, sizeof d);
		G->determinize(&d, 0, &rng);
		int k = at(&d, "c3")->kind - 1;
		assert_false(ev_is_block(TB, k));
		changed += k != kind_of("lich-queen");
		/* the viewer's own hand stays */
		assert_int_equal(d.pl[0].hand[kind_of("seedling")], 1);
	}
	assert_true(changed > 25);
	memcpy(&d, &st, sizeof d);
	G->determinize(&d, 1, &rng); /* p2 knows its covered card */
	assert_true(has_card(&d, "c3", "lich-queen"));
}

/* ---- set-up and turns ---- */

static void test_mulligan_order_and_views(void **unused)
{
	(void)unused;
	ev_state st;
	/* shuffle=false: p1's top five are the first five listed */
	init_params(&st, "seedling,grave-bat,sentry,assassin,block-fire,cinder-pup,tide-sprite",
	            "blaze", "false", 5);
	assert_int_equal(st.pl[0].nhand, 5);
	assert_true(is_legal(&st, "keep"));
	assert_true(is_legal(&st, "mulligan sentry seedling"));
	assert_true(is_legal(&st, "mulligan seedling sentry"));
	assert_int_equal(legal_count(&st), 1 + 5 + 20 + 60 + 120 + 120);
	play(&st, "mulligan sentry seedling");
	/* the returned cards went under the deck in the order named, then two were drawn */
	assert_int_equal(st.pl[0].mull, 2);
	assert_int_equal(st.pl[0].nhand, 5);
	assert_int_equal(st.pl[0].ndeck, 2);
	assert_int_equal(st.pl[0].deck[1], kind_of("sentry"));
	assert_int_equal(st.pl[0].deck[0], kind_of("seedling"));
	assert_int_equal(st.pl[0].hand[kind_of("cinder-pup")], 1);
	assert_int_equal(st.pl[0].hand[kind_of("tide-sprite")], 1);
	/* p2 sees how many, never which */
	json_t *j = G->view_json(&st, 1);
	json_t *p1 = json_array_get(json_object_get(j, "players"), 0);
	assert_int_equal(json_integer_value(json_object_get(p1, "mulligan")), 2);
	assert_null(json_object_get(p1, "hand"));
	assert_null(json_object_get(p1, "deck"));
	json_decref(j);
	/* with shuffle, a mulligan is a multiset: one action whatever the order */
	init_params(&st, "blaze", "bedrock", "true", 5);
	int n = legal_count(&st);
	assert_true(n >= 6 && n <= 32);
}

/* Whether check accepts exactly the listed actions of st among every mulligan of up to three
 * fields, keep with any argument, and each listed action with one field changed to any value
 * (check tests a mulligan without listing, for the search's checks of its children). */
static void check_agrees_on_mulligans(const ev_state *st)
{
	static qv_action list[EV_MAX_ACTIONS];
	int n = G->legal(st, list);
	assert_true(n > 1);
	for (uint32_t arg = 0; arg < 1u << 15; arg++)
		for (int type = EV_ACT_KEEP; type <= EV_ACT_MULLIGAN; type++) {
			qv_action a = EV_MAKE(type, arg);
			bool listed = false;
			for (int i = 0; i < n && !listed; i++)
				listed = list[i] == a;
			assert_int_equal(G->check(st, a, NULL) == QV_OK, listed);
		}
	for (int i = 0; i < n; i++)
		for (int f = 0; f < 6; f++)
			for (uint32_t v = 0; v < 32; v++) {
				uint32_t arg = (uint32_t)EV_ARG(list[i]) & ~(31u << (5 * f));
				qv_action a = EV_MAKE(EV_ACT_MULLIGAN, arg | v << (5 * f));
				bool listed = false;
				for (int j = 0; j < n && !listed; j++)
					listed = list[j] == a;
				assert_int_equal(G->check(st, a, NULL) == QV_OK, listed);
			}
}

static void test_mulligan_check(void **unused)
{
	(void)unused;
	ev_state st;
	/* in the order named (shuffle=false), cards of one kind twice, p1 then p2 */
	init_params(&st, "seedling,seedling,sentry,assassin,sentry,cinder-pup,tide-sprite",
	            "seedling,grave-bat,grave-bat,block-fire,cinder-pup,sentry,assassin", "false",
	            5);
	check_agrees_on_mulligans(&st);
	play(&st, "keep");
	check_agrees_on_mulligans(&st);
	/* a multiset (shuffle=true), several deals */
	for (uint64_t seed = 1; seed <= 4; seed++) {
		init_params(&st, "blaze", "bedrock", "true", seed);
		check_agrees_on_mulligans(&st);
		play(&st, "keep");
		check_agrees_on_mulligans(&st);
	}
}

static void test_turn_start_credits_and_draw(void **unused)
{
	(void)unused;
	ev_state st;
	init_params(&st, "blaze", "bedrock", "false", 1);
	play(&st, "keep");
	play(&st, "keep");
	assert_int_equal(G->to_move(&st), QV_CHANCE);
	play(&st, "coin p2");
	/* the first player's first turn: no credits, no draw */
	assert_int_equal(st.active, 1);
	assert_int_equal(st.pl[1].credits, 50);
	assert_int_equal(st.pl[1].nhand, 5);
	play(&st, "end");
	/* p1's own first turn: no credits, one card */
	assert_int_equal(st.pl[0].credits, 50);
	assert_int_equal(st.pl[0].nhand, 6);
	play(&st, "cover cinder-pup c3");
	assert_int_equal(legal_count(&st), 1); /* only end after the hand play */
	play(&st, "end");
	assert_int_equal(st.pl[1].credits, 55);
	assert_int_equal(st.pl[1].nhand, 6);
	assert_int_equal(st.idle, 0);
}

/* ---- the activation sequence ---- */

/* A p2 card faces south: its printed N arrow is the board's S. */
static void test_orientation(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"c2\",\"card\":\"seedling\",\"owner\":\"p1\"}],"
	               "\"players\":[{},{\"hand\":[\"cinder-pup\"]}],\"active\":\"p2\"}");
	play(&st, "play cinder-pup c4");
	/* printed N! (Firestorm) points S at c3: c2 is orthogonally next to it */
	assert_true(is_legal(&st, "ability S"));
	qv_err err = {{0}};
	ev_state before = st;
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "ability N"), NULL, &err),
	                 QV_EILLEGAL);
	assert_non_null(strstr(err.msg, "plain"));
	assert_memory_equal(&st, &before, sizeof st);
}

static void test_conflict_simultaneous(void **unused)
{
	(void)unused;
	ev_state st;
	/* p2's pebble-golem on c3 points S at c2 */
	must_load(&st, "{\"board\":[{\"cell\":\"c3\",\"card\":\"pebble-golem\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"quake-ram\"]},{}],\"active\":\"p1\"}");
	play(&st, "play quake-ram c2");
	play(&st, "next");
	assert_int_equal(st.stack[0].step, EV_ST_CONFLICTS);
	play(&st, "conflict c3");
	assert_int_equal(at(&st, "c3")->kind, 0);
	assert_int_equal(st.pl[1].ngrave, 1);
	assert_int_equal(at(&st, "c2")->dmg, 2);
	assert_int_equal(ev_cur_def(&st, ev_cell_parse("c2")), 1);
	assert_int_equal(st.stack[0].step, EV_ST_ABILITY2);
	play(&st, "next");
	assert_int_equal(st.phase, EV_PH_MAIN);
	play(&st, "end");
	assert_int_equal(at(&st, "c2")->dmg, 0); /* damage lasts the turn */
}

/* The active card dies: its sequence ends at once, with no flip. */
static void test_active_destroyed(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"c3\",\"card\":\"quake-ram\",\"owner\":\"p2\"},"
	               "{\"cell\":\"c1\",\"card\":\"spark-mite\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"cinder-pup\"]},{}],\"active\":\"p1\"}");
	play(&st, "play cinder-pup c2");
	play(&st, "next");
	play(&st, "conflict c3");
	assert_int_equal(at(&st, "c2")->kind, 0);
	assert_int_equal(st.pl[0].grave[0], kind_of("cinder-pup"));
	assert_int_equal(at(&st, "c3")->dmg, 2);
	assert_int_equal(at(&st, "c1")->ctrl, 1); /* not flipped */
	assert_int_equal(st.nstack, 0);
	assert_int_equal(st.phase, EV_PH_MAIN);
}

/* Two defenders in the chosen order; damage accumulates; Firestorm then uses current DEF. */
static void test_multiple_conflicts_and_current_def(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"b3\",\"card\":\"reef-guard\",\"owner\":\"p2\"},"
	               "{\"cell\":\"d3\",\"card\":\"reef-guard\",\"owner\":\"p2\"},"
	               "{\"cell\":\"c5\",\"card\":\"elder-grove\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"inferno-drake\"]},{}],\"active\":\"p1\"}");
	play(&st, "play inferno-drake c3");
	play(&st, "next");
	assert_true(is_legal(&st, "conflict b3"));
	assert_true(is_legal(&st, "conflict d3"));
	play(&st, "conflict d3");
	assert_int_equal(at(&st, "c3")->dmg, 2);
	assert_int_equal(at(&st, "d3")->kind, 0);
	play(&st, "conflict b3");
	assert_int_equal(at(&st, "c3")->dmg, 4);
	play(&st, "ability N");
	assert_int_equal(st.stack[0].burn_left, 1); /* DEF 5 - 4 damage */
	play(&st, "burn c5");
	assert_int_equal(at(&st, "c5")->dmg, 1);
	assert_int_equal(st.stack[0].burn_left, 0);
}

/* Flip: a face-up monster not pointing back changes controller and turns; an ordinary covered
 * card is destroyed; a Growth-placed card and a block are left alone. */
static void test_flip_step(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":["
	               "{\"cell\":\"c4\",\"card\":\"seedling\",\"owner\":\"p2\",\"covered\":true},"
	               "{\"cell\":\"d4\",\"card\":\"briar-stag\",\"owner\":\"p2\",\"covered\":true,"
	               "\"growth\":true},"
	               "{\"cell\":\"b4\",\"card\":\"block-earth\",\"owner\":\"p2\"},"
	               "{\"cell\":\"c2\",\"card\":\"spark-mite\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"lich-queen\"]},{}],\"active\":\"p1\"}");
	play(&st, "play lich-queen c3");
	assert_int_equal(legal_count(&st), 1); /* N! Resurrection: target occupied */
	play(&st, "next");
	assert_int_equal(at(&st, "c4")->kind, 0);
	assert_int_equal(st.pl[1].grave[0], kind_of("seedling"));
	assert_true(has_card(&st, "d4", "briar-stag"));
	assert_int_equal(at(&st, "d4")->ctrl, 1);
	assert_true(has_card(&st, "b4", "block-earth"));
	assert_int_equal(at(&st, "c2")->ctrl, 0);
	assert_int_equal(at(&st, "c2")->owner, 1);
	int sc[2];
	ev_scores(&st, sc);
	assert_int_equal(sc[0], 2);
	assert_int_equal(sc[1], 0);
}

/* A card in the out zone skips conflicts and flips. */
static void test_out_zone(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"c1\",\"card\":\"pebble-golem\",\"owner\":\"p2\"},"
	               "{\"cell\":\"b1\",\"card\":\"spark-mite\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"quake-ram\"]},{}],\"active\":\"p1\"}");
	play(&st, "play quake-ram c0");
	assert_true(is_legal(&st, "ability N")); /* abilities still work */
	play(&st, "next");
	assert_int_equal(st.stack[0].step, EV_ST_ABILITY2);
	assert_int_equal(at(&st, "c0")->dmg, 0);
	assert_int_equal(at(&st, "c1")->dmg, 0);
	assert_int_equal(at(&st, "b1")->ctrl, 1);
}

/* ---- abilities ---- */

static void test_firestorm_points_lost(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"c4\",\"card\":\"seedling\",\"owner\":\"p2\","
	               "\"covered\":true,\"growth\":true},"
	               "{\"cell\":\"a5\",\"card\":\"sentry\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"flame-warden\"]},{}],\"active\":\"p1\"}");
	play(&st, "play flame-warden c2");
	/* NW! targets b3: nothing there or next to it; NE! targets d3: c3, e3, d4, d2 */
	assert_false(is_legal(&st, "ability NW"));
	assert_false(is_legal(&st, "ability NE"));
	ev_state s2;
	must_load(&s2, "{\"board\":[{\"cell\":\"d4\",\"card\":\"seedling\",\"owner\":\"p2\","
	               "\"covered\":true,\"growth\":true}],"
	               "\"players\":[{\"hand\":[\"flame-warden\"]},{}],\"active\":\"p1\"}");
	play(&s2, "play flame-warden c2");
	play(&s2, "ability NE");
	assert_int_equal(s2.stack[0].burn_left, 4);
	assert_int_equal(legal_count(&s2), 1);
	play(&s2, "burn d4"); /* a covered card dies to one point; the other three are lost */
	assert_int_equal(at(&s2, "d4")->kind, 0);
	assert_int_equal(s2.stack[0].burn_left, 0);
	assert_true(is_legal(&s2, "next"));
	(void)st;
}

/* Swap: the target reactivates (the card using Swap does not), at most once per turn. */
static void test_swap_and_reactivation(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"c3\",\"card\":\"pebble-golem\",\"owner\":\"p1\"}],"
	               "\"players\":[{\"hand\":[\"tide-sprite\"]},{}],\"active\":\"p1\"}");
	int pebble = at(&st, "c3")->inst;
	play(&st, "play tide-sprite c2");
	int sprite = at(&st, "c2")->inst;
	play(&st, "ability N");
	assert_int_equal(at(&st, "c3")->inst, sprite);
	assert_int_equal(at(&st, "c2")->inst, pebble);
	assert_int_equal(st.nstack, 2);
	assert_int_equal(st.stack[1].inst, pebble);
	assert_true(at(&st, "c2")->flags & EV_F_REACTIVATED);
	assert_false(at(&st, "c3")->flags & EV_F_REACTIVATED);
	/* the pebble's Shockwave pushes the sprite: it reactivates (it was not the mover) */
	play(&st, "ability N");
	assert_true(has_card(&st, "c4", "tide-sprite"));
	assert_int_equal(st.nstack, 3);
	assert_int_equal(st.stack[2].inst, sprite);
	assert_int_equal(st.stack[0].inst, sprite); /* the entry follows its card */
	/* the sprite's new activation: its Swap target c5 is empty, so only next */
	play(&st, "next");
	play(&st, "next");
	assert_int_equal(st.nstack, 2);
	/* already reactivated: moving the pebble again pushes nothing */
	ev_state s2;
	must_load(&s2, "{\"board\":[{\"cell\":\"c3\",\"card\":\"pebble-golem\",\"owner\":\"p1\","
	               "\"reactivated\":true}],"
	               "\"players\":[{\"hand\":[\"tide-sprite\"]},{}],\"active\":\"p1\"}");
	play(&s2, "play tide-sprite c2");
	play(&s2, "ability N");
	assert_int_equal(s2.nstack, 1);
}

/* Moved earlier in the turn, then flipped to the active player: it reactivates. */
static void test_moved_then_flipped(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"c3\",\"card\":\"spark-mite\",\"owner\":\"p2\","
	               "\"moved\":true}],"
	               "\"players\":[{\"hand\":[\"cinder-pup\"]},{}],\"active\":\"p1\"}");
	play(&st, "play cinder-pup c2");
	play(&st, "next");
	assert_int_equal(at(&st, "c3")->ctrl, 0);
	assert_int_equal(st.nstack, 2);
	assert_int_equal(st.stack[1].inst, at(&st, "c3")->inst);
	/* p1 now controls it: its printed NE! is the board NE */
	assert_int_equal(st.stack[1].step, EV_ST_ABILITY1);
}

static void test_shockwave(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"c3\",\"card\":\"seedling\",\"owner\":\"p2\"},"
	               "{\"cell\":\"c4\",\"card\":\"block-fire\",\"owner\":\"p1\"}],"
	               "\"players\":[{\"hand\":[\"pebble-golem\"]},{}],\"active\":\"p1\"}");
	play(&st, "play pebble-golem c2");
	play(&st, "ability N");
	assert_true(has_card(&st, "c4", "seedling"));
	assert_int_equal(at(&st, "c3")->kind, 0);
	assert_int_equal(st.pl[0].grave[0], kind_of("block-fire"));
	assert_true(at(&st, "c4")->flags & EV_F_MOVED);
	/* pushed off the board: removed from the game */
	ev_state s2;
	must_load(&s2, "{\"board\":[{\"cell\":\"c6\",\"card\":\"seedling\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"pebble-golem\"]},{}],\"active\":\"p1\"}");
	play(&s2, "play pebble-golem c5");
	play(&s2, "ability N");
	assert_int_equal(at(&s2, "c6")->kind, 0);
	assert_int_equal(s2.pl[1].nremoved, 1);
	assert_int_equal(s2.pl[1].ngrave, 0);
}

static void test_magnetism(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"d4\",\"card\":\"block-water\",\"owner\":\"p2\"},"
	               "{\"cell\":\"d2\",\"card\":\"reef-guard\",\"owner\":\"p2\"},"
	               "{\"cell\":\"e3\",\"card\":\"seedling\",\"owner\":\"p1\",\"covered\":true}],"
	               "\"players\":[{\"hand\":[\"volt-lynx\"]},{}],\"active\":\"p1\"}");
	play(&st, "play volt-lynx c3");
	assert_true(is_legal(&st, "ability E d2"));
	assert_true(is_legal(&st, "ability E e3"));
	assert_false(is_legal(&st, "ability E d4")); /* a block */
	assert_false(is_legal(&st, "ability E c3")); /* the active card */
	play(&st, "ability E d2");
	assert_true(has_card(&st, "d3", "reef-guard"));
	assert_int_equal(at(&st, "d3")->ctrl, 1);
	assert_int_equal(st.nstack, 1); /* the opponent's card does not reactivate */
}

static void test_growth_and_free_reveal(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(
	    &st,
	    "{\"board\":[],\"players\":[{\"hand\":[\"seedling\",\"mountain-titan\","
	    "\"block-fire\"],\"credits\":5,\"turns\":1},{}],\"active\":\"p1\",\"first\":\"p1\"}");
	play(&st, "play seedling c2");
	assert_true(is_legal(&st, "ability N mountain-titan"));
	assert_false(is_legal(&st, "ability N block-fire"));
	play(&st, "ability N mountain-titan");
	const ev_cell *x = at(&st, "c3");
	assert_true(x->flags & EV_F_COVERED);
	assert_true(x->flags & EV_F_GROWTH);
	assert_int_equal(st.pl[0].credits, 0);
	play(&st, "next"); /* conflicts: none; the flip leaves own cards alone */
	play(&st, "next");
	play(&st, "end");
	play(&st, "end");
	assert_int_equal(st.pl[0].credits, 5);
	assert_true(is_legal(&st, "reveal c3")); /* cost 22, free when Growth-placed */
	play(&st, "reveal c3");
	assert_int_equal(st.pl[0].credits, 5);
	assert_false(at(&st, "c3")->flags & (EV_F_COVERED | EV_F_GROWTH));
	assert_int_equal(st.phase, EV_PH_CHAIN);
}

static void test_resurrection_budget(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"players\":[{\"hand\":[\"grave-bat\"],\"graveyard\":[\"cinder-pup\","
	               "\"seedling\",\"quake-ram\",\"block-fire\"]},{}],\"active\":\"p1\"}");
	play(&st, "play grave-bat c3");
	/* S! points at c2; budget: the bat's cost 6 */
	assert_true(is_legal(&st, "ability S cinder-pup"));
	assert_true(is_legal(&st, "ability S seedling"));
	assert_false(is_legal(&st, "ability S quake-ram"));
	assert_false(is_legal(&st, "ability S block-fire"));
	play(&st, "ability S cinder-pup");
	assert_true(has_card(&st, "c2", "cinder-pup"));
	assert_int_equal(st.stack[0].spent, 6);
	assert_int_equal(st.nstack, 2); /* the resurrected card activates */
	assert_int_equal(st.stack[1].inst, at(&st, "c2")->inst);
	assert_int_equal(st.pl[0].ngrave, 3);
}

static void test_block_ability(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"c5\",\"card\":\"block-nature\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"sentry\",\"block-fire\",\"block-water\"]},{}],"
	               "\"active\":\"p1\"}");
	assert_false(is_legal(&st, "play block-fire c3"));
	assert_false(is_legal(&st, "cover block-fire c3"));
	play(&st, "play sentry c3");
	assert_true(is_legal(&st, "ability S block-fire"));
	assert_true(is_legal(&st, "ability S block-water"));
	play(&st, "ability S block-water");
	assert_true(has_card(&st, "c2", "block-water"));
	assert_int_equal(st.pl[0].nhand, 1);
	/* a block on the target goes to its owner's graveyard */
	ev_state s2;
	must_load(&s2, "{\"board\":[{\"cell\":\"c2\",\"card\":\"block-nature\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"sentry\"]},{}],\"active\":\"p1\"}");
	play(&s2, "play sentry c3");
	play(&s2, "ability S");
	assert_int_equal(at(&s2, "c2")->kind, 0);
	assert_int_equal(s2.pl[1].grave[0], kind_of("block-nature"));
}

static void test_remove(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"c4\",\"card\":\"elder-grove\",\"owner\":\"p2\","
	               "\"covered\":true}],"
	               "\"players\":[{\"hand\":[\"assassin\"]},{}],\"active\":\"p1\"}");
	play(&st, "play assassin c3");
	play(&st, "ability N");
	assert_int_equal(at(&st, "c4")->kind, 0);
	assert_int_equal(st.pl[1].grave[0], kind_of("elder-grove"));
}

/* ---- the end ---- */

static void test_full_board_mid_chain(void **unused)
{
	(void)unused;
	char json[4096];
	size_t n = (size_t)snprintf(json, sizeof json, "{\"board\":[");
	int placed = 0;
	for (int r = 1; r <= 5; r++)
		for (int c = 1; c <= 5; c++) {
			if (r == 1 && c == 1)
				continue; /* a1 stays empty */
			char cell[4];
			ev_cell_name(r * 7 + c, cell);
			n += (size_t)snprintf(json + n, sizeof json - n,
			                      "%s{\"cell\":\"%s\",\"card\":\"%s\",\"owner\":\"p2\","
			                      "\"covered\":true}",
			                      placed ? "," : "", cell, TB->kind[placed % 20].id);
			placed++;
		}
	snprintf(json + n, sizeof json - n,
	         "],\"players\":[{\"hand\":[\"seedling\",\"quake-ram\"]},{}],\"active\":\"p1\"}");
	ev_state st;
	must_load(&st, json);
	play(&st, "play seedling a0");
	play(&st, "ability N quake-ram");
	assert_int_equal(st.phase, EV_PH_OVER);
	assert_int_equal(st.ended, EV_END_FULL);
	assert_int_equal(st.nstack, 0);
	assert_int_equal(G->to_move(&st), QV_OVER);
	int r[2];
	G->ranks(&st, r);
	assert_int_equal(r[0], 1); /* 0 - 0: a draw */
	assert_int_equal(r[1], 1);
}

static void test_idle_end_and_cap(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"players\":[{\"hand\":[\"seedling\"]},{\"hand\":[\"seedling\"]}],"
	               "\"active\":\"p1\"}");
	play(&st, "end");
	assert_int_equal(st.idle, 1);
	play(&st, "end");
	assert_int_equal(st.ended, EV_END_IDLE);
	assert_false(G->capped(&st));
	/* the cap: turns with hand plays */
	qv_params p = {0};
	assert_int_equal(qv_params_set(&p, "max_turns", "3", NULL), QV_OK);
	assert_int_equal(G->init(&st, &p, 9, NULL), QV_OK);
	play(&st, "keep");
	play(&st, "keep");
	play(&st, "coin p1");
	for (int t = 0; t < 3; t++) {
		qv_action list[EV_MAX_ACTIONS];
		int k = G->legal(&st, list), i = 0;
		char text[64];
		while (i < k && (G->action_to_text(&st, list[i], text, sizeof text) < 0 ||
		                 strncmp(text, "cover", 5) != 0))
			i++;
		assert_true(i < k);
		assert_int_equal(qv_apply_checked(G, &st, list[i], NULL, NULL), QV_OK);
		play(&st, "end");
	}
	assert_int_equal(st.phase, EV_PH_OVER);
	assert_true(G->capped(&st));
}

/* ---- input ---- */

static void test_bad_input(void **unused)
{
	(void)unused;
	ev_state st;
	qv_params p = {0};
	qv_err err = {{0}};
	assert_int_equal(qv_params_set(&p, "deck1", "seedling,dragon,sentry", NULL), QV_OK);
	assert_int_equal(G->init(&st, &p, 1, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "unknown card id 'dragon'"));
	assert_non_null(strstr(err.msg, "blaze"));
	assert_int_equal(
	    qv_params_set(&p, "deck1", "seedling,seedling,seedling,seedling,seedling", NULL),
	    QV_OK);
	assert_int_equal(G->init(&st, &p, 1, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "at most 4"));
	assert_int_equal(qv_params_set(&p, "deck1", "seedling,sentry,block-fire,block-fire", NULL),
	                 QV_OK);
	assert_int_equal(G->init(&st, &p, 1, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "5 to 60"));
	assert_int_equal(qv_params_set(&p, "deck1",
	                               "block-fire,block-fire,block-fire,block-fire,block-fire,"
	                               "seedling",
	                               NULL),
	                 QV_OK);
	assert_int_equal(G->init(&st, &p, 1, &err), QV_OK);
	qv_params q = {0};
	assert_int_equal(qv_params_set(&q, "max_turns", "0", NULL), QV_OK);
	assert_int_equal(G->init(&st, &q, 1, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "max_turns"));
	/* notation */
	qv_action a;
	assert_int_equal(G->action_from_text(&st, "play dragon c3", &a, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "unknown card"));
	assert_int_equal(G->action_from_text(&st, "play seedling z9", &a, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "cell"));
	assert_int_equal(G->action_from_text(&st, "ability UP", &a, &err), QV_EINVAL);
	assert_int_equal(G->action_from_text(&st, "burn", &a, &err), QV_EINVAL);
	/* an unaffordable play is refused and changes nothing */
	must_load(&st, "{\"players\":[{\"hand\":[\"inferno-drake\"],\"credits\":10},{}],"
	               "\"active\":\"p1\"}");
	ev_state before = st;
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "play inferno-drake c3"), NULL, &err),
	                 QV_EILLEGAL);
	assert_non_null(strstr(err.msg, "cost"));
	assert_memory_equal(&st, &before, sizeof st);
	assert_true(is_legal(&st, "cover inferno-drake c3"));
	assert_int_equal(qv_apply_checked(G, &st, parse(&st, "play seedling c3"), NULL, &err),
	                 QV_EILLEGAL);
	assert_non_null(strstr(err.msg, "does not hold"));
	assert_memory_equal(&st, &before, sizeof st);
}

static void expect_load_error(const char *state, const char *text)
{
	ev_state st;
	qv_err err = {{0}};
	assert_int_equal(load(&st, state, &err), QV_EINVAL);
	if (!strstr(err.msg, text))
		fail_msg("load: message '%s' lacks '%s'", err.msg, text);
}

/* The hand and the deck, read and checked against the deck list by the card games' shared
 * loader (games/deck.c): each refusal names the field or the player's deck list and what is
 * expected; a deck left out is the rest of the deck list, lowest kind on top. */
static void test_load_hand_and_deck(void **unused)
{
	(void)unused;
	expect_load_error("{\"board\":[{\"cell\":\"c3\",\"card\":\"block-fire\",\"owner\":"
	                  "\"p1\"}],\"players\":[{\"hand\":[\"block-fire\"]},{}]}",
	                  "p1 has 2 x block-fire on the board, in hand, the graveyard and removed, "
	                  "but its decklist (deck1) holds 1");
	expect_load_error("{\"players\":[{\"hand\":[\"seedling\"],\"deck\":[]},{}]}",
	                  "players[0].deck: p1's decklist (deck1) holds 2 x cinder-pup but the "
	                  "state places only 0 (leave out players[0].deck to put the rest there)");
	expect_load_error(
	    "{\"players\":[{},{\"deck\":[\"sentry\",\"sentry\",\"sentry\"]}]}",
	    "p2 has 3 x sentry on the board, in hand, the graveyard and removed, deck "
	    "included, but its decklist (deck2) holds 2");
	expect_load_error("{\"players\":[{\"hand\":[\"dragon\"]},{}]}",
	                  "players[0].hand[0] must be a card id of the card table");
	expect_load_error("{\"players\":[{\"hand\":{}},{}]}",
	                  "players[0].hand must be an array of at most 60 card ids");
	expect_load_error("{\"players\":[{},{\"deck\":[7]}]}",
	                  "players[1].deck[0] must be a card id of the card table");
	ev_state st;
	must_load(&st, "{\"players\":[{\"hand\":[\"seedling\"]},{}]}");
	assert_int_equal(st.pl[0].nhand, 1);
	assert_int_equal(st.pl[0].hand[kind_of("seedling")], 1);
	assert_int_equal(st.pl[0].ndeck, 45);
	assert_int_equal(st.pl[0].deck[44], kind_of("cinder-pup"));
	assert_int_equal(st.pl[0].deck[0], TB->nkinds - 1);
}

static void test_load_rejects_impossible_states(void **unused)
{
	(void)unused;
	static const char *const bad[] = {
	    "{\"board\":[{\"cell\":\"c3\",\"card\":\"block-fire\",\"owner\":\"p1\",\"covered\":true}]}",
	    "{\"board\":[{\"cell\":\"c3\",\"card\":\"seedling\",\"owner\":\"p1\",\"growth\":true}]}",
	    "{\"board\":[{\"cell\":\"c3\",\"card\":\"seedling\",\"owner\":\"p1\",\"damage\":2}]}",
	    "{\"board\":[{\"cell\":\"c3\",\"card\":\"seedling\",\"owner\":\"p1\",\"covered\":true,"
	    "\"controller\":\"p2\"}]}",
	    "{\"board\":[{\"cell\":\"q3\",\"card\":\"seedling\",\"owner\":\"p1\"}]}",
	    "{\"players\":[{\"hand\":[\"block-fire\",\"block-fire\"]},{}]}",
	    "{\"phase\":\"chain\"}",
	    "{\"board\":[{\"cell\":\"c3\",\"card\":\"seedling\",\"owner\":\"p2\"}],\"phase\":"
	    "\"chain\",\"played\":true,\"stack\":[{\"cell\":\"c3\"}]}",
	    "{\"board\":[{\"cell\":\"c3\",\"card\":\"seedling\",\"owner\":\"p1\"}],\"phase\":"
	    "\"chain\",\"played\":true,\"stack\":[{\"cell\":\"c3\",\"step\":\"conflicts\"}]}",
	    "{\"phase\":\"over\"}",
	    "{\"phase\":\"mulligan\",\"first\":\"p1\"}",
	    "{\"nonsense\":1}",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ev_state st;
		qv_err err = {{0}};
		if (load(&st, bad[i], &err) != QV_EINVAL)
			fail_msg("accepted: %s", bad[i]);
		assert_true(err.msg[0] != '\0');
	}
}

/* The board's geometry table agrees with qv_dir_dx and qv_dir_dy: each cell's neighbour in
 * every direction, or -1 off the board. */
static void test_geometry_table(void **unused)
{
	(void)unused;
	for (int c = 0; c < EV_NCELLS; c++)
		for (int d = 0; d < QV_NDIRS; d++) {
			int f = c % EV_SIDE + qv_dir_dx[d], r = c / EV_SIDE + qv_dir_dy[d];
			bool in = f >= 0 && f < EV_SIDE && r >= 0 && r < EV_SIDE;
			assert_int_equal(ev_step(c, d), in ? r * EV_SIDE + f : -1);
		}
}

static void test_heuristic(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"c3\",\"card\":\"maelstrom\",\"owner\":\"p1\"},"
	               "{\"cell\":\"c2\",\"card\":\"tide-sprite\",\"owner\":\"p1\"}],"
	               "\"players\":[{},{}],\"active\":\"p2\"}");
	double h0 = G->heuristic(&st, 0), h1 = G->heuristic(&st, 1);
	assert_true(h0 > 0 && h0 <= 1);
	assert_true(h1 < 0 && h1 >= -1);
}

/* ---- narration ---- */

/* The columns of a UTF-8 line (every code point one column, ANSI colour sequences none). */
static int columns(const char *s)
{
	int w = 0;
	for (; *s; s++) {
		if (*s == '\033') {
			while (s[1] &&
			       !((s[1] >= 'A' && s[1] <= 'Z') || (s[1] >= 'a' && s[1] <= 'z')))
				s++;
			if (s[1])
				s++;
			continue;
		}
		w += ((unsigned char)*s & 0xC0) != 0x80;
	}
	return w;
}

/* Applies text at st with a qv_events and words its narration for viewer v into out (one line
 * each, "\n" after each). */
static void narrate(ev_state *st, const char *text, int v, qv_buf *out)
{
	qv_events ev = {0};
	assert_int_equal(qv_apply_checked(G, st, parse(st, text), &ev, NULL), QV_OK);
	const char *s = qv_buf_str(&ev.text);
	while (*s) {
		size_t len = strcspn(s, "\n");
		if (qv_word_line(s, len, v, out))
			qv_buf_putc(out, '\n');
		s += len + (s[len] == '\n');
	}
	qv_events_free(&ev);
}

/* Random games: every narrated line fits 74 columns for every viewer, narrating changes
 * nothing in the state, and a player's narration never names a card kind that the player
 * cannot see anywhere after the action (another's hand, covered card or deck). */
static void test_narration_lines_and_secrecy(void **unused)
{
	(void)unused;
	qv_rng rng;
	qv_rng_seed(&rng, 5);
	long lines = 0, hidden_checked = 0;
	int games = qv_test_games(60, 8);
	qv_action acts[EV_MAX_ACTIONS];
	for (int game = 0; game < games; game++) {
		ev_state st, quiet;
		init_params(&st, game % 2 ? "blaze" : "bedrock", game % 3 ? "bedrock" : "blaze",
		            game % 5 ? "true" : "false", (uint64_t)game + 100);
		while (G->to_move(&st) != QV_OVER) {
			qv_action a;
			if (G->to_move(&st) == QV_CHANCE) {
				double prob[EV_MAX_CHANCE];
				a = qv_sample_chance(G, &st, &rng, acts, prob);
			} else {
				int n = G->legal(&st, acts);
				a = acts[qv_rng_below(&rng, (uint32_t)n)];
			}
			qv_events ev = {0};
			memcpy(&quiet, &st, sizeof st);
			G->apply(&quiet, a, NULL);
			G->apply(&st, a, &ev);
			assert_memory_equal(&quiet, &st, sizeof st);
			for (int v = -2; v < 2; v++) {
				qv_buf w = {0};
				const char *s = qv_buf_str(&ev.text);
				while (*s) {
					size_t len = strcspn(s, "\n");
					qv_buf_clear(&w);
					if (qv_word_line(s, len, v, &w)) {
						lines++;
						if (columns(qv_buf_str(&w)) > 74)
							fail_msg(
							    "a narration line is %d columns: '%s'",
							    columns(qv_buf_str(&w)),
							    qv_buf_str(&w));
						if (v >= 0) {
							bool vis[EV_MAX_KINDS];
							visible_kinds(&st, v, vis);
							for (int k = 0; k < TB->nkinds; k++) {
								if (vis[k])
									continue;
								hidden_checked++;
								if (strstr(qv_buf_str(&w),
								           TB->kind[k].id))
									fail_msg(
									    "p%d reads the hidden %s: "
									    "'%s'",
									    v + 1, TB->kind[k].id,
									    qv_buf_str(&w));
							}
						}
					}
					s += len + (s[len] == '\n');
				}
				qv_buf_free(&w);
			}
			qv_events_free(&ev);
		}
	}
	assert_true(lines > 100L * games);
	assert_true(hidden_checked > 100L * games);
}

/* The mulligan with shuffle: its player reads the cards drawn, the opponent only how many. */
static void test_narration_mulligan(void **unused)
{
	(void)unused;
	ev_state st, copy;
	init_params(&st, "blaze", "bedrock", "true", 4);
	char text[256] = "mulligan";
	int named = 0;
	for (int k = 0; k < TB->nkinds && named < 2; k++)
		for (int i = 0; i < st.pl[0].hand[k] && named < 2; i++, named++)
			snprintf(text + strlen(text), sizeof text - strlen(text), " %s",
			         TB->kind[k].id);
	qv_buf mine = {0}, theirs = {0};
	memcpy(&copy, &st, sizeof st);
	narrate(&copy, text, 0, &mine);
	memcpy(&copy, &st, sizeof st);
	narrate(&copy, text, 1, &theirs);
	assert_string_equal(qv_buf_str(&theirs),
	                    "p1 puts 2 cards back, shuffles the deck and draws 2\n");
	/* p1 reads the same line, then the two cards drawn, which are in its hand */
	const char *second = strchr(qv_buf_str(&mine), '\n') + 1;
	assert_int_equal(strncmp(second, "p1 draws ", 9), 0);
	int found = 0;
	for (int k = 0; k < TB->nkinds; k++)
		if (strstr(second, TB->kind[k].id)) {
			assert_true(copy.pl[0].hand[k] > 0);
			found++;
		}
	assert_true(found >= 1);
	qv_buf_free(&mine);
	qv_buf_free(&theirs);
}

/* ---- reference ---- */

static void test_reference(void **unused)
{
	(void)unused;
	qv_buf b = {0};
	/* every entry, in order, each starting with its name, every line within 80 columns */
	assert_int_equal(G->reference(NULL, NULL, &b), TB->nkinds + EV_NABILITIES);
	const char *s = qv_buf_str(&b), *prev = s;
	for (int k = 0; k < TB->nkinds; k++) {
		char head[48];
		snprintf(head, sizeof head, "%s: ", TB->kind[k].id);
		const char *at =
		    k == 0 ? (strncmp(s, head, strlen(head)) == 0 ? s : NULL) : strstr(prev, head);
		if (!at || (at != s && at[-1] != '\n'))
			fail_msg("no entry starting with '%s' in order", head);
		prev = at;
	}
	for (const char *l = s; *l;) {
		size_t len = strcspn(l, "\n");
		char line[256];
		snprintf(line, sizeof line, "%.*s", (int)len, l);
		if (columns(line) > 80)
			fail_msg("a reference line is %d columns: '%s'", columns(line), line);
		l += len + (l[len] == '\n');
	}
	qv_buf_clear(&b);
	/* one card, any case: its numbers, its arrows and its ability's text */
	assert_int_equal(G->reference(NULL, "Storm-Coil", &b), 1);
	assert_int_equal(strncmp(qv_buf_str(&b),
	                         "storm-coil: Electric monster, cost 19, ATK 4, DEF 5\n"
	                         "  arrows: N Magnetism, E, S, W\n"
	                         "  Magnetism: The target is empty: moves onto it a card",
	                         strlen("storm-coil: Electric monster, cost 19, ATK 4, DEF 5\n"
	                                "  arrows: N Magnetism, E, S, W\n"
	                                "  Magnetism: The target is empty: moves onto it a card")),
	                 0);
	qv_buf_clear(&b);
	/* a card with two abilities on three arrows explains each ability once */
	assert_int_equal(G->reference(NULL, "mountain-titan", &b), 1);
	assert_non_null(strstr(qv_buf_str(&b), "arrows: N Shockwave, E Shockwave, S, W Shockwave"));
	assert_null(strstr(strstr(qv_buf_str(&b), "  Shockwave:") + 1, "  Shockwave:"));
	qv_buf_clear(&b);
	/* a word of an id, a diagram code, the compact code */
	static const char *const alias[][2] = {
	    {"titan", "mountain-titan: "}, {"coil", "storm-coil: "},
	    {"STOR", "storm-coil: "},      {"ward", "flame-warden: "},
	    {"queen", "lich-queen: "},     {"block-water", "block-water: Water block"}};
	for (size_t i = 0; i < sizeof alias / sizeof *alias; i++) {
		qv_buf_clear(&b);
		assert_int_equal(G->reference(NULL, alias[i][0], &b), 1);
		assert_int_equal(strncmp(qv_buf_str(&b), alias[i][1], strlen(alias[i][1])), 0);
	}
	/* an ability: its text and the cards that carry it */
	qv_buf_clear(&b);
	assert_int_equal(G->reference(NULL, "magnetism", &b), 1);
	assert_int_equal(strncmp(qv_buf_str(&b), "Magnetism: ", 11), 0);
	assert_non_null(strstr(qv_buf_str(&b), "spark-mite, volt-lynx, storm-coil"));
	qv_buf_clear(&b);
	assert_int_equal(G->reference(NULL, "normal", &b), 1);
	assert_non_null(strstr(qv_buf_str(&b), "points back defends its position"));
	/* nothing by that name: nothing written */
	qv_buf_clear(&b);
	assert_int_equal(G->reference(NULL, "dragon", &b), 0);
	assert_int_equal(b.len, 0);
	qv_buf_free(&b);
}

/* ---- action notes ---- */

/* The note of text at st; *confirm gets the flag. */
static char *note_of(const ev_state *st, const char *text, bool *confirm)
{
	static char buf[256];
	bool c = true;
	int n = G->action_note(st, parse(st, text), buf, sizeof buf, &c);
	assert_int_equal(n, (int)strlen(buf));
	*confirm = c;
	return buf;
}

static void test_action_notes(void **unused)
{
	(void)unused;
	ev_state st;
	bool confirm;
	/* the position of scenario 42: p2's elder-grove on c2 points back at c3, the seedling on
	 * d3 does not, p2's covered quake-ram on b3 */
	must_load(&st, "{\"board\":[{\"cell\":\"c2\",\"card\":\"elder-grove\",\"owner\":\"p2\"},"
	               "{\"cell\":\"d3\",\"card\":\"seedling\",\"owner\":\"p2\"},{\"cell\":\"b3\","
	               "\"card\":\"quake-ram\",\"owner\":\"p2\",\"covered\":true}],\"players\":"
	               "[{\"hand\":[\"storm-coil\",\"cinder-pup\"],\"turns\":3},{\"hand\":"
	               "[\"seedling\"],\"turns\":2}],\"active\":\"p1\"}");
	assert_string_equal(note_of(&st, "play storm-coil c3", &confirm),
	                    "costs 19 (31 left); conflict c2 3/7 (holds); flips d3; destroys "
	                    "covered b3");
	assert_false(confirm);
	assert_string_equal(note_of(&st, "play cinder-pup x3", &confirm),
	                    "costs 6 (44 left); out zone: no conflicts, no flips");
	assert_string_equal(note_of(&st, "cover storm-coil e5", &confirm),
	                    "face down, free; revealing it costs 19");
	assert_string_equal(note_of(&st, "end", &confirm),
	                    "no hand play: the game ends if p2 makes none either");
	assert_false(confirm);
	/* the ability phase and a conflict: never the identity of p2's covered card */
	play(&st, "play storm-coil c3");
	assert_string_equal(note_of(&st, "next", &confirm),
	                    "conflict c2 3/7 (holds); flips d3; destroys covered b3");
	play(&st, "next");
	assert_string_equal(note_of(&st, "conflict c2", &confirm),
	                    "4 against DEF 7: it holds; 3 against your DEF 5: yours holds");
	/* an end that ends the game asks for a confirmation */
	must_load(&st, "{\"players\":[{\"hand\":[\"seedling\"]},{\"hand\":[\"seedling\"]}],"
	               "\"active\":\"p1\",\"idle\":1}");
	assert_string_equal(note_of(&st, "end", &confirm),
	                    "p2 has made no hand play either, so the game ends in a draw, 0-0");
	assert_true(confirm);
	/* Remove at a covered card says only "a covered card"; the burn of one destroys it */
	must_load(&st, "{\"board\":[{\"cell\":\"c4\",\"card\":\"bone-knight\",\"owner\":\"p2\","
	               "\"covered\":true},{\"cell\":\"c3\",\"card\":\"assassin\",\"owner\":\"p1\"}"
	               "],\"players\":[{},{}],\"active\":\"p1\",\"phase\":\"chain\",\"played\":"
	               "true,\"stack\":[{\"cell\":\"c3\"}]}");
	assert_string_equal(note_of(&st, "ability N", &confirm),
	                    "Remove: destroys a covered card on c4");
	assert_false(confirm);
}

/* A play that fills the main zone ends the game: the note says so and asks to confirm. */
static void test_action_note_full_zone(void **unused)
{
	(void)unused;
	char json[4096];
	size_t n = (size_t)snprintf(json, sizeof json, "{\"board\":[");
	int placed = 0;
	for (int r = 1; r <= 5; r++)
		for (int c = 1; c <= 5; c++) {
			if (r == 3 && c == 3)
				continue;
			char cell[4];
			ev_cell_name(r * 7 + c, cell);
			n += (size_t)snprintf(json + n, sizeof json - n,
			                      "%s{\"cell\":\"%s\",\"card\":\"%s\",\"owner\":\"p2\","
			                      "\"covered\":true}",
			                      placed ? "," : "", cell, TB->kind[placed % 20].id);
			placed++;
		}
	snprintf(json + n, sizeof json - n,
	         "],\"players\":[{\"hand\":[\"seedling\"]},{}],\"active\":\"p1\"}");
	ev_state st;
	must_load(&st, json);
	bool confirm;
	const char *t = note_of(&st, "cover seedling c3", &confirm);
	assert_true(confirm);
	assert_non_null(strstr(t, "it fills the main zone, so the game ends in a draw, 0-0"));
	t = note_of(&st, "play seedling c3", &confirm);
	assert_true(confirm);
	assert_non_null(strstr(t, "it fills the main zone, so the game ends and you win 1-0"));
	assert_false(note_of(&st, "play seedling x0", &confirm)[0] == '\0');
	assert_false(confirm);
}

/* ---- diagrams ---- */

/* Lines of text, and the widest in columns. */
static int text_lines(const char *s, int *widest)
{
	int n = 0;
	*widest = 0;
	while (*s) {
		size_t len = strcspn(s, "\n");
		char line[1024];
		snprintf(line, sizeof line, "%.*s", (int)len, s);
		if (columns(line) > *widest)
			*widest = columns(line);
		n++;
		s += len + (s[len] == '\n');
	}
	return n;
}

/* ---- variants ---- */

/* The variant of the built-in set that text describes; the test fails if it is refused. */
static const qv_variant *variant(const char *text) { return qv_test_variant(G, text); }

/* The variant text must be refused with a message containing msg. */
static void refused(const char *text, const char *msg)
{
	qv_err err = {{0}};
	qv_test_variant_refusal(G, text, &err);
	if (!strstr(err.msg, msg))
		fail_msg("refused with \"%s\", expected \"%s\"", err.msg, msg);
}

/* A game with the components v (NULL: the built-in set) and the decks given, then the state
 * JSON loaded over it (NULL: the game as init sets it up). */
static void setup_variant(ev_state *st, const qv_variant *v, const char *deck1, const char *deck2,
                          const char *state_json)
{
	qv_params p = {0};
	qv_err err = {{0}};
	assert_int_equal(qv_params_set(&p, "deck1", deck1, NULL), QV_OK);
	assert_int_equal(qv_params_set(&p, "deck2", deck2, NULL), QV_OK);
	assert_int_equal(qv_params_set(&p, "shuffle", "false", NULL), QV_OK);
	if (v)
		assert_int_equal(qv_params_set(&p, "variant", v->sha256, NULL), QV_OK);
	if (G->init(st, &p, 1, &err))
		fail_msg("init: %s", err.msg);
	if (state_json && qv_test_load_json(G, st, state_json, &err))
		fail_msg("load failed: %s", err.msg);
}

#define V_HEAD "{\"quiver_variant\":1,\"game\":\"evons\",\"name\":\"t\","

/* The rules page's conflict: volt-lynx (ATK 3) destroys p2's pebble-golem (DEF 3) that points
 * back at it. With the lynx's ATK at 2 in a variant the golem survives the same play, at DEF
 * 1, and keeps its side (it points back, so it is not flipped). */
static void test_variant_atk_decides_conflict(void **unused)
{
	(void)unused;
	static const char *state =
	    "{\"board\":[{\"cell\":\"c3\",\"card\":\"pebble-golem\",\"owner\":\"p2\"}],"
	    "\"players\":[{\"hand\":[\"volt-lynx\"],\"turns\":3},{\"hand\":[\"quake-ram\"],"
	    "\"turns\":2}],\"phase\":\"main\",\"active\":\"p1\",\"first\":\"p1\",\"turns\":4}";
	static const char *d1 = "volt-lynx,pebble-golem,pebble-golem,pebble-golem,pebble-golem",
	                  *d2 = "pebble-golem,seedling,quake-ram,tide-sprite,tide-sprite";
	const qv_variant *weak =
	    variant(V_HEAD "\"cards\":{\"modify\":{\"volt-lynx\":{\"atk\":2}}}}");
	for (int pass = 0; pass < 2; pass++) {
		ev_state st;
		setup_variant(&st, pass ? weak : NULL, d1, d2, state);
		assert_int_equal(st.variant, (pass ? weak : qv_variant_base(G, NULL))->slot);
		play(&st, "play volt-lynx c2");
		play(&st, "next");
		play(&st, "conflict c3");
		assert_int_equal(at(&st, "c2")->dmg, 2);
		if (pass == 0) {
			assert_int_equal(at(&st, "c3")->kind, 0);
			assert_int_equal(st.pl[1].ngrave, 1);
		} else {
			assert_true(has_card(&st, "c3", "pebble-golem"));
			assert_int_equal(at(&st, "c3")->ctrl, 1);
			assert_int_equal(ev_cur_def(&st, ev_cell_parse("c3")), 1);
			assert_int_equal(st.pl[1].ngrave, 0);
			/* the view carries the current numbers */
			json_t *j = G->view_json(&st, 0);
			const json_t *cell = json_array_get(json_object_get(j, "board"), 0);
			assert_string_equal(json_string_value(json_object_get(cell, "cell")), "c2");
			assert_int_equal(json_integer_value(json_object_get(cell, "atk")), 2);
			assert_int_equal(json_integer_value(json_object_get(cell, "def")), 1);
			cell = json_array_get(json_object_get(j, "board"), 1);
			assert_int_equal(json_integer_value(json_object_get(cell, "atk")), 2);
			assert_int_equal(json_integer_value(json_object_get(cell, "def")), 1);
			json_decref(j);
		}
	}
}

/* Ability parameters: a Firestorm with fixed points deals them whatever the DEF, a
 * Resurrection budget other than the cost widens what it may raise, and an ability given to
 * another card works there. */
static void test_variant_ability_params(void **unused)
{
	(void)unused;
	const qv_variant *v = variant(
	    V_HEAD
	    "\"cards\":{\"modify\":{"
	    "\"cinder-pup\":{\"abilities\":{\"N\":{\"kind\":\"firestorm\",\"points\":4}}},"
	    "\"grave-bat\":{\"abilities\":{\"S\":{\"kind\":\"resurrection\",\"budget\":13}}},"
	    "\"tide-sprite\":{\"abilities\":{\"N\":{\"kind\":\"remove\"}}}}}}");
	ev_state st;
	static const char *deck = "cinder-pup,grave-bat,tide-sprite,quake-ram,seedling",
	                  *theirs = "elder-grove,seedling,seedling,seedling,seedling";
	/* Firestorm: 4 points from a cinder-pup at DEF 2 */
	setup_variant(&st, v, deck, theirs,
	              "{\"board\":[{\"cell\":\"c4\",\"card\":\"elder-grove\",\"owner\":\"p2\"}],"
	              "\"players\":[{\"hand\":[\"cinder-pup\"]},{}],\"active\":\"p1\"}");
	play(&st, "play cinder-pup c3");
	play(&st, "ability N");
	assert_int_equal(st.stack[0].burn_left, 4); /* the built-in pup: its DEF, 2 */
	for (int i = 0; i < 4; i++)
		play(&st, "burn c4");
	assert_int_equal(st.stack[0].burn_left, 0);
	assert_int_equal(at(&st, "c4")->dmg, 4);
	char buf[256];
	qv_buf b = {0};
	assert_int_equal(G->reference(&st, "cinder-pup", &b), 1);
	assert_non_null(strstr(qv_buf_str(&b), "N Firestorm (4 points)"));
	qv_buf_free(&b);
	/* one point is said in the singular, in the arrows' line and in the ability's */
	const qv_variant *one = variant(
	    V_HEAD
	    "\"cards\":{\"modify\":{"
	    "\"cinder-pup\":{\"abilities\":{\"N\":{\"kind\":\"firestorm\",\"points\":1}}}}}}");
	setup_variant(&st, one, deck, theirs, "{\"active\":\"p1\"}");
	assert_int_equal(G->reference(&st, "cinder-pup", &b), 1);
	assert_non_null(strstr(qv_buf_str(&b), "N Firestorm (1 point)"));
	assert_non_null(strstr(qv_buf_str(&b), "Firestorm deals 1 point,"));
	assert_null(strstr(qv_buf_str(&b), "1 points"));
	qv_buf_free(&b);
	/* Resurrection: the bat (cost 6) raises a quake-ram (cost 13) with its budget 13 */
	setup_variant(&st, v, deck, theirs,
	              "{\"players\":[{\"hand\":[\"grave-bat\"],\"graveyard\":[\"quake-ram\"]},{}],"
	              "\"active\":\"p1\"}");
	play(&st, "play grave-bat c3");
	assert_true(is_legal(&st, "ability S quake-ram"));
	qv_action a = parse(&st, "ability S quake-ram");
	assert_true(G->action_note(&st, a, buf, sizeof buf, &(bool){false}) > 0);
	/* Remove on the tide-sprite's N arrow instead of Swap */
	setup_variant(&st, v, deck, theirs,
	              "{\"board\":[{\"cell\":\"c4\",\"card\":\"seedling\",\"owner\":\"p2\"}],"
	              "\"players\":[{\"hand\":[\"tide-sprite\"]},{}],\"active\":\"p1\"}");
	play(&st, "play tide-sprite c3");
	play(&st, "ability N");
	assert_int_equal(at(&st, "c4")->kind, 0);
	assert_int_equal(st.pl[1].grave[0], kind_of("seedling"));
	assert_true(has_card(&st, "c3", "tide-sprite")); /* no swap */
}

/* An added monster takes its place after the monsters, before the blocks; an added deck is a
 * value of the deck parameters; the card has its notation, diagram code and reference. */
static void test_variant_added_card_and_deck(void **unused)
{
	(void)unused;
	const qv_variant *v = variant(
	    V_HEAD "\"cards\":{\"add\":[{\"id\":\"ember-cub\",\"code\":\"ember\","
	           "\"type\":\"monster\",\"element\":\"fire\",\"cost\":4,\"atk\":1,\"def\":1,"
	           "\"arrows\":[\"N\",\"E\"],\"abilities\":{\"E\":{\"kind\":\"shockwave\"}}}]},"
	           "\"decks\":{\"add\":[{\"id\":\"tiny\",\"cards\":[\"ember-cub\","
	           "\"ember-cub\",\"seedling\",\"seedling\",\"block-fire\"]}]}}");
	const ev_tables *T = v->tables;
	assert_int_equal(T->nkinds, 27);
	assert_int_equal(T->nmonsters, 21);
	assert_int_equal(ev_find_kind(T, "ember-cub"), 20);
	assert_int_equal(ev_find_kind(T, "block-fire"), 21);
	assert_true(ev_is_block(T, 21));
	ev_state st;
	setup_variant(&st, v, "tiny", "blaze", NULL);
	assert_int_equal(st.pl[0].decklen, 5);
	assert_int_equal(st.pl[0].hand[20], 2);
	assert_int_equal(st.pl[1].decklen, 24);
	char buf[64];
	qv_action a = parse(&st, "keep");
	play(&st, "keep");
	play(&st, "keep");
	play(&st, "coin p1");
	a = parse(&st, "play ember-cub c3");
	assert_true(G->action_to_text(&st, a, buf, sizeof buf) > 0);
	assert_string_equal(buf, "play ember-cub c3");
	play(&st, "play ember-cub c3");
	qv_buf b = {0};
	G->render_text(&st, 0, 0, &b);
	assert_non_null(strstr(qv_buf_str(&b), "1 ember"));
	qv_buf_clear(&b);
	assert_int_equal(G->reference(&st, "ember-cub", &b), 1);
	assert_non_null(strstr(qv_buf_str(&b), "ember-cub: Fire monster, cost 4, ATK 1, DEF 1"));
	qv_buf_clear(&b);
	/* the built-in set has no such card */
	assert_int_equal(G->reference(NULL, "ember-cub", &b), 0);
	qv_buf_free(&b);
	qv_params p = {0};
	qv_err err = {{0}};
	assert_int_equal(qv_params_set(&p, "deck1", "tiny", NULL), QV_OK);
	assert_int_not_equal(G->init(&st, &p, 1, &err), QV_OK);
	assert_non_null(strstr(err.msg, "unknown card id 'tiny'"));
}

/* The built-in set given as a variant document is the built-in set. */
static void test_variant_base_document(void **unused)
{
	(void)unused;
	qv_err err = {{0}};
	const qv_variant *base = qv_variant_base(G, &err);
	assert_non_null(base);
	json_t *doc = qv_variant_json(base);
	const qv_variant *v = NULL;
	assert_int_equal(qv_variant_from_json(doc, G, "variant", &v, &err), QV_OK);
	json_decref(doc);
	assert_ptr_equal(v, base);
	assert_int_equal(TB->nkinds, 26);
	assert_int_equal(TB->nmonsters, 20);
	assert_int_equal(TB->ndecks, 2);
	assert_int_equal(TB->deck[0].n, 24);
	/* sentry: S carries Block, the others plain */
	const ev_kind *k = &TB->kind[kind_of("sentry")];
	assert_int_equal(k->ability[QV_S], EV_AB_BLOCK);
	assert_int_equal(k->arrows, 1u << QV_N | 1u << QV_E | 1u << QV_S | 1u << QV_W);
	/* resurrection budgets default to the card's cost, Firestorm's points to its DEF */
	assert_int_equal(TB->kind[kind_of("lich-queen")].param[QV_N], 21);
	assert_int_equal(TB->kind[kind_of("cinder-pup")].param[QV_N], 0);
}

/* A card with all eight arrows, each a different ability, and two-digit numbers: both
 * diagrams still fit 80 columns, in hand and on the board. */
static void test_variant_wide_card_diagrams(void **unused)
{
	(void)unused;
	const qv_variant *v = variant(
	    V_HEAD "\"cards\":{\"add\":[{\"id\":\"mountain-giant\",\"code\":\"giant\","
	           "\"type\":\"monster\",\"element\":\"fire\",\"cost\":0,\"atk\":99,\"def\":99,"
	           "\"arrows\":[\"N\",\"NE\",\"E\",\"SE\",\"S\",\"SW\",\"W\",\"NW\"],"
	           "\"abilities\":{\"N\":{\"kind\":\"remove\"},\"NE\":{\"kind\":\"block\"},"
	           "\"E\":{\"kind\":\"firestorm\",\"points\":99},\"SE\":{\"kind\":\"swap\"},"
	           "\"S\":{\"kind\":\"shockwave\"},\"SW\":{\"kind\":\"magnetism\"},"
	           "\"W\":{\"kind\":\"growth\"},\"NW\":{\"kind\":\"resurrection\","
	           "\"budget\":255}}}]}}");
	static const char *deck = "mountain-giant,mountain-giant,mountain-giant,seedling,seedling";
	ev_state st;
	setup_variant(&st, v, deck, deck,
	              "{\"board\":[{\"cell\":\"c3\",\"card\":\"mountain-giant\",\"owner\":\"p1\"}],"
	              "\"players\":[{\"hand\":[\"mountain-giant\",\"mountain-giant\"]},"
	              "{\"hand\":[\"mountain-giant\"]}],\"active\":\"p1\"}");
	for (int compact = 0; compact < 2; compact++) {
		qv_buf b = {0};
		G->render_text(&st, 0, compact ? QV_RENDER_COMPACT : 0, &b);
		int widest;
		text_lines(qv_buf_str(&b), &widest);
		if (widest > 80)
			fail_msg("a line of %d columns:\n%s", widest, qv_buf_str(&b));
		assert_non_null(strstr(qv_buf_str(&b), compact ? "99/99⇑+" : "99/99 cost  0"));
		qv_buf_free(&b);
	}
}

/* A card removed from the set is no card at all: not in the table, not a move, not a deck's;
 * the decks given as an array replace the built-in ones. */
static void test_variant_removed_card(void **unused)
{
	(void)unused;
	const qv_variant *v =
	    variant(V_HEAD "\"params\":{\"deck1\":\"small\",\"deck2\":\"small\"},"
	                   "\"cards\":{\"remove\":[\"assassin\"]},"
	                   "\"decks\":[{\"id\":\"small\",\"cards\":[\"sentry\",\"sentry\","
	                   "\"seedling\",\"seedling\",\"block-fire\"]}]}");
	const ev_tables *T = v->tables;
	assert_int_equal(T->nkinds, 25);
	assert_int_equal(ev_find_kind(T, "assassin"), -1);
	assert_int_equal(T->ndecks, 1);
	ev_state st;
	setup_variant(&st, v, "small", "small", NULL);
	qv_action a;
	qv_err err = {{0}};
	assert_int_not_equal(G->action_from_text(&st, "mulligan assassin", &a, &err), QV_OK);
	/* the variant's params made "small" the default deck */
	qv_params p = {0};
	assert_int_equal(qv_params_set(&p, "variant", v->sha256, NULL), QV_OK);
	assert_int_equal(G->init(&st, &p, 1, &err), QV_OK);
	assert_int_equal(st.pl[0].decklen, 5);
	assert_int_equal(
	    qv_params_set(&p, "deck1", "assassin,sentry,sentry,seedling,seedling", NULL), QV_OK);
	assert_int_not_equal(G->init(&st, &p, 1, &err), QV_OK);
	assert_non_null(strstr(err.msg, "deck1: unknown card id 'assassin'"));
	assert_null(strstr(err.msg, "assassin;")); /* not among the ids the message lists */
}

/* Each cross-check of the build, with the path of what is wrong in the resolved document. */
static void test_variant_cross_checks(void **unused)
{
	(void)unused;
	refused(V_HEAD "\"cards\":{\"modify\":{\"block-fire\":{\"cost\":3}}}}",
	        "/cards/20/cost: a block has no cost");
	refused(V_HEAD "\"cards\":{\"modify\":{\"block-fire\":{\"abilities\":{}}}}}",
	        "/cards/20/abilities: a block has no arrows, so no abilities");
	refused(V_HEAD "\"cards\":{\"add\":[{\"id\":\"imp\",\"type\":\"monster\","
	               "\"element\":\"fire\",\"cost\":4,\"atk\":1,\"def\":1,\"arrows\":[]}]}}",
	        "/cards/26: the monster \"imp\" has no \"code\"");
	refused(V_HEAD "\"cards\":{\"modify\":{\"seedling\":{\"abilities\":{\"E\":{\"kind\":"
	               "\"swap\"}}}}}}",
	        "/cards/12/abilities/E: \"seedling\" has no arrow E");
	refused(V_HEAD "\"cards\":{\"modify\":{\"seedling\":{\"abilities\":{\"N\":{\"kind\":"
	               "\"growth\",\"points\":2}}}}}}",
	        "/cards/12/abilities/N/points: only a firestorm has points");
	refused(V_HEAD "\"cards\":{\"modify\":{\"seedling\":{\"abilities\":{\"N\":{\"kind\":"
	               "\"growth\",\"budget\":2}}}}}}",
	        "/cards/12/abilities/N/budget: only a resurrection has a budget");
	refused(V_HEAD "\"cards\":{\"add\":[{\"id\":\"Seedling\",\"code\":\"sd\","
	               "\"type\":\"monster\",\"element\":\"fire\",\"cost\":4,\"atk\":1,\"def\":1,"
	               "\"arrows\":[]}]}}",
	        "/cards/26/id: \"Seedling\" is \"seedling\"'s id too, ignoring case");
	refused(V_HEAD "\"cards\":{\"remove\":[\"assassin\"]}}",
	        "/decks/0/cards/20: no card \"assassin\" in the cards");
	refused(V_HEAD "\"decks\":{\"modify\":{\"blaze\":{\"cards\":[\"seedling\",\"seedling\","
	               "\"seedling\",\"seedling\",\"seedling\"]}}}}",
	        "/decks/0/cards/4: a 5th \"seedling\"; a deck holds at most 4 copies of a monster");
	refused(V_HEAD "\"decks\":{\"add\":[{\"id\":\"seedling\",\"cards\":[\"seedling\","
	               "\"seedling\",\"seedling\",\"seedling\",\"block-fire\"]}]}}",
	        "/decks/2/id: \"seedling\" is a card's id too");
	refused(V_HEAD "\"decks\":{\"add\":[{\"id\":\"BLAZE\",\"cards\":[\"seedling\","
	               "\"seedling\",\"seedling\",\"seedling\",\"block-fire\"]}]}}",
	        "/decks/2/id: \"BLAZE\" is /decks/0's id too, ignoring case");
	refused(V_HEAD "\"decks\":{\"remove\":[\"blaze\"]}}",
	        "/params/deck1: the default: deck1: unknown card id 'blaze'");
	refused(V_HEAD "\"params\":{\"deck2\":\"seedling\"}}",
	        "/params/deck2: deck2: a deck needs 5 to 60 cards, this one has 1");
	/* the declaration's bounds: the hand of 5 a deck must deal, the state's 60 */
	refused(V_HEAD "\"decks\":{\"modify\":{\"blaze\":{\"cards\":[\"seedling\"]}}}}",
	        "expected an array of 5 to 60 ids");
	refused(V_HEAD "\"cards\":{\"modify\":{\"seedling\":{\"abilities\":{\"N\":{\"kind\":"
	               "\"teleport\"}}}}}}",
	        "expected one of remove, block, firestorm, swap, shockwave, magnetism, growth");
	refused(V_HEAD "\"cards\":{\"modify\":{\"seedling\":{\"atk\":100}}}}",
	        "expected an integer from 0 to 99");
	/* a smaller deck, the example of docs/variants.md, is accepted */
	(void)variant(V_HEAD "\"params\":{\"deck1\":\"spark\",\"deck2\":\"spark\"},"
	                     "\"decks\":{\"add\":[{\"id\":\"spark\",\"cards\":[\"spark-mite\","
	                     "\"spark-mite\",\"volt-lynx\",\"seedling\",\"seedling\","
	                     "\"sentry\",\"block-earth\",\"block-fire\"]}]}}");
}

static void test_layouts(void **unused)
{
	(void)unused;
	ev_state st;
	/* a hand of fourteen kinds, a chain stack and cards of both players */
	must_load(&st, "{\"board\":[{\"cell\":\"c3\",\"card\":\"storm-coil\",\"owner\":\"p1\"},"
	               "{\"cell\":\"c4\",\"card\":\"mountain-titan\",\"owner\":\"p2\"},{\"cell\":"
	               "\"d2\",\"card\":\"seedling\",\"owner\":\"p2\",\"covered\":true,\"growth\":"
	               "true}],\"players\":[{\"hand\":[\"cinder-pup\",\"flame-warden\",\"inferno-"
	               "drake\",\"tide-sprite\",\"reef-guard\",\"maelstrom\",\"pebble-golem\","
	               "\"quake-ram\",\"mountain-titan\",\"spark-mite\",\"volt-lynx\",\"seedling\","
	               "\"briar-stag\",\"block-fire\",\"tide-sprite\"]},{\"hand\":[\"storm-coil\"]"
	               "}],\"active\":\"p1\",\"phase\":\"chain\",\"played\":true,\"stack\":[{\"cell"
	               "\":\"c3\"}]}");
	for (int v = -2; v < 2; v++) {
		qv_buf b = {0};
		int widest;
		G->render_text(&st, v, QV_RENDER_COMPACT, &b);
		assert_int_equal(text_lines(qv_buf_str(&b), &widest), 17);
		assert_true(widest <= 80);
		assert_null(strchr(qv_buf_str(&b), '\033'));
		if (v == 0) {
			/* the hand that does not fit says how many cards are left out */
			assert_non_null(strstr(qv_buf_str(&b), " tide-sprite×2  1/3  6"));
			assert_non_null(strstr(qv_buf_str(&b), "… "));
			assert_non_null(strstr(qv_buf_str(&b), "│1 coil │"));
			assert_non_null(strstr(qv_buf_str(&b), "│2 tita │"));
			assert_non_null(strstr(qv_buf_str(&b), "│4/5⇑→↓←│"));
			assert_non_null(strstr(qv_buf_str(&b), "│2???  G│"));
			assert_non_null(
			    strstr(qv_buf_str(&b), "chain, top first: c3 storm-coil phase 1"));
		}
		if (v == 1) /* p2's own covered seedling, its titan turned round */
			assert_non_null(strstr(qv_buf_str(&b), "│2?seedG│"));
		qv_buf_clear(&b);
		G->render_text(&st, v, 0, &b);
		assert_true(text_lines(qv_buf_str(&b), &widest) > 40);
		assert_true(widest <= 80);
		if (v == 1) /* p2's hand: the arrows as they would point for p2 */
			assert_non_null(
			    strstr(qv_buf_str(&b),
			           "    storm-coil         El 4/5 cost 19  ↑→⇓← Magnetism\n"));
		if (v == 0) { /* a pair in p1's hand, the arrows as they would point for p1 */
			assert_non_null(strstr(
			    qv_buf_str(&b), "    tide-sprite ×2     Wa 1/3 cost  6  ⇑→   Swap\n"));
			assert_null(strstr(qv_buf_str(&b), "seedling on"));
			assert_null(strstr(qv_buf_str(&b), "2?seed"));
		}
		qv_buf_clear(&b);
		G->render_text(&st, v, QV_RENDER_COMPACT | QV_RENDER_COLOR, &b);
		assert_non_null(strchr(qv_buf_str(&b), '\033'));
		assert_true(text_lines(qv_buf_str(&b), &widest) == 17 && widest <= 80);
		qv_buf_free(&b);
	}
}

/* ---- the designer's lab ---- */

/* A set where a monster comes after the blocks in the document: ember-cub is the document's
 * card 26 but the card-table kind 20. */
static const qv_variant *ember_variant(void)
{
	return variant(
	    V_HEAD "\"cards\":{\"add\":[{\"id\":\"ember-cub\",\"code\":\"ember\","
	           "\"type\":\"monster\",\"element\":\"fire\",\"cost\":4,\"atk\":1,\"def\":1,"
	           "\"arrows\":[\"N\",\"E\"],\"abilities\":{\"E\":{\"kind\":\"shockwave\"}}}]},"
	           "\"decks\":{\"add\":[{\"id\":\"tiny\",\"cards\":[\"ember-cub\","
	           "\"ember-cub\",\"seedling\",\"seedling\",\"block-fire\",\"block-earth\"]}]}}");
}

/* The id of entry c of the studied block ("cards") of v's document. */
static const char *studied_id(const qv_variant *v, int c) { return qv_test_studied_id(G, v, c); }

static bool is_card(const void *st, const char *word) { return ev_find_kind(ev_T(st), word) >= 0; }

/* The component the action text plays at st, a state of v, as its id ("-" for none). */
static const char *component_named(const qv_variant *v, const ev_state *st, const char *text)
{
	int c = G->components->component_of(st, parse(st, text));
	return c < 0 ? "-" : studied_id(v, c);
}

static void test_lab_component_of(void **unused)
{
	(void)unused;
	assert_string_equal(G->components->studied, "cards");
	const qv_variant *v = ember_variant();
	ev_state st;
	setup_variant(&st, v, "tiny", "blaze", NULL);
	assert_string_equal(component_named(v, &st, "mulligan ember-cub seedling"), "-");
	assert_string_equal(component_named(v, &st, "keep"), "-");
	play(&st, "keep");
	play(&st, "keep");
	play(&st, "coin p1");
	assert_string_equal(component_named(v, &st, "play ember-cub c3"), "ember-cub");
	assert_string_equal(component_named(v, &st, "cover seedling c3"), "seedling");
	assert_string_equal(component_named(v, &st, "end"), "-");
	play(&st, "cover ember-cub c3");
	assert_string_equal(component_named(v, &st, "reveal c3"), "-");

	const qv_variant *base = qv_variant_base(G, NULL);
	must_load(&st, "{\"players\":[{\"hand\":[\"sentry\",\"block-water\"],\"graveyard\":["
	               "\"cinder-pup\"]},{}],\"active\":\"p1\"}");
	play(&st, "play sentry c3");
	assert_string_equal(component_named(base, &st, "ability S block-water"), "block-water");
	assert_string_equal(component_named(base, &st, "ability S seedling"), "seedling");
	assert_string_equal(component_named(base, &st, "ability S cinder-pup"), "cinder-pup");
	assert_string_equal(component_named(base, &st, "ability S"), "-");
	assert_string_equal(component_named(base, &st, "ability E d2"), "-");
	assert_string_equal(component_named(base, &st, "next"), "-");
}

/* Plays one random step of st (chance drawn by its probabilities) and checks what the lab's
 * touched says of it: each touched cell holds a card now, of the seat touched, that was not
 * there before (a card put down, or moved there); and every card that is on a cell it was
 * not on before was touched there. Returns how many cells it gave. */
static int touched_step(ev_state *st, qv_rng *rng)
{
	ev_state before = *st;
	qv_action a = qv_test_random_step(G, st, rng);
	qv_lab_touch t[4];
	int n = G->components->touched(&before, a, st, t, 4);
	assert_true(n >= 0 && n <= 2);
	uint64_t touched = 0;
	for (int i = 0; i < n; i++) {
		int c = t[i].square;
		assert_true(c >= 0 && c < EV_NCELLS);
		touched |= 1ull << c;
		assert_true(ev_occupied(st, c));
		assert_int_equal(st->cell[c].ctrl, t[i].seat);
		assert_int_not_equal(ev_find_cell_of(&before, st->cell[c].inst), c);
	}
	for (int c = 0; c < EV_NCELLS; c++)
		if (ev_occupied(st, c) && ev_find_cell_of(&before, st->cell[c].inst) != c &&
		    !(touched >> c & 1))
			fail_msg("a card came onto cell %d untouched", c);
	return n;
}

/* Over random games of v (decks deck1 and deck2): every legal action plays no card or a card
 * of the set, and exactly the actions that name a card (but for mulligans) play that card;
 * every step's touches are where cards went (touched_step). */
static void check_components_in_games(const qv_variant *v, const char *deck1, const char *deck2,
                                      int games)
{
	int played = 0, touches = 0;
	for (int g = 0; g < games; g++) {
		ev_state st;
		qv_rng rng;
		qv_rng_seed(&rng, 700 + (uint64_t)g);
		setup_variant(&st, v, deck1, deck2, NULL);
		for (int step = 0; step < 600 && G->to_move(&st) != QV_OVER; step++) {
			if (G->to_move(&st) >= 0)
				played +=
				    qv_test_check_component_of(G, &st, v, is_card, "mulligan");
			touches += touched_step(&st, &rng);
		}
	}
	assert_true(played > 0);
	assert_true(touches > games);
}

static void test_lab_components_in_games(void **unused)
{
	(void)unused;
	check_components_in_games(qv_variant_base(G, NULL), "blaze", "bedrock", 10);
	check_components_in_games(ember_variant(), "tiny", "blaze", 10);
}

/* A's card with v's card c's id, for the ablation of k: the same but where c is k. */
static void check_ablated_card(const ev_tables *T, const ev_tables *A, int c, bool ablated)
{
	const ev_kind *y = &T->kind[c];
	int ka = ev_find_kind(A, y->id);
	assert_true(ka >= 0);
	const ev_kind *x = &A->kind[ka];
	assert_int_equal(x->element, y->element);
	assert_string_equal(x->code, y->code);
	for (int d = 0; ablated && d < QV_NDIRS; d++)
		assert_int_equal(x->ability[d], EV_AB_NONE);
	if (ablated)
		return;
	assert_int_equal(x->cost, y->cost);
	assert_int_equal(x->atk, y->atk);
	assert_int_equal(x->def, y->def);
	assert_int_equal(x->arrows, y->arrows);
	assert_memory_equal(x->ability, y->ability, sizeof x->ability);
	assert_memory_equal(x->param, y->param, sizeof x->param);
}

/* The ablation of every card of v loads and names what it lacks: a monster keeps its id and
 * loses its abilities, a block is gone from the cards and the decks, every other card is as
 * it was. Returns the ablated variant of the card `probe`. */
static const qv_variant *check_ablations(const qv_variant *v, const char *probe)
{
	const ev_tables *T = v->tables;
	const json_t *cards = json_object_get(v->json, "cards");
	const qv_variant *found = NULL;
	for (int k = 0; k < (int)json_array_size(cards); k++) {
		const char *id = studied_id(v, k);
		int kind = ev_find_kind(T, id);
		const qv_variant *a = qv_test_ablated(G, v, k);
		char name[QV_VARIANT_NAME + EV_ID_MAX + 16]; /* these names are not cut */
		snprintf(name, sizeof name, "%s without %s", v->name, id);
		assert_string_equal(a->name, name);
		const ev_tables *A = a->tables;
		bool block = ev_is_block(T, kind);
		assert_int_equal(A->nkinds, T->nkinds - block);
		assert_int_equal(A->ndecks, T->ndecks);
		for (int c = 0; c < T->nkinds; c++)
			if (c != kind || !block)
				check_ablated_card(T, A, c, c == kind);
		if (block)
			assert_true(ev_find_kind(A, id) < 0);
		for (int d = 0; d < T->ndecks; d++) {
			int copies = 0;
			for (int i = 0; i < T->deck[d].n; i++)
				copies += T->deck[d].list[i] == kind;
			assert_int_equal(A->deck[d].n, T->deck[d].n - (block ? copies : 0));
		}
		if (strcmp(id, probe) == 0)
			found = a;
	}
	assert_non_null(found);
	return found;
}

static void test_lab_ablate(void **unused)
{
	(void)unused;
	/* the other 19 monsters cost 246, have 58 ATK and 74 DEF, and all but spark-mite point
	 * N (S, E and W nine times or fewer): a plain cinder-pup is 13, 3/4, N */
	const qv_variant *a = check_ablations(qv_variant_base(G, NULL), "cinder-pup");
	const ev_kind *k = &((const ev_tables *)a->tables)->kind[kind_of("cinder-pup")];
	assert_int_equal(k->cost, 13);
	assert_int_equal(k->atk, 3);
	assert_int_equal(k->def, 4);
	assert_int_equal(k->arrows, 1u << QV_N);
	check_ablations(ember_variant(), "ember-cub");

	/* examples/variants/evons-smaller-deck.json: its decks of 12 lose their block */
	const qv_variant *v = qv_test_example_variant(G, "evons-smaller-deck.json");
	qv_err err = {{0}};
	a = check_ablations(v, "block-fire");
	ev_state st;
	setup_variant(&st, a, "blaze-12", "bedrock-12", NULL);
	assert_int_equal(st.pl[0].decklen, 11);
	assert_int_equal(st.pl[1].decklen, 12);

	/* a deck parameter listing the block loses it too; a deck left with 4 cards is refused */
	v = variant(V_HEAD "\"params\":{\"deck1\":\"seedling, seedling,grave-bat,sentry,"
	                   "block-fire,block-earth\"}}");
	json_t *doc = G->components->ablate(v->json, qv_variant_base(G, NULL)->json, 20, &err);
	assert_non_null(doc);
	assert_string_equal(
	    json_string_value(json_object_get(json_object_get(doc, "params"), "deck1")),
	    "seedling,seedling,grave-bat,sentry,block-earth");
	const qv_variant *w = NULL;
	if (qv_variant_from_json(doc, G, "ablate", &w, &err))
		fail_msg("%s", err.msg);
	json_decref(doc);
	v = variant(V_HEAD "\"decks\":{\"add\":[{\"id\":\"five\",\"cards\":[\"seedling\","
	                   "\"seedling\",\"grave-bat\",\"sentry\",\"block-fire\"]}]}}");
	assert_null(G->components->ablate(v->json, qv_variant_base(G, NULL)->json, 20, &err));
	assert_string_equal(err.msg,
	                    "/decks/2/cards: 4 cards without block-fire; a deck needs at least 5");
	assert_null(G->components->ablate(v->json, qv_variant_base(G, NULL)->json, 26, &err));
	assert_string_equal(err.msg, "/cards/26: no such card; the set has 26");

	/* An ability is listed once per card (flame-warden's two firestorm arrows); without
	 * it every arrow that carried it is a Normal one, the card and the others as they were. */
	const json_t *cards = json_object_get(qv_variant_base(G, NULL)->json, "cards");
	const char *kinds[QV_VARIANT_ABILITIES];
	assert_int_equal(G->components->abilities(json_array_get(cards, 1), kinds, 8), 1);
	assert_string_equal(kinds[0], "firestorm");
	assert_int_equal(G->components->abilities(json_array_get(cards, 20), kinds, 8), 0);
	doc = qv_variant_without_ability(G, qv_variant_base(G, NULL)->json, "firestorm", &err);
	assert_non_null(doc);
	assert_string_equal(json_string_value(json_object_get(doc, "name")),
	                    "base without ability:firestorm");
	if (qv_variant_from_json(doc, G, "ablate", &w, &err))
		fail_msg("%s", err.msg);
	json_decref(doc);
	const ev_tables *T = w->tables, *B = qv_variant_base(G, NULL)->tables;
	for (int c = 0; c < T->nkinds; c++) {
		assert_int_equal(T->kind[c].arrows, B->kind[c].arrows);
		for (int d = 0; d < QV_NDIRS; d++)
			assert_int_equal(T->kind[c].ability[d],
			                 B->kind[c].ability[d] == EV_AB_FIRESTORM
			                     ? EV_AB_NONE
			                     : B->kind[c].ability[d]);
	}
	assert_int_equal(T->kind[kind_of("flame-warden")].ability[QV_NE], EV_AB_NONE);
	assert_int_equal(T->kind[kind_of("tide-sprite")].ability[QV_N], EV_AB_SWAP);
	assert_null(qv_variant_without_ability(G, qv_variant_base(G, NULL)->json, "fly", &err));
	assert_string_equal(err.msg, "none of the variant's cards carries the ability 'fly'");
}

/* The touches of the text played at st, into t (at most max); st becomes the state after. */
static int touched(ev_state *st, const char *text, qv_lab_touch *t, int max)
{
	ev_state before = *st;
	qv_action a = parse(st, text);
	play(st, text);
	return G->components->touched(&before, a, st, t, max);
}

static void expect_touch(const qv_lab_touch *t, int seat, const char *cell)
{
	assert_int_equal(t->seat, seat);
	assert_int_equal(t->square, ev_cell_parse(cell));
}

static void test_lab_board_and_touched(void **unused)
{
	(void)unused;
	ev_state st;
	must_load(&st, "{\"board\":[{\"cell\":\"c3\",\"card\":\"pebble-golem\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"tide-sprite\",\"seedling\"]},{}],"
	               "\"active\":\"p1\"}");
	/* the lab's squares are the rules page's cells: x0 = (0, 0), y6 = (6, 6) */
	qv_lab_board b;
	G->components->board(&st, &b);
	assert_int_equal(b.w, 7);
	assert_int_equal(b.h, 7);
	assert_int_equal(b.rank0, 0);
	assert_string_equal(b.files, "xabcdey");
	for (int y = 0; y < b.h; y++)
		for (int x = 0; x < b.w; x++) {
			char text[32];
			snprintf(text, sizeof text, "play seedling %c%d", b.files[x], b.rank0 + y);
			assert_int_equal(EV_ARG(parse(&st, text)) >> 5, x + y * b.w);
		}

	qv_lab_touch t[4];
	assert_int_equal(touched(&st, "play tide-sprite c2", t, 4), 1);
	expect_touch(&t[0], 0, "c2");
	/* the sprite's Swap: p2's golem to c2, the sprite to c3 */
	assert_int_equal(touched(&st, "ability N", t, 4), 2);
	expect_touch(&t[0], 1, "c2");
	expect_touch(&t[1], 0, "c3");

	/* a shockwave pushes a card one cell on, or off the board (no touch) */
	must_load(&st, "{\"board\":[{\"cell\":\"c3\",\"card\":\"seedling\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"pebble-golem\"]},{}],\"active\":\"p1\"}");
	play(&st, "play pebble-golem c2");
	assert_int_equal(touched(&st, "ability N", t, 4), 1);
	expect_touch(&t[0], 1, "c4");
	must_load(&st, "{\"board\":[{\"cell\":\"c6\",\"card\":\"seedling\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"pebble-golem\"]},{}],\"active\":\"p1\"}");
	play(&st, "play pebble-golem c5");
	assert_int_equal(touched(&st, "ability N", t, 4), 0);

	/* magnetism pulls p2's reef-guard onto d3 */
	must_load(&st, "{\"board\":[{\"cell\":\"d2\",\"card\":\"reef-guard\",\"owner\":\"p2\"}],"
	               "\"players\":[{\"hand\":[\"volt-lynx\"]},{}],\"active\":\"p1\"}");
	play(&st, "play volt-lynx c3");
	assert_int_equal(touched(&st, "ability E d2", t, 1), 1);
	expect_touch(&t[0], 1, "d3");

	/* Block puts a block down, a cover a card; the end of a turn touches nothing */
	must_load(&st, "{\"players\":[{\"hand\":[\"sentry\",\"block-water\"]},{\"hand\":["
	               "\"seedling\"]}],\"active\":\"p1\"}");
	play(&st, "play sentry c3");
	assert_int_equal(touched(&st, "ability S block-water", t, 4), 1);
	expect_touch(&t[0], 0, "c2");
	play(&st, "next");
	play(&st, "next");
	assert_int_equal(touched(&st, "end", t, 4), 0);
	assert_int_equal(touched(&st, "cover seedling e5", t, 4), 1);
	expect_touch(&t[0], 1, "e5");
}

/* The good states the invariants are broken from (state_ok, check.c), with the starter decks:
 * a main phase with a face-up monster, a covered card and a block of p1's; a chain fighting a
 * conflict; a chain burning a Firestorm; the mulligans (init's state) and the coin. */
static const char *const ev_main =
    "{'board':[{'cell':'c3','card':'sentry','owner':'p1'},{'cell':'b2','card':'tide-sprite',"
    "'owner':'p1','covered':true},{'cell':'a1','card':'block-fire','owner':'p1'},{'cell':"
    "'c5','card':'seedling','owner':'p2'}],'players':[{'hand':['cinder-pup','reef-guard'],"
    "'turns':2},{'hand':['seedling'],'turns':2}],'active':'p1','first':'p1','turns':3}";
static const char *const ev_conflict =
    "{'board':[{'cell':'c3','card':'sentry','owner':'p2'}],'players':[{'hand':['quake-ram']},"
    "{}],'active':'p1','first':'p1'}";
static const char *const ev_burn =
    "{'board':[{'cell':'c3','card':'seedling','owner':'p2'}],'players':[{'hand':"
    "['cinder-pup']},{}],'active':'p1','first':'p1'}";

#define BLABED    "deck1=blaze,deck2=bedrock,shuffle=false"
#define BEDBLA    "deck1=bedrock,deck2=blaze,shuffle=false"
#define EV_ST(st) ((ev_state *)(st))

static ev_cell *cell_at(void *st, const char *name)
{
	return &EV_ST(st)->cell[ev_cell_parse(name)];
}
static void ev_break_variant(void *st) { EV_ST(st)->variant = QV_VARIANT_MAX; }
static void ev_break_max_turns(void *st) { EV_ST(st)->max_turns = 0; }
static void ev_break_idle(void *st) { EV_ST(st)->idle = 3; }
static void ev_break_pad(void *st) { EV_ST(st)->pad_[2] = 1; }
static void ev_break_empty(void *st) { cell_at(st, "x0")->dmg = 1; }
static void ev_break_flags(void *st) { cell_at(st, "c3")->flags |= 0x10; }
static void ev_break_covered_ctrl(void *st) { cell_at(st, "b2")->ctrl = 1; }
static void ev_break_growth(void *st) { cell_at(st, "c3")->flags |= EV_F_GROWTH; }
static void ev_break_damage(void *st) { cell_at(st, "c3")->dmg = 4; }
static void ev_break_inst(void *st) { cell_at(st, "c3")->inst = EV_ST(st)->next_inst; }
static void ev_break_inst_twice(void *st) { cell_at(st, "b2")->inst = cell_at(st, "c3")->inst; }
static void ev_break_board(void *st) { EV_ST(st)->board ^= 1ull; }
static void ev_break_covered(void *st) { EV_ST(st)->covered ^= 1ull; }
static void ev_break_grave(void *st) { EV_ST(st)->pl[0].grave[EV_ST(st)->pl[0].ngrave] = 1; }
static void ev_break_deck(void *st) { EV_ST(st)->pl[0].deck[0] = (uint8_t)TB->nkinds; }
static void ev_break_owned(void *st) { EV_ST(st)->pl[0].owned[kind_of("sentry")] = 5; }
static void ev_break_decklen(void *st) { EV_ST(st)->pl[0].decklen++; }
static void ev_break_nhand(void *st) { EV_ST(st)->pl[0].nhand++; }
static void ev_break_mull(void *st) { EV_ST(st)->pl[0].mull = 6; }
static void ev_break_conserve(void *st)
{
	ev_player *pl = &EV_ST(st)->pl[0];
	pl->hand[pl->deck[pl->ndeck - 1]]++;
	pl->nhand++;
}
static void ev_break_chain_phase(void *st) { EV_ST(st)->phase = EV_PH_MAIN; }
static void ev_break_stack_slot(void *st) { EV_ST(st)->stack[5].inst = 1; }
static void ev_break_entry(void *st) { EV_ST(st)->stack[0].inst = 999; }
static void ev_break_used(void *st) { EV_ST(st)->stack[0].used = 1u << QV_NE; }
static void ev_break_entry_at(void *st) { EV_ST(st)->stack[0].at = (uint8_t)ev_cell_parse("c3"); }
static void ev_break_burn_center(void *st) { EV_ST(st)->stack[0].burn_center = 3; }
static void ev_break_conflict_empty(void *st)
{
	EV_ST(st)->stack[0].conflicts |= 1ull << ev_cell_parse("e5");
}
static void ev_break_conflict_own(void *st)
{
	EV_ST(st)->stack[0].conflicts |= 1ull << ev_cell_parse("c2");
}
static void ev_break_burn_target(void *st)
{
	EV_ST(st)->stack[0].burn_center = (uint8_t)ev_cell_parse("e1");
}
static void ev_break_rng(void *st) { EV_ST(st)->rng.s[0] = 1; }
static void ev_break_mull_order(void *st) { EV_ST(st)->pl[1].mull = 0; }
static void ev_break_big_hand(void *st)
{
	ev_player *pl = &EV_ST(st)->pl[0];
	int k = pl->deck[--pl->ndeck];
	pl->deck[pl->ndeck] = 0;
	pl->hand[k]++;
	pl->nhand++;
}
static void ev_break_before(void *st) { EV_ST(st)->turn_no = 1; }
static void ev_break_coin(void *st) { EV_ST(st)->active = 1; }
static void ev_break_ended(void *st) { EV_ST(st)->ended = EV_END_IDLE; }
static void ev_break_over(void *st) { EV_ST(st)->idle = 2; }
static void ev_break_played(void *st) { EV_ST(st)->played = 0; }

static const qv_test_breakage ev_breakages[] = {
    {BLABED, ev_main, NULL, ev_break_variant, "holds no components"},
    {BLABED, ev_main, NULL, ev_break_max_turns, "max_turns 0 (1-5000)"},
    {BLABED, ev_main, NULL, ev_break_idle, "idle 3 (0-2)"},
    {BLABED, ev_main, NULL, ev_break_pad, "the state's padding is not zero"},
    {BLABED, ev_main, NULL, ev_break_empty, "empty cell x0 is not all zero"},
    {BLABED, ev_main, NULL, ev_break_flags,
     "cell c3 holds kind 18 of 26, owner 0, controller 0, flags 0x10"},
    {BLABED, ev_main, NULL, ev_break_covered_ctrl, "is controlled by p2, not its owner p1"},
    {BLABED, ev_main, NULL, ev_break_growth, "Growth marks a covered card"},
    {BLABED, ev_main, NULL, ev_break_damage, "the sentry on c3 has 4 damage"},
    {BLABED, ev_main, NULL, ev_break_inst, "has instance number 5, not 1 to next_inst 5"},
    {BLABED, ev_main, NULL, ev_break_inst_twice, "two cards have instance number"},
    {BLABED, ev_main, NULL, ev_break_board, "the board mask is"},
    {BLABED, ev_main, NULL, ev_break_covered, "the covered mask is"},
    {BLABED, ev_main, NULL, ev_break_grave, "p1's graveyard holds 0 cards, its slots"},
    {BLABED, ev_main, NULL, ev_break_deck, "p1's deck[0] is card 26 of 26"},
    {BLABED, ev_main, NULL, ev_break_owned, "p1's decklist holds 5 of card 18 (at most 4)"},
    {BLABED, ev_main, NULL, ev_break_decklen, "p1's decklist holds 24 cards, decklen says 25"},
    {BLABED, ev_main, NULL, ev_break_nhand, "p1's hand holds 2 cards, nhand says 3"},
    {BLABED, ev_main, NULL, ev_break_mull, "p1's mulligan is 6"},
    {BLABED, ev_main, NULL, ev_break_conserve, "but its deck list holds"},
    {BEDBLA, ev_conflict, "play quake-ram c2;next", ev_break_chain_phase,
     "1 stack entries in phase main"},
    {BEDBLA, ev_conflict, "play quake-ram c2;next", ev_break_stack_slot,
     "a stack slot beyond the 1 entries is not zero"},
    {BEDBLA, ev_conflict, "play quake-ram c2;next", ev_break_entry, "names instance 999"},
    {BEDBLA, ev_conflict, "play quake-ram c2;next", ev_break_used, "used arrows 0x2"},
    {BEDBLA, ev_conflict, "play quake-ram c2;next", ev_break_entry_at, "is on c2, not on c3 (at)"},
    {BEDBLA, ev_conflict, "play quake-ram c2;next", ev_break_burn_center,
     "only the top entry fights or burns"},
    {BEDBLA, ev_conflict, "play quake-ram c2;next", ev_break_conflict_empty,
     "a conflict with an empty cell"},
    {BEDBLA, ev_conflict, "play quake-ram c2;next", ev_break_conflict_own,
     "fights a conflict without defending"},
    {BLABED, ev_burn, "play cinder-pup c2;ability N", ev_break_burn_target,
     "Firestorm points on cell 12 with no target"},
    {BLABED, ev_main, NULL, ev_break_rng, "the generator is set in phase main"},
    {BLABED, NULL, NULL, ev_break_mull_order, "decide in seat order"},
    {BLABED, NULL, NULL, ev_break_big_hand, "p1 holds 6 cards before its mulligan"},
    {BLABED, NULL, NULL, ev_break_before, "before the first turn"},
    {BLABED, NULL, "keep;keep", ev_break_coin, "in phase coin the active player is p1"},
    {BLABED, ev_main, NULL, ev_break_ended, "ended is idle in phase main"},
    {BLABED, ev_main, NULL, ev_break_over, "the game is over"},
    {BEDBLA, ev_conflict, "play quake-ram c2;next", ev_break_played,
     "a chain runs, but no hand play was made"},
};

/* Every invariant of check.c fires on a state that breaks it, and holds on the good ones. */
static void test_state_ok(void **unused)
{
	(void)unused;
	qv_test_breakages(G, ev_breakages, (int)(sizeof ev_breakages / sizeof ev_breakages[0]));
}

/* In the sanitizer build apply checks the state it leaves (and in the release build it
 * does not). */
static void test_apply_checks_state(void **unused)
{
	(void)unused;
	qv_test_apply_checks_state(G, ev_breakages,
	                           (int)(sizeof ev_breakages / sizeof ev_breakages[0]),
	                           ev_break_pad, "end");
}

/* The search's values of plays and covers without playing them (prior.c, values_after), held
 * to the truth at every position of random games (with and without shuffle), for both
 * players; and they are most of the actions of those games. */
static void test_values_after(void **unused)
{
	(void)unused;
	long legal = 0, valued = 0;
	qv_test_values_after(G, "", 5, &legal, &valued);
	qv_test_values_after(G, "shuffle=false", 3, &legal, &valued);
	print_message("%ld legal actions, %ld valued without an apply\n", legal, valued);
	assert_true(valued * 10 >= legal * 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_secrecy_and_determinize),
	    cmocka_unit_test(test_covered_identity),
	    cmocka_unit_test(test_mulligan_order_and_views),
	    cmocka_unit_test(test_mulligan_check),
	    cmocka_unit_test(test_turn_start_credits_and_draw),
	    cmocka_unit_test(test_orientation),
	    cmocka_unit_test(test_conflict_simultaneous),
	    cmocka_unit_test(test_active_destroyed),
	    cmocka_unit_test(test_multiple_conflicts_and_current_def),
	    cmocka_unit_test(test_flip_step),
	    cmocka_unit_test(test_out_zone),
	    cmocka_unit_test(test_firestorm_points_lost),
	    cmocka_unit_test(test_swap_and_reactivation),
	    cmocka_unit_test(test_moved_then_flipped),
	    cmocka_unit_test(test_shockwave),
	    cmocka_unit_test(test_magnetism),
	    cmocka_unit_test(test_growth_and_free_reveal),
	    cmocka_unit_test(test_resurrection_budget),
	    cmocka_unit_test(test_block_ability),
	    cmocka_unit_test(test_remove),
	    cmocka_unit_test(test_full_board_mid_chain),
	    cmocka_unit_test(test_idle_end_and_cap),
	    cmocka_unit_test(test_bad_input),
	    cmocka_unit_test(test_load_rejects_impossible_states),
	    cmocka_unit_test(test_load_hand_and_deck),
	    cmocka_unit_test(test_geometry_table),
	    cmocka_unit_test(test_heuristic),
	    cmocka_unit_test(test_narration_lines_and_secrecy),
	    cmocka_unit_test(test_narration_mulligan),
	    cmocka_unit_test(test_reference),
	    cmocka_unit_test(test_action_notes),
	    cmocka_unit_test(test_action_note_full_zone),
	    cmocka_unit_test(test_layouts),
	    cmocka_unit_test(test_variant_atk_decides_conflict),
	    cmocka_unit_test(test_variant_ability_params),
	    cmocka_unit_test(test_variant_added_card_and_deck),
	    cmocka_unit_test(test_variant_base_document),
	    cmocka_unit_test(test_variant_removed_card),
	    cmocka_unit_test(test_variant_cross_checks),
	    cmocka_unit_test(test_variant_wide_card_diagrams),
	    cmocka_unit_test(test_lab_component_of),
	    cmocka_unit_test(test_lab_components_in_games),
	    cmocka_unit_test(test_lab_ablate),
	    cmocka_unit_test(test_lab_board_and_touched),
	    cmocka_unit_test(test_state_ok),
	    cmocka_unit_test(test_apply_checks_state),
	    cmocka_unit_test(test_values_after),
	};
	return cmocka_run_group_tests_name("evons", tests, setup, NULL);
}
