/*
 * three_arrows.h - THREE ARROWS internals shared by the files of this folder: the state, the
 * action encoding and the components' tables (built by tables.c from the built-in set or a
 * variant, reached through the state's variant slot). Not a public header: everything outside
 * this folder sees the game only through `qv_three_arrows` (game.h).
 *
 * Squares are indexed on an 8x8 frame whatever the board size (sq = rank * 8 + file), so that a
 * set of squares is one uint64_t bitboard; `ta_board_mask` keeps only the squares of a
 * smaller board.
 */
#ifndef QUIVER_THREE_ARROWS_H
#define QUIVER_THREE_ARROWS_H

#include "quiver/game.h"
#include "quiver/variant.h"

#define TA_MAX_PLAYERS     4
#define TA_MAX_SQ          64
#define TA_MAX_KINDS       8    /* piece kinds: a cell and a placement hold a kind in 3 bits */
#define TA_MAX_PIECES      64   /* pieces of one player: no more than the squares of the frame */
#define TA_MAX_BONUS       6000 /* more than any game can collect (one per attack, <= max_turns) */
#define TA_MAX_START_BONUS 99   /* bonus pieces each player starts with, at most */
/* bonus (< TA_MAX_BONUS) + uncover (64) + place (64 squares x 8 kinds x 4 facings x 4) +
 * attack (64 x 8) + unshield (64) */
#define TA_MAX_ACTIONS 16384
#define TA_DIE_LO      (-5) /* the values a face of the die may show */
#define TA_DIE_HI      5
#define TA_MAX_FACES   12
#define TA_MAX_CHANCE  (TA_DIE_HI - TA_DIE_LO + 1) /* distinct values of the die */
#define TA_NAME_MAX    24                          /* a piece's name, in bytes */

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
	TA_ACT_DIE = 9      /* (value + 1) & 0xFFFF: 0, 1, 2 for -1, 0, +1 (ta_die_value) */
};

#define TA_TYPE(a)         ((int)((uint32_t)(a) >> 16))
#define TA_ARG(a)          ((int)((a)&0xFFFF))
#define TA_MAKE(type, arg) ((qv_action)(((type) << 16) | (arg)))
#define TA_PLACE(sq, f, k, cov, sh)                                                                \
	TA_MAKE(TA_ACT_PLACE, (sq) | (f) << 6 | (k) << 8 | (cov) << 11 | (sh) << 12)
/* The die's outcome: its value plus one in 16 bits, so that the built-in die's -1, 0 and +1
 * are 0, 1 and 2 as they always were, and a value below -1 wraps. */
#define TA_DIE(value) TA_MAKE(TA_ACT_DIE, ((value) + 1) & 0xFFFF)
static inline int ta_die_value(int arg) { return ((arg ^ 0x8000) - 0x8000) - 1; }

/* A cell: 0 when empty, else (owner + 1) | kind << 3 | facing << 6. */
typedef uint8_t ta_cell;
#define TA_CELL(owner, kind, facing) ((ta_cell)(((owner) + 1) | (kind) << 3 | (facing) << 6))
#define TA_OWNER(c)                  (((c)&7) - 1)
#define TA_KIND(c)                   (((c) >> 3) & 7)
#define TA_FACING(c)                 ((c) >> 6)
/* A cell's kind and facing as one index, kind | facing << 3: what the tables of arrows and
 * reach are indexed by, so that a piece's row is found with one shift. */
#define TA_KF(c)       ((c) >> 3)
#define TA_KF_OF(k, f) ((k) | (f) << 3)
#define TA_KF_MAX      (4 * TA_MAX_KINDS)

/* The state and everything in it have no implicit padding (game.h: states compare with memcmp):
 * every gap is a named field kept zero, and the build fails if padding appears. */
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wpadded"

typedef struct ta_player {
	uint8_t holder[TA_MAX_KINDS]; /* pieces not yet placed, by kind */
	uint8_t lost[TA_MAX_KINDS];   /* own pieces captured by others, by kind */
	uint8_t covers, shields;      /* covers and shields left */
	uint8_t onboard;              /* pieces on the board */
	int8_t home;                  /* side of the first piece, -1 before it */
	uint8_t eliminated;           /* 0, or k for the k-th player eliminated */
	uint8_t held;                 /* bit k: holder[k] > 0 (kept with holder: ta_set_held) */
	uint16_t bonus;               /* bonus pieces held */
	uint16_t captured;            /* opposing pieces captured (the score) */
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
	uint16_t turns;   /* turns completed */
	uint16_t extra;   /* extra turns still due to `turn` */
	uint16_t variant; /* the slot of the components played with (qv_variant_tables) */
	uint8_t nplayers, size, tactical;
	uint8_t phase;
	uint8_t turn; /* whose turn it is (the attacker during an attack) */
	uint8_t atk_from, atk_to;
	uint8_t terminator_placed;
	uint8_t nelim; /* players eliminated so far */
	uint8_t pad_[7];
} ta_state;

#pragma GCC diagnostic pop

/* The components a game is played with (tables.c builds them once per variant from its
 * resolved document): everything the rules read from a piece, the players' supplies and the
 * die, precomputed per kind, facing and square so that no hot path looks anything up. Kinds
 * are numbered in the document's order (the notation order); arrays are sized for
 * TA_MAX_KINDS and zero beyond nkinds. */
typedef struct ta_tables {
	/* by kind and facing (TA_KF) */
	uint64_t reach[TA_KF_MAX][TA_MAX_SQ];  /* squares an arrow points at (8x8 frame) */
	uint8_t arrows[TA_KF_MAX][QV_NDIRS];   /* arrow count per direction */
	uint8_t dirbits[TA_KF_MAX];            /* bit d: an arrow in direction d */
	uint8_t canon_facing[TA_MAX_KINDS][4]; /* facing -> first facing, same arrows */
	uint8_t nfacings[TA_MAX_KINDS];        /* distinct facings: 1 for the Cross */
	uint8_t copies[TA_MAX_KINDS];          /* pieces of the kind in each holder */
	/* Placements per target square for a set of kinds (bit per kind): the sum of their
	 * facings, doubled for a kind a cover may go on when covers[1] (the player has one). */
	uint8_t place_opts[2][1 << TA_MAX_KINDS];
	/* What a placement's bits 6-12 (facing, kind, covered, shielded) say before the state
	 * is read: 0 not a placement of these components (a kind past nkinds, a facing written
	 * otherwise, a cover on a terminator), 1 a piece, 2 a terminator. */
	uint8_t place_form[1 << 7];
	int nkinds;
	unsigned last;      /* kinds with the ability "terminator": placed last (rules.c) */
	unsigned coverable; /* kinds a cover may go on (all but the terminators) */
	int pieces;         /* pieces in each holder at the start */
	int others;         /* of them, pieces that are not terminators */
	uint8_t covers, shields, bonus; /* each player's at the start */
	/* The die: its faces, and the distinct values they show, highest first (the chance
	 * outcomes, in the order of the rules page), each with the faces showing it. */
	int nfaces, nvalues;
	int8_t value[TA_MAX_CHANCE];
	uint8_t weight[TA_MAX_CHANCE];
	double prob[TA_MAX_CHANCE];
	char letters[TA_MAX_KINDS + 1]; /* "ATXYDRZ" */
	char names[TA_MAX_KINDS][TA_NAME_MAX + 1];
	char letter_list[TA_MAX_KINDS * 3 + 4];                 /* "A, T, X, Y, D, R or Z" */
	char last_names[TA_MAX_KINDS * (TA_NAME_MAX + 4) + 1];  /* "Terminator" ("X or Y") */
	char last_codes[TA_MAX_KINDS * (TA_NAME_MAX + 8) + 1];  /* "Terminator (Z)" */
	char last_plural[TA_MAX_KINDS * (TA_NAME_MAX + 5) + 1]; /* "Terminators" */
} ta_tables;

/* The tables of s's components. */
static inline const ta_tables *ta_T(const ta_state *s) { return qv_variant_tables(s->variant); }
/* The built-in set's, for callers without a state (reference.c); NULL only when memory runs
 * out. */
const ta_tables *ta_base_tables(void);

/* The kind of piece letter c (either case) in T, or -1. */
int ta_kind_of_letter(const ta_tables *T, int c);

/* A value of the die as the notation writes it, into buf (4 bytes): "+1", "0", "-1". */
const char *ta_die_text(int value, char *buf);
/* The die's outcomes in the notation, highest first: "die +1, die 0 or die -1" (quoted:
 * "'die +1', 'die 0' or 'die -1'"), into buf. */
const char *ta_die_list(const ta_tables *T, bool quoted, char *buf, size_t len);

/* What does not vary (tables.c). */
extern const qv_components ta_components;
extern const char *const ta_side_names[TA_NSIDES]; /* "S" "N" "W" "E" */
extern const char *const ta_facing_names[4];       /* "N" "E" "S" "W" */
extern const char *const ta_phase_names[];         /* "start" ... "over" */

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
/* The non-corner squares of one side of a size x size board (the squares ta_edge_side gives
 * that side), as a mask. */
uint64_t ta_side_squares(int size, int side);

/* One step of every square of b in direction d on the 8x8 frame; what leaves the frame is
 * dropped (a step east from file h, say). The squares that stay on the frame are kept, then
 * the board is rotated: nothing kept wraps round, and a direction known only at run time costs
 * two loads, an and and a rotation instead of a switch. */
static inline uint64_t ta_shift(uint64_t b, int d)
{
#define TA_FILE_A 0x0101010101010101ull
#define TA_FILE_H 0x8080808080808080ull
#define TA_RANK_1 0x00000000000000FFull
#define TA_RANK_8 0xFF00000000000000ull
	static const uint64_t keep[QV_NDIRS] = {
	    ~TA_RANK_8, ~(TA_RANK_8 | TA_FILE_H), ~TA_FILE_H, ~(TA_RANK_1 | TA_FILE_H),
	    ~TA_RANK_1, ~(TA_RANK_1 | TA_FILE_A), ~TA_FILE_A, ~(TA_RANK_8 | TA_FILE_A),
	};
#undef TA_FILE_A
#undef TA_FILE_H
#undef TA_RANK_1
#undef TA_RANK_8
	/* left rotations: N 8, NE 9, E 1, SE -7, S -8, SW -9, W -1, NW 7 */
	static const uint8_t rot[QV_NDIRS] = {8, 9, 1, 57, 56, 55, 63, 7};
	uint64_t x = b & keep[d];
	unsigned r = rot[d];
	return x << r | x >> (64 - r);
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
/* Sums the arrows pointing in direction `dir` over the consecutive pieces of `owner` that start
 * at the square of bit b (0: none) and go on in direction `walk`; covered pieces add nothing
 * but keep the line: an attack's strength (walking away from its target) or a defence's. */
__attribute__((pure)) int ta_line_sum(const ta_state *s, uint64_t b, int owner, int dir, int walk);
/* Attack and defence strengths of the attack from -> to as the board stands. */
__attribute__((pure)) int ta_attack_strength(const ta_state *s, int from, int to);
__attribute__((pure)) int ta_defence_strength(const ta_state *s, int from, int to);
/* Empty squares where player p may place now. */
__attribute__((pure)) uint64_t ta_place_targets(const ta_state *s, int p);
int ta_holder_total(const ta_player *pl);
/* True when player p can place, attack, unshield or uncover now (else p is skipped). */
bool ta_can_act_or_uncover(const ta_state *s, int p);
/* The pieces of player o that a viewer other than o cannot see, by kind: what o started
 * with, less those lost and those uncovered on the board (its holder and covered pieces). */
void ta_unseen_kinds(const ta_state *s, int o, int *unseen);
/* Recomputes nothing; fills ranks from the state (1 best). */
void ta_ranks(const ta_state *s, int *out);

/* Small generators both the rules and legal.c use, inline for the hot paths. */

/* The kinds of which player pl holds at least one piece (bit per kind). */
static inline unsigned ta_held_kinds(const ta_player *pl) { return pl->held; }
/* Sets pl->held from pl->holder, after the holder was written by other means than placing. */
void ta_set_held(ta_player *pl);

/* The holder's pieces of player p that could be placed now (bit per kind): the
 * terminators only when nothing else is left, and only they once one has been placed. */
static inline unsigned ta_placeable_kinds(const ta_state *s, int p)
{
	unsigned last = ta_T(s)->last, held = ta_held_kinds(&s->pl[p]);
	if (s->terminator_placed)
		return held & last;
	unsigned kinds = held & ~last;
	return kinds ? kinds : held & last;
}

/* ta_placeable_kinds(s, p) != 0, cheaper: before a terminator is placed, any piece in the
 * holder can be placed (a terminator when nothing else is left). */
static inline bool ta_can_place_some(const ta_state *s, int p)
{
	unsigned held = ta_held_kinds(&s->pl[p]);
	return s->terminator_placed ? held & ta_T(s)->last : held != 0;
}

static inline uint64_t ta_all_occ(const ta_state *s)
{
	return s->occ[0] | s->occ[1] | s->occ[2] | s->occ[3];
}

/* ta_placeable_kinds(s, p) >> k & 1 for a kind whose holder is not empty, without looking
 * at the holder when k is not a terminator (the check of a placement). */
static inline bool ta_kind_placeable(const ta_state *s, int p, int k)
{
	unsigned last = ta_T(s)->last;
	if (s->terminator_placed)
		return last >> k & 1;
	return !(last >> k & 1) || !(ta_placeable_kinds(s, p) & ~last);
}

static inline int ta_can_cover(const ta_state *s, int p, int kind)
{
	return !s->tactical && s->pl[p].covers > 0 && (ta_T(s)->coverable >> kind & 1);
}

/* Placement options per target square: sum over placeable kinds of facings x variants. */
static inline int ta_place_options(const ta_state *s, int p, unsigned kinds)
{
	int cov = !s->tactical && s->pl[p].covers > 0, sh = s->pl[p].shields > 0;
	return ta_T(s)->place_opts[cov][kinds] * (1 + sh);
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

/* The invariants of a state (check.c): the descriptor's state_ok, which names the broken
 * invariant in why (load_json's last check). */
bool ta_state_ok(const void *st, qv_err *why);

/* The AI's estimate (heuristic.c). */
double ta_heuristic(const void *st, int player);
/* What the heuristic counts of a player, in hundredths (docs/ai.md gives the weights' evidence):
 * 30 a piece on the board, 10 a bonus piece, 2 an empty square it may place on next, and by
 * an attack it could make now its margin, attack less defence: 25 when it captures whatever
 * the die (2 or more), 10 when on some faces (0 or 1). Whole numbers, so that the value
 * depends on the counts alone: what lets prior.c value a placement from what it changes. */
#define TA_W_ONBOARD 30
#define TA_W_BONUS   10
#define TA_W_TARGET  2
static inline long ta_attack_worth(int margin) { return margin >= 2 ? 25 : margin >= 0 ? 10 : 0; }

/* The heuristic of player from every player's worth (s gives the players and who is
 * eliminated) and the pending attack's value for player: its own worth less the mean of the
 * others', squashed into (-1, 1). heuristic.c and prior.c share it, so that both give the
 * same number to the last bit. */
static inline double ta_heuristic_of(const ta_state *s, const long *w, int player, double pending)
{
	long own = 0, others = 0;
	for (int p = 0; p < s->nplayers; p++)
		if (!s->pl[p].eliminated)
			*(p == player ? &own : &others) += w[p];
	int k = s->nplayers - 1;
	double v = (double)(k * own - others) / (100.0 * k) + pending;
	return v / (1.0 + (v < 0 ? -v : v));
}
/* The search's ranking (prior.c, the descriptor's values_after): heuristic(after, player) and
 * the scores after placements whose after is not over, without playing them. */
void ta_values_after(const void *st, const qv_action *acts, int n, int player, double *heur,
                     int *score, bool *ok);

/* Narration (narrate.c): rules.c calls these only when apply was given a qv_events. */
/* Why the game ended. */
typedef enum { TA_END_TURNS, TA_END_ALONE, TA_END_STUCK } ta_end;
/* "p1's piece on c2 is uncovered: Y facing N" for a piece whose kind and facing just became
 * public. */
void ta_say_uncovered(const ta_state *s, int sq, qv_events *ev);
/* "p1's Angle on c3 attacks p2's Double on c4: 1 against defence 2 before the die" for p's
 * pending attack, of strength a against defence v (rules.c's, which this file does not
 * call). */
void ta_say_attack(const ta_state *s, int p, int a, int v, qv_events *ev);
/* "a Terminator is on the board: from now on only Terminators are placed", kind k placed. */
void ta_say_last_placed(const ta_tables *T, int k, qv_events *ev);
/* Why the game ended (the turn limit, one player left, nobody able to act) and the final
 * order (ranks: 1 best). */
void ta_say_end(const ta_state *s, const int *ranks, ta_end why, qv_events *ev);

/* Notation (notation.c). */
int ta_action_to_text(const void *st, qv_action a, char *buf, size_t len);
qv_status ta_action_from_text(const void *st, const char *text, qv_action *out, qv_err *err);

/* Rendering (render.c) and JSON (json.c). */
void ta_render_text(const void *st, int viewer, unsigned flags, qv_buf *out);
struct json_t *ta_state_json(const void *st);
struct json_t *ta_view_json(const void *st, int viewer);
bool ta_view_text(const void *st, int viewer, qv_buf *out); /* view_text.c */
qv_status ta_load_json(void *st, const struct json_t *j, qv_err *err);

/* What the designer's lab reads off a game (lab.c), named by ta_components: the piece kind a
 * decision plays, the board of the heat maps, the square an action put a piece on. */
int ta_component_of(const void *st, qv_action a);
int ta_held(const void *st, int seat, int entry);
int ta_captured(const void *st, int seat);
void ta_lab_board(const void *st, struct qv_lab_board *out);
int ta_touched(const void *before, qv_action a, const void *after, struct qv_lab_touch *out,
               int max);

/* The descriptor (rules.c). */
extern const qv_game qv_three_arrows;

/* What things are (reference.c) and what an action would do (note.c). */
int ta_reference(const void *st, const char *name, qv_buf *out);
int ta_action_note(const void *st, qv_action a, char *buf, size_t len, bool *confirm);
/* What another player may know of an action (sight.c): the descriptor's sight. */
bool ta_sight(const void *st, qv_action a, int viewer, qv_sight *out);

#endif
