/*
 * feed.c - what a table's viewers receive and what a client may fetch: the frames of a
 * connection (a snapshot, or an update with the log lines it has not had), a look back at a
 * past position, a rematch's new seat, and a table's info, record or replay by HTTP. Each
 * only reads a table, under its lock (the callers' or its own), and words a viewer's log
 * (log.c); nothing here changes what the store keeps. A floor above table.c, which never
 * calls here.
 */
#include <stdlib.h>

#include "games/json_util.h"
#include "server/table/replay.h"
#include "server/table/table.h"

/* ---- frames -------------------------------------------------------------------------------- */

/* The log of viewer (a seat or the public), worded up to the end of the history; NULL when out
 * of memory, and then none of the new lines is kept (the next frame words them again). */
static qv__log *viewer_log(qv__table *t, int viewer)
{
	qv__log *log = &t->log[viewer >= 0 ? viewer : t->nseats];
	return qv__log_fill(log, t->m, viewer, &t->serial) ? log : NULL;
}

void qv__frame_shared_free(qv__frame_shared *s)
{
	qv_buf_free(&s->info);
	for (int v = 0; v <= QV_MAX_PLAYERS; v++)
		qv_buf_free(&s->view[v]);
	*s = (qv__frame_shared){0};
}

/* shared, emptied when t is no longer as it was when its parts were written. */
static void shared_check(qv__frame_shared *s, const qv__table *t)
{
	if (s->iv == t->iv && s->v == t->v && s->spectators == t->spectators)
		return;
	s->has_info = false;
	for (int v = 0; v <= QV_MAX_PLAYERS; v++)
		s->has_view[v] = false;
	s->iv = t->iv;
	s->v = t->v;
	s->spectators = t->spectators;
}

/* Appends the JSON j (NULL: out of memory) and drops it. */
static bool put_json(qv_buf *out, json_t *j)
{
	bool ok = qv__json_append(out, j);
	json_decref(j);
	return ok;
}

/* Appends a part written by put (the info or a view) as shared holds it, written into it first
 * when it does not hold it yet (shared NULL: written straight into out). */
static bool put_shared(qv_buf *out, qv__frame_shared *shared, qv_buf *part, bool *has,
                       bool (*put)(qv__table *, int, qv_buf *), qv__table *t, int viewer)
{
	if (!shared)
		return put(t, viewer, out);
	if (!*has) {
		qv_buf_clear(part);
		*has = put(t, viewer, part);
		if (!*has)
			return false;
	}
	qv_buf_putn(out, qv_buf_str(part), part->len);
	return !out->failed;
}

static bool put_info(qv__table *t, int viewer, qv_buf *out)
{
	(void)viewer;
	return put_json(out, qv__table_info_locked(t));
}

static bool put_view(qv__table *t, int viewer, qv_buf *out)
{
	return qv_match_view_text(t->m, viewer, out);
}

/* How many of the lines of log a connection at pos holds still (lines are only appended or
 * cut from the end, and serials grow); -1 when it must have the whole log again: after a
 * takeback (a client then replaces what it shows, and never keeps a line of a move that no
 * longer exists) or a chat line hidden (the whole chat again, a snapshot's, without it). */
static int lines_kept(const qv__table *t, const qv__log *log, const qv__log_pos *pos)
{
	int keep = log->n;
	while (keep > 0 && log->line[keep - 1].serial > pos->serial)
		keep--;
	if (keep > pos->n)
		keep = pos->n;
	if (keep < pos->n || pos->takebacks != t->takebacks || pos->chat_cuts != t->chat_cuts)
		return -1;
	return keep;
}

/* The frame's text after its type: the same members in the same order as a tree of them
 * written by qv__json_dumps, the catalogue and chat with the snapshot only. */
static bool put_frame(qv__table *t, int viewer, bool snapshot, int keep, qv__frame_shared *shared,
                      qv_buf *out)
{
	char name[8];
	qv_buf_puts(out,
	            snapshot ? "{\"type\":\"snapshot\",\"v\":" : "{\"type\":\"update\",\"v\":");
	qv_buf_putd(out, t->v);
	if (snapshot) {
		qv_buf_puts(out, ",\"seat\":\"");
		qv_buf_puts(out, viewer >= 0 ? qv_player_name(viewer, name) : "public");
		qv_buf_putc(out, '"');
	}
	int slot = viewer >= 0 ? viewer : t->nseats;
	qv_buf_puts(out, ",\"table\":");
	/* The catalogue comes once, with the snapshot; updates carry only what changes. */
	bool ok = snapshot ? put_json(out, qv__table_info_full_locked(t))
	                   : put_shared(out, shared, shared ? &shared->info : NULL,
	                                shared ? &shared->has_info : NULL, put_info, t, viewer);
	qv_buf_puts(out, ",\"view\":");
	ok = ok && put_shared(out, shared, shared ? &shared->view[slot] : NULL,
	                      shared ? &shared->has_view[slot] : NULL, put_view, t, viewer);
	qv_buf_puts(out, ",\"log\":");
	ok = ok && qv__log_text(&t->log[slot], keep, out);
	if (snapshot) {
		qv_buf_puts(out, ",\"chat\":");
		ok = ok && put_json(out, qv__chat_json(&t->chat, viewer < 0));
	}
	qv_buf_putc(out, '}');
	return ok && !out->failed;
}

bool qv__table_frame_text_locked(qv__table *t, int viewer, bool snapshot, qv__log_pos *pos,
                                 qv__frame_shared *shared, qv_buf *out)
{
	QV__TABLE_HELD(t);
	qv__log *log = &t->log[viewer >= 0 ? viewer : t->nseats];
	int had = log->n, upto = log->upto;
	if (!viewer_log(t, viewer))
		return false;
	if (shared)
		shared_check(shared, t);
	int keep = snapshot ? -1 : lines_kept(t, log, pos);
	snapshot = keep < 0;
	keep = keep < 0 ? 0 : keep;
	QV_ASSERT(keep >= 0 && keep <= log->n);
	if (!put_frame(t, viewer, snapshot, keep, shared, out)) {
		qv__log_cut(log, had, upto); /* worded again for the next frame */
		return false;
	}
	pos->n = log->n;
	pos->serial = log->n ? log->line[log->n - 1].serial : 0;
	pos->takebacks = t->takebacks;
	pos->chat_cuts = t->chat_cuts;
	return true;
}

json_t *qv__table_frame_locked(qv__table *t, int viewer, bool snapshot, qv__log_pos *pos)
{
	qv__log *log = &t->log[viewer >= 0 ? viewer : t->nseats];
	int had = log->n, upto = log->upto;
	qv_buf text = {0};
	qv__log_pos was = *pos;
	json_t *frame = NULL;
	json_error_t jerr;
	if (qv__table_frame_text_locked(t, viewer, snapshot, pos, NULL, &text) &&
	    qv__json_parse(text.s, text.len, 0, &frame, &jerr) != QV_OK) {
		frame = NULL;
		*pos = was;
		qv__log_cut(log, had, upto); /* worded again for the next frame */
	}
	qv_buf_free(&text);
	return frame;
}

/* ---- looking back -----------------------------------------------------------------------------
 */

/* What the walk to a past position carries. */
typedef struct past_walk {
	qv__table *t;
	int viewer;
	json_t *view;
} past_walk;

/* The View JSON of viewer at st, a position of t's game, as the frames carry it but without
 * legal actions: a past position is only looked at. */
static json_t *past_view(qv__table *t, int viewer, const void *st)
{
	const qv_game *g = t->game;
	char who[8], seat[8];
	json_t *view = g->view_json(st, viewer);
	if (!view)
		return NULL;
	return json_pack("{s:s, s:O, s:s, s:s, s:o}", "game", g->name, "params", t->params,
	                 "viewer", viewer >= 0 ? qv_player_name(viewer, seat) : "public", "to_move",
	                 qv_player_name(g->to_move(st), who), "view", view);
}

/* The first state the walk hands is the one wanted: the view of it, and no more. */
static bool past_step(void *ctx, int entry, const void *before)
{
	(void)entry;
	past_walk *w = ctx;
	w->view = past_view(w->t, w->viewer, before);
	return false;
}

json_t *qv__table_history_locked(qv__table *t, int viewer, long long line, const qv__log_pos *pos,
                                 qv_err *err)
{
	QV__TABLE_HELD(t);
	QV_ASSERT(viewer == QV_VIEW_PUBLIC || (viewer >= 0 && viewer < t->nseats));
	qv__log *log = &t->log[viewer >= 0 ? viewer : t->nseats];
	if (pos->takebacks != t->takebacks) {
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
	past_walk w = {.t = t, .viewer = viewer};
	if (entry + 1 < t->m->nhist) {
		if (qv_match_walk(t->m, entry + 1, past_step, &w)) {
			qv_fail(err, QV_ENOMEM, "out of memory");
			return NULL;
		}
	} else {
		w.view = past_view(t, viewer, t->m->state);
	}
	json_t *frame = w.view ? json_pack("{s:s, s:I, s:I, s:i, s:i, s:o}", "type", "history", "v",
	                                   (json_int_t)t->v, "line", (json_int_t)line, "from", from,
	                                   "to", to, "view", w.view)
	                       : NULL;
	if (!frame)
		qv_fail(err, QV_ENOMEM, "out of memory");
	return frame;
}

json_t *qv__table_rematch_frame_locked(qv__table *t, int viewer)
{
	QV__TABLE_HELD(t);
	return qv__rematch_frame(&t->rematch, viewer, t->nseats);
}

/* ---- what a client may fetch ---------------------------------------------------------------- */

/* A record or a replay holds every hidden thing (hands, decks, secret choices): refused
 * before the game is over. The lock is held. */
static qv_status secret_refused_locked(const qv__table *t, qv__fetch what, qv_err *err)
{
	QV__TABLE_HELD(t);
	return qv_fail(err, QV_ESTATE,
	               "the game at table %s is not over: a %s everything hidden, so it is "
	               "given only at the end",
	               t->id, what == QV__FETCH_RECORD ? "record holds" : "replay shows");
}

qv_status qv__table_fetch(qv__table *t, qv__fetch what, json_t **out, qv_err *err)
{
	*out = NULL;
	qv_status rc = QV_OK;
	qv__table_lock(t);
	if (what == QV__FETCH_INFO)
		*out = qv__table_info_full_locked(t);
	else if (t->status != QV__OVER)
		rc = secret_refused_locked(t, what, err);
	else if (what == QV__FETCH_RECORD)
		*out = qv__table_record_locked(t);
	else /* a programmer's error: a replay is text (qv__table_replay) */
		rc = qv_fail(err, QV_EINVAL, "a replay is fetched with qv__table_replay");
	qv__table_unlock(t);
	if (!rc && !*out)
		rc = qv_fail(err, QV_ENOMEM, "out of memory");
	return rc;
}

qv_status qv__table_replay(qv__table *t, bool full, qv_buf *out, qv_err *err)
{
	qv__table_lock(t);
	json_t *players = t->status == QV__OVER ? qv__table_players_locked(t) : NULL;
	qv_status rc = t->status != QV__OVER ? secret_refused_locked(t, QV__FETCH_REPLAY, err)
	               : !players            ? qv_fail(err, QV_ENOMEM, "out of memory")
	                          : qv__replay_text(t->m, players, full, 0, out, NULL, err);
	json_decref(players);
	qv__table_unlock(t);
	return rc;
}

int qv__table_fetch_stored(qv__store *s, const char *id, qv__fetch what, char **text)
{
	*text = NULL;
	if (what == QV__FETCH_REPLAY || !s || !qv__table_id_valid(id))
		return 0;
	char *info, *record;
	bool rec = what == QV__FETCH_RECORD;
	if (qv__store_get_over(s, id, &info, rec ? &record : NULL) != 1)
		return 0;
	if (rec) {
		free(info);
		*text = record;
	} else {
		*text = info;
	}
	return 1;
}

qv_status qv__table_join_stored(qv__store *s, const char *id, qv_err *err)
{
	char *info;
	if (qv__table_fetch_stored(s, id, QV__FETCH_INFO, &info) != 1)
		return QV_OK;
	free(info);
	return qv__seats_over(id, err);
}
