/*
 * fault_protocol.c - the engine protocol (what tests/unit/test_protocol.c covers) with every
 * allocation refused in turn: a THREE ARROWS session of every command that reads or changes
 * the game, errors, ids, loading a position and a record, agents' moves, chance and undo, a
 * variant given inline, and texts nested deeper than 64 levels (refused alike in every run).
 * A refused command must answer "? out of memory ..." and leave the session as it was: its
 * state and record (read with faults paused) are those before it (fault.h).
 */
#include <stdio.h>
#include <string.h>

#include "fault.h"
#include "quiver/protocol.h"

typedef struct scene {
	qv_protocol *p;
	const char *line;
} scene;

static scene sc;

/* A THREE ARROWS variant given inline, as `quiver engine --variant` or a client would. */
#define VARIANT                                                                                    \
	"variant {\"quiver_variant\": 1, \"game\": \"three-arrows\", \"name\": \"angle with a "    \
	"diagonal\", \"pieces\": {\"modify\": {\"A\": {\"arrows\": [\"N\", \"NE\", \"E\"]}}}}"

/* 65 levels of nesting. */
#define DEEP "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]"

/* The reply to one line, with a copy of the session's record kept for `load`. */
static char record[1 << 16];

/* Asks line (faults paused by the caller or not) and appends the reply to out. */
static void ask(qv_protocol *p, const char *line, qv_buf *out) { qv_protocol_handle(p, line, out); }

/* What a client can see of the session: the state, the history and the seats' names. */
static void print(void *ctx, qv_buf *out)
{
	scene *s = ctx;
	if (!s->p) {
		qv_buf_puts(out, "no session");
		return;
	}
	/* Not the logs: what a viewer is told of a move is kept once worded, so reading them here
	 * would change what the steps allocate; the log steps compare them instead. */
	static const char *const reads[] = {"state", "record"};
	for (size_t i = 0; i < sizeof reads / sizeof reads[0]; i++)
		ask(s->p, reads[i], out);
}

static qv_status do_line(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	ask(s->p, s->line, out);
	const char *r = qv_buf_str(out);
	if (r[0] == '?' && strstr(r, "out of memory"))
		return qv_fail(err, QV_ENOMEM, "%s", r);
	return r[0] == '?' ? qv_fail(err, QV_EINVAL, "%s", r) : QV_OK;
}

static qv_status do_new(void *ctx, qv_buf *out, qv_err *err)
{
	(void)out;
	scene *s = ctx;
	s->p = qv_protocol_new(1);
	return s->p ? QV_OK : qv_fail(err, QV_ENOMEM, "no session");
}

static void line(const char *text)
{
	sc.line = text;
	fault_step(text, do_line, print, &sc);
}

/* Loads the record the session had when the record was kept. */
static qv_status do_load_record(void *ctx, qv_buf *out, qv_err *err)
{
	scene *s = ctx;
	char text[sizeof record + 8];
	snprintf(text, sizeof text, "load %s", record);
	s->line = text;
	qv_status rc = do_line(ctx, out, err);
	s->line = NULL;
	return rc;
}

/* Keeps the session's record (with faults paused: the test's own reading). */
static void keep_record(void)
{
	qv_buf b = {0};
	fault_pause();
	ask(sc.p, "record", &b);
	const char *r = qv_buf_str(&b);
	size_t n = strlen(r);
	/* "= {...}\n\n" */
	snprintf(record, sizeof record, "%.*s", n > 4 ? (int)(n - 4) : 0, r + 2);
	qv_buf_free(&b);
	fault_resume();
}

static void scenario(void)
{
	sc = (scene){0};
	fault_step("session", do_new, print, &sc);
	line("protocol_version");
	line("7 list_games");
	line("frob");
	line("legal");
	line("new three-arrows size=9");
	line("new three-arrows");
	line("params");
	line("legal");
	line("play place Y c1 N");
	line("play attack c1 c2");
	line("play place X f4 N shielded");
	line("undo");
	line("play place X f4 N shielded");
	line("undo p2");
	line("genmove random");
	line("genmove greedy");
	line("genmove random");
	line("show");
	line("show p1 compact");
	line("log p2");
	line("history");
	keep_record();
	line("load {\"game\":\"three-arrows\",\"state\":{\"board\":["
	     "{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"A\"},"
	     "{\"sq\":\"c2\",\"owner\":\"p2\",\"piece\":\"X\"}],"
	     "\"players\":[{\"home\":\"S\"},{\"home\":\"N\"}]}}");
	line("load {\"game\":");
	line("view p1");
	line("chance");
	line("play attack c1 c2");
	line("legal");
	line("chance");
	line("undo");
	line("settle");
	line("result");
	line("score");
	line("returns");
	line("record");
	fault_step("load record", do_load_record, print, &sc);
	line("load {\"game\": \"three-arrows\", \"state\": " DEEP "}");
	line(VARIANT);
	line("variant {\"quiver_variant\": " DEEP "}");
	line("9 quit");
	qv_protocol_free(sc.p);
	sc = (scene){0};
}

int main(void)
{
	fault_init();
	/* The variant once first, so that every run finds it registered, the reference run too
	 * (a process loads a variant once and keeps it). */
	qv_protocol *p = qv_protocol_new(1);
	qv_buf b = {0};
	ask(p, VARIANT, &b);
	qv_protocol_free(p);
	if (qv_buf_str(&b)[0] != '=') {
		fprintf(stderr, "protocol: the variant cannot be loaded: %s", qv_buf_str(&b));
		return 2;
	}
	qv_buf_free(&b);
	return fault_loop("protocol", scenario, 200000, 600);
}
