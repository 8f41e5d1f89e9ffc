/*
 * marks.h - the clock marks a table keeps for takebacks: the clocks just before each recent
 * change that added history entries (qv__clock_mark), which a takeback of a seat's decisions
 * sets the clocks back to (takeback.c). Internal to the server.
 *
 * A table keeps one mark per change since the last chance outcome (which no takeback crosses),
 * the oldest dropped past QV__CLOCK_MARKS, as an array it owns with its count; these functions
 * change only that array and read the match's history, and know nothing of the table (which
 * calls them under its lock, and saves the marks with its people). A table without a clock
 * keeps none.
 */
#ifndef QUIVER_SERVER_TABLE_MARKS_H
#define QUIVER_SERVER_TABLE_MARKS_H

#include <stdbool.h>

#include <jansson.h>

#include "quiver/match.h"
#include "server/table/clock.h"

/* The marks a table keeps at most. A takeback reaches back to the asker's last decision, a few
 * changes back at most (the other seats' answers in between); a takeback past the oldest mark
 * kept carries the clocks on as they are, less the asker's increments (takeback.c). */
#define QV__CLOCK_MARKS 32

/* Keeps a mark at the end of marks (n of them; the array is made at the first), the oldest
 * dropped when QV__CLOCK_MARKS are kept, into *dropped; false when out of memory, and then
 * nothing changed. */
bool qv__marks_push(qv__clock_mark **marks, int *n, const qv__clock_mark *mark,
                    qv__clock_mark *dropped);

/* Drops the marks no takeback can reach once history entries [from, m->nhist) are added:
 * those of changes before the last chance outcome among them, if any. */
void qv__marks_chance(qv__clock_mark *marks, int *n, const qv_match *m, int from);

/* The marks as the store keeps them, an array of qv__clock_mark_json (NULL when out of memory),
 * and read back into an empty array (j NULL: none), each a change of the match's history in
 * order. QV_EIO names the bad entry; QV_ENOMEM. */
json_t *qv__marks_json(const qv__clock_mark *marks, int n, int nseats, double now);
qv_status qv__marks_load(qv__clock_mark **marks, int *n, const json_t *j, const qv_match *m,
                         int nseats, double now, qv_err *err);

#endif
