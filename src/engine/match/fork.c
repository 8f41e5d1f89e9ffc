/*
 * fork.c - a match copied whole, so that a change can be built apart from the match that
 * players see (the server's acts are transactions: the next match is built, saved, and only
 * then put in the place of the old one), and the words the old one had found for its moves
 * handed on to the new one when it takes its place.
 *
 * A fork owns everything it holds: its states, history, notation, narration, commitments,
 * leavers and walk marks are copies, so nothing done to the fork reaches the original and
 * either may be freed first. The one cache it starts without is the worded moves (seen),
 * whose texts cost determinizations to make: qv_match_pass_seen moves them, for the history
 * the two matches share, from the match being replaced to its successor, which is then as
 * ready to word its log as the old one was.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/match/history.h"
#include "quiver/variant.h"

/* A copy of n bytes of src, or NULL (n == 0 or no memory: *failed says which). */
static void *copy(const void *src, size_t n, bool *failed)
{
	if (!src || n == 0)
		return NULL;
	void *p = malloc(n);
	if (!p)
		*failed = true;
	else
		memcpy(p, src, n);
	return p;
}

qv_status qv_match_fork(const qv_match *m, qv_match **out, qv_err *err)
{
	*out = NULL;
	const qv_game *g = m->game;
	qv_match *f = malloc(sizeof *f);
	if (!f)
		return qv_fail(err, QV_ENOMEM, "out of memory copying a match");
	/* The parameters' unused entries are never read (life.c): copy the struct as a whole,
	 * then give it copies of every buffer it points to. */
	memcpy(f, m, sizeof *f);
	bool failed = false;
	size_t cap = (size_t)m->caphist;
	int nch = g->max_chance > 0 ? g->max_chance : 1;
	f->state = copy(m->state, g->state_size, &failed);
	f->base = copy(m->base, g->state_size, &failed);
	f->hist = copy(m->hist, cap * sizeof *m->hist, &failed);
	f->said_at = copy(m->said_at, cap * sizeof *m->said_at, &failed);
	f->note_at = copy(m->note_at, cap * sizeof *m->note_at, &failed);
	f->notes = copy(m->notes, m->notes_cap, &failed);
	f->said.text.s = copy(m->said.text.s, m->said.text.cap, &failed);
	f->cout = copy(m->cout, (size_t)nch * sizeof *m->cout, &failed);
	f->cprob = copy(m->cprob, (size_t)nch * sizeof *m->cprob, &failed);
	f->marks = copy(m->marks, QV_MATCH_MARKS * g->state_size, &failed);
	f->scratch = NULL; /* made on first use */
	f->seen = cap ? calloc(cap * QV_VIEWERS, sizeof *f->seen) : NULL;
	f->nseen = 0;
	failed = failed || (cap && !f->seen);
	/* A match without marks' memory keeps none (walk.c allocates it with the first). */
	if (!f->marks)
		for (int k = 0; k < QV_MATCH_MARKS; k++)
			f->mark_at[k] = -1;
	f->variant = NULL; /* held below, once the copy can no longer fail */
	if (failed || !f->state || !f->base || !f->cout || !f->cprob) {
		qv_match_free(f);
		return qv_fail(err, QV_ENOMEM, "out of memory copying a match");
	}
	if (m->variant) {
		qv_variant_hold(m->variant);
		f->variant = m->variant;
	}
	qv__match_check_history(f);
	*out = f;
	return QV_OK;
}

/* Grows *p to hold n bytes (kept as it is when it holds them already: *cap says how much it
 * holds). false when out of memory, and then *p is as it was. */
static bool room(void **p, size_t *cap, size_t n)
{
	if (n <= *cap && (*p || n == 0))
		return true;
	void *q = realloc(*p, n);
	if (!q)
		return false;
	*p = q;
	*cap = n;
	return true;
}

qv_status qv_match_copy(qv_match *dst, const qv_match *src, qv_err *err)
{
	QV_ASSERT(dst->game == src->game && dst != src);
	const qv_game *g = src->game;
	/* What dst holds, kept across the copy of src's fields. */
	qv_match keep = *dst;
	size_t hcap = (size_t)keep.caphist, ncap = keep.notes_cap, tcap = keep.said.text.cap;
	size_t need = (size_t)src->caphist;
	qv__match_free_seen(dst, 0);
	size_t h = hcap * sizeof *keep.hist, a = hcap * sizeof *keep.said_at,
	       na = hcap * sizeof *keep.note_at, sn = hcap * QV_VIEWERS * sizeof *keep.seen;
	bool ok = room((void **)&keep.hist, &h, need * sizeof *keep.hist) &&
	          room((void **)&keep.said_at, &a, need * sizeof *keep.said_at) &&
	          room((void **)&keep.note_at, &na, need * sizeof *keep.note_at) &&
	          room((void **)&keep.seen, &sn, need * QV_VIEWERS * sizeof *keep.seen) &&
	          room((void **)&keep.notes, &ncap, src->notes_cap) &&
	          room((void **)&keep.said.text.s, &tcap, src->said.text.cap);
	if (ok && src->marks && !keep.marks)
		ok = (keep.marks = malloc(QV_MATCH_MARKS * g->state_size)) != NULL;
	/* Whatever grew is dst's now, copied or not: its capacities are the smallest of the
	 * arrays that grew together. */
	size_t cap = h / sizeof *keep.hist;
	cap = a / sizeof *keep.said_at < cap ? a / sizeof *keep.said_at : cap;
	cap = na / sizeof *keep.note_at < cap ? na / sizeof *keep.note_at : cap;
	cap = sn / (QV_VIEWERS * sizeof *keep.seen) < cap ? sn / (QV_VIEWERS * sizeof *keep.seen)
	                                                  : cap;
	if (!ok) {
		dst->hist = keep.hist;
		dst->said_at = keep.said_at;
		dst->note_at = keep.note_at;
		dst->seen = keep.seen;
		dst->caphist = (int)(cap < hcap ? cap : hcap);
		dst->notes = keep.notes;
		dst->notes_cap = ncap;
		dst->said.text.s = keep.said.text.s;
		dst->said.text.cap = tcap;
		dst->marks = keep.marks;
		return qv_fail(err, QV_ENOMEM, "out of memory copying a match");
	}
	int nch = g->max_chance > 0 ? g->max_chance : 1;
	memcpy(dst, src, sizeof *dst);
	dst->state = keep.state;
	dst->base = keep.base;
	dst->cout = keep.cout;
	dst->cprob = keep.cprob;
	dst->scratch = keep.scratch;
	dst->hist = keep.hist;
	dst->said_at = keep.said_at;
	dst->note_at = keep.note_at;
	dst->seen = keep.seen;
	/* As many entries as src has room for (the arrays may hold more): a copy and its
	 * original grow alike, so that qv_match_pass_seen can swap their worded moves whole. */
	dst->caphist = src->caphist;
	dst->nseen = 0;
	dst->notes = keep.notes;
	dst->notes_cap = ncap;
	dst->said.text.s = keep.said.text.s;
	dst->said.text.cap = tcap;
	dst->marks = keep.marks;
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
	if (src->said.text.len)
		memcpy(dst->said.text.s, src->said.text.s, src->said.text.len);
	for (size_t i = 0; i < need * QV_VIEWERS; i++)
		dst->seen[i] = NULL;
	for (int k = 0; k < QV_MATCH_MARKS; k++)
		if (src->mark_at[k] >= 0)
			memcpy((char *)dst->marks + (size_t)k * g->state_size,
			       (const char *)src->marks + (size_t)k * g->state_size, g->state_size);
	if (keep.variant != src->variant) {
		if (src->variant)
			qv_variant_hold(src->variant);
		qv_variant_release(keep.variant);
	}
	qv__match_check_history(dst);
	return QV_OK;
}

int qv_match_shared(const qv_match *a, const qv_match *b)
{
	if (a->game != b->game || memcmp(a->base, b->base, a->game->state_size))
		return 0;
	int n = a->nhist < b->nhist ? a->nhist : b->nhist, i = 0;
	while (i < n && a->hist[i].action == b->hist[i].action &&
	       a->hist[i].who == b->hist[i].who && a->hist[i].automatic == b->hist[i].automatic)
		i++;
	return i;
}

void qv_match_pass_seen(qv_match *from, qv_match *to)
{
	int n = qv_match_shared(from, to);
	if (to->nseen == 0 && from->caphist == to->caphist) {
		/* The usual case, a copy that has worded nothing yet and has not grown: the two
		 * arrays are swapped whole, and only the entries they do not share are freed. */
		char **seen = to->seen;
		to->seen = from->seen;
		to->nseen = from->nseen;
		from->seen = seen;
		from->nseen = 0;
		int top = from->nhist > to->nhist ? from->nhist : to->nhist;
		for (int i = n * QV_VIEWERS; to->nseen && i < top * QV_VIEWERS; i++)
			if (to->seen[i]) {
				free(to->seen[i]);
				to->seen[i] = NULL;
				to->nseen--;
			}
		qv__match_check_history(to);
		return;
	}
	for (int i = 0; from->nseen && i < n * QV_VIEWERS; i++) {
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
