/*
 * state.c - the spiel API's states (include/quiver/spiel.h): made, cloned and freed, whose
 * turn, legal ids and chance outcomes (the game's and the deal's), a checked apply that
 * records the history, starts and finishes the deals (deal.c, games/spiel.h) and keeps the
 * information states of a state that was asked for them (recall.c), takebacks, returns, the
 * history and the notation of ids.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/spiel/handles.h"

qv_spiel_state *qv__spiel_state_alloc(const qv_spiel_game *g)
{
	qv_spiel_state *s = calloc(1, sizeof *s + QV__SPIEL_SLOTS * QV__SPIEL_SLOT(g));
	if (s) {
		s->game = g;
		s->known = -1;
	}
	return s;
}

int qv__spiel_to_move(const qv_spiel_state *s)
{
	if (s->decisions >= s->game->max_decisions)
		return QV_OVER;
	if (s->deal)
		return QV_CHANCE;
	return s->game->g->to_move(QV__CUR(s));
}

/* Draws and applies chance outcomes from the state's generator up to a decision or the end
 * (chance=sampled). */
static qv_status draw_chance(qv_spiel_state *s, qv_err *err)
{
	int cap = s->game->max_chance;
	int32_t ids[cap];
	double probs[cap];
	qv_status rc = QV_OK;
	while (rc == QV_OK && qv__spiel_to_move(s) == QV_CHANCE) {
		int n = qv_spiel_chance_outcomes(s, ids, probs, cap);
		double x = qv_rng_double(&s->rng);
		int32_t id = ids[n - 1];
		for (int i = 0; i < n; i++)
			if ((x -= probs[i]) < 0) {
				id = ids[i];
				break;
			}
		rc = qv__spiel_step(s, id, err);
	}
	return rc;
}

/* A state's generator for chance=sampled: the game's seed, then how many initial states the
 * game made before. */
static void seed_sampled(const qv_spiel_game *g, qv_spiel_state *s)
{
	qv_rng seeds;
	qv_rng_seed(&seeds, g->rng_seed);
	uint64_t k = atomic_fetch_add(&((qv_spiel_game *)g)->made, 1);
	qv_rng_seed(&s->rng, qv_rng_next(&seeds) ^ (k * 0x9E3779B97F4A7C15ull));
}

qv_status qv_spiel_new_initial_state(const qv_spiel_game *g, qv_spiel_state **out, qv_err *err)
{
	*out = NULL;
	qv_spiel_state *s;
	if (g->begin) {
		/* a game given start=: the state its ids lead to */
		if (!(s = qv_spiel_clone(g->begin)))
			return qv_fail(err, QV_ENOMEM, "out of memory");
	} else if (!(s = qv__spiel_state_alloc(g))) {
		return qv_fail(err, QV_ENOMEM, "out of memory");
	} else {
		size_t size = g->g->state_size;
		memcpy(QV__CUR(s), g->initial, size);
		memcpy(QV__BASE(s), g->initial, size);
		if (g->root_deal) {
			memcpy(QV__PEND(s), g->initial, size);
			if (!(s->deal = malloc(sizeof *s->deal))) {
				qv_spiel_state_free(s);
				return qv_fail(err, QV_ENOMEM, "out of memory");
			}
			memcpy(s->deal, g->root_deal, sizeof *s->deal);
		}
	}
	if (g->sampled) {
		seed_sampled(g, s);
		qv_status rc = draw_chance(s, err);
		if (rc != QV_OK) {
			qv_spiel_state_free(s);
			return rc;
		}
	}
	*out = s;
	return QV_OK;
}

qv_spiel_state *qv_spiel_clone(const qv_spiel_state *st)
{
	size_t slot = QV__SPIEL_SLOT(st->game);
	qv_spiel_state *s = malloc(sizeof *st + QV__SPIEL_SLOTS * slot);
	if (!s)
		return NULL;
	/* the sync slot only where the seats lag (a search clones at every node) */
	memcpy(s, st, sizeof *st + (st->lag ? QV__SPIEL_SLOTS : QV__SPIEL_SLOTS - 1) * slot);
	s->hist = NULL;
	s->who = NULL;
	s->caphist = 0;
	s->deal = NULL;
	bool ok = true;
	for (int p = 0; p < QV_MAX_PLAYERS; p++) {
		s->seat[p] = (qv__seat){0};
		if (st->track && p < st->game->nplayers)
			ok = qv__seat_copy(&s->seat[p], &st->seat[p]) && ok;
	}
	if (st->nhist) {
		s->hist = malloc(sizeof *s->hist * (size_t)st->nhist);
		s->who = malloc(sizeof *s->who * (size_t)st->nhist);
		if (s->hist && s->who) {
			memcpy(s->hist, st->hist, sizeof *s->hist * (size_t)st->nhist);
			memcpy(s->who, st->who, sizeof *s->who * (size_t)st->nhist);
		}
		s->caphist = st->nhist;
	}
	if (st->deal && (s->deal = malloc(sizeof *s->deal)))
		memcpy(s->deal, st->deal, sizeof *s->deal);
	if (!ok || (st->nhist && (!s->hist || !s->who)) || (st->deal && !s->deal)) {
		qv_spiel_state_free(s);
		return NULL;
	}
	return s;
}

void qv_spiel_state_free(qv_spiel_state *st)
{
	if (!st)
		return;
	free(st->hist);
	free(st->who);
	free(st->deal);
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		qv__seat_free(&st->seat[p]);
	free(st);
}

int qv_spiel_current_player(const qv_spiel_state *st)
{
	int p = qv__spiel_to_move(st);
	return p == QV_OVER ? QV_SPIEL_TERMINAL : p == QV_CHANCE ? QV_SPIEL_CHANCE : p;
}

int qv_spiel_move_number(const qv_spiel_state *st) { return st->moves; }

bool qv_spiel_truncated(const qv_spiel_state *st)
{
	return st->decisions >= st->game->max_decisions &&
	       st->game->g->to_move(QV__CUR(st)) != QV_OVER;
}

int qv_spiel_history(const qv_spiel_state *st, int32_t *ids, int8_t *players, int cap)
{
	for (int i = 0; i < st->nhist && i < cap; i++) {
		if (ids)
			ids[i] = st->hist[i];
		if (players)
			players[i] = st->who[i];
	}
	return st->nhist;
}

static int cmp_id(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

/* The ids of the decisions legal now into ids, unsorted (buf: room for max_actions). */
static int decision_ids(const qv_spiel_state *st, qv_action *buf, int32_t *ids, qv_err *err)
{
	const qv__spiel_ids *m = &st->game->ids;
	int n = st->game->g->legal(QV__CUR(st), buf);
	/* Indexed types count their place as the list goes. */
	int seen[QV__SPIEL_TYPES] = {0};
	for (int i = 0; i < n; i++) {
		int t = (int)((uint32_t)buf[i] >> m->shift);
		if (t < m->ntypes && m->bits[t] == QV__SPIEL_INDEXED && buf[i] >= 0) {
			if (seen[t] >= m->indexed[t])
				return qv_fail(err, QV_EINVAL,
				               "%s lists more than %d actions of type %d",
				               st->game->g->name, m->indexed[t], t);
			ids[i] = m->start[t] + seen[t]++;
		} else {
			qv_status rc = qv__spiel_id_of(st, buf[i], buf, n, &ids[i], err);
			if (rc != QV_OK)
				return rc;
		}
	}
	return n;
}

int qv_spiel_legal_actions(const qv_spiel_state *st, int32_t *out, int cap, qv_err *err)
{
	const qv_game *g = st->game->g;
	int who = qv__spiel_to_move(st);
	if (who == QV_OVER)
		return 0;
	if (who == QV_CHANCE) {
		int32_t ids[st->game->max_chance];
		int n = qv_spiel_chance_outcomes(st, ids, NULL, st->game->max_chance);
		if ((n < cap ? n : cap) > 0)
			memcpy(out, ids, sizeof *ids * (size_t)(n < cap ? n : cap));
		return n;
	}
	qv_action *buf = malloc(sizeof *buf * (size_t)g->max_actions);
	int32_t *ids = malloc(sizeof *ids * (size_t)g->max_actions);
	int n = -1;
	if (!buf || !ids)
		n = qv_fail(err, QV_ENOMEM, "out of memory");
	else if ((n = decision_ids(st, buf, ids, err)) >= 0) {
		qsort(ids, (size_t)n, sizeof *ids, cmp_id);
		if ((n < cap ? n : cap) > 0)
			memcpy(out, ids, sizeof *ids * (size_t)(n < cap ? n : cap));
	}
	free(buf);
	free(ids);
	return n;
}

int qv_spiel_chance_outcomes(const qv_spiel_state *st, int32_t *ids, double *probs, int cap)
{
	const qv_game *g = st->game->g;
	if (qv__spiel_to_move(st) != QV_CHANCE)
		return 0;
	if (st->deal) {
		int32_t i2[QV__DEAL_IDS];
		double p2[QV__DEAL_IDS];
		int n = qv__deal_outcomes(st->deal, i2, p2);
		for (int i = 0; i < n && i < cap; i++) {
			if (ids)
				ids[i] = i2[i];
			if (probs)
				probs[i] = p2[i];
		}
		return n;
	}
	qv_action buf[g->max_chance];
	double prob[g->max_chance];
	int n = g->chance(QV__CUR(st), buf, prob);
	for (int i = 0; i < n && i < cap; i++) {
		if (ids)
			ids[i] = i;
		if (probs)
			probs[i] = prob[i];
	}
	return n;
}

/* The game's action of id at st: a legal decision of the seat to move, or a game's chance
 * outcome (no deal under way); checked unless st replays its own history. */
static qv_status action_of(const qv_spiel_state *st, int32_t id, qv_action *out, qv_err *err)
{
	const qv_game *g = st->game->g;
	if (qv__spiel_to_move(st) == QV_CHANCE) {
		qv_action buf[g->max_chance];
		double prob[g->max_chance];
		int n = g->chance(QV__CUR(st), buf, prob);
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
	if (rc == QV_OK && !st->replay && (rc = g->check(QV__CUR(st), *out, &why)) != QV_OK)
		rc = qv_fail(err, QV_EILLEGAL, "action id %d is not legal now: %s", (int)id,
		             why.msg);
	return rc;
}

static qv_status record(qv_spiel_state *s, int32_t id, int who, qv_err *err)
{
	if (s->nhist == s->caphist) {
		int cap = s->caphist ? 2 * s->caphist : 64;
		int32_t *h = realloc(s->hist, sizeof *h * (size_t)cap);
		if (h)
			s->hist = h;
		int8_t *w = h ? realloc(s->who, sizeof *w * (size_t)cap) : NULL;
		if (w)
			s->who = w;
		if (!h || !w)
			return qv_fail(err, QV_ENOMEM, "out of memory");
		s->caphist = cap;
	}
	s->hist[s->nhist] = id;
	s->who[s->nhist++] = (int8_t)(who >= 0 ? who : QV_SPIEL_CHANCE);
	return QV_OK;
}

/* A card of the deal under way: the deal finished, the state it waited for is arranged and
 * becomes the current one. */
static qv_status deal_card(qv_spiel_state *s, int32_t id, qv_err *err)
{
	if (!qv__deal_legal(s->deal, id)) {
		int32_t ids[QV__DEAL_IDS];
		int n = qv__deal_outcomes(s->deal, ids, NULL);
		return qv_fail(err, QV_EILLEGAL,
		               "chance outcome %d cannot be dealt now: the deal's outcomes are %d "
		               "card ids from %d to %d",
		               (int)id, n, n ? (int)ids[0] : 0, n ? (int)ids[n - 1] : 0);
	}
	qv_status rc = record(s, id, QV_CHANCE, err);
	if (rc != QV_OK)
		return rc;
	s->moves++;
	if (!qv__deal_take(s->deal, id))
		return QV_OK;
	s->game->part->arrange(QV__PEND(s), s->deal, s->game->deal);
	s->cur = (uint8_t)(1 - s->cur);
	free(s->deal);
	s->deal = NULL;
	return s->track && !s->lag ? qv__recall_step(s, err) : QV_OK;
}

/* Seat `who` of s (which keeps its seats) makes decision a (id): the seat knows its choice at
 * once, before any deal it asks, in a line of its own and a row. A state not asked since its
 * last decision keeps nothing more: its seats lag from here (handles.h), with the state before
 * the decision in the slot sync. */
static qv_status decide(qv_spiel_state *s, int who, qv_action a, int32_t id, qv_err *err)
{
	if (s->lag)
		return QV_OK;
	if (!s->asked && !s->replay) {
		memcpy(QV__SYNC(s), QV__CUR(s), s->game->g->state_size);
		s->sync_n = s->nhist;
		s->sync_moves = s->moves;
		s->sync_decisions = s->decisions;
		s->lag = 1;
		return QV_OK;
	}
	s->asked = 0;
	if (s->track & QV__KEEP_ROWS && qv__seat_own_row(&s->seat[who], id) != QV_OK)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	if (!(s->track & QV__KEEP_TEXT))
		return QV_OK; /* the notation only for the lines */
	_Static_assert(QV_MAX_PLAYERS < 10, "a seat's number is one digit");
	char line[QV_ACTION_TEXT + 16];
	int k = 3;
	line[0] = 'p', line[1] = (char)('1' + who), line[2] = ' ';
	int n = s->game->g->action_to_text(QV__CUR(s), a, line + k, sizeof line - (size_t)k - 1);
	if (n < 0)
		n = 0;
	line[k + n] = '\n';
	if (qv__lines_append(&s->seat[who].log, line, (size_t)(k + n + 1)) != QV_OK)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	return QV_OK;
}

qv_status qv__spiel_step(qv_spiel_state *s, int32_t id, qv_err *err)
{
	const qv_spiel_game *sg = s->game;
	const qv_game *g = sg->g;
	int who = qv__spiel_to_move(s);
	if (who == QV_OVER)
		return qv_fail(err, QV_ESTATE, "the game is over%s: no action applies",
		               qv_spiel_truncated(s) ? " (it reached max_game_length)" : "");
	if (s->deal)
		return deal_card(s, id, err);
	qv_action a;
	qv_status rc = action_of(s, id, &a, err);
	if (rc == QV_OK && s->track && who >= 0)
		rc = decide(s, who, a, id, err);
	if (rc == QV_OK)
		rc = record(s, id, who, err);
	if (rc != QV_OK)
		return rc;
	s->moves++;
	s->decisions += who >= 0;
	qv__deal d;
	memset(&d, 0, sizeof d);
	bool deals = sg->deal && sg->part->deal, keeps = s->track && !s->lag;
	/* the state before, for a deal and for the recall of a game observed in parts */
	if (deals || (keeps && sg->nparts))
		memcpy(QV__PEND(s), QV__CUR(s), g->state_size);
	g->apply(QV__CUR(s), a, NULL);
	if (deals && sg->part->deal(QV__PEND(s), a, QV__CUR(s), sg->deal, &d) > 0) {
		/* the state before stays the current one while chance deals; the one after waits */
		s->cur = (uint8_t)(1 - s->cur);
		if (!(s->deal = malloc(sizeof *s->deal)))
			return qv_fail(err, QV_ENOMEM, "out of memory");
		qv__deal_begin(&d);
		memcpy(s->deal, &d, sizeof d);
		return QV_OK;
	}
	return keeps ? qv__recall_step(s, err) : QV_OK;
}

qv_status qv_spiel_apply(qv_spiel_state *st, int32_t id, qv_err *err)
{
	qv_status rc = qv__spiel_step(st, id, err);
	if (rc == QV_OK && st->game->sampled)
		rc = draw_chance(st, err);
	return rc;
}

int32_t qv_spiel_apply_chance(qv_spiel_state *st, double u, qv_err *err)
{
	if (qv__spiel_to_move(st) != QV_CHANCE)
		return qv_fail(err, QV_ESTATE,
		               "no chance node: a seat is to move or the game is over");
	if (!(u >= 0 && u < 1))
		return qv_fail(err, QV_EINVAL, "u = %g is not a draw in [0, 1)", u);
	int cap = st->game->max_chance;
	int32_t ids[cap];
	double probs[cap];
	int n = qv_spiel_chance_outcomes(st, ids, probs, cap);
	int32_t id = ids[n - 1];
	for (int i = 0; i < n; i++)
		if ((u -= probs[i]) < 0) {
			id = ids[i];
			break;
		}
	qv_status rc = qv_spiel_apply(st, id, err);
	return rc == QV_OK ? id : rc;
}

/* s again from its base with its first n history entries (its own, so not checked again),
 * keeping its information states when it kept them. */
static qv_status rebuild(qv_spiel_state *s, int n, qv_err *err)
{
	qv_spiel_state *r = qv__spiel_state_alloc(s->game);
	if (!r)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	size_t size = s->game->g->state_size;
	memcpy(QV__CUR(r), QV__BASE(s), size);
	memcpy(QV__BASE(r), QV__BASE(s), size);
	r->moves = r->base_moves = s->base_moves;
	r->decisions = r->base_decisions = s->base_decisions;
	r->rng = s->rng;
	r->replay = 1;
	qv_status rc = QV_OK;
	if (s->game->root_deal && s->base_moves == 0) {
		memcpy(QV__PEND(r), QV__BASE(s), size);
		if ((r->deal = malloc(sizeof *r->deal)))
			memcpy(r->deal, s->game->root_deal, sizeof *r->deal);
		else
			rc = qv_fail(err, QV_ENOMEM, "out of memory");
	}
	if (rc == QV_OK && s->track)
		rc = qv__recall_start(r, s->track, err);
	for (int i = 0; i < n && rc == QV_OK; i++)
		rc = qv__spiel_step(r, s->hist[i], err);
	if (rc == QV_OK) {
		/* r's contents become s's */
		r->replay = 0;
		r->asked = s->asked;
		size_t bytes = sizeof *s + QV__SPIEL_SLOTS * QV__SPIEL_SLOT(s->game);
		qv_spiel_state *tmp = malloc(bytes);
		if (!tmp) {
			rc = qv_fail(err, QV_ENOMEM, "out of memory");
		} else {
			memcpy(tmp, s, bytes);
			memcpy(s, r, bytes);
			memcpy(r, tmp, bytes);
			free(tmp);
		}
	}
	qv_spiel_state_free(r);
	return rc;
}

qv_status qv_spiel_undo(qv_spiel_state *st, int player, int32_t id, qv_err *err)
{
	if (st->known >= 0)
		return qv_fail(err, QV_ESTATE,
		               "a world drawn by the resampler cannot take back its actions");
	int k = st->nhist - 1;
	if (st->game->sampled)
		while (k >= 0 && st->who[k] == QV_SPIEL_CHANCE && player != QV_SPIEL_CHANCE)
			k--;
	if (k < st->game->nstart)
		return qv_fail(err, QV_ESTATE, "no action to take back: the history is %s",
		               st->game->nstart ? "the game's start" : "empty");
	if (st->hist[k] != id || st->who[k] != player)
		return qv_fail(err, QV_EINVAL,
		               "the last action is %d of player %d, not %d of player %d",
		               (int)st->hist[k], (int)st->who[k], (int)id, player);
	return rebuild(st, k, err);
}

/* The cards of deal d, every segment's. */
static int deal_size(const qv__deal *d)
{
	int n = 0;
	for (int k = 0; k < d->nseg; k++)
		n += d->seg[k].n;
	return n;
}

/* qv__recall_on for a state whose history is its root deal, finished, and nothing more (a game
 * asked at its first decision): what rebuild keeps, without dealing each card again. Each seat
 * observes the base, then the state now as the one step the deal's end is (no seat chose
 * anything in it), with the base as the state before. */
static qv_status recall_after_deal(qv_spiel_state *s, unsigned keep, qv_err *err)
{
	size_t size = s->game->g->state_size;
	memcpy(QV__PEND(s), QV__CUR(s), size);
	memcpy(QV__CUR(s), QV__BASE(s), size);
	qv_status rc = qv__recall_start(s, keep, err);
	memcpy(QV__CUR(s), QV__PEND(s), size);
	memcpy(QV__PEND(s), QV__BASE(s), size);
	if (rc == QV_OK)
		rc = qv__recall_step(s, err);
	if (rc != QV_OK) {
		for (int p = 0; p < QV_MAX_PLAYERS; p++)
			qv__seat_free(&s->seat[p]);
		s->track = 0;
	}
	return rc;
}

/* The seats of s, which lag at its slot sync (handles.h), brought up to its state now: the
 * history since sync_n replayed from there in a state of its own that takes the seats over
 * and gives them back. */
static qv_status catch_up(qv_spiel_state *s, qv_err *err)
{
	qv_spiel_state *r = qv__spiel_state_alloc(s->game);
	if (!r)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	memcpy(QV__CUR(r), QV__SYNC(s), s->game->g->state_size);
	r->moves = s->sync_moves;
	r->decisions = s->sync_decisions;
	r->known = s->known;
	r->track = s->track;
	r->replay = 1;
	memcpy(r->seat, s->seat, sizeof r->seat);
	memset(s->seat, 0, sizeof s->seat);
	qv_status rc = QV_OK;
	for (int i = s->sync_n; i < s->nhist && rc == QV_OK; i++)
		rc = qv__spiel_step(r, s->hist[i], err);
	memcpy(s->seat, r->seat, sizeof s->seat);
	memset(r->seat, 0, sizeof r->seat);
	qv_spiel_state_free(r);
	s->lag = 0;
	if (rc != QV_OK) {
		/* the next ask starts again from the base */
		for (int p = 0; p < QV_MAX_PLAYERS; p++)
			qv__seat_free(&s->seat[p]);
		s->track = 0;
	}
	return rc;
}

qv_status qv__recall_on(qv_spiel_state *s, unsigned want, qv_err *err)
{
	const qv_spiel_game *g = s->game;
	qv_status rc = QV_OK;
	unsigned keep = s->track | want;
	if (s->track && (s->track & want) != want) {
		/* the other part, from the base (a world keeps both from its start) */
		for (int p = 0; p < QV_MAX_PLAYERS; p++)
			qv__seat_free(&s->seat[p]);
		s->track = s->lag = 0;
	}
	if (s->track && s->lag)
		rc = catch_up(s, err);
	else if (!s->track && !s->deal && g->root_deal && s->base_moves == 0 &&
	         s->nhist == deal_size(g->root_deal))
		rc = recall_after_deal(s, keep, err);
	else if (!s->track) {
		s->track = (uint8_t)keep; /* rebuild keeps what s keeps */
		if ((rc = rebuild(s, s->nhist, err)) != QV_OK)
			s->track = 0;
	}
	if (rc == QV_OK)
		s->asked = 1;
	return rc;
}

/* The ranks' utilities (game.h, qv_utilities_from_ranks) summing to 0 exactly in seat order,
 * as OpenSpiel's zero-sum games' returns do: each worked out with one division, (the sum of
 * the places' n - 1 - 2 * place over the tied seats) / (tied * (n - 1)), so that opposite
 * places are exact opposites, and the last seat's minus the others' sum. With four seats the
 * thirds are not binary fractions, and 1/3 + 1/3 - 1 + 1/3 is not 0 whatever 1/3 is rounded
 * to: the last seat's return then differs from its rank's utility in the last bit. */
static void zero_sum_returns(const qv_game *g, const void *st, int n, double *out)
{
	if (g->returns || n < 2) {
		qv_returns(g, st, out);
		return;
	}
	int rank[QV_MAX_PLAYERS];
	g->ranks(st, rank);
	double sum = 0;
	for (int i = 0; i < n; i++) {
		int tied = 0, places = 0;
		for (int j = 0; j < n; j++)
			tied += rank[j] == rank[i];
		for (int place = rank[i] - 1; place < rank[i] - 1 + tied; place++)
			places += n - 1 - 2 * place;
		out[i] = i < n - 1 ? (double)places / (tied * (n - 1)) : 0.0 - sum;
		sum += out[i];
	}
}

void qv_spiel_returns(const qv_spiel_state *st, double *out)
{
	const qv_spiel_game *sg = st->game;
	if (qv__spiel_to_move(st) == QV_OVER && (!qv_spiel_truncated(st) || sg->truncated_ranks)) {
		zero_sum_returns(sg->g, QV__CUR(st), sg->nplayers, out);
		return;
	}
	for (int p = 0; p < sg->nplayers; p++)
		out[p] = 0;
}

int qv_spiel_action_to_string(const qv_spiel_state *st, int32_t id, char *buf, size_t len,
                              qv_err *err)
{
	const qv_spiel_game *sg = st->game;
	int who = qv__spiel_to_move(st);
	if (who == QV_CHANCE) {
		if (id < 0 || id >= sg->max_chance)
			return qv_fail(err, QV_EINVAL,
			               "chance outcome %d is out of range: %s has outcomes 0 to %d",
			               (int)id, sg->g->name, sg->max_chance - 1);
		if (st->deal)
			return qv__deal_text(st, id, buf, len);
		qv_action a;
		if (action_of(st, id, &a, NULL) == QV_OK) {
			int n = sg->g->action_to_text(QV__CUR(st), a, buf, len);
			if (n >= 0)
				return n;
		}
		int n = snprintf(buf, len, "chance outcome %d (not one now)", (int)id);
		return n < 0 ? 0 : (size_t)n < len ? n : (int)len - 1;
	}
	if (id < 0 || id >= sg->ids.size)
		return qv_fail(err, QV_EINVAL, "action id %d is out of range: %s has ids 0 to %d",
		               (int)id, sg->g->name, sg->ids.size - 1);
	qv_action a;
	if (who >= 0 && action_of(st, id, &a, NULL) == QV_OK) {
		int n = sg->g->action_to_text(QV__CUR(st), a, buf, len);
		if (n >= 0)
			return n;
	}
	return qv__spiel_id_text(&sg->ids, id, buf, len);
}

qv_status qv_spiel_string_to_action(const qv_spiel_state *st, const char *text, int32_t *out,
                                    qv_err *err)
{
	const qv_game *g = st->game->g;
	int who = qv__spiel_to_move(st);
	if (who == QV_OVER)
		return qv_fail(err, QV_ESTATE, "the game is over: no action applies");
	if (!text)
		return qv_fail(err, QV_EINVAL,
		               "no notation given: expected an action of %s as its "
		               "rules page writes it",
		               g->name);
	if (who == QV_CHANCE) {
		/* an outcome whose notation is the text */
		int32_t ids[st->game->max_chance];
		int n = qv_spiel_chance_outcomes(st, ids, NULL, st->game->max_chance);
		char b[QV_ACTION_TEXT];
		for (int i = 0; i < n; i++)
			if (qv_spiel_action_to_string(st, ids[i], b, sizeof b, NULL) >= 0 &&
			    qv_streq_nocase(b, text)) {
				*out = ids[i];
				return QV_OK;
			}
		return qv_fail(err, QV_EILLEGAL, "'%s' is no chance outcome now", text);
	}
	qv_action a;
	qv_status rc = g->action_from_text(QV__CUR(st), text, &a, err);
	if (rc != QV_OK)
		return rc;
	if ((rc = g->check(QV__CUR(st), a, err)) != QV_OK)
		return rc;
	return qv__spiel_id_of(st, a, NULL, 0, out, err);
}
