/*
 * spiel.c - the spiel API's games (include/quiver/spiel.h): by name and parameters (the game's
 * and the API's own), their metadata (players, ids, the longest game, the tensors), the
 * initial state worked out once, and quiver's agents. States are state.c's, their
 * information states recall.c's, the deal deal.c's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/spiel/handles.h"
#include "quiver/agent.h"
#include "quiver/variant.h"

struct qv_spiel_agent {
	qv_agent *agent;
	const qv_spiel_game *game;
};

int qv_spiel_api_version(void) { return QV_SPIEL_API_VERSION; }

const char *qv_spiel_game_name_at(int i)
{
	for (int k = 0; qv_games[k]; k++)
		if (k == i)
			return qv_games[k]->name;
	return NULL;
}

/* The API's own parameters. */
static const char *const chance_modes[] = {"explicit", "sampled", NULL};
static const char *const tensor_modes[] = {"planes", "hashed", NULL};
static const char *const cut_modes[] = {"zero", "ranks", NULL};
static const qv_param_def api_params[] = {
    {.key = "start",
     .def = "",
     .allowed = "ids separated by commas, each legal after the ones before it",
     .help = "the history a game starts from (OpenSpiel's start_at)",
     .kind = QV_PARAM_TEXT},
    {.key = "max_game_length",
     .def = "",
     .allowed = "a whole number from 1 to the game's longest",
     .help = "decisions after which a state is terminal (truncated)",
     .kind = QV_PARAM_INT,
     .lo = 1,
     .hi = 2147483647},
    {.key = "chance",
     .def = "explicit",
     .help = "chance nodes, or chance drawn inside the state",
     .kind = QV_PARAM_CHOICE,
     .choices = chance_modes},
    {.key = "rng_seed",
     .def = "0",
     .allowed = "a whole number from 0 to 9223372036854775807",
     .help = "the seed of sampled chance",
     .kind = QV_PARAM_INT,
     .lo = 0,
     .hi = 9.2233720368547758e18},
    {.key = "tensor",
     .def = "planes",
     .help = "the tensors' layout",
     .kind = QV_PARAM_CHOICE,
     .choices = tensor_modes},
    {.key = "recall",
     .def = "128",
     .allowed = "a whole number from 0 to 65536",
     .help = "the information-state tensor's rows: the last events the seat saw",
     .kind = QV_PARAM_INT,
     .lo = 0,
     .hi = 65536},
    {.key = "truncated_returns",
     .def = "zero",
     .help = "the returns of a game cut at max_game_length: zero (no outcome) or its ranks",
     .kind = QV_PARAM_CHOICE,
     .choices = cut_modes},
};
#define NAPI ((int)(sizeof api_params / sizeof *api_params))

/* "key=value,..." into p, where an item without '=' continues the value before it, so that a
 * deck given as card ids ("deck1=a,b,c,deck2=d,e") needs no quoting. */
static qv_status parse_params(qv_params *p, const char *text, qv_err *err)
{
	char value[QV_PARAM_VALUE_MAX], key[QV_PARAM_KEY_MAX];
	const char *at = text;
	int have = 0;
	while (*at) {
		const char *comma = strchr(at, ','), *end = comma ? comma : at + strlen(at);
		const char *eq = memchr(at, '=', (size_t)(end - at));
		size_t n = (size_t)(end - at), klen = eq ? (size_t)(eq - at) : 0;
		if (eq) {
			if (have && qv_params_set(p, key, value, err) != QV_OK)
				return QV_EINVAL;
			if (klen == 0 || klen >= sizeof key || n - klen - 1 >= sizeof value)
				return qv_fail(err, QV_EINVAL,
				               "bad parameter '%.*s': expected key=value", (int)n,
				               at);
			memcpy(key, at, klen);
			key[klen] = '\0';
			if (qv_params_get(p, key))
				return qv_fail(err, QV_EINVAL, "parameter '%s' given twice", key);
			memcpy(value, eq + 1, n - klen - 1);
			value[n - klen - 1] = '\0';
			have = 1;
		} else if (!have || strlen(value) + 1 + n >= sizeof value) {
			return qv_fail(err, QV_EINVAL,
			               "'%.*s' is not a parameter: expected key=value (a value "
			               "with commas, a deck's card ids, goes after its key)",
			               (int)n, at);
		} else {
			strcat(value, ",");
			strncat(value, at, n);
		}
		if (!comma)
			break;
		at = comma + 1;
		if (!*at)
			return qv_fail(err, QV_EINVAL,
			               "trailing ',' in '%.80s': expected key=value,...", text);
	}
	if (have && qv_params_set(p, key, value, err) != QV_OK)
		return QV_EINVAL;
	return QV_OK;
}

/* start=ID,ID,...: the ids into sg->start (checked against the game once it is made). */
static qv_status read_start(qv_spiel_game *sg, const char *value, qv_err *err)
{
	size_t n = 1;
	for (const char *c = value; *c; c++)
		n += *c == ',';
	if (!(sg->start = malloc(sizeof *sg->start * n)))
		return qv_fail(err, QV_ENOMEM, "out of memory");
	for (const char *at = value; *at;) {
		char *end;
		long id = strtol(at, &end, 10);
		if (end == at || (*end && *end != ',') || id < 0 || id > INT32_MAX)
			return qv_fail(err, QV_EINVAL, "bad value '%.60s' for start: expected %s",
			               value, api_params[0].allowed);
		sg->start[sg->nstart++] = (int32_t)id;
		at = *end ? end + 1 : end;
	}
	return QV_OK;
}

/* The state a game of sg begins at: the initial state with the start ids applied, each
 * checked. */
static qv_status begin_state(qv_spiel_game *sg, qv_err *err)
{
	int n = sg->nstart, sampled = sg->sampled;
	sg->sampled = 0; /* the start's ids say what chance did */
	qv_status rc = qv_spiel_new_initial_state(sg, &sg->begin, err);
	for (int i = 0; i < n && rc == QV_OK; i++) {
		qv_err why = {{0}};
		if ((rc = qv__spiel_step(sg->begin, sg->start[i], &why)) != QV_OK)
			rc = qv_fail(err, rc, "bad start: id %d (entry %d) is refused: %s",
			             (int)sg->start[i], i, why.msg);
	}
	sg->sampled = sampled;
	return rc;
}

/* Sets a game parameter in game as the game takes it: a variant named by a file (as the
 * command line's --variant names one) loaded and named by its SHA-256, the game's own form
 * (spiel.h: variant=FILE); any other value as given. A file that does not load is refused
 * with the loader's reason and the forms the parameter takes. */
static qv_status set_game_param(const qv_game *g, qv_params *game, const char *key,
                                const char *value, qv_err *err)
{
	const qv_variant *v;
	if (strcmp(key, "variant") != 0 || !g->components || strcmp(value, "base") == 0 ||
	    qv_variant_find(g, value, NULL))
		return qv_params_set(game, key, value, err);
	qv_status rc = qv_variant_load(value, g, &v, err);
	if (rc == QV_OK)
		return qv_params_set(game, key, v->sha256, err);
	char why[sizeof err->msg];
	snprintf(why, sizeof why, "%s", err->msg);
	return qv_fail(err, rc,
	               "variant: expected base, the SHA-256 of a loaded variant or a variant "
	               "file; %s",
	               why);
}

/* The API's parameters of `given` into sg, the game's into *game. */
static qv_status split_params(qv_spiel_game *sg, const qv_params *given, qv_params *game, long *cap,
                              qv_err *err)
{
	*cap = -1;
	for (int i = 0; i < given->n; i++) {
		const char *key = qv_params_key(given, i), *value = qv_params_value(given, i);
		const qv_param_def *d = qv_param_find(api_params, NAPI, key);
		qv_status rc = d ? qv_param_check(d, value, err)
		                 : set_game_param(sg->g, game, key, value, err);
		if (rc != QV_OK)
			return rc;
		if (!d)
			continue;
		if (d == &api_params[0]) {
			rc = read_start(sg, value, err);
		} else if (d == &api_params[1]) {
			*cap = strtol(value, NULL, 10);
		} else if (d == &api_params[2]) {
			sg->sampled = qv_streq_nocase(value, "sampled");
		} else if (d == &api_params[3]) {
			char *end;
			unsigned long long v = strtoull(value, &end, 10);
			if (*end || v > INT64_MAX)
				return qv_fail(err, QV_EINVAL,
				               "bad value '%s' for rng_seed: expected %s", value,
				               api_params[3].allowed);
			sg->rng_seed = v;
		} else if (d == &api_params[4]) {
			sg->tensor = qv_streq_nocase(value, "hashed") ? QV__TENSOR_HASHED
			                                              : QV__TENSOR_PLANES;
		} else if (d == &api_params[5]) {
			sg->recall = (int)strtol(value, NULL, 10);
		} else {
			sg->truncated_ranks = qv_streq_nocase(value, "ranks");
		}
	}
	return QV_OK;
}

/* "key=value,..." of every parameter: the game's given or defaulted (its own view of them, as
 * given: the API's setup changes none of what it shows), then the API's. */
static void full_params(qv_spiel_game *sg, const qv_params *game_given, const qv_params *given)
{
	qv_params all;
	qv_variant_complete(sg->g, game_given, &all);
	size_t at = 0, cap = sizeof sg->full_text;
	for (int i = 0; i < all.n && at < cap; i++)
		at += (size_t)snprintf(sg->full_text + at, cap - at, "%s%s=%s", i ? "," : "",
		                       qv_params_key(&all, i), qv_params_value(&all, i));
	if (at < cap)
		snprintf(sg->full_text + at, cap - at,
		         "%sstart=%s,max_game_length=%ld,chance=%s,rng_seed=%" PRIu64
		         ",tensor=%s,recall=%d,truncated_returns=%s",
		         all.n ? "," : "",
		         qv_params_get(given, "start") ? qv_params_get(given, "start") : "",
		         sg->max_decisions, sg->sampled ? "sampled" : "explicit", sg->rng_seed,
		         sg->tensor == QV__TENSOR_HASHED ? "hashed" : "planes", sg->recall,
		         sg->truncated_ranks ? "ranks" : "zero");
}

/* The initial state of sg (its game's init with the setup's parameters, piles canonical) and
 * its deal, the players, the bounds and the tensor's layout. */
static qv_status first_state(qv_spiel_game *sg, long cap, qv_err *err)
{
	const qv_game *g = sg->g;
	sg->initial = calloc(1, g->state_size);
	if (!sg->initial)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	qv_status rc = g->init(sg->initial, &sg->params, 0, err);
	if (rc != QV_OK)
		return rc;
	sg->nplayers = g->num_players(sg->initial);
	const qv__spiel_game *part = sg->part;
	qv__deal d;
	memset(&d, 0, sizeof d);
	if (sg->deal && part->deal(NULL, -1, sg->initial, sg->deal, &d) > 0) {
		if (!(sg->root_deal = malloc(sizeof d)))
			return qv_fail(err, QV_ENOMEM, "out of memory");
		qv__deal_begin(&d);
		memcpy(sg->root_deal, &d, sizeof d);
	}
	if (sg->deal)
		part->canon(sg->initial, sg->deal);
	part->bounds(sg->initial, sg->deal, &sg->bound_decisions, &sg->bound_chance);
	if (cap > sg->bound_decisions)
		return qv_fail(err, QV_EINVAL,
		               "bad value '%ld' for max_game_length: %s with these parameters "
		               "has at most %ld decisions, so max_game_length is 1 to %ld",
		               cap, g->name, sg->bound_decisions, sg->bound_decisions);
	sg->max_decisions = cap > 0 ? cap : sg->bound_decisions;
	sg->max_chance = g->max_chance;
	if (sg->deal && sg->max_chance < QV__DEAL_IDS)
		sg->max_chance = QV__DEAL_IDS;
	part->layout(sg->initial, &sg->layout);
	sg->obs_size = sg->layout.c * sg->layout.h * sg->layout.w + sg->layout.nscalars;
	if (sg->tensor == QV__TENSOR_HASHED)
		sg->obs_size = QV__SPIEL_HASHED;
	if (part->parts && part->observe_part && part->changed) {
		sg->nparts = part->parts(sg->initial, sg->part_from);
		sg->part_from[sg->nparts] = INT32_MAX;
	}
	return QV_OK;
}

qv_status qv_spiel_game_new(qv_spiel_game **out, const char *name, const char *params, qv_err *err)
{
	*out = NULL;
	if (!name)
		return qv_fail(err, QV_EINVAL, "no game name given");
	const qv_game *g = qv_game_find(name, err);
	if (!g)
		return QV_EINVAL;
	qv_spiel_game *sg = calloc(1, sizeof *sg);
	if (!sg)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	sg->g = g;
	sg->part = qv__spiel_game_of(g);
	sg->recall = 128; /* api_params' default */
	qv_params given = {0}, game = {0};
	long cap = -1;
	qv_status rc = parse_params(&given, params ? params : "", err);
	if (rc == QV_OK && !sg->part)
		rc = qv_fail(err, QV_EINVAL, "the spiel API does not know the game '%s'", g->name);
	if (rc == QV_OK)
		rc = split_params(sg, &given, &game, &cap, err);
	if (rc == QV_OK)
		rc = qv_params_check_keys(&game, g->params, g->nparams, g->name, err);
	if (rc == QV_OK)
		rc = sg->part->setup(&game, &sg->params, &sg->deal, err);
	if (rc == QV_OK)
		rc = qv__spiel_ids_init(&sg->ids, g, err);
	if (rc == QV_OK)
		rc = first_state(sg, cap, err);
	if (rc == QV_OK && sg->nstart)
		rc = begin_state(sg, err);
	if (rc != QV_OK) {
		qv_spiel_game_free(sg);
		return rc;
	}
	size_t at = 0;
	for (int i = 0; i < given.n && at < sizeof sg->params_text; i++)
		at += (size_t)snprintf(sg->params_text + at, sizeof sg->params_text - at, "%s%s=%s",
		                       i ? "," : "", qv_params_key(&given, i),
		                       qv_params_value(&given, i));
	full_params(sg, &game, &given);
	*out = sg;
	return QV_OK;
}

void qv_spiel_game_free(qv_spiel_game *g)
{
	if (g) {
		free(g->initial);
		qv__recall_free(g);
		free(g->root_deal);
		free(g->start);
		qv_spiel_state_free(g->begin);
	}
	free(g);
}

const char *qv_spiel_game_name(const qv_spiel_game *g) { return g->g->name; }
const char *qv_spiel_game_title(const qv_spiel_game *g) { return g->g->title; }
const char *qv_spiel_game_params(const qv_spiel_game *g) { return g->params_text; }

void qv_spiel_players_range(const qv_spiel_game *g, int *lo, int *hi)
{
	*lo = g->g->min_players;
	*hi = g->g->max_players;
}
const char *qv_spiel_game_parameters(const qv_spiel_game *g) { return g->full_text; }
int qv_spiel_num_players(const qv_spiel_game *g) { return g->nplayers; }
int qv_spiel_num_distinct_actions(const qv_spiel_game *g) { return g->ids.size; }
int qv_spiel_max_chance_outcomes(const qv_spiel_game *g) { return g->max_chance; }
int qv_spiel_max_game_length(const qv_spiel_game *g) { return (int)g->max_decisions; }
int qv_spiel_max_chance_nodes(const qv_spiel_game *g) { return (int)g->bound_chance; }
bool qv_spiel_chance_sampled(const qv_spiel_game *g) { return g->sampled; }
bool qv_spiel_deterministic(const qv_spiel_game *g) { return g->bound_chance == 0; }

bool qv_spiel_perfect_information(const qv_spiel_game *g)
{
	return !g->g->determinize || (g->part->perfect && g->part->perfect(g->initial));
}

int qv_spiel_parameter_kind(const qv_spiel_game *g, const char *key)
{
	const qv_param_def *d = key ? qv_param_find(g->g->params, g->g->nparams, key) : NULL;
	if (!d && key)
		d = qv_param_find(api_params, NAPI, key);
	return d ? (int)d->kind : -1;
}

int qv_spiel_max_legal_actions(const qv_spiel_game *g)
{
	return g->g->max_actions > g->max_chance ? g->g->max_actions : g->max_chance;
}

void qv_spiel_tensor_layout(const qv_spiel_game *g, int *c, int *h, int *w, int *nscalars)
{
	bool hashed = g->tensor == QV__TENSOR_HASHED;
	*c = hashed ? 0 : g->layout.c;
	*h = hashed ? 0 : g->layout.h;
	*w = hashed ? 0 : g->layout.w;
	*nscalars = hashed ? QV__SPIEL_HASHED : g->layout.nscalars;
}

int qv_spiel_observation_tensor_size(const qv_spiel_game *g) { return g->obs_size; }

int qv_spiel_information_state_tensor_size(const qv_spiel_game *g)
{
	return g->tensor == QV__TENSOR_HASHED ? QV__SPIEL_HASHED
	                                      : g->obs_size + 1 + QV__ROW_FLOATS * g->recall;
}

/* The name of slot `slot` of the recall (the information-state tensor after the observation):
 * "recall.before", then per row "recall3.own" ... "recall3.value". */
static void recall_slot_name(int slot, char *buf, size_t len)
{
	static const char *const field[QV__ROW_FLOATS] = {"own",   "change", "more",
	                                                  "world", "what",   "value"};
	if (slot == 0)
		snprintf(buf, len, "recall.before");
	else
		snprintf(buf, len, "recall%d.%s", (slot - 1) / QV__ROW_FLOATS,
		         field[(slot - 1) % QV__ROW_FLOATS]);
}

int qv_spiel_tensor_slot_name(const qv_spiel_game *g, int slot, char *buf, size_t len)
{
	int n = qv_spiel_information_state_tensor_size(g);
	if (slot < 0 || slot >= n || len == 0)
		return QV_EINVAL;
	if (g->tensor == QV__TENSOR_HASHED) {
		snprintf(buf, len, "hash%d%s", slot, "");
		return (int)strlen(buf);
	}
	if (slot >= g->obs_size) {
		recall_slot_name(slot - g->obs_size, buf, len);
		return (int)strlen(buf);
	}
	const qv__spiel_layout *l = &g->layout;
	char name[64];
	int planes = l->c * l->h * l->w;
	if (slot < planes) {
		int ch = slot / (l->h * l->w), y = slot / l->w % l->h, x = slot % l->w;
		char sq[8];
		g->part->slot_name(g->initial, false, ch, name, sizeof name);
		if (g->part->cell_name)
			g->part->cell_name(g->initial, x, y, sq);
		else
			qv_sq_name(x, y, sq);
		snprintf(buf, len, "%s@%s", name, sq);
	} else {
		g->part->slot_name(g->initial, true, slot - planes, buf, len);
	}
	return (int)strlen(buf);
}

qv_status qv_spiel_agent_new(const qv_spiel_game *g, const char *spec, uint64_t seed,
                             qv_spiel_agent **out, qv_err *err)
{
	*out = NULL;
	qv_spiel_agent *a = calloc(1, sizeof *a);
	if (!a)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	qv_status rc = qv_agent_new(&a->agent, spec ? spec : "", g->g, seed, err);
	if (rc != QV_OK) {
		free(a);
		return rc;
	}
	a->game = g;
	*out = a;
	return QV_OK;
}

qv_status qv_spiel_agent_step(qv_spiel_agent *a, const qv_spiel_state *st, int32_t *out,
                              qv_err *err)
{
	if (st->game->g != a->game->g)
		return qv_fail(err, QV_EINVAL, "the agent plays %s, the state is of %s",
		               a->game->g->name, st->game->g->name);
	int who = qv__spiel_to_move(st);
	if (who < 0)
		return qv_fail(err, QV_ESTATE, "no seat is to move (%s)",
		               who == QV_OVER ? "the game is over" : "a chance node");
	/* Each step stands alone: nothing kept from a game the agent was not told about. */
	qv_agent_reset(a->agent);
	qv_action act;
	qv_status rc = qv_agent_choose(a->agent, QV__CUR(st), &act, err);
	if (rc == QV_OK)
		rc = qv__spiel_id_of(st, act, NULL, 0, out, err);
	return rc;
}

void qv_spiel_agent_free(qv_spiel_agent *a)
{
	if (a)
		qv_agent_free(a->agent);
	free(a);
}
