/*
 * fault_files.c - the files quiver reads JSON from, outside a game's record and state (which
 * fault_protocol's `load` covers), with every allocation refused in turn: a lesson of
 * tutorials/ read from its file and from its text, and a variant file of examples/variants/
 * (both named on the command line). A refusal must fail with QV_ENOMEM ("out of memory
 * reading ..."); a text nested deeper than 64 levels is refused the same way in every run,
 * before anything is allocated. What each step read is its answer, which every run must give
 * alike (fault.h).
 *
 * Usage: fault_files LESSON.json VARIANT.json
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fault.h"
#include "quiver/lesson.h"
#include "quiver/variant.h"

typedef struct scene {
	const char *path; /* the file read by the step */
	const char *text; /* the text read by the step */
} scene;

static scene sc;
static char *lesson_text;
static const char *lesson_path, *variant_path;

/* Nothing outlives a step: each reads and frees, so there is no state to compare. */
static void print(void *ctx, qv_buf *out)
{
	(void)ctx;
	qv_buf_puts(out, "-");
}

/* What a lesson read holds, in brief. */
static void describe(const qv_lesson *l, qv_buf *out)
{
	qv_buf_printf(out, "%s: %s, %d steps, learner p%d, %d topics", l->id, l->title, l->nsteps,
	              l->learner + 1, l->ntopics);
}

static qv_status do_lesson_file(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv_lesson *l;
	qv_status rc = qv_lesson_load_file(&l, s->path, err);
	if (rc)
		return rc;
	describe(l, out);
	qv_lesson_free(l);
	return QV_OK;
}

static qv_status do_lesson_text(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	qv_lesson *l;
	qv_status rc = qv_lesson_parse(&l, s->text, "lesson", err);
	if (rc) {
		qv_buf_puts(out, err->msg);
		return rc;
	}
	describe(l, out);
	qv_lesson_free(l);
	return QV_OK;
}

static qv_status do_variant_file(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	const qv_variant *v;
	qv_status rc = qv_variant_load(s->path, NULL, &v, err);
	if (rc)
		return rc;
	qv_buf_printf(out, "%s %s %s", v->game->name, v->name, v->sha256);
	return QV_OK;
}

static void step(const char *what, fault_call call, const char *path, const char *text)
{
	sc.path = path;
	sc.text = text;
	fault_step(what, call, print, &sc);
}

static void scenario(void)
{
	sc = (scene){0};
	step("lesson file", do_lesson_file, lesson_path, NULL);
	step("lesson text", do_lesson_text, NULL, lesson_text);
	step("deep lesson", do_lesson_text, NULL,
	     "{\"game\": \"three-arrows\", \"steps\": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
	     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]}");
	step("variant file", do_variant_file, variant_path, NULL);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: fault_files LESSON.json VARIANT.json\n");
		return 2;
	}
	fault_init();
	lesson_path = argv[1];
	variant_path = argv[2];
	FILE *f = fopen(lesson_path, "rb");
	lesson_text = calloc(1, 1 << 20);
	if (!f || !lesson_text || fread(lesson_text, 1, (1 << 20) - 1, f) == 0) {
		fprintf(stderr, "fault_files: cannot read %s\n", lesson_path);
		return 2;
	}
	fclose(f);
	/* The variant once first, so that every run finds it registered, the reference run too
	 * (a process loads a variant once and keeps it). */
	const qv_variant *v;
	qv_err err;
	if (qv_variant_load(variant_path, NULL, &v, &err)) {
		fprintf(stderr, "fault_files: %s\n", err.msg);
		return 2;
	}
	int bad = fault_loop("files", scenario, 100000, 600);
	free(lesson_text);
	return bad;
}
