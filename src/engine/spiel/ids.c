/*
 * ids.c - the map between each game's action integers (`type << shift | payload`, the
 * encodings of src/games/<game>/<game>.h) and the dense ids of the spiel API: one segment of
 * ids per type of decision, in type order. The widths below are those encodings' payloads;
 * tests/unit/test_spiel.c maps every legal action of random games of every game both ways, so
 * a game that widens a payload fails there rather than here.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/spiel/handles.h"

typedef struct spec {
	const char *game;
	int shift;
	int ntypes;
	/* Per type from 0: payload bits, -1 for none (type 0 and chance outcomes), or
	 * QV__SPIEL_INDEXED. */
	int bits[QV__SPIEL_TYPES];
	int indexed[QV__SPIEL_TYPES];
} spec;

/* three-arrows: place (square 6, facing 2, kind 3, covered, shielded), uncover (square),
 * attack (from 6, to 6), unshield (square), bonus (the pieces k, 2 to TA_MAX_BONUS = 6000: 13
 * bits), defend, stay, advance (facing 2); the die is chance. concardia: start (card), play (card,
 * square), persist (card), slide, jump and shove (two squares), boost (square), pboost (card),
 * immediate (card, target), discard (card), counter (square), pcounter (card), react (card,
 * square), decline, pass; the coin is chance. evons: keep, mulligan (indexed: at most 326,
 * evons.h), play and cover (kind 5, cell 6), reveal (cell), end, ability (direction 3, argument
 * type 2, value 6), burn (cell), next, conflict (cell); the coin is chance. arrow-party: use (kind
 * 4, two arguments of 4), ready, throw (card 6), go (direction 3); land, roll, give, take and stack
 * are chance. */
static const spec specs[] = {
    {"three-arrows", 16, 10, {-1, 13, 6, 12, 6, 13, 0, 0, 2, -1}, {0}},
    {"concardia", 16, 17, {-1, 6, 12, 6, 12, 12, 12, 6, 6, 12, 6, 6, 6, 12, 0, 0, -1}, {0}},
    {"evons", 26, 12, {-1, 0, QV__SPIEL_INDEXED, 11, 11, 6, 0, 11, 6, 0, 6, -1}, {[2] = 326}},
    {"arrow-party", 16, 10, {-1, 12, 0, 6, 3, -1, -1, -1, -1, -1}, {0}},
};

qv_status qv__spiel_ids_init(qv__spiel_ids *m, const qv_game *g, qv_err *err)
{
	for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
		const spec *sp = &specs[i];
		if (strcmp(sp->game, g->name) != 0)
			continue;
		memset(m, 0, sizeof *m);
		m->shift = sp->shift;
		m->ntypes = sp->ntypes;
		int at = 0;
		for (int t = 0; t < sp->ntypes; t++) {
			m->bits[t] = sp->bits[t];
			m->indexed[t] = sp->indexed[t];
			m->start[t] = at;
			if (sp->bits[t] == QV__SPIEL_INDEXED)
				at += sp->indexed[t];
			else if (sp->bits[t] >= 0)
				at += 1 << sp->bits[t];
		}
		m->size = at;
		return QV_OK;
	}
	return qv_fail(err, QV_EINVAL, "the spiel API has no action ids for the game '%s'",
	               g->name);
}

static int type_of(const qv__spiel_ids *m, qv_action a) { return (int)((uint32_t)a >> m->shift); }

static int payload_of(const qv__spiel_ids *m, qv_action a)
{
	return (int)((uint32_t)a & ((1u << m->shift) - 1));
}

qv_status qv__spiel_id_of(const qv_spiel_state *s, qv_action a, const qv_action *legal, int n,
                          int32_t *out, qv_err *err)
{
	const qv__spiel_ids *m = &s->game->ids;
	int t = type_of(m, a), p = payload_of(m, a);
	if (a < 0 || t >= m->ntypes || m->bits[t] < 0)
		return qv_fail(err, QV_EINVAL, "action %d of %s is no decision the id map knows",
		               (int)a, s->game->g->name);
	if (m->bits[t] != QV__SPIEL_INDEXED) {
		if (p >= 1 << m->bits[t])
			return qv_fail(err, QV_EINVAL,
			               "action %d of %s has a payload wider than %d bits", (int)a,
			               s->game->g->name, m->bits[t]);
		*out = m->start[t] + p;
		return QV_OK;
	}
	qv_action *buf = NULL;
	if (!legal) {
		buf = malloc(sizeof *buf * (size_t)s->game->g->max_actions);
		if (!buf)
			return qv_fail(err, QV_ENOMEM, "out of memory");
		n = s->game->g->legal(s->st, buf);
		legal = buf;
	}
	int k = 0;
	qv_status rc =
	    qv_fail(err, QV_EILLEGAL, "action %d of %s is not legal now", (int)a, s->game->g->name);
	for (int i = 0; i < n; i++) {
		if (legal[i] == a) {
			if (k >= m->indexed[t]) {
				rc = qv_fail(err, QV_EINVAL,
				             "%s lists more than %d actions of type %d",
				             s->game->g->name, m->indexed[t], t);
				break;
			}
			*out = m->start[t] + k;
			rc = QV_OK;
			break;
		}
		k += type_of(m, legal[i]) == t;
	}
	free(buf);
	return rc;
}

qv_status qv__spiel_action_of(const qv_spiel_state *s, int32_t id, qv_action *out, qv_err *err)
{
	const qv__spiel_ids *m = &s->game->ids;
	if (id < 0 || id >= m->size)
		return qv_fail(err, QV_EINVAL, "action id %d is out of range: %s has ids 0 to %d",
		               (int)id, s->game->g->name, m->size - 1);
	int t = m->ntypes - 1;
	while (t > 0 && (m->bits[t] < 0 || m->start[t] > id))
		t--;
	int k = id - m->start[t];
	if (m->bits[t] != QV__SPIEL_INDEXED) {
		*out = (qv_action)((uint32_t)t << m->shift | (uint32_t)k);
		return QV_OK;
	}
	qv_action *buf = malloc(sizeof *buf * (size_t)s->game->g->max_actions);
	if (!buf)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	int n = s->game->g->legal(s->st, buf);
	qv_status rc = qv_fail(err, QV_EILLEGAL, "action id %d is not legal now", (int)id);
	for (int i = 0; i < n; i++)
		if (type_of(m, buf[i]) == t && k-- == 0) {
			*out = buf[i];
			rc = QV_OK;
			break;
		}
	free(buf);
	return rc;
}
