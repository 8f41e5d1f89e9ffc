/*
 * view.c - what a seat is shown (include/quiver/spiel.h): the strings (the referee's and a
 * seat's diagram, a seat's information state, recall.c's lines) and the resampler, which
 * draws a world the seat cannot tell from the state and gives it the seat's information state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/spiel/handles.h"

void qv_spiel_free(void *p) { free(p); }

static char *render(const qv_spiel_state *st, int viewer)
{
	qv_buf b = {0};
	st->game->g->render_text(QV__CUR(st), viewer, 0, &b);
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
	if (qv__recall_on((qv_spiel_state *)st, QV__KEEP_TEXT, NULL) != QV_OK)
		return NULL;
	return qv__lines_text(&st->seat[player].log);
}

/* The seats of world w drawn for seat `known` of st: that seat's as st's, the others' from
 * the world on (qv__seat_start_world). */
static qv_status world_seats(qv_spiel_state *w, const qv_spiel_state *st, int known, qv_err *err)
{
	for (int p = 0; p < st->game->nplayers; p++) {
		bool ok = p == known ? qv__seat_copy(&w->seat[p], &st->seat[p])
		                     : qv__seat_start_world(w, p, known) == QV_OK;
		if (!ok)
			return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	return QV_OK;
}

qv_status qv_spiel_resample(const qv_spiel_state *st, int player, uint64_t seed,
                            qv_spiel_state **out, qv_err *err)
{
	*out = NULL;
	const qv_spiel_game *sg = st->game;
	if (player < 0 || player >= sg->nplayers)
		return qv_fail(err, QV_EINVAL, "player %d is no seat: %s has seats 0 to %d", player,
		               sg->g->name, sg->nplayers - 1);
	if (st->deal)
		return qv_fail(err, QV_ESTATE,
		               "a state is resampled at a decision, not while chance deals");
	/* the world's seat goes on from st's */
	qv_status rc = qv__recall_on((qv_spiel_state *)st, QV__KEEP_ALL, err);
	if (rc != QV_OK)
		return rc;
	qv_spiel_state *w = qv__spiel_state_alloc(sg);
	if (!w)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	const qv_game *g = sg->g;
	memcpy(QV__CUR(w), QV__CUR(st), g->state_size);
	if (g->determinize) {
		qv_rng rng;
		qv_rng_seed(&rng, seed);
		g->determinize(QV__CUR(w), player, &rng);
		if (sg->deal)
			sg->part->canon(QV__CUR(w), sg->deal);
	}
	memcpy(QV__BASE(w), QV__CUR(w), g->state_size);
	w->moves = w->base_moves = st->moves;
	w->decisions = w->base_decisions = st->decisions;
	w->known = player;
	w->prior = st->seat[player].log.total;
	w->prior_rows = st->seat[player].rows.total / sizeof(qv__row);
	w->track = QV__KEEP_ALL;
	qv_rng_seed(&w->rng, seed ^ 0x5851F42D4C957F2Dull);
	if ((rc = world_seats(w, st, player, err)) != QV_OK) {
		qv_spiel_state_free(w);
		return rc;
	}
	*out = w;
	return QV_OK;
}
