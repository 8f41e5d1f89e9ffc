/*
 * test_hard_tables.c - a table of `hard` seats in every game, played to its end through the
 * table layer (the AI steps the server's workers run), and the memory an AI seat holds
 * between its moves: none of its search (docs/server.md). The first move of every table is
 * the server's own hard agent; the rest are played by the same search (hard's options, full
 * iteration budget) with a time cap of HARD_TIME seconds instead of hard's, so that whole
 * games fit in a test under the sanitizers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "server/table/table.h"

/* The time cap of the moves after the first, in seconds. */
#define HARD_TIME "0.05"
/* A table holds at most this much of an AI seat's search between moves: the root statistics
 * of its last decision (48 bytes per root action searched), never a tree (megabytes). */
#define HELD_MOST (64 * 1024)
/* More AI steps than any game of the registry lasts at its defaults. */
#define STEPS_MOST 20000

/* hard's options in game g with HARD_TIME as its time cap, as an ismcts spec, into buf. */
static void quick_hard(const qv_game *g, char *buf, size_t len)
{
	const char *opts = qv_agent_level_options(g, "hard");
	size_t used = (size_t)snprintf(buf, len, "ismcts:time=" HARD_TIME);
	for (const char *p = opts; *p;) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (strncmp(p, "time=", 5) != 0)
			used += (size_t)snprintf(buf + used, len - used, ",%.*s", (int)n, p);
		p += n + (end != NULL);
	}
	assert_true(used < len);
}

/* What every AI seat of t holds now: at most HELD_MOST bytes each. */
static void check_held(qv__table *t, int step)
{
	for (int i = 0; i < t->nseats; i++) {
		size_t held = qv_agent_memory(t->seat[i].agent);
		if (held > HELD_MOST)
			fail_msg("%s: after %d steps seat p%d holds %zu bytes of its search",
			         t->game->name, step, i + 1, held);
	}
}

static void play_hard_table(const qv_game *g)
{
	char request[256];
	int players = g->min_players > 2 ? g->min_players : 2;
	int used = snprintf(request, sizeof request, "{\"game\": \"%s\", \"seats\": [", g->name);
	for (int i = 0; i < players; i++)
		used += snprintf(request + used, sizeof request - (size_t)used, "%s\"hard\"",
		                 i ? ", " : "");
	snprintf(request + used, sizeof request - (size_t)used, "]}");
	json_t *req = json_loads(request, 0, NULL);
	assert_non_null(req);
	qv__table *t;
	qv_err err;
	if (qv__table_create(&t, NULL, req, "", &err))
		fail_msg("%s: %s", request, err.msg);
	json_decref(req);
	assert_int_equal(t->status, QV__PLAYING);
	/* The server's own hard agents hold nothing before their first move, nor after it. */
	check_held(t, 0);
	int steps = 0;
	assert_true(qv__table_step(t));
	steps++;
	check_held(t, steps);
	/* The rest with the quicker search, kept as the server keeps its agents. */
	char spec[QV_NAME_MAX];
	quick_hard(g, spec, sizeof spec);
	for (int i = 0; i < t->nseats; i++) {
		qv_agent *a;
		assert_int_equal(qv_agent_new(&a, spec, g, (uint64_t)i + 1, &err), QV_OK);
		qv_agent_set_keep(a, false);
		qv_agent_free(t->seat[i].agent);
		t->seat[i].agent = a;
	}
	while (t->status == QV__PLAYING && steps < STEPS_MOST) {
		if (!qv__table_step(t))
			fail_msg("%s: step %d changed nothing (%s)", g->name, steps, t->stuck);
		steps++;
		check_held(t, steps);
	}
	assert_int_equal(t->status, QV__OVER);
	printf("%s: %d AI and chance steps to the end\n", g->name, steps);
	qv__table_free(t);
}

static void test_hard_tables(void **state)
{
	(void)state;
	for (int k = 0; qv_games[k]; k++)
		play_hard_table(qv_games[k]);
}

/* libsodium, which makes the tokens and ids, is started once (as qv__server_start does). */
static int start_crypto(void **state)
{
	(void)state;
	return qv__crypto_init(NULL) ? -1 : 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_hard_tables),
	};
	return cmocka_run_group_tests(tests, start_crypto, NULL);
}
