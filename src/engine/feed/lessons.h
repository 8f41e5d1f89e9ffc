/*
 * lessons.h - the lessons as a page reads them, the same from the server (/api/lessons) and
 * from the app's engine in a Web Worker: a lesson's summary for the lists, its expansion for
 * the page that knows no rules (every step with the learner's view, and the components the
 * page draws), and the engine's verdict on a learner's attempt (qv_lesson_try), as
 * `quiver learn` judges it in the terminal. Internal to the engine's feed.
 */
#ifndef QUIVER_ENGINE_FEED_LESSONS_H
#define QUIVER_ENGINE_FEED_LESSONS_H

#include <jansson.h>

#include "quiver/lesson.h"

/* {"id", "title", "topics", "steps": the number of steps}; NULL when out of memory. */
json_t *qv__lesson_summary_json(const qv_lesson *l);

/* qv_lesson_expand's lesson with "catalogue": the components its start plays with
 * (replay.h's qv__catalogue_json). NULL with err's message when the lesson does not play. */
json_t *qv__lesson_page_json(const qv_lesson *l, qv_err *err);

/* The verdict on the learner's attempt `action` at step `step` (from 0), the steps before it
 * played as the lesson has them: {"verdict": "right" | "hint" | "bad", "message"} (the hint,
 * or why the action is not one, "" when right). QV_EINVAL when step is not a step of the
 * lesson with a move to find (the message says which steps there are); another error when
 * the lesson does not play to the step. */
qv_status qv__lesson_attempt_json(const qv_lesson *l, long long step, const char *action,
                                  json_t **out, qv_err *err);

#endif
