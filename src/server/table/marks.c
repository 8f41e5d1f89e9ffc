/*
 * marks.c - the clock marks a table keeps for takebacks (marks.h).
 */
#include <stdlib.h>
#include <string.h>

#include "games/json_util.h"
#include "server/table/marks.h"

bool qv__marks_push(qv__clock_mark **marks, int *n, const qv__clock_mark *mark,
                    qv__clock_mark *dropped)
{
	if (!*marks) {
		*marks = malloc(sizeof **marks * QV__CLOCK_MARKS);
		if (!*marks)
			return false;
	}
	*dropped = *n ? (*marks)[0] : (qv__clock_mark){0};
	if (*n == QV__CLOCK_MARKS) {
		memmove(*marks, *marks + 1, sizeof **marks * (QV__CLOCK_MARKS - 1));
		(*n)--;
	}
	(*marks)[(*n)++] = *mark;
	return true;
}

/* Drops the marks of changes that began before history entry keep_from, the first a takeback
 * may still reach (the one after a chance outcome). */
static void drop_before(qv__clock_mark *marks, int *n, int keep_from)
{
	int k = 0;
	while (k < *n && marks[k].from < keep_from)
		k++;
	if (k == 0)
		return; /* nothing to drop (and no array yet at a table without a clock) */
	memmove(marks, marks + k, sizeof *marks * (size_t)(*n - k));
	*n -= k;
}

void qv__marks_chance(qv__clock_mark *marks, int *n, const qv_match *m, int from)
{
	for (int i = m->nhist - 1; i >= from; i--)
		if (m->hist[i].who == QV_CHANCE) {
			drop_before(marks, n, i + 1);
			return;
		}
}

void qv__marks_drop_after(const qv__clock_mark *marks, int *n, int nhist)
{
	while (*n > 0 && marks[*n - 1].from >= nhist)
		(*n)--;
}

void qv__marks_takeback(const qv__clock_mark *marks, int n, const qv_match *m, const qv__clock *c,
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

long long qv__marks_takeback_had(const qv__clock_mark *marks, int n, const qv_match *m,
                                 const qv__clock *c, int seat, int from, double asked, double now,
                                 double *charged)
{
	qv__clock_mark mark;
	unsigned stand;
	qv__marks_takeback(marks, n, m, c, seat, from, asked, now, &mark, &stand, charged);
	long long had = mark.left[seat];
	if (stand >> seat & 1u && c->kind == QV__CLOCK_FISCHER)
		had += c->increment * 1000;
	return had;
}

json_t *qv__marks_json(const qv__clock_mark *marks, int n, int nseats, double now)
{
	json_t *j = json_array();
	for (int k = 0; k < n; k++)
		j = qv__json_push(j, qv__clock_mark_json(&marks[k], nseats, now));
	return j;
}

qv_status qv__marks_load(qv__clock_mark **marks, int *n, const json_t *j, const qv_match *m,
                         int nseats, double now, qv_err *err)
{
	if (!j)
		return QV_OK;
	if (!json_is_array(j) || json_array_size(j) > QV__CLOCK_MARKS)
		return qv_fail(err, QV_EIO, "people.marks: expected an array of at most %d marks",
		               QV__CLOCK_MARKS);
	size_t i;
	const json_t *e;
	json_array_foreach(j, i, e)
	{
		qv__clock_mark mark, dropped;
		qv_status rc = qv__clock_mark_load(&mark, e, nseats, now, err);
		if (rc)
			return rc;
		if (mark.from > m->nhist || (*n && mark.from < (*marks)[*n - 1].from))
			return qv_fail(err, QV_EIO,
			               "people.marks[%zu]: not a change of the history", i);
		if (!qv__marks_push(marks, n, &mark, &dropped))
			return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	return QV_OK;
}
