/*
 * variant_load.c - the time to load a variant (docs/history/benchmarks-1.md, "Loading a variant"):
 * for each variant file given, the mean wall time of qv_variant_from_json over N documents that
 * differ only by their name (so that each is checked, resolved, hashed and built anew rather
 * than found in the registry), parsing the file's text included. The bound: under 10 ms.
 * Usage: variant_load [-n N] FILE...   (N at most 50: the registry holds 255 variants)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "quiver/variant.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	int n = 20, first = 1;
	if (argc > 2 && strcmp(argv[1], "-n") == 0) {
		n = atoi(argv[2]);
		first = 3;
	}
	if (n < 1 || n > 50 || first >= argc) {
		fprintf(stderr, "usage: variant_load [-n N] FILE...   (1 <= N <= 50)\n");
		return 2;
	}
	printf("%-52s %12s %12s\n", "variant", "ms per load", "worst ms");
	for (int f = first; f < argc; f++) {
		json_error_t jerr;
		json_t *doc = json_load_file(argv[f], 0, &jerr);
		char *text = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
		json_decref(doc);
		if (!text) {
			fprintf(stderr, "variant_load: %s: %s\n", argv[f], jerr.text);
			return 1;
		}
		double total = 0, worst = 0;
		for (int i = 0; i < n; i++) {
			double t0 = now();
			json_t *j = json_loads(text, 0, &jerr);
			char name[64];
			snprintf(name, sizeof name, "load %d", i);
			json_object_set_new(j, "name", json_string(name));
			const qv_variant *v;
			qv_err err;
			qv_status rc = qv_variant_from_json(j, NULL, "variant", &v, &err);
			json_decref(j);
			double dt = now() - t0;
			if (rc) {
				fprintf(stderr, "variant_load: %s: %s\n", argv[f], err.msg);
				return 1;
			}
			total += dt;
			worst = dt > worst ? dt : worst;
		}
		free(text);
		printf("%-52s %12.3f %12.3f\n", argv[f], total / n * 1e3, worst * 1e3);
	}
	return 0;
}
