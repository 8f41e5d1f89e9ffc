/*
 * handles.h - what the files of the spiel API (include/quiver/spiel.h) share: the game and
 * state handles, the map between the games' action integers and the API's ids, the chance
 * deal (deal.c), the seats' information states (recall.c) and the tensors (tensor.c).
 * Internal: callers know only the public header.
 */
#ifndef QUIVER_ENGINE_SPIEL_HANDLES_H
#define QUIVER_ENGINE_SPIEL_HANDLES_H

#include <stdatomic.h>
#include <stddef.h>

#include "games/spiel.h"
#include "quiver/game.h"
#include "quiver/spiel.h"

/* The most types of action a game's encoding has (Evons: 11, ConCardia: 16), plus one. */
#define QV__SPIEL_TYPES 17
/* The most payload fields of one type, and heads of a game's factored actions. */
#define QV__SPIEL_FIELDS 5
#define QV__SPIEL_HEADS  QV_SPIEL_MAX_HEADS

/* How a game's action integers map to ids: `type << shift | payload`, each player's type with a
 * segment of ids starting at start[type]. bits[type] is the payload's width (the segment
 * holds 1 << bits ids), -1 for a type that is no player's decision (a chance outcome's), or
 * QV__SPIEL_INDEXED for a type whose id is its place among the legal actions of that type
 * (a segment of indexed[type] ids). A type's payload is its fields, lowest bits first, each a
 * head of the factored actions (head[type][f], width[type][f] bits; an indexed type has one
 * field, its place). */
enum { QV__SPIEL_INDEXED = 99 };
typedef struct qv__spiel_ids {
	int shift;
	int ntypes;
	int bits[QV__SPIEL_TYPES];
	int indexed[QV__SPIEL_TYPES];
	int start[QV__SPIEL_TYPES];
	int size; /* every segment's ids: num_distinct_actions */
	const char *type_name[QV__SPIEL_TYPES];
	int nfields[QV__SPIEL_TYPES];
	int head[QV__SPIEL_TYPES][QV__SPIEL_FIELDS];
	int width[QV__SPIEL_TYPES][QV__SPIEL_FIELDS];
	int nheads; /* head 0 is the type */
	const char *head_name[QV__SPIEL_HEADS];
	int head_size[QV__SPIEL_HEADS];
} qv__spiel_ids;

enum { QV__TENSOR_PLANES, QV__TENSOR_HASHED };
#define QV__SPIEL_HASHED 4096 /* floats of a hashed tensor */

struct qv_spiel_game {
	const qv_game *g;
	const qv__spiel_game *part;
	qv_params params;                 /* the game's, as its init takes them (setup) */
	char params_text[QV_PARAMS_TEXT]; /* as given, the API's own included */
	char full_text[QV_PARAMS_TEXT];   /* every parameter with its default filled in */
	int nplayers;
	unsigned deal;                      /* QV__DEAL_* that the API deals */
	int tensor;                         /* QV__TENSOR_* */
	int sampled;                        /* chance=sampled: chance drawn inside the state */
	int truncated_ranks;                /* truncated_returns=ranks: a cut game's ranks */
	int recall;                         /* rows of the information-state tensor */
	int max_chance;                     /* max_chance_outcomes */
	long bound_decisions, bound_chance; /* the game's longest, from its rules */
	long max_decisions;                 /* the cap (max_game_length), <= bound_decisions */
	uint64_t rng_seed;
	atomic_ulong made; /* sampled: initial states made, for their seeds */
	qv__spiel_layout layout;
	int obs_size; /* floats of an observation tensor */
	/* the observation's parts (games/spiel.h), 0 when the game observes whole; part i's
	 * slots from part_from[i], below part_from[i + 1] (INT32_MAX after the last) */
	int nparts;
	int32_t part_from[QV__OBS_PARTS + 1];
	/* " slot:" of each slot below 100,000, for the change lines of the information states,
	 * made the first time a state keeps them (NULL before) */
	_Atomic(struct qv__slot_text *) slot_text;
	/* each seat's observation of `initial`, where every state's information states begin
	 * (qv__seat_start), made the first time one is asked (NULL before) */
	_Atomic(struct qv__sparse *) initial_obs;
	qv__spiel_ids ids;
	void *initial;       /* the initial state (state_size bytes), piles canonical */
	qv__deal *root_deal; /* the deal of the initial state, NULL when none */
	/* start=: the ids played from the initial state before a game of g begins (OpenSpiel's
	 * start_at), and the state they lead to, which new_initial_state copies */
	int nstart;
	int32_t *start;
	qv_spiel_state *begin;
};

/* ---- information states (recall.c) ---- */

/* A seat's observation lines: an append-only text shared between a state and its clones in
 * chunks (a clone takes a reference, a state appending to a chunk another state has gone past
 * starts a new one), so that a clone copies no text. */
typedef struct qv__chunk {
	atomic_int refs;
	int pad_;
	struct qv__chunk *prev; /* a reference */
	size_t prev_used;       /* bytes of prev in this text */
	atomic_size_t len;      /* bytes written, by any state sharing the chunk */
	size_t cap;
	char s[];
} qv__chunk;

typedef struct qv__lines {
	qv__chunk *last;
	size_t used;  /* bytes of last in this text */
	size_t total; /* bytes of the whole text */
	long lines;
} qv__lines;

/* A sparse observation: the slots that are not 0, ascending. */
typedef struct qv__sparse {
	int n, cap;
	int32_t *idx;
	float *val;
} qv__sparse;

/* One event of a seat's information state, as its tensor's recall rows hold it (spiel.h): the
 * seat's own action (what: its id), the first slot of an observation change (what: the slot,
 * value: its new value), each further slot of that change, or the start of a world drawn for
 * another seat (what: that seat). */
enum { QV__ROW_OWN, QV__ROW_CHANGE, QV__ROW_MORE, QV__ROW_WORLD, QV__ROW_KINDS };
/* The floats of a row in the tensor: a one-hot of its kind, then what and value. A row is kept
 * as the tensor holds it, so that an ask (a learner's, at every decision) copies it whole. */
#define QV__ROW_FLOATS (QV__ROW_KINDS + 2)
typedef struct qv__row {
	float f[QV__ROW_FLOATS];
} qv__row;

static inline qv__row qv__row_make(int kind, int32_t what, int32_t value)
{
	qv__row r = {{0, 0, 0, 0, (float)what, (float)value}};
	r.f[kind] = 1;
	return r;
}

/* What a seat's information state is made of: its lines (text), the same events as rows
 * (qv__row, in a log of their own shared with clones alike) and its observation now. For a
 * game observed in parts, once `indexed`, where each part's slots begin in obs (at), part
 * nparts's being its end, so that a step finds a part without a search; a change of obs by
 * anything but a step clears indexed. */
typedef struct qv__seat {
	qv__lines log, rows;
	qv__sparse obs;
	bool indexed;
	int32_t at[QV__OBS_PARTS + 1];
	/* The last rows as the tensor holds them, the last first (qv__seat_rows_tensor): made by
	 * the seat's first tensor, then each ask adds the rows since the one before in front
	 * (NULL: none asked; a copy of the seat starts without). recent_n rows from row
	 * recent_at of room for 2 * recent_cap, the first recent_upto rows of `rows` seen. */
	qv__row *recent;
	int recent_cap, recent_at, recent_n;
	long recent_upto;
} qv__seat;

/* A state: the current game state and what its history is made of (the state the history
 * starts from, `base`, at move base_moves, and the ids applied since with who chose them), a
 * deal under way (`deal`: the state after the action that asked it waits in the slot `pend`),
 * and, once someone asked for an information state (`track`), every seat's observations. A
 * state drawn by the resampler for seat `known` starts its history at the world drawn.
 *
 * The seats' observations are kept step by step while the state is asked for information
 * states; a decision made without an ask since the one before (`asked` clear) leaves them
 * where they are (`lag`): the state before it is kept in the slot `sync`, at history entry
 * sync_n, and the next ask replays from there (state.c, catch_up). So a state asked once
 * (a search's root, its clones) steps as fast as one never asked after its next decision. */
struct qv_spiel_state {
	const qv_spiel_game *game;
	int moves, decisions; /* since the initial state */
	int base_moves, base_decisions;
	int nhist, caphist;
	int32_t *hist;
	int8_t *who; /* the player of each hist entry: a seat or QV_SPIEL_CHANCE */
	qv__deal *deal;
	int known;
	size_t prior;      /* a world: bytes of its seat's lines from before it was drawn */
	size_t prior_rows; /* and of its rows */
	uint8_t cur;       /* the slot of the current state (0 or 1), the other being `pend` */
	uint8_t track;     /* what of the seats' information states is kept (QV__KEEP_*) */
	uint8_t asked;     /* one was asked since the last decision */
	uint8_t lag;       /* the seats saw the state in `sync` and the history to sync_n */
	uint8_t replay;    /* replays its own history: not checked, every seat kept */
	uint8_t pad_[3];
	int sync_n, sync_moves, sync_decisions;
	qv_rng rng; /* chance=sampled */
	qv__seat seat[QV_MAX_PLAYERS];
	max_align_t st[]; /* four slots of QV__SPIEL_SLOT(game) bytes: 0, 1 (current and
	                   * pending), 2 (base), 3 (sync) */
};

/* What a state keeps of its seats' information states (track): the lines, for the strings, and
 * the rows, for the tensors; each kept once asked for, so that a loop asking for one pays for
 * no other (the first ask of the other replays the history). */
enum { QV__KEEP_TEXT = 1, QV__KEEP_ROWS = 2, QV__KEEP_ALL = 3 };

/* The bytes of one game state in a qv_spiel_state, rounded up to max_align_t. */
#define QV__SPIEL_SLOT(sg)                                                                         \
	(((sg)->g->state_size + sizeof(max_align_t) - 1) / sizeof(max_align_t) *                   \
	 sizeof(max_align_t))
#define QV__SPIEL_AT(s, i) ((void *)((char *)(s)->st + (size_t)(i)*QV__SPIEL_SLOT((s)->game)))
/* The current game state, the one waiting for a deal, the one the history starts from, and
 * the one the seats' observations lag at. */
#define QV__CUR(s)      QV__SPIEL_AT(s, (s)->cur)
#define QV__PEND(s)     QV__SPIEL_AT(s, 1 - (s)->cur)
#define QV__BASE(s)     QV__SPIEL_AT(s, 2)
#define QV__SYNC(s)     QV__SPIEL_AT(s, 3)
#define QV__SPIEL_SLOTS 4

/* A state of g with no history (slots zeroed, known -1); NULL when memory ran out. */
qv_spiel_state *qv__spiel_state_alloc(const qv_spiel_game *g);
/* The game's to_move, with the API's: QV_OVER at the cap, QV_CHANCE during a deal. */
int qv__spiel_to_move(const qv_spiel_state *s);
/* Applies id at s, checked (spiel.h, qv_spiel_apply), without drawing chance. */
qv_status qv__spiel_step(qv_spiel_state *s, int32_t id, qv_err *err);

/* ---- the deal (deal.c) ---- */

/* Sets a deal just asked (its segments given) at its first card. */
void qv__deal_begin(qv__deal *d);
/* Deals id (an outcome now); returns whether the deal is finished. */
bool qv__deal_take(qv__deal *d, int32_t id);
/* The outcomes of the deal under way: ids ascending with their probabilities (NULL: not
 * wanted); returns how many. */
int qv__deal_outcomes(const qv__deal *d, int32_t *ids, double *probs);
/* Whether id is an outcome now; on a finished deal, true. */
bool qv__deal_legal(const qv__deal *d, int32_t id);
/* The notation of outcome id: "deal striker-r to p1". */
int qv__deal_text(const qv_spiel_state *s, int32_t id, char *buf, size_t len);

/* ---- information states (recall.c) ---- */

/* Appends text (n bytes, lines ended by newlines) to a log. */
qv_status qv__lines_append(qv__lines *l, const char *text, size_t n);
/* A copy sharing l's chunks, and the release of a log. */
qv__lines qv__lines_copy(const qv__lines *l);
void qv__lines_free(qv__lines *l);
/* The whole text of l, NUL-terminated, for the caller to free; NULL when memory ran out. */
char *qv__lines_text(const qv__lines *l);

/* Releases what g's states made once for all (slot_text, initial_obs). */
void qv__recall_free(qv_spiel_game *g);
/* Copies and releases a seat's parts (false: out of memory). */
bool qv__seat_copy(qv__seat *to, const qv__seat *from);
void qv__seat_free(qv__seat *a);
/* Seat p's observation of the current state into out (sparse). */
qv_status qv__seat_observe(const qv_spiel_state *s, int p, qv__sparse *out);
/* Seat p of s begins its observations here: its observation now. */
qv_status qv__seat_start(qv_spiel_state *s, int p);
/* Seat p of a world drawn for seat `known` begins there: a line saying that what it saw
 * before is not known, then its whole observation as a change line (QV_ENOMEM when memory ran
 * out). */
qv_status qv__seat_start_world(qv_spiel_state *s, int p, int known);
/* Starts keeping keep (QV__KEEP_*) of the information states of s at base (its seats'
 * observations there). */
qv_status qv__recall_start(qv_spiel_state *s, unsigned keep, qv_err *err);
/* After a step of s (a deal it asked finished): each seat's line of what changed in its
 * observation. The seat that chose the action had its line when it chose it. When the game
 * observes in parts, the state its seats were observed in last waits in the slot `pend`
 * (qv__spiel_step copies it there), and only the parts the step may have changed are observed
 * again. */
qv_status qv__recall_step(qv_spiel_state *s, qv_err *err);
/* Makes sure the seats of s saw its whole history and keep want (QV__KEEP_*), for an ask: from
 * its base, replaying the history, when it kept nothing or not all of want; from `sync` when
 * they lag. Marks s asked. */
qv_status qv__recall_on(qv_spiel_state *s, unsigned want, qv_err *err);
/* Appends the row of a seat's own action (its id) to its rows. */
qv_status qv__seat_own_row(qv__seat *a, int32_t id);
/* Reads the lines of an information state (text) back into a seat's log and rows, the ids of
 * its own actions in them given in order (ids, n). */
qv_status qv__seat_from_text(qv__seat *a, const char *text, const int32_t *ids, int n, qv_err *err);
/* The rows of a seat, the last first, into out (at most cap); returns how many it has. */
long qv__seat_rows(const qv__seat *a, qv__row *out, int cap);
/* The same as the tensor holds them: the last cap rows, the last first, QV__ROW_FLOATS floats
 * each (a one-hot of the kind, what, value), the floats after the last not written; returns
 * how many rows the seat has. Keeps them in the seat (recent) for the next ask. */
long qv__seat_rows_tensor(qv__seat *a, float *out, int cap);

/* ---- ids (ids.c) ---- */

/* The map of game g (one per game of the registry); QV_EINVAL for a game it does not know. */
qv_status qv__spiel_ids_init(qv__spiel_ids *m, const qv_game *g, qv_err *err);
/* The id of a, a legal action of the seat to move at st (legal[] its n legal actions, or NULL
 * to list them when needed). */
qv_status qv__spiel_id_of(const qv_spiel_state *s, qv_action a, const qv_action *legal, int n,
                          int32_t *out, qv_err *err);
/* The action of id at st (the seat to move's), not checked for legality. */
qv_status qv__spiel_action_of(const qv_spiel_state *s, int32_t id, qv_action *out, qv_err *err);
/* An id's factored form as text, "place(square=3,facing=1,...)", for an id legal nowhere now. */
int qv__spiel_id_text(const qv__spiel_ids *m, int32_t id, char *buf, size_t len);

/* ---- tensors (tensor.c) ---- */

/* The hashed tensor of seat player's view; with recall, its lines hashed in as well. */
qv_status qv__spiel_hashed(const qv_spiel_state *s, int player, bool recall, float *out,
                           qv_err *err);

#endif
