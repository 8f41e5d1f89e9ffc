/*
 * study.c - one study of the lab played and computed in a test (study.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "study.h"

qv_lab_config study_config(const qv_game *g, const qv_variant *v, int players, const char *agent,
                           int games, int component_games, uint64_t seed)
{
	qv_lab_config c = {0};
	c.game = g;
	c.variant = v;
	c.nagents = 1;
	snprintf(c.agents[0], sizeof c.agents[0], "%s", agent);
	c.players[0] = players;
	c.nplayers = 1;
	c.games = games;
	c.component_games = component_games;
	c.seed = seed;
	strcpy(c.version, QV_VERSION);
	return c;
}

void study_run(const qv_lab_config *c, lab_study *out)
{
	qv_err err;
	if (qv_lab_plan_make(c, &out->plan, &err) != QV_OK)
		fail_msg("plan: %s", err.msg);
	out->games = calloc((size_t)out->plan.total, sizeof *out->games);
	assert_non_null(out->games);
	if (qv_lab_play(&out->plan, 0, out->plan.total, 2, out->games, &err) != QV_OK)
		fail_msg("play: %s", err.msg);
	if (qv_lab_compute(&out->plan, out->games, &out->report, &err) != QV_OK)
		fail_msg("compute: %s", err.msg);
}

void study_free(lab_study *s)
{
	qv_lab_report_free(&s->report);
	for (int i = 0; i < s->plan.total; i++)
		qv_lab_game_free(&s->games[i]);
	free(s->games);
	qv_lab_plan_free(&s->plan);
}
