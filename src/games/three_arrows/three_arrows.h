/*
 * three_arrows.h - THREE ARROWS internals shared by the files of this folder: the state, the
 * action encoding and the precomputed arrow tables. Not a public header: everything outside
 * this folder sees the game only through `qv_three_arrows` (game.h).
 *
 * Squares are indexed on an 8x8 frame whatever the board size (sq = rank * 8 + file), so that a
 * set of squares is one uint64_t bitboard; `ta_board_mask` keeps only the squares of a
 * smaller board.
 */
#ifndef QUIVER_THREE_ARROWS_H
#define QUIVER_THREE_ARROWS_H

#include "quiver/game.h"

#define TA_MAX_PLAYERS 4
#define TA_MAX_SQ      64
#define TA_PIECES      17   /* arrow pieces per player */
#define TA_MAX_BONUS   6000 /* more than any game can collect (one per attack, <= max_turns) */
#define TA_MAX_ACTIONS 12288
#define TA_MAX_CHANCE  3

/* Piece kinds, in notation order. */
enum { TA_A, TA_T, TA_X, TA_Y, TA_D, TA_R, TA_Z, TA_NKINDS };

/* Sides of the board, in the order of the rules page. */
enum { TA_SIDE_S, TA_SIDE_N, TA_SIDE_W, TA_SIDE_E, TA_NSIDES };

/* What the current decision is about. */
enum {
	TA_PH_START,   /* turn start: bonus, uncover, place, attack or unshield */
	TA_PH_MAIN,    /* after a bonus or an uncover: uncover, place, attack or unshield */
	TA_PH_DEFEND,  /* the defender may uncover, then defend */
	TA_PH_DIE,     /* chance: the attacker's die */
	TA_PH_CAPTURE, /* the attacker captured: stay or advance */
	TA_PH_OVER
};

/* Action encoding: type << 16 | payload. */
enum {
	TA_ACT_PLACE = 1,    /* sq | facing << 6 | kind << 8 | covered << 11 | shielded << 12 */
	TA_ACT_UNCOVER = 2,  /* sq */
	TA_ACT_ATTACK = 3,   /* from | to << 6 */
	TA_ACT_UNSHIELD = 4, /* sq */
	TA_ACT_BONUS = 5,    /* k */
	TA_ACT_DEFEND = 6,
	TA_ACT_STAY = 7,
	TA_ACT_ADVANCE = 8, /* facing */
	TA_ACT_DIE = 9      /* die + 1: 0, 1 or 2 for -1, 0, +1 */
};

#define TA_TYPE(a)         ((int)((uint32_t)(a) >> 16))
#define TA_ARG(a)          ((int)((a)&0xFFFF))
#define TA_MAKE(type, arg) ((qv_action)(((type) << 16) | (arg)))
#define TA_PLACE(sq, f, k, cov, sh)                                                                \
	TA_MAKE(TA_ACT_PLACE, (sq) | (f) << 6 | (k) << 8 | (cov) << 11 | (sh) << 12)

/* A cell: 0 when empty, else (owner + 1) | kind << 3 | facing << 6. */
typedef uint8_t ta_cell;
#define TA_CELL(owner, kind, facing) ((ta_cell)(((owner) + 1) | (kind) << 3 | (facing) << 6))
#define TA_OWNER(c)                  (((c)&7) - 1)
#define TA_KIND(c)                   (((c) >> 3) & 7)
#define TA_FACING(c)                 ((c) >> 6)

/* The state and everything in it have no implicit padding (game.h: states compare with memcmp):
 * every gap is a named field kept zero, and the build fails if padding appears. */
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wpadded"

typedef struct ta_player {
	uint8_t holder[TA_NKINDS]; /* pieces not yet placed, by kind */
	uint8_t lost[TA_NKINDS];   /* own pieces captured by others, by kind */
	uint8_t covers, shields;   /* covers and shields left */
	uint8_t onboard;           /* pieces on the board */
	int8_t home;               /* side of the first piece, -1 before it */
	uint8_t eliminated;        /* 0, or k for the k-th player eliminated */
	uint8_t pad_;
	uint16_t bonus;    /* bonus pieces held */
	uint16_t captured; /* opposing pieces captured (the score) */
} ta_player;

typedef struct ta_state {
	uint64_t occ[TA_MAX_PLAYERS]; /* squares holding each player's pieces */
	uint64_t covered;             /* covered pieces, any owner */
	uint64_t shielded;            /* shielded pieces, any owner */
	/* Derived from the fields above and cell[], kept by apply and recomputed by load_json
	 * (ta_derive): the uncovered pieces, any owner, with an arrow in each direction, and the
	 * squares of the board each player's uncovered pieces point at. */
	uint64_t dirs[QV_NDIRS];
	uint64_t reach[TA_MAX_PLAYERS];
	ta_cell cell[TA_MAX_SQ];
	ta_player pl[TA_MAX_PLAYERS];
	uint16_t max_turns;
	uint16_t turns; /* turns completed */
	uint16_t extra; /* extra turns still due to `turn` */
	uint8_t nplayers, size, tactical;
	uint8_t phase;
	uint8_t turn; /* whose turn it is (the attacker during an attack) */
	uint8_t atk_from, atk_to;
	uint8_t terminator_placed;
	uint8_t nelim; /* players eliminated so far */
	uint8_t pad_[9];
} ta_state;

#pragma GCC diagnostic pop

/* The constant tables (tables.c), computed by the compiler from the arrows of each kind. */
extern const uint8_t ta_arrows[TA_NKINDS][4][QV_NDIRS];  /* arrow count per direction */
extern const uint8_t ta_nfacings[TA_NKINDS];             /* distinct facings: 1 for the Cross */
extern const uint8_t ta_canon_facing[TA_NKINDS][4];      /* facing -> first facing, same arrows */
extern const uint64_t ta_reach[TA_NKINDS][4][TA_MAX_SQ]; /* squares an arrow points at (8x8) */
extern const uint8_t ta_dirbits[TA_NKINDS][4];           /* bit d: an arrow in direction d */
extern const char ta_kind_letters[TA_NKINDS + 1];        /* "ATXYDRZ" */
extern const char *const ta_kind_names[TA_NKINDS];       /* "Angle" ... "Terminator" */
extern const uint8_t ta_copies[TA_NKINDS];               /* 3 3 3 3 3 1 1 */
extern const char *const ta_side_names[TA_NSIDES];       /* "S" "N" "W" "E" */
extern const char *const ta_facing_names[4];             /* "N" "E" "S" "W" */
extern const char *const ta_phase_names[];               /* "start" ... "over" */

static inline int ta_sq(int file, int rank) { return rank * 8 + file; }
static inline int ta_file(int sq) { return sq & 7; }
static inline int ta_rank(int sq) { return sq >> 3; }
/* The squares of a size x size board (6 to 8) on the 8x8 frame: `size` files of `size` ranks. */
static inline uint64_t ta_board_mask(int size)
{
	static const uint64_t masks[3] = {0x3F3F3F3F3F3Full, 0x7F7F7F7F7F7F7Full, ~0ull};
	return masks[size - 6];
}
/* The square one step from sq in direction d, or -1 off a size x size board. */
int ta_step(int sq, int d, int size);
/* Side of a non-corner edge square, or -1. */
int ta_edge_side(int sq, int size);

/* One step of every square of b in direction d on the 8x8 frame; what leaves the frame is
 * dropped (a step east from file h, say). */
static inline uint64_t ta_shift(uint64_t b, int d)
{
	const uint64_t file_a = 0x0101010101010101ull, file_h = 0x8080808080808080ull;
	switch (d) {
	case QV_N: return b << 8;
	case QV_NE: return (b & ~file_h) << 9;
	case QV_E: return (b & ~file_h) << 1;
	case QV_SE: return (b & ~file_h) >> 7;
	case QV_S: return b >> 8;
	case QV_SW: return (b & ~file_a) >> 9;
	case QV_W: return (b & ~file_a) >> 1;
	default: return (b & ~file_a) << 7;
	}
}
/* The squares that the pieces among `pieces` with arrows (s->dirs) point at, on the frame. */
static inline uint64_t ta_dirs_reach(const uint64_t *dirs, uint64_t pieces)
{
	uint64_t r = 0;
	for (int d = 0; d < QV_NDIRS; d++)
		r |= ta_shift(dirs[d] & pieces, d);
	return r;
}
/* Sets the derived fields of s (dirs, reach) from its pieces: after a position is built by
 * other means than apply (load_json). */
void ta_derive(ta_state *s);

/* The rules (rules.c): state, apply and the descriptor, and the generators legal.c lists
 * from. The generators only read the state: they are declared pure, so that a caller in
 * another file (the heuristic, the sampler) keeps what it read of the state across a call, as
 * it could when they shared a file. */
int ta_to_move(const ta_state *s);
/* Attack and defence strengths of the attack from -> to as the board stands. */
__attribute__((pure)) int ta_attack_strength(const ta_state *s, int from, int to);
__attribute__((pure)) int ta_defence_strength(const ta_state *s, int from, int to);
/* Empty squares where player p may place now. */
__attribute__((pure)) uint64_t ta_place_targets(const ta_state *s, int p);
int ta_holder_total(const ta_player *pl);
/* True when player p can place, attack, unshield or uncover now (else p is skipped). */
bool ta_can_act_or_uncover(const ta_state *s, int p);
/* Recomputes nothing; fills ranks from the state (1 best). */
void ta_ranks(const ta_state *s, int *out);

/* Small generators both the rules and legal.c use, inline for the hot paths. */

/* The holder's pieces of player p that could be placed now (bit per kind). */
static inline unsigned ta_placeable_kinds(const ta_state *s, int p)
{
	const ta_player *pl = &s->pl[p];
	if (s->terminator_placed)
		return pl->holder[TA_Z] ? 1u << TA_Z : 0;
	unsigned kinds = 0;
	for (int k = 0; k < TA_Z; k++)
		if (pl->holder[k])
			kinds |= 1u << k;
	if (!kinds && pl->holder[TA_Z])
		kinds = 1u << TA_Z;
	return kinds;
}

static inline uint64_t ta_all_occ(const ta_state *s)
{
	return s->occ[0] | s->occ[1] | s->occ[2] | s->occ[3];
}

/* ta_placeable_kinds(s, p) >> k & 1 for a kind whose holder is not empty, without the loop
 * over the holder when k is not the Terminator (the check of a placement). */
static inline bool ta_kind_placeable(const ta_state *s, int p, int k)
{
	if (s->terminator_placed)
		return k == TA_Z;
	return k != TA_Z || !(ta_placeable_kinds(s, p) & ~(1u << TA_Z));
}

static inline int ta_can_cover(const ta_state *s, int p, int kind)
{
	return !s->tactical && s->pl[p].covers > 0 && kind != TA_Z;
}

/* Placement options per target square: sum over placeable kinds of facings x variants. */
static inline int ta_place_options(const ta_state *s, int p, unsigned kinds)
{
	int n = 0, sh = s->pl[p].shields > 0;
	for (int k = 0; k < TA_NKINDS; k++)
		if (kinds >> k & 1)
			n += ta_nfacings[k] * (1 + ta_can_cover(s, p, k)) * (1 + sh);
	return n;
}

/* Opposing pieces of p. */
static inline uint64_t ta_opp_occ(const ta_state *s, int p) { return ta_all_occ(s) & ~s->occ[p]; }

/* The name of square sq in buf (4 bytes). */
static inline const char *ta_sqname(int sq, char *buf)
{
	qv_sq_name(ta_file(sq), ta_rank(sq), buf);
	return buf;
}

/* Legal actions (legal.c): the descriptor's legal, chance, count, sample and check, and
 * ta_check with the reason for a refusal. */
int ta_legal(const void *st, qv_action *out);
int ta_chance(const void *st, qv_action *out, double *prob);
int ta_count(const void *st);
qv_action ta_sample(const void *st, qv_rng *rng, int *restrict n);
qv_status ta_check(const ta_state *s, qv_action a, qv_err *err);
qv_status ta_check_fn(const void *st, qv_action a, qv_err *err);

/* The AI's estimate (heuristic.c). */
double ta_heuristic(const void *st, int player);

/* Narration (narrate.c): rules.c calls these only when apply was given a qv_events. */
/* "p1's Y on c2 faces N now" for a piece whose kind and facing just became public. */
void ta_say_piece(const ta_state *s, int sq, const char *what, qv_events *ev);
void ta_say_end(const ta_state *s, const int *ranks, const char *why, qv_events *ev);

/* Notation (notation.c). */
int ta_action_to_text(const void *st, qv_action a, char *buf, size_t len);
qv_status ta_action_from_text(const void *st, const char *text, qv_action *out, qv_err *err);

/* Rendering (render.c) and JSON (json.c). */
void ta_render_text(const void *st, int viewer, unsigned flags, qv_buf *out);
struct json_t *ta_state_json(const void *st);
struct json_t *ta_view_json(const void *st, int viewer);
qv_status ta_load_json(void *st, const struct json_t *j, qv_err *err);

/* The descriptor (rules.c). */
extern const qv_game qv_three_arrows;

/* What things are (reference.c) and what an action would do (note.c). */
int ta_reference(const void *st, const char *name, qv_buf *out);
int ta_action_note(const void *st, qv_action a, char *buf, size_t len, bool *confirm);

#endif
