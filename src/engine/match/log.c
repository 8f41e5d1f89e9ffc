/*
 * log.c - the narrated log: every history entry's move and its consequences, worded for one
 * viewer (a player, the public, or the referee who sees everything), as the protocol's `log`,
 * `quiver play` and the server's frames tell them.
 *
 * A move is worded once per viewer (qv_action_seen: what that viewer may know of it) and kept
 * with its entry, so a log that is asked again, or from where it stopped, costs nothing but
 * the new entries; only an entry not yet worded needs the state before it, which a walk
 * (walk.c) gives. The consequences are the narration the game wrote when the match applied the
 * entry (history.c), each line worded for the viewer when it is told (qv_word_line).
 */
#include <string.h>

#include "engine/match/history.h"
#include "engine/match/log.h"

/* The slot of a viewer (a player of m, QV_VIEW_PUBLIC or QV_VIEW_ALL) in an entry's worded
 * moves, of v (qv__match_viewers): the players', then the public's and the referee's. */
static int viewer_slot(int viewer, int v)
{
	if (viewer == QV_VIEW_PUBLIC)
		return v - 2;
	if (viewer == QV_VIEW_ALL)
		return v - 1;
	QV_ASSERT(viewer >= 0 && viewer < v - 2);
	return viewer;
}

/* Entry i's move as viewer may know it, worked out at `before` (the state before it) and kept;
 * "" when the viewer is told nothing. NULL when out of memory, and then nothing is kept. */
const char *qv__match_seen_text(qv_match *m, int i, const void *before, int viewer)
{
	QV_ASSERT(i >= 0 && i < m->nhist);
	int v = qv__match_viewers(m);
	char **slot = &m->seen[i * v + viewer_slot(viewer, v)];
	if (*slot)
		return *slot;
	char text[QV_ACTION_TEXT + 16];
	int shown =
	    qv_action_seen(m->game, before, m->hist[i].action, viewer, text, QV_ACTION_TEXT, NULL);
	if (shown < 0)
		return NULL;
	if (!shown)
		text[0] = '\0';
	else if (m->hist[i].automatic && (viewer == QV_VIEW_ALL || viewer == m->hist[i].who))
		/* Said only to the mover and the referee: to others, that a player (or chance) had
		 * a single option can tell what that player holds. */
		strcat(text, " (only option)");
	*slot = strdup(text);
	m->nseen += *slot != NULL;
	QV_ASSERT(m->nseen <= m->nhist * v);
	return *slot;
}

/* Whether the log can be worded for viewer: a player of the game, QV_VIEW_PUBLIC or
 * QV_VIEW_ALL. */
static bool log_viewer(const qv_match *m, int viewer)
{
	return viewer >= QV_VIEW_PUBLIC && viewer < m->game->num_players(m->state);
}

/* Calls fn with entry i's lines for viewer: its move worded as `text` (none when empty; NULL
 * when it could not be worded), then its consequences, each worded into line[0] and its
 * message into line[1]. QV_ENOMEM when a line could not be worded: the lines before it were
 * given, none after. */
static qv_status entry_lines(const qv_match *m, int viewer, int i, const char *text, qv_buf *line,
                             qv_log_fn fn, void *ctx)
{
	const qv_move *mv = &m->hist[i];
	qv_log_line l = {.entry = i, .who = mv->who, .about = mv->who, .automatic = mv->automatic};
	if (!text)
		return QV_ENOMEM;
	if (*text) {
		l.text = text;
		fn(ctx, &l);
	}
	size_t at = m->said_at[i];
	size_t end = i + 1 < m->nhist ? m->said_at[i + 1] : m->said.text.len;
	QV_ASSERT(at <= end && end <= m->said.text.len);
	const char *s = qv_buf_str(&m->said.text);
	while (at < end) {
		const char *nl = memchr(s + at, '\n', end - at);
		size_t len = nl ? (size_t)(nl - (s + at)) : end - at;
		qv_buf_clear(&line[0]);
		qv_buf_clear(&line[1]);
		bool said = qv_word_line(s + at, len, viewer, &line[0]);
		bool msg = said && qv_word_message(s + at, len, viewer, &line[1]);
		if (line[0].failed || line[1].failed)
			return QV_ENOMEM;
		if (said) {
			l.consequence = true;
			l.about = qv_line_about(s + at, len);
			l.text = qv_buf_str(&line[0]);
			l.msg = msg ? qv_buf_str(&line[1]) : NULL;
			fn(ctx, &l);
		}
		at += len + 1;
	}
	return QV_OK;
}

void qv_match_log_entry(qv_match *m, int viewer, int i, const void *before, qv_log_fn fn, void *ctx)
{
	if (!log_viewer(m, viewer) || i < 0 || i >= m->nhist)
		return;
	qv_buf line[2] = {{0}};
	(void)entry_lines(m, viewer, i, qv__match_seen_text(m, i, before, viewer), line, fn, ctx);
	qv_buf_free(&line[0]);
	qv_buf_free(&line[1]);
}

/* What qv_match_log's walk carries. */
typedef struct log_walk {
	qv_match *m;
	int viewer;
	qv_buf line[2];
	qv_log_fn fn;
	void *ctx;
	qv_status rc;
} log_walk;

/* An entry not yet worded for the viewer: worded at the state before it, then its lines. */
static bool log_step(void *ctx, int i, const void *before)
{
	log_walk *w = ctx;
	w->rc = entry_lines(w->m, w->viewer, i, qv__match_seen_text(w->m, i, before, w->viewer),
	                    w->line, w->fn, w->ctx);
	return w->rc == QV_OK;
}

/* The entries already worded for the viewer are told from what was kept; the walk starts at
 * the first that is not (usually where the previous log of the viewer ended). */
qv_status qv_match_log(qv_match *m, int viewer, int from, qv_log_fn fn, void *ctx)
{
	if (from < 0)
		from = 0;
	if (!log_viewer(m, viewer) || from >= m->nhist)
		return QV_OK;
	log_walk w = {.m = m, .viewer = viewer, .fn = fn, .ctx = ctx};
	int v = qv__match_viewers(m), slot = viewer_slot(viewer, v), i = from;
	for (; i < m->nhist && m->seen[i * v + slot] && !w.rc; i++)
		w.rc = entry_lines(m, viewer, i, m->seen[i * v + slot], w.line, fn, ctx);
	if (!w.rc && qv_match_walk(m, i, log_step, &w))
		w.rc = QV_ENOMEM;
	qv_buf_free(&w.line[0]);
	qv_buf_free(&w.line[1]);
	return w.rc;
}
