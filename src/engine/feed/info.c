/*
 * info.c - the parts of a table's info every table writes the same way (info.h).
 */
#include <string.h>

#include "engine/feed/info.h"
#include "games/json_util.h"

json_t *qv__info_variant_json(const qv_variant *v)
{
	if (!v)
		return json_null();
	return json_pack("{s:s, s:s, s:b}", "name", v->name, "sha256", v->sha256, "builtin",
	                 v->builtin);
}

json_t *qv__info_to_move_json(unsigned acting, int nseats)
{
	char name[8];
	json_t *to_move = json_array();
	for (int i = 0; i < nseats; i++)
		if (acting >> i & 1u)
			to_move = qv__json_push(to_move, json_string(qv_player_name(i, name)));
	return to_move;
}

qv_status qv__info_may_act(qv_match *m, int seat, const char *action, qv_err *err)
{
	char name[8], mine[8];
	int who = qv_match_to_move(m);
	if (who != seat && !(qv_match_acting(m) >> seat & 1u))
		return who == QV_CHANCE
		           ? qv_fail(err, QV_ESTATE, "not your turn: a chance event is being drawn")
		       : *qv_match_committed(m, seat)
		           ? qv_fail(err, QV_ESTATE,
		                     "you have made your choice for this step; it is played when "
		                     "everyone has chosen")
		           : qv_fail(err, QV_ESTATE, "not your turn: %s is to move, and you are %s",
		                     qv_player_name(who, name), qv_player_name(seat, mine));
	if (strlen(action) > QV__ACTION_MAX)
		return qv_fail(err, QV_EINVAL, "action: %zu characters; at most %d", strlen(action),
		               QV__ACTION_MAX);
	return QV_OK;
}

json_t *qv__info_result_json(const qv_match *m, int nseats, bool drawn)
{
	if (!qv_match_over(m) && !drawn)
		return json_null();
	int ranks[QV_MAX_PLAYERS], scores[QV_MAX_PLAYERS];
	char name[8];
	if (drawn)
		for (int i = 0; i < nseats; i++)
			ranks[i] = 1;
	else
		qv_match_ranks(m, ranks);
	m->game->score(m->state, scores);
	json_t *result = json_array();
	for (int i = 0; i < nseats; i++) {
		json_t *e = json_pack("{s:s, s:i, s:i}", "seat", qv_player_name(i, name), "rank",
		                      ranks[i], "score", scores[i]);
		int left = qv_match_left(m, i);
		if (e && left)
			e = qv__json_put(e, "reason", json_string(qv_left_name(left)));
		result = qv__json_push(result, e);
	}
	return result;
}
