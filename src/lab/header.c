/*
 * header.c - the header line of a file of a study's games (lab.h): the study's configuration
 * (its resolved variants, agents, counts, seed, options and quiver's version) and the range of
 * games the file holds, as one line of JSON, and the same read back and checked, so that a
 * merge, a resume and a run agree on what study they are.
 */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/json_util.h"
#include "lab/lab.h"

/* ---- the header ---------------------------------------------------------------------------- */

/* The components (bit k) of each player count of one round: [[k, ...], ...] in the order of the
 * player counts. */
static json_t *round_bits(const uint64_t *bits, int nplayers)
{
	json_t *a = json_array();
	for (int i = 0; i < nplayers; i++) {
		json_t *ks = json_array();
		for (int k = 0; k < QV_LAB_MAX_COMPONENTS; k++)
			if (bits[i] >> k & 1)
				json_array_append_new(ks, json_integer(k));
		json_array_append_new(a, ks);
	}
	return a;
}

/* An adaptive study's first round and the rounds decided so far (lab.h: qv_lab_round). */
static json_t *adaptive_json(const qv_lab_config *cfg)
{
	json_t *rounds = json_array();
	for (int r = 0; r < cfg->nrounds; r++) {
		const qv_lab_round *R = &cfg->round[r];
		json_array_append_new(rounds,
		                      json_pack("{s:[ii], s:o, s:o}", "games", R->games_ablate,
		                                R->games_restrict, "ablate",
		                                round_bits(R->ablate, cfg->nplayers), "restricted",
		                                round_bits(R->restricted, cfg->nplayers)));
	}
	return json_pack("{s:i, s:o}", "first", cfg->first_games, "rounds", rounds);
}

void qv_lab_header_write(const qv_lab_plan *p, int lo, int hi, qv_buf *out)
{
	const qv_lab_config *cfg = &p->cfg;
	json_t *h = json_object();
	json_t *params = json_object();
	for (int i = 0; i < cfg->params.n; i++)
		json_object_set_new(params, qv_params_key(&cfg->params, i),
		                    json_string(qv_params_value(&cfg->params, i)));
	json_t *agents = json_array(), *players = json_array();
	for (int i = 0; i < cfg->nagents; i++)
		json_array_append_new(agents, json_string(cfg->agents[i]));
	for (int i = 0; i < cfg->nplayers; i++)
		json_array_append_new(players, json_integer(cfg->players[i]));
	char seed[24];
	snprintf(seed, sizeof seed, "%llu", (unsigned long long)cfg->seed);
	json_object_set_new(h, "quiver_lab", json_integer(QV_LAB_FORMAT));
	json_object_set_new(h, "version", json_string(cfg->version));
	json_object_set_new(h, "game", json_string(cfg->game->name));
	json_object_set_new(h, "variant", qv_variant_json(cfg->variant));
	json_object_set_new(h, "variant_file", json_string(cfg->variant_file));
	json_object_set_new(h, "baseline",
	                    cfg->baseline ? qv_variant_json(cfg->baseline) : json_null());
	json_object_set_new(h, "baseline_file", json_string(cfg->baseline_file));
	json_object_set_new(h, "params", params);
	json_object_set_new(h, "agents", agents);
	json_object_set_new(h, "players", players);
	json_object_set_new(h, "games", json_integer(cfg->games));
	json_object_set_new(h, "component_games", json_integer(cfg->component_games));
	json_object_set_new(h, "ladder_games", json_integer(cfg->ladder_games));
	json_object_set_new(h, "luck_games", json_integer(cfg->luck_games));
	json_object_set_new(h, "ladder", json_pack("[ii]", cfg->ladder_lo, cfg->ladder_hi));
	json_object_set_new(h, "paired", json_boolean(cfg->paired));
	json_object_set_new(h, "fixed_sides", json_boolean(cfg->fixed_sides));
	json_object_set_new(h, "components", json_string(cfg->components));
	if (cfg->sweep[0])
		json_object_set_new(h, "sweep", json_string(cfg->sweep));
	if (cfg->settle_width > 0)
		json_object_set_new(
		    h, "until_settled",
		    json_pack("{s:f, s:i}", "width", cfg->settle_width, "cap", cfg->settle_cap));
	if (cfg->margin_score > 0 || cfg->margin_length > 0)
		json_object_set_new(h, "margin",
		                    json_pack("{s:f, s:f}", "score", cfg->margin_score, "length",
		                              cfg->margin_length));
	if (cfg->adaptive)
		json_object_set_new(h, "adaptive", adaptive_json(cfg));
	json_object_set_new(h, "seed", json_string(seed));
	json_object_set_new(h, "total", json_integer(p->total));
	json_object_set_new(h, "range", json_pack("[ii]", lo, hi));
	char *text = json_dumps(h, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII);
	if (text)
		qv_buf_puts(out, text);
	free(text);
	json_decref(h);
}

/* Reads the string `key` of h into buf (size n); false when it is missing or too long. */
static bool header_text(const json_t *h, const char *key, char *buf, size_t n)
{
	const char *s = json_string_value(json_object_get(h, key));
	if (!s || strlen(s) >= n)
		return false;
	qv_copy(buf, n, s);
	return true;
}

/* Reads the whole number `key` of h in [lo, hi]. */
static bool header_int(const json_t *h, const char *key, long lo, long hi, int *out)
{
	json_t *v = json_object_get(h, key);
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return false;
	*out = (int)json_integer_value(v);
	return true;
}

static qv_status header_bad(qv_err *err, const char *key, const char *expected)
{
	return qv_fail(err, QV_EINVAL, "bad lab header: \"%s\": expected %s", key, expected);
}

/* Reads one round's components by player count (round_bits) into bits; false when malformed. */
static bool read_bits(const json_t *a, int nplayers, uint64_t *bits)
{
	if (!json_is_array(a) || (int)json_array_size(a) != nplayers)
		return false;
	for (int i = 0; i < nplayers; i++) {
		const json_t *ks = json_array_get(a, (size_t)i);
		if (!json_is_array(ks))
			return false;
		for (size_t j = 0; j < json_array_size(ks); j++) {
			const json_t *k = json_array_get(ks, j);
			if (!json_is_integer(k) || json_integer_value(k) < 0 ||
			    json_integer_value(k) >= QV_LAB_MAX_COMPONENTS)
				return false;
			bits[i] |= 1ull << json_integer_value(k);
		}
	}
	return true;
}

/* Reads an adaptive study's header (adaptive_json) into cfg, after its player counts; false
 * when malformed. */
static bool read_adaptive(const json_t *v, qv_lab_config *cfg)
{
	json_t *first = json_object_get(v, "first"), *rounds = json_object_get(v, "rounds");
	if (!json_is_integer(first) || json_integer_value(first) < 1 ||
	    json_integer_value(first) > QV_LAB_MAX_GAMES || !json_is_array(rounds) ||
	    json_array_size(rounds) > QV_LAB_MAX_ROUNDS || json_object_size(v) != 2)
		return false;
	cfg->adaptive = true;
	cfg->first_games = (int)json_integer_value(first);
	cfg->nrounds = (int)json_array_size(rounds);
	for (int r = 0; r < cfg->nrounds; r++) {
		const json_t *R = json_array_get(rounds, (size_t)r);
		int ga = 0, gr = 0;
		if (json_unpack((json_t *)R, "{s:[ii]}", "games", &ga, &gr) != 0 || ga < 1 ||
		    gr < 1 || ga > QV_LAB_MAX_GAMES || gr > QV_LAB_MAX_GAMES ||
		    json_object_size(R) != 3 ||
		    !read_bits(json_object_get(R, "ablate"), cfg->nplayers, cfg->round[r].ablate) ||
		    !read_bits(json_object_get(R, "restricted"), cfg->nplayers,
		               cfg->round[r].restricted))
			return false;
		cfg->round[r].games_ablate = ga;
		cfg->round[r].games_restrict = gr;
	}
	return true;
}

/* The header's optional ways of spending games: until settled, the margins, the adaptive
 * rounds; each absent unless the study asked for it. */
static qv_status read_settling(json_t *h, qv_lab_config *cfg, qv_err *err)
{
	json_t *v = json_object_get(h, "until_settled");
	if (v && (json_unpack(v, "{s:F, s:i}", "width", &cfg->settle_width, "cap",
	                      &cfg->settle_cap) != 0 ||
	          !(cfg->settle_width > 0) || cfg->settle_cap < 1)) {
		return header_bad(err, "until_settled", "{\"width\": W, \"cap\": M}");
	}
	v = json_object_get(h, "margin");
	if (v && (json_unpack(v, "{s:F, s:F}", "score", &cfg->margin_score, "length",
	                      &cfg->margin_length) != 0 ||
	          !(cfg->margin_score >= 0 && cfg->margin_score <= 1) ||
	          !(cfg->margin_length >= 0 && cfg->margin_length <= 1000))) {
		return header_bad(err, "margin", "{\"score\": 0 to 1, \"length\": 0 to 1000}");
	}
	v = json_object_get(h, "adaptive");
	if (v && !read_adaptive(v, cfg)) {
		return header_bad(
		    err, "adaptive",
		    "{\"first\": games, \"rounds\": [{\"games\": [ablation, restricted], "
		    "\"ablate\", "
		    "\"restricted\"}, ...]}, each round's components by player count");
	}
	return QV_OK;
}

/* The header's identity: its format, quiver's version, the game, the variant and the baseline
 * (resolved), and the files they came from. */
static qv_status read_identity(json_t *h, qv_lab_config *cfg, qv_err *err)
{
	int format = 0;
	char game[64];
	if (!header_int(h, "quiver_lab", 1, 1000, &format) || format != QV_LAB_FORMAT)
		return header_bad(err, "quiver_lab", "1, the format this quiver reads");
	if (!header_text(h, "version", cfg->version, sizeof cfg->version))
		return header_bad(err, "version", "quiver's version as a string");
	if (!header_text(h, "game", game, sizeof game) || !(cfg->game = qv_game_find(game, NULL)))
		return header_bad(err, "game", "the name of a game quiver knows");
	if (!json_is_object(json_object_get(h, "variant")))
		return header_bad(err, "variant", "the study's resolved variant");
	qv_status rc = qv_variant_from_json(json_object_get(h, "variant"), cfg->game, "variant",
	                                    &cfg->variant, err);
	if (rc)
		return rc;
	json_t *v = json_object_get(h, "baseline");
	if (json_is_object(v))
		rc = qv_variant_from_json(v, cfg->game, "baseline", &cfg->baseline, err);
	else if (!json_is_null(v))
		rc = header_bad(err, "baseline", "the baseline's resolved variant, or null");
	if (rc)
		return rc;
	if (!header_text(h, "variant_file", cfg->variant_file, sizeof cfg->variant_file) ||
	    !header_text(h, "baseline_file", cfg->baseline_file, sizeof cfg->baseline_file))
		return header_bad(err, "variant_file", "file names as strings");
	return QV_OK;
}

/* The game's parameters, as strings. */
static qv_status read_params(json_t *h, qv_lab_config *cfg, qv_err *err)
{
	json_t *v = json_object_get(h, "params");
	if (!json_is_object(v))
		return header_bad(err, "params", "an object of the game's parameters");
	const char *key;
	json_t *val;
	json_object_foreach(v, key, val)
	{
		if (!json_is_string(val) ||
		    qv_params_set(&cfg->params, key, json_string_value(val), err))
			return header_bad(err, "params", "parameters as strings");
	}
	return QV_OK;
}

/* The agents' specs and the player counts studied. */
static qv_status read_seats(json_t *h, qv_lab_config *cfg, qv_err *err)
{
	json_t *v = json_object_get(h, "agents");
	size_t na = json_array_size(v);
	if (!json_is_array(v) || na < 1 || na > QV_MAX_PLAYERS)
		return header_bad(err, "agents", "1-5 agent specs");
	for (size_t i = 0; i < na; i++) {
		const char *s = json_string_value(json_array_get(v, i));
		if (!s || strlen(s) >= QV_NAME_MAX)
			return header_bad(err, "agents", "agent specs as strings");
		qv_copy(cfg->agents[i], QV_NAME_MAX, s);
	}
	cfg->nagents = (int)na;
	v = json_object_get(h, "players");
	size_t np = json_array_size(v);
	if (!json_is_array(v) || np < 1 || np > QV_MAX_PLAYERS)
		return header_bad(err, "players", "1-5 player counts");
	for (size_t i = 0; i < np; i++) {
		json_t *x = json_array_get(v, i);
		if (!json_is_integer(x) || json_integer_value(x) < 1 ||
		    json_integer_value(x) > QV_MAX_PLAYERS)
			return header_bad(err, "players", "player counts 1-5");
		cfg->players[i] = (int)json_integer_value(x);
	}
	cfg->nplayers = (int)np;
	return QV_OK;
}

/* The counts of games (the whole study's in *total), the ladder, the pairing and sides, the
 * components studied and a sweep's range. */
static qv_status read_counts(json_t *h, qv_lab_config *cfg, int *total, qv_err *err)
{
	if (!header_int(h, "games", 1, QV_LAB_MAX_GAMES, &cfg->games) ||
	    !header_int(h, "component_games", 0, QV_LAB_MAX_GAMES, &cfg->component_games) ||
	    !header_int(h, "ladder_games", 0, QV_LAB_MAX_GAMES, &cfg->ladder_games) ||
	    !header_int(h, "luck_games", 0, QV_LAB_MAX_GAMES, &cfg->luck_games) ||
	    !header_int(h, "total", 1, QV_LAB_MAX_GAMES, total))
		return header_bad(err, "games", "whole numbers of games");
	if (json_unpack(json_object_get(h, "ladder"), "[ii]", &cfg->ladder_lo, &cfg->ladder_hi) !=
	    0)
		return header_bad(err, "ladder", "[lo, hi]");
	json_t *v = json_object_get(h, "paired");
	if (!json_is_boolean(v))
		return header_bad(err, "paired", "true or false");
	cfg->paired = json_is_true(v);
	v = json_object_get(h, "fixed_sides");
	if (!json_is_boolean(v))
		return header_bad(err, "fixed_sides", "true or false");
	cfg->fixed_sides = json_is_true(v);
	if (!header_text(h, "components", cfg->components, sizeof cfg->components))
		return header_bad(err, "components", "the components studied, as a string");
	if (json_object_get(h, "sweep") &&
	    (!header_text(h, "sweep", cfg->sweep, sizeof cfg->sweep) || !cfg->sweep[0]))
		return header_bad(err, "sweep", "a sweep's PATH=LO..HI[:STEP] as a string");
	return QV_OK;
}

/* The seed, and the range [lo, hi) of the study's `total` games that the file holds. */
static qv_status read_range(json_t *h, qv_lab_config *cfg, int total, int *lo, int *hi, qv_err *err)
{
	char seed[24], *end;
	if (!header_text(h, "seed", seed, sizeof seed) || !seed[0] ||
	    (errno = 0, cfg->seed = strtoull(seed, &end, 10), *end || errno))
		return header_bad(err, "seed", "the seed as a string of digits");
	if (json_unpack(json_object_get(h, "range"), "[ii]", lo, hi) != 0 || *lo < 0 ||
	    *hi > total || *lo > *hi)
		return header_bad(err, "range", "[lo, hi] within [0, total]");
	return QV_OK;
}

qv_status qv_lab_header_read(const char *line, qv_lab_config *cfg, int *lo, int *hi, qv_err *err)
{
	memset(cfg, 0, sizeof *cfg);
	json_error_t je;
	json_t *h;
	qv_status parsed = qv__json_parse(line, strlen(line), JSON_REJECT_DUPLICATES, &h, &je);
	if (parsed == QV_ENOMEM)
		return qv_fail(err, parsed, "out of memory reading the lab header");
	if (!json_is_object(h)) {
		json_decref(h);
		return qv_fail(
		    err, QV_EINVAL,
		    "bad lab header: not a JSON object (%s at column %d): is this a shard "
		    "written by quiver lab run --shard?",
		    je.text, je.column);
	}
	int total = 0;
	qv_status rc = read_identity(h, cfg, err);
	if (!rc)
		rc = read_params(h, cfg, err);
	if (!rc)
		rc = read_seats(h, cfg, err);
	if (!rc)
		rc = read_counts(h, cfg, &total, err);
	if (!rc)
		rc = read_settling(h, cfg, err);
	if (!rc)
		rc = read_range(h, cfg, total, lo, hi, err);
	json_decref(h);
	return rc;
}
