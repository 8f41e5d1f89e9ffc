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

/* Player p's worth (ta_heuristic_of) on the board as it stands. */
static long worth_of(const ta_state *s, int p)
{
	const ta_tables *T = ta_T(s);
	long w = TA_W_ONBOARD * s->pl[p].onboard + TA_W_BONUS * s->pl[p].bonus +
	         TA_W_TARGET * __builtin_popcountll(ta_place_targets(s, p));
	uint64_t opp = ta_opp_occ(s, p) & ~s->shielded;
	for (uint64_t m = s->occ[p] & ~s->covered; m; m &= m - 1) {
		int from = __builtin_ctzll(m);
		ta_cell c = s->cell[from];
		for (uint64_t h = T->reach[TA_KF(c)][from] & opp; h; h &= h - 1) {
			int to = __builtin_ctzll(h);
			w += ta_attack_worth(ta_attack_strength(s, from, to) -
			                     ta_defence_strength(s, from, to));
		}
	}
	return w;
}

/* Material and threats: pieces on the board, bonus pieces, squares to grow into, and attacks
 * that would surely win, each weighted well below a captured piece (three_arrows.h has the
 * weights), and the expected result of a pending attack. docs/ai.md ("THREE ARROWS's
 * heuristic and the evidence for its weights") gives each weight's games against the weight
 * changed; measure there before changing one (every record changes with it). */
double ta_heuristic(const void *st, int player)
{
	const ta_state *s = st;
	long w[TA_MAX_PLAYERS];
	for (int p = 0; p < s->nplayers; p++)
		w[p] = s->pl[p].eliminated ? 0 : worth_of(s, p);
	double pending = 0;
	if (s->phase == TA_PH_DEFEND || s->phase == TA_PH_DIE) {
		double e = pending_attack_value(s);
		pending =
		    (s->turn == player) ? e : (TA_OWNER(s->cell[s->atk_to]) == player ? -e : 0);
	}
	return ta_heuristic_of(s, w, player, pending);
}
