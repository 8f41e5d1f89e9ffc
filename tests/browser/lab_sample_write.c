/*
 * lab_sample_write.c - writes the report files of the hand-made lab studies
 * (tests/support/lab_sample.h) for the browser test lab-report.test.mjs: DIR/full/ (every
 * figure, a variant name that needs escaping) and DIR/sparse/ (the figures that were not
 * measured, each saying so).
 *
 * Usage: lab_sample_write DIR
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "lab_sample.h"

static int write_one(const char *dir, const char *sub, bool full, const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, sub);
	if (mkdir(path, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "lab_sample_write: cannot make %s: %s\n", path, strerror(errno));
		return 1;
	}
	qv_test_lab s;
	qv_test_lab_sample(&s, full, name);
	qv_err err;
	qv_status st = qv_lab_write(&s.report, s.games, path, &err);
	qv_test_lab_sample_free(&s);
	if (st != QV_OK) {
		fprintf(stderr, "lab_sample_write: %s\n", err.msg);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: lab_sample_write DIR\n");
		return 2;
	}
	if (write_one(argv[1], "full", true, "Two Terminators <b>&</b> \"no die\"") ||
	    write_one(argv[1], "sparse", false, "random only"))
		return 1;
	return 0;
}
