/*
 * heuristic.c - Evons's estimate for the AI (the descriptor's heuristic): the score lead, then
 * board material, credits and cards in hand, squashed into (-1, 1); the exact utility once
 * the game is over.
 */
#include "evons.h"

void ev_tally_of(const ev_state *s, ev_tally *t)
{
	const ev_tables *T = ev_T(s);
	for (int p = 0; p < 2; p++)
		t[p] = (ev_tally){0, 0, 0, s->pl[p].credits, s->pl[p].nhand};
	for (uint64_t m = s->board; m; m &= m - 1) {
		int c = __builtin_ctzll(m);
		const ev_cell *x = &s->cell[c];
		if (x->kind - 1u >= (unsigned)T->nmonsters) /* a block */
			continue;
		ev_tally *y = &t[x->ctrl];
		if (x->flags & EV_F_COVERED) {
			y->covered++;
		} else {
			int in_main = EV_MAIN_ZONE >> c & 1;
			y->score += in_main;
			y->material += (T->kind[x->kind - 1].atk + ev_cur_def(s, c)) << in_main;
		}
	}
}

/* The score lead weighs most; then board material (ATK + DEF of controlled face-up monsters,
 * half outside the main zone, covered cards at a flat value), credits and cards in hand,
 * lightly. Whole counts times the weights, so that the value depends on the counts alone
 * (prior.c values a play from the counts it changes). */
double ev_heuristic_of(const ev_tally *t, int player)
{
	const ev_tally *a = &t[player], *b = &t[1 - player];
	double v = 0.5 * (a->score - b->score) + 0.15 * (a->covered - b->covered) +
	           0.015 * (a->material - b->material) + 0.01 * (a->credits - b->credits) +
	           0.05 * (a->hand - b->hand);
	return v / (1.0 + (v < 0 ? -v : v));
}

double ev_heuristic(const void *st, int player)
{
	const ev_state *s = st;
	if (s->phase == EV_PH_OVER) {
		int rk[2];
		double r[2];
		ev_ranks(s, rk);
		qv_utilities_from_ranks(rk, 2, r);
		return r[player];
	}
	ev_tally t[2];
	ev_tally_of(s, t);
	return ev_heuristic_of(t, player);
}
