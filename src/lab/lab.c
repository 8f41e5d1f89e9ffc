/*
 * lab.c - the designer's lab's studies (see lab.h): the plan of arms laid end to end, the
 * games played on worker threads into compact per-game records, those records as text lines,
 * and the header a shard of a study starts with. The metrics are in metrics.c, the
 * report's files in report.c.
 *
 * Everything that decides a game is a function of the configuration and the game's index, so
 * a study cut into shards plays exactly the games one machine would.
 */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/workers.h"
#include "games/json_util.h"
#include "lab/lab.h"
#include "quiver/match.h"

/* A game longer than this many actions is taken to be a game that never ends (a rules bug). */
#define LAB_MAX_GAME_ACTIONS 1000000
/* The most games of one study (the records take about a hundred bytes a game, more with
 * search values). */
#define LAB_MAX_GAMES 10000000
/* Squares one action may touch (a walk across a board). */
#define LAB_MAX_TOUCH 64

/* ---- the plan ------------------------------------------------------------------------------ */

/* The number of games a rotation of arm kind k holds with n players and nagents agents: the
 * games after which every agent (or the one distinct seat) has sat in every seat. */
static int rotation(qv_lab_arm_kind k, int players, int nagents)
{
	if (k == QV_LAB_MAIN || k == QV_LAB_BASELINE || k == QV_LAB_ABLATE || k == QV_LAB_CONTROL)
		return nagents > 1 ? nagents : players;
	return players;
}

/* Adds ability `kind`, carried by entry i, to p's components (once). */
static qv_status add_ability(qv_lab_plan *p, const char *kind, int i, qv_err *err)
{
	char id[QV_NAME_MAX];
	snprintf(id, sizeof id, "ability:%s", kind);
	int k = p->nentries;
	while (k < p->ncomponents && strcmp(p->component[k], id) != 0)
		k++;
	if (k == p->ncomponents) {
		if (k == QV_LAB_MAX_COMPONENTS)
			return qv_fail(
			    err, QV_EINVAL,
			    "the variant has more than %d components with their abilities; "
			    "a study examines at most %d one by one (give "
			    "--component-games 0 to leave them out)",
			    QV_LAB_MAX_COMPONENTS, QV_LAB_MAX_COMPONENTS);
		qv_copy(p->component[k], QV_NAME_MAX, id);
		p->members[k] = 0;
		p->ncomponents++;
	}
	p->members[k] |= 1ull << i;
	return QV_OK;
}

/* The components of v: the `id_key` of every entry of the game's studied block, then the
 * abilities those entries carry. */
static qv_status list_components(const qv_game *g, const qv_variant *v, qv_lab_plan *p, qv_err *err)
{
	const qv_components *c = g->components;
	p->ncomponents = p->nentries = 0;
	if (!c || !c->studied)
		return QV_OK;
	const char *id_key = NULL;
	for (int b = 0; b < c->nblocks; b++)
		if (strcmp(c->blocks[b].key, c->studied) == 0)
			id_key = c->blocks[b].id_key;
	json_t *list = json_object_get(v->json, c->studied);
	if (!id_key || !json_is_array(list))
		return qv_fail(err, QV_ESTATE, "%s: the studied block '%s' is not a list", g->name,
		               c->studied);
	size_t n = json_array_size(list);
	if (n > QV_LAB_MAX_COMPONENTS)
		return qv_fail(err, QV_EINVAL,
		               "the variant has %zu %s; a study examines at most %d one by one "
		               "(give --component-games 0 to leave them out)",
		               n, c->studied, QV_LAB_MAX_COMPONENTS);
	for (size_t i = 0; i < n; i++) {
		const char *id =
		    json_string_value(json_object_get(json_array_get(list, i), id_key));
		qv_copy(p->component[i], QV_NAME_MAX, id ? id : "?");
		p->members[i] = 1ull << i;
	}
	p->ncomponents = p->nentries = (int)n;
	for (size_t i = 0; c->abilities && i < n; i++) {
		const char *kinds[QV_VARIANT_ABILITIES];
		int m = c->abilities(json_array_get(list, i), kinds, QV_VARIANT_ABILITIES);
		for (int j = 0; j < m; j++) {
			qv_status rc = add_ability(p, kinds[j], (int)i, err);
			if (rc)
				return rc;
		}
	}
	return QV_OK;
}

/* Adds an arm of `games` games (rounded up to whole rotations; to pairs of them when the
 * sides rotate, one as given and one swapped) to p. */
static qv_status add_arm(qv_lab_plan *p, int *cap, qv_lab_arm arm, qv_err *err)
{
	int r = rotation(arm.kind, arm.players, arm.nagents) * (p->nsides > 0 ? 2 : 1);
	long games = ((long)arm.games + r - 1) / r * r;
	if ((long)p->total + games > LAB_MAX_GAMES)
		return qv_fail(err, QV_EINVAL, "the study would play more than %d games in all",
		               LAB_MAX_GAMES);
	if (p->narms == *cap) {
		int ncap = *cap ? *cap * 2 : 16;
		qv_lab_arm *a = realloc(p->arm, (size_t)ncap * sizeof *a);
		if (!a)
			return qv_fail(err, QV_ENOMEM, "out of memory for the plan of the study");
		p->arm = a;
		*cap = ncap;
	}
	arm.games = (int)games;
	arm.first = p->total;
	p->arm[p->narms++] = arm;
	p->total += (int)games;
	return QV_OK;
}

/* Whether an agent spec stops its searches by the clock (a `time=` key, or a level whose
 * options have one): its games then depend on the machine's load, and a study with it could
 * be neither repeated nor merged byte for byte. */
static bool spec_timed(const qv_game *g, const char *spec)
{
	char kind[QV_NAME_MAX];
	qv_copy(kind, sizeof kind, spec);
	char *colon = strchr(kind, ':');
	if (colon)
		*colon = '\0';
	const char *level = qv_agent_level_options(g, kind);
	return (colon && strstr(colon + 1, "time=")) || (level && strstr(level, "time="));
}

/* The agent `hard` of g without its clock: the same search budget, so the same strength on
 * an idle machine, and the same games on any machine. */
static void hard_untimed(const qv_game *g, char *out, size_t len)
{
	const char *opts = qv_agent_level_options(g, "hard");
	qv_buf b = {0};
	qv_buf_puts(&b, "ismcts:");
	bool first = true;
	while (opts && *opts) {
		const char *end = strchr(opts, ',');
		size_t n = end ? (size_t)(end - opts) : strlen(opts);
		if (strncmp(opts, "time=", 5) != 0) {
			qv_buf_printf(&b, "%s%.*s", first ? "" : ",", (int)n, opts);
			first = false;
		}
		opts += n + (end ? 1 : 0);
	}
	qv_copy(out, len, qv_buf_str(&b));
	qv_buf_free(&b);
}

/* An arm whose one distinct seat plays `special` and the others `other`. */
static qv_lab_arm two_agents(qv_lab_arm_kind kind, int players, const qv_variant *v,
                             const char *special, const char *other, int games)
{
	qv_lab_arm a = {.kind = kind,
	                .players = players,
	                .variant = v,
	                .games = games,
	                .nagents = 2,
	                .component = -1};
	qv_copy(a.agents[0], QV_NAME_MAX, special);
	qv_copy(a.agents[1], QV_NAME_MAX, other);
	return a;
}

const char *qv_lab_side_value(const qv_lab_config *cfg, const char *key)
{
	const char *v = qv_params_get(&cfg->params, key);
	const qv_param_def *d = qv_param_find(cfg->game->params, cfg->game->nparams, key);
	return v ? v : d && d->def ? d->def : "";
}

/* Marks the components cfg->components names (all when it is empty); QV_EINVAL naming a word
 * that is no component, with what is accepted. */
static qv_status choose_components(const qv_lab_config *cfg, qv_lab_plan *p, qv_err *err)
{
	bool all = !cfg->components[0];
	for (int k = 0; k < p->ncomponents; k++)
		p->studied[k] = all;
	if (all)
		return QV_OK;
	char list[sizeof cfg->components];
	qv_copy(list, sizeof list, cfg->components);
	for (char *save = NULL, *w = strtok_r(list, ",", &save); w;
	     w = strtok_r(NULL, ",", &save)) {
		bool found = false;
		for (int k = 0; k < p->ncomponents; k++) {
			bool hit = !strcmp(w, p->component[k]) ||
			           (!strcmp(w, "entries") && k < p->nentries) ||
			           (!strcmp(w, "abilities") && k >= p->nentries);
			p->studied[k] |= hit;
			found |= hit;
		}
		if (!found && strcmp(w, "abilities") != 0)
			return qv_fail(
			    err, QV_EINVAL,
			    "--components: '%s' is no component of the variant (expected "
			    "ids such as '%s', or the words entries and abilities)",
			    w, p->ncomponents ? p->component[0] : "none");
	}
	return QV_OK;
}

/* The sides of a study (lab.h: qv_lab_plan.side), when they rotate. */
static void list_sides(const qv_lab_config *cfg, qv_lab_plan *p)
{
	const qv_components *comp = cfg->game->components;
	p->nsides = 0;
	if (cfg->fixed_sides || !comp || !comp->sides)
		return;
	int n = 0;
	while (comp->sides[n] && n < QV_MAX_PLAYERS)
		n++;
	for (int i = 0; i < cfg->nplayers; i++)
		if (cfg->players[i] != n || n != 2)
			return; /* seat k holds side k: only a count of seats equal to the sides */
	for (int k = 0; k < n; k++) {
		const char *v = qv_lab_side_value(cfg, comp->sides[k]);
		bool named = *v && strlen(v) < QV_NAME_MAX && !strchr(v, ',');
		qv_copy(p->side[k], QV_NAME_MAX, named ? v : comp->sides[k]);
	}
	p->nsides = n;
}

/* The parameters of game j of arm a: the study's, with its player count, the arm's variant
 * and, in a swapped game, the two sides' parameters exchanged. */
static qv_status arm_params(const qv_lab_plan *p, const qv_lab_arm *a, bool swapped, qv_params *out,
                            qv_err *err)
{
	*out = p->cfg.params;
	char count[16];
	snprintf(count, sizeof count, "%d", a->players);
	qv_status rc = QV_OK;
	if (qv_param_find(p->cfg.game->params, p->cfg.game->nparams, "players"))
		rc = qv_params_set(out, "players", count, err);
	if (!rc && a->variant && !a->variant->builtin)
		rc = qv_params_set(out, "variant", a->variant->sha256, err);
	if (!rc && swapped && p->nsides == 2) {
		const char *const *key = p->cfg.game->components->sides;
		char v0[QV_PARAM_VALUE_MAX + 1], v1[QV_PARAM_VALUE_MAX + 1];
		qv_copy(v0, sizeof v0, qv_lab_side_value(&p->cfg, key[0]));
		qv_copy(v1, sizeof v1, qv_lab_side_value(&p->cfg, key[1]));
		rc = qv_params_set(out, key[0], v1, err);
		if (!rc)
			rc = qv_params_set(out, key[1], v0, err);
	}
	return rc;
}

int qv_lab_rotation(const qv_lab_arm *a) { return rotation(a->kind, a->players, a->nagents); }

bool qv_lab_swapped(const qv_lab_plan *p, int i)
{
	if (p->nsides == 0)
		return false;
	const qv_lab_arm *a = qv_lab_arm_of(p, i);
	int r = rotation(a->kind, a->players, a->nagents);
	return (i - a->first) / r % 2 == 1;
}

/* Checks that every player count can be set up with the configuration's parameters. */
static qv_status check_setup(const qv_lab_plan *p, qv_err *err)
{
	const qv_game *g = p->cfg.game;
	void *st = malloc(g->state_size);
	if (!st)
		return qv_fail(err, QV_ENOMEM, "out of memory checking the parameters");
	qv_status rc = QV_OK;
	for (int i = 0; !rc && i < p->narms; i++) {
		if (i > 0 && p->arm[i].players == p->arm[i - 1].players &&
		    p->arm[i].variant == p->arm[i - 1].variant)
			continue;
		qv_params params;
		rc = arm_params(p, &p->arm[i], false, &params, err);
		if (!rc)
			rc = g->init(st, &params, p->cfg.seed, err);
		if (!rc && g->num_players(st) != p->arm[i].players)
			rc = qv_fail(err, QV_EINVAL, "%s has no parameter for %d players", g->name,
			             p->arm[i].players);
	}
	free(st);
	return rc;
}

qv_status qv_lab_plan_make(const qv_lab_config *cfg, qv_lab_plan *out, qv_err *err)
{
	memset(out, 0, sizeof *out);
	out->cfg = *cfg;
	const qv_game *g = cfg->game;
	if (!cfg->variant)
		return qv_fail(err, QV_EINVAL, "a study needs a variant (the built-in set: base)");
	if (cfg->nagents < 1 || cfg->nagents > QV_MAX_PLAYERS)
		return qv_fail(err, QV_EINVAL, "%d agents given: a study takes 1-%d agent specs",
		               cfg->nagents, QV_MAX_PLAYERS);
	if (cfg->nplayers < 1)
		return qv_fail(err, QV_EINVAL, "no player count to study");
	for (int i = 0; i < cfg->nplayers; i++) {
		int n = cfg->players[i];
		if (n < g->min_players || n > g->max_players)
			return qv_fail(err, QV_EINVAL, "%s is for %d-%d players, not %d", g->name,
			               g->min_players, g->max_players, n);
		if (i > 0 && n <= cfg->players[i - 1])
			return qv_fail(err, QV_EINVAL,
			               "player counts must be given once each, in ascending order");
	}
	if (cfg->games < 1)
		return qv_fail(err, QV_EINVAL, "bad number of games %d: expected at least 1",
		               cfg->games);
	if (cfg->component_games < 0 || cfg->ladder_games < 0 || cfg->luck_games < 0)
		return qv_fail(err, QV_EINVAL, "a number of games cannot be negative");
	if (cfg->ladder_games > 0 && (cfg->ladder_lo < 1 || cfg->ladder_hi > QV_LAB_MAX_RUNGS ||
	                              cfg->ladder_lo > cfg->ladder_hi))
		return qv_fail(err, QV_EINVAL, "bad skill ladder %d-%d: expected rungs within 1-16",
		               cfg->ladder_lo, cfg->ladder_hi);
	for (int i = 0; i < cfg->nagents; i++) {
		if (spec_timed(g, cfg->agents[i])) {
			char hard[QV_NAME_MAX];
			hard_untimed(g, hard, sizeof hard);
			return qv_fail(
			    err, QV_EINVAL,
			    "agent '%s' stops its search by the clock, so its games "
			    "depend on the machine's load and a study could not be "
			    "repeated or merged: give a budget of iterations instead (%s "
			    "is hard without its clock)",
			    cfg->agents[i], hard);
		}
		qv_agent *a;
		qv_status rc = qv_agent_new(&a, cfg->agents[i], g, 0, err);
		if (rc)
			return rc;
		qv_agent_free(a);
	}
	qv_status rc = QV_OK;
	list_sides(cfg, out);
	if (cfg->component_games > 0)
		rc = list_components(g, cfg->variant, out, err);
	if (!rc)
		rc = choose_components(cfg, out, err);
	if (rc)
		return rc;
	const qv_components *comp = g->components;
	bool ablate = cfg->component_games > 0 && out->ncomponents > 0 && comp && comp->ablate;
	const qv_variant *ablated[QV_LAB_MAX_COMPONENTS] = {NULL};
	for (int k = 0; ablate && k < out->ncomponents; k++) {
		if (!out->studied[k])
			continue;
		/* A component the game cannot take out (Arrow Party's only item kind) has no
		 * ablation arm; its restricted play still tells its effect. */
		json_t *doc =
		    k < out->nentries
		        ? comp->ablate(cfg->variant->json, k, err)
		        : qv_variant_without_ability(g, cfg->variant->json,
		                                     out->component[k] + strlen("ability:"), err);
		if (!doc)
			continue;
		rc = qv_variant_from_json(doc, g, "ablated variant", &ablated[k], err);
		json_decref(doc);
		if (rc) {
			char was[sizeof err->msg];
			qv_copy(was, sizeof was, err->msg);
			return qv_fail(err, rc, "taking out %s: %s", out->component[k], was);
		}
	}
	int cap = 0;
	for (int i = 0; !rc && i < cfg->nplayers; i++) {
		int n = cfg->players[i];
		qv_lab_arm main = {.kind = QV_LAB_MAIN,
		                   .players = n,
		                   .variant = cfg->variant,
		                   .games = cfg->games,
		                   .nagents = cfg->nagents,
		                   .component = -1};
		memcpy(main.agents, cfg->agents, sizeof main.agents);
		rc = add_arm(out, &cap, main, err);
		if (!rc && cfg->baseline) {
			qv_lab_arm b = main;
			b.kind = QV_LAB_BASELINE;
			b.variant = cfg->baseline;
			rc = add_arm(out, &cap, b, err);
		}
		for (int k = 0; !rc && cfg->component_games > 0 && k < out->ncomponents; k++) {
			if (!out->studied[k])
				continue;
			if (ablate && ablated[k]) {
				qv_lab_arm c = main;
				c.kind = QV_LAB_CONTROL;
				c.component = k;
				c.games = cfg->component_games;
				rc = add_arm(out, &cap, c, err);
			}
			if (!rc && ablate && ablated[k]) {
				qv_lab_arm a = main;
				a.kind = QV_LAB_ABLATE;
				a.variant = ablated[k];
				a.component = k;
				a.games = cfg->component_games;
				rc = add_arm(out, &cap, a, err);
			}
			if (!rc && comp && comp->component_of) {
				qv_lab_arm r =
				    two_agents(QV_LAB_RESTRICT, n, cfg->variant, cfg->agents[0],
				               cfg->agents[0], cfg->component_games);
				r.component = k;
				rc = add_arm(out, &cap, r, err);
			}
		}
		for (int k = cfg->ladder_lo; !rc && cfg->ladder_games > 0 && k <= cfg->ladder_hi;
		     k++) {
			char strong[QV_NAME_MAX], weak[QV_NAME_MAX];
			snprintf(strong, sizeof strong, "ismcts:iterations=%ld", 1L << (k + 1));
			snprintf(weak, sizeof weak, "ismcts:iterations=%ld", 1L << k);
			qv_lab_arm a = two_agents(QV_LAB_LADDER, n, cfg->variant, strong, weak,
			                          cfg->ladder_games);
			a.component = k;
			rc = add_arm(out, &cap, a, err);
		}
		/* The luck floor: what random play scores against the study's own players. */
		if (!rc && cfg->luck_games > 0)
			rc = add_arm(out, &cap,
			             two_agents(QV_LAB_LUCK, n, cfg->variant, "random",
			                        cfg->agents[0], cfg->luck_games),
			             err);
	}
	if (!rc)
		rc = check_setup(out, err);
	if (rc)
		qv_lab_plan_free(out);
	return rc;
}

void qv_lab_plan_free(qv_lab_plan *p)
{
	if (!p)
		return;
	free(p->arm);
	p->arm = NULL;
	p->narms = 0;
}

const qv_lab_arm *qv_lab_arm_of(const qv_lab_plan *p, int i)
{
	int lo = 0, hi = p->narms - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (p->arm[mid].first <= i)
			lo = mid;
		else
			hi = mid - 1;
	}
	return &p->arm[lo];
}

/* The arm's agent in seat s of its game j. */
static int seat_agent(const qv_lab_arm *a, int j, int s)
{
	if (a->kind == QV_LAB_MAIN || a->kind == QV_LAB_BASELINE || a->kind == QV_LAB_ABLATE ||
	    a->kind == QV_LAB_CONTROL)
		return (int)(((long)s + j) % a->nagents);
	return s == j % a->players ? 0 : 1;
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
	uint64_t comp_used[QV_MAX_PLAYERS];
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
				                   .chosen = w->chosen[s][k]};
			w->avail[s][k] = w->chosen[s][k] = 0;
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

/* Counts the components of the legal actions at st for the mover, and the one chosen. */
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
	qv_status rc = arm_params(p, a, swapped, &params, err);
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
 * for this comparison only); else a itself. Each component's pair has seeds of its own, and so
 * has restricted play: were they all paired with the main arm's first games, every
 * component's test would lean with those games' luck, and many would be flagged at once. */
static const qv_lab_arm *seed_arm(const qv_lab_plan *p, const qv_lab_arm *a, int j)
{
	if (a->kind != QV_LAB_ABLATE && a->kind != QV_LAB_BASELINE)
		return a;
	qv_lab_arm_kind ref = a->kind == QV_LAB_ABLATE ? QV_LAB_CONTROL : QV_LAB_MAIN;
	for (int k = 0; k < p->narms; k++) {
		const qv_lab_arm *m = &p->arm[k];
		if (m->kind == ref && m->players == a->players &&
		    (ref != QV_LAB_CONTROL || m->component == a->component))
			return j < m->games ? m : a;
	}
	return a;
}

uint64_t qv_lab_game_seed(const qv_lab_plan *p, int i)
{
	const qv_lab_arm *a = qv_lab_arm_of(p, i);
	int j = i - a->first;
	return qv_seed_mix(p->cfg.seed, (uint64_t)(seed_arm(p, a, j)->first + j));
}

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
		int r = rotation(ref->kind, n, ref->nagents);
		chance_seed = qv_seed_mix(cfg->seed, (uint64_t)(ref->first + j / r * r));
	}
	const qv_components *comp = g->components;
	bool by_component = comp && comp->component_of && p->ncomponents > 0;
	bool by_square = comp && comp->touched;
	qv_agent *agents[QV_MAX_PLAYERS] = {NULL};
	int seen[QV_MAX_PLAYERS] = {0};
	qv_err why;
	w->nvalues = 0;
	memset(res, 0, sizeof *res);
	res->index = index;
	res->players = n;
	qv_status rc = worker_match(p, arm, qv_lab_swapped(p, index), w, chance_seed, &why);
	qv_match *m = w->m;
	for (int s = 0; !rc && s < n; s++) {
		int a = seat_agent(arm, j, s);
		res->agent[s] = a;
		rc = qv_agent_new(&agents[s], arm->agents[a], g, qv_seed_mix(seed, (uint64_t)s + 1),
		                  &why);
		if (!rc && arm->kind == QV_LAB_RESTRICT && a == 0)
			qv_agent_forbid(agents[s], p->members[arm->component]);
	}
	while (!rc) {
		int tm = qv_match_to_move(m);
		if (tm == QV_OVER)
			break;
		if (by_square)
			memcpy(w->before, m->state, g->state_size);
		qv_action a;
		if (tm == QV_CHANCE) {
			rc = qv_match_chance(m, &a, &why);
		} else {
			int options;
			bool forced;
			qv_match_tell_agent(m, agents[tm], &seen[tm]);
			rc = qv_agent_decide(agents[tm], m->state, &a, &options, &forced, &why);
			if (rc)
				break;
			res->positions++;
			if (!forced) {
				res->decisions++;
				res->legal += options;
				qv_agent_stats st;
				qv_agent_last_stats(agents[tm], &st);
				if (!value_add(w, tm, quantize(st.value)))
					rc = qv_fail(&why, QV_ENOMEM, "out of memory");
			}
			if (!rc && by_component)
				count_components(w, p, m->state, tm, a);
			if (!rc)
				rc = qv_match_play_checked(m, a, forced, &why);
		}
		if (!rc && by_square && !count_touches(w, g, a, m->state))
			rc = qv_fail(
			    &why, QV_ESTATE,
			    "the game's touched hook named a square beyond the %d of a board",
			    QV_LAB_MAX_SQUARES);
		if (!rc && m->nhist > LAB_MAX_GAME_ACTIONS)
			rc = qv_fail(&why, QV_ESTATE, "the game did not end after %d actions",
			             LAB_MAX_GAME_ACTIONS);
	}
	gather_counts(w, res); /* clears the worker's counters, whatever happened */
	if (!rc) {
		qv_returns(g, m->state, res->utility);
		g->ranks(m->state, res->rank);
		res->capped = g->capped && g->capped(m->state);
		res->nvalues = w->nvalues;
		res->mover = copy_of(w->mover, w->nvalues, sizeof *w->mover);
		res->value = copy_of(w->value, w->nvalues, sizeof *w->value);
		if (!res->mover || !res->value || !res->comp || !res->square)
			rc = qv_fail(&why, QV_ENOMEM, "out of memory");
	}
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
	g->mover = NULL;
	g->value = NULL;
	g->comp = NULL;
	g->square = NULL;
	g->nvalues = g->ncomp = g->nsquare = 0;
}

/* ---- threads ------------------------------------------------------------------------------- */

/* What the games of one call of qv_lab_play share. */
typedef struct lab_run {
	const qv_lab_plan *plan;
	int lo;
	qv_lab_game *games; /* games[i - lo] is game i */
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

static qv_status lab_job(void *ctx, void *mine, int index, qv_err *err)
{
	lab_run *R = ctx;
	return play_game(R->plan, index, mine, &R->games[index - R->lo], err);
}

qv_status qv_lab_play(const qv_lab_plan *p, int lo, int hi, int threads, qv_lab_game *games,
                      qv_lab_progress progress, void *progress_ctx, qv_err *err)
{
	if (lo < 0 || hi > p->total || lo > hi)
		return qv_fail(err, QV_EINVAL, "bad range [%d, %d) of a study of %d games", lo, hi,
		               p->total);
	memset(games, 0, (size_t)(hi - lo) * sizeof *games);
	lab_run R = {.plan = p, .lo = lo, .games = games};
	qv__workers w = {.lo = lo,
	                 .hi = hi,
	                 .threads = threads,
	                 .ctx = &R,
	                 .start = lab_start,
	                 .job = lab_job,
	                 .stop = lab_stop,
	                 .progress = progress,
	                 .progress_ctx = progress_ctx};
	qv_status rc = qv__workers_run(&w, NULL, err);
	if (rc)
		for (int i = 0; i < hi - lo; i++)
			qv_lab_game_free(&games[i]);
	return rc;
}

/* ---- lines --------------------------------------------------------------------------------- */

/* Appends sep (when not 0) and v in decimal. */
static void put_int(qv_buf *out, char sep, long long v)
{
	if (sep)
		qv_buf_putc(out, sep);
	qv_buf_putd(out, v);
}

/* Appends sep (when not 0) and a utility, the bytes "%.17g" prints; whole numbers (most games'
 * utilities) the quick way. */
static void put_utility(qv_buf *out, char sep, double u)
{
	if (fabs(u) < 1e15 && u == (double)(long long)u && !(u == 0 && signbit(u))) {
		put_int(out, sep, (long long)u);
	} else {
		if (sep)
			qv_buf_putc(out, sep);
		qv_buf_printf(out, "%.17g", u);
	}
}

/* Appends " <key>=" and the list, or "-" when it is empty. */
static void put_counts(qv_buf *out, const char *key, const qv_lab_count *c, int n, bool avail)
{
	qv_buf_puts(out, key);
	if (!n)
		qv_buf_putc(out, '-');
	for (int i = 0; i < n; i++) {
		put_int(out, i ? ',' : 0, c[i].seat);
		put_int(out, '.', c[i].item);
		if (avail)
			put_int(out, '.', c[i].available);
		put_int(out, '.', c[i].chosen);
	}
}

/*
 * A game's line, fields separated by one space:
 *   <index> n=<players> a=<agent>,... u=<utility>,... r=<rank>,... d=<decisions>
 *   p=<positions> l=<legal> c=<0|1> v=<seat>:<value>,... k=<seat>.<k>.<available>.<chosen>,...
 *   s=<seat>.<square>.<times>,...
 * Utilities are printed with 17 significant digits, which read back to the same double; a
 * value is thousandths of utility or `x` (no search value); an empty list is `-`.
 */
void qv_lab_line_write(const qv_lab_game *g, qv_buf *out)
{
	put_int(out, 0, g->index);
	qv_buf_puts(out, " n=");
	put_int(out, 0, g->players);
	qv_buf_puts(out, " a=");
	for (int s = 0; s < g->players; s++)
		put_int(out, s ? ',' : 0, g->agent[s]);
	qv_buf_puts(out, " u=");
	for (int s = 0; s < g->players; s++)
		put_utility(out, s ? ',' : 0, g->utility[s]);
	qv_buf_puts(out, " r=");
	for (int s = 0; s < g->players; s++)
		put_int(out, s ? ',' : 0, g->rank[s]);
	qv_buf_puts(out, " d=");
	put_int(out, 0, g->decisions);
	qv_buf_puts(out, " p=");
	put_int(out, 0, g->positions);
	qv_buf_puts(out, " l=");
	put_int(out, 0, g->legal);
	qv_buf_puts(out, g->capped ? " c=1 v=" : " c=0 v=");
	if (!g->nvalues)
		qv_buf_putc(out, '-');
	for (int i = 0; i < g->nvalues; i++) {
		put_int(out, i ? ',' : 0, g->mover[i]);
		if (g->value[i] == QV_LAB_NOVALUE)
			qv_buf_puts(out, ":x");
		else
			put_int(out, ':', g->value[i]);
	}
	put_counts(out, " k=", g->comp, g->ncomp, true);
	put_counts(out, " s=", g->square, g->nsquare, false);
}

/* A cursor over one line. */
typedef struct lcur {
	const char *p, *end;
	const char *field; /* the field being read, for messages */
} lcur;

static qv_status bad(lcur *c, qv_err *err, const char *expected)
{
	return qv_fail(err, QV_EINVAL, "bad game line: field %s: expected %s", c->field, expected);
}

/* Reads a whole number in [lo, hi]. */
static bool read_long(lcur *c, long long lo, long long hi, long long *out)
{
	const char *p = c->p;
	bool neg = p < c->end && *p == '-';
	if (neg)
		p++;
	if (p >= c->end || *p < '0' || *p > '9')
		return false;
	long long v = 0;
	while (p < c->end && *p >= '0' && *p <= '9') {
		if (v > (LLONG_MAX - 9) / 10)
			return false;
		v = v * 10 + (*p++ - '0');
	}
	if (neg)
		v = -v;
	if (v < lo || v > hi)
		return false;
	c->p = p;
	*out = v;
	return true;
}

static bool read_double(lcur *c, double *out)
{
	char buf[40];
	size_t n = 0;
	while (c->p + n < c->end && n < sizeof buf - 1 && strchr("0123456789+-.eE", c->p[n]))
		n++;
	if (n == 0 || n == sizeof buf - 1)
		return false;
	memcpy(buf, c->p, n);
	buf[n] = '\0';
	char *e;
	errno = 0;
	double v = strtod(buf, &e);
	if (*e || errno || !isfinite(v) || v < -1 || v > 1)
		return false;
	c->p += n;
	*out = v;
	return true;
}

static bool eat(lcur *c, char ch)
{
	if (c->p < c->end && *c->p == ch) {
		c->p++;
		return true;
	}
	return false;
}

/* Reads " name=" and notes the field. */
static bool field(lcur *c, const char *name)
{
	size_t n = strlen(name);
	c->field = name;
	if (!eat(c, ' ') || (size_t)(c->end - c->p) < n + 1 || memcmp(c->p, name, n) != 0 ||
	    c->p[n] != '=')
		return false;
	c->p += n + 1;
	return true;
}

/* Reads a list of `count` whole numbers in [lo, hi] separated by commas. */
static bool read_ints(lcur *c, int count, long long lo, long long hi, int *out)
{
	for (int i = 0; i < count; i++) {
		long long v;
		if ((i && !eat(c, ',')) || !read_long(c, lo, hi, &v))
			return false;
		out[i] = (int)v;
	}
	return true;
}

/* Reads a `-` or a list of count records of `parts` numbers separated by `sep`; grows *list. */
static bool read_counts(lcur *c, qv_lab_count **list, int *n, bool with_avail)
{
	*list = NULL;
	*n = 0;
	if (eat(c, '-'))
		return true;
	int cap = 0;
	do {
		long long seat, item, avail = 0, chosen;
		if (!read_long(c, 0, QV_MAX_PLAYERS - 1, &seat) || !eat(c, '.') ||
		    !read_long(c, 0, 65535, &item) || !eat(c, '.'))
			return false;
		if (with_avail && (!read_long(c, 0, UINT32_MAX, &avail) || !eat(c, '.')))
			return false;
		if (!read_long(c, 0, UINT32_MAX, &chosen))
			return false;
		if (with_avail && item >= QV_LAB_MAX_COMPONENTS)
			return false;
		if (*n &&
		    seat * 65536 + item <= (*list)[*n - 1].seat * 65536 + (*list)[*n - 1].item)
			return false; /* sorted and unique, as written */
		if (*n == cap) {
			cap = cap ? cap * 2 : 16;
			qv_lab_count *l = realloc(*list, (size_t)cap * sizeof *l);
			if (!l)
				return false;
			*list = l;
		}
		(*list)[(*n)++] = (qv_lab_count){.seat = (uint8_t)seat,
		                                 .item = (uint16_t)item,
		                                 .available = (uint32_t)avail,
		                                 .chosen = (uint32_t)chosen};
	} while (eat(c, ','));
	return true;
}

qv_status qv_lab_line_read(const char *line, size_t len, qv_lab_game *g, qv_err *err)
{
	memset(g, 0, sizeof *g);
	lcur c = {line, line + len, "index"};
	long long v;
	qv_status rc;
	if (!read_long(&c, 0, LAB_MAX_GAMES - 1, &v))
		return bad(&c, err, "the game's index, a whole number");
	g->index = (int)v;
	if (!field(&c, "n") || !read_long(&c, 1, QV_MAX_PLAYERS, &v))
		return bad(&c, err, "n=<players>, 1-5");
	g->players = (int)v;
	int n = g->players;
	if (!field(&c, "a") || !read_ints(&c, n, 0, QV_MAX_PLAYERS - 1, g->agent))
		return bad(&c, err, "a=<agent>,... one per seat");
	if (!field(&c, "u"))
		return bad(&c, err, "u=<utility>,... one per seat");
	for (int s = 0; s < n; s++)
		if ((s && !eat(&c, ',')) || !read_double(&c, &g->utility[s]))
			return bad(&c, err, "u=<utility>,... one per seat, each in [-1, 1]");
	if (!field(&c, "r") || !read_ints(&c, n, 1, n, g->rank))
		return bad(&c, err, "r=<rank>,... one per seat, each 1-players");
	if (!field(&c, "d") || !read_long(&c, 0, INT32_MAX, &v))
		return bad(&c, err, "d=<decisions>");
	g->decisions = (int)v;
	if (!field(&c, "p") || !read_long(&c, g->decisions, INT32_MAX, &v))
		return bad(&c, err, "p=<positions>, at least the decisions");
	g->positions = (int)v;
	if (!field(&c, "l") || !read_long(&c, 0, LLONG_MAX / 2, &g->legal))
		return bad(&c, err, "l=<legal actions>");
	if (!field(&c, "c") || !read_long(&c, 0, 1, &v))
		return bad(&c, err, "c=0 or c=1");
	g->capped = v == 1;
	if (!field(&c, "v"))
		return bad(&c, err, "v=- or v=<seat>:<value>,...");
	if (!eat(&c, '-')) {
		int cap = 0;
		do {
			long long seat, val = QV_LAB_NOVALUE;
			if (!read_long(&c, 0, n - 1, &seat) || !eat(&c, ':') ||
			    (!eat(&c, 'x') && !read_long(&c, -1000, 1000, &val))) {
				rc = bad(&c, err, "v=<seat>:<value in -1000..1000 or x>,...");
				goto fail;
			}
			if (g->nvalues == cap) {
				cap = cap ? cap * 2 : 64;
				uint8_t *m = realloc(g->mover, (size_t)cap);
				int16_t *vv =
				    m ? realloc(g->value, (size_t)cap * sizeof *vv) : NULL;
				if (m)
					g->mover = m;
				if (!vv) {
					rc =
					    qv_fail(err, QV_ENOMEM, "out of memory reading a line");
					goto fail;
				}
				g->value = vv;
			}
			g->mover[g->nvalues] = (uint8_t)seat;
			g->value[g->nvalues++] = (int16_t)val;
		} while (eat(&c, ','));
	}
	if (g->nvalues && g->nvalues != g->decisions) {
		rc = bad(&c, err, "one value per decision (d=)");
		goto fail;
	}
	if (!field(&c, "k") || !read_counts(&c, &g->comp, &g->ncomp, true)) {
		rc = bad(&c, err, "k=- or k=<seat>.<component>.<available>.<chosen>,... sorted");
		goto fail;
	}
	if (!field(&c, "s") || !read_counts(&c, &g->square, &g->nsquare, false)) {
		rc = bad(&c, err, "s=- or s=<seat>.<square>.<times>,... sorted");
		goto fail;
	}
	if (c.p != c.end) {
		c.field = "end";
		rc = bad(&c, err, "the end of the line after s=");
		goto fail;
	}
	return QV_OK;
fail:
	qv_lab_game_free(g);
	return rc;
}

/* ---- the header ---------------------------------------------------------------------------- */

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
	qv_status rc = QV_OK;
	int format = 0, total = 0;
	char game[64], seed[24];
	json_t *v;
	if (!header_int(h, "quiver_lab", 1, 1000, &format) || format != QV_LAB_FORMAT) {
		rc = header_bad(err, "quiver_lab", "1, the format this quiver reads");
		goto done;
	}
	if (!header_text(h, "version", cfg->version, sizeof cfg->version)) {
		rc = header_bad(err, "version", "quiver's version as a string");
		goto done;
	}
	if (!header_text(h, "game", game, sizeof game) || !(cfg->game = qv_game_find(game, NULL))) {
		rc = header_bad(err, "game", "the name of a game quiver knows");
		goto done;
	}
	if (!json_is_object(json_object_get(h, "variant"))) {
		rc = header_bad(err, "variant", "the study's resolved variant");
		goto done;
	}
	rc = qv_variant_from_json(json_object_get(h, "variant"), cfg->game, "variant",
	                          &cfg->variant, err);
	if (rc)
		goto done;
	v = json_object_get(h, "baseline");
	if (json_is_object(v))
		rc = qv_variant_from_json(v, cfg->game, "baseline", &cfg->baseline, err);
	else if (!json_is_null(v))
		rc = header_bad(err, "baseline", "the baseline's resolved variant, or null");
	if (rc)
		goto done;
	if (!header_text(h, "variant_file", cfg->variant_file, sizeof cfg->variant_file) ||
	    !header_text(h, "baseline_file", cfg->baseline_file, sizeof cfg->baseline_file)) {
		rc = header_bad(err, "variant_file", "file names as strings");
		goto done;
	}
	v = json_object_get(h, "params");
	if (!json_is_object(v)) {
		rc = header_bad(err, "params", "an object of the game's parameters");
		goto done;
	}
	const char *key;
	json_t *val;
	json_object_foreach(v, key, val)
	{
		if (!json_is_string(val) ||
		    qv_params_set(&cfg->params, key, json_string_value(val), err)) {
			rc = header_bad(err, "params", "parameters as strings");
			goto done;
		}
	}
	v = json_object_get(h, "agents");
	size_t na = json_array_size(v);
	if (!json_is_array(v) || na < 1 || na > QV_MAX_PLAYERS) {
		rc = header_bad(err, "agents", "1-5 agent specs");
		goto done;
	}
	for (size_t i = 0; i < na; i++) {
		const char *s = json_string_value(json_array_get(v, i));
		if (!s || strlen(s) >= QV_NAME_MAX) {
			rc = header_bad(err, "agents", "agent specs as strings");
			goto done;
		}
		qv_copy(cfg->agents[i], QV_NAME_MAX, s);
	}
	cfg->nagents = (int)na;
	v = json_object_get(h, "players");
	size_t np = json_array_size(v);
	if (!json_is_array(v) || np < 1 || np > QV_MAX_PLAYERS) {
		rc = header_bad(err, "players", "1-5 player counts");
		goto done;
	}
	for (size_t i = 0; i < np; i++) {
		json_t *x = json_array_get(v, i);
		if (!json_is_integer(x) || json_integer_value(x) < 1 ||
		    json_integer_value(x) > QV_MAX_PLAYERS) {
			rc = header_bad(err, "players", "player counts 1-5");
			goto done;
		}
		cfg->players[i] = (int)json_integer_value(x);
	}
	cfg->nplayers = (int)np;
	if (!header_int(h, "games", 1, LAB_MAX_GAMES, &cfg->games) ||
	    !header_int(h, "component_games", 0, LAB_MAX_GAMES, &cfg->component_games) ||
	    !header_int(h, "ladder_games", 0, LAB_MAX_GAMES, &cfg->ladder_games) ||
	    !header_int(h, "luck_games", 0, LAB_MAX_GAMES, &cfg->luck_games) ||
	    !header_int(h, "total", 1, LAB_MAX_GAMES, &total)) {
		rc = header_bad(err, "games", "whole numbers of games");
		goto done;
	}
	v = json_object_get(h, "ladder");
	if (json_unpack(v, "[ii]", &cfg->ladder_lo, &cfg->ladder_hi) != 0) {
		rc = header_bad(err, "ladder", "[lo, hi]");
		goto done;
	}
	v = json_object_get(h, "paired");
	if (!json_is_boolean(v)) {
		rc = header_bad(err, "paired", "true or false");
		goto done;
	}
	cfg->paired = json_is_true(v);
	v = json_object_get(h, "fixed_sides");
	if (!json_is_boolean(v)) {
		rc = header_bad(err, "fixed_sides", "true or false");
		goto done;
	}
	cfg->fixed_sides = json_is_true(v);
	if (!header_text(h, "components", cfg->components, sizeof cfg->components)) {
		rc = header_bad(err, "components", "the components studied, as a string");
		goto done;
	}
	if (json_object_get(h, "sweep") &&
	    (!header_text(h, "sweep", cfg->sweep, sizeof cfg->sweep) || !cfg->sweep[0])) {
		rc = header_bad(err, "sweep", "a sweep's PATH=LO..HI[:STEP] as a string");
		goto done;
	}
	char *end;
	if (!header_text(h, "seed", seed, sizeof seed) || !seed[0] ||
	    (errno = 0, cfg->seed = strtoull(seed, &end, 10), *end || errno)) {
		rc = header_bad(err, "seed", "the seed as a string of digits");
		goto done;
	}
	v = json_object_get(h, "range");
	if (json_unpack(v, "[ii]", lo, hi) != 0 || *lo < 0 || *hi > total || *lo > *hi) {
		rc = header_bad(err, "range", "[lo, hi] within [0, total]");
		goto done;
	}
done:
	json_decref(h);
	return rc;
}
