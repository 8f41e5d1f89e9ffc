/*
 * load.c - a match read back from JSON: a full state (the game's object loaded as the start of
 * an empty history) or a record (replayed action by action from init or from its "start",
 * with the players who left at their places and the result checked against the replay's), and
 * the seed in either form. Writing them is json.c's; reading them from a file is file.c's.
 *
 * Everything read here comes from outside: every field is checked, and a failure names the
 * field and the form expected (an action by its index and text). A match is handed out only
 * when all of it loaded, so a failure leaves nothing half-made; a variant's document named by
 * the JSON is held until the new match holds it.
 */
#include <stdint.h>
#include <string.h>

#include <jansson.h>

#include "engine/match/history.h"
#include "engine/match/life.h"
#include "engine/match/play.h"
#include "engine/match/position.h"
#include "games/json_util.h"
#include "quiver/variant.h"

qv_status qv_seed_from_json(const json_t *j, const char *field, uint64_t *out, qv_err *err)
{
	if (json_is_integer(j)) { /* the older form: the int64 bits of the seed */
		*out = (uint64_t)(int64_t)json_integer_value(j);
		return QV_OK;
	}
	const char *text = json_string_value(j);
	size_t n = text ? strlen(text) : 0;
	bool digits = n >= 1 && n <= 20;
	for (size_t i = 0; digits && i < n; i++)
		digits = text[i] >= '0' && text[i] <= '9';
	uint64_t x = 0;
	for (size_t i = 0; digits && i < n; i++) {
		unsigned d = (unsigned)(text[i] - '0');
		digits = x <= (UINT64_MAX - d) / 10;
		x = x * 10 + d;
	}
	if (!digits)
		return qv_fail(err, QV_EINVAL,
		               "%s: expected a string of decimal digits from \"0\" to "
		               "\"18446744073709551615\" (or a whole number)",
		               field);
	*out = x;
	return QV_OK;
}

/* Reads a record's or full state's "variant" (absent: the built-in set): loads a variant's
 * document and names it in params, or checks that a built-in set's hash is this quiver's. A
 * variant's document is held in *held (reserved room: a server registers a client's document
 * in the shared room before it loads a record, and this finds it there) until the match that
 * plays it holds it; the caller releases *held either way. */
static qv_status load_variant(const qv_game *g, const json_t *v, qv_params *params,
                              const qv_variant **held, qv_err *err)
{
	*held = NULL;
	if (!v || !g->components)
		return v ? qv_fail(err, QV_EINVAL, "variant: %s has no components to vary", g->name)
		         : QV_OK;
	const qv_variant *var;
	qv_err why;
	if (json_is_object(v) && !json_object_get(v, "quiver_variant")) {
		const char *name = json_string_value(json_object_get(v, "name"));
		const char *sha = json_string_value(json_object_get(v, "sha256"));
		if (!name || strcmp(name, "base") != 0 || !sha || json_object_size(v) != 2)
			return qv_fail(
			    err, QV_EINVAL,
			    "variant: expected {\"name\": \"base\", \"sha256\": \"...\"} "
			    "(the built-in set) or a variant's resolved document");
		var = qv_variant_base(g, &why);
		if (!var)
			return qv_fail(err, QV_ENOMEM, "variant: %s", why.msg);
		if (strcmp(var->sha256, sha) != 0)
			return qv_fail(
			    err, QV_EINVAL,
			    "variant: this was played with another built-in set of %s "
			    "(sha256 %.12s..., this quiver's is %.12s...): it may not replay "
			    "here",
			    g->name, sha, var->sha256);
	} else {
		qv_status rc =
		    qv_variant_from_json_held(v, g, "variant", QV_VARIANT_RESERVED, &var, err);
		if (rc)
			return rc;
		*held = var;
	}
	const char *given = qv_params_get(params, "variant");
	if (given && strcmp(given, var->builtin ? "base" : var->sha256) != 0 &&
	    !(var->builtin && strcmp(given, var->sha256) == 0))
		return qv_fail(
		    err, QV_EINVAL,
		    "params: variant is '%.70s' but the document \"variant\" is %s (%.12s...)",
		    given, var->name, var->sha256);
	return qv_params_set(params, "variant", var->builtin ? "base" : var->sha256, err);
}

/* Sets the player names from "players" (an array of strings, at most one per seat). */
static qv_status load_names(qv_match *m, const json_t *j, qv_err *err)
{
	if (!j)
		return QV_OK;
	int np = m->game->num_players(m->state);
	if (!json_is_array(j))
		return qv_fail(err, QV_EINVAL, "players: expected an array of names");
	if (json_array_size(j) > (size_t)np)
		return qv_fail(err, QV_EINVAL, "players: %zu names for a %d-player game",
		               json_array_size(j), np);
	for (size_t i = 0; i < json_array_size(j); i++) {
		const char *name = json_string_value(json_array_get(j, i));
		if (!name || !*name || strlen(name) >= sizeof m->names[0])
			return qv_fail(err, QV_EINVAL,
			               "players[%zu]: expected a name of 1 to %zu "
			               "characters",
			               i, sizeof m->names[0] - 1);
		strcpy(m->names[i], name);
	}
	return QV_OK;
}

/* A record's action appended to the history, checked (it comes from outside), without the
 * forced moves after it: the record lists those too. */
static qv_status match_apply(qv_match *m, qv_action a, bool automatic, qv_err *err)
{
	return qv__match_append(m, qv_match_to_move(m), a, automatic, false, err);
}

/* Whether the move about to be replayed was the only option (and not a secret commitment),
 * i.e. one the match would have applied by itself. */
static bool is_forced_now(qv_match *m)
{
	qv_action a;
	int counted;
	return qv__match_only_option(m, qv_match_to_move(m), &a, &counted);
}

/* Reads a record's "left" (NULL: nobody left) into who[], why[] and at[] (-1: not left), each
 * checked against the number of actions. */
static qv_status read_left(const qv_match *m, const json_t *left, size_t nactions, int *at,
                           int *why, qv_err *err)
{
	int np = m->game->num_players(m->state);
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		at[p] = -1;
	if (!left)
		return QV_OK;
	if (!json_is_array(left))
		return qv_fail(err, QV_EINVAL,
		               "left: expected an array of {\"player\", \"reason\", \"at\"}");
	for (size_t i = 0; i < json_array_size(left); i++) {
		const json_t *e = json_array_get(left, i);
		const char *player = json_string_value(json_object_get(e, "player"));
		const char *reason = json_string_value(json_object_get(e, "reason"));
		const json_t *when = json_object_get(e, "at");
		int p = player ? qv_player_parse(player, np) : -1;
		int r = !reason                           ? 0
		        : strcmp(reason, "resigned") == 0 ? QV_LEFT_RESIGNED
		        : strcmp(reason, "timeout") == 0  ? QV_LEFT_TIMEOUT
		                                          : 0;
		if (p < 0 || !r || !json_is_integer(when) || json_integer_value(when) < 0 ||
		    json_integer_value(when) > (json_int_t)nactions || at[p] >= 0)
			return qv_fail(err, QV_EINVAL,
			               "left[%zu]: expected {\"player\": \"p1\".. (once each), "
			               "\"reason\": \"resigned\" or \"timeout\", \"at\": 0 to %zu "
			               "(actions before it)}",
			               i, nactions);
		at[p] = (int)json_integer_value(when);
		why[p] = r;
	}
	return QV_OK;
}

/* Applies the leaves of read_left that come after `done` actions. */
static qv_status replay_leaves(qv_match *m, size_t done, const int *at, const int *why, qv_err *err)
{
	char name[8];
	for (int p = 0; p < QV_MAX_PLAYERS; p++) {
		qv_err e;
		if (at[p] == (int)done && qv_match_leave(m, p, why[p], &e))
			return qv_fail(err, QV_EINVAL,
			               "left: %s cannot leave after %zu actions: %s",
			               qv_player_name(p, name), done, e.msg);
	}
	return QV_OK;
}

/* Replays a record's "actions", each parsed against the state it is played in, with the
 * leaves of its "left" at their places among them. */
static qv_status replay_actions(qv_match *m, const json_t *actions, const json_t *left, qv_err *err)
{
	if (!json_is_array(actions))
		return qv_fail(err, QV_EINVAL, "actions: expected an array of action strings");
	int at[QV_MAX_PLAYERS], reason[QV_MAX_PLAYERS];
	qv_status rc0 = read_left(m, left, json_array_size(actions), at, reason, err);
	if (rc0)
		return rc0;
	for (size_t i = 0; i < json_array_size(actions); i++) {
		if ((rc0 = replay_leaves(m, i, at, reason, err)))
			return rc0;
		const char *text = json_string_value(json_array_get(actions, i));
		if (!text)
			return qv_fail(err, QV_EINVAL, "actions[%zu]: expected a string", i);
		qv_err why;
		qv_action a;
		qv_status rc;
		if (qv_match_over(m)) {
			rc = qv_fail(&why, QV_EILLEGAL, "the game is already over");
		} else {
			rc = m->game->action_from_text(m->state, text, &a, &why);
			if (!rc)
				rc = match_apply(m, a, is_forced_now(m), &why);
		}
		char quoted[QV_QUOTE_MAX * 4 + 4];
		if (rc)
			return qv_fail(err, rc, "action %zu ('%s'): %s", i + 1,
			               qv_shorten(text, QV_QUOTE_MAX, quoted, sizeof quoted),
			               why.msg);
	}
	return replay_leaves(m, json_array_size(actions), at, reason, err);
}

/* Compares a record's "result" with the replayed game's, when both exist. */
static qv_status check_result(const qv_match *m, const json_t *result, qv_err *err)
{
	if (!result || json_is_null(result))
		return QV_OK;
	int np = m->game->num_players(m->state);
	if (!json_is_array(result) || json_array_size(result) != (size_t)np)
		return qv_fail(err, QV_EINVAL,
		               "result: expected null or an array of %d "
		               "{\"player\", \"rank\", \"score\"} objects",
		               np);
	int ranks[QV_MAX_PLAYERS], scores[QV_MAX_PLAYERS];
	bool over = qv_match_over(m);
	if (over) {
		qv_match_ranks(m, ranks);
		m->game->score(m->state, scores);
	}
	for (int i = 0; i < np; i++) {
		const json_t *e = json_array_get(result, (size_t)i);
		const char *player = json_string_value(json_object_get(e, "player"));
		const json_t *rank = json_object_get(e, "rank");
		const json_t *score = json_object_get(e, "score");
		int p = player ? qv_player_parse(player, np) : -1;
		if (!json_is_object(e) || p < 0 || !json_is_integer(rank) ||
		    !json_is_integer(score))
			return qv_fail(err, QV_EINVAL,
			               "result[%d]: expected {\"player\": \"p1\".., \"rank\": "
			               "whole number, \"score\": whole number}",
			               i);
		if (over && (json_integer_value(rank) != ranks[p] ||
		             json_integer_value(score) != scores[p]))
			return qv_fail(err, QV_EINVAL,
			               "result: the record says %s has rank %" JSON_INTEGER_FORMAT
			               " and score %" JSON_INTEGER_FORMAT
			               ", but the replayed game gives rank %d and score %d",
			               player, json_integer_value(rank), json_integer_value(score),
			               ranks[p], scores[p]);
	}
	return QV_OK;
}

/* Does the work of qv_match_load_json on a match that the caller frees on failure. */
static qv_status load_into(qv_match *m, const json_t *j, const qv_params *params, qv_err *err)
{
	const json_t *seed = json_object_get(j, "seed");
	const json_t *state = json_object_get(j, "state");
	const json_t *actions = json_object_get(j, "actions");
	const json_t *start = json_object_get(j, "start");
	const json_t *to_move = json_object_get(j, "to_move");
	uint64_t s = 0;
	if (seed && qv_seed_from_json(seed, "seed", &s, err))
		return QV_EINVAL;
	if (to_move && !json_is_string(to_move))
		return qv_fail(err, QV_EINVAL,
		               "to_move: expected a string (\"p1\".., \"chance\" "
		               "or \"over\")");
	if (state && actions)
		return qv_fail(err, QV_EINVAL,
		               "both \"state\" and \"actions\": expected a full "
		               "state or a record, not both");
	if (!state && !actions)
		return qv_fail(err, QV_EINVAL,
		               "expected a \"state\" (full-state JSON) or an "
		               "\"actions\" list (record)");
	qv_err why;
	qv_status rc = qv__match_init(m, params, s, &why);
	if (rc)
		return qv_fail(err, rc, "params: %s", why.msg);
	if (start && !actions)
		return qv_fail(err, QV_EINVAL,
		               "start: only a record (with \"actions\") has a start position; a "
		               "full state has \"state\"");
	/* A record of a game that began from a loaded position carries it as "start". */
	const char *field = state ? "state" : "start";
	const json_t *position = state ? state : start;
	if (position && !json_is_object(position))
		return qv_fail(err, QV_EINVAL, "%s: expected an object", field);
	if (position) {
		rc = m->game->load_json(m->state, position, &why);
		if (rc)
			return qv_fail(err, rc, "%s: %s", field, why.msg);
	}
	memcpy(m->base, m->state, m->game->state_size);
	rc = load_names(m, json_object_get(j, "players"), err);
	if (!rc && actions)
		rc = replay_actions(m, actions, json_object_get(j, "left"), err);
	if (rc)
		return rc;
	if (qv__match_apply_forced(m))
		return qv_fail(err, QV_ENOMEM, "out of memory applying the forced moves");
	return actions ? check_result(m, json_object_get(j, "result"), err) : QV_OK;
}

/* Checks that j is an object naming a game and returns that name (or NULL with a message). */
static const char *game_name(const json_t *j, qv_err *err)
{
	if (!json_is_object(j)) {
		qv_fail(err, QV_EINVAL, "expected a JSON object with \"game\"");
		return NULL;
	}
	const json_t *game = json_object_get(j, "game");
	if (!game)
		qv_fail(err, QV_EINVAL, "game: missing (expected the game's name)");
	else if (!json_is_string(game))
		qv_fail(err, QV_EINVAL, "game: expected a string (the game's name)");
	return json_string_value(game);
}

/* Loads a state or record for the given game; the match is only handed out when all of
 * it loaded, so a failure leaves nothing half-made. */
qv_status qv_match_load_json_game(qv_match **out, const qv_game *g, const json_t *j, qv_err *err)
{
	*out = NULL;
	const char *name = game_name(j, err);
	if (!name)
		return QV_EINVAL;
	if (strcmp(name, g->name) != 0) {
		char quoted[QV_QUOTE_MAX * 4 + 4];
		return qv_fail(err, QV_EINVAL, "game: '%s' where '%s' was expected",
		               qv_shorten(name, QV_QUOTE_MAX, quoted, sizeof quoted), g->name);
	}
	qv_params params;
	qv_status rc = qv_params_from_json(json_object_get(j, "params"), g->params, g->nparams,
	                                   g->name, &params, err);
	const qv_variant *held = NULL;
	if (!rc)
		rc = load_variant(g, json_object_get(j, "variant"), &params, &held, err);
	qv_match *m = rc ? NULL : qv__match_alloc(g, err);
	if (!rc && !m)
		rc = QV_ENOMEM;
	if (!rc)
		rc = load_into(m, j, &params, err);
	qv_variant_release(held); /* the match holds its own */
	if (rc) {
		qv_match_free(m);
		return rc;
	}
	*out = m;
	return QV_OK;
}

/* Finds the game named by "game" in the registry and loads the document for it. */
qv_status qv_match_load_json(qv_match **out, const json_t *j, qv_err *err)
{
	*out = NULL;
	const char *name = game_name(j, err);
	if (!name)
		return QV_EINVAL;
	const qv_game *g = qv_game_find(name, err);
	if (!g)
		return QV_EINVAL;
	return qv_match_load_json_game(out, g, j, err);
}

/* Parses the text (duplicate keys refused) and loads it; JSON syntax errors carry their
 * line and column. */
qv_status qv_match_load_text(qv_match **out, const char *text, qv_err *err)
{
	*out = NULL;
	size_t len = strnlen(text, (size_t)QV_RECORD_MAX + 1);
	if (len > QV_RECORD_MAX)
		return qv_fail(err, QV_EINVAL,
		               "more than %u bytes (4 MiB): no record or state of a "
		               "real game comes near that, so it is not parsed",
		               QV_RECORD_MAX);
	json_error_t jerr;
	json_t *j;
	qv_status rc = qv__json_parse(text, len, JSON_REJECT_DUPLICATES, &j, &jerr);
	if (rc == QV_ENOMEM)
		return qv_fail(err, rc, "out of memory reading the JSON (%zu bytes)", len);
	if (rc)
		return qv_fail(err, rc, "broken JSON at line %d, column %d: %s", jerr.line,
		               jerr.column, jerr.text);
	rc = qv_match_load_json(out, j, err);
	json_decref(j);
	return rc;
}
