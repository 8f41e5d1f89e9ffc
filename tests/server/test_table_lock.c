/*
 * test_table_lock.c - the table's lock asserted where it is relied on (table.h, "Locking"): in
 * every build (the Release build the tests run, and the sanitizer build) a function documented
 * as called under t->lock aborts, naming the check, when the calling thread does not hold it
 * (nobody does, another thread does, or the caller let it go), and says nothing when it does
 * (on the live table, or on a change's draft of it). Each call is made in
 * a child process (child.h), one a file that holds such functions: table.c, feed.c, change.c.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>
#include <unistd.h>

#include "child.h"
#include "server/table/change.h"
#include "server/table/table.h"
#include "table_of.h"

/* What QV__HELD prints when QV__TABLE_HELD fails (games/mutex.c). */
#define FIRES "invariant broken: qv__table_held("

/* ---- the calls ----------------------------------------------------------------------------- */

static void call_acting(qv__table *t) { (void)qv__table_acting_locked(t); }

static void call_frame(qv__table *t)
{
	qv__log_pos pos = {0};
	json_decref(qv__table_frame_locked(t, 0, true, &pos));
}

static void call_change(qv__table *t)
{
	qv__change c;
	qv_err err;
	if (!qv__change_begin(&c, t, QV__SAVE_PEOPLE, 0, &err))
		qv__change_drop(&c);
}

/* ---- who holds the lock -------------------------------------------------------------------- */

typedef enum {
	NOBODY,  /* no thread holds the lock */
	ANOTHER, /* another thread holds the lock while the call is made */
	LET_GO,  /* the caller held it and let it go */
	HELD,    /* the caller holds it */
	DRAFT,   /* the caller holds it, and the call is on a change's draft of the table */
} holding;

static const char *const holding_names[] = {"nobody holds the lock", "another thread holds it",
                                            "the caller let it go", "the caller holds it",
                                            "on a draft, the caller holding the lock"};

/* A thread that holds t's lock until it is told to let go. */
typedef struct holder {
	qv__table *t;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	bool holds, done;
} holder;

static void *hold(void *arg)
{
	holder *h = arg;
	qv__table_lock(h->t);
	pthread_mutex_lock(&h->mu);
	h->holds = true;
	pthread_cond_broadcast(&h->cv);
	while (!h->done)
		pthread_cond_wait(&h->cv, &h->mu);
	pthread_mutex_unlock(&h->mu);
	qv__table_unlock(h->t);
	return NULL;
}

/* The call made while another thread holds t's lock (in the sanitizer build the child ends in
 * the call). */
static void call_while_another_holds(qv__table *t, void (*call)(qv__table *t))
{
	holder h = {.t = t, .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};
	pthread_t thread;
	if (pthread_create(&thread, NULL, hold, &h))
		_exit(3);
	pthread_mutex_lock(&h.mu);
	while (!h.holds)
		pthread_cond_wait(&h.cv, &h.mu);
	pthread_mutex_unlock(&h.mu);
	call(t);
	pthread_mutex_lock(&h.mu);
	h.done = true;
	pthread_cond_broadcast(&h.cv);
	pthread_mutex_unlock(&h.mu);
	pthread_join(thread, NULL);
}

typedef struct lock_case {
	qv__table *t;
	holding how;
	void (*call)(qv__table *t);
} lock_case;

/* In the child: the case's call, with the lock held as it says. */
static void run_case(void *ctx)
{
	const lock_case *k = ctx;
	qv__table *t = k->t;
	qv__change c;
	qv_err err;
	switch (k->how) {
	case NOBODY: k->call(t); break;
	case ANOTHER: call_while_another_holds(t, k->call); break;
	case LET_GO:
		qv__table_lock(t);
		qv__table_unlock(t);
		k->call(t);
		break;
	case HELD:
		qv__table_lock(t);
		k->call(t);
		qv__table_unlock(t);
		break;
	case DRAFT:
		qv__table_lock(t);
		if (qv__change_begin(&c, t, QV__SAVE_PEOPLE, 0, &err))
			_exit(4);
		k->call(qv__change_draft(&c));
		qv__change_drop(&c);
		qv__table_unlock(t);
		break;
	}
}

static qv__table *two_people(void)
{
	return table_of("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}");
}

/* The call, made as `how` says in a child: an abort naming the check in the sanitizer build
 * when the caller does not hold the lock, silence otherwise (and in every other build). */
static void check(const char *name, void (*call)(qv__table *t), holding how)
{
	qv__table *t = two_people();
	lock_case k = {t, how, call};
	qv_test_child c;
	qv_test_in_child(run_case, &k, &c);
	qv__table_free(t);
	bool fires = how == NOBODY || how == ANOTHER || how == LET_GO;
	if (fires && !qv_test_child_aborted(&c, FIRES))
		fail_msg("%s, %s: no abort naming the lock (status %d, said '%s')", name,
		         holding_names[how], c.status, c.said);
	if (!fires && !qv_test_child_quiet(&c, FIRES))
		fail_msg("%s, %s: not quiet (status %d, said '%s')", name, holding_names[how],
		         c.status, c.said);
}

/* ---- the tests ----------------------------------------------------------------------------- */

static void test_table_function(void **state)
{
	(void)state;
	for (int how = NOBODY; how <= DRAFT; how++)
		check("qv__table_acting_locked", call_acting, (holding)how);
}

static void test_feed_function(void **state)
{
	(void)state;
	for (int how = NOBODY; how <= HELD; how++)
		check("qv__table_frame_locked", call_frame, (holding)how);
}

static void test_change(void **state)
{
	(void)state;
	for (int how = NOBODY; how <= HELD; how++)
		check("qv__change_begin", call_change, (holding)how);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_table_function),
	    cmocka_unit_test(test_feed_function),
	    cmocka_unit_test(test_change),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
