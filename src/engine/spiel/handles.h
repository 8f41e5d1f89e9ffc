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

/* A state: the current game state and what its information states are made from (recall.c):
 * the state the history starts from (`base`, at move base_moves) and the actions applied since
 * (hist[0..nhist)). A state made by qv_spiel_new_initial_state starts its history there; one
 * made by the resampler starts it at the world drawn, and keeps for the seat `known` what that
 * seat observed before (`prior`: its observation lines, each ended by a newline); the other
 * seats' earlier observations are not known in a world drawn for another (known -1: every
 * seat's history starts at base, prior NULL). */
struct qv_spiel_state {
	const qv_spiel_game *game;
	int moves;
	int base_moves;
	int nhist, caphist;
	qv_action *hist;
	int known;
	int pad_;
	char *prior;
	/* Seat p's observation lines for hist[0..recall_at[p]), kept as they are worked out
	 * (recall.c) so that a call costs only the actions since the last (the history only
	 * grows), copied by a clone. */
	qv_buf recall[QV_MAX_PLAYERS];
	int recall_at[QV_MAX_PLAYERS];
	max_align_t st[]; /* the current state, then base: QV__SPIEL_SLOT(game) bytes each */
};

/* The bytes of one game state in a qv_spiel_state, rounded up to max_align_t. */
#define QV__SPIEL_SLOT(sg)                                                                         \
	(((sg)->g->state_size + sizeof(max_align_t) - 1) / sizeof(max_align_t) *                   \
	 sizeof(max_align_t))
/* The state the history starts from. */
#define QV__SPIEL_BASE(s) ((void *)((char *)(s)->st + QV__SPIEL_SLOT((s)->game)))

/* A state of g with no history (base and current state zeroed, known -1); NULL when memory ran
 * out. */
qv_spiel_state *qv__spiel_state_alloc(const qv_spiel_game *g);
/* Records action a (applied to the current state by the caller) in the history. */
qv_status qv__spiel_record(qv_spiel_state *s, qv_action a, qv_err *err);

/* Seat p's observation lines, in order (recall.c): its prior ones, then for each action of the
 * history what p was told of it and of its consequences, each line ended by a newline. */
qv_status qv__spiel_recall(const qv_spiel_state *s, int p, qv_buf *out, qv_err *err);

/* The map of game g (one per game of the registry); QV_EINVAL for a game it does not know. */
qv_status qv__spiel_ids_init(qv__spiel_ids *m, const qv_game *g, qv_err *err);
/* The id of a, a legal action of the seat to move at st (legal[] its n legal actions, or NULL
 * to list them when needed). */
qv_status qv__spiel_id_of(const qv_spiel_state *s, qv_action a, const qv_action *legal, int n,
                          int32_t *out, qv_err *err);
/* The action of id at st (the seat to move's), not checked for legality. */
qv_status qv__spiel_action_of(const qv_spiel_state *s, int32_t id, qv_action *out, qv_err *err);

/* The hashed tensor of seat player's view (tensor.c); with recall, its observation lines
 * hashed in as well (the information-state tensor). */
qv_status qv__spiel_tensor(const qv_spiel_state *s, int player, bool recall, float *out,
                           qv_err *err);

#define QV__SPIEL_TENSOR 4096

#endif
