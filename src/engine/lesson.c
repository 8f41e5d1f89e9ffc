/*
 * lesson.c - tutorials as data: parsing a lesson (every field checked, problems named by their
 * path), playing it step by step on a match (the learner's attempt, the hint, the scripted
 * replies, the checks on the learner's view), checking a whole lesson as a test, and expanding
 * it for a page that knows no rules. docs/tutorials.md documents the format.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/fields.h"
#include "games/json_util.h"
#include "quiver/lesson.h"

/* Lesson files larger than this are refused before they are parsed. */
#define LESSON_FILE_MAX (1 << 20)
/* The most steps, highlights, replies and checks a lesson may have (far above any real one). */
#define LESSON_MAX_STEPS 200
#define LESSON_MAX_ITEMS 64

/* ---- parsing ------------------------------------------------------------------------------- */

/* strdup that reports a failure through *ok. */
static char *dup_text(const char *s, bool *ok)
{
	char *d = strdup(s);
	if (!d)
		*ok = false;
	return d;
}

/* Fails unless object o has only the keys in known (NULL-terminated), the message starting
 * with the object's path ("steps[0]: unknown field 'colour'; accepted: text, ..."). */
static qv_status known_keys(const json_t *o, const char *what, const char *const *known,
                            qv_err *err)
{
	qv_err why;
	qv_status rc = qv__json_check_keys(o, NULL, known, &why);
	return rc ? qv_fail(err, rc, "%s: %s", what, why.msg) : QV_OK;
}

/* A string field: required, or optional (NULL when absent). Empty strings are refused. */
static qv_status get_text(const json_t *o, const char *key, const char *what, bool required,
                          char **out, qv_err *err)
{
	const json_t *v = json_object_get(o, key);
	*out = NULL;
	if (!v || json_is_null(v)) {
		if (required)
			return qv_fail(err, QV_EINVAL, "%s.%s: missing (expected a string)", what,
			               key);
		return QV_OK;
	}
	if (!json_is_string(v) || json_string_length(v) == 0)
		return qv_fail(err, QV_EINVAL, "%s.%s: expected a non-empty string", what, key);
	bool ok = true;
	*out = dup_text(json_string_value(v), &ok);
	return ok ? QV_OK : qv_fail(err, QV_ENOMEM, "out of memory reading %s.%s", what, key);
}

/* An optional array of non-empty strings. */
static qv_status get_texts(const json_t *o, const char *key, const char *what, char ***out, int *n,
                           qv_err *err)
{
	const json_t *v = json_object_get(o, key);
	*out = NULL;
	*n = 0;
	if (!v)
		return QV_OK;
	if (!json_is_array(v) || json_array_size(v) > LESSON_MAX_ITEMS)
		return qv_fail(err, QV_EINVAL, "%s.%s: expected an array of at most %d strings",
		               what, key, LESSON_MAX_ITEMS);
	size_t k = json_array_size(v);
	*out = calloc(k ? k : 1, sizeof **out);
	if (!*out)
		return qv_fail(err, QV_ENOMEM, "out of memory reading %s.%s", what, key);
	for (size_t i = 0; i < k; i++) {
		const json_t *s = json_array_get(v, i);
		if (!json_is_string(s) || json_string_length(s) == 0)
			return qv_fail(err, QV_EINVAL, "%s.%s[%zu]: expected a non-empty string",
			               what, key, i);
		bool ok = true;
		(*out)[i] = dup_text(json_string_value(s), &ok);
		if (!ok)
			return qv_fail(err, QV_ENOMEM, "out of memory reading %s.%s", what, key);
		(*n)++;
	}
	return QV_OK;
}

static qv_status parse_check(qv_lesson_check *c, const json_t *o, const char *what, qv_err *err)
{
	static const char *const keys[] = {"pointer", "equals", "contains", "absent", "says", NULL};
	if (!json_is_object(o))
		return qv_fail(err, QV_EINVAL,
		               "%s: expected an object {\"pointer\", \"equals\" | "
		               "\"contains\" | \"absent\", \"says\"}",
		               what);
	qv_status rc = known_keys(o, what, keys, err);
	if (!rc)
		rc = get_text(o, "pointer", what, true, &c->pointer, err);
	if (!rc)
		rc = get_text(o, "says", what, true, &c->says, err);
	if (rc)
		return rc;
	if (c->pointer[0] != '/')
		return qv_fail(err, QV_EINVAL,
		               "%s.pointer: expected a JSON pointer starting with '/' "
		               "(e.g. \"/view/board\")",
		               what);
	const json_t *eq = json_object_get(o, "equals"), *has = json_object_get(o, "contains");
	const json_t *absent = json_object_get(o, "absent");
	if (absent && !json_is_true(absent))
		return qv_fail(err, QV_EINVAL, "%s.absent: expected true (or leave it out)", what);
	c->absent = absent != NULL;
	if ((eq != NULL) + (has != NULL) + c->absent != 1)
		return qv_fail(err, QV_EINVAL,
		               "%s: expected exactly one of \"equals\", \"contains\" "
		               "and \"absent\"",
		               what);
	c->equals = eq ? json_incref((json_t *)eq) : NULL;
	c->contains = has ? json_incref((json_t *)has) : NULL;
	return QV_OK;
}

static qv_status parse_step(qv_lesson_step *s, const json_t *o, const char *what, qv_err *err)
{
	static const char *const keys[] = {"text", "web",     "highlight", "expect",
	                                   "hint", "replies", "checks",    NULL};
	if (!json_is_object(o))
		return qv_fail(err, QV_EINVAL, "%s: expected an object", what);
	qv_status rc = known_keys(o, what, keys, err);
	if (!rc)
		rc = get_text(o, "text", what, true, &s->text, err);
	if (!rc)
		rc = get_text(o, "web", what, false, &s->web, err);
	if (!rc)
		rc = get_texts(o, "highlight", what, &s->highlight, &s->nhighlight, err);
	if (!rc)
		rc = get_text(o, "expect", what, false, &s->expect, err);
	if (!rc)
		rc = get_text(o, "hint", what, false, &s->hint, err);
	if (!rc)
		rc = get_texts(o, "replies", what, &s->replies, &s->nreplies, err);
	if (rc)
		return rc;
	if (s->hint && !s->expect)
		return qv_fail(err, QV_EINVAL, "%s.hint: a hint needs an \"expect\" action", what);
	const json_t *checks = json_object_get(o, "checks");
	if (!checks)
		return QV_OK;
	if (!json_is_array(checks) || json_array_size(checks) > LESSON_MAX_ITEMS)
		return qv_fail(err, QV_EINVAL, "%s.checks: expected an array of at most %d checks",
		               what, LESSON_MAX_ITEMS);
	size_t k = json_array_size(checks);
	s->checks = calloc(k ? k : 1, sizeof *s->checks);
	if (!s->checks)
		return qv_fail(err, QV_ENOMEM, "out of memory reading %s", what);
	for (size_t i = 0; i < k; i++) {
		char where[96];
		snprintf(where, sizeof where, "%s.checks[%zu]", what, i);
		s->nchecks++;
		rc = parse_check(&s->checks[i], json_array_get(checks, i), where, err);
		if (rc)
			return rc;
	}
	return QV_OK;
}

/* Fills l from the parsed document; l is freed by the caller on failure. */
static qv_status parse_into(qv_lesson *l, const json_t *j, qv_err *err)
{
	static const char *const keys[] = {"game",  "title", "topics", "learner",
	                                   "start", "steps", NULL};
	if (!json_is_object(j))
		return qv_fail(err, QV_EINVAL, "expected a JSON object (a lesson)");
	qv_status rc = known_keys(j, "lesson", keys, err);
	char *game = NULL, *learner = NULL;
	if (!rc)
		rc = get_text(j, "game", "lesson", true, &game, err);
	if (!rc && !(l->game = qv_game_find(game, err)))
		rc = QV_EINVAL;
	free(game);
	if (!rc)
		rc = get_text(j, "title", "lesson", true, &l->title, err);
	if (!rc)
		rc = get_texts(j, "topics", "lesson", &l->topics, &l->ntopics, err);
	if (!rc && l->ntopics == 0)
		rc = qv_fail(err, QV_EINVAL,
		             "lesson.topics: expected the titles of the rules page's "
		             "sections that the lesson teaches (at least one)");
	if (!rc)
		rc = get_text(j, "learner", "lesson", true, &learner, err);
	if (!rc && (l->learner = qv_player_parse(learner, l->game->max_players)) < 0)
		rc = qv_fail(err, QV_EINVAL, "lesson.learner: '%s' is not a seat (expected p1-p%d)",
		             learner, l->game->max_players);
	free(learner);
	if (rc)
		return rc;
	const json_t *start = json_object_get(j, "start");
	if (!json_is_object(start))
		return qv_fail(err, QV_EINVAL,
		               "lesson.start: expected a record or a full state (an "
		               "object, as `quiver engine`'s load takes it)");
	l->start = json_incref((json_t *)start);
	const json_t *steps = json_object_get(j, "steps");
	if (!json_is_array(steps) || json_array_size(steps) == 0 ||
	    json_array_size(steps) > LESSON_MAX_STEPS)
		return qv_fail(err, QV_EINVAL, "lesson.steps: expected an array of 1 to %d steps",
		               LESSON_MAX_STEPS);
	size_t k = json_array_size(steps);
	l->steps = calloc(k, sizeof *l->steps);
	if (!l->steps)
		return qv_fail(err, QV_ENOMEM, "out of memory reading the steps");
	for (size_t i = 0; i < k; i++) {
		char where[32];
		snprintf(where, sizeof where, "steps[%zu]", i);
		l->nsteps++;
		rc = parse_step(&l->steps[i], json_array_get(steps, i), where, err);
		if (rc)
			return rc;
	}
	return QV_OK;
}

qv_status qv_lesson_parse(qv_lesson **out, const char *text, const char *id, qv_err *err)
{
	*out = NULL;
	json_error_t jerr;
	json_t *j;
	qv_status parsed = qv__json_parse(text, strlen(text), JSON_REJECT_DUPLICATES, &j, &jerr);
	if (parsed == QV_ENOMEM)
		return qv_fail(err, parsed, "out of memory reading %s", id);
	if (parsed)
		return qv_fail(err, QV_EINVAL, "%s: broken JSON at line %d, column %d: %s", id,
		               jerr.line, jerr.column, jerr.text);
	qv_lesson *l = calloc(1, sizeof *l);
	bool ok = l != NULL;
	if (l)
		l->id = dup_text(id, &ok);
	if (!ok) {
		qv_lesson_free(l);
		json_decref(j);
		return qv_fail(err, QV_ENOMEM, "out of memory reading %s", id);
	}
	qv_err why;
	qv_status rc = parse_into(l, j, &why);
	json_decref(j);
	if (rc) {
		qv_lesson_free(l);
		return qv_fail(err, rc, "%s: %s", id, why.msg);
	}
	*out = l;
	return QV_OK;
}

qv_status qv_lesson_load_file(qv_lesson **out, const char *path, qv_err *err)
{
	*out = NULL;
	FILE *f = fopen(path, "rb");
	if (!f)
		return qv_fail(err, QV_EIO, "cannot open '%s': %s", path, strerror(errno));
	char *text = malloc(LESSON_FILE_MAX + 1);
	size_t n = text ? fread(text, 1, LESSON_FILE_MAX + 1, f) : 0;
	bool failed = ferror(f) != 0;
	fclose(f);
	if (!text)
		return qv_fail(err, QV_ENOMEM, "out of memory reading '%s'", path);
	if (failed || n > LESSON_FILE_MAX) {
		free(text);
		return failed ? qv_fail(err, QV_EIO, "cannot read '%s'", path)
		              : qv_fail(err, QV_EINVAL,
		                        "'%s' is too big for a lesson (at most %d "
		                        "bytes)",
		                        path, LESSON_FILE_MAX);
	}
	text[n] = '\0';
	/* The id: the base name without ".json". */
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char id[128];
	qv_copy(id, sizeof id, base);
	size_t len = strlen(id);
	if (len > 5 && strcmp(id + len - 5, ".json") == 0)
		id[len - 5] = '\0';
	qv_status rc = strlen(text) == n ? qv_lesson_parse(out, text, id, err)
	                                 : qv_fail(err, QV_EINVAL, "%s: contains a NUL byte", path);
	free(text);
	return rc;
}

static void free_texts(char **t, int n)
{
	for (int i = 0; t && i < n; i++)
		free(t[i]);
	free(t);
}

void qv_lesson_free(qv_lesson *l)
{
	if (!l)
		return;
	for (int i = 0; l->steps && i < l->nsteps; i++) {
		qv_lesson_step *s = &l->steps[i];
		free(s->text);
		free(s->web);
		free_texts(s->highlight, s->nhighlight);
		free(s->expect);
		free(s->hint);
		free_texts(s->replies, s->nreplies);
		for (int k = 0; s->checks && k < s->nchecks; k++) {
			free(s->checks[k].pointer);
			free(s->checks[k].says);
			json_decref(s->checks[k].equals);
			json_decref(s->checks[k].contains);
		}
		free(s->checks);
	}
	free(l->steps);
	free(l->id);
	free(l->title);
	free_texts(l->topics, l->ntopics);
	json_decref(l->start);
	free(l);
}

/* ---- playing ------------------------------------------------------------------------------- */

qv_status qv_lesson_begin(const qv_lesson *l, qv_match **out, qv_err *err)
{
	qv_err why;
	qv_status rc = qv_match_load_json_game(out, l->game, l->start, &why);
	if (rc)
		return qv_fail(err, rc, "%s: start: %s", l->id, why.msg);
	if (l->learner >= l->game->num_players((*out)->state)) {
		qv_match_free(*out);
		*out = NULL;
		return qv_fail(err, QV_EINVAL, "%s: the learner p%d has no seat in this game",
		               l->id, l->learner + 1);
	}
	return QV_OK;
}

/* Plays the step's replies in order. */
static qv_status play_replies(const qv_lesson *l, int step, qv_match *m, qv_err *err)
{
	const qv_lesson_step *s = &l->steps[step];
	for (int i = 0; i < s->nreplies; i++) {
		qv_err why;
		if (qv_match_play_text(m, s->replies[i], &why))
			return qv_fail(err, QV_EINVAL, "%s: step %d: reply %d ('%.80s'): %s", l->id,
			               step + 1, i + 1, s->replies[i], why.msg);
	}
	return QV_OK;
}

qv_lesson_verdict qv_lesson_try(const qv_lesson *l, int step, qv_match *m, const char *text,
                                qv_err *why)
{
	const qv_lesson_step *s = &l->steps[step];
	const qv_game *g = m->game;
	qv_action a, want;
	if (!s->expect) {
		qv_fail(why, QV_ESTATE, "this step asks for no action");
		return QV_LESSON_BAD;
	}
	if (qv_match_to_move(m) != l->learner) {
		qv_fail(why, QV_ESTATE, "it is not the learner's turn");
		return QV_LESSON_BAD;
	}
	if (g->action_from_text(m->state, text, &a, why))
		return QV_LESSON_BAD;
	if (g->check(m->state, a, why))
		return QV_LESSON_BAD;
	if (g->action_from_text(m->state, s->expect, &want, NULL) || a != want) {
		qv_fail(why, QV_EILLEGAL, "%s",
		        s->hint ? s->hint
		                : "That is a legal move, but not the one this step is about.");
		return QV_LESSON_HINT;
	}
	if (qv_match_play(m, a, why) || play_replies(l, step, m, why))
		return QV_LESSON_BAD;
	return QV_LESSON_RIGHT;
}

qv_status qv_lesson_next(const qv_lesson *l, int step, qv_match *m, qv_err *err)
{
	if (l->steps[step].expect)
		return qv_fail(err, QV_ESTATE, "%s: step %d waits for an action", l->id, step + 1);
	return play_replies(l, step, m, err);
}

/* The value at a JSON pointer (RFC 6901: '/'-separated tokens, ~1 for '/', ~0 for '~',
 * array indices in decimal), or NULL. */
static const json_t *pointer_get(const json_t *j, const char *p)
{
	while (j && *p == '/') {
		p++;
		char tok[256];
		size_t n = 0;
		while (*p && *p != '/' && n + 1 < sizeof tok) {
			if (p[0] == '~' && (p[1] == '0' || p[1] == '1')) {
				tok[n++] = p[1] == '0' ? '~' : '/';
				p += 2;
			} else {
				tok[n++] = *p++;
			}
		}
		tok[n] = '\0';
		if (json_is_object(j)) {
			j = json_object_get(j, tok);
		} else if (json_is_array(j)) {
			long i;
			j = n && qv_parse_long(tok, &i) && i >= 0 ? json_array_get(j, (size_t)i)
			                                          : NULL;
		} else {
			j = NULL;
		}
	}
	return j;
}

/* Whether the value v holds want: an element of an array, a substring of a string. */
static bool holds(const json_t *v, const json_t *want)
{
	if (json_is_array(v)) {
		for (size_t i = 0; i < json_array_size(v); i++)
			if (json_equal(json_array_get(v, i), (json_t *)want))
				return true;
		return false;
	}
	if (json_is_string(v) && json_is_string(want))
		return strstr(json_string_value(v), json_string_value(want)) != NULL;
	return false;
}

qv_status qv_lesson_verify(const qv_lesson *l, int step, qv_match *m, qv_err *err)
{
	const qv_lesson_step *s = &l->steps[step];
	if (s->nchecks == 0)
		return QV_OK;
	json_t *view = qv_match_view_json(m, l->learner);
	qv_status rc = QV_OK;
	for (int i = 0; i < s->nchecks && !rc; i++) {
		const qv_lesson_check *c = &s->checks[i];
		const json_t *v = pointer_get(view, c->pointer);
		bool ok = c->absent   ? v == NULL
		          : c->equals ? v && json_equal((json_t *)v, c->equals)
		                      : v && holds(v, c->contains);
		if (!ok) {
			char *got = v ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
			rc = qv_fail(err, QV_EINVAL,
			             "%s: step %d: check %d (%s) fails: %s is %.120s", l->id,
			             step + 1, i + 1, c->says, c->pointer, got ? got : "absent");
			free(got);
		}
	}
	json_decref(view);
	return rc;
}

/* The full state as compact JSON text, to tell whether an attempt changed anything. */
static char *state_text(const qv_match *m)
{
	json_t *j = qv_match_state_json(m);
	char *s = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
	json_decref(j);
	return s;
}

/* Step `step` of a test run: a wrong legal action gets the hint and changes nothing, then the
 * expected action (or, for text, the replies) and the checks. */
static qv_status check_step(const qv_lesson *l, int step, qv_match *m, qv_err *err)
{
	const qv_lesson_step *s = &l->steps[step];
	const qv_game *g = m->game;
	qv_err why;
	if (!s->expect) {
		qv_status rc = qv_lesson_next(l, step, m, err);
		return rc ? rc : qv_lesson_verify(l, step, m, err);
	}
	int who = qv_match_to_move(m);
	if (who != l->learner) {
		char name[8];
		return qv_fail(err, QV_EINVAL,
		               "%s: step %d expects '%s' from p%d, but %s is to move "
		               "(script the other seats' replies and the chance outcomes)",
		               l->id, step + 1, s->expect, l->learner + 1,
		               qv_player_name(who, name));
	}
	qv_action want;
	if (g->action_from_text(m->state, s->expect, &want, &why) || g->check(m->state, want, &why))
		return qv_fail(err, QV_EINVAL,
		               "%s: step %d: the expected '%s' is not legal here: %s", l->id,
		               step + 1, s->expect, why.msg);
	qv_action *list = malloc((size_t)(g->max_actions > 0 ? g->max_actions : 1) * sizeof *list);
	if (!list)
		return qv_fail(err, QV_ENOMEM, "out of memory listing the legal actions");
	/* The first other legal action with a notation, tried once the list is let go (trying
	 * it plays on the match). */
	char other[QV_ACTION_TEXT] = "";
	int n = g->legal(m->state, list);
	for (int i = 0; i < n && !*other; i++)
		if (list[i] == want ||
		    g->action_to_text(m->state, list[i], other, sizeof other) < 0)
			*other = '\0';
	free(list);
	if (*other) {
		char *before = state_text(m);
		qv_lesson_verdict v = qv_lesson_try(l, step, m, other, &why);
		char *after = state_text(m);
		bool same = before && after && strcmp(before, after) == 0;
		free(before);
		free(after);
		if (v != QV_LESSON_HINT || !same)
			return qv_fail(err, QV_EINVAL,
			               "%s: step %d: the other legal action '%s' did not "
			               "get the hint and leave everything as it was",
			               l->id, step + 1, other);
	}
	if (qv_lesson_try(l, step, m, s->expect, &why) != QV_LESSON_RIGHT)
		return qv_fail(err, QV_EINVAL, "%s: step %d: '%s': %s", l->id, step + 1, s->expect,
		               why.msg);
	return qv_lesson_verify(l, step, m, err);
}

qv_status qv_lesson_check_all(const qv_lesson *l, qv_err *err)
{
	qv_match *m;
	qv_status rc = qv_lesson_begin(l, &m, err);
	for (int i = 0; !rc && i < l->nsteps; i++)
		rc = check_step(l, i, m, err);
	qv_match_free(m);
	return rc;
}

/* ---- for the browser ----------------------------------------------------------------------- */

/* Appends one log line as {"who", "text"} and a consequence's "msg" (its format, then each
 * argument: docs/server/websocket.md): whom the line is about, a seat, "chance" or "game"
 * (qv_log_line.about). */
static void log_json(void *ctx, const qv_log_line *line)
{
	json_array_append_new(ctx, qv_log_line_json(line));
}

static json_t *texts_json(char **t, int n)
{
	json_t *a = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_string(t[i]));
	return a;
}

/* The words of a step's checks, for the learner to read once the step is done. */
static json_t *checks_json(const qv_lesson_step *s)
{
	json_t *a = json_array();
	for (int i = 0; i < s->nchecks; i++)
		if (s->checks[i].says)
			json_array_append_new(a, json_string(s->checks[i].says));
	return a;
}

json_t *qv_lesson_expand(const qv_lesson *l, qv_err *err)
{
	if (qv_lesson_check_all(l, err))
		return NULL;
	qv_match *m;
	if (qv_lesson_begin(l, &m, err))
		return NULL;
	char learner[8];
	json_t *steps = json_array();
	json_t *j = json_pack("{s:s, s:s, s:s, s:o, s:s, s:o}", "game", l->game->name, "id", l->id,
	                      "title", l->title, "topics", texts_json(l->topics, l->ntopics),
	                      "learner", qv_player_name(l->learner, learner), "steps", steps);
	for (int i = 0; j && i < l->nsteps; i++) {
		const qv_lesson_step *s = &l->steps[i];
		json_t *log = json_array();
		json_t *step =
		    json_pack("{s:s, s:o, s:s?, s:s?, s:o, s:o, s:o}", "text", s->text, "highlight",
		              texts_json(s->highlight, s->nhighlight), "expect", s->expect, "hint",
		              s->hint, "view", qv_match_view_json(m, l->learner), "log", log,
		              "learned", checks_json(s));
		if (step && s->web) /* out of memory, the page falls back on the terminal's text */
			json_object_set_new(step, "web", json_string(s->web));
		json_array_append_new(steps, step);
		int from = m->nhist;
		qv_err why;
		if (s->expect ? qv_lesson_try(l, i, m, s->expect, &why) != QV_LESSON_RIGHT
		              : qv_lesson_next(l, i, m, &why) != QV_OK) {
			/* cannot happen: qv_lesson_check_all played the same steps */
			QV_ASSERT(!"a checked lesson failed when expanded");
			qv_fail(err, QV_EINVAL, "%s: step %d: %s", l->id, i + 1, why.msg);
			json_decref(j);
			j = NULL;
			break;
		}
		qv_match_log(m, l->learner, from, log_json, log);
	}
	if (j)
		json_object_set_new(j, "end", qv_match_view_json(m, l->learner));
	qv_match_free(m);
	return j;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int qv_lesson_list(const char *dir, const char *game, char **names, int max)
{
	char path[4096];
	int k = snprintf(path, sizeof path, "%s/%s", dir, game);
	if (k < 0 || (size_t)k >= sizeof path)
		return -1;
	DIR *d = opendir(path);
	if (!d)
		return -1;
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)) && n < max) {
		size_t len = strlen(e->d_name);
		if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0 && e->d_name[0] != '.')
			if ((names[n] = strdup(e->d_name)))
				n++;
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof *names, cmp_names);
	return n;
}
