/*
 * check.h - what the games' checks of their states' invariants share (each game folder's
 * check.c, qv_game.state_ok; internal: not a public header).
 */
#ifndef QUIVER_GAMES_CHECK_H
#define QUIVER_GAMES_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "quiver/core.h"

/* Whether the n bytes at p are all zero (the unused slots of a pile, a hand or a stack, a
 * padding field). One memcmp of the bytes against themselves shifted by one, not a loop: the
 * sanitizer build checks every state after every apply, unoptimised, and a byte loop there
 * cost the search a third of its time. */
static inline bool qv__all_zero(const void *p, size_t n)
{
	const unsigned char *b = p;
	return n == 0 || (b[0] == 0 && memcmp(b, b + 1, n - 1) == 0);
}

/* The last step of a game's load_json: st keeps the invariants ok checks (the game's state_ok,
 * for what the checks of the fields do not say), or QV_EINVAL with "state: " and the invariant
 * it breaks. */
static inline qv_status qv__load_checked(bool (*ok)(const void *st, qv_err *why), const void *st,
                                         qv_err *err)
{
	qv_err why;
	if (ok(st, &why))
		return QV_OK;
	return qv_fail(err, QV_EINVAL, "state: %s", why.msg);
}

#endif
