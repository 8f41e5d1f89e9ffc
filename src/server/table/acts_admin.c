/*
 * acts_admin.c - the acts of the site's operator at a table (table.h), which the server does
 * when `quiver admin` asks (admin.h): the table ended with the operator's reason, and a chat
 * line hidden. Each is a change (change.h): saved, then published, or nothing.
 */
#include <stdio.h>

#include "server/table/change.h"
#include "server/table/table.h"

qv_status qv__table_close(qv__table *t, const char *reason, qv_err *err)
{
	qv__table_lock(t);
	qv__change c;
	qv_status rc = t->status == QV__OVER
	                   ? qv_fail(err, QV_ESTATE, "table %s is over already", t->id)
	                   : qv__change_begin(&c, t, QV__SAVE_GAME, 0, err);
	if (!rc) {
		qv__table *d = qv__change_draft(&c);
		qv_copy(d->ended, sizeof d->ended, "closed");
		qv_copy(d->ended_why, sizeof d->ended_why, reason);
		qv__offer_clear(&d->offer);
		rc = qv__change_commit(&c, err);
	}
	qv__table_unlock(t);
	return rc;
}

qv_status qv__table_hide_chat(qv__table *t, long long line, qv_err *err)
{
	qv__table_lock(t);
	qv__change c;
	qv_status rc = qv__change_begin(&c, t, QV__SAVE_PEOPLE, QV__DRAFT_CHAT, err);
	if (!rc && !qv__chat_hide(&qv__change_draft(&c)->chat, line)) {
		qv__change_drop(&c);
		rc = qv_fail(err, QV_ESTATE,
		             "table %s has no chat line %lld (lines 1 to %lld were said; the table "
		             "keeps the last %d of each kind, and a hidden one is gone)",
		             t->id, line, t->chat.last, QV__CHAT_KEEP);
	} else if (!rc) {
		rc = qv__change_commit(&c, err);
	}
	if (!rc)
		t->feed.cuts++; /* every connection gets a snapshot: the chat without the line */
	qv__table_unlock(t);
	return rc;
}
