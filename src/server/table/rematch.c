/*
 * rematch.c - a rematch asked for at a finished table (rematch.h).
 */
#include <string.h>

#include "games/json_util.h"
#include "server/table/rematch.h"

qv_status qv__rematch_may_ask(const qv__rematch *r, int seat, bool over, qv_err *err)
{
	if (!over)
		return qv_fail(err, QV_ESTATE,
		               "rematch: the game is not over; a rematch is asked for at its end");
	if (r->table[0])
		return qv_fail(err, QV_ESTATE, "rematch: the rematch is made already: table %s",
		               r->table);
	if (r->asked >> seat & 1u)
		return qv_fail(
		    err, QV_ESTATE,
		    "rematch: you have asked for it already; it begins when every player "
		    "has");
	return QV_OK;
}

bool qv__rematch_last(const qv__rematch *r, int seat, unsigned people)
{
	return ((r->asked | 1u << seat) & people) == people;
}

json_t *qv__rematch_request(const char *game, json_t *params, const qv__seat *seat, int nseats,
                            bool private_, bool takebacks, bool rated, const qv__clock *clock)
{
	json_t *seats = json_array();
	for (int i = 0; i < nseats; i++)
		seats = qv__json_push(seats, json_string(seat[(i + nseats - 1) % nseats].kind));
	return json_pack("{s:s, s:O, s:o, s:b, s:b, s:b, s:o}", "game", game, "params", params,
	                 "seats", seats, "private", private_, "takebacks", takebacks, "rated",
	                 rated, "clock", qv__clock_settings_json(clock));
}

void qv__rematch_made(qv__rematch *r, int seat, const char *id,
                      char tokens[QV_MAX_PLAYERS][QV__TOKEN_LEN + 1])
{
	r->asked |= 1u << seat;
	qv_copy(r->table, sizeof r->table, id);
	memcpy(r->token, tokens, sizeof r->token);
}

json_t *qv__rematch_frame(const qv__rematch *r, int viewer, int nseats)
{
	if (viewer < 0 || viewer >= nseats || !r->table[0] || !r->token[viewer][0])
		return NULL;
	char seat[8];
	return json_pack("{s:s, s:s, s:s, s:s}", "type", "rematch", "table", r->table, "seat",
	                 qv_player_name((viewer + 1) % nseats, seat), "token", r->token[viewer]);
}

json_t *qv__rematch_json(const qv__rematch *r, int nseats)
{
	return json_pack("{s:o, s:o}", "asked", qv__seat_mask_json(r->asked, nseats), "table",
	                 r->table[0] ? json_string(r->table) : json_null());
}

qv_status qv__rematch_load(qv__rematch *r, const json_t *j, int nseats, qv_err *err)
{
	if (!j)
		return QV_OK;
	const json_t *asked = json_object_get(j, "asked");
	const json_t *table = json_object_get(j, "table");
	if (!json_is_array(asked) ||
	    !(json_is_null(table) ||
	      (json_is_string(table) && qv__table_id_valid(json_string_value(table)))))
		return qv_fail(err, QV_EIO, "people.rematch: expected {\"asked\", \"table\"}");
	size_t i;
	json_t *e;
	json_array_foreach(asked, i, e)
	{
		int p = qv_player_parse(json_is_string(e) ? json_string_value(e) : "", nseats);
		if (p < 0)
			return qv_fail(err, QV_EIO, "people.rematch.asked[%zu]: expected a seat",
			               i);
		r->asked |= 1u << p;
	}
	if (json_is_string(table))
		qv_copy(r->table, sizeof r->table, json_string_value(table));
	return QV_OK;
}
