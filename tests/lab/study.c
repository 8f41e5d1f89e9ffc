/*
 * study.c - one study of the lab played and computed in a test (study.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "study.h"

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
