/*
 * ids.c - the map between each game's action integers (`type << shift | payload`, the
 * encodings of src/games/<game>/<game>.h) and the dense ids of the spiel API: one segment of
 * ids per type of decision, in type order, and each id's factored form (its type, then the
 * fields of its payload, each a head shared by the types that have it). The widths below are
 * those encodings' payloads; tests/unit/test_spiel.c maps every legal action of random games of
 * every game both ways, so a game that widens a payload fails there rather than here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/spiel/handles.h"

/* A type of action: its name, and its payload's fields lowest bits first (name, bits; an
 * indexed type's one field is its place, bits being the segment's size). No fields and bits
 * -1: a chance outcome's type, or type 0, which is nothing. */
typedef struct field {
	const char *name;
	int bits;
} field;

typedef struct type_spec {
	const char *name;
	int indexed; /* the segment's size, for a type whose id is its place among the legal */
	field f[QV__SPIEL_FIELDS];
} type_spec;

#define CHANCE                                                                                     \
	{                                                                                          \
		NULL, -1,                                                                          \
		{                                                                                  \
			{                                                                          \
				0                                                                  \
			}                                                                          \
		}                                                                                  \
	}

typedef struct spec {
	const char *game;
	int shift;
	int ntypes;
	type_spec t[QV__SPIEL_TYPES];
} spec;

/* three-arrows: place (square 6, facing 2, kind 3, covered, shielded), uncover (square), attack
 * (from 6, to 6), unshield (square), bonus (the pieces k, 2 to TA_MAX_BONUS = 6000: 13 bits),
 * defend, stay, advance (facing 2); the die is chance. concardia: start (card), play (card,
 * square), persist (card), slide, jump and shove (two squares), boost (square), pboost (card),
 * immediate (card, target), discard (card), counter (square), pcounter (card), react (card,
 * square), decline, pass; the coin is chance. evons: keep, mulligan (indexed: at most 326,
 * evons.h), play and cover (kind 5, cell 6), reveal (cell), end, ability (direction 3, argument
 * type 2, value 6), burn (cell), next, conflict (cell); the coin is chance. arrow-party: use
 * (kind 4, two arguments of 4), ready, throw (card 6), go (direction 3); land, roll, give, take
 * and stack are chance. */
static const spec specs[] = {
    {"three-arrows",
     16,
     10,
     {CHANCE,
      {"place", 0, {{"square", 6}, {"facing", 2}, {"kind", 3}, {"covered", 1}, {"shielded", 1}}},
      {"uncover", 0, {{"square", 6}}},
      {"attack", 0, {{"square", 6}, {"target", 6}}},
      {"unshield", 0, {{"square", 6}}},
      {"bonus", 0, {{"count", 13}}},
      {"defend", 0, {{0}}},
      {"stay", 0, {{0}}},
      {"advance", 0, {{"facing", 2}}},
      CHANCE}},
    {"concardia",
     16,
     17,
     {CHANCE,
      {"start", 0, {{"card", 6}}},
      {"play", 0, {{"card", 6}, {"square", 6}}},
      {"persist", 0, {{"card", 6}}},
      {"slide", 0, {{"square", 6}, {"target", 6}}},
      {"jump", 0, {{"square", 6}, {"target", 6}}},
      {"shove", 0, {{"square", 6}, {"target", 6}}},
      {"boost", 0, {{"square", 6}}},
      {"pboost", 0, {{"card", 6}}},
      {"immediate", 0, {{"card", 6}, {"target", 6}}},
      {"discard", 0, {{"card", 6}}},
      {"counter", 0, {{"square", 6}}},
      {"pcounter", 0, {{"card", 6}}},
      {"react", 0, {{"card", 6}, {"square", 6}}},
      {"decline", 0, {{0}}},
      {"pass", 0, {{0}}},
      CHANCE}},
    {"evons",
     26,
     12,
     {CHANCE,
      {"keep", 0, {{0}}},
      {"mulligan", 326, {{"mulligan", 0}}},
      {"play", 0, {{"kind", 5}, {"cell", 6}}},
      {"cover", 0, {{"kind", 5}, {"cell", 6}}},
      {"reveal", 0, {{"cell", 6}}},
      {"end", 0, {{0}}},
      {"ability", 0, {{"direction", 3}, {"argtype", 2}, {"value", 6}}},
      {"burn", 0, {{"cell", 6}}},
      {"next", 0, {{0}}},
      {"conflict", 0, {{"cell", 6}}},
      CHANCE}},
    {"arrow-party",
     16,
     10,
     {CHANCE,
      {"use", 0, {{"item", 4}, {"a", 4}, {"b", 4}}},
      {"ready", 0, {{0}}},
      {"throw", 0, {{"card", 6}}},
      {"go", 0, {{"direction", 3}}},
      CHANCE,
      CHANCE,
      CHANCE,
      CHANCE,
      CHANCE}},
};

/* The head called name in m, added when it is new; its size grown to size. */
static int head_of(qv__spiel_ids *m, const char *name, int size)
{
	int h = 0;
	while (h < m->nheads && strcmp(m->head_name[h], name) != 0)
		h++;
	if (h == m->nheads) {
		m->head_name[h] = name;
		m->nheads++;
	}
	if (m->head_size[h] < size)
		m->head_size[h] = size;
	return h;
}

qv_status qv__spiel_ids_init(qv__spiel_ids *m, const qv_game *g, qv_err *err)
{
	for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
		const spec *sp = &specs[i];
		if (strcmp(sp->game, g->name) != 0)
			continue;
		memset(m, 0, sizeof *m);
		m->shift = sp->shift;
		m->ntypes = sp->ntypes;
		m->head_name[0] = "type";
		m->head_size[0] = sp->ntypes;
		m->nheads = 1;
		int at = 0;
		for (int t = 0; t < sp->ntypes; t++) {
			const type_spec *ts = &sp->t[t];
			m->type_name[t] = ts->name;
			m->start[t] = at;
			if (!ts->name) {
				m->bits[t] = -1;
				continue;
			}
			int bits = 0;
			for (int f = 0; f < QV__SPIEL_FIELDS && ts->f[f].name; f++) {
				int w = ts->indexed ? ts->indexed : 1 << ts->f[f].bits;
				m->head[t][f] = head_of(m, ts->f[f].name, w);
				m->width[t][f] = ts->f[f].bits;
				m->nfields[t]++;
				bits += ts->f[f].bits;
			}
			if (ts->indexed) {
				m->bits[t] = QV__SPIEL_INDEXED;
				m->indexed[t] = ts->indexed;
				at += ts->indexed;
			} else {
				m->bits[t] = bits;
				at += 1 << bits;
			}
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

/* The type of id (in range). */
static int type_of_id(const qv__spiel_ids *m, int32_t id)
{
	int t = m->ntypes - 1;
	while (t > 0 && (m->bits[t] < 0 || m->start[t] > id))
		t--;
	return t;
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
		n = s->game->g->legal(QV__CUR(s), buf);
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
	int t = type_of_id(m, id);
	int k = id - m->start[t];
	if (m->bits[t] != QV__SPIEL_INDEXED) {
		*out = (qv_action)((uint32_t)t << m->shift | (uint32_t)k);
		return QV_OK;
	}
	qv_action *buf = malloc(sizeof *buf * (size_t)s->game->g->max_actions);
	if (!buf)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	int n = s->game->g->legal(QV__CUR(s), buf);
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

int qv_spiel_action_heads(const qv_spiel_game *g) { return g->ids.nheads; }

const char *qv_spiel_action_head_name(const qv_spiel_game *g, int head)
{
	return head >= 0 && head < g->ids.nheads ? g->ids.head_name[head] : NULL;
}

int qv_spiel_action_head_size(const qv_spiel_game *g, int head)
{
	return head >= 0 && head < g->ids.nheads ? g->ids.head_size[head] : 0;
}

qv_status qv_spiel_action_factor(const qv_spiel_game *g, int32_t id, int32_t *heads, qv_err *err)
{
	const qv__spiel_ids *m = &g->ids;
	if (id < 0 || id >= m->size)
		return qv_fail(err, QV_EINVAL, "action id %d is out of range: %s has ids 0 to %d",
		               (int)id, g->g->name, m->size - 1);
	memset(heads, 0, sizeof *heads * (size_t)m->nheads);
	int t = type_of_id(m, id), k = id - m->start[t];
	heads[0] = t;
	if (m->bits[t] == QV__SPIEL_INDEXED) {
		heads[m->head[t][0]] = k;
		return QV_OK;
	}
	for (int f = 0; f < m->nfields[t]; f++) {
		heads[m->head[t][f]] = k & ((1 << m->width[t][f]) - 1);
		k >>= m->width[t][f];
	}
	return QV_OK;
}

qv_status qv_spiel_action_unfactor(const qv_spiel_game *g, const int32_t *heads, int32_t *id,
                                   qv_err *err)
{
	const qv__spiel_ids *m = &g->ids;
	int t = heads[0];
	if (t < 0 || t >= m->ntypes || m->bits[t] < 0)
		return qv_fail(err, QV_EINVAL, "head type %d is no type of decision of %s", (int)t,
		               g->g->name);
	int used[QV__SPIEL_HEADS] = {0}, payload = 0, shift = 0;
	used[0] = 1;
	for (int f = 0; f < m->nfields[t]; f++) {
		int h = m->head[t][f], v = heads[h];
		int size = m->bits[t] == QV__SPIEL_INDEXED ? m->indexed[t] : 1 << m->width[t][f];
		if (v < 0 || v >= size)
			return qv_fail(err, QV_EINVAL, "head %s is %d: a %s takes 0 to %d",
			               m->head_name[h], (int)v, m->type_name[t], size - 1);
		used[h] = 1;
		payload |= v << shift;
		shift += m->bits[t] == QV__SPIEL_INDEXED ? 0 : m->width[t][f];
	}
	for (int h = 1; h < m->nheads; h++)
		if (!used[h] && heads[h] != 0)
			return qv_fail(err, QV_EINVAL, "head %s is %d: a %s has no %s (0 expected)",
			               m->head_name[h], (int)heads[h], m->type_name[t],
			               m->head_name[h]);
	*id = m->start[t] + payload;
	return QV_OK;
}

int qv__spiel_id_text(const qv__spiel_ids *m, int32_t id, char *buf, size_t len)
{
	int t = type_of_id(m, id), k = id - m->start[t];
	size_t at = (size_t)snprintf(buf, len, "%s(", m->type_name[t]);
	for (int f = 0; f < m->nfields[t] && at < len; f++) {
		int w = m->bits[t] == QV__SPIEL_INDEXED ? 31 : m->width[t][f];
		int v = w >= 31 ? k : k & ((1 << w) - 1);
		k = w >= 31 ? 0 : k >> w;
		at += (size_t)snprintf(buf + at, len - at, "%s%s=%d", f ? "," : "",
		                       m->head_name[m->head[t][f]], v);
	}
	if (at < len)
		at += (size_t)snprintf(buf + at, len - at, ")");
	return (int)(at < len ? at : len - 1);
}

int qv_spiel_game_action_to_string(const qv_spiel_game *g, int32_t id, char *buf, size_t len,
                                   qv_err *err)
{
	if (id < 0 || id >= g->ids.size)
		return qv_fail(err, QV_EINVAL, "action id %d is out of range: %s has ids 0 to %d",
		               (int)id, g->g->name, g->ids.size - 1);
	return qv__spiel_id_text(&g->ids, id, buf, len);
}
