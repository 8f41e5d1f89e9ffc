/*
 * mcts_time.c - how long a decision searches: the iterations shared among the threads' trees,
 * the deadline (time=, or the 300 s cap), the interrupt flag (qv_agent_interrupt), and the
 * threads themselves. Threads use root parallelism: independent trees with their own RNG,
 * thread 0 the caller's; a thread that cannot be started is searched afterwards. The clock is
 * read every MCTS_CLOCK_EVERY iterations.
 */
#include <pthread.h>

#include "ai/mcts_tree.h"
#include "core/clock.h"

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
		qv__mcts_iterate(t);
		t->done++;
	}
}

static void *tree_thread(void *arg)
{
	run_tree(arg);
	return NULL;
}

/* Gives each of the ntrees trees the deadline of a decision begun at t0 and its share of the
 * iterations (the remainder to the first trees; a tree whose share is none stays idle). */
static void share_budget(mcts_tree *trees, int ntrees, const mcts_conf *cf, double t0)
{
	double deadline = t0 + (cf->time > 0 ? cf->time : MCTS_TIME_MAX);
	for (int k = 0; k < ntrees; k++) {
		mcts_tree *t = &trees[k];
		t->deadline = deadline;
		uint64_t share = cf->iterations / (uint64_t)ntrees;
		t->budget =
		    cf->iterations ? share + ((uint64_t)k < cf->iterations % (uint64_t)ntrees) : 0;
		t->idle = cf->iterations && t->budget == 0;
	}
}

void qv__mcts_run(mcts_tree *trees, int ntrees, const mcts_conf *cf, double t0)
{
	share_budget(trees, ntrees, cf, t0);
	pthread_t tid[MCTS_THREADS_MAX];
	bool started[MCTS_THREADS_MAX] = {false};
	for (int k = 1; k < ntrees; k++)
		started[k] = pthread_create(&tid[k], NULL, tree_thread, &trees[k]) == 0;
	run_tree(&trees[0]);
	for (int k = 1; k < ntrees; k++) {
		if (started[k])
			pthread_join(tid[k], NULL);
		else
			run_tree(&trees[k]);
	}
}
