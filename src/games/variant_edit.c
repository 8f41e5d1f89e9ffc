/*
 * variant_edit.c - a variant's edits applied to the set it extends: a list block replaced
 * whole or edited by remove, modify and add (always in that order), a record block's fields
 * replaced, and the document's `params` checked against the game's and merged.
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "games/variant_edit.h"

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
static qv_status unique_ids(const json_t *list, const qv_vblock *b, qv__where *w, qv_err *err)
{
	size_t i;
	const json_t *e;
	qv_status bad = QV_OK;
	json_array_foreach(list, i, e)
	{
		const char *id = json_string_value(json_object_get(e, b->id_key));
		long first = entry_index(list, b->id_key, id);
		if (first >= 0 && (size_t)first < i) {
			size_t at = qv__where_index(w, i);
			qv__where_key(w, b->id_key);
			qv_status rc = qv__where_fail(err, w, QV_EINVAL,
			                              "%s \"%s\" is listed twice (at %ld and %zu)",
			                              b->noun, id, first, i);
			qv__where_cut(w, at);
			if (!qv__where_go_on(w, rc, &bad))
				return rc;
		}
	}
	return bad;
}

/* A list block given whole: every entry checked complete, the ids unique; the copy replaces
 * resolved[b->key] and becomes *list. */
static qv_status apply_whole(json_t *resolved, const qv_vblock *b, const json_t *v, qv__where *w,
                             json_t **list, qv_err *err)
{
	size_t i;
	const json_t *e;
	qv_status rc, bad = QV_OK;
	json_array_foreach(v, i, e)
	{
		size_t at = qv__where_index(w, i);
		rc = qv__variant_check_entry(e, b->fields, b->nfields, true, b->noun, w, err);
		qv__where_cut(w, at);
		if (rc && !qv__where_go_on(w, rc, &bad))
			return rc;
	}
	rc = unique_ids(v, b, w, err);
	if (rc && !qv__where_go_on(w, rc, &bad))
		return rc;
	json_t *copy = json_deep_copy(v);
	if (!copy || json_object_set_new(resolved, b->key, copy))
		return qv_fail(err, QV_ENOMEM, "out of memory");
	*list = copy;
	return bad;
}

/* The `remove` of an edit: each id taken out of list. */
static qv_status apply_remove(json_t *list, const qv_vblock *b, const json_t *rm, qv__where *w,
                              qv_err *err)
{
	char got[QV__SHOWN_MAX];
	qv_status rc, bad = QV_OK;
	if (rm && !json_is_array(rm)) {
		rc = qv__where_fail(err, w, QV_EINVAL, "expected an array of %s ids; got %s",
		                    b->noun, qv__variant_shown(rm, got, sizeof got));
		if (!qv__where_go_on(w, rc, &bad))
			return rc;
	}
	size_t i;
	const json_t *e;
	json_array_foreach(rm, i, e)
	{
		size_t at = qv__where_index(w, i);
		long k =
		    json_is_string(e) ? entry_index(list, b->id_key, json_string_value(e)) : -1;
		rc = QV_OK;
		if (!json_is_string(e))
			rc = qv__where_fail(err, w, QV_EINVAL, "expected a %s id; got %s", b->noun,
			                    qv__variant_shown(e, got, sizeof got));
		else if (k < 0 && !w->blind)
			rc = qv__where_fail(err, w, QV_EINVAL,
			                    "no %s \"%s\" in the set this extends", b->noun,
			                    json_string_value(e));
		else if (k >= 0 && json_array_remove(list, (size_t)k))
			return qv_fail(err, QV_ENOMEM, "out of memory");
		qv__where_cut(w, at);
		if (rc && !qv__where_go_on(w, rc, &bad))
			return rc;
	}
	return bad;
}

/* The `modify` of an edit: each entry's fields that change, checked, merged into its entry of
 * list. */
static qv_status apply_modify(json_t *list, const qv_vblock *b, const json_t *mod, qv__where *w,
                              qv_err *err)
{
	char got[QV__SHOWN_MAX];
	qv_status rc, bad = QV_OK;
	if (mod && !json_is_object(mod)) {
		rc = qv__where_fail(err, w, QV_EINVAL,
		                    "expected an object of %s ids, each with the fields that "
		                    "change; got %s",
		                    b->noun, qv__variant_shown(mod, got, sizeof got));
		if (!qv__where_go_on(w, rc, &bad))
			return rc;
	}
	const char *key;
	const json_t *part;
	json_object_foreach((json_t *)mod, key, part)
	{
		size_t at = qv__where_key(w, key);
		long k = entry_index(list, b->id_key, key);
		bool ok = k >= 0;
		if (!ok && !w->blind) {
			rc = qv__where_fail(err, w, QV_EINVAL,
			                    "no %s \"%s\" in the set this extends", b->noun, key);
			if (!qv__where_go_on(w, rc, &bad))
				return rc;
		}
		rc = qv__variant_check_entry(part, b->fields, b->nfields, false, b->noun, w, err);
		if (rc) {
			ok = false;
			if (!qv__where_go_on(w, rc, &bad))
				return rc;
		}
		if (json_object_get(part, b->id_key)) {
			qv__where_key(w, b->id_key);
			rc = qv__where_fail(err, w, QV_EINVAL,
			                    "an id does not change: remove the %s and add another",
			                    b->noun);
			qv__where_cut(w, at);
			ok = false;
			if (!qv__where_go_on(w, rc, &bad))
				return rc;
		}
		if (ok) {
			json_t *patch = json_deep_copy(part);
			int failed =
			    !patch || json_object_update(json_array_get(list, (size_t)k), patch);
			json_decref(patch);
			if (failed)
				return qv_fail(err, QV_ENOMEM, "out of memory");
		}
		qv__where_cut(w, at);
	}
	return bad;
}

/* The `add` of an edit: each new entry checked complete and appended to list, unless its id is
 * taken. */
static qv_status apply_add(json_t *list, const qv_vblock *b, const json_t *add, qv__where *w,
                           qv_err *err)
{
	char got[QV__SHOWN_MAX];
	qv_status rc, bad = QV_OK;
	if (add && !json_is_array(add)) {
		rc = qv__where_fail(err, w, QV_EINVAL, "expected an array of %ss; got %s", b->noun,
		                    qv__variant_shown(add, got, sizeof got));
		if (!qv__where_go_on(w, rc, &bad))
			return rc;
	}
	size_t i;
	const json_t *e;
	json_array_foreach(add, i, e)
	{
		size_t at = qv__where_index(w, i);
		rc = qv__variant_check_entry(e, b->fields, b->nfields, true, b->noun, w, err);
		if (rc && !qv__where_go_on(w, rc, &bad))
			return rc;
		const char *id = json_string_value(json_object_get(e, b->id_key));
		bool taken = entry_index(list, b->id_key, id) >= 0;
		if (taken && !w->blind) {
			qv__where_key(w, b->id_key);
			rc = qv__where_fail(
			    err, w, QV_EINVAL,
			    "%s \"%s\" is already in the set (modify it, or remove it "
			    "first)",
			    b->noun, id);
			if (!qv__where_go_on(w, rc, &bad))
				return rc;
		}
		if (json_is_object(e) && !taken && json_array_append_new(list, json_deep_copy(e)))
			return qv_fail(err, QV_ENOMEM, "out of memory");
		qv__where_cut(w, at);
	}
	return bad;
}

/* An edit of a list block: its keys known, then remove, then modify, then add, whatever order
 * the file writes them in. */
static qv_status apply_edit(json_t *list, const qv_vblock *b, const json_t *v, qv__where *w,
                            qv_err *err)
{
	qv_status rc, bad = QV_OK;
	const char *key;
	const json_t *part;
	json_object_foreach((json_t *)v, key, part)
	{
		if (strcmp(key, "remove") && strcmp(key, "modify") && strcmp(key, "add")) {
			size_t at = qv__where_key(w, key);
			rc = qv__where_fail(
			    err, w, QV_EINVAL,
			    "unknown key; expected remove, modify or add (or the whole "
			    "list as an array)");
			qv__where_cut(w, at);
			if (!qv__where_go_on(w, rc, &bad))
				return rc;
		}
	}
	static const char *const steps[3] = {"remove", "modify", "add"};
	for (int s = 0; s < 3; s++) {
		const json_t *part_of = json_object_get(v, steps[s]);
		size_t at = qv__where_key(w, steps[s]);
		rc = s == 0   ? apply_remove(list, b, part_of, w, err)
		     : s == 1 ? apply_modify(list, b, part_of, w, err)
		              : apply_add(list, b, part_of, w, err);
		qv__where_cut(w, at);
		if (rc && !qv__where_go_on(w, rc, &bad))
			return rc;
	}
	return bad;
}

qv_status qv__variant_apply_list(json_t *resolved, const qv_vblock *b, const json_t *v,
                                 qv__where *w, qv_err *err)
{
	char got[QV__SHOWN_MAX];
	json_t *list = json_object_get(resolved, b->key);
	qv_status rc, bad = QV_OK;
	if (json_is_array(v))
		rc = apply_whole(resolved, b, v, w, &list, err);
	else if (json_is_object(v))
		rc = apply_edit(list, b, v, w, err);
	else
		return qv__where_fail(
		    err, w, QV_EINVAL,
		    "expected an array of %ss, or an object of remove, modify and "
		    "add; got %s",
		    b->noun, qv__variant_shown(v, got, sizeof got));
	if (rc && !qv__where_go_on(w, rc, &bad))
		return rc;
	/* the size of a list edited blind is not known: only a whole list's is */
	size_t n = json_array_size(list);
	if ((!w->blind || json_is_array(v)) && ((long)n < b->min || (long)n > b->max)) {
		rc = qv__where_fail(err, w, QV_EINVAL, "%zu %ss; the game takes %d to %d", n,
		                    b->noun, b->min, b->max);
		if (!qv__where_go_on(w, rc, &bad))
			return rc;
	}
	return bad;
}

/* Applies a record block: its fields replace the extended ones. */
qv_status qv__variant_apply_record(json_t *resolved, const qv_vblock *b, const json_t *v,
                                   qv__where *w, qv_err *err)
{
	qv_status rc = qv__variant_check_entry(v, b->fields, b->nfields, false, b->key, w, err);
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
qv_status qv__variant_apply_params(const qv_game *g, json_t *resolved, const json_t *v,
                                   qv__where *w, qv_err *err)
{
	char got[QV__SHOWN_MAX], text[QV_PARAM_VALUE_MAX];
	if (!json_is_object(v))
		return qv__where_fail(
		    err, w, QV_EINVAL,
		    "expected an object of the game's parameters and their values; got %s",
		    qv__variant_shown(v, got, sizeof got));
	json_t *params = json_object_get(resolved, "params");
	const char *key;
	const json_t *val;
	qv_status rc, bad = QV_OK;
	json_object_foreach((json_t *)v, key, val)
	{
		size_t at = qv__where_key(w, key);
		const qv_param_def *d =
		    strcmp(key, "variant") == 0 ? NULL : qv_param_find(g->params, g->nparams, key);
		qv_err why;
		rc = QV_OK;
		if (!d) {
			qv_param_unknown(g->params, g->nparams, key, g->name, &why);
			rc = qv__where_fail(err, w, QV_EINVAL, "%s", why.msg);
		} else if (!param_text(val, text, sizeof text)) {
			rc = qv__where_fail(err, w, QV_EINVAL,
			                    "expected a number, true, false or text; got %s",
			                    qv__variant_shown(val, got, sizeof got));
		} else if (qv_param_check(d, text, &why)) {
			rc = qv__where_fail(err, w, QV_EINVAL, "%s", why.msg);
		} else if (json_object_set_new(params, key, json_string(text))) {
			return qv_fail(err, QV_ENOMEM, "out of memory");
		}
		qv__where_cut(w, at);
		if (rc && !qv__where_go_on(w, rc, &bad))
			return rc;
	}
	return bad;
}
