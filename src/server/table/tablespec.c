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

/* Makes m hold the forced decisions of the seats people play, as `quiver play` does: such a
 * decision waits for its person ("Your only move: ... [Play]") instead of being applied by the
 * match, while AI seats' forced decisions and chance events with one outcome stay automatic.
 * m was made (qv_match_new) or loaded from the first nmoves stored moves before it held
 * anything, so a forced decision of a person may have been applied at the end: then the game
 * is started again holding them and the stored moves are played again, each forced move that
 * follows them applied by the match as before. */
static qv_status hold_people(qv_match *m, unsigned humans, const char *const *moves, int nmoves,
                             qv_err *err)
{
	qv_match_hold_forced(m, humans);
	if (m->nhist <= nmoves)
		return QV_OK;
	qv_status rc = qv_match_restart(m, m->seed, err);
	while (!rc && m->nhist < nmoves)
		rc = qv_match_play_text(m, moves[m->nhist], err);
	return rc;
}

/* Reads a request's "variant" (a variant document, absent for the parameter's own value) into
 * params' `variant`, and checks a `variant` the request's params give directly: "base" or a
 * variant this process has loaded. A document is checked by the engine (qv_variant_from_json:
 * every problem named by its JSON path under "variant") and registered in the registry's room
 * for clients, held in *held until the table's match holds it (the caller releases it, the
 * variant leaving the registry when no table plays it); QV_ESTATE when that room is full
 * (HTTP 503). */
static qv_status read_variant(const qv_game *g, const json_t *doc, qv_params *params,
                              const qv_variant **held, qv_err *err)
{
	const char *given = qv_params_get(params, "variant");
	char quoted[QV_QUOTE_MAX * 4 + 4];
	*held = NULL;
	if (!doc) {
		if (!given || strcmp(given, "base") == 0 || qv_variant_find(g, given, NULL))
			return QV_OK;
		return qv_fail(err, QV_EINVAL,
		               "params.variant: '%s' is not a variant this server has loaded; "
		               "expected \"base\" (the built-in set), or send the variant's "
		               "document as \"variant\" instead",
		               qv_shorten(given, QV_QUOTE_MAX, quoted, sizeof quoted));
	}
	const qv_variant *v;
	qv_status rc = qv_variant_from_json_held(doc, g, "variant", QV_VARIANT_SHARED, &v, err);
	if (rc)
		return rc;
	*held = v;
	const char *key = v->builtin ? "base" : v->sha256;
	if (given && strcmp(given, key) != 0)
		return qv_fail(err, QV_EINVAL,
		               "params.variant: '%s' is not the variant sent as \"variant\" "
		               "(%s, sha256 %.12s...); give only one of them",
		               qv_shorten(given, QV_QUOTE_MAX, quoted, sizeof quoted), v->name,
		               v->sha256);
	return qv_params_set(params, "variant", key, err);
}

/* The request's game and whether it is private, the first fields read. */
static qv_status read_game(const json_t *req, qv__tablespec *r, qv_err *err)
{
	if (!json_is_object(req))
		return qv_fail(err, QV_EINVAL,
		               "expected a JSON object {\"game\", \"params\", "
		               "\"seats\", \"private\"}");
	qv_status rc = qv__json_check_keys(req, "a table request", request_fields, err);
	if (rc)
		return rc;
	const json_t *jgame = json_object_get(req, "game");
	if (!json_is_string(jgame))
		return qv_fail(err, QV_EINVAL,
		               "game: expected the name of a game (GET /api/games "
		               "lists them)");
	qv_err why;
	r->game = qv_game_find(json_string_value(jgame), &why);
	if (!r->game)
		return qv_fail(err, QV_EINVAL, "game: %s", why.msg);
	const json_t *jpriv = json_object_get(req, "private");
	if (jpriv && !json_is_boolean(jpriv))
		return qv_fail(err, QV_EINVAL, "private: expected true or false");
	r->private_ = !jpriv || json_is_true(jpriv); /* private unless asked otherwise */
	const json_t *jtake = json_object_get(req, "takebacks");
	if (jtake && !json_is_boolean(jtake))
		return qv_fail(
		    err, QV_EINVAL,
		    "takebacks: expected true (a player may ask to take a move back; the "
		    "default) or false (no takebacks at this table)");
	r->no_takebacks = json_is_false(jtake);
	const json_t *jrated = json_object_get(req, "rated");
	if (jrated && !json_is_boolean(jrated))
		return qv_fail(err, QV_EINVAL,
		               "rated: expected true (the game changes its players' ratings) or "
		               "false (the default)");
	r->rated = json_is_true(jrated);
	return QV_OK;
}

/* A rated table's other fields: a clock, and no takebacks. */
static qv_status check_rated(const qv__tablespec *r, qv_err *err)
{
	if (!r->rated)
		return QV_OK;
	if (!qv__clock_on(&r->clock))
		return qv_fail(err, QV_EINVAL, "rated: a rated table needs a clock (\"clock\")");
	if (!r->no_takebacks)
		return qv_fail(err, QV_EINVAL,
		               "rated: a rated table needs \"takebacks\": false (no takebacks)");
	return QV_OK;
}

qv_status qv__tablespec_read(const json_t *req, qv__tablespec *r, qv_err *err)
{
	*r = (qv__tablespec){0};
	qv_status rc = read_game(req, r, err);
	if (!rc)
		rc = qv__clock_parse(&r->clock, json_object_get(req, "clock"), err);
	if (!rc)
		rc = check_rated(r, err);
	const qv_game *g = r->game;
	if (!rc)
		rc = qv_params_from_json(json_object_get(req, "params"), g->params, g->nparams,
		                         g->name, &r->params, err);
	if (!rc)
		rc = qv__seats_read(json_object_get(req, "seats"), r->kinds, &r->nkinds,
		                    &r->invited, err);
	/* Last of the checks, so that a request refused for another field loads no variant. */
	if (!rc)
		rc = read_variant(g, json_object_get(req, "variant"), &r->params, &r->held, err);
	if (rc) {
		qv_variant_release(r->held);
		r->held = NULL;
		return rc;
	}
	/* The number of seats gives the number of players unless the request sets it. */
	if (r->nkinds > 0 && qv_param_find(g->params, g->nparams, "players") &&
	    !qv_params_get(&r->params, "players")) {
		char n[16];
		snprintf(n, sizeof n, "%d", r->nkinds);
		qv_params_set(&r->params, "players", n, NULL);
	}
	return QV_OK;
}

qv_status qv__tablespec_match(qv__tablespec *r, qv_match **out, int *nseats, qv_err *err)
{
	const qv_game *g = r->game;
	uint64_t seed;
	qv__seed_new(&seed);
	qv_match *m;
	qv_err why;
	qv_status rc = qv_match_new(&m, g, &r->params, seed, &why);
	qv_variant_release(r->held); /* the match holds its own */
	r->held = NULL;
	if (rc)
		return qv_fail(err, rc, "params: %s", why.msg);
	int np = g->num_players(m->state), nkinds = r->nkinds;
	if (nkinds > 0 && nkinds != np) {
		qv_match_free(m);
		if (nkinds < g->min_players || nkinds > g->max_players)
			return qv_fail(err, QV_EINVAL,
			               "seats: %d given; %s is for %d to %d players", nkinds,
			               g->title, g->min_players, g->max_players);
		return qv_fail(err, QV_EINVAL,
		               "seats: %d given for a %d-player game (params.players "
		               "says %d)",
		               nkinds, np, np);
	}
	for (int i = nkinds; i < np; i++)
		r->kinds[i] = "human";
	unsigned people = qv__seat_kinds_people(r->kinds, np);
	if (r->rated && people != (1u << np) - 1) {
		qv_match_free(m);
		return qv_fail(err, QV_EINVAL,
		               "rated: a rated table has people's seats only (\"invite\" or "
		               "\"human\"), no AI seat");
	}
	rc = hold_people(m, people, NULL, 0, err);
	if (rc) {
		qv_match_free(m);
		return rc;
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
	rc = hold_people(m, qv__seat_kinds_people(kinds, saved->nseats), saved->moves,
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
