/*
 * leave.h - people leaving a game: a timeout (a clock run out, or a claim against a seat that
 * has been away and to move for longer than the server's --away-limit), a resignation, and a
 * return to a game that went on; the "zombie" agent that plays a seat whose person left a game
 * of three or more, and what the store keeps of who left. Internal to the server.
 *
 * Who left, why and when is the match's (qv_match_leave: in a game of two the other wins; with
 * more the game goes on and the leaver ranks last). These functions check a leave, make the
 * zombie, and change a draft's match (change.h); they know nothing of the table
 * that owns the match and the seats, which calls them under its lock and saves the change.
 */
#ifndef QUIVER_SERVER_TABLE_LEAVE_H
#define QUIVER_SERVER_TABLE_LEAVE_H

#include <stdbool.h>

#include <jansson.h>

#include "quiver/match.h"
#include "server/table/clock.h"
#include "server/table/seats.h"

/* Whether seat p is played by the server for a person who left (timed out or resigned) a game
 * that goes on. */
bool qv__leave_zombie(const qv_match *m, const qv__seat *seat, int nseats, int p);

/* Makes the agent that plays seat p if it leaves now and the game goes on (two or more seats
 * still play after it): its zombie, `medium`, as `quiver play` uses, or `beginner` (which does
 * not search) when `search` is false: the table's creator has its tables with searching seats
 * at its cap (--address-ai-tables), which a zombie that searches would pass. Made once on the
 * live table (its seats own their agents) and reset before it is used again. The leave itself
 * is the match's (qv_match_leave), made on a draft of the table (change.h). QV_ENOMEM. */
qv_status qv__leave_prepare(const qv_match *m, qv__seat *seat, int nseats, int p, bool search,
                            qv_err *err);

/* Whether seat p's zombie searches (`medium`; `beginner` does not). */
bool qv__leave_zombie_searches(const qv__seat *seat, int p);

/* A seat that left, or whose clock has run out at `now` (the server's timer is about to time it
 * out), decides nothing more: QV_ESTATE says which. */
qv_status qv__leave_present(const qv_match *m, const qv__clock *c, int seat, double now,
                            qv_err *err);

/* Whether seat `by` may resign or claim: it has not left. QV_ESTATE says why not. */
qv_status qv__leave_may_leave(const qv_match *m, int by, qv_err *err);

/* A claim by seat `by` that seat `seat` ("p2") has timed out, and what it is judged by. */
typedef struct qv__claim {
	int by;
	const char *seat;
	double limit;    /* the server's --away-limit, seconds */
	double now;      /* epoch s */
	unsigned moving; /* the people's seats whose turn (clockless: whose wait) runs now */
} qv__claim;

/* The seat a claim may time out, into *p: a person's seat other than the claimer's, at a table
 * without a clock (a clock times seats out by itself), that has not left, has no connection,
 * keeps the game waiting, and has been away and to move (the shorter of the two) for at least
 * the limit. QV_EINVAL: not a seat, or the claimer's own; QV_ESTATE: any other refusal (the
 * message says how long is left when it is too early). */
qv_status qv__leave_claimable(const qv__claim *c, const qv_match *m, const qv__seat *seat,
                              int nseats, const qv__clock *clock, int *p, qv_err *err);

/* Whether seat `seat` may come back (qv_match_return): it timed out; a resignation is final.
 * QV_ESTATE says why not. */
qv_status qv__leave_may_return(const qv_match *m, int seat, qv_err *err);

/* The seats that left, as the store keeps them: {"p2": {"reason": "timeout", "at": 12}}, with
 * "level": "beginner" for a zombie that does not search. NULL when out of memory. */
json_t *qv__leaves_json(const qv_match *m, const qv__seat *seat, int nseats);

/* Leaves again what qv__leaves_json kept (j NULL: nobody left), and makes the zombie of each
 * person's seat that left a game that goes on. Untrusted: QV_EIO names the bad entry;
 * QV_ENOMEM. */
qv_status qv__leaves_load(qv_match *m, qv__seat *seat, int nseats, const json_t *j, qv_err *err);

#endif
