/*
 * history.c - a match's history: each entry's move (who, the action, whether it was the only
 * option), the notation the match wrote when it applied it (the full-knowledge text, kept
 * unless the match is quiet), the narration of its consequences, and the room each viewer's
 * wording of it (log.c) is kept in.
 *
 * The history only grows by one entry at a time (qv__match_append) and is only cut back whole
 * from some entry on (qv__match_truncate: an undo, a takeback, a forced move that could not
 * follow its decision); the state is then rebuilt by a replay from the nearest mark (walk.c).
 * Both keep the invariants qv__match_check_history asserts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/match/history.h"
#include "engine/match/position.h"
#include "engine/match/walk.h"

int qv__match_viewers(const qv_match *m) { return m->game->num_players(m->base) + 2; }

/* Frees the worded moves of the entries from `from` on (none to visit in a quiet match). */
void qv__match_free_seen(qv_match *m, int from)
{
	if (!m->nseen)
		return;
	int v = qv__match_viewers(m);
	for (int i = from * v; m->nseen && i < m->nhist * v; i++)
		if (m->seen[i]) {
			free(m->seen[i]);
			m->seen[i] = NULL;
			m->nseen--;
		}
	QV_ASSERT(m->nseen >= 0 && m->nseen <= from * v);
}

/* The invariants of the history, checked after every change of it: the counts, one kept
 * notation per entry (the last one ends the notes), the narration offsets in order and within
 * the narration, the worded moves and the marks within the history. */
void qv__match_check_history(const qv_match *m)
{
	QV_ASSERT(m->nhist >= 0 && m->nhist <= m->caphist);
	QV_ASSERT(m->nseen >= 0 && m->nseen <= m->nhist * qv__match_viewers(m));
	QV_ASSERT(m->nnotes >= 0 && m->nnotes <= m->nhist && (m->quiet || m->nnotes == m->nhist));
	QV_ASSERT(m->notes_len <= m->notes_cap);
	if (m->nnotes == 0) {
		QV_ASSERT(m->notes_len == 0);
	} else {
		QV_ASSERT(m->note_at[m->nnotes - 1] + strlen(m->notes + m->note_at[m->nnotes - 1]) +
		              1 ==
		          m->notes_len);
		QV_ASSERT(m->nnotes < 2 || m->note_at[m->nnotes - 2] < m->note_at[m->nnotes - 1]);
	}
	if (m->nhist > 0) {
		QV_ASSERT(m->said_at[m->nhist - 1] <= m->said.text.len);
		QV_ASSERT(m->nhist < 2 || m->said_at[m->nhist - 2] <= m->said_at[m->nhist - 1]);
	}
	for (int k = 0; k < QV_MATCH_MARKS; k++)
		QV_ASSERT(m->mark_at[k] <= m->nhist);
	(void)m;
}

/* Makes room for one more history entry (its move, narration and notation offsets and worded
 * moves). */
static qv_status hist_reserve(qv_match *m, qv_err *err)
{
	int cap = m->caphist ? m->caphist * 2 : 64;
	qv_move *h = realloc(m->hist, (size_t)cap * sizeof *h);
	if (h)
		m->hist = h;
	uint32_t *at = h ? realloc(m->said_at, (size_t)cap * sizeof *at) : NULL;
	if (at)
		m->said_at = at;
	uint32_t *nat = at ? realloc(m->note_at, (size_t)cap * sizeof *nat) : NULL;
	if (nat)
		m->note_at = nat;
	int v = qv__match_viewers(m);
	char **seen = nat ? realloc(m->seen, (size_t)cap * (size_t)v * sizeof *seen) : NULL;
	if (!seen)
		return qv_fail(err, QV_ENOMEM, "out of memory growing the history");
	/* Entries past the history have no worded moves: new ones start empty, and
	 * qv__match_free_seen empties those it cuts off. */
	for (int i = m->caphist * v; i < cap * v; i++)
		seen[i] = NULL;
	m->seen = seen;
	m->caphist = cap;
	return QV_OK;
}

/* Makes room in the notes for one more notation (QV_ACTION_TEXT bytes). */
static qv_status notes_reserve(qv_match *m, qv_err *err)
{
	if (m->notes_cap - m->notes_len >= QV_ACTION_TEXT)
		return QV_OK;
	size_t cap = m->notes_cap ? m->notes_cap * 2 : 4096;
	char *s = realloc(m->notes, cap);
	if (!s)
		return qv_fail(err, QV_ENOMEM, "out of memory growing the history");
	m->notes = s;
	m->notes_cap = cap;
	return QV_OK;
}

/* The notation of a at st (the state before it) into buf: "#<action>" if the game cannot
 * name it. */
void qv__match_notation_of(const qv_game *g, const void *st, qv_action a, char *buf, size_t len)
{
	if (g->action_to_text(st, a, buf, len) < 0)
		snprintf(buf, len, "#%d", (int)a);
}

/* Writes the notation of a, about to be applied to the current state as entry nhist, into the
 * notes (room reserved). */
static void note(qv_match *m, qv_action a)
{
	QV_ASSERT(m->nnotes == m->nhist);
	qv__match_notation_of(m->game, m->state, a, m->notes + m->notes_len, QV_ACTION_TEXT);
	m->note_at[m->nnotes++] = (uint32_t)m->notes_len;
	m->notes_len += strlen(m->notes + m->notes_len) + 1;
}

/* Checks a (unless the caller has: `checked`), applies it to the current state with its
 * narration, and appends it to the history with its notation. who is the player to move (or
 * QV_CHANCE). Nothing changes on error. */
qv_status qv__match_append(qv_match *m, int who, qv_action a, bool automatic, bool checked,
                           qv_err *err)
{
	qv_status rc = m->nhist < m->caphist ? QV_OK : hist_reserve(m, err);
	if (!rc && !m->quiet)
		rc = notes_reserve(m, err);
	if (!rc && !checked)
		rc = m->game->check(m->state, a, err);
	if (rc)
		return rc;
	if (!m->quiet)
		note(m, a);
	m->said_at[m->nhist] = (uint32_t)m->said.text.len;
	m->game->apply(m->state, a, m->quiet ? NULL : &m->said);
	qv__match_forget_position(m);
	if (m->said.text.failed) {
		m->said.text.failed = false;
		m->said.text.len = m->said_at[m->nhist];
		if (m->said.text.s)
			m->said.text.s[m->said.text.len] = '\0';
		if (!m->quiet) {
			m->notes_len = m->note_at[--m->nnotes];
		}
		qv__match_position_at(m, m->nhist, m->state);
		return qv_fail(err, QV_ENOMEM, "out of memory narrating an action");
	}
	/* Written with its padding zeroed, so that two entries are the same moves exactly when
	 * their bytes are (qv_match_shared compares histories with memcmp). */
	qv_move mv;
	memset(&mv, 0, sizeof mv);
	mv.action = a;
	mv.who = who;
	mv.automatic = automatic;
	memcpy(&m->hist[m->nhist++], &mv, sizeof mv);
	qv__match_check_history(m);
	return QV_OK;
}

/* Cuts the history to its first n entries (with their narration, notation and worded moves)
 * and rebuilds the state; needs no memory, so it cannot fail. */
void qv__match_truncate(qv_match *m, int n)
{
	QV_ASSERT(n >= 0 && n <= m->nhist);
	qv__match_position_at(m, n, m->state);
	qv__match_forget_position(m);
	qv__match_free_seen(m, n);
	if (n < m->nhist) {
		m->said.text.len = m->said_at[n];
		if (m->said.text.s)
			m->said.text.s[m->said.text.len] = '\0';
	}
	if (n < m->nnotes) {
		m->notes_len = m->note_at[n];
		m->nnotes = n;
	}
	m->nhist = n;
	qv__match_forget_marks(m, n);
	/* A leave stays (it is no move): it now comes before the entries played after n. */
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		if (m->left[p] && m->left_at[p] > n)
			m->left_at[p] = n;
	qv__match_check_history(m);
}

void qv_match_quiet(qv_match *m) { m->quiet = true; }

/* The notation kept when entry i was applied (note). */
const char *qv_match_notation(const qv_match *m, int i)
{
	if (i < 0 || i >= m->nnotes)
		return "";
	QV_ASSERT(m->note_at[i] < m->notes_len);
	return m->notes + m->note_at[i];
}

/* What the walk of qv_match_move_text carries: the buffer the entry's notation goes into. */
typedef struct text_walk {
	const qv_match *m;
	char *buf;
	size_t len;
} text_walk;

/* Writes entry i's notation, at the state before it, into the buffer, and stops there. */
static bool text_step(void *ctx, int i, const void *before)
{
	text_walk *w = ctx;
	qv__match_notation_of(w->m->game, before, w->m->hist[i].action, w->buf, w->len);
	return false;
}

/* The kept notation, or for a quiet match's entry the notation at the state a walk (which keeps
 * nothing: m is const) finds before it. */
void qv_match_move_text(const qv_match *m, int i, char *buf, size_t len)
{
	if (len == 0)
		return;
	qv_copy(buf, len, qv_match_notation(m, i));
	if (i >= m->nnotes && i < m->nhist &&
	    qv__match_walk(m, i, text_step, &(text_walk){.m = m, .buf = buf, .len = len}, NULL))
		snprintf(buf, len, "#%d", (int)m->hist[i].action); /* out of memory */
}
