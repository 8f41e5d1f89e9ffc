/*
 * acts.c - the acts that change a table: a seat's decision, its undo (its commitments
 * withdrawn, or its takeback: takeback.c), an offer's answer, a timeout, a claim, a
 * resignation, a return, the rematch, and the server's own steps (an AI seat's decision, a
 * chance outcome). Each is the route of the conductor: check on the live table (the modules:
 * leave.c, offer.c, rematch.c, seats.c), then change a draft of it and commit the draft
 * (change.h: saved, then published), all under the table's lock; a refusal of the store leaves
 * the live table as it was. Called by the server (server.c, ws.c, pool.c); table.c never calls
 * back here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/fields.h"
#include "engine/feed/commitments.h"
#include "engine/feed/info.h"
#include "server/base/oplog.h"
#include "server/store/owners.h"
#include "server/table/change.h"
#include "server/table/leave.h"
#include "server/table/rated.h"
#include "server/table/table.h"
#include "server/table/takeback.h"

/* ---- acting -------------------------------------------------------------------------------- */

/* The checks every act and undo share: the table plays, the version is current. */
static qv_status check_turn_base(const qv__table *t, long long v, qv_err *err)
{
	char name[8];
	if (t->status == QV__OVER)
		return qv_fail(err, QV_ESTATE, "the game is over");
	int free_seat = qv__seats_unclaimed(t->seat, t->nseats);
	if (t->status == QV__WAITING && free_seat >= 0)
		return qv_fail(err, QV_ESTATE,
		               "the table is waiting for players: seat %s is not taken yet",
		               qv_player_name(free_seat, name));
	if (t->stuck[0])
		return qv_fail(err, QV_ESTATE, "the table has stopped: %s", t->stuck);
	if (v != t->v)
		return qv_fail(err, QV_ESTATE,
		               "stale version %lld: the table is at version %lld "
		               "(act on the latest update)",
		               v, t->v);
	return QV_OK;
}

/* A seat that left, or whose clock has run out (the server's timer is about to time it out),
 * decides nothing more. */
static qv_status check_present(qv__table *t, int seat, qv_err *err)
{
	return qv__leave_present(t->m, &t->clock, seat, qv_wall(), err);
}

/* The checks of an act and a what: the table plays, the version is current, the seat may
 * decide now (the player to move, or one of a simultaneous step who has not chosen), the
 * action is not too long. The caller holds the table's lock. */
static qv_status check_mover(qv__table *t, int seat, long long v, const char *action, qv_err *err)
{
	QV__TABLE_HELD(t);
	qv_status rc = check_turn_base(t, v, err);
	if (!rc)
		rc = qv__info_may_act(t->m, seat, action, err);
	if (!rc)
		rc = check_present(t, seat, err);
	return rc;
}

qv_status qv__table_what(qv__table *t, int seat, long long v, const char *action, char *text,
                         size_t len, qv_err *err)
{
	qv__table_lock(t);
	qv_status rc = check_mover(t, seat, v, action, err);
	if (!rc)
		rc = qv_match_what_as(t->m, seat, action, text, len, NULL, err);
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_act(qv__table *t, int seat, long long v, const char *action, qv_err *err)
{
	qv__table_lock(t);
	qv__change c;
	qv_status rc = check_mover(t, seat, v, action, err);
	if (!rc)
		rc = qv__change_begin(&c, t, QV__SAVE_GAME, 0, err);
	if (!rc) {
		qv__table *d = qv__change_draft(&c);
		c.marked = qv__table_clock_mark_locked(t, &c.mark);
		if (qv__offer_lapses(&d->offer, seat))
			qv__offer_clear(&d->offer); /* a new move ends a takeback request */
		rc = qv_match_act(d->m, seat, action, err);
		bool played = !rc && d->m->nhist != t->m->nhist;
		/* The seat decided: its clock stops, with Fischer's increment when the decision is
		 * played; a commitment ahead of the seat's turn (nothing played yet) earns it when
		 * the step is played, and keeps the version (the others' choices in the step are as
		 * valid as before), but what clients hear of changes (to_move, the seat's view). */
		if (!rc) {
			qv__table_clock_sync_locked(d, played ? 1u << seat : 0);
			if (!played)
				c.kind = QV__SAVE_PEOPLE;
		}
		rc = rc ? (qv__change_drop(&c), rc) : qv__change_commit(&c, err);
	}
	qv__table_unlock(t);
	return rc;
}

/* Takes back the seat's commitments made ahead of its turn, which nobody has seen: at once,
 * whoever else is at the table. QV_ESTATE when it has none. */
static qv_status withdraw_locked(qv__table *t, int seat, qv_err *err)
{
	QV__TABLE_HELD(t);
	qv__change c;
	qv_status rc = qv__change_begin(&c, t, QV__SAVE_PEOPLE, QV__DRAFT_MATCH, err);
	if (rc)
		return rc;
	qv__table *d = qv__change_draft(&c);
	if (qv_match_withdraw(d->m, seat) <= 0) {
		qv__change_drop(&c);
		return qv_fail(err, QV_ESTATE, "no choice of yours to take back");
	}
	/* The seat's clock runs on as though it had never committed: the time since counts, no
	 * increment, no new allowance (the commitment changed no clock). */
	qv__clock_resume(&d->clock, seat);
	return qv__change_commit(&c, err);
}

/* Saves the offer `offer` in the table's place, a change of the people alone. */
static qv_status offer_change_locked(qv__table *t, const qv__offer *offer, qv_err *err)
{
	QV__TABLE_HELD(t);
	qv__change c;
	qv_status rc = qv__change_begin(&c, t, QV__SAVE_PEOPLE, 0, err);
	if (rc)
		return rc;
	qv__change_draft(&c)->offer = *offer;
	return qv__change_commit(&c, err);
}

qv_status qv__table_undo(qv__table *t, int seat, long long v, qv_err *err)
{
	qv__table_lock(t);
	qv_status rc = check_turn_base(t, v, err);
	if (!rc && t->no_takebacks && !*qv_match_committed(t->m, seat))
		rc = qv_fail(err, QV_EINVAL,
		             "cannot take back: this table was created without takebacks "
		             "(\"takebacks\": false)");
	if (!rc && qv_match_left(t->m, seat))
		rc = check_present(t, seat, err);
	if (!rc && *qv_match_committed(t->m, seat)) {
		rc = withdraw_locked(t, seat, err);
		qv__table_unlock(t);
		return rc;
	}
	if (!rc)
		rc = qv__takeback_ask_locked(t, seat, err);
	qv__table_unlock(t);
	return rc;
}

/* ---- abort, draws and more time ------------------------------------------------------------ */

/* The game ends now without a move, as `how` says ("aborted": no result; "drawn": every seat
 * ranked first): a new version (a search begun is dropped, a late act is stale), the offer
 * cleared and the clocks stopped, saved with the record before anyone hears of it; when the
 * store refuses, nothing changed. */
static qv_status end_locked(qv__table *t, const char *how, qv_err *err)
{
	QV__TABLE_HELD(t);
	qv__change c;
	qv_status rc = qv__change_begin(&c, t, QV__SAVE_GAME, 0, err);
	if (rc)
		return rc;
	qv__table *d = qv__change_draft(&c);
	qv_copy(d->ended, sizeof d->ended, how);
	qv__offer_clear(&d->offer);
	return qv__change_commit(&c, err);
}

/* The checks abort and draw share: a playing table on version v, a seat that has not left. */
static qv_status check_ender(qv__table *t, int seat, long long v, qv_err *err)
{
	qv_status rc = check_turn_base(t, v, err);
	return rc ? rc : qv__leave_may_leave(t->m, seat, err);
}

qv_status qv__table_abort(qv__table *t, int seat, long long v, qv_err *err)
{
	qv__table_lock(t);
	qv_status rc = check_ender(t, seat, v, err);
	if (!rc && !qv__table_abortable_locked(t))
		rc = qv_fail(err, QV_ESTATE,
		             "too late to abort: every player has moved; resign "
		             "instead with {\"type\": \"resign\", \"v\"}");
	if (!rc)
		rc = end_locked(t, "aborted", err);
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_draw(qv__table *t, int seat, long long v, qv_err *err)
{
	qv__table_lock(t);
	qv_status rc = check_ender(t, seat, v, err);
	int other = 1 - seat;
	if (!rc && t->nseats != 2)
		rc = qv_fail(err, QV_ESTATE,
		             "a draw is offered only in a game of two players; this one has %d "
		             "(resign instead)",
		             t->nseats);
	if (!rc && !t->seat[other].human)
		rc = qv_fail(err, QV_ESTATE,
		             "the computer does not take draw offers: play on, or "
		             "resign");
	if (!rc)
		rc = qv__offer_may_ask(&t->offer, seat, t->v, err);
	if (!rc) {
		qv__offer offer = t->offer;
		qv__offer_make(&offer, QV__OFFER_DRAW, seat, t->v + 1, 1u << other, qv_wall());
		rc = offer_change_locked(t, &offer, err);
	}
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_more_time(qv__table *t, int seat, long long v, const char *to, qv_err *err)
{
	qv__table_lock(t);
	char name[8];
	int p = qv_player_parse(to, t->nseats);
	qv_status rc = check_turn_base(t, v, err);
	if (!rc && !qv__clock_on(&t->clock))
		rc =
		    qv_fail(err, QV_ESTATE, "this table has no clock, so there is no time to give");
	if (!rc && p < 0)
		rc = qv_fail(err, QV_EINVAL, "seat: expected another player's seat, p1 to p%d",
		             t->nseats);
	if (!rc && p == seat)
		rc = qv_fail(err, QV_EINVAL,
		             "you cannot give yourself time: give it to another player");
	if (!rc && (!t->seat[p].human || qv_match_left(t->m, p)))
		rc = qv_fail(err, QV_ESTATE, "%s has no clock of a player's: %s",
		             qv_player_name(p, name),
		             t->seat[p].human ? "it left the game" : "the computer plays it");
	if (!rc && qv_match_left(t->m, seat))
		rc = check_present(t, seat, err);
	/* A clock that has run out stays out: the server's timer is about to time the seat out. */
	if (!rc && qv__clock_left(&t->clock, p, qv_wall()) <= 0)
		rc = qv_fail(err, QV_ESTATE, "%s's time has run out already",
		             qv_player_name(p, name));
	qv__change c;
	if (!rc)
		rc = qv__change_begin(&c, t, QV__SAVE_PEOPLE, 0, err);
	if (!rc) {
		/* Given for good: a takeback sets the clocks back to a mark, which gets it too. */
		qv__table *d = qv__change_draft(&c);
		d->clock.left[p] += QV__MORE_TIME_MS;
		for (int i = 0; i < d->nmarks; i++)
			d->marks[i].left[p] += QV__MORE_TIME_MS;
		rc = qv__change_commit(&c, err);
	}
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_answer(qv__table *t, int seat, long long v, bool accept, qv_err *err)
{
	qv__table_lock(t);
	qv_status rc = check_turn_base(t, v, err);
	if (!rc && qv_match_left(t->m, seat))
		rc = check_present(t, seat, err);
	qv__offer old = t->offer, answered = t->offer;
	qv__offer_outcome outcome;
	/* The standing offer's kind (a takeback's words when there is none). */
	qv__offer_kind kind = old.by >= 0 ? old.kind : QV__OFFER_TAKEBACK;
	if (!rc)
		rc = qv__offer_answer(&answered, kind, seat, accept, &outcome, err);
	if (!rc && outcome == QV__OFFER_AGREED && kind == QV__OFFER_DRAW)
		rc = end_locked(t, "drawn", err);
	else if (!rc && outcome == QV__OFFER_AGREED)
		rc = qv__takeback_agreed_locked(t, old.by, old.at, err);
	else if (!rc)
		rc = offer_change_locked(t, &answered, err);
	qv__table_unlock(t);
	return rc;
}

/* ---- leaving: timeouts, claims, resignations, returns -------------------------------------- */

/* Seat p leaves the game now (QV_LEFT_*), saved with a new version before anyone hears of
 * it; when the store refuses, nothing changed. The caller made every check but the match's. */
static qv_status leave_locked(qv__table *t, int p, int reason, qv_err *err)
{
	QV__TABLE_HELD(t);
	qv__change c;
	qv_status rc = qv__leave_prepare(t->m, t->seat, t->nseats, p, !t->zombie_cheap, err);
	if (!rc)
		rc = qv__change_begin(&c, t, QV__SAVE_GAME, 0, err);
	if (rc)
		return rc;
	qv__table *d = qv__change_draft(&c);
	rc = qv_match_leave(d->m, p, reason, err);
	qv__offer_clear(&d->offer); /* a leave ends a takeback request, as a move does */
	return rc ? (qv__change_drop(&c), rc) : qv__change_commit(&c, err);
}

void qv__table_zombie_search(qv__table *t, bool search)
{
	qv__table_lock(t);
	t->zombie_cheap = !search;
	qv__table_unlock(t);
}

bool qv__table_timeout(qv__table *t)
{
	qv__table_lock(t);
	bool changed = false;
	double at = qv_wall();
	unsigned out = t->status == QV__PLAYING && !t->stuck[0]
	                   ? qv__clock_out(&t->clock, at) & qv__table_clock_mask_locked(t)
	                   : 0;
	for (int p = 0; p < t->nseats; p++) {
		if (!(out >> p & 1u) || qv_match_over(t->m))
			continue;
		qv_err err;
		qv_status rc = leave_locked(t, p, QV_LEFT_TIMEOUT, &err);
		if (rc) {
			/* Tried again by the timer (the deadline stays); a store that keeps
			 * refusing is logged each time. */
			qv__oplog(QV__WARN, "table %s: a timeout could not be saved: %s", t->id,
			          err.msg);
			break;
		}
		changed = true;
	}
	if (!changed)
		atomic_store(&t->deadline, t->status == QV__PLAYING && !t->stuck[0]
		                               ? qv__clock_deadline(&t->clock)
		                               : 0.0);
	qv__table_unlock(t);
	return changed;
}

/* The checks of a resignation or a claim by seat `by`: the table plays on version v and the
 * seat has not left. */
static qv_status check_leaver(qv__table *t, int by, long long v, qv_err *err)
{
	qv_status rc = check_turn_base(t, v, err);
	return rc ? rc : qv__leave_may_leave(t->m, by, err);
}

qv_status qv__table_claim(qv__table *t, int by, long long v, const char *seat, double limit,
                          qv_err *err)
{
	qv__table_lock(t);
	int p;
	qv_status rc = check_leaver(t, by, v, err);
	qv__claim claim = {.by = by,
	                   .seat = seat,
	                   .limit = limit,
	                   .now = qv_wall(),
	                   .moving = qv__table_clock_mask_locked(t)};
	if (!rc)
		rc = qv__leave_claimable(&claim, t->m, t->seat, t->nseats, &t->clock, &p, err);
	if (!rc)
		rc = leave_locked(t, p, QV_LEFT_TIMEOUT, err);
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_resign(qv__table *t, int seat, long long v, qv_err *err)
{
	qv__table_lock(t);
	qv_status rc = check_leaver(t, seat, v, err);
	if (!rc)
		rc = leave_locked(t, seat, QV_LEFT_RESIGNED, err);
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_return(qv__table *t, int seat, qv_err *err)
{
	qv__table_lock(t);
	qv_status rc = QV_OK;
	if (t->status == QV__OVER)
		rc = qv_fail(err, QV_ESTATE, "the game is over");
	else if (t->stuck[0])
		rc = qv_fail(err, QV_ESTATE, "the table has stopped: %s", t->stuck);
	else
		rc = qv__leave_may_return(t->m, seat, err);
	if (rc) {
		qv__table_unlock(t);
		return rc;
	}
	qv__change c;
	rc = qv__change_begin(&c, t, QV__SAVE_GAME, 0, err);
	if (!rc) {
		/* A new version: a search the server began for the seat is dropped. */
		qv__table *d = qv__change_draft(&c);
		qv__clock_returned(&d->clock, seat);
		rc = qv_match_return(d->m, seat, err);
		rc = rc ? (qv__change_drop(&c), rc) : qv__change_commit(&c, err);
	}
	if (!rc)
		t->seat[seat].forget = true; /* if it plays the seat again, from the start */
	qv__table_unlock(t);
	return rc;
}

/* ---- AI seats and chance ------------------------------------------------------------------- */

qv_status qv__table_stop_locked(qv__table *t, const char *what, const qv_err *why, qv_err *err)
{
	QV__TABLE_HELD(t);
	qv__change c;
	qv_status rc = qv__change_begin(&c, t, QV__SAVE_STOP, 0, err);
	if (!rc) {
		qv__table *d = qv__change_draft(&c);
		snprintf(d->stuck, sizeof d->stuck, "%.60s: %.180s", what, why->msg);
		rc = qv__change_commit(&c, err);
	}
	if (rc) {
		qv__oplog(
		    QV__WARN,
		    "table %s: %s: %s; the stop could not be made (%s): trying again in a second",
		    t->id, what, why->msg, err->msg);
		atomic_store(&t->step_at, qv_wall() + 1);
		return rc;
	}
	qv__oplog(QV__ERROR, "table %s: %s", t->id, t->stuck);
	return QV_OK;
}

/* Stops the table after a failure of its own step, its store's refusal of the stop logged
 * there. */
static void stop_locked(qv__table *t, const char *what, const qv_err *why)
{
	QV__TABLE_HELD(t);
	qv_err err;
	(void)qv__table_stop_locked(t, what, why, &err);
}

/* A step of the server's own that could not be made (rc, not QV_ENOMEM, which the pool tries
 * again at once): a store that refused to save it (QV_EIO: busy, full, away) is tried again a
 * second later, the table as it was, so that an outage delays a table and never stops it; a
 * table another process took meanwhile (this one was stopped, or its session ended: the write
 * was fenced) is left as it is, for the cluster's tick to let go; anything else (the rules
 * refused it, or the table does not match what was saved) would fail the same way again, and
 * stops the table. */
static void step_failed(qv__table *t, const char *what, qv_status rc, bool saving,
                        const qv_err *err)
{
	if (saving && rc == QV_ESTATE &&
	    (t->released || (t->store && !qv__store_holds(t->store, t->id)))) {
		qv__oplog(QV__INFO, "table %s: %s: %s", t->id, what, err->msg);
		atomic_store(&t->step_at, qv_wall() + 1); /* not again before it is let go */
		return;
	}
	if (saving && rc == QV_EIO) {
		qv__oplog(QV__WARN, "table %s: %s: %s; trying again in a second", t->id, what,
		          err->msg);
		atomic_store(&t->step_at, qv_wall() + 1);
		return;
	}
	stop_locked(t, what, err);
}

/* Draws the chance outcome due (the lock held): true when the table changed. Out of memory,
 * the table stays as it was (the pool tries again); see step_failed for the rest. */
static bool step_chance(qv__table *t)
{
	QV__TABLE_HELD(t);
	qv_err err;
	qv__change c;
	bool saving = false;
	qv_status rc = qv__change_begin(&c, t, QV__SAVE_GAME, 0, &err);
	if (!rc) {
		qv__table *d = qv__change_draft(&c);
		if (qv__offer_lapses(&d->offer, QV_CHANCE))
			qv__offer_clear(&d->offer); /* a new move ends a takeback request */
		/* no mark: no takeback crosses a chance outcome */
		rc = qv_match_chance(d->m, NULL, &err);
		saving = !rc;
		rc = rc ? (qv__change_drop(&c), rc) : qv__change_commit(&c, &err);
	}
	if (rc && rc != QV_ENOMEM)
		step_failed(t, "drawing a chance outcome failed", rc, saving, &err);
	return rc == QV_OK;
}

/* An AI seat's search, begun under the lock and run without it. */
typedef struct search {
	int who;
	long long old_v;
	bool ahead;  /* the seat chooses ahead of its turn in a simultaneous step */
	void *state; /* the position at which it decides (malloc'ed) */
	qv_rng rng;  /* the seat's random stream as the search left it (the draft's, once kept) */
} search;

/* Gets seat who's search ready (the lock held): saved as begun first, so that a restart knows
 * if the search kills the process (qv__table_restore, QV__AI_TRIES); the agent told the
 * history; the position it decides at copied. false when it cannot begin (out of memory, or
 * the table stopped). */
static bool search_begin(qv__table *t, int who, search *s)
{
	QV__TABLE_HELD(t);
	qv_err err;
	*s = (search){.who = who, .old_v = t->v};
	if (t->released)
		return false; /* let go: the process that plays it now searches */
	qv_status began = t->store ? qv__store_ai_start(t->store, t->id, &err) : QV_OK;
	if (began) {
		if (began != QV_ENOMEM)
			step_failed(t, "the AI seat could not begin", began, true, &err);
		return false;
	}
	qv__seat *seat = &t->seat[who];
	if (seat->forget) {
		qv_agent_reset(seat->agent);
		seat->seen = t->m->nhist;
		seat->forget = false;
	}
	qv_match_tell_agent(t->m, seat->agent, &seat->seen);
	/* The agent draws from the seat's stream in the table's value: a step not made leaves
	 * that as it was, and the next draws the same. */
	seat->agent->rng = t->rng[who];
	s->state = malloc(t->game->state_size);
	if (!s->state) {
		if (t->store && !t->released && qv__store_ai_end(t->store, t->id, &err))
			qv__oplog(QV__WARN, "table %s: %s", t->id, err.msg);
		return false;
	}
	/* The position at which the seat decides: the current one, or its own turn in a
	 * simultaneous step when it chooses ahead of it (qv_match_turn_of). */
	s->ahead = who != qv_match_to_move(t->m);
	if (!qv_match_turn_of(t->m, who, s->state))
		memcpy(s->state, t->m->state,
		       t->game->state_size); /* cannot be: qv__table_server_turn_locked said so */
	return true;
}

/* Keeps the search's choice a (text, its notation) if the table did not change meanwhile
 * (the lock held again): a commitment ahead of the seat's turn, as a person's (qv__table_act),
 * or a move. *tried says whether it was; *rc is what happened (QV_ENOMEM: try again);
 * *cleared whether the store's mark of the search went with it (a move saved with it ends the
 * search; a commitment does not). True when the table changed. */
static bool search_keep(qv__table *t, const search *s, qv_action a, const char *text, qv_status *rc,
                        bool *tried, bool *cleared, qv_err *err)
{
	QV__TABLE_HELD(t);
	int who = s->who;
	*tried = *cleared = false;
	if (t->v != s->old_v || t->status != QV__PLAYING)
		return false;
	bool ahead = s->ahead && qv_match_acting(t->m) >> who & 1u;
	if (!ahead && (s->ahead || qv_match_to_move(t->m) != who))
		return false;
	*tried = true;
	qv__change c;
	bool game = false, saving = false;
	*rc = qv__change_begin(&c, t, QV__SAVE_GAME, 0, err);
	if (!*rc) {
		qv__table *d = qv__change_draft(&c);
		c.ai_done = true;
		d->rng[who] = s->rng;
		c.marked = qv__table_clock_mark_locked(t, &c.mark);
		qv__offer_clear(&d->offer); /* a new move ends a takeback request */
		*rc = ahead ? qv_match_act(d->m, who, text, err) : qv_match_play(d->m, a, err);
		if (!*rc && d->m->nhist == t->m->nhist)
			c.kind = QV__SAVE_PEOPLE; /* a commitment: nothing played yet */
		game = c.kind == QV__SAVE_GAME;
		saving = !*rc;
		*rc = *rc ? (qv__change_drop(&c), *rc) : qv__change_commit(&c, err);
	}
	if (*rc && *rc != QV_ENOMEM) {
		step_failed(t,
		            ahead ? "the AI seat's choice could not be kept"
		                  : "the AI seat's move could not be played",
		            *rc, saving, err);
		*cleared = t->stuck[0] != 0; /* a stop clears the mark */
	} else {
		*cleared = *rc == QV_OK && game;
	}
	return *rc == QV_OK;
}

bool qv__table_step(qv__table *t)
{
	qv__table_lock(t);
	int who = qv__table_server_turn_locked(t);
	if (who == QV__NOBODY || who == QV_CHANCE) {
		bool changed = who == QV_CHANCE && step_chance(t);
		qv__table_unlock(t);
		return changed;
	}
	search s;
	bool began = search_begin(t, who, &s);
	qv__table_unlock(t);
	if (!began)
		return false;

	qv_err err;
	qv_action a;
	qv_agent *agent = t->seat[who].agent;
	qv_status rc = qv_agent_choose(agent, s.state, &a, &err);
	s.rng = agent->rng;
	char text[QV_ACTION_TEXT] = "";
	if (!rc && t->game->action_to_text(s.state, a, text, sizeof text) < 0)
		rc = qv_fail(&err, QV_EINVAL, "the AI's choice has no notation");
	free(s.state);

	qv__table_lock(t);
	/* Out of memory, a step is not made and the table stays as it was (the pool tries it
	 * again); any other failure stops the table, which would fail the same way again. The
	 * store's mark of the search is cleared by a move saved with it or a stop, else here. */
	bool changed = false, cleared = false;
	if (rc && rc != QV_ENOMEM) {
		stop_locked(t, "the AI seat failed", &err);
		cleared = true;
	} else if (!rc) {
		bool tried;
		changed = search_keep(t, &s, a, text, &rc, &tried, &cleared, &err);
	}
	if (t->store && !t->released && !cleared && qv__store_ai_end(t->store, t->id, &err))
		qv__oplog(QV__WARN, "table %s: %s", t->id, err.msg);
	qv__table_unlock(t);
	return changed;
}

/* ---- rematch ------------------------------------------------------------------------------- */

/* Whether a person's name goes with them to the rematch. A name kept by a quiver whose rule
 * was looser (one now refused), or a guest's that an account took since (check), is left
 * behind: the person plays on under the seat's name rather than not at all. */
static bool name_kept(const char *name, long long account, qv__name_check check, void *ctx)
{
	char clean[QV__NAME_BYTES];
	qv_err why;
	return name[0] && !qv__name_clean(name, strlen(name), clean, sizeof clean, &why) &&
	       (account || !check || !check(ctx, clean, &why));
}

/* Seats old seat p's person at new table nt (the lock of t held: nt is not seen by anyone
 * yet, and saves nothing): their new seat follows their player key and account, as the old
 * one; a rated rematch shows each account's rating as it is now, after the game. */
static qv_status rematch_seat(const qv__table *t, int p, qv__table *nt, qv__name_check name_check,
                              void *name_ctx, char token[QV__TOKEN_LEN + 1], qv_err *err)
{
	const qv__seat *old = &t->seat[p];
	char seat[8];
	int got;
	bool forbidden;
	qv__join req = {.seat = qv_player_name((p + 1) % t->nseats, seat),
	                .name = name_kept(old->name, old->account, name_check, name_ctx) ? old->name
	                                                                                 : NULL,
	                .player = old->player[0] ? old->player : NULL,
	                .account = old->account,
	                .username = old->username[0] ? old->username : NULL};
	if (req.username && nt->rated && t->store &&
	    !qv__rated_rating_of(t->store, old->account, nt->game->name, nt->nseats, &req.rating,
	                         &req.deviation))
		req.rating = req.deviation = 0;
	return qv__table_join_as(nt, &req, &got, token, &forbidden, err);
}

/* Makes the rematch of t (its lock held) from request: the new table built in memory with its
 * people seated, saved nowhere yet (its change saves it: rematch_last). */
static qv_status rematch_make(qv__table *t, const json_t *request, qv__name_check name_check,
                              void *name_ctx, qv__table **out,
                              char tokens[QV_MAX_PLAYERS][QV__TOKEN_LEN + 1], qv_err *err)
{
	QV__TABLE_HELD(t);
	qv__table *nt = NULL;
	qv_status rc = qv__table_create(&nt, NULL, request, t->owner, err);
	unsigned humans = qv__seats_people(t->seat, t->nseats);
	for (int p = 0; !rc && p < t->nseats; p++) {
		tokens[p][0] = '\0';
		if (humans >> p & 1u)
			rc = rematch_seat(t, p, nt, name_check, name_ctx, tokens[p], err);
	}
	if (rc) {
		qv__table_free(nt);
		return rc;
	}
	*out = nt;
	return QV_OK;
}

/* The last ask (t's lock held): the new table made in memory, then saved with the ask and its
 * record here in one transaction (QV__SAVE_REMATCH), or nothing is. */
static qv_status rematch_last(qv__table *t, int seat, qv__name_check name_check, void *name_ctx,
                              qv__table **out, char tokens[QV_MAX_PLAYERS][QV__TOKEN_LEN + 1],
                              qv_err *err)
{
	json_t *request = qv__rematch_request(t->game->name, t->params, t->seat, t->nseats,
	                                      t->private_, !t->no_takebacks, t->rated, &t->clock);
	if (!request)
		return qv_fail(err, QV_ENOMEM, "out of memory making the rematch");
	qv__table *nt = NULL;
	qv_status rc = rematch_make(t, request, name_check, name_ctx, &nt, tokens, err);
	json_decref(request);
	if (!rc) {
		qv__table_lock(nt); /* seen by nobody yet */
		qv__table_foretell_locked(nt, t->store);
		qv__table_unlock(nt);
	}
	qv__change c;
	if (!rc)
		rc = qv__change_begin(&c, t, QV__SAVE_REMATCH, 0, err);
	if (!rc) {
		c.made = nt;
		qv__rematch_made(&qv__change_draft(&c)->rematch, seat, nt->id, tokens);
		rc = qv__change_commit(&c, err);
	}
	if (rc) {
		qv__table_free(nt);
		return rc;
	}
	*out = nt;
	return QV_OK;
}

qv_status qv__table_rematch(qv__table *t, int seat, qv__name_check name_check, void *name_ctx,
                            qv__table **out, char tokens[QV_MAX_PLAYERS][QV__TOKEN_LEN + 1],
                            qv_err *err)
{
	*out = NULL;
	qv__table_lock(t);
	QV_ASSERT(seat >= 0 && seat < t->nseats);
	qv_status rc = qv__rematch_may_ask(&t->rematch, seat, t->status == QV__OVER, err);
	if (!rc && qv__rematch_last(&t->rematch, seat, qv__seats_people(t->seat, t->nseats))) {
		rc = rematch_last(t, seat, name_check, name_ctx, out, tokens, err);
	} else if (!rc) {
		qv__change c;
		rc = qv__change_begin(&c, t, QV__SAVE_PEOPLE, 0, err);
		if (!rc) {
			qv__change_draft(&c)->rematch.asked |= 1u << seat;
			rc = qv__change_commit(&c, err);
		}
	}
	qv__table_unlock(t);
	return rc;
}
