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

json_t *qv__table_frame_locked(qv__table *t, int viewer, bool snapshot, qv__log_pos *pos)
{
	QV__TABLE_HELD(t);
	qv__log *log = &t->log[viewer >= 0 ? viewer : t->nseats];
	int had = log->n, upto = log->upto;
	if (!viewer_log(t, viewer))
		return NULL;
	int keep = 0;
	if (!snapshot) {
		/* The lines the connection holds that are still in the log: serials grow, and lines
		 * are only appended or cut from the end. */
		keep = log->n;
		while (keep > 0 && log->line[keep - 1].serial > pos->serial)
			keep--;
		if (keep > pos->n)
			keep = pos->n;
		/* After a takeback the whole log again: a client then replaces what it shows, and
		 * never keeps a line of a move that no longer exists; after a chat line hidden, the
		 * whole chat again (a snapshot's), without it. */
		if (keep < pos->n || pos->takebacks != t->takebacks ||
		    pos->chat_cuts != t->chat_cuts) {
			snapshot = true;
			keep = 0;
		}
	}
	QV_ASSERT(keep >= 0 && keep <= log->n);
	json_t *lines = qv__log_json(log, keep);
	json_t *frame = json_pack("{s:s, s:I}", "type", snapshot ? "snapshot" : "update", "v",
	                          (json_int_t)t->v);
	char name[8];
	if (snapshot)
		frame = qv__json_put(
		    frame, "seat",
		    json_string(viewer >= 0 ? qv_player_name(viewer, name) : "public"));
	/* The catalogue comes once, with the snapshot; updates carry only what changes. */
	frame = qv__json_put(frame, "table",
	                     snapshot ? qv__table_info_full_locked(t) : qv__table_info_locked(t));
	frame = qv__json_put(frame, "view", qv_match_view_json(t->m, viewer));
	frame = qv__json_put(frame, "log", lines);
	if (snapshot)
		frame = qv__json_put(frame, "chat", qv__chat_json(&t->chat, viewer < 0));
	if (!frame) {
		qv__log_cut(log, had, upto); /* worded again for the next frame */
		return NULL;
	}
	pos->n = log->n;
	pos->serial = log->n ? log->line[log->n - 1].serial : 0;
	pos->takebacks = t->takebacks;
	pos->chat_cuts = t->chat_cuts;
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
