/*
 * spiel.c - the spiel API (include/quiver/spiel.h): games by name and parameters, states,
 * legal ids, chance outcomes, apply, returns, notation both ways, strings, serialization,
 * the resampler and quiver's agents, each on the game interface. A state keeps its history
 * (handles.h) for the information states' perfect recall (recall.c).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "engine/spiel/handles.h"
#include "games/json_util.h"
#include "quiver/agent.h"

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

/* The game's to_move, QV_OVER once the state has reached the game's max_game_length. */
static int to_move(const qv_spiel_state *st)
{
	return st->moves >= st->game->max_length ? QV_OVER : st->game->g->to_move(st->st);
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
	qv_params given = {0};
	qv_status rc = qv_params_parse_list(&given, params ? params : "", err);
	sg->max_length = QV_SPIEL_MAX_GAME_LENGTH;
	/* max_game_length is the API's, the rest the game's. */
	for (int i = 0; i < given.n && rc == QV_OK; i++) {
		const char *key = qv_params_key(&given, i), *value = qv_params_value(&given, i);
		if (strcmp(key, "max_game_length") != 0) {
			rc = qv_params_set(&sg->params, key, value, err);
			continue;
		}
		char *end;
		long n = strtol(value, &end, 10);
		if (end == value || *end || n < 1 || n > 100000000)
			rc = qv_fail(
			    err, QV_EINVAL,
			    "bad max_game_length '%s': expected a whole number 1-100000000", value);
		sg->max_length = (int)n;
	}
	if (rc == QV_OK)
		rc = qv__spiel_ids_init(&sg->ids, g, err);
	if (rc == QV_OK) {
		/* The parameters checked once, by the game's init, and the seats counted. */
		qv_spiel_state *s = qv__spiel_state_alloc(sg);
		if (!s)
			rc = qv_fail(err, QV_ENOMEM, "out of memory");
		else if ((rc = g->init(s->st, &sg->params, 0, err)) == QV_OK)
			sg->nplayers = g->num_players(s->st);
		qv_spiel_state_free(s);
	}
	if (rc != QV_OK) {
		free(sg);
		return rc;
	}
	size_t at = 0;
	for (int i = 0; i < given.n && at < sizeof sg->params_text; i++)
		at += (size_t)snprintf(sg->params_text + at, sizeof sg->params_text - at, "%s%s=%s",
		                       i ? "," : "", qv_params_key(&given, i),
		                       qv_params_value(&given, i));
	*out = sg;
	return QV_OK;
}

void qv_spiel_game_free(qv_spiel_game *g) { free(g); }
const char *qv_spiel_game_name(const qv_spiel_game *g) { return g->g->name; }
const char *qv_spiel_game_params(const qv_spiel_game *g) { return g->params_text; }
int qv_spiel_num_players(const qv_spiel_game *g) { return g->nplayers; }
int qv_spiel_num_distinct_actions(const qv_spiel_game *g) { return g->ids.size; }
int qv_spiel_max_chance_outcomes(const qv_spiel_game *g) { return g->g->max_chance; }
int qv_spiel_max_game_length(const qv_spiel_game *g) { return g->max_length; }

int qv_spiel_max_legal_actions(const qv_spiel_game *g)
{
	return g->g->max_actions > g->g->max_chance ? g->g->max_actions : g->g->max_chance;
}
int qv_spiel_tensor_size(const qv_spiel_game *g)
{
	(void)g;
	return QV__SPIEL_TENSOR;
}

qv_status qv_spiel_new_initial_state(const qv_spiel_game *g, uint64_t seed, qv_spiel_state **out,
                                     qv_err *err)
{
	qv_spiel_state *s = qv__spiel_state_alloc(g);
	*out = NULL;
	if (!s)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	qv_status rc = g->g->init(s->st, &g->params, seed, err);
	if (rc != QV_OK) {
		qv_spiel_state_free(s);
		return rc;
	}
	memcpy(QV__SPIEL_BASE(s), s->st, g->g->state_size);
	*out = s;
	return QV_OK;
}

qv_spiel_state *qv_spiel_clone(const qv_spiel_state *st)
{
	size_t n = sizeof *st + 2 * QV__SPIEL_SLOT(st->game);
	qv_spiel_state *s = malloc(n);
	if (!s)
		return NULL;
	memcpy(s, st, n);
	s->hist = NULL;
	s->caphist = 0;
	s->prior = NULL;
	bool ok = true;
	for (int p = 0; p < QV_MAX_PLAYERS; p++) {
		s->recall[p] = (qv_buf){0};
		if (st->recall[p].len)
			qv_buf_putn(&s->recall[p], st->recall[p].s, st->recall[p].len);
		ok = ok && !s->recall[p].failed;
	}
	if (st->nhist) {
		s->hist = malloc(sizeof *s->hist * (size_t)st->nhist);
		if (s->hist)
			memcpy(s->hist, st->hist, sizeof *s->hist * (size_t)st->nhist);
		s->caphist = st->nhist;
	}
	if (st->prior)
		s->prior = strdup(st->prior);
	if (!ok || (st->nhist && !s->hist) || (st->prior && !s->prior)) {
		qv_spiel_state_free(s);
		return NULL;
	}
	return s;
}

void qv_spiel_state_free(qv_spiel_state *st)
{
	if (st) {
		free(st->hist);
		free(st->prior);
		for (int p = 0; p < QV_MAX_PLAYERS; p++)
			qv_buf_free(&st->recall[p]);
	}
	free(st);
}

int qv_spiel_current_player(const qv_spiel_state *st)
{
	int p = to_move(st);
	return p == QV_OVER ? QV_SPIEL_TERMINAL : p == QV_CHANCE ? QV_SPIEL_CHANCE : p;
}

int qv_spiel_move_number(const qv_spiel_state *st) { return st->moves; }

static int cmp_id(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

int qv_spiel_legal_actions(const qv_spiel_state *st, int32_t *out, int cap, qv_err *err)
{
	const qv_game *g = st->game->g;
	int who = to_move(st);
	if (who == QV_OVER)
		return 0;
	int max = who == QV_CHANCE ? g->max_chance : g->max_actions;
	qv_action *buf = malloc(sizeof *buf * (size_t)max);
	double *prob = who == QV_CHANCE ? malloc(sizeof *prob * (size_t)max) : NULL;
	int32_t *ids = malloc(sizeof *ids * (size_t)max);
	if (!buf || !ids || (who == QV_CHANCE && !prob)) {
		free(buf), free(prob), free(ids);
		return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	int n, rc = 0;
	if (who == QV_CHANCE) {
		n = g->chance(st->st, buf, prob);
		for (int i = 0; i < n; i++)
			ids[i] = i;
	} else {
		n = g->legal(st->st, buf);
		/* Indexed types count their place as the list goes. */
		int seen[QV__SPIEL_TYPES] = {0};
		const qv__spiel_ids *m = &st->game->ids;
		for (int i = 0; i < n && rc == 0; i++) {
			int t = (int)((uint32_t)buf[i] >> m->shift);
			if (t < m->ntypes && m->bits[t] == QV__SPIEL_INDEXED && buf[i] >= 0) {
				if (seen[t] >= m->indexed[t])
					rc = qv_fail(err, QV_EINVAL,
					             "%s lists more than %d actions of type %d",
					             g->name, m->indexed[t], t);
				ids[i] = m->start[t] + seen[t]++;
			} else {
				rc = qv__spiel_id_of(st, buf[i], buf, n, &ids[i], err);
			}
		}
		qsort(ids, (size_t)n, sizeof *ids, cmp_id);
	}
	if (rc == 0) {
		int k = n < cap ? n : cap;
		if (k > 0)
			memcpy(out, ids, sizeof *ids * (size_t)k);
		rc = n;
	}
	free(buf), free(prob), free(ids);
	return rc;
}

int qv_spiel_chance_outcomes(const qv_spiel_state *st, int32_t *ids, double *probs, int cap)
{
	const qv_game *g = st->game->g;
	if (to_move(st) != QV_CHANCE)
		return 0;
	qv_action buf[g->max_chance];
	double prob[g->max_chance];
	int n = g->chance(st->st, buf, prob);
	for (int i = 0; i < n && i < cap; i++) {
		ids[i] = i;
		probs[i] = prob[i];
	}
	return n;
}

/* The game's action of id at st: a legal decision of the seat to move, or a chance outcome. */
static qv_status action_of(const qv_spiel_state *st, int32_t id, qv_action *out, qv_err *err)
{
	const qv_game *g = st->game->g;
	int who = to_move(st);
	if (who == QV_OVER)
		return qv_fail(err, QV_ESTATE, "the game is over%s: no action applies",
		               st->moves >= st->game->max_length ? " (it reached max_game_length)"
		                                                 : "");
	if (who == QV_CHANCE) {
		qv_action buf[g->max_chance];
		double prob[g->max_chance];
		int n = g->chance(st->st, buf, prob);
		if (id < 0 || id >= n)
			return qv_fail(
			    err, QV_EILLEGAL,
			    "chance outcome %d is not one of the %d outcomes now (0 to %d)",
			    (int)id, n, n - 1);
		*out = buf[id];
		return QV_OK;
	}
	qv_err why = {{0}};
	qv_status rc = qv__spiel_action_of(st, id, out, err);
	if (rc == QV_OK && (rc = g->check(st->st, *out, &why)) != QV_OK)
		rc = qv_fail(err, QV_EILLEGAL, "action id %d is not legal now: %s", (int)id,
		             why.msg);
	return rc;
}

qv_status qv_spiel_apply(qv_spiel_state *st, int32_t id, qv_err *err)
{
	qv_action a;
	qv_status rc = action_of(st, id, &a, err);
	if (rc == QV_OK)
		rc = qv__spiel_record(st, a, err);
	if (rc != QV_OK)
		return rc;
	st->game->g->apply(st->st, a, NULL);
	st->moves++;
	return QV_OK;
}

void qv_spiel_returns(const qv_spiel_state *st, double *out)
{
	qv_returns(st->game->g, st->st, out);
}

int qv_spiel_action_to_string(const qv_spiel_state *st, int32_t id, char *buf, size_t len,
                              qv_err *err)
{
	qv_action a;
	qv_status rc = action_of(st, id, &a, err);
	if (rc != QV_OK)
		return rc;
	int n = st->game->g->action_to_text(st->st, a, buf, len);
	if (n < 0)
		return qv_fail(err, n, "action id %d has no notation", (int)id);
	return n;
}

qv_status qv_spiel_string_to_action(const qv_spiel_state *st, const char *text, int32_t *out,
                                    qv_err *err)
{
	const qv_game *g = st->game->g;
	int who = to_move(st);
	if (who == QV_OVER)
		return qv_fail(err, QV_ESTATE, "the game is over: no action applies");
	if (!text)
		return qv_fail(err, QV_EINVAL,
		               "no notation given: expected an action of %s as its "
		               "rules page writes it",
		               g->name);
	qv_action a;
	qv_status rc = g->action_from_text(st->st, text, &a, err);
	if (rc != QV_OK)
		return rc;
	if ((rc = g->check(st->st, a, err)) != QV_OK)
		return rc;
	if (who != QV_CHANCE)
		return qv__spiel_id_of(st, a, NULL, 0, out, err);
	qv_action buf[g->max_chance];
	double prob[g->max_chance];
	int n = g->chance(st->st, buf, prob);
	for (int i = 0; i < n; i++)
		if (buf[i] == a) {
			*out = i;
			return QV_OK;
		}
	return qv_fail(err, QV_EILLEGAL, "'%s' is no chance outcome now", text);
}

void qv_spiel_free(void *p) { free(p); }

static char *render(const qv_spiel_state *st, int viewer)
{
	qv_buf b = {0};
	st->game->g->render_text(st->st, viewer, 0, &b);
	if (b.failed || !b.s) {
		qv_buf_free(&b);
		return NULL;
	}
	return b.s;
}

char *qv_spiel_state_string(const qv_spiel_state *st) { return render(st, QV_VIEW_ALL); }

char *qv_spiel_observation_string(const qv_spiel_state *st, int player)
{
	if (player < 0 || player >= st->game->nplayers)
		return NULL;
	return render(st, player);
}

char *qv_spiel_information_state_string(const qv_spiel_state *st, int player)
{
	if (player < 0 || player >= st->game->nplayers)
		return NULL;
	qv_buf b = {0};
	if (qv__spiel_recall(st, player, &b, NULL) != QV_OK) {
		qv_buf_free(&b);
		return NULL;
	}
	json_t *view = st->game->g->view_json(st->st, player);
	char *text = view ? qv__json_dumps(view, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
	json_decref(view);
	bool ok = text != NULL;
	if (ok) {
		qv_buf_puts(&b, "view ");
		qv_buf_puts(&b, text);
	}
	free(text);
	if (!ok || b.failed || !b.s) {
		qv_buf_free(&b);
		return NULL;
	}
	return b.s;
}

qv_status qv_spiel_information_state_tensor(const qv_spiel_state *st, int player, float *out,
                                            qv_err *err)
{
	return qv__spiel_tensor(st, player, true, out, err);
}

qv_status qv_spiel_observation_tensor(const qv_spiel_state *st, int player, float *out, qv_err *err)
{
	return qv__spiel_tensor(st, player, false, out, err);
}

qv_status qv_spiel_resample(const qv_spiel_state *st, int player, uint64_t seed,
                            qv_spiel_state **out, qv_err *err)
{
	*out = NULL;
	if (player < 0 || player >= st->game->nplayers)
		return qv_fail(err, QV_EINVAL, "player %d is no seat: %s has seats 0 to %d", player,
		               st->game->g->name, st->game->nplayers - 1);
	/* The world's history starts at the world; the seat keeps what it observed before. */
	const qv_game *g = st->game->g;
	qv_buf prior = {0};
	qv_status rc = qv__spiel_recall(st, player, &prior, err);
	qv_spiel_state *s = rc == QV_OK ? qv__spiel_state_alloc(st->game) : NULL;
	if (rc == QV_OK && !prior.s)
		qv_buf_puts(&prior, ""); /* no lines yet, but a seat that keeps them */
	if (rc == QV_OK && (!s || prior.failed || !prior.s)) {
		qv_spiel_state_free(s);
		s = NULL;
		rc = qv_fail(err, QV_ENOMEM, "out of memory");
	}
	if (rc != QV_OK) {
		qv_buf_free(&prior);
		return rc;
	}
	memcpy(s->st, st->st, g->state_size);
	if (g->determinize) {
		qv_rng rng;
		qv_rng_seed(&rng, seed);
		g->determinize(s->st, player, &rng);
	}
	memcpy(QV__SPIEL_BASE(s), s->st, g->state_size);
	s->moves = s->base_moves = st->moves;
	s->known = player;
	s->prior = prior.s;
	*out = s;
	return QV_OK;
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
	int who = to_move(st);
	if (who < 0)
		return qv_fail(err, QV_ESTATE, "no seat is to move (%s)",
		               who == QV_OVER ? "the game is over" : "a chance node");
	/* Each step stands alone: nothing kept from a game the agent was not told about. */
	qv_agent_reset(a->agent);
	qv_action act;
	qv_status rc = qv_agent_choose(a->agent, st->st, &act, err);
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
