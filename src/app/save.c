/*
 * save.c - what the browser keeps of a local table, and the table made again from it
 * (table.h): the game's record (its seed, parameters, variant document, actions and who left),
 * the seats with their people's tokens and names, the version and the commitments made ahead
 * of a turn. The record replays through the engine's checked loader, so that what a page kept
 * and what it reads back are the same game or nothing.
 */
#include <string.h>

#include "app/table.h"
#include "core/fields.h"
#include "engine/feed/commitments.h"
#include "engine/feed/request.h"
#include "games/json_util.h"

json_t *qv__local_save(qv__local *t)
{
	json_t *seats = json_array();
	for (int p = 0; p < t->nseats; p++)
		seats = qv__json_push(seats,
		                      json_pack("{s:s, s:s, s:s}", "kind", t->seat[p].kind, "token",
		                                t->seat[p].token, "name", t->seat[p].name));
	return json_pack("{s:s, s:o, s:I, s:b, s:o, s:o, s:s, s:b}", "id", t->id, "seats", seats,
	                 "v", (json_int_t)t->v, "takebacks", !t->no_takebacks, "record",
	                 qv_match_record_json(t->m), "committed",
	                 qv__commitments_json(t->m, t->nseats), "stopped", t->stopped, "board",
	                 t->board);
}

/* The kept seats' kinds into kinds (pointing into seats), checked as a request's. */
static qv_status read_kinds(const json_t *seats, const char **kinds, int *n, qv_err *err)
{
	*n = 0;
	if (!json_is_array(seats) || json_array_size(seats) == 0 ||
	    json_array_size(seats) > QV_MAX_PLAYERS)
		return qv_fail(err, QV_EINVAL, "seats: expected 1 to %d seats", QV_MAX_PLAYERS);
	for (size_t i = 0; i < json_array_size(seats); i++) {
		const char *k =
		    json_string_value(json_object_get(json_array_get(seats, i), "kind"));
		if (!k || !qv__seat_kind_valid(k))
			return qv_fail(err, QV_EINVAL, "seats[%zu].kind: not a seat kind", i);
		kinds[(*n)++] = k;
	}
	return QV_OK;
}

/* The kept seats' people: tokens and names, each checked. */
static qv_status read_people(qv__local *t, const json_t *seats, qv_err *err)
{
	for (int p = 0; p < t->nseats; p++) {
		const json_t *s = json_array_get(seats, (size_t)p);
		const char *token = json_string_value(json_object_get(s, "token"));
		const char *name = json_string_value(json_object_get(s, "name"));
		if (!token || !name || (*token && !qv__local_word(token)) ||
		    strlen(name) >= sizeof t->seat[p].name)
			return qv_fail(err, QV_EINVAL, "seats[%d]: a bad token or name", p);
		qv_copy(t->seat[p].token, sizeof t->seat[p].token, token);
		qv_copy(t->seat[p].name, sizeof t->seat[p].name, name);
	}
	return QV_OK;
}

/* The record's actions as notation, for holding the people's forced decisions again. */
static qv_status record_moves(const json_t *record, const char **moves, int max, int *n,
                              qv_err *err)
{
	const json_t *actions = json_object_get(record, "actions");
	*n = 0;
	for (size_t i = 0; i < json_array_size(actions); i++) {
		const char *a = json_string_value(json_array_get(actions, i));
		if (!a || *n >= max)
			return qv_fail(err, QV_EINVAL, "record.actions[%zu]: not kept as notation",
			               i);
		moves[(*n)++] = a;
	}
	return QV_OK;
}

/* The match again from the record, its people's forced decisions held as when it was played. */
static qv_status load_match(const json_t *saved, const char *const *kinds, int nkinds, qv_match **m,
                            qv_err *err)
{
	const json_t *record = json_object_get(saved, "record");
	qv_err why;
	if (qv_match_load_json(m, record, &why))
		return qv_fail(err, QV_EINVAL, "record: %s", why.msg);
	int nmoves = (int)json_array_size(json_object_get(record, "actions"));
	const char **moves = nmoves ? malloc((size_t)nmoves * sizeof *moves) : NULL;
	qv_status rc = nmoves && !moves ? qv_fail(err, QV_ENOMEM, "out of memory")
	                                : record_moves(record, moves, nmoves, &nmoves, err);
	if (!rc && nkinds != (*m)->game->num_players((*m)->state))
		rc = qv_fail(err, QV_EINVAL, "seats: %d kept for a game of %d", nkinds,
		             (*m)->game->num_players((*m)->state));
	if (!rc)
		rc = qv__request_hold_people(*m, qv__seat_kinds_people(kinds, nkinds), moves,
		                             nmoves, err);
	free(moves);
	if (rc) {
		qv_match_free(*m);
		*m = NULL;
	}
	return rc;
}

qv_status qv__local_load(qv__local **out, const json_t *saved, qv_err *err)
{
	static const char *const fields[] = {"id",        "seats",   "v",     "takebacks", "record",
	                                     "committed", "stopped", "board", NULL};
	*out = NULL;
	const char *kinds[QV_MAX_PLAYERS];
	int nkinds;
	const char *id = json_string_value(json_object_get(saved, "id"));
	qv_status rc = qv__json_check_keys(saved, "a kept table", fields, err);
	if (!rc && !qv__local_word(id))
		rc = qv_fail(err, QV_EINVAL, "id: expected 1 to %d letters, digits, - or _",
		             QV__LOCAL_ID_MAX);
	if (!rc)
		rc = read_kinds(json_object_get(saved, "seats"), kinds, &nkinds, err);
	qv_match *m = NULL;
	if (!rc)
		rc = load_match(saved, kinds, nkinds, &m, err);
	if (!rc)
		rc = qv__local_make(out, id, m, kinds, err);
	qv__local *t = *out;
	if (!rc)
		rc = read_people(t, json_object_get(saved, "seats"), err);
	if (!rc)
		rc = qv__commitments_load(t->m, t->nseats, json_object_get(saved, "committed"),
		                          "committed", err);
	if (!rc) {
		t->v = json_integer_value(json_object_get(saved, "v"));
		t->no_takebacks = json_is_false(json_object_get(saved, "takebacks"));
		t->board = json_is_true(json_object_get(saved, "board"));
		const char *stopped = json_string_value(json_object_get(saved, "stopped"));
		qv_copy(t->stopped, sizeof t->stopped, stopped ? stopped : "");
	}
	if (rc) {
		qv__local_free(*out);
		*out = NULL;
	}
	return rc;
}
