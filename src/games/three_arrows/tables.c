/*
 * tables.c - the constant tables of THREE ARROWS: each piece kind's letters, names and copies,
 * and its arrows, distinct facings and reach in every facing, all computed by the compiler
 * from one definition of the arrows a piece shows facing N (ARROWS_* below). Nothing here is
 * written at run time, so the tables need no initialisation and no lock, and every thread
 * reads them as they are.
 *
 * The arrows of a kind are a 32-bit word with one hexadecimal digit per direction (N in the
 * lowest digit, then NE, E, SE, S, SW, W, NW) holding the number of arrows in that direction
 * (the Double and the Triple stack 2 and 3 in one). Turning a piece a quarter turn clockwise
 * moves every direction two places on, which is a rotation of the word by two digits.
 */
#include "three_arrows.h"

/* The arrows of a piece facing N, one count per direction. */
#define ARW(n, ne, e, se, s, sw, w, nw)                                                            \
	((uint32_t)(n) | (uint32_t)(ne) << 4 | (uint32_t)(e) << 8 | (uint32_t)(se) << 12 |         \
	 (uint32_t)(s) << 16 | (uint32_t)(sw) << 20 | (uint32_t)(w) << 24 | (uint32_t)(nw) << 28)

/*                   N  NE E  SE S  SW W  NW */
#define ARROWS_A ARW(1, 0, 1, 0, 0, 0, 0, 0) /* Angle */
#define ARROWS_T ARW(1, 0, 1, 0, 0, 0, 1, 0) /* Tee */
#define ARROWS_X ARW(1, 0, 1, 0, 1, 0, 1, 0) /* Cross */
#define ARROWS_Y ARW(0, 1, 0, 0, 1, 0, 0, 1) /* Y */
#define ARROWS_D ARW(2, 0, 0, 0, 0, 0, 0, 0) /* Double */
#define ARROWS_R ARW(3, 0, 0, 0, 0, 0, 0, 0) /* Triple */
#define ARROWS_Z ARW(1, 1, 0, 1, 0, 1, 0, 1) /* Terminator */

/* The arrows word of a piece turned f quarter turns clockwise from N. */
#define TURN(x, f)                                                                                 \
	((uint32_t)((((uint64_t)(x) << (8 * (f))) | ((uint64_t)(x) >> (32 - 8 * (f)))) &           \
	            0xFFFFFFFFu))

/* The number of arrows in direction d of arrows word x facing f. */
#define COUNT(x, f, d) ((uint8_t)((TURN(x, f) >> (4 * (d))) & 15u))

/* The first facing that shows the same arrows as facing f, and the number of distinct ones. */
#define CANON(x, f)                                                                                \
	(TURN(x, 0) == TURN(x, f)   ? 0                                                            \
	 : TURN(x, 1) == TURN(x, f) ? 1                                                            \
	 : TURN(x, 2) == TURN(x, f) ? 2                                                            \
	                            : 3)
#define NFACINGS(x)                                                                                \
	((uint8_t)((CANON(x, 0) == 0) + (CANON(x, 1) == 1) + (CANON(x, 2) == 2) +                  \
	           (CANON(x, 3) == 3)))

/* One step of the squares of bitboard b in each direction on the 8x8 frame; what leaves the
 * frame is dropped (a step east from file h, say). */
#define FILE_A     0x0101010101010101ull
#define FILE_H     0x8080808080808080ull
#define STEP_N(b)  ((b) << 8)
#define STEP_NE(b) (((b) & ~FILE_H) << 9)
#define STEP_E(b)  (((b) & ~FILE_H) << 1)
#define STEP_SE(b) (((b) & ~FILE_H) >> 7)
#define STEP_S(b)  ((b) >> 8)
#define STEP_SW(b) (((b) & ~FILE_A) >> 9)
#define STEP_W(b)  (((b) & ~FILE_A) >> 1)
#define STEP_NW(b) (((b) & ~FILE_A) << 7)

/* The squares an arrow of a piece with arrows x, facing f, on square sq points at. */
#define REACH(x, f, sq)                                                                            \
	((COUNT(x, f, QV_N) ? STEP_N(1ull << (sq)) : 0) |                                          \
	 (COUNT(x, f, QV_NE) ? STEP_NE(1ull << (sq)) : 0) |                                        \
	 (COUNT(x, f, QV_E) ? STEP_E(1ull << (sq)) : 0) |                                          \
	 (COUNT(x, f, QV_SE) ? STEP_SE(1ull << (sq)) : 0) |                                        \
	 (COUNT(x, f, QV_S) ? STEP_S(1ull << (sq)) : 0) |                                          \
	 (COUNT(x, f, QV_SW) ? STEP_SW(1ull << (sq)) : 0) |                                        \
	 (COUNT(x, f, QV_W) ? STEP_W(1ull << (sq)) : 0) |                                          \
	 (COUNT(x, f, QV_NW) ? STEP_NW(1ull << (sq)) : 0))

/* The directions with at least one arrow, one bit each. */
#define DIRBITS(x, f)                                                                              \
	((uint8_t)((COUNT(x, f, 0) ? 1u : 0u) | (COUNT(x, f, 1) ? 2u : 0u) |                       \
	           (COUNT(x, f, 2) ? 4u : 0u) | (COUNT(x, f, 3) ? 8u : 0u) |                       \
	           (COUNT(x, f, 4) ? 16u : 0u) | (COUNT(x, f, 5) ? 32u : 0u) |                     \
	           (COUNT(x, f, 6) ? 64u : 0u) | (COUNT(x, f, 7) ? 128u : 0u)))

/* Rows of the tables, spelled out for the compiler: every facing of a kind. */
#define DIRS(x, f)                                                                                 \
	{                                                                                          \
		COUNT(x, f, 0), COUNT(x, f, 1), COUNT(x, f, 2), COUNT(x, f, 3), COUNT(x, f, 4),    \
		    COUNT(x, f, 5), COUNT(x, f, 6), COUNT(x, f, 7)                                 \
	}
#define FACINGS_DIRS(x)                                                                            \
	{                                                                                          \
		DIRS(x, 0), DIRS(x, 1), DIRS(x, 2), DIRS(x, 3)                                     \
	}
#define FACINGS_DIRBITS(x)                                                                         \
	{                                                                                          \
		DIRBITS(x, 0), DIRBITS(x, 1), DIRBITS(x, 2), DIRBITS(x, 3)                         \
	}
#define CANONS(x)                                                                                  \
	{                                                                                          \
		CANON(x, 0), CANON(x, 1), CANON(x, 2), CANON(x, 3)                                 \
	}
#define REACH_RANK(x, f, r)                                                                        \
	REACH(x, f, 8 * (r)), REACH(x, f, 8 * (r) + 1), REACH(x, f, 8 * (r) + 2),                  \
	    REACH(x, f, 8 * (r) + 3), REACH(x, f, 8 * (r) + 4), REACH(x, f, 8 * (r) + 5),          \
	    REACH(x, f, 8 * (r) + 6), REACH(x, f, 8 * (r) + 7)
#define REACH_FRAME(x, f)                                                                          \
	{                                                                                          \
		REACH_RANK(x, f, 0), REACH_RANK(x, f, 1), REACH_RANK(x, f, 2),                     \
		    REACH_RANK(x, f, 3), REACH_RANK(x, f, 4), REACH_RANK(x, f, 5),                 \
		    REACH_RANK(x, f, 6), REACH_RANK(x, f, 7)                                       \
	}
#define FACINGS_REACH(x)                                                                           \
	{                                                                                          \
		REACH_FRAME(x, 0), REACH_FRAME(x, 1), REACH_FRAME(x, 2), REACH_FRAME(x, 3)         \
	}

/* Every table lists the kinds in the order of the enum (notation order). */
#define EACH_KIND(M)                                                                               \
	{                                                                                          \
		[TA_A] = M(ARROWS_A), [TA_T] = M(ARROWS_T), [TA_X] = M(ARROWS_X),                  \
		[TA_Y] = M(ARROWS_Y), [TA_D] = M(ARROWS_D), [TA_R] = M(ARROWS_R),                  \
		[TA_Z] = M(ARROWS_Z)                                                               \
	}

const uint8_t ta_arrows[TA_NKINDS][4][QV_NDIRS] = EACH_KIND(FACINGS_DIRS);
const uint8_t ta_nfacings[TA_NKINDS] = EACH_KIND(NFACINGS);
const uint8_t ta_canon_facing[TA_NKINDS][4] = EACH_KIND(CANONS);
const uint8_t ta_dirbits[TA_NKINDS][4] = EACH_KIND(FACINGS_DIRBITS);
const uint64_t ta_reach[TA_NKINDS][4][TA_MAX_SQ] = EACH_KIND(FACINGS_REACH);

const char ta_kind_letters[TA_NKINDS + 1] = "ATXYDRZ";
const char *const ta_kind_names[TA_NKINDS] = {"Angle",  "Tee",    "Cross",     "Y",
                                              "Double", "Triple", "Terminator"};
const uint8_t ta_copies[TA_NKINDS] = {3, 3, 3, 3, 3, 1, 1};
const char *const ta_side_names[TA_NSIDES] = {"S", "N", "W", "E"};
const char *const ta_facing_names[4] = {"N", "E", "S", "W"};
const char *const ta_phase_names[] = {"start", "main", "defend", "die", "capture", "over"};
