/*
 * heuristic.c - Evons's estimate for the AI (the descriptor's heuristic): the score lead, then
 * board material, credits and cards in hand, squashed into (-1, 1); the exact utility once
 * the game is over.
 */
#include "evons.h"

/* The score lead weighs most; then board material (ATK + DEF of controlled face-up monsters,
 * covered cards at a flat value), credits and cards in hand, lightly. */
double ev_heuristic(const void *st, int player)
{
	const ev_state *s = st;
	const ev_tables *T = ev_T(s);
	if (s->phase == EV_PH_OVER) {
		int rk[2];
		double r[2];
		ev_ranks(s, rk);
		qv_utilities_from_ranks(rk, 2, r);
		return r[player];
	}
	/* the scores and the material in one pass, in cell order as before */
	int sc[2] = {0, 0};
	double w[2] = {0, 0};
	for (uint64_t m = s->board; m; m &= m - 1) {
		int c = __builtin_ctzll(m);
		const ev_cell *x = &s->cell[c];
		if (x->kind - 1u >= (unsigned)T->nmonsters) /* a block */
			continue;
		bool in_main = EV_MAIN_ZONE >> c & 1;
		if (x->flags & EV_F_COVERED) {
			w[x->ctrl] += 0.15;
		} else {
			sc[x->ctrl] += in_main;
			w[x->ctrl] += 0.03 * (T->kind[x->kind - 1].atk + ev_cur_def(s, c)) *
			              (in_main ? 1.0 : 0.5);
		}
	}
	double v = 0.5 * (sc[player] - sc[1 - player]) + (w[player] - w[1 - player]) +
	           0.01 * (s->pl[player].credits - s->pl[1 - player].credits) +
	           0.05 * (s->pl[player].nhand - s->pl[1 - player].nhand);
	return v / (1.0 + (v < 0 ? -v : v));
}
