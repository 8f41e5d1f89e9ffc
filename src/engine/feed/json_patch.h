/*
 * json_patch.h - what changed from one JSON value to another, written as RFC 6902 JSON Patch
 * operations (`add`, `remove`, `replace`, each with an RFC 6901 JSON Pointer), for the replay's
 * steps after the first (replay.c): a client applies them with any JSON Patch library, or the
 * browser's web/json-patch.js. Internal to the engine's feed; thread-safe (no state of its own).
 */
#ifndef QUIVER_ENGINE_FEED_JSON_PATCH_H
#define QUIVER_ENGINE_FEED_JSON_PATCH_H

#include <jansson.h>
#include <stdbool.h>

#include "quiver/core.h"

/* Appends to out the operations that turn a into b, as compact JSON objects separated by
 * commas (the caller writes the array's brackets), where a and b sit at the JSON Pointer `at`
 * of the document ("" for the whole of it, "/view" for its member "view"). *ops counts the
 * operations written so far: one is preceded by a comma when *ops is not 0, so that several
 * calls write one array. Nothing is written when a and b are equal as JSON.
 *
 * The difference is structural: objects by key (a key only in a: `remove`; only in b: `add`);
 * arrays by their elements, lined up as diff(1) lines up lines (the longest common subsequence
 * of elements equal as JSON kept, the others changed in place, added or removed at their
 * index); any other difference (a scalar, or a value of another type) `replace` with b's
 * value. An object or array whose changes would be longer than its new value is replaced
 * whole. Applied in order to a, the operations give b exactly (as JSON: an object's added key
 * may come last). False when memory ran out or a string is not UTF-8 (out then holds a part). */
bool qv__json_patch(qv_buf *out, const char *at, const json_t *a, const json_t *b, int *ops);

#endif
