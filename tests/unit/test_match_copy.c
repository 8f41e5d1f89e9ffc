/*
 * test_match_copy.c - a match copied into another's memory (qv_match_copy, src/engine/match/
 * fork.c), as the server copies a table's match into a thread's spare for each change: the copy
 * is the original, move for move and word for word, and holds the memory its original holds,
 * never what the spare held before (a longer game's history, walk marks, a scratch state, room
 * for commitments). Arrow Party with five players, whose random games run past 256 history
 * entries, and ConCardia's simultaneous steps.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "quiver/match.h"

/* A new Arrow Party match of five players, board size 26, with this seed. */
static qv_match *new_party(uint64_t seed)
{
	qv_err err;
	const qv_game *g = qv_game_find("arrow-party", &err);
	assert_non_null(g);
	qv_params p = {0};
	qv_match *m = NULL;
	if (qv_params_parse_list(&p, "players=5,size=26", &err) ||
	    qv_match_new(&m, g, &p, seed, &err))
		fail_msg("new: %s", err.msg);
	return m;
}

/* Plays random legal moves (and the chance outcomes) until the history holds n entries or the
 * game is over. */
static void play_to(qv_match *m, int n, uint64_t seed)
{
	qv_err err;
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	qv_action *buf = malloc((size_t)m->game->max_actions * sizeof *buf);
	assert_non_null(buf);
	while (m->nhist < n && !qv_match_over(m)) {
		if (qv_match_to_move(m) == QV_CHANCE) {
			assert_int_equal(qv_match_chance(m, NULL, &err), QV_OK);
			continue;
		}
		int k;
		qv_action a = qv_sample_legal(m->game, m->state, &rng, buf, &k);
		assert_true(k > 0);
		assert_int_equal(qv_match_play(m, a, &err), QV_OK);
	}
	free(buf);
}

/* Counts a log line (qv_match_log's callback). */
static void count_line(void *ctx, const qv_log_line *line)
{
	(void)line;
	++*(int *)ctx;
}

/* j (which this frees) as compact text with sorted keys (the caller frees the text). */
static char *text_of(json_t *j)
{
	assert_non_null(j);
	char *s = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(j);
	assert_non_null(s);
	return s;
}

/* The record of m as compact text (the caller frees it). */
static char *record_text(const qv_match *m) { return text_of(qv_match_record_json(m)); }

/* Asserts that copy is src: the same record, state, history and narration, and the same
 * buffers' sizes. */
static void assert_same(const qv_match *copy, const qv_match *src)
{
	char *a = record_text(copy), *b = record_text(src);
	assert_string_equal(a, b);
	free(a);
	free(b);
	assert_memory_equal(copy->state, src->state, src->game->state_size);
	assert_int_equal(copy->nhist, src->nhist);
	assert_int_equal(copy->caphist, src->caphist);
	assert_int_equal(copy->notes_cap, src->notes_cap);
	assert_int_equal(copy->said.text.cap, src->said.text.cap);
	assert_int_equal(copy->said.text.len, src->said.text.len);
	assert_int_equal(qv_match_shared(copy, src), src->nhist);
	if (src->said.text.s)
		assert_string_equal(copy->said.text.s, src->said.text.s);
	assert_int_equal(copy->nseen, 0);
}

/* A spare that held a long game, with its worded moves, walk marks and scratch state, takes a
 * short one: it then holds the short game's sizes and nothing it had (a table's match made in
 * the spare is no larger than the table's own); and back again, it grows to the long one's. */
static void test_copy_takes_the_sizes_of_its_original(void **unused)
{
	(void)unused;
	qv_err err;
	qv_match *longer = new_party(1), *shorter = new_party(2);
	play_to(longer, 200, 3);
	play_to(shorter, 5, 4);
	assert_true(longer->caphist > shorter->caphist);
	int lines = 0;
	qv_match_log(longer, 0, 0, count_line, &lines); /* worded moves and a walk's mark */
	assert_true(longer->nseen > 0 && lines > 0);
	assert_non_null(longer->marks);
	assert_null(shorter->marks);

	qv_match *spare;
	assert_int_equal(qv_match_fork(longer, &spare, &err), QV_OK);
	assert_same(spare, longer);
	assert_int_equal(qv_match_copy(spare, shorter, &err), QV_OK);
	assert_same(spare, shorter);
	assert_null(spare->marks); /* none kept for a match that had none */
	for (int k = 0; k < QV_MATCH_MARKS; k++)
		assert_int_equal(spare->mark_at[k], -1);
	/* The copy plays on as its original does. */
	play_to(spare, 40, 5);
	play_to(shorter, 40, 5);
	assert_same(spare, shorter);
	int a = 0, b = 0;
	qv_match_log(spare, 1, 0, count_line, &a);
	qv_match_log(shorter, 1, 0, count_line, &b);
	assert_int_equal(a, b);

	/* Grown back to the long game, with its marks; the words pass on as after a change. */
	assert_int_equal(qv_match_copy(spare, longer, &err), QV_OK);
	assert_same(spare, longer);
	assert_non_null(spare->marks);
	int nseen = longer->nseen;
	qv_match_pass_seen(longer, spare);
	assert_int_equal(spare->nseen, nseen);
	int again = 0;
	qv_match_log(spare, 0, 0, count_line, &again);
	assert_int_equal(again, lines);
	qv_match_free(longer);
	qv_match_free(shorter);
	qv_match_free(spare);
}

/* Two matches share the entries they have in common from the start, and no more: a copy all
 * of them, a copy played on all of the original's, one that took a move back fewer. */
static void test_shared_entries(void **unused)
{
	(void)unused;
	qv_err err;
	qv_match *m = new_party(7);
	play_to(m, 60, 8);
	qv_match *f;
	assert_int_equal(qv_match_fork(m, &f, &err), QV_OK);
	assert_int_equal(qv_match_shared(m, f), m->nhist);
	play_to(f, 70, 9);
	assert_int_equal(qv_match_shared(m, f), m->nhist);
	assert_int_equal(qv_match_shared(f, m), m->nhist);
	assert_int_equal(qv_match_undo(f, &err), QV_OK);
	assert_int_equal(qv_match_undo(f, &err), QV_OK);
	assert_int_equal(qv_match_undo(f, &err), QV_OK);
	int n = f->nhist < m->nhist ? f->nhist : m->nhist;
	assert_int_equal(qv_match_shared(m, f), n);
	qv_match *other = new_party(8); /* another deal: nothing in common */
	assert_int_equal(qv_match_shared(m, other), 0);
	qv_match_free(other);
	qv_match_free(f);
	qv_match_free(m);
}

/* An Arrow Party match of this many players (default board) with this seed, played to n
 * history entries. */
static qv_match *party_of(int players, uint64_t seed, int n)
{
	qv_err err;
	const qv_game *g = qv_game_find("arrow-party", &err);
	assert_non_null(g);
	qv_params p = {0};
	char list[32];
	snprintf(list, sizeof list, "players=%d", players);
	qv_match *m = NULL;
	if (qv_params_parse_list(&p, list, &err) || qv_match_new(&m, g, &p, seed, &err))
		fail_msg("new: %s", err.msg);
	play_to(m, n, seed + 1);
	return m;
}

/* Appends a log line's text and a newline to the qv_buf ctx. */
static void add_line(void *ctx, const qv_log_line *line)
{
	qv_buf *b = ctx;
	qv_buf_printf(b, "%d %s\n", line->entry, line->text);
	assert_false(b->failed);
}

/* Every log of m, each player's then the public's, as one text (the caller frees it). */
static char *logs_text(qv_match *m)
{
	qv_buf b = {0};
	int n = m->game->num_players(m->state);
	for (int v = QV_VIEW_PUBLIC; v < n; v++)
		if (v != QV_VIEW_ALL)
			assert_int_equal(qv_match_log(m, v, 0, add_line, &b), QV_OK);
	assert_non_null(b.s);
	return b.s;
}

/* The worded moves are kept for the match's own players and the public and referee (the
 * stride of seen): a spare that held a game of five copies one of three and back, words every
 * viewer's log as the original does, and takes the original's words (under the sanitizers, a
 * slot past the room is an error). */
static void test_seen_by_the_players_it_has(void **unused)
{
	(void)unused;
	qv_err err;
	qv_match *three = party_of(3, 21, 60), *five = party_of(5, 22, 60);
	char *want3 = logs_text(three), *want5 = logs_text(five);
	qv_match *spare;
	assert_int_equal(qv_match_fork(five, &spare, &err), QV_OK);
	char *got = logs_text(spare);
	assert_string_equal(got, want5);
	free(got);
	assert_int_equal(qv_match_copy(spare, three, &err), QV_OK);
	assert_int_equal(spare->nseen, 0);
	got = logs_text(spare);
	assert_string_equal(got, want3);
	free(got);
	/* The words the copy found pass back to a copy of the original that has none. */
	qv_match *next;
	assert_int_equal(qv_match_fork(three, &next, &err), QV_OK);
	int nseen = spare->nseen;
	qv_match_pass_seen(spare, next);
	assert_int_equal(next->nseen, nseen);
	got = logs_text(next);
	assert_string_equal(got, want3);
	free(got);
	assert_int_equal(qv_match_copy(spare, five, &err), QV_OK);
	play_to(spare, 90, 23);
	play_to(five, 90, 23);
	free(want5);
	want5 = logs_text(five);
	got = logs_text(spare);
	assert_string_equal(got, want5);
	free(got);
	free(want3);
	free(want5);
	qv_match_free(next);
	qv_match_free(spare);
	qv_match_free(three);
	qv_match_free(five);
}

/* The state text of m's current position (the caller frees it). */
static char *state_text(const qv_match *m) { return text_of(qv_match_state_json(m)); }

/* A copy reads its original's walk marks until either keeps a new one, which then copies
 * them: what each walks to stays its own position (taken back to, worded from), whichever
 * keeps a mark first, and the match that takes another's place gets them (the other then
 * has none). Either may be freed first. */
static void test_marks_shared(void **unused)
{
	(void)unused;
	qv_err err;
	qv_match *m = new_party(11);
	play_to(m, 120, 12);
	int lines = 0;
	qv_match_log(m, 0, 0, count_line, &lines); /* a mark at the end of the history */
	play_to(m, 150, 13);
	qv_match_log(m, 0, 0, count_line, &lines); /* and another */
	assert_non_null(m->marks);
	char *before = state_text(m);

	qv_match *f;
	assert_int_equal(qv_match_fork(m, &f, &err), QV_OK);
	assert_ptr_equal(f->marks, m->marks); /* read by both */
	/* Taken back on the copy from a shared mark: the copy's position, the original's stays. */
	for (int i = 0; i < 4; i++)
		assert_int_equal(qv_match_undo(f, &err), QV_OK);
	char *mine = state_text(m);
	assert_string_equal(mine, before);
	free(mine);
	/* The copy keeps a mark of its own: it writes in its own copy of them. */
	play_to(f, 160, 14);
	int flines = 0;
	qv_match_log(f, 1, 0, count_line, &flines);
	assert_true(f->marks != m->marks);
	mine = state_text(m);
	assert_string_equal(mine, before);
	free(mine);
	/* The original's marks still give its positions: four moves back, as a match of the same
	 * game that never kept a mark replays them from the start. */
	qv_match *ref = new_party(11);
	play_to(ref, 120, 12);
	play_to(ref, 150, 13);
	assert_null(ref->marks);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(qv_match_undo(ref, &err), QV_OK);
		assert_int_equal(qv_match_undo(m, &err), QV_OK);
	}
	char *a = state_text(m), *b = state_text(ref);
	assert_string_equal(a, b);
	free(a);
	free(b);
	qv_match_free(ref);

	/* A copy takes its original's place: it gets the marks, the original keeps none. */
	qv_match *next;
	assert_int_equal(qv_match_fork(m, &next, &err), QV_OK);
	play_to(next, m->nhist + 3, 15);
	qv_match_pass_seen(m, next);
	assert_null(m->marks);
	for (int k = 0; k < QV_MATCH_MARKS; k++)
		assert_int_equal(m->mark_at[k], -1);
	assert_non_null(next->marks);
	int nlines = 0;
	qv_match_log(next, 0, 0, count_line, &nlines);
	assert_true(nlines > 0);
	qv_match_free(next);
	qv_match_free(m); /* the copy outlives its original */
	play_to(f, 170, 16);
	qv_match_log(f, 1, 0, count_line, &flines);
	qv_match_free(f);
	free(before);
}

/* The room for commitments made ahead of a turn is made with the first: a match without any
 * holds none, a copy holds what its original holds (the commitments, or no room). */
static void test_commitments_room(void **unused)
{
	(void)unused;
	qv_err err;
	const qv_game *g = qv_game_find("concardia", &err);
	qv_match *m = NULL, *plain = NULL;
	assert_int_equal(qv_match_new(&m, g, NULL, 5, &err), QV_OK);
	assert_int_equal(qv_match_new(&plain, g, NULL, 6, &err), QV_OK);
	while (qv_match_to_move(m) == QV_CHANCE)
		assert_int_equal(qv_match_chance(m, NULL, &err), QV_OK);
	assert_null(m->pending);
	assert_string_equal(qv_match_committed(m, 1), "");
	assert_int_equal(qv_match_withdraw(m, 1), 0);
	assert_int_equal(qv_match_acting(m), 3u); /* p2 may decide ahead of its turn */
	json_t *view = qv_match_view_json(m, 1);
	const char *first = json_string_value(json_array_get(json_object_get(view, "legal"), 0));
	assert_non_null(first);
	assert_int_equal(qv_match_act(m, 1, first, &err), QV_OK);
	json_decref(view);
	assert_non_null(m->pending);
	char *committed = strdup(qv_match_committed(m, 1));
	assert_true(committed[0] != '\0');

	qv_match *spare;
	assert_int_equal(qv_match_fork(plain, &spare, &err), QV_OK);
	assert_null(spare->pending);
	assert_int_equal(qv_match_copy(spare, m, &err), QV_OK);
	assert_string_equal(qv_match_committed(spare, 1), committed);
	assert_int_equal(spare->npending, m->npending);
	assert_int_equal(qv_match_acting(spare), 1u);
	/* Withdrawn on the copy: the original keeps its own. */
	assert_int_equal(qv_match_withdraw(spare, 1), 1);
	assert_string_equal(qv_match_committed(m, 1), committed);
	assert_int_equal(qv_match_copy(spare, plain, &err), QV_OK);
	assert_null(spare->pending);
	assert_string_equal(qv_match_committed(spare, 1), "");
	free(committed);
	qv_match_free(spare);
	qv_match_free(plain);
	qv_match_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_copy_takes_the_sizes_of_its_original),
	    cmocka_unit_test(test_shared_entries),
	    cmocka_unit_test(test_commitments_room),
	    cmocka_unit_test(test_marks_shared),
	    cmocka_unit_test(test_seen_by_the_players_it_has),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
