/*
 * mcts_conf.h - the settings of the search agents (mcts_conf.c) for the search (mcts.c).
 */
#ifndef QUIVER_AI_MCTS_CONF_H
#define QUIVER_AI_MCTS_CONF_H

#include "quiver/agent.h"

/* The most threads (trees) of a search. */
#define MCTS_THREADS_MAX 64
/* The longest a decision may search, whatever the budget: time= is at most this, and an
 * iterations= budget that would take longer stops here. A person waiting for an answer (or a
 * server's table) should never wait longer; qv_agent_interrupt stops a search sooner. */
#define MCTS_TIME_MAX 300.0

/* The settings of a search agent. */
typedef struct qv__mcts_conf {
	bool ismcts;
	uint64_t iterations; /* per decision, all threads; 0: no limit (time= only) */
	double time;         /* seconds per decision; 0: no limit */
	double c;
	int threads;
	int playout;
	double widen;
	double blunder; /* chance of a random action instead of a search */
	uint32_t nodes; /* per thread */
	int rank;       /* untried actions valued per ranking; 0: all */
	bool prior;     /* the game's values_after used where it has one */
} qv__mcts_conf;

/* The keys of the search agents (mcts_conf.c), QV__MCTS_NKEYS of them. */
#define QV__MCTS_NKEYS 11
extern const qv_param_def qv__mcts_keys[];

/* Reads and checks the keys of a search agent into cf (mcts_conf.c). node_bytes is the memory
 * one node of a tree costs, which bounds the nodes= within the memory cap. */
qv_status qv__mcts_read_conf(const qv_params *opts, bool ismcts, size_t node_bytes,
                             qv__mcts_conf *cf, qv_err *err);

#endif
