/*
 * clock.h - quiver's one time source. The monotonic clock measures intervals, deadlines and
 * timeouts (it never jumps with the wall clock); the wall clock says when something happened,
 * for what is stored, shown or compared across processes (seconds since the epoch, UTC). Every
 * layer reads the time here, a condition variable's deadline too (qv_deadline), but for three
 * readings that need the clock's own struct timespec: a seed's entropy (cli.c), the stamp of
 * a log line (oplog.c) and a Ctrl-C's time in a signal handler (play.c).
 */
#ifndef QUIVER_CORE_CLOCK_H
#define QUIVER_CORE_CLOCK_H

#include <stdbool.h>
#include <time.h>

/* Seconds on the monotonic clock (CLOCK_MONOTONIC), from an unspecified start. */
double qv_mono(void);
/* The same in milliseconds. */
double qv_mono_ms(void);
/* Seconds since the epoch on the wall clock (CLOCK_REALTIME), to the nanosecond. */
double qv_wall(void);
/* The moment `seconds` from now on the monotonic clock (mono) or the wall clock, as a struct
 * timespec: the deadline of pthread_cond_timedwait on a condition variable of that clock. */
struct timespec qv_deadline(bool mono, double seconds);

#endif
