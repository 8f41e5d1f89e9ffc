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
