/*
 * test_oplog.c - the operator's log (src/server/base/oplog.h): every line carries its UTC time to
 * the millisecond and its level before "quiver serve: "; --log-level's levels keep the graver
 * lines only; a line longer than the buffer is cut, never run into the next; the level names
 * read back.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "../support/tmpdir.h"
#include "server/base/oplog.h"

/* What the lines written by fn went to stderr as, into out. */
static void captured(void (*fn)(void), char *out, size_t len)
{
	char path[48];
	int fd = qv_test_mkstemp(path, sizeof path, "qvoplog");
	assert_true(fd >= 0);
	fflush(stderr);
	int saved = dup(2);
	dup2(fd, 2);
	fn();
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	lseek(fd, 0, SEEK_SET);
	ssize_t n = read(fd, out, len - 1);
	out[n > 0 ? n : 0] = '\0';
	close(fd);
	unlink(path);
}

static void three(void)
{
	qv__oplog(QV__ERROR, "table %s: stuck", "0000000000000001");
	qv__oplog(QV__WARN, "refused %d", 2);
	qv__oplog(QV__INFO, "removed %d waiting tables", 3);
}

/* A line: "YYYY-MM-DDTHH:MM:SS.mmmZ LEVEL quiver serve: TEXT". */
static void is_line(const char *line, const char *level, const char *text)
{
	int y, mo, d, h, mi, s, ms;
	char z, lv[8];
	int used = 0;
	if (sscanf(line, "%4d-%2d-%2dT%2d:%2d:%2d.%3d%c %7s %n", &y, &mo, &d, &h, &mi, &s, &ms, &z,
	           lv, &used) != 9 ||
	    z != 'Z' || strcmp(lv, level) != 0 || strncmp(line + used, "quiver serve: ", 14) != 0 ||
	    strncmp(line + used + 14, text, strlen(text)) != 0)
		fail_msg("expected a %s line of '%s'; got: %s", level, text, line);
}

static void test_levels(void **state)
{
	(void)state;
	char out[4096];
	qv__oplog_level(QV__INFO);
	captured(three, out, sizeof out);
	char *second = strchr(out, '\n') + 1, *third = strchr(second, '\n') + 1;
	is_line(out, "error", "table 0000000000000001: stuck");
	is_line(second, "warn", "refused 2");
	is_line(third, "info", "removed 3 waiting tables");
	assert_string_equal(strchr(third, '\n'), "\n");

	qv__oplog_level(QV__WARN);
	captured(three, out, sizeof out);
	assert_non_null(strstr(out, "refused 2"));
	assert_null(strstr(out, "removed"));
	qv__oplog_level(QV__ERROR);
	captured(three, out, sizeof out);
	assert_null(strstr(out, "refused"));
	assert_non_null(strstr(out, "stuck"));
	qv__oplog_level(QV__INFO);
}

static char long_text[3000];

static void one_long(void)
{
	qv__oplog(QV__WARN, "%s", long_text);
	qv__oplog(QV__WARN, "after");
}

static void test_long_line(void **state)
{
	(void)state;
	memset(long_text, 'x', sizeof long_text - 1);
	char out[8192];
	captured(one_long, out, sizeof out);
	char *nl = strchr(out, '\n');
	assert_non_null(nl);
	is_line(nl + 1, "warn", "after");
}

static void test_names(void **state)
{
	(void)state;
	assert_int_equal(qv__level_named("error"), QV__ERROR);
	assert_int_equal(qv__level_named("warn"), QV__WARN);
	assert_int_equal(qv__level_named("info"), QV__INFO);
	assert_int_equal(qv__level_named("debug"), -1);
	assert_int_equal(qv__level_named(""), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_levels),
	    cmocka_unit_test(test_long_line),
	    cmocka_unit_test(test_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
