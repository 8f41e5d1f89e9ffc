/*
 * acts_people.c - the acts at a table that are not a seat's decision: a seat claimed, a chat
 * line said, the clocks kept in the store now and then, and a table ended because nobody was
 * at it. Each is a transaction (change.h), as every act is: built on a draft, saved, and only
 * then published. Called by the server (http.c, ws.c, server.c, cluster.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "server/base/oplog.h"
#include "server/table/change.h"

qv_status qv__table_join(qv__table *t, const char *seat, int *seat_out,
                         char token[QV__TOKEN_LEN + 1], qv_err *err)
{
	bool forbidden;
	return qv__table_join_as(t, &(qv__join){.seat = seat}, seat_out, token, &forbidden, err);
}

/* The join's check of the people seated at t (t locked): QV_OK without one. */
static qv_status people_checked(const qv__table *t, const qv__join *req, qv_err *err)
{
	QV__TABLE_HELD(t);
	long long accounts[QV_MAX_PLAYERS];
	const char *players[QV_MAX_PLAYERS];
	int n = 0;
	for (int p = 0; req->check && p < t->nseats; p++)
		if (t->seat[p].human && t->seat[p].hash[0]) {
			accounts[n] = t->seat[p].account;
			players[n++] = t->seat[p].player;
		}
	return req->check ? req->check(req->check_ctx, n, accounts, players, err) : QV_OK;
}

qv_status qv__table_join_as(qv__table *t, const qv__join *req, int *seat_out,
                            char token[QV__TOKEN_LEN + 1], bool *forbidden, qv_err *err)
{
	*forbidden = false;
	char clean[QV__NAME_BYTES] = "";
	if (req->name) {
		qv_status rc =
		    qv__name_clean(req->name, strlen(req->name), clean, sizeof clean, err);
		if (!rc && req->name_check && !req->account)
			rc = req->name_check(req->name_ctx, clean, err);
		if (rc)
			return rc;
	}
	qv__table_lock(t);
	int p = -1;
	qv_status rc = t->status == QV__OVER
	                   ? qv__seats_over(t->id, err)
	                   : qv__seats_choose(t->seat, t->nseats, req, t->id, &p, forbidden, err);
	if (!rc && t->stuck[0])
		rc = qv_fail(err, QV_ESTATE, "the table has stopped: %s", t->stuck);
	if (!rc && (rc = people_checked(t, req, err)) == QV_ESTATE)
		*forbidden = true;
	qv__change c;
	if (!rc)
		rc = qv__change_begin(&c, t, QV__SAVE_CLAIM, 0, err);
	if (!rc) {
		qv__seat *s = &qv__change_draft(&c)->seat[p];
		char hash[QV__HASH_LEN + 1];
		qv__token_new(token, hash);
		memcpy(s->hash, hash, sizeof hash);
		qv_copy(s->player, sizeof s->player, req->player ? req->player : "");
		s->account = req->account;
		memcpy(s->name, clean, sizeof clean);
		/* an account plays under its username, which links to its profile */
		qv_copy(s->username, sizeof s->username, req->username ? req->username : "");
		if (s->username[0])
			qv_copy(s->name, sizeof s->name, s->username);
		s->rating = req->rating;
		s->deviation = req->deviation;
		c.claimed = p;
		rc = qv__change_commit(&c, err);
	}
	if (!rc) {
		t->seat[p].gone = qv_wall();
		*seat_out = p;
	}
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_device_join(qv__table *t, int p, long long account, const char *linked,
                                const char *session, char token[QV__TOKEN_LEN + 1], qv_err *err)
{
	char name[8];
	qv__table_lock(t);
	const qv__seat *s = p >= 0 && p < t->nseats ? &t->seat[p] : NULL;
	/* A seat taken without an account joins one only at a table that is not rated: a rated
	 * seat's account is fixed when it is taken (a result must not go to whoever signs in). */
	bool adopt = s && s->account == 0 && linked && linked[0] && !t->rated &&
	             strcmp(s->player, linked) == 0;
	bool mine = s && s->human && s->hash[0] && account > 0 && (s->account == account || adopt);
	/* A finished table's seat is the account's still: its other devices see the result, the
	 * review and the rematch as that seat, not as spectators. */
	qv_status rc =
	    !mine ? qv_fail(err, QV_ESTATE, "seat %s is already taken", qv_player_name(p, name))
	    : t->stuck[0] && t->status != QV__OVER
	        ? qv_fail(err, QV_ESTATE, "the table has stopped: %s", t->stuck)
	        : QV_OK;
	qv__change c;
	if (!rc)
		rc = qv__change_begin(&c, t, QV__SAVE_PEOPLE, QV__DRAFT_DEVICES, err);
	if (!rc) {
		qv__seat *d = &qv__change_draft(&c)->seat[p];
		char hash[QV__HASH_LEN + 1];
		qv__token_new(token, hash);
		d->account = account;
		qv__seat_device_add(d, hash, session);
		rc = qv__change_commit(&c, err);
	}
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_chat_locked(qv__table *t, int viewer, const char *text, json_t **line,
                                qv_err *err)
{
	QV__TABLE_HELD(t);
	char from[8];
	*line = NULL;
	qv__change c;
	qv_status rc = qv__change_begin(&c, t, QV__SAVE_PEOPLE, QV__DRAFT_CHAT, err);
	if (rc)
		return rc;
	qv__chat *chat = &qv__change_draft(&c)->chat;
	rc = qv__chat_push(chat, viewer >= 0 ? qv_player_name(viewer, from) : "spectator",
	                   qv__table_name_locked(t, viewer), text, (long long)(qv_wall() * 1000),
	                   err);
	if (!rc) {
		*line = qv__chat_line_json(&chat->line[chat->n - 1]);
		if (!*line)
			rc = qv_fail(err, QV_ENOMEM, "out of memory sending a chat line");
	}
	if (!rc)
		qv__chat_trim(chat);
	rc = rc ? (qv__change_drop(&c), rc) : qv__change_commit(&c, err);
	if (rc) {
		json_decref(*line);
		*line = NULL;
	}
	return rc;
}

qv_status qv__table_keep_clocks_locked(qv__table *t, qv_err *err)
{
	QV__TABLE_HELD(t);
	qv__change c;
	qv_status rc = qv__change_begin(&c, t, QV__SAVE_PEOPLE, 0, err);
	return rc ? rc : qv__change_commit(&c, err);
}

/* A watched table's last activity is saved at most this often, as a part of its idle limit: a
 * restart after a kill then judges it by a time at most that old. */
#define IDLE_SAVE_PART 0.5

/* The table ends as abandoned (the lock held): a new version, so that a search begun is
 * dropped and a late act is stale, saved with its record before anyone hears of it. */
static qv_status abandon_locked(qv__table *t, qv_err *err)
{
	QV__TABLE_HELD(t);
	qv__change c;
	qv_status rc = qv__change_begin(&c, t, QV__SAVE_GAME, 0, err);
	if (rc)
		return rc;
	qv__table *d = qv__change_draft(&c);
	qv_copy(d->ended, sizeof d->ended, "abandoned");
	qv__offer_clear(&d->offer);
	return qv__change_commit(&c, err);
}

bool qv__table_idle(qv__table *t)
{
	qv__table_lock(t);
	double at = qv_wall();
	bool ended = false;
	qv_err err;
	if (!qv__table_idle_applies_locked(t)) {
		atomic_store(&t->idle_at, 0.0);
	} else if (t->conns || t->greeting > 0) {
		/* Someone is at the table: idleness counts from now, and the time is saved now and
		 * then, so that a restart after a kill does not end a table people were at. */
		if (t->store && qv__table_keep_clocks_locked(t, &err))
			qv__oplog(QV__WARN, "table %s: %s", t->id, err.msg);
		t->active = at;
		atomic_store(&t->idle_at, at + t->idle_limit * IDLE_SAVE_PART);
	} else if (t->active + t->idle_limit > at) {
		qv__table_deadlines_locked(t); /* something happened since the timer planned */
	} else if (abandon_locked(t, &err)) {
		/* Tried again a second later; a store that keeps refusing is logged. */
		qv__oplog(QV__WARN, "table %s: its end could not be saved: %s", t->id, err.msg);
		atomic_store(&t->idle_at, at + 1);
	} else {
		atomic_store(&t->idle_at, 0.0);
		ended = true;
	}
	qv__table_unlock(t);
	return ended;
}
