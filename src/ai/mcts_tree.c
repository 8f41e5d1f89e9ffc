/*
 * mcts_tree.c - the memory of a search's trees: each thread owns one tree in a preallocated
 * node arena (index links, no allocation per node) with its fixed scratch, and a children's
 * scratch that grows with the largest node, both in mapped blocks so that an agent that keeps
 * no trees gives the pages back at once. Between decisions the subtree of the actions that were
 * played is kept (qv_agent_observe moves the root down) and compacted to the front of the arena
 * at the next decision (qv__mcts_tree_compact).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "ai/mcts_tree.h"

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
	CARVE(base, at, t->cheur, na);
	CARVE(base, at, t->cscore, na * QV_MAX_PLAYERS);
	CARVE(base, at, t->cok, na);
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

/* Makes room in the children's scratch for `need` children (kid, and an index of twice as many
 * entries), growing it to twice its size or more; the index's contents are lost, the children
 * listed in kid are kept. A node's children are nodes of the arena, so it never needs room for
 * more than the arena's nodes; and it grows only while it takes no more bytes than the arena's
 * block, the hard cap on a search's memory: twice its arenas and fixed scratch. False when it
 * may not grow or the memory cannot be had. */
bool qv__mcts_kids_room(mcts_tree *t, uint32_t need)
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

/* Empties the tree: only the root remains. */
void qv__mcts_tree_clear(mcts_tree *t)
{
	t->node[0] = (mcts_node){-1, 0, 0, 0, 0, 0};
	memset(ret_of(t, 0), 0, sizeof(double) * (size_t)t->stride);
	t->used = 1;
	t->root = 0;
	t->oused = 1;
	t->valid = true;
}

/* Moves the subtree under t->root to the front of the arena (the root to index 0) and drops
 * everything else, the kept orders too (they were ranked for the states of the last decision).
 * Children have larger indices than their parents, so one ascending scan marks the subtree, a
 * second numbers it, and a third moves each node to a slot at or below its own, which has
 * already been read. */
void qv__mcts_tree_compact(mcts_tree *t)
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

/* Gives back the tree's memory; the tree keeps its settings and RNG, and is no longer valid. */
void qv__mcts_tree_unmap(mcts_tree *t)
{
	block_unmap(&t->arena);
	block_unmap(&t->kids);
	t->valid = false;
}

/* Maps the tree's arena and scratch (the children's for max(max_actions, max_chance) children
 * to begin with). */
bool qv__mcts_tree_map(mcts_tree *t)
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
		qv__mcts_tree_unmap(t);
		return false;
	}
	return true;
}

/* Sets up a tree's settings and RNG (its memory comes with qv__mcts_tree_map). */
void qv__mcts_tree_init(mcts_tree *t, const qv_game *g, const mcts_conf *cf, uint64_t seed)
{
	t->g = g;
	t->cf = cf;
	t->stride = g->max_players;
	t->cap = cf->nodes;
	t->ocap = cf->nodes * MCTS_ORDER_PER_NODE;
	qv_rng_seed(&t->rng, seed);
}
