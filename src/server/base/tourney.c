/*
 * tourney.c - Swiss and arena pairings and arena points (tourney.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "server/base/tourney.h"

static int swiss_cmp(const void *a, const void *b)
{
	const qv__tp *x = a, *y = b;
	if (fabs(x->score - y->score) > 1e-9)
		return x->score > y->score ? -1 : 1;
	if (x->rating != y->rating)
		return x->rating > y->rating ? -1 : 1;
	return x->order - y->order;
}

void qv__swiss_rank(qv__tp *players, int n)
{
	qsort(players, (size_t)n, sizeof *players, swiss_cmp);
}

/* The search of a Swiss round: the players in rank order, who is paired, the pairs so far. */
typedef struct search {
	const qv__tp *p;
	int n;
	qv__tp_apart apart;
	void *ctx;
	bool *used;
	int (*pairs)[2];
	int npairs;
	long steps;
} search;

static bool same_score(const qv__tp *a, const qv__tp *b)
{
	return fabs(a->score - b->score) < 1e-9;
}

/* The opponents first unpaired player i may get (into out), in the Dutch order (tourney.h): the
 * rest of its score group from the middle down, then back up, then the lower groups in rank
 * order. group is room for n indices. */
static int candidates(const search *s, int i, int *out, int *group)
{
	int m = 0, k = 0;
	for (int j = i; j < s->n; j++)
		if (!s->used[j] && same_score(&s->p[i], &s->p[j]))
			group[m++] = j;
	int half = m / 2;
	for (int g = half; g < m; g++)
		if (g > 0)
			out[k++] = group[g];
	for (int g = half - 1; g >= 1; g--)
		out[k++] = group[g];
	for (int j = i + 1; j < s->n; j++)
		if (!s->used[j] && !same_score(&s->p[i], &s->p[j]))
			out[k++] = j;
	return k;
}

/* Pairs every unpaired player, each pair in the Dutch order, backtracking on a repeat: true when
 * it did (s->pairs holds them). */
static bool pair_rest(search *s)
{
	int i = 0;
	while (i < s->n && s->used[i])
		i++;
	if (i == s->n)
		return true;
	if (++s->steps > QV__SWISS_STEPS)
		return false;
	int *cand = malloc(sizeof *cand * 2 * (size_t)s->n);
	int k = cand ? candidates(s, i, cand, cand + s->n) : 0;
	bool done = false;
	s->used[i] = true;
	for (int c = 0; c < k && !done && s->steps <= QV__SWISS_STEPS; c++) {
		int j = cand[c];
		if (s->apart && s->apart(s->ctx, s->p[i].id, s->p[j].id))
			continue;
		s->used[j] = true;
		s->pairs[s->npairs][0] = i;
		s->pairs[s->npairs++][1] = j;
		done = pair_rest(s);
		if (!done) {
			s->npairs--;
			s->used[j] = false;
		}
	}
	if (!done)
		s->used[i] = false;
	free(cand);
	return done;
}

/* The seats of pair {hi, lo} (hi ranked higher) on board k: {first, second}. */
static void colours(const qv__tp *p, int k, int pair[2])
{
	const qv__tp *a = &p[pair[0]], *b = &p[pair[1]];
	int due_a = a->blacks - a->whites, due_b = b->blacks - b->whites;
	bool a_first;
	if (due_a != due_b)
		a_first = due_a > due_b;
	else if (a->last_colour != b->last_colour && a->last_colour && b->last_colour)
		a_first = a->last_colour < 0;
	else if (a->last_colour)
		a_first = a->last_colour < 0;
	else
		a_first = k % 2 == 0;
	if (!a_first) {
		int t = pair[0];
		pair[0] = pair[1];
		pair[1] = t;
	}
}

/* Pairs the players but the one at `bye` (-1: none): true when it did. */
static bool pair_without(search *s, int bye)
{
	memset(s->used, 0, sizeof *s->used * (size_t)s->n);
	s->npairs = 0;
	if (bye >= 0)
		s->used[bye] = true;
	return pair_rest(s);
}

int qv__swiss_pair(qv__tp *players, int n, qv__tp_apart apart, void *ctx, int (*pairs)[2], int *bye)
{
	*bye = -1;
	qv__swiss_rank(players, n);
	search s = {.p = players, .n = n, .apart = apart, .ctx = ctx, .pairs = pairs};
	s.used = calloc((size_t)(n > 0 ? n : 1), sizeof *s.used);
	if (!s.used)
		return -1;
	bool done = n % 2 == 0 && pair_without(&s, -1);
	/* the bye: the lowest ranked without one first, then (every one had one) any */
	for (int pass = 0; n % 2 && pass < 2 && !done; pass++)
		for (int k = n - 1; k >= 0 && !done; k--)
			if ((pass == 1 || !players[k].had_bye) && pair_without(&s, k)) {
				*bye = k;
				done = true;
			}
	free(s.used);
	if (!done)
		return -1;
	for (int k = 0; k < s.npairs; k++)
		colours(players, k, pairs[k]);
	return s.npairs;
}

static int arena_cmp(const void *a, const void *b)
{
	const qv__tp *x = a, *y = b;
	if (fabs(x->score - y->score) > 1e-9)
		return x->score > y->score ? -1 : 1;
	if (x->games != y->games)
		return x->games - y->games;
	return x->order - y->order;
}

void qv__arena_rank(qv__tp *players, int n)
{
	qsort(players, (size_t)n, sizeof *players, arena_cmp);
}

int qv__arena_pair(qv__tp *waiting, int n, bool others_playing, qv__tp_apart apart, void *ctx,
                   int (*pairs)[2])
{
	qv__arena_rank(waiting, n);
	bool *used = calloc((size_t)(n > 0 ? n : 1), sizeof *used);
	int np = 0;
	for (int i = 0; used && i < n; i++) {
		if (used[i])
			continue;
		for (int j = i + 1; j < n; j++) {
			bool again =
			    waiting[i].last == waiting[j].id || waiting[j].last == waiting[i].id;
			if (used[j] || (again && others_playing) ||
			    (apart && apart(ctx, waiting[i].id, waiting[j].id)))
				continue;
			used[i] = used[j] = true;
			pairs[np][0] = i;
			pairs[np++][1] = j;
			break;
		}
	}
	free(used);
	return np;
}

int qv__arena_points(const char *results, bool *fire)
{
	int points = 0, wins = 0;
	for (const char *r = results; *r; r++) {
		if (*r == 'W')
			points += wins++ >= 2 ? 4 : 2;
		else if (*r == 'D')
			points += wins >= 2 ? 2 : 1;
		if (*r == 'D' || *r == 'L')
			wins = 0;
	}
	*fire = wins >= 2;
	return points;
}
