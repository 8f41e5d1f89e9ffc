/*
 * test_tourney.c - tournaments' arithmetic without a server (src/server/base/tourney.c): a
 * Swiss first round is the top half against the bottom half by rating, colours alternating by
 * board; an odd field's bye goes to the lowest ranked without one; a later round pairs within
 * score groups, the lowest of an odd group floating down; a pair that met is never made again,
 * the next of the lower half taken instead (and a block counts as a meeting); colours by what
 * each is due; a late joiner ranks in the zero group (Swiss) or above the same score with
 * games (arena); 2,000 random fields of 5 to 10 players with random meetings are paired
 * without a repeat exactly when a search of every matching finds one; arena waves pair by rank and
 * keep two who just played apart unless nobody else is playing; arena points with streaks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "server/base/tourney.h"

/* Meetings as a matrix of accounts 1..15. */
typedef struct meetings {
	bool met[16][16];
} meetings;

static bool met(void *ctx, long long a, long long b) { return ((meetings *)ctx)->met[a][b]; }

static void meet(meetings *m, long long a, long long b) { m->met[a][b] = m->met[b][a] = true; }

/* n players 1..n, rated 2000 - 100 i, score 0. */
static void field(qv__tp *p, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = (qv__tp){.id = i + 1, .rating = 2000 - 100 * i, .order = i};
}

/* The pairs as "1-5 6-2 ..." (first seat first) and the bye. */
static void pairs_text(const qv__tp *p, int (*pairs)[2], int np, int bye, char *out, size_t len)
{
	out[0] = '\0';
	for (int k = 0; k < np; k++) {
		size_t at = strlen(out);
		snprintf(out + at, len - at, "%s%lld-%lld", k ? " " : "", p[pairs[k][0]].id,
		         p[pairs[k][1]].id);
	}
	if (bye >= 0) {
		size_t at = strlen(out);
		snprintf(out + at, len - at, " bye %lld", p[bye].id);
	}
}

static void test_first_round(void **state)
{
	(void)state;
	qv__tp p[8];
	int pairs[4][2], bye;
	char text[128];
	field(p, 8);
	assert_int_equal(qv__swiss_pair(p, 8, NULL, NULL, pairs, &bye), 4);
	pairs_text(p, pairs, 4, bye, text, sizeof text);
	/* S1 = 1..4, S2 = 5..8; the higher ranked white on boards 1 and 3, black on 2 and 4 */
	assert_string_equal(text, "1-5 6-2 3-7 8-4");
	field(p, 7);
	assert_int_equal(qv__swiss_pair(p, 7, NULL, NULL, pairs, &bye), 3);
	pairs_text(p, pairs, 3, bye, text, sizeof text);
	assert_string_equal(text, "1-4 5-2 3-6 bye 7");
	/* 7 had a bye: the next lowest gets it */
	field(p, 7);
	p[6].had_bye = true;
	assert_int_equal(qv__swiss_pair(p, 7, NULL, NULL, pairs, &bye), 3);
	pairs_text(p, pairs, 3, bye, text, sizeof text);
	assert_string_equal(text, "1-4 5-2 3-7 bye 6");
}

static void test_later_rounds(void **state)
{
	(void)state;
	qv__tp p[8];
	int pairs[4][2], bye;
	char text[128];
	meetings m = {0};
	/* after round 1 (1-5, 6-2, 3-7, 8-4 as above, the higher ranked winning): 1, 2, 3, 4 on 1,
	 * the others on 0; colours: 1 and 3 white, 2 and 4 black */
	field(p, 8);
	const long long first[] = {1, 6, 3, 8}, second[] = {5, 2, 7, 4};
	for (int k = 0; k < 4; k++)
		meet(&m, first[k], second[k]);
	for (int i = 0; i < 8; i++) {
		p[i].score = i < 4;
		bool white = p[i].id == 1 || p[i].id == 3 || p[i].id == 6 || p[i].id == 8;
		p[i].whites = white;
		p[i].blacks = !white;
		p[i].last_colour = white ? 1 : -1;
	}
	assert_int_equal(qv__swiss_pair(p, 8, met, &m, pairs, &bye), 4);
	pairs_text(p, pairs, 4, bye, text, sizeof text);
	/* {1,2,3,4}: 1-3 and 2-4; {5,6,7,8}: 5-7, 6-8; colours by what each is due */
	assert_string_equal(text, "3-1 2-4 5-7 8-6");
	/* 1 met 3 already: the next of S2, 4, and then 2-3 */
	meet(&m, 1, 3);
	field(p, 8);
	for (int i = 0; i < 8; i++)
		p[i].score = i < 4;
	assert_int_equal(qv__swiss_pair(p, 8, met, &m, pairs, &bye), 4);
	pairs_text(p, pairs, 4, bye, text, sizeof text);
	assert_string_equal(text, "1-4 3-2 5-7 8-6");
	/* a group of three: its lowest floats down to the top of the next */
	field(p, 6);
	for (int i = 0; i < 6; i++)
		p[i].score = i < 3;
	meetings none = {0};
	assert_int_equal(qv__swiss_pair(p, 6, met, &none, pairs, &bye), 3);
	pairs_text(p, pairs, 3, bye, text, sizeof text);
	assert_string_equal(text, "1-2 4-3 5-6");
	/* two who met, alone: no pairing */
	field(p, 2);
	meetings two = {0};
	meet(&two, 1, 2);
	assert_int_equal(qv__swiss_pair(p, 2, met, &two, pairs, &bye), -1);
}

/* Colours: the one due more whites gets white whatever its rank; when equal, the one whose
 * last game was black. */
static void test_colours(void **state)
{
	(void)state;
	qv__tp p[2];
	int pairs[1][2], bye;
	char text[64];
	field(p, 2);
	p[0].whites = 2;
	p[0].last_colour = 1;
	p[1].blacks = 2;
	p[1].last_colour = -1;
	assert_int_equal(qv__swiss_pair(p, 2, NULL, NULL, pairs, &bye), 1);
	pairs_text(p, pairs, 1, bye, text, sizeof text);
	assert_string_equal(text, "2-1");
	field(p, 2);
	p[0].whites = p[0].blacks = p[1].whites = p[1].blacks = 1;
	p[0].last_colour = -1;
	p[1].last_colour = 1;
	assert_int_equal(qv__swiss_pair(p, 2, NULL, NULL, pairs, &bye), 1);
	pairs_text(p, pairs, 1, bye, text, sizeof text);
	assert_string_equal(text, "1-2");
}

/* Round 2 of the 7-player field above (1-4, 5-2, 3-6 won by the higher ranked, 7 the bye) with
 * an eighth player who joined late (no game, no point, the lowest rating): no bye now, and the
 * late joiner meets the bottom of the zero group. Worked by hand: {1, 2, 3, 7} on one point
 * gives 1-3 and 2-7; {4, 5, 6, 8} on none gives 4-6 and 5-8; colours by what each is due (the
 * bye and the late joiner are due none). */
static void test_late_joiner(void **state)
{
	(void)state;
	qv__tp p[8];
	int pairs[4][2], bye;
	char text[128];
	meetings m = {0};
	field(p, 8);
	meet(&m, 1, 4);
	meet(&m, 5, 2);
	meet(&m, 3, 6);
	const int white[] = {1, 5, 3}, black[] = {4, 2, 6};
	for (int k = 0; k < 3; k++) {
		p[white[k] - 1].whites = 1;
		p[white[k] - 1].last_colour = 1;
		p[black[k] - 1].blacks = 1;
		p[black[k] - 1].last_colour = -1;
	}
	p[0].score = p[1].score = p[2].score = p[6].score = 1;
	p[6].had_bye = true;
	assert_int_equal(qv__swiss_pair(p, 8, met, &m, pairs, &bye), 4);
	pairs_text(p, pairs, 4, bye, text, sizeof text);
	assert_string_equal(text, "3-1 2-7 4-6 8-5");
	/* the arena: a late joiner (no point, no game) ranks above the same score with games */
	qv__tp w[4] = {{.id = 1, .score = 6, .games = 3},
	               {.id = 2, .score = 4, .games = 3, .order = 1},
	               {.id = 3, .score = 0, .games = 2, .order = 2},
	               {.id = 4, .score = 0, .games = 0, .order = 3}};
	int ap[2][2];
	assert_int_equal(qv__arena_pair(w, 4, true, NULL, NULL, ap), 2);
	assert_int_equal(w[ap[0][0]].id * 10 + w[ap[0][1]].id, 12);
	assert_int_equal(w[ap[1][0]].id * 10 + w[ap[1][1]].id, 43);
}

/* Whether players[used..] (flags) can all be paired avoiding m: every matching tried. */
static bool can_pair(const qv__tp *p, int n, bool *used, const meetings *m)
{
	int i = 0;
	while (i < n && used[i])
		i++;
	if (i == n)
		return true;
	used[i] = true;
	for (int j = i + 1; j < n; j++) {
		if (used[j] || m->met[p[i].id][p[j].id])
			continue;
		used[j] = true;
		bool ok = can_pair(p, n, used, m);
		used[j] = false;
		if (ok) {
			used[i] = false;
			return true;
		}
	}
	used[i] = false;
	return false;
}

/* Random fields: a pairing without a repeat exactly when one exists (with a bye for one of the
 * lowest-ranked where the field is odd), every player once. */
static void test_random_fields(void **state)
{
	(void)state;
	srand(7);
	for (int trial = 0; trial < 2000; trial++) {
		int n = 5 + rand() % 6;
		qv__tp p[10];
		meetings m = {0};
		field(p, n);
		for (int i = 0; i < n; i++)
			p[i].score = rand() % 3 * 0.5;
		for (int k = rand() % (n * 2); k > 0; k--) {
			int a = 1 + rand() % n, b = 1 + rand() % n;
			if (a != b)
				meet(&m, a, b);
		}
		int pairs[5][2], bye;
		int np = qv__swiss_pair(p, n, met, &m, pairs, &bye);
		/* the brute force over the same (sorted) field: some bye (odd) then a matching */
		bool exists = false, used[10] = {false};
		for (int b = n % 2 ? 0 : -1; b < n && !exists; b++) {
			if (b >= 0)
				used[b] = true;
			exists = can_pair(p, n, used, &m);
			if (b >= 0)
				used[b] = false;
		}
		assert_int_equal(np >= 0, exists);
		if (np < 0)
			continue;
		bool seen[10] = {false};
		for (int k = 0; k < np; k++) {
			assert_false(m.met[p[pairs[k][0]].id][p[pairs[k][1]].id]);
			seen[pairs[k][0]] = seen[pairs[k][1]] = true;
		}
		if (bye >= 0)
			seen[bye] = true;
		for (int i = 0; i < n; i++)
			assert_true(seen[i]);
		assert_int_equal(np, n / 2);
	}
}

static void test_arena(void **state)
{
	(void)state;
	qv__tp w[5];
	int pairs[2][2];
	for (int i = 0; i < 5; i++)
		w[i] = (qv__tp){.id = i + 1, .score = 10 - i, .order = i};
	/* 1 just played 2: 1 and 3, then 2 and 4; 5 waits */
	w[0].last = 2;
	w[1].last = 1;
	assert_int_equal(qv__arena_pair(w, 5, true, NULL, NULL, pairs), 2);
	assert_int_equal(w[pairs[0][0]].id, 1);
	assert_int_equal(w[pairs[0][1]].id, 3);
	assert_int_equal(w[pairs[1][0]].id, 2);
	assert_int_equal(w[pairs[1][1]].id, 4);
	/* two who just played, alone: they wait while others play, and meet again when none do */
	qv__tp two[2] = {{.id = 1, .last = 2}, {.id = 2, .last = 1, .order = 1}};
	assert_int_equal(qv__arena_pair(two, 2, true, NULL, NULL, pairs), 0);
	assert_int_equal(qv__arena_pair(two, 2, false, NULL, NULL, pairs), 1);
	/* a block keeps two apart: 1 and 3 blocked, 1 meets 4 (2 its last opponent), 2 meets 3 */
	meetings blocks = {0};
	meet(&blocks, 1, 3);
	for (int i = 0; i < 5; i++)
		w[i] = (qv__tp){.id = i + 1, .score = 10 - i, .order = i};
	w[0].last = 2;
	w[1].last = 1;
	assert_int_equal(qv__arena_pair(w, 5, true, met, &blocks, pairs), 2);
	assert_int_equal(w[pairs[0][0]].id * 10 + w[pairs[0][1]].id, 14);
	assert_int_equal(w[pairs[1][0]].id * 10 + w[pairs[1][1]].id, 23);
	/* two blocked, alone: never, even with nobody else playing */
	meet(&blocks, 1, 2);
	assert_int_equal(qv__arena_pair(two, 2, false, met, &blocks, pairs), 0);
	/* the same score: fewer games first */
	qv__tp tie[2] = {{.id = 1, .score = 4, .games = 3},
	                 {.id = 2, .score = 4, .games = 2, .order = 1}};
	qv__arena_rank(tie, 2);
	assert_int_equal(tie[0].id, 2);
	bool fire;
	assert_int_equal(qv__arena_points("WWW", &fire), 8);
	assert_true(fire);
	assert_int_equal(qv__arena_points("WWD", &fire), 6);
	assert_false(fire);
	assert_int_equal(qv__arena_points("WWLW", &fire), 6);
	assert_int_equal(qv__arena_points("WXW", &fire), 4); /* no result: counts nothing */
	assert_true(fire);                                   /* and breaks no streak */
	assert_int_equal(qv__arena_points("DLD", &fire), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_first_round),   cmocka_unit_test(test_later_rounds),
	    cmocka_unit_test(test_colours),       cmocka_unit_test(test_late_joiner),
	    cmocka_unit_test(test_random_fields), cmocka_unit_test(test_arena),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
