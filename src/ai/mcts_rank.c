/*
 * mcts_rank.c - the one-ply prior that orders a node's new children: the best untried action
 * by the mover's static value after it (the game's values_after spares most of the applies),
 * among all the node's untried legal actions, or with rank=N below the root among N drawn at
 * random (cheaper, much weaker in THREE ARROWS, not the default). A ranking costs an apply and
 * a heuristic per action, so it is done once: the node keeps the next MCTS_KEEP - 1 actions in
 * order, in a pool of the tree, its next children taken from them (mcts_select.c); ranked
 * again once they are used.
 */
#include "ai/mcts_tree.h"

/* The static value of st for player p: the returns once the game is over, else lead_value. */
static double static_value(const qv_game *g, const void *st, int p, int np)
{
	if (g->to_move(st) == QV_OVER) {
		double r[QV_MAX_PLAYERS];
		qv_returns(g, st, r);
		return r[p];
	}
	int score[QV_MAX_PLAYERS];
	g->score(st, score);
	return lead_value(g, st, score, p, np);
}

/* Draws up to `want` distinct untried legal indices into t->cand (all of them, in order, when
 * there are no more than that); returns how many. */
static int draw_candidates(mcts_tree *t, int n, int ntaken, int want)
{
	int k = 0, untried = n - ntaken;
	if (want <= 0 || untried <= want) {
		for (int i = 0; i < n; i++)
			if (!t->lkid[i])
				t->cand[k++] = i;
		return k;
	}
	if (++t->cgen == 0) {
		memset(t->cstamp, 0, sizeof *t->cstamp * (size_t)n);
		t->cgen = 1;
	}
	for (int tries = 0; k < want && tries < 4 * want; tries++) {
		int i = (int)qv_rng_below(&t->rng, (uint32_t)n);
		if (t->cstamp[i] == t->cgen || t->lkid[i])
			continue;
		t->cstamp[i] = t->cgen;
		t->cand[k++] = i;
	}
	return k;
}

/* Keeps the ranked actions acts[0..m) as node ni's order, in its block when they fit there,
 * else in a new one; nothing is kept when the pool is full (the node is ranked again at its
 * next new child). */
static void keep_order(mcts_tree *t, uint32_t ni, const qv_action *acts, int m)
{
	uint32_t o = t->node[ni].kept;
	if (!o || (int)t->order[o] < m) {
		o = 0;
		if (m > 0 && t->oused + 1 + (uint32_t)m <= t->ocap) {
			o = t->oused;
			t->oused += 1 + (uint32_t)m;
		}
	}
	t->node[ni].kept = o;
	if (!o)
		return;
	t->order[o] = m;
	memcpy(&t->order[o + 1], acts, sizeof *acts * (size_t)m);
}

/* The best untried legal action of node ni by the mover's static value after each (ties broken
 * at random), among `rank` drawn candidates; the next MCTS_KEEP - 1 are kept, in order, for
 * the node's next children (keep_order). t->st is the node's state, t->acts[0..n) its legal
 * actions, t->lkid marks its children. -1 when nothing is left. */
qv_action qv__mcts_rank(mcts_tree *t, uint32_t ni, int n, int ntaken, int mover)
{
	const qv_game *g = t->g;
	int idx[MCTS_KEEP], k = 0;
	double val[MCTS_KEEP];
	/* The root is always ranked whole (its rankings are few: about sqrt(visits) / MCTS_KEEP);
	 * with rank= other nodes value that many candidates drawn at random. */
	int want = ni == t->root ? 0 : t->cf->rank;
	int nc = draw_candidates(t, n, ntaken, want);
	bool told = g->values_after && t->cf->prior; /* values without applies (prior=0: none) */
	if (told)
		g->values_after(t->st, t->acts, n, mover, t->cheur, t->cscore, t->cok);
	for (int j = 0; j < nc; j++) {
		int i = t->cand[j];
		bool played = !told || !t->cok[i];
		if (played) /* else the game's values of the action */
			g->apply(memcpy(t->tmp, t->st, g->state_size), t->acts[i], NULL);
		double v =
		    played ? static_value(g, t->tmp, mover, t->np)
		           : lead_of(g, &t->cscore[i * QV_MAX_PLAYERS], mover, t->np, t->cheur[i]);
		v += 1e-9 * (double)(qv__rng_next(&t->rng) >> 11) * 0x1.0p-53; /* qv_rng_double */
		if (k == MCTS_KEEP && v <= val[k - 1])
			continue;
		int pos = k < MCTS_KEEP ? k++ : k - 1;
		while (pos > 0 && val[pos - 1] < v) {
			val[pos] = val[pos - 1];
			idx[pos] = idx[pos - 1];
			pos--;
		}
		val[pos] = v;
		idx[pos] = i;
	}
	if (k == 0)
		return -1;
	qv_action next[MCTS_KEEP];
	for (int j = 1; j < k; j++)
		next[j - 1] = t->acts[idx[j]];
	keep_order(t, ni, next, k - 1);
	return t->acts[idx[0]];
}
