/*
 * clock.h - a table's clocks: the settings a table is created with (none, per move, Fischer,
 * days per move), what each seat has left, and when the first of them runs out. Arithmetic
 * only: table.c says which seats run and saves the result; the server's timer thread fires
 * the timeouts (server.c). Internal to the server.
 *
 * A seat's clock runs while it may act (info's to_move) at a table that plays, and stops when
 * it has acted. Per move and days per move: a seat's clock is set to the whole allowance when
 * its turn begins. Fischer: the base at the start, plus the increment after each of the seat's
 * own decisions, once the decision is played (a commitment made ahead of the seat's turn in a
 * simultaneous step stops the clock, and earns the increment only when the step is played).
 * Times are epoch seconds (doubles) and milliseconds left (whole numbers): the server is the
 * only timekeeper, and a clock runs only while the server is up (a restart resumes each running
 * clock from what was saved last).
 *
 * Nothing that is taken back gains anyone time. A withdrawn commitment resumes the seat's clock
 * as though it had never stopped (qv__clock_resume). A takeback sets every clock back to what it
 * held just before the decision taken back (a qv__clock_mark taken then), and the seat that
 * asked for it is charged the time since that decision (qv__clock_rewind): an act and its
 * takeback, however often repeated, only ever cost the asker time.
 *
 * A clockless table keeps the same record of who runs since when, with nothing left to run
 * out: a claim against an absent seat asks how long it has been to move.
 */
#ifndef QUIVER_SERVER_TABLE_CLOCK_H
#define QUIVER_SERVER_TABLE_CLOCK_H

#include <stdbool.h>

#include <jansson.h>

#include "quiver/game.h"

enum { QV__CLOCK_NONE, QV__CLOCK_MOVE, QV__CLOCK_FISCHER, QV__CLOCK_DAYS };

/* The bounds of the settings (seconds, or days), also in docs/server.md. */
#define QV__CLOCK_MOVE_MAX      86400
#define QV__CLOCK_BASE_MAX      86400
#define QV__CLOCK_INCREMENT_MAX 3600
#define QV__CLOCK_DAYS_MAX      30

/* What a seat's Fischer clock holds when it comes back after a timeout (qv__clock_returned):
 * enough for a move, never more than the base, so that running out of time never gains any. */
#define QV__CLOCK_RETURN_MS 60000

typedef struct qv__clock {
	int kind;                       /* QV__CLOCK_* */
	long long seconds;              /* per move */
	long long base, increment;      /* Fischer, in seconds */
	long long days;                 /* days per move */
	unsigned running;               /* bit p: p's clock (or turn, without a clock) runs */
	unsigned held;                  /* bit p: p's clock stopped on a commitment, the increment
	                                   due when the commitment is played */
	long long left[QV_MAX_PLAYERS]; /* ms p had when its run began (since[p]), or has */
	double since[QV_MAX_PLAYERS];   /* epoch s: when p's run began or resumed; for a clock that
	                                   stopped, when it stopped */
} qv__clock;

/* The clocks just before a change that added history entries from `from` on: what a takeback
 * of any of those entries sets them back to. */
typedef struct qv__clock_mark {
	int from;                       /* the first history entry of the change */
	double at;                      /* epoch s of the change */
	unsigned running;               /* the seats whose clocks ran then */
	long long left[QV_MAX_PLAYERS]; /* ms each seat had then */
} qv__clock_mark;

/* Reads a request's "clock" (NULL: none) into c with every seat's allowance at the start.
 * QV_EINVAL names the field ("clock.seconds") and the accepted range. */
qv_status qv__clock_parse(qv__clock *c, const json_t *j, qv_err *err);

/* The settings as a request gives them: {"kind": "move", "seconds": 30}, ... NULL when out
 * of memory. */
json_t *qv__clock_settings_json(const qv__clock *c);

/* Whether the table has a clock (kind is not none). */
bool qv__clock_on(const qv__clock *c);

/* Makes `running` the seats whose clocks run from now on: a seat that stops has its time
 * counted; a seat that starts gets a whole move's allowance (per move, days per move). A seat
 * in `decided` made a decision that is played now (its own act, or its commitment played when
 * the step was): Fischer adds the increment, and per move (days per move) a seat still to move
 * (a turn of several decisions) has the whole allowance again. A seat that stops without a
 * decision (a commitment) earns nothing yet. */
void qv__clock_sync(qv__clock *c, unsigned running, unsigned decided, double now);

/* Seat p's commitment was withdrawn: its clock runs again from where it stopped, as though it
 * had never stopped (the time since counts against p, a per-move allowance is not started
 * again, and no increment was earned). */
void qv__clock_resume(qv__clock *c, int p);

/* The clocks as they are at `now`, before a change whose first history entry is `from`. */
void qv__clock_mark_take(const qv__clock *c, int from, double now, qv__clock_mark *out);

/* A takeback to the position before the change `mark` was taken for: every seat's time left is
 * set back to the mark's, seat `by` (who asked) less `charged` seconds (the time since the
 * decision taken back), and the seats in `running` run from `now`. A seat that did not run at
 * the mark begins a decision (the whole allowance per move); so does one in `stand`, whose
 * decision in that change stays (it keeps its increment too). */
void qv__clock_rewind(qv__clock *c, const qv__clock_mark *mark, unsigned stand, int by,
                      double charged, unsigned running, double now);

/* A mark as the store keeps it, {"from", "ago_ms", "left": {"p1": ms, ...}, "running": [...]}
 * (ago_ms: how long before `now`, the time of the save), and read back, `now` being the time the
 * clocks resume (a restart counts no time while the server was down). NULL when out of memory;
 * QV_EIO names the bad field. */
json_t *qv__clock_mark_json(const qv__clock_mark *m, int nseats, double now);
qv_status qv__clock_mark_load(qv__clock_mark *m, const json_t *j, int nseats, double now,
                              qv_err *err);

/* What seat p has left at `now`, in ms (may be below 0 once run out). */
long long qv__clock_left(const qv__clock *c, int p, double now);

/* How long p's current run has lasted at `now`, in seconds (0 when it does not run). */
double qv__clock_running_for(const qv__clock *c, int p, double now);

/* When the first running clock runs out (epoch s), or 0 for none (no clock, none running). */
double qv__clock_deadline(const qv__clock *c);

/* The running seats whose time is out at `now`. */
unsigned qv__clock_out(const qv__clock *c, double now);

/* Seat p comes back after a timeout: under Fischer its clock holds QV__CLOCK_RETURN_MS, or
 * the base when that is less (per move and days per move: its next turn starts whole). */
void qv__clock_returned(qv__clock *c, int p);

/* What the store keeps: the settings, every seat's time left at `now` and the running seats,
 * {"kind", ..., "left": {"p1": ms, ...}, "running": ["p1"]}. NULL when out of memory. */
json_t *qv__clock_save_json(const qv__clock *c, int nseats, double now);

/* Info's "clock": the settings, "left" (ms, at least 0) of the seats of mask `shown` (the
 * claimed people's seats; none without a clock), "running" (none in the `stored` copy of a
 * finished table's info) and "now" (epoch ms), so that a client counts down from what the
 * server says. NULL when out of memory. */
json_t *qv__clock_info_json(const qv__clock *c, unsigned shown, bool stored, double now);

/* Reads back what qv__clock_save_json wrote; running clocks resume at `now`. QV_EIO names
 * the bad field of a damaged database. */
qv_status qv__clock_load_json(qv__clock *c, const json_t *j, int nseats, double now, qv_err *err);

#endif
