/*
 * bridge.c - the engine calls the server needs and the engine is gaining (see bridge.h). The
 * log here is a placeholder for the engine's narration: each move in notation, with the words
 * the viewer cannot know replaced, so that it is already safe to send.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "server/bridge.h"

/* The view of viewer after applying a to a copy of before (in scratch); NULL if a fails. */
static json_t *view_after(const qv_game *g, const void *before, qv_action a, int viewer,
                          void *scratch)
{
	memcpy(scratch, before, g->state_size);
	if (g->apply(scratch, a, NULL))
		return NULL;
	return g->view_json(scratch, viewer);
}

/* Keeps only the first word of buf (the verb) and adds " ?". */
static void verb_only(char *buf, size_t len)
{
	size_t n = strcspn(buf, " ");
	buf[n] = '\0';
	if (n + 3 <= len)
		strcat(buf, " ?");
}

/* Whether some other action or outcome at `before` leads to a different true state that the
 * viewer's view cannot tell apart from the one a leads to: then a must not be named. */
static bool hidden_from(const qv_game *g, const void *before, qv_action a, int viewer)
{
	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	void *mine_st = malloc(g->state_size), *alt_st = malloc(g->state_size);
	qv_action *alts = malloc(sizeof *alts * (size_t)(most > 0 ? most : 1));
	double *probs = malloc(sizeof *probs * (size_t)(g->max_chance > 0 ? g->max_chance : 1));
	bool hidden = true; /* when memory runs out, say nothing */
	json_t *mine = NULL, *truth = NULL;
	if (!mine_st || !alt_st || !alts || !probs)
		goto done;
	mine = view_after(g, before, a, viewer, mine_st);
	if (!mine)
		goto done;
	int n = g->to_move(before) == QV_CHANCE ? g->chance(before, alts, probs)
	                                        : g->legal(before, alts);
	hidden = false;
	for (int i = 0; i < n && !hidden; i++) {
		if (alts[i] == a)
			continue;
		json_t *other = view_after(g, before, alts[i], viewer, alt_st);
		bool same = other && json_equal(mine, other);
		json_decref(other);
		if (!same)
			continue;
		if (!truth)
			truth = g->state_json(mine_st);
		json_t *alt_truth = g->state_json(alt_st);
		hidden = !truth || !alt_truth || !json_equal(truth, alt_truth);
		json_decref(alt_truth);
	}
done:
	json_decref(mine);
	json_decref(truth);
	free(mine_st);
	free(alt_st);
	free(alts);
	free(probs);
	return hidden;
}

/* The notation of a at before as viewer may know it: whole for the mover and for
 * QV_VIEW_ALL, the verb alone for another player's secret commitment or for a move whose
 * alternatives the viewer cannot tell apart. */
static void word_move(const qv_game *g, const void *before, qv_action a, int viewer, char *buf,
                      size_t len)
{
	if (g->action_to_text(before, a, buf, len) < 0)
		snprintf(buf, len, "#%d", (int)a);
	int mover = g->to_move(before);
	if (viewer == QV_VIEW_ALL || (mover >= 0 && mover == viewer))
		return;
	if ((mover >= 0 && g->secret && g->secret(before)) || hidden_from(g, before, a, viewer))
		verb_only(buf, len);
}

void qv__match_log(qv_match *m, int viewer, int from, qv__log_fn fn, void *ctx)
{
	const qv_game *g = m->game;
	void *st = malloc(g->state_size);
	if (!st)
		return;
	memcpy(st, m->base, g->state_size);
	for (int i = 0; i < m->nhist; i++) {
		const qv_move *mv = &m->hist[i];
		if (i >= from) {
			char text[256];
			word_move(g, st, mv->action, viewer, text, sizeof text);
			qv__log_line line = {.entry = i,
			                     .who = mv->who,
			                     .consequence = false,
			                     .automatic = mv->automatic,
			                     .text = text};
			fn(ctx, &line);
		}
		if (g->apply(st, mv->action, NULL))
			break; /* cannot happen: the match applied it to the same state */
	}
	free(st);
}

qv_status qv__match_undo_seat(qv_match *m, int player, unsigned humans, qv_err *err)
{
	(void)humans;
	return qv_match_undo_own(m, player, err);
}

/* The catch-up of `quiver play`: every entry from *seen, each with the true state before it
 * (qv_agent_observe passes on only what the agent's seat may see). */
void qv__match_tell_agent(const qv_match *m, qv_agent *a, int *seen)
{
	const qv_game *g = m->game;
	void *st = malloc(g->state_size);
	if (!st) {
		qv_agent_reset(a);
		*seen = m->nhist;
		return;
	}
	memcpy(st, m->base, g->state_size);
	for (int k = 0; k < m->nhist; k++) {
		if (k >= *seen)
			qv_agent_observe(a, st, m->hist[k].action);
		if (g->apply(st, m->hist[k].action, NULL)) {
			qv_agent_reset(a); /* cannot happen: the match applied it */
			break;
		}
	}
	*seen = m->nhist;
	free(st);
}

void qv__match_set_name(qv_match *m, int player, const char *name)
{
	if (player >= 0 && player < QV_MAX_PLAYERS)
		snprintf(m->names[player], sizeof m->names[player], "%s", name);
}
