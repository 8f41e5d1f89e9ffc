/*
 * heuristic.c - THREE ARROWS's estimate for the AI (the descriptor's heuristic): material,
 * bonus pieces, squares to grow into and attacks that would surely win, each weighted well
 * below a captured piece, and the expected result of a pending attack; squashed into (-1, 1).
 */
#include "three_arrows.h"

/* Expected result of the pending attack for the attacker (+1 capture, -1 loss), given the
 * board as it stands: over the die's faces (the sum of whole numbers first, so the result does
 * not depend on how the faces are grouped). */
static double pending_attack_value(const ta_state *s)
{
	int a = ta_attack_strength(s, s->atk_from, s->atk_to);
	int v = ta_defence_strength(s, s->atk_from, s->atk_to);
	if (s->tactical)
		return (a > v) - (a < v);
	const ta_tables *T = ta_T(s);
	int sum = 0;
	for (int i = 0; i < T->nvalues; i++) {
		int die = T->value[i];
		sum += T->weight[i] * ((a + die > v) - (a + die < v));
	}
	return (double)sum / T->nfaces;
}

/* Material and threats: pieces on the board, bonus pieces, squares to grow into, and attacks
 * that would surely win, each weighted well below a captured piece. docs/ai.md ("THREE
 * ARROWS's heuristic and the evidence for its weights") gives each weight's games against
 * the weight changed; measure there before changing one (every record changes with it). */
double ta_heuristic(const void *st, int player)
{
	const ta_state *s = st;
	const ta_tables *T = ta_T(s);
	double v = 0;
	for (int p = 0; p < s->nplayers; p++) {
		if (s->pl[p].eliminated)
			continue;
		double w = 0.3 * s->pl[p].onboard + 0.1 * s->pl[p].bonus +
		           0.02 * __builtin_popcountll(ta_place_targets(s, p));
		uint64_t opp = ta_opp_occ(s, p) & ~s->shielded;
		for (uint64_t m = s->occ[p] & ~s->covered; m; m &= m - 1) {
			int from = __builtin_ctzll(m);
			ta_cell c = s->cell[from];
			for (uint64_t h = T->reach[TA_KF(c)][from] & opp; h; h &= h - 1) {
				int to = __builtin_ctzll(h);
				int margin = ta_attack_strength(s, from, to) -
				             ta_defence_strength(s, from, to);
				w += margin >= 2 ? 0.25 : margin >= 0 ? 0.1 : 0;
			}
		}
		v += (p == player) ? w : -w / (s->nplayers - 1);
	}
	if (s->phase == TA_PH_DEFEND || s->phase == TA_PH_DIE) {
		double e = pending_attack_value(s);
		v += (s->turn == player) ? e : (TA_OWNER(s->cell[s->atk_to]) == player ? -e : 0);
	}
	return v / (1.0 + (v < 0 ? -v : v));
}
