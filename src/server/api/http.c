/*
 * http.c - the HTTP API of `quiver serve` (JSON in and out) and the routing of everything else
 * to the files of the web folder, as one route table (route.h): each row a method, a path
 * pattern and its handler. The table decides the handler, the 404 lists of known paths and
 * the 405 answers with their Allow header; the answers themselves are written by reply.c.
 */
#define _DEFAULT_SOURCE /* explicit_bzero */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fields.h"
#include "engine/feed/games.h"
#include "games/json_util.h"
#include "quiver/variant.h"
#include "server/api/files.h"
#include "server/api/http.h"
#include "server/api/lessons.h"
#include "server/api/lobby.h"
#include "server/api/puzzles.h"
#include "server/api/review.h"
#include "server/api/scrape.h"
#include "server/base/addr.h"
#include "server/base/oplog.h"
#include "server/net/jobs.h"
#include "server/net/net.h"
#include "server/net/reply.h"
#include "server/players/account.h"
#include "server/players/blocks.h"
#include "server/players/challenges.h"
#include "server/players/device.h"
#include "server/players/follows.h"
#include "server/players/me.h"
#include "server/players/mutes.h"
#include "server/players/player.h"
#include "server/players/puzzles.h"
#include "server/players/pwgate.h"
#include "server/players/reports.h"
#include "server/players/session.h"
#include "server/players/skeleton.h"
#include "server/players/standings.h"
#include "server/players/tournaments.h"
#include "server/store/store.h"
#include "server/table/rated.h"
#include "server/table/replay.h"

/* ---- failures ------------------------------------------------------------------------------- */

/* The HTTP status for a failed table operation. */
static int status_for(qv_status rc)
{
	switch (rc) {
	case QV_EINVAL:
	case QV_EILLEGAL: return 400;
	case QV_ESTATE: return 409;
	case QV_EIO: return 503; /* the store refused or was slow: nothing was done, try again */
	default: return 500;
	}
}

/* Answers a failed table operation. A server-side failure (the database refused a change) is
 * also logged with the database's file, which no reply names. Returns the status sent. */
static int table_failed(qv__server *srv, qv__req *c, qv_status rc, const qv_err *err)
{
	int status = status_for(rc);
	if (status >= 500)
		qv__oplog(QV__WARN, "database %s: %s", srv->db_name, err->msg);
	qv__reply_error(c, status, "%s", err->msg);
	return status;
}

/* ---- /api/games, /api/tables, /api/replay --------------------------------------------------- */

/* GET /api/games: every game, its parameters, the seat levels and their measured strength
 * (engine/feed/games.h). */
static int get_games(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)srv;
	(void)m;
	json_t *body = qv__games_json();
	if (!body) {
		qv__reply_error(c, 500, "out of memory");
		return 500;
	}
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}

/* The state whose components ?variant=SHA256 names (a variant this server has loaded, or
 * "base"), for GET /api/games/GAME/reference: *match NULL for the built-in set (no query).
 * Answers 404 or 500 itself and returns the status, else 0. */
static int reference_match(qv__req *c, const qv_game *g, qv_match **match)
{
	*match = NULL;
	const char *key = qv__req_arg(c, "variant");
	if (!key)
		return 0;
	qv_err err;
	/* Held while the match is made: a client's variant leaves when nothing plays it. A key
	 * longer than a hash is none. */
	const qv_variant *v =
	    strlen(key) <= QV_VARIANT_HASHLEN ? qv_variant_find_held(g, key, &err) : NULL;
	if (!v) {
		char quoted[QV_QUOTE_MAX * 4 + 4];
		qv__reply_error(c, 404,
		                "no variant '%s' of %s on this server: expected ?variant= the "
		                "sha256 of a table's variant (its info's variant.sha256), or base",
		                qv_shorten(key, QV_QUOTE_MAX, quoted, sizeof quoted), g->name);
		return 404;
	}
	qv_params params = {0};
	qv_status rc = qv_params_set(&params, "variant", v->builtin ? "base" : v->sha256, &err);
	if (!rc)
		rc = qv_match_new(match, g, &params, 0, &err);
	qv_variant_release(v); /* the match holds its own */
	if (rc) {
		qv__reply_error(c, 500, "the reference of variant %s: %s", v->name, err.msg);
		return 500;
	}
	return 0;
}

/* GET /api/games/GAME/reference[?variant=SHA256]: what each of the game's pieces, cards and
 * items is, the entries `card`, `piece` and `item` print at the prompt of `quiver play`
 * (qv_lookup), in the game's order, for its built-in set or a variant this server has loaded
 * (a table's). They describe kinds of things, never a table, so nothing in them is hidden. */
static int get_reference(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)srv;
	const qv_game *g = qv__route_cap_of(m, "gamename")->value;
	qv_match *match;
	int st = reference_match(c, g, &match);
	if (st)
		return st;
	json_t *body = qv__reference_json(g, match ? match->state : NULL);
	qv_match_free(match);
	if (!body) {
		qv__reply_error(c, 500, "out of memory");
		return 500;
	}
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}

/* POST /api/tables: a new table; 201 with its info. */
/* A request for a rated table without a session: the answer given (401; 503 when the database
 * failed), else 0. A rated table is made by a signed-in person (its other rules: tablespec.c). */
static int rated_refused(qv__server *srv, qv__req *c, const json_t *req)
{
	if (!json_is_true(json_object_get(req, "rated")))
		return 0;
	qv__session sess;
	int signed_in = qv__session_get(srv, c, &sess);
	if (signed_in == 1) {
		qv__session_done(srv, c, &sess);
		return 0;
	}
	if (signed_in < 0) {
		qv__reply_error(c, 503, "the database failed reading your session");
		return 503;
	}
	qv__reply_error(c, 401, "rated: sign in to make a rated table (POST /api/session)");
	return 401;
}

static int post_table(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	json_t *req;
	int st = qv__reply_read_json(c, &req, NULL);
	if (st)
		return st;
	qv__table *t;
	qv_err err;
	const char *addr = qv__req_addr(c);
	int refusal;
	if (qv__server_room(srv, addr, req, &refusal, &err)) {
		json_decref(req);
		qv__reply_error(c, refusal, "%s", err.msg);
		return refusal;
	}
	if ((st = rated_refused(srv, c, req)) != 0) {
		json_decref(req);
		return st;
	}
	qv__invites inv;
	qv_status rc = qv__table_create_invites(&t, srv->store, req, addr, &inv, &err);
	json_decref(req);
	if (rc == QV_ESTATE) { /* no room for another variant until the server restarts */
		qv__reply_error(c, 503, "%s", err.msg);
		return 503;
	}
	if (rc)
		return table_failed(srv, c, rc, &err);
	/* The invite codes, in this answer only (the table keeps their hashes). */
	json_t *invites = json_array();
	char name[8];
	for (int i = 0; i < inv.n; i++)
		invites = qv__json_push(invites, json_pack("{s:s, s:s}", "seat",
		                                           qv_player_name(inv.seat[i], name),
		                                           "code", inv.code[i]));
	explicit_bzero(&inv, sizeof inv);
	int added;
	if (qv__server_add_new(srv, t, &added, &err)) {
		json_decref(invites);
		qv__table_unref(t);
		qv__reply_error(c, added, "%s", err.msg);
		return added;
	}
	qv__table_lock(t);
	json_t *info = qv__json_put(qv__table_info_full_locked(t), "invites", invites);
	qv__table_unlock(t);
	qv__server_changed(srv, t);
	qv__reply_json(c, 201, info);
	json_decref(info);
	qv__table_unref(t);
	return 201;
}

/* The largest answer to POST /api/replay: the replay of a 64 KiB record would be up to 350
 * times larger as whole views (?views=full: 20 MiB), some 30 times as changes, and the work in
 * proportion. Real games replay well within it: a random Evons game in 88 KB as changes, 0.96 MB
 * as whole views (docs/server.md). */
#define REPLAY_MAX ((size_t)4 << 20)

/* Sends a replay's text (200) and frees it; returns its size, for the gate. */
static size_t send_replay(qv__req *c, qv_buf *text)
{
	size_t bytes = text->len;
	qv__reply_text(c, 200, qv_buf_str(text), NULL);
	qv_buf_free(text);
	return bytes;
}

/* Whether the request asks for every step's view whole (?views=full) rather than the first
 * view and each step's changes (no ?views, or ?views=changes): 0 with *full set, or 400
 * answered for another value. */
static int replay_form(qv__req *c, bool *full)
{
	const char *v = qv__req_arg(c, "views");
	*full = v && strcmp(v, "full") == 0;
	if (!v || *full || strcmp(v, "changes") == 0)
		return 0;
	char quoted[QV_QUOTE_MAX * 4 + 4];
	qv__reply_error(c, 400,
	                "views: expected 'changes' (the default: the start's view, then each "
	                "step's changes) or 'full' (every step's view whole), not '%s'",
	                qv_shorten(v, QV_QUOTE_MAX, quoted, sizeof quoted));
	return 400;
}

/* The variant of a record to replay, into *v (NULL: the record has none, a built-in game). A
 * variant's record has its document registered first, in the registry's room for clients and
 * counted against the address's rate, so that a full room is told apart from a bad record; it
 * is held until the replay ends. Returns 0, or the refusal's status (429, 503, 400) with err. */
static int replay_variant(qv__server *srv, const char *addr, const json_t *body,
                          const qv_variant **v, qv_err *err)
{
	*v = NULL;
	const json_t *variant = json_object_get(body, "variant");
	if (!json_is_object(variant) || !json_object_get(variant, "quiver_variant"))
		return 0;
	if (qv__server_creation_rate(srv, addr, err))
		return 429;
	const char *game = json_string_value(json_object_get(body, "game"));
	qv_status rc = qv_variant_from_json_held(variant, game ? qv_game_find(game, NULL) : NULL,
	                                         "variant", QV_VARIANT_SHARED, v, err);
	return rc == QV_ESTATE ? 503 : rc ? 400 : 0;
}

/* POST /api/replay with a record (as `quiver replay` reads it): that game step by step. The
 * sender has the record, so nothing is shown that it does not already hold. The replay passes
 * the server's gate (replay.h) once the record is read. */
static int post_replay(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	bool full;
	int st = replay_form(c, &full);
	if (st)
		return st;
	json_t *body;
	st = qv__reply_read_json(c, &body, NULL);
	if (st)
		return st;
	qv_err err = {0};
	const char *addr = qv__req_addr(c);
	int slot;
	st = qv__replay_enter(srv->replays, addr, &slot, &err);
	if (st) {
		json_decref(body);
		qv__reply_error(c, st, "%s", err.msg);
		return st;
	}
	qv_match *match = NULL;
	const qv_variant *v;
	st = replay_variant(srv, addr, body, &v, &err);
	if (st) {
		json_decref(body);
		qv__replay_leave(srv->replays, slot, 0);
		qv__reply_error(c, st, "%s%s", st == 400 ? "not a record quiver can replay: " : "",
		                err.msg);
		return st;
	}
	qv_status loaded = qv_match_load_json(&match, body, &err);
	qv_variant_release(v); /* the match holds its own */
	json_decref(body);
	if (loaded) {
		qv__replay_leave(srv->replays, slot, 0);
		qv__reply_error(c, 400, "not a record quiver can replay: %s", err.msg);
		return 400;
	}
	bool too_big;
	qv_buf text = {0};
	qv_status rc = qv__replay_text(match, NULL, full, REPLAY_MAX, &text, &too_big, &err);
	qv_match_free(match);
	size_t bytes = 0;
	if (rc) {
		st = too_big ? 413 : 400;
		qv__reply_error(c, st, "%s", err.msg);
	} else {
		st = 200;
		bytes = send_replay(c, &text);
	}
	qv__replay_leave(srv->replays, slot, bytes);
	return st;
}

/* ---- /api/tables/ID ------------------------------------------------------------------------- */

/* The table of the path's {table}, with a reference; 404 answered (NULL) when there is none,
 * 503 when another process plays it just now (qv__reply_moving). With socket, it is found as a
 * new socket finds it (qv__server_find_for_socket): a finished table read back stays in memory
 * until the caller takes the count back (t->greeting). */
static qv__table *path_table_as(qv__server *srv, qv__req *c, const qv__route_match *m, bool socket)
{
	const char *id = qv__route_cap_of(m, "table")->text;
	qv__missing why;
	qv__table *t =
	    socket ? qv__server_find_for_socket(srv, id, &why) : qv__server_find(srv, id, &why);
	if (!t)
		qv__reply_missing(c, id, why);
	return t;
}

static qv__table *path_table(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	return path_table_as(srv, c, m, false);
}

/* A finished table that is not in memory, answered from what was stored when its game ended
 * (never replayed, table.c): 0 when the request needs the table itself (in memory, not over,
 * or stored by an older quiver). */
static int stored_fetch(qv__server *srv, qv__req *c, const qv__route_match *m, qv__fetch what)
{
	const char *id = qv__route_cap_of(m, "table")->text;
	qv__table *t = qv__server_find_resident(srv, id);
	if (t) {
		qv__table_unref(t);
		return 0;
	}
	char *text;
	if (qv__table_fetch_stored(srv->store, id, what, &text) != 1)
		return 0;
	qv__reply_text(c, 200, text, NULL);
	free(text);
	return 200;
}

/* What table.c lets anyone fetch of a table: its info, or its record or replay once over. */
static int fetch(qv__server *srv, qv__req *c, const qv__route_match *m, qv__fetch what)
{
	int st = stored_fetch(srv, c, m, what);
	if (st)
		return st;
	qv__table *t = path_table(srv, c, m);
	if (!t)
		return 404;
	json_t *out;
	qv_err err;
	qv_status rc = qv__table_fetch(t, what, &out, &err);
	qv__table_unref(t);
	if (rc) {
		st = rc == QV_ESTATE ? 409 : 500;
		qv__reply_error(c, st, "%s", err.msg);
		return st;
	}
	qv__reply_json(c, 200, out);
	json_decref(out);
	return 200;
}

/* GET /api/tables/ID: the table's info. */
static int get_info(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	return fetch(srv, c, m, QV__FETCH_INFO);
}

/* GET /api/tables/ID/record: the record once the game is over. */
static int get_record(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	return fetch(srv, c, m, QV__FETCH_RECORD);
}

/* GET /api/tables/ID/replay: the game step by step (replay.h) once it is over, through the
 * server's gate (a table not over is refused without waiting for a turn). */
static int get_replay(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	bool full;
	if (replay_form(c, &full))
		return 400;
	qv__table *t = path_table(srv, c, m);
	if (!t)
		return 404;
	qv__table_lock(t);
	bool over = t->status == QV__OVER;
	qv__table_unlock(t);
	qv_err err;
	int slot = -1, st = 0;
	if (over)
		st = qv__replay_enter(srv->replays, qv__req_addr(c), &slot, &err);
	qv_buf text = {0};
	qv_status rc = st ? QV_ESTATE : qv__table_replay(t, full, &text, &err);
	qv__table_unref(t);
	size_t bytes = 0;
	if (!rc) {
		st = 200;
		bytes = send_replay(c, &text);
	} else {
		st = st ? st : rc == QV_ESTATE ? 409 : 500;
		qv__reply_error(c, st, "%s", err.msg);
	}
	qv__replay_leave(srv->replays, slot, bytes);
	return st;
}

/* Whether a join request has a field it should not have, or one of the wrong type (err says
 * which). */
static bool join_request_bad(const json_t *req, qv_err *err)
{
	static const char *const fields[] = {"seat", "invite", "name", NULL};
	const json_t *seat = json_object_get(req, "seat");
	const json_t *invite = json_object_get(req, "invite");
	const json_t *pname = json_object_get(req, "name");
	if (qv__json_check_keys(req, "a join request", fields, err))
		return true;
	if (seat && !json_is_string(seat))
		qv_fail(err, QV_EINVAL,
		        "seat: expected a seat name such as \"p2\", or no seat for the first free "
		        "open one");
	else if (invite && !json_is_string(invite))
		qv_fail(err, QV_EINVAL, "invite: expected an invite seat's code, a string");
	else if (pname && !json_is_string(pname))
		qv_fail(err, QV_EINVAL, "name: expected your name, a string of 1 to %d characters",
		        QV__NAME_MAX);
	else
		return false;
	return true;
}

/* The answer to a join: 200 {"seat", "token"}, and "device": true for a device's token. */
static int join_reply(qv__req *c, int p, const char *token, bool device)
{
	char name[8];
	json_t *body = json_pack("{s:s, s:s}", "seat", qv_player_name(p, name), "token", token);
	if (device)
		body = qv__json_put(body, "device", json_true());
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}

/* The join that request req asks for (its strings point into req), by the session s (NULL:
 * none): while signed in, the seat is the account's and plays under its username, with its
 * rating beside it at a rated table (the game, its seats and "rated" never change once the
 * table is made). Whoever joins, the people seated are checked for blocks with who. */
static void join_of(qv__server *srv, qv__req *c, qv__table *t, const json_t *req,
                    const qv__session *s, qv__join *join, qv__blocks_joiner *who)
{
	const json_t *invite = json_object_get(req, "invite");
	*join = (qv__join){.seat = json_string_value(json_object_get(req, "seat")),
	                   .invite = json_string_value(invite),
	                   .invite_len = invite ? json_string_length(invite) : 0,
	                   .name = json_string_value(json_object_get(req, "name")),
	                   .player = qv__player_of(srv, c)[0] ? qv__player_of(srv, c) : NULL,
	                   .check = qv__blocks_join_check,
	                   .check_ctx = who,
	                   .name_check = qv__skeleton_guest_name,
	                   .name_ctx = srv->store};
	*who = (qv__blocks_joiner){.store = srv->store, .player = join->player};
	if (!s)
		return;
	join->account = who->account = s->account.id;
	join->username = s->account.username;
	if (t->rated && !qv__rated_rating_of(srv->store, s->account.id, t->game->name, t->nseats,
	                                     &join->rating, &join->deviation))
		join->rating = join->deviation = 0;
}

/* A signed-in device asks for a seat of its account by naming it (docs/server/players.md, "Every
 * device of the account"): answered here with a token of the device's own. Returns 0,
 * answering nothing, when the request is not that or the seat is not the account's (the join
 * then goes on as any other, and finds the seat taken). */
static int device_join(qv__server *srv, qv__req *c, qv__table *t, const json_t *req,
                       const qv__session *s)
{
	const char *seat = json_string_value(json_object_get(req, "seat"));
	if (!seat || json_object_get(req, "invite"))
		return 0;
	int p = qv_player_parse(seat, t->nseats);
	long long owner;
	char player[QV__HASH_LEN + 1], token[QV__TOKEN_LEN + 1];
	if (p < 0 || !qv__table_seat_holder(t, p, &owner, player))
		return 0;
	/* A seat taken before signing up, with a key the account has signed in with since. */
	bool linked = owner == 0 && player[0] &&
	              qv__store_player_account(srv->store, player) == s->account.id;
	if (owner != s->account.id && !linked)
		return 0;
	qv_err err;
	qv_status rc = qv__table_device_join(t, p, s->account.id, linked ? player : NULL, s->hash,
	                                     token, &err);
	return rc ? table_failed(srv, c, rc, &err) : join_reply(c, p, token, true);
}

/* post_join's work on table t, found (the caller keeps its reference). */
static int join_found(qv__server *srv, qv__req *c, qv__table *t)
{
	json_t *req;
	qv_err err;
	int st = qv__reply_read_json(c, &req, "{}");
	if (!st && join_request_bad(req, &err)) {
		json_decref(req);
		qv__reply_error(c, 400, "%s", err.msg);
		st = 400;
	}
	if (st)
		return st;
	char token[QV__TOKEN_LEN + 1];
	int p;
	/* A seat taken while signed in is the account's, for good (a rated table's result), and
	 * the account's other devices ask for it by name. */
	qv__session s;
	int signed_in = qv__session_get(srv, c, &s);
	if (signed_in == 1 && (st = device_join(srv, c, t, req, &s)) != 0) {
		json_decref(req);
		qv__session_done(srv, c, &s);
		return st;
	}
	qv__join join;
	qv__blocks_joiner who;
	join_of(srv, c, t, req, signed_in == 1 ? &s : NULL, &join, &who);
	bool forbidden;
	qv_status rc = qv__table_join_as(t, &join, &p, token, &forbidden, &err);
	json_decref(req);
	if (rc) {
		if (!forbidden)
			return table_failed(srv, c, rc, &err);
		qv__reply_error(c, 403, "%s", err.msg);
		return 403;
	}
	srv->joined(srv, t, p); /* "Bob took p2", then whose turn it is */
	qv__server_changed(srv, t);
	join_reply(c, p, token, false);
	qv__session_done(srv, c, &s); /* nothing without a session renewed */
	return 200;
}

/* POST /api/tables/ID/join: a seat and its token. */
static int post_join(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	const char *id = qv__route_cap_of(m, "table")->text;
	qv_err err;
	qv__table *t = qv__server_find_resident(srv, id);
	char session[QV__HASH_LEN + 1];
	qv__session_cookie_hash(c, session);
	/* A finished table only stored is not read back for a join, which it refuses, unless a
	 * signed-in device may ask for its account's seat (device_join): the result, the review
	 * and the rematch are that seat's on every device of the account. Read back so, it is
	 * held in memory as a socket holds it (a finished table otherwise leaves memory, and on
	 * PostgreSQL this process's hold on it, as soon as it is read) until the join is done. */
	bool held = !t && session[0];
	if (!t && !session[0] && qv__table_join_stored(srv->store, id, &err)) {
		qv__reply_error(c, 409, "%s", err.msg);
		return 409;
	}
	qv__table_unref(t);
	if (!(t = path_table_as(srv, c, m, held)))
		return 404;
	int st = join_found(srv, c, t);
	if (held) {
		qv__table_lock(t);
		t->greeting--;
		qv__table_unlock(t);
		qv__server_changed(srv, t); /* may leave memory now */
	}
	qv__table_unref(t);
	return st;
}

/* GET /api/me/ws without an upgrade. */
static int get_chan(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)srv;
	(void)m;
	qv__reply_error(c, 400, "this is your player's channel: connect with a WebSocket upgrade");
	return 400;
}

/* GET /api/tables/ID/ws without an upgrade. */
static int get_ws(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	qv__table *t = path_table(srv, c, m);
	if (!t)
		return 404;
	qv__table_unref(t);
	qv__reply_error(c, 400, "this is the table's WebSocket: connect with a WebSocket upgrade");
	return 400;
}

/* ---- files ---------------------------------------------------------------------------------- */

/* GET and HEAD of any other path: a file of the web folder or a rules page. */
static int get_file(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	const char *uri = qv__req_path(c);
	if (qv__files_serve(srv, c, uri))
		return 200;
	char quoted[200 * 4 + 4];
	qv__reply_error(c, 404, "not found: %s", qv_shorten(uri, 200, quoted, sizeof quoted));
	return 404;
}

/* GET /site.js: what the client is where it is served (files.h). */
static int get_site(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__files_site(srv, c);
	return 200;
}

/* GET /learn, /learn/GAME and /learn/GAME/LESSON: the tutorials' page, which reads which from
 * its address (an unknown game or lesson is the page's to say). */
static int get_learn(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	return qv__files_page(srv, c, "/learn.html") ? 200 : get_file(srv, c, m);
}

/* ---- the route table ------------------------------------------------------------------------ */

/* Table ids longer than this are refused before any lookup. */
#define TABLE_ID_MAX 63

/* {table}: a table's id; a long one is refused here, an unknown one by its handler (after the
 * method is checked). The message quotes the path from the id on. */
static int check_table(qv__route_match *m, int i)
{
	if (m->cap[i].len <= TABLE_ID_MAX)
		return 0;
	char quoted[QV_QUOTE_MAX * 4 + 4];
	snprintf(m->msg, sizeof m->msg, "no table '%s'",
	         qv_shorten(m->cap[i].at, QV_QUOTE_MAX, quoted, sizeof quoted));
	return 404;
}

/* Capture i, a game of the registry; else 404 naming `list`, the route that lists them. */
static int find_game(qv__route_match *m, int i, const char *list)
{
	m->cap[i].value = qv_game_find(m->cap[i].text, NULL);
	if (m->cap[i].value)
		return 0;
	char quoted[QV_QUOTE_MAX * 4 + 4];
	snprintf(m->msg, sizeof m->msg, "no game '%s'; GET %s lists the games",
	         qv_shorten(m->cap[i].text, QV_QUOTE_MAX, quoted, sizeof quoted), list);
	return 404;
}

/* {game}: a game of the registry (the lessons' routes). */
static int check_game(qv__route_match *m, int i) { return find_game(m, i, "/api/lessons"); }

/* {gamename}: a game of the registry, under /api/games. */
static int check_game_name(qv__route_match *m, int i) { return find_game(m, i, "/api/games"); }

/* {lesson}: a plain lesson name (after its {game}). */
static int check_lesson(qv__route_match *m, int i)
{
	if (qv__lesson_id_valid(m->cap[i].text))
		return 0;
	const qv__route_cap *game = qv__route_cap_of(m, "game");
	const char *name = game && game->value ? ((const qv_game *)game->value)->name : "";
	char quoted[QV_QUOTE_MAX * 4 + 4];
	snprintf(m->msg, sizeof m->msg, "no lesson '%s' for %s; GET /api/lessons/%s lists them",
	         qv_shorten(m->cap[i].text, QV_QUOTE_MAX, quoted, sizeof quoted), name, name);
	return 404;
}

static bool has_lessons(qv__server *srv) { return srv->cfg.tutorials_dir != NULL; }

static const qv__route_kind kinds[] = {
    {"table", "ID", SIZE_MAX, true, check_table},
    {"game", "GAME", QV__ROUTE_CAP_MAX - 1, false, check_game},
    {"gamename", "GAME", QV__ROUTE_CAP_MAX - 1, false, check_game_name},
    {"lesson", "ID", QV__ROUTE_CAP_MAX - 1, false, check_lesson},
    {"segment", "X", SIZE_MAX, true, NULL},
    {"challenge", "ID", QV__ID_LEN, false, NULL},
    {"puzzle", "ID", QV__ID_LEN, false, NULL},
    {"tournament", "ID", QV__ID_LEN, false, NULL},
};

/* Most specific first. */
static const qv__route_family families[] = {
    {"/api/tables/{table}", "no such path; a table has ", QV__LIST_SUFFIXES, false, NULL, NULL},
    {"/api/lessons", "no such path; lessons are at ", QV__LIST_CHAIN, true, has_lessons,
     "this server has no lessons (start it with --tutorials DIR)"},
    {"/api", "no such API path; the API has ", QV__LIST_TOP, false, NULL, NULL},
    {"", NULL, QV__LIST_NONE, false, NULL, NULL},
};

static const qv__route routes[] = {
    {"GET", "/api/games", get_games},
    {"GET", "/api/me", qv__me_get},
    {"GET", "/metrics", qv__scrape_get},
    {"GET", "/api/health", qv__health_get},
    {"POST", "/api/accounts", qv__account_create},
    {"POST", "/api/accounts/recover", qv__account_recover},
    {"POST", "/api/session", qv__account_sign_in},
    {"DELETE", "/api/session", qv__account_sign_out},
    {"POST", "/api/account/password", qv__account_password},
    {"GET", "/api/account/export", qv__account_export},
    {"DELETE", "/api/account", qv__account_delete},
    {"GET", "/api/account/blocks", qv__blocks_get},
    {"POST", "/api/account/blocks", qv__blocks_post},
    {"DELETE", "/api/account/blocks/{segment}", qv__blocks_delete},
    {"GET", "/api/account/follows", qv__follows_get},
    {"POST", "/api/account/follows", qv__follows_post},
    {"DELETE", "/api/account/follows/{segment}", qv__follows_delete},
    {"GET", "/api/challenges", qv__challenges_list},
    {"POST", "/api/challenges", qv__challenges_post},
    {"GET", "/api/challenges/{challenge}", qv__challenges_get},
    {"DELETE", "/api/challenges/{challenge}", qv__challenges_cancel},
    {"POST", "/api/challenges/{challenge}/accept", qv__challenges_accept},
    {"POST", "/api/challenges/{challenge}/decline", qv__challenges_decline},
    {"GET", "/api/games/{gamename}/reference", get_reference},
    {"GET", "/api/players/{segment}", qv__standings_player},
    {"GET", "/api/leaderboard/{game}", qv__standings_leaderboard},
    {"GET", "/api/tables", qv__lobby_get},
    {"POST", "/api/tables", post_table},
    {"GET", "/api/tables/{table}", get_info},
    {"POST", "/api/tables/{table}/join", post_join},
    {"GET", "/api/tables/{table}/record", get_record},
    {"GET", "/api/tables/{table}/replay", get_replay},
    {"POST", "/api/tables/{table}/review", qv__review_post},
    {"GET", "/api/tables/{table}/review", qv__review_get},
    {"POST", "/api/tables/{table}/report", qv__report_post},
    {"GET", "/api/tables/{table}/ratings", qv__standings_table},
    {"GET", "/api/tables/{table}/puzzles", qv__puzzles_of_table},
    {"POST", "/api/tables/{table}/mute", qv__mute_post},
    {"GET", "/api/tables/{table}/mute", qv__mute_get},
    {"GET", QV__WS_PATH, get_ws},
    {"GET", QV__CHAN_PATH, get_chan},
    {"POST", "/api/replay", post_replay},
    {"GET", "/api/tournaments", qv__tournaments_list},
    {"POST", "/api/tournaments", qv__tournaments_post},
    {"GET", "/api/tournaments/{tournament}", qv__tournaments_get},
    {"DELETE", "/api/tournaments/{tournament}", qv__tournaments_cancel},
    {"POST", "/api/tournaments/{tournament}/join", qv__tournaments_join},
    {"POST", "/api/tournaments/{tournament}/withdraw", qv__tournaments_withdraw},
    {"POST", "/api/tournaments/{tournament}/start", qv__tournaments_start},
    {"GET", "/api/puzzles", qv__puzzles_next},
    {"GET", "/api/puzzles/{puzzle}", qv__puzzle_get},
    {"POST", "/api/puzzles/{puzzle}/attempt", qv__puzzle_attempt},
    {"GET", "/api/lessons", qv__lessons_all},
    {"GET", "/api/lessons/{game}", qv__lessons_game},
    {"GET", "/api/lessons/{game}/{lesson}", qv__lessons_get},
    {"POST", "/api/lessons/{game}/{lesson}/try", qv__lessons_try},
    {"GET", "/site.js", get_site},
    {"GET", "/learn", get_learn},
    {"GET", "/learn/{segment}", get_learn},
    {"GET", "/learn/{segment}/{segment}", get_learn},
    {"GET", "*", get_file},
    {"HEAD", "*", get_file},
};

const qv__routes qv__http_routes = {
    routes, sizeof routes / sizeof routes[0], families, sizeof families / sizeof families[0],
    kinds,  sizeof kinds / sizeof kinds[0],
};

/* ---- requests ------------------------------------------------------------------------------- */

/* The routes that check a password in the password gate (pwgate.h), paced per address on the
 * loop (pace.h). */
static const qv__route_fn paced_routes[] = {qv__account_create, qv__account_recover,
                                            qv__account_sign_in, qv__account_password,
                                            qv__account_delete};

/* The routes that write with a player key or a session and no seat's token (a mute, a report,
 * a block or its end, a follow or its end, a challenge sent, a tournament made, joined, left,
 * started or cancelled), bounded on the loop per address, per key and per table (pace.h); a
 * puzzle's attempt is bounded at its own pace. */
static const qv__route_fn write_routes[] = {
    qv__mute_post,        qv__report_post,          qv__blocks_post,       qv__blocks_delete,
    qv__follows_post,     qv__follows_delete,       qv__challenges_post,   qv__tournaments_post,
    qv__tournaments_join, qv__tournaments_withdraw, qv__tournaments_start, qv__tournaments_cancel,
    qv__puzzle_attempt};

/* Whether fn is one of the n routes of list. */
static bool among(qv__route_fn fn, const qv__route_fn *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (fn == list[i])
			return true;
	return false;
}

/* A write's key of its browser on the loop: the session's, else the player key's, as sent
 * (made up or not: the pace per address bounds a made-up one's), its first 32 digits (a
 * signed key's random half). */
static void writer_of(const qv__req *r, char *who)
{
	char cookie[QV__TOKEN_LEN + 1];
	if (qv__cookie(r, QV__SESSION_COOKIE, cookie, sizeof cookie) && cookie[0])
		snprintf(who, QV__ADDR_TEXT, "s:%s", cookie);
	else if (qv__cookie(r, QV__KEY_COOKIE, cookie, sizeof cookie) && cookie[0])
		snprintf(who, QV__ADDR_TEXT, "k:%s", cookie);
}

/* The password routes' paths have no captures, and the router takes them only as they are
 * written (no "/" more), so an exact comparison is the router's; a write's route is the
 * router's resolution (pure: no store, no lock). */
int qv__http_paced(qv__server *srv, qv__req *r, char *who, char *table)
{
	const char *method = qv__req_method(r), *path = qv__req_path(r);
	for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++)
		if (among(routes[i].fn, paced_routes,
		          sizeof paced_routes / sizeof paced_routes[0]) &&
		    strcmp(routes[i].method, method) == 0 && strcmp(routes[i].path, path) == 0)
			return QV__PACED_PASSWORD;
	if (strcmp(method, "POST") != 0 && strcmp(method, "DELETE") != 0)
		return QV__PACED_NONE;
	qv__route_match m;
	qv__route_resolve(&qv__http_routes, srv, method, path, &m);
	if (m.status ||
	    !among(m.route->fn, write_routes, sizeof write_routes / sizeof write_routes[0]))
		return QV__PACED_NONE;
	const qv__route_cap *t = qv__route_cap_of(&m, "table");
	if (t)
		qv_copy(table, QV__ADDR_TEXT, t->text);
	writer_of(r, who);
	return m.route->fn == qv__puzzle_attempt ? QV__PACED_ATTEMPT : QV__PACED_WRITE;
}

bool qv__http_escape_ok(const char *target, size_t at)
{
	if (strncmp(target, "/api", 4) != 0 || (target[4] && !strchr("/?", target[4])))
		return true;
	static const char capture[] = "{segment}";
	for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
		const char *tail = strstr(routes[i].path, capture);
		size_t n = tail ? (size_t)(tail - routes[i].path) : 0;
		if (tail && !tail[strlen(capture)] && at >= n &&
		    strncmp(target, routes[i].path, n) == 0 && !memchr(target + n, '/', at - n))
			return true;
	}
	return false;
}

bool qv__http_refused(qv__server *srv, qv__req *r, int out)
{
	if (qv__device_issued(srv, r, NULL))
		return false;
	return qv__pwgate_refuse_full(srv->pwgate, r, out);
}

/* Every request that is not a WebSocket upgrade. */
static int route(qv__server *srv, qv__req *c)
{
	const char *method = qv__req_method(c);
	qv__route_match m;
	qv__route_resolve(&qv__http_routes, srv, method, qv__req_path(c), &m);
	if (m.status == 405)
		return qv__reply_not_allowed(c, method, m.allow);
	if (m.status) {
		qv__reply_error(c, m.status, "%s", m.msg);
		return m.status;
	}
	/* A request that changes something with the browser's cookies (its player key, its
	 * session) is another site's forgery unless its Origin, when it has one, is this server's
	 * (session.h): a cross-site POST /api/tables made a table as the person. */
	bool changes = strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0;
	if (changes && qv__req_header(c, "Cookie") && !qv__session_same_origin(c))
		return 403;
	return m.route->fn(srv, c, &m);
}

/* A browser's first request gets its player key with the answer, whatever it asked (an answer
 * deferred to another thread gets it there: account.c). */
static int handle(qv__server *srv, qv__req *c)
{
	char key[QV__KEY_LEN + 1];
	qv__player_key(srv, c, key);
	explicit_bzero(key, sizeof key);
	int st = route(srv, c);
	if (st != QV__REQ_DEFERRED)
		qv__player_answered(c, srv->cfg.secure_cookies);
	/* the page's banner: moves cannot be saved now (web/store-banner.js) */
	if (st != QV__REQ_DEFERRED && qv__store_down(srv->store))
		qv__req_add_header(c, "X-Quiver-Store", "down");
	return st;
}

/* Every HTTP request is counted in flight while it is handled: a process that dies meanwhile
 * has its death counted against no table's AI search. Its operations on the store share one
 * deadline from when it was queued for a worker (store.h), so that it answers within the
 * store's timeout. */
void qv__http_handle(qv__server *srv, qv__req *c)
{
	qv__store_request_begin(srv->store, qv__jobs_since());
	(void)handle(srv, c);
	qv__store_request_end();
}
