/*
 * acts.c - what changes a local table (table.h): a person's decision, takeback and
 * resignation, and the table's own steps, an AI seat's decision or a chance outcome. Each is
 * the engine's, with the server's checks (src/server/table/acts.c) and words; a change that
 * fails leaves the match as the engine leaves it on failure: as it was.
 */
#include <stdlib.h>
#include <string.h>

#include "app/table.h"
#include "engine/feed/info.h"

/* Nobody the table plays (QV_CHANCE and QV_OVER are -1 and -2). */
#define NOBODY (-100)

/* The checks every act shares: the table plays, the version is current. */
static qv_status check_turn_base(const qv__local *t, long long v, qv_err *err)
{
	int st = qv__local_status(t);
	if (st == QV__LOCAL_OVER)
		return qv_fail(err, QV_ESTATE, "the game is over");
	if (st == QV__LOCAL_WAITING)
		return qv_fail(err, QV_ESTATE, "the table is waiting for players");
	if (t->stopped[0])
		return qv_fail(err, QV_ESTATE, "the table has stopped: %s", t->stopped);
	if (v != t->v)
		return qv_fail(err, QV_ESTATE,
		               "stale version %lld: the table is at version %lld "
		               "(act on the latest update)",
		               v, t->v);
	return QV_OK;
}

/* The server's checks of an act: the seat may decide now, the action is not too long, the
 * seat has not left. */
static qv_status check_mover(qv__local *t, int seat, long long v, const char *action, qv_err *err)
{
	qv_status rc = check_turn_base(t, v, err);
	if (!rc)
		rc = qv__info_may_act(t->m, seat, action, err);
	if (!rc && qv_match_left(t->m, seat))
		rc = qv_fail(err, QV_ESTATE, "you have left this game");
	return rc;
}

/* After a change: a new version, and the viewers' logs of entries taken back forgotten (the
 * next frame of every connection a snapshot then). */
static void changed(qv__local *t, int had)
{
	t->v++;
	int keep = t->m->nhist < had ? t->m->nhist : had;
	qv__feed_cut(&t->feed, t->nseats, keep, t->m->nhist < had);
	if (t->m->nhist < had)
		for (int p = 0; p < t->nseats; p++)
			if (t->seat[p].agent) {
				qv_agent_reset(t->seat[p].agent);
				t->seat[p].seen = t->m->nhist;
			}
}

qv_status qv__local_act(qv__local *t, int seat, long long v, const char *action, qv_err *err)
{
	qv_status rc = check_mover(t, seat, v, action, err);
	int had = t->m->nhist;
	if (!rc)
		rc = qv_match_act(t->m, seat, action, err);
	if (!rc)
		changed(t, had);
	return rc;
}

qv_status qv__local_takeback(qv__local *t, int seat, long long v, qv_err *err)
{
	qv_status rc = check_turn_base(t, v, err);
	int had = t->m->nhist;
	if (rc)
		return rc;
	if (t->no_takebacks && !*qv_match_committed(t->m, seat))
		return qv_fail(err, QV_EINVAL,
		               "cannot take back: this table was created without takebacks "
		               "(\"takebacks\": false)");
	if (*qv_match_committed(t->m, seat)) {
		if (qv_match_withdraw(t->m, seat) <= 0)
			return qv_fail(err, QV_ESTATE, "no choice of yours to take back");
	} else if ((rc = qv_match_undo_seat(t->m, seat, qv__local_people(t), err))) {
		return rc;
	}
	changed(t, had);
	return QV_OK;
}

qv_status qv__local_resign(qv__local *t, int seat, long long v, qv_err *err)
{
	qv_status rc = check_turn_base(t, v, err);
	int had = t->m->nhist;
	if (!rc)
		rc = qv_match_leave(t->m, seat, QV_LEFT_RESIGNED, err);
	if (!rc)
		changed(t, had);
	return rc;
}

void qv__local_make_board(qv__local *t) { t->board = true; }

const qv_match *qv__local_match(const qv__local *t) { return t->m; }

qv_status qv__local_undo(qv__local *t, qv_err *err)
{
	if (!t->board)
		return qv_fail(err, QV_ESTATE,
		               "only an analysis board takes any move back: at a game, take back "
		               "your own (takeback)");
	int had = t->m->nhist;
	qv_status rc = qv_match_undo(t->m, err);
	if (!rc)
		changed(t, had);
	return rc;
}

/* ---- the table's own steps ------------------------------------------------------------------ */

/* Who the table plays now: chance or the AI seat to move (or a person's who left); else, in a
 * secret step everyone chooses at once, the first such seat of it that has not chosen (it
 * commits ahead of its turn, so that the people of the step wait only for each other). NOBODY
 * for nobody. As the server's qv__table_server_turn_locked. */
static int table_turn(qv__local *t)
{
	if (qv__local_status(t) != QV__LOCAL_PLAYING || t->stopped[0])
		return NOBODY;
	unsigned people = qv__local_people(t);
	int who = qv_match_to_move(t->m);
	bool played =
	    who >= 0 && who < t->nseats && (!(people >> who & 1u) || qv_match_left(t->m, who));
	if (who == QV_CHANCE || played)
		return who;
	if (who < 0 || !t->m->game->together)
		return NOBODY;
	unsigned acting = qv_match_acting(t->m);
	for (int p = 0; p < t->nseats; p++)
		if (acting >> p & 1u && (!(people >> p & 1u) || qv_match_left(t->m, p)))
			return p;
	return NOBODY;
}

bool qv__local_wants_step(qv__local *t) { return table_turn(t) != NOBODY; }

/* Seat who's decision, searched by its agent from what the seat may know: played, or kept as
 * its commitment when it chooses ahead of its turn in a secret step. */
static qv_status ai_step(qv__local *t, int who, qv_err *err)
{
	qv_status rc = qv__local_agent(t, who, err);
	if (rc)
		return rc;
	local_seat *s = &t->seat[who];
	qv_match_tell_agent(t->m, s->agent, &s->seen);
	const qv_game *g = t->m->game;
	void *st = malloc(g->state_size);
	if (!st)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	/* The position at which the seat decides: the current one, or its own turn in a step. */
	bool ahead = who != qv_match_to_move(t->m);
	if (!qv_match_turn_of(t->m, who, st))
		memcpy(st, t->m->state, g->state_size);
	qv_action a;
	char text[QV_ACTION_TEXT] = "";
	rc = qv_agent_choose(s->agent, st, &a, err);
	if (!rc && g->action_to_text(st, a, text, sizeof text) < 0)
		rc = qv_fail(err, QV_EINVAL, "the AI's choice has no notation");
	free(st);
	if (!rc)
		rc = ahead ? qv_match_act(t->m, who, text, err) : qv_match_play(t->m, a, err);
	return rc;
}

qv_status qv__local_step(qv__local *t, qv_err *err)
{
	int who = table_turn(t), had = t->m->nhist;
	if (who == NOBODY)
		return QV_OK;
	qv_status rc = who == QV_CHANCE ? qv_match_chance(t->m, NULL, err) : ai_step(t, who, err);
	if (!rc) {
		changed(t, had);
		return QV_OK;
	}
	/* It would fail the same way again: the table stops, saying why (out of memory too: a
	 * page starts again from what the browser kept). */
	snprintf(t->stopped, sizeof t->stopped, "%.60s: %.180s",
	         who == QV_CHANCE ? "drawing a chance outcome failed" : "the AI seat failed",
	         err->msg);
	t->v++;
	return rc;
}
