/*
 * spieltest.c - the spiel API's unit tests' shared steps (spieltest.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "spieltest.h"

const spiel_config spiel_configs[] = {
    {"three-arrows", "", 6},
    {"three-arrows", "players=3", 3},
    {"three-arrows", "mode=tactical", 2},
    {"concardia", "", 6},
    {"evons", "", 6},
    {"arrow-party", "", 6},
    {"arrow-party", "players=5", 3},
    {"evons", "shuffle=false", 2},
};
const int spiel_nconfigs = (int)(sizeof spiel_configs / sizeof *spiel_configs);

qv_spiel_game *spiel_game(const char *name, const char *params)
{
	qv_spiel_game *g = NULL;
	qv_err err = {{0}};
	if (qv_spiel_game_new(&g, name, params, &err) != QV_OK)
		fail_msg("%s %s refused: %s", name, params, err.msg);
	return g;
}

qv_spiel_state *spiel_start(const qv_spiel_game *g)
{
	qv_spiel_state *s = NULL;
	qv_err err = {{0}};
	if (qv_spiel_new_initial_state(g, &s, &err) != QV_OK)
		fail_msg("%s: no initial state: %s", g->g->name, err.msg);
	return s;
}

int32_t spiel_random_id(const qv_spiel_state *s, qv_rng *rng)
{
	int cap = qv_spiel_max_legal_actions(s->game);
	int32_t *ids = malloc(sizeof *ids * (size_t)cap);
	double *p = malloc(sizeof *p * (size_t)cap);
	assert_true(ids && p);
	qv_err err = {{0}};
	int32_t id;
	if (qv_spiel_current_player(s) == QV_SPIEL_CHANCE) {
		int m = qv_spiel_chance_outcomes(s, ids, p, cap);
		assert_true(m > 0);
		double x = qv_rng_double(rng);
		id = ids[m - 1];
		for (int i = 0; i < m; i++)
			if ((x -= p[i]) < 0) {
				id = ids[i];
				break;
			}
	} else {
		int n = qv_spiel_legal_actions(s, ids, cap, &err);
		if (n <= 0)
			fail_msg("%s: no legal id: %s", s->game->g->name, err.msg);
		id = ids[qv_rng_below(rng, (uint32_t)n)];
	}
	free(ids);
	free(p);
	return id;
}

void spiel_apply(qv_spiel_state *s, int32_t id)
{
	qv_err err = {{0}};
	if (qv_spiel_apply(s, id, &err) != QV_OK)
		fail_msg("%s: id %d refused: %s", s->game->g->name, (int)id, err.msg);
}

char *spiel_view(const qv_spiel_state *s, int p)
{
	json_t *v = s->game->g->view_json(QV__CUR(s), p);
	assert_non_null(v);
	char *text = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(v);
	assert_non_null(text);
	return text;
}

bool spiel_same(const qv_spiel_state *a, const qv_spiel_state *b)
{
	return a->moves == b->moves && (a->deal != NULL) == (b->deal != NULL) &&
	       memcmp(QV__CUR(a), QV__CUR(b), a->game->g->state_size) == 0;
}

void spiel_expect(qv_status rc, qv_status want, const qv_err *err, const char *says)
{
	assert_int_equal(rc, want);
	if (!strstr(err->msg, says))
		fail_msg("'%s' does not say '%s'", err->msg, says);
}
