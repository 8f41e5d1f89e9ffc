/*
 * tables.c - the components of Evons (docs/rules/evons.md, docs/variants.md): their
 * declaration (the blocks `cards` and `decks` of data/evons/base.json and of a variant), the
 * build of the tables from a resolved document (the cards with the kind and parameters of each
 * arrow's ability, the decks as lists of card kinds, the text naming them for messages), the
 * reading of a deck parameter against those tables, the names that do not vary (elements,
 * abilities, phases, steps), the lookup of a card by its id, and what the designer's lab
 * studies: the cards, a monster ablated by a plain one in its place, a block by its removal
 * (lab.c answers the lab's questions during play).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fmt.h"
#include "evons.h"
#include "games/variant.h"
#include "quiver/variant.h"

const char *const ev_element_names[EV_NELEMENTS] = {"Fire",     "Water",  "Earth",
                                                    "Electric", "Nature", "Darkness"};
const char *const ev_element_codes[EV_NELEMENTS] = {"Fi", "Wa", "Ea", "El", "Na", "Da"};
const char *const ev_ability_names[EV_NABILITIES] = {"Normal",    "Remove", "Block",
                                                     "Firestorm", "Swap",   "Shockwave",
                                                     "Magnetism", "Growth", "Resurrection"};
/* The names of the state's enumerations, as the JSON writes them. */
const char *const ev_phase_names[EV_NPHASES] = {"mulligan", "coin", "main", "chain", "over"};
const char *const ev_step_names[EV_NSTEPS] = {"ability1", "conflicts", "ability2"};
const char *const ev_end_names[EV_NENDS] = {"none", "full", "idle", "cap"};
/* The decks the deck parameters suggest: the built-in set's (a variant may name others). */
const char *const ev_base_deck_names[3] = {EV_DEFAULT_DECK1, EV_DEFAULT_DECK2, NULL};

/* ---- the declaration ---- */

/* The words of a document, in the order of the enumerations (EV_FIRE..., EV_AB_REMOVE...). */
static const char *const element_words[EV_NELEMENTS + 1] = {
    "fire", "water", "earth", "electric", "nature", "darkness", NULL};
static const char *const ability_words[EV_NABILITIES] = {"remove", "block",        "firestorm",
                                                         "swap",   "shockwave",    "magnetism",
                                                         "growth", "resurrection", NULL};
static const char *const type_words[] = {"monster", "block", NULL};

static const qv_vfield ability_fields[] = {
    {.key = "kind", .kind = QV_VF_ENUM, .choices = ability_words},
    {.key = "points", .kind = QV_VF_INT, .optional = true, .lo = 1, .hi = EV_MAX_POINTS},
    {.key = "budget", .kind = QV_VF_INT, .optional = true, .lo = 0, .hi = EV_MAX_BUDGET},
};
#define ABILITY(d)                                                                                 \
	{                                                                                          \
		.key = d, .kind = QV_VF_OBJECT, .optional = true, .fields = ability_fields,        \
		.nfields = 3                                                                       \
	}
static const qv_vfield abilities_fields[QV_NDIRS] = {
    ABILITY("N"), ABILITY("NE"), ABILITY("E"), ABILITY("SE"),
    ABILITY("S"), ABILITY("SW"), ABILITY("W"), ABILITY("NW"),
};

static const qv_vfield card_fields[] = {
    {.key = "id", .kind = QV_VF_ID, .hi = EV_ID_MAX},
    {.key = "code", .kind = QV_VF_ID, .optional = true, .hi = EV_CODE_MAX},
    {.key = "type", .kind = QV_VF_ENUM, .choices = type_words},
    {.key = "element", .kind = QV_VF_ENUM, .choices = element_words},
    {.key = "cost", .kind = QV_VF_INT, .optional = true, .lo = 0, .hi = EV_MAX_COST},
    {.key = "atk", .kind = QV_VF_INT, .optional = true, .lo = 0, .hi = EV_MAX_STAT},
    {.key = "def", .kind = QV_VF_INT, .optional = true, .lo = 1, .hi = EV_MAX_STAT},
    {.key = "arrows", .kind = QV_VF_DIRS, .optional = true, .lo = 0, .hi = QV_NDIRS},
    {.key = "abilities",
     .kind = QV_VF_OBJECT,
     .optional = true,
     .fields = abilities_fields,
     .nfields = QV_NDIRS},
};

static const qv_vfield deck_fields[] = {
    {.key = "id", .kind = QV_VF_ID, .hi = EV_ID_MAX},
    {.key = "cards", .kind = QV_VF_IDS, .lo = EV_DECK_MIN, .hi = EV_DECK_MAX},
};

static const qv_vblock ev_blocks[] = {
    {.key = "cards",
     .kind = QV_VB_LIST,
     .id_key = "id",
     .noun = "card",
     .min = 1,
     .max = EV_MAX_KINDS,
     .fields = card_fields,
     .nfields = (int)(sizeof card_fields / sizeof card_fields[0])},
    {.key = "decks",
     .kind = QV_VB_LIST,
     .id_key = "id",
     .noun = "deck",
     .min = 0,
     .max = EV_MAX_DECKS,
     .fields = deck_fields,
     .nfields = (int)(sizeof deck_fields / sizeof deck_fields[0])},
};

/* ---- the build ---- */

static int word_of(const json_t *v, const char *const *words)
{
	for (int i = 0; words[i]; i++)
		if (json_is_string(v) && strcmp(json_string_value(v), words[i]) == 0)
			return i;
	return -1;
}

static int int_of(const json_t *o, const char *key)
{
	return (int)json_integer_value(json_object_get(o, key));
}

/* The fields a monster must have and a block must not. */
static const char *const monster_keys[] = {"code", "cost", "atk", "def", "arrows", NULL};

/* The abilities of monster k (card i of the document, o), each on an arrow of the card, with
 * points for a firestorm only and a budget for a resurrection only (its cost by default). */
static qv_status build_abilities(const json_t *o, int i, ev_kind *k, qv_variant_problems *problems,
                                 qv_err *err)
{
	const char *id = json_string_value(json_object_get(o, "id"));
	const json_t *abilities = json_object_get(o, "abilities");
	for (int d = 0; d < QV_NDIRS; d++) {
		const json_t *a = json_object_get(abilities, qv_dir_names[d]);
		if (!a)
			continue;
		if (!(k->arrows >> d & 1))
			return qv_variant_build_problem(
			    problems, err,
			    "/cards/%d/abilities/%s: \"%s\" has no arrow %s to carry it "
			    "(its arrows are the field arrows)",
			    i, qv_dir_names[d], id, qv_dir_names[d]);
		int ab = word_of(json_object_get(a, "kind"), ability_words) + 1;
		const json_t *points = json_object_get(a, "points"),
		             *budget = json_object_get(a, "budget");
		if (points && ab != EV_AB_FIRESTORM)
			return qv_variant_build_problem(
			    problems, err,
			    "/cards/%d/abilities/%s/points: only a firestorm has points", i,
			    qv_dir_names[d]);
		if (budget && ab != EV_AB_RESURRECTION)
			return qv_variant_build_problem(
			    problems, err,
			    "/cards/%d/abilities/%s/budget: only a resurrection has a budget", i,
			    qv_dir_names[d]);
		k->ability[d] = (uint8_t)ab;
		if (ab == EV_AB_FIRESTORM)
			k->param[d] = (uint8_t)(points ? json_integer_value(points) : 0);
		else if (ab == EV_AB_RESURRECTION)
			k->param[d] =
			    (uint8_t)(budget ? json_integer_value(budget) : (json_int_t)k->cost);
	}
	return QV_OK;
}

/* One card of the document (its index i) into k. */
static qv_status build_card(const json_t *o, int i, ev_kind *k, qv_variant_problems *problems,
                            qv_err *err)
{
	const char *id = json_string_value(json_object_get(o, "id"));
	bool block = word_of(json_object_get(o, "type"), type_words) == 1;
	qv_copy(k->id, sizeof k->id, id);
	k->element = (uint8_t)word_of(json_object_get(o, "element"), element_words);
	if (block) {
		for (int f = 0; monster_keys[f]; f++)
			if (json_object_get(o, monster_keys[f]))
				return qv_variant_build_problem(
				    problems, err,
				    "/cards/%d/%s: a block has no %s (only an id, its "
				    "type and its element)",
				    i, monster_keys[f], monster_keys[f]);
		if (json_object_get(o, "abilities"))
			return qv_variant_build_problem(
			    problems, err,
			    "/cards/%d/abilities: a block has no arrows, so no abilities", i);
		qv_copy(k->code, sizeof k->code, "BLOCK");
		return QV_OK;
	}
	for (int f = 0; monster_keys[f]; f++)
		if (!json_object_get(o, monster_keys[f]))
			return qv_variant_build_problem(
			    problems, err,
			    "/cards/%d: the monster \"%s\" has no \"%s\" (a monster needs "
			    "code, cost, atk, def and arrows)",
			    i, id, monster_keys[f]);
	qv_copy(k->code, sizeof k->code, json_string_value(json_object_get(o, "code")));
	k->cost = (uint8_t)int_of(o, "cost");
	k->atk = (uint8_t)int_of(o, "atk");
	k->def = (uint8_t)int_of(o, "def");
	size_t j;
	const json_t *e;
	json_array_foreach(json_object_get(o, "arrows"), j, e)
	{
		for (int d = 0; d < QV_NDIRS; d++)
			if (strcmp(json_string_value(e), qv_dir_names[d]) == 0)
				k->arrows |= (uint8_t)(1u << d);
	}
	return build_abilities(o, i, k, problems, err);
}

/* The text naming what a deck parameter accepts: the decks, then every card id. */
static qv_status build_card_form(ev_tables *T, qv_err *err)
{
	qv_buf b = {0};
	for (int i = 0; i < T->ndecks; i++)
		qv_buf_printf(&b, "%s, ", T->deck[i].id);
	qv_buf_printf(&b, "%scard ids separated by commas (", T->ndecks ? "or " : "");
	if (T->nmonsters)
		qv_buf_puts(&b, "monsters: ");
	for (int k = 0; k < T->nkinds; k++) {
		if (k == T->nmonsters)
			qv_buf_puts(&b, k ? "; blocks: " : "blocks: ");
		else if (k)
			qv_buf_puts(&b, ", ");
		qv_buf_puts(&b, T->kind[k].id);
	}
	qv_buf_puts(&b, ")");
	bool failed = b.failed;
	qv_copy(T->card_form, sizeof T->card_form, qv_buf_str(&b));
	qv_buf_free(&b);
	return failed ? qv_fail(err, QV_ENOMEM, "out of memory") : QV_OK;
}

/* The decks of the document into T, as card kinds (top of the deck first): the first problem,
 * after every other (the checker) or at once. */
static qv_status build_decks(const json_t *decks, ev_tables *T, qv_variant_problems *problems,
                             qv_err *err)
{
	size_t i;
	const json_t *o;
	qv_status rc = QV_OK;
	json_array_foreach(decks, i, o)
	{
		ev_deck *dk = &T->deck[T->ndecks++];
		const char *id = json_string_value(json_object_get(o, "id"));
		qv_status r = QV_OK;
		if (ev_find_kind(T, id) >= 0)
			r = qv_variant_build_problem(
			    problems, err,
			    "/decks/%d/id: \"%s\" is a card's id too (a deck "
			    "parameter would name both)",
			    (int)i, id);
		for (size_t j = 0; !r && j < i; j++)
			if (qv_streq_nocase(T->deck[j].id, id))
				r = qv_variant_build_problem(
				    problems, err,
				    "/decks/%d/id: \"%s\" is /decks/%d's id too, ignoring case",
				    (int)i, id, (int)j);
		if (r && !problems)
			return r;
		rc = rc ? rc : r;
		qv_copy(dk->id, sizeof dk->id, id);
		uint8_t count[EV_MAX_KINDS] = {0};
		size_t j;
		const json_t *e;
		json_array_foreach(json_object_get(o, "cards"), j, e)
		{
			int k = ev_find_kind(T, json_string_value(e));
			r = QV_OK;
			if (k < 0)
				r = qv_variant_build_problem(
				    problems, err,
				    "/decks/%d/cards/%d: no card \"%s\" in the cards", (int)i,
				    (int)j, json_string_value(e));
			else if (!ev_is_block(T, k) && ++count[k] > EV_MAX_COPIES)
				r = qv_variant_build_problem(
				    problems, err,
				    "/decks/%d/cards/%d: a %dth \"%s\"; a deck holds "
				    "at most %d copies of a monster",
				    (int)i, (int)j, count[k], T->kind[k].id, EV_MAX_COPIES);
			else
				dk->list[dk->n++] = (uint8_t)k;
			if (r && !problems)
				return r;
			rc = rc ? rc : r;
		}
	}
	return rc;
}

/* The cards of the document into T, in card-table order: the monsters in the document's
 * order, then the blocks. The first problem, after every other (the checker: problems given)
 * or at once. */
static qv_status build_cards(const json_t *cards, ev_tables *T, qv_variant_problems *problems,
                             qv_err *err)
{
	qv_status rc = QV_OK;
	for (int pass = 0; pass < 2 && (!rc || problems); pass++) {
		size_t i;
		const json_t *o;
		json_array_foreach(cards, i, o)
		{
			bool block = word_of(json_object_get(o, "type"), type_words) == 1;
			if (block != (pass == 1))
				continue;
			const char *id = json_string_value(json_object_get(o, "id"));
			int same = ev_find_kind(T, id);
			qv_status r = QV_OK;
			if (same >= 0)
				r = qv_variant_build_problem(
				    problems, err,
				    "/cards/%d/id: \"%s\" is \"%s\"'s id too, ignoring case",
				    (int)i, id, T->kind[same].id);
			else
				r = build_card(o, (int)i, &T->kind[T->nkinds], problems, err);
			rc = rc ? rc : r;
			if (r && !problems)
				break;
			if (same >= 0)
				continue;
			/* a card with a problem stays, for the checker: the decks name it */
			T->doc[T->nkinds++] = (uint8_t)i;
			if (!block)
				T->nmonsters++;
		}
	}
	return rc;
}

/* What follows from the cards: their arrows as each player sees them on the board, their costs
 * and the monsters each number of credits affords. */
static void build_costs(ev_tables *T)
{
	for (int k = 0; k < T->nkinds; k++) {
		unsigned m = T->kind[k].arrows; /* printed; a block's are none */
		T->board_arrows[0][k + 1] = (uint8_t)m;
		T->board_arrows[1][k + 1] = (uint8_t)((m << 4 | m >> 4) & 0xFF); /* turned round */
		T->cost[k] = T->kind[k].cost;
	}
	for (int c = 0; c < 256; c++)
		for (int k = 0; k < T->nmonsters; k++)
			if (T->cost[k] <= c)
				T->afford[c] |= 1u << k;
}

/* The deck parameters' defaults (params) must name decks (or card lists) of this set. */
static qv_status check_deck_params(const json_t *params, const ev_tables *T,
                                   qv_variant_problems *problems, qv_err *err)
{
	qv_status rc = QV_OK;
	const char *keys[2] = {"deck1", "deck2"}, *defs[2] = {EV_DEFAULT_DECK1, EV_DEFAULT_DECK2};
	for (int p = 0; p < 2 && (!rc || problems); p++) {
		const char *v = json_string_value(json_object_get(params, keys[p]));
		uint8_t list[EV_DECK_MAX];
		int n;
		qv_err why;
		if (ev_parse_deck(T, keys[p], v ? v : defs[p], list, &n, &why))
			rc = qv_variant_build_problem(problems, err, "/params/%s: %s%s", keys[p],
			                              v ? "" : "the default: ", why.msg);
	}
	return rc;
}

/* The cross-checks and the tables: loading stops at the first problem, the checker (problems
 * given) goes on to every other card, deck and parameter. */
static qv_status ev_build(const json_t *resolved, void **tables, qv_variant_problems *problems,
                          qv_err *err)
{
	ev_tables *T = calloc(1, sizeof *T);
	if (!T)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	const json_t *cards = json_object_get(resolved, "cards");
	qv_status rc = build_cards(cards, T, problems, err);
	build_costs(T);
	if (!rc || problems) {
		qv_status r = build_decks(json_object_get(resolved, "decks"), T, problems, err);
		rc = rc ? rc : r;
	}
	if (!rc)
		rc = build_card_form(T, err);
	if (!rc)
		rc = check_deck_params(json_object_get(resolved, "params"), T, problems, err);
	if (rc) {
		free(T);
		return rc;
	}
	*tables = T;
	return QV_OK;
}

/* ---- the lab's ablation ---- */

static bool is_block(const json_t *card)
{
	return word_of(json_object_get(card, "type"), type_words) == 1;
}

/* The plain monster that stands for monster k in its ablation: its id, code and element, no
 * ability, a cost, ATK and DEF that are the rounded means of the built-in set's monsters (but
 * one of its id: a DEF at least 1), and the arrows that more than half of them have. The
 * built-in set's, never the variant's, so that a monster planted far above the others does
 * not raise every other one's stand-in. Without another monster there, the card itself with
 * its abilities taken off. NULL when memory runs out. */
static json_t *plain_monster(const json_t *cards, const json_t *base, size_t k)
{
	static const char *const kept[] = {"id", "code", "type", "element"};
	static const char *const numbers[] = {"cost", "atk", "def"};
	static const int floor[] = {0, 0, 1};
	const json_t *card = json_array_get(cards, k);
	const char *id = json_string_value(json_object_get(card, "id"));
	json_t *peers = json_array();
	for (int pass = 0; peers && pass < 2 && json_array_size(peers) == 0; pass++) {
		size_t i;
		const json_t *o;
		json_array_foreach(pass == 0 ? base : cards, i, o)
		{
			if (is_block(o) ||
			    (pass == 0 &&
			     !strcmp(json_string_value(json_object_get(o, "id")), id)) ||
			    (pass == 1 && i != k))
				continue;
			json_array_append(peers, (json_t *)o);
		}
	}
	json_t *plain = qv__variant_plain_entry(card, peers, kept, 4, numbers, floor, 3);
	json_decref(peers);
	return plain;
}

/* The list of card ids v (a deck parameter's value that names no deck) without those equal
 * to id, into *out; QV_EINVAL when fewer than a deck's least cards would be left. */
static qv_status list_without(const char *v, const char *id, const char *where, json_t **out,
                              qv_err *err)
{
	qv_buf b = {0};
	const char *p = v;
	char tok[32];
	size_t len;
	int n = 0;
	while (qv_list_next(&p, tok, sizeof tok, &len))
		if (!qv_streq_nocase(tok, id))
			qv_buf_printf(&b, "%s%s", n++ ? "," : "", tok);
	qv_status rc = QV_OK;
	if (n < EV_DECK_MIN)
		rc = qv_fail(err, QV_EINVAL, "%s: %d cards without %s; a deck needs at least %d",
		             where, n, id, EV_DECK_MIN);
	else if (b.failed || !(*out = json_string(qv_buf_str(&b))))
		rc = qv_fail(err, QV_ENOMEM, "out of memory");
	qv_buf_free(&b);
	return rc;
}

/* Takes block `id` out of doc: out of the cards (entry k), every deck, and the deck
 * parameters that list cards. QV_EINVAL naming the deck when one would be left with fewer
 * than a deck's least cards. */
static qv_status remove_block(json_t *doc, size_t k, const char *id, qv_err *err)
{
	if (json_array_remove(json_object_get(doc, "cards"), k))
		return qv_fail(err, QV_ENOMEM, "out of memory");
	size_t i;
	json_t *deck;
	json_array_foreach(json_object_get(doc, "decks"), i, deck)
	{
		json_t *list = json_object_get(deck, "cards");
		for (size_t j = json_array_size(list); j-- > 0;)
			if (qv_streq_nocase(json_string_value(json_array_get(list, j)), id) &&
			    json_array_remove(list, j))
				return qv_fail(err, QV_ENOMEM, "out of memory");
		if (json_array_size(list) < EV_DECK_MIN)
			return qv_fail(err, QV_EINVAL,
			               "/decks/%d/cards: %zu cards without %s; a deck needs at "
			               "least %d",
			               (int)i, json_array_size(list), id, EV_DECK_MIN);
	}
	json_t *params = json_object_get(doc, "params");
	static const char *const keys[2] = {"deck1", "deck2"};
	for (int p = 0; p < 2; p++) {
		const char *v = json_string_value(json_object_get(params, keys[p]));
		bool names_deck = false;
		json_array_foreach(json_object_get(doc, "decks"), i, deck)
		{
			names_deck |=
			    v && qv_streq_nocase(v, json_string_value(json_object_get(deck, "id")));
		}
		if (!v || names_deck)
			continue;
		char where[16];
		qv_fmt(where, sizeof where, "/params/%s", keys[p]);
		json_t *list = NULL;
		qv_status rc = list_without(v, id, where, &list, err);
		if (rc)
			return rc;
		if (json_object_set_new(params, keys[p], list))
			return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	return QV_OK;
}

/* The set without card k's effect, for the lab. A monster is replaced by a plain one
 * (plain_monster: same id, code and element, no ability, the rounded means of the built-in
 * set's other monsters' cost, ATK and DEF, their majority's arrows) rather than removed: removing
 * it would shrink every deck holding it, and a deck's size sets how long a game can last; with its
 * id kept every deck and deck parameter stays valid and as long, and the difference measured is the
 * card's against an average monster. A block has no numbers to average and does nothing but wait in
 * a hand for a Block arrow: it is removed, from the cards, every deck and the deck parameters that
 * list cards (refused when a deck would be left with fewer than 5 cards). */
static json_t *ablate(const json_t *resolved, const json_t *base, int k, qv_err *err)
{
	const json_t *cards = json_object_get(resolved, "cards");
	const json_t *card = k >= 0 ? json_array_get(cards, (size_t)k) : NULL;
	if (!card) {
		qv_fail(err, QV_EINVAL, "/cards/%d: no such card; the set has %zu", k,
		        json_array_size(cards));
		return NULL;
	}
	const char *id = json_string_value(json_object_get(card, "id"));
	json_t *doc = json_deep_copy(resolved),
	       *name = qv__variant_ablated_name(resolved, id ? id : "");
	json_t *plain =
	    is_block(card) ? NULL : plain_monster(cards, json_object_get(base, "cards"), (size_t)k);
	qv_status rc = QV_OK;
	if (!doc || !name || (!is_block(card) && !plain) || json_object_set(doc, "name", name))
		rc = qv_fail(err, QV_ENOMEM, "out of memory");
	else if (plain && json_array_set(json_object_get(doc, "cards"), (size_t)k, plain))
		rc = qv_fail(err, QV_ENOMEM, "out of memory");
	else if (!plain)
		rc = remove_block(doc, (size_t)k, id ? id : "", err);
	json_decref(plain);
	json_decref(name);
	if (rc) {
		json_decref(doc);
		return NULL;
	}
	return doc;
}

/* A monster's abilities ride on its arrows ("abilities": {"N": {"kind": "firestorm"}}); each
 * kind is listed once, in the order of the directions. Dropping one makes every arrow that
 * carried it a plain (Normal) arrow. */
static int abilities(const json_t *entry, const char **out, int max)
{
	const json_t *by_dir = json_object_get(entry, "abilities");
	int n = 0;
	for (int d = 0; d < QV_NDIRS && n < max; d++) {
		const char *a = json_string_value(
		    json_object_get(json_object_get(by_dir, qv_dir_names[d]), "kind"));
		bool seen = !a;
		for (int i = 0; i < n && !seen; i++)
			seen = strcmp(out[i], a) == 0;
		if (!seen)
			out[n++] = a;
	}
	return n;
}

static void drop_ability(json_t *entry, const char *kind)
{
	json_t *by_dir = json_object_get(entry, "abilities");
	for (int d = 0; d < QV_NDIRS; d++) {
		const char *a = json_string_value(
		    json_object_get(json_object_get(by_dir, qv_dir_names[d]), "kind"));
		if (a && strcmp(a, kind) == 0)
			json_object_del(by_dir, qv_dir_names[d]);
	}
	if (by_dir && json_object_size(by_dir) == 0)
		json_object_del(entry, "abilities");
}

const qv_components ev_components = {
    .blocks = ev_blocks,
    .nblocks = (int)(sizeof ev_blocks / sizeof ev_blocks[0]),
    .build = ev_build,
    .studied = "cards",
    .component_of = ev_component_of,
    .ablate = ablate,
    .ablation_words = "made a plain monster (the built-in set's average monster, without "
                      "abilities), or a block removed from the decks",
    .held = ev_held,
    .captured = ev_captured,
    .abilities = abilities,
    .drop_ability = drop_ability,
    .board = ev_lab_board,
    .touched = ev_touched,
    .sides = (const char *const[]){"deck1", "deck2", NULL},
};

/* ---- lookups ---- */

int ev_find_kind(const ev_tables *T, const char *text)
{
	for (int k = 0; k < T->nkinds; k++)
		if (qv_streq_nocase(text, T->kind[k].id))
			return k;
	return -1;
}

qv_status ev_parse_deck(const ev_tables *T, const char *key, const char *v, uint8_t *list, int *n,
                        qv_err *err)
{
	for (int i = 0; i < T->ndecks; i++)
		if (qv_streq_nocase(v, T->deck[i].id)) {
			*n = T->deck[i].n;
			memcpy(list, T->deck[i].list, T->deck[i].n);
			return QV_OK;
		}
	uint8_t count[EV_MAX_KINDS] = {0};
	*n = 0;
	const char *p = v;
	char tok[32];
	size_t len;
	while (qv_list_next(&p, tok, sizeof tok, &len)) {
		if (len == 0)
			return qv_fail(err, QV_EINVAL,
			               "%s: an empty card id in '%.60s' (expected %s)", key, v,
			               T->card_form);
		int k = len < 31 ? ev_find_kind(T, tok) : -1;
		if (k < 0)
			return qv_fail(err, QV_EINVAL, "%s: unknown card id '%s' (expected %s)",
			               key, tok, T->card_form);
		if (*n >= EV_DECK_MAX)
			return qv_fail(err, QV_EINVAL, "%s: a deck holds at most %d cards", key,
			               EV_DECK_MAX);
		if (!ev_is_block(T, k) && ++count[k] > EV_MAX_COPIES)
			return qv_fail(
			    err, QV_EINVAL,
			    "%s: '%s' appears more than %d times (at most %d copies of a "
			    "monster in a deck)",
			    key, tok, EV_MAX_COPIES, EV_MAX_COPIES);
		list[(*n)++] = (uint8_t)k;
	}
	if (*n < EV_DECK_MIN)
		return qv_fail(err, QV_EINVAL, "%s: a deck needs %d to %d cards, this one has %d",
		               key, EV_DECK_MIN, EV_DECK_MAX, *n);
	return QV_OK;
}
