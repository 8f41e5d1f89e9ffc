/*
 * lessons.c - the tutorials of `quiver serve` (/api/lessons): the lesson files of the
 * tutorials folder, listed, expanded for the browser's /learn/<game> page (every step with the
 * learner's view, so that the page knows no rules), and the learner's attempts judged by the
 * engine (qv_lesson_try), the same way `quiver learn` judges them in the terminal.
 *
 * The files are read at every request: they are small, and an edited lesson is served at once.
 * A lesson is public teaching material (the repository's tutorials/), but an expansion still
 * holds only the learner's views and log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fields.h"
#include "engine/feed/lessons.h"
#include "games/json_util.h"
#include "quiver/lesson.h"
#include "server/api/lessons.h"
#include "server/base/oplog.h"
#include "server/net/reply.h"

/* The most lessons listed for one game. */
#define LESSONS_MAX 64

bool qv__lesson_id_valid(const char *id)
{
	size_t n = strlen(id);
	if (n == 0 || n > QV__LESSON_ID_MAX)
		return false;
	for (size_t i = 0; i < n; i++) {
		char ch = id[i];
		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		      (ch >= '0' && ch <= '9') || ch == '-' || ch == '_'))
			return false;
	}
	return true;
}

/* Loads dir/<game>/<id>.json; 404 or 500 answered on failure (returns the status), else 0. */
static int load(qv__server *srv, qv__req *c, const qv_game *g, const char *id, qv_lesson **out)
{
	char path[2048];
	snprintf(path, sizeof path, "%s/%s/%s.json", srv->cfg.tutorials_dir, g->name, id);
	qv_err err = {0};
	FILE *f = fopen(path, "r");
	if (!f) {
		qv__reply_error(c, 404,
		                "no lesson '%s' for %s; GET /api/lessons/%s lists its lessons", id,
		                g->name, g->name);
		return 404;
	}
	fclose(f);
	if (qv_lesson_load_file(out, path, &err)) {
		/* The reason names the file: it goes to the log, never to a client. */
		qv__oplog(QV__WARN, "the lesson %s/%s does not load: %s", g->name, id, err.msg);
		qv__reply_error(c, 500,
		                "the lesson %s/%s does not load (the server's log says why)",
		                g->name, id);
		return 500;
	}
	return 0;
}

/* {"id", "title", "topics", "steps"} of every lesson of g that loads; an array. */
static json_t *lessons_of(qv__server *srv, const qv_game *g)
{
	json_t *a = json_array();
	char *names[LESSONS_MAX];
	int n = qv_lesson_list(srv->cfg.tutorials_dir, g->name, names, LESSONS_MAX);
	for (int i = 0; i < n; i++) {
		char path[2048];
		snprintf(path, sizeof path, "%s/%s/%s", srv->cfg.tutorials_dir, g->name, names[i]);
		qv_lesson *l;
		qv_err err = {0};
		if (qv_lesson_load_file(&l, path, &err) == QV_OK) {
			json_array_append_new(a, qv__lesson_summary_json(l));
			qv_lesson_free(l);
		}
		free(names[i]);
	}
	return a;
}

int qv__lessons_all(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	json_t *games = json_array();
	for (int i = 0; qv_games[i]; i++)
		json_array_append_new(games, json_pack("{s:s, s:s, s:o}", "game", qv_games[i]->name,
		                                       "title", qv_games[i]->title, "lessons",
		                                       lessons_of(srv, qv_games[i])));
	json_t *body = json_pack("{s:o}", "games", games);
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}

/* The game of the route's {game} (checked by the route table). */
static const qv_game *game_of(const qv__route_match *m)
{
	return qv__route_cap_of(m, "game")->value;
}

/* The lesson name of the route's {lesson} (checked by the route table). */
static const char *lesson_of(const qv__route_match *m)
{
	return qv__route_cap_of(m, "lesson")->text;
}

int qv__lessons_game(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	const qv_game *g = game_of(m);
	json_t *body = json_pack("{s:s, s:s, s:o}", "game", g->name, "title", g->title, "lessons",
	                         lessons_of(srv, g));
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}

/* The lesson, expanded (lesson.h). */
int qv__lessons_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	const qv_game *g = game_of(m);
	const char *id = lesson_of(m);
	qv_lesson *l;
	int st = load(srv, c, g, id, &l);
	if (st)
		return st;
	qv_err err = {0};
	json_t *j = qv__lesson_page_json(l, &err);
	qv_lesson_free(l);
	if (!j) {
		qv__reply_error(c, 500, "the lesson %s/%s does not play: %s", g->name, id, err.msg);
		return 500;
	}
	qv__reply_json(c, 200, j);
	json_decref(j);
	return 200;
}

/* Reads an attempt, {"step": N, "action": "..."}, into *step and action (cut to
 * QV_ACTION_TEXT characters, one more than an action may have, so that a longer one is refused
 * as one). Answers a bad one itself (400) and returns its status, else 0. */
static int read_attempt(qv__req *c, json_int_t *step, char action[QV_ACTION_TEXT + 1])
{
	json_t *body;
	int st = qv__reply_read_json(c, &body, NULL);
	if (st)
		return st;
	static const char *const fields[] = {"step", "action", NULL};
	qv_err err = {0};
	if (qv__json_check_keys(body, NULL, fields, &err)) {
		qv__reply_error(c, 400, "%s", err.msg);
		json_decref(body);
		return 400;
	}
	json_t *jstep = json_object_get(body, "step"), *jaction = json_object_get(body, "action");
	if (!json_is_integer(jstep) || !json_is_string(jaction)) {
		qv__reply_error(c, 400,
		                "expected {\"step\": N (a whole number from 0), \"action\": "
		                "\"an action in notation\"}");
		json_decref(body);
		return 400;
	}
	*step = json_integer_value(jstep);
	qv_copy(action, QV_ACTION_TEXT + 1, json_string_value(jaction));
	json_decref(body);
	return 0;
}

/* {"step": N (from 0), "action": "..."}: the verdict on the learner's attempt at step N,
 * {"verdict": "right" | "hint" | "bad", "message"}. */
int qv__lessons_try(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	const qv_game *g = game_of(m);
	const char *id = lesson_of(m);
	json_int_t step;
	char action[QV_ACTION_TEXT + 1];
	int st = read_attempt(c, &step, action);
	if (st)
		return st;
	qv_lesson *l;
	if ((st = load(srv, c, g, id, &l)))
		return st;
	json_t *out;
	qv_err err = {0};
	qv_status rc = qv__lesson_attempt_json(l, step, action, &out, &err);
	qv_lesson_free(l);
	if (rc) {
		qv__reply_error(c, rc == QV_EINVAL ? 400 : 500, "%s", err.msg);
		return rc == QV_EINVAL ? 400 : 500;
	}
	qv__reply_json(c, 200, out);
	json_decref(out);
	return 200;
}
