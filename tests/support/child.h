/*
 * child.h - a step of a test run in a child process, for the tests that expect the sanitizer
 * build's invariants (QV_ASSERT, core.h) to abort: the child dies, the test program goes on
 * and reads how it ended and what it said.
 */
#ifndef QV_TEST_CHILD_H
#define QV_TEST_CHILD_H

#include <stdbool.h>

typedef struct qv_test_child {
	int status;      /* the child's wait status (waitpid) */
	char said[4096]; /* what it wrote on its standard error (the start of it), with a NUL */
} qv_test_child;

/* Runs run(ctx) in a child process (fork), its standard error read into out->said; the child
 * exits with 0 when run returns. Fails the test when there can be no child. */
void qv_test_in_child(void (*run)(void *ctx), void *ctx, qv_test_child *out);

/* Whether the child was killed by SIGABRT, having said `says` (a part of QV_ASSERT's
 * "invariant broken: " line, say). */
bool qv_test_child_aborted(const qv_test_child *c, const char *says);

/* Whether the child exited with 0 without saying `says`. */
bool qv_test_child_quiet(const qv_test_child *c, const char *says);

#endif
