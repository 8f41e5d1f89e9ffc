/*
 * mcts_sample.c - what an iteration draws and what its leaf is worth. ismcts starts every
 * iteration from a determinization of the root (qv__mcts_deal): the root it is given is
 * already a determinized copy (qv_agent_choose never passes the true state), and determinize
 * depends only on the view, so re-determinizing samples the information set afresh; mcts
 * searches the one determinized state it was given. Chance events are not nodes: whenever
 * chance is to move an outcome is drawn by its probability (settle, inline in mcts_tree.h for
 * the descent's loop), so an edge's statistics are expectations over the dice. A new leaf is
 * valued by an optional random playout of `playout` plies and then the static value: the
 * game's returns when it is over, else per player a squashed MCTS_LEAD_W * score lead /
 * score_unit + MCTS_HEUR_W * heuristic (lead_of).
 */
#include "ai/mcts_tree.h"

/* Copies the root state into t->st, determinized afresh when the search is ismcts and the game
 * hides something; the visits of the iteration are deterministic (t->det) otherwise. */
void qv__mcts_deal(mcts_tree *t)
{
	const qv_game *g = t->g;
	memcpy(t->st, t->root_state, g->state_size);
	t->det = !(t->cf->ismcts && g->determinize);
	if (!t->det)
		g->determinize(t->st, t->me, &t->rng);
}

/* The static values of st for every player, the scores read once. */
void qv__mcts_evaluate(const mcts_tree *t, const void *st, double *out)
{
	const qv_game *g = t->g;
	if (g->to_move(st) == QV_OVER) {
		qv_returns(g, st, out);
		return;
	}
	int score[QV_MAX_PLAYERS];
	g->score(st, score);
	if (g->heuristic && g->heuristics) {
		double h[QV_MAX_PLAYERS];
		g->heuristics(st, h);
		for (int p = 0; p < t->np; p++)
			out[p] = lead_of(g, score, p, t->np, h[p]);
		return;
	}
	for (int p = 0; p < t->np; p++)
		out[p] = lead_value(g, st, score, p, t->np);
}

/* A random playout of at most `plies` decisions from st, then its static values. */
void qv__mcts_playout(mcts_tree *t, void *st, int plies, double *out)
{
	const qv_game *g = t->g;
	int options; /* what the sampler drew among, not needed here */
	for (int k = 0; k < plies; k++) {
		if (settle(t, st) == QV_OVER)
			break;
		qv_action a = qv_sample_legal(g, st, &t->rng, t->acts, &options);
		if (a < 0)
			break;
		g->apply(st, a, NULL);
	}
	qv__mcts_evaluate(t, st, out);
}
