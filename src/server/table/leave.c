/*
 * leave.c - timeouts, claims, resignations, returns and zombies (leave.h).
 */
#include <math.h>
#include <string.h>

#include "games/json_util.h"
#include "server/table/leave.h"

bool qv__leave_zombie(const qv_match *m, const qv__seat *seat, int nseats, int p)
{
	return p >= 0 && p < nseats && seat[p].human && qv_match_left(m, p) && !qv_match_over(m) &&
	       seat[p].agent;
}

bool qv__leave_zombie_searches(const qv__seat *seat, int p)
{
	return seat[p].agent && qv_agent_level_searches(seat[p].agent->kind->name);
}

/* The agent that plays seat p of a person who left a game that goes on (`medium`, or
 * `beginner` unless `search`); kept once made, reset before its next use when it is used
 * again. */
static qv_status zombie_agent(qv__seat *s, const qv_match *m, int p, bool search, qv_err *err)
{
	if (s->agent)
		return QV_OK;
	qv_status rc = qv_agent_new(&s->agent, search ? "medium" : "beginner", m->game,
	                            qv_seed_mix(m->seed, (uint64_t)(QV_MAX_PLAYERS + p + 1)), err);
	if (rc)
		return rc;
	qv_agent_set_keep(s->agent, false);
	s->seen = 0;
	s->forget = false;
	return QV_OK;
}

qv_status qv__leave_prepare(const qv_match *m, qv__seat *seat, int nseats, int p, bool search,
                            qv_err *err)
{
	int playing = 0;
	for (int i = 0; i < nseats; i++)
		playing += !qv_match_left(m, i);
	/* With two or more left after it, the game goes on and the server plays the seat. */
	return playing > 2 ? zombie_agent(&seat[p], m, p, search, err) : QV_OK;
}

qv_status qv__leave_present(const qv_match *m, const qv__clock *c, int seat, double now,
                            qv_err *err)
{
	int left = qv_match_left(m, seat);
	if (left == QV_LEFT_RESIGNED)
		return qv_fail(err, QV_ESTATE, "you resigned: the server plays your seat");
	if (left)
		return qv_fail(err, QV_ESTATE,
		               "you ran out of time: the server plays your seat; send {\"type\": "
		               "\"return\"} to play again");
	if (qv__clock_on(c) && c->running >> seat & 1u && qv__clock_left(c, seat, now) <= 0)
		return qv_fail(err, QV_ESTATE, "your clock has run out");
	return QV_OK;
}

qv_status qv__leave_may_leave(const qv_match *m, int by, qv_err *err)
{
	int left = qv_match_left(m, by);
	if (left == QV_LEFT_RESIGNED)
		return qv_fail(err, QV_ESTATE, "you have resigned already");
	if (left)
		return qv_fail(err, QV_ESTATE,
		               "you ran out of time and the server plays your seat: send "
		               "{\"type\": \"return\"} first");
	return QV_OK;
}

/* The claim's seat p is absent and keeps the game waiting: how long for, against the limit. */
static qv_status claim_waited(const qv__claim *c, const qv__seat *s, const qv__clock *clock, int p,
                              qv_err *err)
{
	char name[8];
	/* Away and to move both: the shorter of the two counts. */
	double away = c->now - s->gone, turn = qv__clock_running_for(clock, p, c->now);
	double waited = away < turn ? away : turn;
	if (waited >= c->limit)
		return QV_OK;
	return qv_fail(err, QV_ESTATE,
	               "too early: %s has been away and to move for %.0f s; it may be claimed "
	               "after %.0f s (the server's --away-limit), in %.0f s",
	               qv_player_name(p, name), floor(waited), c->limit, ceil(c->limit - waited));
}

qv_status qv__leave_claimable(const qv__claim *c, const qv_match *m, const qv__seat *seat,
                              int nseats, const qv__clock *clock, int *p, qv_err *err)
{
	char name[8], quoted[QV_QUOTE_MAX * 4 + 4];
	int s = *p = qv_player_parse(c->seat, nseats);
	if (s < 0)
		return qv_fail(err, QV_EINVAL,
		               "seat: '%s' is not a seat of this table; expected the absent seat, "
		               "p1 to p%d, in {\"type\": \"claim\", \"v\": N, \"seat\": \"p2\"}",
		               qv_shorten(c->seat, QV_QUOTE_MAX, quoted, sizeof quoted), nseats);
	qv_player_name(s, name);
	if (s == c->by)
		return qv_fail(err, QV_EINVAL, "seat: %s is your own seat; claim an absent one",
		               name);
	if (!seat[s].human)
		return qv_fail(err, QV_ESTATE, "seat %s is played by the server (%s)", name,
		               seat[s].kind);
	if (qv__clock_on(clock))
		return qv_fail(err, QV_ESTATE,
		               "this table has a clock: %s times out when its clock runs out, "
		               "without a claim",
		               name);
	if (qv_match_left(m, s))
		return qv_fail(err, QV_ESTATE, "%s has left the game already", name);
	if (seat[s].online > 0)
		return qv_fail(err, QV_ESTATE, "%s is online: only an absent seat may be claimed",
		               name);
	if (!(c->moving >> s & 1u))
		return qv_fail(err, QV_ESTATE,
		               "%s is not to move: only a seat that keeps the game waiting may be "
		               "claimed",
		               name);
	return claim_waited(c, &seat[s], clock, s, err);
}

qv_status qv__leave_may_return(const qv_match *m, int seat, qv_err *err)
{
	int left = qv_match_left(m, seat);
	if (left == QV_LEFT_RESIGNED)
		return qv_fail(err, QV_ESTATE, "you resigned: a resignation is final");
	if (!left)
		return qv_fail(err, QV_ESTATE,
		               "you are playing: return is for a seat the server plays after its "
		               "time ran out");
	return QV_OK;
}

json_t *qv__leaves_json(const qv_match *m, const qv__seat *seat, int nseats)
{
	json_t *j = json_object();
	char name[8];
	for (int p = 0; j && p < nseats; p++) {
		int left = qv_match_left(m, p);
		json_t *e = left ? json_pack("{s:s, s:i}", "reason", qv_left_name(left), "at",
		                             m->left_at[p])
		                 : NULL;
		if (e && seat[p].agent && !qv__leave_zombie_searches(seat, p))
			e = qv__json_put(e, "level", json_string("beginner"));
		if (left)
			j = qv__json_put(j, qv_player_name(p, name), e);
	}
	return j;
}

qv_status qv__leaves_load(qv_match *m, qv__seat *seat, int nseats, const json_t *j, qv_err *err)
{
	if (!j)
		return QV_OK;
	if (!json_is_object(j))
		return qv_fail(err, QV_EIO, "people.leaves: expected an object of seats");
	const char *key;
	json_t *e;
	unsigned cheap = 0; /* the zombies that do not search */
	json_object_foreach((json_t *)j, key, e)
	{
		int p = qv_player_parse(key, nseats);
		const char *reason = json_string_value(json_object_get(e, "reason"));
		const json_t *at = json_object_get(e, "at");
		int why = !reason                           ? 0
		          : strcmp(reason, "resigned") == 0 ? QV_LEFT_RESIGNED
		          : strcmp(reason, "timeout") == 0  ? QV_LEFT_TIMEOUT
		                                            : 0;
		if (p < 0 || !why || !json_is_integer(at) || json_integer_value(at) < 0 ||
		    json_integer_value(at) > m->nhist)
			return qv_fail(err, QV_EIO, "people.leaves: bad entry '%s'", key);
		qv_err why_not;
		const json_t *level = json_object_get(e, "level");
		if (level &&
		    (!json_is_string(level) || strcmp(json_string_value(level), "beginner") != 0))
			return qv_fail(err, QV_EIO, "people.leaves.%s: bad level", key);
		if (qv_match_leave(m, p, why, &why_not))
			return qv_fail(err, QV_EIO, "people.leaves.%s: %s", key, why_not.msg);
		m->left_at[p] = (int)json_integer_value(at);
		cheap |= (unsigned)(level != NULL) << p;
	}
	for (int p = 0; p < nseats; p++) {
		if (!qv_match_left(m, p) || qv_match_over(m) || !seat[p].human)
			continue;
		qv_status rc = zombie_agent(&seat[p], m, p, !(cheap >> p & 1u), err);
		if (rc)
			return rc;
	}
	return QV_OK;
}
