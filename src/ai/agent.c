/*
 * agent.c - the list of agent kinds, parsing of agent specs (`name[:key=value,...]`), and the
 * one door through which every agent sees a game: qv_agent_choose, which hands the agent a
 * determinized copy of the state (or draws for a kind that picks uniformly) and checks that the
 * answer is legal. (The other door, qv_agent_observe, is in observe.c.)
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/mcts.h"
#include "quiver/agent.h"
#include "quiver/variant.h"

extern const qv_agent_kind qv_agent_random;
extern const qv_agent_kind qv_agent_greedy;
extern const qv_agent_kind qv_agent_beginner;
extern const qv_agent_kind qv_agent_mcts;
extern const qv_agent_kind qv_agent_ismcts;
extern const qv_agent_kind qv_agent_easy;
extern const qv_agent_kind qv_agent_medium;
extern const qv_agent_kind qv_agent_hard;

const qv_agent_kind *const qv_agent_kinds[] = {
    &qv_agent_random, &qv_agent_greedy, &qv_agent_beginner, &qv_agent_mcts, &qv_agent_ismcts,
    &qv_agent_easy,   &qv_agent_medium, &qv_agent_hard,     NULL,
};

/* Writes "random (keys: seed), greedy (keys: seed)" (every kind with its keys) into buf and
 * returns it, for messages that must name the accepted form (only they pay for it). */
static const char *list_kinds(char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; qv_agent_kinds[i] && used < len; i++) {
		const qv_agent_kind *k = qv_agent_kinds[i];
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", k->name);
		for (int j = 0; j < k->nkeys && used < len; j++)
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
			                         j ? ", " : " (keys: ", k->keys[j].key);
		if (k->nkeys && used < len)
			used += (size_t)snprintf(buf + used, len - used, ")");
	}
	return buf;
}

/* Reads seed= from opts if present. Seeds are whole numbers in the full unsigned 64-bit range,
 * which qv_param_int (a long) cannot express, so the key is parsed here for every kind. */
static qv_status read_seed(const qv_params *opts, uint64_t *seed, qv_err *err)
{
	const char *v = qv_params_get(opts, "seed");
	if (!v)
		return QV_OK;
	char *end;
	errno = 0;
	unsigned long long x = strtoull(v, &end, 10);
	if (errno || *end || v[0] < '0' || v[0] > '9')
		return qv_fail(
		    err, QV_EINVAL,
		    "bad value '%.80s' for seed: expected a whole number 0-18446744073709551615",
		    v);
	*seed = (uint64_t)x;
	return QV_OK;
}

qv_status qv_agent_split_specs(const char *list, char (*specs)[QV_NAME_MAX], int *n, int max,
                               qv_err *err)
{
	const char *s = list;
	int first = *n;
	for (;;) {
		size_t len = strcspn(s, ",");
		bool option = memchr(s, '=', len) && !memchr(s, ':', len);
		if (len == 0)
			return qv_fail(err, QV_EINVAL,
			               "empty agent spec in '%.80s': expected specs separated by "
			               "commas, e.g. greedy,mcts:iterations=500",
			               list);
		if (option && *n > first) {
			char *spec = specs[*n - 1];
			size_t used = strlen(spec);
			if (used + 1 + len >= QV_NAME_MAX)
				return qv_fail(err, QV_EINVAL,
				               "agent spec '%.40s...' is too long (at most %d "
				               "characters)",
				               spec, QV_NAME_MAX - 1);
			spec[used] = ',';
			memcpy(spec + used + 1, s, len);
			spec[used + 1 + len] = '\0';
		} else {
			if (*n == max)
				return qv_fail(err, QV_EINVAL,
				               "more than %d agent specs in '%.80s': one a seat",
				               max, list);
			if (len >= QV_NAME_MAX)
				return qv_fail(err, QV_EINVAL,
				               "agent spec '%.40s...' is too long (at most %d "
				               "characters)",
				               s, QV_NAME_MAX - 1);
			memcpy(specs[*n], s, len);
			specs[*n][len] = '\0';
			(*n)++;
		}
		if (!s[len])
			return QV_OK;
		s += len + 1;
	}
}

/* Splits a spec into the kind and its options, and validates the option keys against the
 * kind. The messages name the accepted form, since specs are typed by people. */
static qv_status parse_spec(const char *spec, const qv_agent_kind **kind, qv_params *opts,
                            qv_err *err)
{
	char kinds[360]; /* the accepted form, written only for a message */
	size_t len = strlen(spec);
	if (len == 0)
		return qv_fail(err, QV_EINVAL,
		               "empty agent spec: expected name[:key=value,...] (agents: %s)",
		               list_kinds(kinds, sizeof kinds));
	if (len >= sizeof((qv_agent *)0)->spec)
		return qv_fail(err, QV_EINVAL,
		               "agent spec '%.40s...' is too long (at most %zu characters)", spec,
		               sizeof((qv_agent *)0)->spec - 1);
	const char *colon = strchr(spec, ':');
	size_t nlen = colon ? (size_t)(colon - spec) : len;
	*kind = NULL;
	for (int i = 0; qv_agent_kinds[i]; i++)
		if (strlen(qv_agent_kinds[i]->name) == nlen &&
		    strncmp(qv_agent_kinds[i]->name, spec, nlen) == 0)
			*kind = qv_agent_kinds[i];
	if (!*kind)
		return qv_fail(err, QV_EINVAL,
		               "unknown agent '%.*s': expected name[:key=value,...] (agents: %s)",
		               (int)nlen, spec, list_kinds(kinds, sizeof kinds));
	opts->n = 0;
	if (!colon)
		return QV_OK;
	if (!colon[1])
		return qv_fail(
		    err, QV_EINVAL,
		    "nothing after ':' in agent spec '%s': expected %s or %s:key=value,...", spec,
		    (*kind)->name, (*kind)->name);
	qv_err e;
	qv_status st = qv_params_parse_list(opts, colon + 1, &e);
	if (!st) {
		char what[64];
		snprintf(what, sizeof what, "agent %s", (*kind)->name);
		st = qv_params_check_keys(opts, (*kind)->keys, (*kind)->nkeys, what, &e);
	}
	if (st)
		return qv_fail(err, st, "%s (agents: %s)", e.msg, list_kinds(kinds, sizeof kinds));
	return QV_OK;
}

qv_status qv_agent_new(qv_agent **out, const char *spec, const qv_game *g, uint64_t default_seed,
                       qv_err *err)
{
	*out = NULL;
	const qv_agent_kind *kind = NULL;
	qv_params opts;
	qv_status st = parse_spec(spec, &kind, &opts, err);
	if (st)
		return st;
	uint64_t seed = default_seed;
	st = read_seed(&opts, &seed, err);
	if (st)
		return st;
	qv_agent *a = calloc(1, sizeof *a);
	if (!a)
		return qv_fail(err, QV_ENOMEM, "out of memory creating agent '%s'", spec);
	a->kind = kind;
	a->game = g;
	a->seat = -1;
	a->forbid = 0;
	atomic_init(&a->stop, 0);
	qv_copy(a->spec, sizeof a->spec, spec);
	qv_rng_seed(&a->rng, seed);
	a->scratch = malloc(g->state_size);
	a->abuf = malloc(sizeof *a->abuf * (size_t)(g->max_actions > 0 ? g->max_actions : 1));
	if (!a->scratch || !a->abuf) {
		qv_agent_free(a);
		return qv_fail(err, QV_ENOMEM, "out of memory creating agent '%s'", spec);
	}
	st = kind->create(a, &opts, err);
	if (st) {
		/* create failed, so the kind owns nothing that destroy would release. */
		a->kind = NULL;
		qv_agent_free(a);
		return st;
	}
	*out = a;
	return QV_OK;
}

void qv_agent_free(qv_agent *a)
{
	if (!a)
		return;
	if (a->kind && a->kind->destroy)
		a->kind->destroy(a);
	free(a->scratch);
	free(a->abuf);
	free(a);
}

void qv_agent_interrupt(qv_agent *a)
{
	if (a)
		atomic_store(&a->stop, 1);
}

void qv_agent_reset(qv_agent *a)
{
	if (a->kind->reset)
		a->kind->reset(a);
}

void qv_agent_last_stats(const qv_agent *a, qv_agent_stats *out)
{
	*out = (qv_agent_stats){0, 0, 0, 0, NAN};
	if (a->kind->stats && !a->unasked)
		a->kind->stats(a, out);
}

bool qv_agent_root_means(const qv_agent *a, qv_action action, double *out)
{
	if (a->unasked || a->kind->choose != qv__mcts_choose)
		return false;
	int max = a->game->max_actions > 0 ? a->game->max_actions : 1;
	qv__mcts_edge *edges = malloc(sizeof *edges * (size_t)max);
	int n = edges ? qv__mcts_root(a, edges, max) : 0;
	bool found = false;
	for (int i = 0; i < n && !found; i++)
		if (edges[i].action == action) {
			memcpy(out, edges[i].mean, sizeof edges[i].mean);
			found = true;
		}
	free(edges);
	return found;
}

/* Stored as 0 for a game without component_of, so that every test of a restriction on the
 * hot paths is one comparison with nothing else to look up. */
void qv_agent_forbid(qv_agent *a, uint64_t components)
{
	const qv_game *g = a->game;
	bool can = g->components && g->components->component_of;
	a->forbid = can ? components : 0;
}

void qv_agent_set_keep(qv_agent *a, bool keep)
{
	a->release = !keep;
	if (!keep)
		qv_agent_reset(a); /* which gives the memory back when the agent keeps nothing */
}

size_t qv_agent_memory(const qv_agent *a) { return a->kind->held ? a->kind->held(a) : 0; }

/* The agent's seat becomes player; what it kept as another player is dropped first. */
static void take_seat(qv_agent *a, int player)
{
	if (player != a->seat) {
		qv_agent_reset(a);
		a->seat = player;
	}
}

/* A uniform kind's draw under a restriction: the game's sampler's draw among all the legal
 * actions (*noptions of them) when it is allowed, else a draw among the allowed ones, listed:
 * uniform among the allowed either way (a forbidden draw, f/n, spread over the k allowed adds
 * f/(nk) to each 1/n), and the same draws as without the restriction until a forbidden action
 * is drawn, so that restricted play's game follows its twin until then (the lab's
 * qv_lab_twin_of). -1 when there is no legal action. */
static qv_action draw_allowed(qv_agent *a, const void *st, int *noptions)
{
	const qv_game *g = a->game;
	qv_action x = qv_sample_legal(g, st, &a->rng, a->abuf, noptions);
	int c = x < 0 ? -1 : g->components->component_of(st, x);
	if (c < 0 || c >= 64 || !(a->forbid >> c & 1))
		return x;
	int n = qv__agent_legal(a, st, a->abuf);
	return n > 0 ? a->abuf[qv_rng_below(&a->rng, (uint32_t)n)] : -1;
}

/* The agent gets a copy of the state in which everything the player to move cannot know has
 * been replaced by a guess, so no agent can cheat whatever it does with the state. The answer
 * is then checked (the game's check) against the true state: an agent bug, or a game whose
 * determinize changes the mover's options, becomes an error instead of a corrupt game. A
 * uniform kind's draw is made here, by the game's sampler, which draws only legal actions
 * (property 3 of the property tests), so it is trusted like a playout's. */
qv_status qv_agent_choose(qv_agent *a, const void *st, qv_action *out, qv_err *err)
{
	const qv_game *g = a->game;
	int player = g->to_move(st);
	if (player < 0) {
		char who[8];
		return qv_fail(err, QV_ESTATE,
		               "agent %s cannot choose: %s is to move, not a player", a->spec,
		               qv_player_name(player, who));
	}
	take_seat(a, player);
	a->unasked = false;
	if (!a->kind->choose) {
		int options;
		*out = a->forbid ? draw_allowed(a, st, &options)
		                 : qv_sample_legal(g, st, &a->rng, a->abuf, &options);
		return QV_OK;
	}
	memcpy(a->scratch, st, g->state_size);
	if (g->determinize)
		g->determinize(a->scratch, player, &a->rng);
	qv_action choice = a->kind->choose(a, a->scratch, player);
	atomic_store(&a->stop, 0); /* an interrupt ends with the decision it stopped */
	qv_err why;
	if (choice < 0 || g->check(st, choice, &why))
		return qv_fail(err, QV_EILLEGAL,
		               "agent %s chose %d, which is not a legal action%s%s", a->spec,
		               (int)choice, choice < 0 ? "" : ": ", choice < 0 ? "" : why.msg);
	*out = choice;
	return QV_OK;
}

/* The forced decision is found with the work the decision needs anyway: a uniform kind's one
 * draw tells the number of options too (the sampler reports it; under a restriction the list
 * of legal actions, which the draw then narrows), and its RNG is put back when there was only
 * one, so that its draws do not depend on whether the caller or the match found the forced
 * moves; any other kind counts first and is asked only a real choice, which it narrows itself
 * (qv__agent_legal). */
qv_status qv_agent_decide(qv_agent *a, const void *st, qv_action *out, int *noptions, bool *forced,
                          qv_err *err)
{
	const qv_game *g = a->game;
	int player = g->to_move(st);
	*forced = false;
	*noptions = 0;
	if (player < 0)
		return qv_agent_choose(a, st, out, err); /* which says why it cannot */
	if (!a->kind->choose) {
		qv_rng before = a->rng;
		/* the count is of every legal action, the draw among the allowed */
		*out = a->forbid ? draw_allowed(a, st, noptions)
		                 : qv_sample_legal(g, st, &a->rng, a->abuf, noptions);
		*forced = qv_decision_forced(g, st, *noptions);
		a->unasked = *forced;
		if (*forced)
			a->rng = before;
		else
			take_seat(a, player);
		return *out < 0 ? qv_fail(err, QV_ESTATE, "agent %s cannot choose: no legal action",
		                          a->spec)
		                : QV_OK;
	}
	*forced = qv_only_option(g, st, a->abuf, noptions, out);
	a->unasked = *forced;
	return *forced ? QV_OK : qv_agent_choose(a, st, out, err);
}
