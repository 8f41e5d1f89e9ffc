/*
 * gametest.c - the games' unit tests' common steps through the game interface.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "child.h"
#include "gametest.h"
#include "quiver/variant.h"

void qv_test_init(const qv_game *g, void *st, const char *params, uint64_t seed)
{
	qv_params p = {0};
	qv_err err = {{0}};
	if (qv_params_parse_list(&p, params, &err))
		fail_msg("parameters '%s': %s", params, err.msg);
	if (g->init(st, &p, seed, &err))
		fail_msg("init '%s': %s", params, err.msg);
}

qv_status qv_test_load_json(const qv_game *g, void *st, const char *state_json, qv_err *err)
{
	json_error_t je;
	json_t *j = json_loads(state_json, 0, &je);
	if (!j)
		fail_msg("test JSON broken: %s", je.text);
	qv_status rc = g->load_json(st, j, err);
	json_decref(j);
	return rc;
}

qv_action qv_test_parse(const qv_game *g, const void *st, const char *text)
{
	qv_action a;
	qv_err err;
	if (g->action_from_text(st, text, &a, &err))
		fail_msg("parse '%s': %s", text, err.msg);
	return a;
}

void qv_test_play(const qv_game *g, void *st, const char *text)
{
	qv_err err;
	if (qv_apply_checked(g, st, qv_test_parse(g, st, text), NULL, &err))
		fail_msg("play '%s': %s", text, err.msg);
}

qv_action qv_test_random_step(const qv_game *g, void *st, qv_rng *rng)
{
	int n = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	qv_action *buf = malloc(sizeof *buf * (size_t)n);
	double *prob = malloc(sizeof *prob * (size_t)n);
	assert_non_null(buf);
	assert_non_null(prob);
	int options;
	qv_action a = g->to_move(st) == QV_CHANCE ? qv_sample_chance(g, st, rng, buf, prob)
	                                          : qv_sample_legal(g, st, rng, buf, &options);
	free(buf);
	free(prob);
	if (a < 0)
		fail_msg("no action or outcome to play");
	qv_err err = {{0}};
	if (qv_apply_checked(g, st, a, NULL, &err))
		fail_msg("a drawn action was refused: %s", err.msg);
	return a;
}

char *qv_test_view(const qv_game *g, const void *st, int viewer)
{
	json_t *j = g->view_json(st, viewer);
	char *s = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(j);
	if (!s)
		fail_msg("view of %d: no JSON", viewer);
	return s;
}

char *qv_test_diagram(const qv_game *g, const void *st, int viewer)
{
	qv_buf b = {0};
	g->render_text(st, viewer, false, &b);
	char *s = strdup(qv_buf_str(&b));
	qv_buf_free(&b);
	return s;
}

qv_status qv_test_variant_load(const qv_game *g, const char *text, const qv_variant **v,
                               qv_err *err)
{
	json_error_t jerr;
	json_t *doc = json_loads(text, 0, &jerr);
	if (!doc)
		fail_msg("test JSON broken at %d:%d: %s: %s", jerr.line, jerr.column, jerr.text,
		         text);
	*v = NULL;
	qv_status rc = qv_variant_from_json(doc, g, "variant", v, err);
	json_decref(doc);
	return rc;
}

const qv_variant *qv_test_variant(const qv_game *g, const char *text)
{
	const qv_variant *v;
	qv_err err = {{0}};
	if (qv_test_variant_load(g, text, &v, &err))
		fail_msg("variant refused: %s", err.msg);
	return v;
}

const char *qv_test_variant_refusal(const qv_game *g, const char *text, qv_err *err)
{
	const qv_variant *v;
	if (qv_test_variant_load(g, text, &v, err) == QV_OK)
		fail_msg("variant accepted: %s", text);
	return err->msg;
}

const qv_variant *qv_test_example_variant(const qv_game *g, const char *file)
{
	char path[1024];
	snprintf(path, sizeof path, "%s", __FILE__);
	char *cut = strstr(path, "tests/support/");
	if (!cut)
		fail_msg("cannot find the source tree from %s", __FILE__);
	snprintf(cut, sizeof path - (size_t)(cut - path), "examples/variants/%s", file);
	const qv_variant *v = NULL;
	qv_err err = {{0}};
	if (qv_variant_load(path, g, &v, &err))
		fail_msg("%s", err.msg);
	return v;
}

const qv_variant *qv_test_ablated(const qv_game *g, const qv_variant *v, int k)
{
	qv_err err = {{0}};
	json_t *doc = g->components->ablate(v->json, qv_variant_base(g, NULL)->json, k, &err);
	if (!doc)
		fail_msg("ablate %s of %s: %s", qv_test_studied_id(g, v, k), v->name, err.msg);
	assert_null(json_object_get(doc, "extends"));
	const qv_variant *out = NULL;
	if (qv_variant_from_json(doc, g, "ablate", &out, &err))
		fail_msg("%s without %s refused: %s", v->name, qv_test_studied_id(g, v, k),
		         err.msg);
	json_decref(doc);
	return out;
}

const char *qv_test_studied_id(const qv_game *g, const qv_variant *v, int k)
{
	const qv_components *c = g->components;
	const char *id_key = "id";
	for (int b = 0; b < c->nblocks; b++)
		if (strcmp(c->blocks[b].key, c->studied) == 0)
			id_key = c->blocks[b].id_key;
	const json_t *entry = json_array_get(json_object_get(v->json, c->studied), (size_t)k);
	if (!entry)
		fail_msg("no entry %d in /%s of %s", k, c->studied, v->name);
	return json_string_value(json_object_get(entry, id_key));
}

int qv_test_check_component_of(const qv_game *g, const void *st, const qv_variant *v,
                               bool (*is_card)(const void *st, const char *word),
                               const char *except)
{
	int entries = (int)json_array_size(json_object_get(v->json, g->components->studied));
	qv_action *acts = malloc((size_t)g->max_actions * sizeof *acts);
	if (!acts)
		fail_msg("out of memory");
	int n = g->legal(st, acts), played = 0;
	for (int i = 0; i < n; i++) {
		int c = g->components->component_of(st, acts[i]);
		assert_true(c >= -1 && c < entries);
		char text[128], words[128], *tok[8];
		g->action_to_text(st, acts[i], text, sizeof text);
		memcpy(words, text, sizeof words);
		int nt = qv_split(words, tok, 8), named = -1;
		for (int t = 1; t < nt; t++)
			if (is_card(st, tok[t]))
				named = t;
		if (c >= 0) {
			played++;
			if (named < 0)
				fail_msg("'%s' plays %s but names no card", text,
				         qv_test_studied_id(g, v, c));
			assert_string_equal(tok[named], qv_test_studied_id(g, v, c));
		} else if (named > 0 && strcmp(tok[0], except) != 0) {
			fail_msg("'%s' names a card but plays none", text);
		}
	}
	free(acts);
	return played;
}

/* text with every ' turned into ", for the breakages' JSON; the caller frees it. */
static char *double_quoted(const char *text)
{
	char *t = strdup(text);
	if (!t)
		fail_msg("out of memory");
	for (char *c = t; *c; c++)
		if (*c == '\'')
			*c = '"';
	return t;
}

void qv_test_good_state(const qv_game *g, void *st, const qv_test_breakage *b)
{
	qv_err err = {{0}};
	qv_test_init(g, st, b->params, 1);
	if (b->state) {
		char *json = double_quoted(b->state);
		qv_status rc = qv_test_load_json(g, st, json, &err);
		free(json);
		if (rc)
			fail_msg("the good state of '%s' does not load: %s", b->says, err.msg);
	}
	if (b->plays) {
		char *plays = strdup(b->plays), *save = NULL;
		for (char *a = strtok_r(plays, ";", &save); a; a = strtok_r(NULL, ";", &save))
			qv_test_play(g, st, a);
		free(plays);
	}
	if (!g->state_ok(st, &err))
		fail_msg("the good state of '%s' breaks an invariant: %s", b->says, err.msg);
}

void qv_test_breakages(const qv_game *g, const qv_test_breakage *list, int n)
{
	void *st = malloc(g->state_size);
	assert_non_null(st);
	assert_non_null(g->state_ok);
	for (int i = 0; i < n; i++) {
		qv_err why = {{0}};
		qv_test_good_state(g, st, &list[i]);
		list[i].breaks(st);
		if (g->state_ok(st, &why))
			fail_msg("breakage %d: state_ok holds, expected '%s'", i, list[i].says);
		if (!strstr(why.msg, list[i].says))
			fail_msg("breakage %d: state_ok says '%s', expected '%s'", i, why.msg,
			         list[i].says);
	}
	free(st);
}

/* An action applied to a state, in a child process (qv_test_apply_checks_state). */
typedef struct applied {
	const qv_game *g;
	void *st;
	qv_action act;
} applied;

static void apply_in_child(void *ctx)
{
	const applied *run = ctx;
	run->g->apply(run->st, run->act, NULL);
}

void qv_test_apply_checks_state(const qv_game *g, const qv_test_breakage *list, int n,
                                void (*breaks)(void *st), const char *a)
{
	const qv_test_breakage *b = NULL;
	for (int i = 0; i < n && !b; i++)
		if (list[i].breaks == breaks)
			b = &list[i];
	if (!b)
		fail_msg("no breakage of the list breaks the state that way");
	void *st = malloc(g->state_size);
	assert_non_null(st);
	qv_test_good_state(g, st, b);
	qv_action act = qv_test_parse(g, st, a);
	b->breaks(st);
	applied run = {g, st, act};
	qv_test_child c;
	qv_test_in_child(apply_in_child, &run, &c);
	free(st);
	char want[64];
	snprintf(want, sizeof want, "%s state_ok: ", g->name);
#ifdef QV_CHECKS
	if (!qv_test_child_aborted(&c, want) || !strstr(c.said, b->says))
		fail_msg("apply of '%s' to a broken state did not abort naming '%s': status %d, "
		         "said '%s'",
		         a, b->says, c.status, c.said);
#else
	if (!qv_test_child_quiet(&c, want))
		fail_msg("apply of '%s' to a broken state did not end quietly: status %d, said "
		         "'%s'",
		         a, c.status, c.said);
#endif
}

/* Every action of acts[0..n) at st that values_after valued for viewer v, played and held to
 * what it said (qv_test_values_after); returns how many it valued. */
static long values_hold(const qv_game *g, const void *st, const qv_action *acts, int n, int v,
                        double *heur, int *score, bool *ok)
{
	void *after = malloc(g->state_size);
	int now[QV_MAX_PLAYERS];
	long valued = 0;
	assert_non_null(after);
	g->values_after(st, acts, n, v, heur, score, ok);
	for (int i = 0; i < n; i++) {
		if (!ok[i])
			continue;
		valued++;
		memcpy(after, st, g->state_size);
		g->apply(after, acts[i], NULL);
		g->score(after, now);
		double want = g->heuristic(after, v);
		char text[QV_ACTION_TEXT];
		g->action_to_text(st, acts[i], text, sizeof text);
		if (g->to_move(after) == QV_OVER)
			fail_msg("%s: '%s' valued, but the game is over after it", g->name, text);
		if (memcmp(&score[i * QV_MAX_PLAYERS], now,
		           sizeof(int) * (size_t)g->num_players(st)))
			fail_msg("%s: '%s' valued with other scores than the game's after it",
			         g->name, text);
		if (heur[i] != want)
			fail_msg("%s: '%s' valued %.17g for p%d, the heuristic after it is %.17g",
			         g->name, text, heur[i], v + 1, want);
	}
	free(after);
	return valued;
}

void qv_test_values_after(const qv_game *g, const char *params, int games, long *legal,
                          long *valued)
{
	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	qv_action *acts = malloc(sizeof *acts * (size_t)most);
	double *heur = malloc(sizeof *heur * (size_t)most);
	int *score = malloc(sizeof *score * (size_t)most * QV_MAX_PLAYERS);
	bool *ok = malloc(sizeof *ok * (size_t)most);
	void *st = malloc(g->state_size);
	assert_true(acts && heur && score && ok && st && g->values_after);
	for (int game = 0; game < games; game++) {
		qv_test_init(g, st, params, (uint64_t)game + 1);
		qv_rng rng;
		qv_rng_seed(&rng, (uint64_t)game + 40);
		for (int steps = 0; g->to_move(st) != QV_OVER && steps < 5000; steps++) {
			int mover = g->to_move(st);
			if (mover >= 0) {
				int n = g->legal(st, acts);
				for (int v = 0; v < g->num_players(st); v++) {
					long k = values_hold(g, st, acts, n, v, heur, score, ok);
					*legal += v == mover ? n : 0;
					*valued += v == mover ? k : 0;
				}
			}
			qv_test_random_step(g, st, &rng);
		}
	}
	free(acts);
	free(heur);
	free(score);
	free(ok);
	free(st);
}
