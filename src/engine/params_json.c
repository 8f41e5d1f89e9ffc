/*
 * params_json.c - game and agent parameters as JSON and back, each value typed by its
 * definition's kind (qv_param_def): the one pair records, the arena and the server use.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "games/json_util.h"
#include "quiver/match.h"

/* One value as JSON, typed by its definition (NULL: text). */
static json_t *value_json(const qv_param_def *d, const char *v)
{
	long x;
	switch (d ? d->kind : QV_PARAM_TEXT) {
	case QV_PARAM_INT:
		if (qv_parse_long(v, &x))
			return json_integer(x);
		break; /* one of its names (auto) */
	case QV_PARAM_REAL: {
		char *end = NULL;
		double r = *v ? strtod(v, &end) : 0;
		if (*v && !*end)
			return json_real(r);
		break;
	}
	case QV_PARAM_BOOL:
		if (strcmp(v, "true") == 0 || strcmp(v, "false") == 0)
			return json_boolean(strcmp(v, "true") == 0);
		break;
	case QV_PARAM_CHOICE:
	case QV_PARAM_TEXT: break;
	}
	return json_string(v);
}

json_t *qv_params_to_json(const qv_params *p, const qv_param_def *defs, int ndefs)
{
	json_t *o = json_object();
	for (int i = 0; p && i < p->n; i++)
		o = qv__json_put(o, qv_params_key(p, i),
		                 value_json(qv_param_find(defs, ndefs, qv_params_key(p, i)),
		                            qv_params_value(p, i)));
	return o; /* NULL when out of memory: never a partial list */
}

/* The JSON type of v in words, for messages. */
static const char *type_words(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER:
	case JSON_REAL: return "a number";
	case JSON_TRUE:
	case JSON_FALSE: return "true/false";
	case JSON_NULL: break;
	}
	return "null";
}

/* The text of one JSON value for a parameter of definition d; buf holds the text of a number
 * or a boolean. */
static qv_status value_text(const char *key, const qv_param_def *d, const json_t *v, char *buf,
                            size_t len, const char **out, qv_err *err)
{
	bool number = d->kind == QV_PARAM_INT || d->kind == QV_PARAM_REAL;
	bool boolean = d->kind == QV_PARAM_BOOL;
	*out = buf;
	if (json_is_string(v))
		*out = json_string_value(v);
	else if (json_is_integer(v) && number)
		snprintf(buf, len, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
	else if (json_is_real(v) && number)
		snprintf(buf, len, "%.17g", json_real_value(v));
	else if (json_is_boolean(v) && boolean)
		qv_copy(buf, len, json_is_true(v) ? "true" : "false");
	else {
		char quoted[QV_QUOTE_MAX * 4 + 4], allowed[256];
		qv_shorten(key, QV_QUOTE_MAX, quoted, sizeof quoted);
		return qv_fail(err, QV_EINVAL, "params.%s: expected %s, not %s", quoted,
		               qv_param_allowed(d, allowed, sizeof allowed), type_words(v));
	}
	return QV_OK;
}

qv_status qv_params_from_json(const json_t *j, const qv_param_def *defs, int ndefs,
                              const char *what, qv_params *out, qv_err *err)
{
	memset(out, 0, sizeof *out);
	if (!j)
		return QV_OK;
	if (!json_is_object(j))
		return qv_fail(err, QV_EINVAL, "params: expected an object of key: value");
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)j, key, v)
	{
		const qv_param_def *d = qv_param_find(defs, ndefs, key);
		qv_err why;
		if (!d) {
			qv_param_unknown(defs, ndefs, key, what, &why);
			return qv_fail(err, QV_EINVAL, "params: %s", why.msg);
		}
		char buf[64];
		const char *text;
		qv_status rc = value_text(key, d, v, buf, sizeof buf, &text, err);
		if (rc)
			return rc;
		if (qv_params_set(out, key, text, &why) || qv_param_check(d, text, &why))
			return qv_fail(err, QV_EINVAL, "params: %s", why.msg);
	}
	return QV_OK;
}
