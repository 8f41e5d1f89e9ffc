/*
 * clock.c - the monotonic and the wall clock (clock.h), on clock_gettime.
 */
#include "core/clock.h"

static double seconds_of(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double qv_mono(void) { return seconds_of(CLOCK_MONOTONIC); }

double qv_mono_ms(void) { return seconds_of(CLOCK_MONOTONIC) * 1000.0; }

double qv_wall(void) { return seconds_of(CLOCK_REALTIME); }

struct timespec qv_deadline(bool mono, double seconds)
{
	struct timespec ts;
	clock_gettime(mono ? CLOCK_MONOTONIC : CLOCK_REALTIME, &ts);
	long long ns = (long long)ts.tv_nsec + (long long)(seconds * 1e9);
	ts.tv_sec += (time_t)(ns / 1000000000LL);
	ts.tv_nsec = (long)(ns % 1000000000LL);
	return ts;
}
