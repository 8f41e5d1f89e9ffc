/*
 * tmpdir.h - a test's own temporary folder or file, under $TMPDIR (else /tmp), as mkdtemp(3)
 * and mkstemp(3) make them.
 *
 * Why TMPDIR: `make test` points it at a memory file system when the machine has one
 * (scripts/test-tmpdir.sh), so that the tests' databases, journals and browser profiles never
 * wait on the disk: on a shared disk one test's fsync waits for every other test's writes, and a
 * test that makes a thousand small databases (faults/table) spent most of its time there.
 * Node's os.tmpdir(), Python's tempfile and mktemp(1) read TMPDIR too, so every kind of test
 * follows the same setting. Header-only, so that any test can include it as
 * "../support/tmpdir.h" whatever it links.
 */
#ifndef QV_TEST_TMPDIR_H
#define QV_TEST_TMPDIR_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The folder temporary files go in: $TMPDIR when set and not empty, else /tmp. */
static inline const char *qv_test_tmp_base(void)
{
	const char *base = getenv("TMPDIR");
	return base && *base ? base : "/tmp";
}

/* Makes the folder BASE/NAMEXXXXXX (the X's made unique) and writes its path into buf of n
 * bytes; returns buf, or NULL (errno set) when it could not be made or its path does not fit. */
static inline char *qv_test_mkdtemp(char *buf, size_t n, const char *name)
{
	int len = snprintf(buf, n, "%s/%sXXXXXX", qv_test_tmp_base(), name);
	if (len < 0 || (size_t)len >= n) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	return mkdtemp(buf);
}

/* The same for a file, opened for reading and writing: its descriptor, or -1. */
static inline int qv_test_mkstemp(char *buf, size_t n, const char *name)
{
	int len = snprintf(buf, n, "%s/%sXXXXXX", qv_test_tmp_base(), name);
	if (len < 0 || (size_t)len >= n) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return mkstemp(buf);
}

#endif
