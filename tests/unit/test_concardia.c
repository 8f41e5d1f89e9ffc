/*
 * test_concardia.c - unit tests of the ConCardia rules through the game interface: the secret
 * start, hidden hands and deck orders in every view, determinization, decks and parameters,
 * JSON loading, the turn cap and the heuristic. The protocol-level scenarios (one per rule and
 * card text) live in tests/scenarios/concardia/.
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/concardia/concardia.h"
#include "gametest.h"
#include "lab/lab.h"
#include "quiver/variant.h"

static const qv_game *G;

/* The built-in set: 42 cards, 14 designs in r, p, s. */
#define NCARDS 42
static const cc_tables *base(void)
{
	const qv_variant *v = qv_variant_base(&qv_concardia, NULL);
	return v ? v->tables : NULL;
}

/* The card id of a card of the built-in set ("striker-r"). */
static int id_of(const char *id)
{
	int c = cc_find_card(base(), id);
	if (c < 0)
		fail_msg("no card %s", id);
	return c;
}

static void init_with(cc_state *st, const char *params, uint64_t seed)
{
	qv_test_init(G, st, params, seed);
}

/* Sets up st from a JSON "state" object; returns the status of load_json. */
static qv_status load(cc_state *st, const char *params, const char *state_json, qv_err *err)
{
	init_with(st, params, 1);
	return qv_test_load_json(G, st, state_json, err);
}

static void must_load(cc_state *st, const char *params, const char *state_json)
{
	qv_err err = {{0}};
	if (load(st, params, state_json, &err))
		fail_msg("load failed: %s", err.msg);
}

static void play(cc_state *st, const char *text) { qv_test_play(G, st, text); }

/* must_load with the state written with single quotes (easier to read in C). */
static void load_q(cc_state *st, const char *params, const char *state_q)
{
	char json[2048];
	size_t n = strlen(state_q);
	assert_true(n < sizeof json);
	for (size_t i = 0; i <= n; i++)
		json[i] = state_q[i] == '\'' ? '"' : state_q[i];
	must_load(st, params, json);
}

/* Columns of a line of UTF-8 text without escape sequences (every glyph we print is one
 * column wide). */
static int columns(const char *s, size_t len)
{
	int w = 0;
	for (size_t i = 0; i < len; i++)
		w += ((unsigned char)s[i] & 0xC0) != 0x80;
	return w;
}

/* Every line of text fits `width` columns; returns the number of lines. */
static int check_lines(const char *text, int width)
{
	int n = 0;
	for (const char *s = text; *s;) {
		size_t len = strcspn(s, "\n");
		if (columns(s, len) > width)
			fail_msg("line wider than %d columns: '%.*s'", width, (int)len, s);
		n++;
		s += len + (s[len] == '\n');
	}
	return n;
}

static int setup(void **unused)
{
	(void)unused;
	G = qv_game_find("concardia", NULL);
	return G ? 0 : -1;
}

/* The JSON text of the view of viewer (caller frees). */
static char *view_text(const cc_state *st, int viewer) { return qv_test_view(G, st, viewer); }

/* Checks that the view of `viewer` shows no hand but its own, no deck order and no
 * unrevealed starting choice of the other player, in JSON and in the diagram. */
static void check_view_hides(const cc_state *st, int viewer)
{
	json_t *j = G->view_json(st, viewer);
	json_t *players = json_object_get(j, "players");
	for (int p = 0; p < 2; p++) {
		json_t *o = json_array_get(players, (size_t)p);
		assert_non_null(o);
		assert_null(json_object_get(o, "deck"));
		assert_non_null(json_object_get(o, "deck_count"));
		assert_non_null(json_object_get(o, "hand_count"));
		if (p != viewer) {
			assert_null(json_object_get(o, "hand"));
			assert_null(json_object_get(o, "start"));
		} else {
			assert_non_null(json_object_get(o, "hand"));
		}
	}
	json_decref(j);
	/* Both layouts: the full one heads a hand with "  hand (", the compact one with "hand:"
	 * (and "p1 hand:" for the referee only); neither shows a deck's order. */
	static const struct {
		unsigned flags;
		const char *head;
	} layouts[] = {{0, "\n  hand ("}, {QV_RENDER_COMPACT, "\nhand:"}};
	for (int l = 0; l < 2; l++) {
		qv_buf b = {0};
		G->render_text(st, viewer, layouts[l].flags, &b);
		const char *t = qv_buf_str(&b);
		assert_null(strstr(t, "deck (top first)"));
		int hands = 0;
		for (const char *at = t; (at = strstr(at, layouts[l].head)) != NULL; at++)
			hands++;
		assert_int_equal(hands, viewer >= 0 ? 1 : 0);
		assert_null(strstr(t, "p1 hand:"));
		assert_null(strstr(t, "p2 hand:"));
		if (viewer != 0 && st->pl[0].start) {
			char c[16], shown[32];
			cc_card_name(cc_T(st), st->pl[0].start - 1, c);
			snprintf(shown, sizeof shown, "(start %s)", c);
			assert_null(strstr(t, "chosen to start"));
			assert_null(strstr(t, shown));
		}
		assert_null(strstr(t, "\n\n"));
		qv_buf_free(&b);
	}
}

/* Random games: every view of every state hides what it must. */
static void test_views_hide_hands_and_decks(void **unused)
{
	(void)unused;
	static const char *const decks[] = {"deck1=expedition,deck2=foundry",
	                                    "deck1=foundry,deck2=foundry"};
	qv_rng rng;
	qv_rng_seed(&rng, 7);
	for (int game = 0; game < 40; game++) {
		cc_state st;
		init_with(&st, decks[game % 2], (uint64_t)game);
		for (int step = 0; step < 2000 && G->to_move(&st) != QV_OVER; step++) {
			for (int v = -2; v < 2; v++)
				if (v != QV_VIEW_ALL)
					check_view_hides(&st, v);
			qv_test_random_step(G, &st, &rng);
		}
		assert_int_equal(G->to_move(&st), QV_OVER);
	}
}

/* The starting choice: a secret commitment, asked of p1 then p2, and p1's choice invisible to
 * p2 (and to spectators) until p2 has chosen. */
static void test_secret_start(void **unused)
{
	(void)unused;
	cc_state st;
	init_with(&st, "deck1=expedition,deck2=foundry", 3);
	assert_true(G->secret(&st));
	assert_int_equal(G->to_move(&st), 0);
	char *before2 = view_text(&st, 1), *beforep = view_text(&st, QV_VIEW_PUBLIC);
	/* p1 chooses one card or another: p2's view is the same either way */
	qv_action acts[64];
	int n = G->legal(&st, acts);
	assert_true(n >= 1 && n <= 7);
	cc_state a = st, b = st;
	assert_int_equal(qv_apply_checked(G, &a, acts[0], NULL, NULL), QV_OK);
	assert_int_equal(qv_apply_checked(G, &b, acts[n - 1], NULL, NULL), QV_OK);
	assert_true(G->secret(&a));
	assert_int_equal(G->to_move(&a), 1);
	char *va = view_text(&a, 1), *vb = view_text(&b, 1);
	assert_string_equal(va, vb);
	char *pa = view_text(&a, QV_VIEW_PUBLIC), *pb = view_text(&b, QV_VIEW_PUBLIC);
	assert_string_equal(pa, pb);
	assert_string_not_equal(before2, va); /* p1's hand count went down: that is public */
	check_view_hides(&a, 1);
	/* p1 sees its own choice */
	json_t *j = G->view_json(&a, 0);
	assert_true(json_is_string(
	    json_object_get(json_array_get(json_object_get(j, "players"), 0), "start")));
	json_decref(j);
	/* p2 chooses: both cards are on the grid, the secret is over */
	int m = G->legal(&a, acts);
	assert_true(m > 0);
	assert_int_equal(qv_apply_checked(G, &a, acts[0], NULL, NULL), QV_OK);
	assert_false(G->secret(&a));
	assert_true(a.grid[14].card && a.grid[14].owner == 0);
	assert_true(a.grid[21].card && a.grid[21].owner == 1);
	free(before2);
	free(beforep);
	free(va);
	free(vb);
	free(pa);
	free(pb);
}

/* shuffle=false deals in the listed order; shuffled decks depend on the seed only. */
static void test_deck_order(void **unused)
{
	(void)unused;
	cc_state a, b, c;
	init_with(&a, "deck1=expedition,deck2=foundry,shuffle=false", 1);
	init_with(&b, "deck1=expedition,deck2=foundry,shuffle=false", 99);
	assert_memory_equal(&a, &b, sizeof a);
	/* expedition's first 7 cards: striker r p s, lancer r p s, scout r */
	for (int c0 = 0; c0 < NCARDS; c0++)
		assert_int_equal(a.pl[0].hand[c0],
		                 (c0 >= id_of("striker-r") && c0 <= id_of("lancer-s")) ||
		                     c0 == id_of("scout-r"));
	assert_int_equal(a.pl[0].deck[a.pl[0].ndeck - 1], id_of("scout-p")); /* next draw */
	init_with(&a, "", 5);
	init_with(&b, "", 5);
	init_with(&c, "", 6);
	assert_memory_equal(&a, &b, sizeof a);
	assert_memory_not_equal(&a, &c, sizeof a);
	assert_int_equal(a.pl[0].nhand, 7);
	assert_int_equal(a.pl[0].ndeck, 14);
}

static void expect_init_error(const char *params, const char *text)
{
	qv_params p = {0};
	qv_err err = {{0}};
	cc_state st;
	assert_int_equal(qv_params_parse_list(&p, params, NULL), QV_OK);
	assert_int_equal(G->init(&st, &p, 1, &err), QV_EINVAL);
	if (!strstr(err.msg, text))
		fail_msg("init '%s': message '%s' lacks '%s'", params, err.msg, text);
}

static void test_parameter_errors(void **unused)
{
	(void)unused;
	qv_params p = {0};
	qv_err err;
	cc_state st;
	assert_int_equal(qv_params_set(&p, "deck1", "striker-r,bogus-p", NULL), QV_OK);
	assert_int_equal(G->init(&st, &p, 1, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "unknown card id 'bogus-p'"));
	assert_int_equal(qv_params_set(&p, "deck1", "striker-r,lancer-r,scout-r", NULL), QV_OK);
	assert_int_equal(G->init(&st, &p, 1, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "a deck needs 8 to 60 cards, this one has 3"));
	expect_init_error("target=61", "target");
	expect_init_error("max_turns=3", "max_turns");
	expect_init_error("deck=foundry", "unknown parameter 'deck'");
	/* 60 cards are allowed, 61 are not */
	char list[2048] = "";
	for (int i = 0; i < 61; i++) {
		char id[16];
		cc_card_name(base(), i % NCARDS, id);
		strcat(list, i ? "," : "");
		strcat(list, id);
	}
	assert_int_equal(qv_params_set(&p, "deck1", list, NULL), QV_OK);
	assert_int_equal(G->init(&st, &p, 1, &err), QV_EINVAL);
	assert_non_null(strstr(err.msg, "at most 60"));
	*strrchr(list, ',') = '\0';
	assert_int_equal(qv_params_set(&p, "deck1", list, NULL), QV_OK);
	assert_int_equal(G->init(&st, &p, 1, &err), QV_OK);
	assert_int_equal(st.pl[0].ndeck, 53);
}

/* A position where p2 (not active) is offered a reaction: determinizing for p1 must give p2
 * a hand with an aegis, so that the guessed state still has p2's decision in it. */
static void test_determinize_keeps_reaction_possible(void **unused)
{
	(void)unused;
	cc_state st;
	must_load(
	    &st, "deck1=expedition,deck2=expedition,shuffle=false",
	    "{\"board\":[{\"sq\":\"c3\",\"card\":\"striker-s\",\"owner\":\"p1\"},{\"sq\":\"c4\","
	    "\"card\":\"lancer-p\",\"owner\":\"p2\"},{\"sq\":\"d5\",\"card\":\"star-s\",\"owner\":"
	    "\"p1\"}],\"players\":[{\"hand\":[\"star-r\"]},{\"hand\":[\"aegis-p\",\"star-p\","
	    "\"striker-r\"]}],\"phase\":\"action\",\"active\":\"p1\",\"first\":\"p1\"}");
	play(&st, "pass");
	assert_int_equal(G->to_move(&st), 1);
	qv_action acts[16];
	for (uint64_t seed = 0; seed < 50; seed++) {
		cc_state d = st;
		qv_rng rng;
		qv_rng_seed(&rng, seed);
		G->determinize(&d, 0, &rng);
		int aegis = d.pl[1].hand[id_of("aegis-r")] + d.pl[1].hand[id_of("aegis-p")] +
		            d.pl[1].hand[id_of("aegis-s")];
		assert_true(aegis >= 1);
		assert_int_equal(d.pl[1].nhand, 3);
		assert_true(G->legal(&d, acts) >= 2);
		assert_memory_equal(d.pl[0].hand, st.pl[0].hand, sizeof st.pl[0].hand);
		char *v1 = view_text(&st, 0), *v2 = view_text(&d, 0);
		assert_string_equal(v1, v2);
		free(v1);
		free(v2);
	}
}

/* Determinization keeps every card in exactly one place, keeps the viewer's hand, and does
 * change the hidden cards (across RNG seeds). */
static void test_determinize_conserves_cards(void **unused)
{
	(void)unused;
	cc_state st;
	init_with(&st, "deck1=expedition,deck2=foundry,shuffle=false", 11);
	play(&st, "start striker-r");
	int changed = 0;
	for (uint64_t seed = 0; seed < 20; seed++) {
		cc_state d = st;
		qv_rng rng;
		qv_rng_seed(&rng, seed);
		G->determinize(&d, 1, &rng);
		for (int p = 0; p < 2; p++) {
			int count[NCARDS] = {0};
			for (int c = 0; c < NCARDS; c++)
				count[c] += d.pl[p].hand[c];
			for (int i = 0; i < d.pl[p].ndeck; i++)
				count[d.pl[p].deck[i]]++;
			if (d.pl[p].start)
				count[d.pl[p].start - 1]++;
			for (int c = 0; c < NCARDS; c++)
				assert_int_equal(count[c], d.pl[p].owned[c]);
		}
		assert_memory_equal(d.pl[1].hand, st.pl[1].hand, sizeof st.pl[1].hand);
		assert_true(d.pl[0].start != 0);
		changed += memcmp(&d, &st, sizeof d) != 0;
	}
	assert_true(changed >= 19);
	cc_state all = st;
	qv_rng rng;
	qv_rng_seed(&rng, 1);
	G->determinize(&all, QV_VIEW_ALL, &rng);
	assert_memory_equal(&all, &st, sizeof st);
}

static void expect_load_error(const char *params, const char *state, const char *text)
{
	cc_state st;
	qv_err err = {{0}};
	assert_int_equal(load(&st, params, state, &err), QV_EINVAL);
	if (!strstr(err.msg, text))
		fail_msg("load: message '%s' lacks '%s'", err.msg, text);
}

/* The hand and the deck, read and checked against the decklist by the card games' shared loader
 * (games/deck.c): each refusal names the field or the player's decklist and what is expected; a
 * deck left out is the rest of the decklist, lowest card id on top; a deck given is read top
 * first. */
static void test_load_hand_and_deck(void **unused)
{
	(void)unused;
	const char *ex = "deck1=expedition,deck2=foundry";
	expect_load_error(ex, "{\"board\":[{\"sq\":\"c3\",\"card\":\"guard-r\",\"owner\":\"p1\"}]}",
	                  "p1 has 1 x guard-r on the grid, in hand, the discard pile, the "
	                  "opponent's Victory Pile, the Persistent Area and the start, but its "
	                  "decklist (deck1) holds 0");
	expect_load_error(ex, "{\"players\":[{\"hand\":[\"striker-r\",\"striker-r\"]},{}]}",
	                  "p1 has 2 x striker-r on the grid, in hand, the discard pile, the "
	                  "opponent's Victory Pile, the Persistent Area and the start, but its "
	                  "decklist (deck1) holds 1");
	expect_load_error(ex, "{\"players\":[{\"hand\":[\"striker-r\"],\"deck\":[]},{}]}",
	                  "players[0].deck: p1's decklist (deck1) holds 1 x striker-p but the "
	                  "state places only 0 (leave out players[0].deck to put the rest there)");
	expect_load_error(
	    ex, "{\"players\":[{},{\"deck\":[\"guard-r\",\"guard-r\"]}]}",
	    "p2 has 2 x guard-r on the grid, in hand, the discard pile, the "
	    "opponent's Victory Pile, the Persistent Area and the start, deck included, "
	    "but its decklist (deck2) holds 1");
	expect_load_error(ex, "{\"players\":[{\"hand\":[\"striker-x\"]},{}]}",
	                  "players[0].hand[0] must be a card id");
	expect_load_error(ex, "{\"players\":[{\"hand\":3},{}]}",
	                  "players[0].hand must be an array of at most 60 card ids");
	expect_load_error(ex, "{\"players\":[{},{\"deck\":[\"nope\"]}]}",
	                  "players[1].deck[0] must be a card id");
	cc_state st;
	must_load(&st, ex, "{\"players\":[{\"hand\":[\"striker-p\"]},{}]}");
	assert_int_equal(st.pl[0].nhand, 1);
	assert_int_equal(st.pl[0].hand[id_of("striker-p")], 1);
	assert_int_equal(st.pl[0].ndeck, 20);
	assert_int_equal(st.pl[0].deck[19], id_of("striker-r"));
	assert_int_equal(st.pl[0].deck[0], id_of("aegis-s"));
	/* p2's whole decklist given as its deck: read top first */
	char given[1024] = "{\"players\":[{},{\"deck\":[";
	const cc_tables *T = base();
	for (int k = 0; k < T->decks[1].n; k++)
		snprintf(given + strlen(given), sizeof given - strlen(given), "%s\"%s\"",
		         k ? "," : "", T->cards[T->decks[1].cards[k]].id);
	strcat(given, "]}]}");
	must_load(&st, "deck1=expedition,deck2=foundry,shuffle=false", given);
	assert_int_equal(st.pl[1].ndeck, T->decks[1].n);
	assert_int_equal(st.pl[1].deck[st.pl[1].ndeck - 1], T->decks[1].cards[0]);
	assert_int_equal(st.pl[1].nhand, 0);
}

static void test_load_rejects_impossible_states(void **unused)
{
	(void)unused;
	const char *ex = "deck1=expedition,deck2=foundry";
	expect_load_error(ex, "{\"board\":[{\"sq\":\"c3\",\"card\":\"guard-r\",\"owner\":\"p1\"}]}",
	                  "p1 has 1 x guard-r on the grid");
	expect_load_error(ex, "{\"colour\":1}", "unknown field 'colour'");
	expect_load_error(ex, "{\"phase\":\"dance\"}",
	                  "state.phase must be start, coin, action, pay, react or over");
	expect_load_error(ex, "{\"phase\":\"over\",\"ended\":\"boredom\"}",
	                  "state.ended must be none, points, passes, loss or cap");
	expect_load_error(ex, "{\"phase\":\"over\"}", "state.ended");
	expect_load_error(
	    ex,
	    "{\"board\":[{\"sq\":\"c3\",\"card\":\"striker-r\",\"owner\":\"p1\",\"counters\":2}]}",
	    "only a dynamo carries Charge Counters");
	expect_load_error(
	    ex,
	    "{\"players\":[{\"persistent\":[{\"card\":\"dynamo-r\"},{\"card\":\"dynamo-p\"}]},{}]}",
	    "two Persistent cards of the same name");
	expect_load_error(ex, "{\"phase\":\"pay\"}", "in phase pay");
	expect_load_error(ex, "{\"phase\":\"react\",\"capture\":{\"would\":[\"c3\"],\"next\":14}}",
	                  "capture.next must name an offer");
	expect_load_error(ex, "{\"active\":\"p3\"}", "state.active must be a player p1-p2");
	expect_load_error(ex, "{\"active\":2}", "state.active must be a player p1-p2");
	expect_load_error(ex, "{\"phase\":\"start\",\"first\":\"p2\"}",
	                  "state.first is null until the first player is known");
	/* a missing deck is the rest of the decklist, lowest card id on top */
	cc_state st;
	must_load(&st, ex, "{\"players\":[{\"hand\":[\"striker-p\"]},{}]}");
	assert_int_equal(st.pl[0].ndeck, 20);
	assert_int_equal(st.pl[0].deck[19], id_of("striker-r"));
	assert_int_equal(st.pl[1].ndeck, 21);
	/* an absent or null player field is p1; first is read when known */
	must_load(&st, ex, "{\"active\":null,\"first\":\"p2\"}");
	assert_int_equal(st.active, 0);
	assert_int_equal(st.first, 1);
}

/* The turn cap (max_turns): the game ends and `capped` says why. */
static void test_max_turns_cap(void **unused)
{
	(void)unused;
	cc_state st;
	must_load(
	    &st, "deck1=expedition,deck2=expedition,max_turns=20",
	    "{\"board\":[{\"sq\":\"c3\",\"card\":\"courier-r\",\"owner\":\"p1\"},{\"sq\":\"e5\","
	    "\"card\":\"courier-s\",\"owner\":\"p2\"}],\"players\":[{\"hand\":[\"star-r\"]},{\"hand"
	    "\":[\"star-p\"]}],\"turns\":19,\"phase\":\"action\",\"active\":\"p1\",\"first\":\"p1\"}");
	assert_false(G->capped(&st));
	play(&st, "act c3 slide b2");
	assert_int_equal(G->to_move(&st), QV_OVER);
	assert_true(G->capped(&st));
	int r[2];
	G->ranks(&st, r);
	/* 0-0 points and one card each on the Board: a draw */
	assert_int_equal(r[0], 1);
	assert_int_equal(r[1], 1);
}

/* The heuristic stays in [-1, 1] and prefers points. */
static void test_heuristic(void **unused)
{
	(void)unused;
	cc_state st;
	must_load(
	    &st, "deck1=expedition,deck2=expedition",
	    "{\"board\":[{\"sq\":\"c3\",\"card\":\"striker-r\",\"owner\":\"p1\"},{\"sq\":\"e5\","
	    "\"card\":\"striker-s\",\"owner\":\"p2\"}],\"players\":[{\"hand\":[\"star-r\"],"
	    "\"victory\":[\"star-s\",\"lancer-s\"]},{\"hand\":[\"star-p\"]}],\"phase\":\"action\","
	    "\"active\":\"p1\",\"first\":\"p1\"}");
	double h0 = G->heuristic(&st, 0), h1 = G->heuristic(&st, 1);
	assert_true(h0 > 0 && h0 <= 1);
	assert_true(h1 < 0 && h1 >= -1);
}

/* The geometry tables agree with qv_dir_dx and qv_dir_dy: each square's neighbour in every
 * direction, its set of neighbours, the directions with room for a jump, and the direction
 * from a square to each neighbour. */
static void test_geometry_tables(void **unused)
{
	(void)unused;
	for (int sq = 0; sq < CC_NSQ; sq++) {
		uint64_t adj = 0, over = 0;
		for (int d = 0; d < QV_NDIRS; d++) {
			int f = sq % 6 + qv_dir_dx[d], r = sq / 6 + qv_dir_dy[d];
			bool in = f >= 0 && f < 6 && r >= 0 && r < 6;
			assert_int_equal(cc_nb[sq][d], in ? r * 6 + f : -1);
			assert_int_equal(cc_step(sq, d), in ? r * 6 + f : -1);
			if (!in)
				continue;
			adj |= 1ull << (r * 6 + f);
			assert_int_equal(cc_dir(sq, r * 6 + f), d);
			int f2 = f + qv_dir_dx[d], r2 = r + qv_dir_dy[d];
			if (f2 >= 0 && f2 < 6 && r2 >= 0 && r2 < 6) {
				over |= 1ull << (r * 6 + f);
				/* what jumps() counts on: the square beyond, in line */
				assert_int_equal(2 * (r * 6 + f) - sq, r2 * 6 + f2);
			}
		}
		assert_true(cc_adj[sq] == adj);
		assert_true(cc_over[sq] == over);
	}
}

/* The Capture step's test worked out from the card table alone, as the rules page words it:
 * the Strengths of the adjacent opponent cards with an arrow pointing at the card on sq and a
 * trait that beats its trait (or Superior to it). */
static int reference_sum(const cc_state *s, int sq)
{
	const cc_cell *target = &s->grid[sq];
	int sum = 0;
	for (int d = 0; d < QV_NDIRS; d++) {
		int f = sq % 6 + qv_dir_dx[d], r = sq / 6 + qv_dir_dy[d];
		if (f < 0 || f >= 6 || r < 0 || r >= 6)
			continue;
		const cc_cell *a = &s->grid[r * 6 + f];
		if (!a->card || a->owner == target->owner)
			continue;
		const cc_card *k = &cc_T(s)->cards[a->card - 1];
		int ta = k->trait, tb = cc_T(s)->cards[target->card - 1].trait;
		bool arrow = false;
		for (int e = 0; e < QV_NDIRS; e++)
			arrow |= (k->arrows >> e & 1) && cc_board_dir(a->owner, e) == (d + 4) % 8;
		if (arrow && (cc_beats(ta, tb) || (k->kind == CC_AB_SUPERIOR && ta == tb)))
			sum += k->strength + k->boost * a->boost;
	}
	return sum;
}

/* Defense with the owner's adjacent banners (support abilities). */
static int reference_defense(const cc_state *s, int sq)
{
	const cc_tables *T = cc_T(s);
	const cc_cell *c = &s->grid[sq];
	int def = T->cards[c->card - 1].defense;
	for (int d = 0; d < QV_NDIRS; d++) {
		int f = sq % 6 + qv_dir_dx[d], r = sq / 6 + qv_dir_dy[d];
		const cc_cell *n = f >= 0 && f < 6 && r >= 0 && r < 6 ? &s->grid[r * 6 + f] : NULL;
		if (n && n->card && n->owner == c->owner &&
		    T->cards[n->card - 1].kind == CC_AB_SUPPORT)
			def += T->cards[n->card - 1].bonus;
	}
	return def;
}

/* What the state keeps beside the grid (the masks of cards, the sums, the threats) is what
 * the grid says. */
static void check_kept(const cc_state *s)
{
	uint64_t would = cc_would_capture(s);
	for (int sq = 0; sq < CC_NSQ; sq++) {
		const cc_cell *c = &s->grid[sq];
		uint64_t bit = 1ull << sq;
		const cc_card *k = c->card ? &cc_T(s)->cards[c->card - 1] : NULL;
		int t = k ? k->kind : -1;
		assert_int_equal(!!(s->occ[0] & bit), c->card && c->owner == 0);
		assert_int_equal(!!(s->occ[1] & bit), c->card && c->owner == 1);
		assert_int_equal(!!(s->banners & bit), t == CC_AB_SUPPORT);
		assert_int_equal(!!(s->dynamos & bit), t == CC_AB_CHARGE);
		assert_int_equal(!!(s->movers & bit), t == CC_AB_MOVE || t == CC_AB_SHOVE);
		int sum = c->card ? reference_sum(s, sq) : 0;
		assert_int_equal(s->atk[sq], sum);
		assert_int_equal(!!(s->threat & bit), k && sum >= k->defense);
		assert_int_equal(!!(would & bit),
		                 c->card && sum > 0 && sum >= reference_defense(s, sq));
		if (c->card)
			assert_int_equal(cc_defense(s, sq), reference_defense(s, sq));
	}
}

/* Random games with every card: after each action the kept masks and sums match the grid,
 * and sample draws the action legal's list holds at the same random index, so random games
 * are the same with or without the sampler. */
static void test_kept_state_and_sampler(void **unused)
{
	(void)unused;
	/* deck1 and deck2 of each run (the third deck holds every card with a text) */
	static const char *const decks[3][2] = {
	    {"expedition", "foundry"},
	    {"foundry", "expedition"},
	    {"banner-r,banner-p,duelist-s,duelist-r,dynamo-r,dynamo-p,courier-s,courier-r,shover-p,"
	     "shover-s,saboteur-r,saboteur-p,aegis-r,aegis-s,star-p,scout-r",
	     "expedition"},
	};
	qv_action list[CC_MAX_ACTIONS];
	double prob[CC_MAX_CHANCE];
	long decisions = 0;
	for (int k = 0; k < 3; k++)
		for (uint64_t seed = 1; seed <= 40; seed++) {
			qv_params p = {0};
			qv_err err = {{0}};
			cc_state st;
			assert_int_equal(qv_params_set(&p, "deck1", decks[k][0], &err), QV_OK);
			assert_int_equal(qv_params_set(&p, "deck2", decks[k][1], &err), QV_OK);
			assert_int_equal(qv_params_set(&p, "target", "8", &err), QV_OK);
			assert_int_equal(G->init(&st, &p, seed, &err), QV_OK);
			qv_rng rng;
			qv_rng_seed(&rng, seed);
			for (int tm; (tm = G->to_move(&st)) != QV_OVER;) {
				qv_action a;
				if (tm == QV_CHANCE) {
					a = qv_sample_chance(G, &st, &rng, list, prob);
				} else {
					qv_rng again = rng;
					int n = G->legal(&st, list);
					assert_int_equal(G->count(&st), n);
					int drawn = -1;
					a = G->sample(&st, &rng, &drawn);
					assert_int_equal(drawn, n);
					assert_int_equal(a,
					                 list[qv_rng_below(&again, (uint32_t)n)]);
					decisions++;
				}
				G->apply(&st, a, NULL);
				check_kept(&st);
			}
		}
	assert_true(decisions > 3000);
}

/* reference(): one entry per card id in the order of the card table, each starting with its
 * id; a card id, a template or the board's three letters in any case; nothing for another
 * name; every line fits 80 columns. */
static void test_reference(void **unused)
{
	(void)unused;
	qv_buf b = {0};
	assert_int_equal(G->reference(NULL, NULL, &b), NCARDS);
	check_lines(qv_buf_str(&b), 80);
	int card = 0;
	for (const char *s = qv_buf_str(&b); *s; card += 0) {
		size_t len = strcspn(s, "\n");
		if (*s != ' ') {
			char id[16], head[24];
			cc_card_name(base(), card++, id);
			snprintf(head, sizeof head, "%s: ", id);
			if (strncmp(s, head, strlen(head)) != 0)
				fail_msg("entry %d starts '%.*s', expected '%s'", card, (int)len, s,
				         head);
		}
		s += len + (s[len] == '\n');
	}
	assert_int_equal(card, NCARDS);
	qv_buf_free(&b);

	b = (qv_buf){0};
	assert_int_equal(G->reference(NULL, "Striker-P", &b), 1);
	assert_string_equal(
	    qv_buf_str(&b),
	    "striker-p: Paper striker (on the board: 1P str for p1, 2P str for p2)\n"
	    "  trait Paper (beats Rock, loses to Scissors) · Strength 4 · Defense 2\n"
	    "  arrows N (on the board: p1 ↑, p2 ↓) · type Adventurer\n"
	    "  no ability; playing it costs nothing\n");
	qv_buf_free(&b);

	b = (qv_buf){0};
	assert_int_equal(G->reference(NULL, "shover-s", &b), 1);
	assert_string_equal(
	    qv_buf_str(&b),
	    "shover-s: Scissors shover (on the board: 1S sho for p1, 2S sho for p2)\n"
	    "  trait Scissors (beats Paper, loses to Rock) · Strength 2 · Defense 2\n"
	    "  arrows N (on the board: p1 ↑, p2 ↓) · type Airship\n"
	    "  Action - Cost 1: Slide a card adjacent to this card one square directly away\n"
	    "  from it.\n"
	    "  cost: 1, paid one unit at a time: a card from hand or a Charge Counter\n"
	    "  use: act <its square> shove <square of the card pushed> (a card of either\n"
	    "    player; it moves one square directly away, onto an empty square)\n");
	qv_buf_free(&b);

	static const struct {
		const char *name;
		int n;
		const char *has;
	} cases[] = {
	    {"dynamo", 3, "dynamo-s: Scissors dynamo"},
	    {"DYN", 3,
	     "  use: persist dynamo-p, or play it; act <its square> boost, act persistent\n"},
	    {"saboteur-r", 1, "  cost: X = the target's Defense - 1 (at least 0)"},
	    {"aegis-s", 1,
	     "  use: react aegis-s <square>, when the engine offers it; or decline\n"},
	    {"lancer-r", 1, "  arrows NE NW (on the board: p1 ↗↖, p2 ↙↘) · type Adventurer\n"},
	    {"star", 3, "  arrows N NE E S W NW"},
	    {"striker-x", 0, NULL},
	    {"", 0, NULL},
	    {"strikers", 0, NULL},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		b = (qv_buf){0};
		int n = G->reference(NULL, cases[i].name, &b);
		if (n != cases[i].n)
			fail_msg("reference '%s': %d entries, expected %d", cases[i].name, n,
			         cases[i].n);
		if (cases[i].has && !strstr(qv_buf_str(&b), cases[i].has))
			fail_msg("reference '%s' lacks '%s':\n%s", cases[i].name, cases[i].has,
			         qv_buf_str(&b));
		if (!n)
			assert_string_equal(qv_buf_str(&b), "");
		qv_buf_free(&b);
	}
}

/* The note of action `text` at st and whether it asks for a confirmation. */
static void expect_note(const cc_state *st, const char *text, const char *note, bool confirm)
{
	char buf[256];
	bool c = !confirm;
	int n = G->action_note(st, qv_test_parse(G, st, text), buf, sizeof buf, &c);
	if (strcmp(buf, note) != 0 || n != (int)strlen(note) || c != confirm)
		fail_msg("note of '%s': '%s'%s, expected '%s'%s", text, buf, c ? " [confirm]" : "",
		         note, confirm ? " [confirm]" : "");
}

/* action_note(): costs and effects, captures with their numbers (and the aegis the opponent
 * may hold, as far as the mover can tell), the end of the game when it is certain, the
 * third-turn loss, and the notes of the start, payments and reactions. */
static void test_action_note(void **unused)
{
	(void)unused;
	cc_state st;
	/* the shover of 15-shover-and-costs; p2's three aegises are in its discard pile, so no
	 * aegis can save the lancer */
	const char *shove =
	    "{'board':[{'sq':'c3','card':'shover-s','owner':'p1'},{'sq':'d4','card':'lancer-p',"
	    "'owner':'p2'},{'sq':'f5','card':'flanker-s','owner':'p1'}],'players':[{'hand':["
	    "'guard-r','saboteur-s']},{'hand':['star-p'],'discard':['aegis-r','aegis-p',"
	    "'aegis-s']}],'phase':'action','active':'p1','first':'p1'}";
	load_q(&st, "deck1=foundry,deck2=expedition,shuffle=false", shove);
	expect_note(&st, "act c3 shove d4",
	            "cost 1; pushes lancer-p from d4 to e5; captures lancer-p on e5 (2 against 2)",
	            false);
	expect_note(&st, "immediate saboteur-s d4",
	            "cost X = 1; saboteur-s removes lancer-p from d4", false);
	expect_note(&st, "play guard-r b2", "", false);
	/* p2's hand may hold an aegis when one is not public (the third is in its deck) */
	const char *unseen =
	    "{'board':[{'sq':'c3','card':'shover-s','owner':'p1'},{'sq':'d4','card':'lancer-p',"
	    "'owner':'p2'},{'sq':'f5','card':'flanker-s','owner':'p1'}],'players':[{'hand':["
	    "'guard-r','saboteur-s']},{'hand':['star-p'],'discard':['aegis-r','aegis-p']}],"
	    "'phase':'action','active':'p1','first':'p1'}";
	load_q(&st, "deck1=foundry,deck2=expedition,shuffle=false", unseen);
	expect_note(&st, "act c3 shove d4",
	            "cost 1; pushes lancer-p from d4 to e5; captures lancer-p on e5 (2 against 2) "
	            "unless p2 holds an aegis",
	            false);
	/* paying: a unit with more to come, then the last one brings the effect */
	play(&st, "act c3 shove d4");
	expect_note(
	    &st, "discard guard-r",
	    "pushes lancer-p from d4 to e5; captures lancer-p on e5 (2 against 2) unless p2 "
	    "holds an aegis",
	    false);

	/* a pass after a pass ends the game */
	const char *passed =
	    "{'board':[{'sq':'c3','card':'striker-r','owner':'p1'},{'sq':'d4','card':'striker-r',"
	    "'owner':'p2'}],'players':[{'hand':['star-r'],'victory':['star-s']},{'hand':['star-p']"
	    "}],'phase':'action','active':'p1','first':'p1','passes':1}";
	load_q(&st, "deck1=expedition,deck2=expedition,shuffle=false", passed);
	expect_note(&st, "pass", "ends the game (both players pass): you win 1-0", true);
	st.passes = 0;
	expect_note(&st, "pass", "", false);

	/* the third-turn rule: p1's only card slides under p2's striker */
	const char *third =
	    "{'board':[{'sq':'c3','card':'courier-r','owner':'p1'},{'sq':'d5','card':'striker-p',"
	    "'owner':'p2'}],'players':[{'hand':['star-r'],'turns':2},{'hand':['star-p'],'turns':2}"
	    "],'phase':'action','active':'p1','first':'p1'}";
	load_q(&st, "deck1=expedition,deck2=expedition,shuffle=false", third);
	expect_note(
	    &st, "act c3 slide d4",
	    "p2 captures courier-r on d4 (4 against 2); ends the game (you have no card left "
	    "on the Board): you lose 0-1",
	    true);
	expect_note(&st, "play star-r d4", "p2 captures star-r on d4 (4 against 2)", false);
	/* with an aegis in hand the loss is the player's choice */
	const char *third_aegis =
	    "{'board':[{'sq':'c3','card':'courier-r','owner':'p1'},{'sq':'d5','card':'striker-p',"
	    "'owner':'p2'}],'players':[{'hand':['aegis-r'],'turns':2},{'hand':['star-p'],'turns':2}"
	    "],'phase':'action','active':'p1','first':'p1'}";
	load_q(&st, "deck1=expedition,deck2=expedition,shuffle=false", third_aegis);
	expect_note(&st, "act c3 slide d4",
	            "p2 captures courier-r on d4 (4 against 2) unless you react with an aegis; you "
	            "could lose: no card left on the Board (third-turn rule)",
	            true);

	/* the target: a capture that reaches it, or one that gives it to the opponent */
	const char *target =
	    "{'board':[{'sq':'c3','card':'striker-s','owner':'p1'},{'sq':'d5','card':'lancer-p',"
	    "'owner':'p2'}],'players':[{'hand':['star-r','scout-s']},{'hand':['star-p'],'discard'"
	    ":['aegis-r','aegis-p','aegis-s']}],'phase':'action','active':'p1','first':'p1'}";
	load_q(&st, "deck1=expedition,deck2=expedition,shuffle=false,target=1", target);
	expect_note(
	    &st, "play scout-s d6",
	    "captures lancer-p on d5 (2 against 2); ends the game (you reach the target): you "
	    "win 1-0",
	    true);
	expect_note(
	    &st, "play star-r e4",
	    "p2 captures star-r on e4 (3 against 2); ends the game (p2 reaches the target): "
	    "you lose 0-1",
	    true);

	/* the start, and reactions */
	init_with(&st, "deck1=expedition,deck2=foundry,shuffle=false", 1);
	expect_note(&st, "start striker-r",
	            "goes on c3; you play first against Paper, second "
	            "against Scissors",
	            false);
	const char *react =
	    "{'board':[{'sq':'c3','card':'striker-s','owner':'p1'},{'sq':'c4','card':'lancer-p',"
	    "'owner':'p2'},{'sq':'d4','card':'striker-r','owner':'p2'},{'sq':'d3','card':'scout-s',"
	    "'owner':'p1'},{'sq':'d5','card':'star-s','owner':'p1'}],'players':[{'hand':['aegis-r',"
	    "'star-r']},{'hand':['aegis-p','star-p']}],'phase':'action','active':'p1','first':'p1'}";
	load_q(&st, "deck1=expedition,deck2=expedition,shuffle=false", react);
	play(&st, "pass");
	expect_note(&st, "react aegis-r d3",
	            "saves scout-s on d3 this Capture Step; the aegis is discarded", false);
	expect_note(&st, "decline", "scout-s on d3 is captured: it goes to p2's victory pile",
	            false);
}

/* The compact diagram of a mid-game position, exactly: 2-line squares, the players' counts
 * beside the grid, the hand (card id order, board arrows, p2's turned) below; 17 rows at
 * most, 80 columns; colours only when asked. */
static void test_compact_layout(void **unused)
{
	(void)unused;
	cc_state st;
	const char *pos =
	    "{'board':[{'sq':'c3','card':'dynamo-s','owner':'p1','counters':2},{'sq':'d4','card':"
	    "'flanker-p','owner':'p2'},{'sq':'e5','card':'banner-p','owner':'p2'},{'sq':'e4','card'"
	    ":'guard-s','owner':'p2'}],'players':[{'hand':['striker-r','aegis-s','lancer-p'],"
	    "'persistent':[{'card':'dynamo-r','counters':1}],'victory':['sentinel-r'],'turns':3},"
	    "{'hand':['saboteur-r','duelist-p'],'turns':3}],'phase':'action','active':'p2',"
	    "'first':'p1','turns':6}";
	load_q(&st, "deck1=expedition,deck2=foundry,shuffle=false", pos);
	qv_buf b = {0};
	G->render_text(&st, 1, QV_RENDER_COMPACT, &b);
	assert_string_equal(
	    qv_buf_str(&b),
	    "      a          b          c          d          e          f\n"
	    "6│    ·     │    ·     │    ·     │    ·     │    ·     │    ·     │ p1\n"
	    " │          │          │          │          │          │          │ points 1\n"
	    "5│    ·     │    ·     │    ·     │    ·     │2P ban 1/3│    ·     │ hand 3\n"
	    " │          │          │          │          │↓         │          │ deck 16\n"
	    "4│    ·     │    ·     │    ·     │2P fla 2/4│2S gua 2/5│    ·     │ turns 3\n"
	    " │          │          │          │↑←→       │↓         │          │ dynamo-r c1\n"
	    "3│    ·     │    ·     │1S dyn 1/3│    ·     │    ·     │    ·     │ p2 (you)\n"
	    " │          │          │↖↑↗     c2│          │          │          │ points 0\n"
	    "2│    ·     │    ·     │    ·     │    ·     │    ·     │    ·     │ hand 2\n"
	    " │          │          │          │          │          │          │ deck 15\n"
	    "1│    ·     │    ·     │    ·     │    ·     │    ·     │    ·     │ turns 3\n"
	    " │          │          │          │          │          │          │\n"
	    "hand:  saboteur-r 1/2←→↓  duelist-p 2/2←↓\n"
	    "1R lan 3/2 = p1's Rock lancer, Strength/Defense · c2 = counters · + = boosted\n"
	    "turn 7 · target 5 · p2 to move: play, persist, act, immediate or pass\n");
	assert_null(strstr(qv_buf_str(&b), "\033"));
	qv_buf_free(&b);
	/* p1's hand, the referee's two hands on one line each, the public's none */
	b = (qv_buf){0};
	G->render_text(&st, 0, QV_RENDER_COMPACT, &b);
	assert_non_null(
	    strstr(qv_buf_str(&b), "\nhand:  striker-r 4/2↑  lancer-p 3/2↖↗  aegis-s 1/3↑\n"));
	assert_non_null(strstr(qv_buf_str(&b), " p1 (you)\n"));
	qv_buf_free(&b);
	b = (qv_buf){0};
	G->render_text(&st, QV_VIEW_ALL, QV_RENDER_COMPACT | QV_RENDER_COLOR, &b);
	assert_non_null(strstr(qv_buf_str(&b), "\np1 hand:"));
	assert_non_null(strstr(qv_buf_str(&b), "\np2 hand:"));
	assert_non_null(strstr(qv_buf_str(&b), "\033[1;34m2P fla 2/4\033[0m"));
	qv_buf_free(&b);

	/* a long hand: two lines, then how many more */
	for (int c = 0; c < NCARDS; c++)
		st.pl[1].hand[c] = c % 3 == 0;
	st.pl[1].nhand = NCARDS / 3;
	for (int v = QV_VIEW_PUBLIC; v < 2; v++) {
		b = (qv_buf){0};
		G->render_text(&st, v, QV_RENDER_COMPACT, &b);
		assert_true(check_lines(qv_buf_str(&b), 80) <= 17);
		qv_buf_free(&b);
		b = (qv_buf){0};
		G->render_text(&st, v, 0, &b);
		check_lines(qv_buf_str(&b), 80);
		qv_buf_free(&b);
	}
	b = (qv_buf){0};
	G->render_text(&st, 1, QV_RENDER_COMPACT, &b);
	/* the second line is aligned with the first card of the first, and ends with the
	 * count of the cards left out */
	const char *hand = strstr(qv_buf_str(&b), "\nhand:  sentinel-r 1/5↑↓  striker-r 4/2↓");
	assert_non_null(hand);
	const char *second = strchr(hand + 1, '\n') + 1;
	assert_memory_equal(second, "       ", 7);
	assert_true(second[7] >= 'a' && second[7] <= 'z');
	const char *end = strchr(second, '\n');
	assert_memory_equal(end - 3, " +", 2);
	qv_buf_free(&b);
}

/* The full layout lists a hand one card a line in card id order, with its numbers. */
static void test_full_hand(void **unused)
{
	(void)unused;
	cc_state st;
	init_with(&st, "deck1=expedition,deck2=foundry,shuffle=false", 1);
	qv_buf b = {0};
	G->render_text(&st, 1, 0, &b);
	const char *t = qv_buf_str(&b);
	const char *lines[] = {
	    "  hand (arrows as p2 would place them):\n", "    sentinel-r Rock      1/5  ↑↓\n",
	    "    sentinel-p Paper     1/5  ↑↓\n",        "    sentinel-s Scissors  1/5  ↑↓\n",
	    "    flanker-r  Rock      2/3  ↑←→\n",       "    flanker-p  Paper     2/3  ↑←→\n",
	    "    flanker-s  Scissors  2/3  ↑←→\n",       "    guard-r    Rock      2/4  ↓\n",
	};
	const char *at = t;
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		const char *next = strstr(at, lines[i]);
		if (!next)
			fail_msg("line %zu '%s' missing or out of order in:\n%s", i, lines[i], t);
		at = next + strlen(lines[i]);
	}
	check_lines(t, 80);
	qv_buf_free(&b);
}

/* ---- views and variants ---- */

/* The board entry of sq in a view or state JSON. */
static json_t *board_entry(json_t *view, const char *sq)
{
	json_t *board = json_object_get(view, "board"), *e;
	size_t i;
	json_array_foreach(
	    board, i, e) if (strcmp(json_string_value(json_object_get(e, "sq")), sq) == 0) return e;
	fail_msg("no card on %s", sq);
	return NULL;
}

static long board_int(json_t *view, const char *sq, const char *key)
{
	return (long)json_integer_value(json_object_get(board_entry(view, sq), key));
}

/* A view gives each card on the grid its Strength and Defense now: a boosted dynamo has its
 * printed 1 plus 2, a guard next to its owner's banner 4 plus 1, others as printed. */
static void test_view_current_values(void **unused)
{
	(void)unused;
	cc_state st;
	load_q(&st, "deck1=expedition,deck2=foundry",
	       "{'board':[{'sq':'c3','card':'dynamo-r','owner':'p1','counters':1,'boost':true},"
	       "{'sq':'d4','card':'banner-s','owner':'p2'},{'sq':'e4','card':'guard-p',"
	       "'owner':'p2'},{'sq':'b2','card':'striker-r','owner':'p1'}],'players':[{},{}]}");
	for (int v = QV_VIEW_ALL; v < 2; v++) {
		json_t *view = v == QV_VIEW_ALL ? G->state_json(&st) : G->view_json(&st, v);
		assert_int_equal(board_int(view, "c3", "strength"), 3);
		assert_int_equal(board_int(view, "c3", "defense"), 3);
		assert_int_equal(board_int(view, "e4", "strength"), 2);
		assert_int_equal(board_int(view, "e4", "defense"), 5);
		assert_int_equal(board_int(view, "d4", "defense"), 3); /* not its own banner */
		assert_int_equal(board_int(view, "b2", "strength"), 4);
		json_decref(view);
	}
	/* the state JSON with them loads back to the same state */
	json_t *j = G->state_json(&st);
	char *text = json_dumps(j, JSON_COMPACT);
	cc_state back;
	must_load(&back, "deck1=expedition,deck2=foundry", text);
	assert_memory_equal(&back, &st, sizeof st);
	free(text);
	json_decref(j);
}

/* A variant of the built-in set from a JSON text (failing the test when it is refused). */
static const qv_variant *variant(const char *text) { return qv_test_variant(G, text); }

/* The message a variant is refused with, which must contain `want`. */
static void expect_variant_error(const char *text, const char *want)
{
	qv_err err = {{0}};
	qv_test_variant_refusal(G, text, &err);
	if (!strstr(err.msg, want))
		fail_msg("variant refused with '%s', lacking '%s'", err.msg, want);
}

#define VARIANT_HEAD "{\"quiver_variant\": 1, \"game\": \"concardia\", \"name\": \"test\", "

/* p1's lancer-s on c3 and p2's sentinel-p on d4 (Defense 5), p1 to move with striker-s and
 * star-s in hand, in the components of v (NULL: the built-in set); then p1 plays card on d3,
 * whose N arrow points at the sentinel with the lancer's NE arrow. */
static void capture_position(cc_state *st, const qv_variant *v, const char *card)
{
	char params[160], play_text[40];
	snprintf(params, sizeof params, "deck1=expedition,deck2=foundry,variant=%s",
	         v ? v->sha256 : "base");
	load_q(st, params,
	       "{'board':[{'sq':'c3','card':'lancer-s','owner':'p1'},{'sq':'d4','card':"
	       "'sentinel-p','owner':'p2'},{'sq':'f6','card':'guard-r','owner':'p2'}],'players':"
	       "[{'hand':['striker-s','star-s']},{'hand':['flanker-r']}],'turns':2}");
	snprintf(play_text, sizeof play_text, "play %s d3", card);
	play(st, play_text);
}

/* A card a variant gives no arrows says so in its reference entry ("no arrows", not an empty
 * list of arrows drawn for nobody). */
static void test_variant_no_arrows_reference(void **unused)
{
	(void)unused;
	const qv_variant *v = variant(VARIANT_HEAD "\"extends\": \"base\", \"cards\": {\"modify\": "
	                                           "{\"scout-r\": {\"arrows\": []}}}}");
	cc_state st;
	char params[160];
	snprintf(params, sizeof params, "deck1=expedition,deck2=foundry,variant=%s", v->sha256);
	load_q(&st, params, "{'turns':2}");
	qv_buf b = {0};
	assert_int_equal(G->reference(&st, "scout-r", &b), 1);
	if (!strstr(qv_buf_str(&b), "\n  no arrows · type Adventurer\n") ||
	    strstr(qv_buf_str(&b), "on the board: p1 ,"))
		fail_msg("scout-r without arrows:\n%s", qv_buf_str(&b));
	qv_buf_free(&b);
}

/* A card's Strength decides a capture: striker-s (4) with the lancer (3) captures the
 * sentinel (Defense 5) in the built-in set, not once a variant makes it 1; star-s (1) does
 * not, until a variant makes it 2. */
static void test_variant_strength_decides_capture(void **unused)
{
	(void)unused;
	cc_state st;
	const int d4 = 3 * 6 + 3;
	capture_position(&st, NULL, "striker-s");
	assert_int_equal(st.grid[d4].card, 0);
	assert_int_equal(st.pl[0].nvictory, 1);

	const qv_variant *weak =
	    variant(VARIANT_HEAD "\"cards\": {\"modify\": {\"striker-s\": {\"strength\": 1}}}}");
	capture_position(&st, weak, "striker-s");
	assert_int_equal(st.grid[d4].card, id_of("sentinel-p") + 1);
	assert_int_equal(st.pl[0].nvictory, 0);
	assert_int_equal(st.atk[d4], 3 + 1);

	capture_position(&st, NULL, "star-s");
	assert_int_equal(st.grid[d4].card, id_of("sentinel-p") + 1);
	const qv_variant *strong =
	    variant(VARIANT_HEAD "\"cards\": {\"modify\": {\"star-s\": {\"strength\": 2}}}}");
	capture_position(&st, strong, "star-s");
	assert_int_equal(st.grid[d4].card, 0);
	assert_int_equal(st.pl[0].nvictory, 1);
	/* the example of docs/variants.md is the weaker striker */
	assert_string_not_equal(weak->sha256, strong->sha256);
}

/* Abilities are kinds with parameters: a striker given a move ability slides, a banner's
 * support of 2 gives +2 Defense, a shove of cost 0 is applied at once, and an added card has
 * a name, notation and a reference entry. */
static void test_variant_abilities(void **unused)
{
	(void)unused;
	const qv_variant *v = variant(
	    VARIANT_HEAD "\"cards\": {\"modify\": {\"striker-r\": {\"ability\": {\"kind\": "
	                 "\"move\"}}, \"banner-s\": {\"ability\": {\"kind\": \"support\", "
	                 "\"defense\": 2}}}, \"add\": [{\"id\": \"ram-p\", \"name\": \"ram\", "
	                 "\"trait\": \"Paper\", \"strength\": 3, \"defense\": 1, \"arrows\": "
	                 "[\"N\"], \"type\": \"Airship\", \"ability\": {\"kind\": \"shove\", "
	                 "\"cost\": 0}}]}, \"decks\": {\"add\": [{\"id\": \"rams\", \"cards\": "
	                 "[\"ram-p\", \"ram-p\", \"striker-r\", \"striker-r\", \"banner-s\", "
	                 "\"guard-r\", \"guard-p\", \"guard-s\"]}]}}");
	char params[160];
	snprintf(params, sizeof params, "deck1=rams,deck2=foundry,variant=%s", v->sha256);
	cc_state st;
	load_q(&st, params,
	       "{'board':[{'sq':'c3','card':'striker-r','owner':'p1'},{'sq':'d3','card':"
	       "'banner-s','owner':'p1'},{'sq':'d4','card':'guard-p','owner':'p1'},{'sq':'c4',"
	       "'card':'ram-p','owner':'p1'},{'sq':'e5','card':'sentinel-p','owner':'p2'}],"
	       "'players':[{'hand':['guard-r']},{'hand':['flanker-r']}],'turns':2}");
	qv_action acts[CC_MAX_ACTIONS];
	int n = G->legal(&st, acts);
	bool slide = false, shove = false;
	for (int i = 0; i < n; i++) {
		char t[48];
		G->action_to_text(&st, acts[i], t, sizeof t);
		slide |= strcmp(t, "act c3 slide b3") == 0;
		shove |= strcmp(t, "act c4 shove d4") == 0;
	}
	assert_true(slide);
	assert_true(shove);
	assert_int_equal(cc_defense(&st, 3 * 6 + 3), 4 + 2); /* guard-p next to the banner */
	play(&st, "act c4 shove d4");                        /* no cost: pushed at once */
	assert_int_equal(st.phase, CC_PH_ACTION);
	assert_int_equal(st.active, 1);
	assert_int_equal(st.grid[3 * 6 + 3].card, 0);                    /* d4 */
	assert_int_equal(st.grid[3 * 6 + 4].card, id_of("guard-p") + 1); /* to e4 */
	qv_buf b = {0};
	assert_int_equal(G->reference(&st, "ram", &b), 1);
	assert_non_null(strstr(qv_buf_str(&b), "ram-p: Paper ram"));
	assert_non_null(strstr(qv_buf_str(&b), "Action - Cost 0: Slide a card adjacent"));
	qv_buf_free(&b);
	b = (qv_buf){0};
	assert_int_equal(G->reference(NULL, "ram", &b), 0); /* not in the built-in set */
	qv_buf_free(&b);

	/* texts name the card that has the ability: a save on a card named shield */
	const qv_variant *w = variant(
	    VARIANT_HEAD "\"cards\": {\"remove\": [\"aegis-r\", \"aegis-p\", \"aegis-s\"], "
	                 "\"add\": [{\"id\": \"shield-r\", \"name\": \"shield\", \"trait\": "
	                 "\"Rock\", \"strength\": 1, \"defense\": 3, \"arrows\": [\"N\"], "
	                 "\"type\": \"Airship\", \"ability\": {\"kind\": \"save\"}}]}, "
	                 "\"decks\": {\"modify\": {\"expedition\": {\"cards\": [\"striker-r\", "
	                 "\"striker-p\", \"star-r\", \"star-s\", \"lancer-s\", \"scout-r\", "
	                 "\"shield-r\", \"shield-r\"]}}}}");
	snprintf(params, sizeof params, "deck1=expedition,deck2=expedition,variant=%s", w->sha256);
	load_q(&st, params,
	       "{'board':[{'sq':'c3','card':'star-r','owner':'p1'},{'sq':'c4','card':'striker-p',"
	       "'owner':'p2'},{'sq':'f1','card':'lancer-s','owner':'p1'}],'players':[{'hand':"
	       "['shield-r']},{'hand':['star-s']}],'turns':2}");
	expect_note(&st, "pass",
	            "p2 captures star-r on c3 (4 against 2) unless you react with a shield", false);
	b = (qv_buf){0};
	assert_int_equal(G->reference(&st, "shield-r", &b), 1);
	assert_non_null(strstr(qv_buf_str(&b), "cost: the shield itself, discarded from hand"));
	qv_buf_free(&b);
}

/* Every cross-check refuses with the path in the resolved document and what is accepted. */
static void test_variant_cross_checks(void **unused)
{
	(void)unused;
	expect_variant_error(VARIANT_HEAD "\"decks\": {\"modify\": {\"foundry\": {\"cards\": "
	                                  "[\"guard-r\", \"guard-p\", \"guard-s\", \"star-r\", "
	                                  "\"star-p\", \"star-s\", \"scout-r\"]}}}}",
	                     "/decks/1/cards: 7 cards; a deck needs 8-60");
	expect_variant_error(VARIANT_HEAD "\"decks\": {\"modify\": {\"foundry\": {\"cards\": "
	                                  "[\"guard-r\", \"guard-p\", \"guard-s\", \"star-r\", "
	                                  "\"star-p\", \"star-s\", \"scout-r\", \"scout-q\"]}}}}",
	                     "/decks/1/cards/7: no card \"scout-q\" in /cards");
	expect_variant_error(VARIANT_HEAD "\"decks\": {\"modify\": {\"foundry\": {\"cards\": "
	                                  "[\"guard-r\", \"guard-r\", \"guard-s\", \"star-r\", "
	                                  "\"star-p\", \"star-s\", \"scout-r\", \"guard-r\"]}}}}",
	                     "/decks/1/cards/7: \"guard-r\" a third time; a deck holds a card at "
	                     "most twice");
	expect_variant_error(VARIANT_HEAD
	                     "\"cards\": {\"modify\": {\"courier-p\": {\"ability\": {\"kind\": "
	                     "\"move\", \"cost\": 1}}}}}",
	                     "/cards/22/ability/cost: a move ability takes nothing");
	expect_variant_error(
	    VARIANT_HEAD "\"cards\": {\"modify\": {\"striker-r\": {\"ability\": {\"kind\": "
	                 "\"charge\", \"cost\": 1, \"strength\": 2}}}}}",
	    "/cards/3/ability: missing \"counters\" (a charge ability takes counters, cost and "
	    "strength)");
	expect_variant_error(VARIANT_HEAD "\"decks\": {\"remove\": [\"expedition\"]}}",
	                     "/decks: no deck \"expedition\", the default of deck1");
	expect_variant_error(
	    VARIANT_HEAD "\"cards\": {\"add\": [{\"id\": \"Striker-R\", "
	                 "\"name\": \"Striker\", \"trait\": \"Rock\", "
	                 "\"strength\": 1, \"defense\": 1, \"arrows\": [], "
	                 "\"type\": \"Maker\"}]}}",
	    "/cards/42/id: \"Striker-R\" is \"striker-r\" (/cards/3) but for case");
	expect_variant_error(VARIANT_HEAD "\"decks\": {\"add\": [{\"id\": \"Foundry\", "
	                                  "\"cards\": [\"guard-r\", \"guard-p\", \"guard-s\", "
	                                  "\"star-r\", \"star-p\", \"star-s\", \"scout-r\", "
	                                  "\"scout-p\"]}]}}",
	                     "/decks/2/id: \"Foundry\" is \"foundry\" (/decks/1) but for case");
	/* a set without the default decks is fine when its params name others */
	variant(VARIANT_HEAD "\"params\": {\"deck1\": \"foundry\"}, \"decks\": {\"remove\": "
	                     "[\"expedition\"]}}");
	/* what the state cannot hold: more than 63 cards, a Defense of 0, a card id too long */
	char text[8192] = VARIANT_HEAD "\"cards\": {\"add\": [";
	for (int i = 0; i < 22; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text),
		         "%s{\"id\": \"extra%d\", \"name\": \"extra\", \"trait\": \"Rock\", "
		         "\"strength\": 1, \"defense\": 1, \"arrows\": [], \"type\": \"Maker\"}",
		         i ? ", " : "", i);
	strcat(text, "]}}");
	expect_variant_error(text, "63");
	expect_variant_error(VARIANT_HEAD
	                     "\"cards\": {\"modify\": {\"striker-r\": {\"defense\": 0}}}}",
	                     "/cards/modify/striker-r/defense");
	expect_variant_error(VARIANT_HEAD "\"cards\": {\"modify\": {\"striker-r\": {\"ability\": "
	                                  "{\"kind\": \"teleport\"}}}}}",
	                     "/cards/modify/striker-r/ability/kind");
}

/* A variant's longest ids (15 characters), two-digit numbers and eight arrows still fit 80
 * columns in every layout and view: hands, the Persistent Area beside the compact grid. */
static void test_variant_layouts(void **unused)
{
	(void)unused;
	char text[4096] = VARIANT_HEAD "\"cards\": {\"add\": [";
	for (int i = 0; i < 8; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text),
		         "%s{\"id\": \"longdesignnam-%c\", \"name\": \"longdesignnam\", \"trait\": "
		         "\"Rock\", \"strength\": 15, \"defense\": 15, \"arrows\": [\"N\", \"NE\", "
		         "\"E\", \"SE\", \"S\", \"SW\", \"W\", \"NW\"], \"type\": \"Maker\", "
		         "\"ability\": {\"kind\": \"charge\", \"counters\": 9, \"cost\": 9, "
		         "\"strength\": 15}}",
		         i ? ", " : "", 'a' + i);
	strcat(text,
	       "]}, \"decks\": {\"add\": [{\"id\": \"long\", \"cards\": [\"longdesignnam-a\", "
	       "\"longdesignnam-b\", \"longdesignnam-c\", \"longdesignnam-d\", "
	       "\"longdesignnam-e\", \"longdesignnam-f\", \"longdesignnam-g\", "
	       "\"longdesignnam-h\", \"longdesignnam-a\"]}]}}");
	const qv_variant *v = variant(text);
	char params[160];
	snprintf(params, sizeof params, "deck1=long,deck2=long,variant=%s", v->sha256);
	cc_state st;
	load_q(&st, params,
	       "{'board':[{'sq':'c3','card':'longdesignnam-a','owner':'p1','counters':9,"
	       "'boost':true},{'sq':'d4','card':'longdesignnam-b','owner':'p2'}],'players':[{"
	       "'hand':['longdesignnam-c','longdesignnam-d','longdesignnam-e','longdesignnam-f'],"
	       "'persistent':[{'card':'longdesignnam-g','counters':9}]},{'hand':["
	       "'longdesignnam-h','longdesignnam-a'],'persistent':[{'card':'longdesignnam-c',"
	       "'counters':9}]}],'turns':2}");
	for (int v2 = QV_VIEW_ALL; v2 < 2; v2++)
		for (int f = 0; f < 2; f++) {
			qv_buf b = {0};
			G->render_text(&st, v2, f ? QV_RENDER_COMPACT : 0, &b);
			check_lines(qv_buf_str(&b), 80);
			qv_buf_free(&b);
		}
}

/* ---- the designer's lab ---- */

/* The id of entry c of the studied block ("cards") of the document v plays with. */
static const char *studied_id(const qv_variant *v, int c) { return qv_test_studied_id(G, v, c); }

static bool is_card(const void *st, const char *word) { return cc_find_card(cc_T(st), word) >= 0; }

/* The variant of mixed_decks. */
static const qv_variant *mixed;

/* The component action text plays at st, a state of `mixed`, as its id ("-" for none). */
static const char *component_named(const cc_state *st, const char *text)
{
	int c = G->components->component_of(st, qv_test_parse(G, st, text));
	return c < 0 ? "-" : studied_id(mixed, c);
}

/* The parameters of a game of the built-in cards where both players' decks hold one of each
 * card the lab's tests put on the grid or in a hand. */
static const char *mixed_decks(char *params, size_t len)
{
	const qv_variant *v = mixed =
	    variant(VARIANT_HEAD "\"decks\": {\"add\": [{\"id\": \"mixed\", \"cards\": "
	                         "[\"courier-r\", \"shover-r\", \"striker-s\", \"saboteur-p\", "
	                         "\"aegis-s\", \"guard-p\", \"sentinel-s\", \"flanker-r\"]}]}}");
	snprintf(params, len, "deck1=mixed,deck2=mixed,variant=%s", v->sha256);
	return params;
}

static void test_lab_component_of(void **unused)
{
	(void)unused;
	assert_string_equal(G->components->studied, "cards");
	cc_state st;
	char params[160];
	load_q(&st, mixed_decks(params, sizeof params),
	       "{'board':[{'sq':'c3','card':'courier-r','owner':'p1'},{'sq':'d4','card':"
	       "'guard-p','owner':'p2'}],'players':[{'hand':['striker-s','saboteur-p',"
	       "'aegis-s']},{'hand':['flanker-r']}],'turns':2}");
	assert_string_equal(component_named(&st, "play striker-s e2"), "striker-s");
	assert_string_equal(component_named(&st, "persist dynamo-r"), "dynamo-r");
	assert_string_equal(component_named(&st, "immediate saboteur-p d4"), "saboteur-p");
	assert_string_equal(component_named(&st, "act persistent dynamo-p boost"), "dynamo-p");
	assert_string_equal(component_named(&st, "discard aegis-s"), "aegis-s");
	assert_string_equal(component_named(&st, "react aegis-r c3"), "aegis-r");
	assert_string_equal(component_named(&st, "start lancer-s"), "lancer-s");
	assert_string_equal(component_named(&st, "pass"), "-");
	assert_string_equal(component_named(&st, "act c3 slide c4"), "-");
	assert_string_equal(component_named(&st, "act c3 boost"), "-");
	assert_string_equal(component_named(&st, "counter persistent dynamo-r"), "-");
	assert_string_equal(component_named(&st, "decline"), "-");
}

/* Plays one random step of st (chance drawn by its probabilities) and checks what the lab's
 * touched says of it: at most two squares; a saboteur's target held an opponent card; any
 * other touched square was empty and now holds a card of the seat touched, unless the
 * capture step took it; and every square that was empty and holds a card now was touched.
 * Returns how many squares it gave. */
static int touched_step(cc_state *st, qv_rng *rng)
{
	cc_state before = *st;
	qv_action a = qv_test_random_step(G, st, rng);
	qv_lab_touch t[4];
	int n = G->components->touched(&before, a, st, t, 4);
	assert_true(n >= 0 && n <= 2);
	uint64_t touched = 0;
	for (int i = 0; i < n; i++) {
		int sq = t[i].square;
		assert_true(t[i].seat == 0 || t[i].seat == 1);
		assert_true(sq >= 0 && sq < CC_NSQ);
		touched |= 1ull << sq;
		if (CC_TYPE(a) == CC_ACT_IMMEDIATE) {
			assert_int_not_equal(before.grid[sq].card, 0);
			assert_int_equal(before.grid[sq].owner, 1 - t[i].seat);
			continue;
		}
		assert_int_equal(before.grid[sq].card, 0);
		if (st->grid[sq].card)
			assert_int_equal(st->grid[sq].owner, t[i].seat);
	}
	for (int sq = 0; sq < CC_NSQ; sq++)
		if (!before.grid[sq].card && st->grid[sq].card && !(touched >> sq & 1))
			fail_msg("a card came onto square %d untouched", sq);
	return n;
}

/* Over random games (the built-in set and a variant that reorders the cards): every legal
 * action plays no card or a card of the set, and exactly the actions that name a card (but
 * for paying with a Persistent card's counters) play that card; every step's touches are
 * where cards went (touched_step). */
static void check_components_in_games(const qv_variant *v, int games)
{
	char params[160];
	snprintf(params, sizeof params, "variant=%s", v->sha256);
	int played = 0, touches = 0;
	for (int g = 0; g < games; g++) {
		cc_state st;
		qv_rng rng;
		qv_rng_seed(&rng, 500 + (uint64_t)g);
		init_with(&st, params, 40 + (uint64_t)g);
		for (int step = 0; step < 400 && G->to_move(&st) != QV_OVER; step++) {
			if (G->to_move(&st) >= 0)
				played += qv_test_check_component_of(G, &st, v, is_card, "counter");
			touches += touched_step(&st, &rng);
		}
	}
	assert_true(played > 0);
	assert_true(touches > games);
}

static void test_lab_components_in_games(void **unused)
{
	(void)unused;
	check_components_in_games(qv_variant_base(G, NULL), 20);
	/* the cards listed in another order: an action's card id is still the document's */
	check_components_in_games(
	    variant(VARIANT_HEAD
	            "\"cards\": {\"remove\": [\"sentinel-r\", \"striker-r\"], \"add\": "
	            "[{\"id\": \"striker-r\", \"name\": \"striker\", \"trait\": "
	            "\"Rock\", \"strength\": 4, \"defense\": 2, \"arrows\": [\"N\"], "
	            "\"type\": \"Adventurer\"}, {\"id\": \"sentinel-r\", \"name\": "
	            "\"sentinel\", \"trait\": \"Rock\", \"strength\": 1, \"defense\": "
	            "5, \"arrows\": [\"N\", \"S\"], \"type\": \"Airship\"}]}}"),
	    10);
}

/* The ablation of every card of v loads, names what it lacks, and leaves every card but the
 * ablated one and every deck as they were; the ablated card keeps its id, name and trait and
 * loses its ability. Returns the ablated variant of the card `probe`. */
static const qv_variant *check_ablations(const qv_variant *v, const char *probe)
{
	const cc_tables *T = v->tables;
	const qv_variant *found = NULL;
	for (int k = 0; k < T->ncards; k++) {
		const qv_variant *a = qv_test_ablated(G, v, k);
		char name[QV_VARIANT_NAME + CC_ID_MAX + 16]; /* these names are not cut */
		snprintf(name, sizeof name, "%s without %s", v->name, T->cards[k].id);
		assert_string_equal(a->name, name);
		const cc_tables *A = a->tables;
		assert_int_equal(A->ncards, T->ncards);
		assert_int_equal(A->ndecks, T->ndecks);
		for (int d = 0; d < T->ndecks; d++)
			assert_memory_equal(&A->decks[d], &T->decks[d], sizeof T->decks[d]);
		for (int c = 0; c < T->ncards; c++) {
			const cc_card *x = &A->cards[c], *y = &T->cards[c];
			assert_string_equal(x->id, y->id);
			assert_string_equal(x->name, y->name);
			assert_int_equal(x->trait, y->trait);
			if (c == k) {
				assert_int_equal(x->kind, CC_AB_NONE);
				assert_string_equal(x->text, "");
				continue;
			}
			assert_int_equal(x->strength, y->strength);
			assert_int_equal(x->defense, y->defense);
			assert_int_equal(x->arrows, y->arrows);
			assert_int_equal(x->kind, y->kind);
		}
		if (strcmp(T->cards[k].id, probe) == 0)
			found = a;
	}
	assert_non_null(found);
	return found;
}

static void test_lab_ablate(void **unused)
{
	(void)unused;
	/* the built-in set: the other Rock cards have 21 Strength and 35 Defense in 13 cards,
	 * and all but lancer (NE, NW) and flanker (E, S, W) point N: a striker becomes 2/3 N */
	const qv_variant *a = check_ablations(qv_variant_base(G, NULL), "striker-r");
	const cc_card *c = &((const cc_tables *)a->tables)->cards[id_of("striker-r")];
	assert_int_equal(c->strength, 2);
	assert_int_equal(c->defense, 3);
	assert_int_equal(c->arrows, 1u << QV_N);
	/* a dynamo without its charge is no longer Persistent */
	a = check_ablations(qv_variant_base(G, NULL), "dynamo-p");
	assert_false(cc_is_persistent(a->tables, id_of("dynamo-p")));

	const qv_variant *v = qv_test_example_variant(G, "concardia-weaker-card.json");
	qv_err err = {{0}};
	/* its strikers keep their 3 Strength beside the plain lancer */
	a = check_ablations(v, "lancer-s");
	assert_int_equal(((const cc_tables *)a->tables)->cards[id_of("striker-s")].strength, 3);
	assert_int_equal(((const cc_tables *)a->tables)->cards[id_of("lancer-s")].arrows,
	                 1u << QV_N);

	/* a stand-in's numbers are the built-in set's, never the variant's: with scout-r planted
	 * at 15/15, striker-r's stand-in is still the built-in Rock card's 2/3 (it was 3/4) */
	const qv_variant *planted = variant(
	    "{\"quiver_variant\": 1, \"game\": \"concardia\", \"name\": \"planted\", \"cards\": "
	    "{\"modify\": {\"scout-r\": {\"strength\": 15, \"defense\": 15, \"arrows\": [\"N\", "
	    "\"NE\", \"E\", \"SE\", \"S\", \"SW\", \"W\", \"NW\"]}}}}");
	a = check_ablations(planted, "striker-r");
	c = &((const cc_tables *)a->tables)->cards[id_of("striker-r")];
	assert_int_equal(c->strength, 2);
	assert_int_equal(c->defense, 3);
	assert_int_equal(c->arrows, 1u << QV_N);
	/* and the planted card's own stand-in is the built-in Rock cards', its own numbers out */
	a = check_ablations(planted, "scout-r");
	c = &((const cc_tables *)a->tables)->cards[id_of("scout-r")];
	assert_int_equal(c->strength, 2);
	assert_int_equal(c->defense, 3);

	/* a long name is cut to fit; a card the set lacks cannot be ablated */
	const qv_variant *l = variant(
	    "{\"quiver_variant\": 1, \"game\": \"concardia\", \"name\": \"a variant whose name is "
	    "sixty characters long, all but a few\"}");
	json_t *doc = G->components->ablate(l->json, qv_variant_base(G, NULL)->json,
	                                    id_of("sentinel-s"), &err);
	assert_non_null(doc);
	const char *name = json_string_value(json_object_get(doc, "name"));
	assert_int_equal(strlen(name), QV_VARIANT_NAME - 1);
	assert_non_null(strstr(name, " without sentinel-s"));
	json_decref(doc);
	assert_null(G->components->ablate(l->json, qv_variant_base(G, NULL)->json, NCARDS, &err));
	assert_string_equal(err.msg, "/cards/42: no such card; the set has 42");

	/* The ability charge taken off: the three dynamos are no longer Persistent, keep their
	 * numbers; the couriers keep their move. */
	const json_t *cards = json_object_get(qv_variant_base(G, NULL)->json, "cards");
	const char *kinds[QV_VARIANT_ABILITIES];
	assert_int_equal(G->components->abilities(json_array_get(cards, (size_t)id_of("dynamo-s")),
	                                          kinds, QV_VARIANT_ABILITIES),
	                 1);
	assert_string_equal(kinds[0], "charge");
	assert_int_equal(G->components->abilities(json_array_get(cards, 0), kinds, 8), 0);
	doc = qv_variant_without_ability(G, qv_variant_base(G, NULL)->json, "charge", &err);
	assert_non_null(doc);
	const qv_variant *w = NULL;
	if (qv_variant_from_json(doc, G, "ablate", &w, &err))
		fail_msg("%s", err.msg);
	json_decref(doc);
	const cc_tables *T = w->tables, *B = qv_variant_base(G, NULL)->tables;
	for (int i = 0; i < NCARDS; i++) {
		assert_false(cc_is_persistent(T, i));
		assert_int_equal(T->cards[i].strength, B->cards[i].strength);
		assert_int_equal(T->cards[i].arrows, B->cards[i].arrows);
		if (!cc_is_persistent(B, i))
			assert_int_equal(T->cards[i].kind, B->cards[i].kind);
	}
	assert_true(cc_is_persistent(B, id_of("dynamo-r")));
}

static void test_lab_board_and_touched(void **unused)
{
	(void)unused;
	cc_state st;
	char params[160];
	load_q(&st, mixed_decks(params, sizeof params),
	       "{'board':[{'sq':'c3','card':'courier-r','owner':'p1'},{'sq':'c4','card':"
	       "'shover-r','owner':'p1'},{'sq':'d5','card':'guard-p','owner':'p2'},{'sq':'f6',"
	       "'card':'sentinel-s','owner':'p2'}],'players':[{'hand':['striker-s',"
	       "'saboteur-p','aegis-s']},{'hand':['flanker-r']}],'turns':2}");
	/* the lab's squares are the rules page's: a1 = (0, 0), f6 = (5, 5) */
	qv_lab_board b;
	G->components->board(&st, &b);
	assert_int_equal(b.w, 6);
	assert_int_equal(b.h, 6);
	assert_int_equal(b.rank0, 1);
	assert_string_equal(b.files, "abcdef");
	for (int y = 0; y < b.h; y++)
		for (int x = 0; x < b.w; x++) {
			char text[32];
			snprintf(text, sizeof text, "play striker-s %c%d", b.files[x], b.rank0 + y);
			assert_int_equal(CC_B(CC_ARG(qv_test_parse(G, &st, text))), x + y * b.w);
		}

	qv_lab_touch t[4];
	cc_state after = st;
	qv_action a = qv_test_parse(G, &st, "play striker-s e2");
	G->apply(&after, a, NULL);
	assert_int_equal(G->components->touched(&st, a, &after, t, 4), 1);
	assert_int_equal(t[0].seat, 0);
	assert_int_equal(t[0].square, 1 * 6 + 4);
	after = st;
	a = qv_test_parse(G, &st, "act c3 slide b2");
	G->apply(&after, a, NULL);
	assert_int_equal(G->components->touched(&st, a, &after, t, 4), 1);
	assert_int_equal(t[0].seat, 0);
	assert_int_equal(t[0].square, 1 * 6 + 1);
	assert_int_equal(G->components->touched(&st, a, &after, t, 0), 0);
	/* a shove costs 1: nothing moves until it is paid, then p2's guard lands on e6 */
	after = st;
	a = qv_test_parse(G, &st, "act c4 shove d5");
	G->apply(&after, a, NULL);
	assert_int_equal(G->components->touched(&st, a, &after, t, 4), 0);
	st = after;
	a = qv_test_parse(G, &st, "discard aegis-s");
	G->apply(&after, a, NULL);
	assert_int_equal(after.grid[5 * 6 + 4].card, id_of("guard-p") + 1);
	assert_int_equal(G->components->touched(&st, a, &after, t, 4), 1);
	assert_int_equal(t[0].seat, 1);
	assert_int_equal(t[0].square, 5 * 6 + 4);
	/* a pass touches nothing */
	st = after;
	a = qv_test_parse(G, &st, "pass");
	G->apply(&after, a, NULL);
	assert_int_equal(G->components->touched(&st, a, &after, t, 4), 0);

	/* p1's secret start touches nothing; p2's puts both cards down, on c3 and d4 */
	init_with(&st, params, 3);
	qv_action acts[CC_MAX_ACTIONS];
	for (int p = 0; p < 2; p++) {
		assert_true(G->legal(&st, acts) > 0);
		assert_int_equal(CC_TYPE(acts[0]), CC_ACT_START);
		after = st;
		G->apply(&after, acts[0], NULL);
		assert_int_equal(G->components->touched(&st, acts[0], &after, t, 4), 2 * p);
		st = after;
	}
	assert_int_equal(t[0].seat, 0);
	assert_int_equal(t[0].square, 2 * 6 + 2);
	assert_int_equal(t[1].seat, 1);
	assert_int_equal(t[1].square, 3 * 6 + 3);
}

/* The good states the invariants are broken from (state_ok, check.c): an action step with a
 * dynamo in the Persistent Area and a point scored; the four costs being paid (a shove, a
 * boost, a persistent boost, a sabotage with its saboteur set aside); a capture step offering
 * an aegis (after a pass); a game over by passes; and the secret start (init's state). */
static const char *const cc_action =
    "{'board':[{'sq':'c3','card':'dynamo-s','owner':'p1','counters':2},{'sq':'d4','card':"
    "'flanker-p','owner':'p2'},{'sq':'e5','card':'banner-p','owner':'p2'},{'sq':'e4','card'"
    ":'guard-s','owner':'p2'}],'players':[{'hand':['striker-r','aegis-s','lancer-p'],"
    "'persistent':[{'card':'dynamo-r','counters':1}],'victory':['sentinel-r'],'turns':3},"
    "{'hand':['saboteur-r','duelist-p'],'turns':3}],'phase':'action','active':'p1',"
    "'first':'p1','turns':6}";
static const char *const cc_shove =
    "{'board':[{'sq':'c3','card':'shover-s','owner':'p1'},{'sq':'d4','card':'lancer-p',"
    "'owner':'p2'},{'sq':'f5','card':'flanker-s','owner':'p1'}],'players':[{'hand':["
    "'guard-r','saboteur-s']},{'hand':['star-p']}],'phase':'pay','active':'p1','first':'p1',"
    "'pending':{'kind':'shove','from':'c3','to':'d4','left':1}}";
static const char *const cc_boost =
    "{'board':[{'sq':'c3','card':'dynamo-s','owner':'p1','counters':2},{'sq':'d4','card':"
    "'flanker-p','owner':'p2'}],'players':[{'hand':['striker-r']},{'hand':['saboteur-r']}],"
    "'phase':'pay','active':'p1','first':'p1','pending':{'kind':'boost','from':'c3','left':1}}";
static const char *const cc_pboost =
    "{'board':[{'sq':'c3','card':'striker-s','owner':'p1'},{'sq':'d4','card':'flanker-p',"
    "'owner':'p2'}],'players':[{'hand':['striker-r'],'persistent':[{'card':'dynamo-r',"
    "'counters':1}]},{'hand':['saboteur-r']}],'phase':'pay','active':'p1','first':'p1',"
    "'pending':{'kind':'boost-persistent','from':'dynamo-r','left':1}}";
static const char *const cc_sabotage =
    "{'board':[{'sq':'c3','card':'shover-s','owner':'p1'},{'sq':'d4','card':'lancer-p',"
    "'owner':'p2'}],'players':[{'hand':['guard-r']},{'hand':['star-p']}],'phase':'pay',"
    "'active':'p1','first':'p1','pending':{'kind':'sabotage','to':'d4','card':'saboteur-s',"
    "'left':1}}";
static const char *const cc_react =
    "{'board':[{'sq':'c3','card':'striker-s','owner':'p1'},{'sq':'c4','card':'lancer-p',"
    "'owner':'p2'},{'sq':'d4','card':'striker-r','owner':'p2'},{'sq':'d3','card':'scout-s',"
    "'owner':'p1'},{'sq':'d5','card':'star-s','owner':'p1'}],'players':[{'hand':['aegis-r',"
    "'star-r']},{'hand':['aegis-p','star-p']}],'phase':'action','active':'p1','first':'p1'}";
static const char *const cc_passed =
    "{'board':[{'sq':'c3','card':'striker-r','owner':'p1'},{'sq':'d4','card':'striker-r',"
    "'owner':'p2'}],'players':[{'hand':['star-r'],'victory':['star-s']},{'hand':['star-p']"
    "}],'phase':'action','active':'p1','first':'p1','passes':1}";

#define EXPFOU    "deck1=expedition,deck2=foundry,shuffle=false"
#define FOUEXP    "deck1=foundry,deck2=expedition,shuffle=false"
#define EXPEXP    "deck1=expedition,deck2=expedition,shuffle=false"
#define CC_ST(st) ((cc_state *)(st))

static int cc_sq(const char *name) { return (name[1] - '1') * 6 + (name[0] - 'a'); }

static void cc_break_variant(void *st) { CC_ST(st)->variant = QV_VARIANT_MAX; }
static void cc_break_target(void *st) { CC_ST(st)->target = 0; }
static void cc_break_passes(void *st) { CC_ST(st)->passes = 3; }
static void cc_break_empty(void *st) { CC_ST(st)->grid[cc_sq("a1")].counters = 1; }
static void cc_break_card(void *st) { CC_ST(st)->grid[cc_sq("c3")].card = NCARDS + 1; }
static void cc_break_counters(void *st) { CC_ST(st)->grid[cc_sq("d4")].counters = 1; }
static void cc_break_atk(void *st) { CC_ST(st)->atk[cc_sq("c3")]++; }
static void cc_break_occ(void *st) { CC_ST(st)->occ[0] ^= 1ull << cc_sq("f6"); }
static void cc_break_banners(void *st) { CC_ST(st)->banners ^= 1ull << cc_sq("a1"); }
static void cc_break_threat(void *st) { CC_ST(st)->threat ^= 1ull << cc_sq("c3"); }
static void cc_break_owned(void *st) { CC_ST(st)->pl[0].owned[id_of("striker-r")] = 3; }
static void cc_break_decklen(void *st) { CC_ST(st)->pl[0].decklen++; }
static void cc_break_last_hand(void *st) { CC_ST(st)->pl[0].hand[CC_MAX_CARDS] = 1; }
static void cc_break_nhand(void *st) { CC_ST(st)->pl[0].nhand++; }
static void cc_break_discard(void *st)
{
	cc_player *pl = &CC_ST(st)->pl[0];
	pl->discard[pl->ndiscard] = 1;
}
static void cc_break_deck(void *st) { CC_ST(st)->pl[0].deck[0] = NCARDS; }
static void cc_break_pcounters(void *st) { CC_ST(st)->pl[0].pcounters[1] = 1; }
static void cc_break_persist(void *st)
{
	CC_ST(st)->pl[0].persist[0] = (uint8_t)(id_of("striker-r") + 1);
}
static void cc_break_persist_name(void *st)
{
	cc_player *pl = &CC_ST(st)->pl[0];
	pl->persist[pl->npersist++] = (uint8_t)(id_of("dynamo-p") + 1);
}
static void cc_break_pad(void *st) { CC_ST(st)->pl[0].pad_[1] = 1; }
static void cc_break_pend_kind(void *st) { CC_ST(st)->pend_kind = CC_PEND_BOOST; }
static void cc_break_pend_card(void *st)
{
	CC_ST(st)->pend_card = (uint8_t)(id_of("saboteur-r") + 1);
}
static void cc_break_no_saboteur(void *st) { CC_ST(st)->pend_card = 0; }
static void cc_break_pend_left(void *st) { CC_ST(st)->pend_left = 2; }
static void cc_break_left_zero(void *st) { CC_ST(st)->pend_left = 0; }
static void cc_break_pend_from(void *st) { CC_ST(st)->pend_from = (uint8_t)cc_sq("a1"); }
static void cc_break_pend_to(void *st) { CC_ST(st)->pend_to = 5; }
static void cc_break_pboost(void *st) { CC_ST(st)->pend_from = (uint8_t)id_of("striker-r"); }
static void cc_break_sabotage_from(void *st) { CC_ST(st)->pend_from = 3; }
static void cc_break_conserve(void *st)
{
	cc_player *pl = &CC_ST(st)->pl[0];
	pl->hand[pl->deck[pl->ndeck - 1]]++;
	pl->nhand++;
}
static void cc_break_would(void *st) { CC_ST(st)->would = 1ull << cc_sq("c3"); }
static void cc_break_would_empty(void *st) { CC_ST(st)->would |= 1ull << cc_sq("a1"); }
static void cc_break_offer(void *st) { CC_ST(st)->react_next = (uint8_t)cc_sq("d5"); }
static void cc_break_ended(void *st) { CC_ST(st)->ended = CC_END_POINTS; }
static void cc_break_boosted(void *st) { CC_ST(st)->boosted |= 1ull << cc_sq("c3"); }
static void cc_break_held(void *st) { CC_ST(st)->held[0] ^= 1ull << id_of("striker-r"); }
static void cc_break_lost(void *st) { CC_ST(st)->pl[0].lost = 1; }
static void cc_break_start_active(void *st) { CC_ST(st)->active = 1; }
static void cc_break_start_kept(void *st)
{
	cc_player *pl = &CC_ST(st)->pl[0];
	int c = id_of("striker-r");
	pl->hand[c]--;
	pl->nhand--;
	pl->start = (uint8_t)(c + 1);
}
static void cc_break_before(void *st) { CC_ST(st)->turn_no = 1; }
static void cc_break_points(void *st) { CC_ST(st)->target = 1; }
static void cc_break_turns(void *st) { CC_ST(st)->turn_no = CC_ST(st)->max_turns; }
static void cc_break_two_passes(void *st) { CC_ST(st)->passes = 2; }

static const qv_test_breakage cc_breakages[] = {
    {EXPFOU, cc_action, NULL, cc_break_variant, "holds no components"},
    {EXPFOU, cc_action, NULL, cc_break_target, "parameters out of bounds: target 0"},
    {EXPFOU, cc_action, NULL, cc_break_passes, "out of bounds: phase 2"},
    {EXPFOU, cc_action, NULL, cc_break_empty, "empty square a1 has owner 0, counters 1"},
    {EXPFOU, cc_action, NULL, cc_break_card, "square c3 holds card 42 of 42"},
    {EXPFOU, cc_action, NULL, cc_break_counters, "the flanker on d4 has 1 Charge Counters"},
    {EXPFOU, cc_action, NULL, cc_break_atk, "atk[c3] is 1, but the superior arrows"},
    {EXPFOU, cc_action, NULL, cc_break_occ, "occ is"},
    {EXPFOU, cc_action, NULL, cc_break_banners, "the masks of banners, dynamos and movers"},
    {EXPFOU, cc_action, NULL, cc_break_threat, "threat is"},
    {EXPFOU, cc_action, NULL, cc_break_owned,
     "p1's decklist holds 3 of card 3 (at most 2) and the hand 1"},
    {EXPFOU, cc_action, NULL, cc_break_decklen, "p1's decklist holds 21 cards, decklen says 22"},
    {EXPFOU, cc_action, NULL, cc_break_last_hand, "p1's hand counts card 63, past the set's"},
    {EXPFOU, cc_action, NULL, cc_break_nhand, "p1's hand holds 3 cards, nhand says 4"},
    {EXPFOU, cc_action, NULL, cc_break_discard, "p1's discard pile holds 0 cards, its slots"},
    {EXPFOU, cc_action, NULL, cc_break_deck, "p1's deck[0] is card 42 of 42"},
    {EXPFOU, cc_action, NULL, cc_break_pcounters, "p1's Persistent Area holds 1 cards"},
    {EXPFOU, cc_action, NULL, cc_break_persist, "only a Persistent card"},
    {EXPFOU, cc_action, NULL, cc_break_persist_name, "two cards named dynamo"},
    {EXPFOU, cc_action, NULL, cc_break_pad, "padding 0 1 0"},
    {EXPFOU, cc_action, NULL, cc_break_pend_kind, "a cost is paid exactly in phase pay"},
    {EXPFOU, cc_action, NULL, cc_break_pend_card, "is set aside in phase action"},
    {FOUEXP, cc_sabotage, NULL, cc_break_no_saboteur, "with no saboteur set aside"},
    {EXPFOU, cc_action, NULL, cc_break_pend_left, "nothing is paid for, but pending"},
    {FOUEXP, cc_shove, NULL, cc_break_left_zero, "p1 pays 0 units"},
    {FOUEXP, cc_shove, NULL, cc_break_pend_from, "which must hold p1's shover"},
    {EXPFOU, cc_boost, NULL, cc_break_pend_to, "a boost names no target"},
    {EXPFOU, cc_pboost, NULL, cc_break_pboost, "a persistent boost is paid for card 3"},
    {FOUEXP, cc_sabotage, NULL, cc_break_sabotage_from, "a sabotage names no card"},
    {EXPFOU, cc_action, NULL, cc_break_conserve, "but its decklist holds 1"},
    {EXPFOU, cc_action, NULL, cc_break_would, "is kept outside phase react"},
    {EXPEXP, cc_react, "pass", cc_break_would_empty, "are not all on the grid"},
    {EXPEXP, cc_react, "pass", cc_break_offer, "offers square 27 to p1"},
    {EXPFOU, cc_action, NULL, cc_break_ended, "ended is points in phase action"},
    {EXPEXP, cc_passed, "pass", cc_break_lost, "1 players lost, but the game ended by passes"},
    {EXPFOU, NULL, NULL, cc_break_start_active, "in phase start the grid is empty"},
    {EXPFOU, cc_action, NULL, cc_break_start_kept, "a start is kept secret in phase action"},
    {EXPFOU, NULL, NULL, cc_break_before, "before the first turn"},
    {EXPFOU, cc_action, NULL, cc_break_points, "p1 has 1 points, the target 1"},
    {EXPFOU, cc_action, NULL, cc_break_turns, "300 turns of 300 are played"},
    {EXPFOU, cc_action, NULL, cc_break_two_passes, "two passes in a row in phase action"},
    {EXPFOU, cc_action, NULL, cc_break_held, "p1's held cards"},
    {EXPFOU, cc_action, NULL, cc_break_boosted, "boosted is"},
};

/* Every invariant of check.c fires on a state that breaks it, and holds on the good ones. */
static void test_state_ok(void **unused)
{
	(void)unused;
	qv_test_breakages(G, cc_breakages, (int)(sizeof cc_breakages / sizeof cc_breakages[0]));
}

/* In the sanitizer build apply checks the state it leaves (and in the release build it
 * does not). */
static void test_apply_checks_state(void **unused)
{
	(void)unused;
	qv_test_apply_checks_state(G, cc_breakages,
	                           (int)(sizeof cc_breakages / sizeof cc_breakages[0]),
	                           cc_break_pad, "pass");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_views_hide_hands_and_decks),
	    cmocka_unit_test(test_secret_start),
	    cmocka_unit_test(test_deck_order),
	    cmocka_unit_test(test_parameter_errors),
	    cmocka_unit_test(test_determinize_keeps_reaction_possible),
	    cmocka_unit_test(test_determinize_conserves_cards),
	    cmocka_unit_test(test_load_rejects_impossible_states),
	    cmocka_unit_test(test_load_hand_and_deck),
	    cmocka_unit_test(test_max_turns_cap),
	    cmocka_unit_test(test_heuristic),
	    cmocka_unit_test(test_geometry_tables),
	    cmocka_unit_test(test_kept_state_and_sampler),
	    cmocka_unit_test(test_reference),
	    cmocka_unit_test(test_action_note),
	    cmocka_unit_test(test_compact_layout),
	    cmocka_unit_test(test_full_hand),
	    cmocka_unit_test(test_view_current_values),
	    cmocka_unit_test(test_variant_no_arrows_reference),
	    cmocka_unit_test(test_variant_strength_decides_capture),
	    cmocka_unit_test(test_variant_abilities),
	    cmocka_unit_test(test_variant_cross_checks),
	    cmocka_unit_test(test_variant_layouts),
	    cmocka_unit_test(test_lab_component_of),
	    cmocka_unit_test(test_lab_components_in_games),
	    cmocka_unit_test(test_lab_ablate),
	    cmocka_unit_test(test_lab_board_and_touched),
	    cmocka_unit_test(test_state_ok),
	    cmocka_unit_test(test_apply_checks_state),
	};
	return cmocka_run_group_tests_name("concardia", tests, setup, NULL);
}
