/*
 * json_util.h - helpers shared by the games' JSON loaders and writers, and the match's
 * writers (internal: not a public header). The readers take untrusted JSON and say, in the
 * message, which field was wrong and what is allowed; the writers return all or nothing.
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
 * through json_dump_callback into a buffer that knows when it could not grow. Free the text
 * with free(). */
char *qv__json_dumps(const json_t *j, size_t flags);

/* json_loads, telling memory that ran out from broken text: jansson 2.14 reports some refused
 * allocations as syntax errors and, in its lexer, can drop a character of a string or number
 * and go on (akheron/jansson#362, #735). So text is parsed twice: broken text fails twice the
 * same way (QV_EINVAL, jerr says where); two answers that differ mean an allocation failed
 * (QV_ENOMEM). Not for hot paths. */
qv_status qv__json_loads(const char *text, size_t flags, json_t **out, json_error_t *jerr);

/* Reads v, a player's name ("p1" ... up to nplayers), into *p (0-based). */
qv_status qv__json_get_player(const json_t *v, const char *what, int nplayers, int *p, qv_err *err);

/* Reads o[key], a player's name, into *p (0-based); absent or null, *p is def. Messages name
 * the field as where.key ("state.active must be a player p1-p2"). */
qv_status qv__json_get_opt_player(const json_t *o, const char *key, const char *where, int nplayers,
                                  int def, int *p, qv_err *err);

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
qv_status qv__json_get_rng(const json_t *v, const char *what, qv_rng *out, qv_err *err);

/* The index of the string v among names[0..n) (case-insensitive), or -1. */
int qv__json_name_index(const json_t *v, const char *const *names, int n);
/* o.key, one of names[0..n) (a phase, an ending), as its index in *out; def when the key is
 * absent. Anything else fails with "<what>.<key> must be a, b or c". */
qv_status qv__json_get_name(const json_t *o, const char *key, const char *what,
                            const char *const *names, int n, int def, int *out, qv_err *err);

#endif
