/*
 * variant_resolve.h (games) - a variant document or file resolved (variant_resolve.c): the set
 * it extends, then its parameters and blocks. variant.c, the registry, calls it; it calls
 * nothing of the registry, which hands its built-in documents in through the chain
 * (qv__chain.builtin) and its finder of games by name (qv__chain.find), so that no two files
 * call each other. Internal to the variant files.
 */
#ifndef QUIVER_GAMES_VARIANT_RESOLVE_H
#define QUIVER_GAMES_VARIANT_RESOLVE_H

#include <limits.h>

#include "games/variant_check.h"

/* What one resolution reads files through, and the files of the chain so far (a cycle).
 * seen is allocated only where files are read: the documents of a server's requests are
 * resolved on its request workers, whose stacks are fixed (512 KiB; docs/history/benchmarks-3.md,
 * "The stack of a request"). */
typedef struct qv__chain {
	/* the game a document names, when the caller gives none (qv__game_finder) */
	const qv_game *(*find)(const char *name, qv_err *err);
	/* g's built-in document, a copy the caller owns (the registry's, variant.c) */
	qv_status (*builtin)(const qv_game *g, struct json_t **out, qv_err *err);
	bool files; /* `extends` may name a file (then seen is not NULL) */
	int depth;
	char (*seen)[PATH_MAX];    /* QV_VARIANT_DEPTH paths */
	qv_variant_problems *list; /* every problem (qv_variant_check), or NULL */
	/* The file being resolved as messages name it, after the files extending it
	 * ("weak.json extends mid.json"), or NULL before the first. */
	const char *by;
} qv__chain;

/* Resolves the document doc (from a file when w->file; dir is that file's folder): the set it
 * extends, then its own parameters and blocks. *out gets the resolved document, which it owns,
 * and *game (may be NULL) the game it is for. The checker (w->list) goes on past a problem
 * and may end with a failure and *out both: the document as far as it resolved, which a file
 * extending it goes on from. */
qv_status qv__variant_resolve(const struct json_t *doc, const qv_game *g, const char *dir,
                              qv__chain *ch, qv__where *w, struct json_t **out,
                              const qv_game **game, qv_err *err);
/* Reads and resolves the variant file at path. ref is where the file extending it names it
 * (its `extends`), NULL for the file loaded: a file that cannot be read, or that closes a
 * cycle, is a problem of that place. */
qv_status qv__variant_resolve_file(const char *path, const qv_game *g, qv__chain *ch,
                                   const qv__where *ref, struct json_t **out, const qv_game **game,
                                   qv_err *err);

#endif
