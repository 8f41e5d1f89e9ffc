/*
 * serial.c - a spiel state as bytes and back: four header lines (the format, the game, its
 * parameters, the move number) and a JSON object of what the state is made from (handles.h):
 * the seat a resampled world was drawn for ("known", -1 for none) with its lines from before
 * the world ("prior", null for none), the ids of its own actions in them ("prior_ids", null
 * for none: the lines name them in the game's notation, the tensor's rows by id) and the
 * decisions made before it ("decisions"), the state
 * its history starts from ("base": the game's state JSON, state_json, which round-trips a
 * state exactly; for a state that is no world, the initial state), the history since
 * ("history": the API's ids) and, with chance=sampled, the generator ("rng"). Read back through
 * the game's checked loader and a replay of the history in which every id is checked, so
 * that a corrupted text is refused naming what is wrong and what deserializes is the state
 * that was serialized, byte for byte, its information states worked out as the history
 * replays. Formats 3 (API version 3, without prior_ids) and 4 (API version 4, whose Arrow
 * Party slots lay in another order) are read for a state that is no world (a world's lines
 * name slots); the formats of API versions 1 and 2 are refused, saying so.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "engine/spiel/handles.h"
#include "games/json_util.h"

#define MAGIC "quiver-spiel 5"

/* The ids of the own actions among the first `prior_rows` rows of seat a (a world's seat's
 * rows from before the world), as a JSON array; NULL when memory ran out. */
static json_t *prior_ids(const qv__seat *a, size_t prior_rows)
{
	long total = (long)(a->rows.total / sizeof(qv__row));
	qv__row *rows = malloc(sizeof *rows * (size_t)(total ? total : 1));
	json_t *ids = rows ? json_array() : NULL;
	if (ids) {
		qv__seat_rows(a, rows, (int)total);
		/* the last first: the prior rows are the last prior_rows of the array */
		for (long i = total - 1; i >= total - (long)prior_rows && ids; i--)
			if (rows[i].f[QV__ROW_OWN] == 1 &&
			    json_array_append_new(
			        ids, json_integer((json_int_t)rows[i].f[QV__ROW_KINDS])) != 0) {
				json_decref(ids);
				ids = NULL;
			}
	}
	free(rows);
	return ids;
}

/* The JSON object of st after the header (NULL when memory ran out). */
static json_t *body(const qv_spiel_state *st)
{
	json_t *j = json_object(), *hist = json_array();
	json_t *base = st->game->g->state_json(QV__BASE(st));
	bool ok = j && hist && base;
	for (int i = 0; ok && i < st->nhist; i++)
		ok = json_array_append_new(hist, json_integer(st->hist[i])) == 0;
	json_t *prior = json_null(), *ids = json_null();
	if (ok && st->known >= 0) {
		char *text = qv__lines_text(&st->seat[st->known].log);
		if (text) {
			text[st->prior] = '\0';
			prior = json_string(text);
		}
		free(text);
		ids = prior_ids(&st->seat[st->known], st->prior_rows);
		ok = prior != NULL && !json_is_null(prior) && ids != NULL;
	}
	ok = ok && json_object_set_new(j, "known", json_integer(st->known)) == 0;
	ok = ok && json_object_set_new(j, "prior", prior) == 0;
	ok = ok && json_object_set_new(j, "prior_ids", ids) == 0;
	ok = ok && json_object_set_new(j, "decisions", json_integer(st->base_decisions)) == 0;
	ok = ok && json_object_set(j, "base", base) == 0;
	ok = ok && json_object_set(j, "history", hist) == 0;
	if (ok && st->game->sampled)
		ok = json_object_set_new(j, "rng", qv__json_rng(&st->rng)) == 0;
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
	if (st->known >= 0 && !st->track)
		return NULL; /* a world always keeps its seats' lines */
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

/* The world's seats of a resampled state read back: `known`'s from its prior lines and the
 * ids of its actions in them, the others' from the world on. */
static qv_status world(qv_spiel_state *s, const char *prior, const json_t *jids, qv_err *err)
{
	size_t n = strlen(prior), nids = json_array_size(jids);
	if (n && prior[n - 1] != '\n')
		return BAD("%s", "prior is lines that each end with a newline");
	if (!json_is_array(jids) || nids > n)
		return BAD("%s", "prior_ids is the ids of the seat's own actions in prior");
	int32_t *ids = malloc(sizeof *ids * (nids ? nids : 1));
	if (!ids)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	for (size_t i = 0; i < nids; i++) {
		json_t *v = json_array_get(jids, i);
		json_int_t id = json_integer_value(v);
		if (!json_is_integer(v) || id < 0 || id >= s->game->ids.size) {
			free(ids);
			return BAD("prior_ids entry %zu is not an action id", i);
		}
		ids[i] = (int32_t)id;
	}
	s->track = QV__KEEP_ALL; /* a world cannot replay what came before it */
	qv_status rc = QV_OK;
	for (int p = 0; p < s->game->nplayers && rc == QV_OK; p++) {
		qv__seat *a = &s->seat[p];
		rc = p == s->known ? qv__seat_from_text(a, prior, ids, (int)nids, err)
		                   : qv__seat_start_world(s, p, s->known);
		if (rc == QV_ENOMEM)
			rc = qv_fail(err, rc, "out of memory");
		if (rc == QV_OK && p == s->known && qv__seat_observe(s, p, &a->obs) != QV_OK)
			rc = qv_fail(err, QV_ENOMEM, "out of memory");
		a->indexed = false;
	}
	free(ids);
	s->prior = n;
	s->prior_rows = s->seat[s->known].rows.total / sizeof(qv__row);
	return rc;
}

/* The base and what goes with it (s->moves set from the header). */
static qv_status read_base(qv_spiel_state *s, json_t *j, size_t nhist, qv_err *err)
{
	const qv_spiel_game *sg = s->game;
	const qv_game *g = sg->g;
	json_t *known = json_object_get(j, "known"), *prior = json_object_get(j, "prior");
	json_t *ids = json_object_get(j, "prior_ids");
	json_t *base = json_object_get(j, "base"), *dec = json_object_get(j, "decisions");
	json_int_t k = json_integer_value(known);
	if (!json_is_integer(known) || k < -1 || k >= sg->nplayers)
		return BAD("known is -1 or a seat (0 to %d)", sg->nplayers - 1);
	s->known = (int)k;
	if (k >= 0 ? !json_is_string(prior) : !json_is_null(prior))
		return BAD("%s", "prior is text (with a seat `known`) or null (with known -1)");
	if (k >= 0 ? !json_is_array(ids) : ids && !json_is_null(ids))
		return BAD("%s", "prior_ids is ids (with a seat `known`) or null (with known -1)");
	if (!json_is_integer(dec) || json_integer_value(dec) < 0 ||
	    json_integer_value(dec) > s->moves - (long long)nhist ||
	    (k < 0 && json_integer_value(dec)))
		return BAD("%s", "decisions is the decisions made before the history (0 unless "
		                 "the state is a resampled world)");
	s->base_moves = s->moves - (int)nhist;
	s->moves = s->base_moves;
	s->base_decisions = s->decisions = (int)json_integer_value(dec);
	if (k < 0 && s->base_moves != 0)
		return BAD("a history of %zu actions is not moves %d: a state that is no resampled "
		           "world has its history from the initial state",
		           nhist, s->moves);
	qv_err why = {{0}};
	qv_status rc = g->init(QV__CUR(s), &sg->params, 0, err);
	if (rc == QV_OK && (rc = g->load_json(QV__CUR(s), base, &why)) != QV_OK)
		rc = qv_fail(err, rc, "corrupted serialized state: %s", why.msg);
	if (rc != QV_OK)
		return rc;
	if (k < 0 && memcmp(QV__CUR(s), sg->initial, g->state_size) != 0)
		return BAD("%s", "the base is not the game's initial state");
	memcpy(QV__BASE(s), QV__CUR(s), g->state_size);
	json_t *rng = json_object_get(j, "rng");
	if (sg->sampled ? qv__json_get_rng(rng, "rng", &s->rng, err) != QV_OK : rng != NULL)
		return BAD("%s", sg->sampled
		                     ? "rng is the generator of sampled chance (64 hex digits)"
		                     : "rng is only for chance=sampled");
	if (k >= 0)
		return world(s, json_string_value(prior), ids, err);
	if (sg->root_deal) {
		memcpy(QV__PEND(s), QV__CUR(s), g->state_size);
		if (!(s->deal = malloc(sizeof *s->deal)))
			return qv_fail(err, QV_ENOMEM, "out of memory");
		memcpy(s->deal, sg->root_deal, sizeof *s->deal);
	}
	return qv__recall_start(s, QV__KEEP_ALL, err);
}

/* The body's fields into s (s->moves set from the header), the history replayed. */
static qv_status read_body(qv_spiel_state *s, json_t *j, int format, qv_err *err)
{
	json_t *hist = json_object_get(j, "history");
	size_t fields = (format == 3 ? 5 : 6) + (s->game->sampled ? 1 : 0);
	if (json_object_size(j) != fields || !json_is_array(hist) ||
	    !json_is_object(json_object_get(j, "base")))
		return BAD("%s", "expected the object {\"known\":SEAT or -1,\"prior\":TEXT or "
		                 "null,\"prior_ids\":[ID,...] or null,\"decisions\":N,"
		                 "\"base\":STATE,\"history\":[ID,...]} (and \"rng\" with "
		                 "chance=sampled)");
	if (format == 3 && json_integer_value(json_object_get(j, "known")) >= 0)
		return qv_fail(err, QV_EINVAL,
		               "a resampled world of format 3 (quiver-spiel 3): since format 4 "
		               "(quiver-spiel 4) a world keeps the ids of its seat's actions; "
		               "resample again with this version");
	if (format == 4 && json_integer_value(json_object_get(j, "known")) >= 0)
		return qv_fail(err, QV_EINVAL,
		               "a resampled world of format 4 (quiver-spiel 4): its lines name the "
		               "tensor's slots, and since format 5 (" MAGIC
		               ") Arrow Party's lie in "
		               "another order; resample again with this version");
	size_t n = json_array_size(hist);
	if (n > (size_t)s->moves)
		return BAD("a history of %zu actions is longer than moves %d", n, s->moves);
	const qv_spiel_game *sg = s->game;
	for (int i = 0; i < sg->nstart && json_integer_value(json_object_get(j, "known")) < 0; i++)
		if ((size_t)i >= n ||
		    json_integer_value(json_array_get(hist, (size_t)i)) != sg->start[i])
			return BAD(
			    "the history does not begin with the game's start (id %d at entry %d)",
			    (int)sg->start[i], i);
	qv_status rc = read_base(s, j, n, err);
	for (size_t i = 0; i < n && rc == QV_OK; i++) {
		json_t *v = json_array_get(hist, i);
		if (!json_is_integer(v) || json_integer_value(v) < INT32_MIN ||
		    json_integer_value(v) > INT32_MAX)
			return BAD("history entry %zu is not an id", i);
		qv_err why = {{0}};
		s->asked = 1; /* the seats are kept step by step as the history replays */
		if ((rc = qv__spiel_step(s, (int32_t)json_integer_value(v), &why)) != QV_OK)
			rc = qv_fail(err, rc,
			             "corrupted serialized state: history entry %zu (id %lld): %s",
			             i, (long long)json_integer_value(v), why.msg);
	}
	return rc;
}

/* Reads the header of a serialized state from data at *at (moved past it): the format's first
 * line (*format: 3 or 4, read as read_body says, else 5, the current one), the game and its
 * parameters, which must be g's, and the moves (*moves). */
static qv_status read_header(const qv_spiel_game *g, const char *data, size_t len, size_t *at,
                             int *format, long *moves, qv_err *err)
{
	char buf[QV_PARAMS_TEXT + 16];
	qv_status rc = line(data, len, at, NULL, buf, sizeof buf, err);
	*format = rc != QV_OK                          ? 5
	          : strcmp(buf, "quiver-spiel 3") == 0 ? 3
	          : strcmp(buf, "quiver-spiel 4") == 0 ? 4
	                                               : 5;
	if (rc == QV_OK &&
	    (strcmp(buf, "quiver-spiel 1") == 0 || strcmp(buf, "quiver-spiel 2") == 0))
		rc = qv_fail(
		    err, QV_EINVAL,
		    "a serialized state of format %c (%s): since format 3 (quiver-spiel 3) the "
		    "deal is chance and the history holds the API's ids; serialize the "
		    "state again with this version",
		    buf[13], buf);
	else if (rc == QV_OK && *format == 5 && strcmp(buf, MAGIC) != 0)
		rc = qv_fail(err, QV_EINVAL,
		             "not a serialized quiver state: it starts with '%.40s', "
		             "expected '" MAGIC "'",
		             buf);
	if (rc == QV_OK && (rc = line(data, len, at, "game", buf, sizeof buf, err)) == QV_OK &&
	    strcmp(buf, g->g->name) != 0)
		rc = qv_fail(err, QV_EINVAL, "the serialized state is of the game '%.40s', not %s",
		             buf, g->g->name);
	if (rc == QV_OK && (rc = line(data, len, at, "params", buf, sizeof buf, err)) == QV_OK &&
	    strcmp(buf, g->params_text) != 0)
		rc = qv_fail(err, QV_EINVAL,
		             "the serialized state has the parameters '%.200s', the game '%.200s'",
		             buf, g->params_text);
	*moves = 0;
	if (rc == QV_OK && (rc = line(data, len, at, "moves", buf, sizeof buf, err)) == QV_OK) {
		char *end;
		errno = 0;
		*moves = strtol(buf, &end, 10);
		if (errno || end == buf || *end || *moves < 0 || *moves > 1000000000)
			rc = qv_fail(
			    err, QV_EINVAL,
			    "corrupted serialized state: moves '%.40s' is not a whole number "
			    "0-1000000000",
			    buf);
	}
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
	size_t at = 0;
	int format;
	long moves;
	qv_status rc = read_header(g, data, len, &at, &format, &moves, err);
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
	int moves_given = (int)moves;
	s->moves = moves_given;
	rc = read_body(s, j, format, err);
	json_decref(j);
	if (rc == QV_OK && s->moves != moves_given)
		rc = BAD("moves %d is not the history's end (%d)", moves_given, s->moves);
	if (rc != QV_OK) {
		qv_spiel_state_free(s);
		return rc;
	}
	*out = s;
	return QV_OK;
}
