/*
 * prior.c - the search's one-ply values of Evons plays and covers without playing them (the
 * descriptor's values_after). A search ranks a node's untried actions by the heuristic after
 * each (ai/mcts_rank.c), and a main phase has hundreds, nearly all plays and covers: each was a
 * copy of the state (2.5 KiB), an apply and a heuristic over the board, the better part of a
 * search's time. A play or a cover changes what the heuristic counts (heuristic.c's tally)
 * only by its own card: the mover's hand, its credits (a play), its covered cards (a cover),
 * and a face-up monster's material and score (a play); its abilities wait on the chain stack,
 * which the heuristic does not read. So each is tallied from the position's tallies: the same
 * counts as the state after it, so the same value to the last bit (tests/unit/test_evons.c
 * holds them equal at every play and cover of random games). A play or cover that fills the
 * main zone ends the game, and is left to an apply (ok false), as is every other action.
 */
#include <string.h>

#include "evons.h"

void ev_values_after(const void *st, const qv_action *acts, int n, int player, double *heur,
                     int *score, bool *ok)
{
	const ev_state *s = st;
	const ev_tables *T = ev_T(s);
	int p = s->active;
	bool main = s->phase == EV_PH_MAIN;
	ev_tally t[2];
	if (main)
		ev_tally_of(s, t);
	uint64_t full = (s->board & EV_MAIN_ZONE) | ~EV_MAIN_ZONE;
	for (int i = 0; i < n; i++) {
		int type = EV_TYPE(acts[i]), k = EV_ARG(acts[i]) & 31, c = EV_ARG(acts[i]) >> 5;
		ok[i] = main && (type == EV_ACT_PLAY || type == EV_ACT_COVER) &&
		        (full | 1ull << c) != ~0ull;
		if (!ok[i])
			continue;
		ev_tally after[2] = {t[0], t[1]};
		ev_tally *y = &after[p];
		y->hand--;
		if (type == EV_ACT_COVER) {
			y->covered++;
		} else {
			int in_main = EV_MAIN_ZONE >> c & 1;
			y->credits -= T->kind[k].cost;
			y->score += in_main;
			y->material += (T->kind[k].atk + T->kind[k].def) << in_main;
		}
		heur[i] = ev_heuristic_of(after, player);
		score[i * QV_MAX_PLAYERS] = after[0].score;
		score[i * QV_MAX_PLAYERS + 1] = after[1].score;
	}
}
