/*
 * greedy.c - the greedy agent: looks one decision ahead. For each legal action it applies the
 * action to a copy, averages over the chance events (and forced single-option decisions) that
 * follow, and prefers the largest score lead, then the best positional heuristic; ties are
 * broken uniformly at random with the agent's RNG. Under a restriction (qv_agent_forbid) it
 * judges only the allowed actions.
 *
 * The beginner agent (the level `beginner`) is greedy with a first-time player's mistakes: it
 * values every action as greedy does, then plays the best one only part of the time; otherwise
 * it picks among the better half of its options (a plausible move that misses a capture or a
 * threat), and now and then any legal action at all.
 *
 * All states it needs are allocated once at creation: the search is a few fixed levels deep.
 */
#include <stdlib.h>
#include <string.h>

#include "quiver/agent.h"

/* How many consecutive chance events or forced decisions are followed after the action. */
#define GREEDY_DEPTH 3
/* Values closer than this count as equal (expectations are sums of products of doubles). */
#define GREEDY_EPS 1e-9

static const qv_param_def greedy_keys[] = {
    QV_AGENT_SEED_KEY("seed of the tie-breaking random choices"),
};

/* The beginner's mistakes, measured against greedy and easy in docs/benchmarks.md. */
#define BEGINNER_MISTAKES "0.7"
#define BEGINNER_WILD     "0.2"
static const qv_param_def beginner_keys[] = {
    QV_AGENT_SEED_KEY("seed of its choices and mistakes"),
    {.key = "mistakes",
     .def = BEGINNER_MISTAKES,
     .help = "chance of a plausible move (one of the better half) instead of the best",
     .kind = QV_PARAM_REAL,
     .lo = 0,
     .hi = 1},
    {.key = "wild",
     .def = BEGINNER_WILD,
     .help = "chance of any legal action at all",
     .kind = QV_PARAM_REAL,
     .lo = 0,
     .hi = 1},
};
#define BEGINNER_NKEYS ((int)(sizeof beginner_keys / sizeof beginner_keys[0]))

/* A value to maximize: the score lead first, the heuristic second. */
typedef struct greedy_value {
	double lead;
	double heur;
} greedy_value;

/* One legal action with its value, for the beginner's ranking. */
typedef struct ranked {
	greedy_value v;
	qv_action a;
} ranked;

/* Scratch for the lookahead: GREEDY_DEPTH + 1 states (level d holds the state d events after
 * the action) and, per level, room for the outcomes of a chance event or the legal actions. */
typedef struct greedy_data {
	unsigned char *states;
	qv_action *acts;
	double *probs;
	size_t nacts;  /* entries per level in acts */
	size_t nprobs; /* entries per level in probs */
	ranked *rank;  /* the beginner's: max_actions entries; NULL for greedy */
	double mistakes, wild;
} greedy_data;

/* Allocates the per-level scratch for the game the agent plays. */
static qv_status greedy_create(qv_agent *a, const qv_params *opts, qv_err *err)
{
	(void)opts;
	const qv_game *g = a->game;
	greedy_data *gd = calloc(1, sizeof *gd);
	if (!gd)
		return qv_fail(err, QV_ENOMEM, "out of memory creating agent %s", a->kind->name);
	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	gd->nacts = (size_t)(most > 0 ? most : 1);
	gd->nprobs = (size_t)(g->max_chance > 0 ? g->max_chance : 1);
	gd->states = malloc(g->state_size * (GREEDY_DEPTH + 1));
	gd->acts = malloc(sizeof *gd->acts * gd->nacts * GREEDY_DEPTH);
	gd->probs = malloc(sizeof *gd->probs * gd->nprobs * GREEDY_DEPTH);
	if (!gd->states || !gd->acts || !gd->probs) {
		free(gd->states);
		free(gd->acts);
		free(gd->probs);
		free(gd);
		return qv_fail(err, QV_ENOMEM, "out of memory creating agent %s", a->kind->name);
	}
	a->data = gd;
	return QV_OK;
}

/* Releases the lookahead scratch. */
static void greedy_destroy(qv_agent *a)
{
	greedy_data *gd = a->data;
	if (!gd)
		return;
	free(gd->states);
	free(gd->acts);
	free(gd->probs);
	free(gd->rank);
	free(gd);
	a->data = NULL;
}

/* The scratch state of lookahead level d. */
static void *level_state(const qv_agent *a, int d)
{
	const greedy_data *gd = a->data;
	return gd->states + a->game->state_size * (size_t)d;
}

/* The static value of a state for player: own score minus the best other score, and the
 * game's heuristic (0 when the game has none). */
static greedy_value static_value(const qv_game *g, const void *st, int player)
{
	int score[QV_MAX_PLAYERS] = {0};
	g->score(st, score);
	int n = g->num_players(st);
	int best = 0;
	bool any = false;
	for (int i = 0; i < n && i < QV_MAX_PLAYERS; i++)
		if (i != player && (!any || score[i] > best)) {
			best = score[i];
			any = true;
		}
	greedy_value v = {(double)(score[player] - (any ? best : 0)), 0.0};
	if (g->heuristic)
		v.heur = g->heuristic(st, player);
	return v;
}

/* The value for player of the state at level d: the probability-weighted average over a
 * pending chance event, the value after a forced single-option decision, or the static value.
 * Outcomes the game refuses (which would be a game bug) are left out of the average. */
static greedy_value level_value(qv_agent *a, int d, int player)
{
	const qv_game *g = a->game;
	greedy_data *gd = a->data;
	void *st = level_state(a, d);
	int tm = g->to_move(st);
	if (d >= GREEDY_DEPTH || tm == QV_OVER)
		return static_value(g, st, player);
	qv_action *acts = gd->acts + gd->nacts * (size_t)d;
	void *next = level_state(a, d + 1);
	if (tm == QV_CHANCE) {
		double *probs = gd->probs + gd->nprobs * (size_t)d;
		int n = g->chance(st, acts, probs);
		greedy_value sum = {0, 0};
		double total = 0;
		for (int i = 0; i < n; i++) {
			memcpy(next, st, g->state_size);
			g->apply(next, acts[i], NULL);
			greedy_value v = level_value(a, d + 1, player);
			sum.lead += probs[i] * v.lead;
			sum.heur += probs[i] * v.heur;
			total += probs[i];
		}
		if (total <= 0)
			return static_value(g, st, player);
		sum.lead /= total;
		sum.heur /= total;
		return sum;
	}
	if (g->legal(st, acts) == 1) {
		memcpy(next, st, g->state_size);
		g->apply(next, acts[0], NULL);
		return level_value(a, d + 1, player);
	}
	return static_value(g, st, player);
}

/* Whether x is worth more than y (a larger lead, or the same lead and a larger heuristic). */
static bool value_above(greedy_value x, greedy_value y)
{
	return x.lead > y.lead + GREEDY_EPS ||
	       (x.lead >= y.lead - GREEDY_EPS && x.heur > y.heur + GREEDY_EPS);
}

/* Evaluates every legal action and keeps the best; among equally good actions each is chosen
 * with equal probability (reservoir sampling over the ties). */
static qv_action greedy_choose(qv_agent *a, void *st, int player)
{
	const qv_game *g = a->game;
	int n = qv__agent_legal(a, st, a->abuf);
	qv_action best = n > 0 ? a->abuf[0] : -1;
	greedy_value bv = {0, 0};
	uint32_t ties = 0;
	void *child = level_state(a, 0);
	for (int i = 0; i < n; i++) {
		memcpy(child, st, g->state_size);
		g->apply(child, a->abuf[i], NULL);
		greedy_value v = level_value(a, 0, player);
		bool better = ties == 0 || value_above(v, bv);
		if (better) {
			best = a->abuf[i];
			bv = v;
			ties = 1;
		} else if (v.lead >= bv.lead - GREEDY_EPS && v.heur >= bv.heur - GREEDY_EPS) {
			ties++;
			if (qv_rng_below(&a->rng, ties) == 0)
				best = a->abuf[i];
		}
	}
	return best;
}

const qv_agent_kind qv_agent_greedy = {
    .name = "greedy",
    .help = "greedy[:seed=N] - one ply: best expected score lead after the action, then the "
            "game's heuristic, ties at random",
    .keys = greedy_keys,
    .nkeys = (int)(sizeof greedy_keys / sizeof greedy_keys[0]),
    .create = greedy_create,
    .choose = greedy_choose,
    .destroy = greedy_destroy,
};

const char *qv_agent_beginner_options(const qv_game *g)
{
	return g && g->beginner ? g->beginner
	                        : "mistakes=" BEGINNER_MISTAKES ",wild=" BEGINNER_WILD;
}

/* The beginner: greedy's scratch, its ranking and its two chances of a mistake. */
static qv_status beginner_create(qv_agent *a, const qv_params *opts, qv_err *err)
{
	double mistakes, wild;
	qv_params own = {0}; /* the game's options for the level, under the spec's own */
	qv_status rc = qv_params_parse_list(&own, qv_agent_beginner_options(a->game), err);
	if (rc ||
	    (rc = qv_param_double(&own, beginner_keys, BEGINNER_NKEYS, "mistakes", &mistakes,
	                          err)) ||
	    (rc = qv_param_double(&own, beginner_keys, BEGINNER_NKEYS, "wild", &wild, err)))
		return rc;
	if ((qv_params_get(opts, "mistakes") &&
	     (rc = qv_param_double(opts, beginner_keys, BEGINNER_NKEYS, "mistakes", &mistakes,
	                           err))) ||
	    (qv_params_get(opts, "wild") &&
	     (rc = qv_param_double(opts, beginner_keys, BEGINNER_NKEYS, "wild", &wild, err))))
		return rc;
	if ((rc = greedy_create(a, opts, err)))
		return rc;
	greedy_data *gd = a->data;
	gd->rank = malloc(sizeof *gd->rank *
	                  (size_t)(a->game->max_actions > 0 ? a->game->max_actions : 1));
	if (!gd->rank) {
		greedy_destroy(a);
		return qv_fail(err, QV_ENOMEM, "out of memory creating agent beginner");
	}
	gd->mistakes = mistakes;
	gd->wild = wild;
	return QV_OK;
}

/* Best first; equal values keep the game's order of the actions (a stable key). */
static int ranked_cmp(const void *x, const void *y)
{
	const ranked *p = x, *q = y;
	if (value_above(p->v, q->v))
		return -1;
	if (value_above(q->v, p->v))
		return 1;
	return (p->a > q->a) - (p->a < q->a);
}

/* Any legal action with probability wild; otherwise, with probability mistakes, one of the
 * better half of the actions ranked by greedy's value, and else one of the best. */
static qv_action beginner_choose(qv_agent *a, void *st, int player)
{
	const qv_game *g = a->game;
	greedy_data *gd = a->data;
	int n = qv__agent_legal(a, st, a->abuf);
	if (n <= 1)
		return n == 1 ? a->abuf[0] : -1;
	double r = qv_rng_double(&a->rng);
	if (r < gd->wild)
		return a->abuf[qv_rng_below(&a->rng, (uint32_t)n)];
	void *child = level_state(a, 0);
	for (int i = 0; i < n; i++) {
		memcpy(child, st, g->state_size);
		g->apply(child, a->abuf[i], NULL);
		gd->rank[i] = (ranked){level_value(a, 0, player), a->abuf[i]};
	}
	qsort(gd->rank, (size_t)n, sizeof *gd->rank, ranked_cmp);
	int pool = 1; /* the best, and whatever ties with it */
	while (pool < n && !value_above(gd->rank[0].v, gd->rank[pool].v))
		pool++;
	if (r < gd->wild + (1 - gd->wild) * gd->mistakes && pool < (n + 1) / 2)
		pool = (n + 1) / 2;
	return gd->rank[qv_rng_below(&a->rng, (uint32_t)pool)].a;
}

const qv_agent_kind qv_agent_beginner = {
    .name = "beginner",
    .help = "beginner[:seed=N,mistakes=" BEGINNER_MISTAKES ",wild=" BEGINNER_WILD
            "] - greedy with a first-time player's mistakes: a plausible move instead of the "
            "best with chance mistakes, any move with chance wild (a game may set its own: "
            "quiver rules GAME)",
    .keys = beginner_keys,
    .nkeys = BEGINNER_NKEYS,
    .create = beginner_create,
    .choose = beginner_choose,
    .destroy = greedy_destroy,
};
