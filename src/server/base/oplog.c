/*
 * oplog.c - the operator's log (oplog.h): a line formatted whole and written with one call,
 * so that the lines of the loop and of the workers never interleave.
 */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "server/base/oplog.h"

static const char *const names[] = {"error", "warn", "info"};

static atomic_int kept = QV__INFO;

int qv__level_named(const char *name)
{
	for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
		if (!strcmp(name, names[i]))
			return i;
	return -1;
}

void qv__oplog_level(qv__level level) { atomic_store(&kept, (int)level); }

void qv__oplog(qv__level level, const char *fmt, ...)
{
	if ((int)level > atomic_load(&kept))
		return;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	struct tm tm;
	gmtime_r(&ts.tv_sec, &tm);
	char line[1200];
	int n =
	    snprintf(line, sizeof line,
	             "%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ %s quiver serve: ", tm.tm_year + 1900,
	             tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
	             ts.tv_nsec / 1000000, names[level]);
	va_list ap;
	va_start(ap, fmt);
	int m = vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
	va_end(ap);
	size_t len = (size_t)n + (m < 0 ? 0 : (size_t)m);
	if (len > sizeof line - 2)
		len = sizeof line - 2; /* a line cut short, never two lines run together */
	line[len++] = '\n';
	fwrite(line, 1, len, stderr);
}
