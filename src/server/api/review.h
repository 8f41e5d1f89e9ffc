/*
 * review.h - POST and GET /api/tables/ID/review (docs/server/api.md, "Reviews"): the computer's
 * review of a finished table, asked for, made on the AI workers one decision per turn in the
 * lane of the address that asked (so that it takes its turns with that address's AI tables and
 * never holds a worker for long), counted against the address's --address-ai-tables while it is
 * made, and kept once made (reviews.h). Internal to the server.
 */
#ifndef QUIVER_SERVER_API_REVIEW_H
#define QUIVER_SERVER_API_REVIEW_H

#include "server/net/route.h"
#include "server/state/server.h"

int qv__review_post(qv__server *srv, qv__req *c, const qv__route_match *m);
int qv__review_get(qv__server *srv, qv__req *c, const qv__route_match *m);

#endif
