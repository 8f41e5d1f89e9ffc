/*
 * agent.h - computer players. An agent knows a game only through the game interface.
 *
 * Agents are written as specs: `name[:key=value,...]`, e.g. `random`, `greedy:seed=7`,
 * `mcts:iterations=2000`. Every agent accepts `seed=`; unknown agents and unknown or
 * out-of-range keys are rejected with a message naming the accepted form.
 *
 * Fair play is structural: qv_agent_choose never hands an agent the true state. It copies the
 * state and runs the game's determinize for the player to move, so what the agent sees depends
 * only on that player's view.
 */
#ifndef QUIVER_AGENT_H
#define QUIVER_AGENT_H

#include "game.h"

typedef struct qv_agent qv_agent;

/* One kind of agent. choose gets a private, determinized copy of the state that it may modify,
 * and must return a legal action of `player` (the player to move). */
typedef struct qv_agent_kind {
	const char *name;
	const char *help;                /* one line, with the keys it accepts */
	const qv_param_def *keys;        /* accepted keys (seed included) */
	int nkeys;
	qv_status (*create)(qv_agent *a, const qv_params *opts, qv_err *err);
	qv_action (*choose)(qv_agent *a, void *st, int player);
	void (*destroy)(qv_agent *a); /* may be NULL */
} qv_agent_kind;

struct qv_agent {
	const qv_agent_kind *kind;
	const qv_game *game;
	char spec[256];
	qv_rng rng;
	void *data;       /* the kind's own data */
	void *scratch;    /* a state_size copy used by qv_agent_choose */
	qv_action *abuf;  /* max_actions entries, for kinds that enumerate */
};

/* All agent kinds, NULL-terminated. */
extern const qv_agent_kind *const qv_agent_kinds[];

/* Creates an agent from a spec for game g. default_seed is used unless the spec sets seed=. */
qv_status qv_agent_new(qv_agent **out, const char *spec, const qv_game *g,
		       uint64_t default_seed, qv_err *err);
void qv_agent_free(qv_agent *a);

/* Chooses an action for the player to move in st (which is not modified). Fails with
 * QV_ESTATE if no player is to move. */
qv_status qv_agent_choose(qv_agent *a, const void *st, qv_action *out, qv_err *err);

#endif
