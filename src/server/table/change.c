/*
 * change.c - a change to a table as a transaction (change.h): a draft of the table's value is
 * built apart from the live table, saved in the store, and published into the table only once
 * the store has it; a refusal drops the draft and leaves the table exactly as its players last
 * saw it. This replaces putting things back by hand after a refusal, which is where moves were
 * lost: the match's own undo takes back a decision with the forced moves after it, so taking
 * back a refused forced move also took back the decision before it, which had been played and
 * saved (tests/faults/store_faults.c has the case).
 *
 * What a draft costs: a copy of the match (qv_match_fork: the history, the narration and the
 * notation, a few kilobytes for a long game, no text worded for the viewers, which is handed
 * on at publication) and of the clocks' marks; the chat only for a chat line. The store then
 * checks that the version and the count of actions it holds are those the draft was built on
 * (docs/server.md, "Every act a transaction").
 */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/json_util.h"
#include "quiver/variant.h"
#include "server/table/change.h"
#include "server/table/rated.h"

static qv_status fail_oom(qv_err *err)
{
	return qv_fail(err, QV_ENOMEM, "out of memory: the change was not made");
}

/* ---- the drafts' matches ------------------------------------------------------------------- */

/* A draft's match is a copy of the table's. Made fresh for every change it would cost a dozen
 * allocations of a few kilobytes each, a third of a percent of an act's instructions and most
 * of the draft's cost (docs/benchmarks.md, "Every act a transaction"); so each thread keeps one
 * spare match, and a change copies the table's match into it (qv_match_copy, which allocates
 * only the buffers whose sizes differ: the copy holds what the table's match held, never the
 * room of a longer game the spare held before). The match a change replaces becomes
 * the spare of the thread that published it; a draft dropped is given back the same way. The
 * spare of a thread that ends is freed with it; the one of the thread that exits the process
 * by atexit. */
static pthread_key_t spare_key;
static pthread_once_t spare_once = PTHREAD_ONCE_INIT;

static void spare_free(void *m) { qv_match_free(m); }

static void spare_exit(void)
{
	qv_match_free(pthread_getspecific(spare_key));
	pthread_setspecific(spare_key, NULL);
}

static void spare_init(void)
{
	if (pthread_key_create(&spare_key, spare_free) == 0)
		atexit(spare_exit);
}

/* A copy of m in this thread's spare (taken from it), or a fork when there is none of m's
 * game. */
static qv_status spare_copy(const qv_match *m, qv_match **out, qv_err *err)
{
	pthread_once(&spare_once, spare_init);
	qv_match *spare = pthread_getspecific(spare_key);
	if (!spare || spare->game != m->game)
		return qv_match_fork(m, out, err);
	pthread_setspecific(spare_key, NULL);
	qv_status rc = qv_match_copy(spare, m, err);
	if (rc) {
		qv_match_free(spare);
		return rc;
	}
	*out = spare;
	return QV_OK;
}

/* Keeps m, which nobody uses any more, as this thread's spare (the one it had is freed). */
static void spare_keep(qv_match *m)
{
	/* A spare holds no variant: one a client sent leaves the registry once no table plays
	 * it (qv_match_copy holds the variant of the match it copies). */
	qv_variant_release(m->variant);
	m->variant = NULL;
	pthread_once(&spare_once, spare_init);
	qv_match_free(pthread_getspecific(spare_key));
	if (pthread_setspecific(spare_key, m))
		qv_match_free(m);
}

qv_status qv__change_begin(qv__change *c, qv__table *t, qv__save_kind kind, unsigned owns,
                           qv_err *err)
{
	QV__TABLE_HELD(t);
	memset(c, 0, offsetof(qv__change, next));
	c->t = t;
	c->kind = kind;
	c->owns = kind == QV__SAVE_GAME ? owns | QV__DRAFT_MATCH : owns;
	memcpy(&c->next, t, sizeof c->next);
	qv__table *d = &c->next;
	d->seat = c->seat;
	memcpy(c->seat, t->seat, (size_t)t->nseats * sizeof *c->seat);
	for (int i = 0; i < t->nseats; i++) {
		c->seat[i].device = c->device[i];
		if (t->seat[i].ndevices)
			memcpy(c->device[i], t->seat[i].device,
			       (size_t)t->seat[i].ndevices * sizeof c->device[i][0]);
	}
	/* What the draft never owns nor touches: the viewers' logs, the connections. The
	 * agents, the parameters and the variant are the live table's, read only. */
	memset(&d->feed, 0, sizeof d->feed);
	d->conns = NULL;
	d->m = NULL;
	d->marks = NULL;
	d->nmarks = 0;
	d->chat = (qv__chat){0};
	qv_status rc = QV_OK;
	if (c->owns & QV__DRAFT_MATCH)
		rc = spare_copy(t->m, &d->m, err);
	else
		d->m = t->m; /* read only: the draft's people are written from it */
	if (!rc && t->marks) {
		/* marks.h's array, which has room for QV__CLOCK_MARKS */
		d->marks = malloc(QV__CLOCK_MARKS * sizeof *d->marks);
		if (d->marks) {
			memcpy(d->marks, t->marks, (size_t)t->nmarks * sizeof *d->marks);
			d->nmarks = t->nmarks;
		} else {
			rc = fail_oom(err);
		}
	}
	if (!rc && (c->owns & QV__DRAFT_CHAT))
		rc = qv__chat_copy(&d->chat, &t->chat) ? QV_OK : fail_oom(err);
	else if (!rc)
		d->chat = t->chat; /* read only */
	if (rc)
		qv__change_drop(c);
	return rc;
}

void qv__change_drop(qv__change *c)
{
	QV__TABLE_HELD(c->t);
	qv__table *d = &c->next;
	if ((c->owns & QV__DRAFT_MATCH) && d->m) /* NULL: its copy was refused */
		spare_keep(d->m);
	if (c->owns & QV__DRAFT_CHAT)
		qv__chat_free(&d->chat);
	free(d->marks);
	d->m = NULL;
	d->marks = NULL;
	c->owns = 0;
}

/* The version and status of a change of the game: keep is the entries of the live history
 * the draft keeps. The version grows by the entries added; by one when there are none or
 * some were taken back. The mark of the clocks before the entries added is kept, and the
 * marks no takeback can reach any more (before a chance outcome) dropped. */
static qv_status game_version(qv__change *c, int keep, qv_err *err)
{
	qv__table *t = c->t, *d = &c->next;
	int added = d->m->nhist - keep;
	bool taken = keep < t->m->nhist;
	d->v = t->v + (!taken && added > 0 ? added : 1);
	if (taken || added == 0)
		return QV_OK;
	qv__clock_mark dropped;
	if (c->marked && !qv__marks_push(&d->marks, &d->nmarks, &c->mark, &dropped))
		return fail_oom(err);
	qv__marks_chance(d->marks, &d->nmarks, d->m, keep);
	return QV_OK;
}

/* Saves a change of the game: the entries [keep, nhist) of the draft's history, its version,
 * status and people, and its record, info and rated result once it is over; the store checks
 * it holds the live table's version and history length. */
static qv_status save_game(qv__change *c, int keep, qv_err *err)
{
	qv__table *t = c->t, *d = &c->next;
	int n = d->m->nhist - keep;
	qv__store_move *moves = calloc((size_t)(n > 0 ? n : 1), sizeof *moves);
	char **texts = calloc((size_t)(n > 0 ? n : 1), sizeof *texts);
	qv_status rc =
	    moves && texts ? qv__table_describe_locked(d, keep, moves, texts, err) : fail_oom(err);
	char *record = NULL, *info = NULL, *folk = rc ? NULL : qv__table_people_text_locked(d);
	if (!rc && !folk)
		rc = fail_oom(err);
	/* Decided before the info is written, which says why a rated table rated nobody. */
	qv__store_result result;
	bool rated =
	    !rc && d->status == QV__OVER && d->rated && qv__table_rated_result_locked(d, &result);
	if (!rc && d->status == QV__OVER) {
		/* The record and the info are kept from now on: a finished table is answered
		 * from them, never replayed for a GET. */
		json_t *rec = qv__table_record_locked(d);
		record = qv__json_dumps(rec, JSON_COMPACT);
		json_decref(rec);
		info = qv__table_stored_info_locked(d);
		if (!record || !info)
			rc = fail_oom(err);
	}
	if (!rc) {
		qv__store_update up = {.id = t->id,
		                       .from_v = t->v,
		                       .had = t->m->nhist,
		                       .v = d->v,
		                       .status = qv__status_name(d->status),
		                       .same_status = d->status == t->status,
		                       .keep = keep,
		                       .moves = moves,
		                       .nmoves = n,
		                       .ai_done = c->ai_done,
		                       .people = folk,
		                       .record = record,
		                       .info = info,
		                       .rated = rated ? &result : NULL};
		rc = qv__store_change(t->store, &up, err);
	}
	free(folk);
	free(record);
	free(info);
	for (int i = 0; texts && i < n; i++)
		free(texts[i]);
	free(texts);
	free(moves);
	return rc;
}

/* Saves a change of the people (or a claim of a seat, with them); a table over keeps its
 * info too, which says what changes after the end (the rematch). */
static qv_status save_people(qv__change *c, qv_err *err)
{
	qv__table *t = c->t, *d = &c->next;
	char *folk = qv__table_people_text_locked(d), *info = NULL;
	if (folk && d->status == QV__OVER && c->kind == QV__SAVE_PEOPLE)
		info = qv__table_stored_info_locked(d);
	qv_status rc = QV_OK;
	if (!folk || (d->status == QV__OVER && c->kind == QV__SAVE_PEOPLE && !info)) {
		rc = fail_oom(err);
	} else if (c->kind == QV__SAVE_CLAIM) {
		const qv__seat *s = &d->seat[c->claimed];
		rc = qv__store_claim(t->store, t->id, c->claimed, s->hash,
		                     s->player[0] ? s->player : NULL, s->name,
		                     qv__status_name(d->status), folk, err);
	} else {
		rc = info ? qv__store_people_over(t->store, t->id, folk, info, err)
		          : qv__store_people(t->store, t->id, folk, err);
	}
	free(folk);
	free(info);
	return rc;
}

/* Makes room for devices in the live table's seats that have none and whose draft holds some
 * (a first device joined), before the save, so that publishing needs no memory (the room is
 * the seat's from then on, kept if the store refuses the change). false when out of memory. */
static bool devices_room(qv__change *c)
{
	qv__table *t = c->t;
	for (int i = 0; i < t->nseats; i++)
		if (c->seat[i].ndevices && !t->seat[i].device &&
		    !(t->seat[i].device = calloc(QV__DEVICES, sizeof *t->seat[i].device)))
			return false;
	return true;
}

/* Puts the saved draft in the live table's place: its value moves in, what it replaces is
 * freed, and what the live table keeps besides (logs, deadlines, agents) follows. */
static void publish(qv__change *c, int keep)
{
	qv__table *t = c->t, *d = &c->next;
	if (c->owns & QV__DRAFT_MATCH) {
		qv_match_pass_seen(t->m, d->m);
		spare_keep(t->m);
		t->m = d->m;
	}
	if (c->owns & QV__DRAFT_CHAT) {
		qv__chat_free(&t->chat);
		t->chat = d->chat;
	}
	free(t->marks);
	t->marks = d->marks;
	t->nmarks = d->nmarks;
	for (int i = 0; i < t->nseats; i++) {
		memcpy(t->seat[i].hash, d->seat[i].hash, sizeof t->seat[i].hash);
		memcpy(t->seat[i].player, d->seat[i].player, sizeof t->seat[i].player);
		memcpy(t->seat[i].name, d->seat[i].name, sizeof t->seat[i].name);
		memcpy(t->seat[i].username, d->seat[i].username, sizeof t->seat[i].username);
		t->seat[i].rating = d->seat[i].rating;
		t->seat[i].deviation = d->seat[i].deviation;
		t->seat[i].account = d->seat[i].account;
		if (d->seat[i].ndevices) /* room made by devices_room */
			memcpy(t->seat[i].device, d->seat[i].device,
			       (size_t)d->seat[i].ndevices * sizeof *d->seat[i].device);
		t->seat[i].ndevices = d->seat[i].ndevices;
	}
	t->offer = d->offer;
	t->rematch = d->rematch;
	t->clock = d->clock;
	t->v = d->v;
	t->status = d->status;
	memcpy(t->ended, d->ended, sizeof t->ended);
	memcpy(t->ended_why, d->ended_why, sizeof t->ended_why);
	memcpy(t->unrated, d->unrated, sizeof t->unrated);
	t->active = d->active;
	t->iv++;
	if (c->kind == QV__SAVE_GAME)
		qv__feed_cut(&t->feed, t->nseats, keep, false);
	qv__table_deadlines_locked(t);
	c->owns = 0; /* everything the draft owned is the table's now */
}

qv_status qv__change_commit(qv__change *c, qv_err *err)
{
	qv__table *t = c->t, *d = &c->next;
	QV__TABLE_HELD(t);
	if (t->released) {
		/* A copy this process let go: an AI search or a request under way when it was let
		 * go ends here. Its store entry may be a newer copy's by now (the table read back
		 * here again, under the same id): a write of this one would pass that copy's fence
		 * with its version, and the newer copy's next change would find the table moved on
		 * (cluster/failover). */
		qv__change_drop(c);
		return qv_fail(
		    err, QV_ESTATE,
		    "table %s is played by another process now: connect again to reach it", t->id);
	}
	int had = t->m->nhist;
	int keep = c->kind == QV__SAVE_GAME ? qv_match_shared(t->m, d->m) : had;
	qv_status rc = c->kind == QV__SAVE_GAME ? game_version(c, keep, err) : QV_OK;
	if (!rc && !devices_room(c))
		rc = fail_oom(err);
	if (!rc) {
		d->status = qv__table_status_of_locked(d);
		if (!t->store)
			qv__table_clock_sync_locked(d, 0); /* what a save does first */
		else if (c->kind == QV__SAVE_GAME)
			rc = save_game(c, keep, err);
		else
			rc = save_people(c, err);
	}
	if (rc) {
		qv__change_drop(c);
		if (rc == QV_EIO) {
			/* What a player reads: that nothing happened, and what to do. */
			qv_err why = *err;
			if (!strncmp(why.msg, QV__STORE_SLOW, strlen(QV__STORE_SLOW)))
				qv_fail(err, rc,
				        "the site is slow, so this was not done (%s): try again",
				        why.msg + strlen(QV__STORE_SLOW) + 2);
			else
				qv_fail(
				    err, rc,
				    "the site could not save this, so it was not done (%s): try "
				    "again",
				    why.msg);
		}
		return rc;
	}
	bool taken = keep < had;
	publish(c, keep);
	if (taken) {
		/* A takeback: every connection hears the whole log again, and the agents start
		 * from the position as it is now. */
		t->feed.takebacks++;
		for (int i = 0; i < t->nseats; i++)
			if (t->seat[i].agent)
				t->seat[i].forget = true;
	}
	return QV_OK;
}
