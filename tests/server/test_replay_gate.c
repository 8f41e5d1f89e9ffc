/*
 * test_replay_gate.c - the gate that bounds the replays of `quiver serve` (replay.h), without
 * sockets: turns up to its size, a client address's share (429), a queue served first come,
 * first served, a full queue (503 at once), a wait that runs out (503), what each refusal
 * says, and a burst of eight requesters on two slots. Threads stand for the requests; the test
 * waits for each to be in the queue (the gate's count) before the next comes, never for a length of
 * time.
 */
#define _DEFAULT_SOURCE /* usleep */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/clock.h"
#include "server/table/replay.h"

/* Every wait for a condition ends by this bound. */
#define WAIT_MS 60000

/* A request asking for a turn on a thread of its own. */
typedef struct asker {
	pthread_t thread;
	qv__replay_gate *g;
	char addr[32];
	int slot;
	atomic_int status; /* -1 while waiting */
	qv_err err;
} asker;

static void *ask_main(void *arg)
{
	asker *a = arg;
	int st = qv__replay_enter(a->g, a->addr, &a->slot, &a->err);
	atomic_store(&a->status, st);
	return NULL;
}

/* Starts a request from addr and waits until it is in the queue (the gate counts `waiting`
 * then) or answered. */
static void ask(asker *a, qv__replay_gate *g, const char *addr, int waiting)
{
	a->g = g;
	snprintf(a->addr, sizeof a->addr, "%s", addr);
	atomic_init(&a->status, -1);
	assert_int_equal(pthread_create(&a->thread, NULL, ask_main, a), 0);
	double end = qv_mono_ms() + WAIT_MS;
	while (qv__replay_waiting(g) < waiting && atomic_load(&a->status) == -1 &&
	       qv_mono_ms() < end)
		usleep(1000);
	assert_int_equal(qv__replay_waiting(g), waiting);
}

/* Waits until the request has its answer, and returns it. */
static int answer(asker *a)
{
	pthread_join(a->thread, NULL);
	return atomic_load(&a->status);
}

/* Two turns, a queue of three, two per address: the address's third is 429; others wait and
 * are served in their order as turns come free, a waiting request counting against its
 * address's share; one past the queue is 503 at once. */
static void test_turns_and_queue(void **unused)
{
	(void)unused;
	qv__replay_gate *g;
	qv_err err;
	assert_int_equal(qv__replay_gate_new(&g, 2, 3, 2, WAIT_MS, &err), QV_OK);
	int a1, a2, slot;
	assert_int_equal(qv__replay_enter(g, "10.0.0.1", &a1, &err), 0);
	assert_int_equal(qv__replay_enter(g, "10.0.0.1", &a2, &err), 0);
	assert_int_equal(qv__replay_enter(g, "10.0.0.1", &slot, &err), 429);
	assert_int_equal(slot, -1);
	assert_string_equal(err.msg, "too many replays from your address: 2 running or waiting, "
	                             "at most 2 at once per address; wait for one to end");
	static asker b, c, e;
	ask(&b, g, "10.0.0.2", 1);
	ask(&c, g, "10.0.0.2", 2);
	assert_int_equal(qv__replay_enter(g, "10.0.0.2", &slot, &err), 429);
	ask(&e, g, "10.0.0.3", 3);
	assert_int_equal(qv__replay_enter(g, "10.0.0.4", &slot, &err), 503);
	assert_string_equal(err.msg, "too many replays at once: 2 running (the server's --threads) "
	                             "and 3 waiting, the most it queues; try again in a moment");
	qv__replay_leave(g, a1, 0);
	assert_int_equal(answer(&b), 0); /* the first to come, the first served */
	assert_int_equal(atomic_load(&c.status), -1);
	assert_int_equal(atomic_load(&e.status), -1);
	assert_int_equal(qv__replay_waiting(g), 2);
	qv__replay_leave(g, b.slot, 0);
	assert_int_equal(answer(&c), 0);
	assert_int_equal(atomic_load(&e.status), -1);
	qv__replay_leave(g, a2, 0);
	assert_int_equal(answer(&e), 0);
	qv__replay_leave(g, c.slot, 0);
	qv__replay_leave(g, e.slot, 0);
	/* All turns free again: the address has its share back. */
	assert_int_equal(qv__replay_enter(g, "10.0.0.1", &a1, &err), 0);
	assert_int_equal(qv__replay_enter(g, "10.0.0.1", &a2, &err), 0);
	qv__replay_leave(g, a1, 0);
	qv__replay_leave(g, a2, 0);
	qv__replay_leave(g, -1, 0); /* a request that never entered */
	qv__replay_gate_free(g);
}

/* A wait that runs out is 503, saying how long it waited, and leaves the queue. */
static void test_wait_runs_out(void **unused)
{
	(void)unused;
	qv__replay_gate *g;
	qv_err err;
	assert_int_equal(qv__replay_gate_new(&g, 1, 4, 2, 1000, &err), QV_OK);
	int a1;
	assert_int_equal(qv__replay_enter(g, "10.0.0.1", &a1, &err), 0);
	static asker b;
	ask(&b, g, "10.0.0.2", 1);
	assert_int_equal(answer(&b), 503);
	assert_string_equal(b.err.msg, "too many replays at once: 1 running (the server's "
	                               "--threads), and this one waited 1 s for its turn; try "
	                               "again in a moment");
	assert_int_equal(qv__replay_waiting(g), 0);
	qv__replay_leave(g, a1, 0);
	assert_int_equal(qv__replay_enter(g, "10.0.0.2", &a1, &err), 0);
	qv__replay_leave(g, a1, QV__REPLAY_TRIM_BYTES); /* a large one: memory handed back */
	qv__replay_gate_free(g);
}

/* A burst: requests from many threads, each taking a turn or a refusal and leaving at once.
 * A turn that ended used to let a newcomer in past a full queue while the queue's head had
 * not yet woken; the queue then outgrew its slots, and the next request wrote its address
 * before the slots' array (hostile/replay's burst crashed the server as it stopped; the
 * sanitizers' build of this test sees the write). Every turn given must be a slot of the
 * gate, and the queue never longer than its bound. */
#define BURSTERS 8
#define ROUNDS   3000

typedef struct burster {
	pthread_t thread;
	qv__replay_gate *g;
	char addr[32];
	atomic_int bad; /* a slot outside the gate, or a queue past its bound */
} burster;

static void *burst_main(void *arg)
{
	burster *b = arg;
	for (int i = 0; i < ROUNDS; i++) {
		int slot;
		qv_err err;
		int st = qv__replay_enter(b->g, b->addr, &slot, &err);
		if (qv__replay_waiting(b->g) > 1)
			atomic_store(&b->bad, 1);
		if (st == 0) {
			if (slot < 0 || slot >= 2)
				atomic_store(&b->bad, 1);
			qv__replay_leave(b->g, slot, 0);
		} else if (st != 503) {
			atomic_store(&b->bad, 1);
		}
	}
	return NULL;
}

static void test_burst(void **unused)
{
	(void)unused;
	qv__replay_gate *g;
	qv_err err;
	/* One turn and a queue of one: two slots for eight requesters. */
	assert_int_equal(qv__replay_gate_new(&g, 1, 1, BURSTERS, WAIT_MS, &err), QV_OK);
	static burster b[BURSTERS];
	for (int i = 0; i < BURSTERS; i++) {
		b[i].g = g;
		snprintf(b[i].addr, sizeof b[i].addr, "127.0.7.%d", i + 1);
		atomic_init(&b[i].bad, 0);
		assert_int_equal(pthread_create(&b[i].thread, NULL, burst_main, &b[i]), 0);
	}
	for (int i = 0; i < BURSTERS; i++) {
		pthread_join(b[i].thread, NULL);
		assert_int_equal(atomic_load(&b[i].bad), 0);
	}
	assert_int_equal(qv__replay_waiting(g), 0);
	qv__replay_gate_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_turns_and_queue),
	    cmocka_unit_test(test_wait_runs_out),
	    cmocka_unit_test(test_burst),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
