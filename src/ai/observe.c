/*
 * observe.c - qv_agent_observe: what an agent's seat may learn of an action applied to the
 * game. The caller hands over the TRUE state before the action; the agent's kind is told the
 * action only when the seat could tell it apart from every other possible action there
 * (qv_action_seen, the same check that words every announcement for people), and otherwise
 * only that something it cannot see happened (-1). So an agent that follows the game between
 * its decisions (to keep its search tree) learns no more than its player sees.
 */
#include "quiver/agent.h"

void qv_agent_observe(qv_agent *a, const void *before, qv_action action)
{
	/* An agent that keeps nothing between decisions (qv_agent_set_keep) has nothing to
	 * follow, and skips the check's cost. */
	if (!a->kind->observe || a->seat < 0 || a->release)
		return;
	int who = a->game->to_move(before);
	if (who == QV_OVER)
		return;
	bool exact = false;
	qv_action_seen(a->game, before, action, a->seat, NULL, 0, &exact);
	a->kind->observe(a, who, exact ? action : -1);
}
