/*
 * fuzz_record.c - libFuzzer target for the record loader as `quiver replay`, `quiver play
 * --load` and the protocol's `load` reach it: arbitrary bytes as the text of a record or a
 * full state (qv_match_load_text: the size bound, qv__json_parse with its depth check and its
 * arena, the game, parameters, variant, seed, players, every action replayed, the result
 * checked). What it accepts must round-trip: the loaded match's record, written and loaded
 * again, gives the same state. A crash, a sanitizer report, a refusal without a message or a
 * record that does not load back is a bug. Build with `make fuzz` (clang).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fuzz_text.h"
#include "quiver/match.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* The match's whole state as text (caller frees). */
static char *state_text(const qv_match *m)
{
	json_t *j = qv_match_state_json(m);
	char *s = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
	json_decref(j);
	if (!s)
		abort();
	return s;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *text = fz_text(data, size);
	qv_match *m;
	qv_err err = {{0}};
	qv_status rc = qv_match_load_text(&m, text, &err);
	free(text);
	if (rc) {
		if (!err.msg[0] || rc == QV_OK)
			abort(); /* every refusal says why */
		return 0;
	}
	json_t *rec = qv_match_record_json(m);
	char *written = rec ? json_dumps(rec, JSON_COMPACT) : NULL;
	json_decref(rec);
	if (!written)
		abort();
	qv_match *again;
	if (qv_match_load_text(&again, written, &err)) {
		fprintf(stderr, "the record of a loaded match does not load: %s\n%s\n", err.msg,
		        written);
		abort();
	}
	char *a = state_text(m), *b = state_text(again);
	if (strcmp(a, b) != 0) {
		fprintf(stderr, "the record replays to another state:\n%s\n%s\n", a, b);
		abort();
	}
	free(a);
	free(b);
	free(written);
	qv_match_free(again);
	qv_match_free(m);
	return 0;
}
