/*
 * test_lesson.c - lessons (include/quiver/lesson.h): parsing with messages that name the bad
 * field, the learner's attempts (right, hint, bad) leaving nothing changed on a miss, replies,
 * checks on the view, a whole lesson checked, and its expansion for the browser.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "../support/tmpdir.h"
#include "quiver/lesson.h"

#define START "{\"game\": \"three-arrows\", \"seed\": 1, \"actions\": []}"

/* A lesson of THREE ARROWS with the given steps (a JSON array's inside). */
static char *lesson_text(const char *steps)
{
	static char buf[8192];
	snprintf(buf, sizeof buf,
	         "{\"game\": \"three-arrows\", \"title\": \"T\", \"topics\": [\"Set-up\"], "
	         "\"learner\": \"p1\", \"start\": " START ", \"steps\": [%s]}",
	         steps);
	return buf;
}

static qv_lesson *parse_ok(const char *steps)
{
	qv_lesson *l;
	qv_err err;
	if (qv_lesson_parse(&l, lesson_text(steps), "t", &err))
		fail_msg("%s", err.msg);
	return l;
}

/* The message of a refused lesson contains `want`. */
static void parse_bad(const char *text, const char *want)
{
	qv_lesson *l;
	qv_err err = {{0}};
	assert_int_equal(qv_lesson_parse(&l, text, "bad", &err), QV_EINVAL);
	assert_null(l);
	if (!strstr(err.msg, want))
		fail_msg("expected '%s' in: %s", want, err.msg);
}

static void test_parse_errors(void **state)
{
	(void)state;
	parse_bad("{", "broken JSON at line 1");
	parse_bad("[]", "expected a JSON object");
	parse_bad("{\"game\": \"chess\"}", "unknown game 'chess'");
	parse_bad(lesson_text("{\"text\": \"a\", \"colour\": 1}"),
	          "steps[0]: unknown field 'colour'");
	parse_bad(lesson_text("{\"expect\": \"place Y c1 N\"}"), "steps[0].text: missing");
	parse_bad(lesson_text("{\"text\": \"a\", \"hint\": \"h\"}"), "a hint needs");
	parse_bad(
	    lesson_text("{\"text\": \"a\", \"checks\": [{\"pointer\": \"view\", \"equals\": 1, "
	                "\"says\": \"s\"}]}"),
	    "steps[0].checks[0].pointer: expected a JSON pointer");
	parse_bad(lesson_text("{\"text\": \"a\", \"checks\": [{\"pointer\": \"/view\", \"says\": "
	                      "\"s\"}]}"),
	          "exactly one of");
	parse_bad(lesson_text(""), "lesson.steps: expected an array of 1 to");
	parse_bad(
	    "{\"game\": \"three-arrows\", \"title\": \"T\", \"topics\": [], \"learner\": \"p1\"}",
	    "lesson.topics");
	parse_bad(
	    "{\"game\": \"three-arrows\", \"title\": \"T\", \"topics\": [\"x\"], \"learner\": "
	    "\"p9\"}",
	    "lesson.learner: 'p9' is not a seat");
}

static void test_try_right_hint_bad(void **state)
{
	(void)state;
	qv_lesson *l =
	    parse_ok("{\"text\": \"place\", \"expect\": \"place Y c1 N\", \"hint\": "
	             "\"the Y on c1\", \"replies\": [\"place A c6 S\"], \"checks\": "
	             "[{\"pointer\": \"/view/board/1/sq\", \"equals\": \"c6\", \"says\": "
	             "\"p2 answered\"}]}");
	qv_match *m;
	qv_err err;
	assert_int_equal(qv_lesson_begin(l, &m, &err), QV_OK);
	assert_int_equal(qv_lesson_try(l, 0, m, "place A b1 N", &err), QV_LESSON_HINT);
	assert_string_equal(err.msg, "the Y on c1");
	assert_int_equal(m->nhist, 0);
	assert_int_equal(qv_lesson_try(l, 0, m, "place Y c3 N", &err), QV_LESSON_BAD);
	assert_int_equal(qv_lesson_try(l, 0, m, "fly", &err), QV_LESSON_BAD);
	assert_int_equal(m->nhist, 0);
	assert_int_equal(qv_lesson_verify(l, 0, m, &err), QV_EINVAL); /* not played yet */
	assert_int_equal(qv_lesson_try(l, 0, m, "place  Y c1 n", &err), QV_LESSON_RIGHT);
	assert_int_equal(m->nhist, 2);
	assert_int_equal(qv_lesson_verify(l, 0, m, &err), QV_OK);
	qv_match_free(m);
	assert_int_equal(qv_lesson_check_all(l, &err), QV_OK);
	qv_lesson_free(l);
}

static void test_check_all_finds_broken_lessons(void **state)
{
	(void)state;
	qv_err err;
	struct {
		const char *steps, *want;
	} cases[] = {
	    {"{\"text\": \"a\", \"expect\": \"place Y c3 N\"}", "is not legal here"},
	    {"{\"text\": \"a\", \"expect\": \"place Y c1 N\", \"replies\": [\"place Y c1 N\"]}",
	     "reply 1"},
	    {"{\"text\": \"a\", \"expect\": \"place Y c1 N\"}, {\"text\": \"b\", \"expect\": "
	     "\"place A b2 N\"}",
	     "p2 is to move"},
	    {"{\"text\": \"a\", \"checks\": [{\"pointer\": \"/view/board/0\", \"absent\": false, "
	     "\"says\": \"x\"}]}",
	     ""},
	    {"{\"text\": \"a\", \"checks\": [{\"pointer\": \"/to_move\", \"equals\": \"p2\", "
	     "\"says\": \"p2 moves\"}]}",
	     "check 1 (p2 moves) fails: /to_move is \"p1\""},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		qv_lesson *l;
		if (qv_lesson_parse(&l, lesson_text(cases[i].steps), "t", &err))
			continue; /* refused already when parsed (case 4: absent must be true) */
		assert_int_equal(qv_lesson_check_all(l, &err), QV_EINVAL);
		if (!strstr(err.msg, cases[i].want))
			fail_msg("case %zu: expected '%s' in: %s", i, cases[i].want, err.msg);
		qv_lesson_free(l);
	}
}

static void test_expand(void **state)
{
	(void)state;
	qv_lesson *l =
	    parse_ok("{\"text\": \"hello\"}, {\"text\": \"place\", \"expect\": \"place Y "
	             "c1 N\", \"highlight\": [\"c1\"], \"replies\": [\"place A c6 S\"], "
	             "\"checks\": [{\"pointer\": \"/to_move\", \"equals\": \"p1\", "
	             "\"says\": \"your turn again\"}]}");
	qv_err err;
	json_t *j = qv_lesson_expand(l, &err);
	assert_non_null(j);
	json_t *steps = json_object_get(j, "steps");
	assert_int_equal(json_array_size(steps), 2);
	json_t *s1 = json_array_get(steps, 1);
	assert_string_equal(json_string_value(json_object_get(s1, "expect")), "place Y c1 N");
	assert_true(json_is_null(json_object_get(json_array_get(steps, 0), "expect")));
	/* The view before the step is the learner's, with its legal actions. */
	json_t *view = json_object_get(s1, "view");
	assert_string_equal(json_string_value(json_object_get(view, "viewer")), "p1");
	assert_true(json_array_size(json_object_get(view, "legal")) > 100);
	/* The two moves, each followed by its narration (the home side it takes). */
	json_t *log = json_object_get(s1, "log");
	assert_int_equal(json_array_size(log), 4);
	assert_string_equal(json_string_value(json_object_get(json_array_get(log, 2), "who")),
	                    "p2");
	assert_string_equal(json_string_value(json_object_get(json_array_get(log, 2), "text")),
	                    "place A c6 S");
	assert_string_equal(json_string_value(json_object_get(json_array_get(log, 3), "text")),
	                    "side N becomes p2's home side");
	/* What the step taught, in the words of its checks; none for a step of text. */
	json_t *learned = json_object_get(s1, "learned");
	assert_int_equal(json_array_size(learned), 1);
	assert_string_equal(json_string_value(json_array_get(learned, 0)), "your turn again");
	assert_int_equal(json_array_size(json_object_get(json_array_get(steps, 0), "learned")), 0);
	assert_non_null(json_object_get(j, "end"));
	/* Nothing in it but the learner's own view: no state, no seed. */
	char *text = json_dumps(j, JSON_COMPACT);
	assert_null(strstr(text, "\"seed\""));
	assert_null(strstr(text, "\"state\""));
	free(text);
	json_decref(j);
	qv_lesson_free(l);
}

/* A tutorials folder's lessons: the JSON files of the game's folder, sorted, hidden files and
 * other files left out; a missing folder is -1. */
static void test_list(void **state)
{
	(void)state;
	char dir[48];
	assert_non_null(qv_test_mkdtemp(dir, sizeof dir, "qv-lessons-"));
	char path[256];
	snprintf(path, sizeof path, "%s/three-arrows", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	const char *files[] = {"02-b.json", "01-a.json", ".03-hidden.json", "notes.txt",
	                       "x.json.bak"};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		snprintf(path, sizeof path, "%s/three-arrows/%s", dir, files[i]);
		FILE *f = fopen(path, "w");
		assert_non_null(f);
		fclose(f);
	}
	char *names[8];
	assert_int_equal(qv_lesson_list(dir, "three-arrows", names, 8), 2);
	assert_string_equal(names[0], "01-a.json");
	assert_string_equal(names[1], "02-b.json");
	free(names[0]);
	free(names[1]);
	assert_int_equal(qv_lesson_list(dir, "three-arrows", names, 1), 1);
	free(names[0]);
	assert_int_equal(qv_lesson_list(dir, "evons", names, 8), -1);
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		snprintf(path, sizeof path, "%s/three-arrows/%s", dir, files[i]);
		remove(path);
	}
	snprintf(path, sizeof path, "%s/three-arrows", dir);
	rmdir(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_parse_errors),
	    cmocka_unit_test(test_try_right_hint_bad),
	    cmocka_unit_test(test_check_all_finds_broken_lessons),
	    cmocka_unit_test(test_expand),
	    cmocka_unit_test(test_list),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
