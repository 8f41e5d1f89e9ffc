/*
 * frame.c - the frames of a table's viewers (frame.h): a snapshot or an update from each
 * viewer's log, written straight to text, and the look back at a past position.
 */
#include <stdlib.h>

#include "engine/feed/frame.h"
#include "games/json_util.h"

void qv__feed_free(qv__feed *f, int nseats)
{
	for (int v = 0; v <= nseats; v++)
		qv__log_free(&f->log[v]);
	*f = (qv__feed){0};
}

qv__log *qv__feed_log(qv__feed *f, int nseats, int viewer)
{
	QV_ASSERT(viewer == QV_VIEW_PUBLIC || (viewer >= 0 && viewer < nseats));
	return &f->log[viewer >= 0 ? viewer : nseats];
}

void qv__feed_cut(qv__feed *f, int nseats, int nhist, bool taken)
{
	for (int v = 0; v <= nseats; v++)
		qv__log_forget(&f->log[v], nhist);
	if (taken)
		f->takebacks++;
}

/* How many of the lines of log a connection at pos holds still (lines are only appended or
 * cut from the end, and serials grow); -1 when it must have the whole log again: after a
 * takeback (a client then replaces what it shows, and never keeps a line of a move that no
 * longer exists) or a cut of the table's own (the server's chat line hidden: the whole chat
 * again, a snapshot's, without it). */
static int lines_kept(const qv__feed *f, const qv__log *log, const qv__log_pos *pos)
{
	int keep = log->n;
	while (keep > 0 && log->line[keep - 1].serial > pos->serial)
		keep--;
	if (keep > pos->n)
		keep = pos->n;
	if (keep < pos->n || pos->takebacks != f->takebacks || pos->cuts != f->cuts)
		return -1;
	return keep;
}

/* The frame's text: the same members in the same order as a tree of them written by
 * qv__json_dumps, "seat" and the chat with the snapshot only. */
static bool put_frame(const qv__log *log, int viewer, bool snapshot, int keep, bool messages,
                      const qv__frame_parts *parts, qv_buf *out)
{
	char name[8];
	qv_buf_puts(out,
	            snapshot ? "{\"type\":\"snapshot\",\"v\":" : "{\"type\":\"update\",\"v\":");
	qv_buf_putd(out, parts->v);
	if (snapshot) {
		qv_buf_puts(out, ",\"seat\":\"");
		qv_buf_puts(out, viewer >= 0 ? qv_player_name(viewer, name) : "public");
		qv_buf_putc(out, '"');
	}
	qv_buf_puts(out, ",\"table\":");
	bool ok = parts->info(parts->ctx, viewer, snapshot, out);
	qv_buf_puts(out, ",\"view\":");
	ok = ok && parts->view(parts->ctx, viewer, out);
	qv_buf_puts(out, ",\"log\":");
	ok = ok && qv__log_text(log, keep, messages, out);
	if (snapshot && parts->chat) {
		qv_buf_puts(out, ",\"chat\":");
		ok = ok && parts->chat(parts->ctx, viewer, out);
	}
	qv_buf_putc(out, '}');
	return ok && !out->failed;
}

bool qv__feed_frame(qv__feed *f, qv_match *m, int nseats, int viewer, bool snapshot,
                    qv__log_pos *pos, const qv__frame_parts *parts, qv_buf *out)
{
	qv__log *log = qv__feed_log(f, nseats, viewer);
	int had = log->n, upto = log->upto;
	if (!qv__log_fill(log, m, viewer, &f->serial))
		return false;
	int keep = snapshot ? -1 : lines_kept(f, log, pos);
	snapshot = keep < 0;
	keep = keep < 0 ? 0 : keep;
	QV_ASSERT(keep >= 0 && keep <= log->n);
	if (!put_frame(log, viewer, snapshot, keep, pos->messages, parts, out)) {
		qv__log_cut(log, had, upto); /* worded again for the next frame */
		return false;
	}
	pos->n = log->n;
	pos->serial = log->n ? log->line[log->n - 1].serial : 0;
	pos->takebacks = f->takebacks;
	pos->cuts = f->cuts;
	return true;
}

json_t *qv__feed_frame_json(qv__feed *f, qv_match *m, int nseats, int viewer, bool snapshot,
                            qv__log_pos *pos, const qv__frame_parts *parts)
{
	qv__log *log = qv__feed_log(f, nseats, viewer);
	int had = log->n, upto = log->upto;
	qv_buf text = {0};
	qv__log_pos was = *pos;
	json_t *frame = NULL;
	json_error_t jerr;
	if (qv__feed_frame(f, m, nseats, viewer, snapshot, pos, parts, &text) &&
	    qv__json_parse(text.s, text.len, 0, &frame, &jerr) != QV_OK) {
		frame = NULL;
		*pos = was;
		qv__log_cut(log, had, upto); /* worded again for the next frame */
	}
	qv_buf_free(&text);
	return frame;
}

/* ---- looking back ----------------------------------------------------------------------------
 */

/* What the walk to a past position carries. */
typedef struct past_walk {
	const qv_game *g;
	const json_t *params;
	int viewer;
	json_t *view;
} past_walk;

/* The View JSON of viewer at st, a position of the game, as the frames carry it but without
 * legal actions: a past position is only looked at. */
static json_t *past_view(const past_walk *w, const void *st)
{
	const qv_game *g = w->g;
	char who[8], seat[8];
	json_t *view = g->view_json(st, w->viewer);
	if (!view)
		return NULL;
	return json_pack("{s:s, s:O, s:s, s:s, s:o}", "game", g->name, "params", w->params,
	                 "viewer", w->viewer >= 0 ? qv_player_name(w->viewer, seat) : "public",
	                 "to_move", qv_player_name(g->to_move(st), who), "view", view);
}

/* The first state the walk hands is the one wanted: the view of it, and no more. */
static bool past_step(void *ctx, int entry, const void *before)
{
	(void)entry;
	past_walk *w = ctx;
	w->view = past_view(w, before);
	return false;
}

json_t *qv__feed_history(qv__feed *f, qv_match *m, int nseats, const json_t *params, long long v,
                         int viewer, long long line, const qv__log_pos *pos, qv_err *err)
{
	qv__log *log = qv__feed_log(f, nseats, viewer);
	if (pos->takebacks != f->takebacks) {
		qv_fail(err, QV_ESTATE,
		        "history: the log changed with an undo; the whole log follows in a "
		        "snapshot, ask again with a line of it");
		return NULL;
	}
	QV_ASSERT(pos->n <= log->n);
	if (line < 0 || line >= pos->n) {
		qv_fail(err, QV_EINVAL,
		        "history: line %lld is not in your log, which has %d lines: expected "
		        "{\"type\": \"history\", \"line\": N} with N from 0 to %d",
		        line, pos->n, pos->n - 1);
		return NULL;
	}
	/* The lines of the entry that line tells: an entry's lines are worded together. */
	int entry = log->line[line].entry, from = (int)line, to = (int)line + 1;
	while (from > 0 && log->line[from - 1].entry == entry)
		from--;
	while (to < log->n && log->line[to].entry == entry)
		to++;
	past_walk w = {.g = m->game, .params = params, .viewer = viewer};
	if (entry + 1 < m->nhist) {
		if (qv_match_walk(m, entry + 1, past_step, &w)) {
			qv_fail(err, QV_ENOMEM, "out of memory");
			return NULL;
		}
	} else {
		w.view = past_view(&w, m->state);
	}
	json_t *frame = w.view ? json_pack("{s:s, s:I, s:I, s:i, s:i, s:o}", "type", "history", "v",
	                                   (json_int_t)v, "line", (json_int_t)line, "from", from,
	                                   "to", to, "view", w.view)
	                       : NULL;
	if (!frame)
		qv_fail(err, QV_ENOMEM, "out of memory");
	return frame;
}
