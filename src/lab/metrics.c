/*
 * metrics.c - the designer's lab's metrics (lab.h, docs/lab.md): everything the report
 * says, computed from the parsed lines of a study's games, one section per player count, each
 * metric by its row's compute function in the table of sections (sections.h).
 *
 * Only the lines are read (never records), and always in game index order with the same
 * arithmetic, so a run on one machine and a merge of its shards give the same numbers to the
 * last bit. The plan is read as a struct: its arms say which games are which, so the tests
 * build plans by hand. Nothing is allocated but each section's components and heat map (and a
 * state of the game for a moment, to ask it its board).
 *
 * Throughout, a seat's score in a game is its share of first place (score_of): 1 for a win,
 * 0 for a loss, a shared first place split, so that the seats' scores sum to 1 and a fair
 * share is 1/N. A game's *winner* is the seat that holds rank 1 alone. An
 * estimate that has no observations is NAN with n = 0.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab/sections.h"

/* Tests of one section: per component, a seat score per seat, a length and the restricted
 * seat's score and length. */
#define LAB_TESTS (QV_LAB_MAX_COMPONENTS * (QV_MAX_PLAYERS + 3))

/* Seat s's score in game g: its share of first place (1 alone, 1/k shared by k, else 0). This
 * is LAB.md's s = (u + 1) / 2 with u the win/loss utility (+1 first, -1 otherwise, ties
 * shared), which its 1/N fair share assumes: quiver's utilities grade every place (2nd of 4
 * has u = 1/3), and with those (u + 1) / 2 averages 1/2 at any N. With 2 players both are
 * the same. */
static double score_of(const qv_lab_game *g, int s)
{
	if (g->rank[s] != 1)
		return 0;
	int k = 0;
	for (int t = 0; t < g->players; t++)
		k += g->rank[t] == 1;
	return 1.0 / k;
}

/* A proportion of x out of n, with its Wilson interval. */
static qv_lab_est est_prop(double x, double n)
{
	return (qv_lab_est){n > 0 ? x / n : NAN, qv_wilson(x, n, QV_Z95), (long)n};
}

/* A mean with its Student's t interval. */
static qv_lab_est est_mean(const qv_moments *m)
{
	return (qv_lab_est){m->n > 0 ? m->mean : NAN, qv_moments_ci95(m), m->n};
}

static const qv_lab_delta no_test = {NAN, {NAN, NAN}, NAN, false};

/* The seat that holds rank 1 alone, or -1 when the first rank is shared. */
static int winner_of(const qv_lab_game *g)
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

/* The first arm of kind for `players` (and, for ABLATE, CONTROL and RESTRICT, component k), or
 * NULL. */
static const qv_lab_arm *find_arm(const qv_lab_plan *p, qv_lab_arm_kind kind, int players, int k)
{
	for (int a = 0; a < p->narms; a++) {
		const qv_lab_arm *arm = &p->arm[a];
		if (arm->kind == kind && arm->players == players &&
		    ((kind != QV_LAB_ABLATE && kind != QV_LAB_RESTRICT && kind != QV_LAB_CONTROL) ||
		     arm->component == k))
			return arm;
	}
	return NULL;
}

/* ---- checking the lines against the plan ---- */

/* The lines come from files (a merge reads shards written anywhere), so everything the
 * metrics index by is checked once here: the rest of the file trusts seats, agents, ranks,
 * movers, values and component indices to be in range. */
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

static qv_status check_games(const qv_lab_plan *p, const qv_lab_game *games, qv_err *err)
{
	if (p->ncomponents < 0 || p->ncomponents > QV_LAB_MAX_COMPONENTS)
		return qv_fail(err, QV_EINVAL, "%d components; the lab studies at most %d",
		               p->ncomponents, QV_LAB_MAX_COMPONENTS);
	for (int a = 0; a < p->narms; a++) {
		const qv_lab_arm *arm = &p->arm[a];
		if (arm->first < 0 || arm->games < 0 || arm->first + arm->games > p->total ||
		    arm->players < 1 || arm->players > QV_MAX_PLAYERS || arm->nagents < 1 ||
		    arm->nagents > QV_MAX_PLAYERS)
			return qv_fail(err, QV_EINVAL, "arm %d of the plan is malformed", a);
		for (int i = arm->first; i < arm->first + arm->games; i++) {
			qv_status rc = check_game(p, arm, &games[i], i, err);
			if (rc != QV_OK)
				return rc;
		}
	}
	return QV_OK;
}

/* ---- outcomes and length ---- */

/* What the outcomes, the length and the comparison with a baseline are made of: the sums over
 * one arm's games. */
typedef struct tally {
	int games;
	double score[QV_MAX_PLAYERS]; /* sum of s per seat */
	int winners;                  /* games with rank 1 alone */
	int shared;                   /* uncapped games with rank 1 shared */
	int uncapped, capped;
	qv_moments turns; /* decisions per game */
	double decisions, positions, legal;
	qv_moments branching; /* legal / decisions per game with decisions */
	int min, max;         /* decisions */
} tally;

static void tally_arm(const qv_lab_game *games, const qv_lab_arm *arm, int n, tally *t)
{
	memset(t, 0, sizeof *t);
	if (!arm)
		return;
	t->games = arm->games;
	for (int i = arm->first; i < arm->first + arm->games; i++) {
		const qv_lab_game *g = &games[i];
		for (int s = 0; s < n; s++)
			t->score[s] += score_of(g, s);
		bool alone = winner_of(g) >= 0;
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
		if (i == arm->first || g->decisions < t->min)
			t->min = g->decisions;
		if (i == arm->first || g->decisions > t->max)
			t->max = g->decisions;
	}
}

/* Seat score s_p: mean s with a Wilson interval over n = games (s counts as a fractional
 * success). Fairness gap: max_p |s_p - 1/N|. Balance: 1 - max over pairs |s_a - s_b|.
 * Completion: the share of games with rank 1 held by one seat alone. Drawishness: the share of
 * the games not ended by the cap whose first rank is shared. Timeouts: the share of games
 * ended by the cap. Shares have Wilson intervals. */
static void outcomes(const tally *t, int n, qv_lab_outcomes *o)
{
	o->games = t->games;
	o->fairness_gap = t->games > 0 ? 0 : NAN;
	double lo = INFINITY, hi = -INFINITY;
	for (int s = 0; s < n; s++) {
		o->seat[s] = est_prop(t->score[s], t->games);
		double gap = fabs(o->seat[s].v - 1.0 / n);
		if (gap > o->fairness_gap)
			o->fairness_gap = gap;
		lo = fmin(lo, o->seat[s].v);
		hi = fmax(hi, o->seat[s].v);
	}
	o->balance = t->games > 0 ? 1 - (hi - lo) : NAN;
	o->completion = est_prop(t->winners, t->games);
	o->drawishness = est_prop(t->shared, t->uncapped);
	o->timeouts = est_prop(t->capped, t->games);
}

/* The k-th smallest decisions count (k from 1) of the arm's games, found by bisecting the
 * values rather than sorting, which needs no copy of the counts. */
static int kth_length(const qv_lab_game *games, const qv_lab_arm *arm, long k, int lo, int hi)
{
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		long below = 0;
		for (int i = arm->first; i < arm->first + arm->games; i++)
			below += games[i].decisions <= mid;
		if (below >= k)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* Turns: decisions asked per game; mean with Student's t interval, sd, median and p90 by the
 * nearest rank (the ceil(P/100 * n)-th smallest), min and max. DecisionMoves: decisions over
 * positions, the share of the mover's positions with a real choice (Wilson, n = positions).
 * Branching per decision: legal actions summed over decisions, over decisions; per game: the
 * mean over games with a decision of each game's legal actions per decision. */
static void length(const qv_lab_game *games, const qv_lab_arm *arm, const tally *t,
                   qv_lab_length *l)
{
	l->turns = est_mean(&t->turns);
	l->sd = t->games > 0 ? qv_moments_sd(&t->turns) : NAN;
	l->min = t->min;
	l->max = t->max;
	l->median = l->p90 = NAN;
	if (t->games > 0) {
		long n = t->games;
		l->median = kth_length(games, arm, (n + 1) / 2, t->min, t->max);
		l->p90 = kth_length(games, arm, (9 * n + 9) / 10, t->min, t->max);
	}
	l->decision_moves = est_prop(t->decisions, t->positions);
	l->branching_decision = t->decisions > 0 ? t->legal / t->decisions : NAN;
	l->branching_game = t->branching.n > 0 ? t->branching.mean : NAN;
}

/* The bins both histograms of a section share: from the smaller minimum, the narrowest width
 * of 1, 2, 5, 10, 20, 50, ... that covers both ranges in QV_LAB_HIST_MAX bins at most. */
static void histograms(const qv_lab_game *games, const qv_lab_arm *const arms[2], const tally t[2],
                       qv_lab_length *l[2])
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
		if (t[a].games == 0)
			continue;
		for (int i = arms[a]->first; i < arms[a]->first + arms[a]->games; i++) {
			int b = (games[i].decisions - lo) / width;
			l[a]->hist[b]++;
			l[a]->hist_capped[b] += games[i].capped;
		}
	}
}

/* ---- tension ---- */

/* Whether a game can be read for tension: its decisions' values kept, and a search value at
 * some decision of every seat that decided. A decision without one (a level's blunder, drawn
 * without a search: Arrow Party's `easy`) leaves its seat's evaluation as it was; a seat that
 * never searched (`random`) has none to compare, and its games are left out. */
static bool measurable(const qv_lab_game *g)
{
	if (g->decisions <= 0 || g->nvalues != g->decisions)
		return false;
	unsigned decided = 0, valued = 0;
	for (int t = 0; t < g->nvalues; t++) {
		decided |= 1u << g->mover[t];
		if (g->value[t] != QV_LAB_NOVALUE)
			valued |= 1u << g->mover[t];
	}
	return decided == valued;
}

/* Over the main games that are measurable (tension.games of them): a seat's evaluation e_p
 * is the value/1000 of its latest decision with one, undefined before the first. After
 * each decision the leader is the seat with the highest defined e; in a tie the leader stays
 * when it is among the tied, else the lowest seat leads. Before any seat's e is defined (the
 * first decisions of a level that sometimes moves without a search) nobody leads, and the
 * first leader is no change.
 * - Lead changes: changes of leader from one decision to the next, over decisions; the mean
 *   over games with a t interval.
 * - Drama (games with a winner): the mean, over the decisions at which the winner's e is
 *   defined, of the highest defined e minus the winner's; the mean over games with a t
 *   interval (games where the winner never decided have none).
 * - Decisiveness (games with a winner): (t* + 1) / decisions, t* the first decision from which
 *   on, at every decision, the winner's e is defined and above every defined loser's; 1 when
 *   there is none. The mean over games with a t interval.
 * - The curve (games with a winner): decision t of T falls in bin floor(t * QV_LAB_CURVE / T);
 *   winner[b] is the mean of the winner's e and loser[b] of the best defined loser's e over
 *   the decisions of bin b where they are defined; NAN for none. */
static void tension(const qv_lab_game *games, const qv_lab_arm *arm, qv_lab_tension *out)
{
	qv_moments lead = {0}, drama = {0}, decisive = {0};
	double wsum[QV_LAB_CURVE] = {0}, lsum[QV_LAB_CURVE] = {0};
	long wn[QV_LAB_CURVE] = {0}, ln[QV_LAB_CURVE] = {0};
	out->games = 0;
	for (int i = arm->first; i < arm->first + arm->games; i++) {
		const qv_lab_game *g = &games[i];
		if (!measurable(g))
			continue;
		out->games++;
		int n = g->players, total = g->decisions, w = winner_of(g);
		double e[QV_MAX_PLAYERS] = {0};
		bool known[QV_MAX_PLAYERS] = {false};
		int leader = -1, changes = 0, since = -1;
		double dsum = 0;
		long dn = 0;
		for (int t = 0; t < total; t++) {
			if (g->value[t] != QV_LAB_NOVALUE) {
				e[g->mover[t]] = g->value[t] / 1000.0;
				known[g->mover[t]] = true;
			}
			double top = -INFINITY;
			for (int s = 0; s < n; s++)
				if (known[s] && e[s] > top)
					top = e[s];
			/* No seat has a value yet (a level that blunders plays its first decisions
			 * without a search): nobody leads, and nothing below is defined. */
			if (top == -INFINITY)
				continue;
			int next = leader;
			if (leader < 0 || e[leader] != top)
				for (next = 0; !(known[next] && e[next] == top); next++)
					;
			changes += leader >= 0 && next != leader;
			leader = next;
			if (w < 0)
				continue;
			double best = -INFINITY;
			bool rival = false;
			for (int s = 0; s < n; s++)
				if (s != w && known[s] && (!rival || e[s] > best)) {
					best = e[s];
					rival = true;
				}
			int b = (int)((long)t * QV_LAB_CURVE / total);
			if (known[w]) {
				dsum += top - e[w];
				dn++;
				wsum[b] += e[w];
				wn[b]++;
			}
			if (rival) {
				lsum[b] += best;
				ln[b]++;
			}
			bool ahead = known[w] && (!rival || e[w] > best);
			since = !ahead ? -1 : since < 0 ? t : since;
		}
		qv_moments_add(&lead, (double)changes / total);
		if (w < 0)
			continue;
		if (dn > 0)
			qv_moments_add(&drama, dsum / (double)dn);
		qv_moments_add(&decisive, since < 0 ? 1 : (since + 1.0) / total);
	}
	out->lead_changes = est_mean(&lead);
	out->drama = est_mean(&drama);
	out->decisiveness = est_mean(&decisive);
	for (int b = 0; b < QV_LAB_CURVE; b++) {
		out->winner[b] = wn[b] > 0 ? wsum[b] / (double)wn[b] : NAN;
		out->loser[b] = ln[b] > 0 ? lsum[b] / (double)ln[b] : NAN;
	}
}

/* ---- skill: the ladder and the agent matrix ---- */

/* Each ladder arm (rung k: one seat 2^(k+1) iterations, the others 2^k) and the luck arm (k =
 * -1: one seat `random`, the others `hard`) of the section, in plan order: the score of the
 * distinct seat (the one playing the arm's agent 0), Wilson. */
static qv_status ladder(const qv_lab_plan *p, const qv_lab_game *games, qv_lab_section *sec,
                        qv_err *err)
{
	int max = (int)(sizeof sec->rung / sizeof sec->rung[0]);
	sec->nrungs = 0;
	for (int a = 0; a < p->narms; a++) {
		const qv_lab_arm *arm = &p->arm[a];
		if (arm->players != sec->players ||
		    (arm->kind != QV_LAB_LADDER && arm->kind != QV_LAB_LUCK))
			continue;
		if (sec->nrungs == max)
			return qv_fail(err, QV_EINVAL, "more than %d ladder arms for %d players",
			               max, sec->players);
		double x = 0, n = 0;
		for (int i = arm->first; i < arm->first + arm->games; i++)
			for (int s = 0; s < arm->players; s++)
				if (games[i].agent[s] == 0) {
					x += score_of(&games[i], s);
					n++;
				}
		qv_lab_rung *r = &sec->rung[sec->nrungs++];
		r->k = arm->kind == QV_LAB_LUCK ? -1 : arm->component;
		r->score = est_prop(x, n);
	}
	return QV_OK;
}

/* Over the main games, every pair of seats s, t held by different agents a, b is a pairwise
 * game: a scores 1 when rank_s < rank_t, 1/2 when equal, 0 otherwise. matrix[a][b] is a's
 * mean score against b (NAN where they never met, and on the diagonal); elo[a] is a's mean
 * score against everyone with a Wilson interval over its pairs, in Elo points
 * (qv_elo_clamp(qv_elo(.)), qv_elo_interval). An agent without pairs has n = 0. */
static void agents(const qv_lab_game *games, const qv_lab_arm *arm, qv_lab_section *sec)
{
	double sum[QV_MAX_PLAYERS][QV_MAX_PLAYERS] = {{0}};
	long met[QV_MAX_PLAYERS][QV_MAX_PLAYERS] = {{0}};
	int n = arm->players;
	sec->nagents = arm->nagents;
	for (int i = arm->first; i < arm->first + arm->games; i++) {
		const qv_lab_game *g = &games[i];
		for (int s = 0; s < n; s++)
			for (int t = s + 1; t < n; t++) {
				int a = g->agent[s], b = g->agent[t];
				if (a == b)
					continue;
				double x = g->rank[s] < g->rank[t]    ? 1
				           : g->rank[s] == g->rank[t] ? 0.5
				                                      : 0;
				sum[a][b] += x;
				sum[b][a] += 1 - x;
				met[a][b]++;
				met[b][a]++;
			}
	}
	for (int a = 0; a < QV_MAX_PLAYERS; a++) {
		double x = 0;
		long pairs = 0;
		for (int b = 0; b < QV_MAX_PLAYERS; b++) {
			sec->matrix[a][b] =
			    a != b && met[a][b] > 0 ? sum[a][b] / (double)met[a][b] : NAN;
			x += sum[a][b];
			pairs += met[a][b];
		}
		qv_interval ci = qv_wilson(x, (double)pairs, QV_Z95);
		sec->elo[a] =
		    (qv_lab_est){pairs > 0 ? qv_elo_clamp(qv_elo(x / (double)pairs)) : NAN,
		                 qv_elo_interval(ci), pairs};
	}
}

/* ---- components ---- */

/* A difference of two proportions x1/n1 - x2/n2 with Newcombe's interval, and the two-sided
 * p of the two-proportion z test: z = d / sqrt(p(1-p)(1/n1 + 1/n2)) with p = (x1 + x2) /
 * (n1 + n2) pooled, the spread under the null hypothesis that both are equal. (The unpooled
 * spread of each sample is 0 when both are all wins or all losses, and would make 2 games
 * lost against 2 won a certainty.) The pooled spread is 0 only when both proportions are 0 or
 * both 1: d = 0, p = 1. No test (NAN) when an arm is empty. */
static qv_lab_delta prop_delta(double x1, double n1, double x2, double n2, double *z)
{
	*z = NAN;
	if (!(n1 > 0) || !(n2 > 0))
		return no_test;
	double p1 = x1 / n1, p2 = x2 / n2, p = (x1 + x2) / (n1 + n2);
	qv_lab_delta r = {p1 - p2, qv_newcombe(x1, n1, x2, n2, QV_Z95), NAN, false};
	double se = sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
	*z = se > 0 ? r.d / se : 0;
	r.p = qv_p_two_sided(*z);
	return r;
}

/* A difference of mean lengths a - b of independent games with Welch's interval and the
 * two-sided p of Welch's t = d / se against Student's t with the interval's degrees of freedom
 * (rounded down, as qv_welch's interval: p < 0.05 exactly when the interval leaves 0 out).
 * With se 0 (no spread in either sample) p is 1 for d = 0 and 0 otherwise; no test when a
 * sample has fewer than two games (its spread unknown). */
static qv_lab_delta mean_delta(const qv_moments *a, const qv_moments *b)
{
	if (a->n < 2 || b->n < 2)
		return no_test;
	qv_welch_result w = qv_welch(a, b);
	qv_lab_delta r = {w.d, w.ci, NAN, false};
	if (w.se > 0)
		r.p = qv_t_p_two_sided(w.d / w.se, floor(w.df) < 1 ? 1 : floor(w.df));
	else
		r.p = w.d == 0 ? 1 : 0;
	return r;
}

/* The mean length of each rotation of arm (qv_lab_rotation: the games of one may share their
 * chance, so they are one unit; a last rotation cut short, as in a partial shard, is one too). */
static void lengths_of(const qv_lab_game *games, const qv_lab_arm *arm, qv_moments *m)
{
	*m = (qv_moments){0};
	int r = qv_lab_rotation(arm);
	for (int j = 0; j < arm->games; j += r) {
		double sum = 0;
		int n = 0;
		for (; n < r && j + n < arm->games; n++)
			sum += games[arm->first + j + n].decisions;
		qv_moments_add(m, sum / n);
	}
}

/* A paired test: the mean of per-game differences d (m), with Student's t interval
 * mean +- t(0.975, n - 1) * sd / sqrt(n) and the two-sided p of t = mean / (sd / sqrt(n))
 * against Student's t with n - 1 degrees of freedom (p < 0.05 exactly when the interval leaves
 * 0 out); *t is that t, for the ranking. The games are the units: each difference comes from
 * one game, so what two seats of a game share (at two players their scores sum to 1) is in
 * the differences' spread, not counted twice. With sd 0 (every game gave the same difference)
 * t is not defined: p is 1 for a mean of 0, else the exact sign test's 2 / 2^n (n games all
 * one way: two such games are no certainty), and *t the normal z of that p. No test with
 * fewer than two games. */
static qv_lab_delta paired_delta(const qv_moments *d, double *t)
{
	*t = NAN;
	if (d->n < 2)
		return no_test;
	double se = qv_moments_sd(d) / sqrt((double)d->n);
	qv_lab_delta r = {d->mean, qv_moments_ci95(d), NAN, false};
	if (se > 0) {
		*t = d->mean / se;
		r.p = qv_t_p_two_sided(*t, (double)(d->n - 1));
	} else if (d->mean == 0) {
		*t = 0;
		r.p = 1;
	} else {
		r.p = fmin(1, ldexp(2, -(int)(d->n < 1000 ? d->n : 1000)));
		double lo = 0, hi = 40; /* qv_p_two_sided(z) = p, by bisection */
		for (int i = 0; i < 100; i++) {
			double mid = (lo + hi) / 2;
			if (qv_p_two_sided(mid) > r.p)
				lo = mid;
			else
				hi = mid;
		}
		*t = copysign(lo, d->mean);
	}
	return r;
}

/* A game's figure for a paired comparison (paired_games): seat `arg`'s score, its length in
 * decisions, whether a seat won alone, whether the turn limit ended it. */
typedef double (*game_figure)(const qv_lab_game *g, int arg);

static double fig_score(const qv_lab_game *g, int s) { return score_of(g, s); }
static double fig_length(const qv_lab_game *g, int unused)
{
	(void)unused;
	return g->decisions;
}
static double fig_won(const qv_lab_game *g, int unused)
{
	(void)unused;
	return winner_of(g) >= 0;
}
static double fig_capped(const qv_lab_game *g, int unused)
{
	(void)unused;
	return g->capped;
}

/* Arm a against its reference ref (the arm whose games lent theirs their seeds,
 * qv_lab_game_seed): game j of a minus game j of ref, for every j both have, tested paired. */
static qv_lab_delta paired_games(const qv_lab_game *games, const qv_lab_arm *a,
                                 const qv_lab_arm *ref, game_figure f, int arg, double *t)
{
	qv_moments d = {0};
	int n = a->games < ref->games ? a->games : ref->games;
	for (int j = 0; j < n; j++)
		qv_moments_add(&d, f(&games[a->first + j], arg) - f(&games[ref->first + j], arg));
	return paired_delta(&d, t);
}

/* Side d's score in game g of the plan: its seat's, the other seat's in a swapped game. */
static double side_score_of(const qv_lab_plan *p, const qv_lab_game *g, int d)
{
	return score_of(g, qv_lab_swapped(p, g->index) ? 1 - d : d);
}

/* Arm a's side d against the reference ref, game j against game j (paired_games for a side:
 * the side's seat may differ between the two games only if their swaps do, which they share,
 * the swap depending on j alone). */
static qv_lab_delta paired_sides(const qv_lab_plan *p, const qv_lab_game *games,
                                 const qv_lab_arm *a, const qv_lab_arm *ref, int d, double *t)
{
	qv_moments m = {0};
	int n = a->games < ref->games ? a->games : ref->games;
	for (int j = 0; j < n; j++)
		qv_moments_add(&m, side_score_of(p, &games[a->first + j], d) -
		                       side_score_of(p, &games[ref->first + j], d));
	return paired_delta(&m, t);
}

/* Correlational figures over the main games. Play rate: decisions that played the component
 * over decisions where it was legal (Wilson, n = available). Score when drawn: the mean s of
 * the (game, seat) pairs that had it available at least once; when played: of those that
 * played it at least once (Wilson over the pairs). */
static void play_rates(const qv_lab_plan *p, const qv_lab_game *games, const qv_lab_arm *main,
                       qv_lab_component *comp)
{
	double chosen[QV_LAB_MAX_COMPONENTS] = {0}, avail[QV_LAB_MAX_COMPONENTS] = {0};
	double dx[QV_LAB_MAX_COMPONENTS] = {0}, dn[QV_LAB_MAX_COMPONENTS] = {0};
	double px[QV_LAB_MAX_COMPONENTS] = {0}, pn[QV_LAB_MAX_COMPONENTS] = {0};
	/* A game's counts per (component, seat), in case a line lists a pair twice; `stamp` says
	 * which game a cell belongs to, so no cell is cleared between games. */
	int stamp[QV_LAB_MAX_COMPONENTS][QV_MAX_PLAYERS],
	    done[QV_LAB_MAX_COMPONENTS][QV_MAX_PLAYERS];
	double ga[QV_LAB_MAX_COMPONENTS][QV_MAX_PLAYERS], gc[QV_LAB_MAX_COMPONENTS][QV_MAX_PLAYERS];
	for (int k = 0; k < QV_LAB_MAX_COMPONENTS; k++)
		for (int s = 0; s < QV_MAX_PLAYERS; s++)
			stamp[k][s] = done[k][s] = -1;
	for (int i = main->first; i < main->first + main->games; i++) {
		const qv_lab_game *g = &games[i];
		for (int c = 0; c < g->ncomp; c++) {
			const qv_lab_count *e = &g->comp[c];
			if (stamp[e->item][e->seat] != i) {
				stamp[e->item][e->seat] = i;
				ga[e->item][e->seat] = gc[e->item][e->seat] = 0;
			}
			ga[e->item][e->seat] += e->available;
			gc[e->item][e->seat] += e->chosen;
			avail[e->item] += e->available;
			chosen[e->item] += e->chosen;
		}
		for (int c = 0; c < g->ncomp; c++) {
			int k = g->comp[c].item, s = g->comp[c].seat;
			if (done[k][s] == i)
				continue;
			done[k][s] = i;
			double x = score_of(g, s);
			if (ga[k][s] > 0) {
				dx[k] += x;
				dn[k]++;
			}
			if (gc[k][s] > 0) {
				px[k] += x;
				pn[k]++;
			}
		}
	}
	for (int k = 0; k < p->ncomponents; k++) {
		comp[k].play_rate = est_prop(chosen[k], avail[k]);
		comp[k].score_drawn = est_prop(dx[k], dn[k]);
		comp[k].score_played = est_prop(px[k], pn[k]);
	}
}

/* The causal figures of component k, and the |t| of its score tests (extremeness).
 * Ablation: the ablate arm of k against k's control arm (the study's variant on the same
 * seeds, qv_lab_game_seed), game j against game j: per seat, d = s_p(ablate) - s_p(control),
 * for each side's score (paired_sides, where the sides rotate), and the length in decisions,
 * each a paired test (paired_games). Restricted play: in the restrict arm of k, the seat of the
 * arm's agent 0 (forbidden k) against the mean score of the other seats (its unrestricted twins) of
 * the same game: d_i = s_r - mean s_twins per game, averaged over each rotation (in which every
 * seat is the forbidden one once, on one deal with `paired`: the rotations are the independent
 * units, and the games of one lean together), a paired test over the rotations (paired_delta;
 * two independent proportions overstated z by about sqrt(2) at two players, where the scores
 * sum to 1); its length against the control's (or main's, for a component without ablation:
 * games of other seeds), rotation means by Welch's t: a reference of each component's own, as
 * for ablation, so that one arm's luck is not every component's. A component without those
 * arms has no tests. */
static void causes(const qv_lab_plan *p, const qv_lab_game *games, const qv_lab_arm *main, int k,
                   qv_lab_component *c)
{
	int n = main->players;
	const qv_lab_arm *ab = find_arm(p, QV_LAB_ABLATE, n, k);
	const qv_lab_arm *ct = find_arm(p, QV_LAB_CONTROL, n, k);
	const qv_lab_arm *re = find_arm(p, QV_LAB_RESTRICT, n, k);
	double z;
	c->extremeness = 0;
	c->gap_without = NAN;
	c->unbalance = c->strength = -1;
	for (int s = 0; s < QV_MAX_PLAYERS; s++)
		c->ablate_seat[s] = c->ablate_side[s] = no_test;
	c->ablate_length = c->restrict_score = c->restrict_length = no_test;
	if (ab && ct && ab->games > 0 && ct->games > 0) {
		c->unbalance = 0;
		for (int s = 0; s < n; s++) {
			c->ablate_seat[s] = paired_games(games, ab, ct, fig_score, s, &z);
			if (fabs(z) > c->unbalance)
				c->unbalance = fabs(z);
		}
		for (int d = 0; p->nsides == 2 && n == 2 && d < 2; d++) {
			c->ablate_side[d] = paired_sides(p, games, ab, ct, d, &z);
			if (fabs(z) > c->unbalance)
				c->unbalance = fabs(z);
		}
		c->extremeness = c->unbalance;
		tally at;
		qv_lab_outcomes o;
		tally_arm(games, ab, n, &at);
		outcomes(&at, n, &o);
		c->gap_without = o.fairness_gap;
		c->ablate_length = paired_games(games, ab, ct, fig_length, 0, &z);
	}
	if (re && re->games > 0) {
		qv_moments d = {0};
		int r = qv_lab_rotation(re);
		for (int j = 0; j < re->games; j += r) {
			double sum = 0;
			int m = 0;
			for (; m < r && j + m < re->games; m++) {
				const qv_lab_game *g = &games[re->first + j + m];
				double xr = 0, twins = 0;
				int ntwins = 0;
				for (int s = 0; s < n; s++) {
					if (g->agent[s] == 0)
						xr += score_of(g, s);
					else {
						twins += score_of(g, s);
						ntwins++;
					}
				}
				sum += xr - (ntwins > 0 ? twins / ntwins : 0);
			}
			qv_moments_add(&d, sum / m);
		}
		c->restrict_score = paired_delta(&d, &z);
		c->strength = z == z ? fabs(z) : 0;
		if (c->strength > c->extremeness)
			c->extremeness = c->strength;
		qv_moments rl, ml;
		lengths_of(games, re, &rl);
		lengths_of(games, ct && ct->games > 0 ? ct : main, &ml);
		c->restrict_length = mean_delta(&rl, &ml);
	}
}

/* Benjamini-Hochberg at QV_LAB_Q over the tests of one family (those with a p). */
static void flag_family(qv_lab_delta **tests, int nt)
{
	double pv[LAB_TESTS] = {0};
	bool flagged[LAB_TESTS] = {false};
	for (int t = 0; t < nt; t++)
		pv[t] = tests[t]->p;
	qv_benjamini_hochberg(pv, nt, QV_LAB_Q, flagged);
	for (int t = 0; t < nt; t++)
		tests[t]->flagged = flagged[t];
}

/* Puts component k into list[0 .. *n) by key, largest first (stable: ties keep the index
 * order). */
static void rank_into(const qv_lab_section *sec, int *list, int *n, int k,
                      double (*key)(const qv_lab_component *))
{
	int at = (*n)++;
	while (at > 0 && key(&sec->component[list[at - 1]]) < key(&sec->component[k])) {
		list[at] = list[at - 1];
		at--;
	}
	list[at] = k;
}

static double key_extremeness(const qv_lab_component *c) { return c->extremeness; }
static double key_unbalance(const qv_lab_component *c) { return c->unbalance; }
static double key_strength(const qv_lab_component *c) { return c->strength; }

/* Benjamini-Hochberg at QV_LAB_Q within each of three families, one per question: the
 * ablations' seat and side tests (unbalancing), restricted play's score tests (strongest), and the
 * lengths (of both); a component is flagged when any of its tests is. Then the lists: `order`
 * (every component, the largest |t| of its score tests first), `unbalancing` (components with
 * an ablation, by their largest seat or side |t|) and `strongest` (with restricted play, by its
 * |t|). */
static void flag_and_order(const qv_lab_plan *p, qv_lab_section *sec)
{
	qv_lab_delta *seats[LAB_TESTS], *scores[LAB_TESTS], *lengths[LAB_TESTS];
	int ns = 0, nr = 0, nl = 0, n = sec->players;
	for (int k = 0; k < p->ncomponents; k++) {
		qv_lab_component *c = &sec->component[k];
		for (int s = 0; s < n; s++)
			seats[ns++] = &c->ablate_seat[s];
		for (int d = 0; d < p->nsides && d < QV_MAX_PLAYERS; d++)
			seats[ns++] = &c->ablate_side[d];
		scores[nr++] = &c->restrict_score;
		lengths[nl++] = &c->ablate_length;
		lengths[nl++] = &c->restrict_length;
	}
	flag_family(seats, ns);
	flag_family(scores, nr);
	flag_family(lengths, nl);
	sec->nunbalancing = sec->nstrongest = 0;
	int norder = 0;
	for (int k = 0; k < p->ncomponents; k++) {
		qv_lab_component *c = &sec->component[k];
		c->flagged = c->ablate_length.flagged || c->restrict_score.flagged ||
		             c->restrict_length.flagged;
		for (int s = 0; s < n; s++)
			c->flagged = c->flagged || c->ablate_seat[s].flagged;
		for (int d = 0; d < p->nsides && d < QV_MAX_PLAYERS; d++)
			c->flagged = c->flagged || c->ablate_side[d].flagged;
		rank_into(sec, sec->order, &norder, k, key_extremeness);
		if (c->unbalance >= 0)
			rank_into(sec, sec->unbalancing, &sec->nunbalancing, k, key_unbalance);
		if (c->strength >= 0)
			rank_into(sec, sec->strongest, &sec->nstrongest, k, key_strength);
	}
}

/* ---- board use ---- */

/* The board comes from a state of the game set up as the main games were (the study's
 * parameters, N players, the variant), so that the squares the lines count index it. The heat
 * map sums, per seat and square, the times the main games touched it; a board of more than
 * QV_LAB_MAX_SQUARES squares gets none. */
static qv_status board(const qv_lab_plan *p, const qv_lab_game *games, const qv_lab_arm *main,
                       qv_lab_section *sec, qv_err *err)
{
	const qv_game *g = p->cfg.game;
	if (!g->components || !g->components->board)
		return QV_OK;
	qv_params params = p->cfg.params;
	char players[16];
	snprintf(players, sizeof players, "%d", sec->players);
	const qv_variant *v = p->cfg.variant;
	qv_status rc = QV_OK;
	/* A game for two players only (ConCardia, Evons) has no `players` parameter. */
	if (qv_param_find(g->params, g->nparams, "players"))
		rc = qv_params_set(&params, "players", players, err);
	if (rc == QV_OK)
		rc = qv_params_set(&params, "variant", v->builtin ? "base" : v->sha256, err);
	if (rc != QV_OK)
		return rc;
	void *st = malloc(g->state_size);
	if (!st)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	rc = g->init(st, &params, 0, err);
	if (rc == QV_OK)
		g->components->board(st, &sec->board);
	free(st);
	if (rc != QV_OK)
		return rc;
	int squares = sec->board.w * sec->board.h;
	if (sec->board.w <= 0 || sec->board.h <= 0 || squares > QV_LAB_MAX_SQUARES)
		return QV_OK;
	sec->heat = calloc((size_t)(sec->players * squares), sizeof *sec->heat);
	if (!sec->heat)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	for (int i = main->first; i < main->first + main->games; i++)
		for (int c = 0; c < games[i].nsquare; c++) {
			const qv_lab_count *e = &games[i].square[c];
			if (e->item >= squares)
				return qv_fail(err, QV_EINVAL,
				               "game %d: square %d; the board has %d", i, e->item,
				               squares);
			sec->heat[e->seat * squares + e->item] += e->chosen;
		}
	return QV_OK;
}

/* ---- the comparison with a baseline ---- */

static void compare_row(qv_lab_section *sec, const char *metric, double variant, double base,
                        qv_lab_delta d)
{
	qv_lab_compare *c = &sec->compare[sec->ncompare++];
	c->metric = metric;
	c->variant = variant;
	c->baseline = base;
	c->delta = d;
}

static double share(double x, double n) { return n > 0 ? x / n : NAN; }

static void compare_prop(qv_lab_section *sec, const char *metric, double x1, double n1, double x2,
                         double n2)
{
	double z;
	compare_row(sec, metric, n1 > 0 ? x1 / n1 : NAN, n2 > 0 ? x2 / n2 : NAN,
	            prop_delta(x1, n1, x2, n2, &z));
}

/* Figures derived from several proportions (the fairness gap, balance, branching) have no
 * interval of their own here: their difference only. */
static void compare_derived(qv_lab_section *sec, const char *metric, double variant, double base)
{
	qv_lab_delta d = {variant - base, {NAN, NAN}, NAN, false};
	compare_row(sec, metric, variant, base, d);
}

/* A row whose difference is tested game by game: the baseline's game j played with the seeds
 * of the variant's game j (qv_lab_game_seed). */
static void compare_paired(qv_lab_section *sec, const char *metric, double variant, double base,
                           const qv_lab_game *games, const qv_lab_arm *const arms[2], game_figure f,
                           int arg)
{
	double t;
	compare_row(sec, metric, variant, base, paired_games(games, arms[0], arms[1], f, arg, &t));
}

/* Every row is the variant minus the baseline. The seat scores, completion, timeouts and the
 * mean length are tested game by game (paired t over the games of the same seeds).
 * Drawishness (over the uncapped games of each) as two proportions, with Newcombe's interval
 * and a z p-value. Decision moves and the derived figures get the difference only: a test
 * over positions said p < 0.05 in 38% of A/A studies (a game's positions are not independent
 * trials), and one over each game's share 7 to 10% with ConCardia's decks rotating
 * (tests/lab/calibration.c): no p is shown that is not calibrated. None takes part in
 * Benjamini-Hochberg. */
static void compare(const qv_lab_game *games, const qv_lab_arm *const arms[2], const tally t[2],
                    qv_lab_section *sec)
{
	static const char *const seat_rows[QV_MAX_PLAYERS] = {
	    "seat 1 score", "seat 2 score", "seat 3 score", "seat 4 score", "seat 5 score",
	};
	const qv_lab_outcomes *o[2] = {&sec->outcomes, &sec->baseline_outcomes};
	const qv_lab_length *l[2] = {&sec->length, &sec->baseline_length};
	sec->ncompare = 0;
	for (int s = 0; s < sec->players; s++)
		compare_paired(sec, seat_rows[s], share(t[0].score[s], t[0].games),
		               share(t[1].score[s], t[1].games), games, arms, fig_score, s);
	compare_derived(sec, "fairness gap", o[0]->fairness_gap, o[1]->fairness_gap);
	compare_derived(sec, "balance", o[0]->balance, o[1]->balance);
	compare_paired(sec, "completion", share(t[0].winners, t[0].games),
	               share(t[1].winners, t[1].games), games, arms, fig_won, 0);
	compare_prop(sec, "drawishness", t[0].shared, t[0].uncapped, t[1].shared, t[1].uncapped);
	compare_paired(sec, "timeouts", share(t[0].capped, t[0].games),
	               share(t[1].capped, t[1].games), games, arms, fig_capped, 0);
	compare_row(sec, "mean length", l[0]->turns.v, l[1]->turns.v,
	            paired_games(games, arms[0], arms[1], fig_length, 0, &(double){0}));
	compare_derived(sec, "decision moves", share(t[0].decisions, t[0].positions),
	                share(t[1].decisions, t[1].positions));
	compare_derived(sec, "branching per decision", l[0]->branching_decision,
	                l[1]->branching_decision);
}

/* ---- the reproduction block ---- */

/* The first (up to 8) capped main games, and the 8 longest (most decisions, the lower index
 * first among equals), longest first: the records worth replaying. */
static void reproduction(const qv_lab_game *games, const qv_lab_arm *main, qv_lab_section *sec)
{
	int max = (int)(sizeof sec->longest_games / sizeof sec->longest_games[0]);
	sec->ncapped_games = sec->nlongest_games = 0;
	for (int i = main->first; i < main->first + main->games; i++) {
		if (games[i].capped && sec->ncapped_games < max)
			sec->capped_games[sec->ncapped_games++] = i;
		int at = sec->nlongest_games;
		while (at > 0 && games[sec->longest_games[at - 1]].decisions < games[i].decisions)
			at--;
		if (at == max)
			continue;
		int last = sec->nlongest_games < max ? sec->nlongest_games++ : max - 1;
		for (int j = last; j > at; j--)
			sec->longest_games[j] = sec->longest_games[j - 1];
		sec->longest_games[at] = i;
	}
}

/* ---- sides ---- */

/* Side k's score: over the main games, the score of the seat that held it (seat k, or the
 * other in a swapped game), a proportion over the games with its Wilson interval. The sides
 * sit in each seat equally often, so a seat's advantage leaves the sides' apart equal, and a
 * side's leaves the seats'. */
static void sides(const qv_lab_plan *p, const qv_lab_game *games, const qv_lab_arm *main,
                  qv_lab_section *sec)
{
	for (int k = 0; k < QV_MAX_PLAYERS; k++)
		sec->side_score[k] = (qv_lab_est){NAN, {NAN, NAN}, 0};
	if (p->nsides != 2 || main->players != 2)
		return;
	for (int k = 0; k < 2; k++) {
		double x = 0;
		for (int i = main->first; i < main->first + main->games; i++)
			x += score_of(&games[i], qv_lab_swapped(p, i) ? 1 - k : k);
		sec->side_score[k] = est_prop(x, main->games);
	}
}

/* ---- power ---- */

#define LAB_Z80 0.8416212335729143 /* the 0.8 quantile of the normal distribution */

/* The effect a test with this 95% interval detects 80% of the time: (z 0.975 + z 0.8)
 * standard errors, the standard error read from the interval's half-width. */
static double detectable(const qv_lab_delta *d)
{
	double half = (d->ci.hi - d->ci.lo) / 2;
	return d->p == d->p && half == half ? (QV_Z95 + LAB_Z80) * half / QV_Z95 : NAN;
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

/* ---- one section: the rows of sections.c ---- */

struct qv__lab_sources {
	const qv_lab_plan *p;
	const qv_lab_game *games;
	const qv_lab_arm *arms[2]; /* main, baseline (NULL: none) */
	tally t[2];                /* their sums */
};

qv_status qv__lab_compute_outcomes(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	outcomes(&src->t[0], sec->players, &sec->outcomes);
	return QV_OK;
}

qv_status qv__lab_compute_sides(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	sides(src->p, src->games, src->arms[0], sec);
	return QV_OK;
}

qv_status qv__lab_compute_baseline_outcomes(const qv__lab_sources *src, qv_lab_section *sec,
                                            qv_err *err)
{
	(void)err;
	outcomes(&src->t[1], sec->players, &sec->baseline_outcomes);
	return QV_OK;
}

/* The length of the main games and of the baseline's, their histograms on shared bins. */
qv_status qv__lab_compute_length(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	length(src->games, src->arms[0], &src->t[0], &sec->length);
	length(src->games, src->arms[1], &src->t[1], &sec->baseline_length);
	qv_lab_length *l[2] = {&sec->length, &sec->baseline_length};
	histograms(src->games, src->arms, src->t, l);
	return QV_OK;
}

qv_status qv__lab_compute_tension(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	tension(src->games, src->arms[0], &sec->tension);
	return QV_OK;
}

qv_status qv__lab_compute_ladder(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	return ladder(src->p, src->games, sec, err);
}

qv_status qv__lab_compute_agents(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	agents(src->games, src->arms[0], sec);
	return QV_OK;
}

/* The components (allocated here, freed by qv_lab_report_free): play rates, causes, flags and
 * the three lists. */
qv_status qv__lab_compute_components(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	const qv_lab_plan *p = src->p;
	if (p->ncomponents > 0) {
		sec->component = calloc((size_t)p->ncomponents, sizeof *sec->component);
		if (!sec->component)
			return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	for (int k = 0; k < p->ncomponents; k++)
		snprintf(sec->component[k].id, sizeof sec->component[k].id, "%s", p->component[k]);
	if (p->ncomponents > 0) {
		play_rates(p, src->games, src->arms[0], sec->component);
		for (int k = 0; k < p->ncomponents; k++)
			causes(p, src->games, src->arms[0], k, &sec->component[k]);
	}
	flag_and_order(p, sec);
	return QV_OK;
}

qv_status qv__lab_compute_power(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	power(src->p, sec);
	return QV_OK;
}

qv_status qv__lab_compute_board(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	return board(src->p, src->games, src->arms[0], sec, err);
}

qv_status qv__lab_compute_compare(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	if (src->arms[1])
		compare(src->games, src->arms, src->t, sec);
	return QV_OK;
}

qv_status qv__lab_compute_reproduction(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	reproduction(src->games, src->arms[0], sec);
	return QV_OK;
}

/* The section of sec->players: the sums of its main and baseline arms, then every row of the
 * table that computes something, in the table's order. */
static qv_status section(const qv_lab_plan *p, const qv_lab_game *games, qv_lab_section *sec,
                         qv_err *err)
{
	int n = sec->players;
	qv__lab_sources src = {.p = p, .games = games};
	src.arms[0] = find_arm(p, QV_LAB_MAIN, n, -1);
	src.arms[1] = find_arm(p, QV_LAB_BASELINE, n, -1);
	if (!src.arms[0])
		return qv_fail(err, QV_EINVAL, "the plan has no main arm for %d players", n);
	tally_arm(games, src.arms[0], n, &src.t[0]);
	tally_arm(games, src.arms[1], n, &src.t[1]);
	for (int r = 0; r < qv__lab_nrows; r++) {
		qv_status rc =
		    qv__lab_rows[r].compute ? qv__lab_rows[r].compute(&src, sec, err) : QV_OK;
		if (rc != QV_OK)
			return rc;
	}
	return QV_OK;
}

qv_status qv_lab_compute(const qv_lab_plan *p, const qv_lab_game *games, qv_lab_report *out,
                         qv_err *err)
{
	memset(out, 0, sizeof *out);
	out->plan = p;
	qv_status rc = check_games(p, games, err);
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
