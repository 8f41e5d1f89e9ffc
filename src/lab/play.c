/*
 * play.c - a study's games played (lab.h): each game of the plan set up from its index (its
 * arm, seeds and seats), played to the end by its agents on the workers' threads, and kept as
 * a compact record of what the lab measures (components available and chosen, squares
 * touched, search values), handed to the caller's sink as it finishes.
 */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/workers.h"
#include "lab/lab.h"
#include "quiver/match.h"

/* A game longer than this many actions is taken to be a game that never ends (a rules bug). */
#define LAB_MAX_GAME_ACTIONS 1000000
/* Squares one action may touch (a walk across a board). */
#define LAB_MAX_TOUCH 64

/* The restrict arm's forbidden seat in its game j: its component's holder where one side holds
 * it (plan.c's find_holders), the other seat in a swapped game; else seat j mod N. */
int qv_lab_forbidden_seat(const qv_lab_plan *p, const qv_lab_arm *a, int j)
{
	int h = a->kind == QV_LAB_RESTRICT && a->players == 2 && a->component >= 0
	            ? p->holder[a->component] - 1
	            : -1;
	if (h < 0)
		return j % a->players;
	return qv_lab_swapped(p, a->first + j) ? 1 - h : h;
}

/* The arm's agent in seat s of its game j. */
int qv_lab_seat_agent(const qv_lab_plan *p, const qv_lab_arm *a, int j, int s)
{
	if (a->kind == QV_LAB_MAIN || a->kind == QV_LAB_BASELINE || a->kind == QV_LAB_ABLATE ||
	    a->kind == QV_LAB_CONTROL)
		return (int)(((long)s + j) % a->nagents);
	return s == qv_lab_forbidden_seat(p, a, j) ? 0 : 1;
}

/* ---- one game ------------------------------------------------------------------------------ */

/* What one worker keeps from game to game. */
typedef struct lab_worker {
	qv_match *m;   /* the previous game's match, restarted when it can be */
	int m_players; /* what m was set up with */
	const qv_variant *m_variant;
	bool m_swapped;
	void *before;     /* a state_size copy */
	qv_action *legal; /* max_actions */
	/* This game's counts per seat, dense (a count per decision costs an add), with the
	 * entries in use marked; gathered into the game's sorted lists at its end. */
	uint32_t avail[QV_MAX_PLAYERS][QV_LAB_MAX_COMPONENTS];
	uint32_t chosen[QV_MAX_PLAYERS][QV_LAB_MAX_COMPONENTS];
	int32_t capt[QV_MAX_PLAYERS][QV_LAB_MAX_COMPONENTS]; /* captures after its plays */
	uint64_t comp_used[QV_MAX_PLAYERS];
	/* The copies each seat holds (read at the game's first decision), and each seat's last
	 * play (an entry, -1 for none) with its captures then, for the captures a play makes
	 * until its window closes (count_components). */
	uint32_t held[QV_MAX_PLAYERS][QV_LAB_MAX_COMPONENTS];
	bool held_read;
	int last_play[QV_MAX_PLAYERS], cap_at[QV_MAX_PLAYERS];
	bool passed[QV_MAX_PLAYERS]; /* another seat has moved since this seat's last play */
	qv_buf opening;              /* the first decisions' notation, one per seat */
	int opened;
	uint32_t times[QV_MAX_PLAYERS][QV_LAB_MAX_SQUARES];
	uint64_t square_used[QV_MAX_PLAYERS][(QV_LAB_MAX_SQUARES + 63) / 64];
	uint8_t *mover;
	int16_t *value;
	int nvalues, capvalues;
} lab_worker;

static void worker_free(lab_worker *w)
{
	if (!w)
		return;
	qv_match_free(w->m);
	free(w->before);
	free(w->legal);
	free(w->mover);
	free(w->value);
	qv_buf_free(&w->opening);
	free(w);
}

/* The counts marked in w as the game's sorted lists (seat, then component or square), the
 * worker's counters cleared for the next game. NULL lists when out of memory. */
static void gather_counts(lab_worker *w, qv_lab_game *res)
{
	int nc = 0, ns = 0;
	for (int s = 0; s < QV_MAX_PLAYERS; s++) {
		nc += __builtin_popcountll(w->comp_used[s]);
		for (size_t j = 0; j < sizeof w->square_used[s] / sizeof *w->square_used[s]; j++)
			ns += __builtin_popcountll(w->square_used[s][j]);
	}
	/* Room for one more, so never a zero-byte allocation. */
	res->comp = malloc(((size_t)nc + 1) * sizeof *res->comp);
	res->square = malloc(((size_t)ns + 1) * sizeof *res->square);
	res->ncomp = res->nsquare = 0;
	for (int s = 0; s < QV_MAX_PLAYERS; s++) {
		for (uint64_t u = w->comp_used[s]; u; u &= u - 1) {
			int k = __builtin_ctzll(u);
			if (res->comp)
				res->comp[res->ncomp++] =
				    (qv_lab_count){.seat = (uint8_t)s,
				                   .item = (uint16_t)k,
				                   .available = w->avail[s][k],
				                   .chosen = w->chosen[s][k],
				                   .captures = w->capt[s][k]};
			w->avail[s][k] = w->chosen[s][k] = 0;
			w->capt[s][k] = 0;
		}
		w->comp_used[s] = 0;
		for (size_t j = 0; j < sizeof w->square_used[s] / sizeof *w->square_used[s]; j++) {
			for (uint64_t u = w->square_used[s][j]; u; u &= u - 1) {
				int q = (int)j * 64 + __builtin_ctzll(u);
				if (res->square)
					res->square[res->nsquare++] =
					    (qv_lab_count){.seat = (uint8_t)s,
					                   .item = (uint16_t)q,
					                   .chosen = w->times[s][q]};
				w->times[s][q] = 0;
			}
			w->square_used[s][j] = 0;
		}
	}
}

static bool value_add(lab_worker *w, int mover, int16_t v)
{
	if (w->nvalues == w->capvalues) {
		int ncap = w->capvalues ? w->capvalues * 2 : 64;
		uint8_t *m = realloc(w->mover, (size_t)ncap);
		if (!m)
			return false;
		w->mover = m;
		int16_t *val = realloc(w->value, (size_t)ncap * sizeof *val);
		if (!val)
			return false;
		w->value = val;
		w->capvalues = ncap;
	}
	w->mover[w->nvalues] = (uint8_t)mover;
	w->value[w->nvalues++] = v;
	return true;
}

/* The game's held copies (qv_lab_game.held): each seat's copies of each entry as the game
 * starts, and of each ability (the copies of the entries that carry it), those it holds. */
static qv_lab_count *held_list(const lab_worker *w, const qv_lab_plan *p, int n, int *count)
{
	qv_lab_count *list = malloc(((size_t)(n * p->ncomponents) + 1) * sizeof *list);
	*count = 0;
	for (int s = 0; list && s < n; s++)
		for (int k = 0; k < p->ncomponents; k++)
			if (w->held[s][k] > 0)
				list[(*count)++] = (qv_lab_count){.seat = (uint8_t)s,
				                                  .item = (uint16_t)k,
				                                  .chosen = w->held[s][k]};
	return list;
}

/* Reads the copies of every component each of the n seats holds at st (the game's first
 * decision: its deal done). */
static void read_held(lab_worker *w, const qv_lab_plan *p, const void *st, int n)
{
	const qv_components *comp = p->cfg.game->components;
	memset(w->held, 0, sizeof w->held);
	for (int s = 0; s < n; s++)
		for (int e = 0; e < p->nentries; e++) {
			uint32_t c = comp->held ? (uint32_t)comp->held(st, s, e) : 1;
			w->held[s][e] = c;
			for (int k = p->nentries; k < p->ncomponents; k++)
				if (p->members[k] >> e & 1)
					w->held[s][k] += c;
		}
	w->held_read = true;
}

/* Credits seat s's captures since its last play (st: now) to the component it played then,
 * and to the abilities that component carries, and closes that play's window. */
static void credit_captures(lab_worker *w, const qv_lab_plan *p, const void *st, int s)
{
	const qv_components *comp = p->cfg.game->components;
	int c = w->last_play[s];
	if (!comp || !comp->captured || c < 0)
		return;
	int32_t d = comp->captured(st, s) - w->cap_at[s];
	w->capt[s][c] += d;
	for (int k = p->nentries; k < p->ncomponents; k++)
		if (p->members[k] >> c & 1)
			w->capt[s][k] += d;
	w->last_play[s] = -1;
}

/* Counts the components of the legal actions at st for the mover, and the one chosen, and
 * notes it as the mover's last play (for its captures). A play's captures are the mover's
 * from the play until its next play, or until its first decision after another seat's (the
 * turn has come round again), or the game's end: the captures of its turn and of the
 * opponents' turns it answers. (They were counted until the mover's next decision, which in
 * Evons comes before the play's conflicts resolve: every card read 0.00.) */
static void count_components(lab_worker *w, const qv_lab_plan *p, const void *st, int mover,
                             qv_action chosen)
{
	const qv_game *g = p->cfg.game;
	int n = g->legal(st, w->legal);
	uint64_t seen = 0; /* entries on offer */
	for (int i = 0; i < n; i++) {
		int k = g->components->component_of(st, w->legal[i]);
		if (k >= 0 && k < p->nentries)
			seen |= 1ull << k;
	}
	int c = g->components->component_of(st, chosen);
	uint64_t played = c >= 0 && c < p->nentries ? 1ull << c : 0;
	for (uint64_t u = seen; u; u &= u - 1) {
		int k = __builtin_ctzll(u);
		w->avail[mover][k]++;
		w->chosen[mover][k] += k == c;
	}
	w->comp_used[mover] |= seen;
	/* an ability is on offer when an entry that carries it is, played when one is */
	for (int k = p->nentries; k < p->ncomponents; k++)
		if (seen & p->members[k]) {
			w->avail[mover][k]++;
			w->chosen[mover][k] += (played & p->members[k]) != 0;
			w->comp_used[mover] |= 1ull << k;
		}
	if (played || w->passed[mover])
		credit_captures(w, p, st, mover);
	for (int s = 0; s < QV_MAX_PLAYERS; s++)
		w->passed[s] |= s != mover;
	if (played) {
		w->last_play[mover] = c;
		w->cap_at[mover] = g->components->captured ? g->components->captured(st, mover) : 0;
		w->passed[mover] = false;
	}
}

/* Counts the squares the last action (from w->before to st) touched; false (a bug of the
 * game's hook) for a square beyond what a heat map draws. */
static bool count_touches(lab_worker *w, const qv_game *g, qv_action a, const void *st)
{
	qv_lab_touch t[LAB_MAX_TOUCH];
	int n = g->components->touched(w->before, a, st, t, LAB_MAX_TOUCH);
	for (int i = 0; i < n; i++) {
		int s = t[i].seat, q = t[i].square;
		if (s < 0 || s >= QV_MAX_PLAYERS)
			continue;
		if (q < 0 || q >= QV_LAB_MAX_SQUARES)
			return false;
		w->times[s][q]++;
		w->square_used[s][q / 64] |= 1ull << (q % 64);
	}
	return true;
}

/* A search value as kept in a line: thousandths of utility, or QV_LAB_NOVALUE. */
static int16_t quantize(double v)
{
	if (isnan(v))
		return QV_LAB_NOVALUE;
	if (v > 1)
		v = 1;
	if (v < -1)
		v = -1;
	return (int16_t)lround(v * 1000);
}

/* A malloc'd copy of n items of `size` bytes at src (room for one more, so never a zero-byte
 * allocation); src may be NULL when n is 0. */
static void *copy_of(const void *src, int n, size_t size)
{
	void *p = malloc(((size_t)n + 1) * size);
	if (p && n > 0)
		memcpy(p, src, (size_t)n * size);
	return p;
}

/* The match for a game of arm a with this chance seed: the worker's previous one restarted
 * when it was set up alike (player count and variant make an arm's parameters), else a new one.
 * As the arena does: a random agent's game takes less time than setting a match up. */
static qv_status worker_match(const qv_lab_plan *p, const qv_lab_arm *a, bool swapped,
                              lab_worker *w, uint64_t seed, qv_err *err)
{
	if (w->m && w->m_players == a->players && w->m_variant == a->variant &&
	    w->m_swapped == swapped)
		return qv_match_restart(w->m, seed, err);
	qv_match_free(w->m);
	w->m = NULL;
	qv_params params;
	qv_status rc = qv_lab_arm_params(p, a, swapped, &params, err);
	if (!rc)
		rc = qv_match_new(&w->m, p->cfg.game, &params, seed, err);
	if (rc)
		return rc;
	w->m_players = a->players;
	w->m_variant = a->variant;
	w->m_swapped = swapped;
	qv_match_quiet(w->m);
	qv_match_hold_forced(w->m, (1u << QV_MAX_PLAYERS) - 1);
	return QV_OK;
}

/* The arm whose game j lends its seeds to game j of arm a (common random numbers: the two
 * games meet the same dice and deals, and their agents the same seeds, so that they are
 * compared game by game): for the baseline, the main arm of the same player count while it
 * has a game j; for the ablation of component k, k's control arm (the study's variant, played
 * for this comparison only), and for its restricted play the same arm where it is its twin
 * (qv_lab_twin_of); else a itself. Each component's pair has seeds of its own: were they all
 * paired with the main arm's first games, every component's test would lean with those games'
 * luck, and many would be flagged at once. */
static const qv_lab_arm *seed_arm(const qv_lab_plan *p, const qv_lab_arm *a, int j)
{
	if (a->kind != QV_LAB_ABLATE && a->kind != QV_LAB_BASELINE && a->kind != QV_LAB_RESTRICT)
		return a;
	const qv_lab_arm *m = a->kind == QV_LAB_ABLATE ? qv_lab_control_of(p, a)
	                      : a->kind == QV_LAB_RESTRICT
	                          ? qv_lab_twin_of(p, a)
	                          : qv_lab_find_arm(p, QV_LAB_MAIN, a->players, -1);
	return m && j < m->games ? m : a;
}

uint64_t qv_lab_game_seed(const qv_lab_plan *p, int i)
{
	const qv_lab_arm *a = qv_lab_arm_of(p, i);
	int j = i - a->first;
	return qv_seed_mix(p->cfg.seed, (uint64_t)(seed_arm(p, a, j)->first + j));
}

/* Appends the notation of a, the mover's decision at st, to the game's opening while it holds
 * fewer decisions than seats: each seat's first move, in the order they came. */
static void note_opening(lab_worker *w, const qv_game *g, const void *st, qv_action a, int n)
{
	if (w->opened >= n)
		return;
	char text[96];
	if (!g->action_to_text || g->action_to_text(st, a, text, sizeof text) < 0)
		snprintf(text, sizeof text, "#%lld", (long long)a);
	if (w->opened++)
		qv_buf_puts(&w->opening, " / ");
	qv_buf_puts(&w->opening, text);
}

/* One decision of seat tm: its agent's choice, counted (a real choice, its search value, the
 * components on offer and its captures, the opening) and played. */
static qv_status decide(const qv_lab_plan *p, lab_worker *w, qv_agent *agent, int *seen, int tm,
                        qv_lab_game *res, qv_action *a, qv_err *why)
{
	const qv_game *g = p->cfg.game;
	qv_match *m = w->m;
	int options;
	bool forced;
	qv_match_tell_agent(m, agent, seen);
	qv_status rc = qv_agent_decide(agent, m->state, a, &options, &forced, why);
	if (rc)
		return rc;
	res->positions++;
	if (!forced) {
		if (!w->held_read && g->components && p->ncomponents > 0)
			read_held(w, p, m->state, res->players);
		note_opening(w, g, m->state, *a, res->players);
		res->decisions++;
		res->legal += options;
		qv_agent_stats st;
		qv_agent_last_stats(agent, &st);
		if (!value_add(w, tm, quantize(st.value)))
			return qv_fail(why, QV_ENOMEM, "out of memory");
	}
	if (g->components && g->components->component_of && p->ncomponents > 0)
		count_components(w, p, m->state, tm, *a);
	return qv_match_play_checked(m, *a, forced, why);
}

/* The end of a game (its counts gathered into res already): its outcome and its other lists
 * in res. */
static qv_status finish_game(const qv_lab_plan *p, lab_worker *w, qv_lab_game *res, qv_err *why)
{
	const qv_game *g = p->cfg.game;
	const void *st = w->m->state;
	res->held = held_list(w, p, w->held_read ? res->players : 0, &res->nheld);
	res->opening = strdup(qv_buf_str(&w->opening));
	qv_returns(g, st, res->utility);
	g->ranks(st, res->rank);
	res->capped = g->capped && g->capped(st);
	res->nvalues = w->nvalues;
	res->mover = copy_of(w->mover, w->nvalues, sizeof *w->mover);
	res->value = copy_of(w->value, w->nvalues, sizeof *w->value);
	if (!res->mover || !res->value || !res->comp || !res->square || !res->held ||
	    !res->opening || w->opening.failed)
		return qv_fail(why, QV_ENOMEM, "out of memory");
	return QV_OK;
}

/* Clears what a worker keeps of one game, for the next (its counts are cleared as they are
 * gathered). */
static void worker_reset(lab_worker *w)
{
	w->nvalues = 0;
	w->held_read = false;
	w->opened = 0;
	qv_buf_clear(&w->opening);
	for (int s = 0; s < QV_MAX_PLAYERS; s++) {
		w->last_play[s] = -1;
		w->passed[s] = false;
	}
}

/* Plays the worker's match to its end: the agents decide (seen: what each has been told),
 * the match draws chance, and the squares each action touches are counted where the game
 * names them. */
static qv_status play_out(const qv_lab_plan *p, lab_worker *w, qv_agent **agents, int *seen,
                          qv_lab_game *res, qv_err *why)
{
	const qv_game *g = p->cfg.game;
	qv_match *m = w->m;
	bool by_square = g->components && g->components->touched;
	qv_status rc = QV_OK;
	while (!rc) {
		int tm = qv_match_to_move(m);
		if (tm == QV_OVER)
			break;
		if (by_square)
			memcpy(w->before, m->state, g->state_size);
		qv_action a;
		rc = tm == QV_CHANCE ? qv_match_chance(m, &a, why)
		                     : decide(p, w, agents[tm], &seen[tm], tm, res, &a, why);
		if (!rc && by_square && !count_touches(w, g, a, m->state))
			rc = qv_fail(
			    why, QV_ESTATE,
			    "the game's touched hook named a square beyond the %d of a board",
			    QV_LAB_MAX_SQUARES);
		if (!rc && m->nhist > LAB_MAX_GAME_ACTIONS)
			rc = qv_fail(why, QV_ESTATE, "the game did not end after %d actions",
			             LAB_MAX_GAME_ACTIONS);
	}
	return rc;
}

/* Game `index` of the study played on worker w into res: its match (dice paired across arms
 * when the study is), its agents, the game, and what it counted; an error names the game and
 * its seed. */
static qv_status play_game(const qv_lab_plan *p, int index, lab_worker *w, qv_lab_game *res,
                           qv_err *err)
{
	const qv_lab_config *cfg = &p->cfg;
	const qv_game *g = cfg->game;
	const qv_lab_arm *arm = qv_lab_arm_of(p, index);
	int j = index - arm->first;
	int n = arm->players;
	uint64_t seed = qv_lab_game_seed(p, index);
	uint64_t chance_seed = seed;
	if (cfg->paired) {
		const qv_lab_arm *ref = seed_arm(p, arm, j);
		int r = qv_lab_rotation(ref);
		chance_seed = qv_seed_mix(cfg->seed, (uint64_t)(ref->first + j / r * r));
	}
	qv_agent *agents[QV_MAX_PLAYERS] = {NULL};
	int seen[QV_MAX_PLAYERS] = {0};
	qv_err why;
	memset(res, 0, sizeof *res);
	res->index = index;
	res->players = n;
	worker_reset(w);
	qv_status rc = worker_match(p, arm, qv_lab_swapped(p, index), w, chance_seed, &why);
	qv_match *m = w->m;
	for (int s = 0; !rc && s < n; s++) {
		int a = qv_lab_seat_agent(p, arm, j, s);
		res->agent[s] = a;
		rc = qv_agent_new(&agents[s], arm->agents[a], g, qv_seed_mix(seed, (uint64_t)s + 1),
		                  &why);
		if (!rc && arm->kind == QV_LAB_RESTRICT && a == 0)
			qv_agent_forbid(agents[s], p->members[arm->component]);
	}
	if (!rc)
		rc = play_out(p, w, agents, seen, res, &why);
	for (int s = 0; !rc && s < n; s++)
		credit_captures(w, p, m->state, s);
	gather_counts(w, res); /* clears the worker's counters, whatever happened */
	if (!rc)
		rc = finish_game(p, w, res, &why);
	if (rc)
		qv_lab_game_free(res);
	for (int s = 0; s < n; s++)
		qv_agent_free(agents[s]);
	if (rc)
		return qv_fail(err, rc, "game %d (seed %llu): %s", index + 1,
		               (unsigned long long)seed, why.msg);
	return QV_OK;
}

void qv_lab_game_free(qv_lab_game *g)
{
	if (!g)
		return;
	free(g->mover);
	free(g->value);
	free(g->comp);
	free(g->square);
	free(g->held);
	free(g->opening);
	g->mover = NULL;
	g->value = NULL;
	g->comp = NULL;
	g->square = NULL;
	g->held = NULL;
	g->opening = NULL;
	g->nvalues = g->ncomp = g->nsquare = g->nheld = 0;
}

/* ---- threads ------------------------------------------------------------------------------- */

/* The iterations an agent spec searches a decision (a level's from its options), 1 for one
 * that does not search (greedy looks one decision ahead), a twentieth for random. */
static double agent_cost(const qv_game *g, const char *spec)
{
	char kind[QV_NAME_MAX];
	qv_copy(kind, sizeof kind, spec);
	char *colon = strchr(kind, ':');
	if (colon)
		*colon = '\0';
	if (!strcmp(kind, "random"))
		return 0.05;
	const char *opts = colon ? spec + (colon - kind) + 1 : qv_agent_level_options(g, kind);
	const char *it = opts ? strstr(opts, "iterations=") : NULL;
	double n = it ? strtod(it + strlen("iterations="), NULL) : 0;
	return n >= 1 ? n : 1;
}

double qv_lab_arm_cost(const qv_game *g, const qv_lab_arm *a)
{
	if (a->kind == QV_LAB_MAIN || a->kind == QV_LAB_BASELINE || a->kind == QV_LAB_ABLATE ||
	    a->kind == QV_LAB_CONTROL) {
		double sum = 0;
		for (int k = 0; k < a->nagents; k++)
			sum += agent_cost(g, a->agents[k]);
		return a->players * sum / (a->nagents > 0 ? a->nagents : 1);
	}
	return agent_cost(g, a->agents[0]) + (a->players - 1) * agent_cost(g, a->agents[1]);
}

/* What the games of one call of qv_lab_play_into share. */
typedef struct lab_run {
	const qv_lab_plan *plan;
	const qv_lab_sink *sink;
	atomic_int played;
	atomic_llong work; /* the cost of the games played, in thousandths */
	atomic_bool stopped;
	int total;         /* games to play (not skipped) */
	double work_total; /* their cost */
} lab_run;

static void *lab_start(void *ctx)
{
	const qv_game *g = ((lab_run *)ctx)->plan->cfg.game;
	lab_worker *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->before = malloc(g->state_size);
	w->legal = malloc((size_t)g->max_actions * sizeof *w->legal);
	if (!w->before || !w->legal) {
		worker_free(w);
		return NULL;
	}
	return w;
}

static void lab_stop(void *mine) { worker_free(mine); }

/* Game index: skipped when the sink has it already, not started once the sink says stop,
 * else played and handed to the sink. */
static qv_status lab_job(void *ctx, void *mine, int index, qv_err *err)
{
	lab_run *R = ctx;
	const qv_lab_sink *k = R->sink;
	if (k->skip && k->skip(k->ctx, index))
		return QV_OK;
	if (k->stop && *k->stop) {
		atomic_store(&R->stopped, true);
		return QV_OK;
	}
	qv_lab_game g;
	qv_status rc = play_game(R->plan, index, mine, &g, err);
	if (rc)
		return rc;
	rc = k->game(k->ctx, &g, err);
	if (rc)
		return rc;
	atomic_fetch_add(&R->played, 1);
	double cost = qv_lab_arm_cost(R->plan->cfg.game, qv_lab_arm_of(R->plan, index));
	atomic_fetch_add(&R->work, (long long)llround(cost * 1000));
	return QV_OK;
}

static void lab_progress(void *ctx, int done, int total, double elapsed)
{
	(void)done;
	(void)total;
	lab_run *R = ctx;
	qv_lab_progress_info info = {.done = atomic_load(&R->played),
	                             .total = R->total,
	                             .work_done = (double)atomic_load(&R->work) / 1000,
	                             .work_total = R->work_total,
	                             .elapsed = elapsed};
	R->sink->progress(R->sink->progress_ctx, &info);
}

qv_status qv_lab_play_into(const qv_lab_plan *p, int lo, int hi, int threads,
                           const qv_lab_sink *sink, bool *stopped, qv_err *err)
{
	if (lo < 0 || hi > p->total || lo > hi)
		return qv_fail(err, QV_EINVAL, "bad range [%d, %d) of a study of %d games", lo, hi,
		               p->total);
	lab_run *R = calloc(1, sizeof *R);
	if (!R)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	R->plan = p;
	R->sink = sink;
	atomic_init(&R->played, 0);
	atomic_init(&R->work, 0);
	atomic_init(&R->stopped, false);
	for (int i = lo; i < hi; i++)
		if (!sink->skip || !sink->skip(sink->ctx, i)) {
			R->total++;
			R->work_total += qv_lab_arm_cost(p->cfg.game, qv_lab_arm_of(p, i));
		}
	qv__workers w = {.lo = lo,
	                 .hi = hi,
	                 .threads = threads,
	                 .ctx = R,
	                 .start = lab_start,
	                 .job = lab_job,
	                 .stop = lab_stop,
	                 .progress = sink->progress ? lab_progress : NULL,
	                 .progress_ctx = R};
	qv_status rc = qv__workers_run(&w, NULL, err);
	if (stopped)
		*stopped = atomic_load(&R->stopped);
	free(R);
	return rc;
}

/* The array sink of qv_lab_play: each game into its slot. */
typedef struct array_sink {
	qv_lab_game *games;
	int lo;
} array_sink;

static qv_status into_array(void *ctx, qv_lab_game *g, qv_err *err)
{
	(void)err;
	array_sink *a = ctx;
	a->games[g->index - a->lo] = *g;
	return QV_OK;
}

qv_status qv_lab_play(const qv_lab_plan *p, int lo, int hi, int threads, qv_lab_game *games,
                      qv_err *err)
{
	if (lo < 0 || hi > p->total || lo > hi)
		return qv_fail(err, QV_EINVAL, "bad range [%d, %d) of a study of %d games", lo, hi,
		               p->total);
	memset(games, 0, (size_t)(hi - lo) * sizeof *games);
	array_sink a = {games, lo};
	qv_lab_sink sink = {.game = into_array, .ctx = &a};
	qv_status rc = qv_lab_play_into(p, lo, hi, threads, &sink, NULL, err);
	if (rc)
		for (int i = 0; i < hi - lo; i++)
			qv_lab_game_free(&games[i]);
	return rc;
}
