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
 * of the draft's cost (docs/history/benchmarks-6.md, "Every act a transaction"); so each thread
 * keeps one spare match, and a change copies the table's match into it (qv_match_copy, which
 * allocates only the buffers whose sizes differ: the copy holds what the table's match held, never
 * the room of a longer game the spare held before). The match a change replaces becomes the spare
 * of the thread that published it; a draft dropped is given back the same way. The spare of a
 * thread that ends is freed with it; the one of the thread that exits the process by atexit. */
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

/* The draft's own room for each seat's devices, holding the live seat's (its claims were
 * copied with the live room's address); false when out of memory, and then every seat's room
 * is the draft's or NULL. */
static bool devices_copy(qv__change *c)
{
	bool ok = true;
	for (int i = 0; i < c->t->nseats; i++) {
		qv__seat *s = &c->seat[i];
		const qv__device *live = s->device;
		s->device = ok ? malloc(QV__DEVICES * sizeof *s->device) : NULL;
		ok = ok && s->device;
		if (s->device && s->ndevices)
			memcpy(s->device, live, (size_t)s->ndevices * sizeof *s->device);
	}
	return ok;
}

qv_status qv__change_begin(qv__change *c, qv__table *t, qv__save_kind kind, unsigned owns,
                           qv_err *err)
{
	QV__TABLE_HELD(t);
	/* Zeroed: what comes before the draft, the draft's shell (all that comes before what it
	 * is, ident) and its seats (each apart: one memset of them all is long enough for the C
	 * library's `rep stosb`, a byte an instruction); not the room of seats the game does not
	 * have. */
	memset(c, 0, offsetof(qv__change, next));
	memset(&c->next, 0, offsetof(qv__table, ident));
	c->t = t;
	c->kind = kind;
	c->owns = kind == QV__SAVE_GAME ? owns | QV__DRAFT_MATCH : owns;
	/* The draft: what the table is and its value, each one assignment; its shell (the lock,
	 * the logs, the connections, the deadlines) stays zero, never a copy of the live one's. */
	qv__table *d = &c->next;
	d->live = t;
	d->ident = t->ident;
	d->value = t->value;
	d->seat = c->seat;
	for (int i = 0; i < t->nseats; i++) {
		memset(&c->seat[i], 0, sizeof c->seat[i]);
		memcpy(c->seat[i].kind, t->seat[i].kind, sizeof c->seat[i].kind);
		c->seat[i].human = t->seat[i].human;
		c->seat[i].invite = t->seat[i].invite;
		memcpy(c->seat[i].invite_hash, t->seat[i].invite_hash,
		       sizeof c->seat[i].invite_hash);
		c->seat[i].claim = t->seat[i].claim;
	}
	/* What the draft owns of its own: a copy of the match (a change of the game), of the
	 * clocks' marks, of the chat (a chat line); the rest it reads from the live table's. */
	d->marks = NULL;
	qv_status rc = QV_OK;
	if (c->owns & QV__DRAFT_MATCH)
		rc = spare_copy(t->m, &d->m, err);
	if (!rc && t->marks) {
		/* marks.h's array, which has room for QV__CLOCK_MARKS */
		d->marks = malloc(QV__CLOCK_MARKS * sizeof *d->marks);
		if (d->marks)
			memcpy(d->marks, t->marks, (size_t)t->nmarks * sizeof *d->marks);
		else
			rc = fail_oom(err);
	}
	if (!rc && (c->owns & QV__DRAFT_CHAT) && !qv__chat_copy(&d->chat, &t->chat))
		rc = fail_oom(err);
	if (!rc && (c->owns & QV__DRAFT_DEVICES) && !devices_copy(c))
		rc = fail_oom(err);
	if (rc)
		qv__change_drop(c);
	return rc;
}

void qv__change_drop(qv__change *c)
{
	QV__TABLE_HELD(c->t);
	qv__table *d = &c->next;
	if ((c->owns & QV__DRAFT_MATCH) && d->m && d->m != c->t->m) /* else: copy refused */
		spare_keep(d->m);
	if ((c->owns & QV__DRAFT_CHAT) && d->chat.line != c->t->chat.line)
		qv__chat_free(&d->chat);
	for (int i = 0; (c->owns & QV__DRAFT_DEVICES) && i < c->t->nseats; i++)
		free(c->seat[i].device);
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

/* Saves a rematch: the finished table's people and info, which record it, and the new table
 * with its seats, in one transaction (qv__store_rematch); the new table is the store's once it
 * is kept. */
static qv_status save_rematch(qv__change *c, qv_err *err)
{
	qv__table *t = c->t, *d = &c->next, *nt = c->made;
	char *folk = qv__table_people_text_locked(d);
	char *info = folk ? qv__table_stored_info_locked(d) : NULL;
	qv_status rc = folk && info ? QV_OK : fail_oom(err);
	qv__table_row r = {0};
	qv__table_lock(nt); /* seen by nobody: no order with t's lock to keep */
	if (!rc)
		rc = qv__table_row_locked(nt, &r, err);
	if (!rc)
		rc = qv__store_rematch(t->store, t->id, folk, info, &r.row, r.moves, err);
	if (!rc)
		nt->store = t->store;
	qv__table_unlock(nt);
	qv__table_row_free(&r);
	free(folk);
	free(info);
	return rc;
}

/* Saves the draft as its kind says (without a store, only what a save does first). */
static qv_status save(qv__change *c, int keep, qv_err *err)
{
	qv__table *t = c->t, *d = &c->next;
	if (!t->store) {
		qv__table_clock_sync_locked(d, 0);
		return QV_OK;
	}
	switch (c->kind) {
	case QV__SAVE_GAME: return save_game(c, keep, err);
	case QV__SAVE_STOP: return qv__store_stop(t->store, t->id, d->stuck, err);
	case QV__SAVE_REMATCH: return save_rematch(c, err);
	default: return save_people(c, err);
	}
}

/* Puts the saved draft in the live table's place: its value, and each seat's claim, moves in
 * with one assignment, whatever fields they hold; what it replaces is released (the match
 * becomes this thread's spare, the chat, marks and devices are freed); and what the live table
 * keeps besides (logs, deadlines) follows. */
static void publish(qv__change *c, int keep)
{
	qv__table *t = c->t, *d = &c->next;
	qv_match *m = t->m;
	qv__chat chat = t->chat;
	qv__clock_mark *marks = t->marks;
	if (c->owns & QV__DRAFT_MATCH)
		qv_match_pass_seen(m, d->m);
	t->value = d->value;
	for (int i = 0; i < t->nseats; i++) {
		qv__device *devices = t->seat[i].device;
		t->seat[i].claim = d->seat[i].claim;
		if (c->owns & QV__DRAFT_DEVICES)
			free(devices);
	}
	if (c->owns & QV__DRAFT_MATCH)
		spare_keep(m);
	if (c->owns & QV__DRAFT_CHAT)
		qv__chat_free(&chat);
	free(marks);
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
	if (!rc) {
		d->status = qv__table_status_of_locked(d);
		/* the seats all taken: a rated game says before its first move whom it rates */
		if (d->status == QV__PLAYING && t->status != QV__PLAYING)
			qv__table_foretell_locked(d, t->store);
		rc = save(c, keep, err);
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
