/*
 * adaptive.c - the rounds of an adaptive whole-set study (lab.h, docs/lab/report.md "Adaptive
 * whole-set studies"): after a first round of a few games for every component, the games go
 * where they decide the two lists' first places, in the manner of best-arm identification
 * (top-two Thompson sampling and LUCB: the challengers most likely to be the best among those
 * whose interval reaches the leader's, and the leader while it is the less measured;
 * successive halving: half the components the first round studied stay in the second round's
 * choice, a quarter in the third's, and so on; racing: a component whose interval no longer
 * reaches the leader's plays no more), round after round, until each list's first is
 * separated from every other or the budget of a fixed allocation is spent.
 *
 * The two lists see one cause from two sides: a card far stronger than its peers unbalances
 * its deck when taken out and costs a seat forbidden it. So each list's round also plays the
 * other list's first: one unlucky first round of 50 games must not bury it in one list while
 * the other has found it.
 *
 * A round is a function of the games before it (their report), and those of the study's
 * configuration and seed: a study played on one machine, resumed after a stop or cut into
 * shards round by round decides the same rounds and writes the same bytes.
 */
#include <math.h>
#include <string.h>

#include "lab/lab.h"

/* The fewest contenders of a list that play in a round (those most likely to have the largest
 * effect): the halving of the components stops there. */
#define ADAPTIVE_PICK 4

/* g rounded up to whole units. */
static long rounded(long g, int unit) { return (g + unit - 1) / unit * unit; }

long qv_lab_component_games_used(const qv_lab_plan *p)
{
	long used = 0;
	for (int a = 0; a < p->narms; a++) {
		qv_lab_arm_kind k = p->arm[a].kind;
		if (k == QV_LAB_CONTROL || k == QV_LAB_ABLATE || k == QV_LAB_RESTRICT)
			used += p->arm[a].games;
	}
	return used;
}

long qv_lab_component_budget(const qv_lab_plan *p)
{
	long budget = 0, m = p->cfg.component_games;
	for (int i = 0; i < p->cfg.nplayers; i++) {
		int n = p->cfg.players[i];
		for (int k = 0; k < p->ncomponents; k++) {
			if (qv_lab_find_arm(p, QV_LAB_CONTROL, n, k))
				budget += 2 * rounded(m, qv_lab_arm_unit(p, QV_LAB_CONTROL, n));
			if (qv_lab_find_arm(p, QV_LAB_RESTRICT, n, k))
				budget += rounded(m, qv_lab_arm_unit(p, QV_LAB_RESTRICT, n));
		}
	}
	return budget;
}

/* The games a round plays, with ga games per ablation arm and gr per restricted one, each with
 * its control (qv_lab_control_games). */
static long round_cost(const qv_lab_plan *p, const qv_lab_round *R, long ga, long gr)
{
	long cost = 0;
	for (int i = 0; i < p->cfg.nplayers; i++) {
		int n = p->cfg.players[i];
		long a = rounded(ga, qv_lab_arm_unit(p, QV_LAB_CONTROL, n)),
		     r = rounded(gr, qv_lab_arm_unit(p, QV_LAB_RESTRICT, n));
		for (int k = 0; k < p->ncomponents; k++) {
			long ak = R->ablate[i] >> k & 1 ? a : 0,
			     rk = R->restricted[i] >> k & 1 ? r : 0;
			if (qv_lab_find_arm(p, QV_LAB_CONTROL, n, k))
				cost += ak + qv_lab_control_games(&p->cfg, ak, rk);
			cost += rk;
		}
	}
	return cost;
}

/* The components of one list that play in the next round, into bits: unless its first is
 * separated, the npick contenders with the largest posterior shares (top-two Thompson
 * sampling's choice of challengers), and the first when its interval is wider than the
 * likeliest contender's (LUCB plays both; a first measured tightly gains nothing from more
 * games, its challengers' intervals are what must move). Whether there are any. */
static bool pick(const qv_lab_race *race, int npick, uint64_t *bits)
{
	if (race->first < 0 || race->separated)
		return false;
	for (int c = 0; c < race->ncontenders && c < npick; c++)
		*bits |= 1ull << race->contender[c];
	if (race->first_width >= race->contender_width[0])
		*bits |= 1ull << race->first;
	return true;
}

/* A list's need of games: how unsure its first place is (1 - its posterior share), the
 * largest over the sections where it is picked; 0 where it is settled. */
static void need(const qv_lab_race *race, bool picked, double *w)
{
	if (picked && !(1 - race->sure <= *w))
		*w = 1 - race->sure;
}

bool qv_lab_next_round(const qv_lab_plan *p, const qv_lab_report *r, qv_lab_round *out)
{
	const qv_lab_config *cfg = &p->cfg;
	memset(out, 0, sizeof *out);
	if (!cfg->adaptive || cfg->nrounds >= QV_LAB_MAX_ROUNDS || cfg->component_games < 1)
		return false;
	double wa = 0, wr = 0;
	/* successive halving: round r + 1 plays the likeliest half of round r's number, the
	 * first round having played every component studied, down to ADAPTIVE_PICK */
	int nstudied = 0;
	for (int k = 0; k < p->ncomponents; k++)
		nstudied += p->studied[k];
	int npick = nstudied >> (cfg->nrounds + 1);
	if (npick < ADAPTIVE_PICK)
		npick = ADAPTIVE_PICK;
	for (int i = 0; i < r->nsections && i < cfg->nplayers; i++) {
		const qv_lab_section *S = &r->section[i];
		if (!S->component)
			continue;
		const qv_lab_race *u = &S->race[QV_LAB_UNBALANCING],
		                  *t = &S->race[QV_LAB_STRONGEST];
		bool pu = pick(u, npick, &out->ablate[i]), pt = pick(t, npick, &out->restricted[i]);
		/* and each list, while unsettled, the other's first where it has the arm: the
		 * file's comment says why */
		int n = cfg->players[i];
		if (pu && t->first >= 0 && qv_lab_find_arm(p, QV_LAB_CONTROL, n, t->first))
			out->ablate[i] |= 1ull << t->first;
		if (pt && u->first >= 0 && qv_lab_find_arm(p, QV_LAB_RESTRICT, n, u->first))
			out->restricted[i] |= 1ull << u->first;
		need(u, pu, &wa);
		need(t, pt, &wr);
	}
	long left = qv_lab_component_budget(p) - qv_lab_component_games_used(p);
	bool any = false;
	for (int i = 0; i < cfg->nplayers; i++)
		any |= out->ablate[i] || out->restricted[i];
	if (!any || left <= 0)
		return false;
	/* The games per arm grow by half each round (1.5^r times the first round's), for the list
	 * least sure of its first place; the other list's in proportion to its need, so that a
	 * list whose first is nearly settled does not take the games the other needs. */
	double g = cfg->first_games * pow(1.5, cfg->nrounds + 1), w = fmax(wa, wr);
	double fa = w > 0 ? wa / w : 1, fr = w > 0 ? wr / w : 1;
	long ga = 0, gr = 0;
	for (; g >= 1; g = fmin(g - 1, floor(g * 0.9))) {
		ga = (long)fmax(1, floor(g * fa));
		gr = (long)fmax(1, floor(g * fr));
		if (round_cost(p, out, ga, gr) <= left)
			break;
	}
	if (g < 1)
		return false;
	out->games_ablate = (int)ga;
	out->games_restrict = (int)gr;
	return true;
}
