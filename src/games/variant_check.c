/*
 * variant_check.c - where a problem of a variant is (its JSON path, grown and cut as a check
 * descends), the list of problems the checker collects, and the check of every value against
 * the game's declaration (qv_vfield), with one wording for every game: the path, the value
 * received and what is accepted.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "games/variant_check.h"

/* ---- where a problem is ---- */

/* Appends one step to the path (an object key, escaped as JSON Pointer says, or an index);
 * returns the length before it, for qv__where_cut(). */
size_t qv__where_key(qv__where *w, const char *key)
{
	size_t at = w->len;
	char *p = w->path + w->len, *end = w->path + sizeof w->path - 1;
	if (p < end)
		*p++ = '/';
	for (const char *k = key; *k && p < end; k++) {
		if (*k == '~' || *k == '/') {
			*p++ = '~';
			if (p < end)
				*p++ = *k == '~' ? '0' : '1';
		} else {
			*p++ = *k;
		}
	}
	*p = '\0';
	w->len = (size_t)(p - w->path);
	return at;
}

size_t qv__where_index(qv__where *w, size_t i)
{
	char num[24];
	snprintf(num, sizeof num, "%zu", i);
	return qv__where_key(w, num);
}

void qv__where_cut(qv__where *w, size_t at)
{
	w->len = at;
	w->path[at] = '\0';
}

/* Adds the problem one to the checker's list while it has room; n counts every problem. */
void qv__variant_problem(qv_variant_problems *list, const qv_err *one)
{
	if (list->n < QV_VARIANT_PROBLEMS)
		list->list[list->n] = *one;
	list->n++;
}

/* Copies the problem one to err (when not NULL, nor one itself) and adds it to list (when not
 * NULL, and the problem is not memory running out, which qv__variant_load lists once, at the
 * end); returns code. */
qv_status qv__variant_note(qv_variant_problems *list, const qv_err *one, qv_err *err,
                           qv_status code)
{
	if (err && err != one)
		*err = *one;
	if (list && one && code != QV_ENOMEM)
		qv__variant_problem(list, one);
	return code;
}

qv_status qv__where_fail(qv_err *err, const qv__where *w, qv_status code, const char *fmt, ...)
{
	char text[sizeof err->msg];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	qv_err one;
	if (w->file)
		qv_fail(&one, code, "%s: %s: %s", w->file, w->len ? w->path : "/", text);
	else
		qv_fail(&one, code, "%s%s: %s", w->what, w->path, text);
	return qv__variant_note(w->list, &one, err, code);
}

/* After a check that failed with rc: whether to go on to the next, which only the checker does
 * (w->list), and never once memory ran out. The first failure is kept in *bad, what the
 * check returns when it ends. */
bool qv__where_go_on(const qv__where *w, qv_status rc, qv_status *bad)
{
	if (!*bad)
		*bad = rc;
	return w->list && rc != QV_ENOMEM;
}

/* A value as a message quotes it: compact JSON, cut to a readable length. */
const char *qv__variant_shown(const json_t *v, char *buf, size_t len)
{
	char *text = v ? json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
	qv_shorten(text ? text : "(nothing)", QV_QUOTE_MAX, buf, len);
	free(text);
	return buf;
}

/* ---- the fields ---- */

static const char *const dir_names[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW", NULL};

/* "a, b or c" of a NULL-terminated list, into buf. */
const char *qv__variant_one_of(const char *const *list, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; list[i] && used < len; i++) {
		const char *sep = i == 0 ? "" : list[i + 1] ? ", " : " or ";
		int n = snprintf(buf + used, len - used, "%s%s", sep, list[i]);
		used += n > 0 ? (size_t)n : 0;
	}
	return buf;
}

static bool id_ok(const char *s, long longest)
{
	size_t n = strlen(s);
	if (n == 0 || (long)n > (longest ? longest : 24))
		return false;
	for (const char *c = s; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9') || *c == '-'))
			return false;
	return true;
}

bool qv__variant_text_ok(const char *s, long longest)
{
	if ((long)strlen(s) > (longest ? longest : 200))
		return false;
	for (const unsigned char *c = (const unsigned char *)s; *c; c++)
		if (*c < 0x20 || *c == 0x7f)
			return false;
	return true;
}

static int find_word(const char *const *list, const char *s)
{
	for (int i = 0; list[i]; i++)
		if (strcmp(list[i], s) == 0)
			return i;
	return -1;
}

/* The number of elements an array field may have, as words. */
static void count_words(const qv_vfield *f, const char *noun, char *buf, size_t len)
{
	if (f->lo == f->hi)
		snprintf(buf, len, "an array of %ld %s", f->lo, noun);
	else
		snprintf(buf, len, "an array of %ld to %ld %s", f->lo, f->hi, noun);
}

/* Element e of an array field f of directions (each once unless f repeats them; `seen` the
 * ones before it), integers from f->min to f->max, or ids. */
static qv_status check_element(const json_t *e, const qv_vfield *f, unsigned *seen, qv__where *w,
                               qv_err *err)
{
	char got[QV__SHOWN_MAX], words[400];
	if (f->kind == QV_VF_DIRS) {
		int d = json_is_string(e) ? find_word(dir_names, json_string_value(e)) : -1;
		if (d < 0)
			return qv__where_fail(err, w, QV_EINVAL, "expected one of %s; got %s",
			                      qv__variant_one_of(dir_names, words, sizeof words),
			                      qv__variant_shown(e, got, sizeof got));
		if (!f->repeats && *seen >> d & 1)
			return qv__where_fail(err, w, QV_EINVAL,
			                      "%s is already listed (each direction once)",
			                      dir_names[d]);
		*seen |= 1u << d;
	} else if (f->kind == QV_VF_INTS) {
		if (!json_is_integer(e) || json_integer_value(e) < f->min ||
		    json_integer_value(e) > f->max)
			return qv__where_fail(err, w, QV_EINVAL,
			                      "expected an integer from %ld to %ld; got %s", f->min,
			                      f->max, qv__variant_shown(e, got, sizeof got));
	} else if (!json_is_string(e) || !id_ok(json_string_value(e), 0)) {
		return qv__where_fail(err, w, QV_EINVAL,
		                      "expected an id of letters, digits and hyphens; got %s",
		                      qv__variant_shown(e, got, sizeof got));
	}
	return QV_OK;
}

/* An array field of directions, integers or ids: its length within f->lo to f->hi, then each
 * element (every bad one reported while the caller wants them all). */
static qv_status check_array(const json_t *v, const qv_vfield *f, qv__where *w, qv_err *err)
{
	char got[QV__SHOWN_MAX], words[400];
	const char *noun = f->kind == QV_VF_DIRS   ? "directions"
	                   : f->kind == QV_VF_INTS ? "integers"
	                                           : "ids";
	if (!json_is_array(v) || (long)json_array_size(v) < f->lo ||
	    (long)json_array_size(v) > f->hi) {
		count_words(f, noun, words, sizeof words);
		return qv__where_fail(err, w, QV_EINVAL, "expected %s; got %s", words,
		                      qv__variant_shown(v, got, sizeof got));
	}
	unsigned seen = 0;
	size_t i;
	const json_t *e;
	qv_status bad = QV_OK;
	json_array_foreach(v, i, e)
	{
		size_t at = qv__where_index(w, i);
		qv_status rc = check_element(e, f, &seen, w, err);
		qv__where_cut(w, at);
		if (rc && !qv__where_go_on(w, rc, &bad))
			return rc;
	}
	return bad;
}

static qv_status check_value(const json_t *v, const qv_vfield *f, qv__where *w, qv_err *err)
{
	char got[QV__SHOWN_MAX], words[400];
	switch (f->kind) {
	case QV_VF_INT:
		if (!json_is_integer(v) || json_integer_value(v) < f->lo ||
		    json_integer_value(v) > f->hi)
			return qv__where_fail(err, w, QV_EINVAL,
			                      "expected an integer from %ld to %ld; got %s", f->lo,
			                      f->hi, qv__variant_shown(v, got, sizeof got));
		return QV_OK;
	case QV_VF_BOOL:
		if (!json_is_boolean(v))
			return qv__where_fail(err, w, QV_EINVAL, "expected true or false; got %s",
			                      qv__variant_shown(v, got, sizeof got));
		return QV_OK;
	case QV_VF_TEXT:
		if (!json_is_string(v) || !qv__variant_text_ok(json_string_value(v), f->hi))
			return qv__where_fail(
			    err, w, QV_EINVAL,
			    "expected text of at most %ld characters without control "
			    "characters; got %s",
			    f->hi ? f->hi : 200, qv__variant_shown(v, got, sizeof got));
		return QV_OK;
	case QV_VF_ID:
		if (!json_is_string(v) || !id_ok(json_string_value(v), f->hi))
			return qv__where_fail(
			    err, w, QV_EINVAL,
			    "expected an id of 1 to %ld letters, digits and hyphens; got %s",
			    f->hi ? f->hi : 24, qv__variant_shown(v, got, sizeof got));
		return QV_OK;
	case QV_VF_ENUM:
		if (!json_is_string(v) || find_word(f->choices, json_string_value(v)) < 0)
			return qv__where_fail(err, w, QV_EINVAL, "expected one of %s; got %s",
			                      qv__variant_one_of(f->choices, words, sizeof words),
			                      qv__variant_shown(v, got, sizeof got));
		return QV_OK;
	case QV_VF_DIRS:
	case QV_VF_INTS:
	case QV_VF_IDS: return check_array(v, f, w, err);
	case QV_VF_OBJECT:
		return qv__variant_check_entry(v, f->fields, f->nfields, true, "object", w, err);
	}
	return qv__where_fail(err, w, QV_EINVAL, "this field has no known kind");
}

/* The keys of fields, for messages. */
static const char *field_keys(const qv_vfield *fields, int n, char *buf, size_t len)
{
	const char *list[64];
	int k = 0;
	for (int i = 0; i < n && k < 63; i++)
		list[k++] = fields[i].key;
	list[k] = NULL;
	return qv__variant_one_of(list, buf, len);
}

/* Checks the object o against fields: every key known and every value checked; when complete,
 * every field that is not optional present. */
qv_status qv__variant_check_entry(const json_t *o, const qv_vfield *fields, int n, bool complete,
                                  const char *noun, qv__where *w, qv_err *err)
{
	char got[QV__SHOWN_MAX], words[600];
	if (!json_is_object(o))
		return qv__where_fail(err, w, QV_EINVAL, "expected an object (a %s); got %s", noun,
		                      qv__variant_shown(o, got, sizeof got));
	const char *key;
	const json_t *v;
	qv_status bad = QV_OK;
	json_object_foreach((json_t *)o, key, v)
	{
		const qv_vfield *f = NULL;
		for (int i = 0; i < n && !f; i++)
			if (strcmp(fields[i].key, key) == 0)
				f = &fields[i];
		size_t at = qv__where_key(w, key);
		qv_status rc =
		    f ? check_value(v, f, w, err)
		      : qv__where_fail(err, w, QV_EINVAL, "unknown key; expected one of %s",
		                       field_keys(fields, n, words, sizeof words));
		qv__where_cut(w, at);
		if (rc && !qv__where_go_on(w, rc, &bad))
			return rc;
	}
	for (int i = 0; complete && i < n; i++) {
		if (fields[i].optional || json_object_get(o, fields[i].key))
			continue;
		qv_status rc =
		    qv__where_fail(err, w, QV_EINVAL, "missing \"%s\" (a %s needs %s)",
		                   fields[i].key, noun, field_keys(fields, n, words, sizeof words));
		if (!qv__where_go_on(w, rc, &bad))
			return rc;
	}
	return bad;
}

qv_status qv_variant_build_problem(qv_variant_problems *problems, qv_err *err, const char *fmt, ...)
{
	qv_err one;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(one.msg, sizeof one.msg, fmt, ap);
	va_end(ap);
	if (err && !err->msg[0])
		*err = one;
	if (problems)
		qv__variant_problem(problems, &one);
	return QV_EINVAL;
}
