/*
 * lessons.h - the tutorials' part of the HTTP API (/api/lessons), as handlers of the API's
 * route table (http.c): the routes' captures give the game ("game", resolved) and the lesson
 * ("lesson", a plain name). Internal to the server.
 */
#ifndef QUIVER_SERVER_API_LESSONS_H
#define QUIVER_SERVER_API_LESSONS_H

#include "server/net/route.h"
#include "server/state/server.h"

/* The longest lesson name (letters, digits, '-' and '_'). */
#define QV__LESSON_ID_MAX 80

/* Whether id is a lesson's name: letters, digits, '-' and '_', 1 to QV__LESSON_ID_MAX. */
bool qv__lesson_id_valid(const char *id);

/* GET /api/lessons: every game and its lessons. */
int qv__lessons_all(qv__server *srv, qv__req *c, const qv__route_match *m);
/* GET /api/lessons/GAME: that game's lessons. */
int qv__lessons_game(qv__server *srv, qv__req *c, const qv__route_match *m);
/* GET /api/lessons/GAME/ID: the lesson, expanded for a page that knows no rules. */
int qv__lessons_get(qv__server *srv, qv__req *c, const qv__route_match *m);
/* POST /api/lessons/GAME/ID/try with {"step": N, "action": "..."}: the verdict. */
int qv__lessons_try(qv__server *srv, qv__req *c, const qv__route_match *m);

#endif
