/*
 * json_util.h - helpers shared by the games' JSON loaders and writers, and the match's
 * writers (internal: not a public header). qv__json_parse (json_parse.c) is how every part of
 * quiver reads JSON text it did not write; the readers below take the untrusted JSON it gives
 * and say, in the message, which field was wrong and what is allowed; the writers return all
 * or nothing.
 */
#ifndef QUIVER_GAMES_JSON_UTIL_H
#define QUIVER_GAMES_JSON_UTIL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/fields.h" /* qv__json_check_keys: only the fields a loader knows */
#include "quiver/core.h"

/* Reads o[key] as a whole number in [lo, hi] into *out, or def when the key is absent. */
qv_status qv__json_get_int(const json_t *o, const char *key, const char *what, long lo, long hi,
                           long def, long *out, qv_err *err);

/* Reads o[key] as true or false into *out, or def when the key is absent. */
qv_status qv__json_get_bool(const json_t *o, const char *key, const char *what, bool def, bool *out,
                            qv_err *err);

/* A player's name as JSON ("p1", ...). */
json_t *qv__json_player(int p);

/* Writers that build the whole JSON or nothing: o[key] = v (v taken) returns o; when o or v is
 * NULL (out of memory) both are released and NULL returned, so a builder that writes
 * `o = qv__json_put(o, "k", json_integer(n));` field after field returns NULL rather than an
 * object with a field missing. qv__json_push appends to an array the same way. */
json_t *qv__json_put(json_t *o, const char *key, json_t *v);
json_t *qv__json_push(json_t *a, json_t *v);

/* json_dumps, but NULL whenever memory ran out: jansson 2.14 can return a text with a key cut
 * short when an allocation fails while it writes (akheron/jansson#655), so the text is written
 * into a buffer that knows when it could not grow. JSON_COMPACT (with JSON_ENCODE_ANY or
 * JSON_PRESERVE_ORDER or neither), the form of every frame, is written here by a walk that
 * copies each piece with memcpy, byte for byte what jansson writes (jansson's own writer
 * formats every piece it hands its callback, most of the cost of an act in the server);
 * other flags go through json_dump_callback. NULL also where json_dumps fails (a string that
 * is not UTF-8, a bare value without JSON_ENCODE_ANY). Free the text with free(). */
char *qv__json_dumps(const json_t *j, size_t flags);

/* Appends j to b as qv__json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY) writes it, byte for
 * byte, without a copy of its own (a replay's answer is written this way, step by step); false
 * when j is NULL, holds a string that is not UTF-8, or memory ran out (b then holds a part). */
bool qv__json_append(qv_buf *b, const json_t *j);
/* Appends s[0..n) as a JSON string, escaped as jansson escapes it; false as above. */
bool qv__json_append_string(qv_buf *b, const char *s, size_t n);

/* ---- JSON text written straight, without a tree (the games' view_text) ---- */

/* A JSON text written as qv__json_dumps(tree, JSON_COMPACT) writes the tree that the same calls
 * would build (keys in the order written): each value goes into the innermost open array or
 * object, after a comma when it is not the first there. A key is given for a value in an
 * object (a constant: ASCII that needs no escape), NULL for one in an array. Start one with
 * {.b = out, .ok = true}; ok turns false when a string is not UTF-8 (jansson would not write
 * it either), and out->failed says when memory ran out. */
typedef struct qv__jw {
	qv_buf *b;
	uint64_t more; /* bit d: the container at depth d holds a value already */
	int depth;
	bool ok;
} qv__jw;

void qv__jw_open(qv__jw *w, const char *key, char bracket); /* '{' or '[' */
void qv__jw_close(qv__jw *w, char bracket);                 /* '}' or ']' */
void qv__jw_str(qv__jw *w, const char *key, const char *s);
void qv__jw_int(qv__jw *w, const char *key, long long v);
void qv__jw_bool(qv__jw *w, const char *key, bool v);
void qv__jw_null(qv__jw *w, const char *key);
/* A player's name ("p1", ...), as qv__json_player. */
void qv__jw_player(qv__jw *w, const char *key, int p);
/* True when everything was written (no string refused, no memory missing). */
bool qv__jw_done(const qv__jw *w);

/* ---- reading JSON quiver did not write (json_parse.c) ---- */

/* The deepest nesting of arrays and objects in any JSON text quiver reads. */
#define QV__JSON_DEPTH 64

/* Reads text[0..len) as JSON with jansson's flags: the only way quiver reads JSON it did not
 * write itself in this process (bodies, messages, records, states, variants, lessons, the lab's
 * files, the store's documents). Returns
 * - QV_OK: *out is the value, the caller's to json_decref;
 * - QV_EINVAL: not JSON, or nested deeper than QV__JSON_DEPTH levels (refused before jansson
 *   sees it; jerr's text then says "nested deeper than 64 levels"); jerr says where (line,
 *   column, position) and what, as jansson's errors do;
 * - QV_ENOMEM: the memory the parse may need could not be reserved, or its result not copied
 *   out; jerr's text is "out of memory", and nothing is left half-read.
 * A parse never meets a failing allocation in jansson's lexer (jansson 2.14 mishandles one:
 * akheron/jansson#362): it reserves all it may need first, in one allocation of at most 80
 * bytes per byte of text (a text of nothing but empty objects, "[{},{},...]"): 5.2 MB for a
 * request's body or message (64 KiB, QV__BODY_MAX), 84 MB for a variant or a lesson file
 * (1 MiB, QV_VARIANT_BYTES), 336 MB for a record or state (4 MiB, QV_RECORD_MAX); jansson
 * uses 97 % of it for that shape, and the reservation is released as soon as the value is
 * copied out of it.
 * Thread-safe. While parses are under way, jansson's allocator (json_set_alloc_funcs) is the
 * arena's, chained to the one in place before the first of them: a program that installs its
 * own does so before it parses, and not while a parse is under way. */
qv_status qv__json_parse(const char *text, size_t len, size_t flags, json_t **out,
                         json_error_t *jerr);

/* The one pass over the bytes that qv__json_parse makes first: QV_EINVAL with jerr filled when
 * the text nests deeper than QV__JSON_DEPTH levels (brackets inside strings not counted), else
 * QV_OK and *bound, the bytes jansson 2.14 may allocate while it parses the text. QV_ENOMEM for
 * a text too long for any bound (more than SIZE_MAX / 512 bytes). */
qv_status qv__json_measure(const char *text, size_t len, size_t *bound, json_error_t *jerr);

/* For the tests: the calling thread's last qv__json_parse (its reservation and the part of it
 * jansson used) and the allocations every parse so far had to make outside its reservation
 * (0 while the bound holds). */
typedef struct qv__json_arena {
	size_t reserved, used, spilled;
} qv__json_arena;
void qv__json_arena_stats(qv__json_arena *out);
/* For the tests of the fallback: the calling thread's next reservations hold at most cap bytes
 * (0: the bound, as always outside the tests). */
void qv__json_arena_cap(size_t cap);

/* Reads v, a player's name ("p1" ... up to nplayers), into *p (0-based). */
qv_status qv__json_get_player(const json_t *v, const char *what, int nplayers, int *p, qv_err *err);

/* Reads o[key], a player's name, into *p (0-based); absent or null, *p is def. Messages name
 * the field as where.key ("state.active must be a player p1-p2"). */
qv_status qv__json_get_opt_player(const json_t *o, const char *key, const char *where, int nplayers,
                                  int def, int *p, qv_err *err);

/* Reads one entry o of a state's array, named `what` ("board[3]") in messages; ctx is what the
 * caller of qv__json_each_object gave (the state being loaded). */
typedef qv_status (*qv__json_entry_fn)(void *ctx, const json_t *o, const char *what, qv_err *err);

/* Reads each entry of a, the state's array `name`, with each (given ctx), the first failure
 * ending it: a must be an array ("state.board must be an array of cards": `of` names its
 * entries) of objects ("board[3] must be an object with sq, card and owner": `with` names
 * their fields). The card games' boards. */
qv_status qv__json_each_object(const json_t *a, const char *name, const char *of, const char *with,
                               qv__json_entry_fn each, void *ctx, qv_err *err);

/* Reads one id (a card, a kind) from v into *id, or fails naming `what` and the form; ctx is
 * what the caller of qv__json_get_ids gave (the components the ids name). */
typedef qv_status (*qv__json_id_fn)(const void *ctx, const json_t *v, const char *what, int *id,
                                    qv_err *err);

/* Reads o[key], an array of at most max ids each read by get (given ctx), into out[0..*n);
 * absent: *n = 0. */
qv_status qv__json_get_ids(const json_t *o, const char *key, const char *what, int max,
                           qv__json_id_fn get, const void *ctx, uint8_t *out, int *n, qv_err *err);

/* Reads v, a square or cell name such as "c3" on a width x height grid (`noun` names it in
 * the message), into *file and *rank. */
qv_status qv__json_get_sq(const json_t *v, const char *what, const char *noun, int width,
                          int height, int *file, int *rank, qv_err *err);

/* A game's own generator (the state's qv_rng) as 64 hex digits, its four words in order, and
 * the reader of that form: `what` names the field ("state.rng"); all zeros is refused. */
json_t *qv__json_rng(const qv_rng *r);
void qv__rng_hex(const qv_rng *r, char hex[65]); /* the same 64 digits as text */
qv_status qv__json_get_rng(const json_t *v, const char *what, qv_rng *out, qv_err *err);

/* The index of the string v among names[0..n) (case-insensitive), or -1. */
int qv__json_name_index(const json_t *v, const char *const *names, int n);
/* o.key, one of names[0..n) (a phase, an ending), as its index in *out; def when the key is
 * absent. Anything else fails with "<what>.<key> must be a, b or c". */
qv_status qv__json_get_name(const json_t *o, const char *key, const char *what,
                            const char *const *names, int n, int def, int *out, qv_err *err);

/* A state's object j: fails with "state must be a JSON object" when it is not one, else as
 * qv__json_check_keys(j, "state", keys). Every game's loader starts with it. */
qv_status qv__json_check_state(const json_t *j, const char *const *keys, qv_err *err);

/* True when a is absent (NULL) or an array of at most max entries: the form of an optional
 * list field, whose reader then walks a with json_array_foreach (nothing when absent). */
bool qv__json_is_list(const json_t *a, size_t max);

/* Reads one place (a square, a cell) from v into *at, or fails naming `what` and the form. */
typedef qv_status (*qv__json_place_fn)(const json_t *v, const char *what, int *at, qv_err *err);
/* Reads a, absent or an array of at most max places each read by get, into the mask *m (bit
 * i: place i; 0 when a is absent). Not such a list, it fails with "<what> must be an array of
 * <noun>"; an entry's message names it `entry`, or what[i] when entry is NULL. */
qv_status qv__json_get_mask(const json_t *a, size_t max, qv__json_place_fn get, const char *what,
                            const char *noun, const char *entry, uint64_t *m, qv_err *err);

/* The head of a two-player turn-based state, which ConCardia and Evons share: "phase" (its
 * name), "active", "first" (null while first_known is false: before the coin) and "turns",
 * put into o in that order as qv__json_put puts them (NULL when memory ran out). */
json_t *qv__json_put_turn(json_t *o, const char *phase, int active, bool first_known, int first,
                          int turns);
/* The same head written as text, byte for byte (a view_text's). */
void qv__jw_turn(qv__jw *w, const char *phase, int active, bool first_known, int first, int turns);
/* Reads that head's "phase" (one of names[0..n), def when absent), "active" (p1 when absent)
 * and "first" (-1 when absent or null: the caller says when that is allowed) of state j, with
 * qv__json_get_name's and qv__json_get_opt_player's messages. */
qv_status qv__json_get_turn(const json_t *j, const char *const *names, int n, int def,
                            uint8_t *phase, uint8_t *active, int *first, qv_err *err);

#endif
