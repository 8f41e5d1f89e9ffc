/*
 * mcts_tree.h - what the files of the search share (mcts.c, mcts_tree.c, mcts_select.c,
 * mcts_rank.c, mcts_sample.c, mcts_time.c): its constants, a thread's tree, the small helpers of
 * the hot path (inline here, so that every file's loops keep them inlined without link-time
 * optimization), and the functions one file lends another. Internal to the search's files.
 */
#ifndef QUIVER_AI_MCTS_TREE_H
#define QUIVER_AI_MCTS_TREE_H

#include <math.h>
#include <stdatomic.h>
#include <string.h>

#include "ai/mcts_conf.h"
#include "core/find32.h"
#include "core/rng.h"

/* The best untried actions a ranking keeps, in order, for a node's next children: a node is
 * ranked again only after this many new children (about MCTS_KEEP^2 / widen^2 visits). */
#define MCTS_KEEP 16
/* Entries of the pool of kept orders per arena node (an order takes 1 + up to MCTS_KEEP - 1;
 * about every second node is ranked). When the pool is full a node keeps no order. */
#define MCTS_ORDER_PER_NODE 8
/* A node is ranked by the prior once it has this many visits; younger nodes add a random
 * untried action (ranking costs one apply and evaluation per legal action). */
#define MCTS_RANK_MIN 2
/* A visit that lists the legal actions looks for each child in the list when the node has at
 * most this many children, and indexes the children when it has more (mark_legal)... */
#define MCTS_SCAN_KIDS 10
/* ... and looks for every child in a list of at most this many legal actions (select_child). */
#define MCTS_SCAN_SHORT 16
/* Bits of mark_legal's filter of the children: 2^this. */
#define MCTS_FILTER_LOG 12
/* Weights of the static value: a captured-piece lead and the game's heuristic. */
#define MCTS_LEAD_W 0.5
#define MCTS_HEUR_W 1.0
/* Deepest descent of one iteration (decisions); beyond it the state is evaluated. */
#define MCTS_MAX_DEPTH 1000
/* The clock is read every this many iterations. */
#define MCTS_CLOCK_EVERY 16
typedef qv__mcts_conf mcts_conf;

/* One edge of the tree (the node it leads to). A new or compacted tree has its root at index
 * 0, which is nobody's child or sibling, so 0 in a link means none. A child always has a
 * larger index than its parent, which is what compaction relies on. */
typedef struct mcts_node {
	qv_action action; /* the decision leading here from the parent */
	uint32_t child;   /* first child */
	uint32_t sibling; /* next child of the same parent */
	uint32_t visits;  /* iterations through this edge (at least 1 once the iteration that
	                   * added it ends) */
	uint32_t avail;   /* iterations in which the parent was visited with this action legal */
	uint32_t kept;    /* its kept order's offset in the tree's pool (keep_order); 0: none */
} mcts_node;

/* A block of memory mapped for a tree (mmap), so that freeing it gives its pages back to the
 * system at once, whatever the allocator's thresholds (a server holds many agents). */
typedef struct mcts_block {
	void *p;
	size_t len;
} mcts_block;

/* One thread's tree with its arena, RNG and scratch. All of it lives in two mapped blocks:
 * the arena with the fixed scratch, and the children's scratch, which grows. */
typedef struct mcts_tree {
	const qv_game *g;
	const mcts_conf *cf;
	int stride; /* returns per node: the game's max_players */
	mcts_block arena, kids;
	mcts_node *node;
	double *ret; /* stride sums of returns per node */
	uint32_t *map;
	uint32_t cap, used, root;
	bool valid;
	qv_rng rng;
	unsigned char *st, *tmp; /* the iteration's state; the ranking's scratch */
	qv_action *acts;         /* max(max_actions, max_chance) */
	double *probs;
	int *cand, *cscore; /* legal indices drawn for a ranking; values_after's scores (below) */
	double *cheur;      /* per legal index: values_after's heuristic, its scores in cscore */
	bool *cok;          /* (QV_MAX_PLAYERS an action) and whether it valued the action */
	uint32_t *cstamp, cgen; /* per legal index: cgen when drawn in the current ranking */
	uint32_t *path;
	uint8_t *lkid;    /* per legal index: the action is a child of the visited node */
	uint64_t *filter; /* mark_legal's: 1 << MCTS_FILTER_LOG bits, all 0 between uses */
	/* the pool of kept orders: at an offset o, the count m, then m actions (-1: taken) */
	qv_action *order;
	uint32_t ocap, oused;
	/* The children's scratch (block kids), for kcap children. A node's children are the
	 * actions tried in any of its visits; open loop, the visits differ in dice and (ismcts)
	 * in guesses of hidden information, so they are not bounded by the legal actions of one
	 * visit: in Evons the opponent's secret mulligan returns different cards in every guess,
	 * and its node gathered more than max_actions children. Each child is a node of the
	 * arena, so kcap grows as needed up to the arena's size (qv__mcts_kids_room). */
	uint32_t kcap;
	uint32_t *kid;  /* the visited node's children, in sibling order */
	uint8_t *kidok; /* per child: legal in this visit (a visit that listed the legal actions) */
	/* action -> a value (a legal index, or a position in kid), open addressing with
	 * generation stamps, hcap >= 2 * kcap entries; indexes the root's legal actions when
	 * merging, a node's children during a visit (by) */
	qv_action *hkey;
	uint32_t *hval, *hstamp;
	uint32_t hcap, hmask, stamp;
	/* the visit: what the index holds (MCTS_BY_*), the legal actions listed (-1: not), and
	 * whether it is deterministic: no chance outcome since the root, and the root never
	 * guessed afresh, so that the node's state is the same in every such visit of this
	 * decision (qv__mcts_iterate) */
	int by, nlegal;
	bool marked; /* the visit listed the legal actions and marked the children (mark_legal) */
	bool det;
	uint32_t born; /* the first node added in this decision (older ones were kept) */
	/* the current decision */
	const void *root_state;
	int me, np;
	uint64_t forbid;  /* the components me may not choose (qv_agent_forbid); 0: none */
	uint64_t budget;  /* iterations for this tree; 0: until the deadline */
	bool idle;        /* no share of a budget smaller than the number of threads */
	double deadline;  /* monotonic seconds; 0: none */
	atomic_int *stop; /* the agent's interrupt flag (qv_agent_interrupt) */
	uint64_t done;
} mcts_tree;

/* What the index holds during a visit. */
enum { MCTS_BY_NONE, MCTS_BY_KIDS };

/* ---- the legal-action index ---------------------------------------------------------------- */

static inline uint32_t hash_action(qv_action a)
{
	uint32_t h = (uint32_t)a * 0x9E3779B1u;
	return h ^ (h >> 15);
}

/* Empties the index, sized for n entries (at most half its capacity, so probes end). */
static inline void index_clear(mcts_tree *t, int n)
{
	QV_ASSERT(n >= 0 && 2 * (uint32_t)n <= t->hcap);
	uint32_t size = 16;
	while (size < 2 * (uint32_t)n && size < t->hcap)
		size <<= 1;
	t->hmask = size - 1;
	if (++t->stamp == 0) {
		memset(t->hstamp, 0, sizeof *t->hstamp * t->hcap);
		t->stamp = 1;
	}
}

/* Adds a (not yet indexed) with value v. */
static inline void index_add(mcts_tree *t, qv_action a, uint32_t v)
{
	QV_ASSERT(t->hmask < t->hcap);
	uint32_t h = hash_action(a) & t->hmask;
	while (t->hstamp[h] == t->stamp)
		h = (h + 1) & t->hmask;
	t->hstamp[h] = t->stamp;
	t->hkey[h] = a;
	t->hval[h] = v;
}

/* The value of a in the index, or -1. */
static inline int index_find(const mcts_tree *t, qv_action a)
{
	for (uint32_t h = hash_action(a) & t->hmask; t->hstamp[h] == t->stamp;
	     h = (h + 1) & t->hmask)
		if (t->hkey[h] == a)
			return (int)t->hval[h];
	return -1;
}

/* ---- a node's returns, a leaf's value, chance drawn ------------------------------------------ */

/* Node i's returns: t->stride sums, one per player. */
static inline double *ret_of(const mcts_tree *t, uint32_t i)
{
	QV_ASSERT(i < t->cap);
	return t->ret + (size_t)i * (size_t)t->stride;
}

/* The value of a position that is not over for player p, given every player's score: the
 * score lead over the best other player (in the game's score units) and the game's heuristic,
 * squashed into (-1, 1) by x/sqrt(1+x^2) (the shape of tanh at a fraction of its cost, which
 * showed in profiles). */
static inline double lead_of(const qv_game *g, const int *score, int p, int np, double heur)
{
	int best = 0;
	bool any = false;
	for (int q = 0; q < np; q++)
		if (q != p && (!any || score[q] > best)) {
			best = score[q];
			any = true;
		}
	int unit = g->score_unit > 0 ? g->score_unit : 1;
	double x = MCTS_LEAD_W * (double)(score[p] - best) / unit + MCTS_HEUR_W * heur;
	return x / sqrt(1 + x * x);
}

/* lead_of with the game's heuristic for p (0 without one). */
static inline double lead_value(const qv_game *g, const void *st, const int *score, int p, int np)
{
	return lead_of(g, score, p, np, g->heuristic ? g->heuristic(st, p) : 0);
}

/* Applies drawn chance outcomes until a player is to move or the game is over; returns
 * to_move. An outcome the game refuses (a game bug) ends the walk as if the game were over. */
static inline int settle(mcts_tree *t, void *st)
{
	const qv_game *g = t->g;
	int tm;
	while ((tm = g->to_move(st)) == QV_CHANCE) {
		qv_action o = qv_sample_chance(g, st, &t->rng, t->acts, t->probs);
		if (o < 0)
			return QV_OVER;
		g->apply(st, o, NULL);
		t->det = false;
	}
	return tm;
}

/* ---- the tree's memory (mcts_tree.c) --------------------------------------------------------- */

/* Sets up a tree's settings and RNG (its memory comes with qv__mcts_tree_map). */
void qv__mcts_tree_init(mcts_tree *t, const qv_game *g, const mcts_conf *cf, uint64_t seed);

/* Maps the tree's arena and scratch (the children's for max(max_actions, max_chance) children
 * to begin with); false when the system refuses. */
bool qv__mcts_tree_map(mcts_tree *t);

/* Gives back the tree's memory; the tree keeps its settings and RNG, and is no longer valid. */
void qv__mcts_tree_unmap(mcts_tree *t);

/* Empties the tree: only the root remains. */
void qv__mcts_tree_clear(mcts_tree *t);

/* Moves the subtree under t->root to the front of the arena (the root to index 0) and drops
 * everything else, the kept orders too. */
void qv__mcts_tree_compact(mcts_tree *t);

/* Makes room in the children's scratch for `need` children; false when it may not grow or the
 * memory cannot be had. The index's contents are lost, the children listed in kid are kept. */
bool qv__mcts_kids_room(mcts_tree *t, uint32_t need);

/* ---- an iteration (mcts_select.c, mcts_rank.c, mcts_sample.c) ------------------------------ */

/* One iteration: from (a determinization of) the root down the tree, one new leaf, its value,
 * and the value added to every edge on the path. */
void qv__mcts_iterate(mcts_tree *t);

/* The best untried legal action of node ni (t->st its state, t->acts[0..n) its legal actions,
 * t->lkid marking its `ntaken` children) by the mover's static value after each, the next
 * MCTS_KEEP - 1 kept in order for its next children; -1 when nothing is left. */
qv_action qv__mcts_rank(mcts_tree *t, uint32_t ni, int n, int ntaken, int mover);

/* Copies the root state into t->st, determinized afresh for ismcts (t->det tells whether the
 * visits of this iteration are deterministic). */
void qv__mcts_deal(mcts_tree *t);

/* The static values of st for every player, the scores read once. */
void qv__mcts_evaluate(const mcts_tree *t, const void *st, double *out);

/* A random playout of at most `plies` decisions from st, then its static values. */
void qv__mcts_playout(mcts_tree *t, void *st, int plies, double *out);

/* ---- the time (mcts_time.c) ------------------------------------------------------------------ */

/* Searches the ntrees trees, set up for the decision, each until its share of cf's iterations,
 * the deadline (t0 + time=, or the cap) or an interrupt: thread 0 is the caller's, the others
 * on threads of their own. */
void qv__mcts_run(mcts_tree *trees, int ntrees, const mcts_conf *cf, double t0);

#endif
