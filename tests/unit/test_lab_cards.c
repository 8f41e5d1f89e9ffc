/*
 * test_lab_cards.c - the lab's per-card statistics against a count made by hand, for every
 * game (issue 68: Evons' captures per play were 0.00 for every card, and nothing tested them).
 *
 * A small study of each game is played by the lab; then each of its main games is played again
 * from the same seeds, outside the lab, through the match and the agents as `quiver play`
 * does, and counted from what a player sees: the component a decision plays is read from the
 * decision's notation (`place A b1 N`, `play striker-r c4`, `ability N seedling`, `use draw`),
 * and a seat's captures from the public view (THREE ARROWS' captured pieces, ConCardia's
 * Victory Pile, the cards of the opponent's graveyard and removed in Evons). A play's
 * captures are the seat's from the play until its next play, or until its first decision
 * after another seat's, or the game's end (docs/lab.md). A card is available at a decision
 * when one of its legal actions' notation plays it, and a seat's score is its share of first
 * place in the match's final ranks. Each game's counts must equal the lab's line, and every
 * per-card figure of the report (play rate, plays per game held, the share of holders that
 * played, captures per play, the scores when available, when played and when held and not
 * played, and played minus not) must equal those worked out from the counts. Which seat held
 * which copies is the lab's record of the deal.
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

#include "lab/lab.h"
#include "quiver/match.h"

#define GAMES 8 /* main games a study plays */

/* One seat's count of one component over a game: its plays, the captures after them, and the
 * decisions at which a legal action played it (it was available). */
typedef struct tally {
	long plays, captures, avail;
} tally;

/* The counts of one game: per seat and component, and each seat's score (its share of first
 * place, from the match's final ranks). */
typedef struct count {
	tally t[QV_MAX_PLAYERS][QV_LAB_MAX_COMPONENTS];
	double score[QV_MAX_PLAYERS];
} count;

/* The index of component id in the plan, or -1. */
static int component_index(const qv_lab_plan *p, const char *id)
{
	for (int k = 0; k < p->nentries; k++)
		if (!strcmp(p->component[k], id))
			return k;
	return -1;
}

/* The entry the decision `text` plays, read from its words, or -1: the word after the verb of
 * a play (THREE ARROWS' place, ConCardia's start, play, persist, immediate, discard, react and
 * a Persistent card's `act persistent <card>`, Evons' play and cover, Arrow Party's use), or
 * an Evons ability's argument when it names a card (a block put down, a monster grown or
 * brought back). */
static int played(const qv_lab_plan *p, const char *text)
{
	char w[4][64] = {{0}};
	if (sscanf(text, "%63s %63s %63s %63s", w[0], w[1], w[2], w[3]) < 2)
		return -1;
	static const char *const verbs[] = {"place",   "start", "play",  "persist", "immediate",
	                                    "discard", "react", "cover", "use"};
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
		if (!strcmp(w[0], verbs[i]))
			return component_index(p, w[1]);
	if (!strcmp(w[0], "act") && !strcmp(w[1], "persistent"))
		return component_index(p, w[2]);
	if (!strcmp(w[0], "ability"))
		return component_index(p, w[2]);
	return -1;
}

/* The length of array key of player q in a view, or 0. */
static long view_len(const json_t *players, int q, const char *key)
{
	return (long)json_array_size(json_object_get(json_array_get(players, (size_t)q), key));
}

/* Seat q's captures as the public view shows them. */
static long captures_seen(const qv_game *g, const void *st, int q)
{
	json_t *v = g->view_json(st, QV_VIEW_PUBLIC);
	json_t *players = json_object_get(v, "players");
	long c = 0;
	if (!strcmp(g->name, "three-arrows"))
		c = (long)json_integer_value(
		    json_object_get(json_array_get(players, (size_t)q), "captured"));
	else if (!strcmp(g->name, "concardia"))
		c = view_len(players, q, "victory");
	else if (!strcmp(g->name, "evons"))
		c = view_len(players, 1 - q, "graveyard") + view_len(players, 1 - q, "removed");
	json_decref(v);
	return c;
}

/* Each seat's open play: its entry (-1: none), its captures when it was played, and whether
 * another seat has decided since. */
typedef struct window {
	int entry[QV_MAX_PLAYERS];
	long at[QV_MAX_PLAYERS];
	bool passed[QV_MAX_PLAYERS];
} window;

static void close_window(window *w, count *c, int q, long now)
{
	if (w->entry[q] >= 0)
		c->t[q][w->entry[q]].captures += now - w->at[q];
	w->entry[q] = -1;
}

/* Counts, for the seat to move at st, the entries its legal actions play (by their notation,
 * each entry once a decision). */
static void count_available(const qv_lab_plan *p, const void *st, int q, count *c)
{
	const qv_game *g = p->cfg.game;
	qv_action *legal = malloc((size_t)g->max_actions * sizeof *legal);
	assert_non_null(legal);
	bool on[QV_LAB_MAX_COMPONENTS] = {false};
	int n = g->legal(st, legal);
	for (int i = 0; i < n; i++) {
		char text[128];
		assert_true(g->action_to_text(st, legal[i], text, sizeof text) >= 0);
		int k = played(p, text);
		if (k >= 0 && !on[k]) {
			on[k] = true;
			c->t[q][k].avail++;
		}
	}
	free(legal);
}

/* Each seat's share of first place in m's final ranks. */
static void count_scores(const qv_match *m, int n, count *c)
{
	int rank[QV_MAX_PLAYERS], first = 0;
	qv_match_ranks(m, rank);
	for (int s = 0; s < n; s++)
		first += rank[s] == 1;
	for (int s = 0; s < n; s++)
		c->score[s] = rank[s] == 1 ? 1.0 / first : 0;
}

/* Game i of plan p (a main game) played again outside the lab and counted by hand into c. */
static void count_game(const qv_lab_plan *p, int i, count *c)
{
	const qv_game *g = p->cfg.game;
	const qv_lab_arm *arm = qv_lab_arm_of(p, i);
	int j = i - arm->first, n = arm->players;
	uint64_t seed = qv_lab_game_seed(p, i);
	qv_params params;
	qv_err err;
	assert_int_equal(qv_lab_arm_params(p, arm, qv_lab_swapped(p, i), &params, &err), QV_OK);
	qv_match *m;
	assert_int_equal(qv_match_new(&m, g, &params, seed, &err), QV_OK);
	qv_match_quiet(m);
	qv_match_hold_forced(m, (1u << QV_MAX_PLAYERS) - 1);
	qv_agent *agent[QV_MAX_PLAYERS];
	int seen[QV_MAX_PLAYERS] = {0};
	for (int s = 0; s < n; s++)
		assert_int_equal(qv_agent_new(&agent[s],
		                              arm->agents[qv_lab_seat_agent(p, arm, j, s)], g,
		                              qv_seed_mix(seed, (uint64_t)s + 1), &err),
		                 QV_OK);
	memset(c, 0, sizeof *c);
	window w;
	for (int s = 0; s < QV_MAX_PLAYERS; s++)
		w.entry[s] = -1, w.passed[s] = false;
	for (int tm; (tm = qv_match_to_move(m)) != QV_OVER;) {
		qv_action a;
		if (tm == QV_CHANCE) {
			assert_int_equal(qv_match_chance(m, &a, &err), QV_OK);
			continue;
		}
		int options;
		bool forced;
		qv_match_tell_agent(m, agent[tm], &seen[tm]);
		assert_int_equal(qv_agent_decide(agent[tm], m->state, &a, &options, &forced, &err),
		                 QV_OK);
		char text[128];
		assert_true(g->action_to_text(m->state, a, text, sizeof text) >= 0);
		int k = played(p, text);
		count_available(p, m->state, tm, c);
		long now = captures_seen(g, m->state, tm);
		if (k >= 0 || w.passed[tm])
			close_window(&w, c, tm, now);
		for (int s = 0; s < QV_MAX_PLAYERS; s++)
			w.passed[s] |= s != tm;
		if (k >= 0) {
			c->t[tm][k].plays++;
			w.entry[tm] = k;
			w.at[tm] = now;
			w.passed[tm] = false;
		}
		assert_int_equal(qv_match_play_checked(m, a, forced, &err), QV_OK);
	}
	for (int s = 0; s < n; s++) {
		close_window(&w, c, s, captures_seen(g, m->state, s));
		qv_agent_free(agent[s]);
	}
	count_scores(m, n, c);
	qv_match_free(m);
}

/* The copies of entry k seat q of game g held (the lab's record of the deal). */
static long held(const qv_lab_game *g, int q, int k)
{
	long h = 0;
	for (int i = 0; i < g->nheld; i++)
		if (g->held[i].seat == q && g->held[i].item == k)
			h += g->held[i].chosen;
	return h;
}

/* What the report must say of entry k, worked out from the hand counts of the main games:
 * over the (game, seat) pairs, the plays and decisions it was available at, and the score
 * sums and pairs of those that had it available, played it, held it and never played it. */
typedef struct expected {
	long plays, captures, holders, holders_played, avail;
	double plays_held; /* plays summed over the holders */
	double drawn, ndrawn, won_played, nplayed, unplayed, nunplayed;
} expected;

/* One (game, seat) pair's hand count of entry k into x: t its tally, h the copies held, x its
 * score. */
static void expect_pair(expected *x, const tally *t, long h, double score)
{
	x->plays += t->plays;
	x->captures += t->captures;
	x->avail += t->avail;
	if (t->avail > 0)
		x->drawn += score, x->ndrawn++;
	if (t->plays > 0)
		x->won_played += score, x->nplayed++;
	if (h > 0) {
		x->holders++;
		x->holders_played += t->plays > 0;
		x->plays_held += (double)t->plays;
		if (t->plays == 0)
			x->unplayed += score, x->nunplayed++;
	}
}

/* A figure of the report against its hand count: both NAN (nothing to measure) or equal. */
static void same(const char *game, const char *id, const char *what, double lab, double hand)
{
	if ((isnan(lab) && isnan(hand)) || fabs(lab - hand) < 1e-12)
		return;
	fail_msg("%s, %s: the report's %s is %g, the hand count's %g", game, id, what, lab, hand);
}

/* The share x / n, NAN when n is 0 (the report's "not measured"). */
static double share(double x, double n) { return n > 0 ? x / n : NAN; }

/* Studies `players` seats of game `name` by `agent` over GAMES main games and checks every
 * main game's counts and the report's per-card figures against the hand count; returns the
 * captures counted in all, so that a caller can ask for some. */
static long check_game(const char *name, int players, const char *agent)
{
	qv_lab_config cfg = {0};
	cfg.game = qv_game_find(name, NULL);
	assert_non_null(cfg.game);
	cfg.variant = qv_variant_base(cfg.game, NULL);
	cfg.nagents = 1;
	snprintf(cfg.agents[0], sizeof cfg.agents[0], "%s", agent);
	cfg.players[0] = players;
	cfg.nplayers = 1;
	cfg.games = GAMES;
	cfg.seed = 68;
	strcpy(cfg.version, QV_VERSION);
	/* components are listed only when a study has component games: a few of the first
	 * component alone (not read here) */
	cfg.component_games = 2;
	qv_lab_plan p;
	qv_err err;
	assert_int_equal(qv_lab_plan_make(&cfg, &p, &err), QV_OK);
	snprintf(cfg.components, sizeof cfg.components, "%s", p.component[0]);
	qv_lab_plan_free(&p);
	assert_int_equal(qv_lab_plan_make(&cfg, &p, &err), QV_OK);
	const qv_lab_arm *main = qv_lab_find_arm(&p, QV_LAB_MAIN, players, -1);
	qv_lab_game *games = calloc((size_t)p.total, sizeof *games);
	assert_non_null(games);
	assert_int_equal(qv_lab_play(&p, 0, p.total, 2, games, &err), QV_OK);
	expected *x = calloc((size_t)p.nentries, sizeof *x);
	long all = 0;
	for (int i = main->first; i < main->first + main->games; i++) {
		count c;
		count_game(&p, i, &c);
		const qv_lab_game *g = &games[i];
		for (int q = 0; q < players; q++)
			for (int k = 0; k < p.nentries; k++) {
				long plays = 0, captures = 0;
				for (int e = 0; e < g->ncomp; e++)
					if (g->comp[e].seat == q && g->comp[e].item == k) {
						plays += g->comp[e].chosen;
						captures += g->comp[e].captures;
					}
				if (plays != c.t[q][k].plays || captures != c.t[q][k].captures)
					fail_msg(
					    "%s game %d, p%d, %s: the lab counts %ld plays and %ld "
					    "captures, the hand count %ld and %ld",
					    name, i, q + 1, p.component[k], plays, captures,
					    c.t[q][k].plays, c.t[q][k].captures);
				all += captures;
				expect_pair(&x[k], &c.t[q][k], held(g, q, k), c.score[q]);
			}
	}
	qv_lab_report r;
	assert_int_equal(qv_lab_compute(&p, games, &r, &err), QV_OK);
	bool captures = p.cfg.game->components->captured != NULL;
	for (int k = 0; k < p.nentries; k++) {
		const qv_lab_component *c = &r.section[0].component[k];
		const expected *e = &x[k];
		const char *id = p.component[k];
		same(name, id, "captures per play", c->captures_per_play.v,
		     captures ? share((double)e->captures, (double)e->plays) : NAN);
		same(name, id, "share of holders that played", c->played.v,
		     share((double)e->holders_played, (double)e->holders));
		same(name, id, "plays a game held", c->plays.v,
		     share(e->plays_held, (double)e->holders));
		same(name, id, "play rate", c->play_rate.v,
		     share((double)e->plays, (double)e->avail));
		same(name, id, "score when drawn", c->score_drawn.v, share(e->drawn, e->ndrawn));
		same(name, id, "score when played", c->score_played.v,
		     share(e->won_played, e->nplayed));
		same(name, id, "score held, not played", c->score_unplayed.v,
		     share(e->unplayed, e->nunplayed));
		same(name, id, "played minus not", c->played_gap.d,
		     share(e->won_played, e->nplayed) - share(e->unplayed, e->nunplayed));
	}
	printf("%s: %d main games, %ld captures counted after plays, the same by hand\n", name,
	       main->games, all);
	qv_lab_report_free(&r);
	free(x);
	for (int i = 0; i < p.total; i++)
		qv_lab_game_free(&games[i]);
	free(games);
	qv_lab_plan_free(&p);
	return all;
}

static void test_three_arrows(void **state)
{
	(void)state;
	assert_true(check_game("three-arrows", 2, "random") > 0);
}

static void test_concardia(void **state)
{
	(void)state;
	assert_true(check_game("concardia", 2, "random") > 0);
}

/* Evons: the captures of a play come after the decisions of its chain (abilities, conflicts),
 * which the seat makes itself: a window closed at its next decision saw none. */
static void test_evons(void **state)
{
	(void)state;
	assert_true(check_game("evons", 2, "random") > 0);
}

/* Arrow Party has no captures: its items' plays only. */
static void test_arrow_party(void **state)
{
	(void)state;
	assert_int_equal(check_game("arrow-party", 3, "random"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_three_arrows),
	    cmocka_unit_test(test_concardia),
	    cmocka_unit_test(test_evons),
	    cmocka_unit_test(test_arrow_party),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
