/*
 * lessons.c - the lessons as a page reads them (lessons.h).
 */
#include <string.h>

#include "engine/feed/lessons.h"
#include "engine/feed/replay.h"
#include "games/json_util.h"

json_t *qv__lesson_summary_json(const qv_lesson *l)
{
	json_t *topics = json_array();
	for (int t = 0; t < l->ntopics; t++)
		json_array_append_new(topics, json_string(l->topics[t]));
	return json_pack("{s:s, s:s, s:o, s:i}", "id", l->id, "title", l->title, "topics", topics,
	                 "steps", l->nsteps);
}

json_t *qv__lesson_page_json(const qv_lesson *l, qv_err *err)
{
	json_t *j = qv_lesson_expand(l, err);
	/* The components the lesson's start plays with, which the page's drawing reads. */
	qv_match *start = NULL;
	if (j && qv_match_load_json_game(&start, l->game, l->start, err) == QV_OK) {
		j = qv__json_put(j, "catalogue", qv__catalogue_json(start));
		if (!j)
			qv_fail(err, QV_ENOMEM, "out of memory");
	} else {
		json_decref(j);
		j = NULL;
	}
	qv_match_free(start);
	return j;
}

/* Plays the steps before `step` as the lesson has them (the expected actions and the
 * replies), on a new match. */
static qv_status play_to(const qv_lesson *l, int step, qv_match **out, qv_err *err)
{
	qv_status rc = qv_lesson_begin(l, out, err);
	if (rc)
		return rc;
	for (int i = 0; i < step; i++) {
		qv_err why = {0};
		bool ok = l->steps[i].expect ? qv_lesson_try(l, i, *out, l->steps[i].expect,
		                                             &why) == QV_LESSON_RIGHT
		                             : qv_lesson_next(l, i, *out, &why) == QV_OK;
		if (!ok) {
			qv_match_free(*out);
			*out = NULL;
			return qv_fail(err, QV_EINVAL, "%s: step %d does not play: %s", l->id,
			               i + 1, why.msg);
		}
	}
	return QV_OK;
}

qv_status qv__lesson_attempt_json(const qv_lesson *l, long long step, const char *action,
                                  json_t **out, qv_err *err)
{
	*out = NULL;
	if (step < 0 || step >= l->nsteps)
		return qv_fail(err, QV_EINVAL, "step %lld: the lesson %s has steps 0 to %d", step,
		               l->id, l->nsteps - 1);
	if (!l->steps[step].expect)
		return qv_fail(err, QV_EINVAL,
		               "step %lld of %s has no move to find: it is text only", step, l->id);
	qv_match *match;
	qv_status rc = play_to(l, (int)step, &match, err);
	if (rc)
		return rc == QV_EINVAL ? QV_ESTATE : rc; /* the lesson's fault, not the attempt's */
	qv_lesson_verdict verdict = QV_LESSON_BAD;
	qv_err why = {0};
	if (strlen(action) >= QV_ACTION_TEXT)
		qv_fail(&why, QV_EINVAL, "an action is at most %d characters", QV_ACTION_TEXT - 1);
	else
		verdict = qv_lesson_try(l, (int)step, match, action, &why);
	qv_match_free(match);
	static const char *const names[] = {"right", "hint", "bad"};
	*out = json_pack("{s:s, s:s}", "verdict", names[verdict], "message",
	                 verdict == QV_LESSON_RIGHT ? "" : why.msg);
	return *out ? QV_OK : qv_fail(err, QV_ENOMEM, "out of memory");
}
