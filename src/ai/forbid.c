/*
 * forbid.c - restricted play's filter (qv_agent_forbid): the legal actions an agent may choose
 * when components are forbidden to it. A file of its own because the kinds (greedy.c, mcts.c)
 * and agent.c all use it, while agent.c names the kinds: in agent.c it would close a loop.
 */
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

int qv__agent_legal(const qv_agent *a, const void *st, qv_action *buf)
{
	int n = a->game->legal(st, buf);
	return a->forbid ? qv__agent_allowed(a->game, a->forbid, st, buf, n) : n;
}
