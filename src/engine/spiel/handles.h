/*
 * handles.h - what the files of the spiel API (include/quiver/spiel.h) share: the game
 * and state handles, and the map between the games' action integers and OpenSpiel's ids.
 * Internal: callers know only the public header.
 */
#ifndef QUIVER_ENGINE_SPIEL_HANDLES_H
#define QUIVER_ENGINE_SPIEL_HANDLES_H

#include <stddef.h>

#include "quiver/game.h"
#include "quiver/spiel.h"

/* The most types of action a game's encoding has (Evons: 11, ConCardia: 16), plus one. */
#define QV__SPIEL_TYPES 17

/* How a game's action integers map to ids: `type << shift | payload`, each player's type with a
 * segment of ids starting at start[type]. bits[type] is the payload's width (the segment
 * holds 1 << bits ids), -1 for a type that is no player's decision (a chance outcome's), or
 * QV__SPIEL_INDEXED for a type whose id is its place among the legal actions of that type
 * (a segment of indexed[type] ids). */
enum { QV__SPIEL_INDEXED = 99 };
typedef struct qv__spiel_ids {
	int shift;
	int ntypes;
	int bits[QV__SPIEL_TYPES];
	int indexed[QV__SPIEL_TYPES];
	int start[QV__SPIEL_TYPES];
	int size; /* every segment's ids: num_distinct_actions */
} qv__spiel_ids;

struct qv_spiel_game {
	const qv_game *g;
	qv_params params;
	char params_text[QV_PARAMS_TEXT];
	int nplayers;
	int max_length; /* max_game_length */
	qv__spiel_ids ids;
};

struct qv_spiel_state {
	const qv_spiel_game *game;
	int moves;
	int pad_;
	max_align_t st[]; /* game->g->state_size bytes */
};

/* The map of game g (one per game of the registry); QV_EINVAL for a game it does not know. */
qv_status qv__spiel_ids_init(qv__spiel_ids *m, const qv_game *g, qv_err *err);
/* The id of a, a legal action of the seat to move at st (legal[] its n legal actions, or NULL
 * to list them when needed). */
qv_status qv__spiel_id_of(const qv_spiel_state *s, qv_action a, const qv_action *legal, int n,
                          int32_t *out, qv_err *err);
/* The action of id at st (the seat to move's), not checked for legality. */
qv_status qv__spiel_action_of(const qv_spiel_state *s, int32_t id, qv_action *out, qv_err *err);

/* The hashed tensor of a view (spiel_tensor.c). */
qv_status qv__spiel_tensor(const qv_spiel_state *s, int player, float *out, qv_err *err);

#define QV__SPIEL_TENSOR 4096

#endif
