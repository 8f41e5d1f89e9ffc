/*
 * scrape.h - GET /metrics: the process's figures in Prometheus's text format (version 0.0.4),
 * for a monitoring system to scrape from every process of a site. The metrics, their types
 * and meaning are in docs/server/operations.md ("Metrics"). Internal to the server.
 */
#ifndef QUIVER_SERVER_API_SCRAPE_H
#define QUIVER_SERVER_API_SCRAPE_H

#include "server/net/route.h"
#include "server/state/server.h"

int qv__scrape_get(qv__server *srv, qv__req *c, const qv__route_match *m);

/* GET /api/health: 200 {"store": "ok", "backend": "sqlite"|"postgresql", "store_seconds": T}
 * when the store answered a question (PostgreSQL within its timeout), 503 {"store":
 * "failing", "error": WHY} otherwise (docs/server.md). */
int qv__health_get(qv__server *srv, qv__req *c, const qv__route_match *m);

#endif
