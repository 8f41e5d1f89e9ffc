/*
 * tablespec.c - a table's match made from a client's request or from the store's row
 * (tablespec.h).
 */
#include <stdio.h>
#include <string.h>

#include "core/fields.h"
#include "games/json_util.h"
#include "server/base/token.h"
#include "server/table/seats.h"
#include "server/table/tablespec.h"

/* The fields a table request may have. */
static const char *const request_fields[] = {"game",    "params",    "seats", "private", "clock",
                                             "variant", "takebacks", "rated", NULL};

/* A rated table's other fields: a clock, and no takebacks. */
static qv_status check_rated(const qv__tablespec *r, qv_err *err)
{
	if (!r->req.rated)
		return QV_OK;
	if (!qv__clock_on(&r->clock))
		return qv_fail(err, QV_EINVAL, "rated: a rated table needs a clock (\"clock\")");
	if (!r->req.no_takebacks)
		return qv_fail(err, QV_EINVAL,
		               "rated: a rated table needs \"takebacks\": false (no takebacks)");
	return QV_OK;
}

qv_status qv__tablespec_read(const json_t *req, qv__tablespec *r, qv_err *err)
{
	*r = (qv__tablespec){0};
	qv_status rc = qv__request_read(req, request_fields, &r->req, err);
	if (!rc)
		rc = qv__clock_parse(&r->clock, json_object_get(req, "clock"), err);
	if (!rc)
		rc = check_rated(r, err);
	if (rc) {
		qv_variant_release(r->req.held);
		r->req.held = NULL;
	}
	return rc;
}

qv_status qv__tablespec_match(qv__tablespec *r, qv_match **out, int *nseats, qv_err *err)
{
	uint64_t seed;
	qv__seed_new(&seed);
	qv_match *m;
	int np;
	qv_status rc = qv__request_match(&r->req, seed, &m, &np, err);
	if (rc)
		return rc;
	unsigned people = qv__seat_kinds_people(r->req.kinds, np);
	if (r->req.rated && people != (1u << np) - 1) {
		qv_match_free(m);
		return qv_fail(err, QV_EINVAL,
		               "rated: a rated table has people's seats only (\"invite\" or "
		               "\"human\"), no AI seat");
	}
	*out = m;
	*nseats = np;
	return QV_OK;
}

/* A stored variant table's record gains its variant's document, registered again in the
 * registry's room for clients (it came from one), where loading the record finds it, and held
 * in *held until the match holds it. A table that is not over is restored when the server
 * starts, and was accepted before: it may take any room. */
static qv_status stored_variant(const qv__stored_table *saved, json_t **rec,
                                const qv_variant **held, qv_err *why)
{
	json_error_t jerr;
	json_t *doc;
	qv_status rc = qv__json_parse(saved->variant, strlen(saved->variant), 0, &doc, &jerr);
	if (rc == QV_ENOMEM)
		rc = qv_fail(why, rc, "out of memory");
	else if (rc || !json_is_object(doc))
		rc = qv_fail(why, QV_EIO, "its stored variant is not a JSON object");
	const qv_game *g = rc ? NULL : qv_game_find(saved->game, why);
	if (!rc && !g)
		rc = QV_EIO;
	if (!rc)
		rc = qv_variant_from_json_held(doc, g, "variant", QV_VARIANT_SHARED, held, why);
	if (rc == QV_ESTATE && strcmp(saved->status, "over") != 0)
		rc = qv_variant_from_json_held(doc, g, "variant", QV_VARIANT_RESERVED, held, why);
	if (!rc)
		*rec = qv__json_put(*rec, "variant", json_incref(doc));
	json_decref(doc);
	if (!rc && !*rec)
		rc = qv_fail(why, QV_ENOMEM, "out of memory");
	return rc;
}

/* The stored table's match: its record (game, params, seed, actions, variant) loaded. */
static qv_status stored_load(const qv__stored_table *saved, qv_match **m, qv_err *err)
{
	json_error_t jerr;
	json_t *params;
	if (qv__json_parse(saved->params, strlen(saved->params), 0, &params, &jerr) == QV_ENOMEM)
		return qv_fail(err, QV_ENOMEM, "out of memory restoring table %s", saved->id);
	if (!json_is_object(params)) {
		json_decref(params);
		return qv_fail(err, QV_EIO, "table %s: its stored parameters are not a JSON object",
		               saved->id);
	}
	json_t *actions = json_array();
	for (int i = 0; i < saved->nmoves; i++)
		actions = qv__json_push(actions, json_string(saved->moves[i]));
	json_t *rec = json_pack("{s:s, s:o, s:o, s:o}", "game", saved->game, "params", params,
	                        "seed", qv_seed_json(saved->seed), "actions", actions);
	qv_err why;
	qv_status rc = rec ? QV_OK : qv_fail(&why, QV_ENOMEM, "out of memory");
	const qv_variant *held = NULL;
	if (!rc && saved->variant)
		rc = stored_variant(saved, &rec, &held, &why);
	if (!rc)
		rc = qv_match_load_json(m, rec, &why);
	qv_variant_release(held); /* the match holds its own */
	json_decref(rec);
	if (rc)
		return qv_fail(err, rc, "table %s: %s", saved->id, why.msg);
	return QV_OK;
}

qv_status qv__tablespec_stored(const qv__stored_table *saved, qv_match **out, const char **kinds,
                               qv_err *err)
{
	qv_match *m = NULL;
	qv_status rc = stored_load(saved, &m, err);
	if (rc)
		return rc;
	if (saved->nseats != m->game->num_players(m->state)) {
		qv_match_free(m);
		return qv_fail(err, QV_EIO,
		               "table %s: the stored actions do not replay to the "
		               "stored game",
		               saved->id);
	}
	for (int i = 0; i < saved->nseats; i++) {
		if (!qv__seat_kind_valid(saved->seats[i].kind)) {
			qv_match_free(m);
			return qv_fail(err, QV_EIO, "table %s: unknown seat kind '%s'", saved->id,
			               saved->seats[i].kind);
		}
		kinds[i] = saved->seats[i].kind;
	}
	qv_err why;
	rc = qv__request_hold_people(m, qv__seat_kinds_people(kinds, saved->nseats), saved->moves,
	                             saved->nmoves, &why);
	if (rc == QV_ENOMEM) {
		qv_match_free(m);
		return qv_fail(err, rc, "table %s: %s", saved->id, why.msg);
	}
	if (rc || m->nhist != saved->nmoves) {
		qv_match_free(m);
		return qv_fail(err, QV_EIO,
		               "table %s: the stored actions do not replay to the "
		               "stored game",
		               saved->id);
	}
	*out = m;
	return QV_OK;
}
