/*
 * metrics.c - the designer's lab's metrics (lab.h, docs/lab.md): everything the report says,
 * computed from the parsed lines of a study's games, one section per player count, each
 * metric by its row's compute function in the table of sections (sections.h). This file holds
 * the passes over the games (metrics.h), the checks of the lines against the plan, the
 * outcomes, the length, the sides and the power, and the loop over the rows; the components'
 * rows are metrics_components.c's, the rest of the play's metrics_play.c's.
 *
 * Only the lines are read (never records), always in game index order with the same
 * arithmetic, so a run on one machine and a merge of its shards give the same numbers to the
 * last bit. The plan is read as a struct: its arms say which games are which, so the tests
 * build plans by hand. Nothing held grows with the games: the lines are read one at a time
 * (store.c), and what a metric needs of all of them is a sum, or a count per length.
 *
 * Throughout, a seat's score in a game is its share of first place (qv__lab_score_of): 1 for
 * a win, 0 for a loss, a shared first place split, so that the seats' scores sum to 1 and a
 * fair share is 1/N. A game's *winner* is the seat that holds rank 1 alone. An estimate that
 * has no observations is NAN with n = 0.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab/metrics.h"

/* ---- the passes ---- */

const qv_lab_game *qv__lab_scan_first(qv__lab_scan *s, const qv__lab_sources *src,
                                      const qv_lab_arm *a)
{
	memset(s, 0, sizeof *s);
	s->fault = src->fault;
	if (!a || a->games <= 0 || s->fault->rc)
		return NULL;
	qv_err err;
	qv_status rc = qv_lab_cursor_open(src->games, a->first, &s->c, &err);
	if (rc) {
		s->fault->rc = rc;
		s->fault->err = err;
		return NULL;
	}
	s->open = true;
	s->left = a->games;
	return qv__lab_scan_next(s);
}

const qv_lab_game *qv__lab_scan_next(qv__lab_scan *s)
{
	if (!s->open || s->left <= 0 || s->fault->rc)
		return NULL;
	qv_err err;
	const qv_lab_game *g = qv_lab_cursor_next(&s->c, &err);
	if (!g) {
		s->fault->rc = QV_EIO;
		s->fault->err = err;
		return NULL;
	}
	s->left--;
	return g;
}

void qv__lab_scan_end(qv__lab_scan *s)
{
	if (s->open)
		qv_lab_cursor_close(&s->c);
	s->open = false;
}

/* ---- what every row uses ---- */

/* This is LAB.md's s = (u + 1) / 2 with u the win/loss utility (+1 first, -1 otherwise, ties
 * shared), which its 1/N fair share assumes: quiver's utilities grade every place (2nd of 4
 * has u = 1/3), and with those (u + 1) / 2 averages 1/2 at any N. With 2 players both are
 * the same. */
double qv__lab_score_of(const qv_lab_game *g, int s)
{
	if (g->rank[s] != 1)
		return 0;
	int k = 0;
	for (int t = 0; t < g->players; t++)
		k += g->rank[t] == 1;
	return 1.0 / k;
}

qv_lab_est qv__lab_est_prop(double x, double n)
{
	return (qv_lab_est){n > 0 ? x / n : NAN, qv_wilson(x, n, QV_Z95), (long)n};
}

qv_lab_est qv__lab_est_mean(const qv_moments *m)
{
	return (qv_lab_est){m->n > 0 ? m->mean : NAN, qv_moments_ci95(m), m->n};
}

int qv__lab_winner_of(const qv_lab_game *g)
{
	int w = -1;
	for (int s = 0; s < g->players; s++) {
		if (g->rank[s] != 1)
			continue;
		if (w >= 0)
			return -1;
		w = s;
	}
	return w;
}

double qv__lab_side_score_of(const qv_lab_plan *p, const qv_lab_game *g, int d)
{
	return qv__lab_score_of(g, qv_lab_swapped(p, g->index) ? 1 - d : d);
}

/* ---- checking the lines against the plan ---- */

/* The lines come from files (a merge reads shards written anywhere), so everything the
 * metrics index by is checked once here: the rest trusts seats, agents, ranks, movers, values
 * and component indices to be in range. */
static qv_status check_game(const qv_lab_plan *p, const qv_lab_arm *arm, const qv_lab_game *g,
                            int i, qv_err *err)
{
	int n = arm->players;
	if (g->index != i)
		return qv_fail(err, QV_EINVAL, "game %d: the line says index %d", i, g->index);
	if (g->players != n)
		return qv_fail(err, QV_EINVAL, "game %d: %d players; its arm has %d", i, g->players,
		               n);
	for (int s = 0; s < n; s++) {
		if (g->agent[s] < 0 || g->agent[s] >= arm->nagents)
			return qv_fail(err, QV_EINVAL,
			               "game %d: seat %d's agent %d; its arm has %d", i, s + 1,
			               g->agent[s], arm->nagents);
		if (g->rank[s] < 1 || g->rank[s] > n)
			return qv_fail(err, QV_EINVAL, "game %d: seat %d's rank %d; expected 1-%d",
			               i, s + 1, g->rank[s], n);
		if (!(g->utility[s] >= -1 && g->utility[s] <= 1))
			return qv_fail(err, QV_EINVAL,
			               "game %d: seat %d's utility %g; expected -1..1", i, s + 1,
			               g->utility[s]);
	}
	if (g->decisions < 0 || g->positions < g->decisions || g->legal < 0 || g->nvalues < 0 ||
	    g->nvalues > g->decisions)
		return qv_fail(err, QV_EINVAL,
		               "game %d: %d decisions, %d positions, %lld legal actions, %d values",
		               i, g->decisions, g->positions, g->legal, g->nvalues);
	for (int t = 0; t < g->nvalues; t++) {
		if (g->mover[t] >= n)
			return qv_fail(err, QV_EINVAL,
			               "game %d: decision %d's mover %d; expected 0-%d", i, t,
			               g->mover[t], n - 1);
		if (g->value[t] != QV_LAB_NOVALUE && (g->value[t] < -1000 || g->value[t] > 1000))
			return qv_fail(err, QV_EINVAL,
			               "game %d: decision %d's value %d; expected -1000..1000", i,
			               t, g->value[t]);
	}
	/* Component indices are the main variant's only in the main arm: an ablated variant
	 * numbers its studied block without the component taken out. */
	for (int c = 0; c < g->ncomp; c++)
		if (g->comp[c].seat >= n ||
		    (arm->kind == QV_LAB_MAIN && g->comp[c].item >= p->ncomponents))
			return qv_fail(err, QV_EINVAL,
			               "game %d: component count for seat %d, item %d", i,
			               g->comp[c].seat, g->comp[c].item);
	for (int c = 0; c < g->nsquare; c++)
		if (g->square[c].seat >= n)
			return qv_fail(err, QV_EINVAL, "game %d: square count for seat %d", i,
			               g->square[c].seat);
	return QV_OK;
}

static qv_status check_games(const qv_lab_plan *p, const qv__lab_sources *src, qv_err *err)
{
	if (p->ncomponents < 0 || p->ncomponents > QV_LAB_MAX_COMPONENTS)
		return qv_fail(err, QV_EINVAL, "%d components; the lab studies at most %d",
		               p->ncomponents, QV_LAB_MAX_COMPONENTS);
	if (src->games->total != p->total)
		return qv_fail(err, QV_EINVAL, "%d games given for a study of %d",
		               src->games->total, p->total);
	qv_status rc = QV_OK;
	for (int a = 0; !rc && a < p->narms; a++) {
		const qv_lab_arm *arm = &p->arm[a];
		if (arm->first < 0 || arm->games < 0 || arm->first + arm->games > p->total ||
		    arm->players < 1 || arm->players > QV_MAX_PLAYERS || arm->nagents < 1 ||
		    arm->nagents > QV_MAX_PLAYERS)
			return qv_fail(err, QV_EINVAL, "arm %d of the plan is malformed", a);
		qv__lab_scan s;
		int i = arm->first;
		for (const qv_lab_game *g = qv__lab_scan_first(&s, src, arm); !rc && g;
		     g = qv__lab_scan_next(&s), i++)
			rc = check_game(p, arm, g, i, err);
		qv__lab_scan_end(&s);
	}
	if (!rc && src->fault->rc) {
		*err = src->fault->err;
		rc = src->fault->rc;
	}
	return rc;
}

/* ---- outcomes and length ---- */

/* Counts one more game of length len (capped or not) in t's counts per length, grown as
 * needed; false when memory runs out. */
static bool count_length(qv__lab_tally *t, int len, bool capped)
{
	if (len > t->max || !t->by_length) {
		int cap = len + 1;
		int *a = realloc(t->by_length, (size_t)cap * sizeof *a);
		int *c = a ? realloc(t->capped_by_length, (size_t)cap * sizeof *c) : NULL;
		if (a)
			t->by_length = a;
		if (!c)
			return false;
		t->capped_by_length = c;
		int from = t->games > 1 ? t->max + 1 : 0;
		for (int k = from; k < cap; k++)
			a[k] = c[k] = 0;
	}
	t->by_length[len]++;
	t->capped_by_length[len] += capped;
	return true;
}

void qv__lab_tally_arm(const qv__lab_sources *src, const qv_lab_arm *arm, int n, qv__lab_tally *t)
{
	memset(t, 0, sizeof *t);
	if (!arm)
		return;
	qv__lab_scan s;
	for (const qv_lab_game *g = qv__lab_scan_first(&s, src, arm); g;
	     g = qv__lab_scan_next(&s)) {
		t->games++;
		for (int q = 0; q < n; q++)
			t->score[q] += qv__lab_score_of(g, q);
		bool alone = qv__lab_winner_of(g) >= 0;
		t->winners += alone;
		if (g->capped)
			t->capped++;
		else {
			t->uncapped++;
			t->shared += !alone;
		}
		qv_moments_add(&t->turns, g->decisions);
		t->decisions += g->decisions;
		t->positions += g->positions;
		t->legal += (double)g->legal;
		if (g->decisions > 0)
			qv_moments_add(&t->branching, (double)g->legal / g->decisions);
		if (t->games == 1 || g->decisions < t->min)
			t->min = g->decisions;
		if (!count_length(t, g->decisions, g->capped)) {
			src->fault->rc = QV_ENOMEM;
			qv_fail(&src->fault->err, QV_ENOMEM, "out of memory");
		}
		if (t->games == 1 || g->decisions > t->max)
			t->max = g->decisions;
	}
	qv__lab_scan_end(&s);
}

void qv__lab_tally_free(qv__lab_tally *t)
{
	free(t->by_length);
	free(t->capped_by_length);
	t->by_length = t->capped_by_length = NULL;
}

/* Seat score s_p: mean s with a Wilson interval over n = games (s counts as a fractional
 * success). Fairness gap: max_p |s_p - 1/N|. Balance: 1 - max over pairs |s_a - s_b|.
 * Completion: the share of games with rank 1 held by one seat alone. Drawishness: the share of
 * the games not ended by the cap whose first rank is shared. Timeouts: the share of games
 * ended by the cap. Shares have Wilson intervals. */
void qv__lab_outcomes(const qv__lab_tally *t, int n, qv_lab_outcomes *o)
{
	o->games = t->games;
	o->fairness_gap = t->games > 0 ? 0 : NAN;
	double lo = INFINITY, hi = -INFINITY;
	for (int s = 0; s < n; s++) {
		o->seat[s] = qv__lab_est_prop(t->score[s], t->games);
		double gap = fabs(o->seat[s].v - 1.0 / n);
		if (gap > o->fairness_gap)
			o->fairness_gap = gap;
		lo = fmin(lo, o->seat[s].v);
		hi = fmax(hi, o->seat[s].v);
	}
	o->balance = t->games > 0 ? 1 - (hi - lo) : NAN;
	o->completion = qv__lab_est_prop(t->winners, t->games);
	o->drawishness = qv__lab_est_prop(t->shared, t->uncapped);
	o->timeouts = qv__lab_est_prop(t->capped, t->games);
}

/* The k-th smallest decisions count (k from 1) of the tally's games. */
static int kth_length(const qv__lab_tally *t, long k)
{
	long below = 0;
	for (int len = t->min; len <= t->max; len++) {
		below += t->by_length[len];
		if (below >= k)
			return len;
	}
	return t->max;
}

/* Turns: decisions asked per game; mean with Student's t interval, sd, median and p90 by the
 * nearest rank (the ceil(P/100 * n)-th smallest), min and max. DecisionMoves: decisions over
 * positions, the share of the mover's positions with a real choice (Wilson, n = positions).
 * Branching per decision: legal actions summed over decisions, over decisions; per game: the
 * mean over games with a decision of each game's legal actions per decision. */
static void length(const qv__lab_tally *t, qv_lab_length *l)
{
	l->turns = qv__lab_est_mean(&t->turns);
	l->sd = t->games > 0 ? qv_moments_sd(&t->turns) : NAN;
	l->min = t->min;
	l->max = t->max;
	l->median = l->p90 = NAN;
	if (t->games > 0 && t->by_length) {
		long n = t->games;
		l->median = kth_length(t, (n + 1) / 2);
		l->p90 = kth_length(t, (9 * n + 9) / 10);
	}
	l->decision_moves = qv__lab_est_prop(t->decisions, t->positions);
	l->branching_decision = t->decisions > 0 ? t->legal / t->decisions : NAN;
	l->branching_game = t->branching.n > 0 ? t->branching.mean : NAN;
}

/* The bins both histograms of a section share: from the smaller minimum, the narrowest width
 * of 1, 2, 5, 10, 20, 50, ... that covers both ranges in QV_LAB_HIST_MAX bins at most. */
static void histograms(const qv__lab_tally t[2], qv_lab_length *l[2])
{
	int lo = 0, hi = -1;
	bool any = false;
	for (int a = 0; a < 2; a++) {
		if (t[a].games == 0)
			continue;
		lo = any ? (t[a].min < lo ? t[a].min : lo) : t[a].min;
		hi = any ? (t[a].max > hi ? t[a].max : hi) : t[a].max;
		any = true;
	}
	int width = 1, nbins = 0;
	if (any) {
		static const int steps[3] = {1, 2, 5};
		for (long decade = 1;; decade *= 10) {
			int s = 0;
			for (; s < 3; s++) {
				long w = steps[s] * decade;
				if ((hi - lo) / w + 1 <= QV_LAB_HIST_MAX)
					break;
			}
			if (s < 3) {
				width = (int)(steps[s] * decade);
				break;
			}
		}
		nbins = (hi - lo) / width + 1;
	}
	for (int a = 0; a < 2; a++) {
		l[a]->bin_lo = lo;
		l[a]->bin_width = width;
		l[a]->nbins = nbins;
		if (t[a].games == 0 || !t[a].by_length)
			continue;
		for (int len = t[a].min; len <= t[a].max; len++) {
			int b = (len - lo) / width;
			l[a]->hist[b] += t[a].by_length[len];
			l[a]->hist_capped[b] += t[a].capped_by_length[len];
		}
	}
}

/* ---- sides ---- */

/* Side k's score: over the main games, the score of the seat that held it (seat k, or the
 * other in a swapped game), a proportion over the games with its Wilson interval. The sides
 * sit in each seat equally often, so a seat's advantage leaves the sides' apart equal, and a
 * side's leaves the seats'. */
static void sides(const qv__lab_sources *src, qv_lab_section *sec)
{
	const qv_lab_plan *p = src->p;
	const qv_lab_arm *main = src->arms[0];
	for (int k = 0; k < QV_MAX_PLAYERS; k++)
		sec->side_score[k] = (qv_lab_est){NAN, {NAN, NAN}, 0};
	if (p->nsides != 2 || main->players != 2)
		return;
	double x[2] = {0, 0};
	qv__lab_scan s;
	for (const qv_lab_game *g = qv__lab_scan_first(&s, src, main); g; g = qv__lab_scan_next(&s))
		for (int k = 0; k < 2; k++)
			x[k] += qv__lab_side_score_of(p, g, k);
	qv__lab_scan_end(&s);
	for (int k = 0; k < 2; k++)
		sec->side_score[k] = qv__lab_est_prop(x[k], main->games);
}

/* ---- power ---- */

#define LAB_Z80 0.8416212335729143 /* the 0.8 quantile of the normal distribution */

/* The effect a test with this 95% interval detects 80% of the time: (z 0.975 + z 0.8)
 * standard errors, the standard error read from the interval's half-width. A test of no
 * spread (every game the same difference: an ablation that replayed its control's games)
 * measures nothing of that: NAN. */
static double detectable(const qv_lab_delta *d)
{
	double half = (d->ci.hi - d->ci.lo) / 2;
	return d->p == d->p && half > 0 ? (QV_Z95 + LAB_Z80) * half / QV_Z95 : NAN;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The median of the n values (NAN when none). */
static double median(double *v, int n)
{
	if (n == 0)
		return NAN;
	qsort(v, (size_t)n, sizeof *v, by_value);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The section's power (lab.h, qv_lab_section.detect_*). */
static void power(const qv_lab_plan *p, qv_lab_section *sec)
{
	double f = 1.0 / sec->players;
	int n = sec->outcomes.games;
	sec->detect_seat = n > 0 ? (QV_Z95 + LAB_Z80) * sqrt(f * (1 - f) / n) : NAN;
	double ab[QV_LAB_MAX_COMPONENTS], re[QV_LAB_MAX_COMPONENTS];
	int nab = 0, nre = 0;
	for (int k = 0; sec->component && k < p->ncomponents; k++) {
		const qv_lab_component *c = &sec->component[k];
		double a = detectable(&c->ablate_seat[0]), r = detectable(&c->restrict_score);
		if (a == a)
			ab[nab++] = a;
		if (r == r)
			re[nre++] = r;
	}
	sec->detect_ablation = median(ab, nab);
	sec->detect_restricted = median(re, nre);
}

/* ---- the rows of sections.c ---- */

qv_status qv__lab_compute_outcomes(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	qv__lab_outcomes(&src->t[0], sec->players, &sec->outcomes);
	return QV_OK;
}

qv_status qv__lab_compute_sides(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	sides(src, sec);
	return QV_OK;
}

qv_status qv__lab_compute_baseline_outcomes(const qv__lab_sources *src, qv_lab_section *sec,
                                            qv_err *err)
{
	(void)err;
	qv__lab_outcomes(&src->t[1], sec->players, &sec->baseline_outcomes);
	return QV_OK;
}

/* The length of the main games and of the baseline's, their histograms on shared bins. */
qv_status qv__lab_compute_length(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	length(&src->t[0], &sec->length);
	length(&src->t[1], &sec->baseline_length);
	qv_lab_length *l[2] = {&sec->length, &sec->baseline_length};
	histograms(src->t, l);
	return QV_OK;
}

qv_status qv__lab_compute_power(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	power(src->p, sec);
	return QV_OK;
}

/* ---- one section ---- */

/* The section of sec->players: the sums of its main and baseline arms, then every row of the
 * table that computes something, in the table's order. */
static qv_status section(const qv_lab_plan *p, const qv_lab_source *games, qv_lab_section *sec,
                         qv_err *err)
{
	int n = sec->players;
	qv__lab_fault fault = {QV_OK, {""}};
	qv__lab_sources src = {.p = p, .games = games, .fault = &fault};
	src.arms[0] = qv_lab_find_arm(p, QV_LAB_MAIN, n, -1);
	src.arms[1] = qv_lab_find_arm(p, QV_LAB_BASELINE, n, -1);
	if (!src.arms[0])
		return qv_fail(err, QV_EINVAL, "the plan has no main arm for %d players", n);
	qv__lab_tally_arm(&src, src.arms[0], n, &src.t[0]);
	qv__lab_tally_arm(&src, src.arms[1], n, &src.t[1]);
	qv_status rc = QV_OK;
	for (int r = 0; !rc && r < qv__lab_nrows; r++)
		rc = qv__lab_rows[r].compute ? qv__lab_rows[r].compute(&src, sec, err) : QV_OK;
	qv__lab_tally_free(&src.t[0]);
	qv__lab_tally_free(&src.t[1]);
	if (!rc && fault.rc) {
		*err = fault.err;
		rc = fault.rc;
	}
	return rc;
}

qv_status qv_lab_compute_from(const qv_lab_plan *p, const qv_lab_source *games, qv_lab_report *out,
                              qv_err *err)
{
	memset(out, 0, sizeof *out);
	out->plan = p;
	qv__lab_fault fault = {QV_OK, {""}};
	qv__lab_sources all = {.p = p, .games = games, .fault = &fault};
	qv_status rc = check_games(p, &all, err);
	if (rc != QV_OK)
		return rc;
	if (p->cfg.nplayers < 1 || p->cfg.nplayers > QV_MAX_PLAYERS)
		return qv_fail(err, QV_EINVAL, "%d player counts; expected 1-%d", p->cfg.nplayers,
		               QV_MAX_PLAYERS);
	for (int s = 0; s < p->cfg.nplayers; s++) {
		qv_lab_section *sec = &out->section[out->nsections++];
		sec->players = p->cfg.players[s];
		rc = section(p, games, sec, err);
		if (rc != QV_OK) {
			qv_lab_report_free(out);
			return rc;
		}
	}
	return QV_OK;
}

qv_status qv_lab_compute(const qv_lab_plan *p, const qv_lab_game *games, qv_lab_report *out,
                         qv_err *err)
{
	qv_lab_source src = {.games = games, .total = p->total};
	return qv_lab_compute_from(p, &src, out, err);
}

void qv_lab_report_free(qv_lab_report *r)
{
	for (int s = 0; s < r->nsections; s++) {
		free(r->section[s].component);
		free(r->section[s].heat);
		r->section[s].component = NULL;
		r->section[s].heat = NULL;
	}
	r->nsections = 0;
}
