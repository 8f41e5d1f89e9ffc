/*
 * study.c - the app's ops that need no table (ops.h): the games and their reference, a
 * record's replay, the lessons (a lesson's file text given by the worker, which fetched it with
 * the app's files) and the computer's review of a record, a decision a call so that the page
 * shows its progress and the worker stays free between decisions. Each answer is the server's,
 * from the same code (src/engine/feed/, review.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "app/ops.h"
#include "engine/feed/games.h"
#include "engine/feed/lessons.h"
#include "engine/feed/replay.h"
#include "quiver/lesson.h"
#include "quiver/review.h"
#include "quiver/variant.h"

qv_status qv__app_games(const json_t *req, qv_buf *out, qv_err *err)
{
	(void)req;
	return qv__app_put(out, qv__games_json(), err);
}

/* The game the request's "game" names, or NULL with QV_EINVAL. */
static const qv_game *game_of(const json_t *req, qv_err *err)
{
	const char *name = qv__app_string(req, "game", err);
	qv_err why;
	const qv_game *g = name ? qv_game_find(name, &why) : NULL;
	if (name && !g)
		qv_fail(err, QV_EINVAL, "game: %s", why.msg);
	return g;
}

/* {game, variant?}: the reference of the built-in set, or of a variant a table here plays (its
 * sha256, as info's variant.sha256 gives it). */
qv_status qv__app_reference(const json_t *req, qv_buf *out, qv_err *err)
{
	const qv_game *g = game_of(req, err);
	if (!g)
		return QV_EINVAL;
	const char *key = json_string_value(json_object_get(req, "variant"));
	qv_match *m = NULL;
	if (key) {
		const qv_variant *v = qv_variant_find_held(g, key, err);
		if (!v)
			return QV_EINVAL;
		qv_params params = {0};
		qv_status rc =
		    qv_params_set(&params, "variant", v->builtin ? "base" : v->sha256, err);
		if (!rc)
			rc = qv_match_new(&m, g, &params, 0, err);
		qv_variant_release(v); /* the match holds its own */
		if (rc)
			return rc;
	}
	qv_status rc = qv__app_put(out, qv__reference_json(g, m ? m->state : NULL), err);
	qv_match_free(m);
	return rc;
}

/* The match of the request's "record" (a record's or a full state's text, as `quiver replay`
 * reads it). */
static qv_status record_match(const json_t *req, qv_match **m, qv_err *err)
{
	const char *text = qv__app_string(req, "record", err);
	qv_err why;
	if (!text)
		return QV_EINVAL;
	if (qv_match_load_text(m, text, &why))
		return qv_fail(err, QV_EINVAL, "record: %s", why.msg);
	return QV_OK;
}

/* {record, full}: POST /api/replay's answer, without the server's bound on its size (the page's
 * own memory pays for it). */
qv_status qv__app_replay(const json_t *req, qv_buf *out, qv_err *err)
{
	qv_match *m;
	qv_status rc = record_match(req, &m, err);
	if (rc)
		return rc;
	qv_buf text = {0};
	rc = qv__replay_text(m, NULL, json_is_true(json_object_get(req, "full")), 0, &text, NULL,
	                     err);
	if (!rc)
		qv_buf_putn(out, qv_buf_str(&text), text.len);
	qv_buf_free(&text);
	qv_match_free(m);
	return rc ? rc : out->failed ? qv_fail(err, QV_ENOMEM, "out of memory") : QV_OK;
}

/* ---- lessons -------------------------------------------------------------------------------- */

/* The lesson of the request's {text, name} (a file's text and its name without ".json"). */
static qv_status lesson_of(const json_t *req, qv_lesson **l, qv_err *err)
{
	const char *text = qv__app_string(req, "text", err);
	const char *name = text ? qv__app_string(req, "name", err) : NULL;
	return name ? qv_lesson_parse(l, text, name, err) : QV_EINVAL;
}

/* {text, name}: the lesson's summary, as the lists give it. */
qv_status qv__app_lesson(const json_t *req, qv_buf *out, qv_err *err)
{
	qv_lesson *l;
	qv_status rc = lesson_of(req, &l, err);
	if (!rc)
		rc = qv__app_put(out, qv__lesson_summary_json(l), err);
	qv_lesson_free(l);
	return rc;
}

qv_status qv__app_lesson_page(const json_t *req, qv_buf *out, qv_err *err)
{
	qv_lesson *l;
	qv_status rc = lesson_of(req, &l, err);
	json_t *page = rc ? NULL : qv__lesson_page_json(l, err);
	if (!rc)
		rc = page ? qv__app_put(out, page, err) : QV_ESTATE;
	qv_lesson_free(l);
	return rc;
}

qv_status qv__app_lesson_try(const json_t *req, qv_buf *out, qv_err *err)
{
	qv_lesson *l = NULL;
	long long step;
	const char *action = qv__app_string(req, "action", err);
	qv_status rc = action ? qv__app_int(req, "step", 0, 1 << 20, NULL, &step, err) : QV_EINVAL;
	if (!rc)
		rc = lesson_of(req, &l, err);
	json_t *verdict = NULL;
	if (!rc)
		rc = qv__lesson_attempt_json(l, step, action, &verdict, err);
	if (!rc)
		rc = qv__app_put(out, verdict, err);
	qv_lesson_free(l);
	return rc;
}

/* {text, name}: the whole lesson played as a test (qv_lesson_check_all), {} when it holds. */
qv_status qv__app_lesson_check(const json_t *req, qv_buf *out, qv_err *err)
{
	qv_lesson *l;
	qv_status rc = lesson_of(req, &l, err);
	if (!rc)
		rc = qv_lesson_check_all(l, err);
	qv_lesson_free(l);
	return rc ? rc : qv__app_put(out, json_object(), err);
}

/* ---- the review ----------------------------------------------------------------------------- */

/* The review under way: one at a time in a worker. */
static qv_review *review;

/* {record, iterations?, reply_iterations?, samples?, seed}: a review begun (the one before
 * dropped); {"total"}: its decisions. 0 or absent: review.h's defaults. */
qv_status qv__app_review_new(const json_t *req, qv_buf *out, qv_err *err)
{
	static const long long zero = 0;
	long long it, reply, samples;
	qv_review_config cfg = {.threads = 1};
	qv_status rc = qv__app_int(req, "iterations", 0, QV_REVIEW_ITERATIONS_MAX, &zero, &it, err);
	if (!rc)
		rc = qv__app_int(req, "reply_iterations", 0, QV_REVIEW_ITERATIONS_MAX, &zero,
		                 &reply, err);
	if (!rc)
		rc = qv__app_int(req, "samples", 0, QV_REVIEW_SAMPLES_MAX, &zero, &samples, err);
	if (!rc)
		rc = qv__app_seed(req, "seed", &cfg.seed, err);
	qv_match *m = NULL;
	if (!rc)
		rc = record_match(req, &m, err);
	if (rc)
		return rc;
	cfg.iterations = (int)it;
	cfg.reply_iterations = (int)reply;
	cfg.samples = (int)samples;
	qv_review_free(review);
	review = NULL;
	rc = qv_review_new(&review, m, &cfg, err); /* keeps m, and frees it when it fails */
	return rc ? rc
	          : qv__app_put(out, json_pack("{s:i}", "total", qv_review_total(review)), err);
}

/* {}: the next decision reviewed; {"done", "total"}. */
qv_status qv__app_review_step(const json_t *req, qv_buf *out, qv_err *err)
{
	(void)req;
	if (!review)
		return qv_fail(err, QV_ESTATE, "no review under way: begin one with review_new");
	qv_status rc = qv_review_step(review, err);
	return rc ? rc
	          : qv__app_put(out,
	                        json_pack("{s:i, s:i}", "done", qv_review_done(review), "total",
	                                  qv_review_total(review)),
	                        err);
}

/* {}: the review as far as it is made (review.h's JSON, the server's "review"). */
qv_status qv__app_review_json(const json_t *req, qv_buf *out, qv_err *err)
{
	(void)req;
	if (!review)
		return qv_fail(err, QV_ESTATE, "no review under way: begin one with review_new");
	return qv__app_put(out, qv_review_json(review), err);
}
