/*
 * race.c - how sure the first place of each of a section's two lists is (lab.h: qv_lab_race),
 * the figures an adaptive study's rounds are decided by (adaptive.c) and the verdict prints:
 * which components' intervals still reach the first's, the share of posterior draws in which
 * each has the largest effect (the first's: how sure its place is), and the games that would
 * part the first from the second.
 *
 * A list ranks its components by the loss their interval assures (the end nearest zero of the
 * loss, minus the test's difference), so a component measured loosely does not pass one
 * measured well. The first is *separated* when the lower end of its loss is above the upper
 * end of every other's: no other component's interval reaches it.
 */
#include <math.h>
#include <stdlib.h>

#include "lab/metrics.h"

/* The steps of the integral of the posterior share (Simpson's rule, an even number). */
#define RACE_STEPS 400

const qv_lab_delta *qv__lab_list_test(const qv_lab_component *c, int list)
{
	if (list == QV_LAB_STRONGEST) {
		if (qv__lab_tested(&c->restrict_holder))
			return &c->restrict_holder;
		return qv__lab_tested(&c->restrict_score) ? &c->restrict_score : NULL;
	}
	int by = c->rebalance_by;
	if (by < 0)
		return NULL;
	const qv_lab_delta *d =
	    by < QV_MAX_PLAYERS ? &c->ablate_seat[by] : &c->ablate_side[by - QV_MAX_PLAYERS];
	return qv__lab_tested(d) ? d : NULL;
}

/* A component's loss in a list, as a normal posterior: its mean (minus the test's difference)
 * and standard error (from the interval's half-width over Student's t of its units), and the
 * ends of its 95% interval. */
typedef struct loss {
	double mean, se, lo, hi;
} loss;

static loss loss_of(const qv_lab_delta *d)
{
	double t = d->n >= 2 ? qv_t975(d->n - 1) : QV_Z95;
	return (loss){-d->d, (d->ci.hi - d->ci.lo) / (2 * t), -d->ci.hi, -d->ci.lo};
}

/* P(X <= x) for the posterior l: a point mass where its standard error is 0 (half at it). */
static double below(const loss *l, double x)
{
	if (!(l->se > 0))
		return x > l->mean ? 1 : x < l->mean ? 0 : 0.5;
	return qv_normal_cdf((x - l->mean) / l->se);
}

/* The share of draws of the n posteriors in which l[i]'s is the largest: the integral of its
 * density times every other's probability of lying below, by Simpson's rule over eight
 * standard errors each side (its probability where its standard error is 0). */
static double share_of(const loss *l, int n, int i)
{
	const loss *f = &l[i];
	if (!(f->se > 0)) {
		double p = 1;
		for (int j = 0; j < n; j++)
			p *= j == i ? 1 : below(&l[j], f->mean);
		return p;
	}
	double a = f->mean - 8 * f->se, h = 16 * f->se / RACE_STEPS, sum = 0;
	for (int s = 0; s <= RACE_STEPS; s++) {
		double x = a + s * h, z = (x - f->mean) / f->se;
		double y = exp(-z * z / 2) / (f->se * 2.5066282746310002); /* sqrt(2 pi) */
		for (int j = 0; j < n && y > 0; j++)
			y *= j == i ? 1 : below(&l[j], x);
		sum += y * (s == 0 || s == RACE_STEPS ? 1 : s % 2 ? 4 : 2);
	}
	return fmin(1, sum * h / 3);
}

/* The games behind component k's test in list `list` at n players: its restrict arms', or its
 * control and ablate arms'. */
static long games_behind(const qv_lab_plan *p, int n, int k, int list)
{
	long games = 0;
	for (int a = 0; a < p->narms; a++) {
		const qv_lab_arm *arm = &p->arm[a];
		if (arm->players != n || arm->component != k)
			continue;
		if (list == QV_LAB_STRONGEST
		        ? arm->kind == QV_LAB_RESTRICT
		        : arm->kind == QV_LAB_ABLATE || arm->kind == QV_LAB_CONTROL)
			games += arm->games;
	}
	return games;
}

/* The games more of the first (f) and the second (s) that would part their 95% intervals, at
 * the spread measured so far: both measured lambda times as long, with 1.96 (se_f + se_s) /
 * sqrt(lambda) below the difference of their losses. 0 when apart; -1 when the second's loss
 * is as large as the first's (no number of games would part them). */
static long more_games(const loss *f, const loss *s, long games_f, long games_s)
{
	if (f->lo > s->hi)
		return 0;
	double gap = f->mean - s->mean;
	if (!(gap > 0))
		return -1;
	double lambda = pow(QV_Z95 * (f->se + s->se) / gap, 2);
	double more = (lambda - 1) * (double)(games_f + games_s);
	return more > 1e9 ? -1 : more < 1 ? 1 : (long)ceil(more);
}

/* The components whose interval reaches the first's (l[0]), those most likely to have the
 * largest effect first (their posterior shares, share[]; ties in the list's order), into r;
 * separated when there is none. */
static void contenders(const loss *l, const double *share, const int *ids, int m, qv_lab_race *r)
{
	int place[QV_LAB_MAX_COMPONENTS];
	r->ncontenders = 0;
	for (int i = 1; i < m && i <= QV_LAB_MAX_COMPONENTS; i++) {
		if (l[i].hi < l[0].lo)
			continue;
		int at = r->ncontenders++;
		while (at > 0 && share[place[at - 1]] < share[i]) {
			place[at] = place[at - 1];
			at--;
		}
		place[at] = i;
	}
	for (int i = 0; i < r->ncontenders; i++) {
		r->contender[i] = ids[place[i]];
		r->contender_share[i] = share[place[i]];
		r->contender_width[i] = l[place[i]].hi - l[place[i]].lo;
	}
	r->first_width = l[0].hi - l[0].lo;
	r->separated = r->ncontenders == 0;
}

/* The race of one list (its components, in order, list[0 .. n)). */
static void race(const qv_lab_plan *p, qv_lab_section *sec, int which, const int *list, int n)
{
	qv_lab_race *r = &sec->race[which];
	*r = (qv_lab_race){.first = -1, .second = -1, .sure = NAN, .more = -1};
	loss *l = malloc(((size_t)n + 1) * sizeof *l);
	double *share = malloc(((size_t)n + 1) * sizeof *share);
	int *ids = malloc(((size_t)n + 1) * sizeof *ids), m = 0;
	for (int i = 0; l && share && ids && i < n; i++) {
		const qv_lab_delta *d = qv__lab_list_test(&sec->component[list[i]], which);
		if (d) {
			l[m] = loss_of(d);
			ids[m++] = list[i];
		}
	}
	if (m > 0) {
		r->first = ids[0];
		for (int i = 0; i < m; i++)
			share[i] = share_of(l, m, i);
		r->sure = share[0];
		contenders(l, share, ids, m, r);
	}
	if (m > 1) {
		r->second = ids[1];
		r->more = more_games(&l[0], &l[1], games_behind(p, sec->players, ids[0], which),
		                     games_behind(p, sec->players, ids[1], which));
	}
	free(l);
	free(share);
	free(ids);
}

void qv__lab_races(const qv_lab_plan *p, qv_lab_section *sec)
{
	race(p, sec, QV_LAB_UNBALANCING, sec->unbalancing, sec->nunbalancing);
	race(p, sec, QV_LAB_STRONGEST, sec->strongest, sec->nstrongest);
}
