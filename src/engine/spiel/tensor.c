/*
 * tensor.c - a seat's information-state and observation tensors: its view (view_json, which
 * the game builds to hold exactly what that seat may know) hashed into QV__SPIEL_TENSOR
 * floats, the hashing trick of Weinberger et al. (2009). Every leaf of the view is named by
 * its path (object keys and array indices joined by '/'): a number adds its value to the slot
 * of the path's hash, true adds 1, a string adds 1 to the slot of the path and the string.
 * The information-state tensor adds the seat's observation lines (recall.c), the i-th line
 * (counted from 0 among the seat's own lines) adding 1 to the slot of "recall/i" and the line.
 * The size is the same for every game and parameters, and a fact the seat may not know
 * reaches no slot (docs/python.md, "Tensors").
 */
#include <stdio.h>
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
	case JSON_STRING: out[fnv(path, json_string_value(j)) % QV__SPIEL_TENSOR] += 1; break;
	case JSON_INTEGER:
	case JSON_REAL:
		out[fnv(path, NULL) % QV__SPIEL_TENSOR] += (float)json_number_value(j);
		break;
	case JSON_TRUE: out[fnv(path, NULL) % QV__SPIEL_TENSOR] += 1; break;
	default: break;
	}
	path[len] = '\0';
}

qv_status qv__spiel_tensor(const qv_spiel_state *s, int player, bool recall, float *out,
                           qv_err *err)
{
	if (player < 0 || player >= s->game->nplayers)
		return qv_fail(err, QV_EINVAL, "player %d is no seat: %s has seats 0 to %d", player,
		               s->game->g->name, s->game->nplayers - 1);
	json_t *view = s->game->g->view_json(s->st, player);
	if (!view)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	memset(out, 0, sizeof *out * QV__SPIEL_TENSOR);
	char path[512] = "";
	walk(view, path, 0, sizeof path, out);
	json_decref(view);
	if (!recall)
		return QV_OK;
	qv_buf lines = {0};
	qv_status rc = qv__spiel_recall(s, player, &lines, err);
	const char *at = qv_buf_str(&lines);
	for (unsigned long i = 0; rc == QV_OK && *at; i++) {
		const char *nl = strchr(at, '\n');
		if (!nl)
			nl = at + strlen(at); /* every line ends with one; the last, if not, here */
		char key[32];
		snprintf(key, sizeof key, "recall/%lu", i);
		/* The line without its newline, hashed after the key. */
		uint64_t h = fnv(key, "");
		for (const char *p = at; p < nl; p++)
			h = (h ^ (uint8_t)*p) * 1099511628211ull;
		out[h % QV__SPIEL_TENSOR] += 1;
		at = *nl ? nl + 1 : nl;
	}
	qv_buf_free(&lines);
	return rc;
}
