/*
 * serial.c - a spiel state as bytes and back: four header lines (the format, the game, its
 * parameters, the move number) and the game's state JSON (state_json, which round-trips a
 * state exactly), read back through the game's checked loader, so that a corrupted text is
 * refused naming what is wrong and what deserializes is the state that was serialized, byte
 * for byte.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "engine/spiel/handles.h"
#include "games/json_util.h"

#define MAGIC "quiver-spiel 1"

char *qv_spiel_serialize(const qv_spiel_state *st, size_t *len)
{
	json_t *j = st->game->g->state_json(st->st);
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
		               "state JSON)",
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
	if (rc == QV_OK && strcmp(buf, MAGIC) != 0)
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
		               "corrupted serialized state: the state JSON does not parse (%s)",
		               j ? "not an object" : jerr.text);
	}
	qv_spiel_state *s = calloc(1, sizeof *s + g->g->state_size);
	if (!s) {
		json_decref(j);
		return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	s->game = g;
	s->moves = (int)moves;
	qv_err why = {{0}};
	rc = g->g->init(s->st, &g->params, 0, err);
	if (rc == QV_OK && (rc = g->g->load_json(s->st, j, &why)) != QV_OK)
		rc = qv_fail(err, rc, "corrupted serialized state: %s", why.msg);
	json_decref(j);
	if (rc != QV_OK) {
		free(s);
		return rc;
	}
	*out = s;
	return QV_OK;
}
