/*
 * route.h - routes as data: a table of rows (method, path pattern, handler) that decides, for
 * a request, the handler to run, or else the 404 that lists the paths near the one asked for,
 * or the 405 naming the methods its path takes (which is also the Allow header). Generic: the
 * API's own table is in http.c; ws.c reads a table's id out of its WebSocket path with the
 * same patterns.
 *
 * A pattern is a path of '/'-separated segments: a literal ("join"), or a capture "{kind}"
 * that takes one segment, is shown in lists as its kind's `shown` ("ID") and checked by its
 * kind; "*" alone takes any path. A route whose method is GET answers HEAD too.
 *
 * Families group the routes under one prefix ("/api/tables/{table}"): a path under a family
 * that none of its routes match gets the family's 404, which lists the family's paths (after
 * the checks of the captures in its prefix, so an unknown table is named as such). Families
 * are listed most specific first, the last with the prefix "" (every path).
 */
#ifndef QUIVER_SERVER_NET_ROUTE_H
#define QUIVER_SERVER_NET_ROUTE_H

#include <stdbool.h>
#include <stddef.h>

#include "server/net/req.h" /* qv__req */

struct qv__server;

/* The most captures in one path, and the longest capture kept as text (with its NUL). */
#define QV__ROUTE_CAPS    4
#define QV__ROUTE_CAP_MAX 96

/* A segment of the path taken by a capture. */
typedef struct qv__route_cap {
	const char *kind;             /* the kind's name ("table") */
	const char *at;               /* the segment in the path (the rest of the path follows) */
	size_t len;                   /* its length */
	char text[QV__ROUTE_CAP_MAX]; /* the segment, cut to fit */
	const void *value;            /* what the kind's check found (a game), or NULL */
} qv__route_cap;

struct qv__route;

/* What a request's path and method come to. */
typedef struct qv__route_match {
	const struct qv__route *route; /* the route to run; NULL when refused */
	int status;                    /* 0, or the refusal: 404 or 405 */
	char msg[400];                 /* a 404's message */
	char allow[64];                /* the methods the path takes (405's Allow header) */
	int ncaps;
	qv__route_cap cap[QV__ROUTE_CAPS];
} qv__route_match;

/* A route's handler: answers the request and returns the status sent. */
typedef int (*qv__route_fn)(struct qv__server *srv, qv__req *c, const qv__route_match *m);

typedef struct qv__route {
	const char *method; /* "GET" (answers HEAD too), "POST", "HEAD" */
	const char *path;   /* the pattern */
	qv__route_fn fn;
} qv__route;

/* A kind of capture. */
typedef struct qv__route_kind {
	const char *name;  /* "{name}" in patterns */
	const char *shown; /* how lists show it: "ID" */
	size_t max;        /* the longest segment it takes; a longer one matches no route */
	bool empty;        /* whether it takes an empty segment */
	/* Once the path's shape matched, checks m->cap[i] (the captures before it are checked):
	 * 0, or 404 with the reason written in m->msg. NULL: every segment is fine. */
	int (*check)(qv__route_match *m, int i);
} qv__route_kind;

/* How a family's 404 lists its paths. */
typedef enum {
	QV__LIST_NONE, /* no 404 of its own (the handler answers) */
	QV__LIST_TOP,  /* the distinct first segments under the prefix: "/api/a, /api/b and /api/c"
	                */
	QV__LIST_SUFFIXES, /* the prefix, then what each route adds: "/t/ID, /join and /ws" */
	QV__LIST_CHAIN,    /* routes each one segment longer than the last: "/l/GAME[/ID[/try]]" */
} qv__route_list;

typedef struct qv__route_family {
	const char *prefix; /* a pattern its paths begin with ("" for every path) */
	const char *intro;  /* the 404's words before the list */
	qv__route_list list;
	bool slash; /* a path may end with one '/' more ("/api/lessons/") */
	/* NULL, or whether the family is served at all; when not, every path under it gets 404
	 * with `closed`. */
	bool (*open)(struct qv__server *srv);
	const char *closed;
} qv__route_family;

typedef struct qv__routes {
	const qv__route *routes;
	size_t nroutes;
	const qv__route_family *families;
	size_t nfamilies;
	const qv__route_kind *kinds;
	size_t nkinds;
} qv__routes;

/* Decides what a request comes to: m->route and its captures, or m->status 404 (m->msg) or
 * 405 (m->allow: the methods the path takes, also listed when the route is found). The family's
 * `open` gets srv. Never writes to a connection. */
void qv__route_resolve(const qv__routes *t, struct qv__server *srv, const char *method,
                       const char *path, qv__route_match *m);

/* The capture of kind `kind` in m, or NULL. */
const qv__route_cap *qv__route_cap_of(const qv__route_match *m, const char *kind);

/* Matches one pattern's shape against path, every capture taking any one segment: the number
 * of captures (written to caps, at most max), or -1 when the path has another shape. */
int qv__route_shape(const char *pattern, const char *path, qv__route_cap *caps, int max);

/* The pattern as lists show it ("/api/tables/ID/ws"), each capture by its kind's `shown`. */
void qv__route_shown(const qv__routes *t, const char *pattern, char *buf, size_t len);

#endif
