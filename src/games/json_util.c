/*
 * json_util.c - checked reads of untrusted JSON, shared by the games' loaders.
 */
#include <stdio.h>
#include <string.h>

#include "games/json_util.h"
#include "quiver/game.h"

qv_status qv__json_get_int(const json_t *o, const char *key, const char *what, long lo, long hi,
                           long def, long *out, qv_err *err)
{
	json_t *v = json_object_get(o, key);
	if (!v) {
		*out = def;
		return QV_OK;
	}
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return qv_fail(err, QV_EINVAL, "%s.%s must be a whole number from %ld to %ld", what,
		               key, lo, hi);
	*out = (long)json_integer_value(v);
	return QV_OK;
}

qv_status qv__json_get_bool(const json_t *o, const char *key, const char *what, bool def, bool *out,
                            qv_err *err)
{
	json_t *v = json_object_get(o, key);
	if (!v) {
		*out = def;
		return QV_OK;
	}
	if (!json_is_boolean(v))
		return qv_fail(err, QV_EINVAL, "%s.%s must be true or false", what, key);
	*out = json_is_true(v);
	return QV_OK;
}

json_t *qv__json_player(int p)
{
	char b[8];
	return json_string(qv_player_name(p, b));
}

json_t *qv__json_put(json_t *o, const char *key, json_t *v)
{
	if (!o || !v) {
		json_decref(o);
		json_decref(v);
		return NULL;
	}
	if (json_object_set_new(o, key, v)) { /* releases v */
		json_decref(o);
		return NULL;
	}
	return o;
}

/* Appends one piece of jansson's output to the qv_buf data; fails once the buffer has. */
static int dump_piece(const char *piece, size_t size, void *data)
{
	qv_buf *b = data;
	if (size > (size_t)INT32_MAX)
		b->failed = true;
	else
		qv_buf_printf(b, "%.*s", (int)size, piece);
	return b->failed ? -1 : 0;
}

char *qv__json_dumps(const json_t *j, size_t flags)
{
	qv_buf b = {0};
	if (!j || json_dump_callback(j, dump_piece, &b, flags) != 0 || b.failed || !b.s) {
		qv_buf_free(&b);
		return NULL;
	}
	return b.s; /* the buffer's own text, which the caller frees */
}

json_t *qv__json_push(json_t *a, json_t *v)
{
	if (!a || !v) {
		json_decref(a);
		json_decref(v);
		return NULL;
	}
	if (json_array_append_new(a, v)) { /* releases v */
		json_decref(a);
		return NULL;
	}
	return a;
}

qv_status qv__json_get_player(const json_t *v, const char *what, int nplayers, int *p, qv_err *err)
{
	*p = json_is_string(v) ? qv_player_parse(json_string_value(v), nplayers) : -1;
	if (*p < 0)
		return qv_fail(err, QV_EINVAL, "%s must be a player p1-p%d", what, nplayers);
	return QV_OK;
}

qv_status qv__json_get_opt_player(const json_t *o, const char *key, const char *where, int nplayers,
                                  int def, int *p, qv_err *err)
{
	const json_t *v = json_object_get(o, key);
	*p = def;
	if (!v || json_is_null(v))
		return QV_OK;
	*p = json_is_string(v) ? qv_player_parse(json_string_value(v), nplayers) : -1;
	if (*p < 0)
		return qv_fail(err, QV_EINVAL, "%s.%s must be a player p1-p%d", where, key,
		               nplayers);
	return QV_OK;
}

qv_status qv__json_get_ids(const json_t *o, const char *key, const char *what, int max,
                           qv__json_id_fn get, const void *ctx, uint8_t *out, int *n, qv_err *err)
{
	json_t *a = json_object_get(o, key);
	*n = 0;
	if (!a)
		return QV_OK;
	if (!json_is_array(a) || json_array_size(a) > (size_t)max)
		return qv_fail(err, QV_EINVAL, "%s.%s must be an array of at most %d card ids",
		               what, key, max);
	size_t i;
	json_t *v;
	json_array_foreach(a, i, v)
	{
		int id;
		char w[64];
		snprintf(w, sizeof w, "%s.%s[%zu]", what, key, i);
		qv_status rc = get(ctx, v, w, &id, err);
		if (rc)
			return rc;
		out[(*n)++] = (uint8_t)id;
	}
	return QV_OK;
}

qv_status qv__json_get_sq(const json_t *v, const char *what, const char *noun, int width,
                          int height, int *file, int *rank, qv_err *err)
{
	qv_err e;
	if (!json_is_string(v))
		return qv_fail(err, QV_EINVAL, "%s must be a %s such as \"c3\"", what, noun);
	if (qv_sq_parse(json_string_value(v), width, height, file, rank, &e))
		return qv_fail(err, QV_EINVAL, "%s: %s", what, e.msg);
	return QV_OK;
}

int qv__json_name_index(const json_t *v, const char *const *names, int n)
{
	if (!json_is_string(v))
		return -1;
	for (int i = 0; i < n; i++)
		if (qv_streq_nocase(json_string_value(v), names[i]))
			return i;
	return -1;
}

qv_status qv__json_get_name(const json_t *o, const char *key, const char *what,
                            const char *const *names, int n, int def, int *out, qv_err *err)
{
	const json_t *v = json_object_get(o, key);
	*out = v ? qv__json_name_index(v, names, n) : def;
	if (*out >= 0)
		return QV_OK;
	char list[256] = "";
	size_t len = 0;
	for (int i = 0; i < n && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
		                        i == 0       ? ""
		                        : i == n - 1 ? " or "
		                                     : ", ",
		                        names[i]);
	return qv_fail(err, QV_EINVAL, "%s.%s must be %s", what, key, list);
}

json_t *qv__json_rng(const qv_rng *r)
{
	char hex[65];
	for (int i = 0; i < 4; i++)
		snprintf(hex + 16 * i, 17, "%016llx", (unsigned long long)r->s[i]);
	return json_string(hex);
}

qv_status qv__json_get_rng(const json_t *v, const char *what, qv_rng *out, qv_err *err)
{
	const char *t = json_is_string(v) ? json_string_value(v) : "";
	if (strlen(t) != 64)
		return qv_fail(err, QV_EINVAL, "%s must be 64 hex digits", what);
	qv_rng r;
	for (int i = 0; i < 4; i++) {
		uint64_t w = 0;
		for (int j = 0; j < 16; j++) {
			char ch = t[16 * i + j];
			int d = ch >= '0' && ch <= '9'   ? ch - '0'
			        : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
			        : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
			                                 : -1;
			if (d < 0)
				return qv_fail(err, QV_EINVAL, "%s must be 64 hex digits", what);
			w = w << 4 | (uint64_t)d;
		}
		r.s[i] = w;
	}
	if (!(r.s[0] | r.s[1] | r.s[2] | r.s[3]))
		return qv_fail(err, QV_EINVAL, "%s must not be all zero", what);
	*out = r;
	return QV_OK;
}
