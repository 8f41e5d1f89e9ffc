/*
 * mcts_select.c - the descent of one iteration and the child followed at each node: a tried one
 * by UCB, or a new one by progressive widening. A visit is one pass over the node's children,
 * which tells the legal ones (a cheap check each; where a check is not cheap, each child is
 * looked for in the listed legal actions, or the list is marked by one pass when long and the
 * children many), counts their availability and weighs them by UCB (ln from a table and a
 * series; a child whose bound cannot pass the best is not worked out). Every child keeps an
 * availability count (how often its action was legal when its parent was visited), which
 * replaces the parent's visits in its exploration term (ISMCTS's subset-armed bandit); the mean
 * return maximized is the one of the player to move in the iteration's own state, so any number
 * of players works.
 *
 * Actions are many (THREE ARROWS opens with 1344), so children are added lazily: a node visited
 * n times may have about widen * sqrt(n) children that were tried. The next child is the next
 * action of the node's kept order that is legal in this visit, else the best by a new ranking
 * (mcts_rank.c) for a node visited at least MCTS_RANK_MIN times, else a random untried action.
 * Only tried actions are nodes. A visit is deterministic when no chance outcome was drawn since
 * the root and the root is not guessed afresh (mcts): the node's state is then the same in every
 * such visit of the decision, so the children added in this decision, and the actions kept by
 * its ranking, are legal without asking. These loops are the search's hottest: what they call
 * is in this file or inline in mcts_tree.h.
 */
#include "ai/mcts_tree.h"
#include "core/lncount.h"

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

/* What action a is in this visit of the node, whose nk children are in t->kid: -1 not legal, 0
 * legal and untried, 1 one of its children (told by the visit's marked list, or else its
 * children, indexed when they are many: kept_next). An action kept by a deterministic visit
 * (qv__mcts_iterate) is legal in every deterministic visit of the node. */
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
		a = t->node[ni].visits + 1 >= MCTS_RANK_MIN ? qv__mcts_rank(t, ni, n, tried, mover)
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
		if ((uint32_t)nk == t->kcap && !qv__mcts_kids_room(t, (uint32_t)nk + 1))
			return -1;
		t->kid[nk++] = c;
	}
	return nk;
}

/* How this visit of node ni, where `mover` is to move, tells which children are legal
 * (MCTS_TELL_*): where a check is not cheap (or the mover's decisions are narrowed: a legal
 * child may be a forbidden one) the legal actions are listed, and a long list marked by
 * mark_legal, but not in a deterministic visit whose children were all added in this decision.
 * -1 when there is nothing to follow: no legal action, or no room for the children. */
static int tell_legal(mcts_tree *t, uint32_t ni, int mover)
{
	t->by = MCTS_BY_NONE;
	t->nlegal = -1;
	t->marked = false;
	uint32_t first = t->node[ni].child;
	bool listed = (!t->g->check_is_cheap || narrowed(t, mover)) &&
	              !(t->det && (!first || first >= t->born));
	if (!listed)
		return MCTS_TELL_CHECK;
	int n = list_legal(t, mover);
	if (n <= 0)
		return -1;
	t->nlegal = n;
	t->marked = true;
	memset(t->lkid, 0, (size_t)n);
	if (n <= MCTS_SCAN_SHORT)
		return MCTS_TELL_FIND;
	int kids = gather_kids(t, ni); /* -1: no room for them, valued as a leaf */
	if (kids < 0)
		return -1;
	mark_legal(t, kids, n);
	return MCTS_TELL_MARKED;
}

/* The child of node ni to follow in state t->st, where `mover` is to move: a new child when
 * progressive widening allows one (*fresh set), else the tried legal child with the best UCB
 * for the mover. One pass over the children finds which are legal in this visit, counts their
 * availability and weighs them, the legal actions listed first where tell_legal says so. 0
 * when there is nothing to follow (no legal action, or a full arena). */
static uint32_t select_child(mcts_tree *t, uint32_t ni, int mover, bool *fresh)
{
	const qv_game *g = t->g;
	*fresh = false;
	int tell = tell_legal(t, ni, mover);
	if (tell < 0)
		return 0;
	uint32_t first = t->node[ni].child;
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
				if ((uint32_t)nk == t->kcap &&
				    !qv__mcts_kids_room(t, (uint32_t)nk + 1))
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

/* One iteration: from (a determinization of) the root down the tree, one new leaf, its value,
 * and the value added to every edge on the path. */
void qv__mcts_iterate(mcts_tree *t)
{
	const qv_game *g = t->g;
	qv__mcts_deal(t);
	double value[QV_MAX_PLAYERS] = {0};
	int depth = 0;
	uint32_t ni = t->root;
	t->path[depth++] = ni;
	for (;;) {
		int tm = settle(t, t->st);
		if (tm == QV_OVER) {
			qv__mcts_evaluate(t, t->st, value);
			break;
		}
		bool fresh = false;
		uint32_t c = depth < MCTS_MAX_DEPTH ? select_child(t, ni, tm, &fresh) : 0;
		if (!c) {
			qv__mcts_evaluate(t, t->st, value);
			break;
		}
		g->apply(t->st, t->node[c].action, NULL);
		QV_ASSERT(depth <= MCTS_MAX_DEPTH);
		t->path[depth++] = c;
		ni = c;
		if (fresh) {
			qv__mcts_playout(t, t->st, t->cf->playout, value);
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
