/*
 * random.c - the random agent: every legal action with equal probability. It is the baseline
 * for playouts and benchmarks, so it goes through qv_sample_legal and thereby through a game's
 * fast sampler when the game has one.
 */
#include "quiver/agent.h"

static const qv_param_def random_keys[] = {
	{"seed", "derived from the game's seed", "a whole number 0-18446744073709551615",
	 "seed of the agent's random choices"},
};

/* The random agent keeps no data of its own; seed= is read by qv_agent_new. */
static qv_status random_create(qv_agent *a, const qv_params *opts, qv_err *err)
{
	(void)a;
	(void)opts;
	(void)err;
	return QV_OK;
}

/* One uniform draw over the legal actions of the (determinized) state. */
static qv_action random_choose(qv_agent *a, void *st, int player)
{
	(void)player;
	return qv_sample_legal(a->game, st, &a->rng, a->abuf);
}

const qv_agent_kind qv_agent_random = {
	.name = "random",
	.help = "random[:seed=N] - picks uniformly among the legal actions",
	.keys = random_keys,
	.nkeys = (int)(sizeof random_keys / sizeof random_keys[0]),
	.create = random_create,
	.choose = random_choose,
	.destroy = NULL,
};
