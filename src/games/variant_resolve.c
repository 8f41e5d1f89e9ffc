/*
 * variant_resolve.c - a variant document resolved: its version and game, every key known, its
 * name, the set it extends (the built-in set, or a file read relative to the file naming it,
 * cycles and depth bounded), then its parameters and blocks applied in the game's order; a
 * file read whole within QV_VARIANT_BYTES, a syntax error named by line and column.
 */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "games/json_util.h"
#include "games/variant_edit.h"
#include "games/variant_resolve.h"

/* Resolves the file `from` names, relative to dir (the folder of the file naming it; "." gives
 * `from` as written). ref is where that file names it: its `extends`. Its own function, so
 * that the room for a path is taken only when a file is read, never on the small stack of a
 * server's request. */
static __attribute__((noinline)) qv_status extend_file(const char *from, const char *dir,
                                                       const qv_game *g, qv__chain *ch,
                                                       const qv__where *ref, json_t **out,
                                                       qv_err *err)
{
	char path[PATH_MAX];
	if (from[0] == '/' || !dir || strcmp(dir, ".") == 0)
		snprintf(path, sizeof path, "%s", from);
	else
		snprintf(path, sizeof path, "%s/%s", dir, from);
	return qv__variant_resolve_file(path, g, ch, ref, out, NULL, err);
}

/* The document's version and game: *game the game it is for (g when given, which it must
 * name). Without its game nothing else of a document can be checked: a problem here stops the
 * checker too (QV_EINVAL with *game NULL). */
static qv_status check_game(const json_t *doc, const qv_game *g, qv__chain *ch, qv__where *w,
                            const qv_game **game, qv_status *bad, qv_err *err)
{
	char got[QV__SHOWN_MAX];
	qv_status rc = QV_OK;
	*game = NULL;
	const json_t *ver = json_object_get(doc, "quiver_variant");
	size_t at = qv__where_key(w, "quiver_variant");
	if (!ver)
		rc = qv__where_fail(err, w, QV_EINVAL,
		                    "missing: a variant starts {\"quiver_variant\": 1, \"game\": "
		                    "...}");
	else if (!json_is_integer(ver) || json_integer_value(ver) != 1)
		rc = qv__where_fail(err, w, QV_EINVAL,
		                    "expected 1 (the only version so far); got %s",
		                    qv__variant_shown(ver, got, sizeof got));
	qv__where_cut(w, at);
	if (rc && !qv__where_go_on(w, rc, bad))
		return rc;
	const json_t *gv = json_object_get(doc, "game");
	at = qv__where_key(w, "game");
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
		return qv__where_fail(err, w, QV_EINVAL, "missing: the game this variant is for");
	if (!dg)
		return qv__where_fail(err, w, QV_EINVAL, "%s",
		                      json_is_string(gv) ? why.msg : "expected a game's name");
	if (g && dg != g)
		return qv__where_fail(err, w, QV_EINVAL,
		                      "this variant is for %s; expected one for %s", dg->name,
		                      g->name);
	if (!dg->components)
		return qv__where_fail(err, w, QV_EINVAL,
		                      "%s has no components a variant may change", dg->title);
	qv__where_cut(w, at);
	*game = dg;
	return QV_OK;
}

/* Every key of the document known: the header's and the game's blocks. */
static qv_status check_keys(const json_t *doc, const qv_components *c, qv__where *w, qv_status *bad,
                            qv_err *err)
{
	char words[600];
	const char *key;
	const json_t *v;
	json_object_foreach((json_t *)doc, key, v)
	{
		bool known = !strcmp(key, "quiver_variant") || !strcmp(key, "game") ||
		             !strcmp(key, "name") || !strcmp(key, "extends") ||
		             !strcmp(key, "params");
		for (int b = 0; b < c->nblocks && !known; b++)
			known = strcmp(c->blocks[b].key, key) == 0;
		if (known)
			continue;
		const char *list[40] = {"quiver_variant", "game", "name", "extends", "params"};
		int k = 5;
		for (int b = 0; b < c->nblocks && k < 39; b++)
			list[k++] = c->blocks[b].key;
		list[k] = NULL;
		size_t at = qv__where_key(w, key);
		qv_status rc = qv__where_fail(err, w, QV_EINVAL, "unknown key; expected one of %s",
		                              qv__variant_one_of(list, words, sizeof words));
		qv__where_cut(w, at);
		if (!qv__where_go_on(w, rc, bad))
			return rc;
	}
	return QV_OK;
}

/* The set the document extends into *res (which the caller owns): the built-in set, or the
 * file `extends` names. The checker goes on past a set it could not read: the built-in set
 * stands in for it (w->blind), so that this document's own values are still checked. */
static qv_status extended(const json_t *doc, const qv_game *g, const char *dir, qv__chain *ch,
                          qv__where *w, json_t **res, qv_status *bad, qv_err *err)
{
	char got[QV__SHOWN_MAX];
	const json_t *ext = json_object_get(doc, "extends");
	const char *from = ext ? json_string_value(ext) : "base";
	qv_status rc;
	*res = NULL;
	size_t at = qv__where_key(w, "extends");
	if (!from) {
		rc = qv__where_fail(err, w, QV_EINVAL,
		                    "expected \"base\" or the name of another variant file; got %s",
		                    qv__variant_shown(ext, got, sizeof got));
	} else if (strcmp(from, "base") == 0) {
		rc = ch->builtin(g, res, err);
		if (rc)
			return qv__variant_note(w->list, err, NULL, rc);
	} else if (!ch->files) {
		rc = qv__where_fail(err, w, QV_EINVAL,
		                    "expected \"base\" (a variant sent here may extend only the "
		                    "built-in set: send the resolved one, `quiver variant show`); "
		                    "got %s",
		                    qv__variant_shown(ext, got, sizeof got));
	} else {
		/* its messages name that file, after this one */
		rc = extend_file(from, dir, g, ch, w, res, err);
	}
	if (rc && !qv__where_go_on(w, rc, bad))
		return rc;
	if (!*res) {
		w->blind = true;
		rc = ch->builtin(g, res, err);
		if (rc)
			return qv__variant_note(w->list, err, NULL, rc);
	}
	qv__where_cut(w, at);
	return QV_OK;
}

/* Whether the document's name, if it has one, is 1 to QV_VARIANT_NAME - 1 printable bytes. */
static qv_status check_name(const json_t *doc, qv__where *w, bool *ok, qv_status *bad, qv_err *err)
{
	char got[QV__SHOWN_MAX];
	const json_t *name = json_object_get(doc, "name");
	*ok = !name || (json_is_string(name) && *json_string_value(name) &&
	                qv__variant_text_ok(json_string_value(name), QV_VARIANT_NAME - 1));
	size_t at = qv__where_key(w, "name");
	if (!*ok) {
		qv_status rc = qv__where_fail(
		    err, w, QV_EINVAL, "expected a name of 1 to %d characters; got %s",
		    QV_VARIANT_NAME - 1, qv__variant_shown(name, got, sizeof got));
		if (!qv__where_go_on(w, rc, bad))
			return rc;
	}
	qv__where_cut(w, at);
	return QV_OK;
}

/* The document's own name (name_ok: as check_name found it), parameters and blocks applied to
 * res, the set it extends. */
static qv_status apply_own(const json_t *doc, const qv_game *g, bool name_ok, json_t *res,
                           qv__where *w, qv_status *bad, qv_err *err)
{
	const json_t *name = json_object_get(doc, "name");
	size_t at;
	qv_status rc;
	json_object_del(res, "extends");
	if (json_object_set_new(res, "name",
	                        json_string(name && name_ok ? json_string_value(name) : "unnamed")))
		return qv_fail(err, QV_ENOMEM, "out of memory");
	if (!json_is_object(json_object_get(res, "params")) &&
	    json_object_set_new(res, "params", json_object()))
		return qv_fail(err, QV_ENOMEM, "out of memory");
	const json_t *params = json_object_get(doc, "params");
	at = qv__where_key(w, "params");
	rc = params ? qv__variant_apply_params(g, res, params, w, err) : QV_OK;
	qv__where_cut(w, at);
	if (rc && !qv__where_go_on(w, rc, bad))
		return rc;
	const qv_components *c = g->components;
	for (int b = 0; b < c->nblocks; b++) {
		const qv_vblock *blk = &c->blocks[b];
		const json_t *v = json_object_get(doc, blk->key);
		if (!v)
			continue;
		at = qv__where_key(w, blk->key);
		if (blk->kind == QV_VB_LIST)
			rc = qv__variant_apply_list(res, blk, v, w, err);
		else
			rc = qv__variant_apply_record(res, blk, v, w, err);
		qv__where_cut(w, at);
		if (rc && !qv__where_go_on(w, rc, bad))
			return rc;
	}
	return QV_OK;
}

qv_status qv__variant_resolve(const json_t *doc, const qv_game *g, const char *dir, qv__chain *ch,
                              qv__where *w, json_t **out, const qv_game **game, qv_err *err)
{
	char got[QV__SHOWN_MAX];
	qv_status rc, bad = QV_OK;
	*out = NULL;
	if (!json_is_object(doc))
		return qv__where_fail(err, w, QV_EINVAL,
		                      "expected an object {\"quiver_variant\": 1, \"game\": ..., "
		                      "...}; got %s",
		                      qv__variant_shown(doc, got, sizeof got));
	const qv_game *dg;
	if ((rc = check_game(doc, g, ch, w, &dg, &bad, err)) || !dg)
		return rc ? rc : bad;
	bool name_ok;
	if ((rc = check_keys(doc, dg->components, w, &bad, err)) ||
	    (rc = check_name(doc, w, &name_ok, &bad, err)))
		return rc;
	json_t *res;
	if ((rc = extended(doc, dg, dir, ch, w, &res, &bad, err))) {
		json_decref(res);
		return rc;
	}
	if ((rc = apply_own(doc, dg, name_ok, res, w, &bad, err))) {
		json_decref(res);
		return rc;
	}
	*out = res;
	if (game)
		*game = dg;
	return bad;
}

/* A problem of the file at path as a whole (it cannot be read, it closes a cycle): named by
 * its path, after ref (the `extends` that names it) when a file of the chain does. */
static qv_status file_fail(qv_err *err, const qv__chain *ch, const qv__where *ref, const char *path,
                           qv_status code, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static qv_status file_fail(qv_err *err, const qv__chain *ch, const qv__where *ref, const char *path,
                           qv_status code, const char *fmt, ...)
{
	char text[sizeof err->msg];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (ref)
		return qv__where_fail(err, ref, code, "%s: %s", path, text);
	qv_err one;
	qv_fail(&one, code, "%s: %s", path, text);
	return qv__variant_note(ch->list, &one, err, code);
}

/* Reads a file of at most QV_VARIANT_BYTES into a NUL-terminated buffer. */
static qv_status read_file(const char *path, const qv__chain *ch, const qv__where *ref, char **out,
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

/* Whether the file at path may join the chain of files extending one another: its real path
 * (into real, PATH_MAX bytes) not already in it (a cycle), and the chain not at its deepest. */
static qv_status chain_room(const char *path, const qv__chain *ch, const qv__where *ref, char *real,
                            qv_err *err)
{
	if (!realpath(path, real))
		return file_fail(err, ch, ref, path, QV_EIO, "cannot open: %s", strerror(errno));
	for (int i = 0; i < ch->depth; i++)
		if (strcmp(ch->seen[i], real) == 0)
			return file_fail(err, ch, ref, path, QV_EINVAL,
			                 "extends itself through the files it extends (a cycle)");
	if (ch->depth == QV_VARIANT_DEPTH)
		return file_fail(err, ch, ref, path, QV_EINVAL,
		                 "more than %d files extend one another", QV_VARIANT_DEPTH);
	return QV_OK;
}

/* Names the resolved variant *out after its file (path without folder and extension); on
 * running out of memory frees it. */
static qv_status name_after_file(const char *path, json_t **out, qv_err *err)
{
	char base[PATH_MAX], stem[QV_VARIANT_NAME];
	snprintf(base, sizeof base, "%s", path);
	snprintf(stem, sizeof stem, "%s", basename(base));
	char *dot = strrchr(stem, '.');
	if (dot && dot != stem)
		*dot = '\0';
	if (json_object_set_new(*out, "name", json_string(stem))) {
		json_decref(*out);
		*out = NULL;
		return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	return QV_OK;
}

/* Reads and resolves the variant file at path. ref is where the file extending it names it
 * (its `extends`), NULL for the file loaded: a file that cannot be read, or that closes a
 * cycle, is a problem of that place. */
qv_status qv__variant_resolve_file(const char *path, const qv_game *g, qv__chain *ch,
                                   const qv__where *ref, json_t **out, const qv_game **game,
                                   qv_err *err)
{
	*out = NULL;
	char real[PATH_MAX];
	char *text = NULL;
	size_t len = 0;
	qv_status rc;
	if ((rc = chain_room(path, ch, ref, real, err)) ||
	    (rc = read_file(path, ch, ref, &text, &len, err)))
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
		return qv__variant_note(ch->list, &one, err, rc);
	}
	snprintf(ch->seen[ch->depth++], PATH_MAX, "%s", real);
	const char *by = ch->by;
	ch->by = label;
	char dirbuf[PATH_MAX];
	snprintf(dirbuf, sizeof dirbuf, "%s", path);
	qv__where w = {.file = label, .list = ch->list};
	rc = qv__variant_resolve(doc, g, dirname(dirbuf), ch, &w, out, game, err);
	ch->by = by;
	ch->depth--;
	bool named = json_object_get(doc, "name") != NULL;
	json_decref(doc);
	/* a document without a name takes its file's */
	if (!rc && !named)
		rc = name_after_file(path, out, err);
	return rc;
}
