/*
 * tables.c - the components of Arrow Party (docs/rules/arrow-party.md, docs/variants.md):
 * their declaration (the blocks arrows, items, stars, skulls and dice of
 * data/arrow-party/base.json and of a variant), the build of a game's ap_tables from a
 * resolved document with its cross-checks, and the tables that do not vary: the effect names,
 * the phase names and the pairs of players a bump can join. Every other file of the game reads
 * the components through ap_T(state).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "arrow_party.h"
#include "core/fmt.h"
#include "games/variant.h"

const char *const ap_effect_names[AP_NEFFECTS + 1] = {"multiply", "divide",   "subtract", "reverse",
                                                      "draw",     "dice",     "swap",     "noswap",
                                                      "nopickup", "exchange", NULL};

const char *const ap_phase_names[AP_NPHASES] = {"items", "take", "draw", "throw", "land",
                                                "roll",  "go",   "walk", "over"};
const uint8_t ap_pair_a[AP_NPAIRS] = {0, 0, 0, 0, 1, 1, 1, 2, 2, 3};
const uint8_t ap_pair_b[AP_NPAIRS] = {1, 2, 3, 4, 2, 3, 4, 3, 4, 4};

/* ---- the declaration ---- */

/* What an item is worth to the heuristic while rounds remain, over its points: what using it
 * can still do (measured with the built-in set, docs/ai.md). */
static const double effect_bonus[AP_NEFFECTS] = {
    [AP_E_MULTIPLY] = 0.5, [AP_E_DIVIDE] = 1.0, [AP_E_SUBTRACT] = 0.5, [AP_E_REVERSE] = 0.5,
    [AP_E_DICE] = 0.5,     [AP_E_SWAP] = 2.0,   [AP_E_NOPICKUP] = 1.5,
};

/* clang-format off */
static const qv_vfield arrow_fields[] = {
    {.key = "id", .kind = QV_VF_ID, .hi = AP_ID_MAX},
    {.key = "arrows", .kind = QV_VF_DIRS, .lo = 1, .hi = AP_NVALUES},
};

static const qv_vfield effect_fields[] = {
    {.key = "kind", .kind = QV_VF_ENUM, .choices = ap_effect_names},
    {.key = "factor", .kind = QV_VF_INT, .optional = true, .lo = 2, .hi = 12},
    {.key = "divisor", .kind = QV_VF_INT, .optional = true, .lo = 2, .hi = 20},
    {.key = "steps", .kind = QV_VF_INT, .optional = true, .lo = 1, .hi = 20},
    {.key = "cards", .kind = QV_VF_INT, .optional = true, .lo = 1, .hi = 5},
};

/* Each effect's parameter: its field in effect_fields, 0 when it has none. */
static const int effect_param[AP_NEFFECTS] = {
    [AP_E_MULTIPLY] = 1, [AP_E_DIVIDE] = 2, [AP_E_SUBTRACT] = 3, [AP_E_DRAW] = 4,
};

static const qv_vfield item_fields[] = {
    {.key = "id", .kind = QV_VF_ID, .hi = AP_ID_MAX},
    {.key = "effect", .kind = QV_VF_OBJECT, .fields = effect_fields,
     .nfields = (int)(sizeof effect_fields / sizeof effect_fields[0])},
    {.key = "points", .kind = QV_VF_INT, .lo = -20, .hi = 20},
    {.key = "count", .kind = QV_VF_INT, .lo = 1, .hi = AP_ITEMS_MAX},
};

static const qv_vfield ground_fields[] = {
    {.key = "points", .kind = QV_VF_INT, .lo = -50, .hi = 50},
    {.key = "per_player", .kind = QV_VF_INT, .lo = 0, .hi = 8},
};

static const qv_vfield die_fields[] = {
    {.key = "id", .kind = QV_VF_ID, .hi = AP_ID_MAX},
    {.key = "faces", .kind = QV_VF_INT, .lo = 1, .hi = AP_DIE_FACES_MAX},
    {.key = "points", .kind = QV_VF_INT, .lo = -20, .hi = 20},
    {.key = "start", .kind = QV_VF_BOOL, .optional = true},
};

#define NF(f) .fields = f, .nfields = (int)(sizeof f / sizeof f[0])
static const qv_vblock ap_blocks[] = {
    {.key = "arrows", .kind = QV_VB_LIST, .id_key = "id", .noun = "arrow card",
     .min = AP_NVALUES * 5, .max = AP_NARROWS, NF(arrow_fields)},
    {.key = "items", .kind = QV_VB_LIST, .id_key = "id", .noun = "item kind",
     .min = 1, .max = AP_NKINDS, NF(item_fields)},
    {.key = "stars", .kind = QV_VB_RECORD, NF(ground_fields)},
    {.key = "skulls", .kind = QV_VB_RECORD, NF(ground_fields)},
    {.key = "dice", .kind = QV_VB_LIST, .id_key = "id", .noun = "die",
     .min = 1, .max = AP_NDICE, NF(die_fields)},
};
#undef NF
/* clang-format on */

/* ---- the build ---- */

static int int_of(const json_t *o, const char *key)
{
	return (int)json_integer_value(json_object_get(o, key));
}

static const char *text_of(const json_t *o, const char *key)
{
	const char *t = json_string_value(json_object_get(o, key));
	return t ? t : "";
}

/* Whether id names something else already (case aside) or a word the notation reserves. */
static qv_status check_id(const char *seen[], int nseen, const char *id, const char *path,
                          qv_variant_problems *problems, qv_err *err)
{
	static const char *const reserved[] = {"star", "skull", "none", NULL};
	for (int i = 0; reserved[i]; i++)
		if (qv_streq_nocase(id, reserved[i]))
			return qv_variant_build_problem(
			    problems, err,
			    "%s: \"%s\" names a ground card or no item in the notation; "
			    "choose another id",
			    path, id);
	bool digits = true;
	for (const char *c = id; *c; c++)
		digits &= isdigit((unsigned char)*c) != 0;
	if (digits)
		return qv_variant_build_problem(
		    problems, err,
		    "%s: \"%s\" is a number, which names a stack; an id needs a letter", path, id);
	for (int i = 0; i < nseen; i++)
		if (qv_streq_nocase(seen[i], id))
			return qv_variant_build_problem(
			    problems, err,
			    "%s: \"%s\" is already the id of another card or die; ids must "
			    "differ (case aside) across arrows, items and dice",
			    path, id);
	return QV_OK;
}

static qv_status build_arrows(const json_t *list, ap_tables *T, const char **seen, int *nseen,
                              qv_variant_problems *problems, qv_err *err)
{
	int n = (int)json_array_size(list), nv[AP_NVALUES] = {0};
	int value[AP_NARROWS];
	char path[64];
	qv_status bad = QV_OK;
	for (int i = 0; i < n; i++) {
		const json_t *a = json_array_get(list, (size_t)i);
		qv_fmt(path, sizeof path, "/arrows/%d/id", i);
		qv_status rc = check_id(seen, *nseen, text_of(a, "id"), path, problems, err);
		if (rc && !problems)
			return rc;
		bad = bad ? bad : rc;
		seen[(*nseen)++] = text_of(a, "id");
		value[i] = (int)json_array_size(json_object_get(a, "arrows"));
		nv[value[i] - 1]++;
	}
	for (int v = 0; v < AP_NVALUES; v++)
		if (nv[v] < 5 || nv[v] > AP_STACK_MAX)
			return qv_variant_build_problem(
			    problems, err,
			    "/arrows: %d card%s with %d arrow%s; stack %d needs 5-%d (one "
			    "card to each of up to 5 players at set-up)",
			    nv[v], nv[v] == 1 ? "" : "s", v + 1, v ? "s" : "", v + 1, AP_STACK_MAX);
	if (bad)
		return bad;
	/* Numbered by value, table order within a value. */
	int c = 0;
	for (int v = 0; v < AP_NVALUES; v++) {
		T->first[v] = (uint8_t)c;
		T->nvalue[v] = (uint8_t)nv[v];
		for (int i = 0; i < n; i++) {
			if (value[i] != v + 1)
				continue;
			const json_t *a = json_array_get(list, (size_t)i);
			const json_t *dirs = json_object_get(a, "arrows");
			T->value[c] = (uint8_t)(v + 1);
			qv_copy(T->arrow_id[c], sizeof T->arrow_id[c], text_of(a, "id"));
			size_t len = 0;
			for (size_t j = 0; j < json_array_size(dirs); j++) {
				const char *d = json_string_value(json_array_get(dirs, j));
				int dir = qv_dir_parse(d);
				if (dir >= 0)
					T->arrows[c] |= (uint8_t)(1u << dir);
				len += (size_t)qv_fmt(T->arrow_text[c] + len,
				                      sizeof T->arrow_text[c] - len, "%s%s",
				                      j ? " " : "", d);
			}
			c++;
		}
	}
	T->narrows = c;
	return QV_OK;
}

/* Item k's effect (of kind e): its own parameter into T->param[k], and no other parameter. */
static qv_status read_effect_param(const json_t *eff, int k, int e, ap_tables *T,
                                   qv_variant_problems *problems, qv_err *err)
{
	const qv_vfield *own = effect_param[e] ? &effect_fields[effect_param[e]] : NULL;
	for (int f = 0; f < AP_NEFFECTS; f++) {
		const char *key = effect_param[f] ? effect_fields[effect_param[f]].key : NULL;
		if (!key || f == e || !json_object_get(eff, key))
			continue;
		if (!own)
			return qv_variant_build_problem(
			    problems, err, "/items/%d/effect/%s: a %s effect takes no parameter", k,
			    key, ap_effect_names[e]);
		return qv_variant_build_problem(problems, err,
		                                "/items/%d/effect/%s: a %s effect takes only %s", k,
		                                key, ap_effect_names[e], own->key);
	}
	if (own) {
		const json_t *v = json_object_get(eff, own->key);
		if (!v)
			return qv_variant_build_problem(
			    problems, err, "/items/%d/effect: a %s effect needs %s (%ld-%ld)", k,
			    ap_effect_names[e], own->key, own->lo, own->hi);
		T->param[k] = (uint8_t)json_integer_value(v);
	}
	return QV_OK;
}

static qv_status build_items(const json_t *list, ap_tables *T, const char **seen, int *nseen,
                             qv_variant_problems *problems, qv_err *err)
{
	char path[80];
	T->nkinds = (int)json_array_size(list);
	for (int k = 0; k < T->nkinds; k++) {
		const json_t *it = json_array_get(list, (size_t)k);
		const json_t *eff = json_object_get(it, "effect");
		qv_fmt(path, sizeof path, "/items/%d/id", k);
		qv_status rc = check_id(seen, *nseen, text_of(it, "id"), path, problems, err);
		if (rc && !problems)
			return rc;
		seen[(*nseen)++] = text_of(it, "id");
		int e = 0;
		while (e < AP_NEFFECTS && strcmp(ap_effect_names[e], text_of(eff, "kind")) != 0)
			e++;
		if (e == AP_NEFFECTS)
			return qv_variant_build_problem(problems, err,
			                                "/items/%d/effect/kind: not an effect", k);
		if ((rc = read_effect_param(eff, k, e, T, problems, err)))
			return rc;
		qv_copy(T->item_id[k], sizeof T->item_id[k], text_of(it, "id"));
		T->effect[k] = (uint8_t)e;
		T->emask[e] |= (uint16_t)(1u << k);
		T->item_points[k] = int_of(it, "points");
		T->count[k] = (uint8_t)int_of(it, "count");
		T->worth[k] = T->item_points[k] + effect_bonus[e];
		T->nitems += T->count[k];
	}
	if (T->nitems < AP_DEAL_ITEMS * 5 || T->narrows + T->nitems > AP_HAND_MAX)
		return qv_variant_build_problem(
		    problems, err,
		    "/items: %d item cards; the set-up deals %d to each of up to 5 "
		    "players, and a hand holds %d cards with the %d arrow cards: %d-%d",
		    T->nitems, AP_DEAL_ITEMS, AP_HAND_MAX, T->narrows, AP_DEAL_ITEMS * 5,
		    AP_HAND_MAX - T->narrows);
	/* Every use a player could list at once must fit the legal list (with ready). */
	int uses = 1;
	for (int k = 0; k < T->nkinds; k++)
		uses += T->effect[k] == AP_E_SWAP       ? 4 * T->nkinds
		        : T->effect[k] == AP_E_EXCHANGE ? 4
		        : T->effect[k] == AP_E_DICE     ? T->ndice - 1
		                                        : 1;
	if (uses > AP_MAX_ACTIONS)
		return qv_variant_build_problem(
		    problems, err,
		    "/items: a player holding every kind could have %d item uses to "
		    "choose from; at most %d fit (each swap kind adds 4 per item kind)",
		    uses, AP_MAX_ACTIONS);
	return QV_OK;
}

static qv_status build_dice(const json_t *list, ap_tables *T, const char **seen, int *nseen,
                            qv_variant_problems *problems, qv_err *err)
{
	char path[64];
	int starts = 0;
	qv_status bad = QV_OK;
	T->ndice = (int)json_array_size(list);
	for (int d = 0; d < T->ndice; d++) {
		const json_t *die = json_array_get(list, (size_t)d);
		qv_fmt(path, sizeof path, "/dice/%d/id", d);
		qv_status rc = check_id(seen, *nseen, text_of(die, "id"), path, problems, err);
		if (rc && !problems)
			return rc;
		bad = bad ? bad : rc;
		seen[(*nseen)++] = text_of(die, "id");
		qv_copy(T->die_id[d], sizeof T->die_id[d], text_of(die, "id"));
		T->die_faces[d] = int_of(die, "faces");
		T->die_points[d] = int_of(die, "points");
		if (T->die_faces[d] > T->max_faces)
			T->max_faces = T->die_faces[d];
		if (json_is_true(json_object_get(die, "start"))) {
			T->start_die = d;
			starts++;
		}
	}
	if (starts != 1)
		return qv_variant_build_problem(
		    problems, err,
		    "/dice: %d dice have \"start\": true; exactly one is the die everyone "
		    "starts with",
		    starts);
	return bad;
}

/* The cross-checks and the tables: loading stops at the first problem, the checker (problems
 * given) goes on to every id and to each of the blocks, and keeps the first problem's status. */
static qv_status ap_build(const json_t *doc, void **tables, qv_variant_problems *problems,
                          qv_err *err)
{
	ap_tables *T = calloc(1, sizeof *T);
	if (!T)
		return qv_fail(err, QV_ENOMEM, "out of memory building the Arrow Party tables");
	const char *seen[AP_NARROWS + AP_NKINDS + AP_NDICE];
	int nseen = 0;
	const json_t *stars = json_object_get(doc, "stars"),
	             *skulls = json_object_get(doc, "skulls");
	qv_status rc = build_arrows(json_object_get(doc, "arrows"), T, seen, &nseen, problems, err);
	if (!rc || problems) {
		qv_status r =
		    build_dice(json_object_get(doc, "dice"), T, seen, &nseen, problems, err);
		rc = rc ? rc : r;
	}
	if (!rc || problems) {
		qv_status r =
		    build_items(json_object_get(doc, "items"), T, seen, &nseen, problems, err);
		rc = rc ? rc : r;
	}
	if (rc) {
		free(T);
		return rc;
	}
	T->star_points = int_of(stars, "points");
	T->stars_per_player = int_of(stars, "per_player");
	T->skull_points = int_of(skulls, "points");
	T->skulls_per_player = int_of(skulls, "per_player");
	*tables = T;
	return QV_OK;
}

/* ---- the lab's ablation ---- */

/* Takes the entries of item id out of an explicit `ground` parameter of doc (a layout of
 * cell:card entries, which init refuses when a card is no item). */
static qv_status ground_without(json_t *doc, const char *id, qv_err *err)
{
	json_t *params = json_object_get(doc, "params");
	const char *ground = json_string_value(json_object_get(params, "ground"));
	if (!ground || qv_streq_nocase(ground, "random") || !*ground)
		return QV_OK;
	char kept[QV_PARAM_VALUE_MAX] = "", tok[64];
	size_t len, used = 0;
	bool cut = false;
	for (const char *rest = ground; qv_list_next(&rest, tok, sizeof tok, &len);) {
		const char *colon = strchr(tok, ':');
		if (colon && qv_streq_nocase(colon + 1, id)) {
			cut = true;
			continue;
		}
		used +=
		    (size_t)qv_fmt(kept + used, sizeof kept - used, "%s%s", used ? "," : "", tok);
	}
	if (!cut)
		return QV_OK;
	if (!used)
		return qv_fail(err, QV_EINVAL,
		               "/params/ground: lays out only %s; without it the ground would be "
		               "random",
		               id);
	if (json_object_set_new(params, "ground", json_string(kept)))
		return qv_fail(err, QV_ENOMEM, "out of memory");
	return QV_OK;
}

/* The designer's lab's set without item kind k (docs/lab.md, "Ablation"): the kind is removed,
 * with its entries of an explicit ground. No item can stay in play without an effect - every
 * effect acts, and even an item whose use did nothing would be discarded to lose its points -
 * so nothing plain replaces it; when fewer item cards than the deal's (3 for each of up to 5
 * players) would be left, the other kinds get one copy more each in turn, in table order,
 * until there are enough. The one kind of a set cannot be taken out. */
static json_t *ap_ablate(const json_t *resolved, const json_t *base, int k, qv_err *err)
{
	(void)base; /* an item kind is removed: nothing stands in for it */
	const json_t *items = json_object_get(resolved, "items");
	size_t n = json_array_size(items);
	if (k < 0 || (size_t)k >= n) {
		qv_fail(err, QV_EINVAL, "/items/%d: no such item kind (the set has %zu)", k, n);
		return NULL;
	}
	char id[AP_ID_MAX + 1];
	qv_copy(id, sizeof id, text_of(json_array_get(items, (size_t)k), "id"));
	if (n == 1) {
		qv_fail(err, QV_EINVAL,
		        "/items/0: %s is the set's only item kind; a game needs items to deal", id);
		return NULL;
	}
	json_t *doc = json_deep_copy(resolved);
	if (!doc) {
		qv_fail(err, QV_ENOMEM, "out of memory copying the items");
		return NULL;
	}
	json_object_del(doc, "extends");
	json_t *list = json_object_get(doc, "items");
	qv_status rc = json_array_remove(list, (size_t)k) ? QV_ENOMEM : QV_OK;
	int total = 0;
	for (size_t i = 0; i < n - 1; i++)
		total += int_of(json_array_get(list, i), "count");
	for (size_t i = 0; !rc && total < AP_DEAL_ITEMS * 5; i = (i + 1) % (n - 1), total++) {
		json_t *it = json_array_get(list, i);
		if (json_object_set_new(it, "count", json_integer(int_of(it, "count") + 1)))
			rc = QV_ENOMEM;
	}
	if (rc || json_object_set_new(doc, "name", qv__variant_ablated_name(doc, id))) {
		json_decref(doc);
		qv_fail(err, QV_ENOMEM, "out of memory taking item %s out", id);
		return NULL;
	}
	if (ground_without(doc, id, err)) {
		json_decref(doc);
		return NULL;
	}
	return doc;
}

const qv_components ap_components = {
    .blocks = ap_blocks,
    .nblocks = (int)(sizeof ap_blocks / sizeof ap_blocks[0]),
    .build = ap_build,
    .studied = "items",
    .component_of = ap_component_of,
    .ablate = ap_ablate,
    .ablation_words = "removed (its places on the ground with it, the other kinds topped up to "
                      "the deal's cards)",
    .held = ap_held,
    .board = ap_lab_board,
    .touched = ap_touched,
};
