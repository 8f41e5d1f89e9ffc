/*
 * params.c - key=value parameters of games and agents: parsing, lookup, and typed reads that
 * report the key, the value and what is allowed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quiver/core.h"

const char *qv_params_key(const qv_params *p, int i)
{
	QV_ASSERT(i >= 0 && i < p->n);
	return p->text + p->kv[i].key_at;
}

const char *qv_params_value(const qv_params *p, int i)
{
	QV_ASSERT(i >= 0 && i < p->n);
	return p->text + p->kv[i].value_at;
}

/* a and b are the same key: the same text (a game's init names a key with the literal of its
 * definition), or the first characters compared before a call to strcmp, since most keys
 * looked up differ from most keys looked at there (a game's init reads each of its parameters
 * at every random playout). */
static inline bool same_key(const char *a, const char *b)
{
	return a == b || (*a == *b && strcmp(a, b) == 0);
}

/* The entry of key, or -1. */
static int find(const qv_params *p, const char *key)
{
	for (int i = 0; i < p->n; i++)
		if (same_key(qv_params_key(p, i), key))
			return i;
	return -1;
}

/* Appends len bytes and a NUL to p's text (the caller made sure they fit); their offset. */
static uint16_t append(qv_params *p, const char *s, size_t len)
{
	QV_ASSERT((size_t)p->used + len + 1 <= QV_PARAMS_TEXT);
	int at = p->used;
	memcpy(p->text + at, s, len);
	p->text[at + (int)len] = '\0';
	p->used = at + (int)len + 1;
	return (uint16_t)at;
}

/* Removes the value of entry i from the text, moving what follows it down. */
static void cut_value(qv_params *p, int i)
{
	int at = p->kv[i].value_at, len = (int)strlen(p->text + at) + 1;
	memmove(p->text + at, p->text + at + len, (size_t)(p->used - at - len));
	p->used -= len;
	for (int k = 0; k < p->n; k++) {
		if (p->kv[k].key_at > at)
			p->kv[k].key_at = (uint16_t)(p->kv[k].key_at - len);
		if (p->kv[k].value_at > at)
			p->kv[k].value_at = (uint16_t)(p->kv[k].value_at - len);
	}
}

/* Sets key (kl bytes) to value (vl bytes) when the text has `room` bytes in all. */
static qv_status put(qv_params *p, const char *key, size_t kl, const char *value, size_t vl,
                     int room, qv_err *err)
{
	QV_ASSERT(kl < QV_PARAM_KEY_MAX);
	if (p->n == 0)
		p->used = 0;
	char name[QV_PARAM_KEY_MAX];
	memcpy(name, key, kl);
	name[kl] = '\0';
	int i = find(p, name);
	int was = i < 0 ? 0 : (int)strlen(qv_params_value(p, i)) + 1;
	int need = (i < 0 ? (int)kl + 1 : 0) + (int)vl + 1;
	if (i < 0 && p->n == QV_MAX_PARAMS)
		return qv_fail(err, QV_EINVAL, "too many parameters (at most %d)", QV_MAX_PARAMS);
	if (p->used - was + need > room)
		return qv_fail(err, QV_EINVAL,
		               "parameters too long together: '%s' does not fit (the keys and "
		               "values of one list take at most %d characters in all)",
		               name, room);
	if (i < 0) {
		i = p->n++;
		p->kv[i].key_at = append(p, key, kl);
	} else {
		cut_value(p, i);
	}
	p->kv[i].value_at = append(p, value, vl);
	return QV_OK;
}

/* The checks of a key and a value, then put within the room given parameters may take. */
static qv_status set_n(qv_params *p, const char *key, size_t kl, const char *value, size_t vl,
                       qv_err *err)
{
	if (kl == 0)
		return qv_fail(err, QV_EINVAL, "empty parameter name: expected key=value");
	if (kl >= QV_PARAM_KEY_MAX)
		return qv_fail(err, QV_EINVAL,
		               "parameter name '%.40s...' is too long (at most %d characters)", key,
		               QV_PARAM_KEY_MAX - 1);
	if (vl == 0)
		return qv_fail(err, QV_EINVAL, "parameter '%.*s' has no value: expected %.*s=value",
		               (int)kl, key, (int)kl, key);
	if (vl >= QV_PARAM_VALUE_MAX)
		return qv_fail(err, QV_EINVAL,
		               "value of parameter '%.*s' is too long (at most %d characters)",
		               (int)kl, key, QV_PARAM_VALUE_MAX - 1);
	return put(p, key, kl, value, vl, QV_PARAMS_TEXT - QV_PARAMS_SPARE, err);
}

qv_status qv_params_set(qv_params *p, const char *key, const char *value, qv_err *err)
{
	return set_n(p, key, strlen(key), value, strlen(value), err);
}

/* qv_params_parse_kv on the n bytes at item. */
static qv_status parse_kv_n(qv_params *p, const char *item, size_t n, qv_err *err)
{
	const char *eq = memchr(item, '=', n);
	if (!eq)
		return qv_fail(err, QV_EINVAL, "'%.*s' is not a parameter: expected key=value",
		               n > 80 ? 80 : (int)n, item);
	size_t kl = (size_t)(eq - item);
	if (kl >= QV_PARAM_KEY_MAX)
		return qv_fail(err, QV_EINVAL, "parameter name in '%.*s...' is too long",
		               n > 40 ? 40 : (int)n, item);
	char key[QV_PARAM_KEY_MAX];
	memcpy(key, item, kl);
	key[kl] = '\0';
	/* Typed twice, a key is a mistake or a contradiction (size=7 size=8): the last one
	 * silently winning would hide it. */
	const char *was = qv_params_get(p, key);
	if (was)
		return qv_fail(err, QV_EINVAL,
		               "parameter '%s' is given twice (%s=%.40s%s and %.*s): "
		               "give each parameter once",
		               key, key, was, strlen(was) > 40 ? "..." : "", n > 80 ? 80 : (int)n,
		               item);
	return set_n(p, key, kl, eq + 1, n - kl - 1, err);
}

qv_status qv_params_parse_kv(qv_params *p, const char *item, qv_err *err)
{
	return parse_kv_n(p, item, strlen(item), err);
}

qv_status qv_params_parse_list(qv_params *p, const char *list, qv_err *err)
{
	const char *s = list;
	while (*s) {
		const char *comma = strchr(s, ',');
		size_t n = comma ? (size_t)(comma - s) : strlen(s);
		qv_status st = parse_kv_n(p, s, n, err);
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
	int i = find(p, key);
	return i < 0 ? NULL : qv_params_value(p, i);
}

const qv_param_def *qv_param_find(const qv_param_def *defs, int ndefs, const char *key)
{
	for (int i = 0; i < ndefs; i++)
		if (same_key(defs[i].key, key))
			return &defs[i];
	return NULL;
}

qv_status qv_param_unknown(const qv_param_def *defs, int ndefs, const char *key, const char *what,
                           qv_err *err)
{
	char known[512] = "", quoted[QV_QUOTE_MAX * 4 + 4];
	size_t len = 0;
	for (int j = 0; j < ndefs && len < sizeof known - 40; j++)
		len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", j ? ", " : "",
		                        defs[j].key);
	qv_shorten(key, QV_QUOTE_MAX, quoted, sizeof quoted);
	if (ndefs == 0)
		return qv_fail(err, QV_EINVAL, "unknown parameter '%s': %s takes no parameters",
		               quoted, what);
	return qv_fail(err, QV_EINVAL, "unknown parameter '%s' for %s (known: %s)", quoted, what,
	               known);
}

qv_status qv_params_check_keys(const qv_params *p, const qv_param_def *defs, int ndefs,
                               const char *what, qv_err *err)
{
	for (int i = 0; p && i < p->n; i++)
		if (!qv_param_find(defs, ndefs, qv_params_key(p, i)))
			return qv_param_unknown(defs, ndefs, qv_params_key(p, i), what, err);
	return QV_OK;
}

const char *qv_param_kind_name(qv_param_kind kind)
{
	switch (kind) {
	case QV_PARAM_INT: return "integer";
	case QV_PARAM_REAL: return "real";
	case QV_PARAM_BOOL: return "boolean";
	case QV_PARAM_CHOICE: return "choice";
	case QV_PARAM_TEXT: break;
	}
	return "text";
}

/* An INT definition's step (0 counts as 1). */
static long step_of(const qv_param_def *d) { return d->step > 1 ? d->step : 1; }

/* At most this many values of an INT parameter are written one by one ("2, 3 or 4"). */
#define LIST_MAX 5

/* Appends "a, b or c" (the n words of list) to buf at *used. */
static void append_words(char *buf, size_t len, size_t *used, const char *const *list, int n)
{
	for (int i = 0; i < n && *used < len; i++)
		*used += (size_t)snprintf(buf + *used, len - *used, "%s%s",
		                          i == 0       ? ""
		                          : i == n - 1 ? " or "
		                                       : ", ",
		                          list[i]);
}

static int count_words(const char *const *list)
{
	int n = 0;
	while (list && list[n])
		n++;
	return n;
}

const char *qv_param_allowed(const qv_param_def *d, char *buf, size_t len)
{
	if (d->allowed)
		return d->allowed;
	size_t used = 0;
	buf[0] = '\0';
	int nwords = count_words(d->choices);
	switch (d->kind) {
	case QV_PARAM_INT: {
		long lo = (long)d->lo, hi = (long)d->hi, step = step_of(d);
		if ((hi - lo) / step + 1 <= LIST_MAX) {
			char num[LIST_MAX][24];
			const char *list[LIST_MAX];
			int n = 0;
			for (long x = lo; x <= hi; x += step, n++) {
				snprintf(num[n], sizeof num[n], "%ld", x);
				list[n] = num[n];
			}
			append_words(buf, len, &used, list, n);
		} else {
			used = (size_t)snprintf(buf, len, "a whole number from %ld to %ld", lo, hi);
			if (step > 1 && used < len)
				used += (size_t)snprintf(buf + used, len - used, " in steps of %ld",
				                         step);
		}
		break;
	}
	case QV_PARAM_REAL:
		used = (size_t)snprintf(buf, len, "a number from %g to %g", d->lo, d->hi);
		break;
	case QV_PARAM_BOOL: used = (size_t)snprintf(buf, len, "true or false"); break;
	case QV_PARAM_CHOICE:
		append_words(buf, len, &used, d->choices, nwords);
		nwords = 0;
		break;
	case QV_PARAM_TEXT: used = (size_t)snprintf(buf, len, "text"); break;
	}
	/* The names an INT or TEXT parameter takes besides its numbers or form. */
	for (int i = 0; i < nwords && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
		                         i == nwords - 1 ? " or " : ", ", d->choices[i]);
	return buf;
}

/* Whether v is one of the NULL-terminated list, exactly or ignoring case; its index or -1. */
static int word_index(const char *const *list, const char *v, bool nocase)
{
	for (int i = 0; list && list[i]; i++)
		if (nocase ? qv_streq_nocase(v, list[i]) : strcmp(v, list[i]) == 0)
			return i;
	return -1;
}

/* Whether x is a value of the INT parameter d (within the bounds and on the step). */
static bool int_ok(const qv_param_def *d, long x)
{
	return (double)x >= d->lo && (double)x <= d->hi && (x - (long)d->lo) % step_of(d) == 0;
}

/* Whether v is a number d accepts (INT or REAL, within the bounds and on the step). */
static bool number_ok(const qv_param_def *d, const char *v)
{
	if (d->kind == QV_PARAM_INT) {
		long x;
		return qv_parse_long(v, &x) && int_ok(d, x);
	}
	char *end = NULL;
	double x = *v ? strtod(v, &end) : 0;
	return *v && !*end && x >= d->lo && x <= d->hi;
}

qv_status qv_param_check(const qv_param_def *d, const char *value, qv_err *err)
{
	bool ok = true;
	switch (d->kind) {
	case QV_PARAM_INT:
		ok = number_ok(d, value) || word_index(d->choices, value, true) >= 0;
		break;
	case QV_PARAM_REAL: ok = number_ok(d, value); break;
	case QV_PARAM_BOOL: ok = strcmp(value, "true") == 0 || strcmp(value, "false") == 0; break;
	case QV_PARAM_CHOICE: ok = word_index(d->choices, value, false) >= 0; break;
	case QV_PARAM_TEXT: break;
	}
	if (ok)
		return QV_OK;
	char quoted[QV_QUOTE_MAX * 4 + 4], allowed[256];
	return qv_fail(err, QV_EINVAL, "bad value '%s' for %s: expected %s",
	               qv_shorten(value, QV_QUOTE_MAX, quoted, sizeof quoted), d->key,
	               qv_param_allowed(d, allowed, sizeof allowed));
}

/* The value of key (given or default) checked against its definition, which must be of kind. */
static qv_status read_value(const qv_params *p, const qv_param_def *defs, int ndefs,
                            const char *key, qv_param_kind kind, const char **out, qv_err *err)
{
	const qv_param_def *d = qv_param_find(defs, ndefs, key);
	*out = "";
	QV_ASSERT(d && d->kind == kind);
	if (!d || d->kind != kind)
		return qv_fail(err, QV_EINVAL, "parameter '%s' is not a %s parameter here", key,
		               qv_param_kind_name(kind));
	const char *v = qv_params_get(p, key);
	if (!v)
		v = d->def;
	*out = v;
	return qv_param_check(d, v, err);
}

/* qv_param_int for a value that is not a number within the bounds: read_value words what is
 * wrong, or the value is one of the parameter's names. Apart, so that the numbers' way keeps
 * no room for the message. */
static __attribute__((noinline)) qv_status int_other(const qv_params *p, const qv_param_def *defs,
                                                     int ndefs, const char *key, long *out,
                                                     qv_err *err)
{
	const char *v;
	qv_status rc = read_value(p, defs, ndefs, key, QV_PARAM_INT, &v, err);
	if (rc)
		return rc;
	if (!qv_parse_long(v, out)) { /* one of its names, which its caller reads */
		char quoted[QV_QUOTE_MAX * 4 + 4];
		return qv_fail(err, QV_EINVAL, "bad value '%s' for %s: expected a whole number",
		               qv_shorten(v, QV_QUOTE_MAX, quoted, sizeof quoted), key);
	}
	return QV_OK;
}

qv_status qv_param_int(const qv_params *p, const qv_param_def *defs, int ndefs, const char *key,
                       long *out, qv_err *err)
{
	/* A number within the bounds, read once (a game's init reads its numbers at every random
	 * playout); anything else goes the way of read_value, which words what is wrong. */
	const qv_param_def *d = qv_param_find(defs, ndefs, key);
	if (d && d->kind == QV_PARAM_INT) {
		const char *given = qv_params_get(p, key);
		long x;
		if (qv_parse_long(given ? given : d->def, &x) && int_ok(d, x)) {
			*out = x;
			return QV_OK;
		}
	}
	return int_other(p, defs, ndefs, key, out, err);
}

qv_status qv_param_double(const qv_params *p, const qv_param_def *defs, int ndefs, const char *key,
                          double *out, qv_err *err)
{
	const char *v;
	qv_status rc = read_value(p, defs, ndefs, key, QV_PARAM_REAL, &v, err);
	if (!rc)
		*out = strtod(v, NULL);
	return rc;
}

qv_status qv_param_bool(const qv_params *p, const qv_param_def *defs, int ndefs, const char *key,
                        bool *out, qv_err *err)
{
	/* true or false read at once, as qv_param_int reads a number; else read_value's words */
	const qv_param_def *d = qv_param_find(defs, ndefs, key);
	if (d && d->kind == QV_PARAM_BOOL) {
		const char *given = qv_params_get(p, key), *v = given ? given : d->def;
		if (strcmp(v, "true") == 0 || strcmp(v, "false") == 0) {
			*out = v[0] == 't';
			return QV_OK;
		}
	}
	const char *v;
	qv_status rc = read_value(p, defs, ndefs, key, QV_PARAM_BOOL, &v, err);
	if (!rc)
		*out = strcmp(v, "true") == 0;
	return rc;
}

qv_status qv_param_choice(const qv_params *p, const qv_param_def *defs, int ndefs, const char *key,
                          int *out, qv_err *err)
{
	const char *v;
	qv_status rc = read_value(p, defs, ndefs, key, QV_PARAM_CHOICE, &v, err);
	if (!rc)
		*out = word_index(qv_param_find(defs, ndefs, key)->choices, v, false);
	return rc;
}

void qv_params_complete(const qv_params *p, const qv_param_def *defs, int ndefs, qv_params *out)
{
	out->n = 0;
	for (int i = 0; i < ndefs && i < QV_MAX_PARAMS; i++) {
		const char *v = qv_params_get(p, defs[i].key);
		if (!v)
			v = defs[i].def ? defs[i].def : "";
		/* The given values of p fit in QV_PARAMS_TEXT - QV_PARAMS_SPARE, and the keys and
		 * defaults of defs in QV_PARAMS_SPARE (test_core), so this cannot fail. */
		qv_status rc =
		    put(out, defs[i].key, strlen(defs[i].key), v, strlen(v), QV_PARAMS_TEXT, NULL);
		QV_ASSERT(rc == QV_OK);
		(void)rc;
	}
}
