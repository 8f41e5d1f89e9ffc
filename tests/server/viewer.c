/*
 * viewer.c - a table's WebSocket as a test watches it, and every view and log line checked
 * against the finished game's record (viewer.h).
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "viewer.h"

/* ---- viewers: one WebSocket each ---------------------------------------------------------------
 */

void tv_exact_keys(const json_t *o, const char *what, const char *const *keys, const char *optional)
{
	size_t n = 0;
	for (; keys[n]; n++)
		if (!json_object_get(o, keys[n]))
			fail_msg("%s lacks \"%s\"", what, keys[n]);
	size_t extra = optional && json_object_get(o, optional) ? 1 : 0;
	if (json_object_size(o) != n + extra) {
		char *t = json_dumps(o, JSON_COMPACT);
		fail_msg("%s has other fields than documented: %.300s", what, t);
	}
}

void tv_no_secret_keys(const json_t *j)
{
	static const char *const banned[] = {"seed", "rng", "actions", "record", NULL};
	if (json_is_object(j)) {
		const char *k;
		json_t *v;
		json_object_foreach((json_t *)j, k, v)
		{
			for (int i = 0; banned[i]; i++)
				if (strcmp(k, banned[i]) == 0)
					fail_msg("a frame holds \"%s\"", k);
			tv_no_secret_keys(v);
		}
	} else if (json_is_array(j)) {
		for (size_t i = 0; i < json_array_size(j); i++)
			tv_no_secret_keys(json_array_get(j, i));
	}
}

void tv_check_info(const json_t *t)
{
	static const char *const keys[] = {
	    "id",         "game",       "title",     "params",    "variant", "seats",   "status",
	    "v",          "private",    "result",    "to_move",   "offer",   "rematch", "clock",
	    "spectators", "away_limit", "abortable", "takebacks", "rated",   NULL};
	tv_exact_keys(t, "table info", keys, "catalogue");
	assert_true(json_is_boolean(json_object_get(t, "takebacks")));
	/* The connections watching without a seat. */
	assert_true(json_is_integer(json_object_get(t, "spectators")) &&
	            json_integer_value(json_object_get(t, "spectators")) >= 0);
	/* The components played with: null for a game without any, else a built-in set or a
	 * variant by name and hash. */
	const json_t *variant = json_object_get(t, "variant");
	if (!json_is_null(variant)) {
		static const char *const variant_keys[] = {"name", "sha256", "builtin", NULL};
		tv_exact_keys(variant, "info's variant", variant_keys, NULL);
		assert_int_equal(strlen(json_string_value(json_object_get(variant, "sha256"))), 64);
	}
	/* The clock: its settings, the time each claimed person's seat has left, whose runs, and
	 * the server's time to count down from. */
	const json_t *clock = json_object_get(t, "clock");
	assert_true(json_is_object(json_object_get(clock, "left")));
	assert_true(json_is_array(json_object_get(clock, "running")));
	assert_true(json_is_integer(json_object_get(clock, "now")));
	assert_non_null(json_string_value(json_object_get(clock, "kind")));
	/* An offer (a takeback request or a draw offer) is null or names who asked, the version
	 * after it and who answers. */
	const json_t *offer = json_object_get(t, "offer");
	if (!json_is_null(offer)) {
		static const char *const offer_keys[] = {"kind", "by", "to", "waiting", NULL};
		tv_exact_keys(offer, "an offer", offer_keys, NULL);
		const char *kind = json_string_value(json_object_get(offer, "kind"));
		assert_true(kind && (!strcmp(kind, "takeback") || !strcmp(kind, "draw")));
	}
	/* A waiting or finished table has nobody to move. */
	const char *status = json_string_value(json_object_get(t, "status"));
	if (status && strcmp(status, "playing") != 0)
		assert_int_equal(json_array_size(json_object_get(t, "to_move")), 0);
	static const char *const seat_keys[] = {"seat",   "kind",       "claimed", "online",
	                                        "name",   "open",       "away_ms", "away_since",
	                                        "zombie", "turn_since", NULL};
	const json_t *limit = json_object_get(t, "away_limit");
	assert_true(json_is_null(limit) || json_integer_value(limit) > 0);
	long long now = json_integer_value(json_object_get(clock, "now"));
	json_t *seats = json_object_get(t, "seats");
	for (size_t i = 0; i < json_array_size(seats); i++) {
		const json_t *s = json_array_get(seats, i);
		tv_exact_keys(s, "a seat", seat_keys, NULL);
		long long away = json_integer_value(json_object_get(s, "away_ms"));
		assert_true(away >= 0);
		assert_true(json_is_boolean(json_object_get(s, "zombie")));
		/* Absent since a time that away_ms agrees with, at the clock's now (ms rounded). */
		const json_t *since = json_object_get(s, "away_since");
		if (json_is_true(json_object_get(s, "online")))
			assert_true(json_is_null(since));
		if (!json_is_null(since))
			assert_true(llabs(now - json_integer_value(since) - away) <= 1);
		else
			assert_int_equal(away, 0);
		/* Kept waiting since a time no later than now, and only by a seat to move. */
		const json_t *turn = json_object_get(s, "turn_since");
		assert_true(json_is_null(turn) || json_integer_value(turn) <= now);
	}
}

const char *tv_receive(tv_viewer *w, bool allow_error)
{
	static char type[16];
	json_t *f = tc_ws_recv_json(&w->ws, TH_WAIT_MS);
	if (!f)
		return NULL;
	char *text = json_dumps(f, JSON_COMPACT);
	json_array_append_new(w->frames, json_string(text));
	free(text);
	snprintf(type, sizeof type, "%s", json_string_value(json_object_get(f, "type")));
	if (strcmp(type, "spectators") == 0) {
		/* The count alone (the sweep's, about once a second): it goes into the info held,
		 * and the caller gets the next frame, as when the count came in an update. */
		static const char *const keys[] = {"type", "count", NULL};
		tv_exact_keys(f, type, keys, NULL);
		json_t *n = json_object_get(f, "count");
		assert_true(json_is_integer(n) && json_integer_value(n) >= 0);
		if (w->table)
			json_object_set(w->table, "spectators", n);
		json_decref(f);
		return tv_receive(w, allow_error);
	}
	if (strcmp(type, "error") == 0) {
		if (!allow_error)
			fail_msg("error frame: %s",
			         json_string_value(json_object_get(f, "message")));
		json_decref(f);
		return type;
	}
	bool snap = strcmp(type, "snapshot") == 0;
	if (w->extra && !snap && strcmp(type, "update") != 0) {
		static const char *const kept[] = {"what", "history", "chat", "pong", NULL};
		for (int i = 0; kept[i]; i++)
			if (strcmp(type, kept[i]) == 0) {
				json_array_append_new(w->extra, f);
				return type;
			}
	}
	if (!snap && strcmp(type, "update") != 0)
		fail_msg("unexpected frame type '%s'", type);
	static const char *const snap_keys[] = {"type", "v",   "seat", "table",
	                                        "view", "log", "chat", NULL};
	static const char *const up_keys[] = {"type", "v", "table", "view", "log", NULL};
	tv_exact_keys(f, type, snap ? snap_keys : up_keys, NULL);
	tv_no_secret_keys(f);
	tv_check_info(json_object_get(f, "table"));
	/* The catalogue comes once, with a snapshot. */
	assert_true(snap == (json_object_get(json_object_get(f, "table"), "catalogue") != NULL));
	if (snap) {
		char want[16];
		snprintf(want, sizeof want, "p%d", w->seat + 1);
		assert_string_equal(json_string_value(json_object_get(f, "seat")),
		                    w->seat >= 0 ? want : "public");
		json_array_clear(w->log);
	}
	long long v = json_integer_value(json_object_get(f, "v"));
	assert_true(v >= w->v);
	w->v = v;
	json_t *lines = json_object_get(f, "log");
	for (size_t i = 0; i < json_array_size(lines); i++) {
		static const char *const line_keys[] = {"who", "text", NULL};
		/* a consequence's message: docs/server/websocket.md */
		tv_exact_keys(json_array_get(lines, i), "a log entry", line_keys, "msg");
		json_array_append(w->log, json_array_get(lines, i));
	}
	json_decref(w->view);
	json_decref(w->table);
	w->view = json_incref(json_object_get(f, "view"));
	w->table = json_incref(json_object_get(f, "table"));
	json_array_append(w->views, w->view);
	json_decref(f);
	return type;
}

void tv_open(tv_viewer *w, const char *id, int seat, const char *token)
{
	memset(w, 0, sizeof *w);
	w->seat = seat;
	w->v = -1;
	w->views = json_array();
	w->log = json_array();
	w->frames = json_array();
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	assert_int_equal(tc_ws_open(&w->ws, th_server.port, path), 0);
	/* with the lines' messages, which tv_check_against_record sets against the engine's */
	json_t *hello =
	    json_pack("{s:s, s:s?, s:b}", "type", "hello", "token", token, "messages", 1);
	if (!token)
		json_object_set_new(hello, "token", json_null());
	char *text = json_dumps(hello, JSON_COMPACT);
	assert_int_equal(tc_ws_send_text(&w->ws, text), 0);
	free(text);
	json_decref(hello);
	const char *type = tv_receive(w, false);
	assert_non_null(type);
	assert_string_equal(type, "snapshot");
}

void tv_close(tv_viewer *w)
{
	tc_ws_close(&w->ws);
	json_decref(w->views);
	json_decref(w->log);
	json_decref(w->view);
	json_decref(w->table);
	json_decref(w->extra);
	json_decref(w->frames);
}

void tv_sendf(tv_viewer *w, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	assert_int_equal(tc_ws_send_text(&w->ws, buf), 0);
}

/* Whether frame f says nothing of the moves: an update at version v, or the count of
 * spectators (a spectator came or went; on a loaded machine a socket of an earlier test may
 * end only now). */
static bool no_move_news(const json_t *f, long long v)
{
	const char *type = json_string_value(json_object_get(f, "type"));
	return type &&
	       ((!strcmp(type, "update") && json_integer_value(json_object_get(f, "v")) == v) ||
	        !strcmp(type, "spectators"));
}

void tv_expect_error(tv_viewer *w, const char *words)
{
	json_t *f = tc_ws_recv_json(&w->ws, TH_WAIT_MS);
	/* An update at the version the viewer holds changes no move, nor does a count of
	 * spectators: either may come first. An update at another version fails below. */
	while (f && no_move_news(f, w->v)) {
		json_decref(f);
		f = tc_ws_recv_json(&w->ws, TH_WAIT_MS);
	}
	if (!f)
		fail_msg("no answer; expected an error naming '%s'", words);
	const char *type = json_string_value(json_object_get(f, "type"));
	const char *msg = json_string_value(json_object_get(f, "message"));
	if (!type || strcmp(type, "error") != 0 || !msg || !strstr(msg, words)) {
		char *t = json_dumps(f, JSON_COMPACT);
		fail_msg("expected an error naming '%s', got %.300s", words, t);
	}
	static const char *const keys[] = {"type", "message", NULL};
	tv_exact_keys(f, "an error", keys, NULL);
	json_decref(f);
}

static long long viewer_at(void *vs, int i) { return ((tv_viewer *)vs)[i].v; }

static void viewer_reach(void *vs, int i, long long v)
{
	tv_viewer *w = &((tv_viewer *)vs)[i];
	while (w->v < v)
		if (!tv_receive(w, false))
			fail_msg("viewer %d stays at v %lld; others are at %lld", i, w->v, v);
}

void tv_catch_up(tv_viewer *vs, int n) { th_catch_up_all(vs, n, viewer_at, viewer_reach); }

const char *tv_status(const tv_viewer *w)
{
	return json_string_value(json_object_get(w->table, "status"));
}

/* ---- checking frames against the record --------------------------------------------------------
 */

qv_match *tv_replay_prefix(const json_t *record, size_t k)
{
	json_t *r = json_deep_copy(record);
	json_t *actions = json_object_get(r, "actions");
	while (json_array_size(actions) > k)
		json_array_remove(actions, json_array_size(actions) - 1);
	json_object_set_new(r, "result", json_null());
	qv_match *m;
	qv_err err;
	if (qv_match_load_json(&m, r, &err))
		fail_msg("prefix %zu of the record does not load: %s", k, err.msg);
	json_decref(r);
	return m;
}

typedef struct log_collect {
	json_t *lines;
} log_collect;

static void collect_line(void *ctx, const qv_log_line *line)
{
	log_collect *c = ctx;
	json_array_append_new(c->lines, qv_log_line_json(line));
}

qv_match *tv_replay_held(const json_t *record, unsigned people, size_t upto)
{
	json_t *actions = json_object_get(record, "actions");
	size_t nact = json_array_size(actions);
	qv_match *m = tv_replay_prefix(record, 0);
	qv_err err;
	qv_match_hold_forced(m, people);
	assert_int_equal(qv_match_restart(m, m->seed, &err), QV_OK);
	while ((size_t)m->nhist < upto && (size_t)m->nhist < nact) {
		const char *a = json_string_value(json_array_get(actions, (size_t)m->nhist));
		if (qv_match_play_text(m, a, &err))
			fail_msg("action %d ('%s') does not replay: %s", m->nhist + 1, a, err.msg);
	}
	return m;
}

/* The game is played again once per viewer, each view kept at the history length it was seen
 * at (NULL where the match never stopped). */
void tv_check_against_record(tv_viewer *vs, int n, const json_t *record, unsigned people)
{
	size_t nact = json_array_size(json_object_get(record, "actions"));
	json_t **views = calloc(nact + 1, sizeof *views); /* per prefix, per viewer below */
	json_t *actions = json_object_get(record, "actions");
	for (int i = 0; i < n; i++) {
		int who = vs[i].seat >= 0 ? vs[i].seat : QV_VIEW_PUBLIC;
		qv_match *m = tv_replay_held(record, people, 0);
		qv_err err;
		for (;;) {
			views[m->nhist] = qv_match_view_json(m, who);
			if ((size_t)m->nhist >= nact)
				break;
			const char *a =
			    json_string_value(json_array_get(actions, (size_t)m->nhist));
			if (qv_match_play_text(m, a, &err))
				fail_msg("action %d ('%s') does not replay: %s", m->nhist + 1, a,
				         err.msg);
		}
		assert_int_equal(m->nhist, nact);
		log_collect c = {json_array()};
		qv_match_log(m, who, 0, collect_line, &c);
		if (!json_equal(c.lines, vs[i].log)) {
			/* From the first line that differs: the wording, then what the frames said,
			 * with the connection's frames' versions (a frame lost or repeated shows).
			 */
			size_t k = 0, na = json_array_size(c.lines),
			       nb = json_array_size(vs[i].log);
			while (k < na && k < nb &&
			       json_equal(json_array_get(c.lines, k), json_array_get(vs[i].log, k)))
				k++;
			char *a = json_dumps(json_array_get(c.lines, k), JSON_COMPACT);
			char *b = json_dumps(json_array_get(vs[i].log, k), JSON_COMPACT);
			char vers[600] = "";
			size_t at = 0, nf = json_array_size(vs[i].frames);
			for (size_t f = 0; f < nf && at < sizeof vers; f++) {
				json_t *fr = json_loads(
				    json_string_value(json_array_get(vs[i].frames, f)), 0, NULL);
				const char *type = json_string_value(json_object_get(fr, "type"));
				if (type && (!strcmp(type, "update") || !strcmp(type, "snapshot")))
					at += (size_t)snprintf(
					    vers + at, sizeof vers - at, "%s%lld+%zu",
					    at ? " " : "",
					    json_integer_value(json_object_get(fr, "v")),
					    json_array_size(json_object_get(fr, "log")));
				json_decref(fr);
			}
			fail_msg(
			    "viewer %d (seat %d)'s log differs from its wording at line %zu of "
			    "%zu (frames %zu lines): the wording says %.300s, the frames %.300s; "
			    "its frames' v+lines: %s",
			    i, vs[i].seat + 1, k, na, nb, a ? a : "nothing", b ? b : "nothing",
			    vers);
		}
		json_decref(c.lines);
		qv_match_free(m);
		size_t k = 0;
		for (size_t f = 0; f < json_array_size(vs[i].views); f++) {
			json_t *got = json_array_get(vs[i].views, f);
			while (k <= nact && !(views[k] && json_equal(got, views[k])))
				k++;
			if (k > nact) {
				char *t = json_dumps(got, JSON_COMPACT);
				fail_msg("viewer %d, frame %zu: a view it never had: %.400s", i, f,
				         t);
			}
		}
		for (size_t k2 = 0; k2 <= nact; k2++) {
			json_decref(views[k2]);
			views[k2] = NULL;
		}
	}
	free(views);
}
