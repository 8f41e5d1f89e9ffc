/*
 * plan.c - a study's plan (lab.h): its components (the studied block's entries and the
 * abilities they carry), the ones chosen for study, its sides, its arms laid end to end with
 * their ablated variants loaded, and the parameters each arm's games are set up with.
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

#include "lab/lab.h"

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
	if ((long)p->total + games > QV_LAB_MAX_GAMES)
		return qv_fail(err, QV_EINVAL, "the study would play more than %d games in all",
		               QV_LAB_MAX_GAMES);
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

const char *qv_lab_side_value(const qv_lab_config *cfg, const qv_variant *v, const char *key)
{
	const char *given = qv_params_get(&cfg->params, key);
	if (given)
		return given;
	const qv_variant *of = v ? v : cfg->variant;
	const char *own = of ? qv_params_get(&of->params, key) : NULL;
	if (own)
		return own;
	const qv_param_def *d = qv_param_find(cfg->game->params, cfg->game->nparams, key);
	return d && d->def ? d->def : "";
}

/* The (at most three) components of p whose ids are nearest to word, nearest first (by
 * edit distance, ties in the plan's order), as 'a', 'b', 'c' into out: what a designer who
 * mistyped an id meant, rather than ids picked at random. */
static void nearest_components(const qv_lab_plan *p, const char *word, char *out, size_t len)
{
	int pick[3], d[3], n = 0;
	for (int k = 0; k < p->ncomponents; k++)
		qv_nearest_keep(pick, d, &n, 3, k, qv_edit_distance(word, p->component[k]));
	out[0] = '\0';
	for (int i = 0; i < n; i++)
		snprintf(out + strlen(out), len - strlen(out), "%s'%s'", i ? ", " : "",
		         p->component[pick[i]]);
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
	if (cfg->component_games <= 0)
		return qv_fail(err, QV_EINVAL,
		               "--components chooses what the component games study, and there "
		               "are none (--component-games 0): give --component-games M too");
	if (p->ncomponents == 0)
		return qv_fail(err, QV_EINVAL, "--components: %s has no components to study",
		               cfg->game->name);
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
		if (!found && strcmp(w, "abilities") != 0) {
			char near[3 * QV_NAME_MAX + 16];
			nearest_components(p, w, near, sizeof near);
			return qv_fail(
			    err, QV_EINVAL,
			    "--components: '%s' is no component of the variant (the "
			    "nearest ids: %s; or the words entries and abilities; quiver "
			    "variant dump %s lists every one)",
			    w, near, cfg->game->name);
		}
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
	char value[QV_MAX_PLAYERS][QV_PARAM_VALUE_MAX + 1];
	for (int k = 0; k < n; k++) {
		const char *v = qv_lab_side_value(cfg, NULL, comp->sides[k]);
		qv_copy(value[k], sizeof value[k], v);
		bool named = *v && strlen(v) < QV_NAME_MAX && !strchr(v, ',');
		qv_copy(p->side[k], QV_NAME_MAX, named ? v : comp->sides[k]);
	}
	/* Both seats holding the same components (a variant whose decks are one deck twice) have
	 * no sides to tell apart: swapping them would change nothing. */
	if (strcmp(value[0], value[1]) == 0)
		return;
	p->nsides = n;
}

/* The parameters of game j of arm a: the study's, with its player count, the arm's variant
 * and, in a swapped game, the two sides' parameters exchanged. */
qv_status qv_lab_arm_params(const qv_lab_plan *p, const qv_lab_arm *a, bool swapped, qv_params *out,
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
		qv_copy(v0, sizeof v0, qv_lab_side_value(&p->cfg, a->variant, key[0]));
		qv_copy(v1, sizeof v1, qv_lab_side_value(&p->cfg, a->variant, key[1]));
		rc = qv_params_set(out, key[0], v1, err);
		if (!rc)
			rc = qv_params_set(out, key[1], v0, err);
	}
	return rc;
}

int qv_lab_rotation(const qv_lab_arm *a) { return rotation(a->kind, a->players, a->nagents); }

int qv_lab_arm_unit(const qv_lab_plan *p, qv_lab_arm_kind kind, int players)
{
	int agents = kind == QV_LAB_RESTRICT || kind == QV_LAB_LADDER || kind == QV_LAB_LUCK
	                 ? 2
	                 : p->cfg.nagents;
	return rotation(kind, players, agents) * (p->nsides > 0 ? 2 : 1);
}

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
		rc = qv_lab_arm_params(p, &p->arm[i], false, &params, err);
		if (!rc)
			rc = g->init(st, &params, p->cfg.seed, err);
		if (!rc && g->num_players(st) != p->arm[i].players)
			rc = qv_fail(err, QV_EINVAL, "%s has no parameter for %d players", g->name,
			             p->arm[i].players);
	}
	free(st);
	return rc;
}

/* p->holder (qv_lab_plan): 1 + the seat that holds each component as a two-player game of the
 * study's variant starts unswapped, where one seat alone does and the study has one agent;
 * else 0. */
static qv_status find_holders(qv_lab_plan *p, qv_err *err)
{
	const qv_game *g = p->cfg.game;
	const qv_lab_arm *m = qv_lab_find_arm(p, QV_LAB_MAIN, 2, -1);
	/* only with one agent: restricted play is then compared with its twin games, where its
	 * own seat is its reference; against the other seat (several agents), a forbidden seat
	 * that always held the one deck would measure the decks' difference too */
	if (p->cfg.nagents != 1 || p->nsides != 2 || !m || !g->components || !g->components->held)
		return QV_OK;
	void *st = malloc(g->state_size);
	if (!st)
		return qv_fail(err, QV_ENOMEM, "out of memory finding who holds each component");
	qv_params params;
	qv_status rc = qv_lab_arm_params(p, m, false, &params, err);
	if (!rc)
		rc = g->init(st, &params, p->cfg.seed, err);
	for (int k = 0; !rc && k < p->ncomponents; k++) {
		int seats = 0;
		for (int s = 0; s < 2; s++)
			for (int e = 0; e < 64; e++)
				if (p->members[k] >> e & 1 && g->components->held(st, s, e) > 0)
					seats |= 1 << s;
		p->holder[k] = seats == 1 ? 1 : seats == 2 ? 2 : 0;
	}
	free(st);
	return rc;
}

/* The configuration's counts, player counts and agents checked: QV_EINVAL naming the first
 * that cannot be played (an agent timed by the clock among them). */
static qv_status check_config(const qv_lab_config *cfg, qv_err *err)
{
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
	if (cfg->adaptive && (cfg->component_games < 1 || cfg->first_games < 1 ||
	                      cfg->first_games > cfg->component_games || cfg->nrounds < 0 ||
	                      cfg->nrounds > QV_LAB_MAX_ROUNDS))
		return qv_fail(err, QV_EINVAL,
		               "an adaptive study needs a budget of component games (%d given) and "
		               "a first round of 1 to that many games (%d given)",
		               cfg->component_games, cfg->first_games);
	for (int i = 0; i < cfg->nagents; i++) {
		if (spec_timed(g, cfg->agents[i])) {
			char hard[QV_NAME_MAX];
			hard_untimed(g, hard, sizeof hard);
			return qv_fail(
			    err, QV_EINVAL,
			    "agent '%s' stops its search by the clock, so its games depend "
			    "on the machine's load and a study could not be repeated or "
			    "merged: give a budget of iterations instead (%s is hard "
			    "without its clock)",
			    cfg->agents[i], hard);
		}
		qv_agent *a;
		qv_status rc = qv_agent_new(&a, cfg->agents[i], g, 0, err);
		if (rc)
			return rc;
		qv_agent_free(a);
	}
	return QV_OK;
}

/* The variant without each studied component, into ablated[k] (NULL where the game cannot
 * take one out: Arrow Party's only item kind has no ablation arm, its restricted play still
 * tells its effect). A stand-in takes its numbers from the built-in set (qv_components.ablate),
 * never from the variant studied. */
static qv_status load_ablated(const qv_lab_plan *p, const qv_variant **ablated, qv_err *err)
{
	const qv_lab_config *cfg = &p->cfg;
	const qv_game *g = cfg->game;
	const qv_components *comp = g->components;
	if (cfg->component_games <= 0 || p->ncomponents == 0 || !comp || !comp->ablate)
		return QV_OK;
	const qv_variant *base = qv_variant_base(g, err);
	if (!base)
		return QV_ENOMEM;
	for (int k = 0; k < p->ncomponents; k++) {
		if (!p->studied[k])
			continue;
		json_t *doc =
		    k < p->nentries
		        ? comp->ablate(cfg->variant->json, base->json, k, err)
		        : qv_variant_without_ability(g, cfg->variant->json,
		                                     p->component[k] + strlen("ability:"), err);
		if (!doc)
			continue;
		qv_status rc = qv_variant_from_json(doc, g, "ablated variant", &ablated[k], err);
		json_decref(doc);
		if (rc) {
			char was[sizeof err->msg];
			qv_copy(was, sizeof was, err->msg);
			return qv_fail(err, rc, "taking out %s: %s", p->component[k], was);
		}
	}
	return QV_OK;
}

/* The main arm of player count n (the arms component arms copy their agents from). */
static qv_lab_arm main_arm(const qv_lab_config *cfg, int n)
{
	qv_lab_arm main = {.kind = QV_LAB_MAIN,
	                   .players = n,
	                   .variant = cfg->variant,
	                   .games = cfg->games,
	                   .nagents = cfg->nagents,
	                   .component = -1};
	memcpy(main.agents, cfg->agents, sizeof main.agents);
	return main;
}

/* What a round's component arms are: games per arm of round `round` of ablation and of
 * restricted play (0: none), each with the control it is paired with (qv_lab_control_games). */
typedef struct arm_set {
	int ablate, restricted, round;
} arm_set;

long qv_lab_control_games(const qv_lab_config *cfg, long ablate, long restricted)
{
	long twin = cfg->nagents == 1 ? restricted : 0;
	return ablate > twin ? ablate : twin;
}

/* The arms of component k at the main arm's player count, as set says. */
static qv_status component_arms(qv_lab_plan *p, int *cap, const qv_lab_arm *main, int k,
                                const qv_variant *ablated, arm_set set, qv_err *err)
{
	const qv_lab_config *cfg = &p->cfg;
	const qv_components *comp = cfg->game->components;
	qv_status rc = QV_OK;
	bool restricted = comp && comp->component_of && set.restricted > 0;
	int control =
	    ablated ? (int)qv_lab_control_games(cfg, set.ablate, restricted ? set.restricted : 0)
	            : 0;
	qv_lab_arm c = *main;
	c.kind = QV_LAB_CONTROL;
	c.component = k;
	c.games = control;
	c.round = set.round;
	if (control > 0)
		rc = add_arm(p, cap, c, err);
	if (!rc && ablated && set.ablate > 0) {
		qv_lab_arm a = c;
		a.kind = QV_LAB_ABLATE;
		a.variant = ablated;
		a.games = set.ablate;
		rc = add_arm(p, cap, a, err);
	}
	if (!rc && restricted) {
		qv_lab_arm r = two_agents(QV_LAB_RESTRICT, main->players, cfg->variant,
		                          cfg->agents[0], cfg->agents[0], set.restricted);
		r.component = k;
		r.round = set.round;
		rc = add_arm(p, cap, r, err);
	}
	return rc;
}

/* The games per arm of the first round: the component games, or an adaptive study's first. */
static int first_round_games(const qv_lab_config *cfg)
{
	return cfg->adaptive ? cfg->first_games : cfg->component_games;
}

/* The arms of player count n, in index order: main, baseline, each studied component's, the
 * ladder's rungs and the luck floor. */
static qv_status player_count_arms(qv_lab_plan *p, int *cap, int n,
                                   const qv_variant *const *ablated, qv_err *err)
{
	const qv_lab_config *cfg = &p->cfg;
	qv_lab_arm main = main_arm(cfg, n);
	qv_status rc = add_arm(p, cap, main, err);
	if (!rc && cfg->baseline) {
		qv_lab_arm b = main;
		b.kind = QV_LAB_BASELINE;
		b.variant = cfg->baseline;
		rc = add_arm(p, cap, b, err);
	}
	int m = first_round_games(cfg);
	arm_set first = {m, m, 0};
	for (int k = 0; !rc && cfg->component_games > 0 && k < p->ncomponents; k++)
		if (p->studied[k])
			rc = component_arms(p, cap, &main, k, ablated[k], first, err);
	for (int k = cfg->ladder_lo; !rc && cfg->ladder_games > 0 && k <= cfg->ladder_hi; k++) {
		char strong[QV_NAME_MAX], weak[QV_NAME_MAX];
		snprintf(strong, sizeof strong, "ismcts:iterations=%ld", 1L << (k + 1));
		snprintf(weak, sizeof weak, "ismcts:iterations=%ld", 1L << k);
		qv_lab_arm a =
		    two_agents(QV_LAB_LADDER, n, cfg->variant, strong, weak, cfg->ladder_games);
		a.component = k;
		rc = add_arm(p, cap, a, err);
	}
	/* The luck floor: what random play scores against the study's own players. */
	if (!rc && cfg->luck_games > 0)
		rc = add_arm(p, cap,
		             two_agents(QV_LAB_LUCK, n, cfg->variant, "random", cfg->agents[0],
		                        cfg->luck_games),
		             err);
	return rc;
}

/* The arms of round r + 1 of an adaptive study (cfg.round[r]), after every arm before it: per
 * player count, each component's it names, in the components' order. A round that names a
 * component without such an arm (not studied, or none of that kind) plays nothing for it. */
static qv_status round_arms(qv_lab_plan *p, int *cap, int r, const qv_variant *const *ablated,
                            qv_err *err)
{
	const qv_lab_config *cfg = &p->cfg;
	const qv_lab_round *R = &cfg->round[r];
	qv_status rc = QV_OK;
	if (R->games_ablate < 1 || R->games_restrict < 1)
		return qv_fail(err, QV_EINVAL,
		               "round %d of the adaptive study plays %d and %d games an arm", r + 1,
		               R->games_ablate, R->games_restrict);
	for (int i = 0; !rc && i < cfg->nplayers; i++) {
		qv_lab_arm main = main_arm(cfg, cfg->players[i]);
		for (int k = 0; !rc && k < p->ncomponents; k++) {
			arm_set set = {R->ablate[i] >> k & 1 ? R->games_ablate : 0,
			               R->restricted[i] >> k & 1 ? R->games_restrict : 0, r + 1};
			if (p->studied[k] && (set.ablate > 0 || set.restricted > 0))
				rc = component_arms(p, cap, &main, k, ablated[k], set, err);
		}
	}
	return rc;
}

qv_status qv_lab_plan_make(const qv_lab_config *cfg, qv_lab_plan *out, qv_err *err)
{
	memset(out, 0, sizeof *out);
	out->cfg = *cfg;
	qv_status rc = check_config(cfg, err);
	if (rc)
		return rc;
	list_sides(cfg, out);
	if (cfg->component_games > 0)
		rc = list_components(cfg->game, cfg->variant, out, err);
	if (!rc)
		rc = choose_components(cfg, out, err);
	const qv_variant *ablated[QV_LAB_MAX_COMPONENTS] = {NULL};
	if (!rc)
		rc = load_ablated(out, ablated, err);
	if (rc)
		return rc;
	int cap = 0;
	for (int i = 0; !rc && i < cfg->nplayers; i++)
		rc = player_count_arms(out, &cap, cfg->players[i], ablated, err);
	for (int r = 0; !rc && cfg->adaptive && r < cfg->nrounds; r++)
		rc = round_arms(out, &cap, r, ablated, err);
	if (!rc)
		rc = check_setup(out, err);
	if (!rc)
		rc = find_holders(out, err);
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

const qv_lab_arm *qv_lab_find_arm(const qv_lab_plan *p, qv_lab_arm_kind kind, int players, int k)
{
	for (int a = 0; a < p->narms; a++) {
		const qv_lab_arm *arm = &p->arm[a];
		if (arm->kind == kind && arm->players == players &&
		    ((kind != QV_LAB_ABLATE && kind != QV_LAB_RESTRICT && kind != QV_LAB_CONTROL) ||
		     arm->component == k))
			return arm;
	}
	return NULL;
}

const qv_lab_arm *qv_lab_twin_of(const qv_lab_plan *p, const qv_lab_arm *restrict_arm)
{
	const qv_lab_arm *r = restrict_arm;
	for (long a = (r - p->arm) - 1; a >= 0 && a < p->narms; a--) {
		const qv_lab_arm *c = &p->arm[a];
		if (c->kind == QV_LAB_CONTROL && c->players == r->players &&
		    c->component == r->component && c->round == r->round)
			return c->nagents == 1 && !strcmp(c->agents[0], r->agents[0]) ? c : NULL;
	}
	return NULL;
}

const qv_lab_arm *qv_lab_control_of(const qv_lab_plan *p, const qv_lab_arm *ablate)
{
	long at = ablate - p->arm;
	for (long a = at - 1; a >= 0 && a < p->narms; a--)
		if (p->arm[a].kind == QV_LAB_CONTROL && p->arm[a].players == ablate->players &&
		    p->arm[a].component == ablate->component)
			return &p->arm[a];
	return qv_lab_find_arm(p, QV_LAB_CONTROL, ablate->players, ablate->component);
}
