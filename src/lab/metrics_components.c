/*
 * metrics_components.c - the row `components` of a report's sections (sections.c): each
 * component's causes (ablation against its control
 * arm, restricted play against the twins of the same games) with their tests, the flags of
 * Benjamini-Hochberg within each list, and the lists `order`, `unbalancing` and `strongest`.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab/metrics.h"

/* Tests of one section: per component, a seat score per seat, a length and the restricted
 * seat's score and length. */
#define LAB_TESTS (QV_LAB_MAX_COMPONENTS * (QV_MAX_PLAYERS + 3))

/* ---- the tests ---- */

/* A difference of mean lengths a - b of independent games with Welch's interval and the
 * two-sided p of Welch's t = d / se against Student's t with the interval's degrees of freedom
 * (rounded down, as qv_welch's interval: p < 0.05 exactly when the interval leaves 0 out).
 * With se 0 (no spread in either sample) p is 1 for d = 0 and 0 otherwise; no test when a
 * sample has fewer than two games (its spread unknown). */
static qv_lab_delta mean_delta(const qv_moments *a, const qv_moments *b)
{
	if (a->n < 2 || b->n < 2)
		return qv__lab_no_test;
	qv_welch_result w = qv_welch(a, b);
	qv_lab_delta r = {w.d, w.ci, NAN, false, a->n};
	if (w.se > 0)
		r.p = qv_t_p_two_sided(w.d / w.se, floor(w.df) < 1 ? 1 : floor(w.df));
	else
		r.p = w.d == 0 ? 1 : 0;
	return r;
}

/* The mean length of each rotation of arm into m (qv_lab_rotation: the games of one may share
 * their chance, so they are one unit; a last rotation cut short, as in a partial shard, is one
 * too). */
static void lengths_of(const qv__lab_sources *src, const qv_lab_arm *arm, qv_moments *m)
{
	int r = qv_lab_rotation(arm), n = 0;
	double sum = 0;
	qv__lab_scan s;
	for (const qv_lab_game *g = qv__lab_scan_first(&s, src, arm); g;
	     g = qv__lab_scan_next(&s)) {
		sum += g->decisions;
		if (++n == r) {
			qv_moments_add(m, sum / n);
			sum = 0;
			n = 0;
		}
	}
	qv__lab_scan_end(&s);
	if (n > 0)
		qv_moments_add(m, sum / n);
}

/* ---- what it causes ---- */

/* Game j of arm a beside game j of arm b, for every j below both arms' games: their scans in
 * step (an ablation against its control, restricted play against its twin). */
typedef struct lockstep {
	qv__lab_scan sa, sb;
	const qv_lab_game *x, *y; /* game j of a, of b */
	int j, pairs;
} lockstep;

/* The first pair into w->x and w->y; false when there is none. lockstep_end releases w after
 * either. */
static bool lockstep_first(lockstep *w, const qv__lab_sources *src, const qv_lab_arm *a,
                           const qv_lab_arm *b)
{
	w->j = 0;
	w->pairs = a->games < b->games ? a->games : b->games;
	w->x = qv__lab_scan_first(&w->sa, src, a);
	w->y = qv__lab_scan_first(&w->sb, src, b);
	return w->pairs > 0 && w->x && w->y;
}

/* The next pair; false after the last. */
static bool lockstep_next(lockstep *w)
{
	if (++w->j >= w->pairs)
		return false;
	w->x = qv__lab_scan_next(&w->sa);
	w->y = qv__lab_scan_next(&w->sb);
	return w->x && w->y;
}

static void lockstep_end(lockstep *w)
{
	qv__lab_scan_end(&w->sa);
	qv__lab_scan_end(&w->sb);
}

/* The sums of an ablation's pairs (a control game and the ablate game of its seeds): the
 * paired differences of each seat's score, each side's and the length, and each arm's seat and
 * side scores for the gaps with and without the component, over the same games. */
typedef struct pair_sums {
	qv_moments seat[QV_MAX_PLAYERS], side[2], len;
	double with[QV_MAX_PLAYERS], without[QV_MAX_PLAYERS], side_with[2], side_without[2];
	int pairs;
} pair_sums;

/* The pairs of ablate arm ab and its control arm ct (qv_lab_control_of), game j against game
 * j, into m: one pass over both arms. */
static void add_pairs(const qv__lab_sources *src, const qv_lab_arm *ab, const qv_lab_arm *ct,
                      pair_sums *m)
{
	const qv_lab_plan *p = src->p;
	int n = ab->players;
	bool sides = p->nsides == 2 && n == 2;
	lockstep w;
	for (bool more = lockstep_first(&w, src, ab, ct); more; more = lockstep_next(&w)) {
		const qv_lab_game *x = w.x, *y = w.y;
		for (int s = 0; s < n; s++) {
			double a = qv__lab_score_of(x, s), b = qv__lab_score_of(y, s);
			qv_moments_add(&m->seat[s], a - b);
			m->without[s] += a;
			m->with[s] += b;
		}
		for (int d = 0; sides && d < 2; d++) {
			double a = qv__lab_side_score_of(p, x, d),
			       b = qv__lab_side_score_of(p, y, d);
			qv_moments_add(&m->side[d], a - b);
			m->side_without[d] += a;
			m->side_with[d] += b;
		}
		qv_moments_add(&m->len, (double)x->decisions - y->decisions);
		m->pairs++;
	}
	lockstep_end(&w);
}

/* The largest distance of n mean scores (sums over `games`) from a fair share of 1/n: the
 * fairness gap of those games; NAN without games. */
static double gap_of(const double *sum, int n, int games)
{
	if (games <= 0)
		return NAN;
	double gap = 0;
	for (int s = 0; s < n; s++)
		gap = fmax(gap, fabs(sum[s] / games - 1.0 / n));
	return gap;
}

/* Ablation: every ablate arm of component k (one per round of an adaptive study) against its
 * control arm (the study's variant on the same seeds, qv_lab_game_seed), game j against game
 * j: per seat, d = s_p(ablate) - s_p(control), for each side's score where the sides rotate,
 * and the length in decisions, each a paired test over all the pairs; the fairness gaps of the
 * same control and ablate games. *unbalance is the largest |t| of its seat and side tests. */
static void ablation(const qv__lab_sources *src, int n, int k, qv_lab_component *c)
{
	const qv_lab_plan *p = src->p;
	bool sides = p->nsides == 2 && n == 2;
	pair_sums m = {0};
	for (int a = 0; a < p->narms; a++) {
		const qv_lab_arm *ab = &p->arm[a];
		if (ab->kind != QV_LAB_ABLATE || ab->players != n || ab->component != k)
			continue;
		const qv_lab_arm *ct = qv_lab_control_of(p, ab);
		if (ct && ab->games > 0 && ct->games > 0)
			add_pairs(src, ab, ct, &m);
	}
	if (m.pairs == 0)
		return;
	double z;
	c->unbalance = 0;
	for (int s = 0; s < n; s++) {
		c->ablate_seat[s] = qv__lab_paired_delta(&m.seat[s], &z);
		if (fabs(z) > c->unbalance)
			c->unbalance = fabs(z);
	}
	for (int d = 0; sides && d < 2; d++) {
		c->ablate_side[d] = qv__lab_paired_delta(&m.side[d], &z);
		if (fabs(z) > c->unbalance)
			c->unbalance = fabs(z);
	}
	c->ablate_length = qv__lab_paired_delta(&m.len, &z);
	c->gap_with = gap_of(m.with, n, m.pairs);
	c->gap_without = gap_of(m.without, n, m.pairs);
	if (sides) {
		c->side_gap_with = gap_of(m.side_with, 2, m.pairs);
		c->side_gap_without = gap_of(m.side_without, 2, m.pairs);
	}
}

/* The copies of component k seat q held as game g started (qv_lab_game.held). */
static int held_copies(const qv_lab_game *g, int q, int k)
{
	int copies = 0;
	for (int i = 0; i < g->nheld; i++)
		if (g->held[i].seat == q && g->held[i].item == k)
			copies += (int)g->held[i].chosen;
	return copies;
}

/* One rotation of restricted play seen from the holders (qv_lab_component.restrict_holder):
 * the scores of the forbidden seats that held the component and their count, with the copies
 * they held; the scores of the unrestricted seats that held it and their count. */
typedef struct holders {
	double r, copies, u;
	int nr, nu;
} holders;

/* A rotation's holder difference into m, per copy: the forbidden holders' mean score minus the
 * unrestricted holders' mean, over the forbidden holders' mean copies; none when either kind
 * of holder is missing. Where the decks rotate, a card of one deck is held by the forbidden
 * seat in one game and by its twin in the other, on the same seat: the deck's score then
 * against itself, so that neither the deck's strength nor the seat's enters the difference.
 * Clears h. */
static void holders_add(holders *h, qv_moments *m)
{
	if (h->nr > 0 && h->nu > 0 && h->copies > 0)
		qv_moments_add(m, (h->r / h->nr - h->u / h->nu) / (h->copies / h->nr));
	*h = (holders){0};
}

/* One restrict arm re of component k without a twin (a study of several agents) into d (the
 * rotations' score differences) and dh (their holder differences, per copy): in each game, the
 * seat of the arm's agent 0 (forbidden the component) against the mean score of the other
 * seats, unrestricted: d_i = s_r - mean s_others, averaged over each rotation (in which every
 * seat is the forbidden one once, on one deal with `paired`: the rotations are the independent
 * units, and the games of one lean together). */
static void add_rotations(const qv__lab_sources *src, const qv_lab_arm *re, int k, qv_moments *d,
                          qv_moments *dh)
{
	int n = re->players, r = qv_lab_rotation(re), m = 0;
	double sum = 0;
	holders h = {0};
	qv__lab_scan s;
	for (const qv_lab_game *g = qv__lab_scan_first(&s, src, re); g; g = qv__lab_scan_next(&s)) {
		double xr = 0, twins = 0;
		int ntwins = 0;
		for (int q = 0; q < n; q++) {
			int copies = held_copies(g, q, k);
			double x = qv__lab_score_of(g, q);
			if (g->agent[q] == 0) {
				xr += x;
				h.r += copies > 0 ? x : 0;
				h.nr += copies > 0;
				h.copies += copies;
			} else {
				twins += x;
				ntwins++;
				h.u += copies > 0 ? x : 0;
				h.nu += copies > 0;
			}
		}
		sum += xr - (ntwins > 0 ? twins / ntwins : 0);
		if (++m == r) {
			qv_moments_add(d, sum / m);
			holders_add(&h, dh);
			sum = 0;
			m = 0;
		}
	}
	qv__lab_scan_end(&s);
	if (m > 0)
		qv_moments_add(d, sum / m);
	holders_add(&h, dh);
}

/* One restrict arm re of component k against its twin ct (qv_lab_twin_of: the same seeds, no
 * seat forbidden) into d and dh as add_rotations does, the forbidden seat's score against its
 * own in the twin game: d_j = s_q(re, j) - s_q(ct, j). The two games are alike until the
 * forbidden seat would have played the component, and a seat that never held it plays the
 * same game twice: the difference is the restriction's alone, without the other seats' luck. */
static void add_twins(const qv__lab_sources *src, const qv_lab_arm *re, const qv_lab_arm *ct, int k,
                      qv_moments *d, qv_moments *dh)
{
	int n = re->players, r = qv_lab_rotation(re), m = 0;
	double sum = 0;
	holders h = {0};
	lockstep w;
	for (bool more = lockstep_first(&w, src, re, ct); more; more = lockstep_next(&w)) {
		const qv_lab_game *x = w.x, *y = w.y;
		for (int q = 0; q < n; q++) {
			if (x->agent[q] != 0)
				continue;
			double a = qv__lab_score_of(x, q), b = qv__lab_score_of(y, q);
			int copies = held_copies(x, q, k);
			sum += a - b;
			if (copies > 0) {
				h.r += a;
				h.u += b;
				h.nr++;
				h.nu++;
				h.copies += copies;
			}
		}
		if (++m == r) {
			qv_moments_add(d, sum / m);
			holders_add(&h, dh);
			sum = 0;
			m = 0;
		}
	}
	lockstep_end(&w);
	if (m > 0)
		qv_moments_add(d, sum / m);
	holders_add(&h, dh);
}

/* Restricted play: every restrict arm of component k (add_twins, or add_rotations where it has
 * no twin), a paired test over the rotations (two independent proportions overstated z by
 * about sqrt(2) at two players, where the scores sum to 1); its length against the reference
 * arms' (k's control arms, or the main arm for a component without ablation: games of other
 * seeds), rotation means by Welch's t: a reference of each component's own, as for ablation,
 * so that one arm's luck is not every component's. */
static void restricted(const qv__lab_sources *src, int n, int k, qv_lab_component *c)
{
	const qv_lab_plan *p = src->p;
	qv_moments d = {0}, dh = {0}, rl = {0}, ml = {0};
	bool controls = false;
	for (int a = 0; a < p->narms; a++) {
		const qv_lab_arm *arm = &p->arm[a];
		if (arm->players != n || arm->component != k || arm->games <= 0)
			continue;
		if (arm->kind == QV_LAB_RESTRICT) {
			const qv_lab_arm *twin = qv_lab_twin_of(p, arm);
			if (twin && twin->games > 0)
				add_twins(src, arm, twin, k, &d, &dh);
			else
				add_rotations(src, arm, k, &d, &dh);
			lengths_of(src, arm, &rl);
		} else if (arm->kind == QV_LAB_CONTROL) {
			lengths_of(src, arm, &ml);
			controls = true;
		}
	}
	if (d.n == 0)
		return;
	if (!controls)
		lengths_of(src, src->arms[0], &ml);
	double z;
	c->restrict_score = qv__lab_paired_delta(&d, &z);
	c->restrict_t = z == z ? fabs(z) : 0;
	c->restrict_holder = qv__lab_paired_delta(&dh, &z);
	/* strongest: the largest loss the holder's interval assures, per copy */
	const qv_lab_delta *by =
	    qv__lab_tested(&c->restrict_holder) ? &c->restrict_holder : &c->restrict_score;
	/* a restriction that changed no game (its twins replayed: d = 0 with no spread) assures
	 * no loss and is last, not above every loss whose interval reaches past zero */
	bool replayed = by->d == 0 && by->ci.lo == 0 && by->ci.hi == 0;
	c->strength_key = qv__lab_tested(by) && !replayed ? -by->ci.hi : -INFINITY;
	c->restrict_length = mean_delta(&rl, &ml);
}

/* The causal figures of component k, and the |t| of its score tests (extremeness). A
 * component without those arms has no tests. */
static void causes(const qv__lab_sources *src, int k, qv_lab_component *c)
{
	int n = src->arms[0]->players;
	c->extremeness = 0;
	c->gap_with = c->gap_without = c->side_gap_with = c->side_gap_without = NAN;
	c->unbalance = c->restrict_t = -1;
	c->strength_key = -INFINITY;
	for (int s = 0; s < QV_MAX_PLAYERS; s++)
		c->ablate_seat[s] = c->ablate_side[s] = qv__lab_no_test;
	c->ablate_length = c->restrict_score = c->restrict_length = qv__lab_no_test;
	c->restrict_holder = qv__lab_no_test;
	ablation(src, n, k, c);
	if (c->unbalance >= 0)
		c->extremeness = c->unbalance;
	restricted(src, n, k, c);
	if (c->restrict_t > c->extremeness)
		c->extremeness = c->restrict_t;
}

/* ---- flags and lists ---- */

/* Whether d's interval lies wholly beyond +-margin (for margin 0: leaves 0 out). */
static bool beyond(const qv_lab_delta *d, double margin)
{
	return d->ci.lo > margin || d->ci.hi < -margin;
}

/* Whether d's interval lies wholly inside +-margin: equivalence by two one-sided tests, each
 * at 2.5% (the 95% interval; a component that replays its control's games is within any). */
static bool within(const qv_lab_delta *d, double margin)
{
	return d->ci.lo >= -margin && d->ci.hi <= margin;
}

/* Benjamini-Hochberg at QV_LAB_Q over the tests of one family (those with a p); a test it
 * flags stays flagged only when its interval lies beyond +-margin. At the scale of a whole
 * set, hundreds of games per arm make effects of a tenth of a decision significant: the
 * margin is what the designer counts as an effect at all. */
static void flag_family(qv_lab_delta **tests, int nt, double margin)
{
	double pv[LAB_TESTS] = {0};
	bool flagged[LAB_TESTS] = {false};
	for (int t = 0; t < nt; t++)
		pv[t] = tests[t]->p;
	qv_benjamini_hochberg(pv, nt, QV_LAB_Q, flagged);
	for (int t = 0; t < nt; t++)
		tests[t]->flagged = flagged[t] && beyond(tests[t], margin);
}

/* The verdict of n tests on one question: beyond the margin when one is flagged, within it
 * when every test run lies inside, untested when none ran, unsettled otherwise. */
static qv_lab_verdict verdict(const qv_lab_delta *const *tests, int n, double margin)
{
	int tested = 0, inside = 0;
	for (int t = 0; t < n; t++) {
		if (tests[t]->flagged)
			return QV_LAB_BEYOND;
		if (tests[t]->p == tests[t]->p) {
			tested++;
			inside += within(tests[t], margin);
		}
	}
	return tested == 0 ? QV_LAB_UNTESTED : inside == tested ? QV_LAB_WITHIN : QV_LAB_UNSETTLED;
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
static double key_rebalance(const qv_lab_component *c) { return c->rebalance; }

/* Each component's rebalance (lab.h): the favoured side and seat are the main games' (the
 * highest score; the first among equals). A component whose removal brings the favoured
 * deck down is what made the decks unequal; one whose removal lifts it further (a weak card
 * of the favoured deck) is not, however large its effect. */
static void rebalance(const qv_lab_plan *p, qv_lab_section *sec)
{
	int fs = 0, fd = 0;
	for (int s = 1; s < sec->players; s++)
		if (sec->outcomes.seat[s].v > sec->outcomes.seat[fs].v)
			fs = s;
	bool sides = p->nsides == 2 && sec->players == 2;
	if (sides && sec->side_score[1].v > sec->side_score[0].v)
		fd = 1;
	for (int k = 0; k < p->ncomponents; k++) {
		qv_lab_component *c = &sec->component[k];
		c->rebalance = -INFINITY;
		c->rebalance_by = -1;
		if (qv__lab_tested(&c->ablate_seat[fs])) {
			c->rebalance = -c->ablate_seat[fs].ci.hi;
			c->rebalance_by = fs;
		}
		if (sides && qv__lab_tested(&c->ablate_side[fd]) &&
		    -c->ablate_side[fd].ci.hi > c->rebalance) {
			c->rebalance = -c->ablate_side[fd].ci.hi;
			c->rebalance_by = QV_MAX_PLAYERS + fd;
		}
	}
}

static double key_strength(const qv_lab_component *c) { return c->strength_key; }

/* Benjamini-Hochberg at QV_LAB_Q within each of three families, one per question: the
 * ablations' seat and side tests (unbalancing), restricted play's score tests (strongest), and the
 * lengths (of both), each flag kept only beyond the study's margin; each component gets a
 * verdict on each question, and is flagged when its balance verdict is beyond the margin.
 * Then the lists: `order` (every component, the largest |t| of its score tests first),
 * `unbalancing` (components with an ablation, by their rebalance) and `strongest` (with
 * restricted play, by their strength). */
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
	const qv_lab_config *cfg = &p->cfg;
	flag_family(seats, ns, cfg->margin_score);
	flag_family(scores, nr, cfg->margin_score);
	flag_family(lengths, nl, cfg->margin_length);
	rebalance(p, sec);
	sec->nunbalancing = sec->nstrongest = 0;
	int norder = 0;
	for (int k = 0; k < p->ncomponents; k++) {
		qv_lab_component *c = &sec->component[k];
		const qv_lab_delta *bal[2 * QV_MAX_PLAYERS],
		    *strong[1] = {&c->restrict_score},
		    *len[2] = {&c->ablate_length, &c->restrict_length};
		int nb = 0;
		for (int s = 0; s < n; s++)
			bal[nb++] = &c->ablate_seat[s];
		for (int d = 0; d < p->nsides && d < QV_MAX_PLAYERS; d++)
			bal[nb++] = &c->ablate_side[d];
		c->balance = verdict(bal, nb, cfg->margin_score);
		c->strength = verdict(strong, 1, cfg->margin_score);
		c->length = verdict(len, 2, cfg->margin_length);
		c->flagged = c->balance == QV_LAB_BEYOND;
		rank_into(sec, sec->order, &norder, k, key_extremeness);
		if (c->unbalance >= 0)
			rank_into(sec, sec->unbalancing, &sec->nunbalancing, k, key_rebalance);
		if (c->restrict_t >= 0)
			rank_into(sec, sec->strongest, &sec->nstrongest, k, key_strength);
	}
}

qv_lab_counts qv_lab_count_verdicts(const qv_lab_plan *p, const qv_lab_section *S)
{
	qv_lab_counts n = {0};
	for (int k = 0; k < p->ncomponents; k++) {
		n.studied += p->studied[k];
		if (!S->component)
			continue;
		const qv_lab_component *c = &S->component[k];
		n.flagged += c->flagged;
		n.within += c->balance == QV_LAB_WITHIN;
		n.unsettled += c->balance == QV_LAB_UNSETTLED;
		n.strong += c->strength == QV_LAB_BEYOND;
		n.length += c->length == QV_LAB_BEYOND;
	}
	return n;
}

/* ---- the row ---- */

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
		qv__lab_card_figures(src, sec->component);
		for (int k = 0; k < p->ncomponents; k++)
			causes(src, k, &sec->component[k]);
	}
	flag_and_order(p, sec);
	qv__lab_races(p, sec);
	return QV_OK;
}
