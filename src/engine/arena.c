/*
 * arena.c - many games between agents on worker threads (see arena.h): checking a
 * configuration, playing each game with fresh agents that observe every action, storing the
 * results by game index, and the statistics over them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "engine/workers.h"
#include "quiver/arena.h"
#include "quiver/match.h"

/* A game longer than this many actions is taken to be a game that never ends (a rules bug). */
#define ARENA_MAX_GAME_ACTIONS 1000000

int qv_arena_seat_agent(int index, int seat, int n) { return (int)(((long)seat + index) % n); }

/* ---- checking ------------------------------------------------------------------------------ */

qv_status qv_arena_check(const qv_arena_config *cfg, qv_err *err)
{
	const qv_game *g = cfg->game;
	int n = cfg->nagents;
	if (n < 2 || n > QV_MAX_PLAYERS)
		return qv_fail(err, QV_EINVAL,
		               "%d agent%s given: the arena needs one agent per seat, 2-%d agents",
		               n, n == 1 ? "" : "s", QV_MAX_PLAYERS);
	if (n < g->min_players || n > g->max_players)
		return qv_fail(
		    err, QV_EINVAL,
		    "%d agents given, but %s is for %d-%d players: give one agent per seat", n,
		    g->name, g->min_players, g->max_players);
	if (cfg->games < 1 || cfg->games > QV_ARENA_MAX_GAMES)
		return qv_fail(err, QV_EINVAL,
		               "bad number of games %d: expected a whole number 1-%d", cfg->games,
		               QV_ARENA_MAX_GAMES);
	if (cfg->threads < 1 || cfg->threads > QV_ARENA_MAX_THREADS)
		return qv_fail(err, QV_EINVAL,
		               "bad number of threads %d: expected a whole number 1-%d",
		               cfg->threads, QV_ARENA_MAX_THREADS);
	/* Every spec is tried now, so a typo in the last one does not wait for the first games. */
	for (int i = 0; i < n; i++) {
		qv_agent *a;
		qv_status rc = qv_agent_new(&a, cfg->specs[i], g, 0, err);
		if (rc)
			return rc;
		qv_agent_free(a);
	}
	void *st = malloc(g->state_size);
	if (!st)
		return qv_fail(err, QV_ENOMEM, "out of memory checking the parameters");
	qv_status rc = g->init(st, &cfg->params, cfg->seed, err);
	int players = rc ? 0 : g->num_players(st);
	free(st);
	if (rc)
		return rc;
	if (players != n)
		return qv_fail(
		    err, QV_EINVAL,
		    "this game of %s has %d players but %d agents were given: give one agent per seat",
		    g->name, players, n);
	return QV_OK;
}

/* ---- one game ------------------------------------------------------------------------------ */

/* What the games of one run share: the configuration and the results, by game index. */
typedef struct arena_run {
	const qv_arena_config *cfg;
	qv_arena_game *games;
} arena_run;

/* The match for a game with this seed: the worker's match of its previous game restarted, or a
 * new one on its first. */
static qv_status worker_match(const qv_arena_config *cfg, qv_match **m, uint64_t seed, qv_err *err)
{
	if (*m)
		return qv_match_restart(*m, seed, err);
	qv_status rc = qv_match_new(m, cfg->game, &cfg->params, seed, err);
	if (rc)
		return rc;
	qv_match_quiet(*m); /* records keep the actions; nobody reads the narration */
	/* The forced decisions are found by qv_agent_decide in play_game, with the work the
	 * decision needs anyway (a random agent's one draw), not counted first by the match;
	 * they are recorded as automatic all the same. */
	qv_match_hold_forced(*m, (1u << QV_MAX_PLAYERS) - 1);
	return QV_OK;
}

/* The agent to move tells the new moves (*seen: the history entries it was told about) and
 * decides, and its action is played; a real decision (not a forced one) counts a turn and its
 * legal actions into *turns and *legal. */
static qv_status play_turn(qv_match *m, qv_agent *agent, int *seen, int *turns, long long *legal,
                           qv_err *why)
{
	qv_action a;
	int options;
	bool forced;
	qv_match_tell_agent(m, agent, seen);
	qv_status rc = qv_agent_decide(agent, m->state, &a, &options, &forced, why);
	if (!rc && !forced) { /* a turn is a real decision */
		(*turns)++;
		*legal += options;
	}
	if (!rc) /* qv_agent_decide checked the answer against this state */
		rc = qv_match_play_checked(m, a, forced, why);
	return rc;
}

/* Plays game `index` into R->games[index] on the worker's match *mp (see worker_match). */
static qv_status play_game(arena_run *R, int index, qv_match **mp, qv_err *err)
{
	const qv_arena_config *cfg = R->cfg;
	const qv_game *g = cfg->game;
	int n = cfg->nagents;
	qv_arena_game *res = &R->games[index];
	double t0 = qv_mono();
	uint64_t seed = qv_seed_mix(cfg->seed, (uint64_t)index);
	qv_agent *agents[QV_MAX_PLAYERS] = {NULL};
	int seen[QV_MAX_PLAYERS] = {0}; /* history entries each agent has been told about */
	qv_err why;
	int turns = 0;
	long long legal = 0;
	qv_status rc = worker_match(cfg, mp, seed, &why);
	qv_match *m = *mp;
	for (int s = 0; !rc && s < n; s++) {
		int a = qv_arena_seat_agent(index, s, n);
		res->agent[s] = a;
		rc = qv_agent_new(&agents[s], cfg->specs[a], g, qv_seed_mix(seed, (uint64_t)s + 1),
		                  &why);
		if (!rc)
			qv_match_set_name(m, s, cfg->specs[a]); /* the record names each seat */
	}
	while (!rc) {
		int tm = qv_match_to_move(m);
		if (tm == QV_OVER)
			break;
		if (tm == QV_CHANCE) {
			rc = qv_match_chance(m, NULL, &why);
		} else {
			rc = play_turn(m, agents[tm], &seen[tm], &turns, &legal, &why);
		}
		if (!rc && m->nhist > ARENA_MAX_GAME_ACTIONS)
			rc = qv_fail(&why, QV_ESTATE, "the game did not end after %d actions",
			             ARENA_MAX_GAME_ACTIONS);
	}
	if (!rc) {
		res->seed = seed;
		qv_returns(g, m->state, res->utility);
		g->ranks(m->state, res->rank);
		res->turns = turns;
		res->legal = legal;
		res->capped = g->capped && g->capped(m->state);
	}
	if (!rc && cfg->records_dir) {
		char path[4096];
		snprintf(path, sizeof path, "%s/game-%06d.json", cfg->records_dir, index + 1);
		rc = qv_match_save_record(m, path, &why);
	}
	res->seconds = qv_mono() - t0;
	for (int s = 0; s < n; s++)
		qv_agent_free(agents[s]);
	if (rc)
		return qv_fail(err, rc, "game %d (seed %llu): %s", index + 1,
		               (unsigned long long)seed, why.msg);
	return QV_OK;
}

/* ---- threads ------------------------------------------------------------------------------- */

/* A worker keeps one match for all its games (see worker_match). */
typedef struct arena_worker {
	qv_match *m;
} arena_worker;

static void *arena_start(void *ctx)
{
	(void)ctx;
	return calloc(1, sizeof(arena_worker));
}

static void arena_stop(void *mine)
{
	arena_worker *w = mine;
	if (w)
		qv_match_free(w->m);
	free(w);
}

static qv_status arena_job(void *ctx, void *mine, int index, qv_err *err)
{
	return play_game(ctx, index, &((arena_worker *)mine)->m, err);
}

qv_status qv_arena_run(const qv_arena_config *cfg, qv_arena_result *out, qv_err *err)
{
	*out = (qv_arena_result){0};
	qv_status rc = qv_arena_check(cfg, err);
	if (rc)
		return rc;
	qv_arena_game *games = calloc((size_t)cfg->games, sizeof *games);
	if (!games)
		return qv_fail(err, QV_ENOMEM, "out of memory for the results of %d games",
		               cfg->games);
	arena_run R = {.cfg = cfg, .games = games};
	qv__workers w = {.lo = 0,
	                 .hi = cfg->games,
	                 .threads = cfg->threads,
	                 .ctx = &R,
	                 .start = arena_start,
	                 .job = arena_job,
	                 .stop = arena_stop,
	                 .progress = cfg->progress,
	                 .progress_ctx = cfg->progress_ctx};
	double elapsed;
	rc = qv__workers_run(&w, &elapsed, err);
	if (rc) {
		free(games);
		return rc;
	}
	*out = (qv_arena_result){
	    .games = cfg->games, .nagents = cfg->nagents, .game = games, .seconds = elapsed};
	return QV_OK;
}

void qv_arena_result_free(qv_arena_result *r)
{
	if (!r)
		return;
	free(r->game);
	*r = (qv_arena_result){0};
}

/* ---- statistics ---------------------------------------------------------------------------- */

enum { OUT_WIN, OUT_DRAW, OUT_LOSS };

/* Win: rank 1 alone; draw: rank 1 shared; loss: anything else. */
static int outcome(int rank, int nfirst)
{
	if (rank != 1)
		return OUT_LOSS;
	return nfirst == 1 ? OUT_WIN : OUT_DRAW;
}

static double clamp(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

/* Counts one outcome into wins/draws/losses. */
static void count(int o, int *wins, int *draws, int *losses)
{
	if (o == OUT_WIN)
		(*wins)++;
	else if (o == OUT_DRAW)
		(*draws)++;
	else
		(*losses)++;
}

/* Completes an agent's statistics, its games counted, from the moments of its utilities mu in
 * a match of n players: the mean utility, the win rate, the score (wins and half the draws
 * between two, the utility rescaled to [0, 1] among more) and its Elo, with their intervals. */
static void agent_summary(qv_arena_agent_stats *a, const qv_moments *mu, int n)
{
	qv_interval ci = qv_moments_ci95(mu);
	a->mean_utility = mu->mean;
	a->utility_ci = (qv_interval){clamp(ci.lo, -1, 1), clamp(ci.hi, -1, 1)};
	a->win_rate = a->games ? (double)a->wins / a->games : 0;
	a->win_rate_ci = qv_wilson(a->wins, a->games, QV_Z95);
	if (n == 2) {
		double points = a->wins + a->draws / 2.0;
		a->score = a->games ? points / a->games : 0.5;
		a->score_ci = qv_wilson(points, a->games, QV_Z95);
	} else {
		a->score = a->games ? (a->mean_utility + 1) / 2 : 0.5;
		a->score_ci = (qv_interval){(a->utility_ci.lo + 1) / 2, (a->utility_ci.hi + 1) / 2};
	}
	a->elo = qv_elo_clamp(qv_elo(a->score));
	a->elo_ci = qv_elo_interval(a->score_ci);
}

/* Completes a seat's statistics, its games counted, from the moments of its utilities mu. */
static void seat_summary(qv_arena_seat_stats *st, const qv_moments *mu)
{
	qv_interval ci = qv_moments_ci95(mu);
	st->mean_utility = mu->mean;
	st->utility_ci = (qv_interval){clamp(ci.lo, -1, 1), clamp(ci.hi, -1, 1)};
	st->win_rate = st->games ? (double)st->wins / st->games : 0;
	st->win_rate_ci = qv_wilson(st->wins, st->games, QV_Z95);
}

void qv_arena_summarize(const qv_arena_result *r, qv_arena_summary *out)
{
	memset(out, 0, sizeof *out);
	int n = r->nagents;
	out->games = r->games;
	out->nagents = n;
	qv_moments au[QV_MAX_PLAYERS] = {{0}}, su[QV_MAX_PLAYERS] = {{0}}, len = {0};
	long long turns = 0, legal = 0;
	double seconds = 0;
	for (int i = 0; i < r->games; i++) {
		const qv_arena_game *gm = &r->game[i];
		int nfirst = 0;
		for (int s = 0; s < n; s++)
			nfirst += gm->rank[s] == 1;
		for (int s = 0; s < n; s++) {
			int o = outcome(gm->rank[s], nfirst);
			qv_arena_agent_stats *a = &out->agent[gm->agent[s]];
			qv_arena_seat_stats *st = &out->seat[s];
			a->games++;
			a->seat_games[s]++;
			count(o, &a->wins, &a->draws, &a->losses);
			qv_moments_add(&au[gm->agent[s]], gm->utility[s]);
			st->games++;
			count(o, &st->wins, &st->draws, &st->losses);
			qv_moments_add(&su[s], gm->utility[s]);
		}
		out->draws += nfirst != 1;
		out->capped += gm->capped;
		qv_moments_add(&len, gm->turns);
		turns += gm->turns;
		legal += gm->legal;
		seconds += gm->seconds;
	}
	for (int k = 0; k < n; k++) {
		agent_summary(&out->agent[k], &au[k], n);
		seat_summary(&out->seat[k], &su[k]);
	}
	out->length_mean = len.mean;
	out->length_sd = qv_moments_sd(&len);
	out->branching = turns ? (double)legal / (double)turns : 0;
	out->draw_rate = r->games ? (double)out->draws / r->games : 0;
	out->draw_rate_ci = qv_wilson(out->draws, r->games, QV_Z95);
	out->game_seconds = r->games ? seconds / r->games : 0;
}
