/*
 * variant_edit.h (games) - a variant's edits applied to the set it extends (variant_edit.c),
 * for variant_resolve.c. Internal to the variant files.
 */
#ifndef QUIVER_GAMES_VARIANT_EDIT_H
#define QUIVER_GAMES_VARIANT_EDIT_H

#include "games/variant_check.h"

/* Applies one list block of a variant (v: an array replacing the list, or an edit) to
 * resolved[b->key]. While the checker goes on past a problem, an added entry with a bad value
 * is added all the same (unless its id is taken), so that the list's size, checked last, is
 * the one the file meant; a modification with one is not applied. */
qv_status qv__variant_apply_list(struct json_t *resolved, const qv_vblock *b,
                                 const struct json_t *v, qv__where *w, qv_err *err);
/* Applies a record block: its fields replace the extended ones. */
qv_status qv__variant_apply_record(struct json_t *resolved, const qv_vblock *b,
                                   const struct json_t *v, qv__where *w, qv_err *err);
/* Checks a document's params against g's and merges them over resolved's. */
qv_status qv__variant_apply_params(const qv_game *g, struct json_t *resolved,
                                   const struct json_t *v, qv__where *w, qv_err *err);

#endif
