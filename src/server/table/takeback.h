/*
 * takeback.h - a seat's takeback at a table of `quiver serve`: the seat's last decision and
 * everything after it taken back, under the engine's one rule (match.h, qv_match_takeback: never
 * across a chance outcome or a reveal), once every other person whose decisions go with it
 * agrees, and its clocks set back to the mark kept before that decision (marks.h), the seat
 * charged the time since. Internal to the server.
 *
 * A takeback that takes back nobody else's decision is made at once; one that does is a request
 * (offer.h's QV__OFFER_TAKEBACK) that the people asked answer with qv__table_answer (table.h),
 * and that any new move clears. A floor above table.h, as acts.c is: each function expects
 * t->lock held and changes the table by a change (change.h), saved and then published; a
 * refusal, of a check or of the store, leaves the table as it was. acts.c's undo and answer
 * call it; table.c never does.
 */
#ifndef QUIVER_SERVER_TABLE_TAKEBACK_H
#define QUIVER_SERVER_TABLE_TAKEBACK_H

#include "server/table/table.h"

/* Seat `seat` asks to take back its last decision and everything after it, now: refused when
 * an offer waits (offer.h), when the engine allows no takeback here (none made, or across a
 * chance outcome or a reveal) or when the seat's clock would run out (the time since the
 * decision counts against it), QV_ESTATE with the reason; else made at once when no other
 * person's decision goes back with it, or asked of those people. The caller checked the
 * version, the table's takebacks and the seat's presence. */
qv_status qv__takeback_ask_locked(qv__table *t, int seat, qv_err *err);

/* The takeback seat `seat` asked at epoch s `asked`, agreed by everyone it asked (or asking
 * nobody): carried out and saved, the clocks set back to before the decision taken back and
 * the seat charged from it to `asked`, any request cleared. */
qv_status qv__takeback_agreed_locked(qv__table *t, int seat, double asked, qv_err *err);

#endif
