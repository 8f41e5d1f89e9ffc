/*
 * mcts.c - Monte Carlo tree search over the game interface: the agent kinds `mcts` and
 * `ismcts` (docs/ai.md explains the choices and their measurements).
 *
 * The tree is open-loop: a node stands for a sequence of player decisions from the root, and
 * each iteration copies the root state and replays the decisions down the tree. Chance events
 * are not nodes: whenever chance is to move, an outcome is drawn by its probability
 * (qv_sample_chance), so an edge's statistics are expectations over the dice. Because the same
 * node can be reached with different dice (and, in ismcts, different guesses of hidden
 * information), the legal actions at a node vary from one iteration to the next; every child
 * therefore keeps an availability count (how often its action was legal when its parent was
 * visited), which replaces the parent's visits in its exploration term (ISMCTS's subset-armed
 * bandit). Nodes keep a vector of returns, one per player, and selection maximizes the mean
 * return of the player to move in the iteration's own state, so any number of players works.
 *
 * Actions are many (THREE ARROWS opens with 1344), so children are added lazily by progressive
 * widening: a node visited n times may have about widen * sqrt(n) children that were tried.
 * The next child to try is the best untried one by a one-ply prior (the mover's static value
 * after the action), for a node visited at least MCTS_RANK_MIN times, over all its untried legal
 * actions (with rank=N, below the root, over N of them drawn at random: cheaper, but much weaker
 * in THREE ARROWS, so not the default); younger nodes add a random untried action. A ranking
 * costs an apply and a heuristic per action, so it is done once: the node keeps the next
 * MCTS_KEEP - 1 actions in order (a pool beside the arena), its next children taken from them,
 * each the first legal in that visit; a node is ranked again when they are used up. Only
 * tried actions are nodes.
 * A visit is one pass over the node's children, which tells the legal ones (a cheap check
 * each; where a check is not cheap, the legal actions are listed and each child looked for in
 * the list, or the list marked by one pass when it is long and the children many), counts
 * their availability and weighs them by UCB (ln from a table and a series; a child whose
 * bound cannot pass the best is not worked out). A visit is deterministic when
 * no chance outcome was drawn since the root and the root is not guessed afresh (mcts): the
 * node's state is then the same in every such visit of the decision, so the children added
 * in this decision, and the actions kept by its ranking, are legal without asking. A new leaf
 * is valued by an optional random playout of `playout` plies and then the static value: the
 * game's returns when it is over, else per player a squashed MCTS_LEAD_W * score lead /
 * score_unit + MCTS_HEUR_W * heuristic. Measurements behind these choices and the defaults are
 * in docs/ai.md.
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
 * ismcts starts every iteration from determinize(root, me): the root it is given is already a
 * determinized copy (qv_agent_choose never passes the true state), and determinize depends
 * only on the view, so re-determinizing samples the information set afresh. mcts searches the
 * one determinized state it was given.
 *
 * Memory: each thread owns one tree in a preallocated node arena (index links, no allocation
 * per node). Threads use root parallelism: independent trees with their own RNG (seeded from
 * the agent's seed and the thread's index), whose root visit counts are summed. Between
 * decisions the subtree of the actions that were played is kept (qv_agent_observe moves the
 * root down) and compacted to the front of the arena at the next decision.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "ai/mcts.h"
#include "ai/mcts_conf.h"
#include "core/clock.h"
#include "core/find32.h"
#include "core/lncount.h"
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
	int *cand;              /* legal indices drawn for a ranking */
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
	 * arena, so kcap grows as needed up to the arena's size (kids_room). */
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
	 * decision (iterate) */
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

/* ---- the legal-action index ---------------------------------------------------------------- */

static inline uint32_t hash_action(qv_action a)
{
	uint32_t h = (uint32_t)a * 0x9E3779B1u;
	return h ^ (h >> 15);
}

/* Empties the index, sized for n entries (at most half its capacity, so probes end). */
static void index_clear(mcts_tree *t, int n)
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
static void index_add(mcts_tree *t, qv_action a, uint32_t v)
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
static int index_find(const mcts_tree *t, qv_action a)
{
	for (uint32_t h = hash_action(a) & t->hmask; t->hstamp[h] == t->stamp;
	     h = (h + 1) & t->hmask)
		if (t->hkey[h] == a)
			return (int)t->hval[h];
	return -1;
}

/* Indexes acts[0..n) (distinct actions) by their position. */
static void legal_index(mcts_tree *t, const qv_action *acts, int n)
{
	index_clear(t, n);
	for (int i = 0; i < n; i++)
		index_add(t, acts[i], (uint32_t)i);
}

/* ---- the arena ------------------------------------------------------------------------------- */

/* Maps len bytes of zeroed memory into b, its pages touched only as they are used; false when
 * the system refuses. The sanitizer build (QV_CHECKS) takes the block from the allocator
 * instead, so that AddressSanitizer sees its bounds. */
static bool block_map(mcts_block *b, size_t len)
{
#ifdef QV_CHECKS
	void *p = calloc(1, len);
#else
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		p = NULL;
#endif
	*b = p ? (mcts_block){p, len} : (mcts_block){NULL, 0};
	return p != NULL;
}

static void block_unmap(mcts_block *b)
{
#ifdef QV_CHECKS
	free(b->p);
#else
	if (b->p)
		munmap(b->p, b->len);
#endif
	*b = (mcts_block){NULL, 0};
}

/* Points *field at n items of a block laid out from base (or at nothing when base is NULL, to
 * measure the block) and moves *at past them, keeping every array on its own cache line. */
#define CARVE(base, at, field, n)                                                                  \
	do {                                                                                       \
		(field) = (base) ? (void *)((base) + (at)) : NULL;                                 \
		(at) += ((size_t)(n) * sizeof *(field) + 63) & ~(size_t)63;                        \
	} while (0)

/* Lays the arena and the fixed scratch of t out from base; returns the bytes they take. */
static size_t arena_layout(mcts_tree *t, unsigned char *base)
{
	const qv_game *g = t->g;
	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	size_t na = (size_t)(most > 0 ? most : 1), at = 0;
	CARVE(base, at, t->node, t->cap);
	CARVE(base, at, t->ret, (size_t)t->cap * (size_t)t->stride);
	CARVE(base, at, t->map, t->cap);
	CARVE(base, at, t->st, g->state_size);
	CARVE(base, at, t->tmp, g->state_size);
	CARVE(base, at, t->acts, na);
	CARVE(base, at, t->probs, g->max_chance > 0 ? g->max_chance : 1);
	CARVE(base, at, t->cand, na);
	CARVE(base, at, t->cstamp, na);
	CARVE(base, at, t->path, MCTS_MAX_DEPTH + 1);
	CARVE(base, at, t->lkid, na);
	CARVE(base, at, t->filter, (1u << MCTS_FILTER_LOG) / 64);
	CARVE(base, at, t->order, t->ocap);
	return at;
}

/* Lays the children's scratch for kcap children out from base; returns the bytes it takes. */
static size_t kids_layout(mcts_tree *t, unsigned char *base, uint32_t kcap, uint32_t hcap)
{
	size_t at = 0;
	CARVE(base, at, t->kid, kcap);
	CARVE(base, at, t->kidok, kcap);
	CARVE(base, at, t->hkey, hcap);
	CARVE(base, at, t->hval, hcap);
	CARVE(base, at, t->hstamp, hcap);
	return at;
}

/* The index's entries for kcap children: a power of two, at least twice kcap. */
static uint32_t kids_hcap(uint32_t kcap)
{
	uint32_t hcap = 16;
	while (hcap < 2 * kcap)
		hcap <<= 1;
	return hcap;
}

/* The bytes of a children's scratch for kcap children. */
static size_t kids_bytes(uint32_t kcap)
{
	mcts_tree probe;
	return kids_layout(&probe, NULL, kcap, kids_hcap(kcap));
}

/* Maps a new children's scratch for kcap children into t->kids (the old one is the caller's);
 * its index starts empty. */
static bool kids_map(mcts_tree *t, uint32_t kcap)
{
	uint32_t hcap = kids_hcap(kcap);
	if (!block_map(&t->kids, kids_layout(t, NULL, kcap, hcap)))
		return false;
	kids_layout(t, t->kids.p, kcap, hcap);
	t->kcap = kcap;
	t->hcap = hcap;
	t->hmask = 15;
	t->stamp = 0; /* the new stamps are all 0, below the next index_clear's */
	return true;
}

static double *ret_of(const mcts_tree *t, uint32_t i)
{
	QV_ASSERT(i < t->cap);
	return t->ret + (size_t)i * (size_t)t->stride;
}

/* Empties the tree: only the root remains. */
static void tree_clear(mcts_tree *t)
{
	t->node[0] = (mcts_node){-1, 0, 0, 0, 0, 0};
	memset(ret_of(t, 0), 0, sizeof(double) * (size_t)t->stride);
	t->used = 1;
	t->root = 0;
	t->oused = 1;
	t->valid = true;
}

/* A new childless node for action a, or 0 when the arena is full. */
static uint32_t new_node(mcts_tree *t, qv_action a, uint32_t avail)
{
	if (t->used >= t->cap)
		return 0;
	uint32_t i = t->used++;
	QV_ASSERT(i > 0 && i < t->cap);
	t->node[i] = (mcts_node){a, 0, 0, 0, avail, 0};
	memset(ret_of(t, i), 0, sizeof(double) * (size_t)t->stride);
	return i;
}

/* Moves the subtree under t->root to the front of the arena (the root to index 0) and drops
 * everything else, the kept orders too (they were ranked for the states of the last decision).
 * Children have larger indices than their parents, so one ascending scan marks the subtree, a
 * second numbers it, and a third moves each node to a slot at or below its own, which has
 * already been read. */
static void tree_compact(mcts_tree *t)
{
	uint32_t r = t->root, none = UINT32_MAX;
	t->oused = 1; /* orders are kept within a decision only */
	if (r == 0) {
		for (uint32_t i = 0; i < t->used; i++)
			t->node[i].kept = 0;
		return;
	}
	for (uint32_t i = r; i < t->used; i++)
		t->map[i] = none;
	t->map[r] = 0;
	for (uint32_t i = r; i < t->used; i++)
		if (t->map[i] != none)
			for (uint32_t c = t->node[i].child; c; c = t->node[c].sibling)
				t->map[c] = 0;
	uint32_t k = 0;
	for (uint32_t i = r; i < t->used; i++)
		if (t->map[i] != none)
			t->map[i] = k++;
	for (uint32_t i = r; i < t->used; i++) {
		if (t->map[i] == none)
			continue;
		mcts_node n = t->node[i];
		n.child = n.child ? t->map[n.child] : 0;
		n.sibling = (i != r && n.sibling) ? t->map[n.sibling] : 0;
		n.kept = 0;
		uint32_t to = t->map[i];
		QV_ASSERT(to <= i && (!n.child || n.child > to) && (!n.sibling || n.sibling > to));
		t->node[to] = n;
		memmove(ret_of(t, to), ret_of(t, i), sizeof(double) * (size_t)t->stride);
	}
	QV_ASSERT(k >= 1 && k <= t->used);
	t->used = k;
	t->root = 0;
}

/* ---- values ---------------------------------------------------------------------------------- */

/* The value of a position that is not over for player p, given every player's score: the
 * score lead over the best other player (in the game's score units) and the game's heuristic,
 * squashed into (-1, 1) by x/sqrt(1+x^2) (the shape of tanh at a fraction of its cost, which
 * showed in profiles). */
static double lead_of(const qv_game *g, const int *score, int p, int np, double heur)
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
static double lead_value(const qv_game *g, const void *st, const int *score, int p, int np)
{
	return lead_of(g, score, p, np, g->heuristic ? g->heuristic(st, p) : 0);
}

/* The static value of st for player p: the returns once the game is over, else lead_value. */
static double static_value(const qv_game *g, const void *st, int p, int np)
{
	if (g->to_move(st) == QV_OVER) {
		double r[QV_MAX_PLAYERS];
		qv_returns(g, st, r);
		return r[p];
	}
	int score[QV_MAX_PLAYERS];
	g->score(st, score);
	return lead_value(g, st, score, p, np);
}

/* The static values of st for every player, the scores read once. */
static void evaluate(const mcts_tree *t, const void *st, double *out)
{
	const qv_game *g = t->g;
	if (g->to_move(st) == QV_OVER) {
		qv_returns(g, st, out);
		return;
	}
	int score[QV_MAX_PLAYERS];
	g->score(st, score);
	if (g->heuristic && g->heuristics) {
		double h[QV_MAX_PLAYERS];
		g->heuristics(st, h);
		for (int p = 0; p < t->np; p++)
			out[p] = lead_of(g, score, p, t->np, h[p]);
		return;
	}
	for (int p = 0; p < t->np; p++)
		out[p] = lead_value(g, st, score, p, t->np);
}

/* Applies drawn chance outcomes until a player is to move or the game is over; returns
 * to_move. An outcome the game refuses (a game bug) ends the walk as if the game were over. */
static int settle(mcts_tree *t, void *st)
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

/* A random playout of at most `plies` decisions from st, then its static values. */
static void playout(mcts_tree *t, void *st, int plies, double *out)
{
	const qv_game *g = t->g;
	int options; /* what the sampler drew among, not needed here */
	for (int k = 0; k < plies; k++) {
		if (settle(t, st) == QV_OVER)
			break;
		qv_action a = qv_sample_legal(g, st, &t->rng, t->acts, &options);
		if (a < 0)
			break;
		g->apply(st, a, NULL);
	}
	evaluate(t, st, out);
}

/* ---- expansion ------------------------------------------------------------------------------- */

/* Whether the decision of `mover` is narrowed to the actions the agent allows itself. */
static inline bool narrowed(const mcts_tree *t, int mover) { return t->forbid && mover == t->me; }

/* Lists the legal actions of t->st for mover into t->acts, only the allowed ones when mover's
 * decisions are narrowed; returns how many. */
static int list_legal(mcts_tree *t, int mover)
{
	int n = t->g->legal(t->st, t->acts);
	QV_ASSERT(n <= t->g->max_actions);
	return narrowed(t, mover) ? qv__agent_allowed(t->g, t->forbid, t->st, t->acts, n) : n;
}

/* Makes room in the children's scratch for `need` children (kid, and an index of twice as many
 * entries), growing it to twice its size or more; the index's contents are lost, the children
 * listed in kid are kept. A node's children are nodes of the arena, so it never needs room for
 * more than the arena's nodes; and it grows only while it takes no more bytes than the arena's
 * block, the hard cap on a search's memory: twice its arenas and fixed scratch. False when it
 * may not grow or the memory cannot be had. */
static bool kids_room(mcts_tree *t, uint32_t need)
{
	QV_ASSERT(need <= t->cap);
	if (need <= t->kcap)
		return true;
	uint32_t had = t->kcap, want = had * 2 > need ? had * 2 : need;
	if (want > t->cap)
		want = t->cap;
	if (kids_bytes(want) > t->arena.len)
		return false;
	mcts_block old = t->kids;
	const uint32_t *kid = t->kid;
	if (!kids_map(t, want)) {
		t->kids = old;
		return false;
	}
	QV_ASSERT(t->kids.len <= t->arena.len);
	memcpy(t->kid, kid, sizeof *kid * had);
	block_unmap(&old);
	return true;
}

/* Indexes the node's nk children (t->kid) by action. */
static void index_kids(mcts_tree *t, int nk)
{
	index_clear(t, nk);
	for (int j = 0; j < nk; j++)
		index_add(t, t->node[t->kid[j]].action, (uint32_t)j);
	t->by = MCTS_BY_KIDS;
}

/* The position of a in acts[0..n), or -1, with no index of the actions. */
static inline int listed_find(const qv_action *acts, int n, qv_action a)
{
	_Static_assert(sizeof(qv_action) == 4, "qv__find32 finds 32-bit actions");
	return qv__find32(acts, n, a);
}

/* The filter's bit for action a (mark_legal). */
static inline uint32_t filter_bit(qv_action a)
{
	return ((uint32_t)a * 0x9E3779B1u) >> (32 - MCTS_FILTER_LOG);
}

/* Marks which of the node's nk children (t->kid) are among its n legal actions t->acts[0..n)
 * (t->kidok) and which legal actions are children (t->lkid, all 0 before). A few children are
 * each looked for in the list; more are indexed, and one pass over the list marks the legal
 * actions that are children, a bit per child in a filter sparing most of the actions a
 * lookup. An opening of Evons has some 400 legal actions and up to a few dozen children, and
 * indexing the actions at every visit was a sixth of its search. */
static __attribute__((noinline)) void mark_legal(mcts_tree *t, int nk, int n)
{
	if (nk <= MCTS_SCAN_KIDS) {
		for (int j = 0; j < nk; j++) {
			int i = listed_find(t->acts, n, t->node[t->kid[j]].action);
			t->kidok[j] = i >= 0;
			if (i >= 0)
				t->lkid[i] = 1;
		}
		return;
	}
	index_kids(t, nk);
	uint64_t *f = t->filter;
	for (int j = 0; j < nk; j++) {
		uint32_t b = filter_bit(t->node[t->kid[j]].action);
		f[b >> 6] |= 1ull << (b & 63);
	}
	memset(t->kidok, 0, (size_t)nk);
	for (int i = 0; i < n; i++) {
		uint32_t b = filter_bit(t->acts[i]);
		int j = f[b >> 6] >> (b & 63) & 1 ? index_find(t, t->acts[i]) : -1;
		if (j >= 0) {
			t->kidok[j] = 1;
			t->lkid[i] = 1;
		}
	}
	for (int j = 0; j < nk; j++)
		f[filter_bit(t->node[t->kid[j]].action) >> 6] = 0;
}

/* Lists the legal actions and marks those that are children (t->lkid), unless the visit has;
 * the index holds the children. Returns how many are legal. */
static int list_untried(mcts_tree *t, int nk, int mover)
{
	if (t->nlegal >= 0)
		return t->nlegal;
	if (t->by == MCTS_BY_NONE)
		index_kids(t, nk);
	int n = list_legal(t, mover);
	for (int i = 0; i < n; i++)
		t->lkid[i] = index_find(t, t->acts[i]) >= 0;
	t->nlegal = n;
	return n;
}

/* Links new child c after *last under node ni. */
static void link_child(mcts_tree *t, uint32_t ni, uint32_t *last, uint32_t c)
{
	QV_ASSERT(c > ni && c < t->used && (!*last || (*last > ni && *last < c)));
	if (*last)
		t->node[*last].sibling = c;
	else
		t->node[ni].child = c;
	*last = c;
}

/* Draws up to `want` distinct untried legal indices into t->cand (all of them, in order, when
 * there are no more than that); returns how many. */
static int draw_candidates(mcts_tree *t, int n, int ntaken, int want)
{
	int k = 0, untried = n - ntaken;
	if (want <= 0 || untried <= want) {
		for (int i = 0; i < n; i++)
			if (!t->lkid[i])
				t->cand[k++] = i;
		return k;
	}
	if (++t->cgen == 0) {
		memset(t->cstamp, 0, sizeof *t->cstamp * (size_t)n);
		t->cgen = 1;
	}
	for (int tries = 0; k < want && tries < 4 * want; tries++) {
		int i = (int)qv_rng_below(&t->rng, (uint32_t)n);
		if (t->cstamp[i] == t->cgen || t->lkid[i])
			continue;
		t->cstamp[i] = t->cgen;
		t->cand[k++] = i;
	}
	return k;
}

/* Keeps the ranked actions acts[0..m) as node ni's order, in its block when they fit there,
 * else in a new one; nothing is kept when the pool is full (the node is ranked again at its
 * next new child). */
static void keep_order(mcts_tree *t, uint32_t ni, const qv_action *acts, int m)
{
	uint32_t o = t->node[ni].kept;
	if (!o || (int)t->order[o] < m) {
		o = 0;
		if (m > 0 && t->oused + 1 + (uint32_t)m <= t->ocap) {
			o = t->oused;
			t->oused += 1 + (uint32_t)m;
		}
	}
	t->node[ni].kept = o;
	if (!o)
		return;
	t->order[o] = m;
	memcpy(&t->order[o + 1], acts, sizeof *acts * (size_t)m);
}

/* The best untried legal action of node ni by the mover's static value after each (ties broken
 * at random), among `rank` drawn candidates; the next MCTS_KEEP - 1 are kept, in order, for
 * the node's next children (keep_order). t->st is the node's state, t->acts[0..n) its legal
 * actions, t->lkid marks its children. -1 when nothing is left. */
static qv_action rank_order(mcts_tree *t, uint32_t ni, int n, int ntaken, int mover)
{
	const qv_game *g = t->g;
	int idx[MCTS_KEEP], k = 0;
	double val[MCTS_KEEP];
	/* The root is always ranked whole (its rankings are few: about sqrt(visits) / MCTS_KEEP);
	 * with rank= other nodes value that many candidates drawn at random. */
	int want = ni == t->root ? 0 : t->cf->rank;
	int nc = draw_candidates(t, n, ntaken, want);
	for (int j = 0; j < nc; j++) {
		int i = t->cand[j];
		memcpy(t->tmp, t->st, g->state_size);
		g->apply(t->tmp, t->acts[i], NULL);
		double v = static_value(g, t->tmp, mover, t->np);
		v += 1e-9 * (double)(qv__rng_next(&t->rng) >> 11) * 0x1.0p-53; /* qv_rng_double */
		if (k == MCTS_KEEP && v <= val[k - 1])
			continue;
		int pos = k < MCTS_KEEP ? k++ : k - 1;
		while (pos > 0 && val[pos - 1] < v) {
			val[pos] = val[pos - 1];
			idx[pos] = idx[pos - 1];
			pos--;
		}
		val[pos] = v;
		idx[pos] = i;
	}
	if (k == 0)
		return -1;
	qv_action next[MCTS_KEEP];
	for (int j = 1; j < k; j++)
		next[j - 1] = t->acts[idx[j]];
	keep_order(t, ni, next, k - 1);
	return t->acts[idx[0]];
}

/* What action a is in this visit of the node, whose nk children are in t->kid: -1 not legal, 0
 * legal and untried, 1 one of its children (told by the visit's marked list, or else its
 * children, indexed when they are many: kept_next). An action kept by a deterministic visit
 * (iterate) is legal in every deterministic visit of the node. */
static int status_of(const mcts_tree *t, qv_action a, int nk)
{
	if (t->marked) {
		int i = listed_find(t->acts, t->nlegal, a);
		return i < 0 ? -1 : t->lkid[i];
	}
	if (t->by == MCTS_BY_NONE) { /* a few children, looked at one by one */
		for (int j = 0; j < nk; j++)
			if (t->node[t->kid[j]].action == a)
				return 1;
	} else if (index_find(t, a) >= 0) {
		return 1;
	}
	return t->det || t->g->check(t->st, a, NULL) == QV_OK ? 0 : -1;
}

/* The first action of node ni's kept order that is legal in this visit and untried, taken out
 * of the order (with those that became children meanwhile); -1 when there is none. */
static qv_action kept_next(mcts_tree *t, uint32_t ni, int nk)
{
	uint32_t o = t->node[ni].kept;
	if (!o)
		return -1;
	if (t->by == MCTS_BY_NONE && !t->marked && nk > MCTS_SCAN_KIDS)
		index_kids(t, nk);
	qv_action *e = &t->order[o + 1];
	for (int j = 0; j < t->order[o]; j++) {
		if (e[j] < 0)
			continue;
		int s = status_of(t, e[j], nk);
		if (s < 0)
			continue;
		qv_action a = e[j];
		e[j] = -1;
		if (s == 0)
			return a;
	}
	return -1;
}

/* A random untried legal action (t->acts[0..n), t->lkid marks the children, ntaken of them). */
static qv_action random_untried(mcts_tree *t, int n, int ntaken)
{
	for (int tries = 0; tries < 8; tries++) {
		int i = (int)qv_rng_below(&t->rng, (uint32_t)n);
		if (!t->lkid[i])
			return t->acts[i];
	}
	int r = (int)qv_rng_below(&t->rng, (uint32_t)(n - ntaken));
	for (int i = 0; i < n; i++)
		if (!t->lkid[i] && r-- == 0)
			return t->acts[i];
	return -1;
}

/* Adds a child to node ni, whose nk children are in t->kid and `tried` of them legal in this
 * visit: the next action of its kept order, else the best by a new ranking (a node visited at
 * least MCTS_RANK_MIN times) or a random one. 0 when no legal action is left or the arena is
 * full. */
static uint32_t widen(mcts_tree *t, uint32_t ni, int nk, int tried, int mover)
{
	if (t->used >= t->cap)
		return 0;
	qv_action a = kept_next(t, ni, nk);
	if (a < 0) {
		/* every legal action a child already: counted, not listed */
		if (t->g->count && tried >= t->g->count(t->st))
			return 0;
		int n = list_untried(t, nk, mover);
		if (tried >= n)
			return 0;
		a = t->node[ni].visits + 1 >= MCTS_RANK_MIN ? rank_order(t, ni, n, tried, mover)
		                                            : random_untried(t, n, tried);
		if (a < 0)
			return 0;
	}
	uint32_t last = nk ? t->kid[nk - 1] : 0, c = new_node(t, a, t->node[ni].visits + 1);
	link_child(t, ni, &last, c);
	return c;
}

/* How a visit tells which children are legal (select_child): a check each, a search of the
 * listed legal actions each (a short list), or marked by mark_legal (a long one). */
enum { MCTS_TELL_CHECK, MCTS_TELL_FIND, MCTS_TELL_MARKED };

/* Whether child c, the nk-th of the visited node, is legal in a visit that listed the legal
 * actions (tell: marked by mark_legal, or found now, marking the legal action as a child in
 * t->lkid). A visit that checks instead skips the check in a deterministic visit for a child
 * added in this decision, legal in every such visit (select_child). */
static inline bool child_legal(mcts_tree *t, uint32_t c, int nk, int tell)
{
	if (tell == MCTS_TELL_MARKED)
		return t->kidok[nk];
	int i = listed_find(t->acts, t->nlegal, t->node[c].action);
	if (i >= 0)
		t->lkid[i] = 1;
	return i >= 0;
}

/* What a visit weighs its children with, read once: the mover's returns, the exploration
 * constant and a bound on a child's ln(avail) (its avail is at most the node's visits + 1). */
typedef struct mcts_ucb {
	const double *ret;
	size_t stride;
	double k, ln_most;
} mcts_ucb;

/* Counts legal child c's availability and weighs it by UCB for the mover, keeping the best: a
 * child whose UCB could not pass the best even at the bound is not worked out. */
static inline void weigh(mcts_node *cn, uint32_t c, const mcts_ucb *w, uint32_t *best,
                         double *best_u)
{
	cn->avail++;
	/* visited only when it was legal; every child is followed when it is added */
	QV_ASSERT(cn->visits > 0 && cn->visits <= cn->avail);
	double mean = w->ret[c * w->stride] / cn->visits;
	if (mean + w->k * sqrt(w->ln_most / cn->visits) <= *best_u)
		return;
	double u = mean + w->k * sqrt(qv__ln_count(cn->avail) / cn->visits);
	if (u > *best_u) {
		*best_u = u;
		*best = c;
	}
}

/* Lists node ni's children into t->kid, making room for them; returns how many, or -1 when
 * there is no memory for them. */
static __attribute__((noinline)) int gather_kids(mcts_tree *t, uint32_t ni)
{
	int nk = 0;
	for (uint32_t c = t->node[ni].child; c; c = t->node[c].sibling) {
		QV_ASSERT(c > ni && c < t->used);
		if ((uint32_t)nk == t->kcap && !kids_room(t, (uint32_t)nk + 1))
			return -1;
		t->kid[nk++] = c;
	}
	return nk;
}

/* The child of node ni to follow in state t->st, where `mover` is to move: a new child when
 * progressive widening allows one (*fresh set), else the tried legal child with the best UCB
 * for the mover. One pass over the children finds which are legal in this visit, counts their
 * availability and weighs them; where a check is not cheap (or the mover's decisions are
 * narrowed: a legal child may be a forbidden one) the legal actions are listed and the
 * children marked first (mark_legal), but not in a deterministic visit whose children were all
 * added in this decision. 0 when there is nothing to follow (no legal action, or a full
 * arena). */
static uint32_t select_child(mcts_tree *t, uint32_t ni, int mover, bool *fresh)
{
	const qv_game *g = t->g;
	*fresh = false;
	t->by = MCTS_BY_NONE;
	t->nlegal = -1;
	t->marked = false;
	uint32_t first = t->node[ni].child;
	bool listed =
	    (!g->check_is_cheap || narrowed(t, mover)) && !(t->det && (!first || first >= t->born));
	int tell = listed ? MCTS_TELL_FIND : MCTS_TELL_CHECK;
	if (listed) {
		int n = list_legal(t, mover);
		if (n <= 0)
			return 0;
		t->nlegal = n;
		t->marked = true;
		memset(t->lkid, 0, (size_t)n);
		if (n > MCTS_SCAN_SHORT) {
			int kids = gather_kids(t, ni); /* -1: no room for them, valued as a leaf */
			if (kids < 0)
				return 0;
			mark_legal(t, kids, n);
			tell = MCTS_TELL_MARKED;
		}
	}
	int nk = 0, tried = 0;
	uint64_t through = 0; /* the children's visits, each of which went through ni */
	uint32_t best = 0, born = t->det ? t->born : UINT32_MAX; /* added this decision: legal */
	double best_u = -INFINITY;
	mcts_node *node = t->node;
	mcts_ucb w = {t->ret + mover, (size_t)t->stride, t->cf->c,
	              qv__ln_count(node[ni].visits + 1) + 1e-9};
	/* Two loops: the one of a visit that checks (most visits) tests nothing else and lists
	 * the children only to widen. Without room for the children, the node is a leaf. */
	if (tell == MCTS_TELL_CHECK) {
		for (uint32_t c = first; c; c = node[c].sibling, nk++) {
			QV_ASSERT(c > ni && c < t->used);
			through += node[c].visits;
			if (c >= born || g->check(t->st, node[c].action, NULL) == QV_OK) {
				tried++;
				weigh(&node[c], c, &w, &best, &best_u);
			}
		}
	} else {
		for (uint32_t c = first; c; c = t->node[c].sibling, nk++) {
			QV_ASSERT(c > ni && c < t->used);
			if (tell == MCTS_TELL_FIND) {
				if ((uint32_t)nk == t->kcap && !kids_room(t, (uint32_t)nk + 1))
					return 0;
				t->kid[nk] = c;
			}
			QV_ASSERT(t->kid[nk] == c);
			through += node[c].visits;
			if (child_legal(t, c, nk, tell)) {
				tried++;
				weigh(&node[c], c, &w, &best, &best_u);
			}
		}
	}
	/* Children follow their parent in the arena; an iteration through one went through it. */
	QV_ASSERT((uint32_t)nk < t->used - ni && through <= t->node[ni].visits);
	(void)through; /* read by the check alone, which only the sanitizer build makes */
	if ((double)tried < t->cf->widen * sqrt((double)t->node[ni].visits + 1)) {
		if (tell == MCTS_TELL_CHECK && gather_kids(t, ni) < 0)
			return 0;
		uint32_t c = widen(t, ni, nk, tried, mover);
		if (c) {
			*fresh = true;
			return c;
		}
	}
	return best;
}

/* ---- iterations ------------------------------------------------------------------------------ */

/* One iteration: from (a determinization of) the root down the tree, one new leaf, its value,
 * and the value added to every edge on the path. */
static void iterate(mcts_tree *t)
{
	const qv_game *g = t->g;
	memcpy(t->st, t->root_state, g->state_size);
	t->det = !(t->cf->ismcts && g->determinize);
	if (!t->det)
		g->determinize(t->st, t->me, &t->rng);
	double value[QV_MAX_PLAYERS] = {0};
	int depth = 0;
	uint32_t ni = t->root;
	t->path[depth++] = ni;
	for (;;) {
		int tm = settle(t, t->st);
		if (tm == QV_OVER) {
			evaluate(t, t->st, value);
			break;
		}
		bool fresh = false;
		uint32_t c = depth < MCTS_MAX_DEPTH ? select_child(t, ni, tm, &fresh) : 0;
		if (!c) {
			evaluate(t, t->st, value);
			break;
		}
		g->apply(t->st, t->node[c].action, NULL);
		QV_ASSERT(depth <= MCTS_MAX_DEPTH);
		t->path[depth++] = c;
		ni = c;
		if (fresh) {
			playout(t, t->st, t->cf->playout, value);
			break;
		}
	}
	for (int d = 0; d < depth; d++) {
		uint32_t i = t->path[d];
		QV_ASSERT(i < t->used && (d == 0 ? i == t->root : i > t->path[d - 1]));
		double *r = ret_of(t, i);
		t->node[i].visits++;
		for (int p = 0; p < t->np; p++)
			r[p] += value[p];
	}
}

/* Runs iterations until the tree's budget, the deadline or an interrupt. */
static void run_tree(mcts_tree *t)
{
	t->done = 0;
	while (!t->idle) {
		if (t->budget && t->done >= t->budget)
			break;
		if (atomic_load_explicit(t->stop, memory_order_relaxed))
			break;
		if (t->deadline > 0 && t->done % MCTS_CLOCK_EVERY == 0 && qv_mono() >= t->deadline)
			break;
		iterate(t);
		t->done++;
	}
}

static void *tree_thread(void *arg)
{
	run_tree(arg);
	return NULL;
}

/* ---- creation -------------------------------------------------------------------------------- */

/* Gives back the tree's memory; the tree keeps its settings and RNG, and is no longer valid. */
static void tree_unmap(mcts_tree *t)
{
	block_unmap(&t->arena);
	block_unmap(&t->kids);
	t->valid = false;
}

/* Maps the tree's arena and scratch (the children's for max(max_actions, max_chance) children
 * to begin with). */
static bool tree_map(mcts_tree *t)
{
	const qv_game *g = t->g;
	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	uint32_t na = (uint32_t)(most > 0 ? most : 1);
	if (!block_map(&t->arena, arena_layout(t, NULL)))
		return false;
	arena_layout(t, t->arena.p);
	t->cgen = 0;
	t->valid = false;
	if (!kids_map(t, na)) { /* its index holds the root's legal actions when merging */
		tree_unmap(t);
		return false;
	}
	return true;
}

/* Sets up a tree's settings and RNG (its memory comes with tree_map). */
static void tree_init(mcts_tree *t, const qv_game *g, const mcts_conf *cf, uint64_t seed)
{
	t->g = g;
	t->cf = cf;
	t->stride = g->max_players;
	t->cap = cf->nodes;
	t->ocap = cf->nodes * MCTS_ORDER_PER_NODE;
	qv_rng_seed(&t->rng, seed);
}

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
		tree_unmap(&d->trees[k]);
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
		ok = tree_map(&d->trees[k]);
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
		tree_unmap(&d->trees[i]);
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
		               "%s (agent %s takes %s[:key=value,...], keys: iterations, "
		               "time, c, threads, playout, widen, nodes, blunder, rank, seed)",
		               e.msg, name, name);
	}
	a->data = d;
	d->trees = calloc((size_t)d->cf.threads, sizeof *d->trees);
	bool ok = d->trees != NULL;
	uint64_t base = qv_rng_next(&a->rng);
	for (int i = 0; ok && i < d->cf.threads; i++)
		tree_init(&d->trees[i], g, &d->cf, qv_seed_mix(base, (uint64_t)i));
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

/* Most visits first; equal visits keep the legal order. */
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
	if (n <= 1) {
		d->observed = false;
		return n == 1 ? a->abuf[0] : -1;
	}
	/* The handicap: no search. The kept trees stay; observe moves them down as usual. */
	if (d->cf.blunder > 0 && qv_rng_double(&a->rng) < d->cf.blunder) {
		d->observed = false;
		return a->abuf[qv_rng_below(&a->rng, (uint32_t)n)];
	}
	/* An agent that keeps no trees maps its memory for this decision only; when the system
	 * refuses it, a random legal action is the answer (no search, nothing held). */
	if (!d->ready && !search_alloc(d, g)) {
		d->observed = false;
		return a->abuf[qv_rng_below(&a->rng, (uint32_t)n)];
	}
	/* A caller that reported nothing since the last decision does not follow the game with
	 * qv_agent_observe, so the kept root may be stale: start afresh. */
	bool keep = d->observed;
	d->observed = false;
	double t0 = qv_mono();
	double deadline = t0 + (d->cf.time > 0 ? d->cf.time : MCTS_TIME_MAX);
	int np = g->num_players(st);
	for (int k = 0; k < d->ntrees; k++) {
		mcts_tree *t = &d->trees[k];
		if (t->valid && keep && t->np == np)
			tree_compact(t);
		else
			tree_clear(t);
		if (t->used > t->cap / 2)
			tree_clear(t);
		t->born = t->used;
		t->root_state = st;
		t->stop = &a->stop;
		t->me = player;
		t->forbid = a->forbid;
		t->np = np;
		t->deadline = deadline;
		uint64_t share = d->cf.iterations / (uint64_t)d->ntrees;
		t->budget = d->cf.iterations
		                ? share + ((uint64_t)k < d->cf.iterations % (uint64_t)d->ntrees)
		                : 0;
		t->idle = d->cf.iterations && t->budget == 0;
	}
	/* Thread 0 is the caller; a thread that cannot be started is searched afterwards. */
	pthread_t tid[MCTS_THREADS_MAX];
	bool started[MCTS_THREADS_MAX] = {false};
	for (int k = 1; k < d->ntrees; k++)
		started[k] = pthread_create(&tid[k], NULL, tree_thread, &d->trees[k]) == 0;
	run_tree(&d->trees[0]);
	for (int k = 1; k < d->ntrees; k++) {
		if (started[k])
			pthread_join(tid[k], NULL);
		else
			run_tree(&d->trees[k]);
	}
	for (int k = 0; k < d->ntrees; k++) {
		d->last.iterations += d->trees[k].done;
		d->last.nodes += d->trees[k].used;
	}
	d->last.seconds = qv_mono() - t0;
	d->last.bytes = search_bytes(d, g);
	/* The search worked on a's scratch copy; a->abuf still holds the root's allowed actions. */
	merge_roots(d, a->abuf, n, np, g->max_players);
	qv_action choice = a->abuf[0];
	if (d->nedges == 0) {
		choice = a->abuf[qv_rng_below(&a->rng, (uint32_t)n)];
	} else {
		/* Most visits; among equals, the best mean for the player. */
		const qv__mcts_edge *best = &d->edges[0];
		for (int i = 1; i < d->nedges && d->edges[i].visits == best->visits; i++)
			if (d->edges[i].mean[player] > best->mean[player])
				best = &d->edges[i];
		choice = best->action;
		d->last.value = best->mean[player];
	}
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
            "rank=N,seed=N] - UCT on the one determinization it is handed, chance sampled "
            "open-loop",
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
            "rank=N,seed=N] - information-set MCTS: a fresh determinization every iteration",
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
