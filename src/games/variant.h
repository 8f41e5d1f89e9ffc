/*
 * variant.h (games) - what variant.c offers the rest of the games' folder but not the public
 * API: to variant_load.c, loading a file or a document with a finder of games by name passed
 * in, so that variant.c, which every game's init calls, calls nothing that names the games
 * (the registry), and no file depends on itself in a cycle (tests/cli/file_cycles.sh); to the
 * games' ablate hooks, one way to name the variant they make.
 */
#ifndef QUIVER_GAMES_VARIANT_H
#define QUIVER_GAMES_VARIANT_H

#include "quiver/variant.h"

/* The game named `name`, or NULL with a message (qv_game_find). */
typedef const qv_game *(*qv__game_finder)(const char *name, qv_err *err);

/* qv_variant_load and qv_variant_from_json, with the game a document names found by find
 * when g is NULL (find may be NULL when g is not). qv__variant_load is qv_variant_check too:
 * given problems, it lists every problem there (err, which may be NULL then, gets the last). */
qv_status qv__variant_load(const char *path, const qv_game *g, qv__game_finder find,
                           qv_variant_problems *problems, const qv_variant **out, qv_err *err);
qv_status qv__variant_from_json(const struct json_t *doc, const qv_game *g, qv__game_finder find,
                                const char *what, const qv_variant **out, qv_err *err);
/* qv_variant_from_json_held, the same way. */
qv_status qv__variant_from_json_held(const struct json_t *doc, const qv_game *g,
                                     qv__game_finder find, const char *what, qv_variant_room room,
                                     const qv_variant **out, qv_err *err);

/* The name of the lab's variant of doc without component id (qv_components.ablate), as a new
 * JSON string owned by the caller, NULL when out of memory: "<name> without <id>", doc's
 * "name" ("" when it has none) cut at a character's start so that the whole fits in
 * QV_VARIANT_NAME - 1 bytes. id is not NULL. */
struct json_t *qv__variant_ablated_name(const struct json_t *doc, const char *id);

/* A plain entry standing for `entry` in the lab's ablation of a card (qv_components.ablate):
 * the fields kept[0..nkept) copied from entry; each integer field numbers[f] (at most 8) the
 * mean over `peers` rounded half up, at least floor[f]; and "arrows" the directions that more
 * than half of the peers have. peers: a non-empty array of entries with those fields. A new
 * object owned by the caller; NULL when memory runs out or peers is empty. */
struct json_t *qv__variant_plain_entry(const struct json_t *entry, const struct json_t *peers,
                                       const char *const *kept, int nkept,
                                       const char *const *numbers, const int *floor, int nnumbers);

#endif
