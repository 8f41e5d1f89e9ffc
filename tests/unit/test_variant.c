/*
 * test_variant.c - variants (src/games/variant.c) on a game of the tests' own: the test game
 * HIGH CARD given components (cards with a strength, arrows, a kind and an ability; a die), so
 * that the loader, its edits and every kind of error are checked apart from any real game.
 * One test per kind of error, each asserting the exact path and words of its message; then
 * extends chains and cycles in files, the checker's list of every problem of a file (a chain
 * named, a missing `extends` file named where it is named, the first 20 of more), the registry (the
 * built-in set's dump is the built-in set, a variant once loaded is found by its hash), and
 * parameters as defaults.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "../support/tmpdir.h"
#include "quiver/match.h"
#include "quiver/variant.h"
#include "testgame.h"

/* ---- the test game's components ---- */

static const char *const kinds[] = {"plain", "boss", NULL};
static const char *const abilities[] = {"shove", "heal", NULL};
static const qv_vfield ability_fields[] = {
    {.key = "kind", .kind = QV_VF_ENUM, .choices = abilities},
    {.key = "cost", .kind = QV_VF_INT, .lo = 0, .hi = 5},
};
static const qv_vfield card_fields[] = {
    {.key = "id", .kind = QV_VF_ID},
    {.key = "name", .kind = QV_VF_TEXT, .hi = 30},
    {.key = "strength", .kind = QV_VF_INT, .lo = 0, .hi = 9},
    {.key = "arrows", .kind = QV_VF_DIRS, .lo = 1, .hi = 8},
    {.key = "kind", .kind = QV_VF_ENUM, .choices = kinds},
    {.key = "ability",
     .kind = QV_VF_OBJECT,
     .optional = true,
     .fields = ability_fields,
     .nfields = 2},
};
static const qv_vfield die_fields[] = {
    {.key = "faces", .kind = QV_VF_INTS, .lo = 2, .hi = 6, .min = -3, .max = 3},
};
static const qv_vblock blocks[] = {
    {.key = "cards",
     .kind = QV_VB_LIST,
     .id_key = "id",
     .noun = "card",
     .min = 2,
     .max = 6,
     .fields = card_fields,
     .nfields = 6},
    {.key = "die", .kind = QV_VB_RECORD, .fields = die_fields, .nfields = 1},
};

/* The game's cross-check: a boss card needs an ability (the game's own rule, as a real game's
 * "abilities that exist"); the tables are the strengths' sum. */
static qv_status build(const json_t *res, void **tables, qv_variant_problems *problems, qv_err *err)
{
	const json_t *cards = json_object_get(res, "cards");
	size_t i;
	const json_t *c;
	int *sum = calloc(1, sizeof *sum);
	if (!sum)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	qv_status rc = QV_OK;
	json_array_foreach(cards, i, c)
	{
		if (strcmp(json_string_value(json_object_get(c, "kind")), "boss") == 0 &&
		    !json_object_get(c, "ability")) {
			rc = qv_variant_build_problem(
			    problems, err, "/cards/%zu: a boss card needs an ability", i);
			if (!problems)
				break;
		}
		*sum += (int)json_integer_value(json_object_get(c, "strength"));
	}
	if (rc) {
		free(sum);
		return rc;
	}
	*tables = sum;
	return QV_OK;
}

static const char base_text[] =
    "{\"quiver_variant\": 1, \"game\": \"vtest\", \"name\": \"base\", \"params\": {},"
    " \"cards\": ["
    "  {\"id\": \"ace\", \"name\": \"Ace\", \"strength\": 5, \"arrows\": [\"N\"], \"kind\": \"plain\"},"
    "  {\"id\": \"king\", \"name\": \"King\", \"strength\": 4, \"arrows\": [\"N\", \"S\"],"
    "   \"kind\": \"boss\", \"ability\": {\"kind\": \"shove\", \"cost\": 1}},"
    "  {\"id\": \"jack\", \"name\": \"Jack\", \"strength\": 2, \"arrows\": [\"E\"], \"kind\": \"plain\"}"
    " ],"
    " \"die\": {\"faces\": [-1, 0, 1]}}";

static const qv_components components = {
    .base = base_text, .blocks = blocks, .nblocks = 2, .build = build};

static qv_game game; /* the test game, named vtest, with these components */
static qv_param_def params[8];

/* The test game's init, opening its variant as a real game's does (qv_variant_open) and
 * handing HIGH CARD the other parameters. */
static qv_status vt_init(void *st, const qv_params *given, uint64_t seed, qv_err *err)
{
	const qv_variant *v;
	qv_params merged, rest = {0};
	qv_status rc = qv_variant_open(&game, given, &v, &merged, err);
	for (int i = 0; !rc && i < merged.n; i++)
		if (strcmp(qv_params_key(&merged, i), "variant") != 0)
			rc = qv_params_set(&rest, qv_params_key(&merged, i),
			                   qv_params_value(&merged, i), err);
	return rc ? rc : qv_test_game.init(st, &rest, seed, err);
}

static int setup(void **unused)
{
	(void)unused;
	game = qv_test_game;
	game.init = vt_init;
	game.name = "vtest";
	game.components = &components;
	/* its parameters and `variant` */
	for (int i = 0; i < qv_test_game.nparams; i++)
		params[i] = qv_test_game.params[i];
	params[qv_test_game.nparams] = (qv_param_def)QV_VARIANT_PARAM;
	game.params = params;
	game.nparams = qv_test_game.nparams + 1;
	return 0;
}

/* Loads doc (JSON text) as a client's document. */
static qv_status from_text(const char *doc, const qv_variant **v, qv_err *err)
{
	json_error_t jerr;
	json_t *j = json_loads(doc, 0, &jerr);
	assert_non_null(j);
	qv_status rc = qv_variant_from_json(j, &game, "variant", v, err);
	json_decref(j);
	return rc;
}

/* Asserts that doc is refused with exactly message. */
static void refused(const char *doc, const char *message)
{
	const qv_variant *v;
	qv_err err;
	assert_int_equal(from_text(doc, &v, &err), QV_EINVAL);
	assert_string_equal(err.msg, message);
}

#define HEAD "{\"quiver_variant\": 1, \"game\": \"vtest\", \"name\": \"t\", "

/* ---- one test per kind of error ---- */

static void test_unknown_key(void **unused)
{
	(void)unused;
	refused(HEAD "\"cardz\": []}",
	        "variant/cardz: unknown key; expected one of quiver_variant, game, name, extends, "
	        "params, cards or die");
	refused(
	    HEAD "\"cards\": {\"modify\": {\"ace\": {\"strenght\": 3}}}}",
	    "variant/cards/modify/ace/strenght: unknown key; expected one of id, name, strength, "
	    "arrows, kind or ability");
	refused(HEAD "\"cards\": {\"change\": {}}}",
	        "variant/cards/change: unknown key; expected remove, modify or add (or the whole "
	        "list as an array)");
}

static void test_wrong_type(void **unused)
{
	(void)unused;
	refused(HEAD "\"cards\": {\"modify\": {\"ace\": {\"strength\": \"3\"}}}}",
	        "variant/cards/modify/ace/strength: expected an integer from 0 to 9; got \"3\"");
	refused(
	    HEAD "\"cards\": 7}",
	    "variant/cards: expected an array of cards, or an object of remove, modify and add; "
	    "got 7");
	refused("[1, 2]",
	        "variant: expected an object {\"quiver_variant\": 1, \"game\": ..., ...}; "
	        "got [1,2]");
}

static void test_bad_enum(void **unused)
{
	(void)unused;
	refused(HEAD "\"cards\": {\"add\": [{\"id\": \"queen\", \"name\": \"Queen\", \"strength\": "
	             "3, \"arrows\": [\"N\", \"NNE\"], \"kind\": \"plain\"}]}}",
	        "variant/cards/add/0/arrows/1: expected one of N, NE, E, SE, S, SW, W or NW; got "
	        "\"NNE\"");
	refused(
	    HEAD "\"cards\": {\"modify\": {\"king\": {\"ability\": {\"kind\": \"fly\", "
	         "\"cost\": 1}}}}}",
	    "variant/cards/modify/king/ability/kind: expected one of shove or heal; got \"fly\"");
}

static void test_bad_range(void **unused)
{
	(void)unused;
	refused(HEAD "\"cards\": {\"modify\": {\"ace\": {\"strength\": 12}}}}",
	        "variant/cards/modify/ace/strength: expected an integer from 0 to 9; got 12");
	refused(HEAD "\"die\": {\"faces\": [0, 4]}}",
	        "variant/die/faces/1: expected an integer from -3 to 3; got 4");
	refused(HEAD "\"die\": {\"faces\": [0]}}",
	        "variant/die/faces: expected an array of 2 to 6 integers; got [0]");
	refused(HEAD "\"cards\": {\"remove\": [\"ace\", \"king\"]}}",
	        "variant/cards: 1 cards; the game takes 2 to 6");
}

static void test_duplicate_id(void **unused)
{
	(void)unused;
	refused(HEAD "\"cards\": {\"add\": [{\"id\": \"ace\", \"name\": \"Ace 2\", \"strength\": "
	             "1, \"arrows\": [\"N\"], \"kind\": \"plain\"}]}}",
	        "variant/cards/add/0/id: card \"ace\" is already in the set (modify it, or remove "
	        "it first)");
	refused(HEAD
	        "\"cards\": [{\"id\": \"a\", \"name\": \"A\", \"strength\": 1, \"arrows\": "
	        "[\"N\"], \"kind\": \"plain\"}, {\"id\": \"a\", \"name\": \"B\", \"strength\": "
	        "1, \"arrows\": [\"S\"], \"kind\": \"plain\"}]}",
	        "variant/cards/1/id: card \"a\" is listed twice (at 0 and 1)");
	refused(HEAD "\"cards\": {\"modify\": {\"ace\": {\"arrows\": [\"N\", \"N\"]}}}}",
	        "variant/cards/modify/ace/arrows/1: N is already listed (each direction once)");
}

static void test_missing(void **unused)
{
	(void)unused;
	refused(HEAD "\"cards\": {\"add\": [{\"id\": \"queen\", \"name\": \"Queen\", \"arrows\": "
	             "[\"N\"], \"kind\": \"plain\"}]}}",
	        "variant/cards/add/0: missing \"strength\" (a card needs id, name, strength, "
	        "arrows, kind or ability)");
	/* the game's own cross-check, named in the resolved document */
	refused(HEAD "\"cards\": {\"modify\": {\"ace\": {\"kind\": \"boss\"}}}}",
	        "variant: resolved: /cards/0: a boss card needs an ability");
	refused(HEAD "\"cards\": {\"remove\": [\"queen\"]}}",
	        "variant/cards/remove/0: no card \"queen\" in the set this extends");
	refused(
	    "{\"game\": \"vtest\"}",
	    "variant/quiver_variant: missing: a variant starts {\"quiver_variant\": 1, \"game\": "
	    "...}");
}

static void test_params(void **unused)
{
	(void)unused;
	refused(HEAD "\"params\": {\"colour\": 3}}",
	        "variant/params/colour: unknown parameter 'colour' for vtest (known: rounds, "
	        "folding, coin, variant)");
	refused(HEAD "\"params\": {\"rounds\": 99}}",
	        "variant/params/rounds: bad value '99' for rounds: expected 1, 2, 3, 4 or 5");
	refused(HEAD "\"params\": {\"coin\": [1]}}",
	        "variant/params/coin: expected a number, true, false or text; got [1]");
	refused(HEAD "\"params\": {\"variant\": \"base\"}}",
	        "variant/params/variant: unknown parameter 'variant' for vtest (known: rounds, "
	        "folding, coin, variant)");
}

/* A server never reads a file a client names. */
static void test_extends_from_a_client(void **unused)
{
	(void)unused;
	refused(HEAD "\"extends\": \"/etc/passwd\"}",
	        "variant/extends: expected \"base\" (a variant sent here may extend only the "
	        "built-in set: send the resolved one, `quiver variant show`); got \"/etc/passwd\"");
}

/* ---- files: syntax, extends chains and cycles ---- */

static char dir[64];

static void write_file(const char *name, const char *text)
{
	char path[128];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static qv_status load(const char *name, const qv_variant **v, qv_err *err)
{
	char path[128];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return qv_variant_load(path, &game, v, err);
}

static void test_files(void **unused)
{
	(void)unused;
	assert_non_null(qv_test_mkdtemp(dir, sizeof dir, "qv-variant-"));
	char msg[600];
	const qv_variant *v, *w;
	qv_err err;

	/* a syntax error names the line and the column */
	write_file("broken.json",
	           "{\"quiver_variant\": 1,\n  \"game\": \"vtest\"\n  \"name\": 1}\n");
	assert_int_equal(load("broken.json", &v, &err), QV_EINVAL);
	snprintf(msg, sizeof msg, "%s/broken.json:3:8: '}' expected near '\"name\"'", dir);
	assert_string_equal(err.msg, msg);

	/* a chain: weak extends strong extends base; the nearer file wins */
	write_file("strong.json", HEAD "\"cards\": {\"modify\": {\"ace\": {\"strength\": 9}, "
	                               "\"jack\": {\"strength\": 8}}}}");
	write_file("weak.json", "{\"quiver_variant\": 1, \"game\": \"vtest\", \"extends\": "
	                        "\"strong.json\", \"cards\": {\"modify\": {\"ace\": {\"strength\": "
	                        "1}}}}");
	assert_int_equal(load("weak.json", &v, &err), QV_OK);
	assert_string_equal(v->name, "weak"); /* a file without a name takes its file's */
	assert_int_equal(*(const int *)v->tables, 1 + 4 + 8);
	assert_false(v->builtin);

	/* a cycle is named at the `extends` that closes it, after the chain */
	write_file("a.json", HEAD "\"extends\": \"b.json\"}");
	write_file("b.json", HEAD "\"extends\": \"a.json\"}");
	assert_int_equal(load("a.json", &v, &err), QV_EINVAL);
	snprintf(msg, sizeof msg,
	         "%s/a.json extends %s/b.json: /extends: %s/a.json: extends itself through the "
	         "files it extends (a cycle)",
	         dir, dir, dir);
	assert_string_equal(err.msg, msg);
	/* an error in an extended file names that file after the one extending it, and its path */
	write_file("c.json", HEAD "\"extends\": \"d.json\"}");
	write_file("d.json", HEAD "\"die\": {\"faces\": [9, 0]}}");
	assert_int_equal(load("c.json", &v, &err), QV_EINVAL);
	snprintf(
	    msg, sizeof msg,
	    "%s/c.json extends %s/d.json: /die/faces/0: expected an integer from -3 to 3; got 9",
	    dir, dir);
	assert_string_equal(err.msg, msg);

	/* the same components are one variant, however they are written */
	write_file("weak2.json",
	           "{\"name\": \"weak\", \"game\": \"vtest\", \"quiver_variant\": 1, \"cards\": "
	           "{\"modify\": {\"jack\": {\"strength\": 8}, \"ace\": {\"strength\": 1}}}}");
	assert_int_equal(load("weak2.json", &w, &err), QV_OK);
	assert_ptr_equal(v, w);
	assert_ptr_equal(qv_variant_find(&game, v->sha256, NULL), v);

	const char *names[] = {"broken", "strong", "weak", "a", "b", "c", "d", "weak2"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char path[128];
		snprintf(path, sizeof path, "%s/%s.json", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

/* ---- the checker: every problem of a file ---- */

/* Checks the file name of dir with qv_variant_check into *p, asserting that it fails, and that
 * qv_variant_load, which stops at the first problem, gives the checker's first. */
static void check_file(const char *name, qv_variant_problems *p)
{
	char path[128];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	const qv_variant *v;
	qv_err err;
	assert_int_not_equal(qv_variant_check(path, &game, &v, p), QV_OK);
	assert_true(p->n >= 1);
	assert_int_not_equal(qv_variant_load(path, &game, &v, &err), QV_OK);
	assert_string_equal(err.msg, p->list[0].msg);
}

/* Asserts that problem k of p is dir's file name, then text: "<dir>/<name><text>". */
static void listed(const qv_variant_problems *p, int k, const char *name, const char *text)
{
	char msg[1300];
	snprintf(msg, sizeof msg, "%s/%s%s", dir, name, text);
	assert_true(k < p->n);
	assert_string_equal(p->list[k].msg, msg);
}

/* The checker lists every problem of a file in the order found, each named by its file (after
 * the chain of `extends` that led to it) and its path, up to QV_VARIANT_PROBLEMS of them; it
 * stops only where nothing is left to check. */
static void test_check(void **unused)
{
	(void)unused;
	assert_non_null(qv_test_mkdtemp(dir, sizeof dir, "qv-variant-"));
	qv_variant_problems p;
	char msg[600];

	/* three problems in three blocks, each named by its own path, in the order found */
	write_file("three.json", HEAD "\"params\": {\"rounds\": 99}, \"cards\": {\"modify\": "
	                              "{\"ace\": {\"strength\": 12}}}, \"die\": {\"faces\": [0, "
	                              "4]}}");
	check_file("three.json", &p);
	assert_int_equal(p.n, 3);
	listed(&p, 0, "three.json",
	       ": /params/rounds: bad value '99' for rounds: expected 1, 2, 3, 4 or 5");
	listed(&p, 1, "three.json",
	       ": /cards/modify/ace/strength: expected an integer from 0 to 9; got 12");
	listed(&p, 2, "three.json", ": /die/faces/1: expected an integer from -3 to 3; got 4");

	/* two in one entry, and the entry still counts in its list's size */
	write_file("entry.json",
	           HEAD "\"cards\": {\"remove\": [\"ace\", \"king\"], \"add\": [{\"id\": "
	                "\"queen\", \"name\": \"Queen\", \"strength\": 10, \"arrows\": "
	                "[\"N\", \"NNE\"], \"kind\": \"plain\"}]}}");
	check_file("entry.json", &p);
	assert_int_equal(p.n, 2);
	listed(&p, 0, "entry.json",
	       ": /cards/add/0/strength: expected an integer from 0 to 9; got 10");
	listed(&p, 1, "entry.json",
	       ": /cards/add/0/arrows/1: expected one of N, NE, E, SE, S, SW, W or NW; got "
	       "\"NNE\"");

	/* 25 problems: all counted, the first QV_VARIANT_PROBLEMS listed */
	char doc[1024];
	int used = snprintf(doc, sizeof doc, HEAD "\"cards\": {\"modify\": {\"ace\": {");
	for (int i = 0; i < 25; i++)
		used += snprintf(doc + used, sizeof doc - (size_t)used, "%s\"k%d\": 1",
		                 i ? ", " : "", i);
	snprintf(doc + used, sizeof doc - (size_t)used, "}}}}");
	write_file("many.json", doc);
	check_file("many.json", &p);
	assert_int_equal(QV_VARIANT_PROBLEMS, 20);
	assert_int_equal(p.n, 25);
	listed(&p, 0, "many.json",
	       ": /cards/modify/ace/k0: unknown key; expected one of id, name, strength, arrows, "
	       "kind or ability");
	listed(&p, 19, "many.json",
	       ": /cards/modify/ace/k19: unknown key; expected one of id, name, strength, arrows, "
	       "kind or ability");

	/* a problem of an extended file is named by the chain of files that led to it; each
	 * file's own are listed too */
	write_file("bad.json", HEAD "\"die\": {\"faces\": [9, 0]}}");
	write_file("mid.json", HEAD "\"extends\": \"bad.json\", \"cards\": {\"modify\": "
	                            "{\"jack\": {\"strength\": 10}}}}");
	write_file("weak.json", HEAD "\"extends\": \"mid.json\", \"cards\": {\"remove\": "
	                             "[\"queen\"]}}");
	check_file("weak.json", &p);
	assert_int_equal(p.n, 3);
	snprintf(msg, sizeof msg,
	         " extends %s/mid.json extends %s/bad.json: /die/faces/0: expected an integer "
	         "from -3 to 3; got 9",
	         dir, dir);
	listed(&p, 0, "weak.json", msg);
	snprintf(msg, sizeof msg,
	         " extends %s/mid.json: /cards/modify/jack/strength: expected an integer from 0 "
	         "to 9; got 10",
	         dir);
	listed(&p, 1, "weak.json", msg);
	listed(&p, 2, "weak.json", ": /cards/remove/0: no card \"queen\" in the set this extends");

	/* A missing `extends` file is named at the /extends that names it, with the path tried;
	 * the file's own values are checked still, but not what names the set's entries. */
	write_file("orphan.json", HEAD "\"extends\": \"gone.json\", \"cards\": {\"remove\": "
	                               "[\"queen\"]}, \"die\": {\"faces\": [0, 4]}}");
	check_file("orphan.json", &p);
	assert_int_equal(p.n, 2);
	snprintf(msg, sizeof msg,
	         ": /extends: %s/gone.json: cannot open: No such file or directory", dir);
	listed(&p, 0, "orphan.json", msg);
	listed(&p, 1, "orphan.json", ": /die/faces/1: expected an integer from -3 to 3; got 4");
	/* so is an extended file that is not JSON, by its line and column after the chain */
	write_file("broken.json", "{\"quiver_variant\": 1,\n");
	write_file("heir.json", HEAD "\"extends\": \"broken.json\", \"die\": 3}");
	check_file("heir.json", &p);
	assert_int_equal(p.n, 2);
	snprintf(msg, sizeof msg,
	         " extends %s/broken.json:2:0: string or '}' expected near end of file", dir);
	listed(&p, 0, "heir.json", msg);
	listed(&p, 1, "heir.json", ": /die: expected an object (a die); got 3");

	/* a game unknown leaves nothing to check: the checker stops there */
	write_file("nogame.json",
	           "{\"quiver_variant\": 2, \"game\": \"no-such-game\", \"cardz\": []}");
	check_file("nogame.json", &p);
	assert_int_equal(p.n, 2);
	listed(&p, 0, "nogame.json",
	       ": /quiver_variant: expected 1 (the only version so far); got 2");
	assert_non_null(strstr(p.list[1].msg, "nogame.json: /game: "));

	/* the game's cross-checks, after resolving, are listed too, every one of them */
	write_file("boss.json", HEAD "\"cards\": {\"modify\": {\"ace\": {\"kind\": \"boss\"}, "
	                             "\"jack\": {\"kind\": \"boss\"}}}}");
	check_file("boss.json", &p);
	assert_int_equal(p.n, 2);
	listed(&p, 0, "boss.json", ": resolved: /cards/0: a boss card needs an ability");
	listed(&p, 1, "boss.json", ": resolved: /cards/2: a boss card needs an ability");

	/* a file without a problem loads as qv_variant_load loads it */
	write_file("good.json", HEAD "\"cards\": {\"modify\": {\"ace\": {\"strength\": 6}}}}");
	char path[128];
	snprintf(path, sizeof path, "%s/good.json", dir);
	const qv_variant *v = NULL, *w;
	assert_int_equal(qv_variant_check(path, &game, &v, &p), QV_OK);
	assert_int_equal(p.n, 0);
	assert_non_null(v);
	assert_int_equal(qv_variant_load(path, &game, &w, NULL), QV_OK);
	assert_ptr_equal(v, w);

	const char *names[] = {"three",  "entry",  "many", "bad",    "mid",  "weak",
	                       "orphan", "broken", "heir", "nogame", "boss", "good"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(path, sizeof path, "%s/%s.json", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

/* ---- the registry ---- */

/* The built-in set's print loads as the built-in set itself (same hash, same slot), and its
 * tables are the game's build of it. */
static void test_base_and_dump(void **unused)
{
	(void)unused;
	qv_err err;
	const qv_variant *base = qv_variant_base(&game, &err);
	assert_non_null(base);
	assert_true(base->builtin);
	assert_string_equal(base->name, "base");
	assert_int_equal(*(const int *)qv_variant_tables(base->slot), 11);
	assert_ptr_equal(qv_variant_find(&game, "base", NULL), base);
	assert_ptr_equal(qv_variant_find(&game, NULL, NULL), base);
	qv_buf out = {0};
	qv_variant_print(base, &out);
	const qv_variant *again;
	assert_int_equal(from_text(qv_buf_str(&out), &again, &err), QV_OK);
	assert_ptr_equal(again, base);
	qv_buf_free(&out);
	/* an unknown hash is named with what is accepted */
	assert_null(qv_variant_find(&game, "feed", &err));
	assert_string_equal(err.msg, "bad value 'feed' for variant: expected base, or the SHA-256 "
	                             "of a variant of vtest loaded with --variant");
}

/* A whole list replaces the extended one; a record's fields replace its fields; a variant's
 * params are defaults a given parameter overrides; qv_variant_complete lists them for records. */
static void test_edits_and_params(void **unused)
{
	(void)unused;
	const qv_variant *v;
	qv_err err;
	assert_int_equal(
	    from_text(HEAD
	              "\"params\": {\"rounds\": 4}, \"die\": {\"faces\": [2, 2]}, \"cards\": "
	              "[{\"id\": \"x\", \"name\": \"X\", \"strength\": 3, \"arrows\": [\"N\"], "
	              "\"kind\": \"plain\"}, {\"id\": \"y\", \"name\": \"Y\", \"strength\": 4, "
	              "\"arrows\": [\"S\"], \"kind\": \"plain\"}]}",
	              &v, &err),
	    QV_OK);
	assert_int_equal(*(const int *)v->tables, 7);
	json_t *j = qv_variant_json(v);
	assert_int_equal(json_array_size(json_object_get(j, "cards")), 2);
	assert_int_equal(json_integer_value(json_array_get(
	                     json_object_get(json_object_get(j, "die"), "faces"), 0)),
	                 2);
	assert_null(json_object_get(j, "extends"));
	json_decref(j);

	qv_params given = {0}, merged, all;
	assert_int_equal(qv_params_set(&given, "variant", v->sha256, &err), QV_OK);
	const qv_variant *opened;
	assert_int_equal(qv_variant_open(&game, &given, &opened, &merged, &err), QV_OK);
	assert_ptr_equal(opened, v);
	assert_string_equal(qv_params_get(&merged, "rounds"), "4");
	assert_int_equal(qv_params_set(&given, "rounds", "2", &err), QV_OK);
	assert_int_equal(qv_variant_open(&game, &given, &opened, &merged, &err), QV_OK);
	assert_string_equal(qv_params_get(&merged, "rounds"), "2");
	qv_params unset = {0};
	qv_params_set(&unset, "variant", v->sha256, &err);
	qv_variant_complete(&game, &unset, &all);
	assert_string_equal(qv_params_get(&all, "rounds"), "4");
	assert_string_equal(qv_params_get(&all, "coin"), "fair");
	assert_string_equal(qv_params_get(&all, "variant"), v->sha256);
	/* a document for another game is refused by its game's name */
	refused("{\"quiver_variant\": 1, \"game\": \"three-arrows\"}",
	        "variant/game: this variant is for three-arrows; expected one for vtest");
}

/* ---- held variants ---- */

/* Loads a variant named `name` (the name alone makes a new document) as a client's document
 * held in room. */
static qv_status held(const char *name, qv_variant_room room, const qv_variant **v, qv_err *err)
{
	char doc[256];
	snprintf(doc, sizeof doc, HEAD "\"name\": \"%s\"}", name);
	json_t *j = json_loads(doc, 0, NULL);
	assert_non_null(j);
	json_object_set_new(j, "name", json_string(name));
	qv_status rc = qv_variant_from_json_held(j, &game, "variant", room, v, err);
	json_decref(j);
	return rc;
}

/* A held variant lives while something holds it: its loader, then the matches that play it
 * (qv_match_new and a record loaded back each hold it), and leaves the registry, its slot
 * freed, with the last. A kept one stays. */
static void test_held_life(void **unused)
{
	(void)unused;
	qv_err err;
	int before = qv_variant_loaded(false), shared = qv_variant_loaded(true);
	const qv_variant *v, *again;
	assert_int_equal(held("held one", QV_VARIANT_SHARED, &v, &err), QV_OK);
	assert_int_equal(qv_variant_loaded(false), before + 1);
	assert_int_equal(qv_variant_loaded(true), shared + 1);
	assert_int_equal(held("held one", QV_VARIANT_RESERVED, &again, &err), QV_OK);
	assert_ptr_equal(again, v); /* the same document is the same variant, held twice */
	qv_variant_release(again);
	char sha[QV_VARIANT_HASHLEN];
	memcpy(sha, v->sha256, sizeof sha);
	unsigned slot = v->slot;
	assert_non_null(qv_variant_tables(slot));

	qv_params p = {0};
	assert_int_equal(qv_params_set(&p, "variant", sha, &err), QV_OK);
	qv_match *m;
	assert_int_equal(qv_match_new(&m, &game, &p, 1, &err), QV_OK);
	assert_ptr_equal(m->variant, v);
	qv_variant_release(v); /* the loader's hold: the match keeps it */
	assert_ptr_equal(qv_variant_find(&game, sha, NULL), v);
	json_t *rec = qv_match_record_json(m);
	assert_non_null(rec);
	qv_match_free(m);
	assert_null(qv_variant_find(&game, sha, NULL)); /* it left with the last match */
	assert_null(qv_variant_tables(slot));
	assert_int_equal(qv_variant_loaded(false), before);
	assert_int_equal(qv_variant_loaded(true), shared);

	/* The record carries the document: loading it registers the variant again, for as long
	 * as the match lives. */
	assert_int_equal(qv_match_load_json_game(&m, &game, rec, &err), QV_OK);
	json_decref(rec);
	const qv_variant *back = qv_variant_find(&game, sha, NULL);
	assert_non_null(back);
	assert_ptr_equal(m->variant, back);
	assert_false(back->shared); /* a record the command line loads is the installation's */
	qv_match_free(m);
	assert_null(qv_variant_find(&game, sha, NULL));
	assert_int_equal(qv_variant_loaded(false), before);

	/* A held variant's slot goes to the next one; a variant found by hash is held by
	 * qv_variant_find_held until released; the built-in set's holds are counted too. */
	assert_int_equal(held("held two", QV_VARIANT_SHARED, &v, &err), QV_OK);
	assert_int_equal(v->slot, slot);
	assert_ptr_equal(qv_variant_find_held(&game, v->sha256, &err), v);
	qv_variant_release(v);
	memcpy(sha, v->sha256, sizeof sha);
	qv_variant_release(v);
	assert_null(qv_variant_find_held(&game, sha, &err));
	assert_non_null(strstr(err.msg, "bad value"));
	const qv_variant *base = qv_variant_find_held(&game, "base", &err);
	assert_non_null(base);
	qv_variant_release(base);
	assert_ptr_equal(qv_variant_find(&game, NULL, NULL), base); /* kept */

	/* A kept variant stays, however many holds come and go. */
	const qv_variant *kept;
	assert_int_equal(from_text(HEAD "\"cards\": {\"remove\": [\"jack\"]}}", &kept, &err),
	                 QV_OK);
	qv_variant_hold(kept);
	qv_variant_release(kept);
	assert_ptr_equal(qv_variant_find(&game, kept->sha256, NULL), kept);
}

/* Clients' documents take at most QV_VARIANT_SHARED_MAX slots: the next is refused and loads
 * nothing, while a document already loaded is found and the installation's room stays open;
 * one released makes room again. */
static void test_shared_room(void **unused)
{
	(void)unused;
	qv_err err;
	static const qv_variant *v[QV_VARIANT_SHARED_MAX];
	int n = QV_VARIANT_SHARED_MAX - qv_variant_loaded(true);
	char name[32];
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof name, "room %d", i);
		assert_int_equal(held(name, QV_VARIANT_SHARED, &v[i], &err), QV_OK);
	}
	int loaded = qv_variant_loaded(false);
	assert_int_equal(qv_variant_loaded(true), QV_VARIANT_SHARED_MAX);
	const qv_variant *more;
	assert_int_equal(held("one more", QV_VARIANT_SHARED, &more, &err), QV_ESTATE);
	assert_string_equal(err.msg,
	                    "223 variants sent by clients are in use already, the most one quiver "
	                    "process holds for them; one leaves when no open table and no replay "
	                    "plays it: try again when a game has ended");
	assert_int_equal(qv_variant_loaded(false), loaded);
	assert_int_equal(held("room 0", QV_VARIANT_SHARED, &more, &err), QV_OK);
	assert_ptr_equal(more, v[0]);
	qv_variant_release(more);
	const qv_variant *lesson;
	assert_int_equal(held("a lesson's", QV_VARIANT_RESERVED, &lesson, &err), QV_OK);
	qv_variant_release(lesson);
	qv_variant_release(v[0]);
	assert_int_equal(held("one more", QV_VARIANT_SHARED, &v[0], &err), QV_OK);
	for (int i = 0; i < n; i++)
		qv_variant_release(v[i]);
	assert_int_equal(qv_variant_loaded(true), QV_VARIANT_SHARED_MAX - n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_unknown_key),   cmocka_unit_test(test_wrong_type),
	    cmocka_unit_test(test_bad_enum),      cmocka_unit_test(test_bad_range),
	    cmocka_unit_test(test_duplicate_id),  cmocka_unit_test(test_missing),
	    cmocka_unit_test(test_params),        cmocka_unit_test(test_extends_from_a_client),
	    cmocka_unit_test(test_files),         cmocka_unit_test(test_check),
	    cmocka_unit_test(test_base_and_dump), cmocka_unit_test(test_edits_and_params),
	    cmocka_unit_test(test_held_life),     cmocka_unit_test(test_shared_room),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
