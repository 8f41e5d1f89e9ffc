/*
 * oplog.h - the server's log for its operator, on standard error: one line per event, each
 * with its time (UTC, to the millisecond, ISO 8601) and its level, then "quiver serve: " and
 * the event, so that a line read alone, or merged with other processes' lines, says when and
 * how grave:
 *
 *     2026-11-27T00:12:03.517Z warn quiver serve: table 0000000000001a2b: ...
 *
 * Levels, gravest first: error (the server cannot do what it should: a table stuck, the
 * database refusing), warn (something refused or retried that the players may notice), info
 * (the ordinary life of a site: tables let go and taken, waiting tables removed). `quiver
 * serve --log-level LEVEL` keeps LEVEL and the graver ones (default info). Nothing in a line
 * names a seat's token or a hidden card. Internal to the server.
 */
#ifndef QUIVER_SERVER_BASE_OPLOG_H
#define QUIVER_SERVER_BASE_OPLOG_H

typedef enum qv__level { QV__ERROR, QV__WARN, QV__INFO } qv__level;

/* The level named ("error", "warn", "info"), or -1. */
int qv__level_named(const char *name);

/* Keeps lines of level and the graver ones from now on (process-wide). */
void qv__oplog_level(qv__level level);

/* Writes one line at level (a printf format; no newline at its end), when it is kept. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void qv__oplog(qv__level level, const char *fmt, ...);

#endif
