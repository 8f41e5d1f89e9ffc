/*
 * forbid.c - the filters of the legal actions an agent may choose: restricted play's
 * (qv_agent_forbid), when components are forbidden to it, and the one that keeps a choosing
 * agent from stranding its own player (an action after which the game would skip it, when
 * another action would not: qv_game.stranded). A file of its own because the kinds (greedy.c,
 * mcts.c) and agent.c all use it, while agent.c names the kinds: in agent.c it would close a
 * loop.
 */
#include <stdlib.h>
#include <string.h>

#include "quiver/agent.h"
#include "quiver/variant.h"

int qv__agent_allowed(const qv_game *g, uint64_t forbid, const void *st, qv_action *acts, int n)
{
	if (!forbid)
		return n;
	int (*component_of)(const void *, qv_action) = g->components->component_of;
	int k = 0;
	for (int i = 0; i < n; i++) {
		int c = component_of(st, acts[i]);
		if (c < 0 || c >= 64 || !((forbid >> c) & 1))
			acts[k++] = acts[i];
	}
	/* When every action is of the component nothing was moved: the list is whole. */
	return k > 0 ? k : n;
}

int qv__agent_unstranded(const qv_game *g, const void *st, qv_action *acts, int n)
{
	int mover = g->to_move(st);
	if (!g->stranded || n <= 1 || mover < 0)
		return n;
	void *next = malloc(g->state_size);
	if (!next)
		return n; /* the list whole: a choice among all is still a legal one */
	int k = 0;
	for (int i = 0; i < n; i++) {
		memcpy(next, st, g->state_size);
		g->apply(next, acts[i], NULL);
		int next_mover = g->to_move(next);
		if (next_mover == QV_OVER || next_mover == mover || !g->stranded(next, mover))
			acts[k++] = acts[i];
	}
	free(next);
	/* When every action strands the mover, none is worse for it: the list is whole (nothing
	 * was overwritten, since nothing was kept). */
	return k > 0 ? k : n;
}

int qv__agent_legal(const qv_agent *a, const void *st, qv_action *buf)
{
	int n = a->game->legal(st, buf);
	if (a->forbid)
		n = qv__agent_allowed(a->game, a->forbid, st, buf, n);
	/* A uniform kind (no choose: random) draws among every legal action by definition. */
	return a->kind->choose ? qv__agent_unstranded(a->game, st, buf, n) : n;
}
