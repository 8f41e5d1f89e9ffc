/*
 * mcts_conf.c - the settings of the search agents `mcts` and `ismcts` (mcts.c): their keys, and
 * the settings read from them and checked (nodes= and threads= within the memory cap).
 */
#include <stdio.h>
#include <unistd.h>

#include "ai/mcts_conf.h"

/* Arena nodes per iteration of the budget (an iteration adds at most one; the other is room for
 * a kept subtree, which a decision clears when it fills more than half the arena), and the
 * default arena when only time= limits the search (pages are touched only as nodes are used).
 * When the arena is full the search goes on without adding nodes. */
#define MCTS_NODES_PER_ITERATION 2
#define MCTS_NODES_TIME          (1u << 20)
#define MCTS_NODES_MIN           1024u
#define MCTS_NODES_MAX           (1u << 26)
/* Keys with hard limits (threads: MCTS_THREADS_MAX, mcts.h). */
#define MCTS_ITERATIONS_MAX 100000000L
/* The search trees of one agent (nodes x threads x bytes per node) may reserve at most this
 * fraction of the machine's physical memory, so that no setting within the keys' ranges can
 * exhaust it (nodes=67108864,threads=64 would reserve 172-275 GB). */
#define MCTS_MEMORY_SHARE 0.5

/* The most untried actions valued per ranking (rank=; its default, 0, values them all: drawing
 * fewer made the search much weaker in THREE ARROWS at equal time, docs/ai.md). */
#define MCTS_RANK_MAX 4096

const qv_param_def qv__mcts_keys[] = {
    {.key = "iterations",
     .def = "1000",
     .help = "iterations per decision, all threads together (default 1000 unless time= is given)",
     .kind = QV_PARAM_INT,
     .lo = 1,
     .hi = MCTS_ITERATIONS_MAX},
    {.key = "time",
     .def = "0",
     .allowed = "seconds per decision, a number 0-300 (0: no limit but the 300 s cap)",
     .help = "stop after this many seconds (not reproducible)",
     .kind = QV_PARAM_REAL,
     .lo = 0,
     .hi = MCTS_TIME_MAX},
    {.key = "c",
     .def = "0.1",
     .help = "exploration constant of UCB",
     .kind = QV_PARAM_REAL,
     .lo = 0,
     .hi = 100},
    {.key = "threads",
     .def = "1",
     .help = "independent trees searched in parallel",
     .kind = QV_PARAM_INT,
     .lo = 1,
     .hi = MCTS_THREADS_MAX},
    {.key = "playout",
     .def = "0",
     .help = "random plies played before a new leaf is valued",
     .kind = QV_PARAM_INT,
     .lo = 0,
     .hi = 10000},
    {.key = "widen",
     .def = "1",
     .help = "progressive widening: tried children <= widen * sqrt(visits)",
     .kind = QV_PARAM_REAL,
     .lo = 0.01,
     .hi = 1000},
    {.key = "nodes",
     .def = "2 per iteration per thread, 1048576 with time= only",
     .allowed =
         "a whole number 1024-67108864, all threads together within half the machine's memory",
     .help = "arena size per thread (nodes)",
     .kind = QV_PARAM_INT,
     .lo = MCTS_NODES_MIN,
     .hi = MCTS_NODES_MAX},
    {.key = "blunder",
     .def = "0",
     .help = "chance of playing a uniformly random legal action instead of searching (a handicap)",
     .kind = QV_PARAM_REAL,
     .lo = 0,
     .hi = 1},
    {.key = "rank",
     .def = "0",
     .help = "untried actions valued by the prior when a node below the root widens (0: all)",
     .kind = QV_PARAM_INT,
     .lo = 0,
     .hi = MCTS_RANK_MAX},
    {.key = "prior",
     .def = "1",
     .help = "1: the prior values the actions a game can value without playing them so "
             "(values_after); 0: it plays every one (the same values, slower: for comparison)",
     .kind = QV_PARAM_INT,
     .lo = 0,
     .hi = 1},
    QV_AGENT_SEED_KEY("seed of the search"),
};
_Static_assert(sizeof qv__mcts_keys / sizeof qv__mcts_keys[0] == QV__MCTS_NKEYS,
               "QV__MCTS_NKEYS counts the keys");

/* The most tree memory one agent may reserve: MCTS_MEMORY_SHARE of the physical memory, or
 * 1 GiB when the system does not say. */
static double memory_cap(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	double phys = pages > 0 && size > 0 ? (double)pages * (double)size : (double)(1u << 31);
	return phys * MCTS_MEMORY_SHARE;
}

/* Writes a number of bytes as "275 GB" or "512 MB". */
static void format_bytes(double bytes, char *buf, size_t len)
{
	if (bytes >= 1e9)
		snprintf(buf, len, "%.1f GB", bytes / 1e9);
	else
		snprintf(buf, len, "%.0f MB", bytes / 1e6);
}

/* Sets cf->nodes, the arena's nodes per thread for `threads` threads of node_bytes a node: the
 * nodes= given (0: none) unless it is beyond the memory cap, else derived from cf->iterations
 * (any number with time= alone, time_only). */
static qv_status arena_nodes(qv__mcts_conf *cf, long nodes, long threads, size_t node_bytes,
                             bool time_only, qv_err *err)
{
	/* The memory cap: an explicit nodes= beyond it is refused, a derived arena is cut to it
	 * (a full arena only stops the tree from growing). */
	double cap = memory_cap(), per_node = (double)node_bytes;
	double most = cap / (per_node * (double)threads);
	long allowed = most >= (double)MCTS_NODES_MAX ? (long)MCTS_NODES_MAX : (long)most;
	if (nodes && nodes > allowed) {
		char want[32], have[32];
		format_bytes((double)nodes * per_node * (double)threads, want, sizeof want);
		format_bytes(cap / MCTS_MEMORY_SHARE, have, sizeof have);
		if (allowed < (long)MCTS_NODES_MIN)
			return qv_fail(
			    err, QV_EINVAL,
			    "bad value '%ld' for nodes: with threads=%ld "
			    "the trees would reserve %s, more than half of this machine's "
			    "%s; use fewer threads",
			    nodes, threads, want, have);
		return qv_fail(
		    err, QV_EINVAL,
		    "bad value '%ld' for nodes: with threads=%ld the "
		    "trees would reserve %s, more than half of this machine's %s: at most "
		    "nodes=%ld with threads=%ld",
		    nodes, threads, want, have, allowed, threads);
	}
	if (!nodes) {
		uint64_t per_thread = cf->iterations / (uint64_t)threads + 1;
		uint64_t want = time_only ? MCTS_NODES_TIME
		                          : per_thread * MCTS_NODES_PER_ITERATION + MCTS_NODES_MIN;
		nodes = (long)(want < MCTS_NODES_MAX ? want : MCTS_NODES_MAX);
		if (nodes > allowed)
			nodes = allowed;
		if (nodes < (long)MCTS_NODES_MIN) {
			char have[32];
			format_bytes(cap / MCTS_MEMORY_SHARE, have, sizeof have);
			return qv_fail(err, QV_EINVAL,
			               "bad value '%ld' for threads: %ld trees of "
			               "%u nodes would not fit in half of this machine's %s",
			               threads, threads, MCTS_NODES_MIN, have);
		}
	}
	cf->nodes = (uint32_t)nodes;
	return QV_OK;
}

qv_status qv__mcts_read_conf(const qv_params *opts, bool ismcts, size_t node_bytes,
                             qv__mcts_conf *cf, qv_err *err)
{
	const qv_param_def *K = qv__mcts_keys;
	const int NK = QV__MCTS_NKEYS;
	long iterations, threads, plies, rank, prior, nodes = 0;
	qv_status rc;
	if ((rc = qv_param_int(opts, K, NK, "iterations", &iterations, err)) ||
	    (rc = qv_param_double(opts, K, NK, "time", &cf->time, err)) ||
	    (rc = qv_param_double(opts, K, NK, "c", &cf->c, err)) ||
	    (rc = qv_param_int(opts, K, NK, "threads", &threads, err)) ||
	    (rc = qv_param_int(opts, K, NK, "playout", &plies, err)) ||
	    (rc = qv_param_double(opts, K, NK, "widen", &cf->widen, err)) ||
	    (rc = qv_param_double(opts, K, NK, "blunder", &cf->blunder, err)) ||
	    (rc = qv_param_int(opts, K, NK, "rank", &rank, err)) ||
	    (rc = qv_param_int(opts, K, NK, "prior", &prior, err)))
		return rc;
	cf->rank = (int)rank;
	cf->prior = prior != 0;
	if (qv_params_get(opts, "nodes") && (rc = qv_param_int(opts, K, NK, "nodes", &nodes, err)))
		return rc;
	cf->ismcts = ismcts;
	cf->threads = (int)threads;
	cf->playout = (int)plies;
	/* time= alone means no iteration limit; iterations= alone or both: whichever ends first. */
	bool time_only = cf->time > 0 && !qv_params_get(opts, "iterations");
	cf->iterations = time_only ? 0 : (uint64_t)iterations;
	return arena_nodes(cf, nodes, threads, node_bytes, time_only, err);
}
