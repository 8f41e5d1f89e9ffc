/*
 * scrape.h - GET /metrics: the process's figures in Prometheus's text format (version 0.0.4),
 * for a monitoring system to scrape from every process of a site. The metrics, their types
 * and meaning are in docs/server.md ("Metrics"). Internal to the server.
 */
#ifndef QUIVER_SERVER_SCRAPE_H
#define QUIVER_SERVER_SCRAPE_H

#include "server/route.h"
#include "server/server.h"

int qv__scrape_get(qv__server *srv, qv__req *c, const qv__route_match *m);

#endif
