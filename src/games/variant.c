/*
 * variant.c - components as data (include/quiver/variant.h): reading a variant file or
 * document, resolving its `extends` chain and its edits block by block, checking every value
 * against the game's declaration with one wording for every game, and the registry of the
 * variants loaded, whose slots the games' states hold.
 *
 * A message always names where the problem is as a JSON pointer into the document given
 * ("/cards/add/0/arrows/1"), the value received and what is accepted: a designer's typo must
 * never pass silently into a study, so unknown keys are errors too. Loading stops at the first
 * problem; the checker (qv_variant_check) goes on past each one after which something is left
 * to check, and lists them all. The resolved document is hashed in one canonical form
 * (compact, keys sorted), so the same components have one SHA-256 however they were written,
 * and the built-in set's dump loads as the built-in set itself.
 */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "games/builtin.h"
#include "games/json_util.h"
#include "games/variant.h"

const void *qv__variant_tables[QV_VARIANT_MAX];

/* The registry: slot 0 is never used, so a state that init did not set up names no tables.
 * Slots below registry_used are in use or free (NULL: a held variant left), and a new variant
 * takes the first free one. */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static qv_variant *registry[QV_VARIANT_MAX];
static int registry_used = 1;
static int registry_count;  /* variants loaded */
static int registry_shared; /* of which loaded for clients (qv_variant.shared) */

/* ---- where a problem is ---- */

/* The context of one check: the file (NULL for a document from a client or a record) or the
 * prefix of its paths, the path being checked, grown and cut as the check descends, and the
 * list of problems when the checker collects them all. */
typedef struct where {
	const char *file; /* the file's name as given, after the files extending it, or NULL */
	const char *what; /* prefix of paths when file is NULL ("variant") */
	/* Every problem, for the checker (qv_variant_check); NULL: stop at the first. */
	qv_variant_problems *list;
	/* The set this document extends could not be read (its problem listed): the built-in set
	 * stands in for it, and nothing that names its entries is checked. */
	bool blind;
	char path[256];
	size_t len;
} where;

/* Appends one step to the path (an object key, escaped as JSON Pointer says, or an index);
 * returns the length before it, for cut(). */
static size_t step_key(where *w, const char *key)
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

static size_t step_index(where *w, size_t i)
{
	char num[24];
	snprintf(num, sizeof num, "%zu", i);
	return step_key(w, num);
}

static void cut(where *w, size_t at)
{
	w->len = at;
	w->path[at] = '\0';
}

/* Adds the problem one to the checker's list while it has room; n counts every problem. */
static void add_problem(qv_variant_problems *list, const qv_err *one)
{
	if (list->n < QV_VARIANT_PROBLEMS)
		list->list[list->n] = *one;
	list->n++;
}

/* Copies the problem one to err (when not NULL, nor one itself) and adds it to list (when not
 * NULL, and the problem is not memory running out, which qv__variant_load lists once, at the
 * end); returns code. */
static qv_status note(qv_variant_problems *list, const qv_err *one, qv_err *err, qv_status code)
{
	if (err && err != one)
		*err = *one;
	if (list && one && code != QV_ENOMEM)
		add_problem(list, one);
	return code;
}

static qv_status fail_at(qv_err *err, const where *w, qv_status code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static qv_status fail_at(qv_err *err, const where *w, qv_status code, const char *fmt, ...)
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
	return note(w->list, &one, err, code);
}

/* After a check that failed with rc: whether to go on to the next, which only the checker does
 * (w->list), and never once memory ran out. The first failure is kept in *bad, what the
 * check returns when it ends. */
static bool go_on(const where *w, qv_status rc, qv_status *bad)
{
	if (!*bad)
		*bad = rc;
	return w->list && rc != QV_ENOMEM;
}

/* A value as a message quotes it: compact JSON, cut to a readable length. */
static const char *shown(const json_t *v, char *buf, size_t len)
{
	char *text = v ? json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
	qv_shorten(text ? text : "(nothing)", QV_QUOTE_MAX, buf, len);
	free(text);
	return buf;
}
#define SHOWN_MAX (QV_QUOTE_MAX * 4 + 4)

/* ---- the fields ---- */

static const char *const dir_names[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW", NULL};

/* "a, b or c" of a NULL-terminated list, into buf. */
static const char *one_of(const char *const *list, char *buf, size_t len)
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

static bool text_ok(const char *s, long longest)
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

static qv_status check_entry(const json_t *o, const qv_vfield *fields, int n, bool complete,
                             const char *noun, where *w, qv_err *err);

/* The number of elements an array field may have, as words. */
static void count_words(const qv_vfield *f, const char *noun, char *buf, size_t len)
{
	if (f->lo == f->hi)
		snprintf(buf, len, "an array of %ld %s", f->lo, noun);
	else
		snprintf(buf, len, "an array of %ld to %ld %s", f->lo, f->hi, noun);
}

static qv_status check_value(const json_t *v, const qv_vfield *f, where *w, qv_err *err)
{
	char got[SHOWN_MAX], words[400];
	switch (f->kind) {
	case QV_VF_INT:
		if (!json_is_integer(v) || json_integer_value(v) < f->lo ||
		    json_integer_value(v) > f->hi)
			return fail_at(err, w, QV_EINVAL,
			               "expected an integer from %ld to %ld; got %s", f->lo, f->hi,
			               shown(v, got, sizeof got));
		return QV_OK;
	case QV_VF_BOOL:
		if (!json_is_boolean(v))
			return fail_at(err, w, QV_EINVAL, "expected true or false; got %s",
			               shown(v, got, sizeof got));
		return QV_OK;
	case QV_VF_TEXT:
		if (!json_is_string(v) || !text_ok(json_string_value(v), f->hi))
			return fail_at(err, w, QV_EINVAL,
			               "expected text of at most %ld characters without control "
			               "characters; got %s",
			               f->hi ? f->hi : 200, shown(v, got, sizeof got));
		return QV_OK;
	case QV_VF_ID:
		if (!json_is_string(v) || !id_ok(json_string_value(v), f->hi))
			return fail_at(
			    err, w, QV_EINVAL,
			    "expected an id of 1 to %ld letters, digits and hyphens; got %s",
			    f->hi ? f->hi : 24, shown(v, got, sizeof got));
		return QV_OK;
	case QV_VF_ENUM:
		if (!json_is_string(v) || find_word(f->choices, json_string_value(v)) < 0)
			return fail_at(err, w, QV_EINVAL, "expected one of %s; got %s",
			               one_of(f->choices, words, sizeof words),
			               shown(v, got, sizeof got));
		return QV_OK;
	case QV_VF_DIRS:
	case QV_VF_INTS:
	case QV_VF_IDS: {
		const char *noun = f->kind == QV_VF_DIRS   ? "directions"
		                   : f->kind == QV_VF_INTS ? "integers"
		                                           : "ids";
		if (!json_is_array(v) || (long)json_array_size(v) < f->lo ||
		    (long)json_array_size(v) > f->hi) {
			count_words(f, noun, words, sizeof words);
			return fail_at(err, w, QV_EINVAL, "expected %s; got %s", words,
			               shown(v, got, sizeof got));
		}
		unsigned seen = 0;
		size_t i;
		const json_t *e;
		qv_status bad = QV_OK;
		json_array_foreach(v, i, e)
		{
			size_t at = step_index(w, i);
			qv_status rc = QV_OK;
			if (f->kind == QV_VF_DIRS) {
				int d = json_is_string(e)
				            ? find_word(dir_names, json_string_value(e))
				            : -1;
				if (d < 0)
					rc =
					    fail_at(err, w, QV_EINVAL, "expected one of %s; got %s",
					            one_of(dir_names, words, sizeof words),
					            shown(e, got, sizeof got));
				else if (!f->repeats && seen >> d & 1)
					rc = fail_at(err, w, QV_EINVAL,
					             "%s is already listed (each direction once)",
					             dir_names[d]);
				else
					seen |= 1u << d;
			} else if (f->kind == QV_VF_INTS) {
				if (!json_is_integer(e) || json_integer_value(e) < f->min ||
				    json_integer_value(e) > f->max)
					rc = fail_at(err, w, QV_EINVAL,
					             "expected an integer from %ld to %ld; got %s",
					             f->min, f->max, shown(e, got, sizeof got));
			} else if (!json_is_string(e) || !id_ok(json_string_value(e), 0)) {
				rc =
				    fail_at(err, w, QV_EINVAL,
				            "expected an id of letters, digits and hyphens; got %s",
				            shown(e, got, sizeof got));
			}
			cut(w, at);
			if (rc && !go_on(w, rc, &bad))
				return rc;
		}
		return bad;
	}
	case QV_VF_OBJECT: return check_entry(v, f->fields, f->nfields, true, "object", w, err);
	}
	return fail_at(err, w, QV_EINVAL, "this field has no known kind");
}

/* The keys of fields, for messages. */
static const char *field_keys(const qv_vfield *fields, int n, char *buf, size_t len)
{
	const char *list[64];
	int k = 0;
	for (int i = 0; i < n && k < 63; i++)
		list[k++] = fields[i].key;
	list[k] = NULL;
	return one_of(list, buf, len);
}

/* Checks the object o against fields: every key known and every value checked; when complete,
 * every field that is not optional present. */
static qv_status check_entry(const json_t *o, const qv_vfield *fields, int n, bool complete,
                             const char *noun, where *w, qv_err *err)
{
	char got[SHOWN_MAX], words[600];
	if (!json_is_object(o))
		return fail_at(err, w, QV_EINVAL, "expected an object (a %s); got %s", noun,
		               shown(o, got, sizeof got));
	const char *key;
	const json_t *v;
	qv_status bad = QV_OK;
	json_object_foreach((json_t *)o, key, v)
	{
		const qv_vfield *f = NULL;
		for (int i = 0; i < n && !f; i++)
			if (strcmp(fields[i].key, key) == 0)
				f = &fields[i];
		size_t at = step_key(w, key);
		qv_status rc = f ? check_value(v, f, w, err)
		                 : fail_at(err, w, QV_EINVAL, "unknown key; expected one of %s",
		                           field_keys(fields, n, words, sizeof words));
		cut(w, at);
		if (rc && !go_on(w, rc, &bad))
			return rc;
	}
	for (int i = 0; complete && i < n; i++) {
		if (fields[i].optional || json_object_get(o, fields[i].key))
			continue;
		qv_status rc =
		    fail_at(err, w, QV_EINVAL, "missing \"%s\" (a %s needs %s)", fields[i].key,
		            noun, field_keys(fields, n, words, sizeof words));
		if (!go_on(w, rc, &bad))
			return rc;
	}
	return bad;
}

/* ---- resolving a document ---- */

/* What one resolution reads files through, and the files of the chain so far (a cycle).
 * seen is allocated only where files are read: the documents of a server's requests are
 * resolved on its request workers, whose stacks are fixed (512 KiB; docs/benchmarks.md, "The
 * stack of a request"). */
typedef struct chain {
	qv__game_finder find; /* the game a document names, when the caller gives none */
	bool files;           /* `extends` may name a file (then seen is not NULL) */
	int depth;
	char (*seen)[PATH_MAX];    /* QV_VARIANT_DEPTH paths */
	qv_variant_problems *list; /* every problem (qv_variant_check), or NULL */
	/* The file being resolved as messages name it, after the files extending it
	 * ("weak.json extends mid.json"), or NULL before the first. */
	const char *by;
} chain;

static qv_status resolve_file(const char *path, const qv_game *g, chain *ch, const where *ref,
                              json_t **out, const qv_game **game, qv_err *err);

/* The entry of list whose id (id_key) is id, or -1. */
static long entry_index(const json_t *list, const char *id_key, const char *id)
{
	if (!id)
		return -1;
	size_t i;
	const json_t *e;
	json_array_foreach(list, i, e)
	{
		const char *have = json_string_value(json_object_get(e, id_key));
		if (have && strcmp(have, id) == 0)
			return (long)i;
	}
	return -1;
}

/* Checks that no two entries of list (complete, checked) share an id; reports the later one. */
static qv_status unique_ids(const json_t *list, const qv_vblock *b, where *w, qv_err *err)
{
	size_t i;
	const json_t *e;
	qv_status bad = QV_OK;
	json_array_foreach(list, i, e)
	{
		const char *id = json_string_value(json_object_get(e, b->id_key));
		long first = entry_index(list, b->id_key, id);
		if (first >= 0 && (size_t)first < i) {
			size_t at = step_index(w, i);
			step_key(w, b->id_key);
			qv_status rc =
			    fail_at(err, w, QV_EINVAL, "%s \"%s\" is listed twice (at %ld and %zu)",
			            b->noun, id, first, i);
			cut(w, at);
			if (!go_on(w, rc, &bad))
				return rc;
		}
	}
	return bad;
}

/* Applies one list block of a variant (v: an array replacing the list, or an edit) to
 * resolved[b->key]. While the checker goes on past a problem, an added entry with a bad value
 * is added all the same (unless its id is taken), so that the list's size, checked last, is
 * the one the file meant; a modification with one is not applied. */
static qv_status apply_list(json_t *resolved, const qv_vblock *b, const json_t *v, where *w,
                            qv_err *err)
{
	char got[SHOWN_MAX];
	json_t *list = json_object_get(resolved, b->key);
	size_t i;
	const json_t *e;
	qv_status rc, bad = QV_OK;
	if (json_is_array(v)) {
		json_array_foreach(v, i, e)
		{
			size_t at = step_index(w, i);
			rc = check_entry(e, b->fields, b->nfields, true, b->noun, w, err);
			cut(w, at);
			if (rc && !go_on(w, rc, &bad))
				return rc;
		}
		rc = unique_ids(v, b, w, err);
		if (rc && !go_on(w, rc, &bad))
			return rc;
		json_t *copy = json_deep_copy(v);
		if (!copy || json_object_set_new(resolved, b->key, copy))
			return qv_fail(err, QV_ENOMEM, "out of memory");
		list = copy;
	} else if (json_is_object(v)) {
		const char *key;
		const json_t *part;
		json_object_foreach((json_t *)v, key, part)
		{
			if (strcmp(key, "remove") && strcmp(key, "modify") && strcmp(key, "add")) {
				size_t at = step_key(w, key);
				rc = fail_at(err, w, QV_EINVAL,
				             "unknown key; expected remove, modify or add (or the "
				             "whole list as an array)");
				cut(w, at);
				if (!go_on(w, rc, &bad))
					return rc;
			}
		}
		/* remove, then modify, then add: whatever order the file writes them in */
		const json_t *rm = json_object_get(v, "remove");
		const json_t *mod = json_object_get(v, "modify");
		const json_t *add = json_object_get(v, "add");
		size_t at = step_key(w, "remove");
		if (rm && !json_is_array(rm)) {
			rc = fail_at(err, w, QV_EINVAL, "expected an array of %s ids; got %s",
			             b->noun, shown(rm, got, sizeof got));
			if (!go_on(w, rc, &bad))
				return rc;
		}
		json_array_foreach(rm, i, e)
		{
			size_t at2 = step_index(w, i);
			long k = json_is_string(e)
			             ? entry_index(list, b->id_key, json_string_value(e))
			             : -1;
			rc = QV_OK;
			if (!json_is_string(e))
				rc = fail_at(err, w, QV_EINVAL, "expected a %s id; got %s", b->noun,
				             shown(e, got, sizeof got));
			else if (k < 0 && !w->blind)
				rc = fail_at(err, w, QV_EINVAL,
				             "no %s \"%s\" in the set this extends", b->noun,
				             json_string_value(e));
			else if (k >= 0 && json_array_remove(list, (size_t)k))
				return qv_fail(err, QV_ENOMEM, "out of memory");
			cut(w, at2);
			if (rc && !go_on(w, rc, &bad))
				return rc;
		}
		cut(w, at);
		at = step_key(w, "modify");
		if (mod && !json_is_object(mod)) {
			rc = fail_at(
			    err, w, QV_EINVAL,
			    "expected an object of %s ids, each with the fields that change; "
			    "got %s",
			    b->noun, shown(mod, got, sizeof got));
			if (!go_on(w, rc, &bad))
				return rc;
		}
		json_object_foreach((json_t *)mod, key, part)
		{
			size_t at2 = step_key(w, key);
			long k = entry_index(list, b->id_key, key);
			bool ok = k >= 0;
			if (!ok && !w->blind) {
				rc = fail_at(err, w, QV_EINVAL,
				             "no %s \"%s\" in the set this extends", b->noun, key);
				if (!go_on(w, rc, &bad))
					return rc;
			}
			rc = check_entry(part, b->fields, b->nfields, false, b->noun, w, err);
			if (rc) {
				ok = false;
				if (!go_on(w, rc, &bad))
					return rc;
			}
			if (json_object_get(part, b->id_key)) {
				step_key(w, b->id_key);
				rc = fail_at(err, w, QV_EINVAL,
				             "an id does not change: remove the %s and add another",
				             b->noun);
				cut(w, at2);
				ok = false;
				if (!go_on(w, rc, &bad))
					return rc;
			}
			if (ok) {
				json_t *patch = json_deep_copy(part);
				int failed = !patch || json_object_update(
				                           json_array_get(list, (size_t)k), patch);
				json_decref(patch);
				if (failed)
					return qv_fail(err, QV_ENOMEM, "out of memory");
			}
			cut(w, at2);
		}
		cut(w, at);
		at = step_key(w, "add");
		if (add && !json_is_array(add)) {
			rc = fail_at(err, w, QV_EINVAL, "expected an array of %ss; got %s", b->noun,
			             shown(add, got, sizeof got));
			if (!go_on(w, rc, &bad))
				return rc;
		}
		json_array_foreach(add, i, e)
		{
			size_t at2 = step_index(w, i);
			rc = check_entry(e, b->fields, b->nfields, true, b->noun, w, err);
			if (rc && !go_on(w, rc, &bad))
				return rc;
			const char *id = json_string_value(json_object_get(e, b->id_key));
			bool taken = entry_index(list, b->id_key, id) >= 0;
			if (taken && !w->blind) {
				step_key(w, b->id_key);
				rc = fail_at(
				    err, w, QV_EINVAL,
				    "%s \"%s\" is already in the set (modify it, or remove it "
				    "first)",
				    b->noun, id);
				if (!go_on(w, rc, &bad))
					return rc;
			}
			if (json_is_object(e) && !taken &&
			    json_array_append_new(list, json_deep_copy(e)))
				return qv_fail(err, QV_ENOMEM, "out of memory");
			cut(w, at2);
		}
		cut(w, at);
	} else {
		return fail_at(err, w, QV_EINVAL,
		               "expected an array of %ss, or an object of remove, modify and add; "
		               "got %s",
		               b->noun, shown(v, got, sizeof got));
	}
	/* the size of a list edited blind is not known: only a whole list's is */
	size_t n = json_array_size(list);
	if ((!w->blind || json_is_array(v)) && ((long)n < b->min || (long)n > b->max)) {
		rc = fail_at(err, w, QV_EINVAL, "%zu %ss; the game takes %d to %d", n, b->noun,
		             b->min, b->max);
		if (!go_on(w, rc, &bad))
			return rc;
	}
	return bad;
}

/* Applies a record block: its fields replace the extended ones. */
static qv_status apply_record(json_t *resolved, const qv_vblock *b, const json_t *v, where *w,
                              qv_err *err)
{
	qv_status rc = check_entry(v, b->fields, b->nfields, false, b->key, w, err);
	if (rc)
		return rc;
	json_t *patch = json_deep_copy(v);
	int bad = !patch || json_object_update(json_object_get(resolved, b->key), patch);
	json_decref(patch);
	return bad ? qv_fail(err, QV_ENOMEM, "out of memory") : QV_OK;
}

/* A parameter's value as the text qv_params holds. */
static bool param_text(const json_t *v, char *buf, size_t len)
{
	if (json_is_string(v))
		snprintf(buf, len, "%s", json_string_value(v));
	else if (json_is_integer(v))
		snprintf(buf, len, "%lld", (long long)json_integer_value(v));
	else if (json_is_real(v))
		snprintf(buf, len, "%.17g", json_real_value(v));
	else if (json_is_boolean(v))
		snprintf(buf, len, "%s", json_is_true(v) ? "true" : "false");
	else
		return false;
	return true;
}

/* Checks a document's params against g's and merges them over resolved's. */
static qv_status apply_params(const qv_game *g, json_t *resolved, const json_t *v, where *w,
                              qv_err *err)
{
	char got[SHOWN_MAX], text[QV_PARAM_VALUE_MAX];
	if (!json_is_object(v))
		return fail_at(
		    err, w, QV_EINVAL,
		    "expected an object of the game's parameters and their values; got %s",
		    shown(v, got, sizeof got));
	json_t *params = json_object_get(resolved, "params");
	const char *key;
	const json_t *val;
	qv_status rc, bad = QV_OK;
	json_object_foreach((json_t *)v, key, val)
	{
		size_t at = step_key(w, key);
		const qv_param_def *d =
		    strcmp(key, "variant") == 0 ? NULL : qv_param_find(g->params, g->nparams, key);
		qv_err why;
		rc = QV_OK;
		if (!d) {
			qv_param_unknown(g->params, g->nparams, key, g->name, &why);
			rc = fail_at(err, w, QV_EINVAL, "%s", why.msg);
		} else if (!param_text(val, text, sizeof text)) {
			rc = fail_at(err, w, QV_EINVAL,
			             "expected a number, true, false or text; got %s",
			             shown(val, got, sizeof got));
		} else if (qv_param_check(d, text, &why)) {
			rc = fail_at(err, w, QV_EINVAL, "%s", why.msg);
		} else if (json_object_set_new(params, key, json_string(text))) {
			return qv_fail(err, QV_ENOMEM, "out of memory");
		}
		cut(w, at);
		if (rc && !go_on(w, rc, &bad))
			return rc;
	}
	return bad;
}

static qv_variant *find_locked(const qv_game *g, const char *sha, bool builtin);

/* g's built-in document into *out: parsed from the embedded text the first time, copied from
 * the registered built-in set after. A variant is resolved on every table request a server
 * gets with one, and jansson 2.14's lexer, when an allocation fails, can drop a string's
 * closing quote and copy past the end of the text (tests/faults/fault_table.c's variant
 * request crashed in lex_scan_string): the large text is lexed once, when the process loads
 * the built-in set. */
static qv_status builtin_json(const qv_game *g, json_t **out, qv_err *err)
{
	pthread_mutex_lock(&registry_lock);
	const qv_variant *loaded = find_locked(g, NULL, true);
	pthread_mutex_unlock(&registry_lock);
	if (loaded) {
		*out = json_deep_copy(loaded->json);
		return *out ? QV_OK : qv_fail(err, QV_ENOMEM, "out of memory");
	}
	const char *text =
	    g->components->base ? g->components->base : qv__builtin_components(g->name);
	if (!text)
		return qv_fail(err, QV_EINVAL, "%s has no built-in component set", g->title);
	json_error_t jerr;
	qv_status rc = qv__json_parse(text, strlen(text), JSON_REJECT_DUPLICATES, out, &jerr);
	if (rc == QV_ENOMEM)
		return qv_fail(err, rc, "out of memory reading %s's built-in components", g->title);
	if (rc)
		return qv_fail(err, rc, "data/%s/base.json:%d:%d: %s", g->name, jerr.line,
		               jerr.column, jerr.text);
	return QV_OK;
}

/* Resolves the file `from` names, relative to dir (the folder of the file naming it; "." gives
 * `from` as written). ref is where that file names it: its `extends`. Its own function, so
 * that the room for a path is taken only when a file is read, never on the small stack of a
 * server's request. */
static __attribute__((noinline)) qv_status extend_file(const char *from, const char *dir,
                                                       const qv_game *g, chain *ch,
                                                       const where *ref, json_t **out, qv_err *err)
{
	char path[PATH_MAX];
	if (from[0] == '/' || !dir || strcmp(dir, ".") == 0)
		snprintf(path, sizeof path, "%s", from);
	else
		snprintf(path, sizeof path, "%s/%s", dir, from);
	return resolve_file(path, g, ch, ref, out, NULL, err);
}

/* Resolves the document doc (from a file when w->file): the set it extends, then its own
 * parameters and blocks. *out gets the resolved document, which it owns. The checker (w->list)
 * goes on past a problem and may end with a failure and *out both: the document as far as it
 * resolved, which a file extending it goes on from. */
static qv_status resolve(const json_t *doc, const qv_game *g, const char *dir, chain *ch, where *w,
                         json_t **out, const qv_game **game, qv_err *err)
{
	char got[SHOWN_MAX], words[600];
	qv_status rc, bad = QV_OK;
	*out = NULL;
	if (!json_is_object(doc))
		return fail_at(
		    err, w, QV_EINVAL,
		    "expected an object {\"quiver_variant\": 1, \"game\": ..., ...}; got %s",
		    shown(doc, got, sizeof got));
	const json_t *ver = json_object_get(doc, "quiver_variant");
	size_t at = step_key(w, "quiver_variant");
	rc = QV_OK;
	if (!ver)
		rc = fail_at(err, w, QV_EINVAL,
		             "missing: a variant starts {\"quiver_variant\": 1, \"game\": ...}");
	else if (!json_is_integer(ver) || json_integer_value(ver) != 1)
		rc = fail_at(err, w, QV_EINVAL, "expected 1 (the only version so far); got %s",
		             shown(ver, got, sizeof got));
	cut(w, at);
	if (rc && !go_on(w, rc, &bad))
		return rc;
	/* without its game, nothing else of a document can be checked: these stop the checker */
	const json_t *gv = json_object_get(doc, "game");
	at = step_key(w, "game");
	qv_err why;
	/* g may be a game outside the registry (the tests' own); without g, the caller's finder
	 * (the registry) names it, so that this file, which the games call, calls no game */
	why.msg[0] = '\0';
	const qv_game *dg = !json_is_string(gv)                                ? NULL
	                    : g && strcmp(json_string_value(gv), g->name) == 0 ? g
	                    : ch->find ? ch->find(json_string_value(gv), &why)
	                               : NULL;
	if (gv && json_is_string(gv) && !dg && !why.msg[0])
		snprintf(why.msg, sizeof why.msg, "unknown game '%.60s'", json_string_value(gv));
	if (!gv)
		return fail_at(err, w, QV_EINVAL, "missing: the game this variant is for");
	if (!dg)
		return fail_at(err, w, QV_EINVAL, "%s",
		               json_is_string(gv) ? why.msg : "expected a game's name");
	if (g && dg != g)
		return fail_at(err, w, QV_EINVAL, "this variant is for %s; expected one for %s",
		               dg->name, g->name);
	if (!dg->components)
		return fail_at(err, w, QV_EINVAL, "%s has no components a variant may change",
		               dg->title);
	cut(w, at);
	g = dg;
	const qv_components *c = g->components;

	/* every key known */
	const char *key;
	const json_t *v;
	json_object_foreach((json_t *)doc, key, v)
	{
		bool known = !strcmp(key, "quiver_variant") || !strcmp(key, "game") ||
		             !strcmp(key, "name") || !strcmp(key, "extends") ||
		             !strcmp(key, "params");
		for (int b = 0; b < c->nblocks && !known; b++)
			known = strcmp(c->blocks[b].key, key) == 0;
		if (!known) {
			const char *list[40] = {"quiver_variant", "game", "name", "extends",
			                        "params"};
			int k = 5;
			for (int b = 0; b < c->nblocks && k < 39; b++)
				list[k++] = c->blocks[b].key;
			list[k] = NULL;
			at = step_key(w, key);
			rc = fail_at(err, w, QV_EINVAL, "unknown key; expected one of %s",
			             one_of(list, words, sizeof words));
			cut(w, at);
			if (!go_on(w, rc, &bad))
				return rc;
		}
	}
	const json_t *name = json_object_get(doc, "name");
	bool name_ok = !name || (json_is_string(name) && *json_string_value(name) &&
	                         text_ok(json_string_value(name), QV_VARIANT_NAME - 1));
	at = step_key(w, "name");
	if (!name_ok) {
		rc = fail_at(err, w, QV_EINVAL, "expected a name of 1 to %d characters; got %s",
		             QV_VARIANT_NAME - 1, shown(name, got, sizeof got));
		if (!go_on(w, rc, &bad))
			return rc;
	}
	cut(w, at);

	/* the set it extends */
	const json_t *ext = json_object_get(doc, "extends");
	const char *from = ext ? json_string_value(ext) : "base";
	json_t *res = NULL;
	at = step_key(w, "extends");
	if (!from) {
		rc = fail_at(err, w, QV_EINVAL,
		             "expected \"base\" or the name of another variant file; got %s",
		             shown(ext, got, sizeof got));
	} else if (strcmp(from, "base") == 0) {
		rc = builtin_json(g, &res, err);
		if (rc)
			return note(w->list, err, NULL, rc);
	} else if (!ch->files) {
		rc = fail_at(err, w, QV_EINVAL,
		             "expected \"base\" (a variant sent here may extend only the built-in "
		             "set: send the resolved one, `quiver variant show`); got %s",
		             shown(ext, got, sizeof got));
	} else {
		/* its messages name that file, after this one */
		rc = extend_file(from, dir, g, ch, w, &res, err);
	}
	if (rc && !go_on(w, rc, &bad)) {
		json_decref(res);
		return rc;
	}
	if (!res) {
		/* The checker goes on past a set it could not read: the built-in set stands in for
		 * it, so that this document's own values are still checked. */
		w->blind = true;
		rc = builtin_json(g, &res, err);
		if (rc)
			return note(w->list, err, NULL, rc);
	}
	cut(w, at);
	json_object_del(res, "extends");
	if (json_object_set_new(
	        res, "name", json_string(name && name_ok ? json_string_value(name) : "unnamed"))) {
		json_decref(res);
		return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	if (!json_is_object(json_object_get(res, "params")) &&
	    json_object_set_new(res, "params", json_object())) {
		json_decref(res);
		return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	const json_t *params = json_object_get(doc, "params");
	at = step_key(w, "params");
	rc = params ? apply_params(g, res, params, w, err) : QV_OK;
	cut(w, at);
	if (rc && !go_on(w, rc, &bad)) {
		json_decref(res);
		return rc;
	}
	for (int b = 0; b < c->nblocks; b++) {
		const qv_vblock *blk = &c->blocks[b];
		v = json_object_get(doc, blk->key);
		if (!v)
			continue;
		at = step_key(w, blk->key);
		if (blk->kind == QV_VB_LIST)
			rc = apply_list(res, blk, v, w, err);
		else
			rc = apply_record(res, blk, v, w, err);
		cut(w, at);
		if (rc && !go_on(w, rc, &bad)) {
			json_decref(res);
			return rc;
		}
	}
	*out = res;
	if (game)
		*game = g;
	return bad;
}

/* A problem of the file at path as a whole (it cannot be read, it closes a cycle): named by
 * its path, after ref (the `extends` that names it) when a file of the chain does. */
static qv_status file_fail(qv_err *err, const chain *ch, const where *ref, const char *path,
                           qv_status code, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static qv_status file_fail(qv_err *err, const chain *ch, const where *ref, const char *path,
                           qv_status code, const char *fmt, ...)
{
	char text[sizeof err->msg];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (ref)
		return fail_at(err, ref, code, "%s: %s", path, text);
	qv_err one;
	qv_fail(&one, code, "%s: %s", path, text);
	return note(ch->list, &one, err, code);
}

/* Reads a file of at most QV_VARIANT_BYTES into a NUL-terminated buffer. */
static qv_status read_file(const char *path, const chain *ch, const where *ref, char **out,
                           size_t *len, qv_err *err)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return file_fail(err, ch, ref, path, QV_EIO, "cannot open: %s", strerror(errno));
	char *buf = malloc(QV_VARIANT_BYTES + 1);
	if (!buf) {
		fclose(f);
		return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	size_t n = fread(buf, 1, QV_VARIANT_BYTES + 1, f);
	bool bad = ferror(f);
	fclose(f);
	if (bad || n > QV_VARIANT_BYTES) {
		free(buf);
		return bad ? file_fail(err, ch, ref, path, QV_EIO, "cannot read")
		           : file_fail(err, ch, ref, path, QV_EINVAL,
		                       "larger than %d bytes: not a variant", QV_VARIANT_BYTES);
	}
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return QV_OK;
}

/* Reads and resolves the variant file at path. ref is where the file extending it names it
 * (its `extends`), NULL for the file loaded: a file that cannot be read, or that closes a
 * cycle, is a problem of that place. */
static qv_status resolve_file(const char *path, const qv_game *g, chain *ch, const where *ref,
                              json_t **out, const qv_game **game, qv_err *err)
{
	*out = NULL;
	char real[PATH_MAX];
	if (!realpath(path, real))
		return file_fail(err, ch, ref, path, QV_EIO, "cannot open: %s", strerror(errno));
	for (int i = 0; i < ch->depth; i++)
		if (strcmp(ch->seen[i], real) == 0)
			return file_fail(err, ch, ref, path, QV_EINVAL,
			                 "extends itself through the files it extends (a cycle)");
	if (ch->depth == QV_VARIANT_DEPTH)
		return file_fail(err, ch, ref, path, QV_EINVAL,
		                 "more than %d files extend one another", QV_VARIANT_DEPTH);
	char *text = NULL;
	size_t len = 0;
	qv_status rc = read_file(path, ch, ref, &text, &len, err);
	if (rc)
		return rc;
	if (strlen(text) != len) {
		free(text);
		return file_fail(err, ch, ref, path, QV_EINVAL,
		                 "holds a NUL byte: not a JSON text");
	}
	/* what this file's messages are named by: the chain that led to it */
	char label[sizeof err->msg];
	if (ch->by)
		snprintf(label, sizeof label, "%s extends %s", ch->by, path);
	else
		snprintf(label, sizeof label, "%s", path);
	json_error_t jerr;
	json_t *doc = NULL;
	rc = qv__json_parse(text, len, JSON_REJECT_DUPLICATES, &doc, &jerr);
	free(text);
	if (rc == QV_ENOMEM)
		return qv_fail(err, rc, "%s: out of memory reading the variant (%zu bytes)", label,
		               len);
	if (rc) {
		qv_err one;
		qv_fail(&one, rc, "%s:%d:%d: %s", label, jerr.line, jerr.column, jerr.text);
		return note(ch->list, &one, err, rc);
	}
	snprintf(ch->seen[ch->depth++], PATH_MAX, "%s", real);
	const char *by = ch->by;
	ch->by = label;
	char dirbuf[PATH_MAX];
	snprintf(dirbuf, sizeof dirbuf, "%s", path);
	where w = {.file = label, .list = ch->list};
	rc = resolve(doc, g, dirname(dirbuf), ch, &w, out, game, err);
	ch->by = by;
	ch->depth--;
	bool named = json_object_get(doc, "name") != NULL;
	json_decref(doc);
	/* a document without a name takes its file's */
	if (!rc && !named) {
		char base[PATH_MAX], stem[QV_VARIANT_NAME];
		snprintf(base, sizeof base, "%s", path);
		snprintf(stem, sizeof stem, "%s", basename(base));
		char *dot = strrchr(stem, '.');
		if (dot && dot != stem)
			*dot = '\0';
		if (json_object_set_new(*out, "name", json_string(stem))) {
			json_decref(*out);
			*out = NULL;
			rc = qv_fail(err, QV_ENOMEM, "out of memory");
		}
	}
	return rc;
}

/* ---- the name of an ablated variant ---- */

/* Keeps the name first and cuts it rather than the id, because the id is what tells the
 * variants of one study apart; the cut steps back over UTF-8 continuation bytes so that no
 * character is split. An id that alone would not fit (no game's ids come near) leaves no room
 * for the name and is cut by snprintf, bytewise. */
json_t *qv__variant_ablated_name(const json_t *doc, const char *id)
{
	const char *name = json_string_value(json_object_get(doc, "name"));
	if (!name)
		name = "";
	char buf[QV_VARIANT_NAME];
	size_t tail = strlen(" without ") + strlen(id), len = strlen(name),
	       room = tail < sizeof buf - 1 ? sizeof buf - 1 - tail : 0;
	if (len > room) {
		len = room;
		while (len > 0 && ((unsigned char)name[len] & 0xC0) == 0x80)
			len--;
	}
	snprintf(buf, sizeof buf, "%.*s without %s", (int)len, name, id);
	return json_string(buf);
}

json_t *qv_variant_without_ability(const qv_game *g, const json_t *resolved, const char *kind,
                                   qv_err *err)
{
	const qv_components *c = g->components;
	if (!c || !c->studied || !c->abilities || !c->drop_ability) {
		qv_fail(err, QV_EINVAL, "%s's components carry no abilities", g->name);
		return NULL;
	}
	char id[QV_NAME_MAX];
	snprintf(id, sizeof id, "ability:%s", kind);
	json_t *doc = json_deep_copy(resolved), *name = qv__variant_ablated_name(resolved, id);
	json_t *list = json_object_get(doc, c->studied);
	bool found = false;
	size_t i;
	json_t *entry;
	json_array_foreach(list, i, entry)
	{
		const char *kinds[QV_VARIANT_ABILITIES];
		int n = c->abilities(entry, kinds, QV_VARIANT_ABILITIES);
		for (int k = 0; k < n; k++)
			if (strcmp(kinds[k], kind) == 0) {
				c->drop_ability(entry, kind);
				found = true;
				break;
			}
	}
	if (!doc || !name || json_object_set(doc, "name", name)) {
		json_decref(doc);
		json_decref(name);
		qv_fail(err, QV_ENOMEM, "out of memory");
		return NULL;
	}
	json_decref(name);
	if (!found) {
		json_decref(doc);
		qv_fail(err, QV_EINVAL, "none of the variant's %s carries the ability '%s'",
		        c->studied, kind);
		return NULL;
	}
	json_object_del(doc, "extends");
	return doc;
}

/* ---- the registry ---- */

static pthread_once_t sodium_once = PTHREAD_ONCE_INIT;
static int sodium_ready; /* sodium_init's answer: its hash needs nothing it could refuse */
static void start_sodium(void) { sodium_ready = sodium_init(); }

static void free_variant(qv_variant *v)
{
	if (!v)
		return;
	free((char *)v->text);
	json_decref(v->json);
	free((void *)v->tables);
	free(v);
}

/* Turns a resolved document into a variant: its canonical text, hash and parameters. Builds
 * nothing yet. */
static qv_status make_variant(const qv_game *g, json_t *res, qv_variant **out, qv_err *err)
{
	qv_variant *v = calloc(1, sizeof *v);
	char *text = qv__json_dumps(res, JSON_COMPACT | JSON_SORT_KEYS);
	if (!v || !text) {
		free(v);
		free(text);
		return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	v->game = g;
	v->text = text;
	v->json = json_incref(res);
	const char *name = json_string_value(json_object_get(res, "name"));
	snprintf(v->name, sizeof v->name, "%s", name ? name : "unnamed");
	pthread_once(&sodium_once, start_sodium);
	unsigned char hash[crypto_hash_sha256_BYTES];
	crypto_hash_sha256(hash, (const unsigned char *)text, strlen(text));
	sodium_bin2hex(v->sha256, sizeof v->sha256, hash, sizeof hash);
	const char *key;
	const json_t *val;
	json_object_foreach(json_object_get(res, "params"), key, val)
	{
		if (qv_params_set(&v->params, key, json_string_value(val), err)) {
			free_variant(v);
			return qv_fail(err, QV_EINVAL, "/params/%s: %s", key, err ? err->msg : "");
		}
	}
	*out = v;
	return QV_OK;
}

/* Finds g's variant with this hash (builtin: its built-in set); the lock is held. */
static qv_variant *find_locked(const qv_game *g, const char *sha, bool builtin)
{
	for (int i = 1; i < registry_used; i++) {
		qv_variant *v = registry[i];
		if (v && v->game == g && (builtin ? v->builtin : strcmp(v->sha256, sha) == 0))
			return v;
	}
	return NULL;
}

/* How a variant entered by enter() is to live: kept for the process, or held in a room. */
typedef enum { KEEP, HOLD_SHARED, HOLD_RESERVED } lifetime;

/* Takes v for the caller as `life` asks, the lock held: kept for good, or one hold more. */
static void take_locked(qv_variant *v, lifetime life)
{
	if (life == KEEP)
		v->kept = true;
	else
		v->holds++;
}

/* A free slot for a new variant of `life`, or 0 when there is none: every slot is in use, or
 * a client's variant would take one of the last QV_VARIANT_RESERVE. The lock is held. */
static int free_slot_locked(lifetime life)
{
	if (registry_count >= QV_VARIANT_MAX - 1 ||
	    (life == HOLD_SHARED && registry_shared >= QV_VARIANT_SHARED_MAX))
		return 0;
	for (int i = 1; i < registry_used; i++)
		if (!registry[i])
			return i;
	return registry_used < QV_VARIANT_MAX ? registry_used : 0;
}

/* Registers the resolved document res of g: the variant with its hash when one is loaded
 * already (the built-in set's dump is the built-in set), else a new one with its tables
 * built; either way taken for the caller as `life` asks. where names the document in
 * messages from build. */
static qv_status enter(const qv_game *g, json_t *res, bool builtin, lifetime life,
                       const char *where_, const qv_variant **out, qv_err *err)
{
	qv_variant *v = NULL;
	qv_status rc = make_variant(g, res, &v, err);
	if (rc)
		return rc;
	pthread_mutex_lock(&registry_lock);
	qv_variant *have = find_locked(g, v->sha256, false);
	if (have) {
		take_locked(have, life);
		pthread_mutex_unlock(&registry_lock);
		free_variant(v);
		*out = have;
		return QV_OK;
	}
	int slot = free_slot_locked(life);
	if (!slot) {
		bool shared = life == HOLD_SHARED && registry_count < QV_VARIANT_MAX - 1;
		pthread_mutex_unlock(&registry_lock);
		free_variant(v);
		if (shared)
			return qv_fail(
			    err, QV_ESTATE,
			    "%d variants sent by clients are in use already, the most one "
			    "quiver process holds for them; one leaves when no open table "
			    "and no replay plays it: try again when a game has ended",
			    QV_VARIANT_SHARED_MAX);
		return qv_fail(err, QV_ESTATE,
		               "%d variants are loaded already, the most one quiver process holds: "
		               "start it again to load others",
		               QV_VARIANT_MAX - 1);
	}
	void *tables = NULL;
	qv_err why;
	rc = g->components->build(res, &tables, &why);
	if (rc) {
		pthread_mutex_unlock(&registry_lock);
		free_variant(v);
		if (rc == QV_ENOMEM)
			return qv_fail(err, rc, "out of memory");
		return qv_fail(err, rc, "%s%s", where_, why.msg);
	}
	v->builtin = builtin;
	v->tables = tables;
	v->slot = (uint16_t)slot;
	v->shared = life == HOLD_SHARED;
	take_locked(v, life);
	qv__variant_tables[slot] = tables;
	registry[slot] = v;
	if (slot == registry_used)
		registry_used++;
	registry_count++;
	registry_shared += v->shared;
	pthread_mutex_unlock(&registry_lock);
	*out = v;
	return QV_OK;
}

void qv_variant_hold(const qv_variant *v)
{
	if (!v)
		return;
	pthread_mutex_lock(&registry_lock);
	QV_ASSERT(v->kept || v->holds > 0); /* a variant nobody holds may be gone already */
	((qv_variant *)v)->holds++;
	pthread_mutex_unlock(&registry_lock);
}

void qv_variant_release(const qv_variant *v)
{
	if (!v)
		return;
	qv_variant *w = (qv_variant *)v;
	pthread_mutex_lock(&registry_lock);
	QV_ASSERT(w->holds > 0 && registry[w->slot] == w); /* one release per hold */
	bool gone = --w->holds == 0 && !w->kept;
	if (gone) {
		registry[w->slot] = NULL;
		qv__variant_tables[w->slot] = NULL;
		registry_count--;
		registry_shared -= w->shared;
	}
	pthread_mutex_unlock(&registry_lock);
	if (gone)
		free_variant(w);
}

int qv_variant_loaded(bool shared)
{
	pthread_mutex_lock(&registry_lock);
	int n = shared ? registry_shared : registry_count;
	pthread_mutex_unlock(&registry_lock);
	return n;
}

/* g's built-in set, loaded at its first use, into *out. */
static qv_status base(const qv_game *g, const qv_variant **out, qv_err *err)
{
	if (!g->components)
		return qv_fail(err, QV_EINVAL, "%s has no components a variant may change",
		               g->title);
	pthread_mutex_lock(&registry_lock);
	const qv_variant *v = find_locked(g, NULL, true);
	pthread_mutex_unlock(&registry_lock);
	if (v) {
		*out = v;
		return QV_OK;
	}
	json_t *doc;
	qv_status rc = builtin_json(g, &doc, err);
	if (rc)
		return rc;
	/* The built-in set is checked as any variant (tests/unit/test_variant.c loads each), and
	 * registered under the lock held once more: two threads may both have read it, the first
	 * to enter it wins and the second finds it by its hash. */
	chain ch = {.files = false};
	char what[64];
	snprintf(what, sizeof what, "data/%s/base.json: ", g->name);
	where w = {.file = NULL, .what = what};
	json_t *res;
	rc = resolve(doc, g, NULL, &ch, &w, &res, NULL, err);
	json_decref(doc);
	if (rc)
		return rc;
	rc = enter(g, res, true, KEEP, what, out, err);
	json_decref(res);
	return rc;
}

const qv_variant *qv_variant_base(const qv_game *g, qv_err *err)
{
	const qv_variant *v;
	return base(g, &v, err) ? NULL : v;
}

/* The variant of g named by key into *out, held for the caller when `hold` (every hold is
 * counted, a kept variant's too, so that each release has its hold). */
static qv_status find(const qv_game *g, const char *key, bool hold, const qv_variant **out,
                      qv_err *err)
{
	if (!key || strcmp(key, "base") == 0) {
		qv_status rc = base(g, out, err);
		if (!rc && hold)
			qv_variant_hold(*out);
		return rc;
	}
	pthread_mutex_lock(&registry_lock);
	qv_variant *v = g->components ? find_locked(g, key, false) : NULL;
	if (v && hold)
		take_locked(v, HOLD_RESERVED);
	pthread_mutex_unlock(&registry_lock);
	if (!v) {
		char quoted[SHOWN_MAX];
		return qv_fail(
		    err, QV_EINVAL,
		    "bad value '%s' for variant: expected base, or the SHA-256 of a variant "
		    "of %s loaded with --variant",
		    qv_shorten(key, QV_QUOTE_MAX, quoted, sizeof quoted), g->name);
	}
	*out = v;
	return QV_OK;
}

const qv_variant *qv_variant_find(const qv_game *g, const char *key, qv_err *err)
{
	const qv_variant *v;
	return find(g, key, false, &v, err) ? NULL : v;
}

const qv_variant *qv_variant_find_held(const qv_game *g, const char *key, qv_err *err)
{
	/* Set although find sets it whenever it succeeds: gcc's link-time optimiser of the
	 * position-independent libquiver.so cannot see that and warns. */
	const qv_variant *v = NULL;
	return find(g, key, true, &v, err) ? NULL : v;
}

qv_status qv__variant_load(const char *path, const qv_game *g, qv__game_finder finder,
                           qv_variant_problems *problems, const qv_variant **out, qv_err *err)
{
	qv_err mine;
	if (problems) {
		problems->n = 0;
		err = err ? err : &mine;
	}
	chain ch = {.find = finder,
	            .files = true,
	            .list = problems,
	            .seen = calloc(QV_VARIANT_DEPTH, PATH_MAX)};
	json_t *res = NULL;
	const qv_game *dg = NULL;
	qv_status rc = ch.seen ? resolve_file(path, g, &ch, NULL, &res, &dg, err)
	                       : qv_fail(err, QV_ENOMEM, "out of memory");
	free(ch.seen);
	if (rc) {
		json_decref(res); /* the checker's document as far as it resolved */
		/* memory running out is the one problem resolving does not list itself */
		if (problems && rc == QV_ENOMEM)
			add_problem(problems, err);
		return rc;
	}
	char what[PATH_MAX + 16];
	snprintf(what, sizeof what, "%s: resolved: ", path);
	/* the built-in set first, so that its dump is found as the built-in set */
	const qv_variant *b;
	rc = base(dg, &b, err);
	if (!rc)
		rc = enter(dg, res, false, KEEP, what, out, err);
	json_decref(res);
	/* nor does it list what comes after: the game's build, the registry full */
	if (rc && problems)
		add_problem(problems, err);
	return rc;
}

/* Loads a document (qv_variant_from_json) to live as `life` asks. */
static qv_status from_json(const json_t *doc, const qv_game *g, qv__game_finder finder,
                           const char *what, lifetime life, const qv_variant **out, qv_err *err)
{
	chain ch = {.find = finder, .files = false};
	where w = {.file = NULL, .what = what ? what : ""};
	json_t *res;
	const qv_game *dg;
	qv_status rc = resolve(doc, g, NULL, &ch, &w, &res, &dg, err);
	if (rc)
		return rc;
	char prefix[96];
	snprintf(prefix, sizeof prefix, "%s%sresolved: ", what ? what : "", what ? ": " : "");
	const qv_variant *b;
	rc = base(dg, &b, err);
	if (!rc)
		rc = enter(dg, res, false, life, prefix, out, err);
	json_decref(res);
	return rc;
}

qv_status qv__variant_from_json(const json_t *doc, const qv_game *g, qv__game_finder finder,
                                const char *what, const qv_variant **out, qv_err *err)
{
	return from_json(doc, g, finder, what, KEEP, out, err);
}

qv_status qv__variant_from_json_held(const json_t *doc, const qv_game *g, qv__game_finder finder,
                                     const char *what, qv_variant_room room, const qv_variant **out,
                                     qv_err *err)
{
	return from_json(doc, g, finder, what,
	                 room == QV_VARIANT_SHARED ? HOLD_SHARED : HOLD_RESERVED, out, err);
}

/* params with the variant's parameters added for the keys params does not give, into out
 * (which may not be params). Only the part of the list in use is copied: a game's init runs
 * this once per game, and a random playout is a few dozen actions. */
static void merge(const qv_variant *v, const qv_params *params, qv_params *out)
{
	if (params && params->n > 0)
		memcpy(out, params, offsetof(qv_params, text) + (size_t)params->used);
	else
		out->n = 0;
	for (int i = 0; v && i < v->params.n; i++) {
		const char *key = qv_params_key(&v->params, i);
		if (!qv_params_get(out, key))
			(void)qv_params_set(out, key, qv_params_value(&v->params, i), NULL);
	}
}

qv_status qv_variant_open(const qv_game *g, const qv_params *params, const qv_variant **out,
                          qv_params *merged, qv_err *err)
{
	const qv_variant *v;
	qv_status rc = find(g, params ? qv_params_get(params, "variant") : NULL, false, &v, err);
	if (rc)
		return rc;
	merge(v, params, merged);
	*out = v;
	return QV_OK;
}

void qv_variant_complete(const qv_game *g, const qv_params *params, qv_params *out)
{
	qv_params m;
	merge(g->components ? qv_variant_of_params(g, params) : NULL, params, &m);
	qv_params_complete(&m, g->params, g->nparams, out);
}

const qv_variant *qv_variant_of_params(const qv_game *g, const qv_params *params)
{
	return qv_variant_find(g, params ? qv_params_get(params, "variant") : NULL, NULL);
}

json_t *qv_variant_json(const qv_variant *v) { return json_incref(v->json); }

void qv_variant_print(const qv_variant *v, qv_buf *out)
{
	char *text = qv__json_dumps(v->json, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (text) {
		qv_buf_puts(out, text);
		qv_buf_puts(out, "\n");
	}
	free(text);
}

/* Half up: the nearest whole number to sum / n (n > 0). */
static long rounded_mean(long sum, long n) { return (2 * sum + n) / (2 * n); }

json_t *qv__variant_plain_entry(const json_t *entry, const json_t *peers, const char *const *kept,
                                int nkept, const char *const *numbers, const int *floor,
                                int nnumbers)
{
	long sum[8] = {0};
	long n = (long)json_array_size(peers);
	int arrows[QV_NDIRS] = {0};
	if (n == 0 || nnumbers > 8)
		return NULL;
	size_t i;
	const json_t *o;
	json_array_foreach(peers, i, o)
	{
		for (int f = 0; f < nnumbers; f++)
			sum[f] += (long)json_integer_value(json_object_get(o, numbers[f]));
		size_t j;
		const json_t *d;
		json_array_foreach(json_object_get(o, "arrows"), j, d)
		{
			for (int dir = 0; dir < QV_NDIRS; dir++)
				arrows[dir] += strcmp(json_string_value(d), qv_dir_names[dir]) == 0;
		}
	}
	json_t *dirs = json_array(), *plain = json_object();
	bool ok = dirs && plain;
	for (int d = 0; ok && d < QV_NDIRS; d++)
		if (2 * arrows[d] > n)
			ok = !json_array_append_new(dirs, json_string(qv_dir_names[d]));
	for (int f = 0; ok && f < nkept; f++)
		ok = !json_object_set(plain, kept[f], json_object_get(entry, kept[f]));
	for (int f = 0; ok && f < nnumbers; f++) {
		long v = rounded_mean(sum[f], n);
		ok = !json_object_set_new(plain, numbers[f],
		                          json_integer(v < floor[f] ? floor[f] : v));
	}
	ok = ok && !json_object_set(plain, "arrows", dirs);
	json_decref(dirs);
	if (!ok) {
		json_decref(plain);
		return NULL;
	}
	return plain;
}
