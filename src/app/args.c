/*
 * args.c - the fields of the app's requests, read with their refusals named, and an answer
 * appended (ops.h).
 */
#include "app/ops.h"
#include "games/json_util.h"

const char *qv__app_string(const json_t *req, const char *key, qv_err *err)
{
	const char *s = json_string_value(json_object_get(req, key));
	if (!s)
		qv_fail(err, QV_EINVAL, "%s: expected a string", key);
	return s;
}

qv_status qv__app_int(const json_t *req, const char *key, long long lo, long long hi,
                      const long long *def, long long *out, qv_err *err)
{
	const json_t *j = json_object_get(req, key);
	if (!j && def) {
		*out = *def;
		return QV_OK;
	}
	if (!json_is_integer(j) || json_integer_value(j) < lo || json_integer_value(j) > hi)
		return qv_fail(err, QV_EINVAL, "%s: expected a whole number from %lld to %lld", key,
		               lo, hi);
	*out = json_integer_value(j);
	return QV_OK;
}

qv_status qv__app_seed(const json_t *req, const char *key, uint64_t *out, qv_err *err)
{
	return qv_seed_from_json(json_object_get(req, key), key, out, err);
}

qv_status qv__app_put(qv_buf *out, json_t *j, qv_err *err)
{
	bool ok = j && qv__json_append(out, j);
	json_decref(j);
	return ok && !out->failed ? QV_OK : qv_fail(err, QV_ENOMEM, "out of memory");
}
