/*
 * observe.c - qv_agent_observe: what an agent's seat may learn of an action applied to the
 * game. The caller hands over the TRUE state before the action; the agent's kind is told the
 * action only when the seat could tell it apart from every other possible action there, and
 * otherwise only that something it cannot see happened (-1). So an agent that follows the game
 * between its decisions (to keep its search tree) learns no more than its player sees.
 *
 * The test is by views: the action is observable for seat v when no other legal action (or
 * chance outcome) at `before` leads to a different state with the same view_json for v (an
 * alternative that leads to the very same state, such as a die roll whose every outcome ends
 * the attack alike, hides nothing). Comparing JSON
 * for hundreds of alternatives would cost milliseconds per move, so a cheap exact filter comes
 * first: determinize depends only on the view and the RNG, so two states whose determinizations
 * (same viewer, same RNG stream) differ have different views. Only the alternatives whose
 * determinizations coincide with the action's are compared as JSON text.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "quiver/agent.h"

/* Any fixed seed will do: both states of a comparison are determinized from the same stream. */
#define OBSERVE_SEED 0x6f62736572766531ull

/* The scratch of qv_agent_observe: four states and the probabilities of chance outcomes. */
typedef struct observe_scratch {
	unsigned char *result, *result_det, *alt, *alt_det;
	double *prob;
} observe_scratch;

/* Allocates a->obs on first use; false when out of memory. */
static bool observe_scratch_get(qv_agent *a, observe_scratch *out)
{
	const qv_game *g = a->game;
	size_t sz = g->state_size;
	size_t np = (size_t)(g->max_chance > 0 ? g->max_chance : 1);
	if (!a->obs)
		a->obs = malloc(4 * sz + np * sizeof(double));
	if (!a->obs)
		return false;
	unsigned char *b = a->obs;
	*out = (observe_scratch){b, b + sz, b + 2 * sz, b + 3 * sz, (double *)(void *)(b + 4 * sz)};
	return true;
}

/* The compact JSON text of st's view for viewer (caller frees), or NULL. */
static char *view_text(const qv_game *g, const void *st, int viewer)
{
	json_t *j = g->view_json(st, viewer);
	char *s = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
	json_decref(j);
	return s;
}

/* Copies st into det and determinizes it for viewer from the fixed stream. */
static void determinized(const qv_game *g, const void *st, void *det, int viewer)
{
	memcpy(det, st, g->state_size);
	qv_rng rng;
	qv_rng_seed(&rng, OBSERVE_SEED);
	g->determinize(det, viewer, &rng);
}

/* True when `viewer` can tell `action` apart from every other option at `before`. An action
 * the game refuses (a caller's bug) counts as unobservable, which only costs a kept tree. */
static bool observable(qv_agent *a, const observe_scratch *s, const void *before, int who,
		       qv_action action, int viewer)
{
	const qv_game *g = a->game;
	size_t sz = g->state_size;
	if (who == viewer)
		return true; /* a player knows its own decisions */
	int n = who == QV_CHANCE ? g->chance(before, a->abuf, s->prob) : g->legal(before, a->abuf);
	memcpy(s->result, before, sz);
	if (g->apply(s->result, action, NULL))
		return false;
	if (n <= 1)
		return true;
	if (g->determinize)
		determinized(g, s->result, s->result_det, viewer);
	char *mine = NULL;
	bool seen = true;
	for (int i = 0; i < n && seen; i++) {
		if (a->abuf[i] == action)
			continue;
		memcpy(s->alt, before, sz);
		if (g->apply(s->alt, a->abuf[i], NULL))
			continue;
		if (memcmp(s->alt, s->result, sz) == 0)
			continue; /* the same state: nothing is hidden by not knowing which */
		if (g->determinize) {
			determinized(g, s->alt, s->alt_det, viewer);
			if (memcmp(s->alt_det, s->result_det, sz) != 0)
				continue; /* different determinizations: different views */
		}
		if (!mine && !(mine = view_text(g, s->result, viewer)))
			seen = false; /* out of memory: assume the worst */
		char *theirs = mine ? view_text(g, s->alt, viewer) : NULL;
		if (!theirs || strcmp(mine, theirs) == 0)
			seen = false;
		free(theirs);
	}
	free(mine);
	return seen;
}

void qv_agent_observe(qv_agent *a, const void *before, qv_action action)
{
	if (!a->kind->observe || a->seat < 0)
		return;
	const qv_game *g = a->game;
	int who = g->to_move(before);
	if (who == QV_OVER)
		return;
	observe_scratch s;
	bool seen = observe_scratch_get(a, &s) && observable(a, &s, before, who, action, a->seat);
	a->kind->observe(a, who, seen ? action : -1);
}
