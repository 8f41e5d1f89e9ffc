/*
 * recall.c - what a seat has observed, in order: the perfect-recall part of its information
 * state (include/quiver/spiel.h, docs/python.md "Information state"). The history is replayed
 * from its base, and each action is told to the seat as the engine's narrated log tells it to
 * that viewer (src/engine/match/log.c): the move as the seat may know it (qv_action_seen: its
 * own in full, another's or chance's with every word it cannot know written "?", or
 * "(hidden)"; nothing at all for another's secret commitment that leaves its view as it was,
 * whose very number is hidden), then the consequences the game narrates, each worded for the
 * seat (qv_word_line). No game knowledge lives here: what a seat may know is the game's. The
 * lines are kept in the state as they are worked out, so that each action is told to a seat
 * once, as the match's log words each entry once per viewer.
 *
 * Lines: "p1 TEXT" or "chance TEXT" for a move (who made it, then what the seat was told),
 * "  TEXT" for a consequence. A state resampled for seat p (qv_spiel_resample) keeps p's
 * earlier lines; another seat's begin with a line saying that its observations before the
 * resample are not known in that world.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/spiel/handles.h"

qv_spiel_state *qv__spiel_state_alloc(const qv_spiel_game *g)
{
	qv_spiel_state *s = calloc(1, sizeof *s + 2 * QV__SPIEL_SLOT(g));
	if (s) {
		s->game = g;
		s->known = -1;
	}
	return s;
}

qv_status qv__spiel_record(qv_spiel_state *s, qv_action a, qv_err *err)
{
	if (s->nhist == s->caphist) {
		int cap = s->caphist ? 2 * s->caphist : 64;
		qv_action *h = realloc(s->hist, sizeof *h * (size_t)cap);
		if (!h)
			return qv_fail(err, QV_ENOMEM, "out of memory");
		s->hist = h;
		s->caphist = cap;
	}
	s->hist[s->nhist++] = a;
	return QV_OK;
}

/* What the seat is told of action a at `before` (the state before it), which the caller then
 * applies with ev (the consequences to word). */
static qv_status told(const qv_game *g, const void *before, qv_action a, int p, qv_buf *out)
{
	char text[QV_ACTION_TEXT], name[8];
	int shown = qv_action_seen(g, before, a, p, text, sizeof text, NULL);
	if (shown < 0)
		return QV_ENOMEM; /* text then hides enough to show, but not to keep */
	if (shown) {
		qv_buf_puts(out, qv_player_name(g->to_move(before), name));
		qv_buf_putc(out, ' ');
		qv_buf_puts(out, text);
		qv_buf_putc(out, '\n');
	}
	return QV_OK;
}

/* The consequences in ev worded for seat p, a line each. */
static qv_status consequences(const qv_events *ev, int p, qv_buf *out, qv_buf *line)
{
	const char *s = qv_buf_str(&ev->text);
	size_t at = 0, end = ev->text.len;
	while (at < end) {
		const char *nl = memchr(s + at, '\n', end - at);
		size_t len = nl ? (size_t)(nl - (s + at)) : end - at;
		qv_buf_clear(line);
		bool said = qv_word_line(s + at, len, p, line);
		if (line->failed)
			return QV_ENOMEM;
		if (said) {
			qv_buf_puts(out, "  ");
			qv_buf_puts(out, qv_buf_str(line));
			qv_buf_putc(out, '\n');
		}
		at += len + 1;
	}
	return QV_OK;
}

/* Extends seat p's kept lines to the whole history: the history replayed from base to where
 * they stop, then each further action told to p. On failure the kept lines stay as they were
 * (or, when their buffer could not grow, are dropped, to be worked out again). */
static qv_status extend(qv_spiel_state *s, int p)
{
	const qv_game *g = s->game->g;
	void *st = malloc(g->state_size);
	if (!st)
		return QV_ENOMEM;
	memcpy(st, QV__SPIEL_BASE(s), g->state_size);
	int from = s->recall_at[p];
	for (int i = 0; i < from; i++)
		g->apply(st, s->hist[i], NULL);
	qv_buf *out = &s->recall[p];
	size_t len = out->len;
	qv_events ev = {0};
	qv_buf line = {0};
	qv_status rc = QV_OK;
	for (int i = from; i < s->nhist && rc == QV_OK; i++) {
		rc = told(g, st, s->hist[i], p, out);
		qv_events_clear(&ev);
		g->apply(st, s->hist[i], &ev);
		if (rc == QV_OK && ev.text.failed)
			rc = QV_ENOMEM;
		if (rc == QV_OK)
			rc = consequences(&ev, p, out, &line);
	}
	free(st);
	qv_events_free(&ev);
	qv_buf_free(&line);
	if (rc == QV_OK && out->failed)
		rc = QV_ENOMEM;
	if (rc != QV_OK) {
		/* Back to the lines kept before: a failed buffer is dropped and made again. */
		if (out->failed) {
			qv_buf_free(out);
			s->recall_at[p] = 0;
		} else {
			out->len = len;
			if (out->s)
				out->s[len] = '\0';
		}
		return rc;
	}
	s->recall_at[p] = s->nhist;
	return QV_OK;
}

/* The kept lines are the state's own cache: a const state still gains them (a state is used by
 * one thread at a time, spiel.h). */
qv_status qv__spiel_recall(const qv_spiel_state *s, int p, qv_buf *out, qv_err *err)
{
	qv_spiel_state *m = (qv_spiel_state *)s;
	if (m->recall_at[p] < m->nhist && extend(m, p) != QV_OK)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	if (s->known >= 0 && s->known != p) {
		char name[8];
		qv_buf_printf(out,
		              "(a world drawn for %s: what this seat saw before is not known)\n",
		              qv_player_name(s->known, name));
	} else if (s->prior) {
		qv_buf_puts(out, s->prior);
	}
	qv_buf_puts(out, qv_buf_str(&s->recall[p]));
	return out->failed ? qv_fail(err, QV_ENOMEM, "out of memory") : QV_OK;
}
