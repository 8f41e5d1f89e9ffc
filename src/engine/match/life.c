/*
 * life.c - a match's life: made for a game (its state buffers, the match's own chance list,
 * default names), started from init, restarted in the same memory for a driver that plays many
 * games in a row, and freed with everything it owns.
 *
 * A new match remembers the position init gave as `base`, the start of its history, and
 * applies the forced moves of the opening at once, as after every change (play.c).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "engine/match/history.h"
#include "engine/match/life.h"
#include "engine/match/play.h"
#include "engine/match/position.h"
#include "engine/match/walk.h"
#include "quiver/variant.h"

/* Allocates a match for g with its state buffers and default names, but no state yet. The
 * parameters (some 33 KB of text) are left unwritten but empty: only their first n entries are
 * ever read, so a match for each arena game costs no large memset. */
qv_match *qv__match_alloc(const qv_game *g, qv_err *err)
{
	qv_match *m = malloc(sizeof *m);
	if (!m) {
		qv_fail(err, QV_ENOMEM, "out of memory creating a match");
		return NULL;
	}
	memset(m, 0, offsetof(qv_match, params));
	m->params.n = 0;
	memset((char *)m + offsetof(qv_match, seed), 0, sizeof *m - offsetof(qv_match, seed));
	m->game = g;
	int nch = g->max_chance > 0 ? g->max_chance : 1;
	qv__match_forget_position(m);
	m->state = calloc(1, g->state_size);
	m->base = calloc(1, g->state_size);
	m->cout = malloc((size_t)nch * sizeof *m->cout);
	m->cprob = malloc((size_t)nch * sizeof *m->cprob);
	if (!m->state || !m->base || !m->cout || !m->cprob) {
		qv_match_free(m);
		qv_fail(err, QV_ENOMEM, "out of memory creating a match");
		return NULL;
	}
	for (int k = 0; k < QV_MATCH_MARKS; k++)
		m->mark_at[k] = -1;
	for (int i = 0; i < QV_MAX_PLAYERS; i++) /* "p1".."p5" */
		memcpy(m->names[i], (char[]){'p', (char)('1' + i), '\0'}, 3);
	return m;
}

/* Releases the match and everything it owns; NULL is allowed. */
void qv_match_free(qv_match *m)
{
	if (!m)
		return;
	qv__match_free_seen(m, 0); /* first: its room's stride is read from base */
	free(m->state);
	free(m->base);
	free(m->hist);
	free(m->seen);
	free(m->said_at);
	free(m->note_at);
	free(m->notes);
	qv__marks_drop(m);
	free(m->scratch);
	free(m->pending);
	qv_events_free(&m->said);
	free(m->cout);
	free(m->cprob);
	qv_variant_release(m->variant);
	free(m);
}

/* Runs init with params and seed, then records the completed parameters and seeds the RNG.
 * The variant params name is held first, so that it cannot leave the registry between init
 * finding it and the match holding it; when there is none, init says so. */
qv_status qv__match_init(qv_match *m, const qv_params *params, uint64_t seed, qv_err *err)
{
	const qv_game *g = m->game;
	if (g->components && !m->variant)
		m->variant =
		    qv_variant_find_held(g, params ? qv_params_get(params, "variant") : NULL, NULL);
	qv_status rc = m->game->init(m->state, params, seed, err);
	if (rc)
		return rc;
	qv_variant_complete(m->game, params, &m->params);
	m->seed = seed;
	return QV_OK;
}

/* Creates the match, runs init, remembers the position as the base of the history and
 * applies the forced moves of the opening. */
qv_status qv_match_new(qv_match **out, const qv_game *g, const qv_params *params, uint64_t seed,
                       qv_err *err)
{
	*out = NULL;
	qv_match *m = qv__match_alloc(g, err);
	if (!m)
		return QV_ENOMEM;
	qv_status rc = qv__match_init(m, params, seed, err);
	if (rc) {
		qv_match_free(m);
		return rc;
	}
	memcpy(m->base, m->state, g->state_size);
	if (qv__match_apply_forced(m)) {
		qv_match_free(m);
		return qv_fail(err, QV_ENOMEM, "out of memory creating a match");
	}
	*out = m;
	return QV_OK;
}

/* A new game in the match's memory: init into the current state (which base and the history
 * can rebuild, should init fail), then the history dropped as qv__match_truncate drops it. */
qv_status qv_match_restart(qv_match *m, uint64_t seed, qv_err *err)
{
	qv_status rc = m->game->init(m->state, &m->params, seed, err);
	if (rc) {
		qv__match_position_at(m, m->nhist, m->state); /* the game m held, unchanged */
		return rc;
	}
	qv__match_free_seen(m, 0);
	qv_events_clear(&m->said);
	m->nhist = 0;
	m->nnotes = 0;
	m->notes_len = 0;
	qv__match_forget_marks(m, -1);
	qv__match_forget_position(m);
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		qv_match_withdraw(m, p);
	memset(m->left, 0, sizeof m->left);
	m->ended = false;
	m->seed = seed;
	memcpy(m->base, m->state, m->game->state_size);
	qv__match_check_history(m);
	/* A forced opening move that cannot be applied stays pending. */
	(void)qv__match_apply_forced(m);
	return QV_OK;
}

void qv_match_set_name(qv_match *m, int player, const char *name)
{
	if (player < 0 || player >= QV_MAX_PLAYERS)
		return;
	qv_copy(m->names[player], sizeof m->names[player], name);
}
