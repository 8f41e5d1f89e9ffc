/*
 * tables.c - the components of ConCardia (docs/variants.md): their declaration (the blocks
 * `cards` and `decks` of a set's document, checked field by field by variant.c), the build of
 * a set's tables from a resolved document (the cross-checks, then every number the hot paths
 * read, by a cell's value: the Strength, Defense and ability of each card, which cells beat
 * which, the squares each card points at from each square), the grid's tables that do not
 * vary, worked out by the compiler (neighbours, lines), the lookups by name, and what the
 * designer's lab studies: the cards, each ablated by a plain card in its place (lab.c answers
 * the lab's questions during play).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "concardia.h"
#include "core/fmt.h"
#include "games/variant.h"

const char *const cc_trait_names[4] = {"Rock", "Paper", "Scissors", NULL};
const char *const cc_type_names[4] = {"Adventurer", "Airship", "Maker", NULL};
const char *const cc_kind_names[CC_NKINDS + 1] = {
    "none", "move", "shove", "sabotage", "charge", "superior", "support", "save", NULL};
const char *const cc_phase_names[CC_NPHASES] = {"start", "coin", "action", "pay", "react", "over"};
const char *const cc_end_names[] = {"none", "points", "passes", "loss", "cap"};
const char *const cc_pend_names[] = {"none", "shove", "boost", "boost-persistent", "sabotage"};

/* ---- the declaration ---- */

/* An ability: its kind and the parameters that kind takes (the build checks which). */
static const qv_vfield ability_fields[] = {
    {.key = "kind", .kind = QV_VF_ENUM, .choices = cc_kind_names + 1},
    {.key = "cost", .kind = QV_VF_INT, .optional = true, .lo = 0, .hi = 9},
    {.key = "counters", .kind = QV_VF_INT, .optional = true, .lo = 1, .hi = CC_MAX_COUNTERS},
    {.key = "strength", .kind = QV_VF_INT, .optional = true, .lo = 1, .hi = 15},
    {.key = "defense", .kind = QV_VF_INT, .optional = true, .lo = 1, .hi = 3},
};

/* Strength and Defense are bounded by the sums the state keeps in a byte: eight arrows of
 * Strength 15 boosted by 15 are 240. A Defense of at least 1 means a capture needs a superior
 * arrow. */
static const qv_vfield card_fields[] = {
    {.key = "id", .kind = QV_VF_ID, .hi = CC_ID_MAX},
    {.key = "name", .kind = QV_VF_ID, .hi = CC_ID_MAX - 2},
    {.key = "trait", .kind = QV_VF_ENUM, .choices = cc_trait_names},
    {.key = "strength", .kind = QV_VF_INT, .lo = 0, .hi = 15},
    {.key = "defense", .kind = QV_VF_INT, .lo = 1, .hi = 15},
    {.key = "arrows", .kind = QV_VF_DIRS, .lo = 0, .hi = 8},
    {.key = "type", .kind = QV_VF_ENUM, .choices = cc_type_names},
    {.key = "ability",
     .kind = QV_VF_OBJECT,
     .optional = true,
     .fields = ability_fields,
     .nfields = (int)(sizeof ability_fields / sizeof ability_fields[0])},
};

/* A deck's size is checked by build, with the reason (the opening hand, the state's deck). */
static const qv_vfield deck_fields[] = {
    {.key = "id", .kind = QV_VF_ID, .hi = 31},
    {.key = "cards", .kind = QV_VF_IDS, .lo = 0, .hi = 2 * CC_DECK_MAX},
};

static const qv_vblock blocks[] = {
    {.key = "cards",
     .kind = QV_VB_LIST,
     .id_key = "id",
     .noun = "card",
     .min = 1,
     .max = CC_MAX_CARDS,
     .fields = card_fields,
     .nfields = (int)(sizeof card_fields / sizeof card_fields[0])},
    {.key = "decks",
     .kind = QV_VB_LIST,
     .id_key = "id",
     .noun = "deck",
     .min = 1,
     .max = CC_MAX_DECKS,
     .fields = deck_fields,
     .nfields = (int)(sizeof deck_fields / sizeof deck_fields[0])},
};

/* ---- the grid's geometry ---- */

/* Constant tables, worked out by the compiler: the square one step away in each direction
 * (N, NE, E, SE, S, SW, W, NW, as qv_dir_dx and qv_dir_dy; the unit tests compare them) and the
 * set of a square's neighbours. */
#define IN_GRID(sq, dx, dy)                                                                        \
	((sq) % 6 + (dx) >= 0 && (sq) % 6 + (dx) < 6 && (sq) / 6 + (dy) >= 0 && (sq) / 6 + (dy) < 6)
#define NB(sq, dx, dy)  (IN_GRID(sq, dx, dy) ? (sq) + 6 * (dy) + (dx) : -1)
#define BIT(sq, dx, dy) (IN_GRID(sq, dx, dy) ? 1ull << (((sq) + 6 * (dy) + (dx)) & 63) : 0)
#define NB_ROW(sq)                                                                                 \
	{                                                                                          \
		NB(sq, 0, 1), NB(sq, 1, 1), NB(sq, 1, 0), NB(sq, 1, -1), NB(sq, 0, -1),            \
		    NB(sq, -1, -1), NB(sq, -1, 0), NB(sq, -1, 1)                                   \
	}
#define ADJ(sq)                                                                                    \
	(BIT(sq, 0, 1) | BIT(sq, 1, 1) | BIT(sq, 1, 0) | BIT(sq, 1, -1) | BIT(sq, 0, -1) |         \
	 BIT(sq, -1, -1) | BIT(sq, -1, 0) | BIT(sq, -1, 1))
#define RANK(M, r)                                                                                 \
	M(6 * (r)), M(6 * (r) + 1), M(6 * (r) + 2), M(6 * (r) + 3), M(6 * (r) + 4), M(6 * (r) + 5)
#define GRID(M) RANK(M, 0), RANK(M, 1), RANK(M, 2), RANK(M, 3), RANK(M, 4), RANK(M, 5)

#define OVER(sq, dx, dy) (IN_GRID(sq, 2 * (dx), 2 * (dy)) ? BIT(sq, dx, dy) : 0)
#define OVERS(sq)                                                                                  \
	(OVER(sq, 0, 1) | OVER(sq, 1, 1) | OVER(sq, 1, 0) | OVER(sq, 1, -1) | OVER(sq, 0, -1) |    \
	 OVER(sq, -1, -1) | OVER(sq, -1, 0) | OVER(sq, -1, 1))

const int8_t cc_nb[CC_NSQ][QV_NDIRS] = {GRID(NB_ROW)};
const uint64_t cc_adj[CC_NSQ] = {GRID(ADJ)};
const uint64_t cc_over[CC_NSQ] = {GRID(OVERS)};

#undef IN_GRID
#undef NB
#undef BIT
#undef NB_ROW
#undef ADJ
#undef OVER
#undef OVERS
#undef RANK
#undef GRID

/* ---- the build ---- */

/* The parameters each kind takes, in the order messages name them. */
static const char *const kind_params[CC_NKINDS][4] = {
    [CC_AB_SHOVE] = {"cost"},
    [CC_AB_CHARGE] = {"counters", "cost", "strength"},
    [CC_AB_SUPPORT] = {"defense"},
};
static const char *const all_params[] = {"cost", "counters", "strength", "defense", NULL};

static int name_index(const char *const *names, const char *v)
{
	for (int i = 0; v && names[i]; i++)
		if (strcmp(names[i], v) == 0)
			return i;
	return -1;
}

static bool takes(int kind, const char *param)
{
	for (int i = 0; i < 4 && kind_params[kind][i]; i++)
		if (strcmp(kind_params[kind][i], param) == 0)
			return true;
	return false;
}

/* "cost", "counters, cost and strength", "nothing". */
static void param_list(int kind, char *buf, size_t len)
{
	int n = 0;
	while (n < 4 && kind_params[kind][n])
		n++;
	size_t used = 0;
	buf[0] = '\0';
	if (n == 0)
		qv_fmt(buf, len, "nothing");
	for (int i = 0; i < n && used < len; i++)
		used += (size_t)qv_fmt(buf + used, len - used, "%s%s",
		                       i == 0       ? ""
		                       : i == n - 1 ? " and "
		                                    : ", ",
		                       kind_params[kind][i]);
}

static int get_int(const json_t *o, const char *key)
{
	return (int)json_integer_value(json_object_get(o, key));
}

/* The card text of c's ability, from its kind and parameters (the rules page's words). */
static void card_text(cc_card *c)
{
	size_t n = sizeof c->text;
	switch (c->kind) {
	case CC_AB_MOVE:
		qv_fmt(c->text, n, "Action: Slide this card, or Jump it over an adjacent card.");
		break;
	case CC_AB_SHOVE:
		qv_fmt(c->text, n,
		       "Action - Cost %d: Slide a card adjacent to this card one square directly "
		       "away from it.",
		       c->cost);
		break;
	case CC_AB_SABOTAGE:
		qv_fmt(c->text, n,
		       "Immediate - Cost X: Remove an opponent card in the Play Area whose Defense "
		       "<= Power.");
		break;
	case CC_AB_CHARGE:
		qv_fmt(c->text, n,
		       "Persistent: put a Charge Counter on this card (at most %d). Action - Cost "
		       "%d: this card has +%d Strength until end of turn.",
		       c->counters, c->cost, c->boost);
		break;
	case CC_AB_SUPERIOR:
		qv_fmt(c->text, n, "Play: this card is Superior to cards of its own trait.");
		break;
	case CC_AB_SUPPORT:
		qv_fmt(c->text, n, "Play: your other cards adjacent to this card have +%d Defense.",
		       c->bonus);
		break;
	case CC_AB_SAVE:
		qv_fmt(c->text, n,
		       "Hand Reaction: when one of your cards would be captured, discard this "
		       "card: that card is not captured this Capture Step.");
		break;
	default: c->text[0] = '\0'; break;
	}
}

/* Card i of the document (every field already checked against the declaration): its
 * cross-checks and its entry. */
static qv_status read_card(const json_t *o, int i, cc_card *c, qv_variant_problems *problems,
                           qv_err *err)
{
	const char *id = json_string_value(json_object_get(o, "id"));
	const char *name = json_string_value(json_object_get(o, "name"));
	c->trait =
	    (uint8_t)name_index(cc_trait_names, json_string_value(json_object_get(o, "trait")));
	qv_fmt(c->id, sizeof c->id, "%s", id);
	qv_fmt(c->name, sizeof c->name, "%s", name);
	qv_fmt(c->code, sizeof c->code, "%-3.3s", name);
	c->strength = (uint8_t)get_int(o, "strength");
	c->defense = (uint8_t)get_int(o, "defense");
	size_t k;
	json_t *d;
	json_array_foreach(json_object_get(o, "arrows"), k, d)
	{
		int dir = name_index(qv_dir_names, json_string_value(d));
		c->arrows |= (uint8_t)(1u << (dir & 7));
	}
	c->type = (uint8_t)name_index(cc_type_names, json_string_value(json_object_get(o, "type")));
	const json_t *ab = json_object_get(o, "ability");
	if (ab) {
		int kind =
		    name_index(cc_kind_names, json_string_value(json_object_get(ab, "kind")));
		char list[64];
		param_list(kind, list, sizeof list);
		for (int p = 0; all_params[p]; p++) {
			bool has = json_object_get(ab, all_params[p]) != NULL;
			if (has && !takes(kind, all_params[p]))
				return qv_variant_build_problem(
				    problems, err, "/cards/%d/ability/%s: a %s ability takes %s", i,
				    all_params[p], cc_kind_names[kind], list);
			if (!has && takes(kind, all_params[p]))
				return qv_variant_build_problem(
				    problems, err,
				    "/cards/%d/ability: missing \"%s\" (a %s ability takes %s)", i,
				    all_params[p], cc_kind_names[kind], list);
		}
		c->kind = (uint8_t)kind;
		c->cost = (uint8_t)get_int(ab, "cost");
		c->counters = (uint8_t)get_int(ab, "counters");
		c->boost = (uint8_t)get_int(ab, "strength");
		c->bonus = (uint8_t)get_int(ab, "defense");
	}
	card_text(c);
	return QV_OK;
}

/* Deck i: 8-60 cards the set holds, each at most twice (the checker hears of every card that
 * is not). */
static qv_status read_deck(const cc_tables *T, const json_t *o, int i, cc_deck *dk,
                           qv_variant_problems *problems, qv_err *err)
{
	const json_t *cards = json_object_get(o, "cards");
	size_t n = json_array_size(cards);
	qv_fmt(dk->id, sizeof dk->id, "%s", json_string_value(json_object_get(o, "id")));
	qv_status rc = QV_OK;
	if (n < CC_DECK_MIN || n > CC_DECK_MAX) {
		rc = qv_variant_build_problem(problems, err,
		                              "/decks/%d/cards: %zu card%s; a deck needs %d-%d (%d "
		                              "drawn at the start and one to draw; %d is what a "
		                              "player's deck holds)",
		                              i, n, n == 1 ? "" : "s", CC_DECK_MIN, CC_DECK_MAX,
		                              CC_HAND, CC_DECK_MAX);
		if (!problems || n > CC_DECK_MAX)
			return rc;
	}
	int count[CC_MAX_CARDS] = {0};
	size_t k;
	json_t *v;
	json_array_foreach(cards, k, v)
	{
		int card = -1;
		for (int c = 0; c < T->ncards && card < 0; c++)
			if (strcmp(T->cards[c].id, json_string_value(v)) == 0)
				card = c;
		if (card < 0)
			rc = qv_variant_build_problem(
			    problems, err, "/decks/%d/cards/%zu: no card \"%s\" in /cards", i, k,
			    json_string_value(v));
		else if (++count[card] > 2)
			rc = qv_variant_build_problem(
			    problems, err,
			    "/decks/%d/cards/%zu: \"%s\" a third time; a deck "
			    "holds a card at most twice",
			    i, k, json_string_value(v));
		else
			dk->cards[dk->n++] = (uint8_t)card;
		if (rc && !problems)
			return rc;
	}
	return rc;
}

/* The deck parameters' defaults must name decks of the set, unless its params set them. */
static qv_status check_default_decks(const cc_tables *T, const json_t *doc,
                                     qv_variant_problems *problems, qv_err *err)
{
	qv_status rc = QV_OK;
	static const char *const keys[2] = {"deck1", "deck2"}, *const defs[2] = {"expedition",
	                                                                         "foundry"};
	const json_t *params = json_object_get(doc, "params");
	for (int p = 0; p < 2; p++) {
		if (json_object_get(params, keys[p]))
			continue;
		bool found = false;
		for (int d = 0; d < T->ndecks; d++)
			found |= strcmp(T->decks[d].id, defs[p]) == 0;
		if (!found)
			rc = qv_variant_build_problem(
			    problems, err,
			    "/decks: no deck \"%s\", the default of %s; keep "
			    "it, or set params.%s to a deck of the set",
			    defs[p], keys[p], keys[p]);
		if (rc && !problems)
			return rc;
	}
	return rc;
}

/* The squares a card with arrows A owned by `owner` points at from sq: its printed arrows
 * for p1, turned 180 degrees for p2. */
static uint64_t points_from(unsigned arrows, int owner, int sq)
{
	uint64_t m = 0;
	for (int d = 0; d < QV_NDIRS; d++) {
		int to = cc_nb[sq][owner == 0 ? d : (d + 4) % 8];
		if (arrows >> d & 1 && to >= 0)
			m |= 1ull << to;
	}
	return m;
}

/* What the hot paths read, by cell, from the cards. */
static void fill_cells(cc_tables *T)
{
	for (int c = 0; c < T->ncards; c++) {
		const cc_card *k = &T->cards[c];
		int cell = c + 1;
		T->strength[cell] = k->strength;
		T->defense[cell] = k->defense;
		if (k->defense > T->max_defense)
			T->max_defense = k->defense;
		T->boost[cell] = k->boost;
		T->bonus[cell] = k->bonus;
		T->kind[cell] = k->kind;
		T->counters[cell] = k->counters;
		T->arrows[cell] = k->arrows;
		T->cost[cell] = k->cost;
		T->of_kind[k->kind] |= 1ull << c;
		/* its trait beats theirs, or it is Superior to its own trait */
		for (int o = 0; o < T->ncards; o++)
			if (cc_beats(k->trait, T->cards[o].trait) ||
			    (k->kind == CC_AB_SUPERIOR && k->trait == T->cards[o].trait))
				T->beats[cell] |= 1ull << (o + 1);
		for (int p = 0; p < 2; p++)
			for (int sq = 0; sq < CC_NSQ; sq++)
				T->points[p][cell][sq] = points_from(k->arrows, p, sq);
		for (int o = 0; o < T->ncards; o++)
			if (strcmp(T->cards[o].name, k->name) == 0)
				T->cards[c].same_name |= 1ull << o;
		if (!(k->same_name & ((1ull << c) - 1))) {
			size_t used = strlen(T->names);
			qv_fmt(T->names + used, sizeof T->names - used, "%s%s", used ? ", " : "",
			       k->name);
		}
	}
}

/* Keeps in *rc the first failure of the checks (r one of them). */
static void keep(qv_status *rc, qv_status r)
{
	if (!*rc)
		*rc = r;
}

/* The cross-checks and the tables. Loading stops at the first problem; the checker (problems
 * given) goes on to every other card and deck, and keeps the first problem's status. */
static qv_status build(const json_t *doc, void **out, qv_variant_problems *problems, qv_err *err)
{
	cc_tables *T = calloc(1, sizeof *T);
	if (!T)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	qv_status rc = QV_OK;
	const json_t *cards = json_object_get(doc, "cards"), *decks = json_object_get(doc, "decks");
	T->ncards = (int)json_array_size(cards);
	for (int i = 0; (!rc || problems) && i < T->ncards; i++)
		keep(&rc,
		     read_card(json_array_get(cards, (size_t)i), i, &T->cards[i], problems, err));
	for (int i = 0; (!rc || problems) && i < T->ncards; i++) {
		if ((int)strlen(T->cards[i].id) > T->id_width)
			T->id_width = (int)strlen(T->cards[i].id);
		for (int j = 0; (!rc || problems) && j < i; j++)
			if (qv_streq_nocase(T->cards[i].id, T->cards[j].id))
				rc = qv_variant_build_problem(
				    problems, err,
				    "/cards/%d/id: \"%s\" is \"%s\" (/cards/%d) but for case; "
				    "moves are read in any case",
				    i, T->cards[i].id, T->cards[j].id, j);
	}
	T->ndecks = (int)json_array_size(decks);
	for (int i = 0; (!rc || problems) && i < T->ndecks; i++) {
		keep(&rc, read_deck(T, json_array_get(decks, (size_t)i), i, &T->decks[i], problems,
		                    err));
		for (int j = 0; (!rc || problems) && j < i; j++)
			if (qv_streq_nocase(T->decks[i].id, T->decks[j].id))
				rc = qv_variant_build_problem(
				    problems, err,
				    "/decks/%d/id: \"%s\" is \"%s\" (/decks/%d) but for case; "
				    "deck parameters are read in any case",
				    i, T->decks[i].id, T->decks[j].id, j);
	}
	if (!rc || problems)
		keep(&rc, check_default_decks(T, doc, problems, err));
	if (rc) {
		free(T);
		return rc;
	}
	fill_cells(T);
	*out = T;
	return QV_OK;
}

/* ---- the lab's ablation ---- */

/* The plain card that stands for card k in its ablation: its id, name, trait and type, no
 * ability, a Strength and a Defense that are the rounded means of the built-in set's cards of
 * its trait (but a card of its id: a Defense at least 1), and the arrows that more than half
 * of those cards have. The built-in set's, never the variant's: a card planted far above its
 * peers would raise the stand-in of every other card of its trait (a 15/15 Rock card made
 * every other Rock card's stand-in 3/4 rather than 2/3, and flagged nine of them). Without
 * such a card, the built-in set's other cards stand for them; without any, the card itself.
 * NULL when memory runs out. */
static json_t *plain_card(const json_t *cards, const json_t *base, size_t k)
{
	static const char *const kept[] = {"id", "name", "trait", "type"};
	static const char *const numbers[] = {"strength", "defense"};
	static const int floor[] = {0, 1};
	const json_t *card = json_array_get(cards, k);
	const char *trait = json_string_value(json_object_get(card, "trait"));
	const char *id = json_string_value(json_object_get(card, "id"));
	json_t *peers = json_array();
	for (int pass = 0; peers && pass < 3 && json_array_size(peers) == 0; pass++) {
		size_t i;
		const json_t *o;
		json_array_foreach(pass < 2 ? base : cards, i, o)
		{
			bool same = strcmp(json_string_value(json_object_get(o, "id")), id) == 0;
			if ((pass < 2 && same) ||
			    (pass == 0 &&
			     strcmp(json_string_value(json_object_get(o, "trait")), trait) != 0) ||
			    (pass == 2 && i != k))
				continue;
			json_array_append(peers, (json_t *)o);
		}
	}
	json_t *plain = qv__variant_plain_entry(card, peers, kept, 4, numbers, floor, 2);
	json_decref(peers);
	return plain;
}

/* The set without card k's effect, for the lab. Removing a card would shrink every deck that
 * holds it, and a deck's size sets how long a game can last, so the card is replaced by a
 * plain one instead (plain_card: same id, name, trait and type, no ability, the rounded means
 * of the built-in set's cards of its trait for Strength and Defense, their majority's
 * arrows): every deck and deck parameter stays valid and as long, and the difference measured
 * is the card's against an average card of its trait. */
static json_t *ablate(const json_t *resolved, const json_t *base, int k, qv_err *err)
{
	const json_t *cards = json_object_get(resolved, "cards");
	if (k < 0 || (size_t)k >= json_array_size(cards)) {
		qv_fail(err, QV_EINVAL, "/cards/%d: no such card; the set has %zu", k,
		        json_array_size(cards));
		return NULL;
	}
	const char *id = json_string_value(json_object_get(json_array_get(cards, (size_t)k), "id"));
	json_t *doc = json_deep_copy(resolved),
	       *plain = plain_card(cards, json_object_get(base, "cards"), (size_t)k),
	       *name = qv__variant_ablated_name(resolved, id ? id : "");
	if (!doc || !plain || !name ||
	    json_array_set(json_object_get(doc, "cards"), (size_t)k, plain) ||
	    json_object_set(doc, "name", name)) {
		json_decref(doc);
		doc = NULL;
		qv_fail(err, QV_ENOMEM, "out of memory");
	}
	json_decref(plain);
	json_decref(name);
	return doc;
}

/* A card's ability is {"kind": ...} with its numbers; a card without one has no text. */
static int abilities(const json_t *entry, const char **out, int max)
{
	const char *a =
	    json_string_value(json_object_get(json_object_get(entry, "ability"), "kind"));
	if (!a || max < 1)
		return 0;
	out[0] = a;
	return 1;
}

static void drop_ability(json_t *entry, const char *kind)
{
	const char *a =
	    json_string_value(json_object_get(json_object_get(entry, "ability"), "kind"));
	if (a && strcmp(a, kind) == 0)
		json_object_del(entry, "ability");
}

const qv_components cc_components = {
    .blocks = blocks,
    .nblocks = (int)(sizeof blocks / sizeof blocks[0]),
    .build = build,
    .studied = "cards",
    .component_of = cc_component_of,
    .ablate = ablate,
    .ablation_words = "made a plain card of its trait (the built-in set's average card of that "
                      "trait, without ability)",
    .held = cc_held,
    .captured = cc_captured,
    .abilities = abilities,
    .drop_ability = drop_ability,
    .board = cc_lab_board,
    .touched = cc_touched,
    .sides = (const char *const[]){"deck1", "deck2", NULL},
};

/* The board direction from a square to its neighbour, by their difference + 7. */
const int8_t cc_delta_dir[15] = {QV_SW, QV_S, QV_SE, -1, -1,    -1,   QV_W, -1,
                                 QV_E,  -1,   -1,    -1, QV_NW, QV_N, QV_NE};

int cc_board_dir(int owner, int d) { return owner == 0 ? d : (d + 4) % 8; }

int cc_find_card(const cc_tables *T, const char *text)
{
	for (int c = 0; c < T->ncards; c++)
		if (qv_streq_nocase(text, T->cards[c].id))
			return c;
	return -1;
}

const char *cc_kind_card(const cc_tables *T, int k)
{
	return T->of_kind[k] ? T->cards[__builtin_ctzll(T->of_kind[k])].name : cc_kind_names[k];
}
