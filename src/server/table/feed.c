/*
 * feed.c - what a table's viewers receive and what a client may fetch: the frames of a
 * connection (a snapshot, or an update with the log lines it has not had), a look back at a
 * past position, a rematch's new seat, and a table's info, record or replay by HTTP. Each
 * only reads a table, under its lock (the callers' or its own), and words a viewer's log;
 * nothing here changes what the store keeps. The frames themselves are the engine's
 * (src/engine/feed/frame.c, shared with the app's local tables): this file gives them the
 * server's parts, its info, chat and what one broadcast's frames share. A floor above
 * table.c, which never calls here.
 */
#include <stdlib.h>

#include "games/json_util.h"
#include "server/table/replay.h"
#include "server/table/table.h"

/* ---- frames -------------------------------------------------------------------------------- */

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

/* What the frames of one connection's call read: the table and what a broadcast shares. */
typedef struct frame_ctx {
	qv__table *t;
	qv__frame_shared *shared;
} frame_ctx;

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

/* The catalogue comes once, with the snapshot; updates carry only what changes. */
static bool frame_info(void *ctx, int viewer, bool snapshot, qv_buf *out)
{
	frame_ctx *c = ctx;
	if (snapshot)
		return put_json(out, qv__table_info_full_locked(c->t));
	qv__frame_shared *s = c->shared;
	return put_shared(out, s, s ? &s->info : NULL, s ? &s->has_info : NULL, put_info, c->t,
	                  viewer);
}

static bool frame_view(void *ctx, int viewer, qv_buf *out)
{
	frame_ctx *c = ctx;
	qv__frame_shared *s = c->shared;
	int slot = viewer >= 0 ? viewer : c->t->nseats;
	return put_shared(out, s, s ? &s->view[slot] : NULL, s ? &s->has_view[slot] : NULL,
	                  put_view, c->t, viewer);
}

static bool frame_chat(void *ctx, int viewer, qv_buf *out)
{
	frame_ctx *c = ctx;
	return put_json(out, qv__chat_json(&c->t->chat, viewer < 0));
}

bool qv__table_frame_text_locked(qv__table *t, int viewer, bool snapshot, qv__log_pos *pos,
                                 qv__frame_shared *shared, qv_buf *out)
{
	QV__TABLE_HELD(t);
	if (shared)
		shared_check(shared, t);
	frame_ctx c = {.t = t, .shared = shared};
	qv__frame_parts parts = {
	    .v = t->v, .info = frame_info, .view = frame_view, .chat = frame_chat, .ctx = &c};
	return qv__feed_frame(&t->feed, t->m, t->nseats, viewer, snapshot, pos, &parts, out);
}

json_t *qv__table_frame_locked(qv__table *t, int viewer, bool snapshot, qv__log_pos *pos)
{
	QV__TABLE_HELD(t);
	frame_ctx c = {.t = t};
	qv__frame_parts parts = {
	    .v = t->v, .info = frame_info, .view = frame_view, .chat = frame_chat, .ctx = &c};
	return qv__feed_frame_json(&t->feed, t->m, t->nseats, viewer, snapshot, pos, &parts);
}

/* ---- looking back -----------------------------------------------------------------------------
 */

json_t *qv__table_history_locked(qv__table *t, int viewer, long long line, const qv__log_pos *pos,
                                 qv_err *err)
{
	QV__TABLE_HELD(t);
	QV_ASSERT(viewer == QV_VIEW_PUBLIC || (viewer >= 0 && viewer < t->nseats));
	return qv__feed_history(&t->feed, t->m, t->nseats, t->params, t->v, viewer, line, pos, err);
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
