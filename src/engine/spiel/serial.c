/*
 * serial.c - a spiel state as bytes and back: four header lines (the format, the game, its
 * parameters, the move number) and a JSON object of what the state's information states are
 * made from (handles.h): the seat whose earlier observations a resampled state keeps ("known",
 * -1 for none) and those lines ("prior", null for none), the state its history starts from
 * ("base": the game's state JSON, state_json, which round-trips a state exactly) and the
 * history since ("history": the game's action integers). Read back through the game's checked
 * loader and a replay of the history in which every action is checked, so that a corrupted
 * text is refused naming what is wrong and what deserializes is the state that was
 * serialized, byte for byte. Format 1 (the state JSON alone, without the history the
 * information states need) is refused, saying so.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "engine/spiel/handles.h"
#include "games/json_util.h"

#define MAGIC   "quiver-spiel 2"
#define MAGIC_1 "quiver-spiel 1"

/* The JSON object of st after the header (NULL when memory ran out). */
static json_t *body(const qv_spiel_state *st)
{
	json_t *j = json_object(), *hist = json_array();
	json_t *base = st->game->g->state_json(QV__SPIEL_BASE(st));
	bool ok = j && hist && base;
	for (int i = 0; ok && i < st->nhist; i++)
		ok = json_array_append_new(hist, json_integer(st->hist[i])) == 0;
	ok = ok && json_object_set_new(j, "known", json_integer(st->known)) == 0;
	ok = ok &&
	     json_object_set_new(j, "prior", st->prior ? json_string(st->prior) : json_null()) == 0;
	ok = ok && json_object_set(j, "base", base) == 0;
	ok = ok && json_object_set(j, "history", hist) == 0;
	json_decref(base);
	json_decref(hist);
	if (!ok) {
		json_decref(j);
		return NULL;
	}
	return j;
}

char *qv_spiel_serialize(const qv_spiel_state *st, size_t *len)
{
	json_t *j = body(st);
	char *text = j ? qv__json_dumps(j, JSON_COMPACT) : NULL;
	json_decref(j);
	if (!text)
		return NULL;
	qv_buf b = {0};
	qv_buf_printf(&b, "%s\ngame %s\nparams %s\nmoves %d\n%s", MAGIC, st->game->g->name,
	              st->game->params_text, st->moves, text);
	free(text);
	if (b.failed || !b.s) {
		qv_buf_free(&b);
		return NULL;
	}
	*len = b.len;
	return b.s;
}

/* The next line of data[*at..len) that starts with `key ` (key NULL: the line as it is) into
 * buf, *at moved past it. */
static qv_status line(const char *data, size_t len, size_t *at, const char *key, char *buf,
                      size_t cap, qv_err *err)
{
	const char *nl = memchr(data + *at, '\n', len - *at);
	if (!nl)
		return qv_fail(err, QV_EINVAL,
		               "corrupted serialized state: the line '%s' is missing (expected the "
		               "lines '" MAGIC "', 'game NAME', 'params LIST', 'moves N' and the "
		               "state's JSON object)",
		               key ? key : MAGIC);
	size_t n = (size_t)(nl - (data + *at));
	size_t k = key ? strlen(key) + 1 : 0;
	if (n < k || (key && (memcmp(data + *at, key, k - 1) != 0 || data[*at + k - 1] != ' ')) ||
	    n - k >= cap || memchr(data + *at, '\0', n))
		return qv_fail(err, QV_EINVAL,
		               "corrupted serialized state: expected the line '%s' at byte %zu",
		               key ? key : MAGIC, *at);
	memcpy(buf, data + *at + k, n - k);
	buf[n - k] = '\0';
	*at += n + 1;
	return QV_OK;
}

/* Fails with the corrupted text's message for body field `what`. */
#define BAD(what, ...) qv_fail(err, QV_EINVAL, "corrupted serialized state: " what, __VA_ARGS__)

/* The action of history entry i at the current state, checked: a chance outcome listed now,
 * or a legal decision of the seat to move. */
static qv_status replay(qv_spiel_state *s, int i, json_t *v, qv_err *err)
{
	const qv_game *g = s->game->g;
	if (!json_is_integer(v) || json_integer_value(v) < INT32_MIN ||
	    json_integer_value(v) > INT32_MAX)
		return BAD("history entry %d is not an action integer", i);
	qv_action a = (qv_action)json_integer_value(v);
	int who = g->to_move(s->st);
	if (who == QV_OVER || s->base_moves + i >= s->game->max_length)
		return BAD("history entry %d comes after the end of the game", i);
	bool ok = false;
	qv_err why = {{0}};
	if (who == QV_CHANCE) {
		qv_action buf[g->max_chance];
		double prob[g->max_chance];
		int n = g->chance(s->st, buf, prob);
		for (int k = 0; k < n && !ok; k++)
			ok = buf[k] == a;
		if (!ok)
			snprintf(why.msg, sizeof why.msg, "no chance outcome now");
	} else {
		ok = g->check(s->st, a, &why) == QV_OK;
	}
	if (!ok)
		return BAD("history entry %d (action %d) is not legal there: %s", i, (int)a,
		           why.msg);
	qv_status rc = qv__spiel_record(s, a, err);
	if (rc == QV_OK)
		g->apply(s->st, a, NULL);
	return rc;
}

/* The body's fields into s (s->moves set from the header). */
static qv_status read_body(qv_spiel_state *s, json_t *j, qv_err *err)
{
	const qv_game *g = s->game->g;
	json_t *known = json_object_get(j, "known"), *prior = json_object_get(j, "prior");
	json_t *base = json_object_get(j, "base"), *hist = json_object_get(j, "history");
	if (json_object_size(j) != 4 || !json_is_integer(known) || !prior ||
	    !json_is_object(base) || !json_is_array(hist))
		return BAD("%s", "expected the object {\"known\":SEAT or -1,\"prior\":TEXT or "
		                 "null,\"base\":STATE,\"history\":[ACTION,...]}");
	json_int_t k = json_integer_value(known);
	if (k < -1 || k >= s->game->nplayers)
		return BAD("known %lld is neither -1 nor a seat (0 to %d)", (long long)k,
		           s->game->nplayers - 1);
	s->known = (int)k;
	if (json_is_string(prior)) {
		const char *text = json_string_value(prior);
		size_t n = json_string_length(prior);
		if (k < 0 || strlen(text) != n || (n && text[n - 1] != '\n'))
			return BAD("%s",
			           "prior is lines that each end with a newline, held only for "
			           "the seat `known`");
		if (!(s->prior = strdup(text)))
			return qv_fail(err, QV_ENOMEM, "out of memory");
	} else if (!json_is_null(prior) || k >= 0) {
		return BAD("%s", "prior is text (with a seat `known`) or null (with known -1)");
	}
	size_t n = json_array_size(hist);
	if (n > (size_t)s->moves)
		return BAD("a history of %zu actions is longer than moves %d", n, s->moves);
	s->base_moves = s->moves - (int)n;
	qv_err why = {{0}};
	qv_status rc = g->init(s->st, &s->game->params, 0, err);
	if (rc == QV_OK && (rc = g->load_json(s->st, base, &why)) != QV_OK)
		rc = qv_fail(err, rc, "corrupted serialized state: %s", why.msg);
	if (rc == QV_OK)
		memcpy(QV__SPIEL_BASE(s), s->st, g->state_size);
	for (size_t i = 0; i < n && rc == QV_OK; i++)
		rc = replay(s, (int)i, json_array_get(hist, i), err);
	return rc;
}

qv_status qv_spiel_deserialize(const qv_spiel_game *g, const char *data, size_t len,
                               qv_spiel_state **out, qv_err *err)
{
	*out = NULL;
	if (!data)
		return qv_fail(err, QV_EINVAL,
		               "no serialized state given: expected the text "
		               "qv_spiel_serialize wrote");
	char buf[QV_PARAMS_TEXT + 16];
	size_t at = 0;
	qv_status rc = line(data, len, &at, NULL, buf, sizeof buf, err);
	if (rc == QV_OK && strcmp(buf, MAGIC_1) == 0)
		rc =
		    qv_fail(err, QV_EINVAL,
		            "a serialized state of format 1 (" MAGIC_1 "), which holds no history: "
		            "the information states need it (perfect recall) since format 2 "
		            "(" MAGIC "); serialize the state again with this version");
	else if (rc == QV_OK && strcmp(buf, MAGIC) != 0)
		rc = qv_fail(err, QV_EINVAL,
		             "not a serialized quiver state: it starts with '%.40s', "
		             "expected '" MAGIC "'",
		             buf);
	if (rc == QV_OK && (rc = line(data, len, &at, "game", buf, sizeof buf, err)) == QV_OK &&
	    strcmp(buf, g->g->name) != 0)
		rc = qv_fail(err, QV_EINVAL, "the serialized state is of the game '%.40s', not %s",
		             buf, g->g->name);
	if (rc == QV_OK && (rc = line(data, len, &at, "params", buf, sizeof buf, err)) == QV_OK &&
	    strcmp(buf, g->params_text) != 0)
		rc = qv_fail(err, QV_EINVAL,
		             "the serialized state has the parameters '%.200s', the game '%.200s'",
		             buf, g->params_text);
	long moves = 0;
	if (rc == QV_OK && (rc = line(data, len, &at, "moves", buf, sizeof buf, err)) == QV_OK) {
		char *end;
		errno = 0;
		moves = strtol(buf, &end, 10);
		if (errno || end == buf || *end || moves < 0 || moves > 1000000000)
			rc = qv_fail(
			    err, QV_EINVAL,
			    "corrupted serialized state: moves '%.40s' is not a whole number "
			    "0-1000000000",
			    buf);
	}
	if (rc != QV_OK)
		return rc;
	json_t *j = NULL;
	json_error_t jerr;
	if (qv__json_parse(data + at, len - at, 0, &j, &jerr) != QV_OK || !json_is_object(j)) {
		json_decref(j);
		return qv_fail(err, QV_EINVAL,
		               "corrupted serialized state: the state's JSON does not parse (%s)",
		               j ? "not an object" : jerr.text);
	}
	qv_spiel_state *s = qv__spiel_state_alloc(g);
	if (!s) {
		json_decref(j);
		return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	s->moves = (int)moves;
	rc = read_body(s, j, err);
	json_decref(j);
	if (rc != QV_OK) {
		qv_spiel_state_free(s);
		return rc;
	}
	*out = s;
	return QV_OK;
}
