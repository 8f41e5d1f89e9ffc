/*
 * metrics_play.c - the rows of a report's sections (sections.c) about how the games went:
 * tension (the agents' evaluations over game time), the skill ladder and the luck floor, the
 * agents' matrix with Elo, board use, the comparison with a baseline, and the games the
 * reproduction block names.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab/metrics.h"

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

/* What tension gathers over the games: the moments of the three figures, and the sums and
 * counts of the curve's bins. */
typedef struct tension_acc {
	qv_moments lead, drama, decisive;
	double wsum[QV_LAB_CURVE], lsum[QV_LAB_CURVE];
	long wn[QV_LAB_CURVE], ln[QV_LAB_CURVE];
} tension_acc;

/* The best defined e of a seat but the winner w into *best; false when no loser has one. */
static bool best_rival(const double *e, const bool *known, int n, int w, double *best)
{
	bool rival = false;
	*best = -INFINITY;
	for (int s = 0; s < n; s++)
		if (s != w && known[s] && (!rival || e[s] > *best)) {
			*best = e[s];
			rival = true;
		}
	return rival;
}

/* The seat that leads when the highest defined e is `top`: the leader so far while it still
 * has it, else the first seat that has it. */
static int leader_at(const double *e, const bool *known, int leader, double top)
{
	int next = leader;
	if (leader < 0 || e[leader] != top)
		for (next = 0; !(known[next] && e[next] == top); next++)
			;
	return next;
}

/* One game's part of tension (see there) into a. */
static void tension_game(const qv_lab_game *g, tension_acc *a)
{
	int n = g->players, total = g->decisions, w = qv__lab_winner_of(g);
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
		int next = leader_at(e, known, leader, top);
		changes += leader >= 0 && next != leader;
		leader = next;
		if (w < 0)
			continue;
		double best;
		bool rival = best_rival(e, known, n, w, &best);
		int b = (int)((long)t * QV_LAB_CURVE / total);
		if (known[w]) {
			dsum += top - e[w];
			dn++;
			a->wsum[b] += e[w];
			a->wn[b]++;
		}
		if (rival) {
			a->lsum[b] += best;
			a->ln[b]++;
		}
		bool ahead = known[w] && (!rival || e[w] > best);
		since = !ahead ? -1 : since < 0 ? t : since;
	}
	qv_moments_add(&a->lead, (double)changes / total);
	if (w < 0)
		return;
	if (dn > 0)
		qv_moments_add(&a->drama, dsum / (double)dn);
	qv_moments_add(&a->decisive, since < 0 ? 1 : (since + 1.0) / total);
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
static void tension(const qv__lab_sources *src, const qv_lab_arm *arm, qv_lab_tension *out)
{
	tension_acc acc = {0};
	out->games = 0;
	qv__lab_scan sc;
	for (const qv_lab_game *g = qv__lab_scan_first(&sc, src, arm); g;
	     g = qv__lab_scan_next(&sc)) {
		if (!measurable(g))
			continue;
		out->games++;
		tension_game(g, &acc);
	}
	qv__lab_scan_end(&sc);
	out->lead_changes = qv__lab_est_mean(&acc.lead);
	out->drama = qv__lab_est_mean(&acc.drama);
	out->decisiveness = qv__lab_est_mean(&acc.decisive);
	for (int b = 0; b < QV_LAB_CURVE; b++) {
		out->winner[b] = acc.wn[b] > 0 ? acc.wsum[b] / (double)acc.wn[b] : NAN;
		out->loser[b] = acc.ln[b] > 0 ? acc.lsum[b] / (double)acc.ln[b] : NAN;
	}
}

/* ---- skill: the ladder and the agent matrix ---- */

/* Each ladder arm (rung k: one seat 2^(k+1) iterations, the others 2^k) and the luck arm (k =
 * -1: one seat `random`, the others `hard`) of the section, in plan order: the score of the
 * distinct seat (the one playing the arm's agent 0), Wilson. */
static qv_status ladder(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	const qv_lab_plan *p = src->p;
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
		qv__lab_scan sc;
		for (const qv_lab_game *g = qv__lab_scan_first(&sc, src, arm); g;
		     g = qv__lab_scan_next(&sc))
			for (int s = 0; s < arm->players; s++)
				if (g->agent[s] == 0) {
					x += qv__lab_score_of(g, s);
					n++;
				}
		qv__lab_scan_end(&sc);
		qv_lab_rung *r = &sec->rung[sec->nrungs++];
		r->k = arm->kind == QV_LAB_LUCK ? -1 : arm->component;
		r->score = qv__lab_est_prop(x, n);
	}
	return QV_OK;
}

/* Over the main games, every pair of seats s, t held by different agents a, b is a pairwise
 * game: a scores 1 when rank_s < rank_t, 1/2 when equal, 0 otherwise. matrix[a][b] is a's
 * mean score against b (NAN where they never met, and on the diagonal); elo[a] is a's mean
 * score against everyone with a Wilson interval over its pairs, in Elo points
 * (qv_elo_clamp(qv_elo(.)), qv_elo_interval). An agent without pairs has n = 0. */
static void agents(const qv__lab_sources *src, const qv_lab_arm *arm, qv_lab_section *sec)
{
	double sum[QV_MAX_PLAYERS][QV_MAX_PLAYERS] = {{0}};
	long met[QV_MAX_PLAYERS][QV_MAX_PLAYERS] = {{0}};
	int n = arm->players;
	sec->nagents = arm->nagents;
	qv__lab_scan sc;
	for (const qv_lab_game *g = qv__lab_scan_first(&sc, src, arm); g;
	     g = qv__lab_scan_next(&sc)) {
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
	qv__lab_scan_end(&sc);
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

/* ---- board use ---- */

/* The board comes from a state of the game set up as the main games were (the study's
 * parameters, N players, the variant), so that the squares the lines count index it. The heat
 * map sums, per seat and square, the times the main games touched it; a board of more than
 * QV_LAB_MAX_SQUARES squares gets none. */
static qv_status board(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	const qv_lab_plan *p = src->p;
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
	qv__lab_scan sc;
	rc = QV_OK;
	for (const qv_lab_game *x = qv__lab_scan_first(&sc, src, src->arms[0]); !rc && x;
	     x = qv__lab_scan_next(&sc))
		for (int c = 0; !rc && c < x->nsquare; c++) {
			const qv_lab_count *e = &x->square[c];
			if (e->item >= squares)
				rc = qv_fail(err, QV_EINVAL, "game %d: square %d; the board has %d",
				             x->index, e->item, squares);
			else
				sec->heat[e->seat * squares + e->item] += e->chosen;
		}
	qv__lab_scan_end(&sc);
	return rc;
}

/* ---- the comparison with a baseline ---- */

static void compare_row(qv_lab_section *sec, const char *metric, double variant, double base,
                        qv_lab_delta d)
{
	qv_lab_compare *c = &sec->compare[sec->ncompare++];
	qv_copy(c->metric, sizeof c->metric, metric);
	c->variant = variant;
	c->baseline = base;
	c->delta = d;
}

static double share(double x, double n) { return n > 0 ? x / n : NAN; }

/* Figures derived from several proportions (the fairness gap, balance, branching) have no
 * interval of their own here: their difference only. */
static void compare_derived(qv_lab_section *sec, const char *metric, double variant, double base)
{
	qv_lab_delta d = {variant - base, {NAN, NAN}, NAN, false, 0};
	compare_row(sec, metric, variant, base, d);
}

/* The differences of the figures tested game by game: the baseline's game j played with the
 * seeds of the variant's game j (qv_lab_game_seed), each seat's score, whether a seat won
 * alone, whether the cap ended it, and the length; one pass over both arms. */
typedef struct paired_figures {
	qv_moments seat[QV_MAX_PLAYERS], side[2], won, capped, length;
	double base_side[2]; /* the baseline's side scores, summed over its games */
} paired_figures;

static void pair_up(const qv__lab_sources *src, paired_figures *f)
{
	const qv_lab_arm *a = src->arms[0], *ref = src->arms[1];
	int n = a->players, pairs = a->games < ref->games ? a->games : ref->games;
	memset(f, 0, sizeof *f);
	qv__lab_scan sa, sr;
	const qv_lab_game *x = qv__lab_scan_first(&sa, src, a);
	const qv_lab_game *y = qv__lab_scan_first(&sr, src, ref);
	for (int j = 0; j < pairs && x && y; j++) {
		for (int s = 0; s < n; s++)
			qv_moments_add(&f->seat[s],
			               qv__lab_score_of(x, s) - qv__lab_score_of(y, s));
		for (int d = 0; d < 2 && src->p->nsides == 2 && n == 2; d++) {
			double b = qv__lab_side_score_of(src->p, y, d);
			qv_moments_add(&f->side[d], qv__lab_side_score_of(src->p, x, d) - b);
			f->base_side[d] += b;
		}
		qv_moments_add(&f->won, (double)(qv__lab_winner_of(x) >= 0) -
		                            (double)(qv__lab_winner_of(y) >= 0));
		qv_moments_add(&f->capped, (double)x->capped - (double)y->capped);
		qv_moments_add(&f->length, (double)x->decisions - y->decisions);
		if (j + 1 < pairs) {
			x = qv__lab_scan_next(&sa);
			y = qv__lab_scan_next(&sr);
		}
	}
	qv__lab_scan_end(&sa);
	qv__lab_scan_end(&sr);
}

/* The rows of the decks where they rotate: each side's score, the variant's against the
 * baseline's, game by game (the baseline swaps its own decks in the same games: a side is
 * named by the variant's deck, and by the baseline's too where that one differs). */
static void compare_sides(const qv__lab_sources *src, qv_lab_section *sec, const paired_figures *f)
{
	const qv_lab_plan *p = src->p;
	if (p->nsides != 2 || sec->players != 2)
		return;
	const qv_components *comp = p->cfg.game->components;
	const char *const *key = comp ? comp->sides : NULL;
	for (int d = 0; d < 2; d++) {
		const char *b = key ? qv_lab_side_value(&p->cfg, p->cfg.baseline, key[d]) : "";
		char metric[sizeof sec->compare[0].metric];
		/* Names of 63 bytes at most, so that two fit beside the words. */
		if (!key || !strcmp(b, qv_lab_side_value(&p->cfg, NULL, key[d])))
			snprintf(metric, sizeof metric, "%.63s deck score", p->side[d]);
		else if (*b && strlen(b) < 64 && !strchr(b, ','))
			snprintf(metric, sizeof metric, "%.63s deck score (baseline: %.63s)",
			         p->side[d], b);
		else
			snprintf(metric, sizeof metric,
			         "%.63s deck score (baseline: its own %.63s)", p->side[d], key[d]);
		double z;
		compare_row(sec, metric, sec->side_score[d].v,
		            share(f->base_side[d], (double)f->side[d].n),
		            qv__lab_paired_delta(&f->side[d], &z));
	}
}

/* Every row is the variant minus the baseline. The seat scores, completion, timeouts and the
 * mean length are tested game by game (paired t over the games of the same seeds).
 * Drawishness (over the uncapped games of each) as two proportions, with Newcombe's interval
 * and a z p-value. Decision moves and the derived figures get the difference only: a test
 * over positions said p < 0.05 in 38% of A/A studies (a game's positions are not independent
 * trials), and one over each game's share 7 to 10% with ConCardia's decks rotating
 * (tests/lab/calibration.c): no p is shown that is not calibrated. None takes part in
 * Benjamini-Hochberg. */
static void compare(const qv__lab_sources *src, qv_lab_section *sec)
{
	static const char *const seat_rows[QV_MAX_PLAYERS] = {
	    "seat 1 score", "seat 2 score", "seat 3 score", "seat 4 score", "seat 5 score",
	};
	const qv__lab_tally *t = src->t;
	const qv_lab_outcomes *o[2] = {&sec->outcomes, &sec->baseline_outcomes};
	const qv_lab_length *l[2] = {&sec->length, &sec->baseline_length};
	paired_figures f;
	pair_up(src, &f);
	double z;
	sec->ncompare = 0;
	for (int s = 0; s < sec->players; s++)
		compare_row(sec, seat_rows[s], share(t[0].score[s], t[0].games),
		            share(t[1].score[s], t[1].games), qv__lab_paired_delta(&f.seat[s], &z));
	compare_sides(src, sec, &f);
	compare_derived(sec, "fairness gap", o[0]->fairness_gap, o[1]->fairness_gap);
	compare_derived(sec, "balance", o[0]->balance, o[1]->balance);
	compare_row(sec, "completion", share(t[0].winners, t[0].games),
	            share(t[1].winners, t[1].games), qv__lab_paired_delta(&f.won, &z));
	compare_row(sec, "drawishness", share(t[0].shared, t[0].uncapped),
	            share(t[1].shared, t[1].uncapped),
	            qv__lab_prop_delta(t[0].shared, t[0].uncapped, t[1].shared, t[1].uncapped, &z));
	compare_row(sec, "timeouts", share(t[0].capped, t[0].games), share(t[1].capped, t[1].games),
	            qv__lab_paired_delta(&f.capped, &z));
	compare_row(sec, "mean length", l[0]->turns.v, l[1]->turns.v,
	            qv__lab_paired_delta(&f.length, &z));
	compare_derived(sec, "decision moves", share(t[0].decisions, t[0].positions),
	                share(t[1].decisions, t[1].positions));
	compare_derived(sec, "branching per decision", l[0]->branching_decision,
	                l[1]->branching_decision);
}

/* ---- the reproduction block ---- */

/* The first (up to 8) capped main games, and the 8 longest (most decisions, the lower index
 * first among equals), longest first: the records worth replaying. */
static void reproduction(const qv__lab_sources *src, qv_lab_section *sec)
{
	int max = (int)(sizeof sec->longest_games / sizeof sec->longest_games[0]);
	int length[sizeof sec->longest_games / sizeof sec->longest_games[0]];
	sec->ncapped_games = sec->nlongest_games = 0;
	qv__lab_scan sc;
	for (const qv_lab_game *g = qv__lab_scan_first(&sc, src, src->arms[0]); g;
	     g = qv__lab_scan_next(&sc)) {
		int i = g->index;
		if (g->capped && sec->ncapped_games < max)
			sec->capped_games[sec->ncapped_games++] = i;
		int at = sec->nlongest_games;
		while (at > 0 && length[at - 1] < g->decisions)
			at--;
		if (at == max)
			continue;
		int last = sec->nlongest_games < max ? sec->nlongest_games++ : max - 1;
		for (int j = last; j > at; j--) {
			sec->longest_games[j] = sec->longest_games[j - 1];
			length[j] = length[j - 1];
		}
		sec->longest_games[at] = i;
		length[at] = g->decisions;
	}
	qv__lab_scan_end(&sc);
}

/* ---- the rows ---- */

qv_status qv__lab_compute_tension(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	tension(src, src->arms[0], &sec->tension);
	return QV_OK;
}

qv_status qv__lab_compute_ladder(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	return ladder(src, sec, err);
}

qv_status qv__lab_compute_agents(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	agents(src, src->arms[0], sec);
	return QV_OK;
}

qv_status qv__lab_compute_board(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	return board(src, sec, err);
}

qv_status qv__lab_compute_compare(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	if (src->arms[1])
		compare(src, sec);
	return QV_OK;
}

qv_status qv__lab_compute_reproduction(const qv__lab_sources *src, qv_lab_section *sec, qv_err *err)
{
	(void)err;
	reproduction(src, sec);
	return QV_OK;
}
