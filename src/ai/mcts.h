/*
 * mcts.h - internal interface of the search agents (mcts.c) for the named levels (levels.c)
 * and the unit tests. Not a public header: everything else uses agent.h.
 */
#ifndef QUIVER_AI_MCTS_H
#define QUIVER_AI_MCTS_H

#include "quiver/agent.h"

/* Creates the search data of agent a (kind mcts when ismcts is false, ismcts otherwise) from
 * the options in opts, which have been checked against the kind's keys; seed= was read by
 * qv_agent_new. Messages name the bad key and what it accepts. */
qv_status qv__mcts_create(qv_agent *a, bool ismcts, const qv_params *opts, qv_err *err);

/* The hooks shared by mcts, ismcts and the levels. */
qv_action qv__mcts_choose(qv_agent *a, void *st, int player);
void qv__mcts_destroy(qv_agent *a);
void qv__mcts_observe(qv_agent *a, int who, qv_action action);
void qv__mcts_reset(qv_agent *a);
void qv__mcts_stats(const qv_agent *a, qv_agent_stats *out);
size_t qv__mcts_held(const qv_agent *a);

/* One root edge of the last decision, summed over the threads' trees. */
typedef struct qv__mcts_edge {
	qv_action action;
	int index; /* its place in the root's legal actions */
	uint32_t visits;
	double mean[QV_MAX_PLAYERS]; /* mean return per player */
} qv__mcts_edge;

/* The root edges of a's last decision (legal ones with visits, most visited first), at most
 * max; returns how many, or -1 when a is not a search agent. */
int qv__mcts_root(const qv_agent *a, qv__mcts_edge *out, int max);

/* Whether the agent holds a search tree kept from earlier decisions (any thread). */
bool qv__mcts_has_tree(const qv_agent *a);

/* The tried children of the kept root of thread 0's tree (the actions it has statistics for
 * at the position it follows), at most max; returns how many (0 without a tree). */
int qv__mcts_children(const qv_agent *a, qv_action *out, int max);

#endif
