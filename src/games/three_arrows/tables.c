/*
 * tables.c - the components of THREE ARROWS: their declaration (the blocks a variant may
 * change: pieces, player, die; docs/variants.md), the build of a game's tables from a resolved
 * document (data/three-arrows/base.json for the built-in set), the tables that do not vary,
 * and lookups by letter.
 *
 * A piece kind is a letter, a name, a count in each holder, the arrows it shows facing N (a
 * direction listed twice is an arrow that counts 2, as the Double's) and optionally an
 * ability. Build turns them into everything the rules read per kind, facing and square:
 * arrows per direction, the distinct facings and the canonical one, the directions with an
 * arrow, the squares pointed at on the 8x8 frame, and the placements per square of every set
 * of kinds; so the hot paths cost what they cost with constant tables. Turning a piece a
 * quarter turn clockwise moves every direction two places on.
 */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fmt.h"
#include "games/variant.h"
#include "three_arrows.h"

/* ---- the declaration ---- */

/* The engine's abilities of a piece: "terminator", the rules of the Terminator (placed last,
 * then only such pieces; no advance after a capture; never covered). */
static const char *const abilities[] = {"terminator", NULL};

static const qv_vfield piece_fields[] = {
    {.key = "kind", .kind = QV_VF_ID, .hi = 1},
    {.key = "name", .kind = QV_VF_TEXT, .hi = TA_NAME_MAX},
    {.key = "count", .kind = QV_VF_INT, .lo = 0, .hi = TA_MAX_PIECES},
    {.key = "arrows", .kind = QV_VF_DIRS, .lo = 1, .hi = 16, .repeats = true},
    {.key = "ability", .kind = QV_VF_ENUM, .optional = true, .choices = abilities},
};

static const qv_vfield player_fields[] = {
    {.key = "covers", .kind = QV_VF_INT, .lo = 0, .hi = TA_MAX_PIECES},
    {.key = "shields", .kind = QV_VF_INT, .lo = 0, .hi = TA_MAX_PIECES},
    {.key = "bonus", .kind = QV_VF_INT, .lo = 0, .hi = TA_MAX_START_BONUS},
};

static const qv_vfield die_fields[] = {
    {.key = "faces",
     .kind = QV_VF_INTS,
     .lo = 1,
     .hi = TA_MAX_FACES,
     .min = TA_DIE_LO,
     .max = TA_DIE_HI},
};

#define NFIELDS(a) ((int)(sizeof a / sizeof a[0]))

static const qv_vblock blocks[] = {
    {.key = "pieces",
     .kind = QV_VB_LIST,
     .id_key = "kind",
     .noun = "piece",
     .min = 1,
     .max = TA_MAX_KINDS,
     .fields = piece_fields,
     .nfields = NFIELDS(piece_fields)},
    {.key = "player",
     .kind = QV_VB_RECORD,
     .fields = player_fields,
     .nfields = NFIELDS(player_fields)},
    {.key = "die", .kind = QV_VB_RECORD, .fields = die_fields, .nfields = NFIELDS(die_fields)},
};

/* ---- the build ---- */

static const char *const dir_names[QV_NDIRS] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

/* The arrows of one kind facing N (counts per direction) into T->arrows[k] in every facing,
 * and what follows from them. */
static void build_kind(ta_tables *T, int k, const uint8_t *north)
{
	for (int f = 0; f < 4; f++)
		for (int d = 0; d < QV_NDIRS; d++)
			T->arrows[TA_KF_OF(k, f)][d] = north[(d - 2 * f + QV_NDIRS) % QV_NDIRS];
	for (int f = 0; f < 4; f++) {
		int g = 0;
		while (memcmp(T->arrows[TA_KF_OF(k, g)], T->arrows[TA_KF_OF(k, f)], QV_NDIRS) != 0)
			g++;
		T->canon_facing[k][f] = (uint8_t)g;
		T->nfacings[k] = (uint8_t)(T->nfacings[k] + (g == f));
		unsigned bits = 0;
		for (int d = 0; d < QV_NDIRS; d++)
			bits |= (T->arrows[TA_KF_OF(k, f)][d] > 0) << d;
		T->dirbits[TA_KF_OF(k, f)] = (uint8_t)bits;
		for (int sq = 0; sq < TA_MAX_SQ; sq++) {
			uint64_t r = 0;
			for (int d = 0; d < QV_NDIRS; d++)
				if (bits >> d & 1)
					r |= ta_shift(1ull << sq, d);
			T->reach[TA_KF_OF(k, f)][sq] = r;
		}
	}
}

/* Appends "a, b or c" (sep: ", ", then last before the final item) of item i of n. */
static void list_add(char *buf, size_t len, int i, int n, const char *last, const char *item)
{
	size_t used = strlen(buf);
	qv_fmt(buf + used, len - used, "%s%s", i == 0 ? "" : i == n - 1 ? last : ", ", item);
}

/* Piece k of the variant, its entry e, into T: its letter, name, count, arrows and ability.
 * The first problem, after every other (the checker: problems given) or at once. */
static qv_status build_piece(ta_tables *T, int k, const json_t *e, qv_variant_problems *problems,
                             qv_err *err)
{
	const char *kind = json_string_value(json_object_get(e, "kind"));
	const char *name = json_string_value(json_object_get(e, "name"));
	qv_status r = QV_OK;
	if (!kind || !isupper((unsigned char)kind[0]) || kind[1])
		r = qv_variant_build_problem(problems, err,
		                             "/pieces/%d/kind: expected one capital letter A to "
		                             "Z (the piece's letter in the notation); got \"%s\"",
		                             k, kind ? kind : "");
	for (int j = 0; j < k; j++)
		if (qv_streq_nocase(T->names[j], name))
			r = qv_variant_build_problem(
			    problems, err,
			    "/pieces/%d/name: \"%s\" is the name of piece %c "
			    "too; a name names one piece",
			    k, name, T->letters[j]);
	if (r && !problems)
		return r;
	T->letters[k] = kind && r == QV_OK ? kind[0] : '?';
	qv_fmt(T->names[k], sizeof T->names[k], "%s", name);
	T->copies[k] = (uint8_t)json_integer_value(json_object_get(e, "count"));
	uint8_t north[QV_NDIRS] = {0};
	size_t j;
	const json_t *a;
	json_array_foreach(json_object_get(e, "arrows"), j, a)
	{
		for (int d = 0; d < QV_NDIRS; d++)
			if (strcmp(json_string_value(a), dir_names[d]) == 0)
				north[d]++;
	}
	build_kind(T, k, north);
	const char *ability = json_string_value(json_object_get(e, "ability"));
	if (ability && strcmp(ability, "terminator") == 0)
		T->last |= 1u << k;
	T->pieces += T->copies[k];
	return r;
}

/* The lists of letters and of the last pieces (Terminators) named in messages, and the count
 * of the other pieces. */
static void name_lists(ta_tables *T)
{
	int nlast = __builtin_popcount(T->last), at = 0;
	for (int k = 0; k < T->nkinds; k++) {
		char item[TA_NAME_MAX + 8];
		char letter[2] = {T->letters[k], 0};
		list_add(T->letter_list, sizeof T->letter_list, k, T->nkinds, " or ", letter);
		if (!(T->last >> k & 1)) {
			T->others += T->copies[k];
			continue;
		}
		list_add(T->last_names, sizeof T->last_names, at, nlast, " or ", T->names[k]);
		qv_fmt(item, sizeof item, "%ss", T->names[k]);
		list_add(T->last_plural, sizeof T->last_plural, at, nlast, " or ", item);
		qv_fmt(item, sizeof item, "%s (%c)", T->names[k], T->letters[k]);
		list_add(T->last_codes, sizeof T->last_codes, at++, nlast, " or ", item);
	}
}

/* What the move generator looks up: which placing forms exist (2: a last piece), and how many
 * placings a set of kinds gives on one square, covered or not. */
static void place_tables(ta_tables *T)
{
	for (int form = 0; form < 1 << 7; form++) {
		int f = form & 3, k = form >> 2 & 7, cov = form >> 5 & 1;
		bool ok = k < T->nkinds && T->canon_facing[k][f] == f &&
		          (!cov || (T->coverable >> k & 1));
		T->place_form[form] = (uint8_t)(!ok ? 0 : (T->last >> k & 1) ? 2 : 1);
	}
	for (int cov = 0; cov < 2; cov++)
		for (unsigned m = 0; m < 1u << TA_MAX_KINDS; m++) {
			int n = 0;
			for (int k = 0; k < T->nkinds; k++)
				if (m >> k & 1)
					n +=
					    T->nfacings[k] * (1 + (cov && (T->coverable >> k & 1)));
			T->place_opts[cov][m] = (uint8_t)n;
		}
}

/* The pieces into T: the first problem, after every other (the checker: problems given) or at
 * once. */
static qv_status build_pieces(ta_tables *T, const json_t *pieces, qv_variant_problems *problems,
                              qv_err *err)
{
	size_t i;
	const json_t *e;
	qv_status rc = QV_OK;
	T->nkinds = (int)json_array_size(pieces);
	json_array_foreach(pieces, i, e)
	{
		qv_status r = build_piece(T, (int)i, e, problems, err);
		if (r && !problems)
			return r;
		rc = rc ? rc : r;
	}
	T->letters[T->nkinds] = '\0';
	T->coverable = ((1u << T->nkinds) - 1) & ~T->last;
	qv_status r = QV_OK;
	if (T->pieces == 0)
		r = qv_variant_build_problem(
		    problems, err,
		    "/pieces: every count is 0; each player needs at least "
		    "one piece");
	if (T->pieces > TA_MAX_PIECES)
		r = qv_variant_build_problem(problems, err,
		                             "/pieces: %d pieces for each player (the counts added "
		                             "up); at most %d, the squares of the largest board",
		                             T->pieces, TA_MAX_PIECES);
	if (rc || r)
		return rc ? rc : r;
	name_lists(T);
	place_tables(T);
	return QV_OK;
}

static void build_die(ta_tables *T, const json_t *faces)
{
	int count[TA_MAX_CHANCE] = {0};
	size_t i;
	const json_t *e;
	json_array_foreach(faces, i, e) count[TA_DIE_HI - json_integer_value(e)]++;
	T->nfaces = (int)json_array_size(faces);
	for (int v = 0; v < TA_MAX_CHANCE; v++)
		if (count[v]) {
			T->value[T->nvalues] = (int8_t)(TA_DIE_HI - v);
			T->weight[T->nvalues] = (uint8_t)count[v];
			T->prob[T->nvalues++] = (double)count[v] / T->nfaces;
		}
}

static qv_status ta_build(const json_t *resolved, void **tables, qv_variant_problems *problems,
                          qv_err *err)
{
	ta_tables *T = calloc(1, sizeof *T);
	if (!T)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	qv_status rc = build_pieces(T, json_object_get(resolved, "pieces"), problems, err);
	if (rc) {
		free(T);
		return rc;
	}
	const json_t *player = json_object_get(resolved, "player");
	T->covers = (uint8_t)json_integer_value(json_object_get(player, "covers"));
	T->shields = (uint8_t)json_integer_value(json_object_get(player, "shields"));
	T->bonus = (uint8_t)json_integer_value(json_object_get(player, "bonus"));
	build_die(T, json_object_get(json_object_get(resolved, "die"), "faces"));
	*tables = T;
	return QV_OK;
}

/* ---- the lab's ablation ---- */

/* The designer's lab's set without piece kind k (docs/lab.md, "Ablation"): the kind is
 * removed, as long as the other kinds leave each player a piece; when it holds every piece of
 * the set, it becomes a plain piece instead, with the same letter, name and count, one arrow N
 * and no ability: the weakest piece a set can have, so that the game keeps its placements. */
static json_t *ta_ablate(const json_t *resolved, const json_t *base, int k, qv_err *err)
{
	(void)base; /* a kind is removed, or made the plainest piece: no numbers to average */
	const json_t *pieces = json_object_get(resolved, "pieces");
	if (!json_is_array(pieces) || k < 0 || (size_t)k >= json_array_size(pieces)) {
		qv_fail(err, QV_EINVAL, "/pieces/%d: no such piece kind (the set has %zu)", k,
		        json_array_size(pieces));
		return NULL;
	}
	json_t *doc = json_deep_copy(resolved);
	if (!doc) {
		qv_fail(err, QV_ENOMEM, "out of memory copying the pieces");
		return NULL;
	}
	json_object_del(doc, "extends");
	json_t *list = json_object_get(doc, "pieces"), *piece = json_array_get(list, (size_t)k);
	char id[8];
	qv_copy(id, sizeof id, json_string_value(json_object_get(piece, "kind")));
	json_int_t others = 0;
	for (size_t i = 0; i < json_array_size(list); i++)
		if (i != (size_t)k)
			others +=
			    json_integer_value(json_object_get(json_array_get(list, i), "count"));
	int rc;
	if (others > 0) {
		rc = json_array_remove(list, (size_t)k);
	} else {
		rc = json_object_set_new(piece, "arrows", json_pack("[s]", "N"));
		json_object_del(piece, "ability");
	}
	if (rc || json_object_set_new(doc, "name", qv__variant_ablated_name(doc, id))) {
		json_decref(doc);
		qv_fail(err, QV_ENOMEM, "out of memory taking piece %s out", id);
		return NULL;
	}
	return doc;
}

/* A piece kind's ability is a word ("ability": "terminator"); without it the kind is an
 * ordinary piece with the same arrows. */
static int ta_abilities(const json_t *entry, const char **out, int max)
{
	const char *a = json_string_value(json_object_get(entry, "ability"));
	if (!a || max < 1)
		return 0;
	out[0] = a;
	return 1;
}

static void ta_drop_ability(json_t *entry, const char *kind)
{
	const char *a = json_string_value(json_object_get(entry, "ability"));
	if (a && strcmp(a, kind) == 0)
		json_object_del(entry, "ability");
}

const qv_components ta_components = {
    .blocks = blocks,
    .nblocks = NFIELDS(blocks),
    .build = ta_build,
    .studied = "pieces",
    .component_of = ta_component_of,
    .ablate = ta_ablate,
    .ablation_words = "removed from the set (or made a plain one-arrow piece when it holds "
                      "every piece)",
    .held = ta_held,
    .captured = ta_captured,
    .abilities = ta_abilities,
    .drop_ability = ta_drop_ability,
    .board = ta_lab_board,
    .touched = ta_touched,
};

int ta_kind_of_letter(const ta_tables *T, int c)
{
	for (int k = 0; k < T->nkinds; k++)
		if (toupper(c) == T->letters[k])
			return k;
	return -1;
}

const char *ta_die_text(int value, char *buf)
{
	qv_fmt(buf, 4, value > 0 ? "+%d" : "%d", value);
	return buf;
}

const char *ta_die_list(const ta_tables *T, bool quoted, char *buf, size_t len)
{
	buf[0] = '\0';
	for (int i = 0; i < T->nvalues; i++) {
		char v[4], item[16];
		qv_fmt(item, sizeof item, quoted ? "'die %s'" : "die %s",
		       ta_die_text(T->value[i], v));
		list_add(buf, len, i, T->nvalues, " or ", item);
	}
	return buf;
}

/* ---- what does not vary ---- */

const char *const ta_side_names[TA_NSIDES] = {"S", "N", "W", "E"};
const char *const ta_facing_names[4] = {"N", "E", "S", "W"};
const char *const ta_phase_names[] = {"start", "main", "defend", "die", "capture", "over"};
