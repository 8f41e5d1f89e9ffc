/*
 * mutes.c - the seats a player muted at a table (mutes.h); a signed-in account's mute or unmute
 * told at once to every channel of the account (the server's chan_tell), so that its other devices
 * hide the seat's chat without a reload.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/clock.h"
#include "server/net/reply.h"
#include "server/players/mutes.h"
#include "server/players/player.h"
#include "server/players/session.h"

/* Who mutes: "a:ID" for a signed-in account, else "k:HASH" for the player key, into who ("":
 * neither); and, signed in, the key's too into key (""), whose mutes made before signing in
 * count as well. Returns the account's id, 0 signed out. */
static long long who_of(qv__server *srv, qv__req *c, char who[80], char key[80])
{
	qv__session s;
	long long account = 0;
	who[0] = key[0] = '\0';
	if (qv__player_of(srv, c)[0])
		snprintf(key, 80, "k:%s", qv__player_of(srv, c));
	if (qv__session_get(srv, c, &s) == 1) {
		account = s.account.id;
		snprintf(who, 80, "a:%lld", account);
		qv__session_done(srv, c, &s);
	} else {
		memcpy(who, key, 80);
		key[0] = '\0';
	}
	return account;
}

static qv_status seat_row(void *ctx, int n, const char *const *v)
{
	json_t *list = ctx;
	if (n > 0 && v[0])
		json_array_append_new(list, json_string(v[0]));
	return QV_OK;
}

/* The seats who (or key) mutes at table id, as a JSON array; NULL when the database failed or
 * memory ran out. */
static json_t *muted_list(qv__server *srv, const char *who, const char *key, const char *id)
{
	json_t *list = json_array();
	const char *args[] = {who, key, id};
	qv_err err;
	if (list && who[0] &&
	    qv__store_query(srv->store,
	                    "SELECT DISTINCT seat FROM mutes WHERE (who = $1 OR who = $2) AND "
	                    "table_id = $3 ORDER BY seat",
	                    3, args, seat_row, list, &err)) {
		json_decref(list);
		return NULL;
	}
	return list;
}

/* Answers 200 {"muted": [...]}: the seats who (or key) mutes at table id. */
static int answer(qv__server *srv, qv__req *c, const char *who, const char *key, const char *id)
{
	json_t *list = muted_list(srv, who, key, id);
	if (!list) {
		qv__reply_error(c, 503, "the database failed reading the mutes; try again");
		return 503;
	}
	json_t *body = json_pack("{s:o}", "muted", list);
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}

int qv__mute_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	char who[80], key[80];
	who_of(srv, c, who, key);
	return answer(srv, c, who, key, qv__route_cap_of(m, "table")->text);
}

/* The request's seat and choice: 0, or the answer given (400). */
static int read_fields(qv__req *c, char seat[8], bool *mute)
{
	json_t *body;
	int st = qv__reply_read_json(c, &body, NULL);
	if (st)
		return st;
	const char *s = json_string_value(json_object_get(body, "seat"));
	const json_t *on = json_object_get(body, "mute");
	if (json_object_size(body) != 2 || !s || strlen(s) != 2 || s[0] != 'p' || s[1] < '1' ||
	    s[1] > '5' || !json_is_boolean(on)) {
		st = 400;
		qv__reply_error(
		    c, 400,
		    "expected {\"seat\": \"p1\" to \"p5\", \"mute\": true or false} and "
		    "nothing else");
	} else {
		qv_copy(seat, 8, s);
		*mute = json_is_true(on);
	}
	json_decref(body);
	return st;
}

/* Tells every channel signed in to account (its who, "a:ID"; 0: a key's mutes, one browser's,
 * no news) that its mutes at table id changed, with the seats it mutes there now, so that its
 * other devices hide or show the chat at once, as the mute's dialog promises. */
static void tell(qv__server *srv, long long account, const char *who, const char *id)
{
	json_t *list = account > 0 && srv->chan_tell ? muted_list(srv, who, "", id) : NULL;
	json_t *frame =
	    list ? json_pack("{s:s, s:s, s:o}", "type", "mute", "table", id, "muted", list) : NULL;
	if (frame)
		srv->chan_tell(srv, account, frame);
	json_decref(frame);
}

int qv__mute_post(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	if (!qv__session_same_origin(c))
		return 403;
	const char *id = qv__route_cap_of(m, "table")->text;
	char who[80], key[80], seat[8], index[8], at[32];
	bool mute;
	int st = read_fields(c, seat, &mute);
	if (st)
		return st;
	long long account = who_of(srv, c, who, key);
	if (!who[0]) {
		qv__reply_error(c, 400,
		                "no player key: open the site's page first (its cookie) or "
		                "sign in, so that the mute is kept for you");
		return 400;
	}
	snprintf(index, sizeof index, "%d", seat[1] - '1');
	snprintf(at, sizeof at, "%.3f", qv_wall());
	const char *place[] = {id, index};
	long long seats = 0;
	qv_err err;
	qv_status rc = qv__store_query(srv->store,
	                               "SELECT count(*) FROM seats WHERE table_id = $1 AND seat = "
	                               "CAST($2 AS INTEGER)",
	                               2, place, qv__store_count_row, &seats, &err);
	if (!rc && !seats) {
		long long tables = 0;
		rc = qv__store_query(srv->store, "SELECT count(*) FROM tables WHERE id = $1", 1,
		                     place, qv__store_count_row, &tables, &err);
		if (!rc) {
			qv__reply_error(c, tables ? 400 : 404,
			                tables ? "seat: '%s' is not a seat of this table"
			                       : "no table '%s'",
			                tables ? seat : id);
			return tables ? 400 : 404;
		}
	}
	const char *row[] = {who, id, seat, at}, *gone[] = {who, key, id, seat};
	if (!rc)
		rc = qv__store_run(
		    srv->store,
		    mute ? "INSERT INTO mutes (who, table_id, seat, at) VALUES ($1, $2, "
		           "$3, $4) ON CONFLICT DO NOTHING"
		         : "DELETE FROM mutes WHERE (who = $1 OR who = $2) AND table_id "
		           "= $3 AND seat = $4",
		    4, mute ? row : gone, &err);
	if (rc) {
		qv__reply_error(c, 503, "the mute could not be kept (%s); try again", err.msg);
		return 503;
	}
	tell(srv, account, who, id);
	return answer(srv, c, who, key, id);
}
