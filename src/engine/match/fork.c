/*
 * fork.c - a match copied whole, so that a change can be built apart from the match that
 * players see (the server's acts are transactions: the next match is built, saved, and only
 * then put in the place of the old one), and the words the old one had found for its moves
 * handed on to the new one when it takes its place.
 *
 * A fork owns everything it holds: its states, history, notation, narration, commitments and
 * leavers are copies, so nothing done to the fork reaches the original and either may be
 * freed first. Its walk marks (positions kept to replay from, up to eight states) are the
 * original's, read by both until either keeps a new one, which then copies them first
 * (walk.c): a copy made for a change that keeps none costs none. The one cache it starts
 * without is the worded moves (seen), whose texts cost determinizations to make:
 * qv_match_pass_seen moves them, with the marks, for the history the two matches share, from
 * the match being replaced to its successor, which is then as ready to word its log as the
 * old one was.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "engine/match/history.h"
#include "engine/match/life.h"
#include "engine/match/walk.h"
#include "quiver/variant.h"

/* A buffer of a copy: where it is, how many bytes it holds, and the buffer made for it when the
 * one it had is not of the size wanted (made before any is changed, so that a copy refused for
 * memory leaves its match as it was). */
typedef struct sized {
	void **at;
	size_t *cap;
	size_t want;
	void *made;
	bool zero; /* made with every byte 0 (the worded moves: no text) */
} sized;

/* Makes the buffers of b[0..n) that are not of the size they want (of a new size, not grown
 * in place, since the copy writes over them: nothing of theirs needs keeping). false, with
 * none changed, when out of memory. */
static bool make_all(sized *b, int n)
{
	for (int i = 0; i < n; i++) {
		b[i].made = NULL;
		if (*b[i].cap == b[i].want && (*b[i].at || b[i].want == 0))
			continue;
		if (b[i].want == 0)
			continue;
		b[i].made = b[i].zero ? calloc(1, b[i].want) : malloc(b[i].want);
		if (!b[i].made) {
			while (i-- > 0)
				free(b[i].made);
			return false;
		}
	}
	for (int i = 0; i < n; i++)
		if (b[i].made || (b[i].want == 0 && *b[i].at)) {
			free(*b[i].at);
			*b[i].at = b[i].made;
			*b[i].cap = b[i].want;
		}
	return true;
}

/* The parameters of src into dst: only the entries and the text in use (qv_params: the rest is
 * never read), a few dozen bytes rather than the struct's four kilobytes. */
static void params_copy(qv_params *dst, const qv_params *src)
{
	dst->n = src->n;
	dst->used = src->n ? src->used : 0;
	memcpy(dst->kv, src->kv, (size_t)src->n * sizeof *src->kv);
	if (src->n)
		memcpy(dst->text, src->text, (size_t)src->used);
}

qv_status qv_match_fork(const qv_match *m, qv_match **out, qv_err *err)
{
	*out = NULL;
	qv_match *f = qv__match_alloc(m->game, err);
	if (!f)
		return QV_ENOMEM;
	qv_status rc = qv_match_copy(f, m, err);
	if (rc) {
		qv_match_free(f);
		return rc;
	}
	*out = f;
	return QV_OK;
}

/* The struct's fields of src into dst, but for dst's buffers, which stay dst's, and the
 * parameters and names, of which only what is in use is copied (the rest of their room, most
 * of the struct's five kilobytes, is never read). The order of the fields that this copies in
 * runs is checked below. */
static void fields_copy(qv_match *dst, const qv_match *src)
{
	void *state = dst->state, *base = dst->base, *scratch = dst->scratch, *marks = dst->marks;
	qv_action *cout = dst->cout;
	double *cprob = dst->cprob;
	qv_move *hist = dst->hist;
	uint32_t *said_at = dst->said_at, *note_at = dst->note_at;
	char **seen = dst->seen, *notes = dst->notes, *said = dst->said.text.s;
	char(*pending)[QV_PENDING_TEXT] = dst->pending;
	size_t notes_cap = dst->notes_cap, said_cap = dst->said.text.cap;
	memcpy(dst, src, offsetof(qv_match, params));
	params_copy(&dst->params, &src->params);
	memcpy(&dst->seed, &src->seed, offsetof(qv_match, names) - offsetof(qv_match, seed));
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		qv_copy(dst->names[p], sizeof dst->names[p], src->names[p]);
	memcpy(&dst->said, &src->said, sizeof *dst - offsetof(qv_match, said));
	dst->state = state;
	dst->base = base;
	dst->scratch = scratch;
	dst->marks = marks;
	dst->cout = cout;
	dst->cprob = cprob;
	dst->hist = hist;
	dst->said_at = said_at;
	dst->note_at = note_at;
	dst->seen = seen;
	dst->nseen = 0;
	dst->notes = notes;
	dst->notes_cap = notes_cap;
	dst->said.text.s = said;
	dst->said.text.cap = said_cap;
	dst->pending = pending;
	for (int p = 0; src->pending && p < QV_MAX_PLAYERS; p++)
		qv_copy(dst->pending[p], sizeof dst->pending[p], src->pending[p]);
}
_Static_assert(offsetof(qv_match, params) < offsetof(qv_match, seed) &&
                   offsetof(qv_match, seed) < offsetof(qv_match, names) &&
                   offsetof(qv_match, names) + sizeof(((qv_match *)0)->names) ==
                       offsetof(qv_match, said) &&
                   offsetof(qv_match, said) > offsetof(qv_match, caphist),
               "fields_copy copies qv_match in runs between these fields");

/* How many first bytes of src's narration dst holds already, in the buffer it keeps (one of
 * src's size): those of the history entries the two share, which are the same text (an
 * entry's narration is its move's at the state before it). A table copies its match at every
 * act into the copy of the act before, which then lacks only the last entries' lines. */
static size_t said_kept(const qv_match *dst, const qv_match *src)
{
	if (!dst->said.text.s || dst->said.text.cap != src->said.text.cap || !dst->nhist ||
	    !src->nhist)
		return 0;
	int k = qv_match_shared(dst, src);
	size_t same = k < dst->nhist ? dst->said_at[k] : dst->said.text.len;
	if (k == 0 || same > src->said.text.len || (k < src->nhist && src->said_at[k] != same))
		return 0;
	return same;
}

qv_status qv_match_copy(qv_match *dst, const qv_match *src, qv_err *err)
{
	QV_ASSERT(dst->game == src->game && dst != src);
	const qv_game *g = src->game;
	qv__match_free_seen(dst, 0);
	/* With no worded move left, every entry of dst's seen is NULL (history.c keeps those past
	 * the history empty): kept as it is, it needs no clearing. Each buffer takes src's size,
	 * so that a match made in a thread's spare holds what its original held and no more
	 * (the spare may have held a longer game). */
	size_t hcap = (size_t)dst->caphist, need = (size_t)src->caphist;
	size_t vd = (size_t)(hcap ? qv__match_viewers(dst) : 0),
	       vs = (size_t)qv__match_viewers(src);
	size_t h = hcap * sizeof *dst->hist, a = hcap * sizeof *dst->said_at,
	       na = hcap * sizeof *dst->note_at, sn = hcap * vd * sizeof *dst->seen;
	size_t scratch_cap = dst->scratch ? 2 * g->state_size : 0;
	size_t rows = QV_MAX_PLAYERS * sizeof *dst->pending, pending_cap = dst->pending ? rows : 0;
	size_t same = said_kept(dst, src);
	sized b[] = {
	    {(void **)&dst->hist, &h, need * sizeof *dst->hist, NULL, false},
	    {(void **)&dst->said_at, &a, need * sizeof *dst->said_at, NULL, false},
	    {(void **)&dst->note_at, &na, need * sizeof *dst->note_at, NULL, false},
	    {(void **)&dst->seen, &sn, need * vs * sizeof *dst->seen, NULL, true},
	    {(void **)&dst->notes, &dst->notes_cap, src->notes_cap, NULL, false},
	    {(void **)&dst->said.text.s, &dst->said.text.cap, src->said.text.cap, NULL, false},
	    {&dst->scratch, &scratch_cap, src->scratch ? scratch_cap : 0, NULL, false},
	    {(void **)&dst->pending, &pending_cap, src->pending ? rows : 0, NULL, false},
	};
	if (!make_all(b, (int)(sizeof b / sizeof *b)))
		return qv_fail(err, QV_ENOMEM, "out of memory copying a match");
	if (dst->variant != src->variant) {
		if (src->variant)
			qv_variant_hold(src->variant);
		qv_variant_release(dst->variant);
	}
	qv__marks_share(dst, src); /* read only, until either keeps a mark (walk.c) */
	fields_copy(dst, src);
	int nch = g->max_chance > 0 ? g->max_chance : 1;
	memcpy(dst->state, src->state, g->state_size);
	memcpy(dst->base, src->base, g->state_size);
	memcpy(dst->cout, src->cout, (size_t)nch * sizeof *dst->cout);
	memcpy(dst->cprob, src->cprob, (size_t)nch * sizeof *dst->cprob);
	if (src->nhist) {
		memcpy(dst->hist, src->hist, (size_t)src->nhist * sizeof *dst->hist);
		memcpy(dst->said_at, src->said_at, (size_t)src->nhist * sizeof *dst->said_at);
	}
	if (src->nnotes)
		memcpy(dst->note_at, src->note_at, (size_t)src->nnotes * sizeof *dst->note_at);
	if (src->notes_len)
		memcpy(dst->notes, src->notes, src->notes_len);
	if (src->said.text.s)
		memcpy(dst->said.text.s + same, src->said.text.s + same,
		       src->said.text.len + 1 - same);
	qv__match_check_history(dst);
	return QV_OK;
}

int qv_match_shared(const qv_match *a, const qv_match *b)
{
	if (a->game != b->game || memcmp(a->base, b->base, a->game->state_size))
		return 0;
	int n = a->nhist < b->nhist ? a->nhist : b->nhist, i = 0;
	/* Every entry's bytes are its move's, padding zeroed (history.c): a copy's history, the
	 * whole of it in the usual case, is found shared by one comparison of its bytes. */
	if (n > 0 && memcmp(a->hist, b->hist, (size_t)n * sizeof *a->hist) == 0)
		return n;
	while (i < n && a->hist[i].action == b->hist[i].action &&
	       a->hist[i].who == b->hist[i].who && a->hist[i].automatic == b->hist[i].automatic)
		i++;
	return i;
}

/* The walk marks go with the words. When the two matches read the same (to is a copy of from),
 * from lets go of them, so that to keeps its next mark in place rather than in a copy of its
 * own (walk.c); when to has none, from's become to's, those of the n entries they share. */
static void pass_marks(qv_match *from, qv_match *to, int n)
{
	if (from->marks == to->marks) {
		qv__marks_drop(from);
		return;
	}
	if (to->marks || !from->marks)
		return;
	qv__marks_share(to, from);
	qv__match_forget_marks(to, n);
	memcpy(to->mark_used, from->mark_used, sizeof to->mark_used);
	to->mark_clock = from->mark_clock;
	qv__marks_drop(from);
}

void qv_match_pass_seen(qv_match *from, qv_match *to)
{
	int n = qv_match_shared(from, to);
	pass_marks(from, to, n);
	int v = qv__match_viewers(to);
	if (to->nseen == 0 && from->caphist == to->caphist && qv__match_viewers(from) == v) {
		/* The usual case, a copy that has worded nothing yet and has not grown: the two
		 * arrays are swapped whole, and only the entries they do not share are freed. */
		char **seen = to->seen;
		to->seen = from->seen;
		to->nseen = from->nseen;
		from->seen = seen;
		from->nseen = 0;
		int top = from->nhist > to->nhist ? from->nhist : to->nhist;
		for (int i = n * v; to->nseen && i < top * v; i++)
			if (to->seen[i]) {
				free(to->seen[i]);
				to->seen[i] = NULL;
				to->nseen--;
			}
		qv__match_check_history(to);
		return;
	}
	for (int i = 0; from->nseen && i < n * v; i++) {
		char *text = from->seen[i];
		if (!text)
			continue;
		from->seen[i] = NULL;
		from->nseen--;
		if (to->seen[i]) {
			free(text); /* worded again meanwhile: the same words */
			continue;
		}
		to->seen[i] = text;
		to->nseen++;
	}
	qv__match_check_history(to);
}
