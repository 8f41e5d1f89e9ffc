/*
 * test_change_value.c - a change publishes the table's whole value (change.h): after a commit
 * the live table's value (qv__table_value) and each seat's claim (qv__seat_claim) are, byte for
 * byte, the draft's, whichever of their fields the act changed, so that a field added to the
 * value is published without a line of the publishing code naming it; a refused change
 * publishes nothing; and the draft's shell (lock, logs, connections, deadlines, agents) is
 * never a copy of the live table's. Without a store (nothing saved) and without sockets.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "server/table/change.h"
#include "server/table/table.h"
#include "table_of.h"

static qv__table *two_people(void)
{
	return table_of("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"medium\"]}");
}

/* Whether n bytes at p are all zero. */
static bool zero(const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		if (b[i])
			return false;
	return true;
}

/* Changes, on the draft (whose change owns its seats' devices), fields that no act of the table
 * changes together (the old, hand-kept publishing list left some of them out: the reason a
 * table stopped, what rated nobody): a list kept by hand drops one of them. */
static void scribble(qv__table *d)
{
	memset(d->stuck, 0, sizeof d->stuck);
	strcpy(d->stuck, "a test stopped it");
	memset(d->unrated, 0, sizeof d->unrated);
	strcpy(d->unrated, "a test said so");
	memset(d->ended_why, 0, sizeof d->ended_why);
	strcpy(d->ended_why, "the operator's reason");
	d->rematch.asked = 1u;
	d->active = 12345.5;
	d->offer.by = 0;
	qv__seat_claim *s = &d->seat[0].claim;
	strcpy(s->name, "Ada");
	s->account = 42;
	s->rating = 1600;
	s->ndevices = 1;
	memset(s->device[0].hash, 'a', QV__HASH_LEN);
	memset(s->device[0].session, 'b', QV__HASH_LEN);
}

/* A committed change's value is the live table's, whole: every byte of qv__table_value and of
 * each seat's claim, so that no field is left behind by a list. */
static void test_whole_value_published(void **state)
{
	(void)state;
	qv__table *t = two_people();
	qv__table_lock(t);
	qv__change c;
	qv_err err;
	assert_int_equal(qv__change_begin(&c, t, QV__SAVE_PEOPLE, QV__DRAFT_DEVICES, &err), QV_OK);
	qv__table *d = qv__change_draft(&c);
	scribble(d);
	assert_int_not_equal(memcmp(&t->value, &d->value, sizeof t->value), 0);
	assert_int_equal(qv__change_commit(&c, &err), QV_OK);
	/* The draft, used up, still holds what was published (its owned parts are the table's
	 * now: it is not dropped). */
	assert_memory_equal(&t->value, &d->value, sizeof t->value);
	for (int i = 0; i < t->nseats; i++)
		assert_memory_equal(&t->seat[i].claim, &d->seat[i].claim, sizeof t->seat[i].claim);
	assert_string_equal(t->stuck, "a test stopped it");
	assert_string_equal(t->seat[0].name, "Ada");
	qv__table_unlock(t);
	qv__table_free(t);
}

/* A change of the game (its own copy of the match) publishes its match and version with the
 * rest, whole. */
static void test_game_value_published(void **state)
{
	(void)state;
	qv__table *t = two_people();
	qv__table_lock(t);
	qv__change c;
	qv_err err;
	assert_int_equal(qv__change_begin(&c, t, QV__SAVE_GAME, QV__DRAFT_DEVICES, &err), QV_OK);
	qv__table *d = qv__change_draft(&c);
	assert_ptr_not_equal(d->m, t->m);
	scribble(d);
	long long v = t->v;
	assert_int_equal(qv__change_commit(&c, &err), QV_OK);
	assert_memory_equal(&t->value, &d->value, sizeof t->value);
	assert_ptr_equal(t->m, d->m);
	assert_int_equal(t->v, v + 1); /* no entry added: one more */
	qv__table_unlock(t);
	qv__table_free(t);
}

/* A dropped change leaves the value as it was, byte for byte. */
static void test_drop_publishes_nothing(void **state)
{
	(void)state;
	qv__table *t = two_people();
	qv__table_lock(t);
	qv__table_value before = t->value;
	qv__seat_claim claim = t->seat[0].claim;
	qv__change c;
	qv_err err;
	assert_int_equal(
	    qv__change_begin(&c, t, QV__SAVE_GAME, QV__DRAFT_CHAT | QV__DRAFT_DEVICES, &err),
	    QV_OK);
	scribble(qv__change_draft(&c));
	qv__change_drop(&c);
	assert_memory_equal(&t->value, &before, sizeof before);
	assert_memory_equal(&t->seat[0].claim, &claim, sizeof claim);
	qv__table_unlock(t);
	qv__table_free(t);
}

/* The draft copies no part of the shell: its lock, logs, connections, deadlines and seats'
 * agents are zero, and it reads the live table's shell through `live`. */
static void test_draft_has_no_shell(void **state)
{
	(void)state;
	qv__table *t = two_people();
	qv__table_lock(t);
	t->conns = (void *)t; /* something a copy would alias */
	t->spectators = 3;
	atomic_store(&t->step_at, 99.0);
	qv__change c;
	qv_err err;
	assert_int_equal(qv__change_begin(&c, t, QV__SAVE_PEOPLE, 0, &err), QV_OK);
	qv__table *d = qv__change_draft(&c);
	assert_ptr_equal(d->live, t);
	assert_true(zero(&d->lock, sizeof d->lock));
	assert_true(zero(&d->feed, sizeof d->feed));
	assert_null(d->conns);
	assert_int_equal(d->spectators, 0);
	assert_true(atomic_load(&d->step_at) == 0.0);
	assert_non_null(t->seat[1].agent);
	assert_null(d->seat[1].agent);
	assert_ptr_equal(qv__table_shell_seats(d), t->seat);
	/* What the table is, it shares. */
	assert_string_equal(d->id, t->id);
	assert_ptr_equal(d->params, t->params);
	qv__change_drop(&c);
	t->conns = NULL;
	qv__table_unlock(t);
	qv__table_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_whole_value_published),
	    cmocka_unit_test(test_game_value_published),
	    cmocka_unit_test(test_drop_publishes_nothing),
	    cmocka_unit_test(test_draft_has_no_shell),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
