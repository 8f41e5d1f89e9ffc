/*
 * params.c - key=value parameters of games and agents: parsing, lookup, and typed reads that
 * report the key, the value and what is allowed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quiver/core.h"

qv_status qv_params_set(qv_params *p, const char *key, const char *value, qv_err *err)
{
	size_t kl = strlen(key), vl = strlen(value);
	if (kl == 0)
		return qv_fail(err, QV_EINVAL, "empty parameter name: expected key=value");
	if (kl >= QV_PARAM_KEY_MAX)
		return qv_fail(err, QV_EINVAL,
		               "parameter name '%.40s...' is too long (at most %d characters)", key,
		               QV_PARAM_KEY_MAX - 1);
	if (vl == 0)
		return qv_fail(err, QV_EINVAL, "parameter '%s' has no value: expected %s=value",
		               key, key);
	if (vl >= QV_PARAM_VALUE_MAX)
		return qv_fail(err, QV_EINVAL,
		               "value of parameter '%s' is too long (at most %d characters)", key,
		               QV_PARAM_VALUE_MAX - 1);
	int i;
	for (i = 0; i < p->n; i++)
		if (strcmp(p->kv[i].key, key) == 0)
			break;
	if (i == p->n) {
		if (p->n == QV_MAX_PARAMS)
			return qv_fail(err, QV_EINVAL, "too many parameters (at most %d)",
			               QV_MAX_PARAMS);
		p->n++;
	}
	memcpy(p->kv[i].key, key, kl + 1);
	memcpy(p->kv[i].value, value, vl + 1);
	return QV_OK;
}

qv_status qv_params_parse_kv(qv_params *p, const char *item, qv_err *err)
{
	const char *eq = strchr(item, '=');
	if (!eq)
		return qv_fail(err, QV_EINVAL, "'%.80s' is not a parameter: expected key=value",
		               item);
	size_t kl = (size_t)(eq - item);
	if (kl >= QV_PARAM_KEY_MAX)
		return qv_fail(err, QV_EINVAL, "parameter name in '%.40s...' is too long", item);
	char key[QV_PARAM_KEY_MAX];
	memcpy(key, item, kl);
	key[kl] = '\0';
	/* Typed twice, a key is a mistake or a contradiction (size=7 size=8): the last one
	 * silently winning would hide it. */
	const char *was = qv_params_get(p, key);
	if (was)
		return qv_fail(err, QV_EINVAL,
		               "parameter '%s' is given twice (%s=%.40s%s and %.80s): "
		               "give each parameter once",
		               key, key, was, strlen(was) > 40 ? "..." : "", item);
	return qv_params_set(p, key, eq + 1, err);
}

qv_status qv_params_parse_list(qv_params *p, const char *list, qv_err *err)
{
	const char *s = list;
	while (*s) {
		const char *comma = strchr(s, ',');
		size_t n = comma ? (size_t)(comma - s) : strlen(s);
		char item[QV_PARAM_KEY_MAX + QV_PARAM_VALUE_MAX];
		if (n >= sizeof item)
			return qv_fail(err, QV_EINVAL, "parameter '%.40s...' is too long", s);
		memcpy(item, s, n);
		item[n] = '\0';
		qv_status st = qv_params_parse_kv(p, item, err);
		if (st)
			return st;
		if (!comma)
			break;
		s = comma + 1;
		if (!*s)
			return qv_fail(err, QV_EINVAL,
			               "trailing ',' in '%.80s': expected key=value,...", list);
	}
	return QV_OK;
}

const char *qv_params_get(const qv_params *p, const char *key)
{
	if (!p)
		return NULL;
	for (int i = 0; i < p->n; i++)
		if (strcmp(p->kv[i].key, key) == 0)
			return p->kv[i].value;
	return NULL;
}

static const qv_param_def *find_def(const qv_param_def *defs, int ndefs, const char *key)
{
	for (int i = 0; i < ndefs; i++)
		if (strcmp(defs[i].key, key) == 0)
			return &defs[i];
	return NULL;
}

qv_status qv_params_check_keys(const qv_params *p, const qv_param_def *defs, int ndefs,
                               const char *what, qv_err *err)
{
	if (!p)
		return QV_OK;
	for (int i = 0; i < p->n; i++) {
		if (find_def(defs, ndefs, p->kv[i].key))
			continue;
		char known[512] = "";
		size_t len = 0;
		for (int j = 0; j < ndefs && len < sizeof known - 40; j++)
			len += (size_t)snprintf(known + len, sizeof known - len, "%s%s",
			                        j ? ", " : "", defs[j].key);
		if (ndefs == 0)
			return qv_fail(err, QV_EINVAL,
			               "unknown parameter '%s': %s takes no parameters",
			               p->kv[i].key, what);
		return qv_fail(err, QV_EINVAL, "unknown parameter '%s' for %s (known: %s)",
		               p->kv[i].key, what, known);
	}
	return QV_OK;
}

static const char *value_of(const qv_params *p, const qv_param_def *defs, int ndefs,
                            const char *key, const qv_param_def **def)
{
	*def = find_def(defs, ndefs, key);
	const char *v = qv_params_get(p, key);
	if (!v && *def)
		v = (*def)->def;
	return v;
}

qv_status qv_param_int(const qv_params *p, const qv_param_def *defs, int ndefs, const char *key,
                       long lo, long hi, long *out, qv_err *err)
{
	const qv_param_def *def;
	const char *v = value_of(p, defs, ndefs, key, &def);
	long x;
	if (!v || !qv_parse_long(v, &x) || x < lo || x > hi)
		return qv_fail(err, QV_EINVAL, "bad value '%s' for %s: expected %s", v ? v : "",
		               key, def && def->allowed ? def->allowed : "a whole number");
	*out = x;
	return QV_OK;
}

qv_status qv_param_double(const qv_params *p, const qv_param_def *defs, int ndefs, const char *key,
                          double lo, double hi, double *out, qv_err *err)
{
	const qv_param_def *def;
	const char *v = value_of(p, defs, ndefs, key, &def);
	char *end = NULL;
	double x = v && *v ? strtod(v, &end) : 0;
	if (!v || !*v || *end || !(x >= lo && x <= hi))
		return qv_fail(err, QV_EINVAL, "bad value '%s' for %s: expected %s", v ? v : "",
		               key, def && def->allowed ? def->allowed : "a number");
	*out = x;
	return QV_OK;
}

qv_status qv_param_choice(const qv_params *p, const qv_param_def *defs, int ndefs, const char *key,
                          const char *const *choices, int *out, qv_err *err)
{
	const qv_param_def *def;
	const char *v = value_of(p, defs, ndefs, key, &def);
	for (int i = 0; v && choices[i]; i++)
		if (strcmp(v, choices[i]) == 0) {
			*out = i;
			return QV_OK;
		}
	return qv_fail(err, QV_EINVAL, "bad value '%s' for %s: expected %s", v ? v : "", key,
	               def && def->allowed ? def->allowed : "one of the listed choices");
}

void qv_params_complete(const qv_params *p, const qv_param_def *defs, int ndefs, qv_params *out)
{
	out->n = 0;
	for (int i = 0; i < ndefs && i < QV_MAX_PARAMS; i++) {
		const char *v = qv_params_get(p, defs[i].key);
		if (!v)
			v = defs[i].def;
		qv_copy(out->kv[i].key, sizeof out->kv[i].key, defs[i].key);
		qv_copy(out->kv[i].value, sizeof out->kv[i].value, v);
		out->n++;
	}
}
