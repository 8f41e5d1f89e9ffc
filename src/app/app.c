/*
 * app.c - the app's one call (include/quiver/app.h): a request read (as the engine reads any
 * JSON it did not write), its op found in a table, its answer or its refusal written; the ops
 * of the local tables (src/app/table.h) the worker holds (held.c).
 */
#include <limits.h>
#include <string.h>

#include "app/ops.h"
#include "games/json_util.h"
#include "quiver/app.h"

static qv_buf answer;

/* The seat a request names in "seat" ("p1".., or "public" where public may be), into *seat. */
static qv_status seat_of(const json_t *req, const qv__local *t, bool public_, int *seat,
                         qv_err *err)
{
	const char *s = qv__app_string(req, "seat", err);
	if (!s)
		return QV_EINVAL;
	if (public_ && strcmp(s, "public") == 0) {
		*seat = QV_VIEW_PUBLIC;
		return QV_OK;
	}
	*seat = qv_player_parse(s, qv__local_seats(t));
	return *seat >= 0 ? QV_OK
	                  : qv_fail(err, QV_EINVAL, "seat: expected a seat of the table (p1..)%s",
	                            public_ ? " or public" : "");
}

/* ---- the tables ------------------------------------------------------------------------------ */

static qv_status op_new(const json_t *req, qv_buf *out, qv_err *err)
{
	uint64_t seed;
	const char *id = qv__app_string(req, "id", err);
	qv_status rc = id ? qv__app_seed(req, "seed", &seed, err) : QV_EINVAL;
	qv__local *t = NULL;
	if (!rc)
		rc = qv__local_new(&t, id, json_object_get(req, "request"), seed, err);
	if (!rc)
		rc = qv__app_hold(t, err);
	return rc ? rc : qv__app_put(out, qv__local_info(t, true), err);
}

static qv_status op_load(const json_t *req, qv_buf *out, qv_err *err)
{
	qv__local *t;
	qv_status rc = qv__local_load(&t, json_object_get(req, "saved"), err);
	if (!rc)
		rc = qv__app_hold(t, err);
	return rc ? rc : qv__app_put(out, qv__local_info(t, true), err);
}

static qv_status op_free(const json_t *req, qv_buf *out, qv_err *err)
{
	qv__local *t = qv__app_table(req, err);
	if (t)
		qv__app_drop(t);
	return t ? qv__app_put(out, json_object(), err) : QV_EINVAL;
}

static qv_status op_save(const json_t *req, qv_buf *out, qv_err *err)
{
	qv__local *t = qv__app_table(req, err);
	return t ? qv__app_put(out, qv__local_save(t), err) : QV_EINVAL;
}

static qv_status op_info(const json_t *req, qv_buf *out, qv_err *err)
{
	qv__local *t = qv__app_table(req, err);
	return t ? qv__app_put(out, qv__local_info(t, true), err) : QV_EINVAL;
}

static qv_status op_record(const json_t *req, qv_buf *out, qv_err *err)
{
	qv__local *t = qv__app_table(req, err);
	return t ? qv__app_put(out, qv__local_record(t), err) : QV_EINVAL;
}

static qv_status op_join(const json_t *req, qv_buf *out, qv_err *err)
{
	qv__local *t = qv__app_table(req, err);
	const char *token = t ? qv__app_string(req, "token", err) : NULL;
	if (!token)
		return QV_EINVAL;
	int seat = -1, got;
	const json_t *js = json_object_get(req, "seat");
	qv_status rc = js && !json_is_null(js) ? seat_of(req, t, false, &seat, err) : QV_OK;
	if (!rc)
		rc = qv__local_join(t, seat, token, json_string_value(json_object_get(req, "name")),
		                    &got, err);
	char name[8];
	return rc ? rc
	          : qv__app_put(
	                out,
	                json_pack("{s:s, s:s}", "seat", qv_player_name(got, name), "token", token),
	                err);
}

static qv_status op_hello(const json_t *req, qv_buf *out, qv_err *err)
{
	qv__local *t = qv__app_table(req, err);
	if (!t)
		return QV_EINVAL;
	int viewer;
	char name[8];
	qv_status rc =
	    qv__local_hello(t, json_string_value(json_object_get(req, "token")), &viewer, err);
	return rc ? rc
	          : qv__app_put(out,
	                        json_pack("{s:s}", "seat",
	                                  viewer >= 0 ? qv_player_name(viewer, name) : "public"),
	                        err);
}

static qv_status op_frame(const json_t *req, qv_buf *out, qv_err *err)
{
	qv__local *t = qv__app_table(req, err);
	int viewer;
	qv_status rc = t ? seat_of(req, t, true, &viewer, err) : QV_EINVAL;
	if (rc)
		return rc;
	bool snapshot = json_is_true(json_object_get(req, "snapshot"));
	return qv__local_frame(t, viewer, snapshot, out) ? QV_OK
	                                                 : qv_fail(err, QV_ENOMEM, "out of memory");
}

/* The acts of a seat at a version: act, takeback, resign. */
static qv_status seat_act(const json_t *req, qv_buf *out, const char *what, qv_err *err)
{
	qv__local *t = qv__app_table(req, err);
	int seat;
	long long v = 0;
	qv_status rc = t ? seat_of(req, t, false, &seat, err) : QV_EINVAL;
	if (!rc)
		rc = qv__app_int(req, "v", 0, LLONG_MAX, NULL, &v, err);
	const char *action = !rc && *what == 'a' ? qv__app_string(req, "action", err) : "";
	if (!rc && !action)
		rc = QV_EINVAL;
	if (!rc)
		rc = *what == 'a'   ? qv__local_act(t, seat, v, action, err)
		     : *what == 't' ? qv__local_takeback(t, seat, v, err)
		                    : qv__local_resign(t, seat, v, err);
	return rc ? rc : qv__app_put(out, json_object(), err);
}

static qv_status op_act(const json_t *req, qv_buf *out, qv_err *err)
{
	return seat_act(req, out, "act", err);
}

static qv_status op_takeback(const json_t *req, qv_buf *out, qv_err *err)
{
	return seat_act(req, out, "takeback", err);
}

static qv_status op_resign(const json_t *req, qv_buf *out, qv_err *err)
{
	return seat_act(req, out, "resign", err);
}

/* {id}: an analysis board's last move taken back (qv__local_undo). */
static qv_status op_undo(const json_t *req, qv_buf *out, qv_err *err)
{
	qv__local *t = qv__app_table(req, err);
	qv_status rc = t ? qv__local_undo(t, err) : QV_EINVAL;
	return rc ? rc : qv__app_put(out, json_object(), err);
}

static qv_status op_history(const json_t *req, qv_buf *out, qv_err *err)
{
	qv__local *t = qv__app_table(req, err);
	int viewer;
	long long line = 0;
	qv_status rc = t ? seat_of(req, t, true, &viewer, err) : QV_EINVAL;
	if (!rc)
		rc = qv__app_int(req, "line", LLONG_MIN, LLONG_MAX, NULL, &line, err);
	json_t *frame = rc ? NULL : qv__local_history(t, viewer, line, err);
	return rc ? rc : frame ? qv__app_put(out, frame, err) : QV_ESTATE;
}

static qv_status op_step(const json_t *req, qv_buf *out, qv_err *err)
{
	qv__local *t = qv__app_table(req, err);
	if (!t)
		return QV_EINVAL;
	bool wants = qv__local_wants_step(t);
	qv_status rc = wants ? qv__local_step(t, err) : QV_OK;
	return rc ? rc : qv__app_put(out, json_pack("{s:b}", "stepped", wants), err);
}

/* ---- the call -------------------------------------------------------------------------------- */

static const struct {
	const char *name;
	qv__app_op fn;
} ops[] = {
    {"games", qv__app_games},
    {"reference", qv__app_reference},
    {"new", op_new},
    {"load", op_load},
    {"save", op_save},
    {"free", op_free},
    {"info", op_info},
    {"record", op_record},
    {"join", op_join},
    {"hello", op_hello},
    {"frame", op_frame},
    {"act", op_act},
    {"takeback", op_takeback},
    {"resign", op_resign},
    {"undo", op_undo},
    {"history", op_history},
    {"step", op_step},
    {"analysis", qv__app_analysis},
    {"best", qv__app_best},
    {"replay", qv__app_replay},
    {"lesson", qv__app_lesson},
    {"lesson_page", qv__app_lesson_page},
    {"lesson_try", qv__app_lesson_try},
    {"lesson_check", qv__app_lesson_check},
    {"review_new", qv__app_review_new},
    {"review_step", qv__app_review_step},
    {"review_json", qv__app_review_json},
};

/* The request's op, run; QV_EINVAL names an unknown one. */
static qv_status run(const json_t *req, qv_buf *out, qv_err *err)
{
	const char *op = json_is_object(req) ? json_string_value(json_object_get(req, "op")) : NULL;
	if (!op)
		return qv_fail(err, QV_EINVAL, "expected a JSON object {\"op\": NAME, ...}");
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (strcmp(op, ops[i].name) == 0)
			return ops[i].fn(req, out, err);
	char quoted[QV_QUOTE_MAX * 4 + 4];
	return qv_fail(err, QV_EINVAL, "op: '%s' is not an op of the app (include/quiver/app.h)",
	               qv_shorten(op, QV_QUOTE_MAX, quoted, sizeof quoted));
}

const char *qv_app_call(const char *request)
{
	qv_err err = {0};
	json_t *req = NULL;
	json_error_t jerr;
	qv_buf_clear(&answer);
	/* Before any JSON value: with no file system, jansson would read its hash seed from
	 * /dev/urandom and fail; objects keep their keys' order whatever the seed, so nothing
	 * written depends on it, and no page can flood a table's hashes but its own. */
	json_object_seed(1);
	qv_status rc = qv__json_parse(request, strlen(request), 0, &req, &jerr);
	if (rc)
		qv_fail(&err, rc, "the request is not JSON: %s at line %d", jerr.text, jerr.line);
	else
		rc = run(req, &answer, &err);
	json_decref(req);
	if (rc) {
		qv_buf_clear(&answer);
		json_t *e =
		    json_pack("{s:s, s:i}", "error", err.msg[0] ? err.msg : "failed", "code", rc);
		if (!e || !qv__json_append(&answer, e))
			qv_buf_puts(&answer, "{\"error\":\"out of memory\",\"code\":-3}");
		json_decref(e);
	}
	return answer.failed ? "{\"error\":\"out of memory\",\"code\":-3}" : qv_buf_str(&answer);
}
