/*
 * say.h - what narration's wording (games/game.c) shares with its making (say.c).
 */
#ifndef QV_CORE_SAY_H
#define QV_CORE_SAY_H

#include <stddef.h>

#include "quiver/core.h"

/* The length of the printf conversion at fmt (just after its '%'): its flags, width,
 * precision, length and letter (d, i, c, u, x, X or s, those narration writes); 0 for "%%"
 * and any other. *stars: how many '*' take an int first; *longs: 1 for l, 2 for ll, 3 for z. */
size_t qv__say_conversion(const char *fmt, int *stars, char *letter, int *longs);

#endif
