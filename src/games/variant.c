/*
 * variant.c - components as data (include/quiver/variant.h): the registry of the variants
 * loaded, whose slots the games' states hold, and the ways in: a file, a document, the
 * built-in set, a game's init opening the variant its parameters name.
 *
 * Reading a document is variant_resolve.c's (its `extends` chain and its edits block by
 * block, variant_edit.c; every value checked against the game's declaration with one wording
 * for every game, variant_check.c): a designer's typo must never pass silently into a study,
 * so unknown keys are errors too. Loading stops at the first problem; the checker
 * (qv_variant_check) goes on past each one after which something is left to check, and lists
 * them all. The resolved document is hashed here in one canonical form (compact, keys sorted),
 * so the same components have one SHA-256 however they were written, and the built-in set's
 * dump loads as the built-in set itself.
 */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/sha256.h"
#include "games/builtin.h"
#include "games/json_util.h"
#include "games/mutex.h"
#include "games/variant.h"
#include "games/variant_resolve.h"

const void *qv__variant_tables[QV_VARIANT_MAX];

/* The registry: slot 0 is never used, so a state that init did not set up names no tables.
 * Slots below registry_used are in use or free (NULL: a held variant left), and a new variant
 * takes the first free one. */
static qv__mutex registry_lock = QV__MUTEX_INIT;
static qv_variant *registry[QV_VARIANT_MAX];
static int registry_used = 1;
static int registry_count;  /* variants loaded */
static int registry_shared; /* of which loaded for clients (qv_variant.shared) */

/* ---- the registry ---- */

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
	qv__sha256_hex(text, strlen(text), v->sha256);
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
	QV__HELD(qv__mutex_held(&registry_lock));
	for (int i = 1; i < registry_used; i++) {
		qv_variant *v = registry[i];
		if (v && v->game == g && (builtin ? v->builtin : strcmp(v->sha256, sha) == 0))
			return v;
	}
	return NULL;
}

/* g's built-in document into *out: parsed from the embedded text the first time, copied from
 * the registered built-in set after. A variant is resolved on every table request a server
 * gets with one, and jansson 2.14's lexer, when an allocation fails, can drop a string's
 * closing quote and copy past the end of the text (tests/faults/fault_table.c's variant
 * request crashed in lex_scan_string): the large text is lexed once, when the process loads
 * the built-in set. */
static qv_status builtin_json(const qv_game *g, json_t **out, qv_err *err)
{
	qv__mutex_lock(&registry_lock);
	const qv_variant *loaded = find_locked(g, NULL, true);
	qv__mutex_unlock(&registry_lock);
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

/* How a variant entered by enter() is to live: kept for the process, or held in a room. */
typedef enum { KEEP, HOLD_SHARED, HOLD_RESERVED } lifetime;

/* Takes v for the caller as `life` asks, the lock held: kept for good, or one hold more. */
static void take_locked(qv_variant *v, lifetime life)
{
	QV__HELD(qv__mutex_held(&registry_lock));
	if (life == KEEP)
		v->kept = true;
	else
		v->holds++;
}

/* A free slot for a new variant of `life`, or 0 when there is none: every slot is in use, or
 * a client's variant would take one of the last QV_VARIANT_RESERVE. The lock is held. */
static int free_slot_locked(lifetime life)
{
	QV__HELD(qv__mutex_held(&registry_lock));
	if (registry_count >= QV_VARIANT_MAX - 1 ||
	    (life == HOLD_SHARED && registry_shared >= QV_VARIANT_SHARED_MAX))
		return 0;
	for (int i = 1; i < registry_used; i++)
		if (!registry[i])
			return i;
	return registry_used < QV_VARIANT_MAX ? registry_used : 0;
}

/* The game's build of res's tables under the registry's lock: every cross-check problem
 * prefixed with where_ (naming the document), in err (the first) and in problems (the
 * checker's list, NULL when loading). */
static qv_status build_tables(const qv_game *g, json_t *res, const char *where_,
                              qv_variant_problems *problems, void **tables, qv_err *err)
{
	qv_err why = {""};
	int before = problems ? problems->n : 0;
	qv_status rc = g->components->build(res, tables, problems, &why);
	if (!rc)
		return QV_OK;
	if (rc == QV_ENOMEM)
		return qv_fail(err, rc, "out of memory");
	/* the build's own problems are named by their path in the resolved document */
	for (int i = before; problems && i < problems->n && i < QV_VARIANT_PROBLEMS; i++) {
		qv_err one = problems->list[i];
		qv_fail(&problems->list[i], rc, "%s%s", where_, one.msg);
	}
	return qv_fail(err, rc, "%s%s", where_, why.msg);
}

/* Registers the resolved document res of g: the variant with its hash when one is loaded
 * already (the built-in set's dump is the built-in set), else a new one with its tables
 * built; either way taken for the caller as `life` asks. where names the document in
 * messages from build, which lists every problem in problems (the checker's; NULL:
 * loading). */
static qv_status enter(const qv_game *g, json_t *res, bool builtin, lifetime life,
                       const char *where_, qv_variant_problems *problems, const qv_variant **out,
                       qv_err *err)
{
	qv_variant *v = NULL;
	qv_status rc = make_variant(g, res, &v, err);
	if (rc)
		return rc;
	qv__mutex_lock(&registry_lock);
	qv_variant *have = find_locked(g, v->sha256, false);
	if (have) {
		take_locked(have, life);
		qv__mutex_unlock(&registry_lock);
		free_variant(v);
		*out = have;
		return QV_OK;
	}
	int slot = free_slot_locked(life);
	if (!slot) {
		bool shared = life == HOLD_SHARED && registry_count < QV_VARIANT_MAX - 1;
		qv__mutex_unlock(&registry_lock);
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
	rc = build_tables(g, res, where_, problems, &tables, err);
	if (rc) {
		qv__mutex_unlock(&registry_lock);
		free_variant(v);
		return rc;
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
	qv__mutex_unlock(&registry_lock);
	*out = v;
	return QV_OK;
}

void qv_variant_hold(const qv_variant *v)
{
	if (!v)
		return;
	qv__mutex_lock(&registry_lock);
	QV_ASSERT(v->kept || v->holds > 0); /* a variant nobody holds may be gone already */
	((qv_variant *)v)->holds++;
	qv__mutex_unlock(&registry_lock);
}

void qv_variant_release(const qv_variant *v)
{
	if (!v)
		return;
	qv_variant *w = (qv_variant *)v;
	qv__mutex_lock(&registry_lock);
	QV_ASSERT(w->holds > 0 && registry[w->slot] == w); /* one release per hold */
	bool gone = --w->holds == 0 && !w->kept;
	if (gone) {
		registry[w->slot] = NULL;
		qv__variant_tables[w->slot] = NULL;
		registry_count--;
		registry_shared -= w->shared;
	}
	qv__mutex_unlock(&registry_lock);
	if (gone)
		free_variant(w);
}

int qv_variant_loaded(bool shared)
{
	qv__mutex_lock(&registry_lock);
	int n = shared ? registry_shared : registry_count;
	qv__mutex_unlock(&registry_lock);
	return n;
}

/* g's built-in set, loaded at its first use, into *out. */
static qv_status base(const qv_game *g, const qv_variant **out, qv_err *err)
{
	if (!g->components)
		return qv_fail(err, QV_EINVAL, "%s has no components a variant may change",
		               g->title);
	qv__mutex_lock(&registry_lock);
	const qv_variant *v = find_locked(g, NULL, true);
	qv__mutex_unlock(&registry_lock);
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
	qv__chain ch = {.builtin = builtin_json, .files = false};
	char what[64];
	snprintf(what, sizeof what, "data/%s/base.json: ", g->name);
	qv__where w = {.file = NULL, .what = what};
	json_t *res;
	rc = qv__variant_resolve(doc, g, NULL, &ch, &w, &res, NULL, err);
	json_decref(doc);
	if (rc)
		return rc;
	rc = enter(g, res, true, KEEP, what, NULL, out, err);
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
	qv__mutex_lock(&registry_lock);
	qv_variant *v = g->components ? find_locked(g, key, false) : NULL;
	if (v && hold)
		take_locked(v, HOLD_RESERVED);
	qv__mutex_unlock(&registry_lock);
	if (!v) {
		char quoted[QV__SHOWN_MAX];
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
	qv__chain ch = {.find = finder,
	                .builtin = builtin_json,
	                .files = true,
	                .list = problems,
	                .seen = calloc(QV_VARIANT_DEPTH, PATH_MAX)};
	json_t *res = NULL;
	const qv_game *dg = NULL;
	qv_status rc = ch.seen ? qv__variant_resolve_file(path, g, &ch, NULL, &res, &dg, err)
	                       : qv_fail(err, QV_ENOMEM, "out of memory");
	free(ch.seen);
	if (rc) {
		json_decref(res); /* the checker's document as far as it resolved */
		/* memory running out is the one problem resolving does not list itself */
		if (problems && rc == QV_ENOMEM)
			qv__variant_problem(problems, err);
		return rc;
	}
	char what[PATH_MAX + 16];
	snprintf(what, sizeof what, "%s: resolved: ", path);
	/* the built-in set first, so that its dump is found as the built-in set */
	const qv_variant *b;
	rc = base(dg, &b, err);
	int listed = problems ? problems->n : 0;
	if (!rc)
		rc = enter(dg, res, false, KEEP, what, problems, out, err);
	json_decref(res);
	/* nor does it list what comes after but for the game's build, which lists its own: the
	 * built-in set broken, the registry full */
	if (rc && problems && problems->n == listed)
		qv__variant_problem(problems, err);
	return rc;
}

/* Loads a document (qv_variant_from_json) to live as `life` asks. */
static qv_status from_json(const json_t *doc, const qv_game *g, qv__game_finder finder,
                           const char *what, lifetime life, const qv_variant **out, qv_err *err)
{
	qv__chain ch = {.find = finder, .builtin = builtin_json, .files = false};
	qv__where w = {.file = NULL, .what = what ? what : ""};
	json_t *res;
	const qv_game *dg;
	qv_status rc = qv__variant_resolve(doc, g, NULL, &ch, &w, &res, &dg, err);
	if (rc)
		return rc;
	char prefix[96];
	snprintf(prefix, sizeof prefix, "%s%sresolved: ", what ? what : "", what ? ": " : "");
	const qv_variant *b;
	rc = base(dg, &b, err);
	if (!rc)
		rc = enter(dg, res, false, life, prefix, NULL, out, err);
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
