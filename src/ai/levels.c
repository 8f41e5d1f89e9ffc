/*
 * levels.c - the named levels `easy`, `medium` and `hard`: ismcts with fixed budgets, so that
 * people can pick a strength without knowing the search's keys. They accept seed= only. The
 * budgets are shared by the games unless a game sets its own (qv_game.levels); they are chosen
 * and measured in docs/ai/levels.md (hard answers within 2 seconds on 2 cores). qv_agent_levels
 * lists them, with beginner (greedy.c), random and greedy, as the kinds a person picks by name
 * alone; qv_agent_offered the ones a page offers a person to play against; qv_agent_level_elo reads
 * a level's measured strength in a game (its descriptor's ladder).
 */
#include <stdio.h>
#include <string.h>

#include "ai/mcts.h"

static const qv_param_def level_keys[] = {
    QV_AGENT_SEED_KEY("seed of the search"),
};
#define LEVEL_NKEYS ((int)(sizeof level_keys / sizeof level_keys[0]))

/* The shared budgets, as ismcts options. */
#define LEVEL_EASY   "iterations=100"
#define LEVEL_MEDIUM "iterations=1000"
#define LEVEL_HARD   "iterations=30000,threads=2,time=1.6"
static const char *const level_default[QV_AGENT_SEARCH_LEVELS] = {LEVEL_EASY, LEVEL_MEDIUM,
                                                                  LEVEL_HARD};
/* The first QV_AGENT_SEARCH_LEVELS are the levels, in the order of level_default. */
const char *const qv_agent_levels[] = {"easy",   "medium", "hard", "beginner",
                                       "random", "greedy", NULL};
const char *const qv_agent_offered[] = {"beginner", "easy", "medium", "hard", NULL};

bool qv_agent_level_searches(const char *name)
{
	for (int k = 0; k < QV_AGENT_SEARCH_LEVELS; k++)
		if (strcmp(name, qv_agent_levels[k]) == 0)
			return true;
	return false;
}

const char *qv_agent_level_options(const qv_game *g, const char *level)
{
	for (int k = 0; k < QV_AGENT_SEARCH_LEVELS; k++)
		if (strcmp(level, qv_agent_levels[k]) == 0)
			return g && g->levels[k] ? g->levels[k] : level_default[k];
	return NULL;
}

const qv_level_elo *qv_agent_level_elo(const qv_game *g, const char *level)
{
	for (const qv_level_elo *e = g->ladder; e && e->level; e++)
		if (strcmp(e->level, level) == 0)
			return e;
	return NULL;
}

bool qv_agent_level_settled(const qv_level_elo *e)
{
	return e->hi - e->lo <= 2 * QV_LADDER_SETTLED;
}

/* Creates the ismcts search of level k from the game's options for it. */
static qv_status level_create(qv_agent *a, int k, qv_err *err)
{
	qv_params opts = {0};
	qv_status rc =
	    qv_params_parse_list(&opts, qv_agent_level_options(a->game, qv_agent_levels[k]), err);
	return rc ? rc : qv__mcts_create(a, true, &opts, err);
}

static qv_status easy_create(qv_agent *a, const qv_params *opts, qv_err *err)
{
	(void)opts;
	return level_create(a, 0, err);
}

static qv_status medium_create(qv_agent *a, const qv_params *opts, qv_err *err)
{
	(void)opts;
	return level_create(a, 1, err);
}

static qv_status hard_create(qv_agent *a, const qv_params *opts, qv_err *err)
{
	(void)opts;
	return level_create(a, 2, err);
}

#define LEVEL_KIND(lname, create_fn, budget)                                                       \
	{                                                                                          \
		.name = lname,                                                                     \
		.help = lname "[:seed=N] - ismcts:" budget " (a game may set "                     \
		              "its own: quiver rules GAME)",                                       \
		.keys = level_keys, .nkeys = LEVEL_NKEYS, .create = create_fn,                     \
		.choose = qv__mcts_choose, .destroy = qv__mcts_destroy,                            \
		.observe = qv__mcts_observe, .reset = qv__mcts_reset, .stats = qv__mcts_stats,     \
		.held = qv__mcts_held,                                                             \
	}

const qv_agent_kind qv_agent_easy = LEVEL_KIND("easy", easy_create, LEVEL_EASY);
const qv_agent_kind qv_agent_medium = LEVEL_KIND("medium", medium_create, LEVEL_MEDIUM);
const qv_agent_kind qv_agent_hard = LEVEL_KIND("hard", hard_create, LEVEL_HARD);
