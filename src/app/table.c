/*
 * table.c - a local table in the app's Web Worker (table.h): a match, its seats (people of this
 * device, or the computer's levels) and its version; the frames, the acts and the table's own
 * steps (the AI seats' decisions and chance), each the engine's, as a server's table does
 * them (src/server/table/acts.c) without what needs a server.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/table.h"
#include "engine/feed/info.h"
#include "engine/feed/replay.h"
#include "engine/feed/request.h"
#include "games/json_util.h"
#include "quiver/agent.h"
#include "quiver/variant.h"

/* The fields a local table request may have: the server's but rated (a local game rates
 * nobody); a clock only of kind "none" (the form sends it). */
static const char *const request_fields[] = {"game",    "params",    "seats", "private",
                                             "variant", "takebacks", "clock", NULL};

bool qv__local_word(const char *text)
{
	size_t n = text ? strlen(text) : 0;
	if (n == 0 || n > QV__LOCAL_ID_MAX)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = text[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '-' || c == '_'))
			return false;
	}
	return true;
}

int qv__local_status(const qv__local *t)
{
	if (qv_match_over(t->m))
		return QV__LOCAL_OVER;
	for (int p = 0; p < t->nseats; p++)
		if (strcmp(t->seat[p].kind, "human") == 0 && !t->seat[p].token[0])
			return QV__LOCAL_WAITING;
	return QV__LOCAL_PLAYING;
}

unsigned qv__local_people(const qv__local *t)
{
	unsigned mask = 0;
	for (int p = 0; p < t->nseats; p++)
		mask |= strcmp(t->seat[p].kind, "human") == 0 ? 1u << p : 0u;
	return mask;
}

qv_status qv__local_agent(qv__local *t, int p, qv_err *err)
{
	local_seat *s = &t->seat[p];
	if (s->agent)
		return QV_OK;
	bool person = strcmp(s->kind, "human") == 0;
	uint64_t mix = person ? (uint64_t)(QV_MAX_PLAYERS + p + 1) : (uint64_t)p + 1;
	qv_status rc = qv_agent_new(&s->agent, person ? "medium" : s->kind, t->m->game,
	                            qv_seed_mix(t->m->seed, mix), err);
	if (rc)
		return rc;
	/* A table between moves holds no search tree, as a server's (docs/server.md). */
	qv_agent_set_keep(s->agent, false);
	s->seen = 0;
	return QV_OK;
}

qv_status qv__local_make(qv__local **out, const char *id, qv_match *m, const char *const *kinds,
                         qv_err *err)
{
	qv__local *t = calloc(1, sizeof *t);
	if (!t) {
		qv_match_free(m);
		return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	qv_copy(t->id, sizeof t->id, id);
	t->m = m;
	t->nseats = m->game->num_players(m->state);
	/* the page words the log in its language: every frame carries the lines' messages */
	for (int v = 0; v <= QV_MAX_PLAYERS; v++)
		t->pos[v].messages = true;
	qv_status rc = QV_OK;
	for (int p = 0; !rc && p < t->nseats; p++) {
		qv_copy(t->seat[p].kind, sizeof t->seat[p].kind, kinds[p]);
		qv_match_set_name(m, p, kinds[p]);
		if (strcmp(kinds[p], "human") != 0)
			rc = qv__local_agent(t, p, err);
	}
	t->params = qv_params_to_json(&m->params, m->game->params, m->game->nparams);
	t->variant = m->game->components ? qv_variant_of_params(m->game, &m->params) : NULL;
	if (!rc && !t->params)
		rc = qv_fail(err, QV_ENOMEM, "out of memory");
	if (rc) {
		qv__local_free(t);
		return rc;
	}
	*out = t;
	return QV_OK;
}

/* A request's clock: absent, or of kind "none"; a local table keeps no time. */
static qv_status check_clock(const json_t *req, qv_err *err)
{
	const json_t *clock = json_object_get(req, "clock");
	const char *kind = json_string_value(json_object_get(clock, "kind"));
	if (!clock || (json_is_object(clock) && kind && strcmp(kind, "none") == 0))
		return QV_OK;
	return qv_fail(err, QV_EINVAL,
	               "clock: a game on this device has no clock: expected {\"kind\": \"none\"} "
	               "or no clock");
}

qv_status qv__local_new(qv__local **out, const char *id, const json_t *req, uint64_t seed,
                        qv_err *err)
{
	*out = NULL;
	if (!qv__local_word(id))
		return qv_fail(err, QV_EINVAL, "id: expected 1 to %d letters, digits, - or _",
		               QV__LOCAL_ID_MAX);
	qv__request r;
	qv_status rc = qv__request_read(req, request_fields, &r, err);
	if (!rc && (rc = check_clock(req, err))) {
		qv_variant_release(r.held);
		return rc;
	}
	qv_match *m;
	int np;
	if (!rc)
		rc = qv__request_match(&r, seed, &m, &np, err);
	if (!rc)
		rc = qv__local_make(out, id, m, r.kinds, err);
	if (!rc)
		(*out)->no_takebacks = r.no_takebacks;
	return rc;
}

void qv__local_free(qv__local *t)
{
	if (!t)
		return;
	for (int p = 0; p < t->nseats; p++)
		qv_agent_free(t->seat[p].agent);
	qv__feed_free(&t->feed, t->nseats);
	json_decref(t->params);
	qv_match_free(t->m);
	free(t);
}

const char *qv__local_id(const qv__local *t) { return t->id; }

int qv__local_seats(const qv__local *t) { return t->nseats; }

/* ---- info ------------------------------------------------------------------------------------ */

/* The seats as info gives them: the server's fields for a table of one device (every person
 * here, online; an AI seat named by its level). */
static json_t *seats_json(const qv__local *t)
{
	json_t *seats = json_array();
	char seat[8];
	for (int p = 0; p < t->nseats; p++) {
		const local_seat *s = &t->seat[p];
		bool person = strcmp(s->kind, "human") == 0;
		const char *name = s->name[0] ? s->name
		                   : person   ? qv_player_name(p, seat)
		                              : s->kind;
		json_t *e = json_pack("{s:s, s:s, s:b, s:b, s:s, s:b, s:i}", "seat",
		                      qv_player_name(p, seat), "kind", s->kind, "claimed",
		                      !person || s->token[0], "online", true, "name", name, "open",
		                      person, "away_ms", 0);
		if (e && person && qv_match_left(t->m, p) && !qv_match_over(t->m))
			e = qv__json_put(e, "zombie", json_true());
		seats = qv__json_push(seats, e);
	}
	return seats;
}

/* The seats that may act now: none unless the table plays. */
static unsigned acting(qv__local *t)
{
	return qv__local_status(t) == QV__LOCAL_PLAYING && !t->stopped[0] ? qv_match_acting(t->m)
	                                                                  : 0;
}

json_t *qv__local_info(qv__local *t, bool full)
{
	static const char *const status[] = {"waiting", "playing", "over"};
	int st = qv__local_status(t);
	json_t *info = json_pack(
	    "{s:s, s:s, s:s, s:O, s:o, s:s, s:I, s:b, s:o, s:o, s:o, s:b, s:b, s:b, s:b}", "id",
	    t->id, "game", t->m->game->name, "title", t->m->game->title, "params", t->params,
	    "seats", seats_json(t), "status", status[st], "v", (json_int_t)t->v, "private", true,
	    "result",
	    st == QV__LOCAL_OVER ? qv__info_result_json(t->m, t->nseats, false) : json_null(),
	    "variant", qv__info_variant_json(t->variant), "to_move",
	    qv__info_to_move_json(acting(t), t->nseats), "takebacks", !t->no_takebacks, "rated",
	    false, "abortable", false, "local", true);
	if (t->stopped[0] && st != QV__LOCAL_OVER)
		info = qv__json_put(info, "stopped", json_string(t->stopped));
	if (full)
		info = qv__json_put(info, "catalogue", qv__catalogue_json(t->m));
	return info;
}

/* ---- seats and frames ------------------------------------------------------------------------ */

qv_status qv__local_join(qv__local *t, int seat, const char *token, const char *name, int *got,
                         qv_err *err)
{
	char who[8];
	if (!qv__local_word(token))
		return qv_fail(err, QV_EINVAL, "token: expected 1 to %d letters, digits, - or _",
		               QV__LOCAL_ID_MAX);
	if (name && (!*name || strlen(name) > NAME_MAX_BYTES))
		return qv_fail(err, QV_EINVAL, "name: expected 1 to 24 characters");
	if (seat < 0)
		for (int p = 0; p < t->nseats && seat < 0; p++)
			if (strcmp(t->seat[p].kind, "human") == 0 && !t->seat[p].token[0])
				seat = p;
	if (seat < 0)
		return qv_fail(err, QV_ESTATE, "every seat of table %s is taken", t->id);
	if (seat >= t->nseats || strcmp(t->seat[seat].kind, "human") != 0)
		return qv_fail(err, QV_EINVAL, "seat %s is not a person's seat of table %s",
		               qv_player_name(seat, who), t->id);
	if (t->seat[seat].token[0])
		return qv_fail(err, QV_ESTATE, "seat %s is already taken",
		               qv_player_name(seat, who));
	qv_copy(t->seat[seat].token, sizeof t->seat[seat].token, token);
	qv_copy(t->seat[seat].name, sizeof t->seat[seat].name, name ? name : "");
	t->v++; /* who sits changes what the frames say */
	*got = seat;
	return QV_OK;
}

qv_status qv__local_hello(qv__local *t, const char *token, int *viewer, qv_err *err)
{
	*viewer = QV_VIEW_PUBLIC;
	if (!token)
		return QV_OK;
	for (int p = 0; p < t->nseats; p++)
		if (t->seat[p].token[0] && strcmp(t->seat[p].token, token) == 0) {
			*viewer = p;
			return QV_OK;
		}
	return qv_fail(err, QV_EINVAL, "bad token: no seat of table %s holds it", t->id);
}

static bool frame_info(void *ctx, int viewer, bool snapshot, qv_buf *out)
{
	(void)viewer;
	json_t *info = qv__local_info(ctx, snapshot);
	bool ok = qv__json_append(out, info);
	json_decref(info);
	return ok;
}

static bool frame_view(void *ctx, int viewer, qv_buf *out)
{
	qv__local *t = ctx;
	return qv_match_view_text(t->m, viewer, out);
}

bool qv__local_frame(qv__local *t, int viewer, bool snapshot, qv_buf *out)
{
	qv__frame_parts parts = {.v = t->v, .info = frame_info, .view = frame_view, .ctx = t};
	qv__log_pos *pos = &t->pos[viewer >= 0 ? viewer : t->nseats];
	return qv__feed_frame(&t->feed, t->m, t->nseats, viewer, snapshot, pos, &parts, out);
}

json_t *qv__local_history(qv__local *t, int viewer, long long line, qv_err *err)
{
	const qv__log_pos *pos = &t->pos[viewer >= 0 ? viewer : t->nseats];
	return qv__feed_history(&t->feed, t->m, t->nseats, t->params, t->v, viewer, line, pos, err);
}

json_t *qv__local_record(qv__local *t) { return qv_match_record_json(t->m); }
