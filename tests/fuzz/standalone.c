/*
 * standalone.c - a `main` for the fuzz targets without libFuzzer, as libFuzzer's
 * StandaloneFuzzTargetMain is: it calls LLVMFuzzerInitialize (when the target has one), then
 * LLVMFuzzerTestOneInput on the empty input (libFuzzer's first input too) and on every file
 * given, or found under a folder given (recursively, in name order, so that a failure repeats
 * in the same order). Built with gcc in the release and sanitizer builds, it makes each target
 * a ctest test over its seed corpus and its regression inputs (`fuzz/<name>`, tests/fuzz/
 * CMakeLists.txt), so that `make test` runs every target's code on the inputs that once broke
 * it without building the clang tree.
 *
 * Each input is read into a buffer of exactly its size, as libFuzzer gives it, so that the
 * sanitizer build sees a read past its end. The input's path is printed before it runs: a
 * crash or a sanitizer report then follows the name of the input that caused it. A path that
 * cannot be read, or a folder with no input in it, is an error (exit 2): a smoke test that
 * reads nothing would pass without testing anything.
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

/* Inputs run so far. */
static long inputs;

/* Runs the target on one input of `size` bytes (copied into a buffer of that size). */
static void run(const char *name, const unsigned char *data, size_t size)
{
	fprintf(stderr, "input %s (%zu bytes)\n", name, size);
	unsigned char *copy = malloc(size ? size : 1);
	if (!copy) {
		fprintf(stderr, "standalone: out of memory for %zu bytes\n", size);
		exit(2);
	}
	if (size)
		memcpy(copy, data, size);
	LLVMFuzzerTestOneInput(copy, size);
	free(copy);
	inputs++;
}

/* Reads a whole file and runs the target on it; false when it cannot be read. */
static bool run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "standalone: %s: %s\n", path, strerror(errno));
		return false;
	}
	size_t cap = 4096, n = 0;
	unsigned char *buf = malloc(cap);
	for (;;) {
		if (!buf) {
			fprintf(stderr, "standalone: out of memory reading %s\n", path);
			exit(2);
		}
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		cap *= 2;
		unsigned char *grown = realloc(buf, cap);
		if (!grown)
			free(buf);
		buf = grown;
	}
	bool ok = !ferror(f);
	fclose(f);
	if (ok)
		run(path, buf, n);
	else
		fprintf(stderr, "standalone: %s: a read error\n", path);
	free(buf);
	return ok;
}

/* The order of the paths in a folder: byte order, as `LC_ALL=C ls` lists them, the same on
 * every machine. */
static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs the target on the file at path, or on every file under it when it is a folder. Returns
 * the number of inputs run, or -1 when something could not be read. */
static long run_path(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		fprintf(stderr, "standalone: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return run_file(path) ? 1 : -1;
	DIR *d = opendir(path);
	if (!d) {
		fprintf(stderr, "standalone: %s: %s\n", path, strerror(errno));
		return -1;
	}
	char **names = NULL;
	size_t count = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue; /* ".", ".." and hidden files (an editor's) are no inputs */
		if (count == cap) {
			cap = cap ? cap * 2 : 64;
			char **grown = realloc(names, cap * sizeof *names);
			if (!grown) {
				fprintf(stderr, "standalone: out of memory listing %s\n", path);
				exit(2);
			}
			names = grown;
		}
		size_t len = strlen(path) + 1 + strlen(e->d_name) + 1;
		names[count] = malloc(len);
		if (!names[count]) {
			fprintf(stderr, "standalone: out of memory listing %s\n", path);
			exit(2);
		}
		snprintf(names[count++], len, "%s/%s", path, e->d_name);
	}
	closedir(d);
	qsort(names, count, sizeof *names, by_name);
	long ran = 0;
	for (size_t i = 0; i < count; i++) {
		if (ran >= 0) {
			long k = run_path(names[i]);
			ran = k < 0 ? -1 : ran + k;
		}
		free(names[i]);
	}
	free(names);
	return ran;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr,
		        "usage: %s FILE|FOLDER...: runs the fuzz target on the empty input "
		        "and on every file given or found under a folder given\n",
		        argv[0]);
		return 2;
	}
	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	run("(empty)", (const unsigned char *)"", 0);
	for (int i = 1; i < argc; i++) {
		long k = run_path(argv[i]);
		if (k < 0)
			return 2;
		if (k == 0) {
			fprintf(stderr, "standalone: %s holds no input\n", argv[i]);
			return 2;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	fprintf(stderr, "%s: %ld inputs, none failed, in %.0f ms\n", argv[0], inputs, ms);
	return 0;
}
