/*
 * random.c - the random agent: every legal action with equal probability. It is the baseline
 * for playouts and benchmarks: qv_agent_choose draws for it with qv_sample_legal, and so
 * through a game's fast sampler when the game has one, with no determinized copy (agent.h).
 */
#include "quiver/agent.h"

static const qv_param_def random_keys[] = {
    QV_AGENT_SEED_KEY("seed of the agent's random choices"),
};

/* The random agent keeps no data of its own; seed= is read by qv_agent_new. */
static qv_status random_create(qv_agent *a, const qv_params *opts, qv_err *err)
{
	(void)a;
	(void)opts;
	(void)err;
	return QV_OK;
}

const qv_agent_kind qv_agent_random = {
    .name = "random",
    .help = "random[:seed=N] - picks uniformly among the legal actions",
    .keys = random_keys,
    .nkeys = (int)(sizeof random_keys / sizeof random_keys[0]),
    .create = random_create,
    .choose = NULL, /* a uniform draw, which qv_agent_choose makes (see agent.h) */
    .destroy = NULL,
};
