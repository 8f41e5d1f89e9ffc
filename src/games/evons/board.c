/*
 * board.c - Evons' board geometry as a constant table: the cell one step away from each cell
 * in each direction (evons.h's ev_nb and ev_step). In a file of its own, which includes and
 * calls nothing of the game's, so that every file may read it without depending on another
 * (the rules on the narration and back).
 */
#include "evons.h"

/* The cell one step away in each direction (N, NE, E, SE, S, SW, W, NW, as qv_dir_dx and
 * qv_dir_dy; the unit tests compare them), worked out by the compiler. */
#define IN_BOARD(c, dx, dy)                                                                        \
	((c) % EV_SIDE + (dx) >= 0 && (c) % EV_SIDE + (dx) < EV_SIDE &&                            \
	 (c) / EV_SIDE + (dy) >= 0 && (c) / EV_SIDE + (dy) < EV_SIDE)
#define NB(c, dx, dy) (IN_BOARD(c, dx, dy) ? (c) + EV_SIDE * (dy) + (dx) : -1)
#define NB_ROW(c)                                                                                  \
	{                                                                                          \
		NB(c, 0, 1), NB(c, 1, 1), NB(c, 1, 0), NB(c, 1, -1), NB(c, 0, -1), NB(c, -1, -1),  \
		    NB(c, -1, 0), NB(c, -1, 1)                                                     \
	}
#define ROW(r)                                                                                     \
	NB_ROW(EV_SIDE *(r)), NB_ROW(EV_SIDE *(r) + 1), NB_ROW(EV_SIDE *(r) + 2),                  \
	    NB_ROW(EV_SIDE *(r) + 3), NB_ROW(EV_SIDE *(r) + 4), NB_ROW(EV_SIDE *(r) + 5),          \
	    NB_ROW(EV_SIDE *(r) + 6)

const int8_t ev_nb[EV_NCELLS][QV_NDIRS] = {ROW(0), ROW(1), ROW(2), ROW(3), ROW(4), ROW(5), ROW(6)};

#undef IN_BOARD
#undef NB
#undef NB_ROW
#undef ROW
