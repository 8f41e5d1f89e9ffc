/*
 * tensor.c - a seat's tensors (include/quiver/spiel.h, docs/python.md "Tensors"). With
 * tensor=planes (the default): the observation is the game's planes and scalars
 * (games/spiel.h) of the seat, and the information state that observation followed by the
 * seat's information state as rows (recall.c keeps them): how many rows came before those it
 * holds, then the last `recall` rows, the last first, each a one-hot of its kind (the seat's
 * own action, an observation change's first slot, its further slots, a world's start) then
 * what (the action's id, the slot, the world's seat) and the slot's new value. With tensor=hashed:
 * the seat's view (view_json) hashed into QV__SPIEL_HASHED floats, the hashing trick of Weinberger
 * et al. (2009): every leaf of the view named by its path (object keys and array indices
 * joined by '/'), a number adding its value to the slot of the path's hash, true adding 1, a
 * string adding 1 to the slot of the path and the string; the information state adds the
 * seat's lines (recall.c), the i-th adding 1 to the slot of "recall/i" and the line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "engine/spiel/handles.h"

/* FNV-1a over the bytes of a, then of b (may be NULL). */
static uint64_t fnv(const char *a, const char *b)
{
	uint64_t h = 1469598103934665603ull;
	for (const char *p = a; *p; p++)
		h = (h ^ (uint8_t)*p) * 1099511628211ull;
	if (b) {
		h = (h ^ '=') * 1099511628211ull;
		for (const char *p = b; *p; p++)
			h = (h ^ (uint8_t)*p) * 1099511628211ull;
	}
	return h;
}

static void walk(const json_t *j, char *path, size_t len, size_t cap, float *out)
{
	switch (json_typeof(j)) {
	case JSON_OBJECT: {
		const char *key;
		json_t *v;
		json_object_foreach((json_t *)j, key, v)
		{
			int w = snprintf(path + len, cap - len, "/%s", key);
			if (w > 0 && (size_t)w < cap - len)
				walk(v, path, len + (size_t)w, cap, out);
		}
		break;
	}
	case JSON_ARRAY:
		for (size_t i = 0; i < json_array_size(j); i++) {
			int w = snprintf(path + len, cap - len, "/%zu", i);
			if (w > 0 && (size_t)w < cap - len)
				walk(json_array_get(j, i), path, len + (size_t)w, cap, out);
		}
		break;
	case JSON_STRING: out[fnv(path, json_string_value(j)) % QV__SPIEL_HASHED] += 1; break;
	case JSON_INTEGER:
	case JSON_REAL:
		out[fnv(path, NULL) % QV__SPIEL_HASHED] += (float)json_number_value(j);
		break;
	case JSON_TRUE: out[fnv(path, NULL) % QV__SPIEL_HASHED] += 1; break;
	default: break;
	}
	path[len] = '\0';
}

qv_status qv__spiel_hashed(const qv_spiel_state *s, int player, bool recall, float *out,
                           qv_err *err)
{
	json_t *view = s->game->g->view_json(QV__CUR(s), player);
	if (!view)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	memset(out, 0, sizeof *out * QV__SPIEL_HASHED);
	char path[512] = "";
	walk(view, path, 0, sizeof path, out);
	json_decref(view);
	if (!recall)
		return QV_OK;
	qv_status rc = qv__recall_on((qv_spiel_state *)s, QV__KEEP_TEXT, err);
	char *lines = rc == QV_OK ? qv__lines_text(&s->seat[player].log) : NULL;
	if (rc == QV_OK && !lines)
		rc = qv_fail(err, QV_ENOMEM, "out of memory");
	const char *at = lines;
	for (unsigned long i = 0; rc == QV_OK && *at; i++) {
		const char *nl = strchr(at, '\n');
		if (!nl)
			nl = at + strlen(at);
		char key[32];
		snprintf(key, sizeof key, "recall/%lu", i);
		/* The line without its newline, hashed after the key. */
		uint64_t h = fnv(key, "");
		for (const char *p = at; p < nl; p++)
			h = (h ^ (uint8_t)*p) * 1099511628211ull;
		out[h % QV__SPIEL_HASHED] += 1;
		at = *nl ? nl + 1 : nl;
	}
	free(lines);
	return rc;
}

/* Zeroes n floats in pieces of equal length, at most 1 KiB each: callgrind counts each
 * round of a `rep stos` as an instruction (bench/spiel_info_cost.sh counts instructions), and
 * both a memset of a length the compiler knows (gcc writes 1 KiB as `rep stosq`, 128 rounds)
 * and glibc's memset from 2 KiB on (`rep stosb`) are one; glibc's below 2 KiB, which a length
 * known only at run time calls, writes vector stores, the same time on the hardware and some
 * sixty instructions a KiB. A learner asks for a tensor of thousands of floats at every
 * decision. */
static void zero(float *out, size_t n)
{
	enum { PIECE = 510 };
	size_t pieces = (n + PIECE - 1) / PIECE;
	for (size_t each; n; n -= each, out += each, pieces--) {
		each = n / pieces;
		memset(out, 0, sizeof *out * each);
	}
}

static qv_status seat_check(const qv_spiel_state *s, int player, qv_err *err)
{
	if (player < 0 || player >= s->game->nplayers)
		return qv_fail(err, QV_EINVAL, "player %d is no seat: %s has seats 0 to %d", player,
		               s->game->g->name, s->game->nplayers - 1);
	return QV_OK;
}

qv_status qv_spiel_observation_tensor(const qv_spiel_state *st, int player, float *out, qv_err *err)
{
	qv_status rc = seat_check(st, player, err);
	if (rc != QV_OK)
		return rc;
	if (st->game->tensor == QV__TENSOR_HASHED)
		return qv__spiel_hashed(st, player, false, out, err);
	zero(out, (size_t)st->game->obs_size);
	qv__obs o = {.dense = out, .size = st->game->obs_size, .last = -1};
	st->game->part->observe(QV__CUR(st), player, &o);
	return QV_OK;
}

qv_status qv_spiel_information_state_tensor(const qv_spiel_state *st, int player, float *out,
                                            qv_err *err)
{
	qv_status rc = seat_check(st, player, err);
	if (rc != QV_OK)
		return rc;
	if (st->game->tensor == QV__TENSOR_HASHED)
		return qv__spiel_hashed(st, player, true, out, err);
	if ((rc = qv__recall_on((qv_spiel_state *)st, QV__KEEP_ROWS, err)) != QV_OK)
		return rc;
	const qv_spiel_game *g = st->game;
	int size = g->obs_size, cap = g->recall;
	qv__seat *a = &((qv_spiel_state *)st)->seat[player]; /* keeps its last rows */
	zero(out, (size_t)size);
	/* four slots a round: the loop's own count and test were a third of it */
	const int32_t *idx = a->obs.idx;
	const float *val = a->obs.val;
	int n = a->obs.n, i = 0;
	for (; i + 4 <= n; i += 4) {
		out[idx[i]] = val[i];
		out[idx[i + 1]] = val[i + 1];
		out[idx[i + 2]] = val[i + 2];
		out[idx[i + 3]] = val[i + 3];
	}
	for (; i < n; i++)
		out[idx[i]] = val[i];
	long total = qv__seat_rows_tensor(a, out + size + 1, cap);
	long held = total < cap ? total : cap;
	zero(out + size + 1 + QV__ROW_FLOATS * held, (size_t)(QV__ROW_FLOATS * (cap - held)));
	out[size] = (float)(total - held);
	return QV_OK;
}
