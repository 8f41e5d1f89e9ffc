/*
 * child.c - a step of a test run in a child process (child.h).
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"

void qv_test_in_child(void (*run)(void *ctx), void *ctx, qv_test_child *out)
{
	int pipes[2];
	assert_int_equal(pipe(pipes), 0);
	fflush(NULL); /* nothing buffered is written twice */
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(pipes[1], STDERR_FILENO);
		close(pipes[0]);
		run(ctx);
		_exit(0);
	}
	close(pipes[1]);
	/* Read to the end, so that a child that says more than is kept is never held up. */
	size_t len = 0;
	char rest[512];
	ssize_t got;
	do {
		size_t room = sizeof out->said - 1 - len;
		got = room ? read(pipes[0], out->said + len, room)
		           : read(pipes[0], rest, sizeof rest);
		len += room && got > 0 ? (size_t)got : 0;
	} while (got > 0);
	out->said[len] = '\0';
	close(pipes[0]);
	assert_int_equal(waitpid(pid, &out->status, 0), pid);
}

bool qv_test_child_aborted(const qv_test_child *c, const char *says)
{
	return WIFSIGNALED(c->status) && WTERMSIG(c->status) == SIGABRT && strstr(c->said, says);
}

bool qv_test_child_quiet(const qv_test_child *c, const char *says)
{
	return WIFEXITED(c->status) && WEXITSTATUS(c->status) == 0 && !strstr(c->said, says);
}
