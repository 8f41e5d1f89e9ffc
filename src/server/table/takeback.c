/*
 * takeback.c - a seat's takeback at a table (takeback.h): who it asks, its checks (the offer
 * waiting, the engine's rule, the seat's clock), the request or the takeback at once, and the
 * takeback carried out on a draft, with what it does to the clocks, read from the marks the
 * table keeps before each change (marks.h).
 */
#include <limits.h>
#include <math.h>

#include "core/clock.h"
#include "engine/feed/commitments.h"
#include "server/table/change.h"
#include "server/table/takeback.h"

/* ---- the clocks ---------------------------------------------------------------------------- */

/* What a takeback of `seat`'s decisions from history entry `from` on does to the clocks c:
 * *mark is the mark to set them back to (the one taken before the change that added `from`),
 * *stand the seats whose decisions of that change stay (before `from`: their increments stay
 * too), *charged the seconds since that decision, which count against the seat (up to `asked`,
 * when it asked). Without such a mark (changes older than QV__CLOCK_MARKS, or a table saved by
 * an older quiver), the clocks as they are at `now`, the seat's increments for the decisions
 * taken back removed, nothing charged. */
static void clocks_back(const qv__clock_mark *marks, int n, const qv_match *m, const qv__clock *c,
                        int seat, int from, double asked, double now, qv__clock_mark *mark,
                        unsigned *stand, double *charged)
{
	*stand = 0;
	*charged = 0;
	int k = n - 1;
	while (k >= 0 && marks[k].from > from)
		k--;
	if (k >= 0) {
		*mark = marks[k];
		for (int i = mark->from; i < from; i++) {
			const qv_move *mv = &m->hist[i];
			if (mv->who >= 0 && mv->who < QV_MAX_PLAYERS && !mv->automatic)
				*stand |= 1u << mv->who;
		}
		*charged = asked > mark->at ? asked - mark->at : 0;
		return;
	}
	qv__clock_mark_take(c, from, now, mark);
	mark->running = ~0u; /* nobody begins a decision: the clocks carry on */
	for (int i = from; i < m->nhist && c->kind == QV__CLOCK_FISCHER; i++) {
		const qv_move *mv = &m->hist[i];
		if (mv->who == seat && !mv->automatic)
			mark->left[seat] -= c->increment * 1000;
	}
}

/* What the seat's clock is set back to by that takeback, in ms, before *charged (seconds) is
 * counted against it. */
static long long clock_had(const qv__clock_mark *marks, int n, const qv_match *m,
                           const qv__clock *c, int seat, int from, double asked, double now,
                           double *charged)
{
	qv__clock_mark mark;
	unsigned stand;
	clocks_back(marks, n, m, c, seat, from, asked, now, &mark, &stand, charged);
	long long had = mark.left[seat];
	if (stand >> seat & 1u && c->kind == QV__CLOCK_FISCHER)
		had += c->increment * 1000;
	return had;
}

/* Drops the marks of changes that no longer happened (a takeback back to history length nhist). */
static void marks_drop_after(const qv__clock_mark *marks, int *n, int nhist)
{
	while (*n > 0 && marks[*n - 1].from >= nhist)
		(*n)--;
}

/* ---- the takeback -------------------------------------------------------------------------- */

/* The seats people play, as a mask (bit p for seat p): whose decisions a takeback asks for.
 * A seat whose person left (a zombie the server plays) is not asked: its decisions are the
 * server's. */
static unsigned people_at(const qv__table *t)
{
	unsigned humans = 0;
	for (int i = 0; i < t->nseats; i++)
		humans |= t->seat[i].human && !qv_match_left(t->m, i) ? 1u << i : 0;
	return humans;
}

/* Takes back `seat`'s last decision and everything after it, which the engine allows with
 * every other person concerned agreeing (qv_match_takeback_agreed), saves it, and tells every
 * connection the whole log again (takebacks). The request, if any, is cleared with it. The
 * clocks go back to what they held before the decision taken back, the seat charged the time
 * from it to `asked` (when it asked: clocks_back). */
qv_status qv__takeback_agreed_locked(qv__table *t, int seat, double asked, qv_err *err)
{
	QV__TABLE_HELD(t);
	qv__change c;
	qv_status rc = qv__change_begin(&c, t, QV__SAVE_GAME, 0, err);
	if (rc)
		return rc;
	qv__table *d = qv__change_draft(&c);
	qv_takeback tb;
	rc = qv_match_takeback(d->m, seat, people_at(d), &tb, err);
	qv__clock_mark mark;
	unsigned stand = 0;
	double charged = 0;
	bool clocked = !rc && tb.from >= 0 && qv__clock_on(&d->clock);
	if (clocked)
		clocks_back(d->marks, d->nmarks, d->m, &d->clock, seat, tb.from, asked, qv_wall(),
		            &mark, &stand, &charged);
	if (!rc)
		rc = qv_match_takeback_agreed(d->m, seat, people_at(d), err);
	if (rc) {
		qv__change_drop(&c);
		return rc;
	}
	d->clock.held = qv__commitments_mask(d->m, d->nseats); /* taken back: they earn nothing */
	if (clocked) {
		qv__clock_rewind(&d->clock, &mark, stand, seat, charged,
		                 qv__table_clock_mask_locked(d), qv_wall());
		marks_drop_after(d->marks, &d->nmarks, d->m->nhist);
	}
	qv__offer_clear(&d->offer);
	return qv__change_commit(&c, err);
}

/* The checks of a takeback by `seat` on version v, into *tb: what it reaches, refused when the
 * engine allows none (across a chance outcome or a reveal) or when the seat's clock would run
 * out (the clocks go back to before the seat's move and the time since counts against it: a
 * takeback that would leave it no time is refused rather than lose it the game). */
static qv_status check_takeback(qv__table *t, int seat, double at, qv_takeback *tb, qv_err *err)
{
	qv_status rc = qv__offer_may_ask(&t->offer, seat, t->v, err);
	if (!rc)
		rc = qv_match_takeback(t->m, seat, people_at(t), tb, err);
	if (!rc && (tb->from < 0 || tb->chance >= 0 || tb->reveal >= 0)) {
		if (err)
			*err = tb->from < 0 ? tb->why : tb->barrier;
		rc = QV_ESTATE;
	}
	double since = 0;
	long long had =
	    !rc && qv__clock_on(&t->clock)
	        ? clock_had(t->marks, t->nmarks, t->m, &t->clock, seat, tb->from, at, at, &since)
	        : LLONG_MAX;
	if (had != LLONG_MAX && had - (long long)floor(since * 1000) <= 0)
		rc = qv_fail(err, QV_ESTATE,
		             "cannot take back: your clock would run out: a takeback sets every "
		             "clock back to before your move, and the %.1f s since then count "
		             "against you, who had %.1f s left then",
		             since, (double)had / 1000);
	return rc;
}

/* Saves seat `seat`'s request, asked at epoch s `at` of the seats `others`, as the table's
 * offer: a change of the people alone. */
static qv_status request_locked(qv__table *t, int seat, unsigned others, double at, qv_err *err)
{
	QV__TABLE_HELD(t);
	qv__change c;
	qv_status rc = qv__change_begin(&c, t, QV__SAVE_PEOPLE, 0, err);
	if (rc)
		return rc;
	qv__offer_make(&qv__change_draft(&c)->offer, QV__OFFER_TAKEBACK, seat, t->v + 1, others,
	               at);
	return qv__change_commit(&c, err);
}

qv_status qv__takeback_ask_locked(qv__table *t, int seat, qv_err *err)
{
	QV__TABLE_HELD(t);
	double at = qv_wall();
	qv_takeback tb;
	qv_status rc = check_takeback(t, seat, at, &tb, err);
	if (rc)
		return rc;
	unsigned others = tb.seats & people_at(t) & ~(1u << seat);
	return others ? request_locked(t, seat, others, at, err)
	              : qv__takeback_agreed_locked(t, seat, at, err);
}
