/*
 * clock.h - a table's clocks: the settings a table is created with (none, per move, Fischer,
 * days per move), what each seat has left, and when the first of them runs out. Arithmetic
 * only: table.c says which seats run and saves the result; the server's timer thread fires
 * the timeouts (server.c). Internal to the server.
 *
 * A seat's clock runs while it may act (info's to_move) at a table that plays, and stops when
 * it has acted. Per move and days per move: a seat's clock is set to the whole allowance when
 * its turn begins. Fischer: the base at the start, plus the increment after each of the seat's
 * own decisions. Times are epoch seconds (doubles) and milliseconds left (whole numbers): the
 * server is the only timekeeper, and a clock runs only while the server is up (a restart
 * resumes each running clock from what was saved last).
 *
 * A clockless table keeps the same record of who runs since when, with nothing left to run
 * out: a claim against an absent seat asks how long it has been to move.
 */
#ifndef QUIVER_SERVER_CLOCK_H
#define QUIVER_SERVER_CLOCK_H

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
	long long left[QV_MAX_PLAYERS]; /* ms p had when its run began (since[p]), or has */
	double since[QV_MAX_PLAYERS];   /* epoch s: when p's run began or resumed */
} qv__clock;

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
 * in `decided` made a decision: Fischer adds the increment, and per move (days per move) a
 * seat still to move (a turn of several decisions) has the whole allowance again. */
void qv__clock_sync(qv__clock *c, unsigned running, unsigned decided, double now);

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

/* Reads back what qv__clock_save_json wrote; running clocks resume at `now`. QV_EIO names
 * the bad field of a damaged database. */
qv_status qv__clock_load_json(qv__clock *c, const json_t *j, int nseats, double now, qv_err *err);

#endif
