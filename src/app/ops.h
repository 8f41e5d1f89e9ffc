/*
 * ops.h - the ops of the app's one call (include/quiver/app.h), shared by its files: app.c
 * (the call and the tables' ops), study.c (what needs no table: the games, replays, lessons and
 * reviews), analysis.c (the analysis board), and what they use: the tables a worker holds
 * (held.c) and the requests' fields (args.c). Each op reads its request and appends its answer
 * to out as JSON text, or fails naming what is wrong. Internal to the app.
 */
#ifndef QUIVER_APP_OPS_H
#define QUIVER_APP_OPS_H

#include <jansson.h>

#include "app/table.h"

typedef qv_status (*qv__app_op)(const json_t *req, qv_buf *out, qv_err *err);

/* The table the request's "id" names among those the worker holds; NULL with QV_EINVAL. */
qv__local *qv__app_table(const json_t *req, qv_err *err);
/* Holds a new table (replacing one of the same id, and the oldest when all are held). */
qv_status qv__app_hold(qv__local *t, qv_err *err);
/* Lets a held table go, and frees it. */
void qv__app_drop(qv__local *t);

/* A string field of the request, or NULL with QV_EINVAL naming it. */
const char *qv__app_string(const json_t *req, const char *key, qv_err *err);
/* An integer field of the request (within [lo, hi]), or QV_EINVAL naming it; *out untouched
 * when absent and `def` is not NULL (then *out = *def). */
qv_status qv__app_int(const json_t *req, const char *key, long long lo, long long hi,
                      const long long *def, long long *out, qv_err *err);
/* A seed field ("decimal digits"), or QV_EINVAL naming it. */
qv_status qv__app_seed(const json_t *req, const char *key, uint64_t *out, qv_err *err);
/* Appends j (released) to out; QV_ENOMEM when j is NULL or memory ran out. */
qv_status qv__app_put(qv_buf *out, json_t *j, qv_err *err);

/* study.c */
qv_status qv__app_games(const json_t *req, qv_buf *out, qv_err *err);
qv_status qv__app_reference(const json_t *req, qv_buf *out, qv_err *err);
qv_status qv__app_replay(const json_t *req, qv_buf *out, qv_err *err);
qv_status qv__app_lesson(const json_t *req, qv_buf *out, qv_err *err);
qv_status qv__app_lesson_page(const json_t *req, qv_buf *out, qv_err *err);
qv_status qv__app_lesson_try(const json_t *req, qv_buf *out, qv_err *err);
qv_status qv__app_lesson_check(const json_t *req, qv_buf *out, qv_err *err);
qv_status qv__app_review_new(const json_t *req, qv_buf *out, qv_err *err);
qv_status qv__app_review_step(const json_t *req, qv_buf *out, qv_err *err);
qv_status qv__app_review_json(const json_t *req, qv_buf *out, qv_err *err);

/* analysis.c */
qv_status qv__app_analysis(const json_t *req, qv_buf *out, qv_err *err);
qv_status qv__app_best(const json_t *req, qv_buf *out, qv_err *err);

#endif
