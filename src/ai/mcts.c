/*
 * mcts.c - Monte Carlo tree search over the game interface: the agent kinds `mcts` and
 * `ismcts` (docs/ai.md explains the choices and their measurements): their data, a decision
 * (the trees set up, searched, merged and the action chosen) and the game followed between
 * decisions. The search itself is in the files named below.
 *
 * The tree is open-loop: a node stands for a sequence of player decisions from the root, and
 * each iteration copies the root state and replays the decisions down the tree (mcts_select.c).
 * Chance events are not nodes: an outcome is drawn whenever chance is to move, and ismcts
 * guesses the hidden information afresh in every iteration (mcts_sample.c, with the leaf's
 * value). Because the same node can be reached with different dice and guesses, the legal
 * actions at a node vary from one iteration to the next, and every child keeps an availability
 * count; children are added lazily by progressive widening (mcts_select.c), ordered by a
 * one-ply prior (mcts_rank.c). Each thread owns one tree in a node arena (mcts_tree.c); the
 * trees are searched until the iterations, the time or an interrupt say stop (mcts_time.c).
 *
 * Restricted play (qv_agent_forbid): at the root, and at every later decision of the agent's
 * own seat in the tree, the legal actions are narrowed to the allowed ones before anything
 * else (such a visit lists them, even in a game whose check is cheap), so the search neither
 * plays nor expects of itself an action of the forbidden component; the opponents' decisions
 * and the random playouts are not narrowed. An agent that forbids nothing pays one comparison
 * per visit.
 *
 * The value of a decision (qv_agent_stats.value) is the chosen root edge's mean return for
 * the mover, over every thread's tree.
 *
 * blunder=P is a handicap for the levels of a game where more search stops paying (docs/ai.md):
 * with probability P a decision is a uniformly random legal action, drawn without searching.
 *
 * Threads use root parallelism: independent trees with their own RNG (seeded from the agent's
 * seed and the thread's index), whose root visit counts are summed. Between decisions the
 * subtree of the actions that were played is kept (qv_agent_observe moves the root down).
 */
#include <stdlib.h>
#include <string.h>

#include "ai/mcts.h"
#include "ai/mcts_tree.h"
#include "core/clock.h"
#include "core/lncount.h"

/* The agent's data: the settings, one tree per thread, the last decision's root edges. */
typedef struct mcts_data {
	mcts_conf cf;
	mcts_tree *trees;
	int ntrees;
	bool ready;    /* the trees and the merge's scratch are allocated (search_alloc) */
	bool observed; /* an action was observed since the last decision */
	qv_agent_stats last;
	qv__mcts_edge *edges; /* the root edges of the last decision */
	int nedges;
	double *acc; /* max_actions * stride: summed returns while merging the threads */
	uint32_t *accv;
} mcts_data;

/* Bytes the search of d holds: the trees, their scratch and the merge's. */
static size_t search_bytes(const mcts_data *d, const qv_game *g)
{
	size_t bytes = 0;
	for (int k = 0; k < d->ntrees; k++)
		bytes += d->trees[k].arena.len + d->trees[k].kids.len;
	if (d->ready) {
		size_t na = (size_t)(g->max_actions > 0 ? g->max_actions : 1);
		bytes += na * (sizeof *d->edges + sizeof *d->accv +
		               sizeof *d->acc * (size_t)g->max_players);
	} else {
		bytes += sizeof *d->edges * (size_t)d->nedges;
	}
	return bytes;
}

/* Gives back everything the search holds between decisions but the root edges of the last
 * decision (a few hundred bytes to a few kilobytes), which move to a block of their size. */
static void search_release(mcts_data *d)
{
	for (int k = 0; k < d->ntrees; k++)
		qv__mcts_tree_unmap(&d->trees[k]);
	free(d->acc);
	free(d->accv);
	d->acc = NULL;
	d->accv = NULL;
	if (d->ready) {
		qv__mcts_edge *e = d->nedges ? malloc(sizeof *e * (size_t)d->nedges) : NULL;
		if (e)
			memcpy(e, d->edges, sizeof *e * (size_t)d->nedges);
		else
			d->nedges = 0;
		free(d->edges);
		d->edges = e;
	}
	d->ready = false;
}

/* Allocates the trees and the merge's scratch; false (nothing held) when memory is short. */
static bool search_alloc(mcts_data *d, const qv_game *g)
{
	size_t na = (size_t)(g->max_actions > 0 ? g->max_actions : 1);
	free(d->edges);
	d->edges = malloc(sizeof *d->edges * na);
	d->nedges = 0;
	d->acc = malloc(sizeof *d->acc * na * (size_t)g->max_players);
	d->accv = malloc(sizeof *d->accv * na);
	d->ready = true;
	bool ok = d->edges && d->acc && d->accv;
	for (int k = 0; ok && k < d->ntrees; k++)
		ok = qv__mcts_tree_map(&d->trees[k]);
	if (!ok)
		search_release(d);
	return ok;
}

void qv__mcts_destroy(qv_agent *a)
{
	mcts_data *d = a->data;
	if (!d)
		return;
	for (int i = 0; i < d->ntrees; i++)
		qv__mcts_tree_unmap(&d->trees[i]);
	free(d->trees);
	free(d->edges);
	free(d->acc);
	free(d->accv);
	free(d);
	a->data = NULL;
}

/* Bytes of tree memory one node costs with `stride` returns: the node, its returns, its slot
 * in the compaction map and its share of the pool of kept orders (arena_layout). */
static size_t node_bytes(int stride)
{
	return sizeof(mcts_node) + sizeof(double) * (size_t)stride + sizeof(uint32_t) +
	       sizeof(qv_action) * MCTS_ORDER_PER_NODE;
}

qv_status qv__mcts_create(qv_agent *a, bool ismcts, const qv_params *opts, qv_err *err)
{
	const qv_game *g = a->game;
	const char *name = ismcts ? "ismcts" : "mcts";
	qv__ln_init();
	mcts_data *d = calloc(1, sizeof *d);
	if (!d)
		return qv_fail(err, QV_ENOMEM, "out of memory creating agent %s", name);
	qv_err e;
	if (qv__mcts_read_conf(opts, ismcts, node_bytes(g->max_players), &d->cf, &e)) {
		free(d);
		return qv_fail(err, QV_EINVAL,
		               "%s (agent %s takes %s[:key=value,...], keys: iterations, time, c, "
		               "threads, playout, widen, nodes, blunder, rank, prior, seed)",
		               e.msg, name, name);
	}
	a->data = d;
	d->trees = calloc((size_t)d->cf.threads, sizeof *d->trees);
	bool ok = d->trees != NULL;
	uint64_t base = qv_rng_next(&a->rng);
	for (int i = 0; ok && i < d->cf.threads; i++)
		qv__mcts_tree_init(&d->trees[i], g, &d->cf, qv_seed_mix(base, (uint64_t)i));
	if (ok)
		d->ntrees = d->cf.threads;
	/* The memory is had now, so that a setting the machine cannot hold fails here with a
	 * message; an agent that keeps no trees gives it back after each decision
	 * (qv_agent_set_keep) and maps it again at the next. */
	ok = ok && search_alloc(d, g);
	if (!ok) {
		unsigned nodes = (unsigned)d->cf.nodes; /* read before d is freed */
		qv__mcts_destroy(a);
		return qv_fail(err, QV_ENOMEM,
		               "out of memory creating agent %s (%u nodes per thread; "
		               "try a smaller nodes= or iterations=)",
		               name, nodes);
	}
	return QV_OK;
}

/* ---- the decision ---------------------------------------------------------------------------- */

/* Indexes acts[0..n) (distinct actions) by their position. */
static void legal_index(mcts_tree *t, const qv_action *acts, int n)
{
	index_clear(t, n);
	for (int i = 0; i < n; i++)
		index_add(t, acts[i], (uint32_t)i);
}

/* Most visited first, ties in the legal order: the same order whatever the C library's qsort
 * does with equal elements (glibc's kept them in order, musl's, in a browser, does not). */
static int edge_cmp(const void *x, const void *y)
{
	const qv__mcts_edge *a = x, *b = y;
	if (a->visits != b->visits)
		return (a->visits < b->visits) - (a->visits > b->visits);
	return (a->index > b->index) - (a->index < b->index);
}

/* Sums the root edges of every tree over the legal actions acts[0..n) of the root into
 * d->edges, most visited first. */
static void merge_roots(mcts_data *d, const qv_action *acts, int n, int np, int stride)
{
	mcts_tree *t0 = &d->trees[0];
	legal_index(t0, acts, n);
	memset(d->accv, 0, sizeof *d->accv * (size_t)n);
	memset(d->acc, 0, sizeof *d->acc * (size_t)n * (size_t)stride);
	for (int k = 0; k < d->ntrees; k++) {
		mcts_tree *t = &d->trees[k];
		for (uint32_t c = t->node[t->root].child; c; c = t->node[c].sibling) {
			int i = t->node[c].visits ? index_find(t0, t->node[c].action) : -1;
			if (i < 0)
				continue;
			d->accv[i] += t->node[c].visits;
			for (int p = 0; p < np; p++)
				d->acc[(size_t)i * (size_t)stride + (size_t)p] += ret_of(t, c)[p];
		}
	}
	d->nedges = 0;
	for (int i = 0; i < n; i++) {
		if (!d->accv[i])
			continue;
		qv__mcts_edge *e = &d->edges[d->nedges++];
		e->action = acts[i];
		e->index = i;
		e->visits = d->accv[i];
		for (int p = 0; p < QV_MAX_PLAYERS; p++)
			e->mean[p] =
			    p < np ? d->acc[(size_t)i * (size_t)stride + (size_t)p] / e->visits : 0;
	}
	qsort(d->edges, (size_t)d->nedges, sizeof *d->edges, edge_cmp);
} /* A decision made without a search, in *out, when there is one: the only legal action (or -1
   * for none), the handicap's random action (blunder=; the kept trees stay, observe moves them
   * down as usual), or a random legal action when an agent that keeps no trees cannot have the
   * memory for this decision's (nothing held). */
static bool unsearched(qv_agent *a, mcts_data *d, int n, qv_action *out)
{
	if (n <= 1) {
		d->observed = false;
		*out = n == 1 ? a->abuf[0] : -1;
		return true;
	}
	bool blunder = d->cf.blunder > 0 && qv_rng_double(&a->rng) < d->cf.blunder;
	if (!blunder && (d->ready || search_alloc(d, a->game)))
		return false;
	d->observed = false;
	*out = a->abuf[qv_rng_below(&a->rng, (uint32_t)n)];
	return true;
}

/* Sets every tree up for the decision at st where `player` moves among np players: the kept
 * subtree compacted when the caller followed the game since the last decision (keep), else,
 * or when it fills more than half the arena, a tree afresh. */
static void plant_roots(qv_agent *a, mcts_data *d, const void *st, int player, int np, bool keep)
{
	for (int k = 0; k < d->ntrees; k++) {
		mcts_tree *t = &d->trees[k];
		if (t->valid && keep && t->np == np)
			qv__mcts_tree_compact(t);
		else
			qv__mcts_tree_clear(t);
		if (t->used > t->cap / 2)
			qv__mcts_tree_clear(t);
		t->born = t->used;
		t->root_state = st;
		t->stop = &a->stop;
		t->me = player;
		t->forbid = a->forbid;
		t->np = np;
	}
}

/* The action of the merged root edges to play: the most visited, among equals the best mean
 * for the player (the decision's value); a random legal action of the n when none was visited. */
static qv_action best_edge(qv_agent *a, mcts_data *d, int n, int player)
{
	if (d->nedges == 0)
		return a->abuf[qv_rng_below(&a->rng, (uint32_t)n)];
	const qv__mcts_edge *best = &d->edges[0];
	for (int i = 1; i < d->nedges && d->edges[i].visits == best->visits; i++)
		if (d->edges[i].mean[player] > best->mean[player])
			best = &d->edges[i];
	d->last.value = best->mean[player];
	return best->action;
}

qv_action qv__mcts_choose(qv_agent *a, void *st, int player)
{
	mcts_data *d = a->data;
	const qv_game *g = a->game;
	int n = qv__agent_legal(a, st, a->abuf);
	d->nedges = 0;
	if (!d->ready) { /* the last decision's root edges, all an agent that keeps nothing held */
		free(d->edges);
		d->edges = NULL;
	}
	d->last = (qv_agent_stats){0, 0, 0, 0, NAN};
	qv_action choice;
	if (unsearched(a, d, n, &choice))
		return choice;
	/* A caller that reported nothing since the last decision does not follow the game with
	 * qv_agent_observe, so the kept root may be stale: start afresh. */
	bool keep = d->observed;
	d->observed = false;
	double t0 = qv_mono();
	int np = g->num_players(st);
	plant_roots(a, d, st, player, np, keep);
	qv__mcts_run(d->trees, d->ntrees, &d->cf, t0);
	for (int k = 0; k < d->ntrees; k++) {
		d->last.iterations += d->trees[k].done;
		d->last.nodes += d->trees[k].used;
	}
	d->last.seconds = qv_mono() - t0;
	d->last.bytes = search_bytes(d, g);
	/* The search worked on a's scratch copy; a->abuf still holds the root's allowed actions. */
	merge_roots(d, a->abuf, n, np, g->max_players);
	choice = best_edge(a, d, n, player);
	if (a->release)
		search_release(d);
	return choice;
}

/* ---- following the game ---------------------------------------------------------------------- */

void qv__mcts_observe(qv_agent *a, int who, qv_action action)
{
	mcts_data *d = a->data;
	d->observed = true;
	for (int k = 0; k < d->ntrees; k++) {
		mcts_tree *t = &d->trees[k];
		if (!t->valid)
			continue;
		if (action < 0) {
			t->valid = false; /* something unseen happened: the tree no longer fits */
			continue;
		}
		if (who == QV_CHANCE)
			continue; /* open loop: chance outcomes are not nodes */
		uint32_t c = t->node[t->root].child;
		while (c && t->node[c].action != action)
			c = t->node[c].sibling;
		if (c)
			t->root = c;
		else
			t->valid = false;
	}
}

void qv__mcts_reset(qv_agent *a)
{
	mcts_data *d = a->data;
	for (int k = 0; k < d->ntrees; k++)
		d->trees[k].valid = false;
	d->observed = false;
	if (a->release && d->ready)
		search_release(d);
}

size_t qv__mcts_held(const qv_agent *a)
{
	const mcts_data *d = a->data;
	return search_bytes(d, a->game);
}

void qv__mcts_stats(const qv_agent *a, qv_agent_stats *out)
{
	const mcts_data *d = a->data;
	*out = d->last;
}

bool qv__mcts_has_tree(const qv_agent *a)
{
	if (a->kind->choose != qv__mcts_choose)
		return false;
	const mcts_data *d = a->data;
	for (int k = 0; k < d->ntrees; k++)
		if (d->trees[k].valid)
			return true;
	return false;
}

int qv__mcts_children(const qv_agent *a, qv_action *out, int max)
{
	if (a->kind->choose != qv__mcts_choose)
		return 0;
	const mcts_data *d = a->data;
	const mcts_tree *t = &d->trees[0];
	int n = 0;
	if (!d->ready || !t->valid)
		return 0;
	for (uint32_t c = t->node[t->root].child; c && n < max; c = t->node[c].sibling)
		if (t->node[c].visits)
			out[n++] = t->node[c].action;
	return n;
}

int qv__mcts_root(const qv_agent *a, qv__mcts_edge *out, int max)
{
	if (a->kind->choose != qv__mcts_choose)
		return -1;
	const mcts_data *d = a->data;
	int n = d->nedges < max ? d->nedges : max;
	/* (a decision not searched has no edges, and memcpy takes no null pointer even for 0) */
	if (n > 0)
		memcpy(out, d->edges, sizeof *out * (size_t)n);
	return n > 0 ? n : 0;
}

/* ---- the two kinds ----------------------------------------------------------------------------
 */

static qv_status mcts_create(qv_agent *a, const qv_params *opts, qv_err *err)
{
	return qv__mcts_create(a, false, opts, err);
}

static qv_status ismcts_create(qv_agent *a, const qv_params *opts, qv_err *err)
{
	return qv__mcts_create(a, true, opts, err);
}

const qv_agent_kind qv_agent_mcts = {
    .name = "mcts",
    .help = "mcts[:iterations=N,time=S,c=X,threads=N,playout=N,widen=X,nodes=N,blunder=P,"
            "rank=N,prior=0|1,seed=N] - UCT on the one determinization it is handed, chance "
            "sampled open-loop",
    .keys = qv__mcts_keys,
    .nkeys = QV__MCTS_NKEYS,
    .create = mcts_create,
    .choose = qv__mcts_choose,
    .destroy = qv__mcts_destroy,
    .observe = qv__mcts_observe,
    .reset = qv__mcts_reset,
    .stats = qv__mcts_stats,
    .held = qv__mcts_held,
};

const qv_agent_kind qv_agent_ismcts = {
    .name = "ismcts",
    .help = "ismcts[:iterations=N,time=S,c=X,threads=N,playout=N,widen=X,nodes=N,blunder=P,"
            "rank=N,prior=0|1,seed=N] - information-set MCTS: a fresh determinization every "
            "iteration",
    .keys = qv__mcts_keys,
    .nkeys = QV__MCTS_NKEYS,
    .create = ismcts_create,
    .choose = qv__mcts_choose,
    .destroy = qv__mcts_destroy,
    .observe = qv__mcts_observe,
    .reset = qv__mcts_reset,
    .stats = qv__mcts_stats,
    .held = qv__mcts_held,
};
