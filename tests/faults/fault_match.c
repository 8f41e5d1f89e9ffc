/*
 * fault_match.c - the match layer (what tests/unit/test_match.c covers) with every allocation
 * refused in turn: HIGH CARD played through forced moves, chance, errors, undo, a seat's
 * takeback, the narrated log of every viewer, the JSON forms, a record loaded back and a
 * restart. Each refused call must fail with QV_ENOMEM and change nothing (fault.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fault.h"
#include "games/json_util.h"
#include "quiver/match.h"
#include "testgame.h"

typedef struct scene {
	qv_match *m;
	const char *text; /* the step's notation or parameters */
	int viewer;
	char *record; /* a record kept between steps */
} scene;

static scene sc;

/* Compact JSON text of j into out (released), or QV_ENOMEM when j is NULL. */
static qv_status json_out(json_t *j, qv_buf *out, qv_err *err)
{
	if (!j)
		return qv_fail(err, QV_ENOMEM, "no JSON");
	fault_pause();
	char *s = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	qv_buf_puts(out, s ? s : "(dump failed)");
	free(s);
	json_decref(j);
	fault_resume();
	return QV_OK;
}

/* Everything a caller sees of the match: the history, the player to move, the state and the
 * narration of every viewer. */
static void print(void *ctx, qv_buf *out)
{
	scene *s = ctx;
	if (!s->m) {
		qv_buf_puts(out, "no match");
		return;
	}
	qv_buf_printf(out, "nhist %d to_move %d\n", s->m->nhist, qv_match_to_move(s->m));
	for (int i = 0; i < s->m->nhist; i++)
		qv_buf_printf(out, "%d:%d:%d ", (int)s->m->hist[i].action, s->m->hist[i].who,
		              s->m->hist[i].automatic);
	qv_buf_printf(out, "\nsaid %s\n", qv_buf_str(&s->m->said.text));
	json_t *j = qv_match_state_json(s->m);
	char *t = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	qv_buf_puts(out, t ? t : "?");
	free(t);
	json_decref(j);
}

static qv_status do_new(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	(void)out;
	qv_params p = {0};
	qv_status rc = qv_params_parse_list(&p, s->text, err);
	return rc ? rc : qv_match_new(&s->m, &qv_test_game, &p, 3, err);
}

static qv_status do_play(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv_status rc = qv_match_play_text(s->m, s->text, err);
	if (rc)
		qv_buf_puts(out, err->msg);
	return rc;
}

static qv_status do_chance(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv_action a;
	qv_status rc = qv_match_chance(s->m, &a, err);
	qv_buf_printf(out, "%d %s", rc ? -1 : (int)a, rc ? err->msg : "");
	return rc;
}

static qv_status do_undo(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv_status rc = qv_match_undo(s->m, err);
	if (rc)
		qv_buf_puts(out, err->msg);
	return rc;
}

/* A seat's takeback at a table of two people (viewer is the seat). */
static qv_status do_takeback(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv_status rc = qv_match_undo_seat(s->m, s->viewer, 3u, err);
	if (rc)
		qv_buf_puts(out, err->msg);
	return rc;
}

static void keep_line(void *ctx, const qv_log_line *line)
{
	qv_buf_printf(ctx, "%d %d %d %s\n", line->entry, line->who, line->consequence, line->text);
}

static qv_status do_log(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv_status rc = qv_match_log(s->m, s->viewer, 0, keep_line, out);
	return rc ? qv_fail(err, rc, "the log could not be worded") : QV_OK;
}

static qv_status do_state(void *ctx, qv_buf *out, qv_err *err)
{
	return json_out(qv_match_state_json(((scene *)ctx)->m), out, err);
}

static qv_status do_view(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	return json_out(qv_match_view_json(s->m, s->viewer), out, err);
}

/* The record, as JSON text kept for do_load. */
static qv_status do_record(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv_status rc = json_out(qv_match_record_json(s->m), out, err);
	if (!rc) {
		fault_pause(); /* the test's own copy */
		free(s->record);
		s->record = strdup(qv_buf_str(out));
		fault_resume();
	}
	return rc;
}

/* The kept record read as every loader reads one (qv__json_parse) and loaded back into a new
 * match, which replaces the scene's. */
static qv_status do_load(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	(void)out;
	json_error_t jerr;
	json_t *j;
	qv_status parsed = qv__json_parse(s->record, strlen(s->record), 0, &j, &jerr);
	if (parsed)
		return qv_fail(err, parsed, "the record could not be read: %s", jerr.text);
	qv_match *m;
	qv_status rc = qv_match_load_json_game(&m, &qv_test_game, j, err);
	json_decref(j);
	if (rc)
		return rc;
	qv_match_free(s->m);
	s->m = m;
	return QV_OK;
}

static qv_status do_restart(void *ctx, qv_buf *out, qv_err *err)
{
	(void)out;
	return qv_match_restart(((scene *)ctx)->m, 77, err);
}

static void step(const char *what, fault_call call, const char *text, int viewer)
{
	sc.text = text;
	sc.viewer = viewer;
	fault_step(what, call, print, &sc);
}

static void logs(void)
{
	for (int v = QV_VIEW_PUBLIC; v < 2; v++)
		step("log", do_log, NULL, v);
}

static void scenario(void)
{
	sc = (scene){0};
	step("new", do_new, "rounds=2,folding=true", 0);
	step("play", do_play, "step 2", 0);
	step("play", do_play, "jump", 0);
	step("chance", do_chance, NULL, 0);
	logs();
	step("undo", do_undo, NULL, 0);
	step("play", do_play, "coin tails", 0);
	step("play", do_play, "step 3", 0);
	step("view", do_view, NULL, 0);
	step("play", do_play, "hold", 0);
	step("takeback", do_takeback, NULL, 0);
	step("play", do_play, "hold", 0);
	step("view", do_view, NULL, 1);
	step("play", do_play, "hold", 0);
	logs();
	step("takeback", do_takeback, NULL, 1);
	step("play", do_play, "step 1", 0);
	step("chance", do_chance, NULL, 0);
	step("play", do_play, "hold", 0);
	step("play", do_play, "hold", 0);
	logs();
	step("state", do_state, NULL, 0);
	step("record", do_record, NULL, 0);
	step("load", do_load, NULL, 0);
	logs();
	step("undo", do_undo, NULL, 0);
	step("restart", do_restart, NULL, 0);
	step("play", do_play, "step 1", 0);
	step("record", do_record, NULL, 0);
	qv_match_free(sc.m);
	free(sc.record);
	sc = (scene){0};
}

int main(void)
{
	fault_init();
	return fault_loop("match", scenario, 200000, 600);
}
