/*
 * request.c - a table's match made from a client's table request (request.h).
 */
#include <stdio.h>
#include <string.h>

#include "core/fields.h"
#include "engine/feed/request.h"
#include "quiver/agent.h"

/* ---- seats ---------------------------------------------------------------------------------- */

/* The seat kinds as one line for messages: human, invite, then the computer's levels. */
static void kinds_list(char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "human, invite");
	for (int i = 0; qv_agent_levels[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, ", %s", qv_agent_levels[i]);
}

bool qv__seat_kind_valid(const char *text)
{
	if (strcmp(text, "human") == 0)
		return true;
	for (int i = 0; qv_agent_levels[i]; i++)
		if (strcmp(text, qv_agent_levels[i]) == 0)
			return true;
	return false;
}

qv_status qv__seats_read(const json_t *j, const char **kinds, int *n, unsigned *invites,
                         qv_err *err)
{
	*invites = 0;
	char list[128];
	kinds_list(list, sizeof list);
	*n = 0;
	if (!j)
		return QV_OK;
	if (!json_is_array(j) || json_array_size(j) == 0 || json_array_size(j) > QV_MAX_PLAYERS)
		return qv_fail(err, QV_EINVAL,
		               "seats: expected an array of 1 to %d seat kinds (%s)",
		               QV_MAX_PLAYERS, list);
	for (size_t i = 0; i < json_array_size(j); i++) {
		const char *k = json_string_value(json_array_get(j, i));
		if (!k)
			return qv_fail(err, QV_EINVAL, "seats[%zu]: expected a string, one of %s",
			               i, list);
		char quoted[QV_QUOTE_MAX * 4 + 4];
		if (strcmp(k, "invite") == 0) {
			*invites |= 1u << i;
			k = "human";
		}
		if (!qv__seat_kind_valid(k))
			return qv_fail(err, QV_EINVAL,
			               "seats[%zu]: '%s' is not a seat kind; expected one of %s", i,
			               qv_shorten(k, QV_QUOTE_MAX, quoted, sizeof quoted), list);
		kinds[(*n)++] = k;
	}
	return QV_OK;
}

unsigned qv__seat_kinds_people(const char *const *kinds, int n)
{
	unsigned mask = 0;
	for (int i = 0; i < n; i++)
		mask |= strcmp(kinds[i], "human") == 0 ? 1u << i : 0u;
	return mask;
}

/* ---- the request ---------------------------------------------------------------------------- */

qv_status qv__request_hold_people(qv_match *m, unsigned humans, const char *const *moves,
                                  int nmoves, qv_err *err)
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
 * variant loaded here. A document is checked by the engine (qv_variant_from_json: every problem
 * named by its JSON path under "variant") and registered in the registry's room for clients,
 * held in *held until the table's match holds it (the caller releases it, the variant leaving
 * the registry when no table plays it); QV_ESTATE when that room is full. */
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

/* A boolean field of the request, false when absent; QV_EINVAL with `expected` when not one. */
static qv_status read_flag(const json_t *req, const char *key, const char *expected, bool *out,
                           qv_err *err)
{
	const json_t *j = json_object_get(req, key);
	if (j && !json_is_boolean(j))
		return qv_fail(err, QV_EINVAL, "%s: expected %s", key, expected);
	*out = json_is_true(j);
	return QV_OK;
}

/* The request's game and its flags, the first fields read. */
static qv_status read_game(const json_t *req, const char *const *fields, qv__request *r,
                           qv_err *err)
{
	if (!json_is_object(req))
		return qv_fail(err, QV_EINVAL,
		               "expected a JSON object {\"game\", \"params\", "
		               "\"seats\", \"private\"}");
	qv_status rc = qv__json_check_keys(req, "a table request", fields, err);
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
	rc = read_flag(req, "private", "true or false", &r->private_, err);
	if (!json_object_get(req, "private"))
		r->private_ = true; /* private unless asked otherwise */
	bool takebacks = false;
	if (!rc)
		rc = read_flag(req, "takebacks",
		               "true (a player may ask to take a move back; the default) or false "
		               "(no takebacks at this table)",
		               &takebacks, err);
	r->no_takebacks = json_object_get(req, "takebacks") && !takebacks;
	if (!rc)
		rc = read_flag(req, "rated",
		               "true (the game changes its players' ratings) or false (the "
		               "default)",
		               &r->rated, err);
	return rc;
}

qv_status qv__request_read(const json_t *req, const char *const *fields, qv__request *r,
                           qv_err *err)
{
	*r = (qv__request){0};
	qv_status rc = read_game(req, fields, r, err);
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

qv_status qv__request_match(qv__request *r, uint64_t seed, qv_match **out, int *nseats, qv_err *err)
{
	const qv_game *g = r->game;
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
	rc = qv__request_hold_people(m, qv__seat_kinds_people(r->kinds, np), NULL, 0, err);
	if (rc) {
		qv_match_free(m);
		return rc;
	}
	*out = m;
	*nseats = np;
	return QV_OK;
}
